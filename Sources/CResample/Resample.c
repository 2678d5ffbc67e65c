// SPDX-License-Identifier: GPL-3.0-or-later
#include "CResample.h"

#include <stdlib.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// Where an output row or column samples the source: the two neighbours and the second's
// weight out of 256.
typedef struct {
    int first, second;
    uint16_t weight;
} sample;

static sample sample_at(int index, int target_count, int source_count) {
    int64_t position = ((int64_t)(2 * index + 1) * source_count << 16) / (2 * (int64_t)target_count) - 32768;
    if (position < 0) position = 0;
    sample s = {(int)(position >> 16), 0, (uint16_t)((position >> 8) & 255)};
    if (s.first >= source_count - 1) {
        s.first = source_count - 1;
        s.weight = 0;
    }
    s.second = s.weight ? s.first + 1 : s.first;
    return s;
}

// One source row cut to the target's columns, kept as 16-bit channels: the rows of the
// target between two source rows share it (a reduction to 0.96 uses each source row twice).
static void across(const uint8_t *row, const sample *columns, int count, uint16_t *out) {
    int x = 0;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128(), half = _mm_set1_epi16(128), whole = _mm_set1_epi16(256);
    const uint32_t *pixels = (const uint32_t *)row;
    for (; x + 2 <= count; x += 2) {
        const sample a = columns[x], b = columns[x + 1];
        __m128i first = _mm_unpacklo_epi8(_mm_unpacklo_epi32(_mm_cvtsi32_si128((int)pixels[a.first]),
                                                             _mm_cvtsi32_si128((int)pixels[b.first])), zero);
        __m128i second = _mm_unpacklo_epi8(_mm_unpacklo_epi32(_mm_cvtsi32_si128((int)pixels[a.second]),
                                                              _mm_cvtsi32_si128((int)pixels[b.second])), zero);
        __m128i to_second = _mm_set_epi16((short)b.weight, (short)b.weight, (short)b.weight, (short)b.weight,
                                          (short)a.weight, (short)a.weight, (short)a.weight, (short)a.weight);
        __m128i to_first = _mm_sub_epi16(whole, to_second);
        // At most 255 × 256 per lane: unsigned 16 bits hold it.
        __m128i mixed = _mm_add_epi16(_mm_add_epi16(_mm_mullo_epi16(first, to_first), _mm_mullo_epi16(second, to_second)), half);
        _mm_storeu_si128((__m128i *)(out + 4 * x), _mm_srli_epi16(mixed, 8));
    }
#endif
    for (; x < count; x++) {
        const sample a = columns[x];
        for (int c = 0; c < 4; c++) {
            unsigned first = row[4 * a.first + c], second = row[4 * a.second + c];
            out[4 * x + c] = (uint16_t)((first * (256u - a.weight) + second * a.weight + 128) >> 8);
        }
    }
}

// Two cut rows mixed into a target row.
static void down(const uint16_t *upper, const uint16_t *lower, unsigned weight, int count, uint8_t *out) {
    int x = 0;
#if defined(__SSE2__)
    const __m128i half = _mm_set1_epi16(128), to_lower = _mm_set1_epi16((short)weight),
                  to_upper = _mm_set1_epi16((short)(256 - weight));
    for (; x + 4 <= count; x += 4) {
        __m128i mixed[2];
        for (int i = 0; i < 2; i++) {
            __m128i a = _mm_loadu_si128((const __m128i *)(upper + 4 * x + 8 * i));
            __m128i b = _mm_loadu_si128((const __m128i *)(lower + 4 * x + 8 * i));
            mixed[i] = _mm_srli_epi16(_mm_add_epi16(_mm_add_epi16(_mm_mullo_epi16(a, to_upper), _mm_mullo_epi16(b, to_lower)), half), 8);
        }
        _mm_storeu_si128((__m128i *)(out + 4 * x), _mm_packus_epi16(mixed[0], mixed[1]));
    }
#endif
    for (int i = 4 * x; i < 4 * count; i++) out[i] = (uint8_t)((upper[i] * (256u - weight) + lower[i] * weight + 128) >> 8);
}

int flick_resample_bilinear(const uint8_t *source, int width, int height, size_t source_stride,
                            uint8_t *target, int target_width, int target_height) {
    if (width <= 0 || height <= 0 || target_width <= 0 || target_height <= 0) return -1;
    sample *columns = malloc(sizeof(sample) * (size_t)target_width);
    uint16_t *cut[2] = {malloc(8 * (size_t)target_width), malloc(8 * (size_t)target_width)};
    if (!columns || !cut[0] || !cut[1]) {
        free(columns), free(cut[0]), free(cut[1]);
        return -1;
    }
    for (int x = 0; x < target_width; x++) columns[x] = sample_at(x, target_width, width);
    // Which source row each cut row holds: rows go down, so the lower becomes the next upper.
    int held[2] = {-1, -1};
    for (int y = 0; y < target_height; y++) {
        const sample row = sample_at(y, target_height, height);
        if (held[0] != row.first) {
            if (held[1] == row.first) {
                uint16_t *kept = cut[0];
                cut[0] = cut[1], cut[1] = kept;
                held[0] = held[1], held[1] = -1;
            } else {
                across(source + (size_t)row.first * source_stride, columns, target_width, cut[0]);
                held[0] = row.first;
            }
        }
        if (row.second != row.first && held[1] != row.second) {
            across(source + (size_t)row.second * source_stride, columns, target_width, cut[1]);
            held[1] = row.second;
        }
        down(cut[0], row.second == row.first ? cut[0] : cut[1], row.weight, target_width, target + (size_t)y * target_width * 4);
    }
    free(columns), free(cut[0]), free(cut[1]);
    return 0;
}
