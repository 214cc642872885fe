#include "png_raw_encode_shim.h"
#include "png_memory_writer.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>


assets_png_encode_status assets_png_encode_raw(const uint8_t *rows, size_t stride, uint32_t width, uint32_t height,
                                               const assets_png_raw_settings *settings,
                                               assets_png_encode_output *output) {
    if (!rows || !settings || !output || width == 0 || height == 0) return ASSETS_PNG_ENCODE_INVALID_ARGUMENT;
    memset(output, 0, sizeof(*output));
    assets_png_encode_context context;
    memset(&context, 0, sizeof(context));
    context.output = output;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &context, assets_png_encode_error, assets_png_encode_warning);
    if (!png) return ASSETS_PNG_ENCODE_OUT_OF_MEMORY;
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        return ASSETS_PNG_ENCODE_OUT_OF_MEMORY;
    }
    if (setjmp(context.jump)) {
        png_destroy_write_struct(&png, &info);
        free(output->bytes);
        output->bytes = NULL;
        output->count = 0;
        output->capacity = 0;
        return context.out_of_memory ? ASSETS_PNG_ENCODE_OUT_OF_MEMORY : ASSETS_PNG_ENCODE_LIBRARY_ERROR;
    }
    png_set_write_fn(png, &context, assets_png_encode_write, assets_png_encode_flush);
    png_set_IHDR(png, info, width, height, settings->bit_depth, settings->color_type,
                 settings->interlace ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    if (settings->color_type == PNG_COLOR_TYPE_PALETTE && settings->palette && settings->palette_count > 0) {
        png_color colors[256];
        int count = settings->palette_count > 256 ? 256 : settings->palette_count;
        for (int i = 0; i < count; i++) {
            colors[i].red = settings->palette[i * 3];
            colors[i].green = settings->palette[i * 3 + 1];
            colors[i].blue = settings->palette[i * 3 + 2];
        }
        png_set_PLTE(png, info, colors, count);
        if (settings->trns_alpha && settings->trns_alpha_count > 0)
            png_set_tRNS(png, info, settings->trns_alpha, settings->trns_alpha_count, NULL);
    }
    if (settings->has_trns_color && (settings->color_type == PNG_COLOR_TYPE_GRAY || settings->color_type == PNG_COLOR_TYPE_RGB)) {
        png_color_16 color;
        memset(&color, 0, sizeof(color));
        color.gray = settings->trns_gray;
        color.red = settings->trns_red;
        color.green = settings->trns_green;
        color.blue = settings->trns_blue;
        png_set_tRNS(png, info, NULL, 0, &color);
    }
    if (settings->comment) {
        png_text text;
        memset(&text, 0, sizeof(text));
        text.compression = PNG_TEXT_COMPRESSION_NONE;
        text.key = (png_charp) "Comment";
        text.text = (png_charp)settings->comment;
        png_set_text(png, info, &text, 1);
    }
    png_write_info(png, info);
    int passes = png_set_interlace_handling(png);
    for (int pass = 0; pass < passes; pass++) {
        for (uint32_t y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(rows + (size_t)y * stride));
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return ASSETS_PNG_ENCODE_OK;
}
