//! The memory a check may take: the allocator counts what each thread
//! takes and gives back, and a check's thread that would hold more than
//! its cap is held where it asks, for the runner to name its hole, as it
//! does for a check that never ends.
//!
//! A hole that grows a collection without end (a `loop` that pushes and
//! never breaks) would otherwise take the machine's memory, or, under a
//! `ulimit`, abort the run with "memory allocation failed" and name no
//! hole. The cap counts the bytes a check's thread holds, not the address space
//! (`RLIMIT_AS`, which macOS does not enforce and Rust could set only
//! through `libc`), and only a check's own thread is held: the runner's
//! thread, which then tells the failure, allocates freely.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// How much of the heap one check may hold, in megabytes, unless
/// `EXERCISE_CHECK_MEGABYTES` says otherwise: many times what the step's
/// own checks hold ([`STEPS_MEGABYTES`]), and little enough that a
/// machine of 2 GB still answers while a hole runs into it (a `Vec` that
/// doubles then holds 512 MB when it is stopped).
pub const CHECK_MEGABYTES: usize = 1024;

/// The most a check of the steps' own files holds, in megabytes, as the
/// runner's line of the cap says: with `--features solution`, every
/// step's checks pass under `EXERCISE_CHECK_MEGABYTES=150`, and v0.11's
/// fail under 60 (v0.07's, v0.09's and v0.10's pass under 60).
pub(crate) const STEPS_MEGABYTES: usize = 150;

/// The number of the check whose thread asked for more than its cap, and
/// was held; 0 while none did.
static OVER: AtomicUsize = AtomicUsize::new(0);

/// The number the next check is given, from 1.
static NEXT: AtomicUsize = AtomicUsize::new(1);

thread_local! {
    /// The number of the check this thread runs; 0 for any other thread.
    /// `const` cells with nothing to drop: reading them never allocates.
    static CHECK: Cell<usize> = const { Cell::new(0) };
    /// The bytes this thread has taken and not given back.
    static HELD: Cell<usize> = const { Cell::new(0) };
    /// The most a check's thread may hold, in bytes.
    static CAP: Cell<usize> = const { Cell::new(usize::MAX) };
}

/// The system's allocator, counting what each thread takes.
struct Counted;

#[global_allocator]
static COUNTED: Counted = Counted;

/// Counts `more` bytes taken by this thread, unless it runs a check and
/// would hold more than its cap with them: it is then held here for good
/// (its check is over, and the runner ends the process once it has told
/// it). Sleeping allocates nothing.
fn admit(more: usize) {
    let held = HELD.try_with(|held| {
        held.set(held.get().saturating_add(more));
        held.get()
    });
    let check = CHECK.try_with(Cell::get).unwrap_or(0);
    let cap = CAP.try_with(Cell::get).unwrap_or(usize::MAX);
    if check != 0 && held.unwrap_or(0) > cap {
        OVER.store(check, Ordering::SeqCst);
        loop {
            std::thread::sleep(Duration::from_secs(3600));
        }
    }
}

/// Counts `less` bytes given back by this thread.
fn give_back(less: usize) {
    let _ = HELD.try_with(|held| held.set(held.get().saturating_sub(less)));
}

// SAFETY: every call goes to the system's allocator with the caller's own
// arguments; the counting only adds and subtracts sizes in cells of the
// calling thread, and a call the cap refuses never returns, so no pointer
// is handed out that `System` did not give.
unsafe impl GlobalAlloc for Counted {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        admit(layout.size());
        System.alloc(layout)
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        admit(layout.size());
        System.alloc_zeroed(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        give_back(layout.size());
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        admit(new_size);
        let moved = System.realloc(ptr, layout, new_size);
        // The old block is freed when the new one was given, else kept.
        give_back(if moved.is_null() {
            new_size
        } else {
            layout.size()
        });
        moved
    }
}

/// Marks the calling thread as a check's, whose allocations are held to
/// `megabytes`; returns the check's number, for [`over`].
pub(crate) fn enter_check(megabytes: usize) -> usize {
    let check = NEXT.fetch_add(1, Ordering::Relaxed);
    CAP.with(|cap| cap.set(megabytes.saturating_mul(1 << 20)));
    HELD.with(|held| held.set(0));
    CHECK.with(|number| number.set(check));
    check
}

/// The number of a check whose thread asked for more than its cap, if any.
pub(crate) fn over() -> Option<usize> {
    Some(OVER.load(Ordering::SeqCst)).filter(|&check| check != 0)
}

/// The cap in megabytes: [`CHECK_MEGABYTES`], or `EXERCISE_CHECK_MEGABYTES`
/// when it holds a whole number above 0 (a smaller machine's, or a test's).
pub(crate) fn megabytes() -> usize {
    let asked = std::env::var("EXERCISE_CHECK_MEGABYTES").ok();
    let asked = asked.and_then(|mb| mb.trim().parse::<usize>().ok());
    asked.filter(|&mb| mb > 0).unwrap_or(CHECK_MEGABYTES)
}
