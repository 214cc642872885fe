import Foundation
import Testing
@testable import AssetReferences
@testable import Assets
@testable import AssetsSupport

@Suite("References: Package.swift targets and what their bundles ship")
struct PackageManifestTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47]

    static let designKit = """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            name: "DesignKit",
            defaultLocalization: "en",
            products: [.library(name: "DesignKit", targets: ["DesignKit"])],
            targets: [
                .target(
                    name: "DesignKit",
                    dependencies: [],
                    exclude: ["Old"],
                    resources: [
                        .process("Processed"),
                        .copy("Images"),
                        .process("Localized", localization: .default),
                        .embedInCode("Embedded/embedded.png"),
                    ]
                ),
                .testTarget(name: "DesignKitTests", dependencies: ["DesignKit"]),
                .binaryTarget(name: "Vendor", path: "Vendor.xcframework"),
            ]
        )
        for target in package.targets { target.swiftSettings = [.enableUpcomingFeature("ExistentialAny")] }
        """

    @Test("a manifest's targets, paths, excludes and resources are read as written")
    func readsTargets() {
        let manifest = PackageManifest.read(Array(Self.designKit.utf8), file: "Packages/DesignKit/Package.swift")

        #expect(manifest.unread == nil)
        #expect(manifest.folder == "Packages/DesignKit")
        #expect(manifest.targets.map(\.name) == ["DesignKit", "DesignKitTests"], "the binary target has no folder")
        #expect(manifest.targets.map(\.kind) == [.regular, .test])
        let kit = manifest.targets.first
        #expect(kit?.path == nil && kit?.exclude == ["Old"])
        #expect(
            kit?.resources == [
                .init(rule: .process, path: "Processed"), .init(rule: .copy, path: "Images"),
                .init(rule: .process, path: "Localized"), .init(rule: .embedInCode, path: "Embedded/embedded.png"),
            ])
    }

    @Test(
        "a manifest whose targets are built at run time is left unread, with the reason",
        arguments: [
            ("let all: [Target] = [.target(name: \"A\")]\nlet package = Package(name: \"P\", targets: all)", "built at run time"),
            ("let package = Package(name: \"P\", targets: [.target(name: \"A\")] + extra)", "built at run time"),
            ("let package = Package(name: \"P\", targets: [makeTarget(\"A\")])", "a target is built at run time"),
            ("let name = \"A\"\nlet package = Package(name: \"P\", targets: [.target(name: name)])", "name is not a literal"),
            ("let package = Package(name: \"P\", targets: [.target(name: \"A\", resources: res)])", "resources are not a literal array"),
            (
                "let package = Package(name: \"P\", targets: [.target(name: \"A\")])\npackage.targets.append(.target(name: \"B\"))",
                "package.targets"
            ),
            (
                "let package = Package(name: \"P\", targets: [.target(name: \"A\")])\nfor t in package.targets { t.resources = [] }",
                "t.resources"
            ),
            (
                "#if os(Linux)\nlet package = Package(name: \"P\", targets: [])\n#else\nlet package = Package(name: \"Q\", targets: [])\n#endif",
                "2 Package(…) calls"
            ),
            ("let x = 1", "no Package(…) call"),
        ])
    func dynamicManifests(source: String, reason: String) {
        let manifest = PackageManifest.read(Array(source.utf8), file: "Package.swift")

        #expect(manifest.unread?.contains(reason) == true, "\(manifest.unread ?? "read")")
        #expect(manifest.targets.isEmpty)
    }

    @Test(
        "a package's images answer as SwiftPM bundles them: .process flattened, .copy keeping its folder, excluded and undeclared files in no bundle"
    )
    func packageResources() throws {
        // Given a package with every rule, and lookups of each image
        let project = try ProjectFixture()
        try project.write("Packages/DesignKit/Package.swift", Self.designKit)
        let kit = "Packages/DesignKit/Sources/DesignKit"
        try project.write("\(kit)/Processed/icons/processed_icon@2x.png", Self.png)
        try project.write("\(kit)/Localized/en.lproj/flag.png", Self.png)
        try project.write("\(kit)/Images/copied.png", Self.png)
        try project.write("\(kit)/Old/old_icon.png", Self.png)
        try project.write("\(kit)/undeclared.png", Self.png)
        try project.write("\(kit)/Embedded/embedded.png", Self.png)
        try project.write("Packages/DesignKit/Tests/DesignKitTests/snapshot.png", Self.png)
        try project.write("Packages/DesignKit/Art/outside_targets.png", Self.png)
        try project.imageSet("kit_used", in: "\(kit)/Media.xcassets")
        try project.imageSet("kit_unused", in: "\(kit)/Media.xcassets")
        try project.imageSet("app_unused")
        try project.write(
            "\(kit)/Views.swift",
            """
            let a = UIImage(named: "processed_icon", in: .module, compatibleWith: nil)
            let b = UIImage(named: "Images/copied", in: .module, compatibleWith: nil)
            let c = UIImage(named: "flag", in: .module, compatibleWith: nil)
            let d = UIImage(named: "kit_used", in: .module, compatibleWith: nil)
            let e = UIImage(named: "outside_targets")
            let f = UIImage(named: "copied", in: .module, compatibleWith: nil)
            let g = UIImage(named: "old_icon", in: .module, compatibleWith: nil)
            let h = UIImage(named: "undeclared", in: .module, compatibleWith: nil)
            let i = UIImage(named: "embedded", in: .module, compatibleWith: nil)
            let j = UIImage(named: "snapshot")
            """)

        // When scanned
        let (scan, findings) = try project.scan()

        // Then the shipped names are found, the others are missing and say why
        #expect(findings.missingNames.sorted() == ["copied", "embedded", "old_icon", "snapshot", "undeclared"], "\(findings.diagnostics)")
        let messages = Dictionary(
            uniqueKeysWithValues: findings.findings(.missingAsset).map { ($0.message.split(separator: "\"")[1], $0.message) })
        #expect(messages["copied"]?.contains("keeps its folder: it answers to \"Images/copied\"") == true)
        #expect(messages["old_icon"]?.contains("excluded from package target DesignKit") == true)
        #expect(messages["undeclared"]?.contains("no resource in its manifest declares it") == true)
        #expect(messages["embedded"]?.contains(".embedInCode") == true)
        #expect(messages["snapshot"]?.contains("package target DesignKitTests") == true)
        // And the package's catalog is tied to its target, in the unused finding and the scan
        let unused = findings.findings(.unusedAsset)
        #expect(unused.map(\.path) == ["App/Assets.xcassets/app_unused.imageset", "\(kit)/Media.xcassets/kit_unused.imageset"])
        #expect(unused.last?.relatedSet?.target == "DesignKit")
        #expect(unused.last?.message.contains("an image set \"kit_unused\" of package target DesignKit") == true)
        #expect(unused.first?.relatedSet?.target == nil)
        #expect(scan.bundles.catalogTargets == ["\(kit)/Media.xcassets": "DesignKit"])
        #expect(scan.scanSummary.contains("; 1 package manifest (2 targets, 1 catalog in them)"), "\(scan.scanSummary)")
    }

    @Test("a manifest not read as written, a .podspec beside one, or a file a project lists: loose images answer to their names as before")
    func doubtKeepsLooseImages() throws {
        // Given a dynamic manifest, a package with a podspec, and an undeclared image an Xcode project lists
        let project = try ProjectFixture()
        try project.write(
            "Dynamic/Package.swift",
            """
            import PackageDescription
            let targets: [Target] = [.target(name: "Dynamic")]
            let package = Package(name: "Dynamic", targets: targets)
            """)
        try project.write("Dynamic/Sources/Dynamic/dynamic_icon.png", Self.png)
        try project.write("Podded/Package.swift", #"let package = Package(name: "Podded", targets: [.target(name: "Podded")])"#)
        try project.write("Podded/Podded.podspec", "Pod::Spec.new do |s| s.resources = 'Sources/**/*.png' end")
        try project.write("Podded/Sources/Podded/podded_icon.png", Self.png)
        try project.write("Kit/Package.swift", #"let package = Package(name: "Kit", targets: [.target(name: "Kit")])"#)
        try project.write("Kit/Sources/Kit/listed_icon.png", Self.png)
        try project.write("Kit/Sources/Kit/unlisted_icon.png", Self.png)
        try project.write(
            "App.xcodeproj/project.pbxproj",
            """
            \t\tA1 /* listed_icon.png */ = {isa = PBXFileReference; lastKnownFileType = image.png; path = listed_icon.png; sourceTree = "<group>"; };
            """)
        try project.write(
            "App/View.swift",
            """
            let a = UIImage(named: "dynamic_icon")
            let b = UIImage(named: "podded_icon")
            let c = UIImage(named: "listed_icon")
            let d = UIImage(named: "unlisted_icon")
            """)

        // When scanned
        let (scan, findings) = try project.scan()

        // Then only the image a readable manifest leaves out of its bundle is missing, and the summary names the unread manifests
        #expect(findings.missingNames == ["unlisted_icon"], "\(findings.diagnostics)")
        #expect(
            scan.scanSummary.contains(
                "not read as written, so their folders' images count as bundled: "
                    + "Dynamic/Package.swift (its targets are built at run time (targets: targets)), Podded/Package.swift (a .podspec beside it"
            ),
            "\(scan.scanSummary)")
    }
}
