//! Who holds an objective and who wins at the turn limit (scenario victory conditions; the
//! rule text leaves victory to the scenario).

use glam::Vec2;
use serde::{Deserialize, Serialize};

/// How a game is won. Whatever the condition, a side with no figures left fighting loses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Victory {
    /// The last side with figures fighting wins; at the turn limit, the side with more figures
    /// fighting wins (equal: a draw).
    #[default]
    LastSideStanding,
    /// At the turn limit, the side holding more objectives wins (equal: a draw).
    HoldObjectives,
}

/// The side holding an objective at `at` (radius `radius` inches), given every fighting
/// figure as (side, position): the side of the nearest figure within the radius, unless a
/// figure of another side is as near (contested: nobody).
pub fn objective_holder(at: Vec2, radius: f32, figures: &[(usize, Vec2)]) -> Option<usize> {
    let mut best: Option<(f32, usize)> = None;
    let mut contested = false;
    for &(side, p) in figures {
        let d = p.distance(at);
        if d > radius {
            continue;
        }
        match best {
            None => best = Some((d, side)),
            Some((bd, _)) if d < bd - 1e-4 => {
                contested = false;
                best = Some((d, side));
            }
            Some((bd, bs)) if (d - bd).abs() <= 1e-4 && bs != side => contested = true,
            _ => {}
        }
    }
    if contested {
        None
    } else {
        best.map(|(_, s)| s)
    }
}

/// Each of `sides` sides' score now under `victory`, given every fighting figure as (side,
/// position in inches) and the objectives (where each is and its radius, inches): the figures
/// it has fighting ([`Victory::LastSideStanding`]), or the objectives it holds
/// ([`objective_holder`]; [`Victory::HoldObjectives`]). At the turn limit the highest score
/// wins ([`leader`]); the screen shows the scores as the game goes.
pub fn scores(
    victory: Victory,
    objectives: &[(Vec2, f32)],
    figures: &[(usize, Vec2)],
    sides: usize,
) -> Vec<usize> {
    let mut score = vec![0; sides];
    match victory {
        Victory::LastSideStanding => {
            for &(s, _) in figures {
                score[s] += 1;
            }
        }
        Victory::HoldObjectives => {
            for &(at, radius) in objectives {
                if let Some(s) = objective_holder(at, radius, figures) {
                    score[s] += 1;
                }
            }
        }
    }
    score
}

/// The side with strictly the highest score, or `None` for a draw.
pub fn leader(scores: &[usize]) -> Option<usize> {
    let max = *scores.iter().max()?;
    let mut top = scores.iter().enumerate().filter(|(_, s)| **s == max);
    let first = top.next()?.0;
    if top.next().is_some() {
        None
    } else {
        Some(first)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_score_is_figures_fighting_or_objectives_held() {
        let figures = [
            (0, Vec2::new(1.0, 1.0)),
            (0, Vec2::new(20.0, 20.0)),
            (1, Vec2::new(10.0, 11.0)),
        ];
        let objectives = [(Vec2::new(10.0, 10.0), 3.0), (Vec2::new(1.0, 2.0), 3.0)];
        assert_eq!(
            scores(Victory::LastSideStanding, &objectives, &figures, 2),
            [2, 1]
        );
        assert_eq!(
            scores(Victory::HoldObjectives, &objectives, &figures, 2),
            [1, 1]
        );
        assert_eq!(scores(Victory::HoldObjectives, &[], &figures, 3), [0, 0, 0]);
    }

    #[test]
    fn nearest_figure_holds_unless_tied() {
        let o = Vec2::new(10.0, 10.0);
        assert_eq!(
            objective_holder(
                o,
                3.0,
                &[(0, Vec2::new(11.0, 10.0)), (1, Vec2::new(12.0, 10.0))]
            ),
            Some(0)
        );
        assert_eq!(
            objective_holder(
                o,
                3.0,
                &[(0, Vec2::new(11.0, 10.0)), (1, Vec2::new(9.0, 10.0))]
            ),
            None
        );
        assert_eq!(
            objective_holder(o, 3.0, &[(0, Vec2::new(20.0, 10.0))]),
            None
        );
    }

    #[test]
    fn leader_or_draw() {
        assert_eq!(leader(&[1, 3]), Some(1));
        assert_eq!(leader(&[2, 2]), None);
    }
}
