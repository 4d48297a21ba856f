//! Terrain as 1 Stat Skirmish has it: three yes/no properties, Accessibility, Visibility and
//! Cover, with the text's examples as presets (one-stat-skirmish.txt, "Terrain").

use serde::{Deserialize, Serialize};

use crate::rules::terrain::{TerrainKind, TerrainProperty};

/// A piece's three answers ("all of which are yes/no decisions").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Answers {
    /// "Can you walk onto, into or through the piece of terrain?"
    pub accessible: bool,
    /// "Does the piece of terrain grant line of sight?"
    pub visible: bool,
    /// "Does the piece of terrain provide cover?" (asked only where it is visible: "If a
    /// piece of terrain takes a fighter out of line of sight, there is no need for cover").
    pub cover: bool,
}

impl Answers {
    /// The shared terrain properties that play these answers: not accessible is impassable,
    /// not visible blocks line of sight, cover is cover. Nothing halves ("there is no such
    /// thing as terrain halving movement!").
    pub fn properties(self) -> Vec<TerrainProperty> {
        let mut p = Vec::new();
        if !self.accessible {
            p.push(TerrainProperty::Impassable);
        }
        if !self.visible {
            p.push(TerrainProperty::BlocksLineOfSight);
        }
        if self.cover && self.visible {
            p.push(TerrainProperty::Cover);
        }
        p
    }

    /// The answers a piece with `properties` gives.
    pub fn of(properties: &[TerrainProperty]) -> Answers {
        Answers {
            accessible: !properties.contains(&TerrainProperty::Impassable),
            visible: !properties.contains(&TerrainProperty::BlocksLineOfSight),
            cover: properties.contains(&TerrainProperty::Cover),
        }
    }
}

/// The text's examples ("A: yes, V: yes, C: yes = high grass, stairs ..."), for the scenario
/// editor and the scenarios: (name, how it is drawn, its answers).
pub const PRESETS: [(&str, TerrainKind, Answers); 12] = [
    ("high grass", TerrainKind::Woods, yes_yes_yes()),
    ("stairs", TerrainKind::Other, yes_yes_yes()),
    ("open place", TerrainKind::Other, answers(true, true, false)),
    ("street", TerrainKind::Other, answers(true, true, false)),
    ("wall", TerrainKind::Wall, answers(true, false, false)),
    ("boulder", TerrainKind::Rocks, answers(true, false, false)),
    ("barbed wire", TerrainKind::Wall, answers(false, true, true)),
    ("window", TerrainKind::Building, answers(false, true, true)),
    ("lake", TerrainKind::Water, answers(false, true, false)),
    ("acid pool", TerrainKind::Water, answers(false, true, false)),
    (
        "high pillar",
        TerrainKind::Rocks,
        answers(false, false, false),
    ),
    (
        "pile of trash",
        TerrainKind::Crates,
        answers(false, false, false),
    ),
];

const fn answers(accessible: bool, visible: bool, cover: bool) -> Answers {
    Answers {
        accessible,
        visible,
        cover,
    }
}

const fn yes_yes_yes() -> Answers {
    answers(true, true, true)
}

/// How 1 Stat Skirmish words a property for the terrain key and tooltips: the text's three
/// questions and its cover ("roll 2 dice and take the better result when defending against
/// attacks from the other side of the covering terrain").
pub fn words(p: TerrainProperty) -> (&'static str, &'static str) {
    match p {
        TerrainProperty::Impassable => (
            "no access",
            "Accessibility: no — nobody walks onto, into or through it (a jump or a climb may cross it)",
        ),
        TerrainProperty::BlocksLineOfSight => {
            ("no sight", "Visibility: no — no line of sight through it")
        }
        TerrainProperty::Cover => (
            "cover",
            "the defender rolls 2 dice and keeps the better against attacks across it",
        ),
        other => other.words(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_texts_examples_answer_as_printed() {
        let find = |n: &str| PRESETS.iter().find(|p| p.0 == n).unwrap().2;
        assert_eq!(find("high grass"), answers(true, true, true));
        assert_eq!(find("street"), answers(true, true, false));
        assert_eq!(find("barbed wire"), answers(false, true, true));
        assert_eq!(find("lake"), answers(false, true, false));
        // "A: yes, V: no, C: yes/no = wall": out of sight, cover does not arise.
        assert_eq!(
            find("wall").properties(),
            [TerrainProperty::BlocksLineOfSight]
        );
        assert_eq!(
            find("high pillar").properties(),
            [
                TerrainProperty::Impassable,
                TerrainProperty::BlocksLineOfSight
            ]
        );
        for (_, _, a) in PRESETS {
            assert_eq!(Answers::of(&a.properties()).accessible, a.accessible);
            assert_eq!(Answers::of(&a.properties()).visible, a.visible);
        }
    }
}
