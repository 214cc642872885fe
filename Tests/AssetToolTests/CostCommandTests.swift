import Foundation
import Testing
@testable import AssetsCodecs
import TestSupport

/// `asset-tool size` and `optimize` run as users run them: output, exit statuses, nothing overwritten
/// without `--force`, and `validate`'s cost findings with `--no-cost`.
@Suite("size and optimize commands")
struct CostCommandTests {
    static let shippedCatalog = PackageRoot.url.appendingPathComponent("Assets.catalog").path

    @Test("size prints a table with the catalog's total")
    func sizeTable() throws {
        let result = try CLIRun.run(["size", Self.shippedCatalog])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("bytes  duplicate  unused  oversized  compressible"))
        #expect(result.stdout.contains("total (\(Self.shippedCatalog))"))
    }

    @Test("size of a catalog with an invalid Contents.json prints its table and says on stderr that errors left files out")
    func sizeNotesErrors() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("size-errors-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let set = folder.appendingPathComponent("Bad.xcassets/x.imageset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try Data(#"{"images":[{"filename":"x.png","scale":"1x","idiom":"universal"}],}"#.utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
        let catalog = folder.appendingPathComponent("Bad.xcassets").path

        let result = try CLIRun.run(["size", catalog])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("total (\(catalog))"))
        #expect(
            result.stderr
                == "\(catalog): note: 1 error in this catalog (asset-tool validate lists them); sets and files they concern may be missing from the table\n"
        )
        // And a catalog without errors gets no note
        #expect(try CLIRun.run(["size", Self.shippedCatalog]).stderr.isEmpty)
    }

    @Test("optimize: usage errors, a new folder, no overwrite without --force, --in-place with --force")
    func optimize() throws {
        // Given a copy of the shipped catalog
        let scratch = try ScratchFolder()
        let copy = scratch.path + "/Copy.xcassets"
        try FileManager.default.copyItem(atPath: Self.shippedCatalog, toPath: copy)

        // When optimize is run without an output, or --in-place without --force, then it is a usage error
        #expect(try CLIRun.run(["optimize", copy]).status == 64)
        #expect(try CLIRun.run(["optimize", copy, "--in-place"]).status == 64)

        // When it writes a new folder, then it succeeds, and a second run without --force fails leaving it
        let out = scratch.path + "/Out.xcassets"
        let first = try CLIRun.run(["optimize", copy, "--output", out])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("rewritten"))
        let second = try CLIRun.run(["optimize", copy, "--output", out])
        #expect(second.status == 1 && second.stderr.hasPrefix("error:"), "\(second.stderr)")

        // When the copy is optimised in place, then each of its PNGs shows what it showed before
        let png = "Placeholders/placeholder_error_icon.imageset/placeholder_error_icon@2x.png"
        let before = try [UInt8](Data(contentsOf: URL(fileURLWithPath: copy + "/" + png)))
        let inPlace = try CLIRun.run(["optimize", copy, "--in-place", "--force"])
        #expect(inPlace.status == 0, "\(inPlace.stderr)")
        let after = try [UInt8](Data(contentsOf: URL(fileURLWithPath: copy + "/" + png)))
        #expect(after.count < before.count)
        #expect(try LosslessOptimizer.sameImage(before, after, format: .png))
    }

    @Test(
        "validate reports duplicate-image by default and with --deep, compressible-image only when the rule is named, neither with --no-cost"
    )
    func validateCost() throws {
        // Given a catalog with the same image in two sets, and a photo stored without compression
        let scratch = try ScratchFolder()
        let catalog = scratch.path + "/Dup.xcassets"
        let png = try PNGEncoder.fast.encode(
            RGBAImage(width: 6, height: 6, pixels: (0..<144).map { UInt8($0) }) ?? RGBAImage(width: 1, height: 1))
        let flat = try #require(RGBAImage(width: 64, height: 64, pixels: [UInt8](repeating: 90, count: 64 * 64 * 4)))
        let stored = try PNGEncoder(compressionLevel: 0, filter: .none).encode(flat)
        for (name, bytes) in [("a", png), ("b", png), ("photo", stored)] {
            try FileManager.default.createDirectory(atPath: "\(catalog)/\(name).imageset", withIntermediateDirectories: true)
            try Data("{\"images\": [{\"filename\": \"\(name).png\", \"idiom\": \"universal\"}]}".utf8)
                .write(to: URL(fileURLWithPath: "\(catalog)/\(name).imageset/Contents.json"))
            try Data(bytes).write(to: URL(fileURLWithPath: "\(catalog)/\(name).imageset/\(name).png"))
        }

        // When it is validated by default, with --deep, and without the cost checks
        let plain = try CLIRun.run(["validate", catalog])
        let deep = try CLIRun.run(["validate", catalog, "--deep"])
        let without = try CLIRun.run(["validate", catalog, "--deep", "--no-cost"])
        try Data("{\"rules\": {\"compressible-image\": \"note\"}}".utf8).write(to: URL(fileURLWithPath: scratch.path + "/rule.json"))
        let named = try CLIRun.run(["validate", catalog, "--config", scratch.path + "/rule.json"])

        // Then the duplicate is a warning (exit 0) with the bytes at stake in both runs; the lossless rewrite
        // of the stored photo is a note only where the configuration names its rule (--deep decodes, it does
        // not rewrite), in repository bytes; --no-cost reports neither
        // (a and b are copies: validate compares bytes, with or without --deep)
        for (run, words) in [(plain, "has the same bytes as"), (deep, "has the same bytes as")] {
            #expect(run.status == 0 && run.stdout.contains("b.imageset/b.png: warning: \(words) a.imageset/a.png"), "\(run.stdout)")
            #expect(run.stdout.contains("\(png.count) bytes at stake") && run.stdout.contains("[duplicate-image]"))
        }
        #expect(!plain.stdout.contains("compressible-image"), "\(plain.stdout)")
        #expect(!deep.stdout.contains("compressible-image"), "\(deep.stdout)")
        #expect(
            named.stdout.contains("photo.imageset/photo.png: note:") && named.stdout.contains("[compressible-image]"), "\(named.stdout)")
        #expect(named.stdout.contains("of repository bytes at stake") && named.stdout.contains("actool re-encodes"), "\(named.stdout)")
        #expect(!without.stdout.contains("duplicate-image") && !without.stdout.contains("compressible-image"))
    }

    @Test("validate of a project folder finds a copy in another catalog, size also the same pixels in other bytes, naming both files")
    func duplicatesAcrossCatalogs() throws {
        // Given a project folder with two catalogs: the same pixels in One/a and Two/b (compressed and stored,
        // so not the same bytes), a copy of One/a's bytes in Two/d, and other pixels in Two/c (the near-miss of another colour profile is
        // CostCheckTests': the digest compared here is the same)
        let scratch = try ScratchFolder()
        let image = try #require(RGBAImage(width: 6, height: 6, pixels: (0..<144).map { UInt8($0 % 7 * 30) }))
        let png = try PNGEncoder.fast.encode(image)
        let stored = try PNGEncoder(compressionLevel: 0, filter: .none).encode(image)
        let other = try PNGEncoder.fast.encode(try #require(RGBAImage(width: 6, height: 6, pixels: (0..<144).map { UInt8($0 % 5 * 40) })))
        let files = [
            ("One.xcassets", "a", png), ("Two.xcassets", "b", stored),
            ("Two.xcassets", "c", other), ("Two.xcassets", "d", png),
        ]
        for (catalog, name, bytes) in files {
            let folder = "\(scratch.path)/\(catalog)/\(name).imageset"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data("{\"images\": [{\"filename\": \"\(name).png\", \"idiom\": \"universal\"}]}".utf8)
                .write(to: URL(fileURLWithPath: "\(folder)/Contents.json"))
            try Data(bytes).write(to: URL(fileURLWithPath: "\(folder)/\(name).png"))
        }

        // When the project folder is validated with --deep, and sized
        let validate = try CLIRun.run(["validate", scratch.path, "--deep"])
        let size = try CLIRun.run(["size", scratch.path, "--format", "json"])

        // Then validate reports Two's d as a copy of One's a (a warning: exit 0), not b or c; size reports b
        // and d (the same pixels), so its duplicate bytes are both files'
        #expect(validate.status == 0, "\(validate.stderr)")
        let lines = validate.stdout.split(separator: "\n").filter { $0.contains("[duplicate-image]") }
        #expect(lines.count == 1, "\(validate.stdout)")
        #expect(
            lines.first?.contains("d.imageset/d.png: warning: has the same bytes as One.xcassets/a.imageset/a.png (another catalog)")
                == true,
            "\(lines)")
        #expect(size.status == 0, "\(size.stderr)")
        let both = stored.count + png.count
        #expect(
            size.stdout.contains("\"duplicate-image\": \(both)") || size.stdout.contains("\"duplicate-image\":\(both)"),
            "\(size.stdout)")
    }
}
