//! The registry: every rule set as the app dispatches to it ([`RuleSetEntry`], type-erased
//! function pointers built from a [`RuleSet`]), keyed by the scenario's `ruleset:` id, and the
//! headless game `holotable run` drives ([`Headless`]).

use std::path::{Path, PathBuf};

use bevy::prelude::*;

use super::by_email::SittingError;
use super::dice::Randomness;
use super::online::{GuestGame, HostGame};
use super::replay::{self, Divergence};
use super::rules_side::Thinking;
use super::ruleset::{Loaded, RuleSet};
use super::save;
use super::session::{Headless, Session};

/// How one game played by the rules came out (ended, or cut at the cap on its length), or why
/// it could not be played.
pub type GameEnd = Result<super::state::Played, String>;

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
    /// See [`RuleSet::SOLO_RULES`].
    pub solo_rules: bool,
    /// See [`RuleSet::BALANCE_NOTE`].
    pub balance_note: &'static str,
    /// See [`RuleSet::TURN_LIMIT`].
    pub turn_limit: Option<super::ruleset::TurnLimitOption>,
    /// See [`RuleSet::FIRST_GAME`].
    pub first_game: Option<(&'static str, &'static str)>,
    /// See [`RuleSet::ROSTERS`].
    pub rosters: Option<&'static str>,
    /// See [`RuleSet::EDITOR`].
    pub editor: bool,
    /// See [`RuleSet::plugin`].
    pub plugin: fn(&mut App),
    /// See [`RuleSet::shell`].
    pub shell: fn(&mut App),
    /// See [`RuleSet::check`].
    pub check: fn(&Loaded) -> Result<String, Vec<String>>,
    /// See [`RuleSet::check_roster`].
    pub check_roster: fn(&str, &str) -> Option<Result<String, Vec<String>>>,
    /// See [`super::game::start`].
    pub start: fn(&mut World, &Loaded, Randomness) -> Result<(), Vec<String>>,
    /// A headless game of `loaded`.
    pub headless: fn(&Loaded, Randomness) -> HeadlessGame,
    /// See [`super::game::set_rules_sides`].
    pub set_rules_sides: fn(&mut World, &[String]) -> Result<(), String>,
    /// Sets up a saved game (its text, its path for messages) in `world`, replaying and
    /// verifying every command; stops at the first divergence.
    pub resume: fn(&mut World, &str, &Path, u64) -> Result<(), String>,
    /// Replays a saved game (its text, its path for messages) headless and verifies it: the
    /// game as it stands after the last command.
    pub replay: fn(&str, &Path) -> ReplayedGame,
    /// Plays one game per seed with every side run by the rules, each cut after the turns
    /// given (see [`super::session::autoplay`]).
    pub autoplay: fn(&Loaded, &[u64], u32) -> Vec<GameEnd>,
    /// See [`RuleSet::SEARCHES`].
    pub searches: bool,
    /// Plays one game per seed with the searching opponent on the sides named (ids, or
    /// `all`) and the rules' own policy on the rest (see
    /// [`super::session::autoplay_searched`]), each cut after the turns given.
    pub autoplay_searched: fn(&Loaded, &[u64], &[String], Thinking, u32) -> Vec<GameEnd>,
    /// Makes the game just started a game by e-mail kept in this file (see
    /// [`super::by_email::start`]).
    pub by_email_start: fn(&mut World, PathBuf) -> Result<(), String>,
    /// After a save was resumed from this file: whether it is a game by e-mail, waiting for
    /// a side to sign in (see [`super::by_email::resume_seat`]).
    pub by_email_resume: fn(&mut World, PathBuf) -> bool,
    /// Signs a side (index, passphrase, name for messages) in to the game by e-mail on (see
    /// [`super::by_email::sit_in`]).
    pub by_email_sit_in: fn(&mut World, usize, &str, &str) -> Result<(), SittingError>,
    /// Hosts a new online game: the scenario, the seed, the sides played from other
    /// computers (indices) and the join code (see [`super::online::host`]).
    pub online_host: fn(&Loaded, u64, &[usize], &str) -> Result<Box<dyn HostGame>, String>,
    /// Hosts an online game again from a saved game's text (see
    /// [`super::online::resume_host`]).
    pub online_resume: fn(&str, &[usize], &str) -> Result<Box<dyn HostGame>, String>,
    /// Hosts an online game again from its parts: the record as it began and each recorded
    /// command (see [`super::online::resume_host_recorded`]).
    pub online_resume_recorded:
        fn(&str, &[String], &[usize], &str) -> Result<Box<dyn HostGame>, String>,
    /// A finished club game's export read, verified and taken apart as a club server keeps a
    /// game (see [`super::club_import::import`]).
    pub club_import: fn(&str, &Path) -> Result<super::club_import::ClubGame, String>,
    /// A guest's game from the host's welcome: the record's RON and the guest's side (see
    /// [`super::online::guest`]).
    pub online_guest: fn(&str, usize) -> Result<Box<dyn GuestGame>, String>,
    /// Online play in the window (see [`super::online::Fns`]).
    pub online: super::online::Fns,
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
            solo_rules: R::SOLO_RULES,
            balance_note: R::BALANCE_NOTE,
            turn_limit: R::TURN_LIMIT,
            first_game: R::FIRST_GAME,
            rosters: R::ROSTERS,
            editor: R::EDITOR,
            plugin: R::plugin,
            shell: R::shell,
            check: R::check,
            check_roster: R::check_roster,
            start: super::game::start::<R>,
            headless: headless::<R>,
            set_rules_sides: super::game::set_rules_sides,
            resume: resume::<R>,
            replay: replay_file::<R>,
            autoplay: super::session::autoplay::<R>,
            searches: R::SEARCHES,
            autoplay_searched: super::session::autoplay_searched::<R>,
            by_email_start: super::by_email::start::<R>,
            by_email_resume: super::by_email::resume_seat::<R>,
            by_email_sit_in: super::by_email::sit_in::<R>,
            online_host: super::online::host::<R>,
            online_resume: super::online::resume_host::<R>,
            online_resume_recorded: super::online::resume_host_recorded::<R>,
            club_import: super::club_import::import::<R>,
            online_guest: super::online::guest::<R>,
            online: super::online::Fns::of::<R>(),
        }
    }
}

fn headless<R: RuleSet>(loaded: &Loaded, r: Randomness) -> HeadlessGame {
    Ok(Box::new(Session::<R>::start(loaded, r)?))
}

fn resume<R: RuleSet>(world: &mut World, text: &str, path: &Path, seed: u64) -> Result<(), String> {
    let record = save::parse::<R::Command>(text, path)?;
    claims::<R>(&record, text, path)?;
    replay::resume::<R>(world, &record, seed).map_err(|e| match e {
        replay::ResumeError::Start(es) => es
            .iter()
            .map(|e| save::placed(text, path, e))
            .collect::<Vec<_>>()
            .join("\n"),
        replay::ResumeError::Diverged(d) => format!("{}: {d}", path.display()),
    })?;
    // The same hands play on: the rules' sides and the searching opponent's.
    if let Some(hands) = &record.hands {
        super::game::set_rules_sides(world, &hands.rules)
            .and_then(|()| super::game::set_searched_sides(world, &hands.searched))
            .map_err(|e| format!("{}: hands: {e}", path.display()))?;
    }
    Ok(())
}

/// Checks what the save `text` (the file `path`, read as `record`) claims of its scenario
/// before its game is set up: the one its game began with ([`super::record::check_scenario`]),
/// named as bundled, the bundled text itself ([`super::record::check_bundled`]), and, by
/// e-mail, no command cut since a side last wrote it ([`super::signing::check_counts`]).
///
/// Errors: either check's, placed at the field it is about.
fn claims<R: RuleSet>(
    record: &super::record::GameRecord<R::Command>,
    text: &str,
    path: &Path,
) -> Result<(), String> {
    let name = record.scenario_file.strip_prefix("bundled:");
    let original = name.and_then(|n| {
        R::BUNDLED
            .iter()
            .find(|(b, _)| b.trim_end_matches(".ron") == n.trim_end_matches(".ron"))
            .map(|(_, src)| *src)
    });
    super::record::check_scenario(record, original).map_err(|e| save::placed(text, path, &e))?;
    let names: Vec<String> =
        crate::rules::scenario::read_header(&record.scenario_src, &record.scenario_file, &[R::ID])
            .map(|h| h.sides.into_iter().map(|s| s.name).collect())
            .unwrap_or_default();
    let name = |s: usize| names.get(s).cloned().unwrap_or_else(|| format!("side {s}"));
    super::signing::check_counts(record, name).map_err(|e| save::placed(text, path, &e))?;
    super::record::check_bundled(record, R::BUNDLED)
        .map_err(|e| save::at_field(text, path, "scenario_file", &e))
}

fn replay_file<R: RuleSet>(text: &str, path: &Path) -> ReplayedGame {
    let record = save::parse::<R::Command>(text, path).map_err(ReplayError::Load)?;
    claims::<R>(&record, text, path).map_err(ReplayError::Load)?;
    let session = Session::<R>::replay(&record).map_err(|e| match e {
        replay::ResumeError::Start(es) => ReplayError::Load(
            es.iter()
                .map(|e| save::placed(text, path, e))
                .collect::<Vec<_>>()
                .join("\n"),
        ),
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
    /// Errors (each a line for the user): a folder named, the file cannot be read, no bundled
    /// scenario has that name (the bundled names listed), the header does not parse or names
    /// an unknown rule set (`file:line:column`, the known ids listed).
    pub fn read(&self, arg: &str) -> Result<(Loaded, RuleSetEntry), Vec<String>> {
        if Path::new(arg).is_dir() {
            return Err(vec![format!(
                "{arg}: a folder, not a scenario file: give the path of a .ron file in it"
            )]);
        }
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
        self.read_text(file, src)
    }

    /// A scenario's text `src` (named `file` in messages) and its header; the entry of its
    /// rule set. A club server reads what a player sends so, never a path of its own.
    ///
    /// Errors: the header does not parse or names an unknown rule set (`file:line:column`).
    pub fn read_text(
        &self,
        file: String,
        src: String,
    ) -> Result<(Loaded, RuleSetEntry), Vec<String>> {
        let header = crate::rules::scenario::read_header(&src, &file, &self.ids())
            .map_err(|e| vec![e.to_string()])?;
        let entry = *self
            .get(&header.ruleset)
            .ok_or_else(|| vec![format!("{file}: unknown rule set '{}'", header.ruleset)])?;
        Ok((Loaded { file, src, header }, entry))
    }

    /// Checks `path` as a roster file (a warband) of the rule set its `ruleset:` names: the
    /// rule set's id and a summary. `None` when it is no roster file any rule set reads (a
    /// scenario, or a broken file: check it as a scenario).
    ///
    /// Errors: every problem the rule set finds, each as `file:line:column: message`.
    pub fn check_roster(&self, path: &str) -> Option<Result<(&'static str, String), Vec<String>>> {
        #[derive(serde::Deserialize)]
        struct RosterHeader {
            ruleset: String,
        }
        let src = std::fs::read_to_string(path).ok()?;
        let header: RosterHeader = crate::rules::scenario::ron_options().from_str(&src).ok()?;
        let entry = self.get(&header.ruleset)?;
        let checked = (entry.check_roster)(&src, path)?;
        Some(checked.map(|summary| (entry.id, summary)))
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
