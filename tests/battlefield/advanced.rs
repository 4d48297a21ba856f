//! The advanced rules played through the command path, as a person plays them: transport
//! (board and unload), field artillery, campaign artillery with its observer and the enemy's
//! counterfire (imperial-alliance-battlefield.txt, Transport, Artillery). Seeded dice; each
//! step's effect is read from the battle, not assumed.

use holotable::engine::dice::Randomness;
use holotable::engine::pipeline::CommandOutcome;
use holotable::engine::session::Session;
use holotable::rulesets::battlefield::Battlefield;
use holotable::rulesets::battlefield::commands::Command;
use holotable::rulesets::battlefield::phases::BattleRes;
use holotable::rulesets::battlefield::rules::map::col_row;

const ADVANCED: &str = r#"(
    name: "Advanced rules",
    ruleset: "battlefield",
    turn_limit: 4,
    first_initiative: "imperials",
    attacker: "imperials",
    map: [(tile: "open", at: (0, 0))],
    advanced: (artillery: true, field_artillery: true),
    goal: EliminateAll,
    sides: [
        (id: "imperials", name: "Galactic Empire", quality: Elite, artillery: 1, units: [
            (id: "st1", profile: "Stormtrooper", at: (2, 2)),
            (id: "jag", profile: "Jaggernaud", at: (2, 3)),
            (id: "sc", profile: "Scout Trooper", at: (4, 2)),
            (id: "fa", profile: "Imperial Field Artillery", at: (1, 5)),
        ]),
        (id: "alliance", name: "Rebel Alliance", quality: Veteran, artillery: 1, units: [
            (id: "rt1", profile: "Rebel Trooper", at: (6, 5)),
            (id: "gu", profile: "Guerilla", at: (8, 2)),
            (id: "afa", profile: "Alliance Field Artillery", at: (9, 7)),
        ]),
    ],
)"#;

fn send(s: &mut Session<Battlefield>, c: Command) -> Result<(), String> {
    match s.send(c) {
        CommandOutcome::Accepted(_) => Ok(()),
        CommandOutcome::Refused(_, why) => Err(why),
    }
}

fn battle(s: &Session<Battlefield>) -> holotable::rulesets::battlefield::battle::Battle {
    s.world().resource::<BattleRes>().0.clone()
}

fn unit_at(s: &Session<Battlefield>, id: &str) -> (i32, i32) {
    let b = battle(s);
    col_row(b.units.iter().find(|u| u.id == id).expect("unit").at)
}

fn loaded() -> holotable::engine::ruleset::Loaded {
    let header =
        holotable::rules::scenario::read_header(ADVANCED, "advanced.ron", &["battlefield"])
            .unwrap_or_else(|e| panic!("{e}"));
    holotable::engine::ruleset::Loaded {
        file: "advanced.ron".into(),
        src: ADVANCED.into(),
        header,
    }
}

fn events(s: &Session<Battlefield>) -> String {
    s.world()
        .resource::<holotable::engine::record::GameLog>()
        .0
        .iter()
        .map(|e| format!("T{} {}", e.turn, e.text))
        .collect::<Vec<_>>()
        .join("\n")
}

fn carried_by(s: &Session<Battlefield>, id: &str) -> Option<String> {
    let b = battle(s);
    let u = b.units.iter().find(|u| u.id == id).expect("unit");
    u.carried_by.map(|c| b.units[c].id.clone())
}

/// Passes impulses until side `side` (0 the Empire, 1 the Alliance) is to play an impulse it
/// has not started in turn `turn` or later.
fn pass_until(s: &mut Session<Battlefield>, side: usize, turn: u32) {
    for _ in 0..40 {
        let b = battle(s);
        if b.impulse.side == side && b.turn >= turn && b.impulse.used == 0 {
            return;
        }
        send(s, Command::EndImpulse).unwrap_or_else(|why| panic!("pass refused: {why}"));
    }
    panic!("side {side} never played in turn {turn}:\n{}", events(s));
}

#[test]
fn transport_and_artillery_play_through_the_commands() {
    let mut s = Session::<Battlefield>::start(&loaded(), Randomness::seeded(3)).expect("starts");
    let go = |s: &mut Session<Battlefield>, c: Command| {
        send(s, c.clone()).unwrap_or_else(|why| panic!("{c:?} refused: {why}\n{}", events(s)))
    };
    // Turn 1, the Empire's first impulse: the squad boards the Jaggernaud, which then may not
    // move this turn ("The chosen transporter cannot be activated through the whole turn");
    // the field artillery fires at the Rebel troopers.
    go(
        &mut s,
        Command::Board {
            unit: "st1".into(),
            path: vec![(2, 3)],
        },
    );
    assert_eq!(carried_by(&s, "st1").as_deref(), Some("jag"));
    let why = send(
        &mut s,
        Command::Move {
            unit: "jag".into(),
            path: vec![(3, 3)],
        },
    )
    .unwrap_err();
    assert!(why.contains("once in every turn"), "{why}");
    go(
        &mut s,
        Command::Fire {
            unit: "fa".into(),
            target: (6, 5),
            leader: false,
            force: 0,
            weapon_target: None,
        },
    );
    assert!(
        events(&s).contains("Imperial Field Artillery attacks Rebel Trooper"),
        "{}",
        events(&s)
    );
    // Turn 2: campaign artillery, seen by the scout, is the Empire's whole impulse; the
    // Alliance answers at once with counterfire on the battery.
    pass_until(&mut s, 0, 2);
    go(
        &mut s,
        Command::Artillery {
            observer: "sc".into(),
            target: (8, 2),
        },
    );
    let ev = events(&s);
    assert!(
        ev.contains("Artillery at (8, 2)") && ev.contains("the artillery attacks Guerilla"),
        "{ev}"
    );
    assert_eq!(
        battle(&s).impulse.side,
        1,
        "the artillery was the Empire's whole impulse"
    );
    go(&mut s, Command::Counterfire);
    assert!(
        events(&s).contains("Counterfire, piece 1"),
        "{}",
        events(&s)
    );
    // Once: the battery has no second piece, and the moment has passed.
    let why = send(&mut s, Command::Counterfire).unwrap_err();
    assert!(why.contains("just after it fired"), "{why}");
    // The Empire: the Jaggernaud carries the squad 2 hexes on.
    go(
        &mut s,
        Command::Move {
            unit: "jag".into(),
            path: vec![(3, 3), (4, 3)],
        },
    );
    assert_eq!(unit_at(&s, "st1"), (4, 3), "carried along");
    // Unloading waits for a turn the transporter does nothing ("the transporter must not move
    // or do anything for one turn").
    let unload = Command::Unload {
        unit: "st1".into(),
        path: vec![(5, 3)],
    };
    let why = send(&mut s, unload.clone()).unwrap_err();
    assert!(why.contains("must not move or do anything"), "{why}");
    pass_until(&mut s, 0, 3);
    go(&mut s, unload);
    assert_eq!((carried_by(&s, "st1"), unit_at(&s, "st1")), (None, (5, 3)));
}
