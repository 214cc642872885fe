import AssetsSupport
import AssetsCodecs
import Dispatch

/// Hands the set folders the group walk finds to readers on the other cores while the walk goes on,
/// so reading sets does not wait for the last group to be listed. The walking thread reads sets too
/// once its walk is done, and while it is far ahead of the readers. Results come back in the order
/// the walk found the sets.
///
/// Each result goes straight to its set's slot in pages of `pageSize` slots, made as the walk finds sets:
/// no list of results grows by doubling and none is sorted or copied at the end, and the caller takes
/// the pages one at a time (`Results.consume`), so a catalog of 100,000 sets holds its results once.
final class SetFeed<Result: Sendable>: Sendable {
    private struct State {
        /// The sets found and not yet dropped; `sets[0]` is set number `dropped`.
        var sets: [CatalogReader.PendingSet] = []
        var dropped = 0
        var walkDone = false
        /// Sets of `sets` handed out.
        var taken = 0
        /// Each set's result by its number: page `n / pageSize`, slot `n % pageSize`.
        var pages: [[Result?]] = []
        /// `run`'s reading function, for the walk to read with when it is far ahead.
        var reader: (@Sendable (CatalogReader.PendingSet, Int) -> Result)?
    }

    private let state = Locked(State())
    /// Sets a reader takes at once: few, so the cores stay busy to the end.
    private let chunk = 4
    /// Sets found and not yet taken beyond which the walk reads a few itself before it goes on, so the
    /// list stays bounded when listing runs far ahead of reading (and no thread ever waits on another).
    private let pendingLimit = 4096
    /// Result slots a page holds: 1,024, or more so that a page is over 128 KiB, a mapping of its own
    /// (`AllocatorPolicy`) given back to the system as soon as `Results.consume` has passed its results on,
    /// while the caller's arrays of them fill (from the heap, the pages' memory stayed the process's and
    /// both were held at once).
    static var pageSize: Int { max(1024, (136 << 10) / MemoryLayout<Result?>.stride + 1) }

    /// What `run` read, in the order the walk found the sets.
    struct Results: Sendable {
        fileprivate var pages: [[Result?]]
        /// How many sets were read.
        let count: Int

        /// Passes each result to `body` in order, releasing each page once it is passed. Mutating, on the
        /// caller's own value: a `consuming` call on the caller's `let` may be given a copy, and the caller's value
        /// then keeps every page until the last is passed (heaptrack saw 18 MB of pages beside the arrays they fill).
        mutating func consume(_ body: (Result) -> Void) {
            var remaining = count
            for index in pages.indices {
                var page: [Result?] = []
                swap(&page, &pages[index])
                for slot in page.prefix(min(remaining, page.count)) {
                    if let slot { body(slot) }
                }
                remaining -= page.count
            }
        }
    }

    init() {}

    /// Runs `walk` on the calling thread, which passes each set folder to `add` as it finds it, while
    /// `read` runs on up to `readers` other threads (and on this one after the walk) for every set found,
    /// with the number of sets known so far. Returns `read`'s results in the order the sets were added.
    func run(
        readers: Int, walk: (SetFeed) -> Void,
        read: @escaping @Sendable (CatalogReader.PendingSet, Int) -> Result
    ) -> Results {
        let group = DispatchGroup()
        state.withLock { $0.reader = read }
        for _ in 0..<max(0, readers) {
            DispatchQueue.global().async(group: group) { self.drain(read) }
        }
        walk(self)
        state.withLockWakingWaiters { $0.walkDone = true }
        drain(read)
        group.wait()
        return state.withLock { state in
            state.reader = nil
            let results = Results(pages: state.pages, count: state.dropped + state.sets.count)
            state.pages = []
            return results
        }
    }

    /// A set folder the walk found.
    func add(_ set: CatalogReader.PendingSet) {
        let (chunk, limit) = (self.chunk, self.pendingLimit)
        let (enough, far, reader) = state.withLock { state in
            state.sets.append(set)
            if state.dropped + state.sets.count > state.pages.count * SetFeed.pageSize {
                state.pages.append([Result?](repeating: nil, count: SetFeed.pageSize))
            }
            let pending = state.sets.count - state.taken
            return (pending >= chunk, pending >= limit, state.reader)
        }
        if enough { state.withLockWakingWaiters { _ in } }
        if far, let reader, let (start, batch, known) = next() {
            var done: [(Int, Result)] = []
            for (offset, set) in batch.enumerated() { done.append((start + offset, reader(set, known))) }
            store(done)
        }
    }

    private func drain(_ read: (CatalogReader.PendingSet, Int) -> Result) {
        var done: [(Int, Result)] = []
        while let (start, batch, known) = next() {
            for (offset, set) in batch.enumerated() { done.append((start + offset, read(set, known))) }
            store(done)
            done.removeAll(keepingCapacity: true)
        }
    }

    /// Puts results in their sets' slots.
    private func store(_ done: [(Int, Result)]) {
        let size = SetFeed.pageSize
        state.withLock { state in
            for (number, result) in done { state.pages[number / size][number % size] = result }
        }
    }

    /// The next few sets to read, waiting while the walk may still find more; nil when all are taken.
    private func next() -> (Int, [CatalogReader.PendingSet], Int)? {
        let (chunk, limit) = (self.chunk, self.pendingLimit)
        return state.withLock(when: { $0.sets.count - $0.taken >= chunk || $0.walkDone }) { state in
            guard state.taken < state.sets.count else { return nil }
            let first = state.taken
            state.taken = min(state.sets.count, state.taken + chunk)
            // A copy: a slice would keep the array's buffer shared, and the walk's next append would copy it all.
            let batch = Array(state.sets[first..<state.taken])
            let known = state.dropped + state.sets.count
            let start = state.dropped + first
            // Sets handed out are dropped now and then, so the list holds only what is still unread.
            if state.taken >= limit {
                state.sets.removeFirst(state.taken)
                state.dropped += state.taken
                state.taken = 0
            }
            return (start, batch, known)
        }
    }
}
