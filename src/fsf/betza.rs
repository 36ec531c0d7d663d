//! Reading Betza notation the way Fairy-Stockfish reads it (the subset its
//! `from_betza` accepts; src/engine/betza.rs writes XBetza for XBoard).
//!
//! A move is modifiers then an atom: modalities `m` (move only) and `c`
//! (capture only), neither meaning both; `p` (hop over one piece, then any
//! distance) and `g` (land right behind it); `n` (lame: blocked on the
//! way); `i` (initial move only); directions `f b l r v s h`, two of which
//! may pair up (`fr`, `ff`, `fs`); then a leaper atom `W F D N A H L C J Z
//! G K` or a rider atom `R B Q`. A leaper atom doubled (`WW`) or followed
//! by a digit (`W3`, `R2`: at most that many steps; `0`: unlimited) is a
//! rider. FSF skips any other letter; so does this reader, and it lists
//! what it skipped so that the caller can say so.
//!
//! The result is what FSF builds: for each modality, the offsets a piece
//! steps, rides or hops to, each with its distance (0 for an unlimited
//! rider, -1 for a lame leaper). Offsets are owner-relative `(dx, dy)`,
//! `dx` to the right, `dy` forward, as in gunbai's rule files.

use std::collections::BTreeMap;

/// How a piece gets to an offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Walk {
    /// A leap (distance 0) or a lame leap (distance -1).
    Step,
    /// A rider along the offset: distance 0 unlimited, else at most that many steps.
    Slide,
    /// A hopper along the offset: over one piece, then any distance (0) or that many.
    Hop,
}

/// Offsets by walk, with their distance.
pub type Table = BTreeMap<(Walk, i8, i8), i8>;

/// A piece's moves as FSF understands its Betza string.
#[derive(Clone, Debug, Default)]
pub struct Betza {
    /// Moves that may not capture (`m`, or no modality).
    pub quiet: Table,
    /// Moves that capture (`c`, or no modality).
    pub capture: Table,
    /// Moves with `i`: only from a piece's first square.
    pub initial: bool,
    /// Characters FSF does not know and skips, in order, once each.
    pub skipped: Vec<char>,
}

/// The most distinct skipped characters listed (a hostile string may hold a million).
const MAX_SKIPPED: usize = 16;

const VERTICALS: &str = "fbvh";
const HORIZONTALS: &str = "rlsh";

/// The atom's offset pair `(a, b)` (`a` >= `b`), or pairs for `K`/`Q`, and whether it rides.
fn atom(c: char) -> Option<(&'static [(i8, i8)], bool)> {
    Some(match c {
        'W' => (&[(1, 0)], false),
        'F' => (&[(1, 1)], false),
        'D' => (&[(2, 0)], false),
        'N' => (&[(2, 1)], false),
        'A' => (&[(2, 2)], false),
        'H' => (&[(3, 0)], false),
        'L' | 'C' => (&[(3, 1)], false),
        'J' | 'Z' => (&[(3, 2)], false),
        'G' => (&[(3, 3)], false),
        'K' => (&[(1, 0), (1, 1)], false),
        'R' => (&[(1, 0)], true),
        'B' => (&[(1, 1)], true),
        'Q' => (&[(1, 0), (1, 1)], true),
        _ => return None,
    })
}

/// Reads `text`. Never fails: like FSF, it skips what it does not know
/// (listed in [`Betza::skipped`]). Linear in the length of `text`; the
/// tables hold at most 8 offsets for each atom and walk.
pub fn read(text: &str) -> Betza {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Betza::default();
    let mut quiet = false;
    let mut capture = false;
    let mut hop = false;
    let mut grass = false;
    let mut lame = false;
    let mut initial = false;
    let mut dirs: Vec<[char; 2]> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == 'm' {
            quiet = true;
        } else if c == 'c' {
            capture = true;
        } else if c == 'p' || c == 'g' {
            hop = true;
            grass |= c == 'g';
        } else if c == 'n' {
            lame = true;
        } else if c == 'i' {
            initial = true;
        } else if VERTICALS.contains(c) || HORIZONTALS.contains(c) {
            let pair = chars.get(i + 1).copied().filter(|&c2| {
                c2 == c
                    || (VERTICALS.contains(c) && HORIZONTALS.contains(c2))
                    || (HORIZONTALS.contains(c) && VERTICALS.contains(c2))
            });
            if let Some(c2) = pair {
                dirs.push([c, c2]);
                i += 1;
            } else {
                dirs.push([c, c]);
            }
        } else if let Some((atoms, mut rider)) = atom(c) {
            let mut distance: i8 = if grass { 1 } else { 0 };
            if let Some(&next) = chars.get(i + 1)
                && (next.is_ascii_digit() || next == c)
            {
                rider = true;
                if let Some(d) = next.to_digit(10) {
                    distance = d as i8;
                }
                i += 1;
            }
            if !rider && lame {
                distance = -1;
            }
            let (q, k) = if quiet || capture {
                (quiet, capture)
            } else {
                (true, true)
            };
            let walk = if hop {
                Walk::Hop
            } else if rider {
                Walk::Slide
            } else {
                Walk::Step
            };
            out.initial |= initial;
            for &(a, b) in atoms {
                // FSF splits a mixed pair for a lone orthogonal atom (`fsW`: forward and sideways).
                let mut here: Vec<[char; 2]> = Vec::new();
                for d in &dirs {
                    if atoms.len() == 1 && b == 0 && d[0] != d[1] {
                        here.push([d[0], d[0]]);
                        here.push([d[1], d[1]]);
                    } else {
                        here.push(*d);
                    }
                }
                for (dx, dy) in images(a, b, &here) {
                    if q {
                        out.quiet.insert((walk, dx, dy), distance);
                    }
                    if k {
                        out.capture.insert((walk, dx, dy), distance);
                    }
                }
            }
            quiet = false;
            capture = false;
            hop = false;
            grass = false;
            lame = false;
            initial = false;
            dirs.clear();
        } else if out.skipped.len() < MAX_SKIPPED && !out.skipped.contains(&c) {
            out.skipped.push(c);
        }
        i += 1;
    }
    out
}

/// The images of `(a, b)` (`a` along the major axis) that the direction
/// pairs select, in FSF's eight cases; no pairs select all eight.
fn images(a: i8, b: i8, dirs: &[[char; 2]]) -> Vec<(i8, i8)> {
    let has = |names: &[&str]| {
        dirs.is_empty()
            || names.iter().any(|n| {
                let n: Vec<char> = n.chars().collect();
                dirs.iter().any(|d| d[0] == n[0] && d[1] == n[1])
            })
    };
    let cases: [((i8, i8), &[&str]); 8] = [
        ((b, a), &["ff", "vv", "rf", "rv", "fh", "rh", "hr"]),
        ((-b, -a), &["bb", "vv", "lb", "lv", "bh", "lh", "hr"]),
        ((a, -b), &["rr", "ss", "br", "bs", "bh", "rh", "hr"]),
        ((-a, b), &["ll", "ss", "fl", "fs", "fh", "lh", "hr"]),
        ((a, b), &["rr", "ss", "fr", "fs", "fh", "rh", "hl"]),
        ((-a, -b), &["ll", "ss", "bl", "bs", "bh", "lh", "hl"]),
        ((b, -a), &["bb", "vv", "rb", "rv", "bh", "rh", "hl"]),
        ((-b, a), &["ff", "vv", "lf", "lv", "fh", "lh", "hl"]),
    ];
    let mut out = Vec::new();
    for (offset, names) in cases {
        if has(names) && !out.contains(&offset) {
            out.push(offset);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn steps(t: &Table, walk: Walk) -> Vec<(i8, i8, i8)> {
        t.iter()
            .filter(|(k, _)| k.0 == walk)
            .map(|(k, d)| (k.1, k.2, *d))
            .collect()
    }

    #[test]
    fn gold_and_silver() {
        let g = read("WfF");
        let mut s = steps(&g.quiet, Walk::Step);
        s.sort();
        assert_eq!(
            s,
            vec![(-1, 0, 0), (-1, 1, 0), (0, -1, 0), (0, 1, 0), (1, 0, 0), (1, 1, 0)]
        );
        assert_eq!(g.quiet, g.capture);
        let s = read("FfW");
        assert_eq!(steps(&s.quiet, Walk::Step).len(), 5);
    }

    #[test]
    fn soldier_splits_mixed_directions() {
        let s = read("fsW");
        let mut v = steps(&s.quiet, Walk::Step);
        v.sort();
        assert_eq!(v, vec![(-1, 0, 0), (0, 1, 0), (1, 0, 0)]);
    }

    #[test]
    fn knights_and_riders() {
        let n = read("fN");
        let mut v = steps(&n.quiet, Walk::Step);
        v.sort();
        assert_eq!(v, vec![(-1, 2, 0), (1, 2, 0)]);
        let n = read("ffN");
        assert_eq!(steps(&n.quiet, Walk::Step).len(), 2);
        let n = read("fsN");
        let mut v = steps(&n.quiet, Walk::Step);
        v.sort();
        assert_eq!(v, vec![(-2, 1, 0), (2, 1, 0)]);
        let l = read("fR");
        assert_eq!(steps(&l.quiet, Walk::Slide), vec![(0, 1, 0)]);
        let r = read("bR2");
        assert_eq!(steps(&r.quiet, Walk::Slide), vec![(0, -1, 2)]);
        let w = read("WW");
        assert_eq!(steps(&w.quiet, Walk::Slide).len(), 4);
    }

    #[test]
    fn modalities_hoppers_and_skips() {
        let c = read("mRcpR");
        assert_eq!(steps(&c.quiet, Walk::Slide).len(), 4);
        assert!(steps(&c.quiet, Walk::Hop).is_empty());
        assert_eq!(steps(&c.capture, Walk::Hop).len(), 4);
        assert!(steps(&c.capture, Walk::Slide).is_empty());
        let g = read("gQ");
        assert!(steps(&g.quiet, Walk::Hop).iter().all(|s| s.2 == 1));
        let x = read("xW!W");
        assert_eq!(x.skipped, vec!['x', '!']);
        assert_eq!(read("nN").quiet.values().copied().collect::<Vec<_>>(), vec![-1; 8]);
        assert!(read("ifW").initial);
    }
}
