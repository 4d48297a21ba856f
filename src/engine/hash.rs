//! A stable hash of a game's state: the same state gives the same number on every run and
//! every build, so a save can carry it and a replay can compare it (FNV-1a, 64 bits, over
//! bytes for strings and over whole words for numbers).

use std::hash::Hasher;

/// FNV-1a over the bytes written. Unlike std's `DefaultHasher` its output is fixed by its
/// definition, not by the Rust release, so hashes stored in saves stay comparable.
#[derive(Clone, Debug)]
pub struct StableHasher(u64);

impl Default for StableHasher {
    fn default() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }
}

/// The 64-bit FNV prime.
const PRIME: u64 = 0x0000_0100_0000_01b3;

impl StableHasher {
    fn word(&mut self, v: u64) {
        self.0 ^= v;
        self.0 = self.0.wrapping_mul(PRIME);
    }

    /// Feeds an `f32` by its bits (positions are rounded by the rules, not here).
    pub fn write_f32(&mut self, v: f32) {
        self.write_u32(v.to_bits());
    }
}

impl Hasher for StableHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= u64::from(*b);
            self.0 = self.0.wrapping_mul(PRIME);
        }
    }

    // Whole numbers are folded in as one word each (FNV-1a over words rather than bytes):
    // the same definition on every platform, and several times faster than byte by byte.
    fn write_u8(&mut self, v: u8) {
        self.word(u64::from(v));
    }
    fn write_u16(&mut self, v: u16) {
        self.word(u64::from(v));
    }
    fn write_u32(&mut self, v: u32) {
        self.word(u64::from(v));
    }
    fn write_u64(&mut self, v: u64) {
        self.word(v);
    }
    fn write_usize(&mut self, v: usize) {
        self.word(v as u64);
    }
    fn write_i32(&mut self, v: i32) {
        self.word(v as u32 as u64);
    }
}

/// A stable hash of `value` as JSON: its text streamed into a [`StableHasher`] (the same hash
/// as hashing the text as a `str`, its bytes then 0xff), without building the text. What a
/// rule set whose state is plain serialisable data gives as its state hash.
pub fn json_hash<T: serde::Serialize>(value: &T) -> u64 {
    let mut h = StableHasher::default();
    let _ = serde_json::to_writer(HashWriter(&mut h), value);
    h.write_u8(0xff);
    h.finish()
}

/// Bytes written to it go into a hasher.
struct HashWriter<'a>(&'a mut StableHasher);

impl std::io::Write for HashWriter<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.write(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::hash::Hash;

    use super::*;

    #[test]
    fn fnv1a_reference_values() {
        // Published FNV-1a 64 test vectors: "" and "a".
        assert_eq!(StableHasher::default().finish(), 0xcbf29ce484222325);
        let mut h = StableHasher::default();
        h.write(b"a");
        assert_eq!(h.finish(), 0xaf63dc4c8601ec8c);
    }

    #[test]
    fn different_states_hash_apart() {
        let hash = |s: &str, x: f32| {
            let mut h = StableHasher::default();
            s.hash(&mut h);
            h.write_f32(x);
            h.finish()
        };
        assert_eq!(hash("han", 1.0), hash("han", 1.0));
        assert_ne!(hash("han", 1.0), hash("han", 1.5));
        assert_ne!(hash("han", 1.0), hash("leia", 1.0));
    }
}
