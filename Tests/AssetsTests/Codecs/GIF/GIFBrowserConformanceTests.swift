import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport
import TestSupport

/// The shared corpus, read in place: the repository's parent folder holds `shared/corpus`.
enum Corpus {
    static let root = PackageRoot.sharedCorpus
    static var isPresent: Bool { FileManager.default.fileExists(atPath: root.appendingPathComponent("BROWSER.json").path) }

    static func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: root.appendingPathComponent(path)))
    }

    /// Chromium's per-frame hashes (or its error) for every corpus GIF.
    static func browser() throws -> [String: BrowserResult] {
        guard isPresent else { return [:] }
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("BROWSER.json")))
        var result: [String: BrowserResult] = [:]
        for (path, value) in object as? [String: Any] ?? [:] {
            if let hashes = value as? [String] { result[path] = .frames(hashes) }
            if let error = value as? String { result[path] = .error(error) }
        }
        return result
    }

    /// Decodes every frame, composited; returns the canonical hashes and the error that ended decoding.
    static func decode(_ bytes: [UInt8]) -> (hashes: [String], error: ImageError?) {
        var hashes: [String] = []
        do {
            let reader = try GIFFrameReader(bytes: bytes)
            while let frame = try reader.nextFrame() {
                hashes.append(SHA256.hex(frame.image.canonicalPixels))
            }
            return (hashes, nil)
        } catch {
            return (hashes, error)
        }
    }
}

enum BrowserResult: Sendable {
    case frames([String])
    case error(String)
}

@Suite("GIF conformance: Chromium", .enabled(if: Corpus.isPresent, "../shared/corpus is absent: the conformance suite skips"))
struct GIFBrowserConformanceTests {
    static let cases: [String] = ((try? Corpus.browser()) ?? [:]).keys.sorted()

    /// Where we knowingly differ from Chromium, and why (also listed in Docs/extract-frames.md).
    static let deviations: [String: String] = [
        "bad/gif/blink/wrong-block-length.gif":
            "Chromium shows the 37 complete frames and stops silently at the damage; we give the same 37 frames, then a truncated error",
        "gif/pygif/max-width.gif":
            "65,535 pixels wide: Chromium refuses sides above 32,767 pixels; pygif expects the image and our limits allow 65,535",
        "gif/pygif/max-height.gif":
            "65,535 pixels high: Chromium refuses sides above 32,767 pixels; pygif expects the image and our limits allow 65,535",
    ]

    @Test("every frame matches what Chromium composites", arguments: cases)
    func matchesBrowser(path: String) throws {
        // Given Chromium's frames for a corpus GIF
        let expected = try #require(try Corpus.browser()[path])
        // When we decode every frame
        let (hashes, error) = Corpus.decode(try Corpus.bytes(path))
        // Then the frames agree (or both refuse the file), except for the listed deviations
        switch (expected, Self.deviations[path]) {
        case (.frames(let browser), nil):
            #expect(error == nil, "\(path): \(error.map(String.init(describing:)) ?? "")")
            #expect(hashes == browser, "\(path): \(hashes.count) frames, Chromium \(browser.count)")
        case (.error, nil):
            #expect(error != nil, "\(path): Chromium refuses it, we decoded \(hashes.count) frames")
        case (.frames(let browser), .some):
            // The damaged file: the same complete frames, then our typed error.
            #expect(hashes == browser)
            #expect(error?.kind == .truncated)
        case (.error, .some):
            // The huge sides: decoded, one frame (pixels are checked against pygif in its own suite).
            #expect(error == nil && hashes.count == 1)
        }
    }

    @Test("the conformance tally", .enabled(if: !cases.isEmpty))
    func tally() throws {
        // Given every corpus GIF and Chromium's frames
        var agree = 0
        for path in Self.cases {
            let (hashes, error) = Corpus.decode(try Corpus.bytes(path))
            switch try Corpus.browser()[path] {
            case .frames(let browser)?: if hashes == browser && error == nil { agree += 1 }
            case .error?: if error != nil { agree += 1 }
            case nil: break
            }
        }
        // Then all but the listed deviations agree
        print("GIF conformance, Chromium: \(agree) of \(Self.cases.count) agree; \(Self.deviations.count) listed deviations")
        #expect(agree + Self.deviations.count == Self.cases.count)
    }
}
