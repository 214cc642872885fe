/// The syntax walk behind `SwiftReferenceScanner.scan`: the lookups, accessors, literals and declared members of one file.
import Assets
import SwiftParser
@_spi(RawSyntax) import SwiftSyntax

extension SwiftReferenceScanner {
    final class Visitor: SyntaxVisitor {
        let file: String
        /// Line and column of a node, from the file's bytes (`SourceLines`).
        let lines: SourceLines
        var references: [AssetReference] = []
        /// Literals already recorded as lookups or possible uses in this file (one possible use per name).
        var seenLiterals: Set<String> = []
        var lookupLiterals: Set<SyntaxIdentifier> = []
        private var seenSymbols: Set<String> = []
        /// `.lookup`, or `.possible` for a call that names another bundle.
        private var lookupCertainty: AssetReference.Certainty = .lookup
        var parameterLookups: [ParameterLookup] = []
        var literalArguments: [LiteralArgument] = []
        /// The functions being walked: name, and each parameter's local name → its label.
        var functions: [(name: String, parameters: [String: String])] = []
        /// String constants (`StringConstants`): by path for the project (`A.B.x`, top-level `x`), by name for
        /// this file; the names the file binds another way; the lookups that name one.
        var constants: [String: Set<String>] = [:]
        var fileConstants: [String: Set<String>] = [:]
        var boundNames: Set<String> = []
        var constantLookups: [ConstantLookup] = []
        var constantPatterns: Set<SyntaxIdentifier> = []
        /// `typealias X = NSImage` (`LookupTypeAliases`): each alias and what it stands for; the nominal types the
        /// file declares; the `T(named: "x")` calls whose `T` may be such an alias.
        var typeAliases: [String: Set<String>] = [:]
        var declaredTypes: Set<String> = []
        var aliasedLookups: [AliasedLookup] = []
        /// The accessors read through a two-part chain, `Root.member` (the reference's index, that path).
        var namespaceMembers: [ConstantLookup] = []
        /// `StringReturns`: what each function and property the file declares returns, the locals of the
        /// functions being walked bound to a call (name → the call's key; empty when bound more than once or
        /// otherwise), and the interpolated literals whose one interpolation is such a call.
        var stringReturns: [String: StringReturns.Values] = [:]
        var localCalls: [[String: String]] = []
        var interpolatedCalls: [InterpolatedCall] = []
        /// The literals of the locals formats read (`LocalStringValues`), each function body walked once.
        var localValues = LocalStringValues.Budget()

        override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
            typeAliases[node.name.text, default: []].insert(LookupTypeAliases.target(of: node) ?? LookupTypeAliases.unknownTarget)
            return .visitChildren
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            declareType(node.name.text, rawValues: .opaque)
            return .visitChildren
        }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            declareType(node.name.text, rawValues: .opaque)
            return .visitChildren
        }

        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
            declareType(node.name.text, rawValues: EnumRawValues.values(of: node))
            return .visitChildren
        }

        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
            declareType(node.name.text, rawValues: .opaque)
            return .visitChildren
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            var parameters: [String: String] = [:]
            for parameter in node.signature.parameterClause.parameters {
                let label = parameter.firstName.text
                parameters[(parameter.secondName ?? parameter.firstName).text] = label
                boundNames.insert((parameter.secondName ?? parameter.firstName).text)
            }
            functions.append((node.name.text, parameters))
            localCalls.append([:])
            if let body = node.body {
                stringReturns[StringReturns.key(of: node), default: .init()].merge(
                    StringReturns.values(of: body.statements, type: node.signature.returnClause?.type))
            }
            return .visitChildren
        }

        override func visitPost(_ node: FunctionDeclSyntax) {
            functions.removeLast()
            localCalls.removeLast()
        }

        override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
            bindLocal(node.pattern, to: node.initializer?.value, isLet: node.bindingSpecifier.tokenKind == .keyword(.let))
            return .visitChildren
        }

        /// Enum cases and static properties the project declares (`case newTab`, `static let lock`): a bare
        /// `.newTab` outside an image or colour initialiser is that member, not Xcode's asset symbol.
        var declaredMembers: Set<String> = []

        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
            for parameter in node.signature.parameterClause.parameters {
                boundNames.insert((parameter.secondName ?? parameter.firstName).text)
            }
            return .visitChildren
        }

        override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
            boundNames.insert(node.name.text)
            return .visitChildren
        }

        override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
            boundNames.insert((node.secondName ?? node.firstName).text)
            return .visitChildren
        }

        override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
            // `if let x`, `for x in`, `case let x`, a local: x is not the constant of that name in this file.
            if !constantPatterns.contains(node.id) { boundNames.insert(SwiftReferenceScanner.unticked(node.identifier.text)) }
            return .visitChildren
        }

        override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind {
            let name = SwiftReferenceScanner.unticked(node.name.text)
            declaredMembers.insert(name)
            // `case close = "icon_close"`: `Icon.close.rawValue` is that name.
            if let raw = node.rawValue?.value.as(StringLiteralExprSyntax.self), let value = Self.plainText(raw),
                let types = StringConstants.enclosingTypes(of: node), !types.isEmpty
            {
                constants[(types + [name]).joined(separator: "."), default: []].insert(value)
            }
            // A case of a `String` enum without a raw value has its name as raw value: a string the code may load
            // (VLC's `imageIdentifier: $0.rawValue`), a possible use as a literal is.
            if node.rawValue == nil, !name.isEmpty, !seenLiterals.contains(name),
                let enumDecl = node.parent?.parent?.parent?.parent?.parent?.parent?.as(EnumDeclSyntax.self),
                isStringEnum(enumDecl)
            {
                seenLiterals.insert(name)
                add(.literal(name), .any, .possible, at: node, via: "a String enum's case")
            }
            return .visitChildren
        }

        /// Whether an enum inherits `String`, once per enum (asked for each of its cases).
        private var stringEnums: [SyntaxIdentifier: Bool] = [:]
        private func isStringEnum(_ enumDecl: EnumDeclSyntax) -> Bool {
            if let known = stringEnums[enumDecl.id] { return known }
            let isString = enumDecl.inheritanceClause?.inheritedTypes.contains(where: { $0.type.trimmedDescription == "String" }) == true
            stringEnums[enumDecl.id] = isString
            return isString
        }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            let isLet = node.bindingSpecifier.tokenKind == .keyword(.let)
            for binding in node.bindings where !functions.isEmpty {
                bindLocal(binding.pattern, to: binding.initializer?.value, isLet: isLet)
            }
            declareConstants(node, isLet: isLet)
            return .visitChildren
        }

        init(file: String, lines: SourceLines) {
            self.file = file
            self.lines = lines
            super.init(viewMode: .sourceAccurate)
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
            recordFormatNames(node)
            let reference = node.calledExpression.as(DeclReferenceExprSyntax.self)
            let member = reference == nil ? node.calledExpression.as(MemberAccessExprSyntax.self) : nil
            // A call passing a plain literal, for the functions whose parameter reaches a lookup (the callee's name is
            // made at the first such literal: most calls pass none).
            var callee: String??
            for argument in node.arguments {
                guard let literal = argument.expression.as(StringLiteralExprSyntax.self), let text = Self.plainText(literal) else {
                    continue
                }
                if callee == nil { callee = .some(reference?.baseName.text ?? member?.declName.baseName.text) }
                guard let function = callee ?? nil else { break }
                let location = lines.location(of: literal.positionAfterSkippingLeadingTrivia.utf8Offset)
                literalArguments.append(
                    LiteralArgument(
                        function: function, label: argument.label?.text ?? "_", text: text,
                        line: location.line, column: location.column))
            }
            // `UIApplication.shared.setAlternateIconName("Dark")`: an app icon by name (nil, or a variable, names none here).
            // (The name compared as bytes: it is ASCII with no letter another code point is canonically equal to.)
            if let member, member.declName.baseName.rawText == "setAlternateIconName",
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
                if let type, SwiftReferenceScanner.lookupTypes[type] == nil {
                    // `RSImage(named: "x")`: a lookup if the project's `typealias RSImage = NSImage` says so, once
                    // every file is read (`LookupTypeAliases`); a possible use until then.
                    if type.first?.isUppercase == true, let literal = first.expression.as(StringLiteralExprSyntax.self),
                        let text = Self.plainText(literal)
                    {
                        lookupLiterals.insert(literal.id)
                        seenLiterals.insert(text)
                        aliasedLookups.append(AliasedLookup(reference: references.count, type: type))
                        let via = "\(typeName)(named:\(arguments.count > 1 ? "…" : ""))"
                        add(.literal(text), .any, .possible, at: literal, via: via, crashes: unwrapped)
                    }
                    return .visitChildren
                }
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

        /// Records the name an argument gives: a literal, the literals of a ternary, or a dynamic name.
        private func name(of expression: ExprSyntax, wanted: AssetLookup.Wanted, via: String, crashes: Bool = false) {
            if let literal = expression.as(StringLiteralExprSyntax.self) {
                lookupLiterals.insert(literal.id)
                if let text = Self.plainText(literal) {
                    add(.literal(text), wanted, lookupCertainty, at: literal, via: via, crashes: crashes)
                } else {
                    let (prefix, suffix) = Self.literalEnds(literal)
                    add(.dynamic(prefix: prefix, suffix: suffix), wanted, lookupCertainty, at: literal, via: via, crashes: crashes)
                    noteInterpolatedCall(literal, prefix: prefix, suffix: suffix)
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
            if let call = expression.as(FunctionCallExprSyntax.self), let format = formatCall(call)?.format {
                // `UIImage(named: String(format: "icon_%02d", n))`: the format's ends (its names: `recordFormatNames`).
                add(
                    .dynamic(prefix: format.ends.prefix, suffix: format.ends.suffix), wanted, lookupCertainty, at: expression, via: via,
                    crashes: crashes)
                return
            }
            add(.dynamic(prefix: "", suffix: ""), wanted, lookupCertainty, at: expression, via: via, crashes: crashes)
            if let path = StringConstants.path(of: expression) {
                constantLookups.append(ConstantLookup(reference: references.count - 1, path: path))
            }
            parameterLookup(expression, whole: true, suffix: "", wanted: wanted, via: via)
        }

        override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
            // `"episode_download_\(n)"` returned by a property and looked up elsewhere: the sets its literal ends
            // match count as used (a possible use: no note, never missing).
            if !lookupLiterals.contains(node.id), Self.plainText(node) == nil {
                let (prefix, suffix) = Self.literalEnds(node)
                // Narrowed only when the literal is the whole name (not a `+` operand); one possible use per pattern
                // and interpolation, so a wide one is not hidden behind a narrowed one of the same ends.
                let key = node.parent?.is(ExprListSyntax.self) == true ? nil : interpolatedKey(node)
                if prefix.utf8.count + suffix.utf8.count >= 3, prefix.utf8.count <= 200, !prefix.contains(" "),
                    seenLiterals.insert("\u{0}\(prefix)\u{0}\(suffix)\u{0}\(key ?? "")").inserted
                {
                    add(.dynamic(prefix: prefix, suffix: suffix), .any, .possible, at: node, via: "an interpolated string")
                    if key != nil { noteInterpolatedCall(node, prefix: prefix, suffix: suffix) }
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
            // Most chains start at a call or at a name no symbol or accessor starts at (`view.frame`): nothing below
            // records them, which is found here without making the chain's names.
            guard Self.mayNameAsset(node) else { return .visitChildren }
            // A call's callee (`.background(…)`, `Color.red.opacity(…)`'s `opacity`) is a method, not an asset.
            // R.swift's accessors are calls (`R.image.close()`).
            if let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id,
                node.base.flatMap(Self.rootName) != "R"
            {
                return .visitChildren
            }
            let member = SwiftReferenceScanner.unticked(node.declName.baseName.text)
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
                // `.brandLogo`, `.Colors.Text.primary`: the call the chain is passed to may say the kind (an SF Symbol's
                // SFSafeSymbols case, `Image(systemSymbol: .trash)`, is no asset).
                if Self.isNonAssetArgument(node) { return .visitChildren }
                record(.symbol(components.joined(separator: ".")), contextWanted(of: node), at: node)
                return .visitChildren
            }
            while let first = components.first, SwiftReferenceScanner.moduleNames.contains(first) { components.removeFirst() }
            guard let root = components.first, components.count > 1 else { return .visitChildren }
            if let wanted = SwiftReferenceScanner.xcodeSymbolRoots[root] {
                // `ImageResource.brandLogo`, `UIColor.Colors.accent`: Xcode's symbol, exactly.
                record(.symbol(components.dropFirst().joined(separator: ".")), wanted, at: node)
            } else if Self.isAccessorRoot(root) {
                // (tuist names its accessors' namespace after the target: `MyAppAsset.bell`.)
                // SwiftGen's `Asset.Icons.trashCan`, R.swift's `R.image.close`: the identifier, by key (kept with its
                // root, `ReferenceScan` drops it when the project itself declares both: NetNewsWire's `AppAssets.x`).
                if record(.accessor(member), .any, at: node, scope: root) {
                    namespaceMembers.append(ConstantLookup(reference: references.count - 1, path: "\(root).\(member)"))
                }
            }
            return .visitChildren
        }

        @discardableResult
        private func record(
            _ name: AssetReference.Name, _ wanted: AssetLookup.Wanted, at node: MemberAccessExprSyntax, scope: String = ""
        )
            -> Bool
        {
            let key: String
            switch name {
            case .symbol(let path): key = "s\(wanted.rawValue):\(path)"
            case .accessor(let identifier): key = "a\(scope):\(identifier)"
            default: return false
            }
            guard seenSymbols.insert(key).inserted else { return false }
            add(name, wanted, .possible, at: node.declName, via: "a generated asset symbol")
            return true
        }

    }
}
