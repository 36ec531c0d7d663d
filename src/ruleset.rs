//! The compiled, immutable form of a rule file.
//!
//! Ids are small integers, directions are board offsets per colour, every
//! condition is a resolved expression. Nothing after compilation looks up a
//! string. A `Ruleset` is built only by `crate::compile`.

use crate::board::{Colour, Geometry, NO_SQUARE, Offset, Square};
use crate::dsl::{Expr, OptionValue, TypeSet};
use std::collections::BTreeMap;

/// Index of a compiled piece type.
pub type TypeId = u16;

/// A piece kind as declared in the rule file.
#[derive(Clone, Debug)]
pub struct Kind {
    pub id: String,
    pub code: String,
    pub names: BTreeMap<String, String>,
    pub tags: Vec<String>,
    pub promotes_to: Option<usize>,
    /// The rule file's `value` (engine piece value), if given.
    pub value: Option<i32>,
    /// Rank for range jumps (`over_lower_rank`); 0 by default.
    pub rank: u8,
    pub doc: String,
}

/// A piece type: a kind, and for a promoted piece the kind it was before.
#[derive(Clone, Debug)]
pub struct PieceType {
    pub kind: usize,
    /// `Some(k)`: this piece was a `k` and promoted.
    pub promoted_from: Option<usize>,
    /// The type it becomes on promotion, if it may promote.
    pub promotes_to: Option<TypeId>,
    /// Text code: the kind's code, or `+` and the original kind's code.
    pub code: String,
    /// The rank of its current kind, for range jumps.
    pub rank: u8,
}

/// How a leg chooses its squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LegMode {
    /// One square in each listed direction.
    Step,
    /// Along each listed direction through empty squares, up to `max`
    /// squares (`None`: unlimited).
    Slide { max: Option<u8> },
    /// Straight to each listed offset, whatever stands between.
    Jump,
    /// To any square of the board but the one it starts from, whatever
    /// stands between (a universal leaper). Its captures must pass the
    /// capture restrictions even when judging protection (see
    /// `movegen::attacked`).
    Anywhere,
}

/// How the walker walks a leg, chosen once when the leg is compiled
/// ([`LegWalk::of`]) so that the common walks (`Leap`, `Slide`) test
/// nothing on each square for what only rare legs do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LegWalk {
    /// A step or a jump: one square per offset, whatever stands between.
    Leap,
    /// A straight jump that may pass only over empty squares and own
    /// pieces (`only_over_own`).
    LeapOverOwn,
    /// A straight jump that captures the pieces it passes over
    /// (`captures_passed`).
    SweepingLeap,
    /// A slide that ends at the first piece, after at most `max` squares
    /// (`u8::MAX`: unlimited; no board is that wide).
    Slide { max: u8 },
    /// A slide that may pass over pieces (`pass_over`, `pass_within`),
    /// capturing them with `captures_passed`.
    PassingSlide,
    /// A slide that may pass over pieces of lower rank (`over_lower_rank`),
    /// capturing them with `captures_passed`.
    RangeJump,
    /// A leap to any square (`anywhere`).
    Anywhere,
}

impl LegWalk {
    /// The walk of a leg with these keys.
    pub fn of(mode: LegMode, only_over_own: bool, pass: Pass, over_lower: Option<RankJump>, sweeps: bool) -> LegWalk {
        match mode {
            LegMode::Anywhere => LegWalk::Anywhere,
            LegMode::Jump if sweeps => LegWalk::SweepingLeap,
            LegMode::Jump if only_over_own => LegWalk::LeapOverOwn,
            LegMode::Step | LegMode::Jump => LegWalk::Leap,
            LegMode::Slide { .. } if over_lower.is_some() => LegWalk::RangeJump,
            LegMode::Slide { .. } if pass != Pass::NONE => LegWalk::PassingSlide,
            LegMode::Slide { max } => LegWalk::Slide {
                max: max.unwrap_or(u8::MAX),
            },
        }
    }
}

/// What a leg may land on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureMode {
    /// An empty square or an enemy (captured).
    May,
    /// Only an empty square.
    Never,
    /// Only an enemy (captured).
    Must,
}

/// How a leg's direction relates to the previous leg's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    Any,
    Same,
    Reverse,
    /// Same or reverse: the piece stays on one line.
    Line,
    Perpendicular,
    /// The same longer component as the previous offset, with the same sign
    /// (a knight's jump followed by one towards the same side of its long
    /// leg: (1,2) then (1,2) or (-1,2)).
    SameMajor,
}

pub const RELATION_NAMES: [(&str, Relation); 6] = [
    ("any", Relation::Any),
    ("same", Relation::Same),
    ("reverse", Relation::Reverse),
    ("line", Relation::Line),
    ("perpendicular", Relation::Perpendicular),
    ("same_major", Relation::SameMajor),
];

/// One compiled leg, for one colour.
#[derive(Clone, Debug)]
pub struct Leg {
    pub mode: LegMode,
    /// How the walker walks it (derived from the fields below).
    pub walk: LegWalk,
    /// Each landing is judged after it is made: a leap to anywhere's
    /// capture restrictions, `unattacked`.
    pub judged: bool,
    /// Offset indices (into [`Offsets`]) in board terms.
    pub offsets: Vec<u8>,
    pub relation: Relation,
    /// For relations other than `Any`: allowed offsets by previous offset.
    pub follow: Vec<Vec<u8>>,
    pub capture: CaptureMode,
    /// A jump that may pass only over empty squares and own pieces.
    pub only_over_own: bool,
    /// A slide that may pass over pieces: how many, and on how many first
    /// squares ([`Pass::NONE`]: an ordinary slide).
    pub pass: Pass,
    /// A range capture: the pieces the slide (or straight jump) passes over
    /// are captured.
    pub captures_passed: bool,
    /// With `captures_passed`: the mover's own pieces passed over stay.
    pub spares_own: bool,
    /// With `captures_passed` over lower ranks: the slide may also end on
    /// an own piece of lower rank, taking it.
    pub lands_on_own: bool,
    /// A slide that may pass over pieces of lower rank (a range jump).
    pub over_lower: Option<RankJump>,
    /// The move may end after this leg.
    pub can_stop_after: bool,
    /// The leg may land only where no enemy piece could land after the
    /// move (`unattacked`).
    pub unattacked: bool,
}

/// How a slide may pass over pieces standing on its line (they are not
/// affected): jump-then-slide moves and slides that pass up to N pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pass {
    /// Most pieces passed over (0: none).
    pub pieces: u8,
    /// Pieces may be passed over only on the first `within` squares.
    pub within: u8,
}

impl Pass {
    pub const NONE: Pass = Pass { pieces: 0, within: 0 };

    /// Whether a slide that has passed `passed` pieces and stands on its
    /// `n`-th square (1-based), which is occupied, may go on past it.
    #[inline]
    pub fn may_pass(self, passed: u8, n: u8) -> bool {
        passed < self.pieces && n <= self.within
    }

    /// Whether this one may pass everything `other` may.
    pub fn covers(self, other: Pass) -> bool {
        self.pieces >= other.pieces && self.within >= other.within
    }
}

/// How a range-jumping slide treats the squares beyond the pieces it passes
/// over (pieces of either side whose rank is lower than the mover's; they
/// stay on the board).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RankJump {
    /// Beyond a passed piece, only enemies of lower rank may be captured
    /// (otherwise any enemy, up to the first piece it cannot pass).
    pub beyond_lower_only: bool,
    /// Beyond a passed piece, empty squares may be landed on.
    pub beyond_empty: bool,
}

/// A movement alternative: a sequence of legs.
#[derive(Clone, Debug)]
pub struct Program {
    pub legs: Vec<Leg>,
    /// A move is its origin and destination only: paths to the same square
    /// are one move, a path back to the origin none (`per_destination`).
    pub per_destination: bool,
    /// Judged before the piece moves; `None`: always available.
    pub when: Option<Expr>,
}

/// Every distinct board offset used by any leg, with neighbour tables.
#[derive(Clone, Debug)]
pub struct Offsets {
    pub list: Vec<Offset>,
    /// `next[o * squares + sq]`: the square reached from `sq` by offset `o`.
    pub next: Vec<Square>,
    pub squares: usize,
}

impl Offsets {
    #[inline]
    pub fn target(&self, offset: u8, sq: Square) -> Square {
        self.next[usize::from(offset) * self.squares + usize::from(sq)]
    }
    pub(crate) fn intern(&mut self, geo: &Geometry, off: Offset) -> u8 {
        if let Some(i) = self.list.iter().position(|o| *o == off) {
            return i as u8;
        }
        self.list.push(off);
        for sq in 0..geo.len() as Square {
            self.next.push(geo.shift(sq, off).unwrap_or(NO_SQUARE));
        }
        (self.list.len() - 1) as u8
    }
}

#[derive(Clone, Debug)]
pub struct Promotion {
    /// `zone[colour][square]`.
    pub zone: [Vec<bool>; 2],
    pub may: Expr,
    pub must: Expr,
    /// A promoted piece that moves turns back into its kind before
    /// promotion (with `must = "true"`, every move flips the mover).
    pub revert_on_move: bool,
    /// A promoted piece whose path meets this condition turns back into its
    /// kind (`Const(0)`: never).
    pub revert_when: Expr,
    /// `must` and `may` as one answer per mover type, tabled where they
    /// allow it (built with the lowered conditions, `compile/derived.rs`).
    pub decider: crate::dsl::Decider,
}

#[derive(Clone, Debug)]
pub struct Restriction {
    pub id: String,
    pub doc: String,
    pub forbid: Expr,
    /// Victims this restriction can apply to (`None`: any).
    pub guard: Option<TypeSet>,
}

/// The result of a game for one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Result3 {
    Win,
    Loss,
    Draw,
}

#[derive(Clone, Debug)]
pub struct Win {
    pub id: String,
    pub condition: Expr,
    pub answerable: bool,
}

/// When both sides meet the losing condition after one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BothLose {
    Draw,
    MoverLoses,
}

/// How a shot meets pieces in its line of fire.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Over {
    /// The first piece stops the shot.
    Never,
    /// The shot may pass over any number of pieces its screen allows.
    Any,
    /// The shot must pass over exactly one piece (a screen).
    ExactlyOne,
}

/// A piece kind's shooting.
#[derive(Clone, Debug)]
pub struct Shooting {
    /// A number-valued expression (Shot place, no target).
    pub range: Expr,
    pub shots: u8,
    /// Shoot after each leg, not only after the whole move.
    pub each_leg: bool,
    pub over: Over,
    pub screen: Option<Expr>,
    pub target: Option<Expr>,
    pub when: Option<Expr>,
}

/// A killing area around its source pieces.
#[derive(Clone, Debug)]
pub struct KillAura {
    pub id: String,
    pub source: TypeSet,
    pub distance: u8,
    pub intermediate_landings: bool,
    pub on_creation: bool,
    /// Only the source's enemies die in it and by its burning.
    pub enemies_only: bool,
    /// What an arriving source does next to another source it harms.
    pub meeting: Meeting,
}

/// An arriving aura source within reach of another source it would harm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Meeting {
    /// It burns every other piece it harms, then dies; the standing source
    /// survives.
    MoverDies,
    /// It burns every piece it harms, the standing source included, and
    /// dies too.
    Mutual,
    /// It burns every piece it harms, the standing source included, and
    /// survives.
    Active,
    /// It dies and burns nothing.
    MoverOnly,
}

impl Meeting {
    /// The names rule files use, in the order of the variants.
    pub const NAMES: [(&'static str, Meeting); 4] = [
        ("mover_dies", Meeting::MoverDies),
        ("mutual", Meeting::Mutual),
        ("active", Meeting::Active),
        ("mover_only", Meeting::MoverOnly),
    ];
    /// Does the arriving source die?
    pub fn mover_dies(self) -> bool {
        self != Meeting::Active
    }
}

/// How far a freezing line reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FreezeMode {
    FirstPiece,
    WholeLine,
    UntilFriendly,
}

#[derive(Clone, Debug)]
pub struct Freeze {
    pub id: String,
    pub source: TypeSet,
    /// Offset indices per colour of the source.
    pub lines: [Vec<u8>; 2],
    pub mode: FreezeMode,
}

#[derive(Clone, Debug)]
pub struct Demotion {
    pub id: String,
    pub kinds: TypeSet,
    /// Piece place.
    pub when: Expr,
}

#[derive(Clone, Debug)]
pub struct OnPromotion {
    pub id: String,
    pub kinds: TypeSet,
    pub kill_enemy: TypeSet,
    pub also_promote: TypeSet,
    /// One choice per piece instead of one for all.
    pub per_piece: bool,
}

/// A capturer that becomes another piece: whoever captures one of
/// `victims` by moving is replaced, on its last square, by a piece of type
/// `becomes` of its own side (`[[on_capture]]`).
#[derive(Clone, Debug)]
pub struct OnCapture {
    pub id: String,
    pub victims: TypeSet,
    /// Capturers this rule applies to (`None`: every piece).
    pub capturers: Option<TypeSet>,
    /// Capturers this rule leaves as they are.
    pub except: TypeSet,
    pub becomes: TypeId,
}

#[derive(Clone, Debug)]
pub struct Victory {
    pub both_lose: BothLose,
    pub loses_when: Expr,
    /// What "no legal move" means for the side to move.
    pub no_moves: Result3,
    /// What "no legal move" means when none of the side's royals
    /// (`royals`, from `[victory] check`) is attacked: stalemate. `None`:
    /// as `no_moves`.
    pub stalemate: Option<Result3>,
    pub wins: Vec<Win>,
    /// A draw once this many moves were counted (`[victory.move_limit]`).
    pub move_limit: Option<MoveLimit>,
}

/// The game is drawn once `plies` moves in a row were counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveLimit {
    pub plies: u32,
    pub counts: MoveCount,
}

/// Which moves a [`MoveLimit`] counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveCount {
    /// Every move since the start (or the position text).
    All,
    /// The moves since the last capture or promotion.
    Quiet,
}

/// What repeating a position does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RepetitionPolicy {
    /// Repetition has no effect.
    Ignore,
    /// A move may not create the `forbidden_occurrence`th occurrence of a
    /// position (with the same side to move), unless the mover is in check.
    ForbidUnlessInCheck,
    /// A move may not create the `forbidden_occurrence`th occurrence of a
    /// position, in check or not.
    Forbid,
    /// The fourth occurrence of a position ends the game: the side that
    /// gave check with every one of its moves since the previous occurrence
    /// (a perpetual checker) loses; otherwise the side that created the
    /// repetition loses.
    CreatorLoses,
    /// The fourth occurrence of a position is a draw.
    DrawFourfold,
    /// The fourth occurrence of a position is a draw, unless one side gave
    /// check with every one of its moves since the previous occurrence:
    /// that perpetual checker loses (shogi's sennichite).
    DrawUnlessPerpetualCheck,
}

pub const REPETITION_POLICIES: [(&str, RepetitionPolicy); 6] = [
    ("ignore", RepetitionPolicy::Ignore),
    ("forbid-unless-in-check", RepetitionPolicy::ForbidUnlessInCheck),
    ("forbid", RepetitionPolicy::Forbid),
    ("creator-loses", RepetitionPolicy::CreatorLoses),
    ("draw-fourfold", RepetitionPolicy::DrawFourfold),
    (
        "draw-unless-perpetual-check",
        RepetitionPolicy::DrawUnlessPerpetualCheck,
    ),
];

/// Lishogi-style SFEN for variants that have one.
#[derive(Clone, Debug)]
pub struct SfenFormat {
    /// Letter (lower case) of each kind, if it has one.
    pub letters: Vec<Option<char>>,
    pub last_capture_of: Option<TypeSet>,
}

/// A rule option after the user's choices were applied.
#[derive(Clone, Debug)]
pub struct OptionInfo {
    pub value: OptionValue,
    pub default: OptionValue,
    pub doc: String,
}

/// A compiled variant.
#[derive(Clone, Debug)]
pub struct Ruleset {
    pub id: String,
    pub names: BTreeMap<String, String>,
    pub description: String,
    /// XBoard's name for the variant, where XBoard knows it.
    pub xboard_name: Option<String>,
    /// The XBoard variant a GUI is told to build this one on (`setup`),
    /// for variants XBoard does not know.
    pub xboard_parent: Option<String>,
    pub geometry: Geometry,
    pub kinds: Vec<Kind>,
    pub types: Vec<PieceType>,
    /// `programs[colour][kind]`.
    pub programs: [Vec<Vec<Program>>; 2],
    /// `overlapping[kind]`: two of the kind's movement alternatives can
    /// produce the same path, so generated moves must be de-duplicated.
    pub overlapping: Vec<bool>,
    pub offsets: Offsets,
    pub setup: Vec<(Square, Colour, TypeId)>,
    pub first: Colour,
    pub promotion: Option<Promotion>,
    pub restrictions: Vec<Restriction>,
    /// Union of every restriction's guard: victims that need any check.
    pub restricted_victims: Option<TypeSet>,
    pub victory: Victory,
    pub repetition: RepetitionPolicy,
    /// Under the forbidding policies, the occurrence of a position a move
    /// may not create (2: any earlier position may not come back).
    pub forbidden_occurrence: u8,
    pub check_set: TypeSet,
    pub sfen: Option<SfenFormat>,
    pub options: BTreeMap<String, OptionInfo>,
    /// Zobrist keys: `zobrist[cell * squares + sq]`.
    pub zobrist: Vec<u64>,
    pub zobrist_side: u64,
    /// Types whose kills some condition asks about (`killed(...)`): only
    /// these are recorded in a position's kill history.
    pub tracked_kills: [u64; 4],
    /// Whether some condition reads the previous move (`last.*`).
    pub reads_last_move: bool,
    /// `shooting[kind]`.
    pub shooting: Vec<Option<Shooting>>,
    pub auras: Vec<KillAura>,
    pub freezes: Vec<Freeze>,
    pub demotions: Vec<Demotion>,
    pub on_promotions: Vec<OnPromotion>,
    /// Capturers replaced by another piece, in file order (the last victim
    /// a rule matches decides).
    pub on_captures: Vec<OnCapture>,
    /// Whether any of shooting, auras, demotions or promotion effects exist:
    /// moves then change more than their own squares.
    pub has_effects: bool,
    /// The only effect is one aura and there are no drops, so the position
    /// a move leads to can be worked out before playing it (the repetition
    /// filter needs that).
    pub single_aura: bool,
    /// Hands and drops, if the variant has them.
    pub drops: Option<Drops>,
    /// Pieces that may never be left attacked (`[victory] check`): moves
    /// that leave one of the mover's attacked are not generated.
    pub royals: Option<TypeSet>,
    /// `stuck[colour][kind * squares + sq]`: a piece of the kind on `sq`
    /// would have no move even on an empty board (a pawn on the last rank).
    pub stuck: [Vec<bool>; 2],
    /// Attacks looked up backwards from the attacked square, derived from
    /// `programs` on first use ([`Ruleset::attack_rays`]).
    pub(crate) attack_rays: std::sync::OnceLock<AttackRays>,
}

/// Attack detection by reverse lookup: instead of walking every piece of
/// the attacking side, look back from the attacked square along each
/// offset some one-leg program uses, and ask whether the first piece met
/// has that program. Built from the programs, so it knows no piece names.
#[derive(Clone, Debug, Default)]
pub(crate) struct AttackRays {
    /// `rays[colour]`: the one-leg attacks of that colour's pieces, one per
    /// distinct (offset, reach, capture mode).
    pub(crate) rays: [Vec<AttackRay>; 2],
    /// `walked[colour]`: types with any other program (several legs, a
    /// `when`, a jump only over own pieces): their attacks are walked.
    pub(crate) walked: [TypeSet; 2],
    /// `back[o * squares + sq]`: the square from which offset `o` reaches
    /// `sq` (the inverse of [`Offsets::next`]).
    pub(crate) back: Vec<Square>,
}

/// One one-leg attack of a colour (see [`AttackRays`]).
#[derive(Clone, Debug)]
pub(crate) struct AttackRay {
    pub(crate) offset: u8,
    /// Squares it may cover: 1 for a step or a jump, else the slide's range
    /// (`u8::MAX`: unlimited).
    pub(crate) reach: u8,
    pub(crate) capture: CaptureMode,
    /// The types that have it.
    pub(crate) types: TypeSet,
}

impl AttackRays {
    fn build(rules: &Ruleset) -> AttackRays {
        let squares = rules.offsets.squares;
        let mut back = vec![NO_SQUARE; rules.offsets.next.len()];
        for (i, &to) in rules.offsets.next.iter().enumerate() {
            if to != NO_SQUARE {
                back[i / squares * squares + usize::from(to)] = (i % squares) as Square;
            }
        }
        let mut out = AttackRays {
            back,
            ..AttackRays::default()
        };
        for colour in Colour::BOTH {
            let (rays, walked) = (&mut out.rays[colour.index()], &mut out.walked[colour.index()]);
            for (ty, t) in rules.types.iter().enumerate() {
                let ty = ty as TypeId;
                for prog in &rules.programs[colour.index()][t.kind] {
                    // Legs that pass pieces, judge attacks or leap anywhere
                    // are walked.
                    let simple = prog.when.is_none()
                        && prog.legs.len() == 1
                        && prog.legs[0].can_stop_after
                        && matches!(prog.legs[0].walk, LegWalk::Leap | LegWalk::Slide { .. })
                        && !prog.legs[0].judged;
                    if !simple {
                        walked.insert(ty);
                        continue;
                    }
                    let leg = &prog.legs[0];
                    let reach = match leg.mode {
                        LegMode::Step | LegMode::Jump => 1,
                        LegMode::Slide { max } => max.unwrap_or(u8::MAX),
                        LegMode::Anywhere => continue,
                    };
                    if leg.capture == CaptureMode::Never || reach == 0 {
                        continue;
                    }
                    for &offset in &leg.offsets {
                        match rays
                            .iter_mut()
                            .find(|r| r.offset == offset && r.reach == reach && r.capture == leg.capture)
                        {
                            Some(r) => r.types.insert(ty),
                            None => {
                                let mut types = TypeSet::with_capacity(rules.types.len());
                                types.insert(ty);
                                rays.push(AttackRay {
                                    offset,
                                    reach,
                                    capture: leg.capture,
                                    types,
                                });
                            }
                        }
                    }
                }
            }
        }
        out
    }
}

/// Hands and drops.
#[derive(Clone, Debug)]
pub struct Drops {
    /// Drop place: true makes a drop illegal.
    pub forbid: Option<Expr>,
    /// `to_hand[type]`: what a captured piece of this type becomes in the
    /// captor's hand (`None`: it does not go to the hand).
    pub to_hand: Vec<Option<TypeId>>,
    /// The types a hand can hold, in the order drops are generated and
    /// hands are written.
    pub hand_types: Vec<TypeId>,
    /// Types that may also be dropped promoted.
    pub promoted_drops: TypeSet,
    /// Zobrist keys of hand contents: `hand_keys[(colour * types + type) *
    /// HAND_KEYS + min(count, HAND_KEYS - 1)]`, zero for a count of zero.
    pub hand_keys: Vec<u64>,
}

/// Distinct hand counts the hash tells apart (larger counts share a key).
pub const HAND_KEYS: usize = 64;

impl Drops {
    /// The hash contribution of `count` pieces of `ty` in `colour`'s hand.
    #[inline]
    pub fn hand_key(&self, types: usize, colour: Colour, ty: TypeId, count: u16) -> u64 {
        let i = (colour.index() * types + usize::from(ty)) * HAND_KEYS + usize::from(count).min(HAND_KEYS - 1);
        self.hand_keys[i]
    }
}

impl Ruleset {
    /// The reverse attack tables, built on first use.
    pub(crate) fn attack_rays(&self) -> &AttackRays {
        self.attack_rays.get_or_init(|| AttackRays::build(self))
    }
    pub fn kind_of(&self, ty: TypeId) -> &Kind {
        &self.kinds[self.types[usize::from(ty)].kind]
    }
    /// The type before promotion (itself if unpromoted).
    pub fn origin(&self, ty: TypeId) -> TypeId {
        match self.types[usize::from(ty)].promoted_from {
            Some(k) => self.unpromoted_type(k),
            None => ty,
        }
    }
    /// The unpromoted type of kind `k` (types are laid out so that type `k`
    /// is kind `k` unpromoted).
    pub fn unpromoted_type(&self, kind: usize) -> TypeId {
        kind as TypeId
    }
    /// Finds a type by its text code (`LN`, `+P`), case-insensitively.
    pub fn type_by_code(&self, code: &str) -> Option<TypeId> {
        self.types
            .iter()
            .position(|t| t.code.eq_ignore_ascii_case(code))
            .map(|i| i as TypeId)
    }
    /// Finds a kind by id, code or any of its names.
    pub fn find_kind(&self, name: &str) -> Option<usize> {
        self.kinds
            .iter()
            .position(|k| k.id == name || k.code.eq_ignore_ascii_case(name) || k.names.values().any(|n| n == name))
    }
    /// Would a piece of `ty` and `colour` on `sq` have no move even on an
    /// empty board?
    #[inline]
    pub fn stuck(&self, colour: Colour, ty: TypeId, sq: Square) -> bool {
        let kind = self.types[usize::from(ty)].kind;
        self.stuck[colour.index()][kind * self.geometry.len() + usize::from(sq)]
    }
    /// What a capturer of type `mover` becomes by `[[on_capture]]`, having
    /// captured `victims` in this order: the rule matched by the last
    /// victim any rule matches (the first such rule in file order).
    pub fn captor_becomes(&self, mover: TypeId, victims: impl Iterator<Item = TypeId>) -> Option<TypeId> {
        let mut out = None;
        for v in victims {
            if let Some(r) = self.on_captures.iter().find(|r| {
                r.victims.contains(v)
                    && !r.except.contains(mover)
                    && r.capturers.as_ref().is_none_or(|c| c.contains(mover))
            }) {
                out = Some(r.becomes);
            }
        }
        out
    }
    /// A fully qualified option name: `<variant>.<option>`.
    pub fn qualified_option(&self, name: &str) -> String {
        format!("{}.{}", self.id, name)
    }
}
