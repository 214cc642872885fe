#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How the process's allocator gives memory back to the system, set by `validate` without `--deep` before
/// any work (a library caller's process is its own to tune).
///
/// glibc serves a block of 128 KiB or more with its own mapping, unmapped when freed, but it raises that
/// threshold to the size of each such block freed (up to 32 MiB), so after the first large buffer is let
/// go (a cache file read whole, an array grown by doubling) the next ones come from the heap, where freed
/// memory stays part of the process: at the scale tree's 130,000 sets `validate` peaked 9 MiB higher so
/// (`MALLOC_MMAP_THRESHOLD_=131072` in the environment, which fixes it, gave 90.6 MiB against 99.8).
/// Fixing the threshold at 128 KiB keeps every large block a mapping of its own. Not for a run that decodes
/// every image: each pixel buffer then costs a mapping and its page faults, and `validate --deep` of the bench
/// catalog took 0.75 s of system time against 0.30-0.59 s (wall +15 %, measured with the environment variable on
/// the same build, three runs each), so `--deep` and the commands that decode keep glibc's adaptive threshold. `mallopt` is not in
/// Swift's Glibc module: it is looked up by name (and skipped when not found, as in a static build that
/// cannot look names up). Darwin's allocator returns large blocks itself: nothing to set there.
enum AllocatorPolicy {
    /// Large blocks (128 KiB or more) mapped on their own and unmapped when freed.
    static func returnLargeBlocksWhenFreed() {
        #if os(Linux)
            // glibc's `malloc.h`: `M_MMAP_THRESHOLD` is -3 (and has been since glibc 2.0).
            let mmapThreshold: Int32 = -3
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "mallopt") else { return }
            _ = unsafeBitCast(symbol, to: Mallopt.self)(mmapThreshold, 128 << 10)
        #endif
    }
}
