// mjkit C# binding: Chinese Official (MCR) scoring (mj_mcr_*) and the hand parts it shares with
// the other scorers (red fives, melds, win flags, winds). C# 7.2; see Mahjong.cs for the
// conventions (MjKitException, TryXxx never throws).
using System;

namespace MjKit
{
    /// <summary>Red fives per suit, as reported by Hand.Parse (same layout as the 3 bytes of
    /// mj_parse's out_red_fives).</summary>
    public struct RedFives
    {
        /// <summary>Red 5m.</summary>
        public byte Man;
        /// <summary>Red 5p.</summary>
        public byte Pin;
        /// <summary>Red 5s.</summary>
        public byte Sou;
        /// <summary>All red fives.</summary>
        public int Total { get { return Man + Pin + Sou; } }
    }

    /// <summary>A declared meld.</summary>
    public struct Meld
    {
        /// <summary>Chow, pung, kong or concealed kong.</summary>
        public MeldKind Kind;
        /// <summary>Lowest tile of a chow, the tile of a pung or kong.</summary>
        public Tile Tile;
        /// <summary>Chow: which tile was claimed (1..3). Pung/kong: the seat (1..3). Concealed kong: 0.</summary>
        public int Claimed;

        /// <summary>A meld.</summary>
        public Meld(MeldKind kind, Tile tile, int claimed)
        {
            Kind = kind;
            Tile = tile;
            Claimed = claimed;
        }
    }

    /// <summary>A winning MCR hand to score: the concealed tiles including the winning tile
    /// (declared melds' tiles are not in them), up to 4 declared melds, and the situation. A
    /// view over the C struct (MjMcrHand): each property reads and writes its bytes, nothing is
    /// copied field by field.</summary>
    public unsafe struct McrHand
    {
        internal MjMcrHand raw;

        /// <summary>A hand won on a discard, East seat and round, no melds and no flowers.</summary>
        public McrHand(Hand concealed, Tile winTile) : this()
        {
            Concealed = concealed;
            WinTile = winTile;
        }

        static byte Clamp(int v) { return (byte)Math.Min(Math.Max(v, 0), 255); }

        /// <summary>Concealed tiles, winning tile included.</summary>
        public Hand Concealed
        {
            get { fixed (byte* p = raw.counts) return Hand.FromNative(p); }
            set { fixed (byte* p = raw.counts) value.CopyTo(p); }
        }
        /// <summary>The winning tile; it must be in Concealed.</summary>
        public Tile WinTile { get { return new Tile(raw.win_tile); } set { raw.win_tile = (byte)value.Kind; } }
        /// <summary>Seat wind.</summary>
        public Wind SeatWind { get { return (Wind)raw.seat_wind; } set { raw.seat_wind = (byte)value; } }
        /// <summary>Prevalent wind.</summary>
        public Wind PrevalentWind { get { return (Wind)raw.prevalent_wind; } set { raw.prevalent_wind = (byte)value; } }
        /// <summary>How the hand was won.</summary>
        public WinFlags Flags { get { return (WinFlags)raw.flags; } set { raw.flags = (uint)value; } }
        /// <summary>Flower tiles, 0..8 (out of range goes to the library, which reports
        /// InvalidArgument).</summary>
        public int Flowers { get { return raw.flowers; } set { raw.flowers = Clamp(value); } }

        /// <summary>Number of declared melds (0..4).</summary>
        public int MeldCount { get { return raw.meld_count; } }

        /// <summary>Declared meld i (0..MeldCount-1).</summary>
        public Meld GetMeld(int i)
        {
            if (i < 0 || i >= raw.meld_count) throw new MjKitException(Status.InvalidArgument);
            MjMcrMeld m = i == 0 ? raw.melds_0 : i == 1 ? raw.melds_1 : i == 2 ? raw.melds_2 : raw.melds_3;
            return new Meld((MeldKind)m.kind, new Tile(m.tile), m.claimed);
        }

        /// <summary>Declares one more meld; a fifth throws MjKitException(InvalidArgument).</summary>
        public void AddMeld(Meld meld)
        {
            MjMcrMeld m;
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

        /// <summary>Removes every declared meld.</summary>
        public void ClearMelds() { raw.meld_count = 0; }
    }

    /// <summary>One scored fan: its official id, how many times it counts, points and names.</summary>
    public readonly struct Fan
    {
        /// <summary>Fan id, 1..82 (rule-book order; 82 = 明暗杠).</summary>
        public readonly int Id;
        /// <summary>How many times it counts.</summary>
        public readonly int Count;
        /// <summary>Points per count.</summary>
        public readonly int Points;
        /// <summary>Chinese name, as in the rule book.</summary>
        public readonly string NameZh;
        /// <summary>English name.</summary>
        public readonly string NameEn;

        internal Fan(int id, int count, int points, string zh, string en)
        {
            Id = id;
            Count = count;
            Points = points;
            NameZh = zh;
            NameEn = en;
        }

        /// <summary>"大四喜 Big Four Winds 88 x 1".</summary>
        public override string ToString() { return NameZh + " " + NameEn + " " + Points + " x " + Count; }
    }

    /// <summary>The score of an MCR hand; a value type (the raw counts of every fan id).</summary>
    public unsafe struct McrScore
    {
        internal MjMcrResult raw;

        /// <summary>Total points, flowers included.</summary>
        public int Total { get { return raw.total; } }
        /// <summary>Points without flowers.</summary>
        public int Base { get { return raw.@base; } }
        /// <summary>Whether Base reaches the 8-point minimum.</summary>
        public bool Qualifies { get { return raw.qualifies != 0; } }

        /// <summary>How many times fan id (1..82) counts.</summary>
        public int FanCount(int id)
        {
            if (id < 1 || id > NativeMethods.MJ_MCR_MAX_FAN_ID) throw new MjKitException(Status.InvalidArgument);
            fixed (byte* p = raw.fans) return p[id];
        }

        /// <summary>The fans that count, by increasing id (allocates the array).</summary>
        public Fan[] Fans
        {
            get
            {
                int n = 0;
                fixed (byte* p = raw.fans)
                {
                    for (int id = 1; id < NativeMethods.MJ_MCR_FAN_SLOTS; id++) n += p[id] != 0 ? 1 : 0;
                    var fans = new Fan[n];
                    int i = 0;
                    for (int id = 1; id < NativeMethods.MJ_MCR_FAN_SLOTS; id++)
                    {
                        if (p[id] == 0) continue;
                        Fan info = Mcr.FanInfo(id);
                        fans[i++] = new Fan(id, p[id], info.Points, info.NameZh, info.NameEn);
                    }
                    return fans;
                }
            }
        }
    }

    /// <summary>Chinese Official (MCR) scoring.</summary>
    public static unsafe class Mcr
    {
        /// <summary>Highest fan id.</summary>
        public const int MaxFanId = NativeMethods.MJ_MCR_MAX_FAN_ID;

        static readonly Fan[] infos = new Fan[NativeMethods.MJ_MCR_FAN_SLOTS];

        /// <summary>Scores a winning hand; throws MjKitException (NotWinning, IllegalMeld,
        /// InvalidFlags, InvalidArgument, TooManyCopies, BadTileTotal).</summary>
        public static McrScore Score(McrHand hand)
        {
            McrScore s;
            MjKitException.Check(TryScoreRaw(ref hand, out s));
            return s;
        }

        /// <summary>Scores a hand; false instead of throwing. Allocates nothing.</summary>
        public static bool TryScore(McrHand hand, out McrScore score)
        {
            return TryScoreRaw(ref hand, out score) == 0;
        }

        static int TryScoreRaw(ref McrHand hand, out McrScore score)
        {
            MjMcrHand h = hand.raw;
            McrScore s = default(McrScore);
            int st = NativeMethods.mj_mcr_score(&h, &s.raw);
            score = st == 0 ? s : default(McrScore);
            return st;
        }

        /// <summary>Points and names of fan id 1..82 (Count is 0); cached after the first call.</summary>
        public static Fan FanInfo(int id)
        {
            if (id >= 1 && id < infos.Length && infos[id].Id == id) return infos[id];
            int points;
            byte* zh;
            byte* en;
            MjKitException.Check(NativeMethods.mj_mcr_fan_info((uint)Math.Max(id, 0), &points, &zh, &en));
            var f = new Fan(id, 0, points, Utf8.FromNative(zh), Utf8.FromNative(en));
            infos[id] = f;
            return f;
        }
    }
}
