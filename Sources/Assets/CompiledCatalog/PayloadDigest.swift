/// The digest of a rendition's stored payload: the package's stable 128-bit digest (`StableHasher`, as
/// `duplicate-image` uses), read in 256 KiB chunks (memory stays flat however large the payload). Stable
/// across runs and platforms, enough to find duplicate payloads; not `assetutil`'s SHA1Digest (no SHA-1 is
/// linked here; Docs/car.md says so).
import AssetsCodecs

enum PayloadDigest {
    static let chunk = 256 << 10

    static func of(store: BOMStore, offset: Int, length: Int) throws(CompiledCatalogError) -> String {
        var hasher = StableHasher()
        var done = 0
        var failure: CompiledCatalogError?
        withUnsafeTemporaryAllocation(byteCount: min(chunk, max(length, 1)), alignment: 16) { buffer in
            while done < length {
                let want = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<min(buffer.count, length - done)])
                let got: Int
                switch store.file.read(into: want, at: offset + done) {
                case .success(let count): got = count
                case .failure(let error):
                    failure = .unreadable(path: "rendition payload at offset \(offset + done)", reason: error.description)
                    return
                }
                guard got == want.count else {
                    failure = .truncated(what: "rendition payload", offset: offset + done, needed: want.count, available: got)
                    return
                }
                hasher.add(UnsafeRawBufferPointer(want))
                done += got
            }
        }
        if let failure { throw failure }
        let digest = hasher.finish()
        return String(digest.high, radix: 16).leftPadded(16) + String(digest.low, radix: 16).leftPadded(16)
    }
}
