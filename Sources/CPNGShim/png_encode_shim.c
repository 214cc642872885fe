#include "png_encode_shim.h"
#include "png_memory_writer.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>


/* Working memory kept between encodes: libpng and zlib ask for the same few blocks (zlib's window, hash
   chains and pending buffer, libpng's row buffers) for every frame of the same size, so blocks are
   handed back by exact size instead of going through malloc, which on worker threads returns them to
   the kernel and takes page faults to get them back. */
#define KEPT_BLOCKS 24

typedef struct {
    struct { void *block; size_t size; int used; } slots[KEPT_BLOCKS];
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
    free(kept);
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

void assets_png_encode_free(assets_png_encode_output *output) {
    if (!output) return;
    kept_release((kept_memory *)output->memory);
    output->memory = NULL;
    free(output->bytes);
    output->bytes = NULL;
    output->count = 0;
    output->capacity = 0;
}
