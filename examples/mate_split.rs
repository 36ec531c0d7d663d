//! Splits a mate question at its root: is there a mate within PLIES
//! plies (odd) from a position, the side to move attacking under the tsume
//! rule? Each checking move is played, and each reply to it is solved
//! alone within PLIES - 2 plies (`gunbai::mate`, a table of its own each).
//! A check all of whose replies are mated proves the mate; a reply proven
//! to escape refutes its check; when every check is refuted there is no
//! mate. docs/mate.md ("Every published line checked") uses it where the
//! whole search stays open.
//!
//!   cargo run --release --example mate_split -- VARIANT SFEN 'MOVES' PLIES NODES [NAME=VALUE ...]
//!
//! MOVES (any notation gunbai reads; may be empty) lead from SFEN to the
//! position to split; NODES is each reply's budget; NAME=VALUE are rule
//! options. Prints a line per check, then `result: mate`, `no mate` or
//! `open`.

use gunbai::{MateLimits, Notation, Position, Variant, Verdict, mate};
use std::process::exit;
use std::time::Duration;

fn fail(what: impl std::fmt::Display) -> ! {
    eprintln!("mate_split: {what}");
    exit(2);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [variant, sfen, moves, plies, nodes, options @ ..] = args.as_slice() else {
        fail("usage: mate_split VARIANT SFEN 'MOVES' PLIES NODES [NAME=VALUE ...]");
    };
    let plies: u32 = plies.parse().unwrap_or_else(|_| fail("PLIES: not a number"));
    let nodes: u64 = nodes.parse().unwrap_or_else(|_| fail("NODES: not a number"));
    if plies < 3 || plies.is_multiple_of(2) {
        fail("PLIES: an odd number of at least 3");
    }
    let options: Vec<(&str, &str)> = options
        .iter()
        .map(|o| {
            o.split_once('=')
                .unwrap_or_else(|| fail(format!("{o}: not NAME=VALUE")))
        })
        .collect();
    let v = Variant::bundled(variant)
        .and_then(|v| v.with_options(&options))
        .unwrap_or_else(|e| fail(e));
    let mut pos = Position::from_sfen(&v, sfen).unwrap_or_else(|e| fail(e));
    pos.spare_royalless();
    for t in moves.split_whitespace() {
        pos.play_text(t).unwrap_or_else(|e| fail(format!("{t}: {e}")));
    }
    let limits = MateLimits {
        max_plies: plies - 2,
        nodes: Some(nodes),
        time: Some(Duration::from_secs(3600)),
        hash_mb: 32,
        ..MateLimits::default()
    };
    let all = pos.legal_moves().unwrap_or_else(|e| fail(e));
    let checks: Vec<_> = all.into_iter().filter(|m| pos.gives_check(m)).collect();
    println!("{} checks", checks.len());
    let attacker = pos.side_to_move();
    let (mut mated, mut open) = (false, false);
    for c in &checks {
        let text = pos.move_text(c, Notation::Usi).unwrap_or_else(|e| fail(e));
        pos.play(c).unwrap_or_else(|e| fail(e));
        let mut escape = None;
        let mut undecided = Vec::new();
        if let Some(o) = pos.outcome().filter(|o| o.winner != Some(attacker)) {
            escape = Some((o.text, 0));
        } else if pos.outcome().is_none() {
            for r in pos.legal_moves().unwrap_or_else(|e| fail(e)) {
                let reply = pos.move_text(&r, Notation::Usi).unwrap_or_else(|e| fail(e));
                pos.play(&r).unwrap_or_else(|e| fail(e));
                let found = match pos.outcome() {
                    // A reply that ends the game is mated if the attacker wins.
                    Some(o) if o.winner == Some(attacker) => None,
                    Some(o) => Some((format!("{reply} ({})", o.text), 0)),
                    None => {
                        let s = mate(&pos, &limits).unwrap_or_else(|e| fail(e));
                        match s.verdict {
                            Verdict::NoMate => Some((reply.clone(), s.nodes)),
                            Verdict::Unknown => {
                                undecided.push(reply);
                                None
                            }
                            Verdict::Mate => None,
                        }
                    }
                };
                pos.unplay();
                if found.is_some() {
                    escape = found;
                    break;
                }
            }
        }
        pos.unplay();
        match (escape, undecided.is_empty()) {
            (Some((reply, n)), _) => println!("{text}: refuted by {reply} (no mate within {}: {n} nodes)", plies - 2),
            (None, true) => {
                println!("{text}: every reply mated within {}", plies - 2);
                mated = true;
                break;
            }
            (None, false) => {
                println!("{text}: open, undecided replies: {}", undecided.join(" "));
                open = true;
            }
        }
    }
    println!(
        "result: {}",
        match (mated, open) {
            (true, _) => "mate",
            (false, true) => "open",
            (false, false) => "no mate",
        }
    );
}
