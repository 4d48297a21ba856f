//! Portal counters: when one is approached, and where it retreats to. tyneside-skirmish.txt,
//! Eliminating Portals: "If approached, when a figure moves within 8″ of any portal in cover,
//! and visible, (or one that is in the open, after the 'Enemy Force Generation' phase), a
//! portal counter will move to the next corner/cover** within 12″. (** is cover which could
//! conceivably hold figures (Building, etc) or a point in terrain facing any of the player's
//! figures - with 'dead ground' behind. …)" Rulings in docs/rules/tyneside.md.

use glam::Vec2;

use crate::rules::geometry::Shape;
use crate::rules::los::{LosIndex, Sight};
use crate::rules::terrain::{TerrainKind, TerrainPiece, TerrainProperty};

/// A portal in cover retreats from a player's figure that sees it this close, inches.
pub const APPROACH: f32 = 8.0;
/// How far a portal may retreat, inches.
pub const RETREAT: f32 = 12.0;
/// Spots behind a piece of cover stand this far out from its outline, inches.
const SPOT_OFFSET: f32 = 1.0;
/// A counter is a point; a figure sees it as it would a base this wide (radius, inches).
pub const COUNTER_RADIUS: f32 = 0.5;

/// The table a counter stands on: its size (inches), terrain and sight index.
#[derive(Clone, Copy)]
pub struct Ground<'a> {
    /// Width and depth, inches.
    pub size: Vec2,
    /// The terrain.
    pub terrain: &'a [TerrainPiece],
    /// Line of sight over it.
    pub los: &'a LosIndex,
}

impl Ground<'_> {
    /// Whether a figure (centre, base radius) sees a counter at `at`.
    pub fn sees(&self, figure: (Vec2, f32), at: Vec2) -> bool {
        self.los
            .sight(self.terrain, figure.0, figure.1, at, COUNTER_RADIUS)
            == Sight::Clear
    }

    /// Whether a counter in cover at `at` is approached: a player's figure (centre, base
    /// radius) within 8" of it, base edge to counter, sees it.
    pub fn approached(&self, at: Vec2, players: &[(Vec2, f32)]) -> bool {
        players
            .iter()
            .any(|&f| f.0.distance(at) - f.1 <= APPROACH + 1e-3 && self.sees(f, at))
    }

    /// Where a counter at `from` retreats to: the nearest spot within 12" that is dead ground
    /// — 1" outside a corner or the middle of a side of a piece that blocks sight (a building,
    /// a wood) or of a hill ("A hill/ridge counts as cover, until any of the players force get
    /// a line of sight to the far side"), never a rock ("The Large rock cannot be used"), seen
    /// by none of `players` (dead ground, however near them), on the table, not inside a
    /// sight-blocking or impassable piece, and at least 1" from every counter in `others`.
    /// `None`: nowhere to go ("poor portal (a) has nowhere to go, and is eliminated!").
    pub fn retreat_spot(
        &self,
        from: Vec2,
        others: &[Vec2],
        players: &[(Vec2, f32)],
    ) -> Option<Vec2> {
        let mut spots: Vec<Vec2> = Vec::new();
        // "A hill/ridge counts as cover, until any of the players force get a line of sight to
        // the far side" (a spot must be unseen, below). "The Large rock cannot be used as
        // there is no real 'Dead Ground' behind it for
        // figures to reach it unobserved."
        for t in self.terrain.iter().filter(|t| {
            (t.has(TerrainProperty::BlocksLineOfSight) || t.has(TerrainProperty::Hill))
                && t.kind != TerrainKind::Rocks
        }) {
            let c = t.shape.centre();
            let outline: Vec<Vec2> = match &t.shape {
                Shape::Circle { centre, radius } => (0..12)
                    .map(|i| {
                        Vec2::new(centre.0, centre.1)
                            + Vec2::from_angle(i as f32 * std::f32::consts::TAU / 12.0) * *radius
                    })
                    .collect(),
                _ => {
                    let corners = t.shape.corners();
                    let n = corners.len();
                    (0..n)
                        .flat_map(|i| [corners[i], (corners[i] + corners[(i + 1) % n]) / 2.0])
                        .collect()
                }
            };
            spots.extend(
                outline
                    .into_iter()
                    .map(|p| p + (p - c).normalize_or_zero() * SPOT_OFFSET),
            );
        }
        spots
            .into_iter()
            .filter(|s| {
                s.distance(from) <= RETREAT + 1e-3
                    && s.distance(from) > 1e-3
                    && s.x >= 0.5
                    && s.y >= 0.5
                    && s.x <= self.size.x - 0.5
                    && s.y <= self.size.y - 0.5
                    && self.terrain.iter().all(|t| {
                        !(t.has(TerrainProperty::Impassable)
                            || t.has(TerrainProperty::BlocksLineOfSight))
                            || !t.shape.contains(*s)
                    })
                    && others.iter().all(|o| o.distance(*s) >= 1.0)
                    && players.iter().all(|&f| !self.sees(f, *s))
            })
            .min_by(|a, b| {
                a.distance(from)
                    .total_cmp(&b.distance(from))
                    .then(a.x.total_cmp(&b.x))
                    .then(a.y.total_cmp(&b.y))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::terrain::TerrainKind;

    fn building() -> TerrainPiece {
        TerrainPiece {
            id: "B".into(),
            kind: TerrainKind::Building,
            shape: Shape::Rect {
                min: (40.0, 20.0),
                max: (50.0, 30.0),
            },
            properties: vec![
                TerrainProperty::Building,
                TerrainProperty::BlocksLineOfSight,
                TerrainProperty::Impassable,
            ],
        }
    }

    /// A 72x48" table of `terrain`.
    fn table<'a>(terrain: &'a [TerrainPiece], los: &'a LosIndex) -> Ground<'a> {
        Ground {
            size: Vec2::new(72.0, 48.0),
            terrain,
            los,
        }
    }

    #[test]
    fn a_counter_approached_retreats_behind_the_building_or_is_eliminated_when_bracketed() {
        let terrain = [building()];
        let los = LosIndex::new(&terrain);
        let ground = table(&terrain, &los);
        let counter = Vec2::new(38.5, 25.0);
        let west = [(Vec2::new(32.0, 25.0), 0.5)];
        assert!(ground.approached(counter, &west));
        assert!(
            !ground.approached(counter, &[(Vec2::new(20.0, 25.0), 0.5)]),
            "over 8\" away"
        );
        let spot = ground
            .retreat_spot(counter, &[], &west)
            .expect("dead ground behind B");
        // The nearest such spot is 1" off B's south side, hidden by B from the figure.
        assert_eq!(spot, Vec2::new(45.0, 19.0));
        assert!(!ground.sees(west[0], spot));
        assert!(spot.distance(counter) <= RETREAT);
        // Figures on both sides of B leave no dead ground within 12".
        let both = [(Vec2::new(53.0, 33.0), 0.5), (Vec2::new(53.0, 17.0), 0.5)];
        assert_eq!(ground.retreat_spot(Vec2::new(51.5, 31.0), &[], &both), None);
    }

    #[test]
    fn dead_ground_near_a_players_figure_still_hides_a_counter() {
        // "will move to the next corner/cover** within 12″": the text asks for dead ground, not
        // distance. A 4" hut; the figure 3" south of it sees the counter at its south-west,
        // and every spot behind the hut is within 8" of the figure, yet unseen.
        let hut = TerrainPiece {
            shape: Shape::Rect {
                min: (40.0, 20.0),
                max: (44.0, 24.0),
            },
            ..building()
        };
        let terrain = [hut];
        let los = LosIndex::new(&terrain);
        let ground = table(&terrain, &los);
        let figure = [(Vec2::new(42.0, 17.0), 0.5)];
        let counter = Vec2::new(37.0, 20.0);
        assert!(ground.approached(counter, &figure));
        let spot = ground
            .retreat_spot(counter, &[], &figure)
            .expect("dead ground behind the hut");
        assert!(!ground.sees(figure[0], spot));
        let (at, radius) = figure[0];
        assert!(
            spot.distance(at) - radius <= APPROACH,
            "{spot}: near, but hidden"
        );
    }

    #[test]
    fn the_large_rock_is_never_a_retreat_spot() {
        // "The Large rock cannot be used as there is no real 'Dead Ground' behind it": a rock
        // as tall as the building, in its place, hides the counter from the figure but offers
        // no spot to retreat to.
        let rock = TerrainPiece {
            id: "rock".into(),
            kind: TerrainKind::Rocks,
            ..building()
        };
        let terrain = [rock];
        let los = LosIndex::new(&terrain);
        let ground = table(&terrain, &los);
        let west = [(Vec2::new(32.0, 25.0), 0.5)];
        assert!(
            !ground.sees(west[0], Vec2::new(45.0, 19.0)),
            "the rock hides"
        );
        assert_eq!(ground.retreat_spot(Vec2::new(38.5, 25.0), &[], &west), None);
    }

    #[test]
    fn a_counter_retreats_behind_a_hill_the_players_cannot_see_over() {
        // "A hill/ridge counts as cover, until any of the players force get a line of sight to
        // the far side": a hill in the building's place hides its far side from the figure.
        let hill = TerrainPiece {
            id: "hill".into(),
            kind: TerrainKind::Hill,
            properties: vec![TerrainProperty::Hill],
            ..building()
        };
        let terrain = [hill];
        let los = LosIndex::new(&terrain);
        let ground = table(&terrain, &los);
        let west = [(Vec2::new(32.0, 25.0), 0.5)];
        let spot = ground
            .retreat_spot(Vec2::new(38.5, 25.0), &[], &west)
            .expect("dead ground behind the hill");
        assert!(!ground.sees(west[0], spot));
        // A figure on the far side sees it all: no cover there.
        let both = [(Vec2::new(53.0, 33.0), 0.5), (Vec2::new(53.0, 17.0), 0.5)];
        assert_eq!(ground.retreat_spot(Vec2::new(51.5, 31.0), &[], &both), None);
    }
}
