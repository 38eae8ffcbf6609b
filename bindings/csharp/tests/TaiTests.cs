// Taiwanese tai scoring through C#: the C demo's sample and a hand that reads every field, the
// presets and switches, every error class of mj_tai_score (exception status, TryScore false),
// pattern info, and no allocation when scoring.
using System;
using MjKit;

static class TaiTests
{
    static void Check(bool ok, string what) { MjKitTests.Check(ok, what); }
    static void Equal<T>(T got, T want, string what) { MjKitTests.Equal(got, want, what); }
    static void Throws(Status want, string what, System.Action call) { MjKitTests.Throws(want, what, call); }

    /// The C demo's sample: seat 1 self-draws 8p with 123456789m234678p55s and its flower 夏;
    /// the dealer is seat 0.
    static TaiHand Sample()
    {
        var h = new TaiHand(Hand.Parse("123456789m234678p55s"), Tile.Parse("8p"));
        h.Winner = 1;
        h.Dealer = 0;
        h.AddFlower(2);
        return h;
    }

    static void Scores()
    {
        TaiScore s = Tai.Score(Sample());
        Equal(s.HandTai, 4, "tai sample: hand tai");
        Equal(s.DealerTai, 1, "tai sample: dealer tai");
        Equal(s.Total, 5, "tai sample: total");
        Equal(s.Payment(0), -200L, "tai sample: the dealer pays 100 + 5 x 20");
        Equal(s.Payment(1), 560L, "tai sample: the winner receives");
        Equal(s.Payment(2), -180L, "tai sample: seat 2 pays 100 + 4 x 20");
        TaiPattern[] p = s.Patterns;
        Equal(p.Length, 5, "tai sample: five patterns");
        Equal(p[0].NameZh, "莊家", "tai sample: 莊家 first");
        Equal(p[1].ToString(), "門清 Concealed hand 1", "tai sample: 門清");
        Check(p[0].Dealer && !p[1].Dealer, "tai sample: only 莊家 is the dealer's");
        Equal(s.PatternTai(9), 1, "tai sample: 正花 (id 9)");

        // Under the common preset: 門清自摸 3 replaces 門清, 自摸 and 不求.
        s = Tai.Score(Sample(), TaiRules.FromPreset(TaiPreset.Common));
        Equal(s.PatternTai(6), 3, "common: 門清自摸 3");
        Equal(s.PatternTai(4) + s.PatternTai(5), 0, "common: no 門清, no 自摸");

        // Every field: dealer seat 3 on its second consecutive deal self-draws 1s on a
        // replacement tile, the last of the wall; a pung of West (the round) from the seat
        // opposite, a concealed kong of 9s, its flowers 春 and 梅.
        var h = new TaiHand(Hand.Parse("123m456m789p11s"), Tile.Parse("1s"));
        h.AddMeld(new Meld(MeldKind.Pung, Tile.Parse("3z"), 2));
        h.AddMeld(new Meld(MeldKind.ConcealedKong, Tile.Parse("9s"), 0));
        h.AddFlower(1);
        h.AddFlower(5);
        h.Winner = 3;
        h.Dealer = 3;
        h.ConsecutiveDeals = 2;
        h.PrevalentWind = Wind.West;
        h.Flags = TaiFlags.Replacement | TaiFlags.LastTile;
        h.How = TaiWinHow.SelfDrawn;
        s = Tai.Score(h);
        Equal(s.DealerTai, 5, "every field: 莊家 1 + 連2 + 拉2");
        Equal(s.HandTai, 7, "every field: 自摸 圈風 正花x2 獨聽 槓上開花 海底撈月");
        Equal(s.Payment(0), -340L, "every field: each pays 100 + 12 x 20");
        Equal(s.Payment(3), 1020L, "every field: the dealer receives");

        // The flower seats switch: 菊 (8) is North's under ATAWMJ, West's under the common preset.
        var w = new TaiHand(Hand.Parse("123456789m234678p55s"), Tile.Parse("5s"));
        w.Winner = 1;
        w.Dealer = 3; // seat 1 sits West
        w.How = TaiWinHow.Discard;
        w.From = 2;
        w.AddFlower(8);
        var rules = TaiRules.Default;
        Check(!rules.ChrysanthemumWest, "ATAWMJ: 竹 West's, 菊 North's");
        Equal(Tai.Score(w, rules).PatternTai(9), 0, "ATAWMJ: 菊 is not West's");
        rules.ChrysanthemumWest = true;
        Equal(Tai.Score(w, rules).PatternTai(9), 1, "chrysanthemum west: 菊 is West's");
        rules[9] = 4;
        Equal(rules[9], 4, "TaiRules indexer");
        Equal(Tai.Score(w, rules).PatternTai(9), 4, "正花 at 4 tai");
        rules.Base = 0;
        rules.Price = 1;
        Equal(Tai.Score(w, rules).Payment(2), -(long)Tai.Score(w, rules).Total, "base 0, price 1");
    }

    static void Refused(Status want, string what, TaiHand h, TaiRules r)
    {
        Throws(want, "Tai.Score, " + what, () => Tai.Score(h, r));
        TaiScore s;
        Check(!Tai.TryScore(h, r, out s), "Tai.TryScore, " + what + " is false");
        Equal(s.Total, 0, "Tai.TryScore, " + what + ": default score");
    }

    static void Refusals()
    {
        var r = TaiRules.Default;
        TaiHand h = Sample();
        h.AddFlower(9);
        Refused(Status.InvalidArgument, "flower 9", h, r);
        h = Sample();
        h.AddFlower(2);
        Refused(Status.InvalidArgument, "a flower twice", h, r);
        h = Sample();
        h.How = (TaiWinHow)9;
        Refused(Status.InvalidArgument, "how 9", h, r);
        h = Sample();
        h.Winner = 4;
        Refused(Status.InvalidArgument, "winner 4", h, r);
        h = new TaiHand(Hand.Parse("456789m234678p55s"), Tile.Parse("8p"));
        h.AddMeld(new Meld(MeldKind.Chow, Tile.Parse("1z"), 1));
        Refused(Status.IllegalMeld, "a chow of honours", h, r);
        h = new TaiHand(Hand.Parse("456789m234678p55s"), Tile.Parse("8p"));
        h.AddMeld(new Meld(MeldKind.Pung, Tile.Parse("1z"), 0));
        Refused(Status.IllegalMeld, "a pung claimed from the winner", h, r);
        h = Sample();
        var five = h.Concealed;
        five[Tile.Parse("5s")] = 5;
        h.Concealed = five;
        Refused(Status.TooManyCopies, "five 5s", h, r);
        h = new TaiHand(Hand.Parse("123456789m234678p5s"), Tile.Parse("8p"));
        Refused(Status.BadTileTotal, "16 tiles", h, r);
        h = Sample();
        h.Flags = (TaiFlags)128;
        Refused(Status.InvalidFlags, "an unknown flag", h, r);
        h = Sample();
        h.Flags = TaiFlags.AfterExposedKong;
        Refused(Status.InvalidFlags, "after an exposed kong without a replacement", h, r);
        h = Sample();
        h.SeatWind = (Wind)4;
        Refused(Status.InvalidArgument, "seat wind 4", h, r);
        h = new TaiHand(Hand.Parse("456789m234678p55s"), Tile.Parse("8p"));
        h.AddMeld(new Meld(MeldKind.AddedKong, Tile.Parse("1z"), 0));
        Refused(Status.IllegalMeld, "an added kong claimed from the winner", h, r);
        var badRules = TaiRules.Default;
        badRules.MinTai = 1; // any minimum is valid: the score says whether the win qualifies
        Check(Tai.TryScore(Sample(), badRules, out TaiScore q) && q.Qualifies, "min tai 1: qualifies");
        h = Sample();
        h.How = TaiWinHow.RobbingKong;
        h.From = 2;
        h.Flags = TaiFlags.LastTile;
        Refused(Status.InvalidFlags, "robbing a kong with the last tile", h, r);
        h = Sample();
        h.How = TaiWinHow.EightFlowers;
        Refused(Status.InvalidFlags, "eight flowers with one flower", h, r);
        h = new TaiHand(Hand.Parse("123456789m234679p55s"), Tile.Parse("9p"));
        Refused(Status.NotWinning, "a hand that does not win", h, r);
        Throws(Status.InvalidArgument, "TaiRules.FromPreset(7)", () => TaiRules.FromPreset((TaiPreset)7));
        Throws(Status.InvalidArgument, "TaiRules[0]", () => { var x = TaiRules.Default[0]; });
        Throws(Status.InvalidArgument, "Tai.PatternInfo(39)", () => Tai.PatternInfo(39));
        Throws(Status.InvalidArgument, "Tai.PatternInfo(0)", () => Tai.PatternInfo(0));
        h = Sample();
        for (int i = 1; i < 8; i++) h.AddFlower(i + 1 == 2 ? 1 : i + 1);
        Throws(Status.InvalidArgument, "a ninth flower", () => h.AddFlower(8));
    }

    static void Patterns()
    {
        var common = TaiRules.FromPreset(TaiPreset.Common);
        for (int id = 1; id <= Tai.MaxPatternId; id++)
        {
            TaiPattern p = Tai.PatternInfo(id);
            Equal(p.Id, id, "pattern " + id + ": id");
            Check(p.NameZh.Length > 0 && p.NameEn.Length > 0, "pattern " + id + ": names");
            Equal(p.ValueAtawmj, TaiRules.Default[id], "pattern " + id + ": ATAWMJ value");
            Equal(p.ValueCommon, common[id], "pattern " + id + ": common value");
            Equal(p.Dealer, id <= 3, "pattern " + id + ": dealer's");
        }
        Equal(Tai.PatternInfo(38).NameZh, "嚦咕嚦咕", "pattern 38");
        Equal(Tai.PatternInfo(38).ValueAtawmj, 0, "嚦咕嚦咕 off under ATAWMJ");
        // Named as the rules count it: id 6 is 不求 under ATAWMJ, 門清自摸 under the common preset.
        Equal(Tai.PatternInfo(6).NameZh, "不求", "id 6 under ATAWMJ");
        Equal(Tai.PatternInfo(6, common).NameZh, "門清自摸", "id 6 under the common preset");
        Equal(Tai.PatternInfo(4, common).NameZh, "門清", "id 4 under the common preset");
        TaiScore s = Tai.Score(Sample(), common);
        Equal(s.Patterns[1].NameZh, "門清自摸", "a common score's breakdown names 門清自摸");
        var bad = common;
        bad[9] = 0;
        Equal(Tai.PatternInfo(9, bad).NameZh, "正花", "names with house values");
    }

    static void SourceRules()
    {
        // The winner's own tai beside the total: seat 1's self-draw is 4 tai; the dealer pays 5.
        TaiScore s = Tai.Score(Sample());
        Equal(s.WinnerTai, 4, "winner tai beside the total");
        Check(s.Qualifies, "no minimum: qualifies");
        var r = TaiRules.Default;
        r.MinTai = 5;
        Check(!Tai.Score(Sample(), r).Qualifies, "min tai 5: a 4-tai win does not qualify");
        // The seat wind from the opening seat: seat 1 sitting North, 夏 is not its flower.
        TaiHand h = Sample();
        Check(!h.SeatWind.HasValue, "seat wind from the dealer by default");
        h.SeatWind = Wind.North;
        Equal(Tai.Score(h).PatternTai(9), 0, "North: 夏 is not its flower");
        // Exposed kong, self-drawn on its replacement: ATAWMJ keeps 不求 and no 槓上開花; the
        // common preset the other way round.
        var k = new TaiHand(Hand.Parse("123m456m789m234p55s"), Tile.Parse("5s"));
        k.AddMeld(new Meld(MeldKind.Kong, Tile.Parse("9s"), 2));
        k.Winner = 1;
        k.Flags = TaiFlags.Replacement | TaiFlags.AfterExposedKong;
        TaiScore a = Tai.Score(k);
        Equal(a.PatternTai(6), 1, "ATAWMJ: 不求 beside an exposed kong");
        Equal(a.PatternTai(16), 0, "ATAWMJ: no 槓上開花 after an exposed kong");
        TaiScore c = Tai.Score(k, TaiRules.FromPreset(TaiPreset.Common));
        Equal(c.PatternTai(6), 0, "common: 門清自摸 needs 門清");
        Equal(c.PatternTai(16), 1, "common: 槓上開花 after an exposed kong");
        Check(TaiRules.Default.HeavenlyReadyFromDeal && !TaiRules.FromPreset(TaiPreset.Common).HeavenlyReadyFromDeal, "天聽 switch per preset");
        Check(TaiRules.Default.HumanWinFirstGoAround && TaiRules.Default.ConcealedSelfDrawnAllowsExposedKong
              && !TaiRules.Default.ReplacementWinAfterExposedKong, "ATAWMJ switches");
        // 人胡 for the dealer in the first go-around.
        var d = new TaiHand(Hand.Parse("123m456m789m234p678p55s"), Tile.Parse("3m"));
        d.How = TaiWinHow.Discard;
        d.From = 2;
        d.Flags = TaiFlags.FirstGoAround;
        Equal(Tai.Score(d).PatternTai(35), 16, "ATAWMJ: the dealer's 人胡");
        // No clamp: 連莊 40,000 on the second consecutive deal counts 80,000.
        var big = TaiRules.Default;
        big[2] = 40000;
        var e = new TaiHand(Hand.Parse("123m456m789m234p678p55s"), Tile.Parse("6p"));
        e.ConsecutiveDeals = 2;
        Equal(Tai.Score(e, big).PatternTai(2), 80000, "連莊 40,000 x 2");
    }

    static void NoAllocation()
    {
        TaiHand h = Sample();
        TaiRules r = TaiRules.Default;
        TaiScore s;
        long acc = 0;
        for (int pass = 0; pass < 2; pass++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < 1000; i++)
            {
                acc += Tai.Score(h, r).Total;
                Tai.TryScore(h, r, out s);
                acc += s.Payment(1);
                acc += Tai.PatternInfo(6).ValueCommon;
            }
            long bytes = GC.GetAllocatedBytesForCurrentThread() - before;
            if (pass == 1) Equal(bytes, 0L, "bytes allocated by 3,000 tai calls");
        }
        Check(acc != 0, "tai calls ran");
    }

    internal static void Run()
    {
        Scores();
        Refusals();
        Patterns();
        SourceRules();
        NoAllocation();
    }
}
