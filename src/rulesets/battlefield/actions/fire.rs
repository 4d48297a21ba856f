//! Shooting: who may fire at what (range, line of sight, a target there, bonuses), the
//! attack die and the resistance it is rolled against, the shot and a building's test
//! (Shooting, Support weapons, Buildings, Leaders, Jedis).

use hexx::Hex;

use super::at_text;
use crate::rules::dice::Dice;
use crate::rulesets::battlefield::battle::{Battle, Refusal};
use crate::rulesets::battlefield::rules::combat::{self, DieSteps, NEEDED};
use crate::rulesets::battlefield::rules::die::AttackDie;
use crate::rulesets::battlefield::rules::map::{Ground, HexTerrain};
use crate::rulesets::battlefield::rules::roster::{Ability, Kind, Weapon};

/// Checks the shot of a move and fire (`targets`: the hex shot at and the special weapon's)
/// from where the move along `path` ends, as the battle will stand then: the unit at `end`,
/// the hidden enemies the move reveals shown, the lone leaders it catches gone. The battle is
/// put back as it was whatever the answer.
///
/// Errors: as [`check_fire`] and [`check_weapon_target`].
pub(super) fn check_shot_after_move(
    b: &mut Battle,
    i: usize,
    path: &[Hex],
    end: Hex,
    (t, w): (Hex, Option<Hex>),
    (leader, force): (bool, u32),
) -> Result<(), Refusal> {
    let side = b.units[i].side;
    let caught: Vec<usize> = path
        .iter()
        .flat_map(|&h| b.lone_enemy_leaders(h, side))
        .filter(|&l| b.units[l].alive)
        .collect();
    let shown: Vec<usize> = (0..b.units.len())
        .filter(|&j| {
            let u = &b.units[j];
            u.hidden
                && u.alive
                && u.side != side
                && path.iter().any(|h| u.at.unsigned_distance_to(*h) <= 1)
        })
        .collect();
    let from = b.units[i].at;
    b.units[i].at = end;
    caught.iter().for_each(|&l| b.units[l].alive = false);
    shown.iter().for_each(|&j| b.units[j].hidden = false);
    let checked = check_fire(b, i, t, leader, force).and_then(|()| check_weapon_target(b, i, t, w));
    b.units[i].at = from;
    caught.iter().for_each(|&l| b.units[l].alive = true);
    shown.iter().for_each(|&j| b.units[j].hidden = true);
    checked
}

/// Checks a shot by unit `i` at `t`: who may fire, range, line of sight, a target there,
/// leader bonus and Force points available.
pub(super) fn check_fire(
    b: &Battle,
    i: usize,
    t: Hex,
    leader: bool,
    force: u32,
) -> Result<(), Refusal> {
    let u = &b.units[i];
    if u.profile.kind == Kind::Leader {
        return Err("Leaders: \"A leader counter cannot attack by itself\"".into());
    }
    if u.profile.kind == Kind::Jedi
        && b.counting_at(u.at)
            .is_some_and(|j| b.units[j].side == u.side)
    {
        return Err(
            "a Jedi stacked with a unit fights with it: fire with that unit and spend Force points"
                .into(),
        );
    }
    if !b.map.contains(t) {
        return Err("that hex is off the map".into());
    }
    let d = u.at.unsigned_distance_to(t);
    let weapon_range = u
        .weapon
        .as_ref()
        .filter(|_| b.advanced.special_weapons)
        .map_or(0, |w| w.range);
    if d == 0 || d > u.profile.range.max(weapon_range) {
        // Out of sight as well: both said (a new player told only the range would have
        // moved closer and found the forest still in the way).
        let sight = b.sight(i, t);
        return Err(format!(
            "Shooting: \"Count the hex where the target is but not the hex where the attacker is\": {d} hexes, and {}'s range is {}{}",
            u.label(),
            u.profile.range,
            if d > 0 && !sight.clear {
                format!("; and no line of sight: {}", sight.why)
            } else {
                String::new()
            }
        ));
    }
    let demolisher =
        b.advanced.buildings && (u.profile.has(Ability::Demolishes) || weapon_demolishes(b, i));
    check_target(b, i, t, demolisher, "")?;
    check_bonuses(b, i, leader, force)
}

/// Checks what a shot by unit `i` (or, `what` naming it, its special weapon) finds at `t`: an
/// enemy it knows of, a leader alone, or a building it can destroy (`demolisher`); and a clear
/// line of sight to it.
fn check_target(b: &Battle, i: usize, t: Hex, demolisher: bool, what: &str) -> Result<(), Refusal> {
    let side = b.units[i].side;
    let target = b
        .target_at(t)
        .filter(|j| !b.units[*j].hidden || b.units[*j].side == side);
    match target {
        Some(j) if b.units[j].side == side => {
            return Err(format!("{what}that is your own unit"));
        }
        Some(_) => {}
        None if !b.lone_enemy_leaders(t, side).is_empty() => {}
        None if demolisher
            && b.map
                .get(t)
                .and_then(HexTerrain::building_resistance)
                .is_some() => {}
        None => return Err(format!("{what}there is no enemy unit in that hex")),
    }
    let s = b.sight(i, t);
    if !s.clear {
        let at = s.blocked_at.map(at_text).unwrap_or_default();
        return Err(format!(
            "Shooting: {what}no line of sight: {} at {at}",
            s.why
        ));
    }
    Ok(())
}

/// Checks a special weapon aimed apart from its carrier's shot: Support weapons, "The
/// carrying unit may fire at the same time with its normal fire strenght and with the special
/// weapon" (ruling `Special weapon targets`: each may have its own target). The carrier's
/// target must then be within its own range, and the weapon's within the weapon's range, in
/// sight, with an enemy (or, for a weapon that destroys buildings, a building) there.
pub(super) fn check_weapon_target(
    b: &Battle,
    i: usize,
    t: Hex,
    w: Option<Hex>,
) -> Result<(), Refusal> {
    let Some(w) = w.filter(|w| *w != t) else {
        return Ok(());
    };
    let u = &b.units[i];
    let Some(weapon) = u.weapon.as_ref().filter(|_| b.advanced.special_weapons) else {
        return Err(format!("{} carries no special weapon", u.label()));
    };
    let d = u.at.unsigned_distance_to(t);
    if d > u.profile.range {
        return Err(format!(
            "Shooting: {d} hexes, and {}'s range is {} (its special weapon aims elsewhere)",
            u.label(),
            u.profile.range
        ));
    }
    if !b.map.contains(w) {
        return Err("the special weapon's target is off the map".into());
    }
    let dw = u.at.unsigned_distance_to(w);
    if dw == 0 || dw > weapon.range {
        return Err(format!(
            "Shooting: the {} is {dw} hexes from its target and its range is {}",
            weapon.name, weapon.range
        ));
    }
    check_target(
        b,
        i,
        w,
        b.advanced.buildings && weapon_demolishes(b, i),
        "the special weapon's target: ",
    )
}

fn weapon_demolishes(b: &Battle, i: usize) -> bool {
    b.advanced.special_weapons
        && b.units[i]
            .weapon
            .as_ref()
            .is_some_and(|w| w.abilities.contains(&Ability::Demolishes))
}

/// The Jedi whose Force points unit `i` may spend: itself, or one stacked with it.
fn jedi_for(b: &Battle, i: usize) -> Option<usize> {
    let u = &b.units[i];
    if u.profile.kind == Kind::Jedi {
        return Some(i);
    }
    b.at(u.at)
        .find(|j| b.units[*j].side == u.side && b.units[*j].profile.kind == Kind::Jedi)
}

/// Checks the bonuses an attack by unit `i` would take: the leader's die (Leaders: "a leader
/// counter gives a increment bonus of 1 dice ... to units that are within 3 hexes of it. This
/// works for a certain number of time per turn") and `force` Force points of the Jedi that is
/// the unit or is stacked with it (Jedis: "can increase an attack dice by one for every force
/// point spent").
///
/// Errors: the advanced rule is not in use, no bonus is left this turn, no leader within 3
/// hexes, no Jedi to spend the points, or too few points left.
pub fn check_bonuses(b: &Battle, i: usize, leader: bool, force: u32) -> Result<(), Refusal> {
    if leader {
        if !b.advanced.leaders {
            return Err("leaders are an advanced rule this scenario does not use".into());
        }
        let side = b.units[i].side;
        if b.sides[side].leader_bonuses == 0 {
            return Err("Leaders: no bonus left this turn".into());
        }
        if !b.leader_within_3(side, b.units[i].at) {
            return Err(
                "Leaders: the bonus goes \"to units that are within 3 hexes of it\"".into(),
            );
        }
    }
    if force > 0 {
        if !b.advanced.jedi {
            return Err("Jedis are an advanced rule this scenario does not use".into());
        }
        match jedi_for(b, i) {
            None => {
                return Err("Jedis: Force points are spent by a Jedi stacked with the unit".into());
            }
            Some(j) if b.units[j].force_points < force => {
                return Err(format!(
                    "{} has {} Force points",
                    b.units[j].label(),
                    b.units[j].force_points
                ));
            }
            Some(_) => {}
        }
    }
    Ok(())
}

/// Spends the leader bonus and Force points of an attack by unit `i`.
pub(super) fn spend_bonuses(b: &mut Battle, i: usize, leader: bool, force: u32) {
    if leader {
        let s = b.units[i].side;
        b.sides[s].leader_bonuses -= 1;
    }
    if force > 0
        && let Some(j) = jedi_for(b, i)
    {
        b.units[j].force_points -= force;
        let l = b.units[j].label();
        b.log(format!(
            "{l} spends {force} Force points ({} left)",
            b.units[j].force_points
        ));
    }
}

/// Throws `die` `times` times for `why`, each needing 4+; whether every roll made it.
pub(super) fn rolls(
    dice: &mut Dice,
    die: AttackDie,
    times: u32,
    why: &str,
) -> Result<(bool, Vec<i32>), Refusal> {
    let mut faces = Vec::new();
    for k in 1..=times {
        let f = dice
            .roll(
                die.expr(),
                format!("{why}: roll {k} of {times}, needs {NEEDED}+"),
            )
            .map_err(|e| e.to_string())?;
        faces.push(f);
    }
    Ok((combat::destroys(&faces), faces))
}

/// The resistance of the target at `t` against a shot: Shooting, "terrain affects the
/// resistance level of the defending unit" (unless the attacker ignores it), entrenchment
/// +1, a stacked leader +1 (Leaders: "A leader stacked with a unit increase its resistance
/// level by one"), a stacked Jedi's 4 (Jedis: "its resistance ... added").
pub fn resistance(b: &Battle, target: usize, ignore_terrain: bool) -> (u32, String) {
    let u = &b.units[target];
    let mut r = u.profile.resistance;
    // `its own 2`, not `Rebel Trooper 2`: units are named with numbers.
    let mut parts = vec![format!("its own {}", u.profile.resistance)];
    let terrain = b.map.get(u.at).map_or(0, HexTerrain::resistance_bonus);
    if terrain > 0 && !ignore_terrain {
        r += terrain;
        parts.push(format!("terrain +{terrain}"));
    }
    if b.advanced.entrenchment && b.entrenchments.contains(&u.at) {
        r += 1;
        parts.push("entrenched +1".into());
    }
    for j in b
        .at(u.at)
        .filter(|j| *j != target && b.units[*j].side == u.side)
    {
        match b.units[j].profile.kind {
            Kind::Leader => {
                r += 1;
                parts.push("leader +1".into());
            }
            Kind::Jedi => {
                r += b.units[j].profile.resistance;
                parts.push(format!("Jedi +{}", b.units[j].profile.resistance));
            }
            _ => {}
        }
    }
    (r, parts.join(", "))
}

/// The steps unit `i`'s die takes at a target `d` hexes away: moving and shooting, the range
/// rule (unless it keeps full range), a leader bonus and Force points.
fn steps(b: &Battle, i: usize, d: u32, leader: bool, force: u32, moved: bool) -> DieSteps {
    let p = &b.units[i].profile;
    DieSteps {
        moved,
        long_range: b.advanced.range
            && !p.has(Ability::FullRange)
            && combat::beyond_half_range(d, p.range),
        leader,
        force,
    }
}

/// The attack die of unit `i` at a target of `kind` `d` hexes away, after moving and
/// shooting, the range rule, a leader bonus and Force points (the panel shows the same die).
pub fn attack_die(
    b: &Battle,
    i: usize,
    kind: Kind,
    d: u32,
    leader: bool,
    force: u32,
    moved: bool,
) -> AttackDie {
    let p = &b.units[i].profile;
    combat::stepped(p.fire_die(kind), steps(b, i, d, leader, force, moved))
}

/// Why unit `i`'s die at a target of `kind` `d` hexes off is not its profile's, in words
/// (`1d6, not its own 1d8 (7 hexes is beyond half its range 6: one step down)`), or `None` when
/// it is its own: the steps [`attack_die`] takes (Moving and shooting, Range, Leaders, Jedis).
pub fn die_steps_text(
    b: &Battle,
    i: usize,
    kind: Kind,
    d: u32,
    leader: bool,
    force: u32,
    moved: bool,
) -> Option<String> {
    let p = &b.units[i].profile;
    let s = steps(b, i, d, leader, force, moved);
    let mut why = Vec::new();
    if s.moved {
        why.push("moved before firing: one step down, no bonus".to_string());
    }
    if s.long_range {
        why.push(format!(
            "{d} hexes is beyond half its range {}: one step down",
            p.range
        ));
    }
    if s.leader && !s.moved {
        why.push("its leader's bonus: one step up".into());
    }
    if s.force > 0 && !s.moved {
        why.push(format!("{} Force point(s): a step up each", s.force));
    }
    let (base, now) = (p.fire_die(kind), combat::stepped(p.fire_die(kind), s));
    (!why.is_empty()).then(|| format!("{now}, not its own {base} ({})", why.join("; ")))
}

/// Resolves a shot of unit `i` at `t` (checked by [`check_fire`]), and its special weapon's
/// at `weapon_at` (or `t`).
#[allow(clippy::too_many_arguments)]
pub(super) fn fire(
    b: &mut Battle,
    i: usize,
    t: Hex,
    weapon_at: Option<Hex>,
    leader: bool,
    force: u32,
    moved: bool,
    dice: &mut Dice,
) -> Result<(), Refusal> {
    spend_bonuses(b, i, leader, force);
    let label = b.units[i].label();
    let side = b.units[i].side;
    let d = b.units[i].at.unsigned_distance_to(t);
    let lone = b.lone_enemy_leaders(t, side);
    if !lone.is_empty() {
        for l in lone {
            b.eliminate(l, &format!("shot alone in his hex by {label}"));
        }
        if weapon_at.is_none_or(|w| w == t) {
            return Ok(());
        }
    } else if d <= b.units[i].profile.range {
        let kind = kind_at(b, t);
        let die = attack_die(b, i, kind, d, leader, force, moved);
        if let Some(why) = die_steps_text(b, i, kind, d, leader, force, moved) {
            b.log(format!("{label} fires with {why}"));
        }
        let building = b.units[i]
            .profile
            .has(Ability::Demolishes)
            .then(|| attack_die(b, i, Kind::Vehicle, d, leader, force, moved));
        let ignore = b.units[i].profile.has(Ability::IgnoresTerrain);
        attack_hex(b, &label, die, t, ignore, building, dice)?;
    }
    let weapon = b.units[i]
        .weapon
        .clone()
        .filter(|_| b.advanced.special_weapons);
    let wt = weapon_at.unwrap_or(t);
    let Some(w) = weapon else { return Ok(()) };
    if b.units[i].at.unsigned_distance_to(wt) > w.range || !b.units[i].alive {
        return Ok(());
    }
    let who = format!("{label}'s {}", w.name);
    let lone = b.lone_enemy_leaders(wt, side);
    if !lone.is_empty() {
        for l in lone {
            b.eliminate(l, &format!("shot alone in his hex by {who}"));
        }
        return Ok(());
    }
    let long = weapon_long_range(b, i, &w, wt);
    let die = combat::weapon_die(&w, kind_at(b, wt), moved, long);
    let building = w
        .abilities
        .contains(&Ability::Demolishes)
        .then(|| combat::weapon_die(&w, Kind::Vehicle, moved, long));
    attack_hex(b, &who, die, wt, false, building, dice)
}

/// Whether unit `i`'s special weapon `w` shoots at `t` beyond half its range with the range
/// rule in use (Range: "All units that fire for more than half of its range capacity has its
/// attack dice reduced by one"; a weapon has its own range, so its own half).
pub fn weapon_long_range(b: &Battle, i: usize, w: &Weapon, t: Hex) -> bool {
    b.advanced.range && combat::beyond_half_range(b.units[i].at.unsigned_distance_to(t), w.range)
}

/// The kind of target at `t`: the unit there, or a building (attacked as a vehicle:
/// Buildings, "a dice is rolled like a normal attack against a vehicle").
fn kind_at(b: &Battle, t: Hex) -> Kind {
    b.target_at(t)
        .map_or(Kind::Vehicle, |j| b.units[j].profile.kind)
}

/// One attack with `die` on whoever is at `t`, then, with `building` (the attacker's die
/// against a vehicle, for an attacker that destroys buildings), on its building: Buildings,
/// "The resistance of the targeted unit is tested then the resistance of the building is
/// tested"; "a dice is rolled like a normal attack against a vehicle".
pub(super) fn attack_hex(
    b: &mut Battle,
    who: &str,
    die: AttackDie,
    t: Hex,
    ignore_terrain: bool,
    building: Option<AttackDie>,
    dice: &mut Dice,
) -> Result<(), Refusal> {
    if let Some(j) = b.target_at(t) {
        let (res, why) = resistance(b, j, ignore_terrain);
        let tl = b.units[j].label();
        let (hit, faces) = rolls(dice, die, res, &format!("{who} at {tl}"))?;
        let f: Vec<String> = faces.iter().map(ToString::to_string).collect();
        // Which roll failed, as the dice log shows the last roll only (a walk saw a 4 there
        // and the attack failing): Shooting, "have at least 4 on each roll".
        let under = faces.iter().filter(|&&x| x < NEEDED).count();
        b.log(format!(
            "{who} attacks {tl}: {die} against resistance {res} ({why}): {} — {}",
            f.join(", "),
            if hit {
                "destroyed".to_string()
            } else {
                format!(
                    "the attack fails ({under} roll{} under {NEEDED}: each must make {NEEDED}+)",
                    if under == 1 { "" } else { "s" }
                )
            }
        ));
        b.units[j].hidden = false;
        if hit {
            b.eliminate(j, &format!("destroyed by {who}"));
        }
    } else {
        for l in b.lone_enemy_leaders(t, usize::MAX) {
            b.eliminate(l, &format!("caught alone by {who}"));
        }
    }
    if let Some(die) = building.filter(|_| b.advanced.buildings) {
        test_building(b, who, die, t, dice)?;
    }
    Ok(())
}

/// Buildings: "a dice is rolled like a normal attack against a vehicle ... Destroyed units
/// become rubbles" (ruling `Rubble`: the building becomes rubble).
fn test_building(
    b: &mut Battle,
    who: &str,
    die: AttackDie,
    t: Hex,
    dice: &mut Dice,
) -> Result<(), Refusal> {
    let Some(terrain) = b.map.get(t).copied() else {
        return Ok(());
    };
    let Some(res) = terrain.building_resistance() else {
        return Ok(());
    };
    let (hit, faces) = rolls(
        dice,
        die,
        res,
        &format!("{who} at the building {}", at_text(t)),
    )?;
    let f: Vec<String> = faces.iter().map(ToString::to_string).collect();
    b.log(format!(
        "{who} attacks the building at {}: {die} against resistance {res}: {} — {}",
        at_text(t),
        f.join(", "),
        if hit {
            "it falls to rubble"
        } else {
            "it stands"
        }
    ));
    if hit {
        b.map.set(
            t,
            HexTerrain {
                ground: Ground::Rubble,
                ..terrain
            },
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::battlefield::testing::{arm, battle, hex, logged, path, unit};

    /// A shot beyond range at a hex also out of sight is refused with both reasons, on every
    /// hex of the test map where both hold (a new player was told the range only).
    #[test]
    fn a_shot_out_of_range_and_sight_is_refused_for_both() {
        let b = battle();
        let i = unit(&b, "st1");
        let mut both = 0;
        for (h, _) in b.map.hexes() {
            let d = b.units[i].at.unsigned_distance_to(h);
            if d <= b.units[i].profile.range {
                continue;
            }
            let e = check_fire(&b, i, h, false, 0).expect_err("out of range");
            assert!(e.contains("range is"), "{h:?}: {e}");
            assert_eq!(
                e.contains("no line of sight"),
                !b.sight(i, h).clear,
                "{h:?}: {e}"
            );
            both += usize::from(!b.sight(i, h).clear);
        }
        assert!(both > 0);
    }

    #[test]
    fn the_worked_shot_4_4_8_destroys_the_calamari() {
        let mut b = battle();
        let (atst, mc2) = (unit(&b, "atst"), unit(&b, "mc2"));
        check_fire(&b, atst, hex(8, 3), false, 0).expect("4 hexes, in sight");
        fire(
            &mut b,
            atst,
            hex(8, 3),
            None,
            false,
            0,
            false,
            &mut Dice::forced([4, 4, 8]),
        )
        .expect("three dice");
        assert!(!b.units[mc2].alive);
        assert!(logged(
            &b,
            "AT-ST 2 attacks Mon Calamari 2: 1d8 against resistance 3 (its own 3): 4, 4, 8 — destroyed"
        ));
    }

    #[test]
    fn one_die_under_4_and_the_shot_fails() {
        let mut b = battle();
        let (atst, mc2) = (unit(&b, "atst"), unit(&b, "mc2"));
        fire(
            &mut b,
            atst,
            hex(8, 3),
            None,
            false,
            0,
            false,
            &mut Dice::forced([4, 3, 8]),
        )
        .expect("three dice");
        assert!(b.units[mc2].alive);
        assert!(logged(&b, "4, 3, 8 — the attack fails"));
    }

    #[test]
    fn field_artillery_nullifies_the_terrain_but_not_an_entrenchment() {
        let mut b = battle();
        crate::rulesets::battlefield::testing::make(&mut b, "wood", "Imperial Field Artillery");
        let (wood, mc3) = (unit(&b, "wood"), unit(&b, "mc3"));
        assert!(b.units[wood].profile.has(Ability::IgnoresTerrain));
        let (at, mut dice) = (b.units[mc3].at, Dice::forced([4, 4, 4, 1]));
        fire(&mut b, wood, at, None, false, 0, false, &mut dice).expect("dice");
        assert!(
            logged(
                &b,
                "attacks Mon Calamari 3: 1d10 against resistance 3 (its own 3)"
            ),
            "the forest's +1 ignored: {:#?}",
            b.events
        );
    }

    #[test]
    fn a_die_stepped_down_beyond_half_range_says_why() {
        let mut b = battle();
        b.advanced.range = true;
        let st1 = unit(&b, "st1");
        let range = b.units[st1].profile.range;
        let far = range / 2 + 1;
        assert_eq!(
            die_steps_text(&b, st1, Kind::Squad, 1, false, 0, false),
            None
        );
        assert_eq!(
            die_steps_text(&b, st1, Kind::Squad, far, false, 0, false).as_deref(),
            Some(
                format!(
                    "1d6, not its own 1d8 ({far} hexes is beyond half its range {range}: one step down)"
                )
                .as_str()
            )
        );
    }

    #[test]
    fn a_forest_adds_1_to_resistance() {
        let b = battle();
        let mc3 = unit(&b, "mc3");
        assert_eq!(
            resistance(&b, mc3, false),
            (4, "its own 3, terrain +1".to_string())
        );
        assert_eq!(resistance(&b, mc3, true).0, 3);
    }

    #[test]
    fn a_shot_out_of_range_at_a_friend_or_with_rules_not_in_use_is_refused() {
        let b = battle();
        let (hill, wood) = (unit(&b, "hill"), unit(&b, "wood"));
        let e = check_fire(&b, hill, hex(9, 6), false, 0).expect_err("beyond 6 hexes");
        assert!(e.starts_with("Shooting:"), "{e}");
        let e = check_fire(&b, wood, hex(8, 7), false, 0).expect_err("the other AT-ST");
        assert_eq!(e, "that is your own unit");
        let e = check_fire(&b, unit(&b, "atst"), hex(8, 3), true, 0).expect_err("no leaders");
        assert!(e.starts_with("leaders are an advanced rule"), "{e}");
        let e = check_fire(&b, wood, hex(7, 4), false, 0).expect_err("an empty hex");
        assert_eq!(e, "there is no enemy unit in that hex");
    }

    #[test]
    fn dice_that_run_out_mid_shot_refuse_it() {
        let mut b = battle();
        let atst = unit(&b, "atst");
        let e = fire(
            &mut b,
            atst,
            hex(8, 3),
            None,
            false,
            0,
            false,
            &mut Dice::forced([4]),
        );
        assert!(e.is_err());
    }

    #[test]
    fn a_building_is_tested_with_the_die_against_a_vehicle_whoever_is_inside() {
        let mut b = battle();
        b.advanced.special_weapons = true;
        b.advanced.buildings = true;
        arm(&mut b, "st1", "Rocket Launcher");
        let st1 = unit(&b, "st1");
        let t = path(&[(2, 4)])[0];
        // Every roll a 1: the Calamari stands, and so does the building.
        fire(
            &mut b,
            st1,
            t,
            None,
            false,
            0,
            false,
            &mut Dice::forced([1; 30]),
        )
        .expect("dice");
        assert!(
            logged(
                &b,
                "attacks the building at (2, 4): 1d12 against resistance"
            ),
            "{:#?}",
            b.events
        );
        assert!(logged(&b, "Rocket Launcher attacks Mon Calamari 1: 1d6"));
    }

    #[test]
    fn a_special_weapon_beyond_half_its_range_steps_down_under_the_range_rule() {
        let mut b = battle();
        arm(&mut b, "st1", "Rocket Launcher");
        let st1 = unit(&b, "st1");
        let w = b.units[st1].weapon.clone().expect("armed");
        let (near, far) = (path(&[(2, 4)])[0], path(&[(2, 3)])[0]);
        assert!(
            !weapon_long_range(&b, st1, &w, far),
            "the range rule is not in use"
        );
        b.advanced.range = true;
        assert!(weapon_long_range(&b, st1, &w, far), "3 hexes of 5");
        assert!(!weapon_long_range(&b, st1, &w, near), "2 hexes of 5");
    }

    #[test]
    fn an_entrenchment_adds_1_to_resistance() {
        let mut b = battle();
        b.advanced.entrenchment = true;
        let mc2 = unit(&b, "mc2");
        b.entrenchments.push(b.units[mc2].at);
        assert_eq!(
            resistance(&b, mc2, false),
            (4, "its own 3, entrenched +1".to_string())
        );
    }

    #[test]
    fn a_demolisher_brings_an_empty_building_down_to_rubble() {
        let mut b = battle();
        b.advanced.buildings = true;
        let hill = unit(&b, "hill");
        let building = hex(2, 2);
        check_fire(&b, hill, building, false, 0).expect("a building it can destroy");
        fire(
            &mut b,
            hill,
            building,
            None,
            false,
            0,
            false,
            &mut Dice::forced([4, 4, 4]),
        )
        .expect("dice");
        assert!(logged(&b, "it falls to rubble"), "{:#?}", b.events);
        assert_eq!(b.map.get(building).map(|t| t.ground), Some(Ground::Rubble));
    }

    #[test]
    fn beyond_half_its_range_a_units_die_steps_down_under_the_range_rule() {
        let mut b = battle();
        let atst = unit(&b, "atst");
        assert_eq!(
            attack_die(&b, atst, Kind::Squad, 4, false, 0, false).to_string(),
            "1d8"
        );
        b.advanced.range = true;
        assert_eq!(
            attack_die(&b, atst, Kind::Squad, 4, false, 0, false).to_string(),
            "1d6"
        );
        assert_eq!(
            attack_die(&b, atst, Kind::Squad, 3, false, 0, false).to_string(),
            "1d8"
        );
    }

    #[test]
    fn the_calamari_sees_the_at_st_on_the_knoll_too() {
        // Shooting: "The AT-ST can attack the Calamari wich is at 4 hexes because it is in the
        // line of sight. The Calamari sees the AT-ST too."
        let b = battle();
        let (hill, mc1) = (unit(&b, "hill"), unit(&b, "mc1"));
        assert!(b.sight(hill, b.units[mc1].at).clear);
        assert!(b.sight(mc1, b.units[hill].at).clear);
    }

    #[test]
    fn a_wookie_stacked_with_a_jedi_is_worth_6_in_resistance() {
        // Jedis: "a Wookie unit is stacked with a Jedi worth 6 in resisance".
        let mut b = battle();
        crate::rulesets::battlefield::testing::make(&mut b, "st1", "Wookie");
        crate::rulesets::battlefield::testing::make(&mut b, "st2", "Jedi");
        let (st1, st2) = (unit(&b, "st1"), unit(&b, "st2"));
        b.units[st2].at = b.units[st1].at;
        assert_eq!(
            resistance(&b, st1, false),
            (6, "its own 2, Jedi +4".to_string())
        );
    }
}
