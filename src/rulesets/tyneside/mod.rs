//! Rule set `tyneside`: the Tyneside "Star Wars skirmish rules" (tyneside-skirmish.txt, v1b,
//! 2018), opposed play on an open table measured in inches. `rules/` is the text's arithmetic
//! (pure, no Bevy); the rest is when it happens (phases, turn, board) and how it looks and is
//! played (view, ui, input).

pub mod ai;
pub mod board;
pub mod commands;
pub mod components;
pub mod describe;
pub mod editor;
mod editor_screen;
pub mod input;
pub mod phases;
pub mod printout;
pub mod rules;
pub mod search;
pub mod snapshot;
pub mod table;
#[cfg(test)]
mod testing;
pub mod turn;
pub mod ui;
pub mod view;

use std::sync::OnceLock;

use bevy::prelude::*;

use crate::engine::ruleset::{Loaded, RuleSet};
use commands::Command;
use rules::profile::Roster;

/// The registry id.
pub const ID: &str = "tyneside";

/// The rule text this rule set plays (tyneside-skirmish.txt) and our rulings on it, for the rule book
/// window (Help).
pub const BOOK: crate::ui::rule_book::Book =
    crate::rule_book!("tyneside-skirmish.txt", "tyneside.md");

/// The bundled Tyneside scenarios: (file name, RON text).
pub const BUNDLED: &[(&str, &str)] = &[
    (
        "shooting_example.ron",
        include_str!("../../../scenarios/tyneside/shooting_example.ron"),
    ),
    (
        "lothal_ambush.ron",
        include_str!("../../../scenarios/tyneside/lothal_ambush.ron"),
    ),
    (
        "death_star_escape.ron",
        include_str!("../../../scenarios/tyneside/death_star_escape.ron"),
    ),
    (
        "outpost_raid.ron",
        include_str!("../../../scenarios/tyneside/outpost_raid.ron"),
    ),
    (
        "endor_bunker.ron",
        include_str!("../../../scenarios/tyneside/endor_bunker.ron"),
    ),
    (
        "clone_wars_foundry.ron",
        include_str!("../../../scenarios/tyneside/clone_wars_foundry.ron"),
    ),
];

/// The bundled roster (every profile and weapon of the text), read once.
///
/// Errors: the bundled RON does not parse (a bug in the shipped files, with its place).
pub fn roster() -> Result<&'static Roster, String> {
    static ROSTER: OnceLock<Result<Roster, String>> = OnceLock::new();
    ROSTER
        .get_or_init(|| {
            Roster::bundled().map_err(|e| format!("the bundled Tyneside roster is broken: {e}"))
        })
        .as_ref()
        .map_err(Clone::clone)
}

/// Reads and validates `loaded` as a Tyneside scenario.
///
/// Errors: every problem, each as `file:line:column: message`.
pub fn parse(loaded: &Loaded) -> Result<rules::scenario::Scenario, Vec<String>> {
    use std::cell::RefCell;
    // The last scenario this thread read: `Play again` and the balance report's thousands of
    // games start the same text over and over.
    thread_local! {
        static LAST: RefCell<Option<(Loaded, rules::scenario::Scenario)>> =
            const { RefCell::new(None) };
    }
    if let Some(s) = LAST.with_borrow(|last| {
        last.as_ref()
            .filter(|(l, _)| l == loaded)
            .map(|(_, s)| s.clone())
    }) {
        return Ok(s);
    }
    let roster = roster().map_err(|e| vec![e])?;
    let scenario = rules::parse(&loaded.src, &loaded.file, roster)
        .map_err(|es| es.iter().map(ToString::to_string).collect::<Vec<_>>())?;
    LAST.set(Some((loaded.clone(), scenario.clone())));
    Ok(scenario)
}

/// The Tyneside rule set.
pub struct Tyneside;

/// Every group of the game in `world`, in their stable order (`None` before one is set up).
fn all_groups(world: &World) -> Option<Vec<components::Group>> {
    let mut groups: Vec<components::Group> = world
        .try_query::<&components::Group>()?
        .iter(world)
        .cloned()
        .collect();
    groups.sort_by_key(|g| g.index);
    Some(groups)
}

impl RuleSet for Tyneside {
    const ID: &'static str = ID;
    const TITLE: &'static str = "Tyneside skirmish rules";
    const BUNDLED: &'static [(&'static str, &'static str)] = BUNDLED;
    /// tyneside-skirmish.txt, Introduction: "Players will need at least 1 D6, a D4 and a D8".
    const LARGEST_DIE: u8 = 8;
    const PLAYS_SIDES: bool = true;
    /// The worked shooting example, small and open: the player has the Rebels, the rules the
    /// Empire.
    const FIRST_GAME: Option<(&'static str, &'static str)> = Some(("shooting_example", "empire"));
    const SOLO_RULES: bool = true;
    const SEARCHES: bool = true;
    const EDITOR: bool = true;
    const AI_POLICY: &'static str = "the rules' side of tyneside-skirmish.txt: orders from the \
        Random movement table, carried out by the order; a hero's group played for its player \
        holds or makes for an objective (src/rulesets/tyneside/ai/)";
    const BALANCE_NOTE: &'static str = "Few casualties and many draws are the text's: on the \
        fire chart only the Less, Half and Worse rows can kill, and a side that is not \
        outgunned dices on Twice, More or Equal; heroes are never killed, only disabled \
        (docs/rules/tyneside.md, A side the rules stand in for).";
    type Command = Command;
    type Phase = turn::TurnPhase;
    type Snapshot = snapshot::GameState;

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
            "{} ({} sides, {} terrain pieces)",
            s.name,
            s.sides.len(),
            s.terrain.len()
        ))
    }

    fn setup(world: &mut World, loaded: &Loaded) -> Result<(), Vec<String>> {
        let scenario = parse(loaded)?;
        let roster = roster().map_err(|e| vec![e])?;
        table::setup(world, scenario, roster);
        Ok(())
    }

    fn left(world: &mut World) {
        world.remove_resource::<table::TableRes>();
        world.remove_resource::<turn::TurnState>();
    }

    fn apply(world: &mut World, command: &Command) -> Result<(), String> {
        phases::apply(world, command)
    }

    fn after_command(world: &mut World) {
        phases::portals::retreat(world, false);
        if let Err(e) = world.run_system_cached(phases::check_wipe_out) {
            error!("the wipe-out check could not run: {e}");
        }
    }

    fn phase_name(world: &World) -> String {
        snapshot::phase_name(world)
    }

    /// The turn, from 1 ([`turn::TurnState`]).
    fn turn(world: &World) -> u32 {
        world
            .get_resource::<turn::TurnState>()
            .map_or(0, |t| t.turn)
    }

    fn state_hash(world: &mut World) -> u64 {
        snapshot::state_hash(world)
    }

    /// The phase, the side placing orders and the group acting (order counters are shown as
    /// their group activates): a step inside one group's activation, or one more counter in
    /// one's own orders, may be taken back.
    fn secret_digest(world: &World) -> Option<u64> {
        use std::hash::{Hash, Hasher};
        let t = world.get_resource::<turn::TurnState>()?;
        let mut h = std::hash::DefaultHasher::new();
        (
            snapshot::phase_name(world),
            t.turn,
            t.orders_side,
            t.queue.first(),
            t.result.is_some(),
        )
            .hash(&mut h);
        Some(h.finish())
    }

    fn snapshot(world: &mut World) -> snapshot::GameState {
        snapshot::snapshot(world)
    }

    fn printout(s: &snapshot::GameState) -> String {
        printout::render_state(s)
    }

    /// The side placing orders (turning its counters over), or the active group's side
    /// (Play sequence); none at the end of a turn or once the game is over.
    fn sides_to_act(world: &World) -> Vec<usize> {
        let side = || {
            let phase = *world.get_resource::<State<turn::TurnPhase>>()?.get();
            let turn = world.get_resource::<turn::TurnState>()?;
            let groups = all_groups(world)?;
            match phase {
                turn::TurnPhase::Orders if turn.turning_over => phases::turning_over_side(&groups),
                turn::TurnPhase::Orders => Some(turn.orders_side),
                turn::TurnPhase::Movement | turn::TurnPhase::Action => {
                    let active = turn.active_group()?;
                    groups.iter().find(|g| g.id == active).map(|g| g.side)
                }
                turn::TurnPhase::EndOfTurn => None,
            }
        };
        side().into_iter().collect()
    }

    /// An order counter a person places goes face down (Orders: "Order counters are placed
    /// behind groups"; the other side sees them once all are placed). The last side to place
    /// hides nothing: every other side's counters are down already, so its own go face up.
    /// An order counter placed face down again for the same group replaces the one before.
    fn replaces(earlier: &Command, new: &Command) -> bool {
        matches!(
            (earlier, new),
            (Command::PlaceFaceDown { group: a, .. }, Command::PlaceFaceDown { group: b, .. }) if a == b
        )
    }

    fn face_down(
        world: &mut World,
        command: &Command,
        seal: &str,
    ) -> Result<Option<Command>, String> {
        let Command::PlaceOrder { group, order } = command else {
            return Ok(None);
        };
        let sides = world
            .get_resource::<table::TableRes>()
            .map_or(0, |t| t.scenario.sides.len());
        let placing = world
            .get_resource::<turn::TurnState>()
            .map(|t| t.orders_side);
        if world
            .get_resource::<State<turn::TurnPhase>>()
            .is_none_or(|p| *p.get() != turn::TurnPhase::Orders)
            || placing.is_none_or(|s| s + 1 >= sides)
        {
            return Ok(None);
        }
        world
            .run_system_cached_with(phases::face_down, (group.clone(), *order, seal.to_string()))
            .map_err(|e| e.to_string())?
            .map(Some)
    }

    fn turn_over(
        world: &World,
        side: usize,
        sealed: &[crate::engine::by_email::Secret<Command>],
    ) -> Option<Command> {
        let turn = world.get_resource::<turn::TurnState>()?;
        let groups = all_groups(world)?;
        phases::turn_over_command(&groups, turn.turning_over, side, sealed)
    }

    /// An order counter placed shows its group, not its order (Orders: counters are hidden
    /// until all are placed).
    fn describe(world: &World, command: &Command) -> String {
        describe::describe(world, command)
    }

    fn public_text(world: &World, command: &Command) -> String {
        match command {
            Command::PlaceOrder { group, .. } => describe::describe(
                world,
                &Command::PlaceFaceDown {
                    group: group.clone(),
                    seal: String::new(),
                },
            ),
            c => describe::describe(world, c),
        }
    }

    fn ai_step(world: &mut World) -> Option<Result<String, String>> {
        ai::act(world)
    }

    fn search(
        world: &World,
        settings: &crate::rules::search::Settings,
    ) -> Option<crate::rules::search::Job<Command>> {
        search::job(world, *settings)
    }

    fn legal_move(world: &World, pick: u64) -> Vec<Command> {
        search::legal_move(world, pick)
    }

    fn hint_marks(world: &World, command: &Command) -> Vec<crate::engine::hint::HintMark> {
        view::hint_marks(world, command)
    }

    /// A fire fight, a close combat, a hero's shot, a grenade, or fire or an explosive at a
    /// walker (the lines [`view::hint_marks`] draws).
    fn is_attack(command: &Command) -> bool {
        matches!(
            command,
            Command::Shoot { .. }
                | Command::Fight { .. }
                | Command::HeroShot { .. }
                | Command::Grenade { .. }
                | Command::FireAtVehicle { .. }
                | Command::Explosive { .. }
        )
    }
}
