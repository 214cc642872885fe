import AssetsSupport

extension CatalogValidator.Options {
    /// The options for a project's catalog, the one place they are put together: the placeholder check runs
    /// only when the project declares placeholders (a `placeholders.json` beside the catalog,
    /// `require_placeholders` in the configuration or `--require-placeholders`), as errors when required and as
    /// warnings when only declared; `"require_placeholders": false` turns it off even beside a
    /// `placeholders.json`. With `costChecks`, the cost checks run too, with the deployment target read from
    /// the project above the catalog; `costRewritesFiles` adds `compressible-image`'s lossless rewrites, and
    /// `duplicatesOnlyWhenDeep` leaves `duplicate-image` out unless `deep` or the configuration names it.
    public static func forProject(
        catalog: String, deep: Bool = false, requirePlaceholders: Bool = false,
        config: ValidationConfig = ValidationConfig(), placeholderNames: PlaceholderNames = .conventional,
        placeholderFileGiven: Bool = false, costChecks: Bool = false,
        costRewritesFiles: Bool = true, duplicatesOnlyWhenDeep: Bool = false,
        limits: DecodingLimits = .default, catalogLimits: CatalogLimits = .default
    ) -> CatalogValidator.Options {
        let required = requirePlaceholders || config.requirePlaceholders == true
        let declared =
            config.requirePlaceholders != false
            && (placeholderFileGiven || CatalogFileSystem.targetStatus(PlaceholderConfig.path(besideCatalog: catalog)).isSuccess)
        let placeholders: [PlaceholderRole] = required || declared ? PlaceholderRole.expectedInCatalog : []
        var config = config
        if duplicatesOnlyWhenDeep, !deep, config.rules[.duplicateImage] == nil { config.rules[.duplicateImage] = .off }
        var options = CatalogValidator.Options(
            deep: deep, requirePlaceholders: required, placeholders: placeholders,
            placeholderNames: placeholderNames, limits: limits,
            catalogLimits: catalogLimits, config: config)
        options.costChecks = costChecks
        options.costRewritesFiles = costRewritesFiles
        if costChecks { options.deployment = DeploymentTarget.find(forCatalog: catalog, settings: config.cost) }
        return options
    }
}

extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
