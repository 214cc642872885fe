import SwiftSyntax

/// The depth of a syntax tree, walked with a stack of its own (no recursion): the byte offset of the first
/// node found deeper than a limit, or nil when the tree is within it.
enum TreeDepth {
    static func firstPast(_ limit: Int, in root: Syntax) -> Int? {
        var stack: [(Syntax, Int)] = [(root, 0)]
        while let (node, depth) = stack.popLast() {
            if depth > limit { return node.position.utf8Offset }
            for child in node.children(viewMode: .sourceAccurate) { stack.append((child, depth + 1)) }
        }
        return nil
    }
}
