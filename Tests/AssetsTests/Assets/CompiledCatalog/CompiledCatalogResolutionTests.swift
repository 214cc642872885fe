import Foundation
import Testing
@testable import Assets
import TestSupport

@Suite("Compiled catalog: resolve NAME --car")
struct CompiledCatalogResolutionTests {
    /// The source set the fixture's Logo renditions were compiled from: one universal 2x, one dark 2x.
    static let source = Asset(
        name: "Logo", kind: .imageSet, path: "Assets.xcassets/Logo.imageset",
        entries: [
            ImageEntry(filename: "logo@2x.png", idiom: "universal", scale: "2x"),
            ImageEntry(
                filename: "logo-dark@2x.png", idiom: "universal", scale: "2x",
                appearances: [AppearanceTrait(appearance: "luminosity", value: "dark")]),
        ])

    static let queries: [VariantQuery] = [
        VariantQuery(), VariantQuery(scale: .one), VariantQuery(appearance: .dark), VariantQuery(appearance: .dark, idiom: .pad),
        VariantQuery(highContrast: true), VariantQuery(appearance: .dark, highContrast: true, idiom: .tv),
    ]

    @Test("source and compiled resolution choose the same image for every query", arguments: queries)
    func agree(_ query: VariantQuery) throws {
        // Given the compiled fixture and the source set it holds
        let car = try CompiledCatalogTests.read(CARFixture.catalog())
        // When both are resolved for the same traits
        let compiled = car.resolve("Logo", for: query)
        let source = VariantResolver.resolve(in: Self.source, for: query)
        // Then both choose the same file, with the same reasons (the last line names the file by its path)
        #expect(compiled.entry?.filename != nil)
        #expect(compiled.entry?.filename == source.entry?.filename)
        #expect(compiled.trace.dropLast() == source.trace.dropLast())
    }

    @Test("dark chooses the dark rendition; a colour or an unknown name says why nothing is chosen")
    func answers() throws {
        let car = try CompiledCatalogTests.read(CARFixture.catalog())
        #expect(car.resolve("Logo", for: VariantQuery(appearance: .dark)).entry?.filename == "logo-dark@2x.png")
        #expect(car.resolve("Logo").entry?.filename == "logo@2x.png")
        let colour = car.resolve("Brand")
        #expect(colour.entry == nil)
        #expect(colour.trace.first?.contains("has no image rendition") == true)
        #expect(car.resolve("Nope").trace.first?.contains("no set named Nope") == true)
    }
}
