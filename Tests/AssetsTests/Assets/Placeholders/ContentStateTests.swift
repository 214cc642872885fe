import Assets
@testable import AssetsCodecs
@testable import AssetsSupport
import Foundation
import Testing

/// Collects what observers and handlers receive, across the `@Sendable` boundary.
final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Value] = []

    func append(_ value: Value) {
        lock.lock()
        stored.append(value)
        lock.unlock()
    }

    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}

struct StateRow: Sendable, CustomTestStringConvertible {
    var isLoading: Bool
    var hasContent: Bool
    var error: ScreenError?
    var shown: PlaceholderState
    var placeholder: String?
    var subtleIndicator: Bool
    var routed: Bool

    var testDescription: String {
        "loading \(isLoading), content \(hasContent), error \(error?.kind.rawValue ?? "none") → \(shown.rawValue)"
    }
}

let general = ScreenError(kind: .general, message: "boom")
let offline = ScreenError(kind: .loadingData, message: "offline")

/// Every combination of (is loading, has content, error: none / general / loading data).
let stateRows: [StateRow] = [
    StateRow(isLoading: false, hasContent: false, error: nil, shown: .empty, placeholder: "empty", subtleIndicator: false, routed: false),
    StateRow(
        isLoading: false, hasContent: false, error: general, shown: .error, placeholder: "error", subtleIndicator: false, routed: false),
    StateRow(
        isLoading: false, hasContent: false, error: offline, shown: .loadingError, placeholder: "loading-error", subtleIndicator: false,
        routed: false),
    StateRow(isLoading: false, hasContent: true, error: nil, shown: .content, placeholder: nil, subtleIndicator: false, routed: false),
    StateRow(isLoading: false, hasContent: true, error: general, shown: .content, placeholder: nil, subtleIndicator: false, routed: true),
    StateRow(isLoading: false, hasContent: true, error: offline, shown: .content, placeholder: nil, subtleIndicator: false, routed: true),
    StateRow(
        isLoading: true, hasContent: false, error: nil, shown: .loading, placeholder: "loading", subtleIndicator: false, routed: false),
    StateRow(
        isLoading: true, hasContent: false, error: general, shown: .loading, placeholder: "loading", subtleIndicator: false, routed: false),
    StateRow(
        isLoading: true, hasContent: false, error: offline, shown: .loading, placeholder: "loading", subtleIndicator: false, routed: false),
    StateRow(isLoading: true, hasContent: true, error: nil, shown: .content, placeholder: nil, subtleIndicator: true, routed: false),
    StateRow(isLoading: true, hasContent: true, error: general, shown: .content, placeholder: nil, subtleIndicator: true, routed: true),
    StateRow(isLoading: true, hasContent: true, error: offline, shown: .content, placeholder: nil, subtleIndicator: true, routed: true),
]

@Suite("Content states and the view-state machine")
struct ContentStateTests {
    @Test("the decision tree, every combination", arguments: stateRows)
    func decision(_ row: StateRow) {
        // Given the screen's facts
        // When the decision is made
        let decision = ContentStateDecision(isLoading: row.isLoading, hasContent: row.hasContent, error: row.error)

        // Then the shown state, the placeholder, the indicator and the routed error are the table's
        #expect(decision.state == row.shown)
        #expect(decision.placeholderState == (row.shown == .content ? nil : row.shown))
        #expect(decision.placeholder?.name == row.placeholder)
        #expect(decision.showsSubtleActivityIndicator == row.subtleIndicator)
        #expect(decision.errorForHandler == (row.routed ? row.error : nil))
        #expect((decision.placeholder?.showsActivityIndicator ?? false) == (row.shown == .loading))
    }

    @Test("every combination is covered once")
    func coverage() {
        let keys = Set(stateRows.map { "\($0.isLoading)-\($0.hasContent)-\($0.error?.kind.rawValue ?? "none")" })
        #expect(keys.count == 12 && stateRows.count == 12)
    }

    @Test("custom styles are used for their states")
    func customStyles() {
        let styles = ScreenPlaceholderStyles(empty: .emptyStateStyle + .title("No messages"))
        let decision = ContentStateDecision(isLoading: false, hasContent: false, error: nil, styles: styles)
        #expect(decision.placeholder?.title == "No messages")
    }

    @Test("a stateful screen drives the machine and routes errors while content shows")
    func statefulScreen() {
        // Given a screen with an observer and an error handler
        let transitions = Recorder<String>()
        let handled = Recorder<ScreenError>()
        var screen = StatefulScreen(errorHandler: { handled.append($0) })
        screen.observe { transitions.append("\($0.from?.rawValue ?? "content")→\($0.to?.rawValue ?? "content")") }

        // When it loads, fails offline, reloads, gets content, reloads with content, and fails with content
        screen.update(isLoading: true, hasContent: false, error: nil)
        screen.update(isLoading: false, hasContent: false, error: offline)
        screen.update(isLoading: true, hasContent: false, error: offline)
        screen.update(isLoading: false, hasContent: true, error: nil)
        let reloading = screen.update(isLoading: true, hasContent: true, error: nil)
        screen.update(isLoading: false, hasContent: true, error: general)
        screen.update(isLoading: false, hasContent: false, error: nil)

        // Then the machine went through the states in order and the handler got the error raised with content
        #expect(
            transitions.values == [
                "content→loading", "loading→loading-error", "loading-error→loading",
                "loading→content", "content→empty",
            ])
        #expect(reloading.showsSubtleActivityIndicator)
        #expect(handled.values == [general])
        #expect(screen.machine.current == .empty)
        #expect(screen.state == .empty)
        #expect(screen.machine.currentPlaceholder?.name == "empty")
    }

    @Test("the view-state machine with a team's own states")
    func machine() throws {
        // Given a machine with two custom states and an observer
        var machine = ViewStateMachine<String, PlaceholderStyle>()
        machine.register(.emptyStateStyle + .title("Sign in to see your orders"), for: "signed-out")
        machine.register(.errorStyle + .title("Maintenance"), for: "maintenance")
        let seen = Recorder<String>()
        machine.observe { seen.append("\($0.from ?? "-")>\($0.to ?? "-"):\($0.placeholder?.title?.defaultValue ?? "")") }

        // When it moves between them, repeats one, and returns to the content
        let first = try machine.transition(to: "signed-out")
        let repeated = try machine.transition(to: "signed-out")
        try machine.transition(to: "maintenance")
        try machine.transition(to: nil)

        // Then each real change was observed once, with its placeholder
        #expect(first?.to == "signed-out" && first?.from == nil)
        #expect(repeated == nil)
        #expect(seen.values == ["->signed-out:Sign in to see your orders", "signed-out>maintenance:Maintenance", "maintenance>-:"])
        #expect(machine.current == nil && machine.currentPlaceholder == nil)

        // And an unregistered state is refused, leaving the state alone
        #expect(throws: ViewStateError.unregistered("gone", registered: ["maintenance", "signed-out"])) {
            try machine.transition(to: "gone")
        }
        #expect(machine.current == nil)
        #expect(
            ViewStateError.unregistered("gone", registered: []).description
                == "no placeholder is registered for state \"gone\" (registered: none)")
    }
}
