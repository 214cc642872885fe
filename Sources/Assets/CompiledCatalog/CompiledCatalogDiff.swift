import AssetsSupport

/// `asset-tool car diff A B`: renditions added, removed and changed between two compiled catalogs, with
/// bytes. A rendition is matched by its identity (set or rendition name and its key's attributes other
/// than the name's identifier, as words); changed means another payload digest or size. The totals add
/// up: the file's size difference is the renditions' difference plus the container's (the BOM header,
/// index, trees and free space), which is stated on its own.
package struct CompiledCatalogDiff: Sendable {
    package struct Change: Sendable, Hashable {
        package var identity: String
        package var before: Int?
        package var after: Int?
        package var delta: Int { (after ?? 0) - (before ?? 0) }
    }

    package var added: [Change] = []
    package var removed: [Change] = []
    package var changed: [Change] = []
    package var unchanged = 0
    package var fileDelta: Int
    package var renditionDelta: Int
    package var containerDelta: Int

    package init(from old: CompiledCatalog, to new: CompiledCatalog) {
        let before = Self.byIdentity(old)
        let after = Self.byIdentity(new)
        for (identity, rendition) in after {
            if let previous = before[identity] {
                if previous.digest != rendition.digest || previous.sizeOnDisk != rendition.sizeOnDisk {
                    changed.append(Change(identity: identity, before: previous.sizeOnDisk, after: rendition.sizeOnDisk))
                } else {
                    unchanged += 1
                }
            } else {
                added.append(Change(identity: identity, before: nil, after: rendition.sizeOnDisk))
            }
        }
        for (identity, rendition) in before where after[identity] == nil {
            removed.append(Change(identity: identity, before: rendition.sizeOnDisk, after: nil))
        }
        let order: (Change, Change) -> Bool = { abs($0.delta) != abs($1.delta) ? abs($0.delta) > abs($1.delta) : $0.identity < $1.identity }
        added.sort(by: order)
        removed.sort(by: order)
        changed.sort(by: order)
        fileDelta = new.fileSize - old.fileSize
        containerDelta = new.containerBytes - old.containerBytes
        renditionDelta = fileDelta - containerDelta
    }

    /// Each rendition by its identity; two renditions of one identity (which a sound file does not hold)
    /// are told apart by a counter.
    static func byIdentity(_ catalog: CompiledCatalog) -> [String: CompiledRendition] {
        var result: [String: CompiledRendition] = [:]
        for rendition in catalog.renditions {
            var identity = catalog.identity(of: rendition)
            var copy = 2
            while result[identity] != nil {
                identity = catalog.identity(of: rendition) + " #\(copy)"
                copy += 1
            }
            result[identity] = rendition
        }
        return result
    }

    package var text: String {
        var lines: [String] = []
        func signed(_ value: Int) -> String { (value > 0 ? "+" : value < 0 ? "-" : "±") + CatalogCostReport.grouped(abs(value)) }
        for change in added { lines.append("added    \(signed(change.delta))  \(PlainText.escape(change.identity))") }
        for change in removed { lines.append("removed  \(signed(change.delta))  \(PlainText.escape(change.identity))") }
        for change in changed {
            lines.append(
                "changed  \(signed(change.delta))  \(PlainText.escape(change.identity)) (\(CatalogCostReport.grouped(change.before ?? 0)) → \(CatalogCostReport.grouped(change.after ?? 0)))"
            )
        }
        lines.append("\(added.count) added, \(removed.count) removed, \(changed.count) changed, \(unchanged) unchanged")
        lines.append(
            "file \(signed(fileDelta)) bytes = renditions \(signed(renditionDelta)) + container \(signed(containerDelta)) (BOM header, index, trees, names, free space)"
        )
        return lines.joined(separator: "\n")
    }

    package var json: JSONValue {
        func record(_ change: Change) -> JSONValue {
            .record([
                "identity": .string(change.identity), "before": .int(change.before), "after": .int(change.after),
                "delta": .int(change.delta),
            ])
        }
        return .record([
            "added": .array(added.map(record)),
            "removed": .array(removed.map(record)),
            "changed": .array(changed.map(record)),
            "unchanged": .int(unchanged),
            "file_delta": .int(fileDelta),
            "rendition_delta": .int(renditionDelta),
            "container_delta": .int(containerDelta),
        ])
    }
}

extension CompiledCatalog {
    /// A rendition's identity across builds: its set name (else its rendition name) and its key's
    /// non-zero attributes as words, but for the identifier (a number derived from the name).
    package func identity(of rendition: CompiledRendition) -> String {
        var parts = [rendition.name ?? rendition.renditionName]
        if rendition.name == nil || rendition.layout == 0x3EC { parts = [rendition.renditionName] }
        for (slot, identifier) in keyFormat.enumerated() where slot < rendition.key.count && rendition.key[slot] != 0 {
            guard identifier != RenditionVocabulary.Attribute.identifier else { continue }
            parts.append("\(RenditionVocabulary.attributes[identifier] ?? "attribute-\(identifier)")=\(rendition.key[slot])")
        }
        return parts.joined(separator: " ")
    }
}
