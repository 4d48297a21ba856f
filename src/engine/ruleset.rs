//! The rule-set boundary: what a rule set gives the engine ([`RuleSet`]), and the registry
//! entry the app dispatches through ([`RuleSetEntry`]), keyed by the scenario's `ruleset:` id.
//! The engine and the shell never name a rule set; `src/rulesets/mod.rs` lists them.

use std::fmt::Debug;
use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy::state::state::FreelyMutableState;
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::dice::Randomness;
use super::replay::{self, Divergence};
use super::save::{self, SaveError};
use super::session::Session;
use crate::rules::scenario::Header;

/// A scenario read from a file or the bundled list, its header read: the rule set reads the
/// rest.
#[derive(Clone, Debug, PartialEq)]
pub struct Loaded {
    /// The file as the user named it, or `bundled:<name>.ron`.
    pub file: String,
    /// Its RON text.
    pub src: String,
    /// Its shared header.
    pub header: Header,
}

/// One rule set, as the engine sees it. Implemented by a unit type in `src/rulesets/<id>/`.
pub trait RuleSet: Send + Sync + Sized + 'static {
    /// The registry id, as scenarios write it in `ruleset:`.
    const ID: &'static str;
    /// Its title, e.g. "Tyneside skirmish rules".
    const TITLE: &'static str;
    /// Its bundled scenarios: (file name, RON text).
    const BUNDLED: &'static [(&'static str, &'static str)];
    /// The largest face a die of this rule set shows (the typed-dice field accepts 1..=this).
    const LARGEST_DIE: u8;
    /// Whether the rules can play a side ([`RuleSet::set_rules_sides`]); the scenario list
    /// offers solo and demo games only then.
    const PLAYS_SIDES: bool = false;
    /// The guided first game: a bundled scenario's name and the id of the side the rules
    /// play in it (the title screen's "First game (guided)"); `None`: this rule set has none.
    const FIRST_GAME: Option<(&'static str, &'static str)> = None;
    /// How the rules play a side, in a line, with where it is written down (the balance
    /// report names it); empty when they cannot.
    const AI_POLICY: &'static str = "";
    /// A player's intent in this rule set: what scripts, the mouse, the AI and replays send.
    type Command: Message + Clone + Debug + PartialEq + Serialize + DeserializeOwned;
    /// Its turn phases: a `SubStates` of `GameState::Playing(ID)`.
    type Phase: FreelyMutableState;
    /// The state as plain data (what `holotable run --json` prints).
    type Snapshot: Serialize;

    /// The game systems (no rendering): phases, their plugins. Added to the window and to
    /// every headless app.
    fn plugin(app: &mut App);
    /// The window-only parts: view, panels, input.
    fn shell(app: &mut App);
    /// Validates `loaded` against this rule set's schema; a one-line summary if it is fine.
    ///
    /// Errors: every problem, each as `file:line:column: message`.
    fn check(loaded: &Loaded) -> Result<String, Vec<String>>;
    /// Sets up `loaded` in `world` with `randomness` and enters its first phase.
    ///
    /// Errors: as [`RuleSet::check`].
    fn start(world: &mut World, loaded: &Loaded, randomness: Randomness)
    -> Result<(), Vec<String>>;
    /// Applies one command: exactly one exhaustive match per phase decides what it does.
    /// Must check before it changes anything: a refusal changes nothing but the dice and
    /// log, which the pipeline puts back.
    ///
    /// Errors: the refusal, naming the rule that forbids the command.
    fn apply(world: &mut World, command: &Self::Command) -> Result<(), String>;
    /// After every accepted command, before the state is hashed (victory checks).
    fn after_command(world: &mut World);
    /// The current phase's name, e.g. "Movement" or "GameOver".
    fn phase_name(world: &World) -> String;
    /// A stable hash of the whole game state (see [`super::hash::StableHasher`]).
    fn state_hash(world: &mut World) -> u64;
    /// The state as plain data.
    fn snapshot(world: &mut World) -> Self::Snapshot;
    /// The state as text, for `holotable run`.
    fn printout(snapshot: &Self::Snapshot) -> String;
    /// A digest of what a player may not take back: whose turn it is, and everything hidden
    /// from a side (hidden units, face-down counters). A command that changes it (or rolls a
    /// die, or draws a card) cannot be undone ([`super::undo`]). `None`, the default: this
    /// rule set offers no undo.
    fn secret_digest(world: &World) -> Option<u64> {
        let _ = world;
        None
    }
    /// The side a person must act for now; `None` when nobody must (a side the rules play is
    /// to act, or the game is over). A sitting of a game by e-mail ends when this turns to
    /// another side ([`super::by_email`]). The default: `None`.
    fn side_to_act(world: &World) -> Option<usize> {
        let _ = world;
        None
    }
    /// Play by e-mail: the face-down form of `command`, sent now by the side to act, when it
    /// is something the other side must not see yet (an order counter); `seal` is the
    /// commitment ([`super::by_email::commitment`]) to carry in its place. `Ok(None)`: the
    /// command hides nothing and goes as sent (the default).
    ///
    /// Errors: the refusal the command itself would get, so nothing illegal is sealed.
    fn face_down(
        world: &mut World,
        command: &Self::Command,
        seal: &str,
    ) -> Result<Option<Self::Command>, String> {
        let _ = (world, command, seal);
        Ok(None)
    }
    /// Play by e-mail: when the game waits for `side`'s face-down commands to be shown, the
    /// command that turns them over, given the commands that side sealed (with their salts);
    /// `None` otherwise (the default).
    fn turn_over(
        world: &World,
        side: usize,
        sealed: &[super::by_email::Secret<Self::Command>],
    ) -> Option<Self::Command> {
        let _ = (world, side, sealed);
        None
    }
    /// `command` in words for a side that did not send it: what it shows of a secret (an
    /// order counter placed, not which) — the replay viewer seen through a side's eyes writes
    /// the other sides' commands so. The default: the command as written.
    fn public_text(command: &Self::Command) -> String {
        format!("{command:?}")
    }
    /// Lets the rules play `sides` (side ids, or `all`) in the game in `world`, besides those
    /// the scenario gives them.
    ///
    /// Errors: an unknown side id (the known ones listed), or a rule set that cannot play a
    /// side yet (the default).
    fn set_rules_sides(world: &mut World, sides: &[String]) -> Result<(), String> {
        let _ = (world, sides);
        Err(format!("the {} cannot play a side yet", Self::TITLE))
    }
    /// One step of a side the rules play, if one is to act now: `Some(Ok(what it did))`;
    /// `None` when a person acts, or nobody (the game is over). The default plays nothing.
    ///
    /// Errors: `Some(Err(why))` when the rules' side cannot go on (a bug to report, not a
    /// panic).
    fn ai_step(world: &mut World) -> Option<Result<String, String>> {
        let _ = world;
        None
    }
}

/// A headless game of some rule set, driven by text: what `holotable run` uses.
pub trait Headless {
    /// Lets the rules play `sides` (side ids, or `all`).
    ///
    /// Errors: see [`RuleSet::set_rules_sides`].
    fn set_rules_sides(&mut self, sides: &[String]) -> Result<(), String>;
    /// Plays the game: the sides the rules play take their steps, and a person's turns take
    /// the next command of the RON list `src` (named `file` in messages), until a person must
    /// act and the list is done, or the game is over.
    ///
    /// Errors: the script does not parse (`file:line:column: …`), a command is refused
    /// (`command N (…) refused: reason`), or the rules' side cannot go on — each after the
    /// steps before it were applied.
    fn play_script(&mut self, src: Option<&str>, file: &str) -> Result<(), String>;
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
}

/// How one game played by the rules ended, or why it could not be played to its end.
pub type GameEnd = Result<super::state::Finished, String>;

/// A headless game, or why it could not start (every problem, with its place).
pub type HeadlessGame = Result<Box<dyn Headless>, Vec<String>>;

/// A replayed game as it stands after its last command, or why the replay stopped.
pub type ReplayedGame = Result<Box<dyn Headless>, ReplayError>;

/// A rule set as the app dispatches to it, type-erased: plain function pointers.
#[derive(Clone, Copy)]
pub struct RuleSetEntry {
    /// Registry id.
    pub id: &'static str,
    /// Title.
    pub title: &'static str,
    /// Bundled scenarios.
    pub bundled: &'static [(&'static str, &'static str)],
    /// Largest die face.
    pub largest_die: u8,
    /// See [`RuleSet::PLAYS_SIDES`].
    pub plays_sides: bool,
    /// See [`RuleSet::AI_POLICY`].
    pub ai_policy: &'static str,
    /// See [`RuleSet::FIRST_GAME`].
    pub first_game: Option<(&'static str, &'static str)>,
    /// See [`RuleSet::plugin`].
    pub plugin: fn(&mut App),
    /// See [`RuleSet::shell`].
    pub shell: fn(&mut App),
    /// See [`RuleSet::check`].
    pub check: fn(&Loaded) -> Result<String, Vec<String>>,
    /// See [`RuleSet::start`].
    pub start: fn(&mut World, &Loaded, Randomness) -> Result<(), Vec<String>>,
    /// A headless game of `loaded`.
    pub headless: fn(&Loaded, Randomness) -> HeadlessGame,
    /// See [`RuleSet::set_rules_sides`].
    pub set_rules_sides: fn(&mut World, &[String]) -> Result<(), String>,
    /// Sets up a saved game (its text, its path for messages) in `world`, replaying and
    /// verifying every command; stops at the first divergence.
    pub resume: fn(&mut World, &str, &Path, u64) -> Result<(), String>,
    /// Replays a saved game (its text, its path for messages) headless and verifies it: the
    /// game as it stands after the last command.
    pub replay: fn(&str, &Path) -> ReplayedGame,
    /// Plays one game per seed with every side run by the rules (see
    /// [`super::session::autoplay`]).
    pub autoplay: fn(&Loaded, &[u64]) -> Vec<GameEnd>,
    /// Makes the game just started a game by e-mail kept in this file (see
    /// [`super::by_email::start`]).
    pub by_email_start: fn(&mut World, PathBuf) -> Result<(), String>,
    /// After a save was resumed from this file: whether it is a game by e-mail, waiting for
    /// a side to sign in (see [`super::by_email::resume_seat`]).
    pub by_email_resume: fn(&mut World, PathBuf) -> bool,
}

/// Why a saved game does not replay.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// Not a save this version reads, or its scenario no longer validates.
    #[error("{0}")]
    Load(String),
    /// A command did not replay as recorded.
    #[error("{0}")]
    Diverged(#[from] Divergence),
}

impl RuleSetEntry {
    /// The entry of rule set `R`.
    pub fn of<R: RuleSet>() -> Self {
        Self {
            id: R::ID,
            title: R::TITLE,
            bundled: R::BUNDLED,
            largest_die: R::LARGEST_DIE,
            plays_sides: R::PLAYS_SIDES,
            ai_policy: R::AI_POLICY,
            first_game: R::FIRST_GAME,
            plugin: R::plugin,
            shell: R::shell,
            check: R::check,
            start: R::start,
            headless: headless::<R>,
            set_rules_sides: R::set_rules_sides,
            resume: resume::<R>,
            replay: replay_file::<R>,
            autoplay: super::session::autoplay::<R>,
            by_email_start: super::by_email::start::<R>,
            by_email_resume: super::by_email::resume_seat::<R>,
        }
    }
}

fn headless<R: RuleSet>(loaded: &Loaded, r: Randomness) -> HeadlessGame {
    Ok(Box::new(Session::<R>::start(loaded, r)?))
}

fn resume<R: RuleSet>(world: &mut World, text: &str, path: &Path, seed: u64) -> Result<(), String> {
    let record = save::parse::<R::Command>(text, path)?;
    replay::resume::<R>(world, &record, seed).map_err(|e| format!("{}: {e}", path.display()))
}

fn replay_file<R: RuleSet>(text: &str, path: &Path) -> ReplayedGame {
    let record = save::parse::<R::Command>(text, path).map_err(ReplayError::Load)?;
    let session = Session::<R>::replay(&record).map_err(|e| match e {
        replay::ResumeError::Start(es) => ReplayError::Load(es.join("\n")),
        replay::ResumeError::Diverged(d) => ReplayError::Diverged(d),
    })?;
    Ok(Box::new(session))
}

/// Every rule set the app knows, in the order the scenario list shows them.
#[derive(Resource, Clone)]
pub struct Registry(pub Vec<RuleSetEntry>);

impl Registry {
    /// The entry with id `id`.
    pub fn get(&self, id: &str) -> Option<&RuleSetEntry> {
        self.0.iter().find(|e| e.id == id)
    }

    /// Every id, in order.
    pub fn ids(&self) -> Vec<&'static str> {
        self.0.iter().map(|e| e.id).collect()
    }

    /// Every bundled scenario as (rule set, file name, RON text).
    pub fn bundled(&self) -> impl Iterator<Item = (&RuleSetEntry, &'static str, &'static str)> {
        self.0
            .iter()
            .flat_map(|e| e.bundled.iter().map(move |(n, s)| (e, *n, *s)))
    }

    /// Reads a scenario from a path, or from the bundled lists by name (with or without
    /// ".ron"), and its header; the entry of its rule set.
    ///
    /// Errors (each a line for the user): the file cannot be read, no bundled scenario has
    /// that name (the bundled names listed), the header does not parse or names an unknown
    /// rule set (`file:line:column`, the known ids listed).
    pub fn read(&self, arg: &str) -> Result<(Loaded, RuleSetEntry), Vec<String>> {
        let (file, src) = if Path::new(arg).is_file() {
            let src = std::fs::read_to_string(arg)
                .map_err(|e| vec![format!("{arg}: cannot read: {e}")])?;
            (arg.to_string(), src)
        } else {
            let name = if arg.ends_with(".ron") {
                arg.to_string()
            } else {
                format!("{arg}.ron")
            };
            match self.bundled().find(|(_, n, _)| *n == name) {
                Some((_, n, s)) => (format!("bundled:{n}"), s.to_string()),
                None => {
                    let known: Vec<&str> = self
                        .bundled()
                        .map(|(_, n, _)| n.trim_end_matches(".ron"))
                        .collect();
                    return Err(vec![format!(
                        "{arg}: no such file, and no bundled scenario of that name (bundled: {})",
                        known.join(", ")
                    )]);
                }
            }
        };
        let header = crate::rules::scenario::read_header(&src, &file, &self.ids())
            .map_err(|e| vec![e.to_string()])?;
        let entry = *self
            .get(&header.ruleset)
            .ok_or_else(|| vec![format!("{file}: unknown rule set '{}'", header.ruleset)])?;
        Ok((Loaded { file, src, header }, entry))
    }

    /// [`Registry::read`], then the rule set's own checks.
    ///
    /// Errors: as [`Registry::read`] and [`RuleSet::check`].
    pub fn load(&self, arg: &str) -> Result<(Loaded, RuleSetEntry), Vec<String>> {
        let (loaded, entry) = self.read(arg)?;
        (entry.check)(&loaded)?;
        Ok((loaded, entry))
    }

    /// The rule set a saved game belongs to (read from its header).
    ///
    /// Errors: not a save of this version (see [`save::read_header`]), or of an unknown rule
    /// set (the known ids listed).
    pub fn for_save(&self, text: &str, path: &Path) -> Result<RuleSetEntry, String> {
        let h = save::read_header(text, path)?;
        self.get(&h.ruleset).copied().ok_or_else(|| {
            format!(
                "{}: a save of rule set '{}', which this Holotable does not know (known: {})",
                path.display(),
                h.ruleset,
                self.ids().join(", ")
            )
        })
    }
}
