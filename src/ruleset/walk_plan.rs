//! The walk plan: each type's programs, per colour, in the order the
//! walker takes them, with every run of plain one-leg programs merged into
//! one list of rays that the walker follows in one loop, and how far each
//! offset may go from each square. Derived from the programs on first use.

use super::{CaptureMode, LegWalk, Program, Ruleset, TypeId};
use crate::board::{Colour, Square};

/// Each type's programs as the walker takes them, per colour
/// ([`Ruleset::walk_plan`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct WalkPlan {
    /// `steps[colour][type]`, in program order.
    steps: [Vec<Vec<PlanStep>>; 2],
    /// For each (offset, reach) some ray has, one row of squares: how many
    /// times the offset may be repeated from the square, up to the reach,
    /// and stay on the board.
    room: Vec<u8>,
}

/// One step of a type's plan.
#[derive(Clone, Debug)]
pub(crate) enum PlanStep {
    /// Consecutive plain one-leg programs ([`Program::plain_ray`]), their
    /// offsets in program order.
    Rays(Vec<Ray>),
    /// Any other program, by its index in the kind's list.
    Program(usize),
}

/// One direction of a plain one-leg program: a step or jump (reach 1) or
/// a slide that ends at the first piece or at its reach (both in
/// [`WalkPlan::room`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ray {
    /// Where its row of [`WalkPlan::room`] starts.
    pub(crate) room_row: u32,
    /// The change of square index one offset makes (squares are numbered
    /// rank by rank, so within the board it is the same everywhere).
    pub(crate) delta: i16,
    /// It may land on an empty square (its capture mode is not `Must`).
    pub(crate) to_empty: bool,
    /// It may land on an enemy (its capture mode is not `Never`).
    pub(crate) to_enemy: bool,
}

impl Program {
    /// The reach of this program's one leg (1 for a step or jump, else the
    /// slide's range, `u8::MAX` unlimited) if it is plain: no `when`, a leap
    /// or slide that passes nothing, judges nothing and may end the move.
    pub(crate) fn plain_ray(&self) -> Option<u8> {
        let [leg] = &self.legs[..] else { return None };
        if self.when.is_some() || !leg.can_stop_after || leg.judged {
            return None;
        }
        match leg.walk {
            LegWalk::Leap => Some(1),
            LegWalk::Slide { max } => Some(max),
            _ => None,
        }
    }
}

impl WalkPlan {
    fn build(rules: &Ruleset) -> WalkPlan {
        let offsets = &rules.offsets;
        let geo = &rules.geometry;
        let width = geo.width as i16;
        let mut out = WalkPlan::default();
        // Where the row of `room` for (offset, reach) starts, once a ray
        // has them.
        let mut rows = std::collections::BTreeMap::new();
        let mut room_row = |o: u8, reach: u8, room: &mut Vec<u8>| -> u32 {
            *rows.entry((o, reach)).or_insert_with(|| {
                let at = room.len() as u32;
                let off = offsets.list[usize::from(o)];
                // Along one axis: how many times `d` may be added to `at`
                // and stay in `0..len`.
                let axis = |at: u32, d: i8, len: u32| -> u32 {
                    match d {
                        0 => u8::MAX.into(),
                        1 => len - 1 - at,
                        -1 => at,
                        d if d > 0 => (len - 1 - at) / d as u32,
                        d => at / u32::from(d.unsigned_abs()),
                    }
                };
                for y in 0..geo.height {
                    let along_y = axis(y, off.dy, geo.height);
                    let reach = u32::from(reach);
                    room.extend((0..geo.width).map(|x| axis(x, off.dx, geo.width).min(along_y).min(reach) as u8));
                }
                at
            })
        };
        for colour in Colour::BOTH {
            let by_kind: Vec<Vec<PlanStep>> = rules.programs[colour.index()]
                .iter()
                .map(|programs| {
                    let mut steps = Vec::new();
                    for (i, prog) in programs.iter().enumerate() {
                        let Some(reach) = prog.plain_ray() else {
                            steps.push(PlanStep::Program(i));
                            continue;
                        };
                        let leg = &prog.legs[0];
                        let rays = leg.offsets.iter().map(|&o| {
                            let off = offsets.list[usize::from(o)];
                            Ray {
                                room_row: room_row(o, reach, &mut out.room),
                                delta: i16::from(off.dx) + i16::from(off.dy) * width,
                                to_empty: leg.capture != CaptureMode::Must,
                                to_enemy: leg.capture != CaptureMode::Never,
                            }
                        });
                        match steps.last_mut() {
                            Some(PlanStep::Rays(run)) => run.extend(rays),
                            _ => steps.push(PlanStep::Rays(rays.collect())),
                        }
                    }
                    steps
                })
                .collect();
            out.steps[colour.index()] = rules.types.iter().map(|t| by_kind[t.kind].clone()).collect();
        }
        out
    }

    /// The steps of a piece of type `ty` and colour `colour`.
    #[inline]
    pub(crate) fn steps(&self, colour: Colour, ty: TypeId) -> &[PlanStep] {
        &self.steps[colour.index()][usize::from(ty)]
    }

    /// How many squares `ray` may go from `sq`: up to its reach, and on
    /// the board.
    #[inline]
    pub(crate) fn room(&self, ray: &Ray, sq: Square) -> u8 {
        self.room[ray.room_row as usize + usize::from(sq)]
    }
}

impl Ruleset {
    /// The walk plan, built on first use.
    #[inline]
    pub(crate) fn walk_plan(&self) -> &WalkPlan {
        self.walk_plan.get_or_init(|| WalkPlan::build(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::NO_SQUARE;

    /// The room of every ray from every square is the number of times its
    /// offset can be followed through the neighbour table, up to its
    /// reach, and its delta
    /// reaches the same squares.
    #[test]
    fn room_and_delta_agree_with_the_neighbour_table() {
        for (variant, _) in crate::rules::BUNDLED {
            let rules = crate::rules::load_variant(variant, &[]).expect("bundled variant compiles");
            let plan = rules.walk_plan();
            let offsets = &rules.offsets;
            let mut checked = 0;
            for colour in Colour::BOTH {
                for ty in 0..rules.types.len() as TypeId {
                    let rays = plan.steps(colour, ty).iter().flat_map(|step| match step {
                        PlanStep::Rays(rays) => &rays[..],
                        PlanStep::Program(_) => &[],
                    });
                    let offsets_of_rays = ray_offsets(&rules, colour, ty);
                    assert_eq!(rays.clone().count(), offsets_of_rays.len());
                    for (ray, (o, reach)) in rays.zip(offsets_of_rays) {
                        for from in 0..rules.geometry.len() as Square {
                            let (mut sq, mut n) = (from, 0u8);
                            loop {
                                let next = offsets.target(o, sq);
                                if next == NO_SQUARE || n == reach {
                                    break;
                                }
                                assert_eq!(sq.wrapping_add_signed(ray.delta), next, "{variant}");
                                (sq, n) = (next, n + 1);
                            }
                            assert_eq!(plan.room(ray, from), n, "{variant} offset {o} from {from}");
                            checked += 1;
                        }
                    }
                }
            }
            assert!(checked > 0, "{variant} has plain rays");
        }
    }

    /// The offsets of a type's plain rays with their reach, in plan order.
    fn ray_offsets(rules: &Ruleset, colour: Colour, ty: TypeId) -> Vec<(u8, u8)> {
        let kind = rules.types[usize::from(ty)].kind;
        rules.programs[colour.index()][kind]
            .iter()
            .filter_map(|p| Some((p.plain_ray()?, p)))
            .flat_map(|(reach, p)| p.legs[0].offsets.iter().map(move |&o| (o, reach)))
            .collect()
    }
}
