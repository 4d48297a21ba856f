//! The ground as the shared view draws it: open ground in metres with no grid (the text has
//! no board: "Using counters or miniatures can help keep track of position"), each side's
//! starting area tinted.

use bevy::prelude::*;

use super::battle::Battle;
use crate::engine::board::{BoardGeometry, Zone};

/// The radius of the counter of a unit of `size`, metres on ground of `b`: the square root
/// of the head count, scaled to the ground, so ten men and forty read apart at a glance.
pub fn radius(b: &Battle, size: u32) -> f32 {
    let scale = b.ground.0.min(b.ground.1) / 100.0;
    (1.5 + (size.max(1) as f32).sqrt()) * scale
}

/// The ground of `b`, each side's units' starting area (the box around them, with a margin)
/// tinted in its colour.
pub fn board(b: &Battle) -> BoardGeometry {
    let names: Vec<&str> = b.sides.iter().map(|s| s.name.as_str()).collect();
    let slots = crate::view::palette::slots(&names);
    // Room round the counters for the side's name above them.
    let margin = 2.5 * radius(b, 40);
    let zones = (0..b.sides.len())
        .filter_map(|s| {
            let pts: Vec<Vec2> = b
                .units
                .iter()
                .filter(|u| u.side == s)
                .map(|u| Vec2::new(u.at.0, u.at.1))
                .collect();
            let first = *pts.first()?;
            let r = pts
                .iter()
                .fold(Rect::from_corners(first, first), |r, p| r.union_point(*p));
            Some(Zone {
                name: b.sides[s].name.clone(),
                area: Rect::from_corners(
                    (r.min - margin).max(Vec2::ZERO),
                    (r.max + margin).min(Vec2::new(b.ground.0, b.ground.1)),
                ),
                fill: crate::view::palette::slot_colour(slots[s]).with_alpha(0.12),
            })
        })
        .collect();
    BoardGeometry::Abstract {
        size: Vec2::new(b.ground.0, b.ground.1),
        zones,
    }
}
