//! The 3D view of the same table, toggled with V or the phase bar's 3D button. The flat table,
//! with every overlay the rule sets draw on it (rings, tape, line of sight, labels), is drawn
//! by the table camera into a texture laid on the 3D table top; terrain stands up from it by
//! kind (buildings, walls, doors, rocks, crates, hills; woods as clusters of trees) and every
//! piece is a miniature on its base in its side's colour. An orbit camera looks at it: the
//! middle button drags to turn and tilt, Shift with it (or the arrow keys) pans, the wheel
//! zooms, F frames the table again. The pointer finds the table under the cursor through
//! [`super::TablePointer`], so selection, hover, drag-to-move and the tape work as in 2D.

use std::f32::consts::{FRAC_PI_2, PI};

use bevy::asset::RenderAssetUsages;
use bevy::camera::RenderTarget;
use bevy::camera::visibility::RenderLayers;
use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::input::mouse::AccumulatedMouseScroll;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use bevy::render::render_resource::TextureFormat;
use bevy::render::renderer::RenderAdapterInfo;
use bevy::window::PrimaryWindow;
use bevy_egui::EguiContexts;

use super::camera::{
    FrameTable, LAYER_3D as LAYER, PanelInsets, TableCamera, TableCamera3d, ViewMode,
};
use super::canvas::Canvas;
use super::models::{self, Paint};
use super::palette::{side_colour, terrain_colour};
use super::plain::Plain;
use crate::engine::board::BoardGeometry;
use crate::engine::pieces::{Model, PieceShape, Token};
use crate::engine::record::CameraPlace;
use crate::rules::geometry::Shape;
use crate::rules::terrain::{TerrainKind, TerrainPiece, TerrainProperty};

/// Everything the 3D view spawned: the table top, terrain, lights.
#[derive(Component)]
struct Scenery;

/// A piece's miniature: its token, and the look it was made with, so a change of look makes
/// it anew while a move only moves it.
#[derive(Component)]
struct Miniature {
    token: Entity,
    look: Look,
}

/// What a miniature is made from: side, base size's bits, faded, base shape, model.
type Look = (usize, u32, bool, u8, Model);

fn look(t: &Token) -> Look {
    let shape = match t.shape {
        PieceShape::Round => 0,
        PieceShape::Square => 1,
        PieceShape::Hex => 2,
        PieceShape::Rect { .. } => 3,
    };
    (t.side, t.base.to_bits(), t.faded, shape, t.model)
}

/// A base of the token's shape, 0.16 thick, standing along y (turned up with the rest).
fn base_mesh(t: &Token) -> Mesh {
    let r = t.base;
    match t.shape {
        PieceShape::Round => Cylinder::new(r, 0.16).into(),
        PieceShape::Hex => Cylinder::new(r, 0.16).mesh().resolution(6).build(),
        PieceShape::Square => Cuboid::new(2.0 * r, 0.16, 2.0 * r).into(),
        PieceShape::Rect { half_width } => Cuboid::new(2.0 * r, 0.16, 2.0 * half_width).into(),
    }
}

/// The flat table's texture is this many pixels across its longer side: on a GPU, and on a
/// software renderer, where every texel drawn each frame costs (docs/performance.md).
const TEXTURE: u32 = 2048;
const TEXTURE_SOFTWARE: u32 = 1024;

/// The orbit camera: the point it looks at (on the table, inches), its bearing round it and
/// its elevation above the table (radians), and how far off it is (inches).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
struct Orbit {
    target: Vec3,
    yaw: f32,
    pitch: f32,
    distance: f32,
}

impl Orbit {
    /// Looking at the whole of `extent` from its near (bottom) edge, as a player seated there.
    fn framing(extent: Rect) -> Self {
        Orbit {
            target: extent.center().extend(0.0),
            yaw: -FRAC_PI_2,
            pitch: 0.95,
            // Far enough that the near edge is in view too.
            distance: extent.width().max(extent.height()) * 1.3,
        }
    }

    /// The first look at a game: at `pieces` (the side to act's), from the table's near
    /// edge, close enough that a figure reads (a 28 mm figure some 30 px tall at 1280 x 720),
    /// far enough to see them all; the whole table (F) when there are none.
    fn first(extent: Rect, pieces: &[Vec2]) -> Self {
        let whole = Self::framing(extent);
        let Some(first) = pieces.first() else {
            return whole;
        };
        let around = pieces
            .iter()
            .fold(Rect::from_center_size(*first, Vec2::ZERO), |r, p| {
                r.union_point(*p)
            });
        let across = extent.width().max(extent.height());
        let mut orbit = Orbit {
            target: around.center().extend(0.0),
            pitch: 0.85,
            distance: (around.size().length() * 0.9)
                .clamp(across * 0.45, across * 0.65)
                .min(whole.distance),
            ..whole
        };
        // Then back, a tenth at a time, until every one of them is in view (a play-test found
        // the walker assault's AT-AT half off the screen): never past the whole table's view.
        while !pieces.iter().all(|p| orbit.shows(*p)) && orbit.distance < whole.distance {
            orbit.distance = (orbit.distance * 1.1).min(whole.distance);
        }
        orbit
    }

    /// Whether the point `at` of the table (z 0) is in this camera's view, with a margin for
    /// the piece standing there: the default perspective (45 degrees high) in a view about
    /// 1.4 times as wide as it is high (the table's area at 1280 x 720 and wider).
    fn shows(&self, at: Vec2) -> bool {
        let half = (std::f32::consts::FRAC_PI_4 / 2.0).tan() * 0.85;
        let seen = self
            .transform()
            .to_matrix()
            .inverse()
            .transform_point3(at.extend(0.0));
        let depth = -seen.z;
        depth > 0.0 && seen.y.abs() < half * depth && seen.x.abs() < 1.4 * half * depth
    }

    fn transform(&self) -> Transform {
        let (sy, cy) = self.yaw.sin_cos();
        let (sp, cp) = self.pitch.sin_cos();
        let eye = self.target + self.distance * Vec3::new(cp * cy, cp * sy, sp);
        Transform::from_translation(eye).looking_at(self.target, Vec3::Z)
    }
}

/// The texture the flat table is drawn into while the 3D view is on.
#[derive(Resource)]
struct TableTexture(Handle<Image>);

fn spawn(mut commands: Commands) {
    commands.spawn((
        Camera3d::default(),
        Camera {
            is_active: false,
            ..default()
        },
        TableCamera3d,
        RenderLayers::layer(LAYER),
        // The table top's texture keeps the flat table's colours (and the tone-mapping tables
        // are a feature this build leaves out). The light is the material's own (`Plain`).
        Tonemapping::None,
        Transform::from_xyz(36.0, -30.0, 60.0).looking_at(Vec3::new(36.0, 24.0, 0.0), Vec3::Z),
    ));
}

/// V (in a game, not while typing, not under the hand-over screen) flips the view.
fn toggle_key(
    keys: Res<ButtonInput<KeyCode>>,
    board: Option<Res<BoardGeometry>>,
    insets: Res<PanelInsets>,
    mut ctx: EguiContexts,
    mut mode: ResMut<ViewMode>,
) {
    let typing = ctx
        .ctx_mut()
        .map(|c| c.egui_wants_keyboard_input())
        .unwrap_or(false);
    // Not behind the hand-over screen, where the table is not to be seen.
    if keys.just_pressed(KeyCode::KeyV) && !typing && !insets.covered && board.is_some() {
        *mode = match *mode {
            ViewMode::Flat => ViewMode::ThreeD,
            ViewMode::ThreeD => ViewMode::Flat,
        };
    }
}

/// On a switch of view, or a new board in 3D: the table camera draws into the texture (the
/// whole board, one texel a few hundredths of an inch) or back onto the canvas; the 3D
/// camera draws only in the 3D view ([`super::canvas`] turns it on and off). Each view's
/// camera is kept for the game: switching back finds it where the player left it.
#[allow(clippy::too_many_arguments)]
fn switch(
    mode: Res<ViewMode>,
    board: Option<Res<BoardGeometry>>,
    mut images: ResMut<Assets<Image>>,
    texture: Option<Res<TableTexture>>,
    mut frame_table: ResMut<FrameTable>,
    (mut flat_camera, mut orbit_framed, mut saved): (
        Local<Option<(Vec3, f32)>>,
        Local<bool>,
        Local<Option<([f32; 3], f32, f32, f32)>>,
    ),
    mut flat: Single<
        (
            &mut Camera,
            &mut RenderTarget,
            &mut Transform,
            &mut Projection,
        ),
        (With<TableCamera>, Without<TableCamera3d>),
    >,
    (canvas, place, tokens, status): (
        Res<Canvas>,
        Res<CameraPlace>,
        Query<&Token>,
        Option<Res<crate::ui::ShellStatus>>,
    ),
    mut orbit: ResMut<Orbit>,
    mut commands: Commands,
    adapter: Option<Res<RenderAdapterInfo>>,
) {
    let texels = match adapter {
        Some(a) if a.device_type == wgpu_types::DeviceType::Cpu => TEXTURE_SOFTWARE,
        _ => TEXTURE,
    };
    let board_changed = board.as_ref().is_some_and(|b| b.is_changed());
    if board_changed {
        // A new board: each view frames it when it next comes on.
        *flat_camera = None;
        *orbit_framed = false;
        *saved = place.orbit;
    }
    // The 3D camera stays where the player left it, for the game (a resumed game's as it
    // was saved); a new game's first looks at its pieces, once they are on the table.
    if *mode == ViewMode::ThreeD
        && !*orbit_framed
        && let Some(b) = &board
    {
        // The side to act's pieces (all of them when it has none on the table).
        let of = |side: Option<usize>| -> Vec<Vec2> {
            tokens
                .iter()
                .filter(|t| t.shown && side.is_none_or(|s| t.side == s))
                .map(|t| t.at)
                .collect()
        };
        let mut pieces = of(status.as_ref().and_then(|s| s.to_act));
        if pieces.is_empty() {
            pieces = of(None);
        }
        if let Some((target, yaw, pitch, distance)) = *saved {
            *orbit = Orbit {
                target: Vec3::from(target),
                yaw,
                pitch,
                distance,
            };
            *orbit_framed = true;
        } else {
            *orbit = Orbit::first(b.extent(), &pieces);
            *orbit_framed = !pieces.is_empty();
        }
    }
    if !mode.is_changed() && !(board_changed && *mode == ViewMode::ThreeD) {
        return;
    }
    let (camera, target, tf, proj) = &mut *flat;
    match (*mode, board) {
        (ViewMode::ThreeD, Some(board)) => {
            // The flat view's camera, to go back to.
            if mode.is_changed()
                && !board_changed
                && let Projection::Orthographic(o) = &**proj
            {
                *flat_camera = Some((tf.translation, o.scale));
            }
            let extent = board.extent();
            let (w, h) = if extent.width() >= extent.height() {
                let h = (texels as f32 * extent.height() / extent.width()).round();
                (texels, (h as u32).max(1))
            } else {
                let w = (texels as f32 * extent.width() / extent.height()).round();
                ((w as u32).max(1), texels)
            };
            let handle = match texture {
                Some(t)
                    if images
                        .get(&t.0)
                        .is_some_and(|i| i.size() == UVec2::new(w, h)) =>
                {
                    t.0.clone()
                }
                _ => {
                    let image = Image::new_target_texture(
                        w,
                        h,
                        TextureFormat::Rgba8Unorm,
                        Some(TextureFormat::Rgba8UnormSrgb),
                    );
                    let handle = images.add(image);
                    commands.insert_resource(TableTexture(handle.clone()));
                    handle
                }
            };
            **target = RenderTarget::Image(handle.into());
            camera.viewport = None;
            tf.translation = extent.center().extend(tf.translation.z);
            if let Projection::Orthographic(o) = &mut **proj {
                o.scale = extent.width() / w as f32;
            }
        }
        _ => {
            **target = canvas.target();
            // The flat view comes back where the player left it, or frames the table.
            match (flat_camera.take(), &mut **proj) {
                (Some((at, scale)), Projection::Orthographic(o)) => {
                    tf.translation = at;
                    o.scale = scale;
                }
                _ => frame_table.0 = true,
            }
        }
    }
}

/// Keeps the 3D camera's viewport to the space between the panels.
fn viewport(
    insets: Res<PanelInsets>,
    window: Single<&Window, With<PrimaryWindow>>,
    mut camera: Single<&mut Camera, With<TableCamera3d>>,
) {
    super::camera::keep_between_panels(&mut camera, &insets, &window);
}

/// Middle-drag turns and tilts, Shift+middle-drag or the arrow keys pan, the wheel zooms, F
/// frames the table again.
#[allow(clippy::too_many_arguments)]
fn orbit(
    (buttons, keys): (Res<ButtonInput<MouseButton>>, Res<ButtonInput<KeyCode>>),
    scroll: Res<AccumulatedMouseScroll>,
    (time, window): (Res<Time>, Single<&Window, With<PrimaryWindow>>),
    (board, insets): (Option<Res<BoardGeometry>>, Res<PanelInsets>),
    (mut orbit, mut place): (ResMut<Orbit>, ResMut<CameraPlace>),
    mut camera: Single<(&mut Transform, &Camera, &GlobalTransform), With<TableCamera3d>>,
    mut ctx: EguiContexts,
    mut last: Local<Option<Vec2>>,
) {
    if insets.covered {
        return;
    }
    let Ok(ctx) = ctx.ctx_mut() else { return };
    let cursor = window.cursor_position();
    let delta = super::camera::cursor_moved(cursor, &mut last);
    let mut o = *orbit;
    // The panels lie on egui's background layer, which egui does not count as under the
    // pointer: the wheel over the sidebar scrolls the sidebar, not the table.
    let over_panel = cursor.is_some_and(|c| insets.covers(c, window.width(), window.height()));
    let pointer_free =
        !ctx.egui_wants_pointer_input() && !ctx.is_pointer_over_egui() && !over_panel;
    let typing = ctx.egui_wants_keyboard_input();
    let shift = keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight);
    // Pans move the target along the table, in the camera's own left-right and forward.
    let right = Vec3::new(-o.yaw.sin(), o.yaw.cos(), 0.0);
    let forward = Vec3::new(-o.yaw.cos(), -o.yaw.sin(), 0.0);
    let per_pixel = o.distance / 600.0;
    if pointer_free && buttons.pressed(MouseButton::Middle) {
        if shift {
            o.target += (-delta.x * right + delta.y * forward) * per_pixel;
        } else {
            o.yaw -= delta.x * 0.006;
            o.pitch = (o.pitch + delta.y * 0.006).clamp(0.15, FRAC_PI_2 - 0.01);
        }
    }
    if pointer_free && scroll.delta.y != 0.0 {
        let before = o.distance;
        o.distance = (o.distance * (1.0 - 0.1 * scroll.delta.y.signum())).clamp(4.0, 400.0);
        // Zoom about the cursor: the point of the table under it stays under it.
        let (_, cam, at) = &*camera;
        let under = cursor
            .and_then(|c| cam.viewport_to_world(at, c).ok())
            .and_then(|ray| {
                let d = ray.intersect_plane(Vec3::ZERO, InfinitePlane3d::new(Vec3::Z))?;
                Some(ray.get_point(d))
            });
        if let Some(p) = under {
            o.target += (p - o.target) * (1.0 - o.distance / before);
        }
    }
    if !typing {
        let mut d = Vec3::ZERO;
        for (k, v) in [
            (KeyCode::ArrowLeft, -right),
            (KeyCode::ArrowRight, right),
            (KeyCode::ArrowUp, forward),
            (KeyCode::ArrowDown, -forward),
        ] {
            if keys.pressed(k) {
                d += v;
            }
        }
        o.target += d * o.distance * time.delta_secs();
        if keys.just_pressed(KeyCode::KeyF)
            && let Some(b) = &board
        {
            o = Orbit::framing(b.extent());
        }
    }
    o.yaw = o.yaw.rem_euclid(2.0 * PI);
    if o != *orbit {
        *orbit = o;
    }
    let kept = Some((o.target.to_array(), o.yaw, o.pitch, o.distance));
    if place.orbit != kept {
        place.orbit = kept;
    }
    let at = orbit.transform();
    if *camera.0 != at {
        *camera.0 = at;
    }
}

/// How tall a terrain piece stands, inches; `None`: it lies flat (water, chasms, open doors,
/// open ground) and the texture shows it.
fn height(t: &TerrainPiece) -> Option<f32> {
    let blocks = t.has(TerrainProperty::BlocksLineOfSight);
    match t.kind {
        TerrainKind::Building => Some(6.0),
        TerrainKind::Wall => Some(if blocks { 3.5 } else { 1.0 }),
        TerrainKind::Door => t.has(TerrainProperty::Impassable).then_some(3.5),
        TerrainKind::Rocks => Some(if blocks { 3.0 } else { 1.2 }),
        TerrainKind::Crates => Some(1.2),
        TerrainKind::Hill => Some(1.0),
        TerrainKind::Woods | TerrainKind::Water | TerrainKind::Chasm | TerrainKind::Other => None,
    }
}

/// A prism: the outline `pts` (board inches, counter-clockwise or not) raised `h` inches.
fn prism(pts: &[Vec2], h: f32) -> Mesh {
    let flat: Vec<[f32; 2]> = pts.iter().map(|p| [p.x, p.y]).collect();
    let mut top: Vec<u32> = Vec::new();
    earcut::Earcut::new().earcut(flat.iter().copied(), &[], &mut top);
    let mut positions: Vec<[f32; 3]> = pts.iter().map(|p| [p.x, p.y, h]).collect();
    let mut normals = vec![[0.0, 0.0, 1.0]; pts.len()];
    let mut indices = top;
    // Earcut's winding follows the outline's; the top must face up.
    if let [a, b, c, ..] = indices[..] {
        let (pa, pb, pc) = (pts[a as usize], pts[b as usize], pts[c as usize]);
        if (pb - pa).perp_dot(pc - pa) < 0.0 {
            indices.chunks_mut(3).for_each(|t| t.swap(1, 2));
        }
    }
    let area: f32 = (0..pts.len())
        .map(|i| pts[i].perp_dot(pts[(i + 1) % pts.len()]))
        .sum();
    for i in 0..pts.len() {
        let (a, b) = (pts[i], pts[(i + 1) % pts.len()]);
        // Outwards is to the right of a counter-clockwise outline's edges.
        let out = if area >= 0.0 {
            -(b - a).perp()
        } else {
            (b - a).perp()
        };
        let n = out.normalize_or_zero();
        let k = positions.len() as u32;
        positions.extend([
            [a.x, a.y, 0.0],
            [b.x, b.y, 0.0],
            [b.x, b.y, h],
            [a.x, a.y, h],
        ]);
        normals.extend([[n.x, n.y, 0.0]; 4]);
        if area >= 0.0 {
            indices.extend([k, k + 1, k + 2, k, k + 2, k + 3]);
        } else {
            indices.extend([k, k + 2, k + 1, k, k + 3, k + 2]);
        }
    }
    let n = positions.len();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, vec![[0.0, 0.0]; n])
    .with_inserted_indices(Indices::U32(indices))
}

/// The outline of `shape`, a circle as a 32-gon.
fn outline(shape: &Shape) -> Vec<Vec2> {
    match shape {
        Shape::Circle { centre, radius } => (0..32)
            .map(|i| {
                Vec2::new(centre.0, centre.1) + Vec2::from_angle(i as f32 * PI / 16.0) * *radius
            })
            .collect(),
        _ => shape.corners(),
    }
}

/// Where the trees of a wood stand: a 2.2" grid over it, each nudged by a fixed amount from
/// its place (no randomness: the same wood always looks the same), inside its outline.
fn trees(shape: &Shape) -> Vec<Vec2> {
    let b = shape.aabb();
    let step = 2.2;
    let mut out = Vec::new();
    let mut y = b.min.y + step / 2.0;
    let mut row = 0;
    while y < b.max.y {
        let mut x = b.min.x + step / 2.0 + if row % 2 == 1 { step / 2.0 } else { 0.0 };
        while x < b.max.x {
            let k = (x * 7.3 + y * 3.1).sin();
            let p = Vec2::new(x + 0.5 * k, y - 0.4 * k);
            if shape.contains(p) {
                out.push(p);
            }
            x += step;
        }
        y += step * 0.87;
        row += 1;
    }
    out
}

/// Every tree on the board, as two meshes (all trunks, all crowns): one draw each, however
/// many trees, which a software renderer needs.
#[derive(Default)]
struct Forest {
    trunks: Option<Mesh>,
    crowns: Option<Mesh>,
}

impl Forest {
    /// A tree at `at` (board units), `size` times 4" tall: a trunk and a crown.
    fn plant(&mut self, at: Vec2, size: f32) {
        // Cylinders and cones stand along y: turned to stand along z.
        let up = Quat::from_rotation_x(FRAC_PI_2);
        let place = |z: f32| {
            Transform::from_translation(at.extend(z * size))
                .with_rotation(up)
                .with_scale(Vec3::splat(size))
        };
        let trunk = Mesh::from(Cylinder::new(0.18, 1.2)).transformed_by(place(0.6));
        let crown = Mesh::from(Cone {
            radius: 1.0,
            height: 2.8,
        })
        .transformed_by(place(2.4));
        for (all, one) in [(&mut self.trunks, trunk), (&mut self.crowns, crown)] {
            match all {
                // Meshes of one primitive share their attributes: merging cannot fail.
                Some(m) => m.merge(&one).unwrap_or_default(),
                None => *all = Some(one),
            }
        }
    }

    /// Spawns the trees planted.
    fn spawn(
        self,
        commands: &mut Commands,
        meshes: &mut Assets<Mesh>,
        materials: &mut Assets<Plain>,
    ) {
        for (mesh, colour) in [
            (self.trunks, Color::srgb(0.30, 0.22, 0.14)),
            (self.crowns, terrain_colour(TerrainKind::Woods)),
        ] {
            if let Some(mesh) = mesh {
                commands.spawn((
                    Scenery,
                    RenderLayers::layer(LAYER),
                    Mesh3d(meshes.add(mesh)),
                    MeshMaterial3d(materials.add(Plain::shaded(colour))),
                ));
            }
        }
    }
}

/// The table top (textured with the flat table) and the terrain standing on it, rebuilt when
/// the board changes (a door opened, a wall cut) while the 3D view is on.
#[allow(clippy::too_many_arguments)]
/// A building's height on a hex map, hexes across: a storey over a trooper's head, low enough
/// that the units on its roof stay in view beside the walkers.
const ROOF: f32 = 0.9;

/// How high a piece at `at` stands: on a hex map's building, on its roof (a see-through
/// block read faintly, and a solid one would hide the counter inside); elsewhere on the
/// table (hills are drawn see-through, so the pieces on them show).
pub(super) fn standing(board: Option<&BoardGeometry>, at: Vec2) -> f32 {
    match board {
        Some(BoardGeometry::HexMap { layout, hexes }) => {
            let hex = layout.world_pos_to_hex(at);
            hexes
                .iter()
                .find(|c| c.hex == hex && c.kind == TerrainKind::Building)
                .map_or(0.0, |_| ROOF * layout.scale.x.abs())
        }
        _ => 0.0,
    }
}

fn scenery(
    mode: Res<ViewMode>,
    board: Option<Res<BoardGeometry>>,
    texture: Option<Res<TableTexture>>,
    old: Query<Entity, With<Scenery>>,
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<Plain>>,
    mut built: Local<bool>,
) {
    let (Some(board), Some(texture)) = (board, texture) else {
        if *built {
            old.iter().for_each(|e| commands.entity(e).despawn());
            *built = false;
        }
        return;
    };
    let texture_changed = texture.is_changed();
    if !(mode.is_changed() || board.is_changed() || texture_changed || !*built) {
        return;
    }
    old.iter().for_each(|e| commands.entity(e).despawn());
    *built = false;
    if *mode != ViewMode::ThreeD {
        return;
    }
    *built = true;
    let layer = RenderLayers::layer(LAYER);
    let extent = board.extent();
    commands.spawn((
        Scenery,
        layer.clone(),
        Mesh3d(meshes.add(Rectangle::from_size(extent.size()))),
        MeshMaterial3d(materials.add(Plain::flat_texture(texture.0.clone()))),
        Transform::from_translation(extent.center().extend(0.0)),
    ));
    // The table's edge, so it reads as a table and not a picture.
    commands.spawn((
        Scenery,
        layer.clone(),
        Mesh3d(meshes.add(Cuboid::new(
            extent.width() + 2.0,
            extent.height() + 2.0,
            1.5,
        ))),
        MeshMaterial3d(materials.add(Plain::shaded(Color::srgb(0.22, 0.16, 0.11)))),
        Transform::from_translation(extent.center().extend(-0.76)),
    ));
    let mut forest = Forest::default();
    let terrain = match &*board {
        BoardGeometry::InchTable { terrain, .. } => terrain,
        BoardGeometry::HexMap { layout, hexes } => {
            // A forest hex: three small trees towards alternate corners, the middle left
            // clear for the unit standing there.
            let size = layout.scale.x / 3.0;
            let hexes = hexes.clone();
            for cell in hexes.iter().filter(|c| c.kind == TerrainKind::Woods) {
                let centre = layout.hex_to_world_pos(cell.hex);
                for corner in layout.hex_corners(cell.hex).into_iter().step_by(2) {
                    forest.plant(centre + (corner - centre) * 0.6, size);
                }
            }
            forest.spawn(&mut commands, &mut meshes, &mut materials);
            // A building hex: a solid block standing on it, a little wider than the square drawn
            // from above (so it covers it), its garrison on the roof ([`standing`]); rubble a low heap.
            for cell in &hexes {
                let (side, h) = match cell.kind {
                    TerrainKind::Building => (0.9, ROOF),
                    TerrainKind::Crates => (0.7, 0.3),
                    _ => continue,
                };
                let c = layout.hex_to_world_pos(cell.hex);
                let half = side * layout.scale.x.abs() / 2.0;
                let square = [
                    c + Vec2::new(-half, -half),
                    c + Vec2::new(half, -half),
                    c + Vec2::new(half, half),
                    c + Vec2::new(-half, half),
                ];
                commands.spawn((
                    Scenery,
                    layer.clone(),
                    Mesh3d(meshes.add(prism(&square, h * layout.scale.x.abs()))),
                    MeshMaterial3d(materials.add(Plain::shaded(terrain_colour(cell.kind)))),
                    Transform::default(),
                ));
            }
            return;
        }
        BoardGeometry::SquareGrid { square, cells, .. } => {
            // A wooded square: four small trees, one in each quarter.
            for cell in cells.iter().filter(|c| c.kind == TerrainKind::Woods) {
                let Some(r) = board.square(cell.column, cell.row) else {
                    continue;
                };
                for q in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
                    forest.plant(r.center() + Vec2::from(q) * square / 4.0, square / 6.0);
                }
            }
            forest.spawn(&mut commands, &mut meshes, &mut materials);
            return;
        }
        BoardGeometry::Abstract { .. } => return,
    };
    for t in terrain {
        if t.kind == TerrainKind::Woods {
            for p in trees(&t.shape) {
                forest.plant(p, 1.0);
            }
            continue;
        }
        let Some(h) = height(t) else { continue };
        let colour = terrain_colour(t.kind);
        let colour = if t.kind == TerrainKind::Hill {
            colour.with_alpha(0.55)
        } else {
            colour
        };
        commands.spawn((
            Scenery,
            layer.clone(),
            Mesh3d(meshes.add(prism(&outline(&t.shape), h))),
            MeshMaterial3d(materials.add(Plain::shaded(colour))),
            Transform::default(),
        ));
    }
    forest.spawn(&mut commands, &mut meshes, &mut materials);
}

/// The meshes, materials and places of a miniature of one look, shared by all of that look
/// (so the renderer draws them together): its base, then its model's shapes.
type Parts = Vec<(Handle<Mesh>, Handle<Plain>, Transform)>;

/// Which way a miniature faces, radians from +x: its piece's facing, or else towards the
/// middle of the table (as a player sets a miniature down).
fn heading(t: &Token, middle: Vec2) -> f32 {
    match t.facing {
        Some(deg) => deg.to_radians(),
        None => {
            let d = middle - t.at;
            if d.length_squared() < 1e-6 {
                0.0
            } else {
                d.y.atan2(d.x)
            }
        }
    }
}

/// Every piece on the board as a miniature shaped by its [`Model`](crate::engine::pieces::Model)
/// (`super::models`) on its base, in its side's colour, darker when faded, turned to its
/// facing. Kept in step with the tokens.
#[allow(clippy::too_many_arguments)]
fn miniatures(
    mode: Res<ViewMode>,
    board: Option<Res<BoardGeometry>>,
    tokens: Query<(Entity, Ref<Token>)>,
    mut minis: Query<(Entity, &Miniature, &mut Transform)>,
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<Plain>>,
    mut parts: Local<std::collections::HashMap<Look, Parts>>,
) {
    if *mode != ViewMode::ThreeD {
        if mode.is_changed() {
            minis
                .iter()
                .for_each(|(e, ..)| commands.entity(e).despawn());
        }
        return;
    }
    let middle = board.as_ref().map_or(Vec2::ZERO, |b| b.extent().center());
    let place = |t: &Token| {
        Transform::from_translation(t.at.extend(standing(board.as_deref(), t.at)))
            .with_rotation(Quat::from_rotation_z(heading(t, middle)))
    };
    let mut have: Vec<Entity> = Vec::new();
    for (e, m, mut tf) in &mut minis {
        match tokens.get(m.token) {
            Ok((_, t)) if t.shown && look(&t) == m.look => {
                if t.is_changed() {
                    *tf = place(&t);
                }
                have.push(m.token);
            }
            _ => commands.entity(e).despawn(),
        }
    }
    let up = Quat::from_rotation_x(FRAC_PI_2);
    for (e, t) in &tokens {
        if !t.shown || have.contains(&e) {
            continue;
        }
        let kit = parts
            .entry(look(&t))
            .or_insert_with(|| {
                let colour = side_colour(t.side);
                let body = materials.add(Plain::shaded(if t.faded {
                    colour.darker(0.25)
                } else {
                    colour
                }));
                let dark = materials.add(Plain::shaded(Color::srgb(0.08, 0.08, 0.08)));
                let glow = materials.add(Plain::glowing(colour.lighter(0.35)));
                let mut kit = vec![(
                    meshes.add(base_mesh(&t)),
                    dark.clone(),
                    Transform::from_xyz(0.0, 0.0, 0.08).with_rotation(up),
                )];
                for (mesh, paint, at) in models::shapes(t.model, t.base) {
                    let material = match paint {
                        Paint::Body => body.clone(),
                        Paint::Dark => dark.clone(),
                        Paint::Glow => glow.clone(),
                    };
                    // On the base's top, 0.16 up.
                    let at = at.with_translation(at.translation + Vec3::Z * 0.16);
                    kit.push((meshes.add(mesh), material, at));
                }
                kit
            })
            .clone();
        commands
            .spawn((
                Miniature {
                    token: e,
                    look: look(&t),
                },
                RenderLayers::layer(LAYER),
                place(&t),
                Visibility::default(),
            ))
            .with_children(|c| {
                for (mesh, material, at) in kit {
                    c.spawn((
                        RenderLayers::layer(LAYER),
                        Mesh3d(mesh),
                        MeshMaterial3d(material),
                        at,
                    ));
                }
            });
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ViewMode>()
        .insert_resource(Orbit::framing(Rect::new(0.0, 0.0, 72.0, 48.0)))
        .add_systems(Startup, spawn)
        .add_systems(
            Update,
            (
                toggle_key,
                switch.run_if(resource_exists::<Canvas>),
                (orbit, viewport).run_if(resource_equals(ViewMode::ThreeD)),
                scenery,
                miniatures,
            )
                .chain(),
        );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_look_shows_every_piece_of_the_side_to_act() {
        // The walker assault's Empire: a strip down the left of a 30 x 24 map.
        let extent = Rect::from_corners(Vec2::ZERO, Vec2::new(30.0, 24.0));
        let pieces = [
            Vec2::new(2.0, 21.0),
            Vec2::new(3.5, 15.0),
            Vec2::new(5.0, 4.0),
            Vec2::new(2.0, 1.5),
        ];
        let first = Orbit::first(extent, &pieces);
        for p in pieces {
            assert!(first.shows(p), "{p} out of view from {first:?}");
        }
        // Closer than the whole table's view, so the pieces read.
        assert!(
            first.distance < Orbit::framing(extent).distance,
            "{first:?}"
        );
        // A piece far off is not in view.
        assert!(!first.shows(Vec2::new(-200.0, 12.0)));
    }

    #[test]
    fn a_unit_in_a_building_stands_on_its_roof_and_one_in_the_open_on_the_table() {
        let layout = hexx::HexLayout {
            scale: Vec2::splat(1.5),
            ..default()
        };
        let cell = |hex: hexx::Hex, kind| crate::engine::board::HexCell {
            hex,
            at: (0, 0),
            name: String::new(),
            fill: Color::WHITE,
            kind,
        };
        let (house, field) = (hexx::Hex::new(2, 1), hexx::Hex::new(3, 1));
        let board = BoardGeometry::HexMap {
            layout: layout.clone(),
            hexes: vec![
                cell(house, TerrainKind::Building),
                cell(field, TerrainKind::Woods),
            ],
        };
        let at = |h| layout.hex_to_world_pos(h);
        assert_eq!(standing(Some(&board), at(house)), ROOF * 1.5);
        assert_eq!(standing(Some(&board), at(field)), 0.0);
        assert_eq!(standing(None, at(house)), 0.0);
    }
}
