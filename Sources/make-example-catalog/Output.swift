import AssetsSupport
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

func printError(_ text: String) {
    StandardStream.error.write(Array((text + "\n").utf8))
}

func fileExists(_ path: String) -> Bool {
    if case .success = CatalogFileSystem.mayAccess(path, .exists) { return true }
    return false
}

func exitProcess(_ code: Int32) -> Never {
    exit(code)
}
