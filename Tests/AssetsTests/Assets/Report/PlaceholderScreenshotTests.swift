import Assets
import Foundation
import Testing
import TestSupport

/// The report's placeholder rows checked as a page: headless Chromium takes a screenshot, and pixels of it
/// are compared with what the style says (background colour, border colour and width), light and dark.
/// Needs `chromium` (`apt-get install -y chromium`; `.ci/run` installs it); skips with a message without it.
@Suite("The placeholder rows as Chromium draws them")
struct PlaceholderScreenshotTests {
    static let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    static let background = PlaceholderColor(light: .hex(0xFF8800), dark: .hex(0x663300))
    static let border = PlaceholderColor(light: .hex(0x0044CC), dark: .hex(0x33AAFF))
    static let borderWidth = 6.0

    @Test(
        "the error placeholder's background and border are the style's, light and dark",
        .enabled(if: chromium != nil, "chromium is not installed (apt-get install -y chromium); the screenshot test is skipped"))
    func screenshot() throws {
        // Given the shipped catalog and an error style with a distinctive background and a thick border
        let catalogPath = PackageRoot.url("Assets.catalog").path
        let catalog = try AssetCatalog.read(at: catalogPath)
        let error = PlaceholderStyle.errorStyle.updatingAppearance {
            $0.backgroundColor = Self.background
            $0.border = PlaceholderBorder(color: Self.border, width: Self.borderWidth, cornerRadius: 0)
            $0.placeholderViewInsets = .edges(10)
        }
        var report = CatalogHTMLReport(catalog: catalog, validation: CatalogValidator().validate(catalog))
        report.styles = ScreenPlaceholderStyles(error: error)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenshot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("report.html")
        try Data(report.render().utf8).write(to: page)

        // When Chromium draws the page
        let shot = folder.appendingPathComponent("shot.png")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.chromium))
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-color-profile=srgb",
            "--force-device-scale-factor=1", "--user-data-dir=\(folder.appendingPathComponent("profile").path)",
            "--window-size=900,1600", "--screenshot=\(shot.path)", page.absoluteString,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let image = try ImageInspector.decode(file: shot.path).image

        // Then each screen has a box of the style's background, edged by its border colour, as wide as the style says
        for appearance in [VariantQuery.Appearance.light, .dark] {
            let fill = Self.background.resolved(for: appearance)
            let edge = Self.border.resolved(for: appearance)
            let box = try #require(Self.bounds(of: fill, in: image), "no \(fill) pixels in the \(appearance) screen")
            #expect(box.maxX - box.minX > 150 && box.maxY - box.minY > 150, "the \(appearance) box is \(box)")
            let middleY = (box.minY + box.maxY) / 2
            let middleX = (box.minX + box.maxX) / 2
            // The border: just outside the background on each side, and the whole width of it
            for offset in 1...Int(Self.borderWidth) {
                #expect(Self.matches(image, x: box.minX - offset, y: middleY, edge), "\(appearance): left border at -\(offset)")
                #expect(Self.matches(image, x: box.maxX + offset, y: middleY, edge), "\(appearance): right border at +\(offset)")
                #expect(Self.matches(image, x: middleX, y: box.minY - offset, edge), "\(appearance): top border at -\(offset)")
            }
            // and no wider: the screen's own background beyond it
            #expect(!Self.matches(image, x: box.minX - Int(Self.borderWidth) - 2, y: middleY, edge))
            // Inside: the background itself, near the corners
            #expect(Self.matches(image, x: box.minX + 2, y: box.minY + 2, fill))
            #expect(Self.matches(image, x: box.maxX - 2, y: box.maxY - 2, fill))
        }
    }

    static func matches(_ image: RGBAImage, x: Int, y: Int, _ color: PlaceholderColor.RGBA, tolerance: Int = 3) -> Bool {
        guard x >= 0, y >= 0, x < image.width, y < image.height else { return false }
        let index = (y * image.width + x) * 4
        return abs(Int(image.pixels[index]) - Int(color.red)) <= tolerance
            && abs(Int(image.pixels[index + 1]) - Int(color.green)) <= tolerance
            && abs(Int(image.pixels[index + 2]) - Int(color.blue)) <= tolerance
    }

    /// The bounding box of the largest run of `color`: the rows and columns where it appears at least 100 times.
    static func bounds(of color: PlaceholderColor.RGBA, in image: RGBAImage) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var columns = [Int](repeating: 0, count: image.width)
        var rows = [Int](repeating: 0, count: image.height)
        for y in 0..<image.height {
            for x in 0..<image.width where matches(image, x: x, y: y, color, tolerance: 0) {
                columns[x] += 1
                rows[y] += 1
            }
        }
        guard let minX = columns.firstIndex(where: { $0 >= 100 }), let maxX = columns.lastIndex(where: { $0 >= 100 }),
            let minY = rows.firstIndex(where: { $0 >= 100 }), let maxY = rows.lastIndex(where: { $0 >= 100 })
        else { return nil }
        return (minX, minY, maxX, maxY)
    }
}
