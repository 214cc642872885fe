import Foundation
import Testing
@testable import Assets
import TestSupport

@Suite("Compiled catalog: size per set (size --car)")
struct CompiledCatalogCostTests {
    @Test("each set's own bytes, an atlas's bytes given to its members by crop area, payloads stored twice, sets no source explains")
    func costs() throws {
        // Given the fixture with a payload stored twice (Logo @2x and Terms @1x)
        let car = try CompiledCatalogTests.read(CARFixture.catalog(duplicate: true))
        let atlas = try #require(car.renditions.first { $0.layout == 0x3EC })
        // When it is costed against a source catalog that has AppIcon, Brand and Logo but not Terms
        let cost = CompiledCatalogCost(car, sourceSetPaths: ["AppIcon.appiconset", "Brand.colorset", "Icons/Logo.imageset"])
        // Then the atlas's only member (AppIcon's 60x60 crop) carries all of its bytes, marked as an estimate
        let appIcon = try #require(cost.sets.first { $0.name == "AppIcon" })
        #expect(appIcon.atlasBytes == atlas.sizeOnDisk)
        #expect(appIcon.renditions == 2)
        #expect(cost.estimated)
        #expect(cost.unattributedAtlasBytes == 0)
        // And sets, atlases and container add up to the file
        #expect(cost.sets.reduce(0) { $0 + $1.bytes } + cost.unattributedAtlasBytes + cost.containerBytes == car.fileSize)
        #expect(cost.sets.map(\.name).sorted() == ["AppIcon", "Brand", "Logo", "Terms"])
        // And the payload stored twice is one duplicate, its copy's bytes wasted
        #expect(cost.duplicates.count == 1)
        #expect(cost.duplicates.first?.holders == ["Logo", "Terms"])
        #expect(cost.duplicates.first?.wasted == 36)
        // And Terms is explained by no source set; without a source catalog nothing is judged
        #expect(cost.unexplained == ["Terms"])
        #expect(CompiledCatalogCost(car).unexplained == nil)
    }

    @Test("two atlas members share its bytes in proportion to their crops' areas")
    func shares() throws {
        #expect(CompiledCatalogCost.names(ofSetPath: "A/B/logo.imageset") == ["logo", "B/logo", "A/B/logo"])
        // Given a listing whose atlas of 1,000 bytes has members cropping 30x10 and 10x10
        var car = try CompiledCatalogTests.read(CARFixture.catalog())
        let atlasIndex = try #require(car.renditions.firstIndex { $0.layout == 0x3EC })
        let memberIndex = try #require(car.renditions.firstIndex { $0.link != nil })
        car.renditions[atlasIndex].sizeOnDisk = 1_000
        var second = car.renditions[memberIndex]
        second.name = "Other"
        car.renditions[memberIndex].link?.width = 30
        car.renditions[memberIndex].link?.height = 10
        second.link?.width = 10
        second.link?.height = 10
        car.renditions.append(second)
        // When it is costed
        let cost = CompiledCatalogCost(car)
        // Then the shares are 750 and 250 bytes
        #expect(cost.sets.first { $0.name == "AppIcon" }?.atlasBytes == 750)
        #expect(cost.sets.first { $0.name == "Other" }?.atlasBytes == 250)
    }
}
