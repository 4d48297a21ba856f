//! A guest: the game as its side may see it, kept in step with the host's. Everything it is
//! sent is checked: the record of a welcome is played from the scenario up with its recorded
//! dice and cards, and each command after it must leave the state hash the host recorded;
//! where one does not, the guest names the command and asks for the whole game again.
//!
//! The guest's game is the world it is played in (the window's, or a headless session's).
//! While it is a guest ([`Guest`] in the world), a command made there is not played: it goes
//! to the host ([`GuestOutbox`]), and comes back, played, with the host's dice.

use bevy::prelude::*;

use super::protocol::ToHost;
use crate::engine::dice::{DeckRes, DiceRes};
use crate::engine::pipeline::CommandOutcome;
use crate::engine::record::{GameRecord, RecordedCommand};
use crate::engine::ruleset::RuleSet;

/// Why a guest's game did not take what the host sent.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum OutOfStep {
    /// The commands start elsewhere than where the guest's game stands.
    #[error("the host sent commands from {from}, and this game holds {held}")]
    Gap {
        /// Where they start.
        from: usize,
        /// How many the guest holds.
        held: usize,
    },
    /// Command `index` (1-based) did not play as the host recorded it.
    #[error("command {index} did not play as the host recorded it: {why}")]
    Diverged {
        /// The command, 1-based.
        index: usize,
        /// What differed.
        why: String,
    },
}

/// The game in this world is a guest's: its side, by index.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Guest(pub usize);

/// Present while the host's commands are played here: they pass the hook that sends a
/// guest's own commands to the host.
#[derive(Resource)]
struct FromHost;

/// A command made here went to the host instead of being played: the pipeline's refusal of
/// it is not one.
#[derive(Resource)]
struct SentToHost;

/// The guest's messages for the host, waiting for the wire, oldest first.
#[derive(Resource, Default, Debug)]
pub struct GuestOutbox(pub Vec<ToHost>);

/// Sets up in `world` the game of a welcome: `record` (RON of the side's view) played from
/// its scenario with its recorded dice and cards, every state hash checked, for side `side`.
/// The rules play no side here: the host plays the rules' side, and its commands come by wire.
///
/// Errors: the record does not read, carries the seed, or does not play as recorded (the
/// first command that diverges).
pub fn welcome<R: RuleSet>(world: &mut World, record: &str, side: usize) -> Result<(), String> {
    crate::rules::scenario::sane_numbers(record, "the host's game", None)
        .map_err(|e| format!("the host's game does not read: {}", e.message))?;
    let record: GameRecord<R::Command> =
        ron::from_str(record).map_err(|e| format!("the host's game does not read: {e}"))?;
    if record.seed.is_some() {
        return Err("the host sent its dice seed, which it must keep to itself".into());
    }
    crate::engine::record::check_scenario(&record, None)?;
    let loaded = super::host::loaded_of::<R>(&record)?;
    let randomness = super::host::as_set_up(&record);
    crate::engine::game::start::<R>(world, &loaded, randomness).map_err(|e| e.join("\n"))?;
    let set_up = world.resource::<GameRecord<R::Command>>();
    if (&set_up.setup_dice, &set_up.setup_cards) != (&record.setup_dice, &record.setup_cards) {
        return Err("the host's set-up does not play as it recorded it".into());
    }
    if let Some(mut sides) = world.get_resource_mut::<crate::engine::game::Sides>() {
        sides.rules.clear();
        sides.searched.clear();
    }
    world.insert_resource(Guest(side));
    world.insert_resource(crate::engine::game::Seated(Some(side)));
    world.init_resource::<GuestOutbox>();
    super::go_online(world);
    let commands: Vec<String> = record
        .commands
        .iter()
        .map(|c| ron::to_string(c).unwrap_or_default())
        .collect();
    apply::<R>(world, 0, &commands).map_err(|e| e.to_string())
}

/// How many commands the game in `world` holds.
pub fn held<R: RuleSet>(world: &World) -> usize {
    world
        .get_resource::<GameRecord<R::Command>>()
        .map_or(0, |r| r.commands.len())
}

/// Plays the host's commands `commands` (RON of recorded commands) from index `from`, each
/// with its recorded dice and cards, checking each state hash.
///
/// Errors: [`OutOfStep`]: a gap, or the first command that does not play as recorded (the
/// game then stands after the commands before it).
pub fn apply<R: RuleSet>(
    world: &mut World,
    from: usize,
    commands: &[String],
) -> Result<(), OutOfStep> {
    let held = held::<R>(world);
    if from != held {
        return Err(OutOfStep::Gap { from, held });
    }
    world.insert_resource(FromHost);
    let played = commands
        .iter()
        .enumerate()
        .try_for_each(|(n, text)| play_one::<R>(world, from + n + 1, text));
    world.remove_resource::<FromHost>();
    played
}

fn play_one<R: RuleSet>(world: &mut World, index: usize, text: &str) -> Result<(), OutOfStep> {
    let diverged = |why: String| OutOfStep::Diverged { index, why };
    crate::rules::scenario::sane_numbers(text, "the host's command", None)
        .map_err(|e| diverged(format!("it does not read: {}", e.message)))?;
    let rc: RecordedCommand<R::Command> =
        ron::from_str(text).map_err(|e| diverged(format!("it does not read: {e}")))?;
    super::host::force_recorded(world, &rc);
    if let CommandOutcome::Refused(_, why) =
        crate::engine::pipeline::process::<R>(world, rc.command.clone())
    {
        return Err(diverged(format!("refused here: {why}")));
    }
    let left = world.resource::<DiceRes>().forced_left();
    let cards_left = world.resource::<DeckRes>().forced_left();
    if left > 0 || cards_left > 0 {
        return Err(diverged(format!(
            "{left} dice and {cards_left} cards were sent that it did not use"
        )));
    }
    let hash = world
        .resource::<GameRecord<R::Command>>()
        .commands
        .last()
        .map(|c| c.hash);
    if hash != Some(rc.hash) {
        return Err(diverged(format!(
            "state hash {:016x} here, {:016x} at the host",
            hash.unwrap_or(0),
            rc.hash
        )));
    }
    Ok(())
}

/// Whether the guest's side must act now in the game in `world`.
pub fn to_act<R: RuleSet>(world: &World) -> bool {
    world
        .get_resource::<Guest>()
        .is_some_and(|g| R::sides_to_act(world).contains(&g.0))
}

/// The pipeline's hook before a command: a guest's own command goes to the host, not into
/// the game.
fn before<R: RuleSet>(
    world: &mut World,
    command: R::Command,
) -> Result<R::Command, CommandOutcome<R::Command>> {
    if !world.contains_resource::<Guest>()
        || world.contains_resource::<FromHost>()
        || crate::engine::pipeline::replaying(world)
    {
        return Ok(command);
    }
    let ron = ron::to_string(&command).unwrap_or_default();
    world
        .resource_mut::<GuestOutbox>()
        .0
        .push(ToHost::Command { ron });
    world.insert_resource(SentToHost);
    Err(CommandOutcome::Refused(command, "sent to the host".into()))
}

/// The pipeline's hook on a refusal: one that only sent the command to the host is none.
fn refused<R: RuleSet>(world: &mut World, _: &R::Command) -> bool {
    world.remove_resource::<SentToHost>().is_some()
}

/// A guest's hooks into rule set `R`'s pipeline.
pub fn plugin<R: RuleSet>(app: &mut App) {
    let mut hooks = app
        .world_mut()
        .resource_mut::<crate::engine::pipeline::Hooks<R>>();
    hooks.before.push(before::<R>);
    hooks.refused.push(refused::<R>);
}
