//! The replay viewer steps to any command and back to the game exactly as it was (dice
//! included), and "continue from here" branches a game whose own record replays.

use holotable::engine::dice::{DiceRes, Randomness};
use holotable::engine::pipeline::CommandOutcome;
use holotable::engine::record::GameRecord;
use holotable::engine::replay_view::{ReplayStatus, close, goto, open};
use holotable::engine::session::Session;
use holotable::rulesets::battlefield::Battlefield;
use holotable::rulesets::battlefield::battle::Battle;
use holotable::rulesets::battlefield::commands::Command;
use holotable::rulesets::battlefield::phases::BattleRes;
use holotable::rulesets::battlefield::rules::map::{col_row, hex_at};
use holotable::rulesets::registry;

fn battle(s: &Session<Battlefield>) -> Battle {
    s.world().resource::<BattleRes>().0.clone()
}

/// Moves unit `id` to `(col, row)` by its cheapest route.
fn step(s: &mut Session<Battlefield>, id: &str, to: (i32, i32)) {
    let b = battle(s);
    let i = b.unit_index(id).unwrap_or_else(|e| panic!("{e}"));
    let (route, _) = b
        .route_for(i, hex_at(to.0, to.1), false)
        .unwrap_or_else(|| panic!("no route"));
    let out = s.send(Command::Move {
        unit: id.into(),
        path: route.iter().map(|h| col_row(*h)).collect(),
    });
    assert!(matches!(out, CommandOutcome::Accepted(_)), "{out:?}");
}

/// Capture the village (seed 3), the Empire's AT-ST moved to (7, 6): one command recorded.
fn village_with_the_atst_moved() -> Session<Battlefield> {
    let (loaded, _) = registry()
        .load("capture_the_village")
        .unwrap_or_else(|e| panic!("{e:?}"));
    let mut s = Session::<Battlefield>::start(&loaded, Randomness::seeded(3))
        .unwrap_or_else(|e| panic!("{e:?}"));
    step(&mut s, "atst", (7, 6));
    s
}

fn record(s: &Session<Battlefield>) -> GameRecord<Command> {
    s.record().clone()
}

#[test]
fn the_viewer_steps_back_returns_exactly_and_branches() {
    let mut s = village_with_the_atst_moved();
    let after_one = battle(&s);
    assert!(matches!(
        s.send(Command::EndImpulse),
        CommandOutcome::Accepted(_)
    ));
    step(&mut s, "gu2", (10, 6));
    let end = battle(&s);
    let full = record(&s);
    let dice_log = s.world().resource::<DiceRes>().log().len();

    open::<Battlefield>(s.world_mut(), false).unwrap_or_else(|e| panic!("{e}"));
    let st = s.world().resource::<ReplayStatus>().clone();
    assert_eq!((st.at, st.len, st.turns.clone()), (3, 3, vec![(1, 0)]));
    goto::<Battlefield>(s.world_mut(), 1).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(battle(&s), after_one);
    assert_eq!(s.record().commands.len(), 1);
    // Back to the game: the same state, record and dice.
    close::<Battlefield>(s.world_mut(), false).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(battle(&s), end);
    assert_eq!(record(&s), full);
    assert_eq!(s.world().resource::<DiceRes>().log().len(), dice_log);
    assert!(!s.world().resource::<ReplayStatus>().open);

    // A branch from the first command keeps that one command, and its record replays.
    open::<Battlefield>(s.world_mut(), false).unwrap_or_else(|e| panic!("{e}"));
    goto::<Battlefield>(s.world_mut(), 1).unwrap_or_else(|e| panic!("{e}"));
    close::<Battlefield>(s.world_mut(), true).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(battle(&s), after_one);
    let branch = record(&s);
    assert_eq!(branch.commands.len(), 1);
    let replayed = Session::<Battlefield>::replay(&branch).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(replayed.world().resource::<BattleRes>().0, after_one);
}

/// Issue 61: the viewer draws the command it shows last (its way, measured before it), the
/// side it is seen through's own or an attack; another side's move stays undrawn, since its
/// moves may be hidden ones.
#[test]
fn the_viewer_draws_the_last_command_shown_and_not_another_sides_move() {
    let mut s = village_with_the_atst_moved();
    assert!(matches!(
        s.send(Command::EndImpulse),
        CommandOutcome::Accepted(_)
    ));
    let gu2 = battle(&s).unit_index("gu2").unwrap();
    let from = battle(&s).units[gu2].at;
    step(&mut s, "gu2", (10, 6));
    open::<Battlefield>(s.world_mut(), false).unwrap_or_else(|e| panic!("{e}"));
    let st = s.world().resource::<ReplayStatus>().clone();
    assert_eq!(
        st.viewing_side,
        Some(battle(&s).units[gu2].side),
        "seen through the Rebels"
    );
    assert_eq!(
        st.marks.len(),
        1,
        "opened at the end, its last command drawn"
    );
    goto::<Battlefield>(s.world_mut(), 1).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        s.world().resource::<ReplayStatus>().marks.is_empty(),
        "the Empire's move drawn for the Rebels"
    );
    goto::<Battlefield>(s.world_mut(), 3).unwrap_or_else(|e| panic!("{e}"));
    let marks = s.world().resource::<ReplayStatus>().marks.clone();
    assert_eq!(marks.len(), 1, "{marks:?}");
    assert!(marks[0].line.len() >= 2, "{marks:?}");
    assert_eq!(
        marks, st.marks,
        "a step to the last command draws it as opening there did"
    );
    assert_ne!(from, hex_at(10, 6));
    goto::<Battlefield>(s.world_mut(), 0).unwrap_or_else(|e| panic!("{e}"));
    assert!(s.world().resource::<ReplayStatus>().marks.is_empty());
}

/// Issue 61 (a new player's walk): a game left with the viewer open (Menu, then the title)
/// closes the viewer with it, so the next game is played, not shown through a replay bar with
/// every button dead; and the rules' side, which drives only while nothing is viewed, neither
/// acts on the game being left nor stops driving the next one.
#[test]
fn leaving_a_game_in_the_viewer_closes_it_and_the_next_game_plays() {
    use bevy::prelude::{NextState, State};
    use bevy::time::TimeUpdateStrategy;
    use holotable::engine::game::{set_rules_sides, start};
    use holotable::engine::replay_view::Viewed;
    use holotable::engine::state::GameState;

    let mut s = village_with_the_atst_moved();
    holotable::engine::rules_side::drive_plugin::<Battlefield>(&mut s.app, "The app's side");
    s.app.insert_resource(TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_secs(1),
    ));
    set_rules_sides(s.world_mut(), &["all".into()]).unwrap_or_else(|e| panic!("{e}"));
    open::<Battlefield>(s.world_mut(), false).unwrap_or_else(|e| panic!("{e}"));
    goto::<Battlefield>(s.world_mut(), 0).unwrap_or_else(|e| panic!("{e}"));
    assert!(s.world().resource::<ReplayStatus>().open);

    s.world_mut()
        .resource_mut::<NextState<GameState>>()
        .set(GameState::NoGame);
    for _ in 0..4 {
        s.app.update();
    }
    assert_eq!(
        *s.world().resource::<State<GameState>>().get(),
        GameState::NoGame
    );
    assert_eq!(
        *s.world().resource::<ReplayStatus>(),
        ReplayStatus::default()
    );
    assert!(!s.world().contains_resource::<Viewed<Command>>());

    let (loaded, _) = registry()
        .load("capture_the_village")
        .unwrap_or_else(|e| panic!("{e:?}"));
    start::<Battlefield>(s.world_mut(), &loaded, Randomness::seeded(4))
        .unwrap_or_else(|e| panic!("{e:?}"));
    set_rules_sides(s.world_mut(), &["all".into()]).unwrap_or_else(|e| panic!("{e}"));
    for _ in 0..6 {
        s.app.update();
    }
    assert!(!s.world().resource::<ReplayStatus>().open);
    assert!(
        !s.record().commands.is_empty(),
        "the rules' side played nothing in the next game"
    );
}
