/// The asset names a Swift file asks for, from swift-syntax's `SwiftParser` (the compiler's own grammar,
/// so comments, string interpolation, raw and multi-line strings and `#if false` blocks are read as the
/// compiler reads them; a regular expression over the text cannot tell a commented-out call from a real one).
///
/// What counts, and how sure it is (`AssetReference.Certainty`):
/// - lookups with a literal: `UIImage(named:)` (every overload: `in:`, `compatibleWith:`, `with:`),
///   `UIImage(imageLiteralResourceName:)` and `#imageLiteral` (they trap on a missing name), `NSImage(named:)`,
///   `Image(_:)`, `Image(_:bundle:)`, `Image(decorative:)`, `Label(_:image:)`, `UIColor(named:)`,
///   `NSColor(named:)`, `Color(_:)`, `Color(_:bundle:)`, `NSDataAsset(name:)`; `.init(named:)` where
///   the type is implied is only a possible use (any type may have such an initialiser);
///   `setAlternateIconName(_:)` with a literal, an app icon (`missing-app-icon` when no icon has it).
///   A call with a name built at run time is a dynamic reference
///   (interpolation, `+`, a variable): its literal prefix and suffix are kept; `cond ? "a" : "b"` gives both.
/// - generated accessors: Xcode's asset symbols (`Image(.x)`, `UIImage(resource: .x)`, `ImageResource.x`,
///   `Color.x`, `.Colors.Text.x` under namespaces): the member path as written, matched exactly against the
///   names Xcode generates (`AssetSymbolName`); SwiftGen (`Asset.Group.x`) and R.swift (`R.image.x`): the
///   identifier, matched by key. Member accesses with no base, or with one of those bases, not called as a
///   function (`.background(…)` is a modifier, not a colour).
/// - every other literal, once per file: a possible use when it equals a set's name.
/// Only the parts of `#if` blocks whose condition is not literally `false` or `0` are read.
import Assets
import SwiftParser
import SwiftSyntax

package enum SwiftReferenceScanner {
    /// The parser's nesting limit (its release default): deeper code becomes an error node the scan skips,
    /// reported as `unreadable-source`, never a stack overflow (the parse runs on a thread with a large stack).
    package static let maximumNestingLevel = 256

    /// How deep the parsed tree may be before the scan gives up on it (the walk and swift-syntax's own
    /// recursions, `firstToken`, `forEachEndOfLine`, go one frame per level). Real code stays in the
    /// hundreds; a postfix chain (`a!!!…`, `f()()…`, `a.b.b…`) that the parser builds in a loop goes deeper.
    package static let maximumTreeDepth = 4_000
    /// How many nested constructs the parser may recurse through that its nesting limit does not count
    /// (`try try …`, `await await …`, `else if` chains, `->` chains), on top of the brackets.
    package static let maximumUncountedNesting = 1_000

    package static func scan(_ bytes: [UInt8], file: String) -> FileScan {
        var result = FileScan()
        let nesting = BracketDepth.measure(bytes)
        if nesting.brackets > maximumNestingLevel {
            result.skipped.append(
                SkippedSource(
                    path: file,
                    reason: "nested \(nesting.brackets) deep, past the Swift parser's limit of "
                        + "\(maximumNestingLevel): the code past the limit is not scanned", line: nesting.bracketsLine))
        }
        if nesting.brackets > 2 * maximumNestingLevel {
            // Far past the parser's limit: its recovery from so deep takes minutes (7,000 `#if`s), and nothing
            // past the limit would be read anyway.
            return literalsOnly(
                bytes, file: file, notes: [],
                reason: "nested \(nesting.brackets) deep (brackets, `#if`), "
                    + "past twice the Swift parser's limit of \(maximumNestingLevel)", line: nesting.bracketsLine)
        }
        if nesting.chain > maximumUncountedNesting {
            // The parser would recurse once per level with nothing to stop it: not parsed.
            return literalsOnly(
                bytes, file: file, notes: result.skipped,
                reason: "nests \(nesting.chain) constructs (try, await, generic <, "
                    + "else if, ->) in one another, past the \(maximumUncountedNesting) a Swift file is parsed up to",
                line: nesting.chainLine)
        }
        if nesting.postfix > maximumTreeDepth / 2 {
            // The parser builds a postfix chain in a loop, but the tree is as deep as the chain is long.
            return literalsOnly(
                bytes, file: file, notes: [],
                reason: "chains \(nesting.postfix) calls, members or unwraps "
                    + "(`.`, `()`, `?`, `!`) on one another, past the \(maximumTreeDepth / 2) a Swift file is parsed up to",
                line: nesting.postfixLine)
        }
        let visit = {
            bytes.withUnsafeBufferPointer { buffer -> FileScan in
                let tree = Parser.parse(source: buffer, maximumNestingLevel: maximumNestingLevel)
                // The tree's depth, measured without recursion before anything recurses through it.
                if let deep = TreeDepth.firstPast(maximumTreeDepth, in: Syntax(tree)) {
                    let line = JSONReader.position(of: min(deep, bytes.count), in: bytes).line
                    return literalsOnly(
                        bytes, file: file, notes: [],
                        reason: "nests expressions more than \(maximumTreeDepth) "
                            + "deep (a chain of calls, members or unwraps)", line: line)
                }
                let visitor = Visitor(file: file, lines: SourceLines(buffer))
                visitor.walk(tree)
                var scan = FileScan()
                scan.references = visitor.references
                scan.parameterLookups = visitor.parameterLookups
                scan.declaredMembers = visitor.declaredMembers
                scan.literalArguments = visitor.literalArguments
                scan.stringConstants = visitor.constants
                // A bare name this file declares as a constant, and binds no other way, is resolved here; the
                // rest (`.x`, `A.x`, another file's top-level constant) once every file is read.
                for lookup in visitor.constantLookups {
                    if lookup.path.contains(".") {
                        scan.constantLookups.append(lookup)
                    } else if !visitor.boundNames.contains(lookup.path) {
                        if visitor.fileConstants[lookup.path] == nil {
                            scan.constantLookups.append(lookup)
                        } else if let value = StringConstants.resolve(lookup.path, in: visitor.fileConstants) {
                            scan.references[lookup.reference].resolve(to: value, through: lookup.path)
                        }
                    }
                }
                scan.boundNames = visitor.boundNames
                scan.typeAliases = visitor.typeAliases
                scan.declaredTypes = visitor.declaredTypes
                scan.aliasedLookups = visitor.aliasedLookups
                scan.namespaceMembers = visitor.namespaceMembers
                scan.stringReturns = visitor.stringReturns
                scan.interpolatedCalls = visitor.interpolatedCalls
                scan.lines = visitor.lines.count
                return scan
            }
        }
        // Every parse runs on a thread with a large stack: the parser and the walk recurse once per level,
        // and the limits above bound the levels.
        var scanned = ParserThread.run(visit)
        scanned.skipped = result.skipped + scanned.skipped
        return scanned
    }

    /// A file not parsed: its string literals count as possible uses (as for a file over the parse size),
    /// and an `unreadable-source` finding says why, at the line where it happens.
    static func literalsOnly(_ bytes: [UInt8], file: String, notes: [SkippedSource], reason: String, line: Int?) -> FileScan {
        var scan = ObjCReferenceScanner.scan(bytes, file: file)
        scan.references = scan.references.compactMap { reference in
            if case .dynamic = reference.name { return nil }
            var possible = reference
            possible.certainty = .possible
            return possible
        }
        scan.skipped =
            notes + [
                SkippedSource(
                    path: file,
                    reason: reason + ": its string literals count as possible uses, "
                        + "its calls are not checked", line: line, column: line == nil ? nil : 1)
            ] + scan.skipped
        return scan
    }

    /// A name as declared, without its backticks (`` `default` `` → `default`): the same string when it has
    /// none, not copied character by character.
    static func unticked(_ text: String) -> String {
        // (Only an ASCII name is kept as it is: a code point canonically equal to "`", U+1FEF, is dropped too.)
        text.utf8.contains { $0 == 0x60 || $0 >= 0x80 } ? text.filter { $0 != "`" } : text
    }

    /// The receiver types and what their unlabeled or `named:` initialiser loads.
    static let lookupTypes: [String: AssetLookup.Wanted] = [
        "UIImage": .image, "NSImage": .image, "Image": .image, "WKImage": .image,
        "UIColor": .color, "NSColor": .color, "Color": .color,
        "NSDataAsset": .data,
    ]

    /// The bundles whose catalogs are the project's own: the app's and a package's.
    static let ownBundles: Set<String> = [".main", "Bundle.main", "nil", ".module", "Bundle.module", "Foundation.Bundle.main"]

    /// Types whose members Xcode's asset symbol generation makes (`ImageResource.x`, `UIColor.x`,
    /// `Color.x`), and what they load.
    static let xcodeSymbolRoots: [String: AssetLookup.Wanted] = [
        "ImageResource": .image, "UIImage": .image, "NSImage": .image, "Image": .image,
        "ColorResource": .color, "UIColor": .color, "NSColor": .color, "Color": .color,
    ]

    /// Module names that may qualify those types (`DeveloperToolsSupport.ImageResource.x`).
    static let moduleNames: Set<String> = ["DeveloperToolsSupport", "SwiftUI", "UIKit", "AppKit"]

    /// Roots of SwiftGen's and R.swift's accessors (and the enums projects name like them).
    static let accessorRoots: Set<String> = ["R", "Asset", "Assets", "XCAssets", "Colors", "Images", "Icons"]
}

extension SourceTree.Kind {
    package static let swift = Self(rawValue: "swift")
}

extension SwiftReferenceScanner: ReferenceScanner {
    package static let kind = SourceTree.Kind.swift
    package static let fileExtensions = ["swift"]

    /// A Swift file parsed (`scan(_:file:)`); over `options.maxParsedBytes`, its literals read as Objective-C's
    /// are (possible uses only, with a note); a generator's output read as declarations (`GeneratedAccessorFile`);
    /// a `Package.swift` also read as a manifest (`PackageManifest`). Lookups in platform branches are marked.
    package static func scan(_ bytes: [UInt8], file: String, options: ReferenceScan.Options) -> FileScan {
        var scan: FileScan
        if bytes.count > options.maxParsedBytes {
            scan = ObjCReferenceScanner.scan(bytes, file: file)
            scan.references = scan.references.map { reference in
                var possible = reference
                possible.certainty = .possible
                return possible
            }.filter { if case .dynamic = $0.name { return false } else { return true } }
            scan.skipped.insert(
                SkippedSource(
                    path: file,
                    reason: "is \(bytes.count) bytes, over the \(options.maxParsedBytes) a Swift "
                        + "file is parsed up to: its string literals count as possible uses, its calls are not checked"),
                at: 0)
        } else if GeneratedAccessorFile.isGenerated(path: file, bytes: bytes) {
            scan = GeneratedAccessorFile.scan(bytes, file: file)
        } else {
            scan = Self.scan(bytes, file: file)
            let name = file.split(separator: "/").last.map(String.init) ?? file
            if PackageManifest.isManifest(name) { scan.manifest = PackageManifest.read(bytes, file: file) }
        }
        scan.markPlatformBranches(in: bytes)
        return scan
    }
}
