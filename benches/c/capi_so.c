/* The hot C ABI calls as a game makes them: a C program linked to the shared library
 * (libmjkit.so, through the PLT, the library's thread-local storage in the dynamic model), for
 * scripts/callgrind-capi.sh --shared. One pass of one mode over N hands and exit:
 *   capi_so MODE N [FORMS]   MODE: none, none13, shanten, is_win, waits
 * The hands are those of benches/capi.rs (splitmix64 from 0xCAB10000 + the hand size, a partial
 * Fisher-Yates over a 136-tile wall): 14 tiles, 13 for waits and none13. Under callgrind,
 * instructions per call = (Ir(MODE) - Ir(none)) / N, against none13 for waits (the same hands
 * drawn, so only the call differs). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mjkit.h"

static uint64_t rng_state;

static uint64_t next_u64(void) {
    rng_state += UINT64_C(0x9e3779b97f4a7c15);
    uint64_t z = rng_state;
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* `size` tiles of a shuffled wall as 34 counts, as benches/capi.rs draws them. */
static void wall_hand(uint8_t counts[MJ_TILE_KINDS], int size) {
    uint8_t wall[136];
    for (int i = 0; i < 136; i++) wall[i] = (uint8_t)(i / 4);
    memset(counts, 0, MJ_TILE_KINDS);
    for (int i = 0; i < size; i++) {
        int j = i + (int)(next_u64() % (uint64_t)(136 - i));
        uint8_t t = wall[i];
        wall[i] = wall[j];
        wall[j] = t;
        counts[wall[i]]++;
    }
}

/* One pass; the loop is the same in every mode, `none` reads a count instead of calling. */
static int64_t pass(const char *mode, const uint8_t *hands, size_t n, uint32_t forms) {
    int64_t acc = 0;
    int which = strcmp(mode, "none") == 0 || strcmp(mode, "none13") == 0 ? 0
                : strcmp(mode, "shanten") == 0 ? 1
                : strcmp(mode, "is_win") == 0  ? 2
                : strcmp(mode, "waits") == 0   ? 3
                                               : -1;
    if (which < 0) {
        fprintf(stderr, "capi_so: unknown mode %s\n", mode);
        exit(2);
    }
    for (size_t k = 0; k < n; k++) {
        const uint8_t *c = hands + k * MJ_TILE_KINDS;
        MjStatus s = MJ_STATUS_OK;
        switch (which) {
        case 0:
            acc += c[0];
            break;
        case 1: {
            int32_t out = 0;
            s = mj_shanten(c, forms, &out);
            acc += out;
            break;
        }
        case 2: {
            uint8_t out = 0;
            s = mj_is_win(c, forms, &out);
            acc += out;
            break;
        }
        default: {
            uint64_t out = 0;
            s = mj_waits(c, forms, &out);
            acc += (int64_t)out;
            break;
        }
        }
        if (s != MJ_STATUS_OK) {
            fprintf(stderr, "capi_so: %s: %s\n", mode, mj_status_str(s));
            exit(1);
        }
    }
    return acc;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: capi_so MODE N [FORMS]\n");
        return 2;
    }
    const char *mode = argv[1];
    size_t n = (size_t)strtoull(argv[2], NULL, 10);
    uint32_t forms = argc > 3 ? (uint32_t)strtoul(argv[3], NULL, 10) : MJ_FORMS_RIICHI;
    int size = strcmp(mode, "waits") == 0 || strcmp(mode, "none13") == 0 ? 13 : 14;
    uint8_t *hands = malloc(n * MJ_TILE_KINDS + 1);
    if (!hands) return 1;
    rng_state = UINT64_C(0xCAB10000) + (uint64_t)size;
    for (size_t k = 0; k < n; k++) wall_hand(hands + k * MJ_TILE_KINDS, size);
    if (mj_init() != MJ_STATUS_OK) return 1;
    printf("%s: %zu hands of %d tiles, checksum %lld\n", mode, n, size, (long long)pass(mode, hands, n, forms));
    free(hands);
    return 0;
}
