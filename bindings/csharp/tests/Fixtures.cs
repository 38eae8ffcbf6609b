// The shared fixtures (tests/fixtures/*.tsv) through the C# API: each row's output columns are
// computed here from its input columns and compared with the file, as tests/fixtures.rs does in
// Rust and the C demo's --fixture mode does in C.
using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using MjKit;

static class Fixtures
{
    /// "!TOO_MANY_COPIES" for Status.TooManyCopies: the MJ_STATUS_ name.
    static string StatusName(Status s)
    {
        var sb = new StringBuilder("!");
        string n = s.ToString();
        for (int i = 0; i < n.Length; i++)
        {
            if (i > 0 && char.IsUpper(n[i])) sb.Append('_');
            sb.Append(char.ToUpperInvariant(n[i]));
        }
        return sb.ToString();
    }

    static string Cell(Func<string> f)
    {
        try { return f(); }
        catch (MjKitException e) { return StatusName(e.Status); }
    }

    static string SetText(TileSet s)
    {
        return s.Mask == 0 ? "-" : s.ToString();
    }

    static string[] Analyse(string text, Forms forms)
    {
        Hand h;
        try { h = Hand.Parse(text); }
        catch (MjKitException e)
        {
            string s = StatusName(e.Status);
            return new[] { s, s, s, s, s };
        }
        return new[]
        {
            Cell(() => h.Shanten(forms).ToString()),
            Cell(() => h.IsWin(forms) ? "1" : "0"),
            Cell(() => SetText(h.Waits(forms))),
            Cell(() =>
            {
                Ukeire u = h.Ukeire(forms);
                var sb = new StringBuilder(u.Total.ToString());
                for (int k = 0; k < Library.TileKinds; k++)
                {
                    if (u[k] > 0) sb.Append(' ').Append(new Tile(k)).Append(':').Append(u[k]);
                }
                return sb.ToString();
            }),
            Cell(() =>
            {
                var parts = new List<string>();
                foreach (Discard d in h.Discards(forms))
                {
                    parts.Add(d.Tile + "/" + d.Shanten + "/" + d.UkeireCount + "/" + SetText(d.UkeireTiles));
                }
                return string.Join(" ", parts);
            }),
        };
    }

    static string[] Score(string[] c)
    {
        var h = new McrHand(Hand.Parse(c[0]), Tile.Parse(c[2]));
        if (c[1] != "-")
        {
            foreach (string m in c[1].Split(','))
            {
                string[] f = m.Split(':');
                MeldKind kind = f[0] == "chow" ? MeldKind.Chow : f[0] == "pung" ? MeldKind.Pung
                    : f[0] == "kong" ? MeldKind.Kong : f[0] == "ckong" ? MeldKind.ConcealedKong
                    : (MeldKind)0;
                h.AddMeld(new Meld(kind, Tile.Parse(f[1]), int.Parse(f[2])));
            }
        }
        h.SeatWind = (Wind)byte.Parse(c[3]);
        h.PrevalentWind = (Wind)byte.Parse(c[4]);
        h.Flags = (WinFlags)uint.Parse(c[5]);
        h.Flowers = int.Parse(c[6]);
        try
        {
            McrScore s = Mcr.Score(h);
            var fans = new List<string>();
            foreach (Fan f in s.Fans) fans.Add(f.Id + "*" + f.Count);
            return new[] { s.Total.ToString(), s.Base.ToString(), s.Qualifies ? "1" : "0", string.Join(" ", fans) };
        }
        catch (MjKitException e)
        {
            return new[] { StatusName(e.Status), "-", "-", "-" };
        }
    }

    static int CheckFile(string path, int inputs, Func<string[], string[]> compute, Action<bool, string> check)
    {
        int rows = 0;
        foreach (string line in File.ReadAllLines(path, Encoding.UTF8))
        {
            if (line.StartsWith("#") || line.Trim().Length == 0) continue;
            string[] cols = line.Split('\t');
            var ins = new string[inputs];
            Array.Copy(cols, ins, inputs);
            string got = string.Join("\t", ins) + "\t" + string.Join("\t", compute(ins));
            check(got == line, Path.GetFileName(path) + " row differs:\n    file: " + line + "\n    C#:   " + got);
            rows++;
        }
        return rows;
    }

    public static void Run(string dir, Action<bool, string> check)
    {
        int hands = CheckFile(Path.Combine(dir, "hands.tsv"), 2, c => Analyse(c[0], (Forms)uint.Parse(c[1])), check);
        int mcr = CheckFile(Path.Combine(dir, "mcr.tsv"), 7, Score, check);
        check(hands >= 30 && mcr >= 15, "fixture rows read");
        Console.WriteLine("fixtures: " + hands + " hands.tsv rows and " + mcr + " mcr.tsv rows checked");
    }
}
