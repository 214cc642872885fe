/// Why a decoded image could not be written to a file.
import AssetsSupport

public enum ImageExportError: Error, Sendable, CustomStringConvertible {
    /// The input could not be read or decoded.
    case image(ImageError)
    case output(OutputError)
    case encoding(PNGEncodingError)

    public var description: String {
        switch self {
        case .image(let error): return error.description
        case .output(let error): return error.description
        case .encoding(let error): return "PNG encoding: \(error)"
        }
    }
}
