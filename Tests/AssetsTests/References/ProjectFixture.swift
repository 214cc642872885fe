import Foundation
@testable import AssetReferences
@testable import Assets
@testable import AssetsSupport

/// A project folder built on disk by a test (sources, catalogs, settings), removed when released.
final class ProjectFixture {
    let root: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("refs-fixture-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    func write(_ path: String, _ text: String) throws {
        try write(path, Array(text.utf8))
    }

    func write(_ path: String, _ bytes: [UInt8]) throws {
        let full = "\(root)/\(path)"
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
    }

    /// An image set (with a 1x file entry; the file is not needed to be named).
    func imageSet(_ name: String, in catalog: String = "App/Assets.xcassets") throws {
        try write(
            "\(catalog)/\(name).imageset/Contents.json",
            #"{"images": [{"filename": "a.png", "idiom": "universal", "scale": "1x"}], "info": {"author": "xcode", "version": 1}}"#)
    }

    func colorSet(_ name: String, in catalog: String = "App/Assets.xcassets") throws {
        try write(
            "\(catalog)/\(name).colorset/Contents.json",
            #"{"colors": [{"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "1.000", "green": "0.000", "blue": "0.000", "alpha": "1.000"}}}], "info": {"author": "xcode", "version": 1}}"#
        )
    }

    func dataSet(_ name: String, in catalog: String = "App/Assets.xcassets") throws {
        try write(
            "\(catalog)/\(name).dataset/Contents.json",
            #"{"data": [{"filename": "d.json", "idiom": "universal"}], "info": {"author": "xcode", "version": 1}}"#)
    }

    func appIconSet(_ name: String, in catalog: String = "App/Assets.xcassets") throws {
        try write(
            "\(catalog)/\(name).appiconset/Contents.json",
            #"{"images": [{"filename": "i.png", "idiom": "universal", "platform": "ios", "size": "1024x1024"}], "info": {"author": "xcode", "version": 1}}"#
        )
    }

    func scan(dynamicNames: [String] = [], maxParsedBytes: Int? = nil) throws -> (scan: ReferenceScan, findings: ReferenceFindings) {
        var options = ReferenceScan.Options()
        options.dynamicNames = dynamicNames
        if let maxParsedBytes { options.maxParsedBytes = maxParsedBytes }
        let scan = try ReferenceScan.run(project: root, options: options)
        return (scan, ReferenceFindings(scan))
    }
}

extension ReferenceFindings {
    func findings(_ code: CatalogDiagnostic.Code) -> [CatalogDiagnostic] { diagnostics.filter { $0.code == code } }

    /// The set names (last path part, without extension) reported unused.
    var unusedNames: Set<String> {
        Set(
            findings(.unusedAsset).compactMap {
                // The folder's name less its kind's extension (`arrow.triangle.2.circlepath.imageset`).
                $0.relatedSet?.setPath.split(separator: "/").last.map { String($0[..<($0.lastIndex(of: ".") ?? $0.endIndex)]) }
            })
    }

    /// The names reported missing, from their messages.
    var missingNames: [String] {
        findings(.missingAsset).compactMap { diagnostic in
            guard let start = diagnostic.message.range(of: "asks for \"")?.upperBound,
                let end = diagnostic.message[start...].firstIndex(of: "\"")
            else { return nil }
            return String(diagnostic.message[start..<end])
        }
    }
}
