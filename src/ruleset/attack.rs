//! Reverse attack tables, derived from the programs on first use.

use super::{CaptureMode, Ruleset, TypeId};
use crate::board::{Colour, NO_SQUARE, Square};
use crate::dsl::TypeSet;

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
    /// `sq` (the inverse of [`Offsets::next`](super::Offsets::next)).
    pub(crate) back: Vec<Square>,
    /// A move removes a piece only by ending on it: no effects (shots,
    /// auras, promotion kills), no freezing, no leg before the last that
    /// may capture (igui), no range capture. Then whether a piece can be
    /// removed is whether it is attacked (`movegen::in_check`).
    pub(crate) last_landing_only: bool,
    /// Some piece hops over a screen (`hop`): a piece that arrives on a
    /// square, or is dropped there, can open an attack by becoming a
    /// screen, not only block one.
    pub(crate) screens: bool,
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
        let last_landing_only = !rules.has_effects
            && rules.effects.freezes.is_empty()
            && rules.programs.iter().flatten().flatten().all(|prog| {
                let last = prog.legs.len().saturating_sub(1);
                prog.legs
                    .iter()
                    .enumerate()
                    .all(|(i, leg)| !leg.captures_passed && (i == last || leg.capture == CaptureMode::Never))
            });
        let screens = rules
            .programs
            .iter()
            .flatten()
            .flatten()
            .any(|prog| prog.legs.iter().any(|leg| leg.hop.is_some()));
        let mut out = AttackRays {
            back,
            last_landing_only,
            screens,
            ..AttackRays::default()
        };
        for colour in Colour::BOTH {
            let (rays, walked) = (&mut out.rays[colour.index()], &mut out.walked[colour.index()]);
            for (ty, t) in rules.types.iter().enumerate() {
                let ty = ty as TypeId;
                for prog in &rules.programs[colour.index()][t.kind] {
                    // Legs that pass pieces, judge attacks or leap anywhere
                    // are walked.
                    let Some(reach) = prog.plain_ray() else {
                        walked.insert(ty);
                        continue;
                    };
                    let leg = &prog.legs[0];
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

impl Ruleset {
    /// The reverse attack tables, built on first use.
    pub(crate) fn attack_rays(&self) -> &AttackRays {
        self.attack_rays.get_or_init(|| AttackRays::build(self))
    }
    /// The may-give-check filter's tables, built on first use.
    pub(crate) fn check_tables(&self) -> &super::CheckTables {
        self.check_tables.get_or_init(|| super::CheckTables::build(self))
    }
}
