import ArgumentParser
import Assets

/// Where `validate` keeps what it learned from each file between runs, and `resolve` the listings of the group
/// folders it walked (`FileFactsCache`), or not at all.
struct CacheOptions: ParsableArguments {
    @Option(
        name: .customLong("cache-path"),
        help: ArgumentHelp(
            "Keep what was read from each file and folder in this folder, so an unchanged one is not read again (default: ~/.cache/asset-tool or $XDG_CACHE_HOME/asset-tool; ~/Library/Caches/asset-tool on macOS).",
            valueName: "folder"))
    var cachePath: String?

    @Flag(name: .customLong("no-cache"), help: "Read every file and folder, and keep nothing for the next run.")
    var noCache = false

    /// The folder to use, nil for none.
    var folder: String? { noCache ? nil : cachePath ?? CacheFolder.defaultPath() }

    /// `validator` with this cache (the tool's version in its key).
    func applied(to validator: CatalogValidator) -> CatalogValidator {
        var options = validator.options
        options.cacheFolder = folder
        options.cacheTool = "asset-tool \(AssetTool.configuration.version)"
        return CatalogValidator(options: options)
    }
}
