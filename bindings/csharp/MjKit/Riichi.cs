// mjkit C# binding: riichi (Japanese) scoring over mj_riichi_score / mj_riichi_yaku_info, with
// the rules presets. Same conventions as Mahjong.cs: value types, failures throw MjKitException,
// the TryXxx forms return false instead, scoring allocates nothing (Yaku and FuParts allocate
// their arrays).
using System;

namespace MjKit
{
    /// <summary>A declared riichi meld.</summary>
    public struct RiichiMeld
    {
        /// <summary>Chi, pon or one of the kans.</summary>
        public RiichiMeldKind Kind;
        /// <summary>Lowest tile of a chi, the tile of a pon or kan.</summary>
        public Tile Tile;
        /// <summary>Chi: the claimed tile (1..3). Pon / open kan / added kan: the seat (1..3).
        /// Closed kan: 0.</summary>
        public int Claimed;

        /// <summary>A meld.</summary>
        public RiichiMeld(RiichiMeldKind kind, Tile tile, int claimed)
        {
            Kind = kind;
            Tile = tile;
            Claimed = claimed;
        }
    }

    /// <summary>Optional riichi rules, one switch per field of the reference's OptionalRules.
    /// Start from Default or FromPreset. A view over the C struct (MjRiichiRules): each property
    /// reads and writes its byte, nothing is copied field by field.</summary>
    public struct RiichiRules
    {
        internal MjRiichiRules raw;

        static byte B(bool b) { return b ? (byte)1 : (byte)0; }

        /// <summary>Tanyao on open hands (kuitan).</summary>
        public bool OpenTanyao { get { return raw.open_tanyao != 0; } set { raw.open_tanyao = B(value); } }

        /// <summary>Red fives are dora.</summary>
        public bool AkaDora { get { return raw.aka_dora != 0; } set { raw.aka_dora = B(value); } }

        /// <summary>Dai suushii, 13-sided kokushi, suu ankou tanki and junsei chuuren count twice.</summary>
        public bool DoubleYakuman { get { return raw.double_yakuman != 0; } set { raw.double_yakuman = B(value); } }

        /// <summary>What 13+ counted han pay. Out of range goes to the library, which reports InvalidArgument.</summary>
        public Kazoe Kazoe { get { return (Kazoe)raw.kazoe; } set { raw.kazoe = (byte)value; } }

        /// <summary>Kiriage mangan.</summary>
        public bool Kiriage { get { return raw.kiriage != 0; } set { raw.kiriage = B(value); } }

        /// <summary>2 fu for an open hand without fu.</summary>
        public bool FuForOpenPinfu { get { return raw.fu_for_open_pinfu != 0; } set { raw.fu_for_open_pinfu = B(value); } }

        /// <summary>Tsumo fu on a pinfu shape too (which then does not score pinfu).</summary>
        public bool FuForPinfuTsumo { get { return raw.fu_for_pinfu_tsumo != 0; } set { raw.fu_for_pinfu_tsumo = B(value); } }

        /// <summary>Renhou is a yakuman (else 5 han).</summary>
        public bool RenhouAsYakuman { get { return raw.renhou_as_yakuman != 0; } set { raw.renhou_as_yakuman = B(value); } }

        /// <summary>Daisharin (dots) is a yakuman.</summary>
        public bool Daisharin { get { return raw.daisharin != 0; } set { raw.daisharin = B(value); } }

        /// <summary>Daisharin also in characters and bamboo.</summary>
        public bool DaisharinOtherSuits { get { return raw.daisharin_other_suits != 0; } set { raw.daisharin_other_suits = B(value); } }

        /// <summary>Daichisei (seven pairs of honours) is a yakuman.</summary>
        public bool Daichisei { get { return raw.daichisei != 0; } set { raw.daichisei = B(value); } }

        /// <summary>Ron on an open riichi is a yakuman.</summary>
        public bool Sashikomi { get { return raw.sashikomi != 0; } set { raw.sashikomi = B(value); } }

        /// <summary>At most six yakuman counted.</summary>
        public bool SextupleLimit { get { return raw.sextuple_limit != 0; } set { raw.sextuple_limit = B(value); } }

        /// <summary>Paarenchan needs another yaku.</summary>
        public bool PaarenchanNeedsYaku { get { return raw.paarenchan_needs_yaku != 0; } set { raw.paarenchan_needs_yaku = B(value); } }

        /// <summary>Three-player (sanma).</summary>
        public bool ThreePlayer { get { return raw.three_player != 0; } set { raw.three_player = B(value); } }

        /// <summary>The reference calculator's defaults (mj_riichi_rules_default).</summary>
        public static RiichiRules Default
        {
            get
            {
                RiichiRules x;
                x.raw = NativeMethods.mj_riichi_rules_default();
                return x;
            }
        }

        /// <summary>The rules of a preset; an unknown one throws MjKitException(InvalidArgument).</summary>
        public static unsafe RiichiRules FromPreset(RiichiPreset preset)
        {
            MjRiichiRules r;
            MjKitException.Check(NativeMethods.mj_riichi_rules_preset((uint)preset, &r));
            RiichiRules x;
            x.raw = r;
            return x;
        }
    }

    /// <summary>A winning riichi hand and its situation: the concealed tiles including the
    /// winning tile (declared melds' tiles are not in them), up to 4 declared melds, dora and
    /// ura dora indicators (up to 5 each), winds, conditions, honba and sticks. A view over the
    /// C struct (MjRiichiHand): each property reads and writes its bytes, nothing is copied
    /// field by field.</summary>
    public unsafe struct RiichiHand
    {
        internal MjRiichiHand raw;

        /// <summary>A hand won on a discard, East round, South seat, nothing else.</summary>
        public RiichiHand(Hand concealed, Tile winTile)
        {
            raw = NativeMethods.mj_riichi_hand_default();
            Concealed = concealed;
            WinTile = winTile;
            SeatWind = Wind.South;
        }

        static byte Clamp(int v) { return (byte)Math.Min(Math.Max(v, 0), 255); }

        // Negative counters become out of range (the library reports InvalidArgument).
        static uint Counter(int v) { return v < 0 ? uint.MaxValue : (uint)v; }

        static int Count(uint v) { return v > int.MaxValue ? -1 : (int)v; }

        /// <summary>Concealed tiles, winning tile included.</summary>
        public Hand Concealed
        {
            get { fixed (byte* p = raw.counts) return Hand.FromNative(p); }
            set { fixed (byte* p = raw.counts) value.CopyTo(p); }
        }
        /// <summary>The winning tile; it must be in Concealed.</summary>
        public Tile WinTile { get { return new Tile(raw.win_tile); } set { raw.win_tile = (byte)value.Kind; } }
        /// <summary>Seat wind (East = dealer).</summary>
        public Wind SeatWind { get { return (Wind)raw.seat_wind; } set { raw.seat_wind = (byte)value; } }
        /// <summary>Round wind.</summary>
        public Wind RoundWind { get { return (Wind)raw.round_wind; } set { raw.round_wind = (byte)value; } }
        /// <summary>Red fives held per suit, in Concealed and the melds (Hand.Parse reports them).</summary>
        public RedFives RedFives
        {
            get
            {
                RedFives r;
                fixed (byte* p = raw.red_fives)
                {
                    r.Man = p[0];
                    r.Pin = p[1];
                    r.Sou = p[2];
                }
                return r;
            }
            set
            {
                fixed (byte* p = raw.red_fives)
                {
                    p[0] = value.Man;
                    p[1] = value.Pin;
                    p[2] = value.Sou;
                }
            }
        }
        /// <summary>How the hand was won.</summary>
        public RiichiConditions Conditions { get { return (RiichiConditions)raw.conditions; } set { raw.conditions = (uint)value; } }
        /// <summary>Honba counters, 0..100.</summary>
        public int Honba { get { return Count(raw.honba); } set { raw.honba = Counter(value); } }
        /// <summary>Riichi sticks on the table, 0..100.</summary>
        public int RiichiSticks { get { return Count(raw.riichi_sticks); } set { raw.riichi_sticks = Counter(value); } }
        /// <summary>North tiles set aside (three-player only), 0..4.</summary>
        public int Kita { get { return raw.kita; } set { raw.kita = Clamp(value); } }
        /// <summary>Paarenchan yakuman count (dealer only), 0..6.</summary>
        public int Paarenchan { get { return raw.paarenchan; } set { raw.paarenchan = Clamp(value); } }

        /// <summary>Number of declared melds (0..4).</summary>
        public int MeldCount { get { return raw.meld_count; } }

        /// <summary>Declared meld i (0..MeldCount-1).</summary>
        public RiichiMeld GetMeld(int i)
        {
            if (i < 0 || i >= raw.meld_count) throw new MjKitException(Status.InvalidArgument);
            MjRiichiMeld m = i == 0 ? raw.melds_0 : i == 1 ? raw.melds_1 : i == 2 ? raw.melds_2 : raw.melds_3;
            return new RiichiMeld((RiichiMeldKind)m.kind, new Tile(m.tile), m.claimed);
        }

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

        /// <summary>Removes every declared meld.</summary>
        public void ClearMelds() { raw.meld_count = 0; }

        /// <summary>Number of dora indicators (0..5).</summary>
        public int DoraCount { get { return raw.dora_count; } }

        /// <summary>Number of ura dora indicators (0..5).</summary>
        public int UraCount { get { return raw.ura_count; } }

        /// <summary>Dora indicator i (0..DoraCount-1).</summary>
        public Tile GetDora(int i)
        {
            if (i < 0 || i >= raw.dora_count) throw new MjKitException(Status.InvalidArgument);
            fixed (byte* p = raw.dora) return new Tile(p[i]);
        }

        /// <summary>Ura dora indicator i (0..UraCount-1).</summary>
        public Tile GetUra(int i)
        {
            if (i < 0 || i >= raw.ura_count) throw new MjKitException(Status.InvalidArgument);
            fixed (byte* p = raw.ura) return new Tile(p[i]);
        }

        /// <summary>Adds a dora indicator; a sixth throws MjKitException(InvalidArgument).</summary>
        public void AddDora(Tile indicator)
        {
            if (raw.dora_count >= NativeMethods.MJ_RIICHI_MAX_INDICATORS) throw new MjKitException(Status.InvalidArgument);
            fixed (byte* p = raw.dora) p[raw.dora_count++] = (byte)indicator.Kind;
        }

        /// <summary>Adds an ura dora indicator (counted only with riichi); a sixth throws
        /// MjKitException(InvalidArgument).</summary>
        public void AddUra(Tile indicator)
        {
            if (raw.ura_count >= NativeMethods.MJ_RIICHI_MAX_INDICATORS) throw new MjKitException(Status.InvalidArgument);
            fixed (byte* p = raw.ura) p[raw.ura_count++] = (byte)indicator.Kind;
        }

        /// <summary>Removes every dora and ura dora indicator.</summary>
        public void ClearIndicators()
        {
            raw.dora_count = 0;
            raw.ura_count = 0;
        }
    }

    /// <summary>One yaku: its id, the han it scores (in a result; 0 from YakuInfo), the han
    /// it is worth closed and open (0 = concealed only), and its names.</summary>
    public readonly struct RiichiYaku
    {
        /// <summary>Yaku id, 1..65 (the README table).</summary>
        public readonly int Id;
        /// <summary>Han scored in this hand (dora kinds: their count); 0 from YakuInfo.</summary>
        public readonly int Han;
        /// <summary>Han on a closed hand (13 per yakuman, 26 double; 1 per tile for dora).</summary>
        public readonly int HanClosed;
        /// <summary>Han on an open hand (0 = concealed hands only).</summary>
        public readonly int HanOpen;
        /// <summary>Japanese name.</summary>
        public readonly string NameJa;
        /// <summary>English name.</summary>
        public readonly string NameEn;
        /// <summary>Chinese name.</summary>
        public readonly string NameZh;

        internal RiichiYaku(int id, int han, int closed, int open, string ja, string en, string zh)
        {
            Id = id;
            Han = han;
            HanClosed = closed;
            HanOpen = open;
            NameJa = ja;
            NameEn = en;
            NameZh = zh;
        }

        /// <summary>"立直 Riichi 1 han".</summary>
        public override string ToString() { return NameJa + " " + NameEn + " " + Han + " han"; }
    }

    /// <summary>One entry of a fu breakdown.</summary>
    public readonly struct RiichiFu
    {
        /// <summary>Why.</summary>
        public readonly FuReason Reason;
        /// <summary>Fu.</summary>
        public readonly int Fu;

        internal RiichiFu(FuReason reason, int fu)
        {
            Reason = reason;
            Fu = fu;
        }
    }

    /// <summary>The score of a riichi hand; a value type (the raw result).</summary>
    public unsafe struct RiichiScore
    {
        internal MjRiichiResult raw;

        /// <summary>Total han (dora included; 13 per yakuman).</summary>
        public int Han { get { return raw.han; } }
        /// <summary>Fu (rounded; 25 for seven pairs, 0 for thirteen orphans).</summary>
        public int Fu { get { return raw.fu; } }
        /// <summary>Ron: the discarder's payment. Tsumo: the dealer's (each player's when the
        /// winner is the dealer). Without honba.</summary>
        public int Main { get { return raw.main; } }
        /// <summary>Tsumo: each non-dealer's payment (0 on a ron). Without honba.</summary>
        public int Additional { get { return raw.additional; } }
        /// <summary>Honba added to Main.</summary>
        public int MainBonus { get { return raw.main_bonus; } }
        /// <summary>Honba added to Additional.</summary>
        public int AdditionalBonus { get { return raw.additional_bonus; } }
        /// <summary>Riichi sticks collected.</summary>
        public int SticksBonus { get { return raw.sticks_bonus; } }
        /// <summary>Everything the winner receives.</summary>
        public int Total { get { return raw.total; } }
        /// <summary>The limit reached.</summary>
        public RiichiLimit Limit { get { return (RiichiLimit)raw.limit; } }
        /// <summary>Yakuman paid for Yakuman / KazoeYakuman, else 0.</summary>
        public int YakumanMultiple { get { return raw.yakuman_multiple; } }

        /// <summary>Han of yaku id (1..65) in this hand, 0 when absent.</summary>
        public int YakuHan(int id)
        {
            if (id < 1 || id > NativeMethods.MJ_RIICHI_MAX_YAKU_ID) throw new MjKitException(Status.InvalidArgument);
            fixed (ushort* p = raw.yaku) return p[id];
        }

        /// <summary>The yaku scored, by increasing id, with names (allocates the array).</summary>
        public RiichiYaku[] Yaku
        {
            get
            {
                int n = 0;
                fixed (ushort* p = raw.yaku)
                {
                    for (int id = 1; id < NativeMethods.MJ_RIICHI_YAKU_SLOTS; id++) n += p[id] != 0 ? 1 : 0;
                    var list = new RiichiYaku[n];
                    int i = 0;
                    for (int id = 1; id < NativeMethods.MJ_RIICHI_YAKU_SLOTS; id++)
                    {
                        if (p[id] == 0) continue;
                        RiichiYaku info = Riichi.YakuInfo(id);
                        list[i++] = new RiichiYaku(id, p[id], info.HanClosed, info.HanOpen, info.NameJa, info.NameEn, info.NameZh);
                    }
                    return list;
                }
            }
        }

        /// <summary>The fu breakdown (allocates the array).</summary>
        public RiichiFu[] FuParts
        {
            get
            {
                int n = Math.Min((int)raw.fu_count, NativeMethods.MJ_RIICHI_MAX_FU_PARTS);
                var parts = new RiichiFu[n];
                fixed (MjRiichiFu* p = &raw.fu_parts_0)
                {
                    for (int i = 0; i < n; i++) parts[i] = new RiichiFu((FuReason)p[i].reason, p[i].fu);
                }
                return parts;
            }
        }
    }

    /// <summary>Riichi (Japanese) scoring, identical to PyPI mahjong 2.1.0.</summary>
    public static unsafe class Riichi
    {
        /// <summary>Highest yaku id.</summary>
        public const int MaxYakuId = NativeMethods.MJ_RIICHI_MAX_YAKU_ID;

        static readonly RiichiYaku[] infos = new RiichiYaku[NativeMethods.MJ_RIICHI_YAKU_SLOTS];

        /// <summary>Scores a winning hand under rules; throws MjKitException (NotWinning,
        /// NoYaku, the riichi conflicts 11-19, IllegalMeld, InvalidArgument, TooManyCopies,
        /// BadTileTotal).</summary>
        public static RiichiScore Score(RiichiHand hand, RiichiRules rules)
        {
            RiichiScore s;
            MjKitException.Check(TryScoreRaw(ref hand, ref rules, out s));
            return s;
        }

        /// <summary>Scores a hand under the reference rules (RiichiRules.Default).</summary>
        public static RiichiScore Score(RiichiHand hand)
        {
            return Score(hand, RiichiRules.Default);
        }

        /// <summary>Scores a hand; false instead of throwing (score is then default). Allocates
        /// nothing.</summary>
        public static bool TryScore(RiichiHand hand, RiichiRules rules, out RiichiScore score)
        {
            return TryScoreRaw(ref hand, ref rules, out score) == 0;
        }

        static int TryScoreRaw(ref RiichiHand hand, ref RiichiRules rules, out RiichiScore score)
        {
            MjRiichiHand h = hand.raw;
            MjRiichiRules r = rules.raw;
            RiichiScore s = default(RiichiScore);
            int st = NativeMethods.mj_riichi_score(&h, &r, &s.raw);
            score = st == 0 ? s : default(RiichiScore);
            return st;
        }

        /// <summary>Han and names of yaku id 1..65 (Han is 0); cached after the first call.
        /// Another id throws MjKitException(InvalidArgument).</summary>
        public static RiichiYaku YakuInfo(int id)
        {
            if (id >= 1 && id < infos.Length && infos[id].Id == id) return infos[id];
            int closed, open;
            byte* ja;
            byte* en;
            byte* zh;
            MjKitException.Check(NativeMethods.mj_riichi_yaku_info((uint)Math.Max(id, 0), &closed, &open, &ja, &en, &zh));
            var y = new RiichiYaku(id, 0, closed, open, Utf8.FromNative(ja), Utf8.FromNative(en), Utf8.FromNative(zh));
            infos[id] = y;
            return y;
        }
    }
}
