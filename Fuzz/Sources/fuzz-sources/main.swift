import AssetReferences
import Assets
import FuzzSupport
#if canImport(Glibc)
    import Glibc
#endif

FuzzDriver.run(fuzzSources)

/// Source trees: the input becomes a project folder (`SourceProject`: Swift, Objective-C, Interface Builder,
/// XML and binary property lists, an Xcode project, a build configuration, a package manifest, a catalog;
/// deep folders, links out of the project, FIFOs), which `ReferenceScan` reads as `asset-tool refs` does and
/// `ReferenceFindings` resolves. Beyond the sanitizers' checks, one rule is checked on every input: nothing
/// outside the project is read, so the bait text written beside it never shows in a reference or a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSources(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzInput.bytes(data, size)
    SourcesHarness.scratch.clear()
    SourcesHarness.scratch.make()
    var project = SourceProject(base: SourcesHarness.scratch.path, bait: SourcesHarness.bait)
    project.build(bytes)
    var options = ReferenceScan.Options()
    options.maxParsedBytes = 1 << 20
    options.maxReadBytes = 4 << 20
    options.bytesInFlight = 8 << 20
    options.dynamicNames = project.dynamicNames
    options.catalogLimits = CatalogLimits(maxDepth: 16, maxContentsBytes: 1 << 16, threads: 2)
    if let scan = try? ReferenceScan.run(project: project.project, options: options) {
        let findings = ReferenceFindings(scan)
        SourcesHarness.check(scan, findings)
    }
    SourcesHarness.scratch.clear()
    return 0
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzSourcesInitialize(_ argc: UnsafeMutableRawPointer?, _ argv: UnsafeMutableRawPointer?) -> Int32 {
    FuzzSeeds.writeIfAsked(.sources)
    _ = SourcesHarness.bait
    return 0
}

enum SourcesHarness {
    static let scratch = ScratchFolder(harness: "sources")
    /// Text only the files outside the project hold: random, so no input can spell it.
    static let bait: String = "bait" + (0..<4).map { _ in String(UInt32.random(in: .min ... .max), radix: 16) }.joined()

    /// Stops the run (a crash libFuzzer keeps) when the scan shows anything read outside the project.
    static func check(_ scan: ReferenceScan, _ findings: ReferenceFindings) {
        for reference in scan.references {
            if "\(reference.name)".contains(bait) || reference.file.hasPrefix("/") || reference.file.hasPrefix("../") {
                fail("a reference from outside the project: \(reference)")
            }
        }
        for diagnostic in findings.diagnostics where "\(diagnostic)".contains(bait) {
            fail("a finding shows what only a file outside the project holds: \(diagnostic)")
        }
    }

    static func fail(_ message: String) -> Never {
        let line = Array("fuzz-sources: \(message)\n".utf8)
        _ = line.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
        abort()
    }
}
