import SwiftParser
import SwiftSyntax
import Testing

@testable import AssetReferences

/// Issue 32 (speed): the scan's parse threads are made once per core, and the tree's depth is measured on the
/// raw tree first; both give what the per-file threads and the node walk gave.
@Suite("References: the parse threads and the tree's depth")
struct ParseThreadTests {
    @Test("the map gives every index's result in index order, each run on a large-stack thread")
    func mapInOrder() {
        for count in [0, 1, 7, 1_000] {
            // Given a count of items
            // When each is mapped on the parse threads, saying whether it ran on one of them
            let results = ParserThread.map(count: count, chunk: 2) { index in (index, ParserThread.onLargeStack) }

            // Then every index comes back once, in order, and every body ran on a marked thread
            #expect(results.map(\.0) == Array(0..<count))
            #expect(results.allSatisfy { $0.1 })
        }
    }

    @Test("a parse inside the map runs on the map's thread, outside it on a thread of its own")
    func runInsideMap() {
        // Given a body that says whether it runs on a marked large-stack thread
        // When it is run from the map's threads and from the test's thread
        let inside = ParserThread.map(count: 4, chunk: 1) { _ in ParserThread.run { ParserThread.onLargeStack } }
        let outside = ParserThread.run { ParserThread.onLargeStack }

        // Then inside the map it stays on the marked thread; outside, its own thread is not marked
        #expect(inside == [true, true, true, true])
        #expect(!outside)
        #expect(!ParserThread.onLargeStack)
    }

    @Test("the depth check finds the first node past a limit where the node walk does, and nil within it")
    func depthAsTheNodeWalk() {
        // Given a small file and the depth of its deepest node
        let source = "let a = f(g(h(x.y.z)))\nstruct S { var b = [1, [2, [3]]] }\n"
        let tree = Parser.parse(source: source)
        var deepest = 0
        var stack: [(Syntax, Int)] = [(Syntax(tree), 0)]
        while let (node, depth) = stack.popLast() {
            deepest = max(deepest, depth)
            for child in node.children(viewMode: .sourceAccurate) { stack.append((child, depth + 1)) }
        }

        // When the check runs with every limit from 0 to past that depth
        // Then each limit below the depth gives the node walk's offset, and the depth itself gives nil
        for limit in 0...(deepest + 1) {
            var expected: Int?
            var walk: [(Syntax, Int)] = [(Syntax(tree), 0)]
            while let (node, depth) = walk.popLast() {
                if depth > limit {
                    expected = node.position.utf8Offset
                    break
                }
                for child in node.children(viewMode: .sourceAccurate) { walk.append((child, depth + 1)) }
            }
            #expect(TreeDepth.firstPast(limit, in: Syntax(tree)) == expected, "limit \(limit)")
            #expect((expected == nil) == (limit >= deepest), "limit \(limit)")
        }
    }
}
