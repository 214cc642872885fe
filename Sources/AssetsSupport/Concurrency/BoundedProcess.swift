#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An external program run with bounds, for work that only a separate tool does (a PDF page drawn by
/// Poppler's `pdftoppm`): its input given as bytes, its output captured up to a limit, and the process
/// killed when it runs past its time or writes past the limit.
///
/// The input goes through a private temporary file (created 0600 under `TMPDIR`, else `/dev/shm` when
/// writable, else `/tmp`, and unlinked before the program starts, handed over as its standard input), never
/// through a pipe this process writes: a program that stops reading can neither block us nor raise SIGPIPE,
/// and no path of ours is on its command line.
/// The program starts with default signal dispositions and an empty signal mask (the calling thread
/// may block signals and the CLI ignores SIGINT/SIGTERM; neither should reach the child), and with no
/// descriptor of ours but its three standard ones. The input file and the pipes are the file layer's
/// owned descriptors (`OpenFile.privateFile`, `OpenFile.closeOnExecPipe`): none is a bare number here, and
/// each closes when the run lets it go (the write ends as soon as the program has started).
///
/// Hand-written on `posix_spawn`, not on swift-subprocess (1.0.2, in the package set): its `run` is async
/// only, and this runs on the report's worker threads (`ParallelWork`), which would each block on a task
/// for every PDF; its time limit is a task cancelled from outside rather than a bound of the run; and it
/// needs swift-tools-version 6.2, above this package's 6.0 floor for every consumer. The bounds kept here
/// (time, output size, input by a private unlinked file) are the whole of what is needed, in one file.
/// Foundation's `Process` is not in the targets' Foundation (FoundationEssentials) and has no output limit.
///
/// A memory cap (`maxAddressSpace`) is an `RLIMIT_AS` the program starts under. `posix_spawn` cannot set a
/// resource limit, `prlimit` is Linux's alone and would race the program's first allocations, and
/// lowering our own limit around the spawn would starve this process's other threads; `fork` and
/// `setrlimit` in Swift between `fork` and `exec` is not async-signal-safe in a threaded process. So the
/// program is started through the shell every POSIX system has: `/bin/sh -c 'ulimit -v KiB; exec "$0"
/// "$@"' PROGRAM ARGS...`, which sets the limit in the shell's own process and then becomes the program
/// (same process, same descriptors; arguments passed as arguments, never spliced into the script). Linux
/// enforces the limit (an allocation past it fails; Poppler prints "Out of memory"). macOS's kernel does not
/// enforce `RLIMIT_AS` (its `ulimit -v` may refuse or be ignored); the script goes on without the cap there,
/// and the time and output limits remain the bounds.
package struct BoundedProcess: Sendable {
    /// The program's absolute path.
    package var executable: String
    package var arguments: [String]
    /// Seconds the program may run before it is killed.
    package var timeout: Double
    /// The most bytes of standard output kept; more kills the program.
    package var maxOutputBytes: Int
    /// The most bytes of standard error kept (the rest is read and dropped).
    package var maxErrorBytes = 4096
    /// The most bytes of address space the program may map (`RLIMIT_AS`, set by `/bin/sh`'s `ulimit -v`, see
    /// above), or nil for no cap.
    package var maxAddressSpace: Int?

    package init(executable: String, arguments: [String], timeout: Double, maxOutputBytes: Int) {
        self.executable = executable
        self.arguments = arguments
        self.timeout = timeout
        self.maxOutputBytes = maxOutputBytes
    }

    /// Why a run gave no output.
    package enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The program could not be started (not there, not executable).
        case cannotStart(SystemError)
        /// It ran past `timeout` seconds and was killed.
        case timedOut(Double)
        /// It wrote more than `maxOutputBytes` and was killed.
        case outputTooLarge(Int)
        /// It exited with a status other than 0; the first line of what it wrote to standard error.
        case exited(Int32, String)
        /// It was ended by a signal.
        case signalled(Int32)
        /// This process could not set the run up (temporary file, pipes).
        case system(SystemError)
        /// A signal is ending this process: nothing more is started.
        case interrupted

        /// Whether the failure may be the memory cap at work (an allocation that failed ends a program by
        /// a signal or an error exit).
        package var mayBeMemory: Bool {
            switch self {
            case .signalled, .exited: return true
            default: return false
            }
        }

        package var description: String {
            switch self {
            case .cannotStart(let error): return "could not be started: \(error)"
            case .timedOut(let seconds): return "ran past \(seconds) s and was stopped"
            case .outputTooLarge(let limit): return "wrote more than \(limit) bytes and was stopped"
            case .exited(let status, let message): return "failed (exit \(status))" + (message.isEmpty ? "" : ": \(message)")
            case .signalled(let number): return "ended by signal \(number)"
            case .system(let error): return error.description
            case .interrupted: return "not started: the run was interrupted"
            }
        }
    }

    /// Runs the program with `input` as its standard input; its standard output when it exits with 0.
    package func run(input: [UInt8]) -> Result<[UInt8], Failure> {
        // Every descriptor is an owned `OpenFile` (the file layer's); the input file and the write ends are
        // closed here when the closure returns, once the program holds its own copies.
        let setUp = Self.spawning.withLock { spawns -> Result<(pid: pid_t, out: OpenFile, err: OpenFile, token: Int), Failure> in
            spawns += 1
            // Started and registered as one step: once a signal has come nothing starts, and the signal's
            // clean-up kills every child registered before it.
            guard InterruptCleanup.enterUninterruptible() else { return .failure(.interrupted) }
            defer { InterruptCleanup.leaveUninterruptible() }
            let inputFile: OpenFile
            let outPipe: (read: OpenFile, write: OpenFile)
            let errPipe: (read: OpenFile, write: OpenFile)
            do throws(SystemError) {
                inputFile = try OpenFile.privateFile(holding: input, in: Self.inputFolder())
                outPipe = try OpenFile.closeOnExecPipe()
                errPipe = try OpenFile.closeOnExecPipe()
            } catch {
                return .failure(.system(error))
            }
            switch spawn(stdin: inputFile, stdout: outPipe.write, stderr: errPipe.write) {
            case .failure(let error): return .failure(.cannotStart(error))
            case .success(let child): return .success((child, outPipe.read, errPipe.read, InterruptCleanup.register(.child(child))))
            }
        }
        let pid: pid_t
        let outRead: OpenFile
        let errRead: OpenFile
        let token: Int
        switch setUp {
        case .failure(let failure): return .failure(failure)
        case .success(let started): (pid, outRead, errRead, token) = (started.pid, started.out, started.err, started.token)
        }

        var output: [UInt8] = []
        var errors: [UInt8] = []
        var stopped: Failure?
        var open = [outRead, errRead]
        let deadline = Self.now() + timeout
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while !open.isEmpty, stopped == nil {
            let left = deadline - Self.now()
            guard left > 0 else {
                stopped = .timedOut(timeout)
                break
            }
            let streams = open
            var fds = streams.map { pollfd(fd: $0.descriptor.rawValue, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&fds, nfds_t(fds.count), Int32(min(left * 1000, 60_000).rounded(.up)))
            if ready < 0 {
                if errno == EINTR { continue }
                stopped = .system(SystemError(code: errno))
                break
            }
            for (index, entry) in fds.enumerated() where entry.revents != 0 {
                let stream = streams[index]
                let count: Int
                switch buffer.withUnsafeMutableBytes({ stream.readAvailable(into: $0) }) {
                case .success(nil): continue
                case .success(let got?): count = got
                case .failure: count = 0  // a stream that fails is done, as one at its end
                }
                if count == 0 {
                    open.removeAll { $0 === stream }
                } else if stream === outRead {
                    output += buffer[0..<count]
                    if output.count > maxOutputBytes { stopped = .outputTooLarge(maxOutputBytes) }
                } else if errors.count < maxErrorBytes {
                    errors += buffer[0..<min(count, maxErrorBytes - errors.count)]
                }
            }
        }
        if stopped != nil { BoundedProcess.terminate(pid) }
        // Unregistered before it is reaped, so the clean-up never signals a number the system may reuse.
        InterruptCleanup.unregister(token)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return .failure(stopped ?? .system(SystemError(code: errno))) }
        }
        if let stopped { return .failure(stopped) }
        let signal = status & 0x7F
        if signal != 0 { return .failure(.signalled(signal)) }
        let code = (status >> 8) & 0xFF
        guard code == 0 else {
            let line = errors.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }).first.map { String(decoding: $0, as: UTF8.self) } ?? ""
            return .failure(.exited(code, line))
        }
        return .success(output)
    }

    /// Ends a child at once (`SIGKILL`): one that ran past its bounds, or every one when a signal stops the run
    /// (`InterruptCleanup`). The one place a process is signalled, as `spawn` is the one place one is started.
    package static func terminate(_ pid: pid_t) {
        _ = kill(pid, SIGKILL)
    }

    /// The program started with the three descriptors as its standard ones, default signal handling and
    /// no blocked signal.
    private func spawn(stdin: OpenFile, stdout: OpenFile, stderr: OpenFile) -> Result<pid_t, SystemError> {
        // Darwin declares the two spawn types as opaque pointers (`= nil`, set by `_init`), Glibc as structs.
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
            var attributes: posix_spawnattr_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin.descriptor.rawValue, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout.descriptor.rawValue, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr.descriptor.rawValue, 2)
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        var noSignal = sigset_t()
        sigemptyset(&noSignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setsigmask(&attributes, &noSignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var program = executable
        var words = [executable] + arguments
        if let cap = maxAddressSpace {
            // The shell reports a missing program as exit 127: say it as posix_spawn would have.
            if case .failure(let error) = CatalogFileSystem.mayAccess(executable, .execute) { return .failure(error) }
            program = "/bin/sh"
            words = ["/bin/sh", "-c", "ulimit -v \(max(cap >> 10, 1)) 2>/dev/null; exec \"$0\" \"$@\""] + words
        }
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        #if canImport(Darwin)
            let environment = _NSGetEnviron().pointee
        #else
            let environment = environ
        #endif
        let result = posix_spawn(&pid, program, &actions, &attributes, argv, environment)
        guard result == 0 else { return .failure(SystemError(code: result)) }
        return .success(pid)
    }

    /// Where inputs go without `TMPDIR`: `/dev/shm` (a tmpfs on Linux) when this process may write there,
    /// else `/tmp`. An input lives only as long as its program runs, unlinked from the start, so it need not
    /// reach a disk, where a large report's thousands of inputs would make its time grow faster than its
    /// sets. (`memfd_create` would need C here.)
    static let defaultFolder: String = {
        if case .success = CatalogFileSystem.mayAccess("/dev/shm", .writeInFolder) { return "/dev/shm" }
        return "/tmp"
    }()

    /// The folder a run's private input file is made in (`OpenFile.privateFile`): `TMPDIR` when set, else
    /// `defaultFolder`.
    private static func inputFolder() -> String {
        getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? defaultFolder
    }

    /// Held while a run makes its descriptors and starts its program: a pipe or file is marked close-on-exec
    /// only after it is made (`OpenFile.closeOnExecPipe`), and no other run's program may be started between
    /// the two and inherit an end (one that kept another run's write end would hold that run's output open
    /// until it exits).
    private static let spawning = Locked(0)

    /// Seconds on the monotonic clock.
    package static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
