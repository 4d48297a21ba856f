//! Dice you roll yourself: with manual dice a command that needs a die is refused without
//! changing anything and says which roll it wants; with the face typed in, it goes through
//! and the roll is logged as typed.

use holotable::engine::dice::{DiceRes, Randomness};
use holotable::engine::pipeline::CommandOutcome;
use holotable::engine::session::Session;
use holotable::rulesets::battlefield::Battlefield;
use holotable::rulesets::battlefield::commands::Command;
use holotable::rulesets::battlefield::phases::BattleRes;
use holotable::rulesets::registry;

#[test]
fn a_command_waits_for_the_roll_the_players_type_in() {
    let (loaded, _) = registry()
        .load("capture_the_village")
        .unwrap_or_else(|e| panic!("{e:?}"));
    let mut s = Session::<Battlefield>::start(&loaded, Randomness::seeded(3))
        .unwrap_or_else(|e| panic!("{e:?}"));
    s.world_mut().resource_mut::<DiceRes>().set_manual(true);
    let before = s.world().resource::<BattleRes>().0.clone();
    // Passing hands the turn to the Alliance, whose activation die must be thrown.
    let out = s.send(Command::EndImpulse);
    assert!(matches!(out, CommandOutcome::Refused(..)), "{out:?}");
    assert_eq!(
        s.world().resource::<BattleRes>().0,
        before,
        "nothing changed"
    );
    // Until it is typed in, nothing else is played: the face is for this throw.
    let out = s.send(Command::LeaderDefence { on: false });
    let CommandOutcome::Refused(_, why) = out else {
        panic!("{out:?}")
    };
    assert!(why.starts_with("Waiting for the roll D4+1"), "{why}");
    let (expr, reason) = s
        .world_mut()
        .resource_mut::<DiceRes>()
        .take_wanted()
        .unwrap_or_else(|| panic!("no roll asked for"));
    assert_eq!(expr.to_string(), "D4+1");
    assert!(reason.contains("Rebel Alliance"), "{reason}");
    s.world_mut().resource_mut::<DiceRes>().push_forced([3]);
    let out = s.send(Command::EndImpulse);
    assert!(matches!(out, CommandOutcome::Accepted(..)), "{out:?}");
    let roll = s
        .record()
        .commands
        .last()
        .and_then(|c| c.dice.first().cloned());
    let roll = roll.unwrap_or_else(|| panic!("no roll recorded"));
    assert_eq!((roll.total, roll.typed), (4, true));
    assert_eq!(s.world().resource::<BattleRes>().0.impulse.allowed, 4);
}

/// "We roll our own" unticked while a roll is asked for: it is asked for no more, and the
/// game waits for nothing.
#[test]
fn unticking_we_roll_our_own_drops_the_roll_asked_for() {
    use holotable::engine::manual_dice::{RollWanted, drop_unticked, waiting};
    use holotable::rules::dice::DiceExpr;
    let (loaded, _) = registry()
        .load("capture_the_village")
        .unwrap_or_else(|e| panic!("{e:?}"));
    let mut s = Session::<Battlefield>::start(&loaded, Randomness::seeded(3))
        .unwrap_or_else(|e| panic!("{e:?}"));
    let w = s.world_mut();
    w.resource_mut::<DiceRes>().set_manual(true);
    w.insert_resource(RollWanted {
        expr: DiceExpr::d(6),
        reason: "a test".into(),
    });
    assert!(!drop_unticked(w), "still ticked: still asked");
    assert!(waiting(w).is_some());
    w.resource_mut::<DiceRes>().set_manual(false);
    assert!(drop_unticked(w));
    assert_eq!(waiting(w), None);
}
