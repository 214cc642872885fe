/// The platform each line of a source is compiled for when it sits in a platform branch: Swift's
/// `#if os(tvOS)` and C's `#if TARGET_OS_TV` (a clause whose condition is the platform test, or a
/// conjunction with one). A line outside such a branch, or in an `#else`, a negation or a disjunction, has
/// no platform: it may be compiled for any. `TARGET_OS_IPHONE` and `TARGET_OS_MAC` are true on several
/// platforms and give none. Read line by line from the directives, nested as `#if`/`#endif` nest (64 deep;
/// deeper branches give no platform).
package enum PlatformBranches {
    /// Lines where the platform changes, in order: from `line` on, `platform` (nil: any).
    package static func regions(_ bytes: [UInt8]) -> [(line: Int, platform: String?)] {
        var regions: [(line: Int, platform: String?)] = []
        var stack: [String?] = []
        var line = 0
        for rawLine in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            line += 1
            guard let first = rawLine.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }), rawLine[first] == 0x23,
                rawLine.count < 512
            else { continue }
            let text = String(decoding: rawLine[(first + 1)...], as: UTF8.self)
            let words = text.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" })
            guard let directive = words.first else { continue }
            let condition = words.count > 1 ? String(words[1]) : ""
            let before = stack.last(where: { $0 != nil }) ?? nil
            switch directive {
            case "if": stack.append(stack.count < 64 ? platform(of: condition) : nil)
            case "ifdef", "ifndef": stack.append(nil)
            case "elseif", "elif": if !stack.isEmpty { stack[stack.count - 1] = platform(of: condition) }
            case "else": if !stack.isEmpty { stack[stack.count - 1] = nil }
            case "endif": if !stack.isEmpty { stack.removeLast() }
            default: continue
            }
            let after = stack.last(where: { $0 != nil }) ?? nil
            if after != before { regions.append((line, after)) }
        }
        return regions
    }

    /// The platform at `line` by `regions`.
    package static func platform(at line: Int, in regions: [(line: Int, platform: String?)]) -> String? {
        var found: String?
        for region in regions {
            if region.line > line { break }
            found = region.platform
        }
        return found
    }

    /// The platform a condition tests: `os(tvOS)`, `TARGET_OS_TV`, `TARGET_OS_TV == 1`, or one of those
    /// joined to others by `&&`; nil for anything else.
    static func platform(of condition: String) -> String? {
        var text = condition
        if let comment = text.firstRange(of: "//") { text = String(text[..<comment.lowerBound]) }
        guard !text.contains("||") else { return nil }
        for part in text.split(separator: "&&") {
            var term = part.filter { $0 != " " && $0 != "\t" }
            while term.hasPrefix("("), term.hasSuffix(")"), term.count > 2 { term = String(term.dropFirst().dropLast()) }
            if term.hasSuffix("==1") { term = String(term.dropLast(3)) }
            switch term {
            case "os(tvOS)", "TARGET_OS_TV": return "tvOS"
            case "os(iOS)", "TARGET_OS_IOS": return "iOS"
            case "os(macOS)", "os(OSX)", "TARGET_OS_OSX": return "macOS"
            case "os(watchOS)", "TARGET_OS_WATCH": return "watchOS"
            case "os(visionOS)", "TARGET_OS_VISION": return "visionOS"
            default: continue
            }
        }
        return nil
    }
}
