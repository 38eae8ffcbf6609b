// mjkit C# binding: the bots (mj_ai_decide, MjBotConfig): BotConfig, Ai, Bot.
using System;
using System.Runtime.InteropServices;

namespace MjKit
{
    /// <summary>Which bot decides, and how. Start from BotConfig.Default or the constructor.</summary>
    public struct BotConfig
    {
        /// <summary>The bot.</summary>
        public BotKind Kind;
        /// <summary>The thesis bot's AttackLevel (1..99; 99 never folds); ignored by the others.</summary>
        public int AttackLevel;
        /// <summary>BotKind.Mjkit breaks ties between equal discards by this value and seeds a
        /// level's lapses (any value; decisions are a pure function of view and config); ignored
        /// by the others.</summary>
        public ulong TieBreak;
        /// <summary>BotKind.Mjkit's level: 1 (easy) to MaxLevel (5, the full bot); lower levels
        /// keep a human player's habits and lapses. Ignored by the others.</summary>
        public int Level;

        /// <summary>The highest level (MJ_MAX_LEVEL): the full bot.</summary>
        public const int MaxLevel = NativeMethods.MJ_MAX_LEVEL;

        /// <summary>A bot of this kind at level MaxLevel (AttackLevel matters for BotKind.Thesis
        /// only, tieBreak for BotKind.Mjkit only).</summary>
        public BotConfig(BotKind kind, int attackLevel, ulong tieBreak)
            : this(kind, attackLevel, tieBreak, MaxLevel) { }

        /// <summary>A bot of this kind (level matters for BotKind.Mjkit only).</summary>
        public BotConfig(BotKind kind, int attackLevel, ulong tieBreak, int level)
        {
            Kind = kind;
            AttackLevel = attackLevel;
            TieBreak = tieBreak;
            Level = level;
        }

        /// <summary>mjkit's bot at `level` (1..MaxLevel), tie-break value 0.</summary>
        public static BotConfig Mjkit(int level)
        {
            return new BotConfig(BotKind.Mjkit, 99, 0, level);
        }

        /// <summary>The thesis bot with AttackLevel 99 (never folds), tie-break value 0, level
        /// MaxLevel (mj_bot_config_default).</summary>
        public static BotConfig Default
        {
            get
            {
                MjBotConfig c = NativeMethods.mj_bot_config_default();
                return new BotConfig((BotKind)c.kind, c.attack_level, c.tie_break, c.level);
            }
        }

        internal MjBotConfig ToNative()
        {
            MjBotConfig c;
            c.tie_break = TieBreak;
            c.kind = (byte)Kind;
            // Outside 0..255 becomes 0, which the thesis bot and mjkit's levels refuse
            // (InvalidArgument).
            c.attack_level = (uint)AttackLevel <= 255 ? (byte)AttackLevel : (byte)0;
            c.level = (uint)Level <= 255 ? (byte)Level : (byte)0;
            return c;
        }

        /// <summary>"mjkit", "mjkit:3", "greedy", "thesis:99" (the names of the self-play
        /// program and Godot).</summary>
        public override string ToString()
        {
            switch (Kind)
            {
                case BotKind.Thesis: return "thesis:" + AttackLevel;
                case BotKind.Greedy: return "greedy";
                case BotKind.Mjkit: return Level == MaxLevel ? "mjkit" : "mjkit:" + Level;
                default: return "bot " + (int)Kind;
            }
        }
    }

    /// <summary>The bots: one call per decision. An NPC's turn is table.View(seat),
    /// Ai.Decide(view, config), table.Apply(seat, action).</summary>
    public static unsafe partial class Ai
    {
        static int DecideRaw(ref View view, BotConfig config, out Action action)
        {
            MjBotConfig c = config.ToNative();
            MjAction a = default(MjAction);
            int st;
            fixed (MjView* v = &view.raw) st = NativeMethods.mj_ai_decide(v, &c, &a);
            action = st == 0 ? new Action(a) : default(Action);
            return st;
        }

        /// <summary>One of the legal actions of the view's seat, chosen by the configured bot,
        /// which sees the view only. Throws MjKitException: InvalidArgument (unknown bot kind,
        /// thesis bot AttackLevel outside 1..99, mjkit level outside 1..BotConfig.MaxLevel), InvalidView (an impossible view, or one whose
        /// seat has no decision to make), TooManyCopies.</summary>
        public static Action Decide(View view, BotConfig config)
        {
            Action a;
            MjKitException.Check(DecideRaw(ref view, config, out a));
            return a;
        }

        /// <summary>As Decide; false instead of throwing.</summary>
        public static bool TryDecide(View view, BotConfig config, out Action action)
        {
            return DecideRaw(ref view, config, out action) == 0;
        }
    }

    /// <summary>A bot: a BotConfig that decides (Ai.Decide with its config).</summary>
    public readonly struct Bot
    {
        /// <summary>How it decides.</summary>
        public readonly BotConfig Config;

        /// <summary>A bot with this configuration.</summary>
        public Bot(BotConfig config) { Config = config; }

        /// <summary>A bot of this kind (AttackLevel matters for BotKind.Thesis only, tieBreak for
        /// BotKind.Mjkit only).</summary>
        public Bot(BotKind kind, int attackLevel, ulong tieBreak) { Config = new BotConfig(kind, attackLevel, tieBreak); }

        /// <summary>Ai.Decide(view, Config).</summary>
        public Action Decide(View view) { return Ai.Decide(view, Config); }

        /// <summary>Ai.TryDecide(view, Config, out action).</summary>
        public bool TryDecide(View view, out Action action) { return Ai.TryDecide(view, Config, out action); }

        /// <summary>The config's name ("mjkit", "greedy", "thesis:99").</summary>
        public override string ToString() { return Config.ToString(); }
    }
}
