//! A warband and the text's limits on it (one-stat-skirmish.txt, "What do you need",
//! "Specialists", "Action Szenarios", "1 Stat Skirmish – for 1 Player"), each broken limit a
//! refusal that names the fighter and the rule.

use serde::{Deserialize, Serialize};

use super::fighter::{Fighter, Shooter, Specialisation, Tier, Weapon};

/// A player's warband, as a roster file holds it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Warband {
    /// Its name ("The Troublemakers").
    pub name: String,
    /// Its fighters.
    pub fighters: Vec<Fighter>,
}

/// Which of the text's warband limits apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WarbandKind {
    /// "1 Boss and 2 Rookies per Specialist fielded".
    Standard,
    /// Action scenarios: "restricted to 1 Boss, 2 Specialists and 2 Rookies (yes, that's an
    /// exception!)": exactly that many, neither more nor fewer
    /// (docs/rules/one_stat.md, "Action scenarios").
    Action,
    /// Solitaire: "Create a warband with 1 Boss, 3 Specialists and 6 Rookies".
    Solitaire,
}

impl Warband {
    /// Its fighters of tier `t`.
    pub fn count(&self, t: Tier) -> usize {
        self.fighters.iter().filter(|f| f.tier == t).count()
    }
}

/// Every limit of the text `w` breaks as a `kind` warband, each in words naming the fighter
/// and the rule; empty when it is a legal warband.
pub fn check(w: &Warband, kind: WarbandKind) -> Vec<String> {
    let mut out = Vec::new();
    let (bosses, specialists, rookies) = (
        w.count(Tier::Boss),
        w.count(Tier::Specialist),
        w.count(Tier::Rookie),
    );
    if bosses != 1 {
        out.push(format!(
            "{} has {bosses} Bosses: \"each player's warband features 1 Boss\"",
            w.name
        ));
    }
    match kind {
        // "Miniatures in 3 teirs; per player: 1 Boss, some Specialists, number of Specialists
        // x2 as Rookies": some is one at least, so a Boss alone (or with Rookies only) is no
        // warband of the text. The Action and solitaire sizes below ask for more anyway.
        WarbandKind::Standard if specialists == 0 => out.push(format!(
            "{} fields no Specialist: \"per player: 1 Boss, some Specialists, number of Specialists x2 as Rookies\"",
            w.name
        )),
        WarbandKind::Standard if rookies != 2 * specialists => out.push(format!(
            "{} has {specialists} Specialists and {rookies} Rookies: \"2 Rookies per Specialist fielded\"",
            w.name
        )),
        WarbandKind::Action if (specialists, rookies) != (2, 2) => out.push(format!(
            "{} has {specialists} Specialists and {rookies} Rookies: an Action scenario's warband is \"1 Boss, 2 Specialists and 2 Rookies\"",
            w.name
        )),
        WarbandKind::Solitaire if (specialists, rookies) != (3, 6) => out.push(format!(
            "{} has {specialists} Specialists and {rookies} Rookies: a solitaire warband is \"1 Boss, 3 Specialists and 6 Rookies\"",
            w.name
        )),
        _ => {}
    }
    let mut ids = std::collections::HashSet::new();
    for f in &w.fighters {
        if !ids.insert(f.id.as_str()) {
            out.push(format!(
                "a second fighter with id \"{}\": ids must differ",
                f.id
            ));
        }
        out.extend(check_fighter(f));
    }
    // "A warband may field each kind of specialist once. The boss' selection of a
    // specialization does NOT count against this maximum."
    for s in Specialisation::ALL {
        let n = w
            .fighters
            .iter()
            .filter(|f| f.tier == Tier::Specialist && f.is(s))
            .count();
        if n > 1 {
            out.push(format!(
                "{} fields {n} {}s: \"A warband may field each kind of specialist once\"",
                w.name,
                s.word()
            ));
        }
    }
    out
}

/// The limits on one fighter: its stat within its die, a specialisation where its tier has
/// one, its weapons by hands, a Rookie's weapons, the Force User's none.
pub fn check_fighter(f: &Fighter) -> Vec<String> {
    let mut out = Vec::new();
    let die = f.tier.die();
    if f.stat < 1 || f.stat > die {
        out.push(format!(
            "{}'s stat is {}: \"a number between 1 and the maximum number of the die used for the fighter\" (1-{die} for a {})",
            f.name,
            f.stat,
            f.tier.word()
        ));
    }
    match (f.tier, f.specialisation) {
        (Tier::Specialist, None) => out.push(format!(
            "{} is a Specialist with no specialisation: \"Each specialist has a unique skill\"",
            f.name
        )),
        (Tier::Rookie, Some(s)) => out.push(format!(
            "{} is a Rookie and cannot be a {}: only Specialists and the Boss have specialisations",
            f.name,
            s.word()
        )),
        _ => {}
    }
    // "Each fighter may wield either 1 onehanded weapon, 2 onehanded weapons, 1 twohanded
    // weapon or 1 twohanded weapon along with an additional onehanded weapon."
    let hands: Vec<u8> = f.weapons.iter().map(Weapon::hands).collect();
    let ones = hands.iter().filter(|h| **h == 1).count();
    let twos = hands.iter().filter(|h| **h == 2).count();
    if twos > 1 || ones > 2 || (twos == 1 && ones > 1) {
        out.push(format!(
            "{} carries {}: \"1 onehanded weapon, 2 onehanded weapons, 1 twohanded weapon or 1 twohanded weapon along with an additional onehanded weapon\"",
            f.name,
            f.weapons
                .iter()
                .map(Weapon::name)
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    if f.tier == Tier::Rookie {
        for w in &f.weapons {
            if let Weapon::Shooter { name, class } = w
                && *class != Shooter::Light
            {
                out.push(format!(
                    "{} is a Rookie and cannot carry {name}: \"Rookies come with melee weapons or light shooters (see below) only\"",
                    f.name
                ));
            }
        }
    }
    if f.is(Specialisation::ForceUser) && !f.weapons.is_empty() {
        out.push(format!(
            "{} is a Force User and carries weapons: \"May not be equipped with weapons!\"",
            f.name
        ));
    }
    out
}

/// "Also, make sure each player's warband has the same number of Specialists!": a refusal
/// naming the warbands when they differ.
pub fn same_specialists(warbands: &[Warband]) -> Result<(), String> {
    let counts: Vec<usize> = warbands.iter().map(|w| w.count(Tier::Specialist)).collect();
    if counts.windows(2).all(|p| p[0] == p[1]) {
        return Ok(());
    }
    Err(format!(
        "the warbands field {}: \"make sure each player's warband has the same number of Specialists!\"",
        warbands
            .iter()
            .zip(&counts)
            .map(|(w, n)| format!("{} {n}", w.name))
            .collect::<Vec<_>>()
            .join(", ")
    ))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    fn fighter(id: &str, tier: Tier, stat: u8, s: Option<Specialisation>) -> Fighter {
        Fighter {
            id: id.into(),
            name: id.into(),
            tier,
            stat,
            weapons: vec![Weapon::Melee {
                name: "knife".into(),
                two_handed: false,
            }],
            specialisation: s,
        }
    }

    /// A legal warband: a Boss (a Ranger), `n` Specialists from the list, 2n Rookies.
    pub(crate) fn warband(name: &str, n: usize) -> Warband {
        let mut fighters = vec![fighter("boss", Tier::Boss, 7, Some(Specialisation::Ranger))];
        for k in 0..n {
            fighters.push(fighter(
                &format!("s{k}"),
                Tier::Specialist,
                5,
                Some(Specialisation::ALL[k]),
            ));
            for r in 0..2 {
                fighters.push(fighter(&format!("r{k}{r}"), Tier::Rookie, 4, None));
            }
        }
        Warband {
            name: name.into(),
            fighters,
        }
    }

    #[test]
    fn a_warband_has_one_boss_and_two_rookies_a_specialist() {
        assert!(check(&warband("A", 2), WarbandKind::Standard).is_empty());
        let mut w = warband("A", 2);
        w.fighters.pop();
        let e = check(&w, WarbandKind::Standard);
        assert!(e[0].contains("2 Rookies per Specialist"), "{e:?}");
        w.fighters.retain(|f| f.tier != Tier::Boss);
        assert!(check(&w, WarbandKind::Standard)[0].contains("0 Bosses"));
    }

    /// Issue 60: "per player: 1 Boss, some Specialists, number of Specialists x2 as Rookies":
    /// a Boss alone is refused, naming the rule; one Specialist and his two Rookies will do.
    #[test]
    fn a_standard_warband_fields_at_least_one_specialist() {
        let e = check(&warband("A", 0), WarbandKind::Standard);
        assert_eq!(e.len(), 1, "{e:?}");
        assert!(
            e[0].contains("A fields no Specialist") && e[0].contains("some Specialists"),
            "{e:?}"
        );
        assert!(check(&warband("A", 1), WarbandKind::Standard).is_empty());
        assert!(!check(&warband("A", 0), WarbandKind::Action).is_empty());
        assert!(!check(&warband("A", 0), WarbandKind::Solitaire).is_empty());
    }

    #[test]
    fn action_and_solitaire_warbands_have_their_fixed_sizes() {
        let mut action = warband("A", 2);
        action.fighters.retain(|f| f.id != "r00" && f.id != "r10");
        assert!(check(&action, WarbandKind::Action).is_empty());
        assert!(!check(&warband("A", 2), WarbandKind::Action).is_empty());
        // "restricted to" is exactly: fewer is refused too (a Specialist and his Rookies, a
        // Boss alone, two Specialists with one Rookie).
        for fewer in [warband("A", 1), warband("A", 0)] {
            assert!(check(&fewer, WarbandKind::Action)[0].contains("2 Specialists and 2 Rookies"));
        }
        let mut one_rookie = action.clone();
        one_rookie.fighters.pop();
        assert!(!check(&one_rookie, WarbandKind::Action).is_empty());
        assert!(check(&warband("S", 3), WarbandKind::Solitaire).is_empty());
        assert!(check(&warband("S", 2), WarbandKind::Solitaire)[0].contains("3 Specialists and 6"));
    }

    #[test]
    fn a_stat_lies_within_the_fighters_die() {
        for (tier, ok, bad) in [
            (Tier::Rookie, 6, 7),
            (Tier::Specialist, 8, 9),
            (Tier::Boss, 10, 11),
        ] {
            let s = (tier != Tier::Rookie).then_some(Specialisation::Tank);
            assert!(check_fighter(&fighter("f", tier, ok, s)).is_empty());
            assert!(check_fighter(&fighter("f", tier, 0, s))[0].contains("between 1 and"));
            assert!(check_fighter(&fighter("f", tier, bad, s))[0].contains("between 1 and"));
        }
    }

    #[test]
    fn weapons_go_by_hands() {
        let melee = |two| Weapon::Melee {
            name: if two { "axe" } else { "knife" }.into(),
            two_handed: two,
        };
        let shooter = |class| Weapon::Shooter {
            name: "blaster".into(),
            class,
        };
        let mut f = fighter("f", Tier::Specialist, 5, Some(Specialisation::Tank));
        for (weapons, legal) in [
            (vec![melee(false)], true),
            (vec![melee(false), shooter(Shooter::Light)], true),
            (vec![melee(true)], true),
            (vec![shooter(Shooter::Heavy), melee(false)], true),
            (vec![melee(false), melee(false), melee(false)], false),
            (vec![melee(true), shooter(Shooter::Normal)], false),
            (vec![melee(true), melee(false), melee(false)], false),
        ] {
            f.weapons = weapons;
            assert_eq!(check_fighter(&f).is_empty(), legal, "{:?}", f.weapons);
        }
        // Rookies: melee weapons or light shooters only.
        let mut r = fighter("r", Tier::Rookie, 3, None);
        r.weapons = vec![shooter(Shooter::Light)];
        assert!(check_fighter(&r).is_empty());
        r.weapons = vec![shooter(Shooter::Normal)];
        assert!(check_fighter(&r)[0].contains("light shooters"));
        // The Force User carries nothing.
        let mut fu = fighter("fu", Tier::Specialist, 5, Some(Specialisation::ForceUser));
        assert!(check_fighter(&fu)[0].contains("May not be equipped"));
        fu.weapons.clear();
        assert!(check_fighter(&fu).is_empty());
    }

    #[test]
    fn each_specialisation_once_but_the_bosss_pick() {
        let mut w = warband("A", 2);
        // The Boss's Ranger and a Ranger Specialist: allowed.
        w.fighters[1].specialisation = Some(Specialisation::Ranger);
        assert!(check(&w, WarbandKind::Standard).is_empty());
        w.fighters[4].specialisation = Some(Specialisation::Ranger);
        let e = check(&w, WarbandKind::Standard);
        assert!(e[0].contains("each kind of specialist once"), "{e:?}");
    }

    #[test]
    fn every_side_fields_as_many_specialists() {
        assert!(same_specialists(&[warband("A", 2), warband("B", 2), warband("C", 2)]).is_ok());
        let e = same_specialists(&[warband("A", 2), warband("B", 3)]).unwrap_err();
        assert!(e.contains("A 2, B 3"), "{e}");
    }
}
