#include "jpeg_decode_shim.h"

#include <setjmp.h>
#include <stdint.h>
#ifdef __linux__
#include <sys/mman.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>
#include <jpeglib.h>
#include <jerror.h>

/*
 * The only place setjmp/longjmp meet libjpeg. libjpeg leaves by longjmp on a fatal error; every entry
 * point below sets the jump target before its first libjpeg call and returns a status, so Swift is never
 * on the stack between setjmp and longjmp. Warnings are kept as data, never printed.
 */

typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    assets_jpeg_report *report;
    /* The bytes libjpeg reads from now: the whole file in memory, or the file source's current buffer. */
    const uint8_t *data;
    size_t count;
    /* How many bytes of the file come before `data`, and the file's size (for offsets in reports). */
    size_t base;
    size_t total;
} decode_error;

/* Reads a file descriptor through a 64 KiB buffer, so a file never has to be in memory whole. */
#define ASSETS_JPEG_FILE_BUFFER 65536

typedef struct {
    struct jpeg_source_mgr pub;
    decode_error *error;
    int fd;
    uint8_t buffer[ASSETS_JPEG_FILE_BUFFER];
} file_source;

/* Progressive files can hold any number of scans; each costs a pass over the image. A hostile file with
   thousands of tiny scans would take minutes, so, like libjpeg-turbo's own TurboJPEG API, stop at a limit. */
#define ASSETS_JPEG_MAX_SCANS 500

typedef struct {
    struct jpeg_progress_mgr pub;
    decode_error *error;
} decode_progress;

struct assets_jpeg_decoder {
    struct jpeg_decompress_struct cinfo;
    decode_error error;
    decode_progress progress;
    assets_jpeg_report report;
    const uint8_t *data;
    size_t count;
    /* >= 0 when reading a file descriptor instead of `data`. */
    int fd;
    file_source *file;
    int header_read;
    int started;
};

/* The data buffer starts the decoder struct's `data`; the source's cursor says how far libjpeg got. */
static size_t input_offset(j_common_ptr cinfo, const uint8_t *data, size_t count) {
    j_decompress_ptr dinfo = (j_decompress_ptr)cinfo;
    if (!dinfo->src || !dinfo->src->next_input_byte || !data) return 0;
    const uint8_t *cursor = (const uint8_t *)dinfo->src->next_input_byte;
    if (cursor < data || cursor > data + count) return count;
    return (size_t)(cursor - data);
}

static int is_corrupt_warning(int code) {
    switch (code) {
    case JWRN_ARITH_BAD_CODE:
    case JWRN_BOGUS_PROGRESSION:
    case JWRN_EXTRANEOUS_DATA:
    case JWRN_HIT_MARKER:
    case JWRN_HUFF_BAD_CODE:
    case JWRN_MUST_RESYNC:
    case JWRN_NOT_SEQUENTIAL:
    case JWRN_BOGUS_ICC:
        return 1;
    default:
        return 0;
    }
}

static void decode_error_exit(j_common_ptr cinfo) {
    decode_error *error = (decode_error *)cinfo->err;
    error->report->error_code = error->pub.msg_code;
    if (!error->report->truncated) {
        error->report->input_offset = error->base + input_offset(cinfo, error->data, error->count);
        error->pub.format_message(cinfo, error->report->message);
    }
    longjmp(error->jump, 1);
}

/* msg_level < 0 is a warning; trace messages (>= 0) are ignored. Nothing is printed. */
static void decode_emit_message(j_common_ptr cinfo, int msg_level) {
    if (msg_level >= 0) return;
    decode_error *error = (decode_error *)cinfo->err;
    assets_jpeg_report *report = error->report;
    error->pub.num_warnings++;
    report->warning_count++;
    report->last_warning_code = error->pub.msg_code;
    error->pub.format_message(cinfo, report->last_warning);
    /* The first truncation is the story: its text and offset are kept over later warnings. */
    if (!report->truncated) report->input_offset = error->base + input_offset(cinfo, error->data, error->count);
    if (error->pub.msg_code == JWRN_JPEG_EOF && !report->truncated) {
        report->truncated = 1;
        report->input_offset = error->total; /* the data ran out at its end */
        memcpy(report->message, report->last_warning, sizeof(report->message));
    }
    if (is_corrupt_warning(error->pub.msg_code)) report->corrupt_warning_count++;
}

static void decode_output_message(j_common_ptr cinfo) { (void)cinfo; }

/* Maps libjpeg's message codes to the stable categories. */
static assets_jpeg_status classify_error(const assets_jpeg_report *report) {
    if (report->scan_limit_hit) return ASSETS_JPEG_TOO_LARGE;
    switch (report->error_code) {
    case JERR_NO_SOI:
        return ASSETS_JPEG_NOT_JPEG;
    case JERR_INPUT_EMPTY:
    case JERR_INPUT_EOF:
        return ASSETS_JPEG_TRUNCATED;
    case JERR_BAD_PRECISION:
    case JERR_CONVERSION_NOTIMPL:
    case JERR_ARITH_NOTIMPL:
    case JERR_NOT_COMPILED:
    case JERR_NOTIMPL:
    case JERR_CCIR601_NOTIMPL:
    case JERR_BAD_J_COLORSPACE:
        return ASSETS_JPEG_UNSUPPORTED;
    case JERR_IMAGE_TOO_BIG:
    case JERR_WIDTH_OVERFLOW:
    case JERR_OUT_OF_MEMORY:
        return ASSETS_JPEG_TOO_LARGE;
    default:
        /* Anything that failed after the data ran out is the truncation's fault. */
        return report->truncated ? ASSETS_JPEG_TRUNCATED : ASSETS_JPEG_CORRUPT;
    }
}

static assets_jpeg_space space_of(J_COLOR_SPACE space) {
    switch (space) {
    case JCS_GRAYSCALE: return ASSETS_JPEG_SPACE_GRAY;
    case JCS_RGB: return ASSETS_JPEG_SPACE_RGB;
    case JCS_YCbCr: return ASSETS_JPEG_SPACE_YCBCR;
    case JCS_CMYK: return ASSETS_JPEG_SPACE_CMYK;
    case JCS_YCCK: return ASSETS_JPEG_SPACE_YCCK;
    default: return ASSETS_JPEG_SPACE_UNKNOWN;
    }
}

static void decode_progress_monitor(j_common_ptr cinfo) {
    if (cinfo->is_decompressor == 0) return;
    j_decompress_ptr dinfo = (j_decompress_ptr)cinfo;
    decode_progress *progress = (decode_progress *)cinfo->progress;
    if (dinfo->progressive_mode && dinfo->input_scan_number > ASSETS_JPEG_MAX_SCANS) {
        assets_jpeg_report *report = progress->error->report;
        report->scan_limit_hit = 1;
        snprintf(report->message, sizeof(report->message), "more than %d progressive scans", ASSETS_JPEG_MAX_SCANS);
        longjmp(progress->error->jump, 1);
    }
}

assets_jpeg_decoder *assets_jpeg_decoder_create(const uint8_t *data, size_t count) {
    assets_jpeg_decoder *decoder = (assets_jpeg_decoder *)calloc(1, sizeof(assets_jpeg_decoder));
    if (!decoder) return NULL;
    decoder->data = data;
    decoder->count = count;
    decoder->cinfo.err = jpeg_std_error(&decoder->error.pub);
    decoder->error.pub.error_exit = decode_error_exit;
    decoder->error.pub.emit_message = decode_emit_message;
    decoder->error.pub.output_message = decode_output_message;
    decoder->error.report = &decoder->report;
    decoder->error.data = data;
    decoder->error.count = count;
    decoder->error.total = count;
    decoder->fd = -1;
    if (setjmp(decoder->error.jump)) {
        /* jpeg_create_decompress fails only when out of memory. */
        jpeg_destroy_decompress(&decoder->cinfo);
        free(decoder);
        return NULL;
    }
    jpeg_create_decompress(&decoder->cinfo);
    decoder->progress.pub.progress_monitor = decode_progress_monitor;
    decoder->progress.error = &decoder->error;
    decoder->cinfo.progress = &decoder->progress.pub;
    return decoder;
}

assets_jpeg_status assets_jpeg_decoder_read_header(assets_jpeg_decoder *decoder, unsigned scale_num,
                                                   unsigned scale_denom, int fancy_upsampling) {
    if (!decoder || decoder->header_read || scale_num == 0 || scale_denom == 0) return ASSETS_JPEG_INVALID_ARGUMENT;
    if (decoder->fd < 0 ? (!decoder->data || decoder->count == 0) : decoder->error.total == 0) {
        strcpy(decoder->report.message, "Empty input file");
        return ASSETS_JPEG_TRUNCATED;
    }
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    assets_jpeg_report *report = &decoder->report;
    if (setjmp(decoder->error.jump)) return classify_error(report);

    if (decoder->fd >= 0) {
        cinfo->src = &decoder->file->pub;
    } else {
        jpeg_mem_src(cinfo, decoder->data, (unsigned long)decoder->count);
    }
    jpeg_read_header(cinfo, TRUE);
    decoder->header_read = 1;

    report->width = cinfo->image_width;
    report->height = cinfo->image_height;
    report->components = cinfo->num_components;
    report->space = space_of(cinfo->jpeg_color_space);
    report->precision = cinfo->data_precision;
    report->progressive = cinfo->progressive_mode ? 1 : 0;
    report->arithmetic = cinfo->arith_code ? 1 : 0;
    report->saw_jfif = cinfo->saw_JFIF_marker ? 1 : 0;
    report->saw_adobe = cinfo->saw_Adobe_marker ? 1 : 0;
    report->adobe_transform = cinfo->Adobe_transform;
    report->restart_interval = (int)cinfo->restart_interval;
    for (int i = 0; i < cinfo->num_components && i < 4; i++) {
        report->h_samp[i] = cinfo->comp_info[i].h_samp_factor;
        report->v_samp[i] = cinfo->comp_info[i].v_samp_factor;
    }

    /* djpeg's defaults: islow DCT, fancy upsampling, block smoothing; only the output format differs. */
    switch (cinfo->jpeg_color_space) {
    case JCS_CMYK:
    case JCS_YCCK:
        cinfo->out_color_space = JCS_CMYK;
        break;
    default:
        cinfo->out_color_space = JCS_EXT_RGBA;
        break;
    }
    cinfo->scale_num = scale_num;
    cinfo->scale_denom = scale_denom;
    cinfo->do_fancy_upsampling = fancy_upsampling ? TRUE : FALSE;
    jpeg_calc_output_dimensions(cinfo);
    report->output_width = cinfo->output_width;
    report->output_height = cinfo->output_height;
    return ASSETS_JPEG_OK;
}

/* CMYK (Adobe inverted, 0 = full ink) to RGB in place, as djpeg's PPM writer does: R = round(C * K / 255). */
static void cmyk_rows_to_rgba(uint8_t *row, size_t stride, uint32_t width, uint32_t rows) {
    for (uint32_t y = 0; y < rows; y++, row += stride) {
        uint8_t *p = row;
        for (uint32_t x = 0; x < width; x++, p += 4) {
            unsigned k = p[3];
            p[0] = (uint8_t)((p[0] * k * 2 + 255) / 510);
            p[1] = (uint8_t)((p[1] * k * 2 + 255) / 510);
            p[2] = (uint8_t)((p[2] * k * 2 + 255) / 510);
            p[3] = 255;
        }
    }
}

assets_jpeg_status assets_jpeg_decoder_decode(assets_jpeg_decoder *decoder, uint8_t *rgba, size_t stride) {
    if (!decoder || !decoder->header_read || decoder->started || !rgba) return ASSETS_JPEG_INVALID_ARGUMENT;
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    assets_jpeg_report *report = &decoder->report;
    if (stride < (size_t)report->output_width * 4) return ASSETS_JPEG_INVALID_ARGUMENT;
    if (setjmp(decoder->error.jump)) return classify_error(report);

    decoder->started = 1;
    jpeg_start_decompress(cinfo);
    if (cinfo->output_width != report->output_width || cinfo->output_height != report->output_height ||
        cinfo->output_components != 4) {
        strcpy(report->message, "output size changed after the header");
        return ASSETS_JPEG_CORRUPT;
    }
    int cmyk = cinfo->out_color_space == JCS_CMYK;
    JSAMPROW rows[16];
    while (cinfo->output_scanline < cinfo->output_height) {
        JDIMENSION first = cinfo->output_scanline;
        JDIMENSION batch = cinfo->output_height - first;
        if (batch > 16) batch = 16;
        for (JDIMENSION i = 0; i < batch; i++) rows[i] = rgba + (size_t)(first + i) * stride;
        JDIMENSION got = jpeg_read_scanlines(cinfo, rows, batch);
        if (cmyk && got > 0) cmyk_rows_to_rgba(rows[0], stride, cinfo->output_width, got);
        report->rows_decoded = cinfo->output_scanline;
        if (got == 0) break;
    }
    jpeg_finish_decompress(cinfo);
    if (report->truncated) return ASSETS_JPEG_TRUNCATED;
    return ASSETS_JPEG_OK;
}

assets_jpeg_status assets_jpeg_decoder_start_rows(assets_jpeg_decoder *decoder, int rgb, int *channels) {
    if (!decoder || !decoder->header_read || decoder->started || !channels) return ASSETS_JPEG_INVALID_ARGUMENT;
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    assets_jpeg_report *report = &decoder->report;
    if (setjmp(decoder->error.jump)) return classify_error(report);

    /* Three bytes a pixel straight from libjpeg-turbo's colour converter, as djpeg writes PPM;
       CMYK and YCCK stay four channels and are converted row by row below. */
    if (rgb && cinfo->out_color_space == JCS_EXT_RGBA) cinfo->out_color_space = JCS_RGB;
    decoder->started = 1;
    jpeg_start_decompress(cinfo);
    if (cinfo->output_width != report->output_width || cinfo->output_height != report->output_height ||
        (cinfo->output_components != 3 && cinfo->output_components != 4)) {
        strcpy(report->message, "output size changed after the header");
        return ASSETS_JPEG_CORRUPT;
    }
    *channels = cinfo->output_components;
    return ASSETS_JPEG_OK;
}

assets_jpeg_status assets_jpeg_decoder_read_rows(assets_jpeg_decoder *decoder, uint8_t *rows, size_t stride,
                                                 unsigned max_rows, unsigned *got) {
    if (!decoder || !decoder->started || !rows || !got || max_rows == 0) return ASSETS_JPEG_INVALID_ARGUMENT;
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    assets_jpeg_report *report = &decoder->report;
    if (stride < (size_t)cinfo->output_width * (size_t)cinfo->output_components) return ASSETS_JPEG_INVALID_ARGUMENT;
    *got = 0;
    if (setjmp(decoder->error.jump)) return classify_error(report);

    int cmyk = cinfo->out_color_space == JCS_CMYK;
    JSAMPROW pointers[16];
    while (*got < max_rows && cinfo->output_scanline < cinfo->output_height) {
        JDIMENSION batch = max_rows - *got;
        if (batch > 16) batch = 16;
        for (JDIMENSION i = 0; i < batch; i++) pointers[i] = rows + (size_t)(*got + i) * stride;
        JDIMENSION read = jpeg_read_scanlines(cinfo, pointers, batch);
        if (cmyk && read > 0) cmyk_rows_to_rgba(pointers[0], stride, cinfo->output_width, read);
        *got += read;
        report->rows_decoded = cinfo->output_scanline;
        if (read == 0) break;
    }
    return ASSETS_JPEG_OK;
}

assets_jpeg_status assets_jpeg_decoder_finish_rows(assets_jpeg_decoder *decoder) {
    if (!decoder || !decoder->started) return ASSETS_JPEG_INVALID_ARGUMENT;
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    assets_jpeg_report *report = &decoder->report;
    if (setjmp(decoder->error.jump)) return classify_error(report);
    if (cinfo->output_scanline < cinfo->output_height) {
        /* Rows nobody read: finishing would be an error in libjpeg; abort instead. */
        jpeg_abort_decompress(cinfo);
        return ASSETS_JPEG_OK;
    }
    jpeg_finish_decompress(cinfo);
    if (report->truncated) return ASSETS_JPEG_TRUNCATED;
    return ASSETS_JPEG_OK;
}

assets_jpeg_status assets_jpeg_decoder_check(assets_jpeg_decoder *decoder) {
    if (!decoder || !decoder->header_read || decoder->started) return ASSETS_JPEG_INVALID_ARGUMENT;
    struct jpeg_decompress_struct *cinfo = &decoder->cinfo;
    assets_jpeg_report *report = &decoder->report;
    /* Set before setjmp and never changed after it, so it is valid after a longjmp. */
    JSAMPROW volatile row = NULL;
    if (setjmp(decoder->error.jump)) {
        free(row);
        return classify_error(report);
    }
    decoder->started = 1;
    jpeg_start_decompress(cinfo);
    size_t row_bytes = (size_t)cinfo->output_width * (size_t)cinfo->output_components;
    row = (JSAMPROW)malloc(row_bytes ? row_bytes : 1);
    if (!row) {
        strcpy(report->message, "out of memory for a row");
        return ASSETS_JPEG_TOO_LARGE;
    }
    /* Every failure libjpeg can find is in the markers and the entropy-coded data; the inverse DCT,
       upsampling and colour conversion cannot fail. Skipping rows still entropy-decodes every MCU of a
       sequential Huffman file (libjpeg-turbo discards the coefficients), and a multi-scan file was read
       whole by jpeg_start_decompress; the last row is decoded for real. Arithmetic-coded files are rare,
       so they are simply decoded row by row. */
    if (!cinfo->arith_code && cinfo->output_height > 1) jpeg_skip_scanlines(cinfo, cinfo->output_height - 1);
    while (cinfo->output_scanline < cinfo->output_height) {
        JSAMPROW rows[1] = { row };
        if (jpeg_read_scanlines(cinfo, rows, 1) == 0) break;
    }
    report->rows_decoded = cinfo->output_scanline;
    if (cinfo->output_scanline < cinfo->output_height) {
        free(row);
        strcpy(report->message, "libjpeg stopped before the last row");
        return ASSETS_JPEG_TRUNCATED;
    }
    jpeg_finish_decompress(cinfo);
    free(row);
    row = NULL;
    if (report->truncated) return ASSETS_JPEG_TRUNCATED;
    return ASSETS_JPEG_OK;
}

void assets_jpeg_decoder_get_report(const assets_jpeg_decoder *decoder, assets_jpeg_report *report) {
    if (!decoder || !report) return;
    *report = decoder->report;
}

void assets_jpeg_decoder_destroy(assets_jpeg_decoder *decoder) {
    if (!decoder) return;
    jpeg_destroy_decompress(&decoder->cinfo);
    free(decoder->file);
    free(decoder);
}

static void file_init_source(j_decompress_ptr cinfo) { (void)cinfo; }

static void file_term_source(j_decompress_ptr cinfo) { (void)cinfo; }

static const uint8_t file_fake_eoi[2] = { 0xFF, JPEG_EOI };

static boolean file_fill_input_buffer(j_decompress_ptr cinfo) {
    file_source *source = (file_source *)cinfo->src;
    decode_error *error = source->error;
    error->base += error->count;
    ssize_t got;
    do {
        got = read(source->fd, source->buffer, sizeof(source->buffer));
    } while (got < 0 && errno == EINTR);
    if (got <= 0) {
        /* As jpeg_mem_src does at its end: warn, then hand libjpeg an end-of-image marker. */
        error->data = file_fake_eoi;
        error->count = 0;
        error->base = error->total;
        WARNMS(cinfo, JWRN_JPEG_EOF);
        source->pub.next_input_byte = file_fake_eoi;
        source->pub.bytes_in_buffer = 2;
        return TRUE;
    }
    error->data = source->buffer;
    error->count = (size_t)got;
    source->pub.next_input_byte = source->buffer;
    source->pub.bytes_in_buffer = (size_t)got;
    return TRUE;
}

static void file_skip_input_data(j_decompress_ptr cinfo, long count) {
    struct jpeg_source_mgr *source = cinfo->src;
    if (count <= 0) return;
    while (count > (long)source->bytes_in_buffer) {
        count -= (long)source->bytes_in_buffer;
        (void)source->fill_input_buffer(cinfo);
    }
    source->next_input_byte += (size_t)count;
    source->bytes_in_buffer -= (size_t)count;
}

assets_jpeg_decoder *assets_jpeg_decoder_create_file(int fd, size_t file_size) {
    if (fd < 0) return NULL;
    assets_jpeg_decoder *decoder = assets_jpeg_decoder_create(NULL, 0);
    if (!decoder) return NULL;
    file_source *source = (file_source *)calloc(1, sizeof(file_source));
    if (!source) {
        assets_jpeg_decoder_destroy(decoder);
        return NULL;
    }
    source->pub.init_source = file_init_source;
    source->pub.fill_input_buffer = file_fill_input_buffer;
    source->pub.skip_input_data = file_skip_input_data;
    source->pub.resync_to_restart = jpeg_resync_to_restart;
    source->pub.term_source = file_term_source;
    source->pub.next_input_byte = NULL;
    source->pub.bytes_in_buffer = 0;
    source->error = &decoder->error;
    source->fd = fd;
    decoder->fd = fd;
    decoder->file = source;
    decoder->error.total = file_size;
    return decoder;
}

void assets_prepare_large_buffer(void *buffer, size_t count) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const uintptr_t huge = (uintptr_t)2 << 20;
    uintptr_t start = ((uintptr_t)buffer + huge - 1) & ~(huge - 1);
    uintptr_t end = ((uintptr_t)buffer + count) & ~(huge - 1);
    if (buffer && end > start) (void)madvise((void *)start, end - start, MADV_HUGEPAGE);
#else
    (void)buffer;
    (void)count;
#endif
}
