//! Play by e-mail: every command is signed by the side that sent it, and every side's seal by
//! that side, with an Ed25519 key drawn from the side's passphrase (the same Argon2id key that
//! seals its secrets). A command's signature covers the scenario's hash, its place in the game,
//! the state hash before it, the command and the state hash after it; a seal's covers the
//! scenario's hash and everything in the entry. Opening the file checks them all, so a player
//! holding the file cannot act as the other side once that side has played, nor edit or swap
//! its seal. docs/play-by-email.md.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use blake2::{Blake2s256, Digest};
use ed25519_dalek::{Signature, Signer, SigningKey, Verifier, VerifyingKey};
use serde::Serialize;

pub use super::record::Signed;
use super::record::{GameRecord, SealedSide};

/// The signing key of a side whose sealing key (32 bytes of Argon2id output) is `sealing`:
/// BLAKE2s-256 of it under a label of its own, so the two keys are never the same.
pub fn signing_key(sealing: &[u8; 32]) -> SigningKey {
    let mut h = Blake2s256::new();
    h.update(b"holotable: the signing key of a side\n");
    h.update(sealing);
    SigningKey::from_bytes(&h.finalize().into())
}

/// The public half of `key`, base64: what a side's entry in the file shows.
pub fn public(key: &SigningKey) -> String {
    BASE64.encode(key.verifying_key().to_bytes())
}

/// What command `index` (0-based) of `record` is signed over: BLAKE2s-256 of the scenario's
/// hash, the index, the state hash after the command before (none for the first), the
/// command's RON and the state hash after it.
fn command_message<C: Serialize>(record: &GameRecord<C>, index: usize) -> Option<[u8; 32]> {
    let rc = record.commands.get(index)?;
    let previous = index
        .checked_sub(1)
        .and_then(|p| record.commands.get(p))
        .map(|c| c.hash);
    let mut h = Blake2s256::new();
    h.update(b"holotable: a command\n");
    h.update(record.scenario_hash.as_deref().unwrap_or("").as_bytes());
    h.update((index as u64).to_le_bytes());
    h.update(previous.map_or([0xff; 9], |p| {
        let mut b = [0u8; 9];
        b[1..].copy_from_slice(&p.to_le_bytes());
        b
    }));
    h.update(ron::to_string(&rc.command).ok()?.as_bytes());
    h.update(rc.hash.to_le_bytes());
    Some(h.finalize().into())
}

/// What a side's entry is signed over: BLAKE2s-256 of the scenario's hash, every field of
/// the entry but the signature (its agreement to typed dice among them), and the side's part
/// of the dice seed (`part`: commitment and
/// value, empty where not added).
fn seal_message(scenario_hash: &str, s: &SealedSide, part: (&str, &str)) -> [u8; 32] {
    let mut h = Blake2s256::new();
    h.update(b"holotable: a seal\n");
    // Files written before the count was kept sign without it.
    let count = s
        .commands
        .map(|n| format!("commands {n}"))
        .unwrap_or_default();
    for part in [
        scenario_hash,
        &s.side.to_string(),
        &s.salt,
        &s.public,
        &s.sealed,
        part.0,
        part.1,
        if s.own_dice { "own dice" } else { "" },
    ]
    .into_iter()
    .chain(s.commands.is_some().then_some(count.as_str()))
    {
        h.update((part.len() as u64).to_le_bytes());
        h.update(part.as_bytes());
    }
    h.finalize().into()
}

/// Signs command `index` of `record` as side `side`'s.
pub fn sign_command<C: Serialize>(
    record: &mut GameRecord<C>,
    index: usize,
    side: usize,
    key: &SigningKey,
) {
    let Some(message) = command_message(record, index) else {
        return;
    };
    let signature = BASE64.encode(key.sign(&message).to_bytes());
    if let Some(rc) = record.commands.get_mut(index) {
        rc.signed = Some(Signed { side, signature });
    }
}

/// Side `side`'s part of the dice seed in `record`: (commitment, value), empty where not
/// added.
fn seed_part<C>(record: &GameRecord<C>, side: usize) -> (String, String) {
    record
        .by_email
        .as_ref()
        .and_then(|b| b.seed.iter().find(|p| p.side == side))
        .map(|p| (p.commitment.clone(), p.value.clone().unwrap_or_default()))
        .unwrap_or_default()
}

/// Signs side `side`'s entry in `record` with its key (after its seal or its part of the dice
/// seed changed).
pub fn sign_seal<C>(record: &mut GameRecord<C>, side: usize, key: &SigningKey) {
    let scenario = record.scenario_hash.clone().unwrap_or_default();
    let (commitment, value) = seed_part(record, side);
    let commands = record.commands.len();
    if let Some(s) = record
        .by_email
        .as_mut()
        .and_then(|b| b.sides.iter_mut().find(|s| s.side == side))
    {
        s.public = public(key);
        s.commands = Some(commands);
        let message = seal_message(&scenario, s, (&commitment, &value));
        s.signature = BASE64.encode(key.sign(&message).to_bytes());
    }
}

/// The public key of side `side` in `record`, if it has an entry with one that reads.
fn key_of<C>(record: &GameRecord<C>, side: usize) -> Option<VerifyingKey> {
    let s = record
        .by_email
        .as_ref()?
        .sides
        .iter()
        .find(|s| s.side == side)?;
    let bytes: [u8; 32] = BASE64.decode(&s.public).ok()?.try_into().ok()?;
    VerifyingKey::from_bytes(&bytes).ok()
}

/// Whether `signature` (base64) is `key`'s over `message`.
fn verifies(key: &VerifyingKey, message: &[u8; 32], signature: &str) -> bool {
    BASE64
        .decode(signature)
        .ok()
        .and_then(|b| <[u8; 64]>::try_from(b).ok())
        .is_some_and(|b| key.verify(message, &Signature::from_bytes(&b)).is_ok())
}

/// Checks every side's entry in a game by e-mail: one entry a side, each signed by its own
/// key. `name` names a side for messages.
///
/// Errors: two entries for one side, or an entry whose key or signature does not hold (its
/// salt, key, seal or side was changed), naming the side.
pub fn check_seals<C>(
    record: &GameRecord<C>,
    name: impl Fn(usize) -> String,
) -> Result<(), String> {
    let Some(by_email) = &record.by_email else {
        return Ok(());
    };
    let scenario = record.scenario_hash.as_deref().unwrap_or("");
    if let Some(p) = by_email
        .seed
        .iter()
        .find(|p| !by_email.sides.iter().any(|s| s.side == p.side))
    {
        return Err(format!(
            "Play by e-mail: {} has a part of the dice seed but no seal: the file was edited",
            name(p.side)
        ));
    }
    for (n, s) in by_email.sides.iter().enumerate() {
        if by_email.sides[..n].iter().any(|o| o.side == s.side) {
            return Err(format!(
                "Play by e-mail: {} has two seals in this file: it was edited",
                name(s.side)
            ));
        }
        let (commitment, value) = seed_part(record, s.side);
        let message = seal_message(scenario, s, (&commitment, &value));
        let holds = key_of(record, s.side).is_some_and(|k| verifies(&k, &message, &s.signature));
        if !holds {
            return Err(format!(
                "Play by e-mail: {}'s seal is not as {} left it (its salt, key, sealed orders, side or part of the dice seed were changed): the file was edited",
                name(s.side),
                name(s.side)
            ));
        }
    }
    Ok(())
}

/// Checks that a game by e-mail read from a file holds at least as many commands as each
/// side signed with its seal when it last wrote it ([`SealedSide::commands`]); the seals are
/// checked by [`check_seals`]. Not while a sitting takes its own commands back.
///
/// Errors: a side that wrote the game further than the file holds: commands were cut.
pub fn check_counts<C>(
    record: &GameRecord<C>,
    name: impl Fn(usize) -> String,
) -> Result<(), String> {
    let held = record.commands.len();
    let Some(by_email) = &record.by_email else {
        return Ok(());
    };
    match by_email
        .sides
        .iter()
        .find(|s| s.commands.is_some_and(|n| n > held))
    {
        Some(s) => Err(format!(
            "Play by e-mail: {} last wrote this game at {} commands, and the file holds {held}: commands were cut from it (an older file, or a rollback)",
            name(s.side),
            s.commands.unwrap_or_default()
        )),
        None => Ok(()),
    }
}

/// Checks command `index` of a game by e-mail: signed by a side with a seal in the file, by
/// that side's key, and that side the one to act (`to_act`: the side a person had to act for
/// then, if any). `name` names a side for messages.
///
/// Errors: an unsigned command, a side with no seal (its key missing from a game it has played
/// in), a signature that does not hold (the command, its place or the states around it
/// changed), or a side acting out of turn.
pub fn check_command<C: Serialize>(
    record: &GameRecord<C>,
    index: usize,
    to_act: Option<usize>,
    name: impl Fn(usize) -> String,
) -> Result<(), String> {
    let Some(signed) = record.commands.get(index).and_then(|c| c.signed.as_ref()) else {
        return Err("Play by e-mail: no side signed it: the file was edited".into());
    };
    let who = name(signed.side);
    let Some(key) = key_of(record, signed.side) else {
        return Err(format!(
            "Play by e-mail: signed by {who}, whose key is missing from the file: it was edited"
        ));
    };
    let holds =
        command_message(record, index).is_some_and(|m| verifies(&key, &m, &signed.signature));
    if !holds {
        return Err(format!(
            "Play by e-mail: {who}'s signature does not hold for it (the command or the game around it was changed): the file was edited"
        ));
    }
    if let Some(side) = to_act.filter(|&s| s != signed.side) {
        return Err(format!(
            "Play by e-mail: signed by {who} when {} was to act",
            name(side)
        ));
    }
    Ok(())
}

/// The drawers of `record`'s dice seed (the sides a person plays) that have not agreed to dice
/// typed in by hand; empty when every one has.
pub fn not_agreed_to_own_dice<C>(record: &GameRecord<C>) -> Vec<usize> {
    let agreed = |side: usize| {
        record
            .by_email
            .as_ref()
            .is_some_and(|b| b.sides.iter().any(|s| s.side == side && s.own_dice))
    };
    super::seed_draw::drawers(record)
        .into_iter()
        .filter(|&s| !agreed(s))
        .collect()
}
