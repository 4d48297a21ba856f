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
fn shown_among(t: &Token, zoom: &TableZoom, others: &[Vec2]) -> f32 {
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
fn centres<'a>(tokens: impl Iterator<Item = &'a Token>) -> Vec<Vec2> {
    tokens.filter(|t| t.shown).map(|t| t.at).collect()
}

/// The badges above a base, of this piece: a row of chips, one a badge, as last drawn.
#[derive(Component)]
struct Badges(Entity, Vec<Badge>);

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
/// fighter), in its side's colour.
fn facing_ticks(tokens: Query<&Token>, zoom: Res<TableZoom>, mut gizmos: Marks) {
    for t in tokens.iter().filter(|t| t.shown) {
        let Some(deg) = t.facing else { continue };
        let dir = Vec2::from_angle(deg.to_radians());
        let base = shown_base(t, &zoom);
        gizmos.line_2d(
            t.at + dir * base,
            t.at + dir * (base + 0.8),
            side_colour(t.side),
        );
    }
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
                    Badges(e, Vec::new()),
                    // As high as the label, just above the base.
                    Transform::from_xyz(0.0, t.base + label_size * 0.66, 0.03),
                    Visibility::default(),
                    Place {
                        at: Vec2::new(0.0, 1.0),
                        off: Vec2::new(0.0, label_size * 0.66),
                        text: None,
                        on_base: false,
                    },
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

/// The label under a base: names longer than 12 characters keep their last word when it says
/// enough, a name of its own ("Stormtrooper TK-421" → "TK-421", "Luke Skywalker" →
/// "Skywalker", but "Stormtrooper A1" and "Veteran trooper" stay); the card has the rest.
fn short_name(name: &str) -> String {
    match name.split_whitespace().last() {
        Some(last)
            if name.chars().count() > 12
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
    (scale, zoom): (Res<TableTextScale>, Res<TableZoom>),
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
        if t.faded {
            colour = colour.with_alpha(0.45);
        }
        if let Some(mut m) = materials.get_mut(&v.material)
            && m.color != colour
        {
            m.color = colour;
        }
    }
    for (be, mut b) in &mut badges {
        let Ok(t) = tokens.get(b.0) else { continue };
        if b.1 == t.badges {
            continue;
        }
        b.1 = t.badges.clone();
        // A chip a badge: a pill in the badge's colour, its code on it in white, or in black on
        // a light chip (a yellow or white craft's colour), where white would not read.
        commands.entity(be).despawn_related::<Children>();
        let label_size = t.label_size * scale.0;
        let r = label_size * 0.62;
        for (badge, x, w) in chips(&t.badges, label_size) {
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
                    TableText(label_size * 0.85),
                ));
            });
        }
    }
}

/// Over a piece with badges, a tooltip says what each means ("W wounded · FP3 Force points
/// left").
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
    let Some(t) = tokens.iter().find(|t| {
        t.shown && !t.badges.is_empty() && t.at.distance(at) <= shown_base(t, &zoom) + 0.2
    }) else {
        return Ok(());
    };
    let lines: Vec<String> = t
        .badges
        .iter()
        .map(|b| format!("{}  {}", b.code, b.meaning))
        .collect();
    note.add(super::NotePart {
        title: Some(t.label.clone()),
        lines: lines.into_iter().map(|l| (l, None)).collect(),
    });
    Ok(())
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
    let clear = |c: Vec2| {
        let b = text_box(c, text.chars, text.size);
        !discs
            .iter()
            .any(|&(at, r)| overlaps(b, (at, Vec2::splat(r * 0.9))))
            && !texts
                .iter()
                .any(|&(at, t)| overlaps(b, text_box(at, t.chars, t.size)))
    };
    places
        .iter()
        .copied()
        .find(|&c| clear(c))
        .or(places.first().copied())
}

/// Which labels and badges to show: every piece's badges (its state: ducked back, wounded,
/// done) always, since state must never vanish where pieces stand close; a label only where
/// it runs over no base, no badge and no label already shown, in drawing order. A piece whose
/// label is hidden still names itself on hover and on its card. Returns (label shown, badges
/// shown) for each token, in the order given; `scale`: the labels' size against the tokens'
/// own ([`TableTextScale`]); `zoom`: the table's ([`shown_base`]); `fixed`: the boxes (centre,
/// half size) of texts that stay ([`FixedText`]); `extent`: the board's, so each text is
/// checked where [`keep_labels_on_board`] puts it (over the piece at the bottom edge, where a
/// neighbour may stand).
fn declutter(
    tokens: &[&Token],
    scale: f32,
    zoom: &TableZoom,
    fixed: &[(Vec2, Vec2)],
    extent: Rect,
) -> Vec<(bool, bool)> {
    let mut order: Vec<usize> = (0..tokens.len()).collect();
    order.sort_by_key(|&i| tokens[i].order);
    let others = centres(tokens.iter().copied());
    let bases: Vec<(Vec2, Vec2)> = tokens
        .iter()
        .filter(|t| t.shown)
        .map(|t| (t.at, Vec2::splat(shown_among(t, zoom, &others) * 0.9)))
        .collect();
    // Each shown piece's label box, and its badges' box where it has badges.
    let boxes: Vec<Option<((Vec2, Vec2), Option<(Vec2, Vec2)>, usize)>> = tokens
        .iter()
        .map(|t| {
            if !t.shown {
                return None;
            }
            let label_size = t.label_size * scale;
            let base = shown_among(t, zoom, &others);
            let chars = short_name(&t.label).chars().count();
            let (_, half) = text_box(Vec2::ZERO, chars, label_size);
            let label = text_box(
                t.at + label_offset(t.at, base, half, label_size * 0.66, extent),
                chars,
                label_size,
            );
            let half_row = chips(&t.badges, label_size)
                .iter()
                .map(|(_, x, w)| x + w)
                .fold(0.0, f32::max);
            let half_row = Vec2::new(half_row, label_size * 0.62);
            let badges = (!t.badges.is_empty()).then(|| {
                (
                    t.at + badges_offset(
                        t.at,
                        base,
                        half_row,
                        label_size * 0.66,
                        if chars == 0 { 0.0 } else { label_size },
                        extent,
                    ),
                    half_row,
                )
            });
            Some((label, badges, chars))
        })
        .collect();
    // State first: names give way to every piece's badges.
    let mut placed: Vec<(Vec2, Vec2)> = fixed.to_vec();
    placed.extend(boxes.iter().flatten().filter_map(|(_, badges, _)| *badges));
    let mut out = vec![(false, false); tokens.len()];
    for i in order {
        let Some((label, _, chars)) = boxes[i] else {
            continue;
        };
        // A piece with no label (a space battle's craft) takes no room for one.
        let clear = chars > 0
            && !bases.iter().any(|&o| overlaps(label, o))
            && !placed.iter().any(|&o| overlaps(label, o));
        if clear {
            placed.push(label);
        }
        out[i] = (clear, true);
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

/// Where an objective's name goes: under its ring unless a box of `others` (centre, half size)
/// is in the way there and not over the ring.
fn objective_name_at(name: ObjectiveName, text: FixedText, others: &[(Vec2, Vec2)]) -> Vec2 {
    let gap = name.radius + 0.6;
    let under = name.at - Vec2::Y * gap;
    let over = name.at + Vec2::Y * gap;
    let clear = |c: Vec2| {
        let b = text_box(c, text.chars, text.size);
        !others.iter().any(|&o| overlaps(b, o))
    };
    if clear(under) || !clear(over) {
        under
    } else {
        over
    }
}

/// Moves each objective's name over its ring where an order counter or a piece stands under
/// it (a name under its ring ran over two stormtroopers in `outpost_raid`).
fn place_objective_names(
    moved: Query<(), (With<FixedText>, Without<ObjectiveName>, Changed<Transform>)>,
    others: Query<(&FixedText, &Transform), Without<ObjectiveName>>,
    mut names: Query<(&ObjectiveName, &FixedText, &mut Transform)>,
    added: Query<(), Added<ObjectiveName>>,
    (tokens, changed, zoom): (Query<&Token>, Query<(), Changed<Token>>, Res<TableZoom>),
) {
    if moved.is_empty() && added.is_empty() && changed.is_empty() && !zoom.is_changed() {
        return;
    }
    let boxes: Vec<(Vec2, Vec2)> = others
        .iter()
        .map(|(f, at)| text_box(at.translation.truncate(), f.chars, f.size))
        .chain(
            tokens
                .iter()
                .filter(|t| t.shown)
                .map(|t| (t.at, Vec2::splat(shown_base(t, &zoom)))),
        )
        .collect();
    for (name, text, mut at) in &mut names {
        let to = objective_name_at(*name, *text, &boxes);
        if at.translation.truncate() != to {
            at.translation.x = to.x;
            at.translation.y = to.y;
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

/// Where a piece's row of badges goes against its centre: over the base drawn `drawn` across,
/// or under its label where that runs off the top of `extent` (`half`: the row's half height;
/// `gap`: its usual distance over the base; `label`: the label's height, 0 for a piece with no
/// label, whose badges then go right under its base).
fn badges_offset(at: Vec2, drawn: f32, half: Vec2, gap: f32, label: f32, extent: Rect) -> Vec2 {
    let mut c = if at.y + drawn + gap + half.y > extent.max.y {
        Vec2::new(0.0, -drawn - gap - 1.5 * label - half.y)
    } else {
        Vec2::new(0.0, drawn + gap)
    };
    // Moved in from a side edge it would run past, as a label is.
    c.x += moved_in(at.x, half.x, extent);
    c
}

/// Keeps each piece's label and badges on the board (a fighter in a 1 Stat Skirmish corner had
/// its name past the table's edge, and its badge under the phase bar).
fn keep_labels_on_board(
    board: Option<Res<crate::engine::board::BoardGeometry>>,
    tokens: Query<&Token>,
    visuals: Query<&TokenVisual>,
    mut labels: Query<(&Label, &Text2d, &TableText, &ChildOf, &mut Transform), Without<Badges>>,
    mut badges: Query<(&Badges, &ChildOf, &mut Transform), Without<Label>>,
    scale: Res<TableTextScale>,
) {
    let Some(board) = board else { return };
    let extent = board.extent();
    for (b, parent, mut tf) in &mut badges {
        let (Ok(t), Ok(v)) = (tokens.get(b.0), visuals.get(parent.parent())) else {
            continue;
        };
        let drawn = if v.drawn > 0.0 { v.drawn } else { t.base };
        let size = t.label_size * scale.0;
        let wide = chips(&t.badges, size)
            .iter()
            .map(|(_, x, w)| x + w)
            .fold(0.0, f32::max);
        let half = Vec2::new(wide, size * 0.62);
        // A piece with no label (a space battle's craft) keeps its badges by its base.
        let label = if t.label.is_empty() { 0.0 } else { size };
        let c = badges_offset(t.at, drawn, half, size * 0.66, label, extent);
        if tf.translation.truncate() != c {
            tf.translation.x = c.x;
            tf.translation.y = c.y;
        }
    }
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

/// Shows and hides labels and badges as [`declutter`] says, when a token changed.
fn show_clear_texts(
    changed: Query<(), Changed<Token>>,
    board: Option<Res<crate::engine::board::BoardGeometry>>,
    (scale, zoom): (Res<TableTextScale>, Res<TableZoom>),
    tokens: Query<(Entity, &Token)>,
    (fixed, marks): (
        Query<(Ref<FixedText>, Ref<Transform>)>,
        Query<Ref<KeepClear>>,
    ),
    mut labels: Query<(&Label, &mut Visibility), Without<Badges>>,
    mut badges: Query<(&Badges, &mut Visibility), Without<Label>>,
) {
    if changed.is_empty()
        && !scale.is_changed()
        && !zoom.is_changed()
        && !fixed
            .iter()
            .any(|(f, at)| f.is_changed() || at.is_changed())
        && !marks.iter().any(|m| m.is_changed())
    {
        return;
    }
    let fixed: Vec<(Vec2, Vec2)> = fixed
        .iter()
        .map(|(f, at)| text_box(at.translation.truncate(), f.chars, f.size))
        .chain(marks.iter().map(|m| (m.at, m.half)))
        .collect();
    let all: Vec<(Entity, &Token)> = tokens.iter().collect();
    let refs: Vec<&Token> = all.iter().map(|(_, t)| *t).collect();
    let shown: std::collections::HashMap<Entity, (bool, bool)> = all
        .iter()
        .map(|(e, _)| *e)
        .zip(declutter(
            &refs,
            scale.0,
            &zoom,
            &fixed,
            board.map_or(EVERYWHERE, |b| b.extent()),
        ))
        .collect();
    let vis = |on: bool| {
        if on {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        }
    };
    for (l, mut v) in &mut labels {
        v.set_if_neq(vis(shown.get(&l.0).is_some_and(|s| s.0)));
    }
    for (b, mut v) in &mut badges {
        v.set_if_neq(vis(shown.get(&b.0).is_some_and(|s| s.1)));
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
                show_clear_texts,
                ring_named,
                facing_ticks,
            )
                .chain()
                .after(super::BoardDrawn),
        )
        .add_systems(
            bevy_egui::EguiPrimaryContextPass,
            badge_tooltip.before(super::CursorNoteSet),
        );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_name_keeps_its_own_last_word_only() {
        assert_eq!(short_name("Stormtrooper TK-421"), "TK-421");
        assert_eq!(short_name("Luke Skywalker"), "Skywalker");
        assert_eq!(short_name("Stormtrooper A1"), "Stormtrooper A1");
        // A rank and a kind, not a name: all of it (play-test: it read "trooper").
        assert_eq!(short_name("Veteran trooper"), "Veteran trooper");
    }

    #[test]
    fn badges_at_the_top_edge_go_under_the_label() {
        let board = Rect::from_corners(Vec2::ZERO, Vec2::new(24.0, 24.0));
        assert_eq!(
            badges_offset(
                Vec2::new(12.0, 12.0),
                0.5,
                Vec2::new(1.0, 0.3),
                0.4,
                0.5,
                board
            ),
            Vec2::new(0.0, 0.9)
        );
        let c = badges_offset(
            Vec2::new(23.5, 23.5),
            0.5,
            Vec2::new(1.0, 0.3),
            0.4,
            0.5,
            board,
        );
        assert!(c.y < -0.9 - 0.5, "{c}");
        // In the corner: moved in from the right edge too.
        assert!((23.5 + c.x + 1.0 - 24.0).abs() < 1e-5, "{c}");
        // With no label (a space battle's craft): right under the base.
        let c = badges_offset(
            Vec2::new(12.0, 23.5),
            0.5,
            Vec2::new(1.0, 0.3),
            0.4,
            0.0,
            board,
        );
        assert!((c.y - (-0.5 - 0.4 - 0.3)).abs() < 1e-5, "{c}");
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
    }

    #[test]
    fn a_log_line_names_a_piece_as_a_whole() {
        assert!(mentions("Stormtrooper A1 ducks back", "Stormtrooper A1"));
        assert!(mentions("T1 Han Solo: 6.0 against", "Han Solo"));
        assert!(!mentions("Stormtrooper 10 moves", "Stormtrooper 1"));
        assert!(!mentions("anything", ""));
    }

    fn token(at: (f32, f32), label: &str, order: usize) -> Token {
        Token {
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
        assert!(shown.iter().all(|s| s.0 && s.1), "{shown:?}");
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
        assert_eq!(objective_name_at(name, text, &[]), Vec2::new(30.0, 16.4));
        let counter = text_box(Vec2::new(31.0, 16.2), 9, 0.94);
        assert_eq!(
            objective_name_at(name, text, &[counter]),
            Vec2::new(30.0, 23.6)
        );
        let and_over = text_box(Vec2::new(31.0, 23.5), 9, 0.94);
        assert_eq!(
            objective_name_at(name, text, &[counter, and_over]),
            Vec2::new(30.0, 16.4),
            "both taken: under, as before"
        );
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
