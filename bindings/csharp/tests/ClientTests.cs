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

    internal static void Run()
    {
        FoldEqualsView();
        ContinueRecord();
        Errors();
        Console.WriteLine("readers and clients: own pending bits, the spectator, client views equal the table's");
    }
}
