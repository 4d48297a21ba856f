//! Movement into close combat: the attacker's die, who defends the hex and with what, and
//! the combat itself (Close combat, Leaders, Jedis).

use hexx::Hex;

use super::activate;
use super::fire::{check_bonuses, spend_bonuses};
use super::moves::{jedi_with, move_unit};
use crate::rules::dice::Dice;
use crate::rulesets::battlefield::battle::{Battle, Refusal};
use crate::rulesets::battlefield::rules::combat::{self, CloseCombat, DieSteps};
use crate::rulesets::battlefield::rules::die::AttackDie;
use crate::rulesets::battlefield::rules::roster::Kind;

/// Movement into close combat: "a unit move in a hex containing an enemy and each player roll
/// his combat dice. The highest dice wins ... If there is a tie, both units are eliminated.
/// Terrain does not affect close combat. A unit that has initiated a close combat must end
/// its turn ... It can of course defend itself in a close combat even if it had been
/// activated previously."
pub(super) fn assault(
    b: &mut Battle,
    i: usize,
    path: &[Hex],
    leader: bool,
    force: u32,
    dice: &mut Dice,
) -> Result<(), Refusal> {
    let kind = b.units[i].profile.kind;
    if kind == Kind::Leader {
        return Err("Leaders: \"A leader counter cannot attack by itself\"".into());
    }
    let Some(&t) = path.last() else {
        return Err("name the route into the enemy's hex".into());
    };
    let side = b.units[i].side;
    let Some(def) = b
        .target_at(t)
        .filter(|j| b.units[*j].side != side && !b.units[*j].hidden)
    else {
        return Err("close combat needs an enemy unit in the last hex of the route".into());
    };
    check_bonuses(b, i, leader, force)?;
    let with = jedi_with(b, i);
    if force > 0 && kind != Kind::Jedi && with.is_empty() {
        return Err(format!(
            "Jedis: the Jedi stacked with {} has played this turn and stays behind: its Force points cannot boost this attack",
            b.units[i].label()
        ));
    }
    b.can_spend(1)?;
    // The attack's dice are the stack's as it sets off: the Jedi going with the unit.
    let attack = assault_dice(b, i, def, leader, force);
    let reached = move_unit(b, i, path, b.units[i].profile.movement, true)?;
    activate(b, i, 1)?;
    if reached != t {
        // Halted by an enemy discovered in its way: no combat, nothing spent on it.
        return Ok(());
    }
    spend_bonuses(b, i, leader, force);
    let al = b.units[i].label();
    let dl = b.units[def].label();
    let mut a = 0;
    let mut a_text = Vec::new();
    for &(j, die) in &attack {
        let l = b.units[j].label();
        let f = dice
            .roll(die.expr(), format!("close combat: {l}"))
            .map_err(|e| e.to_string())?;
        a += f;
        a_text.push(format!("{l} {die} = {f}"));
    }
    let a_text = if a_text.len() > 1 {
        format!("{} (total {a})", a_text.join(" + "))
    } else {
        a_text.concat()
    };
    let defence = defence(b, t, i);
    if defence.leader {
        let s = b.units[def].side;
        b.sides[s].leader_bonuses -= 1;
        b.log(format!(
            "{}'s leader gives {dl} a die step in close combat ({} bonuses left)",
            b.sides[s].name, b.sides[s].leader_bonuses
        ));
    }
    let mut d_total = 0;
    let mut d_text = Vec::new();
    for (j, die, guard) in defence.dice {
        let l = b.units[j].label();
        let f = dice
            .roll(die.expr(), format!("close combat: {l} defends"))
            .map_err(|e| e.to_string())?;
        if guard > 0 {
            b.units[j].force_points -= guard;
            b.units[j].guard = 0;
            b.log(format!(
                "{l} spends {guard} Force points defending ({} left)",
                b.units[j].force_points
            ));
        }
        d_total += f;
        d_text.push(format!("{l} {die} = {f}"));
    }
    let outcome = combat::close_combat(a, d_total);
    b.log(format!(
        "Close combat: {} against {} (total {d_total}): {}",
        a_text,
        d_text.join(" + "),
        match outcome {
            CloseCombat::AttackerWins => "the attacker wins",
            CloseCombat::DefenderWins => "the defender wins",
            CloseCombat::BothEliminated => "a tie: both are eliminated",
        }
    ));
    b.units[def].hidden = false;
    match outcome {
        CloseCombat::AttackerWins => {
            b.eliminate(def, &format!("eliminated in close combat by {al}"))
        }
        CloseCombat::DefenderWins => b.eliminate(i, &format!("eliminated in close combat by {dl}")),
        CloseCombat::BothEliminated => {
            b.eliminate(def, &format!("eliminated in close combat with {al}"));
            b.eliminate(i, &format!("eliminated in close combat with {dl}"));
        }
    }
    Ok(())
}

/// The close combat die of unit `i` attacking `def`: its chart's die against that kind, a
/// leader's bonus and Force points each a step (Leaders: "a increment bonus of 1 dice for
/// firing or close combat"; ruling `Leader bonus`).
pub fn assault_die(b: &Battle, i: usize, def: usize, leader: bool, force: u32) -> AttackDie {
    combat::stepped(
        b.units[i].profile.combat_die(b.units[def].profile.kind),
        DieSteps {
            leader,
            force,
            ..Default::default()
        },
    )
}

/// The dice of unit `i`'s close combat attack on `def`, each with the unit that throws it:
/// its own ([`assault_die`]) and the die of each Jedi going with it ([`jedi_with`]), Jedis:
/// "When it is stacked with a unit, its resistance and close combat strenght are added to
/// those of the units. Ex: a Wookie unit is stacked with a Jedi worth 6 in resisance and attack
/// with 1d8+1 and 1d4." Thrown and added together.
pub fn assault_dice(
    b: &Battle,
    i: usize,
    def: usize,
    leader: bool,
    force: u32,
) -> Vec<(usize, AttackDie)> {
    let kind = b.units[def].profile.kind;
    std::iter::once((i, assault_die(b, i, def, leader, force)))
        .chain(
            jedi_with(b, i)
                .into_iter()
                .map(|j| (j, b.units[j].profile.combat_die(kind))),
        )
        .collect()
}

/// Who defends a hex in close combat and with what.
#[derive(Clone, Debug, PartialEq)]
pub struct Defence {
    /// Each defending unit, its die and the Force points its guard spends.
    pub dice: Vec<(usize, AttackDie, u32)>,
    /// The defending side's leader gives the first defender a die step (one bonus).
    pub leader: bool,
}

/// The defence of hex `t` against unit `attacker`: each unit there that fights (not a
/// leader) with its combat die against the attacker's kind; a stacked Jedi's die added (Jedis:
/// "its resistance and close combat strenght are added ... attack with 1d8+1 and 1d4"), its
/// guard stepping it; and the defending leader's bonus on the first defender when the side
/// allows it, a bonus is left and the leader is within 3 hexes (Leaders: "a increment bonus of
/// 1 dice for firing or close combat to units that are within 3 hexes of it"; ruling
/// `Leaders in defence`).
pub fn defence(b: &Battle, t: Hex, attacker: usize) -> Defence {
    let (side, kind) = (b.units[attacker].side, b.units[attacker].profile.kind);
    // Asked before the attacker moves in (the panel) and after (the combat): only the
    // defending side's units count.
    let fighters: Vec<usize> = b
        .at(t)
        .filter(|j| b.units[*j].side != side && b.units[*j].profile.kind != Kind::Leader)
        .collect();
    let Some(&first) = fighters
        .iter()
        .find(|j| b.units[**j].profile.kind.counts_in_stacking())
        .or(fighters.first())
    else {
        return Defence {
            dice: Vec::new(),
            leader: false,
        };
    };
    let ds = b.units[first].side;
    let leader = b.advanced.leaders
        && b.sides[ds].leader_defends
        && b.sides[ds].leader_bonuses > 0
        && b.leader_within_3(ds, t);
    let dice = fighters
        .into_iter()
        .map(|j| {
            let u = &b.units[j];
            let guard = if u.profile.kind == Kind::Jedi {
                u.guard.min(u.force_points)
            } else {
                0
            };
            let step = guard as i32 + i32::from(leader && j == first);
            (j, u.profile.combat_die(kind).step(step), guard)
        })
        .collect();
    Defence { dice, leader }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::battlefield::testing::{battle, logged, make, path, unit};

    #[test]
    fn the_worked_close_combat_4_against_5_removes_the_stormtrooper() {
        let mut b = battle();
        let (st1, mc1) = (unit(&b, "st1"), unit(&b, "mc1"));
        let route = path(&[(2, 5), (2, 4)]);
        assault(&mut b, st1, &route, false, 0, &mut Dice::forced([4, 4])).expect("a combat");
        assert!(logged(
            &b,
            "Close combat: Stormtrooper 1 1d8 = 4 against Mon Calamari 1 1d4+1 = 5"
        ));
        assert!(!b.units[st1].alive && b.units[mc1].alive);
        assert!(logged(
            &b,
            "Stormtrooper 1 moves to (2, 4) (3 movement points)"
        ));
    }

    #[test]
    fn a_tie_eliminates_both() {
        let mut b = battle();
        let (st1, mc1) = (unit(&b, "st1"), unit(&b, "mc1"));
        let route = path(&[(2, 5), (2, 4)]);
        assault(&mut b, st1, &route, false, 0, &mut Dice::forced([5, 4])).expect("a combat");
        assert!(!b.units[st1].alive && !b.units[mc1].alive);
        assert!(logged(&b, "a tie: both are eliminated"));
    }

    #[test]
    fn close_combat_needs_an_enemy_at_the_end_of_the_route() {
        let mut b = battle();
        let st1 = unit(&b, "st1");
        let e = assault(
            &mut b,
            st1,
            &path(&[(2, 5)]),
            false,
            0,
            &mut Dice::forced([]),
        )
        .expect_err("nobody there");
        assert!(e.starts_with("close combat needs an enemy unit"), "{e}");
        assert!(!b.units[st1].activated);
    }

    #[test]
    fn the_defence_is_each_defender_with_its_die_against_the_attacker() {
        let b = battle();
        let (st1, mc1) = (unit(&b, "st1"), unit(&b, "mc1"));
        let d = defence(&b, path(&[(2, 4)])[0], st1);
        assert_eq!(d.dice.len(), 1);
        assert_eq!(d.dice[0].0, mc1);
        assert_eq!(d.dice[0].1.to_string(), "1d4+1");
        assert!(!d.leader);
        assert_eq!(assault_die(&b, st1, mc1, false, 0).to_string(), "1d8");
    }

    /// st2 made a Jedi and stacked with st1, two hexes from the Calamari in the building.
    fn with_jedi() -> Battle {
        let mut b = battle();
        b.advanced.jedi = true;
        make(&mut b, "st2", "Jedi");
        let (st1, st2) = (unit(&b, "st1"), unit(&b, "st2"));
        b.units[st2].at = b.units[st1].at;
        b
    }

    #[test]
    fn a_jedi_stacked_with_the_attacker_goes_with_it_adds_its_1d4_and_spends_its_points() {
        let mut b = with_jedi();
        let (st1, jedi, mc1) = (unit(&b, "st1"), unit(&b, "st2"), unit(&b, "mc1"));
        let route = path(&[(2, 5), (2, 4)]);
        // The stormtrooper's 1d8 a step up for 1 Force point: 5; the Jedi's 1d4: 3; the
        // Calamari's 1d4+1: 4 + 1.
        assault(&mut b, st1, &route, false, 1, &mut Dice::forced([5, 3, 4])).expect("a combat");
        assert!(
            logged(
                &b,
                "Close combat: Stormtrooper 1 1d10 = 5 + Jedi 1d4 = 3 (total 8) against Mon Calamari 1 1d4+1 = 5 (total 5): the attacker wins"
            ),
            "{:#?}",
            b.events
        );
        assert!(!b.units[mc1].alive);
        assert_eq!(b.units[jedi].at, route[1], "the Jedi went with its unit");
        assert!(b.units[jedi].activated);
        assert_eq!(b.units[jedi].force_points, 5, "the point was spent");
    }

    #[test]
    fn a_jedi_that_has_played_stays_behind_and_cannot_boost_the_attack() {
        let mut b = with_jedi();
        let (st1, jedi) = (unit(&b, "st1"), unit(&b, "st2"));
        b.units[jedi].activated = true;
        let route = path(&[(2, 5), (2, 4)]);
        let e = assault(&mut b, st1, &route, false, 1, &mut Dice::forced([5, 4]))
            .expect_err("the Jedi stays");
        assert!(e.starts_with("Jedis:"), "{e}");
        assert_eq!(b.units[jedi].force_points, 6);
        assault(&mut b, st1, &route, false, 0, &mut Dice::forced([5, 4])).expect("a combat");
        assert!(logged(
            &b,
            "Close combat: Stormtrooper 1 1d8 = 5 against Mon Calamari 1 1d4+1 = 5"
        ));
        assert_eq!(b.units[jedi].at, path(&[(2, 6)])[0], "it stayed behind");
    }

    #[test]
    fn the_wookie_and_the_jedi_attack_with_1d8_plus_1_and_1d4() {
        let mut b = battle();
        b.advanced.jedi = true;
        make(&mut b, "st1", "Wookie");
        make(&mut b, "st2", "Jedi");
        let (st1, st2, mc1) = (unit(&b, "st1"), unit(&b, "st2"), unit(&b, "mc1"));
        b.units[st2].at = b.units[st1].at;
        let dice: Vec<String> = assault_dice(&b, st1, mc1, false, 0)
            .iter()
            .map(|(_, d)| d.to_string())
            .collect();
        assert_eq!(dice, ["1d8+1", "1d4"]);
    }
}
