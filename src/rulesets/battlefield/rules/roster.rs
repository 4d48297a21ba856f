//! Unit charts (Unit chart explanation): every unit type's dice, movement, special
//! abilities, resistance and range, and the support weapon chart, read from
//! `assets/rosters/battlefield/*.ron`. Which values are the text's and which Holotable's is
//! marked in those files and listed in docs/rules/battlefield.md.

use serde::Deserialize;

use super::die::AttackDie;

/// What a unit is, for targeting, stacking and movement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
pub enum Kind {
    /// Infantry: attacked with "Dice vs squad".
    Squad,
    /// A vehicle: attacked with "Dice vs vehicle"; may not enter buildings (Movement:
    /// "Buildings are interdicted to vehicles").
    Vehicle,
    /// A walker (AT-AT, AT-ST): a vehicle that blocks an AT-AT's line of sight.
    Walker,
    /// A leader counter (Leaders): does not count in stacking, cannot attack alone.
    Leader,
    /// A Jedi (Jedis): does not count in stacking, adds to the unit it is stacked with.
    Jedi,
    /// Field artillery (Support weapons): placed on the map, cannot move.
    FieldArtillery,
}

impl Kind {
    /// Whether a shot at this kind uses "Dice vs vehicle".
    pub fn is_vehicle(self) -> bool {
        matches!(self, Kind::Vehicle | Kind::Walker)
    }

    /// Whether it counts in stacking (Stacking: "A jedi Leader counter and infantry weapons
    /// does not count in stacking").
    pub fn counts_in_stacking(self) -> bool {
        !matches!(self, Kind::Leader | Kind::Jedi)
    }
}

/// A special ability on the unit chart (Unit chart explanation: "The special hability box is
/// use to show when a unit has some special power").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize)]
pub enum Ability {
    /// "The Airspeeder is, of course, never blocked because it flies": its line of sight is
    /// never blocked, and it pays 1 movement point a hex whatever the terrain (Holotable's).
    Flies,
    /// "An Imperial Walker AT-AT is never blocked by anything exept another Walker."
    WalkerSight,
    /// "AT-AT / AT-ST cannot climb a hill."
    NoHills,
    /// Campain artillery: "roll of 1 for units with special hability to direct artillery
    /// fire".
    DirectsArtillery,
    /// Buildings: "Buildings can be destroyed by space bombardment, some vehicles or special
    /// weapons."
    Demolishes,
    /// Shooting: "Some units nullify the terrain effect": the target's terrain adds nothing.
    IgnoresTerrain,
    /// Range: "There are some exeption to that rule on unit charts": no step down beyond half
    /// range.
    FullRange,
}

impl Ability {
    /// The ability as the unit card shows it.
    pub fn words(self) -> &'static str {
        match self {
            Ability::Flies => "flies",
            Ability::WalkerSight => "blocked only by walkers",
            Ability::NoHills => "cannot climb hills",
            Ability::DirectsArtillery => "directs artillery",
            Ability::Demolishes => "destroys buildings",
            Ability::IgnoresTerrain => "ignores terrain",
            Ability::FullRange => "full range",
        }
    }
}

/// One row of a unit chart.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Profile {
    /// Unit type, e.g. "Stormtrooper".
    pub name: String,
    /// What it is.
    pub kind: Kind,
    /// "DICE VS SQUAD".
    pub vs_squad: AttackDie,
    /// "DICE VS VEHICLE"; none for vehicles ("Vehicles use the same dice no matter what the
    /// target is") and units that cannot attack vehicles differently.
    #[serde(default)]
    pub vs_vehicle: Option<AttackDie>,
    /// Close combat die when it differs from the dice above (Field artillery: "Their
    /// strenght value is 4 in close combat").
    #[serde(default)]
    pub close_combat: Option<AttackDie>,
    /// "MOVEMENT": movement points a turn.
    pub movement: u32,
    /// "SPECIAL HABILITY".
    #[serde(default)]
    pub abilities: Vec<Ability>,
    /// "RESISTANCE": rolls of 4+ needed to eliminate it.
    pub resistance: u32,
    /// "RANGE": hexes, counting the target's hex.
    pub range: u32,
    /// Squads it can carry (Transport: "the Imperial Jaggernaud can transport up to 5
    /// squads").
    #[serde(default)]
    pub transport: u32,
    /// A short mark for the counter, e.g. "ST".
    pub symbol: String,
}

impl Profile {
    /// The die it shoots with at a target of `kind` (Shooting: "A squad attacking a squad uses
    /// the "Dice vs squad" column ... A squad attacking a vehicle uses the "Dice vs vehicle"
    /// column ... Vehicles use the same dice no matter what the target is").
    pub fn fire_die(&self, target: Kind) -> AttackDie {
        if target.is_vehicle() && !self.kind.is_vehicle() {
            self.vs_vehicle.unwrap_or(self.vs_squad)
        } else {
            self.vs_squad
        }
    }

    /// Its close combat die against `target`: the chart's close combat strength if it has one,
    /// else its fire die (ruling `Close combat dice`, docs/rules/battlefield.md).
    pub fn combat_die(&self, target: Kind) -> AttackDie {
        self.close_combat.unwrap_or_else(|| self.fire_die(target))
    }

    /// Whether it has `a`.
    pub fn has(&self, a: Ability) -> bool {
        self.abilities.contains(&a)
    }
}

/// A special weapon carried by infantry (Support weapons: "Special weapons carried by
/// infantry").
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Weapon {
    /// Its name, e.g. `E-Web`.
    pub name: String,
    /// Die against squads.
    pub vs_squad: AttackDie,
    /// Die against vehicles and buildings.
    pub vs_vehicle: AttackDie,
    /// Range, hexes.
    pub range: u32,
    /// Its abilities (e.g. `Demolishes`).
    #[serde(default)]
    pub abilities: Vec<Ability>,
    /// Profiles that may carry it ("can only be used by a type of units").
    pub carried_by: Vec<String>,
}

/// The support weapon chart ("Consult the weapon chart of each side to see the attack
/// strenght of artillery"; "Consult the Support weapon chart for its attack strenght").
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Support {
    /// Campaign artillery's die against squads.
    pub artillery_vs_squad: AttackDie,
    /// Campaign artillery's die against vehicles and buildings.
    pub artillery_vs_vehicle: AttackDie,
    /// Resistance of an off-map artillery piece to counterfire.
    pub artillery_resistance: u32,
    /// Aerial support's die against squads.
    pub aerial_vs_squad: AttackDie,
    /// Aerial support's die against vehicles and buildings.
    pub aerial_vs_vehicle: AttackDie,
    /// Space bombardment's die, against everything.
    pub bombardment: AttackDie,
}

/// Every unit chart, the special weapons and the support weapon chart.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Roster {
    /// Every unit type.
    pub profiles: Vec<Profile>,
    /// Every special weapon.
    pub weapons: Vec<Weapon>,
    /// The support weapon chart.
    pub support: Support,
}

/// The bundled roster's RON.
pub const BUNDLED: &str = include_str!("../../../../assets/rosters/battlefield/units.ron");

impl Roster {
    /// Reads the bundled roster.
    ///
    /// Errors: the RON does not parse (line:column and what was expected).
    pub fn bundled() -> Result<Roster, String> {
        crate::rules::scenario::ron_options()
            .from_str(BUNDLED)
            .map_err(|e| {
                format!(
                    "{}: {}",
                    crate::rules::scenario::ron_at("units.ron", &e),
                    e.code
                )
            })
    }

    /// The profile named `name`.
    pub fn profile(&self, name: &str) -> Option<&Profile> {
        self.profiles.iter().find(|p| p.name == name)
    }

    /// The special weapon named `name`.
    pub fn weapon(&self, name: &str) -> Option<&Weapon> {
        self.weapons.iter().find(|w| w.name == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stated_values_are_as_stated() {
        let r = Roster::bundled().unwrap();
        let p = |n: &str| r.profile(n).unwrap_or_else(|| panic!("{n}"));
        let st = p("Stormtrooper");
        assert_eq!(
            (st.vs_squad.to_string(), st.vs_vehicle.unwrap().to_string()),
            ("1d8".into(), "1d6".into())
        );
        assert_eq!((st.movement, st.resistance, st.range), (3, 2, 4));
        assert_eq!(p("AT-ST").vs_squad.to_string(), "1d8");
        assert_eq!(p("AT-ST").range, 6);
        assert!(p("AT-ST").has(Ability::NoHills) && p("AT-AT").has(Ability::NoHills));
        assert!(p("AT-AT").has(Ability::WalkerSight));
        assert_eq!(p("Mon Calamari").vs_squad.to_string(), "1d4+1");
        assert_eq!(p("Mon Calamari").resistance, 3);
        assert_eq!(p("Airspeeder").vs_squad.to_string(), "1d8+1");
        assert!(p("Airspeeder").has(Ability::Flies));
        assert_eq!(p("Rapid Caak").vs_squad.to_string(), "1d8+1");
        assert!(matches!(p("Rapid Caak").movement, 7 | 8));
        assert_eq!(p("Wookie").vs_squad.to_string(), "1d8+1");
        assert_eq!(p("Wookie").resistance, 2);
        assert_eq!(p("Jaggernaud").transport, 5);
        for l in ["Imperial Leader", "Alliance Leader"] {
            assert_eq!(p(l).movement, 4);
            assert_eq!(p(l).kind, Kind::Leader);
        }
        let j = p("Jedi");
        assert_eq!((j.movement, j.resistance), (6, 4));
        assert_eq!(j.vs_squad, AttackDie::d(4));
        for f in ["Imperial Field Artillery", "Alliance Field Artillery"] {
            assert_eq!(p(f).close_combat, Some(AttackDie::d(4)));
            assert_eq!(p(f).movement, 0);
        }
    }
}
