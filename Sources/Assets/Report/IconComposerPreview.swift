/// What the report draws of an Icon Composer bundle (Xcode 26's `NAME.icon`, found in the project by
/// `report --sources`): its layer images in `icon.json`'s order (groups, then each group's layers), each with
/// its bytes when they could be read, and the bundle's findings. Made by `IconComposerBundle.preview` in
/// `AssetReferences` (the target that finds the bundles); drawn by `CatalogHTMLReport.iconSection`.
package struct IconComposerPreview: Sendable {
    package struct Layer: Sendable {
        /// The layer's `image-name` (a file in the bundle's `Assets/`).
        package var name: String
        /// The index of its group in `icon.json`.
        package var group: Int
        /// The appearance an `image-name-specializations` entry gives it (`dark`, `tinted`); nil for the default.
        package var appearance: String?
        /// Its bytes, or nil when they were not read (`problem` says why).
        package var bytes: [UInt8]?
        package var problem: String?
        /// `"hidden": true` in `icon.json`.
        package var hidden: Bool

        package init(name: String, group: Int, appearance: String? = nil, bytes: [UInt8]?, problem: String?, hidden: Bool) {
            self.name = name
            self.group = group
            self.appearance = appearance
            self.bytes = bytes
            self.problem = problem
            self.hidden = hidden
        }
    }

    /// The bundle, relative to the project.
    package var path: String
    package var layers: [Layer]
    /// How many layers `icon.json` names past the ones drawn (`maxDrawn`).
    package var undrawn: Int
    package var findings: [CatalogDiagnostic]

    /// The most layers drawn of one bundle, and the largest layer file read for it.
    package static let maxDrawn = 16
    package static let maxLayerBytes = 8 << 20

    package init(path: String, layers: [Layer], undrawn: Int = 0, findings: [CatalogDiagnostic] = []) {
        self.path = path
        self.layers = layers
        self.undrawn = undrawn
        self.findings = findings
    }
}
