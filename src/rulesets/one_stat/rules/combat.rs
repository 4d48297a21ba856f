//! An attack from the roll to hit to the wounds it leaves, with every clause of the text that
//! changes a roll or a wound (one-stat-skirmish.txt, "Melee Attack", "Ranged Attack", "Terrain":
//! Cover, and the specialisations Preacher, Ranger, Force User, Shapeshifter, Tank, Veteran,
//! Warrior).

use serde::{Deserialize, Serialize};

use super::roll::{Pick, Rolled, Test, roll};
use crate::rules::dice::{Dice, DiceError};

/// One side of an attack as the rolls see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combatant {
    /// Its name, for the report.
    pub name: String,
    /// Faces of the die it rolls now (a Bounty's shrinks).
    pub die: u8,
    /// Its stat.
    pub stat: u8,
    /// "Receives -1 for melee attacks and +1 for defense."
    pub veteran: bool,
    /// A Rookie at least partially within 2" of its side's Preacher: "+1 on defense rolls and
    /// -1 on attack rolls".
    pub preached: bool,
    /// A Tank: "Rolls 2 dice for defense using the better result."
    pub tank: bool,
    /// In animal shape: hits on "equal to or higher than" the stat, defends "under" it.
    pub animal: bool,
    /// A Warrior: a failed melee defence makes the attacker defend too.
    pub warrior: bool,
    /// Lying wounded: "does not receive a defense roll".
    pub down: bool,
    /// Out of the game at his first wound: "If a rookie receives a wound, he is removed
    /// immediately from the game."
    #[serde(default)]
    pub rookie: bool,
}

impl Combatant {
    /// A plain fighter rolling a `die` against `stat`.
    pub fn new(name: &str, die: u8, stat: u8) -> Self {
        Combatant {
            name: name.into(),
            die,
            stat,
            veteran: false,
            preached: false,
            tank: false,
            animal: false,
            warrior: false,
            down: false,
            rookie: false,
        }
    }
}

/// What kind of attack, with what changes its roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AttackKind {
    /// In base contact, with `friends` other fighters of the attacker's warband in base
    /// contact with the target ("the player may reduce the result by 1" for each).
    Melee {
        /// Friends in base contact with the target.
        friends: u32,
        /// A two-handed weapon: "the defender needs to defend successfully again or receive
        /// another wound".
        two_handed: bool,
    },
    /// At range, with the dice `pick` its weapon and band give; `extra_wound`: a heavy
    /// shooter's "1 additional wound if the defender does not defend".
    Ranged {
        /// The dice thrown to hit.
        pick: Pick,
        /// A heavy shooter's extra wound.
        extra_wound: bool,
    },
}

/// What an attack did, roll by roll, and the wounds it dealt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackReport {
    /// The roll to hit.
    pub hit: Rolled,
    /// The defender's rolls (none on a miss, or when it lies wounded).
    pub defences: Vec<Rolled>,
    /// Wounds to the defender.
    pub wounds: u32,
    /// A Warrior's counter: the attacker's defence roll, and whether it took a wound.
    pub counter: Option<(Rolled, bool)>,
    /// The attack in words.
    pub lines: Vec<String>,
}

/// Resolves `kind` by `attacker` on `defender`; `cover`: the defender is in cover from the
/// attacker ("roll 2 dice and take the better result when defending against attacks from the
/// other side of the covering terrain"). Wounds are counted, not applied: the caller applies
/// them by tier ([`wound`]).
///
/// "Roll the fighter's die against his stat ... If the final result is equal to or below the
/// attacking fighter's stat, he scores a hit. Only if a hit has been scored, the defender rolls
/// his die against his stat. If he rolls higher than his stat, he defended the hit."
///
/// Errors: the dice's.
pub fn attack(
    dice: &mut Dice,
    attacker: &Combatant,
    defender: &Combatant,
    kind: AttackKind,
    cover: bool,
) -> Result<AttackReport, DiceError> {
    let melee = matches!(kind, AttackKind::Melee { .. });
    let mut modifier = 0;
    if let AttackKind::Melee { friends, .. } = kind {
        // "the player may reduce the result by 1": an animal, hitting at or over his stat,
        // would only be hurt by it, so his player does not.
        if !attacker.animal {
            modifier -= friends as i32;
        }
        if attacker.veteran {
            modifier -= 1;
        }
    }
    if attacker.preached {
        modifier -= 1;
    }
    let (test, pick) = match kind {
        AttackKind::Melee { .. } if attacker.animal => (Test::AtLeast, Pick::One),
        AttackKind::Melee { .. } => (Test::AtMost, Pick::One),
        AttackKind::Ranged { pick, .. } => (Test::AtMost, pick),
    };
    let hit = roll(
        dice,
        attacker.die,
        attacker.stat,
        test,
        pick,
        modifier,
        &format!("{}: attack on {}", attacker.name, defender.name),
    )?;
    let mut report = AttackReport {
        lines: vec![format!(
            "{} attacks {}: d{} {:?} kept {}{}{} {} stat {}: {}",
            attacker.name,
            defender.name,
            attacker.die,
            hit.faces,
            hit.kept,
            pick.kept_words(),
            if modifier == 0 {
                String::new()
            } else {
                format!(" {modifier:+} = {}", hit.result)
            },
            relation(hit.result, attacker.stat),
            attacker.stat,
            if hit.passed { "a hit" } else { "a miss" }
        )],
        hit,
        defences: Vec::new(),
        wounds: 0,
        counter: None,
    };
    if !report.hit.passed {
        return Ok(report);
    }
    // "A wounded specialist ... does not receive a defense roll."
    if defender.down {
        report.wounds = 1;
        report.lines.push(format!(
            "{} lies wounded: no defence roll, a wound",
            defender.name
        ));
        return Ok(report);
    }
    let again = match kind {
        AttackKind::Melee { two_handed, .. } => two_handed,
        AttackKind::Ranged { extra_wound, .. } => extra_wound,
    };
    let defended = defend(dice, defender, cover, &mut report)?;
    if defended {
        return Ok(report);
    }
    report.wounds = 1;
    // "When rolling equal to or below Warrior's stat during defense in melee, the attacker
    // must defend against this attack, too. The Warrior still receives the wound, though!"
    if melee && defender.warrior {
        let mut r2 = AttackReport {
            hit: report.hit.clone(),
            defences: Vec::new(),
            wounds: 0,
            counter: None,
            lines: Vec::new(),
        };
        let held = defend(dice, attacker, false, &mut r2)?;
        report.lines.push(format!(
            "the Warrior's defence: {} must defend against it too",
            attacker.name
        ));
        report.lines.extend(r2.lines);
        report.counter = Some((r2.defences.remove(0), !held));
    }
    if again {
        match kind {
            // "after receiveing a wound, the defender needs to defend successfully again or
            // receive another wound": a Rookie, "removed immediately from the game" at the
            // first, is not there to defend again.
            AttackKind::Melee { .. } if defender.rookie => {}
            AttackKind::Melee { .. } => {
                report
                    .lines
                    .push("a two-handed weapon: defend again".into());
                if !defend(dice, defender, cover, &mut report)? {
                    report.wounds += 1;
                }
            }
            // "deal 1 additional wound if the defender does not defend".
            AttackKind::Ranged { .. } => {
                report
                    .lines
                    .push("a heavy shooter: 1 additional wound".into());
                report.wounds += 1;
            }
        }
    }
    Ok(report)
}

/// How a roll's result stands to the stat, as a sign (`kept 6 > stat 5: a miss`): the
/// report's `against stat` was read both ways by a walk (a hit under the stat or over it).
fn relation(result: i32, stat: impl Into<i32>) -> &'static str {
    match result.cmp(&stat.into()) {
        std::cmp::Ordering::Less => "<",
        std::cmp::Ordering::Equal => "=",
        std::cmp::Ordering::Greater => ">",
    }
}

/// One defence roll of `d` into `report`: whether it defended.
fn defend(
    dice: &mut Dice,
    d: &Combatant,
    cover: bool,
    report: &mut AttackReport,
) -> Result<bool, DiceError> {
    let test = if d.animal { Test::Below } else { Test::Above };
    let pick = if cover || d.tank {
        Pick::Better
    } else {
        Pick::One
    };
    let modifier = i32::from(d.veteran) + i32::from(d.preached);
    let r = roll(
        dice,
        d.die,
        d.stat,
        test,
        pick,
        modifier,
        &format!("{}: defence", d.name),
    )?;
    report.lines.push(format!(
        "{} defends{}: d{} {:?} kept {}{}{} {} stat {}: {}",
        d.name,
        match (cover, d.tank) {
            (true, _) => " in cover",
            (false, true) => " (Tank)",
            _ => "",
        },
        d.die,
        r.faces,
        r.kept,
        pick.kept_words(),
        if modifier == 0 {
            String::new()
        } else {
            format!(" {modifier:+} = {}", r.result)
        },
        relation(r.result, d.stat),
        d.stat,
        if r.passed { "defended" } else { "a wound" }
    ));
    let passed = r.passed;
    report.defences.push(r);
    Ok(passed)
}

/// What a wound does to a fighter, by what it is now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WoundResult {
    /// "A Boss ignores the 1st wound he receives per turn."
    Ignored,
    /// "Place a miniature on ist back to show it has been wounded."
    Down,
    /// "If a rookie receives a wound, he is removed immediately from the game"; a fighter
    /// already down wounded again is removed too (docs/rules/one_stat.md, "Wounded again").
    Removed,
}

/// The wound a fighter of `tier` takes: `down` whether it lies wounded already,
/// `boss_ignored` whether a Boss has ignored a wound this turn already.
///
/// "If a rookie receives a wound, he is removed immediately from the game." (one-stat-
/// skirmish.txt, "Melee Attack"); "A Boss ignores the 1st wound he receives per turn. After the
/// 1st wound, he is treated like a specialist, when wounded." (the same): per turn, lying
/// wounded or not (docs/rules/one_stat.md, "Wounded again").
pub fn wound(tier: super::fighter::Tier, down: bool, boss_ignored: bool) -> WoundResult {
    use super::fighter::Tier;
    match tier {
        Tier::Rookie => WoundResult::Removed,
        Tier::Boss if !boss_ignored => WoundResult::Ignored,
        _ if down => WoundResult::Removed,
        _ => WoundResult::Down,
    }
}

#[cfg(test)]
mod tests {
    use super::super::fighter::Tier;
    use super::*;

    fn melee(friends: u32, two_handed: bool) -> AttackKind {
        AttackKind::Melee {
            friends,
            two_handed,
        }
    }

    #[test]
    fn a_hit_then_a_defence_above_the_stat() {
        let (a, d) = (Combatant::new("Kara", 8, 5), Combatant::new("Thug", 6, 3));
        // 4 <= 5 hits; the Rookie rolls 4 > 3: defended.
        let r = attack(&mut Dice::forced([4, 4]), &a, &d, melee(0, false), false).unwrap();
        assert_eq!((r.hit.passed, r.wounds), (true, 0));
        // 6 > 5 misses: no defence roll.
        let r = attack(&mut Dice::forced([6]), &a, &d, melee(0, false), false).unwrap();
        assert_eq!((r.hit.passed, r.defences.len()), (false, 0));
        // 7 - 2 friends = 5 hits; 3 <= 3: a wound.
        let r = attack(&mut Dice::forced([7, 3]), &a, &d, melee(2, false), false).unwrap();
        assert_eq!((r.hit.result, r.wounds), (5, 1));
    }

    #[test]
    fn friends_do_not_help_a_ranged_attack_but_cover_makes_the_defender_roll_twice() {
        let (a, d) = (Combatant::new("A", 8, 5), Combatant::new("D", 8, 4));
        let ranged = AttackKind::Ranged {
            pick: Pick::One,
            extra_wound: false,
        };
        // In cover the defender keeps the better of 2 and 6: defended.
        let r = attack(&mut Dice::forced([3, 2, 6]), &a, &d, ranged, true).unwrap();
        assert_eq!((r.defences[0].kept, r.wounds), (6, 0));
        let r = attack(&mut Dice::forced([3, 2]), &a, &d, ranged, false).unwrap();
        assert_eq!(r.wounds, 1);
    }

    #[test]
    fn a_two_handed_weapon_makes_the_defender_defend_again() {
        let (a, d) = (Combatant::new("A", 8, 5), Combatant::new("D", 8, 4));
        let r = attack(&mut Dice::forced([1, 2, 3]), &a, &d, melee(0, true), false).unwrap();
        assert_eq!((r.defences.len(), r.wounds), (2, 2));
        let r = attack(&mut Dice::forced([1, 2, 8]), &a, &d, melee(0, true), false).unwrap();
        assert_eq!(r.wounds, 1);
        // Defended the first time: no second roll.
        let r = attack(&mut Dice::forced([1, 8]), &a, &d, melee(0, true), false).unwrap();
        assert_eq!((r.defences.len(), r.wounds), (1, 0));
    }

    #[test]
    fn a_rookie_removed_at_the_first_wound_does_not_defend_a_two_handed_weapon_again() {
        let a = Combatant::new("A", 8, 5);
        let mut d = Combatant::new("Rookie", 6, 3);
        d.rookie = true;
        // A hit, a failed defence: the Rookie is removed; no second defence die is thrown.
        let mut dice = Dice::forced([1, 2, 1]);
        let r = attack(&mut dice, &a, &d, melee(0, true), false).unwrap();
        assert_eq!((r.defences.len(), r.wounds), (1, 1));
        assert_eq!(dice.forced_left(), 1);
    }

    #[test]
    fn a_heavy_shooters_extra_wound() {
        let (a, d) = (Combatant::new("A", 8, 5), Combatant::new("D", 8, 4));
        let heavy = AttackKind::Ranged {
            pick: Pick::Worse,
            extra_wound: true,
        };
        // The worse of 2 and 5 (5) still hits; the defender rolls 1: two wounds.
        let r = attack(&mut Dice::forced([2, 5, 1]), &a, &d, heavy, false).unwrap();
        assert_eq!((r.hit.kept, r.wounds), (5, 2));
    }

    #[test]
    fn a_wounded_fighter_gets_no_defence_roll() {
        let a = Combatant::new("A", 8, 5);
        let mut d = Combatant::new("D", 8, 4);
        d.down = true;
        let r = attack(&mut Dice::forced([1]), &a, &d, melee(0, false), false).unwrap();
        assert_eq!((r.defences.len(), r.wounds), (0, 1));
    }

    #[test]
    fn veteran_preacher_tank_animal_and_warrior() {
        // Veteran: -1 on melee attacks (6 - 1 = 5 hits stat 5), +1 on defence (5 + 1 > 5).
        let mut v = Combatant::new("Vet", 8, 5);
        v.veteran = true;
        let d = Combatant::new("D", 8, 4);
        let r = attack(&mut Dice::forced([6, 8]), &v, &d, melee(0, false), false).unwrap();
        assert!(r.hit.passed);
        let r = attack(&mut Dice::forced([1, 5]), &d, &v, melee(0, false), false).unwrap();
        assert_eq!((r.defences[0].result, r.wounds), (6, 0));
        // A preached Rookie: -1 to attack, +1 to defence.
        let mut rookie = Combatant::new("Rookie", 6, 3);
        rookie.preached = true;
        let r = attack(
            &mut Dice::forced([4, 8]),
            &rookie,
            &d,
            melee(0, false),
            false,
        )
        .unwrap();
        assert_eq!(r.hit.result, 3);
        // A Tank defends with two dice, the better.
        let mut tank = Combatant::new("Tank", 8, 4);
        tank.tank = true;
        let r = attack(
            &mut Dice::forced([1, 2, 7]),
            &d,
            &tank,
            melee(0, false),
            false,
        )
        .unwrap();
        assert_eq!(r.wounds, 0);
        // An animal hits at or above its stat and defends under it.
        let mut animal = Combatant::new("Wolf", 8, 3);
        animal.animal = true;
        let r = attack(
            &mut Dice::forced([3, 8]),
            &animal,
            &d,
            melee(0, false),
            false,
        )
        .unwrap();
        assert!(r.hit.passed);
        let r = attack(
            &mut Dice::forced([1, 2]),
            &d,
            &animal,
            melee(0, false),
            false,
        )
        .unwrap();
        assert_eq!(r.wounds, 0, "2 < 3 defends in animal shape");
        // A Warrior who fails to defend in melee makes the attacker defend too.
        let mut w = Combatant::new("Warrior", 8, 5);
        w.warrior = true;
        let r = attack(&mut Dice::forced([1, 2, 3]), &d, &w, melee(0, false), false).unwrap();
        assert_eq!(r.wounds, 1);
        assert_eq!(
            r.counter.as_ref().map(|c| c.1),
            Some(true),
            "the attacker rolled 3 <= 4"
        );
        let r = attack(&mut Dice::forced([1, 2, 6]), &d, &w, melee(0, false), false).unwrap();
        assert_eq!(r.counter.map(|c| c.1), Some(false));
    }

    #[test]
    fn wounds_by_tier() {
        assert_eq!(wound(Tier::Rookie, false, false), WoundResult::Removed);
        assert_eq!(wound(Tier::Specialist, false, false), WoundResult::Down);
        assert_eq!(wound(Tier::Specialist, true, false), WoundResult::Removed);
        assert_eq!(wound(Tier::Boss, false, false), WoundResult::Ignored);
        assert_eq!(wound(Tier::Boss, false, true), WoundResult::Down);
        assert_eq!(wound(Tier::Boss, true, true), WoundResult::Removed);
    }

    #[test]
    fn a_boss_lying_wounded_still_ignores_his_first_wound_of_a_turn() {
        // "A Boss ignores the 1st wound he receives per turn": lying down changes nothing.
        assert_eq!(wound(Tier::Boss, true, false), WoundResult::Ignored);
    }
}
