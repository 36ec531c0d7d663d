//! The builtin functions of the condition language (`count`, `distance`,
//! `killed`, `*_near`, `protected_*`, ...): their arity and argument
//! types, and which places allow each (`names_in`, for messages).

use super::check::{Compiler, ERROR, Ty, Typed};
use super::syntax::Rule;
use super::{Expr, Metric, PieceRef, Place, Protection, TypeSet};
use pest::iterators::Pair;

impl Compiler<'_, '_> {
    pub(super) fn call(&mut self, p: Pair<Rule>) -> Typed {
        let span = self.span(&p);
        let mut it = p.into_inner();
        let Some(name_pair) = it.next() else {
            return ERROR;
        };
        let name = name_pair.as_str().to_string();
        let args: Vec<Pair<Rule>> = it.collect();
        let place = self.scope.place;
        let mover_place = matches!(
            place,
            Place::Capture | Place::Promotion | Place::Move | Place::Shot | Place::Piece | Place::Drop
        );
        let arity = |c: &mut Self, n: usize| -> bool {
            if args.len() != n {
                c.err(
                    span.clone(),
                    format!(
                        "`{name}` takes {n} argument{}, found {}",
                        if n == 1 { "" } else { "s" },
                        args.len()
                    ),
                );
                false
            } else {
                true
            }
        };
        match name.as_str() {
            "count"
            | "enemy_count"
            | "last.captured"
            | "killed"
            | "enemy_killed"
            | "captured"
            | "in_zone_unattacked"
            | "enemy_in_zone_unattacked"
            | "in_hand"
            | "enemy_in_hand"
            | "count_in_zone"
            | "count_stuck"
            | "enemy_count_stuck"
                if (name != "captured" || place == Place::Promotion)
                    && (!SIDE_ONLY.contains(&name.as_str()) || place == Place::Side) =>
            {
                if !arity(self, 1) {
                    return ERROR;
                }
                let arg = args.into_iter().next().unwrap_or_else(|| unreachable!());
                let inner = arg.into_inner().next();
                let set = match inner {
                    Some(q) if q.as_rule() == Rule::kind_list => self.kind_set(q, false),
                    Some(q) => {
                        // A bare name: take the path text as a kind name.
                        let text = q.as_str().trim().to_string();
                        let qs = self.span(&q);
                        if text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                            self.kind_by_name(&text, qs)
                        } else {
                            self.err(qs, "expected a kind, a tag or a [list] of them");
                            TypeSet::default()
                        }
                    }
                    None => TypeSet::default(),
                };
                match name.as_str() {
                    "last.captured" => Typed::new(Ty::Bool, Expr::LastCaptured(set)),
                    "in_zone_unattacked" => Typed::new(Ty::Bool, Expr::InZoneUnattacked(false, set)),
                    "enemy_in_zone_unattacked" => Typed::new(Ty::Bool, Expr::InZoneUnattacked(true, set)),
                    "in_hand" | "enemy_in_hand" => Typed::new(
                        Ty::Int,
                        Expr::InHand {
                            enemy: name == "enemy_in_hand",
                            set,
                        },
                    ),
                    "count_in_zone" => Typed::new(Ty::Int, Expr::CountInZone(set)),
                    "count_stuck" | "enemy_count_stuck" => Typed::new(
                        Ty::Int,
                        Expr::CountStuck {
                            enemy: name == "enemy_count_stuck",
                            set,
                        },
                    ),
                    "captured" => Typed::new(Ty::Bool, Expr::CapturedKind(set)),
                    "killed" | "enemy_killed" => {
                        if set.iter().any(|t| t >= 256) {
                            self.err(span.clone(), "kill history is kept for the first 256 piece types only");
                        }
                        Typed::new(
                            Ty::Bool,
                            Expr::Killed {
                                enemy: name == "enemy_killed",
                                set,
                            },
                        )
                    }
                    n => Typed::new(
                        Ty::Int,
                        Expr::Count {
                            enemy: n == "enemy_count",
                            set,
                        },
                    ),
                }
            }
            "last.captured_at" | "in_zone" | "rank" if mover_place => {
                if !arity(self, 1) {
                    return ERROR;
                }
                let a = args.into_iter().next().unwrap_or_else(|| unreachable!());
                let s = self.span(&a);
                let t = self.expr(a);
                let e = self.expect(t, Ty::Square, s);
                match name.as_str() {
                    "last.captured_at" => Typed::new(Ty::Bool, Expr::LastCapturedAt(Box::new(e))),
                    "in_zone" => Typed::new(Ty::Bool, Expr::InZone(Box::new(e))),
                    _ => Typed::new(Ty::Int, Expr::Rank(Box::new(e))),
                }
            }
            "enemy_near"
            | "own_near"
            | "enemy_near_manhattan"
            | "own_near_manhattan"
            | "enemy_on_lines"
            | "own_on_lines"
                if place != Place::Side =>
            {
                // NAME(square, distance, kinds)
                if !arity(self, 3) {
                    return ERROR;
                }
                let mut it = args.into_iter();
                let (Some(a), Some(b), Some(c)) = (it.next(), it.next(), it.next()) else {
                    return ERROR;
                };
                let (sa, sb) = (self.span(&a), self.span(&b));
                let ta = self.expr(a);
                let sq = self.expect(ta, Ty::Square, sa);
                let tb = self.expr(b);
                let dist = self.expect(tb, Ty::Int, sb);
                let set = self.kind_argument(c);
                let metric = if name.ends_with("manhattan") {
                    Metric::Manhattan
                } else if name.ends_with("lines") {
                    Metric::Lines
                } else {
                    Metric::Chebyshev
                };
                Typed::new(
                    Ty::Bool,
                    Expr::Near {
                        enemy: name.starts_with("enemy"),
                        metric,
                        set,
                        args: Box::new((sq, dist)),
                    },
                )
            }
            "count_near" | "enemy_count_near" if place == Place::Side => {
                // NAME(kinds, distance, kinds of the other side)
                if !arity(self, 3) {
                    return ERROR;
                }
                let mut it = args.into_iter();
                let (Some(a), Some(b), Some(c)) = (it.next(), it.next(), it.next()) else {
                    return ERROR;
                };
                let set = self.kind_argument(a);
                let sb = self.span(&b);
                let tb = self.expr(b);
                let dist = self.expect(tb, Ty::Int, sb);
                let near = self.kind_argument(c);
                Typed::new(
                    Ty::Int,
                    Expr::CountNear {
                        enemy: name == "enemy_count_near",
                        sets: Box::new((set, near)),
                        dist: Box::new(dist),
                    },
                )
            }
            "own_on_file" | "own_count_on_file" if mover_place => {
                // own_on_file(square, kinds), own_count_on_file(square, kinds)
                if !arity(self, 2) {
                    return ERROR;
                }
                let mut it = args.into_iter();
                let (Some(a), Some(c)) = (it.next(), it.next()) else {
                    return ERROR;
                };
                let sa = self.span(&a);
                let ta = self.expr(a);
                let sq = self.expect(ta, Ty::Square, sa);
                let set = self.kind_argument(c);
                if name == "own_count_on_file" {
                    Typed::new(Ty::Int, Expr::OwnOnFile(Box::new(sq), set, true))
                } else {
                    Typed::new(Ty::Bool, Expr::OwnOnFile(Box::new(sq), set, false))
                }
            }
            "stuck_at" if matches!(place, Place::Promotion | Place::Drop) => {
                if !arity(self, 1) {
                    return ERROR;
                }
                let a = args.into_iter().next().unwrap_or_else(|| unreachable!());
                let s = self.span(&a);
                let t = self.expr(a);
                let e = self.expect(t, Ty::Square, s);
                Typed::new(Ty::Bool, Expr::StuckAt(Box::new(e)))
            }
            "distance" if mover_place => {
                if !arity(self, 2) {
                    return ERROR;
                }
                let mut v = Vec::new();
                for a in args {
                    let s = self.span(&a);
                    let t = self.expr(a);
                    v.push(self.expect(t, Ty::Square, s));
                }
                let b = v.pop().unwrap_or(Expr::Const(-1));
                let a = v.pop().unwrap_or(Expr::Const(-1));
                Typed::new(Ty::Int, Expr::Distance(Box::new((a, b))))
            }
            "protected_after" | "protected_before" | "protected_before_xray" | "protected_after_counting_captured"
                if place == Place::Capture =>
            {
                if !arity(self, 1) {
                    return ERROR;
                }
                let a = args.into_iter().next().unwrap_or_else(|| unreachable!());
                let s = self.span(&a);
                let t = self.expr(a);
                match (t.ty, t.expr) {
                    (Ty::Piece, Expr::PieceSquare(PieceRef::Victim)) => Typed::new(
                        Ty::Bool,
                        Expr::Protected {
                            piece: PieceRef::Victim,
                            when: match name.as_str() {
                                "protected_after" => Protection::After,
                                "protected_before" => Protection::Before,
                                "protected_before_xray" => Protection::BeforeXray,
                                _ => Protection::AfterCountingCaptured,
                            },
                        },
                    ),
                    (Ty::Error, _) => ERROR,
                    _ => self.err(s, format!("`{name}` judges the captured piece: write `{name}(victim)`")),
                }
            }
            _ => {
                let d = self.unknown_here(span, format!("unknown function `{name}` here"), &name);
                self.errors.push(d);
                ERROR
            }
        }
    }

    /// A kind argument: a bracketed list of kinds or tags, or one name.
    fn kind_argument(&mut self, arg: Pair<'_, Rule>) -> TypeSet {
        match arg.into_inner().next() {
            Some(q) if q.as_rule() == Rule::kind_list => self.kind_set(q, false),
            Some(q) => {
                let qs = self.span(&q);
                let text = q.as_str().trim().to_string();
                self.kind_by_name(&text, qs)
            }
            None => TypeSet::default(),
        }
    }
}

/// The functions of the side place alone (victory conditions).
const SIDE_ONLY: [&str; 9] = [
    "in_zone_unattacked",
    "enemy_in_zone_unattacked",
    "in_hand",
    "enemy_in_hand",
    "count_in_zone",
    "count_stuck",
    "enemy_count_stuck",
    "count_near",
    "enemy_count_near",
];

/// The names a condition may use in a place.
pub(super) fn names_in(place: Place) -> Vec<&'static str> {
    let mut v = vec![
        "opt.NAME",
        "files",
        "ranks",
        "count",
        "enemy_count",
        "last.captured",
        "killed",
        "enemy_killed",
        "enemy_near",
        "own_near",
    ];
    match place {
        Place::Capture => v.extend([
            "last.captured_at",
            "mover",
            "victim",
            "bridge",
            "last.mover",
            "distance",
            "in_zone",
            "rank",
            "protected_after",
            "protected_before",
            "protected_before_xray",
            "protected_after_counting_captured",
            "moves_on",
            "own_on_file",
            "own_count_on_file",
        ]),
        Place::Promotion => v.extend([
            "captured",
            "last.captured_at",
            "mover",
            "from",
            "to",
            "captures",
            "farthest_rank",
            "range_move",
            "last.mover",
            "distance",
            "in_zone",
            "rank",
            "stuck_at",
            "own_on_file",
            "own_count_on_file",
        ]),
        Place::Move => v.extend([
            "last.captured_at",
            "mover",
            "last.mover",
            "distance",
            "in_zone",
            "rank",
            "own_on_file",
            "own_count_on_file",
        ]),
        Place::Shot => v.extend([
            "shooter",
            "target",
            "distance",
            "in_zone",
            "rank",
            "own_on_file",
            "own_count_on_file",
        ]),
        Place::Piece => v.extend([
            "piece",
            "distance",
            "in_zone",
            "rank",
            "own_on_file",
            "own_count_on_file",
        ]),
        Place::Drop => v.extend([
            "mover",
            "to",
            "gives_mate",
            "stuck_at",
            "own_on_file",
            "own_count_on_file",
            "distance",
            "in_zone",
            "rank",
        ]),
        Place::Side => v.extend(SIDE_ONLY.iter().copied().chain(["enemy_in_check", "in_check", "black"])),
    }
    v
}
