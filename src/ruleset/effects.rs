//! Effects beyond a move's own squares: shooting, kill auras, freezing,
//! demotion, promotion effects and capturers that become another piece.

use super::TypeId;
use crate::dsl::{Expr, TypeSet};

/// Every effect table of a variant, as compiled from its rule file
/// (`Ruleset::effects`).
#[derive(Clone, Debug, Default)]
pub struct Effects {
    /// `shooting[kind]`.
    pub shooting: Vec<Option<Shooting>>,
    pub auras: Vec<KillAura>,
    pub freezes: Vec<Freeze>,
    pub demotions: Vec<Demotion>,
    pub on_promotions: Vec<OnPromotion>,
    /// Capturers replaced by another piece, in file order (the last victim
    /// a rule matches decides).
    pub on_captures: Vec<OnCapture>,
    /// `landing_types[type]`: what its landings can set off.
    pub landing_types: Vec<LandingType>,
}

impl Effects {
    /// Whether a move can do more than move and capture: any of shooting,
    /// auras, demotions or promotion effects exist (`Ruleset::has_effects`).
    pub fn any(&self) -> bool {
        self.shooting.iter().any(|s| s.is_some())
            || !self.auras.is_empty()
            || !self.demotions.is_empty()
            || !self.on_promotions.is_empty()
    }
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

/// What a landing of a piece of one type can set off, as far as the type
/// decides it (`Effects::landing_types`, by type id); the walk adds what
/// stands on the board.
#[derive(Clone, Copy, Debug, Default)]
pub struct LandingType {
    /// Its kind shoots.
    pub shoots: bool,
    /// A demotion judged at each landing (`each_landing`) names the type.
    pub demotable: bool,
    /// Bit `i`: aura `i` can kill it (it is not a source, or meeting
    /// another source kills an arriving one). Auras past the eighth are
    /// not in these bits: the walk looks at them itself.
    pub harmed_by: u8,
    /// Bit `i`: it is itself a source of aura `i` that harms its own side.
    pub harms_own: u8,
    /// How far from its origin, in king steps, a landing of its move may
    /// be at most (`u8::MAX`: that far or farther, or without bound, or
    /// not a shooter, the only type it is worked out for).
    pub reach: u8,
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
    /// Also judged at each landing of a move, before that landing's
    /// shots; otherwise only once the whole move, shots included, is done.
    pub each_landing: bool,
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
