import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the built `asset-tool` with a deadline and says how it ended: an exit code, a signal, or killed
/// because it ran past the deadline (a hang). The deadline is generous: it catches hangs, it is not a
/// timing assertion.
struct BoundedRun {
    enum Ending: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)
        case timedOut

        var description: String {
            switch self {
            case .exited(let code): return "exit \(code)"
            case .signalled(let signal): return "signal \(signal)"
            case .timedOut: return "killed after the deadline (a hang)"
            }
        }
    }

    var ending: Ending
    var stdout: String
    var stderr: String

    /// The stderr lines, without empty ones.
    var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }

    /// Runs `asset-tool arguments`; with `shell`, runs `/bin/sh -c shell` where `$TOOL` is the binary.
    static func run(
        _ arguments: [String], shell: String? = nil, in directory: URL? = nil,
        deadline: TimeInterval = 60
    ) throws -> BoundedRun {
        let process = Process()
        if let shell {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", shell, "sh"] + arguments
            var environment = CLIRun.environment
            environment["TOOL"] = CLIRun.binary.path
            process.environment = environment
        } else {
            process.executableURL = CLIRun.binary
            process.arguments = arguments
        }
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        // Drain both pipes while the tool runs, so a chatty tool never blocks on a full pipe.
        let collected = Collected()
        let group = DispatchGroup()
        for (pipe, isError) in [(out, false), (err, true)] {
            group.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collected.store(data, isError: isError)
                group.leave()
            }
        }
        try process.run()
        var timedOut = false
        if finished.wait(timeout: .now() + deadline) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
        }
        group.wait()
        let ending: Ending
        if timedOut {
            ending = .timedOut
        } else if process.terminationReason == .uncaughtSignal {
            ending = .signalled(process.terminationStatus)
        } else {
            ending = .exited(process.terminationStatus)
        }
        return BoundedRun(
            ending: ending, stdout: String(decoding: collected.out, as: UTF8.self),
            stderr: String(decoding: collected.err, as: UTF8.self))
    }

    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var out = Data()
        private(set) var err = Data()

        func store(_ data: Data, isError: Bool) {
            lock.lock()
            defer { lock.unlock() }
            if isError { err = data } else { out = data }
        }
    }
}
