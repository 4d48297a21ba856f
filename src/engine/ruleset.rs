//! The rule-set boundary: what a rule set gives the engine ([`RuleSet`]). The registry the app
//! dispatches through is [`super::registry`]. The engine and the shell never name a rule set;
//! `src/rulesets/mod.rs` lists them.

use std::fmt::Debug;

use bevy::prelude::*;
use bevy::state::state::FreelyMutableState;
use serde::Serialize;
use serde::de::DeserializeOwned;

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

/// The scenario list's turn-limit option of a rule set whose scenarios may have a turn limit
/// or none ([`RuleSet::TURN_LIMIT`]): the list says each scenario's and lets the player set or
/// clear it before the game.
#[derive(Clone, Copy, Debug)]
pub struct TurnLimitOption {
    /// What a turn of the limit is called, singular (`phase`).
    pub unit: &'static str,
    /// The scenario `loaded` with its limit set to the turns given (`None`: cleared), a
    /// scenario of its own under a file name of its own (a save naming a bundled scenario
    /// must hold that scenario's text).
    ///
    /// Errors: the scenario does not read, each problem with its place.
    pub set: fn(&Loaded, Option<u32>) -> Result<Loaded, Vec<String>>,
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
    /// Whether [`RuleSet::apply`] checks everything a refusal may come from before it changes
    /// anything, dice and cards apart: then only a refusal that got as far as the dice or the
    /// deck is looked for a trace (by the state hash, the game put back from its record if
    /// one is found). `false`: every refusal is looked at (safe, and slower where refusals are
    /// many, as when the rules' side tries its options).
    const CHECKS_FIRST: bool = true;
    /// Whether the rules can play a side ([`RuleSet::ai_step`]); the scenario list offers
    /// solo and demo games only then.
    const PLAYS_SIDES: bool = false;
    /// The guided first game: a bundled scenario's name and the id of the side the rules
    /// play in it (the title screen's "First game (guided)"); `None`: this rule set has none.
    const FIRST_GAME: Option<(&'static str, &'static str)> = None;
    /// The title screen's button to this rule set's roster screen (its warband builder,
    /// drawn by its shell while [`crate::ui::RosterScreen`] names it); `None`, the default:
    /// it has none.
    const ROSTERS: Option<&'static str> = None;
    /// Whether this rule set has a scenario editor (drawn by its shell while
    /// [`crate::ui::EditorScreen`] names it, opened with [`crate::ui::OpenEditor`]); `false`,
    /// the default: it has none.
    const EDITOR: bool = false;
    /// Whether the searching opponent can play this rule set's sides ([`RuleSet::search`]).
    const SEARCHES: bool = false;
    /// Whether the rule set's own policy ([`RuleSet::AI_POLICY`]) is the text's solo rules
    /// (Tyneside's rules' side, 1 Stat Skirmish's tree for the solitaire opponents), named
    /// `rules` on the command line (`holotable sim --policy SIDE=rules`); otherwise it is the
    /// app's plain policy, named `plain`.
    const SOLO_RULES: bool = false;
    /// How the rules play a side, in a line, with where it is written down (the balance
    /// report names it); empty when they cannot.
    const AI_POLICY: &'static str = "";
    /// What the rules themselves do to the balance report's figures, in a sentence with where
    /// it is written down (so a lopsided report is read as the text's, not the policy's);
    /// empty when there is nothing to say.
    const BALANCE_NOTE: &'static str = "";
    /// The scenario list's turn-limit option; `None`, the default: the list offers none.
    const TURN_LIMIT: Option<TurnLimitOption> = None;
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
    /// Checks a roster file of this rule set (a warband): `src` the file's text, `file` its
    /// name for messages. `None` when `src` is not one of this rule set's roster files (the
    /// default: it has none); else a one-line summary, or every problem as
    /// `file:line:column: message`.
    fn check_roster(src: &str, file: &str) -> Option<Result<String, Vec<String>>> {
        let _ = (src, file);
        None
    }
    /// Sets up `loaded` in `world`: its pieces (marked [`super::game::InGame`]), board and
    /// state, and the opening line of the log. The engine has cleared the last game and put in
    /// a fresh record, log, dice, deck and [`super::game::Sides`]; the dice thrown and the cards
    /// drawn here are recorded as the set-up's. Called by [`super::game::start`] only.
    ///
    /// Errors: as [`RuleSet::check`].
    fn setup(world: &mut World, loaded: &Loaded) -> Result<(), Vec<String>>;
    /// After the set-up, once the game has entered its first phase: where a set-up can already
    /// have decided something the phases must follow (the default does nothing).
    fn entered(world: &mut World) {
        let _ = world;
    }
    /// On leaving a game (to the title, or for the next game): removes what [`RuleSet::setup`]
    /// put in the world besides entities, so nothing of the game stays behind for the next
    /// (the engine removes its record; entities go with [`super::game::InGame`]). The default
    /// removes nothing.
    fn left(world: &mut World) {
        let _ = world;
    }
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
    /// The turn the game in `world` is in, as the rule set counts them and as
    /// [`super::state::Finished::turn`] says it (a 1 Stat Skirmish phase, a mass-combat
    /// round): what the balance report's cap on a game's length counts.
    fn turn(world: &World) -> u32;
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
    /// The sides that must act now, whoever plays them (a person or the rules), in order:
    /// one, or several at once where the rule set has them act together (secret,
    /// simultaneous declarations); none when nobody must (the game is over). The engine
    /// splits them between persons and the rules ([`super::game::persons_to_act`]). A sitting
    /// of a game by e-mail ends when this turns to another side ([`super::by_email`]). The
    /// default: none.
    fn sides_to_act(world: &World) -> Vec<usize> {
        let _ = world;
        Vec::new()
    }
    /// The game as side `side` may see it, as plain data: everything public and that side's
    /// own secrets, nothing another side keeps hidden (a declaration not yet revealed, a
    /// face-down counter). A side the rules play decides from this view alone where the rule
    /// set gives one. `None`, the default: this rule set gives no such view yet.
    fn player_view(world: &World, side: usize) -> Option<serde_json::Value> {
        let _ = (world, side);
        None
    }
    /// Play by e-mail: the face-down form of `command`, sent now by the side to act, when it
    /// is something the other side must not see yet (an order counter); `seal` is the
    /// commitment (`super::by_email::commitment`) to carry in its place. `Ok(None)`: the
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
    /// Online play: the scenario `src` as side `side` may know it, for the copy of the game a
    /// guest playing that side holds: the pieces hidden from it kept where it cannot learn
    /// their places (a battlefield's hidden units). `Ok(None)`, the default: nothing in the
    /// scenario is hidden from any side, and the guest gets it as written.
    ///
    /// Errors: the scenario does not read (in words).
    fn conceal(src: &str, side: usize) -> Result<Option<String>, String> {
        let _ = (src, side);
        Ok(None)
    }
    /// Online play: every piece the game in `world` hides from side `side`, each as a key that
    /// changes whenever anything about the piece does (its place, its state, being found),
    /// and the command that tells a concealed copy of the game ([`RuleSet::conceal`]) where
    /// it stands, still hidden. The host sends a guest that command just before the command
    /// that changes the key, so the guest's game plays that command as the host's did. Empty,
    /// the default.
    fn hidden_from(world: &World, side: usize) -> Vec<(String, Self::Command)> {
        let _ = (world, side);
        Vec::new()
    }
    /// Play by e-mail: whether the face-down command `new` takes the place of the face-down
    /// command `earlier` (the same counter placed again before it is turned over), so that a
    /// sitting's change of mind replaces it in the record instead of showing there. `false`,
    /// the default: nothing replaces anything.
    fn replaces(earlier: &Self::Command, new: &Self::Command) -> bool {
        let _ = (earlier, new);
        false
    }
    /// Play by e-mail: when the game waits for `side`'s face-down commands to be shown, the
    /// command that turns them over, given the commands that side sealed (with their salts);
    /// `None` otherwise (the default).
    fn turn_over(
        world: &World,
        side: usize,
        sealed: &[super::record::Secret<Self::Command>],
    ) -> Option<Self::Command> {
        let _ = (world, side, sealed);
        None
    }
    /// `command` in the players' words, with the names the game in `world` gives what it
    /// names (Undo, Redo and the replay viewer show it). The default: the command as written.
    fn describe(world: &World, command: &Self::Command) -> String {
        let _ = world;
        format!("{command:?}")
    }
    /// `command` in words for a side that did not send it: what it shows of a secret (an
    /// order counter placed, not which) — the replay viewer seen through a side's eyes writes
    /// the other sides' commands so. The default: [`RuleSet::describe`].
    fn public_text(world: &World, command: &Self::Command) -> String {
        Self::describe(world, command)
    }
    /// Whole games of `loaded` with the rules on every side, one per seed, played without the
    /// command pipeline where the rule set can: the same games, die for die and card for card,
    /// as the pipeline plays from each seed ([`super::session::autoplay_through_pipeline`];
    /// each command's dice and cards reseeded with [`crate::rules::dice::command_seed`] of its
    /// place), for the balance report's speed; a game past `max_turns` turns
    /// ([`RuleSet::turn`]) without an end is cut ([`super::state::Played::Cut`]). `None`, the
    /// default: the pipeline plays them.
    fn autoplay_fast(
        loaded: &Loaded,
        seeds: &[u64],
        max_turns: u32,
    ) -> Option<Vec<Result<super::state::Played, String>>> {
        let _ = (loaded, seeds, max_turns);
        None
    }
    /// The searching opponent's decision for the side to act in the game in `world`, as a job
    /// to run on any thread ([`crate::rules::search::job`] of the rule set's game as plain
    /// data, taken now; the search sees it from that side: nothing it may not see is read).
    /// `None`, the default: this rule set gives the search no game, or not for this side.
    fn search(
        world: &World,
        settings: &crate::rules::search::Settings,
    ) -> Option<crate::rules::search::Job<Self::Command>> {
        let _ = (world, settings);
        None
    }
    /// Where `command`, the Hint's choice, goes on the table: lines in the table's own units
    /// (inches, or the board's world units), each from the piece that acts along its way to
    /// where it ends, with a ring there ([`HintMark`]). Empty, the default: the
    /// hint is told in words only.
    fn hint_marks(world: &World, command: &Self::Command) -> Vec<HintMark> {
        let _ = (world, command);
        Vec::new()
    }
    /// Whether `command` is an attack (a shot, a melee, an assault): one made by another side
    /// while the person waited is drawn on the table as its [`RuleSet::hint_marks`] (issue
    /// 61: a shot of the rules' side showed only in the log). `false`, the default: none is.
    fn is_attack(command: &Self::Command) -> bool {
        let _ = command;
        false
    }
    /// A legal move for the side to act in the game in `world`, chosen by `pick` (modulo their
    /// number) among those the searching opponent weighs (its candidates), as the commands
    /// that carry it out, in order. Empty, the default: this rule set gives the search no game,
    /// or nobody can act. What the property tests drive games with.
    fn legal_move(world: &World, pick: u64) -> Vec<Self::Command> {
        let _ = (world, pick);
        Vec::new()
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

/// One line of a hint drawn on the table: from the piece that acts, through its way, to where
/// it ends (a move's path, or an attack's line to its target), in the table's own units.
#[derive(Clone, Debug, PartialEq)]
pub struct HintMark {
    /// The points, the acting piece's first; at least two to draw a line, one for a ring alone.
    pub line: Vec<Vec2>,
    /// The radius of the ring drawn at the last point, table units (0: none).
    pub ring: f32,
}

impl HintMark {
    /// A line from `from` through `way`, with a ring of `ring` at its end.
    pub fn new(from: Vec2, way: impl IntoIterator<Item = Vec2>, ring: f32) -> Self {
        Self {
            line: std::iter::once(from).chain(way).collect(),
            ring,
        }
    }
}
