//! Scenario files written by Holotable (the editor's save, online play's concealed copies):
//! every bundled scenario of every rule set, read and written again, reads back as the same
//! scenario, and writing that again gives the same bytes.

use holotable::rules::scenario::{ron_options, write};
use serde::{Serialize, de::DeserializeOwned};

fn round_trip<D: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(
    bundled: &[(&str, &str)],
) {
    assert!(!bundled.is_empty());
    for (name, src) in bundled {
        let read: D = ron_options()
            .from_str(src)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let written = write(&read).unwrap();
        let again: D = ron_options()
            .from_str(&written)
            .unwrap_or_else(|e| panic!("{name} as written: {e}\n{written}"));
        assert_eq!(again, read, "{name}: the same scenario");
        assert_eq!(write(&again).unwrap(), written, "{name}: the same bytes");
    }
}

#[test]
fn every_bundled_scenario_written_again_is_the_same_scenario_byte_for_byte() {
    use holotable::rulesets::*;
    round_trip::<tyneside::rules::scenario::Scenario>(tyneside::BUNDLED);
    round_trip::<battlefield::rules::scenario::ScenarioDef>(battlefield::BUNDLED);
    round_trip::<one_stat::rules::scenario::Scenario>(one_stat::BUNDLED);
    round_trip::<space_battle::rules::scenario::Scenario>(space_battle::BUNDLED);
    round_trip::<mass_combat::rules::scenario::Scenario>(mass_combat::BUNDLED);
}

/// A battlefield scenario made from nothing by the editor's edits passes `check` and plays to
/// a result with the rules on both sides.
#[test]
fn a_battlefield_scenario_made_by_editing_checks_and_plays_to_a_result() {
    use holotable::rulesets::battlefield::editor::{Edit, Editor, Mirror, Paint};
    use holotable::rulesets::battlefield::rules::map::Ground;
    use holotable::rulesets::battlefield::{Battlefield, roster};
    let r = roster().unwrap();
    let mut e = Editor::new(13, 9);
    let edits = [
        Edit::Paint {
            at: (3, 4),
            radius: 1,
            paint: Paint::Ground(Ground::Forest),
        },
        Edit::Paint {
            at: (6, 4),
            radius: 0,
            paint: Paint::Ground(Ground::Building(1)),
        },
        Edit::Mirror(Mirror::LeftToRight),
        Edit::Place {
            side: 0,
            profile: "Stormtrooper".into(),
            at: (1, 2),
        },
        Edit::Place {
            side: 0,
            profile: "Stormtrooper".into(),
            at: (1, 6),
        },
        Edit::Place {
            side: 0,
            profile: "AT-ST".into(),
            at: (0, 4),
        },
        Edit::Place {
            side: 1,
            profile: "Rebel Trooper".into(),
            at: (11, 2),
        },
        Edit::Place {
            side: 1,
            profile: "Rebel Trooper".into(),
            at: (11, 6),
        },
        Edit::Place {
            side: 1,
            profile: "Wookie".into(),
            at: (12, 4),
        },
    ];
    for edit in edits {
        e.apply(edit.clone(), r)
            .unwrap_or_else(|why| panic!("{edit:?}: {why}"));
    }
    assert!(
        e.problems("made.ron", r).is_empty(),
        "{:?}",
        e.problems("made.ron", r)
    );
    plays_to_a_result::<Battlefield>(e.text().unwrap());
}

/// Edits drawn at random, good and bad, never panic, and undoing them all brings back the
/// scenario as it was.
#[test]
fn random_edits_never_panic_and_all_undo() {
    use holotable::rulesets::battlefield::editor::{Edit, Editor, Mirror, Paint};
    use holotable::rulesets::battlefield::rules::map::Ground;
    use rand::{RngExt, SeedableRng};
    let r = holotable::rulesets::battlefield::roster().unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let mut e = Editor::new(8, 6);
    let start = e.text().unwrap();
    let mut applied = 0;
    let profiles = ["Stormtrooper", "AT-AT", "Jedi", "Nobody"];
    for _ in 0..3_000 {
        let at = (rng.random_range(-2..14), rng.random_range(-2..12));
        let paint = match rng.random_range(0..3) {
            0 => Paint::Ground(
                [
                    Ground::Clear,
                    Ground::Forest,
                    Ground::Building(2),
                    Ground::River,
                ][rng.random_range(0..4)],
            ),
            1 => Paint::Hill(rng.random_range(0..4)),
            _ => Paint::Road(rng.random()),
        };
        let edit = match rng.random_range(0..8) {
            0 => Edit::Paint {
                at,
                radius: rng.random_range(0..4),
                paint,
            },
            1 => Edit::Fill { at, paint },
            2 => Edit::Resize {
                columns: rng.random_range(-1..14),
                rows: rng.random_range(-1..12),
            },
            3 => Edit::Mirror(
                [Mirror::LeftToRight, Mirror::TopToBottom, Mirror::Point][rng.random_range(0..3)],
            ),
            4 => Edit::Place {
                side: rng.random_range(0..3),
                profile: profiles[rng.random_range(0..4)].into(),
                at,
            },
            5 => Edit::Move {
                id: format!("stormtrooper_{}", rng.random_range(1..4)),
                to: at,
            },
            6 => Edit::Remove {
                id: format!("jedi_{}", rng.random_range(1..3)),
            },
            _ => {
                e.undo();
                continue;
            }
        };
        if e.apply(edit, r).is_ok() {
            applied += 1;
        }
        let _ = e.problems("fuzz.ron", r);
    }
    assert!(applied > 100);
    while e.undo() {}
    assert_eq!(e.text().unwrap(), start);
}

/// A space battle made by the editor's edits passes `check` and plays to a result with the
/// rules on both sides.
#[test]
fn a_space_battle_made_by_editing_checks_and_plays_to_a_result() {
    use holotable::rulesets::space_battle::SpaceBattle;
    use holotable::rulesets::space_battle::editor::{Edit, Editor};
    use holotable::rulesets::space_battle::rules::craft::CraftType;
    let mut e = Editor::new();
    e.apply(Edit::Add {
        side: 0,
        kind: CraftType::XWing,
    })
    .unwrap();
    e.apply(Edit::Add {
        side: 1,
        kind: CraftType::TieFighter,
    })
    .unwrap();
    e.apply(Edit::Remove { side: 1, index: 3 }).unwrap();
    let mut smaller = e.scenario().clone();
    smaller.columns = 10;
    smaller.turn_limit = Some(12);
    e.apply(Edit::Set(Box::new(smaller))).unwrap();
    assert!(
        e.problems("made.ron").is_empty(),
        "{:?}",
        e.problems("made.ron")
    );
    plays_to_a_result::<SpaceBattle>(e.text().unwrap());
}

/// A mass battle made by the editor's edits passes `check` and plays to a result with the
/// rules on both sides.
#[test]
fn a_mass_battle_made_by_editing_checks_and_plays_to_a_result() {
    use holotable::rulesets::mass_combat::MassCombat;
    use holotable::rulesets::mass_combat::editor::{Edit, Editor};
    let mut e = Editor::new();
    let roster = e.roster();
    let find = |part: &str| {
        roster
            .iter()
            .find(|(id, _)| id.contains(part))
            .map(|(id, _)| id.clone())
            .unwrap_or_else(|| panic!("no {part} in {roster:?}"))
    };
    let (troopers, rebels) = (find("stormtrooper"), find("rebel"));
    for (side, roster, at) in [
        (0, &troopers, (50.0, 60.0)),
        (0, &troopers, (50.0, 100.0)),
        (1, &rebels, (190.0, 60.0)),
        (1, &rebels, (190.0, 100.0)),
    ] {
        e.apply(Edit::Place {
            side,
            roster: roster.clone(),
            at,
        })
        .unwrap();
    }
    assert!(
        e.problems("made.ron").is_empty(),
        "{:?}",
        e.problems("made.ron")
    );
    plays_to_a_result::<MassCombat>(e.text().unwrap());
}

/// Plays `src` (a scenario of rule set `R`) with the rules on every side to a result.
fn plays_to_a_result<R: holotable::engine::ruleset::RuleSet>(src: String) {
    use holotable::engine::dice::Randomness;
    use holotable::engine::ruleset::Loaded;
    use holotable::engine::session::{Headless, Session};
    let header = holotable::rules::scenario::read_header(&src, "made.ron", &[R::ID]).unwrap();
    let loaded = Loaded {
        file: "made.ron".into(),
        src,
        header,
    };
    let mut s = Session::<R>::start(&loaded, Randomness::seeded(5)).unwrap();
    s.set_rules_sides(&["all".into()]).unwrap();
    s.play_rules(20_000).unwrap();
    assert!(s.over(), "the made scenario plays to a result");
}

/// A Tyneside skirmish made from nothing by the editor's edits (terrain drawn, turned and
/// mirrored, figures placed in groups, a portal, an objective, a copy pasted) passes `check`
/// and plays to a result with the rules on both sides.
#[test]
fn a_tyneside_skirmish_made_by_editing_checks_and_plays_to_a_result() {
    use holotable::rules::geometry::Shape;
    use holotable::rules::layout::Mirror;
    use holotable::rules::terrain::TerrainKind;
    use holotable::rulesets::tyneside::editor::{Edit, Editor, Item};
    use holotable::rulesets::tyneside::{Tyneside, roster};
    let r = roster().unwrap();
    let mut e = Editor::new();
    let figure = |side, group: Option<&str>, profile: &str, at| Edit::PlaceFigure {
        side,
        group: group.map(Into::into),
        profile: profile.into(),
        at,
    };
    let edits = [
        Edit::AddTerrain {
            kind: TerrainKind::Woods,
            shape: Shape::Circle {
                centre: (20.0, 30.0),
                radius: 4.0,
            },
        },
        Edit::AddTerrain {
            kind: TerrainKind::Building,
            shape: Shape::Rect {
                min: (26.0, 8.0),
                max: (32.0, 14.0),
            }
            .turned(30.0),
        },
        Edit::Mirror(Mirror::Point),
        Edit::AddTerrain {
            kind: TerrainKind::Wall,
            shape: Shape::Polygon {
                points: vec![(35.0, 20.0), (37.0, 20.0), (37.0, 28.0)],
            },
        },
        figure(0, None, "Han Solo", (6.0, 20.0)),
        figure(0, Some("han_solo_group"), "Chewbacca", (6.0, 22.0)),
        figure(0, None, "Basic trooper", (8.0, 14.0)),
        figure(
            0,
            Some("basic_trooper_group"),
            "Basic trooper",
            (10.0, 14.0),
        ),
        figure(1, None, "Stormtrooper", (64.0, 30.0)),
        figure(1, Some("stormtrooper_group"), "Stormtrooper", (66.0, 30.0)),
        Edit::PlaceObjective { at: (36.0, 24.0) },
    ];
    for edit in edits {
        e.apply(edit.clone(), r)
            .unwrap_or_else(|why| panic!("{edit:?}: {why}"));
    }
    let clip = e.copy(&[Item::Figure("stormtrooper_2".into())]);
    e.apply(
        Edit::Paste {
            clip,
            by: (0.0, -4.0),
        },
        r,
    )
    .unwrap();
    assert!(
        e.problems("made.ron", r).is_empty(),
        "{:?}",
        e.problems("made.ron", r)
    );
    plays_to_a_result::<Tyneside>(e.text().unwrap());
}

/// A 1 Stat Skirmish made by the editor's edits, for three players, passes `check` and plays
/// to a result with the rules on every side.
#[test]
fn a_one_stat_skirmish_made_by_editing_checks_and_plays_to_a_result() {
    use holotable::rules::geometry::Shape;
    use holotable::rules::layout::Mirror;
    use holotable::rulesets::one_stat::OneStat;
    use holotable::rulesets::one_stat::editor::{Edit, Editor, new_side};
    let mut e = Editor::new();
    for (preset, shape) in [
        (
            "high grass",
            Shape::Circle {
                centre: (10.0, 18.0),
                radius: 3.0,
            },
        ),
        (
            "wall",
            Shape::Rect {
                min: (14.0, 6.0),
                max: (15.0, 12.0),
            },
        ),
    ] {
        e.apply(Edit::AddTerrain {
            preset: preset.into(),
            shape,
        })
        .unwrap();
    }
    e.apply(Edit::Mirror(Mirror::LeftToRight)).unwrap();
    let mut s = e.scenario().clone();
    s.sides.push(new_side(3, |_| false));
    s.turn_limit = Some(12);
    e.apply(Edit::Set(Box::new(s))).unwrap();
    assert_eq!(e.scenario().terrain.len(), 4);
    assert!(
        e.problems("made.ron").is_empty(),
        "{:?}",
        e.problems("made.ron")
    );
    plays_to_a_result::<OneStat>(e.text().unwrap());
}

/// Inch-table edits drawn at random, good and bad, never panic, and undoing them all brings
/// back the scenario as it was, for Tyneside and 1 Stat Skirmish.
#[test]
fn random_inch_table_edits_never_panic_and_all_undo() {
    use holotable::rules::geometry::Shape;
    use holotable::rules::layout::Mirror;
    use holotable::rules::terrain::TerrainKind;
    use holotable::rulesets::{one_stat, tyneside};
    use rand::{RngExt, SeedableRng};
    let r = tyneside::roster().unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(23);
    let shape = |rng: &mut rand_chacha::ChaCha8Rng| {
        let p = |rng: &mut rand_chacha::ChaCha8Rng| {
            (
                rng.random_range(-10.0..90.0f32),
                rng.random_range(-10.0..60.0f32),
            )
        };
        match rng.random_range(0..3) {
            0 => Shape::Rect {
                min: p(rng),
                max: p(rng),
            },
            1 => Shape::Circle {
                centre: p(rng),
                radius: rng.random_range(-1.0..6.0),
            },
            _ => Shape::Polygon {
                points: (0..rng.random_range(0..6)).map(|_| p(rng)).collect(),
            },
        }
    };
    let mirrors = [Mirror::LeftToRight, Mirror::TopToBottom, Mirror::Point];
    let mut t = tyneside::editor::Editor::new();
    let start = t.text().unwrap();
    let mut applied = 0;
    for _ in 0..1_500 {
        let s = t.scenario().clone();
        let ids: Vec<tyneside::editor::Item> = s
            .terrain
            .iter()
            .map(|x| tyneside::editor::Item::Terrain(x.id.clone()))
            .chain(
                s.sides
                    .iter()
                    .flat_map(|d| &d.groups)
                    .flat_map(|g| &g.figures)
                    .map(|f| tyneside::editor::Item::Figure(f.id.clone())),
            )
            .chain(
                s.objectives
                    .iter()
                    .map(|o| tyneside::editor::Item::Objective(o.id.clone())),
            )
            .chain(
                s.enemy_forces
                    .iter()
                    .flat_map(|e| &e.portals)
                    .map(|p| tyneside::editor::Item::Portal(p.id.clone())),
            )
            .chain([tyneside::editor::Item::Figure("nobody".into())])
            .collect();
        let some = |rng: &mut rand_chacha::ChaCha8Rng| ids[rng.random_range(0..ids.len())].clone();
        let at = (
            rng.random_range(-5.0..80.0f32),
            rng.random_range(-5.0..55.0f32),
        );
        use tyneside::editor::Edit;
        let edit = match rng.random_range(0..10) {
            0 | 1 => Edit::AddTerrain {
                kind: TerrainKind::ALL[rng.random_range(0..TerrainKind::ALL.len())],
                shape: shape(&mut rng),
            },
            2 => Edit::Reshape {
                id: some(&mut rng).id().to_string(),
                shape: shape(&mut rng),
            },
            3 => Edit::PlaceFigure {
                side: rng.random_range(0..3),
                group: s
                    .sides
                    .first()
                    .and_then(|d| d.groups.first())
                    .map(|g| g.id.clone())
                    .filter(|_| rng.random_bool(0.5)),
                profile: ["Stormtrooper", "Luke Skywalker", "AT-ST", "Nobody"]
                    [rng.random_range(0..4)]
                .into(),
                at,
            },
            4 => Edit::PlacePortal { at },
            5 => Edit::PlaceObjective { at },
            6 => Edit::Move {
                items: vec![some(&mut rng), some(&mut rng)],
                by: (rng.random_range(-30.0..30.0), rng.random_range(-30.0..30.0)),
            },
            7 => Edit::Remove(vec![some(&mut rng)]),
            8 => Edit::Paste {
                clip: t.copy(&[some(&mut rng), some(&mut rng)]),
                by: (rng.random_range(-30.0..30.0), rng.random_range(-30.0..30.0)),
            },
            _ => Edit::Mirror(mirrors[rng.random_range(0..3)]),
        };
        if t.apply(edit, r).is_ok() {
            applied += 1;
        }
        let _ = t.problems("fuzz.ron", r);
    }
    assert!(applied > 300, "only {applied} edits took");
    while t.undo() {}
    assert_eq!(t.text().unwrap(), start);

    let mut o = one_stat::editor::Editor::new();
    let start = o.text().unwrap();
    let presets = ["high grass", "wall", "lake", "volcano"];
    for _ in 0..1_500 {
        let ids: Vec<String> = o
            .scenario()
            .terrain
            .iter()
            .map(|x| x.id.clone())
            .chain(["nothing".to_string()])
            .collect();
        let some = |rng: &mut rand_chacha::ChaCha8Rng| ids[rng.random_range(0..ids.len())].clone();
        use one_stat::editor::Edit;
        let edit = match rng.random_range(0..6) {
            0 | 1 => Edit::AddTerrain {
                preset: presets[rng.random_range(0..4)].into(),
                shape: shape(&mut rng),
            },
            2 => Edit::Reshape {
                id: some(&mut rng),
                shape: shape(&mut rng),
            },
            3 => Edit::Move {
                ids: vec![some(&mut rng)],
                by: (rng.random_range(-20.0..20.0), rng.random_range(-20.0..20.0)),
            },
            4 => Edit::Remove(vec![some(&mut rng)]),
            _ => Edit::Mirror(mirrors[rng.random_range(0..3)]),
        };
        let _ = o.apply(edit);
        let _ = o.problems("fuzz.ron");
    }
    while o.undo() {}
    assert_eq!(o.text().unwrap(), start);
}
