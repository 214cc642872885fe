import Foundation
import Testing
import TestSupport

@Suite("asset-tool car")
struct CarCommandTests {
    @Test("car info lists the header and every rendition, as text and as JSON that conforms")
    func info() throws {
        // Given a compiled catalog made from scratch
        let scratch = try ScratchFolder()
        let car = try scratch.write(CARFixture.catalog(), to: "Assets.car")
        // When it is listed as text
        let text = try CLIRun.run(["car", "info", car])
        // Then the header and the renditions are there, the atlas member with its crop
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("7 renditions"))
        #expect(text.stdout.contains("compiled by: Xcode 12.3 (12C33) via IBCocoaTouchImageCatalogTool"))
        #expect(text.stdout.contains("deployment target: ios 15.0"))
        #expect(text.stdout.contains("AppIcon  icon-60@2x.png  internal-reference  phone  @2x  60x60  ARGB  original  in ZZZZPackedAsset-2.0.0-gamut0 at 2,4 60x60"))
        #expect(text.stdout.contains("Logo  logo@2x.png  image  universal  @2x  64x32  ARGB  lzfse  template  "))
        #expect(text.stdout.contains("-  ZZZZPackedAsset-2.0.0-gamut0  packed-image  phone  @2x  128x64  ARGB  lzfse  atlas of 1  "))
        #expect(text.stdout.contains("Brand  Brand  color  universal  @1x  colour(0.250, 0.500, 0.750, 1.000)"))
        // And as JSON it conforms to its schema
        let json = try SchemaConformanceTests.expectConforms(["car", "info", car, "--format", "json"], to: "car-info")
        guard case let .object(top) = json, case let .array(renditions)? = top["renditions"] else {
            Issue.record("car info --format json is an object with renditions")
            return
        }
        #expect(renditions.count == 7)
        guard case let .object(logo) = renditions[4], case let .object(atlas) = renditions[0] else {
            Issue.record("renditions are objects")
            return
        }
        #expect(logo["template_mode"] == .string("template"))
        #expect(atlas["template_mode"] == .null)
        #expect(atlas["atlas_members"] == .integer(1))
        try SchemaConformanceTests.expectConforms(["car", "info", car, "--format", "json", "--no-digest"], to: "car-info")
    }

    @Test("car diff conforms, and a damaged file is exit 66 naming the offset")
    func diffAndDamage() throws {
        let scratch = try ScratchFolder()
        let car = try scratch.write(CARFixture.catalog(), to: "a.car")
        let other = try scratch.write(CARFixture.catalog(split: false), to: "b.car")
        try SchemaConformanceTests.expectConforms(["car", "diff", car, other, "--format", "json"], to: "car-diff")
        let text = try CLIRun.run(["car", "diff", car, other])
        #expect(text.stdout.contains("0 added, 0 removed, 0 changed, 7 unchanged"))
        // Given a file cut short
        let cut = try scratch.write(Array(CARFixture.catalog().prefix(600)), to: "cut.car")
        let result = try CLIRun.run(["car", "info", cut])
        #expect(result.status == 66)
        #expect(result.stderr.contains("cut.car: error: block index at offset"))
    }
}
