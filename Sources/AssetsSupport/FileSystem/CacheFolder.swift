import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where `asset-tool` keeps what it may forget (the facts a check learned from each file, `FileFactsCache`),
/// off the catalog: the platform's folder for a user's caches, and what names the running build.
package enum CacheFolder {
    /// The default folder: `~/Library/Caches/asset-tool` on macOS; `$XDG_CACHE_HOME/asset-tool` on Linux
    /// when that variable holds an absolute path (the XDG base directory rule), else `~/.cache/asset-tool`.
    /// Nil when no home is known (`HOME` unset or relative): then nothing is cached.
    package static func defaultPath() -> String? {
        #if canImport(Darwin)
            return home().map { $0 + "/Library/Caches/asset-tool" }
        #else
            if let xdg = variable("XDG_CACHE_HOME"), xdg.hasPrefix("/") { return xdg + "/asset-tool" }
            return home().map { $0 + "/.cache/asset-tool" }
        #endif
    }

    /// The running executable's file identity (size, inode, modification time), so a rebuilt tool never
    /// trusts what an earlier build cached: Linux asks `/proc/self/exe`; macOS the path the process was
    /// started by (`argv[0]`, searched in `PATH` when it names no folder). Nil when it cannot be found.
    package static func executableIdentity() -> FileIdentity? {
        #if canImport(Darwin)
            guard let started = CommandLine.arguments.first, !started.isEmpty else { return nil }
            let candidates =
                started.contains("/")
                ? [started] : (variable("PATH") ?? "").split(separator: ":").map { "\($0)/\(started)" }
            for candidate in candidates {
                if let found = try? Stat(FilePath(candidate)), found.type == .regular { return FileIdentity(found) }
            }
            return nil
        #else
            guard let found = try? Stat(FilePath("/proc/self/exe")), found.type == .regular else { return nil }
            return FileIdentity(found)
        #endif
    }

    /// Removes the least recently written files of `folder` whose names `named` accepts, past `atMost`
    /// of them (never `kept`, nor any other file; a file that cannot be removed stays).
    package static func prune(_ folder: String, named: (String) -> Bool, keeping kept: String, atMost: Int) {
        guard case .success(let names) = CatalogFileSystem.list(folder) else { return }
        let caches = names.filter(named)
        guard caches.count > atMost else { return }
        let dated = caches.compactMap { name -> (path: String, modified: Int64)? in
            let path = folder + "/" + name
            guard path != kept, let identity = FileIdentity.of(path) else { return nil }
            return (path, identity.modified)
        }
        for old in dated.sorted(by: { $0.modified < $1.modified }).prefix(caches.count - atMost) {
            try? OutputFileSystem.removeFile(FilePath(old.path))
        }
    }

    private static func home() -> String? {
        guard let home = variable("HOME"), home.hasPrefix("/") else { return nil }
        return home == "/" ? "" : home
    }

    private static func variable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }
}
