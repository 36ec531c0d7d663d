//! The named presets of the bundled rule files (`[presets.NAME]`,
//! docs/variants.md "Presets"): each preset's distinguishing rules on
//! positions from its source, and the option values they use.
//!
//! Expected values come from the sources each preset names: lishogi's
//! server rules (scalashogi `Chushogi.scala`, `Variant.scala`,
//! `Situation.scala`; the falcon position is issue 26's), the JCSA 2019
//! rules as issue 26 reports them, HaChu 0.21's counts (tests/dai_perft.rs)
//! and the Taikyoku reference's §7.5 option set
//! (shared/reference/taikyoku-shogi.md).

use gunbai::unstable::board::Colour;
use gunbai::unstable::perft::{Convention, perft};
use gunbai::unstable::position::{EndReason, Position};
use gunbai::unstable::ruleset::Result3;

mod common;
use common::*;

fn chu(opts: &[&str], pieces: &str, side: &str) -> Position {
    pieces_position(variant_with("chu", opts), pieces, &format!("{side} -"))
}

/// Issue 26's position: White's horned falcon on 7h (f5), a Black lion
/// right in front of it on 7i (f4), and a lion was just taken on 6e by a
/// non-lion (the SFEN's third field), so the counter-strike rule bars
/// non-lion captures of lions.
const FALCON_SFEN: &str = "k11/12/12/12/6P5/12/12/5+h6/5N6/12/12/11K w 6e 2";

#[test]
fn lishogi_falcon_takes_a_lion_on_its_first_step_after_a_lion_was_lost() {
    let rules = variant_with("chu", &["preset=lishogi"]);
    let pos = Position::from_sfen(rules, FALCON_SFEN).expect("issue 26's SFEN");
    // lishogi has 7h7i7h and 7h7i7j (scalashogi's lionMoveFilter judges
    // only the second step) but not 7h7i (its moveFilter bars lions other
    // than the one on the last-capture square).
    assert_legal(&pos, "f5xf4-f5", "lishogi: 7h7i7h");
    assert_legal(&pos, "f5xf4-f3", "lishogi: 7h7i7j");
    assert_illegal(&pos, "f5xf4", "lishogi: 7h7i ends on the lion");
}

#[test]
fn counter_strike_bars_the_falcon_first_step_by_default() {
    // Reference §7 L4: no non-lion may capture a lion on this move.
    let pos = Position::from_sfen(variant_with("chu", &[]), FALCON_SFEN).expect("issue 26's SFEN");
    for m in ["f5xf4-f5", "f5xf4-f3", "f5xf4"] {
        assert_illegal(&pos, m, "§7 L4 counter-strike");
    }
}

#[test]
fn lishogi_fourfold_repetition_made_by_the_checked_side_is_a_draw() {
    // Black's rook on l3 checks White's king on l12 after every Black move;
    // both lions pass. The start position (Black to move) comes back a
    // fourth time by White's pass. lishogi (scalashogi Situation.autoDraw,
    // Variant.perpetualCheck) draws: only the side whose move made the
    // fourth occurrence can lose for perpetual checking, and White gave no
    // check. (Under sennichite's reading Black, the checker, would lose.)
    let mut pos = chu(&["preset=lishogi"], "K a1, k l12, LN e5, ln e8, R l3", "b");
    for _ in 0..2 {
        play(&mut pos, "e5-e4-e5");
        play(&mut pos, "e8-e9-e8");
    }
    play(&mut pos, "e5-e4-e5");
    assert_eq!(pos.outcome(), None, "third occurrence: play goes on");
    play(&mut pos, "e8-e9-e8");
    let o = pos.outcome().expect("fourfold repetition");
    assert_eq!(o.black, Result3::Draw, "{o:?}");
    assert_eq!(o.reason, EndReason::Repetition);
}

#[test]
fn lishogi_perpetual_checker_that_makes_the_fourth_occurrence_loses() {
    // Black's k3-l3 checks and makes the position P (White to move); then
    // both lions pass, Black's passes checking each time. Black's third
    // pass makes P's fourth occurrence, having checked with every move
    // since (and with the move that first made P): Black loses.
    let mut pos = chu(&["preset=lishogi"], "K a1, k l12, LN e5, ln e8, R k3", "b");
    play(&mut pos, "k3-l3");
    for _ in 0..2 {
        play(&mut pos, "e8-e9-e8");
        play(&mut pos, "e5-e4-e5");
    }
    play(&mut pos, "e8-e9-e8");
    assert_eq!(pos.outcome(), None, "third occurrence: play goes on");
    play(&mut pos, "e5-e4-e5");
    let o = pos.outcome().expect("fourfold repetition");
    assert_eq!(o.winner(), Some(Colour::White), "{o:?}");
    assert_eq!(o.reason, EndReason::Repetition);
}

#[test]
fn lishogi_lets_positions_repeat() {
    // Chu's default (forbid_repeat) refuses a pass that recreates the
    // start position; lishogi lets it be played.
    let mut pos = chu(&[], "K a1, k l12, LN e5, ln e8", "b");
    play(&mut pos, "e5-e4-e5");
    assert_illegal(&pos, "e8-e9-e8", "forbid_repeat");
    let mut pos = chu(&["preset=lishogi"], "K a1, k l12, LN e5, ln e8", "b");
    play(&mut pos, "e5-e4-e5");
    assert_legal(&pos, "e8-e9-e8", "lishogi: repeating is allowed");
}

#[test]
fn jcsa2019_second_chance_promotion_on_the_last_rank_is_for_pawns_only() {
    // A pawn and a lance that declined on entering the zone reach the last
    // rank without capturing: the pawn may promote under both readings, the
    // lance only under the default (seed 002, HaChu, lishogi).
    let pos = chu(&["preset=jcsa2019"], "K l1, k l12, P a11, L c11", "b");
    assert_legal(&pos, "a11-a12+", "JCSA: the pawn's second chance");
    assert_illegal(&pos, "c11-c12+", "JCSA: no second chance for a lance");
    assert_legal(&pos, "c11-c12", "JCSA: the lance may still move");
    let pos = chu(&[], "K l1, k l12, P a11, L c11", "b");
    assert_legal(&pos, "a11-a12+", "default: the pawn's second chance");
    assert_legal(&pos, "c11-c12+", "default: the lance's second chance");
}

#[test]
fn hachu_chu_pawn_on_the_last_rank_must_promote() {
    // Reference Q2: HaChu forces a pawn or lance reaching the last rank to
    // promote.
    let pos = chu(&["preset=hachu"], "K l1, k l12, P a11, L c11", "b");
    assert_legal(&pos, "a11-a12+", "HaChu: promotes");
    assert_illegal(&pos, "a11-a12", "HaChu: may not decline on the last rank");
    assert_illegal(&pos, "c11-c12", "HaChu: nor may a lance");
}

#[test]
fn hachu_dai_preset_gives_hachus_native_count_at_depth_3() {
    // HaChu 0.21's own generator: 357,836 at depth 3 (tests/dai_perft.rs).
    let mut pos = variant_start("dai", &["preset=hachu"]);
    assert_eq!(perft(&mut pos, 3, Convention::Effects).unwrap(), 357_836);
}

#[test]
fn tsg_preset_is_the_references_section_7_5_option_set() {
    // The Taikyoku reference §7.5 gives the option set that reproduces
    // taikyoku-shogi.github.io's program.
    let explicit = [
        "promotion_compulsory=true",
        "promotion_trigger=touch",
        "range_capture_target=lower_any_side",
        "vice_general_jump_captures=true",
        "free_eagle_pass=true",
        "rain_demon_jump_square=pass_only",
        "repetition=none",
    ];
    let preset = variant_with("taikyoku", &["preset=tsg"]);
    let options = variant_with("taikyoku", &explicit);
    for (name, info) in &options.options {
        assert_eq!(
            format!("{:?}", preset.options[name].value),
            format!("{:?}", info.value),
            "preset tsg: {name}"
        );
    }
    let mut a = Position::start(preset);
    let mut b = Position::start(options);
    assert_eq!(
        perft(&mut a, 2, Convention::Paths).unwrap(),
        perft(&mut b, 2, Convention::Paths).unwrap()
    );
}

#[test]
fn jcsa2019_judges_protection_before_the_move_counting_hidden_protectors() {
    // Issue 26: JCSA judges protection on the position before the move,
    // and a protector hidden behind the capturing lion counts. The White
    // rook on f2 is blocked by the Black lion on f6 (chu_rules.rs: "after"
    // counts it; plain "before" does not).
    let text = "K a1, k l12, LN f6, ln f8, r f2";
    let pos = chu(&["preset=jcsa2019"], text, "b");
    assert_illegal(&pos, "f6xf8", "JCSA: the hidden rook protects");
    assert_illegal(&pos, "f6-f7xf8", "JCSA: the hidden rook protects");
    let pos = chu(&["protection_judged=before"], text, "b");
    assert_legal(&pos, "f6xf8", "plain before: the rook is blocked");
    // The reference's example of before against after (chu-shogi.md §7
    // item 4): the White pawn f9 is the lion's only protector; the Black
    // lion takes it, then the lion. Judged before, the lion was protected
    // and the bridge is a pawn: illegal; judged after, nothing recaptures.
    let text = "K a1, k l12, LN f10, ln f8, p f9";
    let pos = chu(&["preset=jcsa2019"], text, "b");
    assert_illegal(&pos, "f10xf9xf8", "JCSA: judged before, a pawn bridge");
    let pos = chu(&[], text, "b");
    assert_legal(&pos, "f10xf9xf8", "after: unprotected once the pawn is gone");
}

#[test]
fn lishogi_judges_bare_kings_from_the_position_alone() {
    // Verdicts of shogiops 0.18.0 (`node tools/oracle/oracle.mjs outcome
    // SFEN`, Chushogi.outcome; scalashogi's bareKing and
    // isInsufficientMaterial read the same): two lone kings draw (issue
    // 26's position), a lone king against king and gold is a bare king,
    // against king and pawn (pawns do not count) play goes on.
    let rules = variant_with("chu", &["preset=lishogi"]);
    let cases = [
        ("7k4/12/12/12/10K1/12/12/12/12/12/12/12 w - 1", Some(None)),
        ("7k4/12/12/12/10K1/12/12/12/12/12/12/12 b - 1", Some(None)),
        (
            "7k4/12/12/12/10K1/12/12/12/5G6/12/12/12 w - 1",
            Some(Some(Colour::Black)),
        ),
        (
            "7k4/12/12/12/10K1/12/12/12/5GG5/12/12/12 w - 1",
            Some(Some(Colour::Black)),
        ),
        ("7k4/12/12/12/10K1/12/12/12/5P6/12/12/12 w - 1", None),
    ];
    for (sfen, want) in cases {
        let pos = Position::from_sfen(rules.clone(), sfen).expect("SFEN");
        assert_eq!(pos.result().map(|o| o.winner()), want, "{sfen}");
        // Chu's default has no such rule.
        let plain = Position::from_sfen(variant_with("chu", &[]), sfen).expect("SFEN");
        assert_eq!(plain.result(), None, "default: {sfen}");
    }
}

#[test]
fn lishogi_bare_king_waits_while_the_lone_king_can_take_the_last_piece() {
    // scalashogi Chushogi.bareKing: with one piece besides its king, the
    // winner must not leave it next to the bared king. A gold next to the
    // lone White king: not over; a stuck Black lance on rank 12 does not
    // count, a stuck White pawn on rank 1 neither.
    let pos = chu(&["preset=lishogi"], "K a1, k f12, G f11", "w");
    assert_eq!(pos.result(), None, "the king can take the gold");
    let pos = chu(&["preset=lishogi"], "K a1, k f12, G f9", "w");
    assert_eq!(pos.result().and_then(|o| o.winner()), Some(Colour::Black));
    let pos = chu(&["preset=lishogi"], "K a1, k f12, G f9, p c1", "w");
    assert_eq!(
        pos.result().and_then(|o| o.winner()),
        Some(Colour::Black),
        "a stuck pawn"
    );
    let pos = chu(&["preset=lishogi"], "K a1, k f12, L c12", "w");
    assert_eq!(
        pos.result().map(|o| o.winner()),
        Some(None),
        "a stuck lance: two lone kings"
    );
}

#[test]
fn lishogi_draws_after_1001_moves() {
    // lila Game.maxPlies(Chushogi) = 1000: a move tried once more than
    // 1000 plies were played draws the game, so the 1001st move is the
    // last one.
    let rules = variant_with("chu", &["preset=lishogi"]);
    let limit = rules.victory.move_limit.expect("the lishogi preset has a move cap");
    assert_eq!(limit.plies, 1001);
    assert_eq!(limit.counts, gunbai::unstable::ruleset::MoveCount::All);
    assert_eq!(variant_with("chu", &[]).victory.move_limit, None);
}

#[test]
fn lishogi_counts_an_attack_on_any_piece_as_a_check_in_repetitions() {
    // scalashogi Chushogi.isAttacked: a move after which the moved piece
    // could take a piece counts for the perpetual-check rule
    // (Variant.perpetualCheck). Black's rook comes to c3 and shuttles c3-d3, attacking the
    // White gold on c10 or silver on d10 with every move, White's lion
    // passes; Black's move makes the fourth occurrence: Black loses. The
    // king on l12 is never attacked.
    let shuttle = |text: &str| {
        let mut pos = chu(&["preset=lishogi"], text, "b");
        play(&mut pos, "b3-c3");
        for _ in 0..3 {
            assert_eq!(pos.outcome(), None);
            play(&mut pos, "e8-e9-e8");
            play(&mut pos, "c3-d3");
            play(&mut pos, "e8-e9-e8");
            play(&mut pos, "d3-c3");
        }
        pos.outcome().expect("fourfold repetition")
    };
    let o = shuttle("K a1, k l12, R b3, ln e8, g c10, s d10");
    assert_eq!(o.winner(), Some(Colour::White), "{o:?}");
    assert_eq!(o.reason, EndReason::Repetition);
    // Nothing to attack: a draw.
    let o = shuttle("K a1, k l12, R b3, ln e8");
    assert_eq!(o.black, Result3::Draw, "{o:?}");
}
