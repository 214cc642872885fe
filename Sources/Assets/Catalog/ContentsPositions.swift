extension JSONPositions {
    /// Gives every finding about a key of the file at `path` the position of its value; the lookup table
    /// is built only when some finding needs it.
    func place(_ diagnostics: inout [CatalogDiagnostic], path: String) {
        var locator: Locator?
        for index in diagnostics.indices where diagnostics[index].position == nil && diagnostics[index].path == path {
            guard let keyPath = diagnostics[index].keyPath else { continue }
            if locator == nil { locator = Locator(self) }
            diagnostics[index].position = locator?.position(of: keyPath)
        }
    }
}

/// Positions take no part in the equality of what holds them: two sets read from files laid out
/// differently, with the same keys and values, are the same set.
struct ContentsPositions: Sendable, Hashable {
    var table: JSONPositions

    init(_ table: JSONPositions = JSONPositions()) {
        self.table = table
    }

    static func == (lhs: ContentsPositions, rhs: ContentsPositions) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
