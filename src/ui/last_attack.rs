//! What the person's last attack did ([`LastAttack`]), in sight until their next command: a
//! box over a corner of the table clear of the pieces lists its dice and results, and the
//! table marks its line and each piece it struck (a ring) or took off (a cross). A walk: a
//! Tyneside player's own Shoot passed straight to the next turn, the fire fight's result only
//! in the dice log and `While you waited`; the shot figure just vanished.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::{TableArea, UiState, banner, handover};
use crate::engine::last_attack::LastAttack;
use crate::engine::replay_view::ReplayStatus;
use crate::engine::undo::UndoMarks;
use crate::view::{KeepClear, Marks, side_colour};

/// The most events the box lists; the rest are in the events list.
const LINES: usize = 14;

/// The box's widest, egui points.
const WIDE: f32 = 380.0;

/// The box's egui id.
pub(super) fn box_id() -> egui::Id {
    egui::Id::new("last-attack")
}

/// The last attack to show: none while the replay viewer or the hand-over screen is up, or
/// once an undo took it back.
fn shown<'a>(
    last: Option<&'a LastAttack>,
    marks: Option<&UndoMarks>,
    replay: &ReplayStatus,
) -> Option<&'a LastAttack> {
    let commands = marks.map_or(0, |m| m.0.len());
    last.filter(|l| !replay.open && commands >= l.commands)
}

/// The attack's line (as the Hint draws it) and its mark on each piece it struck: a ring, or
/// a cross where one was taken off, in the struck piece's side's colour.
fn draw(
    mut marks: Marks,
    last: Option<Res<LastAttack>>,
    undo: Option<Res<UndoMarks>>,
    replay: Res<ReplayStatus>,
) {
    let Some(last) = shown(last.as_deref(), undo.as_deref(), &replay) else {
        return;
    };
    let fire = Color::srgb(1.0, 0.85, 0.2);
    for shot in &last.marks {
        for pair in shot.line.windows(2) {
            marks.line_2d(pair[0], pair[1], fire);
        }
        if let (Some(&end), true) = (shot.line.last(), shot.ring > 0.0) {
            marks.circle_2d(Isometry2d::from_translation(end), shot.ring, fire);
        }
    }
    for s in &last.struck {
        let colour = side_colour(s.side);
        if s.removed {
            marks.taken_off(s.at, s.base, colour);
        } else {
            marks.circle_2d(Isometry2d::from_translation(s.at), s.base * 1.5, colour);
        }
    }
}

/// Marks a [`KeepClear`] laid over a crossed-out base of the last attack.
#[derive(Component)]
struct CrossKeptClear;

/// Keeps the texts on the table (labels, rows of badges, an order counter, an objective's
/// name) off each base the last attack crossed out, while it is drawn: a walk found the cross
/// under an objective's name.
fn keep_crosses_clear(
    mut commands: Commands,
    last: Option<Res<LastAttack>>,
    undo: Option<Res<UndoMarks>>,
    replay: Res<ReplayStatus>,
    kept: Query<(Entity, &KeepClear), With<CrossKeptClear>>,
) {
    let want: Vec<KeepClear> = shown(last.as_deref(), undo.as_deref(), &replay)
        .map(|l| {
            l.struck
                .iter()
                .filter(|s| s.removed)
                .map(|s| KeepClear {
                    at: s.at,
                    half: Vec2::splat(s.base * Marks::CROSS_REACH),
                })
                .collect()
        })
        .unwrap_or_default();
    let have: Vec<KeepClear> = kept.iter().map(|(_, k)| *k).collect();
    if have.len() == want.len() && want.iter().all(|w| have.contains(w)) {
        return;
    }
    for (e, _) in &kept {
        commands.entity(e).despawn();
    }
    for k in want {
        commands.spawn((k, CrossKeptClear, crate::engine::game::InGame));
    }
}

/// Where the box stands: its place, and the attack (its count of commands) it was chosen
/// for. It keeps its place while it stays clear: a box that hopped as the rules' side moved
/// would be chased across the table.
#[derive(Default)]
struct Placed {
    rect: Option<egui::Rect>,
    commands: usize,
}

/// The box, over the table's first corner clear of the pieces and of every window and popup
/// (the hotseat banner, `While you waited`, the Key, a whole refusal); the pointer near it
/// sees through it, and it takes no clicks.
fn show(
    mut ctx: EguiContexts,
    (area, state, seen): (Res<TableArea>, Res<UiState>, Res<banner::PiecesSeen>),
    (last, undo, replay, handover): (
        Option<Res<LastAttack>>,
        Option<Res<UndoMarks>>,
        Res<ReplayStatus>,
        Res<handover::Handover>,
    ),
    mut placed: Local<Placed>,
) -> Result {
    let Some(last) = shown(last.as_deref(), undo.as_deref(), &replay).filter(|_| !handover.showing)
    else {
        placed.rect = None;
        return Ok(());
    };
    let ctx = ctx.ctx_mut()?.clone();
    let id = box_id();
    let clear_of = banner::obstacles(&ctx, (&seen, &state.banner), id, &[]);
    // Its size as last drawn; a guess the first time (a line a row).
    let size = ctx
        .memory(|m| m.area_rect(id))
        .filter(|_| placed.rect.is_some())
        .map_or_else(
            || egui::vec2(WIDE, 22.0 * (last.events.len().min(LINES) + 2) as f32),
            |r| r.size(),
        );
    let stale = placed.commands != last.commands
        || placed.rect.is_none_or(|r| {
            let r = egui::Rect::from_min_size(r.min, size);
            !area.0.contains_rect(r) || clear_of.iter().any(|o| o.intersects(r))
        });
    if stale {
        // The corners first: the hotseat banner takes the top's middle.
        const PLACES: [(f32, f32); 6] = [
            (0.0, 0.0),
            (1.0, 0.0),
            (0.0, 1.0),
            (1.0, 1.0),
            (0.5, 1.0),
            (0.5, 0.0),
        ];
        placed.rect = Some(banner::spot_among(area.0, size, &clear_of, &PLACES));
        placed.commands = last.commands;
    }
    let Some(at) = placed.rect else {
        return Ok(());
    };
    let near = ctx.pointer_hover_pos().is_some_and(|p| {
        egui::Rect::from_min_size(at.min, size)
            .expand(24.0)
            .contains(p)
    });
    let drawn = egui::Area::new(id)
        .fixed_pos(at.min)
        .interactable(false)
        .order(egui::Order::Background)
        .show(&ctx, |ui| {
            if near {
                ui.multiply_opacity(0.2);
            }
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(WIDE);
                ui.label(egui::RichText::new(words(last)).strong());
                for e in last.events.iter().take(LINES) {
                    ui.label(&e.text);
                }
                if last.events.len() > LINES {
                    ui.weak(format!(
                        "… {} more in the events",
                        last.events.len() - LINES
                    ));
                }
            });
        });
    super::key_widget(&super::root_ui(&ctx), "last-attack", &drawn.response);
    Ok(())
}

/// The box's heading: the attack, its first letter a capital.
fn words(last: &LastAttack) -> String {
    let mut c = last.what.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (draw, keep_crosses_clear)
            .after(crate::engine::pipeline::CommandPipeline)
            .run_if(super::game_on),
    )
    .add_systems(
        bevy_egui::EguiPrimaryContextPass,
        show.after(super::ShellSet).run_if(super::game_on),
    );
}
