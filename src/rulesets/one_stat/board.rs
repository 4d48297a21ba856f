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
                name: "the hill (KOTH token)".into(),
                at,
                radius: HILL_TOKEN,
            })
            .into_iter()
            .chain(
                s.solitaire
                    .iter()
                    .flat_map(|sol| sol.spawn_points.iter().enumerate())
                    .map(|(k, at)| Marker {
                        name: format!(
                            "spawn {}{}",
                            k + 1,
                            if s.solitaire
                                .as_ref()
                                .is_some_and(|x| x.shut.get(k) == Some(&true))
                            {
                                " (shut down)"
                            } else {
                                ""
                            }
                        ),
                        at: *at,
                        radius: HILL_TOKEN,
                    }),
            )
            .collect(),
        words: super::rules::terrain::words,
    }
}
