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
    /// (declared melds' tiles are not in them), up to 4 declared melds, and the situation.</summary>
    public struct McrHand
    {
        /// <summary>Concealed tiles, winning tile included.</summary>
        public Hand Concealed;
        /// <summary>The winning tile; it must be in Concealed.</summary>
        public Tile WinTile;
        /// <summary>Seat wind.</summary>
        public Wind SeatWind;
        /// <summary>Prevalent wind.</summary>
        public Wind PrevalentWind;
        /// <summary>How the hand was won.</summary>
        public WinFlags Flags;
        /// <summary>Flower tiles, 0..8.</summary>
        public int Flowers;
        Meld meld0, meld1, meld2, meld3;
        int meldCount;

        /// <summary>A hand won on a discard, East seat and round, no melds and no flowers.</summary>
        public McrHand(Hand concealed, Tile winTile) : this()
        {
            Concealed = concealed;
            WinTile = winTile;
        }

        /// <summary>Number of declared melds (0..4).</summary>
        public int MeldCount { get { return meldCount; } }

        /// <summary>Declared meld i (0..MeldCount-1).</summary>
        public Meld GetMeld(int i)
        {
            if (i < 0 || i >= meldCount) throw new MjKitException(Status.InvalidArgument);
            return i == 0 ? meld0 : i == 1 ? meld1 : i == 2 ? meld2 : meld3;
        }

        /// <summary>Declares one more meld; a fifth throws MjKitException(InvalidArgument).</summary>
        public void AddMeld(Meld meld)
        {
            switch (meldCount)
            {
                case 0: meld0 = meld; break;
                case 1: meld1 = meld; break;
                case 2: meld2 = meld; break;
                case 3: meld3 = meld; break;
                default: throw new MjKitException(Status.InvalidArgument);
            }
            meldCount++;
        }

        /// <summary>Removes every declared meld.</summary>
        public void ClearMelds() { meldCount = 0; }

        static MjMcrMeld Raw(Meld m)
        {
            MjMcrMeld r;
            r.kind = (byte)m.Kind;
            r.tile = (byte)m.Tile.Kind;
            r.claimed = (byte)Math.Min(Math.Max(m.Claimed, 0), 255);
            return r;
        }

        internal unsafe MjMcrHand ToNative()
        {
            MjMcrHand h = NativeMethods.mj_mcr_hand_default();
            Concealed.CopyTo(h.counts);
            h.melds_0 = Raw(meld0);
            h.melds_1 = Raw(meld1);
            h.melds_2 = Raw(meld2);
            h.melds_3 = Raw(meld3);
            h.meld_count = (byte)meldCount;
            h.win_tile = (byte)WinTile.Kind;
            h.seat_wind = (byte)SeatWind;
            h.prevalent_wind = (byte)PrevalentWind;
            h.flags = (uint)Flags;
            // Out-of-range values go to the library, which reports InvalidArgument.
            h.flowers = (byte)Math.Min(Math.Max(Flowers, 0), 255);
            return h;
        }
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
            MjMcrHand h = hand.ToNative();
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
