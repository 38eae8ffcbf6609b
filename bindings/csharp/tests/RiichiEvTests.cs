// Riichi discard analysis through C#: the EV table of a sample hand against the figures the
// Rust tests check (a ready hand's one-draw chance is its winning tiles over the pool), the
// 13-tile entry, and every error class of mj_riichi_ev (exception status, TryAnalyze false
// with a default result, the status through Check).
using System;
using MjKit;

static class RiichiEvTests
{
    static void Check(bool ok, string what) { MjKitTests.Check(ok, what); }
    static void Equal<T>(T got, T want, string what) { MjKitTests.Equal(got, want, what); }
    static void Throws(Status want, string what, System.Action call) { MjKitTests.Throws(want, what, call); }

    /// 123m 456p 789s 1123s + 5z, East round, South seat, nothing visible.
    static RiichiEvHand Sample() { return new RiichiEvHand(Hand.Parse("123m456p789s1123s5z")); }

    static void Table()
    {
        var o = RiichiEvOptions.Default;
        o.Draws = 1;
        o.Flags = 0;
        RiichiEvResult r = RiichiEv.Analyze(Sample(), RiichiRules.Default, o);
        Equal(r.Shanten, 0, "EV: sample hand shanten");
        Equal(r.Wall, 122, "EV: unseen tiles");
        bool found = false;
        foreach (RiichiEvEntry e in r.Entries)
        {
            if (e.Tile.HasValue && e.Tile.Value.Kind == 31 && !e.Riichi)
            {
                found = true;
                // 1s (2 unseen) and 4s (4) among 123 tiles (the 5z back in the pool).
                Check(Math.Abs(e.Win - 6.0 / 123.0) < 1e-15, "EV: discard 5z, one draw: win 6/123");
                Equal(e.Tenpai, 1.0, "EV: discard 5z is ready");
                Equal(e.Ukeire, 6, "EV: discard 5z ukeire");
            }
        }
        Check(found, "EV: the 5z discard is listed");
        // Riichi entries exist and the default options (17 draws) give a sensible table.
        RiichiEvResult full = RiichiEv.Analyze(Sample(), RiichiRules.Default);
        int riichi = 0;
        foreach (RiichiEvEntry e in full.Entries)
        {
            riichi += e.Riichi ? 1 : 0;
            Check(e.Win >= 0 && e.Win <= 1 && e.Tenpai >= e.Win - 1e-12 && e.Score >= 0, "EV: entry in range");
        }
        Check(riichi > 0, "EV: riichi entries listed");
        // A 13-tile hand has one entry without a tile.
        RiichiEvResult one = RiichiEv.Analyze(new RiichiEvHand(Hand.Parse("123m456p789s1123s")), RiichiRules.Default);
        Equal(one.Count, 1, "EV: 13 tiles, one entry");
        Check(!one[0].Tile.HasValue, "EV: 13 tiles, no discard");
    }

    static void Refused(Status want, string what, RiichiEvHand h, RiichiRules r, RiichiEvOptions o)
    {
        Throws(want, "RiichiEv.Analyze, " + what, () => RiichiEv.Analyze(h, r, o));
        RiichiEvResult res;
        Check(!RiichiEv.TryAnalyze(h, r, o, out res), "RiichiEv.TryAnalyze, " + what + " is false");
        Equal(res.Count, 0, "RiichiEv.TryAnalyze, " + what + ": default result");
        Equal(RiichiEv.Check(h, r, o), want, "RiichiEv.Check, " + what);
    }

    static void Errors()
    {
        var r = RiichiRules.Default;
        var o = RiichiEvOptions.Default;
        var h = Sample();
        h.SeatWind = (Wind)4;
        Refused(Status.InvalidArgument, "seat wind 4", h, r, o);
        var oo = o; oo.Draws = 19;
        Refused(Status.InvalidArgument, "19 draws", Sample(), r, oo);
        oo = o; oo.Model = (RiichiEvModel)2;
        Refused(Status.InvalidArgument, "model 2", Sample(), r, oo);
        h = Sample();
        h.AddMeld(new RiichiMeld(RiichiMeldKind.Chi, Tile.Parse("8m"), 1));
        Refused(Status.IllegalMeld, "chi from 8m", h, r, o);
        h = Sample();
        h.Visible = Hand.Parse("1111m");
        Refused(Status.TooManyCopies, "a 1m held and four visible", h, r, o);
        h = new RiichiEvHand(Hand.Parse("123m456p789s1123s55z"));
        Refused(Status.BadTileTotal, "15 tiles", h, r, o);
        var aka = RiichiRules.FromPreset(RiichiPreset.Tenhou);
        h = Sample();
        RedFives red = default(RedFives); red.Man = 1;
        h.RedFives = red;
        Refused(Status.RedFives, "a red 5m without a 5m", h, aka, o);
        h = new RiichiEvHand(Hand.Parse("123m456p789s1357s"));
        h.Riichi = true;
        Refused(Status.RiichiConflict, "riichi, not ready", h, r, o);
        Refused(Status.ThreePlayerTile, "2m-8m in three-player", Sample(), RiichiRules.FromPreset(RiichiPreset.Sanma), o);
        oo = o; oo.MaxNodes = 1;
        Refused(Status.SearchLimit, "one search state", Sample(), r, oo);
    }

    public static void Run()
    {
        Table();
        Errors();
    }
}
