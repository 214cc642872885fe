#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The package's one lock: a value that threads share, touched only while a mutex is held, with a
/// condition to wait on until the value is ready.
///
/// Written on pthreads rather than `Synchronization.Mutex`: the package supports macOS 13, where `Mutex`
/// is not available, and the deep checks and the set feed need a condition variable, which `Mutex` has not.
package final class Locked<Value>: @unchecked Sendable {
    // Unchecked: `value` is only touched while holding `mutex`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let changed: UnsafeMutablePointer<pthread_cond_t>
    private var value: Value

    package init(_ value: Value) {
        self.value = value
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        changed.initialize(to: pthread_cond_t())
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        changed.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }

    /// Waits until `isReady` holds for the value, then runs `body` with it, all under the lock.
    package func withLock<Result>(when isReady: (Value) -> Bool, _ body: (inout Value) -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !isReady(value) { pthread_cond_wait(changed, mutex) }
        return body(&value)
    }

    /// Runs `body` under the lock, then wakes every thread waiting in `withLock(when:_:)`.
    package func withLockWakingWaiters<Result>(_ body: (inout Value) -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer {
            pthread_cond_broadcast(changed)
            pthread_mutex_unlock(mutex)
        }
        return body(&value)
    }
}
