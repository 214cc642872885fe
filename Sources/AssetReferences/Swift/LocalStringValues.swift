/// The literals a function's local variable can hold: KeePassium's `assetPath` is assigned one of three literals in
/// a `switch` and then formatted into `"%@/%02d"`, so the names that format makes start with one of three folders,
/// not with anything.
///
/// Written here rather than taken from a library: no Swift data-flow library is in the packages this machine
/// carries, and only this narrow case is needed. Sound in the direction that matters: the values only narrow
/// possible uses (never `missing-asset`), and any binding or assignment of the name that is not a plain literal
/// (a call, a ternary, `+=`, `&name`, a tuple, an `if let`, a loop, a closure's parameter of that name) makes the
/// name's values unknown. Bounded: one function body of at most `maxBodyBytes`, at most `maxValues` values.
import SwiftSyntax

enum LocalStringValues {
    static let maxBodyBytes = 64 * 1024
    static let maxValues = 64

    /// The literals the local `name` can hold where `node` reads it; nil when `name` is not declared in the
    /// enclosing function's body or is ever bound or assigned something else.
    static func values(of name: String, at node: some SyntaxProtocol, budget: inout Budget) -> [String]? {
        var current = node.parent
        var body: Syntax?
        while let syntax = current, body == nil {
            if let function = syntax.as(FunctionDeclSyntax.self) {
                body = function.body.map(Syntax.init)
            } else if let initializer = syntax.as(InitializerDeclSyntax.self) {
                body = initializer.body.map(Syntax.init)
            } else if let accessor = syntax.as(AccessorDeclSyntax.self) {
                body = accessor.body.map(Syntax.init)
            } else if syntax.is(MemberBlockSyntax.self) || syntax.is(SourceFileSyntax.self) {
                return nil
            }
            current = syntax.parent
        }
        guard let body, body.trimmedLength.utf8Length <= maxBodyBytes else { return nil }
        let key = Budget.Key(body: body.id, name: name)
        if let known = budget.known[key] { return known.values }
        guard budget.walks < maxWalks else { return nil }
        budget.walks += 1
        let collector = Collector(name: name)
        collector.walk(body)
        let values =
            collector.declared && !collector.opaque && !collector.values.isEmpty && collector.values.count <= maxValues
            ? collector.values.sorted() : nil
        budget.known[key] = Budget.Answer(values: values)
        return values
    }

    /// The most function bodies one file's formats walk: a file of many formats in large functions costs at most
    /// `maxWalks × maxBodyBytes` of walking, each body and name walked once.
    static let maxWalks = 64

    /// What one file's walks answered, and how many it made.
    struct Budget {
        struct Key: Hashable {
            var body: SyntaxIdentifier
            var name: String
        }
        struct Answer {
            var values: [String]?
        }
        var known: [Key: Answer] = [:]
        var walks = 0
    }

    private final class Collector: SyntaxVisitor {
        let name: String
        var declared = false
        var opaque = false
        var values: Set<String> = []
        /// The identifier patterns already read as `let name = …` bindings.
        var bound: Set<SyntaxIdentifier> = []

        init(name: String) {
            self.name = name
            super.init(viewMode: .sourceAccurate)
        }

        private func record(_ expression: ExprSyntax) {
            if let literal = expression.as(StringLiteralExprSyntax.self),
                let text = SwiftReferenceScanner.Visitor.plainText(literal)
            {
                values.insert(text)
            } else {
                opaque = true
            }
        }

        override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
            if let pattern = node.pattern.as(IdentifierPatternSyntax.self), pattern.identifier.text == name,
                node.parent?.parent?.is(VariableDeclSyntax.self) == true
            {
                declared = true
                bound.insert(pattern.id)
                if let value = node.initializer?.value { record(value) }
                if node.accessorBlock != nil { opaque = true }
            }
            return .visitChildren
        }

        override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
            // `if let name`, `for name in`, `case let name`, a tuple's `let (name, x)`: values not read here.
            if node.identifier.text == name, !bound.contains(node.id) { opaque = true }
            return .visitChildren
        }

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            let elements = Array(node.elements)
            guard let operatorIndex = elements.firstIndex(where: { $0.is(AssignmentExprSyntax.self) || Self.isCompoundAssignment($0) })
            else { return .visitChildren }
            let target = elements[..<operatorIndex]
            if target.count == 1, let reference = target.first?.as(DeclReferenceExprSyntax.self), reference.baseName.text == name {
                if elements[operatorIndex].is(AssignmentExprSyntax.self), elements.count == operatorIndex + 2 {
                    record(elements[operatorIndex + 1])
                } else {
                    opaque = true
                }
            } else if target.contains(where: { $0.tokens(viewMode: .sourceAccurate).contains { $0.text == name } }) {
                opaque = true  // `(name, other) = …`, `self.name = …`: not followed
            }
            return .visitChildren
        }

        override func visit(_ node: InOutExprSyntax) -> SyntaxVisitorContinueKind {
            if node.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == name { opaque = true }
            return .visitChildren
        }

        override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
            if node.name.text == name { opaque = true }
            return .visitChildren
        }

        override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
            if node.firstName.text == name || node.secondName?.text == name { opaque = true }
            return .visitChildren
        }

        override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
            if node.firstName.text == name || node.secondName?.text == name { opaque = true }
            return .visitChildren
        }

        private static func isCompoundAssignment(_ element: ExprSyntax) -> Bool {
            guard let text = element.as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
            return text.count >= 2 && text.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(text)
        }
    }
}
