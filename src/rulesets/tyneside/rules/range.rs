//! The range bands of the weapon table (tyneside-skirmish.txt, Shooting rules): what weapons,
//! vehicles and the fire-fight chart all measure against.

use serde::{Deserialize, Serialize};

/// The three range bands of the weapon table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum RangeBand {
    /// Beyond medium range, up to long range.
    Long,
    /// Beyond point blank, up to medium range.
    Medium,
    /// Up to point blank range.
    PointBlank,
}

impl std::fmt::Display for RangeBand {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            RangeBand::Long => "long range",
            RangeBand::Medium => "medium range",
            RangeBand::PointBlank => "point blank",
        })
    }
}
