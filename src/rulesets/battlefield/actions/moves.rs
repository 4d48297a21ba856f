//! Moving a unit: an ordinary move (planned and checked before it is made), boarding a
//! transporter and unloading from one (Movement, Stacking, Transport).

use hexx::Hex;

use super::{activate, at_text};
use crate::rulesets::battlefield::battle::{Battle, Refusal};
use crate::rulesets::battlefield::rules::movement::{self, Passage, route_cost};
use crate::rulesets::battlefield::rules::roster::Kind;

/// The Jedi that go where unit `i` goes: those of its side stacked with it (Jedis: "When it is
/// stacked with a unit, its resistance and close combat strenght are added"; "a Jedi in a air
/// speeder attack a AT-AT") that have not been activated this turn. Ruling `Jedi stacks`: the
/// stack moves as one, at the unit's rate, and the Jedi has played with it; a Jedi that has
/// played already stays behind. None for a unit that does not count in stacking.
pub fn jedi_with(b: &Battle, i: usize) -> Vec<usize> {
    let u = &b.units[i];
    if !u.profile.kind.counts_in_stacking() {
        return Vec::new();
    }
    b.at(u.at)
        .filter(|&j| {
            let s = &b.units[j];
            j != i && s.side == u.side && s.profile.kind == Kind::Jedi && !s.activated
        })
        .collect()
}

/// Moves unit `i` along `path` within `budget` points, its passengers and the Jedi stacked
/// with it ([`jedi_with`]) with it, killing lone enemy leaders passed over. A hidden enemy next
/// to a hex the unit reaches (or to where it sets off) is discovered, and the move halts there
/// (ruling `Hidden units`: the route was planned without knowing it). Returns the hex where
/// the unit stopped: the route's end unless it halted.
///
/// Errors: see [`route_cost`]; over budget; an end in a hex another unit counting in stacking
/// holds (Stacking: "cannot end an impulse in the same hex"); a field artillery piece.
pub(super) fn move_unit(
    b: &mut Battle,
    i: usize,
    path: &[Hex],
    budget: u32,
    assault: bool,
) -> Result<Hex, Refusal> {
    let (cost, end) = plan_move(b, i, path, budget, assault)?;
    let side = b.units[i].side;
    let start = b.units[i].at;
    let mut at = start;
    if !b.reveal_near(at, side) {
        for (k, &h) in path.iter().enumerate() {
            for l in b.lone_enemy_leaders(h, side) {
                b.eliminate(l, "caught alone by an enemy unit passing through");
            }
            at = h;
            if b.reveal_near(h, side) {
                // A halt short of the route's end stops where a move may end: back along the
                // route past a friend's hex, a building for a vehicle, or the hex of the
                // enemy just found (Stacking; Movement, "Buildings are interdicted to
                // vehicles").
                if k + 1 < path.len() || !assault {
                    at = last_stop(b, i, &path[..=k]);
                }
                break;
            }
        }
    }
    let label = b.units[i].label();
    let with = jedi_with(b, i);
    b.units[i].at = at;
    for j in 0..b.units.len() {
        if b.units[j].carried_by == Some(i) {
            b.units[j].at = at;
        }
    }
    for &j in &with {
        b.units[j].at = at;
        b.units[j].activated = true;
        b.units[j].hidden = false;
        let l = b.units[j].label();
        b.log(format!("{l} goes with {label}"));
    }
    if at == end {
        b.log(format!(
            "{label} moves to {} ({})",
            at_text(end),
            movement_points(cost)
        ));
    } else {
        b.log(format!(
            "{label} halts at {}: an enemy is discovered in its way",
            at_text(at)
        ));
    }
    Ok(at)
}

/// Checks a move of unit `i` along `path` within `budget` points, changing nothing: its cost
/// and the hex it ends in.
///
/// Errors: as [`move_unit`].
/// The last hex of `route` (hexes entered in order) where unit `i` may end a move: no friendly
/// unit counting in stacking, no enemy, and no building for a vehicle; its own hex if none.
fn last_stop(b: &Battle, i: usize, route: &[Hex]) -> Hex {
    let u = &b.units[i];
    let (side, counts) = (u.side, u.profile.kind.counts_in_stacking());
    let pos = b.positions();
    route
        .iter()
        .rev()
        .copied()
        .find(|&h| {
            movement::may_end(&b.map, &u.profile, h).is_ok()
                && b.passage_in(&pos, h, side, counts) == Passage::Free
        })
        .unwrap_or(u.at)
}

pub(super) fn plan_move(
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

/// Transport: "The chosen transporter cannot be activated through the whole turn. The
/// transported units must move in the hex in wich is the transporter and spend 1 movement
/// point to board it."
pub(super) fn board(b: &mut Battle, i: usize, path: &[Hex]) -> Result<(), Refusal> {
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
        "{l} boards {c} ({}); {c} stays put this turn",
        movement_points(cost)
    ));
    Ok(())
}

/// Transport: "Unloading the vehicle is the reversed procedure for loading. When the time to
/// unload has come, the transporter must not move or do anything for one turn. Units inside
/// must spend one point to go out of the vehicle ... Then they must spend points to get out
/// of that hex".
pub(super) fn unload(b: &mut Battle, i: usize, path: &[Hex]) -> Result<(), Refusal> {
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
        "{l} unloads from {c} to {} ({})",
        at_text(end),
        movement_points(cost)
    ));
    Ok(())
}

/// `1 movement point`, `3 movement points`: what a move cost, in the event log's words.
fn movement_points(cost: u32) -> String {
    if cost == 1 {
        "1 movement point".into()
    } else {
        format!("{cost} movement points")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::battlefield::testing::{battle, logged, path, unit};

    #[test]
    fn a_move_costs_its_route_and_takes_the_unit_there() {
        let mut b = battle();
        let st1 = unit(&b, "st1");
        let at = move_unit(&mut b, st1, &path(&[(2, 5)]), 3, false).expect("one clear hex");
        assert_eq!(at, path(&[(2, 5)])[0]);
        assert_eq!(b.units[st1].at, at);
        assert!(logged(
            &b,
            "Stormtrooper 1 moves to (2, 5) (1 movement point)"
        ));
    }

    #[test]
    fn a_move_over_budget_or_onto_a_friend_is_refused_and_changes_nothing() {
        let mut b = battle();
        let st1 = unit(&b, "st1");
        let before = b.units[st1].at;
        let long = path(&[(3, 6), (4, 6), (5, 6), (6, 6)]);
        let e = move_unit(&mut b, st1, &long, 3, false).expect_err("4 hexes for 3 points");
        assert!(e.starts_with("Movement:"), "{e}");
        let e = move_unit(&mut b, st1, &path(&[(2, 7)]), 3, false).expect_err("st2 is there");
        assert!(e.starts_with("Stacking:"), "{e}");
        assert_eq!(b.units[st1].at, before);
        assert!(b.events.iter().all(|(_, e)| !e.contains("moves to")));
    }

    #[test]
    fn a_squad_boards_a_transporter_and_unloads_next_to_it() {
        let mut b = battle();
        let (st2, jg) = (unit(&b, "st2"), unit(&b, "jg"));
        board(&mut b, st2, &path(&[(3, 7), (4, 7)])).expect("2 hexes and 1 to board: 3 points");
        assert_eq!(b.units[st2].carried_by, Some(jg));
        assert!(b.units[jg].activated && b.units[jg].idle);
        assert!(logged(&b, "boards Jaggernaud (3 movement points)"));
        // Once aboard it has played this turn: unloading waits for the next.
        let e = unload(&mut b, st2, &path(&[(5, 7)])).expect_err("already activated");
        assert!(e.starts_with("Activation:"), "{e}");
        b.units[st2].activated = false;
        unload(&mut b, st2, &path(&[(5, 7)])).expect("1 to get out, 1 to move");
        assert_eq!(b.units[st2].carried_by, None);
        assert_eq!(b.units[st2].at, path(&[(5, 7)])[0]);
    }

    #[test]
    fn only_squads_board_and_field_artillery_never_moves() {
        let mut b = battle();
        let (wood, jg) = (unit(&b, "wood"), unit(&b, "jg"));
        let e = board(&mut b, wood, &path(&[(5, 6), (4, 7)])).expect_err("a walker");
        assert!(e.starts_with("Transport:"), "{e}");
        b.units[jg].profile.movement = 0;
        let e = plan_move(&b, jg, &path(&[(5, 7)]), 5, false).expect_err("cannot move");
        assert!(e.starts_with("Field artillery:"), "{e}");
    }

    #[test]
    fn a_hidden_enemy_does_not_stop_a_route_but_halts_the_move_that_comes_next_to_it() {
        let mut b = battle();
        let (atst, mc2) = (unit(&b, "atst"), unit(&b, "mc2"));
        b.units[mc2].hidden = true;
        let its_hex = b.units[mc2].at;
        // Not known to the Empire: its hex is open to a route.
        assert_eq!(b.passage(its_hex, 0, true), Passage::Free);
        let route = path(&[(8, 6), (8, 5), (8, 4), (8, 3)]);
        let at = move_unit(&mut b, atst, &route, 4, false).expect("a route as far as it knows");
        assert_eq!(at, route[2], "discovered from (8, 4), it halts there");
        assert!(!b.units[mc2].hidden);
        assert!(logged(&b, "Mon Calamari 2 is discovered"));
        assert!(logged(&b, "AT-ST 2 halts at (8, 4)"));
        assert_eq!(b.passage(its_hex, 0, true), Passage::Enemy, "now known");
    }

    #[test]
    fn a_halt_on_discovery_never_ends_in_a_friends_hex() {
        // Stacking: "can move through another friendly unit but cannot end an impulse in the
        // same hex": halted where a stormtrooper squad stands, the walker steps back.
        let mut b = battle();
        let (atst, mc2, st1) = (unit(&b, "atst"), unit(&b, "mc2"), unit(&b, "st1"));
        b.units[mc2].hidden = true;
        let route = path(&[(8, 6), (8, 5), (8, 4), (8, 3)]);
        b.units[st1].at = route[2];
        let at = move_unit(&mut b, atst, &route, 4, false).expect("a route as far as it knows");
        assert_eq!(at, route[1], "back from the squad's hex to (8, 5)");
        assert_eq!(b.units[atst].at, route[1]);
    }

    #[test]
    fn a_hidden_enemy_does_not_block_a_line_of_sight() {
        let mut b = battle();
        let (st1, gu1) = (unit(&b, "st1"), unit(&b, "gu1"));
        let calamari = path(&[(2, 4)])[0];
        b.units[gu1].at = path(&[(2, 5)])[0];
        assert!(!b.sight(st1, calamari).clear, "the guerilla is in the way");
        b.units[gu1].hidden = true;
        assert!(b.sight(st1, calamari).clear, "not known to be there");
    }

    #[test]
    fn a_stormtrooper_moves_3_clear_hexes() {
        // Activation: "He decides to move a Stormtrooper unit of 3 hexes of clear terrain".
        let mut b = battle();
        let st1 = unit(&b, "st1");
        let route = path(&[(3, 6), (4, 6), (5, 6)]);
        assert_eq!(plan_move(&b, st1, &route, 3, false), Ok((3, route[2])));
        assert_eq!(move_unit(&mut b, st1, &route, 3, false), Ok(route[2]));
    }
}
