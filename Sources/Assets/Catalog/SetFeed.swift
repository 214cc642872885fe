import AssetsSupport
import AssetsCodecs
import Dispatch

/// Hands the set folders the group walk finds to readers on the other cores while the walk goes on,
/// so reading sets does not wait for the last group to be listed. The walking thread reads sets too
/// once its walk is done, and while it is far ahead of the readers. Results come back in the order
/// the walk found the sets.
final class SetFeed<Result: Sendable>: Sendable {
    private struct State {
        /// The sets found and not yet dropped; `sets[0]` is set number `dropped`.
        var sets: [CatalogReader.PendingSet] = []
        var dropped = 0
        var walkDone = false
        /// Sets of `sets` handed out.
        var taken = 0
        var results: [(Int, Result)] = []
        /// `run`'s reading function, for the walk to read with when it is far ahead.
        var reader: (@Sendable (CatalogReader.PendingSet, Int) -> Result)?
    }

    private let state = Locked(State())
    /// Sets a reader takes at once: few, so the cores stay busy to the end.
    private let chunk = 4
    /// Sets found and not yet taken beyond which the walk reads a few itself before it goes on, so the
    /// list stays bounded when listing runs far ahead of reading (and no thread ever waits on another).
    private let pendingLimit = 4096

    init() {}

    /// Runs `walk` on the calling thread, which passes each set folder to `add` as it finds it, while
    /// `read` runs on up to `readers` other threads (and on this one after the walk) for every set found,
    /// with the number of sets known so far. Returns `read`'s results in the order the sets were added.
    func run(readers: Int, walk: (SetFeed) -> Void,
             read: @escaping @Sendable (CatalogReader.PendingSet, Int) -> Result) -> [Result] {
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
            // Sorted in place, then moved out: one extra copy of the results at most, not two.
            state.reader = nil
            state.results.sort { $0.0 < $1.0 }
            let ordered = state.results.map(\.1)
            state.results = []
            return ordered
        }
    }

    /// A set folder the walk found.
    func add(_ set: CatalogReader.PendingSet) {
        let (chunk, limit) = (self.chunk, self.pendingLimit)
        let (enough, far, reader) = state.withLock { state in
            state.sets.append(set)
            let pending = state.sets.count - state.taken
            return (pending >= chunk, pending >= limit, state.reader)
        }
        if enough { state.withLockWakingWaiters { _ in } }
        if far, let reader, let (start, batch, known) = next() {
            var done: [(Int, Result)] = []
            for (offset, set) in batch.enumerated() { done.append((start + offset, reader(set, known))) }
            state.withLock { $0.results += done }
        }
    }

    private func drain(_ read: (CatalogReader.PendingSet, Int) -> Result) {
        var done: [(Int, Result)] = []
        while let (start, batch, known) = next() {
            for (offset, set) in batch.enumerated() { done.append((start + offset, read(set, known))) }
        }
        state.withLock { $0.results += done }
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
