/* The error manager and memory destination the libjpeg shims share (jpeg_shim_common.h). */
#include "jpeg_shim_common.h"

#include <stdlib.h>
#include <string.h>
#include <jerror.h>

static void common_error_exit(j_common_ptr cinfo) {
    assets_jpeg_error *error = (assets_jpeg_error *)cinfo->err;
    error->pub.format_message(cinfo, error->message);
    longjmp(error->jump, 1);
}

static void common_emit(j_common_ptr cinfo, int level) {
    assets_jpeg_error *error = (assets_jpeg_error *)cinfo->err;
    if (level < 0) error->warnings++;
}

static void common_no_output(j_common_ptr cinfo) { (void)cinfo; }

void assets_jpeg_install_errors(assets_jpeg_error *error, struct jpeg_error_mgr **slot) {
    memset(error, 0, sizeof(*error));
    *slot = jpeg_std_error(&error->pub);
    error->pub.error_exit = common_error_exit;
    error->pub.emit_message = common_emit;
    error->pub.output_message = common_no_output;
}

static void destination_init(j_compress_ptr cinfo) {
    assets_jpeg_destination *dest = (assets_jpeg_destination *)cinfo->dest;
    dest->pub.next_output_byte = dest->bytes;
    dest->pub.free_in_buffer = dest->capacity;
}

static boolean destination_grow(j_compress_ptr cinfo) {
    assets_jpeg_destination *dest = (assets_jpeg_destination *)cinfo->dest;
    size_t used = dest->capacity;
    if (dest->capacity > ((size_t)-1) / 2) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 10);
    size_t capacity = dest->capacity * 2;
    uint8_t *grown = (uint8_t *)realloc(dest->bytes, capacity);
    if (!grown) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 10);
    dest->bytes = grown;
    dest->capacity = capacity;
    dest->pub.next_output_byte = grown + used;
    dest->pub.free_in_buffer = capacity - used;
    return TRUE;
}

static void destination_term(j_compress_ptr cinfo) { (void)cinfo; }

int assets_jpeg_destination_start(assets_jpeg_destination *dest, size_t capacity) {
    memset(dest, 0, sizeof(*dest));
    dest->bytes = (uint8_t *)malloc(capacity ? capacity : 1);
    if (!dest->bytes) return -1;
    dest->capacity = capacity ? capacity : 1;
    dest->pub.init_destination = destination_init;
    dest->pub.empty_output_buffer = destination_grow;
    dest->pub.term_destination = destination_term;
    return 0;
}

size_t assets_jpeg_destination_count(const assets_jpeg_destination *dest) {
    return dest->capacity - dest->pub.free_in_buffer;
}
