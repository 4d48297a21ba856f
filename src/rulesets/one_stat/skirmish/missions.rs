//! The solitaire missions besides the Bounty: Collect, Escort, Investigate, Rescue (and
//! Rescue then Escort) and Shutdown, set up when the game begins and decided as it goes
//! (one-stat-skirmish.txt, "Solitaire Scenarios").

use glam::Vec2;

use super::super::rules::fighter::{Fighter, Tier};
use super::super::rules::scenario::{Goal, START_AREA, start_places_at};
use super::super::rules::solitaire::grid_square;
use super::tokens::{Token, TokenKind};
use super::{OnTable, Skirmish, Standing};
use crate::engine::state::GameResult;
use crate::rules::dice::{Dice, DiceExpr};

/// Rescue's time: "You've got 6 turns to bring one of your fighters in base to base contact
/// to the hostage or the mission is failed".
pub const RESCUE_TURNS: u32 = 6;

impl Skirmish {
    /// A square of the 6" grid by two d6 ("same method as for placing spawnpoints"), its
    /// centre spread over the table, inches; `what` names the rolls.
    ///
    /// Errors: the dice's.
    pub(super) fn random_square(&mut self, dice: &mut Dice, what: &str) -> Result<Vec2, String> {
        let x = dice
            .roll(DiceExpr::d(6), format!("{what}: across"))
            .map_err(|e| e.to_string())? as u8;
        let y = dice
            .roll(DiceExpr::d(6), format!("{what}: up"))
            .map_err(|e| e.to_string())? as u8;
        let at = grid_square(x, y) * (self.table / 36.0);
        self.events.push(format!(
            "{what} in square ({x}, {y}), at ({:.0}, {:.0})",
            at.x, at.y
        ));
        Ok(at)
    }

    /// The mission's own pieces when the solitaire game begins: Collect's six treasures and
    /// Investigate's two clues placed at random, the one to escort in the player's corner,
    /// the hostage in the opposing corner, Shutdown's spawn points all working.
    ///
    /// Errors: the dice's.
    pub(super) fn set_up_mission(&mut self, dice: &mut Dice) -> Result<(), String> {
        let far = self.table - self.players[0].corner;
        match self.goal {
            Goal::Collect => {
                for k in 1..=6 {
                    let at = self.random_square(dice, &format!("treasure {k}"))?;
                    self.tokens.push(Token::new(TokenKind::Treasure, at));
                }
            }
            Goal::Investigate => {
                for k in 1..=2 {
                    let at = self.random_square(dice, &format!("clue {k}"))?;
                    self.tokens.push(Token::new(TokenKind::Clue, at));
                }
            }
            Goal::Escort => {
                let at = self.free_start_place(0).unwrap_or(self.players[0].corner);
                self.add_escort(at);
            }
            Goal::Rescue | Goal::RescueThenEscort => {
                let at = start_places_at(far, 1)[0];
                self.tokens.push(Token::new(TokenKind::Hostage, at));
                self.events.push(format!(
                    "the hostage waits in the opposing corner: {RESCUE_TURNS} turns to reach him"
                ));
            }
            Goal::Shutdown => {
                if let Some(sol) = &mut self.solitaire {
                    sol.shut = vec![false; sol.spawn_points.len()];
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// "The miniature to be escorted is a Rookie, stat 4, who cannot attack": he joins the
    /// player's warband at `at`, with no weapon.
    fn add_escort(&mut self, at: Vec2) {
        let f = Fighter {
            id: "escort".into(),
            name: if self.goal == Goal::Escort {
                "The Escorted".into()
            } else {
                "The Hostage".into()
            },
            tier: Tier::Rookie,
            stat: 4,
            weapons: Vec::new(),
            specialisation: None,
        };
        self.events.push(format!(
            "{} (a Rookie, stat 4, who cannot attack) must reach the {} corner",
            f.name,
            if self.goal == Goal::Escort {
                "opposing"
            } else {
                "home"
            }
        ));
        self.fighters.push(OnTable::new(f, 0, at));
        let k = self.fighters.len() - 1;
        if let Some(sol) = &mut self.solitaire {
            sol.escort = Some(k);
        }
    }

    /// Investigate: "Once you got both tokens, place the 3rd token randomly. At this position
    /// *something* is happening ... A doom device is ticking and you've only got d6 turns left
    /// to deactivate it" (the turns counted from the next, docs/rules/one_stat.md,
    /// "Investigate").
    ///
    /// Errors: the dice's.
    pub(super) fn clue_found(&mut self, dice: &mut Dice) -> Result<(), String> {
        if self.tokens.iter().any(|t| t.kind == TokenKind::Clue) {
            return Ok(());
        }
        let at = self.random_square(dice, "both clues found: the doom device")?;
        let turns = dice
            .roll(DiceExpr::d(6), "the doom device: turns left")
            .map_err(|e| e.to_string())? as u32;
        self.tokens.push(Token::new(TokenKind::Doom, at));
        if let Some(sol) = &mut self.solitaire {
            sol.doom = Some((turns, self.phase));
        }
        self.events.push(format!(
            "a doom device is ticking: {turns} turns left to stop it (a roll at or under a stat in base contact)"
        ));
        Ok(())
    }

    /// After every command: a fighter of the player's in base contact with the hostage
    /// rescues him ("bring one of your fighters in base to base contact to the hostage"); in
    /// Rescue then Escort he then must be escorted home.
    pub(super) fn watch_hostage(&mut self) {
        let Some(k) = self
            .tokens
            .iter()
            .position(|t| t.kind == TokenKind::Hostage)
        else {
            return;
        };
        let at = self.tokens[k].at;
        let reached = (0..self.fighters.len()).any(|i| {
            self.fighters[i].player == 0
                && self.fighters[i].standing == Standing::Upright
                && self.touches(i, at)
        });
        if !reached {
            return;
        }
        self.tokens.remove(k);
        self.events.push("the hostage is reached".into());
        if let Some(sol) = &mut self.solitaire {
            sol.rescued = true;
        }
        if self.goal == Goal::RescueThenEscort {
            let spot = self.free_place_near(at).unwrap_or(at);
            self.add_escort(spot);
            let e = self.fighters.len() - 1;
            self.fighters[e].activated = true;
        }
    }

    /// The end of a solitaire turn: the doom device ticks, Rescue's time runs out.
    pub(super) fn mission_end_of_turn(&mut self) {
        let Some(sol) = &mut self.solitaire else {
            return;
        };
        if let Some((left, placed)) = &mut sol.doom
            && self.phase > *placed
        {
            *left = left.saturating_sub(1);
            let left = *left;
            if left == 0 {
                self.lose("the doom device goes off", "Investigate");
            } else {
                self.events
                    .push(format!("the doom device ticks: {left} turns left"));
            }
            return;
        }
        if matches!(self.goal, Goal::Rescue | Goal::RescueThenEscort)
            && !sol.rescued
            && self.phase >= RESCUE_TURNS
        {
            self.lose(
                "after 6 turns the hostage is not reached: the opponents kill him",
                "Rescue",
            );
        }
    }

    /// The player fails the mission: `why`, `decided_by`.
    fn lose(&mut self, why: &str, decided_by: &str) {
        if self.result.is_none() {
            self.result = Some(GameResult {
                winner: Some(1),
                reason: format!("{}: {} have failed", why, self.players[0].name),
                decided_by: decided_by.into(),
            });
        }
    }

    /// The player wins: `why`, `decided_by`.
    fn win(&mut self, why: String, decided_by: &str) {
        if self.result.is_none() {
            self.result = Some(GameResult {
                winner: Some(0),
                reason: why,
                decided_by: decided_by.into(),
            });
        }
    }

    /// Whether the solitaire mission is won or lost now (besides the Bounty, whose end
    /// [`Skirmish::decide`] keeps): Collect's six treasures, the one escorted reaching his
    /// corner or killed, the hostage reached, every spawn point shut and nobody left.
    pub(super) fn decide_mission(&mut self) {
        let Some(sol) = self.solitaire.clone() else {
            return;
        };
        match self.goal {
            Goal::Collect if sol.collected >= 6 => {
                self.win(
                    format!("{} collect all six treasures", self.players[0].name),
                    "Collect",
                );
            }
            Goal::Escort | Goal::RescueThenEscort => {
                let Some(e) = sol.escort else { return };
                let f = &self.fighters[e];
                let goal = if self.goal == Goal::Escort {
                    self.table - self.players[0].corner
                } else {
                    self.players[0].corner
                };
                if f.standing == Standing::Removed {
                    self.lose(&format!("{} is killed", f.fighter.name), self.goal.word());
                } else if f.at.distance(goal) <= START_AREA {
                    self.win(
                        format!("{} is escorted to the corner", f.fighter.name),
                        self.goal.word(),
                    );
                }
            }
            Goal::Rescue if sol.rescued => {
                self.win(
                    format!("{} reach the hostage in time", self.players[0].name),
                    "Rescue",
                );
            }
            Goal::Shutdown
                if !sol.shut.is_empty() && sol.shut.iter().all(|s| *s) && !self.has_fighters(1) =>
            {
                self.win(
                    "every spawn point is shut down and the opponents are eliminated".into(),
                    "Shutdown",
                );
            }
            _ => {}
        }
    }
}
