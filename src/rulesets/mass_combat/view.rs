//! How a mass combat looks: each unit a round counter of its side, as large as its head count
//! ("Using counters or miniatures can help keep track of position"), with its name, its men
//! left of its start, and badges for its state (casualties, under fire, retreat); the unit
//! selected and its target ringed by the input's draft.

use bevy::prelude::*;

use super::ID;
use super::battle::{Battle, Stage, Status};
use super::board::radius;
use super::commands::Command;
use super::input::Draft;
use super::orders::Order;
use super::phases::BattleRes;
use super::rules::charts::DamageResult;
use crate::engine::hint::HintMark;
use crate::engine::pieces::{Badge, Model, PieceShape, Token, TokensWritten};
use crate::engine::state::game_of;
use crate::view::Marks;

/// A unit's counter.
#[derive(Component, Clone, Copy, Debug)]
pub struct UnitToken(pub usize);

/// The counter of unit `i`, with `selected` marking the one the person is ordering.
pub fn token(b: &Battle, i: usize, draft: &Draft) -> Token {
    let u = &b.units[i];
    let mut badges = Vec::new();
    if let Some(l) = u.lasting {
        badges.push(Badge::new(
            // A short word on the chip, so badges fit between counters; the full one on hover.
            match (l, u.kind.vehicle) {
                (DamageResult::UnderHeavyFire, _) => "fire",
                (DamageResult::LightCasualties, false) => "light",
                (DamageResult::ModerateCasualties, false) => "moderate",
                (DamageResult::HeavyCasualties, false) => "heavy",
                (DamageResult::LightCasualties, true) => "damaged",
                (DamageResult::ModerateCasualties, true) => "heavy dmg",
                (DamageResult::HeavyCasualties, true) => "severe",
                (DamageResult::Rout, _) => "rout",
            },
            if u.kind.vehicle {
                format!(
                    "{}: -{} to morale checks and to all its actions (our ruling, Vehicle units: Help, Our rulings)",
                    l.vehicle_word(),
                    l.morale_penalty()
                )
            } else {
                format!(
                    "{}: -{} to morale checks until reinforcements arrive (Damage Results)",
                    l.word(),
                    l.morale_penalty()
                )
            },
            [0.85, 0.35, 0.2],
        ).harm());
    }
    // What the last round's fire cost it, until the next round is resolved.
    let lost: u32 = b
        .last_fire
        .iter()
        .filter(|&&(_, t, _)| t == i)
        .map(|&(_, _, n)| n)
        .sum();
    if lost > 0 {
        let by: Vec<&str> = b
            .last_fire
            .iter()
            .filter(|&&(f, t, _)| t == i && f < b.units.len())
            .map(|&(f, _, _)| b.units[f].name.as_str())
            .collect();
        badges.push(
            Badge::new(
                format!("lost {lost}"),
                format!(
                    "lost {lost} {} last round to the fire of {} (the faint arrows)",
                    if u.kind.vehicle { "vehicles" } else { "men" },
                    by.join(", ")
                ),
                [0.9, 0.45, 0.45],
            )
            .harm(),
        );
    }
    if u.under_fire {
        badges.push(Badge::new(
            "under fire",
            "under heavy fire last round: -1D to all its actions this round (our ruling, Under heavy fire: Help, Our rulings)",
            [0.9, 0.7, 0.1],
        ).harm());
    }
    match u.status {
        Status::Retreating => badges.push(
            Badge::new(
                "retreat",
                "full retreat: no other action until it passes a morale check",
                [0.6, 0.6, 0.6],
            )
            .harm(),
        ),
        Status::Surrendered => badges.push(
            Badge::new(
                "surrendered",
                "it surrendered: out of the battle",
                [0.5, 0.5, 0.5],
            )
            .harm(),
        ),
        _ => {}
    }
    if let Some(e) = u.en_route {
        badges.push(Badge::new(
            "late",
            format!(
                "failed to arrive on schedule: a new roll at the beginning of the round against {} (Deployment)",
                e.difficulty.word()
            ),
            [0.4, 0.7, 0.9],
        ));
    }
    if u.ignores_orders && u.status != Status::Retreating {
        badges.push(
            Badge::new(
                "shaken",
                "failed its morale check: its orders are ignored this round",
                [0.75, 0.5, 0.9],
            )
            .harm(),
        );
    }
    if draft.selected == Some(i) {
        badges.push(Badge::new(
            "ordering",
            "the unit you are giving orders to",
            [0.2, 0.8, 0.9],
        ));
    } else if draft.orders.iter().any(|o| o.unit() == u.id) {
        badges.push(Badge::new(
            "ordered",
            "you have given this unit an order",
            [0.3, 0.75, 0.4],
        ));
    }
    Token {
        acting: false,
        contact: Vec::new(),
        side: u.side,
        label: u.name.clone(),
        emblem: format!("{}", u.size),
        values: if u.size == u.start {
            String::new()
        } else {
            format!("of {}", u.start)
        },
        pips: 0,
        // Sized by head count on the screen, about as the ground's counters at a 1280-wide
        // window, and never over half the way to the nearest other unit: counters close
        // together shrink (to a quarter of their ground size at least) and zooming in parts
        // them, rather than piling one on another.
        min_px: 12.0 * (1.5 + (u.size.max(1) as f32).sqrt()),
        shape: PieceShape::Round,
        base: radius(b, u.size) * 0.25,
        facing: None,
        label_size: radius(b, 40) * 0.3,
        at: Vec2::new(u.at.0, u.at.1),
        badges,
        faded: matches!(u.status, Status::Retreating | Status::Surrendered),
        done: None,
        shown: matches!(
            u.status,
            Status::Fighting | Status::Retreating | Status::Surrendered
        ),
        order: i,
        model: if u.kind.vehicle {
            match u.kind.scale {
                super::rules::unit::Scale::Walker => Model::HeavyWalker,
                _ => Model::Speeder,
            }
        } else {
            Model::Squad
        },
    }
}

fn sync_tokens(
    battle: Res<BattleRes>,
    draft: Res<Draft>,
    mut tokens: Query<(&UnitToken, &mut Token)>,
    mut commands: Commands,
) {
    let b = &battle.0;
    let mut seen = vec![false; b.units.len()];
    for (ut, mut t) in &mut tokens {
        if ut.0 < seen.len() {
            seen[ut.0] = true;
            t.set_if_neq(token(b, ut.0, &draft));
        }
    }
    for (i, s) in seen.iter().enumerate() {
        if !s {
            commands.spawn((
                UnitToken(i),
                token(b, i, &draft),
                crate::engine::game::InGame,
            ));
        }
    }
}

/// The orders declared so far and those the person declaring is giving (not under the
/// hand-over): a line to the target of each fire order, a line and a ring to where each
/// deployment goes; the unit being ordered ringed.
fn draw_orders(
    battle: Res<BattleRes>,
    draft: Res<Draft>,
    handover: Res<crate::ui::Handover>,
    tokens: Query<(&UnitToken, &Token)>,
    zoom: Res<crate::view::TableZoom>,
    mut gizmos: Marks,
) {
    let b = &battle.0;
    if handover.showing || b.result.is_some() {
        return;
    }
    let at = |id: &str| {
        b.unit(id)
            .ok()
            .map(|i| (i, Vec2::new(b.units[i].at.0, b.units[i].at.1)))
    };
    let (fire, deploy) = (Color::srgb(0.95, 0.35, 0.25), Color::srgb(0.3, 0.85, 0.95));
    // The orders declared so far, both sides' (declared in the open), in their side's colour;
    // and the orders the person to declare is giving, in red, in place of any declared; while
    // a side reacts, its orders with the reactions chosen so far, those changed in red (issue
    // 60: the reactions were not drawn until declared).
    let shown = shown_orders(b, &draft);
    // The last round's fire, faint, from the units not given a new order yet: what happened,
    // as the losses' badges say.
    for &(i, t, _) in &b.last_fire {
        let (Some(u), Some(v)) = (b.units.get(i), b.units.get(t)) else {
            continue;
        };
        if shown.iter().any(|(o, _)| o.unit() == u.id) || !u.on_ground() || !v.on_ground() {
            continue;
        }
        let (from, to) = (Vec2::new(u.at.0, u.at.1), Vec2::new(v.at.0, v.at.1));
        // Edge to edge of the counters as drawn (larger than the ground's at a wide zoom), so
        // the arrow's head shows.
        let drawn = |k: usize| {
            tokens
                .iter()
                .find(|(c, _)| c.0 == k)
                .map_or(radius(b, b.units[k].size), |(_, t)| {
                    crate::view::shown_base(t, &zoom)
                })
        };
        let (ri, rt) = (drawn(i), drawn(t));
        let dir = (to - from).normalize_or_zero();
        let colour = crate::view::palette::side_colour(u.side).with_alpha(0.35);
        gizmos
            .arrow_2d(from + dir * ri, to - dir * rt, colour)
            .with_tip_length(rt * 0.6);
    }
    for (o, declared) in &shown {
        let declared = *declared;
        let Some((i, from)) = at(o.unit()) else {
            continue;
        };
        match o {
            Order::Fire { target, .. } => {
                if let Some((t, to)) = at(target) {
                    // An arrow in the firing side's colour, edge to edge, so two units firing
                    // on each other show two arrows, not one line.
                    let (ri, rt) = (radius(b, b.units[i].size), radius(b, b.units[t].size));
                    let dir = (to - from).normalize_or_zero();
                    let side = dir.perp() * ri.min(rt) * 0.25;
                    let colour = if declared {
                        crate::view::palette::side_colour(b.units[i].side)
                    } else {
                        fire
                    };
                    gizmos
                        .arrow_2d(from + dir * ri + side, to - dir * rt + side, colour)
                        .with_tip_length(rt * 0.6);
                    gizmos.circle_2d(Isometry2d::from_translation(to), rt * 1.15, colour);
                }
            }
            Order::Deploy { to, haste, .. } => {
                // Where it stops, ringed; the rest of the way, beyond its reach, faint. A
                // declared deployment in its side's colour, as its fire is.
                let deploy = if declared {
                    crate::view::palette::side_colour(b.units[i].side)
                } else {
                    deploy
                };
                let stop = b.deploys_to(i, *to, *haste);
                let (stop, to) = (Vec2::new(stop.0, stop.1), Vec2::new(to.0, to.1));
                gizmos.line_2d(from, stop, deploy);
                if stop.distance(to) > 0.5 {
                    gizmos.line_2d(stop, to, deploy.with_alpha(0.3));
                }
                gizmos.circle_2d(
                    Isometry2d::from_translation(stop),
                    radius(b, b.units[i].size),
                    deploy,
                );
            }
            Order::Retreat { haste, .. } => {
                let colour = if declared {
                    crate::view::palette::side_colour(b.units[i].side)
                } else {
                    deploy
                };
                let to = b.retreats_to(i, *haste);
                let to = Vec2::new(to.0, to.1);
                gizmos
                    .arrow_2d(from, to, colour)
                    .with_tip_length(radius(b, b.units[i].size) * 0.6);
            }
            Order::Board { transport, .. } => {
                if let Some((_, to)) = at(transport) {
                    let colour = if declared {
                        crate::view::palette::side_colour(b.units[i].side)
                    } else {
                        deploy
                    };
                    gizmos
                        .arrow_2d(from, to, colour)
                        .with_tip_length(radius(b, b.units[i].size) * 0.6);
                }
            }
            _ => {}
        }
    }
    if let Some(i) = draft.selected.filter(|&i| i < b.units.len()) {
        let u = &b.units[i];
        let at = Vec2::new(u.at.0, u.at.1);
        // Close round the counter as drawn: a ring at the unit's ground size ran through
        // its name under the counter, which read as struck through.
        let drawn = tokens
            .iter()
            .find(|(k, _)| k.0 == i)
            .map_or(radius(b, u.size), |(_, t)| {
                crate::view::shown_base(t, &zoom)
            });
        gizmos.circle_2d(Isometry2d::from_translation(at), drawn * 1.12, Color::WHITE);
        // How far it deploys this round at the haste its order has (none: 0).
        let haste = draft
            .orders
            .iter()
            .find(|o| o.unit() == u.id)
            .map_or(0, Order::haste);
        gizmos.circle_2d(
            Isometry2d::from_translation(at),
            b.reach(i, haste),
            deploy.with_alpha(0.45),
        );
    }
}

/// The orders to draw, each with whether it is declared (drawn in its side's colour) or being
/// given now: every side's declared orders; for the side declaring, its draft in their place;
/// for the side reacting, its declared orders with the reactions chosen so far, those changed
/// not declared.
pub fn shown_orders(b: &Battle, draft: &Draft) -> Vec<(Order, bool)> {
    let now = b.to_act();
    let drafting = matches!(b.stage, Stage::Declare | Stage::Redeclare);
    let mut shown: Vec<(Order, bool)> = (0..b.declared.len())
        .filter(|&s| !(drafting || b.stage == Stage::React) || now != Some(s))
        .flat_map(|s| b.declared[s].iter().flat_map(|d| d.orders.iter().cloned()))
        .map(|o| (o, true))
        .collect();
    match now {
        Some(_) if drafting => shown.extend(draft.orders.iter().cloned().map(|o| (o, false))),
        Some(s) if b.stage == Stage::React => {
            let declared = b.declared[s].clone().unwrap_or_default();
            let orders = b
                .reacted(s, &draft.reactions())
                .map_or(declared.orders.clone(), |(d, _)| d.orders);
            shown.extend(orders.into_iter().map(|o| {
                let was = declared.orders.contains(&o);
                (o, was)
            }));
        }
        _ => {}
    }
    shown
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        sync_tokens.in_set(TokensWritten).run_if(game_of(ID)),
    )
    .add_systems(
        Update,
        draw_orders.run_if(crate::engine::state::playing(ID)),
    );
}

/// Where the Hint's `command` goes on the ground, metres: for a declaration, each unit's
/// order (a line to where it deploys or to the enemy it fires on, a ring there; a ring round a
/// unit that holds or retreats); for reactions, a ring round each unit hastened or retreating,
/// a line to where a unit redeploys.
pub fn hint_marks(b: &Battle, command: &Command) -> Vec<HintMark> {
    let at = |id: &str| {
        b.unit(id).ok().map(|i| {
            (
                Vec2::new(b.units[i].at.0, b.units[i].at.1),
                radius(b, b.units[i].size),
            )
        })
    };
    let orders: &[Order] = match command {
        Command::Declare { declaration, .. }
        | Command::Redeclare {
            declaration: Some(declaration),
            ..
        } => &declaration.orders,
        Command::React { reactions, .. } => {
            return reactions
                .iter()
                .filter_map(|r| at(&r.unit).map(|a| (a, r.to)))
                .map(|((p, ring), to)| match to {
                    Some(to) => HintMark::new(p, [Vec2::new(to.0, to.1)], ring),
                    None => HintMark::new(p, [], ring * 1.2),
                })
                .collect();
        }
        _ => return Vec::new(),
    };
    orders
        .iter()
        .filter_map(|o| {
            let (from, ring) = at(o.unit())?;
            Some(match o {
                Order::Deploy { to, .. } => HintMark::new(from, [Vec2::new(to.0, to.1)], ring),
                Order::Fire { target, .. } => {
                    let (to, r) = at(target)?;
                    HintMark::new(from, [to], r * 1.15)
                }
                _ => HintMark::new(from, [], ring * 1.2),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::Dice;

    /// Issue 61: a unit that lost men to the last round's fire says how many on its counter
    /// until the next round is resolved; one that lost none has no such chip.
    #[test]
    fn the_last_rounds_losses_are_on_the_counters() {
        let (b, _) = super::super::battle::tests::played_at_30_m(6, 25);
        let lost = |b: &Battle, i: usize| -> Vec<String> {
            token(b, i, &Draft::default())
                .badges
                .iter()
                .map(|c| c.code.clone())
                .filter(|c| c.starts_with("lost"))
                .collect()
        };
        assert_eq!(lost(&b, 1), ["lost 3"]);
        let troopers: u32 = b.last_fire.iter().filter(|f| f.1 == 0).map(|f| f.2).sum();
        assert_eq!(troopers > 0, !lost(&b, 0).is_empty());
        let mut next = b.clone();
        next.last_fire.clear();
        assert!(lost(&next, 1).is_empty());
    }

    /// Issue 60: the reactions being chosen are drawn on the table before they are declared:
    /// Red squad's redeployment in place of its fire, the stormtroopers' fire as declared.
    #[test]
    fn the_reactions_being_made_are_drawn() {
        let mut b = super::super::battle::tests::platoon();
        b.units[1].at = (90.0, 80.0);
        let mut dice = Dice::forced([]);
        super::super::battle::tests::no_tactics(&mut b, &mut dice);
        let fire = |unit: &str, target: &str| Order::Fire {
            unit: unit.into(),
            target: target.into(),
            weapons: vec![(0, 10)],
            haste: 0,
        };
        for (side, o) in [(0, fire("troopers", "red")), (1, fire("red", "troopers"))] {
            let declaration = super::super::orders::Declaration {
                orders: vec![o],
                ..Default::default()
            };
            b.apply(&Command::Declare { side, declaration }, &mut dice)
                .unwrap();
        }
        assert_eq!((b.stage, b.to_act()), (Stage::React, Some(1)));
        let draft = Draft {
            reactions: vec![("red".into(), 0, false, Some((95.0, 65.0)))],
            ..Default::default()
        };
        let redeploy = Order::Deploy {
            unit: "red".into(),
            to: (95.0, 65.0),
            haste: 0,
        };
        assert_eq!(
            shown_orders(&b, &draft),
            [(fire("troopers", "red"), true), (redeploy, false)]
        );
        assert_eq!(
            shown_orders(&b, &Draft::default()),
            [
                (fire("troopers", "red"), true),
                (fire("red", "troopers"), true)
            ]
        );
    }

    #[test]
    fn a_hinted_declaration_draws_each_units_order() {
        let b = super::super::battle::tests::platoon();
        let side = b.to_act().expect("a side declares");
        let declaration = super::super::ai::declaration(&b, side);
        assert!(!declaration.orders.is_empty());
        let marks = hint_marks(
            &b,
            &Command::Declare {
                side,
                declaration: declaration.clone(),
            },
        );
        assert_eq!(marks.len(), declaration.orders.len());
        for (m, o) in marks.iter().zip(&declaration.orders) {
            let u = &b.units[b.unit(o.unit()).expect("a unit")];
            assert_eq!(m.line[0], Vec2::new(u.at.0, u.at.1));
            if let Order::Deploy { to, .. } = o {
                assert_eq!(m.line[1], Vec2::new(to.0, to.1));
            }
        }
    }
}
