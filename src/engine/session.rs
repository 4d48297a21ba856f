//! A headless game driven one command at a time: what `holotable run`, replays, the tests and
//! the benchmarks use. The same plugins and the same [`process`] as the window, on a
//! single-threaded schedule: a command is applied straight to the World, with no app update
//! and no thread-pool wake-ups.

use std::marker::PhantomData;
use std::path::{Path, PathBuf};

use bevy::ecs::schedule::SingleThreadedExecutor;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

use super::dice::Randomness;
use super::pipeline::{CommandOutcome, process};
use super::record::GameRecord;
use super::rules_side::Thinking;
use super::ruleset::{Loaded, RuleSet};
use super::save::SaveError;
use super::state::{Finished, Played};

/// A headless game of some rule set, driven by text: what `holotable run` uses.
pub trait Headless {
    /// Lets the rules play `sides` (side ids, or `all`).
    ///
    /// Errors: see [`super::game::set_rules_sides`].
    fn set_rules_sides(&mut self, sides: &[String]) -> Result<(), String>;
    /// Plays the game: the sides the rules play take their steps, and a person's turns take
    /// the next command of the RON list `src` (named `file` in messages), until a person must
    /// act and the list is done, or the game is over.
    ///
    /// Errors: the script does not parse (`file:line:column: …`), a command is refused
    /// (`command N (…) refused: reason`), or the rules' side cannot go on — each after the
    /// steps before it were applied.
    fn play_script(&mut self, src: Option<&str>, file: &str) -> Result<(), String> {
        self.play_script_capped(src, file, u32::MAX).map(|_| ())
    }
    /// [`Headless::play_script`], the game cut once the rules have played it past turn
    /// `max_turns` ([`RuleSet::turn`]) without an end, as the balance report cuts its games (a
    /// text's King of the Hill between the rules' sides may never end). Returns the turn it
    /// was cut at, `None` where it was not.
    ///
    /// Errors: as [`Headless::play_script`].
    fn play_script_capped(
        &mut self,
        src: Option<&str>,
        file: &str,
        max_turns: u32,
    ) -> Result<Option<u32>, String>;
    /// The state as text.
    fn printout(&mut self) -> String;
    /// The state as JSON.
    fn json(&mut self) -> serde_json::Value;
    /// Writes the game's record to `path` (atomically).
    ///
    /// Errors: see [`SaveError`].
    fn save(&self, path: &Path) -> Result<(), SaveError>;
    /// Accepted commands so far.
    fn commands(&self) -> usize;
    /// Autosaves into `folder` after every accepted command from now on
    /// ([`super::autosave`]).
    fn autosave(&mut self, folder: PathBuf);
    /// Plays up to `steps` steps of the sides the rules play, stopping early when a person
    /// must act or the game is over. Returns the steps played.
    ///
    /// Errors: a side the rules play cannot go on.
    fn play_rules(&mut self, steps: usize) -> Result<usize, String>;
    /// The state hash ([`RuleSet::state_hash`]).
    fn state_hash(&mut self) -> u64;
    /// Whether the game is over.
    fn over(&self) -> bool;
    /// The accepted commands, in order, each as the RON a script would send.
    fn command_texts(&self) -> Vec<String>;
    /// Every command so far in the players' words ([`RuleSet::describe`]), as Undo and the
    /// replay viewer show them.
    fn command_words(&self) -> Vec<String>;
    /// Takes back the last command ([`super::undo::undo`]).
    ///
    /// Errors: it rolled dice, drew a card or revealed something, or there is none.
    fn undo_last(&mut self) -> Result<(), String>;
    /// Applies the last undone command again ([`super::undo::redo`]).
    ///
    /// Errors: nothing to redo, or the rules refuse it now.
    fn redo_last(&mut self) -> Result<(), String>;
    /// The game as side `side` may see it ([`RuleSet::player_view`]), as JSON; `None` where the
    /// rule set gives no such view.
    fn player_view(&mut self, side: usize) -> Option<serde_json::Value>;
    /// The game's World: the engine's resources (dice, deck, record) for tools and tests that
    /// serve every rule set.
    fn world_mut(&mut self) -> &mut World;
    /// Plays a legal move of the side to act, chosen by `pick` ([`RuleSet::legal_move`]):
    /// the commands accepted (0 where the rule set offers none now).
    ///
    /// Errors: one of its commands was refused (`command (…) refused: reason`), those before
    /// it played.
    fn play_legal(&mut self, pick: u64) -> Result<usize, String>;
}

/// A headless game of rule set `R`.
pub struct Session<R: RuleSet> {
    /// The app (MinimalPlugins, StatesPlugin, the engine and `R`'s game plugin).
    pub app: App,
    rules: PhantomData<R>,
}

/// A headless app with rule set `R`'s game systems and no game loaded, every schedule on
/// the single-threaded executor (deterministic, and no futex storm per command).
pub fn headless_app<R: RuleSet>() -> App {
    let mut app = bare_app();
    app.add_plugins((MinimalPlugins, StatesPlugin, super::EnginePlugin));
    R::plugin(&mut app);
    for (_, schedule) in app.world_mut().resource_mut::<Schedules>().iter_mut() {
        schedule.set_executor(SingleThreadedExecutor::new());
    }
    app.update();
    app
}

/// [`App::new`] without the reflection registry of every type in the program: filling that
/// took about a twentieth of a balance report, and no headless game reflects on its types.
fn bare_app() -> App {
    let mut app = App::empty();
    app.main_mut().update_schedule = Some(bevy::ecs::schedule::ScheduleLabel::intern(&Main));
    app.init_resource::<AppTypeRegistry>();
    app.add_plugins(bevy::app::MainSchedulePlugin);
    app.add_systems(Last, bevy::ecs::system::despawn_unused_registered_systems);
    app.add_message::<AppExit>();
    app
}

/// Plays one game of `loaded` per seed, in order, every side run by the rules, to its end or
/// to the cap on its length: what the balance report plays (`holotable sim`). A game that has
/// played `max_turns` turns ([`RuleSet::turn`]) and not ended is cut there
/// ([`Played::Cut`]): a text's scenario may go on for ever between two sides that never
/// reach each other. A rule set that plays its games without the pipeline
/// ([`RuleSet::autoplay_fast`]) plays them so (the same games); else one headless app serves
/// every game (a new game leaves the last one first), so a game costs its commands, not an
/// app.
///
/// Errors, per game: the scenario does not set up, the rules cannot play a side (this rule
/// set has no rules' side), a side the rules play cannot go on, or the game has neither ended
/// nor passed the cap after 100 000 steps.
pub fn autoplay<R: RuleSet>(
    loaded: &Loaded,
    seeds: &[u64],
    max_turns: u32,
) -> Vec<Result<Played, String>> {
    if let Some(ends) = R::autoplay_fast(loaded, seeds, max_turns) {
        return ends;
    }
    autoplay_through_pipeline::<R>(loaded, seeds, max_turns)
}

/// [`autoplay`] through the command pipeline whatever the rule set offers: one headless app
/// for the batch, each game started afresh in it, every step of the rules' sides processed as
/// a person's command is.
pub fn autoplay_through_pipeline<R: RuleSet>(
    loaded: &Loaded,
    seeds: &[u64],
    max_turns: u32,
) -> Vec<Result<Played, String>> {
    autoplay_searched::<R>(loaded, seeds, &[], Thinking::default(), max_turns)
}

/// [`autoplay_through_pipeline`] with the searching opponent on the sides `searched` names
/// (side ids, or `all`), thinking as `thinking` says, and the rule set's own policy on the
/// others ([`super::rules_side::step`]).
///
/// Errors, per game: as [`autoplay`], and an id in `searched` the scenario does not have.
pub fn autoplay_searched<R: RuleSet>(
    loaded: &Loaded,
    seeds: &[u64],
    searched: &[String],
    thinking: Thinking,
    max_turns: u32,
) -> Vec<Result<Played, String>> {
    let mut app = headless_app::<R>();
    app.world_mut().insert_resource(thinking);
    seeds
        .iter()
        .map(|&seed| {
            let world = app.world_mut();
            super::game::start::<R>(world, loaded, Randomness::seeded(seed))
                .map_err(|es| es.join("\n"))?;
            super::game::set_rules_sides(world, &["all".to_string()])?;
            super::game::set_searched_sides(world, searched)?;
            for _ in 0..100_000 {
                match super::rules_side::step::<R>(world) {
                    Some(Ok(_)) if !super::state::over(world) && R::turn(world) > max_turns => {
                        return Ok(Played::Cut);
                    }
                    Some(Ok(_)) => {}
                    Some(Err(e)) => return Err(format!("seed {seed}: {e}")),
                    None => {
                        return world
                            .get_resource::<Finished>()
                            .cloned()
                            .map(Played::Ended)
                            .ok_or_else(|| {
                                format!(
                                    "seed {seed}: the rules' sides stopped before the game ended"
                                )
                            });
                    }
                }
            }
            Err(format!(
                "seed {seed}: the game did not end after 100 000 steps"
            ))
        })
        .collect()
}

impl<R: RuleSet> Session<R> {
    /// Starts `loaded` with `randomness` in a new headless app, in its first phase.
    ///
    /// Errors: the scenario does not validate (every problem, with its place).
    pub fn start(loaded: &Loaded, randomness: Randomness) -> Result<Self, Vec<String>> {
        let mut app = headless_app::<R>();
        super::game::start::<R>(app.world_mut(), loaded, randomness)?;
        Ok(Self {
            app,
            rules: PhantomData,
        })
    }

    /// A new headless app with no game in it yet (one is set up in its world).
    pub fn new_empty() -> Self {
        Self {
            app: headless_app::<R>(),
            rules: PhantomData,
        }
    }

    /// Replays `record` in a new headless app, verifying every command (see
    /// [`super::replay::resume`]); the game goes on from there with dice seeded by 1.
    ///
    /// Errors: the scenario does not set up, or the first command that diverges.
    pub fn replay(record: &GameRecord<R::Command>) -> Result<Self, super::replay::ResumeError> {
        let mut app = headless_app::<R>();
        super::replay::resume::<R>(app.world_mut(), record, 1)?;
        Ok(Self {
            app,
            rules: PhantomData,
        })
    }

    /// Applies one command and returns what became of it.
    pub fn send(&mut self, command: R::Command) -> CommandOutcome<R::Command> {
        process::<R>(self.app.world_mut(), command)
    }

    /// Takes back the last command (see [`super::undo::undo`]).
    ///
    /// Errors: it rolled dice, drew a card or revealed something, or there is none.
    pub fn undo(&mut self) -> Result<(), String> {
        super::undo::undo::<R>(self.app.world_mut())
    }

    /// Applies the last undone command again (see [`super::undo::redo`]).
    ///
    /// Errors: nothing to redo, or the rules refuse it now.
    pub fn redo(&mut self) -> Result<(), String> {
        super::undo::redo::<R>(self.app.world_mut())
    }

    /// The current phase by name.
    pub fn phase(&self) -> String {
        R::phase_name(self.app.world())
    }

    /// The game's state as plain data.
    pub fn state(&mut self) -> R::Snapshot {
        R::snapshot(self.app.world_mut())
    }

    /// The game's record so far.
    pub fn record(&self) -> &GameRecord<R::Command> {
        self.app.world().resource::<GameRecord<R::Command>>()
    }

    /// The world, to read.
    pub fn world(&self) -> &World {
        self.app.world()
    }

    /// The world, for the engine's own tools (the replay viewer) in tests.
    pub fn world_mut(&mut self) -> &mut World {
        self.app.world_mut()
    }
}

impl<R: RuleSet> Headless for Session<R> {
    fn play_legal(&mut self, pick: u64) -> Result<usize, String> {
        let commands = R::legal_move(self.app.world(), pick);
        let total = commands.len();
        for c in commands {
            if let CommandOutcome::Refused(cmd, reason) = self.send(c) {
                return Err(format!("command ({cmd:?}) refused: {reason}"));
            }
        }
        Ok(total)
    }

    fn set_rules_sides(&mut self, sides: &[String]) -> Result<(), String> {
        super::game::set_rules_sides(self.app.world_mut(), sides)
    }

    fn play_script_capped(
        &mut self,
        src: Option<&str>,
        file: &str,
        max_turns: u32,
    ) -> Result<Option<u32>, String> {
        let commands: Vec<R::Command> = match src {
            Some(src) => super::pipeline::parse_script(src, file)?,
            None => Vec::new(),
        };
        let mut commands = commands.into_iter().enumerate();
        // A bound on steps, so a rules' side that stops making progress cannot hang a run.
        for _ in 0..100_000 {
            if let Some(step) = super::rules_side::step::<R>(self.app.world_mut()) {
                step?;
                let world = self.app.world();
                if !super::state::over(world) && R::turn(world) > max_turns {
                    return Ok(Some(max_turns));
                }
                continue;
            }
            let Some((n, c)) = commands.next() else {
                return Ok(None);
            };
            if let CommandOutcome::Refused(cmd, reason) = self.send(c) {
                return Err(format!("command {} ({cmd:?}) refused: {reason}", n + 1));
            }
        }
        Err("the game did not end after 100 000 steps".into())
    }

    fn printout(&mut self) -> String {
        R::printout(&self.state())
    }

    fn json(&mut self) -> serde_json::Value {
        serde_json::to_value(self.state())
            .unwrap_or_else(|e| serde_json::json!({ "error": e.to_string() }))
    }

    fn save(&self, path: &Path) -> Result<(), SaveError> {
        super::save::save(self.record(), path)
    }

    fn commands(&self) -> usize {
        self.record().commands.len()
    }

    fn play_rules(&mut self, steps: usize) -> Result<usize, String> {
        for done in 0..steps {
            match super::rules_side::step::<R>(self.app.world_mut()) {
                Some(step) => {
                    step?;
                }
                None => return Ok(done),
            }
        }
        Ok(steps)
    }

    fn state_hash(&mut self) -> u64 {
        R::state_hash(self.app.world_mut())
    }

    fn over(&self) -> bool {
        super::state::over(self.app.world())
    }

    fn command_texts(&self) -> Vec<String> {
        self.record()
            .commands
            .iter()
            .map(|c| ron::to_string(&c.command).unwrap_or_default())
            .collect()
    }

    fn command_words(&self) -> Vec<String> {
        self.record()
            .commands
            .iter()
            .map(|c| R::describe(self.world(), &c.command))
            .collect()
    }

    fn undo_last(&mut self) -> Result<(), String> {
        self.undo()
    }

    fn redo_last(&mut self) -> Result<(), String> {
        self.redo()
    }

    fn player_view(&mut self, side: usize) -> Option<serde_json::Value> {
        R::player_view(self.app.world(), side)
    }

    fn world_mut(&mut self) -> &mut World {
        self.app.world_mut()
    }

    fn autosave(&mut self, folder: PathBuf) {
        let stem = super::record::save_stem(Some(self.record()), "game");
        let a = super::autosave::Autosave::new(folder, &stem, None);
        self.app.world_mut().insert_resource(a);
    }
}
