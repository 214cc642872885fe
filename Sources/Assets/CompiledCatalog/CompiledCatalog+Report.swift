import AssetsSupport

/// `asset-tool car info`: the header and one line (text) or record (JSON) per rendition, with the fields
/// `assetutil --info` prints where the file holds them.
extension CompiledCatalog {
    /// The traits a rendition's key gives, as `assetutil` words them.
    package struct Traits: Sendable, Hashable {
        package var idiom: String?
        package var scale: Int?
        package var appearance: String?
        package var displayGamut: String?
        package var subtype: Int?
        package var sizeClassHorizontal: String?
        package var sizeClassVertical: String?
        package var direction: Int?
        package var deploymentTarget: Int?
    }

    package func traits(of rendition: CompiledRendition) -> Traits {
        typealias A = RenditionVocabulary.Attribute
        return Traits(
            idiom: value(A.idiom, of: rendition).map(RenditionVocabulary.idiom),
            scale: value(A.scale, of: rendition).map(Int.init),
            appearance: value(A.appearance, of: rendition).flatMap { appearances[$0] ?? ($0 == 0 ? nil : "appearance-\($0)") },
            displayGamut: value(A.displayGamut, of: rendition).map(RenditionVocabulary.displayGamut),
            subtype: value(A.subtype, of: rendition).map(Int.init),
            sizeClassHorizontal: value(A.sizeClassHorizontal, of: rendition).map(RenditionVocabulary.sizeClass),
            sizeClassVertical: value(A.sizeClassVertical, of: rendition).map(RenditionVocabulary.sizeClass),
            direction: value(A.direction, of: rendition).map(Int.init),
            deploymentTarget: value(A.deploymentTarget, of: rendition).map(Int.init))
    }

    /// The bytes of the file no rendition's value block holds: the BOM header, the index, the trees, the
    /// names, the header blocks and free space (`car diff` states it as the container's overhead).
    package var containerBytes: Int { fileSize - renditions.reduce(0) { $0 + $1.sizeOnDisk } }

    package var json: JSONValue {
        .record([
            "file": .string(path),
            "bytes": .int(fileSize),
            "container_bytes": .int(containerBytes),
            "header": .record([
                "coreui_version": .int(Int(header.coreUIVersion)),
                "storage_version": .int(Int(header.storageVersion)),
                "storage_timestamp": .int(Int(header.storageTimestamp)),
                "rendition_count": .int(Int(header.renditionCount)),
                "main_version": .string(header.mainVersion),
                "version": .string(header.versionString),
                "uuid": .string(header.uuid),
                "schema_version": .int(Int(header.schemaVersion)),
                "color_space_id": .int(Int(header.colorSpaceID)),
                "key_semantics": .int(Int(header.keySemantics)),
                "thinning_arguments": .string(header.thinningArguments),
                "deployment_platform": .string(header.deploymentPlatform),
                "deployment_platform_version": .string(header.deploymentPlatformVersion),
                "authoring_tool": .string(header.authoringTool),
            ]),
            "key_format": .array(keyFormat.map { .string(RenditionVocabulary.attributes[$0] ?? "attribute-\($0)") }),
            "renditions": .array(renditions.map(json)),
        ])
    }

    package func json(_ rendition: CompiledRendition) -> JSONValue {
        let traits = traits(of: rendition)
        var members: [(key: String, value: JSONValue)] = [
            ("name", .string(rendition.name)),
            ("rendition_name", .string(rendition.renditionName)),
            ("layout", .string(RenditionVocabulary.layout(rendition.layout))),
            ("idiom", .string(traits.idiom)),
            ("scale", .int(traits.scale)),
            ("appearance", .string(traits.appearance)),
            ("display_gamut", .string(traits.displayGamut)),
            ("subtype", .int(traits.subtype)),
            ("size_class_horizontal", .string(traits.sizeClassHorizontal)),
            ("size_class_vertical", .string(traits.sizeClassVertical)),
            ("pixel_width", .int(Int(rendition.width))),
            ("pixel_height", .int(Int(rendition.height))),
            ("encoding", .string(rendition.pixelFormat)),
            ("compression", .string(rendition.compression)),
            ("payload", .string(rendition.payloadTag)),
            ("template_mode", .string(rendition.templateMode)),
            ("size_on_disk", .int(rendition.sizeOnDisk)),
            ("payload_bytes", .int(rendition.payloadBytes)),
            ("payload_claimed_bytes", .int(rendition.claimedPayloadBytes)),
            ("digest", rendition.digest.isEmpty ? .null : .string(rendition.digest)),
            ("offset", .int(rendition.offset)),
            ("key", .array(rendition.key.map { .int(Int($0)) })),
        ]
        if let components = rendition.colorComponents {
            members.append(
                (
                    "color",
                    .record([
                        "color_space_id": .int(Int(rendition.colorSpaceID)),
                        "components": .array(components.map { .double($0) }),
                    ])
                ))
        }
        if let link = rendition.link {
            members.append(
                (
                    "packed_in",
                    .record([
                        "atlas": .string(link.targetName),
                        "x": .int(Int(link.x)), "y": .int(Int(link.y)),
                        "width": .int(Int(link.width)), "height": .int(Int(link.height)),
                    ])
                ))
        }
        if let count = rendition.atlasMembers { members.append(("atlas_members", .int(count))) }
        if let sizes = rendition.sizes {
            members.append(
                (
                    "sizes",
                    .array(
                        sizes.map { .record(["width": .int(Int($0.width)), "height": .int(Int($0.height)), "index": .int(Int($0.index))]) })
                ))
        }
        return .object(members)
    }

    /// The header in a few lines, then one line per rendition.
    package var text: String {
        var lines: [String] = []
        lines.append(
            "\(PlainText.escape(path)): \(grouped(fileSize)) bytes, \(renditions.count) renditions, container \(grouped(containerBytes)) bytes"
        )
        lines.append("  CoreUI \(header.coreUIVersion), storage version \(header.storageVersion), schema \(header.schemaVersion)")
        lines.append("  compiled by: \(PlainText.escape(header.versionString))")
        if let platform = header.deploymentPlatform, !platform.isEmpty || !(header.deploymentPlatformVersion ?? "").isEmpty {
            lines.append("  deployment target: \(PlainText.escape(platform)) \(PlainText.escape(header.deploymentPlatformVersion ?? ""))")
        }
        if let thinning = header.thinningArguments, !thinning.isEmpty { lines.append("  thinned: \(PlainText.escape(thinning))") }
        lines.append("  key: " + keyFormat.map { RenditionVocabulary.attributes[$0] ?? "attribute-\($0)" }.joined(separator: " "))
        for rendition in renditions {
            let traits = traits(of: rendition)
            var fields = [
                PlainText.escape(rendition.name ?? "-"), PlainText.escape(rendition.renditionName),
                RenditionVocabulary.layout(rendition.layout),
            ]
            if let idiom = traits.idiom { fields.append(idiom) }
            if let scale = traits.scale, scale > 0 { fields.append("@\(scale)x") }
            if let appearance = traits.appearance, traits.appearance != appearances[0] { fields.append(PlainText.escape(appearance)) }
            if let gamut = traits.displayGamut, gamut != "sRGB" { fields.append(gamut) }
            if rendition.width > 0 || rendition.height > 0 { fields.append("\(rendition.width)x\(rendition.height)") }
            if let format = rendition.pixelFormat { fields.append(format) }
            if let compression = rendition.compression { fields.append(compression) }
            if let mode = rendition.templateMode, mode != "automatic" { fields.append(mode) }
            if let count = rendition.atlasMembers { fields.append("atlas of \(count)") }
            if let components = rendition.colorComponents {
                fields.append("colour(" + components.map { String(format3: $0) }.joined(separator: ", ") + ")")
            }
            if let link = rendition.link {
                fields.append("in \(PlainText.escape(link.targetName ?? "?")) at \(link.x),\(link.y) \(link.width)x\(link.height)")
            }
            fields.append("\(grouped(rendition.sizeOnDisk)) bytes")
            if !rendition.digest.isEmpty { fields.append(rendition.digest) }
            lines.append("  " + fields.joined(separator: "  "))
        }
        return lines.joined(separator: "\n")
    }

    func grouped(_ value: Int) -> String { CatalogCostReport.grouped(value) }
}

extension String {
    /// A colour component with three decimals.
    init(format3 value: Double) {
        let scaled = (value * 1000).rounded()
        guard scaled.isFinite, abs(scaled) < 1e15 else {
            self = String(value)
            return
        }
        let whole = Int(scaled)
        let sign = whole < 0 ? "-" : ""
        self = "\(sign)\(abs(whole) / 1000).\(String(abs(whole) % 1000).leftPadded(3))"
    }
}
