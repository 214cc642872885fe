/// One rung of the appearance fallback: a luminosity (nil = any) with or without high contrast.
import AssetsSupport
import AssetsCodecs

struct AppearanceStep: Sendable, Hashable {
    var luminosity: String?
    var highContrast: Bool

    var label: String {
        let base = luminosity ?? "any-appearance"
        return highContrast ? "\(base) high-contrast" : base
    }

    /// The order: exact, then without contrast, then "any" with contrast, then "any".
    static func ladder(for query: VariantQuery) -> [AppearanceStep] {
        let wanted = query.appearance.rawValue
        if query.highContrast {
            return [
                AppearanceStep(luminosity: wanted, highContrast: true),
                AppearanceStep(luminosity: wanted, highContrast: false),
                AppearanceStep(luminosity: nil, highContrast: true),
                AppearanceStep(luminosity: nil, highContrast: false),
            ]
        }
        return [
            AppearanceStep(luminosity: wanted, highContrast: false),
            AppearanceStep(luminosity: nil, highContrast: false),
        ]
    }

    func matches(_ traits: EntryTraits) -> Bool {
        traits.luminosity == luminosity && traits.highContrast == highContrast
    }
}
