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
    func config(forCatalog catalog: String) throws(CommandFailure) -> ValidationConfig {
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

/// The one place a validator is built from a command's options (validate, report, build-check): the
/// placeholder names, the configuration with the flags on top, the project's options and the limits.
/// `placeholderFailure` words a `placeholders.json` that cannot be read as the command reports it.
struct ValidatorSetup {
    var checks: CheckOptions
    var placeholderNames: PlaceholderNameOptions
    var limits: LimitOptions
    var deep = false
    var requirePlaceholders = false

    func validator(forCatalog catalog: String,
                   placeholderFailure: (PlaceholderConfigError) -> CommandFailure) throws(CommandFailure)
        -> (validator: CatalogValidator, names: PlaceholderNames)
    {
        let names: PlaceholderNames
        do {
            names = try placeholderNames.names(forCatalog: catalog)
        } catch {
            throw placeholderFailure(error)
        }
        let config = try checks.config(forCatalog: catalog)
        var options = CatalogValidator.Options.forProject(catalog: catalog, deep: deep, requirePlaceholders: requirePlaceholders,
                                                          config: config, placeholderNames: names,
                                                          placeholderFileGiven: placeholderNames.placeholders != nil)
        options.limits = limits.decoding
        options.catalogLimits = limits.catalog
        return (CatalogValidator(options: options), names)
    }
}
