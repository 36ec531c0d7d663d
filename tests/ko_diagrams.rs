//! Every Ko shogi piece's moves on an empty board, checked against the 65
//! movement diagrams of seeds 000 and 004 (transcribed in
//! tests/tables/ko_seed000.txt and ko_seed004.txt) and snapshotted over the
//! whole board from the centre and from a corner.
//!
//! The seed's symbols and the renderer's marks (src/diagram.rs) compare as
//! follows, cell by cell, from the piece on j10:
//!
//! | seed | renderer (`MoveMap::render_with`, leg numbers on) |
//! |---|---|
//! | `.` (╋, a bare point) | `.` |
//! | `○` step | `●`; or, on consecutive points of one ray from the piece, the arrow of a limited slide (the chariot's 1-5 walk is drawn as five `○`) |
//! | `□` jump | `■` |
//! | arrow | the same arrow |
//! | `①`-`⑤` | the same number: the earliest leg of a multi-leg move that lands there (`MoveMap::leg_numbers`) |
//!
//! A numbered point that also lies on one of the piece's slides is drawn
//! by the renderer as the slide's arrow (slides have priority); the seed
//! puts the number there and the arrow farther out (dragon ascending,
//! winged tiger, war hawk). Such a cell is accepted when the seed draws the
//! same arrow elsewhere on that ray.
//!
//! The renderer window is one point larger than the seed's grid on every
//! side. The seed's diagrams show the whole move, so that outer ring must be
//! empty except where a ray that ends in an arrow on the grid's edge goes on.
//! This is what checks the 5-point limit of the chariot-type walks.
//!
//! The numbers are checked exactly: e.g. the thunderclap's (±1,±2) points
//! are ③ (reached on its third step, and final on its fifth: the seed's
//! note "③ positions can also be ⑤"), the wrestler's distance-2 ring ②.

use gunbai::unstable::board::Colour;
use gunbai::unstable::diagram::move_map;
use gunbai::unstable::ruleset::Ruleset;
use std::collections::BTreeSet;
use std::sync::Arc;

mod common;
use common::kind_diagrams;

fn ko() -> Arc<Ruleset> {
    gunbai::unstable::rules::load_variant("ko", &[]).expect("bundled ko compiles")
}

/// One transcribed diagram.
#[derive(Clone, Debug)]
struct Diagram {
    piece: String,
    source: String,
    /// The `diagram:` line (number, seed line, table row, label).
    id: String,
    /// Grid rows, top (the owner's forward side) first.
    rows: Vec<Vec<String>>,
    /// Column and row (from the top) of the piece, `*`.
    centre: (usize, usize),
}

impl Diagram {
    /// The seed's symbol at offset (dx, dy) from the piece, dy > 0 forward;
    /// `None` outside the grid.
    fn at(&self, dx: i32, dy: i32) -> Option<&str> {
        let x = self.centre.0 as i32 + dx;
        let y = self.centre.1 as i32 - dy;
        let row = self.rows.get(usize::try_from(y).ok()?)?;
        row.get(usize::try_from(x).ok()?).map(String::as_str)
    }

    /// How many points the grid reaches from the piece, at most, on any side.
    fn extent(&self) -> i32 {
        let (cx, cy) = (self.centre.0 as i32, self.centre.1 as i32);
        let (w, h) = (self.rows[0].len() as i32, self.rows.len() as i32);
        cx.max(w - 1 - cx).max(cy).max(h - 1 - cy)
    }
}

fn parse_table(text: &str) -> Vec<Diagram> {
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let Some(piece) = lines[i].strip_prefix("piece: ") else {
            i += 1;
            continue;
        };
        let (mut source, mut id, mut size) = (String::new(), String::new(), (0, 0));
        i += 1;
        while lines[i] != "grid:" {
            if let Some(s) = lines[i].strip_prefix("source: ") {
                source = s.to_string();
            } else if let Some(s) = lines[i].strip_prefix("diagram: ") {
                id = s.to_string();
            } else if let Some(s) = lines[i].strip_prefix("size: ") {
                let (w, h) = s.split_once('x').expect("size: WxH");
                size = (w.parse().expect("width"), h.parse().expect("height"));
            }
            i += 1;
        }
        let rows: Vec<Vec<String>> = lines[i + 1..i + 1 + size.1]
            .iter()
            .map(|l| l.split(' ').map(str::to_string).collect())
            .collect();
        assert!(
            rows.iter().all(|r| r.len() == size.0),
            "{piece} ({id}): every grid row has {} cells",
            size.0
        );
        let centre = rows
            .iter()
            .enumerate()
            .find_map(|(y, r)| r.iter().position(|c| c == "*").map(|x| (x, y)))
            .unwrap_or_else(|| panic!("{piece} ({id}): no `*` in the grid"));
        out.push(Diagram {
            piece: piece.to_string(),
            source,
            id,
            rows,
            centre,
        });
        i += 1 + size.1;
    }
    out
}

fn seed000() -> Vec<Diagram> {
    parse_table(include_str!("tables/ko_seed000.txt"))
}

fn seed004() -> Vec<Diagram> {
    parse_table(include_str!("tables/ko_seed004.txt"))
}

/// The unit direction from the piece to (dx, dy), if the point lies on one
/// of the eight lines.
fn ray(dx: i32, dy: i32) -> Option<(i32, i32)> {
    let straight = dx == 0 || dy == 0 || dx.abs() == dy.abs();
    ((dx, dy) != (0, 0) && straight).then(|| (dx.signum(), dy.signum()))
}

/// Whether the renderer's `got` at (dx, dy) says what the seed's diagram
/// says there (see the module comment for the correspondence).
fn agrees(d: &Diagram, dx: i32, dy: i32, got: &str) -> bool {
    let outward = ray(dx, dy).map(|(ux, uy)| common::arrow(ux, uy));
    let is_outward_arrow = outward == Some(got);
    let Some(seed) = d.at(dx, dy) else {
        // Outside the seed's grid: only a ray that leaves the grid in an
        // arrow goes on.
        let mut edge = None;
        if let Some((ux, uy)) = ray(dx, dy) {
            let mut k = 1;
            while let Some(s) = d.at(ux * k, uy * k) {
                edge = Some(s);
                k += 1;
            }
        }
        return if is_outward_arrow { edge == outward } else { got == "." };
    };
    // The seed draws this ray's arrow somewhere (for a numbered point that
    // the renderer draws as a slide).
    let seed_has_arrow_on_ray = || {
        let Some((ux, uy)) = ray(dx, dy) else { return false };
        (1..).map_while(|k| d.at(ux * k, uy * k)).any(|s| Some(s) == outward)
    };
    // Every point from the piece up to this one is a seed `○` (a limited
    // walk drawn point by point).
    let walk_of_circles = || {
        let Some((ux, uy)) = ray(dx, dy) else { return false };
        let n = dx.abs().max(dy.abs());
        (1..=n).all(|k| d.at(ux * k, uy * k) == Some("○"))
    };
    match seed {
        "." => got == ".",
        "*" => got == "*",
        "○" => got == "●" || (is_outward_arrow && walk_of_circles()),
        "□" => got == "■",
        "①" | "②" | "③" | "④" | "⑤" => got == seed || (is_outward_arrow && seed_has_arrow_on_ray()),
        arrow => got == arrow,
    }
}

/// Compares one diagram with the rule file, for both colours (each drawn
/// in its owner's frame). Returns a readable report of the differences.
fn compare(rules: &Ruleset, d: &Diagram) -> Option<String> {
    let kind = rules
        .kinds
        .iter()
        .position(|k| k.id == d.piece)
        .unwrap_or_else(|| panic!("unknown kind {}", d.piece));
    let centre = rules.geometry.parse_square("j10").expect("j10");
    let r = d.extent() + 1;
    let mut report = String::new();
    for colour in Colour::BOTH {
        let map = move_map(rules, rules.unpromoted_type(kind), colour, centre);
        let drawn = map.render_with(rules, colour, Some(r), true);
        let grid: Vec<Vec<&str>> = drawn.lines().map(|l| l.split(' ').collect()).collect();
        let mut bad = Vec::new();
        for (v, row) in grid.iter().enumerate() {
            for (u, got) in row.iter().enumerate() {
                let (dx, dy) = (u as i32 - r, r - v as i32);
                if !agrees(d, dx, dy, got) {
                    let seed = d.at(dx, dy).unwrap_or("(outside)");
                    bad.push(format!("({dx},{dy}): seed {seed}, rule file {got}"));
                }
            }
        }
        if !bad.is_empty() {
            report.push_str(&format!(
                "{} [{}] {colour}: {}\nseed grid:\n{}\nrule file:\n{}",
                d.piece,
                d.id,
                bad.join("; "),
                d.rows.iter().map(|r| r.join(" ") + "\n").collect::<String>(),
                drawn
            ));
        }
    }
    (!report.is_empty()).then_some(report)
}

/// The points the seed marks as reachable (any mark but `.` and `*`).
fn marked(d: &Diagram) -> BTreeSet<(i32, i32)> {
    let mut out = BTreeSet::new();
    for (y, row) in d.rows.iter().enumerate() {
        for (x, c) in row.iter().enumerate() {
            if c != "." && c != "*" {
                out.insert((x as i32 - d.centre.0 as i32, d.centre.1 as i32 - y as i32));
            }
        }
    }
    out
}

fn check_table(table: &[Diagram], source: &str) {
    let rules = ko();
    assert_eq!(table.len(), 65, "the seed draws 65 diagrams");
    assert!(table.iter().all(|d| d.source == source));
    let drawn: BTreeSet<&str> = table.iter().map(|d| d.piece.as_str()).collect();
    let kinds: BTreeSet<&str> = rules.kinds.iter().map(|k| k.id.as_str()).collect();
    assert_eq!(drawn, kinds, "every one of the 57 kinds has a diagram");
    let mismatches: Vec<String> = table.iter().filter_map(|d| compare(&rules, d)).collect();
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

#[test]
fn every_seed000_diagram_matches_the_rule_file() {
    check_table(&seed000(), "seed000");
}

#[test]
fn every_seed004_diagram_matches_the_rule_file() {
    check_table(&seed004(), "seed004");
}

#[test]
fn the_two_seeds_draw_the_same_diagrams() {
    let (a, b) = (seed000(), seed004());
    assert_eq!(a.len(), b.len());
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(x.piece, y.piece, "{} / {}", x.id, y.id);
        assert_eq!(x.rows, y.rows, "{} ({} / {})", x.piece, x.id, y.id);
    }
    let cells: usize = a.iter().map(|d| d.rows.len() * d.rows[0].len()).sum();
    assert_eq!(cells, 2563, "cells in the 65 grids, labels included");
}

#[test]
fn a_kind_drawn_twice_is_drawn_the_same_way() {
    let table = seed000();
    for (i, a) in table.iter().enumerate() {
        for b in &table[i + 1..] {
            if a.piece == b.piece {
                assert_eq!(a.rows, b.rows, "{}: {} vs {}", a.piece, a.id, b.id);
            }
        }
    }
    let twice = table
        .iter()
        .filter(|d| table.iter().filter(|e| e.piece == d.piece).count() == 2)
        .count();
    assert_eq!(twice, 16, "8 kinds are drawn in two table rows");
}

/// The set the renderer reaches and the set the seed marks are the same
/// (also implied by the cell comparison; stated separately as a readable
/// report for the numbered multi-move diagrams).
#[test]
fn multi_move_pieces_reach_exactly_the_marked_points() {
    let rules = ko();
    let centre = rules.geometry.parse_square("j10").expect("j10");
    let numbered = ["①", "②", "③", "④", "⑤"];
    let mut bad = Vec::new();
    for d in seed000() {
        if !d.rows.iter().flatten().any(|c| numbered.contains(&c.as_str())) {
            continue;
        }
        let kind = rules.kinds.iter().position(|k| k.id == d.piece).expect("kind");
        let map = move_map(&rules, rules.unpromoted_type(kind), Colour::Black, centre);
        let (ox, oy) = rules.geometry.xy(centre);
        let r = d.extent();
        let mut reached = BTreeSet::new();
        for (i, m) in map.marks.iter().enumerate() {
            if m.is_none() {
                continue;
            }
            let (x, y) = rules
                .geometry
                .xy(gunbai::unstable::board::Square::try_from(i).expect("square index"));
            let (dx, dy) = (x - ox, y - oy);
            // Slides go on past the grid; the grid shows them to its edge.
            if dx.abs() <= r && dy.abs() <= r {
                reached.insert((dx, dy));
            }
        }
        let seed = marked(&d);
        if reached != seed {
            bad.push(format!(
                "{} [{}]: only the rule file reaches {:?}; only the seed marks {:?}",
                d.piece,
                d.id,
                reached.difference(&seed).collect::<Vec<_>>(),
                seed.difference(&reached).collect::<Vec<_>>()
            ));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn every_ko_kind_on_an_empty_board() {
    let rules = ko();
    for (k, kind) in rules.kinds.iter().enumerate() {
        let text = kind_diagrams(&rules, k, &["j10", "a1"]);
        insta::assert_snapshot!(format!("ko_{}", kind.id), text);
    }
}

/// The leg numbers of the multi-move pieces, seed 000's ①-⑤, listed per
/// kind: (dx, dy) -> number, Black's view, for a reviewer.
#[test]
fn leg_numbers_of_the_multi_move_pieces() {
    let rules = ko();
    let centre = rules.geometry.parse_square("j10").expect("j10");
    let (ox, oy) = rules.geometry.xy(centre);
    let mut text = String::new();
    for d in seed000() {
        let numbered: Vec<(i32, i32, &str)> = d
            .rows
            .iter()
            .enumerate()
            .flat_map(|(y, row)| {
                row.iter()
                    .enumerate()
                    .filter(|(_, c)| ["①", "②", "③", "④", "⑤"].contains(&c.as_str()))
                    .map(move |(x, c)| (x as i32 - d.centre.0 as i32, d.centre.1 as i32 - y as i32, c.as_str()))
            })
            .collect();
        if numbered.is_empty() {
            continue;
        }
        let kind = rules.kinds.iter().position(|k| k.id == d.piece).expect("kind");
        let map = move_map(&rules, rules.unpromoted_type(kind), Colour::Black, centre);
        let mut counts = [0usize; 5];
        for (dx, dy, seed) in &numbered {
            let sq = rules.geometry.square(ox + dx, oy + dy).expect("on the board");
            let got = map.leg_numbers[usize::from(sq)];
            let want = ["①", "②", "③", "④", "⑤"].iter().position(|n| n == seed).unwrap() as u8 + 1;
            // A numbered point on one of the piece's slides is drawn as an
            // arrow by the renderer, but its leg number must still agree
            // when a multi-leg path lands there.
            if let Some(n) = got {
                assert_eq!(n, want, "{} ({dx},{dy})", d.piece);
            } else {
                assert!(
                    matches!(
                        map.marks[usize::from(sq)],
                        Some(gunbai::unstable::diagram::Mark::Slide(_))
                    ),
                    "{} ({dx},{dy}): numbered {seed} but no multi-leg path lands there",
                    d.piece
                );
            }
            counts[usize::from(want - 1)] += 1;
        }
        text.push_str(&format!(
            "{} [{}]: {}\n",
            d.piece,
            d.id,
            counts
                .iter()
                .enumerate()
                .filter(|(_, n)| **n > 0)
                .map(|(i, n)| format!("{} x{n}", ["①", "②", "③", "④", "⑤"][i]))
                .collect::<Vec<_>>()
                .join(" ")
        ));
    }
    insta::assert_snapshot!("ko_leg_numbers", text);
}
