/// How many pixels parallel deep checks may decode at once. A worker waits until the pixels already
/// being decoded plus its own fit the budget; one image alone always may. Without it, a catalog of tiny
/// files each declaring an image at the pixel limit would make every core hold a full canvas at once, so
/// memory would grow with the machine's processors instead of staying under one bound.
package final class PixelBudget: Sendable {
    /// The pixels being decoded now.
    private let inFlight = Locked(0)

    package init() {}

    /// Runs `body` once `pixels` fit within `budget` beside the decodes already running.
    package func decoding<Result, Failure: Error>(
        _ pixels: Int, budget: Int,
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let wanted = max(0, pixels)
        inFlight.withLock(when: { $0 == 0 || $0 + wanted <= budget }) { $0 += wanted }
        defer { inFlight.withLockWakingWaiters { $0 -= wanted } }
        return try body()
    }
}
