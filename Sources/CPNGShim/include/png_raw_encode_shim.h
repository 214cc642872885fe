#ifndef ASSETS_PNG_RAW_ENCODE_SHIM_H
#define ASSETS_PNG_RAW_ENCODE_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include "png_encode_shim.h"

/// Everything a PNG may store, for fixtures: any colour type and bit depth, interlacing, palette, tRNS, text.
typedef struct {
    int bit_depth;          // 1, 2, 4, 8 or 16 as the colour type allows
    int color_type;         // 0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA
    int interlace;          // 0 none, 1 Adam7
    const uint8_t *palette; // RGB triples, palette_count of them (colour type 3)
    int palette_count;
    const uint8_t *trns_alpha; // palette alphas (colour type 3)
    int trns_alpha_count;
    int has_trns_color;        // colour types 0 and 2: the transparent sample value(s)
    uint16_t trns_gray;
    uint16_t trns_red, trns_green, trns_blue;
    const char *comment;       // optional tEXt "Comment"
} assets_png_raw_settings;

/// Encodes rows already packed as PNG stores them (big-endian 16-bit samples, MSB-first sub-byte pixels).
assets_png_encode_status assets_png_encode_raw(const uint8_t *rows, size_t stride, uint32_t width, uint32_t height,
                                               const assets_png_raw_settings *settings,
                                               assets_png_encode_output *output);

#endif
