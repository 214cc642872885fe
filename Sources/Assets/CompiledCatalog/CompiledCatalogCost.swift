import AssetsSupport

/// What each set costs in a compiled catalog (`asset-tool size --car`): the bytes of its renditions' value
/// blocks, plus its share of each packed atlas it is cropped from (the atlas's bytes split by the area of
/// each member's crop: an estimate, since a compressed atlas's bytes do not follow area exactly); payloads
/// stored more than once (same digest); and, given the source catalog's set paths, the names no source set
/// explains. Made from a listing, so it reads nothing itself.
package struct CompiledCatalogCost: Sendable, Hashable {
    package struct SetCost: Sendable, Hashable {
        package var name: String
        package var renditions: Int
        /// Bytes of the set's own value blocks (headers, TLVs and payloads; an atlas member's is its reference).
        package var ownBytes: Int
        /// The set's share of the packed atlases it is cropped from, by crop area (an estimate).
        package var atlasBytes: Int
        package var bytes: Int { ownBytes + atlasBytes }
    }

    package struct Duplicate: Sendable, Hashable {
        package var digest: String
        package var payloadBytes: Int
        /// Set names (or rendition names where no set names them) holding the payload, in file order.
        package var holders: [String]
        /// What all copies but one cost.
        package var wasted: Int { payloadBytes * max(0, holders.count - 1) }
    }

    package var path: String
    package var fileSize: Int
    package var containerBytes: Int
    /// Largest first, then by name.
    package var sets: [SetCost]
    /// Atlas bytes no member's crop accounts for (an atlas with no resolved member, or crops of zero area).
    package var unattributedAtlasBytes: Int
    package var duplicates: [Duplicate]
    /// Set names in the compiled catalog that no source set explains; nil when no source catalog was given.
    package var unexplained: [String]?

    /// `sourceSetPaths`: catalog-relative set folders (`Icons/logo.imageset`) of the source catalog, if given.
    package init(_ car: CompiledCatalog, sourceSetPaths: [String]? = nil) {
        path = car.path
        fileSize = car.fileSize
        containerBytes = car.containerBytes
        var byName: [String: SetCost] = [:]
        func add(_ name: String, own: Int = 0, atlas: Int = 0, rendition: Bool) {
            var cost = byName[name] ?? SetCost(name: name, renditions: 0, ownBytes: 0, atlasBytes: 0)
            cost.ownBytes += own
            cost.atlasBytes += atlas
            if rendition { cost.renditions += 1 }
            byName[name] = cost
        }
        // Each atlas's total crop area, by its rendition name (the key internal references resolve to).
        var areaByAtlas: [String: Double] = [:]
        var bytesByAtlas: [String: Int] = [:]
        for rendition in car.renditions where rendition.layout == 0x3EC {
            bytesByAtlas[rendition.renditionName, default: 0] += rendition.sizeOnDisk
        }
        for rendition in car.renditions {
            guard let link = rendition.link, let atlas = link.targetName else { continue }
            areaByAtlas[atlas, default: 0] += Double(link.width) * Double(link.height)
        }
        var attributed: [String: Int] = [:]
        for rendition in car.renditions where rendition.layout != 0x3EC {
            let name = rendition.name ?? rendition.renditionName
            var share = 0
            if let link = rendition.link, let atlas = link.targetName, let total = areaByAtlas[atlas], total > 0 {
                let fraction = Double(link.width) * Double(link.height) / total
                share = Int((Double(bytesByAtlas[atlas] ?? 0) * fraction).rounded())
                attributed[atlas, default: 0] += share
            }
            add(name, own: rendition.sizeOnDisk, atlas: share, rendition: true)
        }
        unattributedAtlasBytes = bytesByAtlas.reduce(0) { $0 + max(0, $1.value - (attributed[$1.key] ?? 0)) }
        sets = byName.values.sorted { $0.bytes != $1.bytes ? $0.bytes > $1.bytes : $0.name < $1.name }

        var holders: [String: (bytes: Int, names: [String])] = [:]
        var order: [String] = []
        for rendition in car.renditions where !rendition.digest.isEmpty && rendition.payloadBytes > 0 {
            if holders[rendition.digest] == nil { order.append(rendition.digest) }
            holders[rendition.digest, default: (rendition.payloadBytes, [])].names.append(rendition.name ?? rendition.renditionName)
        }
        duplicates = order.compactMap { digest in
            guard let entry = holders[digest], entry.names.count > 1 else { return nil }
            return Duplicate(digest: digest, payloadBytes: entry.bytes, holders: entry.names)
        }.sorted { $0.wasted != $1.wasted ? $0.wasted > $1.wasted : $0.digest < $1.digest }

        if let sourceSetPaths {
            let known = Set(sourceSetPaths.flatMap(Self.names(ofSetPath:)))
            unexplained = car.renditions.compactMap(\.name).reduce(into: [String]()) { names, name in
                if !known.contains(name), !names.contains(name) { names.append(name) }
            }.sorted()
        } else {
            unexplained = nil
        }
    }

    /// The names a set folder may compile to: its name, and with each enclosing group (a group that
    /// provides a namespace prefixes it): `A/B/logo.imageset` → `logo`, `B/logo`, `A/B/logo`.
    static func names(ofSetPath path: String) -> [String] {
        var parts = path.split(separator: "/").map(String.init)
        guard let last = parts.popLast() else { return [] }
        let stem = last.lastIndex(of: ".").map { String(last[..<$0]) } ?? last
        var names = [stem]
        var prefix = stem
        for part in parts.reversed() {
            prefix = part + "/" + prefix
            names.append(prefix)
        }
        return names
    }

    package var duplicateBytes: Int { duplicates.reduce(0) { $0 + $1.wasted } }
    package var estimated: Bool { sets.contains { $0.atlasBytes > 0 } }

    package var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("file", .string(path)),
            ("bytes", .int(fileSize)),
            ("container_bytes", .int(containerBytes)),
            ("atlas_shares_estimated", .bool(estimated)),
            ("unattributed_atlas_bytes", .int(unattributedAtlasBytes)),
            (
                "sets",
                .array(
                    sets.map { set in
                        .record([
                            "name": .string(set.name), "renditions": .int(set.renditions), "bytes": .int(set.bytes),
                            "own_bytes": .int(set.ownBytes), "atlas_bytes": .int(set.atlasBytes),
                        ])
                    })
            ),
            (
                "duplicates",
                .array(
                    duplicates.map { duplicate in
                        .record([
                            "digest": .string(duplicate.digest), "payload_bytes": .int(duplicate.payloadBytes),
                            "holders": .array(duplicate.holders.map { .string($0) }), "wasted_bytes": .int(duplicate.wasted),
                        ])
                    })
            ),
            ("duplicate_bytes", .int(duplicateBytes)),
        ]
        members.append(("unexplained", unexplained.map { .array($0.map { .string($0) }) } ?? .null))
        return .object(members)
    }

    package var text: String {
        let grouped = CatalogCostReport.grouped
        var lines = [
            "\(PlainText.escape(path)): \(grouped(fileSize)) bytes shipped, \(sets.count) sets, container \(grouped(containerBytes)) bytes"
        ]
        if estimated {
            lines.append("  atlas shares are estimates: each packed atlas's bytes split by its members' crop areas (~ marks them)")
        }
        let width = sets.map { grouped($0.bytes).count }.max() ?? 1
        for set in sets {
            let bytes = grouped(set.bytes)
            let mark = set.atlasBytes > 0 ? "~" : " "
            lines.append(
                "  " + String(repeating: " ", count: max(0, width - bytes.count)) + bytes + mark + " " + PlainText.escape(set.name))
        }
        if unattributedAtlasBytes > 0 {
            lines.append("  \(grouped(unattributedAtlasBytes)) bytes of packed atlases no member's crop accounts for")
        }
        if duplicates.isEmpty {
            lines.append("  no payload stored twice")
        } else {
            lines.append("  payloads stored more than once: \(grouped(duplicateBytes)) bytes")
            for duplicate in duplicates {
                lines.append(
                    "    \(grouped(duplicate.wasted)) bytes: \(duplicate.holders.count) copies of \(grouped(duplicate.payloadBytes)) bytes in "
                        + duplicate.holders.map(PlainText.escape).joined(separator: ", "))
            }
        }
        if let unexplained {
            lines.append(
                unexplained.isEmpty
                    ? "  every set is in the catalog" : "  in no source set: " + unexplained.map(PlainText.escape).joined(separator: ", "))
        }
        return lines.joined(separator: "\n")
    }
}
