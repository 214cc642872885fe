#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many pixels parallel deep checks may decode at once. A worker waits until the pixels already
/// being decoded plus its own fit the budget; one image alone always may. Without it, a catalog of tiny
/// files each declaring an image at the pixel limit made every core hold a full canvas at once
/// (hardening H-8: 1.4 GB on 2 cores, tens of GB on a CI server's many).
final class PixelBudget: @unchecked Sendable {
    // Unchecked: `inFlight` is only touched while holding `mutex`.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let freed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var inFlight = 0

    init() {
        mutex.initialize(to: pthread_mutex_t())
        freed.initialize(to: pthread_cond_t())
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(freed, nil)
    }

    deinit {
        pthread_cond_destroy(freed)
        pthread_mutex_destroy(mutex)
        freed.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` once `pixels` fit within `budget` beside the decodes already running.
    func decoding<Result>(_ pixels: Int, budget: Int, _ body: () throws(ImageError) -> Result) throws(ImageError) -> Result {
        let wanted = max(0, pixels)
        pthread_mutex_lock(mutex)
        while inFlight > 0, inFlight + wanted > budget {
            pthread_cond_wait(freed, mutex)
        }
        inFlight += wanted
        pthread_mutex_unlock(mutex)
        defer {
            pthread_mutex_lock(mutex)
            inFlight -= wanted
            pthread_cond_broadcast(freed)
            pthread_mutex_unlock(mutex)
        }
        return try body()
    }
}
