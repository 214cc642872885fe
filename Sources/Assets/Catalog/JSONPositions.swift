/// A line and column in a text, both counted from 1; columns count UTF-8 bytes, as compilers and
/// `JSONSyntaxError` do (Contents.json keys and values are nearly always ASCII, where bytes and
/// characters agree).
public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
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
struct JSONPositions: Sendable {
    struct Node: Sendable {
        /// The index of the enclosing object or array; -1 for the document's value.
        var parent: Int32
        /// The member's key, for a value inside an object.
        var key: String?
        /// The item's index, for a value inside an array; -1 otherwise.
        var index: Int32
        /// Where the member's quoted key starts, for a value inside an object.
        var keyPosition: SourcePosition?
        /// Where the value starts (its first byte: `{`, `[`, `"`, a digit...).
        var valuePosition: SourcePosition
    }

    private(set) var nodes: [Node] = []

    /// Records a value; returns its index, the parent of what it contains.
    mutating func record(_ node: Node) -> Int32 {
        nodes.append(node)
        return Int32(nodes.count - 1)
    }

    /// One step of a key path: a member's key or an array index.
    enum Step: Hashable {
        case key(Substring)
        case index(Int)
    }

    /// The steps of a key path as diagnostics write it: `images[2].appearances[0].value`,
    /// `properties.provides-namespace`. Nil when the text is not of that form.
    static func steps(of keyPath: String) -> [Step]? {
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

    /// The node a key path names (the first member when a key repeats, as `JSONValue`'s subscript reads).
    func node(at keyPath: String) -> Node? {
        guard !nodes.isEmpty, let steps = JSONPositions.steps(of: keyPath) else { return nil }
        var current: Int32 = 0
        for step in steps {
            var found: Int32?
            var candidate = Int(current) + 1
            while candidate < nodes.count {
                let node = nodes[candidate]
                if node.parent == current {
                    let matches: Bool
                    switch step {
                    case .key(let key): matches = node.key.map { $0[...] == key } ?? false
                    case .index(let index): matches = node.index == index
                    }
                    if matches {
                        found = Int32(candidate)
                        break
                    }
                } else if node.parent < current {
                    break  // past the last member of `current`: nodes are in document order
                }
                candidate += 1
            }
            guard let found else { return nil }
            current = found
        }
        return nodes[Int(current)]
    }

    /// Where a finding about `keyPath` points: the start of the value it names.
    func position(of keyPath: String) -> SourcePosition? {
        node(at: keyPath)?.valuePosition
    }

    /// Where the key of the member `keyPath` names is written, when it is a member of an object.
    func keyPosition(of keyPath: String) -> SourcePosition? {
        node(at: keyPath)?.keyPosition
    }
}

/// Positions take no part in the equality of what holds them: two sets read from files laid out
/// differently, with the same keys and values, are the same set.
struct ContentsPositions: Sendable, Hashable {
    var table: JSONPositions

    init(_ table: JSONPositions = JSONPositions()) {
        self.table = table
    }

    static func == (lhs: ContentsPositions, rhs: ContentsPositions) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
