/// The key that ties a third-party generated accessor to the set it was made from: SwiftGen
/// (`Asset.Group.name`) and R.swift (`R.image.name`) each have their own identifier rules (SwiftGen's
/// `swiftIdentifier` filter, R.swift's `SwiftIdentifier`), which differ from Xcode's and between their
/// versions and templates. The key is the name's letters and digits, lowercased, without the kind suffix
/// Xcode drops: every identifier those tools make from a name has the key of the name, so matching keys never
/// misses an accessor; it may also tie an accessor to a set whose name differs only in punctuation, which
/// only counts a set as used (an accessor is never `missing-asset`). Xcode's own symbols are matched exactly
/// (`AssetSymbolName`).
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
