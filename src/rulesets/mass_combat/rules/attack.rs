//! One unit's attack with one weapon type on one target: d6-mass-combat.txt, Resolving
//! Attacks, Unit Damage Roll and the worked example under Units. Every roll is thrown here
//! and written down as the example writes it, so the round log reads like the text.

use serde::{Deserialize, Serialize};

use super::charts::{
    DamageResult, RangeBand, Share, attack_resolution, casualties, combined_action, unit_damage,
};
use super::code::Code;
use crate::rules::dice::Dice;
use crate::rules::words::verb;

/// Everything an attack needs, worked out by the battle from the units, their orders and
/// the round's modifiers.
#[derive(Clone, Debug, PartialEq)]
pub struct AttackInput {
    /// The attacking unit's name.
    pub attacker: String,
    /// The target unit's name.
    pub target: String,
    /// The weapon type's name ("Blaster Rifle").
    pub weapon: String,
    /// Members using it.
    pub people: u32,
    /// Members whose weapons are added into the attack's combined actions modifier: `people`,
    /// or more when attacks are coordinated (Coordinating Attacks: "the weapons of more than
    /// one unit are added into a single attack for purposes of finding the 'combined actions
    /// modifier'").
    pub coordinated: u32,
    /// The average weapon skill (plus fire control), with every modifier of the round.
    pub skill: Code,
    /// The weapon's damage code.
    pub damage: Code,
    /// The target's average dodge, with every modifier of the round.
    pub dodge: Code,
    /// The target's size.
    pub target_size: u32,
    /// The range band and the number it adds to the dodge.
    pub range: (RangeBand, i32),
    /// The target's strength against the weapon (armour included), with the round's
    /// modifiers.
    pub strength: Code,
    /// Scale dice: added to the attack and to the damage when positive (a larger attacker's
    /// damage, a smaller attacker's aim), to the dodge and the strength when negative
    /// (docs/rules/mass_combat.md, "Scale").
    pub scale: ScaleEdge,
    /// A grenade: thrown ones that miss still land, deviated, and damage the target
    /// (docs/rules/mass_combat.md, "Grenades").
    pub grenade: bool,
    /// A unit of vehicles as target: the chart's vehicle row names the result, a damage
    /// state, and it loses no vehicles but to "Destroyed".
    pub vehicles: bool,
}

/// Who the scale difference favours and where (the scale rules the text refers to).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScaleEdge {
    /// Added to the attack roll (a smaller attacker against a larger target).
    pub attack: Code,
    /// Added to the dodge (a smaller target against a larger attacker).
    pub dodge: Code,
    /// Added to the damage (a larger attacker against a smaller target).
    pub damage: Code,
    /// Added to the strength (a larger target against a smaller attacker).
    pub strength: Code,
}

impl ScaleEdge {
    /// The edge between an attacker of scale dice `attacker` and a target of `target`: "When
    /// attacking out-of-scale targets such as walkers, speeders, and starfighters, don't
    /// forget to remove the dice results appropriate to that scale on the scale charts." The
    /// D6 scale rule: the smaller adds the difference to its attack or dodge, the larger to
    /// its damage or strength.
    pub fn between(attacker: Code, target: Code) -> ScaleEdge {
        let d = attacker - target;
        if d.0 > 0 {
            ScaleEdge {
                dodge: d,
                damage: d,
                ..Default::default()
            }
        } else {
            ScaleEdge {
                attack: -d,
                strength: -d,
                ..Default::default()
            }
        }
    }
}

/// One roll of an attack, as the dice panel shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Thrown {
    /// What was thrown for.
    pub what: String,
    /// The code.
    pub code: Code,
    /// Its total.
    pub total: i32,
}

/// What an attack did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackReport {
    /// The attack roll.
    pub attack: Thrown,
    /// The dodge roll.
    pub dodge: Thrown,
    /// The number the range added to the dodge.
    pub range: i32,
    /// By how much the attack beat the difficulty (dodge roll plus range).
    pub beat_by: i32,
    /// The Attack Resolution Chart's share.
    pub share: Share,
    /// Members whose weapons hit.
    pub hits: u32,
    /// Damage and strength rolls, with the Unit Damage Chart's result: one pair for the hits
    /// and, for grenades, one for those that missed and deviated.
    pub damage: Vec<DamageRoll>,
    /// Men (or vehicles) the target loses.
    pub lost: u32,
    /// The worst result on the Unit Damage Chart, if any.
    pub result: Option<DamageResult>,
    /// The report in words, as the text's example reads.
    pub lines: Vec<String>,
    /// Each use of the Combined Action Chart: what it added to ("attack", "dodge",
    /// "damage", "strength") and the number of people it was read for.
    #[serde(default)]
    pub combined: Vec<(String, u32)>,
}

/// One damage roll against one strength roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageRoll {
    /// The weapons counted (`8 that hit`, `20 that missed, deviated`).
    pub weapons: u32,
    /// The damage roll.
    pub damage: Thrown,
    /// The strength roll.
    pub strength: Thrown,
    /// The chart's row.
    pub result: Option<DamageResult>,
}

/// The damage code of a grenade that missed at `band` and deviated (docs/rules/
/// mass_combat.md, "Grenades"): "All of the grenades miss and deviate based on the range at
/// which they were thrown, we'll say long for 3D or 10m, which is 3D damage" (a 5D grenade):
/// 1D less at point-blank and short range, 2D less at medium and long.
pub fn deviated(damage: Code, band: RangeBand) -> Code {
    let less = match band {
        RangeBand::PointBlank | RangeBand::Short => 1,
        RangeBand::Medium | RangeBand::Long => 2,
    };
    Code((damage - Code::d(less)).0.max(0))
}

/// How a roll's code is made, for the report: `base`, plus the combined action modifier
/// `combined` for `how_many` (men, or weapons coordinated), plus the scale's `scale`, each
/// named where it adds anything (`3D + 3D+2 combined action (40)`); a player read `3D with
/// 40: 6D+2` as a riddle.
fn sum(base: Code, combined: Code, how_many: &str, scale: Code) -> String {
    let plus = |c: Code| {
        if c.0 < 0 {
            format!(" - {}", Code(-c.0))
        } else {
            format!(" + {}", c.to_string().trim_start_matches('+'))
        }
    };
    let mut out = base.to_string();
    if combined != Code::ZERO {
        out += &format!("{} combined action ({how_many})", plus(combined));
    }
    if scale != Code::ZERO {
        out += &format!("{} scale", plus(scale));
    }
    out
}

/// Resolves attack `a` with `dice`: d6-mass-combat.txt, Resolving Attacks ("Roll the
/// attacking unit's average Weapon skill dice for each Weapon type, adding the combined
/// action modifier from the Combined Actions Chart ... The difficulty is the opponents' Dodge
/// skill dice plus the difficulty of the range"), the Attack Resolution Chart, and the Unit
/// Damage Roll ("Strength dice vs. Damage dice, adding the combined action modifier from the
/// Combined Actions Chart to both the Strength dice and the Damage dice"): the damage's
/// modifier is for the weapons that hit, the strength's for the target's size.
///
/// Errors: a die could not be thrown (forced faces ran out; the players' own not typed).
pub fn resolve(a: &AttackInput, dice: &mut Dice) -> Result<AttackReport, String> {
    let mut lines = Vec::new();
    let with = |n: u32| combined_action(n).unwrap_or(Code::ZERO);
    let attack_code = a.skill + with(a.coordinated) + a.scale.attack;
    let attack = attack_code.throw(
        dice,
        format!("{}: {} {} attack", a.attacker, a.people, a.weapon),
    )?;
    let dodge_code = a.dodge + with(a.target_size) + a.scale.dodge;
    let dodge = dodge_code.throw(dice, format!("{}: dodge", a.target))?;
    let (band, range) = a.range;
    let beat_by = attack - (dodge + range);
    let share = attack_resolution(beat_by);
    let hits = share.of(a.people);
    let coordinated = if a.coordinated > a.people {
        format!("{} coordinated weapons", a.coordinated)
    } else {
        a.coordinated.to_string()
    };
    lines.push(format!(
        "{} {} at {} = {attack_code}, rolled {attack}",
        a.people,
        a.weapon,
        sum(a.skill, with(a.coordinated), &coordinated, a.scale.attack)
    ));
    lines.push(format!(
        "{} {} {} = {dodge_code}, rolled {dodge}, +{range} {} range = {}",
        a.target,
        verb(&a.target, "dodges", "dodge"),
        sum(
            a.dodge,
            with(a.target_size),
            &a.target_size.to_string(),
            a.scale.dodge
        ),
        band.word(),
        dodge + range
    ));
    lines.push(if beat_by > 0 {
        format!(
            "beat by {beat_by}: {} hit, {hits} of {}",
            share.words(),
            a.people
        )
    } else {
        match -beat_by {
            0 => "a tie, not beaten: none hit".to_string(),
            by => format!("missed by {by}: none hit"),
        }
    });
    let mut damage = Vec::new();
    let strength_code = a.strength + with(a.target_size) + a.scale.strength;
    let mut roll_damage = |weapons: u32, code: Code, what: &str, lines: &mut Vec<String>| {
        let damage_code = code + with(weapons) + a.scale.damage;
        let d = damage_code.throw(dice, format!("{}: damage, {weapons} {what}", a.attacker))?;
        let s = strength_code.throw(dice, format!("{}: strength", a.target))?;
        let result = unit_damage(d - s);
        lines.push(format!(
            "{weapons} {what} of {} = {damage_code}, rolled {d}; {} strength {} = {strength_code}, rolled {s}; {}",
            sum(code, with(weapons), &weapons.to_string(), a.scale.damage),
            a.target,
            sum(a.strength, with(a.target_size), &a.target_size.to_string(), a.scale.strength),
            match result {
                Some(r) if a.vehicles => format!("beat by {}: {}", d - s, r.vehicle_word()),
                Some(r) => format!("beat by {}: {}", d - s, r.word()),
                None => "no damage".into(),
            }
        ));
        Ok::<DamageRoll, String>(DamageRoll {
            weapons,
            damage: Thrown {
                what: format!("damage, {weapons} {what}"),
                code: damage_code,
                total: d,
            },
            strength: Thrown {
                what: "strength".into(),
                code: strength_code,
                total: s,
            },
            result,
        })
    };
    if hits > 0 {
        damage.push(roll_damage(hits, a.damage, "that hit", &mut lines)?);
    }
    let missed = a.people - hits;
    if a.grenade && missed > 0 {
        let code = deviated(a.damage, band);
        damage.push(roll_damage(
            missed,
            code,
            "that missed and deviated",
            &mut lines,
        )?);
    }
    let result = damage.iter().filter_map(|d| d.result).max();
    // A unit of vehicles loses none to a damage state; "Destroyed" destroys it (docs/rules/
    // mass_combat.md, "Vehicle units"); the battle makes the states worse as hits add up.
    let lost = match result {
        Some(DamageResult::Rout) if a.vehicles => a.target_size,
        Some(r) if !a.vehicles => casualties(r, a.target_size),
        _ => 0,
    };
    if let Some(r) = result {
        lines.push(if a.vehicles {
            format!("{}: {}", a.target, r.vehicle_word())
        } else {
            format!(
                "{}: {}, {lost} of {} lost",
                a.target,
                r.word(),
                a.target_size
            )
        });
    }
    let mut combined = vec![
        ("attack".to_string(), a.coordinated),
        ("dodge".to_string(), a.target_size),
    ];
    for d in &damage {
        combined.push(("damage".into(), d.weapons));
        combined.push(("strength".into(), a.target_size));
    }
    Ok(AttackReport {
        combined,
        attack: Thrown {
            what: format!("{} {} attack", a.people, a.weapon),
            code: attack_code,
            total: attack,
        },
        dodge: Thrown {
            what: "dodge".into(),
            code: dodge_code,
            total: dodge,
        },
        range,
        beat_by,
        share,
        hits,
        damage,
        lost,
        result,
        lines,
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A code's parts are named where they add anything: the scale's too, and a negative one
    /// subtracted; a part of pips alone has no second sign.
    #[test]
    fn a_codes_parts_are_named_in_the_report() {
        assert_eq!(sum(Code::d(3), Code::ZERO, "1", Code::ZERO), "3D");
        assert_eq!(
            sum(Code::d(3), Code::new(0, 2), "2", Code::d(1)),
            "3D + 2 combined action (2) + 1D scale"
        );
        assert_eq!(
            sum(Code::d(2), Code::new(1, 1), "3", Code(-3)),
            "2D + 1D+1 combined action (3) - 1D scale"
        );
    }

    /// The text's example under Units: 40 stormtroopers with blaster rifles (3D in armour)
    /// against a Rebel unit of 40 with dodge 2D and strength 2D, in the open at a range the
    /// example does not name, taken as adding nothing (docs/rules/mass_combat.md, "The
    /// difficulty of the range").
    pub(crate) fn the_example(grenade: bool) -> AttackInput {
        AttackInput {
            attacker: "Stormtroopers".into(),
            target: "Rebels".into(),
            weapon: if grenade { "Grenade" } else { "Blaster Rifle" }.into(),
            people: if grenade { 20 } else { 40 },
            coordinated: if grenade { 20 } else { 40 },
            skill: if grenade { Code::d(1) } else { Code::d(3) },
            damage: Code::d(5),
            dodge: Code::d(2),
            target_size: 40,
            range: if grenade {
                (RangeBand::Long, 0)
            } else {
                (RangeBand::Short, 0)
            },
            strength: Code::d(2),
            scale: ScaleEdge::default(),
            grenade,
            vehicles: false,
        }
    }

    /// Faces that total `n` on `count` dice.
    pub(crate) fn faces(n: i32, count: usize) -> Vec<u8> {
        let mut left = n;
        (0..count)
            .map(|k| {
                let rest = (count - k - 1) as i32;
                let f = (left - rest).clamp(1, 6);
                left -= f;
                f as u8
            })
            .collect()
    }

    #[test]
    fn the_blaster_rifles_of_the_example() {
        // "the aforementioned Stormtroopers rolled 23 for their attack with 40 Blaster
        // Rifles, the aforementioned Rebel unit dodged with a roll of 19. The Stormtroopers
        // beat the Rebel roll by 4, indicating 20% of their blasters hit their targets. Since
        // 40 blasters were allocated, 8 blasters hit their targets. The Blaster rifles,
        // normally doing 5D damage, do 7D combined damage" ... "They roll 19 for their
        // Strength roll. The Stormtroopers roll 24 for their damage roll, beating the Rebel
        // roll by 5. The Rebels take light casualties".
        let mut f = faces(23 - 2, 6);
        f.extend(faces(19 - 2, 5));
        f.extend(faces(24, 7));
        f.extend(faces(19 - 2, 5));
        let mut dice = Dice::forced(f);
        let r = resolve(&the_example(false), &mut dice).unwrap();
        assert_eq!((r.attack.code, r.attack.total), (Code::new(6, 2), 23));
        assert_eq!((r.dodge.code, r.dodge.total), (Code::new(5, 2), 19));
        assert_eq!((r.beat_by, r.hits), (4, 8));
        let d = &r.damage[0];
        assert_eq!((d.damage.code, d.damage.total), (Code::d(7), 24));
        assert_eq!((d.strength.code, d.strength.total), (Code::new(5, 2), 19));
        assert_eq!(d.result, Some(DamageResult::LightCasualties));
        // Our ruling: the chart's 5%, so 2 of the 40 (the example says 25%, 10).
        assert_eq!(r.lost, 2);
        assert_eq!(
            r.lines,
            [
                "40 Blaster Rifle at 3D + 3D+2 combined action (40) = 6D+2, rolled 23",
                "Rebels dodge 2D + 3D+2 combined action (40) = 5D+2, rolled 19, +0 short range = 19",
                "beat by 4: 1 in 5 (20%) hit, 8 of 40",
                "8 that hit of 5D + 2D combined action (8) = 7D, rolled 24; Rebels strength 2D + 3D+2 combined action (40) = 5D+2, rolled 19; beat by 5: light casualties",
                "Rebels: light casualties, 2 of 40 lost",
            ]
        );
    }

    #[test]
    fn the_grenades_of_the_example_miss_and_still_damage() {
        // "For the grenades, the Imperials rolled 16 to attack, the Rebels rolled 19 to
        // dodge. All of the grenades miss and deviate ... which is 3D damage. 20 grenades
        // would have a combined damage of 6D for a roll of 21. The Rebels Strength roll is 19
        // again for a difference of 2. The Rebels are under heavy fire but lose no men".
        let mut f = faces(16, 4); // 1D + 3D for 20
        f.extend(faces(19 - 2, 5));
        f.extend(faces(21, 6));
        f.extend(faces(19 - 2, 5));
        let mut dice = Dice::forced(f);
        let r = resolve(&the_example(true), &mut dice).unwrap();
        assert_eq!((r.attack.code, r.attack.total, r.hits), (Code::d(4), 16, 0));
        let d = &r.damage[0];
        assert_eq!(
            (d.weapons, d.damage.code, d.damage.total),
            (20, Code::d(6), 21)
        );
        assert_eq!(d.result, Some(DamageResult::UnderHeavyFire));
        assert_eq!((r.lost, r.result), (0, Some(DamageResult::UnderHeavyFire)));
    }

    /// Issue 60: a platoon of 4 walkers lightly damaged (beaten by 5, the soldiers' light
    /// casualties row) loses none: "Lightly damaged" is a state, not 5% of the vehicles; the
    /// chart's "Destroyed" destroys them all.
    #[test]
    fn a_lightly_damaged_platoon_of_walkers_loses_none() {
        let walkers = AttackInput {
            target: "AT-ATs".into(),
            target_size: 4,
            vehicles: true,
            ..the_example(false)
        };
        let mut f = faces(23 - 2, 6);
        f.extend(faces(18, 3)); // dodge 2D + 1D+1 (4): 3D+1, rolled 19: 8 hit
        f.extend(faces(24, 7));
        f.extend(faces(18, 3)); // strength 2D + 1D+1: 3D+1, rolled 19, beaten by 5
        let r = resolve(&walkers, &mut Dice::forced(f)).unwrap();
        assert_eq!(r.result, Some(DamageResult::LightCasualties));
        assert_eq!(r.lost, 0, "{:?}", r.lines);
        assert_eq!(r.lines.last().unwrap(), "AT-ATs: lightly damaged");
        let mut f = faces(23 - 2, 6);
        f.extend(faces(18, 3));
        f.extend(faces(40, 7));
        f.extend(faces(18, 3)); // beaten by 21: destroyed
        let r = resolve(&walkers, &mut Dice::forced(f)).unwrap();
        assert_eq!((r.result, r.lost), (Some(DamageResult::Rout), 4));
    }

    #[test]
    fn scale_favours_the_small_in_aim_and_the_large_in_damage() {
        let walker = Code::d(4);
        let e = ScaleEdge::between(Code::ZERO, walker);
        assert_eq!(
            (e.attack, e.strength, e.dodge, e.damage),
            (walker, walker, Code::ZERO, Code::ZERO)
        );
        let e = ScaleEdge::between(walker, Code::ZERO);
        assert_eq!(
            (e.attack, e.strength, e.dodge, e.damage),
            (Code::ZERO, Code::ZERO, walker, walker)
        );
        assert_eq!(deviated(Code::d(5), RangeBand::Long), Code::d(3));
        assert_eq!(deviated(Code::d(1), RangeBand::Long), Code::ZERO);
    }
}
