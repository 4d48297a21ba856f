//! Play by e-mail: one save file goes back and forth between the players, each playing their
//! part in a *sitting* signed in with their side's passphrase. What a side must keep from the
//! other (a rule set says which commands: Tyneside's order counters) goes into the public
//! record face down, as a commitment (a keyed hash), while the command itself is sealed in the
//! save with the side's passphrase (Argon2id key, ChaCha20-Poly1305). When the game comes to
//! the point where it is shown, the owner's next sitting turns it over: the rule set checks it
//! against the commitment, so it cannot have been changed. Everything public replays and is
//! verified like any save, so a save edited by hand is refused. docs/play-by-email.md.

use std::path::{Path, PathBuf};

use argon2::Argon2;
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use bevy::prelude::*;
use blake2::{Blake2s256, Digest};
use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{ChaCha20Poly1305, Nonce};
use serde::Serialize;

use super::pipeline::{CommandOutcome, Notice, process};
use super::record::GameRecord;
use super::ruleset::RuleSet;

pub use super::record::{ByEmail, SealedSide, Secret};

/// Why a sitting could not begin.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SittingError {
    /// The game is not played by e-mail.
    #[error("this game is not played by e-mail")]
    NotByEmail,
    /// A new passphrase was empty.
    #[error("Choose a passphrase that is not empty")]
    EmptyPassphrase,
    /// The passphrase does not open the side's seal.
    #[error("That is not {0}'s passphrase")]
    WrongPassphrase(String),
    /// The seal opened but its contents do not read (written by another version).
    #[error("{0}'s sealed orders cannot be read: {1}")]
    Unreadable(String, String),
    /// The file is behind what this computer has seen of the game ([`rolled_back`]).
    #[error("{0}")]
    RolledBack(String),
}

/// A 32-byte key derived from a passphrase. Not printed.
#[derive(Clone, PartialEq)]
pub struct Key([u8; 32]);

impl Key {
    /// The side's signing key, drawn from this one ([`super::signing::signing_key`]).
    fn signing(&self) -> ed25519_dalek::SigningKey {
        super::signing::signing_key(&self.0)
    }
}

impl std::fmt::Debug for Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Key(…)")
    }
}

/// The key of `passphrase` with `salt` (Argon2id, the crate's default cost: 19 MiB, 2 passes).
/// `salt` must be at least 8 bytes ([`sit_in`] checks a salt read from a file).
pub fn derive_key(passphrase: &str, salt: &[u8]) -> Key {
    let mut out = [0u8; 32];
    // Only a salt shorter than 8 bytes fails: ours are 16, and one read back is checked.
    let _ = Argon2::default().hash_password_into(passphrase.as_bytes(), salt, &mut out);
    Key(out)
}

/// Seals `plain` with `key` for side `side`: base64 of a fresh nonce and the ciphertext.
pub fn seal(key: &Key, side: usize, plain: &[u8]) -> String {
    let nonce: [u8; 12] = rand::random();
    let cipher = ChaCha20Poly1305::new((&key.0).into());
    let aad = side.to_le_bytes();
    // Encryption of an in-memory buffer cannot fail.
    let ct = cipher
        .encrypt(
            Nonce::from_slice(&nonce),
            Payload {
                msg: plain,
                aad: &aad,
            },
        )
        .unwrap_or_default();
    BASE64.encode([nonce.as_slice(), &ct].concat())
}

/// Opens what [`seal`] made; `None` when the key (or the side) is not the one it was sealed
/// with, or the text was changed.
pub fn unseal(key: &Key, side: usize, sealed: &str) -> Option<Vec<u8>> {
    let bytes = BASE64.decode(sealed).ok()?;
    if bytes.len() < 12 {
        return None;
    }
    let (nonce, ct) = bytes.split_at(12);
    let aad = side.to_le_bytes();
    ChaCha20Poly1305::new((&key.0).into())
        .decrypt(Nonce::from_slice(nonce), Payload { msg: ct, aad: &aad })
        .ok()
}

/// The commitment to `command` with `salt`: hex of BLAKE2s-256 over the salt and the
/// command's RON. What a face-down command carries in place of the command; the rule set
/// checks a turned-over command against it.
pub fn commitment<C: Serialize>(salt: &str, command: &C) -> String {
    let ron = ron::to_string(command).unwrap_or_default();
    let mut h = Blake2s256::new();
    h.update(salt.as_bytes());
    h.update(b"\n");
    h.update(ron.as_bytes());
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// A game played by e-mail in this window or session: its file, and the side sitting now.
#[derive(Resource, Clone, Debug)]
pub struct Seat {
    /// The game's file: written after every accepted command.
    pub file: PathBuf,
    /// The side signed in, once its passphrase is given.
    pub side: Option<usize>,
    /// The side a person must act for now (kept up to date in the window).
    pub to_act: Option<usize>,
    /// Whether the sitting is over: another person's side is to act ([`sitting_over`]).
    pub over: bool,
    /// The sides that have chosen their passphrase.
    pub signed: Vec<usize>,
    /// Whether the dice seed is still being drawn ([`super::seed_draw`]).
    pub drawing: bool,
    /// How many commands the record held when the sitting side signed in: what it sent since
    /// is its own to take back.
    sat_at: usize,
    key: Option<Key>,
    /// This side's face-down commands not yet turned over, as RON of [`Secret`]s.
    secrets: Vec<String>,
    /// Where this computer remembers how far it has seen each game by e-mail
    /// ([`rolled_back`]): `by-email` in the data folder; none where there is no data folder.
    pub ledger: Option<PathBuf>,
}

impl Seat {
    /// The signed-in side's face-down commands not yet turned over (to show the player what
    /// they placed), oldest first.
    pub fn secrets<C: serde::de::DeserializeOwned>(&self) -> Vec<Secret<C>> {
        self.secrets
            .iter()
            .filter_map(|s| ron::from_str(s).ok())
            .collect()
    }

    /// A game by e-mail kept in `file`, nobody signed in yet.
    pub fn new(file: PathBuf) -> Self {
        Self {
            file,
            side: None,
            to_act: None,
            over: false,
            signed: Vec::new(),
            drawing: false,
            sat_at: 0,
            key: None,
            secrets: Vec::new(),
            ledger: super::autosave::data_folder().map(|d| d.join("by-email")),
        }
    }
}

/// What this computer remembers of a game by e-mail: the most commands it has seen the game
/// hold, and the state hash after the last of them.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
struct Seen {
    commands: usize,
    hash: u64,
}

/// The file in `ledger` that remembers the game of `record` ([`Seen`]), named after its
/// first seal's salt (drawn at random when the first side sat down, and the same in every
/// copy of the game's file); none before a side has sat down.
fn seen_file<C>(ledger: &Path, record: &GameRecord<C>) -> Option<PathBuf> {
    let salt = &record.by_email.as_ref()?.sides.first()?.salt;
    let id: String = Blake2s256::digest(salt.as_bytes())[..16]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    Some(ledger.join(format!("{id}.ron")))
}

/// Whether the game of `record` is behind what this computer has seen of it (`ledger`, the
/// folder it remembers games in): fewer commands than it once held, or another history up to
/// there. `Some(why)`, in words, when it is: an older file, or moves cut from it.
pub fn rolled_back<C>(ledger: &Path, record: &GameRecord<C>) -> Option<String> {
    let file = seen_file(ledger, record)?;
    let seen: Seen = ron::from_str(&std::fs::read_to_string(file).ok()?).ok()?;
    let held = record.commands.len();
    if held < seen.commands {
        return Some(format!(
            "Play by e-mail: this computer has seen this game at {} commands, and this file holds {held}: it is an older file, or moves were cut from it. Open the latest file the other player sent",
            seen.commands
        ));
    }
    let hash = seen
        .commands
        .checked_sub(1)
        .map_or(seen.hash, |i| record.commands[i].hash);
    (hash != seen.hash).then(|| {
        format!(
            "Play by e-mail: this file's game is not the one this computer saw up to command {}: its moves were changed",
            seen.commands
        )
    })
}

/// Remembers in the sitting's ledger how far this computer has seen its game: as it stands
/// when this computer wrote it (`written`: its player may have taken moves back), else where
/// it is further than remembered and nothing was rolled back ([`rolled_back`]). Best effort:
/// a ledger that cannot be written only loses the check.
fn remember<R: RuleSet>(world: &World, written: bool) {
    let (Some(ledger), Some(record)) = (
        world.get_resource::<Seat>().and_then(|s| s.ledger.clone()),
        world.get_resource::<GameRecord<R::Command>>(),
    ) else {
        return;
    };
    let Some(file) = seen_file(&ledger, record) else {
        return;
    };
    let now = Seen {
        commands: record.commands.len(),
        hash: record.commands.last().map_or(0, |c| c.hash),
    };
    let known: Option<Seen> = std::fs::read_to_string(&file)
        .ok()
        .and_then(|t| ron::from_str(&t).ok());
    let further = known.is_none_or(|k| k.commands < now.commands);
    if written || (further && rolled_back(&ledger, record).is_none()) {
        let text = ron::to_string(&now).unwrap_or_default();
        let _ = super::save::write_atomically(&file, text.as_bytes());
    }
}

/// Asks to sign `side` in with `passphrase` (the sign-in screen sends it).
#[derive(Message, Clone, Debug)]
pub struct SitIn {
    /// Side index.
    pub side: usize,
    /// The side's name, for messages.
    pub side_name: String,
    /// The passphrase (chosen now, on the side's first sitting).
    pub passphrase: String,
    /// Once signed in, replay what happened since the side's last sitting.
    pub replay_since: bool,
}

/// Makes the game in `world` one played by e-mail, kept in `file` (written now); the first
/// side then signs in ([`sit_in`]).
///
/// Errors: the file cannot be written.
pub fn start<R: RuleSet>(world: &mut World, file: PathBuf) -> Result<(), String> {
    world
        .resource_mut::<GameRecord<R::Command>>()
        .by_email
        .get_or_insert_with(ByEmail::default);
    world.insert_resource(Seat::new(file));
    mirror_seat(world);
    write::<R>(world)
}

/// A game resumed from `file` in `world` is played by e-mail when its record says so: it then
/// waits for a side to sign in ([`sit_in`]). Returns whether it is.
pub fn resume_seat<R: RuleSet>(world: &mut World, file: PathBuf) -> bool {
    let by_email = world
        .get_resource::<GameRecord<R::Command>>()
        .is_some_and(|r| r.by_email.is_some());
    if by_email {
        world.insert_resource(Seat::new(file));
        remember::<R>(world, false);
    } else {
        world.remove_resource::<Seat>();
    }
    mirror_seat(world);
    by_email
}

/// Keeps [`super::game::Seated`] (what the engine's other features know of a sitting) true to
/// the [`Seat`].
fn mirror_seat(world: &mut World) {
    match world.get_resource::<Seat>().map(|s| s.side) {
        Some(side) => world.insert_resource(super::game::Seated(side)),
        None => {
            world.remove_resource::<super::game::Seated>();
        }
    }
}

/// Signs `side` in: on its first sitting `passphrase` becomes its passphrase; afterwards it
/// must open the side's seal. Then whatever of the side's the game waits to see is turned
/// over, and the file is written.
///
/// Errors: [`SittingError`]: not a game by e-mail (no [`Seat`] or no e-mail part in the
/// record), an empty new passphrase, a wrong passphrase, or unreadable sealed contents.
pub fn sit_in<R: RuleSet>(
    world: &mut World,
    side: usize,
    passphrase: &str,
    side_name: &str,
) -> Result<(), SittingError> {
    let Some(seat) = world.get_resource::<Seat>() else {
        return Err(SittingError::NotByEmail);
    };
    if let Some(why) = seat
        .ledger
        .as_deref()
        .zip(world.get_resource::<GameRecord<R::Command>>())
        .and_then(|(ledger, record)| rolled_back(ledger, record))
    {
        return Err(SittingError::RolledBack(why));
    }
    let mut record = world.resource_mut::<GameRecord<R::Command>>();
    // A side that has played keeps its key: it is never made anew.
    let has_played = record
        .commands
        .iter()
        .any(|c| c.signed.as_ref().is_some_and(|s| s.side == side));
    let by_email = record.by_email.as_mut().ok_or(SittingError::NotByEmail)?;
    let (key, secrets) = match by_email.sides.iter().find(|s| s.side == side) {
        Some(s) => {
            // A salt that does not decode (or is too short for Argon2) was damaged in the file:
            // say so, rather than blame the passphrase.
            let salt = BASE64
                .decode(&s.salt)
                .ok()
                .filter(|s| s.len() >= 8)
                .ok_or_else(|| {
                    SittingError::Unreadable(side_name.into(), "its seal's salt is damaged".into())
                })?;
            let key = derive_key(passphrase, &salt);
            let plain = unseal(&key, side, &s.sealed)
                .ok_or_else(|| SittingError::WrongPassphrase(side_name.into()))?;
            let text = String::from_utf8(plain)
                .map_err(|e| SittingError::Unreadable(side_name.into(), e.to_string()))?;
            let secrets: Vec<String> = ron::from_str(&text)
                .map_err(|e| SittingError::Unreadable(side_name.into(), e.to_string()))?;
            (key, secrets)
        }
        None => {
            if passphrase.is_empty() {
                return Err(SittingError::EmptyPassphrase);
            }
            let salt: [u8; 16] = rand::random();
            let key = derive_key(passphrase, &salt);
            if has_played {
                return Err(SittingError::Unreadable(
                    side_name.into(),
                    "its seal is missing from a game it has played in".into(),
                ));
            }
            by_email.sides.push(SealedSide {
                side,
                salt: BASE64.encode(salt),
                sealed: seal(&key, side, &padded("[]".into(), 0)),
                public: String::new(),
                signature: String::new(),
                own_dice: false,
                commands: None,
            });
            super::signing::sign_seal(&mut record, side, &key.signing());
            (key, Vec::new())
        }
    };
    let sat_at = world.resource::<GameRecord<R::Command>>().commands.len();
    let mut seat = world.resource_mut::<Seat>();
    seat.sat_at = sat_at;
    seat.side = Some(side);
    seat.key = Some(key);
    seat.secrets = secrets;
    mirror_seat(world);
    draw_seed::<R>(world, side);
    turn_over_due::<R>(world);
    if let Err(e) = write::<R>(world) {
        world.resource_mut::<Notice>().refusal = Some(e);
    }
    Ok(())
}

/// Adds the sitting side's part of the dice seed where it is due ([`super::seed_draw`]); once
/// every part is in and nothing has been played, the game is set up again with the seed drawn.
/// A failure is shown.
fn draw_seed<R: RuleSet>(world: &mut World, side: usize) {
    let Some(key) = world.resource::<Seat>().key.clone() else {
        return;
    };
    let mut record = world.resource::<GameRecord<R::Command>>().clone();
    let value = super::seed_draw::value(&key.0, record.scenario_hash.as_deref().unwrap_or(""));
    if super::seed_draw::add_part(&mut record, side, &value) {
        super::signing::sign_seal(&mut record, side, &key.signing());
    }
    match super::seed_draw::draw(&record) {
        super::seed_draw::Draw::Settled(seed)
            if record.seed != Some(seed) && record.commands.is_empty() =>
        {
            // Set up anew with it: the set-up's own dice and cards come from the seed drawn.
            let header = crate::rules::scenario::read_header(
                &record.scenario_src,
                &record.scenario_file,
                &[R::ID],
            );
            let started = header.map_err(|e| vec![e.to_string()]).and_then(|header| {
                let loaded = super::ruleset::Loaded {
                    file: record.scenario_file.clone(),
                    src: record.scenario_src.clone(),
                    header,
                };
                super::game::start::<R>(world, &loaded, super::dice::Randomness::seeded(seed))
            });
            match started {
                Ok(()) => {
                    world.resource_mut::<GameRecord<R::Command>>().by_email = record.by_email;
                }
                Err(e) => {
                    world.resource_mut::<Notice>().refusal = Some(format!(
                        "Play by e-mail: the game could not be set up: {}",
                        e.join("; ")
                    ));
                }
            }
        }
        _ => *world.resource_mut::<GameRecord<R::Command>>() = record,
    }
}

/// A command about to be applied, and for a face-down one the secret to seal once accepted
/// (RON of a [`Secret`]).
struct Sending<C> {
    command: C,
    secret: Option<String>,
}

/// The secret of the command being applied, sealed once it is accepted (a refused command's
/// is dropped before the next command).
#[derive(Resource)]
struct PendingSecret(String);

/// The pipeline's hook before a command ([`super::pipeline::Hooks::before`]); a replay plays
/// the record's commands as they were.
fn before_hook<R: RuleSet>(
    world: &mut World,
    command: R::Command,
) -> Result<R::Command, CommandOutcome<R::Command>> {
    if !world.contains_resource::<Seat>() {
        return Ok(command);
    }
    world.remove_resource::<PendingSecret>();
    if super::pipeline::replaying(world) {
        return Ok(command);
    }
    let Sending { command, secret } = before::<R>(world, command)?;
    if let Some(s) = secret {
        world.insert_resource(PendingSecret(s));
    }
    Ok(command)
}

/// The pipeline's hook after an accepted command ([`super::pipeline::Hooks::accepted`]).
fn after_hook<R: RuleSet>(world: &mut World, applied: &super::pipeline::Applied) {
    if applied.replaying || !world.contains_resource::<Seat>() {
        return;
    }
    let secret = world.remove_resource::<PendingSecret>().map(|p| p.0);
    let seat = world.resource::<Seat>();
    if let (Some(side), Some(key)) = (seat.side, seat.key.as_ref().map(Key::signing)) {
        let mut record = world.resource_mut::<GameRecord<R::Command>>();
        super::signing::sign_command(&mut record, applied.index, side, &key);
    }
    after::<R>(world, secret);
}

/// Before a command is applied: in a sitting, refuses a command while another person's side
/// is to act, and turns a command the rule set keeps secret face down. Returns the command to
/// apply and, for a face-down one, the secret to seal once it is accepted.
///
/// Errors: the refusal: another side's part, or the command's own refusal.
fn before<R: RuleSet>(
    world: &mut World,
    command: R::Command,
) -> Result<Sending<R::Command>, CommandOutcome<R::Command>> {
    let Some(side) = world.get_resource::<Seat>().and_then(|s| s.side) else {
        return Err(CommandOutcome::Refused(
            command,
            "Play by e-mail: sign in as your side first".into(),
        ));
    };
    let record = world.resource::<GameRecord<R::Command>>();
    let typing = world
        .get_resource::<super::dice::DiceRes>()
        .is_some_and(|d| d.manual() || d.forced_left() > 0)
        || world
            .get_resource::<super::dice::DeckRes>()
            .is_some_and(|d| d.manual());
    let not_agreed = super::signing::not_agreed_to_own_dice(record);
    if typing && record.version >= 4 && !not_agreed.is_empty() {
        let names: Vec<String> = not_agreed
            .iter()
            .map(|&s| {
                world
                    .get_resource::<super::game::Sides>()
                    .and_then(|n| n.names.get(s).cloned())
                    .unwrap_or_else(|| format!("side {s}"))
            })
            .collect();
        return Err(CommandOutcome::Refused(
            command,
            format!(
                "Play by e-mail: dice typed in by hand need every side's agreement, and {} has not ticked 'We roll our own' (untick it to play with the game's dice)",
                names.join(" and ")
            ),
        ));
    }
    if let super::seed_draw::Draw::Waiting(next) = super::seed_draw::draw(record) {
        let name = world
            .get_resource::<super::game::Sides>()
            .and_then(|s| s.names.get(next).cloned())
            .unwrap_or_else(|| format!("side {next}"));
        return Err(CommandOutcome::Refused(
            command,
            format!(
                "Play by e-mail: the dice are not drawn yet: every side adds its part of the seed first, and {name} is next (send them the file)"
            ),
        ));
    }
    // The sitting side acts when it is among the sides to act (whoever plays it); else only
    // for the rules, when no other person is to act.
    if !R::sides_to_act(world).contains(&side) {
        if super::game::person_to_act::<R>(world) {
            return Err(CommandOutcome::Refused(
                command,
                "Play by e-mail: it is the other side's part now — send them the file".into(),
            ));
        }
        return Ok(Sending {
            command,
            secret: None,
        });
    }
    let salt: String = rand::random::<[u8; 16]>()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let seal = commitment(&salt, &command);
    match R::face_down(world, &command, &seal) {
        Ok(None) => Ok(Sending {
            command,
            secret: None,
        }),
        Ok(Some(face_down)) => {
            take_back_replaced::<R>(world, &face_down)
                .map_err(|why| CommandOutcome::Refused(command.clone(), why))?;
            let secret = ron::to_string(&Secret { salt, command }).unwrap_or_default();
            Ok(Sending {
                command: face_down,
                secret: Some(secret),
            })
        }
        Err(why) => Err(CommandOutcome::Refused(command, why)),
    }
}

/// A face-down command that takes the place of one this sitting sent before
/// ([`RuleSet::replaces`]: a counter changed before it is turned over) takes that one out of
/// the record and its secret out of the seal, so the other side never learns of the change of
/// mind. Only where nothing since threw a die or drew a card (the dice of a command come from
/// its place in the game); otherwise the earlier one stays, and the new one follows it.
///
/// Errors: the record without it no longer replays, or a later command of the sitting is
/// refused without it (the game is then as that left it).
fn take_back_replaced<R: RuleSet>(world: &mut World, new: &R::Command) -> Result<(), String> {
    let from = world.resource::<Seat>().sat_at;
    let record = world.resource::<GameRecord<R::Command>>().clone();
    let Some(k) = (from..record.commands.len())
        .rev()
        .find(|&k| R::replaces(&record.commands[k].command, new))
    else {
        return Ok(());
    };
    if record.commands[k..]
        .iter()
        .any(|c| !c.dice.is_empty() || !c.cards.is_empty())
    {
        return Ok(());
    }
    let earlier = ron::to_string(&record.commands[k].command).unwrap_or_default();
    // The game as it stood before the earlier one; the sitting's commands after it are sent
    // again, so their states, and their signatures, are those of the game without it.
    let mut before = record.clone();
    before.commands.truncate(k);
    super::replay::rebuild::<R>(world, &before).map_err(|e| e.to_string())?;
    for c in &record.commands[k + 1..] {
        if let CommandOutcome::Refused(_, why) = process::<R>(world, c.command.clone()) {
            return Err(format!(
                "Play by e-mail: the counter could not be placed again: {why}"
            ));
        }
    }
    let mut seat = world.resource_mut::<Seat>();
    seat.secrets.retain(|s| {
        ron::from_str::<Secret<R::Command>>(s).map_or(true, |s| {
            !earlier.contains(&commitment(&s.salt, &s.command))
        })
    });
    reseal::<R>(world);
    Ok(())
}

/// After a command is accepted in a sitting: keeps its secret (sealed into the record at
/// once), turns over what the game now waits to see of the sitting side, and writes the file.
fn after<R: RuleSet>(world: &mut World, secret: Option<String>) {
    let Some(mut seat) = world.get_resource_mut::<Seat>() else {
        return;
    };
    if seat.side.is_none() {
        return;
    }
    if let Some(s) = secret {
        seat.secrets.push(s);
        reseal::<R>(world);
    }
    turn_over_due::<R>(world);
    if let Err(e) = write::<R>(world) {
        world.resource_mut::<Notice>().refusal = Some(e);
    }
}

/// Bytes a sealed side's secrets take, before the first: the list's brackets and room.
const SEALED_BASE: usize = 64;
/// Bytes each secret takes in a seal: room for any face-down command a rule set keeps (a
/// Tyneside order counter's RON, with its salt, is about 130).
const SEALED_SLOT: usize = 256;

/// `plain` (the RON list of `n` secrets) padded with spaces to the one length every list of
/// `n` secrets seals to, so a seal's length tells nothing of what is in it (a Stand from an
/// Advance) but how many counters lie face down, which the record shows anyway. A longer
/// list goes to the next whole slot.
fn padded(plain: String, n: usize) -> Vec<u8> {
    let room = SEALED_BASE + n * SEALED_SLOT;
    let len = if plain.len() <= room {
        room
    } else {
        plain.len().div_ceil(SEALED_SLOT) * SEALED_SLOT
    };
    let mut bytes = plain.into_bytes();
    bytes.resize(len, b' ');
    bytes
}

/// Seals the sitting side's secrets into the record.
fn reseal<R: RuleSet>(world: &mut World) {
    let seat = world.resource::<Seat>();
    let (Some(side), Some(key)) = (seat.side, seat.key.clone()) else {
        return;
    };
    let plain = padded(
        ron::to_string(&seat.secrets).unwrap_or_default(),
        seat.secrets.len(),
    );
    let sealed = seal(&key, side, &plain);
    let mut record = world.resource_mut::<GameRecord<R::Command>>();
    if let Some(s) = record
        .by_email
        .as_mut()
        .and_then(|b| b.sides.iter_mut().find(|s| s.side == side))
    {
        s.sealed = sealed;
    }
    super::signing::sign_seal(&mut record, side, &key.signing());
}

/// If the game waits for the sitting side's face-down commands to be shown, sends the rule
/// set's turning-over command; its secrets are then spent.
fn turn_over_due<R: RuleSet>(world: &mut World) {
    let seat = world.resource::<Seat>();
    let Some(side) = seat.side else {
        return;
    };
    let secrets: Vec<Secret<R::Command>> = seat.secrets();
    let Some(command) = R::turn_over(world, side, &secrets) else {
        return;
    };
    match process::<R>(world, command) {
        CommandOutcome::Accepted(_) => {
            world.resource_mut::<Seat>().secrets.clear();
            reseal::<R>(world);
        }
        CommandOutcome::Refused(_, why) => {
            world.resource_mut::<Notice>().refusal = Some(format!(
                "Play by e-mail: the counters could not be turned over: {why}"
            ));
        }
    }
}

/// In a sitting, writes the game to its file again (after an undo: the pipeline's
/// [`super::pipeline::Hooks::rewritten`]); a failure is shown.
fn write_if_sitting<R: RuleSet>(world: &mut World) {
    if world
        .get_resource::<Seat>()
        .is_some_and(|s| s.side.is_some())
        && let Err(e) = write::<R>(world)
    {
        world.resource_mut::<Notice>().refusal = Some(e);
    }
}

/// Writes the game to its file (atomically), the sitting side's seal signed again with the
/// commands the game holds now, so a file cut back is caught.
fn write<R: RuleSet>(world: &mut World) -> Result<(), String> {
    let seat = world.resource::<Seat>();
    if let (Some(side), Some(key)) = (seat.side, seat.key.as_ref().map(Key::signing)) {
        let mut record = world.resource_mut::<GameRecord<R::Command>>();
        super::signing::sign_seal(&mut record, side, &key);
    }
    let seat = world.resource::<Seat>();
    super::save::save(world.resource::<GameRecord<R::Command>>(), &seat.file)
        .map_err(|e| e.to_string())?;
    remember::<R>(world, true);
    Ok(())
}

/// The side a person must act for now, as a sitting sees it: the side signed in (`seated`)
/// while it is among those a person must act for (several may act at once, each declaring in
/// secret), else the first of them; `None` when nobody must.
pub fn to_act<R: RuleSet>(world: &World, seated: Option<usize>) -> Option<usize> {
    // While the dice seed is being drawn, the side to add its part.
    if let Some(super::seed_draw::Draw::Waiting(next)) = world
        .get_resource::<GameRecord<R::Command>>()
        .map(super::seed_draw::draw)
    {
        return Some(next);
    }
    let persons = super::game::persons_to_act::<R>(world);
    seated
        .filter(|s| persons.contains(s))
        .or_else(|| persons.first().copied())
}

/// Whether the sitting is over: someone is signed in and another person's side is to act.
pub fn sitting_over<R: RuleSet>(world: &World) -> bool {
    world
        .get_resource::<Seat>()
        .and_then(|s| s.side)
        .is_some_and(|side| to_act::<R>(world, Some(side)).is_some_and(|s| s != side))
}

fn sit_in_on_request<R: RuleSet>(world: &mut World) {
    let asked: Vec<SitIn> = world.resource_mut::<Messages<SitIn>>().drain().collect();
    for SitIn {
        side,
        side_name,
        passphrase,
        replay_since,
    } in asked
    {
        let mut notice = world.resource_mut::<Notice>();
        notice.info = None;
        notice.refusal = None;
        match sit_in::<R>(world, side, &passphrase, &side_name) {
            Ok(())
                if replay_since
                    && !world
                        .resource::<GameRecord<R::Command>>()
                        .commands
                        .is_empty() =>
            {
                world.write_message(super::replay_view::ViewRequest::OpenSince);
            }
            Ok(()) => {}
            Err(e) => world.resource_mut::<Notice>().refusal = Some(e.to_string()),
        }
    }
}

/// Keeps the [`Seat`]'s view of the game up to date for the shell's screens, and the sitting
/// side's agreement to typed dice with its "We roll our own" (given once, it stands).
fn watch<R: RuleSet>(world: &mut World) {
    if !world.contains_resource::<Seat>() {
        return;
    }
    agree_to_own_dice::<R>(world);
    let seated = world.get_resource::<Seat>().and_then(|s| s.side);
    let (to_act, over) = (to_act::<R>(world, seated), sitting_over::<R>(world));
    let record = world.get_resource::<GameRecord<R::Command>>();
    let signed: Vec<usize> = record
        .and_then(|r| r.by_email.as_ref())
        .map(|b| b.sides.iter().map(|s| s.side).collect())
        .unwrap_or_default();
    let drawing = record.is_some_and(|r| {
        matches!(
            super::seed_draw::draw(r),
            super::seed_draw::Draw::Waiting(_)
        )
    });
    let mut seat = world.resource_mut::<Seat>();
    if (seat.to_act, seat.over, &seat.signed, seat.drawing) != (to_act, over, &signed, drawing) {
        seat.to_act = to_act;
        seat.over = over;
        seat.signed = signed;
        seat.drawing = drawing;
    }
}

/// Records the sitting side's agreement to dice typed in by hand once it ticks "We roll our
/// own" (dice or cards), signed with its seal, and writes the file.
fn agree_to_own_dice<R: RuleSet>(world: &mut World) {
    let seat = world.resource::<Seat>();
    let (Some(side), Some(key)) = (seat.side, seat.key.clone()) else {
        return;
    };
    let ticked = world
        .get_resource::<super::dice::DiceRes>()
        .is_some_and(|d| d.manual())
        || world
            .get_resource::<super::dice::DeckRes>()
            .is_some_and(|d| d.manual());
    if !ticked {
        return;
    }
    let mut record = world.resource_mut::<GameRecord<R::Command>>();
    let Some(entry) = record
        .by_email
        .as_mut()
        .and_then(|b| b.sides.iter_mut().find(|s| s.side == side))
    else {
        return;
    };
    if entry.own_dice {
        return;
    }
    entry.own_dice = true;
    super::signing::sign_seal(&mut record, side, &key.signing());
    if let Err(e) = write::<R>(world) {
        world.resource_mut::<Notice>().refusal = Some(e);
    }
}

/// The sign-in of rule set `R`'s games by e-mail.
pub fn plugin<R: RuleSet>(app: &mut App) {
    let mut hooks = app.world_mut().resource_mut::<super::pipeline::Hooks<R>>();
    hooks.before.push(before_hook::<R>);
    hooks.accepted.push(after_hook::<R>);
    hooks.rewritten.push(write_if_sitting::<R>);
    app.add_systems(
        Update,
        (sit_in_on_request::<R>, watch::<R>)
            .chain()
            .run_if(super::state::playing(R::ID))
            .before(super::pipeline::CommandPipeline),
    );
}

/// What every rule set's play by e-mail shares.
pub(super) fn shared(app: &mut App) {
    app.add_message::<SitIn>();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seal_opens_only_with_its_key_and_side() {
        let key = derive_key("red five", b"0123456789abcdef");
        let sealed = seal(&key, 1, b"Attack");
        assert_eq!(unseal(&key, 1, &sealed).as_deref(), Some(&b"Attack"[..]));
        assert_eq!(unseal(&key, 0, &sealed), None, "another side's seal");
        let wrong = derive_key("red six", b"0123456789abcdef");
        assert_eq!(unseal(&wrong, 1, &sealed), None, "another passphrase");
        let mut bytes = BASE64.decode(&sealed).unwrap();
        *bytes.last_mut().unwrap() ^= 1;
        assert_eq!(unseal(&key, 1, &BASE64.encode(bytes)), None, "changed text");
        assert!(!sealed.contains("Attack"));
    }

    #[test]
    fn a_commitment_binds_the_salt_and_the_command() {
        let a = commitment("00ff", &("g1", "Attack"));
        assert_eq!(a, commitment("00ff", &("g1", "Attack")));
        assert_eq!(a.len(), 64);
        assert_ne!(a, commitment("00fe", &("g1", "Attack")));
        assert_ne!(a, commitment("00ff", &("g1", "Stand")));
    }
}
