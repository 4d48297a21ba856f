//! Parsing and validating a scenario: every problem is reported with file, line and column.

use std::collections::BTreeMap;

use glam::Vec2;

use super::movement::in_cohesion;
use super::portals::Ground;
use super::profile::{Ability, Roster};
use super::scenario::{FigureDef, GroupDef, Scenario};
use crate::rules::geometry::Shape;
use crate::rules::los::LosIndex;
use crate::rules::scenario::{Errors, ScenarioError, ron_error, ron_options};
use crate::rules::terrain::{TerrainKind, TerrainProperty};

/// A portal this close to a rock, inches, stands behind it (the text's "The large rock may not
/// start a game with a portal marker behind it").
const BEHIND_ROCK: f32 = 2.0;

/// The most figures a Tyneside scenario may put on the table: far past a skirmish (the text's
/// games have a few dozen), where a turn still plays in well under a second
/// (docs/reliability.md, "Sizes").
pub const MOST_FIGURES: usize = 1000;

/// Parses and checks a scenario for the Tyneside rules.
///
/// `file` is the name used in messages. Errors (all of them, not just the first): malformed
/// RON (with the parser's line and column and what it expected), an unknown profile or weapon (with the nearest known name), duplicate ids, a figure off the table or inside
/// impassable terrain, group members more than 5" from every other member, objectives off the
/// table or none where victory is holding them, terrain whose middle is off the table, shapes that are not shapes, and portal counters off the table, in sight of another
/// side's figure at the start (unless `in_sight`), or behind a rock (unless `once`); more
/// than [`MOST_FIGURES`] figures (alone, at the first past it). Never panics.
pub fn parse(src: &str, file: &str, roster: &Roster) -> Result<Scenario, Vec<ScenarioError>> {
    let scenario: Scenario = ron_options()
        .from_str(src)
        .map_err(|e| vec![ron_error(file, &e)])?;
    let mut r = Errors::new(src, file);
    // A table past what Holotable plays is refused before anything else is checked.
    if let Some(f) = scenario
        .sides
        .iter()
        .flat_map(|s| &s.groups)
        .flat_map(|g| &g.figures)
        .nth(MOST_FIGURES)
    {
        r.at_value(
            "id",
            &f.id,
            0,
            format!("more than {MOST_FIGURES} figures: Holotable plays at most {MOST_FIGURES} on a table"),
        );
        return r.finish(scenario);
    }
    if scenario.ruleset != "tyneside" {
        r.at_value(
            "ruleset",
            &scenario.ruleset,
            0,
            format!("rule set '{}' is not 'tyneside'", scenario.ruleset),
        );
    }
    let table = Vec2::new(scenario.table.0, scenario.table.1);
    if !(table.x > 0.0 && table.y > 0.0) {
        r.at_value(
            "name",
            &scenario.name,
            0,
            format!("table must be positive inches, found {:?}", scenario.table),
        );
    }
    if scenario.sides.len() < 2 {
        r.at_value(
            "name",
            &scenario.name,
            0,
            "a scenario needs at least two sides",
        );
    }
    if scenario.turn_limit == Some(0) {
        r.at_value("name", &scenario.name, 0, "turn_limit must be 1 or more");
    }

    // Ids: every kind shares one namespace so scripts can name anything unambiguously.
    let mut seen: BTreeMap<(&str, String), usize> = BTreeMap::new();
    let mut check_id = |r: &mut Errors, what: &'static str, id: &str| {
        let n = seen.entry((what, id.to_string())).or_insert(0);
        if *n > 0 {
            r.at_value(
                "id",
                id,
                *n,
                format!("duplicate {what} id '{id}': ids must be unique"),
            );
        }
        *n += 1;
    };
    for t in &scenario.terrain {
        check_id(&mut r, "terrain", &t.id);
        let bad = match &t.shape {
            Shape::Rect { min, max } => {
                (min.0 >= max.0 || min.1 >= max.1).then_some("a Rect needs min < max on both axes")
            }
            Shape::Circle { radius, .. } => {
                (*radius <= 0.0).then_some("a Circle needs a positive radius")
            }
            Shape::Polygon { points } => {
                (points.len() < 3).then_some("a Polygon needs at least 3 points")
            }
        };
        if let Some(msg) = bad {
            r.at_value("id", &t.id, 0, format!("terrain '{}': {msg}", t.id));
        }
        let c = t.shape.centre();
        if c.x < 0.0 || c.y < 0.0 || c.x > table.x || c.y > table.y {
            r.at_value(
                "id",
                &t.id,
                0,
                format!(
                    "terrain '{}' lies off the {}×{}\" table (its middle at {:.1}\", {:.1}\")",
                    t.id, table.x, table.y, c.x, c.y
                ),
            );
        }
    }
    if scenario.victory == super::victory::Victory::HoldObjectives && scenario.objectives.is_empty()
    {
        r.at_value(
            "name",
            &scenario.name,
            0,
            "victory by holding the objectives needs at least one objective marker",
        );
    }
    for o in &scenario.objectives {
        check_id(&mut r, "objective", &o.id);
        let p = Vec2::new(o.at.0, o.at.1);
        if p.x < 0.0 || p.y < 0.0 || p.x > table.x || p.y > table.y {
            r.at_value(
                "id",
                &o.id,
                0,
                format!(
                    "objective '{}' at {:?} is off the {}×{}\" table",
                    o.id, o.at, table.x, table.y
                ),
            );
        }
    }
    for side in &scenario.sides {
        check_id(&mut r, "side", &side.id);
        let reinforced = scenario
            .enemy_forces
            .as_ref()
            .is_some_and(|e| e.side == side.id);
        if side.groups.is_empty() && !reinforced {
            r.at_value(
                "id",
                &side.id,
                0,
                format!(
                    "side \"{}\" has no groups (only a side that brings forces on at portals may start with none)",
                    side.name
                ),
            );
        }
        for g in &side.groups {
            check_id(&mut r, "group", &g.id);
            if g.figures.is_empty() {
                r.at_value(
                    "id",
                    &g.id,
                    0,
                    format!(
                        "group \"{}\" has no figures (a group is \"at least 1 figure\")",
                        g.name
                    ),
                );
            }
            for f in &g.figures {
                check_id(&mut r, "figure", &f.id);
                let who = figure_words(f, g);
                match roster.profile(&f.profile) {
                    None => r.at_value(
                        "profile",
                        &f.profile,
                        0,
                        format!(
                            "unknown profile '{}'{}",
                            f.profile,
                            roster
                                .nearest_profile(&f.profile)
                                .map(|n| format!(": did you mean '{n}'?"))
                                .unwrap_or_default()
                        ),
                    ),
                    Some(p)
                        if f.weapon.is_none() && p.weapon.is_none() && p.firepower.is_some() =>
                    {
                        r.at_value("id", &f.id, 0, format!("{who} needs a weapon"))
                    }
                    Some(p)
                        if f.force_points.is_some()
                            && !p.abilities.contains(&Ability::ForceUser) =>
                    {
                        r.at_value(
                            "id",
                            &f.id,
                            0,
                            format!(
                                "{who}: a {} does not use the Force, so it has no force_points",
                                p.name
                            ),
                        )
                    }
                    Some(p) if f.hidden && p.vehicle.is_some() => r.at_value(
                        "id",
                        &f.id,
                        0,
                        format!("{who}: a vehicle cannot start hidden"),
                    ),
                    Some(_) => {}
                }
                if let Some(w) = &f.weapon
                    && roster.weapon(w).is_none()
                {
                    r.at_value(
                        "weapon",
                        w,
                        0,
                        format!(
                            "unknown weapon '{w}'{}",
                            roster
                                .nearest_weapon(w)
                                .map(|n| format!(": did you mean '{n}'?"))
                                .unwrap_or_default()
                        ),
                    );
                }
                if !(f.base > 0.0 && f.base <= 3.0) {
                    r.at_value(
                        "id",
                        &f.id,
                        0,
                        format!("{who}: base radius must be in (0, 3] inches"),
                    );
                }
                let p = Vec2::new(f.at.0, f.at.1);
                if p.x - f.base < 0.0
                    || p.y - f.base < 0.0
                    || p.x + f.base > table.x
                    || p.y + f.base > table.y
                {
                    r.at_value("id", &f.id, 0, format!(
                        "{who} at ({:.1}\", {:.1}\") is off the {}×{}\" table (its whole base must be on it)",
                        f.at.0, f.at.1, table.x, table.y
                    ));
                }
                if let Some(t) = scenario
                    .terrain
                    .iter()
                    .find(|t| t.has(TerrainProperty::Impassable) && t.shape.distance_to(p) < f.base)
                {
                    r.at_value(
                        "id",
                        &f.id,
                        0,
                        format!(
                            "{who} at ({:.1}\", {:.1}\") is inside impassable terrain '{}'",
                            f.at.0, f.at.1, t.id
                        ),
                    );
                }
            }
            for (i, f) in g.figures.iter().enumerate() {
                let others: Vec<(Vec2, f32)> = g
                    .figures
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != i)
                    .map(|(_, o)| (Vec2::new(o.at.0, o.at.1), o.base))
                    .collect();
                if !in_cohesion(Vec2::new(f.at.0, f.at.1), f.base, &others) {
                    r.at_value("id", &f.id, 0, format!(
                        "{} is more than 5\" from every other member of its group (Groups: \"must remain within 5\" of at least 1 other member\")",
                        figure_words(f, g)
                    ));
                }
            }
        }
    }
    if let Some(ef) = &scenario.enemy_forces {
        if !scenario.sides.iter().any(|s| s.id == ef.side) {
            let known: Vec<&str> = scenario.sides.iter().map(|s| s.id.as_str()).collect();
            r.at_value(
                "side",
                &ef.side,
                0,
                format!(
                    "enemy_forces: no side '{}' (sides: {})",
                    ef.side,
                    known.join(", ")
                ),
            );
        }
        let los = LosIndex::new(&scenario.terrain);
        let ground = Ground {
            size: table,
            terrain: &scenario.terrain,
            los: &los,
        };
        for p in &ef.portals {
            check_id(&mut r, "portal", &p.id);
            let at = Vec2::new(p.at.0, p.at.1);
            if at.x < 0.0 || at.y < 0.0 || at.x > table.x || at.y > table.y {
                r.at_value(
                    "id",
                    &p.id,
                    0,
                    format!("portal '{}' is off the table", p.id),
                );
            }
            if let Some(rock) = scenario
                .terrain
                .iter()
                .find(|t| t.kind == TerrainKind::Rocks && t.shape.distance_to(at) <= BEHIND_ROCK)
                && !p.once
            {
                r.at_value(
                    "id",
                    &p.id,
                    0,
                    format!(
                        "portal '{}' stands behind the rock '{}', which may not start a game with a portal behind it unless it can only produce figures once (tyneside-skirmish.txt, Eliminating Portals): write `once: true`",
                        p.id, rock.id
                    ),
                );
            }
            let seen_by = (!p.in_sight)
                .then(|| {
                    scenario
                        .sides
                        .iter()
                        .filter(|s| s.id != ef.side)
                        .flat_map(|s| s.groups.iter().flat_map(|g| &g.figures))
                        .find(|f| ground.sees((Vec2::new(f.at.0, f.at.1), f.base), at))
                })
                .flatten();
            if let Some(f) = seen_by {
                r.at_value(
                    "id",
                    &p.id,
                    0,
                    format!(
                        "portal '{}' is in sight of {} at the start: portals \"MUST normally be placed in positions where your characters cannot see behind them\" (tyneside-skirmish.txt, Game Setup); move it, or write `in_sight: true` for a scenario that springs it at once",
                        p.id, f.name.as_deref().unwrap_or(&f.profile)
                    ),
                );
            }
        }
        let needed = ef
            .pool
            .iter()
            .map(|p| p.profile.as_str())
            .chain([
                ef.leader.as_str(),
                ef.trooper.as_str(),
                ef.heavy_weapon.as_str(),
                ef.officer.as_str(),
                ef.probe.as_str(),
            ])
            .chain(ef.walker.as_deref());
        for (k, name) in needed.enumerate() {
            if roster.profile(name).is_none() {
                let hint = roster
                    .nearest_profile(name)
                    .map(|n| format!(" — did you mean '{n}'?"))
                    .unwrap_or_default();
                let key = if k < ef.pool.len() {
                    "profile"
                } else {
                    [
                        ("leader", &ef.leader),
                        ("trooper", &ef.trooper),
                        ("heavy_weapon", &ef.heavy_weapon),
                        ("officer", &ef.officer),
                        ("probe", &ef.probe),
                    ]
                    .into_iter()
                    .find(|(_, v)| v.as_str() == name)
                    .map_or("walker", |(k, _)| k)
                };
                r.at_value(
                    key,
                    name,
                    0,
                    format!("enemy_forces: unknown profile '{name}'{hint}"),
                );
            }
        }
    }
    r.finish(scenario)
}

/// A figure as a player knows it: its name, or an unnamed one by its profile and group
/// (`a Stormtrooper of Hangar squad`), not the id the file or the editor gave it.
fn figure_words(f: &FigureDef, g: &GroupDef) -> String {
    match &f.name {
        Some(n) => n.clone(),
        None => format!("a {} of {}", f.profile, g.name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roster() -> Roster {
        Roster::bundled().unwrap()
    }

    const GOOD: &str = r#"(
    name: "Test",
    ruleset: "tyneside",
    terrain: [
        (id: "rock", kind: Rocks, shape: Circle(centre: (30.0, 24.0), radius: 3.0), properties: [Impassable]),
    ],
    sides: [
        (id: "rebels", name: "Rebels", groups: [
            (id: "x", name: "Rebels X", figures: [
                (id: "r1", profile: "Basic trooper", at: (10.0, 10.0)),
                (id: "r2", profile: "Basic trooper", at: (11.0, 10.0)),
            ]),
        ]),
        (id: "empire", name: "Empire", groups: [
            (id: "a", name: "Stormtroopers A", figures: [
                (id: "s1", profile: "Stormtrooper", at: (50.0, 10.0)),
            ]),
        ]),
    ],
)"#;

    #[test]
    fn good_scenario_loads() {
        let s = parse(GOOD, "good.ron", &roster()).unwrap();
        assert_eq!(s.table, (72.0, 48.0));
        assert_eq!(s.sides[1].groups[0].figures[0].base, 0.5);
    }

    #[test]
    fn bundled_scenarios_are_valid() {
        for (name, src) in crate::rulesets::tyneside::BUNDLED {
            if let Err(e) = parse(src, name, &roster()) {
                panic!("{name}: {e:?}");
            }
        }
    }

    #[test]
    fn malformed_ron_names_line_and_column() {
        let bad = GOOD.replace("(id: \"r2\", profile", "(id: \"r2\" profile");
        let e = parse(&bad, "bad.ron", &roster()).unwrap_err();
        assert_eq!(e.len(), 1);
        assert_eq!((e[0].file.as_str(), e[0].line), ("bad.ron", 11));
        assert!(e[0].to_string().starts_with("bad.ron:11:"), "{}", e[0]);
    }

    #[test]
    fn unknown_profile_suggests_the_nearest() {
        let bad = GOOD.replace("\"Stormtrooper\"", "\"Storm trooper\"");
        let e = parse(&bad, "bad.ron", &roster()).unwrap_err();
        assert_eq!(e[0].line, 16);
        assert!(
            e[0].message.contains("did you mean 'Stormtrooper'"),
            "{}",
            e[0].message
        );
    }

    #[test]
    fn a_vehicle_cannot_start_hidden_nor_a_trooper_have_force_points() {
        let bad = GOOD.replace(
            "(id: \"s1\", profile: \"Stormtrooper\"",
            "(id: \"s1\", hidden: true, base: 1.25, profile: \"AT-ST\"",
        );
        assert_ne!(bad, GOOD);
        let e = parse(&bad, "bad.ron", &roster()).unwrap_err();
        assert!(
            e.iter()
                .any(|e| e.message.contains("a vehicle cannot start hidden")),
            "{e:?}"
        );
        let hidden = GOOD.replace(
            "(id: \"s1\", profile: \"Stormtrooper\"",
            "(id: \"s1\", hidden: true, profile: \"Stormtrooper\"",
        );
        assert!(parse(&hidden, "ok.ron", &roster()).is_ok());
        let force = GOOD.replace(
            "(id: \"s1\", profile: \"Stormtrooper\"",
            "(id: \"s1\", force_points: Some(3), profile: \"Stormtrooper\"",
        );
        let e = parse(&force, "bad.ron", &roster()).unwrap_err();
        assert!(
            e.iter()
                .any(|e| e.message.contains("does not use the Force")),
            "{e:?}"
        );
    }

    #[test]
    fn off_table_impassable_duplicate_and_straggler() {
        let bad = GOOD
            .replace("at: (50.0, 10.0)", "at: (80.0, 10.0)")
            .replace("at: (11.0, 10.0)", "at: (30.0, 24.0)")
            .replace("id: \"s1\"", "id: \"r1\"");
        let e = parse(&bad, "bad.ron", &roster()).unwrap_err();
        let all: Vec<String> = e.iter().map(|e| e.to_string()).collect();
        assert!(
            all.iter()
                .any(|m| m.contains("inside impassable terrain 'rock'")),
            "{all:?}"
        );
        assert!(all.iter().any(|m| m.contains("more than 5\"")), "{all:?}");
        assert!(
            all.iter()
                .any(|m| m.contains("duplicate figure id 'r1'") && m.starts_with("bad.ron:16:")),
            "{all:?}"
        );
        assert!(
            all.iter().any(|m| m.contains("off the 72×48\" table")),
            "{all:?}"
        );
    }

    #[test]
    fn a_portal_in_sight_at_the_start_or_behind_the_rock_is_refused_unless_the_scenario_says() {
        // The rock at (30, 24) blocks nothing: a counter 1" off it, 20" from the Rebels, is
        // both behind the rock and in their sight.
        let with = |portal: &str| {
            let open = GOOD.strip_suffix(')').unwrap_or(GOOD);
            format!("{open}enemy_forces: (side: \"empire\", portals: [{portal}], pool: []),\n)")
        };
        let src = with("(id: \"P1\", at: (30.0, 28.0))");
        let e = parse(&src, "bad.ron", &roster()).unwrap_err();
        let all: Vec<String> = e.iter().map(|e| e.to_string()).collect();
        assert!(
            all.iter()
                .any(|m| m.contains("portal 'P1' is in sight of Basic trooper at the start")),
            "{all:?}"
        );
        assert!(
            all.iter()
                .any(|m| m.contains("portal 'P1' stands behind the rock 'rock'")),
            "{all:?}"
        );
        let allowed = with("(id: \"P1\", at: (30.0, 28.0), once: true, in_sight: true)");
        assert!(parse(&allowed, "ok.ron", &roster()).is_ok());
        // Far from the rock and out of sight: nothing to say.
        let hidden = with("(id: \"P1\", at: (58.0, 44.0))")
            .replace(
                "properties: [Impassable]",
                "properties: [Impassable, BlocksLineOfSight]",
            )
            .replace(
                "(id: \"rock\", kind: Rocks, shape: Circle(centre: (30.0, 24.0), radius: 3.0)",
                "(id: \"rock\", kind: Building, shape: Rect(min: (40.0, 30.0), max: (50.0, 46.0))",
            );
        assert!(
            parse(&hidden, "ok.ron", &roster()).is_ok(),
            "{:?}",
            parse(&hidden, "ok.ron", &roster()).err()
        );
    }
}
