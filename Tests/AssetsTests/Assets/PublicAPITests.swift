import Foundation
import Testing
import TestSupport

/// The products' surface: every public type of the library targets is filed under a topic of its DocC
/// landing page, and a page names no type that is not public. `Assets.md`
/// (`Sources/Assets/Assets.docc`) covers `Assets` and the codecs' and support types it re-exports, linked
/// with their target (` ``/AssetsCodecs/ImageInspector`` `, which resolves in the combined archive of the
/// targets: README, "Library documentation"); `AssetPlaceholders.md` covers the placeholder model, a
/// product of its own. A type made public without a place in the documentation, made `package` while a
/// page still lists it, or linked under the wrong target fails here. The counts of each product's surface
/// are the ones ARCHITECTURE.md gives.
@Suite("Public API and its documentation")
struct PublicAPITests {
    /// Each landing page and the targets whose types it files.
    static let pages: [(page: String, targets: [String])] = [
        ("Sources/Assets/Assets.docc/Assets.md", ["AssetsSupport", "AssetsCodecs", "Assets"]),
        ("Sources/AssetPlaceholders/AssetPlaceholders.docc/AssetPlaceholders.md", ["AssetPlaceholders"]),
    ]

    /// `Target/Name` for each name declared `public` at the top level of the targets' Swift files.
    static func publicTypes(in targets: [String]) throws -> Set<String> {
        let pattern = try Regex(#"^public (?:final )?(?:struct|enum|class|protocol|typealias|actor) ([A-Za-z0-9_]+)"#)
            .anchorsMatchLineEndings()
        var names: Set<String> = []
        for target in targets {
            let folder = PackageRoot.url("Sources/\(target)")
            let walker = try #require(FileManager.default.enumerator(atPath: folder.path))
            while let relative = walker.nextObject() as? String {
                guard relative.hasSuffix(".swift") else { continue }
                let text = try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
                for match in text.matches(of: pattern) {
                    if let name = match.output[1].substring { names.insert("\(target)/\(name)") }
                }
            }
        }
        return names
    }

    /// `Target/Name` for each symbol a landing page's topics link: ` ``Name`` ` is in `home`,
    /// ` ``/AssetsCodecs/Name`` ` in the target it names.
    static func documentedTypes(page path: String, home: String) throws -> Set<String> {
        let page = try String(contentsOf: PackageRoot.url(path), encoding: .utf8)
        let topics = try #require(page.range(of: "## Topics"), "\(path) has no Topics section")
        let links = page[topics.upperBound...].matches(of: try Regex(#"``(?:/([A-Za-z0-9_]+)/)?([A-Za-z0-9_]+)``"#))
        return Set(
            links.compactMap { link -> String? in
                guard let name = link.output[2].substring else { return nil }
                let target = link.output[1].substring.map(String.init) ?? home
                return "\(target)/\(name)"
            })
    }

    @Test(
        "every public type is in a topic group of its landing page, under its target; every listed type is public",
        arguments: pages.map(\.page))
    func topicsCoverTheSurface(page: String) throws {
        // Given the public types of the page's targets and the page's topics
        let targets = try #require(Self.pages.first { $0.page == page }?.targets)
        let surface = try Self.publicTypes(in: targets)
        let documented = try Self.documentedTypes(page: page, home: try #require(targets.last))
        #expect(surface.count > 30, "found only \(surface.count) public types: is the source pattern stale?")

        // Then each public type is filed under a topic, and the page lists nothing else
        #expect(surface.subtracting(documented).sorted() == [], "public but not in \(page)'s topics")
        #expect(documented.subtracting(surface).sorted() == [], "in \(page)'s topics but not public there")
    }

    /// How many public types the targets declare: at the top level, and with the nested ones.
    static func surface(of targets: [String]) throws -> (topLevel: Int, withNested: Int) {
        let nested = try Regex(#"^\s*public (?:final )?(?:indirect )?(?:struct|enum|class|protocol|typealias|actor) [A-Za-z0-9_]+"#)
            .anchorsMatchLineEndings()
        var count = 0
        for target in targets {
            let folder = PackageRoot.url("Sources/\(target)")
            let walker = try #require(FileManager.default.enumerator(atPath: folder.path))
            while let relative = walker.nextObject() as? String {
                guard relative.hasSuffix(".swift") else { continue }
                let text = try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)
                count += text.matches(of: nested).count
            }
        }
        return (try publicTypes(in: targets).count, count)
    }

    @Test("each product's surface is the count ARCHITECTURE.md gives, and the model alone is the smaller")
    func surfaceCounts() throws {
        // Given the public types of each product (Assets re-exports the other three)
        let placeholders = try Self.surface(of: ["AssetPlaceholders"])
        let assets = try Self.surface(of: ["AssetsSupport", "AssetsCodecs", "Assets", "AssetPlaceholders"])
        print("PublicAPITests: import AssetPlaceholders \(placeholders), import Assets \(assets)")

        // Then the model alone is far smaller than the whole library, and ARCHITECTURE.md says the numbers
        #expect(placeholders.topLevel < assets.topLevel / 2 && placeholders.withNested < assets.withNested / 2)
        let architecture = try String(contentsOf: PackageRoot.url("ARCHITECTURE.md"), encoding: .utf8)
        for (product, counts) in [("AssetPlaceholders", placeholders), ("Assets", assets)] {
            #expect(
                architecture.contains("| `import \(product)` | \(counts.topLevel) | \(counts.withNested) |"),
                "ARCHITECTURE.md's surface table is stale for \(product): \(counts)")
        }
    }
}
