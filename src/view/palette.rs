//! Colours: sides that stay apart for colour-blind players, and terrain that reads at a
//! glance.
//!
//! The sides: orange and blue-grey, then the Okabe–Ito blue and yellow for a third and fourth
//! side. Every pair, and each against the table cloth, stays at least 15 apart (CIE76 ΔE)
//! under normal vision and under protanopia, deuteranopia and tritanopia as Machado, Oliveira
//! and Fernandes (2009) simulate them at full severity: the test below checks it.

use bevy::prelude::*;

use crate::rules::terrain::TerrainKind;

/// A side's base colour: orange, blue-grey, then (Okabe–Ito) blue and yellow for third and
/// fourth sides; told apart with any colour vision (module docs).
pub fn side_colour(side: usize) -> Color {
    match side {
        0 => Color::srgb(0.95, 0.55, 0.12),
        1 => Color::srgb(0.50, 0.64, 0.80),
        2 => Color::srgb(0.0, 0.447, 0.698),
        _ => Color::srgb(0.941, 0.894, 0.259),
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
        TerrainKind::Door => Color::srgb(0.62, 0.50, 0.30),
        TerrainKind::Other => Color::srgb(0.33, 0.35, 0.40),
    }
}

/// The table cloth.
pub const TABLE: Color = Color::srgb(0.60, 0.55, 0.44);

#[cfg(test)]
mod tests {
    use super::{TABLE, side_colour};
    use bevy::prelude::*;

    /// Machado, Oliveira & Fernandes (2009), severity 1.0, on linear RGB.
    const VISION: [(&str, [[f32; 3]; 3]); 4] = [
        (
            "normal",
            [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
        ),
        (
            "protanopia",
            [
                [0.152286, 1.052583, -0.204868],
                [0.114503, 0.786281, 0.099216],
                [-0.003882, -0.048116, 1.051998],
            ],
        ),
        (
            "deuteranopia",
            [
                [0.367322, 0.860646, -0.227968],
                [0.280085, 0.672501, 0.047413],
                [-0.011820, 0.042940, 0.968881],
            ],
        ),
        (
            "tritanopia",
            [
                [1.255528, -0.076749, -0.178779],
                [-0.078411, 0.930809, 0.147602],
                [0.004733, 0.691367, 0.303900],
            ],
        ),
    ];

    /// `c` as seen with `vision`, in CIE Lab (D65).
    fn seen(c: Color, vision: &[[f32; 3]; 3]) -> Vec3 {
        let l = c.to_linear();
        let rgb = Vec3::new(l.red, l.green, l.blue);
        let sim = Vec3::from_array(vision.map(|row| Vec3::from_array(row).dot(rgb)))
            .clamp(Vec3::ZERO, Vec3::ONE);
        let lab: bevy::color::Laba = LinearRgba::rgb(sim.x, sim.y, sim.z).into();
        // Bevy's Lab is scaled to 0–1 for L and ±1.5 for a, b: CIE's units are 100 times.
        Vec3::new(lab.lightness, lab.a, lab.b) * 100.0
    }

    #[test]
    fn sides_stay_apart_with_any_colour_vision() {
        for (name, vision) in &VISION {
            let sides: Vec<Vec3> = (0..4).map(|s| seen(side_colour(s), vision)).collect();
            let cloth = seen(TABLE, vision);
            for i in 0..4 {
                assert!(
                    sides[i].distance(cloth) >= 15.0,
                    "{name}: side {i} against the cloth: {}",
                    sides[i].distance(cloth)
                );
                for j in i + 1..4 {
                    assert!(
                        sides[i].distance(sides[j]) >= 15.0,
                        "{name}: sides {i} and {j}: {}",
                        sides[i].distance(sides[j])
                    );
                }
            }
        }
    }
}
