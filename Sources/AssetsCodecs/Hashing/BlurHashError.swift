import AssetsSupport

/// Why a BlurHash could not be made or read. `description` reads as one line.
public enum BlurHashError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Component counts outside 1...9.
    case componentsOutOfRange(x: Int, y: Int)
    /// A `--components` value that is not `XxY`.
    case badComponents(String)
    /// An image with no pixels.
    case emptyImage
    /// A hash of the wrong length: `expected` is what its first character asks for (nil when too short to say).
    case wrongLength(hash: String, length: Int, expected: Int?)
    /// A character outside the base-83 alphabet, at `offset` (0-based).
    case badCharacter(hash: String, character: Character, offset: Int)
    /// A decode size outside 1...`BlurHash.maximumDecodeSide` a side.
    case sizeOutOfRange(width: Int, height: Int)
    /// A punch that is not a finite number above zero.
    case badPunch(Double)

    public var description: String {
        switch self {
        case .componentsOutOfRange(let x, let y):
            return "BlurHash components must be 1...9 each, not \(x)x\(y)"
        case .badComponents(let text):
            return "BlurHash components must be XxY with X and Y in 1...9 (for example 4x3), not '\(MessageValue.clipped(text))'"
        case .emptyImage:
            return "the image has no pixels"
        case .wrongLength(let hash, let length, let expected?):
            return "invalid BlurHash '\(MessageValue.clipped(hash))': \(length) characters, its first character asks for \(expected)"
        case .wrongLength(let hash, let length, nil):
            return "invalid BlurHash '\(MessageValue.clipped(hash))': \(length) characters, at least 6 are needed"
        case .badCharacter(let hash, let character, let offset):
            return "invalid BlurHash '\(MessageValue.clipped(hash))': '\(character)' at offset \(offset) is not a base-83 character"
        case .sizeOutOfRange(let width, let height):
            return "BlurHash decode size \(width)x\(height) is outside 1...\(BlurHash.maximumDecodeSide) a side"
        case .badPunch(let value):
            return "BlurHash punch must be a number above 0, not \(value)"
        }
    }
}

/// Why a ThumbHash could not be made or read. `description` reads as one line.
public enum ThumbHashError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An image with no pixels.
    case emptyImage
    /// Text that is not standard base64.
    case badBase64(String)
    /// A hash of the wrong length: `expected` is what its header asks for (nil when shorter than a header).
    case wrongLength(length: Int, expected: Int?)
    /// A header whose luminance component count is zero, so it has no aspect ratio.
    case badHeader(String)

    public var description: String {
        switch self {
        case .emptyImage:
            return "the image has no pixels"
        case .badBase64(let text):
            return "invalid ThumbHash '\(MessageValue.clipped(text))': not standard base64"
        case .wrongLength(let length, let expected?):
            return "invalid ThumbHash: \(length) bytes, its header asks for \(expected)"
        case .wrongLength(let length, nil):
            return "invalid ThumbHash: \(length) bytes, at least 5 are needed"
        case .badHeader(let detail):
            return "invalid ThumbHash: \(detail)"
        }
    }
}
