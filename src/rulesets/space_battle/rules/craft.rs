//! The spacecraft: their types, classes, colours, movement modifiers and values.

use serde::{Deserialize, Serialize};

/// A craft's type (star-wars-battle-space.txt, EQUIPMENT: "4 'small' X-Wing fighters … and 4
/// 'large' Y-Wing 'assault bombers' … 4 'small' Tie fighters … and 4 'large' Tie Advanced X1
/// Prototypes 'assault bombers'").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CraftType {
    /// The Republic's fighter.
    XWing,
    /// The Republic's assault bomber.
    YWing,
    /// The Empire's fighter.
    TieFighter,
    /// The Empire's assault bomber, the TIE Advanced x1 prototype.
    TieAdvanced,
}

/// Fighter or assault bomber: what a craft may attack, whether it fires defensively, whether
/// it bombs, and what it is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Class {
    /// A fighter.
    Fighter,
    /// An assault bomber.
    Bomber,
}

impl CraftType {
    /// Fighter or bomber.
    pub const fn class(self) -> Class {
        match self {
            CraftType::XWing | CraftType::TieFighter => Class::Fighter,
            CraftType::YWing | CraftType::TieAdvanced => Class::Bomber,
        }
    }

    /// What is added to its 1d6 of movement points: star-wars-battle-space.txt, MOVEMENT:
    /// "An X-Wing fighter = 1d6 + 1 … A Tie fighter = 1d6 + 2 … Bombers for both sides = 1d6".
    pub const fn move_modifier(self) -> u8 {
        match self {
            CraftType::XWing => 1,
            CraftType::TieFighter => 2,
            CraftType::YWing | CraftType::TieAdvanced => 0,
        }
    }

    /// Its name as the report writes it ("X-Wing", "Tie fighter", "X1").
    pub const fn name(self) -> &'static str {
        match self {
            CraftType::XWing => "X-wing",
            CraftType::YWing => "Y-wing",
            CraftType::TieFighter => "TIE fighter",
            CraftType::TieAdvanced => "X1",
        }
    }

    /// The mark on its counter.
    pub const fn glyph(self) -> &'static str {
        match self {
            CraftType::XWing => "X",
            CraftType::YWing => "Y",
            CraftType::TieFighter => "T",
            CraftType::TieAdvanced => "X1",
        }
    }
}

impl Class {
    /// What destroying one scores the other side: star-wars-battle-space.txt, OBJECTIVE, "The
    /// Values of Destroyed Enemy Spacecraft": "Fighter = 2; Assault Bomber = 3".
    pub const fn value(self) -> u32 {
        match self {
            Class::Fighter => 2,
            Class::Bomber => 3,
        }
    }

    /// "fighter" or "bomber".
    pub const fn word(self) -> &'static str {
        match self {
            Class::Fighter => "fighter",
            Class::Bomber => "bomber",
        }
    }
}

/// A craft's colour mark, which also gives "the order of movements and the order of attacks"
/// (star-wars-battle-space.txt, Action Report: "The colors used for both sides was green,
/// blue, red, and yellow"), in that order; the side may choose another order for its attacks
/// (docs/rules/space_battle.md, "Order of play").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Colour {
    /// First to move and to attack.
    Green,
    /// Second.
    Blue,
    /// Third.
    Red,
    /// Fourth.
    Yellow,
    /// Fifth (larger battles than the text's: docs/rules/space_battle.md, "Colours").
    White,
    /// Sixth.
    Purple,
    /// Seventh.
    Orange,
    /// Eighth.
    Grey,
}

impl Colour {
    /// Lower case, as the log writes it.
    pub fn word(self) -> &'static str {
        match self {
            Colour::Green => "green",
            Colour::Blue => "blue",
            Colour::Red => "red",
            Colour::Yellow => "yellow",
            Colour::White => "white",
            Colour::Purple => "purple",
            Colour::Orange => "orange",
            Colour::Grey => "grey",
        }
    }

    /// Its letter on the counter's chip.
    pub fn code(self) -> &'static str {
        match self {
            Colour::Green => "G",
            Colour::Blue => "B",
            Colour::Red => "R",
            Colour::Yellow => "Y",
            Colour::White => "W",
            Colour::Purple => "P",
            Colour::Orange => "O",
            Colour::Grey => "Gy",
        }
    }

    /// Its mark's colour, sRGB 0 to 1.
    pub fn rgb(self) -> [f32; 3] {
        match self {
            Colour::Green => [0.25, 0.80, 0.30],
            Colour::Blue => [0.25, 0.50, 0.95],
            Colour::Red => [0.90, 0.22, 0.20],
            Colour::Yellow => [0.95, 0.85, 0.20],
            Colour::White => [0.95, 0.95, 0.95],
            Colour::Purple => [0.65, 0.35, 0.85],
            Colour::Orange => [0.95, 0.55, 0.15],
            Colour::Grey => [0.55, 0.55, 0.55],
        }
    }
}

/// The rating of a side's bombing total: star-wars-battle-space.txt, OBJECTIVE, "The Total
/// Scores and Effects of Bombing": "1-6 = Poor … 7-12 = Fair … 13-18 = Good … 19-24 =
/// Excellent". A total of 0 (no bomber got through) is `none`; above 24 (more than the
/// text's four bombers) stays Excellent.
pub fn bombing_rating(total: u32) -> &'static str {
    match total {
        0 => "none",
        1..=6 => "Poor (few, if any, objectives destroyed)",
        7..=12 => "Fair (some objectives destroyed)",
        13..=18 => "Good (most objectives destroyed)",
        _ => "Excellent (target completely destroyed)",
    }
}

/// The band of bombing totals in the text's table that gives `total` its rating
/// (star-wars-battle-space.txt, OBJECTIVE, "The Total Scores and Effects of Bombing": "1-6 =
/// Poor", "7-12 = Fair", "13-18 = Good", "19-24 = Excellent"), so the result can show how
/// its rating was reached; `0` for none and `over 24` above the table, as
/// [`bombing_rating`] rates them.
pub fn bombing_band(total: u32) -> &'static str {
    match total {
        0 => "0",
        1..=6 => "1-6",
        7..=12 => "7-12",
        13..=18 => "13-18",
        19..=24 => "19-24",
        _ => "over 24",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modifiers_and_values_are_the_texts() {
        assert_eq!(CraftType::XWing.move_modifier(), 1);
        assert_eq!(CraftType::TieFighter.move_modifier(), 2);
        assert_eq!(CraftType::YWing.move_modifier(), 0);
        assert_eq!(CraftType::TieAdvanced.move_modifier(), 0);
        assert_eq!(CraftType::XWing.class().value(), 2);
        assert_eq!(CraftType::TieAdvanced.class().value(), 3);
        assert!(Colour::Green < Colour::Blue && Colour::Red < Colour::Yellow);
    }

    #[test]
    fn the_reports_bombing_is_poor() {
        // Action Report: "Both Republican bombers … rolled a 3, giving them a score of 6
        // bombing points. This was rated as a poor bomb run."
        assert!(bombing_rating(6).starts_with("Poor"));
        assert!(bombing_rating(3).starts_with("Poor"));
        assert!(bombing_rating(7).starts_with("Fair"));
        assert!(bombing_rating(18).starts_with("Good"));
        assert!(bombing_rating(19).starts_with("Excellent"));
        assert_eq!(bombing_rating(0), "none");
    }

    #[test]
    fn each_rating_comes_with_the_texts_band() {
        for (total, band, rating) in [
            (6, "1-6", "Poor"),
            (7, "7-12", "Fair"),
            (13, "13-18", "Good"),
            (24, "19-24", "Excellent"),
            (25, "over 24", "Excellent"),
            (0, "0", "none"),
        ] {
            assert_eq!(bombing_band(total), band, "{total}");
            assert!(bombing_rating(total).starts_with(rating), "{total}");
        }
    }
}
