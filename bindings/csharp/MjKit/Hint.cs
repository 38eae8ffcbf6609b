// mjkit C# binding: hints for a human player (mj_hint, mj_hint_reason_str) and the tiles a view
// shows (mj_view_visible). Ai.Hint(view, BotConfig.Mjkit(5)) explains a seat's options and the
// bot's choice; View.Visible() gives the `visible` counts of the efficiency calls.
using System;

namespace MjKit
{
    /// <summary>One option of a hint: a legal action and where it leaves the hand.</summary>
    public readonly struct HintOption
    {
        /// <summary>The action (one of the view's legal actions).</summary>
        public readonly Action Action;
        /// <summary>Regular-form shanten number after it (0 ready, -1 the action wins; after a chow
        /// or pung, after its best discard).</summary>
        public readonly int Shanten;
        /// <summary>Live copies (not in sight of this seat) of the accepted kinds.</summary>
        public readonly int Live;
        /// <summary>The kinds that lower the shanten number after it: when ready, the waits.</summary>
        public readonly TileSet Accepted;
        /// <summary>A discard: the chance (0..1) that it deals in now; 0 for other actions.</summary>
        public readonly double Danger;
        /// <summary>The bot's estimate of the chance (0..1) to win the hand after it.</summary>
        public readonly double WinChance;
        /// <summary>The variant's value after it, in Hint.Unit (tai: the tai of a win on a
        /// discard, the dealer's apart); 0 with HintUnit.None.</summary>
        public readonly double Value;

        internal HintOption(Action action, int shanten, int live, ulong accepted, double danger, double winChance, double value)
        {
            Action = action;
            Shanten = shanten;
            Live = live;
            Accepted = new TileSet(accepted);
            Danger = danger;
            WinChance = winChance;
            Value = value;
        }

        /// <summary>"discard 5p: shanten 0, 4 live, waits 36p, danger 3.4%, win 41.6%".</summary>
        public override string ToString()
        {
            return string.Format(System.Globalization.CultureInfo.InvariantCulture,
                "{0}: shanten {1}, {2} live, {3} {4}, danger {5:0.0}%, win {6:0.0}%", Action, Shanten, Live,
                Shanten == 0 ? "waits" : "accepts", Accepted, Danger * 100, WinChance * 100);
        }
    }

    /// <summary>The tai part of a hint (Hint.Variant == HintVariant.Tai).</summary>
    public sealed class HintTai
    {
        /// <summary>Per seat, the tai the bot reads in that opponent's hand (0 for the view's seat).</summary>
        public readonly double[] DealInTai = new double[NativeMethods.MJ_SEATS];
        /// <summary>Per seat, what dealing in to it would cost in points (0 for the view's seat).</summary>
        public readonly int[] DealInPayment = new int[NativeMethods.MJ_SEATS];
    }

    /// <summary>A hint for the pending seat of a view (mj_hint): its options, the danger of every
    /// kind, each opponent's chance of being ready, and the bot's choice with its reason.</summary>
    public sealed class Hint
    {
        /// <summary>The view's seat.</summary>
        public int Seat { get; private set; }
        /// <summary>The view's phase.</summary>
        public Phase Phase { get; private set; }
        /// <summary>The shanten number of the hand now (on a turn, the lowest after a discard).</summary>
        public int Shanten { get; private set; }
        /// <summary>Every legal action: wins first, then by shanten (lowest first), live tiles
        /// (most first), danger (lowest first). On a turn the discards are the best discards.</summary>
        public HintOption[] Options { get; private set; }
        /// <summary>Per kind (0..33), the chance that discarding it now deals in.</summary>
        public double[] Danger { get; private set; }
        /// <summary>Per seat, the chance that the opponent is ready (0 for the view's seat).</summary>
        public double[] Ready { get; private set; }
        /// <summary>The bot's choice (one of the options).</summary>
        public Action Choice { get; private set; }
        /// <summary>Index of the choice in Options.</summary>
        public int ChoiceIndex { get; private set; }
        /// <summary>On a turn, the index in Options of the level's most efficient discard before
        /// danger and value (the discard the choice was weighed against: Defend chose another,
        /// Push this one); -1 in a claim.</summary>
        public int EfficientIndex { get; private set; }
        /// <summary>The rule that made the choice.</summary>
        public HintReason Reason { get; private set; }
        /// <summary>The reason as a sentence for a player (mj_hint_reason_str).</summary>
        public string ReasonText { get { return Hint.TextOf(Reason); } }
        /// <summary>The level of the bot that chose.</summary>
        public int Level { get; private set; }
        /// <summary>The unit of the options' Value.</summary>
        public HintUnit Unit { get; private set; }
        /// <summary>Which variant part is filled.</summary>
        public HintVariant Variant { get; private set; }
        /// <summary>The tai part (Variant == HintVariant.Tai), else null.</summary>
        public HintTai Tai { get; private set; }

        /// <summary>The sentence of a reason (mj_hint_reason_str); "unknown reason" for a code
        /// the library does not know.</summary>
        public static unsafe string TextOf(HintReason reason)
        {
            return Utf8.FromNative(NativeMethods.mj_hint_reason_str((int)reason));
        }

        internal static unsafe Hint FromNative(MjHint* h)
        {
            double scale = NativeMethods.MJ_HINT_SCALE, hundred = NativeMethods.MJ_HINT_VALUE_SCALE;
            var hint = new Hint
            {
                Seat = h->seat,
                Phase = (Phase)h->phase,
                Shanten = h->shanten,
                Options = new HintOption[h->option_count],
                Danger = new double[NativeMethods.MJ_TILE_KINDS],
                Ready = new double[NativeMethods.MJ_SEATS],
                ChoiceIndex = h->choice_index,
                EfficientIndex = h->efficient_index == NativeMethods.MJ_HINT_NO_OPTION ? -1 : h->efficient_index,
                Choice = new Action(h->choice),
                Reason = (HintReason)h->reason,
                Level = h->level,
                Unit = (HintUnit)h->value_unit,
                Variant = (HintVariant)h->variant,
            };
            for (int i = 0; i < h->option_count && i < NativeMethods.MJ_MAX_ACTIONS; i++)
            {
                MjAction a;
                a.kind = h->option_kind[i];
                a.tile = h->option_tile[i];
                a.aux = 0; // hints are for Taiwanese views: no red fives
                hint.Options[i] = new HintOption(new Action(a), h->option_shanten[i], h->option_live[i],
                    h->option_accepted[i], h->option_danger[i] / scale, h->option_win_chance[i] / scale,
                    h->option_value[i] / hundred);
            }
            for (int k = 0; k < NativeMethods.MJ_TILE_KINDS; k++) hint.Danger[k] = h->danger[k] / scale;
            for (int s = 0; s < NativeMethods.MJ_SEATS; s++) hint.Ready[s] = h->ready[s] / scale;
            if (hint.Variant == HintVariant.Tai)
            {
                hint.Tai = new HintTai();
                for (int s = 0; s < NativeMethods.MJ_SEATS; s++)
                {
                    hint.Tai.DealInTai[s] = h->tai.deal_in_tai[s] / hundred;
                    hint.Tai.DealInPayment[s] = h->tai.deal_in_payment[s];
                }
            }
            return hint;
        }
    }

    public static unsafe partial class Ai
    {
        static int HintRaw(ref View view, BotConfig config, out MjKit.Hint hint)
        {
            MjBotConfig c = config.ToNative();
            MjHint h;
            int st;
            fixed (MjView* v = &view.raw) st = NativeMethods.mj_hint(v, &c, &h);
            hint = st == 0 ? MjKit.Hint.FromNative(&h) : null;
            return st;
        }

        /// <summary>The hint of mjkit's bot (config.Kind BotKind.Mjkit, at config.Level) for the
        /// view's seat: its options with the live tiles, waits, danger, chance to win and value
        /// each leaves; the danger of every kind; the opponents' ready chances; the bot's choice
        /// with its reason. Throws MjKitException: InvalidArgument (a bot other than mjkit, a
        /// level outside 1..BotConfig.MaxLevel), InvalidView (an impossible view, or one whose
        /// seat has no decision to make), TooManyCopies.</summary>
        public static MjKit.Hint Hint(View view, BotConfig config)
        {
            MjKit.Hint h;
            MjKitException.Check(HintRaw(ref view, config, out h));
            return h;
        }

        /// <summary>As Hint; false instead of throwing.</summary>
        public static bool TryHint(View view, BotConfig config, out MjKit.Hint hint)
        {
            return HintRaw(ref view, config, out hint) == 0;
        }
    }

    public unsafe partial struct View
    {
        int VisibleRaw(byte[] counts)
        {
            fixed (MjView* v = &raw)
            fixed (byte* c = counts)
            {
                return NativeMethods.mj_view_visible(v, c);
            }
        }

        /// <summary>The tiles this seat sees outside its own concealed hand, per kind (34
        /// counts): the discards not claimed and every meld's tiles (mj_view_visible), the
        /// `visible` argument of Mahjong.Ukeire / Discards for live tiles. Throws
        /// MjKitException: InvalidView, TooManyCopies.</summary>
        public byte[] Visible()
        {
            var counts = new byte[NativeMethods.MJ_TILE_KINDS];
            MjKitException.Check(VisibleRaw(counts));
            return counts;
        }

        /// <summary>As Visible; false (and null) instead of throwing.</summary>
        public bool TryVisible(out byte[] counts)
        {
            counts = new byte[NativeMethods.MJ_TILE_KINDS];
            if (VisibleRaw(counts) == 0) return true;
            counts = null;
            return false;
        }
    }
}
