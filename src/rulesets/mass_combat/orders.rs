//! A commander's orders for a round, as declared: d6-mass-combat.txt, Mass Combat Sequence
//! ("Characters in command of an army declare all actions for this combat round
//! (deployment, haste, skill or attribute use, or full retreat)") and Mass Combat Tactics.

use serde::{Deserialize, Serialize};

/// A tactics roll a commander makes before the orders: Mass Combat Tactics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tactic {
    /// "A Moderate tactics roll is needed to 'anticipate the enemy.' If the roll is
    /// successful, a commander's army receives a 'free' haste action".
    Anticipate,
    /// "A Difficult tactics roll is needed to 'deceive the enemy.' Success on this roll allows
    /// a commander to redeclare his orders after hearing what his opponent has delcared".
    Deceive,
}

impl Tactic {
    /// What the roll is for, in the text's words: "to anticipate the enemy", "to deceive the
    /// enemy" without the "to".
    pub fn aim(self) -> &'static str {
        match self {
            Tactic::Anticipate => "anticipate the enemy",
            Tactic::Deceive => "deceive the enemy",
        }
    }
}

/// One unit's order for the round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Order {
    /// Fire on `target`, members allocated to weapon types: (weapon index, members).
    /// "Each round, the members of the unit must be allocated to using a certain type of
    /// weapon."
    Fire {
        /// The unit.
        unit: String,
        /// The enemy unit.
        target: String,
        /// (weapon index in the unit's weapons, members using it).
        weapons: Vec<(usize, u32)>,
        /// Haste actions taken.
        haste: u32,
    },
    /// Deploy towards `to` (metres).
    Deploy {
        /// The unit.
        unit: String,
        /// Where to.
        to: (f32, f32),
        /// Haste actions taken.
        haste: u32,
    },
    /// Full retreat, away from the nearest enemy.
    Retreat {
        /// The unit.
        unit: String,
        /// Haste actions taken.
        haste: u32,
    },
    /// Split `size` members off as a new unit: "Dividing a unit takes one action and new
    /// commanders must be assigned to each unit."
    Split {
        /// The unit.
        unit: String,
        /// Members of the new unit.
        size: u32,
    },
    /// Join `into`, a unit of the same kind and side: "It takes one action to combine
    /// several units. All the units are then under one commander's authority."
    Join {
        /// The unit that joins.
        unit: String,
        /// The unit it joins.
        into: String,
    },
    /// Get out of the transport it rides in, at the transport's place.
    Disembark {
        /// The unit.
        unit: String,
    },
    /// Board `transport`, a unit of the same side that carries troops (NOTES: "carries 40
    /// (troops)"), within the unit's deployment this round
    /// (docs/rules/mass_combat.md, "Transports").
    Board {
        /// The unit that boards.
        unit: String,
        /// The transport.
        transport: String,
    },
}

impl Order {
    /// The unit it is for.
    pub fn unit(&self) -> &str {
        match self {
            Order::Fire { unit, .. }
            | Order::Deploy { unit, .. }
            | Order::Retreat { unit, .. }
            | Order::Split { unit, .. }
            | Order::Join { unit, .. }
            | Order::Disembark { unit }
            | Order::Board { unit, .. } => unit,
        }
    }

    /// Its haste.
    pub fn haste(&self) -> u32 {
        match self {
            Order::Fire { haste, .. }
            | Order::Deploy { haste, .. }
            | Order::Retreat { haste, .. } => *haste,
            _ => 0,
        }
    }

    /// A deployment (moved after the other actions of its haste: "Non-deployment actions with
    /// the same degree of haste are resolved, followed by all deployment actions").
    pub fn deployment(&self) -> bool {
        matches!(
            self,
            Order::Deploy { .. }
                | Order::Retreat { .. }
                | Order::Disembark { .. }
                | Order::Board { .. }
        )
    }
}

/// A side's declaration for a round.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Declaration {
    /// One order per unit at most; a unit with none holds where it is.
    pub orders: Vec<Order>,
    /// Units whose leaders the commander commands, 1D each (with command on).
    pub commanded: Vec<String>,
    /// Bonus actions: a unit named n times gets n pips on its rolls.
    pub bonuses: Vec<String>,
    /// Coordinated attacks: groups of the side's units firing on one target, whose weapons
    /// are counted together for the combined actions modifier; each unit past the first
    /// costs an action.
    pub coordinated: Vec<Vec<String>>,
    /// Bonus pips a unit's own commander gives his troops, 1D of his command each: (unit,
    /// statistic), a pip on that statistic of the unit this round (Subordinate Bonus: "The
    /// commanding officers subordinate to the chief commanding officer can also give bonuses
    /// to their subordinates. In this case, the pips are added to one of the unit's average
    /// statistics."). The statistics: `dexterity`, `dodge`, `strength`, `stamina` and the
    /// skills its weapons fire with.
    pub leader_bonuses: Vec<(String, String)>,
}

/// A reaction declared in step 2 (Mass Combat Sequence, 2.: "Characters declare combat
/// redeployments during this segment. Haste for reaction skills, including full reactions,
/// may be increased."): more haste for a unit's order, a combat redeployment, or a full
/// retreat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reaction {
    /// The unit.
    pub unit: String,
    /// Its order's haste raised to this.
    pub haste: u32,
    /// It turns to full retreat instead.
    pub retreat: bool,
    /// A combat redeployment: it deploys here (metres) instead of its order.
    #[serde(default)]
    pub to: Option<(f32, f32)>,
}
