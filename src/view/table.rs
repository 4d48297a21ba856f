//! The board as its geometry says: an inch table's cloth, terrain pieces by type (filled by
//! kind, patterned by [`super::patterns`], sight-blockers outlined heavily; no words: what a
//! piece does is in its tooltip and the terrain key) and objective markers; a hex map's hexes;
//! a grid's squares, those with terrain filled; abstract ground's cloth; the named zones of
//! either, tinted and named.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

use super::TableVisual;
use super::palette::{TABLE, terrain_colour};
use super::patterns::Patterns;
use super::strokes::{Strokes, line_width};
use super::tokens::TokenVisual;
use crate::engine::board::{BoardGeometry, Marker, Zone};
use crate::rules::geometry::Shape;
use crate::rules::terrain::{TerrainPiece, TerrainProperty};

/// Spawns [`fills`] of `polygons` lying on the board (z 1, over the cloth, under the lines).
fn spawn_fills(
    polygons: &[(Vec<Vec2>, Color)],
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
    commands: &mut Commands,
) {
    commands.spawn((
        TableVisual,
        Mesh2d(meshes.add(fills(polygons))),
        MeshMaterial2d(materials.add(Color::WHITE)),
        Transform::from_xyz(0.0, 0.0, 1.0),
    ));
}

/// Convex polygons (their corners in turn, board units), each filled with its colour, as one
/// mesh coloured by vertex.
fn fills(polygons: &[(Vec<Vec2>, Color)]) -> Mesh {
    let mut positions = Vec::new();
    let mut colours = Vec::new();
    let mut indices = Vec::new();
    for (corners, colour) in polygons {
        let base = positions.len() as u32;
        let colour = colour.to_linear().to_f32_array();
        for p in corners {
            positions.push([p.x, p.y, 0.0]);
            colours.push(colour);
        }
        for k in 1..corners.len().saturating_sub(1) as u32 {
            indices.extend([base, base + k, base + k + 1]);
        }
    }
    super::strokes::coloured_mesh(positions, colours, indices)
}

/// A flat mesh of a terrain outline (any simple polygon, or a circle).
fn shape_mesh(shape: &Shape) -> Mesh {
    if let Shape::Circle { radius, .. } = shape {
        return Circle::new(*radius).mesh().resolution(48).build();
    }
    let c = shape.centre();
    let pts: Vec<[f32; 2]> = shape
        .corners()
        .iter()
        .map(|p| [p.x - c.x, p.y - c.y])
        .collect();
    let mut indices: Vec<u32> = Vec::new();
    earcut::Earcut::new().earcut(pts.iter().copied(), &[], &mut indices);
    let positions: Vec<[f32; 3]> = pts.iter().map(|p| [p[0], p[1], 0.0]).collect();
    let n = positions.len();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 0.0, 1.0]; n])
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, vec![[0.0, 0.0]; n])
    .with_inserted_indices(Indices::U32(indices))
}

fn spawn_table(
    board: Res<BoardGeometry>,
    old: Query<Entity, (With<TableVisual>, Without<TokenVisual>)>,
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    if !board.is_changed() {
        return;
    }
    // A rule set's own marks on the board (order counters) may go with their game in the
    // same frame.
    for e in &old {
        commands.entity(e).try_despawn();
    }
    let mut patterns = Patterns::default();
    let extent = board.extent();
    // Round the board, a surround lighter than a piece's dark ring: a piece at the edge
    // overhangs the board when drawn larger than true, and its ring, on the window's
    // near-black, looked cut off.
    let rim = SURROUND * extent.width().max(extent.height());
    commands.spawn((
        TableVisual,
        Mesh2d(meshes.add(Rectangle::new(
            extent.width() + 2.0 * rim,
            extent.height() + 2.0 * rim,
        ))),
        MeshMaterial2d(materials.add(super::palette::SURROUND)),
        Transform::from_translation(extent.center().extend(-0.5)),
    ));
    commands.spawn((
        TableVisual,
        Mesh2d(meshes.add(Rectangle::new(extent.width(), extent.height()))),
        MeshMaterial2d(materials.add(TABLE)),
        Transform::from_translation(extent.center().extend(0.0)),
    ));
    let (terrain, markers) = match &*board {
        BoardGeometry::InchTable {
            terrain, markers, ..
        } => (terrain.as_slice(), markers.as_slice()),
        BoardGeometry::HexMap { layout, hexes } => {
            // One mesh for every hex, coloured by vertex: a draw for the map rather than
            // one for each hex (hundreds of draws a frame cost a software renderer most of
            // its frame rate while panning).
            let tiles: Vec<(Vec<Vec2>, Color)> = hexes
                .iter()
                .map(|cell| (layout.hex_corners(cell.hex).to_vec(), cell.fill))
                .collect();
            spawn_fills(&tiles, &mut meshes, &mut materials, &mut commands);
            spawn_outlines(
                &board,
                &patterns,
                &mut meshes,
                &mut materials,
                &mut commands,
            );
            return;
        }
        BoardGeometry::SquareGrid {
            square,
            cells,
            zones,
            ..
        } => {
            // One mesh for the squares with terrain, as for a hex map's hexes.
            let tiles: Vec<(Vec<Vec2>, Color)> = cells
                .iter()
                .filter_map(|cell| {
                    let r = board.square(cell.column, cell.row)?;
                    let corners = vec![
                        r.min,
                        Vec2::new(r.max.x, r.min.y),
                        r.max,
                        Vec2::new(r.min.x, r.max.y),
                    ];
                    Some((corners, cell.fill))
                })
                .collect();
            spawn_fills(&tiles, &mut meshes, &mut materials, &mut commands);
            spawn_zones(
                zones,
                *square * 0.3,
                &mut commands,
                &mut meshes,
                &mut materials,
            );
            spawn_outlines(
                &board,
                &patterns,
                &mut meshes,
                &mut materials,
                &mut commands,
            );
            return;
        }
        BoardGeometry::Abstract { size, zones } => {
            let letters = size.min_element() / 40.0;
            spawn_zones(zones, letters, &mut commands, &mut meshes, &mut materials);
            spawn_outlines(
                &board,
                &patterns,
                &mut meshes,
                &mut materials,
                &mut commands,
            );
            return;
        }
    };
    for (i, t) in terrain.iter().enumerate() {
        let c = t.shape.centre();
        let centre = match &t.shape {
            Shape::Circle { centre, .. } => Vec2::new(centre.0, centre.1),
            _ => c,
        };
        commands.spawn((
            TableVisual,
            Mesh2d(meshes.add(shape_mesh(&t.shape))),
            MeshMaterial2d(materials.add(terrain_colour(t.kind))),
            Transform::from_translation(centre.extend(1.0 + i as f32 * 0.001)),
        ));
        patterns.add(t, i);
    }
    spawn_outlines(
        &board,
        &patterns,
        &mut meshes,
        &mut materials,
        &mut commands,
    );
    for o in markers {
        // "Objective: Objective 1" says it twice; a spawn point or the hill says what it is,
        // and a 1 Stat table's six spawn labels, each 11 letters longer, ran into each other.
        let lower = o.name.to_lowercase();
        let text = if ["objective", "spawn", "koth"]
            .iter()
            .any(|w| lower.starts_with(w))
        {
            o.name.clone()
        } else {
            format!("Objective: {}", o.name)
        };
        commands.spawn((
            TableVisual,
            super::tokens::FixedText {
                chars: text.chars().count(),
                size: 1.08,
            },
            super::tokens::ObjectiveName {
                at: o.at,
                radius: o.radius,
            },
            Text2d::new(text),
            TextFont::default(),
            TextColor(Color::srgb(1.0, 0.92, 0.35)),
            Transform::from_translation(Vec3::new(o.at.x, o.at.y - o.radius - 0.6, 3.0)),
            super::TableText(1.08),
        ));
    }
}

/// How far the surround reaches past the board on each side, as a share of the board's
/// longer side (the table is framed with 1% to spare each side: the surround fills it).
const SURROUND: f32 = 0.03;

/// Named areas as translucent tints with their names, letters `size` board units high (or
/// less, so that every name fits across its area), along the top of each area.
fn spawn_zones(
    zones: &[Zone],
    size: f32,
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
) {
    // "Republic" ran past both sides of its one-square edge strip; every name at the size of
    // the one that fits least, so that "Empire" is not set larger than "Republic".
    let size = zones
        .iter()
        .map(|z| zone_name_size(&z.name, z.area.width(), size))
        .fold(size, f32::min);
    for (i, z) in zones.iter().enumerate() {
        commands.spawn((
            TableVisual,
            Mesh2d(meshes.add(Rectangle::from_size(z.area.size()))),
            MeshMaterial2d(materials.add(z.fill.with_alpha(0.3))),
            Transform::from_translation(z.area.center().extend(2.0 + i as f32 * 0.001)),
        ));
        commands.spawn((
            TableVisual,
            Text2d::new(z.name.clone()),
            TextFont::default(),
            TextColor(Color::srgba(1.0, 1.0, 1.0, 0.85)),
            Transform::from_translation(Vec3::new(z.area.center().x, z.area.max.y - size, 3.0)),
            super::TableText(size),
        ));
    }
}

/// The letters' height (board units) for a zone's `name` across an area `width` wide: `size`,
/// or less where the name at that size would run past the area's sides (the table's letters
/// are about 0.6 of their height wide; a tenth of the width is left as margin).
fn zone_name_size(name: &str, width: f32, size: f32) -> f32 {
    let chars = name.chars().count().max(1) as f32;
    size.min(width * 0.9 / (chars * 0.6))
}

/// The board's lines as one mesh over the terrain and under the pieces, made once per board:
/// the table's edge, terrain outlines and patterns, objective rings, hex outlines and grid
/// lines.
fn spawn_outlines(
    board: &BoardGeometry,
    patterns: &Patterns,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
    commands: &mut Commands,
) {
    let mut strokes = Strokes::default();
    outlines(board, patterns, &mut strokes);
    spawn_strokes(
        &strokes,
        board.extent().size().max_element(),
        meshes,
        materials,
        commands,
    )
    .insert(TableVisual);
}

/// Spawns `strokes` as a mesh lying on a board `across` board units wide, over the terrain
/// (z 5) and under the pieces (z 10 and up), lines as wide as [`line_width`] says.
pub fn spawn_strokes<'a>(
    strokes: &Strokes,
    across: f32,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
    commands: &'a mut Commands,
) -> EntityCommands<'a> {
    commands.spawn((
        Mesh2d(meshes.add(strokes.mesh(line_width(across)))),
        MeshMaterial2d(materials.add(ColorMaterial {
            color: Color::WHITE,
            alpha_mode: bevy::sprite_render::AlphaMode2d::Blend,
            ..default()
        })),
        Transform::from_xyz(0.0, 0.0, 5.0),
    ))
}

/// Draws the board's lines into `gizmos`.
fn outlines(board: &BoardGeometry, patterns: &Patterns, gizmos: &mut Strokes) {
    let extent = board.extent();
    gizmos.rect_2d(
        extent.center(),
        extent.size(),
        Color::srgb(0.25, 0.22, 0.18),
    );
    match board {
        BoardGeometry::InchTable {
            terrain, markers, ..
        } => draw_terrain(terrain, markers, patterns, gizmos),
        BoardGeometry::HexMap { layout, hexes } => {
            for cell in hexes {
                let mut pts = layout.hex_corners(cell.hex).to_vec();
                pts.push(pts[0]);
                gizmos.linestrip_2d(pts, Color::srgba(0.0, 0.0, 0.0, 0.5));
            }
        }
        BoardGeometry::SquareGrid {
            columns,
            rows,
            square,
            zones,
            ..
        } => {
            zone_outlines(zones, gizmos);
            let colour = Color::srgba(0.9, 0.9, 0.8, 0.35);
            for c in 0..=*columns {
                let x = c as f32 * square;
                gizmos.line_2d(
                    Vec2::new(x, 0.0),
                    Vec2::new(x, *rows as f32 * square),
                    colour,
                );
            }
            for r in 0..=*rows {
                let y = r as f32 * square;
                gizmos.line_2d(
                    Vec2::new(0.0, y),
                    Vec2::new(*columns as f32 * square, y),
                    colour,
                );
            }
        }
        BoardGeometry::Abstract { zones, .. } => zone_outlines(zones, gizmos),
    }
}

/// Each zone's edge, in its colour.
fn zone_outlines(zones: &[Zone], gizmos: &mut Strokes) {
    for z in zones {
        gizmos.rect_2d(z.area.center(), z.area.size(), z.fill);
    }
}

fn draw_terrain(
    terrain: &[TerrainPiece],
    markers: &[Marker],
    patterns: &Patterns,
    gizmos: &mut Strokes,
) {
    for t in terrain {
        let heavy = t.has(TerrainProperty::BlocksLineOfSight) || t.has(TerrainProperty::Impassable);
        let colour = if heavy {
            Color::srgb(0.05, 0.05, 0.05)
        } else {
            Color::srgba(0.9, 0.9, 0.8, 0.6)
        };
        match &t.shape {
            Shape::Circle { centre, radius } => {
                gizmos.circle_2d(Vec2::new(centre.0, centre.1), *radius, 48, colour);
            }
            _ => {
                let mut pts = t.shape.corners();
                pts.push(pts[0]);
                gizmos.linestrip_2d(pts, colour);
            }
        }
    }
    for (a, b, colour) in &patterns.lines {
        gizmos.line_2d(*a, *b, *colour);
    }
    for (c, r, colour) in &patterns.rings {
        gizmos.circle_2d(*c, *r, (r * 8.0).clamp(12.0, 48.0) as u32, *colour);
    }
    for (pts, colour) in &patterns.outlines {
        gizmos.linestrip_2d(pts.iter().copied(), *colour);
    }
    for o in markers {
        gizmos.circle_2d(o.at, o.radius, 48, Color::srgb(1.0, 0.9, 0.3));
        gizmos.circle_2d(o.at, 0.3, 16, Color::srgb(1.0, 0.9, 0.3));
    }
}

/// Table first, so a new board's old visuals are gone before tokens draw.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct BoardDrawn;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        spawn_table
            .in_set(BoardDrawn)
            .run_if(resource_exists::<BoardGeometry>),
    );
}

#[cfg(test)]
mod tests {
    use super::zone_name_size;

    #[test]
    fn a_zone_name_fits_its_strip() {
        // "Republic" on a one-square edge strip: 8 letters at 0.6 of their height across
        // 0.9 of the strip.
        let size = zone_name_size("Republic", 1.0, 0.3);
        assert!((size - 0.9 / 4.8).abs() < 1e-6, "{size}");
        // A wide area keeps the size asked.
        assert_eq!(zone_name_size("Republic", 10.0, 0.3), 0.3);
    }
}
