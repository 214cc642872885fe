/// What went wrong while reading an image, as a few stable categories.
///
/// The categories are the public contract; `detail` carries the codec's own words.
import AssetsSupport

public enum ImageErrorKind: String, Sendable, Hashable, Codable {
    /// The bytes are not an image of any format this package reads.
    case notAnImage = "not-an-image"
    /// The file ends before the image does.
    case truncated
    /// The data is damaged: a bad code, a bad checksum, an impossible value.
    case corrupt
    /// A valid file that uses a feature the codec does not support.
    case unsupported
    /// The image is larger than the configured limits allow.
    case tooLarge = "too-large"
    /// The file could not be read at all.
    case unreadable
}

/// A typed image error carrying the file, the offset or frame when known, and the codec's message.
public struct ImageError: Error, Sendable, Hashable, CustomStringConvertible {
    public var kind: ImageErrorKind
    public var format: ImageFormat?
    /// The path of the file, as the caller named it.
    public var file: String?
    /// The byte offset where the problem was found, when known.
    public var offset: Int?
    /// The zero-based frame index where the problem was found, when known.
    public var frame: Int?
    /// The codec's own words about the problem.
    public var detail: String

    package init(
        _ kind: ImageErrorKind,
        format: ImageFormat? = nil,
        file: String? = nil,
        offset: Int? = nil,
        frame: Int? = nil,
        detail: String
    ) {
        self.kind = kind
        self.format = format
        self.file = file
        self.offset = offset
        self.frame = frame
        self.detail = detail
    }

    /// The same error, naming a file.
    package func naming(file: String) -> ImageError {
        var copy = self
        copy.file = file
        return copy
    }

    public var description: String {
        var parts: [String] = []
        if let file { parts.append("\(file):") }
        var what = kind.rawValue
        if let format { what = "\(format.rawValue) \(what)" }
        parts.append(what)
        var place: [String] = []
        if let frame { place.append("frame \(frame)") }
        if let offset { place.append("offset \(offset)") }
        if !place.isEmpty { parts.append("at " + place.joined(separator: ", ") + ":") } else { parts[parts.count - 1] += ":" }
        parts.append(detail)
        return parts.joined(separator: " ")
    }
}
