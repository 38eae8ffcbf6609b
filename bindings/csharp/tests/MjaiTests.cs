// MJAI lines through C#: every kind's fields, round trips, building an event, and the error
// classes of mj_mjai_parse / mj_mjai_format (exception status, TryParse false).
using System;
using MjKit;

static class MjaiTests
{
    static void Check(bool ok, string what) { MjKitTests.Check(ok, what); }
    static void Equal<T>(T got, T want, string what) { MjKitTests.Equal(got, want, what); }
    static void Throws(Status want, string what, System.Action call) { MjKitTests.Throws(want, what, call); }

    static void RoundTrips()
    {
        string[] lines =
        {
            "{\"type\":\"start_game\",\"id\":1}",
            "{\"type\":\"start_kyoku\",\"bakaze\":\"E\",\"dora_marker\":\"5sr\",\"kyoku\":2,\"honba\":1,\"kyotaku\":0,\"oya\":1,\"scores\":[25000,24000,26000,25000],\"tehais\":[[\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\"],[\"1m\",\"2m\",\"3m\",\"4p\",\"5pr\",\"6p\",\"7s\",\"8s\",\"9s\",\"E\",\"E\",\"P\",\"C\"],[\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\"],[\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\",\"?\"]]}",
            "{\"type\":\"tsumo\",\"actor\":2,\"pai\":\"?\"}",
            "{\"type\":\"dahai\",\"actor\":2,\"pai\":\"E\",\"tsumogiri\":true}",
            "{\"type\":\"pon\",\"actor\":1,\"target\":2,\"pai\":\"E\",\"consumed\":[\"E\",\"E\"]}",
            "{\"type\":\"ankan\",\"actor\":0,\"consumed\":[\"5m\",\"5mr\",\"5m\",\"5m\"]}",
            "{\"type\":\"hora\",\"actor\":1,\"target\":2,\"deltas\":[0,8000,-8000,0],\"ura_markers\":[]}",
            "{\"type\":\"ryukyoku\",\"reason\":\"kyushu_kyuhai\",\"deltas\":[0,0,0,0]}",
            "{\"type\":\"none\"}",
        };
        foreach (string line in lines) Equal(Mjai.Format(Mjai.Parse(line)), line, "MJAI round trip of " + line);

        MjaiEvent k = Mjai.Parse(lines[1]);
        Equal(k.Kind, MjaiKind.StartKyoku, "start_kyoku kind");
        Equal(k.Kyoku, 2, "start_kyoku kyoku");
        Equal(k.Oya, 1, "start_kyoku oya");
        Equal(k.DoraMarker, Mjai.Red5s, "start_kyoku dora marker 5sr");
        Equal(k.Scores[2], 26000, "start_kyoku scores");
        Equal(k.Tehai(1)[4], Mjai.Red5p, "start_kyoku: seat 1's red 5p");
        Equal(k.Tehai(0)[0], Mjai.Hidden, "start_kyoku: seat 0 hidden");
        Equal(k.Actor, -1, "start_kyoku has no actor");

        MjaiEvent h = Mjai.Parse(lines[6]);
        Equal(h.Deltas[1], 8000, "hora deltas");
        Equal(h.UraMarkers.Length, 0, "hora: no ura markers");
        Equal(h.Pai, -1, "hora without pai");
        Check(Mjai.Parse("{\"type\":\"hora\",\"actor\":1,\"target\":1}").Deltas == null, "hora without deltas");
        Equal(Mjai.Parse(lines[7]).Reason, MjaiReason.NineTerminals, "ryukyoku reason");
        Check(Mjai.Parse("{\"type\":\"start_game\",\"names\":[\"a\",\"b\",\"c\",\"d\"]}").HasNames, "start_game names");
        // A Mortal bot's response: its metadata is read and dropped.
        MjaiEvent d = Mjai.Parse("{\"type\":\"dahai\",\"actor\":3,\"pai\":\"5mr\",\"tsumogiri\":false,\"meta\":{\"q_values\":[0.25]}}");
        Equal(d.Pai, Mjai.Red5m, "dahai of the red 5m");
        Equal(Mjai.Format(d), "{\"type\":\"dahai\",\"actor\":3,\"pai\":\"5mr\",\"tsumogiri\":false}", "meta dropped");
    }

    static void Builds()
    {
        MjaiEvent c = MjaiEvent.Of(MjaiKind.Chi);
        c.Actor = 1;
        c.Target = 0;
        c.Pai = 5; // 6m
        c.Consumed = new[] { Mjai.Red5m, 6 };
        Equal(Mjai.Format(c), "{\"type\":\"chi\",\"actor\":1,\"target\":0,\"pai\":\"6m\",\"consumed\":[\"5mr\",\"7m\"]}", "a chi built in C#");
        MjaiEvent r = MjaiEvent.Of(MjaiKind.Ryukyoku);
        r.Deltas = new[] { 1500, -1500, 1500, -1500 };
        r.Reason = MjaiReason.Exhaustive;
        Equal(Mjai.Format(r), "{\"type\":\"ryukyoku\",\"reason\":\"exhaustive_draw\",\"deltas\":[1500,-1500,1500,-1500]}", "a ryukyoku built in C#");
        Equal(Mjai.Format(MjaiEvent.Of(MjaiKind.EndGame)), "{\"type\":\"end_game\"}", "end_game");
    }

    static void Errors()
    {
        string[] bad =
        {
            "",
            "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"0m\",\"tsumogiri\":false}",
            "{\"type\":\"dahai\",\"actor\":4,\"pai\":\"1m\",\"tsumogiri\":false}",
            "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"1m\",\"tsumogiri\":\"no\"}",
            "{\"type\":\"tsumo\",\"actor\":123456789012345678901234567890,\"pai\":\"1m\"}",
            "{\"type\":\"none\",\"type\":\"none\"}",
            "{\"type\":\"pon\",\"actor\":0,\"target\":1,\"pai\":\"1m\",\"consumed\":[\"1m\",\"9m\"]}",
        };
        foreach (string line in bad)
        {
            Throws(Status.BadMjai, "Mjai.Parse(" + line + ")", () => Mjai.Parse(line));
            MjaiEvent ev;
            Check(!Mjai.TryParse(line, out ev), "Mjai.TryParse(" + line + ") is false");
            Equal(ev.Kind, MjaiKind.None, "Mjai.TryParse failure gives the default event");
        }
        Throws(Status.NullPointer, "Mjai.Parse(null)", () => Mjai.Parse(null));
        MjaiEvent c = Mjai.Parse("{\"type\":\"chi\",\"actor\":1,\"target\":0,\"pai\":\"3m\",\"consumed\":[\"1m\",\"2m\"]}");
        c.Target = 2;
        Throws(Status.InvalidArgument, "Mjai.Format of a chi from the wrong seat", () => Mjai.Format(c));
        c.Target = 0;
        c.Pai = 34;
        Throws(Status.InvalidArgument, "Mjai.Format of a flower code", () => Mjai.Format(c));
        c.Pai = Mjai.Hidden;
        Throws(Status.InvalidArgument, "Mjai.Format of a hidden call", () => Mjai.Format(c));
        Throws(Status.InvalidArgument, "MjaiEvent.Tehai(4)", () => c.Tehai(4));
        Throws(Status.InvalidArgument, "MjaiEvent.Consumed of 5 tiles", () => { c.Consumed = new int[5]; });
        Equal(Library.StatusText(Status.BadMjai), "not a valid MJAI line, or a log the referee refuses", "status text of BadMjai");
    }

    static MatchRules FixtureMatch()
    {
        MatchRules m = MatchRules.Default;
        m.StartScore = 25000;
        m.DealerRule = DealerRule.KeepOnWinOrReady;
        m.End = MatchEnd.Hands;
        m.EndValue = 1;
        return m;
    }

    // Every seat asked about the last tile passes.
    static void PassAll(Table t)
    {
        while (t.View(0).Phase == Phase.Claim)
        {
            int s = 0;
            while ((t.Pending >> s & 1) == 0) s++;
            Check(t.Respond(s, "{\"type\":\"none\"}") != null, "a pass is applied");
        }
    }

    // tests/fixtures/mjai_hand.jsonl (one hand of four greedy bots, seed 12) replayed with
    // FromMjai, and played again line by line through Respond on a table dealt the same way.
    static void AtTheTable(string fixtures)
    {
        string log = System.IO.File.ReadAllText(System.IO.Path.Combine(fixtures, "mjai_hand.jsonl"));
        Rules rules = Rules.Preset(Variant.Riichi);
        MatchRules match = FixtureMatch();
        using (Table replayed = Table.FromMjai(log, rules, match))
        using (var t = new Table(rules, match, 12))
        {
            int moves = 0;
            foreach (string line in log.Split('\n'))
            {
                if (line.Length == 0) continue;
                MjaiEvent e = Mjai.Parse(line);
                switch (e.Kind)
                {
                    case MjaiKind.Dahai: case MjaiKind.Reach: case MjaiKind.Chi: case MjaiKind.Pon:
                    case MjaiKind.Daiminkan: case MjaiKind.Kakan: case MjaiKind.Ankan: case MjaiKind.Hora:
                        bool claim = e.Kind == MjaiKind.Chi || e.Kind == MjaiKind.Pon || e.Kind == MjaiKind.Daiminkan
                            || (e.Kind == MjaiKind.Hora && e.Target != e.Actor);
                        // A move on the seat's turn: the seats asked about the last tile pass first.
                        if (t.View(0).Phase == Phase.Claim && !claim) PassAll(t);
                        MjKit.Action? played = t.Respond(e.Actor, line);
                        Check(played != null, "the log's move is applied: " + line);
                        moves++;
                        break;
                    case MjaiKind.EndKyoku:
                        PassAll(t);
                        break;
                }
            }
            Check(moves > 50, "the fixture's moves played");
            Check(t.MatchState.Over && replayed.MatchState.Over, "both matches are over");
            for (int s = 0; s < 4; s++) Equal(t.MatchState.Score(s), replayed.MatchState.Score(s), "the same score for seat " + s);
        }
        // A log cut short: refused at the line after its last; a damaged one at the damaged line.
        string[] lines = log.TrimEnd('\n').Split('\n');
        Table none;
        int bad;
        Check(!Table.TryFromMjai(string.Join("\n", lines, 0, lines.Length - 1), rules, match, out none, out bad) && none == null, "a cut log");
        Equal(bad, lines.Length, "a cut log is refused at the line after its last");
        lines[1] = lines[1].Replace("25000", "25100");
        Check(!Table.TryFromMjai(string.Join("\n", lines), rules, match, out none, out bad), "a damaged log");
        Equal(bad, 2, "a damaged start_kyoku is refused at line 2");
        Throws(Status.BadMjai, "Table.FromMjai of a damaged log", () => Table.FromMjai(string.Join("\n", lines), rules, match));
        Throws(Status.InvalidArgument, "Table.FromMjai under Taiwanese rules", () => Table.FromMjai(log, Rules.Default, match));
        Check(!Table.TryFromMjai(log, Rules.Default, match, out none, out bad) && bad == 0, "TryFromMjai under Taiwanese rules: line 0");
        Throws(Status.NullPointer, "Table.FromMjai(null)", () => Table.FromMjai(null, rules, match));

        // Respond's error classes: nothing changes.
        using (var t = new Table(rules, 7))
        {
            int dealer = 0;
            while ((t.Pending >> dealer & 1) == 0) dealer++;
            int other = (dealer + 1) % 4;
            View before = t.View(dealer);
            Check(t.Respond(other, "{\"type\":\"none\"}") == null, "a none from a seat the table does not wait for");
            Throws(Status.BadMjai, "Respond with a bad tile", () => t.Respond(dealer, "{\"type\":\"dahai\",\"actor\":0,\"pai\":\"0m\",\"tsumogiri\":false}"));
            Throws(Status.IllegalAction, "Respond with a pon on the seat's turn", () => t.Respond(dealer, "{\"type\":\"pon\",\"actor\":" + dealer + ",\"target\":" + other + ",\"pai\":\"E\",\"consumed\":[\"E\",\"E\"]}"));
            Throws(Status.IllegalAction, "Respond with none on the seat's turn", () => t.Respond(dealer, "{\"type\":\"none\"}"));
            Throws(Status.InvalidArgument, "Respond for seat 4", () => t.Respond(4, "{\"type\":\"none\"}"));
            Throws(Status.NullPointer, "Respond(null)", () => t.Respond(dealer, null));
            MjKit.Action? p;
            Check(!t.TryRespond(dealer, "{\"type\":", out p) && p == null, "TryRespond of half a line");
            Check(t.View(dealer).Equals(before), "refused responses change nothing");
        }
        using (var t = new Table(Rules.Default, 7))
            Throws(Status.InvalidArgument, "Respond at a Taiwanese table", () => t.Respond(0, "{\"type\":\"none\"}"));
    }

    public static void Run(string fixtures)
    {
        RoundTrips();
        Builds();
        Errors();
        AtTheTable(fixtures);
    }
}
