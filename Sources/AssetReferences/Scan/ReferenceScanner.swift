/// A reader of one kind of source file, as a SwiftLint rule is one type: which files it reads (by their
/// name's extension), how the scan counts them (`kind`), and what it finds in one file's bytes (a
/// `FileScan`: references, notes, and what the findings join across files). `ReferenceScanners.all` lists
/// every scanner: the walk (`SourceTree`) keeps the files one of them reads, and `ReferenceScan` hands each
/// file's bytes to its scanner on every core. A new kind of file is one type conforming here, in its own
/// file with its `SourceTree.Kind`, and its line in `ReferenceScanners.all`.
import AssetsSupport

package protocol ReferenceScanner: Sendable {
    /// The kind of file, as the summary and the JSON's `scan.files` count it (`swift`, `objective-c`).
    static var kind: SourceTree.Kind { get }
    /// The extensions of the file names it reads, without the dot (`m`, `mm`, `h`): one scanner each.
    static var fileExtensions: [String] { get }
    /// Whether these bytes are text, checked as UTF-8 (a note says where they are not): true but for a
    /// binary property list.
    static func isText(_ bytes: [UInt8]) -> Bool
    /// What the file `file` (relative to the project) gives: its references, the notes on it (`skipped`),
    /// and what the findings join across files.
    static func scan(_ bytes: [UInt8], file: String, options: ReferenceScan.Options) -> FileScan
}

extension ReferenceScanner {
    package static func isText(_ bytes: [UInt8]) -> Bool { true }
}

/// Every reader of source files, the one list `SourceTree` and `ReferenceScan` consult.
package enum ReferenceScanners {
    package static let all: [any ReferenceScanner.Type] = [
        SwiftReferenceScanner.self,
        ObjCReferenceScanner.self,
        InterfaceBuilderScanner.self,
        PropertyListScanner.self,
        BuildSettingsScanner.self,
    ]

    private static let byExtension: [String: any ReferenceScanner.Type] = Dictionary(
        all.flatMap { scanner in scanner.fileExtensions.map { ($0, scanner) } }, uniquingKeysWith: { first, _ in first })

    private static let byKind: [SourceTree.Kind: any ReferenceScanner.Type] = Dictionary(
        all.map { ($0.kind, $0) }, uniquingKeysWith: { first, _ in first })

    /// The scanner that reads the file named `name` (by what follows its last dot); nil when none does.
    package static func scanner(forName name: String) -> (any ReferenceScanner.Type)? {
        guard let dot = name.lastIndex(of: ".") else { return nil }
        return byExtension[String(name[name.index(after: dot)...])]
    }

    /// The scanner of the files of `kind`.
    package static func scanner(of kind: SourceTree.Kind) -> (any ReferenceScanner.Type)? { byKind[kind] }
}

extension FileScan {
    /// Marks each reference inside `#if os(tvOS)` / `#if TARGET_OS_TV` with the platform it is compiled for
    /// (`PlatformBranches`), for the scanners of compiled languages.
    private static let ifDirective = Array("#if".utf8)

    package mutating func markPlatformBranches(in bytes: [UInt8]) {
        guard !references.isEmpty, ByteSearch.contains(Self.ifDirective, in: bytes) else { return }
        let regions = PlatformBranches.regions(bytes)
        guard !regions.isEmpty else { return }
        for index in references.indices {
            references[index].platform = PlatformBranches.platform(at: references[index].line, in: regions)
        }
    }
}
