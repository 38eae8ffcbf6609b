// Tests of the table as a backend through the C# binding: events per reader polled into a
// reused buffer (no allocation), snapshots (round trip, undo, damage), records (match round
// trip, the bad line), matches (end, ranks, scores set), names and presets, and every error
// class of each call (exception status, TryXxx false).
using System;
using MjKit;
using Act = MjKit.Action;

static class BackendTests
{
    static void Check(bool ok, string what) { MjKitTests.Check(ok, what); }
    static void Equal<T>(T got, T want, string what) { MjKitTests.Equal(got, want, what); }
    static void Throws(Status want, string what, System.Action call) { MjKitTests.Throws(want, what, call); }

    static void Step(Table t, Act[] buf, int pick)
    {
        Phase phase;
        int pending = t.GetPending(out phase);
        int seat = 0;
        while ((pending >> seat & 1) == 0) seat++;
        int n = t.LegalActions(seat, buf);
        t.Apply(seat, buf[pick % n]);
    }

    static void PlayOut(Table t, Act[] buf)
    {
        Phase phase;
        int pick = 3;
        while (true)
        {
            t.GetPending(out phase);
            if (phase == Phase.Over) return;
            pick = pick * 31 + 7;
            Step(t, buf, (pick >> 3) & 0xffff);
        }
    }

    static bool SameBytes(byte[] a, byte[] b)
    {
        if (a.Length != b.Length) return false;
        for (int i = 0; i < a.Length; i++) if (a[i] != b[i]) return false;
        return true;
    }

    static void Events()
    {
        var buf = new Act[Table.MaxActions];
        var events = new TableEvent[8];
        using (var t = new Table(7))
        {
            ulong first, next;
            t.GetEventBounds(2, out first, out next);
            Equal(first, 0UL, "first event index");
            // Poll after each apply into a reused buffer: every seat 2 event once, in order,
            // other seats' draws hidden.
            ulong at = first, count = 0;
            int hiddenDraws = 0, ownDraws = 0;
            Phase phase;
            do
            {
                int n;
                while ((n = t.Events(2, at, events)) > 0)
                {
                    for (int i = 0; i < n; i++)
                    {
                        Equal(events[i].Index, at + (ulong)i, "event index in sequence");
                        if (events[i].Kind == EventKind.Draw)
                        {
                            if (events[i].Seat == 2) ownDraws++;
                            else if (events[i].TileCode == Names.HiddenTile) hiddenDraws++;
                            else Check(false, "seat 2 sees seat " + events[i].Seat + "'s draw");
                        }
                    }
                    at = events[n - 1].Index + 1;
                    count += (ulong)n;
                }
                t.GetPending(out phase);
                if (phase != Phase.Over) Step(t, buf, (int)count);
            } while (phase != Phase.Over);
            Equal(at, t.NextEventIndex(2), "polled to the end");
            Equal(count, at - first, "no event missed");
            Check(ownDraws > 0 && hiddenDraws > 0, "own draws seen, others hidden");
            var all = t.Events(Table.Observer, 0);
            Check((ulong)all.Length >= count, "the observer reads every event, the claim answers too");
            Equal((ulong)t.Events(2, 0).Length, count, "Events(reader, from) gives every event of the reader");
            // Each reader numbers its own stream: seat 2 reads its own claim answers only; the
            // spectator none, and no concealed tile.
            foreach (var e in t.Events(2, 0))
                Check(e.Kind != EventKind.ClaimAnswer || e.Seat == 2, "seat 2 reads another seat's answer");
            foreach (var e in t.Events(Table.Spectator, 0))
            {
                Check(e.Kind != EventKind.ClaimAnswer, "the spectator reads an answer");
                Check(e.Kind != EventKind.Draw || e.TileCode == Names.HiddenTile, "the spectator sees a draw");
            }
            Equal(all[0].Score(0), 0L, "the hand start carries the scores");
            Equal(all[0].Consecutive, 0U, "and the consecutive deals");
            Equal(all[0].TileCount, 4, "and the seat winds");
            Equal(all[0].Kind, EventKind.HandStart, "the log starts with the hand");
            Equal(all[0].Seed, 7UL, "the observer sees the seed");
            Equal(t.Events(0, 0)[0].Seed, 0UL, "a seat does not");
            Check(all[1].Text(Lang.English).StartsWith("seat 0 is dealt "), "event text: " + all[1].Text(Lang.English));
            Check(all[1].Text(NameContext.ForSeat(0), Lang.English).StartsWith("you are dealt "), "event text for seat 0: " + all[1].Text(NameContext.ForSeat(0), Lang.English));
            Check(all[1].Text(NameContext.ForSeat(3), Lang.Simplified).StartsWith("下家"), "event text for seat 3: " + all[1].Text(NameContext.ForSeat(3), Lang.Simplified));
            Check(all[all.Length - 1].Kind == EventKind.Payment || all[all.Length - 1].Kind == EventKind.DealerKept
                  || all[all.Length - 1].Kind == EventKind.DealerPassed || all[all.Length - 1].Kind == EventKind.WindAdvanced,
                  "the log ends with payments and the match progress");
            Throws(Status.InvalidArgument, "Events reader 6", () => t.Events(6, 0, events));
            Equal(t.Events(0, 0, (TableEvent[])null), 0, "Events into null reads nothing (capacity 0)");
            int c;
            Check(!t.TryEvents(9, 0, events, out c), "TryEvents reader 9 is false");
            Equal(t.Events(0, ulong.MaxValue, events), 0, "nothing past the end");
            // Polling allocates nothing.
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < 100; i++) t.Events(Table.Observer, first, events);
            Equal(GC.GetAllocatedBytesForCurrentThread() - before, 0L, "Events into a buffer allocates nothing");
        }
    }

    static void Snapshots()
    {
        var buf = new Act[Table.MaxActions];
        using (var t = new Table(5))
        {
            for (int i = 0; i < 30; i++) Step(t, buf, i);
            byte[] image = t.Save();
            using (var back = Table.Load(image)) Check(SameBytes(back.Save(), image), "snapshot round trip is byte-identical");
            // Undo: apply a move, load the snapshot from before it.
            Step(t, buf, 1);
            Check(!SameBytes(t.Save(), image), "the move changed the table");
            using (var undone = Table.Load(image)) Check(SameBytes(undone.Save(), image), "undo by loading an earlier snapshot");
            var damaged = (byte[])image.Clone();
            damaged[damaged.Length / 2] ^= 4;
            Throws(Status.BadSnapshot, "Load a bit flip", () => Table.Load(damaged));
            var version = (byte[])image.Clone();
            version[4] ^= 1;
            Throws(Status.SnapshotVersion, "Load another version", () => Table.Load(version));
            Table none;
            Check(!Table.TryLoad(new byte[10], out none) && none == null, "TryLoad of 10 bytes is false");
            Throws(Status.BadSnapshot, "Load null", () => Table.Load(null));
        }
    }

    static void Records()
    {
        var buf = new Act[Table.MaxActions];
        var m = MatchRules.Default;
        m.End = MatchEnd.Hands;
        m.EndValue = 2;
        using (var t = new Table(Rules.Default, m, 11))
        {
            t.SetScore(1, 300);
            PlayOut(t, buf);
            t.NextHand();
            PlayOut(t, buf);
            Throws(Status.MatchOver, "NextHand after the match", () => t.NextHand());
            string text = t.Record();
            Check(text.StartsWith("{\"mjkit_record\":4,"), "record header");
            using (var back = Table.FromRecord(text))
            {
                Check(SameBytes(back.Save(), t.Save()), "a record reads back to the same table");
                Equal(back.Record(), text, "and writes the same record");
                Equal(back.MatchResult().HandsPlayed, 2u, "the match of the record is over");
            }
            string[] lines = text.Split('\n');
            lines[3] = lines[3].Replace("\"i\":", "\"j\":");
            Table bad;
            int line;
            Check(!Table.TryFromRecord(string.Join("\n", lines), out bad, out line) && bad == null, "a bad record is refused");
            Equal(line, 4, "the bad line is named");
            Throws(Status.BadRecord, "FromRecord of an empty text", () => Table.FromRecord(""));
            t.RestartRecord();
            Check(t.Record().Split('\n').Length < lines.Length, "RestartRecord drops earlier hands");
        }
    }

    static void Matches()
    {
        var buf = new Act[Table.MaxActions];
        var m = MatchRules.Default;
        m.FirstDealer = 2;
        m.DealerRule = DealerRule.AlwaysPass;
        m.End = MatchEnd.WindRounds;
        m.EndValue = 1;
        m.StartScore = 1000;
        using (var t = new Table(Rules.Default, m, 3))
        {
            MatchResult r;
            Check(!t.TryMatchResult(out r), "no result while playing");
            Throws(Status.MatchNotOver, "MatchResult while playing", () => t.MatchResult());
            Equal(t.View(0).Dealer, 2, "the first dealer deals");
            int hands = 1;
            while (true)
            {
                PlayOut(t, buf);
                if (!t.TryNextHand()) break;
                hands++;
            }
            Equal(hands, 4, "an East round from seat 2 is four hands");
            MatchState s = t.MatchState;
            Check(s.Over && s.Rounds == 1 && s.HandsPlayed == 4, "match state at the end");
            r = t.MatchResult();
            long sum = 0;
            for (int seat = 0; seat < 4; seat++)
            {
                sum += r.Score(seat);
                int better = 0;
                for (int o = 0; o < 4; o++) if (r.Score(o) > r.Score(seat)) better++;
                Equal(r.Rank(seat), better + 1, "rank of seat " + seat);
            }
            Equal(sum, 4000L, "zero-sum from 1000 each");
            Throws(Status.InvalidArgument, "SetScore seat 4", () => t.SetScore(4, 0));
            t.SetScore(0, -5);
            Equal(t.MatchState.Score(0), -5L, "the score set");
        }
        var bad = MatchRules.Default;
        bad.End = MatchEnd.WindRounds;
        bad.EndValue = 5;
        Throws(Status.InvalidArgument, "a match of 5 wind rounds", () => new Table(Rules.Default, bad, 1).Dispose());
    }

    static void NamesAndPresets()
    {
        Equal(Names.Tile(4, TileStyle.Notation, Lang.Simplified), "5m", "5m");
        Equal(Names.Tile(new Tile(4), TileStyle.Words, Lang.English), "Five of Characters", "English tile");
        Equal(Names.Tile(4, TileStyle.Words, Lang.Traditional), "五萬", "Traditional tile");
        Equal(Names.Tile(4, TileStyle.Words, Lang.Simplified), "五万", "Simplified tile");
        Equal(Names.Tile(4, TileStyle.Unicode, Lang.English), "🀋", "Unicode tile");
        Wind w;
        Equal(Names.Flower(7, Rules.Default, Lang.Traditional, out w), "菊", "flower 7");
        Equal(w, Wind.North, "flower 7 belongs to North (ATAWMJ)");
        Rules common = Rules.Default;
        common.Tai = TaiRules.FromPreset(TaiPreset.Common);
        Equal(Names.Flower(7, common, Lang.Simplified, out w), "菊", "flower 7, common game");
        Equal(w, Wind.West, "flower 7 belongs to West (the common game)");
        Equal(Names.Flower(5, common, Lang.Simplified), "兰", "flower 5 simplified");
        Equal(Names.Wind(Wind.South, Lang.Traditional), "南", "wind");
        Equal(Names.Wind(Wind.East, Lang.Simplified), "东", "wind simplified");
        NameContext me = NameContext.ForSeat(0);
        Equal(Names.Seat(1, me, Lang.Traditional), "下家", "the seat after mine");
        Equal(Names.Seat(2, me, Lang.Simplified), "对家", "the seat across");
        Equal(Names.Seat(3, me, Lang.English), "Left", "the seat before mine");
        NameContext winds = NameContext.Default;
        winds.Reader = Table.Spectator;
        winds.Seats = SeatStyle.Wind;
        winds.Dealer = 2;
        Equal(Names.Seat(2, winds, Lang.Traditional), "東家", "the dealer by wind");
        Equal(Names.Seat(3, NameContext.Default, Lang.English), "seat 3", "by number");
        Equal(Names.Round(Wind.East, 1, 1, Lang.Traditional), "東風東局", "round");
        Equal(Names.Round(Wind.South, 2, 1, Lang.Simplified), "南风南局", "round simplified");
        Equal(Names.Action(ActionKind.Chow, Lang.Traditional), "吃", "action");
        Equal(Names.Action(ActionKind.ExposedKong, Lang.Simplified), "明杠", "action simplified");
        Equal(Names.Meld(TableMeldKind.ConcealedKong, Lang.English), "concealed kong", "meld");
        Equal(Names.Reason(Reason.DealtIn, Lang.Simplified), "放枪", "reason");
        Equal(Names.Reason(Reason.SelfDrawPaid, Lang.English), "paid a self-draw", "reason English");
        Check(Names.TaiPattern(1, Lang.Simplified).Length > 0, "a tai pattern name");
        Equal(Names.Tile(42, TileStyle.Notation, Lang.English), "0m", "Names.Tile 42: the red 5m");
        Equal(Names.Tile(44, TileStyle.Words, Lang.Traditional), "赤五條", "Names.Tile 44: the red 5s");
        Throws(Status.InvalidArgument, "Names.Tile 45", () => Names.Tile(45, TileStyle.Notation, Lang.English));
        Throws(Status.InvalidArgument, "Names.Tile style 9", () => Names.Tile(0, (TileStyle)9, Lang.English));
        Throws(Status.InvalidArgument, "Names.Flower 8", () => Names.Flower(8, Rules.Default, Lang.English));
        Rules badRules = Rules.Default;
        badRules.Variant = (Variant)9;
        Throws(Status.InvalidArgument, "Names.Flower under bad rules", () => Names.Flower(0, badRules, Lang.English));
        Throws(Status.InvalidArgument, "Names.Action 200", () => Names.Action((ActionKind)200, Lang.English));
        Throws(Status.InvalidArgument, "Names.Meld lang 3", () => Names.Meld(TableMeldKind.Chow, (Lang)3));
        Throws(Status.InvalidArgument, "Names.Seat 4", () => Names.Seat(4, me, Lang.English));
        NameContext badCtx = me;
        badCtx.Seats = (SeatStyle)7;
        Throws(Status.InvalidArgument, "Names.Seat bad style", () => Names.Seat(0, badCtx, Lang.English));
        Throws(Status.InvalidArgument, "Names.Round wind 4", () => Names.Round((Wind)4, 0, 0, Lang.English));
        Throws(Status.InvalidArgument, "Names.Reason 200", () => Names.Reason((Reason)200, Lang.English));
        Throws(Status.InvalidArgument, "Names.TaiPattern 0", () => Names.TaiPattern(0, Lang.English));
        Throws(Status.InvalidArgument, "event text in language 5", () => default(TableEvent).Text((Lang)5));
        Rules r = Rules.Preset(Variant.Thirteen);
        Check(r.Variant == Variant.Thirteen && r.DeadWall == 14, "13-tile preset has its dead wall");
        Throws(Status.InvalidArgument, "Rules.Preset 7", () => Rules.Preset((Variant)7));
    }

    /// A disposed table answers NullPointer in every backend call.
    static void Disposed()
    {
        var t = new Table(1);
        t.Dispose();
        var events = new TableEvent[4];
        Throws(Status.NullPointer, "Events after Dispose", () => t.Events(0, 0, events));
        Throws(Status.NullPointer, "Save after Dispose", () => t.Save());
        Throws(Status.NullPointer, "Record after Dispose", () => t.Record());
        Throws(Status.NullPointer, "RestartRecord after Dispose", () => t.RestartRecord());
        Throws(Status.NullPointer, "SetScore after Dispose", () => t.SetScore(0, 1));
        Throws(Status.NullPointer, "MatchState after Dispose", () => { var s = t.MatchState; });
        Throws(Status.NullPointer, "MatchResult after Dispose", () => t.MatchResult());
        Throws(Status.NullPointer, "NextEventIndex after Dispose", () => t.NextEventIndex(0));
        Throws(Status.NullPointer, "ContinueRecord after Dispose", () => t.ContinueRecord("x"));
    }

    internal static void Run()
    {
        Disposed();
        Events();
        Snapshots();
        Records();
        Matches();
        NamesAndPresets();
        Console.WriteLine("backend: events, snapshots, records, matches, names and presets");
    }
}
