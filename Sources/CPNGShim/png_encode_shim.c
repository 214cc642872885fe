#include "png_encode_shim.h"
#include "png_memory_writer.h"

#include <libdeflate.h>
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <zlib.h>


/* Working memory kept between encodes: libpng and zlib ask for the same few blocks (zlib's window, hash
   chains and pending buffer, libpng's row buffers) for every frame of the same size, so blocks are
   handed back by exact size instead of going through malloc, which on worker threads returns them to
   the kernel and takes page faults to get them back. */
#define KEPT_BLOCKS 24

typedef struct {
    struct { void *block; size_t size; int used; } slots[KEPT_BLOCKS];
    /* assets_png_encode_libdeflate's state: the compressor for one level, the image data before
       compression (a filter-type byte, then each row) and the zlib stream libdeflate makes of it. */
    struct libdeflate_compressor *compressor;
    int compressor_level;
    uint8_t *raw;
    size_t raw_capacity;
    uint8_t *packed;
    size_t packed_capacity;
    /* zlib's compressor for the bands of assets_png_compress_band, at `band_level` (reset for each band). */
    z_stream band_stream;
    int band_stream_ready, band_level;
    /* What assets_png_prepare_libdeflate left in `raw` for assets_png_finish_libdeflate. */
    uint32_t width, height;
    int color_type, bit_depth;
    size_t raw_size;
    int palette_count, trns_count;
    png_color palette[256];
    png_byte palette_alpha[256];
} kept_memory;

static png_voidp kept_malloc(png_structp png, png_alloc_size_t size) {
    kept_memory *kept = (kept_memory *)png_get_mem_ptr(png);
    int empty = -1;
    for (int i = 0; i < KEPT_BLOCKS; i++) {
        if (kept->slots[i].block && !kept->slots[i].used && kept->slots[i].size == size) {
            kept->slots[i].used = 1;
            return kept->slots[i].block;
        }
        if (!kept->slots[i].block && empty < 0) empty = i;
    }
    void *block = malloc(size ? size : 1);
    if (block && empty >= 0) {
        kept->slots[empty].block = block;
        kept->slots[empty].size = size;
        kept->slots[empty].used = 1;
    }
    return block;
}

static void kept_free(png_structp png, png_voidp block) {
    if (!block) return;
    kept_memory *kept = (kept_memory *)png_get_mem_ptr(png);
    for (int i = 0; i < KEPT_BLOCKS; i++) {
        if (kept->slots[i].block == block) {
            kept->slots[i].used = 0;
            return;
        }
    }
    free(block);
}

static void kept_release(kept_memory *kept) {
    if (!kept) return;
    for (int i = 0; i < KEPT_BLOCKS; i++) free(kept->slots[i].block);
    if (kept->compressor) libdeflate_free_compressor(kept->compressor);
    if (kept->band_stream_ready) deflateEnd(&kept->band_stream);
    free(kept->raw);
    free(kept->packed);
    free(kept);
}

/* Grows `*buffer` to at least `size` bytes (contents not kept); 0 when out of memory. */
static int ensure_capacity(uint8_t **buffer, size_t *capacity, size_t size) {
    if (*capacity >= size) return 1;
    free(*buffer);
    *buffer = malloc(size);
    *capacity = *buffer ? size : 0;
    return *buffer != NULL;
}

/* Shared by both entry points; `keep_buffer` leaves the output's allocation to the caller on failure. */
static assets_png_encode_status encode(const uint8_t *pixels,
                                       uint32_t width,
                                       uint32_t height,
                                       size_t stride,
                                       int has_alpha,
                                       int compression_level,
                                       assets_png_filter filter,
                                       assets_png_encode_output *output,
                                       int keep_buffer) {
    if (!pixels || !output || width == 0 || height == 0 || width > 0x7fffffffu || height > 0x7fffffffu) {
        return ASSETS_PNG_ENCODE_INVALID_ARGUMENT;
    }
    size_t channels = has_alpha ? 4 : 3;
    if (stride < (size_t)width * channels) return ASSETS_PNG_ENCODE_INVALID_ARGUMENT;
    if (compression_level < 0 || compression_level > 9) return ASSETS_PNG_ENCODE_INVALID_ARGUMENT;
    if (keep_buffer) {
        output->count = 0;
        output->message[0] = '\0';
    } else {
        memset(output, 0, sizeof(*output));
    }

    assets_png_encode_context context;
    memset(&context, 0, sizeof(context));
    context.output = output;

    png_structp png;
    if (keep_buffer) {
        if (!output->memory) output->memory = calloc(1, sizeof(kept_memory));
        if (!output->memory) return ASSETS_PNG_ENCODE_OUT_OF_MEMORY;
        png = png_create_write_struct_2(PNG_LIBPNG_VER_STRING, &context, assets_png_encode_error, assets_png_encode_warning,
                                        output->memory, kept_malloc, kept_free);
    } else {
        png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &context, assets_png_encode_error, assets_png_encode_warning);
    }
    if (!png) return ASSETS_PNG_ENCODE_OUT_OF_MEMORY;
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        return ASSETS_PNG_ENCODE_OUT_OF_MEMORY;
    }
    /* Everything touched after setjmp and read after longjmp is either volatile or unchanged. */
    if (setjmp(context.jump)) {
        png_destroy_write_struct(&png, &info);
        if (keep_buffer) {
            output->count = 0;
        } else {
            free(output->bytes);
            output->bytes = NULL;
            output->count = 0;
            output->capacity = 0;
        }
        return context.out_of_memory ? ASSETS_PNG_ENCODE_OUT_OF_MEMORY : ASSETS_PNG_ENCODE_LIBRARY_ERROR;
    }

    png_set_write_fn(png, &context, assets_png_encode_write, assets_png_encode_flush);
    png_set_IHDR(png, info, width, height, 8, has_alpha ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, compression_level);
    int filters = PNG_FILTER_NONE;
    switch (filter) {
    case ASSETS_PNG_FILTER_NONE: filters = PNG_FILTER_NONE; break;
    case ASSETS_PNG_FILTER_SUB: filters = PNG_FILTER_SUB; break;
    case ASSETS_PNG_FILTER_UP: filters = PNG_FILTER_UP; break;
    case ASSETS_PNG_FILTER_ADAPTIVE: filters = PNG_ALL_FILTERS; break;
    }
    png_set_filter(png, 0, filters);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) {
        png_write_row(png, (png_const_bytep)(pixels + (size_t)y * stride));
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return ASSETS_PNG_ENCODE_OK;
}

assets_png_encode_status assets_png_encode(const uint8_t *pixels,
                                           uint32_t width,
                                           uint32_t height,
                                           size_t stride,
                                           int has_alpha,
                                           int compression_level,
                                           assets_png_filter filter,
                                           assets_png_encode_output *output) {
    return encode(pixels, width, height, stride, has_alpha, compression_level, filter, output, 0);
}

assets_png_encode_status assets_png_encode_reusing(const uint8_t *pixels,
                                                   uint32_t width,
                                                   uint32_t height,
                                                   size_t stride,
                                                   int has_alpha,
                                                   int compression_level,
                                                   assets_png_filter filter,
                                                   assets_png_encode_output *output) {
    return encode(pixels, width, height, stride, has_alpha, compression_level, filter, output, 1);
}

/* Open addressing from an RGBA value (as one 32-bit word) to its palette index: 512 slots for at most
   256 colours. */
#define COLOUR_SLOTS 512

static inline uint32_t colour_slot(uint32_t colour) {
    return (colour * 0x9E3779B1u) >> 23;
}

/* Writes each pixel's palette index (filter byte 0 before each row) into `raw` while collecting the
   distinct RGBA colours in order of first appearance; 0 as soon as a 257th colour turns up. Then packs the
   indices to 1, 2 or 4 bits when the count allows (in place: a packed row never outruns its source). */
static int prepare_indexed(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride, int has_alpha,
                           kept_memory *kept) {
    uint32_t keys[COLOUR_SLOTS];
    int16_t indices[COLOUR_SLOTS];
    uint32_t colours[256];
    int count = 0;
    /* A sample first (every 61st pixel: a prime, so it does not follow columns): a photograph or a noisy
       frame shows 257 colours within a few hundred samples, and is left after a small fraction of a pass. */
    memset(indices, 0xff, sizeof(indices));
    size_t total = (size_t)width * height;
    for (size_t at = 0; at < total; at += 61) {
        const uint8_t *p = pixels + (at / width) * stride + (at % width) * (has_alpha ? 4 : 3);
        uint32_t colour;
        if (has_alpha) {
            memcpy(&colour, p, 4);
        } else {
            colour = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | 0xff000000u;
        }
        uint32_t slot = colour_slot(colour);
        while (indices[slot] >= 0 && keys[slot] != colour) slot = (slot + 1) & (COLOUR_SLOTS - 1);
        if (indices[slot] < 0) {
            if (count == 256) return 0;
            keys[slot] = colour;
            indices[slot] = (int16_t)count++;
        }
    }
    /* The palette itself is in order of first appearance in the image. */
    memset(indices, 0xff, sizeof(indices));
    count = 0;
    uint32_t last = 0;
    uint8_t last_index = 0;
    int have_last = 0;
    uint8_t *to = kept->raw;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *from = pixels + (size_t)y * stride;
        *to++ = 0;
        for (uint32_t x = 0; x < width; x++) {
            uint32_t colour;
            if (has_alpha) {
                memcpy(&colour, from + (size_t)x * 4, 4);
            } else {
                const uint8_t *p = from + (size_t)x * 3;
                colour = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | 0xff000000u;
            }
            if (!(have_last && colour == last)) {
                uint32_t slot = colour_slot(colour);
                while (indices[slot] >= 0 && keys[slot] != colour) slot = (slot + 1) & (COLOUR_SLOTS - 1);
                if (indices[slot] < 0) {
                    if (count == 256) return 0;
                    keys[slot] = colour;
                    indices[slot] = (int16_t)count;
                    colours[count++] = colour;
                }
                last = colour;
                last_index = (uint8_t)indices[slot];
                have_last = 1;
            }
            *to++ = last_index;
        }
    }
    int depth = count <= 2 ? 1 : count <= 4 ? 2 : count <= 16 ? 4 : 8;
    size_t row_bytes = ((size_t)width * depth + 7) / 8;
    if (depth < 8) {
        int per_byte = 8 / depth;
        for (uint32_t y = 0; y < height; y++) {
            const uint8_t *from = kept->raw + (size_t)y * (width + 1) + 1;
            uint8_t *row = kept->raw + (size_t)y * (row_bytes + 1);
            row[0] = 0;
            for (size_t k = 0; k < row_bytes; k++) {
                unsigned packed = 0;
                for (int i = 0; i < per_byte; i++) {
                    size_t x = k * per_byte + i;
                    unsigned value = x < width ? from[x] : 0;
                    packed |= value << (8 - depth * (i + 1));
                }
                row[1 + k] = (uint8_t)packed;
            }
        }
    }
    kept->color_type = PNG_COLOR_TYPE_PALETTE;
    kept->bit_depth = depth;
    kept->raw_size = (row_bytes + 1) * (size_t)height;
    kept->palette_count = count;
    kept->trns_count = 0;
    for (int i = 0; i < count; i++) {
        uint32_t colour = colours[i];
        kept->palette[i].red = (png_byte)(colour & 0xff);
        kept->palette[i].green = (png_byte)(colour >> 8 & 0xff);
        kept->palette[i].blue = (png_byte)(colour >> 16 & 0xff);
        kept->palette_alpha[i] = (png_byte)(colour >> 24);
        /* tRNS lists alphas up to the last palette entry that is not opaque; later ones are opaque. */
        if (kept->palette_alpha[i] != 255) kept->trns_count = i + 1;
    }
    return 1;
}

/* Writes the rows as 8-bit RGB (filter byte 0 before each) while checking that every alpha is 255; 0 at
   the first row with a pixel that is not opaque. */
static int prepare_rgb_if_opaque(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride, uint8_t *to) {
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *from = pixels + (size_t)y * stride;
        uint32_t alpha = 0xff000000u;
        *to++ = 0;
        /* Each pixel's four bytes are stored whole and the next pixel overwrites the fourth (its alpha):
           one load and one store a pixel. The last pixel's alpha lands on the next row's filter byte,
           written after it, or one byte past the RGB data, inside `raw` (sized for RGBA). */
        for (uint32_t x = 0; x < width; x++, from += 4, to += 3) {
            uint32_t pixel;
            memcpy(&pixel, from, 4);
            memcpy(to, &pixel, 4);
            alpha &= pixel;
        }
        if (alpha != 0xff000000u) return 0;
    }
    return 1;
}

assets_png_encode_status assets_png_prepare_libdeflate(const uint8_t *pixels,
                                                       uint32_t width,
                                                       uint32_t height,
                                                       size_t stride,
                                                       int has_alpha,
                                                       int rgb_when_opaque,
                                                       int indexed_when_few,
                                                       assets_png_encode_output *output) {
    if (!pixels || !output || width == 0 || height == 0 || width > 0x7fffffffu || height > 0x7fffffffu) {
        return ASSETS_PNG_ENCODE_INVALID_ARGUMENT;
    }
    size_t channels = has_alpha ? 4 : 3;
    if (stride < (size_t)width * channels) return ASSETS_PNG_ENCODE_INVALID_ARGUMENT;
    size_t row_bytes = (size_t)width * channels;
    if (row_bytes + 1 > SIZE_MAX / height) return ASSETS_PNG_ENCODE_INVALID_ARGUMENT;
    size_t raw_size = (row_bytes + 1) * (size_t)height;
    output->count = 0;
    output->message[0] = '\0';
    if (!output->memory) output->memory = calloc(1, sizeof(kept_memory));
    kept_memory *kept = (kept_memory *)output->memory;
    if (!kept) return ASSETS_PNG_ENCODE_OUT_OF_MEMORY;
    kept->raw_size = 0;
    if (!ensure_capacity(&kept->raw, &kept->raw_capacity, raw_size)) return ASSETS_PNG_ENCODE_OUT_OF_MEMORY;
    kept->width = width;
    kept->height = height;
    kept->palette_count = 0;
    kept->trns_count = 0;
    if (indexed_when_few && prepare_indexed(pixels, width, height, stride, has_alpha, kept)) return ASSETS_PNG_ENCODE_OK;
    kept->bit_depth = 8;
    /* An image whose every alpha is 255 is written as RGB: the same pixels, a quarter less data to compress. */
    if (has_alpha && rgb_when_opaque && prepare_rgb_if_opaque(pixels, width, height, stride, kept->raw)) {
        kept->color_type = PNG_COLOR_TYPE_RGB;
        kept->raw_size = ((size_t)width * 3 + 1) * (size_t)height;
        return ASSETS_PNG_ENCODE_OK;
    }
    uint8_t *to = kept->raw;
    for (uint32_t y = 0; y < height; y++) {
        *to++ = 0;
        memcpy(to, pixels + (size_t)y * stride, row_bytes);
        to += row_bytes;
    }
    kept->color_type = has_alpha ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB;
    kept->raw_size = raw_size;
    return ASSETS_PNG_ENCODE_OK;
}

/* libpng's writer for an image assets_png_prepare_libdeflate prepared: its allocations come from `kept`,
   its output goes to `context`'s buffer. The caller sets its setjmp right after (libpng's longjmp must land
   in a frame that is still on the stack). */
static assets_png_encode_status create_prepared_writer(assets_png_encode_context *context,
                                                       assets_png_encode_output *output, kept_memory *kept,
                                                       png_structp *png, png_infop *info) {
    memset(context, 0, sizeof(*context));
    context->output = output;
    *png = png_create_write_struct_2(PNG_LIBPNG_VER_STRING, context, assets_png_encode_error,
                                     assets_png_encode_warning, kept, kept_malloc, kept_free);
    if (!*png) return ASSETS_PNG_ENCODE_OUT_OF_MEMORY;
    *info = png_create_info_struct(*png);
    if (!*info) {
        png_destroy_write_struct(png, NULL);
        return ASSETS_PNG_ENCODE_OUT_OF_MEMORY;
    }
    png_set_write_fn(*png, context, assets_png_encode_write, assets_png_encode_flush);
    return ASSETS_PNG_ENCODE_OK;
}

/* The header of an image assets_png_prepare_libdeflate prepared: its IHDR, and for an indexed image its
   palette and the alpha of the palette entries that are not opaque. */
static void set_prepared_header(png_structp png, png_infop info, const kept_memory *kept, uint32_t width,
                                uint32_t height) {
    png_set_IHDR(png, info, width, height, kept->bit_depth, kept->color_type,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (kept->color_type == PNG_COLOR_TYPE_PALETTE) {
        png_set_PLTE(png, info, kept->palette, kept->palette_count);
        if (kept->trns_count > 0) png_set_tRNS(png, info, kept->palette_alpha, kept->trns_count, NULL);
    }
}

/* Writes the PNG of the prepared image whose zlib stream is `pieces` joined in order: the signature, IHDR
   (PLTE and tRNS for an indexed image), the stream in IDAT chunks of at most 1 MiB (any split is valid PNG;
   libpng's own writer splits at its zlib buffer's size) with their CRCs, and IEND. */
static assets_png_encode_status write_prepared_png(assets_png_encode_output *output, kept_memory *kept,
                                                   const uint8_t *const *pieces, const size_t *counts, size_t piece_count) {
    size_t total = 0;
    for (size_t i = 0; i < piece_count; i++) total += counts[i];
    assets_png_encode_context context;
    png_structp png = NULL;
    png_infop info = NULL;
    assets_png_encode_status created = create_prepared_writer(&context, output, kept, &png, &info);
    if (created != ASSETS_PNG_ENCODE_OK) return created;
    if (setjmp(context.jump)) {
        png_destroy_write_struct(&png, &info);
        output->count = 0;
        return context.out_of_memory ? ASSETS_PNG_ENCODE_OUT_OF_MEMORY : ASSETS_PNG_ENCODE_LIBRARY_ERROR;
    }
    set_prepared_header(png, info, kept, kept->width, kept->height);
    png_write_info(png, info);
    const size_t chunk = (size_t)1 << 20;
    size_t piece = 0, offset = 0;
    for (size_t at = 0; at < total; at += chunk) {
        size_t length = total - at < chunk ? total - at : chunk;
        png_write_chunk_start(png, (png_const_bytep) "IDAT", (png_uint_32)length);
        for (size_t left = length; left > 0;) {
            size_t take = counts[piece] - offset < left ? counts[piece] - offset : left;
            if (take > 0) png_write_chunk_data(png, pieces[piece] + offset, take);
            offset += take;
            left -= take;
            if (offset == counts[piece]) {
                piece++;
                offset = 0;
            }
        }
        png_write_chunk_end(png);
    }
    png_write_chunk(png, (png_const_bytep) "IEND", NULL, 0);
    png_destroy_write_struct(&png, &info);
    return ASSETS_PNG_ENCODE_OK;
}

/* The PNG's image data compressed by libdeflate, whole-buffer, into one zlib stream; libpng writes the
   signature, IHDR (PLTE and tRNS for an indexed image), the IDAT chunks (with their CRCs) and IEND around
   it, so the file has the standard structure libpng's own writer gives. Filter "none": each row is its
   filter-type byte 0, then the row. */
assets_png_encode_status assets_png_finish_libdeflate(int compression_level, assets_png_encode_output *output) {
    if (!output) return ASSETS_PNG_ENCODE_INVALID_ARGUMENT;
    kept_memory *kept = (kept_memory *)output->memory;
    if (!kept || kept->raw_size == 0) return ASSETS_PNG_ENCODE_INVALID_ARGUMENT;
    if (compression_level < 0 || compression_level > 12) return ASSETS_PNG_ENCODE_INVALID_ARGUMENT;
    output->count = 0;
    output->message[0] = '\0';
    if (kept->compressor && kept->compressor_level != compression_level) {
        libdeflate_free_compressor(kept->compressor);
        kept->compressor = NULL;
    }
    if (!kept->compressor) {
        kept->compressor = libdeflate_alloc_compressor(compression_level);
        if (!kept->compressor) return ASSETS_PNG_ENCODE_OUT_OF_MEMORY;
        kept->compressor_level = compression_level;
    }
    size_t raw_size = kept->raw_size;
    size_t bound = libdeflate_zlib_compress_bound(kept->compressor, raw_size);
    if (!ensure_capacity(&kept->packed, &kept->packed_capacity, bound)) return ASSETS_PNG_ENCODE_OUT_OF_MEMORY;
    size_t packed = libdeflate_zlib_compress(kept->compressor, kept->raw, raw_size, kept->packed, bound);
    if (packed == 0) {
        snprintf(output->message, sizeof(output->message), "libdeflate: the compressed data did not fit its bound");
        return ASSETS_PNG_ENCODE_LIBRARY_ERROR;
    }

    const uint8_t *pieces[1] = {kept->packed};
    size_t counts[1] = {packed};
    return write_prepared_png(output, kept, pieces, counts, 1);
}

/* Compresses one band of the prepared image data with zlib: raw deflate (no header), the history reset at
   its start, ending on a byte boundary (a full flush), or with the stream's final block when `last`. The
   bytes depend only on the band's data, `level` and `last`, so a band whose rows are the same in two frames
   compresses to the same bytes, and the pieces of any frame join into one valid zlib stream. */
assets_png_encode_status assets_png_compress_band(assets_png_encode_output *output, const uint8_t *data, size_t count,
                                                  int level, int last, assets_png_band *band) {
    if (!output || !data || !band || count == 0 || count > UINT32_MAX || level < 0 || level > 9) {
        return ASSETS_PNG_ENCODE_INVALID_ARGUMENT;
    }
    memset(band, 0, sizeof(*band));
    output->message[0] = '\0';
    if (!output->memory) output->memory = calloc(1, sizeof(kept_memory));
    kept_memory *kept = (kept_memory *)output->memory;
    if (!kept) return ASSETS_PNG_ENCODE_OUT_OF_MEMORY;
    z_stream *stream = &kept->band_stream;
    if (kept->band_stream_ready && kept->band_level != level) {
        deflateEnd(stream);
        kept->band_stream_ready = 0;
    }
    if (!kept->band_stream_ready) {
        memset(stream, 0, sizeof(*stream));
        if (deflateInit2(stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) return ASSETS_PNG_ENCODE_OUT_OF_MEMORY;
        kept->band_stream_ready = 1;
        kept->band_level = level;
    } else if (deflateReset(stream) != Z_OK) {
        snprintf(output->message, sizeof(output->message), "zlib: deflateReset failed");
        return ASSETS_PNG_ENCODE_LIBRARY_ERROR;
    }
    /* deflateBound covers a finished stream; a full flush adds at most an empty stored block (5 bytes). */
    size_t capacity = deflateBound(stream, (uLong)count) + 16;
    band->bytes = malloc(capacity);
    if (!band->bytes) return ASSETS_PNG_ENCODE_OUT_OF_MEMORY;
    stream->next_in = (Bytef *)data;
    stream->avail_in = (uInt)count;
    stream->next_out = band->bytes;
    stream->avail_out = (uInt)capacity;
    int result = deflate(stream, last ? Z_FINISH : Z_FULL_FLUSH);
    if ((last ? result != Z_STREAM_END : result != Z_OK) || stream->avail_in != 0) {
        free(band->bytes);
        band->bytes = NULL;
        snprintf(output->message, sizeof(output->message), "zlib: a band did not compress into its bound (%d)", result);
        return ASSETS_PNG_ENCODE_LIBRARY_ERROR;
    }
    band->count = capacity - stream->avail_out;
    band->raw_count = count;
    band->adler = (uint32_t)libdeflate_adler32(1, data, count);
    return ASSETS_PNG_ENCODE_OK;
}

void assets_png_band_free(assets_png_band *band) {
    if (!band) return;
    free(band->bytes);
    band->bytes = NULL;
    band->count = 0;
}

/* The PNG of the prepared image from its bands' pieces, in order: the zlib header zlib writes for `level`,
   the bands, and the Adler-32 of the whole image data (combined from the bands' own). */
assets_png_encode_status assets_png_finish_bands(int level, const assets_png_band *bands, size_t band_count,
                                                 assets_png_encode_output *output) {
    if (!output || !bands || band_count == 0 || level < 0 || level > 9) return ASSETS_PNG_ENCODE_INVALID_ARGUMENT;
    kept_memory *kept = (kept_memory *)output->memory;
    if (!kept || kept->raw_size == 0) return ASSETS_PNG_ENCODE_INVALID_ARGUMENT;
    output->count = 0;
    output->message[0] = '\0';
    size_t covered = 0;
    uLong adler = 1;
    for (size_t i = 0; i < band_count; i++) {
        if (!bands[i].bytes || bands[i].count == 0) return ASSETS_PNG_ENCODE_INVALID_ARGUMENT;
        covered += bands[i].raw_count;
        adler = adler32_combine(adler, bands[i].adler, (z_off_t)bands[i].raw_count);
    }
    if (covered != kept->raw_size) return ASSETS_PNG_ENCODE_INVALID_ARGUMENT;
    /* The header as zlib's deflate writes it: deflate with a 32 KiB window, the level's FLEVEL, a check. */
    unsigned level_flags = level < 2 ? 0 : level < 6 ? 1 : level == 6 ? 2 : 3;
    unsigned header = (0x78u << 8) | (level_flags << 6);
    header += 31 - header % 31;
    uint8_t head[2] = {(uint8_t)(header >> 8), (uint8_t)header};
    uint8_t tail[4] = {(uint8_t)(adler >> 24), (uint8_t)(adler >> 16), (uint8_t)(adler >> 8), (uint8_t)adler};
    size_t pieces_count = band_count + 2;
    const uint8_t **pieces = malloc(pieces_count * sizeof(*pieces));
    size_t *counts = malloc(pieces_count * sizeof(*counts));
    if (!pieces || !counts) {
        free(pieces);
        free(counts);
        return ASSETS_PNG_ENCODE_OUT_OF_MEMORY;
    }
    pieces[0] = head;
    counts[0] = sizeof(head);
    for (size_t i = 0; i < band_count; i++) {
        pieces[i + 1] = bands[i].bytes;
        counts[i + 1] = bands[i].count;
    }
    pieces[band_count + 1] = tail;
    counts[band_count + 1] = sizeof(tail);
    assets_png_encode_status status = write_prepared_png(output, kept, pieces, counts, pieces_count);
    free(pieces);
    free(counts);
    return status;
}

/* As encode() with keep_buffer, but libpng's writer gets the rows assets_png_prepare_libdeflate made: the
   image indexed or RGB when that holds the same pixels, and libpng's zlib compresses them with `filter`. */
assets_png_encode_status assets_png_encode_reduced(const uint8_t *pixels,
                                                   uint32_t width,
                                                   uint32_t height,
                                                   size_t stride,
                                                   int has_alpha,
                                                   int compression_level,
                                                   assets_png_filter filter,
                                                   int rgb_when_opaque,
                                                   int indexed_when_few,
                                                   assets_png_encode_output *output) {
    if (compression_level < 0 || compression_level > 9) return ASSETS_PNG_ENCODE_INVALID_ARGUMENT;
    assets_png_encode_status status = assets_png_prepare_libdeflate(pixels, width, height, stride, has_alpha,
                                                                    rgb_when_opaque, indexed_when_few, output);
    if (status != ASSETS_PNG_ENCODE_OK) return status;
    kept_memory *kept = (kept_memory *)output->memory;
    size_t row_stride = kept->raw_size / height;

    assets_png_encode_context context;
    png_structp png = NULL;
    png_infop info = NULL;
    assets_png_encode_status created = create_prepared_writer(&context, output, kept, &png, &info);
    if (created != ASSETS_PNG_ENCODE_OK) return created;
    if (setjmp(context.jump)) {
        png_destroy_write_struct(&png, &info);
        output->count = 0;
        return context.out_of_memory ? ASSETS_PNG_ENCODE_OUT_OF_MEMORY : ASSETS_PNG_ENCODE_LIBRARY_ERROR;
    }
    set_prepared_header(png, info, kept, width, height);
    png_set_compression_level(png, compression_level);
    int filters = PNG_FILTER_NONE;
    switch (filter) {
    case ASSETS_PNG_FILTER_NONE: filters = PNG_FILTER_NONE; break;
    case ASSETS_PNG_FILTER_SUB: filters = PNG_FILTER_SUB; break;
    case ASSETS_PNG_FILTER_UP: filters = PNG_FILTER_UP; break;
    case ASSETS_PNG_FILTER_ADAPTIVE: filters = PNG_ALL_FILTERS; break;
    }
    png_set_filter(png, 0, filters);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) {
        png_write_row(png, (png_const_bytep)(kept->raw + (size_t)y * row_stride + 1));
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return ASSETS_PNG_ENCODE_OK;
}

assets_png_encode_status assets_png_encode_libdeflate(const uint8_t *pixels,
                                                      uint32_t width,
                                                      uint32_t height,
                                                      size_t stride,
                                                      int has_alpha,
                                                      int compression_level,
                                                      int rgb_when_opaque,
                                                      int indexed_when_few,
                                                      assets_png_encode_output *output) {
    if (compression_level < 0 || compression_level > 12) return ASSETS_PNG_ENCODE_INVALID_ARGUMENT;
    assets_png_encode_status status = assets_png_prepare_libdeflate(pixels, width, height, stride, has_alpha,
                                                                    rgb_when_opaque, indexed_when_few, output);
    if (status != ASSETS_PNG_ENCODE_OK) return status;
    return assets_png_finish_libdeflate(compression_level, output);
}

/* Where assets_png_prepare_libdeflate left the image data, the bytes of one row in it (its filter byte
   included) and whether it is indexed; INVALID_ARGUMENT when nothing is prepared. */
assets_png_encode_status assets_png_prepared_data(const assets_png_encode_output *output, const uint8_t **data,
                                                  size_t *count, size_t *row_bytes, int *indexed) {
    if (!output || !data || !count || !row_bytes || !indexed) return ASSETS_PNG_ENCODE_INVALID_ARGUMENT;
    const kept_memory *kept = (const kept_memory *)output->memory;
    if (!kept || kept->raw_size == 0 || kept->height == 0) return ASSETS_PNG_ENCODE_INVALID_ARGUMENT;
    *data = kept->raw;
    *count = kept->raw_size;
    *row_bytes = kept->raw_size / kept->height;
    *indexed = kept->color_type == PNG_COLOR_TYPE_PALETTE;
    return ASSETS_PNG_ENCODE_OK;
}

void assets_png_encode_free(assets_png_encode_output *output) {
    if (!output) return;
    kept_release((kept_memory *)output->memory);
    output->memory = NULL;
    free(output->bytes);
    output->bytes = NULL;
    output->count = 0;
    output->capacity = 0;
}
