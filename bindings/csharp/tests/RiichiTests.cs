// Riichi scoring and the three-player form modifier through C#: scores against known values,
// every riichi refusal 10-19 (exception status + text, TryScore false), the other error classes
// of mj_riichi_score, yaku info, presets, and no allocation when scoring.
using System;
using MjKit;

static class RiichiTests
{
    static void Check(bool ok, string what) { MjKitTests.Check(ok, what); }
    static void Equal<T>(T got, T want, string what) { MjKitTests.Equal(got, want, what); }
    static void Throws(Status want, string what, System.Action call) { MjKitTests.Throws(want, what, call); }

    /// Riichi, closed 123m 456p 789s 234s 55z won on a discarded 5z (as tests/ffi_riichi.rs).
    static RiichiHand Valid()
    {
        var h = new RiichiHand(Hand.Parse("123m456p789s234s55z"), Tile.Parse("5z"));
        h.Conditions = RiichiConditions.Riichi;
        return h;
    }

    /// The refusal `want` by Score (exception) and by TryScore (false, default score).
    static void Refused(Status want, string what, RiichiHand h, RiichiRules r)
    {
        Throws(want, "Riichi.Score, " + what, () => Riichi.Score(h, r));
        RiichiScore s;
        Check(!Riichi.TryScore(h, r, out s), "Riichi.TryScore, " + what + " is false");
        Equal(s.Total, 0, "Riichi.TryScore, " + what + ": default score");
    }

    static void Scores()
    {
        var rules = RiichiRules.Default;
        RiichiScore s = Riichi.Score(Valid(), rules);
        // Riichi 1 han; concealed ron 30 + 2 (dragon pair) + 2 (pair wait) = 40 fu: 1,300.
        Equal(s.Han, 1, "riichi hand han");
        Equal(s.Fu, 40, "riichi hand fu");
        Equal(s.Main, 1300, "riichi hand main");
        Equal(s.Total, 1300, "riichi hand total");
        Equal(s.Limit, RiichiLimit.None, "riichi hand limit");
        Equal(s.YakuHan(2), 1, "riichi hand: yaku 2 (riichi) 1 han");
        RiichiYaku[] yaku = s.Yaku;
        Equal(yaku.Length, 1, "riichi hand: one yaku");
        Equal(yaku[0].Id, 2, "riichi hand: yaku id");
        Equal(yaku[0].Han, 1, "riichi hand: yaku han");
        Equal(yaku[0].NameJa, Riichi.YakuInfo(2).NameJa, "riichi hand: yaku name");
        RiichiFu[] fu = s.FuParts;
        Equal(fu.Length, 3, "riichi hand: fu parts");
        int sum = 0;
        foreach (RiichiFu f in fu) sum += f.Fu;
        Equal(sum, 34, "riichi hand: fu parts add up to 34 (rounded to 40)");
        Check(Array.Exists(fu, f => f.Reason == FuReason.Base && f.Fu == 30), "riichi hand: 30 base fu (concealed ron)");
        Check(Array.Exists(fu, f => f.Reason == FuReason.PairWait && f.Fu == 2), "riichi hand: 2 fu for the pair wait");
        Equal(Riichi.Score(Valid()).Total, 1300, "Score with the default rules");

        // The demo's hand: dealer riichi tsumo pinfu with a red 5p, Mahjong Soul rules.
        RedFives red;
        var d = new RiichiHand(Hand.Parse("234678m340p567s99p", out red), Tile.Parse("4m"));
        d.RedFives = red;
        d.Conditions = RiichiConditions.Tsumo | RiichiConditions.Riichi;
        d.SeatWind = Wind.East;
        d.AddDora(Tile.Parse("8s"));
        d.AddUra(Tile.Parse("1p"));
        d.Honba = 1;
        d.RiichiSticks = 1;
        var soul = RiichiRules.FromPreset(RiichiPreset.MahjongSoul);
        s = Riichi.Score(d, soul);
        Equal(s.Han, 4, "demo hand han");
        Equal(s.Fu, 20, "demo hand fu");
        Equal(s.Additional, 2600, "demo hand: each pays 2,600");
        Equal(s.AdditionalBonus, 100, "demo hand: + 100 honba");
        Equal(s.SticksBonus, 1000, "demo hand: one stick");
        Equal(s.Total, 9100, "demo hand total");
        Equal(d.DoraCount, 1, "DoraCount");
        Equal(d.GetDora(0), Tile.Parse("8s"), "GetDora(0)");
        Equal(d.GetUra(0), Tile.Parse("1p"), "GetUra(0)");

        // An open hand: pon of 7z (chun, yaku 18) declared, tanki on 5z: 1 han; 20 + 4 (open
        // honour pon) + 2 (haku pair) + 2 (pair wait) = 28, 30 fu: 1,000.
        var open = new RiichiHand(Hand.Parse("123m456p789s55z"), Tile.Parse("5z"));
        open.AddMeld(new RiichiMeld(RiichiMeldKind.Pon, Tile.Parse("7z"), 1));
        s = Riichi.Score(open, rules);
        Equal(s.YakuHan(18), 1, "open hand: chun 1 han");
        Equal(s.Han, 1, "open hand han");
        Equal(s.Fu, 30, "open hand fu");
        Equal(s.Total, 1000, "open hand total");
        Equal(open.MeldCount, 1, "MeldCount");
        Equal(open.GetMeld(0).Kind, RiichiMeldKind.Pon, "GetMeld(0)");

        // Yaku info.
        RiichiYaku pinfu = Riichi.YakuInfo(13);
        Equal(pinfu.NameJa, "平和", "yaku 13 Japanese name");
        Equal(pinfu.HanClosed, 1, "pinfu closed han");
        Equal(pinfu.HanOpen, 0, "pinfu is concealed only");
        for (int id = 1; id <= Riichi.MaxYakuId; id++)
        {
            RiichiYaku y = Riichi.YakuInfo(id);
            Check(y.HanClosed > 0 && !string.IsNullOrEmpty(y.NameJa) && !string.IsNullOrEmpty(y.NameEn) &&
                  !string.IsNullOrEmpty(y.NameZh), "yaku " + id + " has han and three names");
        }

        // Presets.
        Check(RiichiRules.FromPreset(RiichiPreset.Sanma).ThreePlayer, "the sanma preset is three-player");
        Equal(RiichiRules.FromPreset(RiichiPreset.Reference), RiichiRules.Default, "the reference preset is the default");
        Check(RiichiRules.Default.DoubleYakuman && !RiichiRules.Default.AkaDora, "default switches");
        Check(soul.AkaDora && soul.OpenTanyao, "Mahjong Soul: aka dora and kuitan");
    }

    static void Refusals()
    {
        var r = RiichiRules.Default;
        RiichiHand h;

        // 7 NOT_WINNING
        h = Valid();
        h.Concealed = Hand.Parse("123m456p789s234s57z");
        Refused(Status.NotWinning, "not a winning hand", h, r);
        // 10 NO_YAKU
        h = Valid();
        h.Conditions = RiichiConditions.None;
        Refused(Status.NoYaku, "no yaku", h, r);
        // 11 RIICHI_CONFLICT
        h = Valid();
        h.Conditions = RiichiConditions.Ippatsu;
        Refused(Status.RiichiConflict, "ippatsu without riichi", h, r);
        // 12 WIN_TIMING_CONFLICT
        h = Valid();
        h.Conditions |= RiichiConditions.Haitei;
        Refused(Status.WinTimingConflict, "haitei on a discard", h, r);
        // 13 RINSHAN_WITHOUT_KAN
        h = Valid();
        h.Conditions |= RiichiConditions.Tsumo | RiichiConditions.Rinshan;
        Refused(Status.RinshanWithoutKan, "rinshan without a kan", h, r);
        // 14 CHANKAN_CONFLICT
        h = Valid();
        h.Conditions |= RiichiConditions.Chankan;
        Refused(Status.ChankanConflict, "chankan with another copy held", h, r);
        // 15 BLESSING_CONFLICT
        h = Valid();
        h.Conditions = RiichiConditions.Tsumo | RiichiConditions.Tenhou;
        Refused(Status.BlessingConflict, "tenhou for a non-dealer", h, r);
        // 16 RED_FIVES
        h = Valid();
        h.RedFives = new RedFives { Man = 1 };
        Refused(Status.RedFives, "a red 5m without a 5m", h, r);
        // 17 THREE_PLAYER_TILE
        h = Valid();
        h.Kita = 1;
        Refused(Status.ThreePlayerTile, "kita in four-player", h, r);
        var sanma = r;
        sanma.ThreePlayer = true;
        Refused(Status.ThreePlayerTile, "2m in three-player", Valid(), sanma);
        // 18 NAGASHI_CONFLICT
        h = Valid();
        h.Conditions = RiichiConditions.NagashiMangan;
        Refused(Status.NagashiConflict, "nagashi mangan on a discard", h, r);
        // 19 PAARENCHAN_NOT_DEALER
        h = Valid();
        h.Paarenchan = 1;
        Refused(Status.PaarenchanNotDealer, "paarenchan for the South seat", h, r);

        // The other classes of mj_riichi_score.
        h = Valid();
        var c = h.Concealed;
        c[0] = 5;
        h.Concealed = c;
        Refused(Status.TooManyCopies, "five 1m", h, r);
        h = Valid();
        c = h.Concealed;
        c[0] = 0;
        h.Concealed = c;
        Refused(Status.BadTileTotal, "13 tiles without melds", h, r);
        h = Valid();
        h.SeatWind = (Wind)4;
        Refused(Status.InvalidArgument, "seat wind 4", h, r);
        h = Valid();
        h.Conditions |= (RiichiConditions)(1u << 20);
        Refused(Status.InvalidArgument, "condition bit 1<<20", h, r);
        h = Valid();
        h.Honba = -1;
        Refused(Status.InvalidArgument, "negative honba", h, r);
        var bad = r;
        bad.Kazoe = (Kazoe)3;
        Refused(Status.InvalidArgument, "kazoe 3", Valid(), bad);
        h = new RiichiHand(Hand.Parse("123m456p789s55z"), Tile.Parse("5z"));
        h.Conditions = RiichiConditions.Riichi;
        h.AddMeld(new RiichiMeld(RiichiMeldKind.Chi, Tile.Parse("1z"), 1));
        Refused(Status.IllegalMeld, "a chi of winds", h, r);
        h.ClearMelds();
        h.AddMeld(new RiichiMeld((RiichiMeldKind)9, Tile.Parse("1s"), 1));
        Refused(Status.IllegalMeld, "meld kind 9", h, r);

        // Builder limits and info ids.
        h = Valid();
        for (int i = 0; i < 5; i++) h.AddDora(Tile.Parse("1z"));
        Throws(Status.InvalidArgument, "a sixth dora indicator", () => h.AddDora(Tile.Parse("1z")));
        Throws(Status.InvalidArgument, "GetUra(0) without ura", () => Valid().GetUra(0));
        Throws(Status.InvalidArgument, "Riichi.YakuInfo(0)", () => Riichi.YakuInfo(0));
        Throws(Status.InvalidArgument, "Riichi.YakuInfo(66)", () => Riichi.YakuInfo(66));
        Throws(Status.InvalidArgument, "RiichiRules.FromPreset(6)", () => RiichiRules.FromPreset((RiichiPreset)6));
        Throws(Status.InvalidArgument, "YakuHan(0)", () => Riichi.Score(Valid()).YakuHan(0));
    }

    /// Forms.ThreePlayer on the analysis calls: 2m-8m refused, never drawn; 1m and 9m make no
    /// sequences.
    static void ThreePlayerForms()
    {
        Forms three = Forms.Riichi | Forms.ThreePlayer;
        // 1m and 9m float beside three melds and a pair: 1-shanten either way, but only the
        // four-player tiles let 2m, 3m, 7m or 8m help.
        Hand h = Hand.Parse("19m456p789s11122z");
        Equal(h.Shanten(three), 1, "three-player shanten");
        Ukeire u3 = h.Ukeire(three);
        Ukeire u4 = h.Ukeire(Forms.Riichi);
        Check(!u3.Tiles.Contains(Tile.Parse("2m")) && u4.Tiles.Contains(Tile.Parse("2m")),
            "2m improves the hand in four-player only");
        Check(u3.Tiles.Contains(Tile.Parse("1m")) && u3.Tiles.Contains(Tile.Parse("9m")),
            "1m and 9m improve the three-player hand");
        Check(u3.Total < u4.Total, "three-player ukeire is smaller");
        Hand tenpai = Hand.Parse("1m456p789s111222z");
        Equal(tenpai.Waits(three), new TileSet(1), "three-player waits: 1m");
        Check(Hand.Parse("19m456p789s111222z").IsWin(three) == false, "not a win");
        Check(Hand.Parse("11m456p789s111222z").IsWin(three), "1m pair wins in three-player");
        var buf = new Discard[34];
        Equal(Hand.Parse("119m456p789s11122z").Discards(three, default(Hand), buf), 10, "three-player discards");
        for (int i = 0; i < 10; i++)
            Check((buf[i].UkeireTiles.Mask & 0xFEul) == 0, "three-player discard " + i + " draws no 2m-8m");
        Equal(buf[1].Tile, Tile.Parse("9m"), "discard 9m listed");
        Equal(buf[1].Shanten, 0, "discarding 9m leaves tenpai");

        Hand man = Hand.Parse("23m456p789s11122z");
        Throws(Status.ThreePlayerTile, "Shanten three-player with 2m", () => man.Shanten(three));
        Throws(Status.ThreePlayerTile, "Waits three-player with 2m", () => man.Waits(three));
        Throws(Status.ThreePlayerTile, "Ukeire three-player with 2m", () => man.Ukeire(three));
        Throws(Status.ThreePlayerTile, "IsWin three-player with 3m",
            () => Hand.Parse("234m456p789s11122z").IsWin(three));
        Hand visible = Hand.Parse("5m");
        Throws(Status.ThreePlayerTile, "Ukeire three-player with a visible 5m", () => h.Ukeire(three, visible));
        int sh;
        Check(!man.TryShanten(three, out sh), "TryShanten three-player with 2m is false");
        Throws(Status.InvalidArgument, "ThreePlayer with an MCR form", () => h.Shanten(Forms.Mcr | Forms.ThreePlayer));
        Throws(Status.InvalidArgument, "ThreePlayer alone", () => h.Shanten(Forms.ThreePlayer));
    }

    static void NoAllocation()
    {
        var h = Valid();
        var r = RiichiRules.Default;
        RiichiScore s;
        int acc = 0;
        for (int pass = 0; pass < 2; pass++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < 1000; i++)
            {
                acc += Riichi.Score(h, r).Total;
                Riichi.TryScore(h, r, out s);
                acc += s.YakuHan(2);
                acc += Riichi.YakuInfo(13).HanClosed;
            }
            long bytes = GC.GetAllocatedBytesForCurrentThread() - before;
            if (pass == 1) Equal(bytes, 0L, "bytes allocated by 3,000 riichi calls");
        }
        Check(acc != 0, "riichi calls ran");
    }

    internal static void Run()
    {
        Scores();
        Refusals();
        ThreePlayerForms();
        NoAllocation();
    }
}
