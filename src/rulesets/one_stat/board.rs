//! The table as the shared view draws it: an open table in inches with the terrain pieces
//! (their answers played as the shared properties), the King of the Hill's token and the
//! solitaire game's spawn points.

use super::skirmish::{HILL_TOKEN, Skirmish};
use crate::engine::board::{BoardGeometry, Marker};

/// The table of `s`.
pub fn board(s: &Skirmish) -> BoardGeometry {
    BoardGeometry::InchTable {
        size: s.table,
        terrain: s.terrain.to_vec(),
        markers: s
            .hill
            .map(|at| Marker {
                // The text's own word; the longer name ran across the walls either side of
                // the token on the bundled table (a walk).
                name: "KOTH token".into(),
                at,
                radius: HILL_TOKEN,
            })
            .into_iter()
            .chain(spawn_markers(s))
            .collect(),
        words: super::rules::terrain::words,
    }
}

/// The solitaire game's spawn points as markers, those the dice put on one spot as one
/// (`spawn 4 and 5`: two labels on one place were written over each other, a walk), each
/// shut down said.
fn spawn_markers(s: &Skirmish) -> Vec<Marker> {
    let Some(sol) = &s.solitaire else {
        return Vec::new();
    };
    let mut out: Vec<(glam::Vec2, Vec<String>)> = Vec::new();
    for (k, at) in sol.spawn_points.iter().enumerate() {
        let name = format!(
            "{}{}",
            k + 1,
            if sol.shut.get(k) == Some(&true) {
                " (shut down)"
            } else {
                ""
            }
        );
        match out.iter_mut().find(|(p, _)| p.distance(*at) < 0.01) {
            Some((_, names)) => names.push(name),
            None => out.push((*at, vec![name])),
        }
    }
    out.into_iter()
        .map(|(at, names)| Marker {
            name: format!("spawn {}", names.join(" and ")),
            at,
            radius: HILL_TOKEN,
        })
        .collect()
}
