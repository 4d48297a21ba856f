//! A warband the rules play: each fighter follows the text's own tree for the solitaire
//! opponents ("Turn Order": attack from cover, or move to the nearest cover and attack; else
//! move towards a fighter in sight keeping cover; else move randomly by a d8), and in King of
//! the Hill makes for the token first. A place in the order is the first free one, a fighter
//! to activate the first ready one of the roster.

use bevy::prelude::*;

use super::OneStat;
use super::phases::SkirmishRes;
use super::rules::fighter::Specialisation;
use super::rules::objectives::{Behaviour, behaviour};
use super::rules::scenario::Goal;
use super::skirmish::{
    CONTACT, Command, DeviceId, HILL_TOKEN, Skirmish, Stage, Standing, TOKEN, TokenKind,
};
use crate::engine::game::rules_to_act;
use crate::engine::pipeline::{CommandOutcome, process};
use crate::engine::state::Played;
use crate::rules::dice::Dice;
use crate::rules::geometry::base_gap;
use crate::rules::terrain::TerrainProperty;

/// Whether `command` would be accepted now (tried on a copy with dice of its own). An attack
/// the rules must refuse for its target alone is refused without the copy: a melee attack on
/// a fighter out of base contact, a shot at one out of sight (`Skirmish::melee` and
/// `Skirmish::shoot` refuse them whatever else holds, as they act with the active fighter).
pub(super) fn legal(s: &Skirmish, command: &Command) -> bool {
    if let Some(i) = s.active.as_ref().map(|a| a.fighter) {
        match *command {
            Command::Melee { target } if target < s.fighters.len() => {
                if !s.in_contact(i, target) {
                    return false;
                }
            }
            Command::Shoot { target, .. } if target < s.fighters.len() => {
                if !s.sees(i, target) {
                    return false;
                }
            }
            _ => {}
        }
    }
    thread_local! {
        /// The copy the trials are made on, kept so each takes the game into its room.
        static TRIAL: std::cell::RefCell<Option<Skirmish>> = const { std::cell::RefCell::new(None) };
    }
    let trial = |t: &mut Skirmish| {
        let player = t.to_act();
        player.is_some_and(|p| t.apply(p, command, &mut Dice::seeded(0)).is_ok())
    };
    TRIAL.with(|cell| match cell.try_borrow_mut() {
        Ok(mut kept) => match kept.as_mut() {
            Some(t) => {
                t.clone_from(s);
                trial(t)
            }
            None => trial(kept.insert(s.clone())),
        },
        // A trial within a trial: a copy of its own.
        Err(_) => trial(&mut s.clone()),
    })
}

/// The attack fighter `i` would make now on the closest enemy it can attack: a melee attack
/// where it can, else a shot.
fn attack(s: &Skirmish, i: usize) -> Option<Command> {
    let me = &s.fighters[i];
    let mut foes: Vec<usize> = (0..s.fighters.len())
        .filter(|&k| {
            s.fighters[k].player != me.player && s.fighters[k].standing != Standing::Removed
        })
        .collect();
    foes.sort_by(|&a, &b| {
        let d = |k: usize| base_gap(me.at, me.base, s.fighters[k].at, s.fighters[k].base);
        d(a).total_cmp(&d(b))
    });
    // Each of his shooters in turn, where the first cannot reach (a light pistol beside a
    // heavy shooter).
    let shooters = me.fighter.shooters();
    foes.into_iter().find_map(|k| {
        [
            Command::Melee { target: k },
            Command::Shoot {
                target: k,
                area: false,
                weapon: None,
            },
        ]
        .into_iter()
        .chain(shooters.iter().map(|&(w, _)| Command::Shoot {
            target: k,
            area: false,
            weapon: Some(w),
        }))
        .find(|c| legal(s, c))
    })
}

/// Whether fighter `i` stands in cover: on or against a piece that grants it.
fn in_cover_at(s: &Skirmish, at: Vec2, base: f32) -> bool {
    s.terrain
        .iter()
        .any(|t| t.has(TerrainProperty::Cover) && t.shape.distance_to(at) <= base + CONTACT)
}

/// The legal moves of the active fighter `i` towards `goal` (stopping `short` of it): the
/// straight line, and lines turned off it when terrain is in the way, each as far as its stat
/// allows; the candidates that end nearer the goal than it stands.
fn moves_towards(s: &Skirmish, i: usize, goal: Vec2, short: f32) -> Vec<Vec2> {
    let f = &s.fighters[i];
    let stat = f32::from(f.fighter.stat);
    let to_goal = goal - f.at;
    let dist = (to_goal.length() - short).max(0.0);
    if dist < 0.05 {
        return Vec::new();
    }
    let dir = to_goal.normalize_or_zero();
    let mut out = Vec::new();
    for turn in [0.0f32, 25.0, -25.0, 50.0, -50.0, 75.0, -75.0, 100.0, -100.0] {
        let d = Vec2::from_angle(turn.to_radians()).rotate(dir);
        for len in [dist.min(stat), dist.min(stat) * 0.6, dist.min(stat) * 0.3] {
            let to = f.at + d * len;
            if to.distance(goal) < f.at.distance(goal) - 0.1
                && legal(s, &Command::Move { path: vec![to] })
            {
                out.push(to);
                break;
            }
        }
    }
    out
}

/// Where fighter `i` goes towards `goal`: the nearest end, and among ends within an inch of
/// it one in cover ("stay as good in cover as possible").
pub(super) fn advance(s: &Skirmish, i: usize, goal: Vec2, short: f32) -> Option<Command> {
    let base = s.fighters[i].base;
    let ends = moves_towards(s, i, goal, short);
    let best = ends
        .iter()
        .map(|e| e.distance(goal))
        .fold(f32::INFINITY, f32::min);
    let near: Vec<Vec2> = ends
        .into_iter()
        .filter(|e| e.distance(goal) <= best + 1.0)
        .collect();
    let to = near.iter().find(|e| in_cover_at(s, **e, base)).or(near
        .iter()
        .min_by(|a, b| a.distance(goal).total_cmp(&b.distance(goal))))?;
    Some(Command::Move { path: vec![*to] })
}

/// The nearest point of a covering piece fighter `i` can reach this move, if any.
pub(super) fn to_cover(s: &Skirmish, i: usize) -> Option<Command> {
    cover_moves(s, i).next()
}

/// The tree's "No: Move to nearest cover, attack closest fighter!" (one-stat-skirmish.txt,
/// "Turn Order"): the nearest point of a covering piece within his move from which fighter `i`
/// can still attack, if any (docs/rules/one_stat.md, "The rules playing a warband": cover
/// from which he could not attack is passed over, and where no cover serves he attacks from
/// where he stands).
fn to_cover_to_attack(s: &Skirmish, i: usize) -> Option<Command> {
    let mut there = s.clone();
    cover_moves(s, i).find(|c| {
        let Command::Move { path } = c else {
            return false;
        };
        there.fighters[i].at = path[0];
        attack(&there, i).is_some()
    })
}

/// Moves to the nearest point of each covering piece within fighter `i`'s stat, nearest first,
/// each legal now.
fn cover_moves(s: &Skirmish, i: usize) -> impl Iterator<Item = Command> + '_ {
    let f = &s.fighters[i];
    let stat = f32::from(f.fighter.stat);
    let mut spots: Vec<Vec2> = s
        .terrain
        .iter()
        .filter(|t| t.has(TerrainProperty::Cover))
        .map(|t| t.shape.closest_point(f.at))
        .filter(|p| p.distance(f.at) <= stat)
        .collect();
    spots.sort_by(|a, b| a.distance(f.at).total_cmp(&b.distance(f.at)));
    spots.into_iter().filter_map(move |p| {
        let c = Command::Move { path: vec![p] };
        legal(s, &c).then_some(c)
    })
}

/// The nearest enemy fighter `i` can see, if any.
pub(super) fn nearest_seen(s: &Skirmish, i: usize) -> Option<usize> {
    let me = &s.fighters[i];
    (0..s.fighters.len())
        .filter(|&k| {
            s.fighters[k].player != me.player
                && s.fighters[k].standing != Standing::Removed
                && s.sees(i, k)
        })
        .min_by(|&a, &b| {
            me.at
                .distance(s.fighters[a].at)
                .total_cmp(&me.at.distance(s.fighters[b].at))
        })
}

/// Where a token, device or hostage sits that fighter `i`'s player wants: the nearest to `i`
/// of those he may pick up or work, and no friend stands nearer to it.
pub(super) fn objective_for(s: &Skirmish, i: usize) -> Option<Vec2> {
    let me = &s.fighters[i];
    // An animal carries no token and works no device.
    if me.animal {
        return None;
    }
    let mut spots: Vec<Vec2> = (0..s.tokens.len())
        .filter(|&k| {
            let t = &s.tokens[k];
            t.carrier.is_none()
                && match t.kind {
                    TokenKind::Flag(p) => p != me.player || t.at != t.home,
                    _ => true,
                }
        })
        .map(|k| s.tokens[k].at)
        .collect();
    if let Some(d) = &s.device
        && d.worked.is_none()
        && (d.adding.0 == me.player || d.removing.0 == me.player)
    {
        spots.push(d.at);
    }
    if s.goal == Goal::Shutdown
        && let Some(sol) = &s.solitaire
    {
        spots.extend(
            (0..sol.spawn_points.len())
                .filter(|&k| sol.shut.get(k) != Some(&true))
                .map(|k| sol.spawn_points[k]),
        );
    }
    spots
        .into_iter()
        .filter(|at| {
            let mine = me.at.distance(*at);
            !s.fighters.iter().enumerate().any(|(k, o)| {
                k != i
                    && o.player == me.player
                    && o.standing == Standing::Upright
                    && !o.animal
                    && s.carried_by(k).is_none()
                    && o.at.distance(*at) < mine
            })
        })
        .min_by(|a, b| me.at.distance(*a).total_cmp(&me.at.distance(*b)))
}

/// Where a fighter carrying a token takes it: home with the treasure or a flag, into the
/// nearest opposing starting area with the bomb; the one escorted to his corner.
pub(super) fn carry_to(s: &Skirmish, i: usize) -> Option<Vec2> {
    let me = &s.fighters[i];
    let own = s.players[me.player].corner;
    if s.solitaire.as_ref().is_some_and(|x| x.escort == Some(i)) {
        return Some(if s.goal == Goal::Escort {
            s.table - own
        } else {
            own
        });
    }
    let k = s.carried_by(i)?;
    Some(match s.tokens[k].kind {
        TokenKind::Bomb(_) => (0..s.players.len())
            .filter(|&p| p != me.player)
            .map(|p| s.players[p].corner)
            .min_by(|a, b| me.at.distance(*a).total_cmp(&me.at.distance(*b)))?,
        _ => own,
    })
}

/// A step towards the scenario's goal before the tree's fight, for a warband playing a
/// scenario (not the solitaire opponents, who follow the text's tree alone): a specialisation
/// that needs both actions first (a Controller's demon, a Shapeshifter's animal shape), a
/// token or device touched, a carried token taken where it scores, the nearest objective
/// made for.
pub(super) fn objective_step(s: &Skirmish, i: usize) -> Option<Command> {
    let a = s.active.as_ref()?;
    let f = &s.fighters[i];
    if s.solitaire.is_some() && f.player != 0 {
        return None;
    }
    if !a.moved && !a.acted {
        if f.fighter.is(Specialisation::Controller)
            && let Some(at) = s.summon_place(i)
        {
            let c = Command::Summon {
                at,
                stat: f.die() / 2 + 1,
            };
            if legal(s, &c) {
                return Some(c);
            }
        }
        if f.fighter.is(Specialisation::Shapeshifter) && !f.animal && legal(s, &Command::Shapeshift)
        {
            return Some(Command::Shapeshift);
        }
    }
    if !a.acted {
        let near = |at: Vec2| s.touches(i, at);
        let mut tries: Vec<Command> = (0..s.tokens.len())
            .filter(|&k| near(s.tokens[k].at))
            .map(|k| match s.tokens[k].kind {
                TokenKind::Doom => Command::Manipulate {
                    device: DeviceId::Doom,
                },
                TokenKind::Rover => Command::Manipulate {
                    device: DeviceId::Rover,
                },
                _ => Command::PickUp { token: k },
            })
            .collect();
        tries.push(Command::Manipulate {
            device: DeviceId::Trigger,
        });
        if let Some(sol) = &s.solitaire {
            tries.extend((0..sol.spawn_points.len()).map(|k| Command::Manipulate {
                device: DeviceId::SpawnPoint(k),
            }));
        }
        if let Some(c) = tries.into_iter().find(|c| legal(s, c)) {
            return Some(c);
        }
    }
    if a.moved && a.acted {
        return None;
    }
    if let Some(goal) = carry_to(s, i) {
        return advance(s, i, goal, 1.0);
    }
    if a.acted {
        return None;
    }
    // A fighter with an enemy in reach fights; the others make for the objective.
    if attack(s, i).is_some() {
        return None;
    }
    let goal = objective_for(s, i)?;
    advance(s, i, goal, f.base + TOKEN - 0.05)
}

/// Where player `p` aims the Trigger Device's attack (`area` or one fighter): at the opposing
/// fighter it would most likely take out of the fight (one lying wounded, who gets no defence
/// roll, then the highest tier), or at the area round an opposing fighter that holds the most
/// enemies less friends, ties to the first of the roster (with no enemy left, the corner or
/// centre that holds the fewest friends).
pub(super) fn device_aim(s: &Skirmish, p: usize, area: bool) -> Option<Command> {
    let foes = (0..s.fighters.len())
        .filter(|&k| s.fighters[k].player != p && s.fighters[k].standing != Standing::Removed);
    if area {
        let worth = |at: Vec2| -> i32 {
            s.in_area(at)
                .iter()
                .map(|&k| if s.fighters[k].player == p { -1 } else { 1 })
                .sum()
        };
        // Where no enemy stands, a corner or the centre that holds the fewest friends.
        let spots = foes.map(|k| s.fighters[k].at).chain([
            Vec2::ZERO,
            s.table,
            Vec2::new(0.0, s.table.y),
            Vec2::new(s.table.x, 0.0),
            s.table / 2.0,
        ]);
        let best = spots
            .enumerate()
            .max_by_key(|&(n, at)| (worth(at), std::cmp::Reverse(n)))?
            .1;
        return Some(Command::DeviceArea { at: best });
    }
    let target = foes.min_by_key(|&k| {
        let f = &s.fighters[k];
        (
            f.standing != Standing::Down,
            std::cmp::Reverse(f.fighter.tier),
            k,
        )
    })?;
    Some(Command::DeviceAttack { target })
}

/// What the rules' player does next in `s`, by the text's tree; `None` when nobody is to act.
pub fn decide(s: &Skirmish) -> Option<Command> {
    let player = s.to_act()?;
    match &s.stage {
        Stage::Mustering(_) => {
            return Some(Command::Muster {
                player,
                warband: None,
            });
        }
        Stage::Choosing(_) => {
            let place = s.order.iter().position(Option::is_none)?;
            return Some(Command::ChoosePlace { player, place });
        }
        Stage::Activating => {}
    }
    if let Some(d) = &s.device_attack {
        return device_aim(s, d.player, d.area);
    }
    // A roll that came to nothing is thrown again while the warband holds a reroll.
    if s.reroll_worth(player) {
        return Some(Command::Reroll);
    }
    let Some(a) = &s.active else {
        // The Trigger Device's extra activation may go to one who has gone.
        let extra = s.extra == Some(player);
        let i = (0..s.fighters.len()).find(|&i| {
            let f = &s.fighters[i];
            f.player == player && f.standing != Standing::Removed && (!f.activated || extra)
        })?;
        return Some(Command::Activate { fighter: i });
    };
    let i = a.fighter;
    let f = &s.fighters[i];
    if f.standing == Standing::Down {
        return Some(if !a.moved && !a.acted {
            Command::Recover
        } else {
            Command::EndActivation
        });
    }
    if let Some(c) = objective_step(s, i) {
        return Some(c);
    }
    // Attacked (or commanded): "Stay in position" — the tree moves before it attacks, never
    // after.
    if a.acted {
        return Some(Command::EndActivation);
    }
    let can_attack = attack(s, i).is_some();
    // King of the Hill: a player's fighters make for the token first (the text's tree is the
    // solitaire opponents', who have no hill), then follow the tree from there.
    if let Some(hill) = s.hill
        && !a.moved
    {
        let on_hill = crate::rules::geometry::base_gap(f.at, f.base, hill, HILL_TOKEN) <= CONTACT;
        if !on_hill && let Some(c) = advance(s, i, hill, f.base + HILL_TOKEN) {
            return Some(c);
        }
    }
    let seen = nearest_seen(s, i);
    let step = match behaviour(can_attack, in_cover_at(s, f.at, f.base), seen.is_some()) {
        Behaviour::AttackFromCover => attack(s, i),
        Behaviour::CoverThenAttack if !a.moved => to_cover_to_attack(s, i).or_else(|| attack(s, i)),
        Behaviour::CoverThenAttack => attack(s, i),
        Behaviour::Advance if !(a.moved && a.acted) => seen.and_then(|k| {
            let t = &s.fighters[k];
            // To base contact with a melee weapon, else into short range.
            let short = if f.fighter.melee_weapon().is_some() && !f.fighter.has_heavy_shooter() {
                f.base + t.base
            } else {
                4.0
            };
            advance(s, i, t.at, short)
        }),
        Behaviour::Wander if !a.moved => Some(Command::Wander),
        _ => None,
    };
    Some(step.unwrap_or(Command::EndActivation))
}

/// One step of a player the rules play.
///
/// Errors: `Some(Err(why))` when the rules refuse the tree's command (a bug to report).
pub fn act(world: &mut World) -> Option<Result<String, String>> {
    rules_to_act::<OneStat>(world).first()?;
    let command = decide(&world.get_resource::<SkirmishRes>()?.0)?;
    let words = <OneStat as crate::engine::ruleset::RuleSet>::describe(world, &command);
    Some(match process::<OneStat>(world, command) {
        CommandOutcome::Accepted(_) => Ok(words),
        CommandOutcome::Refused(_, why) => Err(format!("{words}: refused: {why}")),
    })
}

/// A whole game of scenario `scenario` with the text's tree playing every warband and no
/// pipeline: each command's dice reseeded from `seed` and its place as the pipeline reseeds
/// them, so it is the same game `holotable play --seed` shows (tested against the pipeline);
/// cut once past phase `max_turns` without an end, as the pipeline's games are
/// ([`crate::engine::session::autoplay`]). For the balance report's speed: the pipeline
/// hashes the whole game as JSON after every command.
///
/// Errors: the tree finds nothing to do or is refused (a bug), or the game has not ended after
/// 100 000 commands.
pub fn play_fast(
    scenario: &super::rules::scenario::Scenario,
    seed: u64,
    max_turns: u32,
) -> Result<Played, String> {
    let mut s = super::phases::skirmish(scenario);
    let mut dice = Dice::seeded(seed).unlogged();
    for k in 0..100_000 {
        if let Some(result) = s.result.clone() {
            return Ok(Played::Ended(super::phases::finished(&s, result)));
        }
        let player = s
            .to_act()
            .ok_or_else(|| format!("seed {seed}: nobody is to act"))?;
        let command = decide(&s)
            .ok_or_else(|| format!("seed {seed}: the rules' side finds nothing to do"))?;
        dice.reseed(crate::rules::dice::command_seed(seed, k));
        s.apply(player, &command, &mut dice)
            .map_err(|e| format!("seed {seed}: {command:?} refused: {e}"))?;
        s.events.clear();
        if s.result.is_none() && s.phase > max_turns {
            return Ok(Played::Cut);
        }
    }
    Err(format!(
        "seed {seed}: the game did not end after 100 000 commands"
    ))
}

/// The window's driver: the rules' players take their steps at a pace a person can follow.
pub(super) fn plugin(app: &mut App) {
    crate::engine::rules_side::drive_plugin::<OneStat>(app, "The rules' side");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::geometry::Shape;
    use crate::rules::terrain::{TerrainKind, TerrainPiece};
    use crate::rulesets::one_stat::rules::objectives::Device;
    use crate::rulesets::one_stat::rules::scenario::DeviceEffect;
    use crate::rulesets::one_stat::skirmish::TriggerDevice;
    use crate::rulesets::one_stat::skirmish::tests::{activate, game};

    /// The Hunters' Kara works the device to their 6 (`effect`) with 8 and 2.
    fn worked(effect: DeviceEffect) -> (Skirmish, Dice) {
        let (mut s, mut dice) = game(vec![]);
        s.device = Some(TriggerDevice {
            at: Vec2::new(18.0, 18.0),
            stack: Device { tokens: 5 },
            adding: (0, effect),
            removing: (1, DeviceEffect::Win),
            worked: None,
        });
        s.fighters[0].at = Vec2::new(18.0, 17.0);
        activate(&mut s, &mut dice, 0);
        dice.push_forced([8, 2]);
        let c = Command::Manipulate {
            device: DeviceId::Trigger,
        };
        s.apply(0, &c, &mut dice).expect("worked");
        (s, dice)
    }

    /// The tree aims the device's attack at the opposing fighter lying wounded (no defence
    /// roll), else the highest tier; its area at the foe whose 2" hold the most enemies less
    /// friends.
    #[test]
    fn the_tree_aims_the_devices_attack() {
        let (mut s, _) = worked(DeviceEffect::AttackFighter);
        assert_eq!(
            decide(&s),
            Some(Command::DeviceAttack { target: 3 }),
            "the Boss"
        );
        s.fighters[2].standing = Standing::Down;
        assert_eq!(
            decide(&s),
            Some(Command::DeviceAttack { target: 2 }),
            "Thug lies down"
        );
        let (mut s, _) = worked(DeviceEffect::AttackArea);
        // Thug beside Rook (a friend), the Boss alone: the Boss's area.
        s.fighters[2].at = Vec2::new(10.0, 15.0);
        assert_eq!(
            decide(&s),
            Some(Command::DeviceArea {
                at: s.fighters[3].at
            })
        );
        assert!(legal(&s, &decide(&s).unwrap()));
    }

    /// A reroll held: the tree throws a missed attack again, not one that took its target
    /// out.
    #[test]
    fn the_tree_spends_a_reroll_on_a_miss() {
        let (mut s, mut dice) = worked(DeviceEffect::Reroll);
        s.fighters[2].at = Vec2::new(19.0, 17.0);
        s.active.as_mut().unwrap().acted = false;
        let mut hit = s.clone();
        dice.push_forced([7]);
        s.apply(0, &Command::Melee { target: 2 }, &mut dice)
            .unwrap();
        assert_eq!(decide(&s), Some(Command::Reroll));
        dice.push_forced([3, 2]);
        hit.apply(0, &Command::Melee { target: 2 }, &mut dice)
            .unwrap();
        assert_eq!(hit.fighters[2].standing, Standing::Removed);
        assert_ne!(decide(&hit), Some(Command::Reroll));
    }

    /// "No: Move to nearest cover, attack closest fighter!": Rook (pistol, medium range at
    /// most) passes over the nearer grass, from which Thug would be out of his range, for the
    /// farther grass from which he can still shoot, and shoots; with only the nearer grass,
    /// he shoots from where he stands.
    #[test]
    fn the_tree_takes_the_nearest_cover_from_which_he_can_still_attack() {
        let grass = |id: &str, min: (f32, f32), max: (f32, f32)| TerrainPiece {
            id: id.into(),
            kind: TerrainKind::Woods,
            shape: Shape::Rect { min, max },
            properties: vec![TerrainProperty::Cover],
        };
        let near = grass("near", (9.0, 11.5), (11.0, 12.0));
        let far = grass("far", (13.0, 15.0), (14.0, 16.0));
        for (terrain, moves) in [
            (vec![near.clone(), far], Some(Vec2::new(13.0, 15.0))),
            (vec![near], None),
        ] {
            let (mut s, mut dice) = game(terrain);
            s.fighters[0].at = Vec2::new(2.0, 2.0);
            s.fighters[2].at = Vec2::new(10.0, 23.5);
            activate(&mut s, &mut dice, 1);
            assert!(attack(&s, 1).is_some(), "Thug is 9.5\" away");
            let first = decide(&s).unwrap();
            match moves {
                Some(to) => {
                    assert_eq!(first, Command::Move { path: vec![to] });
                    dice.push_forced([1]);
                    s.apply(0, &first, &mut dice).unwrap();
                    assert!(matches!(decide(&s), Some(Command::Shoot { target: 2, .. })));
                }
                None => assert!(
                    matches!(first, Command::Shoot { target: 2, .. }),
                    "{first:?}"
                ),
            }
        }
    }

    /// Scenarios with the device's attacks and reroll, the tree on every side, play to their
    /// end seed after seed.
    #[test]
    fn the_tree_plays_the_devices_attacks_and_rerolls_to_the_end() {
        for file in [
            "scen_trigger_attack",
            "scen_trigger_area",
            "scen_trigger_reroll",
        ] {
            let path = format!("tests/one_stat/{file}.ron");
            let src = std::fs::read_to_string(&path).expect("the test scenario");
            let mut scenario = super::super::rules::scenario::parse(&src, &path)
                .unwrap_or_else(|e| panic!("{e:?}"));
            scenario.turn_limit = Some(12);
            for seed in 1..=8 {
                let end = play_fast(&scenario, seed, crate::sim::DEFAULT_MAX_TURNS);
                assert!(
                    matches!(end, Ok(Played::Ended(_))),
                    "{file} seed {seed}: {end:?}"
                );
            }
        }
    }

    /// The balance report's games without the pipeline are the pipeline's, die for die: the
    /// same result, phase and fate of every fighter, seed by seed, in every bundled scenario;
    /// and a game still going after the cap's phases is cut in both (the bundled scenarios
    /// have no turn limit, so some go on).
    #[test]
    fn games_played_without_the_pipeline_are_the_pipelines() {
        let mut cut = 0;
        for (name, _) in super::super::BUNDLED {
            let (loaded, _) = crate::rulesets::registry()
                .load(name.trim_end_matches(".ron"))
                .expect("a bundled scenario");
            let seeds: Vec<u64> = (1..=3).collect();
            let piped =
                crate::engine::session::autoplay_through_pipeline::<OneStat>(&loaded, &seeds, 12);
            let s = super::super::parse(&loaded).expect("scenario");
            for (seed, end) in seeds.iter().zip(piped) {
                let end = end.expect("the pipeline plays it");
                cut += usize::from(end == Played::Cut);
                assert_eq!(play_fast(&s, *seed, 12), Ok(end), "{name} seed {seed}");
            }
        }
        assert!(
            cut > 0,
            "no game went past 12 phases: the cut is not compared"
        );
    }
}
