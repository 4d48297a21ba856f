//! The game record (rule set, scenario, seed, every accepted command with the dice and cards
//! it used and the state hash after it) and the event log the screen and `holotable run` show.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::rules::cards::CardRecord;
use crate::rules::dice::RollRecord;

/// What a save file says it is (see [`super::save`]).
pub const SAVE_FORMAT: &str = "holotable-save";
/// The save format's version: 2 added the format tag, the rule set id, cards and state
/// hashes; 3 binds a seeded game's dice and cards to its seed and each command's place
/// (`crate::rules::dice::command_seed`); 4 binds the scenario: its hash is recorded when the
/// game begins and checked on every replay ([`scenario_hash`]). Version 1 saves (no format
/// tag) are refused with a clear error; version 2 saves are read, their recorded dice and
/// cards forced on replay; version 3 saves are read without the scenario check.
pub const SAVE_VERSION: u32 = 4;

/// The oldest save format version read ([`SAVE_VERSION`] says what each added).
pub const OLDEST_VERSION: u32 = 2;

/// One accepted command, the randomness it consumed and the state it left.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RecordedCommand<C> {
    /// The command as sent.
    pub command: C,
    /// The dice it threw, in order.
    #[serde(default)]
    pub dice: Vec<RollRecord>,
    /// The cards it drew, in order.
    #[serde(default)]
    pub cards: Vec<CardRecord>,
    /// The rule set's state hash after it (see [`super::hash`]).
    pub hash: u64,
    /// In a game by e-mail: the side that sent it and its signature ([`super::signing`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signed: Option<Signed>,
}

/// Everything needed to replay and verify a game: same scenario + dice + commands ⇒ same
/// game, hash for hash. `C` is the rule set's command type.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord<C> {
    /// Always [`SAVE_FORMAT`].
    pub format: String,
    /// [`SAVE_VERSION`] when written.
    pub version: u32,
    /// The rule set's registry id.
    pub ruleset: String,
    /// Where the scenario came from (file name, or `bundled:<name>`).
    pub scenario_file: String,
    /// The scenario's RON text, so a record is self-contained.
    pub scenario_src: String,
    /// [`scenario_hash`] of `scenario_src` when the game began (format version 4): a
    /// scenario edited in the save afterwards is refused on replay.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario_hash: Option<String>,
    /// The seed, or `None` when the dice were forced.
    pub seed: Option<u64>,
    /// Dice thrown while the game was set up, before any command (e.g. the first impulse's
    /// activation die); replayed first.
    #[serde(default)]
    pub setup_dice: Vec<crate::rules::dice::RollRecord>,
    /// Cards drawn while the game was set up, before any command; replayed first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub setup_cards: Vec<crate::rules::cards::CardRecord>,
    /// Accepted commands, in order.
    pub commands: Vec<RecordedCommand<C>>,
    /// A game played by e-mail: each side's sealed secrets ([`super::by_email`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by_email: Option<ByEmail>,
    /// Where the players left the table's cameras when it was saved ([`CameraPlace`]); no part
    /// of the game (a replay never reads it), so a saved game reopens as it was seen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub camera: Option<CameraPlace>,
    /// Who played which side ([`Hands`]), kept with the game as each command is accepted:
    /// a replay plays the game with the same hands, since the rules decide some things
    /// differently for the side they play (Tyneside's solo rules for Force users).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hands: Option<Hands>,
    /// A game played at a club server: the proof of its seed and of who sent each command
    /// ([`super::club_proof`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub club: Option<ClubProof>,
}

/// Which sides the rules played, and which of those the searching opponent (the list's
/// *Solo as …*, `--ai`, `--search`): a game replayed or resumed from it is played by the
/// same hands.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Hands {
    /// The sides the rules play, by id.
    pub rules: Vec<String>,
    /// Of those, the sides the searching opponent plays, by id.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub searched: Vec<String>,
}

/// Where the players left the table's cameras, kept with the game (the view keeps it current;
/// a resumed game's view starts from it). Board units are the board's own (inches on an inch
/// table, world units of the hex layout on a hex map).
#[derive(Resource, Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CameraPlace {
    /// The flat view: the table point at the middle of the view (board units) and how much
    /// of the board one screen pixel shows (board units).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flat: Option<([f32; 2], f32)>,
    /// The 3D view's orbit: the table point looked at (board units), the bearing round it and
    /// the elevation above the table (radians), and the distance (board units).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub orbit: Option<([f32; 3], f32, f32, f32)>,
}

impl<C> GameRecord<C> {
    /// An empty record of a new game.
    pub fn new(ruleset: &str, scenario_file: &str, scenario_src: &str, seed: Option<u64>) -> Self {
        Self {
            format: SAVE_FORMAT.into(),
            version: SAVE_VERSION,
            ruleset: ruleset.into(),
            scenario_file: scenario_file.into(),
            scenario_src: scenario_src.into(),
            scenario_hash: Some(scenario_hash(scenario_src)),
            seed,
            setup_dice: Vec::new(),
            setup_cards: Vec::new(),
            commands: Vec::new(),
            by_email: None,
            camera: None,
            hands: None,
            club: None,
        }
    }
}

/// The hash a record binds its scenario with: hex of BLAKE2s-256 over the scenario's RON text,
/// byte for byte.
pub fn scenario_hash(src: &str) -> String {
    use blake2::{Blake2s256, Digest};
    Blake2s256::digest(src.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Checks that the scenario of `record` is the one its game began with (format version 4 on;
/// earlier saves hold no hash). `original` is the scenario's text where it can be found again
/// (a bundled scenario, or its file): if it is the one the game began with, the refusal says
/// which line was changed.
///
/// Errors: no hash in a version 4 save, or a scenario that is not the one hashed.
pub fn check_scenario<C>(record: &GameRecord<C>, original: Option<&str>) -> Result<(), String> {
    if record.version < 4 {
        // Only version 4 writes the hash: an older version holding one was relabelled, to
        // pass without the check.
        return match record.scenario_hash {
            Some(_) => Err(format!(
                "{}: a save of format version {} holding a scenario hash, which only version 4 \
                 writes: its version was changed",
                record.scenario_file, record.version
            )),
            None => Ok(()),
        };
    }
    let Some(want) = &record.scenario_hash else {
        return Err(format!(
            "{}: this save holds no hash of its scenario, which every save of format version 4 \
             has: it was edited",
            record.scenario_file
        ));
    };
    if &scenario_hash(&record.scenario_src) == want {
        return Ok(());
    }
    let changed = original
        .filter(|o| &scenario_hash(o) == want)
        .and_then(|o| first_difference(o, &record.scenario_src))
        .map(|(n, was, now)| format!(": line {n} was `{was}`, now `{now}`"))
        .unwrap_or_default();
    Err(format!(
        "{}: the scenario in this save was edited after the game began (it is not the one \
         whose hash the save recorded){changed}",
        record.scenario_file
    ))
}

/// The first line where `now` differs from `was`: its number (1-based) and the two lines,
/// trimmed (empty where one text has ended); none where they are the same line for line.
fn first_difference<'a>(was: &'a str, now: &'a str) -> Option<(usize, &'a str, &'a str)> {
    let (was, now): (Vec<&str>, Vec<&str>) = (was.lines().collect(), now.lines().collect());
    (0..was.len().max(now.len()))
        .find(|&i| was.get(i) != now.get(i))
        .map(|i| {
            let line = |t: &[&'a str]| t.get(i).map_or("", |l| l.trim());
            (i + 1, line(&was), line(&now))
        })
}

/// Checks that a record naming a bundled scenario (`bundled:<name>`) holds that scenario's
/// text byte for byte, `bundled` being the rule set's bundled scenarios as (file name, text):
/// a record cannot borrow a bundled scenario's name for another text, nor swap one bundled
/// name for another.
///
/// Errors: no bundled scenario of that name, or another text (its first differing line
/// named).
pub fn check_bundled<C>(record: &GameRecord<C>, bundled: &[(&str, &str)]) -> Result<(), String> {
    let Some(name) = record.scenario_file.strip_prefix("bundled:") else {
        return Ok(());
    };
    let stem = |n: &str| n.trim_end_matches(".ron").to_string();
    let Some((_, text)) = bundled.iter().find(|(n, _)| stem(n) == stem(name)) else {
        return Err(format!(
            "{}: this Holotable has no bundled scenario of that name",
            record.scenario_file
        ));
    };
    if *text == record.scenario_src {
        return Ok(());
    }
    let line = first_difference(text, &record.scenario_src)
        .map(|(n, was, now)| {
            format!(" (line {n}: `{was}` in the bundled one, `{now}` in the save)")
        })
        .unwrap_or_default();
    Err(format!(
        "{}: the save names this bundled scenario but holds another text{line}: it was \
         edited, or saved by a Holotable whose bundled scenario differed",
        record.scenario_file
    ))
}

/// The stem a save of the game `record` is named after: its scenario file's ("bundled:x" or
/// "scenarios/x.ron" → "x"), or `fallback` with no record.
pub fn save_stem<C>(record: Option<&GameRecord<C>>, fallback: &str) -> String {
    record.map_or_else(
        || fallback.into(),
        |r| scenario_stem(&r.scenario_file, fallback),
    )
}

/// The stem of a scenario file as records name it ("bundled:x" or "scenarios/x.ron" → "x"),
/// or `fallback` when it has none.
pub fn scenario_stem(file: &str, fallback: &str) -> String {
    std::path::Path::new(file.trim_start_matches("bundled:"))
        .file_stem()
        .map_or_else(|| fallback.into(), |s| s.to_string_lossy().to_string())
}

/// A thing that happened, for the log panel and `holotable run`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameEvent {
    /// Turn number.
    pub turn: u32,
    /// What happened, in words.
    pub text: String,
}

/// Every event so far, oldest first.
#[derive(Resource, Clone, Debug, Default, Serialize, Deserialize)]
pub struct GameLog(pub Vec<GameEvent>);

impl GameLog {
    /// Every event as a line, "[turn 3] …" (what `holotable run` prints).
    pub fn lines(&self) -> Vec<String> {
        self.0
            .iter()
            .map(|e| format!("[turn {}] {}", e.turn, e.text))
            .collect()
    }

    /// Adds an event.
    pub fn push(&mut self, turn: u32, text: impl Into<String>) {
        self.0.push(GameEvent {
            turn,
            text: text.into(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::{GameRecord, save_stem};

    #[test]
    fn a_save_is_named_after_its_scenario() {
        let bundled = GameRecord::<()>::new("battlefield", "bundled:walker_assault", "", None);
        let file = GameRecord::<()>::new("tyneside", "scenarios/tyneside/raid.ron", "", None);
        assert_eq!(save_stem(Some(&bundled), "game"), "walker_assault");
        assert_eq!(save_stem(Some(&file), "game"), "raid");
        assert_eq!(save_stem::<()>(None, "battle"), "battle");
    }
}

/// The play-by-e-mail part of a save: each side's sealed secrets, once that side has sat.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ByEmail {
    /// One entry per side that has chosen its passphrase, in the order they first sat.
    pub sides: Vec<SealedSide>,
    /// The sides' parts of the dice seed, drawn together ([`super::seed_draw`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seed: Vec<SeedPart>,
}

/// A side's part of a game's dice seed ([`super::seed_draw`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeedPart {
    /// Side index, in scenario order.
    pub side: usize,
    /// Hex of the commitment to its value, added at its first sitting.
    pub commitment: String,
    /// Hex of its value, added once every side has committed.
    #[serde(default)]
    pub value: Option<String>,
}

/// One side's sealed secrets.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SealedSide {
    /// Side index, in scenario order.
    pub side: usize,
    /// The Argon2id salt of its passphrase, base64.
    pub salt: String,
    /// Its secrets (RON of [`Secret`]s), as base64 of a 12-byte nonce and the
    /// ChaCha20-Poly1305 ciphertext, bound to the side index.
    pub sealed: String,
    /// Base64 of the side's Ed25519 public key ([`super::signing`]); empty in files written
    /// before commands were signed.
    #[serde(default)]
    pub public: String,
    /// Base64 of the side's signature over this entry ([`super::signing::check_seals`]).
    #[serde(default)]
    pub signature: String,
    /// The side agrees that dice and cards may be typed in by hand ("We roll our own"); once
    /// given, for the rest of the game. Typed dice need every side's agreement.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub own_dice: bool,
    /// How many commands the game held when the side last wrote the file, signed with its
    /// seal: a file holding fewer had commands cut from it ([`super::signing::check_seals`]).
    /// None in files written before it was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commands: Option<usize>,
}

/// Who signed a command of a game by e-mail, and the signature.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Signed {
    /// The side that sent it, in scenario order.
    pub side: usize,
    /// Base64 of the Ed25519 signature ([`super::signing::sign_command`]).
    pub signature: String,
}

/// A command a side sent face down, with the salt of its commitment.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Secret<C> {
    /// The commitment's salt, hex (32 digits).
    pub salt: String,
    /// The command as the player sent it.
    pub command: C,
}

/// A club game's proof ([`GameRecord::club`], checked by [`super::club_proof::check`]).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ClubProof {
    /// The game's number at its server (every signature names it).
    pub game: u64,
    /// The server's part of the seed, hex: revealed in the export.
    pub server_part: String,
    /// The commitment to it the lobby showed before any player gave his part, hex.
    pub commitment: String,
    /// Every seat, in side order.
    pub seats: Vec<ClubSeat>,
    /// For each command, by index: the seat's side and its signature, for a player's
    /// command; none for a step of the rules' side.
    pub signed: Vec<Option<(usize, String)>>,
}

/// One seat of a club game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ClubSeat {
    /// The side, by index in the scenario.
    pub side: usize,
    /// The holder's public key, base64.
    pub public: String,
    /// The holder's part of the seed, hex.
    pub part: String,
}
