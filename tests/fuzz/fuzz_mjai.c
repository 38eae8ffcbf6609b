/* Part of the ABI fuzz harness, included by tests/fuzz/fuzz.c (one translation unit: the
 * drivers share its static state and helpers): MJAI lines, records read back, matches, MJAI at the table, names. */
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
