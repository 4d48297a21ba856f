//! How a space battle looks: each craft a counter of its side with its type, its colour mark
//! and its facing; the corner dots of the text's board; the trail of each craft's move this
//! turn; the craft to act ringed, the squares it can reach with their cost, and the combats an
//! attack from each would make.

use bevy::prelude::*;
use bevy::sprite::Anchor;

use super::ID;
use super::battle::{Battle, Motion, Stage, Status};
use super::board::{SQUARE, centre};
use super::commands::Command;
use super::input::Plan;
use super::phases::BattleRes;
use super::rules::craft::Class;
use crate::engine::hint::HintMark;
use crate::engine::pieces::{Badge, Model, PieceShape, Token, TokensWritten};
use crate::engine::state::game_of;
use crate::view::{Marks, Strokes, spawn_strokes};

/// A craft's counter.
#[derive(Component, Clone, Copy, Debug)]
pub struct CraftToken(pub usize);

/// A reachable square's text (its cost and the combats from there).
#[derive(Component)]
struct CostLabel;

/// The counter of craft `i`.
pub fn token(b: &Battle, i: usize) -> Token {
    let c = &b.craft[i];
    let mut badges = vec![Badge::new(
        c.colour.code(),
        format!(
            "{}: its place in the order of movement and attack",
            c.colour.word()
        ),
        c.colour.rgb(),
    )];
    // The points left: on the craft moving now and, as the report's die beside it, on a craft
    // that stopped to fire; the others' rolls are in the list.
    let moving = b.mover() == Some(i) && c.moved > 0;
    if c.flying() && c.side == b.side && c.points > 0 && (c.motion == Motion::Stopped || moving) {
        badges.push(Badge::new(
            format!("{} left", c.points),
            if c.motion == Motion::Stopped {
                "stopped to fire: movement points left after the attacks (the report's die beside it)"
            } else {
                "movement points left this turn"
            },
            [0.85, 0.70, 0.10],
        ));
    }
    Token {
        acting: false,
        contact: Vec::new(),
        side: c.side,
        label: String::new(),
        emblem: c.kind.glyph().into(),
        values: String::new(),
        pips: 0,
        min_px: 0.0,
        shape: PieceShape::Square,
        // Half a counter's side, of a 3-unit square: a fighter's counter 29 px across at
        // the whole-grid zoom of a 1280 x 720 window, a bomber's larger.
        base: if c.kind.class() == Class::Bomber {
            1.35
        } else {
            1.2
        },
        facing: Some(c.facing.degrees()),
        label_size: 0.9,
        at: centre(c.at),
        badges,
        faded: false,
        done: (c.side == b.side && c.motion == Motion::Moved && c.fired)
            .then_some("has moved and fired this turn"),
        shown: match c.status {
            Status::Flying => true,
            Status::Waiting => b.turn >= 2,
            Status::Exited | Status::Destroyed { .. } => false,
        },
        order: i,
        model: if c.kind.class() == Class::Bomber {
            Model::Speeder
        } else {
            Model::JetBike
        },
    }
}

fn sync_tokens(
    battle: Res<BattleRes>,
    mut tokens: Query<(&CraftToken, &mut Token)>,
    mut commands: Commands,
) {
    let b = &battle.0;
    let mut seen = vec![false; b.craft.len()];
    for (ct, mut t) in &mut tokens {
        if ct.0 < seen.len() {
            seen[ct.0] = true;
            t.set_if_neq(token(b, ct.0));
        }
    }
    for (i, s) in seen.iter().enumerate() {
        if !s {
            commands.spawn((CraftToken(i), token(b, i), crate::engine::game::InGame));
        }
    }
}

/// The board's dots and the turn's trails, one mesh under the counters.
#[derive(Component)]
struct BoardMarks;

/// Makes the dots and trails anew when the battle changed.
fn board_marks(
    battle: Res<BattleRes>,
    old: Query<Entity, With<BoardMarks>>,
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
    let b = &battle.0;
    let mut s = Strokes::default();
    let dot = Color::srgb(0.95, 0.95, 0.95);
    for c in 0..=b.columns {
        for r in 0..=b.rows {
            let p = Vec2::new((c + 1) as f32, r as f32) * SQUARE;
            s.circle_2d(p, 0.12, 8, dot);
            s.circle_2d(p, 0.06, 6, dot);
        }
    }
    for c in b
        .craft
        .iter()
        .filter(|c| c.flying() || c.status == Status::Exited)
    {
        if c.trail.len() < 2 {
            continue;
        }
        let colour = crate::view::side_colour(c.side).with_alpha(0.55);
        let pts: Vec<Vec2> = c.trail.iter().map(|&at| centre(at)).collect();
        s.linestrip_2d(pts, colour);
    }
    let across = (b.columns + 2) as f32 * SQUARE;
    spawn_strokes(&s, across, &mut meshes, &mut materials, &mut commands)
        .insert((BoardMarks, crate::engine::game::InGame));
}

/// The texts the plan puts on the table, each on its square: a reachable square's cost (and
/// `xN`, the combats of an attack from there); a target's `xN`. A square another craft stands
/// on shows no cost: the move can only pass over it (ended there, the red outline and the hover
/// say the craft is lost), and the text lay over the craft (a walk read `3 x1` across a TIE
/// fighter).
fn plan_texts(b: &Battle, plan: &Plan) -> Vec<((i32, i32), String)> {
    plan.squares
        .iter()
        .filter(|s| b.occupant(s.at, plan.craft.unwrap_or(usize::MAX)).is_none())
        .map(|s| (s.at, s.text()))
        .chain(
            plan.targets
                .iter()
                .map(|t| (b.craft[t.0].at, format!("x{}", t.1.combats()))),
        )
        .collect()
}

/// The craft to act ringed; where it can go, with the cost and the combats an attack from
/// there would make; in the Fire stage its targets with their combats.
fn draw_plan(
    battle: Res<BattleRes>,
    plan: Res<Plan>,
    mut gizmos: Marks,
    labels: Query<Entity, With<CostLabel>>,
    mut commands: Commands,
    mut shown: Local<Vec<((i32, i32), String)>>,
) {
    let b = &battle.0;
    // Over: the plan of the last craft to act is not drawn under the result.
    let plan = if b.result.is_some() {
        &Plan::default()
    } else {
        &*plan
    };
    let texts = plan_texts(b, plan);
    if *shown != texts {
        for e in &labels {
            commands.entity(e).despawn();
        }
        for (at, text) in &texts {
            // In the middle of an empty square; on a target, in the bottom right corner of
            // its square, clear of the craft and its chips.
            let (off, anchor) = if b.occupant(*at, usize::MAX).is_some() {
                (
                    Vec2::splat(SQUARE * 0.47) * Vec2::new(1.0, -1.0),
                    Anchor::BOTTOM_RIGHT,
                )
            } else {
                (Vec2::ZERO, Anchor::CENTER)
            };
            // The craft's chips give way to it (a walk read `2 left` over a square's cost).
            let (size, chars) = (0.7, text.chars().count() as f32);
            let half = Vec2::new(chars * size * 0.36 + 0.1, size * 0.6);
            let keep = centre(*at)
                + off
                + if anchor == Anchor::BOTTOM_RIGHT {
                    Vec2::new(-half.x, half.y)
                } else {
                    Vec2::ZERO
                };
            commands.spawn((
                CostLabel,
                crate::view::KeepClear { at: keep, half },
                crate::engine::game::InGame,
                Text2d::new(text.clone()),
                TextFont::default(),
                TextColor(Color::srgb(1.0, 0.95, 0.4)),
                // A dark plate: the text stays clear of a craft's rim in its corner and of
                // the trails crossing the square.
                bevy::text::TextBackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.8)),
                anchor,
                Transform::from_translation((centre(*at) + off).extend(30.0)),
                // 8 px on `escort_battle` seen whole, under the least a value is shown at.
                crate::view::TableText(0.7),
                crate::view::LeastPx(12.0),
            ));
        }
        *shown = texts;
    }
    let half = Vec2::splat(SQUARE * 0.46);
    for s in &plan.squares {
        // A square the craft would be lost on (it ends on a craft, or is left only such
        // squares to end on) is outlined red: the hover says why.
        let lost = s.cornered
            || (s.left == 0 && b.occupant(s.at, plan.craft.unwrap_or(usize::MAX)).is_some());
        let colour = if lost {
            Color::srgba(1.0, 0.3, 0.25, 0.95)
        } else if s.next {
            Color::srgba(1.0, 0.92, 0.3, 0.95)
        } else {
            Color::srgba(1.0, 0.92, 0.3, 0.35)
        };
        gizmos.rect_2d(centre(s.at), half * 2.0, colour);
        if s.next {
            gizmos.rect_2d(centre(s.at), half * 1.9, colour);
        }
    }
    for (j, _) in &plan.targets {
        gizmos.circle_2d(
            centre(b.craft[*j].at),
            SQUARE * 0.48,
            Color::srgb(1.0, 0.3, 0.3),
        );
    }
    if let Some(i) = plan.craft {
        gizmos.rect_2d(centre(b.craft[i].at), half * 2.1, Color::WHITE);
        if b.stage != Stage::Fire {
            gizmos.rect_2d(centre(b.craft[i].at), half * 2.0, Color::WHITE);
        }
    }
    if let Some(path) = &plan.path {
        let mut pts = vec![plan.craft.map_or(Vec2::ZERO, |i| centre(b.craft[i].at))];
        pts.extend(path.iter().map(|&at| centre(at)));
        gizmos.linestrip_2d(pts, Color::WHITE);
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            sync_tokens.in_set(TokensWritten),
            board_marks,
            draw_plan.after(super::input::plan),
        )
            .after(crate::view::BoardDrawn)
            .run_if(game_of(ID).and_then(resource_exists::<BattleRes>)),
    );
}

/// Where the Hint's `command` goes on the board: a craft's flight square by square with a ring
/// where it ends, a line to the craft it attacks, and a ring round a craft that stops to fire.
/// Nothing for the initiative.
pub fn hint_marks(b: &Battle, command: &Command) -> Vec<HintMark> {
    let at = |id: &str| b.craft.iter().find(|c| c.id == id).map(|c| centre(c.at));
    let ring = SQUARE * 0.4;
    match command {
        Command::Move { craft, path } => at(craft)
            .map(|from| vec![HintMark::new(from, path.iter().map(|p| centre(*p)), ring)])
            .unwrap_or_default(),
        Command::Attack { craft, target } => match (at(craft), at(target)) {
            (Some(from), Some(to)) => vec![HintMark::new(from, [to], ring)],
            _ => Vec::new(),
        },
        Command::Stop { craft } => at(craft)
            .map(|p| vec![HintMark::new(p, [], ring)])
            .unwrap_or_default(),
        Command::Initiative => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hinted_flight_runs_square_by_square_and_an_attack_to_its_target() {
        let s = super::super::rules::scenario::parse(super::super::BUNDLED[0].1, "t.ron")
            .expect("scenario");
        let b = Battle::new(&s);
        let (a, t) = (
            &b.craft[0],
            b.craft.iter().find(|c| c.side == 1).expect("an enemy"),
        );
        let path = vec![(0, 2), (1, 2)];
        let flight = hint_marks(
            &b,
            &Command::Move {
                craft: a.id.clone(),
                path: path.clone(),
            },
        );
        assert_eq!(
            flight[0].line,
            vec![centre(a.at), centre(path[0]), centre(path[1])]
        );
        let attack = hint_marks(
            &b,
            &Command::Attack {
                craft: a.id.clone(),
                target: t.id.clone(),
            },
        );
        assert_eq!(attack[0].line, vec![centre(a.at), centre(t.at)]);
        assert!(hint_marks(&b, &Command::Initiative).is_empty());
    }

    /// A square another craft stands on is reachable (a move may pass over it) but shows no
    /// cost; the empty squares show theirs.
    #[test]
    fn no_cost_is_written_over_another_craft() {
        let (mut b, _, _) = super::super::battle::tests::sortie();
        // The green X-wing from (-1, 5) facing right with 4 points; a TIE fighter two squares
        // ahead of it.
        let g = b.mover().expect("the green X-wing moves");
        let tie = b
            .craft
            .iter()
            .position(|c| c.id == "green-tie")
            .expect("tie");
        b.craft[tie].at = (1, 5);
        let squares = super::super::input::squares(&b, g);
        assert!(
            squares.iter().any(|q| q.at == (1, 5)),
            "the TIE fighter's square is reachable: {squares:?}"
        );
        let plan = Plan {
            craft: Some(g),
            squares,
            ..Plan::default()
        };
        let texts = plan_texts(&b, &plan);
        assert!(!texts.iter().any(|t| t.0 == (1, 5)), "{texts:?}");
        assert!(texts.iter().any(|t| t.0 == (0, 5)), "{texts:?}");
        assert_eq!(
            texts.len(),
            plan.squares.len() - 1,
            "every other square shows its cost: {texts:?}"
        );
    }
}
