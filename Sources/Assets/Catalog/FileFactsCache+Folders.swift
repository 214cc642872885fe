/// What the cache keeps of a group folder for `resolve`'s narrow walk: its whole listing, packed as the
/// folder gave it (`CatalogFileSystem.PackedListing`), so a warm run stats each group instead of listing it.
/// A narrow walk lists every group that does not rule the name out by its namespace (a group that provides
/// none may hold the set at any depth): in the scale tree's catalog, 1,362 listings of 50 entries each, which
/// the kernel takes most of a run's time to give.
///
/// Keyed by the folder's catalog-relative path and its identity (device, inode, and the times its content and
/// status changed: a folder's modification time changes when a name in it is added, removed or renamed). The
/// identity is taken before the folder is listed, so a listing changed in between is kept against the older
/// identity and never used. A folder changed less than a second before the run is not kept. The whole listing
/// is kept, not what one name needed of it: the walk tests each entry again, as on a folder it lists.
import AssetsSupport
import AssetsCodecs

extension FileFactsCache {
    /// The listing kept for the folder at the catalog-relative `relative`, when the folder's identity is still
    /// `folder`.
    func listing(at relative: String, folder: FileIdentity) -> CatalogFileSystem.PackedListing? {
        guard var reader = entry(Self.folderKey(relative), identity: folder), reader.u8() == Self.listingTag,
            let count = reader.u32(), let bytes = reader.take(Int(count)), reader.isAtEnd
        else { return nil }
        return CatalogFileSystem.PackedListing(bytes: Array(bytes))
    }

    /// Keeps the listing of the folder at `relative`, of identity `folder` (nothing when the folder is not
    /// settled).
    func record(_ listing: CatalogFileSystem.PackedListing, at relative: String, folder: FileIdentity) {
        guard keeps(folder) else { return }
        var writer = FactsWriter()
        writer.bytes.reserveCapacity(5 + listing.bytes.count)
        writer.u8(Self.listingTag)
        writer.u32(UInt32(truncatingIfNeeded: listing.bytes.count))
        writer.bytes += listing.bytes
        record(writer.bytes, at: Self.folderKey(relative), identity: folder)
    }

    /// The first byte of a kept listing (a set's entry begins with 3).
    private static let listingTag: UInt8 = 5

    /// A folder's key: a digest of its path behind a NUL, which no file's path holds (nor a set's key).
    private static func folderKey(_ relative: String) -> PixelDigest {
        pathDigest("\u{0}folder/" + relative)
    }
}
