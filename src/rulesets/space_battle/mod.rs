//! Rule set `space_battle`: 'A Star Wars Battle' by Mike Crane (Lone Warrior 202,
//! star-wars-battle-space.txt): fighters and assault bombers on a board of 3" squares, every
//! fight decided by drawing cards as in War. `rules/` is the text's arithmetic (pure);
//! [`battle`] the state and what each command does; [`phases`] the Bevy side; [`ai`] the
//! side the rules fly; the rest how it looks and is played.

pub mod ai;
pub mod battle;
pub mod board;
pub mod commands;
pub mod editor;
mod editor_screen;
pub mod input;
pub mod phases;
pub mod reach;
pub mod rules;
pub mod search;
pub mod snapshot;
pub mod ui;
pub mod view;
#[cfg(test)]
mod worked_example;

use bevy::prelude::*;

use crate::engine::ruleset::{Loaded, RuleSet};
use commands::Command;

/// The registry id.
pub const ID: &str = "space_battle";

/// The rule text this rule set plays (star-wars-battle-space.txt) and our rulings on it, for the rule book
/// window (Help).
pub const BOOK: crate::ui::rule_book::Book =
    crate::rule_book!("star-wars-battle-space.txt", "space_battle.md");

/// The bundled space battles: (file name, RON text).
pub const BUNDLED: &[(&str, &str)] = &[
    (
        "a_star_wars_battle.ron",
        include_str!("../../../scenarios/space_battle/a_star_wars_battle.ron"),
    ),
    (
        "first_sortie.ron",
        include_str!("../../../scenarios/space_battle/first_sortie.ron"),
    ),
    (
        "escort_battle.ron",
        include_str!("../../../scenarios/space_battle/escort_battle.ron"),
    ),
];

/// Reads and validates `loaded` as a space battle scenario.
///
/// Errors: every problem, each as `file:line:column: message`.
pub fn parse(loaded: &Loaded) -> Result<rules::scenario::Scenario, Vec<String>> {
    rules::scenario::parse(&loaded.src, &loaded.file)
        .map_err(|es| es.iter().map(ToString::to_string).collect())
}

/// The space battle rule set.
pub struct SpaceBattle;

impl RuleSet for SpaceBattle {
    const ID: &'static str = ID;
    const TITLE: &'static str = "A Star Wars Battle (space)";
    const BUNDLED: &'static [(&'static str, &'static str)] = BUNDLED;
    const EDITOR: bool = true;
    /// EQUIPMENT: "1 white d6 … and 1 black d6".
    const LARGEST_DIE: u8 = 6;
    const PLAYS_SIDES: bool = true;
    const SEARCHES: bool = true;
    const AI_POLICY: &'static str = "the Action Report's way: fighters go for the enemy \
        bombers and their fighters from the square giving the most combats, bombers fly \
        straight for the far edge and attack only what is in their path \
        (docs/rules/space_battle.md, \"A side the rules fly\")";
    type Command = Command;
    type Phase = phases::SpacePhase;
    type Snapshot = snapshot::SpaceState;

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
            "{} ({} craft, {}x{} squares)",
            s.name,
            s.sides.iter().map(|x| x.craft.len()).sum::<usize>(),
            s.columns,
            s.rows
        ))
    }

    fn setup(world: &mut World, loaded: &Loaded) -> Result<(), Vec<String>> {
        let scenario = parse(loaded)?;
        phases::setup(world, &scenario, loaded)
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

    /// The battle's turn.
    fn turn(world: &World) -> u32 {
        world
            .get_resource::<phases::BattleRes>()
            .map_or(0, |b| b.0.turn)
    }

    fn state_hash(world: &mut World) -> u64 {
        snapshot::state_hash(world)
    }

    fn snapshot(world: &mut World) -> snapshot::SpaceState {
        snapshot::snapshot(world)
    }

    fn printout(s: &snapshot::SpaceState) -> String {
        snapshot::printout(s)
    }

    /// The side playing and the stage: a move within one's own phase may be taken back; a
    /// card drawn or a die thrown may not (the engine's rule).
    fn secret_digest(world: &World) -> Option<u64> {
        let b = &world.get_resource::<phases::BattleRes>()?.0;
        Some(crate::engine::hash::json_hash(&(
            b.turn,
            b.side,
            b.result.is_some(),
        )))
    }

    /// The side whose phase it is; none once the battle is over.
    fn sides_to_act(world: &World) -> Vec<usize> {
        world
            .get_resource::<phases::BattleRes>()
            .filter(|b| b.0.result.is_none())
            .map(|b| vec![b.0.side])
            .unwrap_or_default()
    }

    fn describe(world: &World, command: &Command) -> String {
        let name = |id: &str| {
            world
                .get_resource::<phases::BattleRes>()
                .and_then(|b| b.0.craft.iter().find(|c| c.id == id).map(|c| c.name()))
                .unwrap_or_else(|| id.to_string())
        };
        match command {
            Command::Initiative => "the sides draw for the initiative".into(),
            Command::Move { craft, path } => {
                let to = path
                    .last()
                    .map_or("nowhere".to_string(), |(c, r)| format!("({c}, {r})"));
                format!(
                    "the {} flies {} square{} to {to}",
                    name(craft),
                    path.len(),
                    if path.len() == 1 { "" } else { "s" }
                )
            }
            Command::Stop { craft } => format!("the {} stops to fire", name(craft)),
            Command::Attack { craft, target } => {
                format!("the {} attacks the {}", name(craft), name(target))
            }
        }
    }

    fn autoplay_fast(
        loaded: &Loaded,
        seeds: &[u64],
        max_turns: u32,
    ) -> Option<Vec<Result<crate::engine::state::Played, String>>> {
        Some(match parse(loaded) {
            Ok(s) => seeds
                .iter()
                .map(|&seed| ai::play_fast(&s, seed, max_turns))
                .collect(),
            Err(e) => seeds.iter().map(|_| Err(e.join("\n"))).collect(),
        })
    }

    fn ai_step(world: &mut World) -> Option<Result<String, String>> {
        ai::act(world)
    }

    /// The Hint's craft on its way, or its attack ([`view::hint_marks`]).
    fn hint_marks(world: &World, command: &Command) -> Vec<crate::engine::hint::HintMark> {
        world
            .get_resource::<phases::BattleRes>()
            .map(|b| view::hint_marks(&b.0, command))
            .unwrap_or_default()
    }

    /// An attack on a craft.
    fn is_attack(command: &Command) -> bool {
        matches!(command, Command::Attack { .. })
    }

    /// The battle and the deck as the players see them ([`search::SpaceGame`]).
    fn search(
        world: &World,
        settings: &crate::rules::search::Settings,
    ) -> Option<crate::rules::search::Job<Command>> {
        let b = &world.get_resource::<phases::BattleRes>()?.0;
        let deck = &world.get_resource::<crate::engine::dice::DeckRes>()?.0;
        Some(crate::rules::search::job(
            search::SpaceGame::new(b, deck),
            *settings,
        ))
    }

    fn legal_move(world: &World, pick: u64) -> Vec<Command> {
        let (Some(b), Some(deck)) = (
            world.get_resource::<phases::BattleRes>(),
            world.get_resource::<crate::engine::dice::DeckRes>(),
        ) else {
            return Vec::new();
        };
        crate::rules::search::pick_candidate(&search::SpaceGame::new(&b.0, &deck.0), pick)
            .into_iter()
            .collect()
    }
}
