import AssetsSupport

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

    /// Whether this thread is one of `map`'s large-stack threads: a parse runs on it directly.
    @TaskLocal static var onLargeStack = false

    /// `body(0..<count)` on one large-stack thread per core (`ParallelWork`'s width), results in index order:
    /// each thread made once for the whole map, not once per file, and indices handed out `chunk` at a time.
    static func map<Result: Sendable>(count: Int, chunk: Int, _ body: (Int) -> Result) -> [Result] {
        guard count > 0 else { return [] }
        let chunk = max(1, chunk)
        let next = Locked(0)
        let width = max(1, min(ParallelWork.processorCount, (count + chunk - 1) / chunk))
        var parts = withoutActuallyEscaping(body) { body in
            let work = UnsafeSendable(body)
            return ParallelWork.map(count: width, chunk: 1, width: width) { _ -> [(index: Int, result: Result)] in
                run(marking: true) {
                    var done: [(index: Int, result: Result)] = []
                    while true {
                        let start = next.withLock { value -> Int in
                            defer { value += chunk }
                            return value
                        }
                        guard start < count else { return done }
                        for index in start..<min(start + chunk, count) { done.append((index, work.value(index))) }
                    }
                }
            }
        }
        // Each result moved, not copied, into its place (a copy retains every reference a result holds).
        var placed = [Result?](repeating: nil, count: count)
        for part in parts.indices {
            while let (index, result) = parts[part].popLast() { placed[index] = result }
        }
        var results: [Result] = []
        results.reserveCapacity(count)
        for index in placed.indices { if let result = placed[index].take() { results.append(result) } }
        return results
    }

    /// `body` on a large stack: here when this is already one of `map`'s threads, else on a thread of its own.
    /// `marking`: the thread made is marked as such for the parses `body` runs.
    static func run<Result>(marking: Bool = false, _ body: () -> Result) -> Result {
        if onLargeStack { return body() }
        return withoutActuallyEscaping(body) { body in
            let box = ParseBox(body, marking: marking)
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
                // No thread could be made: run here (the nesting limit still bounds the depth), unmarked.
                Unmanaged<ParseBox<Result>>.fromOpaque(context).release()
                return body()
            }
            #if canImport(Glibc)
                pthread_join(thread, nil)
            #else
                if let thread { pthread_join(thread, nil) }
            #endif
            // The thread set the result before it ended; join orders that write before this read.
            return box.result ?? body()
        }
    }
}

/// What the started thread runs, whatever the result's type.
private protocol ParseWork: AnyObject {
    func perform()
}

/// The work and its result, handed to the thread and read back after the join.
private final class ParseBox<Result>: ParseWork, @unchecked Sendable {
    let body: () -> Result
    let marking: Bool
    var result: Result?
    init(_ body: @escaping () -> Result, marking: Bool) {
        self.body = body
        self.marking = marking
    }

    func perform() {
        result = marking ? ParserThread.$onLargeStack.withValue(true) { body() } : body()
    }
}

/// The start routine: Glibc and Darwin (`SWIFT_SDK_OVERLAY_PTHREAD_EPOCH` 1) both import it as
/// `@convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?`.
private func parseThreadMain(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    let work = Unmanaged<AnyObject>.fromOpaque(context).takeRetainedValue()
    (work as? ParseWork)?.perform()
    return nil
}
