import Dispatch
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

/// The validator's deep decodes share a pixel budget, so parallel workers never hold more than one
/// limit-sized image at once.
@Suite("Pixel budget for parallel deep checks")
struct PixelBudgetTests {
    /// Runs `count` decodes of `pixels` each on parallel workers and returns the most that overlapped.
    static func mostAtOnce(count: Int, pixels: Int, budget: Int) -> Int {
        let gate = PixelBudget()
        let running = Locked((now: 0, most: 0))
        DispatchQueue.concurrentPerform(iterations: count) { _ in
            _ = try? gate.decoding(pixels, budget: budget) { () throws(ImageError) in
                running.withLock {
                    $0.now += 1
                    $0.most = max($0.most, $0.now)
                }
                usleep(20_000)
                running.withLock { $0.now -= 1 }
            }
        }
        return running.withLock { $0.most }
    }

    @Test("images over half the budget are decoded one at a time")
    func large() {
        // Given / When eight decodes of 60 pixels each against a budget of 100
        let most = Self.mostAtOnce(count: 8, pixels: 60, budget: 100)

        // Then never two at once
        #expect(most == 1)
    }

    @Test("an image over the whole budget still runs, alone")
    func oversized() {
        // Given / When three decodes of 500 pixels against a budget of 100
        let most = Self.mostAtOnce(count: 3, pixels: 500, budget: 100)

        // Then each ran (no wait for ever), never two at once
        #expect(most == 1)
    }

    @Test("a decode that throws gives its pixels back")
    func throwingReleases() {
        // Given a budget whose whole is taken by a decode that throws
        let gate = PixelBudget()
        let first = Result { () throws(ImageError) in
            try gate.decoding(100, budget: 100) { () throws(ImageError) -> Int in
                throw ImageError(.corrupt, detail: "damaged")
            }
        }

        // When another decode of the whole budget follows
        let second = try? gate.decoding(100, budget: 100) { () throws(ImageError) in 7 }

        // Then it runs (it would wait for ever if the pixels had not been given back)
        #expect((try? first.get()) == nil)
        #expect(second == 7)
    }
}
