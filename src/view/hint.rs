//! The Hint drawn on the table ([`crate::engine::hint::HintShown`]): the move the searching
//! opponent would make for the person to act, as a line from the piece along its way to where
//! it ends, an arrow on its last leg and a ring there, until the game moves on; and, the same
//! way in white, the command the replay viewer shows last.

use bevy::prelude::*;

use super::{Marks, TableZoom, shown_base};
use crate::engine::pieces::Token;

use crate::engine::hint::HintShown;
use crate::engine::replay_view::ReplayStatus;

/// The hint's colour on the table: a bright green no side wears.
const HINT: Color = Color::srgb(0.35, 1.0, 0.55);

/// Draws each of the hint's lines with an arrow on its last leg and a ring where it ends. The
/// line leaves the piece from its edge, not over its label, and stops at the ring; the arrow's
/// head is the ring's size whatever the line's length (a dot on a short move, a blot on a long
/// one otherwise).
fn draw(shown: Res<HintShown>, tokens: Query<&Token>, zoom: Res<TableZoom>, mut gizmos: Marks) {
    draw_marks(&shown.marks, HINT, &tokens, &zoom, &mut gizmos);
}

/// The replay's last command drawn as the hint is ([`ReplayStatus::marks`]), in white.
fn draw_replayed(
    status: Res<ReplayStatus>,
    tokens: Query<&Token>,
    zoom: Res<TableZoom>,
    mut gizmos: Marks,
) {
    if status.open {
        draw_marks(&status.marks, REPLAYED, &tokens, &zoom, &mut gizmos);
    }
}

/// The replay's last command on the table: white, which no side wears and the hint is not.
const REPLAYED: Color = Color::srgb(0.95, 0.95, 0.95);

/// Draws `marks` in `colour` (see [`draw`]).
fn draw_marks(
    marks: &[crate::engine::hint::HintMark],
    colour: Color,
    tokens: &Query<&Token>,
    zoom: &TableZoom,
    gizmos: &mut Marks,
) {
    for mark in marks {
        // A ring round a piece goes round its base as drawn (larger than true when zoomed
        // out): the marks lie under the bases. A ring where a piece is to go is as large as
        // that piece will be drawn there, or the neighbours it joins hid it (a walk).
        let end = mark.line.last().copied().unwrap_or_default();
        let at = |p: Vec2| {
            tokens
                .iter()
                .filter(move |t| mark.ring > 0.0 && t.shown && t.at.distance(p) < 1e-3)
        };
        let first = mark.line.first().copied().unwrap_or_default();
        let ringed: Vec<&Token> = match at(end).collect::<Vec<_>>() {
            none if none.is_empty() && mark.line.len() > 1 => at(first).collect(),
            some => some,
        };
        let ring = ringed
            .iter()
            .map(|t| shown_base(t, zoom) + (mark.ring - t.base).max(0.1 * t.base))
            .fold(mark.ring, f32::max);
        let mark = &crate::engine::hint::HintMark {
            ring,
            ..mark.clone()
        };
        if let [.., a, b] = mark.line[..] {
            let mut line = mark.line.clone();
            let (first, next) = (line[0], line[1]);
            let leg = first.distance(next);
            line[0] = first + (next - first).normalize_or_zero() * (0.4 * leg).min(mark.ring);
            let a = if line.len() == 2 { line[0] } else { a };
            // The arrow stops at the ring, not over what it rings.
            let b = b + (a - b).normalize_or_zero() * mark.ring.min(0.4 * a.distance(b));
            if let Some(end) = line.last_mut() {
                *end = b;
            }
            gizmos.linestrip_2d(line.iter().copied(), colour);
            gizmos
                .arrow_2d(a, b, colour)
                .with_tip_length((0.8 * mark.ring).min(0.5 * a.distance(b)));
        }
        if let Some(&end) = mark.line.last()
            && mark.ring > 0.0
        {
            gizmos
                .circle_2d(Isometry2d::from_translation(end), mark.ring, colour)
                .resolution(32);
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            draw.run_if(resource_exists::<HintShown>),
            draw_replayed.run_if(resource_exists::<ReplayStatus>),
        )
            .after(super::BoardDrawn),
    );
}
