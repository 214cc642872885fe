/// An Icon Composer bundle (Xcode 26's `NAME.icon`: `icon.json` and the layer images under `Assets/`), checked
/// as the asset compiler needs it: `icon.json` reads as JSON (strict reader, bounded size), its `groups` and each
/// group's `layers` have the shapes the file format gives them, and every layer's `image-name` is a file in
/// `Assets/` of a format Icon Composer writes there (PNG, SVG; PDF taken too), whose first bytes say so.
/// Each problem is `invalid-icon-file` at `icon.json` with its key path. Read under the project's rule
/// (`CatalogRoot`): a link out, a FIFO or a device is refused, never opened.
import Assets
import AssetsSupport

package enum IconComposerBundle {
    static let maxJSONBytes = 1 << 20
    static let maxLayers = 1_000
    /// The layer formats, by extension, and the bytes each starts with (SVG: `<svg` in its first 4 KiB).
    static let layerFormats: Set<String> = ["png", "svg", "pdf"]

    /// The findings for the bundle at `bundle` (relative to the project `reach` is rooted at).
    package static func check(_ bundle: String, in reach: CatalogRoot) -> [CatalogDiagnostic] {
        let path = "\(bundle)/icon.json"
        func finding(_ message: String, keyPath: String? = nil, line: Int? = nil, column: Int? = nil) -> CatalogDiagnostic {
            CatalogDiagnostic(
                .invalidIconFile, path: path, keyPath: keyPath, message: message,
                position: line.map { SourcePosition(line: $0, column: column ?? 1) })
        }
        let root: JSONValue
        switch readRoot(bundle, in: reach) {
        case .success(let read): root = read
        case .failure(let problem): return [finding(problem.message, line: problem.line, column: problem.column)]
        }
        guard case .object = root else { return [finding("is \(root.typeName), expected an object")] }
        var findings: [CatalogDiagnostic] = []
        guard let groupsValue = root["groups"] else { return [] }
        guard case .array(let groups) = groupsValue else {
            return [finding("is \(groupsValue.typeName), expected an array", keyPath: "groups")]
        }
        var layerCount = 0
        for (groupIndex, group) in groups.enumerated() {
            let groupPath = "groups[\(groupIndex)]"
            guard case .object = group else {
                findings.append(finding("is \(group.typeName), expected an object", keyPath: groupPath))
                continue
            }
            guard let layersValue = group["layers"] else { continue }
            guard case .array(let layers) = layersValue else {
                findings.append(finding("is \(layersValue.typeName), expected an array", keyPath: "\(groupPath).layers"))
                continue
            }
            for (layerIndex, layer) in layers.enumerated() {
                layerCount += 1
                guard layerCount <= maxLayers else {
                    return findings + [finding("has more than \(maxLayers) layers: the rest are not checked")]
                }
                let layerPath = "\(groupPath).layers[\(layerIndex)]"
                guard case .object = layer else {
                    findings.append(finding("is \(layer.typeName), expected an object", keyPath: layerPath))
                    continue
                }
                guard let nameValue = layer["image-name"] else { continue }
                let keyPath = "\(layerPath).image-name"
                guard case .string(let name) = nameValue else {
                    findings.append(finding("is \(nameValue.typeName), expected a string", keyPath: keyPath))
                    continue
                }
                if let problem = layerFile(name, in: bundle, reach: reach).problem {
                    findings.append(finding("names the layer image \"\(name)\", which \(problem)", keyPath: keyPath))
                }
                // `"image-name-specializations": [{"appearance": "dark", "value": "dark.png"}]`: another file per appearance.
                for (index, special) in specializations(of: layer).enumerated() {
                    guard let file = special.file else {
                        findings.append(
                            finding(
                                "is not a string", keyPath: "\(layerPath).image-name-specializations[\(index)].value"))
                        continue
                    }
                    if let problem = layerFile(file, in: bundle, reach: reach).problem {
                        findings.append(
                            finding(
                                "names the layer image \"\(file)\", which \(problem)",
                                keyPath: "\(layerPath).image-name-specializations[\(index)].value"))
                    }
                }
            }
        }
        return findings
    }

    /// What the report draws of the bundle: its layer images in `icon.json`'s order, each read (bounded) when
    /// it is a plain name of a layer format in `Assets/`, and `findings` (this bundle's, from `check`). An
    /// `icon.json` that cannot be read gives no layer.
    package static func preview(_ bundle: String, in reach: CatalogRoot, findings: [CatalogDiagnostic]) -> IconComposerPreview {
        var preview = IconComposerPreview(path: bundle, layers: [], findings: findings)
        guard case .success(let root) = readRoot(bundle, in: reach), case .array(let groups)? = root["groups"] else {
            return preview
        }
        for (groupIndex, group) in groups.enumerated() {
            guard case .array(let layers)? = group["layers"] else { continue }
            for layer in layers {
                guard case .string(let name)? = layer["image-name"] else { continue }
                let hidden = layer["hidden"] == .bool(true) || group["hidden"] == .bool(true)
                let files =
                    [(appearance: String?.none, file: name)]
                    + specializations(of: layer).compactMap { special in special.file.map { (special.appearance, $0) } }
                for (appearance, file) in files {
                    guard preview.layers.count < IconComposerPreview.maxDrawn else {
                        preview.undrawn += 1
                        continue
                    }
                    let (problem, bytes) = layerFile(file, in: bundle, reach: reach, whole: true)
                    preview.layers.append(
                        .init(
                            name: file, group: groupIndex, appearance: appearance, bytes: bytes, problem: problem,
                            hidden: hidden))
                }
            }
        }
        return preview
    }

    /// A layer's `image-name-specializations`: each appearance (nil for the default) and the file it names
    /// (nil when the value is not a string). Bounded by `maxLayers`.
    static func specializations(of layer: JSONValue) -> [(appearance: String?, file: String?)] {
        guard case .array(let entries)? = layer["image-name-specializations"] else { return [] }
        return entries.prefix(maxLayers).map { entry in
            let appearance: String?
            if case .string(let named)? = entry["appearance"] { appearance = named } else { appearance = nil }
            if case .string(let file)? = entry["value"] { return (appearance, file) }
            return (appearance, nil)
        }
    }

    /// Why `icon.json` cannot be read or parsed, and where.
    struct ReadProblem: Error {
        var message: String
        var line: Int?
        var column: Int?
    }

    /// The bundle's `icon.json`, read under the project's rule (bounded) and parsed.
    static func readRoot(_ bundle: String, in reach: CatalogRoot) -> Result<JSONValue, ReadProblem> {
        switch reach.read("\(bundle)/icon.json", maxBytes: maxJSONBytes) {
        case .failure(let refusal): return .failure(ReadProblem(message: "cannot be read: \(refusal)"))
        case .success(let read) where read.size > maxJSONBytes:
            return .failure(ReadProblem(message: "is \(read.size) bytes, over the \(maxJSONBytes) an icon.json is read up to: not read"))
        case .success(let read):
            do { return .success(try JSONReader.parse(read.head)) } catch {
                return .failure(ReadProblem(message: "does not parse: \(error.reason)", line: error.line, column: error.column))
            }
        }
    }

    /// What is wrong with the layer image `name` of `bundle` (nil when it is there and of a layer format), from
    /// one open of it: its first bytes, or with `whole` its bytes up to `IconComposerPreview.maxLayerBytes` for
    /// the report (a larger file fails the read, said as the problem).
    static func layerFile(_ name: String, in bundle: String, reach: CatalogRoot, whole: Bool = false) -> (problem: String?, bytes: [UInt8]?)
    {
        guard !name.isEmpty, CatalogRoot.isPlainName(name[...]) else { return ("is not a plain file name in Assets/", nil) }
        let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        guard name.contains("."), layerFormats.contains(ext) else {
            return ("is not a PNG, SVG or PDF, the layer formats Icon Composer takes", nil)
        }
        let read: (head: [UInt8], tail: [UInt8], size: Int)
        switch reach.read("\(bundle)/Assets/\(name)", head: whole ? nil : 4096, maxBytes: IconComposerPreview.maxLayerBytes) {
        case .success(let found): read = found
        case .failure(.system(let error)) where error.isNoSuchFile: return ("is not in the bundle's Assets folder", nil)
        case .failure(.system(let error)) where error.isOverLimit:
            return whole
                ? ("is over the \(IconComposerPreview.maxLayerBytes) bytes a layer is drawn up to", nil) : ("cannot be read: \(error)", nil)
        case .failure(let refusal): return ("cannot be read: \(refusal)", nil)
        }
        let head = read.head.prefix(4096)
        let matches: Bool
        switch ext {
        case "png": matches = head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        case "pdf": matches = head.starts(with: Array("%PDF".utf8))
        default: matches = String(decoding: head, as: UTF8.self).contains("<svg")
        }
        guard matches else { return ("is named .\(ext) but its first bytes are not a \(ext.uppercased()) file's", nil) }
        guard whole else { return (nil, nil) }
        return (nil, read.head)
    }
}
