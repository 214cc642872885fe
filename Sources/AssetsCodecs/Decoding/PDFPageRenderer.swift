#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import AssetsSupport

/// The first page of a PDF drawn by a real PDF renderer: Poppler's `pdftoppm` (Debian's `poppler-utils`),
/// run as a separate process under `BoundedProcess` (a time limit, an output limit, a memory cap). The
/// PDF's bytes go to it on standard input (`-`), never as a path, so it reads exactly the bytes the caller
/// read under the catalog's path rules; it writes one PNG (first page only, drawn with `-scale-to` so its
/// longest side is at most `maxSide` pixels whatever the page's size in points: a page of 200 by 200
/// inches gives the same small bitmap as an icon) to standard output, which the package's own PNG decoder
/// decodes under the caller's `DecodingLimits`.
///
/// Bounds, each against a PDF that `validate` passes: `timeout` a page (a tiling pattern of 686 bytes
/// kept `pdftoppm` busy past a minute), `maxMemoryBytes` of address space (the same pattern drove it to
/// 870 MiB; a 7.6 MB PDF to 2.7 GB), and across one report a `PDFRenderBudget` of seconds: once it is
/// spent, the remaining PDFs are not drawn (`Failure.budgetSpent`).
///
/// No PDF interpreter is written here: parsing PDF safely is a renderer's whole job.
public struct PDFPageRenderer: Sendable, Hashable {
    /// The `pdftoppm` program's absolute path.
    public var executable: String
    /// Seconds one page may take before the renderer is stopped.
    public var timeout: Double = 5
    /// The address space the renderer may map, in bytes (`RLIMIT_AS`; nil: no cap). Drawing an icon's page
    /// at 96 pixels maps under 100 MiB. Where the system does not enforce the limit (macOS), the time
    /// limit and `-scale-to` are the bounds (`BoundedProcess.maxAddressSpace`).
    public var maxMemoryBytes: Int? = 512 << 20
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
            guard case .success(let status) = CatalogFileSystem.targetStatus(candidate), status.type == .file,
                case .success = CatalogFileSystem.mayAccess(candidate, .execute)
            else { continue }
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
        /// Not drawn: the report's time budget for drawing PDFs was spent (seconds allowed in all).
        case budgetSpent(Double)

        public var description: String {
            switch self {
            case .notInstalled: return PDFPageRenderer.missingMessage
            case .tooLarge(let size, let limit): return "PDF of \(size) bytes is over the \(limit >> 20) MiB preview limit"
            case .renderer(let why): return "pdftoppm \(why)"
            case .image(let error): return "pdftoppm's PNG: \(error.kind.rawValue): \(error.detail)"
            case .budgetSpent: return "preview skipped: budget (the report's time for drawing PDFs is spent)"
            }
        }
    }

    /// The first page of the PDF in `bytes`, its longest side `longestSide` pixels (at most `maxSide`). With a
    /// `budget`, the run takes at most what is left of it (and `timeout`), and none is started once it is spent.
    public func render(
        _ bytes: [UInt8], longestSide: Int, limits: DecodingLimits = .default,
        budget: PDFRenderBudget? = nil
    ) -> Result<RGBAImage, Failure> {
        guard bytes.count <= maxInputBytes else { return .failure(.tooLarge(bytes.count, limit: maxInputBytes)) }
        let side = min(max(longestSide, 1), Self.maxSide)
        var seconds = timeout
        if let budget {
            guard let granted = budget.start(upTo: timeout) else { return .failure(.budgetSpent(budget.allowed)) }
            seconds = granted
        }
        var process = BoundedProcess(
            executable: executable,
            arguments: ["-png", "-f", "1", "-l", "1", "-singlefile", "-scale-to", "\(side)", "-"],
            timeout: seconds, maxOutputBytes: 8 << 20)
        process.maxAddressSpace = maxMemoryBytes
        let started = BoundedProcess.now()
        let result = process.run(input: bytes)
        budget?.finish(seconds: BoundedProcess.now() - started)
        let png: [UInt8]
        switch result {
        case .failure(.cannotStart(let error)) where error.code == ENOENT || error.code == EACCES:
            return .failure(.notInstalled(executable))
        case .failure(.timedOut) where seconds < timeout:
            budget?.countSkipped()
            return .failure(.budgetSpent(budget?.allowed ?? seconds))
        case .failure(let failure):
            var why = failure.description
            if let cap = maxMemoryBytes, failure.mayBeMemory { why += " (its memory is capped at \(cap >> 20) MiB)" }
            return .failure(.renderer(why))
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

/// Seconds that drawing PDF pages may take across one report: `seconds`, and `secondsPerPDF` more for each
/// PDF asked for, so a catalog of many ordinary PDFs (tens of milliseconds each) is never cut short while
/// a few hostile ones (each stopped at the renderer's `timeout`) cannot hold the report for minutes. Each
/// run is charged its wall time; runs on other cores at the same time each take what was left when they
/// started, so the budget is overrun by at most one `timeout` a core. Once spent, `render` starts no
/// renderer and says `Failure.budgetSpent`; `skipped` counts those PDFs. Safe to share between threads;
/// one per report.
public final class PDFRenderBudget: Sendable {
    public let seconds: Double
    public let secondsPerPDF: Double
    private let state: Locked<(asked: Int, spent: Double, skipped: Int)>

    public init(seconds: Double = 10, secondsPerPDF: Double = 0.25) {
        self.seconds = max(seconds, 0)
        self.secondsPerPDF = max(secondsPerPDF, 0)
        state = Locked((0, 0, 0))
    }

    /// The seconds allowed so far: `seconds` and `secondsPerPDF` for each PDF asked for.
    public var allowed: Double { state.withLock { seconds + secondsPerPDF * Double($0.asked) } }
    /// The seconds the runs took.
    public var spent: Double { state.withLock { $0.spent } }
    /// The PDFs not drawn because the budget was spent.
    public var skipped: Int { state.withLock { $0.skipped } }

    /// The seconds the next run may take (at most `timeout`), or nil when the budget is spent (counted skipped).
    func start(upTo timeout: Double) -> Double? {
        state.withLock { state -> Double? in
            state.asked += 1
            let left = seconds + secondsPerPDF * Double(state.asked) - state.spent
            guard left > 0.05 else {
                state.skipped += 1
                return nil
            }
            return min(timeout, left)
        }
    }

    /// Counts a PDF whose run the budget cut short.
    func countSkipped() {
        state.withLock { $0.skipped += 1 }
    }

    /// Charges a run's wall time.
    func finish(seconds elapsed: Double) {
        state.withLock { $0.spent += max(elapsed, 0) }
    }

    /// A number of seconds as a short word, to the hundredth (`20`, `2.5`, `0.25`).
    package static func words(_ seconds: Double) -> String {
        let hundredths = Int((seconds * 100).rounded())
        var text = "\(hundredths / 100)"
        let fraction = hundredths % 100
        if fraction != 0 { text += "." + (fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)")) }
        return text
    }
}
