//! A press and its release that came in one frame are seen in two: the press, where the
//! pointer was when it went down, in this frame; the release in the next. A frame of a
//! software renderer is long (a tenth of a second and more), so a quick drag (the pointer onto
//! a figure, down, across to an enemy, up) fits in one; read from the frame's end, that was a
//! click on the enemy, and a drag meant as a move fired a shot (a walk, issue 61). The
//! window's events come in the order they happened ([`WindowEvent`]); this reads them so.

use bevy::input::ButtonState;
use bevy::input::InputSystems;
use bevy::prelude::*;
use bevy::window::{RequestRedraw, WindowEvent};

/// Where the pointer was when a button went down this frame, and the buttons whose release in
/// the same frame is held over to the next. Window logical pixels, x right, y down.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct HeldRelease {
    /// Where the pointer was at this frame's first press; the rule sets read the pointer there
    /// this frame ([`super::TablePointer::cursor`]).
    pub pressed_at: Option<Vec2>,
    /// The buttons to release at the start of the next frame.
    pub held: Vec<MouseButton>,
}

/// Reads this frame's window events in order. A button that went down and came up within
/// them is kept down this frame, the pointer taken where it went down, and released next
/// frame (a frame is asked for).
fn hold_release(
    mut events: MessageReader<WindowEvent>,
    mut buttons: ResMut<ButtonInput<MouseButton>>,
    mut state: ResMut<HeldRelease>,
    mut cursor: Local<Option<Vec2>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    for b in std::mem::take(&mut state.held) {
        buttons.release(b);
    }
    state.pressed_at = None;
    let mut down: Vec<MouseButton> = Vec::new();
    for event in events.read() {
        match event {
            WindowEvent::CursorMoved(m) => *cursor = Some(m.position),
            WindowEvent::CursorLeft(_) => *cursor = None,
            WindowEvent::MouseButtonInput(i) if i.state == ButtonState::Pressed => {
                down.push(i.button);
                state.pressed_at = state.pressed_at.or(*cursor);
            }
            WindowEvent::MouseButtonInput(i) => {
                if let Some(k) = down.iter().position(|b| *b == i.button) {
                    let b = down.remove(k);
                    if buttons.clear_just_released(b) {
                        buttons.press(b);
                        state.held.push(b);
                    }
                }
            }
            _ => {}
        }
    }
    if !state.held.is_empty() {
        redraw.write(RequestRedraw);
    }
}

/// Registers [`HeldRelease`] and the system that fills it, just after Bevy's input.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HeldRelease>()
        .add_systems(PreUpdate, hold_release.after(InputSystems));
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::input::mouse::MouseButtonInput;
    use bevy::window::CursorMoved;

    fn app() -> App {
        let mut app = App::new();
        app.add_plugins(bevy::input::InputPlugin)
            .add_message::<WindowEvent>()
            .add_message::<RequestRedraw>()
            .add_plugins(plugin);
        app.update();
        app
    }

    /// What winit writes for one event: the event on its own and in the ordered stream.
    fn moved(app: &mut App, x: f32) {
        let m = CursorMoved {
            window: Entity::PLACEHOLDER,
            position: Vec2::new(x, 10.0),
            delta: None,
        };
        app.world_mut().write_message(WindowEvent::CursorMoved(m));
    }

    fn button(app: &mut App, state: ButtonState) {
        let i = MouseButtonInput {
            button: MouseButton::Left,
            state,
            window: Entity::PLACEHOLDER,
        };
        app.world_mut().write_message(i.clone());
        app.world_mut()
            .write_message(WindowEvent::MouseButtonInput(i));
    }

    #[test]
    fn a_drag_within_one_frame_is_seen_in_two() {
        let mut app = app();
        moved(&mut app, 100.0);
        button(&mut app, ButtonState::Pressed);
        moved(&mut app, 300.0);
        button(&mut app, ButtonState::Released);
        app.update();
        let b = app.world().resource::<ButtonInput<MouseButton>>();
        assert!(b.just_pressed(MouseButton::Left) && b.pressed(MouseButton::Left));
        assert!(!b.just_released(MouseButton::Left));
        let held = app.world().resource::<HeldRelease>();
        assert_eq!(held.pressed_at, Some(Vec2::new(100.0, 10.0)));
        app.update();
        let b = app.world().resource::<ButtonInput<MouseButton>>();
        assert!(b.just_released(MouseButton::Left) && !b.pressed(MouseButton::Left));
        assert!(!b.just_pressed(MouseButton::Left));
        assert_eq!(app.world().resource::<HeldRelease>().pressed_at, None);
    }

    #[test]
    fn a_press_and_a_release_in_frames_of_their_own_are_left_alone() {
        let mut app = app();
        moved(&mut app, 100.0);
        button(&mut app, ButtonState::Pressed);
        moved(&mut app, 150.0);
        app.update();
        let held = app.world().resource::<HeldRelease>();
        assert_eq!(held.pressed_at, Some(Vec2::new(100.0, 10.0)));
        assert!(held.held.is_empty());
        moved(&mut app, 300.0);
        button(&mut app, ButtonState::Released);
        app.update();
        let b = app.world().resource::<ButtonInput<MouseButton>>();
        assert!(b.just_released(MouseButton::Left));
        assert_eq!(app.world().resource::<HeldRelease>().pressed_at, None);
    }
}
