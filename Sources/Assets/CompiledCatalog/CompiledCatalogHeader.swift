/// The `CARHEADER` block (436 bytes, little-endian, tag `RATC`) and the `EXTENDED_METADATA` block (tag
/// `META`, four 256-byte names) of a compiled catalog: which CoreUI wrote it, for what.
package struct CompiledCatalogHeader: Sendable, Hashable {
    package var coreUIVersion: UInt32
    package var storageVersion: UInt32
    package var storageTimestamp: UInt32
    package var renditionCount: UInt32
    /// CoreUI's own version line (`@(#)PROGRAM:CoreUI  PROJECT:CoreUI-689.3`).
    package var mainVersion: String
    /// What compiled it (`Xcode 12.3 (12C33) via IBCocoaTouchImageCatalogTool`).
    package var versionString: String
    package var uuid: String
    package var associatedChecksum: UInt32
    package var schemaVersion: UInt32
    package var colorSpaceID: UInt32
    package var keySemantics: UInt32
    /// From `EXTENDED_METADATA`, when the file has it.
    package var thinningArguments: String?
    package var deploymentPlatformVersion: String?
    package var deploymentPlatform: String?
    package var authoringTool: String?

    static let length = 436

    init(header: StoredBytes, metadata: StoredBytes?) throws(CompiledCatalogError) {
        try header.tag(0, is: "RATC", "tag")
        try header.require(0, Self.length, "fields")
        coreUIVersion = try header.uint32(4, "CoreUI version")
        storageVersion = try header.uint32(8, "storage version")
        storageTimestamp = try header.uint32(12, "storage timestamp")
        renditionCount = try header.uint32(16, "rendition count")
        mainVersion = try header.fixedName(20, 128, "CoreUI version string", terminated: false).trimmingSpaces
        versionString = try header.fixedName(148, 256, "version string", terminated: false).trimmingSpaces
        uuid = try header.slice(404, 16, "uuid").map { String($0, radix: 16).leftPadded(2) }.joined()
        associatedChecksum = try header.uint32(420, "checksum")
        schemaVersion = try header.uint32(424, "schema version")
        colorSpaceID = try header.uint32(428, "colour space")
        keySemantics = try header.uint32(432, "key semantics")
        if let metadata {
            try metadata.tag(0, is: "META", "tag")
            thinningArguments = try metadata.fixedName(4, 256, "thinning arguments", terminated: false).trimmingSpaces
            deploymentPlatformVersion = try metadata.fixedName(260, 256, "deployment platform version", terminated: false).trimmingSpaces
            deploymentPlatform = try metadata.fixedName(516, 256, "deployment platform", terminated: false).trimmingSpaces
            authoringTool = try metadata.fixedName(772, 256, "authoring tool", terminated: false).trimmingSpaces
        }
    }
}
