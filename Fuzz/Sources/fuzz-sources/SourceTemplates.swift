/// The texts `fuzz-sources` splices names into: each template holds `\u{1}` where the name goes, written
/// raw (so a name may end a string literal, an XML attribute or a build setting early), and each file's
/// frame around its fragments. Shapes the scanners look for: lookups, generated symbols and accessors,
/// names built at run time, Info.plist icon keys, asset-catalog build settings, package resources.
enum SourceTemplates {
    static let swift = [
        "let _ = UIImage(named: \"\u{1}\")",
        "Image(\"\u{1}\")",
        "Image(decorative: \"\u{1}\")",
        "UIImage(named: \"\u{1}\", in: .main, compatibleWith: nil)",
        "NSImage(named: NSImage.Name(\"\u{1}\"))",
        "Color(\"\u{1}\")",
        "UIColor(named: \"\u{1}\")",
        "Image(.\u{1})",
        "UIImage(resource: .\u{1})",
        "#imageLiteral(resourceName: \"\u{1}\")",
        "Label(\"t\", image: \"\u{1}\")",
        "UIImage(named: \"\u{1}\\(index)_x\")",
        "let name = \"\u{1}\"; _ = UIImage(named: name)",
        "Asset.Images.\u{1}.image",
        "R.image.\u{1}()",
        "NSDataAsset(name: \"\u{1}\")",
        "Image(systemName: \"\u{1}\")",
        "Button(\"t\", image: ImageResource(name: \"\u{1}\", bundle: .module)) {}",
        "internal static let \u{1} = ImageAsset(name: \"\u{1}\")",
        "#if DEBUG\nImage(\"\u{1}\")\n#elseif os(macOS)\nNSImage(named: \"\u{1}\")\n#endif",
    ]
    static let swiftFrame = ("import SwiftUI\nimport UIKit\n\nstruct V: View {\n    var body: some View {\n", "    }\n}\n")

    static let objectiveC = [
        "[UIImage imageNamed:@\"\u{1}\"];",
        "[NSImage imageNamed:@\"\u{1}\"];",
        "[UIColor colorNamed:@\"\u{1}\"];",
        "[UIImage imageNamed:[NSString stringWithFormat:@\"\u{1}%d\", i]];",
        "[[NSDataAsset alloc] initWithName:@\"\u{1}\"];",
        "#define IMAGE @\"\u{1}\"\n[UIImage imageNamed:IMAGE];",
        "[UIImage systemImageNamed:@\"\u{1}\"];",
        "[UIImage imageNamed:ACImageName\u{1}];",
        "/* [UIImage imageNamed:@\"\u{1}\"]; */ // \u{1}",
        "[UIImage imageNamed:@\"\u{1}\" inBundle:nil compatibleWithTraitCollection:nil];",
    ]
    static let objectiveCFrame = ("#import <UIKit/UIKit.h>\n#import \"V.h\"\n\n@implementation V\n- (void)load:(int)i {\n", "}\n@end\n")
    static let headerFrame = ("#import <UIKit/UIKit.h>\n\n@interface V : NSObject\n", "@end\n")

    static let interfaceBuilder = [
        "<imageView image=\"\u{1}\" id=\"i1\"/>",
        "<button id=\"b1\"><state key=\"normal\" image=\"\u{1}\" backgroundImage=\"\u{1}\"/></button>",
        "<view id=\"v1\"><color key=\"backgroundColor\" name=\"\u{1}\"/></view>",
        "<view id=\"v2\"><userDefinedRuntimeAttributes><userDefinedRuntimeAttribute type=\"image\" keyPath=\"icon\" value=\"\u{1}\"/></userDefinedRuntimeAttributes></view>",
        "<tabBarItem title=\"t\" image=\"\u{1}\" selectedImage=\"\u{1}\" id=\"t1\"/>",
        "<imageView><imageReference key=\"image\" image=\"\u{1}\" symbolScale=\"large\"/></imageView>",
    ]
    static let interfaceBuilderResources = [
        "<image name=\"\u{1}\" width=\"16\" height=\"16\"/>",
        "<namedColor name=\"\u{1}\"><color red=\"1\" green=\"0\" blue=\"0\" alpha=\"1\" colorSpace=\"custom\" customColorSpace=\"sRGB\"/></namedColor>",
        "<systemColor name=\"\u{1}\"/>",
    ]
    static let xibFrame = (
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"3.0\"><objects>\n",
        "</objects>\n<resources>\n", "</resources>\n</document>\n"
    )
    static let storyboardFrame = (
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\"><scenes><scene sceneID=\"s\"><objects>\n",
        "</objects></scene></scenes>\n<resources>\n", "</resources>\n</document>\n"
    )

    static let propertyList = [
        "<key>CFBundleIconName</key><string>\u{1}</string>",
        "<key>CFBundleIconFile</key><string>\u{1}</string>",
        "<key>CFBundleIcons</key><dict><key>CFBundlePrimaryIcon</key><dict><key>CFBundleIconFiles</key><array><string>\u{1}</string></array><key>CFBundleIconName</key><string>\u{1}</string></dict><key>CFBundleAlternateIcons</key><dict><key>\u{1}</key><dict><key>CFBundleIconName</key><string>\u{1}</string></dict></dict></dict>",
        "<key>UILaunchScreen</key><dict><key>UIImageName</key><string>\u{1}</string><key>UIColorName</key><string>\u{1}</string></dict>",
        "<key>NSAccentColorName</key><string>\u{1}</string>",
        "<key>UIApplicationShortcutItems</key><array><dict><key>UIApplicationShortcutItemIconFile</key><string>\u{1}</string></dict></array>",
        "<key>NSExtension</key><dict><key>NSExtensionAttributes</key><dict><key>NSExtensionServiceToolbarIconFile</key><string>\u{1}</string><key>NSExtensionServiceTouchBarBezelColorName</key><string>\u{1}</string></dict></dict>",
        "<key>NSWidgetBackgroundColorName</key><string>\u{1}</string>",
    ]
    static let propertyListFrame = (
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n<dict>\n",
        "</dict>\n</plist>\n"
    )

    /// Build settings, written `KEY = VALUE;` in the project file and `KEY = VALUE` in the configuration file.
    static let settings = [
        "ASSETCATALOG_COMPILER_APPICON_NAME = \u{1}",
        "ASSETCATALOG_COMPILER_GLOBAL_ACCENT_COLOR_NAME = \u{1}",
        "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = \"\u{1} AppIcon\"",
        "ASSETCATALOG_COMPILER_APPICON_NAME = \"$(CE_\u{1})\"",
        "CE_\u{1} = \u{1}",
        "ASSETCATALOG_COMPILER_WIDGET_BACKGROUND_COLOR_NAME = \u{1}",
        "ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = \u{1}",
        "INFOPLIST_KEY_NSAccentColorName = \u{1}",
    ]
    static let projectFrame = (
        "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjectVersion = 56;\n\tobjects = {\n\t\tF1 = {isa = PBXFileReference; lastKnownFileType = image.png; path = \"loose.png\"; };\n\t\tC1 /* Debug */ = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {\n",
        "\t\t\t};\n\t\t\tname = Debug;\n\t\t};\n\t};\n\trootObject = C1;\n}\n"
    )

    static let packageResources = [
        ".process(\"\u{1}\")",
        ".copy(\"\u{1}\")",
        ".process(\"Assets.xcassets\")",
        ".copy(\"\u{1}.png\")",
    ]
    static let packageFrame = (
        "// swift-tools-version:5.9\nimport PackageDescription\n\nlet package = Package(\n    name: \"P\",\n    targets: [\n        .target(name: \"App\", path: \"App\", exclude: [\"Info.plist\"], resources: [\n",
        "\n        ]),\n    ]\n)\n"
    )

    /// Built up `count` times into the Swift file: each nests or chains once more (issue 37's crashes and
    /// quadratic chains came from these).
    static let repeated: [(open: String, close: String)] = [
        ("A<", ">"), ("try ", ""), ("await ", ""), ("#if A\n", "#endif\n"), (".b", ""), ("(", ")"), ("?.b", ""),
        (" else if a {}", ""), ("!", ""), ("[", "]"), ("{", "}"), ("Image(", ")"),
    ]

    /// `template` with every `\u{1}` replaced by `name`, as bytes (the name may be invalid UTF-8).
    static func splice(_ template: String, _ name: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        for byte in template.utf8 {
            if byte == 1 { out += name } else { out.append(byte) }
        }
        return out
    }
}
