import Foundation
import Testing
@testable import Assets
@testable import AssetsSupport
import TestSupport

/// `VariantResolver.catalog(at:forResolving:)` reads only the candidate sets (and the groups' namespaces);
/// resolving on what it reads must answer exactly as on the whole catalog, trace included.
@Suite("Resolving one name reads only its sets")
struct NarrowReadTests {
    static let shipped = PackageRoot.url("Assets.catalog").path

    /// Every set's name, a case-changed copy of each, and a name that is not there, answered both ways.
    static func expectSameAnswers(in root: String, also: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let whole = try AssetCatalog.read(at: root)
        let resolver = VariantResolver(catalog: whole)
        var names = Set(whole.assets.map(\.name))
        names.formUnion(whole.assets.map { $0.name.uppercased() })
        names.insert("no/such/set")
        names.formUnion(also)
        for name in names.sorted() {
            let narrow = try VariantResolver.catalog(at: root, forResolving: name)
            #expect(narrow.assets.count <= whole.assets.count, sourceLocation: sourceLocation)
            for query in [VariantQuery.iPhone, VariantQuery(scale: .two, appearance: .dark, idiom: .pad, layoutDirection: .rightToLeft)] {
                let expected = resolver.resolve(name, for: query)
                let answer = VariantResolver(catalog: narrow).resolve(name, for: query)
                #expect(answer.reportJSON.rendered() == expected.reportJSON.rendered(), "\(root): \(name)", sourceLocation: sourceLocation)
                #expect(answer.reportText == expected.reportText, "\(root): \(name)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("namespaces, a name used twice, names that differ only in case, other set kinds")
    func fixture() throws {
        // Given a catalog with a namespace group, a plain group, a set name used twice and case twins
        let catalog = try FixtureCatalog()
        let png = try FixtureCatalog.png(width: 2, height: 2)
        try catalog.write("Icons/Contents.json", #"{"properties": {"provides-namespace": true}}"#)
        try catalog.write("Plain/Contents.json", #"{"info": {"author": "xcode", "version": 1}}"#)
        for set in ["Icons/arrow.imageset", "Plain/arrow.imageset", "Plain/Arrow.imageset", "arrow.imageset"] {
            try catalog.write("\(set)/a.png", png)
            try catalog.write("\(set)/Contents.json", FixtureCatalog.imageSet([("a.png", "2x")]))
        }
        try catalog.write(
            "tint.colorset/Contents.json",
            #"{"colors": [{"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "1", "green": "0", "blue": "0", "alpha": "1"}}}]}"#
        )
        try catalog.write("Icons/Ünïcode.imageset/Contents.json", FixtureCatalog.imageSet([("a.png", nil)]))
        try catalog.write("Icons/Ünïcode.imageset/a.png", png)

        // When each name is resolved from the narrow read and from the whole catalog, then the answers agree
        try Self.expectSameAnswers(in: catalog.root)
        // and the narrow read of "arrow" holds only the three sets that are "arrow" apart from case
        let narrow = try VariantResolver.catalog(at: catalog.root, forResolving: "arrow")
        #expect(Set(narrow.assets.map(\.path)) == ["Plain/arrow.imageset", "Plain/Arrow.imageset", "arrow.imageset"])
        #expect(
            Set(try VariantResolver.catalog(at: catalog.root, forResolving: "Icons/ÜNÏCODE").assets.map(\.path))
                == ["Icons/Ünïcode.imageset"])
    }

    @Test("nested namespaces, sprite atlases and containers: groups with another namespace are not walked")
    func namespaces() throws {
        // Given namespaces two deep, a namespace group the name lacks, a sprite atlas, an image stack and
        // a group whose provides-namespace is not a boolean
        let catalog = try FixtureCatalog()
        let png = try FixtureCatalog.png(width: 2, height: 2)
        let namespace = #"{"properties": {"provides-namespace": true}}"#
        try catalog.write("Icons/Contents.json", namespace)
        try catalog.write("Icons/Small/Contents.json", namespace)
        try catalog.write("Icons/Plain/Contents.json", "{}")
        try catalog.write("Other/Contents.json", namespace)
        try catalog.write("Other/Deep/Contents.json", "{}")
        try catalog.write("Odd/Contents.json", #"{"properties": {"provides-namespace": "yes"}}"#)
        for set in [
            "Icons/Small/arrow.imageset", "Icons/Plain/arrow.imageset", "Other/Deep/arrow.imageset",
            "Odd/ARROW.imageset", "Sprites.spriteatlas/arrow.imageset", "Icons/Small/Icons.imageset",
        ] {
            try catalog.write("\(set)/a.png", png)
            try catalog.write("\(set)/Contents.json", FixtureCatalog.imageSet([("a.png", "2x")]))
        }
        try catalog.write("Stack.imagestack/Contents.json", #"{"layers": [{"filename": "Front.imagestacklayer"}]}"#)
        try catalog.write("Stack.imagestack/Front.imagestacklayer/Contents.json", "{}")
        try catalog.write(
            "Stack.imagestack/Front.imagestacklayer/Content.imageset/Contents.json", FixtureCatalog.imageSet([("a.png", nil)]))
        try catalog.write("Stack.imagestack/Front.imagestacklayer/Content.imageset/a.png", png)

        // When each name is resolved from the narrow read and from the whole catalog, then the answers agree
        try Self.expectSameAnswers(
            in: catalog.root,
            also: [
                "icons/small/ARROW", "Icons/arrow", "Icons/Small", "Sprites/arrow",
                "Stack/Front/Content", "Icons/Small/arrow/x", "/arrow", "Icons//arrow",
            ])
        // and a name under `Icons/Small` walks neither `Other` nor the sprite atlas, whose namespaces it lacks
        let narrow = try VariantResolver.catalog(at: catalog.root, forResolving: "Icons/Small/arrow")
        #expect(narrow.assets.map(\.path) == ["Icons/Small/arrow.imageset"])
        #expect(!narrow.groups.contains { $0.path == "Other/Deep" || $0.path.hasPrefix("Sprites") })
        #expect(narrow.groups.contains { $0.path == "Icons/Small" })
        // while a name in the namespace walks the plain group in it, and the plain name the group whose
        // provides-namespace is not a boolean
        #expect(
            try VariantResolver.catalog(at: catalog.root, forResolving: "Icons/arrow").assets.map(\.path)
                == ["Icons/Plain/arrow.imageset"])
        #expect(try VariantResolver.catalog(at: catalog.root, forResolving: "arrow").assets.map(\.path) == ["Odd/ARROW.imageset"])
    }

    @Test("a link into a group the narrow walk leaves answers as the whole walk")
    func linkIntoLeftGroup() throws {
        // Given a set in a plain group inside a namespace group, and a link at the top to that plain group
        // (the whole walk reads the group at its own path, under the namespace, and does not follow the link)
        let catalog = try FixtureCatalog()
        let png = try FixtureCatalog.png(width: 2, height: 2)
        try catalog.write("Icons/Contents.json", #"{"properties": {"provides-namespace": true}}"#)
        try catalog.write("Icons/Sub/arrow.imageset/a.png", png)
        try catalog.write("Icons/Sub/arrow.imageset/Contents.json", FixtureCatalog.imageSet([("a.png", "2x")]))
        try catalog.link("Alias", to: "Icons/Sub")

        // When "arrow" (named so only through the link) is resolved both ways, then both say it is not there
        try Self.expectSameAnswers(in: catalog.root, also: ["arrow", "Alias/arrow"])
        let answer = VariantResolver(catalog: try VariantResolver.catalog(at: catalog.root, forResolving: "arrow")).resolve("arrow")
        #expect(!answer.isResolved)
    }

    @Test("a folder of many groups, listed ahead on every core: the same read as on one thread")
    func groupsListedAhead() throws {
        // Given a catalog whose top folder holds twelve plain groups, three namespace groups, a group nested in
        // a plain group, a folder with a dot (a set folder of an unknown kind) and a link to a group
        let catalog = try FixtureCatalog()
        let png = try FixtureCatalog.png(width: 2, height: 2)
        for group in 0..<12 {
            try catalog.write("Group\(group)/Contents.json", "{}")
            try catalog.write("Group\(group)/set\(group).imageset/a.png", png)
            try catalog.write("Group\(group)/set\(group).imageset/Contents.json", FixtureCatalog.imageSet([("a.png", "2x")]))
        }
        for space in ["Alpha", "Beta", "Gamma"] {
            try catalog.write("\(space)/Contents.json", #"{"properties": {"provides-namespace": true}}"#)
            try catalog.write("\(space)/arrow.imageset/a.png", png)
            try catalog.write("\(space)/arrow.imageset/Contents.json", FixtureCatalog.imageSet([("a.png", "2x")]))
        }
        try catalog.write("Group7/Inner/Contents.json", "{}")
        try catalog.write("Group7/Inner/arrow.imageset/a.png", png)
        try catalog.write("Group7/Inner/arrow.imageset/Contents.json", FixtureCatalog.imageSet([("a.png", "1x")]))
        try catalog.write("Odd.thing/Contents.json", "{}")
        try catalog.link("Alias", to: "Group3")

        // When names are resolved from the narrow read and from the whole catalog, then the answers agree
        try Self.expectSameAnswers(in: catalog.root, also: ["arrow", "Beta/arrow", "ARROW", "Group7/arrow", "set3"])
        // and the narrow read on two threads (the groups listed ahead) is the one on one thread
        for name in ["arrow", "Beta/arrow", "set11", "Alias/set3", "missing"] {
            let two = try VariantResolver.catalog(at: catalog.root, forResolving: name, limits: CatalogLimits(threads: 2))
            let one = try VariantResolver.catalog(at: catalog.root, forResolving: name, limits: CatalogLimits(threads: 1))
            #expect(two == one, "\(name)")
        }
        #expect(
            try VariantResolver.catalog(at: catalog.root, forResolving: "arrow", limits: CatalogLimits(threads: 2)).assets.map(\.path)
                == ["Group7/Inner/arrow.imageset"])
    }

    @Test("the byte test on a listing entry keeps every entry the walk would look at")
    func byteTest() throws {
        // Given names with and without extensions, cases, containers, hidden and non-ASCII names
        let entries = [
            "arrow.imageset", "ARROW.imageset", "Arrow.colorset", "arrow.", "arrow", "arrows.imageset",
            "arro.imageset", "a.rrow.imageset", ".arrow.imageset", "Other.imageset", "Other.spriteatlas",
            "Other.imagestack", "Other.complicationset", "Other.unknownkind", "Contents.json", "Ünïcode.imageset",
            "\u{212A}.imageset", "K.imageset", "k.dataset", "arrow.imageset.imageset", "Ä.imageset", "ä.imageset",
        ]
        let types: [CatalogFileSystem.EntryType] = [.directory, .file, .symlink, .other, .special]
        for wanted in ["arrow", "Icons/ARROW", "\u{212A}", "k", "Ä", "Ünïcode", "Icons/"] {
            let name = CatalogReader.WantedName(wanted)
            for entry in entries {
                for type in types {
                    let kept = Array(entry.utf8).withUnsafeBytes { name.mayMatter($0, type) }
                    // What the walk does with the entry by its string (CatalogReader.walkGroup).
                    let (base, ext) = CatalogReader.split(entry)
                    let looked =
                        entry == "Contents.json"
                        || (!entry.hasPrefix(".") && type != .file && type != .special
                            && (ext == nil || ext == "spriteatlas" || AssetKind(rawValue: ext ?? "")?.holdsSets == true
                                || name.acceptsBase(base)))
                    if looked { #expect(kept, "\(wanted): \(entry) as \(type)") }
                    // Files, hidden names and ASCII set folders of another name are dropped.
                    if type == .file || type == .special { #expect(kept == (entry == "Contents.json"), "\(wanted): \(entry) as \(type)") }
                    if entry.hasPrefix(".") { #expect(!kept) }
                }
            }
        }
        #expect(Array("Arrow.imageset".utf8).withUnsafeBytes { CatalogReader.WantedName("arrow").mayMatter($0, .directory) })
        #expect(!Array("Other.imageset".utf8).withUnsafeBytes { CatalogReader.WantedName("arrow").mayMatter($0, .directory) })
    }

    @Test("the shipped example catalog")
    func shipped() throws {
        try Self.expectSameAnswers(in: Self.shipped)
    }

    @Test("the corpus catalogs, read in place", .enabled(if: corpusPresent, "../shared/corpus is absent"))
    func corpus() throws {
        let found = try CatalogDiscovery.catalogs(under: corpusCatalogs.path)
        #expect(!found.isEmpty)
        for root in found { try Self.expectSameAnswers(in: root) }
    }
}
