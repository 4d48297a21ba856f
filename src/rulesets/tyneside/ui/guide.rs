//! The first game's guide (the shell's [`Guide`]): docked at the top of the sidebar, beside
//! the table and never over it, it says what to do next in this phase, quoting its rule, and explains a rule that has just come up
//! in play (a duck back, a wound, a fall-back, a run), quoting it too. Hidden with its button,
//! back from the help (F1).

use bevy_egui::egui;

use crate::rulesets::tyneside::turn::TurnPhase;
use crate::ui::{Guide, ShellStatus};

/// One card of the guide: what to do, and the rule it rests on with where it is written.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Card {
    /// The step, in a few words.
    pub title: &'static str,
    /// What to do now on this screen.
    pub what: &'static str,
    /// The rule text quoted.
    pub quote: &'static str,
    /// Where it is: tyneside-skirmish.txt and the section.
    pub source: &'static str,
}

/// The card for `phase`, when a person is to act (`person`) or the rules are.
pub fn card(phase: TurnPhase, person: bool) -> Card {
    if !person {
        return Card {
            title: "The rules play the other side",
            what: "Watch: each step of theirs shows under the phase bar and in the events (bottom right). Your turn comes back by itself.",
            quote: "These rules are designed to allow players to use Star Wars figures to fight scenarios, they are a solo set, though opposed play is possible!",
            source: "tyneside-skirmish.txt, Introduction",
        };
    }
    match phase {
        TurnPhase::Orders => Card {
            title: "1 · Orders",
            what: "In the sidebar's groups, pick the order counter of each of your groups a hero is with (hover an order for what it makes the group do). Groups with no hero take the Random movement table's order. Under Attack a group must run at the nearest enemy and enter melee if in reach: declare the run (R, or Run on the figure's card) before it moves. Then press End orders.",
            quote: "Order counters are placed behind groups at the start of a turn, based on the Random movement rules unless a Hero is with the unit (In which case he chooses one).",
            source: "tyneside-skirmish.txt, Orders",
        },
        TurnPhase::Movement => Card {
            title: "2 · Movement",
            what: "The active group is ringed in white. Drag one of its figures to move it (Shift-drag moves the whole group); each figure's blue ring is what is left of its move (the selected one's strong), the yellow arrows the way its order sends it (on Advance, a red ring 5\" round an enemy is where it halts), and a red path says why a move is not allowed. R runs (+D4\"; Shift+R the whole group). Then End activation.",
            quote: "Move figures/groups in order of Initiative, starting with the lowest Initiative figure/group. … Halve movement if in difficult terrain or crossing an obstacle.",
            source: "tyneside-skirmish.txt, Play sequence (4); Movement",
        },
        TurnPhase::Action => Card {
            title: "3 · Shoot/act",
            what: "In the fire-fight panel (the sidebar, under the figure's card), tick the enemy groups to shoot at. Before you press Shoot it shows both sides' firepower totals, the chart row they give and each target's chance of Duck back, Wound or Kill. Hover an enemy to see the line of sight and range. Then End activation.",
            quote: "You calculate the total Firepower points of all the enemy figures able to shoot at your figure (s), and compare that total with the total Firepower/Defence points of your figures … You don't dice 'to hit', just to survive the enemy fire.",
            source: "tyneside-skirmish.txt, Shooting rules",
        },
        TurnPhase::EndOfTurn => Card {
            title: "End of turn",
            what: "Morale and recovery are worked out; the next turn begins with orders.",
            quote: "Duck Back: Figure is unable to move or shoot in their next turn, and may not be targeted if behind cover.",
            source: "tyneside-skirmish.txt, Shooting rules",
        },
    }
}

/// The rule behind an event the game just told (`text`, as the events panel shows it), when it
/// is one a first game meets: (what happened, the rule quoted, where it is).
pub fn rule_behind(text: &str) -> Option<(&'static str, &'static str, &'static str)> {
    const RULES: &[(&str, &str, &str, &str)] = &[
        (
            "ducks back",
            "A figure ducked back",
            "Duck Back: Figure is unable to move or shoot in their next turn, and may not be targeted if behind cover.",
            "tyneside-skirmish.txt, Shooting rules",
        ),
        (
            "is wounded",
            "A figure was wounded",
            "Wounds result in halving of all values (Initiative, Attack/Defence etc – but not Force points or movement) … 2 wounds Disable/kill a figure.",
            "tyneside-skirmish.txt, Wounds",
        ),
        (
            "falls back",
            "A group fell back",
            "If half or more figures in a group containing a players character are wounded or ducked back, they must move away from the nearest visible enemy … This move takes place at the end of the current turn and replaces the group's next activation.",
            "tyneside-skirmish.txt, Morale",
        ),
        (
            " runs: ",
            "A figure ran",
            "Normally, foot figures walk at 5\" an activation, and add D4\" to that rate if running (Runners halve shooting values for runner, or the enemy if shot at while running across line of fire).",
            "tyneside-skirmish.txt, Movement",
        ),
    ];
    RULES
        .iter()
        .find(|(key, ..)| text.contains(key))
        .map(|(_, what, quote, source)| (*what, *quote, *source))
}

/// The least height the guide may take where half the sidebar is less, egui points: its
/// heading and a few lines of the step.
const GUIDE_LEAST: f32 = 120.0;

/// The share of the sidebar the guide may take in `phase`: half, and a third in the shoot/act
/// phase, whose fire fight below (targets, odds, Shoot) is the step in hand. At half, two walks
/// at 1280x720 found the targets under the dice log.
fn guide_share(phase: TurnPhase) -> f32 {
    match phase {
        TurnPhase::Action => 0.33,
        _ => 0.5,
    }
}

/// Events looked back over for a rule that just came up.
const RECENT_EVENTS: usize = 6;

/// The guide, docked at the top of the sidebar `side` (above the groups) while it is on: the
/// step to take, its rule quoted, and a rule that has just come up.
pub(super) fn show(
    side: &mut egui::Ui,
    log: Option<&crate::engine::record::GameLog>,
    guide: &mut Guide,
    phase: TurnPhase,
    status: &ShellStatus,
) {
    if !guide.on {
        return;
    }
    let c = card(phase, status.to_act.is_some());
    let most = side.available_height() * guide_share(phase);
    // As tall as its words, up to its share of the sidebar: a step's card cut at a fixed height
    // hid the heading of its rule (a walk), and the groups under it need the rest.
    egui::Panel::top("first-game-guide")
        .resizable(false)
        .show(side, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("guide")
                .max_height(most.max(GUIDE_LEAST))
                .min_scrolled_height(most.max(GUIDE_LEAST))
                .auto_shrink([false, true])
                .show(ui, |ui| {
                    ui.horizontal(|ui| {
                        ui.heading("Guide");
                        if ui
                            .small_button("Hide")
                            .on_hover_text("F1 (the help) brings it back")
                            .clicked()
                        {
                            guide.on = false;
                        }
                    });
                    ui.strong(c.title);
                    ui.label(c.what);
                    ui.add_space(4.0);
                    // The rule word for word one click away, its source with it:
                    // shown whole, it ran past the panel's foot at 1280x720 and read as cut
                    // (a walk); the step to take always shows.
                    quoted(ui, "guide-rule", c.source, c.quote);
                    // A rule that has just come up in play, explained where it happened.
                    let just = log.and_then(|l| {
                        l.0.iter()
                            .rev()
                            .take(RECENT_EVENTS)
                            .find_map(|e| rule_behind(&e.text))
                    });
                    if let Some((what, quote, source)) = just {
                        ui.separator();
                        ui.strong(format!("Just now: {what}"));
                        quoted(ui, "guide-just-now", source, quote);
                    }
                });
        });
}

/// A rule quoted word for word with its `source`, under a heading shut until opened (it stays
/// as the player left it from one step to the next: `id`).
fn quoted(ui: &mut egui::Ui, id: &str, source: &str, quote: &str) {
    egui::CollapsingHeader::new("The rule, word for word")
        .id_salt(id)
        .default_open(false)
        .show(ui, |ui| {
            ui.label(egui::RichText::new(format!("\u{201c}{quote}\u{201d}")).italics());
            ui.weak(source);
        });
}

#[cfg(test)]
mod tests {
    use super::card;
    use crate::rulesets::tyneside::turn::TurnPhase;

    #[test]
    fn each_phase_has_its_own_step_and_the_rules_turn_says_to_watch() {
        let phases = [
            TurnPhase::Orders,
            TurnPhase::Movement,
            TurnPhase::Action,
            TurnPhase::EndOfTurn,
        ];
        let titles: Vec<&str> = phases.iter().map(|p| card(*p, true).title).collect();
        for (i, t) in titles.iter().enumerate() {
            assert!(!titles[i + 1..].contains(t), "{t} twice");
        }
        assert!(card(TurnPhase::Orders, true).what.contains("End orders"));
        assert!(
            card(TurnPhase::Movement, true)
                .quote
                .contains("lowest Initiative")
        );
        assert!(card(TurnPhase::Action, false).what.starts_with("Watch"));
    }

    #[test]
    fn the_rule_behind_an_event_is_found_by_its_words() {
        use super::rule_behind;
        let duck = rule_behind("Stormtrooper A1 ducks back").unwrap();
        assert!(duck.1.starts_with("Duck Back"));
        assert_eq!(
            rule_behind("Han Solo runs: +3\" (runners …)").unwrap().0,
            "A figure ran"
        );
        assert_eq!(rule_behind("Turn 2: place order counters"), None);
    }
}
