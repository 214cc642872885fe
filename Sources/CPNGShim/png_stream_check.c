#include "png_stream_check.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/*
 * What libpng's row decoding can fail on after the header chunks is all in the layers below the filters:
 * chunk framing and CRCs, the zlib stream (its window, its codes, its Adler-32, its end), the amount of
 * data, and each row's filter-type byte. Undoing the filters is arithmetic that cannot fail, and on
 * photographic RGBA (Paeth nearly everywhere) it is a third of libpng's decoding time, so `validate
 * --deep` checks those layers here, with zlib doing all the inflating. Anything this walk does not
 * recognise as exactly clean is left to libpng (the caller decodes the rows), so libpng still decides
 * every damaged or unusual file and words its error.
 */

enum { OUTPUT_CHUNK = 128 * 1024 };

/// Where the inflated bytes are in the rows of the passes: the next filter-type byte, or row data.
typedef struct {
    uint64_t row_bytes[7];
    uint32_t rows[7];
    int passes;
    int pass;
    uint32_t rows_left;
    uint64_t left_in_row;
} row_walk;

static uint32_t big_endian_32(const uint8_t *bytes) {
    return (uint32_t)bytes[0] << 24 | (uint32_t)bytes[1] << 16 | (uint32_t)bytes[2] << 8 | (uint32_t)bytes[3];
}

static uint64_t row_bytes_for(uint32_t width, const assets_png_stream_layout *layout) {
    return ((uint64_t)width * (uint64_t)layout->channels * (uint64_t)layout->bit_depth + 7) / 8;
}

/* The Adam7 passes that hold pixels (an empty pass has no rows, not even filter bytes), or the one pass. */
static int plan_rows(row_walk *walk, const assets_png_stream_layout *layout) {
    static const uint32_t x0[7] = { 0, 4, 0, 2, 0, 1, 0 }, dx[7] = { 8, 8, 4, 4, 2, 2, 1 };
    static const uint32_t y0[7] = { 0, 0, 4, 0, 2, 0, 1 }, dy[7] = { 8, 8, 8, 4, 4, 2, 2 };
    memset(walk, 0, sizeof(*walk));
    if (!layout->interlaced) {
        walk->row_bytes[0] = row_bytes_for(layout->width, layout);
        walk->rows[0] = layout->height;
        walk->passes = 1;
    } else {
        for (int pass = 0; pass < 7; pass++) {
            if (layout->width <= x0[pass] || layout->height <= y0[pass]) continue;
            uint32_t width = (layout->width - x0[pass] + dx[pass] - 1) / dx[pass];
            uint32_t height = (layout->height - y0[pass] + dy[pass] - 1) / dy[pass];
            walk->row_bytes[walk->passes] = row_bytes_for(width, layout);
            walk->rows[walk->passes] = height;
            walk->passes++;
        }
    }
    walk->pass = 0;
    walk->rows_left = walk->passes > 0 ? walk->rows[0] : 0;
    return walk->passes > 0;
}

/* Follows `count` inflated bytes through the rows; 0 on a bad filter type or on bytes past the last row. */
static int walk_rows(row_walk *walk, const uint8_t *bytes, size_t count) {
    size_t at = 0;
    while (at < count) {
        if (walk->left_in_row == 0) {
            while (walk->rows_left == 0) {
                if (walk->pass + 1 >= walk->passes) return 0;
                walk->pass++;
                walk->rows_left = walk->rows[walk->pass];
            }
            if (bytes[at] > 4) return 0;
            at++;
            walk->rows_left--;
            walk->left_in_row = walk->row_bytes[walk->pass];
            continue;
        }
        size_t take = count - at;
        if ((uint64_t)take > walk->left_in_row) take = (size_t)walk->left_in_row;
        at += take;
        walk->left_in_row -= take;
    }
    return 1;
}

static int walk_complete(const row_walk *walk) {
    return walk->pass == walk->passes - 1 && walk->rows_left == 0 && walk->left_in_row == 0;
}

int assets_png_stream_is_clean(const uint8_t *data, size_t count, size_t idat_start,
                               const assets_png_stream_layout *layout) {
    if (!data || !layout || idat_start > count || layout->width == 0 || layout->height == 0) return 0;
    if (layout->channels < 1 || layout->channels > 4 || layout->bit_depth < 1 || layout->bit_depth > 16) return 0;
    row_walk walk;
    if (!plan_rows(&walk, layout)) return 0;

    z_stream stream;
    memset(&stream, 0, sizeof(stream));
    /* Window bits 0: the window the zlib header declares, as libpng inflates IDAT. */
    if (inflateInit2(&stream, 0) != Z_OK) return 0;
    uint8_t *output = (uint8_t *)malloc(OUTPUT_CHUNK);
    if (!output) {
        inflateEnd(&stream);
        return 0;
    }

    int clean = 0, ended = 0, first_byte_seen = 0;
    size_t position = idat_start;
    for (;;) {
        if (count - position < 12) break;
        uint32_t length = big_endian_32(data + position);
        const uint8_t *type = data + position + 4;
        if (length > 0x7fffffffu || count - position - 12 < length) break;
        const uint8_t *body = type + 4;
        uLong crc = crc32(crc32(0L, Z_NULL, 0), type, 4);
        crc = crc32_z(crc, body, length);
        if (crc != big_endian_32(body + length)) break;
        position += 12 + (size_t)length;

        if (memcmp(type, "IEND", 4) == 0) {
            clean = ended && length == 0 && walk_complete(&walk);
            break;
        }
        /* Chunks after the image data, or image data after the stream's end: libpng's to judge. */
        if (memcmp(type, "IDAT", 4) != 0 || ended) break;
        if (length == 0) continue;
        if (!first_byte_seen) {
            /* libpng refuses a window larger than 32 KiB before zlib sees the stream. */
            if ((body[0] >> 4) > 7) break;
            first_byte_seen = 1;
        }
        stream.next_in = (Bytef *)body;
        stream.avail_in = length;
        int failed = 0;
        for (;;) {
            stream.next_out = output;
            stream.avail_out = OUTPUT_CHUNK;
            int status = inflate(&stream, Z_NO_FLUSH);
            if (!walk_rows(&walk, output, OUTPUT_CHUNK - stream.avail_out)) {
                failed = 1;
                break;
            }
            if (status == Z_STREAM_END) {
                ended = 1;
                /* Compressed bytes after the stream's end in the same chunk. */
                if (stream.avail_in > 0) failed = 1;
                break;
            }
            if (status != Z_OK && status != Z_BUF_ERROR) {
                failed = 1;
                break;
            }
            if (stream.avail_in == 0 && stream.avail_out > 0) break;
            if (status == Z_BUF_ERROR) {
                failed = 1;
                break;
            }
        }
        if (failed) break;
    }
    free(output);
    inflateEnd(&stream);
    return clean;
}
