import ArgumentParser
import Assets

/// The limits a server sets on one run, shared by every command (each uses the ones that concern it).
/// The defaults fit every real-world asset and keep a hostile file or catalog within bounded time and
/// memory; the table of Docs/limits.md lists them.
struct LimitOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The most pixels one image or canvas may have.", valueName: "n"))
    var maxPixels: Int = DecodingLimits.default.maxPixels

    @Option(help: ArgumentHelp("The longest side of an image, in pixels.", valueName: "n"))
    var maxSide: Int = DecodingLimits.default.maxDimension

    @Option(help: ArgumentHelp("The most frames an animation may have.", valueName: "n"))
    var maxFrames: Int = DecodingLimits.default.maxFrames

    @Option(
        help: ArgumentHelp(
            "The most pixels all frames of an animation may give together (each composited frame is the whole canvas; with --raw, each frame its own rectangle).",
            valueName: "n"))
    var maxAnimationPixels: Int = DecodingLimits.default.maxAnimationPixels

    @Option(help: ArgumentHelp("The most files one run may write (extract-frames: frames and manifests of all inputs).", valueName: "n"))
    var maxFiles: Int = OutputFileBudget.defaultLimit

    @Option(help: ArgumentHelp("The largest Contents.json read, in bytes (K, M and G suffixes allowed).", valueName: "size"))
    var maxContentsSize: ByteSize = ByteSize(bytes: CatalogLimits.default.maxContentsBytes)

    @Option(help: ArgumentHelp("How many folders deep a catalog's groups may nest.", valueName: "n"))
    var maxDepth: Int = CatalogLimits.default.maxDepth

    @Option(
        help: ArgumentHelp(
            "Threads to use (default: the processors this process may use: its CPU affinity and cgroup CPU quota).", valueName: "n"))
    var threads: Int?

    @Option(
        help: ArgumentHelp(
            "The most memory for pixels, in bytes (K, M and G suffixes allowed). Default: what the process may still allocate under its address-space limit (ulimit -v) and cgroup memory limit; unchecked when neither is set.",
            valueName: "size"))
    var maxMemory: ByteSize?

    func validate() throws {
        for (name, value) in [
            ("--max-pixels", maxPixels), ("--max-side", maxSide), ("--max-frames", maxFrames),
            ("--max-animation-pixels", maxAnimationPixels), ("--max-files", maxFiles),
            ("--max-contents-size", maxContentsSize.bytes), ("--max-depth", maxDepth),
            ("--threads", threads ?? 1), ("--max-memory", maxMemory?.bytes ?? 1),
        ] where value < 1 {
            throw ValidationError("\(name) must be at least 1, not \(value)")
        }
    }

    /// Memory kept back for the runtime, the reading of files and encoders' output when the budget
    /// comes from the process's own limits.
    static let reserve = 64 << 20

    /// The bytes of pixels this run may hold: `--max-memory`, or what the process may still allocate
    /// less a reserve; nil when nothing limits it.
    var memoryBudget: Int? {
        if let maxMemory { return maxMemory.bytes }
        return ProcessResources.current.memoryAvailable.map { max(0, $0 - LimitOptions.reserve) }
    }

    var decoding: DecodingLimits {
        DecodingLimits(
            maxPixels: maxPixels, maxDimension: maxSide, maxFrames: maxFrames,
            maxAnimationPixels: maxAnimationPixels, maxMemory: memoryBudget)
    }

    var catalog: CatalogLimits {
        CatalogLimits(maxDepth: maxDepth, maxContentsBytes: maxContentsSize.bytes, threads: threads)
    }

    /// The threads to use: `--threads`, or the processors this process may use.
    var threadCount: Int { threads ?? ProcessResources.processorCount }
}

/// A size in bytes written as a number with an optional K, M or G suffix (powers of 1024).
struct ByteSize: ExpressibleByArgument, CustomStringConvertible {
    var bytes: Int

    init(bytes: Int) { self.bytes = bytes }

    init?(argument: String) {
        var text = Substring(argument.uppercased())
        if text.hasSuffix("IB") { text = text.dropLast(2) } else if text.hasSuffix("B") { text = text.dropLast() }
        var shift = 0
        switch text.last {
        case "K": shift = 10
        case "M": shift = 20
        case "G": shift = 30
        default: break
        }
        if shift > 0 { text = text.dropLast() }
        guard let value = Int(text), value >= 0 else { return nil }
        let (bytes, overflow) = value.multipliedReportingOverflow(by: 1 << shift)
        guard !overflow else { return nil }
        self.bytes = bytes
    }

    var description: String {
        for (suffix, shift) in [("G", 30), ("M", 20), ("K", 10)] where bytes > 0 && bytes % (1 << shift) == 0 {
            return "\(bytes >> shift)\(suffix)"
        }
        return String(bytes)
    }

    var defaultValueDescription: String { description }
}
