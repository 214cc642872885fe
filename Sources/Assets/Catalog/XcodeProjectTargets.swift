/// Which platforms build each catalog of an Xcode project: a `project.pbxproj` read as the property list it
/// is (NeXTSTEP text: `{ key = value; }`, `( a, b )`, quoted or bare strings, comments), each native target's
/// resources phase followed to the catalogs it copies, and the target's platforms taken from its build
/// configurations' `SUPPORTED_PLATFORMS`, else `SDKROOT` (else the project's). A catalog's path is resolved
/// through its groups (`<group>`, `SOURCE_ROOT`); one that cannot be (another source tree) is not in the
/// answer, so a lookup may find it from any platform. `read` gives each target's files and synchronized
/// folders (`XcodeProjectTargets+Project.swift`), which `TargetMembership` joins across projects.
///
/// Bounded: nesting 64 deep, 2,000,000 tokens; a file past either gives no answer.
package enum XcodeProjectTargets {
    indirect enum Value {
        case string(String)
        case array([Value])
        case dictionary([String: Value])

        var string: String? { if case .string(let text) = self { return text } else { return nil } }
        var array: [Value] { if case .array(let items) = self { return items } else { return [] } }
        var dictionary: [String: Value] { if case .dictionary(let members) = self { return members } else { return [:] } }
        subscript(_ key: String) -> Value? { dictionary[key] }
    }

    /// Each catalog the project's targets copy (relative to the folder holding the `.xcodeproj`) and the
    /// platforms (`iOS`, `tvOS`, `macOS`, `watchOS`, `visionOS`) of those targets; nil when the file is not read.
    /// Catalogs in synchronized folders are not here (the project lists no files there): `TargetMembership`
    /// places them from the walk.
    package static func catalogPlatforms(_ bytes: [UInt8]) -> [String: Set<String>]? {
        guard let project = read(bytes) else { return nil }
        var answer: [String: Set<String>] = [:]
        for target in project.targets where !target.platforms.isEmpty {
            for file in target.files where file.hasSuffix(".xcassets") { answer[file, default: []].formUnion(target.platforms) }
        }
        return answer
    }

    static func platform(ofSDK sdk: String) -> String? {
        switch sdk.trimmingCharacters(in: "\"") {
        case "iphoneos", "iphonesimulator": return "iOS"
        case "appletvos", "appletvsimulator": return "tvOS"
        case "macosx": return "macOS"
        case "watchos", "watchsimulator": return "watchOS"
        case "xros", "xrsimulator": return "visionOS"
        default: return nil
        }
    }

    /// `a/./b/../c` → `a/c`.
    package static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        return parts.joined(separator: "/")
    }

    struct Parser {
        let bytes: [UInt8]
        var index = 0
        var tokens = 0
        var failed = false
        static let maxDepth = 64
        static let maxTokens = 2_000_000

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func skipSpace() {
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    index += 1
                    continue
                }
                if byte == 0x2F, index + 1 < bytes.count, bytes[index + 1] == 0x2A {
                    index += 2
                    while index + 1 < bytes.count, !(bytes[index] == 0x2A && bytes[index + 1] == 0x2F) { index += 1 }
                    index += 2
                    continue
                }
                if byte == 0x2F, index + 1 < bytes.count, bytes[index + 1] == 0x2F {
                    while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                    continue
                }
                return
            }
        }

        mutating func expect(_ byte: UInt8) -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else {
                failed = true
                return false
            }
            index += 1
            return true
        }

        mutating func value(depth: Int) -> Value? {
            tokens += 1
            guard depth < Self.maxDepth, tokens < Self.maxTokens else {
                failed = true
                return nil
            }
            skipSpace()
            guard index < bytes.count else {
                failed = true
                return nil
            }
            switch bytes[index] {
            case 0x7B:  // {
                index += 1
                var members: [String: Value] = [:]
                while true {
                    skipSpace()
                    guard index < bytes.count else {
                        failed = true
                        return nil
                    }
                    if bytes[index] == 0x7D {
                        index += 1
                        return .dictionary(members)
                    }
                    guard let key = value(depth: depth + 1)?.string, expect(0x3D), let item = value(depth: depth + 1), expect(0x3B) else {
                        failed = true
                        return nil
                    }
                    members[key] = item
                }
            case 0x28:  // (
                index += 1
                var items: [Value] = []
                while true {
                    skipSpace()
                    guard index < bytes.count else {
                        failed = true
                        return nil
                    }
                    if bytes[index] == 0x29 {
                        index += 1
                        return .array(items)
                    }
                    guard let item = value(depth: depth + 1) else {
                        failed = true
                        return nil
                    }
                    items.append(item)
                    skipSpace()
                    if index < bytes.count, bytes[index] == 0x2C { index += 1 }
                }
            case 0x22:  // "
                index += 1
                var text: [UInt8] = []
                while index < bytes.count, bytes[index] != 0x22 {
                    if bytes[index] == 0x5C, index + 1 < bytes.count {
                        index += 1
                        switch bytes[index] {
                        case 0x6E: text.append(0x0A)
                        case 0x74: text.append(0x09)
                        default: text.append(bytes[index])
                        }
                    } else {
                        text.append(bytes[index])
                    }
                    index += 1
                }
                guard index < bytes.count else {
                    failed = true
                    return nil
                }
                index += 1
                return .string(String(decoding: text, as: UTF8.self))
            default:
                let start = index
                while index < bytes.count, Self.isBare(bytes[index]) { index += 1 }
                guard index > start else {
                    failed = true
                    return nil
                }
                return .string(String(decoding: bytes[start..<index], as: UTF8.self))
            }
        }

        static func isBare(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == 0x5F || byte == 0x24 || byte == 0x2F || byte == 0x3A || byte == 0x2E || byte == 0x2D || byte == 0x2B
                || byte >= 0x80
        }
    }
}

private extension String {
    func trimmingCharacters(in set: Character) -> String {
        var text = Substring(self)
        while text.first == set { text = text.dropFirst() }
        while text.last == set { text = text.dropLast() }
        return String(text)
    }
}
