//! The unit card: the hovered (or selected) figure's profile, weapon, condition and what it
//! has done this turn.

use bevy_egui::egui;

use crate::rulesets::tyneside::board::GameView;
use crate::rulesets::tyneside::commands::Command;
use crate::rulesets::tyneside::input::PointerState;
use crate::rulesets::tyneside::rules::orders::{Order, allowance_whole};
use crate::rulesets::tyneside::rules::range::RangeBand;
use crate::rulesets::tyneside::turn::TurnPhase;

/// Draws a card into `ui`: the selected figure's, with the buttons of the step in hand (the
/// sidebar's), or where `preview` the hovered figure's, to read only (over the table).
pub fn show(
    ui: &mut egui::Ui,
    view: &GameView,
    pointer: &mut PointerState,
    (phase, preview): (TurnPhase, bool),
    out: &mut Vec<Command>,
) {
    let Some(board) = view.board() else { return };
    let Some(e) = (if preview {
        pointer.hover
    } else {
        pointer.selected
    }) else {
        ui.weak("Click a figure to pick it: its card and buttons show here. Hover one to read its card over the table.");
        return;
    };
    let Some(i) = board.figs.iter().position(|f| f.entity == e) else {
        return;
    };
    let f = &board.figs[i];
    let p = &f.figure.profile;
    ui.heading(format!(
        "{}{}",
        if f.figure.hero { "★ " } else { "" },
        f.figure.name
    ));
    let group = view.group(f.group);
    ui.label(format!(
        "{} · {} · {}",
        p.name,
        group.map(|g| g.name.as_str()).unwrap_or("?"),
        board.table.side_name(f.figure.side)
    ));
    // The buttons of the step in hand first (moving, flying, the Force's powers): under the
    // card's rows they were below the fold at 1280x720, the powers only found by scrolling
    // after End activation's question named them (play-tests).
    if !preview {
        move_buttons(ui, &board, i, (phase, view), pointer, out);
        fly_button(ui, &board, i, (phase, view), pointer);
        super::force::actions(ui, &board, i, (phase, view), pointer, out);
    }
    // Two values a row where both are short: a card of nine rows was cut at the sidebar's
    // fold at 1280x720 (a walk).
    egui::Grid::new("card")
        .num_columns(4)
        .striped(true)
        .show(ui, |ui| {
            ui.label("Firepower")
                .on_hover_text("Long / medium / point blank (halved when wounded or running)");
            // Its values now (halved for a wound or a run), its profile's beside them when
            // they differ.
            ui.label(match p.firepower {
                Some(fp) => {
                    let own = format!("{}/{}/{}", fp.long, fp.medium, fp.point_blank);
                    let now = [RangeBand::Long, RangeBand::Medium, RangeBand::PointBlank]
                        .map(|b| board.firepower_at(i, b).to_string())
                        .join("/");
                    if now == own {
                        own
                    } else {
                        format!("{now} (of {own})")
                    }
                }
                None => "—".into(),
            });
            ui.label("Defence")
                .on_hover_text("Used only if no firepower; counts for its own side's total");
            ui.label(p.defence.map_or("—".into(), |d| {
                let now = board.defence(i);
                if now == d as f32 {
                    d.to_string()
                } else {
                    format!("{now} (of {d})")
                }
            }));
            ui.end_row();
            ui.label("Initiative");
            ui.label(p.initiative.to_string());
            ui.label("Melee");
            ui.label(board.melee(i).to_string());
            ui.end_row();
            // Deflect, the Force and armour, two a row.
            let mut pairs: Vec<(&str, String, &str)> = Vec::new();
            if let Some(d) = p.deflect {
                pairs.push((
                    "Deflect",
                    format!("({}/{}/{})", d.long, d.medium, d.point_blank),
                    "Bracketed firepower, used only to deflect shots with the Force",
                ));
            }
            if p.force_points > 0 {
                pairs.push((
                    "Force",
                    format!("{} of {}", f.cond.force_points, p.force_points),
                    "Force points left, of the profile's",
                ));
            }
            pairs.push(if f.figure.armoured {
                ("Armour", "yes".into(), "Armoured: a W result becomes D")
            } else {
                ("Armour", "no".into(), "Not armoured")
            });
            for row in pairs.chunks(2) {
                for (name, value, why) in row {
                    ui.label(*name).on_hover_text(*why);
                    ui.label(value);
                }
                ui.end_row();
            }
        });
    // The weapon and the move under the grid: in it their long values widened the first
    // value column and pushed the second pair past the sidebar's edge.
    egui::Grid::new("card-weapon-move")
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            ui.label("Weapon");
            ui.label(match &f.figure.weapon {
                Some(w) => format!(
                    "{} ({}\"/{}\"/{}\")",
                    w.name, w.long, w.medium, w.point_blank
                ),
                None => "none (lightsaber or unarmed)".into(),
            });
            ui.end_row();
            ui.label("Move");
            // While orders are placed a group's counter is last turn's, or hidden: the move it
            // gives is not said (an enemy's card read `Stand: up to 2"` under its `[ ? ]`,
            // and it then advanced: a walk).
            if phase == TurnPhase::Orders {
                ui.label(format!(
                    "{:.1}\" walking; this turn's order sets the move",
                    board.walk(i)
                ));
                ui.end_row();
                return;
            }
            let enhance = if f.act.enhanced {
                crate::rulesets::tyneside::rules::force::ENHANCE
            } else {
                1.0
            };
            let order = group.and_then(|g| g.order);
            let allow = allowance_whole(board.walk(i), f.act.run_roll, order, enhance);
            ui.label(format!(
                "{:.1}\" of {:.1}\" used{}{}",
                f.act.moved,
                allow,
                f.act
                    .run_roll
                    .map(|r| format!(" (ran +{r}\")"))
                    .unwrap_or_default(),
                if order == Some(Order::Stand) {
                    " (Stand: up to 2\")"
                } else {
                    ""
                }
            ));
            ui.end_row();
        });
    let mut state = Vec::new();
    if f.cond.wounded() {
        state.push("wounded (values halved)".to_string());
    }
    if f.cond.immobilised(board.turn) {
        state.push("held by the Force (lightning or choke)".into());
    } else if f.cond.ducked_back(board.turn) {
        state.push("ducked back".into());
    }
    if f.cond.knocked_out(board.turn) {
        state.push(format!(
            "knocked out until turn {}",
            f.cond.knocked_out_until.unwrap_or(0)
        ));
    }
    if f.cond.hidden {
        state.push("hiding: unseen beyond 6\"".into());
    }
    if board.in_cover_anywhere(i) {
        // What it is worth, not a bare state (a walk read `in or by cover` alone on a card):
        // tyneside-skirmish.txt, Shooting, -1 from the die roll if the target is in cover.
        state.push("in or by cover: -1 to hit from across it".into());
    }
    if !state.is_empty() {
        ui.label(state.join(" · "));
    }
    // The abilities and the profile's note in one wrapped line, not two rows.
    let mut more: Vec<String> = Vec::new();
    if !f.figure.abilities.is_empty() {
        let words: Vec<&str> = f.figure.abilities.iter().map(|a| a.words()).collect();
        more.push(format!("Abilities: {}", words.join(", ")));
    }
    if !p.notes.is_empty() {
        more.push(p.notes.clone());
    }
    if !more.is_empty() {
        ui.weak(more.join(" · "));
    }
}

/// The movement keys as buttons for the card's figure of the group moving: Run (R; the whole
/// group where its order must run), Run the group (Shift+R), Jump (J) and Hide (H), so a
/// player need not know the keys (a play-test found Run only on R).
fn move_buttons(
    ui: &mut egui::Ui,
    board: &crate::rulesets::tyneside::board::Board,
    i: usize,
    (phase, view): (TurnPhase, &GameView),
    pointer: &mut PointerState,
    out: &mut Vec<Command>,
) {
    let f = &board.figs[i];
    let active = view.turn.as_ref().and_then(|t| t.active_group()) == Some(f.group);
    if phase != TurnPhase::Movement
        || !active
        || crate::rulesets::tyneside::input::side_to_act(view, phase) != Some(f.figure.side)
    {
        return;
    }
    let must_run = view
        .group(f.group)
        .and_then(|g| g.order)
        .is_some_and(|o| o.must_run());
    let run = |group: bool, out: &mut Vec<Command>| {
        let runners = if group {
            board.members(f.group)
        } else {
            vec![i]
        };
        out.extend(crate::rulesets::tyneside::input::runs(board, runners));
    };
    ui.horizontal_wrapped(|ui| {
        // Once run, the Run buttons stay, greyed: gone, they let Jump and Hide slide under the
        // pointer that had pressed Run (a walk).
        // Nor may a group run whose order forbids it (a walk saw Run live under Stand).
        let order = view.group(f.group).and_then(|g| g.order);
        let forbidden = order.filter(|o| !o.may_run());
        let may_run = f.act.run_roll.is_none() && forbidden.is_none();
        let why_not = match forbidden {
            Some(o) => format!("{o} orders: may not run ({})", o.rule_text()),
            None => "It has run this activation".to_string(),
        };
        let runs = "adds D4 inches to this activation's move, each figure rolling its own; runners halve their shooting values";
        if !must_run
            && ui
                .add_enabled(may_run, egui::Button::new("Run (R)"))
                .on_hover_text(format!("This figure {runs}"))
                .on_disabled_hover_text(&why_not)
                .clicked()
        {
            run(false, out);
        }
        if ui
            .add_enabled(may_run, egui::Button::new("Run the group (Shift+R)"))
            .on_hover_text(format!(
                "Every figure of the group that has not run {runs}{}",
                if must_run { " (its order must run)" } else { "" }
            ))
            .on_disabled_hover_text(&why_not)
            .clicked()
        {
            run(true, out);
        }
        if ui
            .selectable_label(pointer.jump, "Jump (J)")
            .on_hover_text("The next drag is a jump across a gap (D4+1 inches)")
            .clicked()
        {
            pointer.jump = !pointer.jump;
            pointer.selected = Some(f.entity);
        }
        if !f.cond.hidden
            && ui
                .button("Hide (H)")
                .on_hover_text("Declared hiding, in cover it can neither see nor be seen unless within 6 inches")
                .clicked()
        {
            out.push(Command::Hide {
                figure: f.figure.id.clone(),
            });
        }
    });
}

/// R2D2's flight and Boba Fett's jet pack: a button that makes the next drag a flight.
fn fly_button(
    ui: &mut egui::Ui,
    board: &crate::rulesets::tyneside::board::Board,
    i: usize,
    (phase, view): (TurnPhase, &GameView),
    pointer: &mut PointerState,
) {
    use crate::rulesets::tyneside::rules::profile::Ability;
    let f = &board.figs[i];
    let active = view.turn.as_ref().and_then(|t| t.active_group()) == Some(f.group);
    let jet = f.figure.has(Ability::JetPack);
    if phase != TurnPhase::Movement
        || !active
        || f.act.moved > 0.0
        || !(jet || f.figure.has(Ability::Flies))
    {
        return;
    }
    let label = if pointer.fly {
        "Fly: drag the figure…"
    } else {
        "Fly"
    };
    let hint = if jet {
        "\"May fly as Jedi force jump\": up to 12 x D6\" over anything in the way, the figure's whole move (a run for its order); then drag it where it should come down (Esc cancels)"
    } else {
        "R2D2 \"May fly\" up to 24\" a turn, over anything in the way, the figure's whole move (a run for its order); then drag it where it should come down (Esc cancels)"
    };
    if ui.button(label).on_hover_text(hint).clicked() {
        pointer.fly = !pointer.fly;
        pointer.selected = Some(f.entity);
    }
}
