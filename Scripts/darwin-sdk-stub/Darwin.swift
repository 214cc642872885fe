// The stand-in for the Swift half of Apple's `Darwin` module (the overlay Swift ships as Platform.swift): what
// C cannot hand to Swift's importer, a variadic function or a macro of a cast, declared as the overlay
// declares it on Darwin. Scripts/check-darwin builds this with `-import-underlying-module` over Darwin.h.
@_exported import Darwin

/// `errno` is a macro of `(*__error())`.
public var errno: Int32 {
    get { __error().pointee }
    set { __error().pointee = newValue }
}

// open, openat and fcntl are variadic in C; the mode is `mode_t`, 16 bits on Darwin.
public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32) -> Int32 { fatalError() }
public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32, _ mode: mode_t) -> Int32 { fatalError() }
public func openat(_ fd: Int32, _ path: UnsafePointer<CChar>, _ oflag: Int32) -> Int32 { fatalError() }
public func openat(_ fd: Int32, _ path: UnsafePointer<CChar>, _ oflag: Int32, _ mode: mode_t) -> Int32 { fatalError() }
public func fcntl(_ fd: Int32, _ cmd: Int32) -> Int32 { fatalError() }
public func fcntl(_ fd: Int32, _ cmd: Int32, _ value: Int32) -> Int32 { fatalError() }
public func fcntl(_ fd: Int32, _ cmd: Int32, _ ptr: UnsafeMutableRawPointer) -> Int32 { fatalError() }

// <sys/stat.h>'s mode bits, as `mode_t`.
public var S_IFMT: mode_t { mode_t(0o170000) }
public var S_IFIFO: mode_t { mode_t(0o010000) }
public var S_IFCHR: mode_t { mode_t(0o020000) }
public var S_IFDIR: mode_t { mode_t(0o040000) }
public var S_IFBLK: mode_t { mode_t(0o060000) }
public var S_IFREG: mode_t { mode_t(0o100000) }
public var S_IFLNK: mode_t { mode_t(0o120000) }
public var S_IFSOCK: mode_t { mode_t(0o140000) }
public var S_IRWXU: mode_t { mode_t(0o000700) }
public var S_IRUSR: mode_t { mode_t(0o000400) }
public var S_IWUSR: mode_t { mode_t(0o000200) }
public var S_IXUSR: mode_t { mode_t(0o000100) }
public var S_IRWXG: mode_t { mode_t(0o000070) }
public var S_IRGRP: mode_t { mode_t(0o000040) }
public var S_IWGRP: mode_t { mode_t(0o000020) }
public var S_IXGRP: mode_t { mode_t(0o000010) }
public var S_IRWXO: mode_t { mode_t(0o000007) }
public var S_IROTH: mode_t { mode_t(0o000004) }
public var S_IWOTH: mode_t { mode_t(0o000002) }
public var S_IXOTH: mode_t { mode_t(0o000001) }

// <sys/signal.h>'s handlers are casts of integers to `sig_t`.
public var SIG_DFL: sig_t? { nil }
public var SIG_IGN: sig_t { unsafeBitCast(1, to: sig_t.self) }
public var SIG_ERR: sig_t { unsafeBitCast(-1, to: sig_t.self) }
public var SIG_HOLD: sig_t { unsafeBitCast(5, to: sig_t.self) }

// <stdio.h>'s streams: non-optional on Darwin (Glibc's are implicitly unwrapped).
public var stdin: UnsafeMutablePointer<FILE> {
    get { __stdinp }
    set { __stdinp = newValue }
}
public var stdout: UnsafeMutablePointer<FILE> {
    get { __stdoutp }
    set { __stdoutp = newValue }
}
public var stderr: UnsafeMutablePointer<FILE> {
    get { __stderrp }
    set { __stderrp = newValue }
}
