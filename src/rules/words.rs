//! Words shared by the rule sets' sentences.

/// `singular` or `plural` as the name of a unit or side asks: "Stormtroopers are destroyed",
/// "Red squad is destroyed", "Rebels win the initiative", "Empire wins it". A scenario names
/// its units and sides as it likes; a name whose last word (numbers aside: "Stormtroopers 2")
/// ends in a plural "s" ("AT-ATs", "Veterans", "Rebel scouts"; not "Wilderness") takes the
/// plural.
pub fn verb<'a>(name: &str, singular: &'a str, plural: &'a str) -> &'a str {
    let last = name
        .split_whitespace()
        .rev()
        .find(|w| w.chars().any(char::is_alphabetic))
        .unwrap_or("");
    if last.ends_with('s') && !last.ends_with("ss") {
        plural
    } else {
        singular
    }
}

/// `name` with the possessive, as the rule sets' sentences name a side, a warband or a piece:
/// a name ending in "s" takes an apostrophe ("the Republicans' phase", "Rebels'"), any other
/// "'s" ("the Empire's phase", "Krask's").
pub fn possessive(name: &str) -> String {
    if name.ends_with('s') {
        format!("{name}'")
    } else {
        format!("{name}'s")
    }
}

/// `n` and `noun`, the noun with an "s" unless there is one: "1 event", "3 events", "0 events".
pub fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::{counted, possessive, verb};

    #[test]
    fn one_thing_is_counted_without_an_s() {
        assert_eq!(counted(1, "event"), "1 event");
        assert_eq!(counted(0, "event"), "0 events");
        assert_eq!(counted(12, "event"), "12 events");
    }

    #[test]
    fn a_name_ending_in_s_takes_an_apostrophe_alone() {
        assert_eq!(possessive("Empire"), "Empire's");
        assert_eq!(possessive("Republicans"), "Republicans'");
        assert_eq!(possessive("Krask"), "Krask's");
    }

    #[test]
    fn a_name_in_the_plural_takes_the_plural() {
        for (name, verb_) in [
            ("Stormtroopers", "are"),
            ("Stormtroopers 2", "are"),
            ("AT-ATs", "are"),
            ("Scout bikes", "are"),
            ("Rebel scouts", "are"),
            ("Red squad", "is"),
            ("Storm 1", "is"),
            ("Wilderness", "is"),
            ("Galactic Empire", "is"),
            ("All Terrain Scout Transport pair", "is"),
        ] {
            assert_eq!(verb(name, "is", "are"), verb_, "{name}");
        }
    }
}
