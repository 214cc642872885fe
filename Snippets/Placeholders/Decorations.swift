// Decorations: reusable changes to values and to @MainActor views, and styles keyed by state.
import AssetPlaceholders

// snippet.views
@MainActor class View { var backgroundColor = PlaceholderColor.clear }
@MainActor final class Switch: View { var isOn = false }

let white = StyleDecoration<View> { $0.backgroundColor = .white }
let on = StyleDecoration<Switch> { $0.isOn = true }
// A superclass's decoration joins a subclass's through a closure, which the compiler checks:
// `on + { white($0) }` is a StyleDecoration<Switch>; a decoration of an unrelated class does not compile.
let whiteSwitch = on + { white($0) }
let toggle = Switch()
whiteSwitch(toggle)  // toggle.isOn == true, toggle.backgroundColor == .white
// snippet.end

// snippet.values
let rounded = StyleDecoration.of(PlaceholderAppearance.self) { $0.border.cornerRadius = 12 }
let pink = StyleDecoration<PlaceholderAppearance> { $0.backgroundColor = .systemPink }
let look = (rounded + pink).applied(to: .standard)
// snippet.end

// snippet.states
struct MyViewState: OptionSet, Hashable {
    let rawValue: Int
    static let normal = MyViewState(rawValue: 1 << 0)
    static let disabled = MyViewState(rawValue: 1 << 1)
    static let favorite = MyViewState(rawValue: 1 << 2)
    static let selected = MyViewState(rawValue: 1 << 3)
}

var view = StateDecorated(PlaceholderAppearance.standard, state: MyViewState.normal)
view.prepare(.disabled) { $0.backgroundColor = .gray }
view.prepare(.favorite) { $0.backgroundColor = .yellow }
view.state = .disabled  // the grey background is applied
// snippet.end
print(toggle.isOn, look.border.cornerRadius, view.value.backgroundColor == .gray)
