/* The ABI fuzz harness: drives every exported mjkit function with random and adversarial input
 * and checks the ABI's promises. Built with gcc -fsanitize=address,undefined by
 * scripts/fuzz.sh, which documents the commands (docs/fuzzing.md).
 *
 * Promises checked on every call:
 *   - the status is MJ_STATUS_OK or one the function documents (tests/fuzz/statuses.h, generated
 *     from the `# Errors` sections of include/mjkit.h); never MJ_STATUS_PANIC;
 *   - outputs are untouched on error (sentinel bytes) and never written past their size
 *     (canary bytes after every output buffer);
 *   - cross-checks: win vs shanten, waits vs win on each draw, ukeire and discards vs shanten,
 *     batch vs single, parse vs parse_error_pos, format/parse round trip, view-based legal
 *     actions vs the table's;
 *   - table play with random rules and random legal and illegal actions: the four views are
 *     unchanged after a refused action, consistent with each other and conserve every tile
 *     after each step, and every bot decision is legal;
 *   - the backend: every reader's events are in sequence and hide what the seat may not see;
 *     snapshots and records round-trip, and mutated ones (truncations, bit flips, random bytes,
 *     swapped fields, lines deleted, doubled or changed) are refused with a documented status or
 *     load into a valid table, which joins the pool and is played on.
 *
 * Adding an ABI function: regenerate statuses.h (MJ_BLESS=1 cargo test --test status_table)
 * and write its driver `static void fuzz_<name>(void)` below; the harness does not compile
 * until every function of the header has one. */
#include <inttypes.h>
#include <stdarg.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mjkit.h"
#include "statuses.h"

/* ---- random numbers (splitmix64) ---- */
static uint64_t rng_state;
static uint64_t rnd(void) {
    uint64_t z = (rng_state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}
static uint32_t below(uint32_t n) { return n ? (uint32_t)(rnd() % n) : 0; }
/* One chance in n. */
static int one_in(uint32_t n) { return below(n) == 0; }
static void random_bytes(void *p, size_t n) {
    uint8_t *b = p;
    for (size_t i = 0; i < n; i++) b[i] = (uint8_t)rnd();
}

/* ---- the documented statuses, per function ---- */
#define FN_ID(name, returns_status, mask) FN_##name,
enum { MJ_FUZZ_FUNCTIONS(FN_ID) FN_COUNT };
#define FN_NAME(name, returns_status, mask) #name,
static const char *const fn_name[FN_COUNT] = {MJ_FUZZ_FUNCTIONS(FN_NAME)};
#define FN_MASK(name, returns_status, mask) mask,
static const uint64_t fn_documented[FN_COUNT] = {MJ_FUZZ_FUNCTIONS(FN_MASK)};

static unsigned long long calls, violations, fn_calls[FN_COUNT];
static uint64_t fn_observed[FN_COUNT];
static unsigned long long games, steps, refused_steps, bot_decisions;
/* Damaged snapshots and records given to mj_table_load / mj_table_from_record, and how many of
 * them loaded (into a valid table). */
static unsigned long long bad_snapshots, bad_snapshots_loaded, bad_records, bad_records_loaded;

static void violation(int line, const char *fmt, ...) {
    violations++;
    if (violations > 30) return;
    va_list ap;
    va_start(ap, fmt);
    printf("VIOLATION (fuzz.c:%d, call %llu): ", line, calls);
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
}
#define FAIL(...) violation(__LINE__, __VA_ARGS__)
#define REQUIRE(cond, ...) \
    do { \
        if (!(cond)) FAIL(__VA_ARGS__); \
    } while (0)

static int status_bit(MjStatus s) { return s == MJ_STATUS_PANIC ? 63 : (s >= 0 && s < 62 ? (int)s : 62); }

/* Counts a call of `id` and checks its status against the documented ones. */
static MjStatus record(int id, MjStatus s, int line) {
    calls++;
    fn_calls[id]++;
    fn_observed[id] |= UINT64_C(1) << status_bit(s);
    if (s != MJ_STATUS_OK && !((fn_documented[id] >> status_bit(s)) & 1)) {
        violation(line, "%s returned status %d, which it does not document", fn_name[id], (int)s);
    }
    return s;
}
#define CALL(name, ...) record(FN_##name, name(__VA_ARGS__), __LINE__)
/* A function without a status. */
#define NOTE(name) (calls++, fn_calls[FN_##name]++)

/* ---- outputs with sentinel and canary ---- */
#define SENTINEL 0xA5
#define CANARY 32
static void *out_new(size_t n) {
    uint8_t *p = malloc(n + CANARY);
    memset(p, SENTINEL, n + CANARY);
    return p;
}
static int untouched(const void *p, size_t n) {
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++)
        if (b[i] != SENTINEL) return 0;
    return 1;
}
/* Frees an output after checking its canary (and, on error, that nothing was written). */
static void out_done(void *p, size_t n, MjStatus s, const char *what, int line) {
    if (!untouched((uint8_t *)p + n, CANARY)) violation(line, "%s: written past its %zu bytes", what, n);
    if (s != MJ_STATUS_OK && !untouched(p, n)) violation(line, "%s: written on status %d", what, (int)s);
    free(p);
}
#define DONE(p, n, s, what) out_done(p, n, s, what, __LINE__)
/* NULL one time in `n`, else `p`. */
#define MAYBE_NULL(p, n) (one_in(n) ? NULL : (p))

/* ---- hands ---- */
static int total(const uint8_t *c) {
    int t = 0;
    for (int k = 0; k < MJ_TILE_KINDS; k++) t += c[k];
    return t;
}
static int valid_counts(const uint8_t *c) {
    for (int k = 0; k < MJ_TILE_KINDS; k++)
        if (c[k] > 4) return 0;
    return 1;
}
/* `n` tiles drawn from the 136 (no kind above 4); three-player: no 2m-8m. */
static void draw_hand(uint8_t *c, int n, int three_player) {
    memset(c, 0, MJ_TILE_KINDS);
    for (int i = 0; i < n;) {
        int k = (int)below(MJ_TILE_KINDS);
        if (three_player && k >= 1 && k <= 7) continue;
        if (c[k] < 4) c[k]++, i++;
    }
}
/* A complete hand: `sets` sets and a pair, no kind above 4. */
static void complete_hand(uint8_t *c, int sets) {
    for (;;) {
        memset(c, 0, MJ_TILE_KINDS);
        c[below(MJ_TILE_KINDS)] += 2;
        for (int i = 0; i < sets; i++) {
            int k = (int)below(MJ_TILE_KINDS);
            if (k < 27 && k % 9 <= 6 && one_in(2)) c[k]++, c[k + 1]++, c[k + 2]++;
            else c[k] += 3;
        }
        if (valid_counts(c)) return;
    }
}
/* Counts for a hand call: mostly hands of every size, some complete, some adversarial. */
static void gen_counts(uint8_t *c) {
    switch (below(10)) {
    case 0: random_bytes(c, MJ_TILE_KINDS); if (one_in(2)) for (int k = 0; k < MJ_TILE_KINDS; k++) c[k] %= 6; break;
    case 1: draw_hand(c, (int)below(18), 0); c[below(MJ_TILE_KINDS)] = (uint8_t)(5 + below(251)); break;
    case 2: complete_hand(c, (int)below(6)); break;
    case 3: complete_hand(c, 4); if (total(c) > 0) { int k; do k = (int)below(MJ_TILE_KINDS); while (!c[k]); c[k]--; } break;
    case 4: draw_hand(c, 13 + (int)below(2), 1); break;
    default: draw_hand(c, 1 + (int)below(17), 0); break;
    }
}
static uint32_t gen_forms(void) {
    static const uint32_t sets[] = {
        MJ_FORMS_RIICHI, MJ_FORMS_MCR, MJ_FORM_REGULAR, MJ_FORM_SEVEN_PAIRS, MJ_FORM_THIRTEEN_ORPHANS,
        MJ_FORM_SEVEN_PAIRS_QUADS, MJ_FORM_HONORS_AND_KNITTED, MJ_FORM_KNITTED_STRAIGHT,
        MJ_FORMS_RIICHI | MJ_FORM_THREE_PLAYER, MJ_FORM_REGULAR | MJ_FORM_THREE_PLAYER,
        MJ_FORM_SEVEN_PAIRS | MJ_FORM_THREE_PLAYER, MJ_FORM_THIRTEEN_ORPHANS | MJ_FORM_THREE_PLAYER};
    switch (below(8)) {
    case 0: return below(128);
    case 1: return (uint32_t)rnd();
    default: return sets[below(sizeof sets / sizeof sets[0])];
    }
}
static uint8_t *gen_visible(void) {
    static uint8_t v[MJ_TILE_KINDS];
    if (one_in(2)) return NULL;
    if (one_in(8)) random_bytes(v, sizeof v);
    else draw_hand(v, (int)below(30), one_in(3));
    return v;
}
/* A NUL-terminated notation text (static buffer). */
static const char *gen_text(void) {
    static char text[96];
    static const char alphabet[] = "0123456789mpszESWNPFC \t5551z x";
    int len = (int)below(sizeof text - 1);
    if (one_in(16)) { /* a fifth copy, sometimes followed by malformed text */
        int k = (int)below(10);
        snprintf(text, sizeof text, "%d%d%d%d%d%c%s", k, k, k, k, k, "mpsz"[below(4)], one_in(2) ? " x" : "");
        return text;
    }
    if (one_in(3)) {
        uint8_t c[MJ_TILE_KINDS];
        size_t n;
        gen_counts(c);
        char buf[MJ_FORMAT_BUF_LEN];
        if (mj_format(c, buf, sizeof buf, &n) == MJ_STATUS_OK && n < sizeof text - 8) {
            strcpy(text, buf);
            if (one_in(2)) text[below((uint32_t)n + 1)] = alphabet[below(sizeof alphabet - 1)];
            return text;
        }
    }
    for (int i = 0; i < len; i++)
        text[i] = one_in(16) ? (char)(1 + below(255)) : alphabet[below(sizeof alphabet - 1)];
    text[len] = 0;
    return text;
}

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
                                 single(hands + i * MJ_TILE_KINDS, forms, one), __LINE__);
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
    MjAction want = {0, 0}, *a = out_new(sizeof *a);
    MjAction *ap = MAYBE_NULL(a, 8);
    MjStatus w = t ? CALL(mj_table_default_action, t, seat, cp, &want) : MJ_STATUS_NULL_POINTER;
    MjStatus s = CALL(mj_table_apply_default, t, seat, cp, ap);
    if (t) REQUIRE(s == w, "apply_default %d, default_action %d", s, w);
    if (s == MJ_STATUS_OK) {
        steps++;
        if (ap) REQUIRE(a->kind == want.kind && a->tile == want.tile, "apply_default played another action");
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
            if (i % MJ_MAX_MELDS < v->meld_counts[i / MJ_MAX_MELDS] && v->meld_kind[i] == MJ_MELD_CONCEALED_KONG)
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

/* ---- the table as a backend: events, snapshots, records, matches, names ---- */

/* Puts a table the harness got from load / from_record / new_match into the pool, after
 * checking it is a valid table: its four views agree and conserve every tile. */
static void adopt(MjTable *t) {
    Views w;
    if (!views_of(t, &w)) { FAIL("views of an adopted table"); mj_table_free(t); return; }
    check_views(t, &w, &w.v[0].rules);
    int slot = (int)below(POOL);
    mj_table_free(pool[slot]);
    NOTE(mj_table_free);
    pool[slot] = t;
    pool_gen[slot]++;
    pool_rules[slot] = w.v[0].rules;
}
/* Whether the padding of an event the library wrote is zero: the event rebuilt field by field
 * in a zeroed struct is the same bytes. */
static int padding_zero(const MjEvent *e) {
    MjEvent z;
    memset(&z, 0, sizeof z);
    z.index = e->index;
    z.value = e->value;
    z.seed = e->seed;
    memcpy(z.scores, e->scores, sizeof z.scores);
    memcpy(z.counters, e->counters, sizeof z.counters);
    z.flags = e->flags;
    z.kind = e->kind;
    z.seat = e->seat;
    z.from = e->from;
    z.tile = e->tile;
    z.action = e->action;
    z.meld = e->meld;
    z.reason = e->reason;
    z.count = e->count;
    memcpy(z.tiles, e->tiles, sizeof z.tiles);
    return memcmp(&z, e, sizeof z) == 0;
}
static void fuzz_mj_table_events(void) {
    MjTable *t = some_table();
    uint32_t reader = one_in(16) ? (uint32_t)rnd() : below(6);
    uint64_t first = 0, next = 0;
    if (t && reader <= MJ_READER_SPECTATOR && CALL(mj_table_event_bounds, t, reader, &first, &next) != MJ_STATUS_OK)
        FAIL("event bounds");
    uint64_t from = one_in(8) ? rnd() : first + below((uint32_t)(next - first + 2));
    if (one_in(8) && first > 0) from = first - 1 - below(10);
    size_t cap = one_in(4) ? below(4) : below(200);
    MjEvent *out = out_new(cap * sizeof(MjEvent));
    uint32_t *cnt = out_new(4);
    uint32_t *cp = MAYBE_NULL(cnt, 16);
    MjEvent *op = cap == 0 && one_in(2) ? NULL : MAYBE_NULL(out, 32);
    MjStatus s = CALL(mj_table_events, t, reader, from, op, cap, cp);
    if (s == MJ_STATUS_OK) {
        uint64_t start = from < first ? first : from > next ? next : from;
        uint64_t waiting = next - start;
        REQUIRE(*cnt == (waiting < cap ? waiting : cap), "%u events of %" PRIu64 " waiting in %zu slots", *cnt, waiting, cap);
        for (uint32_t i = 0; i < *cnt && i < cap; i++) {
            const MjEvent *e = &out[i];
            REQUIRE(e->index == start + i, "event %u has index %" PRIu64 ", not %" PRIu64, i, e->index, start + i);
            REQUIRE(padding_zero(e), "event %u of kind %d has padding that is not zero", i, e->kind);
            /* The kind and every code are checked by mj_event_text below (a kind added to the core
             * needs no change here). */
            REQUIRE(e->count <= MJ_MAX_EVENT_TILES, "event kind %d count %d", e->kind, e->count);
            int player = reader < 4 || reader == MJ_READER_SPECTATOR;
            if (player && e->seat != reader) {
                int hidden_kind = e->kind == MJ_EVENT_DEAL || e->kind == MJ_EVENT_DRAW;
                if (e->kind == MJ_EVENT_DRAW) REQUIRE(e->tile == MJ_HIDDEN_TILE, "reader %u sees seat %d's draw %d", reader, e->seat, e->tile);
                if (hidden_kind || (e->kind == MJ_EVENT_MELD && e->meld == MJ_MELD_CONCEALED_KONG && !(e->flags & MJ_FLAG_SHOWN)))
                    for (int k = 0; k < e->count; k++) REQUIRE(e->tiles[k] == MJ_HIDDEN_TILE, "reader %u sees a hidden tile of seat %d", reader, e->seat);
                if (e->kind == MJ_EVENT_CLAIM_ANSWER)
                    REQUIRE(e->flags & MJ_FLAG_FLOWER_OFFER, "reader %u receives seat %d's answer", reader, e->seat);
                if (e->kind == MJ_EVENT_EXHAUSTIVE_DRAW)
                    REQUIRE((e->value & ~(reader < 4 ? 1 << reader : 0)) == 0, "reader %u sees another seat's readiness", reader);
            }
            if (player) REQUIRE(e->seed == 0, "reader %u sees the seed", reader);
            char text[MJ_TEXT_BUF_LEN];
            size_t len = 0;
            REQUIRE(CALL(mj_event_text, e, NULL, below(3), text, sizeof text, &len) == MJ_STATUS_OK, "text of a table event");
        }
        memset(out + *cnt, SENTINEL, (cap - *cnt) * sizeof(MjEvent));
    }
    DONE(out, cap * sizeof(MjEvent), s, "mj_table_events out_events");
    DONE(cnt, 4, s, "mj_table_events out_count");
}
static void fuzz_mj_table_event_bounds(void) {
    MjTable *t = some_table();
    uint32_t reader = one_in(16) ? (uint32_t)rnd() : below(6);
    uint64_t *f = out_new(8), *n = out_new(8);
    uint64_t *fp = MAYBE_NULL(f, 4), *np = MAYBE_NULL(n, 4);
    MjStatus s = CALL(mj_table_event_bounds, t, reader, fp, np);
    REQUIRE((s == MJ_STATUS_OK) == (t != NULL && reader <= MJ_READER_SPECTATOR), "event bounds: %d", s);
    if (s == MJ_STATUS_OK && fp && np) REQUIRE(*f < *n, "bounds %" PRIu64 " %" PRIu64, *f, *n);
    DONE(f, 8, fp ? s : MJ_STATUS_NULL_POINTER, "event bounds out_first");
    DONE(n, 8, np ? s : MJ_STATUS_NULL_POINTER, "event bounds out_next");
}
/* The snapshot of `t` (malloc'ed, *len bytes) or NULL. */
static uint8_t *snapshot_of(MjTable *t, size_t *len) {
    if (CALL(mj_table_save, t, NULL, 0, len) != MJ_STATUS_BUFFER_TOO_SMALL) { FAIL("size query of mj_table_save"); return NULL; }
    uint8_t *b = malloc(*len);
    size_t again = 0;
    if (CALL(mj_table_save, t, b, *len, &again) != MJ_STATUS_OK || again != *len) { FAIL("mj_table_save"); free(b); return NULL; }
    return b;
}
static void fuzz_mj_table_save(void) {
    MjTable *t = some_table();
    size_t need = 0;
    if (t) mj_table_save(t, NULL, 0, &need);
    size_t cap = one_in(2) ? need : below((uint32_t)need + 8);
    uint8_t *out = out_new(cap);
    size_t *len = out_new(sizeof(size_t));
    size_t *lp = MAYBE_NULL(len, 16);
    MjStatus s = CALL(mj_table_save, t, MAYBE_NULL(out, 32), cap, lp);
    if (t && lp && s != MJ_STATUS_NULL_POINTER) REQUIRE(*len == need, "save length %zu, size query %zu", *len, need);
    if (s == MJ_STATUS_BUFFER_TOO_SMALL) REQUIRE(cap < need, "too small: %zu of %zu", cap, need);
    if (s == MJ_STATUS_OK && one_in(4)) {
        MjTable *back = NULL;
        REQUIRE(CALL(mj_table_load, out, need, &back) == MJ_STATUS_OK, "a fresh snapshot does not load");
        size_t n2 = 0;
        uint8_t *again = back ? snapshot_of(back, &n2) : NULL;
        REQUIRE(again && n2 == need && memcmp(again, out, need) == 0, "snapshot round trip differs");
        free(again);
        mj_table_free(back);
    }
    if (s == MJ_STATUS_OK) memset(out, SENTINEL, cap);
    DONE(out, cap, s, "mj_table_save buf");
    free(len);
}
/* Damages `b` (`*len` bytes, capacity `cap`) in one of several ways. */
static void mutate(uint8_t *b, size_t *len, size_t cap) {
    size_t n = *len;
    switch (below(7)) {
    case 0: if (n) *len = below((uint32_t)n); break;                       /* truncation */
    case 1: if (n) b[below((uint32_t)n)] ^= (uint8_t)(1u << below(8)); break; /* one bit */
    case 2: for (int i = 0, k = 1 + (int)below(8); i < k && n; i++) b[below((uint32_t)n)] = (uint8_t)rnd(); break;
    case 3: if (n > 8) {                                                /* swap two fields */
            size_t w = 1 + below(8), i = below((uint32_t)(n - w)), j = below((uint32_t)(n - w));
            uint8_t tmp[8];
            memcpy(tmp, b + i, w); memmove(b + i, b + j, w); memcpy(b + j, tmp, w);
        } break;
    case 4: if (n && n < cap) { size_t i = below((uint32_t)n); memmove(b + i + 1, b + i, n - i); *len = n + 1; } break; /* a byte more */
    case 5: if (n) { size_t i = below((uint32_t)n); memmove(b + i, b + i + 1, n - i - 1); *len = n - 1; } break;     /* a byte less */
    default: break; /* intact */
    }
}
static void fuzz_mj_table_load(void) {
    size_t len = 0;
    uint8_t *img = snapshot_of(pool[below(POOL)], &len);
    if (!img) return;
    size_t cap = len + 16;
    uint8_t *b = malloc(cap);
    memcpy(b, img, len);
    size_t n = len;
    int intact = one_in(8);
    if (!intact) mutate(b, &n, cap);
    if (!intact && one_in(64)) { n = below(200); random_bytes(b, n < cap ? n : cap); if (n > cap) n = cap; }
    MjTable **out = out_new(sizeof(MjTable *));
    MjTable **op = MAYBE_NULL(out, 32);
    const uint8_t *bp = n && one_in(32) ? NULL : b;
    MjStatus s = CALL(mj_table_load, bp, n, op);
    if (intact && bp && op) REQUIRE(s == MJ_STATUS_OK, "an intact snapshot was refused: %d", s);
    if (bp && op && (n != len || memcmp(b, img, n) != 0)) bad_snapshots++, bad_snapshots_loaded += s == MJ_STATUS_OK;
    if (s == MJ_STATUS_OK) {
        MjTable *t = *out;
        size_t n2 = 0;
        uint8_t *again = snapshot_of(t, &n2);
        REQUIRE(again && n2 == n && memcmp(again, b, n) == 0, "a loaded snapshot saves differently");
        free(again);
        if (one_in(2)) adopt(t); else mj_table_free(t);
        memset(out, SENTINEL, sizeof(MjTable *));
    }
    DONE(out, sizeof(MjTable *), s, "mj_table_load out_table");
    free(b);
    free(img);
}
/* The record of `t` (malloc'ed text, NUL-terminated, *len bytes) or NULL. */
static char *record_of(MjTable *t, size_t *len) {
    if (CALL(mj_table_record, t, NULL, 0, len) != MJ_STATUS_BUFFER_TOO_SMALL) { FAIL("size query of mj_table_record"); return NULL; }
    char *b = malloc(*len + 1);
    size_t again = 0;
    if (CALL(mj_table_record, t, (uint8_t *)b, *len + 1, &again) != MJ_STATUS_OK || again != *len || b[*len]) { FAIL("mj_table_record"); free(b); return NULL; }
    return b;
}
static void fuzz_mj_table_record(void) {
    MjTable *t = some_table();
    if (t && one_in(2)) CALL(mj_table_record_restart, t); /* keeps the pool's records short */
    size_t need = 0;
    if (t) mj_table_record(t, NULL, 0, &need);
    size_t cap = one_in(2) ? need + 1 : below((uint32_t)need + 8);
    uint8_t *out = out_new(cap);
    size_t *len = out_new(sizeof(size_t));
    size_t *lp = MAYBE_NULL(len, 16);
    MjStatus s = CALL(mj_table_record, t, MAYBE_NULL(out, 32), cap, lp);
    if (t && lp && s != MJ_STATUS_NULL_POINTER) REQUIRE(*len == need, "record length %zu, size query %zu", *len, need);
    if (s == MJ_STATUS_BUFFER_TOO_SMALL) REQUIRE(cap <= need, "too small: %zu for %zu", cap, need);
    if (s == MJ_STATUS_OK) REQUIRE(out[need] == 0, "record not NUL-terminated");
    if (s == MJ_STATUS_OK) memset(out, SENTINEL, cap);
    DONE(out, cap, s, "mj_table_record buf");
    free(len);
}
static void fuzz_mj_table_record_restart(void) {
    MjTable *t = some_table();
    MjStatus s = CALL(mj_table_record_restart, t);
    REQUIRE((s == MJ_STATUS_OK) == (t != NULL), "record restart: %d", s);
}
/* Damages a record's text: the byte mutations, or a line deleted, doubled or swapped. */
static void mutate_text(char *b, size_t *len, size_t cap) {
    size_t n = *len;
    size_t starts[4096];
    size_t lines = 0;
    for (size_t i = 0; i < n && lines < 4096; i++)
        if (i == 0 || b[i - 1] == '\n') starts[lines++] = i;
    if (lines < 2 || one_in(2)) { mutate((uint8_t *)b, len, cap); return; }
    size_t a = 1 + below((uint32_t)lines - 1);
    size_t a_end = a + 1 < lines ? starts[a + 1] : n;
    size_t w = a_end - starts[a];
    switch (below(3)) {
    case 0: memmove(b + starts[a], b + a_end, n - a_end); *len = n - w; break; /* delete */
    case 1: if (n + w <= cap) { memmove(b + a_end, b + starts[a], n - starts[a]); *len = n + w; } break; /* double */
    default: { /* a digit changed */
        for (size_t i = starts[a]; i < a_end; i++)
            if (b[i] >= '0' && b[i] <= '9' && one_in(3)) { b[i] = (char)('0' + below(10)); break; }
    }
    }
}
/* ---- MJAI lines ---- */
/* A tile code: mostly the 37 MJAI tiles (kinds, red fives, the hidden tile), sometimes anything. */
static uint8_t mjai_tile(void) {
    if (one_in(16)) return (uint8_t)rnd();
    uint32_t k = below(37);
    return k < 34 ? (uint8_t)k : k < 37 ? (uint8_t)(42 + k - 34) : MJ_HIDDEN_TILE;
}
/* An event: mostly plausible (a known kind, seats 0..3, melds often of one kind or a run), its
 * fields sometimes random bytes. */
static void gen_mjai_event(MjMjaiEvent *e) {
    if (one_in(8)) { random_bytes(e, sizeof *e); return; }
    memset(e, 0, sizeof *e);
    e->kind = (uint8_t)below(17 + (one_in(32) ? 3 : 0));
    e->actor = (uint8_t)below(one_in(16) ? 256 : 4);
    e->target = one_in(2) ? (uint8_t)((e->actor + 3) % 4) : (uint8_t)below(one_in(16) ? 256 : 4);
    e->pai = mjai_tile();
    if (one_in(4)) e->pai = (uint8_t)below(34);
    e->tsumogiri = (uint8_t)below(one_in(16) ? 256 : 2);
    e->flags = (uint8_t)below(one_in(16) ? 256 : 8);
    e->consumed_count = (uint8_t)(one_in(8) ? below(6) : e->kind == MJ_MJAI_ANKAN ? 4 : e->kind == MJ_MJAI_DAIMINKAN || e->kind == MJ_MJAI_KAKAN ? 3 : 2);
    uint8_t kind = e->pai < 34 ? e->pai : e->pai >= 42 && e->pai <= 44 ? (uint8_t)((e->pai - 42) * 9 + 4) : 0;
    for (int i = 0; i < 4; i++) {
        if (e->kind == MJ_MJAI_CHI && one_in(2) && kind % 9 < 7 && kind < 27) e->consumed[i] = (uint8_t)(kind + 1 + i);
        else e->consumed[i] = one_in(2) ? kind : mjai_tile();
    }
    if (e->kind == MJ_MJAI_ANKAN && one_in(2)) e->consumed[0] = e->consumed[1] = e->consumed[2] = e->consumed[3] = kind;
    e->bakaze = (uint8_t)below(one_in(16) ? 256 : 4);
    e->kyoku = (uint8_t)(one_in(16) ? rnd() : 1 + below(4));
    e->honba = (uint8_t)rnd();
    e->kyotaku = (uint8_t)rnd();
    e->oya = (uint8_t)below(one_in(16) ? 256 : 4);
    e->dora_marker = mjai_tile();
    e->id = one_in(2) ? MJ_NO_SEAT : (uint8_t)below(one_in(16) ? 255 : 4);
    e->reason = (uint8_t)below(one_in(16) ? 256 : 9);
    e->ura_count = (uint8_t)below(one_in(16) ? 256 : 6);
    for (int i = 0; i < 5; i++) e->ura_markers[i] = mjai_tile();
    for (int i = 0; i < 52; i++) e->tehais[i] = mjai_tile();
    for (int i = 0; i < 4; i++) {
        e->scores[i] = one_in(4) ? (int32_t)rnd() : (int32_t)below(60000) - 10000;
        e->deltas[i] = one_in(4) ? (int32_t)rnd() : (int32_t)below(60000) - 30000;
    }
}
/* A line: the MJAI writing of a random event (when it has one) or a stored line, then mutated
 * (bytes, a number made huge, fractional or a string, a tile renamed, keys dropped or doubled). */
static char *gen_mjai_line(size_t *len, size_t cap) {
    static const char *const samples[] = {
        "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"5mr\",\"tsumogiri\":false,\"meta\":{\"q_values\":[0.5,-1e-3]}}",
        "{\"actor\":1,\"deltas\":[-2600,7800,-2600,-2600],\"target\":1,\"tsumo\":true,\"type\":\"hora\",\"ura_markers\":[]}",
        "{\"type\":\"start_game\",\"names\":[\"\\u6771\",\"b\",\"c\",\"d\"],\"id\":2,\"seed\":[1,2]}",
        "{\"type\":\"ryukyoku\",\"reason\":\"kyushu_kyuhai\",\"deltas\":[0,0,0,0]}",
        "{\"type\":\"reach_accepted\",\"actor\":3,\"deltas\":[0,0,0,-1000],\"scores\":[25000,25000,25000,24000]}",
        "{\"type\":\"none\"}",
    };
    static const char *const tokens[] = {"99999999999999999999", "-2147483649", "1.5", "1e3", "\"1\"", "null", "true",
                                         "[]", "{}", "\"?\"", "\"0m\"", "\"5mr\"", "-0", "4", ",\"x\":1", ",\"actor\":0"};
    char *b = malloc(cap);
    size_t n = 0;
    MjMjaiEvent e;
    gen_mjai_event(&e);
    if (one_in(4) || mj_mjai_format(&e, (uint8_t *)b, cap, &n) != MJ_STATUS_OK) {
        const char *t = samples[below(sizeof samples / sizeof *samples)];
        n = strlen(t);
        memcpy(b, t, n);
    }
    if (one_in(6)) { *len = n; return b; }
    if (one_in(2)) mutate((uint8_t *)b, &n, cap);
    else {
        /* Replace a value (after a ':' or ',' or '[') with an adversarial token. */
        size_t at = below((uint32_t)n);
        while (at < n && b[at] != ':' && b[at] != ',' && b[at] != '[') at++;
        if (at < n) {
            size_t end = at + 1;
            while (end < n && b[end] != ',' && b[end] != '}' && b[end] != ']') end++;
            const char *t = tokens[below(sizeof tokens / sizeof *tokens)];
            size_t tl = strlen(t);
            if (n - (end - at - 1) + tl <= cap) {
                memmove(b + at + 1 + tl, b + end, n - end);
                memcpy(b + at + 1, t, tl);
                n = n - (end - at - 1) + tl;
            }
        }
    }
    *len = n;
    return b;
}
static void fuzz_mj_mjai_parse(void) {
    size_t n = 0;
    char *line = gen_mjai_line(&n, 2 * MJ_MJAI_BUF_LEN);
    MjMjaiEvent *out = out_new(sizeof(MjMjaiEvent));
    MjMjaiEvent *op = MAYBE_NULL(out, 32);
    const uint8_t *lp = n && one_in(32) ? NULL : (const uint8_t *)line;
    MjStatus s = CALL(mj_mjai_parse, lp, n, op);
    if ((!lp && n) || !op) REQUIRE(s == MJ_STATUS_NULL_POINTER, "mj_mjai_parse with NULL: %d", s);
    if (s == MJ_STATUS_OK) {
        /* What was read writes back to a line that reads as the same event. */
        char buf[MJ_MJAI_BUF_LEN];
        size_t len = 0;
        MjMjaiEvent again;
        MjStatus f = CALL(mj_mjai_format, out, (uint8_t *)buf, sizeof buf, &len);
        REQUIRE(f == MJ_STATUS_OK, "mj_mjai_format of a parsed event: %d (%.*s)", f, (int)n, line);
        if (f == MJ_STATUS_OK) {
            REQUIRE(len == strlen(buf), "mj_mjai_format length");
            MjStatus p = CALL(mj_mjai_parse, (const uint8_t *)buf, len, &again);
            int same = p == MJ_STATUS_OK && (memcmp(&again, out, sizeof again) == 0 || (out->flags & MJ_MJAI_HAS_NAMES) ||
                                             out->reason == MJ_MJAI_REASON_OTHER);
            REQUIRE(same, "parse(format(parse(%.*s))) differs", (int)n, line);
        }
    }
    DONE(out, sizeof(MjMjaiEvent), op ? s : MJ_STATUS_NULL_POINTER, "mj_mjai_parse out");
    free(line);
}
static void fuzz_mj_mjai_format(void) {
    MjMjaiEvent e;
    gen_mjai_event(&e);
    size_t cap = one_in(2) ? below(MJ_MJAI_BUF_LEN + 8) : MJ_MJAI_BUF_LEN;
    char *buf = out_new(cap);
    size_t *len = out_new(sizeof(size_t));
    char *b = MAYBE_NULL(buf, 32);
    size_t *l = MAYBE_NULL(len, 32);
    const MjMjaiEvent *ep = MAYBE_NULL(&e, 32);
    MjStatus s = CALL(mj_mjai_format, ep, (uint8_t *)b, cap, l);
    if (!ep || !b || !l) REQUIRE(s == MJ_STATUS_NULL_POINTER, "mj_mjai_format with NULL: %d", s);
    if (s == MJ_STATUS_BUFFER_TOO_SMALL) REQUIRE(cap < MJ_MJAI_BUF_LEN && *len >= cap, "MJ_MJAI_BUF_LEN too small or a wrong length");
    if (s == MJ_STATUS_OK) {
        MjMjaiEvent back;
        REQUIRE(*len < cap && strlen(buf) == *len, "mj_mjai_format length %zu cap %zu", *len, cap);
        REQUIRE(CALL(mj_mjai_parse, (const uint8_t *)buf, *len, &back) == MJ_STATUS_OK && back.kind == e.kind,
                "a formatted line does not read back: %s", buf);
    }
    DONE(buf, cap, b ? s : MJ_STATUS_NULL_POINTER, "mj_mjai_format buf");
    /* `*out_len` is written on MJ_STATUS_BUFFER_TOO_SMALL too. */
    DONE(len, sizeof(size_t), l && s != MJ_STATUS_BUFFER_TOO_SMALL ? s : (l ? MJ_STATUS_OK : MJ_STATUS_NULL_POINTER), "mj_mjai_format out_len");
}
static void fuzz_mj_table_from_record(void) {
    MjTable *src = pool[below(POOL)];
    if (one_in(2)) CALL(mj_table_record_restart, src);
    size_t len = 0;
    char *text = record_of(src, &len);
    if (!text) return;
    size_t cap = 2 * len + 16;
    char *b = malloc(cap);
    memcpy(b, text, len);
    size_t n = len;
    int intact = one_in(8);
    if (!intact) mutate_text(b, &n, cap);
    size_t lines = 1;
    for (size_t i = 0; i < n; i++) lines += b[i] == '\n';
    MjTable **out = out_new(sizeof(MjTable *));
    size_t *line = out_new(sizeof(size_t));
    MjTable **op = MAYBE_NULL(out, 32);
    size_t *lp = MAYBE_NULL(line, 8);
    const uint8_t *bp = n && one_in(32) ? NULL : (const uint8_t *)b;
    MjStatus s = CALL(mj_table_from_record, bp, n, op, lp);
    if (intact && bp && op) REQUIRE(s == MJ_STATUS_OK, "an intact record was refused: %d", s);
    if (bp && op && (n != len || memcmp(b, text, n) != 0)) bad_records++, bad_records_loaded += s == MJ_STATUS_OK;
    if (s == MJ_STATUS_BAD_RECORD && lp) {
        REQUIRE(*line >= 1 && *line <= lines + 1, "bad record line %zu of %zu", *line, lines);
        memset(line, SENTINEL, sizeof(size_t));
    }
    if (s == MJ_STATUS_OK) {
        MjTable *t = *out;
        if (intact) {
            size_t a = 0, c = 0;
            uint8_t *x = snapshot_of(t, &a), *y = snapshot_of(src, &c);
            REQUIRE(x && y && a == c && memcmp(x, y, a) == 0, "a record read back differs from its table");
            free(x);
            free(y);
        }
        if (one_in(2)) adopt(t); else mj_table_free(t);
        memset(out, SENTINEL, sizeof(MjTable *));
    }
    DONE(out, sizeof(MjTable *), s, "mj_table_from_record out_table");
    DONE(line, sizeof(size_t), MJ_STATUS_NULL_POINTER, "mj_table_from_record out_line");
    free(b);
    free(text);
}
static void fuzz_mj_table_record_continue(void) {
    MjTable *t = some_table();
    MjTable *src = one_in(2) && t ? t : pool[below(POOL)];
    size_t len = 0, before_len = 0, after_len = 0;
    char *before = t ? record_of(t, &before_len) : NULL;
    char *text = record_of(src, &len);
    if (!text) { free(before); return; }
    size_t cap = 2 * len + 16;
    char *b = malloc(cap);
    memcpy(b, text, len);
    size_t n = len;
    int intact = one_in(4);
    if (!intact) mutate_text(b, &n, cap);
    size_t *line = out_new(sizeof(size_t));
    size_t *lp = MAYBE_NULL(line, 8);
    const uint8_t *bp = n && one_in(32) ? NULL : (const uint8_t *)b;
    MjStatus s = CALL(mj_table_record_continue, t, bp, n, lp);
    if (t && bp && intact && src == t) REQUIRE(s == MJ_STATUS_OK, "a table's own record does not continue it: %d", s);
    if (s == MJ_STATUS_BAD_RECORD && lp) memset(line, SENTINEL, sizeof(size_t));
    char *after = t ? record_of(t, &after_len) : NULL;
    /* A record that continues the table's own is the same record; a refused one changes nothing. */
    if (t && (s != MJ_STATUS_OK || src == t))
        REQUIRE(before && after && before_len == after_len && memcmp(before, after, before_len) == 0,
                "mj_table_record_continue (status %d) changed the record", s);
    DONE(line, sizeof(size_t), MJ_STATUS_NULL_POINTER, "mj_table_record_continue out_line");
    free(b);
    free(text);
    free(before);
    free(after);
}

/* ---- clients, each following one reader of a pool table ---- */
#define CLIENTS 4
static struct {
    MjClient *c;
    MjTable *table;
    int slot;
    unsigned gen;
    uint32_t reader;
    uint64_t next;
    int synced; /* every event given was the table's: its view must be the table's */
    int started; /* it accepted an event (the first may have any index: a client joins anywhere) */
} clients[CLIENTS];

/* Whether client i's table is still in its pool slot. */
static int in_pool(int i) { return pool_gen[clients[i].slot] == clients[i].gen && pool[clients[i].slot] == clients[i].table; }
/* A new client of a random reader of a random pool table, starting at its hand start. */
static void client_reset(int i) {
    mj_client_free(clients[i].c);
    NOTE(mj_client_free);
    clients[i].c = NULL;
    int slot = (int)below(POOL);
    MjTable *t = pool[slot];
    uint32_t reader = below(5) == 4 ? MJ_READER_SPECTATOR : below(4);
    MjView v;
    uint64_t first = 0;
    if (CALL(mj_table_view, t, reader, &v) != MJ_STATUS_OK || CALL(mj_table_event_bounds, t, reader, &first, NULL) != MJ_STATUS_OK) {
        FAIL("a pool table's view or bounds");
        return;
    }
    if (CALL(mj_client_new, &v.rules, reader, &clients[i].c) != MJ_STATUS_OK) { FAIL("a client of a pool table's rules"); return; }
    clients[i].table = t;
    clients[i].slot = slot;
    clients[i].gen = pool_gen[slot];
    clients[i].reader = reader;
    clients[i].next = first;
    clients[i].synced = 1;
    clients[i].started = 0;
}
static int client_ready(int i) {
    if (!clients[i].c || !in_pool(i) || !clients[i].synced) client_reset(i);
    return clients[i].c != NULL;
}
static void fuzz_mj_client_new(void) {
    MjRules r = gen_rules();
    uint32_t reader = one_in(8) ? (uint32_t)rnd() : below(6);
    MjClient **out = out_new(sizeof(MjClient *));
    MjClient **op = MAYBE_NULL(out, 16);
    MjStatus s = CALL(mj_client_new, MAYBE_NULL(&r, 16), reader, op);
    if (s == MJ_STATUS_OK) {
        REQUIRE(reader < 4 || reader == MJ_READER_SPECTATOR, "a client of reader %u", reader);
        mj_client_free(*out);
        NOTE(mj_client_free);
        memset(out, SENTINEL, sizeof(MjClient *));
    }
    DONE(out, sizeof(MjClient *), s, "mj_client_new out_client");
}
static void fuzz_mj_client_free(void) {
    if (one_in(2)) { mj_client_free(NULL); NOTE(mj_client_free); return; }
    client_reset((int)below(CLIENTS));
}
/* The next event of the client's reader, sometimes damaged; a good event is accepted, a bad
 * one refused (or, when accepted, the client is no longer trusted to agree). */
static void fuzz_mj_client_apply(void) {
    int i = (int)below(CLIENTS);
    if (!client_ready(i)) return;
    MjEvent e;
    uint32_t n = 0;
    memset(&e, 0, sizeof e);
    if (CALL(mj_table_events, clients[i].table, clients[i].reader, clients[i].next, &e, 1, &n) != MJ_STATUS_OK) {
        FAIL("events of a client's table");
        return;
    }
    int damaged = n == 0 || one_in(8);
    if (n == 0) e.index = clients[i].next, e.kind = (uint8_t)below(20);
    if (damaged) {
        if (one_in(4)) random_bytes(&e, sizeof e);
        else ((uint8_t *)&e)[below(sizeof e)] = (uint8_t)rnd();
    }
    /* Events lost (a deal over an unread hand): the next one is out of sequence. */
    int gap = !damaged && clients[i].started && e.index != clients[i].next;
    MjStatus s = CALL(mj_client_apply, one_in(64) ? NULL : clients[i].c, MAYBE_NULL(&e, 64));
    if (!damaged && !gap) REQUIRE(s == MJ_STATUS_OK || s == MJ_STATUS_NULL_POINTER, "the client refused its table's event: %d", s);
    if (gap) REQUIRE(s != MJ_STATUS_OK, "the client accepted an event out of sequence");
    if (s == MJ_STATUS_OK) {
        clients[i].started = 1;
        if (damaged) clients[i].synced = 0;
        else clients[i].next = e.index + 1;
    }
    if (gap) clients[i].synced = 0;
}
static void fuzz_mj_client_view(void) {
    int i = (int)below(CLIENTS);
    if (!client_ready(i)) return;
    MjView *v = out_new(sizeof *v);
    MjView *vp = MAYBE_NULL(v, 16);
    MjStatus s = CALL(mj_client_view, one_in(64) ? NULL : clients[i].c, vp);
    uint64_t next = 0;
    CALL(mj_table_event_bounds, clients[i].table, clients[i].reader, NULL, &next);
    if (s == MJ_STATUS_OK && next == clients[i].next) {
        MjView want;
        if (CALL(mj_table_view, clients[i].table, clients[i].reader, &want) != MJ_STATUS_OK) FAIL("the table's view");
        else REQUIRE(memcmp(v, &want, sizeof want) == 0, "reader %u: the client's view is not the table's", clients[i].reader);
    }
    DONE(v, sizeof *v, s, "mj_client_view out_view");
}
static void fuzz_mj_client_state(void) {
    int i = (int)below(CLIENTS);
    if (!client_ready(i)) return;
    MjClientState *st = out_new(sizeof *st);
    MjClientState *sp = MAYBE_NULL(st, 16);
    MjStatus s = CALL(mj_client_state, one_in(64) ? NULL : clients[i].c, sp);
    if (s == MJ_STATUS_OK) {
        REQUIRE(!st->started || st->next_index == clients[i].next, "the client's next index");
        REQUIRE(st->shown_mask <= 15, "shown mask %d", st->shown_mask);
    }
    DONE(st, sizeof *st, s, "mj_client_state out_state");
}

static MjMatchRules gen_match(void) {
    MjMatchRules m = mj_match_rules_default();
    if (one_in(16)) { random_bytes(&m, sizeof m); return m; }
    m.start_score = (int64_t)(below(3) * 1000);
    m.first_dealer = (uint8_t)(one_in(16) ? below(6) : below(4));
    m.dealer_rule = (uint8_t)(one_in(16) ? below(6) : below(4));
    m.end = (uint8_t)(one_in(16) ? below(4) : below(3));
    m.end_value = m.end == MJ_MATCH_END_NEVER ? (one_in(16) ? 1 : 0) : m.end == MJ_MATCH_END_HANDS ? below(6) : below(6);
    return m;
}
static void fuzz_mj_match_rules_default(void) {
    MjMatchRules m = mj_match_rules_default();
    NOTE(mj_match_rules_default);
    REQUIRE(m.end == MJ_MATCH_END_NEVER && m.first_dealer == 0 && m.start_score == 0, "default match");
}
static void fuzz_mj_rules_preset(void) {
    uint32_t v = one_in(4) ? (uint32_t)rnd() : one_in(4) ? MJ_PRESET_RIICHI_MAHJONG_SOUL : below(4);
    MjRules *r = out_new(sizeof *r);
    MjRules *rp = MAYBE_NULL(r, 16);
    MjStatus s = CALL(mj_rules_preset, v, rp);
    int known = v <= MJ_PRESET_RIICHI_TENHOU || v == MJ_PRESET_RIICHI_MAHJONG_SOUL;
    REQUIRE((s == MJ_STATUS_OK) == (rp && known), "preset %u: %d", v, s);
    if (s == MJ_STATUS_OK) REQUIRE(r->variant == (v & 0xff) && r->dead_wall == (v ? 14 : 16), "preset %u: variant %d dead wall %d", v, r->variant, r->dead_wall);
    DONE(r, sizeof *r, s, "mj_rules_preset out_rules");
}
static void fuzz_mj_table_new_match(void) {
    MjRules r = gen_rules();
    MjMatchRules m = gen_match();
    MjTable **out = out_new(sizeof(MjTable *));
    MjTable **op = MAYBE_NULL(out, 16);
    MjStatus s = CALL(mj_table_new_match, MAYBE_NULL(&r, 32), MAYBE_NULL(&m, 32), rnd(), op);
    if (s == MJ_STATUS_OK) {
        int ok = m.first_dealer < 4 && m.dealer_rule < 4
            && ((m.end == MJ_MATCH_END_NEVER && m.end_value == 0) || (m.end == MJ_MATCH_END_HANDS && m.end_value > 0)
                || (m.end == MJ_MATCH_END_WIND_ROUNDS && m.end_value >= 1 && m.end_value <= 4));
        REQUIRE(ok, "mj_table_new_match accepted dealer %d rule %d end %d/%u", m.first_dealer, m.dealer_rule, m.end, m.end_value);
        MjView v;
        if (CALL(mj_table_view, *out, 0, &v) == MJ_STATUS_OK) REQUIRE(v.dealer == m.first_dealer && v.scores[0] == m.start_score, "first dealer / start score");
        games++;
        adopt(*out);
        memset(out, SENTINEL, sizeof(MjTable *));
    }
    DONE(out, sizeof(MjTable *), s, "mj_table_new_match out_table");
}
/* The MJAI response a bot would send for a legal action `a` of the view's seat (a discard with
 * its tsumogiri, riichi, a win, nine terminals, a pass, a call or kan with its consumed tiles);
 * 0 when the harness does not build that kind. */
static int response_of(const MjView *v, MjAction a, MjMjaiEvent *e) {
    memset(e, 0, sizeof *e);
    e->actor = v->seat;
    e->target = MJ_NO_SEAT;
    e->pai = MJ_NO_TILE;
    e->dora_marker = MJ_NO_TILE;
    e->id = MJ_NO_SEAT;
    for (int i = 0; i < 4; i++) e->consumed[i] = MJ_NO_TILE;
    for (int i = 0; i < 5; i++) e->ura_markers[i] = MJ_NO_TILE;
    for (int i = 0; i < 52; i++) e->tehais[i] = MJ_NO_TILE;
    uint8_t k = a.tile < MJ_TILE_KINDS ? a.tile : a.tile >= 42 && a.tile <= 44 ? (uint8_t)((a.tile - 42) * 9 + 4) : 0;
    uint8_t red = (uint8_t)(42 + k / 9);
    int five = k < 27 && k % 9 == 4;
    switch (a.kind) {
    case MJ_ACTION_PASS: e->kind = MJ_MJAI_NONE; e->actor = MJ_NO_SEAT; return 1;
    case MJ_ACTION_DISCARD: e->kind = MJ_MJAI_DAHAI; e->pai = a.tile; e->tsumogiri = v->drawn == a.tile; return 1;
    case MJ_ACTION_RIICHI: e->kind = MJ_MJAI_REACH; return 1;
    case MJ_ACTION_NINE_TERMINALS: e->kind = MJ_MJAI_RYUKYOKU; e->actor = MJ_NO_SEAT; return 1;
    case MJ_ACTION_WIN:
        e->kind = MJ_MJAI_HORA;
        e->target = v->phase == MJ_PHASE_CLAIM ? v->actor : v->seat;
        e->pai = a.tile;
        return 1;
    case MJ_ACTION_PUNG:
    case MJ_ACTION_EXPOSED_KONG:
        e->kind = a.kind == MJ_ACTION_PUNG ? MJ_MJAI_PON : MJ_MJAI_DAIMINKAN;
        e->target = v->actor;
        e->pai = v->offered;
        e->consumed_count = a.kind == MJ_ACTION_PUNG ? 2 : 3;
        for (int i = 0; i < e->consumed_count; i++) e->consumed[i] = five && i < a.aux ? red : k;
        return 1;
    case MJ_ACTION_CONCEALED_KONG:
        e->kind = MJ_MJAI_ANKAN;
        e->consumed_count = 4;
        for (int i = 0; i < 4; i++) e->consumed[i] = five && i < a.aux ? red : k;
        return 1;
    case MJ_ACTION_CHOW: {
        uint8_t taken = v->offered >= 42 && v->offered <= 44 ? (uint8_t)((v->offered - 42) * 9 + 4) : v->offered;
        e->kind = MJ_MJAI_CHI;
        e->target = v->actor;
        e->pai = v->offered;
        e->consumed_count = 2;
        int j = 0;
        for (uint8_t t = a.tile; t < a.tile + 3 && j < 2; t++) {
            if (t == taken) continue;
            e->consumed[j++] = a.aux && t < 27 && t % 9 == 4 ? (uint8_t)(42 + t / 9) : t;
        }
        return j == 2;
    }
    default: return 0;
    }
}
/* A bot's response played for a seat of a pool table: the line of a legal action (from the
 * action, or damaged), a line of another seat, or any MJAI line. A refused line changes no view
 * and writes no output; an applied one was a legal action of the seat; the line of a legal
 * discard, riichi, pass or win is played as that action. */
/* A riichi table for the MJAI driver (the pool holds few riichi tables): a new one, under either
 * preset, when its hand is over. */
static MjTable *mjai_table;
static MjRules mjai_rules;
static MjTable *mjai_riichi_table(void) {
    uint8_t pending = 0, phase = 0;
    if (mjai_table && mj_table_pending(mjai_table, &pending, &phase) == MJ_STATUS_OK && phase != MJ_PHASE_OVER) return mjai_table;
    if (mjai_table) mj_table_free(mjai_table);
    mjai_table = NULL;
    if (mj_rules_preset(one_in(2) ? MJ_PRESET_RIICHI_TENHOU : MJ_PRESET_RIICHI_MAHJONG_SOUL, &mjai_rules) != MJ_STATUS_OK
        || mj_table_new(&mjai_rules, rnd(), &mjai_table) != MJ_STATUS_OK) {
        FAIL("a riichi table");
        mjai_table = NULL;
    }
    games++;
    return mjai_table;
}
static void fuzz_mj_mjai_respond(void) {
    int slot = (int)below(POOL);
    MjTable *src = one_in(4) ? pool[slot] : mjai_riichi_table();
    const MjRules *rules = src == pool[slot] ? &pool_rules[slot] : &mjai_rules;
    if (!src) return;
    MjTable *t = one_in(64) ? NULL : src;
    uint8_t pending = 0, phase = 0;
    if (CALL(mj_table_pending, src, &pending, &phase) != MJ_STATUS_OK) { FAIL("pending on a table"); return; }
    uint8_t seat = pending ? (uint8_t)__builtin_ctz(pending) : (uint8_t)below(4);
    if (one_in(4)) seat = (uint8_t)below(4);
    if (one_in(32)) seat = (uint8_t)below(256);
    MjAction legal[MJ_MAX_ACTIONS];
    int n = seat < 4 ? legal_of(src, seat, legal) : 0;
    char *line = malloc(2 * MJ_MJAI_BUF_LEN);
    size_t len = 0;
    MjAction want = {0, 0, 0};
    int exact = 0;
    MjView v;
    if (n > 0 && !one_in(4) && CALL(mj_table_view, src, seat, &v) == MJ_STATUS_OK) {
        MjMjaiEvent e;
        want = legal[below((uint32_t)n)];
        if (response_of(&v, want, &e) && CALL(mj_mjai_format, &e, (uint8_t *)line, 2 * MJ_MJAI_BUF_LEN, &len) == MJ_STATUS_OK) {
            exact = want.kind == MJ_ACTION_DISCARD || want.kind == MJ_ACTION_RIICHI || want.kind == MJ_ACTION_PASS || want.kind == MJ_ACTION_WIN;
            if (one_in(4)) { mutate((uint8_t *)line, &len, 2 * MJ_MJAI_BUF_LEN); exact = 0; }
        } else {
            len = 0;
        }
    }
    if (len == 0) {
        free(line);
        line = gen_mjai_line(&len, 2 * MJ_MJAI_BUF_LEN);
    }
    Views before, after;
    if (!views_of(src, &before)) { FAIL("views"); free(line); return; }
    MjAction *out = out_new(sizeof(MjAction));
    uint8_t *applied = out_new(1);
    MjAction *op = MAYBE_NULL(out, 32);
    uint8_t *ap = MAYBE_NULL(applied, 32);
    const uint8_t *lp = len && one_in(32) ? NULL : (const uint8_t *)line;
    MjStatus s = CALL(mj_mjai_respond, t, seat, lp, len, op, ap);
    steps++;
    if (!t || (!lp && len) || !op || !ap) REQUIRE(s == MJ_STATUS_NULL_POINTER, "mj_mjai_respond with NULL: %d", s);
    else if (seat >= 4 || rules->variant != MJ_VARIANT_RIICHI) REQUIRE(s == MJ_STATUS_INVALID_ARGUMENT, "mj_mjai_respond seat %d variant %d: %d", seat, rules->variant, s);
    else if (exact) REQUIRE(s == MJ_STATUS_OK && *applied == (want.kind != MJ_ACTION_PASS || (pending >> seat & 1)), "the line of a legal action %d/%d: %d (%.*s)", want.kind, want.tile, s, (int)len, line);
    if (!views_of(src, &after)) { FAIL("views"); free(line); return; }
    if (s != MJ_STATUS_OK) {
        refused_steps++;
        REQUIRE(memcmp(&before, &after, sizeof before) == 0, "a refused MJAI response (status %d) changed a view", s);
    } else {
        REQUIRE(*applied <= 1, "applied %d", *applied);
        if (*applied) REQUIRE(contains(legal, n, *out), "mj_mjai_respond played %d/%d, not a legal action (%.*s)", out->kind, out->tile, (int)len, line);
        else REQUIRE(out->kind == MJ_ACTION_PASS && !(pending >> seat & 1) && memcmp(&before, &after, sizeof before) == 0, "an acknowledgement changed the table");
        if (exact && *applied) REQUIRE(contains(out, 1, want), "the line of %d/%d played %d/%d", want.kind, want.tile, out->kind, out->tile);
        check_views(src, &after, rules);
    }
    DONE(out, sizeof(MjAction), op && ap ? s : MJ_STATUS_NULL_POINTER, "mj_mjai_respond out_action");
    DONE(applied, 1, op && ap ? s : MJ_STATUS_NULL_POINTER, "mj_mjai_respond out_applied");
    free(line);
}
/* tests/fixtures/mjai_hand.jsonl (a whole-game MJAI log of one riichi hand), read once; NULL when
 * the harness does not run from the repository. */
static char *mjai_fixture;
static size_t mjai_fixture_len;
static int mjai_fixture_read;
static const char *mjai_fixture_log(size_t *len) {
    if (!mjai_fixture_read) {
        mjai_fixture_read = 1;
        FILE *f = fopen("tests/fixtures/mjai_hand.jsonl", "rb");
        if (f) {
            mjai_fixture = malloc(1 << 16);
            mjai_fixture_len = fread(mjai_fixture, 1, (1 << 16) - 1, f);
            fclose(f);
        }
    }
    *len = mjai_fixture_len;
    return mjai_fixture;
}
/* A log replayed under random or riichi rules and match rules: the fixture's log as it is (under
 * its own rules it replays), or damaged (lines deleted, doubled or changed, bytes mutated), or
 * MJAI lines (valid events, mutated ones). A documented status, the line reported only with
 * MJ_STATUS_BAD_MJAI (within the log, or one past its last line), a replayed table valid. */
static void fuzz_mj_mjai_replay(void) {
    size_t fixture_len = 0;
    const char *fixture = mjai_fixture_log(&fixture_len);
    size_t cap = 4 * fixture_len + 16 * MJ_MJAI_BUF_LEN, len = 0;
    char *text = malloc(cap);
    int damaged = 0;
    if (fixture && one_in(2)) {
        memcpy(text, fixture, fixture_len);
        len = fixture_len;
        for (int k = (int)below(4); k > 0; k--, damaged = 1) mutate_text(text, &len, cap);
    } else {
        damaged = 1;
        int lines = (int)below(12);
        for (int i = 0; i < lines; i++) {
            size_t n = 0;
            char *l = gen_mjai_line(&n, MJ_MJAI_BUF_LEN);
            if (len + n + 1 < cap) {
                memcpy(text + len, l, n);
                len += n;
                text[len++] = '\n';
            }
            free(l);
        }
    }
    MjRules r = gen_rules();
    MjMatchRules m = gen_match();
    int own_rules = !one_in(8);
    if (own_rules) {
        if (mj_rules_preset(MJ_PRESET_RIICHI_TENHOU, &r) != MJ_STATUS_OK) FAIL("preset");
        m = mj_match_rules_default();
        m.start_score = 25000;
        m.dealer_rule = MJ_DEALER_KEEP_ON_WIN_OR_READY;
        m.end = MJ_MATCH_END_HANDS;
        m.end_value = 1;
    }
    MjTable **out = out_new(sizeof(MjTable *));
    size_t *line = out_new(sizeof(size_t));
    MjTable **op = MAYBE_NULL(out, 16);
    size_t *lp = MAYBE_NULL(line, 4);
    const uint8_t *tp = len && one_in(32) ? NULL : (const uint8_t *)text;
    const MjRules *rp = MAYBE_NULL(&r, 32);
    const MjMatchRules *mp = MAYBE_NULL(&m, 32);
    MjStatus s = CALL(mj_mjai_replay, tp, len, rp, mp, op, lp);
    if ((!tp && len) || !op || !rp || !mp) REQUIRE(s == MJ_STATUS_NULL_POINTER, "mj_mjai_replay with NULL: %d", s);
    else if (!damaged && own_rules) REQUIRE(s == MJ_STATUS_OK, "the fixture's log does not replay: %d", s);
    if (s == MJ_STATUS_BAD_MJAI && lp) {
        size_t nl = 0;
        for (size_t i = 0; i < len; i++) nl += text[i] == '\n';
        REQUIRE(*line >= 1 && *line <= nl + 2, "mj_mjai_replay line %zu of %zu", *line, nl);
        memset(line, SENTINEL, sizeof(size_t));
    }
    if (s == MJ_STATUS_OK) {
        games++;
        adopt(*out);
        memset(out, SENTINEL, sizeof(MjTable *));
    }
    DONE(out, sizeof(MjTable *), s, "mj_mjai_replay out_table");
    DONE(line, sizeof(size_t), s == MJ_STATUS_BAD_MJAI ? MJ_STATUS_OK : s, "mj_mjai_replay out_line");
    free(text);
}
static void fuzz_mj_table_set_score(void) {
    MjTable *t = some_table();
    uint8_t seat = (uint8_t)(one_in(8) ? rnd() : below(4));
    int64_t score = one_in(4) ? (int64_t)rnd() : (int64_t)(int32_t)rnd();
    MjStatus s = CALL(mj_table_set_score, t, seat, score);
    REQUIRE((s == MJ_STATUS_OK) == (t && seat < 4), "set score: %d", s);
    if (s == MJ_STATUS_OK) {
        MjMatchState st;
        REQUIRE(CALL(mj_table_match_state, t, &st) == MJ_STATUS_OK && st.scores[seat] == score, "the score set is not the score");
    }
}
static void fuzz_mj_table_match_state(void) {
    MjTable *t = some_table();
    MjMatchState *st = out_new(sizeof *st);
    MjMatchState *sp = MAYBE_NULL(st, 16);
    MjStatus s = CALL(mj_table_match_state, t, sp);
    REQUIRE((s == MJ_STATUS_OK) == (t && sp), "match state: %d", s);
    if (s == MJ_STATUS_OK) REQUIRE(st->over <= 1, "over %d", st->over);
    DONE(st, sizeof *st, s, "mj_table_match_state out_state");
}
static void fuzz_mj_table_match_result(void) {
    MjTable *t = some_table();
    MjMatchResult *r = out_new(sizeof *r);
    MjMatchResult *rp = MAYBE_NULL(r, 16);
    MjMatchState st = {0};
    if (t) CALL(mj_table_match_state, t, &st);
    MjStatus s = CALL(mj_table_match_result, t, rp);
    if (t && rp) REQUIRE((s == MJ_STATUS_OK) == (st.over == 1), "match result %d, over %d", s, st.over);
    if (s == MJ_STATUS_OK)
        for (int i = 0; i < 4; i++) {
            int better = 0;
            for (int j = 0; j < 4; j++) better += r->scores[j] > r->scores[i];
            REQUIRE(r->ranks[i] == better + 1 && r->scores[i] == st.scores[i], "rank of seat %d", i);
        }
    DONE(r, sizeof *r, s, "mj_table_match_result out_result");
}
/* Length of the NUL-terminated string in `p`, or `cap` when there is no NUL within `cap` bytes. */
static size_t bounded_len(const uint8_t *p, size_t cap) {
    size_t n = 0;
    while (n < cap && p[n]) n++;
    return n;
}
/* A name function's output: a buffer of random capacity and the length, each sometimes NULL.
 * On success a NUL-terminated UTF-8 string of *out_len bytes within the buffer; on error
 * nothing written (name_done checks both). */
typedef struct {
    size_t cap;
    char *buf, *bp;
    size_t *len, *lp;
} NameOut;
static NameOut name_out(size_t full) {
    NameOut o;
    o.cap = one_in(4) ? below(8) : full;
    o.buf = out_new(o.cap);
    o.len = out_new(sizeof *o.len);
    o.bp = MAYBE_NULL(o.buf, 32);
    o.lp = MAYBE_NULL(o.len, 32);
    return o;
}
static void name_done(NameOut o, MjStatus s, const char *what) {
    if (s == MJ_STATUS_OK) {
        size_t n = bounded_len((const uint8_t *)o.buf, o.cap);
        REQUIRE(n > 0 && n < o.cap && *o.len == n, "%s: length %zu (out_len %zu) in %zu", what, n, *o.len, o.cap);
        memset(o.buf, SENTINEL, o.cap);
        memset(o.len, SENTINEL, sizeof *o.len);
    }
    DONE(o.buf, o.cap, s, what);
    DONE(o.len, sizeof *o.len, s, what);
}
/* A language: mostly 0..2 (English, Traditional, Simplified), sometimes anything. */
static uint32_t gen_lang(void) { return one_in(16) ? (uint32_t)rnd() : below(3); }
/* A small code: mostly below n, sometimes any byte. */
static uint8_t gen_code(uint32_t n) { return (uint8_t)(one_in(8) ? rnd() : below(n)); }
/* A name context: mostly valid (a seat, the observer or the spectator; styles 0..2; dealer
 * 0..3), sometimes out of range; NULL now and then (the default). */
static MjNameContext gen_context(void) {
    MjNameContext c = mj_name_context_default();
    c.reader = one_in(16) ? (uint32_t)rnd() : below(6);
    c.seat_style = one_in(16) ? (uint32_t)rnd() : below(3);
    c.tile_style = one_in(16) ? (uint32_t)rnd() : below(3);
    c.dealer = (uint8_t)(one_in(16) ? rnd() : below(4));
    return c;
}
static void fuzz_mj_name_context_default(void) {
    MjNameContext c = mj_name_context_default();
    NOTE(mj_name_context_default);
    REQUIRE(c.reader == MJ_READER_OBSERVER && c.seat_style == MJ_SEAT_STYLE_NUMBER && c.tile_style == MJ_TILE_STYLE_WORDS
                && c.dealer == 0, "default name context");
}
static void fuzz_mj_tile_name(void) {
    NameOut o = name_out(MJ_NAME_BUF_LEN);
    uint8_t t = gen_code(42);
    uint32_t style = one_in(16) ? (uint32_t)rnd() : below(3);
    name_done(o, CALL(mj_tile_name, t, style, gen_lang(), o.bp, o.cap, o.lp), "mj_tile_name");
}
static void fuzz_mj_wind_name(void) {
    NameOut o = name_out(MJ_NAME_BUF_LEN);
    name_done(o, CALL(mj_wind_name, gen_code(4), gen_lang(), o.bp, o.cap, o.lp), "mj_wind_name");
}
static void fuzz_mj_seat_name(void) {
    NameOut o = name_out(MJ_NAME_BUF_LEN);
    MjNameContext c = gen_context();
    name_done(o, CALL(mj_seat_name, gen_code(4), MAYBE_NULL(&c, 8), gen_lang(), o.bp, o.cap, o.lp), "mj_seat_name");
}
static void fuzz_mj_round_name(void) {
    NameOut o = name_out(MJ_NAME_BUF_LEN);
    uint8_t p = gen_code(4), d = gen_code(4), f = gen_code(4);
    name_done(o, CALL(mj_round_name, p, d, f, gen_lang(), o.bp, o.cap, o.lp), "mj_round_name");
}
static void fuzz_mj_action_name(void) {
    NameOut o = name_out(MJ_NAME_BUF_LEN);
    name_done(o, CALL(mj_action_name, gen_code(10), gen_lang(), o.bp, o.cap, o.lp), "mj_action_name");
}
static void fuzz_mj_meld_name(void) {
    NameOut o = name_out(MJ_NAME_BUF_LEN);
    name_done(o, CALL(mj_meld_name, gen_code(5), gen_lang(), o.bp, o.cap, o.lp), "mj_meld_name");
}
static void fuzz_mj_reason_name(void) {
    NameOut o = name_out(MJ_NAME_BUF_LEN);
    name_done(o, CALL(mj_reason_name, gen_code(9), gen_lang(), o.bp, o.cap, o.lp), "mj_reason_name");
}
static void fuzz_mj_tai_pattern_name(void) {
    NameOut o = name_out(MJ_NAME_BUF_LEN);
    name_done(o, CALL(mj_tai_pattern_name, gen_code(40), gen_lang(), o.bp, o.cap, o.lp), "mj_tai_pattern_name");
}
static void fuzz_mj_flower_name(void) {
    uint8_t f = gen_code(8);
    MjRules r = gen_rules();
    NameOut o = name_out(MJ_NAME_BUF_LEN);
    uint8_t *w = out_new(1);
    uint8_t *wp = MAYBE_NULL(w, 4);
    MjStatus s = CALL(mj_flower_name, f, MAYBE_NULL(&r, 32), gen_lang(), o.bp, o.cap, o.lp, wp);
    if (s == MJ_STATUS_OK) {
        /* f % 4, but 竹 North's and 菊 West's under tai rules with chrysanthemum_west. */
        int swap = r.scoring == MJ_SCORING_TAI && r.tai.chrysanthemum_west && f >= 6;
        int want = swap ? (f == 6 ? 3 : 2) : f % 4;
        REQUIRE(f < 8 && (!wp || *w == want), "flower %d wind %d, want %d", f, wp ? *w : -1, want);
        if (wp) *w = SENTINEL;
    }
    name_done(o, s, "mj_flower_name");
    DONE(w, 1, wp ? s : MJ_STATUS_NULL_POINTER, "mj_flower_name out_wind");
}
static void fuzz_mj_event_text(void) {
    MjEvent e;
    uint32_t n = 0;
    MjTable *t = pool[below(POOL)];
    if (CALL(mj_table_events, t, below(6), rnd() % 64, &e, 1, &n) != MJ_STATUS_OK) FAIL("events of a pool table");
    if (n == 0 || one_in(4)) random_bytes(&e, sizeof e);
    else if (one_in(4)) ((uint8_t *)&e)[below(sizeof e)] = (uint8_t)rnd();
    MjNameContext c = gen_context();
    NameOut o = name_out(one_in(4) ? below(64) : MJ_TEXT_BUF_LEN);
    MjStatus s = CALL(mj_event_text, MAYBE_NULL(&e, 32), MAYBE_NULL(&c, 8), gen_lang(), o.bp, o.cap, o.lp);
    name_done(o, s, "mj_event_text");
}

/* ---- the registry: one driver per function of the header ---- */
typedef void (*driver)(void);
#define FN_DRIVER(name, returns_status, mask) fuzz_##name,
static const driver drivers[FN_COUNT] = {MJ_FUZZ_FUNCTIONS(FN_DRIVER)};

int main(int argc, char **argv) {
    uint64_t seed = 1;
    unsigned long long target = 1000000, progress = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--calls") && i + 1 < argc) target = strtoull(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--progress") && i + 1 < argc) progress = strtoull(argv[++i], NULL, 0);
        else { printf("usage: %s [--seed S] [--calls N] [--progress N]\n", argv[0]); return 2; }
    }
    rng_state = seed;
    for (int i = 0; i < POOL; i++) {
        pool_rules[i] = mj_rules_default();
        pool_rules[i].variant = (uint8_t)(i % 2);
        if (pool_rules[i].variant == MJ_VARIANT_THIRTEEN) pool_rules[i].scoring = MJ_SCORING_THESIS;
        if (mj_table_new(&pool_rules[i], rnd(), &pool[i]) != MJ_STATUS_OK) { printf("cannot create a table\n"); return 1; }
    }
    unsigned long long next_report = progress;
    while (calls < target) {
        /* Half the draws play the tables; the rest spread over every function. */
        if (one_in(2)) fuzz_mj_table_apply();
        else drivers[below(FN_COUNT)]();
        if (progress && calls >= next_report) {
            printf("progress: %llu calls, %llu violations\n", calls, violations);
            fflush(stdout);
            next_report += progress;
        }
    }
    for (int i = 0; i < POOL; i++) mj_table_free(pool[i]);
    if (mjai_table) mj_table_free(mjai_table);
    free(mjai_fixture);
    for (int i = 0; i < CLIENTS; i++) mj_client_free(clients[i].c);
    printf("seed %" PRIu64 ": %llu calls over %d functions, %llu violations\n", seed, calls, FN_COUNT, violations);
    printf("table: %llu hands dealt, %llu steps (%llu refused), %llu bot decisions\n", games, steps, refused_steps, bot_decisions);
    printf("damaged snapshots: %llu (%llu loaded into a valid table); damaged records: %llu (%llu loaded)\n", bad_snapshots,
           bad_snapshots_loaded, bad_records, bad_records_loaded);
    printf("%-26s %12s  %-24s %s\n", "function", "calls", "statuses seen", "documented, not seen");
    int unexercised = 0;
    for (int f = 0; f < FN_COUNT; f++) {
        char seen[128] = "", unseen[128] = "";
        for (int b = 0; b < 64; b++) {
            int code = b == 63 ? 99 : b;
            if (fn_observed[f] >> b & 1) snprintf(seen + strlen(seen), sizeof seen - strlen(seen), "%s%d", seen[0] ? "," : "", code);
            else if (fn_documented[f] >> b & 1) snprintf(unseen + strlen(unseen), sizeof unseen - strlen(unseen), "%s%d", unseen[0] ? "," : "", code);
        }
        printf("%-26s %12llu  %-24s %s\n", fn_name[f], fn_calls[f], seen, unseen);
        if (fn_calls[f] == 0) unexercised++;
    }
    if (unexercised && target >= 10000) {
        printf("%d functions were never called\n", unexercised);
        return 1;
    }
    if (violations) {
        printf("FAILED: %llu violations\n", violations);
        return 1;
    }
    printf("OK: 0 violations\n");
    return 0;
}
