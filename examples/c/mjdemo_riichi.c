/* mjdemo's riichi samples: one riichi score (yaku, fu, payments) and one discard analysis
 * (mj_riichi_ev), printed by `mjdemo --samples`. Part of mjdemo (see mjdemo.h). */
#include <stdio.h>
#include <string.h>

#include "mjdemo.h"

/* Scores one riichi hand and prints its yaku, fu and payments. */
void riichi_example(void) {
    printf("\nRiichi scoring: ");
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
    h.seat_wind = MJ_WIND_EAST;
    h.round_wind = MJ_WIND_EAST;
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
        printf("  ");
        print_padded(ja, 14);
        printf(" ");
        print_padded(en, 42);
        printf(" %2u han\n", (unsigned)r.yaku[id]);
    }
    printf("  %d han %d fu; each player pays %d + %d honba; total %d\n", (int)r.han, (int)r.fu,
           (int)r.additional, (int)r.additional_bonus, (int)r.total);
    /* Riichi 1, tsumo 1, pinfu 1, red five 1 = 4 han 20 fu, dealer: 2,600 all + 100 each
     * honba + 1,000 stick = 9,100. */
    if (r.han != 4 || r.fu != 20 || r.total != 9100) {
        printf("  FAIL unexpected score\n");
        failures++;
    }
}

/* Prints a probability as a percentage with one decimal, rounded in integers (so that the C#
 * demo prints the same digits). */
static void print_percent(double p) {
    long tenths = (long)(p * 1000.0 + 0.5);
    printf(" %3ld.%ld%%", tenths / 10, tenths % 10);
}

/* The discard analysis (EV) of one riichi hand: every discard that keeps the best shanten, with
 * and without riichi, its chances to be ready and to win within 12 draws and its expected
 * points (Tenhou-style rules, dealer, dora indicator 1z, 6p and 9s already discarded twice). */
void riichi_ev_example(void) {
    printf("\nRiichi discard analysis (EV):\n");
    MjRiichiEvHand h = mj_riichi_ev_hand_default();
    uint8_t red[3];
    if (mj_parse("222567m345p33667s", h.counts, red) != MJ_STATUS_OK) failures++;
    h.seat_wind = MJ_WIND_EAST;
    h.round_wind = MJ_WIND_EAST;
    h.dora[0] = 27; /* 1z: 2z is dora */
    h.dora_count = 1;
    h.visible[27] = 1; /* the indicator is visible */
    h.visible[14] = 2; /* two 6p discarded */
    h.visible[26] = 2; /* two 9s discarded */
    MjRiichiRules rules;
    if (mj_riichi_rules_preset(MJ_RIICHI_PRESET_TENHOU, &rules) != MJ_STATUS_OK) failures++;
    MjRiichiEvOptions o = mj_riichi_ev_options_default();
    o.draws = 12;
    MjRiichiEvResult r;
    MjStatus st = mj_riichi_ev(&h, &rules, &o, &r);
    printf("222567m345p33667s, dealer, 12 draws left (shanten %d, %u tiles unseen)\n",
           st == MJ_STATUS_OK ? (int)r.shanten : 0, st == MJ_STATUS_OK ? (unsigned)r.wall : 0u);
    if (st != MJ_STATUS_OK) {
        printf("  error: %s\n", mj_status_str(st));
        failures++;
        return;
    }
    printf("  discard  riichi  ukeire   ready    win  expected points\n");
    int best = -1;
    for (uint32_t i = 0; i < r.count; i++) {
        const MjRiichiEvEntry *e = &r.entries[i];
        if (e->shanten != r.shanten) continue;
        char name[MJ_FORMAT_BUF_LEN];
        size_t len = 0;
        uint8_t one[MJ_TILE_KINDS] = {0};
        one[e->tile] = 1;
        if (mj_format(one, name, sizeof name, &len) != MJ_STATUS_OK) failures++;
        printf("  %-7s  %-6s  %6u", name, e->riichi ? "yes" : "no", (unsigned)e->ukeire);
        print_percent(e->tenpai);
        print_percent(e->win);
        printf("  %15ld\n", (long)(e->score + 0.5));
        if (best < 0 || e->score > r.entries[best].score) best = (int)i;
    }
    /* Discarding 6s (keeping 33s 67s and the 2m triplet) is the best here. */
    if (best < 0 || r.entries[best].tile != 23) {
        printf("  FAIL unexpected best discard\n");
        failures++;
    }
}
