#include "png_decode_shim.h"
#include "png_stream_check.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

/*
 * libpng leaves by longjmp on a fatal error. The jmp_buf lives in the decoder struct; each entry point sets
 * it before its first libpng call and returns a status, so Swift is never between setjmp and longjmp.
 * Warnings are counted and kept, never printed.
 */
struct assets_png_decoder {
    jmp_buf jump;
    png_structp png;
    png_infop info;
    const uint8_t *data;
    size_t count;
    size_t position;
    int header_read;
    int started;
    /// Set by read_header: the first IDAT chunk's offset (0 when not known) and IHDR's filter method.
    size_t idat_start;
    int filter_method;
    assets_png_decode_report report;
};

static void decode_error(png_structp png, png_const_charp message) {
    assets_png_decoder *decoder = (assets_png_decoder *)png_get_error_ptr(png);
    strncpy(decoder->report.message, message ? message : "libpng error", sizeof(decoder->report.message) - 1);
    decoder->report.input_offset = decoder->position;
    longjmp(decoder->jump, 1);
}

static void decode_warning(png_structp png, png_const_charp message) {
    assets_png_decoder *decoder = (assets_png_decoder *)png_get_error_ptr(png);
    decoder->report.warning_count++;
    if (message && strstr(message, "CRC")) decoder->report.crc_warning_count++;
    /* zlib's Adler-32 of the image data did not match: libpng 1.6 only warns (the rows were already out),
       but the image data is damaged. */
    if (message && strstr(message, "incorrect data check")) decoder->report.data_warning_count++;
    strncpy(decoder->report.last_warning, message ? message : "libpng warning",
            sizeof(decoder->report.last_warning) - 1);
}

static void decode_read(png_structp png, png_bytep out, png_size_t length) {
    assets_png_decoder *decoder = (assets_png_decoder *)png_get_io_ptr(png);
    if (length > decoder->count - decoder->position) {
        decoder->report.ran_out = 1;
        png_error(png, "unexpected end of file");
    }
    memcpy(out, decoder->data + decoder->position, length);
    decoder->position += length;
}

static assets_png_decode_status classify(const assets_png_decoder *decoder) {
    const char *message = decoder->report.message;
    if (decoder->report.ran_out) return ASSETS_PNG_DECODE_TRUNCATED;
    if (strstr(message, "exceeds user limit") ||
        strstr(decoder->report.last_warning, "exceeds user limit") || strstr(message, "too large") ||
        strstr(message, "Out of memory") || strstr(message, "out of memory"))
        return ASSETS_PNG_DECODE_TOO_LARGE;
    if (strstr(message, "signature") || strstr(message, "Not a PNG")) return ASSETS_PNG_DECODE_NOT_PNG;
    return ASSETS_PNG_DECODE_CORRUPT;
}

assets_png_decoder *assets_png_decoder_create(const uint8_t *data, size_t count, uint32_t max_width, uint32_t max_height) {
    assets_png_decoder *decoder = (assets_png_decoder *)calloc(1, sizeof(assets_png_decoder));
    if (!decoder) return NULL;
    decoder->data = data;
    decoder->count = data ? count : 0;
    decoder->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, decoder, decode_error, decode_warning);
    if (!decoder->png) {
        free(decoder);
        return NULL;
    }
    decoder->info = png_create_info_struct(decoder->png);
    if (!decoder->info) {
        png_destroy_read_struct(&decoder->png, NULL, NULL);
        free(decoder);
        return NULL;
    }
    if (setjmp(decoder->jump)) {
        png_destroy_read_struct(&decoder->png, &decoder->info, NULL);
        free(decoder);
        return NULL;
    }
    png_set_read_fn(decoder->png, decoder, decode_read);
    png_set_user_limits(decoder->png, max_width ? max_width : 1, max_height ? max_height : 1);
    /* Ancillary chunks are small; refuse a metadata bomb (libpng's own default cap is 8 MB). */
    png_set_chunk_malloc_max(decoder->png, 64u * 1024u * 1024u);
    return decoder;
}

assets_png_decode_status assets_png_decoder_read_header(assets_png_decoder *decoder) {
    if (!decoder || decoder->header_read) return ASSETS_PNG_DECODE_INVALID_ARGUMENT;
    png_structp png = decoder->png;
    png_infop info = decoder->info;
    assets_png_decode_report *report = &decoder->report;
    if (decoder->count < 8 || png_sig_cmp((png_const_bytep)decoder->data, 0, 8) != 0) {
        strcpy(report->message, decoder->count < 8 ? "file ends inside the PNG signature" : "not a PNG signature");
        return decoder->count < 8 ? ASSETS_PNG_DECODE_TRUNCATED : ASSETS_PNG_DECODE_NOT_PNG;
    }
    if (setjmp(decoder->jump)) return classify(decoder);

    png_read_info(png, info);
    decoder->header_read = 1;
    /* png_read_info stops having read the first IDAT chunk's length and type, and nothing more. */
    if (decoder->position >= 8 && memcmp(decoder->data + decoder->position - 4, "IDAT", 4) == 0)
        decoder->idat_start = decoder->position - 8;
    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0, interlace = 0, filter_method = 0;
    png_get_IHDR(png, info, &width, &height, &bit_depth, &color_type, &interlace, NULL, &filter_method);
    decoder->filter_method = filter_method;
    report->width = width;
    report->height = height;
    report->bit_depth = bit_depth;
    report->color_type = color_type;
    report->interlaced = interlace != PNG_INTERLACE_NONE;
    report->has_trns = png_get_valid(png, info, PNG_INFO_tRNS) ? 1 : 0;

    /* Every colour type and depth to 8-bit RGBA. */
    if (bit_depth == 16) png_set_strip_16(png);
    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (report->has_trns) png_set_tRNS_to_alpha(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(color_type & PNG_COLOR_MASK_ALPHA) && !report->has_trns) png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) {
        strcpy(report->message, "transforms did not give 8-bit RGBA rows");
        return ASSETS_PNG_DECODE_UNSUPPORTED;
    }
    return ASSETS_PNG_DECODE_OK;
}

assets_png_decode_status assets_png_decoder_decode(assets_png_decoder *decoder, uint8_t *rgba, size_t stride) {
    if (!decoder || !decoder->header_read || decoder->started || !rgba) return ASSETS_PNG_DECODE_INVALID_ARGUMENT;
    assets_png_decode_report *report = &decoder->report;
    if (stride < (size_t)report->width * 4) return ASSETS_PNG_DECODE_INVALID_ARGUMENT;
    png_bytep *rows = (png_bytep *)malloc(sizeof(png_bytep) * (report->height ? report->height : 1));
    if (!rows) {
        strcpy(report->message, "out of memory for row pointers");
        return ASSETS_PNG_DECODE_TOO_LARGE;
    }
    /* rows is set before setjmp and never changed after it, so it is valid after a longjmp. */
    png_bytep *volatile row_pointers = rows;
    if (setjmp(decoder->jump)) {
        free(row_pointers);
        return classify(decoder);
    }
    decoder->started = 1;
    for (uint32_t y = 0; y < report->height; y++) row_pointers[y] = rgba + (size_t)y * stride;
    png_read_image(decoder->png, row_pointers);
    png_read_end(decoder->png, NULL);
    free(row_pointers);
    return ASSETS_PNG_DECODE_OK;
}

assets_png_decode_status assets_png_decoder_check(assets_png_decoder *decoder) {
    if (!decoder || !decoder->header_read || decoder->started) return ASSETS_PNG_DECODE_INVALID_ARGUMENT;
    assets_png_decode_report *report = &decoder->report;
    /* Palette images go through libpng: it also checks every index against the palette's length. */
    int channels = 0;
    switch (report->color_type) {
    case PNG_COLOR_TYPE_GRAY: channels = 1; break;
    case PNG_COLOR_TYPE_GRAY_ALPHA: channels = 2; break;
    case PNG_COLOR_TYPE_RGB: channels = 3; break;
    case PNG_COLOR_TYPE_RGB_ALPHA: channels = 4; break;
    default: break;
    }
    if (channels > 0 && decoder->idat_start > 0 && decoder->filter_method == PNG_FILTER_TYPE_BASE) {
        assets_png_stream_layout layout = { report->width, report->height, report->bit_depth, channels,
                                            report->interlaced };
        if (assets_png_stream_is_clean(decoder->data, decoder->count, decoder->idat_start, &layout)) {
            decoder->started = 1;
            report->rows_checked_without_unfiltering = 1;
            return ASSETS_PNG_DECODE_OK;
        }
    }
    size_t row_bytes = (size_t)report->width * 4;
    png_bytep row = (png_bytep)malloc(row_bytes ? row_bytes : 1);
    if (!row) {
        strcpy(report->message, "out of memory for a row");
        return ASSETS_PNG_DECODE_TOO_LARGE;
    }
    /* row is set before setjmp and never changed after it, so it is valid after a longjmp. */
    png_bytep volatile kept = row;
    if (setjmp(decoder->jump)) {
        free(kept);
        return classify(decoder);
    }
    decoder->started = 1;
    /* Every row of every pass, into the one row: every byte is inflated, unfiltered and checked. */
    int passes = report->interlaced ? 7 : 1;
    for (int pass = 0; pass < passes; pass++) {
        for (uint32_t y = 0; y < report->height; y++) png_read_row(decoder->png, kept, NULL);
    }
    png_read_end(decoder->png, NULL);
    free(kept);
    return ASSETS_PNG_DECODE_OK;
}

void assets_png_decoder_get_report(const assets_png_decoder *decoder, assets_png_decode_report *report) {
    if (!decoder || !report) return;
    *report = decoder->report;
}

void assets_png_decoder_destroy(assets_png_decoder *decoder) {
    if (!decoder) return;
    png_destroy_read_struct(&decoder->png, &decoder->info, NULL);
    free(decoder);
}
