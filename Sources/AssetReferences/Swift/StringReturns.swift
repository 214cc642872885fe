/// Names a function or computed property returns: Pocket Casts' `imageName(forPlaylistIcon:)` returns one of eight
/// literals, `iconImageName()` returns what it returns, and `"\(regularName)_large"`, where `regularName` is
/// `iconImageName()`'s result, is one of eight names, not every set ending in `_large`. An interpolated literal whose
/// one interpolation is such a call (or a local `let` bound to one) becomes a possible use of each name it can
/// make, so the sets outside them can be reported unused.
///
/// Written here rather than taken from a library: no Swift data-flow library is in the packages this machine
/// carries, and only this narrow case is needed. Only where the code says so: a declaration whose type is `String`
/// or `String?`, every `return` of which is a plain literal, `nil`, a ternary of those, or a call or member with a
/// key (or a local `let` bound to one). Declarations are matched by key across the project (a function by its base
/// name and argument labels, `imageName(forPlaylistIcon:)`; a property by its name); when any declaration of a key
/// returns something else, the key has no values. The names only count as uses, never as lookups: a value no set
/// has is never `missing-asset` (another declaration of the key, a type the scan does not see, may answer).
import SwiftSyntax

/// A literal with one interpolation whose value is a call's (`"\(name)_large"`, `name` from `iconImageName()`).
package struct InterpolatedCall: Sendable, Hashable {
    /// The possible use's index in its file's references.
    package var reference: Int
    /// The called declaration's key: `iconImageName()`, `imageName(forPlaylistIcon:)`, `imageName`.
    package var key: String
    package var prefix: String
    package var suffix: String
}

package enum StringReturns {
    /// What the declarations of one key return: literals, the keys of the calls they return, and whether any
    /// returns something else.
    package struct Values: Sendable, Hashable {
        package var literals: Set<String> = []
        package var calls: Set<String> = []
        package var opaque = false

        package static let opaque = Values(opaque: true)

        package mutating func merge(_ other: Values) {
            literals.formUnion(other.literals)
            calls.formUnion(other.calls)
            opaque = opaque || other.opaque
        }
    }

    /// The most values a key gives, and the most calls deep its values are followed.
    static let maxValues = 64
    static let maxDepth = 4

    /// The names `key` gives, following the calls its declarations return; nil when any declaration on the way
    /// returns something else, a call has no declaration, or the names are more than `maxValues`.
    package static func resolve(_ key: String, in table: [String: Values]) -> Set<String>? {
        var names: Set<String> = []
        var visited: Set<String> = []
        var pending: [(key: String, depth: Int)] = [(key, 0)]
        while let (next, depth) = pending.popLast() {
            guard visited.insert(next).inserted else { continue }
            guard depth <= maxDepth, let values = table[next], !values.opaque else { return nil }
            names.formUnion(values.literals)
            guard names.count <= maxValues else { return nil }
            pending += values.calls.map { ($0, depth + 1) }
        }
        return names.isEmpty ? nil : names
    }

    /// Whether a declared type is a string: `String`, `String?`.
    static func isString(_ type: TypeSyntax?) -> Bool {
        guard var type else { return false }
        if let optional = type.as(OptionalTypeSyntax.self) { type = optional.wrappedType }
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            return identifier.name.text == "String" && identifier.genericArgumentClause == nil
        }
        if let member = type.as(MemberTypeSyntax.self) {
            return member.name.text == "String" && member.baseType.as(IdentifierTypeSyntax.self)?.name.text == "Swift"
        }
        return false
    }

    /// A function's key: `iconImageName()`, `imageName(forPlaylistIcon:)`, `f(_:)`.
    static func key(of function: FunctionDeclSyntax) -> String {
        let labels = function.signature.parameterClause.parameters.map { "\($0.firstName.text):" }
        return "\(SwiftReferenceScanner.unticked(function.name.text))(\(labels.joined()))"
    }

    /// The key of the declaration a call or member reads: `f()`, `A.f(x:)`, `x.name` → `f()`, `f(x:)`, `name`;
    /// nil for anything else (a call with a trailing closure, a subscript, an operator).
    static func key(ofCall expression: ExprSyntax) -> String? {
        if let call = expression.as(FunctionCallExprSyntax.self) {
            guard call.trailingClosure == nil, call.additionalTrailingClosures.isEmpty,
                let name = baseName(of: call.calledExpression)
            else { return nil }
            let labels = call.arguments.map { "\($0.label?.text ?? "_"):" }
            return "\(name)(\(labels.joined()))"
        }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base != nil {
            return baseName(of: ExprSyntax(member))
        }
        return nil
    }

    private static func baseName(of expression: ExprSyntax) -> String? {
        let name: String
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else if let member = expression.as(MemberAccessExprSyntax.self) {
            name = member.declName.baseName.text
        } else {
            return nil
        }
        let plain = SwiftReferenceScanner.unticked(name)
        return plain.isEmpty || plain == "init" ? nil : plain
    }

    /// What a function's or getter's body returns.
    static func values(of body: CodeBlockItemListSyntax, type: TypeSyntax?) -> Values {
        guard isString(type) else { return .opaque }
        // A body of one expression returns it.
        if body.count == 1, let only = body.first?.item.as(ExprSyntax.self) {
            var values = Values()
            add(only, to: &values, locals: [:])
            return values
        }
        let collector = ReturnCollector(viewMode: .sourceAccurate)
        collector.walk(body)
        return collector.values
    }

    /// Adds what `expression` returns to `values`: a literal, `nil`, a ternary of those, a call's key.
    static func add(_ expression: ExprSyntax, to values: inout Values, locals: [String: String]) {
        if let literal = expression.as(StringLiteralExprSyntax.self), let text = SwiftReferenceScanner.Visitor.plainText(literal) {
            values.literals.insert(text)
        } else if expression.is(NilLiteralExprSyntax.self) {
            return
        } else if let ternary = expression.as(TernaryExprSyntax.self) {
            add(ternary.thenExpression, to: &values, locals: locals)
            add(ternary.elseExpression, to: &values, locals: locals)
        } else if let reference = expression.as(DeclReferenceExprSyntax.self), let key = locals[reference.baseName.text], !key.isEmpty {
            values.calls.insert(key)
        } else if let key = key(ofCall: expression) {
            values.calls.insert(key)
        } else {
            values.opaque = true
        }
    }

    /// The `return`s of one body, not of the closures and functions inside it; and the local `let`s bound to a
    /// call (`guard let name = iconImageName() else { … }; return name`).
    private final class ReturnCollector: SyntaxVisitor {
        var values = Values()
        var locals: [String: String] = [:]

        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

        override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
            if let expression = node.expression {
                StringReturns.add(expression, to: &values, locals: locals)
            } else {
                values.opaque = true
            }
            return .skipChildren
        }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            for binding in node.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                let key =
                    node.bindingSpecifier.tokenKind == .keyword(.let)
                    ? binding.initializer.flatMap { StringReturns.key(ofCall: $0.value) } : nil
                locals[name] = locals[name] == nil ? (key ?? "") : ""
            }
            return .visitChildren
        }

        override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                let key =
                    node.bindingSpecifier.tokenKind == .keyword(.let)
                    ? node.initializer.flatMap { StringReturns.key(ofCall: $0.value) } : nil
                locals[name] = locals[name] == nil ? (key ?? "") : ""
            }
            return .visitChildren
        }
    }
}

extension SwiftReferenceScanner.Visitor {
    /// What a property declared outside functions returns: a getter's returns, a `let`'s literal; anything else
    /// (a stored `var`, another value) has no values.
    func declareReturns(_ binding: PatternBindingSyntax, isLet: Bool) {
        guard let name = (binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text).map(SwiftReferenceScanner.unticked) else {
            return
        }
        var values = StringReturns.Values.opaque
        switch binding.accessorBlock?.accessors {
        case .getter(let body):
            values = StringReturns.values(of: body, type: binding.typeAnnotation?.type)
        case .accessors(let accessors):
            if let getter = accessors.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }), let body = getter.body {
                values = StringReturns.values(of: body.statements, type: binding.typeAnnotation?.type)
            }
        case nil:
            if isLet, let literal = binding.initializer?.value.as(StringLiteralExprSyntax.self), let text = Self.plainText(literal) {
                values = StringReturns.Values(literals: [text])
            }
        }
        stringReturns[name, default: .init()].merge(values)
    }

    /// `let name = iconImageName()`, `guard let name = …`: a local bound to a call, for `StringReturns`.
    func bindLocal(_ pattern: PatternSyntax, to value: ExprSyntax?, isLet: Bool) {
        guard !localCalls.isEmpty, let name = pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return }
        let key = isLet ? value.flatMap(StringReturns.key(ofCall:)) : nil
        localCalls[localCalls.count - 1][name] = localCalls[localCalls.count - 1][name] == nil ? (key ?? "") : ""
    }

    /// A type the file declares, and what its `rawValue` can be (`EnumRawValues`).
    func declareType(_ name: String, rawValues: StringReturns.Values) {
        declaredTypes.insert(name)
        stringReturns[EnumRawValues.key(ofType: name), default: .init()].merge(rawValues)
    }

    /// The key of the call an interpolated literal's one interpolation reads, directly or through a local, or of
    /// the enclosing type's `rawValue`.
    func interpolatedKey(_ literal: StringLiteralExprSyntax) -> String? {
        let expressions = literal.segments.compactMap { $0.as(ExpressionSegmentSyntax.self) }
        guard expressions.count == 1, let only = expressions.first, only.expressions.count == 1,
            let argument = only.expressions.first, argument.label == nil
        else { return nil }
        if let key = EnumRawValues.key(reading: argument.expression) { return key }
        if let reference = argument.expression.as(DeclReferenceExprSyntax.self) {
            guard let key = localCalls.last?[reference.baseName.text], !key.isEmpty else { return nil }
            return key
        }
        return StringReturns.key(ofCall: argument.expression)
    }

    func noteInterpolatedCall(_ literal: StringLiteralExprSyntax, prefix: String, suffix: String) {
        guard let key = interpolatedKey(literal), !references.isEmpty else { return }
        interpolatedCalls.append(InterpolatedCall(reference: references.count - 1, key: key, prefix: prefix, suffix: suffix))
    }
}
