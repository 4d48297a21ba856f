//! The board's drawn lines (the table's edge, terrain outlines and patterns, hex outlines,
//! roads, rivers, hill levels) as one mesh lying on the board, under the pieces. Bevy draws
//! every 2D gizmo after everything else, so lines kept as a gizmo ran across the counters
//! standing on them (a hill's rings over a rebel trooper's values).

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

/// Lines to draw, each a straight stroke in its colour, board units.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Strokes {
    lines: Vec<(Vec2, Vec2, Color)>,
}

impl Strokes {
    /// A line from `a` to `b`.
    pub fn line_2d(&mut self, a: Vec2, b: Vec2, colour: Color) {
        self.lines.push((a, b, colour));
    }

    /// Lines joining `points` in turn.
    pub fn linestrip_2d(&mut self, points: impl IntoIterator<Item = Vec2>, colour: Color) {
        let pts: Vec<Vec2> = points.into_iter().collect();
        for w in pts.windows(2) {
            self.lines.push((w[0], w[1], colour));
        }
    }

    /// The outline of a rectangle `size` across, centred and turned as `isometry` says (a
    /// point: square to the board there).
    pub fn rect_2d(&mut self, isometry: impl Into<Isometry2d>, size: Vec2, colour: Color) {
        let iso = isometry.into();
        let h = size / 2.0;
        let corners = [
            Vec2::new(-h.x, -h.y),
            Vec2::new(h.x, -h.y),
            Vec2::new(h.x, h.y),
            Vec2::new(-h.x, h.y),
            Vec2::new(-h.x, -h.y),
        ];
        self.linestrip_2d(corners.map(|c| iso.transform_point(c)), colour);
    }

    /// A circle of `radius` about `centre`, as `sides` straight strokes.
    pub fn circle_2d(&mut self, centre: Vec2, radius: f32, sides: u32, colour: Color) {
        let sides = sides.max(3);
        self.linestrip_2d(
            (0..=sides).map(|k| {
                centre + Vec2::from_angle(k as f32 / sides as f32 * std::f32::consts::TAU) * radius
            }),
            colour,
        );
    }

    /// A circle as [`Strokes::circle_2d`] draws it, only the parts of it inside `within`
    /// (a ring of reach running past the table's edge reached where no piece can stand).
    pub fn circle_2d_within(
        &mut self,
        centre: Vec2,
        radius: f32,
        sides: u32,
        colour: Color,
        within: Rect,
    ) {
        let mut ring = Strokes::default();
        ring.circle_2d(centre, radius, sides, colour);
        self.lines.extend(
            ring.lines
                .into_iter()
                .filter_map(|(a, b, c)| clip(a, b, within).map(|(a, b)| (a, b, c))),
        );
    }

    /// How many lines there are.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// The lines as quads `width` board units wide (each run on by half its width at both
    /// ends, so corners close), coloured by vertex: draw it with a white `ColorMaterial`.
    pub fn mesh(&self, width: f32) -> Mesh {
        let half = width / 2.0;
        let mut positions = Vec::with_capacity(self.lines.len() * 4);
        let mut colours = Vec::with_capacity(self.lines.len() * 4);
        let mut indices = Vec::with_capacity(self.lines.len() * 6);
        for (a, b, colour) in &self.lines {
            let along = (*b - *a).normalize_or(Vec2::X) * half;
            let across = along.perp();
            let (a, b) = (*a - along, *b + along);
            let base = positions.len() as u32;
            for p in [a - across, a + across, b + across, b - across] {
                positions.push([p.x, p.y, 0.0]);
                colours.push(colour.to_linear().to_f32_array());
            }
            indices.extend([base, base + 1, base + 2, base, base + 2, base + 3]);
        }
        coloured_mesh(positions, colours, indices)
    }
}

/// The part of the line from `a` to `b` inside `r`, if any (Liang and Barsky's clipping).
fn clip(a: Vec2, b: Vec2, r: Rect) -> Option<(Vec2, Vec2)> {
    let d = b - a;
    let (mut t0, mut t1) = (0.0_f32, 1.0_f32);
    for (p, q) in [
        (-d.x, a.x - r.min.x),
        (d.x, r.max.x - a.x),
        (-d.y, a.y - r.min.y),
        (d.y, r.max.y - a.y),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else if p < 0.0 {
            t0 = t0.max(q / p);
        } else {
            t1 = t1.min(q / p);
        }
    }
    (t0 < t1).then(|| (a + d * t0, a + d * t1))
}

/// Triangles coloured by vertex (linear RGBA), drawn with a white `ColorMaterial`. None is
/// one triangle of no area and no colour: Bevy's mesh allocator gives an empty mesh no room
/// and then logs "Use-after-free" twice each time it is sent (at every start, and whenever
/// the marks go).
pub fn coloured_mesh(positions: Vec<[f32; 3]>, colours: Vec<[f32; 4]>, indices: Vec<u32>) -> Mesh {
    let (positions, colours, indices) = if positions.is_empty() {
        (vec![[0.0; 3]; 3], vec![[0.0; 4]; 3], vec![0, 1, 2])
    } else {
        (positions, colours, indices)
    };
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, colours)
    .with_inserted_indices(Indices::U32(indices))
}

/// The width of the board's lines for a board `across` board units at its widest: about 1.5
/// px with the whole board in view.
pub fn line_width(across: f32) -> f32 {
    across * 0.0024
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No lines make a mesh with a vertex all the same, one triangle of no area: an empty
    /// mesh made bevy_render log "Use-after-free" (issue 61).
    #[test]
    fn no_lines_make_a_mesh_of_one_empty_triangle() {
        let m = Strokes::default().mesh(1.0);
        assert_eq!(m.count_vertices(), 3);
        let Some(bevy::mesh::VertexAttributeValues::Float32x3(p)) =
            m.attribute(Mesh::ATTRIBUTE_POSITION)
        else {
            panic!("positions")
        };
        assert!(p.iter().all(|v| *v == [0.0; 3]), "{p:?}");
    }

    #[test]
    fn a_line_is_a_quad_run_on_at_both_ends() {
        let mut s = Strokes::default();
        s.line_2d(Vec2::ZERO, Vec2::new(10.0, 0.0), Color::WHITE);
        let mesh = s.mesh(0.2);
        let Some(bevy::mesh::VertexAttributeValues::Float32x3(p)) =
            mesh.attribute(Mesh::ATTRIBUTE_POSITION)
        else {
            panic!("no positions");
        };
        let xs: Vec<f32> = p.iter().map(|v| v[0]).collect();
        let ys: Vec<f32> = p.iter().map(|v| v[1]).collect();
        assert_eq!(xs, [-0.1, -0.1, 10.1, 10.1]);
        assert_eq!(ys, [-0.1, 0.1, 0.1, -0.1]);
        assert_eq!(mesh.indices().map(|i| i.len()), Some(6));
    }

    #[test]
    fn a_rectangle_is_four_lines_and_a_circle_its_sides() {
        let mut s = Strokes::default();
        s.rect_2d(Vec2::ZERO, Vec2::new(4.0, 2.0), Color::WHITE);
        assert_eq!(s.len(), 4);
        s.circle_2d(Vec2::ZERO, 1.0, 12, Color::WHITE);
        assert_eq!(s.len(), 16);
    }

    /// A ring round a piece by the table's edge is drawn only on the table: every stroke
    /// kept lies inside it, the half on the table is all there, and none of the half off it.
    #[test]
    fn a_ring_within_the_table_stops_at_its_edge() {
        let table = Rect::from_corners(Vec2::ZERO, Vec2::new(48.0, 48.0));
        let mut s = Strokes::default();
        s.circle_2d_within(Vec2::new(1.0, 24.0), 6.0, 64, Color::WHITE, table);
        assert!(!s.is_empty());
        for (a, b, _) in &s.lines {
            for p in [a, b] {
                assert!(table.contains(*p), "{p} is off the table");
            }
        }
        let length: f32 = s.lines.iter().map(|(a, b, _)| a.distance(*b)).sum();
        let mut whole = Strokes::default();
        whole.circle_2d(Vec2::new(1.0, 24.0), 6.0, 64, Color::WHITE);
        let all: f32 = whole.lines.iter().map(|(a, b, _)| a.distance(*b)).sum();
        // The ring crosses the edge 1 unit from its centre: acos(-1/6) of each half is on.
        let on = all * (1.0 - (1.0_f32 / 6.0).acos() / std::f32::consts::PI);
        assert!(
            (length - on).abs() < 0.05 * all,
            "{length} of {all}, expected {on}"
        );
        let mut off = Strokes::default();
        off.circle_2d_within(Vec2::new(-10.0, 24.0), 6.0, 64, Color::WHITE, table);
        assert!(off.is_empty());
    }
}
