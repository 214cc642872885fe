import Foundation
import Testing
import TestSupport

/// The product's surface: every public type of the three library targets is filed under a topic of the
/// DocC landing page (`Sources/Assets/Assets.docc/Assets.md`), and the page names no type that is not
/// public. The codecs' and support types, which `import Assets` re-exports, are linked with their target
/// (` ``/AssetsCodecs/ImageInspector`` `), which resolves in the combined archive of the three targets
/// (README, "Library documentation"). A type made public without a place in the documentation, made
/// `package` while the page still lists it, or linked under the wrong target fails here.
@Suite("Public API and its documentation")
struct PublicAPITests {
    static let libraryTargets = ["AssetsSupport", "AssetsCodecs", "Assets"]

    /// `Target/Name` for each name declared `public` at the top level of a library target's Swift files.
    static func publicTypes() throws -> Set<String> {
        let pattern = try Regex(#"^public (?:final )?(?:struct|enum|class|protocol|typealias|actor) ([A-Za-z0-9_]+)"#)
            .anchorsMatchLineEndings()
        var names: Set<String> = []
        for target in libraryTargets {
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

    /// `Target/Name` for each symbol the landing page's topics link: ` ``Name`` ` is in `Assets`,
    /// ` ``/AssetsCodecs/Name`` ` in the target it names.
    static func documentedTypes() throws -> Set<String> {
        let page = try String(contentsOf: PackageRoot.url("Sources/Assets/Assets.docc/Assets.md"), encoding: .utf8)
        let topics = try #require(page.range(of: "## Topics"), "the landing page has no Topics section")
        let links = page[topics.upperBound...].matches(of: try Regex(#"``(?:/([A-Za-z0-9_]+)/)?([A-Za-z0-9_]+)``"#))
        return Set(links.compactMap { link -> String? in
            guard let name = link.output[2].substring else { return nil }
            let target = link.output[1].substring.map(String.init) ?? "Assets"
            return "\(target)/\(name)"
        })
    }

    @Test("every public type is in a topic group of the landing page, under its target; every listed type is public")
    func topicsCoverTheSurface() throws {
        // Given the public types of the library targets and the landing page's topics
        let surface = try Self.publicTypes()
        let documented = try Self.documentedTypes()
        #expect(surface.count > 50, "found only \(surface.count) public types: is the source pattern stale?")

        // Then each public type is filed under a topic, and the page lists nothing else
        #expect(surface.subtracting(documented).sorted() == [], "public but not in Assets.md's topics")
        #expect(documented.subtracting(surface).sorted() == [], "in Assets.md's topics but not public there")
    }
}
