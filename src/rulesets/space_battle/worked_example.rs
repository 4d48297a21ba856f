//! star-wars-battle-space.txt, "A STAR WARS BATTLE Action Report": the whole battle replayed
//! from `tests/space_battle/action_report_script.ron` with the report's cards forced (the
//! script's header gives the dice and cards; `holotable run` plays the same file), every
//! attack checked against the report's words, and the score "19 to 11".

use super::battle::{Battle, Status};
use super::commands::Command;
use super::rules::combat::{Draw, card_name};
use super::rules::craft::bombing_rating;
use super::rules::facing::Position;
use crate::rules::cards::{Card, Deck};
use crate::rules::dice::Dice;

const SCENARIO: &str = include_str!("../../../tests/space_battle/action_report.ron");
const SCRIPT: &str = include_str!("../../../tests/space_battle/action_report_script.ron");

/// The values after `--flag` in the script's header comment.
fn header(flag: &str) -> Vec<String> {
    SCRIPT
        .lines()
        .find_map(|l| l.split_once(&format!("--{flag} ")))
        .map(|(_, v)| {
            v.trim_end_matches(" \\")
                .split(',')
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

/// The battle played to its end, each command accepted.
fn played() -> Battle {
    let s = super::rules::scenario::parse(SCENARIO, "action_report.ron").expect("scenario");
    let dice: Vec<u8> = header("dice")
        .iter()
        .map(|d| d.parse().expect("a face"))
        .collect();
    let cards: Vec<Card> = header("cards")
        .iter()
        .map(|c| Card::parse(c).expect("a card"))
        .collect();
    assert!(
        dice.len() > 50 && cards.len() == 40,
        "the header gives the dice and cards"
    );
    let commands: Vec<Command> = crate::rules::scenario::ron_options()
        .from_str(SCRIPT)
        .expect("the script");
    let (mut dice, mut deck) = (Dice::forced(dice), Deck::forced(cards));
    let mut b = Battle::new(&s);
    for (n, c) in commands.iter().enumerate() {
        b.apply(c, &mut dice, &mut deck)
            .unwrap_or_else(|e| panic!("command {n} {c:?}: {e}"));
    }
    assert_eq!(dice.forced_left(), 0, "every die used");
    assert_eq!(deck.forced_left(), 0, "every card drawn");
    b
}

/// Every attack as `turn: attacker on target, position: cards…`.
fn attacks(b: &Battle) -> Vec<String> {
    b.fights
        .iter()
        .map(|f| {
            let cards: Vec<String> = f
                .pairs
                .iter()
                .map(|p| {
                    format!(
                        "{} v {}{}",
                        card_name(p.firer),
                        card_name(p.target),
                        if p.what == "defensive fire" {
                            " (defensive)"
                        } else {
                            ""
                        }
                    )
                })
                .collect();
            format!(
                "{}: {} on {}, {}: {}",
                f.turn,
                b.craft[f.attacker].name(),
                b.craft[f.target].name(),
                f.position.words(),
                cards.join(", ")
            )
        })
        .collect()
}

#[test]
fn the_action_report_plays_as_written() {
    let b = played();
    assert_eq!(
        attacks(&b),
        [
            // TURN 2: "the blue Tie fighter fired at the red X-Wing fighter from the left
            // forward diagonal square and missed by drawing a 7 card, which was topped by the
            // defender's 10."
            "2: blue TIE fighter on red X-wing, from the front diagonal: 7 v 10",
            // TURN 3: "both sides drew a card showing a 10 … the blue Tie fighter missed the
            // red X-Wing by drawing a Joker and the X-Wing drew a 7 card. The Empire's blue X1
            // bomber also attacked the red X-Wing fighter and missed by drawing a Joker versus
            // a 2 card."
            "3: blue TIE fighter on red X-wing, from the front diagonal: 10 v 10, Joker v 7",
            "3: blue X1 on red X-wing, head-on: Joker v 2",
            // "The green X-Wing hit the Empire's blue bomber … by drawing a 2 against an Ace.
            // The blue X-Wing knocked out the red X1 bomber with a 9 card versus a 7 card. The
            // defensive fires of both bombers were misses: <5, 8> and <7, 8>."
            "3: green X-wing on blue X1, from the rear: 2 v Ace, 5 v 8 (defensive)",
            "3: blue X-wing on red X1, from the rear diagonal: 9 v 7, 7 v 8 (defensive)",
            // TURN 4, in the report's order: "The green Tie fighter opened this turn by
            // attacking the blue X-Wing and missing (Jack, Queen). The yellow Tie fighter was
            // luckier and batted the blue X-Wing down (9, 5). The blue Tie fighter attacked the
            // red X-Wing fighter from the rear, fired three times, and missed all three shots:
            // (6, 8), (Joker, 9), (5, Jack). The red Tie fighter … (King, Ace) … the defensive
            // fire from the blue Y-Wing bomber was accurate".
            "4: green TIE fighter on blue X-wing, from the front diagonal: Jack v Queen",
            "4: yellow TIE fighter on blue X-wing, head-on: 9 v 5",
            "4: blue TIE fighter on red X-wing, from the rear: 6 v 8, Joker v 9, 5 v Jack",
            "4: red TIE fighter on blue Y-wing, from the rear diagonal: King v Ace, 9 v 4 (defensive)",
            // "the green X-Wing fighter was able to down the yellow X1 bomber (Jack, 8). The
            // defensive fire was ineffective and missed."
            "4: green X-wing on yellow X1, from the rear: Jack v 8, 3 v 6 (defensive)",
            // TURN 5: "The red X-Wing fighter attacked the yellow Tie fighter from a front
            // diagonal square. The yellow Tie fighter spun out of control … (Queen, Jack)."
            "5: red X-wing on yellow TIE fighter, from the front diagonal: Queen v Jack",
            // TURN 6: "The blue Tie fighter struck the red Y-Wing bomber head on … (5, 3). The
            // defensive fire of the Y-Wing bomber was ineffective".
            "6: blue TIE fighter on red Y-wing, head-on: 5 v 3, 2 v 10 (defensive)",
        ]
    );
    // "This just shows that defensive fire from a pursued bomber can take down the attacker
    // with it": both destroyed in turn 4.
    let status = |id: &str| b.craft.iter().find(|c| c.id == id).map(|c| c.status);
    assert_eq!(status("red-tie"), Some(Status::Destroyed { by: 0 }));
    assert_eq!(status("blue-ywing"), Some(Status::Destroyed { by: 1 }));
    // TURNS 7 and 8: the yellow Y-wing, then the green X1 and the green Y-wing exit; "Both
    // Republican bombers, yellow and green, rolled a 3 … The Imperial green X1 also scored a
    // 3."
    for id in ["yellow-ywing", "green-ywing", "green-x1"] {
        let c = b.craft.iter().find(|c| c.id == id).expect("craft");
        assert_eq!((c.status, c.bombing), (Status::Exited, Some(3)), "{id}");
    }
    assert_eq!(
        b.turn, 8,
        "The game ended when all of the surviving bombers exited the board"
    );
    // "giving them a score of 6 bombing points. This was rated as a poor bomb run."
    assert_eq!(b.score(0), (13, 6));
    assert!(bombing_rating(6).starts_with("Poor"));
    // "This bombing score was twice as poor as the combined Republicans' score."
    assert_eq!(b.score(1), (8, 3));
    // "The Republicans won the battle with a total score of 19 to 11."
    let r = b.result.as_ref().expect("over");
    assert_eq!(r.winner, Some(0));
    assert!(r.reason.contains("19 to 11"), "{}", r.reason);
    // Every draw decided as the text's chart says (the tie drawn again at once).
    let ties = b
        .fights
        .iter()
        .flat_map(|f| &f.pairs)
        .filter(|p| p.draw == Draw::Tie)
        .count();
    assert_eq!(ties, 1);
    assert!(
        b.fights
            .iter()
            .any(|f| f.position == Position::Rear && f.pairs.len() == 3)
    );
}
