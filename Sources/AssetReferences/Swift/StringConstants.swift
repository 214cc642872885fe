/// Names kept in constants: `private let flashOffImageName = "flash_off"`, `extension NSImage.Name { static let
/// clipboard = NSImage.Name("clipboard.fill") }`, `enum Icon: String { case close = "icon_close" }`. A lookup whose
/// argument is such a constant (`UIImage(named: flashOffImageName)`, `NSImage(named: .clipboard)`,
/// `UIImage(named: Icon.close.rawValue)`) asks for its value, and may be `missing-asset` at the lookup's line.
///
/// Only where certain: a constant is a `let` outside any function (top level, or a member of a type, static or
/// not) or a raw-valued enum case, whose value is a plain string literal; a name the file also binds another way
/// (a parameter, a local, a `var`, a closure's parameter) is never resolved in that file; a path more than one
/// declaration answers with different values stays a name built at run time.
import SwiftSyntax

/// A lookup whose name is a constant's path, as written: `x` (bare), `.x` (implicit member), `A.B.x`.
package struct ConstantLookup: Sendable, Hashable {
    /// The lookup's index in its file's references.
    package var reference: Int
    package var path: String
}

package enum StringConstants {
    /// The value a declaration's initialiser gives: `"x"`, `NSImage.Name("x")`, `.init(rawValue: "x")`.
    static func value(of expression: ExprSyntax) -> String? {
        if let literal = expression.as(StringLiteralExprSyntax.self) { return SwiftReferenceScanner.Visitor.plainText(literal) }
        guard let call = expression.as(FunctionCallExprSyntax.self), call.arguments.count == 1, let argument = call.arguments.first,
            argument.label == nil || argument.label?.text == "rawValue",
            let literal = argument.expression.as(StringLiteralExprSyntax.self)
        else { return nil }
        let callee = call.calledExpression.trimmedLength.utf8Length <= 40 ? call.calledExpression.trimmedDescription : ""
        guard callee == ".init" || callee.hasSuffix("Name") || callee.hasSuffix("Name.init") else { return nil }
        return SwiftReferenceScanner.Visitor.plainText(literal)
    }

    /// The names of the types a declaration sits in, outermost first (`["NSImage.Name"]` inside
    /// `extension NSImage.Name`), or nil when it sits in a function, closure, accessor or initialiser body.
    static func enclosingTypes(of node: some SyntaxProtocol) -> [String]? {
        var types: [String] = []
        var current = node.parent
        var steps = 0
        while let at = current {
            steps += 1
            guard steps < 256 else { return nil }
            if at.is(CodeBlockSyntax.self) || at.is(ClosureExprSyntax.self) || at.is(AccessorBlockSyntax.self) { return nil }
            if let decl = at.as(StructDeclSyntax.self) {
                types.append(decl.name.text)
            } else if let decl = at.as(ClassDeclSyntax.self) {
                types.append(decl.name.text)
            } else if let decl = at.as(EnumDeclSyntax.self) {
                types.append(decl.name.text)
            } else if let decl = at.as(ActorDeclSyntax.self) {
                types.append(decl.name.text)
            } else if let decl = at.as(ExtensionDeclSyntax.self) {
                guard decl.extendedType.trimmedLength.utf8Length <= 80 else { return nil }
                types.append(decl.extendedType.trimmedDescription)
            } else if at.is(ProtocolDeclSyntax.self) {
                return nil
            }
            current = at.parent
        }
        return types.reversed()
    }

    /// The path a lookup's argument names, when it is a name a constant may hold: `x`, `self.x`, `.x`, `A.x`,
    /// `A.x.rawValue` (as `A.x`).
    static func path(of expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
            return SwiftReferenceScanner.unticked(reference.baseName.text)
        }
        guard let member = expression.as(MemberAccessExprSyntax.self),
            case (var components, let implicit)? = SwiftReferenceScanner.Visitor.chain(of: member)
        else { return nil }
        if components.last == "rawValue", components.count > 1 { components.removeLast() }
        if !implicit, components.count == 2, components[0] == "self" || components[0] == "Self" { return components[1] }
        return implicit ? (components.count == 1 ? "." + components[0] : nil) : components.joined(separator: ".")
    }

    /// The value a path has among the project's constants (`key` → values: `A.B.x` for a member, `x` for a
    /// top-level constant); nil unless exactly one.
    static func resolve(_ path: String, in constants: [String: Set<String>]) -> String? {
        resolve(path, in: constants, keys: constants.keys)
    }

    /// `resolve(_:in:)` over the project's constants indexed by last name (`Table`): a path with a dot is
    /// compared only with the keys whose last name is its own, not with every key (the same answer).
    package static func resolve(_ path: String, in table: Table) -> String? {
        guard let byLastName = table.byLastName, Table.isASCII(path) else { return resolve(path, in: table.constants) }
        return resolve(path, in: table.constants, keys: byLastName[Table.lastName(path)] ?? [])
    }

    /// The value `path` has among `constants`, comparing it with `keys` (every key that can match it).
    private static func resolve(
        _ path: String, in constants: [String: Set<String>], keys: some Collection<String>
    ) -> String? {
        var values: Set<String> = []
        if path.hasPrefix(".") {
            // `NSImage(named: .clipboard)`: a static member of the name type (`NSImage.Name`, `String`).
            let member = path.dropFirst()
            for key in keys {
                guard key.hasSuffix(path), let dot = key.lastIndex(of: "."), let found = constants[key] else { continue }
                let type = key[..<dot]
                guard key[key.index(after: dot)...] == member, type == "String" || type.hasSuffix("Name") else { continue }
                values.formUnion(found)
            }
        } else if path.contains(".") {
            let dotted = "." + path
            for key in keys where key == path || key.hasSuffix(dotted) {
                if let found = constants[key] { values.formUnion(found) }
            }
        } else {
            values = constants[path] ?? []
        }
        return values.count == 1 ? values.first : nil
    }

    /// The project's constants with their keys grouped by last name (what follows the last dot): a key that is a
    /// path or ends in `.` and a path has the path's last name. Grouped only when every key is ASCII, where a
    /// character is its byte (a non-ASCII character may be canonically equal to an ASCII one: U+212A is `K`);
    /// otherwise every key is compared, as `resolve(_:in:)` does.
    package struct Table: Sendable {
        package let constants: [String: Set<String>]
        let byLastName: [String: [String]]?

        package init(_ constants: [String: Set<String>]) {
            self.constants = constants
            guard constants.keys.allSatisfy(Self.isASCII) else {
                byLastName = nil
                return
            }
            var groups: [String: [String]] = [:]
            for key in constants.keys { groups[Self.lastName(key), default: []].append(key) }
            byLastName = groups
        }

        static func isASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 } }

        /// What follows the last dot (the whole text when it has none), as bytes.
        static func lastName(_ text: String) -> String {
            guard let dot = text.utf8.lastIndex(of: 0x2E) else { return text }
            return String(text.utf8[text.utf8.index(after: dot)...]) ?? text
        }
    }
}

extension SwiftReferenceScanner.Visitor {
    /// Keeps the constants a declaration outside functions makes: `let x = "v"` at top level (the project's when
    /// not private, the file's always) and as a member (`A.B.x`); what each property returns (`StringReturns`);
    /// its names as declared members when static.
    func declareConstants(_ node: VariableDeclSyntax, isLet: Bool) {
        if functions.isEmpty {
            for binding in node.bindings { declareReturns(binding, isLet: isLet) }
        }
        if node.modifiers.contains(where: { $0.name.text == "static" || $0.name.text == "class" }) {
            for binding in node.bindings {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                    declaredMembers.insert(SwiftReferenceScanner.unticked(name))
                }
            }
        }
        guard isLet else { return }
        // The enclosing types are found once, for the first binding that holds a constant (most hold none).
        var enclosing: [String]??
        let isPrivate = node.modifiers.contains { $0.name.text == "private" || $0.name.text == "fileprivate" }
        for binding in node.bindings {
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self), binding.accessorBlock == nil,
                let initial = binding.initializer?.value, let value = StringConstants.value(of: initial)
            else { continue }
            if enclosing == nil { enclosing = .some(StringConstants.enclosingTypes(of: node)) }
            guard let types = enclosing ?? nil else { continue }
            let name = SwiftReferenceScanner.unticked(pattern.identifier.text)
            constantPatterns.insert(pattern.id)
            fileConstants[name, default: []].insert(value)
            if !types.isEmpty {
                constants[(types + [name]).joined(separator: "."), default: []].insert(value)
            } else if !isPrivate {
                constants[name, default: []].insert(value)
            }
        }
    }
}
