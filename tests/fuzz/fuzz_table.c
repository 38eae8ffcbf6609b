/* Part of the ABI fuzz harness, included by tests/fuzz/fuzz.c (one translation unit: the
 * drivers share its static state and helpers): the table: rules, play, views, bots. */
/* ---- the table ---- */
#define POOL 3
static MjTable *pool[POOL];
static MjRules pool_rules[POOL];
/* Bumped whenever a slot gets another table (a freed table's address may come back). */
static unsigned pool_gen[POOL];

/* Whether mj_tai_score / mj_table_new accept these tai rules. */
static int tai_rules_valid(const MjTaiRules *r) {
    const uint8_t *sw = &r->concealed_self_drawn_keeps_concealed;
    size_t n = TAI_SWITCH_BYTES;
    for (size_t i = 0; i < n; i++) if (sw[i] > 1) return 0;
    return r->values[0] == 0;
}
/* Field by field (the struct has padding bytes). */
static int tai_rules_same(const MjTaiRules *a, const MjTaiRules *b) {
    return memcmp(a->values, b->values, sizeof a->values) == 0 && a->base == b->base && a->price == b->price &&
           a->min_tai == b->min_tai &&
           memcmp(&a->concealed_self_drawn_keeps_concealed, &b->concealed_self_drawn_keeps_concealed,
                  TAI_SWITCH_BYTES) == 0;
}
/* House tai rules for a table: a preset with random values, base, price and switches; 1 in 8
   with one field out of range (values[0] or a switch above 1), 1 in 32 random bytes. */
static void table_tai_rules(MjTaiRules *r) {
    if (mj_tai_rules_preset(below(2), r) != MJ_STATUS_OK) FAIL("tai preset");
    if (one_in(32)) { random_bytes(r, sizeof *r); return; }
    if (one_in(2)) {
        for (int i = 1; i < MJ_TAI_PATTERN_SLOTS; i++) if (one_in(4)) r->values[i] = (uint16_t)(one_in(16) ? rnd() : below(20));
        r->base = (uint32_t)(one_in(16) ? rnd() : below(500));
        r->price = (uint32_t)(one_in(16) ? rnd() : below(100));
        r->min_tai = (uint32_t)(one_in(4) ? below(6) : 0);
        uint8_t *sw = &r->concealed_self_drawn_keeps_concealed;
        size_t n = TAI_SWITCH_BYTES;
        for (size_t i = 0; i < n; i++) if (one_in(4)) sw[i] = (uint8_t)below(2);
    }
    if (one_in(8)) {
        if (one_in(2)) r->values[0] = (uint16_t)(1 + below(100));
        else (&r->concealed_self_drawn_keeps_concealed)[below(TAI_SWITCH_BYTES)] = (uint8_t)(2 + below(254));
    }
}
static MjRules gen_rules(void) {
    MjRules r = mj_rules_default();
    if (one_in(16)) { random_bytes(&r, sizeof r); return r; }
    r.variant = (uint8_t)(one_in(16) ? below(4) : below(2));
    r.dead_wall = (uint8_t)(one_in(16) ? rnd() : below(61));
    r.multi_win = (uint8_t)(one_in(16) ? below(4) : below(2));
    r.rob_kong = (uint8_t)(one_in(16) ? below(4) : below(2));
    /* Tai only on a 16-tile table, under random valid or (1 in 8) invalid tai rules; under
       thesis points the tai rules are not read, so anything goes there. */
    int tai = r.variant == MJ_VARIANT_TAIWAN16 && below(2);
    r.scoring = (uint8_t)(one_in(16) ? below(3) : (tai ? MJ_SCORING_TAI : MJ_SCORING_THESIS));
    table_tai_rules(&r.tai);
    r.pass_lock = (uint8_t)(one_in(16) ? below(5) : below(3));
    r.claim_window = (uint8_t)(one_in(16) ? below(4) : below(2));
    return r;
}
static MjTable *some_table(void) { return one_in(64) ? NULL : pool[below(POOL)]; }

static void fuzz_mj_rules_default(void) {
    MjRules r = mj_rules_default();
    NOTE(mj_rules_default);
    REQUIRE(r.variant == MJ_VARIANT_TAIWAN16, "default variant");
}
static void fuzz_mj_bot_config_default(void) {
    MjBotConfig c = mj_bot_config_default();
    NOTE(mj_bot_config_default);
    REQUIRE(c.kind == MJ_BOT_THESIS && c.attack_level == 99, "default bot");
}
static void fuzz_mj_table_new(void) {
    MjRules r = gen_rules();
    MjTable **out = out_new(sizeof(MjTable *));
    MjTable **op = MAYBE_NULL(out, 16);
    MjStatus s = CALL(mj_table_new, MAYBE_NULL(&r, 16), rnd(), op);
    if (s == MJ_STATUS_OK) {
        int slot = (int)below(POOL);
        mj_table_free(pool[slot]);
        NOTE(mj_table_free);
        pool[slot] = *out;
        pool_gen[slot]++;
        pool_rules[slot] = r;
        REQUIRE(r.dead_wall <= 60 && (r.variant <= 1 || (r.variant == MJ_VARIANT_RIICHI && r.dead_wall == 14
                && r.scoring == MJ_SCORING_THESIS && r.pass_lock == MJ_PASS_LOCK_OFF)),
                "mj_table_new accepted dead wall %d variant %d", r.dead_wall, r.variant);
        REQUIRE(r.pass_lock <= MJ_PASS_LOCK_UNTIL_DISCARD && r.claim_window <= 1 && (r.scoring == MJ_SCORING_THESIS
                || (r.scoring == MJ_SCORING_TAI && r.variant == MJ_VARIANT_TAIWAN16 && tai_rules_valid(&r.tai))),
                "mj_table_new accepted scoring %d, tai rules valid %d", r.scoring, tai_rules_valid(&r.tai));
        /* The table keeps the tai rules as given (the ATAWMJ preset under thesis points). */
        MjView v;
        MjTaiRules atawmj = mj_tai_rules_default();
        if (CALL(mj_table_view, *out, (uint8_t)below(MJ_SEATS), &v) != MJ_STATUS_OK) FAIL("view of a new table");
        else REQUIRE(v.rules.scoring == r.scoring && tai_rules_same(&v.rules.tai, r.scoring == MJ_SCORING_TAI ? &r.tai : &atawmj),
                     "a new table's view shows other tai rules");
        pool_rules[slot] = v.rules;
        games++;
        memset(out, SENTINEL, sizeof(MjTable *));
    }
    DONE(out, sizeof(MjTable *), s, "mj_table_new out_table");
}
static void fuzz_mj_table_free(void) {
    if (one_in(2)) { mj_table_free(NULL); NOTE(mj_table_free); return; }
    int slot = (int)below(POOL);
    mj_table_free(pool[slot]);
    NOTE(mj_table_free);
    pool[slot] = NULL;
    /* Refill the slot: the pool stays usable. */
    MjRules r = mj_rules_default();
    r.variant = (uint8_t)below(2);
    if (r.variant == MJ_VARIANT_THIRTEEN) r.scoring = MJ_SCORING_THESIS;
    if (CALL(mj_table_new, &r, rnd(), &pool[slot]) != MJ_STATUS_OK) FAIL("mj_table_new with valid rules");
    pool_gen[slot]++;
    pool_rules[slot] = r;
}

typedef struct {
    MjView v[MJ_SEATS];
} Views;
static int views_of(MjTable *t, Views *out) {
    for (uint8_t s = 0; s < MJ_SEATS; s++)
        if (CALL(mj_table_view, t, s, &out->v[s]) != MJ_STATUS_OK) return 0;
    return 1;
}
/* The kind of a tile code: a red five (42..44 = 0m/0p/0s) is its suit's five; a code past the
 * kinds maps to itself modulo the kinds (damaged input only). */
static int code_kind(int code) {
    if (code >= 42 && code <= 44) return (code - 42) * 9 + 4;
    return code % MJ_TILE_KINDS;
}

static int meld_size(uint8_t kind) { return kind == MJ_MELD_CHOW || kind == MJ_MELD_PUNG ? 3 : 4; }
/* The four views agree and conserve every tile of the set. A win on a discard (or a robbed
 * kong) puts the winning tile into every winner's hand, so with several winners it is seen
 * once per winner: `t`'s result says how many times to take it back. */
static void check_views(MjTable *t, const Views *w, const MjRules *rules) {
    const MjView *a = &w->v[0];
    int set = rules->variant == MJ_VARIANT_TAIWAN16 ? 144 : 136;
    int per_kind[MJ_TILE_KINDS] = {0};
    int out = 0;
    uint8_t pending = 0, phase = 0, own = 0;
    if (CALL(mj_table_pending, t, &pending, &phase) != MJ_STATUS_OK) FAIL("pending of a table");
    for (int s = 0; s < MJ_SEATS; s++) {
        const MjView *v = &w->v[s];
        /* A view shows its own pending bit only; together they are the table's. */
        REQUIRE((v->pending & ~(1u << s)) == 0, "seat %d's view shows pending %d", s, v->pending);
        own |= v->pending;
        REQUIRE(v->seat == s && v->phase == a->phase && v->wall_left == a->wall_left && v->discard_count == a->discard_count
                    && memcmp(v->scores, a->scores, sizeof v->scores) == 0
                    && memcmp(v->discard_tile, a->discard_tile, v->discard_count <= MJ_MAX_DISCARDS ? v->discard_count : 0) == 0,
                "views of seats 0 and %d disagree", s);
        REQUIRE(total(v->hand) == v->concealed_counts[s], "seat %d: hand of %d tiles, concealed count %d", s, total(v->hand), v->concealed_counts[s]);
        for (int k = 0; k < MJ_TILE_KINDS; k++) per_kind[k] += v->hand[k];
        out += v->concealed_counts[s] + __builtin_popcount(v->flowers[s]);
        for (int i = 0; i < v->meld_counts[s] && i < MJ_MAX_MELDS; i++) {
            int slot = s * MJ_MAX_MELDS + i, t = v->meld_tile[slot], n = meld_size(v->meld_kind[slot]);
            out += n;
            if (t >= MJ_TILE_KINDS) { FAIL("seat %d's own meld %d has tile %d", s, i, t); continue; }
            if (v->meld_kind[slot] == MJ_MELD_CHOW) per_kind[t]++, per_kind[t + 1]++, per_kind[t + 2]++;
            else per_kind[t] += n;
        }
    }
    for (int i = 0; i < a->discard_count && i < MJ_MAX_DISCARDS; i++)
        if (a->discard_claimed_by[i] == MJ_NO_SEAT) out++, per_kind[code_kind(a->discard_tile[i])]++;
    MjHandResult r;
    if (a->phase == MJ_PHASE_OVER && CALL(mj_table_result, t, &r) == MJ_STATUS_OK && r.end == MJ_END_DISCARD
        && (r.tile < MJ_TILE_KINDS || (r.tile >= 42 && r.tile <= 44))) {
        int extra = __builtin_popcount(r.winners) - 1;
        if (extra > 0) per_kind[code_kind(r.tile)] -= extra, out -= extra;
    }
    REQUIRE(own == pending, "the views' own bits %d are not the table's pending %d", own, pending);
    for (int k = 0; k < MJ_TILE_KINDS; k++) REQUIRE(per_kind[k] <= 4, "kind %d: %d copies in the four views", k, per_kind[k]);
    if (a->wall_left > 0)
        REQUIRE(a->wall_left + rules->dead_wall + out == set, "tiles: wall %d + dead %d + out %d != %d", a->wall_left, rules->dead_wall, out, set);
}
static int legal_of(MjTable *t, uint8_t seat, MjAction *legal) {
    uint32_t n = 0;
    if (CALL(mj_table_legal_actions, t, seat, legal, MJ_MAX_ACTIONS, &n) != MJ_STATUS_OK) return -1;
    return (int)n;
}
static int contains(const MjAction *legal, int n, MjAction a) {
    for (int i = 0; i < n; i++)
        if (legal[i].kind == a.kind && legal[i].tile == a.tile && legal[i].aux == a.aux) return 1;
    return 0;
}
static MjBotConfig gen_bot(void) {
    MjBotConfig c = mj_bot_config_default();
    c.tie_break = rnd();
    c.kind = (uint8_t)(one_in(32) ? below(6) : below(3));
    c.attack_level = (uint8_t)(one_in(32) ? rnd() : 1 + below(99));
    c.level = (uint8_t)(one_in(32) ? rnd() : 1 + below(MJ_MAX_LEVEL));
    return c;
}

/* One step of play on a pool table: a legal action, a bot decision or an illegal action. */
static void fuzz_mj_table_apply(void) {
    int slot = (int)below(POOL);
    MjTable *t = pool[slot];
    uint8_t pending = 0, phase = 0;
    if (CALL(mj_table_pending, t, &pending, &phase) != MJ_STATUS_OK) { FAIL("pending on a pool table"); return; }
    if (phase == MJ_PHASE_OVER) {
        MjStatus s = one_in(8) ? CALL(mj_table_deal, t, (uint32_t)rnd(), (uint8_t)below(4), (uint8_t)below(4)) : CALL(mj_table_next_hand, t);
        REQUIRE(s == MJ_STATUS_OK || s == MJ_STATUS_INVALID_ARGUMENT || s == MJ_STATUS_MATCH_OVER, "next hand: %d", s);
        if (s == MJ_STATUS_MATCH_OVER) { /* a finished match: a new endless table takes the slot */
            MjTable *fresh = NULL;
            if (CALL(mj_table_new, &pool_rules[slot], rnd(), &fresh) == MJ_STATUS_OK) { mj_table_free(t); pool[slot] = fresh; pool_gen[slot]++; }
        }
        games++;
        return;
    }
    if (one_in(64)) {
        MjAction pass = {MJ_ACTION_PASS, MJ_NO_TILE, 0};
        REQUIRE(CALL(mj_table_apply, NULL, (uint8_t)below(4), pass) == MJ_STATUS_NULL_POINTER, "apply on NULL");
    }
    uint8_t seat = (uint8_t)__builtin_ctz(pending);
    if (one_in(4)) { do seat = (uint8_t)below(4); while (!(pending >> seat & 1)); }
    if (one_in(32)) seat = (uint8_t)below(6);
    MjAction legal[MJ_MAX_ACTIONS];
    int n = seat < 4 ? legal_of(t, seat, legal) : 0;
    MjAction a;
    int mode = (int)below(10);
    if (mode < 6 && n > 0) a = legal[below((uint32_t)n)];
    else if (mode < 8 && seat < 4) {
        MjView v;
        MjBotConfig cfg = mj_bot_config_default();
        cfg.tie_break = rnd();
        cfg.kind = (uint8_t)below(3);
        cfg.attack_level = (uint8_t)(1 + below(99));
        if (CALL(mj_table_view, t, seat, &v) != MJ_STATUS_OK) return;
        MjStatus s = CALL(mj_ai_decide, &v, &cfg, &a);
        bot_decisions++;
        int decides = pending >> seat & 1;
        /* Riichi is played by the greedy bot only; the others are refused there. */
        MjStatus want = v.rules.variant == MJ_VARIANT_RIICHI && cfg.kind != MJ_BOT_GREEDY ? MJ_STATUS_INVALID_ARGUMENT
            : decides ? MJ_STATUS_OK : MJ_STATUS_INVALID_VIEW;
        REQUIRE(s == want, "mj_ai_decide on a table view: %d (pending %d seat %d)", s, pending, seat);
        if (s != MJ_STATUS_OK) return;
        REQUIRE(contains(legal, n, a), "bot (kind %d) decided an illegal action %d/%d", cfg.kind, a.kind, a.tile);
    } else {
        a.kind = (uint8_t)(one_in(8) ? rnd() : below(8));
        a.tile = (uint8_t)(one_in(8) ? MJ_NO_TILE : one_in(8) ? rnd() : below(MJ_TILE_KINDS));
        a.aux = (uint8_t)(one_in(8) ? rnd() : (uint64_t)one_in(4));
    }
    Views before, after;
    if (!views_of(t, &before)) { FAIL("views"); return; }
    MjStatus s = CALL(mj_table_apply, t, seat, a);
    steps++;
    if (!views_of(t, &after)) { FAIL("views"); return; }
    int was_legal = seat < 4 && contains(legal, n, a);
    REQUIRE((s == MJ_STATUS_OK) == was_legal, "apply %d/%d for seat %d: status %d, legal %d", a.kind, a.tile, seat, s, was_legal);
    if (s != MJ_STATUS_OK) {
        refused_steps++;
        REQUIRE(memcmp(&before, &after, sizeof before) == 0, "a refused action (status %d) changed a view", s);
    }
    check_views(t, &after, &pool_rules[slot]);
}
/* The default of a seat whose timer ran out: legal, what mj_table_default_action says, and a
 * refusal changes nothing. */
static void fuzz_mj_table_default_action(void) {
    MjTable *t = some_table();
    uint8_t seat = (uint8_t)(one_in(8) ? rnd() : below(4));
    MjBotConfig cfg = gen_bot();
    const MjBotConfig *cp = one_in(2) ? NULL : MAYBE_NULL(&cfg, 64);
    MjAction *a = out_new(sizeof *a);
    MjAction *ap = MAYBE_NULL(a, 16);
    uint8_t pending = 0, phase = 0;
    if (t) CALL(mj_table_pending, t, &pending, &phase);
    MjStatus s = CALL(mj_table_default_action, t, seat, cp, ap);
    if (t && ap && seat < 4 && !(pending >> seat & 1)) REQUIRE(s == MJ_STATUS_ILLEGAL_ACTION || s == MJ_STATUS_INVALID_ARGUMENT, "default of a seat not waited for: %d", s);
    if (s == MJ_STATUS_OK) {
        MjAction legal[MJ_MAX_ACTIONS];
        int n = legal_of(t, seat, legal);
        REQUIRE(contains(legal, n, *a), "default action %d/%d is not legal", a->kind, a->tile);
        if (!cp && phase == MJ_PHASE_CLAIM) REQUIRE(a->kind == MJ_ACTION_PASS, "a claim's default is not a pass");
    }
    DONE(a, sizeof *a, s, "mj_table_default_action out_action");
}
static void fuzz_mj_table_apply_default(void) {
    int slot = (int)below(POOL);
    MjTable *t = one_in(64) ? NULL : pool[slot];
    uint8_t pending = 0, phase = 0;
    if (t) CALL(mj_table_pending, t, &pending, &phase);
    uint8_t seat = pending ? (uint8_t)__builtin_ctz(pending) : 0;
    if (one_in(8)) seat = (uint8_t)below(6);
    MjBotConfig cfg = gen_bot();
    const MjBotConfig *cp = one_in(2) ? NULL : &cfg;
    Views before, after;
    int have = t && views_of(t, &before);
    MjAction want = {0, 0, 0}, *a = out_new(sizeof *a);
    MjAction *ap = MAYBE_NULL(a, 8);
    MjStatus w = t ? CALL(mj_table_default_action, t, seat, cp, &want) : MJ_STATUS_NULL_POINTER;
    MjStatus s = CALL(mj_table_apply_default, t, seat, cp, ap);
    if (t) REQUIRE(s == w, "apply_default %d, default_action %d", s, w);
    if (s == MJ_STATUS_OK) {
        steps++;
        if (ap) REQUIRE(a->kind == want.kind && a->tile == want.tile && a->aux == want.aux, "apply_default played another action");
        if (ap) memset(a, SENTINEL, sizeof *a);
        Views w2;
        if (views_of(t, &w2)) check_views(t, &w2, &pool_rules[slot]);
    } else if (have) {
        REQUIRE(views_of(t, &after) && memcmp(&before, &after, sizeof before) == 0, "a refused apply_default changed a view");
    }
    DONE(a, sizeof *a, ap ? s : MJ_STATUS_NULL_POINTER, "mj_table_apply_default out_action");
}
static void fuzz_mj_table_deal(void) {
    uint32_t index = one_in(4) ? UINT32_MAX - below(2) : (uint32_t)rnd();
    MjStatus s = CALL(mj_table_deal, some_table(), index, (uint8_t)(one_in(8) ? below(256) : below(4)), (uint8_t)(one_in(8) ? below(256) : below(4)));
    (void)s;
}
/* A riichi table (three red fives) dealt from a shuffled wall, a damaged one (a tile changed, two
 * swapped for a copy, the wrong length) or random bytes: a valid wall is dealt with its own
 * dealer and wind, anything else is refused and changes nothing (the views are compared). */
static void fuzz_mj_table_deal_wall(void) {
    MjRules rules;
    MjTable *t = NULL;
    if (mj_rules_preset(one_in(2) ? MJ_PRESET_RIICHI_TENHOU : MJ_PRESET_RIICHI_MAHJONG_SOUL, &rules) != MJ_STATUS_OK ||
        mj_table_new(&rules, rnd(), &t) != MJ_STATUS_OK) {
        FAIL("cannot create a riichi table");
        return;
    }
    uint8_t wall[200];
    size_t n = 136;
    for (int k = 0, i = 0; k < 34; k++)
        for (int c = 0; c < 4; c++) wall[i++] = (uint8_t)(c == 0 && (k == 4 || k == 13 || k == 22) ? 42 + k / 9 : k);
    for (size_t i = n - 1; i > 0; i--) {
        size_t j = below((uint32_t)i + 1);
        uint8_t x = wall[i];
        wall[i] = wall[j];
        wall[j] = x;
    }
    int valid = 1;
    switch (below(6)) {
    case 0: wall[below(136)] = (uint8_t)rnd(); valid = 0; break;         /* one tile changed (maybe to itself) */
    case 1: wall[below(136)] = wall[below(136)]; valid = 0; break;       /* a copy over another tile */
    case 2: n = below(200); valid = n == 136; break;                     /* the wrong length */
    case 3: random_bytes(wall, sizeof wall); n = below(200); valid = 0; break;
    default: break;
    }
    uint8_t dealer = (uint8_t)(one_in(8) ? below(256) : below(4)), wind = (uint8_t)(one_in(8) ? below(256) : below(4));
    MjView before, after;
    mj_table_view(t, 0, &before);
    const uint8_t *wp = n && one_in(32) ? NULL : wall;
    MjTable *tp = one_in(32) ? NULL : t;
    MjStatus s = CALL(mj_table_deal_wall, tp, (uint32_t)rnd(), dealer, wind, wp, n);
    if (!tp || !wp) REQUIRE(s == MJ_STATUS_NULL_POINTER, "mj_table_deal_wall with NULL: %d", s);
    else if (valid && dealer < 4 && wind < 4) REQUIRE(s == MJ_STATUS_OK, "a shuffled riichi wall was refused: %d", s);
    if (s != MJ_STATUS_OK) {
        mj_table_view(t, 0, &after);
        REQUIRE(memcmp(&before, &after, sizeof before) == 0, "a refused mj_table_deal_wall changed the table");
    }
    mj_table_free(t);
}
static void fuzz_mj_table_next_hand(void) {
    MjTable *t = some_table();
    Views before, after;
    int have = t && views_of(t, &before);
    MjStatus s = CALL(mj_table_next_hand, t);
    if (!t) REQUIRE(s == MJ_STATUS_NULL_POINTER, "next hand NULL: %d", s);
    if (have && s != MJ_STATUS_OK) REQUIRE(views_of(t, &after) && memcmp(&before, &after, sizeof before) == 0, "refused next hand changed a view");
}
static void fuzz_mj_table_view(void) {
    MjTable *t = some_table();
    uint32_t reader = one_in(8) ? (uint32_t)rnd() : below(6);
    MjView *v = out_new(sizeof *v);
    MjView *vp = MAYBE_NULL(v, 16);
    MjStatus s = CALL(mj_table_view, t, reader, vp);
    REQUIRE((s == MJ_STATUS_OK) == (t && vp && (reader < 4 || reader == MJ_READER_SPECTATOR)), "mj_table_view: %d", s);
    if (s == MJ_STATUS_OK && reader == MJ_READER_SPECTATOR) {
        REQUIRE(v->seat == MJ_NO_SEAT && v->pending == 0 && total(v->hand) == 0 && v->pass_locked == 0, "the spectator's view");
        for (int i = 0; i < MJ_MELD_SLOTS; i++)
            if (i % MJ_MAX_MELDS < v->meld_counts[i / MJ_MAX_MELDS] && v->meld_kind[i] == MJ_MELD_CONCEALED_KONG
                && v->rules.variant != MJ_VARIANT_RIICHI) /* riichi shows a concealed kong to every reader */
                REQUIRE(v->meld_tile[i] == MJ_HIDDEN_TILE, "the spectator sees a concealed kong");
    }
    DONE(v, sizeof *v, s, "mj_table_view out_view");
}
static void fuzz_mj_table_pending(void) {
    MjTable *t = some_table();
    uint8_t *p = out_new(1), *ph = out_new(1);
    uint8_t *pp = MAYBE_NULL(p, 16), *php = MAYBE_NULL(ph, 4);
    MjStatus s = CALL(mj_table_pending, t, pp, php);
    REQUIRE((s == MJ_STATUS_OK) == (t && pp), "mj_table_pending: %d", s);
    if (s == MJ_STATUS_OK) REQUIRE(*p <= 15 && (!php || *ph <= MJ_PHASE_OVER), "pending %d phase %d", *p, *ph);
    DONE(p, 1, s, "mj_table_pending out_pending");
    DONE(ph, 1, php ? s : MJ_STATUS_NULL_POINTER, "mj_table_pending out_phase");
}
static void fuzz_mj_table_legal_actions(void) {
    MjTable *t = some_table();
    uint8_t seat = (uint8_t)(one_in(8) ? rnd() : below(4));
    size_t cap = one_in(2) ? below(MJ_MAX_ACTIONS + 2) : MJ_MAX_ACTIONS;
    MjAction *out = out_new(cap * sizeof(MjAction));
    uint32_t *cnt = out_new(4);
    MjAction *op = cap == 0 && one_in(2) ? NULL : out;
    uint32_t *cp = MAYBE_NULL(cnt, 16);
    MjStatus s = CALL(mj_table_legal_actions, t, seat, op, cap, cp);
    if (s == MJ_STATUS_OK) {
        REQUIRE(*cnt <= cap, "%u actions in %zu slots", *cnt, cap);
        memset(out + *cnt, SENTINEL, (cap - *cnt) * sizeof(MjAction));
    }
    DONE(out, cap * sizeof(MjAction), s, "mj_table_legal_actions out_actions");
    DONE(cnt, 4, s, "mj_table_legal_actions out_count");
}
static void fuzz_mj_table_result(void) {
    MjTable *t = some_table();
    MjHandResult *r = out_new(sizeof *r);
    MjHandResult *rp = MAYBE_NULL(r, 16);
    uint8_t phase = 0, pending;
    if (t) CALL(mj_table_pending, t, &pending, &phase);
    MjStatus s = CALL(mj_table_result, t, rp);
    if (t && rp) REQUIRE((s == MJ_STATUS_OK) == (phase == MJ_PHASE_OVER), "result %d in phase %d", s, phase);
    if (s == MJ_STATUS_OK) {
        int64_t sum = 0;
        for (int i = 0; i < 4; i++) sum += r->points[i];
        /* At a riichi table the winners also take the riichi sticks on the table (1,000 each). */
        MjView v;
        int riichi = CALL(mj_table_view, t, 0, &v) == MJ_STATUS_OK && v.rules.variant == MJ_VARIANT_RIICHI;
        int sticks_ok = riichi ? sum >= 0 && sum % 1000 == 0 : sum == 0;
        REQUIRE(sticks_ok && r->end <= MJ_END_EXHAUSTIVE_DRAW + (riichi ? 1 : 0), "result points sum %" PRId64 " end %d", sum, r->end);
    }
    DONE(r, sizeof *r, s, "mj_table_result out_result");
}
/* A view of a pool table, sometimes with random damage. */
static void some_view(MjView *v, uint8_t *seat_out) {
    MjTable *t = pool[below(POOL)];
    uint8_t seat = (uint8_t)below(4);
    if (mj_table_view(t, seat, v) != MJ_STATUS_OK) FAIL("view of a pool table");
    if (one_in(16) && mj_table_view(t, MJ_READER_SPECTATOR, v) != MJ_STATUS_OK) FAIL("the spectator's view");
    *seat_out = seat;
    switch (below(8)) {
    case 0: random_bytes(v, sizeof *v); break;
    case 1: for (int i = 0; i < 4; i++) ((uint8_t *)v)[below(sizeof *v)] = (uint8_t)rnd(); break;
    case 2: v->rules.dead_wall = (uint8_t)rnd(); break;
    case 3: v->wall_left = (uint16_t)(v->wall_left + 1 + below(300)); break;
    default: break;
    }
}
static void fuzz_mj_legal_actions(void) {
    MjView v, orig;
    uint8_t seat;
    some_view(&v, &seat);
    orig = v;
    size_t cap = one_in(2) ? below(MJ_MAX_ACTIONS + 2) : MJ_MAX_ACTIONS;
    MjAction *out = out_new(cap * sizeof(MjAction));
    uint32_t *cnt = out_new(4);
    uint32_t *cp = MAYBE_NULL(cnt, 16);
    MjStatus s = CALL(mj_legal_actions, MAYBE_NULL(&v, 32), cap == 0 && one_in(2) ? NULL : out, cap, cp);
    REQUIRE(memcmp(&v, &orig, sizeof v) == 0, "mj_legal_actions changed its view");
    if (s == MJ_STATUS_OK) {
        REQUIRE(*cnt <= cap, "%u actions in %zu slots", *cnt, cap);
        memset(out + *cnt, SENTINEL, (cap - *cnt) * sizeof(MjAction));
    }
    DONE(out, cap * sizeof(MjAction), s, "mj_legal_actions out_actions");
    DONE(cnt, 4, s, "mj_legal_actions out_count");
}
static void fuzz_mj_ai_decide(void) {
    MjView v;
    uint8_t seat;
    some_view(&v, &seat);
    MjBotConfig cfg = gen_bot();
    MjAction *a = out_new(sizeof *a);
    MjAction *ap = MAYBE_NULL(a, 32);
    MjStatus s = CALL(mj_ai_decide, MAYBE_NULL(&v, 32), MAYBE_NULL(&cfg, 32), ap);
    if (s == MJ_STATUS_OK) {
        MjAction legal[MJ_MAX_ACTIONS];
        uint32_t n = 0;
        bot_decisions++;
        REQUIRE(CALL(mj_legal_actions, &v, legal, MJ_MAX_ACTIONS, &n) == MJ_STATUS_OK && contains(legal, (int)n, *a),
                "bot decided %d/%d, not a legal action of its view", a->kind, a->tile);
    }
    DONE(a, sizeof *a, s, "mj_ai_decide out_action");
}
static void fuzz_mj_hint(void) {
    MjView v, orig;
    uint8_t seat;
    some_view(&v, &seat);
    orig = v;
    MjBotConfig cfg = gen_bot();
    if (one_in(2)) cfg.kind = MJ_BOT_MJKIT;
    MjHint *h = out_new(sizeof *h);
    MjStatus s = CALL(mj_hint, MAYBE_NULL(&v, 32), MAYBE_NULL(&cfg, 32), MAYBE_NULL(h, 32));
    REQUIRE(memcmp(&v, &orig, sizeof v) == 0, "mj_hint changed its view");
    if (s == MJ_STATUS_OK) {
        MjAction legal[MJ_MAX_ACTIONS], a;
        uint32_t n = 0;
        REQUIRE(cfg.kind == MJ_BOT_MJKIT, "a hint from bot kind %d", cfg.kind);
        REQUIRE(CALL(mj_legal_actions, &v, legal, MJ_MAX_ACTIONS, &n) == MJ_STATUS_OK && n == h->option_count,
                "hint with %u options, %u legal actions", h->option_count, n);
        for (uint32_t i = 0; i < n; i++) {
            MjAction o = {h->option_kind[i], h->option_tile[i], 0};
            REQUIRE(contains(legal, (int)n, o), "hint option %d/%d is not legal", o.kind, o.tile);
            REQUIRE(h->option_danger[i] <= MJ_HINT_SCALE && h->option_win_chance[i] <= MJ_HINT_SCALE,
                    "hint option %u probabilities %u %u", i, h->option_danger[i], h->option_win_chance[i]);
        }
        REQUIRE(h->choice_index < n && h->option_kind[h->choice_index] == h->choice.kind &&
                    h->option_tile[h->choice_index] == h->choice.tile,
                "hint choice %d/%d at %u", h->choice.kind, h->choice.tile, h->choice_index);
        REQUIRE(CALL(mj_ai_decide, &v, &cfg, &a) == MJ_STATUS_OK && a.kind == h->choice.kind && a.tile == h->choice.tile,
                "hint choice %d/%d, mj_ai_decide %d/%d", h->choice.kind, h->choice.tile, a.kind, a.tile);
        REQUIRE(mj_hint_reason_str(h->reason)[0] != 'u', "hint reason %u unknown", h->reason);
        REQUIRE(h->efficient_index == MJ_HINT_NO_OPTION ||
                    (h->efficient_index < n && h->option_kind[h->efficient_index] == MJ_ACTION_DISCARD),
                "hint efficient index %u of %u options", h->efficient_index, n);
        bot_decisions++;
    }
    DONE(h, sizeof *h, s, "mj_hint out_hint");
}
static void fuzz_mj_hint_reason_str(void) {
    int32_t code = one_in(2) ? (int32_t)below(40) : (int32_t)rnd();
    const char *s = mj_hint_reason_str(code);
    NOTE(mj_hint_reason_str);
    REQUIRE(s && s[0], "mj_hint_reason_str(%d) is NULL or empty", code);
}
static void fuzz_mj_view_visible(void) {
    MjView v, orig;
    uint8_t seat;
    some_view(&v, &seat);
    orig = v;
    uint8_t *out = out_new(MJ_TILE_KINDS);
    MjStatus s = CALL(mj_view_visible, MAYBE_NULL(&v, 32), MAYBE_NULL(out, 32));
    REQUIRE(memcmp(&v, &orig, sizeof v) == 0, "mj_view_visible changed its view");
    if (s == MJ_STATUS_OK) {
        for (int k = 0; k < MJ_TILE_KINDS; k++)
            REQUIRE(out[k] + v.hand[k] <= 4, "kind %d: %d visible and %d held", k, out[k], v.hand[k]);
        memset(out, SENTINEL, MJ_TILE_KINDS);
    }
    DONE(out, MJ_TILE_KINDS, s, "mj_view_visible out_visible");
}
