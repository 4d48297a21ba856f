//! The battle as the searching opponent sees it ([`crate::rules::search`]): the sensible
//! commands of the side whose impulse it is (the plain policy's, [`super::ai`], and a move
//! towards the goal and one into cover per unit), a score for a battle not yet decided, and
//! hidden enemies dealt anew where the searching side cannot know them. The ruling is in
//! docs/rules/battlefield.md, "The searching opponent".

use hexx::Hex;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use super::actions::{self, check_bonuses, jedi_with};
use super::ai::{candidates, support_choices, unit_choices};
use super::battle::{Battle, Positions};
use super::commands::Command;
use super::rules::map::{col_row, hex_at};
use super::rules::movement::may_end;
use super::rules::roster::Kind;
use super::rules::scenario::Goal;
use crate::rules::dice::Dice;
use crate::rules::search::{Searchable, decided};

impl Searchable for Battle {
    type Command = Command;

    fn to_act(&self) -> Option<usize> {
        self.result.is_none().then_some(self.impulse.side)
    }

    fn sides(&self) -> usize {
        self.sides.len()
    }

    /// The support weapons and each unit's choices of the plain policy, then per unit a move
    /// towards the goal's nearest building and one into the best cover it reaches, then the
    /// end of the impulse.
    fn candidates(&self) -> Vec<Command> {
        if self.result.is_some() {
            return Vec::new();
        }
        let mut out = support_choices(self);
        for i in candidates(self) {
            let mut choices = unit_choices(self, i);
            let has_shot = choices.iter().any(|c| matches!(c, Command::Fire { .. }));
            let hold = !has_shot && holds(self, i);
            if hold {
                choices.retain(|c| !matches!(c, Command::Move { .. }));
            }
            let boosts: Vec<Command> = choices.iter().flat_map(|c| boosted(self, i, c)).collect();
            out.extend(choices);
            out.extend(boosts);
            if !hold {
                out.extend(towards_goal(self, i));
                out.extend(into_cover(self, i));
            }
            // A unit with a shot has better to do than run from fire.
            if !has_shot {
                out.extend(out_of_fire(self, i));
            }
        }
        out.push(Command::EndImpulse);
        crate::rules::search::unique(out)
    }

    /// The plain policy's step ([`super::ai::act`]): the support weapons, then the first
    /// unit's choices that has any, then the end of the impulse; except that a defender's unit
    /// that [`stands_firm`] is not walked out of its cover.
    fn plain(&self) -> Vec<Command> {
        let mut out = support_choices(self);
        if let Some(choices) = candidates(self)
            .into_iter()
            .map(|i| {
                let mut c = unit_choices(self, i);
                if stands_firm(self, i) && c.iter().all(|c| matches!(c, Command::Move { .. })) {
                    c.clear();
                }
                c
            })
            .find(|c| !c.is_empty())
        {
            out.extend(choices);
        }
        out.push(Command::EndImpulse);
        out
    }

    fn play(&mut self, command: &Command, dice: &mut Dice) -> Result<(), String> {
        let done = actions::apply(self, command, dice);
        // Nobody reads a searched game's log.
        self.events.clear();
        done
    }

    /// A decided battle: 1 won, 0 lost, 0.5 drawn. Else, where every enemy is to be
    /// eliminated, the fitted [`estimate`]; with a capture goal, for the attacker mostly the
    /// share of the buildings held (the defender the rest), and the share of the fighting
    /// strength (each unit 1 plus its resistance) and of the units left.
    fn score(&self, side: usize) -> f32 {
        if let Some(r) = &self.result {
            return decided(r.winner, side);
        }
        let strength = |s: usize| -> f32 {
            self.units
                .iter()
                .filter(|u| u.side == s && u.alive && u.profile.kind.counts_in_stacking())
                .map(|u| 1.0 + u.profile.resistance as f32)
                .sum()
        };
        let (own, other) = (strength(side), strength(Battle::other(side)));
        let (mine, theirs) = (
            self.fighting(side) as f32,
            self.fighting(Battle::other(side)) as f32,
        );
        // The turn limit counts units left fighting; the strength left says who is winning
        // the fight on the way there.
        let share = |a: f32, b: f32| if a + b > 0.0 { a / (a + b) } else { 0.5 };
        let material = 0.5 * share(own, other) + 0.5 * share(mine, theirs);
        match &self.goal {
            Goal::Capture {
                side: attacker,
                buildings,
                ..
            } => {
                let a = self
                    .sides
                    .iter()
                    .position(|x| &x.id == attacker)
                    .unwrap_or(0);
                let held =
                    (self.buildings_held(a).len() as f32 / (*buildings).max(1) as f32).min(1.0);
                let mine = if side == a { held } else { 1.0 - held };
                0.6 * mine + 0.4 * material
            }
            Goal::EliminateAll => estimate(self, side),
        }
    }

    /// No enemy of `side` is hidden on the map: [`Searchable::sample_hidden`] moves nothing.
    fn hides_nothing_from(&self, side: usize) -> bool {
        !self
            .units
            .iter()
            .any(|u| u.hidden && u.on_map() && u.side != side)
    }

    /// Each enemy of `side` still hidden is put on a hex drawn at random among those it may
    /// stand on, empty, and not next to a unit of `side` (one there would have found it): the
    /// searching side knows it is somewhere, not where.
    fn sample_hidden(&mut self, side: usize, rng: &mut ChaCha8Rng) {
        let hidden: Vec<usize> = (0..self.units.len())
            .filter(|&j| {
                let u = &self.units[j];
                u.hidden && u.on_map() && u.side != side
            })
            .collect();
        if hidden.is_empty() {
            return;
        }
        // Hexes that are known to be empty or may hold a hidden enemy: drawn from without
        // looking where the hidden ones stand.
        let known: Vec<Hex> = self
            .units
            .iter()
            .filter(|u| u.on_map() && !(u.hidden && u.side != side))
            .map(|u| u.at)
            .collect();
        let ours: Vec<Hex> = self
            .units
            .iter()
            .filter(|u| u.side == side && u.on_map())
            .map(|u| u.at)
            .collect();
        let mut open: Vec<Hex> = self
            .map
            .hexes()
            .into_iter()
            .map(|(h, _)| h)
            .filter(|h| !known.contains(h) && ours.iter().all(|o| o.unsigned_distance_to(*h) > 1))
            .collect();
        open.sort_by_key(|h| col_row(*h));
        let moves: Vec<(usize, Hex, Hex)> = hidden
            .into_iter()
            .filter_map(|j| {
                let fits: Vec<Hex> = open
                    .iter()
                    .copied()
                    .filter(|&h| may_end(&self.map, &self.units[j].profile, h).is_ok())
                    .collect();
                if fits.is_empty() {
                    return None;
                }
                let to = fits[rng.random_range(0..fits.len())];
                open.retain(|&h| h != to);
                Some((j, self.units[j].at, to))
            })
            .collect();
        for (j, from, to) in moves {
            // A leader stacked with it goes with it.
            let owner = self.units[j].side;
            for k in 0..self.units.len() {
                let u = &self.units[k];
                if k == j || (u.side == owner && u.alive && u.at == from && !u.hidden) {
                    self.units[k].at = to;
                }
            }
        }
    }
}

/// Attack `c` of unit `i` (a shot or a close combat of the plain policy's, which spends no
/// bonus) taken with the leader's bonus die, and with 1 and with 3 of its Jedi's Force points
/// (Jedis: "can increase an attack dice by one for every force point spent"; Leaders: "a
/// leader counter gives a increment bonus of 1 dice"), each where the rules allow it now.
fn boosted(b: &Battle, i: usize, c: &Command) -> Vec<Command> {
    let with = |leader: bool, force: u32| -> Option<Command> {
        check_bonuses(b, i, leader, force).ok()?;
        match c.clone() {
            Command::Fire {
                unit,
                target,
                weapon_target,
                ..
            } => Some(Command::Fire {
                unit,
                target,
                leader,
                force,
                weapon_target,
            }),
            // The Force goes with the attacker into close combat only with a Jedi going too.
            Command::Assault { unit, path, .. }
                if force == 0
                    || b.units[i].profile.kind == Kind::Jedi
                    || !jedi_with(b, i).is_empty() =>
            {
                Some(Command::Assault {
                    unit,
                    path,
                    leader,
                    force,
                })
            }
            _ => None,
        }
    };
    [(true, 0), (false, 1), (false, 3)]
        .into_iter()
        .filter_map(|(leader, force)| with(leader, force))
        .collect()
}

/// Whether unit `i`, in a look ahead's rollout, stands its ground when it has no shot and no
/// charge: it is the defender's (the side that is not the scenario's attacker), the goal is to
/// eliminate every enemy (with the turn limit's count of units left), and it stands in cover,
/// on an entrenchment marker or on a hill. The plain policy walks such a unit off its hill into
/// the enemy's guns; standing firm, a defender wins about twice as often (docs/opponents.md),
/// and it is how the games behind [`estimate`] were played. Ruling: docs/rules/battlefield.md,
/// `The searching opponent`.
fn stands_firm(b: &Battle, i: usize) -> bool {
    let at = b.units[i].at;
    matches!(b.goal, Goal::EliminateAll)
        && b.units[i].side != b.attacker
        && (b.entrenchments.contains(&at)
            || b.map
                .get(at)
                .is_some_and(|t| t.resistance_bonus() > 0 || t.hill > 0))
}

/// What one side has on the field, as [`estimate`] weighs it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Standing {
    /// Units left fighting, leaders not counted (what the turn limit counts).
    units: f32,
    /// Their strength: each unit that counts in stacking 1 plus its resistance.
    strength: f32,
    /// Units on the map that some enemy has in its range and line of sight.
    exposed: f32,
    /// The enemies' shots on them: for each unit, the enemies that have it in range and sight.
    threats: f32,
    /// Units on an entrenchment marker.
    entrenched: f32,
    /// Vehicles on the map.
    vehicles: f32,
}

/// `side`'s [`Standing`] in `b`, every unit on the map seen (the search has dealt the hidden
/// ones, [`Searchable::sample_hidden`]).
fn standing(b: &Battle, side: usize, pos: &Positions) -> Standing {
    let shooters: Vec<usize> = (0..b.units.len())
        .filter(|&j| {
            let e = &b.units[j];
            e.side != side && e.on_map() && e.profile.kind != Kind::Leader
        })
        .collect();
    let mut f = Standing::default();
    for u in b.units.iter().filter(|u| u.side == side && u.alive) {
        if u.profile.kind == Kind::Leader {
            continue;
        }
        f.units += 1.0;
        if u.profile.kind.counts_in_stacking() {
            f.strength += 1.0 + u.profile.resistance as f32;
        }
        if !u.on_map() {
            continue;
        }
        f.vehicles += f32::from(u.profile.kind.is_vehicle());
        let on = shots_on(b, pos, &shooters, u.at) as f32;
        f.exposed += f32::from(on > 0.0);
        f.threats += on;
        f.entrenched += f32::from(b.entrenchments.contains(&u.at));
    }
    f
}

/// How many of `shooters` have `hex` in their range and line of sight.
fn shots_on(b: &Battle, pos: &Positions, shooters: &[usize], hex: Hex) -> usize {
    shooters
        .iter()
        .filter(|&&j| {
            b.units[j].at.unsigned_distance_to(hex) <= b.units[j].profile.range
                && b.sight_in(pos, j, hex).clear
        })
        .count()
}

/// An undecided battle whose goal is to eliminate every enemy, for `side`: the chance to win
/// (a draw half) by a logistic model fitted to 8 000 games played by the rules (4 000 each of
/// `walker_assault` and `forest_ambush`, the defender standing firm, [`stands_firm`], each
/// side taking a sensible command at random in 0, 10 or 30% of its steps), 169 000 positions,
/// one in five games held out. Each weight is per unit of the difference between the sides'
/// [`Standing`]s. The units left count most, the more so the fewer turns are left (the turn
/// limit as the scenarios set it: `at the end of turn 8 the side with more units left wins`,
/// scenarios/battlefield/walker_assault.ron's description). Held out, its mean squared error
/// is 0.145 against 0.174 for the share of units and strength that it replaced;
/// docs/opponents.md.
fn estimate(b: &Battle, side: usize) -> f32 {
    let pos = b.positions();
    let (a, z) = (
        standing(b, side, &pos),
        standing(b, Battle::other(side), &pos),
    );
    let turns_left = (b.turn_limit + 1).saturating_sub(b.turn).max(1) as f32;
    let to_act = if b.impulse.side == side { 1.0 } else { -1.0 };
    let units = a.units - z.units;
    let logit =
        -0.07536 * units + 0.02041 * (a.strength - z.strength) + 0.08483 * (a.exposed - z.exposed)
            - 0.12739 * (a.threats - z.threats)
            + 0.40603 * (a.entrenched - z.entrenched)
            + 0.32494 * (a.vehicles - z.vehicles)
            + 2.57998 * units / turns_left
            + 0.03353 * to_act;
    1.0 / (1.0 + (-logit).exp())
}

/// Whether unit `i` holds its ground when it has no shot: it stands on an entrenchment marker
/// (ENTRENCHMENT: "The effect of this is to add 1 to resistance level of a unit on an
/// entrenchment marker"), so the search offers it no move forward or into other cover, only
/// the move out of fire (a charge stays offered). In the walker assault the search had walked
/// the rocket launcher's troopers out of their entrenchment towards an enemy, into the AT-AT's
/// next shots. Ruling: docs/rules/battlefield.md, "The searching opponent".
fn holds(b: &Battle, i: usize) -> bool {
    b.entrenchments.contains(&b.units[i].at)
}

/// The move of unit `i` to the hex it reaches nearest the nearest building its goal still
/// wants (a capture goal; the defender heads for the attacker's target too).
fn towards_goal(b: &Battle, i: usize) -> Option<Command> {
    let Goal::Capture { of, .. } = &b.goal else {
        return None;
    };
    let u = &b.units[i];
    let targets: Vec<Hex> = if of.is_empty() {
        b.map
            .hexes()
            .into_iter()
            .filter(|(_, t)| t.building_resistance().is_some())
            .map(|(h, _)| h)
            .collect()
    } else {
        of.iter().map(|&(c, r)| hex_at(c, r)).collect()
    };
    let held = b.buildings_held(u.side);
    let goal = targets
        .into_iter()
        .filter(|h| !held.contains(h))
        .min_by_key(|h| (u.at.unsigned_distance_to(*h), col_row(*h)))?;
    let best = b
        .reach_of(i, u.profile.movement)
        .into_iter()
        .min_by_key(|(h, _)| (h.unsigned_distance_to(goal), col_row(*h)))
        .filter(|(h, _)| h.unsigned_distance_to(goal) < u.at.unsigned_distance_to(goal))?;
    move_to(b, i, best.0)
}

/// The move of unit `i` into the reachable hex of the best cover (forest, building, rubble),
/// nearest the enemy, where it stands in none now.
fn into_cover(b: &Battle, i: usize) -> Option<Command> {
    let u = &b.units[i];
    let cover = |h: Hex| b.map.get(h).map_or(0, |t| t.resistance_bonus());
    if cover(u.at) > 0 {
        return None;
    }
    let enemy = (0..b.units.len())
        .filter(|&j| b.units[j].side != u.side && b.units[j].on_map() && !b.units[j].hidden)
        .map(|j| b.units[j].at)
        .min_by_key(|h| u.at.unsigned_distance_to(*h))
        .unwrap_or_else(|| hex_at(b.map.size.0 / 2, b.map.size.1 / 2));
    let best = b
        .reach_of(i, u.profile.movement)
        .into_iter()
        .filter(|(h, _)| cover(*h) > 0)
        .min_by_key(|(h, _)| (h.unsigned_distance_to(enemy), col_row(*h)))?;
    move_to(b, i, best.0)
}

/// The move of unit `i` to the reachable hex where the fewest visible enemies have it in
/// their range and line of sight, where that is fewer than where it stands: a side that must
/// hold and let the enemy come (an AT-AT out-ranging a hill line) keeps its units alive for
/// the turn limit's count. Ties go to cover or an entrenchment, then to the hex nearest an
/// enemy, so the unit stays in the fight.
fn out_of_fire(b: &Battle, i: usize) -> Option<Command> {
    let u = &b.units[i];
    let pos = b.positions();
    let shooters: Vec<usize> = (0..b.units.len())
        .filter(|&j| {
            let e = &b.units[j];
            e.side != u.side && e.on_map() && !e.hidden && e.profile.kind != Kind::Leader
        })
        .collect();
    if shooters.is_empty() {
        return None;
    }
    let threat = |h: Hex| shots_on(b, &pos, &shooters, h);
    let now = threat(u.at);
    if now == 0 {
        return None;
    }
    let shelter = |h: Hex| {
        b.map.get(h).map_or(0, |t| t.resistance_bonus()) + u32::from(b.entrenchments.contains(&h))
    };
    let nearest = |h: Hex| {
        shooters
            .iter()
            .map(|&j| b.units[j].at.unsigned_distance_to(h))
            .min()
            .unwrap_or(0)
    };
    let best = b
        .reach_of(i, u.profile.movement)
        .into_iter()
        .map(|(h, _)| h)
        .filter(|&h| h != u.at)
        .min_by_key(|&h| {
            (
                threat(h),
                std::cmp::Reverse(shelter(h)),
                nearest(h),
                col_row(h),
            )
        })?;
    (threat(best) < now).then(|| move_to(b, i, best)).flatten()
}

fn move_to(b: &Battle, i: usize, to: Hex) -> Option<Command> {
    let (route, _) = b.route_for(i, to, false)?;
    Some(Command::Move {
        unit: b.units[i].id.clone(),
        path: route.iter().map(|h| col_row(*h)).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::search::{Budget, Settings, choose};
    use crate::rulesets::battlefield::testing::{battle, hex, make, unit};

    #[test]
    fn every_candidate_of_the_opening_is_accepted_by_the_rules() {
        let b = battle();
        let cs = b.candidates();
        assert!(cs.len() > 1, "{cs:?}");
        for c in cs {
            let mut copy = b.clone();
            let mut dice = Dice::seeded(1);
            assert!(copy.play(&c, &mut dice).is_ok(), "{c:?} refused");
        }
    }

    #[test]
    fn a_stacked_jedi_lends_its_force_to_the_unit_and_does_not_fire_alone() {
        let mut b = battle();
        b.advanced.jedi = true;
        make(&mut b, "st2", "Jedi");
        let (st1, jedi) = (unit(&b, "st1"), unit(&b, "st2"));
        b.units[jedi].at = b.units[st1].at;
        let fire = |c: &Command, who: &str, points: u32| matches!(c, Command::Fire { unit, force, .. } if unit == who && *force == points);
        // Jedis: stacked, the Jedi's strength goes into the stormtrooper's attack; the rules
        // refuse it a shot of its own, so neither the policy nor the search offers one.
        assert!(!unit_choices(&b, jedi).iter().any(|c| fire(c, "st2", 0)));
        let cs = b.candidates();
        assert!(
            cs.iter()
                .all(|c| !matches!(c, Command::Fire { unit, .. } if unit == "st2"))
        );
        // The stormtrooper's shot is offered plain and with 1 and 3 of the Jedi's 6 points.
        for points in [0, 1, 3] {
            assert!(
                cs.iter().any(|c| fire(c, "st1", points)),
                "{points}: {cs:?}"
            );
        }
        // With 2 points left, the shot with 3 is not offered.
        b.units[jedi].force_points = 2;
        assert!(!b.candidates().iter().any(|c| fire(c, "st1", 3)));
    }

    #[test]
    fn an_entrenched_unit_with_no_shot_is_offered_only_the_move_out_of_fire() {
        let mut b = battle();
        let moves_of = |b: &Battle, id: &str| -> Vec<Command> {
            b.candidates()
                .into_iter()
                .filter(|c| matches!(c, Command::Move { unit, .. } if unit == id))
                .collect()
        };
        // In the open: a unit with no shot is offered moves other than out of fire.
        let i = candidates(&b)
            .into_iter()
            .find(|&i| {
                let shot = unit_choices(&b, i)
                    .iter()
                    .any(|c| matches!(c, Command::Fire { .. }));
                let out = out_of_fire(&b, i);
                !shot
                    && moves_of(&b, &b.units[i].id)
                        .iter()
                        .any(|m| Some(m) != out.as_ref())
            })
            .expect("a unit with no shot and a move forward");
        let id = b.units[i].id.clone();
        // On an entrenchment marker: it holds, or moves out of fire.
        b.entrenchments.push(b.units[i].at);
        let out = out_of_fire(&b, i);
        let moves = moves_of(&b, &id);
        assert!(moves.iter().all(|m| Some(m) == out.as_ref()), "{moves:?}");
    }

    #[test]
    fn a_move_out_of_fire_ends_where_fewer_enemies_can_shoot_and_the_rules_take_it() {
        let b = battle();
        let side = b.impulse.side;
        let threat = |b: &Battle, i: usize, h: Hex| {
            (0..b.units.len())
                .filter(|&j| {
                    let e = &b.units[j];
                    e.side != b.units[i].side
                        && e.on_map()
                        && e.profile.kind != Kind::Leader
                        && e.at.unsigned_distance_to(h) <= e.profile.range
                        && b.sight(j, h).clear
                })
                .count()
        };
        let mut offered = 0;
        for i in candidates(&b) {
            let Some(Command::Move { path, .. }) = out_of_fire(&b, i) else {
                continue;
            };
            offered += 1;
            let end = path.last().map(|&(c, r)| hex_at(c, r)).expect("a path");
            assert!(
                threat(&b, i, end) < threat(&b, i, b.units[i].at),
                "{path:?}"
            );
            let mut copy = b.clone();
            let c = out_of_fire(&b, i).expect("the same move");
            assert!(copy.play(&c, &mut Dice::seeded(1)).is_ok(), "{c:?}");
            assert_eq!(copy.units[i].at, end);
        }
        assert!(
            offered > 0,
            "no unit of side {side} is under fire in the opening"
        );
    }

    #[test]
    fn the_search_fires_on_the_last_enemy_for_the_win() {
        let mut b = battle();
        // The Alliance is down to one Mon Calamari, in the open, in reach of the Empire.
        for id in ["mc1", "mc3", "gu1"] {
            let i = unit(&b, id);
            b.units[i].alive = false;
        }
        let mc2 = unit(&b, "mc2");
        let target = col_row(b.units[mc2].at);
        let c = choose(&b, &Settings::new(Budget::Playouts(400), 5)).expect("a choice");
        let attacks = match &c.command {
            Command::Fire { target: t, .. } | Command::MoveAndFire { target: t, .. } => {
                *t == target
            }
            Command::Assault { path, .. } => path.last() == Some(&target),
            _ => false,
        };
        assert!(attacks, "{c:?}");
        assert!(c.expected > 0.5, "{c:?}");
    }

    #[test]
    fn the_search_does_not_read_where_a_hidden_enemy_stands() {
        let mut b = battle();
        let gu1 = unit(&b, "gu1");
        b.units[gu1].hidden = true;
        let settings = Settings::new(Budget::Playouts(200), 9);
        let first = choose(&b, &settings);
        // The same Guerilla hidden elsewhere: the Empire cannot know, so it chooses the same.
        b.units[gu1].at = hex(0, 9);
        assert_eq!(choose(&b, &settings), first);
        let _ = make;
    }

    #[test]
    fn the_root_is_worked_out_once_only_where_no_enemy_is_hidden() {
        let mut b = battle();
        let gu1 = unit(&b, "gu1");
        let (own, enemy) = (b.units[gu1].side, Battle::other(b.units[gu1].side));
        assert!(b.hides_nothing_from(own) && b.hides_nothing_from(enemy));
        b.units[gu1].hidden = true;
        // Its own side knows where it stands; the enemy's deals differ each iteration.
        assert!(b.hides_nothing_from(own));
        assert!(!b.hides_nothing_from(enemy));
    }

    #[test]
    fn the_estimate_is_a_chance_the_sides_share_and_weighs_units_more_as_the_end_nears() {
        let mut b = battle();
        let both = |b: &Battle| b.score(0) + b.score(1);
        // In log-odds: near the end the chance itself is near 1 either way.
        let logit = |b: &Battle| (b.score(0) / (1.0 - b.score(0))).ln();
        assert!((both(&b) - 1.0).abs() < 1e-5, "{}", both(&b));
        let before = logit(&b);
        let mc1 = unit(&b, "mc1");
        b.units[mc1].alive = false;
        let gain_now = logit(&b) - before;
        assert!(
            gain_now > 0.0,
            "an enemy unit lost is good for the Empire: {gain_now}"
        );
        // The same loss on the last turn, where the turn limit's count is near.
        let mut last = battle();
        last.turn = last.turn_limit;
        let before = logit(&last);
        last.units[mc1].alive = false;
        let gain_late = logit(&last) - before;
        assert!(gain_late > gain_now, "{gain_late} against {gain_now}");
        assert!((both(&last) - 1.0).abs() < 1e-5);
    }

    #[test]
    fn in_a_rollout_a_defender_in_cover_with_no_shot_stands_firm() {
        let mut b = battle();
        b.impulse.side = 1;
        // The Alliance's guns out of range of everything, so its units' choices are moves.
        for u in b.units.iter_mut().filter(|u| u.side == 1) {
            u.profile.range = 0;
        }
        let moves = |b: &Battle, id: &str| {
            b.plain()
                .iter()
                .any(|c| matches!(c, Command::Move { unit, .. } if unit == id))
        };
        // The Alliance's first unit whose only choice is a move, in the open.
        let i = candidates(&b)
            .into_iter()
            .find(|&i| {
                let c = unit_choices(&b, i);
                !c.is_empty()
                    && c.iter().all(|c| matches!(c, Command::Move { .. }))
                    && !stands_firm(&b, i)
            })
            .expect("an Alliance unit with only a move");
        let id = b.units[i].id.clone();
        // The units before it have played, so the plain policy's step is its.
        for k in candidates(&b).into_iter().take_while(|&k| k != i) {
            b.units[k].activated = true;
        }
        assert!(moves(&b, &id), "{:?}", b.plain());
        // On an entrenchment marker it holds: the plain policy passes it by.
        b.entrenchments.push(b.units[i].at);
        assert!(!moves(&b, &id), "{:?}", b.plain());
        // The attacker's units still move.
        b.attacker = 1;
        assert!(moves(&b, &id));
    }
}
