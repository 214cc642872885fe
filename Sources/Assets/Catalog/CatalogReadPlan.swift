import AssetsSupport
import AssetsCodecs

/// What one read of a catalog reads, as one value: which sets, how much of the files their entries name,
/// whether each set's model is kept once its consumer has it, and the limits. Every read of a catalog takes
/// one (`AssetCatalog.read(at:plan:)`): the library's plain read, `validate` (headers, or with `--deep` whole
/// files; outline only), `report` (the placeholder sets by name), `resolve` (one name, the narrow walk).
package struct CatalogReadPlan {
    /// Which sets are read.
    package enum Sets {
        /// Every set.
        case all
        /// Only the sets whose fully qualified name `accepts` accepts: the walk lists every group folder and
        /// reads the groups' `Contents.json` (they decide namespaces), but opens no other set's folder.
        /// `base`, when given, tests a set folder's own name first (the last part of the qualified name,
        /// without the extension): sets it refuses are skipped without building their qualified name.
        case named(accepts: (String) -> Bool, base: ((String) -> Bool)? = nil)
        /// Only the sets named `name` exactly or apart from case, and less than `named` reads: group listings
        /// keep only the entries that may matter (tested on their bytes), a group's `Contents.json` is read
        /// only when something below it may be the set, and a group that provides a namespace the name does
        /// not have is not walked (`CatalogReader.WantedName`).
        case lookingFor(String)
    }

    /// The limits of the walk: depth, each `Contents.json`, threads.
    package var limits: CatalogLimits
    package var sets: Sets
    /// How much of the files each set's entries name is read into the set's model: nothing, each file's
    /// header, or each file whole (`--deep`).
    package var files: SetFileReading
    /// False when the caller needs of each set only what its consumer made of it and its name, kind and
    /// path (`validate`'s outline): the set's entries, colours, properties and files are dropped once it is
    /// consumed, so a catalog of 100,000 sets is not held whole.
    package var keepsSetContents: Bool
    /// Where a narrow read (`.lookingFor`) finds the group folders' listings an earlier run kept, and keeps
    /// those it makes (`FileFactsCache+Folders.swift`): a group that did not change is stat'ed, not listed.
    /// Nil: every group is listed. The caller saves it after the read.
    package var listings: FileFactsCache?

    package init(
        limits: CatalogLimits = .default, sets: Sets = .all, files: SetFileReading = .none,
        keepsSetContents: Bool = true, listings: FileFactsCache? = nil
    ) {
        self.limits = limits
        self.sets = sets
        self.files = files
        self.keepsSetContents = keepsSetContents
        self.listings = listings
    }
}
