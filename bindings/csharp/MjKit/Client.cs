// mjkit C# binding: a client's rebuild of the hand from one reader's events (mj_client_*). A
// Client owns one native MjClient through a SafeHandle; give it the reader's events in order
// (Table.Events, or the same events received over a network) and read the View they give, the
// view the table shows that reader.
using System;
using System.Runtime.InteropServices;

namespace MjKit
{
    /// <summary>One reader's rebuild of the hand from its events (a seat 0..3 or
    /// Table.Spectator): after the events of every change its View is exactly what
    /// Table.View(reader) says. A hand start carries the match as it stands, so a client joins at
    /// any hand's first event (Table.FirstEventIndex). Released by Dispose or the finalizer.</summary>
    public sealed unsafe class Client : IDisposable
    {
        sealed class ClientHandle : SafeHandle
        {
            internal ClientHandle() : base(IntPtr.Zero, true) { }

            public override bool IsInvalid { get { return handle == IntPtr.Zero; } }

            internal void Set(MjClient* c) { SetHandle((IntPtr)c); }

            protected override bool ReleaseHandle()
            {
                NativeMethods.mj_client_free((MjClient*)handle);
                return true;
            }
        }

        readonly ClientHandle handle;

        Client(ClientHandle h) { handle = h; }

        static int NewRaw(Rules rules, int reader, out ClientHandle handle)
        {
            MjRules r = rules.ToNative();
            var h = new ClientHandle();
            MjClient* c = null;
            int st = NativeMethods.mj_client_new(&r, (uint)reader, &c);
            if (st == 0) h.Set(c);
            else h.SetHandleAsInvalid();
            handle = h;
            return st;
        }

        /// <summary>A client of reader's stream (a seat 0..3 or Table.Spectator) at a table with
        /// these rules. Throws MjKitException(InvalidArgument) for the observer, another code, or
        /// rules a table refuses.</summary>
        public Client(Rules rules, int reader)
        {
            MjKitException.Check(NewRaw(rules, reader, out handle));
        }

        /// <summary>As new Client(rules, reader); false (and null) instead of throwing.</summary>
        public static bool TryCreate(Rules rules, int reader, out Client client)
        {
            ClientHandle h;
            if (NewRaw(rules, reader, out h) != 0)
            {
                client = null;
                return false;
            }
            client = new Client(h);
            return true;
        }

        /// <summary>Frees the native client now. Idempotent; afterwards every call reports
        /// NullPointer.</summary>
        public void Dispose() { handle.Dispose(); }

        MjClient* Acquire(ref bool added)
        {
            if (handle.IsClosed || handle.IsInvalid) return null;
            try { handle.DangerousAddRef(ref added); }
            catch (ObjectDisposedException) { return null; }
            return (MjClient*)handle.DangerousGetHandle();
        }

        void Release(bool added)
        {
            if (added) handle.DangerousRelease();
        }

        int ApplyRaw(TableEvent e)
        {
            MjEvent raw = e.raw;
            bool added = false;
            try { return NativeMethods.mj_client_apply(Acquire(ref added), &raw); }
            finally { Release(added); }
        }

        /// <summary>Folds the next event of the reader's stream in (the first must be a hand
        /// start; then each index one more than the last). Throws MjKitException: BadEvent (out of
        /// sequence, or impossible after the events before), InvalidArgument (unknown codes).
        /// Nothing changes on error.</summary>
        public void Apply(TableEvent e) { MjKitException.Check(ApplyRaw(e)); }

        /// <summary>As Apply; false (nothing changed) instead of throwing.</summary>
        public bool TryApply(TableEvent e) { return ApplyRaw(e) == 0; }

        /// <summary>Folds events[0 .. count) in, in order (stops at the first error, which it
        /// throws).</summary>
        public void Apply(TableEvent[] events, int count)
        {
            if (events == null) throw new MjKitException(Status.NullPointer);
            if ((uint)count > (uint)events.Length) throw new ArgumentOutOfRangeException("count");
            for (int i = 0; i < count; i++) Apply(events[i]);
        }

        int ViewRaw(out View view)
        {
            View v = default(View);
            bool added = false;
            int st;
            try { st = NativeMethods.mj_client_view(Acquire(ref added), &v.raw); }
            finally { Release(added); }
            view = st == 0 ? v : default(View);
            return st;
        }

        /// <summary>The view the events so far give. Throws MjKitException(InvalidArgument)
        /// before the first hand start.</summary>
        public View View
        {
            get
            {
                View v;
                MjKitException.Check(ViewRaw(out v));
                return v;
            }
        }

        /// <summary>As View; false before the first hand start.</summary>
        public bool TryView(out View view) { return ViewRaw(out view) == 0; }

        MjClientState State()
        {
            MjClientState s = default(MjClientState);
            bool added = false;
            int st;
            try { st = NativeMethods.mj_client_state(Acquire(ref added), &s); }
            finally { Release(added); }
            MjKitException.Check(st);
            return s;
        }

        /// <summary>The index the next event must have (0 before the first event).</summary>
        public ulong NextIndex { get { return State().next_index; } }

        /// <summary>Whether a hand start was folded (View answers).</summary>
        public bool Started { get { return State().started != 0; } }

        /// <summary>The concealed hand a seat showed by winning this hand, or null.</summary>
        public Hand? ShownHand(int seat)
        {
            Args.CheckSeat(seat);
            MjClientState s = State();
            if ((s.shown_mask >> seat & 1) == 0) return null;
            return Hand.FromNative(s.shown + seat * NativeMethods.MJ_TILE_KINDS);
        }
    }
}
