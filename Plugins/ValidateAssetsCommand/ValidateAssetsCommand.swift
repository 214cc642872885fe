import Foundation
import PackagePlugin

/// `swift package validate-assets [--target NAME]... [--strict] [CATALOG...]`: validates the asset
/// catalogs of the package's targets (and any `*.xcassets` or `Assets.catalog` at the package root),
/// or the catalogs named, with `asset-tool validate`. Findings print as `path:line:column: error: message [code]`;
/// the command fails when any catalog has an error (or, with `--strict`, a warning).
@main
struct ValidateAssetsCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let strict = extractor.extractFlag(named: "strict") > 0
        let named = extractor.remainingArguments

        let catalogs: [URL]
        if !named.isEmpty {
            catalogs = named.map { URL(fileURLWithPath: $0, relativeTo: context.package.directoryURL).standardizedFileURL }
        } else {
            catalogs = try findCatalogs(in: context.package, targetNames: targetNames)
        }
        guard !catalogs.isEmpty else {
            print("validate-assets: no asset catalog found (no *.xcassets or Assets.catalog folder)")
            return
        }
        let tool = try context.tool(named: "asset-tool")
        var failed: [String] = []
        for catalog in catalogs {
            print("validate-assets: \(catalog.path)")
            var arguments = ["validate", catalog.path]
            if strict { arguments.append("--strict") }
            let process = Process()
            process.executableURL = tool.url
            process.arguments = arguments
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 { failed.append(catalog.path) }
        }
        if !failed.isEmpty {
            throw ValidationFailure(catalogs: failed)
        }
    }

    private func findCatalogs(in package: Package, targetNames: [String]) throws -> [URL] {
        let targets = targetNames.isEmpty ? package.targets : try package.targets(named: targetNames)
        var found: [URL] = []
        for case let target as SourceModuleTarget in targets {
            for file in target.sourceFiles.map(\.url) {
                var components: [String] = []
                for component in file.standardizedFileURL.pathComponents {
                    components.append(component)
                    if component.hasSuffix(".xcassets") || component == "Assets.catalog" {
                        let root = URL(fileURLWithPath: NSString.path(withComponents: components))
                        if !found.contains(root) { found.append(root) }
                        break
                    }
                }
            }
        }
        if targetNames.isEmpty {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: package.directoryURL.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".xcassets") || name == "Assets.catalog" {
                let root = package.directoryURL.appendingPathComponent(name)
                if !found.contains(root) { found.append(root) }
            }
        }
        return found
    }
}

struct ValidationFailure: Error, CustomStringConvertible {
    var catalogs: [String]
    var description: String { "asset catalog findings in \(catalogs.joined(separator: ", "))" }
}
