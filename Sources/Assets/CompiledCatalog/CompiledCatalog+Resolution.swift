/// `resolve NAME --car`: what `UIImage(named:)` returns from a compiled catalog. The named set's image
/// renditions become a set's entries (each rendition's key attributes as the `Contents.json` words they
/// were compiled from, its rendition name as the file name), and the source resolver chooses among them:
/// one home for trait matching, so source and compiled resolution agree by construction.
extension CompiledCatalog {
    public func resolve(_ name: String, for query: VariantQuery = .iPhone) -> VariantResolution {
        let entries = renditions.filter { $0.name == name && $0.templateMode != nil }.map(entry)
        guard !entries.isEmpty else {
            let other = renditions.contains { $0.name == name }
            return VariantResolution(
                name: name, query: query,
                trace: [
                    other
                        ? "\(name) is in \(path) but has no image rendition (a colour, data or app icon set)"
                        : "no set named \(name) in \(path)"
                ])
        }
        let asset = Asset(name: name, kind: .imageSet, path: "\(path):\(name)", entries: entries)
        return VariantResolver.resolve(in: asset, for: query)
    }

    /// The rendition `resolve` chooses (the first of equal entries, as the resolver takes it), with the answer.
    package func resolvedRendition(
        _ name: String, for query: VariantQuery = .iPhone
    ) -> (answer: VariantResolution, rendition: CompiledRendition?) {
        let answer = resolve(name, for: query)
        let images = renditions.filter { $0.name == name && $0.templateMode != nil }
        guard let chosen = answer.entry, let index = images.map(entry).firstIndex(of: chosen) else { return (answer, nil) }
        return (answer, images[index])
    }

    /// A rendition's key as the entry it was compiled from.
    func entry(_ rendition: CompiledRendition) -> ImageEntry {
        typealias A = RenditionVocabulary.Attribute
        let traits = traits(of: rendition)
        var entry = ImageEntry(filename: rendition.renditionName)
        entry.idiom = value(A.idiom, of: rendition).map(Self.catalogIdiom)
        if let scale = traits.scale, scale > 0 { entry.scale = "\(scale)x" }
        if let appearance = traits.appearance {
            let lowered = appearance.lowercased()
            if lowered.contains("dark") { entry.appearances.append(AppearanceTrait(appearance: "luminosity", value: "dark")) }
            if lowered.contains("highcontrast") || lowered.contains("accessibility") {
                entry.appearances.append(AppearanceTrait(appearance: "contrast", value: "high"))
            }
        }
        if let subtype = traits.subtype, subtype != 0 { entry.subtype = String(subtype) }
        if let horizontal = value(A.sizeClassHorizontal, of: rendition), horizontal != 0 { entry.widthClass = traits.sizeClassHorizontal }
        if let vertical = value(A.sizeClassVertical, of: rendition), vertical != 0 { entry.heightClass = traits.sizeClassVertical }
        if let gamut = value(A.displayGamut, of: rendition), gamut != 0 {
            entry.displayGamut = gamut == 1 ? "display-P3" : "gamut-\(gamut)"
        }
        return entry
    }

    /// The idiom attribute as `Contents.json` spells it.
    static func catalogIdiom(_ value: UInt16) -> String {
        switch value {
        case 0: return "universal"
        case 1: return "iphone"
        case 2: return "ipad"
        case 3: return "tv"
        case 4: return "car"
        case 5: return "watch"
        case 6: return "ios-marketing"
        default: return "idiom-\(value)"
        }
    }
}
