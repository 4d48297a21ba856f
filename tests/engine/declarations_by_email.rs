//! Play by e-mail, the mass combat: the declarations travel in the open, the tactics rolls
//! first, and the second commander reads the first's orders before declaring (d6-mass-combat.txt,
//! Mass Combat Sequence, 1.: "First, any anticipate enemy or deceive enemy rolls are made" and
//! "leaving the character with the highest command skill the advantage of declaring last").

use std::path::{Path, PathBuf};

use crate::common::loaded;
use holotable::engine::by_email::{self, resume_seat, sit_in};
use holotable::engine::dice::Randomness;
use holotable::engine::pipeline::CommandOutcome;
use holotable::engine::save;
use holotable::engine::session::Session;
use holotable::rulesets::mass_combat::MassCombat;
use holotable::rulesets::mass_combat::commands::Command;
use holotable::rulesets::mass_combat::orders::{Declaration, Order};
use holotable::rulesets::mass_combat::phases::BattleRes;

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

/// Issue 60: nothing is sealed; each sitting is one commander's part in the text's order.
#[test]
fn the_first_declaration_travels_in_the_open_and_the_second_commander_reads_it() {
    let dir = folder();
    let file = dir.join("platoon.ron");
    // The Empire (command 2D+1) declares before the Rebels (3D).
    let mut empire = Battle::start(&loaded("platoon_fight"), Randomness::seeded(5))
        .unwrap_or_else(|e| panic!("{e:?}"));
    by_email::start::<MassCombat>(empire.world_mut(), file.clone()).unwrap();
    sit_in::<MassCombat>(empire.world_mut(), 0, "emperor", "Empire").unwrap();
    let mut rebels = open(&file);
    sit_in::<MassCombat>(rebels.world_mut(), 1, "hope", "Rebels").unwrap();
    let mut empire = open(&file);
    sit_in::<MassCombat>(empire.world_mut(), 0, "emperor", "Empire").unwrap();
    // The Platoon Fight ignores commanders: no tactics rolls, the round opens with the
    // declarations.
    assert_eq!(empire.phase(), "Declare");

    let mut empire = open(&file);
    sit_in::<MassCombat>(empire.world_mut(), 0, "emperor", "Empire").unwrap();
    let went = sent(
        &mut empire,
        Command::Declare {
            side: 0,
            declaration: troopers_fire_on("gold"),
        },
    );
    assert_eq!(
        went,
        Command::Declare {
            side: 0,
            declaration: troopers_fire_on("gold"),
        },
        "sent as declared, not sealed"
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("Fire("), "the orders are in the file: {text}");

    // The Rebels open the file and read the Empire's orders before declaring their own.
    let mut rebels = open(&file);
    sit_in::<MassCombat>(rebels.world_mut(), 1, "hope", "Rebels").unwrap();
    let heard = rebels.world().resource::<BattleRes>().0.declared[0].clone();
    assert_eq!(heard, Some(troopers_fire_on("gold")));
    sent(
        &mut rebels,
        Command::Declare {
            side: 1,
            declaration: Declaration::default(),
        },
    );
    assert_eq!(rebels.phase(), "React");
    std::fs::remove_dir_all(dir).unwrap();
}
