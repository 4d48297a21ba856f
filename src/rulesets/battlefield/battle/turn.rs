//! The turn sequence: initiative, impulses with their activation dice, passing, the extra
//! activations once a side is done and the end of the turn (Turn sequence, Leaders).

use super::{Battle, Impulse, ImpulseKind, Refusal};
use crate::engine::state::GameResult;
use crate::rules::dice::Dice;
use crate::rules::words::verb;

impl Battle {
    /// Starts turn `self.turn`: the leader-loss quality drops, initiative, the first impulse.
    ///
    /// Errors: a die could not be thrown (forced dice ran out).
    pub fn start_turn(&mut self, dice: &mut Dice) -> Result<(), Refusal> {
        if self.advanced.leaders && self.turn > 1 {
            self.leader_loss_drops(dice)?;
            if self.result.is_some() {
                return Ok(());
            }
        }
        let first = if self.turn == 1 {
            self.impulse.side
        } else {
            self.initiative(dice)?
        };
        for (i, s) in self.sides.iter_mut().enumerate() {
            s.passes = 0;
            s.initiative = i == first;
            s.leader_bonuses = if self.advanced.leaders && !s.leader_lost {
                s.quality.leader_bonuses()
            } else {
                0
            };
        }
        for u in &mut self.units {
            u.activated = false;
            u.idle = false;
        }
        self.log(format!(
            "Turn {}: {} {} the initiative",
            self.turn,
            self.sides[first].name,
            verb(&self.sides[first].name, "has", "have")
        ));
        self.impulse.number = 0;
        self.begin_impulse(first, ImpulseKind::Normal, dice)
    }

    /// Initiative: "each player throws a dice according to the quality level of his units.
    /// The highest roll wins initiative and have to play first. If a tie is made, then the
    /// player that has won initiative the preceding turn wins."
    fn initiative(&mut self, dice: &mut Dice) -> Result<usize, Refusal> {
        let mut rolls = [0; 2];
        for (i, r) in rolls.iter_mut().enumerate() {
            let s = &self.sides[i];
            *r = dice
                .roll(
                    s.quality.initiative_die(),
                    format!("initiative, {} ({:?})", s.name, s.quality),
                )
                .map_err(|e| e.to_string())?;
        }
        let last = self.sides.iter().position(|s| s.initiative).unwrap_or(0);
        let winner = match rolls[0].cmp(&rolls[1]) {
            std::cmp::Ordering::Greater => 0,
            std::cmp::Ordering::Less => 1,
            std::cmp::Ordering::Equal => last,
        };
        self.log(format!(
            "Initiative: {} {} against {} {}{}",
            self.sides[0].name,
            rolls[0],
            self.sides[1].name,
            rolls[1],
            if rolls[0] == rolls[1] {
                " (a tie: last turn's winner keeps it)"
            } else {
                ""
            }
        ));
        Ok(winner)
    }

    /// Leaders: "As each turn begins, the player rolls one 10-sided dice and if the result is
    /// within results indicated in the following chart, the quality level of all units drop by
    /// one ... the player simply loose automatically the game as the quality level cannot drop
    /// below Green ... If both players loose their leader on the same turn and they fall below
    /// Green, both player stop fighting but the attacking side lose the game."
    fn leader_loss_drops(&mut self, dice: &mut Dice) -> Result<(), Refusal> {
        let mut surrendered = Vec::new();
        for i in 0..self.sides.len() {
            if !self.sides[i].leader_lost {
                continue;
            }
            let q = self.sides[i].quality;
            let face = dice
                .roll(
                    crate::rules::dice::DiceExpr::d(10),
                    format!(
                        "{} without a leader ({q:?}): drops on 1-{}",
                        self.sides[i].name,
                        q.leader_loss_drop_on()
                    ),
                )
                .map_err(|e| e.to_string())?;
            if face <= q.leader_loss_drop_on() {
                match q.dropped() {
                    Some(lower) => {
                        self.sides[i].quality = lower;
                        self.log(format!(
                            "{} roll {face}: their quality drops to {lower:?}",
                            self.sides[i].name
                        ));
                    }
                    None => {
                        self.log(format!(
                            "{} roll {face}: below Green, their troops surrender",
                            self.sides[i].name
                        ));
                        surrendered.push(i);
                    }
                }
            } else {
                self.log(format!("{} roll {face}: they hold", self.sides[i].name));
            }
        }
        self.result = match surrendered[..] {
            [] => None,
            [s] => Some(GameResult {
                winner: Some(Self::other(s)),
                reason: format!("{} surrender after losing their leader", self.sides[s].name),
                decided_by: "a surrender after losing the leader".into(),
            }),
            _ => Some(GameResult {
                winner: Some(Self::other(self.attacker)),
                reason: format!(
                    "both sides lost their leaders and stop fighting: the attacker, {}, loses",
                    self.sides[self.attacker].name
                ),
                decided_by: "both leaders lost: the attacker loses".into(),
            }),
        };
        Ok(())
    }

    /// Begins an impulse of `side`: a normal one throws the activation die ("An activation
    /// dice is played at the begining of each impulse"); an extra one allows the quality's
    /// extra activations.
    fn begin_impulse(
        &mut self,
        side: usize,
        kind: ImpulseKind,
        dice: &mut Dice,
    ) -> Result<(), Refusal> {
        let s = &self.sides[side];
        let allowed = match kind {
            ImpulseKind::Normal => dice
                .roll(
                    s.quality.activation_die(),
                    format!("activation, {} ({:?})", s.name, s.quality),
                )
                .map_err(|e| e.to_string())? as u32,
            ImpulseKind::Extra => s.quality.extra_activations().min(self.activatable(side)),
        };
        self.impulse = Impulse {
            side,
            number: self.impulse.number + 1,
            kind,
            allowed,
            used: 0,
        };
        let name = self.sides[side].name.clone();
        self.log(match kind {
            ImpulseKind::Normal => format!(
                "Impulse {}: {name} may activate {allowed} units",
                self.impulse.number
            ),
            ImpulseKind::Extra => format!(
                "Impulse {}: the other side is done; {name} may still activate {allowed}",
                self.impulse.number
            ),
        });
        Ok(())
    }

    /// Ends the impulse being played and begins the next, or ends the turn.
    ///
    /// Impulses: "The activating result is valid only for one impulse ... the other 2 are
    /// lost"; "When a player has activated all his units or has passed, the other player may
    /// still activate 1 or 2 units that have not been previously activated" (ruling `The end
    /// of the turn`).
    ///
    /// Errors: a die could not be thrown.
    pub fn end_impulse(&mut self, dice: &mut Dice, passed: bool) -> Result<(), Refusal> {
        let me = self.impulse.side;
        let other = Self::other(me);
        let lost = self.impulse.allowed.saturating_sub(self.impulse.used);
        if passed && self.impulse.kind == ImpulseKind::Normal {
            self.sides[me].passes += 1;
            self.log(format!(
                "{} pass ({} of 2)",
                self.sides[me].name, self.sides[me].passes
            ));
        } else if lost > 0 && self.impulse.used > 0 {
            self.log(format!(
                "{lost} activation(s) of {} lost",
                self.sides[me].name
            ));
        }
        if self.impulse.kind == ImpulseKind::Extra {
            return self.end_turn(dice);
        }
        match (self.done(me), self.done(other)) {
            (true, true) => self.end_turn(dice),
            (true, false) => self.extra_or_end(other, dice),
            (false, true) => self.extra_or_end(me, dice),
            (false, false) => self.begin_impulse(other, ImpulseKind::Normal, dice),
        }
    }

    fn extra_or_end(&mut self, side: usize, dice: &mut Dice) -> Result<(), Refusal> {
        if self.sides[side]
            .quality
            .extra_activations()
            .min(self.activatable(side))
            == 0
        {
            self.end_turn(dice)
        } else {
            self.begin_impulse(side, ImpulseKind::Extra, dice)
        }
    }

    /// Uses `n` of the impulse's activations, and ends the impulse when none is left.
    ///
    /// Errors: fewer than `n` left (names the activation rule).
    pub fn spend(&mut self, n: u32) -> Result<(), Refusal> {
        self.can_spend(n)?;
        self.impulse.used += n;
        Ok(())
    }

    /// Whether `n` activations are left in this impulse, nothing spent.
    ///
    /// Errors: as [`Battle::spend`].
    pub fn can_spend(&self, n: u32) -> Result<(), Refusal> {
        let left = self.impulse.allowed.saturating_sub(self.impulse.used);
        if left < n {
            return Err(format!(
                "Impulses: this impulse has {left} activation(s) left and this needs {n}"
            ));
        }
        Ok(())
    }

    /// Whether the impulse is over: no activation left, or nothing left to spend one on (every
    /// unit of the side has played and it has no aerial support shot), so the player need not
    /// end it by hand.
    pub fn impulse_spent(&self) -> bool {
        let side = self.impulse.side;
        let aerial = self.advanced.aerial_support && self.sides[side].aerial_support > 0;
        self.impulse.used >= self.impulse.allowed || (!self.can_activate(side) && !aerial)
    }

    /// End of turn: "When all units of both sides have played or when both players have
    /// passed, this marks the end of a turn. Units are just turned back to their normal
    /// sides". Checks the goal and the turn limit, then starts the next turn.
    fn end_turn(&mut self, dice: &mut Dice) -> Result<(), Refusal> {
        self.log(format!("End of turn {}", self.turn));
        self.check_goal(true);
        if self.result.is_some() {
            return Ok(());
        }
        self.turn += 1;
        self.start_turn(dice)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::battlefield::testing::{battle, logged, make, unit};

    #[test]
    fn after_an_impulse_the_other_side_throws_its_activation_die() {
        let mut b = battle();
        b.spend(2).expect("5 allowed");
        b.end_impulse(&mut Dice::forced([2]), false)
            .expect("one die");
        assert!(logged(&b, "3 activation(s) of Galactic Empire lost"));
        assert_eq!((b.impulse.side, b.impulse.number), (1, 2));
        let veteran = b.sides[1].quality.activation_die();
        assert_eq!(b.impulse.allowed as i32, 2 + i32::from(veteran.modifier));
        assert!(logged(&b, "Impulse 2: Rebel Alliance may activate"));
    }

    #[test]
    fn a_pass_counts_and_activations_run_out() {
        let mut b = battle();
        let e = b.spend(6).expect_err("5 allowed");
        assert!(e.starts_with("Impulses:"), "{e}");
        b.end_impulse(&mut Dice::forced([1]), true)
            .expect("one die");
        assert_eq!(b.sides[0].passes, 1);
        assert!(logged(&b, "Galactic Empire pass (1 of 2)"));
    }

    #[test]
    fn initiative_goes_to_the_higher_roll_and_a_tie_to_last_turns_winner() {
        let mut b = battle();
        b.sides[0].initiative = false;
        b.sides[1].initiative = true;
        assert_eq!(b.initiative(&mut Dice::forced([5, 5])), Ok(1));
        assert!(logged(&b, "(a tie: last turn's winner keeps it)"));
        assert_eq!(b.initiative(&mut Dice::forced([7, 3])), Ok(0));
        assert_eq!(b.initiative(&mut Dice::forced([2, 3])), Ok(1));
    }

    #[test]
    fn when_every_unit_has_played_the_turn_ends_and_the_next_begins() {
        let mut b = battle();
        for u in &mut b.units {
            u.activated = true;
        }
        // Initiative 6 against 3 for the Empire, then its activation die.
        b.end_impulse(&mut Dice::forced([6, 3, 1]), false)
            .expect("three dice");
        assert!(logged(&b, "End of turn 1"));
        assert!(logged(&b, "Turn 2: Galactic Empire has the initiative"));
        assert_eq!((b.turn, b.impulse.side), (2, 0));
        assert!(b.units.iter().all(|u| !u.activated));
    }

    #[test]
    fn without_a_leader_quality_drops_and_below_green_the_side_surrenders() {
        let mut b = battle();
        b.advanced.leaders = true;
        b.sides[1].leader_lost = true;
        b.leader_loss_drops(&mut Dice::forced([1])).expect("a d10");
        assert!(logged(&b, "their quality drops to Green"));
        assert!(b.result.is_none());
        b.leader_loss_drops(&mut Dice::forced([1])).expect("a d10");
        let r = b.result.clone().expect("a surrender");
        assert_eq!(r.winner, Some(0));
        assert!(logged(&b, "below Green, their troops surrender"));
    }

    #[test]
    fn an_unmoved_leader_or_a_passenger_that_cannot_unload_does_not_keep_the_turn_going() {
        let mut b = battle();
        make(&mut b, "st2", "Imperial Leader");
        let (st1, jg) = (unit(&b, "st1"), unit(&b, "jg"));
        for u in b.units.iter_mut().filter(|u| u.side == 0) {
            u.activated = u.profile.name != "Imperial Leader";
        }
        assert!(b.done(0), "only the leader is left");
        // st1 aboard the Jaggernaud: it could still unload while the transporter does nothing.
        b.units[st1].activated = false;
        b.units[st1].carried_by = Some(jg);
        b.units[jg].activated = false;
        b.units[jg].idle = false;
        assert!(!b.done(0), "st1 may still unload");
        b.units[jg].activated = true;
        assert!(b.done(0), "its transporter has moved: st1 cannot play");
        b.units[jg].idle = true;
        assert!(!b.done(0), "its transporter stays put for it");
    }

    #[test]
    fn once_the_other_side_is_done_an_elite_side_may_still_activate_2() {
        let mut b = battle();
        for u in b.units.iter_mut().filter(|u| u.side == 1) {
            u.activated = true;
        }
        b.spend(1).expect("5 allowed");
        b.end_impulse(&mut Dice::forced([]), false)
            .expect("no die for extra activations");
        assert_eq!(
            (b.impulse.side, b.impulse.kind, b.impulse.allowed),
            (0, ImpulseKind::Extra, 2)
        );
        assert!(logged(
            &b,
            "the other side is done; Galactic Empire may still activate 2"
        ));
    }

    #[test]
    fn both_leaders_lost_below_green_and_the_attacker_loses() {
        // Leaders: "If both players loose their leader on the same turn and they fall below
        // Green, both player stop fighting but the attacking side lose the game."
        let mut b = battle();
        b.advanced.leaders = true;
        for s in &mut b.sides {
            s.quality = crate::rulesets::battlefield::rules::quality::Quality::Green;
            s.leader_lost = true;
        }
        b.leader_loss_drops(&mut Dice::forced([1, 1]))
            .expect("two d10s");
        let r = b.result.clone().expect("decided");
        assert_eq!(r.winner, Some(1), "the Empire attacked");
        assert!(
            r.reason.contains("the attacker, Galactic Empire, loses"),
            "{}",
            r.reason
        );
    }
}
