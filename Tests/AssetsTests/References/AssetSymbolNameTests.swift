import Testing
@testable import Assets

/// Xcode's generated asset symbol names, each expectation a pair read off a `GeneratedAssetSymbols.swift`
/// or `.h` that Xcode wrote (see `AssetSymbolName`'s header for the sources).
@Suite("Asset symbols: the names Xcode generates for a set")
struct AssetSymbolNameTests {
    private func member(_ name: String, color: Bool = false, image: Bool = false) -> String? {
        AssetSymbolName.swiftMember(name[...], isColor: color, isImage: image)
    }

    @Test("camel case: separators split words, the first word is lowered, the others capitalised")
    func camelCase() {
        #expect(member("tiko_avatar", image: true) == "tikoAvatar")
        #expect(member("ambient-dust-overlay", image: true) == "ambientDustOverlay")
        #expect(member("Sign_InBackGroung", image: true) == "signInBackGroung")
        #expect(member("Facebook Icon", image: true) == "facebookIcon")
        #expect(member("features 1 1", image: true) == "features11")
        #expect(member("Background-Page3", image: true) == "backgroundPage3")
        #expect(member("eGov_Service_MoreInfo_Icon", image: true) == "eGovServiceMoreInfoIcon")
        #expect(member("Locate me OFF", image: true) == "locateMeOFF")
    }

    @Test("a leading acronym is lowered whole; a mixed first word only at its first letter")
    func acronyms() {
        #expect(member("QR Icons", image: true) == "qrIcons")
        #expect(member("FTU-screen1", image: true) == "ftuScreen1")
        #expect(member("QRpedia_QR-Code Blue", image: true) == "qRpediaQRCodeBlue")
        #expect(member("O1LUkwy", image: true) == "o1LUkwy")
        // duckduckgo/iOS: `Image(.ddgBrowserIcon)`, `Image(.vpnAddWidgetTipIcon)` compile against these sets.
        #expect(member("DDGBrowserIcon", image: true) == "ddgBrowserIcon")
        #expect(member("VPNAddWidgetTipIcon", image: true) == "vpnAddWidgetTipIcon")
        #expect(member("CardHoarder", image: true) == "cardHoarder")
    }

    @Test("digits: a letter after a digit is capitalised; a leading digit gets an underscore")
    func digits() {
        #expect(member("10d", image: true) == "_10D")
        #expect(member("2ed", image: true) == "_2Ed")
        #expect(member("2x2", image: true) == "_2X2")
        #expect(member("3d_rotation", image: true) == "_3DRotation")
        #expect(member("1", image: true) == "_1")
        #expect(member("15d058e5b1d372de38f21d8055f89223", image: true) == "_15D058E5B1D372De38F21D8055F89223")
        #expect(member("210421-citykey-layout-city-key-55", image: true) == "_210421CitykeyLayoutCityKey55")
        #expect(member("a25", image: true) == "a25")
    }

    @Test("a name with no lower-case letter keeps its case and joins its words with underscores")
    func upperCaseNames() {
        #expect(member("HRV", image: true) == "HRV")
        #expect(member("B2", image: true) == "B_2")
        #expect(member("P1.1", image: true) == "P_1_1")
        #expect(member("AL-1", image: true) == "AL_1")
        #expect(member("MEESUK-B", image: true) == "MEESUK_B")
        #expect(member("16_9", image: true) == "_16_9")
        #expect(member("CLR_LABEL_TEXT_BLACK", color: true) == "CLR_LABEL_TEXT_BLACK")
    }

    @Test("the kind suffix: Color dropped from colour sets, Image from image sets, only at the end")
    func suffixes() {
        #expect(member("AccentColor", color: true) == "accent")
        #expect(member("vkBrandColor", color: true) == "vkBrand")
        #expect(member("shadowColor", color: true) == "shadow")
        #expect(member("shadowColor 1", color: true) == "shadowColor1")
        #expect(member("CLR_LAUNCH_SCREEN_COLOR", color: true) == "CLR_LAUNCH_SCREEN")
        #expect(member("noImage", image: true) == "no")
        #expect(member("copyLinkImage", image: true) == "copyLink")
        // Only the set's own kind: an image set named …Color keeps it, and the word alone is kept.
        #expect(member("AccentColor", image: true) == "accentColor")
        #expect(member("Color", color: true) == "color")
    }

    @Test("characters that are not identifiers: separators; letters of other scripts stay; nothing left is no symbol")
    func otherCharacters() {
        #expect(member("หมีสุข", image: true) == "หมีสุข")
        #expect(member("icon@home", image: true) == "iconHome")
        #expect(member("---", image: true) == nil)
    }

    @Test("namespaces are nested types; the Objective-C constant keeps the suffix and capitalises every word")
    func namespacesAndObjectiveC() {
        #expect(AssetSymbolName.swiftPath(qualifiedName: "Colors/Text/Primary", isColor: true, isImage: false) == "Colors.Text.primary")
        #expect(
            AssetSymbolName.swiftPath(qualifiedName: "TabBarIcons/Dashboard/Default", isColor: false, isImage: true)
                == "TabBarIcons.Dashboard.default")
        #expect(AssetSymbolName.swiftPath(qualifiedName: "Colors/121212", isColor: true, isImage: false) == "Colors._121212")
        #expect(
            AssetSymbolName.objectiveC(qualifiedName: "AppIcon-iOS-ClearDark-1024x1024", isColor: false)
                == "ACImageNameAppIconIOSClearDark1024X1024")
        #expect(AssetSymbolName.objectiveC(qualifiedName: "AccentColor", isColor: true) == "ACColorNameAccentColor")
        #expect(AssetSymbolName.objectiveC(qualifiedName: "onboarding-1", isColor: false) == "ACImageNameOnboarding1")
    }
}
