//! Battlefield scenarios (RON): the map composed of geomorphic tiles, the sides with their
//! quality, units and support, which advanced rules are on, and the goal. Every problem is
//! reported with file, line and column. Format: docs/scenario-format.md, "battlefield".

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::{Deserialize, Serialize};

use super::map::{Ground, HexTerrain, Map, Placement, TILES, hex_at, read_tile};
use super::quality::Quality;
use super::roster::{Kind, Roster};
use crate::rules::scenario::{Errors, ScenarioError, line_col, ron_error};

/// Which advanced rules a scenario uses (Advanced rules: "All advanced rules are optionals").
/// Each is off unless the scenario says `true`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Advanced {
    /// Moving and shooting.
    pub moving_and_shooting: bool,
    /// Leaders (and the quality drop when one dies).
    pub leaders: bool,
    /// Campaign artillery (and counterfire).
    pub artillery: bool,
    /// Field artillery on the map.
    pub field_artillery: bool,
    /// Aerial support.
    pub aerial_support: bool,
    /// Space bombardment.
    pub space_bombardment: bool,
    /// Special weapons carried by infantry.
    pub special_weapons: bool,
    /// Jedis.
    pub jedi: bool,
    /// Entrenchment markers.
    pub entrenchment: bool,
    /// Range: beyond half range, one die step down.
    pub range: bool,
    /// Buildings can be destroyed.
    pub buildings: bool,
}

/// A unit as the scenario places it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitDef {
    /// Unique id, e.g. `st1` (what commands name).
    pub id: String,
    /// Unit chart row, e.g. "Stormtrooper".
    pub profile: String,
    /// Its hex, `(column, row)`.
    pub at: (i32, i32),
    /// A special weapon it carries (Support weapons), by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weapon: Option<String>,
    /// A Jedi's Force points (Jedis: "A Jedi has 6 force points at the beginning of a game").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub force_points: Option<u32>,
    /// The id of the transporter it starts aboard.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aboard: Option<String>,
    /// Hidden from the other side until it acts or an enemy comes next to it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
    /// Only in the copy of a scenario that online play gives the other side's guest
    /// ([`conceal`]): a hidden unit whose hex that side does not know. Its `at` means nothing;
    /// it stands off the map until the host tells where (`Command::HiddenAt`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unknown: bool,
}

/// A side as the scenario sets it up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideDef {
    /// Unique id, e.g. `imperials`.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Who plays it: a person (the default), or the rules by their plain policy (the text has
    /// no solo rules; `crate::rulesets::battlefield::ai`).
    #[serde(default)]
    pub control: crate::rules::scenario::Control,
    /// Its quality level.
    pub quality: Quality,
    /// Its units.
    pub units: Vec<UnitDef>,
    /// Off-map campaign artillery pieces.
    #[serde(default)]
    pub artillery: u32,
    /// Aerial support shots.
    #[serde(default)]
    pub aerial_support: u32,
    /// Space bombardments it may call ("The scenario must also specify if this weapon is
    /// available and to wich side").
    #[serde(default)]
    pub space_bombardment: u32,
    /// Entrenchment markers it places, `(column, row)`.
    #[serde(default)]
    pub entrenchments: Vec<(i32, i32)>,
}

/// How the game is won (Goal: "capture a certain number of buildings in a given number of
/// turns or eliminate all enemy units"). Eliminating every enemy unit always wins.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Goal {
    /// Only by eliminating every enemy unit; at the turn limit, the side with more units
    /// left wins.
    EliminateAll,
    /// `side` wins once it holds `buildings` building hexes (any, or those listed) at the end
    /// of a turn up to `by_turn`; if it has not by then, the other side wins.
    Capture {
        /// The attacking side's id.
        side: String,
        /// How many buildings.
        buildings: u32,
        /// The last turn it may do it in.
        by_turn: u32,
        /// The buildings that count, `(column, row)`; empty: any.
        #[serde(default)]
        of: Vec<(i32, i32)>,
    },
}

/// A battlefield scenario file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioDef {
    /// Title.
    pub name: String,
    /// Always `battlefield`.
    pub ruleset: String,
    /// The situation and how to win.
    #[serde(default)]
    pub description: String,
    /// Exactly two sides.
    pub sides: Vec<SideDef>,
    /// The last turn.
    pub turn_limit: u32,
    /// The side with initiative on turn 1 (Initiative: "On the first turn, the chosen scenario
    /// will specify wich side has initiative").
    pub first_initiative: String,
    /// The attacking side (Leaders: "If both players loose their leader ... the attacking
    /// side lose the game").
    pub attacker: String,
    /// The tiles, placed.
    pub map: Vec<Placement>,
    /// Hexes drawn in the scenario itself, over and beside the tiles: rows from the top, each
    /// a string of cells separated by spaces from column 0 (the tiles' cells,
    /// [`super::map::HexTerrain::parse_cell`]), `-` for a hex left as the tiles make it (or
    /// off the map). The map editor writes what it paints here.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rows: Vec<String>,
    /// The advanced rules in use.
    #[serde(default)]
    pub advanced: Advanced,
    /// The goal.
    pub goal: Goal,
}

/// A validated scenario: the file's definition and the map its tiles make.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    /// As written.
    pub def: ScenarioDef,
    /// The composed map.
    pub map: Map,
}

/// Composes the map of `placements` from the bundled tiles, with the hexes drawn in `rows`
/// over them ([`ScenarioDef::rows`]).
///
/// Errors: an unknown tile, an odd column, overlapping tiles, a broken bundled tile, a cell
/// that does not read, or no hex at all, each as (offset in `src`, message).
pub fn compose(placements: &[Placement], rows: &[String], c: &mut Errors) -> Map {
    let mut tiles = HashMap::new();
    for (file, tsrc) in TILES {
        match read_tile(tsrc) {
            Ok((t, grid)) => {
                tiles.insert(t.name.clone(), grid);
            }
            Err(ps) => {
                for p in ps {
                    let (l, col) = line_col(tsrc, p.offset);
                    c.push(ScenarioError {
                        file: format!("assets/maps/battlefield/{file}"),
                        line: l,
                        column: col,
                        message: p.message,
                    });
                }
            }
        }
    }
    let mut cells: BTreeMap<(i32, i32), HexTerrain> = BTreeMap::new();
    for (i, p) in placements.iter().enumerate() {
        let Some(grid) = tiles.get(&p.tile) else {
            let mut known: Vec<&String> = tiles.keys().collect();
            known.sort();
            c.at_value(
                "tile",
                &p.tile,
                placements[..i].iter().filter(|q| q.tile == p.tile).count(),
                format!("unknown tile '{}': expected one of {known:?}", p.tile),
            );
            continue;
        };
        if p.at.0 % 2 != 0 || p.at.0 < 0 || p.at.1 < 0 {
            c.at_pair("at", p.at, "a tile's column must be even and not negative, and its row not negative (odd columns sit half a hex lower)");
            continue;
        }
        for (r, row) in grid.iter().enumerate() {
            for (col, t) in row.iter().enumerate() {
                let at = (p.at.0 + col as i32, p.at.1 + r as i32);
                if cells.insert(at, *t).is_some() {
                    c.at_pair(
                        "at",
                        p.at,
                        format!("tile '{}' overlaps another tile at hex {at:?}", p.tile),
                    );
                    return Map::default();
                }
            }
        }
    }
    for (r, row) in rows.iter().enumerate() {
        for (col, cell) in row.split_whitespace().enumerate() {
            if cell == "-" {
                continue;
            }
            match super::map::HexTerrain::parse_cell(cell) {
                Ok(t) => {
                    cells.insert((col as i32, r as i32), t);
                }
                Err(why) => c.at_text(row, format!("rows: row {r}, column {col}: {why}")),
            }
        }
    }
    if cells.is_empty() && c.is_empty() {
        c.at(
            0,
            "the map has no hexes: place a tile with `map: [(tile: \"open\", at: (0, 0))]`, or draw rows",
        );
    }
    Map::from_cells(cells)
}

/// The most units a battlefield scenario may hold, both sides together: far past the text's
/// battles (a few dozen counters a side), where a turn still plays in seconds
/// (docs/reliability.md, "Sizes").
pub const MOST_UNITS: usize = 1000;

/// Reads and validates the scenario `src` (named `file` in messages) against `roster`.
///
/// Errors: every problem, each with file:line:column — RON that does not parse; not exactly
/// two sides; unknown or repeated ids; a profile, weapon, tile or side id that does not exist;
/// a unit off the map, where it may not stand, stacked over another, or aboard what cannot
/// carry it; a unit or marker the advanced rules in use do not allow; an entrenchment on a
/// river; a goal that cannot be met; more than [`MOST_UNITS`] units (alone, at the first
/// past it).
pub fn parse(src: &str, file: &str, roster: &Roster) -> Result<Scenario, Vec<ScenarioError>> {
    let def: ScenarioDef = crate::rules::scenario::ron_options()
        .from_str(src)
        .map_err(|e| vec![ron_error(file, &e)])?;
    let mut c = Errors::new(src, file);
    // A battle past what Holotable plays is refused before anything else is checked.
    if let Some(u) = def.sides.iter().flat_map(|s| &s.units).nth(MOST_UNITS) {
        c.at_value(
            "id",
            &u.id,
            0,
            format!("more than {MOST_UNITS} units: Holotable plays at most {MOST_UNITS} on a map"),
        );
        return Err(c.errors);
    }
    let map = compose(&def.map, &def.rows, &mut c);
    if def.sides.len() != 2 {
        c.at(
            find_key(src, "sides"),
            format!(
                "a battle has exactly two sides; this has {}",
                def.sides.len()
            ),
        );
    }
    let ids: Vec<&str> = def.sides.iter().map(|s| s.id.as_str()).collect();
    for (key, id) in [
        ("first_initiative", def.first_initiative.as_str()),
        ("attacker", def.attacker.as_str()),
    ] {
        if !ids.contains(&id) {
            c.at_value(
                key,
                id,
                0,
                format!("no side '{id}': expected one of {ids:?}"),
            );
        }
    }
    if let Goal::Capture {
        side,
        buildings,
        by_turn,
        of,
    } = &def.goal
    {
        if !ids.contains(&side.as_str()) {
            c.at_value(
                "side",
                side,
                0,
                format!("no side '{side}': expected one of {ids:?}"),
            );
        }
        let all: Vec<(i32, i32)> = map
            .hexes()
            .iter()
            .filter(|(_, t)| matches!(t.ground, Ground::Building(_)))
            .map(|(h, _)| super::map::col_row(*h))
            .collect();
        for b in of {
            if !all.contains(b) {
                c.at_pair("", *b, format!("hex {b:?} is not a building on this map"));
            }
        }
        let available = if of.is_empty() { all.len() } else { of.len() };
        if *buildings == 0 || *buildings as usize > available {
            c.at(
                find_key(src, "buildings"),
                format!("capture {buildings} buildings: the map offers {available}; expected 1 to {available}"),
            );
        }
        if *by_turn == 0 || *by_turn > def.turn_limit {
            c.at(
                find_key(src, "by_turn"),
                format!(
                    "by_turn {by_turn} must be 1 to the turn limit {}",
                    def.turn_limit
                ),
            );
        }
    }
    if def.turn_limit == 0 {
        c.at(find_key(src, "turn_limit"), "turn_limit must be at least 1");
    }
    let adv = def.advanced;
    let mut seen_units: HashSet<&str> = HashSet::new();
    let mut stacked: HashMap<(i32, i32), &str> = HashMap::new();
    let all_units: HashMap<&str, &UnitDef> = def
        .sides
        .iter()
        .flat_map(|s| s.units.iter().map(|u| (u.id.as_str(), u)))
        .collect();
    for (si, s) in def.sides.iter().enumerate() {
        if ids[..si].contains(&s.id.as_str()) {
            c.at_value("id", &s.id, 1, format!("side id '{}' is used twice", s.id));
        }
        let mut leaders = 0;
        for u in &s.units {
            if !seen_units.insert(u.id.as_str()) {
                c.at_value("id", &u.id, 1, format!("unit id '{}' is used twice", u.id));
            }
            let Some(p) = roster.profile(&u.profile) else {
                let known: Vec<&str> = roster.profiles.iter().map(|p| p.name.as_str()).collect();
                c.at_value(
                    "profile",
                    &u.profile,
                    0,
                    format!("unknown profile '{}': expected one of {known:?}", u.profile),
                );
                continue;
            };
            let needs = match p.kind {
                Kind::Leader => Some(("leaders", adv.leaders)),
                Kind::Jedi => Some(("jedi", adv.jedi)),
                Kind::FieldArtillery => Some(("field_artillery", adv.field_artillery)),
                _ => None,
            };
            if let Some((rule, false)) = needs {
                c.at_value(
                    "id",
                    &u.id,
                    0,
                    format!("a {} needs the advanced rule `{rule}: true`", u.profile),
                );
            }
            if p.kind == Kind::Leader {
                leaders += 1;
            }
            let hex = hex_at(u.at.0, u.at.1);
            let carrier_unknown = u
                .aboard
                .as_ref()
                .and_then(|t| all_units.get(t.as_str()))
                .is_some_and(|t| t.unknown);
            if u.unknown {
                if !u.hidden || (u.aboard.is_some() && !carrier_unknown) {
                    c.at_value(
                        "id",
                        &u.id,
                        0,
                        format!("{}: only a hidden unit, on the map or aboard a transporter whose place is unknown too, may have an unknown place (`unknown: true` is for online play's copies)", u.id),
                    );
                }
            } else if !map.contains(hex) {
                c.at_value(
                    "id",
                    &u.id,
                    0,
                    format!(
                        "{} stands at {:?}, off the map ({} columns, {} rows)",
                        u.id, u.at, map.size.0, map.size.1
                    ),
                );
            } else if u.aboard.is_none() {
                // Set-up may put a walker on a hill (the hill example's AT-ST stands "at the
                // border of a hill"); "cannot climb a hill" forbids moving onto one.
                let building = map
                    .get(hex)
                    .is_some_and(|t| t.building_resistance().is_some());
                if building && (p.kind.is_vehicle() || p.kind == Kind::FieldArtillery) {
                    c.at_value("id", &u.id, 0, format!("the {} cannot stand in the building at hex ({}, {}): Movement: \"Buildings are interdicted to vehicles\"", u.profile, u.at.0, u.at.1));
                }
                if p.kind.counts_in_stacking()
                    && let Some(other) = stacked.insert(u.at, &u.id)
                {
                    c.at_value(
                        "id",
                        &u.id,
                        0,
                        format!(
                            "{} and {other} both stand at {:?}: Stacking allows one unit a hex",
                            u.id, u.at
                        ),
                    );
                }
            }
            if let Some(w) = &u.weapon {
                match roster.weapon(w) {
                    None => c.at_value("weapon", w, 0, format!("unknown weapon '{w}'")),
                    Some(wp) if !wp.carried_by.contains(&u.profile) => c.at_value(
                        "weapon",
                        w,
                        0,
                        format!(
                            "a {} cannot carry the {w}: it is carried by {:?}",
                            u.profile, wp.carried_by
                        ),
                    ),
                    Some(_) if !adv.special_weapons => c.at_value(
                        "weapon",
                        w,
                        0,
                        "special weapons need the advanced rule `special_weapons: true`",
                    ),
                    Some(_) => {}
                }
            }
            if u.force_points.is_some() && p.kind != Kind::Jedi {
                c.at_value("id", &u.id, 0, "only a Jedi has Force points");
            }
            if let Some(t) = &u.aboard {
                let carrier = all_units
                    .get(t.as_str())
                    .and_then(|t| roster.profile(&t.profile).map(|p| (t, p)));
                match carrier {
                    Some((tu, tp)) if tp.transport > 0 && s.units.iter().any(|x| x.id == tu.id) => {
                        if tu.at != u.at && !(u.unknown && tu.unknown) {
                            c.at_value(
                                "aboard",
                                t,
                                0,
                                format!(
                                    "{} is aboard {t} but stands at {:?}, not {:?}",
                                    u.id, u.at, tu.at
                                ),
                            );
                        }
                        let load = s
                            .units
                            .iter()
                            .filter(|x| x.aboard.as_deref() == Some(t))
                            .count();
                        if load as u32 > tp.transport || p.kind != Kind::Squad {
                            c.at_value(
                                "aboard",
                                t,
                                0,
                                format!("{t} carries up to {} squads", tp.transport),
                            );
                        }
                    }
                    _ => c.at_value(
                        "aboard",
                        t,
                        0,
                        format!("'{t}' is not a transporter of this side"),
                    ),
                }
            }
        }
        if s.units.is_empty() {
            c.at_value(
                "id",
                &s.id,
                0,
                format!(
                    "{} has no unit: a side with none has lost before the battle begins",
                    s.name
                ),
            );
        }
        if leaders > 1 {
            c.at_value(
                "id",
                &s.id,
                0,
                "Leaders: \"each side receive one leader counter\"",
            );
        }
        if s.space_bombardment > 0 && leaders == 0 {
            c.at(
                find_key(src, "space_bombardment"),
                "Space bombardment: \"the leader of the bombarding side must be alive\": give this side a leader, or no bombardment",
            );
        }
        for (key, n, on, rule) in [
            ("artillery", s.artillery, adv.artillery, "artillery"),
            (
                "aerial_support",
                s.aerial_support,
                adv.aerial_support,
                "aerial_support",
            ),
            (
                "space_bombardment",
                s.space_bombardment,
                adv.space_bombardment,
                "space_bombardment",
            ),
        ] {
            if n > 0 && !on {
                c.at(
                    find_key(src, key),
                    format!("{key} needs the advanced rule `{rule}: true`"),
                );
            }
        }
        for e in &s.entrenchments {
            let h = hex_at(e.0, e.1);
            match map.get(h) {
                _ if !adv.entrenchment => c.at_pair(
                    "",
                    *e,
                    "entrenchments need the advanced rule `entrenchment: true`",
                ),
                None => c.at_pair("", *e, format!("entrenchment at {e:?} is off the map")),
                Some(t) if t.ground == Ground::River => c.at_pair(
                    "",
                    *e,
                    "Entrenchment: \"They can be placed on any type of terrain exept river hexes\"",
                ),
                Some(_) => {}
            }
        }
    }
    if c.errors.is_empty() {
        Ok(Scenario { def, map })
    } else {
        c.errors.sort_by_key(|e| (e.file != file, e.line, e.column));
        Err(c.errors)
    }
}

/// The scenario `src` as side `side` may know it, for online play's copy of the game held by
/// that side's guest: every other side's hidden unit marked `unknown`, its hex gone
/// (docs/rules/battlefield.md, "Hidden units"). A hidden unit aboard a transporter, or
/// standing in a building the goal counts, keeps its place: the transporter shows where it
/// is, and the buildings each side holds are on both players' screens. `Ok(None)`: nothing is
/// hidden from `side`.
///
/// Errors: the RON does not read, with its line and column.
pub fn conceal(src: &str, side: usize) -> Result<Option<String>, String> {
    let mut def: ScenarioDef = crate::rules::scenario::ron_options()
        .from_str(src)
        .map_err(|e| crate::rules::scenario::ron_error("scenario", &e).to_string())?;
    let counted: Option<Vec<(i32, i32)>> = match &def.goal {
        Goal::Capture { of, .. } => Some(of.clone()),
        Goal::EliminateAll => None,
    };
    let map = compose(&def.map, &def.rows, &mut Errors::new(src, "scenario"));
    let in_goal_building = |at: (i32, i32)| {
        counted.as_ref().is_some_and(|of| {
            (of.is_empty() || of.contains(&at))
                && map
                    .get(hex_at(at.0, at.1))
                    .is_some_and(|t| matches!(t.ground, Ground::Building(_)))
        })
    };
    let mut any = false;
    for (si, s) in def.sides.iter_mut().enumerate() {
        if si == side {
            continue;
        }
        let carriers: Vec<String> = s
            .units
            .iter()
            .filter(|u| u.hidden && u.aboard.is_none() && !in_goal_building(u.at))
            .map(|u| u.id.clone())
            .collect();
        for u in &mut s.units {
            let carrier = u.aboard.as_ref();
            let concealed = match carrier {
                None => carriers.contains(&u.id),
                Some(t) => u.hidden && carriers.contains(t),
            };
            if concealed {
                u.unknown = true;
                u.at = (0, 0);
                any = true;
            }
        }
    }
    if !any {
        return Ok(None);
    }
    crate::rules::scenario::write(&def).map(Some)
}

/// The byte offset of the first `key:` in `src`, or 0.
fn find_key(src: &str, key: &str) -> usize {
    src.find(&format!("{key}:")).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(imperials: &str) -> String {
        format!(
            r#"(
    name: "t", ruleset: "battlefield", turn_limit: 3, first_initiative: "imperials",
    attacker: "imperials", map: [(tile: "open", at: (0, 0))],
    advanced: (space_bombardment: true, leaders: true), goal: EliminateAll,
    sides: [
        (id: "imperials", name: "Empire", quality: Elite, space_bombardment: 1, units: [
            (id: "st1", profile: "Stormtrooper", at: (2, 6)),{imperials}
        ]),
        (id: "alliance", name: "Alliance", quality: Veteran, units: [
            (id: "mc1", profile: "Mon Calamari", at: (2, 2)),
        ]),
    ],
)"#
        )
    }

    const DRAWN: &str = r#"(
    name: "d", ruleset: "battlefield", turn_limit: 3, first_initiative: "a",
    attacker: "a", map: [], goal: EliminateAll,
    rows: [
        ". f .",
        ". Q .",
    ],
    sides: [
        (id: "a", name: "A", quality: Elite, units: [(id: "st1", profile: "Stormtrooper", at: (0, 0))]),
        (id: "b", name: "B", quality: Elite, units: []),
    ],
)"#;

    #[test]
    fn drawn_rows_are_read_and_a_bad_cell_or_an_empty_side_is_told_where() {
        let roster = Roster::bundled().expect("roster");
        let errors = parse(DRAWN, "d.ron", &roster).expect_err("a bad cell and no unit");
        let cell = errors
            .iter()
            .find(|e| e.message.contains("row 1, column 1"))
            .unwrap_or_else(|| panic!("{errors:?}"));
        assert_eq!((cell.line, cell.column), (6, 10), "{cell}");
        assert!(
            errors.iter().any(|e| e.message.contains("B has no unit")),
            "{errors:?}"
        );
        let fixed = DRAWN.replace(". Q .", ". B .").replace(
            "units: []",
            r#"units: [(id: "rt1", profile: "Rebel Trooper", at: (2, 1))]"#,
        );
        let s = parse(&fixed, "d.ron", &roster).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(s.map.size, (3, 2));
        assert_eq!(s.map.get(hex_at(1, 0)).unwrap().ground, Ground::Forest);
        assert_eq!(s.map.get(hex_at(1, 1)).unwrap().ground, Ground::Building(2));
    }

    #[test]
    fn a_concealed_copy_leaves_out_the_other_sides_hidden_hexes_and_still_reads() {
        let roster = Roster::bundled().expect("roster");
        let src = with("")
            .replace(
                r#"(id: "mc1", profile: "Mon Calamari", at: (2, 2)),"#,
                r#"(id: "mc1", profile: "Mon Calamari", at: (2, 2), hidden: true),
            (id: "mc2", profile: "Mon Calamari", at: (4, 2)),
            (id: "ld", profile: "Alliance Leader", at: (5, 2)),"#,
            )
            .replace("space_bombardment: 1, ", "");
        // The Empire's copy: the hidden Mon Calamari has no hex; the others keep theirs.
        let copy = conceal(&src, 0)
            .unwrap()
            .expect("something is hidden from the Empire");
        assert!(!copy.contains("(2, 2)"), "{copy}");
        assert!(copy.contains("unknown: true") && copy.contains("(4, 2)"));
        parse(&copy, "copy.ron", &roster).unwrap_or_else(|e| panic!("{e:?}"));
        // Nothing is hidden from the Alliance.
        assert_eq!(conceal(&src, 1).unwrap(), None);
        // `unknown` on a unit that is not hidden is refused.
        let bad = copy.replace("hidden: true", "hidden: false");
        let errors = parse(&bad, "bad.ron", &roster).expect_err("unknown but not hidden");
        assert!(
            errors.iter().any(|e| e.message.contains("unknown place")),
            "{errors:?}"
        );
    }

    #[test]
    fn space_bombardment_needs_a_leader_to_be_possible() {
        let roster = Roster::bundled().expect("roster");
        let errors = parse(&with(""), "t.ron", &roster).expect_err("no leader");
        assert!(
            errors.iter().any(|e| e
                .to_string()
                .contains("the leader of the bombarding side must be alive")),
            "{errors:?}"
        );
        let leader = r#" (id: "l", profile: "Imperial Leader", at: (3, 6)),"#;
        assert!(parse(&with(leader), "t.ron", &roster).is_ok());
    }
}
