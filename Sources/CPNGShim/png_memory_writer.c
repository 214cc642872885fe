#include "png_memory_writer.h"

#include <stdlib.h>
#include <string.h>

void assets_png_encode_error(png_structp png, png_const_charp message) {
    assets_png_encode_context *context = (assets_png_encode_context *)png_get_error_ptr(png);
    strncpy(context->output->message, message ? message : "libpng error",
            sizeof(context->output->message) - 1);
    context->output->message[sizeof(context->output->message) - 1] = '\0';
    longjmp(context->jump, 1);
}

void assets_png_encode_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

void assets_png_encode_write(png_structp png, png_bytep data, png_size_t length) {
    assets_png_encode_context *context = (assets_png_encode_context *)png_get_io_ptr(png);
    assets_png_encode_output *out = context->output;
    if (length > SIZE_MAX - out->count) {
        context->out_of_memory = 1;
        png_error(png, "encoded size overflows");
    }
    size_t needed = out->count + length;
    if (needed > out->capacity) {
        size_t capacity = out->capacity ? out->capacity : 65536;
        while (capacity < needed) {
            if (capacity > SIZE_MAX / 2) { capacity = needed; break; }
            capacity *= 2;
        }
        uint8_t *grown = (uint8_t *)realloc(out->bytes, capacity);
        if (!grown) {
            context->out_of_memory = 1;
            png_error(png, "out of memory");
        }
        out->bytes = grown;
        out->capacity = capacity;
    }
    memcpy(out->bytes + out->count, data, length);
    out->count = needed;
}

void assets_png_encode_flush(png_structp png) { (void)png; }
