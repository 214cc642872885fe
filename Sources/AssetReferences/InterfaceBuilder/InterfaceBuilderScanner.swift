/// The asset names a storyboard or xib asks for. Interface Builder documents are XML that Xcode writes:
/// the scan reads their start tags and attributes (comments, CDATA and the five predefined entities
/// understood) with a reader written here, which keeps each attribute's line and column for the finding;
/// Foundation's XMLParser would give element positions only and bring libxml2 into the static binary.
///
/// Lookups: `image=`, `highlightedImage=`, `backgroundImage=`, `selectedImage=`, `landscapeImage=` and
/// `largeContentSizeImage=` on any element (an image view, `<imageCell>`, `<barButtonItem>`, `<segment>`,
/// `<toolbarItem>`, `<menuItem>`), `<userDefinedRuntimeAttribute type="image" value=…>`, and `<color name="…">`
/// (a named colour): each at its own line. The `<resources>` section's `<image name=…>` and
/// `<namedColor name=…>` repeat them and only count as uses; an `<image name=…>` there holding a
/// `<mutableData key="keyedArchiveRepresentation">` carries the image itself (a picture dragged into the
/// document, named `tabBarItem:ID:image`), so the nib has it whatever the catalogs hold. An element with
/// `catalog="system"` (or any catalog) names an SF Symbol or a system colour, not a set, and `NS…` names
/// (`NSActionTemplate`) are AppKit's own images.
import Assets

package enum InterfaceBuilderScanner {
    static let imageAttributes: Set<String> = [
        "image", "highlightedImage", "backgroundImage", "selectedImage", "landscapeImage", "largeContentSizeImage",
        "landscapeImagePhone", "selectedImageTint",
    ]

    /// Elements whose `image=` is a flag (`<accessibilityTraits image="YES">`), not a name.
    static let ignoredElements: Set<String> = ["accessibilityTraits", "accessibility", "traits"]

    package static func scan(_ bytes: [UInt8], file: String) -> FileScan {
        var result = FileScan()
        var index = 0
        var line = 1
        var lineStart = 0
        let count = bytes.count
        // The resources' `<image name=…>` whose element is still open: its data may follow.
        var openResourceImage: Int?
        func starts(_ text: StaticString, at offset: Int) -> Bool {
            let length = text.utf8CodeUnitCount
            guard offset + length <= count else { return false }
            return text.withUTF8Buffer { buffer in (0..<length).allSatisfy { bytes[offset + $0] == buffer[$0] } }
        }
        func skip(to terminator: StaticString) {
            while index < count, !starts(terminator, at: index) {
                if bytes[index] == 0x0A {
                    line += 1
                    lineStart = index + 1
                }
                index += 1
            }
            index += terminator.utf8CodeUnitCount
        }
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                lineStart = index + 1
                index += 1
                continue
            }
            guard byte == 0x3C else {
                index += 1
                continue
            }
            if starts("<!--", at: index) {
                skip(to: "-->")
                continue
            }
            if starts("<![CDATA[", at: index) {
                skip(to: "]]>")
                continue
            }
            if starts("</image", at: index) { openResourceImage = nil }
            if starts("<?", at: index) || starts("<!", at: index) || starts("</", at: index) {
                skip(to: ">")
                continue
            }
            // A start tag: its name, then attributes.
            index += 1
            let nameStart = index
            while index < count, !isSpace(bytes[index]), bytes[index] != 0x3E, bytes[index] != 0x2F { index += 1 }
            let element = String(decoding: bytes[nameStart..<index], as: UTF8.self)
            var attributes: [(name: String, value: String, line: Int, column: Int)] = []
            while index < count, bytes[index] != 0x3E {
                if bytes[index] == 0x0A {
                    line += 1
                    lineStart = index + 1
                    index += 1
                    continue
                }
                if isSpace(bytes[index]) || bytes[index] == 0x2F {
                    index += 1
                    continue
                }
                let attributeStart = index
                while index < count, bytes[index] != 0x3D, !isSpace(bytes[index]), bytes[index] != 0x3E { index += 1 }
                let name = String(decoding: bytes[attributeStart..<index], as: UTF8.self)
                while index < count, isSpace(bytes[index]) {
                    if bytes[index] == 0x0A {
                        line += 1
                        lineStart = index + 1
                    }
                    index += 1
                }
                guard index < count, bytes[index] == 0x3D else { continue }
                index += 1
                while index < count, isSpace(bytes[index]) {
                    if bytes[index] == 0x0A {
                        line += 1
                        lineStart = index + 1
                    }
                    index += 1
                }
                guard index < count, bytes[index] == 0x22 || bytes[index] == 0x27 else { continue }
                let quote = bytes[index]
                index += 1
                let valueLine = line
                let valueColumn = index - lineStart + 1
                let valueStart = index
                while index < count, bytes[index] != quote {
                    if bytes[index] == 0x0A {
                        line += 1
                        lineStart = index + 1
                    }
                    index += 1
                }
                attributes.append(
                    (
                        name, unescape(String(decoding: bytes[valueStart..<min(index, count)], as: UTF8.self)),
                        valueLine, valueColumn
                    ))
                index += 1
            }
            let selfClosed = index > 0 && bytes[index - 1] == 0x2F
            index += 1
            if element == "mutableData", let open = openResourceImage,
                attributes.contains(where: { $0.name == "key" && $0.value == "keyedArchiveRepresentation" })
            {
                result.references[open].via = Self.embeddedImage
                openResourceImage = nil
            }
            if element == "image" { openResourceImage = nil }
            let catalog = attributes.first { $0.name == "catalog" }?.value
            guard catalog == nil || catalog == "", !ignoredElements.contains(element) else { continue }
            for attribute in attributes where !attribute.value.isEmpty && !isAppKitName(attribute.value) {
                var reference: (AssetLookup.Wanted, AssetReference.Certainty, String)?
                if imageAttributes.contains(attribute.name), element != "namedColor" {
                    reference = (.image, .lookup, "\(attribute.name)=")
                } else if attribute.name == "name" {
                    switch element {
                    case "color": reference = (.color, .lookup, "<color name=>")
                    // Xcode repeats each name the document uses here: a use, while each finding is the
                    // control's, at its own line.
                    case "image": reference = (.image, .possible, "<image name=>")
                    case "namedColor": reference = (.color, .possible, "<namedColor name=>")
                    default: break
                    }
                }
                // `<userDefinedRuntimeAttribute type="image" keyPath="icon" value="x"/>`: loaded by name too.
                if element == "userDefinedRuntimeAttribute", attribute.name == "value",
                    attributes.contains(where: { $0.name == "type" && $0.value == "image" })
                {
                    reference = (.image, .lookup, "userDefinedRuntimeAttribute image")
                }
                guard let (wanted, certainty, via) = reference else { continue }
                if element == "image", attribute.name == "name", !selfClosed { openResourceImage = result.references.count }
                result.references.append(
                    AssetReference(
                        name: .literal(attribute.value), wanted: wanted, certainty: certainty,
                        file: file, line: attribute.line, column: attribute.column, via: via))
            }
        }
        result.lines = line
        return result
    }

    /// How a resources `<image name=…>` that carries its own data is marked (`ReferenceFindings` reads it).
    static let embeddedImage = "<image name=> with its data"

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// AppKit's named images (`NSActionTemplate`, `NSStatusAvailable`): `NS` and a capital letter.
    static func isAppKitName(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars.prefix(3))
        return scalars.count == 3 && scalars[0] == "N" && scalars[1] == "S" && ("A"..."Z").contains(scalars[2])
    }

    static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let entities: [Substring: String] = ["lt": "<", "gt": ">", "quot": "\"", "apos": "'", "amp": "&"]
        var out = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            if let semicolon = after.firstIndex(of: ";"), let replacement = entities[after[..<semicolon]] {
                out += replacement
                rest = after[after.index(after: semicolon)...]
            } else {
                out += "&"
                rest = after
            }
        }
        return out + rest
    }
}

extension SourceTree.Kind {
    package static let interfaceBuilder = Self(rawValue: "interface-builder")
}

extension InterfaceBuilderScanner: ReferenceScanner {
    package static let kind = SourceTree.Kind.interfaceBuilder
    package static let fileExtensions = ["storyboard", "xib"]

    package static func scan(_ bytes: [UInt8], file: String, options: ReferenceScan.Options) -> FileScan {
        Self.scan(bytes, file: file)
    }
}
