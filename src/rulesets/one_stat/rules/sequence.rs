//! The turn sequence: initiative, then single activations in the chosen order, a phase ending
//! when every fighter has gone (one-stat-skirmish.txt, "Turn Sequence").

use crate::rules::dice::{Dice, DiceError, DiceExpr};

/// "Each player picks the highest die available to him. Whoever rolls the highest number gets
/// to decide, on which position (1st, 2nd, ..) he wants to act. After that the player with the
/// next highest number chooses his position and so on." `dies`: each player's highest die
/// (faces). Returns the players in the order they choose, highest roll first; players who tie
/// roll again between themselves for their places (docs/rules/one_stat.md, "Initiative").
///
/// Errors: the dice's.
pub fn initiative(dice: &mut Dice, dies: &[u8], names: &[String]) -> Result<Vec<usize>, DiceError> {
    let mut out = Vec::new();
    choosing(dice, dies, names, (0..dies.len()).collect(), &mut out)?;
    Ok(out)
}

fn choosing(
    dice: &mut Dice,
    dies: &[u8],
    names: &[String],
    players: Vec<usize>,
    out: &mut Vec<usize>,
) -> Result<(), DiceError> {
    if players.len() <= 1 {
        out.extend(players);
        return Ok(());
    }
    let mut rolls = Vec::new();
    for &p in &players {
        let name = names.get(p).map_or("a player", String::as_str);
        rolls.push((
            dice.roll(DiceExpr::d(dies[p]), format!("{name}: initiative"))?,
            p,
        ));
    }
    let mut values: Vec<i32> = rolls.iter().map(|r| r.0).collect();
    values.sort_unstable_by(|a, b| b.cmp(a));
    values.dedup();
    for v in values {
        let tied: Vec<usize> = rolls.iter().filter(|r| r.0 == v).map(|r| r.1).collect();
        choosing(dice, dies, names, tied, out)?;
    }
    Ok(())
}

/// Who activates next: after `last` (a place in `order`), the next player in `order` who still
/// has a fighter to activate (`ready`). "If a player cannot activate one of his fighters, the
/// other player may activate all of his remaining fighters one by one": a player with none is
/// passed over. `None`: everyone has gone, and a new phase starts.
pub fn next_player(
    order: &[usize],
    last: Option<usize>,
    ready: impl Fn(usize) -> bool,
) -> Option<usize> {
    let n = order.len();
    let start = last.map_or(0, |k| k + 1);
    (0..n).map(|k| (start + k) % n).find(|&k| ready(order[k]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(n: usize) -> Vec<String> {
        (0..n).map(|k| format!("P{k}")).collect()
    }

    #[test]
    fn the_highest_roll_chooses_first_and_ties_roll_again() {
        // Three players with d10s: 7, 9, 7; the two 7s roll again: 2, 5.
        let mut dice = Dice::forced([7, 9, 7, 2, 5]);
        assert_eq!(
            initiative(&mut dice, &[10, 10, 10], &names(3)).unwrap(),
            [1, 2, 0]
        );
    }

    #[test]
    fn activations_alternate_and_pass_over_a_player_with_nobody_left() {
        let order = [1, 0, 2];
        assert_eq!(next_player(&order, None, |_| true), Some(0));
        assert_eq!(next_player(&order, Some(0), |_| true), Some(1));
        assert_eq!(next_player(&order, Some(2), |_| true), Some(0));
        // Player 0 has nobody left: 2 then 1 go on alone.
        assert_eq!(next_player(&order, Some(0), |p| p != 0), Some(2));
        assert_eq!(next_player(&order, Some(2), |p| p != 0), Some(0));
        assert_eq!(next_player(&order, Some(0), |_| false), None);
    }
}
