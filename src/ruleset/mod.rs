//! The compiled, immutable form of a rule file.
//!
//! Ids are small integers, directions are board offsets per colour, every
//! condition is a resolved expression. Nothing after compilation looks up a
//! string. A `Ruleset` is built only by `crate::compile`.

mod attack;
mod check_tables;
mod drops;
mod effects;
mod program;
mod victory;
mod walk_plan;

pub(crate) use attack::AttackRays;
pub(crate) use check_tables::{CheckTables, UNBOUNDED};
pub use drops::{Drops, HAND_COUNT_RANGE, HAND_KEYS, Hands, add_to_hand};
pub use effects::{
    Demotion, Effects, Freeze, FreezeMode, KillAura, LandingType, Meeting, OnCapture, OnPromotion, Over, Shooting,
};
pub use program::{
    CaptureMode, Hop, Leg, LegMode, LegWalk, Offsets, Pass, Program, RELATION_NAMES, RankJump, Relation,
};
pub use victory::{BothLose, MoveCount, MoveLimit, REPETITION_POLICIES, RepetitionPolicy, Result3, Victory, Win};
pub(crate) use walk_plan::{OnlyRays, PlanStep, Ray, WalkPlan};

use crate::board::{Colour, Geometry, Square};
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
    /// What game-record formats call the piece (`records` of its
    /// `[[piece]]`; docs/records.md).
    pub records: RecordNames,
}

/// A piece's names in game-record formats, as the rule file gives them
/// (`records = { kif = "歩", csa = "FU", ... }`). Each is optional: a
/// format that needs a name the file does not give refuses the variant.
#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordNames {
    /// KIF move text name (`歩`, Chu `歩兵`).
    pub kif: Option<String>,
    /// KIF board-diagram and hand glyph (`歩`); `kif` when absent.
    pub kif_board: Option<String>,
    /// KIF move name of this piece once promoted (`と`), when it is not
    /// the promoted kind's own `kif`.
    pub kif_promoted: Option<String>,
    /// KIF board glyph of this piece once promoted (`と`, Chu `成歩`).
    pub kif_board_promoted: Option<String>,
    /// CSA's two-letter code (`FU`).
    pub csa: Option<String>,
    /// CSA's code of this piece once promoted (`TO`).
    pub csa_promoted: Option<String>,
    /// Western (Hodges) abbreviation (`P`, Chu `Ln`); the piece's code
    /// when absent. A promoted piece is `+` and its origin's abbreviation.
    pub western: Option<String>,
    /// Japanese move-text name (`歩`, Chu `獅`), when it is neither the
    /// origin's `kif_promoted` (for a promoted piece), `kif_board` nor `kif`.
    pub ja: Option<String>,
    /// How Japanese move text tells this piece apart from another of its
    /// name that reaches the same square, where it differs from the
    /// general rule (docs/notation.md#japanese).
    pub ja_relative: Option<JaRelative>,
}

/// A piece's exception to the general Japanese disambiguation words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JaRelative {
    /// Moving straight forward past another on its rank is `直` (golds,
    /// silvers and the promoted minor pieces).
    Straight,
    /// Moving along its file beside another is `跳` (two squares) or `直`
    /// (one) (Chu's lion and horned falcon).
    Lion,
    /// Moving forward is `行`, not `上` (shogi's dragon and horse).
    Advance,
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

/// Lishogi-style SFEN for variants that have one.
#[derive(Clone, Debug)]
pub struct SfenFormat {
    /// Letter (lower case) of each kind, if it has one.
    pub letters: Vec<Option<char>>,
    pub last_capture_of: Option<TypeSet>,
}

/// TSFEN piece codes (upper case) of each kind, for each dialect the rule
/// file declares (`None`: the variant has no TSFEN in that dialect).
#[derive(Clone, Debug, Default)]
pub struct TsfenFormat {
    pub tsg: Option<Vec<String>>,
    pub jh85: Option<Vec<String>>,
}

/// A rule option after the user's choices were applied.
#[derive(Clone, Debug)]
pub struct OptionInfo {
    pub value: OptionValue,
    pub default: OptionValue,
    pub doc: String,
}

/// A named option set of the rule file (`[presets.NAME]`).
#[derive(Clone, Debug)]
pub struct PresetInfo {
    pub name: String,
    /// What it is, naming its source.
    pub doc: String,
    /// Option name and value text (`true`, `fsf`), in the file's order of names.
    pub options: Vec<(String, String)>,
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
    /// The pieces in hand at the start (`[setup] hand`; empty without).
    pub setup_hands: Hands,
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
    /// `[repetition] ending_occurrence`: the occurrence at which the
    /// ending policies end the game (4 unless set).
    pub ending_occurrence: u8,
    pub check_set: TypeSet,
    /// `[repetition] attacks_count_as_check`: for the perpetual-check
    /// policies, a move after which the moved piece attacks any enemy
    /// piece counts as a check too.
    pub attacks_count_as_check: bool,
    pub sfen: Option<SfenFormat>,
    /// TSFEN codes per dialect (`[tsfen]`).
    pub tsfen: TsfenFormat,
    pub options: BTreeMap<String, OptionInfo>,
    /// The rule file's presets, by name.
    pub presets: Vec<PresetInfo>,
    /// The preset chosen (`--preset`), if any.
    pub preset: Option<String>,
    pub zobrist_side: u64,
    /// Types whose kills some condition asks about (`killed(...)`): only
    /// these are recorded in a position's kill history.
    pub tracked_kills: [u64; 4],
    /// Whether some condition reads the previous move (`last.*`).
    pub reads_last_move: bool,
    /// Shooting, auras, freezes, demotions, promotion effects, capturers
    /// that become another piece, and what each type's landings set off.
    pub effects: Effects,
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
    /// `[victory] check_up_to`: `royals` are kept safe only while the side
    /// to move has at most this many of them (`usize::MAX`: always).
    pub check_up_to: usize,
    /// `stuck[colour][kind * squares + sq]`: a piece of the kind on `sq`
    /// would have no move even on an empty board (a pawn on the last rank).
    pub stuck: [Vec<bool>; 2],
    /// Attacks looked up backwards from the attacked square, derived from
    /// `programs` on first use ([`Ruleset::attack_rays`]).
    pub(crate) attack_rays: std::sync::OnceLock<AttackRays>,
    /// Each kind's programs as the walker takes them, derived from
    /// `programs` on first use ([`Ruleset::walk_plan`]).
    pub(crate) walk_plan: std::sync::OnceLock<WalkPlan>,
    /// The tables of the may-give-check filter, derived from `programs`
    /// on first use ([`Ruleset::check_tables`]).
    pub(crate) check_tables: std::sync::OnceLock<CheckTables>,
}

impl Ruleset {
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
            if let Some(r) = self.effects.on_captures.iter().find(|r| {
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
