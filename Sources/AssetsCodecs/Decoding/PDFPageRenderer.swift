#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AssetsSupport

/// The first page of a PDF drawn by a real PDF renderer: Poppler's `pdftoppm` (Debian's `poppler-utils`),
/// run as a separate process under `BoundedProcess` (a time limit, an output limit). The PDF's bytes go
/// to it on standard input (`-`), never as a path, so it reads exactly the bytes the caller read under
/// the catalog's path rules; it writes one PNG (first page only, longest side bounded) to standard
/// output, which the package's own PNG decoder decodes under the caller's `DecodingLimits`.
///
/// No PDF interpreter is written here: parsing PDF safely is a renderer's whole job.
public struct PDFPageRenderer: Sendable, Hashable {
    /// The `pdftoppm` program's absolute path.
    public var executable: String
    /// Seconds one page may take before the renderer is stopped.
    public var timeout: Double = 10
    /// PDFs larger than this are not handed to the renderer.
    public var maxInputBytes = 32 << 20
    /// The largest side the page is drawn at, whatever the caller asks.
    public static let maxSide = 1024

    public init(executable: String) {
        self.executable = executable
    }

    /// What a card says where no renderer is installed.
    public static let missingMessage = "PDF preview needs pdftoppm (poppler-utils)"

    /// `pdftoppm` from the folders of `searchPath` (the `PATH` of this process by default), or nil when
    /// none holds an executable regular file of that name.
    public static func installed(searchPath: String? = getenv("PATH").map { String(cString: $0) }) -> PDFPageRenderer? {
        for folder in (searchPath ?? "").split(separator: ":") where folder.hasPrefix("/") {
            let candidate = "\(folder)/pdftoppm"
            var info = stat()
            guard stat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, access(candidate, X_OK) == 0 else { continue }
            return PDFPageRenderer(executable: candidate)
        }
        return nil
    }

    /// Why a page was not drawn.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The renderer is not at its path (or cannot be run).
        case notInstalled(String)
        case tooLarge(Int, limit: Int)
        /// The renderer ran and gave no page (a damaged PDF, a timeout), and what it said.
        case renderer(String)
        /// Its PNG did not decode under the limits.
        case image(ImageError)

        public var description: String {
            switch self {
            case .notInstalled: return PDFPageRenderer.missingMessage
            case let .tooLarge(size, limit): return "PDF of \(size) bytes is over the \(limit >> 20) MiB preview limit"
            case .renderer(let why): return "pdftoppm \(why)"
            case .image(let error): return "pdftoppm's PNG: \(error.kind.rawValue): \(error.detail)"
            }
        }
    }

    /// The first page of the PDF in `bytes`, its longest side `longestSide` pixels (at most `maxSide`).
    public func render(_ bytes: [UInt8], longestSide: Int, limits: DecodingLimits = .default) -> Result<RGBAImage, Failure> {
        guard bytes.count <= maxInputBytes else { return .failure(.tooLarge(bytes.count, limit: maxInputBytes)) }
        let side = min(max(longestSide, 1), Self.maxSide)
        let process = BoundedProcess(executable: executable,
                                     arguments: ["-png", "-f", "1", "-l", "1", "-singlefile", "-scale-to", "\(side)", "-"],
                                     timeout: timeout, maxOutputBytes: 8 << 20)
        let png: [UInt8]
        switch process.run(input: bytes) {
        case .failure(.cannotStart(let error)) where error.code == ENOENT || error.code == EACCES:
            return .failure(.notInstalled(executable))
        case .failure(let failure): return .failure(.renderer(failure.description))
        case .success(let output): png = output
        }
        guard ImageFormat(sniffing: png) == .png else { return .failure(.renderer("wrote no PNG")) }
        do {
            return .success(try ImageInspector.decode(png, file: "pdftoppm output", options: DecodeOptions(limits: limits)).image)
        } catch {
            return .failure(.image(error))
        }
    }
}
