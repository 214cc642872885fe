#include "png_encode_shim.h"
#include "png_memory_writer.h"

#include <libdeflate.h>
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>


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

/* The PNG's image data compressed by libdeflate, whole-buffer, into one zlib stream; libpng writes the
   signature, IHDR, the IDAT chunks (with their CRCs) and IEND around it, so the file has the standard
   structure libpng's own writer gives. Filter "none": each row is its filter-type byte 0, then the row. */
assets_png_encode_status assets_png_encode_libdeflate(const uint8_t *pixels,
                                                      uint32_t width,
                                                      uint32_t height,
                                                      size_t stride,
                                                      int has_alpha,
                                                      int compression_level,
                                                      int rgb_when_opaque,
                                                      assets_png_encode_output *output) {
    if (!pixels || !output || width == 0 || height == 0 || width > 0x7fffffffu || height > 0x7fffffffu) {
        return ASSETS_PNG_ENCODE_INVALID_ARGUMENT;
    }
    size_t channels = has_alpha ? 4 : 3;
    if (stride < (size_t)width * channels) return ASSETS_PNG_ENCODE_INVALID_ARGUMENT;
    if (compression_level < 0 || compression_level > 12) return ASSETS_PNG_ENCODE_INVALID_ARGUMENT;
    /* An image whose every alpha is 255 is written as RGB: the same pixels, a quarter less data to compress. */
    int drop_alpha = 0;
    if (has_alpha && rgb_when_opaque) {
        drop_alpha = 1;
        for (uint32_t y = 0; y < height && drop_alpha; y++) {
            const uint8_t *row = pixels + (size_t)y * stride;
            for (uint32_t x = 0; x < width; x++) {
                if (row[(size_t)x * 4 + 3] != 255) { drop_alpha = 0; break; }
            }
        }
    }
    size_t out_channels = drop_alpha ? 3 : channels;
    size_t row_bytes = (size_t)width * out_channels;
    if (row_bytes + 1 > SIZE_MAX / height) return ASSETS_PNG_ENCODE_INVALID_ARGUMENT;
    size_t raw_size = (row_bytes + 1) * (size_t)height;
    output->count = 0;
    output->message[0] = '\0';
    if (!output->memory) output->memory = calloc(1, sizeof(kept_memory));
    kept_memory *kept = (kept_memory *)output->memory;
    if (!kept) return ASSETS_PNG_ENCODE_OUT_OF_MEMORY;
    if (kept->compressor && kept->compressor_level != compression_level) {
        libdeflate_free_compressor(kept->compressor);
        kept->compressor = NULL;
    }
    if (!kept->compressor) {
        kept->compressor = libdeflate_alloc_compressor(compression_level);
        if (!kept->compressor) return ASSETS_PNG_ENCODE_OUT_OF_MEMORY;
        kept->compressor_level = compression_level;
    }
    size_t bound = libdeflate_zlib_compress_bound(kept->compressor, raw_size);
    if (!ensure_capacity(&kept->raw, &kept->raw_capacity, raw_size) ||
        !ensure_capacity(&kept->packed, &kept->packed_capacity, bound)) {
        return ASSETS_PNG_ENCODE_OUT_OF_MEMORY;
    }
    uint8_t *to = kept->raw;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *from = pixels + (size_t)y * stride;
        *to++ = 0;
        if (drop_alpha) {
            for (uint32_t x = 0; x < width; x++, from += 4, to += 3) {
                to[0] = from[0];
                to[1] = from[1];
                to[2] = from[2];
            }
        } else {
            memcpy(to, from, row_bytes);
            to += row_bytes;
        }
    }
    size_t packed = libdeflate_zlib_compress(kept->compressor, kept->raw, raw_size, kept->packed, bound);
    if (packed == 0) {
        snprintf(output->message, sizeof(output->message), "libdeflate: the compressed data did not fit its bound");
        return ASSETS_PNG_ENCODE_LIBRARY_ERROR;
    }

    assets_png_encode_context context;
    memset(&context, 0, sizeof(context));
    context.output = output;
    png_structp png = png_create_write_struct_2(PNG_LIBPNG_VER_STRING, &context, assets_png_encode_error,
                                                assets_png_encode_warning, kept, kept_malloc, kept_free);
    if (!png) return ASSETS_PNG_ENCODE_OUT_OF_MEMORY;
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        return ASSETS_PNG_ENCODE_OUT_OF_MEMORY;
    }
    if (setjmp(context.jump)) {
        png_destroy_write_struct(&png, &info);
        output->count = 0;
        return context.out_of_memory ? ASSETS_PNG_ENCODE_OUT_OF_MEMORY : ASSETS_PNG_ENCODE_LIBRARY_ERROR;
    }
    png_set_write_fn(png, &context, assets_png_encode_write, assets_png_encode_flush);
    png_set_IHDR(png, info, width, height, 8, out_channels == 4 ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    /* IDAT chunks of at most 1 MiB: any split is valid PNG; libpng's own writer uses its zlib buffer's size. */
    const size_t chunk = (size_t)1 << 20;
    for (size_t at = 0; at < packed; at += chunk) {
        size_t length = packed - at < chunk ? packed - at : chunk;
        png_write_chunk(png, (png_const_bytep) "IDAT", kept->packed + at, length);
    }
    png_write_chunk(png, (png_const_bytep) "IEND", NULL, 0);
    png_destroy_write_struct(&png, &info);
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
