//! When the window draws: on input, on a change and while something moves, not continuously,
//! so an idle table costs next to nothing (on a software renderer a continuous window burns
//! one and a half cores doing nothing; figures in docs/performance.md).
//!
//! Bevy's desktop-app mode updates on window input (mouse, keys, resize) and at least every
//! 5 s; egui asks for the frames its own animations need (bevy_egui writes `RequestRedraw`).
//! What moves on its own asks here: the frames just after an input or a new screen (what a
//! click started takes a few), render pipelines still compiling, arrow keys held (the camera
//! pans), the replay viewer playing; the rules' side stepping ([`crate::engine::rules_side`]),
//! an open file dialog, a settling resize, the hotseat banner and a table text being laid out
//! again ask themselves.

use bevy::input::keyboard::KeyboardInput;
use bevy::input::mouse::{MouseButtonInput, MouseWheel};
use bevy::prelude::*;
use bevy::window::{CursorMoved, RequestRedraw};
use bevy::winit::WinitSettings;
use bevy_egui::{EguiInput, EguiPreUpdateSet, egui};

use crate::engine::replay_view::ReplayStatus;
use crate::engine::state::GameState;

/// How long the window keeps drawing after the last input, seconds: a click's consequences
/// take a few frames (a button writes a command that the next frame plays, a state changes a
/// frame later, egui lays a new panel out twice).
const LINGER: f64 = 0.4;

/// Asks for the next frame shortly after any input or a new screen or game, while a render
/// pipeline compiles, while an arrow key is held (the camera pans) and while the replay viewer
/// plays.
fn keep_drawing(
    (keys, time): (Res<ButtonInput<KeyCode>>, Res<Time<Real>>),
    (replay, compiling): (Res<ReplayStatus>, Res<crate::view::Compiling>),
    (screen, game): (Res<State<super::Screen>>, Res<State<GameState>>),
    mut input: (
        MessageReader<KeyboardInput>,
        MessageReader<MouseButtonInput>,
        MessageReader<MouseWheel>,
        MessageReader<CursorMoved>,
    ),
    mut last_input: Local<f64>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let now = time.elapsed_secs_f64();
    let heard = input.0.read().count()
        + input.1.read().count()
        + input.2.read().count()
        + input.3.read().count();
    // A new screen or game draws its first frames as an input's would; so does the start.
    if heard > 0 || screen.is_changed() || game.is_changed() {
        *last_input = now;
    }
    let panning = keys.any_pressed([
        KeyCode::ArrowLeft,
        KeyCode::ArrowRight,
        KeyCode::ArrowUp,
        KeyCode::ArrowDown,
    ]);
    // A mesh whose render pipeline is still compiling is not drawn yet: draw until it is.
    if panning || (replay.open && replay.playing) || compiling.busy() || now - *last_input < LINGER
    {
        redraw.write(RequestRedraw);
    }
}

/// bevy_egui tells egui the modifier keys every frame as a `ModifiersChanged` event; egui
/// takes any event as input to answer with another frame, which bevy_egui then asks Bevy for:
/// a window that never rests. The event is kept only when the modifiers did change (hooked
/// where bevy_egui's docs say input may be changed: after `ProcessInput`, before `BeginPass`).
fn drop_unchanged_modifiers(
    mut inputs: Query<&mut EguiInput>,
    mut last: Local<Option<egui::Modifiers>>,
) {
    for mut input in &mut inputs {
        input.0.events.retain(|e| match e {
            egui::Event::ModifiersChanged(m) if Some(*m) == *last => false,
            egui::Event::ModifiersChanged(m) => {
                *last = Some(*m);
                true
            }
            _ => true,
        });
    }
}

/// The window draws when something changes. `continuous`: every frame, as games do (for
/// `holotable screenshot`, which counts frames, and `--frame-log`, which measures the
/// renderer).
pub(super) fn plugin(continuous: bool) -> impl Fn(&mut App) {
    move |app: &mut App| {
        if continuous {
            app.insert_resource(WinitSettings::continuous());
        } else {
            app.insert_resource(WinitSettings::desktop_app())
                .add_systems(Update, keep_drawing)
                .add_systems(
                    PreUpdate,
                    drop_unchanged_modifiers
                        .after(EguiPreUpdateSet::ProcessInput)
                        .before(EguiPreUpdateSet::BeginPass),
                );
        }
    }
}
