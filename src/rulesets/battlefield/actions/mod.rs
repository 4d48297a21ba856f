//! The actions of an impulse: a unit's activation (move, fire, move and fire, move into close
//! combat, board, unload) and the support weapons. Each checks everything it needs before it
//! changes anything, and names the rule when it refuses.

mod close_combat;
mod fire;
mod moves;
mod support;

use hexx::Hex;

use super::battle::{Battle, ImpulseKind, Refusal};
use super::commands::Command;
use super::rules::combat;
use super::rules::map::{col_row, hex_at};
use super::rules::roster::Kind;
use crate::rules::dice::Dice;

use close_combat::assault;
pub use close_combat::{Defence, assault_dice, assault_die, defence};
pub use fire::{attack_die, check_bonuses, die_steps_text, resistance, weapon_long_range};
use fire::{check_fire, check_shot_after_move, check_weapon_target, fire};
pub use moves::jedi_with;
use moves::{board, move_unit, plan_move, unload};
use support::{aerial, artillery, bombard, counterfire};

/// Applies `command` for the side whose impulse it is. Every action checks all it needs before
/// it changes anything (the activations left first, the move planned before it is made, a
/// move and fire's shot checked from where the move will end); only a die the typed or
/// forced dice did not have refuses after a change, and the pipeline puts that right,
/// replaying the game's record.
///
/// Errors: the rule that forbids the command.
pub fn apply(b: &mut Battle, command: &Command, dice: &mut Dice) -> Result<(), Refusal> {
    if b.result.is_some() {
        return Err("the battle is over".into());
    }
    match command {
        Command::Move { unit, path } => {
            let i = own_unit(b, unit)?;
            let path = hexes(path);
            // The activation is checked first: the move checks all it needs before it moves.
            b.can_spend(1)?;
            move_unit(b, i, &path, b.units[i].profile.movement, false)?;
            activate(b, i, 1)?;
        }
        Command::Fire {
            unit,
            target,
            leader,
            force,
            weapon_target,
        } => {
            let i = own_unit(b, unit)?;
            let t = hex_at(target.0, target.1);
            let w = weapon_target.map(|(c, r)| hex_at(c, r));
            check_fire(b, i, t, *leader, *force)?;
            check_weapon_target(b, i, t, w)?;
            activate(b, i, 1)?;
            fire(b, i, t, w, *leader, *force, false, dice)?;
        }
        Command::MoveAndFire {
            unit,
            path,
            target,
            leader,
            force,
            weapon_target,
        } => {
            if !b.advanced.moving_and_shooting {
                return Err(
                    "moving and shooting is an advanced rule this scenario does not use".into(),
                );
            }
            if *leader || *force > 0 {
                return Err("Moving and shooting: \"its attack dice is reduced by 1 and all positive modifiers are dropped\": a leader's bonus or Force points would be spent for nothing".into());
            }
            let i = own_unit(b, unit)?;
            let path = hexes(path);
            let half = combat::moving_fire_allowance(b.units[i].profile.movement);
            b.can_spend(2).map_err(|e| {
                format!("Moving and shooting: \"it costs 2 activation points\"; {e}")
            })?;
            let (_, end) = plan_move(b, i, &path, half, false)
                .map_err(|e| format!("Moving and shooting: \"cannot move more than half its movement rate (fractions rounded up)\", {half} here: {e}"))?;
            let t = hex_at(target.0, target.1);
            let w = weapon_target.map(|(c, r)| hex_at(c, r));
            check_shot_after_move(b, i, &path, end, (t, w), (*leader, *force))?;
            activate(b, i, 2)?;
            // A move halted by an enemy discovered in its way ends the activation unfired.
            if move_unit(b, i, &path, half, false)? == end {
                fire(b, i, t, w, *leader, *force, true, dice)?;
            }
        }
        Command::Assault {
            unit,
            path,
            leader,
            force,
        } => {
            let i = own_unit(b, unit)?;
            let path = hexes(path);
            assault(b, i, &path, *leader, *force, dice)?;
        }
        Command::Board { unit, path } => {
            let i = own_unit(b, unit)?;
            board(b, i, &hexes(path))?;
        }
        Command::Unload { unit, path } => {
            let i = b.unit_index(unit)?;
            unload(b, i, &hexes(path))?;
        }
        Command::Guard { unit, points } => {
            let i = b.unit_index(unit)?;
            let u = &b.units[i];
            if u.side != b.impulse.side || u.profile.kind != Kind::Jedi || !u.alive {
                return Err("only a Jedi of the side playing can set its guard".into());
            }
            if *points > u.force_points {
                return Err(format!("{} has {} Force points", u.label(), u.force_points));
            }
            b.units[i].guard = *points;
            let l = b.units[i].label();
            b.log(format!(
                "{l} will spend {points} Force points if attacked in close combat"
            ));
            return Ok(());
        }
        Command::LeaderDefence { on } => {
            if !b.advanced.leaders {
                return Err("leaders are an advanced rule this scenario does not use".into());
            }
            let side = b.impulse.side;
            b.sides[side].leader_defends = *on;
            let name = b.sides[side].name.clone();
            b.log(if *on {
                format!("{name}'s leader will help units attacked in close combat")
            } else {
                format!("{name}'s leader keeps his bonuses for attacks")
            });
            return Ok(());
        }
        Command::AerialSupport { target } => aerial(b, hex_at(target.0, target.1), dice)?,
        Command::Artillery { observer, target } => {
            artillery(b, observer, hex_at(target.0, target.1), dice)?;
            b.artillery_fired_by = Some(b.impulse.side);
            return b.end_impulse(dice, false);
        }
        Command::Counterfire => {
            counterfire(b, dice)?;
            b.artillery_fired_by = None;
            return b.end_impulse(dice, false);
        }
        Command::SpaceBombardment { target } => {
            bombard(b, hex_at(target.0, target.1), dice)?;
            b.artillery_fired_by = None;
            return b.end_impulse(dice, false);
        }
        Command::EndImpulse => {
            b.artillery_fired_by = None;
            let passed = b.impulse.used == 0;
            return b.end_impulse(dice, passed);
        }
        Command::HiddenAt { unit, at } => return hidden_at(b, unit, hex_at(at.0, at.1)),
    }
    b.check_goal(false);
    if b.result.is_none() && b.impulse_spent() {
        b.artillery_fired_by = None;
        b.end_impulse(dice, false)?;
    }
    Ok(())
}

/// Online play: hidden unit `id`, whose place this copy of the game does not know, stands at
/// `at` (docs/rules/battlefield.md, "Hidden units", online). It stays hidden; nothing is told
/// in the log, since the side whose copy this is must not learn it from there.
///
/// Errors: the unit is unknown, not hidden, eliminated, or its place is known (this game was
/// not given a concealed scenario), or `at` is off the map.
fn hidden_at(b: &mut Battle, id: &str, at: Hex) -> Result<(), Refusal> {
    let i = b.unit_index(id)?;
    let u = &b.units[i];
    if !u.hidden || !u.alive || b.map.contains(u.at) {
        return Err(format!(
            "Hidden units: only a copy of an online game that does not know where a hidden unit stands is told it, and this game knows where {} is",
            u.label()
        ));
    }
    if !b.map.contains(at) {
        return Err(format!("{} is off the map", at_text(at)));
    }
    b.units[i].at = at;
    for u in b.units.iter_mut().filter(|u| u.carried_by == Some(i)) {
        u.at = at;
    }
    Ok(())
}

fn hexes(path: &[(i32, i32)]) -> Vec<Hex> {
    path.iter().map(|(c, r)| hex_at(*c, *r)).collect()
}

fn at_text(h: Hex) -> String {
    let (c, r) = col_row(h);
    format!("({c}, {r})")
}

/// The unit `id` of the side playing, able to act: on the map and not yet activated.
fn own_unit(b: &Battle, id: &str) -> Result<usize, Refusal> {
    let i = b.unit_index(id)?;
    let u = &b.units[i];
    if u.side != b.impulse.side {
        return Err(format!(
            "{} is not yours: it is {}'s impulse",
            u.label(),
            b.sides[b.impulse.side].name
        ));
    }
    if !u.alive {
        return Err(format!("{} has been eliminated", u.label()));
    }
    if u.carried_by.is_some() {
        return Err(format!(
            "Transport: \"Once on board, the unit cannot move further, fire or fight a close combat\" ({} must unload first)",
            u.label()
        ));
    }
    if u.activated {
        return Err(format!(
            "Activation: \"Each unit can only be activated once in every turn\" ({} has played)",
            u.label()
        ));
    }
    if b.impulse.kind == ImpulseKind::Normal && b.artillery_fired_by == Some(b.impulse.side) {
        return Err("this impulse was spent on artillery".into());
    }
    Ok(i)
}

/// Marks unit `i` activated, using `n` of the impulse's activations.
fn activate(b: &mut Battle, i: usize, n: u32) -> Result<(), Refusal> {
    b.spend(n)?;
    b.units[i].activated = true;
    b.units[i].hidden = false;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::battlefield::testing::{battle, logged};

    #[test]
    fn a_move_and_fire_refuses_a_leaders_bonus_and_force_points() {
        let mut b = battle();
        for (leader, force) in [(true, 0), (false, 2)] {
            let c = Command::MoveAndFire {
                unit: "atst".into(),
                path: vec![(8, 6)],
                target: (8, 3),
                leader,
                force,
                weapon_target: None,
            };
            let e = apply(&mut b, &c, &mut Dice::forced([])).expect_err("dropped modifiers");
            assert!(e.starts_with("Moving and shooting:"), "{e}");
        }
        assert_eq!(b.impulse.used, 0);
        assert!(!logged(&b, "moves to"));
    }
}
