import Assets

/// Every file of the example catalog: catalog-relative path → bytes.
struct ExampleCatalog {
    var files: [(path: String, bytes: [UInt8])] = []

    static let placeholders: [(name: String, layers: @Sendable (Bool) -> [(Shape, Paint)])] = [
        ("placeholder_error_icon", ExampleArtwork.errorIcon),
        ("placeholder_loading_data_icon", ExampleArtwork.loadingIcon),
        ("placeholder_empty_state_icon", ExampleArtwork.emptyStateIcon),
        ("global_image_placeholder_icon", ExampleArtwork.imagePlaceholderIcon),
    ]

    /// The icons' size in points; the 1x, 2x and 3x files are this many pixels times the scale.
    static let iconPoints = 40

    static func make() throws -> ExampleCatalog {
        var catalog = ExampleCatalog()
        catalog.add("Contents.json", ContentsValue.object([ContentsValue.info]).file)
        let png = PNGEncoder.smallest
        for placeholder in placeholders {
            let folder = "Placeholders/\(placeholder.name).imageset"
            var images: [ContentsValue] = []
            for dark in [false, true] {
                for scale in 1...3 {
                    let filename = "\(placeholder.name)\(dark ? "_dark" : "")@\(scale)x.png"
                    let image = ExampleArtwork.render(placeholder.layers(dark), size: iconPoints * scale)
                    catalog.add("\(folder)/\(filename)", try png.encode(image))
                    var entry: [(String, ContentsValue)] = []
                    if dark {
                        entry.append(
                            ("appearances", .array([.object([("appearance", .string("luminosity")), ("value", .string("dark"))])])))
                    }
                    entry += [("filename", .string(filename)), ("idiom", .string("universal")), ("scale", .string("\(scale)x"))]
                    images.append(.object(entry))
                }
            }
            catalog.add("\(folder)/Contents.json", ContentsValue.object([("images", .array(images)), ContentsValue.info]).file)
        }
        catalog.add("Placeholders/Contents.json", ContentsValue.object([ContentsValue.info]).file)

        let spinnerSize = 48
        let spinner = GIFEncoder(
            width: spinnerSize, height: spinnerSize,
            globalColorTable: [
                GIFEncoder.Color(0, 0, 0), GIFEncoder.Color(0xD1, 0xD1, 0xD6),
                GIFEncoder.Color(0x8E, 0x8E, 0x93), GIFEncoder.Color(0x00, 0x71, 0xA4),
            ],
            loopCount: .forever,
            frames: ExampleArtwork.spinnerFrames(size: spinnerSize, count: 12).map { indices in
                GIFEncoder.Frame(
                    width: spinnerSize, height: spinnerSize, indices: indices, delayCentiseconds: 8,
                    disposal: .restoreBackground, transparentIndex: 0)
            }
        )
        let animation = "Placeholders/placeholder_loading_animation.dataset"
        catalog.add("\(animation)/placeholder_loading_animation.gif", try spinner.encode())
        catalog.add(
            "\(animation)/Contents.json",
            ContentsValue.object([
                (
                    "data",
                    .array([
                        .object([
                            ("filename", .string("placeholder_loading_animation.gif")),
                            ("idiom", .string("universal")),
                            ("universal-type-identifier", .string("com.compuserve.gif")),
                        ])
                    ])
                ),
                ContentsValue.info,
            ]).file)

        let photo = ExampleArtwork.photo(width: 320, height: 200)
        let photoFolder = "Photos/sample_landscape.imageset"
        catalog.add("\(photoFolder)/sample_landscape.jpg", try JPEGEncoder(quality: 85).encode(photo))
        catalog.add(
            "\(photoFolder)/Contents.json",
            ContentsValue.object([
                ("images", .array([.object([("filename", .string("sample_landscape.jpg")), ("idiom", .string("universal"))])])),
                ContentsValue.info,
            ]).file)
        catalog.add(
            "Photos/Contents.json",
            ContentsValue.object([
                ContentsValue.info,
                ("properties", .object([("provides-namespace", .bool(true))])),
            ]).file)
        return catalog
    }

    mutating func add(_ path: String, _ bytes: [UInt8]) {
        files.append((path, bytes))
    }
}
