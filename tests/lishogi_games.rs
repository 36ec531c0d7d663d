//! gunbai under `--preset lishogi` against shogiops (lishogi's rules
//! library 0.18.0), move list by move list and verdict by verdict, on
//! random Chu games that shogiops played (tools/oracle/games-chu.mjs; the
//! fixture tests/data/lishogi_games.tsv says how it was made).
//!
//! At every position of every game: the same number of moves, the same
//! moves (FNV-1a of their sorted USI texts, shogiops' perft list, which is
//! gunbai's `Convention::Shogiops`), and the same verdict: play goes on,
//! or the game is over with shogiops' result (king lost, stalemate, bare
//! king, two bare kings) and winner. The live test plays new games with
//! node and shogiops (`bash .ci/install-node`) and fails if they are
//! missing.

use gunbai::unstable::board::Colour;
use gunbai::unstable::notation::usi_move;
use gunbai::unstable::perft::{Convention, divide};
use gunbai::unstable::position::{EndReason, Position};
use gunbai::unstable::ruleset::Result3;
use std::sync::Arc;

mod common;
use common::*;

fn fnv1a(text: &str) -> String {
    let mut h: u32 = 0x811c_9dc5;
    for b in text.bytes() {
        h ^= u32::from(b);
        h = h.wrapping_mul(0x0100_0193);
    }
    format!("{h:08x}")
}

/// gunbai's verdict in shogiops' words (`-`, `RESULT:WINNER`).
fn verdict(pos: &Position) -> String {
    let Some(o) = pos.result() else {
        return "-".into();
    };
    let winner = match o.winner() {
        Some(Colour::Black) => "sente",
        Some(Colour::White) => "gote",
        None => "-",
    };
    let result = match o.reason {
        EndReason::NoMoves => "stalemate",
        EndReason::Lost if o.black == Result3::Draw => "draw",
        EndReason::Lost => {
            // The loser lost its royals, or was bared (it still has one).
            let loser = if winner == "sente" { "k" } else { "K" };
            let sfen = pos.to_sfen().unwrap_or_default();
            let board = sfen.split(' ').next().unwrap_or("");
            if board.contains(loser) || board.contains(&format!("+{}", if loser == "k" { "e" } else { "E" })) {
                "bareking"
            } else {
                "kingslost"
            }
        }
        other => return format!("{other:?}:{winner}"),
    };
    format!("{result}:{winner}")
}

/// Replays the fixture's games; returns how many positions were compared.
fn replay(rules: &Arc<gunbai::unstable::ruleset::Ruleset>, text: &str) -> usize {
    let mut pos: Option<Position> = None;
    let mut game = String::new();
    let mut ply = 0;
    let mut compared = 0;
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let f: Vec<&str> = line.split('\t').collect();
        match f[0] {
            "game" => {
                game = format!("game {} ({})", f[1], f[2]);
                pos = Some(Position::from_sfen(rules.clone(), f[3]).expect("start SFEN"));
                ply = 0;
            }
            "end" => {
                let p = pos.take().expect("a game");
                let ours = p.to_sfen().expect("Chu has SFEN");
                let theirs = f[1];
                let board = |s: &str| s.split(' ').take(3).collect::<Vec<_>>().join(" ");
                assert_eq!(board(&ours), board(theirs), "{game}: final SFEN");
            }
            _ => {
                let p = pos.as_mut().expect("a game");
                let snapshot = p.clone();
                let roots = divide(p, 1, Convention::Shogiops).expect("moves");
                let mut usis: Vec<String> = roots
                    .iter()
                    .map(|(m, _)| usi_move(&snapshot, m).expect("USI"))
                    .collect();
                usis.sort();
                let sfen = snapshot.to_sfen().unwrap_or_default();
                assert_eq!(
                    (usis.len().to_string(), fnv1a(&usis.join(" "))),
                    (f[0].to_string(), f[1].to_string()),
                    "{game}, ply {ply}: move lists differ at {sfen}; gunbai lists {usis:?} \
                     (node tools/oracle/oracle.mjs moves {sfen})"
                );
                assert_eq!(verdict(&snapshot), f[2], "{game}, ply {ply}: verdict at {sfen}");
                compared += 1;
                if f[3] != "-" {
                    let m = roots
                        .iter()
                        .map(|(m, _)| m)
                        .find(|m| usi_move(&snapshot, m).as_deref() == Some(f[3]))
                        .unwrap_or_else(|| panic!("{game}, ply {ply}: {} not found", f[3]));
                    p.play_unchecked(m);
                    ply += 1;
                }
            }
        }
    }
    compared
}

#[test]
fn lishogi_preset_agrees_with_shogiops_on_random_games() {
    let rules = variant_with("chu", &["preset=lishogi"]);
    let n = replay(&rules, include_str!("data/lishogi_games.tsv"));
    assert!(n > 2000, "{n} positions");
}

#[test]
fn lishogi_preset_agrees_with_shogiops_on_new_games_played_live() {
    let root = env!("CARGO_MANIFEST_DIR");
    let out = std::process::Command::new("node")
        .arg(format!("{root}/tools/oracle/games-chu.mjs"))
        .args(["2", "2026", "200"])
        .output()
        .expect("node runs (bash .ci/install-node installs node and shogiops)");
    assert!(
        out.status.success(),
        "games-chu.mjs failed (bash .ci/install-node): {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rules = variant_with("chu", &["preset=lishogi"]);
    let n = replay(&rules, &String::from_utf8_lossy(&out.stdout));
    assert!(n > 100, "{n} positions");
}
