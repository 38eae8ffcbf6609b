// mjkit C# binding: the raw C ABI of include/mjkit.h, one [DllImport] per mj_ function and one
// blittable struct per C struct, field for field. Internal: use the MjKit API (Mahjong.cs).
// tests/csharp_binding.rs fails when the header gains an mj_ function or a struct that this file
// lacks, or when a struct's fields differ from the header's.
using System;
using System.Runtime.InteropServices;

namespace MjKit
{
    /// <summary>MjMcrMeld: a declared meld of an MjMcrHand (3 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct MjMcrMeld
    {
        public byte kind;
        public byte tile;
        public byte claimed;
    }

    /// <summary>MjMcrHand: a winning hand to score (60 bytes). `melds[MJ_MCR_MAX_MELDS]` is
    /// spelled out as melds_0..melds_3 (C# fixed buffers hold primitive types only).</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal unsafe struct MjMcrHand
    {
        public fixed byte counts[NativeMethods.MJ_TILE_KINDS];
        public MjMcrMeld melds_0;
        public MjMcrMeld melds_1;
        public MjMcrMeld melds_2;
        public MjMcrMeld melds_3;
        public byte meld_count;
        public byte win_tile;
        public byte seat_wind;
        public byte prevalent_wind;
        public uint flags;
        public byte flowers;
    }

    /// <summary>MjMcrResult: the score of a hand (92 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal unsafe struct MjMcrResult
    {
        public int total;
        public int @base;
        public byte qualifies;
        public fixed byte fans[NativeMethods.MJ_MCR_FAN_SLOTS];
    }

    /// <summary>MjDiscard: one possible discard of a 3n+2 hand (24 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct MjRiichiMeld
    {
        public byte kind;
        public byte tile;
        public byte claimed;
    }

    [StructLayout(LayoutKind.Sequential)]
    internal unsafe struct MjRiichiHand
    {
        public fixed byte counts[NativeMethods.MJ_TILE_KINDS];
        public MjRiichiMeld melds_0;
        public MjRiichiMeld melds_1;
        public MjRiichiMeld melds_2;
        public MjRiichiMeld melds_3;
        public byte meld_count;
        public byte win_tile;
        public byte seat_wind;
        public byte round_wind;
        public fixed byte red_fives[3];
        public fixed byte dora[NativeMethods.MJ_RIICHI_MAX_INDICATORS];
        public byte dora_count;
        public fixed byte ura[NativeMethods.MJ_RIICHI_MAX_INDICATORS];
        public byte ura_count;
        public byte kita;
        public byte paarenchan;
        public uint conditions;
        public uint honba;
        public uint riichi_sticks;
    }

    [StructLayout(LayoutKind.Sequential)]
    internal struct MjRiichiRules
    {
        public byte open_tanyao;
        public byte aka_dora;
        public byte double_yakuman;
        public byte kazoe;
        public byte kiriage;
        public byte fu_for_open_pinfu;
        public byte fu_for_pinfu_tsumo;
        public byte renhou_as_yakuman;
        public byte daisharin;
        public byte daisharin_other_suits;
        public byte daichisei;
        public byte sashikomi;
        public byte sextuple_limit;
        public byte paarenchan_needs_yaku;
        public byte three_player;
    }

    [StructLayout(LayoutKind.Sequential)]
    internal struct MjRiichiFu
    {
        public byte reason;
        public byte fu;
    }

    [StructLayout(LayoutKind.Sequential)]
    internal unsafe struct MjRiichiResult
    {
        public int han;
        public int fu;
        public int main;
        public int additional;
        public int main_bonus;
        public int additional_bonus;
        public int sticks_bonus;
        public int total;
        public fixed ushort yaku[NativeMethods.MJ_RIICHI_YAKU_SLOTS];
        public MjRiichiFu fu_parts_0;
        public MjRiichiFu fu_parts_1;
        public MjRiichiFu fu_parts_2;
        public MjRiichiFu fu_parts_3;
        public MjRiichiFu fu_parts_4;
        public MjRiichiFu fu_parts_5;
        public MjRiichiFu fu_parts_6;
        public MjRiichiFu fu_parts_7;
        public MjRiichiFu fu_parts_8;
        public MjRiichiFu fu_parts_9;
        public byte limit;
        public byte yakuman_multiple;
        public byte fu_count;
    }

    [StructLayout(LayoutKind.Sequential)]
    internal struct MjDiscard
    {
        public ulong ukeire_mask;
        public int shanten;
        public uint ukeire_count;
        public uint ukeire_kinds;
        public uint tile;
    }

    /// <summary>MjTable: opaque table handle (only ever used through a pointer; see Table).</summary>
    internal struct MjTable
    {
    }

    /// <summary>MjRules: the rules of a table (5 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct MjRules
    {
        public byte variant;
        public byte dead_wall;
        public byte multi_win;
        public byte rob_kong;
        public byte scoring;
    }

    /// <summary>MjBotConfig: which bot decides, and how (16 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct MjBotConfig
    {
        public ulong tie_break;
        public byte kind;
        public byte attack_level;
    }

    /// <summary>MjView: what one seat can see (fixed-size arrays only, so it is blittable and can
    /// travel over a network as it is).</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal unsafe struct MjView
    {
        public fixed int scores[NativeMethods.MJ_SEATS];
        public uint hand_index;
        public ushort discard_count;
        public ushort wall_left;
        public MjRules rules;
        public byte seat;
        public byte dealer;
        public byte prevalent_wind;
        public byte phase;
        public byte actor;
        public byte pending;
        public byte drawn;
        public byte offered;
        public byte offer;
        public fixed byte hand[NativeMethods.MJ_TILE_KINDS];
        public fixed byte meld_counts[NativeMethods.MJ_SEATS];
        public fixed byte flowers[NativeMethods.MJ_SEATS];
        public fixed byte concealed_counts[NativeMethods.MJ_SEATS];
        public fixed byte meld_kind[NativeMethods.MJ_MELD_SLOTS];
        public fixed byte meld_tile[NativeMethods.MJ_MELD_SLOTS];
        public fixed byte meld_claimed[NativeMethods.MJ_MELD_SLOTS];
        public fixed byte meld_from[NativeMethods.MJ_MELD_SLOTS];
        public fixed byte discard_tile[NativeMethods.MJ_MAX_DISCARDS];
        public fixed byte discard_seat[NativeMethods.MJ_MAX_DISCARDS];
        public fixed byte discard_claimed_by[NativeMethods.MJ_MAX_DISCARDS];
        public fixed byte discard_drawn[NativeMethods.MJ_MAX_DISCARDS];
    }

    /// <summary>MjAction: one decision (2 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal struct MjAction
    {
        public byte kind;
        public byte tile;
    }

    /// <summary>MjHandResult: the outcome of a finished hand (24 bytes).</summary>
    [StructLayout(LayoutKind.Sequential)]
    internal unsafe struct MjHandResult
    {
        public fixed int points[NativeMethods.MJ_SEATS];
        public byte end;
        public byte winners;
        public byte discarder;
        public byte tile;
        public byte robbed_kong;
        public byte tenpai;
    }

    /// <summary>The C functions of include/mjkit.h. Blittable signatures only: pointers,
    /// fixed-width integers, the structs above; size_t is UIntPtr; MjStatus is int.</summary>
    internal static unsafe class NativeMethods
    {
#if (UNITY_IOS || UNITY_WEBGL) && !UNITY_EDITOR
        // Statically linked into the player: libmjkit.a in Plugins/iOS, or the WebAssembly build.
        internal const string Lib = "__Internal";
#else
        // libmjkit.so (Linux, Android), mjkit.dll (Windows), libmjkit.dylib (macOS).
        internal const string Lib = "mjkit";
#endif

        internal const int MJ_TILE_KINDS = 34;
        internal const int MJ_FORMAT_BUF_LEN = 141;
        internal const int MJ_MCR_MAX_MELDS = 4;
        internal const int MJ_MCR_FAN_SLOTS = 83;
        internal const int MJ_MCR_MAX_FAN_ID = 82;
        internal const int MJ_RIICHI_MAX_MELDS = 4;
        internal const int MJ_RIICHI_MAX_INDICATORS = 5;
        internal const int MJ_RIICHI_YAKU_SLOTS = 66;
        internal const int MJ_RIICHI_MAX_YAKU_ID = 65;
        internal const int MJ_RIICHI_MAX_FU_PARTS = 10;
        internal const int MJ_SEATS = 4;
        internal const int MJ_MAX_MELDS = 5;
        internal const int MJ_MELD_SLOTS = 20;
        internal const int MJ_MAX_DISCARDS = 144;
        internal const int MJ_MAX_ACTIONS = 48;
        internal const byte MJ_NO_TILE = 255;
        internal const byte MJ_NO_SEAT = 255;

        [DllImport(Lib, EntryPoint = "mj_status_str", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern byte* mj_status_str(int status);

        [DllImport(Lib, EntryPoint = "mj_mcr_hand_default", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern MjMcrHand mj_mcr_hand_default();

        [DllImport(Lib, EntryPoint = "mj_mcr_score", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_mcr_score(MjMcrHand* hand, MjMcrResult* out_result);

        [DllImport(Lib, EntryPoint = "mj_mcr_fan_info", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_mcr_fan_info(uint id, int* out_points, byte** out_name_zh, byte** out_name_en);

        [DllImport(Lib, EntryPoint = "mj_riichi_hand_default", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern MjRiichiHand mj_riichi_hand_default();

        [DllImport(Lib, EntryPoint = "mj_riichi_rules_default", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern MjRiichiRules mj_riichi_rules_default();

        [DllImport(Lib, EntryPoint = "mj_riichi_rules_preset", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_riichi_rules_preset(uint preset, MjRiichiRules* out_rules);

        [DllImport(Lib, EntryPoint = "mj_riichi_score", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_riichi_score(MjRiichiHand* hand, MjRiichiRules* rules, MjRiichiResult* out_result);

        [DllImport(Lib, EntryPoint = "mj_riichi_yaku_info", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_riichi_yaku_info(uint id, int* out_han_closed, int* out_han_open, byte** out_name_ja, byte** out_name_en, byte** out_name_zh);

        [DllImport(Lib, EntryPoint = "mj_shanten", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_shanten(byte* counts, uint forms, int* out_shanten);

        [DllImport(Lib, EntryPoint = "mj_shanten_batch", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_shanten_batch(byte* counts, UIntPtr n, uint forms, int* out_shanten, int* out_status);

        [DllImport(Lib, EntryPoint = "mj_is_win_batch", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_is_win_batch(byte* counts, UIntPtr n, uint forms, byte* out_win, int* out_status);

        [DllImport(Lib, EntryPoint = "mj_waits_batch", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_waits_batch(byte* counts, UIntPtr n, uint forms, ulong* out_waits, int* out_status);

        [DllImport(Lib, EntryPoint = "mj_ukeire", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_ukeire(byte* counts, uint forms, byte* visible, byte* out_per_kind, uint* out_total);

        [DllImport(Lib, EntryPoint = "mj_discards", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_discards(byte* counts, uint forms, byte* visible, MjDiscard* @out, uint* out_len);

        [DllImport(Lib, EntryPoint = "mj_rules_default", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern MjRules mj_rules_default();

        [DllImport(Lib, EntryPoint = "mj_bot_config_default", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern MjBotConfig mj_bot_config_default();

        [DllImport(Lib, EntryPoint = "mj_table_new", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_table_new(MjRules* rules, ulong seed, MjTable** out_table);

        [DllImport(Lib, EntryPoint = "mj_table_free", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern void mj_table_free(MjTable* table);

        [DllImport(Lib, EntryPoint = "mj_table_deal", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_table_deal(MjTable* table, uint hand_index, byte dealer, byte prevalent_wind);

        [DllImport(Lib, EntryPoint = "mj_table_next_hand", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_table_next_hand(MjTable* table);

        [DllImport(Lib, EntryPoint = "mj_table_view", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_table_view(MjTable* table, byte seat, MjView* out_view);

        [DllImport(Lib, EntryPoint = "mj_table_pending", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_table_pending(MjTable* table, byte* out_pending, byte* out_phase);

        [DllImport(Lib, EntryPoint = "mj_table_legal_actions", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_table_legal_actions(MjTable* table, byte seat, MjAction* out_actions, UIntPtr capacity, uint* out_count);

        [DllImport(Lib, EntryPoint = "mj_table_apply", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_table_apply(MjTable* table, byte seat, MjAction action);

        [DllImport(Lib, EntryPoint = "mj_table_result", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_table_result(MjTable* table, MjHandResult* out_result);

        [DllImport(Lib, EntryPoint = "mj_legal_actions", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_legal_actions(MjView* view, MjAction* out_actions, UIntPtr capacity, uint* out_count);

        [DllImport(Lib, EntryPoint = "mj_ai_decide", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_ai_decide(MjView* view, MjBotConfig* config, MjAction* out_action);

        [DllImport(Lib, EntryPoint = "mj_init", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_init();

        [DllImport(Lib, EntryPoint = "mj_version", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern byte* mj_version();

        [DllImport(Lib, EntryPoint = "mj_parse", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_parse(byte* text, byte* out_counts, byte* out_red_fives);

        [DllImport(Lib, EntryPoint = "mj_parse_error_pos", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_parse_error_pos(byte* text, UIntPtr* out_pos);

        [DllImport(Lib, EntryPoint = "mj_format", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_format(byte* counts, byte* buf, UIntPtr buf_len, UIntPtr* out_len);

        [DllImport(Lib, EntryPoint = "mj_is_win", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_is_win(byte* counts, uint forms, byte* out_win);

        [DllImport(Lib, EntryPoint = "mj_waits", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_waits(byte* counts, uint forms, ulong* out_waits);

#if MJ_TEST_HOOKS
        // Exported only by a library built with the Rust feature `test-hooks`.
        [DllImport(Lib, EntryPoint = "mj_test_panic", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_test_panic();

        [DllImport(Lib, EntryPoint = "mj_test_panic_table", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_test_panic_table(MjTable* table);
#endif
    }
}
