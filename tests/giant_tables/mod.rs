//! The movement tables of the giant variants (tests/tables/*_moves.txt):
//! one line per kind, transcribed from the rules reference, expanded here on
//! an empty board independently of gunbai's interpreter and compared with
//! the rule file's diagram of each kind. The line format is documented at
//! the top of tests/tables/maka_dai_dai_moves.txt.

#![allow(dead_code)]

use gunbai::unstable::board::Colour;
use gunbai::unstable::diagram::move_map;
use gunbai::unstable::ruleset::Ruleset;
use std::collections::BTreeMap;

use crate::common::{arrow, is_arrow};

/// One kind's line of a table.
pub struct Row {
    pub id: String,
    pub code: String,
    pub count: usize,
    pub paths: Option<usize>,
    pub moves: String,
}

pub fn parse(text: &str) -> Vec<Row> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('|').map(str::trim).collect();
            assert_eq!(f.len(), 4, "four fields: {l}");
            let mut count = f[2].split_whitespace();
            let n = count.next().and_then(|c| c.parse().ok()).expect("count");
            let paths = count
                .next()
                .map(|p| p.strip_prefix("paths=").and_then(|p| p.parse().ok()).expect("paths=N"));
            Row {
                id: f[0].to_string(),
                code: f[1].to_string(),
                count: n,
                paths,
                moves: f[3].to_string(),
            }
        })
        .collect()
}

/// Owner-relative unit directions by the reference's names.
pub fn directions(word: &str) -> Vec<(i32, i32)> {
    match word {
        "F" => vec![(0, 1)],
        "B" => vec![(0, -1)],
        "L" => vec![(-1, 0)],
        "R" => vec![(1, 0)],
        "FL" => vec![(-1, 1)],
        "FR" => vec![(1, 1)],
        "BL" => vec![(-1, -1)],
        "BR" => vec![(1, -1)],
        "ORTH" => vec![(0, 1), (0, -1), (-1, 0), (1, 0)],
        "DIAG" => vec![(-1, 1), (1, 1), (-1, -1), (1, -1)],
        "ALL8" => [directions("ORTH"), directions("DIAG")].concat(),
        other => panic!("unknown direction {other}"),
    }
}

/// What the table says reaches a square, in drawing priority (highest
/// first, as the renderer draws): a slide along its line, a square reached
/// after a hook's turn, a lion-type landing, a step, a jump.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Reach {
    Slide(i32, i32),
    AfterTurn,
    Lion,
    Step,
    Jump,
}

fn symbol(r: Option<Reach>) -> String {
    match r {
        None => ".".into(),
        Some(Reach::Slide(dx, dy)) => arrow(dx, dy).into(),
        Some(Reach::AfterTurn) => "↱".into(),
        Some(Reach::Lion | Reach::Jump) => "■".into(),
        Some(Reach::Step) => "●".into(),
    }
}

/// The table's moves of one kind from (x0, y0) on an empty `w`x`h` board,
/// in the owner's frame (Black's): offset -> how it is reached.
fn expand(moves: &str, x0: i32, y0: i32, w: i32, h: i32) -> BTreeMap<(i32, i32), Reach> {
    let on = |dx: i32, dy: i32| (0..w).contains(&(x0 + dx)) && (0..h).contains(&(y0 + dy)) && (dx, dy) != (0, 0);
    let mut out: BTreeMap<(i32, i32), Reach> = BTreeMap::new();
    let mut put = |d: (i32, i32), r: Reach| {
        if on(d.0, d.1) {
            let e = out.entry(d).or_insert(r);
            *e = (*e).min(r);
        }
    };
    for part in moves.split(';').map(str::trim) {
        let mut words = part.split_whitespace();
        let verb = words.next().expect("a verb");
        let rest: Vec<&str> = words.collect();
        match verb {
            "step" => {
                for w in &rest {
                    for d in directions(w) {
                        put(d, Reach::Step);
                    }
                }
            }
            "slide" => {
                let limit = rest
                    .iter()
                    .find_map(|w| w.strip_prefix("<=").map(|n| n.parse::<i32>().expect("range")))
                    .unwrap_or(i32::MAX);
                for w in rest.iter().filter(|w| !w.starts_with("<=")) {
                    for (dx, dy) in directions(w) {
                        let mut k = 1;
                        while k <= limit && on(dx * k, dy * k) {
                            put((dx * k, dy * k), Reach::Slide(dx, dy));
                            k += 1;
                        }
                    }
                }
            }
            "jump" => {
                for w in &rest {
                    let (a, b) = w.split_once(',').expect("DX,DY");
                    put((a.parse().expect("dx"), b.parse().expect("dy")), Reach::Jump);
                }
            }
            "lion" => {
                for dy in -2..=2 {
                    for dx in -2..=2 {
                        put((dx, dy), Reach::Lion);
                    }
                }
            }
            "liondog" => {
                let reach = rest
                    .iter()
                    .find_map(|w| w.strip_prefix("<=").map(|n| n.parse::<i32>().expect("reach")))
                    .unwrap_or(3);
                for w in rest.iter().filter(|w| !w.starts_with("<=")) {
                    for (dx, dy) in directions(w) {
                        for k in 1..=reach {
                            put((dx * k, dy * k), Reach::Lion);
                        }
                    }
                }
            }
            "hook" => {
                for w in &rest {
                    for (dx, dy) in directions(w) {
                        let mut k = 1;
                        while on(dx * k, dy * k) {
                            put((dx * k, dy * k), Reach::Slide(dx, dy));
                            // Turn here (the square is empty) by 90° either way.
                            for (tx, ty) in [(-dy, dx), (dy, -dx)] {
                                let mut m = 1;
                                while on(dx * k + tx * m, dy * k + ty * m) {
                                    put((dx * k + tx * m, dy * k + ty * m), Reach::AfterTurn);
                                    m += 1;
                                }
                            }
                            k += 1;
                        }
                    }
                }
            }
            "anywhere" => {
                for y in 0..h {
                    for x in 0..w {
                        put((x - x0, y - y0), Reach::Jump);
                    }
                }
            }
            other => panic!("unknown move word {other}"),
        }
    }
    out
}

/// The renderer's grid in the table's symbols: `□` is a lion-type landing
/// (`■`), and an arrow off the ray it points along is a square reached
/// after a turn (`↱`).
fn normalise(rendered: &str) -> Vec<Vec<String>> {
    let grid: Vec<Vec<String>> = rendered
        .lines()
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect();
    let n = grid.len() as i32;
    let r = n / 2;
    grid.iter()
        .enumerate()
        .map(|(row, cells)| {
            cells
                .iter()
                .enumerate()
                .map(|(col, c)| {
                    let (dx, dy) = (col as i32 - r, r - row as i32);
                    if c == "□" {
                        return "■".to_string();
                    }
                    let radial = (dx == 0 || dy == 0 || dx.abs() == dy.abs()) && (dx, dy) != (0, 0);
                    if is_arrow(c) && !(radial && c == arrow(dx.signum(), dy.signum())) {
                        return "↱".to_string();
                    }
                    c.clone()
                })
                .collect()
        })
        .collect()
}

/// Checks every kind of `rules` against the table: one line per kind, the
/// diagram within `radius` of `centre` for both sides, the count of squares
/// reached on the whole board (and of paths where the table gives it).
pub fn check(rules: &Ruleset, table: &str, centre: &str, radius: i32) {
    let rows = parse(table);
    assert_eq!(rows.len(), rules.kinds.len(), "one table line per kind");
    let geo = &rules.geometry;
    let origin = geo.parse_square(centre).expect("centre");
    let (x0, y0) = geo.xy(origin);
    let (w, h) = (geo.width as i32, geo.height as i32);
    let mut problems = Vec::new();
    for row in &rows {
        let Some(kind) = rules.kinds.iter().position(|k| k.id == row.id) else {
            problems.push(format!("{}: no such kind in the rule file", row.id));
            continue;
        };
        if rules.kinds[kind].code != row.code {
            problems.push(format!(
                "{}: code {} in the rule file, {} in the table",
                row.id, rules.kinds[kind].code, row.code
            ));
        }
        let want = expand(&row.moves, x0, y0, w, h);
        if want.len() != row.count {
            problems.push(format!(
                "{}: the table's moves reach {} squares, its count says {}",
                row.id,
                want.len(),
                row.count
            ));
        }
        let ty = rules.unpromoted_type(kind);
        let map = move_map(rules, ty, Colour::Black, origin);
        let reached = map.marks.iter().filter(|m| m.is_some()).count();
        if reached != row.count {
            problems.push(format!(
                "{}: reaches {reached} squares, the reference's count is {}",
                row.id, row.count
            ));
        }
        if let Some(p) = row.paths
            && map.paths != p
        {
            problems.push(format!("{}: {} paths, the reference says {p}", row.id, map.paths));
        }
        let expected: Vec<Vec<String>> = (-radius..=radius)
            .rev()
            .map(|dy| {
                (-radius..=radius)
                    .map(|dx| {
                        if (dx, dy) == (0, 0) {
                            "*".to_string()
                        } else {
                            symbol(want.get(&(dx, dy)).copied())
                        }
                    })
                    .collect()
            })
            .collect();
        for colour in Colour::BOTH {
            let map = move_map(rules, ty, colour, origin);
            let got = normalise(&map.render(rules, colour, Some(radius)));
            if got != expected {
                let show = |g: &Vec<Vec<String>>| g.iter().map(|r| r.join(" ")).collect::<Vec<_>>().join("\n");
                problems.push(format!(
                    "{} ({colour}):\nexpected\n{}\ngot\n{}",
                    row.id,
                    show(&expected),
                    show(&got)
                ));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
