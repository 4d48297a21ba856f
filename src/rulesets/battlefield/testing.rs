//! A battle for the rule set's unit tests: the text's worked shooting example on the outskirts
//! tile (knoll at (2, 0), buildings at (2, 2) and (2, 4), a forest at (6, 1), the road along
//! row 3), with a second stormtrooper, a Jaggernaud and one piece of campaign artillery a side
//! added; the Empire's first impulse begun with 5 activations (Elite 1d4+2, a 3).

use super::battle::Battle;
use super::rules::map::hex_at;
use super::rules::roster::Roster;
use super::rules::scenario;
use crate::rules::dice::Dice;

const SCENARIO: &str = r#"(
    name: "actions",
    ruleset: "battlefield",
    turn_limit: 3,
    first_initiative: "imperials",
    attacker: "imperials",
    map: [(tile: "outskirts", at: (0, 0))],
    advanced: (moving_and_shooting: true, artillery: true),
    goal: EliminateAll,
    sides: [
        (id: "imperials", name: "Galactic Empire", quality: Elite, artillery: 1, units: [
            (id: "hill", profile: "AT-ST", at: (2, 0)),
            (id: "atst", profile: "AT-ST", at: (8, 7)),
            (id: "wood", profile: "AT-ST", at: (6, 5)),
            (id: "st1", profile: "Stormtrooper", at: (2, 6)),
            (id: "st2", profile: "Stormtrooper", at: (2, 7)),
            (id: "jg", profile: "Jaggernaud", at: (4, 7)),
        ]),
        (id: "alliance", name: "Rebel Alliance", quality: Veteran, artillery: 1, units: [
            (id: "mc1", profile: "Mon Calamari", at: (2, 4)),
            (id: "mc2", profile: "Mon Calamari", at: (8, 3)),
            (id: "mc3", profile: "Mon Calamari", at: (6, 1)),
            (id: "gu1", profile: "Guerilla", at: (9, 6)),
        ]),
    ],
)"#;

/// The battle above, turn 1 begun.
pub fn battle() -> Battle {
    let roster = Roster::bundled().expect("the bundled roster");
    let s = scenario::parse(SCENARIO, "actions.ron", &roster).expect("the test scenario");
    let mut b = Battle::new(&s, &roster);
    b.start_turn(&mut Dice::forced([3])).expect("turn 1");
    assert_eq!(b.impulse.allowed, 5);
    b
}

/// The index of unit `id`.
pub fn unit(b: &Battle, id: &str) -> usize {
    b.unit_index(id).expect("a unit of the test scenario")
}

/// The hex at `(column, row)`.
pub fn hex(c: i32, r: i32) -> hexx::Hex {
    hex_at(c, r)
}

/// The hexes of `(column, row)` pairs.
pub fn path(cells: &[(i32, i32)]) -> Vec<hexx::Hex> {
    cells.iter().map(|&(c, r)| hex_at(c, r)).collect()
}

/// Whether an event of the battle so far contains `text`.
pub fn logged(b: &Battle, text: &str) -> bool {
    b.events.iter().any(|(_, e)| e.contains(text))
}

/// Makes unit `id` a `profile` of the bundled roster (a Jedi with its 6 Force points), for a
/// test that needs a piece the scenario above does not have.
pub fn make(b: &mut Battle, id: &str, profile: &str) {
    let roster = Roster::bundled().expect("the bundled roster");
    let i = unit(b, id);
    b.units[i].profile = roster.profile(profile).expect("a bundled profile").clone();
    // Named as the scenario would name its only unit of that profile.
    b.units[i].name = profile.to_string();
    if profile == "Jedi" {
        b.units[i].force_points = 6;
    }
}

/// Gives unit `id` the bundled special weapon `weapon`.
pub fn arm(b: &mut Battle, id: &str, weapon: &str) {
    let roster = Roster::bundled().expect("the bundled roster");
    let i = unit(b, id);
    b.units[i].weapon = Some(roster.weapon(weapon).expect("a bundled weapon").clone());
}

#[cfg(test)]
mod tests {
    use super::{battle, unit};

    #[test]
    fn a_unit_is_named_by_its_profile_numbered_when_its_side_has_more_than_one() {
        let b = battle();
        let name = |id: &str| b.units[unit(&b, id)].label();
        // Three AT-STs and two stormtroopers of the Empire, in scenario order; one Jaggernaud.
        assert_eq!(
            ["hill", "atst", "wood", "st1", "st2", "jg"].map(name),
            [
                "AT-ST 1",
                "AT-ST 2",
                "AT-ST 3",
                "Stormtrooper 1",
                "Stormtrooper 2",
                "Jaggernaud"
            ]
        );
        // The Alliance counts its own: three Mon Calamari, one Guerilla.
        assert_eq!(
            ["mc1", "mc3", "gu1"].map(name),
            ["Mon Calamari 1", "Mon Calamari 3", "Guerilla"]
        );
    }
}
