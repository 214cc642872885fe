import Foundation

/// A fresh folder under the system's temporary folder, removed when the value goes away.
final class TemporaryFolder: Sendable {
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.path
        path = "\(base)/asset-tool-hardening-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// A folder for the whole test process, for files a suite makes once and keeps in a `static`, which
    /// is never deinitialized: named with the process id, and the folders earlier test processes left
    /// (their process gone) are removed when it is made, so runs do not pile folders up.
    init(forProcess name: String) throws {
        let base = FileManager.default.temporaryDirectory.path
        let prefix = "asset-tool-\(name)-"
        for left in (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? [] where left.hasPrefix(prefix) {
            guard let pid = Int32(left.dropFirst(prefix.count)), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: "\(base)/\(left)")
            try? FileManager.default.removeItem(atPath: "\(base)/\(left)")
        }
        path = "\(base)/\(prefix)\(getpid())"
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        // A test may have taken permissions away; give them back so the folder can go.
        _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `bytes` at `relative` (folders created) and returns the full path.
    @discardableResult
    func write(_ relative: String, _ bytes: [UInt8]) throws -> String {
        let full = "\(path)/\(relative)"
        try FileManager.default.createDirectory(
            atPath: (full as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
        return full
    }

    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        try write(relative, Array(text.utf8))
    }

    @discardableResult
    func folder(_ relative: String) throws -> String {
        let full = "\(path)/\(relative)"
        try FileManager.default.createDirectory(atPath: full, withIntermediateDirectories: true)
        return full
    }
}
