//! The space battle panels on the shared shell: the phase bar's words; the score (craft
//! destroyed and bombing) at all times; the side's craft with their rolls and points left;
//! the craft to act and its buttons; the last fights' cards face up side by side, with the
//! cards left in the deck.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::ID;
use super::battle::{Battle, Motion, Stage, Status};
use super::phases::BattleRes;
use super::rules::combat::{Draw, card_name};
use super::rules::craft::Class;
use crate::engine::dice::DeckRes;
use crate::engine::record::GameRecord;
use crate::engine::state::playing;
use crate::rules::cards::Card;
use crate::ui::{Handover, RuleSetHelp, ShellSet, ShellStatus, SidebarArea, side_colour32};

const SHORTCUTS: &[(&str, &str)] = &[
    (
        "Left click",
        "a yellow square: fly the ringed craft there (the bright ones are one step); a red-ringed enemy: attack it; another of your craft that must attack: attack with it first",
    ),
    (
        "Space / Enter",
        "stop the craft here to fire (its points left are kept)",
    ),
];

/// The craft to act in `b`: the one to move, or in the Fire stage the attacker the person
/// chose (`plan`'s, a craft that must attack), else the first that must.
fn acting(b: &Battle, plan: Option<&super::input::Plan>) -> Option<usize> {
    let chosen = plan
        .and_then(|p| p.craft)
        .filter(|&c| b.stage == Stage::Fire && b.attackers().any(|k| k == c));
    b.mover().or(chosen).or(b.attacker())
}

fn status(
    battle: Res<BattleRes>,
    app: Option<Res<crate::engine::game::Sides>>,
    record: Option<Res<GameRecord<super::commands::Command>>>,
    plan: Option<Res<super::input::Plan>>,
    mut shell: ResMut<ShellStatus>,
) {
    let b = &battle.0;
    let side = &b.sides[b.side];
    let by_rules = app.as_ref().is_some_and(|a| a.rules.contains(&b.side));
    let act = acting(b, plan.as_deref());
    let craft = act.map(|i| b.craft[i].name()).unwrap_or_default();
    let hint = match (by_rules, b.stage, act) {
        (false, Stage::Initiative, _) => format!(
            "Decide the initiative: each side {} and the higher plays first every turn. Press Draw for the initiative.",
            if b.initiative == super::rules::scenario::Initiative::Cards {
                "takes the top card"
            } else {
                "rolls its d6"
            }
        ),
        (true, _, _) => "The rules fly this side: watch the table and the events.".to_string(),
        (_, Stage::Fire, Some(_)) => {
            format!(
                "The {craft} attacks: click a red-ringed enemy. Every craft with an enemy next to it attacks; click another of them to attack with it first."
            )
        }
        // Cornered, no square is yellow: say what is left, as the text has it (a walk found
        // `Click a yellow square` with none on the board).
        (_, Stage::Finish, Some(i)) if b.cornered(i) => format!(
            "The {craft} finishes its move: {} to use, and every way on ends on a square another craft holds (\"any that ends a move on an occupied square will be destroyed\"): click one of those craft.",
            super::battle::points(b.craft[i].points)
        ),
        (_, Stage::Finish, Some(i)) => format!(
            "The {craft} finishes its move: {} to use. Click a yellow square.",
            super::battle::points(b.craft[i].points)
        ),
        (_, _, Some(i)) if b.craft[i].moved > 0 => format!(
            "The {craft} has {} left: click a yellow square, or Stop here to fire.{}",
            super::battle::points(b.craft[i].points),
            if b.stage == Stage::Move && b.cornered(i) {
                " (Stopped here, every way on with those points ends on an occupied square: it would be destroyed.)"
            } else {
                ""
            }
        ),
        (_, _, Some(i)) => format!(
            "The {craft} moves {}: click a yellow square (bright: one step; on each, the points it costs, and xN where an attack from it makes N combats).",
            super::battle::points(b.craft[i].points)
        ),
        _ => String::new(),
    };
    let end = if b.stage == Stage::Initiative && !by_rules {
        Some(("Draw for the initiative".to_string(), "Each side takes the top card (or rolls its die, as the scenario says); the higher plays first each turn. Space/Enter".to_string()))
    } else {
        act.filter(|_| !by_rules).and_then(|i| match b.stage {
        Stage::Move if b.craft[i].moved > 0 => Some((
            "Stop to fire".to_string(),
            format!("Stop the {craft} here with its {} left, to attack from here when every craft has moved, before it finishes its move (our ruling, Stopping to fire: Help, Our rulings). Space/Enter", super::battle::points(b.craft[i].points)),
        )),
        _ => None,
        })
    };
    let score = |s: usize| {
        let (d, bo) = b.score(s);
        format!("{} {}", b.sides[s].name, d + bo)
    };
    let people = (0..b.sides.len())
        .filter(|s| app.as_ref().is_none_or(|a| !a.rules.contains(s)))
        .count();
    let new = ShellStatus {
        turn: format!("Turn {}/{}", b.turn, b.turn_limit),
        turn_number: b.turn,
        // The initiative is no side's to play: each takes a card (PROCEDURE).
        phase: match b.stage {
            Stage::Initiative => "Initiative — each side takes a card".to_string(),
            Stage::Move => format!("{} — movement", side.name),
            Stage::Fire => format!("{} — attacks", side.name),
            Stage::Finish => format!("{} — finishing moves", side.name),
        },
        to_act: None,
        // The initiative is both sides' at once: in a hotseat game no banner names one of
        // them. Solo the person's side is named still, so that the play coming back to him
        // after the rules' side is told.
        acting: (b.stage != Stage::Initiative || people < 2).then_some(b.side),
        who: if b.stage == Stage::Initiative {
            "both sides".to_string()
        } else if craft.is_empty() {
            side.name.clone()
        } else {
            format!("{} — the {craft}", side.name)
        },
        hint,
        end,
        end_loses: None,
        objective: format!(
            "Get your bombers off the far edge; destroy fighters (2) and bombers (3). Score: {}, {}",
            score(0),
            score(1)
        ),
        secrecy: String::new(),
        sides: b.sides.iter().map(|s| s.name.clone()).collect(),
        commands: record.as_ref().map_or(0, |r| r.commands.len()),
        people,
        save_stem: crate::engine::record::save_stem(record.as_deref(), "space"),
        largest_die: 6,
        cards: true,
    };
    shell.set_if_neq(new);
}

fn help(mut help: ResMut<RuleSetHelp>) {
    *help = RuleSetHelp {
        book: Some(super::BOOK),
        shortcuts: SHORTCUTS.to_vec(),
        lines: vec![
            "Turn: the side with the initiative moves all its craft in colour order (green, blue, red, yellow; fighters, then bombers), attacks with every craft next to an enemy (in the order it chooses), then finishes the moves of craft that stopped to fire; then the other side.",
            "Moving: 1d6 points a craft (X-wing +1, TIE fighter +2); straight ahead 1, diagonally ahead 2, 90° to a side 3; every point must be used; ending on an occupied square destroys the craft.",
            "Combat: from a square next to the target; head-on, front diagonal or side 1 combat, rear diagonal 2, rear 3; higher card wins, a tie draws again. A bomber fires back once after the first combat.",
            "Cards: King 13, Queen 12, Jack 11, a number card its number, an Ace 1, a Joker 0 (COMBAT).",
        ],
    };
}

/// A card as drawn on the table, `won` ringed green, its hover naming it and `whose` it is
/// (`the green X-wing`).
fn card_widget(ui: &mut egui::Ui, card: Card, won: bool, whose: &str) -> egui::Response {
    let (text, red) = (card.face(), card.is_red());
    egui::Frame::new()
        .fill(egui::Color32::from_rgb(248, 246, 240))
        .stroke(egui::Stroke::new(
            if won { 2.5 } else { 1.0 },
            if won {
                egui::Color32::from_rgb(40, 170, 60)
            } else {
                egui::Color32::GRAY
            },
        ))
        .corner_radius(4.0)
        .inner_margin(egui::Margin::symmetric(6, 4))
        .show(ui, |ui| {
            ui.set_min_width(34.0);
            ui.label(egui::RichText::new(text).size(17.0).strong().color(if red {
                egui::Color32::from_rgb(200, 30, 30)
            } else {
                egui::Color32::BLACK
            }))
            .on_hover_text(format!(
                "{whose}'s card: {} — worth {}",
                card_name(card),
                card.value()
            ));
        })
        .response
}

fn score_panel(ui: &mut egui::Ui, b: &Battle) {
    egui::Grid::new("space-score").striped(true).show(ui, |ui| {
        ui.label("");
        ui.label("destroyed");
        ui.label("bombing");
        ui.label("total");
        ui.end_row();
        for s in 0..b.sides.len() {
            let (d, bo) = b.score(s);
            ui.label(
                egui::RichText::new(&b.sides[s].name)
                    .strong()
                    .color(side_colour32(s)),
            );
            ui.label(d.to_string());
            ui.label(bo.to_string()).on_hover_text(b.bombing_words(s));
            ui.label(egui::RichText::new((d + bo).to_string()).strong());
            ui.end_row();
        }
    });
    if b.stage == Stage::Initiative {
        ui.label("The initiative is still to be drawn.");
    } else {
        let first = &b.sides[b.first].name;
        // Why, on hover: a walk saw the Republic's Joker lose to a 9 with no word of it.
        ui.label(format!(
            "{first} {} first each turn.",
            crate::rules::words::verb(first, "plays", "play")
        ))
        .on_hover_text(
            "It won the initiative: the higher card (or die) plays first each turn; a card counts King 13, Queen 12, Jack 11, its number, Ace 1, Joker 0 (PROCEDURE, COMBAT). The events say what each side drew.",
        );
    }
}

/// What craft `i` of side `s` is doing, as its row in the sidebar says it: waiting, gone,
/// destroyed, where it is, or its roll and what is left of it this turn.
fn craft_state(b: &Battle, s: usize, i: usize) -> String {
    let c = &b.craft[i];
    match c.status {
        Status::Waiting if b.turn < 2 => "comes on turn 3".to_string(),
        Status::Waiting => "off the edge, moves turn 3".into(),
        Status::Exited => match c.bombing {
            Some(v) => format!("bombed the carrier: {v}"),
            None => "gone to bomb the carrier".into(),
        },
        Status::Destroyed { .. } => "destroyed".into(),
        Status::Flying if !b.on_board(c.at) => "off the edge, coming on".into(),
        Status::Flying if s != b.side || c.roll == 0 => format!("at ({}, {})", c.at.0, c.at.1),
        Status::Flying => format!(
            "rolled {} · {}",
            c.roll,
            match c.motion {
                Motion::ToMove if c.moved == 0 => format!("{} to move", c.points),
                Motion::ToMove => format!("{} left", c.points),
                Motion::Stopped => format!("stopped, {} left", c.points),
                Motion::Moved if c.fired => "done".into(),
                Motion::Moved => "moved".into(),
            }
        ),
    }
}

fn craft_panel(ui: &mut egui::Ui, b: &Battle, act: Option<usize>) {
    for s in [b.side, 1 - b.side] {
        ui.label(
            egui::RichText::new(&b.sides[s].name)
                .strong()
                .color(side_colour32(s)),
        );
        // Craft of one type in one state share a row of colour chips: escort_battle's 28
        // craft, a row each, ran past the sidebar before the play began.
        let mut rows: Vec<(Vec<usize>, String)> = Vec::new();
        for i in b.of_side(s) {
            let state = craft_state(b, s, i);
            let alike = |r: &(Vec<usize>, String)| {
                let j = r.0[0];
                r.1 == state
                    && b.craft[j].kind == b.craft[i].kind
                    && ![Some(i), Some(j)].contains(&act)
            };
            match rows.last_mut() {
                Some(r) if alike(r) => r.0.push(i),
                _ => rows.push((vec![i], state)),
            }
        }
        for (crafts, state) in rows {
            let c = &b.craft[crafts[0]];
            let here = crafts.len() == 1 && Some(crafts[0]) == act;
            let name = if crafts.len() == 1 {
                c.name()
            } else {
                format!("{} {}s", crafts.len(), c.kind.name())
            };
            let text = egui::RichText::new(format!(
                "{} {} {}",
                if here { "▶" } else { " " },
                name,
                if c.kind.class() == Class::Bomber {
                    "(bomber)"
                } else {
                    ""
                }
            ));
            ui.horizontal_wrapped(|ui| {
                let gap = ui.spacing().item_spacing.x;
                ui.spacing_mut().item_spacing.x = 3.0;
                for &k in &crafts {
                    let [r, g, bl] = b.craft[k].colour.rgb();
                    let (rect, chip) =
                        ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
                    ui.painter().rect_filled(
                        rect,
                        2.0,
                        egui::Color32::from_rgb(
                            (r * 255.0) as u8,
                            (g * 255.0) as u8,
                            (bl * 255.0) as u8,
                        ),
                    );
                    chip.on_hover_text(b.craft[k].name());
                }
                ui.spacing_mut().item_spacing.x = gap;
                ui.label(if here { text.strong() } else { text });
                if crafts.len() == 1 {
                    ui.weak(&state);
                }
            });
            // A row of chips leaves little room: its state on a line of its own, not broken
            // after `coming`.
            if crafts.len() > 1 {
                ui.horizontal(|ui| {
                    ui.add_space(16.0);
                    ui.weak(&state);
                });
            }
        }
    }
}

/// The Stop to fire button's width, egui points: `Stop to fire (12 left)` fits.
const STOP_WIDTH: f32 = 170.0;

/// The acting craft's button, Stop to fire, at the top of the sidebar where it is never under
/// the fold (at the foot of 16 craft it was half clipped at 1280x720).
fn stop_button(
    ui: &mut egui::Ui,
    b: &Battle,
    (person, act): (bool, Option<usize>),
    out: &mut Vec<super::commands::Command>,
) {
    if !person {
        return;
    }
    if let Some(i) = act {
        let c = &b.craft[i];
        ui.horizontal(|ui| {
            if b.stage != Stage::Move {
                return;
            }
            // One width whatever the points left: `(10 left)` to `(9 left)` leaves it as it was.
            let stop = ui
                .add_enabled(
                    c.moved > 0,
                    egui::Button::new(format!("Stop to fire ({} left)", c.points))
                        .min_size(egui::vec2(STOP_WIDTH, 0.0)),
                )
                .on_hover_text("Stop here to attack from this square: the attacks come once every craft has moved (the next craft moves now); after them it uses its points left (our ruling, Stopping to fire: Help, Our rulings)")
                .on_disabled_hover_text("\"An attacking spacecraft must move one square before firing\" (COMBAT)");
            crate::ui::key_widget(ui, "stop", &stop);
            if stop.clicked() {
                out.push(super::commands::Command::Stop { craft: c.id.clone() });
            }
        });
    }
}

fn cards_panel(ui: &mut egui::Ui, b: &Battle, deck: &crate::rules::cards::Deck) {
    ui.label(egui::RichText::new("Cards").strong());
    ui.weak(format!(
        "{} in the deck, {} discarded (shuffled back when the deck runs out)",
        deck.left(),
        deck.discards().len()
    ));
    let recent: Vec<&super::battle::Fight> = b.fights.iter().rev().take(3).collect();
    if recent.is_empty() {
        ui.weak("No fight yet.");
    }
    // The last fight open, the two before it folded: the panel keeps its place above the
    // craft, and the last cards stay in sight after the attacks (a walk lost them when the
    // panel went below the craft list as the finishing moves began).
    let (last, earlier) = recent.split_at(recent.len().min(1));
    for f in last {
        fight(ui, b, f, true);
    }
    if !earlier.is_empty() {
        egui::CollapsingHeader::new("Earlier fights")
            .id_salt("space-earlier-fights")
            .default_open(false)
            .show(ui, |ui| {
                for f in earlier {
                    fight(ui, b, f, false);
                }
            });
    }
}

/// One fight's cards, pair by pair; `last`: the newest, whose cards are the attacks' step in
/// hand.
fn fight(ui: &mut egui::Ui, b: &Battle, f: &super::battle::Fight, last: bool) {
    let (a, t) = (&b.craft[f.attacker], &b.craft[f.target]);
    ui.label(format!(
        "Turn {}: the {} on the {} {}",
        f.turn,
        a.name(),
        t.name(),
        f.position.words()
    ));
    for (n, p) in f.pairs.iter().enumerate() {
        let defensive = p.what == "defensive fire";
        // Defensive fire: the target fires back at the attacker.
        let (firer, other) = if defensive { (t, a) } else { (a, t) };
        // Whose card is whose over the cards, in their order: `4♠ v 2♥` alone was read the
        // wrong way round (a walk took the higher card for its own X-wing's).
        ui.weak(format!(
            "{}: the {} v the {}",
            p.what,
            firer.name(),
            other.name()
        ));
        ui.horizontal_wrapped(|ui| {
            let first = card_widget(
                ui,
                p.firer,
                p.draw == Draw::Hit,
                &format!("the {}", firer.name()),
            );
            ui.label("v");
            let second = card_widget(
                ui,
                p.target,
                p.draw == Draw::Miss,
                &format!("the {}", other.name()),
            );
            // The last fight's cards are the step in hand's, in the attacks.
            if last && b.stage == Stage::Fire {
                crate::ui::key_widget(ui, format!("card {n} firer"), &first);
                crate::ui::key_widget(ui, format!("card {n} target"), &second);
            }
            ui.label(match (p.draw, defensive) {
                (Draw::Hit, false) => format!("the {} is destroyed", t.name()),
                (Draw::Hit, true) => format!("the {} is destroyed", a.name()),
                (Draw::Miss, _) => "a miss".to_string(),
                (Draw::Tie, _) => "a tie: draw again".to_string(),
            });
        });
    }
    ui.separator();
}

#[allow(clippy::too_many_arguments)]
fn panels(
    mut ctx: EguiContexts,
    battle: Res<BattleRes>,
    deck: Res<DeckRes>,
    app: Option<Res<crate::engine::game::Sides>>,
    sidebar: Res<SidebarArea>,
    handover: Res<Handover>,
    mut send: MessageWriter<super::commands::Command>,
    mut plan: Option<ResMut<super::input::Plan>>,
    seated: Option<Res<crate::engine::game::Seated>>,
) -> Result {
    if handover.showing || !sidebar.0.is_positive() {
        return Ok(());
    }
    let ctx = ctx.ctx_mut()?.clone();
    let b = &battle.0;
    // Online, only the seat to act presses the step's buttons (a club walk).
    let seat = seated.as_ref().and_then(|x| x.0);
    let person = app.as_ref().is_none_or(|a| !a.rules.contains(&b.side))
        && seat.is_none_or(|me| me == b.side);
    let mut out = Vec::new();
    let mut side = crate::ui::area_ui(&ctx, sidebar.0);
    // No taller than the part of the sidebar left to it, or it runs under the dice.
    egui::ScrollArea::vertical()
        .id_salt("space-panels")
        .max_height(sidebar.0.height())
        .show(&mut side, |ui| {
            let act = acting(b, plan.as_deref());
            // One order at every stage, so nothing jumps as the attacks begin or end: the
            // cards of the last fight above the score and the craft list, in view (under a
            // tall score they were below the fold).
            stop_button(ui, b, (person, act), &mut out);
            cards_panel(ui, b, &deck.0);
            ui.separator();
            score_panel(ui, b);
            ui.separator();
            craft_panel(ui, b, act);
        });
    // A stop that loses its craft is asked about first, as the End button's is.
    if let Some(p) = plan.as_deref_mut() {
        out.retain(|c| {
            let super::commands::Command::Stop { craft } = c else {
                return true;
            };
            let lost = b
                .craft
                .iter()
                .position(|k| &k.id == craft)
                .and_then(|i| super::input::stop_lost(b, i));
            match lost {
                Some(words) => {
                    p.asking = Some((c.clone(), words));
                    false
                }
                None => true,
            }
        });
    }
    if let Some(c) = plan
        .as_deref_mut()
        .and_then(|p| super::input::ask_loss(&ctx, p))
    {
        out.push(c);
    }
    for c in out {
        send.write(c);
    }
    Ok(())
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(crate::engine::state::GameState::Playing(ID)), help)
        // After this frame's clicks and commands: the attacker just chosen is the one named.
        .add_systems(
            Update,
            status
                .after(crate::engine::pipeline::CommandPipeline)
                .run_if(playing(ID)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            panels.after(ShellSet).run_if(playing(ID)),
        );
}
