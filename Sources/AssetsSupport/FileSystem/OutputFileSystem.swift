import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The raw calls the writers make (`AtomicFileStream`, `AtomicFileWriter`, `StagedOutputFolder`, `InterruptCleanup`,
/// `OwnOutput`), each in swift-system's types: a `FilePath` or a `FileDescriptor` in, `Errno` thrown. The writers
/// open, write, close and stat through swift-system itself (`FileDescriptor.open`, `writeAll`, `close`, `stat`);
/// what is here is what swift-system 1.8 has no public form of, so it stays a C call, in this one file:
/// - `mkstemp`, `mkdtemp`: no temporary file or folder (`withTemporaryFilePath` is internal);
/// - `fsync`, `flock`: no such method on `FileDescriptor`;
/// - `rename`, `link`, `unlink`, `rmdir`, `mkdir`, `chmod`: no operation on a path (its `mkdir`/`rmdir` wrappers
///   are internal);
/// - `umask`: `FilePermissions.creationMask` is internal.
/// Glibc and Darwin declare each of them alike but for `mode_t` (32 bits on Linux, 16 on Darwin), which
/// swift-system's `CInterop.Mode` and `FilePermissions` follow: a mode is converted to `mode_t` at the call, an
/// identity on each platform that keeps `Scripts/check-darwin` (Linux's swift-system against the SDK's
/// signatures) honest, so there is no platform branch.
package enum OutputFileSystem {
    /// The errno of the call that just failed.
    private static func failure() -> Errno { Errno(rawValue: errno) }

    /// The path a template became (up to its terminating NUL).
    private static func path(_ template: [CChar]) -> FilePath {
        FilePath(String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    private static func check(_ result: CInt) throws(Errno) {
        if result != 0 { throw failure() }
    }

    /// A new file made from `template` (its last six characters `XXXXXX`, replaced), created 0600 and open for
    /// writing (`mkstemp`).
    package static func makeTemporaryFile(_ template: String) throws(Errno) -> (descriptor: FileDescriptor, path: FilePath) {
        var bytes = Array(template.utf8CString)
        let made = bytes.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard made >= 0 else { throw failure() }
        return (FileDescriptor(rawValue: made), path(bytes))
    }

    /// A new folder made from `template` (its last six characters `XXXXXX`, replaced), created 0700 (`mkdtemp`).
    package static func makeTemporaryFolder(_ template: String) throws(Errno) -> FilePath {
        var bytes = Array(template.utf8CString)
        let made = bytes.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } != nil }
        guard made else { throw failure() }
        return path(bytes)
    }

    /// Flushes the file's bytes to its device (`fsync`).
    package static func sync(_ descriptor: FileDescriptor) throws(Errno) {
        try check(fsync(descriptor.rawValue))
    }

    /// Sets a path's permission bits, following a link (`chmod`).
    package static func setPermissions(_ path: FilePath, _ permissions: FilePermissions) throws(Errno) {
        try check(path.withPlatformString { chmod($0, mode_t(permissions.rawValue)) })
    }

    /// Takes the exclusive lock on the open file without waiting (`flock`); `Errno.wouldBlock` when another holds it.
    package static func lockWithoutWaiting(_ descriptor: FileDescriptor) throws(Errno) {
        try check(flock(descriptor.rawValue, LOCK_EX | LOCK_NB))
    }

    /// Renames `source` to `destination`, replacing a file or an empty folder there (`rename`).
    package static func move(_ source: FilePath, to destination: FilePath) throws(Errno) {
        try check(source.withPlatformString { from in destination.withPlatformString { to in rename(from, to) } })
    }

    /// A second name for `source` at `destination`; `Errno.fileExists` when something is there (`link`).
    package static func addName(_ source: FilePath, at destination: FilePath) throws(Errno) {
        try check(source.withPlatformString { from in destination.withPlatformString { to in link(from, to) } })
    }

    /// Removes the name `path` (a file or a link, never a folder: `unlink`).
    package static func removeFile(_ path: FilePath) throws(Errno) {
        try check(path.withPlatformString { unlink($0) })
    }

    /// Removes the empty folder `path` (`rmdir`).
    package static func removeEmptyFolder(_ path: FilePath) throws(Errno) {
        try check(path.withPlatformString { rmdir($0) })
    }

    /// Makes the folder `path` with `permissions` under the umask (`mkdir`).
    package static func makeFolder(_ path: FilePath, _ permissions: FilePermissions) throws(Errno) {
        try check(path.withPlatformString { mkdir($0, mode_t(permissions.rawValue)) })
    }

    /// Sets the process's file-creation mask and returns the one it replaces (`umask`).
    package static func replaceCreationMask(_ mask: CInterop.Mode) -> CInterop.Mode {
        CInterop.Mode(umask(mode_t(mask)))
    }
}
