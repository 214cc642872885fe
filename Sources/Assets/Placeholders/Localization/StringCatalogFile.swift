import AssetsSupport
import AssetsCodecs

/// An Xcode string catalog (`Localizable.xcstrings`): JSON with a source language and, for every key,
/// each language's `stringUnit` (a plural or device variation gives its `other` form).
struct StringCatalogFile {
    var sourceLanguage: String?
    /// Language (as written) → key → text.
    var languages: [String: [String: String]]

    static func read(_ file: String) throws(StringsFileError) -> StringCatalogFile {
        let bytes = try LocalizedStrings.readBytes(file)
        let document: JSONValue
        do {
            document = try JSONReader.parse(bytes)
        } catch {
            throw StringsFileError(file: file, reason: .notJSON(error.description))
        }
        guard case .object = document else {
            throw StringsFileError(file: file, reason: .wrongType(expected: "an object", found: document.typeName))
        }
        var result = StringCatalogFile(sourceLanguage: nil, languages: [:])
        if let source = document["sourceLanguage"] {
            guard case .string(let language) = source else {
                throw StringsFileError(
                    file: file, keyPath: "sourceLanguage", reason: .wrongType(expected: "a string", found: source.typeName))
            }
            result.sourceLanguage = language
        }
        guard let strings = document["strings"] else { return result }
        guard case .object(let keys) = strings else {
            throw StringsFileError(file: file, keyPath: "strings", reason: .wrongType(expected: "an object", found: strings.typeName))
        }
        for (key, entry) in keys {
            guard case .object = entry else {
                throw StringsFileError(
                    file: file, keyPath: "strings.\(key)", reason: .wrongType(expected: "an object", found: entry.typeName))
            }
            guard let localizations = entry["localizations"] else { continue }
            guard case .object(let byLanguage) = localizations else {
                throw StringsFileError(
                    file: file, keyPath: "strings.\(key).localizations",
                    reason: .wrongType(expected: "an object", found: localizations.typeName))
            }
            for (language, localization) in byLanguage {
                if let text = try Self.text(of: localization, file: file, keyPath: "strings.\(key).localizations.\(language)", depth: 0) {
                    result.languages[language, default: [:]][key] = text
                }
            }
        }
        return result
    }

    /// The `stringUnit.value`, else the `other` (or first) form of the first variation; nil when neither.
    private static func text(of localization: JSONValue, file: String, keyPath: String, depth: Int) throws(StringsFileError) -> String? {
        guard depth < 4, case .object = localization else { return nil }
        if let unit = localization["stringUnit"] {
            guard let value = unit["value"] else { return nil }
            guard case .string(let text) = value else {
                throw StringsFileError(
                    file: file, keyPath: keyPath + ".stringUnit.value", reason: .wrongType(expected: "a string", found: value.typeName))
            }
            return text
        }
        guard let variations = localization["variations"], case .object(let kinds) = variations, let (kind, forms) = kinds.first,
            case .object(let cases) = forms
        else { return nil }
        let chosen = cases.first { $0.key == "other" } ?? cases.first
        guard let chosen else { return nil }
        return try text(of: chosen.value, file: file, keyPath: "\(keyPath).variations.\(kind).\(chosen.key)", depth: depth + 1)
    }
}
