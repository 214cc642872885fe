/// How the resolver reads one entry's raw strings. Kept inside the resolution stage so the catalog model
/// stays exactly what the file says.
import AssetsSupport
import AssetsCodecs

struct EntryTraits: Sendable, Hashable {
    /// The entry's idiom; an entry without one counts as `universal`.
    var idiom: String
    /// The scale as a number (`"2x"` → 2); nil when the entry has no scale.
    var scale: Int?
    /// The scale string when it is not `Nx`.
    var unreadableScale: String?
    /// `light`, `dark`, or nil for "any".
    var luminosity: String?
    var highContrast: Bool
    /// Appearances the resolver does not know (`luminosity: tinted`, another kind): such an entry never matches.
    var unknownAppearances: [AppearanceTrait]
    /// `left-to-right`, `right-to-left`, or nil (fixed: never mirrored).
    var direction: String?
    /// Whether the entry is meant for a narrower situation than a query can name
    /// (a size class, a subtype, a locale, a wide-gamut display, a watch's `screen-width` such as `<=145`,
    /// a device's `memory` or Metal `graphics-feature-set`).
    var isSpecialised: Bool

    init(_ entry: ImageEntry) {
        idiom = entry.idiom ?? "universal"
        scale = nil
        unreadableScale = nil
        if let text = entry.scale {
            if text.hasSuffix("x"), let number = Int(text.dropLast()), number > 0 {
                scale = number
            } else {
                unreadableScale = text
            }
        }
        luminosity = nil
        highContrast = false
        unknownAppearances = []
        for trait in entry.appearances {
            switch (trait.appearance, trait.value) {
            case ("luminosity", "light"), ("luminosity", "dark"):
                luminosity = trait.value
            case ("contrast", "high"):
                highContrast = true
            default:
                unknownAppearances.append(trait)
            }
        }
        direction = entry.languageDirection
        let gamut = entry.displayGamut.map { $0.lowercased() }
        isSpecialised =
            entry.widthClass != nil || entry.heightClass != nil || entry.subtype != nil
            || entry.locale != nil || (gamut != nil && gamut != "srgb")
            || ["screen-width", "memory", "graphics-feature-set"].contains { entry.otherKeys[$0] != nil }
    }

    /// `dark high-contrast`, `any-appearance`: the entry's appearance in words.
    var appearanceLabel: String {
        AppearanceStep(luminosity: luminosity, highContrast: highContrast).label
    }
}
