//! A fire fight and a hero shot worked out before any die is thrown: who counts against whom,
//! the totals and the row. The fire-fight panel shows it; the Shoot command and the reactions
//! to it resolve it. tyneside-skirmish.txt, Shooting rules, Hero shooting.

use crate::rulesets::tyneside::board::Board;
use crate::rulesets::tyneside::rules::fire::{
    Combatant, FireRow, UnitOdds, fire_fight_odds, hero_shot_row,
};
use crate::rulesets::tyneside::rules::profile::RangeBand;
use crate::rulesets::tyneside::rules::vehicles::ENGAGE_RADIUS;

/// A fire fight worked out before any die is thrown: who counts against whom, each unit's
/// totals and row. The fire-fight panel shows it; the Shoot command resolves it.
#[derive(Clone, Debug)]
pub struct FirePlan {
    /// Group id of each unit (unit index = position).
    pub units: Vec<String>,
    /// The combatants, in board order.
    pub combatants: Vec<Combatant>,
    /// Board index of each combatant.
    pub figs: Vec<usize>,
    /// Display name of each combatant.
    pub names: Vec<String>,
    /// Totals and rows per unit.
    pub odds: Vec<UnitOdds>,
}

impl FirePlan {
    /// The units no enemy figure can fire on (none sees one of its figures within range),
    /// each with its own total, in unit order: they are in the fight but throw no dice
    /// (tyneside-skirmish.txt, Shooting rules: fire fights are split "depending on who can see
    /// who", [`fire_fight_odds`]: a unit no enemy sees is not under fire).
    pub fn untouched(&self) -> Vec<(usize, f32)> {
        (0..self.units.len())
            .filter(|&u| self.odds.iter().all(|o| o.unit != u))
            .filter_map(|u| {
                let mut own = self.combatants.iter().filter(|c| c.unit == u).peekable();
                own.peek()?;
                Some((u, own.map(|c| c.own_value).sum()))
            })
            .collect()
    }
}

/// Works out the fire fight between the groups `units` (each a unit; figures in close combat
/// stay out of it).
///
/// tyneside-skirmish.txt, Shooting rules: "Measure ranges to the nearest enemy group" (ruling:
/// each figure uses its range to the nearest enemy figure it can see in the fight); "Defence
/// values are used only if no Firepower value, but do not count in comparing firepower totals
/// on the enemy, only on their own figures"; Duck Back: a ducked-back figure "may not be
/// targeted if behind cover"; Hero shooting: a hero who has made a hero shot counts "their
/// firepower total as a defence value", and so does any figure that has fired this turn
/// (ruling: each figure fires once a turn); Droids: Imperials never target C3PO or R2D2.
/// Vehicle rules: a walker's chin guns "fire at the nearest group, engaging any figures in a
/// 3″ radius, using normal firing rules. Ignore any target armour, and light cover" (ruling:
/// they fire only when the nearest enemy figure the walker sees is in the fight, at the
/// figures within 3" of it, base edge to base edge); a walker is armoured and never dices
/// ("Only Heavy lasers and bigger weapons can hurt armoured vehicles").
pub fn plan_fire_fight(board: &Board, units: &[String]) -> FirePlan {
    let figs: Vec<usize> = (0..board.figs.len())
        .filter(|&i| units.iter().any(|u| u == board.figs[i].group) && !board.in_close_combat(i))
        .collect();
    let n = figs.len();
    let mut sees = vec![vec![false; n]; n];
    for a in 0..n {
        let view = board.viewpoint(figs[a]);
        for b in (a + 1)..n {
            if board.figs[figs[a]].figure.side != board.figs[figs[b]].figure.side {
                let s = board.sees_from(&view, figs[a], figs[b]);
                sees[a][b] = s;
                // Sight is mutual, unless one of the two senses with 'Seeing'.
                sees[b][a] = if board.figs[figs[a]].act.seeing || board.figs[figs[b]].act.seeing {
                    board.sees(figs[b], figs[a])
                } else {
                    s
                };
            }
        }
    }
    let mut combatants = Vec::with_capacity(n);
    // Each walker's aim: the nearest enemy figure it sees, if that one is in the fight.
    let mut aim: Vec<Option<usize>> = vec![None; n];
    for a in 0..n {
        let i = figs[a];
        let f = &board.figs[i];
        let enemies: Vec<usize> = (0..n)
            .filter(|&b| {
                board.figs[figs[b]].figure.side != f.figure.side && !board.ignores(i, figs[b])
            })
            .collect();
        let nearest_seen = enemies
            .iter()
            .copied()
            .filter(|&b| sees[a][b])
            .min_by(|&x, &y| board.gap(i, figs[x]).total_cmp(&board.gap(i, figs[y])));
        let nearest_any = enemies
            .iter()
            .copied()
            .min_by(|&x, &y| board.gap(i, figs[x]).total_cmp(&board.gap(i, figs[y])));
        if board.armoured_vehicle(i) {
            let target = board.walker_aim(i);
            aim[a] = enemies.iter().copied().find(|&b| Some(figs[b]) == target);
        }
        let band = if board.armoured_vehicle(i) {
            aim[a].and_then(|b| board.band(i, figs[b]))
        } else {
            nearest_seen.and_then(|b| board.band(i, figs[b]))
        };
        // Each figure fires once a turn (docs/rules/tyneside.md): one that fired, or made a
        // hero shot, counts its firepower in its own total only.
        let firepower = if board.can_shoot(i) && !f.act.hero_shot && !f.act.fired {
            band.map(|b| board.firepower_at(i, b)).unwrap_or(0.0)
        } else {
            0.0
        };
        let own_value = if f.figure.profile.firepower.is_some() {
            let own_band = band
                .or_else(|| nearest_any.and_then(|b| board.band(i, figs[b])))
                .unwrap_or(RangeBand::Long);
            board.firepower_at(i, own_band)
        } else {
            board.defence(i)
        };
        let in_cover = match nearest_seen {
            Some(b) => board.in_cover(i, board.figs[figs[b]].pos),
            None => board.in_cover_anywhere(i),
        };
        let unit = units.iter().position(|u| *u == f.group).unwrap_or(0);
        combatants.push(Combatant {
            unit,
            side: f.figure.side,
            firepower,
            own_value,
            armoured: f.figure.armoured,
            in_cover,
            ran: f.act.run_roll.is_some(),
        });
    }
    let engaged_by_walker = |e: usize, m: usize| {
        aim[e].is_some_and(|t| t == m || board.gap(figs[t], figs[m]) <= ENGAGE_RADIUS + 1e-3)
    };
    let can_hit = |e: usize, m: usize| {
        sees[e][m]
            && !board.armoured_vehicle(figs[m])
            && (!board.armoured_vehicle(figs[e]) || engaged_by_walker(e, m))
            && !board.ignores(figs[e], figs[m])
            && board.band(figs[e], figs[m]).is_some()
            && !(board.figs[figs[m]].cond.ducked_back(board.turn)
                && board.in_cover(figs[m], board.figs[figs[e]].pos))
    };
    let odds = fire_fight_odds(&combatants, can_hit);
    // Under a walker's chin guns, armour and light cover count for nothing.
    for m in 0..n {
        if let Some(w) =
            (0..n).find(|&e| combatants[e].firepower > 0.0 && aim[e].is_some() && can_hit(e, m))
        {
            combatants[m].armoured = false;
            combatants[m].in_cover = board.in_hard_cover(figs[m], board.figs[figs[w]].pos);
        }
    }
    let names = figs
        .iter()
        .map(|&i| board.figs[i].figure.name.clone())
        .collect();
    FirePlan {
        units: units.to_vec(),
        combatants,
        figs,
        names,
        odds,
    }
}

/// A hero shot worked out before the die is thrown.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HeroShotOdds {
    /// The hero's firepower at the range band (halved if the target ran).
    pub hero_fp: f32,
    /// The target's firepower at the range between them (long if the hero is beyond its
    /// reach), or its defence.
    pub target_value: f32,
    /// The chart row the target dices on.
    pub row: FireRow,
    /// Whether the target is in cover from the hero (−1).
    pub cover: bool,
}

/// The odds of hero `h` shooting figure `t` at range band `band`.
///
/// tyneside-skirmish.txt, Hero shooting: "comparing the Firepower value of the shooter against
/// a chosen enemy figure's Firepower value, or Defence value if they have no Firepower. Then
/// consult the Fire results chart above as normal for the target figure."
pub fn hero_shot_odds(board: &Board, h: usize, t: usize, band: RangeBand) -> HeroShotOdds {
    let running = if board.figs[t].act.run_roll.is_some() {
        0.5
    } else {
        1.0
    };
    let hero_fp = board.firepower_at(h, band) * running;
    let target_value = if board.figs[t].figure.profile.firepower.is_some() {
        board.firepower_at(t, board.band(t, h).unwrap_or(RangeBand::Long))
    } else {
        board.defence(t)
    };
    HeroShotOdds {
        hero_fp,
        target_value,
        row: hero_shot_row(hero_fp, target_value),
        cover: board.in_cover(t, board.figs[h].pos),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn figure(unit: usize, side: usize, firepower: f32, own_value: f32) -> Combatant {
        Combatant {
            unit,
            side,
            firepower,
            own_value,
            armoured: false,
            in_cover: false,
            ran: false,
        }
    }

    /// Issue 61: a group shooting at figures that cannot fire back is in the fire-fight table
    /// with its own total and no enemy fire; a group under fire is not listed twice.
    #[test]
    fn a_group_nobody_fires_on_is_listed_with_no_enemy_fire() {
        // Two troopers (firepower 2 and 3) shoot at a droid with defence 1 and no firepower.
        let combatants = vec![
            figure(0, 0, 2.0, 2.0),
            figure(0, 0, 3.0, 3.0),
            figure(1, 1, 0.0, 1.0),
        ];
        let odds = fire_fight_odds(&combatants, |_, _| true);
        assert_eq!(odds.iter().map(|o| o.unit).collect::<Vec<_>>(), [1]);
        let plan = FirePlan {
            units: vec!["troopers".into(), "droid".into()],
            names: vec!["a".into(), "b".into(), "c".into()],
            figs: vec![0, 1, 2],
            combatants,
            odds,
        };
        assert_eq!(plan.untouched(), [(0, 5.0)]);
        // The droid firing back: both are under fire, none is left out.
        let mut both = plan.clone();
        both.combatants[2].firepower = 1.0;
        both.odds = fire_fight_odds(&both.combatants, |_, _| true);
        assert!(both.untouched().is_empty());
    }
}
