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

    @Option(
        name: .customLong("exclude"),
        help: ArgumentHelp(
            "Skip findings whose catalog-relative path, or a folder above it, matches this pattern (repeatable).",
            valueName: "glob"))
    var excluded: [String] = []

    @Option(
        name: .customLong("config"),
        help: ArgumentHelp(
            "The configuration file (default: the first .asset-tool.json from the catalog up to the repository root).",
            valueName: "file"))
    var configFile: String?

    @Flag(name: .customLong("no-config"), help: "Read no .asset-tool.json.")
    var noConfig = false

    /// The files whose note was printed (commands run on the main thread only).
    nonisolated(unsafe) private static var noted: Set<String> = []

    /// The line that says a configuration file narrows the checks (codes off or lowered to warnings,
    /// paths excluded, the placeholder check off), so a reviewer sees what a change to it silenced; nil
    /// when it narrows nothing. A note on stderr, not a finding: it changes no exit status.
    static func narrowingNote(_ config: ValidationConfig) -> String? {
        guard let file = config.file else { return nil }
        let off = config.rules.filter { $0.value == .off }.map(\.key.rawValue).sorted()
        let lowered = config.rules.filter { $0.value == .warning && $0.key.defaultSeverity == .error }.map(\.key.rawValue).sorted()
        var parts: [String] = []
        if !off.isEmpty { parts.append("turns off \(off.joined(separator: ", "))") }
        if !lowered.isEmpty { parts.append("lowers \(lowered.joined(separator: ", ")) to warnings") }
        if !config.exclude.isEmpty {
            parts.append("excludes \(config.exclude.count) pattern\(config.exclude.count == 1 ? "" : "s")")
        }
        if config.requirePlaceholders == false { parts.append("turns the placeholder check off") }
        guard !parts.isEmpty else { return nil }
        return "\(file): note: narrows the checks: \(parts.joined(separator: "; "))"
    }

    /// The file's settings with the flags on top; a bad file is a usage error (exit 64) naming it.
    func config(forCatalog catalog: String) throws(CommandFailure) -> ValidationConfig {
        try config(for: catalog, isProject: false)
    }

    /// The configuration for a project folder (`--sources`, `refs`): its own `.asset-tool.json` first.
    func config(forProject project: String) throws(CommandFailure) -> ValidationConfig {
        try config(for: project, isProject: true)
    }

    private func config(for path: String, isProject: Bool) throws(CommandFailure) -> ValidationConfig {
        do {
            let base: ValidationConfig
            if let configFile {
                base = try ValidationConfig.load(file: configFile)
            } else if noConfig {
                base = ValidationConfig()
            } else if isProject {
                base = try ValidationConfig.load(forProject: path)
            } else {
                base = try ValidationConfig.load(forCatalog: path)
            }
            // Once per file, however many catalogs it configures.
            if let note = CheckOptions.narrowingNote(base), let file = base.file, CheckOptions.noted.insert(file).inserted {
                printError(note)
            }
            return base.adding(disabled: disabled, raised: raised, exclude: excluded)
        } catch {
            throw CommandFailure("error: \(error)", status: .usage)
        }
    }
}

/// A command's options (validate, report, build-check) handed to the library's one builder of a project's
/// validator options (`CatalogValidator.Options.forProject`): the placeholder names, the configuration with
/// the flags on top, and the limits.
/// `placeholderFailure` words a `placeholders.json` that cannot be read as the command reports it.
struct ValidatorSetup {
    var checks: CheckOptions
    var placeholderNames: PlaceholderNameOptions
    var limits: LimitOptions
    var deep = false
    var requirePlaceholders = false
    /// The catalog's cost checks (`validate` runs them unless `--no-cost`; `report` and `build-check` do not).
    var costChecks = false
    /// `duplicate-image` only with `--deep` (or when `.asset-tool.json` names it): `report`, whose page keeps
    /// every set's outline while it is drawn, so a catalog's pixel digests on top of it would take it past its
    /// memory budget at 100,000 sets (BENCHMARKS.md).
    var duplicatesNeedDeep = false

    func validator(
        forCatalog catalog: String,
        placeholderFailure: (PlaceholderConfigError) -> CommandFailure
    ) throws(CommandFailure)
        -> (validator: CatalogValidator, names: PlaceholderNames)
    {
        let names: PlaceholderNames
        do {
            names = try placeholderNames.names(forCatalog: catalog)
        } catch {
            throw placeholderFailure(error)
        }
        let config = try checks.config(forCatalog: catalog)
        // compressible-image's lossless rewrites come with --deep, which reads every byte anyway.
        let options = CatalogValidator.Options.forProject(
            catalog: catalog, deep: deep, requirePlaceholders: requirePlaceholders,
            config: config, placeholderNames: names,
            placeholderFileGiven: placeholderNames.placeholders != nil,
            costChecks: costChecks, costRewritesFiles: duplicatesNeedDeep && deep,
            duplicatesOnlyWhenDeep: duplicatesNeedDeep,
            limits: limits.decoding, catalogLimits: limits.catalog)
        return (CatalogValidator(options: options), names)
    }
}
