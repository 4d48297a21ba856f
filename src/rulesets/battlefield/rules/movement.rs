//! Movement: what a hex costs a unit to enter, whether a route is legal, and where a unit can
//! go (hexx's A* for a route, one Dijkstra sweep for everywhere within reach).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use hexx::Hex;
use hexx::algorithms::a_star;

use super::map::{HexTerrain, Map};
use super::roster::{Ability, Kind, Profile};

/// Movement points a carried unit pays to get out of its transporter before it moves on
/// (Transport: "spend 1 movement point to board it ... Unloading the vehicle is the reversed
/// procedure for loading").
pub const GET_OUT: u32 = 1;

/// What a hex holds for a moving unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Passage {
    /// Nothing in the way.
    Free,
    /// A friendly unit counting in stacking: the mover may pass but not stop (Stacking: "One
    /// unit can move through another friendly unit but cannot end an impulse in the same
    /// hex").
    Friend,
    /// An enemy unit: entered only to fight (Stacking: "One unit can move in a hex containing
    /// an enemy unit only to perform a close combat").
    Enemy,
}

/// Movement points for `profile` to step from `from` into the adjacent `hex`, or why it
/// cannot.
///
/// Movement: terrain costs, a hill's +1 for climbing only (see
/// [`super::map::HexTerrain::step_cost`]); "Buildings are interdicted to vehicles and AT-AT /
/// AT-ST cannot climb a hill". A flier pays 1 a hex (Holotable's: docs/rules/battlefield.md,
/// `Fliers`).
///
/// Errors: off the map, a building for a vehicle, a hill for a walker, in words.
pub fn step_cost(map: &Map, profile: &Profile, from: Hex, hex: Hex) -> Result<u32, String> {
    let Some(t) = map.get(hex) else {
        return Err("that hex is off the map".into());
    };
    Mover::of(profile).step(map.get(from), t)
}

/// What [`step_cost`] asks of a profile, asked once for a whole sweep of the map.
#[derive(Clone, Copy)]
struct Mover {
    flies: bool,
    no_hills: bool,
    kind: Kind,
}

impl Mover {
    fn of(profile: &Profile) -> Self {
        Self {
            flies: profile.has(Ability::Flies),
            no_hills: profile.has(Ability::NoHills),
            kind: profile.kind,
        }
    }

    /// [`step_cost`] from terrain `from` (off the map: clear) into terrain `to`.
    fn step(self, from: Option<&HexTerrain>, to: &HexTerrain) -> Result<u32, String> {
        if self.flies {
            return Ok(1);
        }
        ends_in(self.kind, to)?;
        if to.hill > 0 && self.no_hills {
            return Err("Movement: \"AT-AT / AT-ST cannot climb a hill\"".into());
        }
        Ok(to.step_cost(from.unwrap_or(&HexTerrain::CLEAR)))
    }
}

/// Whether `profile` may stop in `hex`: Movement, "Buildings are interdicted to vehicles". A
/// vehicle that flies passes over a building but may not end its move in one (ruling
/// `Fliers`).
///
/// Errors: a building for a vehicle, walker or field artillery, naming the rule.
pub fn may_end(map: &Map, profile: &Profile, hex: Hex) -> Result<(), String> {
    map.get(hex).map_or(Ok(()), |t| ends_in(profile.kind, t))
}

/// [`may_end`] for a unit of `kind` in terrain `t`.
fn ends_in(kind: Kind, t: &HexTerrain) -> Result<(), String> {
    if t.building_resistance().is_some()
        && matches!(kind, Kind::Vehicle | Kind::Walker | Kind::FieldArtillery)
    {
        return Err("Movement: \"Buildings are interdicted to vehicles\"".into());
    }
    Ok(())
}

/// The movement points a route costs: `path` is the hexes entered in order, from a hex next to
/// `from`. With `assault`, the last hex may hold an enemy (Movement into close combat).
///
/// Errors: an empty route, a step to a hex that is not adjacent, a hex the unit cannot enter
/// (see [`step_cost`]) or end in (see [`may_end`]), an enemy hex passed through (or ended in without `assault`), in words
/// naming the rule.
pub fn route_cost(
    map: &Map,
    profile: &Profile,
    from: Hex,
    path: &[Hex],
    assault: bool,
    passage: impl Fn(Hex) -> Passage,
) -> Result<u32, String> {
    if path.is_empty() {
        return Err("the route is empty: name at least one hex to enter".into());
    }
    let mut at = from;
    let mut total = 0;
    for (i, &h) in path.iter().enumerate() {
        if at.unsigned_distance_to(h) != 1 {
            return Err(format!(
                "step {} is not to an adjacent hex: a unit moves hex by hex",
                i + 1
            ));
        }
        total += step_cost(map, profile, at, h)?;
        if passage(h) == Passage::Enemy && !(assault && i + 1 == path.len()) {
            return Err(
                "Stacking: \"One unit can move in a hex containing an enemy unit only to perform a close combat\""
                    .into(),
            );
        }
        at = h;
    }
    may_end(map, profile, at)?;
    Ok(total)
}

/// Every hex `profile` can end a move in from `from` with `budget` movement points, with the
/// cheapest cost of each: the hexes it may enter and pass (no enemy hex), less those it may
/// only pass through (a friend counting in stacking there), sorted by column then row. The
/// costs are those of [`cheapest_route`]'s routes (the same steps, each priced by
/// [`step_cost`]), found in one sweep (Dijkstra's) rather than a route per hex.
pub fn reach(
    map: &Map,
    profile: &Profile,
    from: Hex,
    budget: u32,
    passage: impl Fn(Hex) -> Passage,
) -> Vec<(Hex, u32)> {
    // The cheapest cost found so far of each hex of the map, by its place in the map. The
    // open list keys a hex by that place too: column by column, so ties still go to the
    // lower column, then row.
    let mut best: Vec<Option<u32>> = vec![None; map.cells()];
    let Some(start) = map.index(from) else {
        return Vec::new();
    };
    let mover = Mover::of(profile);
    best[start] = Some(0);
    let mut open = BinaryHeap::new();
    open.push(Reverse((0u32, start)));
    while let Some(Reverse((cost, place))) = open.pop() {
        if best[place].is_some_and(|c| c < cost) {
            continue;
        }
        let at = map.hex_at_index(place);
        let here = map.at_index(place);
        for next in at.all_neighbors() {
            // A step off the map is refused by its cost too.
            let Some(k) = map.index(next) else {
                continue;
            };
            let Some(t) = map.at_index(k) else {
                continue;
            };
            if passage(next) == Passage::Enemy {
                continue;
            }
            let Ok(step) = mover.step(here, t) else {
                continue;
            };
            let total = cost + step;
            if total <= budget && best[k].is_none_or(|c| total < c) {
                best[k] = Some(total);
                open.push(Reverse((total, k)));
            }
        }
    }
    // The map keeps its hexes column by column: already in column-then-row order.
    best.iter()
        .enumerate()
        .filter_map(|(k, c)| Some((k, (*c)?)))
        .map(|(k, c)| (map.hex_at_index(k), c, k))
        .filter(|&(h, _, k)| {
            h != from
                && passage(h) == Passage::Free
                && map
                    .at_index(k)
                    .is_some_and(|t| ends_in(mover.kind, t).is_ok())
        })
        .map(|(h, c, _)| (h, c))
        .collect()
}

/// The hexes of [`reach`].
pub fn reachable(
    map: &Map,
    profile: &Profile,
    from: Hex,
    budget: u32,
    passage: impl Fn(Hex) -> Passage,
) -> Vec<Hex> {
    reach(map, profile, from, budget, passage)
        .into_iter()
        .map(|(h, _)| h)
        .collect()
}

/// The cheapest route from `from` into `to` (hexx's A*), with its cost; the last hex may hold
/// an enemy when `assault`. `None` when there is none.
pub fn cheapest_route(
    map: &Map,
    profile: &Profile,
    from: Hex,
    to: Hex,
    assault: bool,
    passage: impl Fn(Hex) -> Passage,
) -> Option<(Vec<Hex>, u32)> {
    let path = a_star(from, to, |a, h| {
        if passage(h) == Passage::Enemy && !(assault && h == to) {
            return None;
        }
        step_cost(map, profile, a, h).ok()
    })?;
    let route: Vec<Hex> = path.into_iter().skip(1).collect();
    let cost = route_cost(map, profile, from, &route, assault, &passage).ok()?;
    Some((route, cost))
}

#[cfg(test)]
mod tests {
    use super::super::map::{HexTerrain, hex_at};
    use super::super::roster::Roster;
    use super::*;

    #[test]
    fn the_stormtrooper_moves_one_clear_hex_and_into_the_building_for_three() {
        // Movement into close combat: "It move one hex (1 mov. point) then enter the building
        // (2 mov points)."
        let r = Roster::bundled().unwrap();
        let st = r.profile("Stormtrooper").unwrap();
        let m = Map::from_cells([
            ((0, 0), HexTerrain::CLEAR),
            ((1, 0), HexTerrain::CLEAR),
            ((2, 0), HexTerrain::parse_cell("b").unwrap()),
        ]);
        let enemy = |h: Hex| {
            if h == hex_at(2, 0) {
                Passage::Enemy
            } else {
                Passage::Free
            }
        };
        let route = [hex_at(1, 0), hex_at(2, 0)];
        assert_eq!(route_cost(&m, st, hex_at(0, 0), &route, true, enemy), Ok(3));
        assert!(route_cost(&m, st, hex_at(0, 0), &route, false, enemy).is_err());
        let atst = r.profile("AT-ST").unwrap();
        assert!(
            step_cost(&m, atst, hex_at(1, 0), hex_at(2, 0)).is_err(),
            "no buildings for vehicles"
        );
        let reach = reachable(&m, st, hex_at(0, 0), 3, |_| Passage::Free);
        assert_eq!(reach, vec![hex_at(1, 0), hex_at(2, 0)]);
    }

    #[test]
    fn a_speeder_flies_over_a_building_but_may_not_end_in_one() {
        // Movement: "Buildings are interdicted to vehicles".
        let r = Roster::bundled().unwrap();
        let speeder = r.profile("Airspeeder").unwrap();
        let m = Map::from_cells([
            ((0, 0), HexTerrain::CLEAR),
            ((1, 0), HexTerrain::parse_cell("b").unwrap()),
            ((2, 0), HexTerrain::CLEAR),
        ]);
        let free = |_| Passage::Free;
        let over = [hex_at(1, 0), hex_at(2, 0)];
        assert_eq!(
            route_cost(&m, speeder, hex_at(0, 0), &over, false, free),
            Ok(2)
        );
        let into = route_cost(&m, speeder, hex_at(0, 0), &over[..1], false, free);
        assert_eq!(
            into,
            Err("Movement: \"Buildings are interdicted to vehicles\"".into())
        );
        let reach = reachable(&m, speeder, hex_at(0, 0), 2, free);
        assert_eq!(reach, vec![hex_at(2, 0)], "not the building");
    }

    #[test]
    fn climbing_costs_the_plus_1_but_walking_a_hilltop_or_down_it_does_not() {
        let r = Roster::bundled().unwrap();
        let st = r.profile("Stormtrooper").unwrap();
        let hill = HexTerrain::parse_cell("h").unwrap();
        let m = Map::from_cells([
            ((0, 0), HexTerrain::CLEAR),
            ((1, 0), hill),
            ((2, 0), hill),
            ((3, 0), HexTerrain::CLEAR),
        ]);
        let free = |_| Passage::Free;
        let route = [hex_at(1, 0), hex_at(2, 0), hex_at(3, 0)];
        // Up (2), along the top (1), down (1).
        assert_eq!(route_cost(&m, st, hex_at(0, 0), &route, false, free), Ok(4));
        let reach = reachable(&m, st, hex_at(0, 0), 3, free);
        assert_eq!(reach, vec![hex_at(1, 0), hex_at(2, 0)], "(3, 0) costs 4");
    }
}
