import CFuzzerDriver
#if canImport(Glibc)
    import Glibc
#endif

/// Runs libFuzzer with this process's arguments and `body` as the input callback.
///
/// SwiftPM on Linux renames an executable's `main` (`-entry-point-function-name`), so the harnesses
/// keep a `main.swift` and call libFuzzer's driver rather than linking libFuzzer's own `main`.
public enum FuzzDriver {
    public static func run(_ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, body))
    }
}
