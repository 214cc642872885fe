import AssetsSupport

extension CatalogReader {
    /// The one name a narrow read looks for (`resolve NAME`): the sets named so exactly or apart from case
    /// (the resolver's trace names those). It answers three questions the walk asks before it spends
    /// anything on a folder: may a folder entry matter (its name bytes, before a string is made for it),
    /// may a set of this qualified name be the one, and may a group that provides a namespace hold it.
    struct WantedName: Sendable {
        /// The name as asked.
        let name: String
        /// The name lowercased (Swift lowercases scalar by scalar, so its parts are the parts lowercased).
        let lowered: String
        /// The parts of the name and of `lowered` between slashes: namespaces, then the set folder's own
        /// name; `loweredParts` is nil when the two do not split alike (no namespace is then ruled out).
        let parts: [String]
        let loweredParts: [String]?
        /// The set folder's own name lowercased, as bytes, when it is ASCII: a folder entry whose name is
        /// ASCII is then compared by bytes. Nil: every set folder entry is kept for the string test.
        let asciiBase: [UInt8]?
        private let loweredBase: String

        init(_ name: String) {
            self.name = name
            lowered = name.lowercased()
            parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            let loweredSplit = lowered.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            loweredParts = loweredSplit.count == parts.count ? loweredSplit : nil
            loweredBase = loweredSplit.last ?? ""
            asciiBase = loweredBase.utf8.allSatisfy { $0 < 0x80 } ? Array(loweredBase.utf8) : nil
        }

        /// Whether a set of this fully qualified name is one the read keeps.
        func accepts(_ qualified: String) -> Bool {
            qualified == name || WantedName.sameIgnoringCase(qualified, lowered: lowered)
        }

        /// Whether a set folder's own name (without namespace and extension) may be the name's last part.
        func acceptsBase(_ base: String) -> Bool {
            WantedName.sameIgnoringCase(base, lowered: loweredBase)
        }

        /// Whether a group that provides the namespace `part`, under `depth` namespaces, may hold the set:
        /// every set below it is named `…/part/…` with `part` at index `depth` and at least one part after.
        func admits(namespace part: String, depth: Int) -> Bool {
            guard let loweredParts else { return true }
            guard depth + 1 < parts.count else { return false }
            return part == parts[depth] || WantedName.sameIgnoringCase(part, lowered: loweredParts[depth])
        }

        /// The byte test on an entry of a group folder's listing, made before a string is built for it:
        /// false only for an entry the walk would pass over: a file other than `Contents.json`, a hidden
        /// name, or a set folder whose ASCII name is not the wanted set's apart from case. Groups, containers,
        /// sprite atlases and names with non-ASCII bytes are kept (their strings decide).
        func mayMatter(_ bytes: UnsafeRawBufferPointer, _ type: CatalogFileSystem.EntryType) -> Bool {
            guard let first = bytes.first else { return false }
            // `Contents.json` of any type: the group's own file (a folder of that name is a finding).
            if bytes.elementsEqual(WantedName.contentsFile) { return true }
            if type == .file || type == .special || first == 0x2E { return false }
            var dot: Int?
            for (index, byte) in bytes.enumerated() {
                if byte >= 0x80 { return true }
                if byte == 0x2E { dot = index }
            }
            // No extension: a group.
            guard let dot, let asciiBase else { return true }
            if dot == asciiBase.count {
                var same = true
                for index in 0..<dot {
                    let byte = bytes[index]
                    if (byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte) != asciiBase[index] {
                        same = false
                        break
                    }
                }
                if same { return true }
            }
            // A container or sprite atlas: its sets are named under it, so its own name says nothing of theirs.
            let ext = UnsafeRawBufferPointer(rebasing: bytes[(dot + 1)...])
            return WantedName.walkedExtensions.contains { ext.elementsEqual($0) }
        }

        static let contentsFile = Array("Contents.json".utf8)
        /// The folder extensions the walk enters whatever their name: sprite atlases and containers.
        static let walkedExtensions: [[UInt8]] =
            [Array("spriteatlas".utf8)]
            + AssetKind.allCases.filter(\.holdsSets).map { Array($0.rawValue.utf8) }

        /// `candidate.lowercased() == lowered`, comparing bytes when both are ASCII (every set name is checked
        /// in a large catalog) and lowercasing only otherwise.
        static func sameIgnoringCase(_ candidate: String, lowered: String) -> Bool {
            var ascii = true
            var candidateBytes = candidate.utf8.makeIterator()
            var loweredBytes = lowered.utf8.makeIterator()
            while true {
                let a = candidateBytes.next()
                let b = loweredBytes.next()
                guard let a, let b else {
                    if a == nil && b == nil { return true }
                    ascii = !(a.map { $0 >= 0x80 } ?? false) && !(b.map { $0 >= 0x80 } ?? false)
                    break
                }
                if a >= 0x80 || b >= 0x80 {
                    ascii = false
                    break
                }
                let folded = (a >= 0x41 && a <= 0x5A) ? a + 0x20 : a
                if folded != b { break }
            }
            return ascii ? false : candidate.lowercased() == lowered
        }
    }
}
