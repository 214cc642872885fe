#ifndef ASSETS_PNG_MEMORY_WRITER_H
#define ASSETS_PNG_MEMORY_WRITER_H

/* Private to CPNGShim: libpng callbacks shared by the encoders, writing into a growing malloc'ed buffer and
   turning libpng's fatal errors into a longjmp back to the encoder's setjmp. */

#include "png_encode_shim.h"

#include <png.h>
#include <setjmp.h>

typedef struct {
    jmp_buf jump;
    assets_png_encode_output *output;
    int out_of_memory;
} assets_png_encode_context;

void assets_png_encode_error(png_structp png, png_const_charp message);
void assets_png_encode_warning(png_structp png, png_const_charp message);
void assets_png_encode_write(png_structp png, png_bytep data, png_size_t length);
void assets_png_encode_flush(png_structp png);

#endif
