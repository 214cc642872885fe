import Dispatch

/// How wide parallel work spreads.
package enum ParallelWork {
    /// The processors this process may use (at least 1): its CPU affinity and cgroup CPU quota, not the
    /// machine's count (see `ProcessResources`).
    package static var processorCount: Int { ProcessResources.processorCount }

    /// `body(0..<count)` on `width` threads (every core by default), results in index order. Indices are
    /// handed out `chunk` at a time from a shared counter, so the threads stay busy to the end even when
    /// items cost unequal time.
    package static func map<Result: Sendable>(
        count: Int, chunk: Int = 4, width: Int = processorCount,
        _ body: (Int) -> Result
    ) -> [Result] {
        guard count > 0 else { return [] }
        let chunk = max(1, chunk)
        let results = ResultSlots<Result>(count: count)
        let next = Locked(0)
        let workers = max(1, min(width, (count + chunk - 1) / chunk))
        withoutActuallyEscaping(body) { body in
            let work = UnsafeSendable(body)
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while true {
                    let start = next.withLock { value -> Int in
                        defer { value += chunk }
                        return value
                    }
                    guard start < count else { return }
                    for index in start..<min(start + chunk, count) { results.set(index, work.value(index)) }
                }
            }
        }
        return results.collect()
    }
}

/// A closure that is safe to share across the workers of one parallel call (`ParallelWork.map`,
/// `SetFeed.run`), which returns only after every worker is done with it.
package struct UnsafeSendable<Value>: @unchecked Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}

/// One slot per index, each written by exactly one worker, read after all are done.
private final class ResultSlots<Value>: @unchecked Sendable {
    // Unchecked: distinct indices are distinct memory, written once each before `collect`.
    private let slots: UnsafeMutablePointer<Value?>
    private let count: Int

    init(count: Int) {
        self.count = count
        slots = UnsafeMutablePointer<Value?>.allocate(capacity: count)
        slots.initialize(repeating: nil, count: count)
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    func set(_ index: Int, _ value: Value) { slots[index] = value }

    func collect() -> [Value] {
        (0..<count).compactMap { slots[$0] }
    }
}
