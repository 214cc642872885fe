import Foundation
import Testing
import Assets
import TestSupport

@Suite("asset-tool car")
struct CarCommandTests {
    /// A source catalog `Source.xcassets` in `scratch` holding only the colour set Brand (one of the fixture car's sets).
    static func brandOnlyCatalog(in scratch: ScratchFolder) throws -> URL {
        let source = scratch.url.appendingPathComponent("Source.xcassets")
        try FileManager.default.createDirectory(at: source.appendingPathComponent("Brand.colorset"), withIntermediateDirectories: true)
        _ = try scratch.write(Array(#"{"info":{"author":"xcode","version":1}}"#.utf8), to: "Source.xcassets/Contents.json")
        _ = try scratch.write(
            Array(
                #"{"colors":[{"color":{"color-space":"srgb","components":{"red":"0.250","green":"0.500","blue":"0.750","alpha":"1.000"}},"idiom":"universal"}],"info":{"author":"xcode","version":1}}"#
                    .utf8),
            to: "Source.xcassets/Brand.colorset/Contents.json")
        return source
    }

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
        #expect(
            text.stdout.contains(
                "AppIcon  icon-60@2x.png  internal-reference  phone  @2x  60x60  ARGB  original  in ZZZZPackedAsset-2.0.0-gamut0 at 2,4 60x60"
            ))
        #expect(text.stdout.contains("Logo  logo@2x.png  image  universal  @2x  64x32  ARGB  lzfse  template  "))
        #expect(text.stdout.contains("-  ZZZZPackedAsset-2.0.0-gamut0  packed-image  phone  @2x  128x64  ARGB  lzfse  atlas of 1  "))
        #expect(text.stdout.contains("Brand  Brand  color  universal  @1x  colour(0.250, 0.500, 0.750, 1.000)"))
        // And as JSON it conforms to its schema
        let json = try SchemaConformanceTests.expectConforms(["car", "info", car, "--format", "json"], to: "car-info")
        guard case .object(let top) = json, case .array(let renditions)? = top["renditions"] else {
            Issue.record("car info --format json is an object with renditions")
            return
        }
        #expect(renditions.count == 7)
        guard case .object(let logo) = renditions[4], case .object(let atlas) = renditions[0] else {
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

    @Test("size --car: each set's shipped bytes, duplicates and sets no source explains, as text and as JSON that conforms")
    func sizeCar() throws {
        // Given a compiled catalog with a payload stored twice and a source catalog holding only Brand
        let scratch = try ScratchFolder()
        let car = try scratch.write(CARFixture.catalog(duplicate: true), to: "Assets.car")
        let source = try Self.brandOnlyCatalog(in: scratch)
        // When only the compiled catalog is sized (no catalog here)
        let alone = try CLIRun.run(["size", "--car", car], in: scratch.url)
        // Then each set's bytes are listed, the atlas share marked as an estimate, and the duplicate named
        #expect(alone.status == 0, "\(alone.stderr)")
        #expect(alone.stdout.contains("atlas shares are estimates"))
        #expect(alone.stdout.contains("~ AppIcon"))
        #expect(alone.stdout.contains("36 bytes: 2 copies of 36 bytes in Logo, Terms"))
        #expect(!alone.stdout.contains("in no source set"))
        // And with the source catalog, the sets it does not hold are named; the JSON conforms
        let both = try CLIRun.run(["size", source.path, "--car", car])
        #expect(both.status == 0, "\(both.stderr)")
        #expect(both.stdout.contains("in no source set: AppIcon, Logo, Terms"))
        try SchemaConformanceTests.expectConforms(["size", source.path, "--car", car, "--format", "json"], to: "size")
        // And a damaged car is exit 66
        let cut = try scratch.write(Array(CARFixture.catalog().prefix(600)), to: "cut.car")
        #expect(try CLIRun.run(["size", "--car", cut], in: scratch.url).status == 66)
    }

    @Test("report --car: a Shipped section with size --car's bytes per set on a treemap; an unreadable car is exit 66, no page")
    func reportCar() throws {
        // Given the compiled catalog and a source catalog holding only Brand
        let scratch = try ScratchFolder()
        let car = try scratch.write(CARFixture.catalog(duplicate: true), to: "Assets.car")
        let source = try Self.brandOnlyCatalog(in: scratch)
        let page = scratch.url.appendingPathComponent("page.html").path
        // When the report is drawn with the car
        let run = try CLIRun.run(["report", source.path, "--car", car, "-o", page])
        #expect(run.status == 0, "\(run.stderr)")
        let html = String(decoding: try scratch.bytes("page.html"), as: UTF8.self)
        // Then its Shipped section draws each set with the bytes size --car gives it
        let sized = try CLIRun.run(["size", source.path, "--car", car, "--format", "json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(sized.stdout.utf8)) as? [String: Any])
        let sets = try #require((json["car"] as? [String: Any])?["sets"] as? [[String: Any]])
        #expect(!sets.isEmpty)
        for set in sets {
            let name = try #require(set["name"] as? String)
            let bytes = try #require(set["bytes"] as? Int)
            #expect(html.contains("data-path=\"\(name)\" data-bytes=\"\(bytes)\""), "\(name) \(bytes)")
        }
        #expect(html.contains("<section class=\"size-map shipped\" id=\"shipped\">"))
        #expect(html.contains("In the app but in no set of this catalog: <code>AppIcon</code>, <code>Logo</code>, <code>Terms</code>"))
        #expect(html.components(separatedBy: "id=\"shipped-treemap-title\"").count == 2)
        // And a damaged car stops the command before any page is written
        let cut = try scratch.write(Array(CARFixture.catalog().prefix(600)), to: "cut.car")
        let other = scratch.url.appendingPathComponent("other.html").path
        #expect(try CLIRun.run(["report", source.path, "--car", cut, "-o", other]).status == 66)
        #expect(try !scratch.names().contains("other.html"))
    }

    @Test("resolve NAME --car: the compiled rendition for the traits, with the source resolver's trace; JSON conforms")
    func resolveCar() throws {
        let scratch = try ScratchFolder()
        let car = try scratch.write(CARFixture.catalog(), to: "Assets.car")
        // When the Logo is resolved for a dark iPhone
        let dark = try CLIRun.run(["resolve", "Logo", "--car", car, "--appearance", "dark"])
        // Then the dark rendition is chosen
        #expect(dark.status == 0, "\(dark.stderr)")
        #expect(dark.stdout.contains("logo-dark@2x.png"))
        try SchemaConformanceTests.expectConforms(["resolve", "Logo", "--car", car, "--format", "json"], to: "resolve")
        // And a name the car does not hold is exit 1
        #expect(try CLIRun.run(["resolve", "Nope", "--car", car]).status == 1)
    }

    @Test("car extract writes a PDF stored plain, atomically and not over a file; undecodable pixels say so")
    func extract() throws {
        let scratch = try ScratchFolder()
        let car = try scratch.write(CARFixture.catalog(), to: "Assets.car")
        let output = scratch.url.appendingPathComponent("terms.pdf").path
        // When the Terms set (a PDF stored as uncompressed raw data) is extracted
        let written = try CLIRun.run(["car", "extract", car, "Terms", "-o", output])
        // Then the file holds the PDF's bytes, and a second run without --force leaves it
        #expect(written.status == 0, "\(written.stderr)")
        #expect(try scratch.bytes("terms.pdf") == Array("%PDF-1.3".utf8))
        #expect(try CLIRun.run(["car", "extract", car, "Terms", "-o", output]).status == 1)
        // And the Logo (bytes that claim LZFSE and are not) is not decoded: exit 1, one line, nothing written
        let logo = try CLIRun.run(["car", "extract", car, "Logo", "-o", scratch.url.appendingPathComponent("logo.png").path])
        #expect(logo.status == 1)
        #expect(logo.stderr.contains("logo@2x.png: not decoded"))
        #expect(logo.stderr.split(separator: "\n").count == 1)
        #expect(try !scratch.names().contains("logo.png"))
    }

    @Test("car extract writes an image's pixels as PNG: an atlas member's crop, or the rendition --rendition names")
    func extractPixels() throws {
        let scratch = try ScratchFolder()
        let car = try scratch.write(try CARPixelFixture.catalog(), to: "Assets.car")
        // When the Icon (a 4x3 member of a packed atlas) and the Photo (gzip pixels, named by --rendition) are extracted
        let icon = try CLIRun.run([
            "car", "extract", car, "Icon", "--idiom", "phone", "-o", scratch.url.appendingPathComponent("icon.png").path,
        ])
        let photo = try CLIRun.run([
            "car", "extract", car, "Photo", "--rendition", "photo@2x.png",
            "-o", scratch.url.appendingPathComponent("photo.png").path,
        ])
        // Then each is a PNG of the stored pixels, unpremultiplied, and says what it decoded
        #expect(icon.status == 0, "\(icon.stderr)")
        #expect(icon.stdout.contains("icon@2x.png (cropped from its packed atlas, written as PNG)"))
        let iconImage = try ImageInspector.decode(file: scratch.url.appendingPathComponent("icon.png").path).image
        #expect(iconImage.width == 4 && iconImage.height == 3)
        #expect(
            iconImage.pixels == (2..<5).flatMap { y in (2..<6).flatMap { x in CARPixelFixture.straight(CARPixelFixture.atlasPixel(x, y)) } }
        )
        #expect(photo.status == 0, "\(photo.stderr)")
        #expect(photo.stdout.contains("(ARGB zip, written as PNG)"))
        // And a rendition the set does not have is exit 1
        let missing = try CLIRun.run([
            "car", "extract", car, "Photo", "--rendition", "nope.png", "-o", scratch.url.appendingPathComponent("x.png").path,
        ])
        #expect(missing.status == 1 && missing.stderr.contains("Photo has no rendition nope.png"))
    }
}
