import Assets

/// One file's result: what the text and JSON outputs print.
struct InfoReport: Encodable {
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

    enum Key: String, CodingKey {
        case file, format, width, height, colorModel = "color_model", bitDepth = "bit_depth", hasAlpha = "has_alpha"
        case progressive, interlaced, arithmeticCoded = "arithmetic_coded", chromaSubsampling = "chroma_subsampling"
        case orientation, displayWidth = "display_width", displayHeight = "display_height", decodable
        case extensionFormat = "extension_format", frameCount = "frame_count", loopCount = "loop_count", plays
        case delaysCentiseconds = "delays_cs", delaysMilliseconds = "delays_ms", durationMilliseconds = "duration_ms"
        case screen, warnings, error
    }

    struct Size: Encodable { var width: Int; var height: Int }
    struct Failure: Encodable {
        var kind: String
        var offset: Int?
        var frame: Int?
        var detail: String
        var message: String
    }

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(file, forKey: .file)
        if let error {
            try c.encodeIfPresent(error.format?.rawValue, forKey: .format)
            try c.encode(Failure(kind: error.kind.rawValue, offset: error.offset, frame: error.frame,
                                 detail: error.detail, message: error.description), forKey: .error)
            return
        }
        guard let info else { return }
        try c.encode(info.format.rawValue, forKey: .format)
        try c.encode(info.width, forKey: .width)
        try c.encode(info.height, forKey: .height)
        try c.encode(info.isDecodable, forKey: .decodable)
        try c.encodeIfPresent(info.colorModel?.rawValue, forKey: .colorModel)
        try c.encodeIfPresent(info.bitDepth, forKey: .bitDepth)
        try c.encode(info.hasAlpha, forKey: .hasAlpha)
        try c.encode(info.progressive, forKey: .progressive)
        try c.encode(info.interlaced, forKey: .interlaced)
        if info.format == .jpeg { try c.encode(info.arithmeticCoded, forKey: .arithmeticCoded) }
        try c.encodeIfPresent(info.chromaSubsampling, forKey: .chromaSubsampling)
        try c.encode(info.orientation.rawValue, forKey: .orientation)
        try c.encode(info.displayWidth, forKey: .displayWidth)
        try c.encode(info.displayHeight, forKey: .displayHeight)
        try c.encodeIfPresent(info.extensionMismatch?.rawValue, forKey: .extensionFormat)
        try c.encodeIfPresent(info.frameCount, forKey: .frameCount)
        if let gif {
            try c.encode(Size(width: gif.screenWidth, height: gif.screenHeight), forKey: .screen)
            try c.encode(gif.loopCount.storedValue, forKey: .loopCount)
            try c.encode(gif.loopCount.plays, forKey: .plays)
            try c.encode(gif.frames.map(\.delayCentiseconds), forKey: .delaysCentiseconds)
            try c.encode(gif.frames.map(\.effectiveDelayMilliseconds), forKey: .delaysMilliseconds)
            try c.encode(gif.durationMilliseconds, forKey: .durationMilliseconds)
        } else {
            try c.encodeIfPresent(info.loopCount, forKey: .loopCount)
        }
        try c.encode(warnings, forKey: .warnings)
    }
}
