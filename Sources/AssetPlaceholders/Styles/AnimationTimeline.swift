/// When each frame of an animation shows: the effective delay of every frame and how often it plays.
///
/// The delays are the ones a viewer really waits (a GIF decoder passes its effective delays, after any
/// clamping of tiny delays); this type only answers "which frame is on screen at time t".

public struct AnimationTimeline: Sendable, Hashable {
    /// How many times the animation plays.
    public enum Loop: Sendable, Hashable {
        /// Plays once and stays on its last frame.
        case once
        /// Plays this many times in all, then stays on its last frame; `times(1)` is `once`.
        case times(Int)
        /// Plays without end.
        case forever

        /// From a number of plays (nil: forever), as a GIF decoder reports it (`GIFLoopCount.plays`).
        public init(plays: Int?) {
            switch plays {
            case nil: self = .forever
            case let count? where count <= 1: self = .once
            case let count?: self = .times(count)
            }
        }

        /// The number of plays, nil for forever; fewer than one counts as one.
        public var plays: Int? {
            switch self {
            case .once: 1
            case .times(let count): max(1, count)
            case .forever: nil
            }
        }
    }

    /// Each frame's effective delay in milliseconds; negative delays count as zero.
    public var delays: [Int]
    public var loop: Loop

    public init(delays: [Int], loop: Loop) {
        self.delays = delays.map { max(0, $0) }
        self.loop = loop
    }

    public var frameCount: Int { delays.count }

    /// One play, in milliseconds; `Int.max` when the delays add up to more (a speed of 1e-18 stretches
    /// each delay to `Int.max`): the sum saturates, never wraps.
    public var cycleDuration: Int {
        delays.reduce(0) { sum, delay in
            let (total, overflow) = sum.addingReportingOverflow(delay)
            return overflow ? Int.max : total
        }
    }

    /// Every play, in milliseconds; nil when it loops forever.
    public var totalDuration: Int? {
        loop.plays.map { $0.multipliedReportingOverflow(by: cycleDuration).overflow ? Int.max : $0 * cycleDuration }
    }

    /// The frame shown after the final loop.
    public var lastFrame: Int? { delays.isEmpty ? nil : delays.count - 1 }

    /// Whether the animation has stopped (on its last frame) at `milliseconds`.
    public func isFinished(atMilliseconds milliseconds: Int) -> Bool {
        guard let total = totalDuration else { return cycleDuration == 0 && !delays.isEmpty }
        return milliseconds >= total
    }

    /// The index of the frame on screen `milliseconds` after the animation started; nil when it has no frames.
    /// Before the start it is the first frame; after the final loop, the last.
    public func frame(atMilliseconds milliseconds: Int) -> Int? {
        guard let last = lastFrame else { return nil }
        guard milliseconds > 0 else { return 0 }
        let cycle = cycleDuration
        if cycle == 0 || isFinished(atMilliseconds: milliseconds) { return last }
        var position = milliseconds % cycle
        for (index, delay) in delays.enumerated() {
            if position < delay { return index }
            position -= delay
        }
        return last
    }
}
