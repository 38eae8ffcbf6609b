// Tests of the table engine and the bots through the C# binding: every error class of every
// table/AI call (exception status and text, TryXxx false), views corrupted at the C offsets
// (from the sizes file that the C compiler printed), and whole hands played by four NPCs
// through Ai.Decide: legal, zero-sum, deterministic, and allocation-free.
using System;
using System.Collections.Generic;
using System.IO;
using System.Runtime.InteropServices;
using MjKit;
using Act = MjKit.Action;

static class TableTests
{
    static void Check(bool ok, string what) { MjKitTests.Check(ok, what); }
    static void Equal<T>(T got, T want, string what) { MjKitTests.Equal(got, want, what); }
    static void Throws(Status want, string what, System.Action call) { MjKitTests.Throws(want, what, call); }

    /// The four NPCs of the demo: mjkit, thesis:99, greedy, thesis:5.
    internal static readonly BotConfig[] Npcs =
    {
        new BotConfig(BotKind.Mjkit, 0, 0),
        new BotConfig(BotKind.Thesis, 99, 0),
        new BotConfig(BotKind.Greedy, 0, 0),
        new BotConfig(BotKind.Thesis, 5, 0),
    };

    /// Counters of one played hand; plain integers, so playing allocates nothing.
    struct Played
    {
        public int Decisions;
        public int NotLegal;       // decided actions missing from the table's legal actions
        public int ViewDisagrees;  // view legal actions differing from the table's
        public int ClaimDecisions;
        public long Trace;         // a hash of every (seat, action)
    }

    /// Plays the current hand to its end: the lowest pending seat decides on its view and the
    /// table applies it. Checks each decision against both legal-action lists.
    static Played PlayHand(Table table, BotConfig[] bots, Act[] tableBuf, Act[] viewBuf)
    {
        var p = default(Played);
        p.Trace = 17;
        for (int guard = 0; guard < 5000; guard++)
        {
            Phase phase;
            int pending = table.GetPending(out phase);
            if (phase == Phase.Over) return p;
            int seat = 0;
            while ((pending >> seat & 1) == 0) seat++;
            View view = table.View(seat);
            Act a = Ai.Decide(view, bots[seat]);
            int n = table.LegalActions(seat, tableBuf);
            int m = view.LegalActions(viewBuf);
            bool found = false;
            for (int i = 0; i < n; i++) found |= tableBuf[i] == a;
            if (!found) p.NotLegal++;
            bool same = n == m;
            for (int i = 0; same && i < n; i++) same = tableBuf[i] == viewBuf[i];
            if (!same) p.ViewDisagrees++;
            if (phase == Phase.Claim) p.ClaimDecisions++;
            table.Apply(seat, a);
            p.Decisions++;
            p.Trace = p.Trace * 31 + seat * 257 + a.GetHashCode();
        }
        p.NotLegal += 1000000; // never ended
        return p;
    }

    static bool SameResult(HandResult a, HandResult b)
    {
        bool same = a.End == b.End && a.WinnerMask == b.WinnerMask && a.Discarder == b.Discarder &&
                    a.Tile.Equals(b.Tile) && a.RobbedKong == b.RobbedKong && a.TenpaiMask == b.TenpaiMask;
        for (int s = 0; s < Table.Seats; s++) same &= a.Points(s) == b.Points(s);
        return same;
    }

    static long Sum(HandResult r)
    {
        long sum = 0;
        for (int s = 0; s < Table.Seats; s++) sum += r.Points(s);
        return sum;
    }

    /// "Name size" and "Name.field offset" lines printed by the C compiler.
    internal static Dictionary<string, int> ReadSizes(string path)
    {
        var d = new Dictionary<string, int>();
        foreach (string line in File.ReadAllLines(path))
        {
            string[] f = line.Split(' ');
            if (f.Length == 2) d[f[0]] = int.Parse(f[1]);
        }
        return d;
    }

    static void Layout(Dictionary<string, int> c)
    {
        foreach (string name in new[] { "MjRules", "MjBotConfig", "MjView", "MjAction", "MjHandResult" })
        {
            Check(c.ContainsKey(name), name + " measured by the C compiler");
        }
        Equal(View.ByteSize, c["MjView"], "View.ByteSize vs C sizeof(MjView)");
        Equal(Marshal.SizeOf(typeof(View)), c["MjView"], "View wraps MjView");
        Equal(Marshal.SizeOf(typeof(Act)), c["MjAction"], "Action wraps MjAction");
        Equal(Marshal.SizeOf(typeof(HandResult)), c["MjHandResult"], "HandResult wraps MjHandResult");
        Equal(c["MjView.rules"] + c["MjRules"], c["MjView.riichi"], "MjView.rules is embedded whole");
    }

    static void Defaults()
    {
        Rules r = Rules.Default;
        Equal(r.Variant, Variant.Taiwan16, "default variant");
        Equal(r.DeadWall, 16, "default dead wall");
        Equal(r.MultiWin, MultiWin.HeadBump, "default multi-win");
        Check(r.RobKong, "default robs the kong");
        Equal(r.Scoring, Scoring.Tai, "default scoring");
        Check(SameTai(r.Tai, TaiRules.Default), "default tai rules: the ATAWMJ preset");
        Check(SameTai(Rules.Preset(Variant.Thirteen).Tai, TaiRules.Default), "13-tile preset holds the ATAWMJ tai rules");
        Equal(r.PassLock, PassLock.UntilDraw, "default 過水: until the draw");
        BotConfig b = BotConfig.Default;
        Equal(b.Kind, BotKind.Thesis, "default bot kind");
        Equal(b.AttackLevel, 99, "default attack level");
        Equal(b.TieBreak, 0UL, "default bot tie-break value");
        Equal(new Bot(BotKind.Thesis, 5, 0).ToString(), "thesis:5", "Bot name");
        Equal(Act.Pass.ToString(), "pass", "Action.Pass text");
        Check(!Act.Pass.Tile.HasValue, "a pass has no tile");
        Equal(new Act(ActionKind.Chow, Tile.Parse("3p")).ToString(), "chow 3p", "Action text");
    }

    static void NullHandle()
    {
        var t = new Table(7);
        Check(!t.IsDisposed, "a new table is live");
        t.Dispose();
        t.Dispose(); // idempotent: the native free runs once
        Check(t.IsDisposed, "disposed");
        var buf = new Act[Table.MaxActions];
        int n;
        View v;
        HandResult r;
        int pending;
        Phase phase;
        var discard = new Act(ActionKind.Discard, new Tile(0));
        Throws(Status.NullPointer, "disposed Deal", () => t.Deal(0, 0, Wind.East));
        Check(!t.TryDeal(0, 0, Wind.East), "disposed TryDeal is false");
        Throws(Status.NullPointer, "disposed NextHand", () => t.NextHand());
        Check(!t.TryNextHand(), "disposed TryNextHand is false");
        Throws(Status.NullPointer, "disposed View", () => t.View(0));
        Check(!t.TryView(0, out v), "disposed TryView is false");
        Throws(Status.NullPointer, "disposed Pending", () => { int x = t.Pending; });
        Throws(Status.NullPointer, "disposed GetPending", () => t.GetPending(out phase));
        Check(!t.TryGetPending(out pending, out phase), "disposed TryGetPending is false");
        Throws(Status.NullPointer, "disposed LegalActions(seat, buffer)", () => t.LegalActions(0, buf));
        Throws(Status.NullPointer, "disposed LegalActions(seat)", () => t.LegalActions(0));
        Check(!t.TryLegalActions(0, buf, out n) && n == 0, "disposed TryLegalActions is false");
        Throws(Status.NullPointer, "disposed Apply", () => t.Apply(0, discard));
        Check(!t.TryApply(0, discard), "disposed TryApply is false");
        Throws(Status.NullPointer, "disposed Result", () => t.Result());
        Check(!t.TryResult(out r), "disposed TryResult is false");
        // Null arguments of the view calls.
        View live;
        using (var t2 = new Table(7)) live = t2.View(0);
        Throws(Status.NullPointer, "View.CopyTo(null)", () => live.CopyTo(null, 0));
        Throws(Status.NullPointer, "View.FromBytes(null)", () => View.FromBytes(null, 0));
    }

    static void InvalidRules()
    {
        Table t;
        var bad = new List<KeyValuePair<string, Rules>>();
        Rules r = Rules.Default;
        r.Variant = (Variant)2;
        bad.Add(new KeyValuePair<string, Rules>("variant 2", r));
        r = Rules.Default;
        r.MultiWin = (MultiWin)2;
        bad.Add(new KeyValuePair<string, Rules>("multi-win 2", r));
        r = Rules.Default;
        r.Scoring = (Scoring)2;
        bad.Add(new KeyValuePair<string, Rules>("scoring 2", r));
        r = Rules.Default;
        r.Variant = Variant.Thirteen;
        bad.Add(new KeyValuePair<string, Rules>("tai on 13 tiles", r));
        r = Rules.Default;
        r.DeadWall = 61;
        bad.Add(new KeyValuePair<string, Rules>("dead wall 61", r));
        r = Rules.Default;
        r.PassLock = (PassLock)3;
        bad.Add(new KeyValuePair<string, Rules>("pass lock 3", r));
        r = Rules.Default;
        r.DeadWall = -1;
        bad.Add(new KeyValuePair<string, Rules>("dead wall -1", r));
        foreach (var kv in bad)
        {
            Rules rules = kv.Value;
            Throws(Status.InvalidArgument, "new Table with " + kv.Key, () => new Table(rules, 1));
            Check(!Table.TryCreate(rules, 1, out t) && t == null, "TryCreate with " + kv.Key + " is false");
        }
        r = Rules.Default;
        r.DeadWall = 60;
        r.Variant = Variant.Thirteen;
        r.Scoring = Scoring.Thesis; // tai is a 16-tile table's scoring
        r.MultiWin = MultiWin.All;
        r.RobKong = false;
        Check(Table.TryCreate(r, 1, out t) && t != null, "TryCreate at the limits (13 tiles, dead wall 60)");
        using (t)
        {
            View v = t.View(0);
            Equal(v.Rules.Variant, Variant.Thirteen, "the view carries the rules");
            Equal(v.Rules.DeadWall, 60, "dead wall in the view");
            Check(!v.Rules.RobKong && v.Rules.MultiWin == MultiWin.All, "rob kong / multi-win in the view");
            Check(v.Rules.Scoring == Scoring.Thesis, "scoring in the view");
            Equal(v.ConcealedCount(0) + v.ConcealedCount(1), 14 + 13, "13-tile deal: dealer 14, others 13");
        }
    }

    static void TableErrors(Dictionary<string, int> off)
    {
        using (var t = new Table(Rules.Default, 42))
        {
            var buf = new Act[Table.MaxActions];
            int n;
            View v;
            HandResult r;
            Phase phase;
            int pending = t.GetPending(out phase);
            Equal(phase, Phase.Turn, "hand 0 starts with a turn");
            Equal(pending, 1, "dealer 0 is pending");
            Equal(t.Pending, 1, "Pending (phase NULL)");
            View dealer = t.View(0);
            Equal(dealer.Seat, 0, "view seat");
            Equal(dealer.Dealer, 0, "dealer");
            Equal(dealer.PrevalentWind, Wind.East, "East round");
            Equal(dealer.Actor, 0, "actor");
            Check(dealer.IsOwnDecision && dealer.IsPending(0) && !dealer.IsPending(1), "pending bits");
            Equal(dealer.Hand.Total, dealer.ConcealedCount(0), "hand total = concealed count");
            Equal(dealer.Hand.Total + 3 * dealer.MeldCount(0), 17, "dealer holds 17 tiles");
            Check(dealer.Drawn.HasValue || dealer.Hand.Total == 17, "the dealer's 17th tile");

            // Seat 4 (and -1, which must not wrap to a valid seat).
            Throws(Status.InvalidArgument, "View(4)", () => t.View(4));
            Throws(Status.InvalidArgument, "View(-1)", () => t.View(-1));
            Throws(Status.InvalidArgument, "View(256)", () => t.View(256));
            Check(!t.TryView(4, out v), "TryView(4) is false");
            Throws(Status.InvalidArgument, "LegalActions(4, buffer)", () => t.LegalActions(4, buf));
            Check(!t.TryLegalActions(4, buf, out n), "TryLegalActions(4) is false");
            Throws(Status.InvalidArgument, "Apply(4, pass)", () => t.Apply(4, Act.Pass));
            Check(!t.TryApply(4, Act.Pass), "TryApply(4) is false");
            Throws(Status.InvalidArgument, "Deal with dealer 4", () => t.Deal(0, 4, Wind.East));
            Throws(Status.InvalidArgument, "Deal with wind 4", () => t.Deal(0, 0, (Wind)4));
            Check(!t.TryDeal(0, 4, Wind.East), "TryDeal with dealer 4 is false");
            Throws(Status.InvalidArgument, "Score(4)", () => dealer.Score(4));

            // Hand not over.
            Throws(Status.HandNotOver, "Result during the hand", () => t.Result());
            Check(!t.TryResult(out r), "TryResult during the hand is false");
            Throws(Status.HandNotOver, "NextHand during the hand", () => t.NextHand());
            Check(!t.TryNextHand(), "TryNextHand during the hand is false");

            // Buffer too small (the dealer has more than one distinct discard).
            int legal = t.LegalActions(0, buf);
            Check(legal > 1, "the dealer has several legal actions");
            Throws(Status.BufferTooSmall, "LegalActions into 1 entry", () => t.LegalActions(0, new Act[1]));
            Check(!t.TryLegalActions(0, new Act[legal - 1], out n) && n == 0, "TryLegalActions one short is false");
            Throws(Status.BufferTooSmall, "LegalActions into null", () => t.LegalActions(0, null));
            Equal(t.LegalActions(0, new Act[legal]), legal, "an exact buffer suffices");
            Equal(t.LegalActions(1, null), 0, "a seat without a decision: no actions, null buffer allowed");
            Throws(Status.BufferTooSmall, "View.LegalActions into 1 entry", () => dealer.LegalActions(new Act[1]));
            Check(!dealer.TryLegalActions(new Act[1], out n), "View.TryLegalActions into 1 is false");
            Equal(dealer.LegalActions().Length, legal, "view and table agree on the count");
            Equal(t.LegalActions(0).Length, legal, "LegalActions(seat) array");

            // Invalid action kind; illegal actions change nothing.
            var before = new View[4];
            for (int s = 0; s < 4; s++) before[s] = t.View(s);
            Tile held = default(Tile), absent = default(Tile);
            bool haveAbsent = false;
            for (int k = 33; k >= 0; k--)
            {
                if (dealer.Hand[k] > 0) held = new Tile(k);
                else { absent = new Tile(k); haveAbsent = true; }
            }
            Check(haveAbsent, "some kind is not in the dealer's hand");
            Throws(Status.InvalidArgument, "Apply with action kind 8", () => t.Apply(0, new Act((ActionKind)8, held)));
            Check(!t.TryApply(0, new Act((ActionKind)200, held)), "TryApply with action kind 200 is false");
            Throws(Status.IllegalAction, "discarding a tile not in the hand", () => t.Apply(0, new Act(ActionKind.Discard, absent)));
            Throws(Status.IllegalAction, "passing on one's own turn", () => t.Apply(0, Act.Pass));
            Throws(Status.IllegalAction, "a pung on one's own turn", () => t.Apply(0, new Act(ActionKind.Pung, held)));
            View seat1 = before[1];
            Tile held1 = default(Tile);
            for (int k = 33; k >= 0; k--) if (seat1.Hand[k] > 0) held1 = new Tile(k);
            Throws(Status.IllegalAction, "a discard by a seat that is not to act", () => t.Apply(1, new Act(ActionKind.Discard, held1)));
            Check(!t.TryApply(1, new Act(ActionKind.Discard, held1)), "TryApply out of turn is false");
            for (int s = 0; s < 4; s++) Check(t.View(s).Equals(before[s]), "seat " + s + "'s view unchanged by the refused actions");
            Equal(t.Pending, 1, "still waiting for the dealer");
            Equal(t.LegalActions(0, buf), legal, "same legal actions after the refused ones");

            // The view round-trips through bytes.
            var bytes = new byte[View.ByteSize + 3];
            dealer.CopyTo(bytes, 3);
            Check(View.FromBytes(bytes, 3).Equals(dealer), "View.FromBytes(CopyTo) is the same view");
            Throws(Status.BufferTooSmall, "View.CopyTo one byte short", () => dealer.CopyTo(new byte[View.ByteSize - 1], 0));
            Throws(Status.BufferTooSmall, "View.FromBytes past the end", () => View.FromBytes(bytes, 4));

            ViewErrors(t, dealer, off);
        }
    }

    /// A copy of view with one byte changed at C offset `at`.
    static View Corrupt(View view, int at, byte value)
    {
        var b = new byte[View.ByteSize];
        view.CopyTo(b, 0);
        b[at] = value;
        return View.FromBytes(b, 0);
    }

    static void ViewErrors(Table t, View dealer, Dictionary<string, int> off)
    {
        var buf = new Act[Table.MaxActions];
        int n;
        Act a;
        BotConfig bot = BotConfig.Default;
        Check(Ai.TryDecide(dealer, bot, out a), "the dealer's view is decidable");

        // Invalid views: one field of a valid view corrupted, at its C offset.
        int hand0 = off["MjView.hand"];
        int firstKind = 0;
        while (dealer.Hand[firstKind] == 0) firstKind++;
        var cases = new List<KeyValuePair<string, View>>
        {
            new KeyValuePair<string, View>("phase 3", Corrupt(dealer, off["MjView.phase"], 3)),
            new KeyValuePair<string, View>("seat 4", Corrupt(dealer, off["MjView.seat"], 4)),
            new KeyValuePair<string, View>("offer 4", Corrupt(dealer, off["MjView.offer"], 4)),
            new KeyValuePair<string, View>("rules.variant 2", Corrupt(dealer, off["MjView.rules"], 2)),
            new KeyValuePair<string, View>("meld count 6", Corrupt(dealer, off["MjView.meld_counts"], 6)),
            new KeyValuePair<string, View>("rules.tai.values[0] 1",
                Corrupt(dealer, off["MjView.rules"] + off["MjRules.tai"] + off["MjTaiRules.values"], 1)),
            new KeyValuePair<string, View>("rules.tai switch 2",
                Corrupt(dealer, off["MjView.rules"] + off["MjRules.tai"] + off["MjTaiRules.chrysanthemum_west"], 2)),
            new KeyValuePair<string, View>("pending bit 4", Corrupt(dealer, off["MjView.pending"], 0x11)),
            new KeyValuePair<string, View>("dealer 4", Corrupt(dealer, off["MjView.dealer"], 4)),
            new KeyValuePair<string, View>("a tile missing from the hand",
                Corrupt(dealer, hand0 + firstKind, (byte)(dealer.Hand[firstKind] - 1))),
        };
        foreach (var kv in cases)
        {
            View bad = kv.Value;
            Throws(Status.InvalidView, "Ai.Decide on a view with " + kv.Key, () => Ai.Decide(bad, bot));
            Check(!Ai.TryDecide(bad, bot, out a), "Ai.TryDecide on a view with " + kv.Key + " is false");
            Throws(Status.InvalidView, "View.LegalActions with " + kv.Key, () => bad.LegalActions(buf));
            Check(!bad.TryLegalActions(buf, out n), "View.TryLegalActions with " + kv.Key + " is false");
        }
        // A seat with no decision to make: legal actions are none, a bot cannot decide.
        View other = t.View(2);
        Equal(other.LegalActions(buf), 0, "no legal actions for a waiting seat's view");
        Throws(Status.InvalidView, "Ai.Decide for a seat with no decision", () => Ai.Decide(other, bot));
        Throws(Status.InvalidView, "Ai.Decide on an all-zero view", () => Ai.Decide(default(View), bot));

        // Too many copies: five of a kind in the hand.
        View five = Corrupt(dealer, hand0 + firstKind, 5);
        Throws(Status.TooManyCopies, "Ai.Decide with five copies in the hand", () => Ai.Decide(five, bot));
        Check(!Ai.TryDecide(five, bot, out a), "Ai.TryDecide with five copies is false");
        Throws(Status.TooManyCopies, "View.LegalActions with five copies", () => five.LegalActions(buf));

        // Invalid bot configurations.
        Throws(Status.InvalidArgument, "bot kind 3", () => Ai.Decide(dealer, new BotConfig((BotKind)3, 50, 0)));
        Check(!Ai.TryDecide(dealer, new BotConfig((BotKind)3, 50, 0), out a), "TryDecide bot kind 3 is false");
        Throws(Status.InvalidArgument, "thesis bot AttackLevel 0", () => Ai.Decide(dealer, new BotConfig(BotKind.Thesis, 0, 0)));
        Throws(Status.InvalidArgument, "thesis bot AttackLevel 100", () => new Bot(BotKind.Thesis, 100, 0).Decide(dealer));
        Throws(Status.InvalidArgument, "thesis bot AttackLevel 256", () => Ai.Decide(dealer, new BotConfig(BotKind.Thesis, 256, 0)));
        Check(!new Bot(BotKind.Thesis, 0, 0).TryDecide(dealer, out a), "Bot.TryDecide AttackLevel 0 is false");
        Check(Ai.TryDecide(dealer, new BotConfig(BotKind.Greedy, 0, 0), out a), "AttackLevel is ignored by greedy");
        Check(Ai.TryDecide(dealer, new BotConfig(BotKind.Thesis, 1, 0), out a), "AttackLevel 1 is valid");
    }

    /// A claim view, and too many copies in sight: the hand holds four of the offered tile.
    static void ClaimViewErrors(Dictionary<string, int> off)
    {
        using (var t = new Table(Rules.Default, 3))
        {
            var buf = new Act[Table.MaxActions];
            var viewBuf = new Act[Table.MaxActions];
            // NPCs play until a discard is offered for claims.
            Phase phase = Phase.Turn;
            int pending = 0;
            for (int step = 0; step < 500; step++)
            {
                pending = t.GetPending(out phase);
                if (phase != Phase.Turn) break;
                int actor = 0;
                while ((pending >> actor & 1) == 0) actor++;
                t.Apply(actor, Ai.Decide(t.View(actor), Npcs[actor]));
            }
            if (phase != Phase.Claim)
            {
                Check(false, "no claim phase reached with seed 3 (phase " + phase + ")");
                return;
            }
            int seat = 1;
            while ((pending >> seat & 1) == 0) seat++;
            View v = t.View(seat);
            Check(v.Offered.HasValue && v.Phase == Phase.Claim, "a claim view offers a tile");
            Check(v.DiscardCount >= 1, "a discard was made");
            TableDiscard last = v.Discard(v.DiscardCount - 1);
            Equal(last.Seat, v.Actor, "the offered tile's discarder is the actor");
            Check(last.Tile.Equals(v.Offered.Value), "the offered tile is the last discard");
            Equal(last.ClaimedBy, -1, "not claimed yet");
            Throws(Status.InvalidArgument, "Discard(DiscardCount)", () => v.Discard(v.DiscardCount));
            Check(v.LegalActions(viewBuf) >= 1, "a claim view has legal actions (pass at least)");
            View four = Corrupt(v, off["MjView.hand"] + v.Offered.Value.Kind, 4);
            Throws(Status.TooManyCopies, "four in the hand and one discarded", () => Ai.Decide(four, Npcs[1]));
            Throws(Status.TooManyCopies, "View.LegalActions with hand + discards above 4", () => four.LegalActions(buf));
        }
    }

    /// Whole hands: four NPCs to the end, legal, zero-sum, deterministic, allocation-free.
    /// Every value, base, price and switch of two tai rules.
    static bool SameTai(TaiRules a, TaiRules b)
    {
        for (int id = 1; id <= Tai.MaxPatternId; id++) if (a[id] != b[id]) return false;
        return a.Base == b.Base && a.Price == b.Price
            && a.ConcealedSelfDrawnKeepsConcealed == b.ConcealedSelfDrawnKeepsConcealed
            && a.ConcealedSelfDrawnKeepsSelfDrawn == b.ConcealedSelfDrawnKeepsSelfDrawn
            && a.DragonHandsKeepDragonPungs == b.DragonHandsKeepDragonPungs
            && a.WindHandsKeepWindPungs == b.WindHandsKeepWindPungs
            && a.FlowerKongKeepsSeatFlower == b.FlowerKongKeepsSeatFlower
            && a.AllChowsNoHonors == b.AllChowsNoHonors
            && a.AllChowsNoFlowers == b.AllChowsNoFlowers
            && a.AllChowsNotSelfDrawn == b.AllChowsNotSelfDrawn
            && a.ChrysanthemumWest == b.ChrysanthemumWest
            && a.HeavenlyReadyFromDeal == b.HeavenlyReadyFromDeal
            && a.HumanWinFirstGoAround == b.HumanWinFirstGoAround
            && a.ReplacementWinAfterExposedKong == b.ReplacementWinAfterExposedKong
            && a.ConcealedSelfDrawnAllowsExposedKong == b.ConcealedSelfDrawnAllowsExposedKong
            && a.MinTai == b.MinTai;
    }

    /// A table with house tai values set from C#: the views read them back and every payment
    /// of a win is Base + tai x Price (the dealer's patterns off, so no payment differs).
    static void CustomTai()
    {
        var tableBuf = new Act[Table.MaxActions];
        var viewBuf = new Act[Table.MaxActions];
        Rules r = Rules.Default;
        for (int id = 1; id <= 3; id++) r.Tai[id] = 0;
        r.Tai[Tai.MaxPatternId] = 9;
        r.Tai.Base = 30;
        r.Tai.Price = 7;
        r.Tai.ChrysanthemumWest = true;
        int discardWins = 0, selfDraws = 0;
        using (var t = new Table(r, 11))
        {
            Check(SameTai(t.View(0).Rules.Tai, r.Tai), "the view reads back the custom tai rules");
            Check(!SameTai(t.View(0).Rules.Tai, TaiRules.Default), "custom tai rules differ from the preset");
            for (int hand = 0; hand < 400 && (discardWins < 5 || selfDraws < 2); hand++)
            {
                PlayHand(t, Npcs, tableBuf, viewBuf);
                HandResult h = t.Result();
                int w = -1, winners = 0;
                for (int s = 0; s < 4; s++) if (h.Won(s)) { w = s; winners++; }
                if (winners == 1)
                {
                    int pay = 30 + 7 * h.Tai(w);
                    bool ok = true;
                    for (int s = 0; s < 4; s++)
                    {
                        int want = h.End == HandEnd.SelfDraw ? (s == w ? 3 * pay : -pay)
                            : s == w ? pay : s == h.Discarder ? -pay : 0;
                        ok &= h.Points(s) == want;
                    }
                    Check(ok, "hand " + hand + " pays 30 + 7 x tai: " + h);
                    if (h.End == HandEnd.SelfDraw) selfDraws++; else discardWins++;
                }
                t.NextHand();
            }
        }
        Check(discardWins >= 5 && selfDraws >= 2, "custom tai: " + discardWins + " discard wins, " + selfDraws + " self-draws");
    }

    static void FullHands()
    {
        var tableBuf = new Act[Table.MaxActions];
        var viewBuf = new Act[Table.MaxActions];
        HandResult first = default(HandResult), again = default(HandResult);
        long trace1 = 0, trace2 = 0;
        var finals = new View[4];
        for (int run = 0; run < 2; run++)
        {
            using (var t = new Table(Rules.Default, 99))
            {
                Played p = PlayHand(t, Npcs, tableBuf, viewBuf);
                Equal(p.NotLegal, 0, "run " + run + ": decisions outside the table's legal actions");
                Equal(p.ViewDisagrees, 0, "run " + run + ": view and table legal actions differ");
                Check(p.Decisions > 8, "run " + run + ": " + p.Decisions + " decisions");
                HandResult r = t.Result();
                Equal(Sum(r), 0, "run " + run + ": points sum to 0 (" + r + ")");
                Phase phase;
                Equal(t.GetPending(out phase), 0, "nothing pending after the hand");
                Equal(phase, Phase.Over, "phase over");
                for (int s = 0; s < 4; s++)
                {
                    View v = t.View(s);
                    Equal(v.Phase, Phase.Over, "seat " + s + " sees the end");
                    Equal(v.Score(s), r.Points(s), "seat " + s + " score = the hand's points");
                    Equal(t.LegalActions(s, tableBuf), 0, "seat " + s + " has no actions after the end");
                    Throws(Status.IllegalAction, "an action after the end", () => t.Apply(s, Act.Pass));
                    Throws(Status.InvalidView, "Ai.Decide after the end", () => Ai.Decide(v, Npcs[s]));
                    if (run == 0) finals[s] = v;
                    else Check(v.Equals(finals[s]), "same seed, seat " + s + ": same final view");
                }
                if (r.End != HandEnd.ExhaustiveDraw)
                {
                    Check(r.WinnerMask != 0 && r.Tile.HasValue, "a win has a winner and a tile");
                    for (int s = 0; s < 4; s++) if (r.Won(s)) Check(r.Points(s) > 0, "a winner gains");
                }
                else
                {
                    Check(r.WinnerMask == 0 && !r.Tile.HasValue, "a draw has no winner");
                }
                if (run == 0) { first = r; trace1 = p.Trace; }
                else { again = r; trace2 = p.Trace; }
            }
        }
        Check(SameResult(first, again), "same seed, same result: " + first + " / " + again);
        Equal(trace2, trace1, "same seed, same decisions");
        Console.WriteLine("table: seed 99 hand 0 by mjkit/thesis:99/greedy/thesis:5: " + first);

        // Several hands on one table, scores accumulate; a later hand allocates nothing.
        using (var t = new Table(Rules.Default, 2024))
        {
            var totals = new long[4];
            int claims = 0;
            int ends = 0;
            int melds = 0;
            long allocated = -1;
            for (int hand = 0; hand < 6; hand++)
            {
                if (hand > 0) t.NextHand();
                long before = GC.GetAllocatedBytesForCurrentThread();
                Played p = PlayHand(t, Npcs, tableBuf, viewBuf);
                long bytes = GC.GetAllocatedBytesForCurrentThread() - before;
                if (hand == 5) allocated = bytes;
                claims += p.ClaimDecisions;
                Equal(p.NotLegal + p.ViewDisagrees, 0, "hand " + hand + ": every decision legal, views agree");
                HandResult r = t.Result();
                Equal(Sum(r), 0L, "hand " + hand + ": points sum to 0");
                ends |= 1 << (int)r.End;
                for (int s = 0; s < 4; s++) totals[s] += r.Points(s);
                for (int s = 0; s < 4; s++)
                {
                    View own = t.View(s);
                    for (int i = 0; i < own.MeldCount(s); i++)
                    {
                        TableMeld m = own.Meld(s, i);
                        melds++;
                        bool concealed = m.Kind == TableMeldKind.ConcealedKong;
                        Check(m.Tile.HasValue, "own meld " + i + " of seat " + s + " shows its tile");
                        Check(concealed ? m.From == -1 && !m.Claimed.HasValue : m.From >= 0 && m.From != s && m.Claimed.HasValue,
                            "meld " + m.Kind + " of seat " + s + ": claimed from " + m.From);
                    }
                    Throws(Status.InvalidArgument, "Meld past MeldCount", () => own.Meld(s, own.MeldCount(s)));
                    Equal(own.FlowerCount(s) <= 8, true, "at most 8 flowers");
                }
                View v = t.View(0);
                Equal(v.HandIndex, (uint)hand, "hand index");
                for (int s = 0; s < 4; s++) Equal(v.Score(s), totals[s], "hand " + hand + " seat " + s + " cumulative score");
            }
            Equal(allocated, 0L, "bytes allocated by playing a whole hand (View, Ai.Decide, LegalActions, Apply, GetPending)");
            Check(claims > 0, "claims were decided");
            Check(melds > 0, "melds were declared (" + melds + ")");
            // Deal abandons the hand in play and keeps scores; the same hand index deals the same tiles.
            t.Deal(3, 2, Wind.South);
            View a = t.View(2);
            Equal(a.Dealer, 2, "Deal: dealer");
            Equal(a.PrevalentWind, Wind.South, "Deal: wind");
            Equal(a.Score(0), totals[0], "Deal keeps the scores");
            t.Deal(3, 2, Wind.South);
            Check(t.View(2).Equals(a), "Deal(3, 2, South) twice: the same view");
        }
    }

    /// The riichi table: presets, four greedy NPCs (the only bot that plays riichi) over a match,
    /// the riichi view, the explicit-wall deal and its error classes.
    static void Riichi()
    {
        Rules tenhou = Rules.Preset(Variant.Riichi);
        Equal(tenhou.Variant, Variant.Riichi, "riichi preset variant");
        Equal(tenhou.DeadWall, 14, "riichi dead wall");
        Equal(tenhou.Riichi.RedFives, 3, "three red fives");
        Check(tenhou.Riichi.TripleRonDraw && !Rules.RiichiMahjongSoul.Riichi.TripleRonDraw, "three rons: Tenhou aborts, Mahjong Soul does not");
        Equal(tenhou.Riichi.Uma(1), 20000, "Tenhou uma");
        var m = MatchRules.Default;
        m.StartScore = 25000;
        m.End = MatchEnd.WindRounds;
        m.EndValue = 1;
        var greedy = new BotConfig(BotKind.Greedy, 0, 0);
        var npcs = new[] { greedy, greedy, greedy, greedy };
        var buf = new Act[Table.MaxActions];
        var vbuf = new Act[Table.MaxActions];
        using (var t = new Table(tenhou, m, 7))
        {
            View v0 = t.View(0);
            Equal(v0.Seats, 4, "four seats");
            Equal(v0.Riichi.IndicatorCount, 1, "one dora indicator after the deal");
            Equal(v0.Riichi.Honba, 0u, "no honba yet");
            Throws(Status.InvalidArgument, "the thesis bot at a riichi table", () => Ai.Decide(t.View(t.Pending == 0 ? 0 : LowestSeat(t.Pending)), Npcs[1]));
            int hands = 0;
            for (; hands < 16; hands++)
            {
                Played p = PlayHand(t, npcs, buf, vbuf);
                Equal(p.NotLegal, 0, "greedy riichi decisions are legal");
                Equal(p.ViewDisagrees, 0, "riichi view legality equals the table's");
                MatchState st = t.MatchState;
                long total = st.Sticks * 1000L;
                for (int s = 0; s < Table.Seats; s++) total += st.Score(s);
                Equal(total, 100000L, "scores and sticks keep 100,000 points");
                if (!t.TryNextHand()) break;
            }
            MatchResult r = t.MatchResult();
            long sum = 0;
            for (int s = 0; s < Table.Seats; s++) sum += r.Points(s);
            Equal(sum, 0L, "final points with uma and oka sum to zero");
        }
        // The explicit wall: every code of the set in the table's order.
        byte[] wall = new byte[136];
        for (int k = 0; k < 136; k++) wall[k] = (byte)(k / 4);
        wall[16] = 42; wall[52] = 43; wall[88] = 44;
        using (var t = new Table(tenhou, 3))
        {
            View before = t.View(0);
            Throws(Status.InvalidArgument, "a short wall", () => t.DealWall(0, 0, Wind.East, new byte[135]));
            var bad = (byte[])wall.Clone();
            bad[0] = 1;
            Throws(Status.InvalidArgument, "a wall with a fifth 2m", () => t.DealWall(0, 0, Wind.East, bad));
            Check(!t.TryDealWall(0, 4, Wind.East, wall), "TryDealWall with seat 4 is false");
            Throws(Status.InvalidArgument, "a null wall (no tiles)", () => t.DealWall(0, 0, Wind.East, null));
            Check(t.View(0).Equals(before), "a refused wall changes nothing");
            t.DealWall(0, 0, Wind.East, wall);
            View v = t.View(0);
            // The dealer's first block is w[0..4] = 1m x 4, w[16..20] = 0m 5m 5m 5m.
            Equal(v.Hand[0], 4, "four 1m dealt");
            Equal(v.Red(0), 1, "the red 5m dealt");
            Act red = new Act(ActionKind.Discard, 42, 0);
            Check(red.IsRed && red.Tile.Value.Kind == 4, "a red five's action");
            bool offered = false;
            foreach (Act a in t.LegalActions(0)) offered |= a == red;
            Check(offered, "the red 5m may be discarded");
        }
    }

    static int LowestSeat(int mask)
    {
        int s = 0;
        while ((mask >> s & 1) == 0) s++;
        return s;
    }

    internal static void Run(string sizesPath)
    {
        Dictionary<string, int> off = ReadSizes(sizesPath);
        Layout(off);
        Defaults();
        NullHandle();
        InvalidRules();
        TableErrors(off);
        ClaimViewErrors(off);
        FullHands();
        CustomTai();
        Riichi();
    }
}
