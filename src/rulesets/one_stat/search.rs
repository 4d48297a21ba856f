//! The skirmish as the searching opponent sees it ([`crate::rules::search`]): the choices of
//! the player to act (which fighter to activate; for the active fighter the text's tree's
//! step, each attack he can make, a move towards the nearest enemy in sight and the nearest
//! anywhere, into cover and towards the objective, and the end of his activation; never a
//! random move, the tree's own rule, unless nothing else is left; the Trigger Device's attack
//! at each opposing fighter or the area round each, and a reroll held), and a score for a
//! game not yet decided. Nothing
//! in a skirmish is hidden; the solitaire opponents are never searched for, they follow the
//! text's tree. The ruling is in docs/rules/one_stat.md, "The searching opponent".

use glam::Vec2;

use super::ai::{self, decide};
use super::skirmish::{Command, Skirmish, Stage, Standing};
use crate::rules::dice::Dice;
use crate::rules::search::{Searchable, decided};

impl Searchable for Skirmish {
    type Command = Command;

    fn to_act(&self) -> Option<usize> {
        if self.result.is_some() {
            return None;
        }
        Skirmish::to_act(self)
    }

    fn sides(&self) -> usize {
        self.players.len()
    }

    /// A skirmish hides nothing: every warband, token and die is on the table.
    fn hides_nothing_from(&self, _side: usize) -> bool {
        true
    }

    fn candidates(&self) -> Vec<Command> {
        let Some(player) = Searchable::to_act(self) else {
            return Vec::new();
        };
        let mut out: Vec<Command> = decide(self).into_iter().collect();
        // The solitaire opponents do as the text's tree says: no choice of theirs to weigh.
        if self.solitaire.is_some() && player != 0 {
            return out;
        }
        // The Trigger Device's attack owed: each opposing fighter, or the area round each.
        if let Some(d) = &self.device_attack {
            let foes = (0..self.fighters.len()).filter(|&k| {
                self.fighters[k].player != d.player
                    && self.fighters[k].standing != Standing::Removed
            });
            out.extend(foes.map(|k| {
                if d.area {
                    Command::DeviceArea {
                        at: self.fighters[k].at,
                    }
                } else {
                    Command::DeviceAttack { target: k }
                }
            }));
            let mut unique = crate::rules::search::unique(out);
            unique.retain(|c| ai::legal(self, c));
            return unique;
        }
        // A reroll held: the last roll thrown again is weighed too.
        if self
            .reroll_from
            .as_ref()
            .is_some_and(|r| r.player == player)
        {
            out.push(Command::Reroll);
        }
        match (&self.stage, &self.active) {
            (Stage::Choosing(_), _) => out.extend(
                (0..self.order.len())
                    .filter(|&k| self.order[k].is_none())
                    .map(|place| Command::ChoosePlace { player, place }),
            ),
            (Stage::Activating, None) => out.extend(
                (0..self.fighters.len())
                    .map(|fighter| Command::Activate { fighter })
                    .filter(|c| ai::legal(self, c)),
            ),
            (Stage::Activating, Some(a)) => {
                let i = a.fighter;
                out.extend(attacks(self, i));
                out.extend(ai::objective_step(self, i));
                // Towards the nearest enemy in sight, and the nearest wherever he is: a player
                // sees the whole table, unlike the solitaire tree's fighters.
                for k in [ai::nearest_seen(self, i), nearest_enemy(self, i)]
                    .into_iter()
                    .flatten()
                {
                    let t = self.fighters[k].at;
                    let reach = self.fighters[i].base + self.fighters[k].base;
                    out.extend(ai::advance(self, i, t, reach));
                }
                out.extend(ai::to_cover(self, i));
                if let Some(goal) = ai::objective_for(self, i) {
                    out.extend(ai::advance(self, i, goal, 0.5));
                }
                out.push(Command::EndActivation);
            }
            (Stage::Mustering(_), _) => {}
        }
        let mut unique = crate::rules::search::unique(out);
        unique.retain(|c| ai::legal(self, c));
        // Moving randomly is the solitaire tree's rule for its own fighters, not a choice a
        // player makes (and no control offers it): only where nothing else is left.
        if unique.len() > 1 {
            unique.retain(|c| *c != Command::Wander);
        }
        unique
    }

    /// The text's tree ([`super::ai::decide`]).
    fn plain(&self) -> Vec<Command> {
        decide(self)
            .into_iter()
            .chain([Command::EndActivation])
            .collect()
    }

    fn play(&mut self, command: &Command, dice: &mut Dice) -> Result<(), String> {
        let player = Searchable::to_act(self).ok_or("the game is over")?;
        let done = self.apply(player, command, dice);
        // Nobody reads a searched game's log.
        self.events.clear();
        done
    }

    /// A decided game: 1 won, 0 lost, 0.5 drawn (or another player won: 0). Else the share of
    /// the fighting strength left (a Boss 3, a Specialist 2, a Rookie 1, halved lying
    /// wounded); in an Action scenario half of it is the share of the Victory Points; the
    /// player holding the hill alone, or carrying a token, is ahead by a tenth.
    fn score(&self, side: usize) -> f32 {
        if let Some(r) = &self.result {
            return decided(r.winner, side);
        }
        let strength = |p: usize| -> f32 {
            self.fighters
                .iter()
                .filter(|f| f.player == p && f.standing != Standing::Removed)
                .map(|f| {
                    let worth = match f.fighter.tier {
                        super::rules::fighter::Tier::Boss => 3.0,
                        super::rules::fighter::Tier::Specialist => 2.0,
                        super::rules::fighter::Tier::Rookie => 1.0,
                    };
                    if f.standing == Standing::Down {
                        worth / 2.0
                    } else {
                        worth
                    }
                })
                .sum()
        };
        let share = |mine: f32, all: f32| if all > 0.0 { mine / all } else { 0.5 };
        let all: f32 = (0..self.players.len()).map(strength).sum();
        let mut score = share(strength(side), all);
        if self.goal.is_action() {
            let points: u32 = self.score.iter().sum();
            let mine = self.score.get(side).copied().unwrap_or(0);
            score = 0.5 * score + 0.5 * share(mine as f32, points as f32);
        }
        // Where the scenario has tokens, a tenth more for how near its warband is to them:
        // to picking one up, or, carrying one, to where it scores.
        if !self.tokens.is_empty() {
            score = 0.9 * score + 0.1 * nearness(self, side);
        }
        let holds = self.holder.is_some_and(|(p, _)| p == side);
        let carries = self
            .tokens
            .iter()
            .any(|t| t.carrier.is_some_and(|c| self.fighters[c].player == side));
        if holds || carries {
            score = 0.9 * score + 0.1;
        }
        score
    }
}

/// How near player `side`'s warband is to the tokens, 0 to 1: for each token, one less the
/// share of the table's diagonal between it and the nearest of his fighters standing (or, where
/// he carries it, between the carrier and where it scores); the mean over the tokens.
fn nearness(s: &Skirmish, side: usize) -> f32 {
    let diagonal = s.table.length().max(1.0);
    let near: f32 = s
        .tokens
        .iter()
        .map(|t| {
            let gap = match t.carrier {
                Some(c) if s.fighters[c].player == side => {
                    ai::carry_to(s, c).map_or(0.0, |to| s.fighters[c].at.distance(to))
                }
                Some(_) => diagonal,
                None => s
                    .fighters
                    .iter()
                    .filter(|f| f.player == side && f.standing == Standing::Upright)
                    .map(|f| f.at.distance(t.at))
                    .fold(diagonal, f32::min),
            };
            1.0 - (gap / diagonal).min(1.0)
        })
        .sum();
    near / s.tokens.len() as f32
}

/// The enemy of fighter `i` nearest him, standing or down, seen or not.
fn nearest_enemy(s: &Skirmish, i: usize) -> Option<usize> {
    let me = &s.fighters[i];
    (0..s.fighters.len())
        .filter(|&k| {
            s.fighters[k].player != me.player && s.fighters[k].standing != Standing::Removed
        })
        .min_by(|&a, &b| {
            me.at
                .distance(s.fighters[a].at)
                .total_cmp(&me.at.distance(s.fighters[b].at))
        })
}

/// Each attack fighter `i` can make now: a melee attack on each enemy in base contact, a shot
/// at each other in range and sight (the rules refuse the rest).
fn attacks(s: &Skirmish, i: usize) -> Vec<Command> {
    let me = &s.fighters[i];
    let mut foes: Vec<usize> = (0..s.fighters.len())
        .filter(|&k| {
            s.fighters[k].player != me.player && s.fighters[k].standing != Standing::Removed
        })
        .collect();
    let at = |k: usize| -> Vec2 { s.fighters[k].at };
    foes.sort_by(|&a, &b| me.at.distance(at(a)).total_cmp(&me.at.distance(at(b))));
    foes.into_iter()
        .flat_map(|t| {
            [
                Command::Melee { target: t },
                Command::Shoot {
                    target: t,
                    area: false,
                    weapon: None,
                },
            ]
        })
        .filter(|c| ai::legal(s, c))
        .take(4)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::search::{Budget, Settings, choose};
    use crate::rulesets::one_stat::skirmish::tests::{activate, game};

    #[test]
    fn every_candidate_is_one_the_rules_accept() {
        let (mut s, mut dice) = game(Vec::new());
        // Choosing a place in the order: each place left.
        let cs = s.candidates();
        assert!(
            cs.contains(&Command::ChoosePlace {
                player: 0,
                place: 1
            }),
            "{cs:?}"
        );
        for c in cs {
            let mut copy = s.clone();
            assert!(copy.play(&c, &mut Dice::seeded(1)).is_ok(), "{c:?}");
        }
        activate(&mut s, &mut dice, 0);
        let cs = s.candidates();
        assert!(cs.contains(&Command::Melee { target: 2 }), "{cs:?}");
        assert!(cs.contains(&Command::EndActivation), "{cs:?}");
    }

    /// With no enemy in sight the tree moves randomly; a player would not, and no control
    /// offers it: the search weighs going after the enemy behind the wall instead.
    #[test]
    fn a_random_move_is_not_weighed_while_the_enemy_can_be_gone_after() {
        use crate::rules::geometry::Shape;
        use crate::rules::terrain::{TerrainKind, TerrainPiece, TerrainProperty};
        let wall = TerrainPiece {
            id: "wall".into(),
            kind: TerrainKind::Wall,
            shape: Shape::Rect {
                min: (15.0, 0.0),
                max: (16.0, 36.0),
            },
            properties: vec![TerrainProperty::BlocksLineOfSight],
        };
        let (mut s, mut dice) = game(vec![wall]);
        for k in [2, 3] {
            s.fighters[k].at = Vec2::new(20.0 + k as f32 * 2.0, 14.0);
        }
        activate(&mut s, &mut dice, 1);
        assert_eq!(decide(&s), Some(Command::Wander), "the tree wanders");
        let cs = s.candidates();
        assert!(!cs.contains(&Command::Wander), "{cs:?}");
        assert!(
            cs.iter().any(|c| matches!(c, Command::Move { .. })),
            "a move after the enemy: {cs:?}"
        );
    }

    #[test]
    fn the_search_attacks_the_last_enemy_in_reach_for_the_win() {
        let (mut s, mut dice) = game(Vec::new());
        // The Gang is down to Thug, in base contact with Kara.
        s.fighters[3].standing = Standing::Removed;
        activate(&mut s, &mut dice, 0);
        let c = choose(&s, &Settings::new(Budget::Playouts(300), 3)).expect("a choice");
        assert_eq!(c.command, Command::Melee { target: 2 }, "{c:?}");
    }
}
