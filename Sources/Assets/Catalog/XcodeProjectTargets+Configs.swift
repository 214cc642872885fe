/// A build configuration's settings as Xcode layers them: the target's own (in `project.pbxproj`), then the
/// target's base configuration file (`.xcconfig`), then the project's own, then the project's base
/// configuration file; the first layer that sets a key (any of its `[sdk=…]` forms) gives its value.
/// `$(inherited)` takes the value of the layers below, `$(NAME)` and `${NAME}` the value of another setting
/// the layers give; a reference to a setting they do not give (Xcode's own, `$(PRODUCT_NAME:c99extidentifier)`)
/// stays unresolved, and a word holding one is never taken for a name.
///
/// An `.xcconfig` is read by hand: `KEY = value` and `KEY[sdk=iphoneos*] = value` lines, `//` comments (anywhere
/// on a line, as Xcode reads them), `#include "path"` relative to the including file and `#include? "path"`
/// (optional), later lines winning and `$(inherited)` there meaning the value set before it. No library reads
/// the format (Xcode's reader is not public), and the subset is small. Bounded: 8 levels of includes, 32 files
/// per configuration, lines under 4 KiB; the caller bounds each file's bytes and where files may be read from.
extension XcodeProjectTargets {
    /// The bytes of a configuration file at a path relative to the folder holding the `.xcodeproj`; nil when
    /// it is not read (absent, too large, or outside the folders the caller allows).
    package typealias ConfigReader = (String) -> [UInt8]?

    /// One configuration file and the files it includes, flattened.
    struct ConfigFile {
        /// Each key as written (`KEY` or `KEY[sdk=…]`) and its last value.
        var settings: [String: Value] = [:]
        /// Whether the file and every file it must include (`#include`, not `#include?`) were read.
        var complete = true

        static let maximumDepth = 8
        static let maximumFiles = 32
        static let maximumLine = 4096

        /// The file at `path` (relative to the project folder) through `read`.
        init(path: String, read: ConfigReader) {
            var files = 0
            load(normalized(path), depth: 0, optional: false, files: &files, read: read)
        }

        private mutating func load(_ path: String, depth: Int, optional: Bool, files: inout Int, read: ConfigReader) {
            guard depth <= Self.maximumDepth, files < Self.maximumFiles else {
                complete = false
                return
            }
            files += 1
            guard let bytes = read(path) else {
                if !optional { complete = false }
                return
            }
            let folder = path.split(separator: "/").dropLast().joined(separator: "/")
            for line in bytes.split(separator: 0x0A) where line.count < Self.maximumLine {
                var text = Substring(String(decoding: line, as: UTF8.self))
                if let comment = text.range(of: "//") { text = text[..<comment.lowerBound] }
                text = text.trimmingSpaces
                if text.hasPrefix("#include") {
                    let isOptional = text.hasPrefix("#include?")
                    guard let open = text.firstIndex(of: "\""), let close = text.lastIndex(of: "\""), open < close else { continue }
                    let included = String(text[text.index(after: open)..<close])
                    // An absolute path or one in Xcode's folders (`<DEVELOPER_DIR>/…`) is not the project's.
                    if included.isEmpty || included.hasPrefix("/") || included.hasPrefix("<") {
                        if !isOptional { complete = false }
                        continue
                    }
                    let relative = folder.isEmpty ? included : "\(folder)/\(included)"
                    load(normalized(relative), depth: depth + 1, optional: isOptional, files: &files, read: read)
                    continue
                }
                guard let equals = text.firstIndex(of: "=") else { continue }
                let key = String(text[..<equals].trimmingSpaces)
                guard Self.isKey(key) else { continue }
                var value = text[text.index(after: equals)...].trimmingSpaces
                if value.hasSuffix(";") { value = value.dropLast().trimmingSpaces }
                var assigned = String(value)
                // Since Xcode 10, `$(inherited)` in a configuration file is the value set before it in the files.
                if let before = settings[key]?.string {
                    assigned = assigned.replacingReferences(to: "inherited", with: before)
                }
                settings[key] = .string(assigned)
            }
        }

        /// `NAME` or `NAME[condition=value]…`.
        static func isKey(_ key: String) -> Bool {
            let name = key.prefix { $0 != "[" }
            guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else {
                return false
            }
            let nameValid = name.unicodeScalars.allSatisfy {
                $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
            }
            let rest = key.dropFirst(name.count)
            return nameValid && (rest.isEmpty || (rest.hasPrefix("[") && rest.hasSuffix("]")))
        }
    }

    /// The settings of one build configuration, layered (highest first).
    struct LayeredSettings {
        var layers: [[String: Value]]
        /// Whether every layer was read whole (its configuration files too).
        var complete: Bool
        /// The settings the project defines in any configuration or configuration file read: a reference to one
        /// of them that these layers do not set is empty, as Xcode expands an undefined setting (Home Assistant's
        /// `AppIcon${BUNDLE_ID_SUFFIX}`, the suffix set only for Debug); a reference to any other (Xcode's own,
        /// such as `PRODUCT_NAME`) stays unresolved.
        var projectDefined: Set<String> = []

        static let maximumReferenceDepth = 8
        static let maximumReferences = 1_000
        static let maximumValueBytes = 64 << 10

        /// The first layer (at or below `from`) that sets `name` in any form, and those forms, sorted.
        func keys(_ name: String, from: Int = 0) -> (layer: Int, keys: [String])? {
            for index in layers.indices where index >= from {
                let keys = layers[index].keys.filter { setting($0, is: name) }.sorted()
                if !keys.isEmpty { return (index, keys) }
            }
            return nil
        }

        /// Each value `name` takes (one per `[sdk=…]` form the deciding layer sets), its references resolved
        /// where the layers give them; nil when no layer sets it.
        func values(_ name: String) -> [String]? {
            var budget = Self.maximumReferences
            return values(name, from: 0, depth: 0, budget: &budget)
        }

        /// `values(_:)` with the work bounded: each reference resolved spends one of `budget` (a setting naming
        /// itself fifty times would otherwise take 50^8 steps), and a value grown past 64 KiB is left unresolved.
        private func values(_ name: String, from: Int, depth: Int, budget: inout Int) -> [String]? {
            guard depth < Self.maximumReferenceDepth, let found = keys(name, from: from) else { return nil }
            return found.keys.map { key in
                let raw: String
                switch layers[found.layer][key] {
                case .string(let text)?: raw = text
                case .array(let items)?: raw = items.compactMap(\.string).joined(separator: " ")
                default: raw = ""
                }
                return raw.resolvingReferences { reference in
                    guard budget > 0 else { return nil }
                    budget -= 1
                    let value: String?
                    if reference == "inherited" {
                        value = values(name, from: found.layer + 1, depth: depth + 1, budget: &budget)?.joined(separator: " ") ?? ""
                    } else if let resolved = values(reference, from: 0, depth: depth + 1, budget: &budget) {
                        value = resolved.joined(separator: " ")
                    } else {
                        value = projectDefined.contains(reference) ? "" : nil
                    }
                    return value.flatMap { $0.utf8.count <= Self.maximumValueBytes ? $0 : nil }
                }
            }
        }

        /// A setting's words (split at spaces, quotes dropped), and whether a word holds a reference left unresolved.
        func words(_ name: String) -> (words: [String], unresolved: Bool) {
            let all = (values(name) ?? []).flatMap { $0.split(separator: " ").map { String($0).trimmingQuotes } }.filter { !$0.isEmpty }
            let resolved = all.filter { !$0.contains("$") }
            return (resolved, resolved.count != all.count)
        }

        /// The value of a one-word setting (`SDKROOT`), the first form's.
        func first(_ name: String) -> String? { values(name)?.first?.trimmingQuotes }
    }

    /// The file a build configuration object bases itself on, relative to the project folder: a file
    /// reference (`baseConfigurationReference`), or Xcode 16's path inside a synchronized folder
    /// (`baseConfigurationReferenceAnchor` and `baseConfigurationReferenceRelativePath`).
    static func baseConfigurationPath(of configuration: [String: Value], in project: ProjectObjects) -> String? {
        if let reference = configuration["baseConfigurationReference"]?.string {
            return project.all[reference] == nil ? nil : project.path(of: reference)
        }
        if let anchor = configuration["baseConfigurationReferenceAnchor"]?.string, project.all[anchor] != nil,
            let relative = configuration["baseConfigurationReferenceRelativePath"]?.string, let folder = project.path(of: anchor)
        {
            return normalized(folder.isEmpty ? relative : "\(folder)/\(relative)")
        }
        return nil
    }
}

extension String {
    /// `"AppIcon"` → `AppIcon`.
    var trimmingQuotes: String {
        var text = Substring(self)
        while text.first == "\"" { text = text.dropFirst() }
        while text.last == "\"" { text = text.dropLast() }
        return String(text)
    }

    /// Each `$(NAME)` / `${NAME}` replaced by what `value` gives for NAME; one it gives nil for stays as written.
    func resolvingReferences(_ value: (String) -> String?) -> String {
        var result = ""
        var rest = Substring(self)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            let after = rest.index(after: dollar)
            guard after < rest.endIndex, rest[after] == "(" || rest[after] == "{" else {
                result.append("$")
                rest = rest[after...]
                continue
            }
            let closing: Character = rest[after] == "(" ? ")" : "}"
            guard let close = rest[after...].firstIndex(of: closing) else {
                result += rest[dollar...]
                return result
            }
            let name = String(rest[rest.index(after: after)..<close])
            if let replacement = value(name) { result += replacement } else { result += rest[dollar...close] }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// Each `$(name)` / `${name}` replaced by `replacement`.
    func replacingReferences(to name: String, with replacement: String) -> String {
        resolvingReferences { $0 == name ? replacement : nil }
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" || first == "\r" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
        return text
    }
}
