import AssetsSupport
internal import CPNGShim

/// Writes a PNG of any colour type and bit depth from rows already packed as PNG stores them
/// (big-endian 16-bit samples, most-significant-bit-first sub-byte pixels), with a palette, tRNS and a
/// comment: for fixtures that cover every file libpng can read. `PNGEncoder` writes the package's output.
package struct PNGRawEncoder: Sendable {
    package var bitDepth: Int
    /// 0 gray, 2 RGB, 3 palette, 4 gray and alpha, 6 RGBA.
    package var colorType: Int
    package var interlaced = false
    /// RGB triples, for colour type 3.
    package var palette: [UInt8] = []
    /// Palette alphas (colour type 3).
    package var paletteAlpha: [UInt8]?
    /// The transparent sample values (gray; or red, green, blue) for colour types 0 and 2.
    package var transparentSamples: [UInt16]?
    package var comment: String?

    package init(bitDepth: Int, colorType: Int) {
        self.bitDepth = bitDepth
        self.colorType = colorType
    }

    package func encode(rows: [UInt8], width: Int, height: Int) throws(PNGEncodingError) -> [UInt8] {
        guard width > 0, height > 0, rows.count % height == 0 else {
            throw .library("\(rows.count) bytes of rows for \(width)x\(height)")
        }
        let stride = rows.count / height
        var output = assets_png_encode_output()
        defer { assets_png_encode_free(&output) }
        let alpha = paletteAlpha ?? []
        let trns = transparentSamples ?? []
        let status = rows.withUnsafeBufferPointer { rowBuffer in
            palette.withUnsafeBufferPointer { paletteBuffer in
                alpha.withUnsafeBufferPointer { alphaBuffer in
                    (comment ?? "").withCString { text in
                        var settings = assets_png_raw_settings()
                        settings.bit_depth = Int32(bitDepth)
                        settings.color_type = Int32(colorType)
                        settings.interlace = interlaced ? 1 : 0
                        settings.palette = paletteBuffer.baseAddress
                        settings.palette_count = Int32(palette.count / 3)
                        if paletteAlpha != nil {
                            settings.trns_alpha = alphaBuffer.baseAddress
                            settings.trns_alpha_count = Int32(alpha.count)
                        }
                        if !trns.isEmpty {
                            settings.has_trns_color = 1
                            settings.trns_gray = trns[0]
                            settings.trns_red = trns[0]
                            settings.trns_green = trns.count > 1 ? trns[1] : 0
                            settings.trns_blue = trns.count > 2 ? trns[2] : 0
                        }
                        settings.comment = comment == nil ? nil : text
                        return assets_png_encode_raw(
                            rowBuffer.baseAddress, stride, UInt32(width), UInt32(height),
                            &settings, &output)
                    }
                }
            }
        }
        guard status == ASSETS_PNG_ENCODE_OK, let bytes = output.bytes else {
            throw .library("libpng could not write the fixture (status \(status.rawValue))")
        }
        return Array(UnsafeBufferPointer(start: bytes, count: output.count))
    }
}
