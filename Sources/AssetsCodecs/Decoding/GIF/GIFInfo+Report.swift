import AssetsSupport

extension GIFInfo {
    /// A few lines for people: format, size, frames, loop, delays.
    package func text(file: String) -> String {
        var lines = [
            "\(file): GIF, \(canvasWidth)x\(canvasHeight)"
                + (canvasWidth != screenWidth || canvasHeight != screenHeight ? " (screen \(screenWidth)x\(screenHeight))" : "")
                + ", \(frames.count) frame\(frames.count == 1 ? "" : "s")"
                + ", plays \(loopWords)"
        ]
        let delays = frames.map(\.effectiveDelayMilliseconds)
        if let shortest = delays.min(), let longest = delays.max() {
            let runs = Self.runs(delays)
            // Many different delays read better as their range.
            let shown =
                runs.count <= 8
                ? runs.joined(separator: ", ")
                : "\(shortest) to \(longest) ms, \(runs.count) changes"
            lines.append("delays: \(shown) (total \(durationMilliseconds) ms)")
        }
        return lines.joined(separator: "\n")
    }

    private var loopWords: String {
        switch loopCount {
        case .playOnce: return "once"
        case .forever: return "forever"
        case .repeats: return "\(loopCount.plays ?? 0) times"
        }
    }

    /// `100 ms x3, 200 ms` for a run-length view of the delays.
    private static func runs(_ values: [Int]) -> [String] {
        var parts: [String] = []
        var index = 0
        while index < values.count {
            var end = index
            while end + 1 < values.count, values[end + 1] == values[index] { end += 1 }
            let count = end - index + 1
            parts.append("\(values[index]) ms" + (count > 1 ? " x\(count)" : ""))
            index = end + 1
        }
        return parts
    }
}
