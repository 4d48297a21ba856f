//! Every bundled battlefield scenario plays to its result through the command path: the app's
//! plain policy (`battlefield::ai`: fire at an enemy in range and sight, else close in on the
//! nearest enemy, else end the impulse) for both sides, with seeded dice; and a saved battle
//! replays.

use holotable::engine::dice::Randomness;
use holotable::engine::pipeline::CommandOutcome;
use holotable::engine::ruleset::RuleSet;
use holotable::engine::session::Headless;
use holotable::engine::session::Session;
use holotable::rulesets::battlefield::commands::Command;
use holotable::rulesets::battlefield::phases::BattleRes;
use holotable::rulesets::battlefield::rules::map::col_row;
use holotable::rulesets::battlefield::rules::roster::Kind;
use holotable::rulesets::battlefield::{BUNDLED, Battlefield};
use holotable::rulesets::registry;

#[test]
fn every_bundled_battle_plays_to_its_result() {
    for (name, _) in BUNDLED {
        let (loaded, _) = registry().load(name).unwrap_or_else(|e| panic!("{e:?}"));
        for seed in [1, 2, 3] {
            let mut s = Session::<Battlefield>::start(&loaded, Randomness::seeded(seed))
                .unwrap_or_else(|e| panic!("{name}: {e:?}"));
            s.set_rules_sides(&["all".into()])
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            s.play_script(None, "")
                .unwrap_or_else(|e| panic!("{name} seed {seed}: {e}"));
            assert_eq!(s.phase(), "GameOver", "{name} seed {seed}");
            let b = &s.world().resource::<BattleRes>().0;
            assert!(b.result.is_some(), "{name}");
            // The record replays to the same state.
            let replayed = Session::<Battlefield>::replay(s.record())
                .unwrap_or_else(|e| panic!("{name}: {e:?}"));
            assert_eq!(
                replayed.world().resource::<BattleRes>().0.result,
                b.result,
                "{name}"
            );
        }
    }
}

#[test]
fn a_refused_command_changes_nothing() {
    let (loaded, _) = registry()
        .load("capture_the_village")
        .unwrap_or_else(|e| panic!("{e:?}"));
    let mut s = Session::<Battlefield>::start(&loaded, Randomness::seeded(7))
        .unwrap_or_else(|e| panic!("{e:?}"));
    let before = s.world().resource::<BattleRes>().0.clone();
    let id = before
        .units
        .iter()
        .find(|u| u.side == before.impulse.side)
        .map(|u| u.id.clone())
        .unwrap_or_default();
    // A route that jumps: refused, and nothing moved.
    let out = s.send(Command::Move {
        unit: id,
        path: vec![(39, 31)],
    });
    assert!(
        matches!(out, CommandOutcome::Refused(_, ref why) if why.contains("adjacent") || why.contains("off the map")),
        "{out:?}"
    );
    assert_eq!(s.world().resource::<BattleRes>().0, before);
}

#[test]
fn the_impulse_ends_when_every_unit_of_the_side_has_played() {
    use holotable::rules::dice::Dice;
    use holotable::rulesets::battlefield::actions::apply;
    let (loaded, _) = registry()
        .load("capture_the_village")
        .unwrap_or_else(|e| panic!("{e:?}"));
    let s = Session::<Battlefield>::start(&loaded, Randomness::seeded(7))
        .unwrap_or_else(|e| panic!("{e:?}"));
    let mut b = s.world().resource::<BattleRes>().0.clone();
    let side = b.impulse.side;
    // Every unit of the side but one has played; the impulse still allows five.
    let last = b
        .units
        .iter()
        .position(|u| u.side == side && u.profile.kind != Kind::Leader)
        .unwrap_or_else(|| panic!("no unit"));
    for (i, u) in b.units.iter_mut().enumerate() {
        u.activated = u.side == side && i != last;
    }
    b.impulse.allowed = 5;
    b.impulse.used = 0;
    let number = b.impulse.number;
    let route = b.units[last]
        .at
        .all_neighbors()
        .into_iter()
        .filter(|h| b.at(*h).next().is_none())
        .find_map(|h| b.route_for(last, h, false))
        .unwrap_or_else(|| panic!("no route"))
        .0;
    let mut dice = Dice::seeded(1);
    let step = Command::Move {
        unit: b.units[last].id.clone(),
        path: route.iter().map(|h| col_row(*h)).collect(),
    };
    apply(&mut b, &step, &mut dice).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(b.impulse.number, number + 1, "the impulse did not end");
    assert_ne!(b.impulse.side, side, "the other side plays next");
}

#[test]
fn the_app_plays_its_side_only_and_the_table_is_seen_through_the_persons() {
    use holotable::engine::game::Sides;
    use holotable::rulesets::battlefield::view::viewer;
    let (loaded, _) = registry()
        .load("forest_ambush")
        .unwrap_or_else(|e| panic!("{e:?}"));
    let mut s = Session::<Battlefield>::start(&loaded, Randomness::seeded(5))
        .unwrap_or_else(|e| panic!("{e:?}"));
    s.set_rules_sides(&["imperials".into()])
        .unwrap_or_else(|e| panic!("{e}"));
    let err = s.set_rules_sides(&["empire".into()]).unwrap_err();
    assert!(
        err.contains("no side of that id (sides: imperials, alliance, or all)"),
        "{err}"
    );
    let (mut app_steps, mut person_turns) = (0, 0);
    for _ in 0..400 {
        if s.phase() == "GameOver" {
            break;
        }
        let b = s.world().resource::<BattleRes>().0.clone();
        let app = s.world().resource::<Sides>().clone();
        // Whoever acts, the screen shows the rebels' side of the hidden units.
        assert_eq!(viewer(&b, Some(&app), &Default::default(), None), 1);
        // A computer that plays one side (online, by e-mail) sees through it, whoever acts.
        assert_eq!(viewer(&b, Some(&app), &Default::default(), Some(0)), 0);
        let step = Battlefield::ai_step(s.world_mut());
        if b.impulse.side == 0 {
            assert!(matches!(step, Some(Ok(_))), "{step:?}");
            app_steps += 1;
        } else {
            // The person's impulse: the app does nothing; the person passes.
            assert!(
                step.is_none(),
                "the app acted in the person's impulse: {step:?}"
            );
            assert!(s.send(Command::EndImpulse).accepted());
            person_turns += 1;
        }
    }
    assert!(
        app_steps > 10 && person_turns > 5,
        "{app_steps} {person_turns}"
    );
}

/// A saved game reopens with the table's cameras where they were saved: the replay puts them
/// back in the record and in the world for the view.
#[test]
fn a_replayed_save_keeps_its_camera() {
    use holotable::engine::record::CameraPlace;
    let (loaded, _) = registry().load("walker_assault").unwrap();
    let mut s = Session::<Battlefield>::start(&loaded, Randomness::seeded(1)).unwrap();
    s.set_rules_sides(&["all".into()]).unwrap();
    s.play_script(None, "").unwrap();
    let mut record = s.record().clone();
    let place = CameraPlace {
        flat: Some(([10.0, 8.5], 0.05)),
        orbit: None,
    };
    record.camera = Some(place.clone());
    let replayed = Session::<Battlefield>::replay(&record).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(replayed.record().camera, Some(place.clone()));
    assert_eq!(replayed.world().resource::<CameraPlace>(), &place);
}

/// A move and fire checks its shot from where the move will end before it activates or moves:
/// refused at the shot (no enemy there), it leaves no trace (the battle is no longer copied
/// before every command, and a rule set that checks first is not looked at after a refusal).
#[test]
fn a_move_and_fire_refused_at_the_shot_leaves_the_unit_where_it_stood() {
    use holotable::rulesets::battlefield::ai::candidates;
    let (loaded, _) = registry()
        .load("walker_assault")
        .unwrap_or_else(|e| panic!("{e:?}"));
    let mut s = Session::<Battlefield>::start(&loaded, Randomness::seeded(4))
        .unwrap_or_else(|e| panic!("{e:?}"));
    let b = s.world().resource::<BattleRes>().0.clone();
    let (i, to) = candidates(&b)
        .into_iter()
        .find_map(|i| {
            let u = &b.units[i];
            let half = u.profile.movement.div_ceil(2);
            b.reach_of(i, half)
                .into_iter()
                .map(|(h, _)| h)
                .find(|&h| h != u.at && b.route_for(i, h, false).is_some())
                .map(|h| (i, h))
        })
        .expect("a unit that can move");
    let (route, _) = b.route_for(i, to, false).expect("a route");
    let hash = Battlefield::state_hash(s.world_mut());
    let empty = (0..b.map.size.0)
        .flat_map(|c| (0..b.map.size.1).map(move |r| (c, r)))
        .find(|&(c, r)| {
            let h = holotable::rulesets::battlefield::rules::map::hex_at(c, r);
            b.at(h).next().is_none() && h != to
        })
        .expect("an empty hex");
    let out = s.send(Command::MoveAndFire {
        unit: b.units[i].id.clone(),
        path: route.iter().map(|h| col_row(*h)).collect(),
        target: empty,
        leader: false,
        force: 0,
        weapon_target: None,
    });
    assert!(matches!(out, CommandOutcome::Refused(..)), "{out:?}");
    assert_eq!(
        Battlefield::state_hash(s.world_mut()),
        hash,
        "a trace was left"
    );
    let after = &s.world().resource::<BattleRes>().0.units[i];
    assert_eq!((after.at, after.activated), (b.units[i].at, false));
    // And the battle goes on: the same unit may still move.
    assert!(
        s.send(Command::Move {
            unit: b.units[i].id.clone(),
            path: route.iter().map(|h| col_row(*h)).collect(),
        })
        .accepted()
    );
}

/// The rules' side tells each step in the players' words, as the replay does: a unit by its
/// name, not its id (a new player read "st6 moves to (1, 7)" under the phase bar).
#[test]
fn the_rules_side_tells_its_steps_by_the_units_names() {
    let (loaded, _) = registry()
        .load("capture_the_village")
        .unwrap_or_else(|e| panic!("{e:?}"));
    let mut s = Session::<Battlefield>::start(&loaded, Randomness::seeded(4))
        .unwrap_or_else(|e| panic!("{e:?}"));
    s.set_rules_sides(&["all".into()]).unwrap();
    let ids: Vec<String> = s
        .world()
        .resource::<BattleRes>()
        .0
        .units
        .iter()
        .map(|u| u.id.clone())
        .collect();
    for _ in 0..20 {
        let Some(step) = holotable::engine::rules_side::step::<Battlefield>(s.world_mut()) else {
            break;
        };
        let told = step.unwrap_or_else(|e| panic!("{e}"));
        assert!(
            !told
                .split(|c: char| !c.is_alphanumeric())
                .any(|w| ids.iter().any(|id| id == w)),
            "{told}"
        );
        assert!(!told.contains("Hex"), "{told}");
    }
}
