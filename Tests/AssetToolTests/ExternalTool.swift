import Foundation

/// A program other than asset-tool that a test runs (python3, pre-commit, git, man, script), found on PATH.
struct ExternalTool {
    let url: URL

    /// The program on PATH, or nil.
    static func find(_ name: String) -> ExternalTool? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return ExternalTool(url: candidate) }
        }
        return nil
    }

    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs the program; stderr goes to a temporary file while stdout is read, so neither can fill a pipe
    /// and stall it. Terminated after `timeout` seconds.
    func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil,
        timeout: TimeInterval = 300
    ) throws -> Outcome {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let out = Pipe()
        let errFile = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errFile.path, contents: nil)  // FileHandle below throws if it is missing
        defer { try? FileManager.default.removeItem(at: errFile) }
        let err = try FileHandle(forWritingTo: errFile)
        defer { try? err.close() }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let timer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errData = (try? Data(contentsOf: errFile)) ?? Data()
        timer.cancel()
        return Outcome(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Whether `python3 -c "import MODULE"` works for every module.
    static func pythonHas(_ modules: [String]) -> Bool {
        guard let python = find("python3") else { return false }
        let outcome = try? python.run(["-c", modules.map { "import \($0)" }.joined(separator: "; ")], timeout: 60)
        return outcome?.status == 0
    }
}
