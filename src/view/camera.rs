//! The table camera: fits the table into the space the panels leave, pans and zooms.

use bevy::camera::Viewport;
use bevy::camera::visibility::RenderLayers;
use bevy::ecs::system::SystemParam;
use bevy::input::mouse::AccumulatedMouseScroll;
use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiGlobalSettings, PrimaryEguiContext};

use crate::engine::board::BoardGeometry;
use crate::engine::record::CameraPlace;

/// How the table is seen.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ViewMode {
    /// From straight above, as the rule texts' diagrams (the default).
    #[default]
    Flat,
    /// In perspective, terrain and pieces standing up from the table.
    ThreeD,
}

/// The camera of the 3D view (active only in [`ViewMode::ThreeD`]; see `super::three_d`).
#[derive(Component)]
pub struct TableCamera3d;

/// The render layer of the 3D scene (the flat table's meshes stay on layer 0).
pub(super) const LAYER_3D: usize = 1;

/// The camera looking down on the table.
#[derive(Component)]
pub struct TableCamera;

/// Where on the table the cursor points, board units, in either view: under the 2D camera, or
/// where the 3D camera's ray through the cursor meets the table top.
#[derive(SystemParam)]
pub struct TablePointer<'w, 's> {
    mode: Res<'w, ViewMode>,
    flat: Query<
        'w,
        's,
        (&'static Camera, &'static GlobalTransform),
        (With<TableCamera>, Without<TableCamera3d>),
    >,
    solid: Query<
        'w,
        's,
        (&'static Camera, &'static GlobalTransform),
        (With<TableCamera3d>, Without<TableCamera>),
    >,
    shift: Res<'w, PanShift>,
    press: Res<'w, super::press::HeldRelease>,
}

/// How far the table's picture has been slid under the cursor by a middle-button pan not yet
/// handed to the camera, window logical pixels (x right, y down). While the button is held
/// the picture already drawn moves with the cursor and nothing is drawn again (a software
/// renderer redraws the whole table at well under 30 frames a second); on release the camera
/// takes the pan and the table is drawn once.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct PanShift(pub Vec2);

impl TablePointer<'_, '_> {
    /// The pointer's place in `window` as this frame's input reads it, window logical pixels:
    /// where it was when a button went down this frame, else where it is (see `super::press`:
    /// a quick drag's press is not read where its release came).
    pub fn cursor(&self, window: &Window) -> Option<Vec2> {
        self.press.pressed_at.or_else(|| window.cursor_position())
    }

    /// The board point under `cursor` (window logical pixels); `None` off the camera's view
    /// (or, in 3D, looking above the horizon).
    pub fn at(&self, cursor: Vec2) -> Option<Vec2> {
        match *self.mode {
            ViewMode::Flat => {
                let (c, t) = self.flat.single().ok()?;
                c.viewport_to_world_2d(t, cursor - self.shift.0).ok()
            }
            ViewMode::ThreeD => {
                let (c, t) = self.solid.single().ok()?;
                let ray = c.viewport_to_world(t, cursor).ok()?;
                let d = ray.intersect_plane(Vec3::ZERO, InfinitePlane3d::new(Vec3::Z))?;
                Some(ray.get_point(d).truncate())
            }
        }
    }

    /// Where board point `at` is in the window, logical pixels (x right, y down): the inverse
    /// of [`TablePointer::at`]; `None` where the camera cannot see it.
    pub fn on_screen(&self, at: Vec2) -> Option<Vec2> {
        match *self.mode {
            ViewMode::Flat => {
                let (c, t) = self.flat.single().ok()?;
                Some(c.world_to_viewport(t, at.extend(0.0)).ok()? + self.shift.0)
            }
            ViewMode::ThreeD => {
                let (c, t) = self.solid.single().ok()?;
                c.world_to_viewport(t, at.extend(0.0)).ok()
            }
        }
    }
}

/// The space the egui panels take on each edge, logical pixels (set by the UI each frame).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct PanelInsets {
    /// Left panel width.
    pub left: f32,
    /// Right panel width.
    pub right: f32,
    /// Top panel height.
    pub top: f32,
    /// Bottom panel height.
    pub bottom: f32,
    /// A screen covers the whole window (the hot-seat hand-over): no part of the table shows.
    pub covered: bool,
    /// A notice lying over the table (the hotseat banner), (min x, min y, max x, max y):
    /// a click there is the notice's, not the table's.
    pub notice: Option<[f32; 4]>,
}

impl PanelInsets {
    /// Whether the cursor at `cursor` (logical pixels) in a window `width` × `height` is over
    /// a panel rather than the table. The panels are drawn on egui's background layer, which
    /// egui does not count as "over an area", so each rule set's pointer asks this too.
    pub fn covers(&self, cursor: Vec2, width: f32, height: f32) -> bool {
        let on_notice = self.notice.is_some_and(|[x0, y0, x1, y1]| {
            (x0..=x1).contains(&cursor.x) && (y0..=y1).contains(&cursor.y)
        });
        self.covered
            || on_notice
            || cursor.x < self.left
            || cursor.y < self.top
            || cursor.x > width - self.right
            || cursor.y > height - self.bottom
    }
}

/// On a software renderer (Mesa's llvmpipe, a virtual machine without a GPU) the table is
/// drawn without multisampling: 4x MSAA there costs more than half the frame rate (10.9 against
/// 25.5 frames a second on the largest bundled scenario, docs/performance.md), and the edges it
/// smooths are hex and token outlines. A GPU keeps the default 4x.
fn software_renderer_msaa(
    info: Option<Res<RenderAdapterInfo>>,
    mut cameras: Query<&mut Msaa, Or<(With<TableCamera>, With<TableCamera3d>)>>,
    mut done: Local<bool>,
) {
    let Some(info) = info else { return };
    if *done || cameras.is_empty() {
        return;
    }
    *done = true;
    if info.device_type == wgpu_types::DeviceType::Cpu {
        for mut msaa in &mut cameras {
            *msaa = Msaa::Off;
        }
    }
}

/// The table camera (drawing into the canvas, [`super::canvas`]), and the window's camera,
/// which shows the canvas and draws egui over the whole window (so the panels are not
/// squeezed into the table camera's viewport).
fn spawn(mut commands: Commands, mut egui: ResMut<EguiGlobalSettings>) {
    egui.auto_create_primary_context = false;
    // Before the 3D camera, which shows what this one draws in the 3D view.
    commands.spawn((
        Camera2d,
        TableCamera,
        // Set to none while the table rests (view::canvas).
        RenderLayers::layer(0),
        Camera {
            order: -1,
            ..default()
        },
    ));
    commands.spawn((
        PrimaryEguiContext,
        Camera2d,
        RenderLayers::none(),
        // egui feathers its own edges: multisampling its layer only costs fill.
        Msaa::Off,
        Camera {
            order: 1,
            ..default()
        },
    ));
}

/// The part of `window` between the panels, in physical pixels.
pub(super) fn between_panels(insets: &PanelInsets, window: &Window) -> Viewport {
    let s = window.scale_factor();
    let (w, h) = (window.physical_width(), window.physical_height());
    let pos = UVec2::new((insets.left * s) as u32, (insets.top * s) as u32);
    let used = UVec2::new(
        ((insets.left + insets.right) * s) as u32,
        ((insets.top + insets.bottom) * s) as u32,
    );
    let size = UVec2::new(
        w.saturating_sub(used.x).max(1),
        h.saturating_sub(used.y).max(1),
    );
    Viewport {
        physical_position: pos.min(UVec2::new(w.saturating_sub(1), h.saturating_sub(1))),
        physical_size: size,
        ..default()
    }
}

/// Keeps the camera's viewport to the space between the panels.
fn viewport(
    insets: Res<PanelInsets>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut camera: Single<&mut Camera, With<TableCamera>>,
) {
    keep_between_panels(&mut camera, &insets, &window);
}

/// Sets `camera`'s viewport to the space between the panels, writing only when it moved (a
/// write redraws the table, [`super::canvas`]).
pub(super) fn keep_between_panels(camera: &mut Camera, insets: &PanelInsets, window: &Window) {
    let vp = between_panels(insets, window);
    if camera
        .viewport
        .as_ref()
        .map(|v| (v.physical_position, v.physical_size))
        != Some((vp.physical_position, vp.physical_size))
    {
        camera.viewport = Some(vp);
    }
}

/// Asks [`fit`] to frame the whole table on its next run (the flat view coming back with no
/// camera of its own to go back to).
#[derive(Resource, Debug, Default)]
pub(super) struct FrameTable(pub bool);

/// Frames the whole table: on a new game, when the panels change size, when asked
/// ([`FrameTable`]), and on F. A hand-over screen covering the table and going again changes
/// no panel's size, so the player's camera stays where it was.
#[allow(clippy::too_many_arguments)]
fn fit(
    board: Option<Res<BoardGeometry>>,
    keys: Res<ButtonInput<KeyCode>>,
    insets: Res<PanelInsets>,
    mut asked: ResMut<FrameTable>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut cam: Single<(&mut Transform, &mut Projection), With<TableCamera>>,
    mut ctx: EguiContexts,
    (place, replay): (
        Res<CameraPlace>,
        Option<Res<crate::engine::replay_view::ReplayStatus>>,
    ),
    (mut settling, mut sizes, mut kept): (
        Local<u32>,
        Local<Option<[f32; 4]>>,
        Local<Option<([f32; 2], f32)>>,
    ),
) {
    let Some(board) = board else { return };
    // A new game, or panels that opened, closed or were resized: frame the table again (a
    // resumed game: put the camera back where it was saved).
    let now = [insets.left, insets.right, insets.top, insets.bottom];
    // Not while the replay viewer steps through the game: each step is a board set up anew,
    // and the game's camera, framed for the table without the replay bar, cut off its top and
    // bottom rows (issue 61); the camera stays as the player left it, framed when the bar
    // docked.
    let new_board = board.is_changed() && !replay.is_some_and(|r| r.open);
    if new_board {
        *kept = place.flat;
    }
    // The replay bar docked under the table or gone: the table's height changed, and the
    // camera kept from before no longer fits it (a board shown by the viewer is a change).
    if sizes.is_some_and(|s| s[3] != now[3]) {
        *kept = None;
    }
    if new_board || *sizes != Some(now) || asked.0 {
        *settling = 3;
        *sizes = Some(now);
        asked.0 = false;
    }
    let typing = ctx
        .ctx_mut()
        .map(|c| c.egui_wants_keyboard_input())
        .unwrap_or(false);
    let pressed = keys.just_pressed(KeyCode::KeyF) && !typing && !insets.covered;
    if *settling == 0 && !pressed {
        return;
    }
    *settling = settling.saturating_sub(1);
    let (tf, proj) = &mut *cam;
    // The game's own camera (a resumed game's, or the one the board had before a door
    // opened), until the panels are in place: once settled with the table uncovered.
    if let (Some((at, scale)), false, Projection::Orthographic(o)) = (*kept, pressed, &mut **proj) {
        tf.translation = Vec2::from(at).extend(tf.translation.z);
        o.scale = scale;
        if *settling == 0 && !insets.covered {
            *kept = None;
        }
        return;
    }
    *kept = None;
    let w = (window.width() - insets.left - insets.right).max(100.0);
    let h = (window.height() - insets.top - insets.bottom).max(100.0);
    let extent = board.extent();
    // A thin margin (1% of the table each side): every pixel goes to the table.
    let margin = 0.02 * extent.width().max(extent.height()) + 0.5;
    let scale = ((extent.width() + margin) / w).max((extent.height() + margin) / h);
    tf.translation = extent.center().extend(tf.translation.z);
    if let Projection::Orthographic(o) = &mut **proj {
        o.scale = scale;
    }
}

/// How far the cursor moved since the last frame (`last` keeps where it was), logical pixels:
/// the cursor's own movement rather than the mouse device's, which a remote or virtual
/// display may not report.
pub(super) fn cursor_moved(cursor: Option<Vec2>, last: &mut Option<Vec2>) -> Vec2 {
    let moved = match (cursor, *last) {
        (Some(c), Some(l)) => c - l,
        _ => Vec2::ZERO,
    };
    *last = cursor;
    moved
}

/// Middle-button drag or the arrow keys pan; the wheel zooms about the cursor (the point under
/// it stays under it).
fn pan_zoom(
    (buttons, keys): (Res<ButtonInput<MouseButton>>, Res<ButtonInput<KeyCode>>),
    (scroll, insets): (Res<AccumulatedMouseScroll>, Res<PanelInsets>),
    time: Res<Time>,
    window: Single<&Window, With<bevy::window::PrimaryWindow>>,
    mut cam: Single<(&mut Transform, &mut Projection, &Camera), With<TableCamera>>,
    mut ctx: EguiContexts,
    mut last: Local<Option<Vec2>>,
    mut shift: ResMut<PanShift>,
) {
    // Behind the hand-over screen the table stays as its player left it.
    if insets.covered {
        return;
    }
    let Ok(ctx) = ctx.ctx_mut() else { return };
    let moved = cursor_moved(window.cursor_position(), &mut last);
    let (tf, proj, camera) = &mut *cam;
    let centre = camera.logical_viewport_rect().map(|r| r.center());
    let Projection::Orthographic(o) = &mut **proj else {
        return;
    };
    let scale = o.scale;
    if shift.0 != Vec2::ZERO && (!buttons.pressed(MouseButton::Middle) || scroll.delta.y != 0.0) {
        tf.translation.x -= shift.0.x * scale;
        tf.translation.y += shift.0.y * scale;
        shift.0 = Vec2::ZERO;
    }
    // The panels lie on egui's background layer, which egui does not count as under the
    // pointer: the wheel over the sidebar scrolls the sidebar, not the table.
    let over_panel = window
        .cursor_position()
        .is_some_and(|c| insets.covers(c, window.width(), window.height()));
    if !ctx.egui_wants_pointer_input() && !ctx.is_pointer_over_egui() && !over_panel {
        if buttons.pressed(MouseButton::Middle) {
            // The table follows the cursor: the point grabbed stays under it (the picture
            // slides now; the camera takes it on release).
            shift.0 += moved;
        }
        if scroll.delta.y != 0.0 {
            o.scale = (scale * (1.0 - 0.1 * scroll.delta.y.signum())).clamp(0.005, 1.0);
            // Screen y grows downwards, world y upwards.
            if let (Some(c), Some(centre)) = (window.cursor_position(), centre) {
                let off = (c - centre) * (scale - o.scale);
                tf.translation.x += off.x;
                tf.translation.y -= off.y;
            }
        }
    }
    if !ctx.egui_wants_keyboard_input() {
        let mut d = Vec2::ZERO;
        for (k, v) in [
            (KeyCode::ArrowLeft, -Vec2::X),
            (KeyCode::ArrowRight, Vec2::X),
            (KeyCode::ArrowUp, Vec2::Y),
            (KeyCode::ArrowDown, -Vec2::Y),
        ] {
            if keys.pressed(k) {
                d += v;
            }
        }
        if d != Vec2::ZERO {
            // A frame's step is capped: on a software renderer at a few frames a second one
            // short press panned 370 px, a longer one the table off the window (a walk).
            let dt = time.delta_secs().min(1.0 / 20.0);
            tf.translation += (d * 600.0 * scale * dt).extend(0.0);
        }
    }
}

/// A pan in hand when the flat view goes: under the hand-over screen the camera takes it at
/// once; for the 3D view (whose table top the flat camera then draws) it is dropped. Either
/// way no picture is left slid aside.
fn settle_shift(
    mode: Res<ViewMode>,
    insets: Res<PanelInsets>,
    mut shift: ResMut<PanShift>,
    mut cam: Single<(&mut Transform, &Projection), With<TableCamera>>,
) {
    if shift.0 == Vec2::ZERO || (*mode == ViewMode::Flat && !insets.covered) {
        return;
    }
    let (tf, proj) = &mut *cam;
    if let (ViewMode::Flat, Projection::Orthographic(o)) = (*mode, &**proj) {
        tf.translation.x -= shift.0.x * o.scale;
        tf.translation.y += shift.0.y * o.scale;
    }
    shift.0 = Vec2::ZERO;
}

/// Keeps the game's [`CameraPlace`] with the flat camera (saves carry it).
fn note_place(
    cam: Single<(&Transform, &Projection), With<TableCamera>>,
    mut place: ResMut<CameraPlace>,
) {
    let (tf, proj) = *cam;
    let Projection::Orthographic(o) = proj else {
        return;
    };
    let now = Some((tf.translation.truncate().to_array(), o.scale));
    if place.flat != now {
        place.flat = now;
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PanelInsets>()
        .init_resource::<FrameTable>()
        .init_resource::<PanShift>()
        .add_systems(Startup, spawn)
        .add_systems(PostUpdate, viewport.run_if(resource_equals(ViewMode::Flat)))
        .add_systems(
            Update,
            (
                (fit, pan_zoom, note_place).chain().run_if(
                    resource_equals(ViewMode::Flat).and_then(resource_exists::<BoardGeometry>),
                ),
                software_renderer_msaa,
                settle_shift,
            ),
        );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pointer over a panel, or over a notice lying on the table (the hotseat banner), is
    /// not the table's: a click there selected the piece under the banner as well (a walk).
    #[test]
    fn a_notice_over_the_table_takes_the_pointer() {
        let mut insets = PanelInsets {
            top: 60.0,
            right: 330.0,
            ..default()
        };
        let (w, h) = (1280.0, 720.0);
        assert!(!insets.covers(Vec2::new(470.0, 100.0), w, h));
        assert!(insets.covers(Vec2::new(470.0, 30.0), w, h), "the phase bar");
        assert!(insets.covers(Vec2::new(1000.0, 100.0), w, h), "the sidebar");
        insets.notice = Some([320.0, 78.0, 630.0, 130.0]);
        assert!(insets.covers(Vec2::new(470.0, 100.0), w, h), "the banner");
        assert!(!insets.covers(Vec2::new(470.0, 140.0), w, h), "below it");
    }
}
