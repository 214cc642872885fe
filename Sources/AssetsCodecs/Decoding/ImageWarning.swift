/// A problem that did not stop reading: a stable `code` for tools and the codec's own words.
import AssetsSupport

public struct ImageWarning: Sendable, Hashable, Codable, CustomStringConvertible {
    public var code: ImageWarningCode
    public var message: String
    /// The byte offset the warning refers to, when known.
    public var offset: Int?

    package init(code: ImageWarningCode, message: String, offset: Int? = nil) {
        self.code = code
        self.message = message
        self.offset = offset
    }

    public var description: String {
        offset.map { "\(message) at offset \($0) [\(code.rawValue)]" } ?? "\(message) [\(code.rawValue)]"
    }
}

extension ImageWarning {
    /// The warning as the JSON outputs write it: `code`, `message`, and `offset` when known.
    package var json: JSONValue {
        var fields: [(key: String, value: JSONValue)] = [("code", .string(code.rawValue)), ("message", .string(message))]
        if let offset { fields.append(("offset", .int(offset))) }
        return .object(fields)
    }

    /// A GIF whose first frame reaches past its logical screen, shown on a grown canvas (as browsers do).
    static func gifCanvasGrown(screenWidth: Int, screenHeight: Int, canvasWidth: Int, canvasHeight: Int) -> ImageWarning {
        ImageWarning(
            code: .canvasGrown,
            message: "first frame reaches past the \(screenWidth)x\(screenHeight) screen; shown on \(canvasWidth)x\(canvasHeight)")
    }

    /// Bytes after a GIF's trailer (at `trailer`) in a file of `fileSize` bytes; nil when there are none.
    static func gifTrailingData(trailer: Int, fileSize: Int) -> ImageWarning? {
        let extra = fileSize - trailer - 1
        guard extra > 0 else { return nil }
        return ImageWarning(
            code: .trailingData,
            message:
                "\(extra) byte\(extra == 1 ? "" : "s") after the GIF trailer (at offset \(trailer)): ignored, as browsers ignore them; the first",
            offset: trailer + 1)
    }

    /// A GIF of `fileSize` bytes that ends without its trailer.
    static func gifMissingTrailer(fileSize: Int) -> ImageWarning {
        ImageWarning(code: .missingEnd, message: "no GIF trailer (0x3B) at the end: truncated?", offset: fileSize)
    }
}
