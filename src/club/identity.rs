//! Who a player is on a club server, and what he signs: an Ed25519 key pair kept in his data
//! folder (no password travels), signing in by a challenge, every command signed, and his part
//! of each game's dice seed. docs/club-server.md.

use std::path::Path;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use ed25519_dalek::{Signer, SigningKey};

use crate::engine::club_proof::digest;
pub use crate::engine::club_proof::{command_message, seed, verify};

/// The file in the data folder that keeps the player's secret key (hex of 32 bytes).
pub const KEY_FILE: &str = "club-key";

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex32(text: &str) -> Option<[u8; 32]> {
    let text = text.trim();
    if text.len() != 64 {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(text.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(out)
}

/// Hex of 32 random bytes: a nonce, the server's part of a seed, an invitation's source.
pub fn random_hex() -> String {
    hex(&rand::random::<[u8; 32]>())
}

/// The player's key, kept in `folder`'s [`KEY_FILE`]; drawn and written (whole or not at all)
/// the first time.
///
/// Errors: the key cannot be written, or the file holds something that is not a key (it is
/// left as it is: a player's identity is never overwritten).
pub fn key_in(folder: &Path) -> Result<SigningKey, String> {
    let file = folder.join(KEY_FILE);
    match std::fs::read_to_string(&file) {
        Ok(text) => unhex32(&text)
            .map(|b| SigningKey::from_bytes(&b))
            .ok_or_else(|| {
                format!(
                    "{}: not a club key (64 hex digits); move it away to draw a new one",
                    file.display()
                )
            }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let key = SigningKey::from_bytes(&rand::random());
            crate::engine::save::write_atomically(&file, hex(&key.to_bytes()).as_bytes())
                .map_err(|e| format!("{}: cannot keep the club key: {e}", file.display()))?;
            Ok(key)
        }
        Err(e) => Err(format!("{}: {e}", file.display())),
    }
}

/// Base64 of `key`'s public half: the player's identity on a server.
pub fn public(key: &SigningKey) -> String {
    BASE64.encode(key.verifying_key().to_bytes())
}

/// What a player signs to sign in: BLAKE2s-256 of the server's nonce, his display name and his
/// public key (base64), so a signature answers one challenge for one name.
pub fn sign_in_message(nonce: &str, name: &str, public: &str) -> [u8; 32] {
    digest(
        b"holotable: signing in to a club server\n",
        &[nonce.as_bytes(), name.as_bytes(), public.as_bytes()],
    )
}

/// Base64 of `key`'s signature over `message`.
pub fn sign(key: &SigningKey, message: &[u8; 32]) -> String {
    BASE64.encode(key.sign(message).to_bytes())
}

/// A player's part of game `game`'s dice seed: hex of BLAKE2s-256 of his secret key and the
/// game. Drawn from his key, he can name it again to check a finished game without keeping
/// anything; given after the server's commitment was published, the server could not have
/// chosen its own part knowing it.
pub fn seed_part(key: &SigningKey, game: u64) -> String {
    hex(&digest(
        b"holotable: a player's part of a club game's seed\n",
        &[&key.to_bytes(), &game.to_le_bytes()],
    ))
}

/// Whether `part` is shaped as a part of a seed (64 hex digits).
pub fn is_part(part: &str) -> bool {
    unhex32(part).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_kept_signs_and_is_not_overwritten() {
        let dir = std::env::temp_dir().join(format!("holotable-club-key-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let key = key_in(&dir).unwrap();
        assert_eq!(key_in(&dir).unwrap().to_bytes(), key.to_bytes(), "kept");
        let m = sign_in_message("nonce", "Wedge", &public(&key));
        let sig = sign(&key, &m);
        assert!(verify(&public(&key), &m, &sig));
        let other = sign_in_message("nonce", "Biggs", &public(&key));
        assert!(!verify(&public(&key), &other, &sig), "another name");
        assert!(!verify("not base64!", &m, &sig) && !verify(&public(&key), &m, "AAAA"));
        std::fs::write(dir.join(KEY_FILE), "garbage").unwrap();
        assert!(key_in(&dir).is_err());
        assert_eq!(
            std::fs::read_to_string(dir.join(KEY_FILE)).unwrap(),
            "garbage"
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn every_part_moves_the_seed() {
        let parts = vec!["a".repeat(64), "b".repeat(64)];
        let s = seed("server", &parts);
        assert_ne!(s, seed("server2", &parts));
        assert_ne!(s, seed("server", &[parts[0].clone(), "c".repeat(64)]));
        assert_eq!(s, seed("server", &parts));
        let key = SigningKey::from_bytes(&[7; 32]);
        let part = seed_part(&key, 3);
        assert!(is_part(&part) && part != seed_part(&key, 4));
    }
}
