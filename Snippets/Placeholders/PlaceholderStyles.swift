// Placeholder styles as values: the initialiser, the copying builders, buttons whose taps run code.
import AssetPlaceholders

// snippet.custom
let black20 = PlaceholderTextAttributes(fontSize: 20, color: .black, alignment: .natural, isMultiline: false)

let styleFromInit = PlaceholderStyle {
    $0.image = "proj-placeholder-image"
    $0.title = "An error has occured"
    $0.subtitle = "Please, reload the page"
}
let styleWithUpdatedImage = styleFromInit.updating { $0.image = "proj-other-placeholder-image" }
let styleWithAppearance = styleFromInit.updatingAppearance { placeholder in
    placeholder.backgroundColor = .blue
    placeholder.textViewAppearance { text in
        text.titleAppearance { $0.textAttributes = black20 }
        text.subtitleAppearance = text.titleAppearance
    }
}
let styleWithButton = styleWithAppearance.withButton { button in
    button.titles = [.normal: "Reload"]
    button.appearance = ButtonAppearance { $0.update(.normal) { $0.textAttributes = black20 } }
}
// snippet.end
print(styleWithUpdatedImage.image ?? "no image", styleWithButton.buttons.map(\.title))

// snippet.action
/// The screen's placeholder view, which the close button hides.
@MainActor final class PlaceholderView { var isHidden = false }
let currentPlaceholder = PlaceholderView()

// The standard error style's retry button keeps its title ("Try again") and runs this screen's code.
let customErrorStyle = PlaceholderStyle.errorStyle.withButtons(1, axis: .vertical) { _, button in
    button.action = PlaceholderAction("close-placeholder") { currentPlaceholder.isHidden = true }
}
customErrorStyle.buttons[0].action.perform()  // a tap: currentPlaceholder.isHidden is now true
// snippet.end

// snippet.no-image
// The error style without its icon: the image part is hidden; the style is still the error style.
let textOnlyError = PlaceholderStyle.errorStyle.updating { $0.image = nil }
// textOnlyError.showsImage == false, textOnlyError.name == "error"
// snippet.end
print(customErrorStyle.buttons[0].action, currentPlaceholder.isHidden, textOnlyError.showsImage)
