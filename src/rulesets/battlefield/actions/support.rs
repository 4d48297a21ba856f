//! The support weapons: aerial support, campaign artillery and its counterfire, space
//! bombardment, and where a shot that may miss comes down.

use hexx::Hex;

use super::at_text;
use super::fire::{attack_hex, rolls};
use crate::rules::dice::{Dice, DiceExpr};
use crate::rulesets::battlefield::battle::{Battle, ImpulseKind, Refusal, SupportMarker};
use crate::rulesets::battlefield::rules::roster::{Ability, Kind};
use crate::rulesets::battlefield::rules::support;

/// Aerial support: "An aerial support marker is placed on the target and attack roll is
/// played accordingly ... It cost one activation to use one aerial support."
pub(super) fn aerial(b: &mut Battle, t: Hex, dice: &mut Dice) -> Result<(), Refusal> {
    let side = b.impulse.side;
    if !b.advanced.aerial_support || b.sides[side].aerial_support == 0 {
        return Err("Aerial support: this side has no aerial support shots".into());
    }
    let Some(j) = b
        .target_at(t)
        .filter(|j| b.units[*j].side != side && !b.units[*j].hidden)
    else {
        return Err("there is no enemy unit in that hex".into());
    };
    b.spend(1)?;
    b.sides[side].aerial_support -= 1;
    let die = if b.units[j].profile.kind.is_vehicle() {
        b.support.aerial_vs_vehicle
    } else {
        b.support.aerial_vs_squad
    };
    b.marker = Some(SupportMarker {
        what: "Aerial support".into(),
        aimed: t,
        landed: Some(t),
    });
    let who = format!("{}'s aerial support", b.sides[side].name);
    attack_hex(b, &who, die, t, false, None, dice)
}

/// Where a support shot that may miss comes down: the d6 against `miss_on`, then direction and
/// distance (Campain artillery). `None` if it leaves the map.
fn land(
    b: &mut Battle,
    what: &str,
    t: Hex,
    miss_on: i32,
    dice: &mut Dice,
) -> Result<Option<Hex>, Refusal> {
    let d6 = DiceExpr::d(6);
    let f = dice
        .roll(d6, format!("{what}: misses on 1-{miss_on}"))
        .map_err(|e| e.to_string())?;
    if f > miss_on {
        b.log(format!("{what} at {}: {f}, on target", at_text(t)));
        return Ok(Some(t));
    }
    let dir = dice
        .roll(
            d6,
            format!("{what}: scatter direction (1 = the hex on top, then clockwise)"),
        )
        .map_err(|e| e.to_string())?;
    let dist = dice
        .roll(d6, format!("{what}: scatter distance, hexes"))
        .map_err(|e| e.to_string())?;
    let at = support::scatter(t, dir, dist);
    let on_map = b.map.contains(at);
    b.log(format!(
        "{what} at {}: {f}, a miss; it scatters {dist} hexes in direction {dir} to {}{}",
        at_text(t),
        at_text(at),
        if on_map { "" } else { ", off the map" }
    ));
    Ok(on_map.then_some(at))
}

/// Campain artillery: "you must have one unit wich act as an observer and wich is in line of
/// sight of the enemy unit target ... He will only use this weapon and won't be able to do
/// anything else with his units ... If the hex on wich the artillery shot comes down has
/// units in it (friend or enemy), an attack is then made ... Leader have no effect on
/// artillery fire." One shot an impulse (ruling `Artillery shots`).
pub(super) fn artillery(
    b: &mut Battle,
    observer: &str,
    t: Hex,
    dice: &mut Dice,
) -> Result<(), Refusal> {
    let side = b.impulse.side;
    if !b.advanced.artillery || b.sides[side].artillery == 0 {
        return Err("Campain artillery: this side has no artillery".into());
    }
    start_of_impulse(b, "artillery")?;
    let o = b.unit_index(observer)?;
    if b.units[o].side != side || !b.units[o].on_map() {
        return Err("the observer must be one of your units on the map".into());
    }
    if b.units[o].activated {
        return Err(format!(
            "Campain artillery: \"one unit wich act as an observer\": {} has played this turn",
            b.units[o].label()
        ));
    }
    if b.target_at(t)
        .is_none_or(|j| b.units[j].side == side || b.units[j].hidden)
    {
        return Err("Campain artillery: the target must be an enemy unit".into());
    }
    let s = b.sight(o, t);
    if !s.clear {
        return Err(format!(
            "Campain artillery: the observer has no line of sight ({})",
            s.why
        ));
    }
    // Observing is the unit's act this turn (ruling `Artillery observers`), and directing the
    // fire is a special ability, "wich require a complete activation for that unit".
    b.units[o].activated = true;
    b.units[o].hidden = false;
    let directed = b.units[o].profile.has(Ability::DirectsArtillery);
    let landed = land(b, "Artillery", t, if directed { 1 } else { 2 }, dice)?;
    b.marker = Some(SupportMarker {
        what: "Artillery".into(),
        aimed: t,
        landed,
    });
    if let Some(at) = landed {
        let die = match b.target_at(at) {
            Some(j) if b.units[j].profile.kind.is_vehicle() => b.support.artillery_vs_vehicle,
            _ => b.support.artillery_vs_squad,
        };
        // Buildings: "Buildings can be destroyed by space bombardment, some vehicles or special
        // weapons": not by the campaign artillery (ruling `Artillery and buildings`).
        attack_hex(b, "the artillery", die, at, false, None, dice)?;
    }
    b.check_goal(false);
    Ok(())
}

fn start_of_impulse(b: &Battle, what: &str) -> Result<(), Refusal> {
    if b.impulse.used > 0 || b.impulse.kind == ImpulseKind::Extra {
        return Err(format!(
            "Support weapons: {what} is announced \"at the beginning of\" the side's turn (its impulse): use it before activating any unit"
        ));
    }
    Ok(())
}

/// Counterfire: "On the next player turn, the opponent can choose to normaly activate his
/// units or use his own artillery to make a counterfire attack. For each artillery piece, a
/// 6-sided dice is rolled. A result of 1-2 is missed. If the roll succeed, the player rolls
/// dices for an attack against artillery."
pub(super) fn counterfire(b: &mut Battle, dice: &mut Dice) -> Result<(), Refusal> {
    let side = b.impulse.side;
    let enemy = Battle::other(side);
    if b.artillery_fired_by != Some(enemy) {
        return Err(
            "Counterfire answers the enemy's artillery in the impulse just after it fired".into(),
        );
    }
    if !b.advanced.artillery || b.sides[side].artillery == 0 {
        return Err("Campain artillery: this side has no artillery".into());
    }
    start_of_impulse(b, "counterfire")?;
    for k in 1..=b.sides[side].artillery {
        if b.sides[enemy].artillery == 0 {
            break;
        }
        let f = dice
            .roll(
                DiceExpr::d(6),
                format!("counterfire, piece {k}: misses on 1-2"),
            )
            .map_err(|e| e.to_string())?;
        if support::counterfire_misses(f) {
            b.log(format!("Counterfire, piece {k}: {f}, missed"));
            continue;
        }
        let die = b.support.artillery_vs_vehicle;
        let res = b.support.artillery_resistance;
        let (hit, faces) = rolls(dice, die, res, &format!("counterfire, piece {k}"))?;
        b.log(format!(
            "Counterfire, piece {k}: {f}, on target; {die} against resistance {res}: {:?} — {}",
            faces,
            if hit {
                "an enemy piece is destroyed"
            } else {
                "no effect"
            }
        ));
        if hit {
            b.sides[enemy].artillery -= 1;
        }
    }
    Ok(())
}

/// Space bombardment: "when a side has lost half of his units and the opposing side has not
/// lost as many ... the leader of the bombarding side must be alive. It is announce at the
/// beginning of a turn and the player cannot do anything else ... it affect the targeted hex
/// plus all hexes surrouding it up to a range of 2 hexes ... It can destroy building, enemy
/// units and friendly units".
pub(super) fn bombard(b: &mut Battle, t: Hex, dice: &mut Dice) -> Result<(), Refusal> {
    let side = b.impulse.side;
    let enemy = Battle::other(side);
    if !b.advanced.space_bombardment || b.sides[side].space_bombardment == 0 {
        return Err("Space bombardment: the scenario gives this side none".into());
    }
    start_of_impulse(b, "space bombardment")?;
    let lost = |s: usize| b.sides[s].start_units - b.fighting(s);
    let half = |s: usize| b.sides[s].start_units.div_ceil(2);
    if lost(side) < half(side) || lost(enemy) >= half(enemy) {
        return Err(format!(
            "Space bombardment: \"when a side has lost half of his units and the opposing side has not lost as many\": lost {} of {}, the enemy {} of {}",
            lost(side),
            b.sides[side].start_units,
            lost(enemy),
            b.sides[enemy].start_units
        ));
    }
    let leader_alive = b
        .units
        .iter()
        .any(|u| u.side == side && u.alive && u.profile.kind == Kind::Leader);
    if !leader_alive {
        return Err(
            "Space bombardment: \"the leader of the bombarding side must be alive\"".into(),
        );
    }
    if !b.map.contains(t) {
        return Err("that hex is off the map".into());
    }
    b.sides[side].space_bombardment -= 1;
    let miss_on = b.sides[side].quality.bombardment_miss_on();
    let landed = land(b, "Space bombardment", t, miss_on, dice)?;
    b.marker = Some(SupportMarker {
        what: "Space bombardment".into(),
        aimed: t,
        landed,
    });
    if let Some(at) = landed {
        let die = b.support.bombardment;
        for h in support::blast(at) {
            if b.map.contains(h) {
                attack_hex(b, "the space bombardment", die, h, false, Some(die), dice)?;
            }
        }
    }
    b.check_goal(false);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::battlefield::testing::{battle, hex, logged, make, unit};

    #[test]
    fn artillery_over_2_comes_down_on_its_target() {
        let mut b = battle();
        b.advanced.buildings = true;
        let mut dice = Dice::forced([3, 1, 1, 1, 1, 1, 1, 1, 1]);
        artillery(&mut b, "hill", hex(2, 4), &mut dice).expect("the knoll sees the building");
        // Buildings: "Buildings can be destroyed by space bombardment, some vehicles or
        // special weapons": the building is not tested.
        assert!(!logged(&b, "the building"), "{:#?}", b.events);
        let m = b.marker.clone().expect("a marker");
        assert_eq!((m.aimed, m.landed), (hex(2, 4), Some(hex(2, 4))));
        assert!(logged(&b, "Artillery at (2, 4): 3, on target"));
        assert!(logged(&b, "the artillery attacks Mon Calamari 1"));
        assert!(
            b.units[unit(&b, "hill")].activated,
            "the observer has played"
        );
    }

    #[test]
    fn artillery_on_1_or_2_scatters_by_direction_and_distance() {
        let mut b = battle();
        artillery(
            &mut b,
            "hill",
            hex(2, 4),
            &mut Dice::forced([2, 4, 1, 1, 1, 1, 1, 1]),
        )
        .expect("a miss is still a shot");
        let at = support::scatter(hex(2, 4), 4, 1);
        assert_eq!(b.marker.as_ref().and_then(|m| m.landed), Some(at));
        assert!(logged(
            &b,
            &format!(
                "a miss; it scatters 1 hexes in direction 4 to {}",
                at_text(at)
            )
        ));
    }

    #[test]
    fn a_directing_scout_misses_only_on_1() {
        let mut b = battle();
        let o = unit(&b, "st1");
        b.units[o].profile.abilities.push(Ability::DirectsArtillery);
        let dice = &mut Dice::forced([2, 1, 1, 1, 1, 1, 1, 1]);
        artillery(&mut b, "st1", hex(2, 4), dice).expect("st1 sees the building next door");
        assert!(logged(&b, "Artillery at (2, 4): 2, on target"));
    }

    #[test]
    fn support_is_announced_first_and_only_where_the_scenario_gives_it() {
        let mut b = battle();
        b.impulse.used = 1;
        let e = artillery(&mut b, "hill", hex(2, 4), &mut Dice::forced([3])).expect_err("late");
        assert!(e.starts_with("Support weapons:"), "{e}");
        b.impulse.used = 0;
        let e = counterfire(&mut b, &mut Dice::forced([3])).expect_err("nothing to answer");
        assert!(e.starts_with("Counterfire answers"), "{e}");
        let e = aerial(&mut b, hex(2, 4), &mut Dice::forced([3])).expect_err("none given");
        assert!(e.starts_with("Aerial support:"), "{e}");
        let e = bombard(&mut b, hex(2, 4), &mut Dice::forced([3])).expect_err("none given");
        assert!(e.starts_with("Space bombardment:"), "{e}");
        assert!(b.marker.is_none() && b.events.iter().all(|(_, e)| !e.contains("Artillery")));
    }

    #[test]
    fn an_observer_that_has_played_cannot_observe() {
        let mut b = battle();
        let hill = unit(&b, "hill");
        b.units[hill].activated = true;
        let e = artillery(&mut b, "hill", hex(2, 4), &mut Dice::forced([3])).expect_err("played");
        assert!(e.starts_with("Campain artillery:"), "{e}");
        assert!(b.marker.is_none());
    }

    #[test]
    fn counterfire_rolls_a_d6_a_piece_and_misses_on_1_or_2() {
        let mut b = battle();
        b.impulse.side = 1;
        b.artillery_fired_by = Some(0);
        counterfire(&mut b, &mut Dice::forced([2])).expect("one piece");
        assert!(logged(&b, "Counterfire, piece 1: 2, missed"));
        assert_eq!(b.sides[0].artillery, 1);
    }

    #[test]
    fn aerial_support_costs_one_activation_and_attacks_with_its_own_die() {
        let mut b = battle();
        b.advanced.aerial_support = true;
        b.sides[0].aerial_support = 1;
        let mc2 = unit(&b, "mc2");
        aerial(&mut b, hex(8, 3), &mut Dice::forced([4, 4, 4])).expect("one shot");
        assert!(!b.units[mc2].alive);
        assert!(logged(
            &b,
            "Galactic Empire's aerial support attacks Mon Calamari 2: 1d10 against resistance 3"
        ));
        assert_eq!((b.impulse.used, b.sides[0].aerial_support), (1, 0));
    }

    #[test]
    fn space_bombardment_once_half_is_lost_with_the_leader_alive() {
        let mut b = battle();
        b.advanced.space_bombardment = true;
        b.sides[0].space_bombardment = 1;
        make(&mut b, "st2", "Imperial Leader");
        let e = bombard(&mut b, hex(8, 3), &mut Dice::forced([6])).expect_err("1 of 6 lost");
        assert!(
            e.starts_with("Space bombardment: \"when a side has lost half"),
            "{e}"
        );
        for id in ["hill", "atst"] {
            let i = unit(&b, id);
            b.eliminate(i, "a test");
        }
        let mc2 = unit(&b, "mc2");
        let mut dice = Dice::forced([6].into_iter().chain([12; 30]));
        bombard(&mut b, hex(8, 3), &mut dice).expect("3 of 6 lost, the enemy none");
        assert!(!b.units[mc2].alive, "{:#?}", b.events);
        assert_eq!(b.marker.as_ref().and_then(|m| m.landed), Some(hex(8, 3)));
        assert_eq!(b.sides[0].space_bombardment, 0);
    }
}
