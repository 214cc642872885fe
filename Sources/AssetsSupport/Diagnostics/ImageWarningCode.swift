/// The stable codes of image warnings: problems that did not stop reading. The raw value is what the
/// JSON outputs and the text `[code]` show.
public enum ImageWarningCode: String, Sendable, Hashable, CaseIterable, Codable {
    /// An APNG: only its default image is read.
    case apng
    /// A GIF frame reached past the logical screen, and the canvas grew to hold it (as browsers do).
    case canvasGrown = "canvas-grown"
    /// An Adobe CMYK JPEG whose inks are taken as stored inverted (as Photoshop writes them).
    case cmykAssumedInverted = "cmyk-assumed-inverted"
    /// The codec met damaged image data and filled in what it could not read.
    case corruptData = "corrupt-data"
    /// A PNG chunk's CRC did not match (an ancillary chunk: the image is intact).
    case crcError = "crc-error"
    /// Any other warning of libjpeg or libpng, in its own words.
    case codecWarning = "codec-warning"
    /// The file's extension names another format than its bytes.
    case extensionMismatch = "extension-mismatch"
    /// A JPEG whose height is given by a DNL marker after the first scan.
    case heightInDNL = "height-in-dnl"
    /// An EXIF orientation outside 1...8.
    case invalidOrientation = "invalid-orientation"
    /// EXIF data that could not be parsed.
    case malformedExif = "malformed-exif"
    /// The file ends without its end marker (JPEG EOI, PNG IEND, GIF trailer).
    case missingEnd = "missing-end"
    /// A GIF with no image in it.
    case noFrames = "no-frames"
    /// Something this tool does not decode (12-bit JPEG, ...).
    case unsupported
    /// Bytes after a GIF's trailer (such as a second GIF appended): ignored, as browsers ignore them.
    case trailingData = "trailing-data"

    /// The codes that mean the image data is damaged, so a deep check reports the file as undecodable.
    public var isDamage: Bool {
        switch self {
        case .corruptData, .missingEnd, .noFrames: return true
        default: return false
        }
    }
}
