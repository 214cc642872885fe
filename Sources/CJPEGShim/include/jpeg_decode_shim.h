#ifndef ASSETS_JPEG_DECODE_SHIM_H
#define ASSETS_JPEG_DECODE_SHIM_H

#include <stddef.h>
#include <stdint.h>

/// Stable categories of what went wrong. libjpeg's own code and message travel beside them as data.
typedef enum {
    ASSETS_JPEG_OK = 0,
    ASSETS_JPEG_NOT_JPEG = 1,
    ASSETS_JPEG_TRUNCATED = 2,
    ASSETS_JPEG_CORRUPT = 3,
    ASSETS_JPEG_UNSUPPORTED = 4,
    ASSETS_JPEG_TOO_LARGE = 5,
    ASSETS_JPEG_INVALID_ARGUMENT = 6,
} assets_jpeg_status;

/// The colour space stored in the file (libjpeg's jpeg_color_space).
typedef enum {
    ASSETS_JPEG_SPACE_UNKNOWN = 0,
    ASSETS_JPEG_SPACE_GRAY = 1,
    ASSETS_JPEG_SPACE_RGB = 2,
    ASSETS_JPEG_SPACE_YCBCR = 3,
    ASSETS_JPEG_SPACE_CMYK = 4,
    ASSETS_JPEG_SPACE_YCCK = 5,
} assets_jpeg_space;

/// Everything the shim learned: header facts, warnings kept as data, and the failure if any.
typedef struct {
    /// Header facts, valid after a successful assets_jpeg_decoder_read_header.
    uint32_t width;
    uint32_t height;
    /// The size the decode will produce at the requested scale.
    uint32_t output_width;
    uint32_t output_height;
    int components;
    assets_jpeg_space space;
    int precision;
    int progressive;
    int arithmetic;
    int saw_jfif;
    int saw_adobe;
    int adobe_transform;
    int restart_interval;
    int h_samp[4];
    int v_samp[4];

    /// Warnings: how many, how many of them mean damaged data, and the last one's code and text.
    int warning_count;
    int corrupt_warning_count;
    /// Set when libjpeg ran out of data (JWRN_JPEG_EOF, "Premature end of JPEG file").
    int truncated;
    int last_warning_code;
    char last_warning[200];

    /// The failure: libjpeg's message code and text when status is not OK.
    int error_code;
    char message[200];
    /// How far into the data libjpeg had read when it failed or warned last.
    size_t input_offset;
    /// Set when a progressive file has more scans than the shim's limit (500).
    int scan_limit_hit;
    /// Scanlines written into the caller's buffer.
    uint32_t rows_decoded;
} assets_jpeg_report;

typedef struct assets_jpeg_decoder assets_jpeg_decoder;

/// A decoder reading `data` (owned by the caller, kept alive until destroy). NULL when out of memory.
assets_jpeg_decoder *assets_jpeg_decoder_create(const uint8_t *data, size_t count);

/// A decoder reading the open file `fd` (`file_size` bytes, for offsets in reports) from its current
/// position through a 64 KiB buffer; the caller keeps it open until destroy and closes it. NULL when out
/// of memory.
assets_jpeg_decoder *assets_jpeg_decoder_create_file(int fd, size_t file_size);

/// Reads the header and computes the output size for scale `scale_num / scale_denom` (libjpeg's DCT scaling).
/// `fancy_upsampling` 1 is libjpeg's and djpeg's default; 0 equals `djpeg -nosmooth`.
assets_jpeg_status assets_jpeg_decoder_read_header(assets_jpeg_decoder *decoder, unsigned scale_num,
                                                   unsigned scale_denom, int fancy_upsampling);

/// Decodes into `rgba`: output_height rows of `stride` bytes (at least output_width * 4), 8-bit RGBA, A = 255.
/// CMYK and YCCK become RGB as djpeg does it: R = C * K / 255 (Adobe's inverted CMYK), same for G and B.
assets_jpeg_status assets_jpeg_decoder_decode(assets_jpeg_decoder *decoder, uint8_t *rgba, size_t stride);

/// Starts a decode that hands out rows in pieces (instead of assets_jpeg_decoder_decode), so a caller can
/// write them out without holding the whole image. With `rgb` 1, rows are 3 bytes a pixel (R G B); CMYK
/// and YCCK files, and `rgb` 0, give 4 (R G B 255). `*channels` says which.
assets_jpeg_status assets_jpeg_decoder_start_rows(assets_jpeg_decoder *decoder, int rgb, int *channels);

/// Decodes up to `max_rows` next rows into `rows` (`stride` bytes apart); `*got` says how many were
/// written (0 once every row has been read).
assets_jpeg_status assets_jpeg_decoder_read_rows(assets_jpeg_decoder *decoder, uint8_t *rows, size_t stride,
                                                 unsigned max_rows, unsigned *got);

/// Ends a row decode: reads to the end of the image and reports truncation there.
assets_jpeg_status assets_jpeg_decoder_finish_rows(assets_jpeg_decoder *decoder);

/// What the decoder learned so far.
/// Decodes the whole file, keeping no image, for checking that it decodes (after read_header, instead of
/// assets_jpeg_decoder_decode): every marker and every MCU's entropy-coded data is read, so every error
/// and warning a full decode gives comes back the same; the pixels of all but the last row are not made.
assets_jpeg_status assets_jpeg_decoder_check(assets_jpeg_decoder *decoder);

void assets_jpeg_decoder_get_report(const assets_jpeg_decoder *decoder, assets_jpeg_report *report);

void assets_jpeg_decoder_destroy(assets_jpeg_decoder *decoder);

/// Hints the kernel to back a large, untouched output buffer with huge pages where it can (Linux
/// MADV_HUGEPAGE), so filling it costs a few page faults instead of thousands. A no-op elsewhere.
void assets_prepare_large_buffer(void *buffer, size_t count);

#endif
