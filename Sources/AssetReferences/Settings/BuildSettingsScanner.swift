/// The asset names an Xcode project's build settings give (`project.pbxproj`, `.xcconfig`): every
/// `ASSETCATALOG_COMPILER_…_NAME` and `…_NAMES` setting (the app icon, the global accent colour, the
/// widget background colour, alternate app icons, complications, launch images), and
/// `ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS = YES`, which makes every app icon set a use. The
/// settings are `KEY = value;` lines in both files, read line by line; a value with `$(…)` names a setting,
/// not a set, and is left out. A `project.pbxproj`'s file references also give the image files the project
/// lists (`path = close@2x.png;`), which it may copy into the app wherever they sit (`PackageBundles`);
/// Xcode 16's synchronized folders list no files. The image files a build script writes are read too: the
/// `outputPaths` of a `project.pbxproj`'s shell script phases and every path of an `.xcfilelist` (a script's
/// input or output file list): a script that copies `branding-logo.png` into the app makes
/// `UIImage(named: "branding-logo")` work though no catalog has it, so such a name is never missing.
import Assets
import AssetsSupport

package enum BuildSettingsScanner {
    /// The name `includeAllAppIcons` stands for in the references: every app icon set.
    package static let allAppIcons = "*appiconset*"

    package static func scan(_ bytes: [UInt8], file: String) -> FileScan {
        var result = FileScan()
        var seen: Set<String> = []
        var lineNumber = 0
        let isProject = file.hasSuffix(".pbxproj")
        if file.hasSuffix(".xcfilelist") {
            for rawLine in bytes.split(separator: 0x0A) where rawLine.count < 4096 {
                if let name = imageFileName(String(decoding: rawLine, as: UTF8.self)) { result.scriptOutputImages.append(name) }
            }
            result.lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
            return result
        }
        var inOutputPaths = false
        for rawLine in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            if isProject, rawLine.count < 4096 {
                // Searched as bytes: most lines are neither (a String made of each line cost more than the rest).
                if inOutputPaths {
                    if ByteSearch.contains(Self.listEnd, in: rawLine) {
                        inOutputPaths = false
                    } else if let name = imageFileName(String(decoding: rawLine, as: UTF8.self)) {
                        result.scriptOutputImages.append(name)
                    }
                } else if ByteSearch.contains(Self.outputPathsStart, in: rawLine) {
                    inOutputPaths = !ByteSearch.contains(Self.listEnd, in: rawLine)
                }
            }
            if isProject, rawLine.count < 4096, let listed = listedImage(in: rawLine) { result.listedImages.append(listed) }
            guard rawLine.count < 4096, let keyStart = rawLine.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { continue }
            guard rawLine[keyStart...].starts(with: Array("ASSETCATALOG_COMPILER_".utf8)) else {
                // A user-defined setting an asset-name setting may name (`CE_APPICON_NAME = AppIconBeta`).
                if (0x41...0x5A).contains(rawLine[keyStart]), let definition = settingValue(rawLine, file: file, line: lineNumber) {
                    result.settingValues.append(definition)
                }
                continue
            }
            let text = String(decoding: rawLine, as: UTF8.self)
            guard let equals = text.firstIndex(of: "=") else { continue }
            let key = text[..<equals].trimmingSpaces
            var value = text[text.index(after: equals)...].trimmingSpaces
            if value.hasSuffix(";") { value = value.dropLast().trimmingSpaces }
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
            let column = text.distance(from: text.startIndex, to: equals) + 2
            if key.hasPrefix("ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS") {
                if value == "YES", seen.insert(allAppIcons).inserted {
                    result.references.append(
                        AssetReference(
                            name: .literal(allAppIcons), wanted: .appIcon, certainty: .setting,
                            file: file, line: lineNumber, column: column, via: String(key)))
                }
                continue
            }
            guard key.hasSuffix("_NAME") || key.hasSuffix("_NAMES") || key.contains("_NAME[") || key.contains("_NAMES[") else { continue }
            let wanted: AssetLookup.Wanted = key.contains("COLOR") ? .color : key.contains("APPICON") ? .appIcon : .any
            for name in value.split(separator: " ") where name.contains("$(") || name.contains("${") {
                // `$(CE_APPICON_NAME)`: the values that setting takes anywhere in the project are the names.
                let inner = name.trimming("\"\\").dropFirst(2).dropLast()
                guard name.trimming("\"\\").count > 3, inner.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber || $0 == "_") })
                else { continue }
                result.settingIndirections.append(
                    AssetReference(
                        name: .literal(String(inner)), wanted: wanted, certainty: .setting, file: file,
                        line: lineNumber, column: column, via: String(key)))
            }
            // A `_NAME` setting is one name, spaces and all (tvOS's "App Icon & Top Shelf Image"); a `_NAMES` one a list.
            let names = key.hasSuffix("_NAMES") || key.contains("_NAMES[") ? settingWords(value) : [value.trimming("\"\\")]
            for name in names where !name.contains("$(") && !name.contains("${") {
                let clean = String(name.trimming("\"\\"))
                guard !clean.isEmpty, seen.insert("\(key)=\(clean)").inserted else { continue }
                result.references.append(
                    AssetReference(
                        name: .literal(clean), wanted: wanted, certainty: .setting, file: file,
                        line: lineNumber, column: column, via: String(key)))
            }
        }
        result.lines = lineNumber
        return result
    }

    private static let outputPathsStart = Array("outputPaths = (".utf8)
    private static let listEnd = Array(");".utf8)
    private static let fileReferenceMark = Array("PBXFileReference".utf8)

    /// The words of a list setting's value (`A B "C D"`, or `\\"C D\\"` as a `project.pbxproj` escapes it):
    /// split at spaces outside quotes.
    static func settingWords(_ value: Substring) -> [Substring] {
        var words: [Substring] = []
        var start: Substring.Index?
        var quoted = false
        for index in value.indices {
            let character = value[index]
            if character == "\"" { quoted.toggle() }
            if character == " ", !quoted {
                if let begun = start { words.append(value[begun..<index]) }
                start = nil
            } else if start == nil {
                start = index
            }
        }
        if let begun = start { words.append(value[begun...]) }
        return words
    }

    /// `KEY = value;` with an upper-case key and a value without `$`, as a reference to the value at its line.
    static func settingValue(_ line: ArraySlice<UInt8>, file: String, line number: Int) -> (key: String, value: AssetReference)? {
        let text = String(decoding: line, as: UTF8.self)
        guard let equals = text.firstIndex(of: "=") else { return nil }
        let key = text[..<equals].trimmingSpaces
        guard !key.isEmpty, key.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber || $0 == "_") }) else { return nil }
        var value = text[text.index(after: equals)...].trimmingSpaces
        if value.hasSuffix(";") { value = value.dropLast().trimmingSpaces }
        let clean = String(value.trimming("\""))
        guard !clean.isEmpty, !clean.contains("$"), !clean.contains(" "), clean.count <= 200 else { return nil }
        let column = text.distance(from: text.startIndex, to: equals) + 2
        return (
            String(key),
            AssetReference(
                name: .literal(clean), wanted: .any, certainty: .setting, file: file, line: number,
                column: column, via: String(key))
        )
    }

    /// The image file name of a `PBXFileReference` line (`path = "a/close@2x.png";` gives `close@2x.png`).
    /// The file name of an image a path names (`"$(TARGET_BUILD_DIR)/$(WRAPPER_NAME)/logo@2x.png",` gives
    /// `logo@2x.png`), quotes, commas and comments aside; nil for anything else.
    static func imageFileName(_ line: String) -> String? {
        var text = line.trimmingSpaces
        guard !text.hasPrefix("#"), !text.hasPrefix("//") else { return nil }
        if text.hasSuffix(",") { text = text.dropLast() }
        let path = text.trimming("\"")
        let name = path.split(separator: "/").last.map(String.init) ?? String(path)
        guard let dot = name.lastIndex(of: "."), !name.contains("$"),
            SourceTree.imageExtensions.contains(name[name.index(after: dot)...].lowercased())
        else { return nil }
        return name
    }

    static func listedImage(in line: ArraySlice<UInt8>) -> String? {
        guard line.count > 40, ByteSearch.contains(fileReferenceMark, in: line) else { return nil }
        let text = String(decoding: line, as: UTF8.self)
        for key in ["path = ", "name = "] {
            guard let start = text.range(of: key)?.upperBound, let end = text[start...].firstIndex(of: ";") else { continue }
            if let name = imageFileName(String(text[start..<end])) { return name }
        }
        return nil
    }
}

extension StringProtocol where SubSequence == Substring {
    var trimmingSpaces: Substring {
        let text = self[...]
        guard let start = text.firstIndex(where: { $0 != " " && $0 != "\t" && $0 != "\r" }) else { return text[text.endIndex...] }
        let end = text.lastIndex(where: { $0 != " " && $0 != "\t" && $0 != "\r" }) ?? start
        return Substring(text[start...end])
    }

    func trimming(_ set: String) -> Substring {
        let text = self[...]
        guard let start = text.firstIndex(where: { !set.contains($0) }) else { return text[text.endIndex...] }
        let end = text.lastIndex(where: { !set.contains($0) }) ?? start
        return Substring(text[start...end])
    }
}

extension SourceTree.Kind {
    package static let buildSettings = Self(rawValue: "build-settings")
}

extension BuildSettingsScanner: ReferenceScanner {
    package static let kind = SourceTree.Kind.buildSettings
    package static let fileExtensions = ["pbxproj", "xcconfig", "xcfilelist"]

    /// The settings (`scan(_:file:)`); a `project.pbxproj` also read for its targets (`XcodeProjectTargets.read`:
    /// platforms, product type, the files of their build phases, their synchronized folders), its paths made
    /// relative to the project.
    package static func scan(_ bytes: [UInt8], file: String, options: ReferenceScan.Options) -> FileScan {
        var scan = Self.scan(bytes, file: file)
        if file.hasSuffix(".xcodeproj/project.pbxproj"), var project = XcodeProjectTargets.read(bytes) {
            // Paths in the project are relative to the folder holding the `.xcodeproj`.
            let folder = file.split(separator: "/", omittingEmptySubsequences: false).dropLast(2).joined(separator: "/")
            func relative(_ path: String) -> String { XcodeProjectTargets.normalized(folder.isEmpty ? path : "\(folder)/\(path)") }
            for index in project.targets.indices {
                project.targets[index].files = project.targets[index].files.map(relative)
                for folderIndex in project.targets[index].folders.indices {
                    project.targets[index].folders[folderIndex].path = relative(project.targets[index].folders[folderIndex].path)
                }
            }
            scan.xcodeProject = project
        }
        return scan
    }
}
