/*
 * mjdemo: analyses mahjong hands through the mjkit C ABI.
 *
 *   mjdemo HAND ...          analyse the given hands only, e.g. mjdemo 1112345678999m 123m456p789s11z
 *   mjdemo [--samples]       built-in sample hands, two Chinese Official (MCR) scores, one riichi
 *                            score and one table hand
 *   mjdemo --self-check      every error class of the API once, outputs untouched on error
 *   mjdemo --fixture DIR     check tests/fixtures (hands.tsv, mcr.tsv) through the C ABI
 *   mjdemo --riichi [SEED]   play one riichi hand with four greedy NPCs, printed from its events
 *   mjdemo --play [SEED]     play one Taiwanese 16-tile hand with four NPCs (mjkit, thesis:99,
 *                            greedy, thesis:5) through the table engine and mj_ai_decide, printed
 *                            from the table's event stream (mj_table_events, mj_event_text)
 *   mjdemo --hint [SEED]     a hint for a human player (mj_hint, mj_view_visible) on seat 0's
 *                            eighth turn of a hand played by four NPCs of level 3
 *   mjdemo --help            this list
 * scripts/demo.sh [ARGS] builds the library and this program (mjdemo.c with mjdemo_riichi.c,
 * the riichi samples, and mjcheck.c and mjcheck_mjai.c, the checks of --self-check and
 * --fixture), then runs it with ARGS.
 *
 * For each hand it prints the shanten number and either the win check and the best discards
 * (3n+2 tiles) or the waits and the tile acceptance (3n+1 tiles). A hand that cannot be analysed
 * (bad notation, a fifth copy, no tiles, more than 17 tiles, a multiple of 3) gets a message
 * naming the cause. Exit status: 0 when every hand was analysed (and every check passed),
 * 1 otherwise, 2 for a usage error.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mjdemo.h"

int failures = 0;

/* Display width of UTF-8 text in a terminal: 2 columns for East Asian wide characters. */
static int display_width(const char *s) {
    int w = 0;
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        unsigned cp;
        int len;
        if (*p < 0x80) { cp = *p; len = 1; }
        else if ((*p & 0xE0) == 0xC0) { cp = *p & 0x1Fu; len = 2; }
        else if ((*p & 0xF0) == 0xE0) { cp = *p & 0x0Fu; len = 3; }
        else { cp = *p & 0x07u; len = 4; }
        for (int i = 1; i < len; i++) {
            if ((p[i] & 0xC0) != 0x80) { len = i; break; }
            cp = (cp << 6) | (p[i] & 0x3Fu);
        }
        p += len;
        w += (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) ||
                     (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
                     (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
                     (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x20000 && cp <= 0x3FFFD)
                 ? 2
                 : 1;
    }
    return w;
}

/* Prints s left-aligned in a column of `width` display columns. */
void print_padded(const char *s, int width) {
    printf("%s", s);
    for (int w = display_width(s); w < width; w++) putchar(' ');
}

void expect(const char *what, MjStatus got, MjStatus want) {
    if (got != want) {
        printf("  FAIL ");
        print_padded(what, 44);
        printf(" got %d (%s), want %d\n", (int)got, mj_status_str(got), (int)want);
        failures++;
    } else {
        printf("  ok   ");
        print_padded(what, 44);
        printf(" -> %2d %s\n", (int)got, mj_status_str(got));
    }
}

unsigned tile_total(const uint8_t counts[MJ_TILE_KINDS]) {
    unsigned n = 0;
    for (int k = 0; k < MJ_TILE_KINDS; k++) n += counts[k];
    return n;
}

/* "tile" or "tiles" for a count. */
static const char *tiles_word(unsigned n) { return n == 1 ? "tile" : "tiles"; }

/* Writes the kinds of a 64-bit mask as notation, one tile per kind. */
void mask_to_text(uint64_t mask, char *buf, size_t len) {
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
        printf("  %s (shanten %d, %u %s)", tile, (int)d[shown].shanten, d[shown].ukeire_count,
               tiles_word(d[shown].ukeire_count));
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
        printf("  ");
        print_padded(zh, 10);
        printf(" %-28s %2d x %u\n", en, (int)points, r.fans[id]);
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
    h.seat_wind = MJ_WIND_EAST;
    h.prevalent_wind = MJ_WIND_EAST;
    score_mcr("234567s11z + pung 777z + chow 789s, won on a discarded 1z", &h);
}

/* Reads a bot's MJAI response into MjMjaiEvent and writes it back (the bot's metadata is read
 * and dropped). */
static void mjai_example(void) {
    static const char line[] =
        "{\"type\":\"chi\",\"actor\":1,\"target\":0,\"pai\":\"6m\",\"consumed\":[\"5mr\",\"7m\"],\"meta\":{\"q_values\":[0.5]}}";
    MjMjaiEvent ev;
    char out[MJ_MJAI_BUF_LEN];
    size_t len = 0;
    MjStatus st = mj_mjai_parse((const uint8_t *)line, sizeof line - 1, &ev);
    if (st == MJ_STATUS_OK) st = mj_mjai_format(&ev, (uint8_t *)out, sizeof out, &len);
    if (st != MJ_STATUS_OK || ev.kind != MJ_MJAI_CHI) {
        printf("MJAI: error %s\n", mj_status_str(st));
        failures++;
        return;
    }
    printf("MJAI: seat %u chis tile %u from seat %u with %u and %u (42: the red 5m), written back as %s\n",
           (unsigned)ev.actor, (unsigned)ev.pai, (unsigned)ev.target, (unsigned)ev.consumed[0], (unsigned)ev.consumed[1], out);
}

/* ---- Taiwanese tai ---- */
/* The tai sample: seat 1 (South) self-draws 8p with a concealed 123456789m234678p55s and its own
 * flower 夏 (2); the dealer is seat 0. ATAWMJ preset: 門清, 自摸, 不求 and 正花 (4 tai), and the
 * dealer's 莊家 in the dealer's payment only. */
MjTaiHand tai_sample(void) {
    MjTaiHand h = mj_tai_hand_default();
    if (mj_parse("123456789m234678p55s", h.counts, NULL) != MJ_STATUS_OK) failures++;
    h.win_tile = 16; /* 8p */
    h.how = MJ_TAI_WIN_SELF_DRAWN;
    h.winner = 1;
    h.dealer = 0;
    h.flowers[0] = 2; /* 夏 */
    h.flower_count = 1;
    return h;
}

/* Scores the tai sample: one line with every pattern by name, one with the payments. */
static void tai_example(void) {
    MjTaiHand h = tai_sample();
    MjTaiRules rules;
    MjTaiResult r;
    if (mj_tai_rules_preset(MJ_TAI_PRESET_ATAWMJ, &rules) != MJ_STATUS_OK) failures++;
    printf("\nTaiwanese tai (ATAWMJ): 123456789m234678p55s + 夏, seat 1 self-draws 8p, dealer seat 0\n");
    MjStatus st = mj_tai_score(&h, &rules, &r);
    if (st != MJ_STATUS_OK) {
        printf("  error: %s\n", mj_status_str(st));
        failures++;
        return;
    }
    const char *sep = "  ";
    for (uint32_t id = 1; id < MJ_TAI_PATTERN_SLOTS; id++) {
        MjTaiPatternInfo info;
        if (!r.tai[id] || mj_tai_pattern_info(id, &rules, &info) != MJ_STATUS_OK) continue;
        printf("%s%s %s %u", sep, info.name_zh, info.name_en, (unsigned)r.tai[id]);
        sep = ", ";
    }
    printf("\n  %u tai (the winner's %u, the dealer's %u);", (unsigned)r.total, (unsigned)r.winner_tai,
           (unsigned)r.dealer_tai);
    for (int seat = 0; seat < MJ_TAI_SEATS; seat++)
        printf(" seat %d %+lld%s", seat, (long long)r.payments[seat], seat + 1 < MJ_TAI_SEATS ? "," : "\n");
    /* 4 tai; the dealer pays 100 + 5 x 20, the two others 100 + 4 x 20. */
    if (r.hand_tai != 4 || r.dealer_tai != 1 || r.winner_tai != 4 || r.payments[0] != -200 ||
        r.payments[1] != 560) {
        printf("  FAIL unexpected tai score\n");
        failures++;
    }
}


/* Why notation is malformed, for the message: the byte offset and the likely cause. */
static void describe_notation_error(const char *text) {
    size_t pos = 0;
    if (mj_parse_error_pos(text, &pos) != MJ_STATUS_OK) {
        printf("malformed tile notation");
        return;
    }
    unsigned char c = (unsigned char)text[pos];
    if (c >= '0' && c <= '9') {
        /* A digit group: honours stop at 7z and have no red five; otherwise the letter is missing. */
        size_t end = pos;
        while (text[end] >= '0' && text[end] <= '9') end++;
        if (text[end] == 'z') {
            for (size_t i = pos; i < end; i++) {
                if (text[i] == '0' || text[i] > '7') {
                    printf("no honour tile %cz at byte %zu (honours are 1z-7z)", text[i], i);
                    return;
                }
            }
        }
        printf("digits at byte %zu have no suit letter (m, p, s or z)", pos);
    } else if (c == '\0')
        printf("digits at byte %zu have no suit letter (m, p, s or z)", pos);
    else if (c == 'M' || c == 'P' || c == 'S' || c == 'Z')
        printf("suit letters are lowercase: '%c' at byte %zu should be '%c'", c, pos, c + ('a' - 'A'));
    else if (c >= 0x80)
        printf("non-ASCII character at byte %zu (tiles are digits + m p s z, or E S W N P F C)", pos);
    else
        printf("unexpected '%c' at byte %zu (tiles are digits + m p s z, or E S W N P F C)", c, pos);
}

/* For notation with a fifth copy: names the first kind with too many copies, counting each tile
 * of well-formed notation through mj_parse of that one tile. */
static void describe_too_many(const char *text) {
    int counts[MJ_TILE_KINDS] = {0};
    char digits[256];
    size_t nd = 0;
    for (const char *p = text; *p; p++) {
        char one[3] = {0, 0, 0};
        uint8_t c[MJ_TILE_KINDS];
        if (*p >= '0' && *p <= '9') {
            if (nd < sizeof digits) digits[nd++] = *p;
            continue;
        }
        if (*p == 'm' || *p == 'p' || *p == 's' || *p == 'z') {
            for (size_t i = 0; i < nd; i++) {
                one[0] = digits[i];
                one[1] = *p;
                if (mj_parse(one, c, NULL) != MJ_STATUS_OK) continue;
                for (int k = 0; k < MJ_TILE_KINDS; k++) counts[k] += c[k];
            }
            nd = 0;
        } else if (strchr("ESWNPFC", *p)) {
            one[0] = *p;
            if (mj_parse(one, c, NULL) == MJ_STATUS_OK)
                for (int k = 0; k < MJ_TILE_KINDS; k++) counts[k] += c[k];
        }
    }
    for (int k = 0; k < MJ_TILE_KINDS; k++) {
        if (counts[k] > 4) {
            char tile[MJ_FORMAT_BUF_LEN];
            mask_to_text((uint64_t)1 << k, tile, sizeof tile);
            printf("%d copies of %s (4 at most)", counts[k], tile);
            return;
        }
    }
    printf("a tile kind has more than 4 copies");
}

/* Writes red fives back into canonical notation as they are typed: in each of the m, p and s
 * groups, the first red[suit] fives become 0 ("5m123p456s" with reds 1, 0, 1 -> "0m123p406s"). */
static void show_red_fives(char *canon, const uint8_t red[3]) {
    size_t start = 0;
    for (size_t i = 0; canon[i]; i++) {
        const char *suits = "mps";
        const char *at = strchr(suits, canon[i]);
        if (canon[i] < '0' || canon[i] > '9') {
            if (at && canon[i] != '\0') {
                int left = red[at - suits];
                for (size_t j = start; j < i && left > 0; j++)
                    if (canon[j] == '5') { canon[j] = '0'; left--; }
            }
            start = i + 1;
        }
    }
}

/* Analyses one hand; returns 0, or 1 when it cannot be analysed (the message says why). */
static int analyse(const char *text) {
    uint8_t counts[MJ_TILE_KINDS];
    uint8_t red[3];
    char canon[MJ_FORMAT_BUF_LEN];
    size_t canon_len = 0;
    MjStatus st = mj_parse(text, counts, red);
    if (st != MJ_STATUS_OK) {
        print_padded(text, 22);
        printf(" error: ");
        if (st == MJ_STATUS_BAD_NOTATION) describe_notation_error(text);
        else if (st == MJ_STATUS_TOO_MANY_COPIES) describe_too_many(text);
        else printf("%s", mj_status_str(st));
        printf("\n");
        return 1;
    }
    mj_format(counts, canon, sizeof canon, &canon_len);
    show_red_fives(canon, red);
    unsigned n = tile_total(counts);
    if (n == 0 || n > 17 || n % 3 == 0) {
        print_padded(text, 22);
        if (n == 0) printf(" error: empty hand (no tiles)\n");
        else if (n > 17) printf(" error: %u tiles, 17 tiles at most\n", n);
        else printf(" error: %u tiles, a multiple of 3 (a hand has 3n+1 tiles waiting or 3n+2 complete)\n", n);
        return 1;
    }
    print_padded(canon, 22);
    printf(" %2u %-5s  ", n, tiles_word(n));
    if (n % 3 == 2) {
        uint8_t regular = 0, any = 0;
        st = mj_is_win(counts, MJ_FORM_REGULAR, &regular);
        if (st == MJ_STATUS_OK) st = mj_is_win(counts, MJ_FORMS_RIICHI, &any);
        if (st != MJ_STATUS_OK) {
            printf("error: %s\n", mj_status_str(st));
            return 1;
        }
        printf("%s%s", any ? "WIN" : "no win", any && !regular ? " (seven pairs or thirteen orphans)" : "");
    } else {
        uint64_t waits = 0;
        char wait_text[MJ_FORMAT_BUF_LEN];
        st = mj_waits(counts, MJ_FORMS_RIICHI, &waits);
        if (st != MJ_STATUS_OK) {
            printf("error: %s\n", mj_status_str(st));
            return 1;
        }
        mask_to_text(waits, wait_text, sizeof wait_text);
        int kinds = 0;
        for (int k = 0; k < MJ_TILE_KINDS; k++) kinds += (int)((waits >> k) & 1u);
        printf("waits %d kind%s: %s", kinds, kinds == 1 ? "" : "s", wait_text);
    }
    if (red[0] + red[1] + red[2] > 0) {
        /* Which fives were red, as tile names (notation would write a red five as 0m). */
        static const char *const fives[3] = {"5m", "5p", "5s"};
        int total = red[0] + red[1] + red[2], first = 1;
        printf("  (%d red five%s:", total, total == 1 ? "" : "s");
        for (int s = 0; s < 3; s++)
            for (int i = 0; i < red[s]; i++, first = 0) printf("%s %s", first ? "" : ",", fives[s]);
        printf(")");
    }
    printf("\n");
    if (n % 3 == 2) {
        uint8_t any = 0;
        mj_is_win(counts, MJ_FORMS_RIICHI, &any);
        if (!any) best_discards(counts);
        return 0;
    }
    uint64_t waits = 0;
    mj_waits(counts, MJ_FORMS_RIICHI, &waits);
    if (waits == 0) {
        int32_t sh = 0;
        uint8_t per_kind[MJ_TILE_KINDS];
        uint32_t total = 0;
        uint64_t accept = 0;
        char accept_text[MJ_FORMAT_BUF_LEN];
        if (mj_shanten(counts, MJ_FORMS_RIICHI, &sh) == MJ_STATUS_OK &&
            mj_ukeire(counts, MJ_FORMS_RIICHI, NULL, per_kind, &total) == MJ_STATUS_OK) {
            for (int k = 0; k < MJ_TILE_KINDS; k++) accept |= (uint64_t)(per_kind[k] > 0) << k;
            mask_to_text(accept, accept_text, sizeof accept_text);
            printf("%-22s           shanten %d, %u %s improve%s it: %s\n", "", (int)sh, total, tiles_word(total),
                   total == 1 ? "s" : "", accept_text);
        }
    }
    return 0;
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
    expect("mj_parse(\"55555m x\") (malformed wins over a fifth copy)", mj_parse("55555m x", counts, NULL),
           MJ_STATUS_BAD_NOTATION);
    mj_parse("888m111p234p567s11z", counts, NULL);
    expect("mj_is_win 888m... with three-player tiles", mj_is_win(counts, MJ_FORMS_RIICHI | MJ_FORM_THREE_PLAYER, &win),
           MJ_STATUS_THREE_PLAYER_TILE);
    mj_parse("123m456p789s1z", counts, NULL);
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

/* ---- One hand at the table: four NPCs, each decision one mj_ai_decide call. ---- */

/* What the observer's event stream of one hand adds up to. */
typedef struct {
    unsigned events, draws, replacements, flowers, discards, melds, lost;
    long long points[MJ_SEATS];
    int tai_line; /* a line of tai patterns is open */
} Tally;

/* Reads every event logged since *next as the observer (a referee) sees it; prints the melds,
 * the claims that lost, the win (in English and Chinese) with its tai breakdown and the
 * exhaustive draw with their names, and counts the rest. Nothing here reads a view: the log says what happened. */
static MjStatus print_events(const MjTable *table, uint64_t *next, Tally *t) {
    MjEvent ev[16];
    char line[MJ_TEXT_BUF_LEN];
    size_t len = 0;
    uint32_t n = 0;
    MjStatus st;
    MjNameContext names = mj_name_context_default(); /* the observer, seats by number */
    names.tile_style = MJ_TILE_STYLE_NOTATION;       /* tiles as 5p, not Five of Dots */
    do {
        st = mj_table_events(table, MJ_READER_OBSERVER, *next, ev, 16, &n);
        if (st != MJ_STATUS_OK) return st;
        for (uint32_t i = 0; i < n; i++) {
            const MjEvent *e = &ev[i];
            t->events++;
            switch (e->kind) {
            case MJ_EVENT_DRAW: t->draws++; t->replacements += (e->flags & MJ_FLAG_REPLACEMENT) != 0; break;
            case MJ_EVENT_FLOWER: t->flowers++; break;
            case MJ_EVENT_DISCARD: t->discards++; break;
            case MJ_EVENT_PAYMENT:
                if (t->tai_line) printf("\n");
                t->tai_line = 0;
                t->points[e->seat] = (long long)e->value;
                break;
            case MJ_EVENT_TAI: { /* the win's breakdown, on one line: pattern names and tai */
                MjTaiPatternInfo info;
                if ((st = mj_tai_pattern_info(e->tile, NULL, &info)) != MJ_STATUS_OK) return st;
                printf("%s%s %s %d", t->tai_line ? ", " : "  tai: ", info.name_zh, info.name_en, (int)e->value);
                t->tai_line = 1;
                break;
            }
            case MJ_EVENT_MELD: case MJ_EVENT_CLAIM_LOST: case MJ_EVENT_WIN: case MJ_EVENT_EXHAUSTIVE_DRAW:
                t->melds += e->kind == MJ_EVENT_MELD;
                t->lost += e->kind == MJ_EVENT_CLAIM_LOST;
                if ((st = mj_event_text(e, &names, MJ_LANG_ENGLISH, line, sizeof line, &len)) != MJ_STATUS_OK) return st;
                printf("  %llu: %s\n", (unsigned long long)e->index, line);
                if (e->kind == MJ_EVENT_WIN) {
                    if ((st = mj_event_text(e, &names, MJ_LANG_TRADITIONAL, line, sizeof line, &len)) != MJ_STATUS_OK) return st;
                    printf("  %llu: %s\n", (unsigned long long)e->index, line);
                }
                break;
            default: break;
            }
        }
        if (n) *next = ev[n - 1].index + 1;
    } while (n == 16);
    return MJ_STATUS_OK;
}

/* Gives a spectator's client the spectator's events since *next (what a game shows someone
 * watching, rebuilt from the public events alone); counts them. */
static MjStatus follow(const MjTable *table, MjClient *client, uint64_t *next, unsigned *count) {
    MjEvent ev[16];
    uint32_t n = 0;
    MjStatus st;
    do {
        if ((st = mj_table_events(table, MJ_READER_SPECTATOR, *next, ev, 16, &n)) != MJ_STATUS_OK) return st;
        for (uint32_t i = 0; i < n; i++) {
            if ((st = mj_client_apply(client, &ev[i])) != MJ_STATUS_OK) return st;
        }
        *count += n;
        if (n) *next = ev[n - 1].index + 1;
    } while (n == 16);
    return MJ_STATUS_OK;
}

static int play_hand(uint64_t seed) {
    static const char *const bot_names[MJ_SEATS] = {"mjkit", "thesis:99", "greedy", "thesis:5"};
    MjBotConfig bots[MJ_SEATS];
    MjRules rules = mj_rules_default();
    MjTable *table = NULL;
    MjClient *watcher = NULL;
    MjView view, rebuilt;
    Tally tally;
    uint64_t next = 0, watched = 0;
    unsigned public_events = 0;
    MjStatus st;

    memset(&tally, 0, sizeof tally);
    for (int s = 0; s < MJ_SEATS; s++) bots[s] = mj_bot_config_default();
    bots[0].kind = MJ_BOT_MJKIT;
    bots[2].kind = MJ_BOT_GREEDY;
    bots[3].kind = MJ_BOT_THESIS; /* the default, spelled out */
    bots[3].attack_level = 5;

    st = mj_table_new(&rules, seed, &table);
    if (st != MJ_STATUS_OK) {
        printf("mj_table_new: %s\n", mj_status_str(st));
        return 1;
    }
    printf("one Taiwanese 16-tile hand (table seed %llu, tai: ATAWMJ preset, 過水), four NPCs (seats 0-3: %s, %s, %s, %s),\n"
           "printed from the table's events:\n",
           (unsigned long long)seed, bot_names[0], bot_names[1], bot_names[2], bot_names[3]);
    st = print_events(table, &next, &tally);
    if (st == MJ_STATUS_OK) st = mj_client_new(&rules, MJ_READER_SPECTATOR, &watcher);
    if (st == MJ_STATUS_OK) st = follow(table, watcher, &watched, &public_events);
    while (st == MJ_STATUS_OK) {
        uint8_t pending = 0, phase = 0;
        MjAction action;
        int seat;
        st = mj_table_pending(table, &pending, &phase);
        if (st != MJ_STATUS_OK || phase == MJ_PHASE_OVER) break;
        for (seat = 0; seat < MJ_SEATS && !(pending & (1u << seat)); seat++) {}
        /* The bot decides from the seat's view; what happened is read from the events. */
        if ((st = mj_table_view(table, (uint32_t)seat, &view)) != MJ_STATUS_OK) break;
        if ((st = mj_ai_decide(&view, &bots[seat], &action)) != MJ_STATUS_OK) break;
        if ((st = mj_table_apply(table, (uint8_t)seat, action)) != MJ_STATUS_OK) break;
        if ((st = print_events(table, &next, &tally)) != MJ_STATUS_OK) break;
        st = follow(table, watcher, &watched, &public_events);
    }
    /* The spectator's client rebuilt the hand from the public events: its view is the table's. */
    if (st == MJ_STATUS_OK) st = mj_client_view(watcher, &rebuilt);
    if (st == MJ_STATUS_OK) st = mj_table_view(table, MJ_READER_SPECTATOR, &view);
    if (st == MJ_STATUS_OK && memcmp(&view, &rebuilt, sizeof view) != 0) {
        printf("  FAIL the spectator's client disagrees with the table\n");
        st = MJ_STATUS_PANIC;
    }
    mj_client_free(watcher);
    if (st != MJ_STATUS_OK) {
        printf("  FAIL %s\n", mj_status_str(st));
        mj_table_free(table);
        return 1;
    }
    printf("  points %+lld %+lld %+lld %+lld; %u events: %u draws (%u from the back), %u flowers, %u discards,\n"
           "  melds %u, claims lost %u; a spectator's client rebuilt the hand from %u public events\n",
           tally.points[0], tally.points[1], tally.points[2], tally.points[3], tally.events, tally.draws,
           tally.replacements, tally.flowers, tally.discards, tally.melds, tally.lost, public_events);
    mj_table_free(table);
    return 0;
}


/* One riichi hand, four greedy NPCs (the bot that plays riichi, never calling without a yaku),
 * printed from the observer's events: riichi, dora, calls, the win with its yaku, the payments. */
static int play_riichi(uint64_t seed) {
    MjBotConfig bot = mj_bot_config_default();
    MjRules rules;
    MjTable *table = NULL;
    MjView view;
    uint64_t next = 0;
    MjStatus st;
    MjEvent ev[16];
    char line[MJ_TEXT_BUF_LEN];
    uint32_t n = 0;

    MjMatchRules match = mj_match_rules_default();
    match.start_score = 25000; /* one hand of a riichi match */
    match.end = MJ_MATCH_END_HANDS;
    match.end_value = 1;
    bot.kind = MJ_BOT_GREEDY;
    if ((st = mj_rules_preset(MJ_PRESET_RIICHI_TENHOU, &rules)) != MJ_STATUS_OK ||
        (st = mj_table_new_match(&rules, &match, seed, &table)) != MJ_STATUS_OK) {
        printf("riichi table: %s\n", mj_status_str(st));
        return 1;
    }
    printf("one riichi hand (Tenhou-like rules, table seed %llu), four greedy NPCs, from the table's events:\n",
           (unsigned long long)seed);
    for (;;) {
        uint8_t pending = 0, phase = 0;
        int seat = 0;
        do { /* Every event since the last read, as the observer sees it. */
            if ((st = mj_table_events(table, MJ_READER_OBSERVER, next, ev, 16, &n)) != MJ_STATUS_OK) break;
            for (uint32_t i = 0; i < n; i++) {
                const MjEvent *e = &ev[i];
                if (e->kind == MJ_EVENT_DRAW || e->kind == MJ_EVENT_DISCARD || e->kind == MJ_EVENT_DEAL ||
                    e->kind == MJ_EVENT_CLAIM_ANSWER || e->kind == MJ_EVENT_CLAIM_WON || e->kind == MJ_EVENT_HAND_START)
                    continue;
                if (e->kind == MJ_EVENT_YAKU) { /* the yaku by name */
                    int32_t closed = 0, open = 0;
                    const char *ja, *en, *zh;
                    if (mj_riichi_yaku_info(e->tile, &closed, &open, &ja, &en, &zh) == MJ_STATUS_OK)
                        printf("  yaku: %s (%s) %d han\n", ja, en, (int)e->value);
                    continue;
                }
                size_t len = 0;
                if ((st = mj_event_text(e, NULL, MJ_LANG_ENGLISH, line, sizeof line, &len)) != MJ_STATUS_OK) break;
                printf("  %s\n", line);
            }
            if (n) next = ev[n - 1].index + 1;
        } while (st == MJ_STATUS_OK && n == 16);
        if (st != MJ_STATUS_OK || (st = mj_table_pending(table, &pending, &phase)) != MJ_STATUS_OK) break;
        if (phase == MJ_PHASE_OVER) break;
        while (!(pending >> seat & 1)) seat++;
        MjAction action;
        if ((st = mj_table_view(table, (uint8_t)seat, &view)) != MJ_STATUS_OK ||
            (st = mj_ai_decide(&view, &bot, &action)) != MJ_STATUS_OK ||
            (st = mj_table_apply(table, (uint8_t)seat, action)) != MJ_STATUS_OK)
            break;
    }
    mj_table_free(table);
    if (st != MJ_STATUS_OK) {
        printf("  FAIL %s\n", mj_status_str(st));
        return 1;
    }
    return 0;
}

/* ---- A hint for a human player: mj_hint on a seat's view. ---- */

/* A probability in 1 / MJ_HINT_SCALE as a percentage with one decimal. */
static void print_pct(unsigned p) {
    printf("%u.%u%%", p * 100 / MJ_HINT_SCALE, p * 1000 / MJ_HINT_SCALE % 10);
}

/* Plays the hand of table seed `seed` with four level-3 NPCs up to seat 0's eighth turn, then
 * prints what mj_hint tells a human player in that seat: the best discards with their live
 * tiles and waits, the danger of the tiles in hand, the opponents' readiness, and the choice of
 * the full bot with its reason beside the level-1 NPC's. */
static int hint_example(uint64_t seed) {
    MjRules rules = mj_rules_default();
    MjBotConfig npc = mj_bot_config_default(), advisor = mj_bot_config_default(), beginner;
    MjTable *table = NULL;
    MjView view;
    MjHint hint;
    MjAction easy;
    uint8_t visible[MJ_TILE_KINDS];
    MjStatus st;
    int turns = 0, seen = 0;
    char buf[MJ_FORMAT_BUF_LEN];
    size_t len = 0;

    npc.kind = MJ_BOT_MJKIT;
    npc.level = 3;
    advisor.kind = MJ_BOT_MJKIT; /* level MJ_MAX_LEVEL: the full bot */
    beginner = advisor;
    beginner.level = 1;
    if ((st = mj_table_new(&rules, seed, &table)) != MJ_STATUS_OK) {
        printf("mj_table_new: %s\n", mj_status_str(st));
        return 1;
    }
    for (;;) {
        uint8_t pending = 0, phase = 0;
        MjAction action;
        int seat;
        if ((st = mj_table_pending(table, &pending, &phase)) != MJ_STATUS_OK) break;
        if (phase == MJ_PHASE_OVER) { /* the hand ended first */
            printf("hint for seat 0: the hand of table seed %llu ends before its 8th turn\n", (unsigned long long)seed);
            mj_table_free(table);
            return 0;
        }
        for (seat = 0; seat < MJ_SEATS && !(pending & (1u << seat)); seat++) {}
        if ((st = mj_table_view(table, (uint8_t)seat, &view)) != MJ_STATUS_OK) break;
        if (seat == 0 && phase == MJ_PHASE_TURN && ++turns == 8) break;
        if ((st = mj_ai_decide(&view, &npc, &action)) != MJ_STATUS_OK) break;
        if ((st = mj_table_apply(table, (uint8_t)seat, action)) != MJ_STATUS_OK) break;
    }
    mj_table_free(table);
    if (st == MJ_STATUS_OK) st = mj_hint(&view, &advisor, &hint);
    if (st == MJ_STATUS_OK) st = mj_view_visible(&view, visible);
    if (st == MJ_STATUS_OK) st = mj_ai_decide(&view, &beginner, &easy);
    if (st != MJ_STATUS_OK) {
        printf("  FAIL hint example: %s\n", mj_status_str(st));
        return 1;
    }
    for (int k = 0; k < MJ_TILE_KINDS; k++) seen += visible[k];
    if (mj_format(view.hand, buf, sizeof buf, &len) != MJ_STATUS_OK) snprintf(buf, sizeof buf, "?");
    printf("hint for seat 0 on its 8th turn (table seed %llu, NPCs of level 3): hand %s, shanten %d,\n"
           "  %d tiles in sight (mj_view_visible); best discards (live tiles, danger, chance to win):\n",
           (unsigned long long)seed, buf, hint.shanten, seen);
    for (int i = 0, shown = 0; i < hint.option_count && shown < 3; i++) {
        char tile[MJ_FORMAT_BUF_LEN], accepted[MJ_FORMAT_BUF_LEN];
        if (hint.option_kind[i] != MJ_ACTION_DISCARD) continue;
        mask_to_text((uint64_t)1 << hint.option_tile[i], tile, sizeof tile);
        mask_to_text(hint.option_accepted[i], accepted, sizeof accepted);
        printf("  %s: shanten %d, %u live %s (%s %s), danger ", tile, hint.option_shanten[i],
               hint.option_live[i], tiles_word(hint.option_live[i]),
               hint.option_shanten[i] == 0 ? "waits" : "accepts", accepted);
        print_pct(hint.option_danger[i]);
        printf(", win ");
        print_pct(hint.option_win_chance[i]);
        printf(", %d.%02d tai\n", hint.option_value[i] / MJ_HINT_VALUE_SCALE, hint.option_value[i] % MJ_HINT_VALUE_SCALE);
        shown++;
    }
    printf("  opponents ready:");
    for (int s = 1; s < MJ_SEATS; s++) {
        printf(" seat %d ", s);
        print_pct(hint.ready[s]);
    }
    int riskiest = -1;
    for (int k = 0; k < MJ_TILE_KINDS; k++)
        if (view.hand[k] && (riskiest < 0 || hint.danger[k] > hint.danger[riskiest])) riskiest = k;
    if (riskiest >= 0) {
        mask_to_text((uint64_t)1 << riskiest, buf, sizeof buf);
        printf("; riskiest tile in hand %s (", buf);
        print_pct(hint.danger[riskiest]);
        printf(")");
    }
    mask_to_text((uint64_t)1 << hint.choice.tile, buf, sizeof buf);
    printf("\n  mjkit (level %u) plays %s: %s\n", hint.level, buf, mj_hint_reason_str(hint.reason));
    mask_to_text((uint64_t)1 << easy.tile, buf, sizeof buf);
    printf("  the level-1 NPC would play %s\n", buf);
    return 0;
}

static void print_usage(FILE *to) {
    fprintf(to, "usage: mjdemo HAND ...       analyse hands, e.g. mjdemo 1112345678999m 123m406p789s11z\n"
                "       mjdemo [--samples]     sample hands, MCR and riichi scores, one table hand\n"
                "       mjdemo --self-check    every error class of the C API once\n"
                "       mjdemo --fixture DIR   check tests/fixtures through the C API\n"
                "       mjdemo --play [SEED]   one Taiwanese hand with four NPCs (SEED: 0 to %llu)\n"
                "       mjdemo --riichi [SEED] one riichi hand with four greedy NPCs\n"
                "       mjdemo --hint [SEED]   a hint for a human player on a table view\n"
                "       mjdemo --help          this text\n"
                "scripts/demo.sh [ARGS] builds libmjkit and mjdemo, then runs mjdemo ARGS.\n",
            18446744073709551615ULL);
}

static int usage(void) {
    print_usage(stderr);
    return 2;
}

/* The checks behind --self-check; returns the exit status. */
static int self_check(void) {
    MjRiichiHand h = mj_riichi_hand_default();
    MjRiichiRules rules;
    MjRiichiResult r;
    printf("mjkit %s, header %s\n", mj_version(), MJ_VERSION_STRING);
    if (strcmp(mj_version(), MJ_VERSION_STRING) != 0) {
        printf("  FAIL header version %s, library version %s\n", MJ_VERSION_STRING, mj_version());
        failures++;
    }
    error_paths();
    printf("\nriichi error path:\n");
    /* An impossible input: ippatsu without riichi, refused with its own status. */
    if (mj_parse("234678m340p567s99p", h.counts, NULL) != MJ_STATUS_OK ||
        mj_riichi_rules_preset(MJ_RIICHI_PRESET_MAHJONG_SOUL, &rules) != MJ_STATUS_OK)
        failures++;
    h.win_tile = 3; /* 4m */
    h.conditions = MJ_RIICHI_TSUMO | MJ_RIICHI_IPPATSU;
    expect("mj_riichi_score, ippatsu without riichi", mj_riichi_score(&h, &rules, &r),
           MJ_STATUS_RIICHI_CONFLICT);
    table_error_paths();
    tai_error_paths();
    backend_error_paths();
    mjai_error_paths();
    mjai_table_error_paths();
    riichi_error_paths();
    hint_error_paths();
    riichi_ev_error_paths();
    if (failures) {
        printf("\n%d check(s) failed\n", failures);
        return 1;
    }
    printf("\nall checks passed\n");
    return 0;
}

/* A seed in decimal digits only, 0 to 2^64 - 1 (no sign, no spaces: what the C# demo takes). */
static int parse_seed(const char *s, unsigned long long *out) {
    unsigned long long v = 0;
    if (*s == '\0') return 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9') return 0;
        unsigned d = (unsigned)(*s - '0');
        if (v > (18446744073709551615ULL - d) / 10) return 0;
        v = v * 10 + d;
    }
    *out = v;
    return 1;
}

int main(int argc, char **argv) {
    static const char *const samples[] = {
        "1112345678999m",     /* nine gates: waits on all nine */
        "1122m3344p5566s7z",  /* seven pairs, waiting on 7z */
        "19m19p19s1234567z",  /* thirteen orphans, 13-sided */
        "123m456p789s11122z", /* complete */
        "1122m3344p5566s77z", /* complete as seven pairs only */
        "1111m234p",          /* four 1m: a 1m draw is impossible */
        "11122233344455566m", /* 17 tiles (Taiwanese) complete */
        "1112345566778999m",  /* 16 tiles, 9 waits */
        "0m123p406s",         /* red fives */
        "13579m2468p1357s",   /* 13 tiles, far from tenpai: shanten and tile acceptance */
        "1234m5678p19s1235z", /* 14 tiles, not complete: best discards */
        "12x",                /* bad notation */
        "123M",               /* suit letters are lowercase */
        "55555m",             /* a fifth copy */
        "111222333444555666m", /* 18 tiles */
    };
    if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        print_usage(stdout);
        return 0;
    }
    if (argc == 3 && strcmp(argv[1], "--fixture") == 0) return run_fixtures(argv[2]);
    if (argc == 2 && strcmp(argv[1], "--self-check") == 0) {
        MjStatus init = mj_init();
        if (init != MJ_STATUS_OK) {
            printf("mj_init failed: %s\n", mj_status_str(init));
            return 1;
        }
        return self_check();
    }
    if ((argc == 2 || argc == 3) && strcmp(argv[1], "--play") == 0) {
        unsigned long long seed = 1;
        if (argc == 3 && !parse_seed(argv[2], &seed)) {
            fprintf(stderr, "mjdemo: error: --play seed '%s' is not a number from 0 to %llu (decimal digits only)\n",
                    argv[2], 18446744073709551615ULL);
            return 2;
        }
        return play_hand(seed);
    }
    if ((argc == 2 || argc == 3) && strcmp(argv[1], "--riichi") == 0) {
        unsigned long long seed = 1;
        if (argc == 3 && !parse_seed(argv[2], &seed)) {
            fprintf(stderr, "mjdemo: error: --riichi seed '%s' is not a number from 0 to %llu (decimal digits only)\n",
                    argv[2], 18446744073709551615ULL);
            return 2;
        }
        return play_riichi(seed);
    }
    if ((argc == 2 || argc == 3) && strcmp(argv[1], "--hint") == 0) {
        unsigned long long seed = 5;
        if (argc == 3 && !parse_seed(argv[2], &seed)) {
            fprintf(stderr, "mjdemo: error: --hint seed '%s' is not a number from 0 to %llu (decimal digits only)\n",
                    argv[2], 18446744073709551615ULL);
            return 2;
        }
        return hint_example(seed);
    }
    if (argc > 3 && (strcmp(argv[1], "--play") == 0 || strcmp(argv[1], "--hint") == 0 || strcmp(argv[1], "--riichi") == 0)) {
        fprintf(stderr, "mjdemo: error: %s takes one seed at most\n", argv[1]);
        return 2;
    }
    int samples_mode = argc == 1 || (argc == 2 && strcmp(argv[1], "--samples") == 0);
    if (!samples_mode) {
        for (int i = 1; i < argc; i++)
            if (argv[i][0] == '-' && argv[i][1] != '\0') return usage();
    }
    MjStatus st = mj_init();
    if (st != MJ_STATUS_OK) {
        printf("mj_init failed: %s\n", mj_status_str(st));
        return 1;
    }
    if (!samples_mode) {
        int invalid = 0;
        for (int i = 1; i < argc; i++) invalid += analyse(argv[i]);
        return invalid ? 1 : 0;
    }
    printf("mjkit %s (error checks: mjdemo --self-check)\n\n", mj_version());
    for (size_t i = 0; i < sizeof samples / sizeof samples[0]; i++) analyse(samples[i]);
    mcr_examples();
    riichi_example();
    mjai_example();
    riichi_ev_example();
    tai_example();
    printf("\n");
    if (play_hand(1) != 0) failures++;
    if (failures) {
        printf("\n%d check(s) failed\n", failures);
        return 1;
    }
    return 0;
}
