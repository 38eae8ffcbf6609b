/*
 * mjcheck: the checks of mjdemo (see mjdemo.c): every error class of the table, backend and tai
 * calls for --self-check, and the shared fixtures for --fixture.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mjdemo.h"

/* Every error class of the tai functions once, outputs untouched on error. */
void tai_error_paths(void) {
    MjTaiRules rules = mj_tai_rules_default();
    MjTaiResult r, before;
    MjTaiPatternInfo info, info_before;
    MjTaiHand h;
    memset(&r, 0x5A, sizeof r);
    memset(&info, 0x5A, sizeof info);
    memcpy(&before, &r, sizeof r); /* bytes, padding included */
    memcpy(&info_before, &info, sizeof info);
    printf("\ntai error paths:\n");
    h = tai_sample();
    expect("mj_tai_score(hand, NULL, out)", mj_tai_score(&h, NULL, &r), MJ_STATUS_NULL_POINTER);
    h.flowers[0] = 9;
    expect("mj_tai_score with flower 9", mj_tai_score(&h, &rules, &r), MJ_STATUS_INVALID_ARGUMENT);
    h = tai_sample();
    h.how = 7;
    expect("mj_tai_score with how 7", mj_tai_score(&h, &rules, &r), MJ_STATUS_INVALID_ARGUMENT);
    h = tai_sample();
    h.seat_wind = 4;
    expect("mj_tai_score with seat wind 4", mj_tai_score(&h, &rules, &r), MJ_STATUS_INVALID_ARGUMENT);
    h = tai_sample();
    mj_parse("456789m234678p55s", h.counts, NULL);
    h.melds[0].kind = MJ_MCR_MELD_CHOW;
    h.melds[0].tile = 27; /* a chow of East */
    h.melds[0].claimed = 1;
    h.meld_count = 1;
    expect("mj_tai_score with a chow of honours", mj_tai_score(&h, &rules, &r), MJ_STATUS_ILLEGAL_MELD);
    h.melds[0].kind = MJ_MCR_MELD_ADDED_KONG;
    h.melds[0].claimed = 0; /* an added kong comes from a claimed pung: 1..3 */
    expect("mj_tai_score with an added kong claimed 0", mj_tai_score(&h, &rules, &r), MJ_STATUS_ILLEGAL_MELD);
    h.melds[0].kind = MJ_MCR_MELD_CHOW;
    h.melds[0].claimed = 1;
    h.melds[0].tile = 0; /* 123m */
    h.counts[22] = 5;   /* five 5s */
    expect("mj_tai_score with five 5s", mj_tai_score(&h, &rules, &r), MJ_STATUS_TOO_MANY_COPIES);
    h = tai_sample();
    h.counts[22] = 1;
    expect("mj_tai_score with 16 tiles", mj_tai_score(&h, &rules, &r), MJ_STATUS_BAD_TILE_TOTAL);
    h = tai_sample();
    h.flags = 1u << 9;
    expect("mj_tai_score with an unknown flag", mj_tai_score(&h, &rules, &r), MJ_STATUS_INVALID_FLAGS);
    h.flags = MJ_TAI_FLAG_REPLACEMENT;
    h.how = MJ_TAI_WIN_DISCARD;
    h.from = 2;
    expect("mj_tai_score, replacement draw on a discard", mj_tai_score(&h, &rules, &r), MJ_STATUS_INVALID_FLAGS);
    h = tai_sample();
    h.flags = MJ_TAI_FLAG_REPLACEMENT | MJ_TAI_FLAG_AFTER_EXPOSED_KONG; /* no exposed kong held */
    expect("mj_tai_score, after an exposed kong without one", mj_tai_score(&h, &rules, &r), MJ_STATUS_INVALID_FLAGS);
    h = tai_sample();
    mj_parse("123456789m234679p55s", h.counts, NULL);
    h.win_tile = 17; /* 9p */
    expect("mj_tai_score on a non-winning hand", mj_tai_score(&h, &rules, &r), MJ_STATUS_NOT_WINNING);
    h = tai_sample();
    rules.chrysanthemum_west = 2;
    expect("mj_tai_score with a switch of 2", mj_tai_score(&h, &rules, &r), MJ_STATUS_INVALID_ARGUMENT);
    expect("mj_tai_rules_preset(9, ...)", mj_tai_rules_preset(9, &rules), MJ_STATUS_INVALID_ARGUMENT);
    expect("mj_tai_pattern_info(39, ...)", mj_tai_pattern_info(39, NULL, &info), MJ_STATUS_INVALID_ARGUMENT);
    expect("mj_tai_pattern_info(1, NULL, NULL)", mj_tai_pattern_info(1, NULL, NULL), MJ_STATUS_NULL_POINTER);
    if (memcmp(&r, &before, sizeof r) != 0 || memcmp(&info, &info_before, sizeof info) != 0 ||
        rules.chrysanthemum_west != 2) {
        printf("  FAIL a tai output was written on error\n");
        failures++;
    } else {
        printf("  ok   tai outputs untouched on every error\n");
    }
    /* No clamp: the dealer self-draws on its third deal with 連莊 worth 40,000 a deal; tai[2] is
     * 80,000 (it was clamped to 65,535) and the payments follow it. */
    rules = mj_tai_rules_default();
    rules.values[2] = 40000;
    h = mj_tai_hand_default();
    mj_parse("123456789m234678p55s", h.counts, NULL);
    h.win_tile = 16; /* 8p */
    h.consecutive_deals = 2;
    MjStatus st = mj_tai_score(&h, &rules, &r);
    long long each = 100 + 20 * (long long)r.total;
    if (st != MJ_STATUS_OK || r.tai[2] != 80000 || r.payments[0] != 3 * each || r.payments[1] != -each) {
        printf("  FAIL 連莊 40,000 x 2: %s, tai[2] %u\n", mj_status_str(st), (unsigned)r.tai[2]);
        failures++;
    } else {
        printf("  ok   連莊 40,000 x 2 counts 80,000 tai, payments %lld / %lld\n", (long long)r.payments[0],
               (long long)r.payments[1]);
    }
}

/* ---- Shared fixtures (tests/fixtures, hands.tsv and mcr.tsv): `mjdemo --fixture DIR` recomputes every row's
 * output columns through the C ABI and compares them with the file, as tests/fixtures.rs does in
 * Rust and bindings/csharp/tests in C#. */

static const char *status_name(MjStatus st) {
    switch ((int)st) {
    case MJ_STATUS_NULL_POINTER: return "!NULL_POINTER";
    case MJ_STATUS_TOO_MANY_COPIES: return "!TOO_MANY_COPIES";
    case MJ_STATUS_BAD_TILE_TOTAL: return "!BAD_TILE_TOTAL";
    case MJ_STATUS_BAD_NOTATION: return "!BAD_NOTATION";
    case MJ_STATUS_BUFFER_TOO_SMALL: return "!BUFFER_TOO_SMALL";
    case MJ_STATUS_INVALID_ARGUMENT: return "!INVALID_ARGUMENT";
    case MJ_STATUS_NOT_WINNING: return "!NOT_WINNING";
    case MJ_STATUS_ILLEGAL_MELD: return "!ILLEGAL_MELD";
    case MJ_STATUS_INVALID_FLAGS: return "!INVALID_FLAGS";
    case MJ_STATUS_PANIC: return "!PANIC";
    default: return "!UNKNOWN";
    }
}

/* Appends formatted text to out (capacity cap). */
static void append(char *out, size_t cap, const char *fmt, ...) {
    size_t used = strlen(out);
    va_list ap;
    va_start(ap, fmt);
    if (used < cap) vsnprintf(out + used, cap - used, fmt, ap);
    va_end(ap);
}

#define FIX_LINE 8192
#define FIX_COLS 16

/* Splits line at tabs (in place); returns the number of columns. */
static int split_tabs(char *line, char **cols) {
    int n = 0;
    line[strcspn(line, "\r\n")] = '\0';
    cols[n++] = line;
    for (char *p = line; *p && n < FIX_COLS; p++) {
        if (*p == '\t') {
            *p = '\0';
            cols[n++] = p + 1;
        }
    }
    return n;
}

/* The output columns of a hands.tsv row, tab-separated, into out. */
static void fixture_hand(const char *text, uint32_t forms, char *out, size_t cap) {
    uint8_t c[MJ_TILE_KINDS];
    char t[MJ_FORMAT_BUF_LEN], t2[MJ_FORMAT_BUF_LEN];
    MjStatus st = mj_parse(text, c, NULL);
    out[0] = '\0';
    if (st != MJ_STATUS_OK) {
        const char *s = status_name(st);
        append(out, cap, "%s\t%s\t%s\t%s\t%s", s, s, s, s, s);
        return;
    }
    int32_t sh = 0;
    st = mj_shanten(c, forms, &sh);
    if (st == MJ_STATUS_OK) append(out, cap, "%d\t", (int)sh); else append(out, cap, "%s\t", status_name(st));
    uint8_t win = 0;
    st = mj_is_win(c, forms, &win);
    if (st == MJ_STATUS_OK) append(out, cap, "%u\t", win); else append(out, cap, "%s\t", status_name(st));
    uint64_t waits = 0;
    st = mj_waits(c, forms, &waits);
    mask_to_text(waits, t, sizeof t);
    append(out, cap, "%s\t", st == MJ_STATUS_OK ? t : status_name(st));
    uint8_t per_kind[MJ_TILE_KINDS];
    uint32_t total = 0;
    st = mj_ukeire(c, forms, NULL, per_kind, &total);
    if (st == MJ_STATUS_OK) {
        append(out, cap, "%u", total);
        for (int k = 0; k < MJ_TILE_KINDS; k++) {
            if (!per_kind[k]) continue;
            mask_to_text((uint64_t)1 << k, t, sizeof t);
            append(out, cap, " %s:%u", t, per_kind[k]);
        }
        append(out, cap, "\t");
    } else {
        append(out, cap, "%s\t", status_name(st));
    }
    MjDiscard d[MJ_TILE_KINDS];
    uint32_t len = 0;
    st = mj_discards(c, forms, NULL, d, &len);
    if (st != MJ_STATUS_OK) {
        append(out, cap, "%s", status_name(st));
        return;
    }
    for (uint32_t i = 0; i < len; i++) {
        mask_to_text((uint64_t)1 << d[i].tile, t, sizeof t);
        mask_to_text(d[i].ukeire_mask, t2, sizeof t2);
        append(out, cap, "%s%s/%d/%u/%s", i ? " " : "", t, (int)d[i].shanten, d[i].ukeire_count, t2);
    }
}

/* The kind of a one-tile notation, or -1. */
static int tile_kind(const char *text) {
    uint8_t c[MJ_TILE_KINDS];
    if (mj_parse(text, c, NULL) != MJ_STATUS_OK || tile_total(c) != 1) return -1;
    for (int k = 0; k < MJ_TILE_KINDS; k++)
        if (c[k]) return k;
    return -1;
}

/* The output columns of an mcr.tsv row (cols[0..6] are the inputs); 0 if the inputs are bad. */
static int fixture_mcr(char **cols, char *out, size_t cap) {
    MjMcrHand h = mj_mcr_hand_default();
    int win = tile_kind(cols[2]);
    if (mj_parse(cols[0], h.counts, NULL) != MJ_STATUS_OK || win < 0) return 0;
    h.win_tile = (uint8_t)win;
    if (strcmp(cols[1], "-") != 0) {
        char melds[256];
        snprintf(melds, sizeof melds, "%s", cols[1]);
        for (char *m = strtok(melds, ","); m; m = strtok(NULL, ",")) {
            char kind[8], tile[8];
            unsigned claimed = 0;
            if (h.meld_count >= MJ_MCR_MAX_MELDS || sscanf(m, "%7[a-z]:%7[0-9a-z]:%u", kind, tile, &claimed) != 3)
                return 0;
            MjMcrMeld *x = &h.melds[h.meld_count++];
            x->kind = !strcmp(kind, "chow") ? MJ_MCR_MELD_CHOW : !strcmp(kind, "pung") ? MJ_MCR_MELD_PUNG
                    : !strcmp(kind, "kong") ? MJ_MCR_MELD_KONG : !strcmp(kind, "ckong") ? MJ_MCR_MELD_CONCEALED_KONG : 0;
            x->tile = (uint8_t)tile_kind(tile);
            x->claimed = (uint8_t)claimed;
        }
    }
    h.seat_wind = (uint8_t)atoi(cols[3]);
    h.prevalent_wind = (uint8_t)atoi(cols[4]);
    h.flags = (uint32_t)strtoul(cols[5], NULL, 10);
    h.flowers = (uint8_t)atoi(cols[6]);
    MjMcrResult r;
    MjStatus st = mj_mcr_score(&h, &r);
    out[0] = '\0';
    if (st != MJ_STATUS_OK) {
        append(out, cap, "%s\t-\t-\t-", status_name(st));
        return 1;
    }
    append(out, cap, "%d\t%d\t%u\t", (int)r.total, (int)r.base, r.qualifies);
    int first = 1;
    for (int id = 1; id < MJ_MCR_FAN_SLOTS; id++) {
        if (!r.fans[id]) continue;
        append(out, cap, "%s%d*%u", first ? "" : " ", id, r.fans[id]);
        first = 0;
    }
    return 1;
}

/* Checks one fixture file; returns the number of rows, or -1 if it cannot be read. */
static int fixture_file(const char *dir, const char *name, int inputs, int *bad) {
    char path[1024], line[FIX_LINE], copy[FIX_LINE], got[FIX_LINE];
    char *cols[FIX_COLS];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "mjdemo: cannot read %s\n", path);
        return -1;
    }
    int rows = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[strspn(line, " \t\r\n")] == '\0') continue;
        line[strcspn(line, "\r\n")] = '\0';
        snprintf(copy, sizeof copy, "%s", line);
        int n = split_tabs(copy, cols);
        char outputs[FIX_LINE];
        int ok = n >= inputs;
        if (ok && inputs == 2) fixture_hand(cols[0], (uint32_t)strtoul(cols[1], NULL, 10), outputs, sizeof outputs);
        else if (ok) ok = fixture_mcr(cols, outputs, sizeof outputs);
        got[0] = '\0';
        for (int i = 0; i < inputs && i < n; i++) append(got, sizeof got, "%s\t", cols[i]);
        append(got, sizeof got, "%s", ok ? outputs : "(unreadable inputs)");
        if (strcmp(got, line) != 0) {
            printf("%s row differs:\n  file: %s\n  C:    %s\n", name, line, got);
            (*bad)++;
        }
        rows++;
    }
    fclose(f);
    return rows;
}

int run_fixtures(const char *dir) {
    int bad = 0, mjai_lines = 0;
    int hands = fixture_file(dir, "hands.tsv", 2, &bad);
    int mcr = fixture_file(dir, "mcr.tsv", 7, &bad);
    int mjai = mjai_fixture(dir, &mjai_lines);
    if (hands < 0 || mcr < 0 || mjai < 0) return 2;
    printf("fixtures: %d hands.tsv rows and %d mcr.tsv rows, %d differ; mjai_hand.jsonl (%d lines) replayed and played through "
           "responses, %d refused\n",
           hands, mcr, bad, mjai_lines, mjai);
    return bad || mjai ? 1 : 0;
}



void table_error_paths(void) {
    MjRules rules = mj_rules_default();
    MjBotConfig bot = mj_bot_config_default();
    MjTable *table = NULL;
    MjView view, before, after;
    MjAction action = {MJ_ACTION_DISCARD, 0, 0};
    MjAction actions[MJ_MAX_ACTIONS];
    MjHandResult result;
    uint32_t count = 0;
    uint8_t pending = 0;

    printf("\ntable and AI error paths:\n");
    expect("mj_table_new(NULL, ...)", mj_table_new(NULL, 1, &table), MJ_STATUS_NULL_POINTER);
    rules.variant = 9;
    expect("mj_table_new with variant 9", mj_table_new(&rules, 1, &table), MJ_STATUS_INVALID_ARGUMENT);
    rules = mj_rules_default();
    rules.dead_wall = 200;
    expect("mj_table_new with a 200-tile dead wall", mj_table_new(&rules, 1, &table),
           MJ_STATUS_INVALID_ARGUMENT);
    rules = mj_rules_default();
    rules.variant = MJ_VARIANT_THIRTEEN; /* tai scores 16-tile hands only */
    expect("mj_table_new with tai on 13 tiles", mj_table_new(&rules, 1, &table), MJ_STATUS_INVALID_ARGUMENT);
    rules = mj_rules_default();
    rules.tai.values[0] = 1; /* slot 0 is no pattern */
    expect("mj_table_new with tai values[0] 1", mj_table_new(&rules, 1, &table), MJ_STATUS_INVALID_ARGUMENT);
    rules = mj_rules_default();
    rules.tai.chrysanthemum_west = 2;
    expect("mj_table_new with a tai switch 2", mj_table_new(&rules, 1, &table), MJ_STATUS_INVALID_ARGUMENT);
    rules = mj_rules_default();
    rules.pass_lock = 3;
    expect("mj_table_new with pass_lock 3", mj_table_new(&rules, 1, &table), MJ_STATUS_INVALID_ARGUMENT);
    rules = mj_rules_default();
    expect("mj_table_new(rules, 7, &table)", mj_table_new(&rules, 7, &table), MJ_STATUS_OK);
    expect("mj_table_pending(NULL, ...)", mj_table_pending(NULL, &pending, NULL), MJ_STATUS_NULL_POINTER);
    expect("mj_table_view, reader 6", mj_table_view(table, 6, &view), MJ_STATUS_INVALID_ARGUMENT);
    expect("mj_table_legal_actions into 1 slot", mj_table_legal_actions(table, 0, actions, 1, &count),
           MJ_STATUS_BUFFER_TOO_SMALL);
    mj_table_view(table, 1, &before);
    expect("mj_table_apply: seat 1 out of turn", mj_table_apply(table, 1, action), MJ_STATUS_ILLEGAL_ACTION);
    mj_table_view(table, 1, &after);
    if (memcmp(&before, &after, sizeof before) != 0) {
        printf("  FAIL an illegal action changed the table\n");
        failures++;
    }
    action.kind = 42;
    expect("mj_table_apply: action kind 42", mj_table_apply(table, 0, action), MJ_STATUS_INVALID_ARGUMENT);
    action.kind = MJ_ACTION_EIGHT_FLOWERS;
    action.tile = 5; /* a flower win names a flower code, 34..41 */
    expect("mj_table_apply: eight flowers on tile 5", mj_table_apply(table, 0, action), MJ_STATUS_INVALID_ARGUMENT);
    action.tile = 34;
    expect("mj_table_apply: eight flowers not offered", mj_table_apply(table, 0, action), MJ_STATUS_ILLEGAL_ACTION);
    expect("mj_table_result while playing", mj_table_result(table, &result), MJ_STATUS_HAND_NOT_OVER);
    expect("mj_table_next_hand while playing", mj_table_next_hand(table), MJ_STATUS_HAND_NOT_OVER);
    mj_table_view(table, 0, &view);
    expect("mj_ai_decide(view, NULL, ...)", mj_ai_decide(&view, NULL, &action), MJ_STATUS_NULL_POINTER);
    expect("mj_ai_decide for the dealer", mj_ai_decide(&view, &bot, &action), MJ_STATUS_OK);
    bot.attack_level = 0;
    expect("mj_ai_decide, AttackLevel 0", mj_ai_decide(&view, &bot, &action), MJ_STATUS_INVALID_ARGUMENT);
    bot = mj_bot_config_default();
    mj_table_view(table, 1, &view);
    expect("mj_ai_decide for a seat not asked", mj_ai_decide(&view, &bot, &action), MJ_STATUS_INVALID_VIEW);
    mj_table_view(table, 0, &view);
    view.phase = 9;
    expect("mj_ai_decide, phase 9", mj_ai_decide(&view, &bot, &action), MJ_STATUS_INVALID_VIEW);
    mj_table_view(table, 0, &view);
    view.concealed_counts[2] += 1;
    expect("mj_ai_decide, 17 tiles for seat 2", mj_ai_decide(&view, &bot, &action), MJ_STATUS_INVALID_VIEW);
    mj_table_view(table, 0, &view);
    view.discard_count = 1;
    view.discard_tile[0] = view.hand[0] ? 0 : 1;
    view.discard_seat[0] = 1;
    view.discard_claimed_by[0] = MJ_NO_SEAT;
    view.hand[0] = 4;
    view.hand[1] = 4;
    expect("mj_ai_decide, a fifth tile in sight", mj_ai_decide(&view, &bot, &action),
           MJ_STATUS_TOO_MANY_COPIES);
    expect("mj_legal_actions(NULL, ...)", mj_legal_actions(NULL, actions, MJ_MAX_ACTIONS, &count),
           MJ_STATUS_NULL_POINTER);
    mj_table_view(table, 0, &view);
    view.rules.dead_wall = 255;
    expect("mj_legal_actions, a 255-tile dead wall", mj_legal_actions(&view, actions, MJ_MAX_ACTIONS, &count),
           MJ_STATUS_INVALID_VIEW);
    /* 過水 locks in a view of rules without 過水: an impossible view. */
    mj_table_view(table, 0, &view);
    view.rules.pass_lock = 0;
    view.pass_locked = 1;
    expect("mj_legal_actions, a 過水 lock without the rule", mj_legal_actions(&view, actions, MJ_MAX_ACTIONS, &count),
           MJ_STATUS_INVALID_VIEW);
    /* Timers: the default of a seat whose time ran out. */
    mj_table_pending(table, &pending, NULL);
    {
        uint8_t seat = 0, idle;
        MjBotConfig bad = bot;
        while (!(pending >> seat & 1)) seat++;
        idle = (uint8_t)((seat + 1) % MJ_SEATS);
        bad.attack_level = 0;
        expect("mj_table_apply_default, a seat not waited for", mj_table_apply_default(table, idle, NULL, &action),
               MJ_STATUS_ILLEGAL_ACTION);
        expect("mj_table_apply_default seat 4", mj_table_apply_default(table, 4, NULL, NULL), MJ_STATUS_INVALID_ARGUMENT);
        expect("mj_table_default_action, AttackLevel 0", mj_table_default_action(table, seat, &bad, &action),
               MJ_STATUS_INVALID_ARGUMENT);
        expect("mj_table_default_action(..., NULL)", mj_table_default_action(table, seat, NULL, NULL), MJ_STATUS_NULL_POINTER);
        expect("mj_table_default_action (the drawn tile)", mj_table_default_action(table, seat, NULL, &action), MJ_STATUS_OK);
    }
    /* The last hand index has no next hand: refused, nothing changed. Every seat's timer runs
     * out, every decision is its default (the bot's, or a pass / the drawn tile). */
    expect("mj_table_deal hand UINT32_MAX", mj_table_deal(table, UINT32_MAX, 0, 0), MJ_STATUS_OK);
    for (unsigned step = 0;; step++) {
        uint8_t phase = 0;
        mj_table_pending(table, &pending, &phase);
        if (phase == MJ_PHASE_OVER) break;
        uint8_t seat = 0;
        while (!(pending >> seat & 1)) seat++;
        if (mj_table_apply_default(table, seat, step % 2 ? &bot : NULL, &action) != MJ_STATUS_OK) {
            printf("  FAIL playing hand UINT32_MAX by defaults\n");
            failures++;
            break;
        }
    }
    mj_table_view(table, 0, &before);
    expect("mj_table_next_hand after hand UINT32_MAX", mj_table_next_hand(table), MJ_STATUS_INVALID_ARGUMENT);
    mj_table_view(table, 0, &after);
    if (memcmp(&before, &after, sizeof before) != 0) {
        printf("  FAIL a refused next hand changed the table\n");
        failures++;
    }
    mj_table_free(table);
    mj_table_free(NULL);
}

/* Every error class of the client calls once (the client of seat 1 at `table`), and its view
 * after the hand so far is the table's view of seat 1. */
static void client_error_paths(const MjTable *table) {
    MjRules rules = mj_rules_default();
    MjClient *client = NULL;
    MjClientState state;
    MjView view, want;
    MjEvent ev[64];
    uint32_t n = 0;

    rules.claim_window = 2;
    expect("mj_client_new with claim window 2", mj_client_new(&rules, 1, &client), MJ_STATUS_INVALID_ARGUMENT);
    rules = mj_rules_default();
    expect("mj_client_new for the observer", mj_client_new(&rules, MJ_READER_OBSERVER, &client), MJ_STATUS_INVALID_ARGUMENT);
    expect("mj_client_new(NULL, ...)", mj_client_new(NULL, 1, &client), MJ_STATUS_NULL_POINTER);
    expect("mj_client_new(rules, 1, &client)", mj_client_new(&rules, 1, &client), MJ_STATUS_OK);
    expect("mj_client_view before a hand start", mj_client_view(client, &view), MJ_STATUS_INVALID_ARGUMENT);
    expect("mj_table_events, seat 1", mj_table_events(table, 1, 0, ev, 64, &n), MJ_STATUS_OK);
    expect("mj_client_apply: a deal first", mj_client_apply(client, &ev[1]), MJ_STATUS_BAD_EVENT);
    for (uint32_t i = 0; i < n; i++) {
        if (mj_client_apply(client, &ev[i]) != MJ_STATUS_OK) { printf("  FAIL client event %u\n", i); failures++; }
    }
    expect("mj_client_apply: an event again", mj_client_apply(client, &ev[0]), MJ_STATUS_BAD_EVENT);
    ev[0].kind = 200;
    expect("mj_client_apply: kind 200", mj_client_apply(client, &ev[0]), MJ_STATUS_INVALID_ARGUMENT);
    expect("mj_client_apply(client, NULL)", mj_client_apply(client, NULL), MJ_STATUS_NULL_POINTER);
    expect("mj_client_view", mj_client_view(client, &view), MJ_STATUS_OK);
    expect("mj_table_view, seat 1", mj_table_view(table, 1, &want), MJ_STATUS_OK);
    if (memcmp(&view, &want, sizeof view) != 0) { printf("  FAIL the client's view is not the table's\n"); failures++; }
    expect("mj_client_state", mj_client_state(client, &state), MJ_STATUS_OK);
    if (state.next_index != ev[n - 1].index + 1) { printf("  FAIL the client's next index\n"); failures++; }
    expect("mj_client_state(NULL, ...)", mj_client_state(NULL, &state), MJ_STATUS_NULL_POINTER);
    expect("mj_client_view(client, NULL)", mj_client_view(client, NULL), MJ_STATUS_NULL_POINTER);
    expect("mj_table_view, the spectator", mj_table_view(table, MJ_READER_SPECTATOR, &view), MJ_STATUS_OK);
    if (view.seat != MJ_NO_SEAT || view.pending != 0) { printf("  FAIL the spectator's view\n"); failures++; }
    expect("mj_table_view, the observer", mj_table_view(table, MJ_READER_OBSERVER, &view), MJ_STATUS_INVALID_ARGUMENT);
    mj_client_free(client);
    mj_client_free(NULL);
}

/* Every error class of the backend calls (events, snapshots, records, matches, names, presets)
 * once, and undo by loading an earlier snapshot. */
void backend_error_paths(void) {
    MjRules rules = mj_rules_default();
    MjMatchRules match = mj_match_rules_default();
    MjTable *table = NULL, *other = NULL;
    MjEvent ev[4];
    MjMatchResult result;
    MjMatchState state;
    uint32_t n = 0;
    size_t len = 0, line = 0;
    uint64_t first = 0, next = 0;
    uint8_t buf[64], *image, *again;
    char name[MJ_NAME_BUF_LEN];

    printf("\nbackend error paths:\n");
    expect("mj_rules_preset(MJ_VARIANT_THIRTEEN)", mj_rules_preset(MJ_VARIANT_THIRTEEN, &rules), MJ_STATUS_OK);
    if (rules.dead_wall != 14) { printf("  FAIL 13-tile preset dead wall %d\n", rules.dead_wall); failures++; }
    expect("mj_rules_preset(7)", mj_rules_preset(7, &rules), MJ_STATUS_INVALID_ARGUMENT);
    expect("mj_rules_preset(..., NULL)", mj_rules_preset(0, NULL), MJ_STATUS_NULL_POINTER);
    rules = mj_rules_default();
    match.end = MJ_MATCH_END_WIND_ROUNDS;
    match.end_value = 5;
    expect("mj_table_new_match, 5 wind rounds", mj_table_new_match(&rules, &match, 1, &table), MJ_STATUS_INVALID_ARGUMENT);
    expect("mj_table_new_match(rules, NULL, ...)", mj_table_new_match(&rules, NULL, 1, &table), MJ_STATUS_NULL_POINTER);
    match.end = MJ_MATCH_END_HANDS;
    match.end_value = 1;
    expect("mj_table_new_match, one hand", mj_table_new_match(&rules, &match, 3, &table), MJ_STATUS_OK);
    expect("mj_table_events, reader 6", mj_table_events(table, 6, 0, ev, 4, &n), MJ_STATUS_INVALID_ARGUMENT);
    expect("mj_table_events into NULL", mj_table_events(table, 0, 0, NULL, 4, &n), MJ_STATUS_NULL_POINTER);
    expect("mj_table_events, 4 slots (more wait)", mj_table_events(table, 0, 0, ev, 4, &n), MJ_STATUS_OK);
    expect("mj_table_event_bounds(NULL, ...)", mj_table_event_bounds(NULL, 0, &first, &next), MJ_STATUS_NULL_POINTER);
    expect("mj_table_event_bounds, reader 6", mj_table_event_bounds(table, 6, &first, &next), MJ_STATUS_INVALID_ARGUMENT);
    expect("mj_table_event_bounds, the spectator", mj_table_event_bounds(table, MJ_READER_SPECTATOR, &first, &next),
           MJ_STATUS_OK);
    client_error_paths(table);
    expect("mj_table_set_score seat 4", mj_table_set_score(table, 4, 100), MJ_STATUS_INVALID_ARGUMENT);
    expect("mj_table_match_state(table, NULL)", mj_table_match_state(table, NULL), MJ_STATUS_NULL_POINTER);
    expect("mj_table_match_result while playing", mj_table_match_result(table, &result), MJ_STATUS_MATCH_NOT_OVER);
    /* Save: ask for the size, allocate, save. Undo: apply a move, load the earlier image. */
    expect("mj_table_save, size query", mj_table_save(table, NULL, 0, &len), MJ_STATUS_BUFFER_TOO_SMALL);
    image = malloc(len);
    again = malloc(len);
    expect("mj_table_save", mj_table_save(table, image, len, &len), MJ_STATUS_OK);
    {
        MjAction legal[MJ_MAX_ACTIONS];
        mj_table_legal_actions(table, 0, legal, MJ_MAX_ACTIONS, &n);
        expect("mj_table_apply (a move to undo)", mj_table_apply(table, 0, legal[0]), MJ_STATUS_OK);
    }
    mj_table_free(table);
    expect("mj_table_load (undo)", mj_table_load(image, len, &table), MJ_STATUS_OK);
    expect("mj_table_save after the undo", mj_table_save(table, again, len, &len), MJ_STATUS_OK);
    if (memcmp(image, again, len) != 0) { printf("  FAIL the undone table saves differently\n"); failures++; }
    image[len / 2] ^= 1;
    expect("mj_table_load, one bit flipped", mj_table_load(image, len, &other), MJ_STATUS_BAD_SNAPSHOT);
    image[len / 2] ^= 1;
    image[4] ^= 1;
    expect("mj_table_load, format version 0", mj_table_load(image, len, &other), MJ_STATUS_SNAPSHOT_VERSION);
    image[4] ^= 1;
    expect("mj_table_load, 10 bytes", mj_table_load(image, 10, &other), MJ_STATUS_BAD_SNAPSHOT);
    expect("mj_table_load(NULL, 9, ...)", mj_table_load(NULL, 9, &other), MJ_STATUS_NULL_POINTER);
    free(image);
    free(again);
    /* Records: the size, the text, a bad line named; a record continued across a load. */
    {
        static const char other_table[] = "{\"mjkit_record\":3}\n";
        expect("mj_table_record_continue, a bad header",
               mj_table_record_continue(table, (const uint8_t *)other_table, sizeof other_table - 1, &line),
               MJ_STATUS_BAD_RECORD);
        if (line != 1) { printf("  FAIL bad record line %zu, want 1\n", line); failures++; }
        expect("mj_table_record_continue(NULL, ...)", mj_table_record_continue(NULL, NULL, 0, NULL), MJ_STATUS_NULL_POINTER);
        expect("mj_table_record_continue(table, NULL, 5, ...)", mj_table_record_continue(table, NULL, 5, NULL),
               MJ_STATUS_NULL_POINTER);
    }
    expect("mj_table_record into 64 bytes", mj_table_record(table, buf, sizeof buf, &len), MJ_STATUS_BUFFER_TOO_SMALL);
    expect("mj_table_record(table, buf, 64, NULL)", mj_table_record(table, buf, sizeof buf, NULL), MJ_STATUS_NULL_POINTER);
    expect("mj_table_record_restart(NULL)", mj_table_record_restart(NULL), MJ_STATUS_NULL_POINTER);
    {
        static const char bad[] = "{\"mjkit_record\":1}\n";
        expect("mj_table_from_record, a bad header", mj_table_from_record((const uint8_t *)bad, sizeof bad - 1, &other, &line),
               MJ_STATUS_BAD_RECORD);
        if (line != 1) { printf("  FAIL bad record line %zu, want 1\n", line); failures++; }
        expect("mj_table_from_record(NULL, 5, ...)", mj_table_from_record(NULL, 5, &other, &line), MJ_STATUS_NULL_POINTER);
    }
    /* The match of one hand: play it out, then the next hand is refused. */
    for (;;) {
        uint8_t pending = 0, phase = 0, seat = 0;
        MjAction legal[MJ_MAX_ACTIONS];
        mj_table_pending(table, &pending, &phase);
        if (phase == MJ_PHASE_OVER) break;
        while (!(pending >> seat & 1)) seat++;
        mj_table_legal_actions(table, seat, legal, MJ_MAX_ACTIONS, &n);
        if (mj_table_apply(table, seat, legal[n - 1]) != MJ_STATUS_OK) { printf("  FAIL playing the match\n"); failures++; break; }
    }
    expect("mj_table_next_hand after the match", mj_table_next_hand(table), MJ_STATUS_MATCH_OVER);
    expect("mj_table_match_state", mj_table_match_state(table, &state), MJ_STATUS_OK);
    expect("mj_table_match_result", mj_table_match_result(table, &result), MJ_STATUS_OK);
    mj_table_free(table);
    /* Names. */
    expect("mj_tile_name(4, words, Traditional)",
           mj_tile_name(4, MJ_TILE_STYLE_WORDS, MJ_LANG_TRADITIONAL, name, sizeof name, &len), MJ_STATUS_OK);
    if (strcmp(name, "五萬") != 0 || len != strlen(name)) { printf("  FAIL tile 4 in Traditional is %s\n", name); failures++; }
    expect("mj_tile_name(4, words, Simplified)",
           mj_tile_name(4, MJ_TILE_STYLE_WORDS, MJ_LANG_SIMPLIFIED, name, sizeof name, &len), MJ_STATUS_OK);
    if (strcmp(name, "五万") != 0) { printf("  FAIL tile 4 in Simplified is %s\n", name); failures++; }
    expect("mj_tile_name(42, ...)", mj_tile_name(42, MJ_TILE_STYLE_NOTATION, MJ_LANG_ENGLISH, name, sizeof name, &len),
           MJ_STATUS_OK);
    if (strcmp(name, "0m") != 0) { printf("  FAIL tile 42 (the red 5m) is %s\n", name); failures++; }
    expect("mj_tile_name(45, ...)", mj_tile_name(45, MJ_TILE_STYLE_NOTATION, MJ_LANG_ENGLISH, name, sizeof name, &len),
           MJ_STATUS_INVALID_ARGUMENT);
    expect("mj_tile_name, style 3", mj_tile_name(4, 3, MJ_LANG_ENGLISH, name, sizeof name, &len), MJ_STATUS_INVALID_ARGUMENT);
    expect("mj_tile_name into 2 bytes", mj_tile_name(4, MJ_TILE_STYLE_WORDS, MJ_LANG_ENGLISH, name, 2, &len),
           MJ_STATUS_BUFFER_TOO_SMALL);
    expect("mj_tile_name(..., NULL out_len)", mj_tile_name(4, MJ_TILE_STYLE_WORDS, MJ_LANG_ENGLISH, name, sizeof name, NULL),
           MJ_STATUS_NULL_POINTER);
    {
        uint8_t wind = 9;
        expect("mj_flower_name(7, default rules)", mj_flower_name(7, &rules, MJ_LANG_TRADITIONAL, name, sizeof name, &len, &wind),
               MJ_STATUS_OK);
        if (strcmp(name, "菊") != 0 || wind != 3) { printf("  FAIL flower 7 is %s of wind %d\n", name, wind); failures++; }
        expect("mj_flower_name(8, ...)", mj_flower_name(8, &rules, MJ_LANG_ENGLISH, name, sizeof name, &len, NULL),
               MJ_STATUS_INVALID_ARGUMENT);
        expect("mj_flower_name(0, NULL rules, ...)", mj_flower_name(0, NULL, MJ_LANG_ENGLISH, name, sizeof name, &len, NULL),
               MJ_STATUS_NULL_POINTER);
    }
    expect("mj_wind_name(0, ..., NULL, 8)", mj_wind_name(0, MJ_LANG_ENGLISH, NULL, 8, &len), MJ_STATUS_NULL_POINTER);
    {
        MjNameContext ctx = mj_name_context_default();
        ctx.reader = 0;
        ctx.seat_style = MJ_SEAT_STYLE_RELATIVE;
        expect("mj_seat_name(1, seat 0 relative)", mj_seat_name(1, &ctx, MJ_LANG_TRADITIONAL, name, sizeof name, &len),
               MJ_STATUS_OK);
        if (strcmp(name, "下家") != 0) { printf("  FAIL seat 1 from seat 0 is %s\n", name); failures++; }
        ctx.seat_style = 3;
        expect("mj_seat_name, style 3", mj_seat_name(1, &ctx, MJ_LANG_ENGLISH, name, sizeof name, &len),
               MJ_STATUS_INVALID_ARGUMENT);
    }
    expect("mj_round_name(East, 0, 0)", mj_round_name(0, 0, 0, MJ_LANG_SIMPLIFIED, name, sizeof name, &len), MJ_STATUS_OK);
    if (strcmp(name, "东风东局") != 0) { printf("  FAIL the first round is %s\n", name); failures++; }
    expect("mj_round_name, wind 4", mj_round_name(4, 0, 0, MJ_LANG_ENGLISH, name, sizeof name, &len), MJ_STATUS_INVALID_ARGUMENT);
    expect("mj_action_name(200, ...)", mj_action_name(200, MJ_LANG_ENGLISH, name, sizeof name, &len), MJ_STATUS_INVALID_ARGUMENT);
    expect("mj_meld_name, language 3", mj_meld_name(0, 3, name, sizeof name, &len), MJ_STATUS_INVALID_ARGUMENT);
    expect("mj_reason_name(200, ...)", mj_reason_name(200, MJ_LANG_ENGLISH, name, sizeof name, &len), MJ_STATUS_INVALID_ARGUMENT);
    expect("mj_tai_pattern_name(0, ...)", mj_tai_pattern_name(0, MJ_LANG_ENGLISH, name, sizeof name, &len),
           MJ_STATUS_INVALID_ARGUMENT);
    ev[0].kind = 200;
    expect("mj_event_text, kind 200", mj_event_text(&ev[0], NULL, MJ_LANG_ENGLISH, name, sizeof name, &len),
           MJ_STATUS_INVALID_ARGUMENT);
    expect("mj_event_text(NULL, ...)", mj_event_text(NULL, NULL, MJ_LANG_ENGLISH, name, sizeof name, &len),
           MJ_STATUS_NULL_POINTER);
}

/* Every error class of the riichi table's calls once: its rules, the explicit wall, the bots. */
void riichi_error_paths(void) {
    MjRules rules, bad;
    MjTable *table = NULL;
    MjView view, before, after;
    MjAction action = {MJ_ACTION_RIICHI, MJ_NO_TILE, 0};
    MjBotConfig bot = mj_bot_config_default(); /* the thesis bot: it does not play riichi */
    uint8_t wall[136];

    printf("\nriichi table error paths:\n");
    expect("mj_rules_preset(MJ_PRESET_RIICHI_TENHOU)", mj_rules_preset(MJ_PRESET_RIICHI_TENHOU, &rules),
           MJ_STATUS_OK);
    expect("mj_rules_preset(0x202)", mj_rules_preset(0x202, &bad), MJ_STATUS_INVALID_ARGUMENT);
    bad = rules;
    bad.riichi.red_fives = 2;
    expect("mj_table_new with 2 red fives", mj_table_new(&bad, 1, &table), MJ_STATUS_INVALID_ARGUMENT);
    bad = rules;
    bad.riichi.kuikae = 2;
    expect("mj_table_new with kuikae 2", mj_table_new(&bad, 1, &table), MJ_STATUS_INVALID_ARGUMENT);
    bad = rules;
    bad.riichi.kan_dora_added = 9;
    expect("mj_table_new with kan dora timing 9", mj_table_new(&bad, 1, &table), MJ_STATUS_INVALID_ARGUMENT);
    bad = rules;
    bad.riichi.scoring.three_player = 1;
    expect("mj_table_new, three-player scoring at four seats", mj_table_new(&bad, 1, &table),
           MJ_STATUS_INVALID_ARGUMENT);
    bad = rules;
    bad.dead_wall = 16;
    expect("mj_table_new, a riichi dead wall of 16", mj_table_new(&bad, 1, &table), MJ_STATUS_INVALID_ARGUMENT);
    bad = rules;
    bad.pass_lock = 1;
    expect("mj_table_new, 過水 at a riichi table", mj_table_new(&bad, 1, &table), MJ_STATUS_INVALID_ARGUMENT);
    expect("mj_table_new(riichi rules, 7, &table)", mj_table_new(&rules, 7, &table), MJ_STATUS_OK);
    for (int k = 0; k < 136; k++) wall[k] = (uint8_t)(k / 4);
    wall[16] = 42; /* the first copy of each five is red */
    wall[52] = 43;
    wall[88] = 44;
    mj_table_view(table, 0, &before);
    expect("mj_table_deal_wall(NULL, ...)", mj_table_deal_wall(NULL, 0, 0, 0, wall, 136), MJ_STATUS_NULL_POINTER);
    expect("mj_table_deal_wall, NULL wall", mj_table_deal_wall(table, 0, 0, 0, NULL, 136), MJ_STATUS_NULL_POINTER);
    expect("mj_table_deal_wall, 135 tiles", mj_table_deal_wall(table, 0, 0, 0, wall, 135), MJ_STATUS_INVALID_ARGUMENT);
    expect("mj_table_deal_wall, dealer 4", mj_table_deal_wall(table, 0, 4, 0, wall, 136), MJ_STATUS_INVALID_ARGUMENT);
    wall[0] = 1;
    expect("mj_table_deal_wall, a fifth 2m", mj_table_deal_wall(table, 0, 0, 0, wall, 136), MJ_STATUS_INVALID_ARGUMENT);
    mj_table_view(table, 0, &after);
    if (memcmp(&before, &after, sizeof before) != 0) {
        printf("  FAIL a refused wall changed the table\n");
        failures++;
    }
    wall[0] = 0;
    expect("mj_table_deal_wall, the set in order", mj_table_deal_wall(table, 0, 0, 0, wall, 136), MJ_STATUS_OK);
    mj_table_view(table, 0, &view);
    expect("mj_ai_decide, the thesis bot at a riichi table", mj_ai_decide(&view, &bot, &action),
           MJ_STATUS_INVALID_ARGUMENT);
    action.kind = MJ_ACTION_RIICHI;
    action.tile = MJ_NO_TILE;
    action.aux = 5;
    expect("mj_table_apply, aux 5", mj_table_apply(table, 0, action), MJ_STATUS_INVALID_ARGUMENT);
    action.aux = 0;
    expect("mj_table_apply, riichi when not ready", mj_table_apply(table, 0, action), MJ_STATUS_ILLEGAL_ACTION);
    mj_table_free(table);
}

/* Hints and levels: every error class of mj_hint, mj_view_visible and MjBotConfig.level, the
 * outputs untouched on error, and the visible counts against the view's own lists. */
void hint_error_paths(void) {
    MjRules rules = mj_rules_default();
    MjBotConfig bot = mj_bot_config_default();
    MjTable *table = NULL;
    MjView view, bad;
    MjHint hint, untouched;
    MjAction action;
    uint8_t visible[MJ_TILE_KINDS], want[MJ_TILE_KINDS], sentinel[MJ_TILE_KINDS];

    printf("\nhints and levels:\n");
    bot.kind = MJ_BOT_MJKIT;
    if (bot.level != MJ_MAX_LEVEL) { printf("  FAIL default level %u\n", bot.level); failures++; }
    if (mj_table_new(&rules, 3, &table) != MJ_STATUS_OK) { printf("  FAIL mj_table_new\n"); failures++; return; }
    mj_table_view(table, 0, &view);
    bot.level = 0;
    expect("mj_ai_decide, mjkit level 0", mj_ai_decide(&view, &bot, &action), MJ_STATUS_INVALID_ARGUMENT);
    bot.level = MJ_MAX_LEVEL + 1;
    expect("mj_ai_decide, mjkit level 6", mj_ai_decide(&view, &bot, &action), MJ_STATUS_INVALID_ARGUMENT);
    for (uint8_t level = 1; level <= MJ_MAX_LEVEL; level++) {
        bot.level = level;
        if (mj_ai_decide(&view, &bot, &action) != MJ_STATUS_OK) { printf("  FAIL level %u\n", level); failures++; }
    }
    expect("mj_ai_decide, mjkit levels 1 to 5", MJ_STATUS_OK, MJ_STATUS_OK);
    memset(&untouched, 0xA5, sizeof untouched);
    hint = untouched;
    expect("mj_hint(NULL, ...)", mj_hint(NULL, &bot, &hint), MJ_STATUS_NULL_POINTER);
    expect("mj_hint(view, NULL, ...)", mj_hint(&view, NULL, &hint), MJ_STATUS_NULL_POINTER);
    expect("mj_hint(view, bot, NULL)", mj_hint(&view, &bot, NULL), MJ_STATUS_NULL_POINTER);
    bot.kind = MJ_BOT_THESIS;
    expect("mj_hint with the thesis bot", mj_hint(&view, &bot, &hint), MJ_STATUS_INVALID_ARGUMENT);
    bot.kind = MJ_BOT_MJKIT;
    bot.level = 9;
    expect("mj_hint, level 9", mj_hint(&view, &bot, &hint), MJ_STATUS_INVALID_ARGUMENT);
    bot.level = MJ_MAX_LEVEL;
    mj_table_view(table, 1, &bad);
    expect("mj_hint for a seat not asked", mj_hint(&bad, &bot, &hint), MJ_STATUS_INVALID_VIEW);
    bad = view;
    bad.phase = 9;
    expect("mj_hint, phase 9", mj_hint(&bad, &bot, &hint), MJ_STATUS_INVALID_VIEW);
    bad = view;
    bad.hand[0] = 4;
    bad.hand[1] = 4;
    bad.discard_count = 1;
    bad.discard_tile[0] = 0;
    bad.discard_seat[0] = 1;
    bad.discard_claimed_by[0] = MJ_NO_SEAT;
    expect("mj_hint, a fifth tile in sight", mj_hint(&bad, &bot, &hint), MJ_STATUS_TOO_MANY_COPIES);
    if (memcmp(&hint, &untouched, sizeof hint) != 0) { printf("  FAIL a refused mj_hint wrote its output\n"); failures++; }
    expect("mj_hint for the dealer", mj_hint(&view, &bot, &hint), MJ_STATUS_OK);
    if (hint.option_count == 0 || hint.choice_index >= hint.option_count ||
        hint.option_kind[hint.choice_index] != hint.choice.kind || hint.option_tile[hint.choice_index] != hint.choice.tile ||
        hint.seat != 0 || hint.level != MJ_MAX_LEVEL || hint.variant != MJ_HINT_VARIANT_TAI ||
        hint.efficient_index >= hint.option_count || hint.option_kind[hint.efficient_index] != MJ_ACTION_DISCARD) {
        printf("  FAIL the dealer's hint: %u options, choice %u\n", hint.option_count, hint.choice_index);
        failures++;
    }
    if (strcmp(mj_hint_reason_str(MJ_HINT_REASON_WIN), "a win") != 0 ||
        strcmp(mj_hint_reason_str(200), "unknown reason") != 0) {
        printf("  FAIL mj_hint_reason_str\n");
        failures++;
    }
    memset(sentinel, 0xA5, sizeof sentinel);
    memcpy(visible, sentinel, sizeof visible);
    expect("mj_view_visible(NULL, ...)", mj_view_visible(NULL, visible), MJ_STATUS_NULL_POINTER);
    expect("mj_view_visible(view, NULL)", mj_view_visible(&view, NULL), MJ_STATUS_NULL_POINTER);
    expect("mj_view_visible, a fifth tile in sight", mj_view_visible(&bad, visible), MJ_STATUS_TOO_MANY_COPIES);
    bad = view;
    bad.phase = 9;
    expect("mj_view_visible, phase 9", mj_view_visible(&bad, visible), MJ_STATUS_INVALID_VIEW);
    if (memcmp(visible, sentinel, sizeof visible) != 0) { printf("  FAIL a refused mj_view_visible wrote\n"); failures++; }
    /* Play a while, then compare with the counts rebuilt from the view's lists. */
    for (int step = 0; step < 60; step++) {
        uint8_t pending = 0, phase = 0, seat = 0;
        mj_table_pending(table, &pending, &phase);
        if (phase == MJ_PHASE_OVER) break;
        while (!(pending >> seat & 1)) seat++;
        mj_table_view(table, seat, &view);
        if (mj_ai_decide(&view, &bot, &action) != MJ_STATUS_OK || mj_table_apply(table, seat, action) != MJ_STATUS_OK) break;
    }
    mj_table_view(table, 2, &view);
    expect("mj_view_visible, seat 2", mj_view_visible(&view, visible), MJ_STATUS_OK);
    memset(want, 0, sizeof want);
    for (int i = 0; i < view.discard_count; i++)
        if (view.discard_claimed_by[i] == MJ_NO_SEAT) want[view.discard_tile[i]]++;
    for (int s = 0; s < MJ_SEATS; s++) {
        for (int m = 0; m < view.meld_counts[s]; m++) {
            int slot = s * MJ_MAX_MELDS + m;
            uint8_t kind = view.meld_kind[slot], t = view.meld_tile[slot];
            if (t == MJ_HIDDEN_TILE) continue; /* another seat's concealed kong, face down */
            if (kind == MJ_MELD_CHOW) { want[t]++; want[t + 1]++; want[t + 2]++; }
            else want[t] += kind == MJ_MELD_PUNG ? 3 : 4;
        }
    }
    if (memcmp(visible, want, sizeof want) != 0) { printf("  FAIL mj_view_visible differs from the view's lists\n"); failures++; }
    mj_table_free(table);
}

/* The discard analysis' error classes: each refused with its own status, the result untouched. */
void riichi_ev_error_paths(void) {
    printf("\nriichi discard analysis error paths:\n");
    MjRiichiEvHand h = mj_riichi_ev_hand_default();
    MjRiichiRules rules = mj_riichi_rules_default();
    MjRiichiEvOptions o = mj_riichi_ev_options_default();
    MjRiichiEvResult r;
    memset(&r, 0xA5, sizeof r);
    if (mj_parse("123m456p789s1123s5z", h.counts, NULL) != MJ_STATUS_OK) failures++;
    expect("mj_riichi_ev(NULL, rules, options, out)", mj_riichi_ev(NULL, &rules, &o, &r),
           MJ_STATUS_NULL_POINTER);
    expect("mj_riichi_ev(hand, rules, options, NULL)", mj_riichi_ev(&h, &rules, &o, NULL),
           MJ_STATUS_NULL_POINTER);
    MjRiichiEvHand bad = h;
    bad.seat_wind = 4;
    expect("mj_riichi_ev with seat wind 4", mj_riichi_ev(&bad, &rules, &o, &r),
           MJ_STATUS_INVALID_ARGUMENT);
    MjRiichiEvOptions bo = o;
    bo.draws = MJ_RIICHI_EV_MAX_DRAWS + 1;
    expect("mj_riichi_ev with 19 draws", mj_riichi_ev(&h, &rules, &bo, &r), MJ_STATUS_INVALID_ARGUMENT);
    bad = h;
    bad.meld_count = 1;
    bad.melds[0].kind = MJ_RIICHI_MELD_CHI;
    bad.melds[0].tile = 7; /* 8m: no chi starts there */
    bad.melds[0].claimed = 1;
    expect("mj_riichi_ev with a chi from 8m", mj_riichi_ev(&bad, &rules, &o, &r), MJ_STATUS_ILLEGAL_MELD);
    bad = h;
    bad.visible[0] = 4; /* a 1m held and four visible */
    expect("mj_riichi_ev with five 1m", mj_riichi_ev(&bad, &rules, &o, &r), MJ_STATUS_TOO_MANY_COPIES);
    bad = h;
    bad.counts[33] = 1; /* 15 tiles */
    expect("mj_riichi_ev with 15 tiles", mj_riichi_ev(&bad, &rules, &o, &r), MJ_STATUS_BAD_TILE_TOTAL);
    MjRiichiRules aka;
    if (mj_riichi_rules_preset(MJ_RIICHI_PRESET_TENHOU, &aka) != MJ_STATUS_OK) failures++;
    bad = h;
    bad.red_fives[0] = 1; /* no 5m held */
    expect("mj_riichi_ev with a red 5m and no 5m", mj_riichi_ev(&bad, &aka, &o, &r), MJ_STATUS_RED_FIVES);
    bad = h;
    if (mj_parse("123m456p789s1357s", bad.counts, NULL) != MJ_STATUS_OK) failures++;
    bad.riichi = 1;
    expect("mj_riichi_ev with riichi, not ready", mj_riichi_ev(&bad, &rules, &o, &r),
           MJ_STATUS_RIICHI_CONFLICT);
    MjRiichiRules sanma;
    if (mj_riichi_rules_preset(MJ_RIICHI_PRESET_SANMA, &sanma) != MJ_STATUS_OK) failures++;
    expect("mj_riichi_ev with 2m in three-player", mj_riichi_ev(&h, &sanma, &o, &r),
           MJ_STATUS_THREE_PLAYER_TILE);
    bo = o;
    bo.max_nodes = 1;
    expect("mj_riichi_ev with one search state", mj_riichi_ev(&h, &rules, &bo, &r), MJ_STATUS_SEARCH_LIMIT);
    unsigned char *bytes = (unsigned char *)&r;
    for (size_t i = 0; i < sizeof r; i++) {
        if (bytes[i] != 0xA5) {
            printf("  FAIL mj_riichi_ev wrote its result on an error\n");
            failures++;
            break;
        }
    }
}
