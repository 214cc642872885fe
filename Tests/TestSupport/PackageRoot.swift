import Foundation

/// Where the package's folders are, for both test targets: the root is the nearest folder above this
/// file that holds `Package.swift`, so a test file can move between folders without counting `..`.
/// Never the working directory (`swift test` may run from anywhere).
package enum PackageRoot {
    /// The folder holding this package's `Package.swift`.
    package static let url: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder
            }
            folder = folder.deletingLastPathComponent()
        }
        // Only a moved or copied test source gets here; every path below then names a missing file,
        // and the tests that read one fail saying which.
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    }()

    /// A path inside the package, such as `Assets.catalog` or `Schemas/validate.schema.json`.
    package static func url(_ relative: String) -> URL {
        url.appendingPathComponent(relative)
    }

    /// `Tests/Fixtures`, the files tests read (`Tests/Fixtures/README.md` says how each was made).
    package static var fixtures: URL { url("Tests/Fixtures") }

    /// `../shared/corpus` beside the package: conformance suites read it in place and skip, saying so,
    /// when it is absent.
    package static var sharedCorpus: URL {
        url.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }
}
