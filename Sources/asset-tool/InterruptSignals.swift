import Assets
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C (SIGINT) and `kill` (SIGTERM) while outputs are being written: the temporaries go
/// (`InterruptCleanup`), then the process ends by the same signal, so the caller sees how it ended.
/// The signals are watched on a dispatch queue, not in a signal handler, so the cleanup may take locks
/// and allocate.
enum InterruptSignals {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    /// Call once, on the main thread, before writing.
    static func cleanUpOnExit() {
        guard sources.isEmpty else { return }
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: DispatchQueue.global())
            source.setEventHandler {
                InterruptCleanup.removeAll()
                signal(number, SIG_DFL)
                raise(number)
            }
            source.resume()
            sources.append(source)
        }
    }
}
