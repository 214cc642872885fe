import Foundation
import Testing

/// The shipped `Assets.catalog` is exactly what `make-example-catalog` draws.
@Suite("Shipped example catalog")
struct ExampleCatalogTests {
    static var generator: URL {
        CLIRun.binary.deletingLastPathComponent().appendingPathComponent("make-example-catalog")
    }

    static func files(under root: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: root.path) {
            let url = root.appendingPathComponent(path)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = try Data(contentsOf: url)
            }
        }
        return files
    }

    static func generate(into folder: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = generator
        process.arguments = [folder.appendingPathComponent("Assets.catalog").path]
        process.standardOutput = Pipe()
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test("regenerating gives the committed bytes, file for file")
    func deterministic() throws {
        // Given two fresh generations
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("example-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let first = base.appendingPathComponent("first")
        let second = base.appendingPathComponent("second")
        #expect(try ExampleCatalogTests.generate(into: first) == 0)
        #expect(try ExampleCatalogTests.generate(into: second) == 0)

        // When their files are compared with each other and with the committed catalog
        let a = try ExampleCatalogTests.files(under: first.appendingPathComponent("Assets.catalog"))
        let b = try ExampleCatalogTests.files(under: second.appendingPathComponent("Assets.catalog"))
        let committed = try ExampleCatalogTests.files(under: ValidateCommandTests.repositoryRoot.appendingPathComponent("Assets.catalog"))

        // Then all three are identical
        #expect(a.count >= 25)
        #expect(a == b)
        #expect(Set(a.keys) == Set(committed.keys))
        for (path, bytes) in a { #expect(committed[path] == bytes, "\(path) differs from the committed file") }
    }

    @Test("the generator refuses to overwrite an existing catalog without --force")
    func noOverwrite() throws {
        // Given an existing catalog
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("example-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        #expect(try ExampleCatalogTests.generate(into: base) == 0)

        // When the generator runs again over it
        let again = try ExampleCatalogTests.generate(into: base)

        // Then it fails and leaves the files alone
        #expect(again == 1)
    }
}
