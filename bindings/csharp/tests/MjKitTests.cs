// Tests of the C# binding, run by scripts/csharp-test.sh under Mono against the freshly built
// libmjkit: every error class (exception status + text, TryXxx false), struct sizes against the
// C compiler's, zero allocation on the hot paths, and the shared fixtures in tests/fixtures/.
// Usage: mono MjKitTests.exe SIZES_FILE FIXTURE_DIR
using System;
using System.Collections.Generic;
using System.IO;
using System.Runtime.InteropServices;
using MjKit;

static class MjKitTests
{
    static int checks;
    static int failures;

    internal static void Check(bool ok, string what)
    {
        checks++;
        if (!ok)
        {
            failures++;
            Console.WriteLine("  FAIL " + what);
        }
    }

    internal static void Equal<T>(T got, T want, string what)
    {
        Check(EqualityComparer<T>.Default.Equals(got, want), what + ": got " + got + ", want " + want);
    }

    /// Runs call, which must throw MjKitException with status want and the library's text.
    internal static void Throws(Status want, string what, System.Action call)
    {
        try
        {
            call();
            Check(false, what + ": no exception, want " + want);
        }
        catch (MjKitException e)
        {
            Equal(e.Status, want, what + " status");
            Equal(e.Message, Library.StatusText(want), what + " message");
            Check(e.Message.Length > 0 && e.Message != "unknown status code", what + " has a real text");
        }
        catch (Exception e)
        {
            Check(false, what + ": " + e.GetType().Name + " instead of MjKitException: " + e.Message);
        }
    }

    static void BatchCalls()
    {
        var hands = new[] { Hand.Parse("1112345678999m"), Hand.Parse("123m456p789s1122z"), Hand.Parse("19m19p19s1234567z") };
        var shanten = new int[3];
        var status = new Status[3];
        Equal(Batch.Shanten(hands, Forms.Riichi, shanten, status), Status.Ok, "Batch.Shanten all ok");
        for (int i = 0; i < hands.Length; i++)
        {
            Equal(shanten[i], hands[i].Shanten(Forms.Riichi), "Batch.Shanten[" + i + "] = single call");
            Equal(status[i], Status.Ok, "Batch.Shanten status[" + i + "]");
        }
        var waits = new TileSet[3];
        Equal(Batch.Waits(hands, Forms.Riichi, waits, status), Status.Ok, "Batch.Waits all ok");
        for (int i = 0; i < hands.Length; i++)
            Equal(waits[i].Mask, hands[i].Waits(Forms.Riichi).Mask, "Batch.Waits[" + i + "] = single call");
        var wins = new[] { Hand.Parse("123m456p789s11122z"), Hand.Parse("1122m3344p5566s77z"), Hand.Parse("123m456p789s11z") };
        var win = new bool[3];
        Equal(Batch.IsWin(wins, Forms.Riichi, win, status), Status.Ok, "Batch.IsWin all ok");
        Check(win[0] && win[1] && win[2], "Batch.IsWin: three complete hands");
        // A bad hand in the middle: its status, the others computed, its slot untouched.
        var mixed = new[] { Hand.Parse("1112345678999m"), Hand.Parse("123m"), Hand.Parse("19m19p19s1234567z") };
        shanten[1] = 77;
        Equal(Batch.Shanten(mixed, Forms.Riichi, shanten, status), Status.BadTileTotal, "Batch.Shanten first failure");
        Equal(status[1], Status.BadTileTotal, "Batch.Shanten status of the bad hand");
        Equal(status[2], Status.Ok, "Batch.Shanten goes on after a bad hand");
        Equal(shanten[1], 77, "Batch.Shanten leaves the bad hand's slot");
        Check(!Batch.TryShanten(mixed, Forms.Riichi, shanten, status), "Batch.TryShanten with a bad hand is false");
        // Whole-call errors.
        Throws(Status.InvalidArgument, "Batch.Shanten forms 0", () => Batch.Shanten(hands, 0, shanten, status));
        Check(!Batch.TryWaits(hands, 0, waits, status), "Batch.TryWaits forms 0 is false");
        Throws(Status.NullPointer, "Batch.IsWin null hands", () => Batch.IsWin(null, Forms.Riichi, win, status));
        Throws(Status.InvalidArgument, "Batch.Waits short output", () => Batch.Waits(hands, Forms.Riichi, new TileSet[1], status));
        Check(!Batch.TryIsWin(hands, Forms.Riichi, win, null), "Batch.TryIsWin null status is false");
        Equal(Batch.Shanten(new Hand[0], Forms.Riichi, shanten, status), Status.Ok, "Batch.Shanten of no hands");
    }

    static void ErrorClasses()
    {
        Hand h13 = Hand.Parse("123m456p789s1234z");
        Hand h14 = Hand.Parse("123m456p789s11122z");
        Hand five = default(Hand);
        five[0] = 5;
        five[1] = 2;
        five[2] = 2;
        five[3] = 5;
        Hand any;
        int sh;
        bool win;
        TileSet waits;
        Ukeire uk;
        int n;
        McrScore score;
        var buf = new Discard[34];

        // NULL_POINTER: a null string or array reaches the library as NULL.
        Throws(Status.NullPointer, "Parse(null)", () => Hand.Parse(null));
        Check(!Hand.TryParse(null, out any), "TryParse(null) is false");
        Throws(Status.NullPointer, "Format(null)", () => h13.Format(null));
        Check(!h14.TryDiscards(Forms.Riichi, null, out n), "TryDiscards(null buffer) is false");

        // TOO_MANY_COPIES
        Throws(Status.TooManyCopies, "Parse(11111m)", () => Hand.Parse("11111m"));
        Check(!Hand.TryParse("11111m", out any), "TryParse(11111m) is false");
        Throws(Status.TooManyCopies, "IsWin with five 1m", () => five.IsWin(Forms.Regular));
        Check(!five.TryIsWin(Forms.Regular, out win), "TryIsWin with five 1m is false");
        Check(!five.TryShanten(Forms.Riichi, out sh), "TryShanten with five 1m is false");
        Hand visible = default(Hand);
        visible[0] = 4;
        Hand h13b = Hand.Parse("123m456p789s1234z");
        Throws(Status.TooManyCopies, "Ukeire with hand + visible > 4", () => h13b.Ukeire(Forms.Riichi, visible));
        Check(!h13b.TryUkeire(Forms.Riichi, visible, out uk), "TryUkeire hand + visible > 4 is false");

        // BAD_TILE_TOTAL
        Throws(Status.BadTileTotal, "IsWin with 13 tiles", () => h13.IsWin(Forms.Regular));
        Check(!h13.TryIsWin(Forms.Riichi, out win), "TryIsWin 13 tiles is false");
        Throws(Status.BadTileTotal, "Waits with 14 tiles", () => h14.Waits(Forms.Riichi));
        Check(!h14.TryWaits(Forms.Riichi, out waits), "TryWaits 14 tiles is false");
        Throws(Status.BadTileTotal, "Shanten of an empty hand", () => default(Hand).Shanten(Forms.Riichi));
        Throws(Status.BadTileTotal, "Shanten of 18 tiles", () => Hand.Parse("111222333444555666m").Shanten(Forms.Riichi));
        Throws(Status.BadTileTotal, "Ukeire of 14 tiles", () => h14.Ukeire(Forms.Riichi));
        Throws(Status.BadTileTotal, "Discards of 13 tiles", () => h13.Discards(Forms.Riichi));
        Check(!h13.TryDiscards(Forms.Riichi, buf, out n), "TryDiscards 13 tiles is false");
        Throws(Status.BadTileTotal, "Waits seven pairs with 10 tiles",
            () => Hand.Parse("123m456p789s1z").Waits(Forms.SevenPairs));

        // BAD_NOTATION, and where
        Throws(Status.BadNotation, "Parse(12x)", () => Hand.Parse("12x"));
        Check(!Hand.TryParse("12x", out any), "TryParse(12x) is false");
        Equal(Hand.ParseErrorIndex("123m4x"), 5, "ParseErrorIndex(123m4x)");
        Equal(Hand.ParseErrorIndex("1m东"), 2, "ParseErrorIndex(1m东)");
        Equal(Hand.ParseErrorIndex("123m"), 4, "ParseErrorIndex of good notation is its length");
        Throws(Status.BadNotation, "Tile.Parse(5x)", () => Tile.Parse("5x"));

        // BUFFER_TOO_SMALL
        Throws(Status.BufferTooSmall, "Format into 8 bytes", () => h14.Format(new byte[8]));
        Throws(Status.BufferTooSmall, "Format into 0 bytes", () => h14.Format(new byte[0]));
        Throws(Status.BufferTooSmall, "Discards into 10 entries", () => h14.Discards(Forms.Riichi, default(Hand), new Discard[10]));
        Check(!h14.TryDiscards(Forms.Riichi, new Discard[10], out n), "TryDiscards into 10 entries is false");
        var fbuf = new byte[141];
        int flen = h14.Format(fbuf);
        Equal(System.Text.Encoding.ASCII.GetString(fbuf, 0, flen), "123m456p789s11122z", "Format");

        // INVALID_ARGUMENT
        Throws(Status.InvalidArgument, "Waits with form bit 1<<20", () => h13.Waits((Forms)(1u << 20)));
        Throws(Status.InvalidArgument, "Shanten with no form", () => h13.Shanten(0));
        Check(!h13.TryShanten((Forms)(1u << 20), out sh), "TryShanten unknown bit is false");
        Throws(Status.InvalidArgument, "Mcr.FanInfo(83)", () => Mcr.FanInfo(83));
        Throws(Status.InvalidArgument, "Mcr.FanInfo(0)", () => Mcr.FanInfo(0));
        Throws(Status.InvalidArgument, "Tile(34)", () => new Tile(34));
        Throws(Status.InvalidArgument, "hand[34]", () => { int x = h13[34]; });
        var mcr = new McrHand(Hand.Parse("123456789m234p55s"), Tile.Parse("5s"));
        mcr.Flowers = 9;
        Throws(Status.InvalidArgument, "Mcr.Score with 9 flowers", () => Mcr.Score(mcr));
        Check(!Mcr.TryScore(mcr, out score), "TryScore 9 flowers is false");
        mcr.Flowers = 0;
        mcr.SeatWind = (Wind)4;
        Throws(Status.InvalidArgument, "Mcr.Score with seat wind 4", () => Mcr.Score(mcr));
        mcr.SeatWind = Wind.East;
        mcr.WinTile = Tile.Parse("1z");
        Throws(Status.InvalidArgument, "Mcr.Score, winning tile not in the hand", () => Mcr.Score(mcr));

        // NOT_WINNING
        var notWin = new McrHand(Hand.Parse("123456789m2345p5s"), Tile.Parse("5s"));
        Throws(Status.NotWinning, "Mcr.Score of a non-winning hand", () => Mcr.Score(notWin));
        Check(!Mcr.TryScore(notWin, out score), "TryScore non-winning is false");

        // ILLEGAL_MELD
        var chow8 = new McrHand(Hand.Parse("123456789m55s"), Tile.Parse("5s"));
        chow8.AddMeld(new Meld(MeldKind.Chow, Tile.Parse("8m"), 1));
        Throws(Status.IllegalMeld, "Mcr.Score with a chow from 8m", () => Mcr.Score(chow8));
        Check(!Mcr.TryScore(chow8, out score), "TryScore chow from 8m is false");
        var honourChow = new McrHand(Hand.Parse("123456789m55s"), Tile.Parse("5s"));
        honourChow.AddMeld(new Meld(MeldKind.Chow, Tile.Parse("1z"), 1));
        Throws(Status.IllegalMeld, "Mcr.Score with a chow of winds", () => Mcr.Score(honourChow));
        var m5 = new McrHand(Hand.Parse("55s"), Tile.Parse("5s"));
        for (int i = 0; i < 4; i++) m5.AddMeld(new Meld(MeldKind.Pung, new Tile(27 + i), 1));
        Throws(Status.InvalidArgument, "a fifth meld", () => m5.AddMeld(new Meld(MeldKind.Pung, new Tile(31), 1)));

        // INVALID_FLAGS
        var kongNoKong = new McrHand(Hand.Parse("123456789m234p55s"), Tile.Parse("5s"));
        kongNoKong.Flags = WinFlags.Kong | WinFlags.SelfDrawn;
        Throws(Status.InvalidFlags, "Mcr.Score, 杠上开花 without a kong", () => Mcr.Score(kongNoKong));
        Check(!Mcr.TryScore(kongNoKong, out score), "TryScore 杠上开花 without a kong is false");
        kongNoKong.Flags = (WinFlags)64;
        Throws(Status.InvalidFlags, "Mcr.Score with flag bit 64", () => Mcr.Score(kongNoKong));

        // PANIC: only a library built with the Rust feature test-hooks exports mj_test_panic
        // (scripts/csharp-test.sh runs this program a second time, built with MJ_TEST_HOOKS,
        // against the test build of the library).
#if MJ_TEST_HOOKS
        Throws(Status.Panic, "Library.TestPanic()", () => Library.TestPanic());
        Equal(Hand.Parse("19m").ToString(), "19m", "the library still works after a caught panic");
#endif
        Equal(Library.StatusText(Status.Panic), "internal error: a panic was caught at the C boundary", "panic text");
        Equal(Library.StatusText((Status)12345), "unknown status code", "unknown status text");

        // Outputs of TryXxx are default on failure.
        Check(!five.TryShanten(Forms.Riichi, out sh) && sh == 0, "TryShanten leaves 0 on failure");
        Check(!h14.TryWaits(Forms.Riichi, out waits) && waits.Mask == 0, "TryWaits leaves an empty set on failure");
    }

    static void Api()
    {
        Library.Init();
        Check(Library.Version.Length > 0 && char.IsDigit(Library.Version[0]), "Version " + Library.Version);
        Hand nine = Hand.Parse("1112345678999m");
        Equal(nine.Waits(Forms.Riichi).Mask, 0x1ffUL, "nine gates waits");
        Equal(nine.Waits(Forms.Riichi).ToString(), "123456789m", "nine gates waits text");
        Equal(nine.Waits(Forms.Riichi).Count, 9, "nine gates wait count");
        Equal(nine.Shanten(Forms.Riichi), 0, "nine gates shanten");
        Equal(nine.ToString(), "1112345678999m", "ToString");
        Equal(nine.Total, 13, "Total");
        RedFives red;
        Hand r = Hand.Parse("0m123p406s", out red);
        Check(red.Man == 1 && red.Pin == 0 && red.Sou == 1 && red.Total == 2, "red fives 1 0 1");
        Equal(r.ToString(), "5m123p456s", "red fives count as fives");
        Equal(Hand.Parse("E S W N P F C").ToString(), "1234567z", "honour letters");
        Check(Hand.Parse("1m9m") == Hand.Parse("19m"), "value equality");
        Equal(Hand.FromCounts(nine.ToCounts()), nine, "FromCounts(ToCounts)");
        Equal(Tile.Parse("7z").Kind, 33, "Tile.Parse(7z)");
        Equal(new Tile(22).ToString(), "5s", "Tile(22)");
        var list = new List<string>();
        foreach (Tile t in Hand.Parse("2345678m").Waits(Forms.Riichi)) list.Add(t.ToString());
        Equal(string.Join(",", list), "2m,5m,8m", "TileSet enumeration");

        Hand far = Hand.Parse("13579m2468p1357s");
        Ukeire u = far.Ukeire(Forms.Riichi);
        int sum = 0;
        for (int k = 0; k < 34; k++) sum += u[k];
        Equal(u.Total, sum, "Ukeire total = per-kind sum");
        Hand seen = default(Hand);
        seen[Tile.Parse("2m")] = 3;
        Ukeire u2 = far.Ukeire(Forms.Riichi, seen);
        Equal(u2[1], Math.Max(u[1] - 3, 0), "visible tiles lower the unseen count of 2m");

        Hand d14 = Hand.Parse("1234m5678p19s1235z");
        Discard[] ds = d14.Discards(Forms.Riichi);
        Equal(ds.Length, 14, "14 distinct discards");
        foreach (Discard d in ds)
        {
            Hand after = d14;
            after[d.Tile] -= 1;
            Equal(d.Shanten, after.Shanten(Forms.Riichi), "discard " + d.Tile + " shanten");
            Equal(d.UkeireCount, after.Ukeire(Forms.Riichi).Total, "discard " + d.Tile + " ukeire");
            Equal(d.UkeireTiles, after.Ukeire(Forms.Riichi).Tiles, "discard " + d.Tile + " ukeire tiles");
            Equal(d.UkeireKinds, d.UkeireTiles.Count, "discard " + d.Tile + " kinds");
        }

        var h = new McrHand(Hand.Parse("123456789m234p55s"), Tile.Parse("5s"));
        h.Flags = WinFlags.SelfDrawn;
        h.Flowers = 1;
        McrScore s = Mcr.Score(h);
        int total = 0;
        foreach (Fan f in s.Fans)
        {
            total += f.Points * f.Count;
            Check(f.NameZh.Length > 0 && f.NameEn.Length > 0, "fan " + f.Id + " has names");
            Equal(s.FanCount(f.Id), f.Count, "FanCount(" + f.Id + ")");
        }
        Equal(s.Total, total, "total = sum of the fans");
        Equal(s.Total, s.Base + 1, "one flower");
        Check(s.Qualifies, "qualifies");
        Equal(Mcr.FanInfo(1).NameZh, "大四喜", "fan 1 name");
        Equal(Mcr.FanInfo(1).Points, 88, "fan 1 points");
    }

    /// The analysis calls allocate nothing (GC.GetAllocatedBytesForCurrentThread).
    static void NoAllocation()
    {
        Hand h13 = Hand.Parse("13579m2468p1357s");
        Hand h14 = Hand.Parse("1234m5678p19s1235z");
        var mcr = new McrHand(Hand.Parse("123456789m234p55s"), Tile.Parse("5s"));
        var buf = new Discard[34];
        var fbuf = new byte[141];
        int sh, n, acc = 0;
        bool win;
        TileSet w;
        Ukeire u;
        McrScore s;
        Hand parsed;
        for (int pass = 0; pass < 2; pass++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            for (int i = 0; i < 1000; i++)
            {
                acc += h13.Shanten(Forms.Riichi);
                h13.TryShanten(Forms.Mcr, out sh);
                h14.TryIsWin(Forms.Riichi, out win);
                acc += h14.IsWin(Forms.Riichi) ? 1 : 0;
                acc += h13.Waits(Forms.Riichi).Count;
                h13.TryWaits(Forms.Riichi, out w);
                u = h13.Ukeire(Forms.Riichi);
                h13.TryUkeire(Forms.Riichi, out u);
                h14.TryDiscards(Forms.Riichi, buf, out n);
                acc += h14.Discards(Forms.Riichi, default(Hand), buf);
                Mcr.TryScore(mcr, out s);
                acc += Mcr.Score(mcr).Total;
                acc += h14.Format(fbuf);
                Hand.TryParse("123m456p789s11122z", out parsed);
                five_invalid.TryShanten(Forms.Riichi, out sh);
                h13.TryIsWin(Forms.Riichi, out win);
            }
            long bytes = GC.GetAllocatedBytesForCurrentThread() - before;
            if (pass == 1) Equal(bytes, 0L, "bytes allocated by 16,000 analysis calls");
        }
        Check(acc != 0, "calls ran");
    }

    static readonly Hand five_invalid = Hand.FromCounts(new byte[] { 5, 2, 2, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 });

    /// Marshal.SizeOf of every C struct and Marshal.OffsetOf of every field, against the C
    /// compiler's sizeof / offsetof (lines "Name size" and "Name.field offset"); an array of
    /// structs `melds[N]` is mirrored as melds_0 .. melds_{N-1}.
    static void Sizes(string path)
    {
        var asm = typeof(Hand).Assembly;
        int structs = 0, fields = 0;
        foreach (string line in File.ReadAllLines(path))
        {
            string[] f = line.Split(' ');
            if (f.Length != 2) continue;
            string[] name = f[0].Split('.');
            Type t = asm.GetType("MjKit." + name[0]);
            if (t == null)
            {
                Check(false, "struct " + name[0] + " of the header has no C# mirror");
                continue;
            }
            int want = int.Parse(f[1]);
            if (name.Length == 1)
            {
                Equal(Marshal.SizeOf(t), want, "Marshal.SizeOf(" + f[0] + ") vs C sizeof");
                structs++;
                continue;
            }
            string field = name[1];
            var flags = System.Reflection.BindingFlags.Public | System.Reflection.BindingFlags.NonPublic |
                        System.Reflection.BindingFlags.Instance;
            if (t.GetField(field, flags) == null && t.GetField(field + "_0", flags) != null) field += "_0";
            if (t.GetField(field, flags) == null)
            {
                Check(false, f[0] + " has no C# field");
                continue;
            }
            Equal((int)Marshal.OffsetOf(t, field), want, "Marshal.OffsetOf(" + f[0] + ") vs C offsetof");
            fields++;
        }
        Check(structs > 0 && fields > structs, "sizes file lists structs and fields");
        Equal(Marshal.SizeOf(typeof(Discard)), Marshal.SizeOf(asm.GetType("MjKit.MjDiscard")), "Discard wraps MjDiscard");
        Equal(Marshal.SizeOf(typeof(RedFives)), 3, "RedFives is 3 bytes");
        Console.WriteLine("struct layout: " + structs + " structs (sizeof) and " + fields + " fields (offsetof) match the C compiler's");
    }

    static int Main(string[] args)
    {
        if (args.Length < 2)
        {
            Console.WriteLine("usage: MjKitTests.exe SIZES_FILE FIXTURE_DIR");
            return 2;
        }
        try
        {
            Api();
            ErrorClasses();
            BatchCalls();
            NoAllocation();
            Sizes(args[0]);
            Fixtures.Run(args[1], Check);
            TableTests.Run(args[0]);
            HintTests.Run(TableTests.ReadSizes(args[0]));
            RiichiTests.Run();
            MjaiTests.Run(args[1]);
            RiichiEvTests.Run();
            TaiTests.Run();
            BackendTests.Run();
            ClientTests.Run();

        }
        catch (Exception e)
        {
            Console.WriteLine("  FAIL unexpected exception: " + e);
            failures++;
        }
        Console.WriteLine("C# binding: " + checks + " checks, " + failures + " failed (mjkit " + Library.Version + ")");
        return failures == 0 ? 0 : 1;
    }
}
