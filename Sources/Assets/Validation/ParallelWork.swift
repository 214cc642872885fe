import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How wide parallel work spreads.
enum ParallelWork {
    /// `body(0..<count)` on `workers` threads (by default one per processor this process may use),
    /// results in index order. Indices are handed out a few at a time
    /// from a shared counter, so the cores stay busy to the end even when items cost unequal time.
    static func map<Result: Sendable>(count: Int, chunk: Int = 4, workers: Int = ProcessResources.processorCount, _ body: (Int) -> Result) -> [Result] {
        guard count > 0 else { return [] }
        let results = ResultSlots<Result>(count: count)
        let next = LockedBox(0)
        let workers = max(1, min(workers, (count + chunk - 1) / chunk))
        withoutActuallyEscaping(body) { body in
            let work = UnsafeSendable(body)
            DispatchQueue.concurrentPerform(iterations: workers) { _ in
                while true {
                    let start = next.update { value -> Int in
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
struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
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
