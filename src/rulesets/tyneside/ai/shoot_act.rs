//! The Shoot/Act choices beside the fire fight: shots and throws at enemy walkers, and shut
//! doors worked by a Tech or cut by a light sabre.

use bevy::prelude::*;

use crate::rulesets::tyneside::board::Board;
use crate::rulesets::tyneside::commands::Command;
use crate::rulesets::tyneside::rules::doors::{in_contact, is_door, is_shut};
use crate::rulesets::tyneside::rules::profile::Ability;
use crate::rulesets::tyneside::rules::vehicles::{EXPLOSIVE_REACH, WRECK_BLAST};

/// The shots and throws `members` make at enemy walkers before any fire fight, nearest
/// walker first: a heavy weapon fires at one it sees in range ("Only Heavy lasers and bigger
/// weapons can hurt armoured vehicles"); a figure on foot with a weapon throws a magnetic
/// explosive at one within 6", but not from within the 2" its blast kills next turn.
pub(super) fn against_walkers(board: &Board, members: &[usize]) -> Vec<Command> {
    let mut out = Vec::new();
    for &m in members {
        let f = &board.figs[m];
        let Some(v) = board
            .foes_of(m)
            .into_iter()
            .filter(|&v| board.armoured_vehicle(v))
            .min_by(|&a, &b| board.gap(m, a).total_cmp(&board.gap(m, b)))
        else {
            continue;
        };
        let (figure, vehicle) = (f.figure.id.clone(), board.figs[v].figure.id.clone());
        let heavy = f.figure.weapon.as_ref().is_some_and(|w| w.heavy);
        if heavy && board.sees(m, v) && board.band(m, v).is_some() {
            out.push(Command::FireAtVehicle { figure, vehicle });
        } else if f.figure.weapon.is_some()
            && board.vehicle(m).is_none()
            && (WRECK_BLAST..=EXPLOSIVE_REACH).contains(&board.gap(m, v))
        {
            out.push(Command::Explosive { figure, vehicle });
        }
    }
    out
}

/// How the rules' side gets through a shut door (the text leaves it to the player; ruling in
/// docs/rules/tyneside.md, Doors): a figure of `members` that has not moved or acted this
/// turn (so not one falling back) and touches a shut door, works it:
/// a Tech tries to open it ("can access or repair machines on a 6 (D6) if stationary and in
/// contact with the machine"), else a light sabre user cuts a hole in it ("in 1 stationary
/// turn"). One figure to a door.
pub(super) fn works_doors(board: &Board, members: &[usize]) -> Vec<Command> {
    let mut out = Vec::new();
    for (k, piece) in board.table.terrain.iter().enumerate() {
        if !is_door(piece) || !is_shut(piece) || board.table.broken.contains(&k) {
            continue;
        }
        let worker = members.iter().find_map(|&m| {
            let f = &board.figs[m];
            let free = f.act.moved == 0.0
                && !(f.act.fired || f.act.hero_shot || f.act.fought)
                && in_contact(piece, f.pos, f.figure.base);
            let (id, door) = (f.figure.id.clone(), piece.id.clone());
            if !free {
                None
            } else if f.figure.has(Ability::Tech) {
                Some(Command::Access { figure: id, door })
            } else if f.figure.has(Ability::Lightsaber) {
                Some(Command::Cut {
                    figure: id,
                    surface: door,
                })
            } else {
                None
            }
        });
        out.extend(worker);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::tyneside::testing::{fig, game, on_board};

    /// An AT-ST (base radius 1.25") at (10, 20) against three rebels: a missile launcher
    /// 5.25" away, a trooper about 5.5" away and one 1.75" away, inside the explosive's blast.
    const WALKER: &str = r#"(
        name: "Walker", ruleset: "tyneside", random_movement: false, table: (72.0, 48.0),
        sides: [
            (id: "empire", name: "Empire", imperial: true, groups: [
                (id: "W", name: "Walker", order: Stand, figures: [
                    (id: "atst", profile: "AT-ST", at: (10.0, 20.0), base: 1.25),
                ]),
            ]),
            (id: "rebels", name: "Rebels", groups: [
                (id: "R", name: "Rebels", order: Stand, figures: [
                    (id: "r1", profile: "Basic trooper", at: (17.0, 20.0), weapon: Some("Missile launcher")),
                    (id: "r2", profile: "Basic trooper", at: (17.0, 18.0)),
                    (id: "r3", profile: "Basic trooper", at: (13.5, 20.0)),
                ]),
            ]),
        ],
    )"#;

    #[test]
    fn a_heavy_weapon_fires_at_the_walker_and_a_trooper_in_reach_throws_an_explosive() {
        let mut s = game(WALKER, &[]);
        let chosen = on_board(&mut s, |b, _| {
            let members = ["r1", "r2", "r3"].map(|id| fig(b, id));
            against_walkers(b, &members)
        });
        let atst = || "atst".to_string();
        assert_eq!(
            chosen,
            vec![
                Command::FireAtVehicle {
                    figure: "r1".into(),
                    vehicle: atst()
                },
                Command::Explosive {
                    figure: "r2".into(),
                    vehicle: atst()
                },
            ],
            "r3 stands inside the blast that would kill it"
        );
    }

    /// A shut door in a wall; R2D2 (a Tech) and Luke (a light sabre) touch it, a trooper does
    /// not.
    const CORRIDOR: &str = r#"(
        name: "Corridor", ruleset: "tyneside", random_movement: false, table: (48.0, 32.0),
        terrain: [
            (id: "door", kind: Door, shape: Rect(min: (20.0, 0.0), max: (20.5, 10.0)),
             properties: [Impassable, BlocksLineOfSight]),
        ],
        sides: [
            (id: "rebels", name: "Rebels", groups: [
                (id: "R", name: "Rebels", order: Stand, figures: [
                    (id: "r2", profile: "R2D2", at: (19.45, 3.0)),
                    (id: "luke", profile: "Luke Skywalker", at: (19.45, 7.0), hero: true),
                    (id: "r1", profile: "Basic trooper", at: (15.0, 5.0)),
                ]),
            ]),
            (id: "empire", name: "Empire", imperial: true, groups: [
                (id: "E", name: "Guard", order: Stand, figures: [
                    (id: "e1", profile: "Stormtrooper", at: (40.0, 25.0)),
                ]),
            ]),
        ],
    )"#;

    #[test]
    fn a_tech_works_a_shut_door_it_touches_else_a_light_sabre_cuts_it() {
        let mut s = game(CORRIDOR, &[]);
        let (all, without_tech, nobody) = on_board(&mut s, |b, _| {
            let [r2, luke, r1] = ["r2", "luke", "r1"].map(|id| fig(b, id));
            (
                works_doors(b, &[r2, luke, r1]),
                works_doors(b, &[luke, r1]),
                works_doors(b, &[r1]),
            )
        });
        assert_eq!(
            all,
            vec![Command::Access {
                figure: "r2".into(),
                door: "door".into()
            }],
            "one figure to a door"
        );
        assert_eq!(
            without_tech,
            vec![Command::Cut {
                figure: "luke".into(),
                surface: "door".into()
            }]
        );
        assert!(nobody.is_empty(), "the trooper does not touch the door");
    }
}
