import Assets

/// One file's result: what the text and JSON outputs print.
struct InfoReport {
    var file: String
    var info: ImageInfo?
    var gif: GIFInfo?
    var decodeWarnings: [ImageWarning] = []
    var error: ImageError?

    init(file: String, info: ImageInfo? = nil, gif: GIFInfo? = nil, decodeWarnings: [ImageWarning] = [], error: ImageError? = nil) {
        self.file = file
        self.info = info
        self.gif = gif
        self.decodeWarnings = decodeWarnings
        self.error = error
    }

    var warnings: [ImageWarning] { (info?.warnings ?? []) + decodeWarnings }

    var text: String {
        guard let info else { return file }
        var lines: [String]
        if let gif {
            lines = [gif.text(file: file)]
        } else {
            lines = [Self.facts(file: file, info: info)]
        }
        lines += warnings.map { "  warning: \($0)" }
        return lines.joined(separator: "\n")
    }

    static func facts(file: String, info: ImageInfo) -> String {
        var facts = [info.format.rawValue.uppercased()]
        if info.isDecodable || info.width > 0 { facts.append("\(info.width)x\(info.height)") }
        if let model = info.colorModel { facts.append(model.rawValue + (info.chromaSubsampling.map { " " + $0 } ?? "")) }
        if let depth = info.bitDepth { facts.append("\(depth)-bit") }
        if info.hasAlpha { facts.append("alpha") }
        if info.format == .jpeg {
            facts.append(info.progressive ? "progressive" : "baseline")
            if info.arithmeticCoded { facts.append("arithmetic") }
        }
        if info.interlaced { facts.append("interlaced") }
        if info.orientation != .up {
            facts.append("orientation \(info.orientation.rawValue) (shown \(info.displayWidth)x\(info.displayHeight))")
        }
        if let frames = info.frameCount, frames > 1 { facts.append("\(frames) frames") }
        if !info.isDecodable { facts.append("not decoded by this tool") }
        return "\(file): " + facts.joined(separator: ", ")
    }

    /// The report as JSON: the file's facts, its GIF timing, its warnings; or the error that stopped reading it.
    var json: JSONValue {
        var fields: [(key: String, value: JSONValue)] = [("file", .string(file))]
        if let error {
            if let format = error.format { fields.append(("format", .string(format.rawValue))) }
            var failure: [(key: String, value: JSONValue)] = [("kind", .string(error.kind.rawValue))]
            if let offset = error.offset { failure.append(("offset", .int(offset))) }
            if let frame = error.frame { failure.append(("frame", .int(frame))) }
            failure += [("detail", .string(error.detail)), ("message", .string(error.description))]
            fields.append(("error", .object(failure)))
            return .object(fields)
        }
        guard let info else { return .object(fields) }
        fields += [
            ("format", .string(info.format.rawValue)), ("width", .int(info.width)), ("height", .int(info.height)),
            ("decodable", .bool(info.isDecodable)),
        ]
        if let model = info.colorModel { fields.append(("color_model", .string(model.rawValue))) }
        if let depth = info.bitDepth { fields.append(("bit_depth", .int(depth))) }
        fields += [
            ("has_alpha", .bool(info.hasAlpha)), ("progressive", .bool(info.progressive)),
            ("interlaced", .bool(info.interlaced)),
        ]
        if info.format == .jpeg { fields.append(("arithmetic_coded", .bool(info.arithmeticCoded))) }
        if let subsampling = info.chromaSubsampling { fields.append(("chroma_subsampling", .string(subsampling))) }
        fields += [
            ("orientation", .int(info.orientation.rawValue)), ("display_width", .int(info.displayWidth)),
            ("display_height", .int(info.displayHeight)),
        ]
        if let mismatch = info.extensionMismatch { fields.append(("extension_format", .string(mismatch.rawValue))) }
        if let frames = info.frameCount { fields.append(("frame_count", .int(frames))) }
        if let gif {
            fields += [
                ("screen", .record(["width": .int(gif.screenWidth), "height": .int(gif.screenHeight)])),
                ("loop_count", .int(gif.loopCount.storedValue)),
                ("plays", .int(gif.loopCount.plays)),
                ("delays_cs", .array(gif.frames.map { .int($0.delayCentiseconds) })),
                ("delays_ms", .array(gif.frames.map { .int($0.effectiveDelayMilliseconds) })),
                ("duration_ms", .int(gif.durationMilliseconds)),
            ]
        } else if let loop = info.loopCount {
            fields.append(("loop_count", .int(loop)))
        }
        fields.append(("warnings", .array(warnings.map(\.json))))
        return .object(fields)
    }
}
