/// The key that ties a generated accessor to the set it was made from, for Xcode's asset symbols, SwiftGen
/// and R.swift alike: the name's letters and digits, lowercased, without Xcode's dropped kind suffix.
///
/// Xcode 15's asset symbol generation (`ASSETCATALOG_COMPILER_GENERATE_ASSET_SYMBOLS`, on by default)
/// names a set's `ImageResource`/`ColorResource` member by splitting the name at every character that is
/// not a letter or digit and between a digit and a letter, lowercasing the first word and capitalising the
/// first letter of the others (`ambient-dust-overlay` → `ambientDustOverlay`, `tiko_avatar` → `tikoAvatar`,
/// `AppIcon-iOS-ClearDark-1024x1024` → `ACImageNameAppIconIOSClearDark1024X1024` in the Objective-C
/// header), dropping a trailing `Color` from a colour set's name and `Image` from an image set's
/// (`someBlueColor` → `someBlue`: nicklockwood/SwiftFormat#1634), prefixing a name that starts with a digit
/// with `_`, and nesting a namespace-providing group as a type (Blackboard 11.0.0's release notes follow
/// Xcode 15 there). Every symbol made so has the key of its set: the key drops exactly what those rules
/// change (case, separators, the `_`), so matching keys never misses a symbol Xcode made; it may also tie
/// an accessor to a set whose name differs only in punctuation, which only counts a set as used (a symbol
/// never makes a `missing-asset`: Swift would not compile a symbol Xcode did not make).
package enum AssetSymbolKey {
    /// The key of a set's name (its last part, after any namespace) or of an accessor's identifier.
    package static func key(_ text: Substring) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars where scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
            out.unicodeScalars.append(contentsOf: String(scalar).lowercased().unicodeScalars)
        }
        return out
    }

    package static func key(_ text: String) -> String { key(text[...]) }

    /// The keys a set answers to: its own, and without the kind suffix Xcode drops.
    package static func keys(setName: String, isColor: Bool, isImage: Bool) -> [String] {
        let last = setName.split(separator: "/").last ?? Substring(setName)
        let full = key(last)
        var keys = [full]
        if isColor, full.hasSuffix("color"), full.count > 5 { keys.append(String(full.dropLast(5))) }
        if isImage, full.hasSuffix("image"), full.count > 5 { keys.append(String(full.dropLast(5))) }
        return keys
    }
}
