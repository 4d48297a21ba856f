//! What the Trigger Device does besides opening a gate, activating or resurrecting a fighter
//! and winning (one-stat-skirmish.txt, "Trigger Device": "Examples are: Open a gate, activate
//! any fighter additionally to his regular activation, gain a reroll, resurrect a friendly
//! fighter, attack an opposing fighter, attack an area – you decide!"): the attack it owes the
//! player it worked for, aimed by his next command, and the reroll he spends right after a
//! command of his that threw dice. The rulings are in docs/rules/one_stat.md, "The Trigger
//! Device".

use std::sync::Arc;

use glam::Vec2;
use serde::{Deserialize, Serialize};

use super::super::rules::combat::{AttackKind, Combatant, attack};
use super::super::rules::roll::Pick;
use super::{Command, Skirmish, Standing};
use crate::rules::dice::Dice;
use crate::rules::geometry::base_gap;
use crate::rules::words::verb;

/// The reach of the device's area attack, inches: every fighter whose base is within 2" of the
/// point chosen, as the text's other areas (a heavy shooter's "everything within 2″ from the
/// target", the bomb's "all other fighters within 2″").
pub const AREA: f32 = 2.0;

/// The attack the device owes the player it worked for, until he aims it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DeviceAttack {
    /// The player who aims it (index).
    pub player: usize,
    /// An area ("attack an area"), or one opposing fighter ("attack an opposing fighter").
    pub area: bool,
    /// Faces of the die it rolls: the die of the fighter who worked it.
    pub die: u8,
    /// The stat it rolls against: his.
    pub stat: u8,
    /// His name, for the log.
    pub by: String,
}

/// The game as it stood before a command whose dice its player may throw again.
#[derive(Debug, PartialEq)]
pub struct Rerollable {
    /// The game before the command.
    pub before: Skirmish,
    /// The player who sent it.
    pub player: usize,
    /// The command.
    pub command: Command,
}

impl Skirmish {
    /// "attack an opposing fighter" / "attack an area": the device works for player `p` and
    /// owes him an attack (`area` or not) rolled with fighter `worker`'s die and stat: the
    /// device has none of its own, and every roll of the text is a fighter's die against his
    /// stat; the one who worked it is at hand (docs/rules/one_stat.md, "The Trigger Device").
    pub(super) fn owe_device_attack(&mut self, p: usize, area: bool, worker: usize) {
        let f = &self.fighters[worker];
        let foes = self
            .fighters
            .iter()
            .any(|o| o.player != p && o.standing != Standing::Removed);
        if !area && !foes {
            self.events
                .push("the device finds no opposing fighter to attack".into());
            return;
        }
        self.device_attack = Some(DeviceAttack {
            player: p,
            area,
            die: f.die(),
            stat: f.fighter.stat,
            by: f.fighter.name.clone(),
        });
        self.events.push(format!(
            "{}: choose {} (the device rolls {}'s d{} against {})",
            self.players[p].name,
            if area {
                "the area it attacks, every fighter within 2\" of a point"
            } else {
                "the opposing fighter it attacks, anywhere on the table"
            },
            f.fighter.name,
            f.die(),
            f.fighter.stat
        ));
    }

    /// While the device's attack is owed, its aim comes first (or a reroll of the command that
    /// made it work); its aim is refused when nothing is owed.
    ///
    /// Errors: the device's attack still to aim, or none owed.
    pub(super) fn device_first(&self, command: &Command) -> Result<(), String> {
        let aim = |area: bool| {
            if area {
                "the area it attacks (every fighter within 2\" of a point)"
            } else {
                "the opposing fighter it attacks"
            }
        };
        match (&self.device_attack, command) {
            (Some(_), Command::Reroll) => Ok(()),
            (Some(d), Command::DeviceAttack { .. }) if !d.area => Ok(()),
            (Some(d), Command::DeviceArea { .. }) if d.area => Ok(()),
            (Some(d), _) => Err(format!(
                "the Trigger Device attacks first: {} chooses {}",
                self.players[d.player].name,
                aim(d.area)
            )),
            (None, Command::DeviceAttack { .. } | Command::DeviceArea { .. }) => {
                Err("the Trigger Device owes nobody an attack".into())
            }
            (None, _) => Ok(()),
        }
    }

    /// The device attacks fighter `k`: its roll to hit, one die against the stat it rolls
    /// with and no other change, then his defence as against any attack, in cover where the
    /// line from the device to him crosses a piece that gives it ("when defending against
    /// attacks from the other side of the covering terrain").
    fn device_strike(&mut self, d: &DeviceAttack, k: usize, dice: &mut Dice) -> Result<(), String> {
        let device = Combatant::new("the Trigger Device", d.die, d.stat);
        let from = self.device.as_ref().map_or(self.table / 2.0, |x| x.at);
        let cover = self.covered_from(from, k);
        let (defender, note) = self.defender(k);
        self.events.extend(note);
        let kind = AttackKind::Ranged {
            pick: Pick::One,
            extra_wound: false,
        };
        let r = attack(dice, &device, &defender, kind, cover).map_err(|e| e.to_string())?;
        self.events.extend(r.lines.iter().cloned());
        self.take_wounds(k, r.wounds);
        Ok(())
    }

    /// "attack an opposing fighter": the device attacks `t`, a fighter in the game of another
    /// player than the one it works for, anywhere on the table: the device is no fighter, and
    /// the text sets it no range and no line of sight.
    ///
    /// Errors: no such fighter, one of the player's own, one out of the game.
    pub(super) fn device_attack_on(&mut self, t: usize, dice: &mut Dice) -> Result<(), String> {
        let d = self
            .device_attack
            .clone()
            .ok_or("the Trigger Device owes nobody an attack")?;
        let f = self.fighters.get(t).ok_or("no such fighter")?;
        if f.player == d.player || f.standing == Standing::Removed {
            return Err(format!(
                "{} is not an opposing fighter in the game (\"attack an opposing fighter\")",
                f.fighter.name
            ));
        }
        self.device_attack = None;
        self.events.push(format!(
            "the Trigger Device attacks {} for {}",
            f.fighter.name, self.players[d.player].name
        ));
        self.device_strike(&d, t, dice)
    }

    /// "attack an area": the device attacks every fighter in the game whose base is within 2"
    /// of `at`, friend or foe, each separately (as a heavy shooter's area fire "attack
    /// everything within 2″ from the target separately").
    ///
    /// Errors: a point off the table.
    pub(super) fn device_area(&mut self, at: Vec2, dice: &mut Dice) -> Result<(), String> {
        let d = self
            .device_attack
            .clone()
            .ok_or("the Trigger Device owes nobody an attack")?;
        if at.x < 0.0 || at.y < 0.0 || at.x > self.table.x || at.y > self.table.y {
            return Err("the area's centre lies off the table".into());
        }
        let hit = self.in_area(at);
        self.device_attack = None;
        self.events.push(format!(
            "the Trigger Device attacks everyone within 2\" of ({:.1}, {:.1}) for {}: {}",
            at.x,
            at.y,
            self.players[d.player].name,
            if hit.is_empty() {
                "nobody stands there".to_string()
            } else {
                hit.iter()
                    .map(|&k| self.fighters[k].fighter.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        ));
        for k in hit {
            self.device_strike(&d, k, dice)?;
        }
        Ok(())
    }

    /// The fighters in the game whose base is within 2" of `at` ([`AREA`]), in roster order.
    pub fn in_area(&self, at: Vec2) -> Vec<usize> {
        (0..self.fighters.len())
            .filter(|&k| {
                let f = &self.fighters[k];
                f.standing != Standing::Removed && base_gap(f.at, f.base, at, 0.0) <= AREA
            })
            .collect()
    }

    /// Rerolls player `p` holds ("gain a reroll").
    pub fn rerolls_of(&self, p: usize) -> u32 {
        self.rerolls.get(p).copied().unwrap_or(0)
    }

    /// "gain a reroll": player `p` holds one more.
    pub(super) fn gain_reroll(&mut self, p: usize) {
        if self.rerolls.len() < self.players.len() {
            self.rerolls.resize(self.players.len(), 0);
        }
        self.rerolls[p] += 1;
    }

    /// Whether `command` by `player` is one whose dice he may throw again: he holds a reroll,
    /// and it is a roll of his own (an attack, a defence it brings, a test against a stat, a
    /// random move, the device's attack), not the initiative, the spawn dice or a token's
    /// placing (docs/rules/one_stat.md, "The Trigger Device").
    pub(super) fn may_reroll(&self, player: usize, command: &Command) -> bool {
        self.rerolls_of(player) > 0
            && matches!(
                command,
                Command::Melee { .. }
                    | Command::Shoot { .. }
                    | Command::Recover
                    | Command::Heal { .. }
                    | Command::Wander
                    | Command::Drive { .. }
                    | Command::Stalk { .. }
                    | Command::Manipulate { .. }
                    | Command::Influence { .. }
                    | Command::Shapeshift
                    | Command::DeviceAttack { .. }
                    | Command::DeviceArea { .. }
            )
    }

    /// "gain a reroll", spent: `player`'s last command (`last`, kept with the game before it)
    /// is undone and made again, with dice thrown anew; the second throw stands. What the
    /// first did is gone from the table, not from the log.
    ///
    /// Errors: no command of his to throw again (the last was no roll of his, or another came
    /// after it), no reroll held.
    pub(super) fn reroll(
        &mut self,
        player: usize,
        last: Option<Arc<Rerollable>>,
        dice: &mut Dice,
    ) -> Result<(), String> {
        let Some(r) = last.filter(|r| r.player == player) else {
            return Err(
                "nothing to throw again: a reroll is spent right after a command of yours that threw dice"
                    .into(),
            );
        };
        if r.before.rerolls_of(player) == 0 {
            return Err(format!("{} hold no reroll", self.players[player].name));
        }
        let what = crate::rulesets::one_stat::describe(&r.before, &r.command);
        let events = std::mem::take(&mut self.events);
        *self = r.before.clone();
        self.events = events;
        self.rerolls[player] -= 1;
        let name = self.players[player].name.clone();
        self.events.push(format!(
            "{name} {} a reroll: {what}, thrown again (what the first throw did is undone)",
            verb(&name, "spends", "spend")
        ));
        self.apply(player, &r.command, dice)
    }

    /// Whether `player` would spend his reroll now: his last command may be thrown again and
    /// nothing came of it for him (no enemy hurt, none of his helped up or changed shape, no
    /// device, spawn point or token moved on, the fighter acting still the one he was, where he
    /// was) — a miss, a failed roll. The rules' side spends it then.
    pub fn reroll_worth(&self, player: usize) -> bool {
        let Some(r) = self.reroll_from.as_ref().filter(|r| r.player == player) else {
            return false;
        };
        let b = &r.before;
        let rank = |s: Standing| match s {
            Standing::Upright => 0,
            Standing::Down => 1,
            Standing::Removed => 2,
        };
        let changed = self.fighters.iter().zip(&b.fighters).any(|(now, then)| {
            let (n, t) = (rank(now.standing), rank(then.standing));
            // A Boss's ignored first wound and a Bounty's die dropped are his hurt too.
            let hurt = n > t || (now.wound_ignored && !then.wound_ignored) || now.die != then.die;
            (now.player != player && hurt)
                || (now.player == player && (n < t || now.animal != then.animal))
        });
        let acting = |s: &Skirmish| {
            s.active
                .as_ref()
                .map(|a| (a.fighter, a.by, s.fighters[a.fighter].at))
        };
        let device = |s: &Skirmish| s.device.as_ref().map(|d| d.stack.tokens);
        let mission = |s: &Skirmish| {
            s.solitaire
                .as_ref()
                .map(|x| (x.shut.clone(), x.doom, x.collected))
        };
        !(changed
            || self.fighters.len() != b.fighters.len()
            || acting(self) != acting(b)
            || device(self) != device(b)
            || mission(self) != mission(b)
            || self.tokens.len() != b.tokens.len()
            || self.device_attack.is_some())
    }
}

#[cfg(test)]
mod tests {
    use glam::Vec2;

    use super::super::super::rules::objectives::Device;
    use super::super::super::rules::scenario::DeviceEffect;
    use super::super::tests::{activate, game, ok, refused};
    use super::super::{Command, DeviceId, Skirmish, Standing, TriggerDevice};
    use crate::rules::dice::Dice;

    /// The test game with the device in the centre one token from the Hunters' 6, giving them
    /// `effect`; Kara (fighter 0, an Engineer, stat 5) touches it and is active.
    fn one_from(effect: DeviceEffect) -> (Skirmish, Dice) {
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
        (s, dice)
    }

    fn work(s: &mut Skirmish, dice: &mut Dice, faces: [u8; 2]) {
        dice.push_forced(faces);
        ok(
            s,
            0,
            Command::Manipulate {
                device: DeviceId::Trigger,
            },
            dice,
        );
    }

    /// "attack an opposing fighter": the device works, and the Hunters' next command must aim
    /// it; it rolls Kara's d8 against her 5 at the Gang's Boss, far across the table and out of
    /// her sight, who defends with his d10.
    #[test]
    fn the_device_attacks_an_opposing_fighter_the_player_chooses() {
        let (mut s, mut dice) = one_from(DeviceEffect::AttackFighter);
        work(&mut s, &mut dice, [8, 2]);
        let owed = s.device_attack.clone().expect("an attack owed");
        assert_eq!((owed.player, owed.die, owed.stat), (0, 8, 5));
        assert!(
            refused(&mut s, 0, Command::EndActivation, &mut dice).contains("attacks first"),
            "nothing else before the device's attack"
        );
        assert!(
            refused(&mut s, 0, Command::DeviceAttack { target: 1 }, &mut dice)
                .contains("not an opposing fighter"),
            "Rook is a Hunter"
        );
        assert!(
            refused(&mut s, 0, Command::DeviceArea { at: Vec2::ONE }, &mut dice)
                .contains("attacks first")
        );
        // A 4 hits (at or under 5); the Boss rolls 3 against his 6: a wound, ignored (his
        // first this turn); the next attack would lay him down.
        dice.push_forced([4, 3]);
        ok(&mut s, 0, Command::DeviceAttack { target: 3 }, &mut dice);
        assert!(s.device_attack.is_none());
        assert!(s.fighters[3].wound_ignored);
        assert!(
            s.events
                .iter()
                .any(|e| e == "the Trigger Device attacks Boss: d8 [4] kept 4 < stat 5: a hit"),
            "{:?}",
            s.events
        );
        // Then Kara's activation goes on.
        ok(&mut s, 0, Command::EndActivation, &mut dice);
        assert!(
            refused(&mut s, 1, Command::DeviceAttack { target: 0 }, &mut dice)
                .contains("owes nobody")
        );
    }

    /// "attack an area": every fighter within 2" of the point, friend or foe, each attacked
    /// separately; one 2.6" off is not.
    #[test]
    fn the_device_attacks_everyone_within_2_inches_of_a_point() {
        let (mut s, mut dice) = one_from(DeviceEffect::AttackArea);
        // Thug (2) and Rook (1) near the point, the Boss (3) just out of it.
        s.fighters[2].at = Vec2::new(30.0, 10.0);
        s.fighters[1].at = Vec2::new(31.0, 12.0);
        s.fighters[3].at = Vec2::new(33.1, 10.0);
        work(&mut s, &mut dice, [8, 2]);
        assert_eq!(s.in_area(Vec2::new(30.0, 10.5)), [1, 2]);
        assert!(
            refused(
                &mut s,
                0,
                Command::DeviceArea {
                    at: Vec2::new(40.0, 1.0)
                },
                &mut dice
            )
            .contains("off the table")
        );
        // Rook: 1 hits, he rolls 2 against 4: removed (a Rookie). Thug: 6 misses.
        dice.push_forced([1, 2, 6]);
        ok(
            &mut s,
            0,
            Command::DeviceArea {
                at: Vec2::new(30.0, 10.5),
            },
            &mut dice,
        );
        let states: Vec<Standing> = s.fighters.iter().map(|f| f.standing).collect();
        assert_eq!(
            states,
            [
                Standing::Upright,
                Standing::Removed,
                Standing::Upright,
                Standing::Upright
            ]
        );
        assert!(s.device_attack.is_none());
    }

    /// "gain a reroll": the Hunters hold one; right after Kara's melee attack misses, they
    /// throw it again and the second throw stands; the reroll is then spent, and a reroll is
    /// refused after a command with no dice or one after another command.
    #[test]
    fn a_reroll_undoes_the_last_command_and_throws_its_dice_again() {
        let (mut s, mut dice) = one_from(DeviceEffect::Reroll);
        work(&mut s, &mut dice, [8, 2]);
        assert_eq!(s.rerolls_of(0), 1);
        assert!(
            refused(&mut s, 0, Command::Reroll, &mut dice).contains("nothing to throw again"),
            "the manipulation came before the reroll was held"
        );
        // Thug in base contact; Kara's attack: a 7 misses her 5.
        s.fighters[2].at = Vec2::new(19.0, 17.0);
        s.active.as_mut().unwrap().acted = false;
        dice.push_forced([7]);
        ok(&mut s, 0, Command::Melee { target: 2 }, &mut dice);
        assert_eq!(s.fighters[2].standing, Standing::Upright);
        assert!(s.reroll_worth(0), "a miss: worth throwing again");
        // Thrown again: a 3 hits, Thug rolls 2 against 3: out of the game.
        dice.push_forced([3, 2]);
        ok(&mut s, 0, Command::Reroll, &mut dice);
        assert_eq!(s.fighters[2].standing, Standing::Removed);
        assert_eq!(s.rerolls_of(0), 0);
        assert!(
            s.active.as_ref().unwrap().acted,
            "the attack is still her action"
        );
        assert!(
            s.events.iter().any(|e| e
                .starts_with("Hunters spend a reroll: Kara attacks Thug in melee, thrown again")),
            "{:?}",
            s.events
        );
        assert!(refused(&mut s, 0, Command::Reroll, &mut dice).contains("nothing to throw again"));
    }

    /// A reroll waits for a command of its player's that throws dice, and goes with any other
    /// command; the rules' side spends it only where nothing came of the roll.
    #[test]
    fn a_reroll_is_kept_for_a_roll_and_spent_only_right_after_it() {
        let (mut s, mut dice) = one_from(DeviceEffect::Reroll);
        work(&mut s, &mut dice, [8, 2]);
        ok(
            &mut s,
            0,
            Command::Move {
                path: vec![Vec2::new(18.0, 15.0)],
            },
            &mut dice,
        );
        assert!(refused(&mut s, 0, Command::Reroll, &mut dice).contains("nothing to throw again"));
        ok(&mut s, 0, Command::EndActivation, &mut dice);
        // Thug attacks Rook in base contact and hits: the Gang hold no reroll, nothing kept.
        s.fighters[1].at = Vec2::new(12.0, 10.0);
        ok(&mut s, 1, Command::Activate { fighter: 2 }, &mut dice);
        dice.push_forced([1, 6]);
        ok(&mut s, 1, Command::Melee { target: 1 }, &mut dice);
        assert!(s.reroll_from.is_none());
        ok(&mut s, 1, Command::EndActivation, &mut dice);
        // Rook shoots the Boss and wounds him (ignored: his first this turn): something came
        // of it, not worth a reroll; the Hunters keep theirs.
        s.fighters[3].at = Vec2::new(12.0, 14.0);
        ok(&mut s, 0, Command::Activate { fighter: 1 }, &mut dice);
        dice.push_forced([2, 3]);
        ok(
            &mut s,
            0,
            Command::Shoot {
                target: 3,
                area: false,
                weapon: None,
            },
            &mut dice,
        );
        assert!(s.reroll_from.is_some());
        assert!(!s.reroll_worth(0));
        assert_eq!(s.rerolls_of(0), 1);
    }
}
