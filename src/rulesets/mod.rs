//! The rule sets, and the registry: the one place that names them all. Adding a rule set is a
//! new folder here plus one line in [`registry`].

pub mod battlefield;
pub mod mass_combat;
#[cfg(test)]
mod on_screen;
pub mod one_stat;
pub mod space_battle;
pub mod tyneside;

use crate::engine::registry::{Registry, RuleSetEntry};

/// Every rule set this Holotable plays, keyed by the scenario's `ruleset:` id.
pub fn registry() -> Registry {
    Registry(vec![
        RuleSetEntry::of::<tyneside::Tyneside>(),
        RuleSetEntry::of::<battlefield::Battlefield>(),
        RuleSetEntry::of::<space_battle::SpaceBattle>(),
        RuleSetEntry::of::<mass_combat::MassCombat>(),
        RuleSetEntry::of::<one_stat::OneStat>(),
    ])
}
