import ArgumentParser
import Assets

extension CatalogDiagnostic.Code: ExpressibleByArgument {}

/// The linter-style settings every command that validates takes: they go on top of the catalog's
/// `.asset-tool.json` (found by walking up from the catalog to the repository root).
struct CheckOptions: ParsableArguments {
    @Option(name: .customLong("disable"), help: ArgumentHelp("Do not report this code (repeatable).", valueName: "code"))
    var disabled: [CatalogDiagnostic.Code] = []

    @Option(name: .customLong("error"), help: ArgumentHelp("Report this code as an error (repeatable).", valueName: "code"))
    var raised: [CatalogDiagnostic.Code] = []

    @Option(name: .customLong("exclude"),
            help: ArgumentHelp("Skip findings whose catalog-relative path, or a folder above it, matches this pattern (repeatable).",
                               valueName: "glob"))
    var excluded: [String] = []

    @Option(name: .customLong("config"),
            help: ArgumentHelp("The configuration file (default: the first .asset-tool.json from the catalog up to the repository root).",
                               valueName: "file"))
    var configFile: String?

    @Flag(name: .customLong("no-config"), help: "Read no .asset-tool.json.")
    var noConfig = false

    /// The file's settings with the flags on top; a bad file is a usage error (exit 64) naming it.
    func config(forCatalog catalog: String) throws -> ValidationConfig {
        do {
            let base: ValidationConfig
            if let configFile {
                base = try ValidationConfig.load(file: configFile)
            } else if noConfig {
                base = ValidationConfig()
            } else {
                base = try ValidationConfig.load(forCatalog: catalog)
            }
            return base.adding(disabled: disabled, raised: raised, exclude: excluded)
        } catch {
            throw CommandFailure("error: \(error)", status: .usage)
        }
    }
}
