import Foundation
import Testing
@testable import Assets

/// Real `Assets.car` files from public repositories, read where `ASSETS_CAR_SAMPLES` names a folder that
/// holds them (never committed: Docs/car.md says where each comes from and how to fetch it). The facts
/// were recorded from the files' own bytes (their BOM index, trees and CSI headers, read by a separate
/// script before this reader existed).
@Suite(
    "Compiled catalog: real files",
    .enabled(if: CARSamples.folder != nil, "ASSETS_CAR_SAMPLES is not set: no real Assets.car files to read"))
struct CompiledCatalogSampleTests {
    struct Sample: Sendable, CustomStringConvertible {
        var file: String
        var bytes: Int
        var renditions: Int
        var coreUI: UInt32
        var internalReferences: Int
        var firstName: String
        /// Image renditions whose CSI flags say `template` (bits 3-4 = 1), counted by a separate script.
        var templates: Int = 0
        var description: String { file }
    }

    static let samples: [Sample] = [
        // ghuntley/ServiceNSW.app, Assets.car (Xcode 12.3, thinned for iPhone)
        Sample(
            file: "ghuntley+ServiceNSW.app--Assets.car", bytes: 79_688, renditions: 10, coreUI: 689, internalReferences: 4,
            firstName: "AppIcon"),
        // OpenSourceJailbreaks/H3lix, Assets.car (IBCocoaTouchImageCatalogTool-10.1)
        Sample(
            file: "OpenSourceJailbreaks+H3lix--Assets.car", bytes: 128_824, renditions: 39, coreUI: 498, internalReferences: 23,
            firstName: "ZZZZPackedAsset-1.0.0-gamut0"),
        // thusvill/LiveWallpaperMacOS, Assets.car (Xcode 26.0, macOS: colours, gradients, an SVG)
        Sample(
            file: "thusvill+LiveWallpaperMacOS--Assets.car", bytes: 36_824, renditions: 11, coreUI: 969, internalReferences: 0,
            firstName: "image.svg"),
        // HFSEpayment/EpaySDK.xcframework, ios-arm64 (Xcode 15.2: PDFs, SVGs, packed atlases)
        Sample(
            file: "HFSEpayment+EpaySDK.xcframework--ios-arm64_EpaySDK.framework_Assets.car", bytes: 602_696, renditions: 204, coreUI: 866,
            internalReferences: 150, firstName: "mastercard.pdf"),
        // radzo73/Mojave-Appearances, DarkAquaAppearance.car (macOS 10.14 system appearance: 4,981 renditions, text effects)
        Sample(
            file: "radzo73+Mojave-Appearances--DarkAquaAppearance.car", bytes: 3_989_832, renditions: 4_981, coreUI: 498,
            internalReferences: 4_205, firstName: "CheckBox_CheckBox_Regular.psd"),
        // radzo73/Mojave-Appearances, Assets.car (macOS 10.14's AppKit images: NSImage's *Template names)
        Sample(
            file: "radzo73+Mojave-Appearances--Assets.car", bytes: 3_479_824, renditions: 1_533, coreUI: 498,
            internalReferences: 1_089, firstName: "ZZZZPackedAsset-1.1.0-gamut0", templates: 722),
    ]

    @Test("each file's renditions, header and packed-atlas references", arguments: samples)
    func sample(_ sample: Sample) throws {
        let path = URL(fileURLWithPath: try #require(CARSamples.folder)).appendingPathComponent(sample.file).path
        try #require(FileManager.default.fileExists(atPath: path), "\(sample.file) is not in ASSETS_CAR_SAMPLES")
        // When the file is read
        let car = try CompiledCatalog.read(at: path)
        // Then it holds what its bytes say
        #expect(car.fileSize == sample.bytes)
        #expect(car.renditions.count == sample.renditions)
        #expect(car.header.coreUIVersion == sample.coreUI)
        #expect(car.renditions.first?.renditionName == sample.firstName)
        let references = car.renditions.filter { $0.link != nil }
        #expect(references.count == sample.internalReferences)
        // And every internal reference finds its atlas, and the blocks add up to the file
        #expect(references.allSatisfy { $0.link?.targetName?.hasPrefix("ZZZZPackedAsset") == true })
        // And the template mode: every set AppKit names `...Template` is drawn as a template
        #expect(car.renditions.filter { $0.templateMode == "template" }.count == sample.templates)
        #expect(car.renditions.filter { $0.name?.contains("Template") == true }.allSatisfy { $0.templateMode == "template" })
        #expect(car.renditions.filter { $0.layout == 0x3EC }.reduce(0) { $0 + ($1.atlasMembers ?? 0) } == sample.internalReferences)
        #expect(car.containerBytes > 0)
        #expect(car.renditions.reduce(0) { $0 + $1.sizeOnDisk } + car.containerBytes == sample.bytes)
    }
}

/// Where the real files are (`ASSETS_CAR_SAMPLES`), if anywhere.
enum CARSamples {
    static let folder = ProcessInfo.processInfo.environment["ASSETS_CAR_SAMPLES"]
}
