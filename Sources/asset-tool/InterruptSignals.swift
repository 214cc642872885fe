import Assets
import Dispatch
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C (SIGINT), `kill` (SIGTERM) and a closed terminal (SIGHUP) while outputs are being written: the temporaries go
/// (`InterruptCleanup`), then the process ends by the same signal, so the caller sees how it ended.
/// The signals are watched on a dispatch queue, not in a signal handler, so the cleanup may take locks
/// and allocate.
enum InterruptSignals {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    /// Called before the command reports a failure or exits: once an interrupted run's temporaries are
    /// gone its writes fail, and those failures are not the run's result. The thread waits for the
    /// signal, which ends the process a moment later.
    static func holdIfInterrupted() {
        guard InterruptCleanup.isInterrupted else { return }
        // The signal handler ends the process within a fraction of a second.
        for _ in 0..<200 { usleep(50_000) }
        _exit(1)
    }

    /// A handler's address, to compare handlers (a C function pointer, optional or not by platform, is one word).
    private static func address<Handler>(of handler: Handler) -> Int {
        unsafeBitCast(handler, to: Int.self)
    }

    /// The signals that stop a run and remove its temporaries.
    static let numbers: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Called by `AssetTool.main` for every `WritingCommand`, once, on the main thread, before it runs.
    static func cleanUpOnExit() {
        guard sources.isEmpty else { return }
        // A file-size limit (`ulimit -f`) would end the process by SIGXFSZ mid-write, leaving its temporary:
        // ignored, the write fails with EFBIG instead, which the writers handle as any failed write (the
        // temporary removed, the destination untouched, one line naming the file).
        signal(SIGXFSZ, SIG_IGN)
        for number in InterruptSignals.numbers {
            // SIGHUP ignored at start (`nohup`) stays ignored: the run was asked to outlive its terminal.
            // SIGINT and SIGTERM are always taken (a shell starts a background job with SIGINT ignored,
            // and `kill -INT` of it should still stop the run cleanly).
            let previous = signal(number, SIG_IGN)
            if number == SIGHUP, InterruptSignals.address(of: previous) == InterruptSignals.address(of: SIG_IGN) { continue }
            let source = DispatchSource.makeSignalSource(signal: number, queue: DispatchQueue.global())
            source.setEventHandler {
                InterruptCleanup.removeAll()
                signal(number, SIG_DFL)
                // To the process, not this thread: dispatch's worker threads block signals, so a raise()
                // here would stay pending; a thread that does not block it (the main one) takes it.
                kill(getpid(), number)
                // A process started with the signal blocked in every thread never takes it: end with the
                // status a shell reports for it.
                usleep(200_000)
                _exit(128 + number)
            }
            source.resume()
            sources.append(source)
        }
    }
}
