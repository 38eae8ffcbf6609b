// mjkit C# binding: Taiwanese tai scoring (mj_tai_*). C# 7.2; see Mahjong.cs for the conventions
// (MjKitException, TryXxx never throws). The public types wrap the generated structs of
// NativeMethods.g.cs (MjTaiHand, MjTaiRules, MjTaiResult): no copy of their fields is kept here.
using System;

namespace MjKit
{
    /// <summary>Tai values and switches (MjTaiRules). Start from Default or FromPreset; every
    /// value is per occurrence, 0 turns a pattern off. docs/tai.md lists both presets.</summary>
    public unsafe struct TaiRules
    {
        internal MjTaiRules raw;

        /// <summary>The ATAWMJ preset.</summary>
        public static TaiRules Default { get { return FromPreset(TaiPreset.Atawmj); } }

        /// <summary>The rules of a preset; an unknown preset throws MjKitException(InvalidArgument).</summary>
        public static TaiRules FromPreset(TaiPreset preset)
        {
            TaiRules r = default(TaiRules);
            MjKitException.Check(NativeMethods.mj_tai_rules_preset((uint)preset, &r.raw));
            return r;
        }

        /// <summary>Tai per occurrence of pattern id 1..38 (Tai.MaxPatternId); other ids throw
        /// MjKitException(InvalidArgument).</summary>
        public int this[int id]
        {
            get
            {
                Tai.CheckId(id);
                fixed (ushort* v = raw.values) return v[id];
            }
            set
            {
                Tai.CheckId(id);
                if (value < 0 || value > ushort.MaxValue) throw new MjKitException(Status.InvalidArgument);
                fixed (ushort* v = raw.values) v[id] = (ushort)value;
            }
        }

        /// <summary>Base (底) of every payment.</summary>
        public uint Base { get { return raw.@base; } set { raw.@base = value; } }
        /// <summary>Price per tai (台價): a payment is Base + tai x Price.</summary>
        public uint Price { get { return raw.price; } set { raw.price = value; } }
        /// <summary>起胡: the least tai (TaiScore.WinnerTai) a win must count; a table offers only
        /// such wins, and TaiScore.Qualifies says whether a scored win does. 0: no minimum.</summary>
        public uint MinTai { get { return raw.min_tai; } set { raw.min_tai = value; } }
        /// <summary>不求 / 門清自摸 counts together with 門清.</summary>
        public bool ConcealedSelfDrawnKeepsConcealed { get { return raw.concealed_self_drawn_keeps_concealed != 0; } set { raw.concealed_self_drawn_keeps_concealed = B(value); } }
        /// <summary>不求 / 門清自摸 counts together with 自摸.</summary>
        public bool ConcealedSelfDrawnKeepsSelfDrawn { get { return raw.concealed_self_drawn_keeps_self_drawn != 0; } set { raw.concealed_self_drawn_keeps_self_drawn = B(value); } }
        /// <summary>小三元 / 大三元 also count 三元牌.</summary>
        public bool DragonHandsKeepDragonPungs { get { return raw.dragon_hands_keep_dragon_pungs != 0; } set { raw.dragon_hands_keep_dragon_pungs = B(value); } }
        /// <summary>小四喜 / 大四喜 also count 門風 and 圈風.</summary>
        public bool WindHandsKeepWindPungs { get { return raw.wind_hands_keep_wind_pungs != 0; } set { raw.wind_hands_keep_wind_pungs = B(value); } }
        /// <summary>花槓 also counts 正花 for the seat's flower in the set.</summary>
        public bool FlowerKongKeepsSeatFlower { get { return raw.flower_kong_keeps_seat_flower != 0; } set { raw.flower_kong_keeps_seat_flower = B(value); } }
        /// <summary>平胡 needs a hand without honour tiles.</summary>
        public bool AllChowsNoHonors { get { return raw.all_chows_no_honors != 0; } set { raw.all_chows_no_honors = B(value); } }
        /// <summary>平胡 needs no flowers.</summary>
        public bool AllChowsNoFlowers { get { return raw.all_chows_no_flowers != 0; } set { raw.all_chows_no_flowers = B(value); } }
        /// <summary>平胡 needs a win on another seat's tile.</summary>
        public bool AllChowsNotSelfDrawn { get { return raw.all_chows_not_self_drawn != 0; } set { raw.all_chows_not_self_drawn = B(value); } }
        /// <summary>菊 (flower 8) is West's and 竹 (7) North's (common); false: 竹 West's, 菊 North's (ATAWMJ).</summary>
        public bool ChrysanthemumWest { get { return raw.chrysanthemum_west != 0; } set { raw.chrysanthemum_west = B(value); } }
        /// <summary>天聽 is any seat's hand ready as dealt (配牌即聽牌; ATAWMJ); false: the dealer's
        /// readiness from its first discard (common).</summary>
        public bool HeavenlyReadyFromDeal { get { return raw.heavenly_ready_from_deal != 0; } set { raw.heavenly_ready_from_deal = B(value); } }
        /// <summary>人胡 is any seat's win on a discard of the first go-around (第一巡內; both
        /// presets); false: a non-dealer's win before its own first discard.</summary>
        public bool HumanWinFirstGoAround { get { return raw.human_win_first_go_around != 0; } set { raw.human_win_first_go_around = B(value); } }
        /// <summary>槓上開花 also after an exposed kong (common); false: only after a flower, a
        /// concealed or an added kong (ATAWMJ).</summary>
        public bool ReplacementWinAfterExposedKong { get { return raw.replacement_win_after_exposed_kong != 0; } set { raw.replacement_win_after_exposed_kong = B(value); } }
        /// <summary>不求 / 門清自摸 forbids only chows and pungs, so an exposed kong keeps it
        /// (ATAWMJ); false: it needs 門清 (common).</summary>
        public bool ConcealedSelfDrawnAllowsExposedKong { get { return raw.concealed_self_drawn_allows_exposed_kong != 0; } set { raw.concealed_self_drawn_allows_exposed_kong = B(value); } }

        static byte B(bool b) { return b ? (byte)1 : (byte)0; }
    }

    /// <summary>A Taiwanese win to score (MjTaiHand): the concealed tiles including the winning
    /// tile (declared melds' tiles are not in them), up to 5 declared melds (MeldKind and Claimed
    /// as for MCR: a pung's, exposed kong's or added kong's Claimed is the seat relative to the
    /// winner, 1 the seat before, 2 opposite, 3 the seat after; a chow's the tile taken, 1..3),
    /// flowers by number (1-8: 春夏秋冬梅蘭竹菊), how the win came, the seats and the seat
    /// wind.</summary>
    public unsafe struct TaiHand
    {
        internal MjTaiHand raw;

        /// <summary>Seat 0 winning as the dealer by self-draw (TaiWinHow.SelfDrawn), East round,
        /// the seat wind from the dealer, no melds, flowers or flags.</summary>
        public TaiHand(Hand concealed, Tile winTile)
        {
            raw = NativeMethods.mj_tai_hand_default();
            raw.win_tile = (byte)winTile.Kind;
            Concealed = concealed;
        }

        /// <summary>Concealed tiles, winning tile included.</summary>
        public Hand Concealed
        {
            get { fixed (byte* c = raw.counts) return Hand.FromNative(c); }
            set { fixed (byte* c = raw.counts) value.CopyTo(c); }
        }

        /// <summary>The winning tile; it must be in Concealed (not read for a flower win).</summary>
        public Tile WinTile { get { return new Tile(raw.win_tile); } set { raw.win_tile = (byte)value.Kind; } }
        /// <summary>How the win came.</summary>
        public TaiWinHow How { get { return (TaiWinHow)raw.how; } set { raw.how = (byte)value; } }
        /// <summary>The seat (0..3) that discarded, was robbed or drew the eighth flower.</summary>
        public int From { get { return raw.from; } set { raw.from = Byte(value); } }
        /// <summary>The winner's seat, 0..3 in turn order.</summary>
        public int Winner { get { return raw.winner; } set { raw.winner = Byte(value); } }
        /// <summary>The dealer's seat, 0..3.</summary>
        public int Dealer { get { return raw.dealer; } set { raw.dealer = Byte(value); } }
        /// <summary>The winner's seat wind, counted from the seat where the wall was opened
        /// (開門); null (the default): from the dealer, who sits East.</summary>
        public Wind? SeatWind
        {
            get { return raw.seat_wind == NativeMethods.MJ_TAI_SEAT_WIND_FROM_DEALER ? (Wind?)null : (Wind)raw.seat_wind; }
            set { raw.seat_wind = value.HasValue ? (byte)value.Value : (byte)NativeMethods.MJ_TAI_SEAT_WIND_FROM_DEALER; }
        }
        /// <summary>The dealer's consecutive deals (連N拉N), 0 on its first deal.</summary>
        public int ConsecutiveDeals { get { return raw.consecutive_deals; } set { raw.consecutive_deals = Byte(value); } }
        /// <summary>Prevalent (round) wind.</summary>
        public Wind PrevalentWind { get { return (Wind)raw.prevalent_wind; } set { raw.prevalent_wind = (byte)value; } }
        /// <summary>Replacement draw (after an exposed kong), last tile, first turn, first
        /// go-around, ready from the first discard or from the deal.</summary>
        public TaiFlags Flags { get { return (TaiFlags)raw.flags; } set { raw.flags = (uint)value; } }

        /// <summary>Number of declared melds.</summary>
        public int MeldCount { get { return raw.meld_count; } }
        /// <summary>Number of flowers.</summary>
        public int FlowerCount { get { return raw.flower_count; } }

        /// <summary>Declares one more meld; a sixth throws MjKitException(InvalidArgument).</summary>
        public void AddMeld(Meld meld)
        {
            MjMcrMeld m;
            m.kind = (byte)meld.Kind;
            m.tile = (byte)meld.Tile.Kind;
            // Out-of-range values go to the library, which reports IllegalMeld.
            m.claimed = (byte)Math.Min(Math.Max(meld.Claimed, 0), 255);
            switch (raw.meld_count)
            {
                case 0: raw.melds_0 = m; break;
                case 1: raw.melds_1 = m; break;
                case 2: raw.melds_2 = m; break;
                case 3: raw.melds_3 = m; break;
                case 4: raw.melds_4 = m; break;
                default: throw new MjKitException(Status.InvalidArgument);
            }
            raw.meld_count++;
        }

        /// <summary>Sets one more flower aside by number (1..8 are checked by the library); a
        /// ninth throws MjKitException(InvalidArgument).</summary>
        public void AddFlower(int number)
        {
            if (raw.flower_count >= NativeMethods.MJ_TAI_FLOWERS) throw new MjKitException(Status.InvalidArgument);
            fixed (byte* f = raw.flowers) f[raw.flower_count] = Byte(number);
            raw.flower_count++;
        }

        /// <summary>Flower i (0..FlowerCount-1).</summary>
        public int GetFlower(int i)
        {
            if (i < 0 || i >= raw.flower_count) throw new MjKitException(Status.InvalidArgument);
            fixed (byte* f = raw.flowers) return f[i];
        }

        // Out-of-range values go to the library as 255, which reports InvalidArgument.
        static byte Byte(int v) { return (byte)Math.Min(Math.Max(v, 0), 255); }
    }

    /// <summary>One pattern of a breakdown, or a pattern's description (Tai is then 0).</summary>
    public readonly struct TaiPattern
    {
        /// <summary>Pattern id, 1..38 (docs/tai.md).</summary>
        public readonly int Id;
        /// <summary>Tai it counts in this score (value x occurrences).</summary>
        public readonly int Tai;
        /// <summary>Chinese name.</summary>
        public readonly string NameZh;
        /// <summary>English name.</summary>
        public readonly string NameEn;
        /// <summary>Tai per occurrence in the ATAWMJ preset.</summary>
        public readonly int ValueAtawmj;
        /// <summary>Tai per occurrence in the common preset.</summary>
        public readonly int ValueCommon;
        /// <summary>One of the dealer's patterns (莊家, 連莊, 拉莊).</summary>
        public readonly bool Dealer;

        internal TaiPattern(int id, int tai, string zh, string en, int atawmj, int common, bool dealer)
        {
            Id = id;
            Tai = tai;
            NameZh = zh;
            NameEn = en;
            ValueAtawmj = atawmj;
            ValueCommon = common;
            Dealer = dealer;
        }

        /// <summary>"門清 Concealed hand 1".</summary>
        public override string ToString() { return NameZh + " " + NameEn + " " + Tai; }
    }

    /// <summary>A scored win (MjTaiResult) and the rules it was scored under; a value type.</summary>
    public unsafe struct TaiScore
    {
        internal MjTaiResult raw;
        internal TaiRules rules;

        /// <summary>Tai of every pattern but the dealer's.</summary>
        public int HandTai { get { return (int)raw.hand_tai; } }
        /// <summary>Tai of the dealer's patterns, counted only in the payments the dealer takes part in.</summary>
        public int DealerTai { get { return (int)raw.dealer_tai; } }
        /// <summary>HandTai + DealerTai: the tai of the payments the dealer takes part in.</summary>
        public int Total { get { return (int)raw.total; } }
        /// <summary>The winner's own tai: HandTai, plus DealerTai when the winner is the dealer
        /// (what to show as the win's tai; the minimum tai is compared with it).</summary>
        public int WinnerTai { get { return (int)raw.winner_tai; } }
        /// <summary>Whether WinnerTai reaches the rules' minimum tai (起胡).</summary>
        public bool Qualifies { get { return raw.qualifies != 0; } }

        /// <summary>Tai pattern id (1..38) counts, 0 when it does not count (at most 65,535 x 255:
        /// an int holds every total).</summary>
        public int PatternTai(int id)
        {
            Tai.CheckId(id);
            fixed (uint* t = raw.tai) return (int)t[id];
        }

        /// <summary>What seat 0..3 receives (positive, the winner) or pays (negative).</summary>
        public long Payment(int seat)
        {
            if (seat < 0 || seat >= NativeMethods.MJ_TAI_SEATS) throw new MjKitException(Status.InvalidArgument);
            fixed (long* p = raw.payments) return p[seat];
        }

        /// <summary>The patterns that count, by increasing id, named as the rules count them
        /// (allocates the array).</summary>
        public TaiPattern[] Patterns
        {
            get
            {
                fixed (uint* t = raw.tai)
                {
                    int n = 0;
                    for (int id = 1; id < NativeMethods.MJ_TAI_PATTERN_SLOTS; id++) n += t[id] != 0 ? 1 : 0;
                    var list = new TaiPattern[n];
                    int i = 0;
                    for (int id = 1; id < NativeMethods.MJ_TAI_PATTERN_SLOTS; id++)
                    {
                        if (t[id] == 0) continue;
                        TaiPattern p = Tai.PatternInfo(id, rules);
                        list[i++] = new TaiPattern(id, (int)t[id], p.NameZh, p.NameEn, p.ValueAtawmj, p.ValueCommon, p.Dealer);
                    }
                    return list;
                }
            }
        }
    }

    /// <summary>Taiwanese 16-tile tai scoring.</summary>
    public static unsafe class Tai
    {
        /// <summary>Highest pattern id.</summary>
        public const int MaxPatternId = (int)NativeMethods.MJ_TAI_MAX_PATTERN_ID;

        static readonly TaiPattern[] infos = new TaiPattern[NativeMethods.MJ_TAI_PATTERN_SLOTS];

        internal static void CheckId(int id)
        {
            if (id < 1 || id > MaxPatternId) throw new MjKitException(Status.InvalidArgument);
        }

        /// <summary>Scores a win under the ATAWMJ preset; throws MjKitException.</summary>
        public static TaiScore Score(TaiHand hand) { return Score(hand, TaiRules.Default); }

        /// <summary>Scores a win; throws MjKitException (NotWinning, IllegalMeld, InvalidFlags,
        /// InvalidArgument, TooManyCopies, BadTileTotal).</summary>
        public static TaiScore Score(TaiHand hand, TaiRules rules)
        {
            TaiScore s;
            MjKitException.Check(TryScoreRaw(ref hand, ref rules, out s));
            return s;
        }

        /// <summary>Scores a win; false (and a default score) instead of throwing. Allocates nothing.</summary>
        public static bool TryScore(TaiHand hand, TaiRules rules, out TaiScore score)
        {
            return TryScoreRaw(ref hand, ref rules, out score) == 0;
        }

        static int TryScoreRaw(ref TaiHand hand, ref TaiRules rules, out TaiScore score)
        {
            MjTaiHand h = hand.raw;
            MjTaiRules r = rules.raw;
            TaiScore s = default(TaiScore);
            int st = NativeMethods.mj_tai_score(&h, &r, &s.raw);
            s.rules = rules;
            score = st == 0 ? s : default(TaiScore);
            return st;
        }

        /// <summary>Names (as `rules` count the pattern: id 6 is 不求 beside 門清 and 自摸, 門清自摸
        /// where it replaces them) and preset values of pattern id 1..38 (Tai is 0). Other ids,
        /// or rules the library refuses, throw MjKitException(InvalidArgument).</summary>
        public static TaiPattern PatternInfo(int id, TaiRules rules)
        {
            MjTaiPatternInfo info;
            MjTaiRules r = rules.raw;
            MjKitException.Check(NativeMethods.mj_tai_pattern_info((uint)Math.Max(id, 0), &r, &info));
            return new TaiPattern(id, 0, Utf8.FromNative(info.name_zh), Utf8.FromNative(info.name_en),
                                  info.value_atawmj, info.value_common, info.dealer != 0);
        }

        /// <summary>Names (as the ATAWMJ preset counts the pattern) and preset values of pattern
        /// id 1..38 (Tai is 0); cached after the first call. Other ids throw
        /// MjKitException(InvalidArgument).</summary>
        public static TaiPattern PatternInfo(int id)
        {
            if (id >= 1 && id < infos.Length && infos[id].Id == id) return infos[id];
            MjTaiPatternInfo info;
            MjKitException.Check(NativeMethods.mj_tai_pattern_info((uint)Math.Max(id, 0), null, &info));
            var p = new TaiPattern(id, 0, Utf8.FromNative(info.name_zh), Utf8.FromNative(info.name_en),
                                   info.value_atawmj, info.value_common, info.dealer != 0);
            infos[id] = p;
            return p;
        }
    }
}
