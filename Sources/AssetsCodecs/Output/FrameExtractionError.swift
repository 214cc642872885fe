/// Why frames could not be extracted.
import AssetsSupport

public enum FrameExtractionError: Error, Sendable, CustomStringConvertible {
    case output(OutputError)
    case encoding(String, PNGEncodingError)
    /// The selection names no frame of the file.
    case nothingSelected(String, FrameSelection, Int)

    public var description: String {
        switch self {
        case .output(let error): return error.description
        case .encoding(let name, let error): return "\(name): \(error)"
        case .nothingSelected(let source, _, 0):
            // The file's own fault, whatever --frames says: the words of the no-frames warning.
            return "\(source): the file holds no image, so there is no frame to write"
        case .nothingSelected(let source, let selection, let count):
            return "\(source): --frames \(selection) selects none of its \(count) frame\(count == 1 ? "" : "s")"
        }
    }
}
