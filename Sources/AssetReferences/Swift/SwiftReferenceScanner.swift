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
                let visitor = Visitor(file: file, tree: tree)
                visitor.walk(tree)
                var scan = FileScan()
                scan.references = visitor.references
                scan.parameterLookups = visitor.parameterLookups
                scan.declaredMembers = visitor.declaredMembers
                scan.literalArguments = visitor.literalArguments
                scan.lines = visitor.converter.location(for: tree.endPosition).line
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

    final class Visitor: SyntaxVisitor {
        let file: String
        let converter: SourceLocationConverter
        var references: [AssetReference] = []
        /// Literals already recorded as lookups or possible uses in this file (one possible use per name).
        private var seenLiterals: Set<String> = []
        private var lookupLiterals: Set<SyntaxIdentifier> = []
        private var seenSymbols: Set<String> = []
        /// `.lookup`, or `.possible` for a call that names another bundle.
        private var lookupCertainty: AssetReference.Certainty = .lookup
        var parameterLookups: [ParameterLookup] = []
        var literalArguments: [LiteralArgument] = []
        /// The functions being walked: name, and each parameter's local name → its label.
        private var functions: [(name: String, parameters: [String: String])] = []

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            var parameters: [String: String] = [:]
            for parameter in node.signature.parameterClause.parameters {
                let label = parameter.firstName.text
                parameters[(parameter.secondName ?? parameter.firstName).text] = label
            }
            functions.append((node.name.text, parameters))
            return .visitChildren
        }

        override func visitPost(_ node: FunctionDeclSyntax) { functions.removeLast() }

        /// Enum cases and static properties the project declares (`case newTab`, `static let lock`): a bare
        /// `.newTab` outside an image or colour initialiser is that member, not Xcode's asset symbol.
        var declaredMembers: Set<String> = []

        override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind {
            let name = node.name.text.filter { $0 != "`" }
            declaredMembers.insert(name)
            // A case of a `String` enum without a raw value has its name as raw value: a string the code may load
            // (VLC's `imageIdentifier: $0.rawValue`), a possible use as a literal is.
            if node.rawValue == nil, !name.isEmpty, !seenLiterals.contains(name),
                let enumDecl = node.parent?.parent?.parent?.parent?.parent?.parent?.as(EnumDeclSyntax.self),
                enumDecl.inheritanceClause?.inheritedTypes.contains(where: { $0.type.trimmedDescription == "String" }) == true
            {
                seenLiterals.insert(name)
                add(.literal(name), .any, .possible, at: node, via: "a String enum's case")
            }
            return .visitChildren
        }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            if node.modifiers.contains(where: { $0.name.text == "static" || $0.name.text == "class" }) {
                for binding in node.bindings {
                    if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                        declaredMembers.insert(name.filter { $0 != "`" })
                    }
                }
            }
            return .visitChildren
        }

        /// `expression` names a parameter of the function being walked: a lookup of it is recorded for the
        /// calls that pass a literal.
        private func parameterLookup(_ expression: ExprSyntax?, whole: Bool, suffix: String, wanted: AssetLookup.Wanted, via: String) {
            guard let reference = expression?.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
                let function = functions.last, let label = function.parameters[reference.baseName.text]
            else { return }
            parameterLookups.append(
                ParameterLookup(
                    function: function.name, label: label, whole: whole, suffix: suffix,
                    wanted: wanted.rawValue, via: via))
        }

        init(file: String, tree: SourceFileSyntax) {
            self.file = file
            converter = SourceLocationConverter(fileName: file, tree: tree)
            super.init(viewMode: .sourceAccurate)
        }

        private func add(
            _ name: AssetReference.Name, _ wanted: AssetLookup.Wanted, _ certainty: AssetReference.Certainty,
            at node: some SyntaxProtocol, via: String, crashes: Bool = false
        ) {
            let location = converter.location(for: node.positionAfterSkippingLeadingTrivia)
            references.append(
                AssetReference(
                    name: name, wanted: wanted, certainty: certainty, file: file,
                    line: location.line, column: location.column, via: via, crashes: crashes))
        }

        // `#if false` / `#if 0`: that clause is not code.
        override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
            if let condition = node.condition {
                // Only a short condition can be `false` or `0` (its text is not built for a long one).
                if condition.trimmedLength.utf8Length <= 5 {
                    let text = condition.trimmedDescription
                    if text == "false" || text == "0" { return .skipChildren }
                }
            }
            return .visitChildren
        }

        override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
            if node.macroName.text == "imageLiteral",
                let argument = node.arguments.first(where: { $0.label?.text == "resourceName" })
            {
                name(of: argument.expression, wanted: .image, via: "#imageLiteral(resourceName:)", crashes: true)
            }
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            // A call passing a plain literal, for the functions whose parameter reaches a lookup.
            if let callee = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                ?? node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            {
                for argument in node.arguments {
                    guard let literal = argument.expression.as(StringLiteralExprSyntax.self), let text = Self.plainText(literal) else {
                        continue
                    }
                    let location = converter.location(for: literal.positionAfterSkippingLeadingTrivia)
                    literalArguments.append(
                        LiteralArgument(
                            function: callee, label: argument.label?.text ?? "_", text: text,
                            line: location.line, column: location.column))
                }
            }
            // `UIApplication.shared.setAlternateIconName("Dark")`: an app icon by name (nil, or a variable, names none here).
            if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "setAlternateIconName",
                let first = node.arguments.first, first.label == nil, isStringExpression(first.expression)
            {
                lookupCertainty = .lookup
                name(of: first.expression, wanted: .appIcon, via: "setAlternateIconName(_:)")
                return .visitChildren
            }
            guard let (type, viaInit) = calledType(node.calledExpression) else { return .visitChildren }
            let arguments = Array(node.arguments)
            guard let first = arguments.first else { return .visitChildren }
            let label = first.label?.text
            let unwrapped = node.parent?.is(ForceUnwrapExprSyntax.self) ?? false
            let typeName = type ?? (viaInit ? ".init" : "")
            // A bundle other than the app's or the package's own may hold a catalog outside the project (a
            // dependency's): such a name counts as a use, never as missing.
            lookupCertainty = .lookup
            // A long bundle expression is not rendered as text (bounded work): it is no bundle of our own.
            let bundleArgument = arguments.first(where: { $0.label?.text == "bundle" || $0.label?.text == "in" }).map { bundle in
                bundle.expression.trimmedLength.utf8Length > 32 ? "(expression)" : bundle.expression.trimmedDescription
            }
            if let bundleArgument, !SwiftReferenceScanner.ownBundles.contains(bundleArgument) {
                lookupCertainty = .possible
            }
            let before = references.count
            defer { for index in before..<references.count { references[index].bundle = bundleArgument } }
            switch label {
            case "named":
                // `UIImage(named:)`, `UIColor(named:)`, `NSImage(named:)`, `.init(named:)` (the type implied: it may
                // be any type with such an initialiser, so its name is a use, never missing).
                if type == nil { lookupCertainty = .possible }
                let wanted = type.flatMap { SwiftReferenceScanner.lookupTypes[$0] } ?? .any
                guard type.map({ SwiftReferenceScanner.lookupTypes[$0] != nil }) ?? true else { return .visitChildren }
                let via = "\(typeName)(named:\(arguments.count > 1 ? "…" : ""))"
                name(of: first.expression, wanted: wanted, via: via, crashes: unwrapped)
            case "imageLiteralResourceName" where type == "UIImage" || type == "NSImage":
                name(of: first.expression, wanted: .image, via: "\(typeName)(imageLiteralResourceName:)", crashes: true)
            case "name" where type == "NSDataAsset":
                name(of: first.expression, wanted: .data, via: "NSDataAsset(name:)", crashes: unwrapped)
            case "decorative" where type == "Image":
                name(of: first.expression, wanted: .image, via: "Image(decorative:)")
            case nil where type == "Image" || type == "Color":
                // `Image("x")`, `Color("x", bundle:)`; `Image(uiImage)` and `Color(uiColor)` pass values,
                // so only a string literal (or one built from literals) is a name here.
                let wanted: AssetLookup.Wanted = type == "Image" ? .image : .color
                guard arguments.allSatisfy({ $0.label == nil || $0.label?.text == "bundle" || $0.label?.text == "label" }) else {
                    return .visitChildren
                }
                if isStringExpression(first.expression) {
                    name(of: first.expression, wanted: wanted, via: "\(typeName)(_:\(arguments.count > 1 ? "…" : ""))")
                }
            default:
                break
            }
            // `Label("Title", image: "x")`.
            if type == "Label", let image = arguments.first(where: { $0.label?.text == "image" }),
                isStringExpression(image.expression)
            {
                name(of: image.expression, wanted: .image, via: "Label(_:image:)")
            }
            return .visitChildren
        }

        /// `UIImage`, `UIImage.init`, `SwiftUI.Image`; `.init` gives (nil, true).
        private func calledType(_ expression: ExprSyntax) -> (String?, Bool)? {
            if let reference = expression.as(DeclReferenceExprSyntax.self) {
                return (reference.baseName.text, false)
            }
            if let member = expression.as(MemberAccessExprSyntax.self) {
                let memberName = member.declName.baseName.text
                guard let base = member.base else { return memberName == "init" ? (nil, true) : nil }
                let baseName =
                    base.as(DeclReferenceExprSyntax.self)?.baseName.text
                    ?? base.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                if memberName == "init" { return baseName.map { ($0, true) } }
                // `SwiftUI.Image(…)`, `UIKit.UIImage(…)`.
                if ["SwiftUI", "UIKit", "AppKit"].contains(baseName ?? "") { return (memberName, false) }
            }
            return nil
        }

        private func isStringExpression(_ expression: ExprSyntax) -> Bool {
            if expression.is(StringLiteralExprSyntax.self) { return true }
            if let sequence = expression.as(SequenceExprSyntax.self) {
                return sequence.elements.contains { $0.is(StringLiteralExprSyntax.self) }
            }
            if let ternary = expression.as(TernaryExprSyntax.self) {
                return isStringExpression(ternary.thenExpression) || isStringExpression(ternary.elseExpression)
            }
            return false
        }

        /// Records the name an argument gives: a literal, the literals of a ternary, or a dynamic name.
        private func name(of expression: ExprSyntax, wanted: AssetLookup.Wanted, via: String, crashes: Bool = false) {
            if let literal = expression.as(StringLiteralExprSyntax.self) {
                lookupLiterals.insert(literal.id)
                if let text = Self.plainText(literal) {
                    add(.literal(text), wanted, lookupCertainty, at: literal, via: via, crashes: crashes)
                } else {
                    let (prefix, suffix) = Self.literalEnds(literal)
                    add(.dynamic(prefix: prefix, suffix: suffix), wanted, lookupCertainty, at: literal, via: via, crashes: crashes)
                }
                return
            }
            if let ternary = expression.as(TernaryExprSyntax.self) {
                name(of: ternary.thenExpression, wanted: wanted, via: via, crashes: crashes)
                name(of: ternary.elseExpression, wanted: wanted, via: via, crashes: crashes)
                return
            }
            if let sequence = expression.as(SequenceExprSyntax.self) {
                let elements = Array(sequence.elements)
                // Unfolded `cond ? "a" : "b"`: the branches.
                if let index = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
                    let ternary = elements[index].as(UnresolvedTernaryExprSyntax.self), index + 1 < elements.count
                {
                    name(of: ternary.thenExpression, wanted: wanted, via: via, crashes: crashes)
                    let rest = elements[(index + 1)...]
                    if rest.count == 1, let last = rest.first { name(of: last, wanted: wanted, via: via, crashes: crashes) }
                    return
                }
                let operators = elements.compactMap { $0.as(BinaryOperatorExprSyntax.self)?.operator.text }
                if !operators.isEmpty, operators.allSatisfy({ $0 == "+" }) {
                    // Concatenation: the literal at each end is a prefix or suffix.
                    for element in elements {
                        if let literal = element.as(StringLiteralExprSyntax.self) { lookupLiterals.insert(literal.id) }
                    }
                    let prefix =
                        elements.first?.as(StringLiteralExprSyntax.self).flatMap(Self.plainText)
                        ?? elements.first?.as(StringLiteralExprSyntax.self).map { Self.literalEnds($0).prefix } ?? ""
                    let suffix =
                        elements.last?.as(StringLiteralExprSyntax.self).flatMap(Self.plainText)
                        ?? elements.last?.as(StringLiteralExprSyntax.self).map { Self.literalEnds($0).suffix } ?? ""
                    add(
                        .dynamic(prefix: prefix, suffix: elements.count > 1 ? suffix : ""), wanted, lookupCertainty, at: expression,
                        via: via, crashes: crashes)
                    parameterLookup(elements.first, whole: false, suffix: elements.count > 1 ? suffix : "", wanted: wanted, via: via)
                    return
                }
                if operators == ["??"], let fallback = elements.last?.as(StringLiteralExprSyntax.self) {
                    // `name ?? "default"`: the fallback is a name; the rest is built at run time.
                    name(of: ExprSyntax(fallback), wanted: wanted, via: via, crashes: crashes)
                    add(.dynamic(prefix: "", suffix: ""), wanted, lookupCertainty, at: expression, via: via, crashes: crashes)
                    return
                }
            }
            add(.dynamic(prefix: "", suffix: ""), wanted, lookupCertainty, at: expression, via: via, crashes: crashes)
            parameterLookup(expression, whole: true, suffix: "", wanted: wanted, via: via)
        }

        /// The text of a literal without interpolation, its escapes as written (asset names have none).
        static func plainText(_ literal: StringLiteralExprSyntax) -> String? {
            var text = ""
            for segment in literal.segments {
                guard let part = segment.as(StringSegmentSyntax.self) else { return nil }
                text += part.content.text
            }
            return text
        }

        /// The literal text before the first interpolation and after the last.
        static func literalEnds(_ literal: StringLiteralExprSyntax) -> (prefix: String, suffix: String) {
            var prefix = ""
            var suffix = ""
            var sawExpression = false
            for segment in literal.segments {
                if let part = segment.as(StringSegmentSyntax.self) {
                    if sawExpression { suffix += part.content.text } else { prefix += part.content.text }
                } else {
                    sawExpression = true
                    suffix = ""
                }
            }
            return (prefix, suffix)
        }

        /// Argument labels whose literal is never an asset name: an SF Symbol, a localised string, an
        /// accessibility identifier.
        static let nonAssetLabels: Set<String> = [
            "systemName", "systemSymbolName", "systemImage", "localized", "accessibilityIdentifier", "comment",
        ]
        /// Functions whose unlabeled literal is never an asset name (a title is a localisation key).
        static let nonAssetCalls: Set<String> = [
            "NSLocalizedString", "LocalizedStringKey", "LocalizedStringResource", "accessibilityIdentifier",
            "Text", "Label", "Button", "navigationTitle",
        ]

        /// A literal in a position that never names a set (`UIImage(systemName: "trash")`,
        /// `NSLocalizedString("Unstar", …)`, `String(localized:)`, `.accessibilityIdentifier("local")`,
        /// `view.accessibilityIdentifier = "local"`): not even a possible use.
        static func isNeverAssetName(_ literal: StringLiteralExprSyntax) -> Bool {
            if let argument = literal.parent?.as(LabeledExprSyntax.self) {
                if let label = argument.label?.text { return nonAssetLabels.contains(label) }
                if let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) {
                    let callee =
                        call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                        ?? call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                    if let callee, nonAssetCalls.contains(callee) { return true }
                }
                return false
            }
            if let sequence = literal.parent?.as(ExprListSyntax.self)?.parent?.as(SequenceExprSyntax.self) {
                let elements = Array(sequence.elements)
                if elements.count == 3, elements[1].is(AssignmentExprSyntax.self), elements[2].id == literal.id,
                    let target = elements[0].as(MemberAccessExprSyntax.self),
                    target.declName.baseName.text == "accessibilityIdentifier"
                {
                    return true
                }
            }
            return false
        }

        override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
            // `"episode_download_\(n)"` returned by a property and looked up elsewhere: the sets its literal ends
            // match count as used (a possible use: no note, never missing).
            if !lookupLiterals.contains(node.id), Self.plainText(node) == nil {
                let (prefix, suffix) = Self.literalEnds(node)
                if prefix.utf8.count + suffix.utf8.count >= 3, prefix.utf8.count <= 200, !prefix.contains(" "),
                    seenLiterals.insert("\u{0}\(prefix)\u{0}\(suffix)").inserted
                {
                    add(.dynamic(prefix: prefix, suffix: suffix), .any, .possible, at: node, via: "an interpolated string")
                }
                return .visitChildren
            }
            guard !lookupLiterals.contains(node.id), let text = Self.plainText(node), !text.isEmpty, text.utf8.count <= 200,
                !seenLiterals.contains(text), !Self.isNeverAssetName(node)
            else { return .visitChildren }
            seenLiterals.insert(text)
            add(.literal(text), .any, .possible, at: node, via: "a string literal")
            return .visitChildren
        }

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            // A call's callee (`.background(…)`, `Color.red.opacity(…)`'s `opacity`) is a method, not an asset.
            // R.swift's accessors are calls (`R.image.close()`).
            if let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id,
                node.base.flatMap(Self.rootName) != "R"
            {
                return .visitChildren
            }
            let member = String(node.declName.baseName.text.filter { $0 != "`" })
            guard !member.isEmpty, member != "init", member != "self" else { return .visitChildren }
            // A namespace's type inside a longer chain (`Colors` in `.Colors.Text.primary`) is not a symbol itself.
            if let parent = node.parent?.as(MemberAccessExprSyntax.self), parent.base?.id == node.id,
                member.first?.isUppercase ?? false
            {
                return .visitChildren
            }
            guard let chain = Self.chain(of: node) else { return .visitChildren }
            var components = chain.components
            if chain.implicit {
                // `.brandLogo`, `.Colors.Text.primary`: the call the chain is passed to may say the kind.
                record(.symbol(components.joined(separator: ".")), contextWanted(of: node), at: node)
                return .visitChildren
            }
            while let first = components.first, SwiftReferenceScanner.moduleNames.contains(first) { components.removeFirst() }
            guard let root = components.first, components.count > 1 else { return .visitChildren }
            if let wanted = SwiftReferenceScanner.xcodeSymbolRoots[root] {
                // `ImageResource.brandLogo`, `UIColor.Colors.accent`: Xcode's symbol, exactly.
                record(.symbol(components.dropFirst().joined(separator: ".")), wanted, at: node)
            } else if SwiftReferenceScanner.accessorRoots.contains(root) || root.hasPrefix("Asset") || root.hasSuffix("Asset")
                || root.hasSuffix("Assets")
            {
                // (tuist names its accessors' namespace after the target: `MyAppAsset.bell`.)
                // SwiftGen's `Asset.Icons.trashCan`, R.swift's `R.image.close`: the identifier, by key.
                record(.accessor(member), .any, at: node)
            }
            return .visitChildren
        }

        private func record(_ name: AssetReference.Name, _ wanted: AssetLookup.Wanted, at node: MemberAccessExprSyntax) {
            let key: String
            switch name {
            case .symbol(let path): key = "s\(wanted.rawValue):\(path)"
            case .accessor(let identifier): key = "a:\(identifier)"
            default: return
            }
            guard seenSymbols.insert(key).inserted else { return }
            add(name, wanted, .possible, at: node.declName, via: "a generated asset symbol")
        }

        /// What the call an implicit member is passed to loads: `Image(.x)`, `UIImage(resource: .x)`,
        /// `Color(.x)`; `.any` elsewhere.
        private func contextWanted(of node: MemberAccessExprSyntax) -> AssetLookup.Wanted {
            guard let argument = node.parent?.as(LabeledExprSyntax.self),
                let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
                let (calledName, _) = calledType(call.calledExpression), let type = calledName,
                let wanted = SwiftReferenceScanner.lookupTypes[type], wanted != .data
            else { return .any }
            return wanted
        }

        /// The names of a chain of member accesses from its start (`R`, `image`, `close` for `R.image.close`);
        /// `implicit` when it starts with a dot (`.Colors.accent`). Nil when it starts with anything else (a
        /// call, `self`, a literal).
        static func chain(of node: MemberAccessExprSyntax) -> (components: [String], implicit: Bool)? {
            var components: [String] = []
            var current: MemberAccessExprSyntax = node
            while true {
                // Every member of a chain is visited and asks for its chain: a bound keeps that linear in the
                // chain's length (`a.b.b…` 20,000 long took 48 s). No asset symbol is this long.
                guard components.count < maximumChain else { return nil }
                components.append(String(current.declName.baseName.text.filter { $0 != "`" }))
                guard let base = current.base else { return (components.reversed(), true) }
                if let next = base.as(MemberAccessExprSyntax.self) {
                    current = next
                } else if let reference = base.as(DeclReferenceExprSyntax.self) {
                    components.append(reference.baseName.text)
                    return (components.reversed(), false)
                } else {
                    return nil
                }
            }
        }

        /// The longest member chain read as a possible asset symbol or accessor.
        static let maximumChain = 32

        /// The first name of a chain (`R` in `R.image.close`); nil past `maximumChain`.
        static func rootName(of expression: ExprSyntax) -> String? {
            var current = expression
            var steps = 0
            while let member = current.as(MemberAccessExprSyntax.self) {
                steps += 1
                guard steps <= maximumChain else { return nil }
                guard let base = member.base else { return member.declName.baseName.text }
                current = base
            }
            return current.as(DeclReferenceExprSyntax.self)?.baseName.text
        }
    }
}

/// The deepest nesting of brackets in a file, counted on its bytes before it is parsed (literals and
/// comments included, so it is an upper bound): whether the parser's nesting limit cut the file. And the
/// longest chain of constructs the parser recurses through without counting them in that limit (`try`,
/// `await`, `else if`, `->` and the other prefix words), per bracket level: a run grows while each comes on
/// the same statement (a new line at the same level ends it unless it goes on with `else`, `->`, `.`).
enum BracketDepth {
    struct Measure {
        var brackets = 0
        var bracketsLine: Int?
        var chain = 0
        var chainLine: Int?
        /// The longest postfix chain (`a.b.c`, `f()()`, `a?.b!`) with no blank between its parts (a new
        /// line before a `.` goes on with it).
        var postfix = 0
        var postfixLine: Int?
    }

    static let chainWords: Set<[UInt8]> = Set(
        [
            "try", "await", "else", "repeat", "each", "consume", "copy", "some", "any",
            "inout", "throw", "borrowing", "consuming", "sending", "isolated",
        ].map { Array($0.utf8) })

    static func maximum(in bytes: [UInt8]) -> Int { measure(bytes).brackets }

    static func measure(_ bytes: [UInt8]) -> Measure {
        var result = Measure()
        var depth = 0
        var line = 1
        // The chain counted at each open bracket level, and their sum (the run below and at this level).
        var runs: [Int] = [0]
        var total = 0
        var newLine = false
        var index = 0
        let count = bytes.count
        var postfix = 0
        var previous: UInt8 = 0x20
        func extend() {
            postfix += 1
            if postfix > result.postfix {
                result.postfix = postfix
                result.postfixLine = line
            }
        }
        func isWordByte(_ byte: UInt8) -> Bool {
            byte == 0x5F || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte >= 0x80
        }
        func grow() {
            runs[runs.count - 1] += 1
            total += 1
            if total > result.chain {
                result.chain = total
                result.chainLine = line
            }
        }
        while index < count {
            let byte = bytes[index]
            switch byte {
            case 0x2E, 0x21, 0x3F: extend()
            case 0x28: extend()  // every call nests its callee
            case 0x5B where previous == 0x29 || previous == 0x5D: extend()  // a subscript of a call or subscript (not an array literal)
            case 0x3C where isWordByte(previous): grow()  // `A<B<…`: generic arguments nest
            case 0x20, 0x09, 0x0D, 0x0A:
                var next = index + 1
                while next < count, bytes[next] == 0x20 || bytes[next] == 0x09 || bytes[next] == 0x0D || bytes[next] == 0x0A { next += 1 }
                if next < count, bytes[next] != 0x2E { postfix = 0 }
            case 0x2C, 0x3B, 0x3D, 0x7B, 0x7D: postfix = 0
            default: break
            }
            previous = byte
            switch byte {
            case 0x0A:
                line += 1
                newLine = true
                index += 1
                continue
            case 0x20, 0x09, 0x0D:
                index += 1
                continue
            default: break
            }
            let continues: Bool
            if byte == 0x23, index + 2 < count, bytes[index + 1] == 0x69, bytes[index + 2] == 0x66,
                index + 3 == count || !isWordByte(bytes[index + 3])
            {
                // `#if` nests as a bracket does (the parser counts it); `#endif` closes it.
                newLine = false
                depth += 1
                runs.append(0)
                if depth > result.brackets {
                    result.brackets = depth
                    result.bracketsLine = line
                }
                index += 3
                continue
            }
            if byte == 0x23, index + 5 < count, bytes[(index + 1)...(index + 5)].elementsEqual("endif".utf8) {
                newLine = false
                if depth > 0 {
                    depth -= 1
                    total -= runs.removeLast()
                }
                index += 6
                continue
            }
            if isWordByte(byte) {
                var end = index
                while end < count, isWordByte(bytes[end]) { end += 1 }
                let isChainWord = end - index <= 9 && chainWords.contains(Array(bytes[index..<end]))
                continues = isChainWord && bytes[index] == UInt8(ascii: "e")  // `else` goes on over a new line
                if newLine, !continues {
                    total -= runs[runs.count - 1]
                    runs[runs.count - 1] = 0
                }
                newLine = false
                if isChainWord { grow() }
                index = end
                continue
            }
            continues = byte == 0x2E || byte == 0x2D  // `.member`, `-> T` on the next line
            if newLine, !continues {
                total -= runs[runs.count - 1]
                runs[runs.count - 1] = 0
            }
            newLine = false
            switch byte {
            case 0x28, 0x5B, 0x7B:
                depth += 1
                runs.append(0)
                if depth > result.brackets {
                    result.brackets = depth
                    result.bracketsLine = line
                }
            case 0x29, 0x5D, 0x7D:
                if depth > 0 {
                    depth -= 1
                    total -= runs.removeLast()
                }
            case 0x3B:
                total -= runs[runs.count - 1]
                runs[runs.count - 1] = 0
            case 0x2D where index + 1 < count && bytes[index + 1] == 0x3E:
                grow()
                index += 1
            default: break
            }
            index += 1
        }
        return result
    }
}

/// The depth of a syntax tree, walked with a stack of its own (no recursion): the byte offset of the first
/// node found deeper than a limit, or nil when the tree is within it.
enum TreeDepth {
    static func firstPast(_ limit: Int, in root: Syntax) -> Int? {
        var stack: [(Syntax, Int)] = [(root, 0)]
        while let (node, depth) = stack.popLast() {
            if depth > limit { return node.position.utf8Offset }
            for child in node.children(viewMode: .sourceAccurate) { stack.append((child, depth + 1)) }
        }
        return nil
    }
}
