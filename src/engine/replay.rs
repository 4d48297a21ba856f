//! Verified replays: a saved game is set up again and its commands replayed one by one; each
//! must be accepted again, throw the same dice and draw the same cards, and leave the same
//! state hash. The first command that does not is reported and the replay stops there, so a
//! game never goes on in a state its record does not describe.

use bevy::prelude::*;

use super::dice::{DeckRes, DiceRes, Randomness};
use super::pipeline::{CommandOutcome, CommandQueue, process};
use super::record::GameRecord;
use super::ruleset::{Loaded, RuleSet};
use crate::rules::cards::Deck;
use crate::rules::dice::Dice;

/// The first command of a record that did not replay as recorded.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("command {index} of {total} ({command}) does not replay: {what}")]
pub struct Divergence {
    /// 1-based index of the command in the record.
    pub index: usize,
    /// Commands in the record.
    pub total: usize,
    /// The command, as written in the record.
    pub command: String,
    /// What differed, in words.
    pub what: String,
}

/// Why a record could not be resumed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ResumeError {
    /// The scenario inside the record does not set up (every problem, with its place).
    #[error("{}", .0.join("\n"))]
    Start(Vec<String>),
    /// A command did not replay as recorded; the game stopped after the command before it.
    #[error("{0}")]
    Diverged(Divergence),
}

/// Sets `record`'s game up in `world` and replays it, verifying every command. A seeded game
/// throws every die and draws every card again from its seed (each command's from the seed
/// and its place: `crate::rules::dice::command_seed`), giving back only what players typed
/// in, and goes on from that seed; a game with forced dice has its recorded faces and cards
/// forced in order, and once they run out the dice and deck are seeded with `seed`.
///
/// Errors: [`ResumeError::Start`] when the scenario no longer validates or the set-up's dice
/// or cards are not the seed's,
/// [`ResumeError::Diverged`] at the first command that is refused, throws other dice or
/// draws other cards than recorded, or leaves another state hash.
pub fn resume<R: RuleSet>(
    world: &mut World,
    record: &GameRecord<R::Command>,
    seed: u64,
) -> Result<(), ResumeError> {
    resume_watching::<R>(world, record, seed, |_, _| {})
}

/// Sets the game on in `world` up again from `record` (verified like any replay), keeping
/// what a record does not hold: the dice and the deck where they are now (with a roll or card
/// still wanted), which sides the rules and the searching opponent play (`--ai`, `--search`,
/// the menu's choice), and the commands waiting. What the refusal guard and undo use.
///
/// Errors: as [`resume`]; the game then stands where the replay stopped.
pub(super) fn rebuild<R: RuleSet>(
    world: &mut World,
    record: &GameRecord<R::Command>,
) -> Result<(), ResumeError> {
    let dice = world.get_resource::<DiceRes>().cloned();
    let deck = world.get_resource::<DeckRes>().cloned();
    let hands = world
        .get_resource::<super::game::Sides>()
        .map(|s| (s.rules.clone(), s.searched.clone()));
    let queue = world
        .get_resource_mut::<CommandQueue<R::Command>>()
        .map(|mut q| std::mem::take(&mut q.0));
    let replayed = resume::<R>(world, record, record.seed.unwrap_or(0));
    if let Some(d) = dice {
        world.insert_resource(d);
    }
    if let Some(d) = deck {
        world.insert_resource(d);
    }
    if let (Some((rules, searched)), Some(mut sides)) =
        (hands, world.get_resource_mut::<super::game::Sides>())
    {
        sides.rules = rules;
        sides.searched = searched;
    }
    if let (Some(q), Some(mut now)) = (queue, world.get_resource_mut::<CommandQueue<R::Command>>())
    {
        now.0 = q;
    }
    replayed
}

/// The pipeline's hook when a refused command changed the game before it was refused: the
/// game is set up again from its record ([`rebuild`]).
fn restore<R: RuleSet>(world: &mut World) {
    let record = world.resource::<GameRecord<R::Command>>().clone();
    if let Err(e) = rebuild::<R>(world, &record) {
        error!("a refused command changed the game and its record does not replay: {e}");
    }
}

/// Replays for rule set `R`: the hook that puts a game back after a refusal that changed it.
pub fn plugin<R: RuleSet>(app: &mut App) {
    app.world_mut()
        .resource_mut::<super::pipeline::Hooks<R>>()
        .restore
        .push(restore::<R>);
}

/// [`resume`], calling `after(world, n)` once the set-up is done (`n` = 0) and after each
/// command (`n` = commands replayed so far): what the replay viewer uses to find where each
/// turn begins.
///
/// Errors: as [`resume`].
pub fn resume_watching<R: RuleSet>(
    world: &mut World,
    record: &GameRecord<R::Command>,
    seed: u64,
    after: impl FnMut(&World, usize),
) -> Result<(), ResumeError> {
    // A replay plays every side's recorded commands as they were: the features that refuse
    // another side's commands, seal secrets or write files stand aside meanwhile.
    let was = super::pipeline::replaying(world);
    world.insert_resource(super::pipeline::Replaying);
    let replayed = replay_all::<R>(world, record, seed, after);
    if !was {
        world.remove_resource::<super::pipeline::Replaying>();
    }
    replayed
}

fn replay_all<R: RuleSet>(
    world: &mut World,
    record: &GameRecord<R::Command>,
    seed: u64,
    mut after: impl FnMut(&World, usize),
) -> Result<(), ResumeError> {
    // The scenario must be the one the game began with; where it came from is looked up
    // again only to say what changed.
    if let Err(why) = super::record::check_scenario(record, None) {
        let file = &record.scenario_file;
        let original = match file.strip_prefix("bundled:") {
            Some(name) => R::BUNDLED
                .iter()
                .find(|(n, _)| n.trim_end_matches(".ron") == name.trim_end_matches(".ron"))
                .map(|(_, src)| src.to_string()),
            None => std::fs::read_to_string(file).ok(),
        };
        let why = super::record::check_scenario(record, original.as_deref())
            .err()
            .unwrap_or(why);
        return Err(ResumeError::Start(vec![why]));
    }
    let header =
        crate::rules::scenario::read_header(&record.scenario_src, &record.scenario_file, &[R::ID])
            .map_err(|e| ResumeError::Start(vec![e.to_string()]))?;
    let loaded = Loaded {
        file: record.scenario_file.clone(),
        src: record.scenario_src.clone(),
        header,
    };
    // A seeded game throws every die and draws every card again from its seed, and each
    // must be the one recorded; only what players typed in is given back as typed. A game
    // with forced dice (a script, a test, a branch of the replay viewer) has its recorded
    // faces and cards forced again.
    // A save written before dice were bound to the seed (format version 2) replays as a
    // forced-dice game, and goes on as one.
    let seed_bound = record.version >= 3;
    // Only where the dice come from the seed are typed ones told apart on replay (a forced
    // game's faces are all given back, typed or not).
    let seeded = seed_bound && record.seed.is_some();
    let randomness = match record.seed.filter(|_| seed_bound) {
        Some(s) => Randomness::seeded(s),
        None => {
            let faces = record
                .setup_dice
                .iter()
                .chain(record.commands.iter().flat_map(|c| c.dice.iter()))
                .flat_map(|r| r.faces.iter().copied());
            let cards = record.setup_cards.iter().map(|c| c.card).chain(
                record
                    .commands
                    .iter()
                    .flat_map(|c| c.cards.iter().map(|c| c.card)),
            );
            Randomness {
                dice: Dice::forced(faces).then_seeded(seed),
                deck: Deck::forced(cards).then_seeded(seed),
                seed: None,
            }
        }
    };
    super::game::start::<R>(world, &loaded, randomness).map_err(ResumeError::Start)?;
    // Who plays which side is part of the game where the rules decide differently for the
    // rules' side (Tyneside's solo rules for Force users): the game is replayed with the
    // hands it was played with. A game by e-mail has a person at each end.
    if let Some(hands) = record.hands.as_ref().filter(|_| record.by_email.is_none()) {
        super::game::set_rules_sides(world, &hands.rules)
            .and_then(|()| super::game::set_searched_sides(world, &hands.searched))
            .map_err(|e| {
                ResumeError::Start(vec![format!("{}: hands: {e}", record.scenario_file)])
            })?;
    }
    let replayed = world.resource::<GameRecord<R::Command>>();
    let setup = (&replayed.setup_dice, &replayed.setup_cards);
    if setup != (&record.setup_dice, &record.setup_cards) {
        return Err(ResumeError::Start(vec![format!(
            "{}: the dice or cards of the set-up are not those the game's seed gives: the save was edited",
            record.scenario_file
        )]));
    }
    // A game by e-mail (format version 4 on) proves who sent each command: every seal and
    // every signature is checked, and each command must come from the side to act.
    let signed = record.version >= 4 && record.by_email.is_some();
    let names: Vec<String> = loaded.header.sides.iter().map(|s| s.name.clone()).collect();
    let name = |s: usize| names.get(s).cloned().unwrap_or_else(|| format!("side {s}"));
    super::club_proof::check(record).map_err(|e| ResumeError::Start(vec![e]))?;
    if signed {
        super::signing::check_seals(record, name).map_err(|e| ResumeError::Start(vec![e]))?;
        super::seed_draw::check(record).map_err(|e| ResumeError::Start(vec![e]))?;
    } else if record.commands.iter().any(|c| c.signed.is_some()) {
        return Err(ResumeError::Start(vec![
            "Play by e-mail: its commands are signed, but the sides' seals are gone: the file was edited"
                .into(),
        ]));
    }
    after(world, 0);
    let total = record.commands.len();
    for (i, rc) in record.commands.iter().enumerate() {
        let diverged = |what: String| {
            ResumeError::Diverged(Divergence {
                index: i + 1,
                total,
                command: format!("{:?}", rc.command),
                what,
            })
        };
        if seeded {
            let typed = rc.dice.iter().filter(|r| r.typed);
            world
                .resource_mut::<DiceRes>()
                .push_forced(typed.flat_map(|r| r.faces.iter().copied()));
            let typed = rc.cards.iter().filter(|c| c.typed).map(|c| c.card);
            world.resource_mut::<DeckRes>().push_typed(typed);
        }
        if signed
            && (rc.dice.iter().any(|r| r.typed) || rc.cards.iter().any(|c| c.typed))
            && let Some(&s) = super::signing::not_agreed_to_own_dice(record).first()
        {
            return Err(diverged(format!(
                "Play by e-mail: dice or cards typed in by hand, and {} never agreed to them: the file was edited",
                name(s)
            )));
        }
        if signed {
            // The signer must be among the sides to act; else, only the rules may have been
            // acting (a sitting sends their commands), and no person.
            let signer = rc.signed.as_ref().map(|s| s.side);
            let to_act = if signer.is_some_and(|s| R::sides_to_act(world).contains(&s)) {
                None
            } else {
                super::game::persons_to_act::<R>(world).first().copied()
            };
            super::signing::check_command(record, i, to_act, name).map_err(diverged)?;
        }
        if let Some(proof) = &record.club {
            let signer = proof
                .signed
                .get(i)
                .and_then(|s| s.as_ref().map(|(side, _)| *side));
            super::club_proof::check_signer(proof, signer, &R::sides_to_act(world), name)
                .map_err(|e| diverged(format!("Club game: command {} {e}", i + 1)))?;
        }
        if let CommandOutcome::Refused(_, reason) = process::<R>(world, rc.command.clone()) {
            return Err(diverged(format!("refused on replay: {reason}")));
        }
        if let Some(last) = world
            .resource_mut::<GameRecord<R::Command>>()
            .commands
            .last_mut()
        {
            last.signed = rc.signed.clone();
        }
        let replayed = world
            .resource::<GameRecord<R::Command>>()
            .commands
            .last()
            .cloned()
            .ok_or_else(|| diverged("nothing was recorded".into()))?;
        let rolls = |c: &[crate::rules::dice::RollRecord]| -> Vec<String> {
            c.iter()
                .map(|r| {
                    let typed = if seeded && r.typed { " typed" } else { "" };
                    format!(
                        "{} {:?} = {}{typed} ({}) -> {}",
                        r.expr, r.faces, r.total, r.reason, r.outcome
                    )
                })
                .collect()
        };
        if rolls(&replayed.dice) != rolls(&rc.dice) {
            return Err(diverged(format!(
                "the dice differ: recorded {:?}, replayed {:?}",
                rolls(&rc.dice),
                rolls(&replayed.dice)
            )));
        }
        let draws = |c: &[crate::rules::cards::CardRecord]| -> Vec<String> {
            c.iter()
                .map(|r| {
                    let typed = if seeded && r.typed { " typed" } else { "" };
                    format!("{}{typed} ({}) -> {}", r.card, r.reason, r.outcome)
                })
                .collect()
        };
        if draws(&replayed.cards) != draws(&rc.cards) {
            return Err(diverged(format!(
                "the cards differ: recorded {:?}, replayed {:?}",
                draws(&rc.cards),
                draws(&replayed.cards)
            )));
        }
        if replayed.hash != rc.hash {
            return Err(diverged(format!(
                "the state after it differs from the record (state hash {:016x} recorded, {:016x} replayed): the save was edited or made by other rules",
                rc.hash, replayed.hash
            )));
        }
        after(world, i + 1);
    }
    // A game by e-mail goes on with the sides' seals as the file had them, and the table is
    // seen as it was when saved.
    let mut replayed = world.resource_mut::<GameRecord<R::Command>>();
    replayed.by_email = record.by_email.clone();
    replayed.club = record.club.clone();
    replayed.camera = record.camera.clone();
    world.insert_resource(record.camera.clone().unwrap_or_default());
    Ok(())
}
