//! The game's rules, each clause with forced dice.

use super::super::rules::fighter::{Shooter, Weapon};
use super::*;
use crate::rules::geometry::Shape;
use crate::rules::terrain::{TerrainKind, TerrainProperty};

pub(super) fn fighter(name: &str, tier: Tier, stat: u8, weapons: Vec<Weapon>) -> Fighter {
    Fighter {
        id: name.to_lowercase(),
        name: name.into(),
        tier,
        stat,
        weapons,
        specialisation: (tier == Tier::Specialist).then_some(Specialisation::Engineer),
    }
}

pub(super) fn knife() -> Vec<Weapon> {
    vec![Weapon::Melee {
        name: "knife".into(),
        two_handed: false,
    }]
}

pub(super) fn pistol() -> Vec<Weapon> {
    vec![Weapon::Shooter {
        name: "blaster pistol".into(),
        class: Shooter::Light,
    }]
}

pub(super) fn on(f: Fighter, player: usize, at: (f32, f32)) -> OnTable {
    OnTable::new(f, player, Vec2::new(at.0, at.1))
}

/// The Hunters in the bottom left corner and the Gang in the top right of a 3' table.
pub(super) fn hunters_and_gang() -> Vec<Player> {
    vec![
        Player {
            id: "hunters".into(),
            name: "Hunters".into(),
            corner: Vec2::ZERO,
        },
        Player {
            id: "gang".into(),
            name: "Gang".into(),
            corner: Vec2::splat(36.0),
        },
    ]
}

/// Kara (Specialist, stat 5, knife) and Rook (Rookie 4, pistol) against Thug (Rookie 3,
/// knife) and Boss (stat 6, d10); initiative 7 against 3: the Hunters choose first.
pub(crate) fn game(terrain: Vec<TerrainPiece>) -> (Skirmish, Dice) {
    let players = hunters_and_gang();
    let fighters = vec![
        on(
            fighter("Kara", Tier::Specialist, 5, knife()),
            0,
            (10.0, 10.0),
        ),
        on(fighter("Rook", Tier::Rookie, 4, pistol()), 0, (10.0, 14.0)),
        on(fighter("Thug", Tier::Rookie, 3, knife()), 1, (11.0, 10.0)),
        on(fighter("Boss", Tier::Boss, 6, knife()), 1, (30.0, 30.0)),
    ];
    let mut dice = Dice::forced([7, 3]);
    let s = Skirmish::new(Vec2::splat(36.0), terrain, players, fighters, &mut dice).unwrap();
    (s, dice)
}

pub(super) fn ok(s: &mut Skirmish, player: usize, c: Command, dice: &mut Dice) {
    s.apply(player, &c, dice)
        .unwrap_or_else(|e| panic!("{c:?}: {e}"));
}

pub(super) fn refused(s: &mut Skirmish, player: usize, c: Command, dice: &mut Dice) -> String {
    s.clone().apply(player, &c, dice).unwrap_err()
}

#[test]
fn the_highest_roll_chooses_a_place_and_activations_alternate() {
    let (mut s, mut dice) = game(vec![]);
    assert_eq!(s.stage, Stage::Choosing(vec![0, 1]));
    assert!(
        refused(
            &mut s,
            0,
            Command::ChoosePlace {
                player: 0,
                place: 2
            },
            &mut dice
        )
        .contains("not free")
    );
    // The Hunters choose to go second; the Gang, last to choose, takes the place left.
    ok(
        &mut s,
        0,
        Command::ChoosePlace {
            player: 0,
            place: 1,
        },
        &mut dice,
    );
    assert_eq!(
        (s.order.clone(), s.stage.clone()),
        (vec![Some(1), Some(0)], Stage::Activating)
    );
    assert_eq!(s.to_act(), Some(1));
    ok(&mut s, 1, Command::Activate { fighter: 3 }, &mut dice);
    ok(&mut s, 1, Command::EndActivation, &mut dice);
    assert_eq!(s.to_act(), Some(0));
    let e = refused(&mut s, 1, Command::Activate { fighter: 2 }, &mut dice);
    assert!(
        e.contains("Hunters's turn") || e.contains("it is Hunters"),
        "{e}"
    );
    ok(&mut s, 0, Command::Activate { fighter: 1 }, &mut dice);
    ok(&mut s, 0, Command::EndActivation, &mut dice);
    ok(&mut s, 1, Command::Activate { fighter: 2 }, &mut dice);
    ok(&mut s, 1, Command::EndActivation, &mut dice);
    // The Gang has nobody left to activate: the Hunters activate the rest one by one.
    assert_eq!(s.to_act(), Some(0));
    let e = refused(&mut s, 0, Command::Activate { fighter: 1 }, &mut dice);
    assert!(e.contains("cannot activate again"), "{e}");
    ok(&mut s, 0, Command::Activate { fighter: 0 }, &mut dice);
    // The last activation ends the phase: tokens off, initiative again (d8 5 against d10 9).
    dice.push_forced([5, 9]);
    ok(&mut s, 0, Command::EndActivation, &mut dice);
    assert_eq!((s.phase, s.stage.clone()), (2, Stage::Choosing(vec![1, 0])));
    assert!(s.fighters.iter().all(|f| !f.activated));
}

pub(crate) fn activate(s: &mut Skirmish, dice: &mut Dice, fighter: usize) {
    ok(
        s,
        0,
        Command::ChoosePlace {
            player: 0,
            place: 0,
        },
        dice,
    );
    ok(s, 0, Command::Activate { fighter }, dice);
}

#[test]
fn a_move_is_up_to_the_stat_and_a_second_move_is_the_other_action() {
    let (mut s, mut dice) = game(vec![]);
    activate(&mut s, &mut dice, 1);
    let far = refused(
        &mut s,
        0,
        Command::Move {
            path: vec![Vec2::new(10.0, 18.5)],
        },
        &mut dice,
    );
    assert!(far.contains("4.5\" of 4\""), "{far}");
    ok(
        &mut s,
        0,
        Command::Move {
            path: vec![Vec2::new(10.0, 16.0), Vec2::new(12.0, 16.0)],
        },
        &mut dice,
    );
    ok(
        &mut s,
        0,
        Command::Move {
            path: vec![Vec2::new(16.0, 16.0)],
        },
        &mut dice,
    );
    let e = refused(
        &mut s,
        0,
        Command::Move {
            path: vec![Vec2::new(17.0, 16.0)],
        },
        &mut dice,
    );
    assert!(e.contains("both actions are spent"), "{e}");
    assert_eq!(s.fighters[1].at, Vec2::new(16.0, 16.0));
}

#[test]
fn melee_needs_base_contact_and_a_rookie_wounded_is_removed() {
    let (mut s, mut dice) = game(vec![]);
    activate(&mut s, &mut dice, 1);
    let e = refused(&mut s, 0, Command::Melee { target: 2 }, &mut dice);
    assert!(e.contains("not in base to base contact"), "{e}");
    s.active = None;
    s.fighters[1].activated = false;
    ok(&mut s, 0, Command::Activate { fighter: 0 }, &mut dice);
    // Kara rolls 5 on her d8 (<= 5, a hit); the Thug 2 on his d6 (<= 3): a wound.
    dice.push_forced([5, 2]);
    ok(&mut s, 0, Command::Melee { target: 2 }, &mut dice);
    assert_eq!(s.fighters[2].standing, Standing::Removed);
    let e = refused(&mut s, 0, Command::Melee { target: 3 }, &mut dice);
    assert!(e.contains("other action is spent"), "{e}");
    assert!(s.result.is_none());
}

#[test]
fn shooting_needs_sight_and_range_and_the_last_warband_standing_wins() {
    let wall = TerrainPiece {
        id: "wall".into(),
        kind: TerrainKind::Wall,
        shape: Shape::Rect {
            min: (15.0, 0.0),
            max: (16.0, 36.0),
        },
        properties: vec![TerrainProperty::BlocksLineOfSight],
    };
    let (mut s, mut dice) = game(vec![wall]);
    s.fighters[3].at = Vec2::new(20.0, 14.0);
    activate(&mut s, &mut dice, 1);
    let e = refused(
        &mut s,
        0,
        Command::Shoot {
            target: 3,
            area: false,
            weapon: None,
        },
        &mut dice,
    );
    assert!(e.contains("no line of sight") && !e.contains("away"), "{e}");
    // Behind the wall and beyond long range too: both said.
    s.fighters[3].at = Vec2::new(34.0, 14.0);
    let shot = Command::Shoot {
        target: 3,
        area: false,
        weapon: None,
    };
    let e = refused(&mut s, 0, shot, &mut dice);
    assert!(
        e.contains("no line of sight") && e.contains("23.0\" away (the most is 15\")"),
        "{e}"
    );
    s.fighters[3].at = Vec2::new(20.0, 14.0);
    std::sync::Arc::make_mut(&mut s.terrain).clear();
    // 10 - 1" of bases = 9": medium, the worse of two for a light shooter.
    let e = refused(&mut s, 0, Command::Melee { target: 3 }, &mut dice);
    assert!(e.contains("not in base to base contact"), "{e}");
    s.fighters[2].standing = Standing::Removed;
    std::sync::Arc::make_mut(&mut s.fighters[3].fighter).tier = Tier::Rookie;
    std::sync::Arc::make_mut(&mut s.fighters[3].fighter).stat = 3;
    // Worse of 1 and 3 is 3 (<= 4, a hit); the target rolls 2 (<= 3): removed.
    dice.push_forced([1, 3, 2]);
    ok(
        &mut s,
        0,
        Command::Shoot {
            target: 3,
            area: false,
            weapon: None,
        },
        &mut dice,
    );
    assert_eq!(s.fighters[3].standing, Standing::Removed);
    let r = s.result.clone().expect("decided");
    assert_eq!(r.winner, Some(0));
}

#[test]
fn a_healer_removes_a_wound_within_5_inches_on_his_stat_or_below() {
    let (mut s, mut dice) = game(vec![]);
    std::sync::Arc::make_mut(&mut s.fighters[0].fighter).specialisation =
        Some(Specialisation::Healer);
    s.fighters[1].standing = Standing::Down;
    s.fighters[1].at = Vec2::new(10.0, 16.0);
    activate(&mut s, &mut dice, 0);
    // 6" between centres, 5" between bases: within reach.
    let e = refused(&mut s, 0, Command::Heal { target: 2 }, &mut dice);
    assert!(e.contains("not another wounded fighter"), "{e}");
    dice.push_forced([6]);
    ok(&mut s, 0, Command::Heal { target: 1 }, &mut dice);
    assert_eq!(s.fighters[1].standing, Standing::Down, "6 is over stat 5");
    s.active.as_mut().unwrap().acted = false;
    dice.push_forced([5]);
    ok(&mut s, 0, Command::Heal { target: 1 }, &mut dice);
    assert_eq!(s.fighters[1].standing, Standing::Upright);
    s.fighters[1].standing = Standing::Down;
    s.fighters[1].at = Vec2::new(10.0, 16.5);
    s.active.as_mut().unwrap().acted = false;
    let e = refused(&mut s, 0, Command::Heal { target: 1 }, &mut dice);
    assert!(e.contains("within 5"), "{e}");
}

#[test]
fn a_wounded_fighter_may_only_recover_with_both_actions() {
    let (mut s, mut dice) = game(vec![]);
    s.fighters[0].standing = Standing::Down;
    activate(&mut s, &mut dice, 0);
    let e = refused(
        &mut s,
        0,
        Command::Move {
            path: vec![Vec2::new(10.0, 11.0)],
        },
        &mut dice,
    );
    assert!(e.contains("only action available is *recover*"), "{e}");
    // Rook is not in contact: 4 against 5, still down; then 5, back up.
    dice.push_forced([4]);
    ok(&mut s, 0, Command::Recover, &mut dice);
    assert_eq!(s.fighters[0].standing, Standing::Down);
    s.active.as_mut().unwrap().moved = false;
    s.active.as_mut().unwrap().acted = false;
    s.fighters[1].at = Vec2::new(10.0, 11.0);
    dice.push_forced([4]);
    ok(&mut s, 0, Command::Recover, &mut dice);
    assert_eq!(
        s.fighters[0].standing,
        Standing::Upright,
        "4 + 1 friend in contact"
    );
}

/// Plays the phase out: the player choosing takes the first place, then each player to act
/// activates his first ready fighter, moves him where `moves` says (by fighter), and ends;
/// `next`: the dice for the next phase's initiative.
pub(super) fn play_phase(
    s: &mut Skirmish,
    dice: &mut Dice,
    moves: &[(usize, Vec2)],
    next: [u8; 2],
) {
    if let Stage::Choosing(c) = s.stage.clone() {
        let place = s.order.iter().position(Option::is_none).unwrap();
        ok(
            s,
            c[0],
            Command::ChoosePlace {
                player: c[0],
                place,
            },
            dice,
        );
    }
    let phase = s.phase;
    dice.push_forced(next);
    while s.phase == phase && s.result.is_none() {
        let p = s.to_act().unwrap();
        let i = (0..s.fighters.len())
            .find(|&i| {
                let f = &s.fighters[i];
                f.player == p && !f.activated && f.standing != Standing::Removed
            })
            .unwrap();
        ok(s, p, Command::Activate { fighter: i }, dice);
        if let Some((_, to)) = moves.iter().find(|(k, _)| *k == i) {
            ok(s, p, Command::Move { path: vec![*to] }, dice);
        }
        ok(s, p, Command::EndActivation, dice);
    }
}

#[test]
fn king_of_the_hill_is_won_holding_the_token_alone_through_a_whole_phase() {
    let (mut s, mut dice) = game(vec![]);
    s.goal = Goal::KingOfTheHill;
    s.hill = Some(Vec2::new(20.0, 20.0));
    // Kara stands in base contact with the token: the Hunters hold it alone from the
    // first command of phase 1, through its end.
    s.fighters[0].at = Vec2::new(20.0, 21.0);
    play_phase(&mut s, &mut dice, &[], [5, 9]);
    assert_eq!(s.holder, Some((0, true)));
    assert!(
        s.result.is_none(),
        "a phase held in part is not a full turn"
    );
    // Held alone the whole of phase 2 as well: the Hunters win.
    play_phase(&mut s, &mut dice, &[], [5, 9]);
    let r = s.result.clone().expect("won");
    assert_eq!(r.winner, Some(0));
    assert!(r.reason.contains("full turn"), "{}", r.reason);
}

#[test]
fn king_of_the_hill_starts_again_when_another_player_reaches_the_token() {
    let (mut s, mut dice) = game(vec![]);
    s.goal = Goal::KingOfTheHill;
    s.hill = Some(Vec2::new(20.0, 20.0));
    s.fighters[0].at = Vec2::new(20.0, 21.0);
    // The Gang's Boss (fighter 3) walks into contact with the token too.
    s.fighters[3].at = Vec2::new(23.0, 20.0);
    play_phase(&mut s, &mut dice, &[(3, Vec2::new(21.0, 20.0))], [5, 9]);
    assert_eq!(s.on_hill(), vec![0, 1]);
    assert_eq!(
        s.holder, None,
        "two players on the hill: nobody holds it alone"
    );
    play_phase(&mut s, &mut dice, &[], [5, 9]);
    assert!(s.result.is_none());
}

#[test]
fn at_the_turn_limit_the_warband_with_most_fighters_left_wins() {
    let (mut s, mut dice) = game(vec![]);
    s.turn_limit = Some(1);
    s.fighters[2].standing = Standing::Removed;
    play_phase(&mut s, &mut dice, &[], [5, 9]);
    let r = s.result.clone().expect("the limit ends it");
    assert_eq!(r.winner, Some(0));
    assert!(r.reason.contains("most fighters left (2)"), "{}", r.reason);
    // Even: a draw.
    let (mut s, mut dice) = game(vec![]);
    s.turn_limit = Some(1);
    play_phase(&mut s, &mut dice, &[], [5, 9]);
    assert_eq!(s.result.clone().expect("the limit").winner, None);
}

/// A game of `scenario` after its muster (each player keeping the scenario's warband) and
/// `phases` phases in which every fighter ends his activation where he stands; initiative 7
/// against 3 each phase.
fn idle_phases(scenario: &super::super::rules::scenario::Scenario, phases: u32) -> Skirmish {
    let mut s = super::super::phases::skirmish(scenario);
    let mut dice = Dice::forced([]);
    while let Stage::Mustering(left) = s.stage.clone() {
        if left.len() == 1 {
            dice.push_forced([7, 3]);
        }
        let player = left[0];
        ok(
            &mut s,
            player,
            Command::Muster {
                player,
                warband: None,
            },
            &mut dice,
        );
    }
    for _ in 0..phases {
        play_phase(&mut s, &mut dice, &[], [7, 3]);
    }
    s
}

/// Issue 60: the text's scenarios end only as the text says (docs/rules/one_stat.md, "The turn
/// limit"). The bundled first_skirmish, the text's Last Man Standing, sets no limit: 13 phases
/// with nobody fighting and it is still going. Given a limit of 12, the players' option, the
/// same game ends after phase 12 as the bundled one once did: four fighters each, a draw.
#[test]
fn a_bundled_text_scenario_plays_past_phase_12_and_a_limit_still_ends_it() {
    let (loaded, _) = crate::rulesets::registry()
        .load("first_skirmish")
        .expect("bundled");
    let scenario = super::super::parse(&loaded).expect("reads");
    assert_eq!(
        scenario.turn_limit, None,
        "the text's scenario has no limit"
    );
    let s = idle_phases(&scenario, 13);
    assert_eq!(s.result, None, "no limit: still going after phase 13");
    assert_eq!(s.phase, 14);
    let mut limited = scenario.clone();
    limited.turn_limit = Some(12);
    let s = idle_phases(&limited, 12);
    let r = s.result.clone().expect("the limit ends it");
    assert_eq!(r.decided_by, "the turn limit");
    assert_eq!(s.phase, 12, "ended after phase 12");
    assert_eq!(r.winner, None, "{}", r.reason);
    assert!(r.reason.contains("4 fighters left each"), "{}", r.reason);
}

#[test]
fn moving_randomly_goes_the_stat_the_d8_way_or_as_far_as_the_terrain_lets_him() {
    let (mut s, mut dice) = game(vec![]);
    activate(&mut s, &mut dice, 1);
    // A 3 points 90° clockwise from up the table: Rook (stat 4) goes 4" right.
    dice.push_forced([3]);
    ok(&mut s, 0, Command::Wander, &mut dice);
    assert!(
        s.fighters[1].at.distance(Vec2::new(14.0, 14.0)) < 1e-3,
        "{}",
        s.fighters[1].at
    );
    assert!(s.active.as_ref().unwrap().moved);
    let wall = TerrainPiece {
        id: "wall".into(),
        kind: TerrainKind::Wall,
        shape: Shape::Rect {
            min: (12.0, 12.0),
            max: (15.0, 16.0),
        },
        properties: vec![TerrainProperty::Impassable],
    };
    let (mut s, mut dice) = game(vec![wall]);
    activate(&mut s, &mut dice, 1);
    dice.push_forced([3]);
    ok(&mut s, 0, Command::Wander, &mut dice);
    assert!(
        s.fighters[1].at.distance(Vec2::new(11.5, 14.0)) < 1e-3,
        "stopped with his base against the wall (3\" thick, more than his 2\" run-up jumps): {}",
        s.fighters[1].at
    );
}

#[test]
fn each_player_musters_the_scenarios_warband_or_a_legal_one_of_his_own() {
    use super::super::rules::warband::tests::warband;
    let (mut g, _) = game(vec![]);
    // The Gang's Thug made a Specialist: the Gang fields one.
    g.fighters[2] = on(
        fighter("Thug", Tier::Specialist, 3, knife()),
        1,
        (11.0, 10.0),
    );
    let mut s = Skirmish::mustering(g.table, g.terrain.to_vec(), g.players, g.fighters);
    let mut dice = Dice::forced([]);
    assert_eq!((s.phase, s.to_act()), (0, Some(0)));
    let muster = |w: Option<Warband>, player: usize| Command::Muster { player, warband: w };
    // The Gang fields one Specialist, so a warband with two is refused, naming the rule.
    let e = refused(&mut s, 0, muster(Some(warband("Raiders", 2)), 0), &mut dice);
    assert!(e.contains("the same number of Specialists"), "{e}");
    let mut bad = warband("Raiders", 1);
    bad.fighters[0].stat = 11;
    let e = refused(&mut s, 0, muster(Some(bad), 0), &mut dice);
    assert!(e.contains("stat is 11"), "{e}");
    // A Boss alone is no warband: "per player: 1 Boss, some Specialists".
    let e = refused(&mut s, 0, muster(Some(warband("Raiders", 0)), 0), &mut dice);
    assert!(e.contains("some Specialists"), "{e}");
    // A legal one takes the place of Kara and Rook, within 5" of the Hunters' corner,
    // still before the Gang's fighters.
    ok(&mut s, 0, muster(Some(warband("Raiders", 1)), 0), &mut dice);
    let mine: Vec<&OnTable> = s.fighters.iter().filter(|f| f.player == 0).collect();
    assert_eq!(mine.len(), 4);
    assert!(mine.iter().all(|f| f.at.length() + f.base <= 5.0 + 1e-4));
    assert_eq!(s.fighters[0].player, 0);
    // The Gang keeps its own; the first initiative is rolled: d10 4 against d10 9.
    dice.push_forced([4, 9]);
    ok(&mut s, 1, muster(None, 1), &mut dice);
    assert_eq!((s.phase, s.stage.clone()), (1, Stage::Choosing(vec![1, 0])));
    let e = refused(&mut s, 1, muster(None, 1), &mut dice);
    assert!(e.contains("mustered"), "{e}");
}

#[test]
fn the_boss_commands_a_fighter_within_5_inches_to_one_action() {
    let (mut s, mut dice) = game(vec![]);
    ok(
        &mut s,
        0,
        Command::ChoosePlace {
            player: 0,
            place: 1,
        },
        &mut dice,
    );
    ok(&mut s, 1, Command::Activate { fighter: 3 }, &mut dice);
    let e = refused(&mut s, 1, Command::Command { fighter: 2 }, &mut dice);
    assert!(e.contains("within 5"), "the Thug is far away: {e}");
    let e = refused(&mut s, 1, Command::Command { fighter: 0 }, &mut dice);
    assert!(e.contains("not another fighter of the warband"), "{e}");
    s.fighters[2].at = Vec2::new(27.0, 30.0);
    ok(&mut s, 1, Command::Command { fighter: 2 }, &mut dice);
    assert_eq!(s.active.as_ref().map(|a| a.fighter), Some(2));
    // His one action, a move; then the Boss's activation goes on, his other action spent.
    ok(
        &mut s,
        1,
        Command::Move {
            path: vec![Vec2::new(27.0, 27.5)],
        },
        &mut dice,
    );
    let a = s.active.clone().unwrap();
    assert_eq!((a.fighter, a.moved, a.acted), (3, false, true));
    assert!(s.commanding.is_none() && !s.fighters[2].activated);
    let e = refused(&mut s, 1, Command::Command { fighter: 2 }, &mut dice);
    assert!(e.contains("other action is spent"), "{e}");
    ok(&mut s, 1, Command::EndActivation, &mut dice);
    assert!(s.fighters[3].activated && !s.fighters[2].activated);
    // The Thug keeps his own activation this phase.
    ok(&mut s, 0, Command::Activate { fighter: 0 }, &mut dice);
    ok(&mut s, 0, Command::EndActivation, &mut dice);
    ok(&mut s, 1, Command::Activate { fighter: 2 }, &mut dice);
}

/// A solitaire game of `goal`: the Hunters (Kara and Rook) against opponents of stats 3, 4
/// and 6 with knives, before the player musters.
pub(super) fn solitaire(goal: Goal) -> Skirmish {
    let (g, _) = game(vec![]);
    // The Hunters alone; the Gang are the opponents, who spawn.
    let fighters: Vec<OnTable> = g
        .fighters
        .iter()
        .filter(|f| f.player == 0)
        .cloned()
        .collect();
    let mut s = Skirmish::mustering(g.table, vec![], g.players, fighters);
    s.stage = Stage::Mustering(vec![0]);
    s.goal = goal;
    s.solitaire = Some(Solitaire::new(
        OpponentStats {
            rookie: 3,
            specialist: 4,
            boss: 6,
        },
        knife(),
        None,
    ));
    s
}

/// The solitaire game of `goal` with the scenario's warband mustered, the dice forced to `faces`
/// from the first spawn point on.
fn mustered(goal: Goal, faces: &[u8]) -> Skirmish {
    let mut s = solitaire(goal);
    let mut dice = Dice::forced(faces.to_vec());
    ok(
        &mut s,
        0,
        Command::Muster {
            player: 0,
            warband: None,
        },
        &mut dice,
    );
    s
}

#[test]
fn the_bounty_game_spawns_by_the_dice_and_the_bountys_die_drops_a_type_a_wound() {
    // Spawn points in squares (1,1) to (6,6); then the spawn roll 1,1,2,3,3,3.
    let mut s = mustered(
        Goal::Bounty,
        &[1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 1, 1, 2, 3, 3, 3],
    );
    let sol = s.solitaire.clone().unwrap();
    assert_eq!(sol.spawn_points[2], Vec2::new(15.0, 15.0));
    let (b, _) = sol.bounty.expect("the Bounty");
    let spawned: Vec<(Tier, u8, Vec2)> = s
        .fighters
        .iter()
        .filter(|f| f.player == 1 && f.fighter.id != "bounty")
        .map(|f| (f.fighter.tier, f.fighter.stat, f.at))
        .collect();
    // A Specialist at 1, a Rookie at 2 and a Boss at 3, each with the shared stat.
    assert_eq!(
        spawned.iter().map(|o| (o.0, o.1)).collect::<Vec<_>>(),
        [(Tier::Specialist, 4), (Tier::Rookie, 3), (Tier::Boss, 6)]
    );
    for (o, k) in spawned.iter().zip([0, 1, 2]) {
        assert!(o.2.distance(sol.spawn_points[k]) < 1e-3, "{:?}", o.2);
    }
    // The Bounty in the opposing corner with his d12; no initiative: the player first.
    assert!(s.fighters[b].at.distance(Vec2::splat(36.0)) + 0.5 <= 5.0);
    assert_eq!(s.fighters[b].die(), 12);
    assert_eq!(
        (s.phase, s.to_act(), s.stage.clone()),
        (1, Some(0), Stage::Activating)
    );
    // "Each time the Boss receives a wound, his die is reduced by 1 type (i.e. down to d10
    // after the first wound, and so on)": the first wound of the turn too, so four wounds in
    // one turn take him from the d12 to the d6 and finish him.
    let mut dice_seen = Vec::new();
    for _ in 0..4 {
        s.take_wounds(b, 1);
        dice_seen.push((s.fighters[b].die(), s.fighters[b].standing));
    }
    assert_eq!(
        dice_seen,
        [
            (10, Standing::Upright),
            (8, Standing::Upright),
            (6, Standing::Upright),
            (6, Standing::Removed)
        ]
    );
    s.decide();
    assert_eq!(s.result.clone().expect("finished").winner, Some(0));
}

#[test]
fn a_maniacs_two_straight_moves_into_contact_give_him_an_attack_at_once() {
    let (mut s, mut dice) = game(vec![]);
    std::sync::Arc::make_mut(&mut s.fighters[0].fighter).specialisation =
        Some(Specialisation::Maniac);
    s.fighters[2].at = Vec2::new(20.0, 10.0);
    activate(&mut s, &mut dice, 0);
    let mv = |x: f32| Command::Move {
        path: vec![Vec2::new(x, 10.0)],
    };
    ok(&mut s, 0, mv(14.5), &mut dice);
    ok(&mut s, 0, mv(19.0), &mut dice);
    assert!(
        s.active.as_ref().unwrap().maniac,
        "two straight moves into contact"
    );
    // The attack at once: an 8 on his d8 misses Thug.
    dice.push_forced([8]);
    ok(&mut s, 0, Command::Melee { target: 2 }, &mut dice);
    let e = refused(&mut s, 0, Command::Melee { target: 2 }, &mut dice);
    assert!(e.contains("other action is spent"), "one attack only: {e}");
    // A turn between the moves: no charge.
    let (mut s, mut dice) = game(vec![]);
    std::sync::Arc::make_mut(&mut s.fighters[0].fighter).specialisation =
        Some(Specialisation::Maniac);
    s.fighters[2].at = Vec2::new(18.0, 13.0);
    activate(&mut s, &mut dice, 0);
    ok(&mut s, 0, mv(14.0), &mut dice);
    ok(
        &mut s,
        0,
        Command::Move {
            path: vec![Vec2::new(17.0, 13.0)],
        },
        &mut dice,
    );
    assert!(s.in_contact(0, 2) && !s.active.as_ref().unwrap().maniac);
    let e = refused(&mut s, 0, Command::Melee { target: 2 }, &mut dice);
    assert!(e.contains("other action is spent"), "{e}");
}

#[test]
fn a_driver_activates_a_rookie_within_10_inches_besides_his_own_activation() {
    let (mut s, mut dice) = game(vec![]);
    std::sync::Arc::make_mut(&mut s.fighters[0].fighter).specialisation =
        Some(Specialisation::Driver);
    activate(&mut s, &mut dice, 0);
    // A 6 on his d8 is over his stat 5: Rook stays put, the other action spent.
    dice.push_forced([6]);
    ok(&mut s, 0, Command::Drive { rookie: 1 }, &mut dice);
    let a = s.active.clone().unwrap();
    assert_eq!((a.fighter, a.acted), (0, true));
    let (mut s, mut dice) = game(vec![]);
    std::sync::Arc::make_mut(&mut s.fighters[0].fighter).specialisation =
        Some(Specialisation::Driver);
    activate(&mut s, &mut dice, 0);
    let e = refused(&mut s, 0, Command::Drive { rookie: 2 }, &mut dice);
    assert!(e.contains("not a Rookie of the warband"), "{e}");
    dice.push_forced([5]);
    ok(&mut s, 0, Command::Drive { rookie: 1 }, &mut dice);
    assert_eq!(s.active.as_ref().map(|a| a.fighter), Some(1));
    // Rook's activation in full: a move, then his end hands back to the Driver.
    ok(
        &mut s,
        0,
        Command::Move {
            path: vec![Vec2::new(10.0, 17.0)],
        },
        &mut dice,
    );
    ok(&mut s, 0, Command::EndActivation, &mut dice);
    assert_eq!(s.active.as_ref().map(|a| a.fighter), Some(0));
    assert!(!s.fighters[1].activated, "not his regular activation");
    ok(&mut s, 0, Command::EndActivation, &mut dice);
    ok(&mut s, 1, Command::Activate { fighter: 2 }, &mut dice);
    ok(&mut s, 1, Command::EndActivation, &mut dice);
    ok(&mut s, 0, Command::Activate { fighter: 1 }, &mut dice);
}

#[test]
fn an_assassin_may_ignore_terrain_on_a_move_into_base_contact() {
    let wall = TerrainPiece {
        id: "wall".into(),
        kind: TerrainKind::Wall,
        shape: Shape::Rect {
            min: (11.0, 8.0),
            max: (12.5, 12.0),
        },
        properties: vec![TerrainProperty::Impassable],
    };
    let (mut s, mut dice) = game(vec![wall]);
    std::sync::Arc::make_mut(&mut s.fighters[0].fighter).specialisation =
        Some(Specialisation::Assassin);
    s.fighters[2].at = Vec2::new(14.0, 10.0);
    activate(&mut s, &mut dice, 0);
    let to = Vec2::new(13.0, 10.0);
    let e = refused(&mut s, 0, Command::Move { path: vec![to] }, &mut dice);
    assert!(e.contains("blocks movement"), "{e}");
    let e = refused(
        &mut s,
        0,
        Command::Stalk {
            to: Vec2::new(12.9, 12.9),
        },
        &mut dice,
    );
    assert!(e.contains("into base contact with an enemy"), "{e}");
    // Not onto the enemy's base.
    let e = refused(
        &mut s,
        0,
        Command::Stalk {
            to: Vec2::new(13.6, 10.0),
        },
        &mut dice,
    );
    assert!(e.contains("Thug stands there"), "{e}");
    // A 7 is over his stat 5: he stays, his move still his.
    dice.push_forced([7]);
    ok(&mut s, 0, Command::Stalk { to }, &mut dice);
    assert_eq!(s.fighters[0].at, Vec2::new(10.0, 10.0));
    assert!(!s.active.as_ref().unwrap().moved);
    // One roll an activation: no second try.
    let e = refused(&mut s, 0, Command::Stalk { to }, &mut dice);
    assert!(e.contains("has rolled to stalk"), "{e}");
    s.active.as_mut().unwrap().stalked = false;
    dice.push_forced([5]);
    ok(&mut s, 0, Command::Stalk { to }, &mut dice);
    assert_eq!(s.fighters[0].at, to);
    assert!(s.in_contact(0, 2) && s.active.as_ref().unwrap().moved);
}

#[test]
fn cover_counts_against_a_melee_attack_too() {
    // High grass behind Thug, on his far side from Kara: no cover from her.
    let behind = TerrainPiece {
        id: "grass".into(),
        kind: TerrainKind::Woods,
        shape: Shape::Circle {
            centre: (12.2, 10.0),
            radius: 0.8,
        },
        properties: vec![TerrainProperty::Cover],
    };
    let (s, _) = game(vec![behind.clone()]);
    assert!(!s.in_cover(0, 2), "the grass is behind him, not between");
    // Thug standing in the grass: Kara's attack comes from the other side of it.
    let around = TerrainPiece {
        shape: Shape::Circle {
            centre: (11.3, 10.0),
            radius: 0.8,
        },
        ..behind
    };
    let (mut s, mut dice) = game(vec![around]);
    activate(&mut s, &mut dice, 0);
    // Kara hits Thug on a 3; Thug, in the grass, rolls two dice and keeps the better: 2 and
    // 5, and 5 is over his 3: defended (one die would have been a 2).
    dice.push_forced([3, 2, 5]);
    ok(&mut s, 0, Command::Melee { target: 2 }, &mut dice);
    assert_eq!(s.fighters[2].standing, Standing::Upright);
    assert!(
        s.events.iter().any(|e| e.contains("defends in cover")),
        "{:?}",
        s.events
    );
}

#[test]
fn a_berserker_laid_down_by_a_warriors_counter_makes_no_second_attack() {
    let (mut s, mut dice) = game(vec![]);
    std::sync::Arc::make_mut(&mut s.fighters[0].fighter).specialisation =
        Some(Specialisation::Berserker);
    std::sync::Arc::make_mut(&mut s.fighters[3].fighter).specialisation =
        Some(Specialisation::Warrior);
    s.fighters[3].at = Vec2::new(10.0, 11.0);
    activate(&mut s, &mut dice, 0);
    // Kara hits the Boss with a 2; his 4, at or under his stat 6, fails his defence and is
    // the Warrior's counter (his first wound this turn, ignored); Kara's 3 against 5 fails
    // hers: she lies down, and her second attack is not made.
    dice.push_forced([2, 4, 3]);
    ok(&mut s, 0, Command::Melee { target: 3 }, &mut dice);
    assert_eq!(s.fighters[0].standing, Standing::Down);
    assert!(s.fighters[3].wound_ignored);
    assert_eq!(dice.forced_left(), 0);
}

#[test]
fn a_point_that_is_no_number_is_refused() {
    let (mut s, mut dice) = game(vec![]);
    activate(&mut s, &mut dice, 0);
    let e = refused(
        &mut s,
        0,
        Command::Move {
            path: vec![Vec2::new(f32::NAN, 3.0)],
        },
        &mut dice,
    );
    assert!(e.contains("no number"), "{e}");
}

#[test]
fn a_friend_in_contact_with_the_tank_defends_with_the_tanks_die_and_stat() {
    let (mut s, mut dice) = game(Vec::new());
    // The Gang's Boss, a Tank of stat 2 on his d10, touching Thug: 8 faces of 10 defend,
    // against Thug's own 3 of 6.
    std::sync::Arc::make_mut(&mut s.fighters[3].fighter).specialisation =
        Some(Specialisation::Tank);
    std::sync::Arc::make_mut(&mut s.fighters[3].fighter).stat = 2;
    s.fighters[3].at = Vec2::new(11.0, 11.0);
    assert!(s.in_contact(2, 3));
    activate(&mut s, &mut dice, 0);
    // Kara hits on a 3; Thug rolls the Tank's d10: 3 is over the Tank's 2, defended (over
    // his own 3 it would not be).
    dice.push_forced([3, 3]);
    ok(&mut s, 0, Command::Melee { target: 2 }, &mut dice);
    assert_eq!(s.fighters[2].standing, Standing::Upright);
    assert!(
        s.events.iter().any(|e| e
            .contains("Thug stands by Boss, the Tank: he defends with the Tank's d10 and stat 2")),
        "{:?}",
        s.events
    );
}

#[test]
fn a_ranger_reaches_long_range_with_a_light_shooter_keeping_the_better_die() {
    let (mut s, mut dice) = game(Vec::new());
    std::sync::Arc::make_mut(&mut s.fighters[0].fighter).weapons = pistol();
    s.fighters[2].at = Vec2::new(22.0, 10.0);
    activate(&mut s, &mut dice, 0);
    // 11" between the bases: long range, out of a light shooter's reach.
    let e = refused(
        &mut s,
        0,
        Command::Shoot {
            target: 2,
            area: false,
            weapon: None,
        },
        &mut dice,
    );
    assert!(e.contains("out of this shooter's reach"), "{e}");
    // Kara a Ranger: two dice, the better kept, 6 and 2: a hit; Thug rolls 2, wounded and
    // removed.
    std::sync::Arc::make_mut(&mut s.fighters[0].fighter).specialisation =
        Some(Specialisation::Ranger);
    dice.push_forced([6, 2, 2]);
    ok(
        &mut s,
        0,
        Command::Shoot {
            target: 2,
            area: false,
            weapon: None,
        },
        &mut dice,
    );
    assert_eq!(s.fighters[2].standing, Standing::Removed);
}

#[test]
fn a_boss_lying_wounded_ignores_the_first_wound_of_a_new_turn() {
    let (mut s, mut dice) = game(vec![]);
    // The Gang's Boss was laid down last turn; this turn he has ignored nothing yet.
    s.fighters[3].at = Vec2::new(10.0, 11.0);
    s.fighters[3].standing = Standing::Down;
    activate(&mut s, &mut dice, 0);
    // Kara hits with a 2 (no defence roll for a fighter lying wounded): "A Boss ignores the
    // 1st wound he receives per turn", lying down or not.
    dice.push_forced([2]);
    ok(&mut s, 0, Command::Melee { target: 3 }, &mut dice);
    assert_eq!(s.fighters[3].standing, Standing::Down);
    assert!(s.fighters[3].wound_ignored);
    assert!(
        s.events
            .iter()
            .any(|e| e == "Boss ignores his first wound this turn"),
        "{:?}",
        s.events
    );
}

#[test]
fn a_fighter_with_a_light_pistol_and_a_heavy_shooter_fires_the_one_he_chooses() {
    let (mut s, mut dice) = game(Vec::new());
    // Kara carries a blaster pistol (light, 1 hand) and a rotary blaster (heavy, 2 hands):
    // "1 twohanded weapon along with an additional onehanded weapon".
    let mut weapons = pistol();
    weapons.push(Weapon::Shooter {
        name: "rotary blaster".into(),
        class: Shooter::Heavy,
    });
    std::sync::Arc::make_mut(&mut s.fighters[0].fighter).weapons = weapons;
    s.fighters[2].at = Vec2::new(22.0, 10.0);
    activate(&mut s, &mut dice, 0);
    let shot = |weapon| Command::Shoot {
        target: 2,
        area: false,
        weapon,
    };
    // 11" between the bases, long range: a plain shot fires the pistol, which cannot reach.
    let e = refused(&mut s, 0, shot(None), &mut dice);
    assert!(e.contains("out of this shooter's reach"), "{e}");
    let e = refused(&mut s, 0, shot(Some(0)), &mut dice);
    assert!(e.contains("out of this shooter's reach"), "{e}");
    // The heavy shooter chosen: "use 2 dice and take the worse result for all distances";
    // the worse of 2 and 4 (4 <= 5) hits, Thug rolls 3 (<= 3): removed.
    dice.push_forced([2, 4, 3]);
    ok(&mut s, 0, shot(Some(1)), &mut dice);
    assert!(
        s.events
            .iter()
            .any(|e| e == "Kara attacks Thug: d8 [2, 4] kept 4 (the worse) < stat 5: a hit"),
        "{:?}",
        s.events
    );
    assert_eq!(s.fighters[2].standing, Standing::Removed);
}

#[test]
fn a_shot_written_without_a_weapon_still_reads() {
    // Scripts and saves from before the weapon field: the rules' default shooter.
    let c: Command = ron::from_str("Shoot(target: 3, area: false)").expect("reads");
    assert_eq!(
        c,
        Command::Shoot {
            target: 3,
            area: false,
            weapon: None,
        }
    );
    let e = ron::from_str::<Command>("Shoot(target: 3, area: false, weapon: Some(1))");
    assert!(matches!(
        e,
        Ok(Command::Shoot {
            weapon: Some(1),
            ..
        })
    ));
}

#[test]
fn a_friend_lying_wounded_in_contact_still_counts_for_the_melee_minus_one_and_recovering() {
    let (mut s, mut dice) = game(vec![]);
    // Rook lies wounded in base contact with Thug: "For each other miniature of his own
    // warband in base to base contact to the target, the player may reduce the result by 1".
    s.fighters[1].at = Vec2::new(12.0, 10.0);
    s.fighters[1].standing = Standing::Down;
    activate(&mut s, &mut dice, 0);
    // Kara's 6 - 1 = 5 hits her stat 5; Thug rolls 2: removed.
    dice.push_forced([6, 2]);
    ok(&mut s, 0, Command::Melee { target: 2 }, &mut dice);
    assert!(
        s.events
            .iter()
            .any(|e| e == "Kara attacks Thug: d8 [6] kept 6 -1 = 5 = stat 5: a hit"),
        "{:?}",
        s.events
    );
    assert_eq!(s.fighters[2].standing, Standing::Removed);

    // Recovering: "add 1 for each friendly miniature in base to base contact", Rook lying
    // wounded beside Kara as well: 4 + 1 against 5, back on her feet.
    let (mut s, mut dice) = game(vec![]);
    s.fighters[0].standing = Standing::Down;
    s.fighters[1].standing = Standing::Down;
    s.fighters[1].at = Vec2::new(10.0, 11.0);
    activate(&mut s, &mut dice, 0);
    dice.push_forced([4]);
    ok(&mut s, 0, Command::Recover, &mut dice);
    assert_eq!(s.fighters[0].standing, Standing::Upright);
}

#[test]
fn a_fighter_lying_wounded_on_the_hill_still_holds_it() {
    let (mut s, mut dice) = game(vec![]);
    s.goal = Goal::KingOfTheHill;
    s.hill = Some(Vec2::new(20.0, 20.0));
    // Kara lies wounded in base contact with the token: "at least 1 fighter in base to base
    // contact to the token".
    s.fighters[0].at = Vec2::new(20.0, 21.0);
    s.fighters[0].standing = Standing::Down;
    assert_eq!(s.on_hill(), vec![0]);
    play_phase(&mut s, &mut dice, &[], [5, 9]);
    assert_eq!(s.holder, Some((0, true)));
    play_phase(&mut s, &mut dice, &[], [5, 9]);
    assert_eq!(s.result.clone().expect("won").winner, Some(0));
}

#[test]
fn a_berserker_whose_first_attack_removes_his_target_makes_the_second_on_another() {
    let (mut s, mut dice) = game(vec![]);
    std::sync::Arc::make_mut(&mut s.fighters[0].fighter).specialisation =
        Some(Specialisation::Berserker);
    // Thug at (11, 10) and the Boss at (10, 11) both touch Kara.
    s.fighters[3].at = Vec2::new(10.0, 11.0);
    activate(&mut s, &mut dice, 0);
    // "May attack twice in melee": Kara's 2 hits Thug, who rolls 1: removed, the second
    // attack not yet made.
    dice.push_forced([2, 1]);
    ok(&mut s, 0, Command::Melee { target: 2 }, &mut dice);
    assert_eq!(s.fighters[2].standing, Standing::Removed);
    assert!(s.active.as_ref().unwrap().berserk);
    // The second on the Boss: 3 hits, his 7 on the d10 is over his 6: defended.
    dice.push_forced([3, 7]);
    ok(&mut s, 0, Command::Melee { target: 3 }, &mut dice);
    assert!(
        s.events
            .iter()
            .any(|e| e == "Kara attacks Boss: d8 [3] kept 3 < stat 5: a hit"),
        "{:?}",
        s.events
    );
    assert_eq!(dice.forced_left(), 0);
    // Two attacks and no more.
    let e = refused(&mut s, 0, Command::Melee { target: 3 }, &mut dice);
    assert!(e.contains("other action is spent"), "{e}");
}

#[test]
fn a_two_handed_weapon_throws_no_second_defence_die_for_a_rookie_removed() {
    let (mut s, mut dice) = game(vec![]);
    std::sync::Arc::make_mut(&mut s.fighters[0].fighter).weapons = vec![Weapon::Melee {
        name: "vibro-axe".into(),
        two_handed: true,
    }];
    activate(&mut s, &mut dice, 0);
    // Kara's 2 hits Thug, who rolls 1: "removed immediately from the game"; the 6 left is
    // not thrown for him.
    dice.push_forced([2, 1, 6]);
    ok(&mut s, 0, Command::Melee { target: 2 }, &mut dice);
    assert_eq!(s.fighters[2].standing, Standing::Removed);
    assert_eq!(dice.forced_left(), 1);
}

#[test]
fn a_preacher_lying_wounded_still_gives_his_rookies_the_bonus() {
    let (mut s, mut dice) = game(vec![]);
    // Kara, a Preacher lying wounded, 1" from Rook: "Rookies at least partially within 2″
    // recieve +1 on defense rolls and -1 on attack rolls".
    std::sync::Arc::make_mut(&mut s.fighters[0].fighter).specialisation =
        Some(Specialisation::Preacher);
    s.fighters[0].standing = Standing::Down;
    std::sync::Arc::make_mut(&mut s.fighters[1].fighter).weapons = knife();
    s.fighters[1].at = Vec2::new(10.0, 12.0);
    s.fighters[2].at = Vec2::new(11.0, 12.0);
    activate(&mut s, &mut dice, 1);
    // Rook's 5 - 1 = 4 hits his stat 4; Thug rolls 3: removed.
    dice.push_forced([5, 3]);
    ok(&mut s, 0, Command::Melee { target: 2 }, &mut dice);
    assert!(
        s.events
            .iter()
            .any(|e| e == "Rook attacks Thug: d6 [5] kept 5 -1 = 4 = stat 4: a hit"),
        "{:?}",
        s.events
    );
}

/// Issue 61: two warbands with the builder's default names: a fighter whose name another
/// warband's fighter shares is named with his warband's, on the table and in every log line;
/// the others keep their names.
#[test]
fn fighters_of_two_warbands_sharing_a_name_are_told_apart() {
    let players = hunters_and_gang();
    let fighters = vec![
        on(
            fighter("Rookie 1", Tier::Rookie, 4, knife()),
            0,
            (10.0, 10.0),
        ),
        on(
            fighter("Kara", Tier::Specialist, 5, knife()),
            0,
            (10.0, 14.0),
        ),
        on(
            fighter("Rookie 1", Tier::Rookie, 3, knife()),
            1,
            (11.0, 10.0),
        ),
        on(fighter("Boss", Tier::Boss, 6, knife()), 1, (30.0, 30.0)),
    ];
    let s = Skirmish::mustering(Vec2::splat(36.0), Vec::new(), players, fighters);
    let names: Vec<&str> = s.fighters.iter().map(|f| f.fighter.name.as_str()).collect();
    assert_eq!(
        names,
        ["Rookie 1 (Hunters)", "Kara", "Rookie 1 (Gang)", "Boss"]
    );
}

/// Two spawn points the dice put on one spot are one marker, named for both, each shut down
/// said (their two labels were written over each other: a walk).
#[test]
fn spawn_points_on_one_spot_are_one_marker() {
    // Spawn points 4 and 5 both in square (4, 4).
    let mut s = mustered(
        Goal::Bounty,
        &[1, 1, 2, 2, 3, 3, 4, 4, 4, 4, 6, 6, 1, 1, 2, 3, 3, 3],
    );
    if let Some(sol) = s.solitaire.as_mut() {
        sol.shut = vec![false, false, false, false, true, false];
    }
    let crate::engine::board::BoardGeometry::InchTable { markers, .. } =
        super::super::board::board(&s)
    else {
        panic!("an inch table")
    };
    let names: Vec<&str> = markers.iter().map(|m| m.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "spawn 1",
            "spawn 2",
            "spawn 3",
            "spawn 4 and 5 (shut down)",
            "spawn 6"
        ]
    );
}

/// Kara and Thug stand in base contact, Rook 4" off: each of the two is engaged with the other
/// and Rook with no one; a shot of Rook's at Thug goes into a crowd of Thug and Kara, one of
/// Kara's at Thug into none (the shooter is not of the crowd); Kara removed, no one is.
#[test]
fn fighters_in_base_contact_are_engaged_and_a_crowd_to_shoot_into() {
    let (mut s, _) = game(vec![]);
    assert_eq!(s.engaged(0), [2]);
    assert_eq!(s.engaged(2), [0]);
    assert!(s.engaged(1).is_empty());
    assert_eq!(s.crowd(1, 2), [2, 0]);
    assert_eq!(s.crowd(0, 2), [2]);
    s.fighters[0].standing = Standing::Removed;
    assert!(s.engaged(2).is_empty() && s.engaged(0).is_empty());
    assert_eq!(s.crowd(1, 2), [2]);
}
