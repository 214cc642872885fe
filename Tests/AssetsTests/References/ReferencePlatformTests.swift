import Foundation
import Testing
@testable import AssetReferences
@testable import Assets

/// Target-aware resolution by platform (#32): a lookup inside `#if TARGET_OS_TV` / `#if os(tvOS)` finds only the
/// catalogs the project's tvOS targets copy (VLC's `VLCNetworkImageView.m` asks for `audio` there; only the iOS
/// catalog has `Audio`).
@Suite("References: platform branches resolve against their platform's catalogs")
struct ReferencePlatformTests {
    /// An iOS app target copying `Resources/iOS/Images.xcassets` (SOURCE_ROOT) and a tvOS one copying
    /// `Resources/tvOS/Images.xcassets` through its groups, written as Xcode writes a project.
    static let pbxproj = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjects = {
        /* Begin PBXBuildFile section */
        \t\tB1 /* Images.xcassets in Resources */ = {isa = PBXBuildFile; fileRef = F1 /* Images.xcassets */; };
        \t\tB2 /* Images.xcassets in Resources */ = {isa = PBXBuildFile; fileRef = F2 /* Images.xcassets */; };
        \t\tF1 /* Images.xcassets */ = {isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; name = Images.xcassets; path = Resources/iOS/Images.xcassets; sourceTree = SOURCE_ROOT; };
        \t\tF2 /* Images.xcassets */ = {isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = Images.xcassets; sourceTree = "<group>"; };
        \t\tG0 = {isa = PBXGroup; children = (G1, F1); sourceTree = "<group>"; };
        \t\tG1 /* Resources */ = {isa = PBXGroup; children = (G2); path = Resources; sourceTree = "<group>"; };
        \t\tG2 /* tvOS */ = {isa = PBXGroup; children = (F2, ); path = tvOS; sourceTree = "<group>"; };
        \t\tP1 = {isa = PBXResourcesBuildPhase; files = (B1 /* Images.xcassets in Resources */, ); };
        \t\tP2 = {isa = PBXResourcesBuildPhase; files = (B2, ); };
        \t\tT1 /* VLC-iOS */ = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (P1, ); name = "VLC-iOS"; };
        \t\tT2 /* VLC-tvOS */ = {isa = PBXNativeTarget; buildConfigurationList = L2; buildPhases = (P2); name = "VLC-tvOS"; };
        \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1, ); };
        \t\tL2 = {isa = XCConfigurationList; buildConfigurations = (C2, ); };
        \t\tC1 /* Debug */ = {isa = XCBuildConfiguration; buildSettings = { SDKROOT = iphoneos; "OTHER_FLAGS[arch=*]" = ("-a", "-b"); }; name = Debug; };
        \t\tC2 /* Debug */ = {isa = XCBuildConfiguration; buildSettings = { SDKROOT = appletvos; }; name = Debug; };
        \t\tR0 = {isa = PBXProject; mainGroup = G0; targets = (T1, T2); };
        \t};
        \trootObject = R0;
        }
        """

    static func project() throws -> ProjectFixture {
        let project = try ProjectFixture()
        try project.write("VLC.xcodeproj/project.pbxproj", pbxproj)
        try project.imageSet("Audio", in: "Resources/iOS/Images.xcassets")
        try project.imageSet("movie", in: "Resources/iOS/Images.xcassets")
        try project.imageSet("movie", in: "Resources/tvOS/Images.xcassets")
        return project
    }

    @Test("the project's catalogs and their targets' platforms, through SOURCE_ROOT and groups")
    func catalogPlatforms() throws {
        let platforms = XcodeProjectTargets.catalogPlatforms(Array(Self.pbxproj.utf8))
        #expect(platforms == ["Resources/iOS/Images.xcassets": ["iOS"], "Resources/tvOS/Images.xcassets": ["tvOS"]])
    }

    @Test("`audio` inside #if TARGET_OS_TV is missing from the tvOS catalog, not a case slip of the iOS catalog's `Audio`")
    func objectiveCBranch() throws {
        // Given VLC's shape: the lookup in a tvOS branch, the set only in the iOS catalog, in another case
        let project = try Self.project()
        try project.write(
            "Sources/VLCNetworkImageView.m",
            """
            #if TARGET_OS_TV
            - (void)update {
                [self setImage:[UIImage imageNamed:@"movie"]];
                [self setImage:[UIImage imageNamed:@"audio"]];
            }
            #endif
            """)

        // When scanned
        let (_, findings) = try project.scan()

        // Then `audio` is missing at its line, with no case finding, and `movie` is found in the tvOS catalog
        let missing = findings.findings(.missingAsset)
        #expect(missing.map(\.position?.line) == [4], "\(findings.diagnostics)")
        #expect(
            missing.first?.message.contains("asks for \"audio\", which no catalog of its tvOS branch's targets (1 of 2 read)") == true,
            "\(missing)")
        #expect(findings.findings(.assetNameCase).isEmpty, "\(findings.diagnostics)")
        #expect(findings.uses["Resources/tvOS/Images.xcassets/movie.imageset"]?.count == 1)
    }

    @Test("Swift: #if os(iOS) finds the iOS catalog; #else and code outside branches find every catalog")
    func swiftBranches() throws {
        let project = try Self.project()
        try project.write(
            "Sources/Player.swift",
            """
            #if os(iOS)
            let a = UIImage(named: "Audio")
            #else
            let b = UIImage(named: "Audio")
            #endif
            #if os(tvOS) && DEBUG
            let c = UIImage(named: "Audio")
            #endif
            let d = UIImage(named: "movie")
            """)

        let (_, findings) = try project.scan()

        // Only the tvOS branch's lookup is missing; the #else branch may be any platform but tvOS's sibling
        #expect(findings.findings(.missingAsset).map(\.position?.line) == [7], "\(findings.diagnostics)")
    }

    @Test(
        "conditions that test no one platform give none",
        arguments: [
            ("os(iOS) || os(tvOS)", nil), ("!os(tvOS)", nil), ("TARGET_OS_IPHONE", nil), ("TARGET_OS_TV == 1", "tvOS"),
            ("(TARGET_OS_TV)", "tvOS"), ("os(macOS) // the Mac", "macOS"), ("canImport(UIKit)", nil),
        ] as [(String, String?)])
    func conditions(condition: String, platform: String?) {
        #expect(PlatformBranches.platform(of: condition) == platform)
    }

    @Test("a project file that is not a property list gives no platforms, and every catalog stays in reach")
    func unreadableProject() throws {
        #expect(XcodeProjectTargets.catalogPlatforms(Array("{ objects = { A = {isa = ".utf8)) == nil)
        #expect(XcodeProjectTargets.catalogPlatforms(Array((String(repeating: "(", count: 10_000)).utf8)) == nil)
    }
}
