//! The actions of an impulse: a unit's activation (move, fire, move and fire, move into close
//! combat, board, unload) and the support weapons. Each checks everything it needs before it
//! changes anything, and names the rule when it refuses.

use hexx::Hex;

use super::battle::{Battle, ImpulseKind, Refusal, SupportMarker};
use super::commands::Command;
use super::rules::combat::{self, CloseCombat, DieSteps, NEEDED};
use super::rules::die::AttackDie;
use super::rules::map::{Ground, HexTerrain, col_row, hex_at};
use super::rules::movement::{self, Passage, route_cost};
use super::rules::roster::{Ability, Kind};
use super::rules::support;
use crate::rules::dice::{Dice, DiceExpr};

/// Applies `command` for the side whose impulse it is. Every action checks all it needs before
/// it changes anything (the activations left first, the move planned before it is made, a
/// move and fire's shot checked from where the move will end); only a die the typed or
/// forced dice did not have refuses after a change, and the pipeline puts that right,
/// replaying the game's record.
///
/// Errors: the rule that forbids the command.
pub fn apply(b: &mut Battle, command: &Command, dice: &mut Dice) -> Result<(), Refusal> {
    if b.result.is_some() {
        return Err("the battle is over".into());
    }
    match command {
        Command::Move { unit, path } => {
            let i = own_unit(b, unit)?;
            let path = hexes(path);
            // The activation is checked first: the move checks all it needs before it moves.
            b.can_spend(1)?;
            move_unit(b, i, &path, b.units[i].profile.movement, false)?;
            activate(b, i, 1)?;
        }
        Command::Fire {
            unit,
            target,
            leader,
            force,
            weapon_target,
        } => {
            let i = own_unit(b, unit)?;
            let t = hex_at(target.0, target.1);
            let w = weapon_target.map(|(c, r)| hex_at(c, r));
            check_fire(b, i, t, *leader, *force)?;
            check_weapon_target(b, i, t, w)?;
            activate(b, i, 1)?;
            fire(b, i, t, w, *leader, *force, false, dice)?;
        }
        Command::MoveAndFire {
            unit,
            path,
            target,
            leader,
            force,
            weapon_target,
        } => {
            if !b.advanced.moving_and_shooting {
                return Err(
                    "moving and shooting is an advanced rule this scenario does not use".into(),
                );
            }
            let i = own_unit(b, unit)?;
            let path = hexes(path);
            let half = combat::moving_fire_allowance(b.units[i].profile.movement);
            b.can_spend(2).map_err(|e| {
                format!("Moving and shooting: \"it costs 2 activation points\"; {e}")
            })?;
            let (_, end) = plan_move(b, i, &path, half, false)
                .map_err(|e| format!("Moving and shooting: \"cannot move more than half its movement rate (fractions rounded up)\", {half} here: {e}"))?;
            let t = hex_at(target.0, target.1);
            let w = weapon_target.map(|(c, r)| hex_at(c, r));
            check_shot_after_move(b, i, &path, end, (t, w), (*leader, *force))?;
            activate(b, i, 2)?;
            move_unit(b, i, &path, half, false)?;
            fire(b, i, t, w, *leader, *force, true, dice)?;
        }
        Command::Assault {
            unit,
            path,
            leader,
            force,
        } => {
            let i = own_unit(b, unit)?;
            let path = hexes(path);
            assault(b, i, &path, *leader, *force, dice)?;
        }
        Command::Board { unit, path } => {
            let i = own_unit(b, unit)?;
            board(b, i, &hexes(path))?;
        }
        Command::Unload { unit, path } => {
            let i = b.unit_index(unit)?;
            unload(b, i, &hexes(path))?;
        }
        Command::Guard { unit, points } => {
            let i = b.unit_index(unit)?;
            let u = &b.units[i];
            if u.side != b.impulse.side || u.profile.kind != Kind::Jedi || !u.alive {
                return Err("only a Jedi of the side playing can set its guard".into());
            }
            if *points > u.force_points {
                return Err(format!("{} has {} Force points", u.label(), u.force_points));
            }
            b.units[i].guard = *points;
            let l = b.units[i].label();
            b.log(format!(
                "{l} will spend {points} Force points if attacked in close combat"
            ));
            return Ok(());
        }
        Command::LeaderDefence { on } => {
            if !b.advanced.leaders {
                return Err("leaders are an advanced rule this scenario does not use".into());
            }
            let side = b.impulse.side;
            b.sides[side].leader_defends = *on;
            let name = b.sides[side].name.clone();
            b.log(if *on {
                format!("{name}'s leader will help units attacked in close combat")
            } else {
                format!("{name}'s leader keeps his bonuses for attacks")
            });
            return Ok(());
        }
        Command::AerialSupport { target } => aerial(b, hex_at(target.0, target.1), dice)?,
        Command::Artillery { observer, target } => {
            artillery(b, observer, hex_at(target.0, target.1), dice)?;
            b.artillery_fired_by = Some(b.impulse.side);
            return b.end_impulse(dice, false);
        }
        Command::Counterfire => {
            counterfire(b, dice)?;
            b.artillery_fired_by = None;
            return b.end_impulse(dice, false);
        }
        Command::SpaceBombardment { target } => {
            bombard(b, hex_at(target.0, target.1), dice)?;
            b.artillery_fired_by = None;
            return b.end_impulse(dice, false);
        }
        Command::EndImpulse => {
            b.artillery_fired_by = None;
            let passed = b.impulse.used == 0;
            return b.end_impulse(dice, passed);
        }
    }
    b.check_goal(false);
    if b.result.is_none() && b.impulse_spent() {
        b.artillery_fired_by = None;
        b.end_impulse(dice, false)?;
    }
    Ok(())
}

fn hexes(path: &[(i32, i32)]) -> Vec<Hex> {
    path.iter().map(|(c, r)| hex_at(*c, *r)).collect()
}

fn at_text(h: Hex) -> String {
    let (c, r) = col_row(h);
    format!("({c}, {r})")
}

/// The unit `id` of the side playing, able to act: on the map and not yet activated.
fn own_unit(b: &Battle, id: &str) -> Result<usize, Refusal> {
    let i = b.unit_index(id)?;
    let u = &b.units[i];
    if u.side != b.impulse.side {
        return Err(format!(
            "{} is not yours: it is {}'s impulse",
            u.label(),
            b.sides[b.impulse.side].name
        ));
    }
    if !u.alive {
        return Err(format!("{} has been eliminated", u.label()));
    }
    if u.carried_by.is_some() {
        return Err(format!(
            "Transport: \"Once on board, the unit cannot move further, fire or fight a close combat\" ({} must unload first)",
            u.label()
        ));
    }
    if u.activated {
        return Err(format!(
            "Activation: \"Each unit can only be activated once in every turn\" ({} has played)",
            u.label()
        ));
    }
    if b.impulse.kind == ImpulseKind::Normal && b.artillery_fired_by == Some(b.impulse.side) {
        return Err("this impulse was spent on artillery".into());
    }
    Ok(i)
}

/// Marks unit `i` activated, using `n` of the impulse's activations.
fn activate(b: &mut Battle, i: usize, n: u32) -> Result<(), Refusal> {
    b.spend(n)?;
    b.units[i].activated = true;
    b.units[i].hidden = false;
    Ok(())
}

/// Moves unit `i` along `path` within `budget` points (its passengers with it), killing lone
/// enemy leaders passed over and revealing hidden enemies beside the route.
///
/// Errors: see [`route_cost`]; over budget; an end in a hex another unit counting in stacking
/// holds (Stacking: "cannot end an impulse in the same hex"); a field artillery piece.
fn move_unit(
    b: &mut Battle,
    i: usize,
    path: &[Hex],
    budget: u32,
    assault: bool,
) -> Result<u32, Refusal> {
    let (cost, end) = plan_move(b, i, path, budget, assault)?;
    let side = b.units[i].side;
    for &h in path {
        for l in b.lone_enemy_leaders(h, side) {
            b.eliminate(l, "caught alone by an enemy unit passing through");
        }
        b.reveal_near(h, side);
    }
    let label = b.units[i].label();
    b.units[i].at = end;
    for j in 0..b.units.len() {
        if b.units[j].carried_by == Some(i) {
            b.units[j].at = end;
        }
    }
    b.log(format!(
        "{label} moves to {} ({cost} movement points)",
        at_text(end)
    ));
    Ok(cost)
}

/// Checks a move of unit `i` along `path` within `budget` points, changing nothing: its cost
/// and the hex it ends in.
///
/// Errors: as [`move_unit`].
fn plan_move(
    b: &Battle,
    i: usize,
    path: &[Hex],
    budget: u32,
    assault: bool,
) -> Result<(u32, Hex), Refusal> {
    let u = &b.units[i];
    if u.profile.movement == 0 {
        return Err("Field artillery: \"They cannot move\"".into());
    }
    let (side, counts) = (u.side, u.profile.kind.counts_in_stacking());
    let pos = b.positions();
    let cost = route_cost(&b.map, &u.profile, u.at, path, assault, |h| {
        b.passage_in(&pos, h, side, counts)
    })?;
    if cost > budget {
        return Err(format!(
            "Movement: this route costs {cost} movement points and {} has {budget}",
            u.label()
        ));
    }
    let end = *path.last().unwrap_or(&u.at);
    if !assault && b.passage_in(&pos, end, side, counts) == Passage::Friend {
        return Err("Stacking: \"One unit can move through another friendly unit but cannot end an impulse in the same hex\"".into());
    }
    Ok((cost, end))
}

/// Checks the shot of a move and fire (`targets`: the hex shot at and the special weapon's)
/// from where the move along `path` ends, as the battle will stand then: the unit at `end`,
/// the hidden enemies the move reveals shown, the lone leaders it catches gone. The battle is
/// put back as it was whatever the answer.
///
/// Errors: as [`check_fire`] and [`check_weapon_target`].
fn check_shot_after_move(
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
fn check_fire(b: &Battle, i: usize, t: Hex, leader: bool, force: u32) -> Result<(), Refusal> {
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
        return Err(format!(
            "Shooting: \"Count the hex where the target is but not the hex where the attacker is\": {d} hexes, and {}'s range is {}",
            u.label(),
            u.profile.range
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
/// weapon" (ruling "Special weapon targets": each may have its own target). The carrier's
/// target must then be within its own range, and the weapon's within the weapon's range, in
/// sight, with an enemy (or, for a weapon that destroys buildings, a building) there.
fn check_weapon_target(b: &Battle, i: usize, t: Hex, w: Option<Hex>) -> Result<(), Refusal> {
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

fn check_bonuses(b: &Battle, i: usize, leader: bool, force: u32) -> Result<(), Refusal> {
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
fn spend_bonuses(b: &mut Battle, i: usize, leader: bool, force: u32) {
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
fn rolls(
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
    let mut parts = vec![format!("{} {}", u.profile.name, u.profile.resistance)];
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
    let steps = DieSteps {
        moved,
        long_range: b.advanced.range
            && !p.has(Ability::FullRange)
            && combat::beyond_half_range(d, p.range),
        leader,
        force,
    };
    combat::stepped(p.fire_die(kind), steps)
}

/// Resolves a shot of unit `i` at `t` (checked by [`check_fire`]), and its special weapon's
/// at `weapon_at` (or `t`).
#[allow(clippy::too_many_arguments)]
fn fire(
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
        let demolish = b.units[i].profile.has(Ability::Demolishes);
        let ignore = b.units[i].profile.has(Ability::IgnoresTerrain);
        attack_hex(b, &label, die, t, ignore, demolish, dice)?;
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
    let die = combat::weapon_die(&w, kind_at(b, wt), moved);
    attack_hex(
        b,
        &who,
        die,
        wt,
        false,
        w.abilities.contains(&Ability::Demolishes),
        dice,
    )
}

/// The kind of target at `t`: the unit there, or a building (attacked as a vehicle:
/// Buildings, "a dice is rolled like a normal attack against a vehicle").
fn kind_at(b: &Battle, t: Hex) -> Kind {
    b.target_at(t)
        .map_or(Kind::Vehicle, |j| b.units[j].profile.kind)
}

/// One attack with `die` on whoever is at `t` (and on its building, when `demolish`):
/// Buildings, "The resistance of the targeted unit is tested then the resistance of the
/// building is tested."
fn attack_hex(
    b: &mut Battle,
    who: &str,
    die: AttackDie,
    t: Hex,
    ignore_terrain: bool,
    demolish: bool,
    dice: &mut Dice,
) -> Result<(), Refusal> {
    if let Some(j) = b.target_at(t) {
        let (res, why) = resistance(b, j, ignore_terrain);
        let tl = b.units[j].label();
        let (hit, faces) = rolls(dice, die, res, &format!("{who} at {tl}"))?;
        let f: Vec<String> = faces.iter().map(ToString::to_string).collect();
        b.log(format!(
            "{who} attacks {tl}: {die} against resistance {res} ({why}): {} — {}",
            f.join(", "),
            if hit { "destroyed" } else { "the attack fails" }
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
    if demolish && b.advanced.buildings {
        test_building(b, who, die, t, dice)?;
    }
    Ok(())
}

/// Buildings: "a dice is rolled like a normal attack against a vehicle ... Destroyed units
/// become rubbles" (ruling "Rubble": the building becomes rubble).
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

/// Movement into close combat: "a unit move in a hex containing an enemy and each player roll
/// his combat dice. The highest dice wins ... If there is a tie, both units are eliminated.
/// Terrain does not affect close combat. A unit that has initiated a close combat must end
/// its turn ... It can of course defend itself in a close combat even if it had been
/// activated previously."
fn assault(
    b: &mut Battle,
    i: usize,
    path: &[Hex],
    leader: bool,
    force: u32,
    dice: &mut Dice,
) -> Result<(), Refusal> {
    let kind = b.units[i].profile.kind;
    if kind == Kind::Leader {
        return Err("Leaders: \"A leader counter cannot attack by itself\"".into());
    }
    let Some(&t) = path.last() else {
        return Err("name the route into the enemy's hex".into());
    };
    let side = b.units[i].side;
    let Some(def) = b.target_at(t).filter(|j| b.units[*j].side != side) else {
        return Err("close combat needs an enemy unit in the last hex of the route".into());
    };
    check_bonuses(b, i, leader, force)?;
    b.can_spend(1)?;
    move_unit(b, i, path, b.units[i].profile.movement, true)?;
    activate(b, i, 1)?;
    spend_bonuses(b, i, leader, force);
    let a_die = assault_die(b, i, def, leader, force);
    let al = b.units[i].label();
    let dl = b.units[def].label();
    let a = dice
        .roll(a_die.expr(), format!("close combat: {al}"))
        .map_err(|e| e.to_string())?;
    let defence = defence(b, t, i);
    if defence.leader {
        let s = b.units[def].side;
        b.sides[s].leader_bonuses -= 1;
        b.log(format!(
            "{}'s leader gives {dl} a die step in close combat ({} bonuses left)",
            b.sides[s].name, b.sides[s].leader_bonuses
        ));
    }
    let mut d_total = 0;
    let mut d_text = Vec::new();
    for (j, die, guard) in defence.dice {
        let l = b.units[j].label();
        let f = dice
            .roll(die.expr(), format!("close combat: {l} defends"))
            .map_err(|e| e.to_string())?;
        if guard > 0 {
            b.units[j].force_points -= guard;
            b.units[j].guard = 0;
            b.log(format!(
                "{l} spends {guard} Force points defending ({} left)",
                b.units[j].force_points
            ));
        }
        d_total += f;
        d_text.push(format!("{l} {die} = {f}"));
    }
    let outcome = combat::close_combat(a, d_total);
    b.log(format!(
        "Close combat: {al} {a_die} = {a} against {} (total {d_total}): {}",
        d_text.join(" + "),
        match outcome {
            CloseCombat::AttackerWins => "the attacker wins",
            CloseCombat::DefenderWins => "the defender wins",
            CloseCombat::BothEliminated => "a tie: both are eliminated",
        }
    ));
    b.units[def].hidden = false;
    match outcome {
        CloseCombat::AttackerWins => {
            b.eliminate(def, &format!("eliminated in close combat by {al}"))
        }
        CloseCombat::DefenderWins => b.eliminate(i, &format!("eliminated in close combat by {dl}")),
        CloseCombat::BothEliminated => {
            b.eliminate(def, &format!("eliminated in close combat with {al}"));
            b.eliminate(i, &format!("eliminated in close combat with {dl}"));
        }
    }
    Ok(())
}

/// The close combat die of unit `i` attacking `def`: its chart's die against that kind, a
/// leader's bonus and Force points each a step (Leaders: "a increment bonus of 1 dice for
/// firing or close combat"; ruling "A die step").
pub fn assault_die(b: &Battle, i: usize, def: usize, leader: bool, force: u32) -> AttackDie {
    combat::stepped(
        b.units[i].profile.combat_die(b.units[def].profile.kind),
        DieSteps {
            leader,
            force,
            ..Default::default()
        },
    )
}

/// Who defends a hex in close combat and with what.
#[derive(Clone, Debug, PartialEq)]
pub struct Defence {
    /// Each defending unit, its die and the Force points its guard spends.
    pub dice: Vec<(usize, AttackDie, u32)>,
    /// The defending side's leader gives the first defender a die step (one bonus).
    pub leader: bool,
}

/// The defence of hex `t` against unit `attacker`: each unit there that fights (not a
/// leader) with its combat die against the attacker's kind; a stacked Jedi's die added (Jedis:
/// "its resistance and close combat strenght are added ... attack with 1d8+1 and 1d4"), its
/// guard stepping it; and the defending leader's bonus on the first defender when the side
/// allows it, a bonus is left and the leader is within 3 hexes (Leaders: "a increment bonus of
/// 1 dice for firing or close combat to units that are within 3 hexes of it"; ruling
/// "Leaders in defence").
pub fn defence(b: &Battle, t: Hex, attacker: usize) -> Defence {
    let (side, kind) = (b.units[attacker].side, b.units[attacker].profile.kind);
    // Asked before the attacker moves in (the panel) and after (the combat): only the
    // defending side's units count.
    let fighters: Vec<usize> = b
        .at(t)
        .filter(|j| b.units[*j].side != side && b.units[*j].profile.kind != Kind::Leader)
        .collect();
    let Some(&first) = fighters
        .iter()
        .find(|j| b.units[**j].profile.kind.counts_in_stacking())
        .or(fighters.first())
    else {
        return Defence {
            dice: Vec::new(),
            leader: false,
        };
    };
    let ds = b.units[first].side;
    let leader = b.advanced.leaders
        && b.sides[ds].leader_defends
        && b.sides[ds].leader_bonuses > 0
        && b.leader_within_3(ds, t);
    let dice = fighters
        .into_iter()
        .map(|j| {
            let u = &b.units[j];
            let guard = if u.profile.kind == Kind::Jedi {
                u.guard.min(u.force_points)
            } else {
                0
            };
            let step = guard as i32 + i32::from(leader && j == first);
            (j, u.profile.combat_die(kind).step(step), guard)
        })
        .collect();
    Defence { dice, leader }
}

/// Transport: "The transported units must move in the hex in wich is the transporter and
/// spend 1 movement point to board it ... The chosen transporter cannot be activated through
/// the whole turn."
fn board(b: &mut Battle, i: usize, path: &[Hex]) -> Result<(), Refusal> {
    let Some(&t) = path.last() else {
        return Err("name the route into the transporter's hex".into());
    };
    let side = b.units[i].side;
    if b.units[i].profile.kind != Kind::Squad {
        return Err("Transport: vehicles carry \"a number of squads\"".into());
    }
    let Some(carrier) = b
        .counting_at(t)
        .filter(|j| b.units[*j].side == side && b.units[*j].profile.transport > 0)
    else {
        return Err("there is no friendly transporter in that hex".into());
    };
    let load = b
        .units
        .iter()
        .filter(|u| u.alive && u.carried_by == Some(carrier))
        .count() as u32;
    if load >= b.units[carrier].profile.transport {
        return Err(format!(
            "{} carries up to {} squads",
            b.units[carrier].label(),
            b.units[carrier].profile.transport
        ));
    }
    if b.units[carrier].activated && !b.units[carrier].idle {
        return Err("Transport: \"The chosen transporter cannot be activated through the whole turn\": this one has already played".into());
    }
    let profile = b.units[i].profile.clone();
    let pos = b.positions();
    let cost = route_cost(&b.map, &profile, b.units[i].at, path, false, |h| {
        if h == t {
            Passage::Free
        } else {
            b.passage_in(&pos, h, side, true)
        }
    })? + 1;
    if cost > profile.movement {
        return Err(format!(
            "Transport: moving there and boarding costs {cost} points and {} has {}: \"it simply cannot do the task\"",
            b.units[i].label(),
            profile.movement
        ));
    }
    activate(b, i, 1)?;
    b.units[i].at = t;
    b.units[i].carried_by = Some(carrier);
    b.units[carrier].activated = true;
    b.units[carrier].idle = true;
    let (l, c) = (b.units[i].label(), b.units[carrier].label());
    b.log(format!(
        "{l} boards {c} ({cost} movement points); {c} stays put this turn"
    ));
    Ok(())
}

/// Transport: "Unloading the vehicle is the reversed procedure for loading. When the time to
/// unload has come, the transporter must not move or do anything for one turn. Units inside
/// must spend one point to go out of the vehicle ... Then they must spend points to get out
/// of that hex".
fn unload(b: &mut Battle, i: usize, path: &[Hex]) -> Result<(), Refusal> {
    let u = &b.units[i];
    let Some(carrier) = u.carried_by else {
        return Err(format!("{} is not aboard a transporter", u.label()));
    };
    if u.side != b.impulse.side || !u.alive {
        return Err(format!("{} is not yours to unload", u.label()));
    }
    if u.activated {
        return Err("Activation: \"Each unit can only be activated once in every turn\"".into());
    }
    if b.units[carrier].activated && !b.units[carrier].idle {
        return Err("Transport: \"the transporter must not move or do anything for one turn\": this one has already played".into());
    }
    let side = u.side;
    let profile = u.profile.clone();
    let pos = b.positions();
    let cost = route_cost(&b.map, &profile, u.at, path, false, |h| {
        b.passage_in(&pos, h, side, true)
    })
        .map_err(|e| format!("Transport: \"if a unit has not enough movement points to get out of the transporter and move into an adjacent hex ... there cannot be any unloading\": {e}"))?
        + movement::GET_OUT;
    if cost > profile.movement {
        return Err(format!(
            "Transport: getting out and moving costs {cost} points and {} has {}",
            u.label(),
            profile.movement
        ));
    }
    let end = *path.last().unwrap_or(&u.at);
    if b.passage(end, side, true) != Passage::Free {
        return Err("Stacking: \"cannot end an impulse in the same hex\"".into());
    }
    activate(b, i, 1)?;
    b.units[i].carried_by = None;
    b.units[i].at = end;
    b.units[carrier].activated = true;
    b.units[carrier].idle = true;
    let (l, c) = (b.units[i].label(), b.units[carrier].label());
    b.log(format!(
        "{l} unloads from {c} to {} ({cost} movement points)",
        at_text(end)
    ));
    Ok(())
}

/// Aerial support: "An aerial support marker is placed on the target and attack roll is
/// played accordingly ... It cost one activation to use one aerial support."
fn aerial(b: &mut Battle, t: Hex, dice: &mut Dice) -> Result<(), Refusal> {
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
    attack_hex(b, &who, die, t, false, false, dice)
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
/// artillery fire." One shot an impulse (ruling "Artillery shots").
fn artillery(b: &mut Battle, observer: &str, t: Hex, dice: &mut Dice) -> Result<(), Refusal> {
    let side = b.impulse.side;
    if !b.advanced.artillery || b.sides[side].artillery == 0 {
        return Err("Campain artillery: this side has no artillery".into());
    }
    start_of_impulse(b, "artillery")?;
    let o = b.unit_index(observer)?;
    if b.units[o].side != side || !b.units[o].on_map() {
        return Err("the observer must be one of your units on the map".into());
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
        attack_hex(b, "the artillery", die, at, false, true, dice)?;
    }
    b.check_goal(false);
    Ok(())
}

fn start_of_impulse(b: &Battle, what: &str) -> Result<(), Refusal> {
    if b.impulse.used > 0 || b.impulse.kind == ImpulseKind::Extra {
        return Err(format!(
            "Support weapons: {what} \"must [be announced] at the beginning of his turn\": use it before activating any unit"
        ));
    }
    Ok(())
}

/// Counterfire: "On the next player turn, the opponent can choose to normaly activate his
/// units or use his own artillery to make a counterfire attack. For each artillery piece, a
/// 6-sided dice is rolled. A result of 1-2 is missed. If the roll succeed, the player rolls
/// dices for an attack against artillery."
fn counterfire(b: &mut Battle, dice: &mut Dice) -> Result<(), Refusal> {
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
fn bombard(b: &mut Battle, t: Hex, dice: &mut Dice) -> Result<(), Refusal> {
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
                attack_hex(b, "the space bombardment", die, h, false, true, dice)?;
            }
        }
    }
    b.check_goal(false);
    Ok(())
}
