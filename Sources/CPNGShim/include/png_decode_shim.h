#ifndef ASSETS_PNG_DECODE_SHIM_H
#define ASSETS_PNG_DECODE_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// Stable categories of what went wrong; libpng's own message travels beside them as text.
typedef enum {
    ASSETS_PNG_DECODE_OK = 0,
    ASSETS_PNG_DECODE_NOT_PNG = 1,
    ASSETS_PNG_DECODE_TRUNCATED = 2,
    ASSETS_PNG_DECODE_CORRUPT = 3,
    ASSETS_PNG_DECODE_UNSUPPORTED = 4,
    ASSETS_PNG_DECODE_TOO_LARGE = 5,
    ASSETS_PNG_DECODE_INVALID_ARGUMENT = 6,
} assets_png_decode_status;

typedef struct {
    /// IHDR, valid after a successful assets_png_decoder_read_header.
    uint32_t width;
    uint32_t height;
    int bit_depth;
    int color_type;
    int interlaced;
    int has_trns;
    /// Warnings, counted and kept (the last one's text); CRC errors in ancillary chunks land here.
    int warning_count;
    int crc_warning_count;
    /// Warnings that the image data itself is damaged (zlib's Adler-32 check failed after the last row).
    int data_warning_count;
    char last_warning[200];
    /// The failure's text when the status is not OK.
    char message[200];
    /// Bytes libpng had consumed when it failed.
    size_t input_offset;
    /// Set when libpng asked for bytes past the end of the data.
    int ran_out;
    /// Set by assets_png_decoder_check when the image data was found clean below the filters (see
    /// png_stream_check.h) and libpng's row decoding was not needed.
    int rows_checked_without_unfiltering;
} assets_png_decode_report;

typedef struct assets_png_decoder assets_png_decoder;

/// A decoder reading `data` (owned by the caller, kept alive until destroy). NULL when out of memory.
/// `max_width` and `max_height` go to png_set_user_limits, so libpng itself refuses larger IHDRs.
assets_png_decoder *assets_png_decoder_create(const uint8_t *data, size_t count, uint32_t max_width, uint32_t max_height);

/// Reads the signature and every chunk before the image data, and sets up the transforms to 8-bit RGBA.
assets_png_decode_status assets_png_decoder_read_header(assets_png_decoder *decoder);

/// Decodes every pass into `rgba`: height rows of `stride` bytes (at least width * 4), then reads to IEND.
assets_png_decode_status assets_png_decoder_decode(assets_png_decoder *decoder, uint8_t *rgba, size_t stride);

/// Checks a file whole, keeping no image: every chunk's CRC, the zlib stream inflated whole, the amount of
/// data and every row's filter type. Files that are anything but exactly clean there (and palette images)
/// have every row decoded by libpng into one reused row, so libpng gives the verdict, warnings and message.
/// Use instead of assets_png_decoder_decode, after read_header.
assets_png_decode_status assets_png_decoder_check(assets_png_decoder *decoder);

void assets_png_decoder_get_report(const assets_png_decoder *decoder, assets_png_decode_report *report);

void assets_png_decoder_destroy(assets_png_decoder *decoder);

#endif
