//! The specialisations that change who acts or what a fighter is: the Controller and his
//! demon, the Influencer, the Shapeshifter (one-stat-skirmish.txt, "Specialists").

use glam::Vec2;

use super::super::rules::INCH;
use super::super::rules::fighter::{Fighter, Specialisation, Tier, Weapon};
use super::super::rules::roll::{Pick, Test, roll};
use super::{Activation, CONTACT, Skirmish, Standing};
use crate::rules::dice::Dice;
use crate::rules::geometry::base_gap;

/// How far the Influencer reaches, inches ("an opposing fighter within 15″").
pub const INFLUENCE: f32 = 15.0;

impl Skirmish {
    /// Refused where fighter `i` may not attack: a Controller ("Cannot attack by himself!")
    /// and a Shapeshifter in humanoid shape ("Cannot attack in humanoid shape").
    pub(super) fn may_attack(&self, i: usize) -> Result<(), String> {
        let f = &self.fighters[i];
        if f.fighter.is(Specialisation::Controller) {
            return Err(format!(
                "{} is a Controller: \"Cannot attack by himself!\"",
                f.fighter.name
            ));
        }
        if f.fighter.is(Specialisation::Shapeshifter) && !f.animal {
            return Err(format!(
                "{} is a Shapeshifter in humanoid shape: \"Cannot attack in humanoid shape\"",
                f.fighter.name
            ));
        }
        Ok(())
    }

    /// Fighter `i`'s movement allowance, inches: his stat, or in animal shape "the maximum
    /// value of the Shapeshifter's die minus his stat".
    pub fn allowance(&self, i: usize) -> f32 {
        let f = &self.fighters[i];
        if f.animal {
            f32::from(f.die().saturating_sub(f.fighter.stat))
        } else {
            f32::from(f.fighter.stat)
        }
    }

    /// Controller: "Use both actions to summon a demon ... in base to base contact. The demon
    /// may have any stat ... A Controller can only have one active demon." The demon rolls
    /// the Controller's die with `stat` within it, fights with claws, is out of the game at
    /// its first wound, and acts from the next phase (docs/rules/one_stat.md, "The
    /// Controller's demon"); it stands at `at`, inches.
    ///
    /// Errors: not a Controller, an action spent, a demon of his still in the game, a stat
    /// outside his die, `at` not in base contact, off the table or on another base.
    pub(super) fn summon(&mut self, at: Vec2, stat: u8) -> Result<(), String> {
        let (i, a) = self.active()?;
        self.must_stand(i)?;
        self.require(i, Specialisation::Controller)?;
        if a.moved || a.acted {
            return Err("the Controller summons with both actions".into());
        }
        let f = &self.fighters[i];
        if self
            .fighters
            .iter()
            .any(|d| d.demon == Some(i) && d.standing != Standing::Removed)
        {
            return Err(format!(
                "{}'s demon is in the game: \"A Controller can only have one active demon\"",
                f.fighter.name
            ));
        }
        if !(1..=f.die()).contains(&stat) {
            return Err(format!(
                "the demon's stat is within the Controller's d{}",
                f.die()
            ));
        }
        let base = f.base;
        // Edge to edge, negative where the bases would overlap.
        let edge = |o: &super::OnTable| o.at.distance(at) - o.base - base;
        if edge(f).abs() > CONTACT {
            return Err("the demon is summoned in base to base contact".into());
        }
        if at.x < base || at.y < base || at.x > self.table.x - base || at.y > self.table.y - base {
            return Err("the demon must stand on the table".into());
        }
        if let Some(t) = self.terrain.iter().find(|t| {
            t.has(crate::rules::terrain::TerrainProperty::Impassable)
                && t.shape.distance_to(at) < base
        }) {
            return Err(format!(
                "{} blocks movement: the demon cannot stand on it",
                t.id.replace('_', " ")
            ));
        }
        if let Some(o) = self
            .fighters
            .iter()
            .find(|o| o.standing != Standing::Removed && edge(o) < -CONTACT)
        {
            return Err(format!("{} stands there", o.fighter.name));
        }
        let (name, player, die) = (f.fighter.name.clone(), f.player, f.die());
        let mut demon = super::OnTable::new(
            Fighter {
                id: format!("{}-demon", f.fighter.id),
                name: format!("{name}'s demon"),
                tier: Tier::Rookie,
                stat,
                weapons: vec![Weapon::Melee {
                    name: "claws".into(),
                    two_handed: false,
                }],
                specialisation: None,
            },
            player,
            at,
        );
        demon.die = Some(die);
        demon.demon = Some(i);
        demon.activated = true;
        self.fighters.push(demon);
        let a = self.active.as_mut().expect("active");
        a.moved = true;
        a.acted = true;
        self.events.push(format!(
            "{name} summons a demon, stat {stat} on a d{die}: it acts from the next phase"
        ));
        Ok(())
    }

    /// A free place in base contact with fighter `i` for his demon: round his base, the side
    /// towards the table's centre first; `None` when there is no room.
    pub fn summon_place(&self, i: usize) -> Option<Vec2> {
        let f = &self.fighters[i];
        let towards = (self.table / 2.0 - f.at).normalize_or(Vec2::X);
        (0..16).find_map(|k| {
            let turn = (k as f32 / 2.0).ceil()
                * if k % 2 == 0 { 1.0 } else { -1.0 }
                * std::f32::consts::PI
                / 8.0;
            let at = f.at + Vec2::from_angle(turn).rotate(towards) * (f.base * 2.0);
            let mut t = self.clone();
            t.summon(at, 1).is_ok().then_some(at)
        })
    }

    /// "As soon as the Summoner receives a wound, you lose control of the demon": fighter
    /// `i`, wounded, loses his demons for good.
    pub(super) fn lose_control(&mut self, i: usize) {
        for k in 0..self.fighters.len() {
            let d = &mut self.fighters[k];
            if d.demon == Some(i) && d.standing != Standing::Removed && !d.wild {
                d.wild = true;
                let name = d.fighter.name.clone();
                self.events.push(format!(
                    "{name} breaks loose: it attacks whoever is closest"
                ));
            }
        }
    }

    /// What a wound that tells (not ignored) does besides: "1 wound to let it drop in place",
    /// and a wounded Controller loses his demon.
    pub(super) fn struck_down(&mut self, i: usize) {
        self.drop_tokens(i);
        if self.fighters[i].fighter.is(Specialisation::Controller) {
            self.lose_control(i);
        }
    }

    /// A demon out of control "uses his actions to attack whoever is closest": on its
    /// activation, fighter `i` moves straight at the closest fighter of any warband, as far as
    /// the terrain lets it, into base contact, and attacks it in melee there (a move, then a
    /// second move or the attack).
    ///
    /// Errors: the dice's.
    pub(super) fn wild_turn(&mut self, i: usize, dice: &mut Dice) -> Result<(), String> {
        let closest = |s: &Skirmish| {
            (0..s.fighters.len())
                .filter(|&k| k != i && s.fighters[k].standing != Standing::Removed)
                .min_by(|&a, &b| {
                    let d = |k: usize| s.fighters[i].at.distance(s.fighters[k].at);
                    d(a).total_cmp(&d(b))
                })
        };
        for _ in 0..2 {
            let Some(t) = closest(self) else { break };
            let a = self.active.as_ref().expect("active");
            if self.in_contact(i, t) {
                if !a.acted {
                    self.melee(t, dice)?;
                }
                break;
            }
            if a.moved && a.acted {
                break;
            }
            let (from, to) = (self.fighters[i].at, self.fighters[t].at);
            let reach = from.distance(to) - self.fighters[i].base - self.fighters[t].base;
            let dir = (to - from).normalize_or_zero();
            let mut d = reach.min(self.allowance(i));
            let mut moved = false;
            while d > 0.0 {
                let mut tried = self.clone();
                if tried.move_along(&[from + dir * d]).is_ok() {
                    *self = tried;
                    moved = true;
                    break;
                }
                d -= 0.25;
            }
            if !moved {
                break;
            }
        }
        Ok(())
    }

    /// Influencer: "Roll against stat to perform one action with an opposing fighter within
    /// 15″, using the targeted fighter's die": the Influencer's other action; a roll of the
    /// target's die at or under the Influencer's stat, and the player then performs one
    /// action with the target (a move or any other action), after which the Influencer's
    /// activation goes on (docs/rules/one_stat.md, "The Influencer").
    ///
    /// Errors: not an Influencer, his action spent, another fighter's action under way, a
    /// target that is no enemy upright within 15".
    pub(super) fn influence(&mut self, t: usize, dice: &mut Dice) -> Result<(), String> {
        let i = self.other_action()?;
        self.require(i, Specialisation::Influencer)?;
        self.one_at_a_time()?;
        let f = &self.fighters[i];
        let tf = self.fighters.get(t).ok_or("no such fighter")?;
        if tf.player == f.player || tf.standing != Standing::Upright {
            return Err(format!(
                "{} is not an opposing fighter standing upright",
                tf.fighter.name
            ));
        }
        let gap = base_gap(f.at, f.base, tf.at, tf.base);
        if gap > INFLUENCE {
            return Err(format!(
                "{} is {gap:.1}{INCH} away: the Influencer reaches \"an opposing fighter within 15{INCH}\"",
                tf.fighter.name
            ));
        }
        let (name, victim, player) = (f.fighter.name.clone(), tf.fighter.name.clone(), f.player);
        let r = roll(
            dice,
            tf.die(),
            f.fighter.stat,
            Test::AtMost,
            Pick::One,
            0,
            &format!("{name}: influence {victim}"),
        )
        .map_err(|e| e.to_string())?;
        let stat = f.fighter.stat;
        let mut own = self.active.take().ok_or("activate a fighter first")?;
        own.acted = true;
        if !r.passed {
            self.active = Some(own);
            self.events.push(format!(
                "{name} rolls {} on {victim}'s d{} against {stat}: {victim} resists",
                r.kept,
                self.fighters[t].die()
            ));
            return Ok(());
        }
        self.events.push(format!(
            "{name} rolls {} on {victim}'s d{} against {stat}: {} perform one action with {victim}",
            r.kept,
            self.fighters[t].die(),
            self.players[player].name
        ));
        self.commanding = Some(own);
        self.active = Some(Activation {
            moved: true,
            commanded: true,
            by: Some(player),
            ..Activation::new(t)
        });
        Ok(())
    }

    /// Refused while a fighter performs another's one action or extra activation: the Boss's
    /// command, the Driver's and the Influencer's hand one action on, not two.
    pub(super) fn one_at_a_time(&self) -> Result<(), String> {
        if self.commanding.is_some() {
            return Err(
                "this fighter is acting for another: he cannot pass actions on (no command, drive or influence of his own)"
                    .into(),
            );
        }
        Ok(())
    }

    /// Shapeshifter: "Use two actions and roll equal to or below stat to shapeshift into an
    /// animal ... Shapeshift back into humanoid shape by using two actions and rolling equal
    /// to or below stat again."
    ///
    /// Errors: not a Shapeshifter, an action spent.
    pub(super) fn shapeshift(&mut self, dice: &mut Dice) -> Result<(), String> {
        let (i, a) = self.active()?;
        self.must_stand(i)?;
        self.require(i, Specialisation::Shapeshifter)?;
        if a.moved || a.acted {
            return Err("shapeshifting takes two actions".into());
        }
        if self.carried_by(i).is_some() {
            return Err(format!(
                "{} carries a token: an animal \"cannot carry treasures\"",
                self.fighters[i].fighter.name
            ));
        }
        let f = &self.fighters[i];
        let r = self.stat_test(i, Pick::One, "shapeshift", dice)?;
        let (name, stat, animal) = (f.fighter.name.clone(), f.fighter.stat, f.animal);
        if r.passed {
            self.fighters[i].animal = !animal;
        }
        let a = self.active.as_mut().expect("active");
        a.moved = true;
        a.acted = true;
        self.events.push(format!(
            "{name} rolls {} against {stat}: {}",
            r.kept,
            match (r.passed, animal) {
                (true, false) =>
                    format!("he takes his animal shape (moves {}\")", self.allowance(i)),
                (true, true) => "he is humanoid again".into(),
                (false, _) => "the shape holds".into(),
            }
        ));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use glam::Vec2;

    use super::super::super::rules::fighter::Specialisation;
    use super::super::tests::{activate, game, ok, refused};
    use super::super::{Activation, Command, Standing};

    #[test]
    fn a_controller_cannot_attack_summons_one_demon_and_loses_it_when_wounded() {
        let (mut s, mut dice) = game(vec![]);
        std::sync::Arc::make_mut(&mut s.fighters[0].fighter).specialisation =
            Some(Specialisation::Controller);
        activate(&mut s, &mut dice, 0);
        // Kara at (10, 10) touches Thug at (11, 10).
        assert!(
            refused(&mut s, 0, Command::Melee { target: 2 }, &mut dice)
                .contains("Cannot attack by himself!")
        );
        let summon = |stat| Command::Summon {
            at: Vec2::new(9.0, 10.0),
            stat,
        };
        assert!(refused(&mut s, 0, summon(9), &mut dice).contains("within the Controller's d8"));
        assert!(
            refused(
                &mut s,
                0,
                Command::Summon {
                    at: Vec2::new(8.0, 10.0),
                    stat: 4
                },
                &mut dice
            )
            .contains("base to base contact")
        );
        // Not on Kara's own base, nor touching her but on Thug's.
        let on = |x: f32, y: f32| Command::Summon {
            at: Vec2::new(x, y),
            stat: 4,
        };
        assert!(refused(&mut s, 0, on(9.5, 10.0), &mut dice).contains("base to base contact"));
        assert!(refused(&mut s, 0, on(10.8, 10.6), &mut dice).contains("Thug stands there"));
        ok(&mut s, 0, summon(4), &mut dice);
        let d = s.fighters.len() - 1;
        let demon = &s.fighters[d];
        assert_eq!(
            (
                demon.player,
                demon.fighter.stat,
                demon.die(),
                demon.demon,
                demon.activated
            ),
            (0, 4, 8, Some(0), true)
        );
        // One demon at a time.
        s.active = Some(Activation::new(0));
        assert!(refused(&mut s, 0, summon(3), &mut dice).contains("one active demon"));
        // Kara wounded: the demon breaks loose, and on its activation attacks whoever is
        // closest — Kara herself, lying wounded beside it (no defence roll): a 2 against 4.
        s.active = None;
        s.take_wounds(0, 1);
        assert!(s.fighters[d].wild);
        s.fighters[d].activated = false;
        dice.push_forced([2]);
        s.activate(0, d, &mut dice).unwrap();
        assert_eq!(s.fighters[0].standing, Standing::Removed);
        assert!(s.fighters[d].activated && s.active.is_none());
    }

    #[test]
    fn an_influencer_rolls_the_targets_die_to_perform_one_action_with_him() {
        let (mut s, mut dice) = game(vec![]);
        std::sync::Arc::make_mut(&mut s.fighters[0].fighter).specialisation =
            Some(Specialisation::Influencer);
        // Thug (2) at (11, 10) touches the Gang's Boss (3), brought to (12, 10).
        s.fighters[3].at = Vec2::new(12.0, 10.0);
        activate(&mut s, &mut dice, 0);
        // A 4 on Thug's d6 against Kara's 5: the Hunters act with Thug.
        dice.push_forced([4]);
        ok(&mut s, 0, Command::Influence { fighter: 2 }, &mut dice);
        assert_eq!(s.to_act(), Some(0));
        assert_eq!(s.active.as_ref().unwrap().fighter, 2);
        assert!(
            refused(&mut s, 0, Command::Melee { target: 0 }, &mut dice).contains("not an enemy"),
            "not against the Hunters"
        );
        // Thug strikes his own Boss: 1 against 3 hits, the Boss's 2 on his d10 does not beat
        // 6: his first wound this turn, ignored.
        dice.push_forced([1, 2]);
        ok(&mut s, 0, Command::Melee { target: 3 }, &mut dice);
        assert!(s.fighters[3].wound_ignored);
        // The one action done: back to Kara, her other action spent.
        let a = s.active.clone().unwrap();
        assert_eq!((a.fighter, a.acted), (0, true));
        assert!(!s.fighters[2].activated, "Thug keeps his own activation");
    }

    #[test]
    fn an_influencer_reaches_15_inches_and_a_failed_roll_spends_his_action() {
        let (mut s, mut dice) = game(vec![]);
        std::sync::Arc::make_mut(&mut s.fighters[0].fighter).specialisation =
            Some(Specialisation::Influencer);
        activate(&mut s, &mut dice, 0);
        assert!(
            refused(&mut s, 0, Command::Influence { fighter: 3 }, &mut dice).contains("within 15")
        );
        dice.push_forced([6]);
        ok(&mut s, 0, Command::Influence { fighter: 2 }, &mut dice);
        let a = s.active.clone().unwrap();
        assert_eq!((a.fighter, a.acted), (0, true), "6 on Thug's d6 beats 5");
    }

    #[test]
    fn a_shapeshifter_attacks_only_as_an_animal_with_inverted_rolls_and_die_less_stat_moves() {
        let (mut s, mut dice) = game(vec![]);
        std::sync::Arc::make_mut(&mut s.fighters[0].fighter).specialisation =
            Some(Specialisation::Shapeshifter);
        activate(&mut s, &mut dice, 0);
        assert!(
            refused(&mut s, 0, Command::Melee { target: 2 }, &mut dice).contains("humanoid shape")
        );
        dice.push_forced([5]);
        ok(&mut s, 0, Command::Shapeshift, &mut dice);
        assert!(s.fighters[0].animal);
        // The d8 less stat 5: 3" a move.
        assert_eq!(s.allowance(0), 3.0);
        s.active = Some(Activation::new(0));
        assert!(
            refused(
                &mut s,
                0,
                Command::Move {
                    path: vec![Vec2::new(10.0, 6.5)]
                },
                &mut dice
            )
            .contains("of 3\"")
        );
        // An animal hits "equal to or higher than" the stat: a 5 hits; Thug's 2 does not
        // beat 3.
        dice.push_forced([5, 2]);
        ok(&mut s, 0, Command::Melee { target: 2 }, &mut dice);
        assert_eq!(s.fighters[2].standing, Standing::Removed);
        // Back to humanoid shape with two actions and a roll at or under the stat.
        s.active = Some(Activation::new(0));
        dice.push_forced([6]);
        ok(&mut s, 0, Command::Shapeshift, &mut dice);
        assert!(s.fighters[0].animal, "6 fails against 5");
        s.active = Some(Activation::new(0));
        dice.push_forced([1]);
        ok(&mut s, 0, Command::Shapeshift, &mut dice);
        assert!(!s.fighters[0].animal);
    }
}
