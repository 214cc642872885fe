import Assets
@testable import AssetsCodecs
@testable import AssetsSupport
import Testing

@Suite("Resolution and placeholder reports")
struct ResolutionReportTests {
    static let catalog = AssetCatalog(
        root: "Assets.xcassets",
        assets: [
            Asset(
                name: "arrow", kind: .imageSet, path: "Icons/arrow.imageset",
                entries: [
                    ImageEntry(
                        filename: "arrow@2x.png", idiom: "universal", scale: "2x", appearances: [.dark], languageDirection: "left-to-right")
                ])
        ] + placeholderCatalog().assets)

    @Test("a resolution as JSON keeps the documented keys in order")
    func resolutionJSON() {
        // Given an RTL dark query for an LTR dark 2x image
        let query = VariantQuery(appearance: .dark, layoutDirection: .rightToLeft)
        let answer = VariantResolver(catalog: Self.catalog).resolve("arrow", for: query)

        // When it is written as JSON
        let text = answer.reportJSON.rendered()

        // Then every field is there, in order
        #expect(
            text == """
                {
                  "name": "arrow",
                  "query": {
                    "scale": 3,
                    "appearance": "dark",
                    "high_contrast": false,
                    "idiom": "phone",
                    "rtl": true
                  },
                  "resolved": true,
                  "file": "Icons/arrow.imageset/arrow@2x.png",
                  "entry": {
                    "filename": "arrow@2x.png",
                    "idiom": "universal",
                    "scale": "2x",
                    "language-direction": "left-to-right",
                    "appearances": [
                      {
                        "appearance": "luminosity",
                        "value": "dark"
                      }
                    ]
                  },
                  "mirrored": true,
                  "trace": [
                    "found image set Icons/arrow.imageset",
                    "no dark 3x entry; took dark 2x",
                    "no right-to-left variant; the left-to-right image is mirrored",
                    "chose Icons/arrow.imageset/arrow@2x.png"
                  ]
                }
                """)
    }

    @Test("a failure as text and JSON")
    func failure() {
        let answer = VariantResolver(catalog: Self.catalog).resolve("Arrow")
        #expect(
            answer.reportText == """
                Arrow (phone light 3x): not resolved
                  no set in the catalog is named "Arrow"
                  "arrow" differs only in case; names are case-sensitive
                """)
        let json = answer.reportJSON.rendered()
        #expect(json.contains(#""resolved": false"#) && json.contains(#""file": null"#) && json.contains(#""entry": null"#))
    }

    @Test("JSON strings are escaped")
    func escaping() {
        let value = JSONValue.array([.string("a\"b\\c\nd\u{1}é")])
        #expect(value.rendered() == "[\n  \"a\\\"b\\\\c\\nd\\u0001é\"\n]")
        #expect(JSONValue.object([]).rendered() == "{}")
    }

    @Test(
        "every placeholder state reports its style, text and image",
        arguments: [
            (PlaceholderState.error, true, "image: placeholder_error_icon.imageset/error@3x.png (conventional: placeholder_error_icon)"),
            (.empty, true, "image: placeholder_empty_state_icon.imageset/empty.pdf (conventional: placeholder_empty_state_icon)"),
            (.loadingError, false, "image: hidden"),
            (.imageSlot, true, "image: global_image_placeholder_icon.dataset/spinner.gif (conventional: global_image_placeholder_icon)"),
            (.loading, true, "image: none (no animation in the catalog: the activity indicator shows)"),
        ])
    func states(state: PlaceholderState, resolved: Bool, imageLine: String) {
        let report = PlaceholderStateReport(state: state, context: PlaceholderContext(catalog: Self.catalog))
        #expect(report.isResolved == resolved)
        #expect(report.reportText.split(separator: "\n").map(String.init).contains(imageLine), "\(report.reportText)")
        let json = report.reportJSON.rendered()
        #expect(json.contains(#""state": "\#(state.rawValue)""#))
        #expect(json.contains(#""resolved": \#(resolved)"#))
    }

    @Test("the error state in full")
    func errorStateText() {
        let report = PlaceholderStateReport(
            state: .error, context: PlaceholderContext(catalog: Self.catalog, query: VariantQuery(scale: .two)))
        #expect(
            report.reportText == """
                state: error (phone light 2x)
                style: error
                title: Something went wrong
                subtitle: Please try again.
                buttons (vertical): Try again [retry]
                  retry: normal "Try again", on #007AFF, no border, corner radius 10, 17 pt semibold #FFFFFF, center, one line; highlighted "Try again", on #0062CC, no border, corner radius 10, 17 pt semibold #FFFFFF, center, one line; disabled "Try again", on #78788033, no border, corner radius 10, 17 pt semibold #3C3C4399, center, one line
                image: placeholder_error_icon.imageset/error@3x.png (conventional: placeholder_error_icon)
                appearance: background #FFFFFF, no border, insets 24 24 24 24, spacing 16
                  image: fixed height 120, scaleAspectFit
                  title: 20 pt semibold #000000, center, multi-line
                  subtitle: 15 pt regular #3C3C4399, center, multi-line
                trace:
                  the style names no image of its own
                  the error image "placeholder_error_icon" from the catalog
                  found image set placeholder_error_icon.imageset
                  no any-appearance 2x entry; took any-appearance 3x (the next larger)
                  chose placeholder_error_icon.imageset/error@3x.png
                """)
    }

    @Test("content has no placeholder")
    func content() {
        let report = PlaceholderStateReport(state: .content, context: PlaceholderContext(catalog: Self.catalog))
        #expect(report.isResolved)
        #expect(report.reportText == "state: content (phone light 3x)\nno placeholder: the content is shown")
        #expect(report.reportJSON.rendered().contains(#""style": null"#))
    }
}
