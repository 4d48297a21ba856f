//! Play by e-mail, the mass combat: the first commander's orders travel sealed, the second
//! declares without seeing them, and only the first's own passphrase turns them over
//! (d6-mass-combat.txt, "Mass Combat Sequence": "Each commander must secretly declare all
//! orders").

use std::path::{Path, PathBuf};

use crate::common::loaded;
use holotable::engine::by_email::{self, resume_seat, sit_in, sitting_over};
use holotable::engine::dice::Randomness;
use holotable::engine::pipeline::CommandOutcome;
use holotable::engine::save;
use holotable::engine::session::Session;
use holotable::rulesets::mass_combat::MassCombat;
use holotable::rulesets::mass_combat::commands::Command;
use holotable::rulesets::mass_combat::orders::{Declaration, Order};

type Battle = Session<MassCombat>;

fn folder() -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "holotable-declarations-by-email-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn open(file: &Path) -> Battle {
    let text = save::read(file).unwrap();
    let record = save::parse(&text, file).unwrap();
    let mut s = Battle::replay(&record).unwrap_or_else(|e| panic!("{e}"));
    assert!(resume_seat::<MassCombat>(s.world_mut(), file.to_path_buf()));
    s
}

/// The stormtroopers fire on `target` with every man's blaster rifle.
fn troopers_fire_on(target: &str) -> Declaration {
    Declaration {
        orders: vec![Order::Fire {
            unit: "troopers".into(),
            target: target.into(),
            weapons: vec![(0, 40)],
            haste: 0,
        }],
        ..Declaration::default()
    }
}

fn sent(s: &mut Battle, c: Command) -> Command {
    match s.send(c) {
        CommandOutcome::Accepted(c) => c,
        CommandOutcome::Refused(c, why) => panic!("{c:?} refused: {why}"),
    }
}

#[test]
fn the_first_declaration_travels_sealed_and_only_its_commander_turns_it_over() {
    let dir = folder();
    let file = dir.join("platoon.ron");
    // The Empire (command 2D+1) declares before the Rebels (3D); the dice seed is drawn by both.
    let mut empire = Battle::start(&loaded("platoon_fight"), Randomness::seeded(5))
        .unwrap_or_else(|e| panic!("{e:?}"));
    by_email::start::<MassCombat>(empire.world_mut(), file.clone()).unwrap();
    sit_in::<MassCombat>(empire.world_mut(), 0, "emperor", "Empire").unwrap();
    let mut rebels = open(&file);
    sit_in::<MassCombat>(rebels.world_mut(), 1, "hope", "Rebels").unwrap();
    let mut empire = open(&file);
    sit_in::<MassCombat>(empire.world_mut(), 0, "emperor", "Empire").unwrap();
    assert!(
        !sitting_over::<MassCombat>(empire.world()),
        "the Empire declares"
    );

    let went = sent(
        &mut empire,
        Command::Declare {
            side: 0,
            declaration: troopers_fire_on("gold"),
        },
    );
    assert!(
        matches!(&went, Command::DeclareFaceDown { side: 0, .. }),
        "{went:?}"
    );
    assert!(
        sitting_over::<MassCombat>(empire.world()),
        "the Rebels declare next"
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains("DeclareFaceDown") && !text.contains("Fire("),
        "the orders are in the file: {text}"
    );

    // The Rebels declare in the clear (the Empire's orders are down already); a forged
    // turning-over is refused.
    let mut rebels = open(&file);
    sit_in::<MassCombat>(rebels.world_mut(), 1, "hope", "Rebels").unwrap();
    let went = sent(
        &mut rebels,
        Command::Declare {
            side: 1,
            declaration: Declaration::default(),
        },
    );
    assert!(matches!(went, Command::Declare { side: 1, .. }), "{went:?}");
    assert_eq!(rebels.phase(), "Declare");
    assert!(
        sitting_over::<MassCombat>(rebels.world()),
        "the Empire turns over"
    );
    let mut forged = open(&file);
    sit_in::<MassCombat>(forged.world_mut(), 1, "hope", "Rebels").unwrap();
    let forged_turn = forged.send(Command::TurnOver {
        side: 0,
        declaration: troopers_fire_on("red"),
        salt: "00".into(),
    });
    assert!(
        matches!(&forged_turn, CommandOutcome::Refused(_, why) if why.contains("other side's part") || why.contains("commitment")),
        "{forged_turn:?}"
    );

    // The Empire opens the file: its orders are turned over, checked, and the round goes on.
    let mut empire = open(&file);
    sit_in::<MassCombat>(empire.world_mut(), 0, "emperor", "Empire").unwrap();
    let last = empire.record().commands.last().map(|c| c.command.clone());
    assert!(
        matches!(&last, Some(Command::TurnOver { side: 0, declaration, .. }) if *declaration == troopers_fire_on("gold")),
        "{last:?}"
    );
    assert_ne!(empire.phase(), "Declare", "the orders are revealed");
    let again = open(&file);
    assert_eq!(
        again.record().commands.len(),
        empire.record().commands.len()
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn orders_turned_over_must_be_those_sealed() {
    let mut s = Battle::start(&loaded("platoon_fight"), Randomness::seeded(5))
        .unwrap_or_else(|e| panic!("{e:?}"));
    let salt = "5a17";
    let declared = Command::Declare {
        side: 0,
        declaration: troopers_fire_on("gold"),
    };
    let seal = by_email::commitment(salt, &declared);
    sent(&mut s, Command::DeclareFaceDown { side: 0, seal });
    for (c, rule) in [
        (
            Command::DeclareFaceDown {
                side: 1,
                seal: "00".into(),
            },
            "nothing to hide",
        ),
        (Command::RefereeMode, "before the first declaration"),
    ] {
        let out = s.send(c);
        assert!(
            matches!(&out, CommandOutcome::Refused(_, why) if why.contains(rule)),
            "{out:?}"
        );
    }
    let early = s.send(Command::TurnOver {
        side: 0,
        declaration: troopers_fire_on("gold"),
        salt: salt.into(),
    });
    assert!(
        matches!(&early, CommandOutcome::Refused(_, why) if why.contains("once the other commander has declared")),
        "{early:?}"
    );
    sent(
        &mut s,
        Command::Declare {
            side: 1,
            declaration: Declaration::default(),
        },
    );
    let swapped = s.send(Command::TurnOver {
        side: 0,
        declaration: troopers_fire_on("red"),
        salt: salt.into(),
    });
    assert!(
        matches!(&swapped, CommandOutcome::Refused(_, why) if why.contains("commitment does not match")),
        "{swapped:?}"
    );
    sent(
        &mut s,
        Command::TurnOver {
            side: 0,
            declaration: troopers_fire_on("gold"),
            salt: salt.into(),
        },
    );
    assert_ne!(s.phase(), "Declare");
}
