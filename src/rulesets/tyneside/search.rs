//! The Tyneside game as the searching opponent sees it ([`crate::rules::search`]). Its state
//! lives in a Bevy world, not in plain data, so the search plays in worlds of its own: each
//! look ahead copies the game's pieces and bookkeeping into a headless world kept for reuse
//! on its thread ([`Table`]), and plays there through the same command pipeline.
//!
//! A decision is a whole step of the side to act ([`Step`]), carried out by the rules' side's
//! own code with one thing changed: the side's order counters (one group's order varied, or
//! every group the same), the way the active group moves (towards the nearest enemy, away
//! from it, to an objective, into cover, or staying), or the enemy group it shoots at (or
//! holding its fire). Rollouts are the rules' side's own steps. What the side cannot see, the
//! order counters the other side's heroes placed face down, is dealt anew at each look ahead.
//! The ruling is in docs/rules/tyneside.md, "The searching opponent".

use std::cell::RefCell;

use bevy::prelude::*;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use super::Tyneside;
use super::ai::{self, Plan};
use super::commands::Command;
use super::components::{
    Condition, EnemyPool, Facing, Figure, Group, Member, Portal, Position, TurnActivity,
};
use super::rules::orders::Order;
use super::rules::victory::{Victory, objective_holder};
use super::table::TableRes;
use super::turn::{TurnPhase, TurnState};
use crate::engine::dice::DiceRes;
use crate::engine::game::{InGame, Sides};
use crate::engine::record::GameRecord;
use crate::engine::ruleset::{Loaded, RuleSet};
use crate::engine::state::{Finished, GameState};
use crate::rules::dice::Dice;
use crate::rules::search::{Choice, Job, Searchable, Settings, choose, decided};
use crate::rules::terrain::TerrainProperty;

/// The orders a player's counter may carry (tyneside-skirmish.txt, Orders; Rout is the
/// morale's, never placed).
const ORDERS: [Order; 5] = [
    Order::Attack,
    Order::Advance,
    Order::Move,
    Order::Stand,
    Order::Retreat,
];

/// How near a figure must come to an objective before it counts as nearing it, inches: four
/// turns' walk.
const NEAR: f32 = 24.0;

/// How much better (score, 0 to 1) another step must expect to do than the rules' side's own
/// before it is chosen: its own plays these scenarios well, and a look ahead of two turns is
/// short of the turn limit that decides them ([`Settings::keep_plain`]).
const KEEP_PLAIN: f32 = 0.03;

/// Steps a rollout plays before the game is scored: about two turns.
const ROLLOUT: u32 = 24;

/// One decision of the side to act: a whole step of the rules' side's play, with the choice
/// the search weighs.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// The rules' side's own step ([`ai::act`]).
    Plain,
    /// Orders: these counters behind the side's groups a hero leads (group id, order), its
    /// Force users made ready, then the side's orders end.
    Orders(Vec<(String, Order)>),
    /// Movement: the active group moves as far as it may this way (a unit vector, inches);
    /// `None`: it stays where it is, if its order lets it.
    Move(Option<Vec2>),
    /// Shoot/Act: the active group fights if in contact, else shoots at this enemy group.
    Fire(String),
    /// Shoot/Act: the active group fights if in contact, else holds its fire.
    Hold,
}

/// A Tyneside game in a world of the search's own (taken from its thread's pool and given
/// back when dropped), with every side played by the rules' side's code.
pub struct Table {
    /// Always `Some` but while being dropped; in a cell, as even looking runs the rules'
    /// side's observing system, which needs the world mutably.
    world: RefCell<Option<World>>,
    /// The scenario, for setting up a new world for the pool.
    loaded: Loaded,
}

thread_local! {
    /// Worlds set up for a scenario (its RON text), ready to take a copy of its game.
    static POOL: RefCell<(String, Vec<World>)> = const { RefCell::new((String::new(), Vec::new())) };
}

/// A world with `loaded`'s game on, from the pool or new.
fn pooled(loaded: &Loaded) -> World {
    let kept = POOL.with_borrow_mut(|(src, worlds)| {
        if *src != loaded.src {
            *src = loaded.src.clone();
            worlds.clear();
        }
        worlds.pop()
    });
    kept.unwrap_or_else(|| {
        let mut app = crate::engine::session::headless_app::<Tyneside>();
        let world = app.world_mut();
        // Seeded only to set up: the search's dice are its own, given with each step.
        if crate::engine::game::start::<Tyneside>(
            world,
            loaded,
            crate::engine::dice::Randomness::seeded(0),
        )
        .is_ok()
        {
            world.resource_mut::<GameRecord<Command>>().seed = None;
        }
        std::mem::take(world)
    })
}

/// Copies the game in `from` into `to` (which holds a game of the same scenario): its groups,
/// figures and portals, the table, the turn, the enemy's pool and the phase; `to`'s record
/// and log start empty.
fn copy_game(from: &World, to: &mut World) {
    crate::engine::game::clear(to);
    if let Some(mut q) = from.try_query::<(
        &Figure,
        &Member,
        &Position,
        &Facing,
        &Condition,
        &TurnActivity,
    )>() {
        for (f, m, p, fa, c, a) in q.iter(from) {
            to.spawn((InGame, f.clone(), m.clone(), *p, *fa, c.clone(), a.clone()));
        }
    }
    if let Some(mut q) = from.try_query::<&Group>() {
        for g in q.iter(from) {
            to.spawn((InGame, g.clone()));
        }
    }
    if let Some(mut q) = from.try_query::<&Portal>() {
        for p in q.iter(from) {
            to.spawn((InGame, p.clone()));
        }
    }
    fn same<T: Resource + Clone>(from: &World, to: &mut World) {
        match from.get_resource::<T>() {
            Some(r) => to.insert_resource(r.clone()),
            None => {
                to.remove_resource::<T>();
            }
        }
    }
    same::<TableRes>(from, to);
    same::<TurnState>(from, to);
    same::<EnemyPool>(from, to);
    same::<Finished>(from, to);
    fn state<S: States>(from: &World, to: &mut World) {
        match from.get_resource::<State<S>>() {
            Some(s) => to.insert_resource(State::new(s.get().clone())),
            None => {
                to.remove_resource::<State<S>>();
            }
        }
    }
    state::<GameState>(from, to);
    state::<TurnPhase>(from, to);
    to.insert_resource(NextState::<TurnPhase>::Unchanged);
    // Every side played by the rules' side's code, so each can be played forward.
    if let Some(sides) = from.get_resource::<Sides>() {
        to.insert_resource(Sides {
            rules: (0..sides.ids.len()).collect(),
            searched: Vec::new(),
            ..sides.clone()
        });
    }
    if let Some(mut r) = to.get_resource_mut::<GameRecord<Command>>() {
        r.commands.clear();
    }
    to.resource_mut::<crate::engine::record::GameLog>()
        .0
        .clear();
}

impl Table {
    /// The game in `world` (a Tyneside game on), copied for the search.
    ///
    /// Errors: `None` when no Tyneside game is on, or its scenario no longer reads.
    pub fn of(world: &World) -> Option<Self> {
        let record = world.get_resource::<GameRecord<Command>>()?;
        let header = crate::rules::scenario::read_header(
            &record.scenario_src,
            &record.scenario_file,
            &[super::ID],
        )
        .ok()?;
        let loaded = Loaded {
            file: record.scenario_file.clone(),
            src: record.scenario_src.clone(),
            header,
        };
        let mut own = pooled(&loaded);
        copy_game(world, &mut own);
        Some(Self {
            world: RefCell::new(Some(own)),
            loaded,
        })
    }

    /// `f` of the table's world.
    fn with<T>(&self, f: impl FnOnce(&mut World) -> T) -> T {
        f(self
            .world
            .borrow_mut()
            .as_mut()
            .expect("a table has its world until dropped"))
    }

    /// Carries `step` out with the world's own dice: what it did, in words.
    ///
    /// Errors: the step is not one of the side to act now, or the rules refused it.
    fn carry(&self, step: &Step) -> Result<String, String> {
        self.with(|world| carry_in(world, step))
    }

    /// The game in `world` with its own record and dice, so what is carried out in it
    /// throws the dice the game itself would (a seeded game's next rolls come from its seed
    /// and the command's place): for listing a chosen step's commands, never for choosing.
    fn as_it_plays(world: &World) -> Option<Self> {
        let copy = Self::of(world)?;
        let record = world.get_resource::<GameRecord<Command>>()?.clone();
        let dice = world.get_resource::<DiceRes>()?.clone();
        copy.with(|own| {
            own.insert_resource(record);
            own.insert_resource(dice);
        });
        Some(copy)
    }

    /// The commands `step` makes here: all it made, if refused part-way, up to the refusal.
    /// A counter placed again with the order it already carries changes nothing, and is left
    /// out (asked again part-way through its orders, a side is not told what it has done).
    fn commands_of(&self, step: &Step) -> Vec<Command> {
        let (before, orders) = self.with(|w| {
            let mut q = w.query::<&Group>();
            let orders: Vec<(String, Option<Order>)> =
                q.iter(w).map(|g| (g.id.clone(), g.order)).collect();
            (w.resource::<GameRecord<Command>>().commands.len(), orders)
        });
        let _ = self.carry(step);
        self.with(|w| {
            w.resource::<GameRecord<Command>>().commands[before..]
                .iter()
                .map(|c| c.command.clone())
                .filter(|c| match c {
                    Command::PlaceOrder { group, order } => {
                        !orders.contains(&(group.clone(), Some(*order)))
                    }
                    _ => true,
                })
                .collect()
        })
    }
}

/// Carries `step` out in `world`: the rules' side's plan for the side to act, with the
/// step's choice in place of its own.
///
/// Errors: the step is not one of this phase, or the rules refused it.
fn carry_in(world: &mut World, step: &Step) -> Result<String, String> {
    let plan = ai::plan(world).ok_or("nobody is to act")?;
    let plan = match (step, plan) {
        (Step::Plain, plan) => plan,
        (Step::Orders(set), Plan::Orders(unready, _)) => Plan::Orders(unready, set.clone()),
        (
            Step::Move(way),
            Plan::Move {
                group,
                order,
                figures,
                reach,
                centre,
                has_vehicle,
                jumps,
                ..
            },
        ) => Plan::Move {
            group,
            order,
            figures,
            dir: *way,
            reach,
            centre,
            has_vehicle,
            jumps,
        },
        (
            Step::Fire(_) | Step::Hold,
            Plan::Act {
                group,
                in_contact,
                against_walkers,
                force,
                partners,
                doors,
                ..
            },
        ) => Plan::Act {
            group,
            in_contact,
            against_walkers,
            force,
            targets: match step {
                Step::Fire(t) => vec![t.clone()],
                _ => Vec::new(),
            },
            partners,
            doors,
        },
        (step, _) => return Err(format!("{step:?} is not a step of this phase")),
    };
    ai::carry_out(world, plan)
}

/// Directions worth weighing for the group of `side` acting from `centre` in `world`, besides
/// the rules' side's own `dir`: staying, towards and away from the nearest enemy, to each
/// objective, and to the nearest cover.
fn ways(world: &World, side: usize, centre: Vec2, dir: Option<Vec2>) -> Vec<Option<Vec2>> {
    let mut targets: Vec<Vec2> = Vec::new();
    let mut away = None;
    if let Some(nearest) = figures(world)
        .into_iter()
        .filter(|(s, _, _)| *s != side)
        .map(|(_, p, _)| p)
        .min_by(|a, b| a.distance(centre).total_cmp(&b.distance(centre)))
    {
        targets.push(nearest);
        away = Some(centre + (centre - nearest));
    }
    if let Some(t) = world.get_resource::<TableRes>() {
        targets.extend(
            t.scenario
                .objectives
                .iter()
                .map(|o| Vec2::new(o.at.0, o.at.1)),
        );
        if let Some(cover) = t
            .terrain
            .iter()
            .filter(|p| p.has(TerrainProperty::Cover))
            .map(|p| p.shape.closest_point(centre))
            .min_by(|a, b| a.distance(centre).total_cmp(&b.distance(centre)))
        {
            targets.push(cover);
        }
    }
    targets.extend(away);
    let mut ways: Vec<Option<Vec2>> = Vec::new();
    if dir.is_some() {
        ways.push(None);
    }
    for t in targets {
        let d = (t - centre).normalize_or_zero();
        // Not where the rules' side goes anyway, nor where another way already goes.
        let near = |w: &Option<Vec2>| w.is_some_and(|w| w.angle_to(d).abs() < 0.35);
        if d != Vec2::ZERO && !near(&dir) && !ways.iter().any(near) {
            ways.push(Some(d));
        }
    }
    ways
}

/// Every figure fighting: (side, position in inches, what it is worth: a hero 3, any other
/// 1, halved for each wound).
fn figures(world: &World) -> Vec<(usize, Vec2, f32)> {
    let Some(mut q) = world.try_query::<(&Figure, &Position, &Condition)>() else {
        return Vec::new();
    };
    q.iter(world)
        .filter(|(_, _, c)| c.active())
        .map(|(f, p, c)| {
            let worth = if f.hero { 3.0 } else { 1.0 };
            (f.side, p.0, worth / 2f32.powi(i32::from(c.wounds)))
        })
        .collect()
}

/// [`Searchable::score`] of the game in `world` for `side`.
fn score_in(world: &World, side: usize) -> f32 {
    let Some(table) = world.get_resource::<TableRes>() else {
        return 0.5;
    };
    if let Some(r) = world
        .get_resource::<TurnState>()
        .and_then(|t| t.result.as_ref())
    {
        return decided(r.winner, side);
    }
    let figs = figures(world);
    let strength = |s: usize| -> f32 { figs.iter().filter(|f| f.0 == s).map(|f| f.2).sum() };
    let all: f32 = figs.iter().map(|f| f.2).sum();
    let share = if all > 0.0 { strength(side) / all } else { 0.5 };
    let sc = &table.scenario;
    if sc.victory != Victory::HoldObjectives || sc.objectives.is_empty() {
        return share;
    }
    let at: Vec<(usize, Vec2)> = figs.iter().map(|f| (f.0, f.1)).collect();
    let (mut held, mut near) = (0.0, 0.0);
    for o in &sc.objectives {
        let c = Vec2::new(o.at.0, o.at.1);
        match objective_holder(c, o.radius, &at) {
            Some(s) if s == side => {
                held += 1.0;
                near += 1.0;
                continue;
            }
            Some(_) => {}
            None => held += 0.5,
        }
        let d = at
            .iter()
            .filter(|f| f.0 == side)
            .map(|f| f.1.distance(c))
            .fold(NEAR, f32::min);
        near += 1.0 - d / NEAR;
    }
    let n = sc.objectives.len() as f32;
    0.2 * share + 0.6 * held / n + 0.2 * near / n
}

impl Clone for Table {
    fn clone(&self) -> Self {
        let mut own = pooled(&self.loaded);
        self.with(|w| copy_game(w, &mut own));
        Self {
            world: RefCell::new(Some(own)),
            loaded: self.loaded.clone(),
        }
    }
}

impl Drop for Table {
    fn drop(&mut self) {
        if let Some(world) = self.world.get_mut().take() {
            // A thread that is ending has no pool to give it to: the world just goes.
            let _ = POOL.try_with(|p| {
                let mut p = p.borrow_mut();
                if p.0 == self.loaded.src && p.1.len() < 64 {
                    p.1.push(world);
                }
            });
        }
    }
}

impl Searchable for Table {
    type Command = Step;

    fn to_act(&self) -> Option<usize> {
        self.with(|world| {
            if crate::engine::state::over(world) {
                return None;
            }
            Tyneside::sides_to_act(world).first().copied()
        })
    }

    fn sides(&self) -> usize {
        self.with(|w| {
            w.get_resource::<TableRes>()
                .map_or(0, |t| t.scenario.sides.len())
        })
    }

    fn candidates(&self) -> Vec<Step> {
        let Some(side) = self.to_act() else {
            return Vec::new();
        };
        let mut out = vec![Step::Plain];
        self.with(|world| match ai::plan(world) {
            None => out.clear(),
            Some(Plan::Orders(_, led)) => {
                for (i, (_, was)) in led.iter().enumerate() {
                    for o in ORDERS.into_iter().filter(|o| o != was) {
                        let mut set = led.clone();
                        set[i].1 = o;
                        out.push(Step::Orders(set));
                    }
                }
                if led.len() > 1 {
                    for o in ORDERS {
                        out.push(Step::Orders(
                            led.iter().map(|(g, _)| (g.clone(), o)).collect(),
                        ));
                    }
                }
            }
            Some(Plan::Move { dir, centre, .. }) => {
                out.extend(ways(world, side, centre, dir).into_iter().map(Step::Move));
            }
            Some(Plan::Act {
                targets,
                in_contact,
                ..
            }) => {
                if !in_contact {
                    out.extend(targets.iter().skip(1).take(3).cloned().map(Step::Fire));
                    if !targets.is_empty() {
                        out.push(Step::Hold);
                    }
                }
            }
        });
        crate::rules::search::unique(out)
    }

    fn plain(&self) -> Vec<Step> {
        vec![Step::Plain]
    }

    fn play(&mut self, step: &Step, dice: &mut Dice) -> Result<(), String> {
        self.with(|world| {
            std::mem::swap(&mut world.resource_mut::<DiceRes>().0, dice);
            let done = carry_in(world, step);
            std::mem::swap(&mut world.resource_mut::<DiceRes>().0, dice);
            // Nobody reads a searched game's log.
            world
                .resource_mut::<crate::engine::record::GameLog>()
                .0
                .clear();
            done.map(|_| ())
        })
    }

    /// A decided game: 1 won, 0 lost, 0.5 drawn. Else the side's share of the figures
    /// fighting (a hero 3, any other 1, halved for each wound); where objectives decide
    /// (Victory `HoldObjectives`), 20% of it is that share, 60% the share of the objectives
    /// held (one held by nobody counts half), and 20% how near the side's nearest figure is
    /// to each objective it does not hold, within [`NEAR`].
    fn score(&self, side: usize) -> f32 {
        self.with(|w| score_in(w, side))
    }

    /// In the Orders phase, the counters of the other sides' groups that a player's hero
    /// leads lie face down (or are still to be placed): each is dealt one of the orders a
    /// player may place. Every other order is on the table for all to see once the phase ends, and the
    /// table's orders are worked out in the open.
    fn sample_hidden(&mut self, side: usize, rng: &mut ChaCha8Rng) {
        self.with(|world| {
            if world
                .get_resource::<State<TurnPhase>>()
                .is_none_or(|p| *p.get() != TurnPhase::Orders)
            {
                return;
            }
            // The table orders the scenario's rules-run side in the open, heroes and all.
            let rules_run = |s: usize| {
                world
                    .get_resource::<TableRes>()
                    .is_some_and(|t| t.rules_run(s))
            };
            let led: Vec<String> = match world.try_query::<(&Figure, &Member, &Condition)>() {
                Some(mut q) => q
                    .iter(world)
                    .filter(|(f, _, c)| {
                        f.hero && f.side != side && c.active() && !rules_run(f.side)
                    })
                    .map(|(_, m, _)| m.0.clone())
                    .collect(),
                None => return,
            };
            let mut q = world.query::<&mut Group>();
            let mut groups: Vec<Mut<Group>> = q.iter_mut(world).collect();
            groups.sort_by_key(|g| g.index);
            for g in groups.iter_mut().filter(|g| led.contains(&g.id)) {
                g.order = Some(ORDERS[rng.random_range(0..ORDERS.len())]);
            }
        });
    }
}

/// The searching opponent's decision for the side to act in the game in `world`: the step it
/// chose, as the commands the game takes for it (the first, and the rest in
/// [`Choice::then`]). `None` when no Tyneside game is on or nobody is to act.
pub fn job(world: &World, settings: Settings) -> Option<Job<Command>> {
    // A step is a whole activation, and a turn a dozen or more of them: two turns ahead.
    let settings = Settings {
        rollout: ROLLOUT,
        keep_plain: KEEP_PLAIN,
        ..settings
    };
    let table = Table::of(world)?;
    Searchable::to_act(&table)?;
    let live = Table::as_it_plays(world)?;
    Some(Box::new(move || {
        let chosen = choose(&table, &settings)?;
        let mut commands = live.commands_of(&chosen.command).into_iter();
        Some(Choice {
            command: commands.next()?,
            then: commands.collect(),
            expected: chosen.expected,
            visits: chosen.visits,
            playouts: chosen.playouts,
        })
    }))
}

/// A step of the side to act, chosen by `pick` among the search's candidates, as the commands
/// that carry it out in the game in `world` ([`crate::engine::ruleset::RuleSet::legal_move`]).
pub fn legal_move(world: &World, pick: u64) -> Vec<Command> {
    let Some(step) = Table::of(world).and_then(|t| crate::rules::search::pick_candidate(&t, pick))
    else {
        return Vec::new();
    };
    Table::as_it_plays(world).map_or_else(Vec::new, |live| live.commands_of(&step))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::dice::Randomness;
    use crate::engine::session::{Headless, Session};
    use crate::rules::search::Budget;

    /// A bundled scenario started seeded, every side played by the rules' side's code.
    fn started(name: &str, seed: u64) -> Session<Tyneside> {
        let (loaded, _) = crate::rulesets::registry()
            .load(name)
            .expect("a bundled scenario");
        let mut s = Session::<Tyneside>::start(&loaded, Randomness::seeded(seed)).expect("set up");
        crate::engine::game::set_rules_sides(s.world_mut(), &["all".into()]).expect("sides");
        s
    }

    /// What a copy must keep: the turn, the phase, the result, every group's order and every
    /// figure's state.
    fn state(world: &mut World) -> String {
        let s = super::super::snapshot::snapshot(world);
        format!(
            "{} {} {:?} {:?} {:?}",
            s.turn, s.phase, s.result, s.groups, s.figures
        )
    }

    /// The search's copy of a game plays on exactly as the game itself does with the same
    /// dice: no piece, counter or piece of bookkeeping is left behind. The foundry has portals,
    /// an enemy pool, Force users and doors.
    #[test]
    fn a_copied_game_plays_on_as_the_game_itself() {
        let mut compared = 0;
        for (name, seed) in [("clone_wars_foundry", 5), ("death_star_escape", 2)] {
            for start in [5, 40, 80] {
                let mut s = started(name, seed);
                // Some way in, so the copy has wounds, orders, arrivals and moved figures.
                if s.play_rules(start).expect("the rules' side plays") < start {
                    continue;
                }
                let world = s.world_mut();
                // The game's own dice from now on, as the copy's: the seed no longer reseeds.
                world.resource_mut::<GameRecord<Command>>().seed = None;
                let mut copy = Table::of(world).expect("a game to copy");
                assert_eq!(
                    state(world),
                    copy.with(state),
                    "{name}: copied as it stands"
                );
                for k in 0..40u64 {
                    if crate::engine::state::over(world) {
                        break;
                    }
                    world.insert_resource(DiceRes(Dice::seeded(k)));
                    ai::act(world);
                    copy.play(&Step::Plain, &mut Dice::seeded(k))
                        .expect("the copy plays the same step");
                    assert_eq!(
                        state(world),
                        copy.with(state),
                        "{name} from {start}, step {k}"
                    );
                    compared += 1;
                }
            }
        }
        assert!(compared > 150, "only {compared} steps compared");
    }

    /// Every step offered is one the game can carry out, and none twice; Shoot/Act, Movement and
    /// Orders each offer more than the rules' side's own step where there is a choice.
    #[test]
    fn every_step_offered_is_carried_out_and_differs() {
        let mut s = started("shooting_example", 3);
        let mut phases = std::collections::BTreeSet::new();
        for _ in 0..40 {
            let table = Table::of(s.world_mut()).expect("a game");
            let steps = table.candidates();
            if steps.is_empty() {
                break;
            }
            for (k, step) in steps.iter().enumerate() {
                assert!(!steps[..k].contains(step), "{step:?} twice");
                let mut t = table.clone();
                t.play(step, &mut Dice::seeded(k as u64))
                    .unwrap_or_else(|e| panic!("{step:?}: {e}"));
            }
            if steps.len() > 1 {
                phases.insert(super::super::snapshot::phase_name(s.world()));
            }
            s.play_rules(1).expect("the rules' side plays");
        }
        assert!(phases.contains("Movement"), "{phases:?}");
        assert!(phases.contains("Action"), "{phases:?}");
    }

    /// The choice comes back as the commands the game accepts, the same for one seed; played
    /// through the pipeline as the searching opponent plays it, a whole game goes to its end.
    #[test]
    fn a_searched_side_plays_a_game_to_its_end() {
        let mut s = started("shooting_example", 11);
        crate::engine::game::set_searched_sides(s.world_mut(), &["rebels".into()]).expect("a side");
        s.world_mut()
            .insert_resource(crate::engine::rules_side::Thinking {
                seed: 4,
                ..crate::engine::rules_side::Thinking::new(Budget::Playouts(12))
            });
        let settings = Settings::new(Budget::Playouts(12), 9);
        let mut checked = false;
        for _ in 0..2000 {
            if crate::engine::state::over(s.world()) {
                break;
            }
            let searched = Tyneside::sides_to_act(s.world()).first() == Some(&1);
            if searched && !checked {
                let a = job(s.world(), settings).expect("a job")().expect("a choice");
                let b = job(s.world(), settings).expect("a job")().expect("a choice");
                assert_eq!(a, b, "one seed, one choice");
                checked = true;
            }
            crate::engine::rules_side::step::<Tyneside>(s.world_mut())
                .expect("someone acts")
                .expect("the step is accepted");
        }
        assert!(checked);
        assert!(crate::engine::state::over(s.world()), "the game ended");
    }

    /// Face-down counters of the other side's heroes are dealt anew; the searching side's own,
    /// and every order the table gives, stay as they are.
    #[test]
    fn only_the_other_sides_heroes_counters_are_dealt() {
        let mut s = started("lothal_ambush", 1);
        let mut table = Table::of(s.world_mut()).expect("a game");
        let orders = |t: &Table| {
            t.with(|w| {
                let mut q = w.query::<&Group>();
                let mut g: Vec<(usize, String, Option<Order>)> =
                    q.iter(w).map(|g| (g.side, g.id.clone(), g.order)).collect();
                g.sort();
                g
            })
        };
        let led = |t: &Table| {
            t.with(|w| {
                let mut q = w.query::<(&Figure, &Member)>();
                q.iter(w)
                    .filter(|(f, _)| f.hero)
                    .map(|(_, m)| m.0.clone())
                    .collect::<Vec<_>>()
            })
        };
        let before = orders(&table);
        let heroes = led(&table);
        let mut rng = <ChaCha8Rng as rand::SeedableRng>::seed_from_u64(7);
        let mut changed = false;
        for _ in 0..10 {
            table.sample_hidden(0, &mut rng);
            for (b, a) in before.iter().zip(orders(&table)) {
                if b.2 != a.2 {
                    assert_ne!(a.0, 0, "the searching side's own counter {}", a.1);
                    assert!(heroes.contains(&a.1), "{} is not a hero's group", a.1);
                    changed = true;
                }
            }
        }
        assert!(
            changed,
            "the other side's heroes' counters are dealt: {before:?}"
        );
    }
}
