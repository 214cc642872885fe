/// An animation a placeholder plays in place of its image: which one, how fast, and how it loops.
///
/// The animation is an animated GIF in the catalog (in a data set, as
/// `placeholder_loading_animation`): the file's own timeline (``AnimationTimeline``, its delays as a
/// browser waits them) played at ``speed`` and looped by ``loopMode``.
public struct PlaceholderAnimation: Sendable, Hashable {
    /// How often the animation plays.
    public enum LoopMode: Sendable, Hashable {
        /// Once, then it stays on its last frame.
        case playOnce
        /// Without end.
        case loop
        /// This many plays in all.
        case `repeat`(Int)
        /// As the file says (a GIF's loop count).
        case asEncoded
    }

    /// The asset to play; nil plays the style's image (for the loading style, the loading role's name).
    public var name: String?
    /// 1 plays at the file's pace, 2 twice as fast; zero, negative and non-finite speeds play at 1.
    public var speed: Double
    public var loopMode: LoopMode

    public init(name: String? = nil, speed: Double = 1, loopMode: LoopMode = .loop) {
        self.name = name
        self.speed = speed
        self.loopMode = loopMode
    }

    /// The speed used: ``speed`` when it is a positive finite number, else 1.
    public var effectiveSpeed: Double { speed.isFinite && speed > 0 ? speed : 1 }

    /// The timeline played: the file's delays divided by the speed (rounded to whole milliseconds),
    /// looped as ``loopMode`` says.
    public func timeline(playing file: AnimationTimeline) -> AnimationTimeline {
        let speed = effectiveSpeed
        let delays =
            speed == 1
            ? file.delays
            : file.delays.map { delay in
                let scaled = (Double(delay) / speed).rounded()
                return scaled < Double(Int.max) ? Int(scaled) : Int.max
            }
        let loop: AnimationTimeline.Loop
        switch loopMode {
        case .playOnce: loop = .once
        case .loop: loop = .forever
        case .repeat(let plays): loop = AnimationTimeline.Loop(plays: max(1, plays))
        case .asEncoded: loop = file.loop
        }
        return AnimationTimeline(delays: delays, loop: loop)
    }
}
