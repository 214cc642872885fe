import CAllocatorShim

/// How the process's allocator gives memory back to the system, set by `validate` without `--deep` before
/// any work (a library caller's process is its own to tune).
///
/// glibc serves a block of 128 KiB or more with its own mapping, unmapped when freed, but it raises that
/// threshold to the size of each such block freed (up to 32 MiB), so after the first large buffer is let
/// go (a cache file read whole, an array grown by doubling) the next ones come from the heap, where freed
/// memory stays part of the process: at the scale tree's 130,000 sets `validate` peaked 9 MiB higher so
/// (`MALLOC_MMAP_THRESHOLD_=131072` in the environment, which fixes it, gave 90.6 MiB against 99.8; the
/// static build, where the setting had been looked up by name at run time and never found, 66.4 against
/// 71.6-75.5). Fixing the threshold at 128 KiB keeps every large block a mapping of its own. Not for a run that decodes
/// every image: each pixel buffer then costs a mapping and its page faults, and `validate --deep` of the bench
/// catalog took 0.75 s of system time against 0.30-0.59 s (wall +15 %, measured with the environment variable on
/// the same build, three runs each), so `--deep` and the commands that decode keep glibc's adaptive threshold.
/// `mallopt` is not in Swift's Glibc module: `CAllocatorShim` calls it from C (glibc only). Darwin's allocator
/// returns large blocks itself: nothing to set there.
enum AllocatorPolicy {
    /// Large blocks (128 KiB or more) mapped on their own and unmapped when freed.
    static func returnLargeBlocksWhenFreed() {
        _ = assets_fix_mmap_threshold(128 << 10)
    }
}
