//! Warnings: what a rule file says that can never matter on its board.
//!
//! A warning never stops a file from loading. Each one points at the text
//! that is pointless: a tag no piece has, a piece that cannot move, a move
//! that leaves the board from every square, a promotion that can never
//! happen, a kind nothing places, an option nothing reads. It reads the rule file and the compiled kinds and types, and changes
//! neither.

use super::Checker;
use super::leg::jump_images;
use crate::board::{Colour, Geometry, Offset, Square, resolve_direction};
use crate::diagnostics::Diagnostic;
use crate::dsl;
use crate::rules::file::{LegKeys, LegSpec, MoveSpec, RuleFile, Text};
use crate::ruleset::{Hands, Kind, PieceType, TypeId};
use std::collections::BTreeSet;
use std::ops::Range;

/// What the lints need from the compiled file.
pub(super) struct Compiled<'a> {
    pub geo: &'a Geometry,
    pub kinds: &'a [Kind],
    pub types: &'a [PieceType],
    pub setup: &'a [(Square, Colour, TypeId)],
    /// `[setup] hand`: pieces that can be dropped onto the board.
    pub setup_hands: &'a Hands,
    /// Whether the file has a `[promotion]` table.
    pub promotes: bool,
    /// Kinds whose id an earlier kind already has (an error says so).
    pub duplicates: &'a [usize],
}

/// Pushes every warning of this module.
pub(super) fn warn(c: &mut Checker, f: &RuleFile, x: &Compiled) {
    unreachable_kinds(c, f, x);
    unread_options(c, f);
    unused_tags(c, f);
    unreachable_promotions(c, f, x);
    for p in &f.pieces {
        if p.moves.is_empty() {
            c.push(
                Diagnostic::warning(
                    p.id.span(),
                    format!("piece `{}` has no moves: it can never move", p.id.get_ref()),
                )
                .with_help("give it `moves = [...]`"),
            );
        }
        for m in &p.moves {
            impossible_move(c, m, x.geo);
        }
    }
}

/// A kind that is not in the setup and that nothing can turn into.
fn unreachable_kinds(c: &mut Checker, f: &RuleFile, x: &Compiled) {
    let mut reachable: BTreeSet<usize> = x
        .setup
        .iter()
        .map(|(_, _, t)| t)
        .chain(x.setup_hands.iter().flatten().map(|(t, _)| t))
        .map(|t| x.types[usize::from(*t)].kind)
        .collect();
    // A promoted piece turns back into its original kind when it goes
    // to a hand or reverts on moving.
    if f.drops.is_some()
        || f.promotion
            .as_ref()
            .is_some_and(|p| p.revert_on_move || p.revert_when.is_some())
    {
        reachable.extend(
            x.setup
                .iter()
                .filter_map(|(_, _, t)| x.types[usize::from(*t)].promoted_from),
        );
    }
    // A kind that captured pieces join the hand as (`hand_kind`).
    if let Some(d) = &f.drops {
        reachable.extend(
            d.hand_kind
                .values()
                .filter_map(|to| x.kinds.iter().position(|k| k.id == *to.get_ref())),
        );
    }
    let mut grew = true;
    while grew {
        grew = false;
        for (k, kind) in x.kinds.iter().enumerate() {
            if reachable.contains(&k)
                && let Some(t) = kind.promotes_to
            {
                grew |= reachable.insert(t);
            }
        }
    }
    for (k, p) in f.pieces.iter().enumerate() {
        // A kind that unreachable kinds promote to: `lint` says which.
        if !reachable.contains(&k) && !x.kinds.iter().any(|s| s.promotes_to == Some(k)) && !x.duplicates.contains(&k) {
            c.push(Diagnostic::warning(
                p.id.span(),
                format!(
                    "piece `{}` is not in the setup and no piece promotes to it",
                    x.kinds[k].id
                ),
            ));
        }
    }
}

/// An option that no condition or key mentions.
fn unread_options(c: &mut Checker, f: &RuleFile) {
    let mut read: BTreeSet<String> = BTreeSet::new();
    let mut texts: Vec<&Text> = f.restrictions.iter().map(|r| &r.forbid_capture).collect();
    texts.push(&f.victory.loses_when);
    texts.extend(f.victory.wins_when.iter().map(|w| &w.condition));
    texts.extend(f.victory.move_limit.as_ref().and_then(|m| m.when.as_ref()));
    texts.extend(f.victory.check_when.as_ref());
    if let Some(p) = &f.promotion {
        texts.push(&p.may);
        texts.extend(p.must.as_ref());
        texts.extend(p.repromote.as_ref());
    }
    texts.push(&f.victory.no_moves);
    texts.extend(f.victory.stalemate.as_ref());
    texts.extend(f.drops.as_ref().and_then(|d| d.enabled.as_ref()));
    texts.extend(f.drops.as_ref().and_then(|d| d.forbid.as_ref()));
    texts.extend(f.victory.both_lose.as_ref());
    for p in &f.pieces {
        texts.extend(p.moves.iter().filter_map(|m| m.when.as_ref()));
        for m in &p.moves {
            texts.extend(m.leg_keys().flat_map(LegKeys::conditions));
        }
        if let Some(s) = &p.shoot {
            texts.extend(
                s.over
                    .iter()
                    .chain(&s.screen)
                    .chain(&s.target)
                    .chain(&s.when)
                    .chain(&s.after),
            );
            if let toml::Value::String(r) = s.range.get_ref() {
                read.extend(dsl::mentioned_options(r));
            }
        }
    }
    for a in &f.auras {
        texts.extend(
            a.intermediate_landings
                .iter()
                .chain(&a.on_creation)
                .chain(&a.enemies_only)
                .chain(&a.meeting)
                .chain(&a.when),
        );
    }
    texts.extend(f.freezes.iter().map(|z| &z.mode));
    texts.extend(
        f.demotions
            .iter()
            .flat_map(|d| std::iter::once(&d.when).chain(&d.each_landing)),
    );
    texts.extend(f.on_promotions.iter().filter_map(|o| o.per_piece.as_ref()));
    texts.extend(f.on_captures.iter().filter_map(|o| o.when.as_ref()));
    for t in texts {
        read.extend(dsl::mentioned_options(t.get_ref()));
    }
    if let Some(r) = &f.repetition {
        read.insert(r.option.get_ref().clone());
    }
    for k in f.options.keys() {
        if !read.contains(k.get_ref()) {
            c.push(Diagnostic::warning(
                k.span(),
                format!("option `{}` is never read by any condition", k.get_ref()),
            ));
        }
    }
}

/// A tag in `[tags]` that no piece lists: `count(TAG)` is always 0.
fn unused_tags(c: &mut Checker, f: &RuleFile) {
    // A piece that lists an undeclared tag, or a piece id that is a tag,
    // is already an error, and probably the reason.
    let tag_errors = f.pieces.iter().any(|p| {
        f.tags.contains_key(p.id.get_ref().as_str())
            || p.tags.iter().any(|t| !f.tags.contains_key(t.get_ref().as_str()))
    });
    if tag_errors {
        return;
    }
    for tag in f.tags.keys() {
        if !f
            .pieces
            .iter()
            .any(|p| p.tags.iter().any(|t| t.get_ref() == tag.get_ref()))
        {
            c.push(
                Diagnostic::warning(tag.span(), format!("tag `{}` is not given to any piece", tag.get_ref()))
                    .with_help("list it in a piece's `tags`, or remove it"),
            );
        }
    }
}

/// Promotions that can never happen, and kinds that only such promotions
/// would bring onto the board.
fn unreachable_promotions(c: &mut Checker, f: &RuleFile, x: &Compiled) {
    let edges: Vec<(usize, &Text)> = f
        .pieces
        .iter()
        .enumerate()
        .filter_map(|(k, p)| p.promotes_to.as_ref().map(|t| (k, t)))
        .collect();
    if !x.promotes {
        if let Some((_, t)) = edges.first() {
            c.push(
                Diagnostic::warning(
                    t.span(),
                    "`promotes_to` has no effect: the file has no [promotion] table",
                )
                .with_help("add a [promotion] table with `zone_ranks` and `may`, or remove `promotes_to`"),
            );
        }
        return;
    }
    // Types that can be on the board: the setup's, and what they promote
    // into, step by step.
    let mut on_board: BTreeSet<TypeId> = x
        .setup
        .iter()
        .map(|(_, _, t)| *t)
        .chain(x.setup_hands.iter().flatten().map(|(t, _)| *t))
        .collect();
    let mut todo: Vec<TypeId> = on_board.iter().copied().collect();
    while let Some(t) = todo.pop() {
        if let Some(u) = x.types.get(usize::from(t)).and_then(|ty| ty.promotes_to)
            && on_board.insert(u)
        {
            todo.push(u);
        }
    }
    let kind_on_board = |k: usize| on_board.iter().any(|&t| x.types[usize::from(t)].kind == k);
    for (k, kind) in x.kinds.iter().enumerate() {
        if kind_on_board(k) {
            continue;
        }
        // The checker warns about a kind that nothing places and nothing
        // promotes to; here, the kinds whose promoters never appear.
        let sources: Vec<&str> = x
            .kinds
            .iter()
            .filter(|s| s.promotes_to == Some(k))
            .map(|s| s.id.as_str())
            .collect();
        if sources.is_empty() {
            continue;
        }
        let Some(p) = f.pieces.get(k) else { continue };
        let list = sources.iter().map(|s| format!("`{s}`")).collect::<Vec<_>>().join(", ");
        c.push(Diagnostic::warning(
            p.id.span(),
            format!(
                "piece `{}` can never be on the board: it is not in the setup, and {list} (which promote{} to it) never {} either",
                kind.id,
                if sources.len() == 1 { "s" } else { "" },
                if sources.len() == 1 { "is" } else { "are" },
            ),
        ));
    }
    // A kind that is on the board, but only as a promoted piece that cannot
    // promote again, never uses its own `promotes_to`.
    for (k, t) in edges.into_iter().filter(|(k, _)| x.kinds[*k].promotes_to.is_some()) {
        let can_promote_here =
            |ty: &TypeId| x.types[usize::from(*ty)].kind == k && x.types[usize::from(*ty)].promotes_to.is_some();
        if kind_on_board(k) && !on_board.iter().any(can_promote_here) {
            c.push(
                Diagnostic::warning(
                    t.span(),
                    format!(
                        "`{}` never promotes to `{}`: it is on the board only as a promoted piece, which does not promote again",
                        x.kinds[k].id,
                        t.get_ref()
                    ),
                )
                .with_help("put an unpromoted one in the setup, allow `repromote`, or remove `promotes_to`"),
            );
        }
    }
}

/// One leg, as far as the lint needs it: its offsets for Black and how far
/// it may go along each, and where it is written.
struct LegShape {
    offsets: Vec<Offset>,
    /// Squares along each offset (1 for steps and jumps).
    reach: u32,
    optional: bool,
    span: Range<usize>,
    /// Jump offsets as written.
    jumps: Vec<[i32; 2]>,
    /// The jump's symmetry swaps `dx` and `dy` (`all`).
    swaps: bool,
}

impl LegShape {
    /// A written jump offset none of whose images fits on the board.
    fn never_lands(&self, [dx, dy]: [i32; 2], geo: &Geometry) -> bool {
        let fits = |a: i32, b: i32| a.abs() < geo.width as i32 && b.abs() < geo.height as i32;
        !(fits(dx, dy) || self.swaps && fits(dy, dx))
    }
}

/// A move alternative that can never produce a move on this board, or a
/// jump offset in it that never lands. Movement errors are the checker's:
/// a leg it cannot read is skipped here.
fn impossible_move(c: &mut Checker, m: &MoveSpec, geo: &Geometry) {
    let legs: Vec<LegShape> = match &m.legs {
        Some(legs) => match legs.iter().map(leg_shape).collect::<Option<Vec<_>>>() {
            Some(l) => l,
            None => return,
        },
        None => match inline_shape(m) {
            Some(l) => vec![l],
            None => return,
        },
    };
    // Too many legs, or a leg without directions, is already an error.
    if legs.is_empty() || legs.len() > crate::moves::MAX_LEGS || legs.iter().any(|l| l.offsets.is_empty()) {
        return;
    }
    if quickly_possible(&legs, geo) {
        // Still, a jump offset may never land.
        for leg in &legs {
            for &j in leg.jumps.iter().filter(|j| leg.never_lands(**j, geo)) {
                c.push(Diagnostic::warning(
                    leg.span.clone(),
                    format!(
                        "the jump [{}, {}] never lands on a {}x{} board",
                        j[0], j[1], geo.width, geo.height
                    ),
                ));
            }
        }
        return;
    }
    if !possible(&legs, geo) {
        let why = legs
            .iter()
            .find_map(|l| l.jumps.iter().find(|j| l.never_lands(**j, geo)))
            .map(|[dx, dy]| format!(": a jump of [{dx}, {dy}] leaves the board from every square"))
            .unwrap_or_default();
        c.push(Diagnostic::warning(
            legs[0].span.clone(),
            format!(
                "this move can never be made on a {}x{} board{why}",
                geo.width, geo.height
            ),
        ));
    }
}

/// A cheap sufficient test: up to the first leg the move may stop after,
/// the shortest offset of each leg, added up, fits on the board (so some
/// start square holds the whole path).
fn quickly_possible(legs: &[LegShape], geo: &Geometry) -> bool {
    let (mut sx, mut sy) = (0i32, 0i32);
    for (i, leg) in legs.iter().enumerate() {
        let Some(o) = leg
            .offsets
            .iter()
            .min_by_key(|o| o.dx.unsigned_abs().max(o.dy.unsigned_abs()))
        else {
            return false;
        };
        sx += i32::from(o.dx.unsigned_abs());
        sy += i32::from(o.dy.unsigned_abs());
        if sx >= geo.width as i32 || sy >= geo.height as i32 {
            return false;
        }
        if legs.get(i + 1).is_none_or(|l| l.optional) {
            return true;
        }
    }
    false
}

/// The exact test, ignoring other pieces and leg relations (so it can
/// only over-estimate): the squares a piece can stand on after each leg,
/// starting anywhere.
fn possible(legs: &[LegShape], geo: &Geometry) -> bool {
    let mut at: Vec<bool> = vec![true; geo.len()];
    for (i, leg) in legs.iter().enumerate() {
        let mut next = vec![false; geo.len()];
        for sq in (0..geo.len()).filter(|&s| at[s]) {
            let (x, y) = geo.xy(sq as Square);
            for o in &leg.offsets {
                for n in 1..=leg.reach.min(geo.width.max(geo.height)) as i32 {
                    let (tx, ty) = (x + i32::from(o.dx) * n, y + i32::from(o.dy) * n);
                    match geo.square(tx, ty) {
                        Some(t) => next[usize::from(t)] = true,
                        None => break,
                    }
                }
            }
        }
        at = next;
        if legs.get(i + 1).is_none_or(|l| l.optional) && at.iter().any(|b| *b) {
            return true;
        }
    }
    false
}

fn inline_shape(m: &MoveSpec) -> Option<LegShape> {
    shape(&m.inline, false)
}

fn leg_shape(l: &LegSpec) -> Option<LegShape> {
    shape(&l.keys, l.optional)
}

fn shape(keys: &LegKeys, optional: bool) -> Option<LegShape> {
    let LegKeys {
        step,
        slide,
        range,
        jump,
        symmetry,
        ..
    } = keys;
    match (step, slide, jump) {
        (Some(dirs), None, None) | (None, Some(dirs), None) => {
            let mut offsets = Vec::new();
            for word in dirs.get_ref().split(|ch: char| ch == ',' || ch.is_whitespace()) {
                if !word.is_empty() {
                    offsets.extend(resolve_direction(word)?);
                }
            }
            let reach = if step.is_some() {
                1
            } else {
                range.as_ref().map_or(u32::from(u8::MAX), |r| *r.get_ref())
            };
            Some(LegShape {
                offsets,
                reach,
                optional,
                span: dirs.span(),
                jumps: Vec::new(),
                swaps: false,
            })
        }
        (None, None, Some(j)) => {
            let sym = symmetry.as_ref().map_or("none", |s| s.get_ref().as_str());
            let mut offsets = Vec::new();
            for &[dx, dy] in j.get_ref() {
                if dx.unsigned_abs() > 35 || dy.unsigned_abs() > 35 {
                    return None;
                }
                offsets.extend(jump_images(sym, dx as i8, dy as i8)?);
            }
            Some(LegShape {
                offsets,
                reach: 1,
                optional,
                span: j.span(),
                jumps: j.get_ref().clone(),
                swaps: sym == "all",
            })
        }
        _ => None,
    }
}
