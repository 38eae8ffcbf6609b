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
 * and write its driver `static void fuzz_<name>(void)` in the part for its area (fuzz_*.c,
 * included below); the harness does not compile
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

static void violation(const char *file, int line, const char *fmt, ...) {
    violations++;
    if (violations > 30) return;
    va_list ap;
    va_start(ap, fmt);
    printf("VIOLATION (%s:%d, call %llu): ", file, line, calls);
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
}
#define FAIL(...) violation(__FILE__, __LINE__, __VA_ARGS__)
#define REQUIRE(cond, ...) \
    do { \
        if (!(cond)) FAIL(__VA_ARGS__); \
    } while (0)

static int status_bit(MjStatus s) { return s == MJ_STATUS_PANIC ? 63 : (s >= 0 && s < 62 ? (int)s : 62); }

/* Counts a call of `id` and checks its status against the documented ones. */
static MjStatus record(int id, MjStatus s, const char *file, int line) {
    calls++;
    fn_calls[id]++;
    fn_observed[id] |= UINT64_C(1) << status_bit(s);
    if (s != MJ_STATUS_OK && !((fn_documented[id] >> status_bit(s)) & 1)) {
        violation(file, line, "%s returned status %d, which it does not document", fn_name[id], (int)s);
    }
    return s;
}
#define CALL(name, ...) record(FN_##name, name(__VA_ARGS__), __FILE__, __LINE__)
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
static void out_done(void *p, size_t n, MjStatus s, const char *what, const char *file, int line) {
    if (!untouched((uint8_t *)p + n, CANARY)) violation(file, line, "%s: written past its %zu bytes", what, n);
    if (s != MJ_STATUS_OK && !untouched(p, n)) violation(file, line, "%s: written on status %d", what, (int)s);
    free(p);
}
#define DONE(p, n, s, what) out_done(p, n, s, what, __FILE__, __LINE__)
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

/* The drivers, by area (each file is part of this translation unit). */
#include "fuzz_hands.c"
#include "fuzz_scoring.c"
#include "fuzz_table.c"
#include "fuzz_backend.c"
#include "fuzz_mjai.c"

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
