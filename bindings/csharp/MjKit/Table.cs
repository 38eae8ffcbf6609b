// mjkit C# binding: the table engine and the bots (mj_table_*, mj_legal_actions, mj_ai_decide).
// A Table owns one native MjTable through a SafeHandle; everything else is a value type with the
// native layout (View is MjView, Action is MjAction), so a game loop of View / Ai.Decide /
// Apply with a reused action buffer allocates nothing. Failures throw MjKitException; the
// TryXxx forms return false instead and never throw.
using System;
using System.Runtime.InteropServices;

namespace MjKit
{
    /// <summary>Argument conversions shared by the table calls.</summary>
    internal static class Args
    {
        /// <summary>A seat, wind or small count as a byte; values outside 0..255 become 255,
        /// which the library rejects (InvalidArgument) rather than wrapping to a valid value.</summary>
        internal static byte Byte(int v)
        {
            return (uint)v <= 255 ? (byte)v : (byte)255;
        }

        /// <summary>A seat field: MJ_NO_SEAT is -1.</summary>
        internal static int Seat(byte s)
        {
            return s == NativeMethods.MJ_NO_SEAT ? -1 : s;
        }

        /// <summary>A tile field: MJ_NO_TILE is null.</summary>
        /// <summary>The tile of a tile field; null for MJ_NO_TILE and for a flower's code (34..41,
        /// see Flower). A red five's code (42..44) is its five (see IsRed).</summary>
        internal static Tile? Tile(byte t)
        {
            if (t >= 42 && t <= 44) return new Tile(4 + 9 * (t - 42));
            if (t >= NativeMethods.MJ_TILE_KINDS) return null;
            return new Tile(t);
        }

        /// <summary>Whether a tile field holds a red five's code (42..44).</summary>
        internal static bool IsRed(byte t)
        {
            return t >= 42 && t <= 44;
        }

        /// <summary>The flower (0..7: 春夏秋冬梅蘭竹菊) of a tile field holding a flower's code
        /// (34..41), else null.</summary>
        internal static int? Flower(byte t)
        {
            if (t < NativeMethods.MJ_TILE_KINDS || t >= NativeMethods.MJ_TILE_KINDS + 8) return null;
            return t - NativeMethods.MJ_TILE_KINDS;
        }

        internal static int CheckSeat(int seat)
        {
            if ((uint)seat >= NativeMethods.MJ_SEATS) throw new MjKitException(Status.InvalidArgument);
            return seat;
        }

        internal static int BitCount(int mask)
        {
            int n = 0;
            while (mask != 0) { mask &= mask - 1; n++; }
            return n;
        }
    }

    /// <summary>The rules of a table. Start from Rules.Default.</summary>
    public unsafe struct Rules
    {
        /// <summary>Taiwanese 16 tiles or 13 tiles.</summary>
        public Variant Variant;
        /// <summary>Tiles left in the wall at the exhaustive draw (0..60).</summary>
        public int DeadWall;
        /// <summary>Who wins when several seats can win on one discard.</summary>
        public MultiWin MultiWin;
        /// <summary>Whether a seat may win on a tile added to a pung (robbing the kong).</summary>
        public bool RobKong;
        /// <summary>How hands are paid.</summary>
        public Scoring Scoring;
        /// <summary>The tai values and switches, read under Scoring.Tai (Default: the ATAWMJ
        /// preset). A field, so `rules.Tai.Price = 7;` edits it in place. Under Scoring.Thesis
        /// it is neither read nor checked, and the rules read back from a table hold the ATAWMJ
        /// preset there.</summary>
        public TaiRules Tai;
        /// <summary>過水: UntilDraw (the Taiwanese default) locks a passed win on another seat's
        /// tile until the seat's next draw; UntilDiscard locks any passed win, its own draw
        /// included, until its next discard; Off.</summary>
        public PassLock PassLock;
        /// <summary>Which seats answer a claim window: every seat but the discarder (the
        /// default: the table's pace tells nobody who could claim) or only the claimants.</summary>
        public ClaimWindow ClaimWindow;
        /// <summary>The riichi rules, read under Variant.Riichi only (Rules.Preset(Variant.Riichi)
        /// or Rules.RiichiMahjongSoul). A field, so `rules.Riichi.Kuikae = false;` edits it.</summary>
        public RiichiTableRules Riichi;

        /// <summary>Taiwanese 16-tile rules as played: 144 tiles with flowers, 16 tiles left at
        /// the exhaustive draw, head bump, robbing the kong allowed, tai under the ATAWMJ
        /// preset, 過水 until the seat's draw (mj_rules_default).</summary>
        public static Rules Default
        {
            get { return FromNative(NativeMethods.mj_rules_default()); }
        }

        /// <summary>The rules of a variant (mj_rules_preset): Taiwanese 16-tile, 13-tile with
        /// its own dead wall (14 tiles), or riichi under the Tenhou-like rules.</summary>
        public static Rules Preset(Variant variant)
        {
            MjRules r;
            MjKitException.Check(NativeMethods.mj_rules_preset((uint)variant, &r));
            return FromNative(r);
        }

        /// <summary>Riichi under the Mahjong Soul-like rules (MJ_PRESET_RIICHI_MAHJONG_SOUL).</summary>
        public static Rules RiichiMahjongSoul
        {
            get
            {
                MjRules r;
                MjKitException.Check(NativeMethods.mj_rules_preset(NativeMethods.MJ_PRESET_RIICHI_MAHJONG_SOUL, &r));
                return FromNative(r);
            }
        }

        internal static Rules FromNative(MjRules r)
        {
            Rules x;
            x.Variant = (Variant)r.variant;
            x.DeadWall = r.dead_wall;
            x.MultiWin = (MultiWin)r.multi_win;
            x.RobKong = r.rob_kong != 0;
            x.Scoring = (Scoring)r.scoring;
            x.Tai = new TaiRules { raw = r.tai };
            x.PassLock = (PassLock)r.pass_lock;
            x.ClaimWindow = (ClaimWindow)r.claim_window;
            x.Riichi = new RiichiTableRules { raw = r.riichi };
            return x;
        }

        internal MjRules ToNative()
        {
            MjRules r;
            r.variant = (byte)Variant;
            r.dead_wall = Args.Byte(DeadWall);
            r.multi_win = (byte)MultiWin;
            r.rob_kong = RobKong ? (byte)1 : (byte)0;
            r.scoring = (byte)Scoring;
            r.tai = Tai.raw;
            r.pass_lock = (byte)PassLock;
            r.claim_window = (byte)ClaimWindow;
            r.riichi = Riichi.raw;
            return r;
        }
    }

    /// <summary>One decision: a kind, the tile it concerns and the red fives it takes from the
    /// hand (same memory layout as MjAction).</summary>
    public readonly struct Action : IEquatable<Action>
    {
        internal readonly MjAction raw;

        internal Action(MjAction raw) { this.raw = raw; }

        /// <summary>An action on a tile (for Pass, use Action.Pass).</summary>
        public Action(ActionKind kind, Tile tile)
        {
            raw.kind = (byte)kind;
            raw.tile = (byte)tile.Kind;
            raw.aux = 0;
        }

        /// <summary>An action on a tile code (a red five is 42..44: a discard or added kong of
        /// it) taking `aux` red fives from the hand (a chi, pon or kan with the red five).</summary>
        public Action(ActionKind kind, int code, int aux)
        {
            raw.kind = (byte)kind;
            raw.tile = Args.Byte(code);
            raw.aux = Args.Byte(aux);
        }

        /// <summary>A riichi declaration or nine terminals: actions without a tile.</summary>
        public static Action Declare(ActionKind kind)
        {
            MjAction a;
            a.kind = (byte)kind;
            a.tile = NativeMethods.MJ_NO_TILE;
            a.aux = 0;
            return new Action(a);
        }

        /// <summary>Pass: claim nothing.</summary>
        public static Action Pass
        {
            get
            {
                MjAction a;
                a.kind = (byte)ActionKind.Pass;
                a.tile = NativeMethods.MJ_NO_TILE;
                a.aux = 0;
                return new Action(a);
            }
        }

        /// <summary>The kind of decision.</summary>
        public ActionKind Kind { get { return (ActionKind)raw.kind; } }

        /// <summary>The tile it concerns (a red five's five); null for a pass, riichi, nine
        /// terminals.</summary>
        public Tile? Tile { get { return Args.Tile(raw.tile); } }
        /// <summary>Whether the tile is a red five (a discard or added kong of it).</summary>
        public bool IsRed { get { return Args.IsRed(raw.tile); } }
        /// <summary>The tile's code (0..33, a flower 34..41, a red five 42..44, 255 none).</summary>
        public int Code { get { return raw.tile; } }
        /// <summary>Red fives the action takes from the hand.</summary>
        public int Aux { get { return raw.aux; } }
        /// <summary>The flower (0..7) of a flower win (EightFlowers, RobFlower), else null.</summary>
        public int? Flower { get { return Args.Flower(raw.tile); } }

        /// <summary>"discard 5m", "chow 3p", "pass".</summary>
        public override string ToString()
        {
            string kind;
            switch (Kind)
            {
                case ActionKind.Pass: kind = "pass"; break;
                case ActionKind.Discard: kind = "discard"; break;
                case ActionKind.Chow: kind = "chow"; break;
                case ActionKind.Pung: kind = "pung"; break;
                case ActionKind.ExposedKong: kind = "exposed kong"; break;
                case ActionKind.AddedKong: kind = "added kong"; break;
                case ActionKind.ConcealedKong: kind = "concealed kong"; break;
                case ActionKind.Win: kind = "win"; break;
                case ActionKind.Riichi: kind = "riichi"; break;
                case ActionKind.NineTerminals: kind = "nine terminals"; break;
                default: kind = "action " + raw.kind; break;
            }
            string red = raw.aux > 0 ? " (" + raw.aux + " red)" : "";
            if (raw.tile == NativeMethods.MJ_NO_TILE) return kind;
            if (Args.IsRed(raw.tile)) return kind + " 0" + "mps"[raw.tile - 42] + red;
            if (raw.tile >= NativeMethods.MJ_TILE_KINDS) return kind + " tile " + raw.tile;
            return kind + " " + new Tile(raw.tile) + red;
        }

        /// <inheritdoc/>
        public bool Equals(Action other) { return raw.kind == other.raw.kind && raw.tile == other.raw.tile && raw.aux == other.raw.aux; }
        /// <inheritdoc/>
        public override bool Equals(object obj) { return obj is Action && Equals((Action)obj); }
        /// <inheritdoc/>
        public override int GetHashCode() { return raw.kind << 16 | raw.tile << 8 | raw.aux; }
        /// <summary>Value equality.</summary>
        public static bool operator ==(Action a, Action b) { return a.Equals(b); }
        /// <summary>Value inequality.</summary>
        public static bool operator !=(Action a, Action b) { return !a.Equals(b); }
    }

    /// <summary>A meld declared at a table, as a view shows it.</summary>
    public readonly struct TableMeld
    {
        /// <summary>Chow, pung or one of the kongs.</summary>
        public readonly TableMeldKind Kind;
        /// <summary>Lowest tile of a chow, the tile of a pung or kong; null for another seat's
        /// concealed kong (Hidden is true then).</summary>
        public readonly Tile? Tile;
        /// <summary>The tile taken from a discard; null for a concealed kong.</summary>
        public readonly Tile? Claimed;
        /// <summary>The seat the claimed tile came from; -1 for a concealed kong.</summary>
        public readonly int From;
        /// <summary>Another seat's concealed kong, face down: its tile is not shown.</summary>
        public readonly bool Hidden;
        /// <summary>Red fives among the meld's tiles.</summary>
        public readonly int Red;

        internal TableMeld(byte kind, byte tile, byte claimed, byte from, byte red)
        {
            Kind = (TableMeldKind)kind;
            Hidden = tile == NativeMethods.MJ_HIDDEN_TILE;
            Tile = Args.Tile(tile);
            Claimed = Args.Tile(claimed);
            From = Args.Seat(from);
            Red = red;
        }
    }

    /// <summary>One entry of the discards of a hand, in order.</summary>
    public readonly struct TableDiscard
    {
        /// <summary>The tile discarded (a red five's five: see IsRed).</summary>
        public readonly Tile Tile;
        /// <summary>Whether it is a red five.</summary>
        public readonly bool IsRed;
        /// <summary>Who discarded it.</summary>
        public readonly int Seat;
        /// <summary>Who claimed it; -1 if nobody.</summary>
        public readonly int ClaimedBy;
        /// <summary>Whether it was discarded straight after being drawn.</summary>
        public readonly bool Drawn;

        internal TableDiscard(byte tile, byte seat, byte claimedBy, byte drawn)
        {
            Tile = Args.Tile(tile) ?? new Tile(0);
            IsRed = Args.IsRed(tile);
            Seat = seat;
            ClaimedBy = Args.Seat(claimedBy);
            Drawn = drawn != 0;
        }
    }

    /// <summary>What one reader can see (MjView): a seat its own tiles and options and
    /// everything public, the spectator everything public. A value type with the native layout
    /// (padding zeroed), so a view can be kept, compared, and sent over a network as bytes
    /// (CopyTo / FromBytes). A bot decides on a view only.</summary>
    public unsafe partial struct View : IEquatable<View>
    {
        internal MjView raw;

        /// <summary>Bytes of a view (sizeof(MjView)).</summary>
        public static int ByteSize { get { return sizeof(MjView); } }

        /// <summary>The seat this view belongs to (0..3); -1 for the spectator's view.</summary>
        public int Seat { get { return Args.Seat(raw.seat); } }
        /// <summary>The dealer's seat.</summary>
        public int Dealer { get { return raw.dealer; } }
        /// <summary>Prevalent wind.</summary>
        public Wind PrevalentWind { get { return (Wind)raw.prevalent_wind; } }
        /// <summary>The match's first dealer (with Dealer and PrevalentWind it names the round:
        /// Names.Round).</summary>
        public int FirstDealer { get { return raw.first_dealer; } }
        /// <summary>Index of the hand within the table's game.</summary>
        public uint HandIndex { get { return raw.hand_index; } }
        /// <summary>What the table waits for.</summary>
        public Phase Phase { get { return (Phase)raw.phase; } }
        /// <summary>Turn: the seat to act; claim: the seat whose tile is offered; over: -1.</summary>
        public int Actor { get { return Args.Seat(raw.actor); } }
        /// <summary>This seat's own bit (bit s = seat s) while the table waits for its decision;
        /// never another seat's (who else may claim is that seat's secret); 0 for the
        /// spectator. The table waits for somebody whenever Phase is not Over.</summary>
        public int PendingMask { get { return raw.pending; } }
        /// <summary>Whether the table waits for this view's seat (it has a decision to make).</summary>
        public bool IsOwnDecision { get { return raw.seat < NativeMethods.MJ_SEATS && (raw.pending >> raw.seat & 1) != 0; } }
        /// <summary>Own turn after a draw: the tile drawn; else null (also after a chow or pung).</summary>
        public Tile? Drawn { get { return Args.Tile(raw.drawn); } }
        /// <summary>Claim phase: the tile offered; else null.</summary>
        public Tile? Offered { get { return Args.Tile(raw.offered); } }
        /// <summary>A flower offer (Offer.Flower): the flower (0..7) just set aside, else null.</summary>
        public int? OfferedFlower { get { return Args.Flower(raw.offered); } }
        /// <summary>What is offered in the claim phase (Offer.Discard in the others).</summary>
        public Offer Offer { get { return (Offer)raw.offer; } }
        /// <summary>Number of discards so far.</summary>
        public int DiscardCount { get { return raw.discard_count; } }
        /// <summary>Draws left before the exhaustive draw (flowers still in the wall included).</summary>
        public int WallLeft { get { return raw.wall_left; } }
        /// <summary>The dealer's consecutive deals before this hand (連莊; 0 on a dealer's first
        /// hand).</summary>
        public int Consecutive { get { return raw.consecutive; } }
        /// <summary>過水: the tile kinds this seat may not win on now (bit k = kind k), having
        /// passed a win on them since its last draw (UntilDraw) or discard (UntilDiscard).</summary>
        public ulong PassLocked { get { return raw.pass_locked; } }
        /// <summary>This seat's facts for a win now that the rest of the view does not show:
        /// Replacement (AfterExposedKong) for a tile drawn from the back, ReadyFirstDiscard and
        /// ReadyFromDeal while it keeps that readiness.</summary>
        public EventFlags WinFlags { get { return (EventFlags)raw.win_flags; } }
        /// <summary>The table's rules.</summary>
        public Rules Rules { get { return Rules.FromNative(raw.rules); } }
        /// <summary>Seats at the table (4).</summary>
        public int Seats { get { return raw.seats; } }
        /// <summary>Red fives among this seat's concealed tiles, of suit 0 (characters), 1 (dots)
        /// or 2 (bamboo).</summary>
        public int Red(int suit)
        {
            if ((uint)suit > 2) throw new MjKitException(Status.InvalidArgument);
            fixed (byte* p = raw.red) return p[suit];
        }
        /// <summary>Riichi: what the riichi rules let this seat know (riichi of every seat, dora
        /// indicators, honba, sticks, own furiten and kuikae).</summary>
        public RiichiView Riichi { get { return new RiichiView(raw.riichi); } }

        /// <summary>This seat's concealed tiles (none in the spectator's view).</summary>
        public Hand Hand
        {
            get { fixed (byte* p = raw.hand) return Hand.FromNative(p); }
        }

        /// <summary>Whether the view shows that the table waits for seat s: only ever this
        /// view's own seat.</summary>
        public bool IsPending(int seat)
        {
            return (raw.pending >> Args.CheckSeat(seat) & 1) != 0;
        }

        /// <summary>Points of a seat since the table was created.</summary>
        public long Score(int seat)
        {
            Args.CheckSeat(seat);
            fixed (long* p = raw.scores) return p[seat];
        }

        /// <summary>Flowers set aside by a seat: bit f = flower f (0..7).</summary>
        public int FlowerMask(int seat)
        {
            Args.CheckSeat(seat);
            fixed (byte* p = raw.flowers) return p[seat];
        }

        /// <summary>Number of flowers set aside by a seat.</summary>
        public int FlowerCount(int seat) { return Args.BitCount(FlowerMask(seat)); }

        /// <summary>Concealed tiles of a seat.</summary>
        public int ConcealedCount(int seat)
        {
            Args.CheckSeat(seat);
            fixed (byte* p = raw.concealed_counts) return p[seat];
        }

        /// <summary>Declared melds of a seat.</summary>
        public int MeldCount(int seat)
        {
            Args.CheckSeat(seat);
            fixed (byte* p = raw.meld_counts) return p[seat];
        }

        /// <summary>Meld i (0..MeldCount(seat)-1) of a seat.</summary>
        public TableMeld Meld(int seat, int i)
        {
            if ((uint)i >= (uint)MeldCount(seat) || i >= NativeMethods.MJ_MAX_MELDS)
                throw new MjKitException(Status.InvalidArgument);
            int slot = seat * NativeMethods.MJ_MAX_MELDS + i;
            fixed (MjView* v = &raw)
            {
                return new TableMeld(v->meld_kind[slot], v->meld_tile[slot], v->meld_claimed[slot], v->meld_from[slot], v->meld_red[slot]);
            }
        }

        /// <summary>Discard i (0..DiscardCount-1), in order.</summary>
        public TableDiscard Discard(int i)
        {
            if ((uint)i >= (uint)DiscardCount || i >= NativeMethods.MJ_MAX_DISCARDS)
                throw new MjKitException(Status.InvalidArgument);
            fixed (MjView* v = &raw)
            {
                return new TableDiscard(v->discard_tile[i], v->discard_seat[i], v->discard_claimed_by[i], v->discard_drawn[i]);
            }
        }

        int LegalRaw(Action[] buffer, out int count)
        {
            count = 0;
            uint n = 0;
            int st;
            fixed (MjView* v = &raw)
            fixed (Action* a = buffer)
            {
                // Action wraps exactly one MjAction: the same layout.
                st = NativeMethods.mj_legal_actions(v, (MjAction*)a, (UIntPtr)(buffer == null ? 0 : buffer.Length), &n);
            }
            if (st == 0) count = (int)n;
            return st;
        }

        /// <summary>The legal actions of this view's seat (the rule the table applies) written to
        /// buffer (Table.MaxActions entries always suffice; reusable, nothing allocated); returns
        /// how many. Throws MjKitException (InvalidView, TooManyCopies, BufferTooSmall).</summary>
        public int LegalActions(Action[] buffer)
        {
            int n;
            MjKitException.Check(LegalRaw(buffer, out n));
            return n;
        }

        /// <summary>As LegalActions(buffer); false instead of throwing.</summary>
        public bool TryLegalActions(Action[] buffer, out int count)
        {
            return LegalRaw(buffer, out count) == 0;
        }

        /// <summary>The legal actions of this view's seat as a new array.</summary>
        public Action[] LegalActions()
        {
            var buf = new Action[NativeMethods.MJ_MAX_ACTIONS];
            int n = LegalActions(buf);
            Array.Resize(ref buf, n);
            return buf;
        }

        /// <summary>Writes the view's ByteSize bytes, as the C struct, to buffer at offset.</summary>
        public void CopyTo(byte[] buffer, int offset)
        {
            if (buffer == null) throw new MjKitException(Status.NullPointer);
            if (offset < 0 || offset > buffer.Length || buffer.Length - offset < sizeof(MjView))
                throw new MjKitException(Status.BufferTooSmall);
            fixed (MjView* v = &raw)
            fixed (byte* b = buffer)
            {
                byte* src = (byte*)v;
                for (int i = 0; i < sizeof(MjView); i++) b[offset + i] = src[i];
            }
        }

        /// <summary>A view from ByteSize bytes at offset (as written by CopyTo, or by C). It is
        /// not checked here: LegalActions and Ai.Decide refuse a view no table could have
        /// produced (InvalidView, TooManyCopies).</summary>
        public static View FromBytes(byte[] buffer, int offset)
        {
            if (buffer == null) throw new MjKitException(Status.NullPointer);
            if (offset < 0 || offset > buffer.Length || buffer.Length - offset < sizeof(MjView))
                throw new MjKitException(Status.BufferTooSmall);
            View view = default(View);
            byte* dst = (byte*)&view.raw;
            fixed (byte* b = buffer)
            {
                for (int i = 0; i < sizeof(MjView); i++) dst[i] = b[offset + i];
            }
            return view;
        }

        /// <summary>Byte-for-byte equality.</summary>
        public bool Equals(View other)
        {
            fixed (MjView* v = &raw)
            {
                byte* a = (byte*)v;
                byte* b = (byte*)&other.raw;
                for (int i = 0; i < sizeof(MjView); i++)
                {
                    if (a[i] != b[i]) return false;
                }
            }
            return true;
        }

        /// <inheritdoc/>
        public override bool Equals(object obj) { return obj is View && Equals((View)obj); }

        /// <inheritdoc/>
        public override int GetHashCode()
        {
            int h = 17;
            fixed (MjView* v = &raw)
            {
                byte* a = (byte*)v;
                for (int i = 0; i < sizeof(MjView); i++) h = h * 31 + a[i];
            }
            return h;
        }
    }

    /// <summary>The outcome of a finished hand (MjHandResult).</summary>
    public unsafe struct HandResult
    {
        internal MjHandResult raw;

        /// <summary>How the hand ended.</summary>
        public HandEnd End { get { return (HandEnd)raw.end; } }
        /// <summary>The winners: bit s = seat s won.</summary>
        public int WinnerMask { get { return raw.winners; } }
        /// <summary>The seat that dealt in; -1 if none.</summary>
        public int Discarder { get { return Args.Seat(raw.discarder); } }
        /// <summary>The winning tile; null if nobody won or the win was a flower win.</summary>
        public Tile? Tile { get { return Args.Tile(raw.tile); } }
        /// <summary>A flower win (八仙過海, 七搶一): the eighth flower (0..7), else null.</summary>
        public int? Flower { get { return Args.Flower(raw.tile); } }
        /// <summary>Whether the win robbed an added kong.</summary>
        public bool RobbedKong { get { return raw.robbed_kong != 0; } }
        /// <summary>Ready seats that did not win: bit s = seat s was at shanten 0.</summary>
        public int TenpaiMask { get { return raw.tenpai; } }

        /// <summary>Points won (positive) or paid (negative) by a seat in this hand.</summary>
        public long Points(int seat)
        {
            Args.CheckSeat(seat);
            fixed (long* p = raw.points) return p[seat];
        }

        /// <summary>Under tai scoring: a winner's total tai (0 for the other seats and under the
        /// thesis' points).</summary>
        public int Tai(int seat)
        {
            Args.CheckSeat(seat);
            fixed (uint* t = raw.tai) return (int)t[seat];
        }

        /// <summary>Riichi: a winner's han (yakuman 13 each); 0 for the other seats.</summary>
        public int Han(int seat) { Args.CheckSeat(seat); fixed (uint* h = raw.han) return (int)h[seat]; }
        /// <summary>Riichi: a winner's fu; 0 for the other seats.</summary>
        public int Fu(int seat) { Args.CheckSeat(seat); fixed (uint* f = raw.fu) return (int)f[seat]; }
        /// <summary>HandEnd.AbortiveDraw: why (Reason.NineTerminals ... Reason.TripleRon); else
        /// Reason.None.</summary>
        public Reason AbortReason { get { return (Reason)raw.abort_reason; } }

        /// <summary>Whether a seat won.</summary>
        public bool Won(int seat) { return (raw.winners >> Args.CheckSeat(seat) & 1) != 0; }

        /// <summary>Whether a seat was ready and did not win.</summary>
        public bool Tenpai(int seat) { return (raw.tenpai >> Args.CheckSeat(seat) & 1) != 0; }

        /// <summary>"self-drawn win by seat 2 on 5m: +3 -1 -1 -1", "exhaustive draw, ready: 0 3: +0 +0 +0 +0".</summary>
        public override string ToString()
        {
            var sb = new System.Text.StringBuilder();
            switch (End)
            {
                case HandEnd.Discard: sb.Append("win on a discard"); break;
                case HandEnd.SelfDraw: sb.Append("self-drawn win"); break;
                case HandEnd.ExhaustiveDraw: sb.Append("exhaustive draw"); break;
                default: sb.Append("end ").Append(raw.end); break;
            }
            if (raw.winners != 0)
            {
                sb.Append(" by seat");
                for (int s = 0; s < NativeMethods.MJ_SEATS; s++) if (Won(s)) sb.Append(' ').Append(s);
                if (Tile.HasValue) sb.Append(" on ").Append(Tile.Value);
                if (Discarder >= 0) sb.Append(" from seat ").Append(Discarder);
                if (RobbedKong) sb.Append(" (robbing the kong)");
            }
            if (raw.tenpai != 0)
            {
                sb.Append(", ready:");
                for (int s = 0; s < NativeMethods.MJ_SEATS; s++) if (Tenpai(s)) sb.Append(' ').Append(s);
            }
            sb.Append(", points");
            for (int s = 0; s < NativeMethods.MJ_SEATS; s++)
            {
                long p = Points(s);
                sb.Append(' ').Append(p >= 0 ? "+" : "").Append(p);
            }
            return sb.ToString();
        }
    }

    /// <summary>A mahjong table: the deal, the wall and every seat's tiles (one native MjTable,
    /// released by Dispose or, failing that, by the finalizer). Calls are serialised by the
    /// library, so a table may be shared between threads. After Dispose every call reports
    /// NullPointer (the library receives NULL).</summary>
    public sealed unsafe partial class Table : IDisposable
    {
        /// <summary>Seats at a table.</summary>
        public const int Seats = NativeMethods.MJ_SEATS;
        /// <summary>Capacity that always suffices for a legal-action buffer.</summary>
        public const int MaxActions = NativeMethods.MJ_MAX_ACTIONS;
        /// <summary>The reader that sees public information only (View, Events, Client); seats
        /// read as 0..3.</summary>
        public const int Spectator = (int)NativeMethods.MJ_READER_SPECTATOR;

        /// <summary>Owns the MjTable pointer; frees it with mj_table_free exactly once.</summary>
        sealed class TableHandle : SafeHandle
        {
            internal TableHandle() : base(IntPtr.Zero, true) { }

            public override bool IsInvalid { get { return handle == IntPtr.Zero; } }

            internal void Set(MjTable* table) { SetHandle((IntPtr)table); }

            protected override bool ReleaseHandle()
            {
                NativeMethods.mj_table_free((MjTable*)handle);
                return true;
            }
        }

        readonly TableHandle handle;

        Table(TableHandle handle) { this.handle = handle; }

        static int NewRaw(Rules rules, ulong seed, out TableHandle handle)
        {
            MjRules r = rules.ToNative();
            var h = new TableHandle();
            MjTable* t = null;
            int st = NativeMethods.mj_table_new(&r, seed, &t);
            if (st == 0) h.Set(t);
            else h.SetHandleAsInvalid();
            handle = h;
            return st;
        }

        /// <summary>A table with these rules and seed, hand 0 dealt (seat 0 deals, East round).
        /// Throws MjKitException(InvalidArgument) for rules out of range.</summary>
        public Table(Rules rules, ulong seed)
        {
            MjKitException.Check(NewRaw(rules, seed, out handle));
        }

        /// <summary>A table with the default rules (Rules.Default) and this seed.</summary>
        public Table(ulong seed) : this(Rules.Default, seed) { }

        /// <summary>As new Table(rules, seed); false (and null) instead of throwing.</summary>
        public static bool TryCreate(Rules rules, ulong seed, out Table table)
        {
            TableHandle h;
            if (NewRaw(rules, seed, out h) != 0)
            {
                table = null;
                return false;
            }
            table = new Table(h);
            return true;
        }

        /// <summary>Whether Dispose has been called.</summary>
        public bool IsDisposed { get { return handle.IsClosed; } }

        /// <summary>Frees the native table now. Idempotent.</summary>
        public void Dispose() { handle.Dispose(); }

        /// <summary>The native pointer with a reference held (released by Release), or NULL
        /// once disposed.</summary>
        MjTable* Acquire(ref bool added)
        {
            if (handle.IsClosed || handle.IsInvalid) return null;
            try
            {
                handle.DangerousAddRef(ref added);
            }
            catch (ObjectDisposedException)
            {
                return null;
            }
            return (MjTable*)handle.DangerousGetHandle();
        }

        void Release(bool added)
        {
            if (added) handle.DangerousRelease();
        }

        int DealRaw(uint handIndex, int dealer, Wind prevalentWind)
        {
            bool added = false;
            try
            {
                return NativeMethods.mj_table_deal(Acquire(ref added), handIndex, Args.Byte(dealer), (byte)prevalentWind);
            }
            finally { Release(added); }
        }

        /// <summary>Deals hand handIndex with this dealer (0..3) and prevalent wind, abandoning any
        /// hand in play; scores are kept. Hand i of a table with seed s is the same everywhere.</summary>
        public void Deal(uint handIndex, int dealer, Wind prevalentWind)
        {
            MjKitException.Check(DealRaw(handIndex, dealer, prevalentWind));
        }

        /// <summary>As Deal; false instead of throwing.</summary>
        public bool TryDeal(uint handIndex, int dealer, Wind prevalentWind)
        {
            return DealRaw(handIndex, dealer, prevalentWind) == 0;
        }

        int DealWallRaw(uint handIndex, int dealer, Wind prevalentWind, byte[] wall)
        {
            bool added = false;
            try
            {
                fixed (byte* w = wall)
                {
                    return NativeMethods.mj_table_deal_wall(Acquire(ref added), handIndex, Args.Byte(dealer),
                        (byte)prevalentWind, w, (UIntPtr)(wall == null ? 0 : wall.Length));
                }
            }
            finally { Release(added); }
        }

        /// <summary>Deals hand handIndex from a wall the game gives (mj_table_deal_wall): every tile
        /// code of the variant's set in the order the table uses them (docs/backend.md "Walls";
        /// red fives 42..44). Throws MjKitException(InvalidArgument) for a wall that is not the
        /// set, or a seat or wind out of range; nothing changes then.</summary>
        public void DealWall(uint handIndex, int dealer, Wind prevalentWind, byte[] wall)
        {
            MjKitException.Check(DealWallRaw(handIndex, dealer, prevalentWind, wall));
        }

        /// <summary>As DealWall; false instead of throwing.</summary>
        public bool TryDealWall(uint handIndex, int dealer, Wind prevalentWind, byte[] wall)
        {
            return DealWallRaw(handIndex, dealer, prevalentWind, wall) == 0;
        }

        int NextHandRaw()
        {
            bool added = false;
            try { return NativeMethods.mj_table_next_hand(Acquire(ref added)); }
            finally { Release(added); }
        }

        /// <summary>Deals the next hand once the current one is over (the dealer keeps the deal
        /// after winning or an exhaustive draw). Throws MjKitException(HandNotOver) during a hand.</summary>
        public void NextHand() { MjKitException.Check(NextHandRaw()); }

        /// <summary>As NextHand; false instead of throwing.</summary>
        public bool TryNextHand() { return NextHandRaw() == 0; }

        int ViewRaw(int reader, out View view)
        {
            View v = default(View);
            bool added = false;
            int st;
            try { st = NativeMethods.mj_table_view(Acquire(ref added), (uint)reader, &v.raw); }
            finally { Release(added); }
            view = st == 0 ? v : default(View);
            return st;
        }

        /// <summary>What a reader can see: a seat (0..3) its own tiles and options, every meld
        /// (others' concealed kongs face down), the flowers, the discards, the wall left and the
        /// scores; Table.Spectator the same without any concealed tile or option.</summary>
        public View View(int reader)
        {
            View v;
            MjKitException.Check(ViewRaw(reader, out v));
            return v;
        }

        /// <summary>As View(reader); false instead of throwing.</summary>
        public bool TryView(int reader, out View view) { return ViewRaw(reader, out view) == 0; }

        int PendingRaw(byte* phase, out int pending)
        {
            byte p = 0;
            bool added = false;
            int st;
            try { st = NativeMethods.mj_table_pending(Acquire(ref added), &p, phase); }
            finally { Release(added); }
            pending = st == 0 ? p : 0;
            return st;
        }

        /// <summary>The seats whose decision the table waits for: bit s = seat s; 0 once the
        /// hand is over. The referee's: a server never sends it to a seat.</summary>
        public int Pending
        {
            get
            {
                int p;
                MjKitException.Check(PendingRaw(null, out p));
                return p;
            }
        }

        /// <summary>The pending seats and the phase.</summary>
        public int GetPending(out Phase phase)
        {
            byte ph = 0;
            int p;
            MjKitException.Check(PendingRaw(&ph, out p));
            phase = (Phase)ph;
            return p;
        }

        /// <summary>As GetPending; false instead of throwing.</summary>
        public bool TryGetPending(out int pending, out Phase phase)
        {
            byte ph = 0;
            bool ok = PendingRaw(&ph, out pending) == 0;
            phase = ok ? (Phase)ph : default(Phase);
            return ok;
        }

        int LegalRaw(int seat, Action[] buffer, out int count)
        {
            count = 0;
            uint n = 0;
            int st;
            bool added = false;
            try
            {
                fixed (Action* a = buffer)
                {
                    st = NativeMethods.mj_table_legal_actions(Acquire(ref added), Args.Byte(seat), (MjAction*)a,
                        (UIntPtr)(buffer == null ? 0 : buffer.Length), &n);
                }
            }
            finally { Release(added); }
            if (st == 0) count = (int)n;
            return st;
        }

        /// <summary>The legal actions of a seat now (none unless the table waits for it), written
        /// to buffer (MaxActions entries always suffice; reusable, nothing allocated); returns
        /// how many. Throws MjKitException (InvalidArgument, BufferTooSmall).</summary>
        public int LegalActions(int seat, Action[] buffer)
        {
            int n;
            MjKitException.Check(LegalRaw(seat, buffer, out n));
            return n;
        }

        /// <summary>As LegalActions(seat, buffer); false instead of throwing.</summary>
        public bool TryLegalActions(int seat, Action[] buffer, out int count)
        {
            return LegalRaw(seat, buffer, out count) == 0;
        }

        /// <summary>The legal actions of a seat now, as a new array.</summary>
        public Action[] LegalActions(int seat)
        {
            var buf = new Action[NativeMethods.MJ_MAX_ACTIONS];
            int n = LegalActions(seat, buf);
            Array.Resize(ref buf, n);
            return buf;
        }

        int ApplyRaw(int seat, Action action)
        {
            bool added = false;
            try { return NativeMethods.mj_table_apply(Acquire(ref added), Args.Byte(seat), action.raw); }
            finally { Release(added); }
        }

        /// <summary>Applies a seat's action. An action that is not one of its legal actions now
        /// throws MjKitException(IllegalAction) and changes nothing (the table as referee);
        /// InvalidArgument for a seat above 3 or an unknown action kind.</summary>
        public void Apply(int seat, Action action) { MjKitException.Check(ApplyRaw(seat, action)); }

        /// <summary>As Apply; false (and nothing changed) instead of throwing.</summary>
        public bool TryApply(int seat, Action action) { return ApplyRaw(seat, action) == 0; }

        int DefaultRaw(int seat, BotConfig? bot, bool apply, out Action action)
        {
            MjAction a = default(MjAction);
            MjBotConfig c = bot.HasValue ? bot.Value.ToNative() : default(MjBotConfig);
            MjBotConfig* cp = bot.HasValue ? &c : null;
            bool added = false;
            int st;
            try
            {
                MjTable* t = Acquire(ref added);
                st = apply ? NativeMethods.mj_table_apply_default(t, Args.Byte(seat), cp, &a)
                           : NativeMethods.mj_table_default_action(t, Args.Byte(seat), cp, &a);
            }
            finally { Release(added); }
            action = st == 0 ? new Action(a) : default(Action);
            return st;
        }

        /// <summary>The action ApplyDefault would play for a seat now (its timer ran out): with
        /// bot, that bot's choice from the seat's view; with null, a pass in a claim window, else
        /// the discard of the tile just drawn (after a chow or pung, of the highest tile kind
        /// held). Throws MjKitException: IllegalAction (the table does not wait for the seat),
        /// InvalidArgument (seat above 3, a bot out of range).</summary>
        public Action DefaultAction(int seat, BotConfig? bot)
        {
            Action a;
            MjKitException.Check(DefaultRaw(seat, bot, false, out a));
            return a;
        }

        /// <summary>Plays the default action for a seat whose timer ran out (see DefaultAction)
        /// and returns it. Throws as DefaultAction; nothing changes on error.</summary>
        public Action ApplyDefault(int seat, BotConfig? bot)
        {
            Action a;
            MjKitException.Check(DefaultRaw(seat, bot, true, out a));
            return a;
        }

        /// <summary>As ApplyDefault; false (nothing changed) instead of throwing.</summary>
        public bool TryApplyDefault(int seat, BotConfig? bot, out Action action)
        {
            return DefaultRaw(seat, bot, true, out action) == 0;
        }

        int ResultRaw(out HandResult result)
        {
            HandResult r = default(HandResult);
            bool added = false;
            int st;
            try { st = NativeMethods.mj_table_result(Acquire(ref added), &r.raw); }
            finally { Release(added); }
            result = st == 0 ? r : default(HandResult);
            return st;
        }

        /// <summary>The result of the hand. Throws MjKitException(HandNotOver) during a hand.</summary>
        public HandResult Result()
        {
            HandResult r;
            MjKitException.Check(ResultRaw(out r));
            return r;
        }

        /// <summary>As Result; false instead of throwing.</summary>
        public bool TryResult(out HandResult result) { return ResultRaw(out result) == 0; }
    }
}
