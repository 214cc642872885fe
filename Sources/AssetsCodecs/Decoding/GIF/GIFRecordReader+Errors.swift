import AssetsSupport
internal import CGif

/// How giflib's error codes become `ImageError`s: the one place GIF damage is classified.
extension GIFRecordReader {
    /// What a file of `size` bytes that ends before its screen is read lacks (giflib says only "No screen
    /// descriptor detected"): the 13 bytes of signature and logical screen descriptor, or the global colour
    /// table they announce. `head` is the file's first bytes.
    static func cutInScreen(head: [UInt8], size: Int) -> String? {
        guard size < 13 || head.count >= 13 else { return nil }
        if size < 13 {
            return "the file ends at byte \(size), inside the 13 bytes of signature and logical screen descriptor"
        }
        let flags = head[10]
        guard flags & 0x80 != 0 else { return nil }
        let colours = 2 << Int(flags & 0x07)
        let end = 13 + 3 * colours
        guard size < end else { return nil }
        return "the file ends at byte \(size), inside the global colour table (\(colours) colours, bytes 13 to \(end))"
    }

    static func error(code: Int32, input: Input, frame: Int?) -> ImageError {
        let message = GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
        let kind: ImageErrorKind
        var detail = message
        switch code {
        case D_GIF_ERR_READ_FAILED, D_GIF_ERR_EOF_TOO_SOON, D_GIF_SUCCEEDED:
            // giflib leaves the code at 0 (success) when its read of the LZW code size comes up short.
            if input.ranOut {
                kind = .truncated
                detail =
                    code == D_GIF_SUCCEEDED
                    ? "the file ends inside a block"
                    : "the file ends inside a block (\(message))"
            } else {
                kind = .corrupt
            }
        case D_GIF_ERR_NOT_GIF_FILE:
            kind = .notAnImage
        case D_GIF_ERR_NOT_ENOUGH_MEM:
            kind = .tooLarge
        default:
            kind = input.ranOut ? .truncated : .corrupt
        }
        return ImageError(kind, format: .gif, offset: input.position, frame: frame, detail: detail)
    }
}
