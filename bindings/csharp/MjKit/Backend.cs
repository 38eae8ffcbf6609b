// mjkit C# binding: the table as a game backend (mj_table_events, mj_table_save / _load,
// mj_table_record / _from_record, matches, names). Events are value types with the native
// layout (TableEvent is MjEvent), so polling into a reused TableEvent[] allocates nothing.
using System;
using System.Text;

namespace MjKit
{
    /// <summary>One change of table state as one reader may know it (same memory layout as
    /// MjEvent). Fields a kind does not use are -1 (seats), null (tiles, actions, melds),
    /// Reason.None or zero.</summary>
    public unsafe struct TableEvent
    {
        internal MjEvent raw;

        /// <summary>Position in the reader's stream: each reader numbers the events it receives
        /// 0, 1, 2, ... from the table's creation.</summary>
        public ulong Index { get { return raw.index; } }
        /// <summary>What happened.</summary>
        public EventKind Kind { get { return (EventKind)raw.kind; } }
        /// <summary>The seat it concerns, or -1.</summary>
        public int Seat { get { return Args.Seat(raw.seat); } }
        /// <summary>The other seat involved (discarder, offering seat, claimed-from), or -1.</summary>
        public int From { get { return Args.Seat(raw.from); } }
        /// <summary>The tile code: 0..33 a tile kind, 34..41 a flower, Names.HiddenTile for a
        /// tile this reader may not see, 255 none; a wind 0..3 for HandStart and WindAdvanced.</summary>
        public int TileCode { get { return raw.tile; } }
        /// <summary>The action of a claim answer, won or lost claim; null otherwise.</summary>
        public ActionKind? Action
        {
            get { return raw.action == NativeMethods.MJ_NO_KIND ? (ActionKind?)null : (ActionKind)raw.action; }
        }
        /// <summary>The kind of a declared meld; null otherwise.</summary>
        public TableMeldKind? Meld
        {
            get { return raw.meld == NativeMethods.MJ_NO_KIND ? (TableMeldKind?)null : (TableMeldKind)raw.meld; }
        }
        /// <summary>Why a claim lost or a payment was made.</summary>
        public Reason Reason { get { return (Reason)raw.reason; } }
        /// <summary>Flag bits.</summary>
        public EventFlags Flags { get { return (EventFlags)raw.flags; } }
        /// <summary>Points, hand index, hand count, consecutive deals or ready mask (by kind).</summary>
        public long Value { get { return raw.value; } }
        /// <summary>The table seed (HandStart, observer only).</summary>
        public ulong Seed { get { return raw.seed; } }
        /// <summary>Tiles in the event's list (a deal, meld or winning hand; the four seat winds
        /// of a HandStart).</summary>
        public int TileCount { get { return raw.count; } }

        /// <summary>HandStart: a seat's score as the hand begins (0 for the other kinds).</summary>
        public long Score(int seat)
        {
            Args.CheckSeat(seat);
            fixed (long* s = raw.scores) return s[seat];
        }

        /// <summary>HandStart: counter i of the match (0 = Counters.Consecutive, the dealer's
        /// consecutive deals, 連莊; the other slots the variant's).</summary>
        public uint Counter(int i)
        {
            if ((uint)i >= NativeMethods.MJ_MAX_COUNTERS) throw new ArgumentOutOfRangeException("i");
            fixed (uint* c = raw.counters) return c[i];
        }

        /// <summary>HandStart: the dealer's consecutive deals before the hand (連莊).</summary>
        public uint Consecutive { get { return Counter(NativeMethods.MJ_COUNTER_CONSECUTIVE); } }

        /// <summary>HandStart: the match's first dealer (From).</summary>
        public int FirstDealer { get { return From; } }

        /// <summary>Tile code i of the list (0 &lt;= i &lt; TileCount).</summary>
        public int TileAt(int i)
        {
            if ((uint)i >= raw.count) throw new ArgumentOutOfRangeException("i");
            fixed (byte* t = raw.tiles) return t[i];
        }

        /// <summary>One line of text (mj_event_text) as ctx names seats and tiles, e.g. "seat 1
        /// discards Five of Dots (just drawn)", "you discard 5p", 下家打出 五筒.</summary>
        public string Text(NameContext ctx, Lang lang)
        {
            MjEvent e = raw;
            MjNameContext c = ctx.ToNative();
            byte* b = stackalloc byte[NativeMethods.MJ_TEXT_BUF_LEN];
            UIntPtr n;
            MjKitException.Check(NativeMethods.mj_event_text(&e, &c, (uint)lang, b, (UIntPtr)NativeMethods.MJ_TEXT_BUF_LEN, &n));
            return Names.Text(b, n);
        }

        /// <summary>One line of text in the default context (NameContext.Default: seats by
        /// number, tiles in words).</summary>
        public string Text(Lang lang) { return Text(NameContext.Default, lang); }

        /// <summary>The English line.</summary>
        public override string ToString() { return Text(Lang.English); }
    }

    /// <summary>The rules of a match. Start from MatchRules.Default.</summary>
    public struct MatchRules
    {
        /// <summary>Every seat's score when the match starts.</summary>
        public long StartScore;
        /// <summary>The first hand's dealer (0..3); the wind advances when the deal returns here.</summary>
        public int FirstDealer;
        /// <summary>When the dealer keeps the deal.</summary>
        public DealerRule DealerRule;
        /// <summary>When the match ends.</summary>
        public MatchEnd End;
        /// <summary>Hands (MatchEnd.Hands, 1 or more) or wind rounds (MatchEnd.WindRounds, 1..4);
        /// 0 for MatchEnd.Never.</summary>
        public uint EndValue;

        /// <summary>An endless match: scores from 0, seat 0 deals first, the dealer keeps the deal
        /// after a win or an exhaustive draw (mj_match_rules_default).</summary>
        public static MatchRules Default
        {
            get
            {
                MjMatchRules m = NativeMethods.mj_match_rules_default();
                MatchRules x;
                x.StartScore = m.start_score;
                x.FirstDealer = m.first_dealer;
                x.DealerRule = (DealerRule)m.dealer_rule;
                x.End = (MatchEnd)m.end;
                x.EndValue = m.end_value;
                return x;
            }
        }

        internal MjMatchRules ToNative()
        {
            MjMatchRules m;
            m.start_score = StartScore;
            m.first_dealer = Args.Byte(FirstDealer);
            m.dealer_rule = (byte)DealerRule;
            m.end = (byte)End;
            m.end_value = EndValue;
            return m;
        }
    }

    /// <summary>Where a match stands (same layout as MjMatchState).</summary>
    public unsafe struct MatchState
    {
        internal MjMatchState raw;
        /// <summary>A seat's cumulative score.</summary>
        public long Score(int seat) { Args.CheckSeat(seat); fixed (long* s = raw.scores) return s[seat]; }
        /// <summary>Hands finished.</summary>
        public uint HandsPlayed { get { return raw.hands_played; } }
        /// <summary>Consecutive deals of the current dealer (連莊).</summary>
        public uint Consecutive { get { return raw.consecutive; } }
        /// <summary>Wind rounds completed.</summary>
        public uint Rounds { get { return raw.rounds; } }
        /// <summary>Whether the match is over.</summary>
        public bool Over { get { return raw.over != 0; } }
        /// <summary>Riichi: the honba of the next hand (of the current one while it is played); 0
        /// at a table of another variant.</summary>
        public uint Honba { get { return raw.riichi.honba; } }
        /// <summary>Riichi: the riichi sticks on the table; 0 at a table of another variant.</summary>
        public uint Sticks { get { return raw.riichi.sticks; } }
    }

    /// <summary>The outcome of a finished match (same layout as MjMatchResult).</summary>
    public unsafe struct MatchResult
    {
        internal MjMatchResult raw;
        /// <summary>A seat's final score.</summary>
        public long Score(int seat) { Args.CheckSeat(seat); fixed (long* s = raw.scores) return s[seat]; }
        /// <summary>A seat's rank, 1..4 (Taiwanese: equal scores share the better rank; riichi:
        /// the seat first in turn order from the first dealer ranks higher).</summary>
        public int Rank(int seat) { Args.CheckSeat(seat); fixed (byte* r = raw.ranks) return r[seat]; }
        /// <summary>A seat's final points: its score (Taiwanese), or under riichi the score minus
        /// the return score plus the uma of its rank and the oka for first place.</summary>
        public long Points(int seat) { Args.CheckSeat(seat); fixed (long* p = raw.points) return p[seat]; }
        /// <summary>Hands played.</summary>
        public uint HandsPlayed { get { return raw.hands_played; } }
    }

    /// <summary>Who reads a text and how it names seats and tiles (Names.Seat,
    /// TableEvent.Text; MjNameContext). Start from NameContext.Default.</summary>
    public struct NameContext
    {
        /// <summary>The reader: a seat 0..3 (its own seat is "you" in SeatStyle.Relative),
        /// Table.Observer or Table.Spectator.</summary>
        public int Reader;
        /// <summary>The dealer (East) for SeatStyle.Wind, 0..3 (a hand start names its own).</summary>
        public int Dealer;
        /// <summary>How seats are named.</summary>
        public SeatStyle Seats;
        /// <summary>How tiles are written.</summary>
        public TileStyle Tiles;

        /// <summary>The observer, dealer 0, seats by number, tiles in words
        /// (mj_name_context_default).</summary>
        public static NameContext Default
        {
            get
            {
                MjNameContext c = NativeMethods.mj_name_context_default();
                NameContext x;
                x.Reader = (int)c.reader;
                x.Dealer = c.dealer;
                x.Seats = (SeatStyle)c.seat_style;
                x.Tiles = (TileStyle)c.tile_style;
                return x;
            }
        }

        /// <summary>Seat seat's context: seats relative to it (you, 下家, 對家, 上家), tiles in
        /// words.</summary>
        public static NameContext ForSeat(int seat)
        {
            NameContext x = Default;
            x.Reader = seat;
            x.Seats = SeatStyle.Relative;
            return x;
        }

        internal MjNameContext ToNative()
        {
            MjNameContext c;
            c.reader = (uint)Reader;
            c.seat_style = (uint)Seats;
            c.tile_style = (uint)Tiles;
            c.dealer = Args.Byte(Dealer);
            return c;
        }
    }

    /// <summary>Names a game shows, in English, Traditional or Simplified Chinese (Lang): tiles,
    /// flowers, winds, seats, rounds, actions, meld kinds, reasons and tai patterns. Every call
    /// throws MjKitException(InvalidArgument) for a value out of range.</summary>
    public static unsafe class Names
    {
        /// <summary>A tile code a reader may not see (another seat's draw, deal, concealed kong).</summary>
        public const int HiddenTile = NativeMethods.MJ_HIDDEN_TILE;
        /// <summary>Codes FlowerCodeBase + f (34..41) are flower f (0..7).</summary>
        public const int FlowerCodeBase = NativeMethods.MJ_FLOWER_CODE_BASE;

        const int Len = NativeMethods.MJ_NAME_BUF_LEN;

        /// <summary>The UTF-8 text of n bytes at buf.</summary>
        internal static string Text(byte* buf, UIntPtr n)
        {
            return Encoding.UTF8.GetString(buf, (int)n);
        }

        static string Checked(int status, byte* buf, UIntPtr n)
        {
            MjKitException.Check(status);
            return Text(buf, n);
        }

        static byte Code(int v) { return Args.Byte(v); }

        /// <summary>A tile code's name (0..33 tile kinds, 34..41 flowers): "5m"; "Five of
        /// Characters", 五萬, 五万; or 🀋.</summary>
        public static string Tile(int code, TileStyle style, Lang lang)
        {
            byte t = Code(code);
            byte* b = stackalloc byte[Len];
            UIntPtr n;
            return Checked(NativeMethods.mj_tile_name(t, (uint)style, (uint)lang, b, (UIntPtr)Len, &n), b, n);
        }

        /// <summary>A tile's name.</summary>
        public static string Tile(Tile tile, TileStyle style, Lang lang) { return Tile(tile.Kind, style, lang); }

        /// <summary>Flower f (0..7: 春夏秋冬梅蘭竹菊) and the seat wind it belongs to under the
        /// rules (f % 4; with the tai rules' ChrysanthemumWest, the common game's, 菊 is West's
        /// and 竹 North's).</summary>
        public static string Flower(int flower, Rules rules, Lang lang, out Wind wind)
        {
            byte f = Code(flower);
            MjRules r = rules.ToNative();
            byte w = 0;
            byte* b = stackalloc byte[Len];
            UIntPtr n;
            MjKitException.Check(NativeMethods.mj_flower_name(f, &r, (uint)lang, b, (UIntPtr)Len, &n, &w));
            wind = (Wind)w;
            return Text(b, n);
        }

        /// <summary>Flower f's name (0..7).</summary>
        public static string Flower(int flower, Rules rules, Lang lang)
        {
            Wind w;
            return Flower(flower, rules, lang, out w);
        }

        /// <summary>A wind's name: East, 東, 东.</summary>
        public static string Wind(Wind wind, Lang lang)
        {
            byte* b = stackalloc byte[Len];
            UIntPtr n;
            return Checked(NativeMethods.mj_wind_name((byte)wind, (uint)lang, b, (UIntPtr)Len, &n), b, n);
        }

        /// <summary>A seat's name as ctx names seats: "seat 2" (SeatStyle.Number); you, 下家,
        /// 對家, 上家 (SeatStyle.Relative); East, 東家 (SeatStyle.Wind).</summary>
        public static string Seat(int seat, NameContext ctx, Lang lang)
        {
            byte s = Code(seat);
            MjNameContext c = ctx.ToNative();
            byte* b = stackalloc byte[Len];
            UIntPtr n;
            return Checked(NativeMethods.mj_seat_name(s, &c, (uint)lang, b, (UIntPtr)Len, &n), b, n);
        }

        /// <summary>The round of a hand ("East 1", 東風東局): the prevalent wind and the deal in
        /// its wind round counted from the match's first dealer (View.PrevalentWind,
        /// View.Dealer, View.FirstDealer).</summary>
        public static string Round(Wind prevalent, int dealer, int firstDealer, Lang lang)
        {
            byte d = Code(dealer), f = Code(firstDealer);
            byte* b = stackalloc byte[Len];
            UIntPtr n;
            return Checked(NativeMethods.mj_round_name((byte)prevalent, d, f, (uint)lang, b, (UIntPtr)Len, &n), b, n);
        }

        /// <summary>An action kind's name: "chow", 吃.</summary>
        public static string Action(ActionKind kind, Lang lang)
        {
            byte* b = stackalloc byte[Len];
            UIntPtr n;
            return Checked(NativeMethods.mj_action_name((byte)kind, (uint)lang, b, (UIntPtr)Len, &n), b, n);
        }

        /// <summary>A meld kind's name: "concealed kong", 暗槓, 暗杠.</summary>
        public static string Meld(TableMeldKind kind, Lang lang)
        {
            byte* b = stackalloc byte[Len];
            UIntPtr n;
            return Checked(NativeMethods.mj_meld_name((byte)kind, (uint)lang, b, (UIntPtr)Len, &n), b, n);
        }

        /// <summary>Why a claim lost or a payment was made: "dealt in", 放槍, 放枪.</summary>
        public static string Reason(Reason reason, Lang lang)
        {
            byte* b = stackalloc byte[Len];
            UIntPtr n;
            return Checked(NativeMethods.mj_reason_name((byte)reason, (uint)lang, b, (UIntPtr)Len, &n), b, n);
        }

        /// <summary>Tai pattern id's name (1..38, as Tai.PatternInfo numbers them):
        /// "Concealed hand", 門清, 门清.</summary>
        public static string TaiPattern(int id, Lang lang)
        {
            byte p = Code(id);
            byte* b = stackalloc byte[Len];
            UIntPtr n;
            return Checked(NativeMethods.mj_tai_pattern_name(p, (uint)lang, b, (UIntPtr)Len, &n), b, n);
        }
    }

    public sealed unsafe partial class Table
    {
        /// <summary>The reader that sees everything (Events); seats read as 0..3.</summary>
        public const int Observer = (int)NativeMethods.MJ_READER_OBSERVER;

        /// <summary>A table that plays a match (mj_table_new_match): hand 0 dealt by
        /// match.FirstDealer, every seat at match.StartScore; NextHand continues the match until
        /// its end (then MjKitException(MatchOver)). Throws InvalidArgument for rules out of range.</summary>
        public Table(Rules rules, MatchRules match, ulong seed)
        {
            MjRules r = rules.ToNative();
            MjMatchRules m = match.ToNative();
            MjTable* t = null;
            var h = new TableHandle();
            int st = NativeMethods.mj_table_new_match(&r, &m, seed, &t);
            if (st == 0) h.Set(t);
            else h.SetHandleAsInvalid();
            handle = h;
            MjKitException.Check(st);
        }

        static Table Adopt(int status, MjTable* t)
        {
            if (status != 0) return null;
            var h = new TableHandle();
            h.Set(t);
            return new Table(h);
        }

        int EventsRaw(int reader, ulong from, TableEvent[] buffer, out int count)
        {
            count = 0;
            uint n = 0;
            int st;
            bool added = false;
            try
            {
                fixed (TableEvent* e = buffer)
                {
                    st = NativeMethods.mj_table_events(Acquire(ref added), (uint)reader, from, (MjEvent*)e,
                        (UIntPtr)(buffer == null ? 0 : buffer.Length), &n);
                }
            }
            finally { Release(added); }
            if (st == 0) count = (int)n;
            return st;
        }

        /// <summary>Copies the events of reader's stream from index `from` on, as `reader` (a
        /// seat 0..3, Table.Spectator or Table.Observer) may know them, into buffer; returns how
        /// many (at most buffer.Length: call again from the last index + 1 until 0). Allocates
        /// nothing. Each reader numbers its own stream; poll after each Apply with from = one past
        /// the last index read.</summary>
        public int Events(int reader, ulong from, TableEvent[] buffer)
        {
            int n;
            MjKitException.Check(EventsRaw(reader, from, buffer, out n));
            return n;
        }

        /// <summary>As Events(reader, from, buffer); false instead of throwing.</summary>
        public bool TryEvents(int reader, ulong from, TableEvent[] buffer, out int count)
        {
            return EventsRaw(reader, from, buffer, out count) == 0;
        }

        /// <summary>Every event of reader's stream from index `from` on, in a new array.</summary>
        public TableEvent[] Events(int reader, ulong from)
        {
            ulong first, next;
            GetEventBounds(reader, out first, out next);
            ulong start = from < first ? first : from;
            var buf = new TableEvent[start < next ? (int)(next - start) : 0];
            int n = buf.Length == 0 ? 0 : Events(reader, from, buf);
            if (n != buf.Length) Array.Resize(ref buf, n);
            return buf;
        }

        /// <summary>Reader's stream: the index of its first event of the current hand and the
        /// index its next event will get.</summary>
        public void GetEventBounds(int reader, out ulong first, out ulong next)
        {
            ulong f = 0, n = 0;
            bool added = false;
            int st;
            try { st = NativeMethods.mj_table_event_bounds(Acquire(ref added), (uint)reader, &f, &n); }
            finally { Release(added); }
            MjKitException.Check(st);
            first = f;
            next = n;
        }

        /// <summary>The index reader's next event will get.</summary>
        public ulong NextEventIndex(int reader)
        {
            ulong f, n;
            GetEventBounds(reader, out f, out n);
            return n;
        }

        /// <summary>The index of reader's first event of the current hand (its hand start: a
        /// client joins there).</summary>
        public ulong FirstEventIndex(int reader)
        {
            ulong f, n;
            GetEventBounds(reader, out f, out n);
            return f;
        }

        /// <summary>The snapshot of the table (mj_table_save): a versioned binary image; Load
        /// gives the table back, saving it again gives the same bytes. Undo is loading an
        /// earlier snapshot.</summary>
        public byte[] Save()
        {
            bool added = false;
            try
            {
                MjTable* t = Acquire(ref added);
                UIntPtr len = UIntPtr.Zero;
                int st = NativeMethods.mj_table_save(t, null, UIntPtr.Zero, &len);
                if (st != (int)Status.BufferTooSmall) MjKitException.Check(st);
                var bytes = new byte[(int)len];
                fixed (byte* b = bytes) MjKitException.Check(NativeMethods.mj_table_save(t, b, len, &len));
                return bytes;
            }
            finally { Release(added); }
        }

        static int LoadRaw(byte[] bytes, out Table table)
        {
            MjTable* t = null;
            int st;
            fixed (byte* b = bytes) st = NativeMethods.mj_table_load(b, (UIntPtr)(bytes == null ? 0 : bytes.Length), &t);
            table = Adopt(st, t);
            return st;
        }

        /// <summary>The table of a snapshot. Throws MjKitException(BadSnapshot,
        /// SnapshotVersion); a bad image builds nothing.</summary>
        public static Table Load(byte[] bytes)
        {
            Table t;
            MjKitException.Check(LoadRaw(bytes, out t));
            return t;
        }

        /// <summary>As Load; false (and null) instead of throwing.</summary>
        public static bool TryLoad(byte[] bytes, out Table table) { return LoadRaw(bytes, out table) == 0; }

        /// <summary>The record of the table's play (mj_table_record): JSON Lines, a header line
        /// and one line per event, for every hand since the table was created, loaded or read,
        /// or since RestartRecord.</summary>
        public string Record()
        {
            bool added = false;
            try
            {
                MjTable* t = Acquire(ref added);
                UIntPtr len = UIntPtr.Zero;
                int st = NativeMethods.mj_table_record(t, null, UIntPtr.Zero, &len);
                if (st != (int)Status.BufferTooSmall) MjKitException.Check(st);
                var bytes = new byte[(int)len + 1];
                fixed (byte* b = bytes) MjKitException.Check(NativeMethods.mj_table_record(t, b, (UIntPtr)bytes.Length, &len));
                return Encoding.UTF8.GetString(bytes, 0, (int)len);
            }
            finally { Release(added); }
        }

        int ContinueRaw(string earlier, out int line)
        {
            byte[] bytes = Encoding.UTF8.GetBytes(earlier ?? "");
            UIntPtr l = UIntPtr.Zero;
            bool added = false;
            int st;
            try
            {
                fixed (byte* b = bytes)
                    st = NativeMethods.mj_table_record_continue(Acquire(ref added), earlier == null ? null : b,
                        (UIntPtr)bytes.Length, &l);
            }
            finally { Release(added); }
            line = st == (int)Status.BadRecord ? (int)l : 0;
            return st;
        }

        /// <summary>Puts `earlier`, the record of this table's play before its record begins
        /// (kept by the game before it saved the snapshot this table was loaded from), in front
        /// of the table's record (mj_table_record_continue). Throws MjKitException(BadRecord);
        /// TryContinueRecord gives the bad line. Nothing changes on error.</summary>
        public void ContinueRecord(string earlier)
        {
            int line;
            MjKitException.Check(ContinueRaw(earlier, out line));
        }

        /// <summary>As ContinueRecord; false and the 1-based bad line of `earlier` (0 for other
        /// errors) instead of throwing.</summary>
        public bool TryContinueRecord(string earlier, out int badLine)
        {
            return ContinueRaw(earlier, out badLine) == 0;
        }

        /// <summary>Drops the record of earlier hands: the record starts again with this hand.</summary>
        public void RestartRecord()
        {
            bool added = false;
            try { MjKitException.Check(NativeMethods.mj_table_record_restart(Acquire(ref added))); }
            finally { Release(added); }
        }

        static int FromRecordRaw(string text, out Table table, out int line)
        {
            byte[] bytes = Encoding.UTF8.GetBytes(text ?? "");
            MjTable* t = null;
            UIntPtr l = UIntPtr.Zero;
            int st;
            fixed (byte* b = bytes) st = NativeMethods.mj_table_from_record(text == null ? null : b, (UIntPtr)bytes.Length, &t, &l);
            table = Adopt(st, t);
            line = st == (int)Status.BadRecord ? (int)l : 0;
            return st;
        }

        /// <summary>The table a record describes, every action re-applied through the referee.
        /// Throws MjKitException(BadRecord); TryFromRecord gives the bad line.</summary>
        public static Table FromRecord(string text)
        {
            Table t;
            int line;
            MjKitException.Check(FromRecordRaw(text, out t, out line));
            return t;
        }

        /// <summary>As FromRecord; false, null and the 1-based bad line (0 for other errors)
        /// instead of throwing.</summary>
        public static bool TryFromRecord(string text, out Table table, out int badLine)
        {
            return FromRecordRaw(text, out table, out badLine) == 0;
        }

        /// <summary>Sets a seat's score (a game restoring a session); logged as ScoreSet.</summary>
        public void SetScore(int seat, long score)
        {
            bool added = false;
            try { MjKitException.Check(NativeMethods.mj_table_set_score(Acquire(ref added), Args.Byte(seat), score)); }
            finally { Release(added); }
        }

        /// <summary>Where the match stands.</summary>
        public MatchState MatchState
        {
            get
            {
                MatchState s = default(MatchState);
                bool added = false;
                int st;
                try { st = NativeMethods.mj_table_match_state(Acquire(ref added), &s.raw); }
                finally { Release(added); }
                MjKitException.Check(st);
                return s;
            }
        }

        int MatchResultRaw(out MatchResult result)
        {
            MatchResult r = default(MatchResult);
            bool added = false;
            int st;
            try { st = NativeMethods.mj_table_match_result(Acquire(ref added), &r.raw); }
            finally { Release(added); }
            result = st == 0 ? r : default(MatchResult);
            return st;
        }

        /// <summary>The final scores and ranks. Throws MjKitException(MatchNotOver) before the end.</summary>
        public MatchResult MatchResult()
        {
            MatchResult r;
            MjKitException.Check(MatchResultRaw(out r));
            return r;
        }

        /// <summary>As MatchResult; false instead of throwing.</summary>
        public bool TryMatchResult(out MatchResult result) { return MatchResultRaw(out result) == 0; }
    }
}
