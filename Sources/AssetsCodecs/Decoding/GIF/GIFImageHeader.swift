import AssetsSupport

/// The header of one image in a GIF, with the graphic control extension that preceded it.
struct GIFImageHeader {
    var index: Int
    var rectangle: FrameRectangle
    var interlaced: Bool
    /// 256 RGBA entries (little-endian packed), from the local table, else the global one, else none.
    var palette: GIFPalette
    var delayCentiseconds: Int
    var disposal: GIFDisposal
    var transparentIndex: Int?
    /// Byte offset of the image descriptor.
    var offset: Int
    /// Byte offset of the LZW minimum code size that starts the image data.
    var dataOffset: Int
    var hasLocalColorTable: Bool
}
