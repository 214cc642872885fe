/// A printf-style format as Foundation reads it (`String(format:)`, `stringWithFormat:`): the literal text between
/// its conversions, and each conversion's argument. A name built by a format is known by those parts: `icon_%02d`
/// is `icon_` then digits; `%@/%02d` with `%@` a local that is only ever `"db-icons/keepass"` is
/// `db-icons/keepass/` then digits.
///
/// Parsed here by hand: about forty lines of the conversion grammar Foundation documents (flags, width, precision,
/// length, the conversion letter; `%%`; positional `%1$@`); no package on this machine parses printf formats.
package struct FormatString: Sendable, Hashable {
    /// The literal text around the conversions: one more than `conversions` (`%%` read as `%`).
    package var segments: [String]
    /// Each conversion's argument, 0-based among the arguments after the format; nil at and after a `*` width
    /// or precision (which takes an argument of its own: not followed here).
    package var arguments: [Int?]
    /// The conversion letters, in order (`@`, `d`, `s`).
    package var conversions: [Character]

    /// The format's parts; nil when it holds no conversion.
    package init?(_ format: String) {
        var segments = [""]
        var arguments: [Int?] = []
        var conversions: [Character] = []
        var next = 0
        var lost = false
        var index = format.startIndex
        while index < format.endIndex {
            let character = format[index]
            index = format.index(after: index)
            guard character == "%", index < format.endIndex else {
                segments[segments.count - 1].append(character)
                continue
            }
            if format[index] == "%" {
                segments[segments.count - 1].append("%")
                index = format.index(after: index)
                continue
            }
            // `%1$@`: a position; else flags, width, precision, length, then the letter.
            var position: Int?
            let digits = format[index...].prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, format[digits.endIndex...].first == "$" {
                position = Int(digits).map { $0 - 1 }
                index = format.index(after: digits.endIndex)
            }
            var sized = false
            while index < format.endIndex, "0123456789.-+ #'*lhqLzjt".contains(format[index]) {
                if format[index] == "*" { sized = true }
                index = format.index(after: index)
            }
            guard index < format.endIndex else { break }
            conversions.append(format[index])
            index = format.index(after: index)
            if sized || lost {
                // A `*` takes an argument of its own: the numbering past it is not followed.
                lost = true
                arguments.append(nil)
            } else if let position {
                arguments.append(position >= 0 ? position : nil)
            } else {
                arguments.append(next)
                next += 1
            }
            segments.append("")
        }
        guard !conversions.isEmpty else { return nil }
        self.segments = segments
        self.arguments = arguments
        self.conversions = conversions
    }

    /// The literal text before the first conversion and after the last (`flag_%@` → `flag_`, ``).
    package var ends: (prefix: String, suffix: String) { (segments[0], segments[segments.count - 1]) }

    /// The most names `names(values:)` makes.
    static let maxNames = 64

    /// The names the format makes when some conversions' arguments are known: `values(i)` gives the texts
    /// argument `i` can be (`%@` only), nil when unknown. Each result is a prefix and suffix around the first and
    /// last unknown conversion; a name with every conversion known has `complete` true (prefix is the name).
    /// Nil when the combinations pass `maxNames`.
    package func names(values: (Int) -> [String]?) -> [(prefix: String, suffix: String, complete: Bool)]? {
        let known: [[String]?] = conversions.indices.map { index in
            guard conversions[index] == "@", let argument = arguments[index] else { return nil }
            return values(argument)
        }
        // Prefixes: the known conversions from the front, up to the first unknown.
        var prefixes = [segments[0]]
        var front = 0
        while front < known.count, let options = known[front] {
            prefixes = prefixes.flatMap { prefix in options.map { prefix + $0 + segments[front + 1] } }
            guard prefixes.count <= Self.maxNames else { return nil }
            front += 1
        }
        if front == known.count { return prefixes.map { ($0, "", true) } }
        // Suffixes: the known conversions from the back, down to the last unknown.
        var suffixes = [segments[segments.count - 1]]
        var back = known.count - 1
        while back > front, let options = known[back] {
            suffixes = suffixes.flatMap { suffix in options.map { segments[back] + $0 + suffix } }
            guard suffixes.count <= Self.maxNames else { return nil }
            back -= 1
        }
        guard prefixes.count * suffixes.count <= Self.maxNames else { return nil }
        return prefixes.flatMap { prefix in suffixes.map { (prefix, $0, false) } }
    }
}
