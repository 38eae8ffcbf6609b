// Tests of hints (Ai.Hint, Hint.TextOf), View.Visible and the levels of mjkit's bot through the
// C# binding: every error class (exception status, TryXxx false), the hint's options against
// the view's legal actions and the bot's decision, the visible counts against the view's lists.
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using MjKit;
using Act = MjKit.Action;

static class HintTests
{
    static void Check(bool ok, string what) { MjKitTests.Check(ok, what); }
    static void Equal<T>(T got, T want, string what) { MjKitTests.Equal(got, want, what); }
    static void Throws(Status want, string what, System.Action call) { MjKitTests.Throws(want, what, call); }

    internal static void Run(Dictionary<string, int> sizes)
    {
        Equal(Marshal.SizeOf(Type.GetType("MjKit.MjHint, MjKit")), sizes["MjHint"], "MjHint vs C sizeof");
        Levels();
        using (var t = new Table(Rules.Default, 5))
        {
            View dealer = t.View(0);
            Errors(t, dealer, sizes);
            PlayWithHints(t);
        }
        Equal(Hint.TextOf(HintReason.Win), "a win", "Hint.TextOf(Win)");
        Equal(Hint.TextOf((HintReason)200), "unknown reason", "Hint.TextOf(200)");
        Console.WriteLine("hints and levels: checked");
    }

    static void Levels()
    {
        Equal(BotConfig.MaxLevel, 5, "BotConfig.MaxLevel");
        Equal(BotConfig.Default.Level, BotConfig.MaxLevel, "default level");
        Equal(BotConfig.Mjkit(3).ToString(), "mjkit:3", "level 3 name");
        Equal(BotConfig.Mjkit(5).ToString(), "mjkit", "level 5 name");
        Equal(new BotConfig(BotKind.Mjkit, 0, 0).Level, BotConfig.MaxLevel, "the three-argument constructor is level 5");
        using (var t = new Table(Rules.Default, 11))
        {
            View v = t.View(0);
            Act a;
            for (int level = 1; level <= BotConfig.MaxLevel; level++)
                Check(Ai.TryDecide(v, BotConfig.Mjkit(level), out a), "level " + level + " decides");
            foreach (int level in new[] { 0, 6, 255, 256, -1 })
            {
                Throws(Status.InvalidArgument, "mjkit level " + level, () => Ai.Decide(v, BotConfig.Mjkit(level)));
                Check(!Ai.TryDecide(v, BotConfig.Mjkit(level), out a), "TryDecide level " + level + " is false");
            }
            var greedy = new BotConfig(BotKind.Greedy, 0, 0, 0);
            Check(Ai.TryDecide(v, greedy, out a), "the level is ignored by greedy");
        }
    }

    static View Corrupt(View view, int at, byte value)
    {
        var b = new byte[View.ByteSize];
        view.CopyTo(b, 0);
        b[at] = value;
        return View.FromBytes(b, 0);
    }

    static void Errors(Table t, View dealer, Dictionary<string, int> off)
    {
        BotConfig ok = BotConfig.Mjkit(BotConfig.MaxLevel);
        Hint h;
        Check(Ai.TryHint(dealer, ok, out h) && h != null, "the dealer's view gets a hint");
        Throws(Status.InvalidArgument, "Ai.Hint with the thesis bot", () => Ai.Hint(dealer, BotConfig.Default));
        Throws(Status.InvalidArgument, "Ai.Hint with greedy", () => Ai.Hint(dealer, new BotConfig(BotKind.Greedy, 0, 0)));
        Throws(Status.InvalidArgument, "Ai.Hint at level 0", () => Ai.Hint(dealer, BotConfig.Mjkit(0)));
        Check(!Ai.TryHint(dealer, BotConfig.Mjkit(9), out h) && h == null, "TryHint at level 9 is false, hint null");
        View waiting = t.View(2);
        Throws(Status.InvalidView, "Ai.Hint for a seat with no decision", () => Ai.Hint(waiting, ok));
        Throws(Status.InvalidView, "Ai.Hint on an all-zero view", () => Ai.Hint(default(View), ok));
        View badPhase = Corrupt(dealer, off["MjView.phase"], 9);
        Throws(Status.InvalidView, "Ai.Hint, phase 9", () => Ai.Hint(badPhase, ok));
        Throws(Status.InvalidView, "View.Visible, phase 9", () => badPhase.Visible());
        byte[] counts;
        Check(!badPhase.TryVisible(out counts) && counts == null, "TryVisible, phase 9 is false");
        int kind = 0;
        while (dealer.Hand[kind] == 0) kind++;
        View five = Corrupt(dealer, off["MjView.hand"] + kind, 5);
        Throws(Status.TooManyCopies, "Ai.Hint with five copies", () => Ai.Hint(five, ok));
        Throws(Status.TooManyCopies, "View.Visible with five copies", () => five.Visible());
        Check(!Ai.TryHint(five, ok, out h), "TryHint with five copies is false");
    }

    /// A hand played with hints at every decision: the options are the legal actions, the
    /// choice is the bot's, the visible counts are the view's lists.
    static void PlayWithHints(Table t)
    {
        var buf = new Act[Table.MaxActions];
        int hints = 0;
        for (int guard = 0; guard < 1000; guard++)
        {
            Phase phase;
            int pending = t.GetPending(out phase);
            if (phase == Phase.Over) break;
            int seat = 0;
            while ((pending >> seat & 1) == 0) seat++;
            View v = t.View(seat);
            BotConfig cfg = BotConfig.Mjkit(1 + guard % BotConfig.MaxLevel);
            Hint h = Ai.Hint(v, cfg);
            Act decided = Ai.Decide(v, cfg);
            int n = v.LegalActions(buf);
            Equal(h.Options.Length, n, "hint options = legal actions");
            Equal(h.Choice, decided, "hint choice = Ai.Decide");
            Equal(h.Options[h.ChoiceIndex].Action, decided, "Options[ChoiceIndex] is the choice");
            if (phase == Phase.Turn)
                Check(h.EfficientIndex >= 0 && h.Options[h.EfficientIndex].Action.Kind == ActionKind.Discard, "a turn's efficient discard");
            else
                Equal(h.EfficientIndex, -1, "no efficient discard in a claim");
            if (h.Reason == HintReason.Defend) Check(h.EfficientIndex != h.ChoiceIndex, "Defend plays another tile");
            if (h.Reason == HintReason.Push) Equal(h.EfficientIndex, h.ChoiceIndex, "Push plays the efficient tile");
            Equal(h.Seat, seat, "hint seat");
            Equal(h.Level, cfg.Level, "hint level");
            Equal(h.Variant, HintVariant.Tai, "tai tables give the tai part");
            Check(h.Tai != null && h.Tai.DealInTai[seat] == 0 && h.Tai.DealInPayment[(seat + 1) % 4] > 0, "tai part");
            Check(h.ReasonText != "unknown reason", "reason " + h.Reason + " has a text");
            for (int i = 0; i + 1 < h.Options.Length; i++)
                Check(h.Options[i].Shanten <= h.Options[i + 1].Shanten, "options sorted by shanten");
            foreach (HintOption o in h.Options)
            {
                Check(Array.IndexOf(buf, o.Action, 0, n) >= 0, o + " is legal");
                Check(o.Danger >= 0 && o.Danger <= 1 && o.WinChance >= 0 && o.WinChance <= 1, o + " probabilities");
                if (o.Action.Kind == ActionKind.Discard)
                    Equal(o.Danger, h.Danger[o.Action.Tile.Value.Kind], "a discard's danger is its tile's");
            }
            byte[] visible = v.Visible();
            var want = new byte[Library.TileKinds];
            for (int i = 0; i < v.DiscardCount; i++)
            {
                TableDiscard d = v.Discard(i);
                if (d.ClaimedBy < 0) want[d.Tile.Kind]++;
            }
            for (int s = 0; s < Table.Seats; s++)
            {
                for (int m = 0; m < v.MeldCount(s); m++)
                {
                    TableMeld meld = v.Meld(s, m);
                    if (!meld.Tile.HasValue) continue;
                    int k = meld.Tile.Value.Kind;
                    if (meld.Kind == TableMeldKind.Chow) { want[k]++; want[k + 1]++; want[k + 2]++; }
                    else want[k] += (byte)(meld.Kind == TableMeldKind.Pung ? 3 : 4);
                }
            }
            bool same = true;
            for (int k = 0; k < Library.TileKinds; k++) same &= visible[k] == want[k];
            Check(same, "View.Visible = the view's discards and melds");
            t.Apply(seat, h.Choice);
            hints++;
        }
        Check(hints > 40, "a whole hand with hints (" + hints + ")");
    }
}
