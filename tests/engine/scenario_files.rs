//! Scenario files written by Holotable (the editor's save, online play's concealed copies):
//! every bundled scenario of every rule set, read and written again, reads back as the same
//! scenario, and writing that again gives the same bytes.

use holotable::rules::scenario::{ron_options, write};
use serde::{Serialize, de::DeserializeOwned};

fn round_trip<D: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(
    bundled: &[(&str, &str)],
) {
    assert!(!bundled.is_empty());
    for (name, src) in bundled {
        let read: D = ron_options()
            .from_str(src)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let written = write(&read).unwrap();
        let again: D = ron_options()
            .from_str(&written)
            .unwrap_or_else(|e| panic!("{name} as written: {e}\n{written}"));
        assert_eq!(again, read, "{name}: the same scenario");
        assert_eq!(write(&again).unwrap(), written, "{name}: the same bytes");
    }
}

#[test]
fn every_bundled_scenario_written_again_is_the_same_scenario_byte_for_byte() {
    use holotable::rulesets::*;
    round_trip::<tyneside::rules::scenario::Scenario>(tyneside::BUNDLED);
    round_trip::<battlefield::rules::scenario::ScenarioDef>(battlefield::BUNDLED);
    round_trip::<one_stat::rules::scenario::Scenario>(one_stat::BUNDLED);
    round_trip::<space_battle::rules::scenario::Scenario>(space_battle::BUNDLED);
    round_trip::<mass_combat::rules::scenario::Scenario>(mass_combat::BUNDLED);
}
