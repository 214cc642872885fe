extension CatalogDiagnostic.Code {
    /// A short title for the code, as rule lists (SARIF, GitLab) show it.
    public var title: String {
        switch self {
        case .invalidJSON: return "Contents.json does not parse or has the wrong shape"
        case .missingContents: return "Set folder without Contents.json"
        case .missingFile: return "Listed file is missing"
        case .unlistedFile: return "File that no entry lists"
        case .undecodableImage: return "Image does not decode"
        case .formatMismatch: return "Extension and content disagree"
        case .unsupportedFormat: return "File whose content cannot be checked"
        case .scaleMismatch: return "Pixel sizes do not follow the scales"
        case .duplicateName: return "Two sets with the same name"
        case .ambiguousVariant: return "Two entries claim the same slot"
        case .unsafePath: return "Path reaching outside the catalog"
        case .unknownValue: return "Value outside Apple's vocabulary"
        case .emptyAsset: return "Set with no file"
        case .animatedInImageSet: return "Animated GIF in an image set"
        case .missingPlaceholder: return "Conventional placeholder image missing"
        case .ignoredConfig: return "Configuration file not read"
        case .missingAsset: return "Name the code asks for that no catalog has"
        case .unusedAsset: return "Set that nothing uses"
        case .assetKindMismatch: return "Name asked for as the wrong kind of asset"
        case .assetNameCase: return "Name that matches a set only apart from case"
        case .dynamicAssetName: return "Asset name built at run time"
        case .unreadableSource: return "Source file that could not be scanned"
        case .duplicateImage: return "Same pixels in another file"
        case .unusedScale: return "Scale no supported device loads"
        case .oversizedImage: return "More pixels than the set can show"
        case .compressibleImage: return "Image that shrinks losslessly"
        case .iconAlpha: return "App Store or watchOS icon with an alpha channel"
        case .storeIconFormat: return "App Store icon that is not a 1024x1024 PNG"
        case .mixedIconSizes: return "Single-size or dark icons beside sized icons"
        case .opaqueDarkIcon: return "Dark icon with an opaque background"
        case .missingIconSize: return "Icon size App Store Connect requires is missing"
        case .missingAppIcon: return "App icon name the project asks for that no icon set has"
        case .invalidIconFile: return "Icon Composer file with a broken icon.json or layer image"
        }
    }

    /// What the code means and what to do about it: the help text of SARIF rules and of `validate`'s
    /// documentation (the table of Docs/diagnostics.md says the same).
    public var help: String {
        switch self {
        case .invalidJSON:
            return "A Contents.json does not parse (the line and column are given) or a key has the wrong shape "
                + "(the key path is given, e.g. images[2].scale). Fix the JSON; Xcode rejects the set otherwise."
        case .missingContents:
            return "A set folder has no Contents.json, so Xcode does not know what the set holds. Add one, or remove the folder."
        case .missingFile:
            return "An entry's filename names a file that is not in the set folder: the app gets no image for that slot. "
                + "Add the file or correct the name."
        case .unlistedFile:
            return "A file in a set folder that no entry of Contents.json lists: Xcode ignores it. List it or delete it."
        case .undecodableImage:
            return "An image fails to decode or the codec reports damage (truncated, corrupt, no end marker); a PDF "
                + "without header or %%EOF; an SVG that is not well-formed XML with an <svg> root. Export the file again."
        case .formatMismatch:
            return "The file extension says one format and the bytes another. Rename the file or convert it."
        case .unsupportedFormat:
            return "A file whose content this tool cannot check (HEIC, WebP, unknown bytes in an image set)."
        case .scaleMismatch:
            return "The 2x and 3x pixel sizes are not exactly 2 and 3 times the 1x size (or 3/2 of the 2x size when "
                + "there is no 1x). Export each scale from the same source."
        case .duplicateName:
            return "Two sets of any types have the same fully qualified name; the app gets one of them. Rename one."
        case .ambiguousVariant:
            return "Two entries of a set claim the same slot (every key but filename); Xcode keeps one. Remove or change one."
        case .unsafePath:
            return "A filename with /, \\ or ..; a symbolic link leading out of the catalog or looping; folders nested "
                + "over 48 deep. Such paths are not read."
        case .unknownValue:
            return "An idiom, scale, appearance, size class, gamut, direction, rendering intent, colour space or folder "
                + "type outside Apple's vocabulary: Xcode ignores it or rejects the set."
        case .emptyAsset:
            return "A set with no file assigned (a colour set with no colour): it gives nothing at run time."
        case .animatedInImageSet:
            return "An animated GIF in an image set, where UIKit shows only the first frame. Put it in a data set."
        case .missingPlaceholder:
            return "One of " + PlaceholderRole.expectedInCatalog.map(\.conventionalName).joined(separator: ", ")
                + " is absent, so that state shows no image. An error with --require-placeholders."
        case .ignoredConfig:
            return "A .asset-tool.json was found and not read: inside the catalog it would configure (a catalog, and a pull "
                + "request changing it, never relaxes its own checks) or a symbolic link. Put the configuration in the project "
                + "folder (beside the catalog, up to the repository root) as a regular file."
        case .missingAsset:
            return "The code asks for a name (UIImage(named:), Image(_:), UIColor(named:), a storyboard's image=, ...) that no "
                + "catalog and no loose bundle image provides: it comes back nil, so the screen shows its placeholder, or "
                + "crashes where the result is force-unwrapped. Fix the name or add the set (asset-tool refs; Docs/refs.md)."
        case .unusedAsset:
            return "No reference in code, storyboard, Info.plist, build setting, placeholders.json or declared dynamic name "
                + "(\"dynamic_names\" in .asset-tool.json) uses the set: delete it, or declare the pattern that loads it."
        case .assetKindMismatch:
            return "The name is a set of another kind: Color(\"x\") of an image set, UIImage(named:) of a colour set, a "
                + "data set asked for as an image. The call returns nil."
        case .assetNameCase:
            return "The name matches a set only apart from case: it works on a case-insensitive Mac file system in a "
                + "loose file and fails in the compiled catalog and on other systems. Use the set's exact name."
        case .dynamicAssetName:
            return "A name built at run time (interpolation, concatenation, a variable): the sets its literal prefix and "
                + "suffix could match are listed and count as used. Declare the pattern in .asset-tool.json's dynamic_names."
        case .unreadableSource:
            return "A source file or folder the scan could not read whole (too large, not UTF-8, a FIFO, a link loop, "
                + "nested past the parser's limit): references in it may be missed, so nothing is skipped silently."
        case .duplicateImage:
            return "A file decodes to the same pixels (and colour profile and orientation) as another file of the project: "
                + "in another set, another catalog, or another scale of its set. The app ships both; use one set for both."
        case .unusedScale:
            return "A file at a scale no device of the deployment target loads: 1x for an iOS app that targets iOS 10 or "
                + "later, a 1x Display P3 variant, an ~ipad (idiom ipad) file in an iPhone-only app. Delete it."
        case .oversizedImage:
            return "A file with more than twice the pixels a side its set can show at its scale (from its 1x/2x siblings "
                + "or a point size in .asset-tool.json). Export it at the size it is shown."
        case .compressibleImage:
            return "A PNG or JPEG that a lossless rewrite (asset-tool optimize) makes smaller by more than the threshold "
                + "(10 % and 4 KiB by default), with every decoded pixel, colour profile and orientation unchanged. The bytes "
                + "are the repository's: actool re-encodes a catalog's PNGs into Assets.car, so the app may not get smaller."
        case .iconAlpha:
            return "The App Store icon (ios-marketing, or the single-size 1024 iOS icon) or a watchOS icon is a PNG with an "
                + "alpha channel (colour type 4 or 6, or a tRNS chunk): App Store Connect rejects the upload (ITMS-90717, "
                + "ITMS-90396 for watchOS), even when every pixel is opaque. Save it as RGB without alpha."
        case .storeIconFormat:
            return
                "The App Store icon is not a PNG, or not 1024x1024 pixels: App Store Connect takes only a 1024x1024 PNG. Export it again."
        case .mixedIconSizes:
            return "An app icon set mixes Xcode 14's single-size entries with per-size entries for one platform, or has dark "
                + "or tinted icons beside per-size entries (the device uses the sized files and never shows them). Choose one layout."
        case .opaqueDarkIcon:
            return "A dark app icon with no alpha channel, so its background is opaque, where Apple asks for a transparent "
                + "background that the system fills. Export the dark icon's foreground on transparency."
        case .missingIconSize:
            return "A classic (per-size) iOS icon set lacks a size App Store Connect requires: iPhone 60pt@2x (120 px), "
                + "iPad 76pt@2x (152 px) and 83.5pt@2x (167 px) when the set has icons for that device, and the 1024 App Store icon."
        case .missingAppIcon:
            return "A build setting (ASSETCATALOG_COMPILER_APPICON_NAME, ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES), an "
                + "Info.plist's CFBundleIconName or a setAlternateIconName call names an app icon that no app icon set (or Icon "
                + "Composer .icon file) in the project provides: the asset compiler fails the build, or the icon never changes. "
                + "Fix the name or add the set."
        case .invalidIconFile:
            return "An Icon Composer .icon file (Xcode 26) whose icon.json does not read or has the wrong shape, or names a "
                + "layer image that is not in its Assets folder or is not a PNG, SVG or PDF: the icon does not compile as designed. "
                + "Open it in Icon Composer and save it again."
        }
    }
}
