import Foundation
import Testing
@testable import Assets
import TestSupport

/// `VariantResolver.catalog(at:forResolving:)` reads only the candidate sets (and the groups' namespaces);
/// resolving on what it reads must answer exactly as on the whole catalog, trace included.
@Suite("Resolving one name reads only its sets")
struct NarrowReadTests {
    static let shipped = PackageRoot.url("Assets.catalog").path

    /// Every set's name, a case-changed copy of each, and a name that is not there, answered both ways.
    static func expectSameAnswers(in root: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let whole = try AssetCatalog.read(at: root)
        let resolver = VariantResolver(catalog: whole)
        var names = Set(whole.assets.map(\.name))
        names.formUnion(whole.assets.map { $0.name.uppercased() })
        names.insert("no/such/set")
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
        try catalog.write("tint.colorset/Contents.json", #"{"colors": [{"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "1", "green": "0", "blue": "0", "alpha": "1"}}}]}"#)
        try catalog.write("Icons/Ünïcode.imageset/Contents.json", FixtureCatalog.imageSet([("a.png", nil)]))
        try catalog.write("Icons/Ünïcode.imageset/a.png", png)

        // When each name is resolved from the narrow read and from the whole catalog, then the answers agree
        try Self.expectSameAnswers(in: catalog.root)
        // and the narrow read of "arrow" holds only the three sets that are "arrow" apart from case
        let narrow = try VariantResolver.catalog(at: catalog.root, forResolving: "arrow")
        #expect(Set(narrow.assets.map(\.path)) == ["Plain/arrow.imageset", "Plain/Arrow.imageset", "arrow.imageset"])
        #expect(Set(try VariantResolver.catalog(at: catalog.root, forResolving: "Icons/ÜNÏCODE").assets.map(\.path))
                == ["Icons/Ünïcode.imageset"])
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
