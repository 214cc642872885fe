/// The typed reading of one `Contents.json`: the parts a catalog uses, and every wrong shape found,
/// each as an `invalid-json` diagnostic with its key path. Reading never stops at the first problem.
import AssetsSupport
import AssetsCodecs

struct ContentsFile: Sendable {
    var entries: [ImageEntry] = []
    var colors: [ColorEntry] = []
    /// Where each entry and colour was read from (`ContentsPositions.entryPaths`).
    var entryPaths: [String] = []
    var colorPaths: [String] = []
    /// `properties`, key → value as written.
    var properties: [String: JSONValue] = [:]
    var diagnostics: [CatalogDiagnostic] = []
    /// Where each key and value was written, so findings point at their line.
    var positions = JSONPositions()

    /// The catalog-relative path of the `Contents.json`, for diagnostics.
    let path: String

    /// Parses `bytes`. A syntax error gives one `invalid-json` with line and column and no content.
    static func parse(_ bytes: [UInt8], path: String) -> (ContentsFile, JSONValue?) {
        var file = ContentsFile(path: path)
        do {
            let (root, positions, duplicates) = try JSONReader.parseWithPositionsAndDuplicates(bytes)
            file.positions = positions
            for duplicate in duplicates {
                file.problem(
                    duplicate.keyPath,
                    "is given twice in one object (again at line \(duplicate.line), column \(duplicate.column)); "
                        + "readers disagree on which counts")
            }
            guard case .object = root else {
                file.problem(nil, "the top level is \(root.typeName), expected an object")
                return (file, nil)
            }
            return (file, root)
        } catch {
            file.diagnostics.append(
                CatalogDiagnostic(
                    .invalidJSON, path: path,
                    message: "does not parse: \(error.reason)",
                    position: SourcePosition(line: error.line, column: error.column)))
            return (file, nil)
        }
    }

    /// Gives every finding about a key its line and column.
    mutating func placeFindings() {
        positions.place(&diagnostics, path: path)
    }

    mutating func problem(_ keyPath: String?, _ message: String) {
        // A finding about a key gets its position when the file's findings are placed (`placeFindings`).
        diagnostics.append(
            CatalogDiagnostic(
                .invalidJSON, path: path, keyPath: keyPath, message: message,
                position: keyPath == nil ? positions.documentPosition : nil))
    }

    /// Reads `properties` (an object, when present).
    mutating func readProperties(of root: JSONValue) {
        guard let value = root["properties"] else { return }
        guard case .object(let members) = value else {
            problem("properties", "is \(value.typeName), expected an object")
            return
        }
        for member in members { properties[member.key] = member.value }
    }

    /// The items of the array under `key`, each an object, with their indexes (the key path of one is
    /// `key[index]`, built only for a finding); wrong shapes are reported.
    mutating func objects(under key: String, of root: JSONValue) -> [(index: Int, members: [(key: String, value: JSONValue)])] {
        guard let value = root[key] else { return [] }
        guard case .array(let items) = value else {
            problem(key, "is \(value.typeName), expected an array")
            return []
        }
        var result: [(index: Int, members: [(key: String, value: JSONValue)])] = []
        result.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard case .object(let members) = item else {
                problem("\(key)[\(index)]", "is \(item.typeName), expected an object")
                continue
            }
            result.append((index, members))
        }
        return result
    }

    /// Reads the entries of an image, symbol, data or container set.
    mutating func readEntries(under key: String, of root: JSONValue) {
        for (index, members) in objects(under: key, of: root) {
            var entry = ImageEntry()
            for (name, value) in members {
                // Built for a finding only (`string` takes it lazily): most members are as expected.
                func memberPath() -> String { "\(key)[\(index)].\(name)" }
                switch name {
                case "filename": entry.filename = string(value, memberPath())
                case "idiom": entry.idiom = string(value, memberPath())
                case "scale": entry.scale = string(value, memberPath())
                case "appearances": entry.appearances = appearances(value, memberPath())
                case "subtype": entry.subtype = string(value, memberPath())
                case "width-class": entry.widthClass = string(value, memberPath())
                case "height-class": entry.heightClass = string(value, memberPath())
                case "display-gamut": entry.displayGamut = string(value, memberPath())
                case "language-direction": entry.languageDirection = string(value, memberPath())
                case "locale": entry.locale = string(value, memberPath())
                case "universal-type-identifier": entry.universalTypeIdentifier = string(value, memberPath())
                default: entry.otherKeys[name] = value
                }
            }
            entries.append(entry)
            entryPaths.append("\(key)[\(index)]")
        }
    }

    /// Reads a colour set's `colors`.
    mutating func readColors(of root: JSONValue) {
        for (index, members) in objects(under: "colors", of: root) {
            var entry = ColorEntry()
            for (name, value) in members {
                // Built for a finding only (`string` takes it lazily): most members are as expected.
                func memberPath() -> String { "colors[\(index)].\(name)" }
                switch name {
                case "idiom": entry.idiom = string(value, memberPath())
                case "appearances": entry.appearances = appearances(value, memberPath())
                case "display-gamut": entry.displayGamut = string(value, memberPath())
                case "color": entry.color = color(value, memberPath())
                default: entry.otherKeys[name] = value
                }
            }
            colors.append(entry)
            colorPaths.append("colors[\(index)]")
        }
    }

    private mutating func string(_ value: JSONValue, _ keyPath: @autoclosure () -> String) -> String? {
        if case .string(let text) = value { return text }
        problem(keyPath(), "is \(value.typeName), expected a string")
        return nil
    }

    private mutating func appearances(_ value: JSONValue, _ keyPath: String) -> [AppearanceTrait] {
        guard case .array(let items) = value else {
            problem(keyPath, "is \(value.typeName), expected an array")
            return []
        }
        var traits: [AppearanceTrait] = []
        for (index, item) in items.enumerated() {
            let itemPath = "\(keyPath)[\(index)]"
            guard case .object = item else {
                problem(itemPath, "is \(item.typeName), expected an object")
                continue
            }
            guard let appearanceValue = item["appearance"] else {
                problem(itemPath, "has no \"appearance\" key")
                continue
            }
            guard let traitValue = item["value"] else {
                problem(itemPath, "has no \"value\" key")
                continue
            }
            if let appearance = string(appearanceValue, itemPath + ".appearance"),
                let trait = string(traitValue, itemPath + ".value")
            {
                traits.append(AppearanceTrait(appearance: appearance, value: trait))
            }
        }
        return traits
    }

    private mutating func color(_ value: JSONValue, _ keyPath: String) -> ColorValue? {
        guard case .object = value else {
            problem(keyPath, "is \(value.typeName), expected an object")
            return nil
        }
        if let reference = value["reference"] {
            guard let name = string(reference, keyPath + ".reference") else { return nil }
            let platform = value["platform"].flatMap { string($0, keyPath + ".platform") }
            return .system(name: name, platform: platform)
        }
        let colorSpace = value["color-space"].flatMap { string($0, keyPath + ".color-space") }
        guard let components = value["components"] else {
            problem(keyPath, "has neither \"components\" nor \"reference\"")
            return nil
        }
        guard case .object(let members) = components else {
            problem(keyPath + ".components", "is \(components.typeName), expected an object")
            return nil
        }
        var result = ColorComponents(colorSpace: colorSpace)
        var valid = true
        for (name, component) in members {
            let componentPath = "\(keyPath).components.\(name)"
            let text: String
            switch component {
            case .string(let written): text = written
            case .number(let written): text = written
            default:
                problem(componentPath, "is \(component.typeName), expected a number or a string")
                valid = false
                continue
            }
            guard let number = ColorComponents.value(of: text, isAlpha: name == "alpha") else {
                problem(componentPath, "\"\(text)\" is not a colour component (a decimal, a 0-255 integer or a 0x hex byte)")
                valid = false
                continue
            }
            switch name {
            case "red": result.red = number
            case "green": result.green = number
            case "blue": result.blue = number
            case "white": result.white = number
            case "alpha": result.alpha = number
            default: problem(componentPath, "is not a colour component name (red, green, blue, white, alpha)")
            }
        }
        let hasRGB = result.red != nil && result.green != nil && result.blue != nil
        if valid, !hasRGB, result.white == nil {
            problem(keyPath + ".components", "needs red, green and blue, or white")
        }
        return .components(result)
    }
}
