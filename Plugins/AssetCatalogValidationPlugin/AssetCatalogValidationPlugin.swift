import Foundation
import PackagePlugin

/// Validates the asset catalogs of the target it is applied to, on every build where a catalog changed.
///
/// One build command per catalog runs `asset-tool build-check`, which prints each finding as
/// `path:line:column: error: message [code]` (`path: error: ...` for a finding about a whole file), the
/// form `swift build` and Xcode show and Xcode puts on the line, and writes a small generated Swift file
/// only when the catalog has no error. The target's compile needs that file, so an error in the catalog
/// fails the build; warnings are printed and the build goes on. (A prebuild command cannot run a tool
/// built from source, hence a build command with an output.) The tool is `asset-tool` built from source,
/// or the prebuilt one of an artifact bundle when the package is resolved with
/// `ASSET_TOOL_ARTIFACTBUNDLE` set (Package.swift): either way `context.tool(named: "asset-tool")`.
@main
struct AssetCatalogValidationPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return Self.commands(files: target.sourceFiles.map(\.url), tool: try context.tool(named: "asset-tool").url,
                             workDirectory: context.pluginWorkDirectoryURL)
    }

    /// One build command per catalog among `files`.
    static func commands(files: [URL], tool: URL, workDirectory: URL) -> [Command] {
        CatalogFolders.find(in: files).map { catalog in
            let output = workDirectory.appendingPathComponent("AssetCatalogValidation_\(catalog.swiftIdentifier).swift")
            return .buildCommand(
                displayName: "Validating asset catalog \(catalog.root.lastPathComponent)",
                executable: tool,
                arguments: ["build-check", catalog.root.path, "--output", output.path],
                inputFiles: catalog.files,
                outputFiles: [output]
            )
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

// Xcode projects: the same command for the catalogs among an Xcode target's input files. Xcode lists a
// catalog as one input (the folder). Not built on Linux, so no test here covers it.
extension AssetCatalogValidationPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        Self.commands(files: target.inputFiles.map(\.url), tool: try context.tool(named: "asset-tool").url,
                      workDirectory: context.pluginWorkDirectoryURL)
    }
}
#endif

/// An asset catalog folder found among a target's files, with the files inside it.
struct CatalogFolder {
    var root: URL
    var files: [URL]

    /// A name usable in a generated file's name: letters, digits and underscores.
    var swiftIdentifier: String {
        let name = root.deletingPathExtension().lastPathComponent
        return String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}

enum CatalogFolders {
    /// Folders ending in `.xcassets`, or named `Assets.catalog`, that hold any of `files`.
    static func find(in files: [URL]) -> [CatalogFolder] {
        var byRoot: [String: CatalogFolder] = [:]
        var order: [String] = []
        for file in files {
            var components: [String] = []
            for component in file.standardizedFileURL.pathComponents {
                components.append(component)
                guard component.hasSuffix(".xcassets") || component == "Assets.catalog" else { continue }
                let root = URL(fileURLWithPath: NSString.path(withComponents: components))
                if byRoot[root.path] == nil {
                    byRoot[root.path] = CatalogFolder(root: root, files: [])
                    order.append(root.path)
                }
                byRoot[root.path]?.files.append(file)
                break
            }
        }
        return order.compactMap { byRoot[$0] }
    }
}
