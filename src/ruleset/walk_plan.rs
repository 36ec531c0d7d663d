//! The walk plan: each kind's programs, per colour, in the order the
//! walker takes them, with every run of plain one-leg programs merged into
//! one list of rays that the walker follows in one loop. Derived from the
//! programs on first use.

use super::{CaptureMode, LegWalk, Program, Ruleset};
use crate::board::Colour;

/// Each kind's programs as the walker takes them, per colour
/// ([`Ruleset::walk_plan`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct WalkPlan {
    /// `steps[colour][kind]`, in program order.
    steps: [Vec<Vec<PlanStep>>; 2],
}

/// One step of a kind's plan.
#[derive(Clone, Debug)]
pub(crate) enum PlanStep {
    /// Consecutive plain one-leg programs ([`Program::plain_ray`]), their
    /// offsets in program order.
    Rays(Vec<Ray>),
    /// Any other program, by its index in the kind's list.
    Program(usize),
}

/// One direction of a plain one-leg program: a step or jump (`reach` 1) or
/// a slide that ends at the first piece or after `reach` squares.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ray {
    pub(crate) offset: u8,
    pub(crate) reach: u8,
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
        let mut out = WalkPlan::default();
        for colour in Colour::BOTH {
            out.steps[colour.index()] = rules.programs[colour.index()]
                .iter()
                .map(|programs| {
                    let mut steps = Vec::new();
                    for (i, prog) in programs.iter().enumerate() {
                        let Some(reach) = prog.plain_ray() else {
                            steps.push(PlanStep::Program(i));
                            continue;
                        };
                        let leg = &prog.legs[0];
                        let rays = leg.offsets.iter().map(|&offset| Ray {
                            offset,
                            reach,
                            to_empty: leg.capture != CaptureMode::Must,
                            to_enemy: leg.capture != CaptureMode::Never,
                        });
                        match steps.last_mut() {
                            Some(PlanStep::Rays(run)) => run.extend(rays),
                            _ => steps.push(PlanStep::Rays(rays.collect())),
                        }
                    }
                    steps
                })
                .collect();
        }
        out
    }

    /// The steps of `kind` for `colour`.
    #[inline]
    pub(crate) fn steps(&self, colour: Colour, kind: usize) -> &[PlanStep] {
        &self.steps[colour.index()][kind]
    }
}

impl Ruleset {
    /// The walk plan, built on first use.
    #[inline]
    pub(crate) fn walk_plan(&self) -> &WalkPlan {
        self.walk_plan.get_or_init(|| WalkPlan::build(self))
    }
}
