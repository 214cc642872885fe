/// A project's own names for the lookup types: `typealias RSImage = NSImage` (NetNewsWire's RSCore, one per
/// platform branch), `typealias PlatformColor = UIColor`. `RSImage(named: "x")` then asks for the image `x` as
/// `NSImage(named:)` does, and may be `missing-asset` at its line.
///
/// Only where certain: every `typealias` of that name in the project (every branch, every scope) stands for a
/// lookup type of one kind (image, colour), directly or through another such alias; the project declares no
/// class, struct, enum or actor of that name; the call passes a plain string literal. Otherwise the literal
/// stays a possible use, as any literal is.
import Assets
import SwiftSyntax

/// A `T(named: "x")` call whose type `T` is no lookup type the scan knows: its index in the file's references.
package struct AliasedLookup: Sendable, Hashable {
    package var reference: Int
    package var type: String
}

package enum LookupTypeAliases {
    /// What a `typealias` stands for, as a type name (`NSImage`, `AppKit.NSImage` → `NSImage`); nil for anything
    /// else (a generic, a tuple, a function type: never a lookup type).
    static func target(of node: TypeAliasDeclSyntax) -> String? {
        let value = node.initializer.value
        if let identifier = value.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil {
            return identifier.name.text
        }
        if let member = value.as(MemberTypeSyntax.self), member.genericArgumentClause == nil,
            let base = member.baseType.as(IdentifierTypeSyntax.self),
            SwiftReferenceScanner.moduleNames.contains(base.name.text)
        {
            return member.name.text
        }
        return nil
    }

    /// The alias names a file may call a lookup type by, and what each stands for ("" when it is no plain type name).
    static let unknownTarget = ""

    /// What `name(named:)` loads when `name` is the project's alias of a lookup type; nil when any declaration of
    /// the name says otherwise. Chains of aliases are followed a few steps.
    package static func wanted(
        of name: String, aliases: [String: Set<String>], declaredTypes: Set<String>
    ) -> AssetLookup.Wanted? {
        var kinds: Set<AssetLookup.Wanted> = []
        var pending: [(name: String, depth: Int)] = [(name, 0)]
        var visited: Set<String> = []
        while let (current, depth) = pending.popLast() {
            guard visited.insert(current).inserted else { continue }
            if current != name, let kind = SwiftReferenceScanner.lookupTypes[current] {
                kinds.insert(kind)
                continue
            }
            guard depth < 4, !declaredTypes.contains(current), let targets = aliases[current], !targets.isEmpty,
                !targets.contains(unknownTarget)
            else { return nil }
            for target in targets { pending.append((target, depth + 1)) }
        }
        guard kinds.count == 1, let kind = kinds.first, kind == .image || kind == .color else { return nil }
        return kind
    }
}
