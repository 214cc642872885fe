/// Names built by `String(format:)`: `String(format: "icon_%02d", n)` looked up is a name starting `icon_`, and
/// wherever such a call is made its names count as possible uses, narrowed where a `%@`'s argument is a local
/// whose literals are known (`LocalStringValues`): KeePassium's `String(format: "%@/%02d", assetPath, id)`, with
/// `assetPath` one of three folders, uses the sets under those three folders and no other.
import Assets
import SwiftSyntax

extension SwiftReferenceScanner.Visitor {
    /// The format of `String(format: "…", …)`, `NSString(format:)` or `String.localizedStringWithFormat("…", …)`
    /// with a plain literal format holding a conversion: the format, its literal, and the arguments after it
    /// (nil when they come as an array, `arguments:`).
    func formatCall(_ node: FunctionCallExprSyntax) -> (format: FormatString, literal: StringLiteralExprSyntax, arguments: [ExprSyntax]?)? {
        let arguments = Array(node.arguments)
        guard let first = arguments.first, let literal = first.expression.as(StringLiteralExprSyntax.self) else { return nil }
        if let (type, _) = calledType(node.calledExpression), type == "String" || type == "NSString" {
            guard first.label?.text == "format" else { return nil }
        } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "localizedStringWithFormat",
            ["String", "NSString"].contains(member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text ?? "")
        {
            guard first.label == nil else { return nil }
        } else {
            return nil
        }
        guard let text = Self.plainText(literal), let format = FormatString(text) else { return nil }
        let rest = arguments.dropFirst()
        if rest.contains(where: { $0.label != nil }) { return (format, literal, nil) }
        return (format, literal, rest.map(\.expression))
    }

    /// Records the names a format call can make as possible uses (each once per file).
    func recordFormatNames(_ node: FunctionCallExprSyntax) {
        guard let (format, literal, arguments) = formatCall(node) else { return }
        lookupLiterals.insert(literal.id)
        let names = format.names { index in
            guard let arguments, index < arguments.count,
                let reference = arguments[index].as(DeclReferenceExprSyntax.self), reference.argumentNames == nil
            else { return nil }
            return LocalStringValues.values(of: reference.baseName.text, at: node, budget: &localValues)
        }
        for (prefix, suffix, complete) in names ?? [(format.ends.prefix, format.ends.suffix, false)] {
            if complete {
                guard !prefix.isEmpty, prefix.utf8.count <= 200, seenLiterals.insert(prefix).inserted else { continue }
                add(.literal(prefix), .any, .possible, at: literal, via: "a String(format:) name")
            } else if prefix.utf8.count + suffix.utf8.count >= 3, prefix.utf8.count <= 200,
                seenLiterals.insert("\u{0}\(prefix)\u{0}\(suffix)\u{0}format").inserted
            {
                add(.dynamic(prefix: prefix, suffix: suffix), .any, .possible, at: literal, via: "a String(format:) name")
            }
        }
    }
}
