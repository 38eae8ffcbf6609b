// mjdemo in C#: the C demo (examples/c/mjdemo.c) through the MjKit C# API, with the same output.
//
//   mono MjDemo.exe HAND ...     analyse the given hands only (exit 1 if one is invalid)
//   mono MjDemo.exe [--samples]  the C demo's sample hands, its two MCR scores and one NPC hand
//   mono MjDemo.exe --play [SEED] one Taiwanese 16-tile hand with four NPCs (mjkit, thesis:99,
//                                greedy, thesis:5) through Table and Ai.Decide
//   mono MjDemo.exe --hint [SEED] a hint for a human player (Ai.Hint, View.Visible) on seat 0's
//                                eighth turn of a hand played by four NPCs of level 3
//
// Build and run (scripts/csharp-test.sh does this and compares the output with the C demo's):
//   mcs -langversion:7.2 -unsafe -target:library -out:MjKit.dll bindings/csharp/MjKit/*.cs
//   mcs -langversion:7.2 -r:MjKit.dll -out:MjDemo.exe examples/csharp/MjDemo.cs
//   LD_LIBRARY_PATH=target/release mono MjDemo.exe 1112345678999m
using System;
using System.Text;
using MjKit;

static class MjDemo
{
    static readonly string[] Samples =
    {
        "1112345678999m", "1122m3344p5566s7z", "19m19p19s1234567z", "123m456p789s11122z",
        "1122m3344p5566s77z", "1111m234p", "11122233344455566m", "1112345566778999m", "0m123p406s",
        "13579m2468p1357s", "1234m5678p19s1235z", "12x", "123M", "55555m", "111222333444555666m",
    };

    /// Display width in a terminal: 2 columns for East Asian wide characters.
    static int DisplayWidth(string s)
    {
        int w = 0;
        for (int i = 0; i < s.Length; i++)
        {
            int cp = char.ConvertToUtf32(s, i);
            if (char.IsHighSurrogate(s[i])) i++;
            bool wide = (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) ||
                        (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
                        (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
                        (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x20000 && cp <= 0x3FFFD);
            w += wide ? 2 : 1;
        }
        return w;
    }

    static string Pad(string s, int width)
    {
        return s + new string(' ', Math.Max(0, width - DisplayWidth(s)));
    }

    static string SetText(TileSet s)
    {
        return s.Mask == 0 ? "-" : s.ToString();
    }

    static string NotationError(string text)
    {
        int pos = Hand.ParseErrorIndex(text);
        char c = pos < text.Length ? text[pos] : '\0';
        if (c >= '0' && c <= '9')
        {
            // A digit group: honours stop at 7z and have no red five; otherwise the letter is missing.
            int end = pos;
            while (end < text.Length && text[end] >= '0' && text[end] <= '9') end++;
            if (end < text.Length && text[end] == 'z')
                for (int i = pos; i < end; i++)
                    if (text[i] == '0' || text[i] > '7')
                        return "no honour tile " + text[i] + "z at byte " + i + " (honours are 1z-7z)";
        }
        if (c == '\0' || (c >= '0' && c <= '9'))
            return "digits at byte " + pos + " have no suit letter (m, p, s or z)";
        if (c == 'M' || c == 'P' || c == 'S' || c == 'Z')
            return "suit letters are lowercase: '" + c + "' at byte " + pos + " should be '" + char.ToLowerInvariant(c) + "'";
        if (c >= 0x80)
            return "non-ASCII character at byte " + pos + " (tiles are digits + m p s z, or E S W N P F C)";
        return "unexpected '" + c + "' at byte " + pos + " (tiles are digits + m p s z, or E S W N P F C)";
    }

    /// Names the first kind with more than 4 copies, counting each tile through Tile.Parse.
    static string TooMany(string text)
    {
        var counts = new int[Library.TileKinds];
        var digits = new StringBuilder();
        foreach (char c in text)
        {
            if (c >= '0' && c <= '9') { digits.Append(c); continue; }
            if ("mpsz".IndexOf(c) >= 0)
            {
                foreach (char d in digits.ToString())
                {
                    Hand one;
                    if (Hand.TryParse(d.ToString() + c, out one)) AddOne(counts, one);
                }
                digits.Clear();
            }
            else if ("ESWNPFC".IndexOf(c) >= 0)
            {
                Hand one;
                if (Hand.TryParse(c.ToString(), out one)) AddOne(counts, one);
            }
        }
        for (int k = 0; k < counts.Length; k++)
        {
            if (counts[k] > 4) return counts[k] + " copies of " + new Tile(k) + " (4 at most)";
        }
        return "a tile kind has more than 4 copies";
    }

    static void AddOne(int[] counts, Hand one)
    {
        for (int k = 0; k < counts.Length; k++) counts[k] += one[k];
    }

    static void BestDiscards(Hand h)
    {
        int sh;
        var d = new Discard[Library.TileKinds];
        int len;
        if (!h.TryShanten(Forms.Riichi, out sh) || !h.TryDiscards(Forms.Riichi, d, out len)) return;
        var line = new StringBuilder(Pad("", 22) + "           shanten " + sh + "; best discards:");
        // The C demo's selection of the best three by (shanten, -unseen improving copies).
        for (int shown = 0; shown < 3 && shown < len; shown++)
        {
            int best = shown;
            for (int i = shown + 1; i < len; i++)
            {
                if (d[i].Shanten < d[best].Shanten ||
                    (d[i].Shanten == d[best].Shanten && d[i].UkeireCount > d[best].UkeireCount))
                    best = i;
            }
            Discard tmp = d[shown];
            d[shown] = d[best];
            d[best] = tmp;
            line.Append("  " + d[shown].Tile + " (shanten " + d[shown].Shanten + ", " + d[shown].UkeireCount + " " +
                        TilesWord(d[shown].UkeireCount) + ")");
        }
        Console.WriteLine(line);
    }

    /// "tile" or "tiles" for a count.
    static string TilesWord(long n)
    {
        return n == 1 ? "tile" : "tiles";
    }

    /// Red fives written back into canonical notation as typed: in each of the m, p and s groups,
    /// the first `red` fives become 0 ("5m123p456s" with reds 1, 0, 1 -> "0m123p406s").
    static string ShowRedFives(string canon, RedFives red)
    {
        char[] c = canon.ToCharArray();
        int start = 0;
        for (int i = 0; i < c.Length; i++)
        {
            if (c[i] >= '0' && c[i] <= '9') continue;
            int left = c[i] == 'm' ? red.Man : c[i] == 'p' ? red.Pin : c[i] == 's' ? red.Sou : 0;
            for (int j = start; j < i && left > 0; j++)
                if (c[j] == '5') { c[j] = '0'; left--; }
            start = i + 1;
        }
        return new string(c);
    }

    /// Analyses one hand; 0, or 1 when it cannot be analysed (the message says why).
    static int Analyse(string text)
    {
        Hand h;
        RedFives red;
        try
        {
            h = Hand.Parse(text, out red);
        }
        catch (MjKitException e)
        {
            string why = e.Status == Status.BadNotation ? NotationError(text)
                : e.Status == Status.TooManyCopies ? TooMany(text) : e.Message;
            Console.WriteLine(Pad(text, 22) + " error: " + why);
            return 1;
        }
        int n = h.Total;
        if (n == 0 || n > 17 || n % 3 == 0)
        {
            string why = n == 0 ? "empty hand (no tiles)"
                : n > 17 ? n + " tiles, 17 tiles at most"
                : n + " tiles, a multiple of 3 (a hand has 3n+1 tiles waiting or 3n+2 complete)";
            Console.WriteLine(Pad(text, 22) + " error: " + why);
            return 1;
        }
        var line = new StringBuilder(Pad(ShowRedFives(h.ToString(), red), 22) + " " + n.ToString().PadLeft(2) + " " +
                                     TilesWord(n).PadRight(5) + "  ");
        bool win = false;
        TileSet waits = default(TileSet);
        if (n % 3 == 2)
        {
            bool regular = h.IsWin(Forms.Regular);
            win = h.IsWin(Forms.Riichi);
            line.Append(win ? "WIN" : "no win").Append(win && !regular ? " (seven pairs or thirteen orphans)" : "");
        }
        else
        {
            waits = h.Waits(Forms.Riichi);
            line.Append("waits " + waits.Count + " kind" + (waits.Count == 1 ? "" : "s") + ": " + SetText(waits));
        }
        if (red.Total > 0)
        {
            line.Append("  (" + red.Total + " red five" + (red.Total == 1 ? "" : "s") + ":");
            string sep = " ";
            for (int i = 0; i < red.Man; i++, sep = ", ") line.Append(sep + "5m");
            for (int i = 0; i < red.Pin; i++, sep = ", ") line.Append(sep + "5p");
            for (int i = 0; i < red.Sou; i++, sep = ", ") line.Append(sep + "5s");
            line.Append(")");
        }
        Console.WriteLine(line);
        if (n % 3 == 2)
        {
            if (!win) BestDiscards(h);
        }
        else if (waits.Mask == 0)
        {
            Ukeire u = h.Ukeire(Forms.Riichi);
            Console.WriteLine(Pad("", 22) + "           shanten " + h.Shanten(Forms.Riichi) + ", " + u.Total + " " +
                              TilesWord(u.Total) + " improve" + (u.Total == 1 ? "s" : "") + " it: " + SetText(u.Tiles));
        }
        return 0;
    }

    static void ScoreMcr(string title, McrHand h)
    {
        Console.WriteLine(title);
        McrScore s = Mcr.Score(h);
        foreach (Fan f in s.Fans)
        {
            Console.WriteLine("  " + Pad(f.NameZh, 10) + " " + f.NameEn.PadRight(28) + " " + f.Points.ToString().PadLeft(2) + " x " + f.Count);
        }
        Console.WriteLine("  total " + s.Total + " fan (" + s.Base + " without flowers), 8-fan minimum " +
                          (s.Qualifies ? "reached" : "not reached"));
    }

    static void McrExamples()
    {
        Console.WriteLine();
        Console.WriteLine("Chinese Official (MCR) scoring:");
        var h = new McrHand(Hand.Parse("123456789m234p55s"), Tile.Parse("5s"));
        h.Flags = WinFlags.SelfDrawn;
        h.Flowers = 1;
        ScoreMcr("123456789m234p55s, self-drawn on 5s, 1 flower", h);

        h = new McrHand(Hand.Parse("234567s11z"), Tile.Parse("1z"));
        h.AddMeld(new Meld(MeldKind.Pung, Tile.Parse("7z"), 3));
        h.AddMeld(new Meld(MeldKind.Chow, Tile.Parse("7s"), 1));
        ScoreMcr("234567s11z + pung 777z + chow 789s, won on a discarded 1z", h);
    }

    /// The C demo's riichi example: a dealer riichi tsumo with a red five under the Mahjong
    /// Soul preset, then an impossible input refused with its own status.
    static void RiichiExample()
    {
        Console.WriteLine();
        Console.Write("Riichi scoring: ");
        RedFives red;
        var h = new RiichiHand(Hand.Parse("234678m340p567s99p", out red), Tile.Parse("4m"));
        h.RedFives = red;
        h.Conditions = RiichiConditions.Tsumo | RiichiConditions.Riichi;
        h.SeatWind = Wind.East;
        h.RoundWind = Wind.East;
        h.AddDora(Tile.Parse("8s"));
        h.AddUra(Tile.Parse("1p"));
        h.Honba = 1;
        h.RiichiSticks = 1;
        RiichiRules rules = RiichiRules.FromPreset(RiichiPreset.MahjongSoul);
        Console.WriteLine("234678m340p567s99p, dealer riichi tsumo on 4m, 1 honba, 1 stick");
        RiichiScore s;
        try
        {
            s = Riichi.Score(h, rules);
        }
        catch (MjKitException e)
        {
            Console.WriteLine("  error: " + e.Message);
            return;
        }
        foreach (RiichiYaku y in s.Yaku)
        {
            Console.WriteLine("  " + Pad(y.NameJa, 14) + " " + Pad(y.NameEn, 42) + " " + y.Han.ToString().PadLeft(2) + " han");
        }
        Console.WriteLine("  " + s.Han + " han " + s.Fu + " fu; each player pays " + s.Additional + " + " +
                          s.AdditionalBonus + " honba; total " + s.Total);
        if (s.Han != 4 || s.Fu != 20 || s.Total != 9100) Console.WriteLine("  FAIL unexpected score");
        h.Conditions = RiichiConditions.Tsumo | RiichiConditions.Ippatsu;
        try
        {
            Riichi.Score(h, rules);
            Console.WriteLine("  FAIL " + Pad("mj_riichi_score, ippatsu without riichi", 44) + " got 0");
        }
        catch (MjKitException e)
        {
            // Refused with its own status: printed only when it is not (as the C demo's self-check).
            if (e.Status != Status.RiichiConflict)
                Console.WriteLine("  FAIL " + Pad("mj_riichi_score, ippatsu without riichi", 44) + " -> " +
                                  ((int)e.Status).ToString().PadLeft(2) + " " + e.Message);
        }
    }

    /// The C demo's MJAI example: a bot's response read into an event (its metadata dropped)
    /// and written back.
    static void MjaiExample()
    {
        const string line = "{\"type\":\"chi\",\"actor\":1,\"target\":0,\"pai\":\"6m\",\"consumed\":[\"5mr\",\"7m\"],\"meta\":{\"q_values\":[0.5]}}";
        MjaiEvent ev;
        string back;
        try
        {
            ev = Mjai.Parse(line);
            back = Mjai.Format(ev);
        }
        catch (MjKitException e)
        {
            Console.WriteLine("MJAI: error " + e.Message);
            return;
        }
        int[] c = ev.Consumed;
        Console.WriteLine("MJAI: seat " + ev.Actor + " chis tile " + ev.Pai + " from seat " + ev.Target + " with " + c[0] +
                          " and " + c[1] + " (42: the red 5m), written back as " + back);
    }

    /// A probability as the C demo prints it: a percentage with one decimal, rounded in
    /// integers.
    static string Percent(double p)
    {
        long tenths = (long)(p * 1000.0 + 0.5);
        return " " + (tenths / 10).ToString().PadLeft(3) + "." + (tenths % 10) + "%";
    }

    /// The C demo's discard analysis: 222567m345p33667s, dealer, 12 draws, Tenhou-style rules,
    /// dora indicator 1z, two 6p and two 9s visible; the discards keeping the best shanten.
    static void RiichiEvExample()
    {
        Console.WriteLine();
        Console.WriteLine("Riichi discard analysis (EV):");
        var h = new RiichiEvHand(Hand.Parse("222567m345p33667s"));
        h.SeatWind = Wind.East;
        h.RoundWind = Wind.East;
        h.Visible = Hand.Parse("66p99s");
        h.AddDora(Tile.Parse("1z"));
        var o = RiichiEvOptions.Default;
        o.Draws = 12;
        RiichiEvResult r;
        bool ok = RiichiEv.TryAnalyze(h, RiichiRules.FromPreset(RiichiPreset.Tenhou), o, out r);
        Console.WriteLine("222567m345p33667s, dealer, 12 draws left (shanten " + (ok ? r.Shanten : 0) + ", " +
                          (ok ? r.Wall : 0) + " tiles unseen)");
        if (!ok)
        {
            Console.WriteLine("  error");
            return;
        }
        Console.WriteLine("  discard  riichi  ukeire   ready    win  expected points");
        int best = -1;
        for (int i = 0; i < r.Count; i++)
        {
            RiichiEvEntry e = r[i];
            if (e.Shanten != r.Shanten) continue;
            Console.WriteLine("  " + e.Tile.Value.ToString().PadRight(7) + "  " + (e.Riichi ? "yes" : "no").PadRight(6) + "  " +
                              e.Ukeire.ToString().PadLeft(6) + Percent(e.Tenpai) + Percent(e.Win) + "  " +
                              ((long)(e.Score + 0.5)).ToString().PadLeft(15));
            if (best < 0 || e.Score > r[best].Score) best = i;
        }
        if (best < 0 || r[best].Tile.Value.Kind != 23) Console.WriteLine("  FAIL unexpected best discard");
    }

    /// The C demo's tai sample: seat 1 self-draws 8p with its own flower 夏, the dealer is
    /// seat 0; the breakdown by pattern name and the payments (ATAWMJ preset).
    static void TaiExample()
    {
        Console.WriteLine();
        Console.WriteLine("Taiwanese tai (ATAWMJ): 123456789m234678p55s + 夏, seat 1 self-draws 8p, dealer seat 0");
        var h = new TaiHand(Hand.Parse("123456789m234678p55s"), Tile.Parse("8p"));
        h.How = TaiWinHow.SelfDrawn;
        h.Winner = 1;
        h.Dealer = 0;
        h.AddFlower(2);
        TaiScore s;
        try
        {
            s = Tai.Score(h, TaiRules.FromPreset(TaiPreset.Atawmj));
        }
        catch (MjKitException e)
        {
            Console.WriteLine("  error: " + e.Message);
            return;
        }
        var parts = new System.Collections.Generic.List<string>();
        foreach (TaiPattern p in s.Patterns) parts.Add(p.ToString());
        Console.WriteLine("  " + string.Join(", ", parts));
        var pay = new System.Text.StringBuilder("  " + s.Total + " tai (the winner's " + s.WinnerTai + ", the dealer's " + s.DealerTai + ");");
        for (int seat = 0; seat < 4; seat++)
        {
            long p = s.Payment(seat);
            pay.Append(" seat " + seat + " " + (p >= 0 ? "+" : "") + p + (seat < 3 ? "," : ""));
        }
        Console.WriteLine(pay.ToString());
        if (s.HandTai != 4 || s.DealerTai != 1 || s.Payment(0) != -200 || s.Payment(1) != 560)
            Console.WriteLine("  FAIL unexpected tai score");
    }

    // ---- One hand at the table: four NPCs, each decision one Ai.Decide call, the hand printed
    // from the table's events. ----

    static readonly string[] BotNames = { "mjkit", "thesis:99", "greedy", "thesis:5" };

    /// What the observer's event stream of one hand adds up to.
    sealed class Tally
    {
        public int Events, Draws, Replacements, Flowers, Discards, Melds, Lost;
        public readonly long[] Points = new long[Table.Seats];
        public bool TaiLine; // a line of tai patterns is open
    }

    /// Reads every event since `next` as the observer sees it: prints the melds, the claims that
    /// lost, the win (English and Chinese) and the exhaustive draw, counts the rest. No view is
    /// read: the log says what happened.
    /// <summary>The observer's names, seats by number, tiles as 5p (not Five of Dots).</summary>
    static readonly NameContext Notation = NotationContext();

    static NameContext NotationContext()
    {
        NameContext c = NameContext.Default;
        c.Tiles = TileStyle.Notation;
        return c;
    }

    static ulong PrintEvents(Table table, ulong next, TableEvent[] buf, Tally t)
    {
        int n;
        while ((n = table.Events(Table.Observer, next, buf)) > 0)
        {
            for (int i = 0; i < n; i++)
            {
                TableEvent e = buf[i];
                t.Events++;
                switch (e.Kind)
                {
                    case EventKind.Draw:
                        t.Draws++;
                        if ((e.Flags & EventFlags.Replacement) != 0) t.Replacements++;
                        break;
                    case EventKind.Flower: t.Flowers++; break;
                    case EventKind.Discard: t.Discards++; break;
                    case EventKind.Payment:
                        if (t.TaiLine) Console.WriteLine();
                        t.TaiLine = false;
                        t.Points[e.Seat] = e.Value;
                        break;
                    case EventKind.Tai:
                    {
                        // The win's breakdown, on one line: pattern names and tai.
                        TaiPattern p = Tai.PatternInfo(e.TileCode);
                        Console.Write((t.TaiLine ? ", " : "  tai: ") + p.NameZh + " " + p.NameEn + " " + e.Value);
                        t.TaiLine = true;
                        break;
                    }
                    case EventKind.Meld:
                    case EventKind.ClaimLost:
                    case EventKind.Win:
                    case EventKind.ExhaustiveDraw:
                        if (e.Kind == EventKind.Meld) t.Melds++;
                        if (e.Kind == EventKind.ClaimLost) t.Lost++;
                        Console.WriteLine("  " + e.Index + ": " + e.Text(Notation, Lang.English));
                        if (e.Kind == EventKind.Win) Console.WriteLine("  " + e.Index + ": " + e.Text(Notation, Lang.Traditional));
                        break;
                }
            }
            next = buf[n - 1].Index + 1;
        }
        return next;
    }

    /// Gives a spectator's client the spectator's events since `next` (what a game shows someone
    /// watching, rebuilt from the public events alone); counts them.
    static ulong Follow(Table table, Client client, ulong next, TableEvent[] buf, ref int count)
    {
        int n;
        while ((n = table.Events(Table.Spectator, next, buf)) > 0)
        {
            client.Apply(buf, n);
            count += n;
            next = buf[n - 1].Index + 1;
        }
        return next;
    }

    /// One Taiwanese 16-tile hand with four NPCs (mjkit, thesis:99, greedy, thesis:5), printed
    /// from the table's event stream as it happens.
    static int PlayHand(ulong seed)
    {
        var bots = new BotConfig[Table.Seats];
        for (int s = 0; s < bots.Length; s++) bots[s] = BotConfig.Default;
        bots[0].Kind = BotKind.Mjkit;
        bots[2].Kind = BotKind.Greedy;
        bots[3].AttackLevel = 5;
        Table table;
        try
        {
            table = new Table(Rules.Default, seed);
        }
        catch (MjKitException e)
        {
            Console.WriteLine("mj_table_new: " + e.Message);
            return 1;
        }
        using (table)
        {
            Console.WriteLine("one Taiwanese 16-tile hand (table seed " + seed + ", tai: ATAWMJ preset, 過水), four NPCs (seats 0-3: " +
                              string.Join(", ", BotNames) + "),\nprinted from the table's events:");
            var tally = new Tally();
            var buf = new TableEvent[16];
            int publicEvents = 0;
            try
            {
                ulong next = PrintEvents(table, 0, buf, tally);
                using (var watcher = new Client(Rules.Default, Table.Spectator))
                {
                ulong watched = Follow(table, watcher, 0, buf, ref publicEvents);
                for (;;)
                {
                    Phase phase;
                    int pending = table.GetPending(out phase);
                    if (phase == Phase.Over) break;
                    int seat = 0;
                    while (seat < Table.Seats && (pending >> seat & 1) == 0) seat++;
                    // The bot decides from the seat's view; what happened is read from the events.
                    table.Apply(seat, Ai.Decide(table.View(seat), bots[seat]));
                    next = PrintEvents(table, next, buf, tally);
                    watched = Follow(table, watcher, watched, buf, ref publicEvents);
                }
                // The spectator's client rebuilt the hand from the public events: its view is the table's.
                if (!watcher.View.Equals(table.View(Table.Spectator)))
                {
                    Console.WriteLine("  FAIL the spectator's client disagrees with the table");
                    return 1;
                }
                }
            }
            catch (MjKitException e)
            {
                Console.WriteLine("  FAIL " + e.Message);
                return 1;
            }
            Func<long, string> signed = v => v.ToString("+0;-0;+0");
            Console.WriteLine("  points " + signed(tally.Points[0]) + " " + signed(tally.Points[1]) + " " + signed(tally.Points[2]) +
                              " " + signed(tally.Points[3]) + "; " + tally.Events + " events: " + tally.Draws + " draws (" +
                              tally.Replacements + " from the back), " + tally.Flowers + " flowers, " + tally.Discards + " discards,");
            Console.WriteLine("  melds " + tally.Melds + ", claims lost " + tally.Lost + "; a spectator's client rebuilt the hand from " +
                              publicEvents + " public events");
        }
        return 0;
    }

    /// A probability as a percentage with one decimal, as the C demo prints it.
    static string Pct(double p)
    {
        int x = (int)Math.Round(p * NativeMethodsScale);
        return x * 100 / NativeMethodsScale + "." + x * 1000 / NativeMethodsScale % 10 + "%";
    }

    const int NativeMethodsScale = 10000; // MJ_HINT_SCALE

    /// Plays the hand of table seed `seed` with four level-3 NPCs up to seat 0's eighth turn,
    /// then prints what Ai.Hint tells a human player in that seat.
    static int HintExample(ulong seed)
    {
        BotConfig npc = BotConfig.Mjkit(3), advisor = BotConfig.Mjkit(BotConfig.MaxLevel), beginner = BotConfig.Mjkit(1);
        View view = default(View);
        try
        {
            using (var table = new Table(Rules.Default, seed))
            {
                int turns = 0;
                for (;;)
                {
                    Phase phase;
                    int pending = table.GetPending(out phase);
                    if (phase == Phase.Over)
                    {
                        Console.WriteLine("hint for seat 0: the hand of table seed " + seed + " ends before its 8th turn");
                        return 0;
                    }
                    int seat = 0;
                    while (seat < Table.Seats && (pending >> seat & 1) == 0) seat++;
                    view = table.View(seat);
                    if (seat == 0 && phase == Phase.Turn && ++turns == 8) break;
                    table.Apply(seat, Ai.Decide(view, npc));
                }
            }
            Hint hint = Ai.Hint(view, advisor);
            byte[] visible = view.Visible();
            MjKit.Action easy = Ai.Decide(view, beginner);
            int seen = 0;
            foreach (byte c in visible) seen += c;
            Console.WriteLine("hint for seat 0 on its 8th turn (table seed " + seed + ", NPCs of level 3): hand " + view.Hand +
                              ", shanten " + hint.Shanten + ",\n  " + seen +
                              " tiles in sight (mj_view_visible); best discards (live tiles, danger, chance to win):");
            int shown = 0;
            foreach (HintOption o in hint.Options)
            {
                if (o.Action.Kind != ActionKind.Discard || shown == 3) continue;
                int v = (int)Math.Round(o.Value * 100);
                Console.WriteLine("  " + o.Action.Tile + ": shanten " + o.Shanten + ", " + o.Live + " live " + TilesWord(o.Live) +
                                  " (" + (o.Shanten == 0 ? "waits" : "accepts") + " " + SetText(o.Accepted) + "), danger " +
                                  Pct(o.Danger) + ", win " + Pct(o.WinChance) + ", " + v / 100 + "." + (v % 100).ToString("00") + " tai");
                shown++;
            }
            var line = new StringBuilder("  opponents ready:");
            for (int s = 1; s < Table.Seats; s++) line.Append(" seat " + s + " " + Pct(hint.Ready[s]));
            Hand hand = view.Hand;
            int riskiest = -1;
            for (int k = 0; k < Library.TileKinds; k++)
                if (hand[k] != 0 && (riskiest < 0 || Math.Round(hint.Danger[k] * NativeMethodsScale) > Math.Round(hint.Danger[riskiest] * NativeMethodsScale)))
                    riskiest = k;
            if (riskiest >= 0) line.Append("; riskiest tile in hand " + new Tile(riskiest) + " (" + Pct(hint.Danger[riskiest]) + ")");
            Console.WriteLine(line);
            Console.WriteLine("  mjkit (level " + hint.Level + ") plays " + hint.Choice.Tile + ": " + hint.ReasonText);
            Console.WriteLine("  the level-1 NPC would play " + easy.Tile);
        }
        catch (MjKitException e)
        {
            Console.WriteLine("  FAIL hint example: " + e.Message);
            return 1;
        }
        return 0;
    }

    static int Usage()
    {
        Console.Error.WriteLine("usage: MjDemo.exe HAND ...   (e.g. MjDemo.exe 1112345678999m 123m456p789s11z)\n" +
                                "       MjDemo.exe [--samples] (sample hands and MCR scores)\n" +
                                "       MjDemo.exe --play [SEED] (one hand with four NPCs)\n" +
                                "       MjDemo.exe --hint [SEED] (a hint for a human player)");
        return 2;
    }

    static int Main(string[] args)
    {
        Console.OutputEncoding = new UTF8Encoding(false);
        if ((args.Length == 1 || args.Length == 2) && args[0] == "--play")
        {
            ulong seed = 1;
            // Decimal digits only, as the C demo takes it.
            if (args.Length == 2 && !ulong.TryParse(args[1], System.Globalization.NumberStyles.None,
                    System.Globalization.CultureInfo.InvariantCulture, out seed))
                return Usage();
            return PlayHand(seed);
        }
        if ((args.Length == 1 || args.Length == 2) && args[0] == "--hint")
        {
            ulong seed = 5;
            if (args.Length == 2 && !ulong.TryParse(args[1], System.Globalization.NumberStyles.None,
                    System.Globalization.CultureInfo.InvariantCulture, out seed))
                return Usage();
            return HintExample(seed);
        }
        bool samples = args.Length == 0 || (args.Length == 1 && args[0] == "--samples");
        if (!samples)
        {
            foreach (string a in args)
            {
                if (a.Length > 1 && a[0] == '-') return Usage();
            }
        }
        Library.Init();
        if (!samples)
        {
            int invalid = 0;
            foreach (string a in args) invalid += Analyse(a);
            return invalid != 0 ? 1 : 0;
        }
        Console.WriteLine("mjkit " + Library.Version + " (error checks: mjdemo --self-check)");
        Console.WriteLine();
        foreach (string s in Samples) Analyse(s);
        McrExamples();
        RiichiExample();
        MjaiExample();
        RiichiEvExample();
        TaiExample();
        Console.WriteLine();
        return PlayHand(1);
    }
}
