/// `unreadable-source`, emitted by `ReferenceFindings`.
/// Documented in Docs/diagnostics.md#diagnostic-codes (its row) and by a fixture in DiagnosticFixtureTests.
extension DiagnosticRule {
    static let unreadableSource = DiagnosticRule(
        code: .unreadableSource, defaultSeverity: .warning, readsSources: true,
        title: "Source file that could not be scanned",
        help:
            "A source file or folder the scan could not read whole (too large, not UTF-8, a FIFO, a link loop, "
            + "nested past the parser's limit): references in it may be missed, so nothing is skipped silently.")
}
