//! The defender's hand in standard tsume: every piece of the set that is
//! neither on the board nor in the attacker's hand.

use crate::position::{Position, cell_type};

/// Gives the side not to move (the defender) every piece of the variant's
/// set that the position does not already place: for each type a hand can
/// hold, the pieces the setup has of it (counted as what they become in
/// a hand when taken, so a promoted piece counts as its unpromoted kind;
/// pieces the setup puts in hand count too) less those on the board and
/// in either hand (counted the same way). A type the position already
/// holds more of than the set gets none, and royals (`[victory] check`,
/// else `[repetition] check`: a problem's attacker has usually no king)
/// none. Fails for a variant without drops. Returns the number of pieces
/// added.
pub fn give_defender_the_rest(pos: &mut Position) -> Result<u32, String> {
    let rules = pos.rules.clone();
    let Some(drops) = &rules.drops else {
        return Err("--defender-hand rest: this variant has no hands (no [drops] table)".to_string());
    };
    let n = rules.types.len();
    // The set's pieces minus the position's, per hand type.
    let mut left = vec![0i64; n];
    let as_hand = |ty: u16| drops.to_hand.get(usize::from(ty)).copied().flatten();
    for &(_, _, ty) in &rules.setup {
        if let Some(h) = as_hand(ty) {
            left[usize::from(h)] += 1;
        }
    }
    for hand in &rules.setup_hands {
        for &(ty, count) in hand {
            left[usize::from(ty)] += i64::from(count);
        }
    }
    for sq in pos.occupied() {
        if let Some(h) = as_hand(cell_type(pos.cells[usize::from(sq)])) {
            left[usize::from(h)] -= 1;
        }
    }
    for hand in &pos.hands {
        for (ty, &count) in hand.iter().enumerate() {
            left[ty] -= i64::from(count);
        }
    }
    let defender = pos.side.opposite();
    let mut hands: crate::position::Hands = [Vec::new(), Vec::new()];
    let mut added = 0u32;
    let royals = rules.royals.as_ref().unwrap_or(&rules.check_set);
    for &ty in drops.hand_types.iter().filter(|&&ty| !royals.contains(ty)) {
        // What the defender may still receive: a hand count stays within u16.
        let room = u16::MAX - pos.in_hand(defender, ty);
        let give = left[usize::from(ty)].clamp(0, i64::from(room)) as u16;
        if give > 0 {
            hands[defender.index()].push((ty, give));
            added += u32::from(give);
        }
    }
    if added > 0 {
        *pos = pos.clone().with_hands(&hands);
    }
    Ok(added)
}
