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

/// `command` in the players' words, with the labels the battle in `world` gives its units.
pub fn describe(world: &World, command: &Command) -> String {
    let label = |id: &str| {
        world
            .get_resource::<BattleRes>()
            .and_then(|b| b.0.units.iter().find(|u| u.id == id).map(|u| u.label()))
            .unwrap_or_else(|| id.to_string())
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
