/*
 * mjdemo: analyses mahjong hands through the mjkit C ABI.
 *
 *   mjdemo [HAND ...]      e.g. mjdemo 1112345678999m 123m456p789s11z
 *
 * Without arguments it analyses a built-in sample set. For each hand it prints the win check
 * (3n+2 tiles) or the waits (3n+1 tiles). It then exercises every error path of the API once and
 * checks that outputs are left untouched; the exit status is nonzero if anything is off.
 */
#include <stdio.h>
#include <string.h>

#include "mjkit.h"

static int failures = 0;

static void expect(const char *what, MjStatus got, MjStatus want) {
    if (got != want) {
        printf("  FAIL %-44s got %d (%s), want %d\n", what, (int)got, mj_status_str(got), (int)want);
        failures++;
    } else {
        printf("  ok   %-44s -> %2d %s\n", what, (int)got, mj_status_str(got));
    }
}

static unsigned tile_total(const uint8_t counts[MJ_TILE_KINDS]) {
    unsigned n = 0;
    for (int k = 0; k < MJ_TILE_KINDS; k++) n += counts[k];
    return n;
}

/* Writes the kinds of a 64-bit mask as notation, one tile per kind. */
static void mask_to_text(uint64_t mask, char *buf, size_t len) {
    uint8_t counts[MJ_TILE_KINDS] = {0};
    size_t out_len = 0;
    for (int k = 0; k < MJ_TILE_KINDS; k++) counts[k] = (uint8_t)((mask >> k) & 1u);
    if (mj_format(counts, buf, len, &out_len) != MJ_STATUS_OK) snprintf(buf, len, "?");
    if (out_len == 0) snprintf(buf, len, "-");
}

static void analyse(const char *text) {
    uint8_t counts[MJ_TILE_KINDS];
    uint8_t red[3];
    char canon[MJ_FORMAT_BUF_LEN];
    size_t canon_len = 0;
    MjStatus st = mj_parse(text, counts, red);
    if (st != MJ_STATUS_OK) {
        printf("%-22s error: %s\n", text, mj_status_str(st));
        return;
    }
    mj_format(counts, canon, sizeof canon, &canon_len);
    unsigned n = tile_total(counts);
    if (n % 3 == 2) {
        uint8_t regular = 0, any = 0;
        st = mj_is_win(counts, MJ_FORM_REGULAR, &regular);
        if (st == MJ_STATUS_OK) st = mj_is_win(counts, MJ_FORMS_RIICHI, &any);
        if (st != MJ_STATUS_OK) {
            printf("%-22s %2u tiles  error: %s\n", canon, n, mj_status_str(st));
            return;
        }
        printf("%-22s %2u tiles  %s%s\n", canon, n, any ? "WIN" : "no win",
               any && !regular ? " (seven pairs or thirteen orphans)" : "");
    } else if (n % 3 == 1) {
        uint64_t waits = 0;
        char wait_text[MJ_FORMAT_BUF_LEN];
        st = mj_waits(counts, MJ_FORMS_RIICHI, &waits);
        if (st != MJ_STATUS_OK) {
            printf("%-22s %2u tiles  error: %s\n", canon, n, mj_status_str(st));
            return;
        }
        mask_to_text(waits, wait_text, sizeof wait_text);
        int kinds = 0;
        for (int k = 0; k < MJ_TILE_KINDS; k++) kinds += (int)((waits >> k) & 1u);
        printf("%-22s %2u tiles  waits %d kind%s: %s", canon, n, kinds, kinds == 1 ? "" : "s", wait_text);
        if (red[0] + red[1] + red[2] > 0) printf("  (red fives: %um %up %us)", red[0], red[1], red[2]);
        printf("\n");
    } else {
        printf("%-22s %2u tiles  (a multiple of 3: neither complete nor waiting)\n", canon, n);
    }
}

/* Every failure class once, through the public API; outputs must stay untouched. */
static void error_paths(void) {
    uint8_t counts[MJ_TILE_KINDS];
    uint8_t win = 0xAA;
    uint64_t waits = 0xDEADBEEFu;
    char buf[8];
    size_t len = 777;

    printf("\nerror paths:\n");
    expect("mj_is_win(NULL, ...)", mj_is_win(NULL, MJ_FORM_REGULAR, &win), MJ_STATUS_NULL_POINTER);
    expect("mj_parse(\"1m\", NULL, NULL)", mj_parse("1m", NULL, NULL), MJ_STATUS_NULL_POINTER);

    memset(counts, 0, sizeof counts);
    counts[0] = 5; counts[1] = 2; counts[2] = 2; counts[3] = 5;
    expect("mj_is_win with five 1m", mj_is_win(counts, MJ_FORM_REGULAR, &win), MJ_STATUS_TOO_MANY_COPIES);

    expect("mj_parse(\"123m456p789s1z\")", mj_parse("123m456p789s1z", counts, NULL), MJ_STATUS_OK);
    expect("mj_is_win with 10 tiles", mj_is_win(counts, MJ_FORM_REGULAR, &win), MJ_STATUS_BAD_TILE_TOTAL);
    expect("mj_waits seven pairs with 10 tiles", mj_waits(counts, MJ_FORM_SEVEN_PAIRS, &waits),
           MJ_STATUS_BAD_TILE_TOTAL);
    expect("mj_parse(\"12x\")", mj_parse("12x", counts, NULL), MJ_STATUS_BAD_NOTATION);
    expect("mj_parse(\"11111m\")", mj_parse("11111m", counts, NULL), MJ_STATUS_TOO_MANY_COPIES);
    expect("mj_format into 8 bytes", mj_format(counts, buf, sizeof buf, &len), MJ_STATUS_BUFFER_TOO_SMALL);
    expect("mj_waits with form bit 1<<20", mj_waits(counts, 1u << 20, &waits), MJ_STATUS_INVALID_ARGUMENT);

    if (win != 0xAA || waits != 0xDEADBEEFu || len != 777) {
        printf("  FAIL an output was written on error\n");
        failures++;
    } else {
        printf("  ok   outputs untouched on every error\n");
    }
    printf("  status %d: %s\n", 12345, mj_status_str(12345));
}

int main(int argc, char **argv) {
    static const char *const samples[] = {
        "1112345678999m",     /* nine gates: waits on all nine */
        "2345678m",           /* 7 tiles: waits 2-5-8 */
        "1122m3344p5566s7z",  /* seven pairs, waiting on 7z */
        "19m19p19s1234567z",  /* thirteen orphans, 13-sided */
        "123m456p789s11122z", /* complete */
        "1122m3344p5566s77z", /* complete as seven pairs only */
        "1111m234p",          /* four 1m: a 1m draw is impossible */
        "11122233344455566m", /* 17 tiles (Taiwanese) complete */
        "1112345566778999m",  /* 16 tiles, 9 waits */
        "0m123p456s",         /* red five */
        "12x",                /* bad notation */
    };
    MjStatus st = mj_init();
    if (st != MJ_STATUS_OK) {
        printf("mj_init failed: %s\n", mj_status_str(st));
        return 1;
    }
    printf("mjkit %s\n\n", mj_version());
    if (argc > 1) {
        for (int i = 1; i < argc; i++) analyse(argv[i]);
    } else {
        for (size_t i = 0; i < sizeof samples / sizeof samples[0]; i++) analyse(samples[i]);
    }
    error_paths();
    if (failures) {
        printf("\n%d check(s) failed\n", failures);
        return 1;
    }
    printf("\nall checks passed\n");
    return 0;
}
