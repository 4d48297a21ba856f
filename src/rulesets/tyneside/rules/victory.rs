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

/// How many of `objectives` (each where it is and its radius, inches) each of `sides` sides
/// holds now ([`objective_holder`]), given every fighting figure as (side, position in
/// inches).
pub fn objectives_held(
    objectives: impl IntoIterator<Item = (Vec2, f32)>,
    figures: &[(usize, Vec2)],
    sides: usize,
) -> Vec<usize> {
    let mut held = vec![0; sides];
    for (at, radius) in objectives {
        if let Some(s) = objective_holder(at, radius, figures) {
            held[s] += 1;
        }
    }
    held
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
