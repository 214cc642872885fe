import Assets
@testable import AssetsCodecs
@testable import AssetsSupport
import Testing

/// One row of the matching table: a set built in memory, a query, and what must come out.
struct ResolutionCase: Sendable, CustomTestStringConvertible {
    var label: String
    var kind: AssetKind = .imageSet
    var entries: [ImageEntry]
    var asked: String = "icon"
    var query: VariantQuery
    /// The chosen filename, or nil when nothing may resolve.
    var expected: String?
    var mirrored: Bool = false
    /// A line the trace must hold, word for word.
    var traceLine: String?

    var testDescription: String { label }
}

/// A compact entry: `entry("a@2x.png", "2x", .dark)`.
func entry(
    _ filename: String?,
    _ scale: String? = nil,
    _ luminosity: AppearanceTrait? = nil,
    contrast: Bool = false,
    idiom: String? = "universal",
    direction: String? = nil
) -> ImageEntry {
    var appearances: [AppearanceTrait] = []
    if let luminosity { appearances.append(luminosity) }
    if contrast { appearances.append(.highContrast) }
    return ImageEntry(filename: filename, idiom: idiom, scale: scale, appearances: appearances, languageDirection: direction)
}

let threeScalesAnyAndDark: [ImageEntry] = [
    entry("any@1x.png", "1x"), entry("any@2x.png", "2x"), entry("any@3x.png", "3x"),
    entry("dark@1x.png", "1x", .dark), entry("dark@2x.png", "2x", .dark),
]

let resolutionCases: [ResolutionCase] = [
    // Idiom.
    ResolutionCase(
        label: "pad takes its own idiom",
        entries: [entry("u.png", "2x"), entry("pad.png", "2x", idiom: "ipad")],
        query: VariantQuery(scale: .two, idiom: .pad), expected: "pad.png"),
    ResolutionCase(
        label: "phone falls back to universal",
        entries: [entry("u.png", "2x"), entry("pad.png", "2x", idiom: "ipad")],
        query: VariantQuery(scale: .two), expected: "u.png",
        traceLine: "no iphone entry; took universal"),
    ResolutionCase(
        label: "phone takes iphone over universal",
        entries: [entry("u.png", "2x"), entry("phone.png", "2x", idiom: "iphone")],
        query: VariantQuery(scale: .two), expected: "phone.png"),
    ResolutionCase(
        label: "an entry without an idiom counts as universal",
        entries: [entry("bare.png", "3x", idiom: nil)],
        query: .iPhone, expected: "bare.png"),
    ResolutionCase(
        label: "car, mac, tv and watch use Apple's words",
        entries: [entry("u.png"), entry("car.png", idiom: "car"), entry("tv.png", idiom: "tv")],
        query: VariantQuery(idiom: .car), expected: "car.png"),
    ResolutionCase(
        label: "pad only, asked by a phone: nothing",
        entries: [entry("pad.png", "2x", idiom: "ipad")],
        query: .iPhone, expected: nil,
        traceLine: "nothing matched: no iphone or universal entry (the set has ipad)"),
    ResolutionCase(
        label: "idiom group without the appearance gives way to universal",
        entries: [entry("pad-dark.png", "2x", .dark, idiom: "ipad"), entry("u.png", "2x")],
        query: VariantQuery(scale: .two, idiom: .pad), expected: "u.png",
        traceLine: "no light or any-appearance ipad entry (the ipad entries are dark)"),
    // Appearance.
    ResolutionCase(
        label: "dark high contrast exact",
        entries: [
            entry("a.png"), entry("d.png", nil, .dark), entry("dh.png", nil, .dark, contrast: true),
            entry("ah.png", nil, nil, contrast: true),
        ],
        query: VariantQuery(appearance: .dark, highContrast: true), expected: "dh.png"),
    ResolutionCase(
        label: "dark high contrast, then dark without contrast",
        entries: [entry("a.png"), entry("d.png", nil, .dark), entry("ah.png", nil, nil, contrast: true)],
        query: VariantQuery(appearance: .dark, highContrast: true), expected: "d.png",
        traceLine: "no dark high-contrast universal entry; took dark"),
    ResolutionCase(
        label: "then any with contrast",
        entries: [entry("a.png"), entry("ah.png", nil, nil, contrast: true)],
        query: VariantQuery(appearance: .dark, highContrast: true), expected: "ah.png",
        traceLine: "no dark high-contrast universal entry; took any-appearance high-contrast"),
    ResolutionCase(
        label: "then any",
        entries: [entry("a.png"), entry("l.png", nil, .light)],
        query: VariantQuery(appearance: .dark, highContrast: true), expected: "a.png",
        traceLine: "no dark high-contrast universal entry; took any-appearance"),
    ResolutionCase(
        label: "dark without contrast falls back to any",
        entries: [entry("a.png", "3x")],
        query: VariantQuery(appearance: .dark), expected: "a.png",
        traceLine: "no dark universal entry; took any-appearance"),
    ResolutionCase(
        label: "a query without contrast never takes a high-contrast entry",
        entries: [entry("ah.png", nil, nil, contrast: true), entry("a.png")],
        query: .iPhone, expected: "a.png"),
    ResolutionCase(
        label: "light takes an explicit light entry over any",
        entries: [entry("a.png"), entry("l.png", nil, .light), entry("d.png", nil, .dark)],
        query: .iPhone, expected: "l.png"),
    ResolutionCase(
        label: "light never takes dark",
        entries: [entry("d.png", "3x", .dark)],
        query: .iPhone, expected: nil,
        traceLine: "no light or any-appearance universal entry (the universal entries are dark)"),
    // Scale.
    ResolutionCase(
        label: "scale exact", entries: threeScalesAnyAndDark,
        query: VariantQuery(scale: .two, appearance: .dark), expected: "dark@2x.png"),
    ResolutionCase(
        label: "scale: the largest smaller", entries: threeScalesAnyAndDark,
        query: VariantQuery(scale: .three, appearance: .dark), expected: "dark@2x.png",
        traceLine: "no dark 3x entry; took dark 2x"),
    ResolutionCase(
        label: "scale: the next larger before any smaller",
        entries: [entry("1.png", "1x"), entry("3.png", "3x")],
        query: VariantQuery(scale: .two), expected: "3.png",
        traceLine: "no any-appearance 2x entry; took any-appearance 3x (the next larger)"),
    ResolutionCase(
        label: "scale: the smallest of the larger ones",
        entries: [entry("3.png", "3x"), entry("2.png", "2x")],
        query: VariantQuery(scale: .one), expected: "2.png"),
    ResolutionCase(
        label: "a single-scale entry serves 1x", entries: [entry("v.pdf")],
        query: VariantQuery(scale: .one), expected: "v.pdf",
        traceLine: "the any-appearance entry has no scale: it serves 1x"),
    ResolutionCase(
        label: "a single-scale entry serves 3x dark", entries: [entry("v.pdf"), entry("vd.pdf", nil, .dark)],
        query: VariantQuery(appearance: .dark), expected: "vd.pdf"),
    ResolutionCase(
        label: "an exact scale beats the single-scale entry",
        entries: [entry("v.pdf"), entry("2.png", "2x")],
        query: VariantQuery(scale: .two), expected: "2.png"),
    ResolutionCase(
        label: "the single-scale entry beats a wrong scale",
        entries: [entry("v.pdf"), entry("2.png", "2x")],
        query: VariantQuery(scale: .three), expected: "v.pdf",
        traceLine: "no any-appearance 3x entry; took the one without a scale (it serves every scale)"),
    // Unassigned slots and unreadable entries.
    ResolutionCase(
        label: "unassigned slots are skipped (2x only, asked at 3x)",
        entries: [entry(nil, "1x"), entry("2.png", "2x"), entry(nil, "3x")],
        query: .iPhone, expected: "2.png",
        traceLine: "skipped 2 unassigned slots (no filename)"),
    ResolutionCase(
        label: "an empty filename is unassigned too",
        entries: [entry("", "3x"), entry("1.png", "1x")],
        query: .iPhone, expected: "1.png",
        traceLine: "skipped 1 unassigned slot (no filename)"),
    ResolutionCase(
        label: "every slot unassigned: nothing",
        entries: [entry(nil, "1x"), entry(nil, "2x"), entry(nil, "3x")],
        query: .iPhone, expected: nil,
        traceLine: "nothing matched: the set has no usable file in any slot"),
    ResolutionCase(
        label: "an unreadable scale is skipped",
        entries: [entry("odd.png", "1.5x"), entry("1.png", "1x")],
        query: .iPhone, expected: "1.png",
        traceLine: "skipped odd.png: scale \"1.5x\" is not 1x, 2x or 3x"),
    ResolutionCase(
        label: "a filename leaving the set's folder is skipped",
        entries: [entry("../../secret.png", "3x"), entry("..", "3x"), entry("ok.png", "1x")],
        query: .iPhone, expected: "ok.png",
        traceLine: "skipped ../../secret.png: a filename must be a plain name in the set's folder (no /, \\ or NUL, not . or ..)"),
    ResolutionCase(
        label: "a tinted entry never matches",
        entries: [entry("t.png", nil, AppearanceTrait(appearance: "luminosity", value: "tinted")), entry("a.png")],
        query: .iPhone, expected: "a.png",
        traceLine: "skipped t.png: appearance luminosity tinted is neither light, dark nor high contrast"),
    ResolutionCase(
        label: "a size-class entry gives way to a plain one",
        entries: [ImageEntry(filename: "compact.png", idiom: "universal", widthClass: "compact"), entry("a.png")],
        query: .iPhone, expected: "a.png",
        traceLine:
            "ignored 1 universal entry for a size class, subtype, screen width, memory, graphics feature set, locale or display gamut (the query names none)"
    ),
    ResolutionCase(
        label: "equal entries: the first in file order",
        entries: [entry("first.png", "3x"), entry("second.png", "3x")],
        query: .iPhone, expected: "first.png",
        traceLine: "2 entries match equally; took the first in Contents.json order"),
    // Layout direction.
    ResolutionCase(
        label: "rtl mirrors a left-to-right image",
        entries: [entry("ltr.png", direction: "left-to-right")],
        query: VariantQuery(layoutDirection: .rightToLeft), expected: "ltr.png", mirrored: true,
        traceLine: "no right-to-left variant; the left-to-right image is mirrored"),
    ResolutionCase(
        label: "rtl takes a right-to-left variant",
        entries: [entry("ltr.png", direction: "left-to-right"), entry("rtl.png", direction: "right-to-left")],
        query: VariantQuery(layoutDirection: .rightToLeft), expected: "rtl.png",
        traceLine: "right-to-left query: took the right-to-left universal entries"),
    ResolutionCase(
        label: "rtl never mirrors a fixed image",
        entries: [entry("fixed.png")],
        query: VariantQuery(layoutDirection: .rightToLeft), expected: "fixed.png",
        traceLine: "right-to-left query: the image has no language direction (fixed), so it is not mirrored"),
    ResolutionCase(
        label: "ltr ignores the right-to-left variant",
        entries: [entry("rtl.png", direction: "right-to-left"), entry("ltr.png", direction: "left-to-right")],
        query: .iPhone, expected: "ltr.png"),
    ResolutionCase(
        label: "ltr with right-to-left entries only: nothing",
        entries: [entry("rtl.png", direction: "right-to-left")],
        query: .iPhone, expected: nil,
        traceLine: "no left-to-right universal entry: the universal entries are right-to-left only"),
    // Data sets.
    ResolutionCase(
        label: "a data set's GIF serves every query", kind: .dataSet,
        entries: [ImageEntry(filename: "spinner.gif", idiom: "universal", universalTypeIdentifier: "com.compuserve.gif")],
        query: VariantQuery(scale: .one, appearance: .dark, highContrast: true, idiom: .pad), expected: "spinner.gif"),
    ResolutionCase(
        label: "a data set's pad entry", kind: .dataSet,
        entries: [entry("u.json"), entry("pad.json", idiom: "ipad")],
        query: VariantQuery(idiom: .pad), expected: "pad.json"),
]

@Suite("Variant resolution rules")
struct VariantResolverTests {
    @Test("every matching rule and fallback", arguments: resolutionCases)
    func matchingRules(_ row: ResolutionCase) {
        // Given a catalog holding one set built in memory
        let asset = Asset(name: "icon", kind: row.kind, path: "Icons/icon.\(row.kind.rawValue)", entries: row.entries)
        let catalog = AssetCatalog(root: "Test.xcassets", assets: [asset])

        // When the name is resolved for the row's traits
        let answer = VariantResolver(catalog: catalog).resolve(row.asked, for: row.query)

        // Then the chosen file, mirroring and trace are the expected ones
        #expect(answer.entry?.filename == row.expected, "trace: \(answer.trace)")
        #expect(answer.isResolved == (row.expected != nil))
        #expect(answer.file == row.expected.map { "Icons/icon.\(row.kind.rawValue)/\($0)" })
        #expect(answer.isMirrored == row.mirrored)
        if let line = row.traceLine {
            #expect(answer.trace.contains(line), "trace: \(answer.trace)")
        }
        #expect(!answer.trace.isEmpty)
        if row.expected != nil {
            #expect(answer.trace.last?.hasPrefix("chose ") == true)
        }
    }

    @Test("names are exact and case-sensitive")
    func caseSensitiveName() {
        // Given a set named "Second"
        let catalog = AssetCatalog(
            root: "C", assets: [Asset(name: "Second", kind: .imageSet, path: "Second.imageset", entries: [entry("s.png")])])

        // When "second" is asked for
        let answer = VariantResolver(catalog: catalog).resolve("second")

        // Then nothing resolves and the trace points at the near miss
        #expect(!answer.isResolved)
        #expect(
            answer.trace == [
                "no set in the catalog is named \"second\"",
                "\"Second\" differs only in case; names are case-sensitive",
            ])
    }

    @Test("a missing name explains itself")
    func missingName() {
        let answer = VariantResolver(catalog: AssetCatalog(root: "C", assets: [])).resolve("nothing_here")
        #expect(answer.asset == nil)
        #expect(answer.trace == ["no set in the catalog is named \"nothing_here\""])
    }

    @Test("a color set does not resolve as an image")
    func colorSet() {
        // Given a color set and an image set with the same name, and a color set alone
        let color = Asset(name: "tint", kind: .colorSet, path: "tint.colorset")
        let catalog = AssetCatalog(root: "C", assets: [color])

        // When it is asked for
        let answer = VariantResolver(catalog: catalog).resolve("tint")

        // Then it says what the set is
        #expect(!answer.isResolved)
        #expect(
            answer.trace == [
                "\"tint\" is a colour set, which UIImage(named:) and NSDataAsset(name:) do not load (a colour set resolves with UIColor(named:): ColorResolution)"
            ])
    }

    @Test("an image set beside a color set of the same name wins")
    func imageBesideColor() {
        let color = Asset(name: "tint", kind: .colorSet, path: "tint.colorset")
        let image = Asset(name: "tint", kind: .imageSet, path: "Group/tint.imageset", entries: [entry("t.png")])
        let answer = VariantResolver(catalog: AssetCatalog(root: "C", assets: [color, image])).resolve("tint")
        #expect(answer.file == "Group/tint.imageset/t.png")
        #expect(answer.trace.first == "found image set Group/tint.imageset")
    }

    @Test("duplicate names: the first set, said so")
    func duplicates() {
        let a = Asset(name: "dup", kind: .imageSet, path: "A/dup.imageset", entries: [entry("a.png")])
        let b = Asset(name: "dup", kind: .dataSet, path: "B/dup.dataset", entries: [entry("b.gif")])
        let answer = VariantResolver(catalog: AssetCatalog(root: "C", assets: [a, b])).resolve("dup")
        #expect(answer.file == "A/dup.imageset/a.png")
        #expect(answer.trace.first == "2 sets are named \"dup\" (A/dup.imageset, B/dup.dataset); took the first")
    }

    @Test(
        "a set whose Contents.json is missing or broken says so",
        arguments: [
            (ContentsStatus.missing, "the set has no Contents.json, so it has no entries"),
            (.invalid, "the set's Contents.json could not be read (asset-tool validate says why), so it has no entries"),
        ])
    func brokenContents(status: ContentsStatus, line: String) {
        let asset = Asset(name: "broken", kind: .imageSet, path: "broken.imageset", contents: status)
        let answer = VariantResolver(catalog: AssetCatalog(root: "C", assets: [asset])).resolve("broken")
        #expect(!answer.isResolved)
        #expect(answer.trace == ["found image set broken.imageset", line, "nothing matched: the set has no usable file in any slot"])
    }

    @Test("the defaults are an iPhone in light mode at 3x, left to right")
    func defaults() {
        let query = VariantQuery()
        #expect(query == .iPhone)
        #expect(query.scale == .three && query.appearance == .light && !query.highContrast)
        #expect(query.idiom.catalogValue == "iphone" && query.layoutDirection == .leftToRight)
        #expect(VariantQuery.Idiom.allCases.map(\.catalogValue) == ["iphone", "ipad", "mac", "tv", "watch", "car", "vision"])
    }

    @Test("the full trace of a fallback reads as steps")
    func fullTrace() {
        // Given a set with ipad 1x/2x and universal entries, any and dark (figma-export's shape)
        let entries = [
            entry("u@1x.png", "1x"), entry("u@3x.png", "3x"), entry("ud@2x.png", "2x", .dark),
            entry("p@2x.png", "2x", idiom: "ipad"), entry("pd@2x.png", "2x", .dark, idiom: "ipad"), entry(nil, "3x", idiom: "ipad"),
        ]
        let catalog = AssetCatalog(root: "C", assets: [Asset(name: "zero", kind: .imageSet, path: "zero.imageset", entries: entries)])

        // When an iPad in dark mode at 3x asks
        let answer = VariantResolver(catalog: catalog).resolve("zero", for: VariantQuery(appearance: .dark, idiom: .pad))

        // Then the trace walks through each step
        #expect(
            answer.trace == [
                "found image set zero.imageset",
                "skipped 1 unassigned slot (no filename)",
                "no dark 3x entry; took dark 2x",
                "chose zero.imageset/pd@2x.png",
            ])
    }
}
