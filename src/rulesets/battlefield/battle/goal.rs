//! The goal and the losses: units that can still fight, buildings held, the goal checked, a
//! unit eliminated (with what it carries and who is stacked with it), lone leaders caught and
//! hidden units discovered.

use hexx::Hex;

use super::{Battle, Goal};
use crate::engine::state::GameResult;
use crate::rulesets::battlefield::rules::map::{Ground, col_row, hex_at};
use crate::rulesets::battlefield::rules::roster::Kind;

impl Battle {
    /// Units of `side` that can still fight (counting in stacking, or Jedis).
    pub fn fighting(&self, side: usize) -> usize {
        self.units
            .iter()
            .filter(|u| u.side == side && u.alive && u.profile.kind != Kind::Leader)
            .count()
    }

    /// What became of unit `i`, for the result screen: its fate if it is out of the game,
    /// `aboard a transporter`, a leader `left with no unit to lead` once its side has none
    /// that fights (a leader alone does not fight: [`Battle::fighting`]), else `fighting`.
    pub fn fate_of(&self, i: usize) -> String {
        let u = &self.units[i];
        match (&u.fate, u.carried_by) {
            (Some(f), _) => f.clone(),
            (None, Some(_)) => "aboard a transporter".into(),
            (None, None) if u.profile.kind == Kind::Leader && self.fighting(u.side) == 0 => {
                "left with no unit to lead".into()
            }
            (None, None) => "fighting".into(),
        }
    }

    /// The building hexes a capture goal counts (those it names, else every building; every
    /// building under a goal that names none), in column and row order, each with the side
    /// holding it: the side of the unit that counts in stacking standing in it, if any.
    pub fn buildings_counted(&self) -> Vec<(Hex, Option<usize>)> {
        let of: Vec<Hex> = match &self.goal {
            Goal::Capture { of, .. } => of.iter().map(|(c, r)| hex_at(*c, *r)).collect(),
            Goal::EliminateAll => Vec::new(),
        };
        let mut v: Vec<(Hex, Option<usize>)> = self
            .map
            .hexes()
            .into_iter()
            .filter(|(h, t)| {
                matches!(t.ground, Ground::Building(_)) && (of.is_empty() || of.contains(h))
            })
            .map(|(h, _)| (h, self.counting_at(h).map(|i| self.units[i].side)))
            .collect();
        v.sort_by_key(|(h, _)| col_row(*h));
        v
    }

    /// Building hexes `side` holds: one of its units (on the map) stands in it.
    pub fn buildings_held(&self, side: usize) -> Vec<Hex> {
        self.buildings_counted()
            .into_iter()
            .filter(|(_, by)| *by == Some(side))
            .map(|(h, _)| h)
            .collect()
    }

    /// The goal and how it stands, in words, for the screen: the buildings held against
    /// those needed (a capture goal) and the units left fighting on each side (`Galactic
    /// Empire hold 1 of the 3 buildings (ringed on the map) needed by the end of turn 8 ·
    /// fighting: Galactic Empire 9, Rebel Alliance 7`).
    pub fn objective_text(&self) -> String {
        let fighting = format!(
            "fighting: {} {}, {} {}",
            self.sides[0].name,
            self.fighting(0),
            self.sides[1].name,
            self.fighting(1)
        );
        match &self.goal {
            Goal::Capture {
                side,
                buildings,
                by_turn,
                ..
            } => {
                let s = self.sides.iter().position(|x| &x.id == side).unwrap_or(0);
                format!(
                    "{} hold {} of the {buildings} buildings (ringed on the map) needed by the end of turn {by_turn} · {fighting}",
                    self.sides[s].name,
                    self.buildings_held(s).len()
                )
            }
            Goal::EliminateAll => {
                format!("eliminate every fighting unit of the enemy · {fighting}")
            }
        }
    }

    /// Goal: a side with no unit left to fight loses ("eliminate all enemy units"); at the end
    /// of a turn, a capture goal met wins, and at its last turn or the turn limit the game is
    /// decided.
    pub fn check_goal(&mut self, end_of_turn: bool) {
        if self.result.is_some() {
            return;
        }
        let left = [self.fighting(0), self.fighting(1)];
        self.result = match left {
            [0, 0] => Some(GameResult {
                winner: None,
                reason: "both sides are eliminated".into(),
                decided_by: "every unit eliminated".into(),
            }),
            [0, _] | [_, 0] => {
                let loser = if left[0] == 0 { 0 } else { 1 };
                Some(GameResult {
                    winner: Some(Self::other(loser)),
                    reason: format!(
                        "every fighting unit of {} is eliminated",
                        self.sides[loser].name
                    ),
                    decided_by: "every unit eliminated".into(),
                })
            }
            _ => None,
        };
        if self.result.is_some() || !end_of_turn {
            return;
        }
        if let Goal::Capture {
            side,
            buildings,
            by_turn,
            ..
        } = self.goal.clone()
        {
            let s = self.sides.iter().position(|x| x.id == side).unwrap_or(0);
            let held = self.buildings_held(s).len() as u32;
            if held >= buildings {
                self.result = Some(GameResult {
                    winner: Some(s),
                    reason: format!(
                        "{} hold {held} buildings by the end of turn {}",
                        self.sides[s].name, self.turn
                    ),
                    decided_by: "the buildings captured".into(),
                });
            } else if self.turn >= by_turn {
                self.result = Some(GameResult {
                    winner: Some(Self::other(s)),
                    reason: format!(
                        "{} hold only {held} of the {buildings} buildings needed by turn {by_turn}",
                        self.sides[s].name
                    ),
                    decided_by: "the buildings not captured in time".into(),
                });
            }
        }
        if self.result.is_none() && self.turn >= self.turn_limit {
            let winner = match left[0].cmp(&left[1]) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            };
            self.result = Some(GameResult {
                winner,
                reason: format!(
                    "the turn limit: {} unit{} against {} left fighting",
                    left[0],
                    if left[0] == 1 { "" } else { "s" },
                    left[1]
                ),
                decided_by: "units left fighting at the turn limit".into(),
            });
        }
    }

    /// Eliminates unit `i` ("how" in words), with what goes with it: units it carries
    /// (Transport: "If the transporter is destroyed while transporting units, those units are
    /// destroyed too") and the leader and Jedi stacked with it (Leaders: "A leader is
    /// eliminated when the unit with wich it was stacked is eliminated"; a stacked Jedi shares
    /// the unit's fate, ruling `Jedi stacks`).
    pub fn eliminate(&mut self, i: usize, how: &str) {
        if !self.units[i].alive {
            return;
        }
        let (side, hex, counts) = (
            self.units[i].side,
            self.units[i].at,
            self.units[i].profile.kind.counts_in_stacking(),
        );
        self.kill(i, how);
        let aboard: Vec<usize> = (0..self.units.len())
            .filter(|j| self.units[*j].carried_by == Some(i) && self.units[*j].alive)
            .collect();
        for j in aboard {
            self.kill(j, "destroyed with its transporter");
        }
        if counts {
            let stacked: Vec<usize> = self
                .at(hex)
                .filter(|j| self.units[*j].side == side)
                .collect();
            for j in stacked {
                self.kill(j, "eliminated with the unit it was stacked with");
            }
        }
    }

    fn kill(&mut self, i: usize, how: &str) {
        let u = &mut self.units[i];
        u.alive = false;
        u.fate = Some(how.to_string());
        let (label, kind, side) = (u.label(), u.profile.kind, u.side);
        self.log(format!("{label} is {how}"));
        if kind == Kind::Leader {
            self.sides[side].leader_lost = true;
            self.sides[side].leader_bonuses = 0;
            self.log(format!(
                "{} have lost their leader: their bonuses are gone",
                self.sides[side].name
            ));
        }
    }

    /// Leaders of the side other than `side` alone in `hex` (no unit of theirs there that
    /// counts in stacking or is a Jedi).
    pub fn lone_enemy_leaders(&self, hex: Hex, side: usize) -> Vec<usize> {
        if self
            .target_at(hex)
            .is_some_and(|i| self.units[i].side != side)
        {
            return Vec::new();
        }
        self.at(hex)
            .filter(|i| self.units[*i].side != side && self.units[*i].profile.kind == Kind::Leader)
            .collect()
    }

    /// Reveals `side`'s enemies that are hidden next to `hex` (docs/rules/battlefield.md,
    /// `Hidden units`); whether any was.
    pub fn reveal_near(&mut self, hex: Hex, side: usize) -> bool {
        let mut any = false;
        for i in 0..self.units.len() {
            let u = &self.units[i];
            if u.hidden && u.alive && u.side != side && u.at.unsigned_distance_to(hex) <= 1 {
                self.units[i].hidden = false;
                let l = self.units[i].label();
                self.log(format!("{l} is discovered"));
                any = true;
            }
        }
        any
    }
}

#[cfg(test)]
mod tests {
    use super::Goal;
    use crate::rulesets::battlefield::testing::{battle, logged, path, unit};

    #[test]
    fn a_side_with_no_unit_left_loses() {
        let mut b = battle();
        for id in ["mc1", "mc2", "mc3"] {
            let i = unit(&b, id);
            b.eliminate(i, "gone");
            b.check_goal(false);
            assert!(b.result.is_none(), "the guerilla fights on");
        }
        b.eliminate(unit(&b, "gu1"), "gone");
        b.check_goal(false);
        let r = b.result.clone().expect("decided");
        assert_eq!(r.winner, Some(0));
        assert_eq!(
            r.reason,
            "every fighting unit of Rebel Alliance is eliminated"
        );
    }

    #[test]
    fn a_leader_left_alone_is_told_as_such_not_as_fighting() {
        // Issue 30: the result said `every unit ... is eliminated` and listed the Alliance
        // Leader as fighting.
        let mut b = battle();
        let gu1 = unit(&b, "gu1");
        b.units[gu1].profile.kind = super::Kind::Leader;
        assert_eq!(b.fate_of(gu1), "fighting", "its units fight on");
        for id in ["mc1", "mc2", "mc3"] {
            let i = unit(&b, id);
            b.eliminate(i, "gone");
        }
        b.check_goal(false);
        assert_eq!(b.result.clone().expect("decided").winner, Some(0));
        assert_eq!(b.fate_of(gu1), "left with no unit to lead");
    }

    #[test]
    fn a_transporter_destroyed_takes_its_passengers_with_it() {
        let mut b = battle();
        let (st2, jg) = (unit(&b, "st2"), unit(&b, "jg"));
        b.units[st2].carried_by = Some(jg);
        b.units[st2].at = b.units[jg].at;
        b.eliminate(jg, "destroyed by a test");
        assert!(!b.units[st2].alive);
        assert!(logged(
            &b,
            "Stormtrooper 2 is destroyed with its transporter"
        ));
    }

    #[test]
    fn at_the_turn_limit_more_units_left_wins() {
        let mut b = battle();
        b.check_goal(true);
        assert!(b.result.is_none(), "turn 1 of 3");
        b.turn = 3;
        b.check_goal(true);
        let r = b.result.clone().expect("the limit");
        assert_eq!(r.winner, Some(0), "6 units against 4");
        assert_eq!(r.reason, "the turn limit: 6 units against 4 left fighting");
    }

    #[test]
    fn the_objective_on_screen_counts_buildings_held_and_units_fighting() {
        let mut b = battle();
        assert_eq!(
            b.objective_text(),
            "eliminate every fighting unit of the enemy · fighting: Galactic Empire 6, Rebel Alliance 4"
        );
        b.goal = Goal::Capture {
            side: "alliance".into(),
            buildings: 3,
            by_turn: 8,
            of: Vec::new(),
        };
        b.eliminate(unit(&b, "mc2"), "gone");
        assert_eq!(
            b.objective_text(),
            "Rebel Alliance hold 1 of the 3 buildings (ringed on the map) needed by the end of turn 8 · fighting: Galactic Empire 6, Rebel Alliance 3"
        );
        // Each building the goal counts, with its holder: the alliance's in (2, 4).
        let rings = b.buildings_counted();
        assert_eq!(
            rings.iter().map(|(h, _)| *h).collect::<Vec<_>>(),
            path(&[(2, 2), (2, 4)])
        );
        assert_eq!(rings[1].1, Some(1));
    }

    #[test]
    fn a_building_is_held_by_the_side_standing_in_it() {
        let b = battle();
        assert_eq!(b.buildings_held(1), path(&[(2, 4)]));
        assert!(b.buildings_held(0).is_empty());
        assert_eq!((b.fighting(0), b.fighting(1)), (6, 4));
    }
}
