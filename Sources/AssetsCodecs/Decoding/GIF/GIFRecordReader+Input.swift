import AssetsSupport
internal import CGif

extension GIFRecordReader {
    /// The bytes giflib reads through `gifInputRead`, and how far it has read: a whole file in memory, or
    /// an open file read through a 64 KiB window, so a large GIF is never held whole.
    final class Input {
        private let bytes: [UInt8]
        /// The file read through the window (nil for a whole file in memory).
        private let file: FileBox?
        /// The file's length.
        let count: Int
        var position = 0
        var ranOut = false
        private var window: [UInt8] = []
        private var windowStart = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
            self.file = nil
            self.count = bytes.count
        }

        /// Reads `file` (which the input now owns) from offset 0; `size` is the file's length.
        init(file: OpenFile, size: Int) {
            self.bytes = []
            self.file = FileBox(file)
            self.count = size
        }

        /// The open file, held by reference so that the input stays a plain class.
        final class FileBox {
            let file: OpenFile
            init(_ file: OpenFile) { self.file = file }
        }

        /// The byte at `offset`, when it is in memory (always for a whole file; the window's for a file).
        func byte(at offset: Int) -> UInt8? {
            if file == nil { return offset >= 0 && offset < bytes.count ? bytes[offset] : nil }
            let inWindow = offset - windowStart
            return inWindow >= 0 && inWindow < window.count ? window[inWindow] : nil
        }

        /// Copies up to `wanted` bytes from the current position into `target`; returns how many.
        func read(into target: UnsafeMutablePointer<UInt8>, wanted: Int) -> Int {
            let copied = min(wanted, max(count - position, 0))
            if file == nil {
                bytes.withUnsafeBufferPointer { source in
                    if copied > 0, let base = source.baseAddress { target.update(from: base + position, count: copied) }
                }
                position += copied
                return copied
            }
            var done = 0
            while done < copied {
                if position < windowStart || position >= windowStart + window.count {
                    guard refill() else { break }
                }
                let available = min(copied - done, windowStart + window.count - position)
                window.withUnsafeBufferPointer { source in
                    if let base = source.baseAddress {
                        (target + done).update(from: base + (position - windowStart), count: available)
                    }
                }
                done += available
                position += available
            }
            return done
        }

        /// The byte at `offset` without moving the read position: from memory, the window, or one `pread`.
        func peek(at offset: Int) -> UInt8? {
            guard offset >= 0, offset < count else { return nil }
            if let inMemory = byte(at: offset) { return inMemory }
            guard let file, let read = try? file.file.readFully(count: 1, at: offset), read.count == 1 else { return nil }
            return read[0]
        }

        /// Reads the 64 KiB from the current position; false at the end or on a read error.
        private func refill() -> Bool {
            let size = min(65_536, count - position)
            guard size > 0 else { return false }
            if window.count < size { window = [UInt8](repeating: 0, count: min(65_536, count)) }
            guard let file else { return false }
            let got = window.withUnsafeMutableBytes { raw in
                (try? file.file.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[..<size]), at: position).get()) ?? 0
            }
            guard got > 0 else { return false }
            if got < window.count { window.removeLast(window.count - got) }
            windowStart = position
            return true
        }
    }
}

func gifInputRead(
    _ file: UnsafeMutablePointer<GifFileType>?, _ buffer: UnsafeMutablePointer<GifByteType>?,
    _ count: Int32
) -> Int32 {
    guard let file, let user = file.pointee.UserData, let buffer, count > 0 else { return 0 }
    let input = Unmanaged<GIFRecordReader.Input>.fromOpaque(user).takeUnretainedValue()
    let copied = input.read(into: buffer, wanted: Int(count))
    if copied < Int(count) { input.ranOut = true }
    return Int32(copied)
}
