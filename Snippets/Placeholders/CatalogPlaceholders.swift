// Placeholders made concrete from a catalog: names, the standard styles' icons, text from the app's string
// tables, an animated placeholder and an image slot. Run from the package root (it reads Assets.catalog).
import Assets

do {
    // snippet.names
    let catalog = try AssetCatalog.read(at: "Assets.catalog")
    let names = try PlaceholderConfig.names(forCatalog: "Assets.catalog")  // placeholders.json, when there is one
    let context = PlaceholderContext(catalog: catalog, names: names)
    // snippet.end

    // snippet.standard
    let serverError = PlaceholderPresentation(style: PlaceholderStyle { $0.title = "Server error has occured!" }, context: context)
    print(serverError.image?.isHidden == true)  // true: the style has no role, so no conventional image
    let offline = PlaceholderPresentation(style: .loadingDataErrorStyle, context: context)
    print(offline.image?.name ?? "hidden")  // "placeholder_loading_data_icon": the catalog has it
    // snippet.end

    // snippet.animated
    let catStyle = PlaceholderStyle {
        $0.animation = PlaceholderAnimation(name: "placeholder_loading_animation", speed: 2, loopMode: .loop)
        $0.title = "Long time no see, Nyan cat"
    }
    .updatingAppearance {
        $0.imageViewAppearance.layout { $0.size = .fixedHeight(250) }
        $0.textViewAppearance {
            $0.titleAppearance {
                $0.textAttributes = PlaceholderTextAttributes(
                    fontSize: 25, weight: .bold, color: .systemPink, alignment: .center, isMultiline: false)
            }
        }
    }
    // The loading state shown with the cat style: its GIF's timeline at twice the speed, looping.
    var report = PlaceholderStateReport(state: .loading, context: context, styles: ScreenPlaceholderStyles(loading: catStyle))
    try report.readAnimation()
    print(report.animation?.delays ?? [])  // each of the file's delays, halved
    // snippet.end

    // snippet.slot
    var imageView = PlaceholderImageSlot<String>(context: context)
    print(imageView.showsPlaceholder)  // true: global_image_placeholder_icon
    imageView.image = "image"  // the image shows
    imageView.image = nil  // the placeholder shows again
    let rows = ["cat-worker", nil, "petDog"].configuring(imageView)  // nil images as placeholders
    print(rows.map(\.showsPlaceholder))  // [false, true, false]
    // snippet.end
} catch {
    print("cannot read the catalog: \(error)")
}
