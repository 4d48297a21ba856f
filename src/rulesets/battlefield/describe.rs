//! Battlefield commands in the players' words, with each unit's counter label (what Undo, Redo
//! and the replay viewer show), never Rust's debug text.

use bevy::prelude::*;

use super::commands::Command;
use super::phases::BattleRes;

/// A hex in words: `(column, row)`.
fn hex((c, r): (i32, i32)) -> String {
    format!("hex ({c}, {r})")
}

/// The end of a route in words.
fn to(path: &[(i32, i32)]) -> String {
    path.last().map_or_else(|| "nowhere".into(), |&h| hex(h))
}

/// What a leader's bonus and Force points add to an attack, in words.
fn extras(leader: bool, force: u32) -> String {
    let mut out = String::new();
    if leader {
        out.push_str(", with the leader's bonus");
    }
    if force > 0 {
        out.push_str(&format!(", spending {force} Force points"));
    }
    out
}

/// `command` in the players' words, with the labels the battle in `world` gives its units; a
/// shot's target named by the unit it is against where one stands there (`fires at Rebel
/// Trooper 2 at hex (12, 3)`; a hex alone read as a place, not a unit: issue 61).
pub fn describe(world: &World, command: &Command) -> String {
    let battle = world.get_resource::<BattleRes>().map(|b| &b.0);
    let label = |id: &str| {
        battle
            .and_then(|b| b.units.iter().find(|u| u.id == id).map(|u| u.label()))
            .unwrap_or_else(|| id.to_string())
    };
    // A hidden unit is not named: an aerial strike or a bombardment at its hex would tell
    // the side that sent it what stands there.
    let hex = |(c, r): (i32, i32)| {
        battle
            .and_then(|b| {
                b.target_at(super::rules::map::hex_at(c, r))
                    .filter(|&i| !b.units[i].hidden)
                    .map(|i| b.units[i].label())
            })
            .map_or_else(|| hex((c, r)), |name| format!("{name} at {}", hex((c, r))))
    };
    match command {
        Command::Move { unit, path } => format!("{} moves to {}", label(unit), to(path)),
        Command::Fire {
            unit,
            target,
            leader,
            force,
            ..
        } => format!(
            "{} fires at {}{}",
            label(unit),
            hex(*target),
            extras(*leader, *force)
        ),
        Command::MoveAndFire {
            unit,
            path,
            target,
            leader,
            force,
            ..
        } => format!(
            "{} moves to {} and fires at {}{}",
            label(unit),
            to(path),
            hex(*target),
            extras(*leader, *force)
        ),
        Command::Assault {
            unit,
            path,
            leader,
            force,
        } => format!(
            "{} assaults {}{}",
            label(unit),
            to(path),
            extras(*leader, *force)
        ),
        Command::Board { unit, path } => format!("{} boards at {}", label(unit), to(path)),
        Command::Unload { unit, path } => format!("{} unloads to {}", label(unit), to(path)),
        Command::Guard { unit, points } => {
            format!("{} keeps {points} Force points to defend", label(unit))
        }
        Command::LeaderDefence { on } => format!(
            "the leader's bonus {} units attacked in close combat",
            if *on { "goes to" } else { "is kept from" }
        ),
        Command::AerialSupport { target } => format!("aerial support at {}", hex(*target)),
        Command::Artillery { observer, target } => format!(
            "campaign artillery at {}, seen by {}",
            hex(*target),
            label(observer)
        ),
        Command::Counterfire => "counterfire at the enemy's artillery".into(),
        Command::SpaceBombardment { target } => format!("space bombardment at {}", hex(*target)),
        Command::EndImpulse => "end of the impulse".into(),
        Command::HiddenAt { unit, .. } => {
            format!("the host tells your game where {} hides", label(unit))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 61: a shot names the unit it is against, not only its hex; a hex with nobody to
    /// shoot is told as a hex.
    #[test]
    fn a_shot_names_its_target() {
        let mut world = World::new();
        let b = super::super::testing::battle();
        let mc2 = b.units.iter().find(|u| u.id == "mc2").unwrap().label();
        world.insert_resource(BattleRes(b));
        let fire = |target| Command::Fire {
            unit: "atst".into(),
            target,
            leader: false,
            force: 0,
            weapon_target: None,
        };
        let said = describe(&world, &fire((8, 3)));
        assert!(
            said.ends_with(&format!("fires at {mc2} at hex (8, 3)")),
            "{said}"
        );
        let said = describe(&world, &fire((5, 5)));
        assert!(said.ends_with("fires at hex (5, 5)"), "{said}");
        // Hidden, it is not named: the words would tell where it hides.
        if let Some(mut b) = world.get_resource_mut::<BattleRes>() {
            let i = b.0.units.iter().position(|u| u.id == "mc2").unwrap();
            b.0.units[i].hidden = true;
        }
        let said = describe(&world, &Command::AerialSupport { target: (8, 3) });
        assert_eq!(said, "aerial support at hex (8, 3)");
    }
}
