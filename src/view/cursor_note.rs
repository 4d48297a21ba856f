//! The one note by the cursor: what the piece, the hex or the terrain under it is, and what the
//! rule set says about the move or shot being aimed. Each part of the app adds its lines while
//! the screen is drawn ([`CursorNote::add`], before [`CursorNoteSet`]); they show together in one
//! box at the cursor, never as two tooltips apart.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// One part of the note: an optional title, then its lines, each with its colour (none: the
/// style's text colour).
#[derive(Clone, Debug, PartialEq)]
pub struct NotePart {
    /// Shown bold above the lines.
    pub title: Option<String>,
    /// The lines.
    pub lines: Vec<(String, Option<egui::Color32>)>,
}

/// The note by the cursor being built this frame.
#[derive(Resource, Default, Debug)]
pub struct CursorNote(Vec<NotePart>);

impl CursorNote {
    /// Adds `part` to this frame's note (an empty part is left out).
    pub fn add(&mut self, part: NotePart) {
        if part.title.is_some() || !part.lines.is_empty() {
            self.0.push(part);
        }
    }
}

/// Systems that add to the [`CursorNote`] run before this set; the note is drawn in it.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct CursorNoteSet;

/// Draws this frame's note below and right of the cursor, then empties it; none until the
/// pointer has first moved (a window opening under a resting pointer showed a note before
/// anything was touched, as the title's tooltips did), and none from a click until it moves
/// again (the note of a craft just moved covered the next one to move, a walk), as a
/// tooltip goes when clicked. A drag shows it all the way.
/// Whether the note shows this frame, having shown (`was`) at the last: a press or release
/// hides it, the pointer moving brings it back.
fn shows(was: bool, stirred: bool, clicked: bool) -> bool {
    if clicked { false } else { was || stirred }
}

/// Where the note goes for the pointer at `pos` (egui points), the note `wide` points across
/// and the table's right edge at `right`: below and right of the pointer, or below and left of
/// it where on the right it would run over the sidebar (a walk found a fighter's note over the
/// sidebar's list). Returns the note's pivot and where it is pinned.
fn corner(pos: egui::Pos2, wide: f32, right: f32) -> (egui::Align2, egui::Pos2) {
    if pos.x + 18.0 + wide > right && pos.x - 18.0 - wide >= 0.0 {
        (egui::Align2::RIGHT_TOP, pos + egui::vec2(-18.0, 18.0))
    } else {
        (egui::Align2::LEFT_TOP, pos + egui::vec2(18.0, 18.0))
    }
}

fn draw(
    mut ctx: EguiContexts,
    mut note: ResMut<CursorNote>,
    mut moved: Local<bool>,
    insets: Res<super::camera::PanelInsets>,
) -> Result {
    let parts = std::mem::take(&mut note.0);
    let ctx = ctx.ctx_mut()?;
    let (stirred, clicked) = ctx.input(|i| {
        (
            i.pointer.delta() != egui::Vec2::ZERO,
            i.pointer.any_pressed() || i.pointer.any_released(),
        )
    });
    *moved = shows(*moved, stirred, clicked);
    let (Some(pos), false, true) = (ctx.pointer_hover_pos(), parts.is_empty(), *moved) else {
        return Ok(());
    };
    let id = egui::Id::new("cursor-note");
    // Its width as last drawn (at most its 320 points).
    let wide = ctx.memory(|m| m.area_rect(id)).map_or(320.0, |r| r.width());
    let right = ctx.content_rect().max.x - insets.right / ctx.zoom_factor();
    let (pivot, at) = corner(pos, wide, right);
    egui::Area::new(id)
        .pivot(pivot)
        .fixed_pos(at)
        .order(egui::Order::Tooltip)
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                // Narrow and close-set, so it hides as little of the table as it can (walks
                // found notes covering the next piece, with what read as an empty line between
                // their parts).
                ui.set_max_width(320.0);
                ui.spacing_mut().item_spacing.y = 2.0;
                for (i, part) in parts.iter().enumerate() {
                    if i > 0 {
                        ui.add(egui::Separator::default().spacing(4.0));
                    }
                    if let Some(t) = &part.title {
                        ui.strong(t);
                    }
                    for (line, colour) in &part.lines {
                        match colour {
                            Some(c) => ui.colored_label(*c, line),
                            None => ui.label(line),
                        };
                    }
                }
            });
        });
    Ok(())
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CursorNote>()
        .add_systems(EguiPrimaryContextPass, draw.in_set(CursorNoteSet));
}

#[cfg(test)]
mod tests {
    use super::{corner, shows};
    use bevy_egui::egui;

    #[test]
    fn the_note_keeps_off_the_sidebar() {
        // Mid-table: below and right of the pointer.
        let (pivot, at) = corner(egui::pos2(400.0, 300.0), 300.0, 950.0);
        assert_eq!(
            (pivot, at),
            (egui::Align2::LEFT_TOP, egui::pos2(418.0, 318.0))
        );
        // By the sidebar: below and left, its right edge short of the sidebar.
        let (pivot, at) = corner(egui::pos2(900.0, 300.0), 300.0, 950.0);
        assert_eq!(
            (pivot, at),
            (egui::Align2::RIGHT_TOP, egui::pos2(882.0, 318.0))
        );
        // No room on the left either (a narrow window): as before.
        let (pivot, _) = corner(egui::pos2(200.0, 300.0), 300.0, 400.0);
        assert_eq!(pivot, egui::Align2::LEFT_TOP);
    }

    /// Issue 61: the note waits for the pointer's first move, goes with a click, and comes
    /// back when the pointer moves again; a drag keeps it between press and release.
    #[test]
    fn a_click_puts_the_note_away_until_the_pointer_moves() {
        assert!(
            !shows(false, false, false),
            "a resting pointer in a new window"
        );
        assert!(shows(false, true, false));
        assert!(!shows(true, false, true), "clicked");
        assert!(!shows(false, false, false), "still after the click");
        assert!(shows(false, true, false), "moved again");
        // A drag: pressed, moved while held (shown), released (gone).
        let pressed = shows(true, false, true);
        let dragged = shows(pressed, true, false);
        assert!(dragged && !shows(dragged, false, true));
    }
}
