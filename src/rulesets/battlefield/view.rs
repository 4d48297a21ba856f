//! How a battle looks on the shared hex board: terrain colours, what lies over the hexes
//! (roads, rivers, hill levels, buildings, rubble, entrenchments, support markers), unit
//! counters as tokens, and the selection's reachable hexes and line of sight.

use crate::engine::replay_view::ReplayStatus;
use crate::view::Marks;
use bevy::prelude::*;
use hexx::Hex;

use super::ID;
use super::battle::Battle;
use super::commands::Command;
use super::input::{Mode, Selection, fire_targets};
use super::phases::BattleRes;
use super::rules::map::{Ground, hex_at, layout};
use super::rules::roster::{Ability, Kind};
use crate::engine::hint::HintMark;
use crate::engine::pieces::{Badge, Model, PieceShape, Token, TokensWritten};
use crate::engine::state::game_of;
use crate::view::{Strokes, spawn_strokes};

/// A unit's counter on the map.
#[derive(Component, Clone, Copy, Debug)]
pub struct UnitToken(pub usize);

/// The text of a reachable hex's cost.
#[derive(Component)]
struct CostLabel;

/// The side whose eyes the table is seen through: in the replay viewer the side it is seen
/// through; where this computer plays one side (`seated`: online, or by e-mail) that side,
/// whoever's impulse it is; else the side playing the impulse, or, while the app plays it,
/// the person's side (in a solo game the person never sees the app's hidden units).
pub fn viewer(
    b: &Battle,
    app: Option<&crate::engine::game::Sides>,
    replay: &ReplayStatus,
    seated: Option<usize>,
) -> usize {
    if let Some(v) = replay.viewing_side.filter(|_| replay.open) {
        return v;
    }
    if let Some(s) = seated {
        return s;
    }
    let side = b.impulse.side;
    match app {
        Some(a) if a.rules.contains(&side) => (0..b.sides.len())
            .find(|s| !a.rules.contains(s))
            .unwrap_or(side),
        _ => side,
    }
}

/// Half a counter's side, hex radii: as large as a square goes in a flat hex without touching
/// the counters of the hexes around it (about 30 px across at the bundled maps' first zoom
/// at 1280 x 720).
const COUNTER: f32 = 0.68;

/// Where a unit's counter sits: the hex centre, or beside it for a leader or Jedi stacked
/// with a unit, so a stack reads as one counter with its companions.
fn counter_at(b: &Battle, i: usize) -> (Vec2, f32) {
    let u = &b.units[i];
    let c = layout().hex_to_world_pos(u.at);
    let companions: Vec<usize> = b
        .at(u.at)
        .filter(|j| !b.units[*j].profile.kind.counts_in_stacking())
        .collect();
    if u.profile.kind.counts_in_stacking() || b.counting_at(u.at).is_none() && companions.len() < 2
    {
        return (c, COUNTER);
    }
    let k = companions.iter().position(|j| *j == i).unwrap_or(0) as f32;
    (c + Vec2::new(0.5 - 0.36 * k, 0.5), 0.34)
}

/// A counter's die, short: "1d8+1" → "d8+1" (every die on a counter is one die); a fixed
/// strength stays a number ("4").
fn counter_die(die: &super::rules::die::AttackDie) -> String {
    let s = die.to_string();
    s.strip_prefix('1')
        .filter(|r| r.starts_with('d'))
        .map_or(s.clone(), str::to_string)
}

fn sync_tokens(
    battle: Res<BattleRes>,
    app: Option<Res<crate::engine::game::Sides>>,
    (replay, seated): (Res<ReplayStatus>, Option<Res<crate::engine::game::Seated>>),
    mut tokens: Query<(&UnitToken, &mut Token)>,
    mut commands: Commands,
) {
    let b = &battle.0;
    let mut seen = vec![false; b.units.len()];
    let view_side = viewer(b, app.as_deref(), &replay, seated.and_then(|s| s.0));
    let token = |i: usize| {
        let u = &b.units[i];
        let (at, base) = counter_at(b, i);
        let mut badges = Vec::new();
        if u.force_points > 0 {
            badges.push(Badge::new(
                format!("FP{}", u.force_points),
                "Force points left",
                [0.45, 0.30, 0.80],
            ));
        }
        let aboard = b
            .units
            .iter()
            .filter(|x| x.alive && x.carried_by == Some(i))
            .count();
        if aboard > 0 {
            badges.push(Badge::new(
                format!("+{aboard}"),
                "carrying units",
                [0.15, 0.40, 0.70],
            ));
        }
        if u.hidden {
            badges.push(Badge::new(
                "hidden",
                "hidden from the other side",
                [0.35, 0.38, 0.42],
            ));
        }
        let companion = u.profile.kind == Kind::Leader || u.profile.kind == Kind::Jedi;
        Token {
            acting: false,
            contact: Vec::new(),
            side: u.side,
            // The counter says it all; names are on hover and in the panel.
            label: String::new(),
            emblem: u.profile.symbol.clone(),
            // A counter's values, as a printed counter's: its firepower die against squads
            // and a pip for each point of resistance.
            values: if companion {
                String::new()
            } else {
                counter_die(&u.profile.vs_squad)
            },
            pips: if companion {
                0
            } else {
                u.profile.resistance.min(6) as u8
            },
            min_px: 0.0,
            // A counter on a hex map: square, as the text's counters are.
            shape: PieceShape::Square,
            base,
            facing: None,
            label_size: 0.6,
            at,
            badges,
            faded: false,
            done: u.activated.then_some("activated this turn"),
            shown: u.on_map() && (!u.hidden || u.side == view_side),
            order: i,
            model: match u.profile.kind {
                Kind::Squad => Model::Squad,
                // The AT-AT towers over the AT-ST (the text's walker that blocks sight).
                Kind::Walker if u.profile.has(Ability::WalkerSight) => Model::HeavyWalker,
                Kind::Walker => Model::Walker,
                Kind::Vehicle => Model::Speeder,
                Kind::Leader => Model::Trooper,
                Kind::Jedi => Model::Jedi,
                Kind::FieldArtillery => Model::Gun,
            },
        }
    };
    for (ut, mut t) in &mut tokens {
        if ut.0 < seen.len() {
            seen[ut.0] = true;
            let new = token(ut.0);
            t.set_if_neq(new);
        }
    }
    for (i, s) in seen.iter().enumerate() {
        if !s {
            commands.spawn((UnitToken(i), token(i), crate::engine::game::InGame));
        }
    }
}

/// The map's lines (see [`draw_terrain`] and [`draw_roads`]), two meshes under the counters.
#[derive(Component)]
struct TerrainLines;

/// Makes the map's lines anew when the battle changed (a command), not every frame.
fn terrain_lines(
    battle: Res<BattleRes>,
    board: Option<Res<crate::engine::board::BoardGeometry>>,
    old: Query<Entity, With<TerrainLines>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut commands: Commands,
) {
    if !battle.is_changed() && !old.is_empty() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let mut strokes = Strokes::default();
    draw_terrain(&battle.0, &mut strokes);
    // As wide as the board's own lines (the map's hex outlines).
    let across = board.map_or(40.0, |b| b.extent().size().max_element());
    spawn_strokes(&strokes, across, &mut meshes, &mut materials, &mut commands)
        .insert((TerrainLines, crate::engine::game::InGame));
    // Roads three times as wide: as thin as the hex outlines they were hardly seen (a walk).
    let mut roads = Strokes::default();
    draw_roads(&battle.0, &mut roads);
    spawn_strokes(
        &roads,
        across * 3.0,
        &mut meshes,
        &mut materials,
        &mut commands,
    )
    .insert((TerrainLines, crate::engine::game::InGame));
}

/// Roads join the centres of neighbouring road hexes ([`crate::engine::board::ROAD_LINE`]).
fn draw_roads(b: &Battle, strokes: &mut Strokes) {
    let l = layout();
    for (h, t) in &b.map.hexes() {
        let c = l.hex_to_world_pos(*h);
        for n in h.all_neighbors() {
            if t.road && b.map.get(n).is_some_and(|o| o.road) {
                strokes.line_2d(
                    c,
                    c.lerp(l.hex_to_world_pos(n), 0.5),
                    crate::engine::board::ROAD_LINE,
                );
            }
        }
    }
}

/// Rivers join hex centres ([`draw_roads`] the roads); hill levels ring the hex; buildings are squares, their
/// walls a dark ring inside the hex's rim a level;
/// rubble a cross; entrenchments a bar; the last support marker a red target.
fn draw_terrain(b: &Battle, gizmos: &mut Strokes) {
    let l = layout();
    let hexes = b.map.hexes();
    for (h, t) in &hexes {
        let c = l.hex_to_world_pos(*h);
        for n in h.all_neighbors() {
            let Some(o) = b.map.get(n) else { continue };
            let m = l.hex_to_world_pos(n);
            if t.ground == Ground::River && o.ground == Ground::River {
                gizmos.line_2d(c, c.lerp(m, 0.5), Color::srgb(0.55, 0.75, 1.0));
            }
        }
        if t.hill > 0 {
            for k in 0..t.hill {
                let s = 0.82 - 0.16 * k as f32;
                let pts: Vec<Vec2> = l.hex_corners(*h).iter().map(|p| c + (*p - c) * s).collect();
                let mut ring = pts.clone();
                ring.push(pts[0]);
                gizmos.linestrip_2d(ring, Color::srgb(0.45, 0.32, 0.12));
            }
        }
        match t.ground {
            Ground::Building(level) => {
                // Its walls round the hex's rim, a line a level, where a counter standing in
                // it leaves them in sight (the squares alone hid under counters: a walk found
                // no buildings on the village's map).
                for k in 0..level.min(3) {
                    let s = 0.93 - 0.07 * k as f32;
                    let pts: Vec<Vec2> =
                        l.hex_corners(*h).iter().map(|p| c + (*p - c) * s).collect();
                    let mut ring = pts.clone();
                    ring.push(pts[0]);
                    gizmos.linestrip_2d(ring, Color::srgb(0.15, 0.12, 0.10));
                }
                let size = if level >= 2 { 0.95 } else { 0.75 };
                gizmos.rect_2d(c, Vec2::splat(size), Color::srgb(0.15, 0.12, 0.10));
                if level >= 2 {
                    gizmos.rect_2d(c, Vec2::splat(0.6), Color::srgb(0.15, 0.12, 0.10));
                }
            }
            Ground::Rubble => {
                gizmos.line_2d(
                    c - Vec2::splat(0.3),
                    c + Vec2::splat(0.3),
                    Color::srgb(0.2, 0.15, 0.1),
                );
                gizmos.line_2d(
                    c + Vec2::new(-0.3, 0.3),
                    c + Vec2::new(0.3, -0.3),
                    Color::srgb(0.2, 0.15, 0.1),
                );
            }
            _ => {}
        }
    }
    for e in &b.entrenchments {
        let c = l.hex_to_world_pos(*e);
        gizmos.line_2d(
            c + Vec2::new(-0.5, -0.62),
            c + Vec2::new(0.5, -0.62),
            Color::srgb(0.35, 0.25, 0.1),
        );
        gizmos.line_2d(
            c + Vec2::new(-0.5, -0.68),
            c + Vec2::new(0.5, -0.68),
            Color::srgb(0.35, 0.25, 0.1),
        );
    }
    if let Some(m) = &b.marker {
        let c = l.hex_to_world_pos(m.aimed);
        gizmos.circle_2d(c, 0.7, 32, Color::srgb(1.0, 0.2, 0.2));
        if let Some(at) = m.landed {
            let p = l.hex_to_world_pos(at);
            gizmos.line_2d(c, p, Color::srgb(1.0, 0.2, 0.2));
            gizmos.circle_2d(p, 0.5, 24, Color::srgb(1.0, 0.5, 0.1));
        }
    }
}

fn outline(gizmos: &mut Marks, h: Hex, scale: f32, colour: Color) {
    let l = layout();
    let c = l.hex_to_world_pos(h);
    let pts: Vec<Vec2> = l
        .hex_corners(h)
        .iter()
        .map(|p| c + (*p - c) * scale)
        .collect();
    let mut ring = pts.clone();
    ring.push(pts[0]);
    gizmos.linestrip_2d(ring, colour);
}

/// The selection: its hex, where it can go (with costs as text), and the line of sight to
/// the hovered hex with the hex that blocks it.
fn draw_selection(
    battle: Res<BattleRes>,
    sel: Res<Selection>,
    mut gizmos: Marks,
    labels: Query<Entity, With<CostLabel>>,
    mut commands: Commands,
    mut shown: Local<Vec<(Hex, u32)>>,
    mut targets: Local<(Option<usize>, Vec<Hex>)>,
) {
    let b = &battle.0;
    let l = layout();
    if *shown != sel.reach {
        for e in &labels {
            commands.entity(e).despawn();
        }
        for (h, cost) in &sel.reach {
            commands.spawn((
                CostLabel,
                crate::engine::game::InGame,
                Text2d::new(cost.to_string()),
                TextFont::default(),
                TextColor(Color::srgb(1.0, 0.95, 0.4)),
                Transform::from_translation(
                    (l.hex_to_world_pos(*h) + Vec2::new(0.0, -0.62)).extend(30.0),
                ),
                crate::view::TableText(0.53),
            ));
        }
        *shown = sel.reach.clone();
    }
    for (h, _) in &sel.reach {
        outline(&mut gizmos, *h, 0.9, Color::srgba(1.0, 0.92, 0.3, 0.8));
    }
    if let Some(i) = sel.unit.filter(|i| *i < b.units.len()) {
        outline(&mut gizmos, b.units[i].at, 0.97, Color::WHITE);
        outline(&mut gizmos, b.units[i].at, 0.93, Color::WHITE);
    }
    // The enemies it could fire at, their hexes outlined red as the selected one's is white,
    // in the modes where a click on one fires (a ring inside the hex lay mostly under the
    // counter: a walk saw no target marked in Fire mode).
    let firing = matches!(sel.mode, Mode::Move | Mode::Fire | Mode::MoveAndFire);
    let wanted = sel.unit.filter(|i| *i < b.units.len() && firing);
    if battle.is_changed() || targets.0 != wanted {
        *targets = (wanted, wanted.map_or_else(Vec::new, |i| fire_targets(b, i)));
    }
    for h in &targets.1 {
        for scale in [0.97, 0.93] {
            outline(&mut gizmos, *h, scale, Color::srgb(1.0, 0.3, 0.25));
        }
    }
    if let Some(route) = &sel.route {
        let pts: Vec<Vec2> = route.iter().map(|h| l.hex_to_world_pos(*h)).collect();
        gizmos.linestrip_2d(pts, Color::srgb(1.0, 1.0, 1.0));
    }
    if let Some(s) = &sel.sight {
        let colour = if s.clear {
            Color::srgb(0.3, 1.0, 0.4)
        } else {
            Color::srgb(1.0, 0.3, 0.3)
        };
        gizmos.line_2d(l.hex_to_world_pos(s.from), l.hex_to_world_pos(s.to), colour);
        if let Some(h) = s.blocked_at {
            outline(&mut gizmos, h, 0.9, Color::srgb(1.0, 0.2, 0.2));
            outline(&mut gizmos, h, 0.85, Color::srgb(1.0, 0.2, 0.2));
        }
    }
    if let Some(h) = sel.hover {
        outline(&mut gizmos, h, 1.0, Color::srgba(1.0, 1.0, 1.0, 0.6));
    }
}

/// The buildings a capture goal counts, each ringed gold round its rim (the objective's
/// colour), and inside that in the holding side's colour once one holds it, so the
/// objective's `hold 0 of the 3 buildings` can be found on the map (a walk found one
/// building; the others lay under counters, their walls dark under dark counters; a ring in
/// the counter's own colour read as the counter's edge).
fn draw_objective_buildings(battle: Res<BattleRes>, mut gizmos: Marks) {
    if !matches!(battle.0.goal, super::rules::scenario::Goal::Capture { .. }) {
        return;
    }
    let gold = crate::view::side_colour(crate::engine::pieces::NOBODY);
    for (h, by) in battle.0.buildings_counted() {
        for scale in [1.0, 0.97] {
            outline(&mut gizmos, h, scale, gold);
        }
        if let Some(side) = by {
            outline(&mut gizmos, h, 0.93, crate::view::side_colour(side));
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            sync_tokens.in_set(TokensWritten),
            terrain_lines,
            draw_objective_buildings,
            draw_selection,
        )
            .after(crate::view::BoardDrawn)
            .run_if(game_of(ID).and_then(resource_exists::<BattleRes>)),
    );
}

/// Where the Hint's `command` goes on the map: a unit's path hex by hex with a ring on the hex
/// it ends in, a line to the hex it fires at (after its move, for move and fire), and a ring
/// on the hex a support weapon strikes. Nothing for the end of the impulse and the like.
pub fn hint_marks(b: &Battle, command: &Command) -> Vec<HintMark> {
    let l = layout();
    let hex = |(c, r): (i32, i32)| l.hex_to_world_pos(hex_at(c, r));
    let from = |id: &str| {
        b.units
            .iter()
            .position(|u| u.id == id)
            .map(|i| counter_at(b, i).0)
    };
    let ring = COUNTER * 0.75;
    let path_of =
        |from: Vec2, path: &[(i32, i32)]| HintMark::new(from, path.iter().map(|p| hex(*p)), ring);
    match command {
        Command::Move { unit, path }
        | Command::Assault { unit, path, .. }
        | Command::Board { unit, path }
        | Command::Unload { unit, path } => from(unit)
            .map(|f| vec![path_of(f, path)])
            .unwrap_or_default(),
        Command::Fire { unit, target, .. } => from(unit)
            .map(|f| vec![HintMark::new(f, [hex(*target)], ring)])
            .unwrap_or_default(),
        Command::MoveAndFire {
            unit, path, target, ..
        } => from(unit)
            .map(|f| {
                let end = path.last().map_or(f, |p| hex(*p));
                vec![path_of(f, path), HintMark::new(end, [hex(*target)], ring)]
            })
            .unwrap_or_default(),
        Command::AerialSupport { target }
        | Command::SpaceBombardment { target }
        | Command::Artillery { target, .. } => vec![HintMark::new(hex(*target), [], ring)],
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::battlefield::testing::{battle, unit};

    #[test]
    fn a_hinted_move_runs_from_the_counter_through_each_hex_and_fire_to_the_target() {
        let b = battle();
        let id = b.units[0].id.clone();
        let from = counter_at(&b, unit(&b, &id)).0;
        let marks = hint_marks(
            &b,
            &Command::Move {
                unit: id.clone(),
                path: vec![(3, 3), (3, 4)],
            },
        );
        let l = layout();
        assert_eq!(marks.len(), 1);
        assert_eq!(
            marks[0].line,
            vec![
                from,
                l.hex_to_world_pos(hex_at(3, 3)),
                l.hex_to_world_pos(hex_at(3, 4))
            ]
        );
        assert!(marks[0].ring > 0.0);
        let fire = hint_marks(
            &b,
            &Command::Fire {
                unit: id,
                target: (7, 2),
                leader: false,
                force: 0,
                weapon_target: None,
            },
        );
        assert_eq!(fire[0].line, vec![from, l.hex_to_world_pos(hex_at(7, 2))]);
        assert!(hint_marks(&b, &Command::EndImpulse).is_empty());
    }
}
