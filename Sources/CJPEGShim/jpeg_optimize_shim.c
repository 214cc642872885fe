/*
 * Lossless JPEG rewriting (jpegtran's semantics) for `compressible-image` and `optimize`, the canonical
 * reading behind the `duplicate-image` digest, and the proof that two JPEGs show the same thing. All codec
 * work is libjpeg's: the coefficients are read and written by its transcoding API, never decoded to
 * pixels and encoded again; the proof decodes both files with it.
 *
 * libjpeg leaves by longjmp: each reader keeps its jump buffer beside its error manager and every entry
 * point sets it before its first libjpeg call, so Swift is never on the stack between setjmp and longjmp.
 */
#include "jpeg_optimize_shim.h"
#include "jpeg_shim_common.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

static void save_all_markers(j_decompress_ptr cinfo) {
    jpeg_save_markers(cinfo, JPEG_COM, 0xFFFF);
    for (int i = 0; i < 16; i++) jpeg_save_markers(cinfo, JPEG_APP0 + i, 0xFFFF);
}

static int has_prefix(jpeg_saved_marker_ptr marker, const char *prefix, size_t n) {
    return marker->data_length >= n && memcmp(marker->data, prefix, n) == 0;
}

/* One transcode of `src`'s coefficients into `dest` (reset here), sequential or progressive. Returns 0 on
   success; on failure `error->message` says why. */
static int write_transcode(j_decompress_ptr src, jvirt_barray_ptr *coefficients, int progressive,
                           assets_jpeg_destination *dest, assets_jpeg_error *error) {
    struct jpeg_compress_struct cinfo;
    memset(&cinfo, 0, sizeof(cinfo));
    assets_jpeg_install_errors(error, &cinfo.err);
    if (assets_jpeg_destination_start(dest, 65536) != 0) return -1;
    if (setjmp(error->jump)) {
        jpeg_destroy_compress(&cinfo);
        free(dest->bytes);
        dest->bytes = NULL;
        return -1;
    }
    jpeg_create_compress(&cinfo);
    cinfo.dest = &dest->pub;
    jpeg_copy_critical_parameters(src, &cinfo);
    cinfo.optimize_coding = TRUE;
    if (progressive) jpeg_simple_progression(&cinfo);
    jpeg_write_coefficients(&cinfo, coefficients);
    /* As jpegtran's jcopy_markers_execute with -copy all, comments aside: the JFIF and Adobe markers
       libjpeg writes itself are not written twice. */
    for (jpeg_saved_marker_ptr marker = src->marker_list; marker; marker = marker->next) {
        if (marker->marker == JPEG_COM) continue;
        if (cinfo.write_JFIF_header && marker->marker == JPEG_APP0 && has_prefix(marker, "JFIF\0", 5)) continue;
        if (cinfo.write_Adobe_marker && marker->marker == JPEG_APP0 + 14 && has_prefix(marker, "Adobe", 5)) continue;
        jpeg_write_marker(&cinfo, marker->marker, marker->data, marker->data_length);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    return 0;
}

assets_jpeg_opt_status assets_jpeg_optimize(const uint8_t *data, size_t count, uint64_t max_pixels,
                                            assets_jpeg_opt_result *result) {
    if (!result) return ASSETS_JPEG_OPT_UNREADABLE;
    memset(result, 0, sizeof(*result));
    if (!data || count < 4) return ASSETS_JPEG_OPT_UNREADABLE;
    struct jpeg_decompress_struct src;
    assets_jpeg_error error;
    memset(&src, 0, sizeof(src));
    assets_jpeg_install_errors(&error, &src.err);
    if (setjmp(error.jump)) {
        strncpy(result->message, error.message, sizeof(result->message) - 1);
        jpeg_destroy_decompress(&src);
        return ASSETS_JPEG_OPT_UNREADABLE;
    }
    jpeg_create_decompress(&src);
    jpeg_mem_src(&src, data, (unsigned long)count);
    save_all_markers(&src);
    jpeg_read_header(&src, TRUE);
    if ((uint64_t)src.image_width * (uint64_t)src.image_height > max_pixels) {
        jpeg_destroy_decompress(&src);
        strcpy(result->message, "more pixels than the limit");
        return ASSETS_JPEG_OPT_TOO_LARGE;
    }
    if (src.arith_code) {
        jpeg_destroy_decompress(&src);
        strcpy(result->message, "arithmetic coded");
        return ASSETS_JPEG_OPT_UNSUPPORTED;
    }
    jvirt_barray_ptr *coefficients = jpeg_read_coefficients(&src);
    if (error.warnings) {
        jpeg_destroy_decompress(&src);
        strcpy(result->message, "libjpeg warned while reading it (corrupt data): left as it is");
        return ASSETS_JPEG_OPT_UNREADABLE;
    }
    assets_jpeg_destination sequential, progressive;
    assets_jpeg_error write_error;
    memset(&sequential, 0, sizeof(sequential));
    memset(&progressive, 0, sizeof(progressive));
    int s_ok = write_transcode(&src, coefficients, 0, &sequential, &write_error) == 0;
    if (!s_ok) strncpy(result->message, write_error.message, sizeof(result->message) - 1);
    int p_ok = write_transcode(&src, coefficients, 1, &progressive, &write_error) == 0;
    /* Reading to the end, as jpegtran does; the source stays alive until both are written. */
    if (setjmp(error.jump)) {
        free(sequential.bytes);
        free(progressive.bytes);
        jpeg_destroy_decompress(&src);
        return ASSETS_JPEG_OPT_UNREADABLE;
    }
    jpeg_finish_decompress(&src);
    jpeg_destroy_decompress(&src);
    size_t s_count = s_ok ? assets_jpeg_destination_count(&sequential) : 0;
    size_t p_count = p_ok ? assets_jpeg_destination_count(&progressive) : 0;
    if (!s_ok && !p_ok) return ASSETS_JPEG_OPT_UNREADABLE;
    if (p_ok && (!s_ok || p_count < s_count)) {
        free(sequential.bytes);
        result->bytes = progressive.bytes;
        result->count = p_count;
        result->progressive = 1;
    } else {
        free(progressive.bytes);
        result->bytes = sequential.bytes;
        result->count = s_count;
    }
    return ASSETS_JPEG_OPT_OK;
}

void assets_jpeg_opt_free(assets_jpeg_opt_result *result) {
    if (!result) return;
    free(result->bytes);
    result->bytes = NULL;
    result->count = 0;
}

/* ---- decoding for the proof and the digest ------------------------------------------------------- */

typedef struct {
    struct jpeg_decompress_struct cinfo;
    assets_jpeg_error error;
    int open;
} opt_reader;

static assets_jpeg_opt_status reader_start(opt_reader *reader, const uint8_t *data, size_t count, uint64_t max_pixels) {
    memset(reader, 0, sizeof(*reader));
    if (!data || count < 4) return ASSETS_JPEG_OPT_UNREADABLE;
    assets_jpeg_install_errors(&reader->error, &reader->cinfo.err);
    if (setjmp(reader->error.jump)) {
        jpeg_destroy_decompress(&reader->cinfo);
        reader->open = 0;
        return ASSETS_JPEG_OPT_UNREADABLE;
    }
    jpeg_create_decompress(&reader->cinfo);
    reader->open = 1;
    jpeg_mem_src(&reader->cinfo, data, (unsigned long)count);
    save_all_markers(&reader->cinfo);
    jpeg_read_header(&reader->cinfo, TRUE);
    if ((uint64_t)reader->cinfo.image_width * (uint64_t)reader->cinfo.image_height > max_pixels) {
        jpeg_destroy_decompress(&reader->cinfo);
        reader->open = 0;
        return ASSETS_JPEG_OPT_TOO_LARGE;
    }
    jpeg_start_decompress(&reader->cinfo);
    return ASSETS_JPEG_OPT_OK;
}

static assets_jpeg_opt_status reader_line(opt_reader *reader, uint8_t *row) {
    if (setjmp(reader->error.jump)) return ASSETS_JPEG_OPT_UNREADABLE;
    JSAMPROW rows[1] = {row};
    if (jpeg_read_scanlines(&reader->cinfo, rows, 1) != 1) return ASSETS_JPEG_OPT_UNREADABLE;
    return ASSETS_JPEG_OPT_OK;
}

static void reader_stop(opt_reader *reader) {
    if (!reader->open) return;
    if (!setjmp(reader->error.jump)) jpeg_abort_decompress(&reader->cinfo);
    jpeg_destroy_decompress(&reader->cinfo);
    reader->open = 0;
}

static int same_app_markers(j_decompress_ptr a, j_decompress_ptr b) {
    jpeg_saved_marker_ptr x = a->marker_list, y = b->marker_list;
    for (;;) {
        while (x && x->marker == JPEG_COM) x = x->next;
        while (y && y->marker == JPEG_COM) y = y->next;
        if (!x || !y) return !x && !y;
        if (x->marker != y->marker || x->data_length != y->data_length ||
            memcmp(x->data, y->data, x->data_length) != 0)
            return 0;
        x = x->next;
        y = y->next;
    }
}

int assets_jpeg_same_image(const uint8_t *a, size_t a_count, const uint8_t *b, size_t b_count, uint64_t max_pixels) {
    opt_reader *ra = (opt_reader *)malloc(sizeof(opt_reader));
    opt_reader *rb = (opt_reader *)malloc(sizeof(opt_reader));
    if (!ra || !rb) {
        free(ra); free(rb);
        return -(int)ASSETS_JPEG_OPT_OUT_OF_MEMORY;
    }
    assets_jpeg_opt_status status = reader_start(ra, a, a_count, max_pixels);
    if (status == ASSETS_JPEG_OPT_OK) status = reader_start(rb, b, b_count, max_pixels);
    int same = 0;
    if (status == ASSETS_JPEG_OPT_OK) {
        same = same_app_markers(&ra->cinfo, &rb->cinfo) && ra->cinfo.output_width == rb->cinfo.output_width &&
               ra->cinfo.output_height == rb->cinfo.output_height &&
               ra->cinfo.output_components == rb->cinfo.output_components &&
               ra->cinfo.out_color_space == rb->cinfo.out_color_space;
        size_t stride = (size_t)ra->cinfo.output_width * (size_t)ra->cinfo.output_components;
        uint8_t *x = same ? (uint8_t *)malloc(stride) : NULL;
        uint8_t *y = same ? (uint8_t *)malloc(stride) : NULL;
        if (same && (!x || !y)) status = ASSETS_JPEG_OPT_OUT_OF_MEMORY;
        for (JDIMENSION row = 0; same && status == ASSETS_JPEG_OPT_OK && row < ra->cinfo.output_height; row++) {
            status = reader_line(ra, x);
            if (status == ASSETS_JPEG_OPT_OK) status = reader_line(rb, y);
            if (status == ASSETS_JPEG_OPT_OK) same = memcmp(x, y, stride) == 0;
        }
        if (rb->error.warnings) same = 0;
        free(x);
        free(y);
    }
    reader_stop(ra);
    reader_stop(rb);
    free(ra);
    free(rb);
    if (status != ASSETS_JPEG_OPT_OK) return -(int)status;
    return same;
}

assets_jpeg_opt_status assets_jpeg_canonical(const uint8_t *data, size_t count, uint64_t max_pixels,
                                             assets_jpeg_sink sink, void *context) {
    opt_reader *reader = (opt_reader *)malloc(sizeof(opt_reader));
    if (!reader) return ASSETS_JPEG_OPT_OUT_OF_MEMORY;
    assets_jpeg_opt_status status = reader_start(reader, data, count, max_pixels);
    if (status != ASSETS_JPEG_OPT_OK) {
        free(reader);
        return status;
    }
    for (jpeg_saved_marker_ptr marker = reader->cinfo.marker_list; marker; marker = marker->next)
        if (marker->marker == JPEG_APP0 + 2 && has_prefix(marker, "ICC_PROFILE\0", 12))
            sink(context, marker->data, marker->data_length);
    uint32_t w = reader->cinfo.output_width, h = reader->cinfo.output_height;
    uint8_t head[9] = {(uint8_t)(w >> 24), (uint8_t)(w >> 16), (uint8_t)(w >> 8), (uint8_t)w,
                       (uint8_t)(h >> 24), (uint8_t)(h >> 16), (uint8_t)(h >> 8), (uint8_t)h,
                       (uint8_t)reader->cinfo.output_components};
    sink(context, head, 9);
    size_t stride = (size_t)w * (size_t)reader->cinfo.output_components;
    uint8_t *row = (uint8_t *)malloc(stride ? stride : 1);
    if (!row) status = ASSETS_JPEG_OPT_OUT_OF_MEMORY;
    for (JDIMENSION y = 0; status == ASSETS_JPEG_OPT_OK && y < h; y++) {
        status = reader_line(reader, row);
        if (status == ASSETS_JPEG_OPT_OK) sink(context, row, stride);
    }
    free(row);
    reader_stop(reader);
    free(reader);
    return status;
}
