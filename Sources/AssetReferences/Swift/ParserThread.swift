#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a parse on a thread of its own with a large stack (reserved, not committed: only what the parse
/// touches is used). The parser and the syntax walk recurse once per nesting level; the parser's nesting
/// limit bounds that, and this stack leaves room for a debug build's larger frames at that limit.
enum ParserThread {
    static let stackSize = 512 << 20

    static func run(_ body: () -> FileScan) -> FileScan {
        withoutActuallyEscaping(body) { body in
            let box = ParseBox(body)
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            pthread_attr_setstacksize(&attributes, stackSize)
            let context = Unmanaged.passRetained(box).toOpaque()
            #if canImport(Glibc)
                var thread = pthread_t()
                let started = pthread_create(&thread, &attributes, parseThreadMain, context)
            #else
                var thread: pthread_t?
                let started = pthread_create(&thread, &attributes, parseThreadMain, context)
            #endif
            guard started == 0 else {
                // No thread could be made: run here (the nesting limit still bounds the depth).
                Unmanaged<ParseBox>.fromOpaque(context).release()
                return body()
            }
            #if canImport(Glibc)
                pthread_join(thread, nil)
            #else
                if let thread { pthread_join(thread, nil) }
            #endif
            // The thread set the result before it ended; join orders that write before this read.
            return box.result ?? FileScan()
        }
    }
}

/// The work and its result, handed to the thread and read back after the join.
private final class ParseBox: @unchecked Sendable {
    let body: () -> FileScan
    var result: FileScan?
    init(_ body: @escaping () -> FileScan) { self.body = body }
}

/// The start routine: Glibc and Darwin (`SWIFT_SDK_OVERLAY_PTHREAD_EPOCH` 1) both import it as
/// `@convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?`.
private func parseThreadMain(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    let box = Unmanaged<ParseBox>.fromOpaque(context).takeRetainedValue()
    box.result = box.body()
    return nil
}
