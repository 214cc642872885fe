import Assets
import AssetsSupport

/// The one progress line of the command line: `checking sets: 120/500 (24%), 310/s, 1s left` on stderr,
/// redrawn in place at most ten times a second and erased when the work ends.
///
/// It exists only on a terminal: `ProgressReporter.make` gives nil when stderr is not a terminal or the
/// output is meant for a program (`--format json` and the other machine formats), so pipes, files and
/// CI logs never see it. The count is bold when colour is allowed (`TerminalStyle`: never with
/// `NO_COLOR` or `TERM=dumb`); the line is erased by overwriting it with spaces, so it carries no escape
/// code at all without colour. Safe to update from any thread (the package's `Locked`).
final class ProgressReporter: Sendable {
    private struct State {
        var label: String
        var started: ContinuousClock.Instant
        var lastDrawn: ContinuousClock.Instant?
        var shownWidth = 0
        /// The largest total seen: a catalog's set count grows while its folders are walked, and a set
        /// read early reports the smaller count known then, so the line never goes back or past 100%.
        var total = 0
        /// The largest count drawn: updates from several threads can arrive out of order.
        var done = 0
    }

    private let state: Locked<State>
    private let colours: Bool
    private let write: @Sendable (String) -> Void

    /// A reporter when stderr is a terminal and `enabled` (false for machine-readable output); nil otherwise.
    static func make(_ label: String, enabled: Bool = true) -> ProgressReporter? {
        guard enabled, StandardStream.error.isTerminal else { return nil }
        return ProgressReporter(label, colours: TerminalStyle.forStream(.error).colours) { printError($0, terminator: "", raw: true) }
    }

    init(_ label: String, colours: Bool, write: @escaping @Sendable (String) -> Void) {
        state = Locked(State(label: label, started: .now))
        self.colours = colours
        self.write = write
    }

    /// Starts a new stage of the same work (`rendering assets` after `checking sets`): the count and the
    /// rate start again.
    func stage(_ label: String) {
        state.withLock { state in
            state.label = label
            state.started = .now
            state.lastDrawn = nil
            state.total = 0
            state.done = 0
        }
    }

    /// `done` of `total` items are finished. Draws the first update, the last one, and otherwise at most
    /// one every 100 ms.
    func update(_ done: Int, of reported: Int) {
        let now = ContinuousClock.now
        let text: String? = state.withLock { state in
            state.total = max(state.total, reported, done)
            let total = state.total
            if done < state.done { return nil }
            state.done = done
            if let last = state.lastDrawn, done < total, now - last < .milliseconds(100) { return nil }
            state.lastDrawn = now
            let line = ProgressReporter.line(
                state.label, done: done, total: total, elapsed: now - state.started,
                colours: colours)
            let visible = ProgressReporter.line(
                state.label, done: done, total: total, elapsed: now - state.started,
                colours: false
            ).count
            let padding = String(repeating: " ", count: max(0, state.shownWidth - visible))
            state.shownWidth = max(state.shownWidth, visible)
            return "\r" + line + padding
        }
        if let text { write(text) }
    }

    /// `update` as a closure, for the library's `progress:` parameters.
    var callback: @Sendable (_ done: Int, _ total: Int) -> Void {
        { [self] done, total in update(done, of: total) }
    }

    /// Erases the line, if one was drawn.
    func finish() {
        let width = state.withLock { state in
            defer { state.shownWidth = 0 }
            return state.shownWidth
        }
        if width > 0 { write("\r" + String(repeating: " ", count: width) + "\r") }
    }

    /// `label: done/total (percent), rate/s, Ns left`; the rate and time left once a tenth of a second has
    /// passed and something is done.
    static func line(_ label: String, done: Int, total: Int, elapsed: Duration, colours: Bool) -> String {
        let count = "\(done)/\(total)"
        var text = "\(label): " + (colours ? "\u{1B}[1m\(count)\u{1B}[0m" : count)
        if total > 0 { text += " (\(done * 100 / total)%)" }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        if seconds >= 0.1, done > 0 {
            let rate = Double(done) / seconds
            text += ", " + (rate >= 10 ? "\(Int(rate.rounded()))" : String(format1: rate)) + "/s"
            if done < total {
                let left = Double(total - done) / rate
                text += ", " + ProgressReporter.duration(left) + " left"
            }
        }
        return text
    }

    /// `4s`, `2m05s`, `1h02m`.
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        if whole < 60 { return "\(whole)s" }
        if whole < 3600 { return "\(whole / 60)m" + String(format2: whole % 60) + "s" }
        return "\(whole / 3600)h" + String(format2: (whole % 3600) / 60) + "m"
    }
}

private extension String {
    /// One decimal: `2.5`.
    init(format1 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(tenths % 10)"
    }

    /// Two digits: `05`.
    init(format2 value: Int) {
        self = value < 10 ? "0\(value)" : "\(value)"
    }
}
