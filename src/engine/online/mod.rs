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

use bevy::prelude::*;

use self::guest::OutOfStep;
use self::host::{Host, Outbox, Outgoing};
use self::protocol::ToHost;
use super::dice::Randomness;
use super::record::GameRecord;
use super::ruleset::{Loaded, RuleSet};
use super::session::{Headless, Session};

/// A host of any rule set in a headless session, as `holotable host` drives it.
pub trait HostGame {
    /// A guest's message (see [`host::receive`]); what the guests are sent.
    fn receive(&mut self, peer: u64, message: ToHost) -> Vec<Outgoing>;
    /// Plays the RON command `ron` for side `side`, played at the host; what the guests are
    /// sent.
    ///
    /// Errors: it does not read as a command, or the refusal naming the rule.
    fn play_text(&mut self, side: usize, ron: &str) -> Result<Vec<Outgoing>, String>;
    /// One step of a side the rules play, if one must act (`None`: none must); what the
    /// guests are sent.
    ///
    /// Errors: the rules' side cannot go on.
    fn step_rules(&mut self) -> Option<Result<Vec<Outgoing>, String>>;
    /// A connection closed (see [`host::dropped`]); what the other guests are sent.
    fn dropped(&mut self, peer: u64) -> Vec<Outgoing>;
    /// Frees side `side`'s seat for another guest (see [`host::free_seat`]).
    fn free_seat(&mut self, side: usize) -> bool;
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
    /// The game's recorded commands from index `from` (0-based), each as the RON of a
    /// [`crate::engine::record::RecordedCommand`] (its dice, cards and state hash): what a club
    /// server keeps of each command.
    fn recorded(&self, from: usize) -> Vec<String>;
    /// The game's whole record as RON (a save: the seed and every secret in it).
    fn record_text(&self) -> String;
    /// Puts a club game's proof in its record ([`GameRecord::club`]).
    fn prove(&mut self, proof: crate::engine::club_proof::ClubProof);
}

/// A guest of any rule set in a headless session, as `holotable join` drives it.
pub trait GuestGame {
    /// See [`guest::apply`].
    ///
    /// Errors: as [`guest::apply`].
    fn apply(&mut self, from: usize, commands: &[String]) -> Result<(), OutOfStep>;
    /// See [`guest::held`].
    fn held(&self) -> usize;
    /// See [`guest::to_act`].
    fn to_act(&self) -> bool;
    /// The game (to print, hash and save).
    fn game(&mut self) -> &mut dyn Headless;
    /// See [`HostGame::script`].
    ///
    /// Errors: as [`HostGame::script`].
    fn script(&self, src: &str, file: &str) -> Result<Vec<String>, String>;
    /// Commands for the guest's side chosen from the game as the side sees it, as RON, not
    /// played here: one step's worth, to be sent in order, each once the one before was
    /// accepted. With `refused` 0, the rules' own policy's step ([`RuleSet::ai_step`]; it
    /// chose them all before any was played, and a policy that tries commands until the
    /// pipeline takes one sends every try); after that many refusals in a row, a legal move
    /// ([`RuleSet::legal_move`], picked by `refused`). What a headless client of a club
    /// server plays when it has no script. Empty where neither offers any.
    ///
    /// Errors: the policy cannot go on.
    fn choose(&mut self, refused: u64) -> Result<Vec<String>, String>;
}

/// The commands of the RON list `src` of rule set `R`, each as RON text.
fn script_texts<R: RuleSet>(src: &str, file: &str) -> Result<Vec<String>, String> {
    let commands: Vec<R::Command> = super::pipeline::parse_script(src, file)?;
    Ok(commands
        .iter()
        .map(|c| ron::to_string(c).unwrap_or_default())
        .collect())
}

/// A headless game hosted online: a session with a [`Host`] beside its game.
pub struct HostSession<R: RuleSet>(pub Session<R>);

impl<R: RuleSet> HostSession<R> {
    fn outbox(&mut self) -> Vec<Outgoing> {
        std::mem::take(&mut self.0.world_mut().resource_mut::<Outbox>().0)
    }

    /// The host beside the game.
    pub fn host(&self) -> &Host<R> {
        self.0.world().non_send::<Host<R>>()
    }

    /// The host beside the game, to change.
    pub fn host_mut(&mut self) -> Mut<'_, Host<R>> {
        self.0.world_mut().non_send_mut::<Host<R>>()
    }
}

impl<R: RuleSet> HostGame for HostSession<R> {
    fn receive(&mut self, peer: u64, message: ToHost) -> Vec<Outgoing> {
        host::receive::<R>(self.0.world_mut(), peer, message);
        self.outbox()
    }

    fn play_text(&mut self, side: usize, ron: &str) -> Result<Vec<Outgoing>, String> {
        let command: R::Command = super::pipeline::parse_command(ron)?;
        if !super::game::persons_to_act::<R>(self.0.world()).contains(&side) {
            return Err("it is not this side's turn to act".into());
        }
        if let super::pipeline::CommandOutcome::Refused(_, why) = self.0.send(command) {
            return Err(why);
        }
        Ok(self.outbox())
    }

    fn step_rules(&mut self) -> Option<Result<Vec<Outgoing>, String>> {
        let step = super::rules_side::step::<R>(self.0.world_mut())?;
        Some(step.map(|_| self.outbox()))
    }

    fn dropped(&mut self, peer: u64) -> Vec<Outgoing> {
        host::dropped::<R>(self.0.world_mut(), peer);
        self.outbox()
    }

    fn free_seat(&mut self, side: usize) -> bool {
        host::free_seat::<R>(self.0.world_mut(), side)
    }

    fn persons_to_act(&self) -> Vec<usize> {
        super::game::persons_to_act::<R>(self.0.world())
    }

    fn seats(&self) -> Vec<(usize, bool)> {
        self.host().seats()
    }

    fn sent_by(&self, side: usize) -> usize {
        self.host().sent_by(side)
    }

    fn view_hash(&mut self, side: usize) -> Option<u64> {
        self.host_mut().view_hash(side)
    }

    fn take_log(&mut self) -> Vec<String> {
        std::mem::take(&mut self.host_mut().log)
    }

    fn game(&mut self) -> &mut dyn Headless {
        &mut self.0
    }

    fn side_ids(&self) -> Vec<String> {
        self.0
            .world()
            .get_resource::<super::game::Sides>()
            .map(|s| s.ids.clone())
            .unwrap_or_default()
    }

    fn script(&self, src: &str, file: &str) -> Result<Vec<String>, String> {
        script_texts::<R>(src, file)
    }

    fn recorded(&self, from: usize) -> Vec<String> {
        self.0
            .record()
            .commands
            .iter()
            .skip(from)
            .map(|rc| ron::to_string(rc).unwrap_or_default())
            .collect()
    }

    fn record_text(&self) -> String {
        ron::to_string(self.0.record()).unwrap_or_default()
    }

    fn prove(&mut self, proof: crate::engine::club_proof::ClubProof) {
        self.0
            .world_mut()
            .resource_mut::<GameRecord<R::Command>>()
            .club = Some(proof);
    }
}

/// A headless guest: a session holding the game as its side sees it.
pub struct GuestSession<R: RuleSet>(pub Session<R>);

impl<R: RuleSet> GuestGame for GuestSession<R> {
    fn apply(&mut self, from: usize, commands: &[String]) -> Result<(), OutOfStep> {
        guest::apply::<R>(self.0.world_mut(), from, commands)
    }

    fn held(&self) -> usize {
        guest::held::<R>(self.0.world())
    }

    fn to_act(&self) -> bool {
        guest::to_act::<R>(self.0.world())
    }

    fn game(&mut self) -> &mut dyn Headless {
        &mut self.0
    }

    fn script(&self, src: &str, file: &str) -> Result<Vec<String>, String> {
        script_texts::<R>(src, file)
    }

    fn choose(&mut self, refused: u64) -> Result<Vec<String>, String> {
        if refused > 0 {
            return Ok(R::legal_move(self.0.world(), refused)
                .iter()
                .map(|c| ron::to_string(c).unwrap_or_default())
                .collect());
        }
        let world = self.0.world_mut();
        let Some(side) = world.get_resource::<guest::Guest>().map(|g| g.0) else {
            return Ok(Vec::new());
        };
        // The side is the rules' for one step; its commands go to the outbox, not the game.
        world.resource_mut::<super::game::Sides>().rules = vec![side];
        let step = super::rules_side::step::<R>(world);
        world.resource_mut::<super::game::Sides>().rules.clear();
        let sent: Vec<String> = std::mem::take(&mut world.resource_mut::<guest::GuestOutbox>().0)
            .into_iter()
            .filter_map(|m| match m {
                ToHost::Command { ron } => Some(ron),
                _ => None,
            })
            .collect();
        match step {
            Some(Err(why)) if sent.is_empty() => Err(why),
            _ => Ok(sent),
        }
    }
}

/// A new headless host of rule set `R`: `loaded` begun with dice from `seed`, the sides in
/// `remote` (by index) seats for guests with `code` (see [`host::open`]).
///
/// Errors: the scenario does not set up, or as [`host::open`].
pub fn host<R: RuleSet>(
    loaded: &Loaded,
    seed: u64,
    remote: &[usize],
    code: &str,
) -> Result<Box<dyn HostGame>, String> {
    let mut s = Session::<R>::start(loaded, Randomness::seeded(seed)).map_err(|e| e.join("\n"))?;
    host::open::<R>(s.world_mut(), remote, code)?;
    Ok(Box::new(HostSession(s)))
}

/// A headless host of rule set `R` again, from the text of a save it wrote: the game replayed
/// and verified, the sides the rules played as they were, then [`host::open`].
///
/// Errors: the save does not read or replay, or as [`host::open`].
pub fn resume_host<R: RuleSet>(
    text: &str,
    remote: &[usize],
    code: &str,
) -> Result<Box<dyn HostGame>, String> {
    let record: GameRecord<R::Command> =
        ron::from_str(text).map_err(|e| format!("the saved game does not read: {e}"))?;
    resume_record::<R>(&record, remote, code)
}

/// [`resume_host`] from a game kept in parts, as a club server keeps it: `set_up` the RON of
/// its record as it began (no commands), `recorded` each command's RON as
/// [`HostGame::recorded`] gives it.
///
/// Errors: a part does not read, or as [`resume_host`].
pub fn resume_host_recorded<R: RuleSet>(
    set_up: &str,
    recorded: &[String],
    remote: &[usize],
    code: &str,
) -> Result<Box<dyn HostGame>, String> {
    let mut record: GameRecord<R::Command> =
        ron::from_str(set_up).map_err(|e| format!("the game as it began does not read: {e}"))?;
    record.commands = recorded
        .iter()
        .enumerate()
        .map(|(i, text)| {
            ron::from_str(text).map_err(|e| format!("command {} does not read: {e}", i + 1))
        })
        .collect::<Result<_, String>>()?;
    resume_record::<R>(&record, remote, code)
}

/// Hosts `record`'s game again: replayed and verified, the sides the rules played as they
/// were, then [`host::open`].
fn resume_record<R: RuleSet>(
    record: &GameRecord<R::Command>,
    remote: &[usize],
    code: &str,
) -> Result<Box<dyn HostGame>, String> {
    let mut s = Session::<R>::replay(record).map_err(|e| e.to_string())?;
    if let Some(hands) = &record.hands {
        s.world_mut()
            .resource_mut::<super::game::Sides>()
            .rules
            .clear();
        s.set_rules_sides(&hands.rules)?;
    }
    host::open::<R>(s.world_mut(), remote, code)?;
    Ok(Box::new(HostSession(s)))
}

/// A headless guest of rule set `R` from a welcome (see [`guest::welcome`]).
///
/// Errors: as [`guest::welcome`].
pub fn guest<R: RuleSet>(record: &str, side: usize) -> Result<Box<dyn GuestGame>, String> {
    let mut s = Session::<R>::new_empty();
    guest::welcome::<R>(s.world_mut(), record, side)?;
    Ok(Box::new(GuestSession(s)))
}

/// Marks a game played online (at the host or a guest), for the screen: the dice roll
/// themselves and leaving says the other player is left waiting.
#[derive(Resource, Debug, Clone, Copy)]
pub struct Online;

/// What playing online changes at either end: nothing is taken back, and the host's computer
/// throws every die and draws every card (the guest is sent each as it falls), so dice rolled
/// or cards drawn by hand are switched off.
fn go_online(world: &mut World) {
    world.insert_resource(super::undo::UndoBarred(
        "not in a game played online, where the other player has seen every command".into(),
    ));
    world.insert_resource(Online);
    if let Some(mut d) = world.get_resource_mut::<super::dice::DiceRes>() {
        d.set_manual(false);
    }
    if let Some(mut k) = world.get_resource_mut::<super::dice::DeckRes>() {
        k.set_manual(false);
    }
}

/// Online play's hooks into rule set `R`'s pipeline: a host's and a guest's.
pub fn plugin<R: RuleSet>(app: &mut App) {
    host::plugin::<R>(app);
    guest::plugin::<R>(app);
}

/// Online play of one rule set, type-erased for the window (a registry entry's `online`).
#[derive(Clone, Copy)]
pub struct Fns {
    /// See [`host::open`].
    pub open: fn(&mut World, &[usize], &str) -> Result<(), String>,
    /// See [`host::receive`].
    pub receive: fn(&mut World, u64, ToHost),
    /// See [`host::dropped`].
    pub dropped: fn(&mut World, u64),
    /// See [`host::chat`].
    pub chat: fn(&mut World, &str, &str),
    /// Takes what happened on the wire since last asked, at a host (see [`Host::log`]).
    pub take_log: fn(&mut World) -> Vec<String>,
    /// The sides played from other computers and whether each has a guest now, at a host.
    pub seats: fn(&World) -> Vec<(usize, bool)>,
    /// See [`host::free_seat`].
    pub free_seat: fn(&mut World, usize) -> bool,
    /// See [`guest::welcome`].
    pub welcome: fn(&mut World, &str, usize) -> Result<(), String>,
    /// See [`guest::apply`].
    pub apply: fn(&mut World, usize, &[String]) -> Result<(), OutOfStep>,
    /// See [`guest::held`].
    pub held: fn(&World) -> usize,
    /// The game's scenario, as its record holds it: (file, RON text).
    pub scenario: fn(&World) -> Option<(String, String)>,
    /// Ends online play of the game in the world: the host or the guest beside it goes (the
    /// game itself stays).
    pub leave: fn(&mut World),
}

impl Fns {
    /// Rule set `R`'s.
    pub fn of<R: RuleSet>() -> Self {
        Self {
            open: host::open::<R>,
            receive: host::receive::<R>,
            dropped: host::dropped::<R>,
            chat: host::chat::<R>,
            take_log: |world| {
                world
                    .get_non_send_mut::<Host<R>>()
                    .map(|mut h| std::mem::take(&mut h.log))
                    .unwrap_or_default()
            },
            seats: |world| {
                world
                    .get_non_send::<Host<R>>()
                    .map(|h| h.seats())
                    .unwrap_or_default()
            },
            free_seat: host::free_seat::<R>,
            welcome: guest::welcome::<R>,
            apply: guest::apply::<R>,
            held: guest::held::<R>,
            scenario: |world| {
                world
                    .get_resource::<GameRecord<R::Command>>()
                    .map(|r| (r.scenario_file.clone(), r.scenario_src.clone()))
            },
            leave: |world| {
                world.remove_non_send::<Host<R>>();
                world.remove_resource::<Outbox>();
                world.remove_resource::<guest::Guest>();
                world.remove_resource::<guest::GuestOutbox>();
                world.remove_resource::<super::game::Seated>();
                world.remove_resource::<super::undo::UndoBarred>();
                world.remove_resource::<Online>();
            },
        }
    }
}
