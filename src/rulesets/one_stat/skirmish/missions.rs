//! The solitaire missions besides the Bounty: Collect, Escort, Investigate, Rescue (and
//! Rescue then Escort) and Shutdown, set up when the game begins and decided as it goes
//! (one-stat-skirmish.txt, "Solitaire Scenarios").

use glam::Vec2;

use super::super::rules::fighter::{Fighter, Tier};
use super::super::rules::scenario::{Goal, START_AREA, start_places_at};
use super::super::rules::solitaire::{Happening, grid_square};
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
        // Off any piece a fighter could not reach it on.
        let square = grid_square(x, y) * (self.table / 36.0);
        let at = self.clear_place_near(square, false).unwrap_or(square);
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
                let at = start_places_at(far, 1, self.start)[0];
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
    /// *something* is happening": what the clues lead to ([`Happening`]; the doom device where
    /// the scenario names nothing) at a square of the grid, and "feel free to place more clue
    /// counters for more events to reveal": two more clues for the next, where the scenario
    /// names more (docs/rules/one_stat.md, "Investigate").
    ///
    /// Errors: the dice's.
    pub(super) fn clue_found(&mut self, dice: &mut Dice) -> Result<(), String> {
        if self.tokens.iter().any(|t| t.kind == TokenKind::Clue) {
            return Ok(());
        }
        let what = self
            .solitaire
            .as_ref()
            .and_then(|x| x.next)
            .unwrap_or(Happening::Doom);
        match what {
            Happening::Doom => {
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
            }
            Happening::Rover => {
                let at = self.random_square(dice, "both clues found: the Mars Rover")?;
                self.tokens.push(Token::new(TokenKind::Rover, at));
                self.events.push(
                    "the Mars Rover is found: reactivate it (touching it, a roll at or under a stat)"
                        .into(),
                );
            }
            Happening::Hideout => {
                let at = self.random_square(dice, "both clues found: the robbers' hideout")?;
                self.tokens.push(Token::new(TokenKind::Hideout, at));
                self.events
                    .push("the robbers' hideout is found, and the robbers come out:".into());
                let robbers = self.spawn_wave_at(dice, Some(at))?;
                if let Some(sol) = &mut self.solitaire {
                    sol.robbers = robbers;
                }
            }
            Happening::Deity => {
                let at = self.random_square(dice, "both clues found: the cultists")?;
                if let Some(sol) = self.solitaire.clone()
                    && let Some(place) = self.free_place_near(at)
                {
                    let number = sol.spawned + 1;
                    let mut deity = self.new_opponent(&sol, Tier::Boss, number);
                    deity.id = "deity".into();
                    deity.name = "The Deity".into();
                    self.fighters.push(OnTable::new(deity, 1, place));
                    self.tell_apart();
                    let k = self.fighters.len() - 1;
                    if let Some(x) = &mut self.solitaire {
                        x.spawned = number;
                        x.deity = Some(k);
                    }
                }
                self.events.push(
                    "cultists awaken a sleeping deity: the Deity (a Boss) and its cultists come; finish the Deity"
                        .into(),
                );
                self.spawn_wave_at(dice, Some(at))?;
            }
        }
        let next = self.solitaire.as_mut().and_then(|sol| {
            (!sol.happenings.is_empty()).then(|| {
                let n = sol.happenings.remove(0);
                sol.next = Some(n);
                n
            })
        });
        if next.is_some() {
            for k in 1..=2 {
                let at = self.random_square(dice, &format!("a further clue {k}"))?;
                self.tokens.push(Token::new(TokenKind::Clue, at));
            }
            self.events
                .push("two more clues, for more to reveal".into());
        }
        Ok(())
    }

    /// Investigate: whether anything the clues lead to is still to be seen to besides
    /// `except` (clues on the table or still to come, a doom device ticking, the Mars Rover
    /// not reactivated, a robber or the Deity in the game).
    pub(super) fn investigation_open(&self, except: Option<Happening>) -> bool {
        let Some(sol) = &self.solitaire else {
            return false;
        };
        let alive = |k: usize| self.fighters[k].standing != Standing::Removed;
        let token = |kind: TokenKind, h: Happening| {
            except != Some(h) && self.tokens.iter().any(|t| t.kind == kind)
        };
        self.tokens.iter().any(|t| t.kind == TokenKind::Clue)
            || !sol.happenings.is_empty()
            || token(TokenKind::Doom, Happening::Doom)
            || token(TokenKind::Rover, Happening::Rover)
            || (except != Some(Happening::Hideout) && sol.robbers.iter().any(|&k| alive(k)))
            || (except != Some(Happening::Deity) && sol.deity.is_some_and(alive))
    }

    /// Investigate, after every command: the hideout cleared once its robbers are all out of
    /// the game, the Deity finished; the mission won when nothing the clues led to is left.
    fn watch_investigation(&mut self) {
        let Some(sol) = self.solitaire.clone() else {
            return;
        };
        let gone = |k: usize| self.fighters[k].standing == Standing::Removed;
        if !sol.robbers.is_empty() && sol.robbers.iter().all(|&k| gone(k)) {
            self.tokens.retain(|t| t.kind != TokenKind::Hideout);
            if let Some(x) = &mut self.solitaire {
                x.robbers.clear();
            }
            self.events
                .push("the robbers' hideout is cleared: every robber is out of the game".into());
        }
        if sol.deity.is_some_and(gone) {
            if let Some(x) = &mut self.solitaire {
                x.deity = None;
            }
            self.events.push("the Deity is finished".into());
        }
        if !self.investigation_open(None) {
            self.win(
                format!(
                    "{} have seen to everything the clues led to",
                    self.players[0].name
                ),
                "Investigate",
            );
        }
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
            Goal::Investigate => self.watch_investigation(),
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

#[cfg(test)]
mod tests {
    use glam::Vec2;

    use super::super::super::rules::fighter::Tier;
    use super::super::super::rules::scenario::Goal;
    use super::super::super::rules::solitaire::Happening;
    use super::super::tests::{ok, refused, solitaire};
    use super::super::tokens::{DeviceId, TokenKind};
    use super::super::{Activation, Command, Skirmish, Standing};
    use super::RESCUE_TURNS;
    use crate::rules::dice::Dice;

    /// Spawn points in squares (1,1) to (6,6).
    const POINTS: [u8; 12] = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6];

    /// The solitaire game of `goal` mustered with `mission` dice after the spawn points, and
    /// the spawn roll 1,2,3,4,5,6 (a Rookie at each point).
    fn begun(goal: Goal, mission: &[u8]) -> (Skirmish, Dice) {
        let mut s = solitaire(goal);
        let mut faces = POINTS.to_vec();
        faces.extend_from_slice(mission);
        faces.extend([1, 2, 3, 4, 5, 6]);
        let mut dice = Dice::forced(faces);
        ok(
            &mut s,
            0,
            Command::Muster {
                player: 0,
                warband: None,
            },
            &mut dice,
        );
        (s, dice)
    }

    /// Kara (fighter 0) active at `at`.
    fn kara_at(s: &mut Skirmish, at: Vec2) {
        s.fighters[0].at = at;
        s.active = Some(Activation::new(0));
    }

    #[test]
    fn collect_places_six_treasures_by_the_grid_and_is_won_when_all_are_picked_up() {
        let (mut s, mut dice) = begun(Goal::Collect, &[1, 6, 2, 5, 3, 4, 4, 3, 5, 2, 6, 1]);
        let at: Vec<Vec2> = s.tokens.iter().map(|t| t.at).collect();
        assert_eq!(at.len(), 6);
        assert_eq!(at[0], Vec2::new(3.0, 33.0), "square (1, 6)");
        assert!(s.tokens.iter().all(|t| t.kind == TokenKind::Treasure));
        for k in 0..6 {
            let t = s.tokens[0].at;
            kara_at(&mut s, t + Vec2::new(1.0, 0.0));
            ok(&mut s, 0, Command::PickUp { token: 0 }, &mut dice);
            assert_eq!(s.solitaire.as_ref().unwrap().collected, k + 1);
            assert_eq!(s.result.is_some(), k == 5, "won with the sixth");
        }
        assert_eq!(s.result.clone().unwrap().winner, Some(0));
    }

    #[test]
    fn the_one_escorted_is_a_rookie_of_stat_4_who_cannot_attack_and_must_reach_the_far_corner() {
        let (mut s, mut dice) = begun(Goal::Escort, &[]);
        let e = s
            .solitaire
            .as_ref()
            .unwrap()
            .escort
            .expect("the one escorted");
        let f = &s.fighters[e];
        assert_eq!(
            (f.player, f.fighter.stat, f.fighter.weapons.len()),
            (0, 4, 0)
        );
        assert!(s.in_start_area(f.at, 0));
        // He cannot attack: no weapon.
        let foe = s.fighters.iter().position(|f| f.player == 1).unwrap();
        s.fighters[e].at = s.fighters[foe].at + Vec2::new(1.0, 0.0);
        s.active = Some(Activation::new(e));
        assert!(
            refused(&mut s, 0, Command::Melee { target: foe }, &mut dice)
                .contains("no melee weapon")
        );
        let mut killed = s.clone();
        killed.fighters[e].standing = Standing::Removed;
        killed.decide();
        assert_eq!(killed.result.unwrap().winner, Some(1));
        // Within 5" of the opposing corner: the escort is done.
        s.fighters[e].at = Vec2::new(33.0, 33.0);
        s.decide();
        assert_eq!(s.result.unwrap().winner, Some(0));
    }

    #[test]
    fn investigate_the_clues_place_the_doom_device_with_d6_turns_to_stop_it() {
        // Clues in squares (2, 2) and (5, 5).
        let (mut s, mut dice) = begun(Goal::Investigate, &[2, 2, 5, 5]);
        assert_eq!(s.tokens.len(), 2);
        kara_at(&mut s, Vec2::new(10.0, 9.0));
        ok(&mut s, 0, Command::PickUp { token: 0 }, &mut dice);
        assert!(s.solitaire.as_ref().unwrap().doom.is_none());
        s.active = Some(Activation::new(0));
        assert!(
            refused(
                &mut s,
                0,
                Command::Manipulate {
                    device: DeviceId::Doom
                },
                &mut dice
            )
            .contains("not found")
        );
        // The second clue: the device in square (4, 3) with 2 turns left.
        kara_at(&mut s, Vec2::new(28.0, 27.0));
        dice.push_forced([4, 3, 2]);
        ok(&mut s, 0, Command::PickUp { token: 0 }, &mut dice);
        assert_eq!(s.tokens[0].kind, TokenKind::Doom);
        assert_eq!(s.tokens[0].at, Vec2::new(21.0, 15.0));
        assert_eq!(s.solitaire.as_ref().unwrap().doom, Some((2, 1)));
        // Turn 1 is the one it was found in: the count starts with turn 2.
        let mut late = s.clone();
        late.mission_end_of_turn();
        late.phase = 2;
        late.mission_end_of_turn();
        assert!(late.result.is_none());
        late.phase = 3;
        late.mission_end_of_turn();
        assert_eq!(late.result.unwrap().winner, Some(1), "it goes off");
        // Stopped in time: a roll at or under the stat, touching it.
        kara_at(&mut s, Vec2::new(21.0, 16.0));
        dice.push_forced([5, 8]);
        ok(
            &mut s,
            0,
            Command::Manipulate {
                device: DeviceId::Doom,
            },
            &mut dice,
        );
        assert_eq!(s.result.unwrap().winner, Some(0));
    }

    /// Issue 60, Investigate: "feel free to place more clue counters for more events to
    /// reveal": the first pair leads to the Mars Rover, reactivated by a roll; the next pair,
    /// placed as the first is found, to the robbers' hideout, cleared when its robbers are
    /// gone; the last to the Deity and its cultists, finished to win.
    #[test]
    fn investigate_more_clues_lead_to_the_rover_the_hideout_and_the_deity() {
        let mut s = super::super::tests::solitaire(Goal::Investigate);
        if let Some(sol) = &mut s.solitaire {
            sol.next = Some(Happening::Rover);
            sol.happenings = vec![Happening::Hideout, Happening::Deity];
        }
        // Spawn points, clues in squares (2, 2) and (5, 5), a Rookie at each point.
        let mut faces = POINTS.to_vec();
        faces.extend([2, 2, 5, 5, 1, 2, 3, 4, 5, 6]);
        let mut dice = Dice::forced(faces);
        let muster = Command::Muster {
            player: 0,
            warband: None,
        };
        ok(&mut s, 0, muster, &mut dice);
        kara_at(&mut s, Vec2::new(10.0, 9.0));
        ok(&mut s, 0, Command::PickUp { token: 0 }, &mut dice);
        // The second clue: the Rover in square (4, 3); two more clues, (1, 6) and (6, 1).
        kara_at(&mut s, Vec2::new(28.0, 27.0));
        dice.push_forced([4, 3, 1, 6, 6, 1]);
        ok(&mut s, 0, Command::PickUp { token: 0 }, &mut dice);
        let kinds: Vec<TokenKind> = s.tokens.iter().map(|t| t.kind).collect();
        assert_eq!(kinds, [TokenKind::Rover, TokenKind::Clue, TokenKind::Clue]);
        assert_eq!(s.tokens[0].at, Vec2::new(21.0, 15.0));
        // Reactivated: gone, and the mission goes on.
        kara_at(&mut s, Vec2::new(21.0, 16.0));
        dice.push_forced([8, 5]);
        let rover = Command::Manipulate {
            device: DeviceId::Rover,
        };
        ok(&mut s, 0, rover.clone(), &mut dice);
        assert!(s.result.is_none());
        kara_at(&mut s, Vec2::new(21.0, 16.0));
        assert!(refused(&mut s, 0, rover, &mut dice).contains("reactivated"));
        // The second pair: the hideout in square (3, 4), its robbers by the spawn dice (a
        // Rookie each of 1, 2, 3 and 4), and the last pair, (2, 5) and (5, 2).
        kara_at(&mut s, Vec2::new(4.0, 33.0));
        ok(&mut s, 0, Command::PickUp { token: 0 }, &mut dice);
        kara_at(&mut s, Vec2::new(32.0, 3.0));
        dice.push_forced([3, 4, 1, 2, 3, 4, 5, 5, 2, 5, 5, 2]);
        ok(&mut s, 0, Command::PickUp { token: 0 }, &mut dice);
        let hideout = Vec2::new(15.0, 21.0);
        let robbers = s.solitaire.as_ref().unwrap().robbers.clone();
        assert_eq!(
            robbers.len(),
            5,
            "a Rookie at 1-4 and a Specialist for the pair of 5s"
        );
        for &k in &robbers {
            assert_eq!(s.fighters[k].player, 1);
            assert!(s.fighters[k].at.distance(hideout) < 3.0, "at the hideout");
        }
        assert!(s.tokens.iter().any(|t| t.kind == TokenKind::Hideout));
        for &k in &robbers {
            s.fighters[k].standing = Standing::Removed;
        }
        s.decide();
        assert!(
            !s.tokens.iter().any(|t| t.kind == TokenKind::Hideout),
            "cleared"
        );
        assert!(s.result.is_none(), "the last pair of clues is still out");
        // The last pair: the Deity and its cultists in square (6, 6); no more clues.
        kara_at(&mut s, Vec2::new(8.0, 27.0));
        ok(&mut s, 0, Command::PickUp { token: 0 }, &mut dice);
        kara_at(&mut s, Vec2::new(28.0, 9.0));
        dice.push_forced([6, 6, 1, 1, 2, 3, 4, 5]);
        ok(&mut s, 0, Command::PickUp { token: 0 }, &mut dice);
        assert!(!s.tokens.iter().any(|t| t.kind == TokenKind::Clue));
        let d = s.solitaire.as_ref().unwrap().deity.expect("the Deity");
        let deity = &s.fighters[d];
        assert_eq!(
            (
                deity.fighter.name.as_str(),
                deity.fighter.tier,
                deity.fighter.stat
            ),
            ("The Deity", Tier::Boss, 6)
        );
        assert!(deity.at.distance(Vec2::new(33.0, 33.0)) < 3.0);
        assert!(s.result.is_none());
        s.fighters[d].standing = Standing::Removed;
        s.decide();
        let r = s.result.clone().expect("won");
        assert_eq!(r.winner, Some(0));
        assert!(r.reason.contains("seen to everything"), "{}", r.reason);
    }

    /// A doom device stopped with more the clues lead to stops ticking and goes; the mission
    /// goes on.
    #[test]
    fn a_doom_device_stopped_with_more_to_come_goes_and_the_mission_goes_on() {
        let mut s = super::super::tests::solitaire(Goal::Investigate);
        if let Some(sol) = &mut s.solitaire {
            sol.happenings = vec![Happening::Rover];
        }
        let mut faces = POINTS.to_vec();
        faces.extend([2, 2, 5, 5, 1, 2, 3, 4, 5, 6]);
        let mut dice = Dice::forced(faces);
        let muster = Command::Muster {
            player: 0,
            warband: None,
        };
        ok(&mut s, 0, muster, &mut dice);
        kara_at(&mut s, Vec2::new(10.0, 9.0));
        ok(&mut s, 0, Command::PickUp { token: 0 }, &mut dice);
        // The doom device in (4, 3) with 2 turns; the Rover's clues in (1, 6) and (6, 1).
        kara_at(&mut s, Vec2::new(28.0, 27.0));
        dice.push_forced([4, 3, 2, 1, 6, 6, 1]);
        ok(&mut s, 0, Command::PickUp { token: 0 }, &mut dice);
        assert_eq!(s.solitaire.as_ref().unwrap().doom, Some((2, 1)));
        kara_at(&mut s, Vec2::new(21.0, 16.0));
        dice.push_forced([5, 8]);
        ok(
            &mut s,
            0,
            Command::Manipulate {
                device: DeviceId::Doom,
            },
            &mut dice,
        );
        assert!(s.result.is_none());
        assert_eq!(s.solitaire.as_ref().unwrap().doom, None);
        assert!(!s.tokens.iter().any(|t| t.kind == TokenKind::Doom));
        s.phase = 9;
        s.mission_end_of_turn();
        assert!(s.result.is_none(), "stopped, it ticks no more");
    }

    /// Issue 60, "feel free to add variation": opponents of a tier with profiles take them in
    /// turn, each named after his and with its stat, specialisation and weapons; a tier with
    /// none keeps the shared stat.
    #[test]
    fn opponents_with_profiles_spawn_as_their_tiers_profiles_in_turn() {
        use super::super::super::rules::fighter::{Shooter, Specialisation, Weapon};
        use super::super::super::rules::solitaire::OpponentProfile;
        let gun = vec![Weapon::Shooter {
            name: "hand cannon".into(),
            class: Shooter::Heavy,
        }];
        let profile = |tier, name: &str, stat, specialisation, weapons| OpponentProfile {
            tier,
            name: name.into(),
            stat,
            specialisation,
            weapons,
        };
        let mut s = super::super::tests::solitaire(Goal::Shutdown);
        if let Some(sol) = &mut s.solitaire {
            sol.profiles = vec![
                profile(Tier::Rookie, "Ghoul", 2, None, None),
                profile(
                    Tier::Boss,
                    "Lich",
                    9,
                    Some(Specialisation::Tank),
                    Some(gun.clone()),
                ),
                profile(Tier::Rookie, "Zombie", 5, None, None),
            ];
        }
        // A Rookie at 1, 2 and 4, a Boss at 3.
        let mut faces = POINTS.to_vec();
        faces.extend([1, 2, 4, 3, 3, 3]);
        let mut dice = Dice::forced(faces);
        let muster = Command::Muster {
            player: 0,
            warband: None,
        };
        ok(&mut s, 0, muster, &mut dice);
        // A second wave: Rookies at 1 and 2, a Specialist at 5.
        dice.push_forced([1, 2, 5, 5, 6, 6]);
        s.spawn_wave(&mut dice).unwrap();
        let spawned: Vec<(String, u8, Option<Specialisation>)> = s
            .fighters
            .iter()
            .filter(|f| f.player == 1)
            .map(|f| {
                (
                    f.fighter.name.clone(),
                    f.fighter.stat,
                    f.fighter.specialisation,
                )
            })
            .collect();
        let want = [
            ("Ghoul 1", 2, None),
            ("Zombie 2", 5, None),
            ("Lich 3", 9, Some(Specialisation::Tank)),
            ("Ghoul 4", 2, None),
            ("Zombie 5", 5, None),
            ("Ghoul 6", 2, None),
            ("Specialist 7", 4, None),
            ("Specialist 8", 4, None),
        ];
        let want: Vec<(String, u8, Option<Specialisation>)> = want
            .iter()
            .map(|(n, st, sp)| (n.to_string(), *st, *sp))
            .collect();
        assert_eq!(spawned, want);
        let lich = s
            .fighters
            .iter()
            .find(|f| f.fighter.name == "Lich 3")
            .unwrap();
        assert_eq!(lich.fighter.weapons, gun, "his own weapons");
        let ghoul = s
            .fighters
            .iter()
            .find(|f| f.fighter.name == "Ghoul 1")
            .unwrap();
        assert_eq!(
            ghoul.fighter.weapons,
            super::super::tests::knife(),
            "the shared ones"
        );
    }

    #[test]
    fn rescue_reach_the_hostage_within_6_turns_or_fail() {
        let (s, _) = begun(Goal::Rescue, &[]);
        let h = s.tokens[0].at;
        assert_eq!(s.tokens[0].kind, TokenKind::Hostage);
        assert!(
            h.distance(Vec2::splat(36.0)) <= 5.0,
            "in the opposing corner"
        );
        let mut late = s.clone();
        late.phase = RESCUE_TURNS - 1;
        late.mission_end_of_turn();
        assert!(late.result.is_none());
        late.phase = RESCUE_TURNS;
        late.mission_end_of_turn();
        assert_eq!(late.result.unwrap().winner, Some(1));
        let mut reached = s.clone();
        reached.fighters[0].at = h - Vec2::new(1.0, 0.0);
        reached.watch_hostage();
        reached.decide();
        assert_eq!(reached.result.unwrap().winner, Some(0));
        // Rescue then Escort: reaching him is half of it; he must be brought home.
        let (mut s, _) = begun(Goal::RescueThenEscort, &[]);
        s.fighters[0].at = h - Vec2::new(1.0, 0.0);
        s.watch_hostage();
        s.decide();
        assert!(s.result.is_none());
        let e = s
            .solitaire
            .as_ref()
            .unwrap()
            .escort
            .expect("the hostage joins");
        assert!(s.fighters[e].at.distance(h) < 2.0);
        s.fighters[e].at = Vec2::new(2.0, 2.0);
        s.decide();
        assert_eq!(s.result.unwrap().winner, Some(0));
    }

    #[test]
    fn shutdown_each_spawn_point_shut_by_a_roll_spawns_nothing_and_all_shut_with_nobody_left_wins()
    {
        let (mut s, mut dice) = begun(Goal::Shutdown, &[]);
        let p = s.solitaire.as_ref().unwrap().spawn_points[0];
        // Kara stands clear of spawn point 1's Rookie, touching the point's marker.
        s.fighters.retain(|f| f.player == 0);
        kara_at(&mut s, p + Vec2::new(0.0, 1.0));
        dice.push_forced([6, 3]);
        ok(
            &mut s,
            0,
            Command::Manipulate {
                device: DeviceId::SpawnPoint(0),
            },
            &mut dice,
        );
        assert!(s.solitaire.as_ref().unwrap().shut[0]);
        // A new wave of 1,1,2,2,3,3: nothing at point 1, Specialists at 2 and 3.
        dice.push_forced([1, 1, 2, 2, 3, 3]);
        s.spawn_wave(&mut dice).unwrap();
        let tiers: Vec<_> = s
            .fighters
            .iter()
            .filter(|f| f.player == 1)
            .map(|f| f.at)
            .collect();
        assert_eq!(tiers.len(), 2);
        s.fighters.retain(|f| f.player == 0);
        if let Some(sol) = &mut s.solitaire {
            sol.shut = vec![true; 6];
        }
        s.decide();
        assert_eq!(s.result.unwrap().winner, Some(0));
    }
}
