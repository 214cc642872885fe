/// The asset name looked up for each placeholder role: the conventional names, unless a team maps its own.
///
/// ```swift
/// let names = PlaceholderNames.conventional.mapping(.emptyState, to: "imgZeroEmpty")
/// ```

public struct PlaceholderNames: Sendable, Hashable {
    /// Only the roles a team renamed; every other role keeps its conventional name.
    public private(set) var overrides: [PlaceholderRole: String]

    public init(overrides: [PlaceholderRole: String] = [:]) {
        self.overrides = overrides
    }

    /// `placeholder_error_icon`, `placeholder_loading_data_icon`, `placeholder_empty_state_icon`,
    /// `global_image_placeholder_icon`.
    public static let conventional = PlaceholderNames()

    /// The name looked up for `role`.
    public subscript(role: PlaceholderRole) -> String {
        overrides[role] ?? role.conventionalName
    }

    /// A copy where `role` is looked up as `name`.
    public func mapping(_ role: PlaceholderRole, to name: String) -> PlaceholderNames {
        var copy = self
        copy.overrides[role] = name
        return copy
    }

    /// A copy with every override of `other` laid over this one.
    public func merging(_ other: PlaceholderNames) -> PlaceholderNames {
        var copy = self
        copy.overrides.merge(other.overrides) { _, theirs in theirs }
        return copy
    }
}
