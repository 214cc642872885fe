import AssetsSupport

extension ImageInfo {
    /// How many bytes at the end of a file `noteMissingEnd` looks at.
    package static let endWindow = 4096

    /// A whole JPEG ends with FF D9 (trailing bytes after it are tolerated); a whole PNG ends with IEND; a
    /// whole GIF ends with its trailer byte. `tail` is the file's last bytes, `fileSize` its length.
    ///
    /// A GIF's end is where the structure walk met the trailer (`trailerOffset`), not its last byte: bytes
    /// after the trailer (a second GIF appended, padding) get a `trailing-data` warning, which is not
    /// damage (browsers show what comes before the trailer). Only a GIF whose walk found no trailer is
    /// checked by its last byte.
    package mutating func noteMissingEnd<Tail: RandomAccessCollection>(tail: Tail, fileSize: Int)
    where Tail.Element == UInt8, Tail.Index == Int {
        switch format {
        case .jpeg:
            var found = false
            var i = tail.endIndex - 1
            while i > tail.startIndex {
                if tail[i - 1] == 0xFF && tail[i] == 0xD9 {
                    found = true
                    break
                }
                i -= 1
            }
            if !found {
                warnings.append(
                    ImageWarning(
                        code: .missingEnd, message: "no JPEG end-of-image marker at the end: truncated?",
                        offset: fileSize))
            }
        case .png:
            if !ImageInfo.containsIEND(tail) {
                warnings.append(
                    ImageWarning(
                        code: .missingEnd, message: "no PNG IEND chunk at the end: truncated?",
                        offset: fileSize))
            }
        case .gif:
            if let trailer = trailerOffset {
                if let extra = ImageWarning.gifTrailingData(trailer: trailer, fileSize: fileSize),
                    !warnings.contains(where: { $0.code == .trailingData })
                {
                    warnings.append(extra)
                }
            } else if tail.last != 0x3B {
                warnings.append(.gifMissingTrailer(fileSize: fileSize))
            }
        default:
            break
        }
    }

    /// `noteMissingEnd(tail:fileSize:)` for a tail read into an array, compiled here for it: a generic
    /// called from another module is not specialized, and the catalog reader calls this for every image.
    package mutating func noteMissingEnd(tail: [UInt8], fileSize: Int) {
        tail.withUnsafeBufferPointer { noteMissingEnd(tail: $0, fileSize: fileSize) }
    }

    /// Whether `bytes` end with a whole IEND chunk (the usual end of a PNG), compiled here for an array
    /// for the same reason: the catalog reader asks it of every file's last bytes.
    package static func endsWithIEND(_ bytes: [UInt8]) -> Bool {
        bytes.count >= iend.count && containsIEND(bytes.suffix(iend.count))
    }

    /// The 12 bytes of an empty IEND chunk: length 0, "IEND", its CRC.
    package static let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    /// Whether `tail` holds a whole IEND chunk anywhere. The usual case, a file ending with it, is
    /// checked first; otherwise the window is scanned backward (trailing bytes after IEND are tolerated).
    package static func containsIEND<Tail: RandomAccessCollection>(_ tail: Tail) -> Bool where Tail.Element == UInt8, Tail.Index == Int {
        let length = iend.count
        guard tail.count >= length else { return false }
        var start = tail.endIndex - length
        while start >= tail.startIndex {
            // Compare from the CRC end: a mismatch is found on the first byte nearly always.
            var matched = true
            var k = length - 1
            while k >= 0 {
                if tail[start + k] != iend[k] {
                    matched = false
                    break
                }
                k -= 1
            }
            if matched { return true }
            start -= 1
        }
        return false
    }

    /// Records a warning when the file name's extension claims another image format than the bytes.
    package mutating func noteExtension(of file: String) {
        guard extensionMismatch == nil else { return }
        let name = file.split(separator: "/").last.map(String.init) ?? file
        guard let dot = name.lastIndex(of: "."), name.index(after: dot) < name.endIndex else { return }
        let ext = String(name[name.index(after: dot)...])
        guard let claimed = ImageFormat(fileExtension: ext), claimed != format else { return }
        extensionMismatch = claimed
        warnings.append(
            ImageWarning(
                code: .extensionMismatch,
                message: "named .\(ext) but the bytes are \(format.rawValue)"))
    }
}
