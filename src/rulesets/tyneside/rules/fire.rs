//! The fire fight: tyneside-skirmish.txt, Shooting rules, Hero shooting and the Shooting
//! method example.
//!
//! "You calculate the total Firepower points of all the enemy figures able to shoot at your
//! figure (s), and compare that total with the total Firepower/Defence points of your figures,
//! this produces a ratio … and this dictates the risk of injury to each figure. You don't dice
//! 'to hit', just to survive the enemy fire."

use serde::{Deserialize, Serialize};

use crate::rules::dice::{Dice, DiceError, DiceExpr};

/// A row of the fire results chart: the dicing side's total against the enemy's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum FireRow {
    /// "Twice enemies total" (or more).
    Twice,
    /// "More than enemies total".
    More,
    /// "Equal".
    Equal,
    /// "Less than enemies total" ("as the difference is not yet 2:1").
    Less,
    /// "Half enemies total", exactly.
    Half,
    /// "Worse": less than half; dices on the Half row with +1 per extra enemy figure.
    Worse,
}

impl std::fmt::Display for FireRow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            FireRow::Twice => "Twice enemies total",
            FireRow::More => "More than enemies total",
            FireRow::Equal => "Equal",
            FireRow::Less => "Less than enemies total",
            FireRow::Half => "Half enemies total",
            FireRow::Worse => "Worse",
        })
    }
}

/// What a D8 on the chart does to a figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FireResult {
    /// A blank square: nothing happens.
    NoEffect,
    /// "'D' is duck back": cannot move or shoot next turn; may not be targeted behind cover.
    DuckBack,
    /// "'W' is wound": values halved; two wounds disable.
    Wound,
    /// "'K' is killed or disabled" (heroes are only disabled).
    Killed,
}

impl std::fmt::Display for FireResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            FireResult::NoEffect => "no effect",
            FireResult::DuckBack => "D: duck back",
            FireResult::Wound => "W: wound",
            FireResult::Killed => "K: killed/disabled",
        })
    }
}

/// The chart row for a side whose own total is `own` against an enemy total of `enemy`
/// (firepower points; halves allowed).
///
/// tyneside-skirmish.txt, Shooting rules, the fire results chart. Worked example: Rebels X
/// "10FPS against a total of 21FPs … the 'Worse' row"; Han "6FPs against the 9FPs … 'less than
/// the enemy's total' as the difference is not yet 2:1"; Obi-Wan "9DPs against the 9FPs …
/// 'Equal' row"; Stormtroopers B "12FPS … with Rebels (X) (10pts) … 'More than Enemy's Total'".
pub fn fire_row(own: f32, enemy: f32) -> FireRow {
    if own >= 2.0 * enemy {
        FireRow::Twice
    } else if own > enemy {
        FireRow::More
    } else if own == enemy {
        FireRow::Equal
    } else if 2.0 * own > enemy {
        FireRow::Less
    } else if 2.0 * own == enemy {
        FireRow::Half
    } else {
        FireRow::Worse
    }
}

/// The chart itself: the result for a modified D8 score on `row` (scores above 8 read as 8,
/// below 1 as a blank).
///
/// tyneside-skirmish.txt, Shooting rules:
/// ```text
/// Your side's total firepower  1 2 3 4 5 6 7 8
/// Twice enemies total                        D
/// More than enemies total                  D D
/// Equal                                D D W*
/// Less than enemies total            D D W* K
/// Half enemies total               D D W* K K
/// Worse  For every extra figure shooting at the group, +1 to the die roll result.
/// ```
pub fn chart(row: FireRow, score: i32) -> FireResult {
    use FireResult::*;
    let s = score.clamp(0, 8);
    match (row, s) {
        (FireRow::Twice, 8) => DuckBack,
        (FireRow::More, 7..=8) => DuckBack,
        (FireRow::Equal, 6..=7) => DuckBack,
        (FireRow::Equal, 8) => Wound,
        (FireRow::Less, 5..=6) => DuckBack,
        (FireRow::Less, 7) => Wound,
        (FireRow::Less, 8) => Killed,
        (FireRow::Half | FireRow::Worse, 4..=5) => DuckBack,
        (FireRow::Half | FireRow::Worse, 6) => Wound,
        (FireRow::Half | FireRow::Worse, 7..=8) => Killed,
        _ => NoEffect,
    }
}

/// The result for one figure: its D8 `die` on `row`, −1 "if the target is in cover", +1 per
/// extra enemy figure on the Half/Worse rows, and "'W' results are treated as 'D' if a figure
/// is wearing armour" (tyneside-skirmish.txt, Shooting rules).
pub fn fire_result(
    row: FireRow,
    die: u8,
    in_cover: bool,
    extra_figures: u32,
    armoured: bool,
) -> FireResult {
    let bonus = if matches!(row, FireRow::Half | FireRow::Worse) {
        extra_figures as i32
    } else {
        0
    };
    let score = die as i32 - in_cover as i32 + bonus;
    match chart(row, score) {
        FireResult::Wound if armoured => FireResult::DuckBack,
        r => r,
    }
}

/// How many enemy figures are "extra": those left over once enough figures (largest
/// firepower first) have been counted to reach twice the dicing side's `own` total.
///
/// tyneside-skirmish.txt, Shooting rules: "For every extra figure shooting at the group, +1 to
/// the die roll result. (Once enough figures to get 2:1 are discounted)"; and after the worked
/// example, "any extra figures in the shooting side, whose firepower has not been needed to
/// achieve this 'Half enemy's total' – add 1 to the die roll results".
pub fn extra_figures(own: f32, enemy_figures: &[f32]) -> u32 {
    let mut fps: Vec<f32> = enemy_figures.iter().copied().filter(|f| *f > 0.0).collect();
    fps.sort_by(|a, b| b.total_cmp(a));
    let mut sum = 0.0;
    for (i, fp) in fps.iter().enumerate() {
        if sum >= 2.0 * own {
            return (fps.len() - i) as u32;
        }
        sum += fp;
    }
    0
}

/// One figure in a fire fight, as the game layer sees it at the moment of the fight.
#[derive(Clone, Debug, PartialEq)]
pub struct Combatant {
    /// The unit (group, or hero fighting alone) it belongs to: figures of a unit dice on the
    /// same row.
    pub unit: usize,
    /// Its side.
    pub side: usize,
    /// Firepower it adds against enemies it can see, already for its range band and halved
    /// for wounds or running; 0 when it cannot shoot (no firepower, out of range, ducked back,
    /// or a hero who has made a hero shot this turn).
    pub firepower: f32,
    /// What it adds to its own unit's total: its firepower, or "Defence values … used only if
    /// no Firepower value" (halved when wounded).
    pub own_value: f32,
    /// Whether a 'W' becomes a 'D'.
    pub armoured: bool,
    /// Whether it is in cover against this fight's fire (−1 on its die).
    pub in_cover: bool,
    /// Whether it ran this turn: the enemy's firepower against its unit is halved.
    pub ran: bool,
}

/// The totals and row for one unit in a fire fight.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UnitOdds {
    /// The unit.
    pub unit: usize,
    /// Its own firepower/defence total.
    pub own: f32,
    /// The firepower of every enemy figure able to shoot at it.
    pub enemy: f32,
    /// The chart row.
    pub row: FireRow,
    /// Extra enemy figures (+1 each on the Half/Worse rows).
    pub extra: u32,
    /// The figures that dice (indices into the combatant slice): those some enemy shooter sees.
    pub targets: Vec<usize>,
}

/// Works out every unit's totals and row before any die is thrown (the fire-fight panel
/// shows this), for combatants where `sees(i, j)` says figure i can see figure j.
///
/// tyneside-skirmish.txt, Shooting rules: fire fights are split "depending on who can see
/// who": each unit counts the firepower of exactly those enemy figures that can see one of
/// its figures; "Rebels (X) can see both Imperial groups, so counts its Firepower (10)
/// against both of them". Running: "Runners halve shooting values for runner, or the enemy if
/// shot at while running across line of fire". Units are returned in ascending unit order.
pub fn fire_fight_odds(
    combatants: &[Combatant],
    sees: impl Fn(usize, usize) -> bool,
) -> Vec<UnitOdds> {
    let mut units: Vec<usize> = combatants.iter().map(|c| c.unit).collect();
    units.sort_unstable();
    units.dedup();
    let mut out = Vec::new();
    for u in units {
        let members: Vec<usize> = (0..combatants.len())
            .filter(|&i| combatants[i].unit == u)
            .collect();
        let side = combatants[members[0]].side;
        let ran = members.iter().any(|&m| combatants[m].ran);
        let own: f32 = members.iter().map(|&m| combatants[m].own_value).sum();
        let mut shooters = Vec::new();
        let mut targets = Vec::new();
        for (e, c) in combatants.iter().enumerate() {
            if c.side == side || c.firepower <= 0.0 {
                continue;
            }
            let seen: Vec<usize> = members.iter().copied().filter(|&m| sees(e, m)).collect();
            if !seen.is_empty() {
                shooters.push(if ran { c.firepower * 0.5 } else { c.firepower });
                targets.extend(seen);
            }
        }
        if shooters.is_empty() {
            continue;
        }
        targets.sort_unstable();
        targets.dedup();
        let enemy: f32 = shooters.iter().sum();
        let row = fire_row(own, enemy);
        let extra = if matches!(row, FireRow::Half | FireRow::Worse) {
            extra_figures(own, &shooters)
        } else {
            0
        };
        out.push(UnitOdds {
            unit: u,
            own,
            enemy,
            row,
            extra,
            targets,
        });
    }
    out
}

/// One figure's throw in a fire fight.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FigureHit {
    /// Index into the combatant slice.
    pub figure: usize,
    /// The D8 face.
    pub die: u8,
    /// The row it diced on.
    pub row: FireRow,
    /// What happened.
    pub result: FireResult,
}

/// Throws a D8 for every target figure of every unit in `odds`, in order, and reads the chart.
///
/// Errors: a [`DiceError`] when forced dice run out (nothing is applied by the caller then).
pub fn resolve_fire_fight(
    combatants: &[Combatant],
    odds: &[UnitOdds],
    names: &[String],
    dice: &mut Dice,
) -> Result<Vec<FigureHit>, DiceError> {
    let mut hits = Vec::new();
    for o in odds {
        for &t in &o.targets {
            let c = &combatants[t];
            let reason = format!(
                "fire fight: {} ({:.1} v {:.1}, {}{}{})",
                names[t],
                o.own,
                o.enemy,
                o.row,
                if c.in_cover { ", cover −1" } else { "" },
                if o.extra > 0 {
                    format!(", +{} extra", o.extra)
                } else {
                    String::new()
                }
            );
            let die = dice.roll(DiceExpr::d(8), reason)? as u8;
            let result = fire_result(o.row, die, c.in_cover, o.extra, c.armoured);
            dice.note_outcome(result.to_string());
            hits.push(FigureHit {
                figure: t,
                die,
                row: o.row,
                result,
            });
        }
    }
    Ok(hits)
}

/// The chance (0..=1) of each result for one figure, for the fire-fight panel: D8 faces are
/// equally likely. Returns (duck back, wound, killed).
pub fn result_chances(row: FireRow, in_cover: bool, extra: u32, armoured: bool) -> (f32, f32, f32) {
    let mut counts = [0u32; 3];
    for die in 1..=8 {
        match fire_result(row, die, in_cover, extra, armoured) {
            FireResult::DuckBack => counts[0] += 1,
            FireResult::Wound => counts[1] += 1,
            FireResult::Killed => counts[2] += 1,
            FireResult::NoEffect => {}
        }
    }
    (
        counts[0] as f32 / 8.0,
        counts[1] as f32 / 8.0,
        counts[2] as f32 / 8.0,
    )
}

/// Hero shooting: the row for a target figure whose own value is `target_value` against the
/// hero's firepower `hero_fp`.
///
/// tyneside-skirmish.txt, Hero shooting: "Hero figures shooting is done by comparing the
/// Firepower value of the shooter against a chosen enemy figure's Firepower value, or Defence
/// value if they have no Firepower. Then consult the Fire results chart above as normal for
/// the target figure."
pub fn hero_shot_row(hero_fp: f32, target_value: f32) -> FireRow {
    fire_row(target_value, hero_fp)
}

/// Grenades: tyneside-skirmish.txt, Engaging vehicles, "Range is 6-12″ and must be to a
/// figure, that figure and any within 3″ are killed on a 4+(D6) or Duck back". Inches, base
/// edge to base edge.
pub const GRENADE_RANGE: std::ops::RangeInclusive<f32> = 6.0..=12.0;
/// A grenade catches every figure this close to its target, inches.
pub const GRENADE_BLAST: f32 = 3.0;

/// Whether a figure caught by a grenade is killed ("killed on a 4+(D6) or Duck back").
pub fn grenade_kills(die: i32) -> bool {
    die >= 4
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chart_rows_column_by_column() {
        let row = |r| (1..=8).map(|d| chart(r, d)).collect::<Vec<_>>();
        use FireResult::*;
        let n = NoEffect;
        assert_eq!(row(FireRow::Twice), vec![n, n, n, n, n, n, n, DuckBack]);
        assert_eq!(
            row(FireRow::More),
            vec![n, n, n, n, n, n, DuckBack, DuckBack]
        );
        assert_eq!(
            row(FireRow::Equal),
            vec![n, n, n, n, n, DuckBack, DuckBack, Wound]
        );
        assert_eq!(
            row(FireRow::Less),
            vec![n, n, n, n, DuckBack, DuckBack, Wound, Killed]
        );
        assert_eq!(
            row(FireRow::Half),
            vec![n, n, n, DuckBack, DuckBack, Wound, Killed, Killed]
        );
        assert_eq!(row(FireRow::Worse), row(FireRow::Half));
    }

    #[test]
    fn rows_by_ratio() {
        assert_eq!(fire_row(20.0, 10.0), FireRow::Twice);
        assert_eq!(fire_row(12.0, 10.0), FireRow::More);
        assert_eq!(fire_row(9.0, 9.0), FireRow::Equal);
        assert_eq!(fire_row(6.0, 9.0), FireRow::Less);
        assert_eq!(fire_row(5.0, 10.0), FireRow::Half);
        assert_eq!(fire_row(10.0, 21.0), FireRow::Worse);
    }

    #[test]
    fn obi_wan_can_be_wounded_on_an_8() {
        // "He therefore can be wounded on an 8!"
        assert_eq!(
            fire_result(FireRow::Equal, 8, false, 0, false),
            FireResult::Wound
        );
        assert_eq!(
            fire_result(FireRow::Equal, 7, false, 0, false),
            FireResult::DuckBack
        );
    }

    #[test]
    fn cover_armour_and_extra_figures() {
        assert_eq!(
            fire_result(FireRow::Less, 8, true, 0, false),
            FireResult::Wound,
            "-1 for cover"
        );
        assert_eq!(
            fire_result(FireRow::Less, 7, false, 0, true),
            FireResult::DuckBack,
            "armour: W is D"
        );
        assert_eq!(
            fire_result(FireRow::Less, 8, false, 0, true),
            FireResult::Killed,
            "armour does not stop K"
        );
        assert_eq!(
            fire_result(FireRow::Worse, 5, false, 2, false),
            FireResult::Killed,
            "+2 extra figures"
        );
        assert_eq!(
            fire_result(FireRow::Less, 4, false, 2, false),
            FireResult::NoEffect,
            "extras only when outgunned 2:1"
        );
        assert_eq!(
            fire_result(FireRow::Twice, 1, true, 0, false),
            FireResult::NoEffect
        );
    }

    #[test]
    fn extra_figures_beyond_two_to_one() {
        // Own 2 against six figures of 1: four are needed for 2:1, two are extra.
        assert_eq!(extra_figures(2.0, &[1.0; 6]), 2);
        // Largest first: 3+3 reach 2:1 against 3, the rest are extra.
        assert_eq!(extra_figures(3.0, &[1.0, 3.0, 1.0, 3.0]), 2);
        assert_eq!(
            extra_figures(10.0, &[3.0, 3.0, 3.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0]),
            0
        );
    }

    fn unit(unit: usize, side: usize, n: usize, fp: f32, own: f32, cover: bool) -> Vec<Combatant> {
        (0..n)
            .map(|_| Combatant {
                unit,
                side,
                firepower: fp,
                own_value: own,
                armoured: false,
                in_cover: cover,
                ran: false,
            })
            .collect()
    }

    /// tyneside-skirmish.txt, Shooting method example, row for row.
    #[test]
    fn shooting_method_example() {
        // Stormtroopers A: 3 at point blank (9 FP); B: 6 at medium range (12 FP);
        // Rebels X: 5 basic troopers at medium (10 FP); Obi-Wan: no firepower, Defence 9;
        // Han: 6 FP at point blank, in cover.
        let (a, b, x, obi, han) = (0, 1, 2, 3, 4);
        let mut c = unit(a, 0, 3, 3.0, 3.0, false);
        c.extend(unit(b, 0, 6, 2.0, 2.0, false));
        c.extend(unit(x, 1, 5, 2.0, 2.0, false));
        c.extend(unit(obi, 1, 1, 0.0, 9.0, false));
        c.extend(unit(han, 1, 1, 6.0, 6.0, true));
        let u = |i: usize| c[i].unit;
        // Who sees whom: both Imperial groups see X; only A sees Obi-Wan and Han.
        let sees_units = |p: usize, q: usize| {
            let pair = (p.min(q), p.max(q));
            matches!(pair, (0, 2) | (1, 2) | (0, 3) | (0, 4))
        };
        let odds = fire_fight_odds(&c, |i, j| sees_units(u(i), u(j)));
        let get = |unit| odds.iter().find(|o| o.unit == unit).unwrap();
        assert_eq!(
            (get(x).own, get(x).enemy, get(x).row),
            (10.0, 21.0, FireRow::Worse)
        );
        assert_eq!(
            (get(han).own, get(han).enemy, get(han).row),
            (6.0, 9.0, FireRow::Less)
        );
        assert_eq!(
            (get(obi).own, get(obi).enemy, get(obi).row),
            (9.0, 9.0, FireRow::Equal)
        );
        assert_eq!(
            (get(a).own, get(a).enemy, get(a).row),
            (9.0, 16.0, FireRow::Less)
        );
        assert_eq!(
            (get(b).own, get(b).enemy, get(b).row),
            (12.0, 10.0, FireRow::More)
        );
        assert_eq!(get(x).targets.len(), 5, "every Rebel of X dices");
        // Forced dice, in unit order: A (Less), B (More), X (Worse), Obi-Wan (Equal), Han (Less, cover).
        let names: Vec<String> = (0..c.len()).map(|i| format!("f{i}")).collect();
        let mut dice = Dice::forced([8, 7, 6, 4, 1, 8, 5, 1, 7, 7, 7, 7, 7, 7, 8, 8]);
        let hits = resolve_fire_fight(&c, &odds, &names, &mut dice).unwrap();
        let res: Vec<FireResult> = hits.iter().map(|h| h.result).collect();
        use FireResult::*;
        let n = NoEffect;
        let expected = vec![
            Killed, Wound, DuckBack, // A on Less: 8, 7, 6
            n, n, DuckBack, n, n, DuckBack, // B on More: 4, 1, 8, 5, 1, 7
            Killed, Killed, Killed, Killed, Killed, // X on Worse: 7s
            Wound,  // Obi-Wan on Equal: "wounded on an 8"
            Wound,  // Han on Less, 8 − 1 for cover
        ];
        assert_eq!(res, expected);
        assert_eq!(dice.forced_left(), 0);
    }

    #[test]
    fn grenades_kill_on_four_plus_between_six_and_twelve_inches() {
        assert_eq!(
            (1..=6).filter(|&d| grenade_kills(d)).collect::<Vec<_>>(),
            vec![4, 5, 6]
        );
        assert!(GRENADE_RANGE.contains(&6.0) && GRENADE_RANGE.contains(&12.0));
        assert!(!GRENADE_RANGE.contains(&5.9) && !GRENADE_RANGE.contains(&12.1));
    }
}
