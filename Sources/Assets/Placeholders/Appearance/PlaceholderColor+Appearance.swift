extension PlaceholderColor {
    /// The value shown under `appearance` (a device's light or dark mode, as a ``VariantQuery`` asks).
    public func resolved(for appearance: VariantQuery.Appearance) -> RGBA {
        appearance == .dark ? dark : light
    }
}
