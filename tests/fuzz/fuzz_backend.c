/* Part of the ABI fuzz harness, included by tests/fuzz/fuzz.c (one translation unit: the
 * drivers share its static state and helpers): the table as a backend: events, snapshots, records. */
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
