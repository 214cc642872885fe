import AssetsSupport
import AssetsCodecs
import Dispatch

/// Hands the set folders the group walk finds to readers on the other cores while the walk goes on,
/// so reading sets does not wait for the last group to be listed. The walking thread reads sets too
/// once its walk is done. Results come back in the order the walk found the sets.
final class SetFeed<Result: Sendable>: Sendable {
    private struct State {
        var sets: [CatalogReader.PendingSet] = []
        var walkDone = false
        var taken = 0
        var results: [(Int, Result)] = []
    }

    private let state = Locked(State())
    /// Sets a reader takes at once: few, so the cores stay busy to the end.
    private let chunk = 4

    init() {}

    /// Runs `walk` on the calling thread, which passes each set folder to `add` as it finds it, while
    /// `read` runs on up to `readers` other threads (and on this one after the walk) for every set found,
    /// with the number of sets known so far. Returns `read`'s results in the order the sets were added.
    func run(readers: Int, walk: (SetFeed) -> Void,
             read: @escaping @Sendable (CatalogReader.PendingSet, Int) -> Result) -> [Result] {
        let group = DispatchGroup()
        for _ in 0..<max(0, readers) {
            DispatchQueue.global().async(group: group) { self.drain(read) }
        }
        walk(self)
        state.withLockWakingWaiters { $0.walkDone = true }
        drain(read)
        group.wait()
        return state.withLock { $0.results.sorted { $0.0 < $1.0 }.map(\.1) }
    }

    /// A set folder the walk found.
    func add(_ set: CatalogReader.PendingSet) {
        let chunk = self.chunk
        let enough = state.withLock { state -> Bool in
            state.sets.append(set)
            return state.sets.count - state.taken >= chunk
        }
        if enough { state.withLockWakingWaiters { _ in } }
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
        let chunk = self.chunk
        return state.withLock(when: { $0.sets.count - $0.taken >= chunk || $0.walkDone }) { state in
            guard state.taken < state.sets.count else { return nil }
            let start = state.taken
            state.taken = min(state.sets.count, state.taken + chunk)
            // A copy: a slice would keep the array's buffer shared, and the walk's next append would copy it all.
            return (start, Array(state.sets[start..<state.taken]), state.sets.count)
        }
    }
}
