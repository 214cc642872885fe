import Assets
@testable import AssetsCodecs
@testable import AssetsSupport
import Foundation
import Testing
import TestSupport

/// `../shared/corpus/catalogs` beside the package (`PackageRoot.sharedCorpus`).
let corpusCatalogs: URL = PackageRoot.sharedCorpus.appendingPathComponent("catalogs")

let corpusPresent = FileManager.default.fileExists(atPath: corpusCatalogs.path)

/// One name resolved in a real catalog; `expected` was checked by hand against the set's Contents.json.
struct CorpusCase: Sendable, CustomTestStringConvertible {
    var catalog: String
    var name: String
    var query: VariantQuery
    /// The catalog-relative file, or nil when nothing may resolve.
    var expected: String?
    var traceLine: String? = nil

    var testDescription: String { "\(name) for \(query.description) in \(catalog)" }
}

let figma = "figma-export/Example-UIComponents/Assets.xcassets"
let focus = "focus-ios/Blockzilla/Assets.xcassets"

let corpusCases: [CorpusCase] = [
    // figma-export: universal 1x/2x/3x and ipad 1x/2x, each any and dark.
    CorpusCase(
        catalog: figma, name: "imgZeroEmpty", query: .iPhone,
        expected: "Illustrations/imgZeroEmpty.imageset/imgZeroEmptyL@3x.png"),
    CorpusCase(
        catalog: figma, name: "imgZeroEmpty", query: VariantQuery(scale: .two, appearance: .dark),
        expected: "Illustrations/imgZeroEmpty.imageset/imgZeroEmptyD@2x.png"),
    CorpusCase(
        catalog: figma, name: "imgZeroEmpty", query: VariantQuery(idiom: .pad),
        expected: "Illustrations/imgZeroEmpty.imageset/imgZeroEmpty~ipadL@2x.png",
        traceLine: "no any-appearance 3x entry; took any-appearance 2x"),
    CorpusCase(
        catalog: figma, name: "imgZeroEmpty", query: VariantQuery(scale: .one, appearance: .dark, idiom: .pad),
        expected: "Illustrations/imgZeroEmpty.imageset/imgZeroEmpty~ipadD@1x.png"),
    CorpusCase(
        catalog: figma, name: "imgZeroInternet", query: VariantQuery(appearance: .dark, highContrast: true, idiom: .pad),
        expected: "Illustrations/imgZeroInternet.imageset/imgZeroInternet~ipadD@2x.png",
        traceLine: "no dark 3x entry; took dark 2x"),
    CorpusCase(
        catalog: figma, name: "imgZeroError", query: VariantQuery(scale: .one, idiom: .tv),
        expected: "Illustrations/imgZeroError.imageset/imgZeroErrorL@1x.png",
        traceLine: "no tv entry; took universal"),
    CorpusCase(
        catalog: figma, name: "imgZeroError", query: VariantQuery(appearance: .dark, highContrast: true),
        expected: "Illustrations/imgZeroError.imageset/imgZeroErrorD@3x.png",
        traceLine: "no dark high-contrast universal entry; took dark"),
    CorpusCase(
        catalog: figma, name: "ic24Profile", query: VariantQuery(idiom: .pad),
        expected: "Icons/ic24Profile.imageset/ic24Profile~ipad.pdf"),
    CorpusCase(
        catalog: figma, name: "ic24Profile", query: VariantQuery(scale: .one),
        expected: "Icons/ic24Profile.imageset/ic24Profile.pdf"),
    CorpusCase(
        catalog: figma, name: "Illustrations/imgZeroEmpty", query: .iPhone, expected: nil,
        traceLine: "no set in the catalog is named \"Illustrations/imgZeroEmpty\""),
    // focus-ios: 1x/2x/3x × any/dark; a PDF in the 1x slot; raster PNGs in the single slot.
    CorpusCase(
        catalog: focus, name: "img_klar_wordmark", query: VariantQuery(appearance: .dark),
        expected: "img_klar_wordmark.imageset/img_klar_wordmark@3x.png"),
    CorpusCase(
        catalog: focus, name: "img_klar_wordmark", query: VariantQuery(scale: .one),
        expected: "img_klar_wordmark.imageset/ic_logo_wordmark_light_horizontal_klar.png"),
    CorpusCase(
        catalog: focus, name: "img_klar_wordmark", query: VariantQuery(scale: .two, appearance: .dark, highContrast: true),
        expected: "img_klar_wordmark.imageset/img_klar_wordmark@2x.png"),
    CorpusCase(
        catalog: focus, name: "enabled-yes", query: .iPhone,
        expected: "enabled-yes.imageset/enabled-yes.pdf",
        traceLine: "skipped 2 unassigned slots (no filename)"),
    CorpusCase(
        catalog: focus, name: "background_iphone_portrait", query: VariantQuery(appearance: .dark),
        expected: "background_iphone_portrait.imageset/iPhone_Production_Mode_Portrait.png"),
    CorpusCase(
        catalog: focus, name: "background_iphone_portrait", query: VariantQuery(scale: .one),
        expected: "background_iphone_portrait.imageset/iPhone - Splash@2x.png"),
    CorpusCase(
        catalog: focus, name: "icon_settings", query: VariantQuery(appearance: .dark, layoutDirection: .rightToLeft),
        expected: "icon_settings.imageset/icon_settings.pdf",
        traceLine: "right-to-left query: the image has no language direction (fixed), so it is not mirrored"),
    // NetNewsWire: single-scale PDFs, any and dark.
    CorpusCase(
        catalog: "NetNewsWire/iOS/Assets.xcassets", name: "accountFeedly", query: VariantQuery(scale: .one, appearance: .dark),
        expected: "accountFeedly.imageset/feedly-logo-dark.pdf"),
    CorpusCase(
        catalog: "NetNewsWire/iOS/Assets.xcassets", name: "accountFeedly", query: VariantQuery(idiom: .mac),
        expected: "accountFeedly.imageset/feedly-logo-any.pdf"),
    // swiftgen Food: 2x only, namespaces.
    CorpusCase(
        catalog: "swiftgen/Food.xcassets", name: "Round/Double/Cherry", query: .iPhone,
        expected: "Round/Red/Double/Cherry.imageset/Cherry.png",
        traceLine: "no any-appearance 3x entry; took any-appearance 2x"),
    CorpusCase(
        catalog: "swiftgen/Food.xcassets", name: "Round/Double/Cherry", query: VariantQuery(scale: .one),
        expected: "Round/Red/Double/Cherry.imageset/Cherry.png",
        traceLine: "no any-appearance 1x entry; took any-appearance 2x (the next larger)"),
    CorpusCase(
        catalog: "swiftgen/Food.xcassets", name: "private", query: .iPhone,
        expected: "private.imageset/Lemon.png"),
    CorpusCase(catalog: "swiftgen/Food.xcassets", name: "Cherry", query: .iPhone, expected: nil),
    CorpusCase(
        catalog: "swiftgen/Files.xcassets", name: "Json/Data", query: VariantQuery(idiom: .watch),
        expected: "Json/Data.dataset/Data.json"),
    // R.swift: names differing only in case.
    CorpusCase(catalog: "R.swift/Images.xcassets", name: "Second", query: .iPhone, expected: "Second.imageset/second.pdf"),
    CorpusCase(catalog: "R.swift/Images.xcassets", name: "second", query: .iPhone, expected: "Some Folder/second.imageset/second.pdf"),
    CorpusCase(
        catalog: "R.swift/Images.xcassets", name: "Namespace/Second", query: .iPhone,
        expected: "Namespace/Second.imageset/second.pdf"),
    // TwitterTextEditor: an animated GIF in a data set, a 1x-only PNG.
    CorpusCase(
        catalog: "TwitterTextEditor/Assets.xcassets", name: "twemoji-cat-animated",
        query: VariantQuery(scale: .two, appearance: .dark, idiom: .pad),
        expected: "twemoji-cat-animated.dataset/twemoji-cat-animated.gif"),
    CorpusCase(
        catalog: "TwitterTextEditor/Assets.xcassets", name: "twemoji-cat", query: .iPhone,
        expected: "twemoji-cat.imageset/twemoji-cat.png",
        traceLine: "no any-appearance 3x entry; took any-appearance 1x"),
]

@Suite("Resolution on the real catalogs of the corpus", .enabled(if: corpusPresent, "../shared/corpus is absent: skipped"))
struct CorpusResolutionTests {
    @Test("names resolve to the files checked by hand", arguments: corpusCases)
    func resolves(_ row: CorpusCase) throws {
        // Given a real catalog read from the corpus
        let catalog = try AssetCatalog.read(at: corpusCatalogs.appendingPathComponent(row.catalog).path)

        // When the name is resolved for the row's traits
        let answer = VariantResolver(catalog: catalog).resolve(row.name, for: row.query)

        // Then the chosen file is the one named in the table, and it exists
        #expect(answer.file == row.expected, "trace: \(answer.trace)")
        if let file = answer.file {
            let onDisk = corpusCatalogs.appendingPathComponent(row.catalog).appendingPathComponent(file).path
            #expect(FileManager.default.fileExists(atPath: onDisk))
        }
        if let line = row.traceLine {
            #expect(answer.trace.contains(line), "trace: \(answer.trace)")
        }
    }

    @Test("the figma-export illustrations serve as placeholders through a mapping")
    func figmaPlaceholders() throws {
        // Given the figma-export catalog and a mapping to its zero-state illustrations
        let catalog = try AssetCatalog.read(at: corpusCatalogs.appendingPathComponent(figma).path)
        let names = PlaceholderNames(overrides: [.error: "imgZeroError", .loadingDataError: "imgZeroInternet", .emptyState: "imgZeroEmpty"])
        let context = PlaceholderContext(catalog: catalog, query: VariantQuery(appearance: .dark, idiom: .pad), names: names)

        // When each screen state's placeholder is made concrete
        let files = [PlaceholderStyle.errorStyle, .loadingDataErrorStyle, .emptyStateStyle, .imageSlotStyle]
            .configuring(PlaceholderPresentation(context: context)).map { $0.image?.file }

        // Then the iPad dark 2x illustrations are chosen, and the image slot (no such set) is hidden
        #expect(
            files == [
                "Illustrations/imgZeroError.imageset/imgZeroError~ipadD@2x.png",
                "Illustrations/imgZeroInternet.imageset/imgZeroInternet~ipadD@2x.png",
                "Illustrations/imgZeroEmpty.imageset/imgZeroEmpty~ipadD@2x.png",
                nil,
            ])
    }
}
