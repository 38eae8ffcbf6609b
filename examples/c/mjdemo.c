/*
 * mjdemo: analyses mahjong hands through the mjkit C ABI.
 *
 *   mjdemo [HAND ...]      e.g. mjdemo 1112345678999m 123m456p789s11z
 *
 * Without arguments it analyses a built-in sample set. For each hand it prints the shanten number
 * and either the win check and the best discards (3n+2 tiles) or the waits and the tile
 * acceptance (3n+1 tiles). It scores two Chinese Official (MCR) hands, then exercises every error
 * path of the API once and checks that outputs are left untouched; the exit status is nonzero if
 * anything is off.
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

/* Prints the shanten number of a 3n+2 hand and its three best discards (lowest shanten after
 * the discard, then most unseen tiles that improve it). */
static void best_discards(const uint8_t counts[MJ_TILE_KINDS]) {
    MjDiscard d[MJ_TILE_KINDS];
    uint32_t len = 0;
    int32_t sh = 0;
    if (mj_shanten(counts, MJ_FORMS_RIICHI, &sh) != MJ_STATUS_OK ||
        mj_discards(counts, MJ_FORMS_RIICHI, NULL, d, &len) != MJ_STATUS_OK)
        return;
    /* Selection of the best three by (shanten, -ukeire_count). */
    printf("%-22s           shanten %d; best discards:", "", (int)sh);
    for (int shown = 0; shown < 3 && (uint32_t)shown < len; shown++) {
        uint32_t best = (uint32_t)shown;
        for (uint32_t i = (uint32_t)shown + 1; i < len; i++) {
            if (d[i].shanten < d[best].shanten ||
                (d[i].shanten == d[best].shanten && d[i].ukeire_count > d[best].ukeire_count))
                best = i;
        }
        MjDiscard tmp = d[shown];
        d[shown] = d[best];
        d[best] = tmp;
        char tile[MJ_FORMAT_BUF_LEN];
        mask_to_text((uint64_t)1 << d[shown].tile, tile, sizeof tile);
        printf("  %s (shanten %d, %u tiles)", tile, (int)d[shown].shanten, d[shown].ukeire_count);
    }
    printf("\n");
}

/* Scores one MCR hand and prints its fans. */
static void score_mcr(const char *title, const MjMcrHand *h) {
    MjMcrResult r;
    MjStatus st = mj_mcr_score(h, &r);
    printf("%s\n", title);
    if (st != MJ_STATUS_OK) {
        printf("  error: %s\n", mj_status_str(st));
        failures++;
        return;
    }
    for (uint32_t id = 1; id < MJ_MCR_FAN_SLOTS; id++) {
        if (!r.fans[id]) continue;
        int32_t points = 0;
        const char *zh = NULL, *en = NULL;
        if (mj_mcr_fan_info(id, &points, &zh, &en) != MJ_STATUS_OK) continue;
        printf("  %-8s %-28s %2d x %u\n", zh, en, (int)points, r.fans[id]);
    }
    printf("  total %d fan (%d without flowers), 8-fan minimum %s\n", (int)r.total, (int)r.base,
           r.qualifies ? "reached" : "not reached");
}

static void mcr_examples(void) {
    printf("\nChinese Official (MCR) scoring:\n");
    /* Concealed, self-drawn: 123m 456m 789m 234p 55s, won on 5s, one flower. */
    MjMcrHand h = mj_mcr_hand_default();
    if (mj_parse("123456789m234p55s", h.counts, NULL) != MJ_STATUS_OK) failures++;
    h.win_tile = 22; /* 5s */
    h.flags = MJ_MCR_WIN_SELF_DRAWN;
    h.flowers = 1;
    score_mcr("123456789m234p55s, self-drawn on 5s, 1 flower", &h);

    /* Melded pung of Red (from the player on the right) and a claimed chow; won on a discard. */
    h = mj_mcr_hand_default();
    if (mj_parse("234567s11z", h.counts, NULL) != MJ_STATUS_OK) failures++;
    h.melds[0].kind = MJ_MCR_MELD_PUNG;
    h.melds[0].tile = 33; /* 7z, Red */
    h.melds[0].claimed = 3;
    h.melds[1].kind = MJ_MCR_MELD_CHOW;
    h.melds[1].tile = 24; /* 789s */
    h.melds[1].claimed = 1;
    h.meld_count = 2;
    h.win_tile = 27; /* East, completing the pair */
    h.seat_wind = 0;
    h.prevalent_wind = 0;
    score_mcr("234567s11z + pung 777z + chow 789s, won on a discarded 1z", &h);
}

/* Scores one riichi hand and prints its yaku, fu and payments. */
static void riichi_example(void) {
    printf("\nRiichi scoring:\n");
    /* Riichi, tsumo, pinfu-shaped hand with a red 5p: 234m 678m 345p (red 5) 567s 99p, won on
     * 4m drawn, dealer (East seat), one dora indicator 8s (so 9s is dora: none held) and 1p
     * ura indicator (2p: none), one honba, one riichi stick; Mahjong Soul-style rules. */
    MjRiichiHand h = mj_riichi_hand_default();
    uint8_t red[3];
    if (mj_parse("234678m340p567s99p", h.counts, red) != MJ_STATUS_OK) failures++;
    h.red_fives[0] = red[0];
    h.red_fives[1] = red[1];
    h.red_fives[2] = red[2];
    h.win_tile = 3; /* 4m */
    h.conditions = MJ_RIICHI_TSUMO | MJ_RIICHI_RIICHI;
    h.seat_wind = 0;
    h.round_wind = 0;
    h.dora[0] = 25; /* 8s */
    h.dora_count = 1;
    h.ura[0] = 9; /* 1p */
    h.ura_count = 1;
    h.honba = 1;
    h.riichi_sticks = 1;
    MjRiichiRules rules;
    if (mj_riichi_rules_preset(MJ_RIICHI_PRESET_MAHJONG_SOUL, &rules) != MJ_STATUS_OK) failures++;
    MjRiichiResult r;
    MjStatus st = mj_riichi_score(&h, &rules, &r);
    printf("234678m340p567s99p, dealer riichi tsumo on 4m, 1 honba, 1 stick\n");
    if (st != MJ_STATUS_OK) {
        printf("  error: %s\n", mj_status_str(st));
        failures++;
        return;
    }
    for (uint32_t id = 1; id < MJ_RIICHI_YAKU_SLOTS; id++) {
        if (!r.yaku[id]) continue;
        int32_t closed = 0, open = 0;
        const char *ja = NULL, *en = NULL, *zh = NULL;
        if (mj_riichi_yaku_info(id, &closed, &open, &ja, &en, &zh) != MJ_STATUS_OK) continue;
        printf("  %-14s %-42s %2u han\n", ja, en, (unsigned)r.yaku[id]);
    }
    printf("  %d han %d fu; each player pays %d + %d honba; total %d\n", (int)r.han, (int)r.fu,
           (int)r.additional, (int)r.additional_bonus, (int)r.total);
    /* Riichi 1, tsumo 1, pinfu 1, red five 1 = 4 han 20 fu, dealer: 2,600 all + 100 each
     * honba + 1,000 stick = 9,100. */
    if (r.han != 4 || r.fu != 20 || r.total != 9100) {
        printf("  FAIL unexpected score\n");
        failures++;
    }
    /* An impossible input: ippatsu without riichi, refused with its own status. */
    h.conditions = MJ_RIICHI_TSUMO | MJ_RIICHI_IPPATSU;
    expect("mj_riichi_score, ippatsu without riichi", mj_riichi_score(&h, &rules, &r),
           MJ_STATUS_RIICHI_CONFLICT);
}

static void analyse(const char *text) {
    uint8_t counts[MJ_TILE_KINDS];
    uint8_t red[3];
    char canon[MJ_FORMAT_BUF_LEN];
    size_t canon_len = 0;
    MjStatus st = mj_parse(text, counts, red);
    if (st != MJ_STATUS_OK) {
        size_t pos = 0;
        printf("%-22s error: %s", text, mj_status_str(st));
        if (st == MJ_STATUS_BAD_NOTATION && mj_parse_error_pos(text, &pos) == MJ_STATUS_OK)
            printf(" at byte %zu", pos);
        printf("\n");
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
        if (!any) best_discards(counts);
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
        if (kinds == 0) {
            int32_t sh = 0;
            uint8_t per_kind[MJ_TILE_KINDS];
            uint32_t total = 0;
            uint64_t accept = 0;
            char accept_text[MJ_FORMAT_BUF_LEN];
            if (mj_shanten(counts, MJ_FORMS_RIICHI, &sh) == MJ_STATUS_OK &&
                mj_ukeire(counts, MJ_FORMS_RIICHI, NULL, per_kind, &total) == MJ_STATUS_OK) {
                for (int k = 0; k < MJ_TILE_KINDS; k++) accept |= (uint64_t)(per_kind[k] > 0) << k;
                mask_to_text(accept, accept_text, sizeof accept_text);
                printf("%-22s           shanten %d, %u tiles improve it: %s\n", "", (int)sh, total, accept_text);
            }
        }
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

    {
        int32_t sh = 12345;
        uint8_t per_kind[MJ_TILE_KINDS];
        uint32_t total = 777;
        uint8_t visible[MJ_TILE_KINDS] = {0};
        MjMcrHand h = mj_mcr_hand_default();
        MjMcrResult r;
        r.total = 12345;
        expect("mj_shanten(counts, forms, NULL)", mj_shanten(counts, MJ_FORMS_RIICHI, NULL), MJ_STATUS_NULL_POINTER);
        expect("mj_parse(\"123m456p789s1z\")", mj_parse("123m456p789s1z", counts, NULL), MJ_STATUS_OK);
        visible[0] = 4; /* a fifth 1m between hand and visible */
        expect("mj_ukeire with hand + visible > 4", mj_ukeire(counts, MJ_FORMS_RIICHI, visible, per_kind, &total),
               MJ_STATUS_TOO_MANY_COPIES);
        mj_parse("123456789m2345p5s", h.counts, NULL);
        h.win_tile = 22;
        expect("mj_mcr_score on a non-winning hand", mj_mcr_score(&h, &r), MJ_STATUS_NOT_WINNING);
        mj_parse("123456789m55s", h.counts, NULL);
        h.melds[0].kind = MJ_MCR_MELD_CHOW;
        h.melds[0].tile = 7; /* a chow starting at 8m */
        h.melds[0].claimed = 1;
        h.meld_count = 1;
        expect("mj_mcr_score with a chow from 8m", mj_mcr_score(&h, &r), MJ_STATUS_ILLEGAL_MELD);
        h.meld_count = 0;
        mj_parse("123456789m234p55s", h.counts, NULL);
        h.flags = MJ_MCR_WIN_KONG | MJ_MCR_WIN_SELF_DRAWN; /* kong replacement win without a kong */
        expect("mj_mcr_score, 杠上开花 without a kong", mj_mcr_score(&h, &r), MJ_STATUS_INVALID_FLAGS);
        if (sh != 12345 || total != 777 || r.total != 12345) {
            printf("  FAIL an output was written on error\n");
            failures++;
        }
    }
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
        "13579m2468p1357s",   /* 13 tiles, far from tenpai: shanten and tile acceptance */
        "1234m5678p19s1235z", /* 14 tiles, not complete: best discards */
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
    mcr_examples();
    riichi_example();
    error_paths();
    if (failures) {
        printf("\n%d check(s) failed\n", failures);
        return 1;
    }
    printf("\nall checks passed\n");
    return 0;
}
