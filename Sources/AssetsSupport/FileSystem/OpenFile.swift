import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file open for reading, owned: its descriptor is closed when the last reference goes away, so it is
/// never leaked or closed twice. The only kind of open file other layers hold. (A class rather than a
/// `~Copyable` struct: Swift 6.3's optimizer crashes on noncopyable values in `Optional` and `Result`
/// passed down the catalog reader.)
package final class OpenFile: Sendable {
    let descriptor: FileDescriptor
    /// The size the `fstat` after the open found, when the open asked (`CatalogRoot`'s rule).
    package let knownSize: Int?
    /// The identity that `fstat` found (size, inode, times), when the open asked: what a cache of the
    /// file's facts keys them by (`FileIdentity`).
    package let identity: FileIdentity?

    init(descriptor: FileDescriptor, knownSize: Int? = nil, identity: FileIdentity? = nil) {
        self.descriptor = descriptor
        self.knownSize = knownSize
        self.identity = identity
    }

    deinit { try? descriptor.close() }

    /// The bytes of the file (opened under `CatalogRoot`'s rule for a file a catalog names): all of it, or when
    /// `head` is given only the first `head` bytes and the last `tail` bytes (the two may overlap for a small
    /// file), and its size.
    ///
    /// The fewest system calls: one pread of exactly the head (the whole of a small file), fstat (type and
    /// size) only when that read does not settle it, one pread of the tail only when the head does not reach
    /// the end.
    /// `widerTail`, when given, is read instead of `tail` bytes when `tail` bytes alone do not satisfy it
    /// (`isEnough` false): a probe first reads the few bytes a sound file ends with.
    /// `knownSize`, when the open found it, is the size an `fstat` on this descriptor found under
    /// `CatalogRoot`'s rule, which also checked it is a regular file: it is not asked again.
    package func read(
        head: Int? = nil, tail: Int = 0,
        widerTail: (count: Int, isEnough: ([UInt8]) -> Bool)? = nil, maxBytes: Int = 256 << 20
    )
        -> Result<(head: [UInt8], tail: [UInt8], size: Int), SystemError>
    {
        // Most files in a catalog are small: one pread of the head (or of 16 KiB, when reading whole) that
        // comes back short is the whole file, and no fstat is needed (a regular file reads short only at
        // its end; a FIFO or folder fails to pread). An empty read still asks fstat, so a device that
        // reads nothing is refused.
        let first = min(head ?? CatalogFileSystem.firstRead, maxBytes)
        let knownSize = self.knownSize
        var firstBytes: [UInt8] = []
        if first > 0 {
            let bytes: [UInt8]
            do { bytes = try readFully(count: first, at: 0, stopShort: true) } catch { return .failure(error) }
            firstBytes = bytes
            if bytes.count > 0, bytes.count < first {
                let size = bytes.count
                var tailCount = min(tail, size)
                if let widerTail, !widerTail.isEnough(Array(bytes.suffix(tailCount))) { tailCount = min(widerTail.count, size) }
                return .success((bytes, tailCount == 0 ? [] : Array(bytes.suffix(tailCount)), size))
            }
        }
        var size: Int
        if let knownSize {
            size = knownSize
        } else {
            switch status() {
            case .failure(let error): return .failure(error)
            case .success(let found) where found.type == .file: size = found.size
            case .success(let found) where found.type == .directory: return .failure(SystemError(code: EISDIR))
            case .success: return .failure(SystemError(code: ESPIPE))  // what reading a FIFO or device by offset gives
            }
        }
        let headCount = min(head ?? size, size)
        guard headCount <= maxBytes else { return .failure(SystemError(code: EFBIG)) }
        var bytes = firstBytes
        if bytes.count > headCount {
            bytes.removeLast(bytes.count - headCount)
        } else if bytes.count < headCount {
            let rest: [UInt8]
            do { rest = try readFully(count: headCount - bytes.count, at: bytes.count) } catch { return .failure(error) }
            bytes += rest
        }
        // A file that shrank since fstat is taken as what could be read.
        if bytes.count < headCount { size = bytes.count }
        var tailCount = min(tail, size)
        if bytes.count == size {
            if let widerTail, !widerTail.isEnough(Array(bytes.suffix(tailCount))) { tailCount = min(widerTail.count, size) }
            return .success((bytes, tailCount == 0 ? [] : Array(bytes.suffix(tailCount)), size))
        }
        if tailCount == 0 { return .success((bytes, [], size)) }
        var last: [UInt8]
        do { last = try readFully(count: tailCount, at: size - tailCount) } catch { return .failure(error) }
        if let widerTail, !widerTail.isEnough(last), widerTail.count > tailCount {
            tailCount = min(widerTail.count, size)
            let wider: [UInt8]
            do { wider = try readFully(count: tailCount, at: size - tailCount) } catch { return .failure(error) }
            last = wider
        }
        return .success((bytes, last, size))
    }

    /// `count` bytes from `offset`, fewer at the end of the file; `stopShort`: a short read is the end.
    package func readFully(count: Int, at offset: Int, stopShort: Bool = false) throws(SystemError) -> [UInt8] {
        var failure: SystemError?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            switch read(into: UnsafeMutableRawBufferPointer(buffer), at: offset, stopShort: stopShort) {
            case .success(let done): initialized = done
            case .failure(let error):
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        return bytes
    }

    /// Fills `buffer` from `offset` (the one positioned-read loop: `pread`, again after an interruption or a
    /// short read); how many bytes it read, fewer at the end of the file. `stopShort`: a short read is the end.
    package func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int, stopShort: Bool = false) -> Result<Int, SystemError> {
        var done = 0
        while done < buffer.count {
            let got: Int
            do {
                got = try descriptor.read(
                    fromAbsoluteOffset: Int64(offset + done), into: UnsafeMutableRawBufferPointer(rebasing: buffer[done...]))
            } catch {
                return .failure(SystemError(error))
            }
            if got == 0 { break }
            done += got
            if stopShort { break }
        }
        return .success(done)
    }

    /// The file's status (`fstat`).
    package func status() -> Result<CatalogFileSystem.Status, SystemError> {
        do { return .success(CatalogFileSystem.status(try descriptor.stat())) } catch { return .failure(SystemError(error)) }
    }

    /// A second descriptor for the same open file, owned on its own.
    package func duplicate() throws(SystemError) -> OpenFile {
        do { return OpenFile(descriptor: try descriptor.duplicate(), knownSize: knownSize) } catch { throw SystemError(error) }
    }

    /// The descriptor's number for a C library that reads from a descriptor (libjpeg's file source), valid
    /// only while `body` runs.
    package func withRawDescriptor<R, Failure: Error>(_ body: (CInt) throws(Failure) -> R) throws(Failure) -> R {
        try body(descriptor.rawValue)
    }
}
