// Tests of the readers and the client rebuild through the C# binding: a seat's view shows its
// own pending bit only, the spectator's view and stream hold no concealed tile, every seat
// answers a claim window by default (ClaimWindow.Claimants asks only the claimants), a Client
// fed a reader's events gives exactly the table's view of that reader (across a save and load),
// a loaded table's record continues the one kept before, and every error class.
using System;
using MjKit;
using Act = MjKit.Action;

static class ClientTests
{
    static void Check(bool ok, string what) { MjKitTests.Check(ok, what); }
    static void Equal<T>(T got, T want, string what) { MjKitTests.Equal(got, want, what); }
    static void Throws(Status want, string what, System.Action call) { MjKitTests.Throws(want, what, call); }

    static readonly int[] Readers = { 0, 1, 2, 3, Table.Spectator };

    /// Feeds reader r's events since next[r] to its client.
    static void Feed(Table t, Client[] clients, ulong[] next, TableEvent[] buf)
    {
        for (int r = 0; r < Readers.Length; r++)
        {
            int n;
            while ((n = t.Events(Readers[r], next[r], buf)) > 0)
            {
                clients[r].Apply(buf, n);
                next[r] = buf[n - 1].Index + 1;
            }
        }
    }

    static void FoldEqualsView()
    {
        var buf = new TableEvent[16];
        var bot = new BotConfig(BotKind.Mjkit, 0, 0);
        int views = 0, windows = 0;
        for (ulong seed = 1; seed <= 6; seed++)
        {
            Rules rules = Rules.Default;
            if (seed % 3 == 0) rules.ClaimWindow = ClaimWindow.Claimants;
            var t = new Table(rules, seed);
            var clients = new Client[Readers.Length];
            var next = new ulong[Readers.Length];
            for (int r = 0; r < Readers.Length; r++)
            {
                clients[r] = new Client(rules, Readers[r]);
                next[r] = t.FirstEventIndex(Readers[r]);
            }
            int step = 0;
            bool discarded = false;
            while (true)
            {
                Feed(t, clients, next, buf);
                for (int r = 0; r < Readers.Length; r++)
                {
                    Check(clients[r].View.Equals(t.View(Readers[r])), "seed " + seed + " reader " + Readers[r] + ": the client's view is the table's");
                    views++;
                }
                Phase phase;
                int pending = t.GetPending(out phase);
                if (phase == Phase.Over) break;
                if (phase == Phase.Claim)
                {
                    windows++;
                    // A seat's view shows its own bit only.
                    for (int s = 0; s < 4; s++) Equal(t.View(s).PendingMask, pending & (1 << s), "own pending bit only");
                    if (discarded && rules.ClaimWindow == ClaimWindow.EverySeat)
                        Equal(pending | (1 << t.View(0).Actor), 15, "every seat answers a discard");
                }
                int seat = 0;
                while ((pending >> seat & 1) == 0) seat++;
                Act a = Ai.Decide(t.View(seat), bot);
                t.Apply(seat, a);
                discarded = a.Kind == ActionKind.Discard;
                if (++step == 40)
                {
                    // Save and load: the clients go on reading the loaded table.
                    var loaded = Table.Load(t.Save());
                    t.Dispose();
                    t = loaded;
                }
            }
            View spectator = t.View(Table.Spectator);
            Equal(spectator.Seat, -1, "the spectator's view has no seat");
            Equal(spectator.Hand.Total, 0, "and no hand");
            Check(clients[0].Started && clients[0].NextIndex == next[0], "the client's next index");
            HandResult res = t.Result();
            for (int s = 0; s < 4; s++)
                Check(clients[4].ShownHand(s).HasValue == res.Won(s), "a winner's hand is shown to the spectator");
            foreach (var c in clients) c.Dispose();
            t.Dispose();
        }
        Check(views > 1000 && windows > 50, "views " + views + ", windows " + windows);
    }

    static void ContinueRecord()
    {
        using (var t = new Table(9))
        {
            for (int i = 0; i < 400; i++)
            {
                Phase phase;
                int pending = t.GetPending(out phase);
                if (phase == Phase.Over)
                {
                    t.NextHand();
                    continue;
                }
                int seat = 0;
                while ((pending >> seat & 1) == 0) seat++;
                t.Apply(seat, t.LegalActions(seat)[0]);
            }
            string before = t.Record();
            using (var loaded = Table.Load(t.Save()))
            {
                Check(loaded.Record().Length < before.Length, "a loaded table's record starts at its hand");
                loaded.ContinueRecord(before);
                Equal(loaded.Record(), before, "the record continues across the load");
                int line;
                Check(!loaded.TryContinueRecord("{\"mjkit_record\":3}", out line), "a bad earlier record is refused");
                Equal(line, 1, "its bad line");
                Equal(loaded.Record(), before, "and nothing changed");
            }
        }
    }

    static void Errors()
    {
        Throws(Status.InvalidArgument, "Client for the observer", () => new Client(Rules.Default, Table.Observer).Dispose());
        Throws(Status.InvalidArgument, "Client for reader 6", () => new Client(Rules.Default, 6).Dispose());
        Rules bad = Rules.Default;
        bad.ClaimWindow = (ClaimWindow)2;
        Throws(Status.InvalidArgument, "Client with claim window 2", () => new Client(bad, 0).Dispose());
        Throws(Status.InvalidArgument, "Table with claim window 2", () => new Table(bad, 1).Dispose());
        Client none;
        Check(!Client.TryCreate(bad, 0, out none) && none == null, "TryCreate false");
        using (var t = new Table(3))
        using (var c = new Client(Rules.Default, 1))
        {
            View v;
            Check(!c.TryView(out v), "no view before a hand start");
            Throws(Status.InvalidArgument, "View before a hand start", () => { var x = c.View; });
            var events = t.Events(1, 0);
            Throws(Status.BadEvent, "a deal before the hand start", () => c.Apply(events[1]));
            c.Apply(events[0]);
            Check(!c.TryApply(events[0]), "the same event twice is out of sequence");
            Throws(Status.BadEvent, "an event skipped", () => c.Apply(events[2]));
            for (int i = 1; i < events.Length; i++) c.Apply(events[i]);
            Check(c.View.Equals(t.View(1)), "after the refusals the client still agrees");
            Throws(Status.BadEvent, "an event out of sequence", () => c.Apply(default(TableEvent)));
            Throws(Status.InvalidArgument, "View reader 4 (the observer)", () => t.View(Table.Observer));
            Throws(Status.InvalidArgument, "ShownHand seat 4", () => c.ShownHand(4));
        }
        var d = new Client(Rules.Default, 0);
        d.Dispose();
        Throws(Status.NullPointer, "Apply after Dispose", () => d.Apply(default(TableEvent)));
        Throws(Status.NullPointer, "View after Dispose", () => { var x = d.View; });
        Throws(Status.NullPointer, "NextIndex after Dispose", () => { var x = d.NextIndex; });
    }

    /// A server's clock: a seat that does not answer before its deadline gets its default
    /// (a pass on an offer, the drawn tile in its turn, or a bot's choice); every hand ends.
    static void Timers()
    {
        var rng = new Random(5);
        int timeouts = 0, answered = 0;
        var bot = new BotConfig(BotKind.Mjkit, 0, 0);
        for (ulong seed = 1; seed <= 8; seed++)
        {
            using (var t = new Table(seed))
            {
                var deadline = new long[4];
                long now = 0;
                for (int s = 0; s < 4; s++) deadline[s] = long.MaxValue;
                while (true)
                {
                    Phase phase;
                    int pending = t.GetPending(out phase);
                    if (phase == Phase.Over) break;
                    for (int s = 0; s < 4; s++)
                        deadline[s] = (pending >> s & 1) == 0 ? long.MaxValue : Math.Min(deadline[s], now + 10);
                    now += 1 + rng.Next(12);
                    int seat = -1;
                    for (int s = 0; s < 4; s++)
                        if ((pending >> s & 1) != 0 && (seat < 0 || deadline[s] < deadline[seat])) seat = s;
                    if (now < deadline[seat])
                    {
                        Act[] legal = t.LegalActions(seat);
                        t.Apply(seat, legal[rng.Next(legal.Length)]);
                        answered++;
                        continue;
                    }
                    View v = t.View(seat);
                    BotConfig? cfg = rng.Next(3) == 0 ? (BotConfig?)bot : null;
                    Act want = t.DefaultAction(seat, cfg);
                    Act got = t.ApplyDefault(seat, cfg);
                    Equal(got, want, "ApplyDefault plays DefaultAction");
                    if (!cfg.HasValue && phase == Phase.Claim) Equal(got.Kind, ActionKind.Pass, "a claim's default is a pass");
                    if (!cfg.HasValue && phase == Phase.Turn && v.Drawn.HasValue)
                        Equal(got, new Act(ActionKind.Discard, v.Drawn.Value), "a turn's default is the drawn tile");
                    timeouts++;
                }
            }
        }
        Check(timeouts > 100 && answered > 100, "timeouts " + timeouts + ", answers " + answered);
        using (var t = new Table(2))
        {
            int seat = 0;
            while ((t.Pending >> seat & 1) == 0) seat++;
            Throws(Status.IllegalAction, "ApplyDefault for a seat not waited for", () => t.ApplyDefault((seat + 1) % 4, null));
            Throws(Status.InvalidArgument, "ApplyDefault seat 4", () => t.ApplyDefault(4, null));
            Throws(Status.InvalidArgument, "DefaultAction, thesis bot at AttackLevel 0",
                   () => t.DefaultAction(seat, new BotConfig(BotKind.Thesis, 0, 0)));
            Act none;
            Check(!t.TryApplyDefault(4, null, out none), "TryApplyDefault false");
        }
    }

    /// The fuzz findings: stakes near the 32-bit limit neither wrap nor lose a point (64-bit
    /// scores); 過水 locks in a view under rules without 過水 are an impossible view.
    static void FuzzFindings()
    {
        Rules r = Rules.Default;
        r.Tai.Base = 4000000000;
        r.Tai.Price = 4000000000;
        var greedy = new BotConfig(BotKind.Greedy, 0, 0);
        using (var t = new Table(r, 7))
        {
            t.SetScore(1, 2147483000);
            long[] totals = { 0, 2147483000, 0, 0 };
            for (int hand = 0; hand < 12; hand++)
            {
                Phase phase;
                while (true)
                {
                    int pending = t.GetPending(out phase);
                    if (phase == Phase.Over) break;
                    int seat = 0;
                    while ((pending >> seat & 1) == 0) seat++;
                    t.ApplyDefault(seat, greedy);
                }
                HandResult res = t.Result();
                long sum = 0;
                for (int s = 0; s < 4; s++) { sum += res.Points(s); totals[s] += res.Points(s); }
                Equal(sum, 0L, "hand " + hand + ": payments sum to zero at 4e9 stakes");
                for (int s = 0; s < 4; s++) Equal(t.View(0).Score(s), totals[s], "hand " + hand + ": seat " + s + "'s score");
                t.NextHand();
            }
        }
        Rules noLock = Rules.Default;
        noLock.PassLock = PassLock.Off;
        using (var t = new Table(noLock, 3))
        {
            int seat = 0;
            while ((t.Pending >> seat & 1) == 0) seat++;
            var bytes = new byte[View.ByteSize];
            t.View(seat).CopyTo(bytes, 0);
            bytes[0] = 1;  // pass_locked (the first field): a lock on 1m
            View locked = View.FromBytes(bytes, 0);
            Throws(Status.InvalidView, "a 過水 lock without the rule", () => locked.LegalActions());
            Throws(Status.InvalidView, "Ai.Decide on it", () => Ai.Decide(locked, BotConfig.Default));
        }
    }

    internal static void Run()
    {
        FoldEqualsView();
        ContinueRecord();
        Errors();
        Timers();
        FuzzFindings();
        Console.WriteLine("readers, clients and timers: own pending bits, the spectator, client views equal the table's, defaults on a clock");
    }
}
