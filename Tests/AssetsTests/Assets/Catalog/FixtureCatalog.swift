import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport
import TestSupport

/// A catalog folder built on disk by a test, removed when the value is released.
final class FixtureCatalog {
    let root: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-fixture-\(UUID().uuidString)")
        root = base.appendingPathComponent("Fixture.xcassets").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: (root as NSString).deletingLastPathComponent)
    }

    func folder(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: "\(root)/\(path)", withIntermediateDirectories: true)
    }

    func write(_ path: String, _ bytes: [UInt8]) throws {
        let full = "\(root)/\(path)"
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
    }

    func write(_ path: String, _ text: String) throws {
        try write(path, Array(text.utf8))
    }

    func link(_ path: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: "\(root)/\(path)", withDestinationPath: target)
    }

    /// A solid square PNG from the project's encoder.
    static func png(width: Int, height: Int) throws -> [UInt8] {
        let pixels = [UInt8](repeating: 200, count: width * height * 4)
        let image = try #require(RGBAImage(width: width, height: height, pixels: pixels))
        return try PNGEncoder.fast.encode(image)
    }

    /// An image set's Contents.json listing `files` as (filename, scale) at universal idiom.
    static func imageSet(_ files: [(String, String?)]) -> String {
        let entries = files.map { file, scale in
            "{\"filename\": \"\(file)\", \"idiom\": \"universal\"" + (scale.map { ", \"scale\": \"\($0)\"" } ?? "") + "}"
        }
        return "{\"images\": [\(entries.joined(separator: ", "))], \"info\": {\"author\": \"xcode\", \"version\": 1}}"
    }

    /// Reads and validates, with no placeholder names unless asked.
    func validate(_ options: CatalogValidator.Options = .init(placeholders: [])) throws -> CatalogReport {
        try CatalogValidator(options: options).validate(catalogAt: root)
    }
}

/// The corpus of real catalogs, read in place.
enum CatalogCorpus {
    static let folder = PackageRoot.sharedCorpus.appendingPathComponent("catalogs").path

    static var isPresent: Bool { FileManager.default.fileExists(atPath: folder + "/SOURCES.md") }

    static let catalogs = [
        "swiftgen/Food.xcassets", "swiftgen/Files.xcassets", "swiftgen/Styles.xcassets", "swiftgen/Symbols.xcassets",
        "swiftgen/Other.xcassets", "R.swift/Images.xcassets", "R.swift/Images2.xcassets", "R.swift/Media.xcassets",
        "TwitterTextEditor/Assets.xcassets", "NetNewsWire/iOS/Assets.xcassets", "focus-ios/Blockzilla/Assets.xcassets",
        "focus-ios/BlockzillaPackage-DesignSystem/Assets.xcassets", "focus-ios/BlockzillaPackage-DesignSystem/Colors.xcassets",
        "figma-export/Example-UIComponents/Assets.xcassets", "figma-export/ExampleSwiftUI/Assets.xcassets",
    ]

    static func path(_ catalog: String) -> String { "\(folder)/\(catalog)" }
}
