/// The names Xcode's asset symbol generation (`ASSETCATALOG_COMPILER_GENERATE_ASSET_SYMBOLS`, Xcode 15 and
/// later, on by default) gives a set: the Swift member of `ImageResource` / `ColorResource` (and of the
/// `UIImage`, `UIColor`, `NSImage`, `NSColor`, `Image`, `Color` extensions), the nested type of each
/// namespace-providing group, and the Objective-C constant (`ACImageName…`, `ACColorName…`).
///
/// Apple documents what is generated, not the naming algorithm. These rules are read off the
/// `GeneratedAssetSymbols.swift` / `.h` files Xcode wrote into public repositories (build folders committed
/// by mistake), each name beside the set name it came from, and from the community notes that describe it:
/// - words: the name splits into runs of letters and runs of digits; every other character separates
///   (`ic_round-home` → `icRoundHome`, `Background-Page3` → `backgroundPage3`, `features 1 1` → `features11`);
///   letters that are not ASCII are letters (`หมีสุข` stays `หมีสุข`).
/// - camel case, when the name has a lower-case letter: the first word is lowered whole when it has no
///   lower-case letter (`QR Icons` → `qrIcons`, `FTU-screen1` → `ftuScreen1`), else its leading capitals but
///   the one that starts the next word (`DDGBrowserIcon` → `ddgBrowserIcon`, `QRpedia_QR-Code Blue` →
///   `qRpediaQRCodeBlue`, `O1LUkwy` → `o1LUkwy`: duckduckgo/iOS's `Image(.vpnAddWidgetTipIcon)` for the set
///   `VPNAddWidgetTipIcon` compiles); every other word gets its first
///   letter upper-cased and keeps the rest (`Locate me OFF` → `locateMeOFF`, `2ed` → `_2Ed`, `10d` → `_10D`).
/// - a name with no lower-case letter keeps its case and joins its words with `_` (`HRV` → `HRV`, `P1.1` →
///   `P_1_1`, `AL-1` → `AL_1`, `MEESUK-B` → `MEESUK_B`, `16_9` → `_16_9`, `CLR_LAUNCH_SCREEN_COLOR` →
///   `CLR_LAUNCH_SCREEN`).
/// - a name that then starts with a digit gets `_` in front (`1` → `_1`, `3d_rotation` → `_3DRotation`).
/// - the kind suffix is dropped: a colour set's trailing `Color` and an image set's trailing `Image`
///   (`AccentColor` → `accent`, `shadowColor` → `shadow`, `noImage` → `no`, `copyLinkImage` → `copyLink`;
///   not when more follows: `shadowColor 1` → `shadowColor1`), as nicklockwood/SwiftFormat#1634 reports
///   ("Trim Color from End: someBlueColor = someBlue"). The Objective-C constants keep it
///   (`AccentColor` → `ACColorNameAccentColor`) and upper-case every word's first letter
///   (`AppIcon-iOS-ClearDark-1024x1024` → `ACImageNameAppIconIOSClearDark1024X1024`).
/// - a namespace-providing group is a nested type named from the group (`Colors/Text/Primary` →
///   `ColorResource.Colors.Text.primary`, used as `.Colors.Text.primary`); a member that is a keyword is
///   escaped (`` `default` ``), which the source's identifier carries and the lookup drops.
/// - names that collide (two sets giving one symbol in one type) make Xcode warn ("… resolves to the symbol
///   … which already exists") and generate one of them: which one is not documented, so a symbol that
///   several sets give counts as a use of each of them (`AssetLookup.sets(forSymbol:as:)`).
/// Sources read: GeneratedAssetSymbols.swift files in public repositories (e.g. the `10e`, `2ed`, `B2` →
/// `B_2`, `BG`, `16_9` catalogs), Blackboard 11.0.0's release notes ("generated property names for assets
/// with namespaces have changed to match Xcode 15's naming convention"), SwiftFormat#1634, and a write-up of
/// Xcode 15's generated code with namespaces (`enum Colors { enum Text { static let primary … } }`). Rules
/// not seen in such a file are marked "inferred" below; a wrong inference can only make a set look unused
/// (a symbol is never `missing-asset`: Swift would not compile a symbol Xcode did not make).
package enum AssetSymbolName {
    /// The Swift member Xcode generates for a set: `name` is the set's last name part (after any namespace).
    /// Nil when the name has no letter or digit (inferred: nothing to make a name from).
    package static func swiftMember(_ name: Substring, isColor: Bool, isImage: Bool) -> String? {
        var parts = words(name)
        guard !parts.isEmpty else { return nil }
        let suffix: String? = isColor ? "Color" : isImage ? "Image" : nil
        if let suffix { parts = droppingSuffix(suffix, from: parts) }
        if hasLowercase(name) {
            var out = ""
            for (index, word) in parts.enumerated() {
                if index == 0 {
                    out += hasLowercase(word) ? lowerLeadingCapitals(word) : word.lowercased()
                } else {
                    out += upperFirst(word)
                }
            }
            return leadingDigitEscaped(out)
        }
        return leadingDigitEscaped(parts.joined(separator: "_"))
    }

    /// The nested type Xcode generates for a namespace-providing group (inferred from `TabBarIcons`,
    /// `Colors`, `Poses`: the group's words, each with its first letter upper-cased).
    package static func swiftType(_ group: Substring) -> String? {
        let parts = words(group)
        guard !parts.isEmpty else { return nil }
        if hasLowercase(group) { return leadingDigitEscaped(parts.map(upperFirst).joined()) }
        return leadingDigitEscaped(parts.joined(separator: "_"))
    }

    /// The Swift path of a set's symbol below `ImageResource` / `ColorResource`: the namespaces' types, then
    /// the member (`Colors/Text/PrimaryColor` → `Colors.Text.primary`).
    package static func swiftPath(qualifiedName: String, isColor: Bool, isImage: Bool) -> String? {
        let components = qualifiedName.split(separator: "/", omittingEmptySubsequences: false)
        guard let last = components.last, let member = swiftMember(last, isColor: isColor, isImage: isImage) else { return nil }
        var path: [String] = []
        for group in components.dropLast() {
            guard let type = swiftType(group) else { return nil }
            path.append(type)
        }
        path.append(member)
        return path.joined(separator: ".")
    }

    /// The Objective-C constant (`ACImageNameAppIconIOSClearDark1024X1024`, `ACColorNameAccentColor`): every
    /// word of the qualified name with its first letter upper-cased, the kind suffix kept.
    package static func objectiveC(qualifiedName: String, isColor: Bool) -> String? {
        let parts = qualifiedName.split(separator: "/").flatMap { words($0) }
        guard !parts.isEmpty else { return nil }
        return (isColor ? "ACColorName" : "ACImageName") + parts.map(upperFirst).joined()
    }

    /// Runs of letters and runs of ASCII digits; everything else separates.
    package static func words(_ text: Substring) -> [Substring] {
        var result: [Substring] = []
        var start: Substring.Index?
        var startIsDigit = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let isDigit = character.isASCII && character.isNumber
            let isLetter = !isDigit && character.isLetter
            if isDigit || isLetter {
                if let begin = start, startIsDigit != isDigit {
                    result.append(text[begin..<index])
                    start = index
                } else if start == nil {
                    start = index
                }
                startIsDigit = isDigit
            } else if let begin = start {
                result.append(text[begin..<index])
                start = nil
            }
            index = text.index(after: index)
        }
        if let begin = start { result.append(text[begin...]) }
        return result
    }

    /// Drops a trailing `Color`/`Image`: a last word equal to it apart from case (`text_color`, `COLOR`:
    /// inferred from `CLR_LAUNCH_SCREEN_COLOR`), or a last word ending in it exactly (`AccentColor`); never
    /// the whole name.
    static func droppingSuffix(_ suffix: String, from parts: [Substring]) -> [Substring] {
        guard let last = parts.last else { return parts }
        if last.lowercased() == suffix.lowercased() {
            return parts.count > 1 ? Array(parts.dropLast()) : parts
        }
        if last.count > suffix.count, last.hasSuffix(suffix) {
            return Array(parts.dropLast()) + [last.dropLast(suffix.count)]
        }
        return parts
    }

    static func hasLowercase(_ text: Substring) -> Bool { text.contains { $0.isLowercase } }

    /// The first word's leading capitals lowered, all but the last when a lower-case letter follows it (it
    /// starts the next word): `DDGBrowserIcon` → `ddgBrowserIcon`, `VPNAddWidgetTipIcon` → `vpnAddWidgetTipIcon`
    /// (duckduckgo/iOS calls `Image(.ddgBrowserIcon)`, `Image(.vpnAddWidgetTipIcon)`), `QRpedia` → `qRpedia`,
    /// `CardHoarder` → `cardHoarder`.
    static func lowerLeadingCapitals(_ word: Substring) -> String {
        let capitals = word.prefix { $0.isUppercase }
        guard !capitals.isEmpty else { return String(word) }
        let rest = word.dropFirst(capitals.count)
        guard capitals.count > 1, let next = rest.first, next.isLowercase else { return capitals.lowercased() + rest }
        return capitals.dropLast().lowercased() + String(capitals.last.map(String.init) ?? "") + rest
    }

    static func upperFirst(_ word: Substring) -> String {
        guard let first = word.first else { return "" }
        return first.uppercased() + word.dropFirst()
    }

    static func leadingDigitEscaped(_ name: String) -> String {
        guard let first = name.first, first.isASCII, first.isNumber else { return name }
        return "_" + name
    }
}
