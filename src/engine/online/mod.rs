//! Online play: one computer hosts a game and keeps all of it (the dice seed, the deck, every
//! side's secrets); the others join with the host's join code and play their side. The host
//! is the authority ([`host`]); a guest keeps the game as its side may see it, checked command
//! by command against the host's state hashes ([`guest`]). The messages ([`protocol`]) travel
//! through bevy_replicon over renet's netcode, its key drawn from the join code ([`code`],
//! [`net`]). Every rule set plays online through the engine: nothing here names one.
//! docs/online-play.md.

pub mod code;
pub mod guest;
pub mod headless;
pub mod host;
pub mod net;
pub mod protocol;

use self::guest::{Guest, OutOfStep};
use self::host::{Host, Outgoing};
use self::protocol::ToHost;
use super::record::GameRecord;
use super::ruleset::{Loaded, RuleSet};
use super::session::Headless;

/// A host of any rule set, as the app drives it ([`Host`], type-erased).
pub trait HostGame {
    /// See [`Host::receive`].
    fn receive(&mut self, peer: u64, message: ToHost) -> Vec<Outgoing>;
    /// Plays the RON command `ron` for side `side`, played at the host's screen (see
    /// [`Host::play`]).
    ///
    /// Errors: it does not read as a command, or the refusal naming the rule.
    fn play_text(&mut self, side: usize, ron: &str) -> Result<Vec<Outgoing>, String>;
    /// See [`Host::step_rules`].
    fn step_rules(&mut self) -> Option<Result<Vec<Outgoing>, String>>;
    /// See [`Host::chat`].
    fn chat(&mut self, from: &str, text: &str) -> Vec<Outgoing>;
    /// See [`Host::dropped`].
    fn dropped(&mut self, peer: u64);
    /// The sides a person must act for now.
    fn persons_to_act(&self) -> Vec<usize>;
    /// The sides played from other computers, and whether each has a guest now.
    fn seats(&self) -> Vec<(usize, bool)>;
    /// See [`Host::sent_by`].
    fn sent_by(&self, side: usize) -> usize;
    /// See [`Host::view_hash`].
    fn view_hash(&mut self, side: usize) -> Option<u64>;
    /// Takes what happened on the wire since last asked (see [`Host::log`]).
    fn take_log(&mut self) -> Vec<String>;
    /// The game (to print, hash and save).
    fn game(&mut self) -> &mut dyn Headless;
    /// The side ids, in order.
    fn side_ids(&self) -> Vec<String>;
    /// A script's commands (a RON list, `file` named in errors), each as RON text.
    ///
    /// Errors: it does not read, `file:line:column: …`.
    fn script(&self, src: &str, file: &str) -> Result<Vec<String>, String>;
}

/// A guest of any rule set, as the app drives it ([`Guest`], type-erased).
pub trait GuestGame {
    /// See [`Guest::apply`].
    fn apply(&mut self, from: usize, commands: &[String]) -> Result<(), OutOfStep>;
    /// See [`Guest::held`].
    fn held(&self) -> usize;
    /// See [`Guest::to_act`].
    fn to_act(&self) -> bool;
    /// The guest's side, by index.
    fn side(&self) -> usize;
    /// The game (to print, hash and save).
    fn game(&mut self) -> &mut dyn Headless;
    /// See [`HostGame::script`].
    ///
    /// Errors: as [`HostGame::script`].
    fn script(&self, src: &str, file: &str) -> Result<Vec<String>, String>;
}

/// The commands of the RON list `src` of rule set `R`, each as RON text.
fn script_texts<R: RuleSet>(src: &str, file: &str) -> Result<Vec<String>, String> {
    let commands: Vec<R::Command> = super::pipeline::parse_script(src, file)?;
    Ok(commands
        .iter()
        .map(|c| ron::to_string(c).unwrap_or_default())
        .collect())
}

impl<R: RuleSet> HostGame for Host<R> {
    fn receive(&mut self, peer: u64, message: ToHost) -> Vec<Outgoing> {
        Host::receive(self, peer, message)
    }

    fn play_text(&mut self, side: usize, ron: &str) -> Result<Vec<Outgoing>, String> {
        let command: R::Command =
            ron::from_str(ron).map_err(|e| format!("that is not a command of this game: {e}"))?;
        self.play(side, command)
    }

    fn step_rules(&mut self) -> Option<Result<Vec<Outgoing>, String>> {
        Host::step_rules(self)
    }

    fn chat(&mut self, from: &str, text: &str) -> Vec<Outgoing> {
        Host::chat(self, from, text)
    }

    fn dropped(&mut self, peer: u64) {
        Host::dropped(self, peer)
    }

    fn persons_to_act(&self) -> Vec<usize> {
        super::game::persons_to_act::<R>(self.game_ref().world())
    }

    fn seats(&self) -> Vec<(usize, bool)> {
        Host::seats(self)
    }

    fn sent_by(&self, side: usize) -> usize {
        Host::sent_by(self, side)
    }

    fn view_hash(&mut self, side: usize) -> Option<u64> {
        Host::view_hash(self, side)
    }

    fn take_log(&mut self) -> Vec<String> {
        std::mem::take(&mut self.log)
    }

    fn game(&mut self) -> &mut dyn Headless {
        Host::game(self)
    }

    fn side_ids(&self) -> Vec<String> {
        self.game_ref()
            .world()
            .get_resource::<super::game::Sides>()
            .map(|s| s.ids.clone())
            .unwrap_or_default()
    }

    fn script(&self, src: &str, file: &str) -> Result<Vec<String>, String> {
        script_texts::<R>(src, file)
    }
}

impl<R: RuleSet> GuestGame for Guest<R> {
    fn apply(&mut self, from: usize, commands: &[String]) -> Result<(), OutOfStep> {
        Guest::apply(self, from, commands)
    }

    fn held(&self) -> usize {
        Guest::held(self)
    }

    fn to_act(&self) -> bool {
        Guest::to_act(self)
    }

    fn side(&self) -> usize {
        Guest::side(self)
    }

    fn game(&mut self) -> &mut dyn Headless {
        Guest::game(self)
    }

    fn script(&self, src: &str, file: &str) -> Result<Vec<String>, String> {
        script_texts::<R>(src, file)
    }
}

/// A new host of rule set `R` (see [`Host::new`]).
///
/// Errors: as [`Host::new`].
pub fn host<R: RuleSet>(
    loaded: &Loaded,
    seed: u64,
    remote: &[usize],
    code: &str,
) -> Result<Box<dyn HostGame>, String> {
    Ok(Box::new(Host::<R>::new(loaded, seed, remote, code)?))
}

/// A host of rule set `R` resumed from a saved game's text (see [`Host::resume`]).
///
/// Errors: the save does not read, or as [`Host::resume`].
pub fn resume_host<R: RuleSet>(
    text: &str,
    remote: &[usize],
    code: &str,
) -> Result<Box<dyn HostGame>, String> {
    let record: GameRecord<R::Command> =
        ron::from_str(text).map_err(|e| format!("the saved game does not read: {e}"))?;
    Ok(Box::new(Host::<R>::resume(&record, remote, code)?))
}

/// A guest of rule set `R` from a welcome (see [`Guest::welcome`]).
///
/// Errors: as [`Guest::welcome`].
pub fn guest<R: RuleSet>(record: &str, side: usize) -> Result<Box<dyn GuestGame>, String> {
    Ok(Box::new(Guest::<R>::welcome(record, side)?))
}
