#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

func printError(_ text: String) {
    let bytes = Array((text + "\n").utf8)
    bytes.withUnsafeBytes { raw in
        guard let base = raw.baseAddress else { return }
        _ = write(STDERR_FILENO, base, raw.count)
    }
}

func fileExists(_ path: String) -> Bool {
    access(path, F_OK) == 0
}

func exitProcess(_ code: Int32) -> Never {
    exit(code)
}
