//! Rule set `battlefield`: "Imperial/Alliance: The Star Wars Battlefield System" (rules
//! version 1.0, imperial-alliance-battlefield.txt), hotseat on hex maps, with every advanced
//! rule a scenario can switch on. `rules/` is the text's arithmetic (pure); [`battle`] and
//! [`actions`] the state and what each command does; [`phases`] the Bevy side; the rest how
//! it looks and is played.

pub mod actions;
pub mod ai;
pub mod battle;
pub mod board;
pub mod commands;
pub mod describe;
pub mod editor;
mod editor_screen;
pub mod input;
pub mod phases;
pub mod rules;
pub mod search;
pub mod snapshot;
#[cfg(test)]
mod testing;
pub mod ui;
pub mod view;

use std::sync::OnceLock;

use bevy::prelude::*;

use crate::engine::ruleset::{Loaded, RuleSet};
use commands::Command;
use rules::roster::Roster;

/// The registry id.
pub const ID: &str = "battlefield";

/// The rule text this rule set plays (imperial-alliance-battlefield.txt) and our rulings on it, for the rule book
/// window (Help).
pub const BOOK: crate::ui::rule_book::Book =
    crate::rule_book!("imperial-alliance-battlefield.txt", "battlefield.md");

/// The bundled battlefield scenarios: (file name, RON text).
pub const BUNDLED: &[(&str, &str)] = &[
    (
        "capture_the_village.ron",
        include_str!("../../../scenarios/battlefield/capture_the_village.ron"),
    ),
    (
        "walker_assault.ron",
        include_str!("../../../scenarios/battlefield/walker_assault.ron"),
    ),
    (
        "forest_ambush.ron",
        include_str!("../../../scenarios/battlefield/forest_ambush.ron"),
    ),
];

/// The bundled unit charts, read once.
///
/// Errors: the bundled RON does not parse (a bug in the shipped file, with its place).
pub fn roster() -> Result<&'static Roster, String> {
    static ROSTER: OnceLock<Result<Roster, String>> = OnceLock::new();
    ROSTER
        .get_or_init(Roster::bundled)
        .as_ref()
        .map_err(Clone::clone)
}

/// Reads and validates `loaded` as a battlefield scenario.
///
/// Errors: every problem, each as `file:line:column: message`.
pub fn parse(loaded: &Loaded) -> Result<rules::scenario::Scenario, Vec<String>> {
    let roster = roster().map_err(|e| vec![e])?;
    rules::scenario::parse(&loaded.src, &loaded.file, roster)
        .map_err(|es| es.iter().map(ToString::to_string).collect())
}

/// The battlefield rule set.
pub struct Battlefield;

impl RuleSet for Battlefield {
    const ID: &'static str = ID;
    const TITLE: &'static str = "Imperial/Alliance battlefield";
    const BUNDLED: &'static [(&'static str, &'static str)] = BUNDLED;
    const EDITOR: bool = true;
    /// Components: "4 sided, 6 sided, 8 sided, 10 sided, 12 sided and 20 sided".
    const LARGEST_DIE: u8 = 20;
    const PLAYS_SIDES: bool = true;
    const SEARCHES: bool = true;
    const AI_POLICY: &'static str = "the app's plain policy (the text has no solo rules): fire \
        at a visible enemy in range and sight, else close in on the nearest, else end the \
        impulse (docs/rules/battlefield.md, \"A side the app plays\")";
    type Command = Command;
    type Phase = phases::BattlePhase;
    type Snapshot = snapshot::BattleState;

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
            "{} ({} units, {}x{} hexes)",
            s.def.name,
            s.def.sides.iter().map(|x| x.units.len()).sum::<usize>(),
            s.map.size.0,
            s.map.size.1
        ))
    }

    fn setup(world: &mut World, loaded: &Loaded) -> Result<(), Vec<String>> {
        let scenario = parse(loaded)?;
        let roster = roster().map_err(|e| vec![e])?;
        phases::setup(world, &scenario, roster, loaded)
    }

    fn left(world: &mut World) {
        phases::left(world);
    }

    fn entered(world: &mut World) {
        phases::sync_phase(world);
    }

    fn apply(world: &mut World, command: &Command) -> Result<(), String> {
        phases::apply(world, command)
    }

    fn after_command(world: &mut World) {
        phases::after_command(world);
    }

    fn describe(world: &World, command: &Command) -> String {
        describe::describe(world, command)
    }

    fn ai_step(world: &mut World) -> Option<Result<String, String>> {
        ai::act(world)
    }

    fn search(
        world: &World,
        settings: &crate::rules::search::Settings,
    ) -> Option<crate::rules::search::Job<Command>> {
        let b = world.get_resource::<phases::BattleRes>()?.0.clone();
        Some(crate::rules::search::job(b, *settings))
    }

    fn legal_move(world: &World, pick: u64) -> Vec<Command> {
        world
            .get_resource::<phases::BattleRes>()
            .and_then(|b| crate::rules::search::pick_candidate(&b.0, pick))
            .into_iter()
            .collect()
    }

    /// The Hint's unit on its way, or its line of fire ([`view::hint_marks`]).
    fn hint_marks(world: &World, command: &Command) -> Vec<crate::engine::hint::HintMark> {
        world
            .get_resource::<phases::BattleRes>()
            .map(|b| view::hint_marks(&b.0, command))
            .unwrap_or_default()
    }

    /// Fire, a close combat, or fire from above or afar.
    fn is_attack(command: &Command) -> bool {
        matches!(
            command,
            Command::Fire { .. }
                | Command::MoveAndFire { .. }
                | Command::Assault { .. }
                | Command::AerialSupport { .. }
                | Command::SpaceBombardment { .. }
                | Command::Artillery { .. }
        )
    }

    fn phase_name(world: &World) -> String {
        snapshot::phase_name(world)
    }

    /// The battle's turn.
    fn turn(world: &World) -> u32 {
        world
            .get_resource::<phases::BattleRes>()
            .map_or(0, |b| b.0.turn)
    }

    fn state_hash(world: &mut World) -> u64 {
        snapshot::state_hash(world)
    }

    /// Online play: the scenario with the other side's hidden units' hexes left out
    /// ([`rules::scenario::conceal`]).
    fn conceal(src: &str, side: usize) -> Result<Option<String>, String> {
        rules::scenario::conceal(src, side)
    }

    /// Online play: each unit hidden from `side` whose place this game knows, keyed by its
    /// id, hex and being alive, with the `HiddenAt` that tells a concealed copy where it is.
    /// A unit carried is told by its transporter's.
    fn hidden_from(world: &World, side: usize) -> Vec<(String, Command)> {
        let Some(b) = world.get_resource::<phases::BattleRes>() else {
            return Vec::new();
        };
        b.0.units
            .iter()
            .filter(|u| u.hidden && u.alive && u.side != side && u.carried_by.is_none())
            .filter(|u| b.0.map.contains(u.at))
            .map(|u| {
                let at = rules::map::col_row(u.at);
                (
                    format!("{} at {at:?}", u.id),
                    Command::HiddenAt {
                        unit: u.id.clone(),
                        at,
                    },
                )
            })
            .collect()
    }

    /// Whose impulse it is and which units are hidden (Hidden units): a move inside one's own
    /// impulse that reveals nobody may be taken back.
    fn secret_digest(world: &World) -> Option<u64> {
        use std::hash::{Hash, Hasher};
        let b = &world.get_resource::<phases::BattleRes>()?.0;
        let mut h = std::hash::DefaultHasher::new();
        (b.turn, b.impulse.side, b.impulse.number, b.result.is_some()).hash(&mut h);
        for u in &b.units {
            u.hidden.hash(&mut h);
        }
        Some(h.finish())
    }

    /// The side whose impulse it is (Turn sequence: the sides alternate impulses); none
    /// once the battle is over.
    fn sides_to_act(world: &World) -> Vec<usize> {
        world
            .get_resource::<phases::BattleRes>()
            .filter(|b| b.0.result.is_none())
            .map(|b| vec![b.0.impulse.side])
            .unwrap_or_default()
    }

    fn snapshot(world: &mut World) -> snapshot::BattleState {
        snapshot::snapshot(world)
    }

    fn printout(s: &snapshot::BattleState) -> String {
        snapshot::printout(s)
    }
}
