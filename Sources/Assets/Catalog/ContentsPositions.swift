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
    /// The key path of the object each of the set's entries was read from (`images[3]`, `properties` for a
    /// sticker's `properties.filename`), in the order of `Asset.entries`; empty when the entries are not
    /// from the file (a macOS icon set's names) or were made by hand. An item of the array that is not
    /// an object is no entry, so an entry's index and its place in the file can differ.
    var entryPaths: [String] = []
    /// The same for `Asset.colors` (`colors[2]`).
    var colorPaths: [String] = []

    init(_ table: JSONPositions = JSONPositions(), entryPaths: [String] = [], colorPaths: [String] = []) {
        self.table = table
        self.entryPaths = entryPaths
        self.colorPaths = colorPaths
    }

    static func == (lhs: ContentsPositions, rhs: ContentsPositions) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}

extension Asset {
    /// The key path, in the set's `Contents.json`, of entry `index` of `entries` (`images[3]`): where the
    /// reader found it, else its index under the kind's key.
    func entryKeyPath(_ index: Int) -> String {
        let paths = contentsPositions.entryPaths
        return paths.indices.contains(index) ? paths[index] : "\(kind.entriesKey ?? "images")[\(index)]"
    }

    /// The key path of colour `index` of `colors` (`colors[2]`).
    func colorKeyPath(_ index: Int) -> String {
        let paths = contentsPositions.colorPaths
        return paths.indices.contains(index) ? paths[index] : "colors[\(index)]"
    }
}
