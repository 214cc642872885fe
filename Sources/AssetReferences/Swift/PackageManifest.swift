/// A `Package.swift`'s targets as SwiftPM reads them, from swift-syntax's `SwiftParser` (the Swift home of
/// the scanner: a manifest is Swift). The manifest is not run: its `Package(…)` call is read as written,
/// and its `targets:` understood only when they are literal: an array of `.target(…)`,
/// `.executableTarget(…)`, `.testTarget(…)`, `.macro(…)`, `.plugin(…)`, `.systemLibrary(…)` (and
/// `.binaryTarget(…)`, which has no folder) calls whose `name:`, `path:`, `exclude:` and `resources:`
/// (`.process("x")`, `.process("x", localization: …)`, `.copy("y")`, `.embedInCode("z")`) are string
/// literals. Anything else (targets from a variable, a loop, `+`, a helper function, `package.targets`
/// changed after the call, several `Package(…)` calls) leaves the manifest `unread`, with the reason, and
/// its folder is then treated as a folder without a manifest (every loose image answers to its name): a
/// guess about a manifest must never make a `missing-asset`.
import SwiftParser
import SwiftSyntax

package struct PackageManifest: Sendable, Hashable {
    /// How SwiftPM puts a resource in the target's bundle.
    package enum Rule: String, Sendable, Hashable {
        /// `.process("x")`: each file at the bundle's top level (a folder is flattened).
        case process
        /// `.copy("x")`: the file or folder as is at the top level (a folder keeps its structure).
        case copy
        /// `.embedInCode("x")`: compiled into the module as bytes, not in the bundle.
        case embedInCode
    }

    package struct Resource: Sendable, Hashable {
        package var rule: Rule
        /// Relative to the target's folder, as written (without `./` and a trailing `/`).
        package var path: String
    }

    package enum TargetKind: String, Sendable, Hashable {
        case regular, executable, test, macro, plugin, system, binary
    }

    package struct Target: Sendable, Hashable {
        package var name: String
        package var kind: TargetKind
        /// `path:` as written (relative to the package folder), nil for SwiftPM's default.
        package var path: String?
        package var exclude: [String] = []
        package var resources: [Resource] = []
    }

    /// The manifest file, relative to the project folder.
    package var file: String
    package var targets: [Target] = []
    /// Why the targets could not be read as written (nil when they were).
    package var unread: String?

    /// The folder of the package, relative to the project (`""` for the project itself).
    package var folder: String {
        guard let slash = file.lastIndex(of: "/") else { return "" }
        return String(file[..<slash])
    }

    /// Whether `name` is a manifest file: `Package.swift` or a version-specific `Package@swift-5.9.swift`.
    package static func isManifest(_ name: String) -> Bool {
        name == "Package.swift" || (name.hasPrefix("Package@swift-") && name.hasSuffix(".swift"))
    }

    package static func read(_ bytes: [UInt8], file: String) -> PackageManifest {
        var manifest = PackageManifest(file: file)
        bytes.withUnsafeBufferPointer { buffer in
            let tree = Parser.parse(source: buffer, maximumNestingLevel: SwiftReferenceScanner.maximumNestingLevel)
            let finder = PackageCallFinder(viewMode: .sourceAccurate)
            finder.walk(tree)
            do {
                guard finder.calls.count == 1, let call = finder.calls.first else {
                    throw Unreadable(finder.calls.isEmpty ? "no Package(…) call" : "\(finder.calls.count) Package(…) calls")
                }
                if let member = finder.changedBy {
                    throw Unreadable("it may change its targets outside Package(…) (\(Self.clipped(member)))")
                }
                guard let argument = call.arguments.first(where: { $0.label?.text == "targets" }) else {
                    return
                }
                guard let array = argument.expression.as(ArrayExprSyntax.self) else {
                    throw Unreadable("its targets are built at run time (targets: \(Self.clipped(argument.expression)))")
                }
                for element in array.elements {
                    if let target = try Self.target(element.expression) { manifest.targets.append(target) }
                }
            } catch let error as Unreadable {
                manifest.unread = error.reason
                manifest.targets = []
            } catch {
                manifest.unread = "\(error)"
                manifest.targets = []
            }
        }
        return manifest
    }

    private struct Unreadable: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// One element of `targets:`; nil for a binary target (no folder).
    private static func target(_ expression: ExprSyntax) throws(Unreadable) -> Target? {
        guard let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.base.map({ ["Target", "PackageDescription.Target"].contains($0.trimmedDescription) }) ?? true
        else {
            throw Unreadable("a target is built at run time (\(clipped(expression)))")
        }
        let kinds: [String: TargetKind] = [
            "target": .regular, "executableTarget": .executable, "testTarget": .test, "macro": .macro, "plugin": .plugin,
            "systemLibrary": .system, "binaryTarget": .binary,
        ]
        guard let kind = kinds[member.declName.baseName.text] else {
            throw Unreadable("a target is made by .\(member.declName.baseName.text)(…), which is not SwiftPM's")
        }
        if kind == .binary { return nil }
        guard let nameArgument = call.arguments.first(where: { $0.label?.text == "name" }),
            let name = literal(nameArgument.expression)
        else {
            throw Unreadable("a target's name is not a literal (\(clipped(expression)))")
        }
        var target = Target(name: name, kind: kind)
        for argument in call.arguments {
            switch argument.label?.text {
            case "path":
                if argument.expression.is(NilLiteralExprSyntax.self) { continue }
                guard let path = literal(argument.expression) else { throw Unreadable("target \(name)'s path is not a literal") }
                target.path = normalized(path)
            case "exclude":
                guard let array = argument.expression.as(ArrayExprSyntax.self) else {
                    throw Unreadable("target \(name)'s exclude is not a literal array")
                }
                for element in array.elements {
                    guard let path = literal(element.expression) else {
                        throw Unreadable("target \(name)'s exclude holds a value built at run time")
                    }
                    target.exclude.append(normalized(path))
                }
            case "resources":
                if argument.expression.is(NilLiteralExprSyntax.self) { continue }
                guard let array = argument.expression.as(ArrayExprSyntax.self) else {
                    throw Unreadable("target \(name)'s resources are not a literal array")
                }
                for element in array.elements {
                    guard let resourceCall = element.expression.as(FunctionCallExprSyntax.self),
                        let rule = resourceCall.calledExpression.as(MemberAccessExprSyntax.self)
                            .flatMap({ Rule(rawValue: $0.declName.baseName.text) }),
                        let first = resourceCall.arguments.first, first.label == nil, let path = literal(first.expression)
                    else {
                        throw Unreadable(
                            "target \(name)'s resources hold \(clipped(element.expression)), not .process, .copy or .embedInCode of a literal"
                        )
                    }
                    target.resources.append(Resource(rule: rule, path: normalized(path)))
                }
            default:
                continue
            }
        }
        return target
    }

    private static func literal(_ expression: ExprSyntax) -> String? {
        expression.as(StringLiteralExprSyntax.self).flatMap(SwiftReferenceScanner.Visitor.plainText)
    }

    /// `./Resources/` → `Resources`; `.` → empty (the folder itself).
    static func normalized(_ path: String) -> String {
        path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
    }

    private static func clipped(_ expression: some SyntaxProtocol) -> String { clipped(expression.trimmedDescription) }

    private static func clipped(_ written: String) -> String {
        let text = written.split(whereSeparator: \.isNewline).joined(separator: " ")
        return text.count > 40 ? String(text.prefix(40)) + "…" : text
    }

    /// Finds the `Package(…)` calls and any later change to `package.targets`.
    private final class PackageCallFinder: SyntaxVisitor {
        var calls: [FunctionCallExprSyntax] = []
        /// The first member access that may change the targets (`package.targets`, `target.resources`).
        var changedBy: String?

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            let callee = node.calledExpression.trimmedDescription
            if callee == "Package" || callee == "PackageDescription.Package" {
                calls.append(node)
            }
            return .visitChildren
        }

        /// `package.targets` outside a `for … in` (`+=`, `append`, `=`), or a target's `resources`, `exclude` or
        /// `path` set by a member (`target.resources = …`): the targets are not the ones written in the call.
        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            guard node.base != nil else { return .visitChildren }
            switch node.declName.baseName.text {
            case "targets": if !(node.parent?.is(ForStmtSyntax.self) ?? false) { changedBy = changedBy ?? node.trimmedDescription }
            case "resources", "exclude", "path": changedBy = changedBy ?? node.trimmedDescription
            default: break
            }
            return .visitChildren
        }
    }
}
