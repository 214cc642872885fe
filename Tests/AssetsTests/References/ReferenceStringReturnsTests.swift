import Foundation
import Testing
@testable import AssetReferences
@testable import Assets

/// An interpolated name narrowed by what the call it reads returns (#32): Pocket Casts' `"\(regularName)_large"`,
/// `regularName` being `iconImageName()`'s result, one of eight literals, not every set ending in `_large`.
@Suite("References: an interpolation of a call's result is narrowed to the names the call returns")
struct ReferenceStringReturnsTests {
    @Test("a call's literal returns, through a local and another call, narrow the pattern; other sets are unused")
    func narrowed() throws {
        // Given sets the narrowed names make, sets only the wide patterns (`*_large`, `car_*`) would match, and code
        // that builds names from a function returning literals through another function and a local
        let project = try ProjectFixture()
        for name in ["filter_list_large", "filter_clock_large", "car_filter_list_red", "home_large", "car_upnext", "tab_files"] {
            try project.imageSet(name)
        }
        try project.write(
            "App/Filter.swift",
            """
            struct Filter {
                var icon: Int
                func largeImage() -> UIImage? {
                    guard let name = largeName() else { return nil }
                    return UIImage(named: name)
                }
                func largeName() -> String? {
                    guard let regularName = iconName() else { return nil }
                    return "\\(regularName)_large"
                }
                func iconName() -> String? { Filter.imageName(forIcon: icon) }
                static func imageName(forIcon icon: Int) -> String? {
                    if icon == 0 { return "filter_list" } else if icon == 1 { return "filter_clock" }
                    return nil
                }
                func carName() -> String {
                    guard let regularName = iconName() else { return "" }
                    var name = "car_\\(regularName)"
                    name += icon > 2 ? "_red" : "_blue"
                    return name
                }
                var tabName: String {
                    switch icon {
                    case 0: return "files"
                    default: return "podcasts"
                    }
                }
                func tab() -> UIImage? { UIImage(named: "tab_\\(tabName)") }
            }
            """)

        // When scanned
        let (_, findings) = try project.scan()

        // Then the names the calls make are used (the `var` extended later still a pattern: `car_filter_list*`), and
        // the sets only `*_large`, `car_*` matched are unused
        #expect(findings.unusedNames == ["car_upnext", "home_large"], "\(findings.diagnostics)")
        let uses = findings.uses["App/Assets.xcassets/filter_clock_large.imageset"] ?? []
        #expect(uses.contains { $0.line == 9 && $0.via.hasSuffix("through iconName()") }, "\(uses)")
        // and a name narrowed in a lookup is never missing: the values only count as uses
        #expect(findings.findings(.missingAsset).isEmpty, "\(findings.diagnostics)")
    }

    @Test("a key any declaration answers with something else, or a local bound twice, keeps the wide pattern")
    func notWhenUnsure() throws {
        // Given two declarations of one key, one returning a literal and one a value from data; a local rebound;
        // and a call with more names than are followed
        let project = try ProjectFixture()
        for name in ["a_large", "b_large", "d_small"] { try project.imageSet(name) }
        try project.write(
            "App/A.swift",
            """
            struct A { func name() -> String { "a" } }
            struct B { func name() -> String { return storedName } ; var storedName = "x" }
            func shown(_ a: A) -> String { "\\(a.name())_large" }
            func rebound(_ a: A) -> String {
                let base = a.name()
                let other = "\\(base)_small"
                return other
            }
            func small() -> String { "c" }
            func rebinds() -> String {
                var base = small()
                base = "d"
                return "\\(base)_small"
            }
            """)

        // When scanned
        let (_, findings) = try project.scan()

        // Then `name()` has no values (B's returns a stored property), so `*_large` still uses both sets; a `var`
        // local is not followed (`small()` says "c", but the code stores "d"), so `*_small` still uses d_small
        #expect(findings.unusedNames.isEmpty, "\(findings.diagnostics)")
    }
}
