@_spi(RawSyntax) import SwiftSyntax

/// The depth of a syntax tree, walked with a stack of its own (no recursion): the byte offset of the first
/// node found deeper than a limit, or nil when the tree is within it.
enum TreeDepth {
    static func firstPast(_ limit: Int, in root: Syntax) -> Int? {
        // Real code is far within the limit: the raw tree answers that without making a node or a position.
        guard rawDepthExceeds(limit, in: root.raw) else { return nil }
        var stack: [(Syntax, Int)] = [(root, 0)]
        while let (node, depth) = stack.popLast() {
            if depth > limit { return node.position.utf8Offset }
            for child in node.children(viewMode: .sourceAccurate) { stack.append((child, depth + 1)) }
        }
        return nil
    }

    /// Whether any node of the raw tree lies deeper than `limit`. The raw tree holds every child the walk
    /// above sees (the present ones) and the missing ones too, each at the same depth: when it is within the
    /// limit, so is the walk, and only a tree past the limit is walked again for the offset.
    static func rawDepthExceeds(_ limit: Int, in root: RawSyntax) -> Bool {
        guard limit >= 0 else { return true }
        var stack: [(RawSyntax, Int)] = [(root, 0)]
        while let (node, depth) = stack.popLast() {
            guard let layout = node.layoutView else { continue }
            for case let child? in layout.children {
                if depth + 1 > limit { return true }
                if !child.isToken { stack.append((child, depth + 1)) }
            }
        }
        return false
    }
}
