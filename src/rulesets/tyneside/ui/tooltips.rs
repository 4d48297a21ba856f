//! Words by the cursor (in the one note there, [`CursorNote`]): what a dragged move costs or why it is refused, whether the hovered
//! enemy can be seen and at what range (the tape measure's length is written on the table).

use bevy_egui::egui;

use crate::rulesets::tyneside::components::Portal;
use crate::rulesets::tyneside::input::SightLine;
use crate::rulesets::tyneside::input::{MovePreview, PointerState, SightPreview};
use crate::rulesets::tyneside::rules::force::FLIGHT;
use crate::rulesets::tyneside::rules::melee::{CLOSE_COMBAT_RANGE, in_reach};
use crate::view::{CursorNote, NotePart};

/// What a portal counter is, for the note when the cursor is on one (a walk found the
/// diamonds explained nowhere). tyneside-skirmish.txt, Portal Placement and Eliminating
/// Portals.
fn portal_note(p: &Portal) -> NotePart {
    let mut lines = vec![
        "Where the enemy may appear (Enemy Force Generation), on Advance orders.".to_string(),
        "Approached within 8\" and seen, it falls back to the next corner or cover within 12\"; with nowhere to go it is eliminated (Eliminating Portals).".to_string(),
    ];
    if p.open {
        lines.push("In the open (ringed).".to_string());
    }
    if p.once {
        lines.push("Produces figures once, then is removed from play.".to_string());
    }
    NotePart {
        title: Some(format!("Portal counter {}", p.id)),
        lines: lines.into_iter().map(|l| (l, None)).collect(),
    }
}

/// Adds the rule set's lines to the note by the cursor.
pub fn show(
    note: &mut CursorNote,
    pointer: &PointerState,
    preview: &MovePreview,
    sight: &SightPreview,
    portals: &[Portal],
) {
    if let Some(p) = pointer
        .world
        .and_then(|at| portals.iter().find(|p| p.at.distance(at) <= Portal::REACH))
    {
        note.add(portal_note(p));
    }
    let mut lines: Vec<(String, egui::Color32)> = Vec::new();
    if let Some(p) = &preview.0 {
        match &p.verdict {
            Ok(cost) if pointer.lift.is_some() => lines.push((
                format!("Lift: carried {cost:.1}\" (at most the user's walk), 1 FP"),
                egui::Color32::LIGHT_GREEN,
            )),
            Ok(cost) if pointer.fly => lines.push((
                format!("Fly: {cost:.1}\" (R2D2 up to {FLIGHT:.0}\"; a jet pack 12 x D6\")"),
                egui::Color32::LIGHT_GREEN,
            )),
            Ok(cost) if pointer.force_jump => lines.push((
                format!("Force jump: {cost:.1}\" wanted (reach: Force points x D6)"),
                egui::Color32::LIGHT_GREEN,
            )),
            Ok(cost) => lines.push((
                format!(
                    "Move: uses {cost:.1}\"{}",
                    if pointer.jump { " (jump)" } else { "" }
                ),
                egui::Color32::LIGHT_GREEN,
            )),
            Err(e) => lines.push((
                format!("Cannot move: {e}"),
                egui::Color32::from_rgb(255, 120, 100),
            )),
        }
        if !p.close_combat.is_empty() && pointer.lift.is_none() {
            let names: Vec<&str> = p.close_combat.iter().map(|c| c.2.as_str()).collect();
            lines.push((
                format!(
                    "Ends within {CLOSE_COMBAT_RANGE:.0}\" of {}: close combat",
                    names.join(", ")
                ),
                egui::Color32::from_rgb(255, 190, 90),
            ));
        }
    }
    if let Some(s) = &sight.0 {
        let text = sight_words(s);
        let colour = if s.blocked_by.is_some() || s.concealed {
            egui::Color32::from_rgb(255, 120, 100)
        } else {
            egui::Color32::LIGHT_GREEN
        };
        lines.push((text, colour));
    }
    if pointer.jump && preview.0.is_none() {
        lines.push((
            "Jump armed: drag a figure across the gap".into(),
            egui::Color32::YELLOW,
        ));
    }
    note.add(NotePart {
        title: None,
        lines: lines.into_iter().map(|(t, c)| (t, Some(c))).collect(),
    });
}

/// The sight line to the enemy hovered in words: whether it is clear, the gap between the
/// bases, the selected figure's weapon band, and whether they are within close combat's 1"
/// ("This occurs when opposing figures are within 1″ of each other", tyneside-skirmish.txt,
/// Close combat), said within 3" of it.
fn sight_words(s: &SightLine) -> String {
    let text = match (&s.blocked_by, s.concealed) {
        (Some(b), _) => format!("No line of sight: blocked by '{b}' · {:.1}\"", s.distance),
        (None, true) => format!(
            "Unseen: hidden or ducked back in cover beyond 6\" · {:.1}\"",
            s.distance
        ),
        (None, false) => format!(
            "Line of sight clear · {:.1}\" · {}",
            s.distance,
            s.band.clone().unwrap_or_else(|| if s.armed {
                "out of range".into()
            } else {
                "no ranged weapon".into()
            })
        ),
    };
    // Close combat is by the true bases, which a crowded table draws larger than they are:
    // tokens that looked touching were 1.0" and more apart, and Fight stayed grey (a walk).
    let close = if in_reach(s.distance) {
        format!(" · within {CLOSE_COMBAT_RANGE:.0}\": close combat")
    } else if s.distance <= 3.0 {
        format!(
            " · {:.2}\" apart: close combat needs {CLOSE_COMBAT_RANGE:.0}\" or less",
            s.distance
        )
    } else {
        String::new()
    };
    text + &close
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::prelude::Vec2;

    fn line(distance: f32, band: Option<&str>, armed: bool) -> SightLine {
        SightLine {
            from: Vec2::ZERO,
            to: Vec2::X,
            blocked_by: None,
            distance,
            concealed: false,
            band: band.map(String::from),
            armed,
        }
    }

    /// The note says whether the enemy is within close combat's 1" by the true bases, and a
    /// figure with no ranged weapon is not `out of range`.
    #[test]
    fn the_sight_note_tells_close_combat_reach_by_the_true_bases() {
        assert_eq!(
            sight_words(&line(1.04, None, false)),
            "Line of sight clear · 1.0\" · no ranged weapon · 1.04\" apart: close combat needs 1\" or less"
        );
        assert_eq!(
            sight_words(&line(0.6, Some("short"), true)),
            "Line of sight clear · 0.6\" · short · within 1\": close combat"
        );
        assert_eq!(
            sight_words(&line(30.0, None, true)),
            "Line of sight clear · 30.0\" · out of range"
        );
    }
}
