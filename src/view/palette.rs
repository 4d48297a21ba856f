//! Colours: sides that stay apart for colour-blind players, and terrain that reads at a
//! glance.
//!
//! The sides: orange and blue-grey, then the Okabe–Ito yellow and blue for a third and fourth
//! side. Every pair, and each against the table cloth, stays at least 15 apart (CIE76 ΔE)
//! under normal vision and under protanopia, deuteranopia and tritanopia as Machado, Oliveira
//! and Fernandes (2009) simulate them at full severity: the test below checks it.

use bevy::prelude::*;

use crate::rules::terrain::TerrainKind;

/// The palette slot of each side of the game on (its index in the scenario gives the slot
/// where none was set): [`use_sides`] sets it when a game begins.
static SLOTS: std::sync::RwLock<Vec<usize>> = std::sync::RwLock::new(Vec::new());

/// Words in a side's name that mark the Empire's side and its kind (the Empire, its
/// garrisons and inquisitors, the Separatists, the Sith): orange, whatever the scenario's order.
const DARK: &[&str] = &[
    "empire",
    "imperial",
    "garrison",
    "inquisit",
    "separatist",
    "sith",
    "storm",
    "first order",
];

/// Words that mark the side against them (the Rebels, the Alliance, the Republic, Jedi,
/// heroes, raiders, the Ghost crew): blue-grey.
const LIGHT: &[&str] = &[
    "rebel",
    "alliance",
    "republic",
    "jedi",
    "hero",
    "raider",
    "ghost",
    "resistance",
];

/// The palette slot of each side named `names` (in the scenario's order): the Empire's kind
/// orange (slot 0), the Rebels' kind blue-grey (slot 1), whatever the scenario's order, so a
/// faction keeps its colour from one scenario to the next; a side neither names, or a second
/// side of one kind, takes the first slot left (README, "How to play").
pub fn slots(names: &[&str]) -> Vec<usize> {
    let kind = |name: &str| {
        let n = name.to_lowercase();
        if DARK.iter().any(|w| n.contains(w)) {
            Some(0)
        } else if LIGHT.iter().any(|w| n.contains(w)) {
            Some(1)
        } else {
            None
        }
    };
    let mut taken = [false; 4];
    let mut out: Vec<Option<usize>> = names
        .iter()
        .map(|n| match kind(n) {
            Some(k) if !taken[k] => {
                taken[k] = true;
                Some(k)
            }
            _ => None,
        })
        .collect();
    for slot in out.iter_mut().filter(|s| s.is_none()) {
        let free = (0..4).find(|&k| !taken[k]).unwrap_or(3);
        taken[free] = true;
        *slot = Some(free);
    }
    out.into_iter().map(|s| s.unwrap_or(3)).collect()
}

/// The game that begins has these sides (names in the scenario's order): their colours
/// follow their factions ([`slots`]).
pub fn use_sides(names: &[&str]) {
    if let Ok(mut s) = SLOTS.write() {
        *s = slots(names);
    }
}

/// Side `side`'s colour in the game on: its faction's ([`use_sides`]).
pub fn side_colour(side: usize) -> Color {
    if side == crate::engine::pieces::NOBODY {
        return Color::srgb(1.0, 0.85, 0.3);
    }
    let slot = SLOTS
        .read()
        .ok()
        .and_then(|s| s.get(side).copied())
        .unwrap_or(side);
    slot_colour(slot)
}

/// A palette slot's colour: orange, blue-grey, then (Okabe–Ito) blue and yellow for third and
/// fourth sides; told apart with any colour vision (module docs).
pub fn slot_colour(slot: usize) -> Color {
    match slot {
        0 => Color::srgb(0.95, 0.55, 0.12),
        1 => Color::srgb(0.50, 0.64, 0.80),
        // A third side yellow, a fourth blue: a third in blue read too near the second's
        // blue-grey at a glance in a three-player game.
        2 => Color::srgb(0.941, 0.894, 0.259),
        _ => Color::srgb(0.0, 0.447, 0.698),
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

/// Round the board, between its edge and the window's dark (a piece's dark ring overhanging
/// the edge reads against it).
pub const SURROUND: Color = Color::srgb(0.24, 0.24, 0.26);

#[cfg(test)]
mod tests {
    use super::{TABLE, slot_colour as side_colour, slots};

    #[test]
    fn a_faction_keeps_its_colour_whatever_the_scenarios_order() {
        assert_eq!(slots(&["Galactic Empire", "Rebel Alliance"]), [0, 1]);
        assert_eq!(slots(&["Ghost crew", "Inquisitorius"]), [1, 0]);
        assert_eq!(slots(&["Rebel raiders", "Outpost garrison"]), [1, 0]);
        assert_eq!(
            slots(&["Republic strike team", "Separatist droid army"]),
            [1, 0]
        );
        // Neither named, or two of one kind: the first slot left, in order.
        assert_eq!(slots(&["Hutts", "Jawas"]), [0, 1]);
        assert_eq!(
            slots(&["Empire", "Imperial rebels?", "Bounty hunters"]),
            [0, 1, 2]
        );
    }
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
