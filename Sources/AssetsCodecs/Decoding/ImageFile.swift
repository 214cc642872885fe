import AssetsSupport

/// A regular file opened read-only: its size, and any byte range of it. Reading never writes to the file.
struct ImageFile: ~Copyable {
    let path: String
    let size: Int
    /// The open file (read by offset, so its position stays at 0).
    let file: OpenFile

    /// The largest file read whole (2 GiB).
    static let maxSize = 1 << 31

    init(_ path: String) throws(ImageError) {
        // Opened non-blocking: opening a FIFO would otherwise wait for a writer (a hang); it is then
        // refused below. Reads from a regular file are unaffected by the flag.
        let file: OpenFile
        do {
            file = try CatalogFileSystem.open(path)
        } catch {
            throw ImageError(.unreadable, file: path, detail: "\(error)")
        }
        switch file.status() {
        case .failure(let error): throw ImageError(.unreadable, file: path, detail: error.description)
        case .success(let status) where status.type != .file: throw ImageError(.unreadable, file: path, detail: "not a regular file")
        case .success(let status): self.size = status.size
        }
        self.path = path
        self.file = file
    }

    /// Up to `count` bytes from `offset` (fewer at the end of the file).
    func read(from offset: Int, count: Int) throws(ImageError) -> [UInt8] {
        let wanted = max(0, min(count, size - offset))
        guard wanted <= Self.maxSize else {
            throw ImageError(.tooLarge, file: path, detail: "file is \(size) bytes")
        }
        do {
            return try file.readFully(count: wanted, at: offset)
        } catch {
            throw ImageError(.unreadable, file: path, detail: error.description)
        }
    }

    func readAll() throws(ImageError) -> [UInt8] {
        try read(from: 0, count: size)
    }
}
