// The original placeholder kit's examples that need a catalog: the factory's placeholders with their
// conventional icons, a placeholder configured per error type, the image view that shows a placeholder
// while its image is nil, the list of cat rows, and the animated loading placeholder. They read the
// package's shipped `Assets.catalog` (it has every conventional image, and the loading animation as a GIF). Prints one line per group and exits 1 on any mismatch.
import Assets
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

var failures: [String] = []
var checks = 0

@MainActor func check(_ condition: Bool, _ what: String, line: Int = #line) {
    checks += 1
    if !condition { failures.append("line \(line): \(what)") }
}

/// `Examples/PlaceholderClient/Sources/CatalogExamples/main.swift` → the package root's `Assets.catalog`.
let catalogPath = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(5).joined(separator: "/") + "/Assets.catalog"

do {
    let catalog = try AssetCatalog.read(at: catalogPath)
    let context = PlaceholderContext(catalog: catalog, query: .iPhone)

    // MARK: The factory: a placeholder per standard style

    let loadingDataError = PlaceholderPresentation(style: .loadingDataErrorStyle, context: context)
    check(loadingDataError.image?.name == "placeholder_loading_data_icon", "the loading-data icon comes from the catalog")
    check(
        loadingDataError.image?.file == "Placeholders/placeholder_loading_data_icon.imageset/placeholder_loading_data_icon@3x.png",
        "the iPhone's @3x file")
    check(loadingDataError.title == "Could not load data" && loadingDataError.buttons.map(\.title) == ["Try again"], "text and button")
    let empty = PlaceholderPresentation(style: .emptyStateStyle, context: context)
    check(empty.image?.name == "placeholder_empty_state_icon" && empty.buttons.isEmpty, "the empty state's icon, no buttons")
    let error = PlaceholderPresentation(style: .errorStyle, context: context)
    check(error.image?.name == "placeholder_error_icon" && error.title == "Something went wrong", "the error icon")
    // A team that names its error icon `imgZeroError`, which this catalog lacks: the image part is hidden,
    // which is not an error.
    let renamed = PlaceholderContext(catalog: catalog, names: PlaceholderNames.conventional.mapping(.error, to: "imgZeroError"))
    let missing = PlaceholderPresentation(style: .errorStyle, context: renamed)
    check(missing.image?.isHidden == true && missing.title == "Something went wrong", "a missing icon is hidden")
    // A style with text only shows no image.
    let serverError = PlaceholderPresentation(style: PlaceholderStyle(title: "Server error has occured!"), context: context)
    check(serverError.image?.isHidden == true && serverError.buttons.isEmpty, "text only: no image, no buttons")
    // An explicit nil image shows nothing, even where the catalog has the role's icon.
    let noIcon = PlaceholderPresentation(style: PlaceholderStyle.emptyStateStyle.updating { $0.image = nil }, context: context)
    check(noIcon.image?.isHidden == true && noIcon.style?.name == "empty", "nil image: hidden, still the empty style")
    // The factory given a localization provider.
    let german = PlaceholderContext(catalog: catalog, localization: StringTable(["placeholder.loading-error.title": "Daten nicht geladen"]))
    check(PlaceholderPresentation(style: .loadingDataErrorStyle, context: german).title == "Daten nicht geladen", "localized title")
    print("factory: ok")

    // MARK: A placeholder view configured per error type, without a factory

    enum ErrorType { case internetConnection, unknown }
    let internetConnectionErrorStyle = PlaceholderStyle.loadingDataErrorStyle.updating { _ in }
    let unknownErrorStyle = PlaceholderStyle.errorStyle.updating { _ in }
    var placeholder = PlaceholderPresentation(context: context)
    check(placeholder.style == nil, "not configured yet")
    func configure(with error: ErrorType) {
        switch error {
        case .internetConnection: placeholder.configure(with: internetConnectionErrorStyle)
        case .unknown: placeholder.configure(with: unknownErrorStyle)
        }
    }
    configure(with: .internetConnection)
    check(placeholder.style?.name == "loading-error" && placeholder.image?.isHidden == false, "internet connection: the loading-data icon")
    configure(with: .unknown)
    check(placeholder.style?.name == "error" && placeholder.image?.name == "placeholder_error_icon", "unknown: the error style and icon")
    print("without a factory: ok")

    // MARK: The image view with a placeholder image

    var placeholderImageView = PlaceholderImageSlot<String>(context: context)
    check(placeholderImageView.placeholder.choice.name == "global_image_placeholder_icon", "the global placeholder is loaded by name")
    check(placeholderImageView.showsPlaceholder, "the placeholder shows while the image is nil")
    placeholderImageView.image = nil
    check(placeholderImageView.showsPlaceholder, "still the placeholder")
    placeholderImageView.image = "image"
    check(placeholderImageView.shown == .image("image"), "the image hides the placeholder")
    placeholderImageView.image = nil
    check(placeholderImageView.showsPlaceholder, "nil again: the placeholder again")
    print("image view: ok")

    // MARK: The cat rows: first without images (loading), then with them; one never loads

    typealias ViewModel = (image: String?, title: String, subtitle: String)
    let viewModels: [ViewModel] = [
        ("cat-worker", "Pusic", "C++ dev"),
        (nil, "Luke", "Jedi"),  // image can't be loaded
        ("petDog", "Marzia", "HR"),
        ("petFox", "Fox", "iOS Dev"),
    ]
    let rowTemplate = PlaceholderImageSlot<String>(context: context)
    let loadingRows = viewModels.map { _ in String?.none }.configuring(rowTemplate)
    let loadedRows = viewModels.map(\.image).configuring(rowTemplate)
    check(loadingRows.map(\.showsPlaceholder) == [true, true, true, true], "every row shows the placeholder while loading")
    check(loadedRows.map(\.showsPlaceholder) == [false, true, false, false], "only Luke's row keeps the placeholder")
    print("rows: ok")

    // MARK: The animated loading placeholder, at twice the speed

    let catStyle = PlaceholderStyle {
        $0.animation = PlaceholderAnimation(name: "placeholder_loading_animation", speed: 2, loopMode: .loop)
        $0.title = "Long time no see, Nyan cat"
    }
    var report = PlaceholderStateReport(state: .loading, context: context, styles: ScreenPlaceholderStyles(loading: catStyle))
    try report.readAnimation()
    var asEncoded = PlaceholderStateReport(state: .loading, context: context)
    try asEncoded.readAnimation()
    let fast = report.animation?.delays ?? []
    let normal = asEncoded.animation?.delays ?? []
    check(!normal.isEmpty && fast.count == normal.count, "the GIF's frames are read")
    check(fast == normal.map { Int((Double($0) / 2).rounded()) }, "speed 2 halves every delay")
    check(report.animation?.loop == .forever && report.presentation?.title == "Long time no see, Nyan cat", "loops, with its title")
    check(report.presentation?.showsActivityIndicator == false, "the animation plays: no activity indicator")
    print("animated placeholder: ok")
} catch {
    check(false, "cannot read \(catalogPath): \(error)")
}

if failures.isEmpty {
    print("CatalogExamples: \(checks) checks passed")
} else {
    print("CatalogExamples: \(failures.count) of \(checks) checks failed:\n" + failures.joined(separator: "\n"))
    exit(1)
}
