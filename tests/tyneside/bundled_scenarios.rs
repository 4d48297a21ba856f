//! Every bundled scenario can be played to its end through the command path: a plain policy
//! (advance on the nearest enemy, shoot at the nearest enemy group, fight when in contact) for
//! the sides people play, the rules for the sides the scenario gives them, with seeded dice,
//! reaches the result without getting stuck.

use holotable::engine::pipeline::CommandOutcome;
use holotable::engine::ruleset::RuleSet;
use holotable::rulesets::tyneside::Tyneside;
use holotable::rulesets::tyneside::commands::Command;
use holotable::rulesets::tyneside::components::Status;
use holotable::rulesets::tyneside::turn::TurnState;

fn accepted(s: &mut crate::common::Game, c: Command) -> bool {
    matches!(s.send(c), CommandOutcome::Accepted(_))
}

/// The active group and the enemy groups, nearest first, with the direction to the nearest.
fn situation(s: &mut crate::common::Game) -> Option<(String, Vec<String>, (f32, f32))> {
    let active = s
        .app
        .world()
        .resource::<TurnState>()
        .active_group()?
        .to_string();
    let st = s.state();
    let fighting: Vec<_> = st
        .figures
        .iter()
        .filter(|f| f.status == Status::Active)
        .collect();
    let ours: Vec<_> = fighting.iter().filter(|f| f.group == active).collect();
    let (cx, cy) = ours
        .iter()
        .fold((0.0, 0.0), |a, f| (a.0 + f.position.0, a.1 + f.position.1));
    let n = ours.len().max(1) as f32;
    let c = (cx / n, cy / n);
    // Enemies: the figures of the other sides.
    let our_side = ours.first()?.side;
    let mut enemies: Vec<(f32, String, (f32, f32))> = fighting
        .iter()
        .filter(|f| f.side != our_side)
        .map(|f| {
            let d = ((f.position.0 - c.0).powi(2) + (f.position.1 - c.1).powi(2)).sqrt();
            (d, f.group.clone(), f.position)
        })
        .collect();
    enemies.sort_by(|a, b| a.0.total_cmp(&b.0));
    // Towards the nearest enemy, or with none on the table (reinforcements still to come),
    // the nearest objective.
    let objective = s
        .app
        .world()
        .resource::<holotable::rulesets::tyneside::table::TableRes>()
        .scenario
        .objectives
        .iter()
        .map(|o| o.at)
        .min_by(|a, b| {
            let d = |p: &(f32, f32)| (p.0 - c.0).powi(2) + (p.1 - c.1).powi(2);
            d(a).total_cmp(&d(b))
        });
    let dir = enemies
        .first()
        .map(|e| (e.2.0 - c.0, e.2.1 - c.1))
        .or(objective.map(|o| (o.0 - c.0, o.1 - c.1)))
        .unwrap_or((0.0, 0.0));
    let mut groups: Vec<String> = Vec::new();
    for e in enemies {
        if !groups.contains(&e.1) {
            groups.push(e.1);
        }
    }
    Some((active, groups, dir))
}

fn play_to_the_end(name: &str, seed: u64) -> (u32, String) {
    let mut s = crate::common::seeded_session(name, seed);
    for _ in 0..3000 {
        // A side the scenario gives the rules is played by them (solo scenarios).
        if let Some(step) = <Tyneside as RuleSet>::ai_step(s.app.world_mut()) {
            step.unwrap_or_else(|e| panic!("{name}: {e}"));
            continue;
        }
        match s.phase().as_str() {
            "GameOver" => {
                let st = s.state();
                return (st.turn, st.result.unwrap().reason);
            }
            "Orders" => assert!(accepted(&mut s, Command::EndPhase)),
            "Movement" => {
                if accepted(&mut s, Command::EndActivation) {
                    continue;
                }
                let (group, _, (dx, dy)) = situation(&mut s).expect("an active group");
                let len = (dx * dx + dy * dy).sqrt().max(1e-3);
                // Try a few steps towards the enemy, then sideways, until one is legal.
                let mut moved = false;
                for k in 0..16 {
                    let a = (k as f32) * std::f32::consts::TAU / 16.0;
                    let (ux, uy) = (dx / len, dy / len);
                    let (rx, ry) = (ux * a.cos() - uy * a.sin(), ux * a.sin() + uy * a.cos());
                    for step in [4.5f32, 3.0, 2.6] {
                        if accepted(
                            &mut s,
                            Command::MoveGroup {
                                group: group.clone(),
                                by: (rx * step, ry * step),
                            },
                        ) {
                            moved = true;
                            break;
                        }
                    }
                    if moved {
                        break;
                    }
                }
                // As a player would: then top up the figures one at a time until the group
                // may end its activation.
                for _ in 0..3 {
                    if accepted(&mut s, Command::EndActivation) {
                        break;
                    }
                    let members: Vec<(String, (f32, f32))> = s
                        .state()
                        .figures
                        .into_iter()
                        .filter(|f| f.group == group && f.status == Status::Active)
                        .map(|f| (f.id, f.position))
                        .collect();
                    for (id, p) in members {
                        'dirs: for k in 0..16 {
                            let a = (k as f32) * std::f32::consts::TAU / 16.0;
                            let (ux, uy) = (dx / len, dy / len);
                            let (rx, ry) =
                                (ux * a.cos() - uy * a.sin(), ux * a.sin() + uy * a.cos());
                            for step in [3.0f32, 2.6, 1.0] {
                                let to = (p.0 + rx * step, p.1 + ry * step);
                                if accepted(
                                    &mut s,
                                    Command::Move {
                                        figure: id.clone(),
                                        to,
                                    },
                                ) {
                                    break 'dirs;
                                }
                            }
                        }
                    }
                }
                if s.app.world().resource::<TurnState>().active_group() != Some(group.as_str())
                    || s.phase() != "Movement"
                {
                    continue;
                }
                if let CommandOutcome::Refused(_, why) = s.send(Command::EndActivation) {
                    let st = s.state();
                    let figs: Vec<_> = st
                        .figures
                        .iter()
                        .filter(|f| f.group == group)
                        .map(|f| (f.id.clone(), f.position, f.status))
                        .collect();
                    panic!(
                        "{name}: group {group} is stuck in movement (moved: {moved}): {why}\n{figs:?}"
                    );
                }
            }
            "Action" => {
                let (group, enemies, _) = situation(&mut s).expect("an active group");
                if accepted(
                    &mut s,
                    Command::Fight {
                        group: group.clone(),
                    },
                ) {
                    continue;
                }
                for e in enemies.iter().take(2) {
                    if accepted(
                        &mut s,
                        Command::Shoot {
                            groups: vec![group.clone()],
                            targets: vec![e.clone()],
                        },
                    ) {
                        break;
                    }
                }
                if s.app.world().resource::<TurnState>().active_group() == Some(group.as_str()) {
                    assert!(
                        accepted(&mut s, Command::EndActivation),
                        "{name}: {group} cannot end its activation"
                    );
                }
            }
            p => panic!("{name}: stuck in {p}"),
        }
    }
    panic!("{name}: no result after 3000 commands");
}

#[test]
fn every_bundled_scenario_plays_to_a_result() {
    for (name, _) in holotable::rulesets::tyneside::BUNDLED {
        for seed in [1, 2] {
            let (turn, reason) = play_to_the_end(name, seed);
            assert!(turn >= 1 && !reason.is_empty(), "{name}");
            println!("{name} (seed {seed}): turn {turn}: {reason}");
        }
    }
}

#[test]
fn each_guided_first_game_starts_with_the_rules_playing_its_side() {
    use holotable::engine::dice::Randomness;
    let registry = holotable::rulesets::registry();
    let guided: Vec<_> = registry
        .0
        .iter()
        .filter_map(|e| e.first_game.map(|g| (e, g)))
        .collect();
    assert!(!guided.is_empty(), "the title offers a first game");
    for (entry, (scenario, side)) in guided {
        let (loaded, found) = registry
            .load(scenario)
            .unwrap_or_else(|e| panic!("{scenario}: {e:?}"));
        assert_eq!(
            found.id, entry.id,
            "{scenario} is a scenario of its own rule set"
        );
        let mut game =
            (entry.headless)(&loaded, Randomness::seeded(1)).unwrap_or_else(|e| panic!("{e:?}"));
        game.set_rules_sides(&[side.to_string()])
            .unwrap_or_else(|e| panic!("{scenario}: {e}"));
    }
}
