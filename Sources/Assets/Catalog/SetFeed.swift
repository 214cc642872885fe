import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hands the set folders the group walk finds to readers on the other cores while the walk goes on,
/// so reading sets does not wait for the last group to be listed. The walking thread reads sets too
/// once its walk is done. Results come back in the order the walk found the sets.
final class SetFeed<Result: Sendable>: @unchecked Sendable {
    // Unchecked: every stored property below is touched only while holding `mutex`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let arrived: UnsafeMutablePointer<pthread_cond_t>
    /// The sets found and not yet dropped; `sets[0]` is set number `dropped`.
    private var sets: [CatalogReader.PendingSet] = []
    private var dropped = 0
    private var walkDone = false
    /// Sets of `sets` handed out.
    private var taken = 0
    /// Sets found and not yet taken beyond which the walk reads a few itself before it goes on, so the
    /// list stays bounded when listing runs far ahead of reading (and no thread ever waits on another).
    private let pendingLimit = 4096
    /// `run`'s reading function, for the walk to read with when it is that far ahead (set and used only
    /// on the walking thread).
    private var reader: ((CatalogReader.PendingSet, Int) -> Result)?
    private var results: [(Int, Result)] = []
    /// Sets a reader takes at once: few, so the cores stay busy to the end.
    private let chunk = 4

    init() {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        arrived = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        arrived.initialize(to: pthread_cond_t())
        pthread_cond_init(arrived, nil)
    }

    deinit {
        pthread_cond_destroy(arrived)
        pthread_mutex_destroy(mutex)
        arrived.deallocate()
        mutex.deallocate()
    }

    /// Runs `walk` on the calling thread, which passes each set folder to `add` as it finds it, while
    /// `read` runs on up to `readers` other threads (and on this one after the walk) for every set found,
    /// with the number of sets known so far. Returns `read`'s results in the order the sets were added.
    func run(readers: Int, walk: (SetFeed) -> Void,
             read: @escaping @Sendable (CatalogReader.PendingSet, Int) -> Result) -> [Result] {
        let group = DispatchGroup()
        reader = read
        for _ in 0..<max(0, readers) {
            DispatchQueue.global().async(group: group) { self.drain(read) }
        }
        walk(self)
        locked {
            walkDone = true
            pthread_cond_broadcast(arrived)
        }
        drain(read)
        group.wait()
        reader = nil
        return locked {
            // Sorted in place, then moved out: one extra copy of the results at most, not two.
            results.sort { $0.0 < $1.0 }
            let ordered = results.map(\.1)
            results = []
            return ordered
        }
    }

    /// A set folder the walk found.
    func add(_ set: CatalogReader.PendingSet) {
        let far = locked {
            sets.append(set)
            if sets.count - taken >= chunk { pthread_cond_signal(arrived) }
            return sets.count - taken >= pendingLimit
        }
        if far, let reader, let (start, batch, known) = next() {
            var done: [(Int, Result)] = []
            for (offset, set) in batch.enumerated() { done.append((start + offset, reader(set, known))) }
            locked { results += done }
        }
    }

    private func drain(_ read: (CatalogReader.PendingSet, Int) -> Result) {
        var done: [(Int, Result)] = []
        while let (start, batch, known) = next() {
            for (offset, set) in batch.enumerated() { done.append((start + offset, read(set, known))) }
        }
        locked { results += done }
    }

    /// The next few sets to read, waiting while the walk may still find more; nil when all are taken.
    private func next() -> (Int, [CatalogReader.PendingSet], Int)? {
        locked {
            while sets.count - taken < chunk && !walkDone { pthread_cond_wait(arrived, mutex) }
            guard taken < sets.count else { return nil }
            let first = taken
            taken = min(sets.count, taken + chunk)
            // A copy: a slice would keep the array's buffer shared, and the walk's next append would copy it all.
            let batch = Array(sets[first..<taken])
            let known = dropped + sets.count
            let start = dropped + first
            // Sets handed out are dropped now and then, so the list holds only what is still unread.
            if taken >= pendingLimit {
                sets.removeFirst(taken)
                dropped += taken
                taken = 0
            }
            return (start, batch, known)
        }
    }

    private func locked<Value>(_ body: () -> Value) -> Value {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }
}
