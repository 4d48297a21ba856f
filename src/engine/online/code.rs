//! The join code: what the host shows and a guest types. It is the only shared secret of an
//! online game: the connection's key is drawn from it (so a stranger without it cannot even
//! connect, and every packet is encrypted and authenticated by renet's netcode), and a guest's
//! hello must carry it too.

use blake2::{Blake2s256, Digest};

/// The code's letters: no 0/O, 1/I/L, 2/Z, 5/S, 8/B, so that it reads aloud and types back.
const LETTERS: &[u8] = b"ACDEFGHJKMNPQRTUVWXY34679";

/// A new join code: 12 letters of [`LETTERS`] (about 56 bits) in three groups, `XXXX-XXXX-XXXX`.
pub fn new_code() -> String {
    let mut out = String::with_capacity(14);
    for i in 0..12 {
        if i > 0 && i % 4 == 0 {
            out.push('-');
        }
        let n: usize = rand::random_range(0..LETTERS.len());
        out.push(LETTERS[n] as char);
    }
    out
}

/// `code` as compared: upper case, without dashes or spaces.
pub fn normal(code: &str) -> String {
    code.chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// Whether `code` reads as a join code: 12 of [`LETTERS`] once dashes and spaces are gone,
/// whatever the case.
pub fn well_formed(code: &str) -> bool {
    let n = normal(code);
    n.len() == 12 && n.bytes().all(|b| LETTERS.contains(&b))
}

/// Whether `a` and `b` are the same code ([`normal`]), compared in time independent of where
/// they differ.
pub fn same(a: &str, b: &str) -> bool {
    let (a, b) = (normal(a), normal(b));
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

/// The connection's 32-byte key, drawn from the code (BLAKE2s-256 of a label and the code).
pub fn key(code: &str) -> [u8; 32] {
    let mut h = Blake2s256::new();
    h.update(b"holotable online key\n");
    h.update(normal(code).as_bytes());
    h.finalize().into()
}

/// The connection's protocol id, drawn from the code and the program's version, so that a
/// guest with another version is told apart before anything is read.
pub fn protocol_id(code: &str) -> u64 {
    let mut h = Blake2s256::new();
    h.update(b"holotable online protocol\n");
    h.update(env!("CARGO_PKG_VERSION").as_bytes());
    h.update(normal(code).as_bytes());
    let d = h.finalize();
    u64::from_le_bytes([d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_code_reads_back_and_codes_match_whatever_the_case_and_dashes() {
        let c = new_code();
        assert_eq!(c.len(), 14);
        assert!(
            c.chars()
                .all(|ch| ch == '-' || LETTERS.contains(&(ch as u8)))
        );
        assert!(same(&c, &c.to_lowercase().replace('-', " ")));
        assert!(well_formed(&c) && well_formed(&c.to_lowercase()));
        assert!(!well_formed("AAAA-BBBB-CCCCj96y-nvew-mpnc"), "too long");
        assert!(!well_formed("AAAA-BBBB-CCC0"), "0 is not a code letter");
        assert!(!same(&c, "ACDE-FGHJ-KMN"));
        assert_eq!(key(&c), key(&c.to_lowercase()));
        assert_ne!(key("AAAA-AAAA-AAAA"), key("AAAA-AAAA-AAAC"));
        assert_ne!(protocol_id("AAAA"), protocol_id("AAAC"));
    }
}
