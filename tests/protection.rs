//! Protection (`protected_after(victim)` and its kin): what counts as
//! captured when a range capture takes pieces on the way, and that
//! judging it allocates nothing once a thread has judged once (hot-path
//! rule; counted with an allocator that tallies this thread's
//! allocations).

mod common;

use common::{compile_text, legal, pieces_position, sq, variant_start};
use gunbai::unstable::movegen::legal_moves;
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
    legal_moves(&pos, &mut moves).unwrap();
    let n = moves.len();
    let before = ALLOCATIONS.with(Cell::get);
    moves.clear();
    legal_moves(&pos, &mut moves).unwrap();
    let allocations = ALLOCATIONS.with(Cell::get) - before;
    assert_eq!(moves.len(), n);
    assert_eq!(allocations, 0, "allocations for one move list of {n} moves");
}

/// A hopper on a2 that leaps a3 (taking what stands there, `captures_passed`)
/// and lands on a4, taking the pawn there: is that capture allowed, with
/// protection judged as `judged` says? Kings stand out of the way.
fn hop_allowed(judged: &str, pieces: &str) -> bool {
    let text = include_str!("data/toy/swept_protection.toml");
    let option = format!("judged={judged}");
    let rules = compile_text("swept_protection.toml", text, &[option.as_str()]);
    let pos = pieces_position(rules, &format!("K g1, k g7, H a2, p a4, {pieces}"), "b -");
    let (from, to) = (sq(&pos, "a2"), sq(&pos, "a4"));
    legal(&pos).iter().any(|m| m.from() == from && m.to() == to)
}

// The reference's "protected" (chu-shogi.md §L, maka-dai-dai-shogi.md §5.1):
// after the capturing move, could the opponent recapture? docs/dsl.md: on
// that board every captured piece is gone, and
// `protected_after_counting_captured` lets every other captured piece
// still recapture from its own square. A piece a range capture passes is
// captured by the move (rule-files.md, `captures_passed`), so it is gone
// from that board, and it counts under `after_counting_captured`.

/// A white rook on a1 reaches a4 once a2 (the hopper's origin) and a3 (the
/// leapt pawn, captured) are empty: the pawn on a4 is protected after the
/// move, not before it (the hopper blocks the rook then, and the pawn on
/// a3 steps only towards a2).
#[test]
fn a_piece_a_range_capture_passes_no_longer_blocks_a_protector() {
    let rook_behind = "r a1, p a3";
    assert!(!hop_allowed("after", rook_behind));
    assert!(!hop_allowed("after_counting_captured", rook_behind));
    assert!(hop_allowed("before", rook_behind));
}

/// A white guard on a3 protects a4 before the move. The hop takes it, so
/// after the move nothing protects a4; counting captured pieces, the
/// guard does.
#[test]
fn a_piece_a_range_capture_passes_protects_only_when_captured_pieces_count() {
    let guard_leapt = "g a3";
    assert!(hop_allowed("after", guard_leapt));
    assert!(!hop_allowed("after_counting_captured", guard_leapt));
    assert!(!hop_allowed("before", guard_leapt));
}

/// Without a piece on a3 the hop is a plain capture of an unprotected pawn
/// under every judgment, so the tests above see the protection rule and not
/// a move the toy cannot make.
#[test]
fn the_hop_is_allowed_when_nothing_protects_the_pawn() {
    for judged in ["after", "before", "after_counting_captured"] {
        assert!(hop_allowed(judged, ""), "{judged}");
    }
}
