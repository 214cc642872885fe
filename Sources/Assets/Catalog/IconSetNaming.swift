/// The naming rule of a macOS `.iconset` folder (the input of `iconutil`, and what an `Info.plist`
/// document icon names): no `Contents.json`; each file is `icon_<points>x<points>[@2x].png` for 16, 32, 128,
/// 256 and 512 points, and holds exactly points × scale pixels a side (Apple's "Human Interface
/// Guidelines: App icons" and `man iconutil`).
enum IconSetNaming {
    /// The point sizes an icon set may hold.
    static let pointSizes = [16, 32, 128, 256, 512]

    /// Every file name the rule allows, smallest first.
    static let allNames: [String] = pointSizes.flatMap { ["icon_\($0)x\($0).png", "icon_\($0)x\($0)@2x.png"] }

    /// The entry a file name stands for, nil when the name is not one of the rule's.
    static func entry(for filename: String) -> ImageEntry? {
        for points in pointSizes {
            let base = "icon_\(points)x\(points)"
            let scale: String
            if filename == base + ".png" {
                scale = "1x"
            } else if filename == base + "@2x.png" {
                scale = "2x"
            } else {
                continue
            }
            return ImageEntry(filename: filename, idiom: "mac", scale: scale, otherKeys: ["size": .string("\(points)x\(points)")])
        }
        return nil
    }

    /// The entries of an icon set folder holding `files`, in the rule's order.
    static func entries(for files: [String]) -> [ImageEntry] {
        allNames.filter(files.contains).compactMap(entry(for:))
    }
}
