/// The raw values of the enums a project declares, for an interpolation that reads `rawValue` inside the enum:
/// IceCubes' `"AppIconAlternate\(rawValue)-image"` in `enum Icon: Int { case primary = 0; case alt1, alt2 … }` makes
/// `AppIconAlternate0-image` … `AppIconAlternate49-image`, not every set between `AppIconAlternate` and `-image`.
///
/// Only where the language says what the values are: an enum whose first inherited type is `String` or an integer
/// type, every case's raw value a plain literal or left out (an `Int` case counts on from the one before, starting
/// at 0; a `String` case is its own name); cases inside `#if` make the values unknown. The values go into
/// `StringReturns`' table under the key `Type.rawValue`, merged across the project's declarations of `Type` (a
/// struct, class or actor of that name makes the key unknown), so they only ever count as possible uses.
import SwiftSyntax

package enum EnumRawValues {
    static let integerTypes: Set<String> = ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64"]

    /// The key of a type's `rawValue` in `StringReturns`' table.
    static func key(ofType name: String) -> String { "\(SwiftReferenceScanner.unticked(name)).rawValue" }

    /// What an enum's `rawValue` can be; `.opaque` unless the enum's raw values are all known.
    static func values(of node: EnumDeclSyntax) -> StringReturns.Values {
        guard let first = node.inheritanceClause?.inheritedTypes.first?.type.as(IdentifierTypeSyntax.self),
            first.genericArgumentClause == nil
        else { return .opaque }
        let isString = first.name.text == "String"
        guard isString || integerTypes.contains(first.name.text) else { return .opaque }
        var values = StringReturns.Values()
        var next = 0
        for member in node.memberBlock.members {
            if member.decl.is(IfConfigDeclSyntax.self) { return .opaque }
            guard let cases = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in cases.elements {
                let name = SwiftReferenceScanner.unticked(element.name.text)
                if isString {
                    if let raw = element.rawValue {
                        guard let literal = raw.value.as(StringLiteralExprSyntax.self),
                            let text = SwiftReferenceScanner.Visitor.plainText(literal)
                        else { return .opaque }
                        values.literals.insert(text)
                    } else {
                        values.literals.insert(name)
                    }
                } else {
                    if let raw = element.rawValue {
                        guard let value = integer(raw.value) else { return .opaque }
                        next = value
                    }
                    values.literals.insert(String(next))
                    guard next < Int.max else { return .opaque }
                    next += 1
                }
                guard values.literals.count <= StringReturns.maxValues else { return .opaque }
            }
        }
        return values
    }

    /// An integer literal's value: `3`, `1_000`, `0x10`, `-2`.
    private static func integer(_ expression: ExprSyntax) -> Int? {
        var expression = expression
        var sign = 1
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            sign = -1
            expression = prefix.expression
        }
        guard let literal = expression.as(IntegerLiteralExprSyntax.self) else { return nil }
        let text = literal.literal.text.filter { $0 != "_" }
        let value: Int?
        if text.hasPrefix("0x") {
            value = Int(text.dropFirst(2), radix: 16)
        } else if text.hasPrefix("0o") {
            value = Int(text.dropFirst(2), radix: 8)
        } else if text.hasPrefix("0b") {
            value = Int(text.dropFirst(2), radix: 2)
        } else {
            value = Int(text)
        }
        return value.map { $0 * sign }
    }

    /// The key an interpolation's value reads when it is the enclosing type's own `rawValue` (`\(rawValue)`,
    /// `\(self.rawValue)`) and no parameter, local or pattern of the member it is in is named `rawValue`.
    static func key(reading expression: ExprSyntax) -> String? {
        if let member = expression.as(MemberAccessExprSyntax.self) {
            guard member.declName.baseName.text == "rawValue", member.declName.argumentNames == nil,
                member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
            else { return nil }
        } else if let reference = expression.as(DeclReferenceExprSyntax.self) {
            guard reference.baseName.text == "rawValue", reference.argumentNames == nil else { return nil }
        } else {
            return nil
        }
        // The innermost type declaration, and the member of it the expression is in.
        var current = Syntax(expression)
        var steps = 0
        while let parent = current.parent {
            steps += 1
            guard steps < 512 else { return nil }
            if parent.is(MemberBlockItemSyntax.self) {
                guard !bindsRawValue(current) else { return nil }
                return typeName(of: parent).map(key(ofType:))
            }
            current = parent
        }
        return nil
    }

    /// The name of the type whose member block holds `item`: a struct, class, enum or actor, or an extension's
    /// last component (`extension IconSelectorView.Icon` → `Icon`); nil for a protocol.
    private static func typeName(of item: Syntax) -> String? {
        guard let declaration = item.parent?.parent?.parent else { return nil }
        if let decl = declaration.as(EnumDeclSyntax.self) { return decl.name.text }
        if let decl = declaration.as(StructDeclSyntax.self) { return decl.name.text }
        if let decl = declaration.as(ClassDeclSyntax.self) { return decl.name.text }
        if let decl = declaration.as(ActorDeclSyntax.self) { return decl.name.text }
        if let decl = declaration.as(ExtensionDeclSyntax.self) {
            if let member = decl.extendedType.as(MemberTypeSyntax.self) { return member.name.text }
            return decl.extendedType.as(IdentifierTypeSyntax.self)?.name.text
        }
        return nil
    }

    /// Whether a member declaration binds the name `rawValue` anywhere inside: a parameter (`init?(rawValue:)`), a
    /// closure's, a local, a pattern.
    private static func bindsRawValue(_ member: Syntax) -> Bool {
        for token in member.tokens(viewMode: .sourceAccurate) where token.text == "rawValue" {
            guard let parent = token.parent else { continue }
            if parent.is(IdentifierPatternSyntax.self) || parent.is(ClosureShorthandParameterSyntax.self)
                || parent.is(ClosureParameterSyntax.self) || parent.is(EnumCaseParameterSyntax.self)
            {
                return true
            }
            if let parameter = parent.as(FunctionParameterSyntax.self), (parameter.secondName ?? parameter.firstName).id == token.id {
                return true
            }
        }
        return false
    }
}
