//! The map as the shared view draws it: every hex with its terrain's name and colour.

use bevy::prelude::*;

use super::battle::Battle;
use super::rules::map::{Ground, HexTerrain};
use crate::engine::board::{BoardGeometry, HexCell};
use crate::rules::terrain::TerrainKind;

/// The board the shared view draws: every hex with its terrain's name and colour.
pub fn board(b: &Battle) -> BoardGeometry {
    BoardGeometry::HexMap {
        layout: super::rules::map::layout(),
        hexes: b
            .map
            .hexes()
            .into_iter()
            .map(|(hex, t)| HexCell {
                hex,
                at: super::rules::map::col_row(hex),
                name: t.describe(),
                fill: terrain_fill(&t),
                kind: terrain_kind(&t),
            })
            .collect(),
    }
}

/// What the 3D view stands on a hex: trees in a forest, a building's block, water, rubble as
/// crates; clear ground (on a hill or not) lies flat.
fn terrain_kind(t: &HexTerrain) -> TerrainKind {
    match t.ground {
        Ground::Forest => TerrainKind::Woods,
        Ground::Building(_) => TerrainKind::Building,
        Ground::River => TerrainKind::Water,
        Ground::Rubble => TerrainKind::Crates,
        Ground::Clear if t.hill > 0 => TerrainKind::Hill,
        Ground::Clear => TerrainKind::Other,
    }
}

/// A hex's fill colour by its terrain: hills lighter and warmer by level.
pub fn terrain_fill(t: &HexTerrain) -> Color {
    let base = match t.ground {
        Ground::Clear => Color::srgb(0.47, 0.55, 0.33),
        Ground::Forest => Color::srgb(0.16, 0.36, 0.18),
        Ground::Building(1) => Color::srgb(0.55, 0.52, 0.48),
        Ground::Building(_) => Color::srgb(0.45, 0.42, 0.40),
        Ground::Rubble => Color::srgb(0.42, 0.36, 0.30),
        Ground::River => Color::srgb(0.22, 0.42, 0.65),
    };
    let hill = Color::srgb(0.72, 0.62, 0.38);
    base.mix(&hill, 0.28 * t.hill as f32)
}
