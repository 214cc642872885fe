/// Everything a placeholder needs to become concrete: the catalog its images come from, the device's traits,
/// the names of the conventional images, and the localization of its text.
import AssetsSupport
import AssetsCodecs

public struct PlaceholderContext: Sendable {
    /// The catalog images are looked up in; nil when there is none (every image is then hidden).
    public var catalog: AssetCatalog?
    public var query: VariantQuery
    public var names: PlaceholderNames
    public var localization: any LocalizationProvider

    public init(
        catalog: AssetCatalog?,
        query: VariantQuery = .iPhone,
        names: PlaceholderNames = .conventional,
        localization: any LocalizationProvider = StringTable()
    ) {
        self.catalog = catalog
        self.query = query
        self.names = names
        self.localization = localization
    }

    /// The chain for a style: its own image, else its role's name in the catalog, else hidden; nothing
    /// when the style's ``/AssetPlaceholders/PlaceholderStyle/image`` is nil (and it plays no animation).
    public func image(for style: PlaceholderStyle) -> PlaceholderImageChoice {
        guard style.showsImage else {
            return PlaceholderImageChoice(source: .hidden, resolution: nil, trace: ["the style shows no image (its image is nil)"])
        }
        return image(explicit: style.explicitImage, role: style.imageRole)
    }

    /// The chain for an explicit image name and a role, either of which may be absent.
    public func image(explicit: String?, role: PlaceholderRole?) -> PlaceholderImageChoice {
        var trace: [String] = []
        var lastTried: VariantResolution?
        guard let catalog else {
            trace.append("no catalog: the image is hidden")
            return PlaceholderImageChoice(source: .hidden, resolution: nil, trace: trace)
        }
        let resolver = VariantResolver(catalog: catalog)
        if let explicit {
            let answer = resolver.resolve(explicit, for: query)
            lastTried = answer
            if answer.isResolved {
                trace.append("the style's image \"\(explicit)\"")
                trace += answer.trace
                return PlaceholderImageChoice(source: .explicit, resolution: answer, trace: trace)
            }
            trace.append("the style's image \"\(explicit)\" does not resolve:")
            trace += answer.trace
        } else {
            trace.append("the style names no image of its own")
        }
        if let role {
            let name = names[role]
            let answer = resolver.resolve(name, for: query)
            lastTried = answer
            if answer.isResolved {
                trace.append("the \(role.rawValue) image \"\(name)\" from the catalog")
                trace += answer.trace
                return PlaceholderImageChoice(source: .conventional, resolution: answer, trace: trace)
            }
            trace.append("the \(role.rawValue) image \"\(name)\" does not resolve:")
            trace += answer.trace
        } else {
            trace.append("the style has no role, so no conventional image")
        }
        trace.append("no image: the image part is hidden")
        return PlaceholderImageChoice(source: .hidden, resolution: lastTried, trace: trace)
    }

    /// The text to show for `text`, through the localization provider.
    public func text(_ text: PlaceholderText) -> String {
        text.text(using: localization)
    }
}
