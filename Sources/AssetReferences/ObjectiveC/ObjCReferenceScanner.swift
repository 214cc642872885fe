/// The asset names an Objective-C file (`.m`, `.mm`, `.h`) asks for, from a tokenizer written here: no
/// Objective-C parser is among the packages this project may use, and the few forms that name assets are
/// message sends a token stream shows whole. The tokenizer reads comments (`//`, `/* */`), string and
/// character literals (with escapes), `#if 0` blocks (to their matching `#else`/`#endif`) and identifiers,
/// so a commented-out send or a name inside another string is never taken for a call.
///
/// Lookups: `imageNamed:` and `imageNamed:inBundle:…`, `colorNamed:`, `initWithName:` of `NSDataAsset`
/// (followed by `@"name"`), `setAlternateIconName:` with a literal (an app icon; a variable or `nil` names none
/// here); a send whose argument is not a literal is a dynamic name, with the literal
/// parts of a `stringWithFormat:` (`@"flag_%@"`: prefix `flag_`). Xcode's generated `ACImageName…` and
/// `ACColorName…` constants are symbols; every other `@"…"` literal is a possible use.
import Assets

package enum ObjCReferenceScanner {
    enum Token: Equatable {
        case identifier(String)
        /// An `@"…"` or `"…"` literal's text as written, and whether it had the `@`.
        case string(String)
        case punctuation(UInt8)
        /// Anything the scan does not read (other identifiers and punctuation), a run of them as one token:
        /// a file of `;` or of unrelated words costs one token, not one per byte.
        case other
    }

    struct Located {
        var token: Token
        var line: Int32
        var column: Int32
    }

    /// The identifiers the scan reads; every other word is `.other`.
    static let readWords: Set<[UInt8]> = Set((Array(selectors.keys) + ["NSDataAsset", "stringWithFormat"]).map { Array($0.utf8) })

    /// The lengths of the read words, so most words are never hashed.
    static let readWordLengths: ClosedRange<Int> = (readWords.map(\.count).min() ?? 0)...(readWords.map(\.count).max() ?? 0)

    static let selectors: [String: (AssetLookup.Wanted, String)] = [
        "imageNamed": (.image, "[UIImage imageNamed:]"),
        "colorNamed": (.color, "[UIColor colorNamed:]"),
        "initWithName": (.data, "[NSDataAsset initWithName:]"),
        "setAlternateIconName": (.appIcon, alternateIconVia),
    ]

    /// How an Objective-C alternate icon request is named in findings (`missing-app-icon`).
    package static let alternateIconVia = "[UIApplication setAlternateIconName:]"

    package static func scan(_ bytes: [UInt8], file: String) -> FileScan {
        let (tokens, lastLine) = tokenizeCounting(bytes)
        var result = FileScan()
        result.lines = lastLine
        var seen: Set<String> = []
        var consumed: Set<Int> = []
        var index = 0
        while index < tokens.count {
            let current = tokens[index]
            if case .identifier(let word) = current.token {
                if let (wanted, via) = selectors[word], index + 1 < tokens.count, tokens[index + 1].token == .punctuation(0x3A),
                    // `initWithName:` is an asset lookup only when sent to an NSDataAsset.
                    word != "initWithName" || tokens[max(0, index - 6)..<index].contains(where: { $0.token == .identifier("NSDataAsset") })
                {
                    let argumentIndex = index + 2
                    if argumentIndex < tokens.count, case .string(let text) = tokens[argumentIndex].token {
                        consumed.insert(argumentIndex)
                        result.references.append(
                            AssetReference(
                                name: .literal(text), wanted: wanted, certainty: .lookup, file: file,
                                line: Int(tokens[argumentIndex].line), column: Int(tokens[argumentIndex].column), via: via))
                    } else if argumentIndex < tokens.count, wanted != .appIcon, !isGeneratedConstant(tokens[argumentIndex].token) {
                        // `[NSString stringWithFormat:@"flag_%@", code]`: the format's literal ends.
                        var prefix = ""
                        var suffix = ""
                        var look = argumentIndex
                        while look < min(tokens.count, argumentIndex + 6) {
                            if case .identifier("stringWithFormat") = tokens[look].token, look + 2 < tokens.count,
                                case .string(let format) = tokens[look + 2].token
                            {
                                consumed.insert(look + 2)
                                (prefix, suffix) = formatEnds(format)
                                break
                            }
                            look += 1
                        }
                        result.references.append(
                            AssetReference(
                                name: .dynamic(prefix: prefix, suffix: suffix), wanted: wanted,
                                certainty: .lookup, file: file, line: Int(tokens[argumentIndex].line),
                                column: Int(tokens[argumentIndex].column), via: via))
                    }
                } else if word.hasPrefix("ACImageName") || word.hasPrefix("ACColorName") {
                    if word.count > 11, seen.insert("symbol:" + word).inserted {
                        result.references.append(
                            AssetReference(
                                name: .symbol(word), wanted: word.hasPrefix("ACImage") ? .image : .color,
                                certainty: .possible, file: file, line: Int(current.line),
                                column: Int(current.column), via: "a generated asset symbol"))
                    }
                }
            }
            index += 1
        }
        for (position, located) in tokens.enumerated() where !consumed.contains(position) {
            guard case .string(let text) = located.token, !text.isEmpty, text.utf8.count <= 200, seen.insert(text).inserted else {
                continue
            }
            if text.contains("%") {
                // A format (`@"spinner%d"`): the sets its literal ends match count as used.
                let (prefix, suffix) = formatEnds(text)
                if prefix.utf8.count + suffix.utf8.count >= 3, !prefix.contains(" ") {
                    result.references.append(
                        AssetReference(
                            name: .dynamic(prefix: prefix, suffix: suffix), wanted: .any, certainty: .possible,
                            file: file, line: Int(located.line), column: Int(located.column), via: "a format string"))
                }
                continue
            }
            result.references.append(
                AssetReference(
                    name: .literal(text), wanted: .any, certainty: .possible, file: file,
                    line: Int(located.line), column: Int(located.column), via: "a string literal"))
        }
        return result
    }

    /// `ACImageNameClose`: a generated constant, a symbol rather than a name built at run time.
    static func isGeneratedConstant(_ token: Token) -> Bool {
        guard case .identifier(let word) = token else { return false }
        return word.hasPrefix("ACImageName") || word.hasPrefix("ACColorName")
    }

    /// The literal text of a format before its first conversion and after its last (`flag_%@` → `flag_`, ``).
    static func formatEnds(_ format: String) -> (String, String) {
        guard let parsed = FormatString(format) else { return (format, "") }
        return parsed.ends
    }

    /// Tokens with their line and column (1-based, columns in bytes as compilers count them).
    static func tokenize(_ bytes: [UInt8]) -> [Located] { tokenizeCounting(bytes).tokens }

    /// The tokens, and the line of the last one. Only what the scan reads is kept whole (strings, the
    /// words in `readWords` and generated constants, a `:` after a word); the rest collapses into `.other`
    /// runs, so the tokens take memory in proportion to what names assets, not to the file's bytes.
    static func tokenizeCounting(_ bytes: [UInt8]) -> (tokens: [Located], lastLine: Int) {
        var tokens: [Located] = []
        var lastLine = 0
        func emit(_ token: Token, _ line: Int, _ column: Int) {
            lastLine = line
            if token == .other, tokens.last?.token == .other { return }
            tokens.append(Located(token: token, line: Int32(clamping: line), column: Int32(clamping: column)))
        }
        var index = 0
        var line = 1
        var lineStart = 0
        var atLineStart = true
        var skipDepth = 0  // inside `#if 0`: the nesting of #if below it
        let count = bytes.count

        func advanceLine(_ at: Int) {
            line += 1
            lineStart = at + 1
        }

        while index < count {
            let byte = bytes[index]
            if byte == 0x0A {
                advanceLine(index)
                index += 1
                atLineStart = true
                continue
            }
            if byte == 0x20 || byte == 0x09 || byte == 0x0D {
                index += 1
                continue
            }
            // Comments.
            if byte == 0x2F, index + 1 < count, bytes[index + 1] == 0x2F {
                while index < count, bytes[index] != 0x0A { index += 1 }
                continue
            }
            if byte == 0x2F, index + 1 < count, bytes[index + 1] == 0x2A {
                index += 2
                while index < count, !(bytes[index] == 0x2A && index + 1 < count && bytes[index + 1] == 0x2F) {
                    if bytes[index] == 0x0A { advanceLine(index) }
                    index += 1
                }
                index += 2
                continue
            }
            // Preprocessor lines: `#if 0` starts a skipped block.
            if byte == 0x23, atLineStart {
                var end = index
                while end < count, bytes[end] != 0x0A {
                    if bytes[end] == 0x5C, end + 1 < count, bytes[end + 1] == 0x0A {
                        advanceLine(end + 1)
                        end += 1
                    }
                    end += 1
                }
                let directive = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
                    .split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                let word = directive.first ?? ""
                if skipDepth > 0 {
                    if word.hasPrefix("if") {
                        skipDepth += 1
                    } else if word == "endif" {
                        skipDepth -= 1
                    } else if (word == "else" || word == "elif") && skipDepth == 1 {
                        skipDepth = 0
                    }
                } else if word == "if", directive.count >= 2, directive[1] == "0" || directive[1] == "NO" || directive[1] == "false" {
                    skipDepth = 1
                }
                index = end
                continue
            }
            atLineStart = false
            if skipDepth > 0 {
                // Inside `#if 0`: nothing is read but line ends and directives.
                index += 1
                continue
            }
            let column = index - lineStart + 1
            let startLine = line
            // Strings: `@"…"` and `"…"`; character literals are skipped whole.
            if byte == 0x22 || (byte == 0x40 && index + 1 < count && bytes[index + 1] == 0x22) || byte == 0x27 {
                let quote: UInt8 = byte == 0x27 ? 0x27 : 0x22
                var at = byte == 0x40 ? index + 2 : index + 1
                var text: [UInt8] = []
                while at < count, bytes[at] != quote, bytes[at] != 0x0A {
                    if bytes[at] == 0x5C, at + 1 < count {
                        text.append(bytes[at])
                        text.append(bytes[at + 1])
                        at += 2
                        continue
                    }
                    text.append(bytes[at])
                    at += 1
                }
                if quote == 0x22 {
                    emit(.string(String(decoding: text, as: UTF8.self)), startLine, column)
                } else {
                    emit(.other, startLine, column)
                }
                index = at + 1
                continue
            }
            if byte == 0x5F || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte >= 0x80 {
                var at = index
                while at < count,
                    bytes[at] == 0x5F || (bytes[at] | 0x20 >= 0x61 && bytes[at] | 0x20 <= 0x7A)
                        || (bytes[at] >= 0x30 && bytes[at] <= 0x39) || bytes[at] >= 0x80
                { at += 1 }
                let word = bytes[index..<at]
                // Only a word as long as a read word is compared (10 to 20 bytes).
                if word.count >= 10,
                    (readWordLengths.contains(word.count) && readWords.contains(Array(word)))
                        || word.starts(with: "ACImageName".utf8) || word.starts(with: "ACColorName".utf8)
                {
                    emit(.identifier(String(decoding: word, as: UTF8.self)), startLine, column)
                } else {
                    emit(.other, startLine, column)
                }
                index = at
                continue
            }
            if byte == 0x3A, case .identifier = tokens.last?.token {
                emit(.punctuation(byte), startLine, column)
            } else {
                emit(.other, startLine, column)
            }
            index += 1
        }
        return (tokens, lastLine)
    }
}

extension SourceTree.Kind {
    package static let objectiveC = Self(rawValue: "objective-c")
}

extension ObjCReferenceScanner: ReferenceScanner {
    package static let kind = SourceTree.Kind.objectiveC
    package static let fileExtensions = ["m", "mm", "h"]

    /// `scan(_:file:)`, with the lookups in platform branches (`#if TARGET_OS_TV`) marked.
    package static func scan(_ bytes: [UInt8], file: String, options: ReferenceScan.Options) -> FileScan {
        var scan = Self.scan(bytes, file: file)
        scan.markPlatformBranches(in: bytes)
        return scan
    }
}
