//! Protection judgments allocate nothing once a thread has made one: the
//! board they judge on is lent, not copied into a new vector each time
//! (hot-path rule). Counted with an allocator that tallies this thread's
//! allocations.

mod common;

use common::variant_start;
use gunbai::movegen::legal_moves;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every call is passed on to the system allocator unchanged; the
// tally is a const thread-local that never allocates itself.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|a| a.set(a.get() + 1));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// At Tai's start the Emperor may leap onto every enemy piece, and each
/// such capture asks whether the victim is protected (`protected_after`):
/// some 177 judgments a call.
#[test]
fn judging_protection_allocates_nothing_after_the_first_time() {
    let pos = variant_start("tai", &[]);
    let mut moves = Vec::new();
    legal_moves(&pos, &mut moves);
    let n = moves.len();
    let before = ALLOCATIONS.with(Cell::get);
    moves.clear();
    legal_moves(&pos, &mut moves);
    let allocations = ALLOCATIONS.with(Cell::get) - before;
    assert_eq!(moves.len(), n);
    assert_eq!(allocations, 0, "allocations for one move list of {n} moves");
}
