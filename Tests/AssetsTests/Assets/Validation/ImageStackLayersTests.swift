import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

/// `image-stack-layers`: a tvOS `.imagestack` has two to five layers, a visionOS `.solidimagestack` two or three.
@Suite("Image stacks: layer count")
struct ImageStackLayersTests {
    /// A stack of `kind` at `name` with `count` layers, each with one opaque 8x8 PNG.
    static func stack(_ kind: AssetKind, layers count: Int, in fixture: FixtureCatalog, name: String = "Icon") throws {
        let layerKind = kind == .imageStack ? "imagestacklayer" : "solidimagestacklayer"
        let names = (0..<count).map { "Layer\($0).\(layerKind)" }
        let list = names.map { "{ \"filename\" : \"\($0)\" }" }.joined(separator: ", ")
        let info = "\"info\" : { \"author\" : \"xcode\", \"version\" : 1 }"
        try fixture.write("\(name).\(kind.rawValue)/Contents.json", "{\n  \"layers\" : [ \(list) ],\n  \(info)\n}\n")
        for layer in names {
            try fixture.write("\(name).\(kind.rawValue)/\(layer)/Contents.json", "{ \(info) }")
            try fixture.write(
                "\(name).\(kind.rawValue)/\(layer)/Content.imageset/Contents.json", FixtureCatalog.imageSet([("layer.png", "1x")]))
            try fixture.write(
                "\(name).\(kind.rawValue)/\(layer)/Content.imageset/layer.png", try DiagnosticFixtureTests.opaquePNG(8))
        }
    }

    @Test(
        "a stack outside its platform's layer count is one finding on its layers line; within it, none",
        arguments: [
            (AssetKind.imageStack, 1, true), (.imageStack, 2, false), (.imageStack, 5, false), (.imageStack, 6, true),
            (.solidImageStack, 1, true), (.solidImageStack, 2, false), (.solidImageStack, 3, false), (.solidImageStack, 4, true),
        ])
    func layerCount(kind: AssetKind, layers: Int, reported: Bool) throws {
        // Given a stack with that many layers, each with an image
        let fixture = try FixtureCatalog()
        try ImageStackLayersTests.stack(kind, layers: layers, in: fixture)

        // When the catalog is validated
        let report = try fixture.validate()

        // Then only a count outside 2...5 (tvOS) or 2...3 (visionOS) is reported, on the stack's `layers` key (line 2)
        let found = report.diagnostics.filter { $0.code == .imageStackLayers }
        // (the 8-pixel layers are not a visionOS back layer's 1024 pixels: `VisionIconSizeTests` covers that)
        #expect(report.diagnostics.filter { ![.imageStackLayers, .duplicateImage, .scaleMismatch].contains($0.code) }.isEmpty)
        if reported {
            let finding = try #require(found.first)
            #expect(found.count == 1)
            #expect(finding.path == "Icon.\(kind.rawValue)/Contents.json")
            #expect(finding.keyPath == "layers")
            #expect(finding.position?.line == 2)
            #expect(finding.severity == .warning)
            #expect(finding.message.hasPrefix("lists \(layers) layer"))
        } else {
            #expect(found.isEmpty)
        }
    }

    @Test("a layer without an image still counts: Xcode's three-layer template with one left empty is no finding")
    func emptyLayerCounts() throws {
        // Given a visionOS icon of three layers whose middle layer has no file
        let fixture = try FixtureCatalog()
        try ImageStackLayersTests.stack(.solidImageStack, layers: 3, in: fixture)
        let middle = "Icon.solidimagestack/Layer1.solidimagestacklayer/Content.imageset"
        try FileManager.default.removeItem(atPath: "\(fixture.root)/\(middle)/layer.png")
        try fixture.write(
            "\(middle)/Contents.json",
            "{\"images\": [{\"idiom\": \"vision\", \"scale\": \"2x\"}], \"info\": {\"author\": \"xcode\", \"version\": 1}}")

        // When it is validated
        let report = try fixture.validate()

        // Then nothing is reported
        #expect(report.diagnostics.filter { ![.duplicateImage, .scaleMismatch].contains($0.code) }.isEmpty)
    }
}
