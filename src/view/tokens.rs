//! Pieces as bases of their shape in their side's colour, with a label under the base, an
//! emblem on it, a tick to the front of a piece that faces, and badges above it, drawn from
//! each piece's [`Token`] (the rule set writes the tokens, badges' meanings included).

use bevy::prelude::*;

use super::palette::side_colour;
use super::sharp_text::{TableText, TableZoom};
use super::{Marks, TableVisual};
use crate::engine::board::BoardGeometry;
use crate::engine::pieces::{Badge, PieceShape, Token};

/// The text of the event or die the pointer is over in the log, if any: the pieces it names
/// are ringed on the table.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Pointed(pub Option<String>);

/// Whether `text` names `name` as a whole (not "Stormtrooper 1" inside "Stormtrooper 10").
pub fn mentions(text: &str, name: &str) -> bool {
    !name.is_empty()
        && text.match_indices(name).any(|(i, _)| {
            let before = text[..i].chars().next_back();
            let after = text[i + name.len()..].chars().next();
            !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
        })
}

/// Rings the pieces the pointed log line names, and outlines the hexes or squares it names
/// by their coordinates ("moves to (13, 2)").
fn ring_named(
    pointed: Res<Pointed>,
    tokens: Query<&Token>,
    zoom: Res<TableZoom>,
    board: Option<Res<BoardGeometry>>,
    mut gizmos: Marks,
) {
    let Some(text) = &pointed.0 else { return };
    for outline in board.map(|b| b.places_named(text)).unwrap_or_default() {
        gizmos.linestrip_2d(outline, Color::srgb(1.0, 0.95, 0.4));
    }
    let others = centres(tokens.iter());
    for t in tokens
        .iter()
        .filter(|t| t.shown && mentions(text, &t.label))
    {
        gizmos
            .circle_2d(
                Isometry2d::from_translation(t.at),
                shown_among(t, &zoom, &others) + 0.35,
                Color::srgb(1.0, 0.95, 0.4),
            )
            .resolution(32);
    }
}

/// The base drawn for a piece (it goes with its piece, not with the board: see `sync`).
#[derive(Component)]
pub(super) struct TokenVisual {
    piece: Entity,
    material: Handle<ColorMaterial>,
    /// The base's size as last drawn, board units ([`shown_base`]); 0 before the first.
    drawn: f32,
    /// The token it was built from ([`look_of`]).
    built: Token,
}

/// What of a token the look is built from (the emblem, values, base, label, pips, facing):
/// when any of it changes (a mass combat counter's head count and size as it loses men), the
/// look is built anew. Where it stands, its badges and its fading `sync` keeps up every frame.
fn look_of(t: &Token) -> Token {
    Token {
        at: Vec2::ZERO,
        badges: Vec::new(),
        faded: false,
        done: None,
        shown: true,
        ..t.clone()
    }
}

/// Where a part of a piece's look sits: `at` times the drawn base plus `off` (board units)
/// from the piece's centre; a mesh on the base grows with it (`on_base`), a text has letters
/// `text` board units high (times the base's growth when on the base).
#[derive(Component, Clone, Copy)]
struct Place {
    at: Vec2,
    off: Vec2,
    text: Option<f32>,
    on_base: bool,
}

impl Place {
    fn on_base(at: Vec2, text: Option<f32>) -> Self {
        Self {
            at,
            off: Vec2::ZERO,
            text,
            on_base: true,
        }
    }
}

/// The base a token is drawn at when the table is seen at `zoom`: its own, or larger where
/// that would be under its least on-screen size.
pub fn shown_base(t: &Token, zoom: &TableZoom) -> f32 {
    zoom.drawn(t.base, t.min_px)
}

/// [`shown_base`], but never so large that it would reach a neighbour's glyph: with the
/// nearest other piece at `others` (centres, board units; its own among them is skipped) `d`
/// away and drawn as large, each base is at most `d / (1 + reach)` ([`glyph_reach`]), so
/// two bases may overlap at their rims as the pieces of a table in base contact touch, and
/// neither covers the other's letters; never under its own base. (Tyneside figures in base
/// contact, 1" apart at 26 px an inch, were 23 px at half the way; they are 28 px so.)
pub(super) fn shown_among(t: &Token, zoom: &TableZoom, others: &[Vec2]) -> f32 {
    let room = others
        .iter()
        .map(|o| o.distance(t.at))
        .filter(|d| *d > 1e-3)
        .fold(f32::INFINITY, f32::min)
        / (1.0 + glyph_reach(t));
    shown_base(t, zoom).min(room).max(t.base)
}

/// How far from a base's centre its letters reach, in bases: an emblem alone is at most 1.5
/// bases wide ([`text_heights`]' narrowing, at a letter 0.6 of its height wide), so 0.75 and
/// a little; a values line under it reaches the fill's rim at its corners, so 1.
fn glyph_reach(t: &Token) -> f32 {
    if t.values.is_empty() { 0.78 } else { 1.0 }
}

/// The centres of the pieces on the board.
pub(super) fn centres<'a>(tokens: impl Iterator<Item = &'a Token>) -> Vec<Vec2> {
    tokens.filter(|t| t.shown).map(|t| t.at).collect()
}

/// The badges of a piece: a row of chips, one a badge.
#[derive(Component)]
struct Badges {
    /// The piece.
    piece: Entity,
    /// The size its letters are to be set at, board units ([`Laid::size`]).
    size: f32,
    /// The badges and size as last drawn.
    built: (Vec<Badge>, f32),
}

/// The opacity of a faded or done piece's fill: the table shows through it.
pub(super) const FADED: f32 = 0.4;

/// The least size of a badge's letters on the table, window pixels: a badge is a letter or a
/// short word, and on the battlefield's hex maps at their opening zoom in a 1280x720 window
/// its letters were 7 px, too small to read (issue 61).
const BADGE_LEAST_PX: f32 = 9.0;

/// The least size a row of badges is set at, board units, at `zoom`: its letters
/// [`BADGE_LEAST_PX`] high.
fn least_badge_size(zoom: &TableZoom) -> f32 {
    BADGE_LEAST_PX / 0.85 / zoom.px_per_unit.max(1e-3)
}

/// How far out of the first ring about its base a row of badges may stand before it is set
/// smaller, or on its own base ([`badge_spots`]' steps: half a row's height each).
const NEAR_STEPS: usize = 3;

/// The size `t`'s row of badges is set at, board units (as a label's: its letters 0.85 of it):
/// the labels' at `scale`, or larger where its letters would show under [`BADGE_LEAST_PX`]
/// at `zoom`.
fn badge_size(t: &Token, scale: f32, zoom: &TableZoom) -> f32 {
    (t.label_size * scale).max(least_badge_size(zoom))
}

/// A base of `shape` and size `base` (see [`Token::base`]) shrunk by `scale`, lying along +x.
fn base_mesh(shape: PieceShape, base: f32, scale: f32) -> Mesh {
    let r = base * scale;
    match shape {
        PieceShape::Round => Circle::new(r).into(),
        PieceShape::Square => Rectangle::new(2.0 * r, 2.0 * r).into(),
        PieceShape::Hex => RegularPolygon::new(r, 6).into(),
        PieceShape::Rect { half_width } => {
            let inset = base - r;
            Rectangle::new(2.0 * r, 2.0 * (half_width - inset).max(0.05)).into()
        }
    }
}

/// Letters `h` high fitting `chars` of them into `width`: the height to set them at (a
/// letter of this font is 0.6 of its height wide; a little more is kept for the rounding of
/// the font to whole pixels).
fn fit_height(h: f32, chars: usize, width: f32) -> f32 {
    h.min(width / (0.64 * chars.max(1) as f32))
}

/// How high a token's emblem and its values line are set, in bases (times [`Token::base`]
/// for board units; the text grows with the base as drawn): a counter with values has the
/// emblem above them, each 0.7 of the base high (11 px on the bundled hex maps), narrowed to
/// fit across the base; an emblem alone is 1.2 of the base.
pub fn text_heights(t: &Token) -> (f32, f32) {
    let two_lines = !t.values.is_empty();
    let line = if two_lines { 0.7 } else { 1.2 };
    // Inside the fill (the dark ring would swallow its dark letters).
    let emblem = fit_height(line, t.emblem.chars().count(), 1.6);
    // A round base's fill is narrower down there (a chord of 1.38 bases at 0.45 under the
    // centre, where the values are set): "d10 B" ran into the ring, its tier letter cut.
    // Three letters fit in 1.35 (0.6 of their height wide, where `fit_height` reckons 0.64).
    let across = if t.shape == PieceShape::Round {
        1.35
    } else {
        1.7
    };
    let values = fit_height(line, t.values.chars().count(), across);
    (emblem, values)
}

/// Draws a tick from the base's edge to the front of every piece that faces (a walker, a
/// fighter), in its side's colour, with an arrow's head: a plain stroke read as the trail of
/// a move (a walk of the space battle, where trails are strokes in the same colour).
fn facing_ticks(tokens: Query<&Token>, zoom: Res<TableZoom>, mut gizmos: Marks) {
    let others = centres(tokens.iter());
    for t in tokens.iter().filter(|t| t.shown) {
        if let Some((from, to)) = tick(t, shown_among(t, &zoom, &others)) {
            gizmos
                .arrow_2d(from, to, side_colour(t.side))
                .with_tip_length(TICK * 0.5);
        }
    }
}

/// A facing piece's tick, from its base drawn `drawn` across to the front (board units).
fn tick(t: &Token, drawn: f32) -> Option<(Vec2, Vec2)> {
    let dir = Vec2::from_angle(t.facing?.to_radians());
    Some((t.at + dir * drawn, t.at + dir * (drawn + TICK)))
}

/// How far a facing tick reaches past its base, board units.
const TICK: f32 = 0.8;

/// What a base drawn `drawn` across covers of the table: a round base a disc, any other a
/// polygon turned to its facing (a square, a hex, a rectangle), board units.
#[derive(Clone, Debug, PartialEq)]
enum Outline {
    /// Centre and radius.
    Disc(Vec2, f32),
    /// Corners, in order.
    Polygon(Vec<Vec2>),
}

/// The outline of `t`'s base drawn `drawn` across ([`base_mesh`]'s shapes, turned as they are).
fn outline(t: &Token, drawn: f32) -> Outline {
    let turn = Vec2::from_angle(t.facing.unwrap_or(0.0).to_radians());
    let corners = |half: Vec2| -> Vec<Vec2> {
        [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
            .map(|(x, y)| t.at + turn.rotate(Vec2::new(x * half.x, y * half.y)))
            .to_vec()
    };
    match t.shape {
        PieceShape::Round => Outline::Disc(t.at, drawn),
        PieceShape::Square => Outline::Polygon(corners(Vec2::splat(drawn))),
        PieceShape::Hex => Outline::Polygon(
            (0..6)
                .map(|k| {
                    let a = k as f32 * std::f32::consts::FRAC_PI_3;
                    t.at + turn.rotate(Vec2::from_angle(a) * drawn)
                })
                .collect(),
        ),
        PieceShape::Rect { half_width } => {
            let inset = t.base - drawn.min(t.base);
            Outline::Polygon(corners(Vec2::new(drawn, (half_width - inset).max(0.05))))
        }
    }
}

/// Whether the box (centre, half extents) runs into `o` by more than a hair.
fn box_meets(b: (Vec2, Vec2), o: &Outline) -> bool {
    const HAIR: f32 = 1e-3;
    match o {
        Outline::Disc(c, r) => {
            let nearest = c.clamp(b.0 - b.1, b.0 + b.1);
            nearest.distance(*c) < r - HAIR
        }
        Outline::Polygon(corners) => {
            // Separating axes: the box's two and each edge's normal.
            let box_corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
                .map(|(x, y)| b.0 + Vec2::new(x * b.1.x, y * b.1.y));
            let mut axes = vec![Vec2::X, Vec2::Y];
            for k in 0..corners.len() {
                let e = corners[(k + 1) % corners.len()] - corners[k];
                axes.push(e.perp().normalize_or_zero());
            }
            axes.iter().all(|a| {
                let span = |pts: &mut dyn Iterator<Item = Vec2>| {
                    pts.map(|p| p.dot(*a))
                        .fold((f32::MAX, f32::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)))
                };
                let (a0, a1) = span(&mut corners.iter().copied());
                let (b0, b1) = span(&mut box_corners.iter().copied());
                a0 < b1 - HAIR && b0 < a1 - HAIR
            })
        }
    }
}

/// Whether the box (centre, half extents) runs over the segment `from`-`to`.
fn box_crosses(b: (Vec2, Vec2), (from, to): (Vec2, Vec2)) -> bool {
    // The segment clipped to the box's slabs (Liang-Barsky).
    let (lo, hi) = (b.0 - b.1, b.0 + b.1);
    let d = to - from;
    let (mut t0, mut t1) = (0.0_f32, 1.0_f32);
    for (p, q) in [
        (-d.x, from.x - lo.x),
        (d.x, hi.x - from.x),
        (-d.y, from.y - lo.y),
        (d.y, hi.y - from.y),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return false;
            }
        } else {
            let r = q / p;
            if p < 0.0 {
                t0 = t0.max(r);
            } else {
                t1 = t1.min(r);
            }
        }
    }
    t0 < t1
}

/// The row of chips for `badges` with letters `size` high, centred on 0: each code with its
/// chip's centre and half width, board units.
fn chips(badges: &[Badge], size: f32) -> Vec<(&Badge, f32, f32)> {
    const GAP: f32 = 0.1;
    let r = size * 0.62;
    let half = |code: &str| r * (1.0 + 0.45 * code.chars().count().saturating_sub(1) as f32);
    let total: f32 = badges
        .iter()
        .map(|b| 2.0 * half(&b.code) + GAP)
        .sum::<f32>()
        - GAP;
    let mut x = -total / 2.0;
    badges
        .iter()
        .map(|b| {
            let w = half(&b.code);
            let chip = (b, x + w, w);
            x += 2.0 * w + GAP;
            chip
        })
        .collect()
}

/// The label text under a base, of this piece.
#[derive(Component)]
struct Label(Entity);

/// How large the table's labels and chips are against the rule set's size for them: the
/// Interface size setting, so table words grow with the panels' (1: as designed).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct TableTextScale(pub f32);

impl Default for TableTextScale {
    fn default() -> Self {
        Self(1.0)
    }
}

/// Spawns the look of every new piece, and again of a piece whose look changed
/// ([`look_of`]); all of them again when the labels' size changed.
fn spawn_missing(
    (tokens, added, changed, visuals): (
        Query<(Entity, &Token)>,
        Query<(), Added<Token>>,
        Query<(Entity, &Token), Changed<Token>>,
        Query<(Entity, &TokenVisual)>,
    ),
    scale: Res<TableTextScale>,
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let all = scale.is_changed() && !scale.is_added();
    if all {
        visuals
            .iter()
            .for_each(|(v, _)| commands.entity(v).despawn());
    }
    let mut rebuilt = Vec::new();
    for (e, t) in changed.iter().filter(|(e, _)| !all && !added.contains(*e)) {
        if let Some((v, _)) = visuals
            .iter()
            .find(|(_, v)| v.piece == e && v.built != look_of(t))
        {
            commands.entity(v).despawn();
            rebuilt.push(e);
        }
    }
    for (e, t) in tokens
        .iter()
        .filter(|(e, _)| all || added.contains(*e) || rebuilt.contains(e))
    {
        let label_size = t.label_size * scale.0;
        let material = materials.add(side_colour(t.side));
        let ring = materials.add(Color::srgb(0.08, 0.08, 0.08));
        let dark = materials.add(Color::srgb(0.1, 0.1, 0.1));
        let ink = TextColor(Color::srgb(0.1, 0.1, 0.1));
        commands
            .spawn((
                TableVisual,
                TokenVisual {
                    piece: e,
                    material: material.clone(),
                    drawn: 0.0,
                    built: look_of(t),
                },
                Transform::from_translation(t.at.extend(10.0 + t.order as f32 * 0.001)),
                Visibility::default(),
            ))
            .with_children(|c| {
                // A rectangular base lies along its facing; the label and badges stay upright.
                let turn = Quat::from_rotation_z(t.facing.unwrap_or(0.0).to_radians());
                c.spawn((
                    Mesh2d(meshes.add(base_mesh(t.shape, t.base, 1.0))),
                    MeshMaterial2d(ring),
                    Transform::from_rotation(turn),
                    Place::on_base(Vec2::ZERO, None),
                ));
                c.spawn((
                    Mesh2d(meshes.add(base_mesh(t.shape, t.base, 0.82))),
                    MeshMaterial2d(material),
                    Transform::from_xyz(0.0, 0.0, 0.01).with_rotation(turn),
                    Place::on_base(Vec2::ZERO, None),
                ));
                // The emblem, and the values under it where there are some.
                let two_lines = !t.values.is_empty();
                // Each text three times, side by side a pixel apart (at the least on-screen
                // size): thin letters of 11 px blurred into the side's colour on a software
                // renderer, and this draws them bold without a font file of our own.
                let mut ink_text = |text: &str, y: f32, h: f32| {
                    for dx in [-0.025, 0.0, 0.025] {
                        c.spawn((
                            Text2d::new(text),
                            TextFont::default(),
                            ink,
                            Transform::from_xyz(dx * t.base, y * t.base, 0.02),
                            TableText(h),
                            Place::on_base(Vec2::new(dx, y), Some(h)),
                        ));
                    }
                };
                let (emblem, values) = text_heights(t);
                if !t.emblem.is_empty() {
                    ink_text(
                        &t.emblem,
                        if two_lines { 0.15 } else { 0.0 },
                        emblem * t.base,
                    );
                }
                if two_lines {
                    // Under the emblem, where the fill is still wide enough for "d10".
                    ink_text(&t.values, -0.45, values * t.base);
                }
                // Dark as the letters: they read on every side's colour.
                let dot = meshes.add(Circle::new(0.12 * t.base));
                for k in 0..t.pips {
                    let x = (k as f32 - (t.pips as f32 - 1.0) / 2.0) * 0.28;
                    c.spawn((
                        Mesh2d(dot.clone()),
                        MeshMaterial2d(dark.clone()),
                        Transform::from_xyz(x * t.base, 0.64 * t.base, 0.02),
                        Place::on_base(Vec2::new(x, 0.64), None),
                    ));
                }
                c.spawn((
                    Label(e),
                    Text2d::new(short_name(&t.label)),
                    TextFont::default(),
                    TextColor(Color::WHITE),
                    // Just under the base.
                    Transform::from_xyz(0.0, -t.base - label_size * 0.66, 0.03),
                    TableText(label_size),
                    Place {
                        at: Vec2::new(0.0, -1.0),
                        off: Vec2::new(0.0, -label_size * 0.66),
                        text: Some(label_size),
                        on_base: false,
                    },
                ));
                c.spawn((
                    Badges {
                        piece: e,
                        size: badge_size(t, scale.0, &TableZoom::default()),
                        built: (Vec::new(), 0.0),
                    },
                    // Just above the base, until placed with the others' (`show_clear_texts`).
                    Transform::from_xyz(0.0, t.base + label_size * 0.66, 0.03),
                    Visibility::default(),
                    Lead::default(),
                ));
            });
    }
}

/// Puts a piece's parts where its base, drawn `drawn` across against its own `base`, puts
/// them.
fn place_parts(
    drawn: f32,
    base: f32,
    kids: &Children,
    parts: &mut Query<(&Place, &mut Transform, Option<&mut TableText>), Without<TokenVisual>>,
) {
    let grow = drawn / base.max(1e-6);
    for kid in kids {
        let Ok((p, mut tf, text)) = parts.get_mut(*kid) else {
            continue;
        };
        let at = p.at * drawn + p.off;
        if tf.translation.truncate() != at {
            tf.translation.x = at.x;
            tf.translation.y = at.y;
        }
        match (p.text, text) {
            (Some(h), Some(mut t)) => {
                let h = if p.on_base { h * grow } else { h };
                if t.0 != h {
                    t.0 = h;
                }
            }
            _ if p.on_base && tf.scale.x != grow => tf.scale = Vec3::new(grow, grow, 1.0),
            _ => {}
        }
    }
}

/// The label under a base: names longer than 14 characters keep their last word when it says
/// enough, a name of its own ("Stormtrooper TK-421" → "TK-421", "Anakin Skywalker" →
/// "Skywalker", but "Stormtrooper A1" and "Veteran trooper" stay); a pair ("Anakin and
/// Ahsoka") and a name of 14 or fewer ("Fifth Brother", where "Brother" would say nothing)
/// stay whole; the card has the rest.
pub(super) fn short_name(name: &str) -> String {
    match name.split_whitespace().last() {
        Some(last)
            if name.chars().count() > 14
                && !name.contains(" and ")
                && last.chars().count() > 3
                && last.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit()) =>
        {
            last.to_string()
        }
        _ => name.to_string(),
    }
}

/// Moves bases with their pieces, fades and hides them as their tokens say, and writes the
/// badges.
#[allow(clippy::too_many_arguments)]
fn sync(
    mut visuals: Query<(
        Entity,
        &mut TokenVisual,
        &mut Transform,
        &mut Visibility,
        Option<&Children>,
    )>,
    mut parts: Query<(&Place, &mut Transform, Option<&mut TableText>), Without<TokenVisual>>,
    mut badges: Query<(Entity, &mut Badges)>,
    tokens: Query<&Token>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut commands: Commands,
    zoom: Res<TableZoom>,
) {
    let others = centres(tokens.iter());
    for (ve, mut v, mut tf, mut vis, kids) in &mut visuals {
        let Ok(t) = tokens.get(v.piece) else {
            commands.entity(ve).despawn();
            continue;
        };
        let drawn = shown_among(t, &zoom, &others);
        if let Some(kids) = kids
            && v.drawn != drawn
        {
            v.drawn = drawn;
            place_parts(drawn, t.base, kids, &mut parts);
        }
        // Written only when it moved: a write is a change, and a change redraws the table.
        if tf.translation.truncate() != t.at {
            tf.translation.x = t.at.x;
            tf.translation.y = t.at.y;
        }
        vis.set_if_neq(if t.shown {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
        let mut colour = side_colour(t.side);
        if t.faded || t.done.is_some() {
            colour = colour.with_alpha(FADED);
        }
        if let Some(mut m) = materials.get_mut(&v.material)
            && m.color != colour
        {
            m.color = colour;
            // A material made opaque ignores its colour's alpha: faded bases were drawn whole.
            m.alpha_mode = if colour.alpha() < 1.0 {
                bevy::sprite_render::AlphaMode2d::Blend
            } else {
                bevy::sprite_render::AlphaMode2d::Opaque
            };
        }
    }
    for (be, mut b) in &mut badges {
        let Ok(t) = tokens.get(b.piece) else { continue };
        let size = b.size;
        if b.built.0 == t.badges && b.built.1 == size {
            continue;
        }
        b.built = (t.badges.clone(), size);
        // A chip a badge: a pill in the badge's colour, its code on it in white, or in black on
        // a light chip (a yellow or white craft's colour), where white would not read.
        commands.entity(be).despawn_related::<Children>();
        let r = size * 0.62;
        for (badge, x, w) in chips(&t.badges, size) {
            commands.entity(be).with_children(|c| {
                c.spawn((
                    Mesh2d(meshes.add(Capsule2d::new(r, 2.0 * (w - r)).mesh())),
                    MeshMaterial2d(materials.add(badge.colour)),
                    Transform::from_xyz(x, 0.0, 0.0)
                        .with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_2)),
                ));
                let light = badge.colour.luminance() > 0.5;
                c.spawn((
                    Text2d::new(badge.code.clone()),
                    TextFont::default(),
                    TextColor(if light { Color::BLACK } else { Color::WHITE }),
                    Transform::from_xyz(x, 0.0, 0.001),
                    TableText(size * 0.85),
                ));
            });
        }
    }
}

/// Over a piece with badges, or one that has gone, a tooltip says what each means ("W
/// wounded · FP3 Force points left", "done has gone this phase").
fn badge_tooltip(
    mut ctx: bevy_egui::EguiContexts,
    tokens: Query<&Token>,
    table: super::TablePointer,
    window: Single<&Window, With<bevy::window::PrimaryWindow>>,
    insets: Res<super::PanelInsets>,
    mut note: ResMut<super::CursorNote>,
    zoom: Res<TableZoom>,
) -> Result {
    let Some(cursor) = window.cursor_position() else {
        return Ok(());
    };
    let ctx = ctx.ctx_mut()?;
    if ctx.is_pointer_over_egui() || insets.covers(cursor, window.width(), window.height()) {
        return Ok(());
    }
    let Some(at) = table.at(cursor) else {
        return Ok(());
    };
    // The piece nearest the pointer, as the rule sets' own hover takes it: the first within
    // reach named a neighbour while the card beside named the piece pointed at (a walk).
    let Some(t) = under_pointer(tokens.iter(), at, &zoom) else {
        return Ok(());
    };
    if t.badges.is_empty() && t.done.is_none() {
        return Ok(());
    }
    let lines: Vec<String> = t
        .done
        .map(|d| format!("done: {d} (drawn faded)"))
        .into_iter()
        .chain(
            t.badges
                .iter()
                .map(|b| format!("{}: {}", b.code, b.meaning)),
        )
        .collect();
    note.add(super::NotePart {
        title: Some(t.label.clone()),
        lines: lines.into_iter().map(|l| (l, None)).collect(),
    });
    Ok(())
}

/// The shown piece nearest `at` (board units) within its drawn base and a little more.
fn under_pointer<'a>(
    tokens: impl Iterator<Item = &'a Token>,
    at: Vec2,
    zoom: &TableZoom,
) -> Option<&'a Token> {
    tokens
        .filter(|t| t.shown && t.at.distance(at) <= shown_base(t, zoom) + 0.2)
        .min_by(|a, b| a.at.distance(at).total_cmp(&b.at.distance(at)))
}

/// A table text that the pieces' labels and badges give way to (an objective's name, a
/// group's order counter): `chars` letters `size` board units high, centred at the entity's
/// place.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct FixedText {
    /// Its letters.
    pub chars: usize,
    /// Their height, board units.
    pub size: f32,
}

/// A mark drawn on the table that the pieces' labels and badges give way to, as they give way
/// to a [`FixedText`] (a Tyneside portal counter's diamond): a box centred at `at` with half
/// extents `half`, board units.
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct KeepClear {
    /// Its centre, board units.
    pub at: Vec2,
    /// Half its width and height, board units.
    pub half: Vec2,
}

/// A text's box on the board, (centre, half extents), board units: `chars` letters `size`
/// high (a letter is about 0.68 of its height wide, with a little room).
fn text_box(centre: Vec2, chars: usize, size: f32) -> (Vec2, Vec2) {
    (centre, Vec2::new(chars as f32 * size * 0.34, size * 0.5))
}

fn overlaps(a: (Vec2, Vec2), b: (Vec2, Vec2)) -> bool {
    (a.0.x - b.0.x).abs() < a.1.x + b.1.x && (a.0.y - b.0.y).abs() < a.1.y + b.1.y
}

/// The first of `places` (centres, board units, best first) where `text` runs over none of
/// `discs` (centre, radius) and none of the `texts` already placed (centre, size), else the
/// first: an order counter under its group, or over it where another group's figures or
/// counter stand under it.
pub fn clear_place(
    places: &[Vec2],
    text: FixedText,
    discs: &[(Vec2, f32)],
    texts: &[(Vec2, FixedText)],
) -> Option<Vec2> {
    places
        .iter()
        .copied()
        .find(|&c| clear_at(c, text, discs, texts))
        .or(places.first().copied())
}

/// Whether `text` centred at `c` (board units) runs over none of `discs` (centre, radius) and
/// none of `texts` (centre, size): a counter kept where it stood while this holds does not
/// jump as other figures come near.
pub fn clear_at(
    c: Vec2,
    text: FixedText,
    discs: &[(Vec2, f32)],
    texts: &[(Vec2, FixedText)],
) -> bool {
    let b = text_box(c, text.chars, text.size);
    !discs
        .iter()
        .any(|&(at, r)| overlaps(b, (at, Vec2::splat(r * 0.9))))
        && !texts
            .iter()
            .any(|&(at, t)| overlaps(b, text_box(at, t.chars, t.size)))
}

/// Where a piece's texts go ([`declutter`]).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Laid {
    /// Its label shows.
    label: bool,
    /// Its row of badges' centre against the piece's centre, board units (none without
    /// badges).
    badges: Option<Vec2>,
    /// The row stands off its base, where the room beside it was taken: a line leads to it.
    lead: bool,
    /// The size its badges' letters are set at, board units: [`badge_size`], or the least
    /// that reads where only that fits near its base.
    size: f32,
    /// Where the piece stood when they were laid, board units: a piece that has not moved
    /// since keeps its texts before one that has.
    at: Vec2,
}

/// The half extents of `t`'s row of badges, its letters `size` high ([`chips`]).
fn row_half(t: &Token, size: f32) -> Vec2 {
    let wide = chips(&t.badges, size)
        .iter()
        .map(|(_, x, w)| x + w)
        .fold(0.0, f32::max);
    Vec2::new(wide, size * 0.62)
}

/// The places a row of badges with half extents `half` may take about a base drawn `drawn`
/// across at `at`, best first, as offsets from `at`, with how many steps out each is: over
/// the base, to its right, to its left, under it (where the label gives way), the corners and
/// eight directions between; then the same ever further out, half a row's height a step, so
/// in a crowd a row takes the nearest room there is and reads as its
/// piece's (issue 61: rows three inches out were not matched to their pieces). Each is moved
/// in from an edge of `extent` it would run past.
fn badge_spots(at: Vec2, drawn: f32, half: Vec2, size: f32, extent: Rect) -> Vec<(usize, Vec2)> {
    const STEPS: usize = 24;
    let gap = 0.05 * size;
    let step = half.y + gap;
    let diagonal = |x: f32, y: f32| Vec2::new(x, y).normalize();
    let dirs = [
        Vec2::Y,
        Vec2::X,
        -Vec2::X,
        -Vec2::Y,
        diagonal(1.0, 1.0),
        diagonal(-1.0, 1.0),
        diagonal(1.0, -1.0),
        diagonal(-1.0, -1.0),
        diagonal(1.0, 2.0),
        diagonal(-1.0, 2.0),
        diagonal(2.0, 1.0),
        diagonal(-2.0, 1.0),
        diagonal(1.0, -2.0),
        diagonal(-1.0, -2.0),
        diagonal(2.0, -1.0),
        diagonal(-2.0, -1.0),
    ];
    let mut spots = Vec::with_capacity(STEPS * dirs.len());
    let mut over_base = Vec::new();
    for k in 0..STEPS {
        for dir in dirs {
            // Far enough along `dir` that the row's nearest corner clears the base.
            let reach = dir.x.abs() * half.x + dir.y.abs() * half.y;
            let mut c = dir * (drawn + gap + reach + k as f32 * step);
            c.x += moved_in(at.x + c.x, half.x, extent);
            c.y += moved_in_y(at.y + c.y, half.y, extent);
            // Moved in from an edge back over its own base, the row would hide the piece's
            // values (a walk: 1 Stat's `active` over a fighter's stat in a corner): not a spot.
            // The row's nearest point to the base's centre is `c` less its part within `half`.
            if (c - c.clamp(-half, half)).length() < drawn {
                over_base.push((k, c));
                continue;
            }
            spots.push((k, c));
        }
    }
    // A board too small for any other (a scenario's own): those, rather than none.
    if spots.is_empty() { over_base } else { spots }
}

/// [`moved_in`] up and down.
fn moved_in_y(y: f32, half: f32, extent: Rect) -> f32 {
    let flipped = Rect::new(extent.min.y, 0.0, extent.max.y, 0.0);
    moved_in(y, half, flipped)
}

/// Where every piece's texts go. Its state first: every piece's badges (ducked back, wounded,
/// done) show, each row where it runs over no base, no facing tick, no text that stays and no
/// other row: over its base where there is room, else beside or under it, else further out
/// with a line leading to it, so state never vanishes nor hides under a neighbour where pieces
/// stand close. Then a label where it runs over no base, no badge and no label already shown,
/// in drawing order (a piece whose label is hidden still names itself on hover and on its
/// card). Returns each token's [`Laid`], in the order given; `scale`: the labels' size against
/// the tokens' own ([`TableTextScale`]); `zoom`: the table's ([`shown_base`]); `fixed`: the
/// boxes (centre, half size) of texts that stay ([`FixedText`]); `extent`: the board's, so each
/// text is checked where it is drawn (a label over the piece at the bottom edge, where a
/// neighbour may stand; a row moved in from an edge); `before`: where each token's texts were
/// laid last time (`None`, or none given: a new token), so what still fits stays where it was
/// and does not jump as a neighbour passes (a walk's labels and rows moved as figures moved):
/// a row keeps its place where it is still clear and its own, a label shown keeps showing
/// before one hidden is shown, and a piece that has not moved keeps its texts before one
/// that has.
fn declutter(
    tokens: &[&Token],
    scale: f32,
    zoom: &TableZoom,
    fixed: &[(Vec2, Vec2)],
    extent: Rect,
    before: &[Option<Laid>],
) -> Vec<Laid> {
    let before = |i: usize| before.get(i).copied().flatten();
    let mut order: Vec<usize> = (0..tokens.len()).collect();
    order.sort_by_key(|&i| tokens[i].order);
    let others = centres(tokens.iter().copied());
    let drawn: Vec<f32> = tokens
        .iter()
        .map(|t| shown_among(t, zoom, &others))
        .collect();
    let shown: Vec<usize> = (0..tokens.len()).filter(|&i| tokens[i].shown).collect();
    // Each base and facing tick with its piece's index.
    let outlines: Vec<(usize, Outline)> = shown
        .iter()
        .map(|&i| (i, outline(tokens[i], drawn[i])))
        .collect();
    let ticks: Vec<(usize, (Vec2, Vec2))> = shown
        .iter()
        .filter_map(|&i| Some((i, tick(tokens[i], drawn[i])?)))
        .collect();
    let mut out = vec![
        Laid {
            label: false,
            badges: None,
            lead: false,
            size: 0.0,
            at: Vec2::ZERO,
        };
        tokens.len()
    ];
    for (o, t) in out.iter_mut().zip(tokens) {
        o.at = t.at;
    }
    // Whether piece `i` stands where it stood when its texts were last laid.
    let stayed = |i: usize| before(i).is_some_and(|b| b.at == tokens[i].at);
    // State first: each row of badges where it covers nothing and nothing covers it; the
    // rows of pieces that have not moved first, each where it was if that is still clear, so
    // a neighbour passing does not push them to another side (a walk saw Tyneside's chips
    // change sides as figures moved by); then the others; each group in drawing order.
    let mut placed: Vec<(Vec2, Vec2)> = fixed.to_vec();
    let mut rows: Vec<usize> = order
        .iter()
        .copied()
        .filter(|&i| tokens[i].shown && !tokens[i].badges.is_empty())
        .collect();
    rows.sort_by_key(|&i| !stayed(i));
    for i in rows {
        let t = tokens[i];
        // A row (centre against the piece's, half extents) covers no base (its own only
        // where it is set on it), no facing tick and no row or text already placed.
        let clear = |c: Vec2, half: Vec2, on_own: bool| {
            let b = (t.at + c, half);
            !outlines
                .iter()
                .any(|(j, o)| !(on_own && *j == i) && box_meets(b, o))
                && !ticks.iter().any(|&(j, s)| j != i && box_crosses(b, s))
                && !placed.iter().any(|&o| overlaps(b, o))
        };
        // A row reads as its piece's where no other base is about as near it (a row between
        // two pieces in a crowd read as the neighbour's: a new player's walk).
        let gap_to = |c: Vec2, half: Vec2, j: usize| {
            let at = tokens[j].at;
            let row = t.at + c;
            at.clamp(row - half, row + half).distance(at) - drawn[j]
        };
        let mine = |c: Vec2, half: Vec2| {
            let own = gap_to(c, half, i) + half.y * 0.5;
            !shown.iter().any(|&j| j != i && gap_to(c, half, j) < own)
        };
        let full = badge_size(t, scale, zoom);
        let least = least_badge_size(zoom).min(full);
        let near = |size: f32, plain: bool| {
            let half = row_half(t, size);
            badge_spots(t.at, drawn[i], half, size, extent)
                .into_iter()
                .take_while(|&(k, _)| k <= NEAR_STEPS)
                .find(|&(_, c)| clear(c, half, false) && (!plain || mine(c, half)))
                .map(|(k, c)| (k, c, size))
        };
        // On its own base, over its emblem, where a crowd leaves no room beside it: as a
        // marker laid on a miniature's base.
        let on_base = || {
            let half = row_half(t, least);
            [0.0, 0.45, -0.45]
                .into_iter()
                .map(|y| Vec2::new(0.0, y * drawn[i]))
                .find(|&c| clear(c, half, true))
                .map(|c| (0, c, least))
        };
        // Else further out, with a line to it.
        let far = || {
            let half = row_half(t, full);
            let spots = badge_spots(t.at, drawn[i], half, full, extent);
            let first = spots[0];
            spots
                .into_iter()
                .find(|&(_, c)| clear(c, half, false))
                .unwrap_or(first)
        };
        // Where it was, if that is still clear and reads as its own (a row led out is laid
        // again: nearer room may have come free).
        let kept = before(i)
            .filter(|b| !b.lead)
            .and_then(|b| Some((b.badges?, b.size)))
            .filter(|&(c, size)| {
                let half = row_half(t, size);
                (size == full || size == least)
                    && clear(c, half, c.length() < drawn[i])
                    && (c.length() < drawn[i] || mine(c, half))
            })
            .map(|(c, size)| (0, c, size));
        let (k, c, size) = kept
            .or_else(|| near(full, true))
            .or_else(|| near(least, true))
            .or_else(on_base)
            .or_else(|| near(full, false))
            .unwrap_or_else(|| {
                let (k, c) = far();
                (k, c, full)
            });
        let half = row_half(t, size);
        placed.push((t.at + c, half));
        // Beyond the first ring, moved off the base by an edge, or as near another base: a
        // line shows whose it is.
        let off = c.length() - (drawn[i] + half.length());
        let nearer = c.length() > drawn[i] && !mine(c, half);
        out[i].badges = Some(c);
        out[i].lead = k > 0 || off > size || nearer;
        out[i].size = size;
    }
    let bases: Vec<(Vec2, Vec2)> = shown
        .iter()
        .map(|&i| (tokens[i].at, Vec2::splat(drawn[i] * 0.9)))
        .collect();
    // The labels shown last time of pieces that stayed first, then those of pieces that moved,
    // then the others: a piece moved into a crowd does not take the name shown there (a walk
    // saw the names under a cluster jump to the last piece to move).
    let mut by_label = order.clone();
    by_label.sort_by_key(|&i| match before(i).is_some_and(|b| b.label) {
        true if stayed(i) => 0,
        true => 1,
        false => 2,
    });
    for &i in by_label.iter().filter(|&&i| tokens[i].shown) {
        let t = tokens[i];
        let label_size = t.label_size * scale;
        let chars = short_name(&t.label).chars().count();
        // A piece with no label (a space battle's craft) takes no room for one.
        if chars == 0 {
            continue;
        }
        let (_, half) = text_box(Vec2::ZERO, chars, label_size);
        let label = text_box(
            t.at + label_offset(t.at, drawn[i], half, label_size * 0.66, extent),
            chars,
            label_size,
        );
        // A name reads as its piece's only where no other base is nearer it: under a crowd,
        // a name laid under one piece but against another's rim named the wrong one (a walk
        // read "Deckhand Pell" under the active Rin). Names give way; state does not.
        let gap_to = |j: usize| {
            let at = tokens[j].at;
            at.clamp(label.0 - label.1, label.0 + label.1).distance(at) - drawn[j]
        };
        let own = gap_to(i);
        let mine = !shown.iter().any(|&j| j != i && gap_to(j) < own);
        let clear = mine
            && !bases.iter().any(|&o| overlaps(label, o))
            && !placed.iter().any(|&o| overlaps(label, o));
        if clear {
            placed.push(label);
        }
        out[i].label = clear;
    }
    out
}

/// An objective's name on the table: under its ring, or over it where something that stays
/// (an order counter) stands under it.
#[derive(Component, Clone, Copy, Debug)]
pub struct ObjectiveName {
    /// The objective's centre, board units.
    pub at: Vec2,
    /// Its ring's radius.
    pub radius: f32,
}

/// Where an objective's name goes: under its ring, else over it, else to its right or left,
/// else a line further under or over: the first place that meets none of `others` (centre,
/// half size: counters, pieces, texts that stay) nor of `ground` (terrain pieces' boxes: a name
/// across a building was hard to read, and one beside its ring lying on crates read as the
/// crates' name: walks); where none is clear of both, the first clear of `others`; `None`
/// where every place covers one of `others`: the name gives way, its ring stays (a walk read
/// `KOTH token` written across the Boss standing at it). Where it stood (`was`) while that is
/// still clear of both: a name that crossed to the other side of its ring as a figure came
/// and went read as unsteady (a walk).
///
/// Among the other objectives' `rings` (centre, radius): a place reads as this objective's
/// only where no other ring is nearer it than its own, and it is never taken where one is (a
/// walk read `Objective: Comms tower`, pushed beside its ring by the figures at it, as the
/// name of the crates' ring next to it); with no such place, none.
fn objective_name_among(
    name: ObjectiveName,
    text: FixedText,
    (others, ground): (&[(Vec2, Vec2)], &[(Vec2, Vec2)]),
    was: Option<Vec2>,
    rings: &[(Vec2, f32)],
) -> Option<Vec2> {
    let gap = name.radius + 0.6;
    let half = text_box(Vec2::ZERO, text.chars, text.size).1;
    let side = name.radius + 0.4 + half.x;
    let further = gap + text.size * 1.2;
    let mine = |c: Vec2| {
        let to = |at: Vec2, r: f32| at.clamp(c - half, c + half).distance(at) - r;
        let own = to(name.at, name.radius);
        !rings.iter().any(|&(at, r)| to(at, r) < own)
    };
    let spots: Vec<Vec2> = [
        name.at - Vec2::Y * gap,
        name.at + Vec2::Y * gap,
        name.at + Vec2::X * side,
        name.at - Vec2::X * side,
        name.at - Vec2::Y * further,
        name.at + Vec2::Y * further,
    ]
    .into_iter()
    .filter(|&c| mine(c))
    .collect();
    let clear = |c: Vec2, of: &[(Vec2, Vec2)]| {
        let b = text_box(c, text.chars, text.size);
        !of.iter().any(|&o| overlaps(b, o))
    };
    let kept = was.filter(|w| spots.iter().any(|s| s.distance(*w) < 1e-4));
    kept.into_iter()
        .chain(spots.iter().copied())
        .find(|&c| clear(c, others) && clear(c, ground))
        .or_else(|| spots.iter().copied().find(|&c| clear(c, others)))
}

/// Where each of `names` (each with where it stood) goes, as [`objective_name_among`] says, one
/// after another from the left (so the same names take the same places), each clear of the
/// names placed before it where it can be: two rings side by side had their names written one
/// across the other (a walk read neither `Objective: Landing clearing` nor `Objective: Bunker
/// door`). Where every place of a name covers one placed before, it goes where it would alone.
fn objective_names_at(
    names: &[(ObjectiveName, FixedText, Option<Vec2>)],
    others: &[(Vec2, Vec2)],
    ground: &[(Vec2, Vec2)],
) -> Vec<Option<Vec2>> {
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by(|&a, &b| {
        let (a, b) = (names[a].0.at, names[b].0.at);
        a.x.total_cmp(&b.x).then(b.y.total_cmp(&a.y))
    });
    let mut taken = others.to_vec();
    let mut out = vec![None; names.len()];
    for i in order {
        let (name, text, was) = names[i];
        let rings: Vec<(Vec2, f32)> = names
            .iter()
            .enumerate()
            .filter(|&(j, n)| j != i && n.0.at != name.at)
            .map(|(_, n)| (n.0.at, n.0.radius))
            .collect();
        let to = objective_name_among(name, text, (&taken, ground), was, &rings)
            .or_else(|| objective_name_among(name, text, (others, ground), was, &rings));
        if let Some(c) = to {
            taken.push(text_box(c, text.chars, text.size));
        }
        out[i] = to;
    }
    out
}

/// Moves each objective's name over its ring where an order counter or a piece stands under
/// it (a name under its ring ran over two stormtroopers in `outpost_raid`).
fn place_objective_names(
    moved: Query<(), (With<FixedText>, Without<ObjectiveName>, Changed<Transform>)>,
    others: Query<(&FixedText, &Transform), Without<ObjectiveName>>,
    mut names: Query<(&ObjectiveName, &FixedText, &mut Transform, &mut Visibility)>,
    added: Query<(), Added<ObjectiveName>>,
    (tokens, changed, zoom): (Query<&Token>, Query<(), Changed<Token>>, Res<TableZoom>),
    board: Option<Res<crate::engine::board::BoardGeometry>>,
    kept: Query<Ref<KeepClear>>,
) {
    let new_board = board.as_ref().is_some_and(|b| b.is_changed());
    if moved.is_empty()
        && added.is_empty()
        && changed.is_empty()
        && !kept.iter().any(|k| k.is_added())
        && !zoom.is_changed()
        && !new_board
    {
        return;
    }
    let ground: Vec<(Vec2, Vec2)> = match board.as_deref() {
        Some(crate::engine::board::BoardGeometry::InchTable { terrain, .. }) => terrain
            .iter()
            .map(|t| {
                let b = t.shape.aabb();
                ((b.min + b.max) * 0.5, (b.max - b.min) * 0.5)
            })
            .collect(),
        _ => Vec::new(),
    };
    let boxes: Vec<(Vec2, Vec2)> = others
        .iter()
        .map(|(f, at)| text_box(at.translation.truncate(), f.chars, f.size))
        .chain(
            tokens
                .iter()
                .filter(|t| t.shown)
                .map(|t| (t.at, Vec2::splat(shown_base(t, &zoom)))),
        )
        .chain(kept.iter().map(|k| (k.at, k.half)))
        .collect();
    let mut names: Vec<_> = names.iter_mut().collect();
    let wanted: Vec<_> = names
        .iter()
        .map(|(name, text, at, shown)| {
            let was = (**shown != Visibility::Hidden).then(|| at.translation.truncate());
            (**name, **text, was)
        })
        .collect();
    let places = objective_names_at(&wanted, &boxes, &ground);
    for ((_, _, at, shown), to) in names.iter_mut().zip(places) {
        shown.set_if_neq(if to.is_some() {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
        if let Some(to) = to
            && at.translation.truncate() != to
        {
            at.translation.x = to.x;
            at.translation.y = to.y;
        }
    }
}

/// The line from an objective's name set beside its ring (`centre`: the name's centre) to the
/// ring's rim, board units; `None` for a name over or under it. Beside, it stood nearer another
/// objective and read as its name (a walk: `Objective: Comms tower` over the supply crates).
fn objective_lead(name: ObjectiveName, text: FixedText, centre: Vec2) -> Option<(Vec2, Vec2)> {
    let dx = centre.x - name.at.x;
    if dx.abs() <= name.radius {
        return None;
    }
    let half = text_box(Vec2::ZERO, text.chars, text.size).1.x;
    let toward = -dx.signum();
    Some((
        Vec2::new(centre.x + toward * half, centre.y),
        Vec2::new(name.at.x - toward * name.radius, name.at.y),
    ))
}

/// Draws [`objective_lead`] for each objective's name set beside its ring, in the names' yellow.
fn objective_leads(
    names: Query<(&ObjectiveName, &FixedText, &Transform, &Visibility)>,
    mut marks: Marks,
) {
    for (name, text, at, _) in names.iter().filter(|n| *n.3 != Visibility::Hidden) {
        if let Some((a, b)) = objective_lead(*name, *text, at.translation.truncate()) {
            marks.line_2d(a, b, Color::srgb(1.0, 0.92, 0.35));
        }
    }
}

/// Where a label goes against its piece's centre (board units): under the base drawn `drawn`
/// across, or, where that runs off the bottom of the board's `extent`, over its badges; and
/// moved in from a side edge it would run past. `half`: the label's half size; `gap`: its
/// usual distance under the base; `at`: the piece's centre.
fn label_offset(at: Vec2, drawn: f32, half: Vec2, gap: f32, extent: Rect) -> Vec2 {
    let mut c = Vec2::new(0.0, -drawn - gap);
    if at.y + c.y - half.y < extent.min.y {
        c.y = drawn + gap + 2.2 * half.y;
    }
    c.x += moved_in(at.x + c.x, half.x, extent);
    c
}

/// How far a text centred at `x` with half width `half` must move across to stay within
/// `extent` (0 where it fits).
fn moved_in(x: f32, half: f32, extent: Rect) -> f32 {
    if x - half < extent.min.x {
        extent.min.x - (x - half)
    } else if x + half > extent.max.x {
        extent.max.x - (x + half)
    } else {
        0.0
    }
}

/// Keeps each piece's label on the board (a fighter in a 1 Stat Skirmish corner had its name
/// past the table's edge); its badges are placed with the others ([`show_clear_texts`]).
fn keep_labels_on_board(
    board: Option<Res<crate::engine::board::BoardGeometry>>,
    tokens: Query<&Token>,
    visuals: Query<&TokenVisual>,
    mut labels: Query<(&Label, &Text2d, &TableText, &ChildOf, &mut Transform)>,
) {
    let Some(board) = board else { return };
    let extent = board.extent();
    for (l, text, size, parent, mut tf) in &mut labels {
        let (Ok(t), Ok(v)) = (tokens.get(l.0), visuals.get(parent.parent())) else {
            continue;
        };
        let drawn = if v.drawn > 0.0 { v.drawn } else { t.base };
        let (_, half) = text_box(Vec2::ZERO, text.0.chars().count(), size.0);
        let c = label_offset(t.at, drawn, half, size.0 * 0.66, extent);
        if tf.translation.truncate() != c {
            tf.translation.x = c.x;
            tf.translation.y = c.y;
        }
    }
}

/// No board's edge to keep texts from.
const EVERYWHERE: Rect = Rect {
    min: Vec2::splat(f32::MIN),
    max: Vec2::splat(f32::MAX),
};

/// A row of badges set off its base ([`Laid::lead`]): the line to it, from the base's rim to
/// the row's nearest edge, as offsets from the piece's centre (board units).
#[derive(Component, Clone, Copy, Debug, Default, PartialEq)]
struct Lead(Option<(Vec2, Vec2)>);

/// The line from a base drawn `drawn` across to its row of badges at `row` (centre and half
/// extents, offsets from the piece's centre).
fn lead_line(drawn: f32, row: (Vec2, Vec2)) -> (Vec2, Vec2) {
    let to = Vec2::ZERO.clamp(row.0 - row.1, row.0 + row.1);
    (to.normalize_or_zero() * drawn, to)
}

/// Where each piece's texts were laid last ([`declutter`]'s `before`), by the piece (its
/// drawing order and label), not its entity: stepping a replay sets the game up again, every
/// piece a new entity, and each row and label jumped at each step (a walk).
#[derive(Default)]
struct LaidBefore(std::collections::HashMap<(usize, String), Laid>);

impl LaidBefore {
    fn new<'a>(laid: impl IntoIterator<Item = (&'a Token, Laid)>) -> Self {
        Self(
            laid.into_iter()
                .map(|(t, l)| ((t.order, t.label.clone()), l))
                .collect(),
        )
    }

    /// Each of `tokens`' texts as last laid, in their order (`None`: a piece new to the table).
    fn of(&self, tokens: &[&Token]) -> Vec<Option<Laid>> {
        tokens
            .iter()
            .map(|t| self.0.get(&(t.order, t.label.clone())).copied())
            .collect()
    }
}

/// Shows and hides labels and places every row of badges as [`declutter`] says, when a token
/// changed.
#[allow(clippy::type_complexity)]
fn show_clear_texts(
    changed: Query<(), Changed<Token>>,
    board: Option<Res<crate::engine::board::BoardGeometry>>,
    (scale, zoom, mode): (Res<TableTextScale>, Res<TableZoom>, Res<super::ViewMode>),
    tokens: Query<(Entity, &Token)>,
    (fixed, marks): (
        Query<(Ref<FixedText>, Ref<Transform>, &Visibility), (Without<Badges>, Without<Label>)>,
        Query<Ref<KeepClear>>,
    ),
    mut labels: Query<(&Label, &mut Visibility), Without<Badges>>,
    mut badges: Query<(&mut Badges, &mut Visibility, &mut Transform, &mut Lead), Without<Label>>,
    mut before: Local<LaidBefore>,
) {
    // In 3D each model's tag over it names it and carries its chips (tags_3d): the flat
    // table's names and rows, lying on the table top beside the models, read as another
    // figure's (a walk saw a `D` beside two troopers not ducked back).
    // Every frame: a piece's look built anew spawns its name and row shown.
    if *mode == super::ViewMode::ThreeD {
        labels.iter_mut().for_each(|(_, mut v)| {
            v.set_if_neq(Visibility::Hidden);
        });
        badges.iter_mut().for_each(|(_, mut v, ..)| {
            v.set_if_neq(Visibility::Hidden);
        });
        return;
    }
    if changed.is_empty()
        && !scale.is_changed()
        && !zoom.is_changed()
        && !mode.is_changed()
        && !fixed
            .iter()
            .any(|(f, at, _)| f.is_changed() || at.is_changed())
        && !marks.iter().any(|m| m.is_changed())
    {
        return;
    }
    // A text that gave way itself (an objective's name) keeps nothing clear.
    let fixed: Vec<(Vec2, Vec2)> = fixed
        .iter()
        .filter(|(.., v)| **v != Visibility::Hidden)
        .map(|(f, at, _)| text_box(at.translation.truncate(), f.chars, f.size))
        .chain(marks.iter().map(|m| (m.at, m.half)))
        .collect();
    let all: Vec<(Entity, &Token)> = tokens.iter().collect();
    let refs: Vec<&Token> = all.iter().map(|(_, t)| *t).collect();
    let others = centres(refs.iter().copied());
    let was = before.of(&refs);
    let laid: std::collections::HashMap<Entity, (Laid, &Token)> = all
        .iter()
        .map(|(e, _)| *e)
        .zip(
            declutter(
                &refs,
                scale.0,
                &zoom,
                &fixed,
                board.map_or(EVERYWHERE, |b| b.extent()),
                &was,
            )
            .into_iter()
            .zip(refs.iter().copied()),
        )
        .collect();
    *before = LaidBefore::new(laid.values().map(|(l, t)| (*t, *l)));
    let vis = |on: bool| {
        if on {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        }
    };
    for (l, mut v) in &mut labels {
        v.set_if_neq(vis(laid.get(&l.0).is_some_and(|s| s.0.label)));
    }
    for (mut b, mut v, mut tf, mut lead) in &mut badges {
        let Some(&(l, t)) = laid.get(&b.piece) else {
            v.set_if_neq(Visibility::Hidden);
            continue;
        };
        v.set_if_neq(vis(l.badges.is_some()));
        let Some(c) = l.badges else { continue };
        if tf.translation.truncate() != c {
            tf.translation.x = c.x;
            tf.translation.y = c.y;
        }
        if b.size != l.size {
            b.size = l.size;
        }
        let half = row_half(t, l.size);
        let drawn = shown_among(t, &zoom, &others);
        lead.set_if_neq(Lead(l.lead.then(|| lead_line(drawn, (c, half)))));
    }
}

/// Draws the line from each piece to its row of badges set off its base, in its side's colour.
fn lead_lines(
    badges: Query<(&Badges, &Lead, &InheritedVisibility)>,
    tokens: Query<&Token>,
    mut gizmos: Marks,
) {
    for (b, lead, shown) in &badges {
        let (Some((from, to)), true, Ok(t)) = (lead.0, shown.get(), tokens.get(b.piece)) else {
            continue;
        };
        gizmos.line_2d(t.at + from, t.at + to, side_colour(t.side));
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Pointed>()
        .init_resource::<TableTextScale>()
        .add_systems(
            Update,
            (
                spawn_missing,
                sync,
                keep_labels_on_board,
                place_objective_names,
                objective_leads,
                show_clear_texts,
                ring_named,
                facing_ticks,
                lead_lines,
            )
                .chain()
                .after(super::BoardDrawn)
                // The tokens as this frame's command left them.
                .after(crate::engine::pieces::TokensWritten),
        )
        .add_systems(
            bevy_egui::EguiPrimaryContextPass,
            badge_tooltip.before(super::CursorNoteSet),
        );
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    #[test]
    fn a_long_name_keeps_its_own_last_word_only() {
        assert_eq!(short_name("Stormtrooper TK-421"), "TK-421");
        assert_eq!(short_name("Anakin Skywalker"), "Skywalker");
        // Issue 61: "Brother" said nothing (a walk), nor "Ahsoka" of a pair.
        assert_eq!(short_name("Fifth Brother"), "Fifth Brother");
        assert_eq!(short_name("Anakin and Ahsoka"), "Anakin and Ahsoka");
        assert_eq!(short_name("Stormtrooper A1"), "Stormtrooper A1");
        // A rank and a kind, not a name: all of it (play-test: it read "trooper").
        assert_eq!(short_name("Veteran trooper"), "Veteran trooper");
    }

    /// [`super::declutter`] as (label shown, badges shown) for each token.
    fn declutter(
        tokens: &[&Token],
        scale: f32,
        zoom: &TableZoom,
        fixed: &[(Vec2, Vec2)],
        extent: Rect,
    ) -> Vec<(bool, bool)> {
        super::declutter(tokens, scale, zoom, fixed, extent, &[])
            .into_iter()
            .map(|l| (l.label, l.badges.is_some()))
            .collect()
    }

    /// Issue 61 (a screen that holds still): a figure walking through a crowd moves few of the
    /// others' rows of state chips, half or fewer of what laying each frame afresh moves (9 against
    /// 21 when written), and every row
    /// still covers no base and no other row; a row that still fits stays where it was.
    #[test]
    fn rows_of_badges_hold_still_as_a_figure_walks_past() {
        let mut pieces: Vec<Token> = (0..9)
            .map(|k| {
                token(
                    (4.0 + 1.3 * (k % 3) as f32, 4.0 + 1.3 * (k / 3) as f32),
                    "Rookie",
                    k,
                )
            })
            .collect();
        pieces.push(token((0.0, 4.65), "Walker", 9));
        for t in &mut pieces {
            t.badges = ["W", "D"]
                .map(|c| Badge::new(c, "a meaning", [0.5, 0.5, 0.5]))
                .to_vec();
        }
        let zoom = TableZoom::default();
        let extent = Rect::new(-2.0, 0.0, 14.0, 12.0);
        let moved = |a: &[Laid], b: &[Laid]| (0..9).filter(|&i| a[i].badges != b[i].badges).count();
        let (mut kept, mut fresh): (Vec<Laid>, Vec<Laid>) = (Vec::new(), Vec::new());
        let (mut moves_kept, mut moves_fresh) = (0, 0);
        for step in 0..48 {
            pieces[9].at.x = step as f32 * 0.25;
            let refs: Vec<&Token> = pieces.iter().collect();
            let was: Vec<Option<Laid>> = kept.iter().copied().map(Some).collect();
            let now = super::declutter(&refs, 1.0, &zoom, &[], extent, &was);
            let afresh = super::declutter(&refs, 1.0, &zoom, &[], extent, &[]);
            if step > 0 {
                moves_kept += moved(&kept, &now);
                moves_fresh += moved(&fresh, &afresh);
            }
            let others = centres(refs.iter().copied());
            let rows: Vec<(Vec2, Vec2)> = pieces
                .iter()
                .zip(&now)
                .map(|(t, l)| (t.at + l.badges.unwrap(), row_half(t, l.size)))
                .collect();
            for (i, row) in rows.iter().enumerate() {
                for (j, t) in pieces.iter().enumerate() {
                    let drawn = shown_among(t, &zoom, &others);
                    let own = i == j && now[i].badges.unwrap().length() < drawn;
                    assert!(
                        own || !box_meets(*row, &outline(t, drawn)),
                        "step {step}: {i} on {j}'s base"
                    );
                    assert!(
                        i == j || !overlaps(*row, rows[j]),
                        "step {step}: {i} on {j}'s row"
                    );
                }
            }
            (kept, fresh) = (now, afresh);
        }
        assert!(
            moves_kept * 2 <= moves_fresh,
            "rows moved: {moves_kept} kept, {moves_fresh} afresh"
        );
        // Set up again (a replay's step: every piece a new entity, met in another order),
        // each piece finds its own texts, and they stay.
        let book = LaidBefore::new(pieces.iter().zip(kept.iter().copied()));
        let again: Vec<Token> = pieces.iter().rev().cloned().collect();
        let refs: Vec<&Token> = again.iter().collect();
        let now = super::declutter(&refs, 1.0, &zoom, &[], extent, &book.of(&refs));
        for (t, l) in again.iter().zip(&now) {
            let k = pieces
                .iter()
                .position(|p| p.order == t.order)
                .expect("a piece");
            assert_eq!(l.badges, kept[k].badges, "piece {}", t.order);
        }
        // Alone, a row laid beside its base last time stays beside it.
        let mut one = pieces[0].clone();
        one.at = Vec2::new(8.0, 8.0);
        let first = super::declutter(&[&one], 1.0, &zoom, &[], extent, &[])[0];
        let beside = Laid {
            badges: Some(Vec2::new(first.badges.unwrap().y * 2.0, 0.0)),
            ..first
        };
        let again = super::declutter(&[&one], 1.0, &zoom, &[], extent, &[Some(beside)])[0];
        assert_eq!(again.badges, beside.badges);
    }

    /// Two labels that would cover each other: the one shown last time keeps showing, though
    /// the other comes first in drawing order.
    #[test]
    fn a_label_shown_keeps_showing_before_a_hidden_one() {
        let a = token((5.0, 5.0), "Stormtrooper A1", 0);
        let b = token((5.9, 5.0), "Stormtrooper A2", 1);
        let zoom = TableZoom::default();
        let extent = Rect::new(0.0, 0.0, 12.0, 12.0);
        let first = super::declutter(&[&a, &b], 1.0, &zoom, &[], extent, &[]);
        assert_eq!((first[0].label, first[1].label), (true, false));
        let was = [
            Some(Laid {
                label: false,
                ..first[0]
            }),
            Some(Laid {
                label: true,
                ..first[1]
            }),
        ];
        let held = super::declutter(&[&a, &b], 1.0, &zoom, &[], extent, &was);
        assert_eq!((held[0].label, held[1].label), (false, true));
    }

    /// A figure walking up to one standing still: the one standing keeps its name and its row
    /// of chips where they were; the newcomer, first in drawing order, gives way (a walk saw
    /// names under a cluster jump to the last piece to move, and chips change sides).
    #[test]
    fn a_piece_that_stayed_keeps_its_texts_before_one_that_moved() {
        let zoom = TableZoom::default();
        let extent = Rect::new(0.0, 0.0, 24.0, 24.0);
        let chips = [Badge::new("held", "a meaning", [0.5, 0.5, 0.5])];
        let mut still = token((10.0, 10.0), "Stormtrooper A1", 1);
        let mut walker = token((10.0, 20.0), "Stormtrooper B2", 0);
        still.badges = chips.to_vec();
        walker.badges = chips.to_vec();
        let apart = super::declutter(&[&walker, &still], 1.0, &zoom, &[], extent, &[]);
        assert!(apart[0].label && apart[1].label, "{apart:?}");
        let was: Vec<Option<Laid>> = apart.iter().copied().map(Some).collect();
        walker.at = Vec2::new(12.0, 10.0);
        let close = super::declutter(&[&walker, &still], 1.0, &zoom, &[], extent, &was);
        assert!(close[1].label && !close[0].label, "{close:?}");
        assert_eq!(close[1].badges, apart[1].badges, "{close:?}");
        assert_ne!(close[0].badges, close[1].badges);
        // Laid afresh, drawing order alone decides: the walker's name shows.
        let afresh = super::declutter(&[&walker, &still], 1.0, &zoom, &[], extent, &[]);
        assert!(afresh[0].label && !afresh[1].label, "{afresh:?}");
    }

    #[test]
    fn a_row_of_badges_at_an_edge_stays_on_the_board() {
        let board = Rect::from_corners(Vec2::ZERO, Vec2::new(24.0, 24.0));
        let half = Vec2::new(1.0, 0.3);
        // In the middle: over the base first.
        let (k, first) = badge_spots(Vec2::new(12.0, 12.0), 0.5, half, 0.5, board)[0];
        assert!(k == 0 && first.x == 0.0 && first.y > 0.5 + 0.3, "{first:?}");
        // In the top-right corner every place is moved in onto the board.
        let at = Vec2::new(23.5, 23.5);
        for (_, c) in badge_spots(at, 0.5, half, 0.5, board) {
            let (lo, hi) = (at + c - half, at + c + half);
            assert!(lo.x >= -1e-4 && lo.y >= -1e-4, "{c}");
            assert!(hi.x <= 24.0 + 1e-4 && hi.y <= 24.0 + 1e-4, "{c}");
        }
    }

    /// A walk: a 1 Stat fighter in a corner had its `active` chip moved in from the edges onto
    /// its own base, over its stat and die. No place about a base lies over it.
    #[test]
    fn a_row_of_badges_in_a_corner_is_not_moved_onto_its_own_base() {
        let board = Rect::from_corners(Vec2::ZERO, Vec2::new(24.0, 24.0));
        let half = Vec2::new(1.2, 0.3);
        let at = Vec2::new(0.6, 0.6);
        let spots = badge_spots(at, 0.5, half, 0.5, board);
        assert!(!spots.is_empty());
        for (_, c) in spots {
            assert!((c - c.clamp(-half, half)).length() >= 0.5, "{c}");
        }
        // A board no larger than the base still has places (over it), not none.
        let tiny = Rect::from_corners(Vec2::ZERO, Vec2::new(1.0, 1.0));
        assert!(!badge_spots(Vec2::new(0.5, 0.5), 0.5, half, 0.5, tiny).is_empty());
    }

    /// Issue 61: side by side in base contact, each figure's row of state chips covers no
    /// base and no other row, and a facing tick stays in sight.
    #[test]
    fn rows_of_badges_in_a_crowd_cover_no_base_no_tick_and_no_other_row() {
        let mut crowd: Vec<Token> = (0..10)
            .map(|k| token((1.0 + (k % 5) as f32, 1.0 + (k / 5) as f32), "Rookie", k))
            .collect();
        for t in &mut crowd {
            t.badges = ["W", "D", "FP3"]
                .map(|c| Badge::new(c, "a meaning", [0.5, 0.5, 0.5]))
                .to_vec();
        }
        crowd[3].facing = Some(90.0);
        let zoom = TableZoom::default();
        let extent = Rect::new(0.0, 0.0, 36.0, 36.0);
        let refs: Vec<&Token> = crowd.iter().collect();
        let laid = super::declutter(&refs, 1.0, &zoom, &[], extent, &[]);
        let others = centres(refs.iter().copied());
        let rows: Vec<(Vec2, Vec2)> = crowd
            .iter()
            .zip(&laid)
            .map(|(t, l)| (t.at + l.badges.unwrap(), row_half(t, l.size)))
            .collect();
        for (i, row) in rows.iter().enumerate() {
            for (j, t) in crowd.iter().enumerate() {
                let drawn = shown_among(t, &zoom, &others);
                // A row may lie on its own base, as a marker on a miniature's.
                let own = i == j && laid[i].badges.unwrap().length() < drawn;
                assert!(
                    own || !box_meets(*row, &outline(t, drawn)),
                    "{i} on {j}'s base"
                );
                if let Some(s) = tick(t, drawn) {
                    assert!(!box_crosses(*row, s), "{i} on {j}'s tick");
                }
                assert!(i == j || !overlaps(*row, rows[j]), "{i} on {j}'s row");
            }
        }
        // Those pushed out of the crowd have a line to them; alone, a row is over its base.
        assert!(laid.iter().any(|l| l.lead), "{laid:?}");
        let mut one = crowd[0].clone();
        one.at = Vec2::new(18.0, 18.0);
        let alone = super::declutter(&[&one], 1.0, &zoom, &[], extent, &[]);
        assert!(
            !alone[0].lead && alone[0].badges.unwrap().x == 0.0,
            "{alone:?}"
        );
    }

    #[test]
    fn a_label_stays_on_the_board() {
        let board = Rect::from_corners(Vec2::ZERO, Vec2::new(24.0, 24.0));
        let half = Vec2::new(1.5, 0.3);
        // In the middle: under its base.
        let c = label_offset(Vec2::new(12.0, 12.0), 0.5, half, 0.4, board);
        assert_eq!(c, Vec2::new(0.0, -0.9));
        // In the bottom-left corner: over the base, and moved in from the left edge.
        let c = label_offset(Vec2::new(0.5, 0.5), 0.5, half, 0.4, board);
        assert!(c.y > 0.5, "{c}");
        assert!((0.5 + c.x - half.x - 0.0).abs() < 1e-5, "{c}");
        // At the right edge: moved in from it.
        let c = label_offset(Vec2::new(23.8, 12.0), 0.5, half, 0.4, board);
        assert!((23.8 + c.x + half.x - 24.0).abs() < 1e-5, "{c}");
    }

    #[test]
    fn a_counter_goes_where_no_disc_is() {
        let text = FixedText {
            chars: 9,
            size: 1.0,
        };
        let under = Vec2::new(10.0, 5.0);
        let over = Vec2::new(10.0, 15.0);
        // Nothing under the group: the counter stays there.
        assert_eq!(clear_place(&[under, over], text, &[], &[]), Some(under));
        // Another group's trooper stands where the counter would be: it goes over.
        let trooper = (Vec2::new(11.0, 5.2), 0.5);
        assert_eq!(
            clear_place(&[under, over], text, &[trooper], &[]),
            Some(over)
        );
        // Another group's counter is there: it goes over too.
        let counter = (Vec2::new(12.0, 5.0), text);
        assert_eq!(
            clear_place(&[under, over], text, &[], &[counter]),
            Some(over)
        );
        // Covered everywhere: the first place, as before.
        let more = [trooper, (Vec2::new(9.0, 15.0), 0.5)];
        assert_eq!(clear_place(&[under, over], text, &more, &[]), Some(under));
        // Kept over while that is clear, though under is free again; not where a disc is.
        assert!(clear_at(over, text, &[trooper], &[]));
        assert!(!clear_at(under, text, &[trooper], &[]));
        assert!(!clear_at(over, text, &more, &[]));
    }

    #[test]
    fn a_log_line_names_a_piece_as_a_whole() {
        assert!(mentions("Stormtrooper A1 ducks back", "Stormtrooper A1"));
        assert!(mentions("T1 Han Solo: 6.0 against", "Han Solo"));
        assert!(!mentions("Stormtrooper 10 moves", "Stormtrooper 1"));
        assert!(!mentions("anything", ""));
    }

    /// A round piece of side 0 labelled `label` at `at`, drawn `order`th, with nothing else.
    pub(in crate::view) fn token(at: (f32, f32), label: &str, order: usize) -> Token {
        Token {
            acting: false,
            contact: Vec::new(),
            side: 0,
            label: label.into(),
            emblem: String::new(),
            values: String::new(),
            pips: 0,
            min_px: 0.0,
            shape: PieceShape::Round,
            base: 0.5,
            facing: None,
            label_size: Token::LABEL,
            at: Vec2::new(at.0, at.1),
            badges: Vec::new(),
            faded: false,
            done: None,
            shown: true,
            order,
            model: Default::default(),
        }
    }

    #[test]
    fn colliding_labels_give_way_to_the_earlier_piece_and_apart_all_show() {
        // Stormtrooper A1/A2/A3 in base contact: only A1's label fits; 3" apart, all do.
        let close = [
            token((10.0, 10.0), "Stormtrooper A1", 0),
            token((11.0, 10.0), "Stormtrooper A2", 1),
            token((12.0, 10.0), "Stormtrooper A3", 2),
        ];
        let shown = declutter(
            &close.iter().collect::<Vec<_>>(),
            1.0,
            &TableZoom::default(),
            &[],
            EVERYWHERE,
        );
        assert_eq!(
            shown.iter().map(|s| s.0).collect::<Vec<_>>(),
            [true, false, false]
        );
        let apart = [
            token((10.0, 10.0), "Stormtrooper A1", 0),
            token((20.0, 10.0), "Stormtrooper A2", 1),
            token((30.0, 10.0), "Stormtrooper A3", 2),
        ];
        let shown = declutter(
            &apart.iter().collect::<Vec<_>>(),
            1.0,
            &TableZoom::default(),
            &[],
            EVERYWHERE,
        );
        assert!(shown.iter().all(|s| s.0), "{shown:?}");
        // An objective's name just under A2's base: A2's label gives way to it.
        let name = text_box(Vec2::new(20.0, 9.0), 8, 1.08);
        let shown = declutter(
            &apart.iter().collect::<Vec<_>>(),
            1.0,
            &TableZoom::default(),
            &[name],
            EVERYWHERE,
        );
        assert_eq!(
            shown.iter().map(|s| s.0).collect::<Vec<_>>(),
            [true, false, true]
        );
    }

    /// A name laid under its piece but nearer another's rim gives way: it read as the other's
    /// (a walk). Rin's name under him, 0.14" below his rim, with Pell's rim 0.05" below it.
    #[test]
    fn a_name_nearer_another_piece_than_its_own_gives_way() {
        let zoom = TableZoom {
            px_per_unit: 30.0,
            enlarge: false,
        };
        let rin = token((10.0, 10.0), "Rin", 0);
        // The name's box: 1.0808" under Rin's centre, 0.44" half high.
        let bottom = 10.0 - 0.5 - Token::LABEL * 0.66 - Token::LABEL * 0.5;
        let pell = token((10.0, bottom - 0.05 - 0.5), "Pell", 1);
        let shown = declutter(&[&rin, &pell], 1.0, &zoom, &[], EVERYWHERE);
        assert_eq!(shown.iter().map(|s| s.0).collect::<Vec<_>>(), [false, true]);
        // Half an inch further down, Rin's rim is the nearer: his name shows.
        let pell = token((10.0, bottom - 0.55 - 0.5), "Pell", 1);
        let shown = declutter(&[&rin, &pell], 1.0, &zoom, &[], EVERYWHERE);
        assert_eq!(shown.iter().map(|s| s.0).collect::<Vec<_>>(), [true, true]);
    }

    #[test]
    fn badges_sit_in_a_row_of_chips_a_longer_code_a_wider_chip() {
        let badges = ["W", "D", "FP12"].map(|c| Badge::new(c, "a meaning", [0.5, 0.5, 0.5]));
        // A row centred on the base, chips side by side, a longer code a wider chip.
        let row = chips(&badges, Token::LABEL);
        assert_eq!(row.len(), 3);
        assert!(
            (row[0].1 - row[0].2 + row[2].1 + row[2].2).abs() < 1e-4,
            "{row:?}"
        );
        for pair in row.windows(2) {
            assert!(pair[0].1 + pair[0].2 < pair[1].1 - pair[1].2, "{row:?}");
        }
        assert!(row[2].2 > row[0].2);
    }

    #[test]
    fn an_enlarged_base_stops_short_of_its_neighbours_letters() {
        // 28 px at 12.5 px an inch is a 1.12" radius; a neighbour 1.5" off leaves 1.5 / 1.78
        // = 0.84", where its rim stops 0.66" from the neighbour, short of the 0.66 x 0.75 of
        // the neighbour's letters; one 0.85" off would leave under its own 0.5".
        let zoom = TableZoom {
            px_per_unit: 12.5,
            enlarge: true,
        };
        let mut t = token((10.0, 10.0), "A", 0);
        t.emblem = "ST".into();
        t.min_px = 28.0;
        assert!((shown_among(&t, &zoom, &[t.at]) - 1.12).abs() < 1e-3);
        let r = shown_among(&t, &zoom, &[t.at, Vec2::new(11.5, 10.0)]);
        assert!((r - 1.5 / 1.78).abs() < 1e-3, "{r}");
        assert!(
            1.5 - r > 0.75 * r,
            "the rim stops short of the neighbour's letters"
        );
        assert_eq!(shown_among(&t, &zoom, &[t.at, Vec2::new(10.85, 10.0)]), 0.5);
        // In base contact at 26 px an inch (Tyneside at 1280 x 720): 28 px across.
        let tyneside = TableZoom {
            px_per_unit: 25.6,
            enlarge: true,
        };
        let px = 2.0 * shown_among(&t, &tyneside, &[t.at, Vec2::new(11.0, 10.0)]) * 25.6;
        assert!(px >= 28.0 - 1e-3, "{px} px");
        // A counter with values under its emblem keeps half the way.
        t.values = "d10".into();
        let r = shown_among(&t, &zoom, &[t.at, Vec2::new(11.2, 10.0)]);
        assert!((r - 0.6).abs() < 1e-3, "{r}");
    }

    /// [`objective_name_among`] with no other ring.
    fn objective_name_at(
        name: ObjectiveName,
        text: FixedText,
        others: &[(Vec2, Vec2)],
        ground: &[(Vec2, Vec2)],
        was: Option<Vec2>,
    ) -> Option<Vec2> {
        objective_name_among(name, text, (others, ground), was, &[])
    }

    /// A name pushed off from under and over its ring by the figures there goes to the side
    /// away from another objective's ring, never nearer that ring than its own (a walk read
    /// `Objective: Comms tower`, moved beside its ring, as the crates' name); with the far
    /// side taken too, it gives way.
    #[test]
    fn an_objectives_name_is_never_nearer_another_ring_than_its_own() {
        let text = FixedText {
            chars: 24,
            size: 1.08,
        };
        let ring = |x: f32| ObjectiveName {
            at: Vec2::new(x, 20.0),
            radius: 2.0,
        };
        let (tower, crates) = (ring(20.0), ring(31.0));
        // Figures under and over the tower's ring, at both distances.
        let mut pieces: Vec<(Vec2, Vec2)> = [-5.0, -3.0, 3.0, 5.0]
            .into_iter()
            .map(|dy| (Vec2::new(20.0, 20.0 + dy), Vec2::new(3.0, 0.8)))
            .collect();
        let names = [(tower, text, None), (crates, text, None)];
        let at = objective_names_at(&names, &pieces, &[])[0].expect("a place beside it");
        assert!(
            at.x < tower.at.x,
            "{at:?}: beside the tower, towards the crates"
        );
        // The far side taken as well: no place reads as the tower's.
        pieces.push((Vec2::new(10.0, 20.0), Vec2::new(4.0, 1.0)));
        assert_eq!(objective_names_at(&names, &pieces, &[])[0], None);
    }

    /// Two rings side by side: their names never cross, whichever came first in the query.
    #[test]
    fn objective_names_side_by_side_do_not_cross() {
        let text = FixedText {
            chars: 26,
            size: 1.08,
        };
        let ring = |x: f32, y: f32| ObjectiveName {
            at: Vec2::new(x, y),
            radius: 2.0,
        };
        // As `endor_bunker`'s landing clearing and bunker door: the first's name beside it
        // (counters under and over it) ran across the second's over its ring (a stormtrooper
        // under it).
        let (a, b) = (ring(17.0, 27.0), ring(25.0, 25.0));
        let counters = [
            (Vec2::new(17.0, 24.4), Vec2::new(2.0, 0.5)),
            (Vec2::new(17.0, 29.6), Vec2::new(2.0, 0.5)),
            (Vec2::new(25.0, 22.4), Vec2::new(2.0, 0.5)),
        ];
        for names in [
            [(a, text, None), (b, text, None)],
            [(b, text, None), (a, text, None)],
        ] {
            let at = objective_names_at(&names, &counters, &[]);
            let boxes: Vec<_> = at
                .iter()
                .map(|c| text_box(c.expect("placed"), text.chars, text.size))
                .collect();
            assert!(!overlaps(boxes[0], boxes[1]), "{at:?}");
            for c in &counters {
                assert!(boxes.iter().all(|b| !overlaps(*b, *c)), "{at:?}");
            }
        }
        // The same places whichever comes first in the query; the first from the left's
        // beside its ring on the side away from the other's (nearer the other, it read as
        // the other's: a walk).
        let one = objective_names_at(&[(a, text, None), (b, text, None)], &counters, &[]);
        let other = objective_names_at(&[(b, text, None), (a, text, None)], &counters, &[]);
        assert_eq!((one[0], one[1]), (other[1], other[0]));
        assert!(one[0].expect("placed").x < a.at.x, "{one:?}");
    }

    #[test]
    fn an_objective_name_goes_over_its_ring_where_a_counter_stands_under_it() {
        let name = ObjectiveName {
            at: Vec2::new(30.0, 20.0),
            radius: 3.0,
        };
        let text = FixedText {
            chars: 20,
            size: 1.08,
        };
        assert_eq!(
            objective_name_at(name, text, &[], &[], None),
            Some(Vec2::new(30.0, 16.4))
        );
        let counter = text_box(Vec2::new(31.0, 16.2), 9, 0.94);
        assert_eq!(
            objective_name_at(name, text, &[counter], &[], None),
            Some(Vec2::new(30.0, 23.6))
        );
        let and_over = text_box(Vec2::new(31.0, 23.5), 9, 0.94);
        let beside = Vec2::new(30.0 + 3.4 + 20.0 * 1.08 * 0.34, 20.0);
        let to = objective_name_at(name, text, &[counter, and_over], &[], None).expect("a place");
        assert!(
            to.distance(beside) < 1e-4,
            "both taken: to the right, not {to}"
        );
        // Beside it, a line leads from the name's near end to the ring's rim; none under it.
        let (a, b) = objective_lead(name, text, to).expect("a lead beside the ring");
        assert!((a.x - 33.4).abs() < 1e-3 && a.y == 20.0, "{a}");
        assert_eq!(b, Vec2::new(33.0, 20.0));
        assert_eq!(objective_lead(name, text, Vec2::new(30.0, 16.4)), None);
        // Every place covering a piece: the name gives way.
        let pieces = [
            (Vec2::new(30.0, 16.4), Vec2::splat(0.5)),
            (Vec2::new(30.0, 23.6), Vec2::splat(0.5)),
            (to, Vec2::splat(0.5)),
            (Vec2::new(60.0 - to.x, to.y), Vec2::splat(0.5)),
            (Vec2::new(30.0, 15.104), Vec2::splat(0.5)),
            (Vec2::new(30.0, 24.896), Vec2::splat(0.5)),
        ];
        assert_eq!(objective_name_at(name, text, &pieces, &[], None), None);
        // Set over its ring while the counter stood under it, it stays over once the counter
        // has gone, where it is still clear; laid afresh, under.
        let over = Vec2::new(30.0, 23.6);
        assert_eq!(
            objective_name_at(name, text, &[], &[], Some(over)),
            Some(over)
        );
        let under = Vec2::new(30.0, 16.4);
        assert_eq!(objective_name_at(name, text, &[], &[], None), Some(under));
        // Where it stood is covered now: the first clear place.
        assert_eq!(
            objective_name_at(name, text, &[and_over], &[], Some(over)),
            Some(under)
        );
    }

    /// Issue 61: an objective's name keeps off the buildings round it where it can, and
    /// gives way to counters before buildings.
    #[test]
    fn an_objective_name_keeps_off_the_buildings_about_it() {
        let name = ObjectiveName {
            at: Vec2::new(30.0, 20.0),
            radius: 1.0,
        };
        let text = FixedText {
            chars: 10,
            size: 1.08,
        };
        // A building under the ring: the name goes over it.
        let building = (Vec2::new(30.0, 15.0), Vec2::new(5.0, 3.0));
        assert_eq!(
            objective_name_at(name, text, &[], &[building], None),
            Some(Vec2::new(30.0, 21.6))
        );
        // A counter over it too, and walls either side: a line further over, clear of both.
        let counter = text_box(Vec2::new(30.0, 21.6), 4, 0.94);
        let walls = [
            building,
            (Vec2::new(40.0, 20.0), Vec2::new(3.0, 3.0)),
            (Vec2::new(20.0, 20.0), Vec2::new(3.0, 3.0)),
        ];
        let over = objective_name_at(name, text, &[counter], &walls, None).expect("a place");
        assert!(over.distance(Vec2::new(30.0, 22.896)) < 1e-3, "{over}");
        // That taken too (a figure above the counter): the name leaves the counter and the
        // figure clear and lies on the building.
        let figure = (Vec2::new(30.0, 23.0), Vec2::splat(0.5));
        assert_eq!(
            objective_name_at(name, text, &[counter, figure], &walls, None),
            Some(Vec2::new(30.0, 18.4))
        );
    }

    #[test]
    fn the_piece_under_the_pointer_is_the_nearest_not_the_first_within_reach() {
        let officer = token((10.0, 10.0), "Imperial officer", 0);
        let trooper = token((10.6, 10.0), "Stormtrooper 1", 1);
        let zoom = TableZoom::default();
        let near_officer = Vec2::new(10.1, 10.0);
        assert!(near_officer.distance(trooper.at) <= shown_base(&trooper, &zoom) + 0.2);
        for pair in [[&trooper, &officer], [&officer, &trooper]] {
            let t = under_pointer(pair.into_iter(), near_officer, &zoom).expect("a piece");
            assert_eq!(t.label, "Imperial officer");
        }
    }

    #[test]
    fn a_piece_with_no_label_keeps_its_badges_at_the_top_and_bottom_edges() {
        // A space battle's craft: no label, a colour badge; at either edge the badge goes to
        // the side of the base a label would have taken.
        let extent = Rect::new(0.0, 0.0, 14.0, 9.0);
        for y in [8.5, 0.5] {
            let mut craft = token((3.0, y), "", 0);
            craft.badges = vec![Badge::new("G", "green", [0.2, 0.8, 0.2])];
            let shown = declutter(&[&craft], 1.0, &TableZoom::default(), &[], extent);
            assert_eq!(shown, vec![(false, true)], "at y {y}");
        }
    }

    /// Issue 61: in a crowd, every piece keeps its state chips (ducked back, done); names give
    /// way to them, never the other way round.
    #[test]
    fn state_badges_show_however_close_the_pieces_stand() {
        let mut crowd: Vec<Token> = (0..6)
            .map(|k| {
                token(
                    (10.0 + k as f32, 10.0 + (k % 2) as f32),
                    &format!("Rookie {k}"),
                    k,
                )
            })
            .collect();
        for t in &mut crowd {
            t.badges = vec![Badge::new("D", "ducked back", [0.9, 0.6, 0.2])];
        }
        let shown = declutter(
            &crowd.iter().collect::<Vec<_>>(),
            1.0,
            &TableZoom::default(),
            &[],
            EVERYWHERE,
        );
        assert!(shown.iter().all(|s| s.1), "{shown:?}");
        assert!(
            shown.iter().filter(|s| s.0).count() < crowd.len(),
            "the names give way: {shown:?}"
        );
        // Alone, a piece shows both its name and its state.
        let alone = declutter(&[&crowd[0]], 1.0, &TableZoom::default(), &[], EVERYWHERE);
        assert_eq!(alone, vec![(true, true)]);
    }

    /// A new player's walk: an `active` chip between two fighters read as the neighbour's.
    /// Each row goes where it is nearer its own base than any other, or has a line to it.
    #[test]
    fn a_row_of_badges_reads_as_its_own_pieces() {
        for n in [2, 3, 5] {
            let mut line: Vec<Token> = (0..n)
                .map(|k| token((10.0 + 1.05 * k as f32, 10.0), "Rookie", k))
                .collect();
            for t in &mut line {
                t.badges = vec![Badge::new("active", "acting now", [0.2, 0.8, 0.9])];
            }
            let refs: Vec<&Token> = line.iter().collect();
            let zoom = TableZoom::default();
            let laid = super::declutter(&refs, 1.0, &zoom, &[], EVERYWHERE, &[]);
            let others = centres(refs.iter().copied());
            for (i, (t, l)) in line.iter().zip(&laid).enumerate() {
                let half = row_half(t, l.size);
                let row = t.at + l.badges.unwrap();
                let gap = |o: &Token| {
                    o.at.clamp(row - half, row + half).distance(o.at)
                        - shown_among(o, &zoom, &others)
                };
                let own = gap(t);
                let theirs = line
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != i)
                    .map(|(_, o)| gap(o))
                    .fold(f32::MAX, f32::min);
                assert!(
                    own < theirs || l.lead,
                    "{n} in a line, {i}: {own} against {theirs}"
                );
            }
        }
    }

    #[test]
    fn a_label_over_another_base_is_hidden() {
        // B stands just under A: A's label would run over B's base.
        let t = [token((10.0, 10.0), "A", 0), token((10.0, 8.8), "B", 1)];
        let shown = declutter(
            &t.iter().collect::<Vec<_>>(),
            1.0,
            &TableZoom::default(),
            &[],
            EVERYWHERE,
        );
        assert_eq!((shown[0].0, shown[1].0), (false, true));
    }

    #[test]
    fn a_label_moved_over_its_piece_at_the_bottom_edge_is_hidden_where_a_neighbour_stands() {
        // A at the board's bottom edge: its label goes over it, where B stands; alone, A's
        // label shows there.
        let extent = Rect::new(0.0, 0.0, 36.0, 36.0);
        let t = [token((5.0, 0.6), "Dace", 0), token((5.0, 3.0), "B", 1)];
        let shown = declutter(
            &t.iter().collect::<Vec<_>>(),
            1.0,
            &TableZoom::default(),
            &[],
            extent,
        );
        assert!(!shown[0].0, "{shown:?}");
        let alone = [token((5.0, 0.6), "Dace", 0)];
        let shown = declutter(
            &alone.iter().collect::<Vec<_>>(),
            1.0,
            &TableZoom::default(),
            &[],
            extent,
        );
        assert!(shown[0].0, "{shown:?}");
    }
}

/// Issue 61's check of the table's state markers, for the tests of every rule set's screens.
#[cfg(test)]
pub(crate) mod check {
    use super::*;

    /// The texts that stay on the table ([`FixedText`]: order counters, objectives' names) as
    /// the table in `world` draws them: no two shown run over each other (`what` names the
    /// case in messages). Returns how many were shown.
    pub(crate) fn fixed_texts_apart(world: &mut World, what: &str) -> usize {
        let boxes: Vec<(Vec2, Vec2)> = world
            .query::<(&FixedText, &GlobalTransform, &InheritedVisibility)>()
            .iter(world)
            .filter(|(f, _, shown)| shown.get() && f.chars > 0)
            .map(|(f, at, _)| text_box(at.translation().truncate(), f.chars, f.size))
            .collect();
        for (i, a) in boxes.iter().enumerate() {
            for b in &boxes[i + 1..] {
                assert!(
                    !overlaps(*a, *b),
                    "{what}: texts at {} and {} run over each other",
                    a.0,
                    b.0
                );
            }
        }
        boxes.len()
    }

    /// The least size a badge's letters are set at on the table at a game's opening zoom in a
    /// 1280x720 window, window pixels (a font's size, a capital about 0.7 of it): a badge
    /// reads a letter or a short word (W, D, done, 5 left), and the walkthrough could not
    /// read 6 px letters in a crowded corner (issue 61) while the hex counters' 11 px values
    /// read; 9 px is the least at which the default font's capitals and digits stay apart
    /// (the software renderer smudged 8 px ones).
    pub(crate) const READABLE_PX: f32 = 9.0;

    /// How far a piece's row of badges may stand from its base, rows of badges, before it
    /// needs a line to it.
    const NEAR_ROWS: f32 = 2.0;

    /// What [`state_marks`] found.
    #[derive(Debug, Default)]
    pub(crate) struct Marked {
        /// Pieces with badges.
        pub(crate) pieces: usize,
        /// Of those, rows standing further than [`NEAR_ROWS`] from their base (a line leads
        /// to each), a counter riding on another's apart.
        pub(crate) far: usize,
    }

    /// A piece as a failure names it: its label, emblem and place.
    fn named(t: &Token) -> String {
        format!(
            "{} [{}] at ({:.1}, {:.1})",
            t.label, t.emblem, t.at.x, t.at.y
        )
    }

    /// How many of the flat table's names and rows of badges are shown in `world`.
    pub(crate) fn flat_texts_shown(world: &mut World) -> usize {
        let names = world
            .query_filtered::<&InheritedVisibility, With<Label>>()
            .iter(world)
            .filter(|v| v.get())
            .count();
        names
            + world
                .query_filtered::<&InheritedVisibility, With<Badges>>()
                .iter(world)
                .filter(|v| v.get())
                .count()
    }

    /// Every piece's state markers as the table in `world` draws them (`what` names it in
    /// messages): each piece with badges has its row laid out and shown, a chip a badge, its
    /// letters at least [`READABLE_PX`], and no chip runs over another piece's base or facing
    /// tick or another piece's chip, nor stands further than [`NEAR_ROWS`] from its base
    /// without a line to it; and every piece that has gone ([`Token::done`]) or is faded is
    /// drawn faded.
    pub(crate) fn state_marks(world: &mut World, what: &str) -> Marked {
        let mut marks = Marked::default();
        let tokens: Vec<(Entity, Token)> = world
            .query::<(Entity, &Token)>()
            .iter(world)
            .filter(|(_, t)| t.shown)
            .map(|(e, t)| (e, t.clone()))
            .collect();
        let drawn: std::collections::HashMap<Entity, f32> = world
            .query::<&TokenVisual>()
            .iter(world)
            .map(|v| (v.piece, v.drawn))
            .collect();
        // A piece that has gone, or is faded, shows it on its base whatever its neighbours.
        let fills: Vec<(Entity, Handle<ColorMaterial>)> = world
            .query::<&TokenVisual>()
            .iter(world)
            .map(|v| (v.piece, v.material.clone()))
            .collect();
        let materials = world.resource::<Assets<ColorMaterial>>();
        for (e, t) in tokens.iter().filter(|(_, t)| t.done.is_some() || t.faded) {
            let fill = fills
                .iter()
                .find(|(p, _)| p == e)
                .and_then(|(_, m)| materials.get(m))
                .unwrap_or_else(|| panic!("{what}: {} has no base drawn", named(t)));
            assert!(
                fill.color.alpha() < 1.0
                    && fill.alpha_mode == bevy::sprite_render::AlphaMode2d::Blend,
                "{what}: {} has gone or is faded, and its base is drawn whole",
                named(t)
            );
        }
        let mut rows = world.query::<(
            &Badges,
            &Lead,
            &GlobalTransform,
            &InheritedVisibility,
            &Children,
        )>();
        let mut texts = world.query::<(&Text2d, &TextFont)>();
        let mut chips_of: Vec<(usize, Vec<(Vec2, Vec2)>)> = Vec::new();
        for (k, (e, t)) in tokens.iter().enumerate() {
            if t.badges.is_empty() {
                continue;
            }
            let (row, lead, at, shown, kids) = rows
                .iter(world)
                .find(|(b, ..)| b.piece == *e)
                .unwrap_or_else(|| panic!("{what}: {}'s badges are not laid out", named(t)));
            assert!(shown.get(), "{what}: {}'s badges are hidden", named(t));
            assert_eq!(row.built.0, t.badges, "{what}: {}'s chips", named(t));
            let centre = at.translation().truncate();
            let size = row.built.1;
            let mut boxes = Vec::new();
            for (_, x, half) in chips(&t.badges, size) {
                boxes.push((centre + Vec2::X * x, Vec2::new(half, size * 0.62)));
            }
            let letters: Vec<f32> = kids
                .iter()
                .filter_map(|c| texts.get(world, c).ok())
                .map(|(_, f)| match f.font_size {
                    bevy::text::FontSize::Px(px) => px,
                    _ => 0.0,
                })
                .collect();
            assert_eq!(
                letters.len(),
                t.badges.len(),
                "{what}: {}'s chips",
                named(t)
            );
            for px in letters {
                assert!(
                    px >= READABLE_PX,
                    "{what}: {}'s badges are {px} px, under {READABLE_PX}",
                    named(t)
                );
            }
            // Near its piece, at most two rows' height from its base, so it reads as the
            // piece's; else (a crowd with no room left near) with a line to it.
            let d = drawn.get(e).copied().filter(|d| *d > 0.0).unwrap_or(t.base);
            let row = (centre - t.at, row_half(t, size));
            let nearest = Vec2::ZERO.clamp(row.0 - row.1, row.0 + row.1).length();
            if nearest > d + NEAR_ROWS * 2.0 * row.1.y {
                assert!(
                    lead.0.is_some(),
                    "{what}: {}'s badges stand {nearest:.2} from its centre with no line to them",
                    named(t)
                );
                // A counter riding on another's (a battlefield leader on his unit's) has no
                // room of its own.
                let riding = tokens.iter().any(|(o, other)| {
                    o != e && box_meets((t.at, Vec2::splat(d * 0.5)), &outline(other, other.base))
                });
                if !riding {
                    marks.far += 1;
                }
            }
            marks.pieces += 1;
            chips_of.push((k, boxes));
        }
        for (k, boxes) in &chips_of {
            let t = &tokens[*k].1;
            for (j, (e, o)) in tokens.iter().enumerate() {
                if j == *k {
                    continue;
                }
                let d = drawn.get(e).copied().filter(|d| *d > 0.0).unwrap_or(o.base);
                let base = outline(o, d);
                let tick = tick(o, d);
                for b in boxes {
                    assert!(
                        !box_meets(*b, &base),
                        "{what}: {}'s badges run over {}'s base",
                        named(t),
                        named(o)
                    );
                    assert!(
                        tick.is_none_or(|s| !box_crosses(*b, s)),
                        "{what}: {}'s badges run over {}'s facing tick",
                        named(t),
                        named(o)
                    );
                }
            }
            for (j, others) in &chips_of {
                if j == k {
                    continue;
                }
                for b in boxes {
                    assert!(
                        !others.iter().any(|o| overlaps(*b, *o)),
                        "{what}: {}'s badges run over {}'s",
                        named(t),
                        named(&tokens[*j].1)
                    );
                }
            }
        }
        marks
    }
}
