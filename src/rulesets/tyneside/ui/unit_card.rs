//! The unit card: the hovered (or selected) figure's profile, weapon, condition and what it
//! has done this turn.

use bevy_egui::egui;

use crate::rulesets::tyneside::board::{Board, GameView};
use crate::rulesets::tyneside::commands::Command;
use crate::rulesets::tyneside::input::PointerState;
use crate::rulesets::tyneside::rules::force::{CHOKE_RANGE, ForcePower, LIGHTNING_RANGE};
use crate::rulesets::tyneside::rules::movement::allowance;
use crate::rulesets::tyneside::rules::profile::Ability;
use crate::rulesets::tyneside::turn::TurnPhase;

/// Draws the card into `ui`.
pub fn show(
    ui: &mut egui::Ui,
    view: &GameView,
    pointer: &mut PointerState,
    phase: TurnPhase,
    out: &mut Vec<Command>,
) {
    let Some(board) = view.board() else { return };
    let Some(e) = pointer.hover.or(pointer.selected) else {
        ui.weak("Hover over a figure to see its card.");
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
    egui::Grid::new("card")
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            ui.label("Firepower")
                .on_hover_text("Long / medium / point blank (halved when wounded or running)");
            ui.label(match p.firepower {
                Some(fp) => format!("{}/{}/{}", fp.long, fp.medium, fp.point_blank),
                None => "—".into(),
            });
            ui.end_row();
            if let Some(d) = p.deflect {
                ui.label("Deflect").on_hover_text(
                    "Bracketed firepower, used only to deflect shots with the Force",
                );
                ui.label(format!("({}/{}/{})", d.long, d.medium, d.point_blank));
                ui.end_row();
            }
            ui.label("Defence")
                .on_hover_text("Used only if no firepower; counts for its own side's total");
            ui.label(p.defence.map(|d| d.to_string()).unwrap_or("—".into()));
            ui.end_row();
            ui.label("Initiative");
            ui.label(p.initiative.to_string());
            ui.end_row();
            ui.label("Melee");
            ui.label(board.melee(i).to_string());
            ui.end_row();
            if p.force_points > 0 {
                ui.label("Force points");
                ui.label(format!("{} of {}", f.cond.force_points, p.force_points));
                ui.end_row();
            }
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
            let enhance = if f.act.enhanced {
                crate::rulesets::tyneside::rules::force::ENHANCE
            } else {
                1.0
            };
            let allow = allowance(p.move_inches, f.act.run_roll) * enhance;
            ui.label(format!(
                "{:.1}\" of {:.1}\" used{}",
                f.act.moved,
                allow,
                f.act
                    .run_roll
                    .map(|r| format!(" (ran +{r}\")"))
                    .unwrap_or_default()
            ));
            ui.end_row();
            ui.label("Armour");
            ui.label(if f.figure.armoured {
                "yes: W becomes D"
            } else {
                "no"
            });
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
        state.push("in or by cover".into());
    }
    if !state.is_empty() {
        ui.label(state.join(" · "));
    }
    if !f.figure.abilities.is_empty() {
        ui.weak(format!("Abilities: {:?}", f.figure.abilities));
    }
    if !p.notes.is_empty() {
        ui.weak(&p.notes);
    }
    force_actions(ui, &board, i, (phase, view), pointer, out);
}

/// Push/pull: tick up to the user's Force points in figures it sees within 24", then push
/// them away or pull them in (tyneside-skirmish.txt, Jedi powers, Push/pull).
fn push_pull(
    ui: &mut egui::Ui,
    board: &Board,
    i: usize,
    power: &dyn Fn(ForcePower) -> Command,
    out: &mut Vec<Command>,
) {
    use crate::rulesets::tyneside::rules::force::PUSH_RANGE;
    let f = &board.figs[i];
    let view_from = board.viewpoint(i);
    let reachable: Vec<usize> = (0..board.figs.len())
        .filter(|&t| t != i && board.gap(i, t) <= PUSH_RANGE && board.sees_from(&view_from, i, t))
        .collect();
    if reachable.is_empty() {
        return;
    }
    let key = egui::Id::new(("push-pull", &f.figure.id));
    let mut ticked: Vec<String> = ui.data_mut(|d| d.get_temp(key).unwrap_or_default());
    egui::CollapsingHeader::new(format!(
        "Push/pull… (up to {} figures, 2D6\")",
        f.cond.force_points
    ))
    .id_salt(key)
    .show(ui, |ui| {
        for &t in &reachable {
            let id = board.figs[t].figure.id.clone();
            let mut on = ticked.contains(&id);
            let label = format!("{} ({:.1}\")", board.figs[t].figure.name, board.gap(i, t));
            if ui.checkbox(&mut on, label).changed() {
                ticked.retain(|x| *x != id);
                if on {
                    ticked.push(id);
                }
            }
        }
        ui.horizontal(|ui| {
            let any = !ticked.is_empty();
            let hint = "\"figures are stunned for 3 turns if they hit a solid object\"";
            for (label, pull) in [("Push away", false), ("Pull in", true)] {
                if ui
                    .add_enabled(any, egui::Button::new(label))
                    .on_hover_text(hint)
                    .clicked()
                {
                    out.push(power(ForcePower::Push {
                        targets: std::mem::take(&mut ticked),
                        pull,
                    }));
                }
            }
        });
    });
    ui.data_mut(|d| d.insert_temp(key, ticked));
}

/// The Force actions the selected figure may take now, as buttons (tyneside-skirmish.txt,
/// Jedi powers); the rules refuse what they forbid, with the reason in the phase bar.
fn force_actions(
    ui: &mut egui::Ui,
    board: &Board,
    i: usize,
    (phase, view): (TurnPhase, &GameView),
    pointer: &mut PointerState,
    out: &mut Vec<Command>,
) {
    let f = &board.figs[i];
    let active = view.turn.as_ref().and_then(|t| t.active_group()) == Some(f.group);
    if !f.figure.has(Ability::ForceUser)
        || !active
        || !matches!(phase, TurnPhase::Movement | TurnPhase::Action)
    {
        return;
    }
    ui.separator();
    ui.label(format!(
        "The Force ({} FP; 1 FP an action, {} an activation)",
        f.cond.force_points,
        crate::rulesets::tyneside::rules::force::actions_per_activation(
            f.figure.profile.force_points
        )
    ));
    let id = f.figure.id.clone();
    let power = |power: ForcePower| Command::Force {
        figure: id.clone(),
        power,
    };
    ui.horizontal_wrapped(|ui| {
        if phase == TurnPhase::Movement
            && ui
                .button("Enhance")
                .on_hover_text("\"Double any movement up or down, +50% on the level\": this turn's move is half as long again")
                .clicked()
        {
            out.push(power(ForcePower::Enhance));
        }
        if phase == TurnPhase::Movement && f.act.moved == 0.0 {
            let label = if pointer.force_jump {
                "Force jump: drag the figure…"
            } else {
                "Force jump"
            };
            if ui
                .button(label)
                .on_hover_text(format!(
                    "\"jump up to (current Force level x D6\")\", over anything in the way: up to {}\" on a 6. It is the figure's whole move; then drag it where it should come down (Esc cancels)",
                    crate::rulesets::tyneside::rules::force::force_jump_reach(
                        f.cond.force_points,
                        6
                    )
                ))
                .clicked()
            {
                pointer.force_jump = !pointer.force_jump;
                pointer.selected = Some(f.entity);
            }
        }
        if !f.act.seeing
            && ui
                .button("Seeing")
                .on_hover_text("\"Force users can 'see' figures which are hidden\": this turn, a figure within 3\" of where it could be seen is sensed, hiding or not")
                .clicked()
        {
            out.push(power(ForcePower::Seeing));
        }
        if f.cond.wounded()
            && ui
                .button("Suppress wound")
                .on_hover_text("\"ignore a wound this turn, all values return to normal\"; a 6 on the D6 heals it for good")
                .clicked()
        {
            out.push(power(ForcePower::WoundSuppression));
        }
    });
    push_pull(ui, board, i, &power, out);
    if phase != TurnPhase::Action {
        return;
    }
    let view_from = board.viewpoint(i);
    let targets: Vec<usize> = (0..board.figs.len())
        .filter(|&t| {
            board.figs[t].figure.side != f.figure.side
                && board.gap(i, t) <= LIGHTNING_RANGE.max(CHOKE_RANGE)
                && board.sees_from(&view_from, i, t)
        })
        .collect();
    let dark = f.figure.has(Ability::DarkSide);
    let holds: &[(&str, &str, bool, f32)] = &[
        ("lightning", "Force lightning at…", dark, LIGHTNING_RANGE),
        ("choke", "Choke…", true, CHOKE_RANGE),
    ];
    for &(key, label, allowed, range) in holds {
        let targets: Vec<usize> = targets
            .iter()
            .copied()
            .filter(|&t| {
                board.gap(i, t) <= range
                    && (key != "choke" || !board.figs[t].figure.has(Ability::Droid))
            })
            .collect();
        if !allowed || targets.is_empty() {
            continue;
        }
        egui::ComboBox::from_id_salt((key, &f.figure.id))
            .selected_text(label)
            .show_ui(ui, |ui| {
                for &t in &targets {
                    let target = board.figs[t].figure.id.clone();
                    let (hint, make) = if key == "lightning" {
                        (
                            "Immobilises; kills on the 4th continuous turn",
                            ForcePower::Lightning { target },
                        )
                    } else {
                        (
                            if dark {
                                "Holds; the Dark Side kills after 3 turns"
                            } else {
                                "Holds the victim while kept up"
                            },
                            ForcePower::Choke { target },
                        )
                    };
                    if ui
                        .selectable_label(false, &board.figs[t].figure.name)
                        .on_hover_text(hint)
                        .clicked()
                    {
                        out.push(power(make));
                    }
                }
            });
    }
}
