//! `gunbai mate`: look for a forced mate by the side to move
//! (`gunbai::unstable::mate`, docs/mate.md).

use super::{Failure, FormatArg, PositionArgs, fail, notation_parser, print_json};
use gunbai::unstable::mate::{
    AttackerMoves, Config, DEFAULT_ALTERNATIVE_NODES, DefenderHand as Hand, LineCheck, LineVerdict, MAX_PLIES, Verdict,
    check_line, give_defender_the_rest, solve, spare_royalless,
};
use gunbai::unstable::notation::{Notation, parse_line, write_move};
use gunbai::unstable::position::Position;
use serde_json::json;
use std::process::ExitCode;
use std::time::Duration;

#[derive(clap::Args)]
#[command(
    after_help = "The side to move attacks. The answer is mate (with the main line: the shortest mate\nagainst the longest resistance), no_mate (none within --max-moves) or unknown (the\nlimits ran out); each exits 0.\n\nWith --format json: {result, plies, line, shortest, proof_number, disproof_number, nodes, seconds}.\n\nExamples:\n  gunbai mate shogi --sfen '4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1'\n  gunbai mate shogi --notation usi --format json --sfen '7gk/7p1/8P/9/9/9/9/9/K7L b G 1'\n  gunbai mate chu --max-moves 7 --time 30 --notation usi --sfen '...'\n  gunbai mate shogi --any-move --max-moves 3 --sfen '...'\n  gunbai mate shogi --defender-hand rest --sfen '4k4/9/4P4/9/9/9/9/9/9 b G 1'\n  gunbai mate shogi --check-line 'G*5b' --sfen '4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1'\n\nWith --check-line MOVES: the claimed line is walked; every other defence is searched for a mate\nwithin the plies the claim (--max-moves, default the line's length) leaves, each within --nodes\n(default 100000); --time bounds the whole check. The answer is verified, undecided, refuted,\nnot_mate, no_check, illegal or unknown (docs/mate.md)."
)]
pub struct Args {
    #[command(flatten)]
    pos: PositionArgs,
    /// Longest mate to look for, in plies (attacker and defender moves; at most 2047) [default: 255;
    /// with --check-line, the line's length: the claim].
    #[arg(long, value_name = "N")]
    max_moves: Option<u32>,
    /// Give up after S seconds (the answer is then unknown, or a mate not proven shortest).
    #[arg(long, default_value_t = 60.0, value_name = "S")]
    time: f64,
    /// Give up after about N nodes (with --check-line: each alternative defence's budget, default 100000).
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// Check this claimed mating line (moves in any notation, separated by spaces) instead of
    /// solving: is every other defence mated within the claim (docs/mate.md)?
    #[arg(long, value_name = "MOVES")]
    check_line: Option<String>,
    /// Transposition table size in MiB (1 to 65536).
    #[arg(long, default_value_t = 64, value_name = "MB")]
    hash: usize,
    /// Let the attacker make any move, not only checks (mate-in-N instead of the tsume rule).
    #[arg(long)]
    any_move: bool,
    /// The defender's hand: as-given (the position's), or rest (standard tsume: every piece of the set not on the board or in the attacker's hand).
    #[arg(long, value_enum, default_value = "as-given", value_name = "HAND")]
    defender_hand: DefenderHand,
    /// Move notation of the line (docs/notation.md); usi needs an [sfen] table, japanese Japanese piece names.
    #[arg(long, default_value = "native", value_parser = notation_parser())]
    notation: Notation,
    /// Output: text for people, json for scripts ({result, plies, line, shortest, proof_number, disproof_number, nodes, seconds}).
    #[arg(long, value_enum, default_value = "text")]
    format: FormatArg,
}

/// Whose pieces the defender holds in hand.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum DefenderHand {
    /// The position's hands, as given.
    AsGiven,
    /// Every piece of the set not on the board or in the attacker's hand.
    Rest,
}

pub fn run(a: Args) -> Result<ExitCode, Failure> {
    if let Some(max) = a.max_moves.filter(|&m| m > MAX_PLIES) {
        return Err(fail(format!("--max-moves {max}: at most {MAX_PLIES} plies")));
    }
    if !(a.time.is_finite() && a.time > 0.0 && a.time <= 1e9) {
        return Err(fail(format!("--time {}: give a number of seconds above 0", a.time)));
    }
    if !(1..=65536).contains(&a.hash) {
        return Err(fail(format!("--hash {}: give 1 to 65536 MiB", a.hash)));
    }
    // A side set up without a royal plays on (docs/mate.md), from the
    // start of `--moves`.
    let mut p = a.pos.load_then(|p| {
        spare_royalless(p);
    })?;
    let notation = a.notation;
    notation.check(p.rules()).map_err(fail)?;
    let config = Config {
        moves: if a.any_move {
            AttackerMoves::Any
        } else {
            AttackerMoves::Checks
        },
        max_plies: a.max_moves.unwrap_or(255),
        time: Some(Duration::from_secs_f64(a.time)),
        nodes: a.nodes,
        hash_mb: a.hash,
        defender_hand: match a.defender_hand {
            DefenderHand::AsGiven => Hand::AsGiven,
            DefenderHand::Rest => Hand::Rest,
        },
    };
    if let Some(text) = &a.check_line {
        return check(&mut p, text, config, notation, a.max_moves, a.format);
    }
    let found = solve(&mut p, &config, None).map_err(|e| fail(e.to_string()))?;
    let mut line = Vec::new();
    let mut undos = Vec::new();
    for m in &found.line {
        line.push(write_move(&p, m, notation));
        undos.push(p.play_unchecked(m));
    }
    while let Some(u) = undos.pop() {
        p.unplay(&u);
    }
    let seconds = found.elapsed.as_secs_f64();
    if a.format == FormatArg::Json {
        print_json(&json!({
            "result": found.verdict.as_str(),
            "plies": found.plies,
            "line": line,
            "shortest": found.shortest,
            "proof_number": found.root.map(|r| r.0),
            "disproof_number": found.root.map(|r| r.1),
            "nodes": found.nodes,
            "seconds": (seconds * 1000.0).round() / 1000.0,
        }))?;
        return Ok(ExitCode::SUCCESS);
    }
    match found.verdict {
        Verdict::Mate => {
            let plies = found.plies.unwrap_or(0);
            outln!(
                "mate in {plies}{}",
                if found.shortest { "" } else { " (not proven shortest)" }
            );
            outln!("{}", line.join(" "));
        }
        Verdict::NoMate => outln!("no mate within {} plies", config.max_plies),
        Verdict::Unknown => match found.root {
            Some((pn, dn)) => outln!("unknown: the limits ran out (root proof number {pn}, disproof number {dn})"),
            None => outln!("unknown: the limits ran out"),
        },
    }
    note!("{} nodes, {seconds:.2} s", found.nodes);
    Ok(ExitCode::SUCCESS)
}

/// `--check-line`: reads the line, checks it and prints the answer.
fn check(
    p: &mut Position,
    text: &str,
    mut config: Config,
    notation: Notation,
    claim: Option<u32>,
    format: FormatArg,
) -> Result<ExitCode, Failure> {
    // The defender's hand is filled before the line is read: its drops
    // come from there.
    if config.defender_hand == Hand::Rest {
        give_defender_the_rest(p).map_err(fail)?;
        config.defender_hand = Hand::AsGiven;
    }
    let texts: Vec<&str> = text.split_whitespace().collect();
    if texts.len() > MAX_PLIES as usize {
        return Err(fail(format!(
            "--check-line: {} plies, at most {MAX_PLIES}",
            texts.len()
        )));
    }
    // Errors point at the move that is wrong.
    let line = parse_line(p, &texts, "--check-line").map_err(|(_, report)| report)?;
    // Each move written as it stands in the line, and each alternative
    // from the position before its ply.
    let mut written = Vec::new();
    let mut alternatives: Vec<Vec<String>> = Vec::new();
    let mut undos = Vec::new();
    config.max_plies = claim.unwrap_or(line.len() as u32);
    config.nodes = Some(config.nodes.unwrap_or(DEFAULT_ALTERNATIVE_NODES));
    let found = check_line(p, &line, &config, None).map_err(|e| fail(e.to_string()))?;
    let mut next = found.defences.iter().peekable();
    for m in &line {
        if let Some(d) = next.next_if(|d| d.ply as usize == written.len() + 1) {
            let moves = d
                .escapes
                .iter()
                .chain(d.undecided.iter().map(|u| &u.0))
                .chain(d.longest.iter().map(|l| &l.0));
            alternatives.push(moves.map(|m| write_move(p, m, notation)).collect());
        }
        written.push(write_move(p, m, notation));
        undos.push(p.play_unchecked(m));
    }
    while let Some(u) = undos.pop() {
        p.unplay(&u);
    }
    report(&found, &written, &alternatives, format)
}

/// Prints what `check_line` found: `alternatives[i]` names the escapes,
/// then the undecided, then the longest mated defence of the i-th
/// defender's ply.
fn report(
    found: &LineCheck,
    line: &[String],
    alternatives: &[Vec<String>],
    format: FormatArg,
) -> Result<ExitCode, Failure> {
    let seconds = (found.elapsed.as_secs_f64() * 1000.0).round() / 1000.0;
    let plies_len = line.len() as u32;
    let mut rows = Vec::new();
    for (d, names) in found.defences.iter().zip(alternatives) {
        let (escapes, rest) = names.split_at(d.escapes.len());
        let (undecided, longest) = rest.split_at(d.undecided.len());
        let line_left = plies_len.saturating_sub(d.ply);
        rows.push(json!({
            "ply": d.ply,
            "move": line[d.ply as usize - 1],
            "left": d.left,
            "alternatives": d.alternatives,
            "mated": d.mated,
            "escapes": escapes,
            "undecided": undecided,
            "unchecked": d.unchecked,
            "longest": d.longest.map(|(_, plies, shortest)| json!({
                "move": longest.first(),
                "plies": plies,
                "shortest": shortest,
            })),
            "stronger": d.stronger_defence(line_left).is_some(),
        }));
    }
    if format == FormatArg::Json {
        print_json(&json!({
            "result": found.verdict.as_str(),
            "claimed": found.claimed,
            "plies": plies_len,
            "walked": found.walked,
            "at": found.at,
            "ends_in_mate": found.ends_in_mate,
            "defences": rows,
            "nodes": found.nodes,
            "seconds": seconds,
        }))?;
        return Ok(ExitCode::SUCCESS);
    }
    for r in &rows {
        let mut s = format!(
            "ply {} (the line's {}): {} other defences, {} mated within {}",
            r["ply"],
            r["move"].as_str().unwrap_or(""),
            r["alternatives"],
            r["mated"],
            r["left"]
        );
        if let Some(l) = r["longest"].as_object() {
            s.push_str(&format!(
                " (the longest: {}, mated in {}{})",
                l["move"].as_str().unwrap_or(""),
                l["plies"],
                if l["shortest"] == true { "" } else { " or fewer" }
            ));
        }
        for (key, what) in [("escapes", "escape"), ("undecided", "undecided")] {
            let names: Vec<&str> = r[key]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|v| v.as_str())
                .collect();
            if !names.is_empty() {
                s.push_str(&format!("; {what}: {}", names.join(" ")));
            }
        }
        if r["unchecked"] != 0 {
            s.push_str(&format!("; {} not searched (time)", r["unchecked"]));
        }
        if r["stronger"] == true {
            s.push_str("; the line's defence is not the longest");
        }
        outln!("{s}");
    }
    let at = found.at.map(|a| format!(" at ply {a}")).unwrap_or_default();
    let what = match found.verdict {
        LineVerdict::Verified => format!(
            "verified: every other defence mated within the claim of {}",
            found.claimed
        ),
        LineVerdict::Undecided => "undecided: no defence escapes, some not decided within the budget".to_string(),
        LineVerdict::Refuted => format!("refuted{at}: a defence escapes the claim of {}", found.claimed),
        LineVerdict::NotMate => "not mate: the line does not end in mate".to_string(),
        LineVerdict::NoCheck => format!("no check{at}: the move gives no check"),
        LineVerdict::Illegal => format!("illegal{at}: over {MAX_PLIES} plies or the game is over"),
        LineVerdict::Unknown => format!("unknown: the time ran out after {} plies", found.walked),
    };
    outln!("{what}");
    note!("{} nodes, {seconds:.2} s", found.nodes);
    Ok(ExitCode::SUCCESS)
}
