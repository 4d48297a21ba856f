//! The table is drawn only when something on it changes. The table cameras (the flat one, and
//! the 3D one in the 3D view) draw into the canvas, an image the size of the window, rather
//! than onto the window itself; the egui camera, the one camera the window has, shows the
//! canvas's part between the panels as a sprite under the panels every frame. A frame in which
//! nothing on the table moved, appeared, went, changed colour or changed its lines (the marks:
//! tape, rings, line of sight, a mesh like the rest), and with no render pipeline still compiling, the
//! table cameras rest ([`show`]), so a still table costs one textured rectangle
//! (docs/performance.md, "Frame rate").

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::camera::visibility::RenderLayers;
use bevy::camera::{CameraOutputMode, RenderTarget};
use bevy::image::ImageSampler;
use bevy::prelude::*;
use bevy::render::render_resource::{PipelineCache, TextureFormat};
use bevy::render::{Render, RenderApp, RenderSystems};
use bevy::text::TextLayoutInfo;
use bevy::window::{PrimaryWindow, WindowResized};
use bevy_egui::PrimaryEguiContext;

use super::camera::{LAYER_3D, PanelInsets, TableCamera, TableCamera3d, ViewMode};
use super::plain::Plain;
use crate::engine::state::GameState;

/// The render layer only the egui camera sees: the canvas's sprite.
const LAYER: usize = 7;

/// How many frames the table cameras go on drawing after the last change: a new mesh or
/// material reaches the renderer a frame after it is made, and a label's glyphs a frame after
/// its layout.
const SETTLE: u8 = 3;

/// The image the table cameras draw into: the window's size in physical pixels, with the
/// window's scale factor, so the cameras' viewports and cursor rays are what they would be on
/// the window.
#[derive(Resource, Clone, Debug)]
pub struct Canvas {
    image: Handle<Image>,
    size: UVec2,
    scale: f32,
}

impl Canvas {
    /// The render target drawing onto the canvas.
    pub fn target(&self) -> RenderTarget {
        RenderTarget::Image(bevy::camera::ImageRenderTarget {
            handle: self.image.clone(),
            scale_factor: self.scale,
        })
    }
}

/// The sprite that shows the canvas in the window.
#[derive(Component)]
struct CanvasSprite;

/// Frames left to draw: the flat table camera's, and the 3D camera's.
#[derive(Resource, Default, Debug)]
struct Redraw {
    flat: u8,
    solid: u8,
}

/// Whether the renderer has pipelines still compiling (set in the render world each frame):
/// a mesh whose pipeline is not ready is not drawn, so the table is drawn again until none is.
#[derive(Resource, Clone, Default)]
pub struct Compiling(Arc<AtomicBool>);

impl Compiling {
    /// Whether a render pipeline was still compiling at the last frame.
    pub fn busy(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

fn note_compiling(cache: Res<PipelineCache>, flag: Res<Compiling>) {
    flag.0.store(
        cache.waiting_pipelines().next().is_some(),
        Ordering::Relaxed,
    );
}

/// What a camera looked at last frame: its target, viewport, projection and place.
type Sight = (Option<AssetId<Image>>, Option<URect>, Mat4, Mat4);

fn sight(camera: &Camera, target: &RenderTarget, at: &GlobalTransform) -> Sight {
    let image = match target {
        RenderTarget::Image(i) => Some(i.handle.id()),
        _ => None,
    };
    (
        image,
        camera.physical_viewport_rect(),
        camera.clip_from_view(),
        at.to_matrix(),
    )
}

fn canvas_image(size: UVec2) -> Image {
    let mut image = Image::new_target_texture(
        size.x.max(1),
        size.y.max(1),
        TextureFormat::Rgba8Unorm,
        Some(TextureFormat::Rgba8UnormSrgb),
    );
    // Shown texel for pixel: no filtering to blur it.
    image.sampler = ImageSampler::nearest();
    image
}

/// Either table camera: the flat one or the 3D one.
type TableCameras = Or<(With<TableCamera>, With<TableCamera3d>)>;

/// The canvas, its sprite, and the egui camera seeing only the sprite (and egui).
fn spawn(
    window: Single<&Window, With<PrimaryWindow>>,
    egui_camera: Single<Entity, With<PrimaryEguiContext>>,
    mut table_cameras: Query<&mut RenderTarget, TableCameras>,
    mut images: ResMut<Assets<Image>>,
    mut commands: Commands,
) {
    let size = window.physical_size();
    let image = images.add(canvas_image(size));
    let canvas = Canvas {
        image: image.clone(),
        size,
        scale: window.scale_factor(),
    };
    for mut t in &mut table_cameras {
        *t = canvas.target();
    }
    commands.insert_resource(canvas);
    commands.spawn((
        CanvasSprite,
        Sprite::from_image(image),
        RenderLayers::layer(LAYER),
        Visibility::Hidden,
    ));
    commands
        .entity(*egui_camera)
        .insert(RenderLayers::layer(LAYER));
}

/// A window of a new size gets a canvas of that size; the table cameras draw into it.
fn resize(
    mut resized: MessageReader<WindowResized>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut canvas: ResMut<Canvas>,
    mut images: ResMut<Assets<Image>>,
    mode: Res<ViewMode>,
    mut flat: Query<&mut RenderTarget, (With<TableCamera>, Without<TableCamera3d>)>,
    mut solid: Query<&mut RenderTarget, (With<TableCamera3d>, Without<TableCamera>)>,
) {
    let size = window.physical_size();
    if resized.read().count() == 0 && canvas.size == size && canvas.scale == window.scale_factor() {
        return;
    }
    if canvas.size != size {
        images.remove(&canvas.image);
        canvas.image = images.add(canvas_image(size));
        canvas.size = size;
    }
    canvas.scale = window.scale_factor();
    // In the 3D view the flat camera draws into the table top's texture instead.
    if *mode == ViewMode::Flat {
        for mut t in &mut flat {
            *t = canvas.target();
        }
    }
    for mut t in &mut solid {
        *t = canvas.target();
    }
}

/// The sprite shows the canvas between the panels, where the table is, in a game (not under
/// the hand-over screen).
fn place_sprite(
    canvas: Res<Canvas>,
    insets: Res<PanelInsets>,
    state: Res<State<GameState>>,
    window: Single<&Window, With<PrimaryWindow>>,
    sprite: Single<(&mut Sprite, &mut Transform, &mut Visibility), With<CanvasSprite>>,
    shift: Res<super::camera::PanShift>,
) {
    let (mut sprite, mut tf, mut shown) = sprite.into_inner();
    let showing = if *state.get() == GameState::NoGame || insets.covered {
        Visibility::Hidden
    } else {
        Visibility::Visible
    };
    shown.set_if_neq(showing);
    let vp = super::camera::between_panels(&insets, &window);
    let rect = Rect::from_corners(
        vp.physical_position.as_vec2(),
        (vp.physical_position + vp.physical_size).as_vec2(),
    );
    let s = window.scale_factor();
    let logical = rect.size() / s;
    // The egui camera's origin is the window's centre, y up.
    let centre = rect.center() / s - Vec2::new(window.width(), window.height()) / 2.0;
    // A pan in hand slides the picture with the cursor (`PanShift`).
    let want = Vec3::new(centre.x + shift.0.x, -centre.y - shift.0.y, 0.0);
    if sprite.image != canvas.image {
        sprite.image = canvas.image.clone();
    }
    if sprite.rect != Some(rect) || sprite.custom_size != Some(logical) {
        sprite.rect = Some(rect);
        sprite.custom_size = Some(logical);
    }
    if tf.translation != want {
        tf.translation = want;
    }
}

/// Whether anything on the table changed this frame (or a pipeline is still compiling); the
/// table cameras draw for [`SETTLE`] frames when it did and skip their output when not.
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
fn watch(
    mode: Res<ViewMode>,
    changed: Query<
        Option<&RenderLayers>,
        (
            Or<(
                Changed<GlobalTransform>,
                Changed<Visibility>,
                Changed<InheritedVisibility>,
                Changed<Mesh2d>,
                Changed<MeshMaterial2d<ColorMaterial>>,
                Changed<Mesh3d>,
                Changed<MeshMaterial3d<Plain>>,
                Changed<Sprite>,
                Changed<TextLayoutInfo>,
                Changed<TextColor>,
                Changed<Text2d>,
            )>,
            Without<Camera>,
            Without<CanvasSprite>,
        ),
    >,
    mut gone: RemovedComponents<Visibility>,
    (mut meshes, mut colours, mut plains, mut images): (
        MessageReader<AssetEvent<Mesh>>,
        MessageReader<AssetEvent<ColorMaterial>>,
        MessageReader<AssetEvent<Plain>>,
        MessageReader<AssetEvent<Image>>,
    ),
    mut flat: Single<
        (
            &mut Camera,
            &RenderTarget,
            &GlobalTransform,
            &mut RenderLayers,
        ),
        (With<TableCamera>, Without<TableCamera3d>),
    >,
    mut solid: Single<
        (
            &mut Camera,
            &RenderTarget,
            &GlobalTransform,
            &mut RenderLayers,
        ),
        (With<TableCamera3d>, Without<TableCamera>),
    >,
    compiling: Res<Compiling>,
    mut last: Local<(Option<Sight>, Option<Sight>)>,
    mut redraw: ResMut<Redraw>,
) {
    let busy = compiling.0.load(Ordering::Relaxed);
    let (mut flat_changed, mut solid_changed) = (mode.is_changed() || busy, mode.is_changed());
    for layers in &changed {
        match layers {
            Some(l) if l.intersects(&RenderLayers::layer(LAYER_3D)) => solid_changed = true,
            _ => flat_changed = true,
        }
    }
    if gone.read().count() > 0
        || meshes.read().count() > 0
        || colours.read().count() > 0
        || plains.read().count() > 0
        || images.read().count() > 0
    {
        flat_changed = true;
        solid_changed = true;
    }
    let now = sight(&flat.0, flat.1, flat.2);
    if last.0.as_ref() != Some(&now) {
        last.0 = Some(now);
        flat_changed = true;
    }
    let now = sight(&solid.0, solid.1, solid.2);
    if last.1.as_ref() != Some(&now) {
        last.1 = Some(now);
        solid_changed = true;
    }
    if flat_changed {
        redraw.flat = SETTLE;
    }
    // The 3D table top shows the flat table's texture.
    if solid_changed || flat_changed {
        redraw.solid = SETTLE;
    }
    let (flat, solid) = (&mut *flat, &mut *solid);
    if show(&mut flat.0, &mut flat.3, 0, true, redraw.flat > 0) {
        redraw.flat = redraw.flat.saturating_sub(1);
    }
    if show(
        &mut solid.0,
        &mut solid.3,
        LAYER_3D,
        *mode == ViewMode::ThreeD,
        redraw.solid > 0,
    ) {
        redraw.solid = redraw.solid.saturating_sub(1);
    }
}

/// Sets a table camera (its own render layer `layer`) to draw or to rest; returns whether it
/// draws this frame. Resting, it first sees nothing (no layer) for a frame and skips its
/// output, so the renderer takes everything out of its render phases and the canvas stays as
/// it was; then it goes off, costing nothing. Waking, it comes on seeing its layer but still
/// skips its output, because what a camera sees is worked out before this runs: it draws from
/// the next frame, when everything it sees is queued anew. (Bevy keeps an inactive camera's
/// render phases empty and, when it comes back on, queues what it newly sees: going off with
/// nothing in sight is what makes everything new to it when it wakes.)
fn show(
    camera: &mut Camera,
    layers: &mut RenderLayers,
    layer: usize,
    in_use: bool,
    draw: bool,
) -> bool {
    let sees = RenderLayers::layer(layer);
    let skipping = matches!(camera.output_mode, CameraOutputMode::Skip);
    let (active, seen, drawing) = if !in_use {
        (false, RenderLayers::none(), false)
    } else if draw {
        let awake = camera.is_active && *layers == sees;
        (true, sees, awake)
    } else {
        let emptied = *layers == RenderLayers::none() && skipping;
        (!emptied && camera.is_active, RenderLayers::none(), false)
    };
    if camera.is_active != active {
        camera.is_active = active;
    }
    if *layers != seen {
        *layers = seen;
    }
    if skipping == drawing {
        camera.output_mode = if drawing {
            CameraOutputMode::default()
        } else {
            CameraOutputMode::Skip
        };
    }
    drawing
}

/// Frames a changed table text is laid out again for.
const RELAYOUT: u8 = 4;

/// Lays out again a table text changed while the table cameras rested. Bevy lays a `Text2d`
/// out only for cameras that see something, and only in the frame it changed: an order
/// counter's new word, written while the table rested, was never laid out and the old word
/// stayed on the table ("[STAND]" after Advance was given). A changed text wakes the cameras
/// ([`watch`]) and is marked changed again for [`RELAYOUT`] frames, so a frame that sees it
/// lays it out; then it rests one frame untouched, so this mark is not taken for a change.
fn relayout_texts(
    mut texts: Query<(Entity, Mut<Text2d>)>,
    mut pending: Local<std::collections::HashMap<Entity, u8>>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    for (e, mut text) in &mut texts {
        match pending.get_mut(&e) {
            None if text.is_changed() => {
                pending.insert(e, RELAYOUT);
            }
            Some(0) => {
                pending.remove(&e);
                continue;
            }
            Some(n) => *n -= 1,
            None => continue,
        }
        text.set_changed();
    }
    pending.retain(|e, _| texts.contains(*e));
    if !pending.is_empty() {
        redraw.write(bevy::window::RequestRedraw);
    }
}

pub(super) fn plugin(app: &mut App) {
    let compiling = Compiling::default();
    if let Some(render) = app.get_sub_app_mut(RenderApp) {
        render
            .insert_resource(compiling.clone())
            .add_systems(Render, note_compiling.in_set(RenderSystems::Cleanup));
    }
    app.insert_resource(compiling)
        .init_resource::<Redraw>()
        .add_systems(PostStartup, spawn)
        .add_systems(
            Update,
            (resize, relayout_texts).run_if(resource_exists::<Canvas>),
        )
        .add_systems(PostUpdate, place_sprite.run_if(resource_exists::<Canvas>))
        .add_systems(Last, watch);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_skip(c: &Camera) -> bool {
        matches!(c.output_mode, CameraOutputMode::Skip)
    }

    #[test]
    fn a_camera_rests_seeing_nothing_then_goes_off_and_wakes_a_frame_before_it_draws() {
        let mut camera = Camera::default();
        let mut layers = RenderLayers::layer(0);
        assert!(show(&mut camera, &mut layers, 0, true, true));
        assert!(!is_skip(&camera) && camera.is_active);
        // Nothing changed: a frame seeing nothing, output skipped, still on.
        assert!(!show(&mut camera, &mut layers, 0, true, false));
        assert_eq!(layers, RenderLayers::none());
        assert!(is_skip(&camera) && camera.is_active);
        // Then off.
        assert!(!show(&mut camera, &mut layers, 0, true, false));
        assert!(!camera.is_active);
        // Something changed: on, seeing its layer, output still skipped.
        assert!(!show(&mut camera, &mut layers, 0, true, true));
        assert_eq!(layers, RenderLayers::layer(0));
        assert!(is_skip(&camera) && camera.is_active);
        // The next frame it draws onto the canvas.
        assert!(show(&mut camera, &mut layers, 0, true, true));
        assert!(!is_skip(&camera));
        // Not in use (the 3D camera in the flat view): off, whatever changed.
        let mut solid = Camera::default();
        let mut solid_layers = RenderLayers::layer(1);
        assert!(!show(&mut solid, &mut solid_layers, 1, false, true));
        assert!(!solid.is_active);
    }
}
