// mjkit C# binding: riichi discard analysis (EV) over mj_riichi_ev. The hand, options and
// result are views over the generated C structs (MjRiichiEvHand, MjRiichiEvOptions,
// MjRiichiEvResult); nothing is copied field by field.
using System;

namespace MjKit
{
    /// <summary>A riichi hand to analyse and what its seat sees: the concealed tiles (13 or 14,
    /// less 3 per declared meld), the tiles visible outside them (every discard, the other
    /// players' melds, the dora indicators), melds, red fives, winds, dora, riichi, honba and
    /// sticks. A view over MjRiichiEvHand.</summary>
    public unsafe struct RiichiEvHand
    {
        internal MjRiichiEvHand raw;

        /// <summary>The concealed tiles, nothing visible, South seat, East round.</summary>
        public RiichiEvHand(Hand concealed)
        {
            raw = NativeMethods.mj_riichi_ev_hand_default();
            Concealed = concealed;
        }

        static byte Clamp(int v) { return (byte)Math.Min(Math.Max(v, 0), 255); }

        // Negative counters become out of range (the library reports InvalidArgument).
        static uint Counter(int v) { return v < 0 ? uint.MaxValue : (uint)v; }

        /// <summary>Concealed tiles.</summary>
        public Hand Concealed
        {
            get { fixed (byte* p = raw.counts) return Hand.FromNative(p); }
            set { fixed (byte* p = raw.counts) value.CopyTo(p); }
        }
        /// <summary>Tiles visible outside the concealed tiles and the seat's own melds: every
        /// discard, the other players' melds, the dora indicators.</summary>
        public Hand Visible
        {
            get { fixed (byte* p = raw.visible) return Hand.FromNative(p); }
            set { fixed (byte* p = raw.visible) value.CopyTo(p); }
        }
        /// <summary>Seat wind (East = dealer).</summary>
        public Wind SeatWind { get { return (Wind)raw.seat_wind; } set { raw.seat_wind = (byte)value; } }
        /// <summary>Round wind.</summary>
        public Wind RoundWind { get { return (Wind)raw.round_wind; } set { raw.round_wind = (byte)value; } }
        /// <summary>The seat has declared riichi (a closed ready hand of 13 tiles).</summary>
        public bool Riichi { get { return raw.riichi != 0; } set { raw.riichi = (byte)(value ? 1 : 0); } }
        /// <summary>Honba counters, 0..100.</summary>
        public int Honba { get { return (int)Math.Min(raw.honba, int.MaxValue); } set { raw.honba = Counter(value); } }
        /// <summary>Riichi sticks on the table, 0..100.</summary>
        public int RiichiSticks { get { return (int)Math.Min(raw.riichi_sticks, int.MaxValue); } set { raw.riichi_sticks = Counter(value); } }

        static RedFives Read(byte* p) { RedFives r; r.Man = p[0]; r.Pin = p[1]; r.Sou = p[2]; return r; }
        static void Write(byte* p, RedFives v) { p[0] = v.Man; p[1] = v.Pin; p[2] = v.Sou; }

        /// <summary>Red fives among the concealed tiles (Hand.Parse reports them).</summary>
        public RedFives RedFives
        {
            get { fixed (byte* p = raw.red_fives) return Read(p); }
            set { fixed (byte* p = raw.red_fives) Write(p, value); }
        }
        /// <summary>Red fives in the declared melds.</summary>
        public RedFives MeldRedFives
        {
            get { fixed (byte* p = raw.meld_red_fives) return Read(p); }
            set { fixed (byte* p = raw.meld_red_fives) Write(p, value); }
        }
        /// <summary>Red fives among the visible tiles.</summary>
        public RedFives VisibleRed
        {
            get { fixed (byte* p = raw.visible_red) return Read(p); }
            set { fixed (byte* p = raw.visible_red) Write(p, value); }
        }

        /// <summary>Number of declared melds (0..4).</summary>
        public int MeldCount { get { return raw.meld_count; } }

        /// <summary>Declares one more meld; a fifth throws MjKitException(InvalidArgument).</summary>
        public void AddMeld(RiichiMeld meld)
        {
            MjRiichiMeld m;
            m.kind = (byte)meld.Kind;
            m.tile = (byte)meld.Tile.Kind;
            m.claimed = Clamp(meld.Claimed);
            switch (raw.meld_count)
            {
                case 0: raw.melds_0 = m; break;
                case 1: raw.melds_1 = m; break;
                case 2: raw.melds_2 = m; break;
                case 3: raw.melds_3 = m; break;
                default: throw new MjKitException(Status.InvalidArgument);
            }
            raw.meld_count++;
        }

        /// <summary>Number of dora indicators (0..5).</summary>
        public int DoraCount { get { return raw.dora_count; } }

        /// <summary>Adds a dora indicator and counts it as visible; a sixth throws
        /// MjKitException(InvalidArgument).</summary>
        public void AddDora(Tile indicator)
        {
            if (raw.dora_count >= NativeMethods.MJ_RIICHI_MAX_INDICATORS) throw new MjKitException(Status.InvalidArgument);
            fixed (byte* p = raw.dora) p[raw.dora_count] = (byte)indicator.Kind;
            raw.dora_count++;
            fixed (byte* v = raw.visible) v[indicator.Kind] = Clamp(v[indicator.Kind] + 1);
        }
    }

    /// <summary>Which model the analysis uses.</summary>
    public enum RiichiEvModel
    {
        /// <summary>mjkit's: true probabilities, riichi or not at every ready discard.</summary>
        Mjkit = NativeMethods.MJ_RIICHI_EV_MODEL_MJKIT,
        /// <summary>mahjong-cpp's ExpectedScoreCalculator definitions.</summary>
        MahjongCpp = NativeMethods.MJ_RIICHI_EV_MODEL_MAHJONG_CPP,
    }

    /// <summary>How the analysis searches; a view over MjRiichiEvOptions.</summary>
    public struct RiichiEvOptions
    {
        internal MjRiichiEvOptions raw;

        /// <summary>17 draws, extra 1, tegawari, shanten-down discards and ura dora, mjkit's
        /// model, at most MJ_RIICHI_EV_DEFAULT_MAX_NODES search states.</summary>
        public static RiichiEvOptions Default
        {
            get { RiichiEvOptions o; o.raw = NativeMethods.mj_riichi_ev_options_default(); return o; }
        }
        /// <summary>Draws left to the seat, 0..18.</summary>
        public int Draws { get { return raw.draws; } set { raw.draws = (byte)Math.Min(Math.Max(value, 0), 255); } }
        /// <summary>Search budget, 0..8.</summary>
        public int Extra { get { return raw.extra; } set { raw.extra = (byte)Math.Min(Math.Max(value, 0), 255); } }
        /// <summary>The model.</summary>
        public RiichiEvModel Model { get { return (RiichiEvModel)raw.model; } set { raw.model = (byte)value; } }
        /// <summary>MJ_RIICHI_EV_TEGAWARI | MJ_RIICHI_EV_SHANTEN_DOWN | MJ_RIICHI_EV_URA bits.</summary>
        public uint Flags { get { return raw.flags; } set { raw.flags = value; } }
        /// <summary>Most search states (0 = no limit).</summary>
        public uint MaxNodes { get { return raw.max_nodes; } set { raw.max_nodes = value; } }
    }

    /// <summary>One line of an analysis: a discard (or the 13-tile hand itself), riichi or not.</summary>
    public struct RiichiEvEntry
    {
        /// <summary>The tile discarded; null for a 13-tile hand.</summary>
        public readonly Tile? Tile;
        /// <summary>The discard is a red five.</summary>
        public readonly bool Red;
        /// <summary>Riichi is declared with this discard (or was, for a 13-tile hand).</summary>
        public readonly bool Riichi;
        /// <summary>Shanten number after the discard.</summary>
        public readonly int Shanten;
        /// <summary>Unseen tiles that lower the shanten number after the discard.</summary>
        public readonly int Ukeire;
        /// <summary>Probability of being ready within the draws left.</summary>
        public readonly double Tenpai;
        /// <summary>Probability of winning within the draws left.</summary>
        public readonly double Win;
        /// <summary>Expected points.</summary>
        public readonly double Score;

        internal RiichiEvEntry(MjRiichiEvEntry e)
        {
            Tile = e.tile == NativeMethods.MJ_RIICHI_EV_NO_TILE ? (Tile?)null : new Tile(e.tile);
            Red = e.red != 0;
            Riichi = e.riichi != 0;
            Shanten = e.shanten;
            Ukeire = (int)e.ukeire;
            Tenpai = e.tenpai;
            Win = e.win;
            Score = e.score;
        }
    }

    /// <summary>The result of an analysis; a view over MjRiichiEvResult.</summary>
    public unsafe struct RiichiEvResult
    {
        internal MjRiichiEvResult raw;

        /// <summary>Number of entries.</summary>
        public int Count { get { return (int)Math.Min(raw.count, (uint)NativeMethods.MJ_RIICHI_EV_MAX_ENTRIES); } }
        /// <summary>Search states built.</summary>
        public int Nodes { get { return (int)raw.nodes; } }
        /// <summary>Edges of the search graph.</summary>
        public int Edges { get { return (int)raw.edges; } }
        /// <summary>Winning draws priced by the scorer.</summary>
        public int Wins { get { return (int)raw.wins; } }
        /// <summary>Tiles unseen at the start.</summary>
        public int Wall { get { return (int)raw.wall; } }
        /// <summary>Search budget used.</summary>
        public int Extra { get { return raw.extra; } }
        /// <summary>Shanten number of the hand given.</summary>
        public int Shanten { get { return raw.shanten; } }

        /// <summary>Entry i (0..Count-1).</summary>
        public RiichiEvEntry this[int i]
        {
            get
            {
                if (i < 0 || i >= Count) throw new MjKitException(Status.InvalidArgument);
                fixed (MjRiichiEvEntry* p = &raw.entries_0) return new RiichiEvEntry(p[i]);
            }
        }

        /// <summary>The entries (allocates the array).</summary>
        public RiichiEvEntry[] Entries
        {
            get
            {
                var list = new RiichiEvEntry[Count];
                for (int i = 0; i < list.Length; i++) list[i] = this[i];
                return list;
            }
        }
    }

    /// <summary>Riichi discard analysis: chances to be ready and to win, expected points.</summary>
    public static unsafe class RiichiEv
    {
        /// <summary>Analyses every discard of hand (or the 13-tile hand); throws MjKitException
        /// (InvalidArgument, IllegalMeld, TooManyCopies, BadTileTotal, RedFives,
        /// RiichiConflict, ThreePlayerTile, SearchLimit).</summary>
        public static RiichiEvResult Analyze(RiichiEvHand hand, RiichiRules rules, RiichiEvOptions options)
        {
            RiichiEvResult r;
            MjKitException.Check(TryAnalyzeRaw(ref hand, ref rules, ref options, out r));
            return r;
        }

        /// <summary>Analyses with the default options.</summary>
        public static RiichiEvResult Analyze(RiichiEvHand hand, RiichiRules rules)
        {
            return Analyze(hand, rules, RiichiEvOptions.Default);
        }

        /// <summary>Analyses; false instead of throwing (result is then default).</summary>
        public static bool TryAnalyze(RiichiEvHand hand, RiichiRules rules, RiichiEvOptions options, out RiichiEvResult result)
        {
            return TryAnalyzeRaw(ref hand, ref rules, ref options, out result) == 0;
        }

        /// <summary>The status of an analysis (0 = ok), for tests of every error class.</summary>
        public static Status Check(RiichiEvHand hand, RiichiRules rules, RiichiEvOptions options)
        {
            RiichiEvResult r;
            return (Status)TryAnalyzeRaw(ref hand, ref rules, ref options, out r);
        }

        static int TryAnalyzeRaw(ref RiichiEvHand hand, ref RiichiRules rules, ref RiichiEvOptions options, out RiichiEvResult result)
        {
            MjRiichiEvHand h = hand.raw;
            MjRiichiRules r = rules.raw;
            MjRiichiEvOptions o = options.raw;
            RiichiEvResult res = default(RiichiEvResult);
            int st = NativeMethods.mj_riichi_ev(&h, &r, &o, &res.raw);
            result = st == 0 ? res : default(RiichiEvResult);
            return st;
        }
    }
}
