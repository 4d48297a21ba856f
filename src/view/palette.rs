//! Colours: sides that stay apart for colour-blind players (orange against blue-grey), and
//! terrain that reads at a glance.

use bevy::prelude::*;

use crate::rules::terrain::TerrainKind;

/// A side's base colour: orange, blue-grey, then green and violet for third and fourth sides.
pub fn side_colour(side: usize) -> Color {
    match side {
        0 => Color::srgb(0.95, 0.55, 0.12),
        1 => Color::srgb(0.50, 0.64, 0.80),
        2 => Color::srgb(0.45, 0.75, 0.35),
        _ => Color::srgb(0.70, 0.50, 0.85),
    }
}

/// The fill of a terrain piece.
pub fn terrain_colour(kind: TerrainKind) -> Color {
    match kind {
        TerrainKind::Woods => Color::srgb(0.16, 0.34, 0.16),
        TerrainKind::Rocks => Color::srgb(0.42, 0.40, 0.38),
        TerrainKind::Building => Color::srgb(0.30, 0.30, 0.36),
        TerrainKind::Hill => Color::srgb(0.45, 0.38, 0.24),
        TerrainKind::Water => Color::srgb(0.16, 0.30, 0.50),
        TerrainKind::Wall => Color::srgb(0.55, 0.52, 0.48),
        TerrainKind::Crates => Color::srgb(0.50, 0.36, 0.20),
        TerrainKind::Chasm => Color::srgb(0.04, 0.04, 0.05),
        TerrainKind::Other => Color::srgb(0.33, 0.35, 0.40),
    }
}

/// The table cloth.
pub const TABLE: Color = Color::srgb(0.60, 0.55, 0.44);
