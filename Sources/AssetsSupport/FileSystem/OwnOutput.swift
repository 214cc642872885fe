#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one rule for removing an output: only a file this tool wrote is ever removed, recognised by the
/// marker its first bytes hold (`build-check`'s header comment). A link, a folder, a FIFO, a device, a
/// file of another content or a file too large to be one is left alone, and nothing is ever removed
/// recursively. Every command that removes an output goes through `remove`; the others never remove
/// anything (a failed write leaves the destination as it was: `AtomicFileStream`).
package enum OwnOutput {
    /// The largest file that may be an output recognised by its marker.
    package static let maximumBytes = 64 << 10

    /// Whether `path` is a regular file (not a link to one) that begins with `marker`. The file is opened
    /// under `CatalogRoot`'s rule (no link followed, no FIFO or device opened, the same file checked again
    /// on the descriptor).
    package static func isOwn(_ path: String, marker: [UInt8]) -> Bool {
        guard !path.isEmpty, case .success(let status) = CatalogFileSystem.linkStatus(path), status.type == .file,
            status.size >= marker.count, status.size <= maximumBytes
        else { return false }
        let (folder, name) = split(path)
        guard CatalogRoot.isPlainName(name), let directory = CatalogFileSystem.openFolder(folder),
            case .success(let file) = CatalogRoot.openRegular(name, in: directory),
            case .success(let read) = file.read(head: marker.count, maxBytes: maximumBytes)
        else {
            return false
        }
        return read.head.count == marker.count && read.head == marker
    }

    /// Removes `path` when it is this tool's own output (`isOwn`); anything else there is left alone.
    /// Returns whether a file was removed.
    @discardableResult
    package static func remove(_ path: String, marker: [UInt8]) -> Bool {
        guard isOwn(path, marker: marker) else { return false }
        return unlink(path) == 0
    }

    /// The folder holding `path` and its last component.
    package static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }
}
