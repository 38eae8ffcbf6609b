// mjkit C# binding: a riichi table's rules and what its view shows of riichi (MjRiichiTableRules, MjRiichiView).
using System;
using System.Runtime.InteropServices;

namespace MjKit
{
    /// <summary>The rules of a riichi table (Rules.Riichi, MjRiichiTableRules): the scorer's
    /// switches and the table's. Start from Rules.Preset(Variant.Riichi).Riichi.</summary>
    public unsafe struct RiichiTableRules
    {
        internal MjRiichiTableRules raw;

        /// <summary>The scorer's switches (kuitan, aka dora, double yakuman, kazoe, ...).</summary>
        public RiichiRules Scoring { get { return new RiichiRules { raw = raw.scoring }; } set { raw.scoring = value.raw; } }
        /// <summary>Red fives in the wall: 0, 3 or 4.</summary>
        public int RedFives { get { return raw.red_fives; } set { raw.red_fives = Args.Byte(value); } }
        /// <summary>Kuikae forbidden.</summary>
        public bool Kuikae { get { return raw.kuikae != 0; } set { raw.kuikae = B(value); } }
        /// <summary>Thirteen orphans may rob a concealed kong.</summary>
        public bool KokushiRobsConcealedKong { get { return raw.kokushi_robs_concealed_kong != 0; } set { raw.kokushi_robs_concealed_kong = B(value); } }
        /// <summary>Three wins on one discard abort the hand (else all win).</summary>
        public bool TripleRonDraw { get { return raw.triple_ron_draw != 0; } set { raw.triple_ron_draw = B(value); } }
        /// <summary>Nine terminals may abort the hand.</summary>
        public bool NineTerminals { get { return raw.nine_terminals != 0; } set { raw.nine_terminals = B(value); } }
        /// <summary>Four winds abort the hand.</summary>
        public bool FourWinds { get { return raw.four_winds != 0; } set { raw.four_winds = B(value); } }
        /// <summary>Four riichi abort the hand.</summary>
        public bool FourRiichi { get { return raw.four_riichi != 0; } set { raw.four_riichi = B(value); } }
        /// <summary>Four kongs by more than one seat abort the hand.</summary>
        public bool FourKongs { get { return raw.four_kongs != 0; } set { raw.four_kongs = B(value); } }
        /// <summary>Renhou is a yaku.</summary>
        public bool Renhou { get { return raw.renhou != 0; } set { raw.renhou = B(value); } }
        /// <summary>Nagashi mangan at the exhaustive draw.</summary>
        public bool Nagashi { get { return raw.nagashi != 0; } set { raw.nagashi = B(value); } }
        /// <summary>Pao for big three dragons and big four winds.</summary>
        public bool Pao { get { return raw.pao != 0; } set { raw.pao = B(value); } }
        /// <summary>The liable seat pays only the yakuman it is liable for.</summary>
        public bool PaoLiabilityOnly { get { return raw.pao_liability_only != 0; } set { raw.pao_liability_only = B(value); } }
        /// <summary>The dealer's 14th tile counts as drawn for its first discard.</summary>
        public bool DealerFirstDiscardDrawn { get { return raw.dealer_first_discard_drawn != 0; } set { raw.dealer_first_discard_drawn = B(value); } }
        /// <summary>A score below 0 ends the match.</summary>
        public bool Bust { get { return raw.bust != 0; } set { raw.bust = B(value); } }
        /// <summary>The score first place needs to end the match at its last hand.</summary>
        public int Target { get { return raw.target; } set { raw.target = value; } }
        /// <summary>Below Target, the extension round is played.</summary>
        public bool Extension { get { return raw.extension != 0; } set { raw.extension = B(value); } }
        /// <summary>Agari-yame.</summary>
        public bool AgariYame { get { return raw.agari_yame != 0; } set { raw.agari_yame = B(value); } }
        /// <summary>Tenpai-yame.</summary>
        public bool TenpaiYame { get { return raw.tenpai_yame != 0; } set { raw.tenpai_yame = B(value); } }
        /// <summary>Sticks left at the end of the match go to first place.</summary>
        public bool SticksToFirst { get { return raw.sticks_to_first != 0; } set { raw.sticks_to_first = B(value); } }
        /// <summary>The score final points are counted from.</summary>
        public int ReturnScore { get { return raw.return_score; } set { raw.return_score = value; } }
        /// <summary>Uma of rank 1..4, in points.</summary>
        public int Uma(int rank)
        {
            if (rank < 1 || rank > 4) throw new MjKitException(Status.InvalidArgument);
            fixed (int* u = raw.uma) return u[rank - 1];
        }
        /// <summary>Sets the uma of rank 1..4.</summary>
        public void SetUma(int rank, int points)
        {
            if (rank < 1 || rank > 4) throw new MjKitException(Status.InvalidArgument);
            fixed (int* u = raw.uma) u[rank - 1] = points;
        }

        static byte B(bool b) { return b ? (byte)1 : (byte)0; }
    }

    /// <summary>What the riichi rules let a seat know (View.Riichi, MjRiichiView).</summary>
    public unsafe readonly struct RiichiView
    {
        readonly MjRiichiView raw;

        internal RiichiView(MjRiichiView raw) { this.raw = raw; }

        /// <summary>A seat's riichi state: 0 none, 1 declared (its riichi discard next), 2 the
        /// discard made, 3 the stick placed (MJ_RIICHI_STATE_*).</summary>
        public int State(int seat) { Args.CheckSeat(seat); fixed (byte* p = raw.riichi) return p[seat]; }
        /// <summary>The position in the discards of a seat's riichi discard, or -1.</summary>
        public int RiichiDiscard(int seat)
        {
            Args.CheckSeat(seat);
            fixed (byte* p = raw.riichi_discard) return p[seat] == 255 ? -1 : p[seat];
        }
        /// <summary>Whether a seat is in double riichi.</summary>
        public bool DoubleRiichi(int seat) { return (raw.double_riichi >> Args.CheckSeat(seat) & 1) != 0; }
        /// <summary>Whether a seat may still win with ippatsu.</summary>
        public bool Ippatsu(int seat) { return (raw.ippatsu >> Args.CheckSeat(seat) & 1) != 0; }
        /// <summary>Dora indicators turned (1..5).</summary>
        public int IndicatorCount { get { return raw.indicator_count; } }
        /// <summary>Dora indicator i (0..IndicatorCount-1): its code (a red five is 42..44).</summary>
        public int Indicator(int i)
        {
            if ((uint)i >= (uint)raw.indicator_count || i >= NativeMethods.MJ_RIICHI_INDICATORS)
                throw new MjKitException(Status.InvalidArgument);
            fixed (byte* p = raw.indicators) return p[i];
        }
        /// <summary>This seat's furiten bits (1 own discards, 2 temporary, 4 riichi).</summary>
        public int Furiten { get { return raw.furiten; } }
        /// <summary>Kinds this seat may not discard now (kuikae), bit k = kind k.</summary>
        public ulong Kuikae { get { return raw.kuikae; } }
        /// <summary>Whether this seat's drawn tile is a replacement draw (rinshan).</summary>
        public bool Replacement { get { return raw.replacement != 0; } }
        /// <summary>Honba of this hand.</summary>
        public uint Honba { get { return raw.honba; } }
        /// <summary>Riichi sticks on the table.</summary>
        public uint Sticks { get { return raw.sticks; } }
    }
}
