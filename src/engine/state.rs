//! The top-level game state (no game / playing / over), whose sub-states are each rule set's
//! turn phases, and how a game ends.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// Whether a game is on, and of which rule set (its registry id). Each rule set's turn phases
/// are a `SubStates` of `Playing(<its id>)`, so they exist only while its game is on.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameState {
    /// No game loaded.
    #[default]
    NoGame,
    /// A game of this rule set is being played.
    Playing(&'static str),
    /// A game of this rule set has ended: see [`Finished`].
    Over(&'static str),
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameResult {
    /// The winning side (index in the scenario), or `None` for a draw.
    pub winner: Option<usize>,
    /// Why, in words.
    pub reason: String,
    /// What decided it, as a short phrase shared by every game that ended the same way
    /// ("no enemy figure left fighting", "objectives held at the turn limit"): what the
    /// balance report counts.
    #[serde(default)]
    pub decided_by: String,
}

/// What became of one piece, for the results screen and the balance report.
#[derive(Clone, Debug, PartialEq)]
pub struct Fate {
    /// Its side (index in the scenario).
    pub side: usize,
    /// Its name on the table.
    pub name: String,
    /// Its profile (unit type) as the rule text names it, e.g. "Stormtrooper".
    pub profile: String,
    /// What became of it, in words ("killed", "fighting").
    pub fate: String,
    /// Whether its side lost it (killed, disabled, captured, eliminated).
    pub lost: bool,
}

/// A finished game, for the results screen: the result, the last turn, and what became of
/// every piece, side by side.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct Finished {
    /// Who won and why.
    pub result: GameResult,
    /// The turn it ended in.
    pub turn: u32,
    /// Every piece, in the rule set's stable order.
    pub fates: Vec<Fate>,
}

/// How one game that the rules played for the balance report came out: ended as its rules
/// say, or cut at the report's cap on a game's length (`holotable sim --max-turns`), still
/// going with no result.
#[derive(Clone, Debug, PartialEq)]
pub enum Played {
    /// The game ended as its rules say.
    Ended(Finished),
    /// The game had played the cap's turns and not ended: no result, counted apart.
    Cut,
}

/// Run condition: a game of rule set `id` is being played.
pub fn playing(id: &'static str) -> impl Fn(Res<State<GameState>>) -> bool + Clone {
    move |s: Res<State<GameState>>| *s.get() == GameState::Playing(id)
}

/// Run condition: the game loaded (being played or over) is of rule set `id`.
pub fn game_of(id: &'static str) -> impl Fn(Res<State<GameState>>) -> bool + Clone {
    move |s: Res<State<GameState>>| matches!(*s.get(), GameState::Playing(g) | GameState::Over(g) if g == id)
}

/// The phase by name, for a rule set whose phases are the sub-state `P`: its variant's name,
/// or `GameOver` once the game is over, or `NoGame`.
pub fn phase_name<P: States + std::fmt::Debug>(world: &World) -> String {
    match world.get_resource::<State<P>>() {
        Some(p) => format!("{:?}", p.get()),
        None if over(world) => "GameOver".into(),
        None => "NoGame".into(),
    }
}

/// Whether the game in `world` is over (by the top-level state, whatever its rule set).
pub fn over(world: &World) -> bool {
    world
        .get_resource::<State<GameState>>()
        .is_some_and(|s| matches!(s.get(), GameState::Over(_)))
}

/// Runs state transitions until none is pending (entering a phase can set the next), at
/// most 16 rounds. Used by the command pipeline and when a game starts, so both the window
/// and the headless path see a command's phase change at once.
pub fn settle(world: &mut World, pending: impl Fn(&World) -> bool) {
    for _ in 0..16 {
        let game = world
            .get_resource::<NextState<GameState>>()
            .is_some_and(|n| matches!(n, NextState::Pending(_)));
        if !game && !pending(world) {
            break;
        }
        world.run_schedule(StateTransition);
    }
}

/// Leaves the game on, if any, now: its phases exit and its entities go
/// ([`super::game::InGame`]).
pub fn leave_game(world: &mut World) {
    world.remove_resource::<Finished>();
    if *world.resource::<State<GameState>>().get() != GameState::NoGame {
        world
            .resource_mut::<NextState<GameState>>()
            .set(GameState::NoGame);
        world.run_schedule(StateTransition);
    }
}

/// Enters a game of rule set `id` now: any game on is left first ([`leave_game`]), then the
/// rule set's first phase is entered.
pub fn enter_game(world: &mut World, id: &'static str) {
    leave_game(world);
    world
        .resource_mut::<NextState<GameState>>()
        .set(GameState::Playing(id));
    world.run_schedule(StateTransition);
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<GameState>();
}
