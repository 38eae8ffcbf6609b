/* The C demo's checks of MJAI (split from mjcheck.c): every error class of mj_mjai_parse,
 * mj_mjai_format, mj_mjai_respond and mj_mjai_replay for --self-check, and the MJAI fixture
 * (tests/fixtures/mjai_hand.jsonl) replayed and played through responses for --fixture. */
#include <stdio.h>
#include <string.h>

#include "mjdemo.h"

/* The match of mjai_hand.jsonl: one hand from 25,000 under the Tenhou preset. */
static MjMatchRules mjai_fixture_match(void) {
    MjMatchRules m = mj_match_rules_default();
    m.start_score = 25000;
    m.dealer_rule = MJ_DEALER_KEEP_ON_WIN_OR_READY;
    m.end = MJ_MATCH_END_HANDS;
    m.end_value = 1;
    return m;
}

/* Every seat asked about the last tile passes; returns the number of refusals. */
static int mjai_pass_all(MjTable *t) {
    static const char none[] = "{\"type\":\"none\"}";
    uint8_t pending = 0, phase = 0, applied = 0;
    MjAction a;
    int bad = 0;
    while (!bad && mj_table_pending(t, &pending, &phase) == MJ_STATUS_OK && phase == MJ_PHASE_CLAIM) {
        uint8_t s = 0;
        while (!(pending >> s & 1)) s++;
        bad += mj_mjai_respond(t, s, (const uint8_t *)none, sizeof none - 1, &a, &applied) != MJ_STATUS_OK;
    }
    return bad;
}

/* mjai_hand.jsonl (one riichi hand of four greedy bots, seed 12, as a whole-game MJAI log):
 * replayed with mj_mjai_replay, and played again line by line through mj_mjai_respond on a table
 * dealt the same way (the seats the log shows no move of pass); both end with the same scores.
 * Returns the number of lines either refused (0: all accepted), or -1 if it cannot be read. */
int mjai_fixture(const char *dir, int *lines_out) {
    char path[1024];
    static char text[1 << 16];
    snprintf(path, sizeof path, "%s/mjai_hand.jsonl", dir);
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "mjdemo: cannot read %s\n", path);
        return -1;
    }
    size_t len = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[len] = '\0';
    MjRules rules;
    MjMatchRules match = mjai_fixture_match();
    MjTable *replayed = NULL, *played = NULL;
    size_t bad_line = 0;
    int bad = 0, lines = 0;
    mj_rules_preset(MJ_PRESET_RIICHI_TENHOU, &rules);
    if (mj_mjai_replay((const uint8_t *)text, len, &rules, &match, &replayed, &bad_line) != MJ_STATUS_OK) {
        printf("mjai_hand.jsonl: mj_mjai_replay refused line %zu\n", bad_line);
        return 1;
    }
    if (mj_table_new_match(&rules, &match, 12, &played) != MJ_STATUS_OK) { mj_table_free(replayed); return 1; }
    for (char *line = text; *line; lines++) {
        char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        MjMjaiEvent ev;
        if (mj_mjai_parse((const uint8_t *)line, n, &ev) != MJ_STATUS_OK) { bad++; break; }
        if (ev.kind == MJ_MJAI_END_KYOKU) bad += mjai_pass_all(played);
        if (ev.kind == MJ_MJAI_DAHAI || ev.kind == MJ_MJAI_REACH || ev.kind == MJ_MJAI_CHI || ev.kind == MJ_MJAI_PON
            || ev.kind == MJ_MJAI_DAIMINKAN || ev.kind == MJ_MJAI_KAKAN || ev.kind == MJ_MJAI_ANKAN || ev.kind == MJ_MJAI_HORA) {
            uint8_t pending = 0, phase = 0, applied = 0;
            MjAction a;
            mj_table_pending(played, &pending, &phase);
            int claim = ev.kind == MJ_MJAI_CHI || ev.kind == MJ_MJAI_PON || ev.kind == MJ_MJAI_DAIMINKAN
                || (ev.kind == MJ_MJAI_HORA && ev.target != ev.actor);
            /* A move on the seat's turn: the seats asked about the last tile pass first. */
            if (phase == MJ_PHASE_CLAIM && !claim) bad += mjai_pass_all(played);
            if (mj_mjai_respond(played, ev.actor, (const uint8_t *)line, n, &a, &applied) != MJ_STATUS_OK || !applied) {
                printf("mjai_hand.jsonl line %d refused: %.*s\n", lines + 1, (int)n, line);
                bad++;
            }
        }
        line = end ? end + 1 : line + n;
    }
    MjMatchState x, y;
    mj_table_match_state(replayed, &x);
    mj_table_match_state(played, &y);
    if (!x.over || !y.over || memcmp(x.scores, y.scores, sizeof x.scores) != 0) {
        printf("mjai_hand.jsonl: the replayed and the played match differ\n");
        bad++;
    }
    mj_table_free(replayed);
    mj_table_free(played);
    *lines_out = lines;
    return bad;
}

/* Every error class of the MJAI functions once, outputs untouched on error. */
void mjai_error_paths(void) {
    static const char good[] = "{\"type\":\"dahai\",\"actor\":2,\"pai\":\"5sr\",\"tsumogiri\":false}";
    static const char bad_tile[] = "{\"type\":\"dahai\",\"actor\":2,\"pai\":\"0s\",\"tsumogiri\":false}";
    static const char huge[] = "{\"type\":\"dahai\",\"actor\":99999999999999999999,\"pai\":\"1m\",\"tsumogiri\":false}";
    static const char twice[] = "{\"type\":\"none\",\"type\":\"none\"}";
    static const uint8_t not_utf8[] = {'{', '"', 0xff, '"', '}'};
    MjMjaiEvent ev, before;
    char buf[MJ_MJAI_BUF_LEN];
    size_t len = 0;
    memset(&ev, 0x5A, sizeof ev);
    memcpy(&before, &ev, sizeof ev);
    printf("\nMJAI error paths:\n");
    expect("mj_mjai_parse, a tile 0s", mj_mjai_parse((const uint8_t *)bad_tile, sizeof bad_tile - 1, &ev), MJ_STATUS_BAD_MJAI);
    expect("mj_mjai_parse, a huge seat", mj_mjai_parse((const uint8_t *)huge, sizeof huge - 1, &ev), MJ_STATUS_BAD_MJAI);
    expect("mj_mjai_parse, a key twice", mj_mjai_parse((const uint8_t *)twice, sizeof twice - 1, &ev), MJ_STATUS_BAD_MJAI);
    expect("mj_mjai_parse, not UTF-8", mj_mjai_parse(not_utf8, sizeof not_utf8, &ev), MJ_STATUS_BAD_MJAI);
    expect("mj_mjai_parse, half a line", mj_mjai_parse((const uint8_t *)good, 20, &ev), MJ_STATUS_BAD_MJAI);
    expect("mj_mjai_parse(NULL, 5, ...)", mj_mjai_parse(NULL, 5, &ev), MJ_STATUS_NULL_POINTER);
    expect("mj_mjai_parse(line, n, NULL)", mj_mjai_parse((const uint8_t *)good, sizeof good - 1, NULL), MJ_STATUS_NULL_POINTER);
    if (memcmp(&ev, &before, sizeof ev) != 0) {
        printf("  FAIL a refused mj_mjai_parse wrote its output\n");
        failures++;
    }
    expect("mj_mjai_parse, a discard", mj_mjai_parse((const uint8_t *)good, sizeof good - 1, &ev), MJ_STATUS_OK);
    expect("mj_mjai_format into 8 bytes", mj_mjai_format(&ev, (uint8_t *)buf, 8, &len), MJ_STATUS_BUFFER_TOO_SMALL);
    if (len != sizeof good - 1) { printf("  FAIL mj_mjai_format wants %zu bytes, said %zu\n", sizeof good - 1, len); failures++; }
    expect("mj_mjai_format", mj_mjai_format(&ev, (uint8_t *)buf, sizeof buf, &len), MJ_STATUS_OK);
    if (strcmp(buf, good) != 0) { printf("  FAIL mj_mjai_format wrote %s\n", buf); failures++; }
    expect("mj_mjai_format(NULL, ...)", mj_mjai_format(NULL, (uint8_t *)buf, sizeof buf, &len), MJ_STATUS_NULL_POINTER);
    ev.actor = 4;
    expect("mj_mjai_format, seat 4", mj_mjai_format(&ev, (uint8_t *)buf, sizeof buf, &len), MJ_STATUS_INVALID_ARGUMENT);
    ev.actor = 2;
    ev.pai = MJ_HIDDEN_TILE;
    expect("mj_mjai_format, a hidden discard", mj_mjai_format(&ev, (uint8_t *)buf, sizeof buf, &len), MJ_STATUS_INVALID_ARGUMENT);
}

/* Every error class of mj_mjai_respond and mj_mjai_replay once: the table and outputs unchanged. */
void mjai_table_error_paths(void) {
    static const char none[] = "{\"type\":\"none\"}";
    static const char pon[] = "{\"type\":\"pon\",\"actor\":0,\"target\":1,\"pai\":\"E\",\"consumed\":[\"E\",\"E\"]}";
    static const char half[] = "{\"type\":";
    static const uint8_t not_utf8[] = {'{', '"', 0xff, '"', '}'};
    static const char log[] = "{\"type\":\"start_game\"}\n{\"type\":\"end_game\"}\n";
    MjRules rules, taiwan = mj_rules_default();
    MjTable *table = NULL, *other = NULL, *out = (MjTable *)0x1;
    MjMatchRules match = mjai_fixture_match(), bad_match = mjai_fixture_match();
    MjAction a = {0x5A, 0x5A, 0x5A};
    uint8_t applied = 0x5A, pending = 0, phase = 0;
    size_t line = 0;
    MjView before, after;
    printf("\nMJAI at the table, error paths:\n");
    mj_rules_preset(MJ_PRESET_RIICHI_TENHOU, &rules);
    if (mj_table_new(&rules, 7, &table) != MJ_STATUS_OK || mj_table_new(&taiwan, 7, &other) != MJ_STATUS_OK) {
        printf("  FAIL tables\n");
        failures++;
        return;
    }
    mj_table_pending(table, &pending, &phase);
    uint8_t dealer = 0;
    while (!(pending >> dealer & 1)) dealer++;
    mj_table_view(table, dealer, &before);
    expect("mj_mjai_respond, a pon on the dealer's turn", mj_mjai_respond(table, dealer, (const uint8_t *)pon, sizeof pon - 1, &a, &applied), MJ_STATUS_ILLEGAL_ACTION);
    expect("mj_mjai_respond, none on the dealer's turn", mj_mjai_respond(table, dealer, (const uint8_t *)none, sizeof none - 1, &a, &applied), MJ_STATUS_ILLEGAL_ACTION);
    expect("mj_mjai_respond, half a line", mj_mjai_respond(table, dealer, (const uint8_t *)half, sizeof half - 1, &a, &applied), MJ_STATUS_BAD_MJAI);
    expect("mj_mjai_respond, not UTF-8", mj_mjai_respond(table, dealer, not_utf8, sizeof not_utf8, &a, &applied), MJ_STATUS_BAD_MJAI);
    expect("mj_mjai_respond, seat 4", mj_mjai_respond(table, 4, (const uint8_t *)none, sizeof none - 1, &a, &applied), MJ_STATUS_INVALID_ARGUMENT);
    expect("mj_mjai_respond at a Taiwanese table", mj_mjai_respond(other, 0, (const uint8_t *)none, sizeof none - 1, &a, &applied), MJ_STATUS_INVALID_ARGUMENT);
    expect("mj_mjai_respond(NULL, ...)", mj_mjai_respond(NULL, 0, (const uint8_t *)none, sizeof none - 1, &a, &applied), MJ_STATUS_NULL_POINTER);
    expect("mj_mjai_respond, NULL line", mj_mjai_respond(table, dealer, NULL, 5, &a, &applied), MJ_STATUS_NULL_POINTER);
    expect("mj_mjai_respond, NULL action", mj_mjai_respond(table, dealer, (const uint8_t *)none, sizeof none - 1, NULL, &applied), MJ_STATUS_NULL_POINTER);
    expect("mj_mjai_respond, NULL applied", mj_mjai_respond(table, dealer, (const uint8_t *)none, sizeof none - 1, &a, NULL), MJ_STATUS_NULL_POINTER);
    mj_table_view(table, dealer, &after);
    if (memcmp(&before, &after, sizeof before) != 0 || a.kind != 0x5A || applied != 0x5A) {
        printf("  FAIL a refused mj_mjai_respond changed the table or wrote its outputs\n");
        failures++;
    }
    expect("mj_mjai_respond, none from a seat not asked", mj_mjai_respond(table, (uint8_t)((dealer + 1) % 4), (const uint8_t *)none, sizeof none - 1, &a, &applied), MJ_STATUS_OK);
    if (applied != 0 || a.kind != MJ_ACTION_PASS) { printf("  FAIL an acknowledged none: applied %d\n", applied); failures++; }
    expect("mj_mjai_replay, a log without a hand", mj_mjai_replay((const uint8_t *)log, sizeof log - 1, &rules, &match, &out, &line), MJ_STATUS_BAD_MJAI);
    if (line != 2 || out != (MjTable *)0x1) { printf("  FAIL mj_mjai_replay named line %zu\n", line); failures++; }
    expect("mj_mjai_replay, Taiwanese rules", mj_mjai_replay((const uint8_t *)log, sizeof log - 1, &taiwan, &match, &out, &line), MJ_STATUS_INVALID_ARGUMENT);
    bad_match.end = 9;
    expect("mj_mjai_replay, match end 9", mj_mjai_replay((const uint8_t *)log, sizeof log - 1, &rules, &bad_match, &out, &line), MJ_STATUS_INVALID_ARGUMENT);
    expect("mj_mjai_replay(NULL, 5, ...)", mj_mjai_replay(NULL, 5, &rules, &match, &out, &line), MJ_STATUS_NULL_POINTER);
    expect("mj_mjai_replay, NULL rules", mj_mjai_replay((const uint8_t *)log, sizeof log - 1, NULL, &match, &out, &line), MJ_STATUS_NULL_POINTER);
    expect("mj_mjai_replay, NULL out_table", mj_mjai_replay((const uint8_t *)log, sizeof log - 1, &rules, &match, NULL, &line), MJ_STATUS_NULL_POINTER);
    mj_table_free(table);
    mj_table_free(other);
}
