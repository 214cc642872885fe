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
        let bytes: [UInt8]
        switch reach.openFile(path) {
        case .failure(let refusal): return [finding("cannot be read: \(refusal)")]
        case .success(let file):
            switch file.read(maxBytes: maxJSONBytes) {
            case .failure(let error): return [finding("cannot be read: \(error)")]
            case .success(let read) where read.size > maxJSONBytes:
                return [finding("is \(read.size) bytes, over the \(maxJSONBytes) an icon.json is read up to: not read")]
            case .success(let read): bytes = read.head
            }
        }
        let root: JSONValue
        do { root = try JSONReader.parse(bytes) } catch {
            return [finding("does not parse: \(error.reason)", line: error.line, column: error.column)]
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
                if let problem = layerProblem(name, in: bundle, reach: reach) {
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
                    if let problem = layerProblem(file, in: bundle, reach: reach) {
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
        guard case .success(let file) = reach.openFile("\(bundle)/icon.json"),
            case .success(let read) = file.read(maxBytes: maxJSONBytes), read.size <= maxJSONBytes,
            let root = try? JSONReader.parse(read.head), case .array(let groups)? = root["groups"]
        else { return preview }
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
                    let (bytes, problem) = layerBytes(file, in: bundle, reach: reach)
                    preview.layers.append(
                        .init(
                            name: file, group: groupIndex, appearance: appearance, bytes: bytes, problem: problem,
                            hidden: hidden))
                }
            }
        }
        return preview
    }

    /// A layer file's bytes for the page (bounded), or why there are none.
    static func layerBytes(_ name: String, in bundle: String, reach: CatalogRoot) -> (bytes: [UInt8]?, problem: String?) {
        if let problem = layerProblem(name, in: bundle, reach: reach) { return (nil, problem) }
        switch reach.openFile("\(bundle)/Assets/\(name)") {
        case .failure(let refusal): return (nil, "cannot be read: \(refusal)")
        case .success(let file):
            switch file.read(maxBytes: IconComposerPreview.maxLayerBytes) {
            case .success(let read) where read.size <= IconComposerPreview.maxLayerBytes: return (read.head, nil)
            case .success(let read):
                return (nil, "\(read.size) bytes, over the \(IconComposerPreview.maxLayerBytes) a layer is drawn up to")
            case .failure(let error): return (nil, "cannot be read: \(error)")
            }
        }
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

    /// What is wrong with the layer image `name` of `bundle`, or nil when it is there and of a layer format.
    static func layerProblem(_ name: String, in bundle: String, reach: CatalogRoot) -> String? {
        guard !name.isEmpty, CatalogRoot.isPlainName(name[...]) else { return "is not a plain file name in Assets/" }
        let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        guard name.contains("."), layerFormats.contains(ext) else {
            return "is not a PNG, SVG or PDF, the layer formats Icon Composer takes"
        }
        let file: OpenFile
        switch reach.openFile("\(bundle)/Assets/\(name)") {
        case .success(let found): file = found
        case .failure(.system(let error)) where error.isNoSuchFile: return "is not in the bundle's Assets folder"
        case .failure(let refusal): return "cannot be read: \(refusal)"
        }
        guard case .success(let read) = file.read(head: 4096) else { return "cannot be read" }
        let head = read.head
        let matches: Bool
        switch ext {
        case "png": matches = head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        case "pdf": matches = head.starts(with: Array("%PDF".utf8))
        default: matches = String(decoding: head, as: UTF8.self).contains("<svg")
        }
        return matches ? nil : "is named .\(ext) but its first bytes are not a \(ext.uppercased()) file's"
    }
}
