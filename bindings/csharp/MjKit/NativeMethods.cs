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
    internal struct MjDiscard
    {
        public ulong ukeire_mask;
        public int shanten;
        public uint ukeire_count;
        public uint ukeire_kinds;
        public uint tile;
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

        [DllImport(Lib, EntryPoint = "mj_status_str", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern byte* mj_status_str(int status);

        [DllImport(Lib, EntryPoint = "mj_mcr_hand_default", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern MjMcrHand mj_mcr_hand_default();

        [DllImport(Lib, EntryPoint = "mj_mcr_score", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_mcr_score(MjMcrHand* hand, MjMcrResult* out_result);

        [DllImport(Lib, EntryPoint = "mj_mcr_fan_info", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_mcr_fan_info(uint id, int* out_points, byte** out_name_zh, byte** out_name_en);

        [DllImport(Lib, EntryPoint = "mj_shanten", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_shanten(byte* counts, uint forms, int* out_shanten);

        [DllImport(Lib, EntryPoint = "mj_ukeire", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_ukeire(byte* counts, uint forms, byte* visible, byte* out_per_kind, uint* out_total);

        [DllImport(Lib, EntryPoint = "mj_discards", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]
        internal static extern int mj_discards(byte* counts, uint forms, byte* visible, MjDiscard* @out, uint* out_len);

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
#endif
    }
}
