/* Part of the ABI fuzz harness, included by tests/fuzz/fuzz.c (one translation unit: the
 * drivers share its static state and helpers): notation, hand analysis and the batch calls. */
/* ---- notation ---- */
static void fuzz_mj_status_str(void) {
    int32_t code = one_in(2) ? (int32_t)below(100) : (int32_t)rnd();
    const char *s = mj_status_str(code);
    NOTE(mj_status_str);
    REQUIRE(s && s[0], "mj_status_str(%d) is NULL or empty", code);
}
static void fuzz_mj_version(void) {
    const char *v = mj_version();
    NOTE(mj_version);
    REQUIRE(v && strcmp(v, MJ_VERSION_STRING) == 0, "mj_version is not MJ_VERSION_STRING");
}
static void fuzz_mj_init(void) { REQUIRE(CALL(mj_init) == MJ_STATUS_OK, "mj_init failed"); }

static void fuzz_mj_parse(void) {
    const char *text = MAYBE_NULL(gen_text(), 16);
    uint8_t *counts = out_new(MJ_TILE_KINDS), *red = out_new(3);
    uint8_t *c = MAYBE_NULL(counts, 16), *r = MAYBE_NULL(red, 3);
    MjStatus s = CALL(mj_parse, text, c, r);
    if (!text || !c) REQUIRE(s == MJ_STATUS_NULL_POINTER, "mj_parse with NULL: %d", s);
    if (text) {
        size_t pos = 0;
        MjStatus p = CALL(mj_parse_error_pos, text, &pos);
        size_t len = strlen(text);
        REQUIRE(p == MJ_STATUS_OK && pos <= len, "mj_parse_error_pos %d pos %zu", p, pos);
        if (c) REQUIRE((s == MJ_STATUS_BAD_NOTATION) == (pos < len), "\"%s\": mj_parse %d but error pos %zu of %zu", text, s, pos, len);
    }
    if (s == MJ_STATUS_OK) {
        REQUIRE(valid_counts(counts), "mj_parse OK with a count above 4");
        if (r) for (int i = 0; i < 3; i++) REQUIRE(red[i] <= counts[9 * i + 4], "more red fives than fives");
        char buf[MJ_FORMAT_BUF_LEN];
        size_t n;
        uint8_t again[MJ_TILE_KINDS];
        REQUIRE(CALL(mj_format, counts, buf, sizeof buf, &n) == MJ_STATUS_OK, "format of parsed counts failed");
        REQUIRE(CALL(mj_parse, buf, again, NULL) == MJ_STATUS_OK && memcmp(again, counts, MJ_TILE_KINDS) == 0,
                "parse(format(parse(\"%s\"))) differs", text);
    }
    DONE(counts, MJ_TILE_KINDS, c ? s : MJ_STATUS_NULL_POINTER, "mj_parse out_counts");
    DONE(red, 3, r ? s : MJ_STATUS_NULL_POINTER, "mj_parse out_red_fives");
}
static void fuzz_mj_parse_error_pos(void) {
    const char *text = MAYBE_NULL(gen_text(), 8);
    size_t *pos = out_new(sizeof(size_t));
    size_t *p = MAYBE_NULL(pos, 8);
    MjStatus s = CALL(mj_parse_error_pos, text, p);
    REQUIRE((!text || !p) == (s == MJ_STATUS_NULL_POINTER), "mj_parse_error_pos NULL handling: %d", s);
    if (s == MJ_STATUS_OK) REQUIRE(*pos <= strlen(text), "error pos %zu past the text", *pos);
    DONE(pos, sizeof(size_t), s, "mj_parse_error_pos out_pos");
}
static void fuzz_mj_format(void) {
    uint8_t c[MJ_TILE_KINDS];
    gen_counts(c);
    size_t cap = one_in(2) ? below(MJ_FORMAT_BUF_LEN + 10) : MJ_FORMAT_BUF_LEN;
    char *buf = out_new(cap);
    size_t *len = out_new(sizeof(size_t));
    char *b = MAYBE_NULL(buf, 16);
    size_t *l = MAYBE_NULL(len, 16);
    const uint8_t *cp = MAYBE_NULL(c, 16);
    MjStatus s = CALL(mj_format, cp, b, cap, l);
    if (!cp || !b || !l) REQUIRE(s != MJ_STATUS_OK, "mj_format NULL: OK");
    if (s == MJ_STATUS_OK) {
        REQUIRE(*len < cap && strlen(buf) == *len, "mj_format length %zu cap %zu", *len, cap);
        uint8_t back[MJ_TILE_KINDS];
        REQUIRE(CALL(mj_parse, buf, back, NULL) == MJ_STATUS_OK && memcmp(back, c, MJ_TILE_KINDS) == 0,
                "format/parse round trip of \"%s\"", buf);
    }
    if (valid_counts(c) && cp && b && l && cap == MJ_FORMAT_BUF_LEN) REQUIRE(s == MJ_STATUS_OK, "MJ_FORMAT_BUF_LEN too small");
    DONE(buf, cap, b ? s : MJ_STATUS_NULL_POINTER, "mj_format buf");
    DONE(len, sizeof(size_t), l ? s : MJ_STATUS_NULL_POINTER, "mj_format out_len");
}

/* ---- hand analysis ---- */
static MjStatus shanten_of(const uint8_t *c, uint32_t forms, int32_t *sh) { return CALL(mj_shanten, c, forms, sh); }

static void fuzz_mj_is_win(void) {
    uint8_t c[MJ_TILE_KINDS];
    gen_counts(c);
    uint32_t forms = gen_forms();
    uint8_t *win = out_new(1);
    const uint8_t *cp = MAYBE_NULL(c, 32);
    uint8_t *w = MAYBE_NULL(win, 32);
    MjStatus s = CALL(mj_is_win, cp, forms, w);
    if (!cp || !w) REQUIRE(s != MJ_STATUS_OK, "mj_is_win NULL: OK");
    if (s == MJ_STATUS_OK) {
        int32_t sh;
        REQUIRE(*win <= 1, "mj_is_win wrote %d", *win);
        MjStatus t = shanten_of(c, forms, &sh);
        REQUIRE(t == MJ_STATUS_OK && (sh == -1) == (*win == 1), "win %d but shanten status %d value %d", *win, t, sh);
    }
    DONE(win, 1, w ? s : MJ_STATUS_NULL_POINTER, "mj_is_win out_win");
}
static void fuzz_mj_shanten(void) {
    uint8_t c[MJ_TILE_KINDS];
    gen_counts(c);
    uint32_t forms = gen_forms();
    int32_t *sh = out_new(4);
    const uint8_t *cp = MAYBE_NULL(c, 32);
    int32_t *o = MAYBE_NULL(sh, 32);
    MjStatus s = CALL(mj_shanten, cp, forms, o);
    if (!cp || !o) REQUIRE(s != MJ_STATUS_OK, "mj_shanten NULL: OK");
    if (s == MJ_STATUS_OK) {
        if (*sh < -1 || *sh > 13) {
            char buf[MJ_FORMAT_BUF_LEN];
            size_t n;
            mj_format(c, buf, sizeof buf, &n);
            FAIL("shanten %d of %s forms %u", *sh, buf, forms);
        }
        if (total(c) % 3 == 2) {
            uint8_t win = 9;
            MjStatus t = CALL(mj_is_win, c, forms, &win);
            REQUIRE(t == MJ_STATUS_OK && win == (*sh == -1), "shanten %d but is_win status %d win %d", *sh, t, win);
        }
    }
    DONE(sh, 4, o ? s : MJ_STATUS_NULL_POINTER, "mj_shanten out_shanten");
}
static void fuzz_mj_waits(void) {
    uint8_t c[MJ_TILE_KINDS];
    gen_counts(c);
    if (one_in(2) && total(c) % 3 == 2) { int k; do k = (int)below(MJ_TILE_KINDS); while (!c[k]); c[k]--; }
    uint32_t forms = gen_forms();
    uint64_t *waits = out_new(8);
    const uint8_t *cp = MAYBE_NULL(c, 32);
    uint64_t *o = MAYBE_NULL(waits, 32);
    MjStatus s = CALL(mj_waits, cp, forms, o);
    if (!cp || !o) REQUIRE(s != MJ_STATUS_OK, "mj_waits NULL: OK");
    if (s == MJ_STATUS_OK) {
        uint64_t w = *waits;
        REQUIRE(w >> MJ_TILE_KINDS == 0, "waits above kind 33");
        for (int k = 0; k < MJ_TILE_KINDS; k++) {
            if (c[k] == 4) { REQUIRE(!(w >> k & 1), "waits on a kind held 4 times"); continue; }
            c[k]++;
            uint8_t win = 9;
            MjStatus t = CALL(mj_is_win, c, forms, &win);
            c[k]--;
            int expect = t == MJ_STATUS_OK ? win : 0;
            if (t != MJ_STATUS_OK) REQUIRE(t == MJ_STATUS_THREE_PLAYER_TILE, "is_win after a draw: %d", t);
            REQUIRE((int)(w >> k & 1) == expect, "waits bit %d is %d but is_win %d (status %d)", k, (int)(w >> k & 1), win, t);
        }
    }
    DONE(waits, 8, o ? s : MJ_STATUS_NULL_POINTER, "mj_waits out_waits");
}
static void fuzz_mj_ukeire(void) {
    uint8_t c[MJ_TILE_KINDS];
    gen_counts(c);
    if (one_in(2) && total(c) % 3 == 2) { int k; do k = (int)below(MJ_TILE_KINDS); while (!c[k]); c[k]--; }
    uint32_t forms = gen_forms();
    const uint8_t *vis = gen_visible();
    uint8_t *per = out_new(MJ_TILE_KINDS);
    uint32_t *tot = out_new(4);
    const uint8_t *cp = MAYBE_NULL(c, 32);
    uint8_t *po = MAYBE_NULL(per, 32);
    uint32_t *to = MAYBE_NULL(tot, 32);
    MjStatus s = CALL(mj_ukeire, cp, forms, vis, po, to);
    if (!cp || !po || !to) REQUIRE(s != MJ_STATUS_OK, "mj_ukeire NULL: OK");
    if (s == MJ_STATUS_OK) {
        int32_t base;
        uint32_t sum = 0;
        REQUIRE(shanten_of(c, forms, &base) == MJ_STATUS_OK, "shanten of an ukeire hand failed");
        for (int k = 0; k < MJ_TILE_KINDS; k++) {
            int unseen = 4 - c[k] - (vis ? vis[k] : 0);
            sum += per[k];
            if (per[k] == 0) continue;
            REQUIRE(per[k] == unseen, "ukeire of kind %d is %d, unseen %d", k, per[k], unseen);
            c[k]++;
            int32_t sh;
            MjStatus t = shanten_of(c, forms, &sh);
            c[k]--;
            REQUIRE(t == MJ_STATUS_OK && sh < base, "kind %d in ukeire but shanten %d -> %d", k, base, sh);
        }
        REQUIRE(sum == *tot, "ukeire total %u, sum %u", *tot, sum);
    }
    DONE(per, MJ_TILE_KINDS, po ? s : MJ_STATUS_NULL_POINTER, "mj_ukeire out_per_kind");
    DONE(tot, 4, to ? s : MJ_STATUS_NULL_POINTER, "mj_ukeire out_total");
}
static void fuzz_mj_discards(void) {
    uint8_t c[MJ_TILE_KINDS];
    gen_counts(c);
    uint32_t forms = gen_forms();
    const uint8_t *vis = gen_visible();
    size_t size = MJ_TILE_KINDS * sizeof(MjDiscard);
    MjDiscard *out = out_new(size);
    uint32_t *len = out_new(4);
    const uint8_t *cp = MAYBE_NULL(c, 32);
    MjDiscard *oo = MAYBE_NULL(out, 32);
    uint32_t *lo = MAYBE_NULL(len, 32);
    MjStatus s = CALL(mj_discards, cp, forms, vis, oo, lo);
    if (!cp || !oo || !lo) REQUIRE(s != MJ_STATUS_OK, "mj_discards NULL: OK");
    if (s == MJ_STATUS_OK) {
        REQUIRE(*len <= MJ_TILE_KINDS, "mj_discards length %u", *len);
        for (uint32_t i = 0; i < *len && i < MJ_TILE_KINDS; i++) {
            uint32_t t = out[i].tile;
            REQUIRE(t < MJ_TILE_KINDS && c[t] > 0 && (i == 0 || t > out[i - 1].tile), "discard entry %u tile %u", i, t);
            if (t >= MJ_TILE_KINDS || !c[t]) continue;
            if (below(4)) continue; /* a quarter of the entries are cross-checked */
            c[t]--;
            int32_t sh;
            MjStatus st = shanten_of(c, forms, &sh);
            c[t]++;
            REQUIRE(st == MJ_STATUS_OK && sh == out[i].shanten, "discard %u: shanten %d vs %d", t, out[i].shanten, sh);
        }
        memset(out + *len, SENTINEL, (MJ_TILE_KINDS - *len) * sizeof(MjDiscard));
    }
    DONE(out, size, oo ? s : MJ_STATUS_NULL_POINTER, "mj_discards out");
    DONE(len, 4, lo ? s : MJ_STATUS_NULL_POINTER, "mj_discards out_len");
}

/* ---- batches: each hand as the single call ---- */
#define BATCH_MAX 48
typedef MjStatus (*single_fn)(const uint8_t *, uint32_t, void *);
static MjStatus single_shanten(const uint8_t *c, uint32_t f, void *o) { return mj_shanten(c, f, o); }
static MjStatus single_is_win(const uint8_t *c, uint32_t f, void *o) { return mj_is_win(c, f, o); }
static MjStatus single_waits(const uint8_t *c, uint32_t f, void *o) { return mj_waits(c, f, o); }

static void batch(int id, size_t elem, single_fn single) {
    size_t n = one_in(16) ? 0 : below(BATCH_MAX + 1);
    uint8_t *hands = malloc(n * MJ_TILE_KINDS + 1);
    for (size_t i = 0; i < n; i++) gen_counts(hands + i * MJ_TILE_KINDS);
    uint32_t forms = gen_forms();
    uint8_t *out = out_new(n * elem);
    MjStatus *st = out_new(n * sizeof(MjStatus));
    const uint8_t *hp = MAYBE_NULL(hands, 32);
    void *op = MAYBE_NULL((void *)out, 32);
    MjStatus *sp = MAYBE_NULL(st, 4);
    size_t call_n = n;
    if (one_in(32)) call_n = SIZE_MAX / 2 + below(100); /* impossible n: only with a NULL pointer or refused */
    MjStatus s;
    if (call_n != n && hp && op) {
        hp = NULL; /* never hand the library a size larger than the buffer */
    }
    switch (id) {
    case FN_mj_shanten_batch: s = CALL(mj_shanten_batch, hp, call_n, forms, op, sp); break;
    case FN_mj_is_win_batch: s = CALL(mj_is_win_batch, hp, call_n, forms, op, sp); break;
    default: s = CALL(mj_waits_batch, hp, call_n, forms, op, sp); break;
    }
    if (call_n > 0 && (!hp || !op)) REQUIRE(s == MJ_STATUS_NULL_POINTER || s == MJ_STATUS_INVALID_ARGUMENT, "%s NULL: %d", fn_name[id], s);
    int whole = s == MJ_STATUS_NULL_POINTER || s == MJ_STATUS_INVALID_ARGUMENT;
    if (hp && op && call_n == n && !whole) {
        MjStatus first = MJ_STATUS_OK;
        for (size_t i = 0; i < n; i++) {
            uint8_t one[8];
            memset(one, SENTINEL, sizeof one);
            MjStatus si = record(id == FN_mj_shanten_batch ? FN_mj_shanten : id == FN_mj_is_win_batch ? FN_mj_is_win : FN_mj_waits,
                                 single(hands + i * MJ_TILE_KINDS, forms, one), __FILE__, __LINE__);
            if (first == MJ_STATUS_OK) first = si;
            if (sp) REQUIRE(st[i] == si, "%s hand %zu: status %d, single %d", fn_name[id], i, st[i], si);
            if (si == MJ_STATUS_OK) REQUIRE(memcmp(out + i * elem, one, elem) == 0, "%s hand %zu: output differs from the single call", fn_name[id], i);
            else REQUIRE(untouched(out + i * elem, elem), "%s hand %zu: output written for a failed hand", fn_name[id], i);
        }
        REQUIRE(s == first, "%s status %d, first failing hand %d", fn_name[id], s, first);
        memset(out, SENTINEL, n * elem);
        memset(st, SENTINEL, n * sizeof(MjStatus));
    }
    DONE(out, n * elem, MJ_STATUS_NULL_POINTER, "batch outputs");
    DONE(st, n * sizeof(MjStatus), MJ_STATUS_NULL_POINTER, "batch out_status");
    free(hands);
}
static void fuzz_mj_shanten_batch(void) { batch(FN_mj_shanten_batch, 4, single_shanten); }
static void fuzz_mj_is_win_batch(void) { batch(FN_mj_is_win_batch, 1, single_is_win); }
static void fuzz_mj_waits_batch(void) { batch(FN_mj_waits_batch, 8, single_waits); }
