/// A line and column in a text, both counted from 1; columns count UTF-8 bytes, as compilers and
/// `JSONSyntaxError` do (Contents.json keys and values are nearly always ASCII, where bytes and
/// characters agree).
public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}

/// Where every key and value of a parsed JSON document was written, recorded by `JSONReader` as it
/// reads, so that a finding about `images[2].scale` can point at its line and column.
///
/// The nodes are kept flat, in the order the reader met them (a value, then its members), with the
/// index of their parent: recording one costs an append, and a key path is looked up only when a finding
/// needs it. Keys are short strings, which Swift stores inline without allocating.
package struct JSONPositions: Sendable {
    package struct Node: Sendable {
        /// The index of the enclosing object or array; -1 for the document's value.
        package var parent: Int32
        /// The member's key, for a value inside an object.
        package var key: String?
        /// The item's index, for a value inside an array; -1 otherwise.
        package var index: Int32
        /// Where the member's quoted key starts, for a value inside an object.
        package var keyPosition: SourcePosition?
        /// Where the value starts (its first byte: `{`, `[`, `"`, a digit...).
        package var valuePosition: SourcePosition
    }

    package private(set) var nodes: [Node] = []

    package init() {}

    /// Room for `count` nodes, so that recording them does not grow the list step by step.
    package mutating func reserveCapacity(_ count: Int) {
        nodes.reserveCapacity(count)
    }

    /// Records a value; returns its index, the parent of what it contains.
    package mutating func record(_ node: Node) -> Int32 {
        nodes.append(node)
        return Int32(nodes.count - 1)
    }

    /// One step of a key path: a member's key or an array index.
    package enum Step: Hashable {
        case key(Substring)
        case index(Int)
    }

    /// The steps of a key path as diagnostics write it: `images[2].appearances[0].value`,
    /// `properties.provides-namespace`. Nil when the text is not of that form.
    package static func steps(of keyPath: String) -> [Step]? {
        var steps: [Step] = []
        var rest = Substring(keyPath)
        while !rest.isEmpty {
            if rest.first == "[" {
                guard let close = rest.firstIndex(of: "]"), let index = Int(rest[rest.index(after: rest.startIndex)..<close]) else {
                    return nil
                }
                steps.append(.index(index))
                rest = rest[rest.index(after: close)...]
            } else {
                if rest.first == "." {
                    guard !steps.isEmpty else { return nil }
                    rest = rest.dropFirst()
                }
                let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
                guard end != rest.startIndex else { return nil }
                steps.append(.key(rest[..<end]))
                rest = rest[end...]
            }
        }
        return steps
    }

    /// A member or item of a node, as a key of the lookup table.
    private struct ChildKey: Hashable {
        var parent: Int32
        var key: String?
        var index: Int32
    }

    /// Finds the nodes key paths name. Built once for all the findings of a file (one pass over the
    /// nodes), so a file with 20,000 entries and as many findings is not searched 20,000 times.
    package struct Locator {
        private var children: [ChildKey: Int32] = [:]
        private let nodes: [Node]

        package init(_ positions: JSONPositions) {
            nodes = positions.nodes
            children.reserveCapacity(nodes.count)
            for (index, node) in nodes.enumerated() where index > 0 {
                let key = ChildKey(parent: node.parent, key: node.key, index: node.index)
                // The first member wins when a key repeats, as `JSONValue`'s subscript reads.
                if children[key] == nil { children[key] = Int32(index) }
            }
        }

        /// The node a key path names.
        package func node(at keyPath: String) -> Node? {
            guard !nodes.isEmpty, let steps = JSONPositions.steps(of: keyPath) else { return nil }
            var current: Int32 = 0
            for step in steps {
                let key: ChildKey
                switch step {
                case .key(let name): key = ChildKey(parent: current, key: String(name), index: -1)
                case .index(let index): key = ChildKey(parent: current, key: nil, index: Int32(clamping: index))
                }
                guard let found = children[key] else { return nil }
                current = found
            }
            return nodes[Int(current)]
        }

        /// Where a finding about `keyPath` points: the start of the value it names.
        package func position(of keyPath: String) -> SourcePosition? {
            node(at: keyPath)?.valuePosition
        }
    }

    /// Where the document's value starts.
    package var documentPosition: SourcePosition? { nodes.first?.valuePosition }
}
