//! Laying out an inch table in a scenario editor: terrain outlines moved, turned, resized,
//! snapped and mirrored, and ids made for new pieces. Pure data, in inches from the table's
//! bottom-left corner; the rule sets' editors build on it (docs/editor.md).

use glam::Vec2;

use super::geometry::Shape;

/// Which half of a board is copied onto the other, for a fair battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mirror {
    /// The left half onto the right, reflected across the middle.
    LeftToRight,
    /// The top half onto the bottom, reflected across the middle.
    TopToBottom,
    /// The left half onto the right, turned half round about the centre.
    Point,
}

impl Mirror {
    /// Every way, for menus.
    pub const ALL: [Mirror; 3] = [Mirror::LeftToRight, Mirror::TopToBottom, Mirror::Point];

    /// In words, for the menu.
    pub fn word(self) -> &'static str {
        match self {
            Mirror::LeftToRight => "Left half onto the right",
            Mirror::TopToBottom => "Top half onto the bottom",
            Mirror::Point => "Left half onto the right, turned round",
        }
    }

    /// Where point `p` of a table `size` (inches) goes.
    pub fn point(self, p: Vec2, size: Vec2) -> Vec2 {
        match self {
            Mirror::LeftToRight => Vec2::new(size.x - p.x, p.y),
            Mirror::TopToBottom => Vec2::new(p.x, size.y - p.y),
            Mirror::Point => size - p,
        }
    }

    /// Whether `p` lies in the half that is copied (`Some(true)`), the half that is replaced
    /// (`Some(false)`), or on the middle line (`None`, within a hundredth of an inch).
    pub fn source(self, p: Vec2, size: Vec2) -> Option<bool> {
        let (v, mid) = match self {
            Mirror::LeftToRight | Mirror::Point => (p.x, size.x / 2.0),
            Mirror::TopToBottom => (size.y - p.y, size.y / 2.0),
        };
        if (v - mid).abs() < 0.01 {
            None
        } else {
            Some(v < mid)
        }
    }

    /// Whether `shape` lies wholly in the copied half (`Some(true)`), wholly in the replaced
    /// half (`Some(false)`), or across the middle line (`None`); touching the line counts as
    /// within a half.
    pub fn half_of(self, shape: &Shape, size: Vec2) -> Option<bool> {
        let b = shape.aabb();
        let ends = [self.source(b.min, size), self.source(b.max, size)];
        if ends.contains(&Some(true)) && !ends.contains(&Some(false)) {
            Some(true)
        } else if ends.contains(&Some(false)) && !ends.contains(&Some(true)) {
            Some(false)
        } else {
            None
        }
    }

    /// `shape` reflected (or turned round) as [`Mirror::point`] moves its points.
    pub fn shape(self, shape: &Shape, size: Vec2) -> Shape {
        let at = |p: (f32, f32)| self.point(Vec2::from(p), size).into();
        match shape {
            Shape::Rect { min, max } => {
                let (a, b) = (
                    self.point((*min).into(), size),
                    self.point((*max).into(), size),
                );
                Shape::Rect {
                    min: a.min(b).into(),
                    max: a.max(b).into(),
                }
            }
            Shape::Circle { centre, radius } => Shape::Circle {
                centre: at(*centre),
                radius: *radius,
            },
            Shape::Polygon { points } => Shape::Polygon {
                points: points.iter().map(|p| at(*p)).collect(),
            },
        }
    }
}

/// A piece laid on the table: what the layout needs of a rule set's terrain piece.
pub trait Laid: Clone {
    /// Its id, unique within the scenario.
    fn id(&self) -> &str;
    /// Gives it another id.
    fn set_id(&mut self, id: String);
    /// Its outline, inches.
    fn shape(&self) -> &Shape;
    /// Its outline, to change.
    fn shape_mut(&mut self) -> &mut Shape;
}

impl Laid for super::terrain::TerrainPiece {
    fn id(&self) -> &str {
        &self.id
    }
    fn set_id(&mut self, id: String) {
        self.id = id;
    }
    fn shape(&self) -> &Shape {
        &self.shape
    }
    fn shape_mut(&mut self) -> &mut Shape {
        &mut self.shape
    }
}

/// The first of `stem`, `stem_2`, `stem_3` … that `taken` says is free (a stem that ends in
/// `_` and a number counts on from its root: a copy of `rock_2` is `rock_3`).
pub fn fresh_id(stem: &str, taken: impl Fn(&str) -> bool) -> String {
    let stem = if stem.is_empty() { "piece" } else { stem };
    if !taken(stem) {
        return stem.to_string();
    }
    let stem = match stem.rsplit_once('_') {
        Some((root, n)) if !root.is_empty() && n.parse::<u32>().is_ok() => root,
        _ => stem,
    };
    (2..)
        .map(|n| format!("{stem}_{n}"))
        .find(|id| !taken(id))
        .unwrap_or_default()
}

/// A stem for ids: `name` in lower case, `_` for anything but letters and digits.
pub fn id_stem(name: &str) -> String {
    let s: String = name
        .trim()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    s.trim_matches('_').to_string()
}

/// Copies the pieces of `pieces` wholly in the copied half onto the other, reflected, with
/// fresh ids, and removes those wholly in the replaced half; a piece across the middle line
/// stays as it is, once. `taken` says which ids the rest of the scenario uses.
pub fn mirror<T: Laid>(pieces: &mut Vec<T>, how: Mirror, size: Vec2, taken: impl Fn(&str) -> bool) {
    pieces.retain(|p| how.half_of(p.shape(), size) != Some(false));
    let copies: Vec<T> = pieces
        .iter()
        .filter(|p| how.half_of(p.shape(), size) == Some(true))
        .cloned()
        .collect();
    for mut c in copies {
        let id = fresh_id(&format!("{}_mirror", c.id()), |id| {
            taken(id) || pieces.iter().any(|p| p.id() == id)
        });
        c.set_id(id);
        *c.shape_mut() = how.shape(c.shape(), size);
        pieces.push(c);
    }
}

/// `v` to the nearest multiple of `step` (inches); `v` itself when `step` is not positive.
pub fn snap(v: f32, step: f32) -> f32 {
    if step > 0.0 {
        (v / step).round() * step
    } else {
        v
    }
}

/// A point snapped as [`snap`] snaps each coordinate.
pub fn snap_point(p: (f32, f32), step: f32) -> (f32, f32) {
    (snap(p.0, step), snap(p.1, step))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::terrain::{TerrainKind, TerrainPiece};

    fn piece(id: &str, shape: Shape) -> TerrainPiece {
        TerrainPiece {
            id: id.into(),
            kind: TerrainKind::Rocks,
            shape,
            properties: Vec::new(),
        }
    }

    #[test]
    fn mirroring_copies_the_left_half_and_replaces_the_right() {
        let size = Vec2::new(72.0, 48.0);
        let mut pieces = vec![
            piece(
                "rock",
                Shape::Rect {
                    min: (10.0, 5.0),
                    max: (14.0, 9.0),
                },
            ),
            piece(
                "old",
                Shape::Circle {
                    centre: (60.0, 20.0),
                    radius: 2.0,
                },
            ),
            piece(
                "middle",
                Shape::Circle {
                    centre: (36.0, 20.0),
                    radius: 3.0,
                },
            ),
        ];
        mirror(&mut pieces, Mirror::LeftToRight, size, |_| false);
        let ids: Vec<&str> = pieces.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids, ["rock", "middle", "rock_mirror"]);
        assert_eq!(
            pieces[2].shape,
            Shape::Rect {
                min: (58.0, 5.0),
                max: (62.0, 9.0)
            }
        );
        let mut turned = vec![piece(
            "tri",
            Shape::Polygon {
                points: vec![(2.0, 2.0), (8.0, 2.0), (2.0, 10.0)],
            },
        )];
        mirror(&mut turned, Mirror::Point, size, |id| id == "tri_mirror");
        assert_eq!(turned[1].id, "tri_mirror_2");
        assert_eq!(
            turned[1].shape,
            Shape::Polygon {
                points: vec![(70.0, 46.0), (64.0, 46.0), (70.0, 38.0)]
            }
        );
        let mut top = vec![piece(
            "hill",
            Shape::Circle {
                centre: (20.0, 40.0),
                radius: 4.0,
            },
        )];
        mirror(&mut top, Mirror::TopToBottom, size, |_| false);
        assert_eq!(
            top[1].shape,
            Shape::Circle {
                centre: (20.0, 8.0),
                radius: 4.0
            }
        );
    }

    #[test]
    fn ids_are_made_free_and_snapping_rounds_to_the_step() {
        assert_eq!(
            fresh_id("door", |id| id == "door" || id == "door_2"),
            "door_3"
        );
        assert_eq!(fresh_id("", |_| false), "piece");
        assert_eq!(id_stem("Han Solo!"), "han_solo");
        assert_eq!(snap_point((3.26, -1.74), 0.5), (3.5, -1.5));
        assert_eq!(snap(3.26, 0.0), 3.26);
    }
}
