/* Part of the ABI fuzz harness, included by tests/fuzz/fuzz.c (one translation unit: the
 * drivers share its static state and helpers): MCR, riichi and tai scoring. */
/* ---- scoring ---- */
/* A winning-shaped hand: four sets and a pair, the first `melds` sets declared (kinds per the
 * scorer), the rest concealed; no kind above 4 in all. */
static void scoring_tiles(uint8_t *counts, uint8_t *kinds, uint8_t *tiles, uint8_t *claimed, int melds, int riichi) {
    for (;;) {
        uint8_t all[MJ_TILE_KINDS] = {0};
        memset(counts, 0, MJ_TILE_KINDS);
        int pair = (int)below(MJ_TILE_KINDS);
        all[pair] += 2;
        counts[pair] += 2;
        for (int i = 0; i < 4; i++) {
            int k = (int)below(MJ_TILE_KINDS);
            int chow = k < 27 && k % 9 <= 6 && one_in(2);
            int size = 3;
            if (i < melds) {
                tiles[i] = (uint8_t)k;
                if (chow) {
                    kinds[i] = riichi ? MJ_RIICHI_MELD_CHI : MJ_MCR_MELD_CHOW;
                    claimed[i] = (uint8_t)(1 + below(3));
                } else {
                    int kind = (int)below(riichi ? 4 : 3);
                    kinds[i] = (uint8_t)(riichi ? MJ_RIICHI_MELD_PON + kind : MJ_MCR_MELD_PUNG + kind);
                    claimed[i] = (uint8_t)(riichi && kinds[i] == MJ_RIICHI_MELD_CLOSED_KAN ? 0 : 1 + below(3));
                    size = kind == 0 ? 3 : 4;
                }
            }
            if (chow) {
                all[k]++, all[k + 1]++, all[k + 2]++;
                if (i >= melds) counts[k]++, counts[k + 1]++, counts[k + 2]++;
            } else {
                all[k] = (uint8_t)(all[k] + size);
                if (i >= melds) counts[k] += 3;
            }
        }
        if (valid_counts(all)) return;
    }
}
/* One concealed tile moved to another kind (the shape is usually no longer winning). */
static void move_tile(uint8_t *c) {
    int from = (int)below(MJ_TILE_KINDS), to = (int)below(MJ_TILE_KINDS);
    if (c[from] > 0 && c[to] < 4) c[from]--, c[to]++;
}
static uint8_t some_tile(const uint8_t *c) {
    int k;
    if (total(c) == 0) return (uint8_t)below(MJ_TILE_KINDS);
    do k = (int)below(MJ_TILE_KINDS); while (!c[k]);
    return (uint8_t)k;
}
static void fuzz_mj_mcr_hand_default(void) {
    MjMcrHand h = mj_mcr_hand_default();
    NOTE(mj_mcr_hand_default);
    REQUIRE(h.meld_count == 0 && total(h.counts) == 0, "mj_mcr_hand_default not empty");
}
static void fuzz_mj_mcr_score(void) {
    MjMcrHand h = mj_mcr_hand_default();
    if (one_in(8)) random_bytes(&h, sizeof h);
    else {
        uint8_t kinds[4], tiles[4], claimed[4];
        h.meld_count = (uint8_t)below(5);
        scoring_tiles(h.counts, kinds, tiles, claimed, h.meld_count, 0);
        for (int m = 0; m < h.meld_count; m++) h.melds[m] = (MjMcrMeld){kinds[m], tiles[m], claimed[m]};
        if (one_in(4)) move_tile(h.counts);
        h.win_tile = some_tile(h.counts);
        h.seat_wind = (uint8_t)below(4);
        h.prevalent_wind = (uint8_t)below(4);
        h.flags = below(16);
        h.flowers = (uint8_t)below(9);
        if (one_in(4)) random_bytes((uint8_t *)&h + below(sizeof h), 1);
    }
    MjMcrResult *r = out_new(sizeof *r);
    const MjMcrHand *hp = MAYBE_NULL(&h, 32);
    MjMcrResult *rp = MAYBE_NULL(r, 32);
    MjStatus s = CALL(mj_mcr_score, hp, rp);
    if (!hp || !rp) REQUIRE(s != MJ_STATUS_OK, "mj_mcr_score NULL: OK");
    if (s == MJ_STATUS_OK) REQUIRE(r->total >= r->base && r->base > 0 && r->qualifies <= 1, "mcr result %d %d", r->total, r->base);
    DONE(r, sizeof *r, rp ? s : MJ_STATUS_NULL_POINTER, "mj_mcr_score out_result");
}
static void fuzz_mj_mcr_fan_info(void) {
    uint32_t id = one_in(4) ? (uint32_t)rnd() : below(90);
    int32_t *pts = out_new(4);
    const char **zh = out_new(sizeof(char *)), **en = out_new(sizeof(char *));
    int32_t *pp = MAYBE_NULL(pts, 16);
    const char **zp = MAYBE_NULL(zh, 16), **ep = MAYBE_NULL(en, 16);
    MjStatus s = CALL(mj_mcr_fan_info, id, pp, zp, ep);
    REQUIRE((s == MJ_STATUS_OK) == (id >= 1 && id <= MJ_MCR_MAX_FAN_ID && pp && zp && ep), "mj_mcr_fan_info(%u): %d", id, s);
    if (s == MJ_STATUS_OK) REQUIRE(*pts > 0 && (*zh)[0] && (*en)[0], "fan %u info", id);
    DONE(pts, 4, s, "mj_mcr_fan_info out_points");
    DONE(zh, sizeof(char *), s, "mj_mcr_fan_info out_name_zh");
    DONE(en, sizeof(char *), s, "mj_mcr_fan_info out_name_en");
}
static void fuzz_mj_riichi_hand_default(void) {
    MjRiichiHand h = mj_riichi_hand_default();
    NOTE(mj_riichi_hand_default);
    REQUIRE(h.meld_count == 0 && total(h.counts) == 0, "mj_riichi_hand_default not empty");
}
static void fuzz_mj_riichi_rules_default(void) {
    MjRiichiRules r = mj_riichi_rules_default(), p;
    NOTE(mj_riichi_rules_default);
    REQUIRE(CALL(mj_riichi_rules_preset, MJ_RIICHI_PRESET_REFERENCE, &p) == MJ_STATUS_OK && memcmp(&r, &p, sizeof r) == 0,
            "default rules are not the reference preset");
}
static void fuzz_mj_riichi_rules_preset(void) {
    uint32_t preset = one_in(4) ? (uint32_t)rnd() : below(8);
    MjRiichiRules *r = out_new(sizeof *r);
    MjRiichiRules *rp = MAYBE_NULL(r, 16);
    MjStatus s = CALL(mj_riichi_rules_preset, preset, rp);
    REQUIRE((s == MJ_STATUS_OK) == (preset <= MJ_RIICHI_PRESET_SANMA && rp != NULL), "preset %u: %d", preset, s);
    DONE(r, sizeof *r, s, "mj_riichi_rules_preset out_rules");
}
static void fuzz_mj_riichi_score(void) {
    MjRiichiHand h = mj_riichi_hand_default();
    MjRiichiRules rules;
    if (mj_riichi_rules_preset(below(6), &rules) != MJ_STATUS_OK) FAIL("preset");
    if (one_in(8)) random_bytes(&rules, sizeof rules);
    if (one_in(8)) random_bytes(&h, sizeof h);
    else {
        uint8_t kinds[4], tiles[4], claimed[4];
        h.meld_count = (uint8_t)(one_in(2) ? 0 : below(5));
        scoring_tiles(h.counts, kinds, tiles, claimed, h.meld_count, 1);
        for (int m = 0; m < h.meld_count; m++) h.melds[m] = (MjRiichiMeld){kinds[m], tiles[m], claimed[m]};
        if (one_in(4)) move_tile(h.counts);
        h.win_tile = some_tile(h.counts);
        h.seat_wind = (uint8_t)below(4);
        h.round_wind = (uint8_t)below(4);
        h.dora_count = (uint8_t)below(3);
        for (int i = 0; i < h.dora_count; i++) h.dora[i] = (uint8_t)below(MJ_TILE_KINDS);
        h.conditions = one_in(2) ? (uint32_t)below(2) : (uint32_t)below(1u << 13);
        h.honba = below(4);
        h.riichi_sticks = below(3);
        h.paarenchan = (uint8_t)(one_in(16) ? below(8) : 0);
        for (int i = 0; i < 3; i++) h.red_fives[i] = (uint8_t)(one_in(4) ? below(2) : 0);
        if (one_in(4)) random_bytes((uint8_t *)&h + below(sizeof h), 1);
    }
    MjRiichiResult *r = out_new(sizeof *r);
    const MjRiichiHand *hp = MAYBE_NULL(&h, 32);
    const MjRiichiRules *lp = MAYBE_NULL(&rules, 32);
    MjRiichiResult *rp = MAYBE_NULL(r, 32);
    MjStatus s = CALL(mj_riichi_score, hp, lp, rp);
    if (!hp || !lp || !rp) REQUIRE(s != MJ_STATUS_OK, "mj_riichi_score NULL: OK");
    if (s == MJ_STATUS_OK) REQUIRE(r->han > 0 && r->total > 0 && r->fu_count <= MJ_RIICHI_MAX_FU_PARTS, "riichi result han %d total %d", r->han, r->total);
    DONE(r, sizeof *r, rp ? s : MJ_STATUS_NULL_POINTER, "mj_riichi_score out_result");
}
static void fuzz_mj_riichi_ev_hand_default(void) {
    MjRiichiEvHand h = mj_riichi_ev_hand_default();
    NOTE(mj_riichi_ev_hand_default);
    REQUIRE(h.meld_count == 0 && total(h.counts) == 0 && total(h.visible) == 0 && h.riichi == 0,
            "mj_riichi_ev_hand_default not empty");
}
static void fuzz_mj_riichi_ev_options_default(void) {
    MjRiichiEvOptions o = mj_riichi_ev_options_default();
    NOTE(mj_riichi_ev_options_default);
    REQUIRE(o.draws == 17 && o.extra == 1 && o.model == MJ_RIICHI_EV_MODEL_MJKIT && o.reserved == 0,
            "mj_riichi_ev_options_default");
}
/* Hands of 13 or 14 tiles (less 3 a meld) with random visible tiles; small searches (at most 2
 * draws, a few hundred states) so that the driver stays cheap. */
static void fuzz_mj_riichi_ev(void) {
    MjRiichiEvHand h = mj_riichi_ev_hand_default();
    MjRiichiRules rules;
    MjRiichiEvOptions o = mj_riichi_ev_options_default();
    if (mj_riichi_rules_preset(below(6), &rules) != MJ_STATUS_OK) FAIL("preset");
    if (one_in(8)) random_bytes(&rules, sizeof rules);
    o.draws = (uint8_t)below(3);
    o.extra = (uint8_t)below(2);
    o.max_nodes = 50 + below(400);
    o.model = (uint8_t)below(2);
    if (one_in(8)) random_bytes(&o, sizeof o);
    if (one_in(8)) random_bytes(&h, sizeof h);
    else {
        uint8_t kinds[4], tiles[4], claimed[4];
        h.meld_count = (uint8_t)(one_in(2) ? 0 : below(5));
        scoring_tiles(h.counts, kinds, tiles, claimed, h.meld_count, 1);
        for (int m = 0; m < h.meld_count; m++) h.melds[m] = (MjRiichiMeld){kinds[m], tiles[m], claimed[m]};
        if (one_in(2)) h.counts[some_tile(h.counts)]--;
        if (one_in(4)) move_tile(h.counts);
        if (one_in(16)) h.counts[below(MJ_TILE_KINDS)]++; /* a tile too many (or a fifth copy) */
        for (int i = 0; i < 20; i++) {
            int k = (int)below(MJ_TILE_KINDS);
            if (h.counts[k] + h.visible[k] < 4 || one_in(64)) h.visible[k]++;
        }
        h.seat_wind = (uint8_t)below(4);
        h.round_wind = (uint8_t)below(4);
        h.dora_count = (uint8_t)below(3);
        for (int i = 0; i < h.dora_count; i++) h.dora[i] = (uint8_t)below(MJ_TILE_KINDS);
        h.riichi = (uint8_t)(one_in(4) ? below(3) : 0);
        if (h.riichi == 1 && h.meld_count == 0 && one_in(2)) h.counts[some_tile(h.counts)]--; /* 13 tiles */
        h.honba = below(4);
        for (int i = 0; i < 3; i++) h.red_fives[i] = (uint8_t)(one_in(4) ? below(2) : 0);
        if (one_in(4)) random_bytes((uint8_t *)&h + below(sizeof h), 1);
    }
    MjRiichiEvResult *r = out_new(sizeof *r);
    const MjRiichiEvHand *hp = MAYBE_NULL(&h, 32);
    const MjRiichiRules *lp = MAYBE_NULL(&rules, 32);
    const MjRiichiEvOptions *op = MAYBE_NULL(&o, 32);
    MjRiichiEvResult *rp = MAYBE_NULL(r, 32);
    MjStatus s = CALL(mj_riichi_ev, hp, lp, op, rp);
    if (!hp || !lp || !op || !rp) REQUIRE(s != MJ_STATUS_OK, "mj_riichi_ev NULL: OK");
    if (s == MJ_STATUS_OK) {
        REQUIRE(r->count >= 1 && r->count <= MJ_RIICHI_EV_MAX_ENTRIES, "riichi ev count %u", r->count);
        for (uint32_t i = 0; i < r->count; i++) {
            const MjRiichiEvEntry *e = &r->entries[i];
            /* mahjong-cpp's model divides by (pool at the start - turn): its figures are finite,
             * not probabilities (ready 1.17 on seed 1, call 26173021, 1 draw left). */
            if (o.model == MJ_RIICHI_EV_MODEL_MAHJONG_CPP)
                REQUIRE(isfinite(e->win) && isfinite(e->tenpai) && isfinite(e->score),
                        "riichi ev entry %u not finite", i);
            else
                REQUIRE(e->win >= 0 && e->win <= 1 + 1e-9 && e->tenpai >= 0 && e->tenpai <= 1 + 1e-9 &&
                            e->score >= 0,
                        "riichi ev entry %u out of range", i);
        }
    }
    DONE(r, sizeof *r, rp ? s : MJ_STATUS_NULL_POINTER, "mj_riichi_ev out_result");
}
static void fuzz_mj_riichi_yaku_info(void) {
    uint32_t id = one_in(4) ? (uint32_t)rnd() : below(70);
    int32_t *hc = out_new(4), *ho = out_new(4);
    const char **ja = out_new(sizeof(char *)), **en = out_new(sizeof(char *)), **zh = out_new(sizeof(char *));
    int null_any = one_in(8);
    MjStatus s = CALL(mj_riichi_yaku_info, id, null_any ? NULL : hc, ho, ja, en, zh);
    REQUIRE((s == MJ_STATUS_OK) == (id >= 1 && id <= MJ_RIICHI_MAX_YAKU_ID && !null_any), "yaku info %u: %d", id, s);
    if (s == MJ_STATUS_OK) REQUIRE(*hc > 0 && (*ja)[0] && (*en)[0] && (*zh)[0], "yaku %u info", id);
    DONE(hc, 4, s, "mj_riichi_yaku_info out_han_closed");
    DONE(ho, 4, s, "mj_riichi_yaku_info out_han_open");
    DONE(ja, sizeof(char *), s, "out_name_ja");
    DONE(en, sizeof(char *), s, "out_name_en");
    DONE(zh, sizeof(char *), s, "out_name_zh");
}

/* ---- tai ---- */
/* The switch bytes of MjTaiRules: from the first to the last, one byte each. */
#define TAI_SWITCH_BYTES \
    (offsetof(MjTaiRules, concealed_self_drawn_allows_exposed_kong) + 1 - \
     offsetof(MjTaiRules, concealed_self_drawn_keeps_concealed))
/* A Taiwanese win: five sets and a pair, some declared (MCR meld struct, claimed relative to the
   winner), flowers, seats, how and flags; mostly valid, some broken on purpose. */
static void tai_hand(MjTaiHand *h) {
    *h = mj_tai_hand_default();
    if (one_in(8)) { random_bytes(h, sizeof *h); return; }
    for (int tries = 0;; tries++) {
        uint8_t all[MJ_TILE_KINDS] = {0};
        *h = mj_tai_hand_default();
        int pair = (int)below(MJ_TILE_KINDS);
        h->counts[pair] += 2, all[pair] += 2;
        h->meld_count = (uint8_t)(one_in(2) ? 0 : below(6));
        for (int i = 0; i < 5; i++) {
            int k = (int)below(MJ_TILE_KINDS);
            int chow = k < 27 && k % 9 <= 6 && one_in(2);
            if (i < h->meld_count) {
                MjMcrMeld m = {MJ_MCR_MELD_CHOW, (uint8_t)k, (uint8_t)(1 + below(3))};
                if (!chow) {
                    m.kind = (uint8_t)(MJ_MCR_MELD_PUNG + below(4)); /* pung, kong, concealed or added kong */
                    m.claimed = m.kind == MJ_MCR_MELD_CONCEALED_KONG ? 0 : (uint8_t)(1 + below(3));
                }
                h->melds[i] = m;
                if (chow) all[k]++, all[k + 1]++, all[k + 2]++;
                else all[k] += m.kind == MJ_MCR_MELD_PUNG ? 3 : 4;
            } else if (chow) {
                h->counts[k]++, h->counts[k + 1]++, h->counts[k + 2]++;
                all[k]++, all[k + 1]++, all[k + 2]++;
            } else {
                h->counts[k] += 3, all[k] += 3;
            }
        }
        if (valid_counts(all) || tries > 8) break;
    }
    if (one_in(8)) move_tile(h->counts);
    if (one_in(16)) h->counts[below(MJ_TILE_KINDS)] ^= 1; /* a tile more or less */
    h->win_tile = some_tile(h->counts);
    uint8_t numbers[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    for (int i = 7; i > 0; i--) {
        int j = (int)below((uint32_t)i + 1);
        uint8_t t = numbers[i]; numbers[i] = numbers[j]; numbers[j] = t;
    }
    h->flower_count = (uint8_t)(one_in(8) ? 8 : below(5));
    memcpy(h->flowers, numbers, sizeof numbers);
    if (one_in(16)) h->flowers[below(8)] = (uint8_t)below(10);
    h->how = (uint8_t)(one_in(16) ? below(8) : below(3));
    if (h->flower_count == 8 && one_in(2)) h->how = (uint8_t)(MJ_TAI_WIN_EIGHT_FLOWERS + below(2));
    h->winner = (uint8_t)below(4);
    h->from = (uint8_t)((h->winner + 1 + below(3)) % 4);
    h->dealer = (uint8_t)below(4);
    h->consecutive_deals = (uint8_t)below(4);
    h->prevalent_wind = (uint8_t)below(4);
    h->flags = one_in(2) ? 0 : below(128);
    if (one_in(16)) h->flags = (uint32_t)rnd();
    if (one_in(8)) h->seat_wind = (uint8_t)(one_in(8) ? rnd() : below(4));
    if (one_in(16)) random_bytes((uint8_t *)h + below(sizeof *h), 1);
}
static void tai_rules(MjTaiRules *r) {
    if (mj_tai_rules_preset(below(2), r) != MJ_STATUS_OK) FAIL("tai preset");
    if (one_in(8)) random_bytes(r, sizeof *r);
    else if (one_in(8)) {
        for (int i = 1; i < MJ_TAI_PATTERN_SLOTS; i++) r->values[i] = (uint16_t)(one_in(4) ? below(10) : r->values[i]);
        r->base = (uint32_t)below(200);
        r->price = (uint32_t)below(50);
        r->min_tai = (uint32_t)(one_in(4) ? below(10) : 0);
        uint8_t *sw = &r->concealed_self_drawn_keeps_concealed;
        for (size_t i = 0; i < TAI_SWITCH_BYTES; i++) sw[i] = (uint8_t)below(2);
    }
}
static void fuzz_mj_tai_hand_default(void) {
    MjTaiHand h = mj_tai_hand_default();
    NOTE(mj_tai_hand_default);
    REQUIRE(h.meld_count == 0 && h.flower_count == 0 && total(h.counts) == 0 && h.flags == 0,
            "mj_tai_hand_default not empty");
}
static void fuzz_mj_tai_rules_default(void) {
    MjTaiRules r = mj_tai_rules_default(), p;
    NOTE(mj_tai_rules_default);
    /* Field by field: the struct has padding bytes. */
    int same = CALL(mj_tai_rules_preset, MJ_TAI_PRESET_ATAWMJ, &p) == MJ_STATUS_OK &&
               memcmp(r.values, p.values, sizeof r.values) == 0 && r.base == p.base && r.price == p.price &&
               r.min_tai == p.min_tai &&
               memcmp(&r.concealed_self_drawn_keeps_concealed, &p.concealed_self_drawn_keeps_concealed,
                      TAI_SWITCH_BYTES) == 0;
    REQUIRE(same, "default tai rules are not the ATAWMJ preset");
}
static void fuzz_mj_tai_rules_preset(void) {
    uint32_t preset = one_in(4) ? (uint32_t)rnd() : below(4);
    MjTaiRules *r = out_new(sizeof *r);
    MjTaiRules *rp = MAYBE_NULL(r, 16);
    MjStatus s = CALL(mj_tai_rules_preset, preset, rp);
    REQUIRE((s == MJ_STATUS_OK) == (preset <= MJ_TAI_PRESET_COMMON && rp != NULL), "tai preset %u: %d", preset, s);
    if (s == MJ_STATUS_OK) REQUIRE(r->values[0] == 0 && r->base > 0, "tai preset %u contents", preset);
    DONE(r, sizeof *r, s, "mj_tai_rules_preset out_rules");
}
static void fuzz_mj_tai_score(void) {
    MjTaiHand h;
    MjTaiRules rules;
    tai_hand(&h);
    tai_rules(&rules);
    MjTaiResult *r = out_new(sizeof *r);
    const MjTaiHand *hp = MAYBE_NULL(&h, 32);
    const MjTaiRules *lp = MAYBE_NULL(&rules, 32);
    MjTaiResult *rp = MAYBE_NULL(r, 32);
    MjStatus s = CALL(mj_tai_score, hp, lp, rp);
    if (!hp || !lp || !rp) REQUIRE(s != MJ_STATUS_OK, "mj_tai_score NULL: OK");
    if (s == MJ_STATUS_OK) {
        /* Cross-checks: the total is the sum of the patterns, the payments sum to zero, the
           winner receives and the others pay. */
        uint64_t sum = 0, dealer = 0;
        for (int i = 0; i < MJ_TAI_PATTERN_SLOTS; i++) sum += r->tai[i], dealer += i >= 1 && i <= 3 ? r->tai[i] : 0;
        int64_t paid = 0;
        for (int seat = 0; seat < MJ_TAI_SEATS; seat++) {
            paid += r->payments[seat];
            if (seat == h.winner) REQUIRE(r->payments[seat] >= 0, "tai winner pays %lld", (long long)r->payments[seat]);
            else REQUIRE(r->payments[seat] <= 0, "tai seat %d receives", seat);
        }
        REQUIRE(r->tai[0] == 0 && sum == r->total && dealer == r->dealer_tai && r->total == r->hand_tai + r->dealer_tai,
                "tai total %u, patterns sum to %llu", r->total, (unsigned long long)sum);
        uint32_t own = r->hand_tai + (h.winner == h.dealer ? r->dealer_tai : 0);
        REQUIRE(r->winner_tai == own && r->qualifies == (r->winner_tai >= rules.min_tai),
                "tai winner %u (want %u), qualifies %u under min %u", r->winner_tai, own, r->qualifies, rules.min_tai);
        REQUIRE(paid == 0, "tai payments sum to %lld", (long long)paid);
    }
    DONE(r, sizeof *r, rp ? s : MJ_STATUS_NULL_POINTER, "mj_tai_score out_result");
}
static void fuzz_mj_tai_pattern_info(void) {
    uint32_t id = one_in(4) ? (uint32_t)rnd() : below(42);
    MjTaiRules rules;
    tai_rules(&rules);
    const MjTaiRules *lp = one_in(2) ? NULL : &rules;
    MjTaiPatternInfo *info = out_new(sizeof *info);
    MjTaiPatternInfo *ip = MAYBE_NULL(info, 16);
    MjStatus s = CALL(mj_tai_pattern_info, id, lp, ip);
    if (s == MJ_STATUS_OK) {
        REQUIRE(id >= 1 && id <= MJ_TAI_MAX_PATTERN_ID && ip, "tai pattern info %u: OK", id);
        REQUIRE(info->name_zh[0] && info->name_en[0] && info->dealer == (id <= 3), "tai pattern %u info", id);
        REQUIRE(info->value == (lp ? rules.values[id] : info->value_atawmj), "tai pattern %u value", id);
    } else {
        REQUIRE(!ip || id < 1 || id > MJ_TAI_MAX_PATTERN_ID || lp, "tai pattern info %u: %d", id, s);
    }
    DONE(info, sizeof *info, s, "mj_tai_pattern_info out_info");
}
