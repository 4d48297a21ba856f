//! A game played at a club server carries its proof in its record: the server's part of the
//! dice seed with the commitment it published before any player gave his, every seat's key and
//! part, and each player's signature over each command he sent. `holotable replay --check`
//! verifies it offline ([`check`]), so an exported game shows that nobody chose its dice and
//! that each player's commands are his. The digests both ends sign live here.
//! docs/club-server.md.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use blake2::{Blake2s256, Digest};
use ed25519_dalek::{Signature, Verifier, VerifyingKey};
use serde::Serialize;

use super::record::GameRecord;
pub use super::record::{ClubProof, ClubSeat};

/// BLAKE2s-256 of `label` and each part with its length before it (so no two lists of parts
/// read alike): what every club signature and seed is drawn over.
pub fn digest(label: &[u8], parts: &[&[u8]]) -> [u8; 32] {
    let mut h = Blake2s256::new();
    h.update(label);
    for part in parts {
        h.update((part.len() as u64).to_le_bytes());
        h.update(part);
    }
    h.finalize().into()
}

/// What a player signs for a command: BLAKE2s-256 of the game's number, the number of
/// commands the game held before it, and its RON, so a signature is good for one place in
/// one game.
pub fn command_message(game: u64, index: usize, ron: &str) -> [u8; 32] {
    digest(
        b"holotable: a command in a club game\n",
        &[
            &game.to_le_bytes(),
            &(index as u64).to_le_bytes(),
            ron.as_bytes(),
        ],
    )
}

/// Whether `signature` (base64) is `public`'s (base64) over `message`. Anything that does not
/// decode is no signature.
pub fn verify(public: &str, message: &[u8; 32], signature: &str) -> bool {
    let (Ok(key), Ok(sig)) = (BASE64.decode(public), BASE64.decode(signature)) else {
        return false;
    };
    let (Ok(key), Ok(sig)) = (<[u8; 32]>::try_from(key), <[u8; 64]>::try_from(sig)) else {
        return false;
    };
    let Ok(key) = VerifyingKey::from_bytes(&key) else {
        return false;
    };
    key.verify(message, &Signature::from_bytes(&sig)).is_ok()
}

/// A game's dice seed from the server's part and every seat's part, in scenario order: the
/// first 8 bytes, little-endian, of BLAKE2s-256 over them all.
pub fn seed(server: &str, parts: &[String]) -> u64 {
    let mut all: Vec<&[u8]> = vec![server.as_bytes()];
    all.extend(parts.iter().map(|p| p.as_bytes()));
    let bytes = digest(b"holotable: a club game's dice seed\n", &all);
    u64::from_le_bytes(bytes[..8].try_into().unwrap_or_default())
}

/// Checks `record`'s club proof, where it has one: the server's part is the one it committed
/// to, the seed is the one every part gives, and each player's command is signed by its seat's
/// key for its place in the game.
///
/// Errors: which of those fails, in words.
pub fn check<C: Serialize>(record: &GameRecord<C>) -> Result<(), String> {
    let Some(proof) = &record.club else {
        return Ok(());
    };
    if super::seed_draw::commitment(&proof.server_part) != proof.commitment {
        return Err(
            "Club game: the server's part of the dice seed is not the one it committed to".into(),
        );
    }
    let parts: Vec<String> = proof.seats.iter().map(|s| s.part.clone()).collect();
    if record.seed != Some(seed(&proof.server_part, &parts)) {
        return Err("Club game: the dice seed is not the one the server's and the players' parts give: the file was edited".into());
    }
    if proof.signed.len() != record.commands.len() {
        return Err(format!(
            "Club game: {} signatures for {} commands: the file was edited",
            proof.signed.len(),
            record.commands.len()
        ));
    }
    for (i, (rc, signed)) in record.commands.iter().zip(&proof.signed).enumerate() {
        let Some((side, signature)) = signed else {
            continue;
        };
        let seat = proof
            .seats
            .iter()
            .find(|s| s.side == *side)
            .ok_or_else(|| {
                format!(
                    "Club game: command {} is signed for a side with no seat",
                    i + 1
                )
            })?;
        let ron = ron::to_string(&rc.command).map_err(|e| e.to_string())?;
        if !verify(
            &seat.public,
            &command_message(proof.game, i, &ron),
            signature,
        ) {
            return Err(format!(
                "Club game: command {} is not signed by its player: the file was edited",
                i + 1
            ));
        }
    }
    Ok(())
}

/// Checks who a club game's command is signed by against who was to act when it was made
/// (`to_act`, the sides the rules of the game wait for; `name` names a side): a command signed
/// for a seat's side must come when that side is to act, and an unsigned one (a step of the
/// rules' side) only when a side without a seat is to act, so no player's command passes
/// unsigned.
///
/// Errors: the fault, in words that follow "command N".
pub fn check_signer(
    proof: &ClubProof,
    signer: Option<usize>,
    to_act: &[usize],
    name: impl Fn(usize) -> String,
) -> Result<(), String> {
    let seated = |s: &usize| proof.seats.iter().any(|seat| seat.side == *s);
    match signer {
        Some(s) if !to_act.contains(&s) => Err(format!(
            "is signed for {}, who was not to act: the file was edited",
            name(s)
        )),
        None if !to_act.is_empty() && to_act.iter().all(seated) => Err(format!(
            "was {} to make and carries no signature: the file was edited",
            to_act
                .iter()
                .map(|&s| name(s))
                .collect::<Vec<_>>()
                .join(" or ")
                + "'s"
        )),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn proof() -> ClubProof {
        ClubProof {
            seats: vec![
                ClubSeat {
                    side: 0,
                    ..Default::default()
                },
                ClubSeat {
                    side: 2,
                    ..Default::default()
                },
            ],
            ..Default::default()
        }
    }

    #[test]
    fn a_players_command_is_signed_by_the_side_to_act_and_only_the_rules_step_unsigned() {
        let name = |s: usize| format!("side {s}");
        let p = proof();
        assert_eq!(check_signer(&p, Some(0), &[0], name), Ok(()));
        assert!(
            check_signer(&p, Some(2), &[0], name)
                .unwrap_err()
                .contains("not to act")
        );
        assert!(
            check_signer(&p, None, &[0], name)
                .unwrap_err()
                .contains("no signature")
        );
        assert!(
            check_signer(&p, None, &[0, 2], name)
                .unwrap_err()
                .contains("no signature")
        );
        // Side 1 has no seat: the rules play it, unsigned.
        assert_eq!(check_signer(&p, None, &[1], name), Ok(()));
        assert_eq!(check_signer(&p, None, &[0, 1], name), Ok(()));
    }
}
