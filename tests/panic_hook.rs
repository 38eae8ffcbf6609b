//! The library never prints: a panic caught at the C boundary goes to no panic hook (no message,
//! no backtrace on stderr), while a panic of the host outside the boundary still reaches the
//! host's hook. One test in its own binary, because the panic hook is process-wide.

#![cfg(feature = "test-hooks")]

use std::sync::atomic::{AtomicUsize, Ordering};

use mjkit::ffi::*;

static HOST_HOOK_CALLS: AtomicUsize = AtomicUsize::new(0);

#[test]
fn boundary_panics_are_silent_and_host_panics_reach_the_host_hook() {
    // The host's hook, installed before the library's first call.
    std::panic::set_hook(Box::new(|_| {
        HOST_HOOK_CALLS.fetch_add(1, Ordering::SeqCst);
    }));
    assert_eq!(mj_init(), MjStatus::Ok);
    assert_eq!(mj_test_panic(), MjStatus::Panic);
    assert_eq!(
        HOST_HOOK_CALLS.load(Ordering::SeqCst),
        0,
        "a boundary panic was reported"
    );
    // A panic of the host (outside any mj_ call) is the host's business.
    assert!(std::panic::catch_unwind(|| panic!("host")).is_err());
    assert_eq!(HOST_HOOK_CALLS.load(Ordering::SeqCst), 1);
    // Again, and from another thread (the silence is per thread, for the boundary only).
    std::thread::spawn(|| assert_eq!(mj_test_panic(), MjStatus::Panic))
        .join()
        .unwrap();
    assert_eq!(mj_test_panic(), MjStatus::Panic);
    assert_eq!(HOST_HOOK_CALLS.load(Ordering::SeqCst), 1);
    let _ = std::panic::take_hook();
}
