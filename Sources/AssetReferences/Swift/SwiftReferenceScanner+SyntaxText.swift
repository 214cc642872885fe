/// What the reference visitor reads off a string literal (its plain text, its literal ends, whether its position
/// never names a set), off a chain of member accesses (its names, its root) and off a call (the type it makes,
/// whether an argument is a string, what an implicit member passed to it loads); how it records a reference.
import Assets
@_spi(RawSyntax) import SwiftSyntax

extension SwiftReferenceScanner.Visitor {
    /// `UIImage`, `UIImage.init`, `SwiftUI.Image`; `.init` gives (nil, true).
    func calledType(_ expression: ExprSyntax) -> (String?, Bool)? {
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
            if let baseName, Self.uiModules.contains(baseName) { return (memberName, false) }
        }
        return nil
    }

    /// The modules that qualify a lookup type in a call (`SwiftUI.Image(…)`).
    static let uiModules: Set<String> = ["SwiftUI", "UIKit", "AppKit"]

    func isStringExpression(_ expression: ExprSyntax) -> Bool {
        if expression.is(StringLiteralExprSyntax.self) { return true }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            return sequence.elements.contains { $0.is(StringLiteralExprSyntax.self) }
        }
        if let ternary = expression.as(TernaryExprSyntax.self) {
            return isStringExpression(ternary.thenExpression) || isStringExpression(ternary.elseExpression)
        }
        return false
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
        "systemName", "systemSymbolName", "systemImage", "systemSymbol", "localized", "accessibilityIdentifier", "comment",
    ]
    /// Whether `node` is an argument whose label says it is never an asset (`systemSymbol:`, `systemName:`).
    static func isNonAssetArgument(_ node: some SyntaxProtocol) -> Bool {
        guard let label = node.parent?.as(LabeledExprSyntax.self)?.label?.text else { return false }
        return nonAssetLabels.contains(label)
    }

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

    /// The names of a chain of member accesses from its start (`R`, `image`, `close` for `R.image.close`);
    /// `implicit` when it starts with a dot (`.Colors.accent`). Nil when it starts with anything else (a
    /// call, `self`, a literal).
    static func chain(of node: MemberAccessExprSyntax) -> (components: [String], implicit: Bool)? {
        var components: [String] = []
        var current: MemberAccessExprSyntax = node
        while true {
            // Every member of a chain is visited and asks for its chain: a bound keeps that linear in the
            // chain's length (without it, `a.b.b…` 20,000 long takes 48 s). No asset symbol is this long.
            guard components.count < maximumChain else { return nil }
            components.append(SwiftReferenceScanner.unticked(current.declName.baseName.text))
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

    /// Whether `chain(of:)` gives a chain the symbol or accessor rules may record: one that starts with a dot,
    /// or at a name that is a module, an Xcode symbol's type or an accessor root (as the rules read it after
    /// `chain(of:)`); not one that starts at a call or another name, or is longer than `maximumChain`.
    static func mayNameAsset(_ node: MemberAccessExprSyntax) -> Bool {
        var current = node
        var steps = 0
        while true {
            steps += 1
            guard steps <= maximumChain else { return false }
            guard let base = current.base else { return true }
            if let next = base.as(MemberAccessExprSyntax.self) {
                current = next
                continue
            }
            guard let reference = base.as(DeclReferenceExprSyntax.self) else { return false }
            let bytes = reference.baseName.rawText
            if !bytes.contains(where: { $0 >= 0x80 }) {
                // An ASCII name: a string compares as its bytes do, so no string is made for the common case.
                if bytes.hasPrefix("Asset") || bytes.hasSuffix("Asset") || bytes.hasSuffix("Assets") { return true }
                guard bytes.count <= rootNamesByLength.count - 1 else { return false }
                return rootNamesByLength[bytes.count].contains { $0.elementsEqual(bytes) }
            }
            let root = reference.baseName.text
            return SwiftReferenceScanner.moduleNames.contains(root) || SwiftReferenceScanner.xcodeSymbolRoots[root] != nil
                || isAccessorRoot(root)
        }
    }

    /// The names `mayNameAsset` lets through (modules, Xcode's symbol types, accessor roots), by length in bytes.
    static let rootNamesByLength: [[[UInt8]]] = {
        let names = SwiftReferenceScanner.moduleNames.union(SwiftReferenceScanner.xcodeSymbolRoots.keys).union(
            SwiftReferenceScanner.accessorRoots)
        let longest = names.map(\.utf8.count).max() ?? 0
        return (0...longest).map { length in names.filter { $0.utf8.count == length }.map { Array($0.utf8) } }
    }()

    /// A chain's first name that SwiftGen's, R.swift's or tuist's accessors start at (`Asset`, `R`, `MyAppAsset`).
    static func isAccessorRoot(_ root: String) -> Bool {
        SwiftReferenceScanner.accessorRoots.contains(root) || root.hasPrefix("Asset") || root.hasSuffix("Asset")
            || root.hasSuffix("Assets")
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

    /// `expression` names a parameter of the function being walked: a lookup of it is recorded for the
    /// calls that pass a literal.
    func parameterLookup(_ expression: ExprSyntax?, whole: Bool, suffix: String, wanted: AssetLookup.Wanted, via: String) {
        guard let reference = expression?.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
            let function = functions.last, let label = function.parameters[reference.baseName.text]
        else { return }
        parameterLookups.append(
            ParameterLookup(
                function: function.name, label: label, whole: whole, suffix: suffix,
                wanted: wanted.rawValue, via: via))
    }

    func add(
        _ name: AssetReference.Name, _ wanted: AssetLookup.Wanted, _ certainty: AssetReference.Certainty,
        at node: some SyntaxProtocol, via: String, crashes: Bool = false
    ) {
        let location = lines.location(of: node.positionAfterSkippingLeadingTrivia.utf8Offset)
        references.append(
            AssetReference(
                name: name, wanted: wanted, certainty: certainty, file: file,
                line: location.line, column: location.column, via: via, crashes: crashes))
    }

    /// What the call an implicit member is passed to loads: `Image(.x)`, `UIImage(resource: .x)`,
    /// `Color(.x)`; `.any` elsewhere.
    func contextWanted(of node: MemberAccessExprSyntax) -> AssetLookup.Wanted {
        guard let argument = node.parent?.as(LabeledExprSyntax.self),
            let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
            let (calledName, _) = calledType(call.calledExpression), let type = calledName,
            let wanted = SwiftReferenceScanner.lookupTypes[type], wanted != .data
        else { return .any }
        return wanted
    }
}
