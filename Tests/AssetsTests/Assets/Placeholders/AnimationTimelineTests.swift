import Assets
@testable import AssetsCodecs
@testable import AssetsSupport
import Testing

@Suite("Animation timeline")
struct AnimationTimelineTests {
    static let three = [100, 200, 300]

    @Test(
        "which frame shows at time t",
        arguments: [
            // (loop, t, frame)
            (AnimationTimeline.Loop.once, -5, 0), (.once, 0, 0), (.once, 99, 0), (.once, 100, 1), (.once, 299, 1),
            (.once, 300, 2), (.once, 599, 2), (.once, 600, 2), (.once, 100_000, 2),
            (.times(2), 600, 0), (.times(2), 700, 1), (.times(2), 1_199, 2), (.times(2), 1_200, 2), (.times(2), 5_000, 2),
            (.times(0), 650, 2),
            (.forever, 600, 0), (.forever, 6_100, 1), (.forever, 6_599, 2), (.forever, 600_000_000, 0),
        ])
    func frames(loop: AnimationTimeline.Loop, time: Int, frame: Int) {
        let timeline = AnimationTimeline(delays: Self.three, loop: loop)
        #expect(timeline.frame(atMilliseconds: time) == frame)
    }

    @Test("durations and the end")
    func durations() {
        let once = AnimationTimeline(delays: Self.three, loop: .once)
        #expect(once.cycleDuration == 600 && once.totalDuration == 600 && once.lastFrame == 2)
        #expect(!once.isFinished(atMilliseconds: 599) && once.isFinished(atMilliseconds: 600))
        let twice = AnimationTimeline(delays: Self.three, loop: .times(2))
        #expect(twice.totalDuration == 1_200)
        let forever = AnimationTimeline(delays: Self.three, loop: .forever)
        #expect(forever.totalDuration == nil && !forever.isFinished(atMilliseconds: Int.max))
    }

    @Test("the twemoji cat: 16 frames of 100 ms, looping forever")
    func twemojiCat() {
        let cat = AnimationTimeline(delays: Array(repeating: 100, count: 16), loop: .forever)
        #expect(cat.cycleDuration == 1_600)
        #expect(cat.frame(atMilliseconds: 1_550) == 15)
        #expect(cat.frame(atMilliseconds: 1_650) == 0)
        #expect(cat.frame(atMilliseconds: 3_250) == 0)
        #expect(cat.frame(atMilliseconds: 3_299) == 0 && cat.frame(atMilliseconds: 3_300) == 1)
    }

    @Test("a loop from a decoder's number of plays")
    func loopFromPlays() {
        #expect(AnimationTimeline.Loop(plays: nil) == .forever)
        #expect(AnimationTimeline.Loop(plays: 1) == .once)
        #expect(AnimationTimeline.Loop(plays: 0) == .once)
        #expect(AnimationTimeline.Loop(plays: 3) == .times(3))
        #expect(AnimationTimeline.Loop(plays: 3).plays == 3)
    }

    @Test("odd timelines never crash")
    func oddTimelines() {
        #expect(AnimationTimeline(delays: [], loop: .forever).frame(atMilliseconds: 10) == nil)
        #expect(AnimationTimeline(delays: [0, 0, 0], loop: .forever).frame(atMilliseconds: 10) == 2)
        #expect(AnimationTimeline(delays: [-50, 100], loop: .once).delays == [0, 100])
        #expect(AnimationTimeline(delays: [0, 100], loop: .once).frame(atMilliseconds: 1) == 1)
        let huge = AnimationTimeline(delays: [Int.max / 2, Int.max / 2], loop: .times(Int.max))
        #expect(huge.frame(atMilliseconds: Int.max - 1) != nil)
    }
}
