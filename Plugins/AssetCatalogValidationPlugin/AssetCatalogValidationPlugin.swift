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
        return Self.commands(
            files: target.sourceFiles.map(\.url), tool: try context.tool(named: "asset-tool").url,
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
                // asset-tool finds the same `.asset-tool.json` itself; listing it here rebuilds when it changes.
                inputFiles: catalog.inputs + (CatalogFolders.configFile(for: catalog.root).map { [$0] } ?? []),
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
            Self.commands(
                files: target.inputFiles.map(\.url), tool: try context.tool(named: "asset-tool").url,
                workDirectory: context.pluginWorkDirectoryURL)
        }
    }
#endif

/// An asset catalog folder found among a target's files, with the files inside it.
struct CatalogFolder {
    var root: URL
    var files: [URL]

    /// The most entries of a catalog listed as inputs; past it the command still runs, on fewer triggers.
    static let maxInputs = 200_000

    /// What the build command depends on: every file and folder inside the catalog, and the catalog.
    /// SwiftPM hands a target's `.xcassets` over as one entry (the folder), and a folder's modification
    /// time changes only when its own entries do: a file removed from a set changes the set folder, not
    /// the catalog's, so each folder is an input (a removed file changes its folder) and each file is
    /// one (an edited file changes itself). Links are not followed.
    var inputs: [URL] {
        var result: [URL] = []
        var seen: Set<String> = []
        func add(_ url: URL) {
            if seen.insert(url.path).inserted { result.append(url) }
        }
        add(root)
        for file in files { add(file) }
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return result }
        for case let entry as URL in walker {
            guard result.count < CatalogFolder.maxInputs else { break }
            add(entry)
        }
        return result
    }

    /// A name usable in a generated file's name: letters, digits and underscores.
    var swiftIdentifier: String {
        let name = root.deletingPathExtension().lastPathComponent
        return String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}

enum CatalogFolders {
    /// The `.asset-tool.json` that `asset-tool` reads for `catalog`: the first in the catalog folder or a
    /// folder above it, up to the folder holding `.git` or the file system's root (the tool's own rule).
    static func configFile(for catalog: URL) -> URL? {
        var folder = catalog.standardizedFileURL
        for _ in 0..<64 {
            let candidate = folder.appendingPathComponent(".asset-tool.json")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path) { return nil }
            let parent = folder.deletingLastPathComponent()
            guard parent.path != folder.path else { return nil }
            folder = parent
        }
        return nil
    }

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
