//! Climbing: "A fighter can climb terrain if the top of the terrain piece to climb on lies
//! within movement allowance. His movement ends there, though, no matter how high he actually
//! climbed." (one-stat-skirmish.txt, "Movement").

use glam::Vec2;

use super::Skirmish;

/// What a move to a point does about climbing.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Climb {
    /// The pieces the move leaves out of its terrain checks: the one he climbs down from and
    /// the one he climbs onto.
    pub pieces: Vec<String>,
    /// Inches of climbing the move costs (up, or down off a piece).
    pub height: f32,
    /// The piece he stands on top of at the end.
    pub onto: Option<String>,
    /// Whether he climbs up onto it (his move ends there).
    pub up: bool,
}

impl Skirmish {
    /// The height of piece `id`, if it is one a fighter may climb, inches.
    fn height_of(&self, id: &str) -> Option<f32> {
        self.heights.iter().find(|(k, _)| k == id).map(|(_, h)| *h)
    }

    /// What a move of fighter `i` to `end` climbs: onto a piece with a height whose outline
    /// holds `end` (its height in inches), down from the piece he stands on when `end` is off
    /// it (its height again: climbing down is climbing), or along its top for nothing
    /// (docs/rules/one_stat.md, "Climbing").
    pub(super) fn climb(&self, i: usize, end: Vec2) -> Climb {
        let f = &self.fighters[i];
        let mut c = Climb::default();
        let target = self
            .terrain
            .iter()
            .find(|t| self.height_of(&t.id).is_some() && t.shape.contains(end))
            .map(|t| t.id.clone());
        if let Some(on) = &f.on {
            c.pieces.push(on.clone());
            if target.as_ref() != Some(on) {
                c.height += self.height_of(on).unwrap_or(0.0);
            }
        }
        if let Some(t) = target {
            if f.on.as_ref() != Some(&t) {
                c.height += self.height_of(&t).unwrap_or(0.0);
                c.up = true;
                c.pieces.push(t.clone());
            }
            c.onto = Some(t);
        }
        c
    }
}

#[cfg(test)]
mod tests {
    use glam::Vec2;

    use super::super::tests::{activate, game, ok, refused};
    use super::super::{Activation, Command};
    use crate::rules::geometry::Shape;
    use crate::rules::terrain::{TerrainKind, TerrainPiece, TerrainProperty};

    /// A pillar 2" high at (14, 10), 1" round, that blocks movement and sight.
    fn pillar() -> TerrainPiece {
        TerrainPiece {
            id: "pillar".into(),
            kind: TerrainKind::Rocks,
            shape: Shape::Circle {
                centre: (14.0, 10.0),
                radius: 1.0,
            },
            properties: vec![
                TerrainProperty::Impassable,
                TerrainProperty::BlocksLineOfSight,
            ],
        }
    }

    #[test]
    fn a_fighter_climbs_a_piece_whose_top_is_within_his_move_and_stops_there() {
        let (mut s, mut dice) = game(vec![pillar()]);
        s.heights = vec![("pillar".into(), 2.0)];
        // Kara (stat 5) at (10, 10): 4" to the pillar's centre and 2" up is 6": too far.
        activate(&mut s, &mut dice, 0);
        let onto = |x: f32| Command::Move {
            path: vec![Vec2::new(x, 10.0)],
        };
        let e = refused(&mut s, 0, onto(14.0), &mut dice);
        assert!(e.contains("climbs 2.0\" of 5"), "{e}");
        // From (11, 10), 3" and 2" up: on top.
        s.fighters[2].at = Vec2::new(20.0, 20.0);
        s.fighters[0].at = Vec2::new(11.0, 10.0);
        ok(&mut s, 0, onto(14.0), &mut dice);
        assert_eq!(s.fighters[0].on.as_deref(), Some("pillar"));
        assert!(s.events.iter().any(|e| e.contains("his move ends there")));
        // On top, the pillar hides nobody from him.
        s.fighters[3].at = Vec2::new(18.0, 10.0);
        assert!(s.sees(0, 3));
        // Climbing down is climbing: 2" of his 5, then 3" of ground.
        s.active = Some(Activation::new(0));
        assert!(refused(&mut s, 0, onto(10.5), &mut dice).contains("climbs 2.0\""));
        ok(&mut s, 0, onto(11.0), &mut dice);
        assert_eq!(s.fighters[0].on, None);
    }

    #[test]
    fn a_move_that_ends_on_top_crosses_the_piece_on_the_way_as_any_other() {
        let (mut s, mut dice) = game(vec![pillar()]);
        s.heights = vec![("pillar".into(), 2.0)];
        s.fighters[2].at = Vec2::new(20.0, 20.0);
        s.fighters[0].at = Vec2::new(12.4, 10.0);
        std::sync::Arc::make_mut(&mut s.fighters[0].fighter).stat = 6;
        activate(&mut s, &mut dice, 0);
        // Through the pillar to its far side (a 2" jump with 0.6" of run-up), then back onto
        // its top: 3.2" + 0.8" + 2" climbed is within his 6", but the first leg is no climb.
        let e = refused(
            &mut s,
            0,
            Command::Move {
                path: vec![Vec2::new(15.6, 10.0), Vec2::new(14.8, 10.0)],
            },
            &mut dice,
        );
        assert!(e.contains("pillar blocks movement: jumping"), "{e}");
        // Straight up onto it is a climb.
        ok(
            &mut s,
            0,
            Command::Move {
                path: vec![Vec2::new(13.6, 10.0)],
            },
            &mut dice,
        );
        assert_eq!(s.fighters[0].on.as_deref(), Some("pillar"));
    }
}
