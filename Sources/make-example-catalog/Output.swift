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

func exitProcess(_ code: Int32) -> Never {
    exit(code)
}
