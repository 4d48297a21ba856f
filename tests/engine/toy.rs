//! "Blind stakes", a toy rule set that lives with the tests: the smallest game that uses what
//! the engine offers and the two shipped rule sets do not, so the conformance suite proves it.
//! Two sides stake 1 to 3 chips at the same time, in secret; once both have, a card is drawn
//! for each, and the higher card plus stake takes both stakes. A card drawn while setting up
//! (the opening card) gives its value to the first side's score. After `rounds` rounds the
//! higher score wins.

use std::hash::{Hash, Hasher};

use bevy::prelude::*;
use holotable::engine::dice::DeckRes;
use holotable::engine::game::rules_to_act;
use holotable::engine::hash::StableHasher;
use holotable::engine::pipeline::{CommandOutcome, process};
use holotable::engine::record::GameLog;
use holotable::engine::ruleset::{Loaded, RuleSet};
use holotable::engine::state::{Fate, Finished, GameResult, GameState};
use holotable::rules::scenario::{ron_at, ron_options};
use serde::{Deserialize, Serialize};

/// The toy's registry id.
pub const ID: &str = "toy";

/// Its one bundled scenario.
pub const SCENARIO: &str = r#"(
    name: "Blind stakes",
    ruleset: "toy",
    description: "Two sides stake chips in secret; cards decide.",
    sides: [(id: "red", name: "Red"), (id: "blue", name: "Blue")],
    rounds: 3,
)"#;

/// The toy.
pub struct Toy;

/// Its scenario schema: the shared header and the number of rounds.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Scenario {
    #[allow(dead_code)]
    name: String,
    #[allow(dead_code)]
    ruleset: String,
    #[allow(dead_code)]
    #[serde(default)]
    description: String,
    sides: Vec<holotable::rules::scenario::SideHeader>,
    rounds: u32,
}

fn parse(loaded: &Loaded) -> Result<Scenario, Vec<String>> {
    let s: Scenario = ron_options()
        .from_str(&loaded.src)
        .map_err(|e| vec![format!("{}: {}", ron_at(&loaded.file, &e), e.code)])?;
    if s.sides.len() != 2 || s.rounds == 0 {
        return Err(vec![format!(
            "{}: Blind stakes is played by two sides over one round or more",
            loaded.file
        )]);
    }
    Ok(s)
}

/// A command: a side's stake for this round.
#[derive(Message, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// `side` stakes `stake` chips (1 to 3), in secret.
    Declare { side: usize, stake: u8 },
}

/// Its one phase.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(GameState = GameState::Playing("toy"))]
pub enum Phase {
    /// Both sides declare.
    #[default]
    Declare,
}

/// The table: the round, each side's secret stake, the scores.
#[derive(Resource, Clone, Debug, Serialize)]
pub struct Table {
    pub round: u32,
    pub rounds: u32,
    pub stakes: [Option<u8>; 2],
    pub scores: [u32; 2],
    pub over: bool,
}

/// The sides still to declare this round.
fn to_declare(t: &Table) -> Vec<usize> {
    if t.over {
        return Vec::new();
    }
    (0..2).filter(|&s| t.stakes[s].is_none()).collect()
}

/// What a side sees: the round, the scores, its own stake and whether the other has declared,
/// never the other's stake.
#[derive(Serialize)]
struct View {
    round: u32,
    rounds: u32,
    scores: [u32; 2],
    mine: Option<u8>,
    declared: [bool; 2],
}

fn declare(world: &mut World, side: usize, stake: u8) -> Result<(), String> {
    let t = world.resource::<Table>();
    if !to_declare(t).contains(&side) {
        return Err(format!("side {side} has no stake to declare now"));
    }
    if !(1..=3).contains(&stake) {
        return Err("a stake is 1 to 3 chips".into());
    }
    world.resource_mut::<Table>().stakes[side] = Some(stake);
    let t = world.resource::<Table>().clone();
    let [Some(a), Some(b)] = t.stakes else {
        return Ok(());
    };
    let mut deck = world.resource_mut::<DeckRes>();
    let red = deck
        .0
        .draw(format!("round {}: red's card", t.round))
        .map_err(|e| e.to_string())?;
    let blue = deck
        .0
        .draw(format!("round {}: blue's card", t.round))
        .map_err(|e| e.to_string())?;
    let (ra, rb) = (
        u32::from(red.value()) + u32::from(a),
        u32::from(blue.value()) + u32::from(b),
    );
    let mut t = world.resource_mut::<Table>();
    match ra.cmp(&rb) {
        std::cmp::Ordering::Greater => t.scores[0] += u32::from(a + b),
        std::cmp::Ordering::Less => t.scores[1] += u32::from(a + b),
        std::cmp::Ordering::Equal => {}
    }
    t.stakes = [None, None];
    t.round += 1;
    let round = t.round;
    if t.round > t.rounds {
        t.over = true;
        let scores = t.scores;
        let winner = match scores[0].cmp(&scores[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        world.insert_resource(Finished {
            result: GameResult {
                winner,
                reason: format!("{} to {} after the last round", scores[0], scores[1]),
                decided_by: "the higher score".into(),
            },
            turn: round - 1,
            fates: (0..2)
                .map(|side| Fate {
                    side,
                    name: ["Red", "Blue"][side].into(),
                    profile: "stakes".into(),
                    fate: "played".into(),
                    lost: false,
                })
                .collect(),
        });
        world
            .resource_mut::<NextState<GameState>>()
            .set(GameState::Over(ID));
    }
    world
        .resource_mut::<GameLog>()
        .push(round, format!("red {red} + {a} against blue {blue} + {b}"));
    Ok(())
}

impl RuleSet for Toy {
    const ID: &'static str = ID;
    const TITLE: &'static str = "Blind stakes (a test)";
    const BUNDLED: &'static [(&'static str, &'static str)] = &[("blind_stakes.ron", SCENARIO)];
    const LARGEST_DIE: u8 = 6;
    const PLAYS_SIDES: bool = true;
    type Command = Command;
    type Phase = Phase;
    type Snapshot = Table;

    fn plugin(app: &mut App) {
        holotable::engine::plugin::<Self>(app);
        app.add_sub_state::<Phase>();
    }

    fn shell(_: &mut App) {}

    fn check(loaded: &Loaded) -> Result<String, Vec<String>> {
        parse(loaded).map(|s| format!("{} rounds", s.rounds))
    }

    fn setup(world: &mut World, loaded: &Loaded) -> Result<(), Vec<String>> {
        let s = parse(loaded)?;
        let opening = world
            .resource_mut::<DeckRes>()
            .0
            .draw("the opening card")
            .map_err(|e| vec![format!("{}: {e}", loaded.file)])?;
        world.insert_resource(Table {
            round: 1,
            rounds: s.rounds,
            stakes: [None, None],
            scores: [u32::from(opening.value()), 0],
            over: false,
        });
        world
            .resource_mut::<GameLog>()
            .push(1, format!("the opening card is {opening}"));
        Ok(())
    }

    fn apply(world: &mut World, command: &Command) -> Result<(), String> {
        let Command::Declare { side, stake } = *command;
        declare(world, side, stake)
    }

    fn after_command(_: &mut World) {}

    fn turn(world: &World) -> u32 {
        world.get_resource::<Table>().map_or(0, |t| t.round)
    }

    fn phase_name(world: &World) -> String {
        match world.get_resource::<State<GameState>>().map(|s| *s.get()) {
            Some(GameState::Over(_)) => "GameOver".into(),
            Some(GameState::Playing(_)) => "Declare".into(),
            _ => "NoGame".into(),
        }
    }

    fn state_hash(world: &mut World) -> u64 {
        let mut h = StableHasher::default();
        if let Some(t) = world.get_resource::<Table>() {
            (t.round, t.rounds, t.stakes, t.scores, t.over).hash(&mut h);
        }
        h.finish()
    }

    fn snapshot(world: &mut World) -> Table {
        world.resource::<Table>().clone()
    }

    fn printout(t: &Table) -> String {
        format!("round {} of {}, scores {:?}", t.round, t.rounds, t.scores)
    }

    /// Who has declared is secret until both have: a declaration stands.
    fn secret_digest(world: &World) -> Option<u64> {
        let t = world.get_resource::<Table>()?;
        let mut h = StableHasher::default();
        (t.round, t.stakes).hash(&mut h);
        Some(h.finish())
    }

    /// Both sides declare at once: every side that has not declared this round.
    fn sides_to_act(world: &World) -> Vec<usize> {
        world
            .get_resource::<Table>()
            .map(to_declare)
            .unwrap_or_default()
    }

    fn player_view(world: &World, side: usize) -> Option<serde_json::Value> {
        let t = world.get_resource::<Table>()?;
        serde_json::to_value(View {
            round: t.round,
            rounds: t.rounds,
            scores: t.scores,
            mine: t.stakes.get(side).copied().flatten(),
            declared: [t.stakes[0].is_some(), t.stakes[1].is_some()],
        })
        .ok()
    }

    fn describe(_: &World, command: &Command) -> String {
        let Command::Declare { side, stake } = command;
        format!("side {side} stakes {stake}")
    }

    fn public_text(_: &World, command: &Command) -> String {
        let Command::Declare { side, .. } = command;
        format!("side {side} stakes, hidden")
    }

    /// The rules' side decides from its view alone: behind, it stakes 3; else 1.
    fn ai_step(world: &mut World) -> Option<Result<String, String>> {
        let side = *rules_to_act::<Toy>(world).first()?;
        let view = Self::player_view(world, side)?;
        Some(Ok(decide(&view, side)).and_then(|stake| {
            match process::<Toy>(world, Command::Declare { side, stake }) {
                CommandOutcome::Accepted(_) => Ok(format!("side {side} stakes {stake}")),
                CommandOutcome::Refused(_, why) => Err(why),
            }
        }))
    }
}

/// The rules' stake for `side`, from what `view` shows it.
pub fn decide(view: &serde_json::Value, side: usize) -> u8 {
    let score = |s: usize| view["scores"][s].as_u64().unwrap_or(0);
    if score(side) < score(1 - side) { 3 } else { 1 }
}
