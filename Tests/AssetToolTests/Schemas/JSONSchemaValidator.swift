import Foundation

/// A JSON value as the schema tests see it; booleans and numbers kept apart.
enum SchemaJSON: Decodable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([SchemaJSON])
    case object([String: SchemaJSON])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
            return
        }
        if let value = try? container.decode(Bool.self) {
            self = .bool(value)
            return
        }
        if let value = try? container.decode(Int64.self) {
            self = .integer(value)
            return
        }
        if let value = try? container.decode(Double.self) {
            self = .number(value)
            return
        }
        if let value = try? container.decode(String.self) {
            self = .string(value)
            return
        }
        if let value = try? container.decode([SchemaJSON].self) {
            self = .array(value)
            return
        }
        self = .object(try container.decode([String: SchemaJSON].self))
    }

    static func parse(_ text: String) throws -> SchemaJSON {
        try JSONDecoder().decode(SchemaJSON.self, from: Data(text.utf8))
    }

    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .integer: "integer"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    var numericValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }
}

/// A small JSON Schema (2020-12) validator for the keywords this repository's schemas use: `type`,
/// `properties`, `required`, `additionalProperties`, `items`, `enum`, `const`, `minimum`, `maximum`,
/// `minLength`, `pattern`, `oneOf`, `anyOf` and `$ref` to `#/$defs/NAME`. A schema keyword it does not know
/// is an error, so a schema can never silently check less than it says.
struct JSONSchemaValidator {
    let root: SchemaJSON

    static let annotations: Set<String> = ["$schema", "$id", "title", "description", "$comment", "$defs"]
    static let keywords: Set<String> = [
        "type", "properties", "required", "additionalProperties", "items", "enum", "const",
        "minimum", "maximum", "minLength", "pattern", "oneOf", "anyOf", "$ref",
    ]

    struct SchemaError: Error, CustomStringConvertible {
        var description: String
    }

    /// Every way `value` breaks the schema, as `path: problem` lines; empty when it conforms.
    func errors(in value: SchemaJSON) throws -> [String] {
        try check(value, against: root, at: "$")
    }

    private func check(_ value: SchemaJSON, against schema: SchemaJSON, at path: String) throws -> [String] {
        guard case .object(let keywords) = schema else {
            if case .bool(let allowed) = schema { return allowed ? [] : ["\(path): no value is allowed here"] }
            throw SchemaError(description: "\(path): a schema must be an object or a boolean")
        }
        var problems: [String] = []
        for key in keywords.keys where !Self.annotations.contains(key) && !Self.keywords.contains(key) {
            throw SchemaError(description: "unsupported schema keyword \"\(key)\" (at \(path))")
        }
        if case .string(let reference)? = keywords["$ref"] {
            problems += try check(value, against: resolve(reference), at: path)
        }
        if let type = keywords["type"] {
            let allowed: [String]
            switch type {
            case .string(let name): allowed = [name]
            case .array(let names): allowed = names.compactMap { if case .string(let name) = $0 { name } else { nil } }
            default: throw SchemaError(description: "\(path): type must be a string or an array of strings")
            }
            let actual = value.typeName
            if !allowed.contains(actual) && !(actual == "integer" && allowed.contains("number")) {
                problems.append("\(path): expected \(allowed.joined(separator: " or ")), found \(actual)")
                return problems
            }
        }
        if case .array(let options)? = keywords["enum"], !options.contains(value) {
            problems.append("\(path): \(describe(value)) is not one of the allowed values")
        }
        if let constant = keywords["const"], constant != value {
            problems.append("\(path): expected \(describe(constant)), found \(describe(value))")
        }
        if let number = value.numericValue {
            if let bound = keywords["minimum"], let minimum = bound.numericValue, number < minimum {
                problems.append("\(path): \(describe(value)) is below the minimum \(describe(bound))")
            }
            if let bound = keywords["maximum"], let maximum = bound.numericValue, number > maximum {
                problems.append("\(path): \(describe(value)) is above the maximum \(describe(bound))")
            }
        }
        if case .string(let text) = value {
            if case .integer(let minimum)? = keywords["minLength"], text.count < minimum {
                problems.append("\(path): shorter than \(minimum) characters")
            }
            if case .string(let pattern)? = keywords["pattern"] {
                let expression = try NSRegularExpression(pattern: pattern)
                if expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil {
                    problems.append("\(path): \(describe(value)) does not match \(pattern)")
                }
            }
        }
        if case .object(let members) = value {
            if case .array(let required)? = keywords["required"] {
                for case .string(let name) in required where members[name] == nil {
                    problems.append("\(path): missing required \"\(name)\"")
                }
            }
            var properties: [String: SchemaJSON] = [:]
            if case .object(let declared)? = keywords["properties"] { properties = declared }
            for name in members.keys.sorted() {
                guard let member = members[name] else { continue }
                if let propertySchema = properties[name] {
                    problems += try check(member, against: propertySchema, at: "\(path).\(name)")
                } else if let additional = keywords["additionalProperties"] {
                    if case .bool(false) = additional {
                        problems.append("\(path): unexpected property \"\(name)\"")
                    } else {
                        problems += try check(member, against: additional, at: "\(path).\(name)")
                    }
                }
            }
        }
        if case .array(let elements) = value, let items = keywords["items"] {
            for (index, element) in elements.enumerated() {
                problems += try check(element, against: items, at: "\(path)[\(index)]")
            }
        }
        if case .array(let options)? = keywords["oneOf"] {
            let passing = try options.filter { try check(value, against: $0, at: path).isEmpty }.count
            if passing != 1 {
                problems.append("\(path): matches \(passing) of the oneOf schemas, not exactly one")
            }
        }
        if case .array(let options)? = keywords["anyOf"] {
            if try !options.contains(where: { try check(value, against: $0, at: path).isEmpty }) {
                problems.append("\(path): matches none of the anyOf schemas")
            }
        }
        return problems
    }

    private func resolve(_ reference: String) throws -> SchemaJSON {
        let prefix = "#/$defs/"
        guard reference.hasPrefix(prefix), case .object(let top) = root, case .object(let definitions)? = top["$defs"],
            let target = definitions[String(reference.dropFirst(prefix.count))]
        else { throw SchemaError(description: "cannot resolve $ref \"\(reference)\"") }
        return target
    }

    private func describe(_ value: SchemaJSON) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): String(flag)
        case .integer(let number): String(number)
        case .number(let number): String(number)
        case .string(let text): "\"\(text)\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}
