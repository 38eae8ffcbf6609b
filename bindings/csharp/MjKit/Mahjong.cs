// mjkit C# binding: the public API (namespace MjKit) over NativeMethods. C# 7.2, no allocation
// on the analysis calls beyond their result (Discards() returns a new array; the overload that
// fills a caller's buffer, and every other call, allocate nothing). Failures throw
// MjKitException (status + text); the TryXxx forms never throw and return false instead.
using System;
using System.Collections;
using System.Collections.Generic;
using System.Text;

namespace MjKit
{
    // Status (the C enum MjStatus) is generated into NativeMethods.g.cs from the header.

    /// <summary>A failed mjkit call: the status and the library's description of it.</summary>
    public sealed class MjKitException : Exception
    {
        /// <summary>The status the C function returned.</summary>
        public Status Status { get; }

        /// <summary>Creates the exception for a non-zero status; the message is
        /// mj_status_str(status).</summary>
        public MjKitException(Status status) : base(Library.StatusText(status))
        {
            Status = status;
        }

        internal static void Check(int status)
        {
            if (status != 0) throw new MjKitException((Status)status);
        }
    }

    /// <summary>Library-wide calls.</summary>
    public static unsafe class Library
    {
        /// <summary>Number of tile kinds (MJ_TILE_KINDS).</summary>
        public const int TileKinds = NativeMethods.MJ_TILE_KINDS;

        static readonly string[] statusTexts = new string[100];
        static string version;

        /// <summary>Builds every lookup table now (optional; e.g. during a loading screen).</summary>
        public static void Init()
        {
            MjKitException.Check(NativeMethods.mj_init());
        }

        /// <summary>The native library's version, e.g. "0.2.0" (mj_version).</summary>
        public static string Version
        {
            get { return version ?? (version = Utf8.FromNative(NativeMethods.mj_version())); }
        }

#if MJ_TEST_HOOKS
        /// <summary>Test builds only: calls mj_test_panic, which panics inside the library's
        /// boundary guard; throws MjKitException(Panic).</summary>
        public static void TestPanic()
        {
            MjKitException.Check(NativeMethods.mj_test_panic());
        }
#endif

        /// <summary>The library's description of a status (mj_status_str); cached after the
        /// first call for each code.</summary>
        public static string StatusText(Status status)
        {
            int code = (int)status;
            if (code >= 0 && code < statusTexts.Length)
            {
                return statusTexts[code] ?? (statusTexts[code] = Utf8.FromNative(NativeMethods.mj_status_str(code)));
            }
            return Utf8.FromNative(NativeMethods.mj_status_str(code));
        }
    }

    /// <summary>UTF-8 conversions without intermediate arrays.</summary>
    internal static unsafe class Utf8
    {
        internal static string FromNative(byte* s)
        {
            if (s == null) return null;
            int n = 0;
            while (s[n] != 0) n++;
            return Encoding.UTF8.GetString(s, n);
        }

        /// <summary>Bytes needed for text as NUL-terminated UTF-8, at most.</summary>
        internal static int MaxBytes(string text)
        {
            return text.Length * 3 + 1;
        }

        /// <summary>Writes text as NUL-terminated UTF-8 into buf (MaxBytes(text) bytes).</summary>
        internal static void Write(string text, byte* buf, int cap)
        {
            int n;
            fixed (char* c = text)
            {
                n = Encoding.UTF8.GetBytes(c, text.Length, buf, cap - 1);
            }
            buf[n] = 0;
        }
    }

    /// <summary>One tile kind, 0..33 (1m..9m, 1p..9p, 1s..9s, 1z..7z = E S W N P F C).</summary>
    public readonly struct Tile : IEquatable<Tile>
    {
        /// <summary>The kind index, 0..33.</summary>
        public readonly int Kind;

        /// <summary>A tile of kind 0..33; other values throw MjKitException(InvalidArgument).</summary>
        public Tile(int kind)
        {
            if (kind < 0 || kind >= Library.TileKinds) throw new MjKitException(Status.InvalidArgument);
            Kind = kind;
        }

        /// <summary>The tile named by one-tile notation, such as "5m" or "7z".</summary>
        public static Tile Parse(string text)
        {
            Hand h = Hand.Parse(text);
            if (h.Total != 1) throw new MjKitException(Status.BadTileTotal);
            for (int k = 0; k < Library.TileKinds; k++)
            {
                if (h[k] != 0) return new Tile(k);
            }
            throw new MjKitException(Status.BadTileTotal);
        }

        /// <summary>Notation of the tile, e.g. "5m".</summary>
        public override string ToString()
        {
            if (Kind < 27) return (char)('1' + Kind % 9) + "mps"[Kind / 9].ToString();
            return (char)('1' + Kind - 27) + "z";
        }

        /// <inheritdoc/>
        public bool Equals(Tile other) { return Kind == other.Kind; }
        /// <inheritdoc/>
        public override bool Equals(object obj) { return obj is Tile && Equals((Tile)obj); }
        /// <inheritdoc/>
        public override int GetHashCode() { return Kind; }
    }

    /// <summary>A set of tile kinds (bit i = kind i), e.g. the waits of a hand. Enumerating it
    /// with foreach allocates nothing.</summary>
    public readonly struct TileSet : IEnumerable<Tile>, IEquatable<TileSet>
    {
        /// <summary>The mask: bit i set = kind i in the set.</summary>
        public readonly ulong Mask;

        /// <summary>A set from a mask of the 34 kinds.</summary>
        public TileSet(ulong mask) { Mask = mask; }

        /// <summary>Number of kinds in the set.</summary>
        public int Count
        {
            get
            {
                ulong m = Mask;
                int n = 0;
                while (m != 0) { m &= m - 1; n++; }
                return n;
            }
        }

        /// <summary>Whether the set holds the tile.</summary>
        public bool Contains(Tile t) { return (Mask >> t.Kind & 1) != 0; }

        /// <summary>The set as a hand with one tile of each kind.</summary>
        public Hand ToHand()
        {
            Hand h = default(Hand);
            for (int k = 0; k < Library.TileKinds; k++)
            {
                if ((Mask >> k & 1) != 0) h[k] = 1;
            }
            return h;
        }

        /// <summary>Notation, one tile per kind ("258m"), or "" for the empty set.</summary>
        public override string ToString() { return ToHand().ToString(); }

        /// <summary>Non-allocating enumerator.</summary>
        public Enumerator GetEnumerator() { return new Enumerator(Mask); }
        IEnumerator<Tile> IEnumerable<Tile>.GetEnumerator() { return GetEnumerator(); }
        IEnumerator IEnumerable.GetEnumerator() { return GetEnumerator(); }

        /// <inheritdoc/>
        public bool Equals(TileSet other) { return Mask == other.Mask; }
        /// <inheritdoc/>
        public override bool Equals(object obj) { return obj is TileSet && Equals((TileSet)obj); }
        /// <inheritdoc/>
        public override int GetHashCode() { return Mask.GetHashCode(); }

        /// <summary>Enumerates the kinds in increasing order.</summary>
        public struct Enumerator : IEnumerator<Tile>
        {
            ulong rest;
            int current;

            internal Enumerator(ulong mask) { rest = mask; current = -1; }

            /// <inheritdoc/>
            public Tile Current { get { return new Tile(current); } }
            object IEnumerator.Current { get { return Current; } }

            /// <inheritdoc/>
            public bool MoveNext()
            {
                if (rest == 0) return false;
                int k = 0;
                while ((rest >> k & 1) == 0) k++;
                rest &= rest - 1;
                current = k;
                return true;
            }

            /// <inheritdoc/>
            public void Reset() { throw new NotSupportedException(); }
            /// <inheritdoc/>
            public void Dispose() { }
        }
    }

    /// <summary>Tile acceptance of a 3n+1 hand: per kind, the unseen copies whose draw lowers the
    /// shanten number, and their total.</summary>
    public unsafe struct Ukeire
    {
        internal fixed byte perKind[NativeMethods.MJ_TILE_KINDS];
        internal uint total;

        /// <summary>Unseen copies of all improving kinds.</summary>
        public int Total { get { return (int)total; } }

        /// <summary>Unseen improving copies of one kind (0 when it does not improve).</summary>
        public int this[int kind]
        {
            get
            {
                if (kind < 0 || kind >= Library.TileKinds) throw new MjKitException(Status.InvalidArgument);
                fixed (byte* p = perKind) return p[kind];
            }
        }

        /// <summary>The kinds with at least one unseen improving copy.</summary>
        public TileSet Tiles
        {
            get
            {
                ulong m = 0;
                fixed (byte* p = perKind)
                {
                    for (int k = 0; k < Library.TileKinds; k++)
                    {
                        if (p[k] != 0) m |= 1UL << k;
                    }
                }
                return new TileSet(m);
            }
        }
    }

    /// <summary>One possible discard of a 3n+2 hand (same memory layout as MjDiscard).</summary>
    public readonly struct Discard
    {
        readonly MjDiscard raw;

        internal Discard(MjDiscard raw) { this.raw = raw; }

        /// <summary>The tile discarded.</summary>
        public Tile Tile { get { return new Tile((int)raw.tile); } }
        /// <summary>Shanten number after the discard (-1 complete, 0 tenpai, ...).</summary>
        public int Shanten { get { return raw.shanten; } }
        /// <summary>Kinds whose draw lowers the shanten number after the discard.</summary>
        public TileSet UkeireTiles { get { return new TileSet(raw.ukeire_mask); } }
        /// <summary>Unseen copies of those kinds.</summary>
        public int UkeireCount { get { return (int)raw.ukeire_count; } }
        /// <summary>Number of those kinds.</summary>
        public int UkeireKinds { get { return (int)raw.ukeire_kinds; } }

        /// <summary>"5m: shanten 1, 20 tiles".</summary>
        public override string ToString()
        {
            return Tile + ": shanten " + Shanten + ", " + UkeireCount + " tiles";
        }
    }

    /// <summary>Batch calls (mj_shanten_batch, mj_is_win_batch, mj_waits_batch): one native call
    /// for many hands, for callers that pay per call. Each hand gets its own status in
    /// <c>status</c>; the return value is the first failing hand's status (Status.Ok when every
    /// hand succeeded), and a result slot is written only for a hand that succeeded. Null
    /// arrays, output arrays shorter than <c>hands</c>, and whole-call errors (an empty or
    /// unknown form set) throw MjKitException; the Try forms return false instead.</summary>
    public static unsafe class Batch
    {
        static void CheckArrays(Array hands, Array results, Status[] status)
        {
            if (hands == null || results == null || status == null) throw new MjKitException(Status.NullPointer);
            if (results.Length < hands.Length || status.Length < hands.Length)
                throw new MjKitException(Status.InvalidArgument);
        }

        // Whole-call errors write no status: they are told apart by the cleared status array.
        static Status Finish(int rc, Status[] status, int n, bool throwing)
        {
            if (rc == 0) return Status.Ok;
            for (int i = 0; i < n; i++)
                if (status[i] != Status.Ok) return (Status)rc;
            if (throwing) throw new MjKitException((Status)rc);
            return (Status)rc;
        }

        /// <summary>Shanten of every hand over forms.</summary>
        public static Status Shanten(Hand[] hands, Forms forms, int[] shanten, Status[] status)
        {
            CheckArrays(hands, shanten, status);
            return ShantenCore(hands, forms, shanten, status, true);
        }

        /// <summary>As Shanten; false (never an exception) unless every hand succeeded.</summary>
        public static bool TryShanten(Hand[] hands, Forms forms, int[] shanten, Status[] status)
        {
            if (hands == null || shanten == null || status == null) return false;
            if (shanten.Length < hands.Length || status.Length < hands.Length) return false;
            return ShantenCore(hands, forms, shanten, status, false) == Status.Ok;
        }

        static Status ShantenCore(Hand[] hands, Forms forms, int[] shanten, Status[] status, bool throwing)
        {
            int n = hands.Length;
            Array.Clear(status, 0, n);
            if (n == 0) return Status.Ok;
            int rc;
            fixed (Hand* h = hands)
            fixed (int* o = shanten)
            fixed (Status* st = status)
                rc = NativeMethods.mj_shanten_batch((byte*)h, (UIntPtr)n, (uint)forms, o, (int*)st);
            return Finish(rc, status, n, throwing);
        }

        /// <summary>Win check of every hand over forms (win[i] true when complete).</summary>
        public static Status IsWin(Hand[] hands, Forms forms, bool[] win, Status[] status)
        {
            CheckArrays(hands, win, status);
            return IsWinCore(hands, forms, win, status, true);
        }

        /// <summary>As IsWin; false (never an exception) unless every hand succeeded.</summary>
        public static bool TryIsWin(Hand[] hands, Forms forms, bool[] win, Status[] status)
        {
            if (hands == null || win == null || status == null) return false;
            if (win.Length < hands.Length || status.Length < hands.Length) return false;
            return IsWinCore(hands, forms, win, status, false) == Status.Ok;
        }

        static Status IsWinCore(Hand[] hands, Forms forms, bool[] win, Status[] status, bool throwing)
        {
            int n = hands.Length;
            Array.Clear(status, 0, n);
            if (n == 0) return Status.Ok;
            // bool is not blittable: results go through a byte buffer (on the stack when small).
            byte[] heap = n > 256 ? new byte[n] : null;
            byte* small = stackalloc byte[256];
            int rc;
            fixed (byte* big = heap)
            {
                byte* o = heap != null ? big : small;
                for (int i = 0; i < n; i++) o[i] = win[i] ? (byte)1 : (byte)0;
                fixed (Hand* h = hands)
                fixed (Status* st = status)
                    rc = NativeMethods.mj_is_win_batch((byte*)h, (UIntPtr)n, (uint)forms, o, (int*)st);
                for (int i = 0; i < n; i++) win[i] = o[i] != 0;
            }
            return Finish(rc, status, n, throwing);
        }

        /// <summary>Waits of every hand over forms.</summary>
        public static Status Waits(Hand[] hands, Forms forms, TileSet[] waits, Status[] status)
        {
            CheckArrays(hands, waits, status);
            return WaitsCore(hands, forms, waits, status, true);
        }

        /// <summary>As Waits; false (never an exception) unless every hand succeeded.</summary>
        public static bool TryWaits(Hand[] hands, Forms forms, TileSet[] waits, Status[] status)
        {
            if (hands == null || waits == null || status == null) return false;
            if (waits.Length < hands.Length || status.Length < hands.Length) return false;
            return WaitsCore(hands, forms, waits, status, false) == Status.Ok;
        }

        static Status WaitsCore(Hand[] hands, Forms forms, TileSet[] waits, Status[] status, bool throwing)
        {
            int n = hands.Length;
            Array.Clear(status, 0, n);
            if (n == 0) return Status.Ok;
            ulong[] masks = new ulong[n];
            for (int i = 0; i < n; i++) masks[i] = waits[i].Mask;
            int rc;
            fixed (Hand* h = hands)
            fixed (ulong* o = masks)
            fixed (Status* st = status)
                rc = NativeMethods.mj_waits_batch((byte*)h, (UIntPtr)n, (uint)forms, o, (int*)st);
            for (int i = 0; i < n; i++) waits[i] = new TileSet(masks[i]);
            return Finish(rc, status, n, throwing);
        }
    }

    /// <summary>A hand: copies (0..4) of each of the 34 tile kinds, a 34-byte value type.</summary>
    public unsafe struct Hand : IEquatable<Hand>
    {
        fixed byte counts[NativeMethods.MJ_TILE_KINDS];

        /// <summary>Copies of a kind; kind outside 0..33 throws MjKitException(InvalidArgument).
        /// Counts are checked by the analysis calls, not here.</summary>
        public int this[int kind]
        {
            get
            {
                if ((uint)kind >= NativeMethods.MJ_TILE_KINDS) throw new MjKitException(Status.InvalidArgument);
                fixed (byte* p = counts) return p[kind];
            }
            set
            {
                if ((uint)kind >= NativeMethods.MJ_TILE_KINDS || value < 0 || value > 255)
                    throw new MjKitException(Status.InvalidArgument);
                fixed (byte* p = counts) p[kind] = (byte)value;
            }
        }

        /// <summary>Copies of a tile.</summary>
        public int this[Tile tile] { get { return this[tile.Kind]; } set { this[tile.Kind] = value; } }

        /// <summary>Number of tiles.</summary>
        public int Total
        {
            get
            {
                int n = 0;
                fixed (byte* p = counts)
                {
                    for (int k = 0; k < NativeMethods.MJ_TILE_KINDS; k++) n += p[k];
                }
                return n;
            }
        }

        /// <summary>A hand from 34 counts.</summary>
        public static Hand FromCounts(byte[] counts)
        {
            if (counts == null) throw new MjKitException(Status.NullPointer);
            if (counts.Length != NativeMethods.MJ_TILE_KINDS) throw new MjKitException(Status.InvalidArgument);
            Hand h = default(Hand);
            byte* p = h.counts;
            for (int k = 0; k < NativeMethods.MJ_TILE_KINDS; k++) p[k] = counts[k];
            return h;
        }

        /// <summary>The 34 counts as a new array.</summary>
        public byte[] ToCounts()
        {
            var a = new byte[NativeMethods.MJ_TILE_KINDS];
            fixed (byte* p = counts)
            {
                for (int k = 0; k < a.Length; k++) a[k] = p[k];
            }
            return a;
        }

        static int ParseInto(string text, byte* counts, byte* red)
        {
            if (text == null) return NativeMethods.mj_parse(null, counts, red);
            int cap = Utf8.MaxBytes(text);
            if (cap <= 512)
            {
                byte* buf = stackalloc byte[cap];
                Utf8.Write(text, buf, cap);
                return NativeMethods.mj_parse(buf, counts, red);
            }
            fixed (byte* buf = new byte[cap])
            {
                Utf8.Write(text, buf, cap);
                return NativeMethods.mj_parse(buf, counts, red);
            }
        }

        /// <summary>Parses notation such as "123m406p789s11z" (0 = red five, honours 1z-7z or
        /// ESWNPFC, whitespace ignored). Throws MjKitException (BadNotation, TooManyCopies,
        /// NullPointer for null).</summary>
        public static Hand Parse(string text)
        {
            Hand h = default(Hand);
            MjKitException.Check(ParseInto(text, h.counts, null));
            return h;
        }

        /// <summary>As Parse, and the number of red fives in m, p and s.</summary>
        public static Hand Parse(string text, out RedFives redFives)
        {
            Hand h = default(Hand);
            RedFives r = default(RedFives);
            MjKitException.Check(ParseInto(text, h.counts, (byte*)&r));
            redFives = r;
            return h;
        }

        /// <summary>Parses notation; false (and a default hand) instead of throwing.</summary>
        public static bool TryParse(string text, out Hand hand)
        {
            Hand h = default(Hand);
            if (ParseInto(text, h.counts, null) != 0)
            {
                hand = default(Hand);
                return false;
            }
            hand = h;
            return true;
        }

        /// <summary>Where notation goes wrong: the index of the first character that Parse
        /// rejects as malformed, or text.Length when it is well-formed (mj_parse_error_pos).</summary>
        public static int ParseErrorIndex(string text)
        {
            if (text == null) throw new MjKitException(Status.NullPointer);
            int cap = Utf8.MaxBytes(text);
            UIntPtr pos;
            byte[] heap = cap > 512 ? new byte[cap] : null;
            byte* small = stackalloc byte[cap > 512 ? 1 : cap];
            fixed (byte* big = heap)
            {
                byte* buf = heap != null ? big : small;
                Utf8.Write(text, buf, cap);
                MjKitException.Check(NativeMethods.mj_parse_error_pos(buf, &pos));
            }
            // Byte offset to char index.
            long bytes = (long)pos.ToUInt64();
            int i = 0;
            while (i < text.Length && bytes > 0)
            {
                char c = text[i];
                if (char.IsHighSurrogate(c) && i + 1 < text.Length) { bytes -= 4; i += 2; continue; }
                bytes -= c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
                i++;
            }
            return i;
        }

        /// <summary>Writes canonical notation as UTF-8 (no NUL) into buffer; returns its length.
        /// Throws BufferTooSmall when buffer is shorter than the notation + 1,
        /// TooManyCopies for a count above 4. Allocates nothing.</summary>
        public int Format(byte[] buffer)
        {
            if (buffer == null) throw new MjKitException(Status.NullPointer);
            UIntPtr len;
            fixed (byte* p = counts)
            fixed (byte* b = buffer)
            {
                // A zero-length array pins as NULL; give the library a valid pointer and length 0.
                byte one;
                byte* dst = buffer.Length == 0 ? &one : b;
                MjKitException.Check(NativeMethods.mj_format(p, dst, (UIntPtr)buffer.Length, &len));
            }
            return (int)len.ToUInt32();
        }

        /// <summary>Canonical notation ("123m456p789s11z"); for a count above 4, the counts as
        /// numbers in brackets.</summary>
        public override string ToString()
        {
            byte* buf = stackalloc byte[NativeMethods.MJ_FORMAT_BUF_LEN];
            UIntPtr len;
            fixed (byte* p = counts)
            {
                if (NativeMethods.mj_format(p, buf, (UIntPtr)NativeMethods.MJ_FORMAT_BUF_LEN, &len) == 0)
                    return Encoding.ASCII.GetString(buf, (int)len.ToUInt32());
                var sb = new StringBuilder("[");
                for (int k = 0; k < NativeMethods.MJ_TILE_KINDS; k++) sb.Append(k == 0 ? "" : " ").Append(p[k]);
                return sb.Append(']').ToString();
            }
        }

        /// <summary>Shanten number over forms (-1 complete, 0 tenpai, ...).</summary>
        public int Shanten(Forms forms)
        {
            int s;
            fixed (byte* p = counts) MjKitException.Check(NativeMethods.mj_shanten(p, (uint)forms, &s));
            return s;
        }

        /// <summary>Shanten number; false instead of throwing.</summary>
        public bool TryShanten(Forms forms, out int shanten)
        {
            int s = 0;
            int st;
            fixed (byte* p = counts) st = NativeMethods.mj_shanten(p, (uint)forms, &s);
            shanten = s;
            return st == 0;
        }

        /// <summary>Whether a 3n+2 hand is complete in one of forms.</summary>
        public bool IsWin(Forms forms)
        {
            byte w;
            fixed (byte* p = counts) MjKitException.Check(NativeMethods.mj_is_win(p, (uint)forms, &w));
            return w != 0;
        }

        /// <summary>Win check; false instead of throwing (win is then false too).</summary>
        public bool TryIsWin(Forms forms, out bool win)
        {
            byte w = 0;
            int st;
            fixed (byte* p = counts) st = NativeMethods.mj_is_win(p, (uint)forms, &w);
            win = w != 0;
            return st == 0;
        }

        /// <summary>The kinds that complete a 3n+1 hand in one of forms.</summary>
        public TileSet Waits(Forms forms)
        {
            ulong m;
            fixed (byte* p = counts) MjKitException.Check(NativeMethods.mj_waits(p, (uint)forms, &m));
            return new TileSet(m);
        }

        /// <summary>Waits; false instead of throwing.</summary>
        public bool TryWaits(Forms forms, out TileSet waits)
        {
            ulong m = 0;
            int st;
            fixed (byte* p = counts) st = NativeMethods.mj_waits(p, (uint)forms, &m);
            waits = new TileSet(m);
            return st == 0;
        }

        int UkeireRaw(Forms forms, Hand* visible, out Ukeire result)
        {
            Ukeire u = default(Ukeire);
            uint total = 0;
            int st;
            fixed (byte* p = counts)
            {
                st = NativeMethods.mj_ukeire(p, (uint)forms, visible == null ? null : visible->counts, u.perKind, &total);
            }
            u.total = total;
            result = st == 0 ? u : default(Ukeire);
            return st;
        }

        /// <summary>Tile acceptance of a 3n+1 hand, nothing seen outside the hand.</summary>
        public Ukeire Ukeire(Forms forms)
        {
            Ukeire u;
            MjKitException.Check(UkeireRaw(forms, null, out u));
            return u;
        }

        /// <summary>Tile acceptance of a 3n+1 hand; visible = tiles seen outside the hand.</summary>
        public Ukeire Ukeire(Forms forms, Hand visible)
        {
            Ukeire u;
            MjKitException.Check(UkeireRaw(forms, &visible, out u));
            return u;
        }

        /// <summary>Tile acceptance; false instead of throwing.</summary>
        public bool TryUkeire(Forms forms, out Ukeire ukeire)
        {
            return UkeireRaw(forms, null, out ukeire) == 0;
        }

        /// <summary>Tile acceptance with visible tiles; false instead of throwing.</summary>
        public bool TryUkeire(Forms forms, Hand visible, out Ukeire ukeire)
        {
            return UkeireRaw(forms, &visible, out ukeire) == 0;
        }

        int DiscardsRaw(Forms forms, Hand* visible, Discard[] buffer, out int count)
        {
            count = 0;
            if (buffer == null) return (int)Status.NullPointer;
            if (buffer.Length < NativeMethods.MJ_TILE_KINDS) return (int)Status.BufferTooSmall;
            uint len;
            int st;
            fixed (byte* p = counts)
            fixed (Discard* d = buffer)
            {
                // Discard is a readonly wrapper of exactly one MjDiscard: the same layout.
                st = NativeMethods.mj_discards(p, (uint)forms, visible == null ? null : visible->counts, (MjDiscard*)d, &len);
            }
            if (st == 0) count = (int)len;
            return st;
        }

        /// <summary>Every distinct discard of a 3n+2 hand by increasing tile kind, with the
        /// shanten number and tile acceptance after it. Allocates the result array.</summary>
        public Discard[] Discards(Forms forms)
        {
            var buf = new Discard[NativeMethods.MJ_TILE_KINDS];
            int n;
            MjKitException.Check(DiscardsRaw(forms, null, buf, out n));
            Array.Resize(ref buf, n);
            return buf;
        }

        /// <summary>As Discards(forms); visible = tiles seen outside the hand.</summary>
        public Discard[] Discards(Forms forms, Hand visible)
        {
            var buf = new Discard[NativeMethods.MJ_TILE_KINDS];
            int n;
            MjKitException.Check(DiscardsRaw(forms, &visible, buf, out n));
            Array.Resize(ref buf, n);
            return buf;
        }

        /// <summary>Fills buffer (at least 34 entries, reusable: nothing allocated) and returns
        /// the number of discards written; throws BufferTooSmall for a shorter buffer.</summary>
        public int Discards(Forms forms, Hand visible, Discard[] buffer)
        {
            int n;
            MjKitException.Check(DiscardsRaw(forms, &visible, buffer, out n));
            return n;
        }

        /// <summary>Fills buffer (at least 34 entries); false instead of throwing.</summary>
        public bool TryDiscards(Forms forms, Discard[] buffer, out int count)
        {
            return DiscardsRaw(forms, null, buffer, out count) == 0;
        }

        /// <summary>Fills buffer with visible tiles; false instead of throwing.</summary>
        public bool TryDiscards(Forms forms, Hand visible, Discard[] buffer, out int count)
        {
            return DiscardsRaw(forms, &visible, buffer, out count) == 0;
        }

        /// <inheritdoc/>
        public bool Equals(Hand other)
        {
            fixed (byte* a = counts)
            {
                byte* b = other.counts;
                for (int k = 0; k < NativeMethods.MJ_TILE_KINDS; k++)
                {
                    if (a[k] != b[k]) return false;
                }
            }
            return true;
        }

        /// <inheritdoc/>
        public override bool Equals(object obj) { return obj is Hand && Equals((Hand)obj); }

        /// <inheritdoc/>
        public override int GetHashCode()
        {
            int h = 17;
            fixed (byte* p = counts)
            {
                for (int k = 0; k < NativeMethods.MJ_TILE_KINDS; k++) h = h * 31 + p[k];
            }
            return h;
        }

        /// <summary>Value equality.</summary>
        public static bool operator ==(Hand a, Hand b) { return a.Equals(b); }
        /// <summary>Value inequality.</summary>
        public static bool operator !=(Hand a, Hand b) { return !a.Equals(b); }

        /// <summary>A hand from 34 counts at src.</summary>
        internal static Hand FromNative(byte* src)
        {
            Hand h = default(Hand);
            byte* p = h.counts;
            for (int k = 0; k < NativeMethods.MJ_TILE_KINDS; k++) p[k] = src[k];
            return h;
        }

        internal void CopyTo(byte* dst)
        {
            fixed (byte* p = counts)
            {
                for (int k = 0; k < NativeMethods.MJ_TILE_KINDS; k++) dst[k] = p[k];
            }
        }
    }
}
