//! The Bevy side of a 1 Stat Skirmish: the game as a resource, where the phase is as a
//! sub-state, the commands applied to a copy of it (kept only when accepted), and the end.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::ID;
use super::rules::fighter::Tier;
use super::rules::objectives::Bomb;
use super::rules::scenario::{Goal, Scenario, corners, start_places};
use super::skirmish::{
    Command, OnTable, Player, Skirmish, Solitaire, Stage, Standing, TOKEN, Token, TokenKind,
    TriggerDevice,
};
use crate::engine::dice::DiceRes;
use crate::engine::record::GameLog;
use crate::engine::state::{Fate, Finished, GameResult, GameState};

/// The game being played.
#[derive(Resource, Clone, Debug, Deref, DerefMut)]
pub struct SkirmishRes(pub Skirmish);

/// Where the phase is (one-stat-skirmish.txt, "Turn Sequence").
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[source(GameState = GameState::Playing("one_stat"))]
pub enum OneStatPhase {
    /// Before the game: each player plays the scenario's warband or brings his own.
    #[default]
    Muster,
    /// "Determine Initiative": the players choose their places in the order.
    Initiative,
    /// Single activations in the chosen order.
    Activation,
}

/// The game of `scenario`, each warband within 5" of its corner, the players to muster.
pub fn skirmish(scenario: &Scenario) -> Skirmish {
    let size = Vec2::new(scenario.table.0, scenario.table.1);
    let corners = corners(scenario);
    let players = scenario
        .sides
        .iter()
        .zip(&corners)
        .map(|(d, c)| Player {
            id: d.id.clone(),
            name: d.name.clone(),
            corner: c.point(size),
        })
        .collect();
    let mut fighters = Vec::new();
    for (p, d) in scenario.sides.iter().enumerate() {
        // The Boss nearest the corner, then the Specialists, the Rookies in front.
        let mut band = d.warband.fighters.clone();
        band.sort_by_key(|f| std::cmp::Reverse(f.tier));
        // Capture the Flag: the flag has the corner's first place.
        let skip = usize::from(scenario.goal == Goal::CaptureTheFlag);
        let places = start_places(corners[p], size, band.len() + skip, scenario.start)
            .into_iter()
            .skip(skip);
        fighters.extend(
            band.into_iter()
                .zip(places)
                .map(|(fighter, at)| OnTable::new(fighter, p, at)),
        );
    }
    let terrain = scenario
        .terrain
        .iter()
        .filter_map(|t| t.piece().ok())
        .collect();
    let mut s = Skirmish::mustering(size, terrain, players, fighters);
    s.heights = scenario
        .terrain
        .iter()
        .filter_map(|t| Some((t.id.clone(), t.height?)))
        .collect();
    if let Some(sol) = &scenario.solitaire {
        // Only the player musters: the opponents spawn.
        s.stage = Stage::Mustering(vec![0]);
        let mut game = Solitaire::new(sol.stats, sol.weapons.clone(), sol.specialisation);
        game.profiles = sol.profiles.clone();
        // The first pair of clues leads to the first happening, each further pair to the next.
        if let Some((first, more)) = sol.happenings.split_first() {
            game.next = Some(*first);
            game.happenings = more.to_vec();
        }
        s.solitaire = Some(game);
    }
    s.goal = scenario.goal.clone();
    s.hill = (scenario.goal == Goal::KingOfTheHill).then_some(size / 2.0);
    s.tokens = tokens(scenario.goal.clone(), &s);
    s.score = vec![0; s.players.len()];
    s.device = scenario.device.as_ref().map(|d| {
        let side = |id: &str| scenario.sides.iter().position(|x| x.id == id).unwrap_or(0);
        TriggerDevice {
            at: size / 2.0,
            stack: Default::default(),
            adding: (side(&d.adding.side), d.adding.effect.clone()),
            removing: (side(&d.removing.side), d.removing.effect.clone()),
            worked: None,
        }
    });
    s.turn_limit = scenario.turn_limit;
    s.start = scenario.start;
    s
}

/// The tokens `goal` puts on the table of `s` before the game: Treasure Hunt's treasure and
/// the Bombing Run's bomb in the centre, a flag in each player's corner ("Place a flag token
/// in the corner of your starting area"). The solitaire missions place theirs when the game
/// begins.
fn tokens(goal: Goal, s: &Skirmish) -> Vec<Token> {
    let centre = s.table / 2.0;
    match goal {
        Goal::TreasureHunt => vec![Token::new(TokenKind::Treasure, centre)],
        Goal::BombingRun => vec![Token::new(TokenKind::Bomb(Bomb::default()), centre)],
        Goal::CaptureTheFlag => (0..s.players.len())
            .map(|p| {
                let c = s.players[p].corner;
                let inward = (centre - c).signum() * TOKEN;
                Token::new(TokenKind::Flag(p), c + inward)
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// Sets up `scenario`: the warbands in their corners, the players to muster.
///
/// Errors: none beyond the scenario's own (kept for the rule-set boundary).
pub fn setup(world: &mut World, scenario: &Scenario) -> Result<(), Vec<String>> {
    let s = skirmish(scenario);
    let mut log = GameLog::default();
    log.push(
        1,
        format!(
            "{} — {}: each player musters his warband",
            scenario.name,
            scenario.goal.word()
        ),
    );
    world.insert_resource(log);
    world.insert_resource(super::board::board(&s));
    world.insert_resource(SkirmishRes(s));
    Ok(())
}

/// Applies `command` to a copy of the game and keeps it if accepted; a refusal changes
/// nothing (the pipeline puts back the dice and the log).
///
/// Errors: the refusal, naming the rule.
pub fn apply(world: &mut World, command: &Command) -> Result<(), String> {
    let mut s = world.resource::<SkirmishRes>().0.clone();
    let player = s.to_act().ok_or("The game is over")?;
    s.apply(player, command, &mut world.resource_mut::<DiceRes>().0)?;
    let phase = s.phase.max(1);
    // The spawn points are placed when a solitaire game begins, one is shut down, a gate the
    // device opens is gone: the table shows it.
    let points = |s: &Skirmish| {
        (
            s.solitaire
                .as_ref()
                .map(|x| (x.spawn_points.len(), x.shut.clone())),
            s.terrain.len(),
        )
    };
    if points(&s) != points(&world.resource::<SkirmishRes>().0) {
        world.insert_resource(super::board::board(&s));
    }
    let mut log = world.resource_mut::<GameLog>();
    for e in s.events.drain(..) {
        log.push(phase, e);
    }
    world.resource_mut::<SkirmishRes>().0 = s;
    Ok(())
}

/// After an accepted command, and on entering the game: the phase follows the game, and a
/// decided game ends.
pub fn sync_phase(world: &mut World) {
    let s = &world.resource::<SkirmishRes>().0;
    if let Some(result) = s.result.clone() {
        let end = finished(s, result);
        world.insert_resource(end);
        world
            .resource_mut::<NextState<GameState>>()
            .set(GameState::Over(ID));
        return;
    }
    let want = match s.stage {
        Stage::Mustering(_) => OneStatPhase::Muster,
        Stage::Choosing(_) => OneStatPhase::Initiative,
        Stage::Activating => OneStatPhase::Activation,
    };
    if world
        .get_resource::<State<OneStatPhase>>()
        .is_some_and(|p| *p.get() != want)
    {
        world.resource_mut::<NextState<OneStatPhase>>().set(want);
    }
}

/// The end of game `s`, decided as `result`: what became of every fighter.
pub fn finished(s: &Skirmish, result: GameResult) -> Finished {
    let fates = s
        .fighters
        .iter()
        .map(|f| Fate {
            side: f.player,
            name: f.fighter.name.clone(),
            profile: match (f.fighter.tier, f.fighter.specialisation) {
                (Tier::Rookie, _) | (_, None) => f.fighter.tier.word().to_string(),
                (t, Some(sp)) => format!("{} ({})", t.word(), sp.word()),
            },
            fate: match f.standing {
                Standing::Upright => "fighting".into(),
                Standing::Down => "wounded, lying down".into(),
                Standing::Removed => "out of the game".into(),
            },
            lost: f.standing == Standing::Removed,
        })
        .collect();
    Finished {
        result,
        turn: s.phase,
        fates,
    }
}

/// Leaving a game: the game goes with it.
pub fn left(world: &mut World) {
    world.remove_resource::<SkirmishRes>();
}

pub(super) fn plugin(app: &mut App) {
    app.add_sub_state::<OneStatPhase>();
}
