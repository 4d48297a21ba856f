//! The mass battle as the searching opponent sees it ([`crate::rules::search`]): the whole
//! battle (the declarations are made in the open), the tactics rolls worth making, a handful
//! of whole declarations for the side to act (the plain policy's, holding the ground, closing
//! in, fire on one target, falling back), and a score for a battle not yet decided. The
//! ruling is in docs/rules/mass_combat.md, "The searching opponent".

use super::ai::{declaration, view};
use super::battle::{Battle, Declaration, Order, Stage, Status, Tactic};
use super::commands::Command;
use crate::rules::dice::Dice;
use crate::rules::search::{Searchable, decided};

impl Searchable for Battle {
    type Command = Command;

    fn to_act(&self) -> Option<usize> {
        Battle::to_act(self)
    }

    fn sides(&self) -> usize {
        self.sides.len()
    }

    /// Tactics: none, either roll, or both; to declare (or declare again after a deception):
    /// the declarations of [`declarations`];
    /// to redeclare, keeping the first too; to react, nothing, every unit firing hastened
    /// by one ("Haste for reaction skills ... may be increased"), or every unit with an order
    /// falling back as a combat redeployment, where the command plan allows it.
    fn candidates(&self) -> Vec<Command> {
        let Some(side) = Battle::to_act(self) else {
            return Vec::new();
        };
        let v = view(self, side);
        match self.stage {
            Stage::Tactics => [
                vec![],
                vec![Tactic::Anticipate],
                vec![Tactic::Deceive],
                vec![Tactic::Anticipate, Tactic::Deceive],
            ]
            .into_iter()
            .map(|tactics| Command::Tactics { side, tactics })
            .collect(),
            Stage::Declare => declarations(&v, side)
                .into_iter()
                .map(|declaration| Command::Declare { side, declaration })
                .collect(),
            Stage::Redeclare => std::iter::once(None)
                .chain(declarations(&v, side).into_iter().map(Some))
                .map(|declaration| Command::Redeclare { side, declaration })
                .collect(),
            Stage::React => {
                let hasten: Vec<super::battle::Reaction> = self.declared[side]
                    .iter()
                    .flat_map(|d| &d.orders)
                    .filter(|o| matches!(o, Order::Fire { .. }))
                    .map(|o| super::battle::Reaction {
                        unit: o.unit().to_string(),
                        haste: o.haste() + 1,
                        retreat: false,
                        to: None,
                    })
                    .collect();
                // Falling back as combat redeployments ("Characters declare combat
                // redeployments during this segment"): every unit with an order on the ground
                // deploys straight away from the nearest enemy, at its order's haste.
                let redeploy: Vec<super::battle::Reaction> = self.declared[side]
                    .iter()
                    .flat_map(|d| &d.orders)
                    .filter_map(|o| {
                        let i = v.unit(o.unit()).ok()?;
                        if v.units[i].status != Status::Fighting {
                            return None;
                        }
                        let e = nearest_enemy(&v, i)?;
                        let (from, away) = (v.units[i].at, v.units[e].at);
                        let reach = v.reach(i, o.haste());
                        let d = v.distance(i, e).max(0.001);
                        Some(super::battle::Reaction {
                            unit: o.unit().to_string(),
                            haste: o.haste(),
                            retreat: false,
                            to: Some((
                                (from.0 + (from.0 - away.0) / d * reach).clamp(0.0, v.ground.0),
                                (from.1 + (from.1 - away.1) / d * reach).clamp(0.0, v.ground.1),
                            )),
                        })
                    })
                    .collect();
                let mut out = vec![Command::React {
                    side,
                    reactions: Vec::new(),
                }];
                // Only where the commander's skill pays for the haste (Subordinate Bonus).
                for reactions in [hasten, redeploy] {
                    if !reactions.is_empty() && self.clone().react(side, &reactions).is_ok() {
                        out.push(Command::React { side, reactions });
                    }
                }
                out
            }
        }
    }

    /// The plain policy ([`super::ai::decide`]), from the side's own view.
    fn plain(&self) -> Vec<Command> {
        Battle::to_act(self)
            .and_then(|side| super::ai::decide(&view(self, side), side))
            .into_iter()
            .collect()
    }

    fn play(&mut self, command: &Command, dice: &mut Dice) -> Result<(), String> {
        // A refused command may leave the battle half changed: play it on a copy.
        let mut b = self.clone();
        b.apply(command, dice)?;
        // Nobody reads a searched battle's log or its attack reports.
        b.events.clear();
        b.last_attacks.clear();
        b.last_fire.clear();
        *self = b;
        Ok(())
    }

    /// A decided battle: 1 won, 0 lost, 0.5 drawn. Else a half plus half the lead in the
    /// share of members still in the battle, which decides it at the round limit (`the
    /// larger share still fighting`).
    fn score(&self, side: usize) -> f32 {
        if let Some(r) = &self.result {
            return decided(r.winner, side);
        }
        (0.5 + 0.5 * (self.share_fighting(side) - self.share_fighting(1 - side))).clamp(0.0, 1.0)
    }
}

/// The whole declarations worth weighing for `side` in view `v`, each one the rules accept:
/// the plain policy's ([`super::ai::declaration`]); holding the ground (its orders to fire,
/// no deployment); closing in (every unit out of its short range deploys to half of it);
/// everyone firing on the enemy most of them can reach; falling back (every unit deploys
/// straight away from the nearest enemy).
pub fn declarations(v: &Battle, side: usize) -> Vec<Declaration> {
    let policy = declaration(v, side);
    let reshaped = |f: &dyn Fn(&Order) -> Option<Order>| Declaration {
        orders: policy.orders.iter().filter_map(f).collect(),
        ..policy.clone()
    };
    let hold = reshaped(&|o| (!matches!(o, Order::Deploy { .. })).then(|| o.clone()));
    let close = reshaped(&|o| match o {
        Order::Deploy { unit, haste, .. } => {
            let i = v.unit(unit).ok()?;
            let e = nearest_enemy(v, i)?;
            let stop = v.units[i]
                .kind
                .weapons
                .iter()
                .find(|w| !w.used_up)
                .map_or(0.0, |w| w.ranges[0].max(w.min_range) * 0.5);
            Some(Order::Deploy {
                unit: unit.clone(),
                to: towards(v.units[i].at, v.units[e].at, stop),
                haste: *haste,
            })
        }
        other => Some(other.clone()),
    });
    let focus = focus_fire(v, &policy);
    let fall_back = reshaped(&|o| {
        let i = v.unit(o.unit()).ok()?;
        if v.units[i].status != Status::Fighting {
            return Some(o.clone());
        }
        let e = nearest_enemy(v, i)?;
        let (from, away) = (v.units[i].at, v.units[e].at);
        let reach = v.reach(i, 0);
        let d = v.distance(i, e).max(0.001);
        let to = (
            (from.0 + (from.0 - away.0) / d * reach).clamp(0.0, v.ground.0),
            (from.1 + (from.1 - away.1) / d * reach).clamp(0.0, v.ground.1),
        );
        Some(Order::Deploy {
            unit: o.unit().to_string(),
            to,
            haste: 0,
        })
    });
    let mut out: Vec<Declaration> = Vec::new();
    for d in [policy.clone(), hold, close, focus, fall_back] {
        if !out.contains(&d) && v.check_declaration(side, &d).is_ok() {
            out.push(d);
        }
    }
    out
}

/// The enemy on the ground nearest unit `i`.
fn nearest_enemy(v: &Battle, i: usize) -> Option<usize> {
    (0..v.units.len())
        .filter(|&j| v.units[j].side != v.units[i].side && v.units[j].on_ground())
        .min_by(|&a, &b| v.distance(i, a).total_cmp(&v.distance(i, b)))
}

/// The point on the line from `from` to `to` that is `stop` metres short of `to` (`from`
/// itself when nearer already).
fn towards(from: (f32, f32), to: (f32, f32), stop: f32) -> (f32, f32) {
    let d = ((to.0 - from.0).powi(2) + (to.1 - from.1).powi(2)).sqrt();
    let k = ((d - stop) / d.max(0.001)).clamp(0.0, 1.0);
    (from.0 + (to.0 - from.0) * k, from.1 + (to.1 - from.1) * k)
}

/// The policy's declaration with every unit firing turned on the one target most of them can
/// reach with the weapons they were given (the nearer of two as many; the smaller unit of
/// two as near), to break one unit rather than scratch several.
fn focus_fire(v: &Battle, policy: &Declaration) -> Declaration {
    let firing: Vec<(usize, &Order)> = policy
        .orders
        .iter()
        .filter(|o| matches!(o, Order::Fire { .. }))
        .filter_map(|o| Some((v.unit(o.unit()).ok()?, o)))
        .collect();
    let reaches = |i: usize, t: usize, weapons: &[(usize, u32)]| {
        weapons.iter().all(|&(w, _)| v.range(i, w, t).is_some())
    };
    let target = (0..v.units.len())
        .filter(|&t| {
            v.units[t].on_ground()
                && firing
                    .iter()
                    .all(|(i, _)| v.units[*i].side != v.units[t].side)
        })
        .max_by_key(|&t| {
            let n = firing
                .iter()
                .filter(|(i, o)| match o {
                    Order::Fire { weapons, .. } => reaches(*i, t, weapons),
                    _ => false,
                })
                .count();
            (n, std::cmp::Reverse(v.units[t].size))
        });
    let Some(t) = target else {
        return policy.clone();
    };
    let orders = policy
        .orders
        .iter()
        .map(|o| match o {
            Order::Fire {
                unit,
                weapons,
                haste,
                ..
            } if v.unit(unit).is_ok_and(|i| reaches(i, t, weapons)) => Order::Fire {
                unit: unit.clone(),
                target: v.units[t].id.clone(),
                weapons: weapons.clone(),
                haste: *haste,
            },
            other => other.clone(),
        })
        .collect();
    Declaration {
        orders,
        ..policy.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::search::{Budget, Settings, choose};

    #[test]
    fn every_declaration_offered_is_one_the_rules_accept_and_differ() {
        let mut b = super::super::battle::tests::platoon();
        super::super::battle::tests::no_tactics(&mut b, &mut Dice::forced([]));
        let cs = b.candidates();
        assert!(cs.len() >= 3, "{cs:?}");
        for c in &cs {
            let mut copy = b.clone();
            assert!(copy.play(c, &mut Dice::seeded(1)).is_ok(), "{c:?}");
        }
        for (k, c) in cs.iter().enumerate() {
            assert!(!cs[..k].contains(c));
        }
    }

    /// Issue 60: 'a commander may attempt any of the tactics the text lists', so the search
    /// weighs none, each and both, each accepted.
    #[test]
    fn the_tactics_offered_are_none_either_and_both() {
        let b = super::super::battle::tests::platoon_with_commanders();
        let cs = b.candidates();
        assert_eq!(cs.len(), 4, "{cs:?}");
        for c in &cs {
            assert!(matches!(c, Command::Tactics { .. }), "{c:?}");
            assert!(b.clone().play(c, &mut Dice::seeded(1)).is_ok(), "{c:?}");
        }
    }

    #[test]
    fn the_score_follows_the_share_still_fighting() {
        let mut b = super::super::battle::tests::platoon();
        assert!((b.score(0) - 0.5).abs() < 1e-6);
        let j = (0..b.units.len())
            .find(|&j| b.units[j].side == 1)
            .expect("a unit");
        b.units[j].status = Status::Destroyed;
        assert!(b.score(0) > 0.5 && b.score(1) < 0.5);
    }

    #[test]
    fn the_search_declares_one_of_its_candidates_the_same_each_time() {
        let b = super::super::battle::tests::platoon();
        let settings = Settings::new(Budget::Playouts(150), 2);
        let c = choose(&b, &settings).expect("a choice");
        assert!(b.candidates().contains(&c.command));
        assert_eq!(choose(&b, &settings), Some(c));
    }
}
