/// The structural checks for the vector formats this package does not render: a PDF starts with its
/// header and ends with `%%EOF`; an SVG is well-formed XML whose root element is `<svg>`.
import AssetsSupport
import AssetsCodecs

enum VectorFileCheck {
    /// Returns nil when the file looks sound, else why not.
    static func pdfProblem(_ sample: FileSample) -> String? {
        guard sample.head.starts(with: Array("%PDF-".utf8)) else { return "does not start with a %PDF- header" }
        let end = sample.isWhole ? Array(sample.head.suffix(1024)) : Array(sample.tail.suffix(1024))
        let marker = Array("%%EOF".utf8)
        guard end.count >= marker.count else { return "has no %%EOF marker: the file is cut short" }
        for start in stride(from: end.count - marker.count, through: 0, by: -1) where end[start] == marker[0] {
            if Array(end[start..<start + marker.count]) == marker { return nil }
        }
        return "has no %%EOF marker near its end: the file is cut short"
    }

    /// Returns nil when the whole file is well-formed XML with an `svg` root, else why not.
    static func svgProblem(_ bytes: [UInt8]) -> String? {
        switch XMLShapeCheck.rootElement(of: bytes) {
        case .failure(let error):
            return "is not well-formed XML (\(error))"
        case .success(let root):
            let local = root.split(separator: ":").last.map(String.init) ?? root
            guard local == "svg" else { return "has root element <\(root)>, expected <svg>" }
            return nil
        }
    }
}
