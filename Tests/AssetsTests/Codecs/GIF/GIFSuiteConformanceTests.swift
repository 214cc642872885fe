import Foundation
import Testing
@testable import Assets
@testable import AssetsCodecs
@testable import AssetsSupport

/// One corpus manifest entry, as far as the GIF suites need it.
struct GIFCorpusEntry: Sendable, CustomTestStringConvertible {
    var path: String
    var suite: String
    var expectations: [String: any Sendable]

    var testDescription: String { path }

    static func gifEntries() -> [GIFCorpusEntry] {
        guard Corpus.isPresent,
            let data = try? Data(contentsOf: Corpus.root.appendingPathComponent("MANIFEST.json")),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let entries = object["entries"] as? [[String: Any]]
        else { return [] }
        return entries.compactMap { entry in
            guard entry["format"] as? String == "gif", let path = entry["path"] as? String,
                let suite = entry["suite"] as? String
            else { return nil }
            let expectations = (entry["expectations"] as? [String: Any] ?? [:]).mapValues { SendableJSON($0).value }
            return GIFCorpusEntry(path: path, suite: suite, expectations: expectations)
        }
    }
}

/// JSON values as Sendable Swift values (String, Int, Bool, arrays and dictionaries of them).
struct SendableJSON {
    var value: any Sendable
    init(_ any: Any) {
        switch any {
        case let number as NSNumber: value = number.intValue
        case let string as String: value = string
        case let array as [Any]: value = array.map { SendableJSON($0).value }
        case let dictionary as [String: Any]: value = dictionary.mapValues { SendableJSON($0).value }
        default: value = "null"
        }
    }
}

/// The manifest entries each suite test runs over.
enum GIFSuiteCases {
    static let entries = GIFCorpusEntry.gifEntries()
    static let pygif = entries.filter { $0.suite == "pygif" && !(($0.expectations["frames"] as? [any Sendable]) ?? []).isEmpty }
    static let pygifAll = entries.filter { $0.suite == "pygif" }
    static let wuffs = entries.filter { $0.expectations["wuffs_nia"] != nil }
    static let peterdn = entries.filter { $0.suite.hasPrefix("peterdn") }
}

@Suite("GIF conformance: pygif, peterdn, wuffs", .enabled(if: Corpus.isPresent, "../shared/corpus is absent: the conformance suite skips"))
struct GIFSuiteConformanceTests {

    /// Where pygif's expected last frame differs from ours, and why (also in Docs/extract-frames.md).
    static let pygifDeviations: [String: String] = [
        "gif/pygif/image-outside-bg.gif": "pygif paints the background colour; Chromium (and we) leave uncovered areas transparent",
        "gif/pygif/image-overlap-bg.gif": "pygif paints the background colour; Chromium (and we) leave uncovered areas transparent",
        "gif/pygif/no-data.gif": "no image at all: pygif expects one transparent frame; Chromium and we give zero frames",
        "gif/pygif/image-zero-width.gif":
            "an empty image whose data is missing: Chromium refuses the file and so do we (pygif expects a transparent frame)",
        "gif/pygif/image-zero-height.gif":
            "an empty image whose data is missing: Chromium refuses the file and so do we (pygif expects a transparent frame)",
        "gif/pygif/image-zero-size.gif":
            "an empty image whose data is missing: Chromium refuses the file and so do we (pygif expects a transparent frame)",
        "gif/pygif/max-codes.gif": "LZW minimum code size 11: giflib refuses code sizes above 8 (Chromium refuses it too)",
    ]

    @Test("pygif: the last frame equals the suite's expected RGBA", arguments: GIFSuiteCases.pygif)
    func pygifLastFrame(entry: GIFCorpusEntry) throws {
        // Given pygif's expected frames
        let expected = try #require(entry.expectations["frames"] as? [any Sendable])
        let last = try #require((expected.last as? [String: any Sendable])?["expected_rgba"] as? String)
        let rgba = try Corpus.bytes(last)
        // When the GIF is decoded
        let (frames, error) = GIFFixtures.decode(try Corpus.bytes(entry.path))
        let matches = frames.last.map { Self.sameVisiblePixels($0.image.pixels, rgba) } ?? false
        // Then the last frame matches, except for the listed deviations, which must still differ
        if Self.pygifDeviations[entry.path] != nil {
            #expect(!matches || error != nil, "\(entry.path) now matches: update the deviation list")
        } else {
            #expect(error == nil, "\(entry.path): \(String(describing: error))")
            #expect(matches, "\(entry.path): last frame differs from \(last)")
        }
    }

    @Test("pygif: sizes and loop counts", arguments: GIFSuiteCases.pygifAll)
    func pygifHeader(entry: GIFCorpusEntry) throws {
        let bytes = try Corpus.bytes(entry.path)
        guard let info = try? GIFInfo(bytes: bytes) else {
            // Files we refuse are checked by the frame and Chromium suites.
            return
        }
        // Then the screen size and the loop count are the suite's (its 0 means "no loop extension")
        if let width = entry.expectations["width"] as? Int { #expect(info.screenWidth == width, "\(entry.path)") }
        if let height = entry.expectations["height"] as? Int { #expect(info.screenHeight == height, "\(entry.path)") }
        // pygif's harness loops files it forces to animate (force-animation = yes) whatever they store
        let forced = entry.expectations["force_animation"] as? Int == 1 || entry.expectations["force_animation"] as? Bool == true
        switch forced ? nil : entry.expectations["loop_count"] {
        case let text as String where text == "infinite":
            #expect(info.loopCount == .forever, "\(entry.path)")
        case let count as Int:
            #expect(info.loopCount == (count == 0 ? .playOnce : .repeats(count)), "\(entry.path)")
        default:
            break
        }
    }

    @Test("peterdn: frame counts and sizes (pixels are checked through Chromium's hashes)", arguments: GIFSuiteCases.peterdn)
    func peterdn(entry: GIFCorpusEntry) throws {
        let info = try GIFInfo(bytes: try Corpus.bytes(entry.path))
        #expect(info.frames.count == entry.expectations["frame_count"] as? Int)
        #expect(info.screenWidth == entry.expectations["width"] as? Int)
        #expect(info.screenHeight == entry.expectations["height"] as? Int)
    }

    @Test("wuffs: frame counts, loop counts, rectangles, durations and the NIA checksum", arguments: GIFSuiteCases.wuffs)
    func wuffsFacts(entry: GIFCorpusEntry) throws {
        // Given wuffs' statements about a file
        let bytes = try Corpus.bytes(entry.path)
        let nia = try #require(entry.expectations["wuffs_nia"] as? [String: any Sendable])
        // When we decode it
        var frames: [AnimationFrame] = []
        var failure: ImageError?
        var reader: GIFFrameReader?
        do {
            let opened = try GIFFrameReader(bytes: bytes)
            reader = opened
            while let frame = try opened.nextFrame() { frames.append(frame) }
        } catch {
            failure = error
        }
        // Then the stated facts hold
        if let count = entry.expectations["frame_count"] as? Int { #expect(frames.count == count, "\(entry.path)") }
        if let rects = entry.expectations["frame_rects_ltrb"] as? [[Int]] {
            #expect(
                frames.map { [$0.rectangle.x, $0.rectangle.y, $0.rectangle.x + $0.rectangle.width, $0.rectangle.y + $0.rectangle.height] }
                    == rects)
        }
        if let rect = entry.expectations["frame_rect_ltrb"] as? [Int], let first = frames.first?.rectangle {
            #expect([first.x, first.y, first.x + first.width, first.y + first.height] == rect)
        }
        if let netscape = entry.expectations["netscape_loop_value"] as? Int { #expect(reader?.loopCount.storedValue == netscape) }
        if let screen = entry.expectations["screen"] as? [Int] { #expect([reader?.screenWidth, reader?.screenHeight] == screen) }
        if let duration = entry.expectations["frame_duration_ms"] as? Int {
            #expect(frames.map { $0.delayCentiseconds * 10 } == [duration])
        }
        if let durations = entry.expectations["frame_durations_ms"] as? [Int] {
            #expect(frames.map { $0.delayCentiseconds * 10 } == durations)
        }
        // And the whole rendering has wuffs' checksum, or wuffs and we both report damage
        let status = nia["status"] as? String
        let crc = try #require(nia["crc32"] as? String)
        if status == "OK" {
            #expect(failure == nil, "\(entry.path): \(String(describing: failure))")
            if let reader, Self.niaDeviations[entry.path] == nil {
                #expect(
                    WuffsNIA.crc32Hex(
                        frames: frames, canvasWidth: reader.canvasWidth, canvasHeight: reader.canvasHeight,
                        loopCount: reader.loopCount) == crc, "\(entry.path)")
            }
        } else if Self.niaDeviations[entry.path] == nil {
            #expect(failure != nil, "\(entry.path): wuffs reports damage")
        } else {
            // Chromium decodes these; its frames are checked in GIFArtificialBrowserTests.
            #expect(failure == nil && !frames.isEmpty, "\(entry.path)")
        }
        if entry.path.hasSuffix("multiple-loop-counts.gif"), let reader {
            // wuffs' checksum takes the loop count seen when the last frame starts (NETSCAPE 30);
            // with that count our frames give its checksum exactly
            #expect(reader.loopCount == .repeats(40))
            #expect(
                WuffsNIA.crc32Hex(
                    frames: frames, canvasWidth: reader.canvasWidth, canvasHeight: reader.canvasHeight,
                    loopCount: .repeats(30)) == crc)
        }
    }

    /// Where wuffs' default decoding differs from ours, and why (also in Docs/extract-frames.md).
    static let niaDeviations: [String: String] = [
        "gif/wuffs/artificial-gif/multiple-loop-counts.gif":
            "loop extensions 50, 30, 40 with the last after the last frame: wuffs' checksum uses 30, Chromium and we report 40",
        "bad/gif/wuffs/artificial-gif/pixel-data-too-much-bad-lzw.gif":
            "more pixel data than the frame needs: wuffs rejects it by default; Chromium (and giflib) decode the frame, as we do",
        "bad/gif/wuffs/artificial-gif/pixel-data-too-much-good-lzw.gif":
            "more pixel data than the frame needs: wuffs rejects it by default; Chromium (and giflib) decode the frame, as we do",
        "bad/gif/wuffs/artificial-gif/zero-width-frame.gif":
            "a 0x0 frame with pixel data: wuffs rejects it by default; Chromium shows one transparent frame, as we do",
    ]

    /// pygif's harness treats two pixels that are both fully transparent as equal.
    static func sameVisiblePixels(_ ours: [UInt8], _ expected: [UInt8]) -> Bool {
        guard ours.count == expected.count else { return false }
        var index = 0
        while index < ours.count {
            let bothClear = ours[index + 3] == 0 && expected[index + 3] == 0
            if !bothClear, ours[index..<index + 4] != expected[index..<index + 4] { return false }
            index += 4
        }
        return true
    }
}

extension GIFSuiteConformanceTests {
    @Test("the conformance tally", .enabled(if: !GIFSuiteCases.entries.isEmpty))
    func tally() throws {
        // Given every suite expectation
        var pygifAgree = 0
        for entry in GIFSuiteCases.pygif {
            guard let frames = entry.expectations["frames"] as? [any Sendable],
                let last = (frames.last as? [String: any Sendable])?["expected_rgba"] as? String
            else { continue }
            let ours = GIFFixtures.decode(try Corpus.bytes(entry.path))
            if ours.error == nil, let image = ours.frames.last?.image,
                Self.sameVisiblePixels(image.pixels, try Corpus.bytes(last))
            {
                pygifAgree += 1
            }
        }
        var wuffsAgree = 0
        for entry in GIFSuiteCases.wuffs {
            guard let nia = entry.expectations["wuffs_nia"] as? [String: any Sendable],
                let crc = nia["crc32"] as? String
            else { continue }
            var frames: [AnimationFrame] = []
            var reader: GIFFrameReader?
            var failed = false
            do {
                let opened = try GIFFrameReader(bytes: try Corpus.bytes(entry.path))
                reader = opened
                while let frame = try opened.nextFrame() { frames.append(frame) }
            } catch {
                failed = true
            }
            if nia["status"] as? String == "OK", !failed, let reader,
                WuffsNIA.crc32Hex(
                    frames: frames, canvasWidth: reader.canvasWidth, canvasHeight: reader.canvasHeight,
                    loopCount: reader.loopCount) == crc
            {
                wuffsAgree += 1
            } else if nia["status"] as? String == "BAD", failed {
                wuffsAgree += 1
            }
        }
        // Then everything that is not a listed deviation agrees
        print(
            "GIF conformance, pygif last frame: \(pygifAgree) of \(GIFSuiteCases.pygif.count) agree; \(Self.pygifDeviations.count) listed deviations"
        )
        print(
            "GIF conformance, wuffs NIA checksum and status: \(wuffsAgree) of \(GIFSuiteCases.wuffs.count) agree; \(Self.niaDeviations.count) listed deviations"
        )
        #expect(pygifAgree + Self.pygifDeviations.count == GIFSuiteCases.pygif.count)
        #expect(wuffsAgree + Self.niaDeviations.count == GIFSuiteCases.wuffs.count)
    }
}
