#include "jpeg_encode_shim.h"
#include "jpeg_shim_common.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

assets_jpeg_encode_status assets_jpeg_encode(const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                                             const assets_jpeg_encode_settings *settings,
                                             assets_jpeg_encode_output *output) {
    if (!pixels || !settings || !output || width == 0 || height == 0 || width > JPEG_MAX_DIMENSION ||
        height > JPEG_MAX_DIMENSION || settings->quality < 1 || settings->quality > 100) {
        return ASSETS_JPEG_ENCODE_INVALID_ARGUMENT;
    }
    int components = settings->input == ASSETS_JPEG_INPUT_GRAY ? 1 : 4;
    if (stride < (size_t)width * (size_t)components) return ASSETS_JPEG_ENCODE_INVALID_ARGUMENT;
    int cmyk_in = settings->input == ASSETS_JPEG_INPUT_CMYK;
    int cmyk_out = settings->store == ASSETS_JPEG_STORE_CMYK || settings->store == ASSETS_JPEG_STORE_YCCK;
    if (cmyk_in != cmyk_out) return ASSETS_JPEG_ENCODE_INVALID_ARGUMENT;
    if (settings->input == ASSETS_JPEG_INPUT_GRAY && settings->store != ASSETS_JPEG_STORE_GRAY)
        return ASSETS_JPEG_ENCODE_INVALID_ARGUMENT;
    memset(output, 0, sizeof(*output));

    struct jpeg_compress_struct cinfo;
    assets_jpeg_error error;
    memset(&cinfo, 0, sizeof(cinfo));
    /* On the heap, and the pointer is set before setjmp: what libjpeg changes is readable after longjmp. */
    assets_jpeg_destination *dest = (assets_jpeg_destination *)malloc(sizeof(assets_jpeg_destination));
    if (!dest) return ASSETS_JPEG_ENCODE_OUT_OF_MEMORY;
    if (assets_jpeg_destination_start(dest, 65536) != 0) {
        free(dest);
        return ASSETS_JPEG_ENCODE_OUT_OF_MEMORY;
    }
    assets_jpeg_install_errors(&error, &cinfo.err);
    if (setjmp(error.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(dest->bytes);
        free(dest);
        strncpy(output->message, error.message, sizeof(output->message) - 1);
        return error.pub.msg_code == JERR_OUT_OF_MEMORY ? ASSETS_JPEG_ENCODE_OUT_OF_MEMORY
                                                        : ASSETS_JPEG_ENCODE_LIBRARY_ERROR;
    }
    jpeg_create_compress(&cinfo);
    cinfo.dest = &dest->pub;

    cinfo.image_width = width;
    cinfo.image_height = height;
    switch (settings->input) {
    case ASSETS_JPEG_INPUT_RGBA: cinfo.in_color_space = JCS_EXT_RGBA; cinfo.input_components = 4; break;
    case ASSETS_JPEG_INPUT_GRAY: cinfo.in_color_space = JCS_GRAYSCALE; cinfo.input_components = 1; break;
    case ASSETS_JPEG_INPUT_CMYK: cinfo.in_color_space = JCS_CMYK; cinfo.input_components = 4; break;
    }
    jpeg_set_defaults(&cinfo);
    switch (settings->store) {
    case ASSETS_JPEG_STORE_YCBCR: jpeg_set_colorspace(&cinfo, JCS_YCbCr); break;
    case ASSETS_JPEG_STORE_GRAY: jpeg_set_colorspace(&cinfo, JCS_GRAYSCALE); break;
    case ASSETS_JPEG_STORE_RGB: jpeg_set_colorspace(&cinfo, JCS_RGB); break;
    case ASSETS_JPEG_STORE_CMYK: jpeg_set_colorspace(&cinfo, JCS_CMYK); break;
    case ASSETS_JPEG_STORE_YCCK: jpeg_set_colorspace(&cinfo, JCS_YCCK); break;
    }
    jpeg_set_quality(&cinfo, settings->quality, TRUE);
    if (settings->store == ASSETS_JPEG_STORE_YCBCR || settings->store == ASSETS_JPEG_STORE_YCCK) {
        int h = settings->chroma_h == 2 ? 2 : 1;
        int v = settings->chroma_v == 2 ? 2 : 1;
        cinfo.comp_info[0].h_samp_factor = h;
        cinfo.comp_info[0].v_samp_factor = v;
        for (int i = 1; i < cinfo.num_components; i++) {
            cinfo.comp_info[i].h_samp_factor = 1;
            cinfo.comp_info[i].v_samp_factor = 1;
        }
        if (settings->store == ASSETS_JPEG_STORE_YCCK) {
            cinfo.comp_info[3].h_samp_factor = h;
            cinfo.comp_info[3].v_samp_factor = v;
        }
    }
    cinfo.arith_code = settings->arithmetic ? TRUE : FALSE;
    cinfo.optimize_coding = settings->optimize_coding && !settings->arithmetic ? TRUE : FALSE;
    if (settings->restart_interval > 0 && settings->restart_interval <= 65535)
        cinfo.restart_interval = (unsigned int)settings->restart_interval;
    if (settings->progressive) jpeg_simple_progression(&cinfo);

    jpeg_start_compress(&cinfo, TRUE);
    if (settings->app1 && settings->app1_count > 0 && settings->app1_count <= 65533)
        jpeg_write_marker(&cinfo, JPEG_APP0 + 1, settings->app1, (unsigned int)settings->app1_count);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * stride);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    output->bytes = dest->bytes;
    output->count = assets_jpeg_destination_count(dest);
    free(dest);
    return ASSETS_JPEG_ENCODE_OK;
}

void assets_jpeg_encode_free(assets_jpeg_encode_output *output) {
    if (!output) return;
    free(output->bytes);
    output->bytes = NULL;
    output->count = 0;
}
