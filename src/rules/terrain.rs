//! Terrain pieces and what they do to movement, sight and cover.

use glam::Vec2;
use serde::{Deserialize, Serialize};

use super::geometry::Shape;

/// How a piece looks on the table (drawing only; the rules read [`TerrainProperty`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TerrainKind {
    /// Trees and undergrowth.
    Woods,
    /// Boulders and rocky outcrops.
    Rocks,
    /// A building, bunker or hut.
    Building,
    /// A hill or ridge.
    Hill,
    /// Water: rivers, marsh.
    Water,
    /// A wall, fence or barricade.
    Wall,
    /// Crates, barrels, wreckage.
    Crates,
    /// A chasm or gap that must be jumped.
    Chasm,
    /// A door: shut, it blocks movement and sight; a Tech, the Force's Activate, explosives
    /// or a light sabre open it (tyneside-skirmish.txt).
    Door,
    /// Anything else.
    Other,
}

/// What a piece does under the rules (tyneside-skirmish.txt, Movement, Visibility, Shooting).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum TerrainProperty {
    /// Movement inside costs double ("Halve movement if in difficult terrain").
    Difficult,
    /// A move that crosses it is halved ("… or crossing an obstacle").
    Obstacle,
    /// No figure may enter or cross it.
    Impassable,
    /// Sight lines through it are blocked.
    BlocksLineOfSight,
    /// A figure in or behind it is "in cover": −1 on the fire chart die.
    Cover,
    /// A building (morale fall-backs may not end inside).
    Building,
    /// A hill or ridge: blocks sight across it unless a figure stands on it.
    Hill,
    /// A gap that can only be crossed by jumping (D4+1").
    Gap,
}

impl TerrainKind {
    /// Every kind, for an editor's list: the commonest first.
    pub const ALL: [TerrainKind; 10] = [
        TerrainKind::Building,
        TerrainKind::Woods,
        TerrainKind::Rocks,
        TerrainKind::Wall,
        TerrainKind::Door,
        TerrainKind::Hill,
        TerrainKind::Crates,
        TerrainKind::Water,
        TerrainKind::Chasm,
        TerrainKind::Other,
    ];

    /// Its name, for the terrain key and tooltips.
    pub fn name(self) -> &'static str {
        match self {
            TerrainKind::Woods => "woods",
            TerrainKind::Rocks => "rocks",
            TerrainKind::Building => "building",
            TerrainKind::Hill => "hill",
            TerrainKind::Water => "water",
            TerrainKind::Wall => "wall",
            TerrainKind::Crates => "crates",
            TerrainKind::Chasm => "chasm",
            TerrainKind::Door => "door",
            TerrainKind::Other => "other",
        }
    }
}

impl TerrainProperty {
    /// Its name and what it does, in a few words (tyneside-skirmish.txt, Movement,
    /// Visibility, Shooting; docs/rules/tyneside.md), for the terrain key and tooltips.
    pub fn words(self) -> (&'static str, &'static str) {
        match self {
            TerrainProperty::Difficult => ("difficult", "halve movement inside"),
            TerrainProperty::Obstacle => ("obstacle", "halve a move that crosses it"),
            TerrainProperty::Impassable => ("impassable", "no figure enters or crosses"),
            TerrainProperty::BlocksLineOfSight => ("blocks sight", "no line of sight through it"),
            TerrainProperty::Cover => ("cover", "in or behind it: -1 on the fire chart die"),
            TerrainProperty::Building => ("building", "a morale fall-back may not end inside"),
            TerrainProperty::Hill => ("hill", "blocks sight across it unless a figure is on it"),
            TerrainProperty::Gap => ("gap", "crossed only by a jump (D4+1\")"),
        }
    }
}

/// One terrain piece on the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TerrainPiece {
    /// Unique id within the scenario, e.g. "bunker".
    pub id: String,
    /// How it is drawn.
    pub kind: TerrainKind,
    /// Its outline, inches.
    pub shape: Shape,
    /// What it does under the rules.
    #[serde(default)]
    pub properties: Vec<TerrainProperty>,
}

impl TerrainPiece {
    /// Whether the piece has property `p`.
    pub fn has(&self, p: TerrainProperty) -> bool {
        self.properties.contains(&p)
    }

    /// Whether this piece blocks the sight line `a`–`b` between two figures.
    ///
    /// tyneside-skirmish.txt, Visibility; rulings in docs/rules/tyneside.md: a piece that
    /// blocks line of sight blocks a line through it, but a figure standing inside it sees out
    /// (and is seen) while the line's run inside the piece is at most 2"; a hill blocks a line
    /// across it unless either figure stands on it ("A hill/ridge counts as cover, until any
    /// of the players force get a line of sight to the far side").
    pub fn blocks_sight(&self, a: Vec2, b: Vec2) -> bool {
        let (hill, wall) = (
            self.has(TerrainProperty::Hill),
            self.has(TerrainProperty::BlocksLineOfSight),
        );
        if !hill && !wall {
            return false;
        }
        if !self.shape.aabb().hits_segment(a, b) || !self.shape.touches_segment(a, b) {
            return false;
        }
        let (a_in, b_in) = (self.shape.contains(a), self.shape.contains(b));
        if hill && !wall {
            return !(a_in || b_in);
        }
        if a_in || b_in {
            return self.shape.length_inside(a, b) > SEE_OUT_OF_COVER;
        }
        true
    }
}

/// How far into woods or a building a figure can see out from (and be seen), inches.
pub const SEE_OUT_OF_COVER: f32 = 2.0;

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(props: Vec<TerrainProperty>) -> TerrainPiece {
        TerrainPiece {
            id: "p".into(),
            kind: TerrainKind::Woods,
            shape: Shape::Rect {
                min: (10.0, 0.0),
                max: (20.0, 10.0),
            },
            properties: props,
        }
    }

    #[test]
    fn blocking_piece_blocks_through_but_not_from_its_edge() {
        let w = piece(vec![TerrainProperty::BlocksLineOfSight]);
        assert!(w.blocks_sight(Vec2::new(0.0, 5.0), Vec2::new(30.0, 5.0)));
        assert!(
            !w.blocks_sight(Vec2::new(0.0, 5.0), Vec2::new(11.5, 5.0)),
            "1.5\" inside sees out"
        );
        assert!(
            w.blocks_sight(Vec2::new(0.0, 5.0), Vec2::new(15.0, 5.0)),
            "5\" inside is hidden"
        );
        assert!(
            !w.blocks_sight(Vec2::new(0.0, 15.0), Vec2::new(30.0, 15.0)),
            "line passes above"
        );
    }

    #[test]
    fn hill_blocks_unless_someone_stands_on_it() {
        let h = piece(vec![TerrainProperty::Hill]);
        assert!(h.blocks_sight(Vec2::new(0.0, 5.0), Vec2::new(30.0, 5.0)));
        assert!(!h.blocks_sight(Vec2::new(15.0, 5.0), Vec2::new(30.0, 5.0)));
    }

    #[test]
    fn cover_alone_does_not_block() {
        let c = piece(vec![TerrainProperty::Cover, TerrainProperty::Difficult]);
        assert!(!c.blocks_sight(Vec2::new(0.0, 5.0), Vec2::new(30.0, 5.0)));
    }
}
