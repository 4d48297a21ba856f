//! What fire and melee results do to a figure.

use crate::rulesets::tyneside::components::{Condition, Status};
use crate::rulesets::tyneside::rules::fire::FireResult;
use crate::rulesets::tyneside::rules::wounds::WOUNDS_TO_DISABLE;

/// Applies a fire chart result in turn `turn`; returns what happened, in words.
///
/// tyneside-skirmish.txt, Shooting rules: "Duck Back: Figure is unable to move or shoot in
/// their next turn"; "Wound: Halve shooting/defence/Melee values. 2 wounds Disable/kill a
/// figure"; "Killed: … Heroes are never killed, just Disabled …". Ruling: a figure ducks
/// back from the moment it is hit to the end of its next turn.
pub fn apply_fire_result(
    cond: &mut Condition,
    hero: bool,
    result: FireResult,
    turn: u32,
) -> &'static str {
    match result {
        FireResult::NoEffect => "no effect",
        FireResult::DuckBack => {
            cond.ducked_back_until = Some(turn + 1);
            cond.hidden = false;
            "ducks back"
        }
        FireResult::Wound => wound(cond, hero),
        FireResult::Killed => take_out(cond, hero),
    }
}

/// A fire result as the log tells it: the chart's result, and what it did where that says
/// more (`W: wound: is killed` for a second wound, `K: killed/disabled: is disabled` for a
/// hero); `no effect: no effect` and `D: duck back: ducks back` said one thing twice.
pub fn told(result: FireResult, what: &str) -> String {
    let same = matches!(
        (result, what),
        (FireResult::NoEffect, "no effect")
            | (FireResult::DuckBack, "ducks back")
            | (FireResult::Wound, "is wounded")
    );
    if same {
        result.to_string()
    } else {
        format!("{result}: {what}")
    }
}

/// One more wound; the second disables (heroes) or kills.
pub fn wound(cond: &mut Condition, hero: bool) -> &'static str {
    cond.wounds += 1;
    if cond.wounds >= WOUNDS_TO_DISABLE {
        take_out(cond, hero)
    } else {
        "is wounded"
    }
}

/// Killed, or disabled for a hero.
pub fn take_out(cond: &mut Condition, hero: bool) -> &'static str {
    if hero {
        cond.status = Status::Disabled;
        "is disabled"
    } else {
        cond.status = Status::Killed;
        "is killed"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_is_told_once_and_what_it_did_where_that_says_more() {
        assert_eq!(told(FireResult::NoEffect, "no effect"), "no effect");
        assert_eq!(told(FireResult::DuckBack, "ducks back"), "D: duck back");
        assert_eq!(told(FireResult::Wound, "is killed"), "W: wound: is killed");
        assert_eq!(
            told(FireResult::Killed, "is disabled"),
            "K: killed/disabled: is disabled"
        );
    }

    fn fresh() -> Condition {
        Condition {
            status: Status::Active,
            wounds: 0,
            ducked_back_until: None,
            knocked_out_until: None,
            hidden: true,
            force_points: 0,
            held: None,
            explosive: None,
            controlled: None,
            tricked_from: None,
            ready: false,
            resting: false,
        }
    }

    #[test]
    fn two_wounds_kill_but_heroes_are_only_disabled() {
        let mut c = fresh();
        apply_fire_result(&mut c, false, FireResult::Wound, 1);
        assert_eq!((c.wounds, c.status), (1, Status::Active));
        apply_fire_result(&mut c, false, FireResult::Wound, 1);
        assert_eq!(c.status, Status::Killed);
        let mut h = fresh();
        apply_fire_result(&mut h, true, FireResult::Killed, 1);
        assert_eq!(h.status, Status::Disabled);
    }

    #[test]
    fn duck_back_lasts_through_next_turn() {
        let mut c = fresh();
        apply_fire_result(&mut c, false, FireResult::DuckBack, 3);
        assert!(c.ducked_back(3) && c.ducked_back(4) && !c.ducked_back(5));
        assert!(!c.hidden);
    }

    /// "Duck Back: Figure is unable to move or shoot in their next turn": a figure ducked back
    /// in turn 3 may still move in turn 3 (it has, or it will, in this turn's sequence), not in
    /// turn 4, again in 5; a knocked-out one not while knocked out. The table's reach rings
    /// follow this.
    #[test]
    fn a_ducked_back_figure_may_not_move_in_its_next_turn() {
        let mut c = fresh();
        assert!(c.may_move(3));
        apply_fire_result(&mut c, false, FireResult::DuckBack, 3);
        assert!(c.may_move(3) && !c.may_move(4) && c.may_move(5));
        let mut k = fresh();
        k.knocked_out_until = Some(6);
        assert!(!k.may_move(5) && !k.may_move(6) && k.may_move(7));
    }
}
