//! How a mass combat looks: each unit a round counter of its side, as large as its head count
//! ("Using counters or miniatures can help keep track of position"), with its name, its men
//! left of its start, and badges for its state (casualties, under fire, retreat); the unit
//! selected and its target ringed by the input's draft.

use bevy::prelude::*;

use super::ID;
use super::battle::{Battle, Status};
use super::input::Draft;
use super::phases::BattleRes;
use crate::engine::pieces::{Badge, Model, PieceShape, Token};
use crate::engine::state::game_of;

/// A unit's counter.
#[derive(Component, Clone, Copy, Debug)]
pub struct UnitToken(pub usize);

/// The radius of the counter of a unit of `size`, metres on ground of `b`: the square root
/// of the head count, scaled to the ground, so ten men and forty read apart at a glance.
pub fn radius(b: &Battle, size: u32) -> f32 {
    let scale = b.ground.0.min(b.ground.1) / 100.0;
    (1.5 + (size.max(1) as f32).sqrt()) * scale
}

/// The counter of unit `i`, with `selected` marking the one the person is ordering.
pub fn token(b: &Battle, i: usize, draft: &Draft) -> Token {
    let u = &b.units[i];
    let mut badges = Vec::new();
    if let Some(l) = u.lasting {
        badges.push(Badge::new(
            if u.kind.vehicle {
                l.vehicle_word()
            } else {
                l.word()
            },
            format!(
                "{}: {} to morale checks until reinforcements arrive (Damage Results)",
                l.word(),
                l.morale_penalty()
            ),
            [0.85, 0.35, 0.2],
        ));
    }
    if u.under_fire {
        badges.push(Badge::new(
            "under fire",
            "under heavy fire last round: -1D to all its actions this round (docs/rules/mass_combat.md, \"Under heavy fire\")",
            [0.9, 0.7, 0.1],
        ));
    }
    match u.status {
        Status::Retreating => badges.push(Badge::new(
            "retreat",
            "full retreat: no other action until it passes a morale check",
            [0.6, 0.6, 0.6],
        )),
        Status::Surrendered => {
            badges.push(Badge::new("surrendered", "it surrendered", [0.5, 0.5, 0.5]))
        }
        _ => {}
    }
    if u.ignores_orders && u.status != Status::Retreating {
        badges.push(Badge::new(
            "shaken",
            "failed its morale check: its orders are ignored this round",
            [0.75, 0.5, 0.9],
        ));
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
        side: u.side,
        label: u.name.clone(),
        emblem: format!("{}", u.size),
        values: if u.size == u.start {
            String::new()
        } else {
            format!("of {}", u.start)
        },
        pips: 0,
        min_px: 26.0,
        shape: PieceShape::Round,
        base: radius(b, u.size),
        facing: None,
        label_size: radius(b, 40) * 0.3,
        at: Vec2::new(u.at.0, u.at.1),
        badges,
        faded: matches!(u.status, Status::Retreating | Status::Surrendered),
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

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, sync_tokens.run_if(game_of(ID)));
}
