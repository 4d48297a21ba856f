//! Play by e-mail: the dice seed is drawn by every side together, so that nobody chose it.
//! Each side a person plays adds a part: first a commitment to a random value (at its first
//! sitting), then, once every side has committed, the value itself. The seed is a hash of all
//! the values, so the last side to reveal cannot pick it (its value was fixed when it
//! committed), and the game is set up with it before the first command. A side's value is
//! drawn from its own key, so it needs nothing kept between sittings. docs/play-by-email.md.

use blake2::{Blake2s256, Digest};

use super::record::{GameRecord, SeedPart};
use crate::rules::scenario::read_header;

/// Where the drawing of a game's seed stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Draw {
    /// Not a game whose seed is drawn together (not by e-mail, or a save from before format
    /// version 4).
    NotDrawn,
    /// Side `0` is to add its part next: its commitment, or its value.
    Waiting(usize),
    /// Every part is in: the seed.
    Settled(u64),
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The value a side adds, drawn from its sealing key (32 bytes) and the scenario's hash: hex
/// of BLAKE2s-256 under a label of its own.
pub fn value(sealing: &[u8; 32], scenario_hash: &str) -> String {
    let mut h = Blake2s256::new();
    h.update(b"holotable: a side's part of the dice seed\n");
    h.update(sealing);
    h.update(scenario_hash.as_bytes());
    hex(&h.finalize())
}

/// The commitment to `value`: hex of BLAKE2s-256 under a label of its own.
pub fn commitment(value: &str) -> String {
    let mut h = Blake2s256::new();
    h.update(b"holotable: a commitment to a part of the dice seed\n");
    h.update(value.as_bytes());
    hex(&h.finalize())
}

/// The sides that draw the seed: those the scenario gives a person, in scenario order. The
/// last answer is kept (by the scenario's text), as the window asks every frame.
pub fn drawers<C>(record: &GameRecord<C>) -> Vec<usize> {
    thread_local! {
        static LAST: std::cell::RefCell<Option<(String, Vec<usize>)>> =
            const { std::cell::RefCell::new(None) };
    }
    if let Some(known) = LAST.with_borrow(|l| {
        l.as_ref()
            .filter(|(src, _)| *src == record.scenario_src)
            .map(|(_, d)| d.clone())
    }) {
        return known;
    }
    let drawers: Vec<usize> = read_header(
        &record.scenario_src,
        &record.scenario_file,
        &[record.ruleset.as_str()],
    )
    .map(|h| h.persons())
    .unwrap_or_default();
    LAST.with_borrow_mut(|l| *l = Some((record.scenario_src.clone(), drawers.clone())));
    drawers
}

/// Where the drawing of `record`'s seed stands: every drawer's commitment first, then every
/// value, each in scenario order.
pub fn draw<C>(record: &GameRecord<C>) -> Draw {
    let Some(by_email) = record.by_email.as_ref().filter(|_| record.version >= 4) else {
        return Draw::NotDrawn;
    };
    let drawers = drawers(record);
    if drawers.is_empty() {
        return Draw::NotDrawn;
    }
    let part = |s: usize| by_email.seed.iter().find(|p| p.side == s);
    if let Some(&s) = drawers.iter().find(|&&s| part(s).is_none()) {
        return Draw::Waiting(s);
    }
    if let Some(&s) = drawers
        .iter()
        .find(|&&s| part(s).is_some_and(|p| p.value.is_none()))
    {
        return Draw::Waiting(s);
    }
    let mut h = Blake2s256::new();
    h.update(b"holotable: the dice seed\n");
    for s in &drawers {
        h.update(
            part(*s)
                .and_then(|p| p.value.as_deref())
                .unwrap_or("")
                .as_bytes(),
        );
    }
    let bytes: [u8; 32] = h.finalize().into();
    let mut seed = [0u8; 8];
    seed.copy_from_slice(&bytes[..8]);
    Draw::Settled(u64::from_le_bytes(seed))
}

/// Adds side `side`'s part to `record` where it is due: its commitment if it has none, its
/// value once every drawer has committed. Returns whether anything was added.
pub fn add_part<C>(record: &mut GameRecord<C>, side: usize, value: &str) -> bool {
    let drawers = drawers(record);
    if !drawers.contains(&side) || record.version < 4 {
        return false;
    }
    let Some(by_email) = record.by_email.as_mut() else {
        return false;
    };
    let mut added = false;
    if !by_email.seed.iter().any(|p| p.side == side) {
        by_email.seed.push(SeedPart {
            side,
            commitment: commitment(value),
            value: None,
        });
        added = true;
    }
    let all_committed = drawers
        .iter()
        .all(|d| by_email.seed.iter().any(|p| p.side == *d));
    if all_committed
        && let Some(p) = by_email
            .seed
            .iter_mut()
            .find(|p| p.side == side && p.value.is_none())
    {
        p.value = Some(value.to_string());
        added = true;
    }
    added
}

/// Checks the drawing in a game by e-mail being opened: every value revealed is the one its
/// side committed to, and a game with commands was played with the seed the parts give.
///
/// Errors: a value that is not the one committed to, commands before the seed was drawn, or a
/// seed that is not the drawn one.
pub fn check<C>(record: &GameRecord<C>) -> Result<(), String> {
    let Some(by_email) = &record.by_email else {
        return Ok(());
    };
    for p in &by_email.seed {
        if p.value
            .as_deref()
            .is_some_and(|v| commitment(v) != p.commitment)
        {
            return Err(format!(
                "Play by e-mail: side {}'s part of the dice seed is not the one it committed to: the file was edited",
                p.side
            ));
        }
    }
    match draw(record) {
        Draw::Settled(seed) if record.seed != Some(seed) => Err(
            "Play by e-mail: the game's dice seed is not the one both sides drew: the file was edited"
                .into(),
        ),
        Draw::Waiting(_) if !record.commands.is_empty() => Err(
            "Play by e-mail: commands were played before the dice seed was drawn: the file was edited"
                .into(),
        ),
        _ => Ok(()),
    }
}
