// mjkit C# binding: MJAI lines (the JSON event protocol of riichi bots and logs) over
// mj_mjai_parse / mj_mjai_format, and MJAI at a riichi table: a bot's response played as a seat's
// action (mj_mjai_respond), a game log replayed into a table (mj_mjai_replay). Same conventions as Mahjong.cs: value types, failures throw
// MjKitException, the TryXxx forms return false instead.
using System;
using System.Text;

namespace MjKit
{
    /// <summary>The MJAI event types (MJ_MJAI_*).</summary>
    public enum MjaiKind : byte
    {
        /// <summary>{"type":"none"}: a bot passes.</summary>
        None = 0,
        /// <summary>start_game: Id, HasNames.</summary>
        StartGame = 1,
        /// <summary>start_kyoku: Bakaze, Kyoku, Honba, Kyotaku, Oya, Scores, DoraMarker, Tehai(seat).</summary>
        StartKyoku = 2,
        /// <summary>tsumo: Actor, Pai (Mjai.Hidden for another seat's draw).</summary>
        Tsumo = 3,
        /// <summary>dahai: Actor, Pai, Tsumogiri.</summary>
        Dahai = 4,
        /// <summary>chi: Actor, Target, Pai, 2 Consumed.</summary>
        Chi = 5,
        /// <summary>pon: Actor, Target, Pai, 2 Consumed.</summary>
        Pon = 6,
        /// <summary>daiminkan: Actor, Target, Pai, 3 Consumed.</summary>
        Daiminkan = 7,
        /// <summary>kakan: Actor, Pai (added), 3 Consumed (the pon).</summary>
        Kakan = 8,
        /// <summary>ankan: Actor, 4 Consumed.</summary>
        Ankan = 9,
        /// <summary>dora: DoraMarker.</summary>
        Dora = 10,
        /// <summary>reach: Actor.</summary>
        Reach = 11,
        /// <summary>reach_accepted: Actor.</summary>
        ReachAccepted = 12,
        /// <summary>hora: Actor, Target (== Actor: a self-draw), Pai (-1 when not named), Deltas, UraMarkers.</summary>
        Hora = 13,
        /// <summary>ryukyoku: Reason, Deltas.</summary>
        Ryukyoku = 14,
        /// <summary>end_kyoku.</summary>
        EndKyoku = 15,
        /// <summary>end_game.</summary>
        EndGame = 16,
    }

    /// <summary>Why a ryukyoku ended the hand (MJ_MJAI_REASON_*).</summary>
    public enum MjaiReason : byte
    {
        /// <summary>No reason given.</summary>
        None = 0,
        /// <summary>exhaustive_draw.</summary>
        Exhaustive = 1,
        /// <summary>nagashimangan.</summary>
        Nagashi = 2,
        /// <summary>kyushu_kyuhai: nine terminals.</summary>
        NineTerminals = 3,
        /// <summary>sufuurenta: four winds.</summary>
        FourWinds = 4,
        /// <summary>suukansansen: four kans.</summary>
        FourKans = 5,
        /// <summary>suucha_riichi: four riichi.</summary>
        FourRiichi = 6,
        /// <summary>sanchaho: three rons.</summary>
        ThreeRons = 7,
        /// <summary>Another reason text (not decoded).</summary>
        Other = 8,
    }

    /// <summary>One MJAI event: a view over the C struct MjMjaiEvent. Seats are 0..3 (-1: none);
    /// tiles are table tile codes: kinds 0..33, the red fives Mjai.Red5m / Red5p / Red5s,
    /// Mjai.Hidden for MJAI's "?", -1 for none.</summary>
    public unsafe struct MjaiEvent
    {
        internal MjMjaiEvent raw;

        static int Code(byte t) { return t == NativeMethods.MJ_NO_TILE ? -1 : t; }
        static byte Code(int t) { return t < 0 ? (byte)NativeMethods.MJ_NO_TILE : Args.Byte(t); }
        static byte SeatByte(int s) { return s < 0 ? (byte)NativeMethods.MJ_NO_SEAT : Args.Byte(s); }
        static void Fill(byte* p, int n) { for (int i = 0; i < n; i++) p[i] = (byte)NativeMethods.MJ_NO_TILE; }

        /// <summary>An event of this kind, every field unused.</summary>
        public static MjaiEvent Of(MjaiKind kind)
        {
            var e = new MjaiEvent();
            e.raw.kind = (byte)kind;
            e.raw.actor = e.raw.target = e.raw.id = (byte)NativeMethods.MJ_NO_SEAT;
            e.raw.pai = e.raw.dora_marker = (byte)NativeMethods.MJ_NO_TILE;
            Fill(e.raw.consumed, 4);
            Fill(e.raw.ura_markers, 5);
            Fill(e.raw.tehais, 52);
            return e;
        }

        /// <summary>The event type.</summary>
        public MjaiKind Kind { get { return (MjaiKind)raw.kind; } set { raw.kind = (byte)value; } }
        /// <summary>The acting seat, or -1.</summary>
        public int Actor { get { return Args.Seat(raw.actor); } set { raw.actor = SeatByte(value); } }
        /// <summary>The seat acted on (a call's discarder, a win's payer), or -1.</summary>
        public int Target { get { return Args.Seat(raw.target); } set { raw.target = SeatByte(value); } }
        /// <summary>The tile of a draw, discard, call, added kan or win, or -1.</summary>
        public int Pai { get { return Code(raw.pai); } set { raw.pai = Code(value); } }
        /// <summary>dahai: the tile just drawn was thrown.</summary>
        public bool Tsumogiri { get { return raw.tsumogiri != 0; } set { raw.tsumogiri = value ? (byte)1 : (byte)0; } }
        /// <summary>start_game: the reader's seat, or -1.</summary>
        public int Id { get { return Args.Seat(raw.id); } set { raw.id = SeatByte(value); } }
        /// <summary>start_game: the line named the players (the names are not decoded).</summary>
        public bool HasNames { get { return (raw.flags & NativeMethods.MJ_MJAI_HAS_NAMES) != 0; } }
        /// <summary>start_kyoku: prevalent wind 0..3.</summary>
        public int Bakaze { get { return raw.bakaze; } set { raw.bakaze = Args.Byte(value); } }
        /// <summary>start_kyoku: hand number within the wind round, 1..4.</summary>
        public int Kyoku { get { return raw.kyoku; } set { raw.kyoku = Args.Byte(value); } }
        /// <summary>start_kyoku: honba.</summary>
        public int Honba { get { return raw.honba; } set { raw.honba = Args.Byte(value); } }
        /// <summary>start_kyoku: riichi sticks on the table.</summary>
        public int Kyotaku { get { return raw.kyotaku; } set { raw.kyotaku = Args.Byte(value); } }
        /// <summary>start_kyoku: the dealer's seat.</summary>
        public int Oya { get { return raw.oya; } set { raw.oya = Args.Byte(value); } }
        /// <summary>start_kyoku, dora: the indicator, or -1.</summary>
        public int DoraMarker { get { return Code(raw.dora_marker); } set { raw.dora_marker = Code(value); } }
        /// <summary>ryukyoku: the reason.</summary>
        public MjaiReason Reason { get { return (MjaiReason)raw.reason; } set { raw.reason = (byte)value; } }

        /// <summary>The tiles a call or kan takes from the hand (a new array).</summary>
        public int[] Consumed
        {
            get
            {
                var a = new int[Math.Min((int)raw.consumed_count, 4)];
                fixed (byte* c = raw.consumed) for (int i = 0; i < a.Length; i++) a[i] = c[i];
                return a;
            }
            set
            {
                if (value == null || value.Length > 4) throw new MjKitException(Status.InvalidArgument);
                raw.consumed_count = (byte)value.Length;
                fixed (byte* c = raw.consumed)
                    for (int i = 0; i < 4; i++) c[i] = i < value.Length ? Code(value[i]) : (byte)NativeMethods.MJ_NO_TILE;
            }
        }

        /// <summary>start_kyoku: the scores by seat (a new array).</summary>
        public int[] Scores
        {
            get { var a = new int[4]; fixed (int* p = raw.scores) for (int i = 0; i < 4; i++) a[i] = p[i]; return a; }
            set
            {
                if (value == null || value.Length != 4) throw new MjKitException(Status.InvalidArgument);
                fixed (int* p = raw.scores) for (int i = 0; i < 4; i++) p[i] = value[i];
            }
        }

        /// <summary>hora, ryukyoku: the score changes by seat, or null when not given.</summary>
        public int[] Deltas
        {
            get
            {
                if ((raw.flags & NativeMethods.MJ_MJAI_HAS_DELTAS) == 0) return null;
                var a = new int[4];
                fixed (int* p = raw.deltas) for (int i = 0; i < 4; i++) a[i] = p[i];
                return a;
            }
            set
            {
                if (value == null) { raw.flags = (byte)(raw.flags & ~NativeMethods.MJ_MJAI_HAS_DELTAS); return; }
                if (value.Length != 4) throw new MjKitException(Status.InvalidArgument);
                raw.flags = (byte)(raw.flags | NativeMethods.MJ_MJAI_HAS_DELTAS);
                fixed (int* p = raw.deltas) for (int i = 0; i < 4; i++) p[i] = value[i];
            }
        }

        /// <summary>hora: the ura indicators, or null when not given.</summary>
        public int[] UraMarkers
        {
            get
            {
                if ((raw.flags & NativeMethods.MJ_MJAI_HAS_URA) == 0) return null;
                var a = new int[Math.Min((int)raw.ura_count, 5)];
                fixed (byte* u = raw.ura_markers) for (int i = 0; i < a.Length; i++) a[i] = u[i];
                return a;
            }
            set
            {
                if (value == null) { raw.flags = (byte)(raw.flags & ~NativeMethods.MJ_MJAI_HAS_URA); return; }
                if (value.Length > 5) throw new MjKitException(Status.InvalidArgument);
                raw.flags = (byte)(raw.flags | NativeMethods.MJ_MJAI_HAS_URA);
                raw.ura_count = (byte)value.Length;
                fixed (byte* u = raw.ura_markers)
                    for (int i = 0; i < 5; i++) u[i] = i < value.Length ? Code(value[i]) : (byte)NativeMethods.MJ_NO_TILE;
            }
        }

        /// <summary>start_kyoku: seat's 13 starting tiles (a new array; Mjai.Hidden for "?").</summary>
        public int[] Tehai(int seat)
        {
            if (seat < 0 || seat > 3) throw new MjKitException(Status.InvalidArgument);
            var a = new int[13];
            fixed (byte* t = raw.tehais) for (int i = 0; i < 13; i++) a[i] = t[13 * seat + i];
            return a;
        }

        /// <summary>start_kyoku: sets seat's 13 starting tiles.</summary>
        public void SetTehai(int seat, int[] tiles)
        {
            if (seat < 0 || seat > 3 || tiles == null || tiles.Length != 13) throw new MjKitException(Status.InvalidArgument);
            fixed (byte* t = raw.tehais) for (int i = 0; i < 13; i++) t[13 * seat + i] = Code(tiles[i]);
        }
    }

    /// <summary>MJAI lines: read one into an MjaiEvent, write one back.</summary>
    public static unsafe class Mjai
    {
        /// <summary>The red 5m's tile code.</summary>
        public const int Red5m = 42;
        /// <summary>The red 5p's tile code.</summary>
        public const int Red5p = 43;
        /// <summary>The red 5s's tile code.</summary>
        public const int Red5s = 44;
        /// <summary>MJAI's unknown tile "?" (MJ_HIDDEN_TILE).</summary>
        public const int Hidden = NativeMethods.MJ_HIDDEN_TILE;

        static int ParseRaw(string line, out MjaiEvent ev)
        {
            ev = default(MjaiEvent);
            if (line == null) return (int)Status.NullPointer;
            byte[] bytes = Encoding.UTF8.GetBytes(line);
            MjMjaiEvent raw;
            int st;
            fixed (byte* b = bytes) st = NativeMethods.mj_mjai_parse(b, (UIntPtr)bytes.Length, &raw);
            if (st == 0) ev.raw = raw;
            return st;
        }

        /// <summary>Reads one MJAI event (strict: see docs/mjai.md). Throws
        /// MjKitException(BadMjai) for a line that is not one valid event, NullPointer for null.</summary>
        public static MjaiEvent Parse(string line)
        {
            MjaiEvent ev;
            MjKitException.Check(ParseRaw(line, out ev));
            return ev;
        }

        /// <summary>As Parse; false instead of throwing.</summary>
        public static bool TryParse(string line, out MjaiEvent ev)
        {
            return ParseRaw(line, out ev) == 0;
        }

        /// <summary>The event as one MJAI JSON line (no newline). Throws
        /// MjKitException(InvalidArgument) for a field out of range or a meld whose tiles do not
        /// make it.</summary>
        public static string Format(MjaiEvent ev)
        {
            var buf = new byte[NativeMethods.MJ_MJAI_BUF_LEN];
            UIntPtr len = UIntPtr.Zero;
            MjMjaiEvent raw = ev.raw;
            fixed (byte* b = buf) MjKitException.Check(NativeMethods.mj_mjai_format(&raw, b, (UIntPtr)buf.Length, &len));
            return Encoding.UTF8.GetString(buf, 0, (int)len);
        }
    }

    /// <summary>MJAI at a riichi table.</summary>
    public sealed unsafe partial class Table
    {
        int RespondRaw(int seat, string line, out Action played, out bool applied)
        {
            played = default(Action);
            applied = false;
            if (line == null) return (int)Status.NullPointer;
            byte[] bytes = Encoding.UTF8.GetBytes(line);
            MjAction a;
            byte done = 0;
            int st;
            bool added = false;
            try
            {
                fixed (byte* b = bytes) st = NativeMethods.mj_mjai_respond(Acquire(ref added), Args.Byte(seat), b, (UIntPtr)bytes.Length, &a, &done);
            }
            finally { Release(added); }
            if (st == 0)
            {
                played = new Action(a);
                applied = done != 0;
            }
            return st;
        }

        /// <summary>Plays a bot's MJAI response line (docs/mjai.md: none, dahai, reach, chi, pon,
        /// daiminkan, kakan, ankan, hora, ryukyoku) as the seat's action at a riichi table, and
        /// returns the action applied; null for a none from a seat the table does not wait for (a
        /// bot acknowledging an event: nothing changes). Throws MjKitException: BadMjai for a line
        /// the reader refuses, IllegalAction for a move that is not legal now, InvalidArgument for
        /// a seat the table does not have or a table of another variant; nothing changes.</summary>
        public Action? Respond(int seat, string line)
        {
            Action a;
            bool applied;
            MjKitException.Check(RespondRaw(seat, line, out a, out applied));
            return applied ? a : (Action?)null;
        }

        /// <summary>As Respond; false (and nothing changed) instead of throwing. played is the
        /// action applied, null for an acknowledged none.</summary>
        public bool TryRespond(int seat, string line, out Action? played)
        {
            Action a;
            bool applied;
            int st = RespondRaw(seat, line, out a, out applied);
            played = st == 0 && applied ? a : (Action?)null;
            return st == 0;
        }

        static int FromMjaiRaw(string log, Rules rules, MatchRules match, out Table table, out int line)
        {
            table = null;
            line = 0;
            if (log == null) return (int)Status.NullPointer;
            byte[] bytes = Encoding.UTF8.GetBytes(log);
            MjRules r = rules.ToNative();
            MjMatchRules m = match.ToNative();
            MjTable* t = null;
            UIntPtr l = UIntPtr.Zero;
            int st;
            fixed (byte* b = bytes) st = NativeMethods.mj_mjai_replay(b, (UIntPtr)bytes.Length, &r, &m, &t, &l);
            table = Adopt(st, t);
            line = st == (int)Status.BadMjai ? (int)l : 0;
            return st;
        }

        /// <summary>The table at the end of a whole-game MJAI log (every tile shown: a game's log,
        /// not a seat's stream) replayed through the referee under its platform's rules (a riichi
        /// preset) and its match (start score, first dealer, WindRounds 1 or 2). Every draw, dora
        /// and ura indicator, move and score change is checked. Throws MjKitException: BadMjai for
        /// a log the referee cannot accept (TryFromMjai gives the line), InvalidArgument for rules
        /// that are not riichi or out of range.</summary>
        public static Table FromMjai(string log, Rules rules, MatchRules match)
        {
            Table t;
            int line;
            MjKitException.Check(FromMjaiRaw(log, rules, match, out t, out line));
            return t;
        }

        /// <summary>As FromMjai; false, null and the 1-based line the referee cannot accept (0
        /// for other errors) instead of throwing.</summary>
        public static bool TryFromMjai(string log, Rules rules, MatchRules match, out Table table, out int badLine)
        {
            return FromMjaiRaw(log, rules, match, out table, out badLine) == 0;
        }
    }
}
