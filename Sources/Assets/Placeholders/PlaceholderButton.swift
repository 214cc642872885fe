/// A button in a placeholder: its title and the identifier of the action it triggers (`retry`, `open-settings`).
import AssetsSupport
import AssetsCodecs

public struct PlaceholderButton: Sendable, Hashable {
    public var title: PlaceholderText
    public var action: String

    public init(title: PlaceholderText = "", action: String = "") {
        self.title = title
        self.action = action
    }
}
