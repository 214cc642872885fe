import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one rule for every path a catalog names, applied by every command that reads a catalog
/// (`validate`, `build-check`, `report`, `resolve`) and by the `placeholders.json` beside it:
///
/// - a name is a plain name: not empty, not `.` or `..`, no `/`, `\` or NUL (`isPlainName`);
/// - a path resolves inside the root: a symbolic link is followed only when where it leads stays inside;
/// - only regular files are opened for reading: a FIFO, a device or a socket is refused by its type
///   (from the folder listing or `lstat`) before any `open`, and every open adds `O_NOFOLLOW` and
///   `O_NONBLOCK` and checks the type again with `fstat` on the descriptor (a name the listing showed
///   as regular is not asked again before the open: the `fstat` after it is the check).
///
/// A path with links is resolved once (`realpath`), checked against the root, then walked again from the
/// root folder one component at a time with `O_NOFOLLOW`, so a link swapped in between is refused, not
/// followed.
package struct CatalogRoot: Sendable {
    /// The folder as given.
    package let path: String
    /// Its canonical path (links resolved).
    package let real: String

    package init(path: String, real: String) {
        self.path = path
        self.real = real
    }

    /// The root at `path`, or nil when the path cannot be resolved.
    package init?(path: String) {
        guard let real = CatalogFileSystem.realPath(path) else { return nil }
        self.init(path: path, real: real)
    }

    /// Why a path the catalog names is not read.
    package enum Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        /// Empty, `.`, `..`, or holding `/`, `\` or NUL.
        case unsafeName(String)
        /// A symbolic link whose target is outside the root.
        case linkOutside
        /// A FIFO, a device or a socket.
        case special
        /// A folder where a file was asked for.
        case folder
        /// The system refused (no such file, permission, a dangling link, a link changed under us).
        case system(SystemError)

        package var description: String {
            switch self {
            case .unsafeName(let name): return "\"\(name)\" is not a plain file name"
            case .linkOutside: return "is a symbolic link leading out of the catalog; not read"
            case .special: return "is not a regular file (a FIFO, device or socket); not read"
            case .folder: return "is a folder, not a file"
            case .system(let error): return error.description
            }
        }
    }

    /// The one file-name rule: a name that stays in its folder. Not empty, not `.` or `..`, and no `/`,
    /// `\` or NUL (a backslash is a separator to Windows tools and to some archivers).
    package static func isPlainName(_ name: some StringProtocol) -> Bool {
        name.utf8.withContiguousStorageIfAvailable(isPlainName(utf8:)) ?? Array(name.utf8).withUnsafeBufferPointer(isPlainName(utf8:))
    }

    /// The same rule for a `String`, compiled for it here: a generic called from another module is not
    /// specialized, and this runs for every file name a catalog lists (and twice more for each it reads).
    package static func isPlainName(_ name: String) -> Bool {
        name.utf8.withContiguousStorageIfAvailable(isPlainName(utf8:)) ?? Array(name.utf8).withUnsafeBufferPointer(isPlainName(utf8:))
    }

    /// The rule on a name's UTF-8 bytes, one pass. Byte compares are the text compares: nothing but the
    /// one scalar "." is canonically equivalent to ".", and every `/`, `\` or NUL byte is that scalar.
    private static func isPlainName(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let dot = UInt8(ascii: ".")
        switch bytes.count {
        case 0: return false
        case 1 where bytes[0] == dot: return false
        case 2 where bytes[0] == dot && bytes[1] == dot: return false
        default: break
        }
        // Eight bytes at a time: a word holds a NUL, "/" or "\" when it has a zero byte after an XOR with
        // that byte in every lane (the has-zero-byte test, exact as to whether there is one).
        let ones: UInt64 = 0x0101_0101_0101_0101
        func hasZeroByte(_ word: UInt64) -> Bool { (word &- ones) & ~word & (ones &* 0x80) != 0 }
        var offset = 0
        if let start = bytes.baseAddress {
            while offset + 8 <= bytes.count {
                let word = UnsafeRawPointer(start + offset).loadUnaligned(as: UInt64.self)
                if hasZeroByte(word) || hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "/"))))
                    || hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "\\"))))
                {
                    return false
                }
                offset += 8
            }
        }
        for byte in bytes[offset...] where byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") || byte == 0 { return false }
        return true
    }

    /// Whether a canonical path is the root or inside it.
    package func contains(_ canonical: String) -> Bool {
        canonical == real || canonical.hasPrefix(real == "/" ? "/" : real + "/")
    }

    /// What a child of a catalog folder is, links vetted: the type it leads to, with its status when one
    /// was asked (a link's target, or a child the listing gave no type for), or why it is not followed.
    /// `listed` is the type the folder listing gave. The path is built only when it is asked (a link, or a
    /// child the listing gave no type): a regular file or a folder is settled by its listed type.
    package func vet(
        _ path: @autoclosure () -> String, listed: CatalogFileSystem.EntryType
    )
        -> Result<(type: CatalogFileSystem.EntryType, status: CatalogFileSystem.Status?, isLink: Bool), Refusal>
    {
        var type = listed
        var status: CatalogFileSystem.Status?
        if type == .other {
            switch CatalogFileSystem.linkStatus(path()) {
            case .failure(let error): return .failure(.system(error))
            case .success(let found): (type, status) = (found.type, found)
            }
        }
        switch type {
        case .special: return .failure(.special)
        case .file, .directory, .other: return .success((type, status, false))
        case .symlink: break
        }
        guard let target = CatalogFileSystem.realPath(path()) else { return .failure(.system(SystemError(code: errno))) }
        guard contains(target) else { return .failure(.linkOutside) }
        switch CatalogFileSystem.targetStatus(target) {
        case .failure(let error): return .failure(.system(error))
        case .success(let found) where found.type == .special: return .failure(.special)
        case .success(let found): return .success((found.type, found, true))
        }
    }

    /// Opens the file at the catalog-relative `relative` for reading under the rule.
    package func openFile(_ relative: String) -> Result<OpenFile, Refusal> {
        let components = relative.split(separator: "/", omittingEmptySubsequences: false)
        if let bad = components.first(where: { !CatalogRoot.isPlainName($0) }) { return .failure(.unsafeName(String(bad))) }
        switch walk(components) {
        case .success(let file): return .success(file)
        case .failure(.system(let error)) where error.code == ELOOP:
            // A link on the way: resolve it once, keep it only inside, and walk its canonical path
            // without following anything (a link found now was swapped in: refused).
            guard let canonical = CatalogFileSystem.realPath(path + "/" + relative) else {
                return .failure(.system(SystemError(code: errno)))
            }
            guard contains(canonical), canonical != real else { return .failure(canonical == real ? .folder : .linkOutside) }
            let inside = canonical.dropFirst(real == "/" ? 1 : real.utf8.count + 1)
            return walk(inside.split(separator: "/", omittingEmptySubsequences: false))
        case .failure(let refusal): return .failure(refusal)
        }
    }

    /// Opens the file `name` in the catalog folder `folder` (its catalog-relative path is `relative`), under
    /// the rule: the fast way for a file the folder listing showed as regular, the way of `openFile(_:)` for
    /// a link. `listed` is the type the folder listing gave the name (nil: not listed): `.file` opens it
    /// without asking its type first (see `openRegular`). The file knows its size (`OpenFile.knownSize`)
    /// when the `fstat` after the open found it, not when it was reached through a link. `relative` is built
    /// only when a link is met on the way.
    package func openFile(
        named name: String, in folder: OpenFolder, relative: @autoclosure () -> String,
        listed: CatalogFileSystem.EntryType? = nil
    ) -> Result<OpenFile, Refusal> {
        guard CatalogRoot.isPlainName(name) else { return .failure(.unsafeName(name)) }
        switch CatalogRoot.openRegular(name, in: folder.descriptor, listed: listed) {
        case .failure(.system(let error)) where error.code == ELOOP:
            return openFile(relative())
        case .failure(let refusal): return .failure(refusal)
        case .success(let file): return .success(file)
        }
    }

    /// Reads a catalog-relative file under the rule, as `OpenFile.read` reads (whole, or its head and tail).
    package func read(
        _ relative: String, head: Int? = nil, tail: Int = 0, maxBytes: Int = 256 << 20
    )
        -> Result<(head: [UInt8], tail: [UInt8], size: Int), Refusal>
    {
        switch openFile(relative) {
        case .failure(let refusal): return .failure(refusal)
        case .success(let file):
            return file.read(head: head, tail: tail, maxBytes: maxBytes).mapError { .system($0) }
        }
    }

    /// Walks `components` from the root without following any link: folders with `O_DIRECTORY | O_NOFOLLOW`,
    /// the last as a regular file. A link anywhere fails with ELOOP.
    private func walk(_ components: [Substring]) -> Result<OpenFile, Refusal> {
        var folder: FileDescriptor
        do {
            folder = try FileDescriptor.open(FilePath(real), .readOnly, options: [.closeOnExec, .directory])
        } catch {
            return .failure(.system(SystemError(error)))
        }
        for component in components.dropLast() {
            let next = CatalogRoot.openAt(folder, String(component), O_RDONLY | O_CLOEXEC | O_DIRECTORY | O_NOFOLLOW)
            try? folder.close()
            switch next {
            // ENOTDIR for a link to a folder opened with O_NOFOLLOW on some systems: ask lstat below.
            case .failure(let error): return .failure(.system(error.code == ENOTDIR ? SystemError(code: ELOOP) : error))
            case .success(let opened): folder = opened
            }
        }
        defer { try? folder.close() }
        guard let last = components.last else { return .failure(.folder) }
        return CatalogRoot.openRegular(String(last), in: folder)
    }

    /// `openat(2)`, which swift-system does not have: `name` in the folder open as `folder`.
    private static func openAt(_ folder: FileDescriptor, _ name: String, _ flags: CInt) -> Result<FileDescriptor, SystemError> {
        while true {
            let fd = openat(folder.rawValue, name, flags)
            if fd >= 0 { return .success(FileDescriptor(rawValue: fd)) }
            if errno != EINTR { return .failure(SystemError(code: errno)) }
        }
    }

    /// Opens `name` in `folder` only when it is a regular file. The open adds `O_NOFOLLOW` (a link fails
    /// with ELOOP, for `openFile` to judge) and `O_NONBLOCK`, and `fstat` on the descriptor checks it is a
    /// regular file, so a FIFO, device or socket swapped in after the listing is refused, never read.
    /// When the folder listing already said regular (`listed == .file`, DT_REG) that is the only stat;
    /// otherwise (a link, a type the listing did not give) the type is asked first without following a
    /// link (`fstatat`), so a FIFO or device is never opened, and the descriptor must be that same file.
    /// The file knows the size that `fstat` found.
    package static func openRegular(
        _ name: String, in folder: OpenFolder,
        listed: CatalogFileSystem.EntryType? = nil
    ) -> Result<OpenFile, Refusal> {
        openRegular(name, in: folder.descriptor, listed: listed)
    }

    static func openRegular(
        _ name: String, in folder: FileDescriptor,
        listed: CatalogFileSystem.EntryType? = nil
    ) -> Result<OpenFile, Refusal> {
        var before: CatalogFileSystem.Status?
        let listedRegular = listed == .file
        if !listedRegular {
            let found: Stat
            do { found = try Stat(FilePath(name), relativeTo: folder, flags: .symlinkNoFollow) } catch {
                return .failure(.system(SystemError(error)))
            }
            switch found.type {
            case .regular: break
            case .symbolicLink: return .failure(.system(SystemError(code: ELOOP)))
            case .directory: return .failure(.folder)
            default: return .failure(.special)
            }
            before = CatalogFileSystem.status(found)
        }
        let opened: FileDescriptor
        switch openAt(folder, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) {
        case .failure(let error): return .failure(.system(error))
        case .success(let descriptor): opened = descriptor
        }
        let after: CatalogFileSystem.Status
        let identity: FileIdentity
        do {
            let found = try opened.stat()
            after = CatalogFileSystem.status(found)
            identity = FileIdentity(found)
        } catch {
            try? opened.close()
            return .failure(.special)
        }
        guard after.type == .file, listedRegular || (after.device == before?.device && after.inode == before?.inode) else {
            try? opened.close()
            return .failure(after.type == .directory ? .folder : .special)
        }
        return .success(OpenFile(descriptor: opened, knownSize: after.size, identity: identity))
    }
}
