//! The side the rules run (solo play): tyneside-skirmish.txt, Introduction, "they are a solo
//! set, though opposed play is possible". The rules' side takes its orders from the Random
//! movement table (a group a hero leads takes the table's order too) and its groups carry them
//! out: Attack runs at the nearest enemy, Advance moves at it (or at an objective if none is in
//! sight) and halts 5" short, Move goes the same way, Stand stays, Retreat and Rout run away.
//! In the Shoot/Act phase a group fights if it is in contact, else shoots at the nearest enemy
//! group it can (with the side's groups still to act that would shoot at it too, combining
//! their fire), else works the shut doors its figures touch (a Tech, a light sabre). Its Force
//! users follow the solo rules for Force users: kept ready to Deflect, Swipe and Block (1), a
//! last point spent on a Force jump away (2), Push for a friendly group losing its fire fight
//! (3) and for an enemy in the way (4), and lightning by the Dark Side (6). Every action goes
//! through the command pipeline, so the rules refuse whatever an order forbids, exactly as for
//! a person. What it sees and means is in [`plan`], how it finds a legal move in [`movers`].

mod force_users;
mod movers;
mod plan;
mod shoot_act;

use bevy::prelude::*;

use super::Tyneside;
use super::commands::Command;
use super::rules::force::ForcePower;
use super::rules::orders::Order;
use super::turn::TurnState;
use crate::engine::pipeline::{CommandOutcome, process};
use movers::{Mover, charge, first_legal, position_and_need};
pub(in crate::rulesets::tyneside) use plan::Plan;
use plan::observe;

/// Where the rules' groups meant to go this turn: (from, to) arrows for the table to show as
/// intent arrows. Not game state.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Intents {
    /// The turn they belong to.
    pub turn: u32,
    /// The arrows, inches.
    pub arrows: Vec<(Vec2, Vec2)>,
}

/// Group `id` by its name, for what the rules' side says it did.
fn named(world: &mut World, id: &str) -> String {
    let mut groups = world.query::<&super::components::Group>();
    groups
        .iter(world)
        .find(|g| g.id == id)
        .map_or_else(|| id.to_string(), |g| g.name.clone())
}

fn send(world: &mut World, c: Command) -> bool {
    matches!(process::<Tyneside>(world, c), CommandOutcome::Accepted(_))
}

/// One step of a side the rules run, if one is to act now: its orders, one group's movement
/// or one group's shooting or close combat, through the command pipeline. `None` when a
/// person acts (or nobody: the game is over).
///
/// Errors: the group could not end its activation by any move the rules allow (reported,
/// not a panic, so a game is never stuck silently).
pub fn act(world: &mut World) -> Option<Result<String, String>> {
    let plan = plan(world)?;
    Some(carry_out(world, plan))
}

/// What the side the rules run means to do now, if it is to act ([`act`]).
pub(in crate::rulesets::tyneside) fn plan(world: &mut World) -> Option<Plan> {
    world.run_system_cached(observe).ok()?
}

/// Carries `plan` out through the command pipeline, as [`act`] does: what it did, in words.
///
/// Errors: the group could not end its activation by any move the rules allow.
pub(in crate::rulesets::tyneside) fn carry_out(
    world: &mut World,
    plan: Plan,
) -> Result<String, String> {
    match plan {
        Plan::Orders(unready, led) => {
            for figure in unready {
                send(
                    world,
                    Command::Ready {
                        figure,
                        ready: true,
                    },
                );
            }
            for (group, order) in led {
                send(world, Command::PlaceOrder { group, order });
            }
            if send(world, Command::EndPhase) {
                Ok("its orders are placed".into())
            } else {
                Err("its orders could not be ended".into())
            }
        }
        Plan::Move {
            group,
            order,
            figures,
            dir,
            reach,
            centre,
            has_vehicle,
            jumps,
        } => {
            for c in jumps {
                send(world, c);
            }
            if let Some(d) = dir {
                let turn = world.resource::<TurnState>().turn;
                let mut intents = world.get_resource_or_insert_with(Intents::default);
                if intents.turn != turn {
                    *intents = Intents {
                        turn,
                        arrows: Vec::new(),
                    };
                }
                intents.arrows.push((centre, centre + d * reach));
            }
            if order.must_run() || matches!(order, Order::Retreat) {
                for f in &figures {
                    send(world, Command::Run { figure: f.clone() });
                }
            }
            // The longest move of at least `least` inches in the direction nearest `base`.
            // Directions are tried nearest `base` first, out to `wide` sixteenths of a turn;
            // the rules' own checks pick the first legal one ([`first_legal`]), and only that
            // one goes through the pipeline. A vehicle held up to less than half its reach (a
            // building in the way: it cannot turn 90° at once to go round) takes instead the
            // move that gets furthest along `base`.
            let search = |world: &mut World, base: Vec2, least: f32, wide: i32, who: Mover| {
                let mut tries = Vec::new();
                for k in std::iter::once(0).chain((1..=wide).flat_map(|k| [k, -k])) {
                    let d = Vec2::from_angle(k as f32 * std::f32::consts::PI / 8.0).rotate(base);
                    let mut step = reach;
                    while step >= least.max(0.5) - 1e-3 {
                        tries.push(d * step);
                        step -= 0.5;
                    }
                }
                let found = world
                    .run_system_cached_with(first_legal, (who.clone(), tries.clone()))
                    .ok()
                    .flatten()?;
                let found = if has_vehicle && found.1 < reach / 2.0 {
                    tries.sort_by(|a, b| b.dot(base).total_cmp(&a.dot(base)));
                    world
                        .run_system_cached_with(first_legal, (who, tries))
                        .ok()
                        .flatten()
                        .unwrap_or(found)
                } else {
                    found
                };
                send(world, found.0).then_some(found.1)
            };
            let moved = dir.and_then(|d| search(world, d, 0.5, 4, Mover::Group(group.clone())));
            if order == Order::Attack {
                // One figure's charge can bring another's enemy within its reach: again while
                // any charges.
                for _ in 0..figures.len() {
                    let mut charged = false;
                    for f in &figures {
                        if let Some(c) = world
                            .run_system_cached_with(charge, f.clone())
                            .ok()
                            .flatten()
                        {
                            charged |= send(world, c);
                        }
                    }
                    if !charged {
                        break;
                    }
                }
            }
            if let CommandOutcome::Accepted(_) = process::<Tyneside>(world, Command::EndActivation)
            {
                // A group that did not move (a Stand, or nowhere to go) is said to stay: the
                // news read `moves 0.0"` (a walk).
                let name = named(world, &group);
                return Ok(match moved.filter(|d| *d >= 0.05) {
                    Some(d) => format!("{name} ({order}) moves {d:.1}\""),
                    None => format!("{name} ({order}) stays where it is"),
                });
            }
            // Short of its minimum (a figure held back by terrain): each figure on its own, a
            // move that makes up what it lacks if it can, else the longest it can make.
            for _ in 0..6 {
                if let CommandOutcome::Accepted(_) =
                    process::<Tyneside>(world, Command::EndActivation)
                {
                    return Ok(format!("{} ({order}) moves", named(world, &group)));
                }
                for f in &figures {
                    let Some((at, lacks)) = world
                        .run_system_cached_with(position_and_need, f.clone())
                        .ok()
                        .flatten()
                    else {
                        continue;
                    };
                    if lacks <= 0.0 {
                        continue;
                    }
                    let who = Mover::Figure(f.clone(), at);
                    // Any direction the order allows (the rules refuse the others): nearest
                    // the plan first, then the sixteen the half-speed waiver itself tries.
                    let base = dir.unwrap_or(Vec2::X);
                    if search(world, base, lacks, 8, who.clone()).is_none()
                        && search(world, Vec2::X, lacks, 8, who.clone()).is_none()
                    {
                        search(world, base, 0.5, 8, who);
                    }
                }
            }
            match process::<Tyneside>(world, Command::EndActivation) {
                CommandOutcome::Accepted(_) => {
                    Ok(format!("{} ({order}) moves", named(world, &group)))
                }
                CommandOutcome::Refused(_, why) => Err(format!(
                    "the rules' group {} ({order}) cannot end its movement: {why}",
                    named(world, &group)
                )),
            }
        }
        Plan::Act {
            group,
            in_contact,
            against_walkers,
            force,
            targets,
            partners,
            doors,
        } => {
            let mut moved_someone = false;
            for c in against_walkers.into_iter().chain(force) {
                let throws = matches!(
                    &c,
                    Command::Force {
                        power: ForcePower::Push { .. },
                        ..
                    }
                );
                moved_someone |= send(world, c) && throws;
            }
            let still_active = |world: &World| {
                world.resource::<TurnState>().active_group() == Some(group.as_str())
            };
            // A Push may have thrown an enemy into contact: then the group must fight first.
            if (in_contact || moved_someone)
                && send(
                    world,
                    Command::Fight {
                        group: group.clone(),
                    },
                )
            {
                if still_active(world) {
                    send(world, Command::EndActivation);
                }
                return Ok(format!("{} fights", named(world, &group)));
            }
            for t in targets.iter().take(3) {
                // With the groups that would shoot at it anyway, else alone.
                let mut combined = vec![group.clone()];
                combined.extend(
                    partners
                        .iter()
                        .filter(|(_, n)| n == t)
                        .map(|(g, _)| g.clone()),
                );
                let alone = combined.len() == 1;
                if send(
                    world,
                    Command::Shoot {
                        groups: combined,
                        targets: vec![t.clone()],
                    },
                ) || (!alone
                    && send(
                        world,
                        Command::Shoot {
                            groups: vec![group.clone()],
                            targets: vec![t.clone()],
                        },
                    ))
                {
                    if still_active(world) {
                        send(world, Command::EndActivation);
                    }
                    return Ok(format!(
                        "{} shoots at {}",
                        named(world, &group),
                        named(world, t)
                    ));
                }
            }
            let worked = doors.into_iter().filter(|c| send(world, c.clone())).count();
            if worked > 0 && !still_active(world) {
                return Ok(format!(
                    "{} works the doors in its way",
                    named(world, &group)
                ));
            }
            match process::<Tyneside>(world, Command::EndActivation) {
                CommandOutcome::Accepted(_) if worked > 0 => Ok(format!(
                    "{} works the doors in its way",
                    named(world, &group)
                )),
                CommandOutcome::Accepted(_) => {
                    Ok(format!("{} has nothing to shoot at", named(world, &group)))
                }
                CommandOutcome::Refused(_, why) => Err(format!(
                    "the rules' group {} cannot end its activation: {why}",
                    named(world, &group)
                )),
            }
        }
    }
}

/// Leaving a game: its arrows do not show over the next.
fn forget_intents(mut commands: Commands) {
    commands.remove_resource::<Intents>();
}

/// The rules' side in the window.
pub(super) fn plugin(app: &mut App) {
    crate::engine::rules_side::drive_plugin::<Tyneside>(app, "The rules' side");
    app.add_systems(
        OnEnter(crate::engine::state::GameState::NoGame),
        forget_intents,
    );
}

#[cfg(test)]
mod tests {
    use crate::rulesets::tyneside::testing::{DUEL, game, to_movement_of};

    #[test]
    fn the_news_of_a_group_that_did_not_move_says_it_stays() {
        for (order, news) in [
            ("Stand", "Trooper (Stand) stays where it is"),
            ("Attack", "Trooper (Attack) moves 6.0\""),
        ] {
            let mut s = game(&DUEL.replace("ORDER", order), &[1; 8]);
            to_movement_of(&mut s, "E");
            let said = super::act(s.world_mut()).expect("the rules' group acts");
            assert_eq!(said.as_deref(), Ok(news), "{order}");
        }
    }
}
