/// The asset names an Info.plist (XML or binary) gives: the app icons (`CFBundleIcons` and
/// `CFBundleIcons~ipad`: `CFBundlePrimaryIcon`'s `CFBundleIconName` and `CFBundleIconFiles`, every
/// `CFBundleAlternateIcons` entry, its key included), `UILaunchScreen`'s `UIImageName` and `UIColorName`,
/// `NSAccentColorName`, `NSWidgetBackgroundColorName`, the home screen quick actions'
/// `UIApplicationShortcutItemIconFile`, and an action extension's `NSExtensionServiceFinderPreviewIconName`,
/// `NSExtensionServiceTouchBarIconName`, `NSExtensionServiceTouchBarBezelColorName` and
/// `NSExtensionServiceToolbarIconFile`. Read by
/// Foundation's `PropertyListSerialization`, which reads both forms on Linux as on macOS. An Info.plist that
/// Xcode runs through the C preprocessor first (`INFOPLIST_PREPROCESS = YES`: `#ifdef`/`#endif` lines in
/// the XML) does not parse as written; it is read again with its directive lines blanked, so every branch
/// counts (a name in any of them is one the app may carry), and the line numbers stay as written.
import Assets
import Foundation

package enum PropertyListScanner {
    static let imageKeys: Set<String> = ["CFBundleIconName", "UIImageName", "UIApplicationShortcutItemIconFile", "CFBundleIconFile"]
    /// Image keys whose name is an image, not an app icon: an action extension's Finder Preview and
    /// Touch Bar icons, its toolbar icon file (Apple's Information Property List reference).
    static let extensionImageKeys: Set<String> = [
        "NSExtensionServiceFinderPreviewIconName", "NSExtensionServiceTouchBarIconName", "NSExtensionServiceToolbarIconFile",
    ]
    static let colorKeys: Set<String> = [
        "UIColorName", "NSAccentColorName", "NSWidgetBackgroundColorName", "NSExtensionServiceTouchBarBezelColorName",
    ]
    static let fileListKeys: Set<String> = ["CFBundleIconFiles"]

    /// The most values a binary property list may expand to (an Info.plist holds a few hundred).
    static let maximumValues = 100_000

    package static func scan(_ bytes: [UInt8], file: String) -> FileScan {
        var result = FileScan()
        // A binary one names objects from many places: its expanded size is counted before it is read.
        switch BinaryPropertyListSize.count(bytes, limit: maximumValues) {
        case .tooLarge:
            result.skipped.append(
                SkippedSource(
                    path: file,
                    reason: "is a binary property list that expands to more than "
                        + "\(maximumValues) values (objects shared from many places): not read"))
            return result
        case .malformed(let why):
            result.skipped.append(SkippedSource(path: file, reason: "is a damaged binary property list: it \(why)"))
            return result
        case .notBinary, .values: break
        }
        let plist: Any
        if let parsed = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil) {
            plist = parsed
        } else if let blanked = withoutDirectives(bytes),
            let parsed = try? PropertyListSerialization.propertyList(from: Data(blanked), options: [], format: nil)
        {
            plist = parsed
        } else {
            // Not every .plist is a property list Xcode reads; one that does not parse names nothing, and says so.
            result.skipped.append(SkippedSource(path: file, reason: "is not a property list (XML or binary) that Foundation reads"))
            return result
        }
        let lines = LineIndex(bytes)
        var seen: Set<String> = []
        func add(_ name: String, _ wanted: AssetLookup.Wanted, via: String) {
            guard !name.isEmpty, seen.insert(name).inserted else { return }
            // A binary property list has no lines: the value's first appearance in an XML one, else line 1.
            let (line, column) = lines.position(of: ">\(name)<").map { ($0.line, $0.column + 1) } ?? (1, 1)
            result.references.append(
                AssetReference(
                    name: .literal(name), wanted: wanted, certainty: .setting, file: file,
                    line: line, column: column, via: via))
        }
        func walk(_ value: Any, depth: Int) {
            guard depth < 64 else { return }
            if let dictionary = value as? [String: Any] {
                for (key, child) in dictionary.sorted(by: { $0.key < $1.key }) {
                    if let text = child as? String {
                        if imageKeys.contains(key) {
                            add(text, key == "UIImageName" || key.hasPrefix("UIApplication") ? .image : .appIcon, via: key)
                        }
                        if extensionImageKeys.contains(key) { add(text, .image, via: key) }
                        if colorKeys.contains(key) { add(text, .color, via: key) }
                    }
                    if fileListKeys.contains(key), let files = child as? [Any] {
                        for case let name as String in files { add(name, .appIcon, via: key) }
                    }
                    if key == "CFBundleAlternateIcons", let icons = child as? [String: Any] {
                        for name in icons.keys.sorted() { add(name, .appIcon, via: key) }
                    }
                    walk(child, depth: depth + 1)
                }
            } else if let array = value as? [Any] {
                for child in array { walk(child, depth: depth + 1) }
            }
        }
        walk(plist, depth: 0)
        return result
    }
}

extension PropertyListScanner {
    /// The text with every preprocessor directive line (`#` first after blanks) made blank, its newline
    /// kept; nil when there is none (a binary property list starts `bplist`, never `#`).
    static func withoutDirectives(_ bytes: [UInt8]) -> [UInt8]? {
        var out = bytes
        var found = false
        var lineStart = 0
        while lineStart < out.count {
            var index = lineStart
            while index < out.count, out[index] == UInt8(ascii: " ") || out[index] == UInt8(ascii: "\t") { index += 1 }
            var end = index
            while end < out.count, out[end] != UInt8(ascii: "\n") { end += 1 }
            if index < out.count, out[index] == UInt8(ascii: "#") {
                found = true
                for position in lineStart..<end where out[position] != UInt8(ascii: "\r") { out[position] = UInt8(ascii: " ") }
            }
            lineStart = end + 1
        }
        return found ? out : nil
    }
}

/// Where a piece of text first stands in a file, as line and column.
struct LineIndex {
    private let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func position(of text: String) -> (line: Int, column: Int)? {
        let needle = Array(text.utf8)
        guard !needle.isEmpty, needle.count <= bytes.count else { return nil }
        var line = 1
        var lineStart = 0
        var index = 0
        while index + needle.count <= bytes.count {
            if bytes[index] == 0x0A {
                line += 1
                lineStart = index + 1
            }
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) {
                return (line, index - lineStart + 1)
            }
            index += 1
        }
        return nil
    }
}

extension SourceTree.Kind {
    package static let propertyList = Self(rawValue: "plist")
}

extension PropertyListScanner: ReferenceScanner {
    package static let kind = SourceTree.Kind.propertyList
    package static let fileExtensions = ["plist"]

    /// A binary property list is not text: its bytes are not UTF-8, and need not be.
    package static func isText(_ bytes: [UInt8]) -> Bool { !bytes.starts(with: Array("bplist".utf8)) }

    package static func scan(_ bytes: [UInt8], file: String, options: ReferenceScan.Options) -> FileScan {
        Self.scan(bytes, file: file)
    }
}
