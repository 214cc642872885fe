#ifndef ASSETS_PNG_OPTIMIZE_SHIM_H
#define ASSETS_PNG_OPTIMIZE_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// What a lossless PNG optimisation, a comparison or a canonical read came to.
typedef enum {
    ASSETS_PNG_OPT_OK = 0,
    /// libpng could not read the file (damaged, truncated); `message` says why.
    ASSETS_PNG_OPT_UNREADABLE = 1,
    /// The file is sound but not one this optimiser rewrites: animated (acTL), Apple's CgBI, an unknown
    /// critical chunk, or libpng warned about it (a damaged ancillary chunk).
    ASSETS_PNG_OPT_UNSUPPORTED = 2,
    /// More pixels than the caller allows.
    ASSETS_PNG_OPT_TOO_LARGE = 3,
    ASSETS_PNG_OPT_OUT_OF_MEMORY = 4,
} assets_png_opt_status;

typedef struct {
    /// The rewritten file (malloc'ed; release with assets_png_opt_free). Set only with status OK.
    uint8_t *bytes;
    size_t count;
    uint32_t width, height;
    /// IHDR of the original and of the rewritten file.
    int bit_depth, color_type, interlaced;
    int out_bit_depth, out_color_type;
    char message[200];
} assets_png_opt_result;

/// Rewrites a PNG losslessly: decoded to 16-bit RGBA by libpng, reduced exactly (16 to 8 bits only when
/// every sample's two bytes agree, RGBA to RGB when opaque, colour to grey when every pixel is grey, a
/// palette of the fewest bits when at most 256 colours), each row filtered, the image data deflated by
/// libdeflate, and only the chunks that change how pixels look kept (iCCP, sRGB, gAMA, cHRM, cICP, mDCv,
/// cLLi, eXIf). `effort` 0..2: filter strategies tried and libdeflate's final level (2: level 12).
/// The result may be larger than the input; the caller compares and proves it (assets_png_same_image).
assets_png_opt_status assets_png_optimize(const uint8_t *data, size_t count, uint64_t max_pixels, int effort,
                                          assets_png_opt_result *result);

void assets_png_opt_free(assets_png_opt_result *result);

/// 1 when both files decode (libpng, expanded to 16-bit RGBA) to the same pixels and carry the same
/// colour chunks (iCCP, sRGB, gAMA, cHRM, cICP, mDCv, cLLi) and eXIf; 0 when they differ; a negative
/// status (-assets_png_opt_status) when either cannot be read.
int assets_png_same_image(const uint8_t *a, size_t a_count, const uint8_t *b, size_t b_count, uint64_t max_pixels);

/// Receives bytes of a canonical reading (assets_png_canonical / assets_jpeg_canonical).
typedef void (*assets_png_sink)(void *context, const uint8_t *bytes, size_t count);

/// Feeds `sink` the file's colour chunks (type and data), its size, then every row of its pixels as
/// 16-bit RGBA (big-endian), row by row (an interlaced image is decoded whole first): what two files
/// must share to look the same. Used for the duplicate-image digest.
assets_png_opt_status assets_png_canonical(const uint8_t *data, size_t count, uint64_t max_pixels,
                                           assets_png_sink sink, void *context);

#endif
