//! Parser and type-checker tests: valid conditions compile to the expected
//! shapes, invalid ones fail with a span at the right place.

use super::*;
use crate::board::{Colour, Geometry, Square};

struct World {
    kinds: BTreeMap<String, TypeSet>,
    origins: BTreeMap<String, TypeSet>,
    all: TypeSet,
    options: BTreeMap<String, OptionValue>,
}

fn world() -> World {
    let mut kinds = BTreeMap::new();
    let mut origins = BTreeMap::new();
    let mut all = TypeSet::with_capacity(4);
    for (i, name) in ["alpha", "beta", "gamma"].iter().enumerate() {
        let mut s = TypeSet::with_capacity(4);
        s.insert(i as u16);
        kinds.insert(name.to_string(), s.clone());
        origins.insert(name.to_string(), s);
        all.insert(i as u16);
    }
    let mut royal = TypeSet::with_capacity(4);
    royal.insert(2);
    kinds.insert("royal".into(), royal);
    let mut options = BTreeMap::new();
    options.insert("flag".into(), OptionValue::Bool(true));
    options.insert(
        "mode".into(),
        OptionValue::Enum {
            value: "after".into(),
            allowed: vec!["after".into(), "before".into()],
        },
    );
    World {
        kinds,
        origins,
        all,
        options,
    }
}

impl World {
    fn scope(&self, place: Place, files: i32, ranks: i32) -> Scope<'_> {
        Scope {
            place,
            kinds: &self.kinds,
            origins: &self.origins,
            all_types: &self.all,
            options: &self.options,
            files,
            ranks,
        }
    }
}

fn check(text: &str, place: Place) -> Result<Expr, Vec<Diagnostic>> {
    compile(text, 0, &world().scope(place, 12, 12))
}

#[test]
fn kind_tests_and_comparisons_compile() {
    let e = check(
        "victim is alpha and distance(mover.square, victim.square) == 2",
        Place::Capture,
    )
    .expect("valid");
    assert!(matches!(e, Expr::And(ref v) if v.len() == 2));
    assert!(victim_guard(&e).is_some_and(|g| g.contains(0) && !g.contains(1)));
}

#[test]
fn options_fold_to_constants() {
    assert_eq!(check("opt.flag", Place::Side).expect("valid"), Expr::Const(1));
    assert_eq!(
        check("opt.mode == \"before\"", Place::Side).expect("valid"),
        Expr::Const(0)
    );
    assert_eq!(
        check("not opt.flag or count(royal) == 0", Place::Side).expect("valid"),
        Expr::Cmp(
            CmpOp::Eq,
            Box::new((
                Expr::Count {
                    enemy: false,
                    set: world().kinds["royal"].clone()
                },
                Expr::Const(0)
            ))
        )
    );
}

#[test]
fn if_then_else_picks_a_branch_at_compile_time() {
    let e = check(
        "if opt.mode == \"after\" then protected_after(victim) else protected_before(victim)",
        Place::Capture,
    )
    .expect("valid");
    assert_eq!(
        e,
        Expr::Protected {
            piece: PieceRef::Victim,
            when: Protection::After
        }
    );
}

#[test]
fn syntax_errors_point_at_the_offending_column() {
    let errs = check("mover is lion and and", Place::Capture).expect_err("invalid");
    assert_eq!(errs.len(), 1);
    assert_eq!(errs[0].span.start, 18, "{errs:?}");
}

#[test]
fn unknown_kind_suggests_the_nearest() {
    let errs = check("victim is aplha", Place::Capture).expect_err("invalid");
    assert_eq!(errs[0].span, 10..15);
    assert_eq!(errs[0].help.as_deref(), Some("did you mean `alpha`?"));
}

#[test]
fn unknown_option_value_is_an_error() {
    let errs = check("opt.mode == \"aftr\"", Place::Side).expect_err("invalid");
    assert!(errs[0].message.contains("not a value"), "{errs:?}");
    assert_eq!(errs[0].help.as_deref(), Some("did you mean `after`?"));
}

#[test]
fn names_depend_on_where_the_condition_is_used() {
    assert!(check("victim is alpha", Place::Promotion).is_err());
    assert!(check("in_zone(to)", Place::Promotion).is_ok());
    assert!(check("in_zone(to)", Place::Capture).is_err());
}

#[test]
fn multiplication_binds_tighter_than_addition() {
    let e = check("1 + 2 * 3 == 7", Place::Side).expect("valid");
    let Expr::Cmp(CmpOp::Eq, b) = e else { panic!("{e:?}") };
    let Expr::Add(sum) = &b.0 else { panic!("{b:?}") };
    assert!(matches!(sum.0, Expr::Const(1)), "{sum:?}");
    assert!(
        matches!(&sum.1, Expr::Mul(m) if matches!(**m, (Expr::Const(2), Expr::Const(3)))),
        "{sum:?}"
    );
    let errs = check("2 * true == 2", Place::Side).expect_err("a boolean is no factor");
    assert!(errs[0].message.contains("expected a number"), "{errs:?}");
}

#[test]
fn hand_and_zone_counts_exist_in_the_side_place_only() {
    for text in [
        "5 * in_hand([alpha, beta]) + count_in_zone(any) >= 27",
        "enemy_in_hand(alpha) > 0 and black",
        "enemy_in_check",
    ] {
        assert!(check(text, Place::Side).is_ok(), "{text}");
        let errs = check(text, Place::Promotion).expect_err(text);
        assert!(errs[0].message.contains("here"), "{text}: {errs:?}");
    }
    // A chain of products nests as a chain of sums does: bounded.
    let long = vec!["1"; 100_000].join(" * ") + " > 0";
    nesting_error(&long);
}

#[test]
fn type_errors_are_reported() {
    let errs = check("count(royal) and true", Place::Side).expect_err("invalid");
    assert!(errs[0].message.contains("expected a boolean"), "{errs:?}");
    let errs = check("count(royal)", Place::Side).expect_err("invalid");
    assert!(errs[0].message.contains("must be true or false"), "{errs:?}");
}

#[test]
fn every_error_is_reported_at_once() {
    let errs = check("victim is aplha and mover is bta and opt.nope", Place::Capture).expect_err("invalid");
    assert_eq!(errs.len(), 3, "{errs:?}");
}

fn nesting_error(text: &str) -> Diagnostic {
    let errs = check(text, Place::Side).expect_err("too deep");
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(errs[0].message.contains("nests too deeply"), "{errs:?}");
    errs[0].clone()
}

#[test]
fn nesting_up_to_the_limit_compiles() {
    let n = MAX_NESTING - 1;
    let text = format!("{}count(royal) == 0{}", "(".repeat(n), ")".repeat(n));
    assert!(check(&text, Place::Side).is_ok());
    let text = format!("{}count(royal) == 0", "not ".repeat(MAX_NESTING - 1));
    assert!(check(&text, Place::Side).is_ok());
}

#[test]
fn deep_parentheses_are_an_error_at_the_first_level_too_many() {
    let text = format!("{}true{}", "(".repeat(5000), ")".repeat(5000));
    assert_eq!(nesting_error(&text).span, MAX_NESTING..MAX_NESTING + 1);
}

#[test]
fn long_chains_of_not_if_and_sums_are_errors() {
    nesting_error(&format!("{}true", "not ".repeat(10_000)));
    nesting_error(&format!("{}true", "if true then false else ".repeat(3000)));
    nesting_error(&format!("count(royal){} == 0", " + 1".repeat(100_000)));
    nesting_error(&format!("count({}royal{}) == 0", "(".repeat(1000), ")".repeat(1000)));
}

#[test]
fn flat_chains_do_not_nest() {
    let long_and = vec!["not count(royal) == 1"; 10_000].join(" and ");
    assert!(check(&long_and, Place::Side).is_ok());
    let sums = vec!["count(royal) + 1 == 2"; 1000].join(" or ");
    assert!(check(&sums, Place::Side).is_ok());
    let text = "(\"((((((((\") == (\"))\") # ((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((";
    assert!(
        check(text, Place::Side).is_ok_and(|e| e == Expr::Const(0)),
        "text and comments do not count"
    );
}

/// The facts of one imagined move on a small board, for comparing a
/// condition as written with its lowered form.
struct Imagined<'a> {
    mover: u16,
    victim: Option<u16>,
    from: Square,
    to: Option<Square>,
    captures: i32,
    colour: Colour,
    board: &'a Board<'a>,
}

impl Facts for Imagined<'_> {
    fn piece(&self, r: PieceRef) -> Option<PieceFact> {
        let (ty, square, own) = match r {
            PieceRef::Mover => (self.mover, self.from, true),
            PieceRef::Victim => (self.victim?, self.to?, false),
            _ => return None,
        };
        let t = self.board.types[usize::from(ty)];
        Some(PieceFact {
            ty,
            origin: t.origin,
            square,
            promoted: t.promoted,
            own,
        })
    }
    fn square(&self, r: SquareRef) -> Option<Square> {
        match r {
            SquareRef::From => Some(self.from),
            SquareRef::To => self.to,
        }
    }
    fn colour(&self) -> Option<Colour> {
        Some(self.colour)
    }
    fn captures(&self) -> i32 {
        self.captures
    }
    fn distance(&self, a: Square, b: Square) -> i32 {
        self.board.geo.distance(a, b)
    }
    fn in_zone(&self, sq: Square) -> bool {
        self.board.zone.is_some_and(|z| z[self.colour.index()][usize::from(sq)])
    }
    fn rank(&self, sq: Square) -> i32 {
        self.board.geo.relative_rank(sq, self.colour)
    }
    fn count(&self, _: bool, _: &TypeSet) -> i32 {
        1
    }
    fn last_captured(&self, set: &TypeSet) -> bool {
        set.contains(self.mover)
    }
    fn last_captured_at(&self, _: Square) -> bool {
        false
    }
    fn protected(&self, _: PieceRef, _: Protection) -> bool {
        self.captures > 1
    }
    fn killed(&self, enemy: bool, set: &TypeSet) -> bool {
        enemy && set.contains(self.mover)
    }
    fn near(&self, _: bool, sq: Square, dist: i32, _: Metric, _: &TypeSet) -> bool {
        self.to.is_some_and(|t| self.board.geo.distance(sq, t) <= dist)
    }
    fn captured_kind(&self, set: &TypeSet) -> bool {
        self.victim.is_some_and(|v| set.contains(v))
    }
    fn stuck_at(&self, sq: Square) -> bool {
        self.board.stuck.is_some_and(|stuck| stuck(self.colour, self.mover, sq))
    }
}

/// Calls `f` with every imagined move on `board`: each mover type, each of
/// `victims`, each origin and destination (and no destination, with
/// `no_to`), each capture count below `captures`, each colour.
fn each_imagined(board: &Board, victims: &[Option<u16>], no_to: bool, captures: i32, mut f: impl FnMut(&Imagined)) {
    let squares = board.geo.len() as Square;
    let tos: Vec<Option<Square>> = (0..squares).map(Some).chain(no_to.then_some(None)).collect();
    for mover in 0..board.types.len() as u16 {
        for &victim in victims {
            for from in 0..squares {
                for &to in &tos {
                    for captures in 0..captures {
                        for colour in Colour::BOTH {
                            f(&Imagined {
                                mover,
                                victim,
                                from,
                                to,
                                captures,
                                colour,
                                board,
                            });
                        }
                    }
                }
            }
        }
    }
}

/// A 3 x 4 board whose promotion zone is each side's far two ranks, with
/// alpha, beta, gamma and a promoted alpha (type 3).
struct SmallBoard {
    geo: Geometry,
    zone: [Vec<bool>; 2],
    types: Vec<TypeFacts>,
}

fn small_board() -> SmallBoard {
    let geo = Geometry::new(3, 4);
    let zone = Colour::BOTH.map(|c| (0..geo.len() as Square).map(|s| geo.relative_rank(s, c) >= 3).collect());
    let types = [(0, false), (1, false), (2, false), (0, true)]
        .iter()
        .map(|&(origin, promoted)| TypeFacts { origin, promoted })
        .collect();
    SmallBoard { geo, zone, types }
}

impl SmallBoard {
    /// The board, where alpha has no move from its last rank (`stuck_at`).
    fn board<'a>(&'a self, stuck: &'a dyn Fn(Colour, u16, Square) -> bool) -> Board<'a> {
        Board {
            geo: &self.geo,
            zone: Some(&self.zone),
            types: &self.types,
            stuck: Some(stuck),
        }
    }

    fn alpha_stuck(&self, colour: Colour, ty: u16, sq: Square) -> bool {
        ty == 0 && self.geo.relative_rank(sq, colour) == 4
    }
}

/// The world of `small_board`: its kinds, with the promoted alpha.
fn small_world() -> World {
    let mut w = world();
    w.all.insert(3);
    if let Some(s) = w.origins.get_mut("alpha") {
        s.insert(3);
    }
    w
}

/// Folding per type, square tables and flat programs change no answer:
/// every condition below, lowered, agrees with the same condition judged
/// as written, for every mover, victim, square pair, capture count and
/// colour of a small board.
#[test]
fn lowered_conditions_answer_as_written() {
    let texts = [
        (
            Place::Promotion,
            "(not in_zone(from) and in_zone(to)) or (in_zone(from) and captures > 0) or (mover is alpha and rank(to) == ranks)",
        ),
        (
            Place::Promotion,
            "(in_zone(to) or captured(beta) or (mover is alpha and captured(gamma))) and not (mover is beta and killed(beta))",
        ),
        (
            Place::Promotion,
            "mover was alpha and (enemy_near(to, 1, any) or captures == 1)",
        ),
        (
            Place::Promotion,
            "if mover is gamma then in_zone(to) else not (captured(alpha) or captures >= 2)",
        ),
        (Place::Promotion, "captures > 1"),
        (Place::Capture, "mover is [alpha, beta] and not victim is gamma"),
        (
            Place::Capture,
            "if mover is gamma then in_zone(victim.square) else not (victim is alpha or last.captured(beta))",
        ),
        (
            Place::Capture,
            "victim is gamma and mover is gamma and distance(mover.square, victim.square) == 2 and not protected_after(victim)",
        ),
        (
            Place::Capture,
            "not (mover.promoted or victim.own) and rank(victim.square) > 2",
        ),
    ];
    let small = small_board();
    let stuck = |c: Colour, ty: u16, sq: Square| small.alpha_stuck(c, ty, sq);
    let board = small.board(&stuck);
    let w = small_world();
    let mut judged = 0;
    for (place, text) in texts {
        let written = compile(text, 0, &w.scope(place, 3, 4)).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        let mut lowered = written.clone();
        lower_condition(&mut lowered, &board);
        assert_ne!(lowered, written, "{text}: nothing was lowered");
        each_imagined(&board, &[None, Some(0), Some(1), Some(2), Some(3)], true, 3, |f| {
            assert_eq!(
                eval(&lowered, f),
                eval(&written, f),
                "{text}: mover {}, victim {:?}, {} -> {:?}, {} captures, {:?}",
                f.mover,
                f.victim,
                f.from,
                f.to,
                f.captures,
                f.colour
            );
            judged += 1;
        });
    }
    assert!(judged > 0);
}

/// The promotion decision, looked up in tables built per type, answers as
/// `must` and `may` as written judge it, for every mover, victim, square
/// pair, capture count and colour of a small board; a type that cannot
/// promote (the promoted alpha here) never does.
#[test]
fn promotion_tables_answer_as_written() {
    // (must, may, whether every type is tabled)
    let pairs = [
        // Chu's shape: classes of origin and destination.
        (
            "mover is alpha and rank(to) == ranks",
            "(not in_zone(from) and in_zone(to)) or (in_zone(from) and captures > 0) or (mover is alpha and rank(to) == ranks)",
            true,
        ),
        // Dai-dai's: one answer per capture count.
        ("captures > 0", "captures > 0", true),
        // Shogi's: stuck_at depends on the type.
        ("stuck_at(to)", "in_zone(from) or in_zone(to)", true),
        // Counts compared with constants, a square read otherwise.
        (
            "captures >= 2 and mover is beta",
            "distance(from, to) == 2 or captures == 1 or rank(from) < 2",
            true,
        ),
        // Ko's: what the move took, tabled for paths that take nothing.
        ("false", "in_zone(to) or (mover is gamma and captured(alpha))", true),
        // What a table cannot hold is judged.
        ("false", "in_zone(to) and not (mover is gamma and killed(alpha))", false),
    ];
    let small = small_board();
    let stuck = |c: Colour, ty: u16, sq: Square| small.alpha_stuck(c, ty, sq);
    let board = small.board(&stuck);
    let w = small_world();
    let scope = w.scope(Place::Promotion, 3, 4);
    let mut judged = 0;
    for (must, may, tabled) in pairs {
        let written = |t: &str| compile(t, 0, &scope).unwrap_or_else(|e| panic!("{t}: {e:?}"));
        let (must_written, may_written) = (written(must), written(may));
        let (mut must_lowered, mut may_lowered) = (must_written.clone(), may_written.clone());
        lower_condition(&mut must_lowered, &board);
        lower_condition(&mut may_lowered, &board);
        let decider = decider(&must_lowered, &may_lowered, &board, &|ty| ty != 3);
        assert_eq!(decider.judged_types() == 0, tabled, "{must} / {may}: tabled");
        each_imagined(&board, &[None, Some(0), Some(2)], false, 5, |f| {
            let want = if f.mover == 3 {
                Decision::No
            } else {
                judge(&must_written, &may_written, f)
            };
            let got = decider.decide(
                f.mover,
                (f.colour, f.from, f.to.unwrap_or(0)),
                || f.captures,
                || f.captures == 0 && f.victim.is_none(),
                || judge(&must_lowered, &may_lowered, f),
            );
            assert_eq!(
                got, want,
                "{must} / {may}: mover {}, victim {:?}, {} -> {:?}, {} captures, {:?}",
                f.mover, f.victim, f.from, f.to, f.captures, f.colour
            );
            judged += 1;
        });
    }
    assert!(judged > 0);
}
