import AssetsSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file opened read-only: its size, and any byte range of it. Reading never writes to the file.
struct ImageFile: ~Copyable {
    let path: String
    let size: Int
    /// The open descriptor (read with pread, so its position stays at 0).
    let fd: Int32

    /// The largest file read whole (2 GiB).
    static let maxSize = 1 << 31

    init(_ path: String) throws(ImageError) {
        // O_NONBLOCK: opening a FIFO would otherwise wait for a writer (a hang); it is then refused below.
        // Reads from a regular file are unaffected by the flag.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            throw ImageError(.unreadable, file: path, detail: String(cString: strerror(errno)))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw ImageError(.unreadable, file: path, detail: String(cString: strerror(code)))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw ImageError(.unreadable, file: path, detail: "not a regular file")
        }
        self.path = path
        self.fd = fd
        self.size = Int(info.st_size)
    }

    deinit { close(fd) }

    /// Up to `count` bytes from `offset` (fewer at the end of the file).
    func read(from offset: Int, count: Int) throws(ImageError) -> [UInt8] {
        let wanted = max(0, min(count, size - offset))
        guard wanted <= Self.maxSize else {
            throw ImageError(.tooLarge, file: path, detail: "file is \(size) bytes")
        }
        var bytes = [UInt8](repeating: 0, count: wanted)
        var done = 0
        var failure: Int32 = 0
        bytes.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return }
            while done < wanted {
                let got = pread(fd, base + done, wanted - done, off_t(offset + done))
                if got < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if got == 0 { break }
                done += got
            }
        }
        if failure != 0 { throw ImageError(.unreadable, file: path, detail: String(cString: strerror(failure))) }
        return done == wanted ? bytes : Array(bytes.prefix(done))
    }

    func readAll() throws(ImageError) -> [UInt8] {
        try read(from: 0, count: size)
    }
}
