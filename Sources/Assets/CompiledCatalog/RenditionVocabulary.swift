/// CoreUI's numbers as words: the attributes of a rendition key, idioms, layouts, compressions, pixel
/// formats. Where each list comes from is in Docs/car.md; a number not listed prints as itself.
package enum RenditionVocabulary {
    /// The attributes a rendition key may hold, by identifier (`KEYFORMAT` lists which, in key order).
    package static let attributes: [UInt32: String] = [
        0: "look", 1: "element", 2: "part", 3: "size", 4: "direction", 5: "placeholder", 6: "value",
        7: "appearance", 8: "dimension1", 9: "dimension2", 10: "state", 11: "layer", 12: "scale",
        13: "localization", 14: "presentation_state", 15: "idiom", 16: "subtype", 17: "identifier",
        18: "previous_value", 19: "previous_state", 20: "size_class_horizontal", 21: "size_class_vertical",
        22: "memory_class", 23: "graphics_class", 24: "display_gamut", 25: "deployment_target",
        26: "glyph_weight", 27: "glyph_size",
    ]

    package enum Attribute {
        static let element: UInt32 = 1, part: UInt32 = 2, direction: UInt32 = 4, appearance: UInt32 = 7
        static let dimension1: UInt32 = 8, dimension2: UInt32 = 9, state: UInt32 = 10, scale: UInt32 = 12
        static let localization: UInt32 = 13, idiom: UInt32 = 15, subtype: UInt32 = 16, identifier: UInt32 = 17
        static let sizeClassHorizontal: UInt32 = 20, sizeClassVertical: UInt32 = 21, memoryClass: UInt32 = 22
        static let graphicsClass: UInt32 = 23, displayGamut: UInt32 = 24, deploymentTarget: UInt32 = 25
    }

    /// The idiom attribute's values, as `assetutil` and `Contents.json` name them.
    package static func idiom(_ value: UInt16) -> String {
        switch value {
        case 0: return "universal"
        case 1: return "phone"
        case 2: return "pad"
        case 3: return "tv"
        case 4: return "car"
        case 5: return "watch"
        case 6: return "marketing"
        default: return "idiom-\(value)"
        }
    }

    package static func sizeClass(_ value: UInt16) -> String {
        switch value {
        case 0: return "any"
        case 1: return "compact"
        case 2: return "regular"
        default: return "size-class-\(value)"
        }
    }

    package static func displayGamut(_ value: UInt16) -> String {
        switch value {
        case 0: return "sRGB"
        case 1: return "P3"
        default: return "gamut-\(value)"
        }
    }

    /// The template rendering mode in bits 3-4 of a CSI header's flags, as `assetutil` and
    /// `Contents.json`'s `template-rendering-intent` word it.
    package static func templateMode(_ value: UInt32) -> String {
        switch value {
        case 0: return "original"
        case 1: return "template"
        case 2: return "automatic"
        default: return "template-mode-\(value)"
        }
    }

    /// The CSI header's layout field: what kind of rendition this is.
    package static func layout(_ value: UInt16) -> String {
        switch value {
        case 0x07: return "text-effect"
        case 0x09: return "vector"
        case 10...12: return "image"
        case 20...25: return "three-part-image"
        case 30...34: return "nine-part-image"
        case 40: return "many-part-image"
        case 50: return "animation-filmstrip"
        case 0x3E8: return "data"
        case 0x3E9: return "external-link"
        case 0x3EA: return "layer-stack"
        case 0x3EB: return "internal-reference"
        case 0x3EC: return "packed-image"
        case 0x3ED: return "name-list"
        case 0x3EF: return "texture"
        case 0x3F0: return "texture-image"
        case 0x3F1: return "color"
        case 0x3F2: return "multisize-image-set"
        case 0x3F4: return "layer-reference"
        case 0x3F5: return "content-rendition"
        case 0x3F6: return "recognition-object"
        default: return "layout-\(value)"
        }
    }

    /// The compression of a `CELM` (pixel) payload, as `assetutil` names it.
    package static func compression(_ value: UInt32) -> String {
        switch value {
        case 0: return "uncompressed"
        case 1: return "rle"
        case 2: return "zip"
        case 3: return "lzvn"
        case 4: return "lzfse"
        case 5: return "jpeg-lzfse"
        case 6: return "blurred"
        case 7: return "astc"
        case 8: return "palette-img"
        case 9: return "hevc"
        case 10: return "deepmap-lzfse"
        case 11: return "deepmap2"
        default: return "compression-\(value)"
        }
    }

    /// The CSI header's pixel format, a four-character code stored little-endian (`ARGB`, `GA8 `, `PDF `,
    /// `DATA`, `JPEG`, `HEIF`, `SVG `), trimmed; none for zero.
    package static func pixelFormat(_ value: UInt32) -> String? {
        guard value != 0 else { return nil }
        let bytes = (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return "0x" + String(value, radix: 16) }
        return String(decoding: bytes, as: UTF8.self).trimmingSpaces
    }
}
