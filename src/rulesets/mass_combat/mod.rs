//! Rule set `mass_combat`: Christian Conkle's mass combat rules for the D6 roleplaying game
//! (d6-mass-combat.txt): units of soldiers and vehicles as counters on open ground, orders
//! declared in the open, lowest command first, D6 dice codes with pips. `rules/` is the text's arithmetic (pure);
//! [`battle`] the state and what each command does; [`phases`] the Bevy side; [`ai`] the
//! side the rules command; the rest how it looks and is played.

pub mod ai;
pub mod battle;
pub mod board;
pub mod commands;
pub mod editor;
mod editor_screen;
pub mod input;
pub mod orders;
pub mod phases;
pub mod rules;
pub mod search;
pub mod snapshot;
pub mod ui;
pub mod view;

use bevy::prelude::*;

use crate::engine::ruleset::{Loaded, RuleSet};
use commands::Command;

/// The registry id.
pub const ID: &str = "mass_combat";

/// The rule text this rule set plays (d6-mass-combat.txt) and our rulings on it, for the rule book
/// window (Help).
pub const BOOK: crate::ui::rule_book::Book = crate::rule_book!(
    "d6-mass-combat.txt",
    "mass_combat.md",
    within("Star Wars Mass Combat Rules", "Related documents")
);

/// The bundled battles: (file name, RON text).
pub const BUNDLED: &[(&str, &str)] = &[
    (
        "platoon_fight.ron",
        include_str!("../../../scenarios/mass_combat/platoon_fight.ron"),
    ),
    (
        "snowfield_assault.ron",
        include_str!("../../../scenarios/mass_combat/snowfield_assault.ron"),
    ),
    (
        "ridge_battle.ron",
        include_str!("../../../scenarios/mass_combat/ridge_battle.ron"),
    ),
];

/// Reads and validates `loaded` as a mass combat scenario.
///
/// Errors: every problem, each as `file:line:column: message`.
pub fn parse(loaded: &Loaded) -> Result<rules::scenario::Scenario, Vec<String>> {
    rules::scenario::parse(&loaded.src, &loaded.file)
        .map_err(|es| es.iter().map(ToString::to_string).collect())
}

/// The mass combat rule set.
pub struct MassCombat;

impl RuleSet for MassCombat {
    const ID: &'static str = ID;
    const TITLE: &'static str = "Star Wars D6 Mass Combat";
    const BUNDLED: &'static [(&'static str, &'static str)] = BUNDLED;
    const EDITOR: bool = true;
    /// Units: dice codes of D6 ("a combined action of 6D+2").
    const LARGEST_DIE: u8 = 6;
    const PLAYS_SIDES: bool = true;
    const SEARCHES: bool = true;
    const AI_POLICY: &'static str = "every unit fires on the nearest enemy within its main \
        weapon's medium range, else closes to its short range; soldiers far from the enemy \
        ride a faster transport, which brings them within 300 m to get out; the commander \
        commands the largest units it can, and each unit's own commander gives its pips to the weapon it \
        fires or to its stamina (docs/rules/mass_combat.md, \"A side the rules command\")";
    type Command = Command;
    type Phase = phases::MassPhase;
    type Snapshot = snapshot::MassState;

    fn plugin(app: &mut App) {
        crate::engine::plugin::<Self>(app);
        app.add_plugins(phases::plugin);
    }

    fn shell(app: &mut App) {
        app.add_plugins((
            view::plugin,
            ui::plugin,
            input::plugin,
            ai::plugin,
            editor_screen::plugin,
        ));
    }

    fn check(loaded: &Loaded) -> Result<String, Vec<String>> {
        let s = parse(loaded)?;
        Ok(format!(
            "{} ({} units, {} x {} m)",
            s.name,
            s.units.len(),
            s.ground.width,
            s.ground.depth
        ))
    }

    fn setup(world: &mut World, loaded: &Loaded) -> Result<(), Vec<String>> {
        let scenario = parse(loaded)?;
        phases::setup(world, &scenario)
    }

    fn entered(world: &mut World) {
        phases::sync_phase(world);
    }

    fn left(world: &mut World) {
        phases::left(world);
    }

    fn apply(world: &mut World, command: &Command) -> Result<(), String> {
        phases::apply(world, command)
    }

    fn after_command(world: &mut World) {
        phases::sync_phase(world);
    }

    fn phase_name(world: &World) -> String {
        snapshot::phase_name(world)
    }

    /// The battle's round (a round is the text's turn).
    fn turn(world: &World) -> u32 {
        world
            .get_resource::<phases::BattleRes>()
            .map_or(0, |b| b.0.round)
    }

    fn state_hash(world: &mut World) -> u64 {
        snapshot::state_hash(world)
    }

    fn snapshot(world: &mut World) -> snapshot::MassState {
        snapshot::snapshot(world)
    }

    fn printout(s: &snapshot::MassState) -> String {
        snapshot::printout(s)
    }

    /// Who has chosen tactics and declared: a declaration, once made, is not taken back (the
    /// other side has heard it), nor is anything once dice are thrown.
    fn secret_digest(world: &World) -> Option<u64> {
        let b = &world.get_resource::<phases::BattleRes>()?.0;
        Some(crate::engine::hash::json_hash(&(
            b.round,
            b.stage,
            b.declared.iter().map(Option::is_some).collect::<Vec<_>>(),
            &b.chose_tactics,
            b.tactics.len(),
            b.reacted,
            b.result.is_some(),
        )))
    }

    /// The side whose turn it is to declare, redeclare or react, in the text's order.
    fn sides_to_act(world: &World) -> Vec<usize> {
        world
            .get_resource::<phases::BattleRes>()
            .and_then(|b| b.0.to_act())
            .map(|s| vec![s])
            .unwrap_or_default()
    }

    /// The whole battle: nothing in it is hidden from either side (the declarations are made in
    /// the open, docs/rules/mass_combat.md, "Declarations in the open").
    fn player_view(world: &World, side: usize) -> Option<serde_json::Value> {
        let b = &world.get_resource::<phases::BattleRes>()?.0;
        serde_json::to_value(ai::view(b, side)).ok()
    }

    fn describe(world: &World, command: &Command) -> String {
        let Some(b) = world.get_resource::<phases::BattleRes>().map(|b| &b.0) else {
            return "a mass combat command".into();
        };
        let side = |s: usize| b.sides.get(s).map_or("a side".into(), |x| x.name.clone());
        let orders = |d: &battle::Declaration| {
            if d.orders.is_empty() {
                "every unit to hold".to_string()
            } else {
                d.orders
                    .iter()
                    .map(|o| b.order_words(o))
                    .collect::<Vec<_>>()
                    .join("; ")
            }
        };
        match command {
            Command::Declare {
                side: s,
                declaration,
            } => {
                format!("{} declares: {}", side(*s), orders(declaration))
            }
            Command::Redeclare {
                side: s,
                declaration: Some(d),
            } => {
                format!("{} redeclares: {}", side(*s), orders(d))
            }
            Command::Redeclare { side: s, .. } => format!("{} keeps its orders", side(*s)),
            Command::Tactics { side: s, tactics } if tactics.is_empty() => {
                format!("{} makes no tactics roll", side(*s))
            }
            Command::Tactics { side: s, tactics } => format!(
                "{} rolls tactics to {}",
                side(*s),
                tactics
                    .iter()
                    .map(|t| t.aim())
                    .collect::<Vec<_>>()
                    .join(" and to ")
            ),
            Command::React { side: s, reactions } if reactions.is_empty() => {
                format!("{} declares no reactions", side(*s))
            }
            Command::React { side: s, reactions } => format!(
                "{} reacts with {} unit{}",
                side(*s),
                reactions.len(),
                if reactions.len() == 1 { "" } else { "s" }
            ),
            Command::Referee {
                unit,
                actions,
                morale,
            } => {
                let name = b
                    .unit(unit)
                    .map_or(unit.clone(), |i| b.units[i].name.clone());
                format!("the referee sets {name} at {actions} to actions, {morale} to morale")
            }
            Command::RangeNumber { band, number } => {
                format!("the referee sets {} range at {number}", band.word())
            }
            Command::RefereeMode => "a referee runs the battle".into(),
            Command::March { unit, hours } => {
                let name = b
                    .unit(unit)
                    .map_or(unit.clone(), |i| b.units[i].name.clone());
                format!("the referee marches {name} {hours} hours")
            }
            Command::Sleep { unit, hours } => {
                let name = b
                    .unit(unit)
                    .map_or(unit.clone(), |i| b.units[i].name.clone());
                format!("{name} sleeps {hours} hours")
            }
            Command::Arrival { unit, difficulty } => {
                let name = b
                    .unit(unit)
                    .map_or(unit.clone(), |i| b.units[i].name.clone());
                match difficulty {
                    Some(d) => format!(
                        "the referee puts {name}'s arrival in question ({})",
                        d.word()
                    ),
                    None => format!("the referee makes {name}'s deployments automatic"),
                }
            }
        }
    }

    fn ai_step(world: &mut World) -> Option<Result<String, String>> {
        ai::act(world)
    }

    /// The Hint's orders, unit by unit ([`view::hint_marks`]).
    fn hint_marks(world: &World, command: &Command) -> Vec<crate::engine::hint::HintMark> {
        world
            .get_resource::<phases::BattleRes>()
            .map(|b| view::hint_marks(&b.0, command))
            .unwrap_or_default()
    }

    /// The battle as the side to act sees it: the other side's orders, if declared, not in it
    /// ([`search`]).
    fn search(
        world: &World,
        settings: &crate::rules::search::Settings,
    ) -> Option<crate::rules::search::Job<Command>> {
        let b = &world.get_resource::<phases::BattleRes>()?.0;
        let side = b.to_act()?;
        Some(crate::rules::search::job(ai::view(b, side), *settings))
    }

    fn legal_move(world: &World, pick: u64) -> Vec<Command> {
        let Some(b) = world.get_resource::<phases::BattleRes>().map(|b| &b.0) else {
            return Vec::new();
        };
        b.to_act()
            .and_then(|side| crate::rules::search::pick_candidate(&ai::view(b, side), pick))
            .into_iter()
            .collect()
    }
}
