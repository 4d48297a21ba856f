//! Undo and redo never re-roll: a command that rolled dice (or passed the turn) stands; a move
//! inside one's own impulse is taken back to the very state before it and can be redone.

use holotable::engine::dice::Randomness;
use holotable::engine::game::{Sides, set_rules_sides, set_searched_sides};
use holotable::engine::pipeline::CommandOutcome;
use holotable::engine::session::Session;
use holotable::rulesets::battlefield::Battlefield;
use holotable::rulesets::battlefield::commands::Command;
use holotable::rulesets::battlefield::phases::BattleRes;
use holotable::rulesets::battlefield::rules::map::{col_row, hex_at};
use holotable::rulesets::registry;

fn battle(s: &Session<Battlefield>) -> holotable::rulesets::battlefield::battle::Battle {
    s.world().resource::<BattleRes>().0.clone()
}

fn accepted(s: &mut Session<Battlefield>, c: Command) {
    let out = s.send(c);
    assert!(matches!(out, CommandOutcome::Accepted(_)), "{out:?}");
}

#[test]
fn undo_takes_back_a_move_but_never_a_roll() {
    let (loaded, _) = registry()
        .load("capture_the_village")
        .unwrap_or_else(|e| panic!("{e:?}"));
    let mut s = Session::<Battlefield>::start(&loaded, Randomness::seeded(3))
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert!(s.undo().is_err(), "nothing to undo at the start");
    // Which sides the rules play, and the searching opponent, is no part of the game: an
    // undo keeps it.
    let other = s.world().resource::<Sides>().ids[1].clone();
    set_rules_sides(s.world_mut(), std::slice::from_ref(&other)).unwrap_or_else(|e| panic!("{e}"));
    set_searched_sides(s.world_mut(), &[other]).unwrap_or_else(|e| panic!("{e}"));
    // The AT-ST moves (no die): undone to the very state before, then redone.
    let before = battle(&s);
    let atst = before.unit_index("atst").unwrap_or_else(|e| panic!("{e}"));
    let (route, _) = before
        .route_for(atst, hex_at(7, 6), false)
        .unwrap_or_else(|| panic!("no route"));
    accepted(
        &mut s,
        Command::Move {
            unit: "atst".into(),
            path: route.iter().map(|h| col_row(*h)).collect(),
        },
    );
    let after = battle(&s);
    s.undo().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(battle(&s), before);
    assert_eq!(s.world().resource::<Sides>().rules, vec![1]);
    assert_eq!(s.world().resource::<Sides>().searched, vec![1]);
    assert_eq!(s.record().commands.len(), 0);
    s.redo().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(battle(&s), after);
    assert!(s.redo().is_err(), "one undone, one redone");
    // Ending the impulse throws the other side's activation die and hands over: it stands,
    // and nothing changes for asking.
    accepted(&mut s, Command::EndImpulse);
    let shot = battle(&s);
    let dice = s.record().commands.last().map(|c| c.dice.clone());
    let why = s.undo().expect_err("a roll was undone");
    assert!(why.contains("rolled dice"), "{why}");
    assert!(
        dice.as_ref().is_some_and(|d| !d.is_empty()),
        "the pass threw no die"
    );
    assert_eq!(battle(&s), shot);
    assert_eq!(s.record().commands.last().map(|c| c.dice.clone()), dice);
}

/// What was undone in one game is not there to redo in the next one played in the same
/// window.
#[test]
fn nothing_undone_in_one_game_is_redone_in_the_next() {
    let (loaded, _) = registry()
        .load("capture_the_village")
        .unwrap_or_else(|e| panic!("{e:?}"));
    let mut s = Session::<Battlefield>::start(&loaded, Randomness::seeded(3))
        .unwrap_or_else(|e| panic!("{e:?}"));
    let b = battle(&s);
    let atst = b.unit_index("atst").unwrap_or_else(|e| panic!("{e}"));
    let (route, _) = b
        .route_for(atst, hex_at(7, 6), false)
        .unwrap_or_else(|| panic!("no route"));
    accepted(
        &mut s,
        Command::Move {
            unit: "atst".into(),
            path: route.iter().map(|h| col_row(*h)).collect(),
        },
    );
    s.undo().unwrap_or_else(|e| panic!("{e}"));
    let (next, _) = registry()
        .load("walker_assault")
        .unwrap_or_else(|e| panic!("{e:?}"));
    holotable::engine::game::start::<Battlefield>(s.world_mut(), &next, Randomness::seeded(4))
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(s.redo(), Err("Redo: nothing to redo".into()));
}

/// Who plays which side travels with a save (`GameRecord::hands`): resumed, the same sides are the
/// rules' and the searching opponent's, not a hotseat game.
#[test]
fn a_resumed_save_is_played_by_the_same_hands() {
    let (loaded, entry) = registry()
        .load("walker_assault")
        .unwrap_or_else(|e| panic!("{e:?}"));
    let mut s = Session::<Battlefield>::start(&loaded, Randomness::seeded(3))
        .unwrap_or_else(|e| panic!("{e:?}"));
    set_searched_sides(s.world_mut(), &["alliance".into()]).unwrap_or_else(|e| panic!("{e}"));
    let mut record = s.record().clone();
    record.hands = Some(s.world().resource::<Sides>().hands());
    let dir = std::env::temp_dir().join(format!("holotable-hands-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let path = dir.join("game.ron");
    holotable::engine::save::save(&record, &path).unwrap_or_else(|e| panic!("{e}"));
    let text = std::fs::read_to_string(&path).expect("reads");
    assert!(text.contains("hands: Some("), "the save says who plays");
    let mut again = Session::<Battlefield>::start(&loaded, Randomness::seeded(9))
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert!(again.world().resource::<Sides>().searched.is_empty());
    (entry.resume)(again.world_mut(), &text, &path, 5).unwrap_or_else(|e| panic!("{e}"));
    let sides = again.world().resource::<Sides>();
    assert_eq!(
        (sides.rules.clone(), sides.searched.clone()),
        (vec![1], vec![1])
    );
    let _ = std::fs::remove_dir_all(&dir);
}
