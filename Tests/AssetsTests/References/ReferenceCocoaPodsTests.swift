import Foundation
import Testing
@testable import AssetReferences
@testable import Assets
@testable import AssetsSupport

@Suite("References: a committed Pods folder's resources scripts")
struct ReferenceCocoaPodsTests {
    /// A resources script as CocoaPods writes it: the `install_resource` function, then one call per resource
    /// inside a build configuration's `if`.
    static func resourcesScript(_ resources: [String]) -> String {
        """
        #!/bin/sh
        set -e
        install_resource()
        {
          if [[ "$1" = /* ]] ; then
            RESOURCE_PATH="$1"
          else
            RESOURCE_PATH="${PODS_ROOT}/$1"
          fi
        }
        if [[ "$CONFIGURATION" == "Debug" ]]; then
        \(resources.map { "  install_resource \"\($0)\"" }.joined(separator: "\n"))
        fi
        if [[ "$CONFIGURATION" == "Release" ]]; then
        \(resources.map { "  install_resource \"\($0)\"" }.joined(separator: "\n"))
        fi

        """
    }

    static let cell = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB">
            <state key="normal" title="Button" image="files"/>
            <imageView image="kit_icon" id="2"/>
            <imageView image="close" id="3"/>
        </document>
        """

    /// An app with a cell xib and a Swift file, and a Pods folder with one pod whose catalog holds `kit_icon`
    /// and `kit_unused`.
    static func project(script: String?) throws -> ProjectFixture {
        let project = try ProjectFixture()
        try project.imageSet("header")
        try project.write("App/Cell.xib", cell)
        try project.write(
            "App/View.swift",
            """
            let header = UIImage(named: "header")
            let kit = UIImage(named: "kit_icon")
            let absent = UIImage(named: "kit_absent")
            """)
        try project.imageSet("kit_icon", in: "Pods/Kit/Kit/Assets.xcassets")
        try project.imageSet("kit_unused", in: "Pods/Kit/Kit/Assets.xcassets")
        try project.write("Pods/Kit/Kit/Kit.m", "")
        try project.write("Pods/Target Support Files/Pods-App/Pods-App-dummy.m", "")
        if let script { try project.write("Pods/Target Support Files/Pods-App/Pods-App-resources.sh", script) }
        return project
    }

    @Test("the catalogs a resources script installs answer lookups (Swift and Interface Builder); other names are missing")
    func installedCatalogs() throws {
        // Given a resources script installing the pod's catalog, a loose image and the pod's resource bundle
        let project = try Self.project(
            script: Self.resourcesScript([
                "${PODS_ROOT}/Kit/Kit/Assets.xcassets", "${PODS_ROOT}/Kit/Kit/close@2x.png",
                "${PODS_CONFIGURATION_BUILD_DIR}/Kit/KitResources.bundle",
            ]))

        // When scanned
        let (scan, findings) = try project.scan()

        // Then the pod's sets and image answer, the names nothing has are missing (the xib's too), and the pod's
        // unused set is not the app's to remove
        #expect(scan.podsRead == ["Pods"])
        #expect(scan.podCatalogs == ["Pods/Kit/Kit/Assets.xcassets"])
        #expect(findings.missingNames.sorted() == ["files", "kit_absent"], "\(findings.diagnostics)")
        #expect(findings.findings(.missingAsset).first { $0.path == "App/Cell.xib" }?.position?.line == 3)
        #expect(findings.unusedNames.isEmpty)
    }

    @Test("a resources script that installs nothing: Interface Builder names are judged against the app's catalogs")
    func emptyScript() throws {
        // Given a resources script with no install_resource call (the pods have no resources)
        let project = try Self.project(script: Self.resourcesScript([]))

        // When scanned
        let (scan, findings) = try project.scan()

        // Then the xib's names and the Swift lookups no app catalog has are missing; the pod's catalog is not read
        #expect(scan.podCatalogs.isEmpty)
        #expect(findings.missingNames.sorted() == ["close", "files", "kit_absent", "kit_icon", "kit_icon"].sorted())
    }

    @Test("without a readable resources script, or with a path it cannot place, an Interface Builder name is never missing")
    func unknownResources() throws {
        // Given a Pods folder whose aggregate target has no resources script, and one whose script names a
        // path through a variable not known
        for script in [nil, Self.resourcesScript(["${SRCROOT}/Elsewhere/Assets.xcassets"])] {
            let project = try Self.project(script: script)

            // When scanned
            let (scan, findings) = try project.scan()

            // Then the xib's names are not judged (a pod's catalog may have them); a Swift lookup still is
            #expect(scan.podsRead.isEmpty)
            #expect(findings.missingNames.sorted() == ["kit_absent", "kit_icon"])
        }
    }

    @Test("resource paths: Pods-relative, development pods inside the project, bundles, never above the project")
    func placing() {
        #expect(CocoaPodsResources.place("${PODS_ROOT}/Kit/A.xcassets", pods: "Pods") == .catalog("Pods/Kit/A.xcassets"))
        #expect(CocoaPodsResources.place("../LocalKit/Res/A.xcassets", pods: "ios/Pods") == .catalog("ios/LocalKit/Res/A.xcassets"))
        #expect(CocoaPodsResources.place("${PODS_ROOT}/../../../etc/A.xcassets", pods: "Pods") == nil)
        #expect(CocoaPodsResources.place("/Users/x/A.xcassets", pods: "Pods") == nil)
        #expect(CocoaPodsResources.place("${BUILT_PRODUCTS_DIR}/Kit.bundle", pods: "Pods") == .elsewhere)
        #expect(CocoaPodsResources.place("${BUILT_PRODUCTS_DIR}/Kit.xcassets", pods: "Pods") == nil)
        #expect(CocoaPodsResources.place("Kit/icon~ipad.png", pods: "Pods") == .image("icon"))
        #expect(CocoaPodsResources.place("Kit/Main.storyboard", pods: "Pods") == .elsewhere)
        // CocoaPods 0.x quoted with single quotes; an input file list names the script itself first
        #expect(
            CocoaPodsResources.installLines("install_resource 'Kit/A.xcassets'\n  install_resource \"B.png\"") == [
                "Kit/A.xcassets", "B.png",
            ])
        #expect(CocoaPodsResources.installLines("install_resource \"${PODS_ROOT}/a b\" extra") == nil)
        #expect(
            CocoaPodsResources.listLines("${PODS_ROOT}/Target Support Files/Pods-App/Pods-App-resources.sh\n${PODS_ROOT}/Kit/A.xcassets\n")
                == ["${PODS_ROOT}/Kit/A.xcassets"])
    }

    @Test("CocoaPods 1.7+'s input file list alone is read like the script")
    func inputFileList() throws {
        // Given only the input file list for a configuration
        let project = try Self.project(script: nil)
        try project.write(
            "Pods/Target Support Files/Pods-App/Pods-App-resources-Debug-input-files.xcfilelist",
            "${PODS_ROOT}/Target Support Files/Pods-App/Pods-App-resources.sh\n${PODS_ROOT}/Kit/Kit/Assets.xcassets\n")

        // When scanned
        let (scan, findings) = try project.scan()

        // Then the pod's catalog answers
        #expect(scan.podCatalogs == ["Pods/Kit/Kit/Assets.xcassets"])
        #expect(findings.missingNames.sorted() == ["close", "files", "kit_absent"])
    }
}
