/*
 * Lossless PNG rewriting for `compressible-image` and `optimize`, the canonical reading behind the
 * `duplicate-image` digest, and the proof that two PNGs show the same thing.
 *
 * Codec work is done by the libraries: libpng decodes (expanding every colour type to 16-bit RGBA for
 * comparison), libdeflate compresses the image data and computes each chunk's CRC. Written here by hand:
 * the exact colour-type and bit-depth reductions, PNG's five row filters (prediction, not compression:
 * libpng's writer cannot be asked which filter it would choose, and trying each per image is the point),
 * and the chunk framing of the output (length, type, data, CRC), so the kept chunks go out byte for byte.
 *
 * libpng leaves by longjmp: every entry point that calls it sets the jump buffer of its reader first,
 * so Swift is never on the stack between setjmp and longjmp.
 */
#include "png_optimize_shim.h"

#include <libdeflate.h>
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

/* ---- chunks ---------------------------------------------------------------------------------------- */

/* The chunks that change how the pixels look (colour profile, gamma, primaries, HDR metadata) or where
   they go (eXIf orientation): kept byte for byte, compared by the proof, hashed into the digest. */
static const char *const kept_types[] = {"iCCP", "sRGB", "gAMA", "cHRM", "cICP", "mDCv", "cLLi", "eXIf"};
enum { kept_type_count = 8, max_kept = 16 };

typedef struct {
    char type[4];
    const uint8_t *data;
    uint32_t length;
} chunk_ref;

typedef struct {
    chunk_ref kept[max_kept];
    int kept_count;
    /* acTL (animation), CgBI (Apple's crushed PNG), an unknown critical chunk, or too many kept chunks. */
    int refuse;
} chunk_scan;

static uint32_t read_be32(const uint8_t *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

static int kept_index(const uint8_t *type) {
    for (int i = 0; i < kept_type_count; i++)
        if (memcmp(type, kept_types[i], 4) == 0) return i;
    return -1;
}

static void scan_chunks(const uint8_t *data, size_t count, chunk_scan *scan) {
    memset(scan, 0, sizeof(*scan));
    size_t at = 8;
    while (at + 12 <= count) {
        uint32_t length = read_be32(data + at);
        const uint8_t *type = data + at + 4;
        if (length > count - at - 12) break; /* libpng reports the truncation */
        if (memcmp(type, "acTL", 4) == 0 || memcmp(type, "CgBI", 4) == 0) scan->refuse = 1;
        int critical = !(type[0] & 0x20);
        if (critical && memcmp(type, "IHDR", 4) && memcmp(type, "PLTE", 4) && memcmp(type, "IDAT", 4) &&
            memcmp(type, "IEND", 4))
            scan->refuse = 1;
        if (kept_index(type) >= 0) {
            if (scan->kept_count == max_kept) {
                scan->refuse = 1;
            } else {
                chunk_ref *ref = &scan->kept[scan->kept_count++];
                memcpy(ref->type, type, 4);
                ref->data = data + at + 8;
                ref->length = length;
            }
        }
        if (memcmp(type, "IEND", 4) == 0) break;
        at += 12 + (size_t)length;
    }
}

/* The first chunk of `type` in a scan, or NULL. */
static const chunk_ref *find_kept(const chunk_scan *scan, const char *type) {
    for (int i = 0; i < scan->kept_count; i++)
        if (memcmp(scan->kept[i].type, type, 4) == 0) return &scan->kept[i];
    return NULL;
}

/* Whether two files carry the same kept chunks, type by type (order aside). */
static int same_kept(const chunk_scan *a, const chunk_scan *b) {
    if (a->kept_count != b->kept_count) return 0;
    for (int i = 0; i < kept_type_count; i++) {
        const chunk_ref *x = find_kept(a, kept_types[i]);
        const chunk_ref *y = find_kept(b, kept_types[i]);
        if (!x != !y) return 0;
        if (x && (x->length != y->length || memcmp(x->data, y->data, x->length) != 0)) return 0;
    }
    return 1;
}

/* ---- the canonical reader: libpng, every colour type expanded to 16-bit RGBA --------------------- */

typedef struct {
    jmp_buf jump;
    png_structp png;
    png_infop info;
    const uint8_t *data;
    size_t count;
    size_t position;
    int ran_out;
    int warnings;
    int interlaced;
    uint32_t width, height;
    int bit_depth, color_type;
    char message[200];
} canonical_reader;

static void reader_error(png_structp png, png_const_charp message) {
    canonical_reader *reader = (canonical_reader *)png_get_error_ptr(png);
    strncpy(reader->message, message ? message : "libpng error", sizeof(reader->message) - 1);
    longjmp(reader->jump, 1);
}

static void reader_warning(png_structp png, png_const_charp message) {
    canonical_reader *reader = (canonical_reader *)png_get_error_ptr(png);
    (void)message;
    reader->warnings++;
}

static void reader_read(png_structp png, png_bytep out, png_size_t length) {
    canonical_reader *reader = (canonical_reader *)png_get_io_ptr(png);
    if (length > reader->count - reader->position) {
        reader->ran_out = 1;
        png_error(png, "unexpected end of file");
    }
    memcpy(out, reader->data + reader->position, length);
    reader->position += length;
}

static void reader_close(canonical_reader *reader) {
    if (reader->png) png_destroy_read_struct(&reader->png, reader->info ? &reader->info : NULL, NULL);
    reader->png = NULL;
    reader->info = NULL;
}

/* Reads the header and sets the transforms to 16-bit RGBA. */
static assets_png_opt_status reader_open(canonical_reader *reader, const uint8_t *data, size_t count,
                                         uint64_t max_pixels) {
    memset(reader, 0, sizeof(*reader));
    reader->data = data;
    reader->count = count;
    if (!data || count < 8 || png_sig_cmp(data, 0, 8) != 0) {
        strcpy(reader->message, "not a PNG signature");
        return ASSETS_PNG_OPT_UNREADABLE;
    }
    reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, reader, reader_error, reader_warning);
    if (!reader->png) return ASSETS_PNG_OPT_OUT_OF_MEMORY;
    reader->info = png_create_info_struct(reader->png);
    if (!reader->info) {
        reader_close(reader);
        return ASSETS_PNG_OPT_OUT_OF_MEMORY;
    }
    if (setjmp(reader->jump)) {
        reader_close(reader);
        return ASSETS_PNG_OPT_UNREADABLE;
    }
    png_set_read_fn(reader->png, reader, reader_read);
    /* libpng warns of a few ICC profiles it knows to be wrong sRGB profiles ("known incorrect sRGB
       profile"); the profile is kept byte for byte and compared, so the warning says nothing about the
       pixels: without this every such file (Adobe's old exports) would be left as it is. */
    png_set_option(reader->png, PNG_SKIP_sRGB_CHECK_PROFILE, PNG_OPTION_ON);
    png_set_user_limits(reader->png, 0x7fffffff, 0x7fffffff);
    png_read_info(reader->png, reader->info);
    reader->width = png_get_image_width(reader->png, reader->info);
    reader->height = png_get_image_height(reader->png, reader->info);
    reader->bit_depth = png_get_bit_depth(reader->png, reader->info);
    reader->color_type = png_get_color_type(reader->png, reader->info);
    reader->interlaced = png_get_interlace_type(reader->png, reader->info) != PNG_INTERLACE_NONE;
    if ((uint64_t)reader->width * (uint64_t)reader->height > max_pixels) {
        strcpy(reader->message, "more pixels than the limit");
        reader_close(reader);
        return ASSETS_PNG_OPT_TOO_LARGE;
    }
    png_set_expand(reader->png);
    png_set_expand_16(reader->png);
    png_set_gray_to_rgb(reader->png);
    if (!(reader->color_type & PNG_COLOR_MASK_ALPHA) && !png_get_valid(reader->png, reader->info, PNG_INFO_tRNS))
        png_set_add_alpha(reader->png, 0xffff, PNG_FILLER_AFTER);
    png_set_interlace_handling(reader->png);
    png_read_update_info(reader->png, reader->info);
    if (png_get_rowbytes(reader->png, reader->info) != (size_t)reader->width * 8) {
        strcpy(reader->message, "unexpected row size after expansion");
        reader_close(reader);
        return ASSETS_PNG_OPT_UNREADABLE;
    }
    return ASSETS_PNG_OPT_OK;
}

/* Reads one row (non-interlaced images only) into `row` (width * 8 bytes). */
static assets_png_opt_status reader_row(canonical_reader *reader, uint8_t *row) {
    if (setjmp(reader->jump)) return ASSETS_PNG_OPT_UNREADABLE;
    png_read_row(reader->png, row, NULL);
    return ASSETS_PNG_OPT_OK;
}

/* Reads the whole image into `pixels` (height rows of width * 8 bytes). */
static assets_png_opt_status reader_image(canonical_reader *reader, uint8_t *pixels) {
    size_t stride = (size_t)reader->width * 8;
    png_bytep *rows = (png_bytep *)malloc(sizeof(png_bytep) * (reader->height ? reader->height : 1));
    if (!rows) return ASSETS_PNG_OPT_OUT_OF_MEMORY;
    for (uint32_t y = 0; y < reader->height; y++) rows[y] = pixels + (size_t)y * stride;
    if (setjmp(reader->jump)) {
        free(rows);
        return ASSETS_PNG_OPT_UNREADABLE;
    }
    png_read_image(reader->png, rows);
    free(rows);
    return ASSETS_PNG_OPT_OK;
}

/* Reads to IEND, so damage after the image data is found too. */
static assets_png_opt_status reader_end(canonical_reader *reader) {
    if (setjmp(reader->jump)) return ASSETS_PNG_OPT_UNREADABLE;
    png_read_end(reader->png, NULL);
    return ASSETS_PNG_OPT_OK;
}

/* ---- the image in memory, its analysis ---------------------------------------------------------- */

static uint16_t sample(const uint8_t *pixel, int channel) {
    return (uint16_t)((pixel[channel * 2] << 8) | pixel[channel * 2 + 1]);
}

typedef struct {
    int needs16;      /* some sample's two bytes differ */
    int opaque;       /* every alpha is 65535 */
    int gray;         /* every pixel has R = G = B */
    int key_ok;       /* alpha only 0 or max, one colour for every transparent pixel, never seen opaque */
    uint16_t key[3];  /* that colour */
    int gray_depth;   /* 1, 2, 4 or 8: the fewest bits every grey value fits exactly (8-bit images) */
    int colours;      /* distinct 8-bit RGBA colours, or 257 when more than 256 */
    uint32_t palette[256];
    /* Open-addressed table of the palette: colour -> index + 1. */
    uint32_t table_keys[1024];
    uint16_t table_values[1024];
} analysis;

static uint32_t rgba8(const uint8_t *pixel) {
    return ((uint32_t)pixel[0] << 24) | ((uint32_t)pixel[2] << 16) | ((uint32_t)pixel[4] << 8) | (uint32_t)pixel[6];
}

static int table_find(const analysis *a, uint32_t colour) {
    uint32_t slot = (colour * 2654435761u) >> 22;
    while (a->table_values[slot]) {
        if (a->table_keys[slot] == colour) return a->table_values[slot] - 1;
        slot = (slot + 1) & 1023;
    }
    return -1;
}

static int table_add(analysis *a, uint32_t colour) {
    uint32_t slot = (colour * 2654435761u) >> 22;
    while (a->table_values[slot]) {
        if (a->table_keys[slot] == colour) return a->table_values[slot] - 1;
        slot = (slot + 1) & 1023;
    }
    if (a->colours >= 256) {
        a->colours = 257;
        return -1;
    }
    a->table_keys[slot] = colour;
    a->table_values[slot] = (uint16_t)(a->colours + 1);
    a->palette[a->colours] = colour;
    return a->colours++;
}

static void analyse(const uint8_t *pixels, uint32_t width, uint32_t height, analysis *a) {
    memset(a, 0, sizeof(*a));
    a->opaque = 1;
    a->gray = 1;
    a->key_ok = 1;
    int key_set = 0;
    int depth_ok[4] = {1, 1, 1, 1}; /* 1, 2, 4, 8 bits */
    size_t total = (size_t)width * height;
    for (size_t i = 0; i < total; i++) {
        const uint8_t *p = pixels + i * 8;
        if (!a->needs16)
            for (int b = 0; b < 8; b += 2)
                if (p[b] != p[b + 1]) a->needs16 = 1;
        uint16_t r = sample(p, 0), g = sample(p, 1), bl = sample(p, 2), al = sample(p, 3);
        if (al != 0xffff) a->opaque = 0;
        if (r != g || g != bl) a->gray = 0;
        if (a->gray) {
            uint8_t v = p[0];
            if (v != 0 && v != 255) depth_ok[0] = 0;
            if (v % 0x55) depth_ok[1] = 0;
            if (v % 0x11) depth_ok[2] = 0;
        }
        if (a->key_ok) {
            if (al != 0 && al != 0xffff) {
                a->key_ok = 0;
            } else if (al == 0) {
                if (!key_set) {
                    a->key[0] = r; a->key[1] = g; a->key[2] = bl;
                    key_set = 1;
                } else if (a->key[0] != r || a->key[1] != g || a->key[2] != bl) {
                    a->key_ok = 0;
                }
            }
        }
        if (a->colours <= 256) table_add(a, rgba8(p));
    }
    if (a->key_ok && key_set) {
        /* The key colour must not stand for an opaque pixel too. */
        for (size_t i = 0; i < total; i++) {
            const uint8_t *p = pixels + i * 8;
            if (sample(p, 3) == 0xffff && sample(p, 0) == a->key[0] && sample(p, 1) == a->key[1] &&
                sample(p, 2) == a->key[2]) {
                a->key_ok = 0;
                break;
            }
        }
    }
    if (!key_set) a->key_ok = 0;
    a->gray_depth = depth_ok[0] ? 1 : depth_ok[1] ? 2 : depth_ok[2] ? 4 : 8;
}

/* ---- candidates: a colour type and bit depth, its rows packed ------------------------------------ */

typedef struct {
    int color_type;
    int bit_depth;
    int use_key;        /* tRNS with a key colour (grey or RGB) */
    int palette_count;  /* colour type 3 */
    uint32_t palette[256];
    int trns_count;     /* palette alphas written (entries with alpha < 255 come first) */
    size_t row_bytes;
    int bpp;            /* bytes per complete pixel for the filters (at least 1) */
} candidate;

static int channels_of(int color_type) {
    switch (color_type) {
    case 0: return 1;
    case 2: return 3;
    case 3: return 1;
    case 4: return 2;
    default: return 4;
    }
}

static void candidate_sizes(candidate *c, uint32_t width) {
    int bits = channels_of(c->color_type) * c->bit_depth;
    c->row_bytes = ((size_t)width * bits + 7) / 8;
    c->bpp = bits >= 8 ? bits / 8 : 1;
}

static void put_sample(uint8_t **out, uint16_t value, int depth16) {
    if (depth16) {
        *(*out)++ = (uint8_t)(value >> 8);
        *(*out)++ = (uint8_t)value;
    } else {
        *(*out)++ = (uint8_t)(value >> 8);
    }
}

/* Packs one canonical row into the candidate's layout. */
static void pack_row(const candidate *c, const analysis *a, const uint8_t *in, uint32_t width, uint8_t *out) {
    int d16 = c->bit_depth == 16;
    if (c->color_type == 3 || (c->color_type == 0 && c->bit_depth < 8)) {
        memset(out, 0, c->row_bytes);
        int depth = c->bit_depth;
        int per_byte = 8 / depth;
        for (uint32_t x = 0; x < width; x++) {
            const uint8_t *p = in + (size_t)x * 8;
            unsigned value;
            if (c->color_type == 3) {
                value = (unsigned)table_find(a, rgba8(p));
                /* palette entries were reordered: table values hold the reordered index */
            } else {
                value = p[0] / (255 / ((1u << depth) - 1));
            }
            if (depth == 8) {
                out[x] = (uint8_t)value;
            } else {
                int shift = 8 - depth * (int)(x % per_byte + 1);
                out[x / per_byte] |= (uint8_t)(value << shift);
            }
        }
        return;
    }
    uint8_t *o = out;
    for (uint32_t x = 0; x < width; x++) {
        const uint8_t *p = in + (size_t)x * 8;
        switch (c->color_type) {
        case 0: put_sample(&o, sample(p, 0), d16); break;
        case 4: put_sample(&o, sample(p, 0), d16); put_sample(&o, sample(p, 3), d16); break;
        case 2: put_sample(&o, sample(p, 0), d16); put_sample(&o, sample(p, 1), d16); put_sample(&o, sample(p, 2), d16); break;
        default:
            for (int ch = 0; ch < 4; ch++) put_sample(&o, sample(p, ch), d16);
        }
    }
}

/* ---- filters -------------------------------------------------------------------------------------- */

static uint8_t paeth(uint8_t a, uint8_t b, uint8_t c) {
    int p = (int)a + b - c;
    int pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    if (pa <= pb && pa <= pc) return a;
    return pb <= pc ? b : c;
}

static void filter_row(int type, const uint8_t *row, const uint8_t *prior, size_t n, int bpp, uint8_t *out) {
    size_t lead = (size_t)bpp < n ? (size_t)bpp : n;
    switch (type) {
    case 0:
        memcpy(out, row, n);
        break;
    case 1:
        memcpy(out, row, lead);
        for (size_t i = lead; i < n; i++) out[i] = (uint8_t)(row[i] - row[i - bpp]);
        break;
    case 2:
        if (!prior) { memcpy(out, row, n); break; }
        for (size_t i = 0; i < n; i++) out[i] = (uint8_t)(row[i] - prior[i]);
        break;
    case 3:
        if (!prior) {
            memcpy(out, row, lead);
            for (size_t i = lead; i < n; i++) out[i] = (uint8_t)(row[i] - (row[i - bpp] >> 1));
            break;
        }
        for (size_t i = 0; i < lead; i++) out[i] = (uint8_t)(row[i] - (prior[i] >> 1));
        for (size_t i = lead; i < n; i++) out[i] = (uint8_t)(row[i] - ((row[i - bpp] + prior[i]) >> 1));
        break;
    default:
        if (!prior) {
            /* Paeth with no row above predicts from the left: the same as sub. */
            memcpy(out, row, lead);
            for (size_t i = lead; i < n; i++) out[i] = (uint8_t)(row[i] - row[i - bpp]);
            break;
        }
        for (size_t i = 0; i < lead; i++) out[i] = (uint8_t)(row[i] - prior[i]);
        for (size_t i = lead; i < n; i++) out[i] = (uint8_t)(row[i] - paeth(row[i - bpp], prior[i], prior[i - bpp]));
        break;
    }
}

/* The heuristics that choose a filter per row, as the PNG book, LodePNG, pngwolf and oxipng use them:
   the smallest sum of absolute signed bytes (minsum), the lowest Shannon entropy of the row's bytes, the
   fewest distinct pairs of neighbouring bytes (bigrams, counted with the filter's type byte in front). */
enum { heuristic_minsum, heuristic_entropy, heuristic_bigrams, heuristic_count };

/* Strategies: 0-4 that filter on every row; 5, 6, 7 the filter each heuristic chose per row. */
enum { strategy_minsum = 5, strategy_entropy = 6, strategy_bigrams = 7 };

/* One pass over the image: each row filtered the five ways once, every heuristic's cost computed from
   those five rows, its choice written to choices[heuristic * height + y]. A row of zeros takes None under
   every heuristic (any filter of it is zeros too, or larger). `rows` holds 5 * (row_bytes + 1) bytes. */
static void choose_filters(const uint8_t *packed, size_t row_bytes, uint32_t height, int bpp, uint8_t *rows,
                           uint8_t *choices) {
    uint64_t seen[1024]; /* one bit a bigram */
    memset(seen, 0, sizeof(seen));
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *row = packed + (size_t)y * row_bytes;
        const uint8_t *prior = y ? row - row_bytes : NULL;
        int zeros = 1;
        for (size_t i = 0; i < row_bytes && zeros; i++) zeros = row[i] == 0;
        if (zeros) {
            for (int h = 0; h < heuristic_count; h++) choices[(size_t)h * height + y] = 0;
            continue;
        }
        uint64_t best_sum = 0;
        double best_bits = 0;
        uint32_t best_pairs = 0;
        int choice[heuristic_count] = {0, 0, 0};
        for (int type = 0; type < 5; type++) {
            uint8_t *out = rows + (size_t)type * (row_bytes + 1);
            out[0] = (uint8_t)type;
            filter_row(type, row, prior, row_bytes, bpp, out + 1);
            uint32_t counts[256] = {0};
            uint64_t sum = 0;
            for (size_t i = 1; i <= row_bytes; i++) {
                counts[out[i]]++;
                sum += out[i] < 128 ? out[i] : 256 - out[i];
            }
            /* n log2 n - sum c log2 c: the row's entropy in bits; n is the same for every filter */
            double bits = 0;
            for (int v = 0; v < 256; v++)
                if (counts[v] > 1) bits -= (double)counts[v] * __builtin_log2((double)counts[v]);
            uint32_t pairs = 0;
            for (size_t i = 1; i <= row_bytes; i++) {
                uint32_t pair = ((uint32_t)out[i - 1] << 8) | out[i];
                uint64_t bit = (uint64_t)1 << (pair & 63);
                pairs += !(seen[pair >> 6] & bit);
                seen[pair >> 6] |= bit;
            }
            for (size_t i = 1; i <= row_bytes; i++) seen[(((uint32_t)out[i - 1] << 8) | out[i]) >> 6] = 0;
            if (type == 0 || sum < best_sum) { best_sum = sum; choice[heuristic_minsum] = type; }
            if (type == 0 || bits < best_bits) { best_bits = bits; choice[heuristic_entropy] = type; }
            if (type == 0 || pairs < best_pairs) { best_pairs = pairs; choice[heuristic_bigrams] = type; }
        }
        for (int h = 0; h < heuristic_count; h++) choices[(size_t)h * height + y] = (uint8_t)choice[h];
    }
}

/* Filters every row with the type `types[y]` gives it, each row's type byte in front. */
static void filter_image(const uint8_t *types, const uint8_t *packed, size_t row_bytes, uint32_t height, int bpp,
                         uint8_t *out) {
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *row = packed + (size_t)y * row_bytes;
        uint8_t *dest = out + (size_t)y * (row_bytes + 1);
        dest[0] = types[y];
        filter_row(types[y], row, y ? row - row_bytes : NULL, row_bytes, bpp, dest + 1);
    }
}

/* ---- output --------------------------------------------------------------------------------------- */

typedef struct {
    uint8_t *bytes;
    size_t count, capacity;
    int failed;
} growing;

static void append(growing *g, const void *data, size_t n) {
    if (g->failed) return;
    if (g->count + n > g->capacity) {
        size_t capacity = g->capacity ? g->capacity : 4096;
        while (capacity < g->count + n) capacity *= 2;
        uint8_t *grown = (uint8_t *)realloc(g->bytes, capacity);
        if (!grown) {
            g->failed = 1;
            return;
        }
        g->bytes = grown;
        g->capacity = capacity;
    }
    memcpy(g->bytes + g->count, data, n);
    g->count += n;
}

static void append_be32(growing *g, uint32_t v) {
    uint8_t b[4] = {(uint8_t)(v >> 24), (uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v};
    append(g, b, 4);
}

static void append_chunk(growing *g, const char *type, const uint8_t *data, uint32_t length) {
    append_be32(g, length);
    append(g, type, 4);
    if (length) append(g, data, length);
    uint32_t crc = (uint32_t)libdeflate_crc32(0, type, 4);
    if (length) crc = (uint32_t)libdeflate_crc32(crc, data, length);
    append_be32(g, crc);
}

/* ---- the optimiser ------------------------------------------------------------------------------ */

typedef struct {
    candidate c;
    int index;    /* of the candidate */
    int strategy; /* 0-4 a fixed filter, or strategy_minsum, _entropy, _bigrams */
    size_t size;
} trial;

/* Bytes of the chunks a candidate writes besides IDAT that another candidate may not: PLTE and tRNS. */
static int candidate_overhead(const candidate *c) {
    if (c->color_type == 3) return 12 + c->palette_count * 3 + (c->trns_count ? 12 + c->trns_count : 0);
    if (c->use_key) return 12 + (c->color_type == 0 ? 2 : 6);
    return 0;
}

/* Palette order: translucent entries first (tRNS stops at the last of them), each part by luma, then
   alpha, so neighbouring indices are neighbouring colours and the row filters can predict them (first-seen
   order left a 256-colour grey icon 30 % larger). */
static uint32_t palette_key(uint32_t colour) {
    uint32_t r = colour >> 24, g = (colour >> 16) & 0xff, b = (colour >> 8) & 0xff, alpha = colour & 0xff;
    uint32_t luma = 299 * r + 587 * g + 114 * b; /* < 2^18 */
    return ((alpha == 0xff) << 31) | (alpha == 0xff ? luma << 8 : (alpha << 18) | luma);
}

static int palette_order(const void *x, const void *y) {
    uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
    uint32_t ka = palette_key(a), kb = palette_key(b);
    if (ka != kb) return ka < kb ? -1 : 1;
    return a < b ? -1 : a > b;
}

static void build_palette_candidate(const analysis *a, candidate *c, analysis *reordered) {
    memset(c, 0, sizeof(*c));
    c->color_type = 3;
    int n = a->colours;
    c->bit_depth = n <= 2 ? 1 : n <= 4 ? 2 : n <= 16 ? 4 : 8;
    /* Entries with alpha < 255 first, so tRNS stops at the last of them. */
    int k = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < n; i++) {
            int translucent = (a->palette[i] & 0xff) != 0xff;
            if (translucent == (pass == 0)) c->palette[k++] = a->palette[i];
        }
    qsort(c->palette, (size_t)n, sizeof(uint32_t), palette_order);
    c->palette_count = n;
    c->trns_count = 0;
    for (int i = 0; i < n; i++)
        if ((c->palette[i] & 0xff) != 0xff) c->trns_count = i + 1;
    /* The table maps colours to the new order. */
    *reordered = *a;
    memset(reordered->table_values, 0, sizeof(reordered->table_values));
    reordered->colours = 0;
    for (int i = 0; i < n; i++) table_add(reordered, c->palette[i]);
}

static int compress_size(struct libdeflate_compressor *compressor, const uint8_t *data, size_t n, uint8_t *out,
                         size_t bound) {
    size_t size = libdeflate_zlib_compress(compressor, data, n, out, bound);
    return size == 0 ? -1 : (int)(size > 0x7fffffff ? 0x7fffffff : size);
}

assets_png_opt_status assets_png_optimize(const uint8_t *data, size_t count, uint64_t max_pixels, int effort,
                                          assets_png_opt_result *result) {
    if (!result) return ASSETS_PNG_OPT_UNREADABLE;
    memset(result, 0, sizeof(*result));
    chunk_scan scan;
    scan_chunks(data, count, &scan);
    canonical_reader reader;
    assets_png_opt_status status = reader_open(&reader, data, count, max_pixels);
    if (status != ASSETS_PNG_OPT_OK) {
        memcpy(result->message, reader.message, sizeof(result->message));
        return status;
    }
    result->width = reader.width;
    result->height = reader.height;
    result->bit_depth = reader.bit_depth;
    result->color_type = reader.color_type;
    result->interlaced = reader.interlaced;
    if (scan.refuse) {
        reader_close(&reader);
        strcpy(result->message, "animated, Apple CgBI, or a critical chunk this optimiser does not know");
        return ASSETS_PNG_OPT_UNSUPPORTED;
    }
    uint32_t width = reader.width, height = reader.height;
    size_t stride = (size_t)width * 8;
    if (width == 0 || height == 0 || stride / 8 != width || (size_t)height > SIZE_MAX / stride) {
        reader_close(&reader);
        return ASSETS_PNG_OPT_TOO_LARGE;
    }
    uint8_t *pixels = (uint8_t *)malloc(stride * height);
    analysis *a = (analysis *)malloc(sizeof(analysis));
    analysis *reordered = (analysis *)malloc(sizeof(analysis));
    if (!pixels || !a || !reordered) {
        free(pixels); free(a); free(reordered);
        reader_close(&reader);
        return ASSETS_PNG_OPT_OUT_OF_MEMORY;
    }
    status = reader_image(&reader, pixels);
    if (status == ASSETS_PNG_OPT_OK) status = reader_end(&reader);
    int warned = reader.warnings;
    memcpy(result->message, reader.message, sizeof(result->message));
    reader_close(&reader);
    if (status == ASSETS_PNG_OPT_OK && warned) {
        strcpy(result->message, "libpng warned while reading it (a damaged chunk): left as it is");
        status = ASSETS_PNG_OPT_UNSUPPORTED;
    }
    if (status != ASSETS_PNG_OPT_OK) {
        free(pixels); free(a); free(reordered);
        return status;
    }
    analyse(pixels, width, height, a);

    /* A colour profile is grey or colour: the colour model stays as it is when there is one. */
    int has_icc = find_kept(&scan, "iCCP") != NULL;
    int original_gray = !(reader.color_type & PNG_COLOR_MASK_COLOR);
    int gray_allowed = a->gray && (!has_icc || original_gray);
    int colour_allowed = !has_icc || !original_gray;

    candidate candidates[2];
    int candidate_count = 0;
    analysis *tables[2] = {a, a};
    if (!a->needs16 && a->colours <= 256 && colour_allowed) {
        build_palette_candidate(a, &candidates[candidate_count], reordered);
        tables[candidate_count] = reordered;
        candidate_count++;
    }
    {
        candidate *c = &candidates[candidate_count];
        memset(c, 0, sizeof(*c));
        int depth = a->needs16 ? 16 : 8;
        if (gray_allowed || !colour_allowed) {
            if (a->opaque) {
                c->color_type = 0;
                c->bit_depth = a->needs16 ? 16 : a->gray_depth;
            } else if (a->key_ok) {
                c->color_type = 0;
                c->use_key = 1;
                c->bit_depth = a->needs16 ? 16 : a->gray_depth;
            } else {
                c->color_type = 4;
                c->bit_depth = depth;
            }
        } else {
            c->bit_depth = depth;
            if (a->opaque) c->color_type = 2;
            else if (a->key_ok) { c->color_type = 2; c->use_key = 1; }
            else c->color_type = 6;
        }
        tables[candidate_count] = a;
        candidate_count++;
    }

    size_t max_row = 0;
    for (int i = 0; i < candidate_count; i++) {
        candidate_sizes(&candidates[i], width);
        if (candidates[i].row_bytes > max_row) max_row = candidates[i].row_bytes;
    }
    size_t filtered_size = (max_row + 1) * height;
    uint8_t *packed = (uint8_t *)malloc(max_row * height);
    uint8_t *filtered = (uint8_t *)malloc(filtered_size);
    uint8_t *rows = (uint8_t *)malloc((max_row + 1) * 5);
    /* Per candidate, each heuristic's filter for each row (choose_filters); then the rows of types tried
       for the candidate at hand, so a repeat is skipped; then one for the finals' fixed filters. */
    uint8_t *choices = (uint8_t *)malloc((size_t)height * (heuristic_count * 2 + 8 + 1));
    uint8_t *tried = choices ? choices + (size_t)height * heuristic_count * 2 : NULL;
    uint8_t *fixed = choices ? tried + (size_t)height * 8 : NULL;
    /* Trials at a fast level choose the filters; the final level is libdeflate's level 12 up to 1 MiB of
       filtered image data and 11 above (oxipng's default level's final level). Measured on real catalogs
       (BENCHMARKS.md, #27): level 12 over 11 gains about 5 KB a CPU second at every image size; up to
       1 MiB it brings the savings to oxipng's, and level 11 on everything saves a third of the time of
       level 12 on everything for half a percentage point of the savings. */
    int trial_level = effort >= 2 ? 5 : 3;
    int final_level = effort >= 2 ? 12 : effort >= 1 ? (filtered_size <= ((size_t)1 << 20) ? 12 : 11) : 9;
    struct libdeflate_compressor *fast = libdeflate_alloc_compressor(trial_level);
    struct libdeflate_compressor *strong = libdeflate_alloc_compressor(final_level);
    size_t bound = fast && strong ? libdeflate_zlib_compress_bound(strong, filtered_size) : 0;
    uint8_t *compressed = bound ? (uint8_t *)malloc(bound) : NULL;
    if (!packed || !filtered || !rows || !choices || !fast || !strong || !compressed) {
        free(pixels); free(a); free(reordered); free(packed); free(filtered); free(rows); free(choices); free(compressed);
        if (fast) libdeflate_free_compressor(fast);
        if (strong) libdeflate_free_compressor(strong);
        return ASSETS_PNG_OPT_OUT_OF_MEMORY;
    }

    /* Trials at a fast level; the best is compressed again at the strong level. */
    trial best[2];
    int best_count = 0;
    /* The best trial of each candidate: a palette and a direct colour type can trade places between the
       fast level and the strong one (a 1024-pixel icon of 256 colours: grey+alpha smaller at level 3, the
       palette 15 % smaller at level 12), so a close runner-up of the other colour type is tried again. */
    trial per_candidate[2];
    int per_set[2] = {0, 0};
    for (int i = 0; i < candidate_count; i++) {
        candidate *c = &candidates[i];
        uint8_t *chosen_types = choices + (size_t)height * heuristic_count * i;
        for (uint32_t y = 0; y < height; y++) pack_row(c, tables[i], pixels + (size_t)y * stride, width, packed + (size_t)y * c->row_bytes);
        int low_bits = c->color_type == 3 || c->bit_depth < 8;
        /* Strategies in the order tried; one that gives every row the same filter as an earlier one is
           skipped. Default effort: None, the entropy and bigrams heuristics, Sub, Up (oxipng's default
           level evaluates None, Sub, Entropy and Bigrams; minsum seldom won here and cost a sixth of the
           trials); below 8 bits a pixel None, minsum and entropy, as the delta filters rarely pay there.
           Effort 2: every strategy; effort 0: None and minsum. */
        static const int every[] = {0, strategy_minsum, strategy_entropy, strategy_bigrams, 1, 2, 4, 3};
        static const int some[] = {0, strategy_entropy, strategy_bigrams, 1, 2};
        static const int some_low[] = {0, strategy_minsum, strategy_entropy};
        static const int few[] = {0, strategy_minsum};
        const int *list = effort >= 2 ? every : effort >= 1 ? (low_bits ? some_low : some) : few;
        int strategies = effort >= 2 ? 8 : effort >= 1 ? (low_bits ? 3 : 5) : 2;
        choose_filters(packed, c->row_bytes, height, c->bpp, rows, chosen_types);
        int tried_count = 0;
        for (int s = 0; s < strategies; s++) {
            uint8_t *types = tried + (size_t)height * tried_count;
            if (list[s] < 5) memset(types, list[s], height);
            else memcpy(types, chosen_types + (size_t)height * (list[s] - strategy_minsum), height);
            int repeat = 0;
            for (int k = 0; k < tried_count && !repeat; k++) repeat = memcmp(tried + (size_t)height * k, types, height) == 0;
            if (repeat) continue;
            tried_count++;
            filter_image(types, packed, c->row_bytes, height, c->bpp, filtered);
            int size = compress_size(fast, filtered, (c->row_bytes + 1) * height, compressed, bound);
            if (size < 0) continue;
            /* The chunks a candidate adds beside its image data count too: a palette of 92 colours costs
               about 400 bytes of PLTE and tRNS, more than grey+alpha's image data saves on a small icon. */
            size += candidate_overhead(c);
            trial t = {*c, i, list[s], (size_t)size};
            if (!per_set[i] || t.size < per_candidate[i].size) {
                per_candidate[i] = t;
                per_set[i] = 1;
            }
            /* keep the two smallest */
            if (best_count < 2) {
                best[best_count++] = t;
            } else if (t.size < best[1].size) {
                best[1] = t;
            }
            if (best_count == 2 && best[1].size < best[0].size) {
                trial swap = best[0]; best[0] = best[1]; best[1] = swap;
            }
        }
    }
    uint8_t *idat = NULL;
    size_t idat_size = 0;
    candidate chosen;
    memset(&chosen, 0, sizeof(chosen));
    int finals = effort >= 2 ? best_count : (best_count ? 1 : 0);
    if (effort >= 1 && best_count && candidate_count == 2 && per_set[0] && per_set[1]) {
        /* The other colour type's best, when within 25 % of the winner at the fast level. */
        const trial *other = per_candidate[0].c.color_type == best[0].c.color_type ? &per_candidate[1] : &per_candidate[0];
        int listed = 0;
        for (int i = 0; i < finals; i++)
            if (best[i].c.color_type == other->c.color_type) listed = 1;
        if (!listed && other->size * 4 <= best[0].size * 5) {
            if (finals < 2) finals++;
            best[finals - 1] = *other;
        }
    }
    for (int i = 0; i < finals; i++) {
        candidate *c = &best[i].c;
        analysis *table = c->color_type == 3 ? reordered : a;
        for (uint32_t y = 0; y < height; y++) pack_row(c, table, pixels + (size_t)y * stride, width, packed + (size_t)y * c->row_bytes);
        const uint8_t *types = fixed;
        if (best[i].strategy < 5) memset(fixed, best[i].strategy, height);
        else types = choices + (size_t)height * (heuristic_count * best[i].index + best[i].strategy - strategy_minsum);
        filter_image(types, packed, c->row_bytes, height, c->bpp, filtered);
        int size = compress_size(strong, filtered, (c->row_bytes + 1) * height, compressed, bound);
        if (size < 0) continue;
        if (!idat || (size_t)size + (size_t)candidate_overhead(c) < idat_size + (size_t)candidate_overhead(&chosen)) {
            uint8_t *copy = (uint8_t *)realloc(idat, (size_t)size);
            if (!copy) continue;
            idat = copy;
            memcpy(idat, compressed, (size_t)size);
            idat_size = (size_t)size;
            chosen = *c;
        }
    }
    free(pixels); free(packed); free(filtered); free(rows); free(choices); free(compressed);
    libdeflate_free_compressor(fast);
    libdeflate_free_compressor(strong);
    if (!idat) {
        free(a); free(reordered);
        return ASSETS_PNG_OPT_OUT_OF_MEMORY;
    }

    growing out = {0};
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a};
    append(&out, signature, 8);
    uint8_t ihdr[13];
    ihdr[0] = (uint8_t)(width >> 24); ihdr[1] = (uint8_t)(width >> 16); ihdr[2] = (uint8_t)(width >> 8); ihdr[3] = (uint8_t)width;
    ihdr[4] = (uint8_t)(height >> 24); ihdr[5] = (uint8_t)(height >> 16); ihdr[6] = (uint8_t)(height >> 8); ihdr[7] = (uint8_t)height;
    ihdr[8] = (uint8_t)chosen.bit_depth;
    ihdr[9] = (uint8_t)chosen.color_type;
    ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
    append_chunk(&out, "IHDR", ihdr, 13);
    for (int i = 0; i < scan.kept_count; i++)
        if (memcmp(scan.kept[i].type, "eXIf", 4) != 0)
            append_chunk(&out, (const char *)scan.kept[i].type, scan.kept[i].data, scan.kept[i].length);
    if (chosen.color_type == 3) {
        uint8_t plte[768], trns[256];
        for (int i = 0; i < chosen.palette_count; i++) {
            plte[i * 3] = (uint8_t)(chosen.palette[i] >> 24);
            plte[i * 3 + 1] = (uint8_t)(chosen.palette[i] >> 16);
            plte[i * 3 + 2] = (uint8_t)(chosen.palette[i] >> 8);
            trns[i] = (uint8_t)chosen.palette[i];
        }
        append_chunk(&out, "PLTE", plte, (uint32_t)chosen.palette_count * 3);
        if (chosen.trns_count) append_chunk(&out, "tRNS", trns, (uint32_t)chosen.trns_count);
    } else if (chosen.use_key) {
        uint8_t trns[6];
        int n = chosen.color_type == 0 ? 1 : 3;
        for (int i = 0; i < n; i++) {
            uint16_t value = a->key[i];
            if (chosen.bit_depth == 8) value >>= 8;
            else if (chosen.bit_depth < 8) value = (uint16_t)((value >> 8) / (255 / ((1u << chosen.bit_depth) - 1)));
            trns[i * 2] = (uint8_t)(value >> 8);
            trns[i * 2 + 1] = (uint8_t)value;
        }
        append_chunk(&out, "tRNS", trns, (uint32_t)n * 2);
    }
    const chunk_ref *exif = find_kept(&scan, "eXIf");
    if (exif) append_chunk(&out, "eXIf", exif->data, exif->length);
    for (size_t at = 0; at < idat_size; at += (size_t)1 << 30) {
        size_t n = idat_size - at < ((size_t)1 << 30) ? idat_size - at : ((size_t)1 << 30);
        append_chunk(&out, "IDAT", idat + at, (uint32_t)n);
    }
    append_chunk(&out, "IEND", NULL, 0);
    free(idat);
    free(a); free(reordered);
    if (out.failed) {
        free(out.bytes);
        return ASSETS_PNG_OPT_OUT_OF_MEMORY;
    }
    result->bytes = out.bytes;
    result->count = out.count;
    result->out_bit_depth = chosen.bit_depth;
    result->out_color_type = chosen.color_type;
    return ASSETS_PNG_OPT_OK;
}

void assets_png_opt_free(assets_png_opt_result *result) {
    if (!result) return;
    free(result->bytes);
    result->bytes = NULL;
    result->count = 0;
}

/* ---- proof and canonical reading -------------------------------------------------------------------- */

int assets_png_same_image(const uint8_t *a, size_t a_count, const uint8_t *b, size_t b_count, uint64_t max_pixels) {
    chunk_scan sa, sb;
    scan_chunks(a, a_count, &sa);
    scan_chunks(b, b_count, &sb);
    if (!same_kept(&sa, &sb)) return 0;
    canonical_reader ra, rb;
    assets_png_opt_status status = reader_open(&ra, a, a_count, max_pixels);
    if (status != ASSETS_PNG_OPT_OK) return -(int)status;
    status = reader_open(&rb, b, b_count, max_pixels);
    if (status != ASSETS_PNG_OPT_OK) {
        reader_close(&ra);
        return -(int)status;
    }
    int same = ra.width == rb.width && ra.height == rb.height;
    size_t stride = (size_t)ra.width * 8;
    int whole = ra.interlaced || rb.interlaced;
    size_t rows = whole ? ra.height : 1;
    uint8_t *x = same ? (uint8_t *)malloc(stride * rows) : NULL;
    uint8_t *y = same ? (uint8_t *)malloc(stride * rows) : NULL;
    if (same && (!x || !y)) status = ASSETS_PNG_OPT_OUT_OF_MEMORY;
    if (same && status == ASSETS_PNG_OPT_OK) {
        if (whole) {
            status = reader_image(&ra, x);
            if (status == ASSETS_PNG_OPT_OK) status = reader_image(&rb, y);
            if (status == ASSETS_PNG_OPT_OK) same = memcmp(x, y, stride * rows) == 0;
        } else {
            for (uint32_t row = 0; row < ra.height && same && status == ASSETS_PNG_OPT_OK; row++) {
                status = reader_row(&ra, x);
                if (status == ASSETS_PNG_OPT_OK) status = reader_row(&rb, y);
                if (status == ASSETS_PNG_OPT_OK) same = memcmp(x, y, stride) == 0;
            }
        }
        if (same && status == ASSETS_PNG_OPT_OK) status = reader_end(&rb);
        if (rb.warnings) same = 0;
    }
    free(x);
    free(y);
    reader_close(&ra);
    reader_close(&rb);
    if (status != ASSETS_PNG_OPT_OK) return -(int)status;
    return same;
}

assets_png_opt_status assets_png_canonical(const uint8_t *data, size_t count, uint64_t max_pixels,
                                           assets_png_sink sink, void *context) {
    chunk_scan scan;
    scan_chunks(data, count, &scan);
    canonical_reader reader;
    assets_png_opt_status status = reader_open(&reader, data, count, max_pixels);
    if (status != ASSETS_PNG_OPT_OK) return status;
    for (int i = 0; i < kept_type_count; i++) {
        const chunk_ref *ref = find_kept(&scan, kept_types[i]);
        if (!ref) continue;
        uint8_t head[8];
        memcpy(head, ref->type, 4);
        head[4] = (uint8_t)(ref->length >> 24); head[5] = (uint8_t)(ref->length >> 16);
        head[6] = (uint8_t)(ref->length >> 8); head[7] = (uint8_t)ref->length;
        sink(context, head, 8);
        sink(context, ref->data, ref->length);
    }
    uint8_t size[8] = {(uint8_t)(reader.width >> 24), (uint8_t)(reader.width >> 16), (uint8_t)(reader.width >> 8),
                       (uint8_t)reader.width, (uint8_t)(reader.height >> 24), (uint8_t)(reader.height >> 16),
                       (uint8_t)(reader.height >> 8), (uint8_t)reader.height};
    sink(context, size, 8);
    size_t stride = (size_t)reader.width * 8;
    size_t rows = reader.interlaced ? reader.height : 1;
    uint8_t *buffer = (uint8_t *)malloc((stride * rows) ? stride * rows : 1);
    if (!buffer) {
        reader_close(&reader);
        return ASSETS_PNG_OPT_OUT_OF_MEMORY;
    }
    if (reader.interlaced) {
        status = reader_image(&reader, buffer);
        if (status == ASSETS_PNG_OPT_OK)
            for (uint32_t y = 0; y < reader.height; y++) sink(context, buffer + (size_t)y * stride, stride);
    } else {
        for (uint32_t y = 0; y < reader.height && status == ASSETS_PNG_OPT_OK; y++) {
            status = reader_row(&reader, buffer);
            if (status == ASSETS_PNG_OPT_OK) sink(context, buffer, stride);
        }
    }
    free(buffer);
    reader_close(&reader);
    return status;
}
