#ifndef ASSETS_JPEG_ENCODE_SHIM_H
#define ASSETS_JPEG_ENCODE_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// Stable result categories of the JPEG encoder shim; libjpeg's own message is kept as text.
typedef enum {
    ASSETS_JPEG_ENCODE_OK = 0,
    ASSETS_JPEG_ENCODE_INVALID_ARGUMENT = 1,
    ASSETS_JPEG_ENCODE_OUT_OF_MEMORY = 2,
    ASSETS_JPEG_ENCODE_LIBRARY_ERROR = 3,
} assets_jpeg_encode_status;

/// What the input rows hold.
typedef enum {
    /// 4 bytes a pixel, R G B A (alpha is ignored).
    ASSETS_JPEG_INPUT_RGBA = 0,
    /// 1 byte a pixel.
    ASSETS_JPEG_INPUT_GRAY = 1,
    /// 4 bytes a pixel, C M Y K as Adobe writes them (inverted: 0 = full ink).
    ASSETS_JPEG_INPUT_CMYK = 2,
} assets_jpeg_input;

/// The colour space written into the file.
typedef enum {
    ASSETS_JPEG_STORE_YCBCR = 0,
    ASSETS_JPEG_STORE_GRAY = 1,
    ASSETS_JPEG_STORE_RGB = 2,
    ASSETS_JPEG_STORE_CMYK = 3,
    ASSETS_JPEG_STORE_YCCK = 4,
} assets_jpeg_store;

typedef struct {
    int quality;              // 1...100
    int progressive;          // jpeg_simple_progression
    int arithmetic;           // arithmetic entropy coding instead of Huffman
    int optimize_coding;      // optimal Huffman tables
    int restart_interval;     // in MCUs, 0 = none
    int chroma_h;             // luma sampling factors (1 or 2): 1x1 = 4:4:4, 2x1 = 4:2:2, 2x2 = 4:2:0
    int chroma_v;
    assets_jpeg_input input;
    assets_jpeg_store store;
    const uint8_t *app1;      // optional APP1 payload (for example "Exif\0\0" + TIFF), written after JFIF
    size_t app1_count;
} assets_jpeg_encode_settings;

typedef struct {
    /// The encoded file, allocated with malloc; release with assets_jpeg_encode_free.
    uint8_t *bytes;
    size_t count;
    char message[200];
} assets_jpeg_encode_output;

/// Encodes rows (`stride` bytes apart) into a JPEG held in memory. Never prints; never exits.
assets_jpeg_encode_status assets_jpeg_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                                             const assets_jpeg_encode_settings *settings,
                                             assets_jpeg_encode_output *output);

void assets_jpeg_encode_free(assets_jpeg_encode_output *output);

#endif
