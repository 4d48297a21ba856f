//! Support weapons' arithmetic: artillery and bombardment misses, the scatter, the blast.

use hexx::Hex;

use super::map::{scatter_direction, sort_key};

/// Whether campaign artillery misses on d6 `face`: "On a roll of 1-2, the artillery shot
/// misses its target (roll of 1 for units with special hability to direct artillery fire)".
pub fn artillery_misses(face: i32, directed: bool) -> bool {
    face <= if directed { 1 } else { 2 }
}

/// Whether counterfire misses on d6 `face`: "For each artillery piece, a 6-sided dice is
/// rolled. A result of 1-2 is missed."
pub fn counterfire_misses(face: i32) -> bool {
    face <= 2
}

/// Where a missed shot comes down: "another 6-sided dice is rolled to see on wich direction
/// ... Then another 6-sided dice is played to determine distance. The result is the number of
/// hexes to count from the initial target".
pub fn scatter(target: Hex, direction: i32, distance: i32) -> Hex {
    let dir = scatter_direction(direction);
    (0..distance).fold(target, |h, _| h.neighbor(dir))
}

/// The hexes a space bombardment hits: "the targeted hex plus all hexes surrouding it up to a
/// range of 2 hexes" (hexx's range), sorted by column then row.
pub fn blast(centre: Hex) -> Vec<Hex> {
    let mut v: Vec<Hex> = centre.range(2).collect();
    v.sort_by_key(sort_key);
    v
}

#[cfg(test)]
mod tests {
    use super::super::map::hex_at;
    use super::*;

    #[test]
    fn scatter_counts_from_the_target_in_the_direction_rolled() {
        assert_eq!(scatter(hex_at(5, 5), 1, 3), hex_at(5, 2));
        assert_eq!(scatter(hex_at(5, 5), 4, 2), hex_at(5, 7));
        assert!(artillery_misses(2, false) && !artillery_misses(2, true));
        assert_eq!(blast(hex_at(5, 5)).len(), 19);
    }
}
