//! Marks drawn on the table for the moment (a selection ring, a movement allowance, a line of
//! fire, the hint's way): the rule sets draw them each frame through [`Marks`], as they would
//! through Bevy's gizmos, and they are laid as one mesh over the board and under the pieces
//! (z 9.5). Bevy 0.19 draws every 2D gizmo after every sprite and text whatever its z, so a
//! ring drawn as a gizmo ran across the labels and values of the pieces it passed.

use std::f32::consts::FRAC_PI_4;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::TableZoom;
use super::strokes::Strokes;
use crate::engine::board::BoardGeometry;

/// How high the marks lie: over the board's lines (z 5) and under the pieces (z 10 and up).
const MARKS_Z: f32 = 9.5;

/// How wide a mark's line is on screen, window pixels (a gizmo's default).
const WIDTH_PX: f32 = 2.0;

/// The marks drawn this frame, board units; emptied at the start of each.
#[derive(Resource, Default)]
struct Drawn(Strokes);

/// The mesh the marks are laid in, and what it was last built from.
#[derive(Component, Default)]
struct MarksMesh {
    built: Strokes,
    width: f32,
}

/// Draws marks on the table, board units, with the calls of Bevy's `Gizmos`: each lasts the
/// frame it is drawn in.
#[derive(SystemParam)]
pub struct Marks<'w> {
    drawn: ResMut<'w, Drawn>,
    board: Option<Res<'w, BoardGeometry>>,
}

impl Marks<'_> {
    /// A line from `a` to `b`.
    pub fn line_2d(&mut self, a: Vec2, b: Vec2, colour: impl Into<Color>) {
        self.drawn.0.line_2d(a, b, colour.into());
    }

    /// Lines through `points` in turn.
    pub fn linestrip_2d(
        &mut self,
        points: impl IntoIterator<Item = Vec2>,
        colour: impl Into<Color>,
    ) {
        self.drawn.0.linestrip_2d(points, colour.into());
    }

    /// A rectangle `size` across, centred and turned as `isometry` says.
    pub fn rect_2d(
        &mut self,
        isometry: impl Into<Isometry2d>,
        size: Vec2,
        colour: impl Into<Color>,
    ) {
        self.drawn.0.rect_2d(isometry, size, colour.into());
    }

    /// A circle of `radius` round `isometry`'s centre, 32 sides unless
    /// [`Circle::resolution`] says otherwise.
    pub fn circle_2d(
        &mut self,
        isometry: impl Into<Isometry2d>,
        radius: f32,
        colour: impl Into<Color>,
    ) -> CircleMark<'_> {
        CircleMark {
            strokes: &mut self.drawn.0,
            centre: isometry.into().translation,
            radius,
            colour: colour.into(),
            sides: 32,
            within: None,
            board: self.board.as_deref(),
        }
    }

    /// How far a taken-off piece's cross reaches from its centre, in bases
    /// ([`Marks::taken_off`]).
    pub const CROSS_REACH: f32 = 1.3;

    /// Where a piece of base radius `base` was taken off at `at`: its base's outline crossed
    /// out, the cross reaching past the outline (a cross the size of the base alone lay
    /// hidden under an order counter laid where the piece had stood: a walk).
    pub fn taken_off(&mut self, at: Vec2, base: f32, colour: impl Into<Color>) {
        let colour = colour.into();
        let r = base * Self::CROSS_REACH;
        self.drawn.0.circle_2d(at, base, 32, colour);
        for (a, b) in [
            (Vec2::new(-r, -r), Vec2::new(r, r)),
            (Vec2::new(-r, r), Vec2::new(r, -r)),
        ] {
            self.drawn.0.line_2d(at + a, at + b, colour);
        }
    }

    /// An arrow from `a` to `b`, its head a tenth of its length unless
    /// [`ArrowMark::with_tip_length`] says otherwise.
    pub fn arrow_2d(&mut self, a: Vec2, b: Vec2, colour: impl Into<Color>) -> ArrowMark<'_> {
        ArrowMark {
            strokes: &mut self.drawn.0,
            a,
            b,
            colour: colour.into(),
            tip: a.distance(b) / 10.0,
        }
    }
}

/// A circle being drawn: it is laid when dropped.
pub struct CircleMark<'a> {
    strokes: &'a mut Strokes,
    centre: Vec2,
    radius: f32,
    colour: Color,
    sides: u32,
    within: Option<Rect>,
    board: Option<&'a BoardGeometry>,
}

impl CircleMark<'_> {
    /// Drawn with `sides` sides.
    pub fn resolution(mut self, sides: u32) -> Self {
        self.sides = sides;
        self
    }

    /// Drawn only where it lies on the table (the board's extent): a ring of reach (a move's
    /// allowance, a range) ends at the table's edge, where the pieces end, rather than
    /// running on over the margin where no piece can go.
    pub fn on_table(mut self) -> Self {
        // The extent only where asked for: a hex map's walks every hex's corners.
        self.within = self.board.map(|b| b.extent());
        self
    }
}

impl Drop for CircleMark<'_> {
    fn drop(&mut self) {
        match self.within {
            Some(r) => {
                self.strokes
                    .circle_2d_within(self.centre, self.radius, self.sides, self.colour, r)
            }
            None => self
                .strokes
                .circle_2d(self.centre, self.radius, self.sides, self.colour),
        }
    }
}

/// An arrow being drawn: it is laid when dropped.
pub struct ArrowMark<'a> {
    strokes: &'a mut Strokes,
    a: Vec2,
    b: Vec2,
    colour: Color,
    tip: f32,
}

impl ArrowMark<'_> {
    /// Its head's two strokes `length` board units long.
    pub fn with_tip_length(mut self, length: f32) -> Self {
        self.tip = length;
        self
    }
}

impl Drop for ArrowMark<'_> {
    fn drop(&mut self) {
        let back = (self.a - self.b).normalize_or_zero() * self.tip;
        self.strokes.line_2d(self.a, self.b, self.colour);
        for turn in [FRAC_PI_4, -FRAC_PI_4] {
            let head = Vec2::from_angle(turn).rotate(back);
            self.strokes.line_2d(self.b, self.b + head, self.colour);
        }
    }
}

/// Forgets the last frame's marks.
fn forget(mut drawn: ResMut<Drawn>) {
    drawn.0 = Strokes::default();
}

fn spawn_mesh(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    commands.spawn((
        MarksMesh::default(),
        Mesh2d(meshes.add(Strokes::default().mesh(0.0))),
        MeshMaterial2d(materials.add(ColorMaterial {
            color: Color::WHITE,
            alpha_mode: bevy::sprite_render::AlphaMode2d::Blend,
            ..default()
        })),
        Transform::from_xyz(0.0, 0.0, MARKS_Z),
        Visibility::Hidden,
    ));
}

/// Lays this frame's marks in the mesh, where they or the zoom (the lines' width) changed.
fn lay(
    drawn: Res<Drawn>,
    zoom: Res<TableZoom>,
    mut laid: Query<(&mut MarksMesh, &Mesh2d, &mut Visibility)>,
    mut meshes: ResMut<Assets<Mesh>>,
) {
    let Ok((mut built, mesh, mut shown)) = laid.single_mut() else {
        return;
    };
    let width = WIDTH_PX / zoom.px_per_unit.max(1e-3);
    if built.built == drawn.0 && (built.width - width).abs() <= 0.01 * width {
        return;
    }
    if let Some(mut m) = meshes.get_mut(&mesh.0) {
        *m = drawn.0.mesh(width);
    }
    let visible = if drawn.0.is_empty() {
        Visibility::Hidden
    } else {
        Visibility::Inherited
    };
    shown.set_if_neq(visible);
    built.built = drawn.0.clone();
    built.width = width;
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Drawn>()
        .add_systems(Startup, spawn_mesh)
        .add_systems(First, forget)
        // Before the meshes' changes are sent to the renderer, so they show this frame (a
        // window that redraws only on input would show them a frame late, after the next).
        .add_systems(
            PostUpdate,
            lay.after(super::sharp_text::note_zoom)
                .before(bevy::asset::AssetEventSystems),
        );
}
