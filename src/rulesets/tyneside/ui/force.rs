//! The unit card's Force actions (tyneside-skirmish.txt, Jedi powers): buttons for the
//! powers the selected Force user may use now, lists to tick the figures of Push/pull and a
//! Mind trick, and the targets of lightning and choke. The rules refuse what they forbid, with
//! the reason in the phase bar.

use bevy_egui::egui;

use crate::rulesets::tyneside::board::{Board, GameView};
use crate::rulesets::tyneside::commands::Command;
use crate::rulesets::tyneside::input::ForceReach;
use crate::rulesets::tyneside::input::PointerState;
use crate::rulesets::tyneside::rules::force::{
    CHOKE_RANGE, ForcePower, LIGHTNING_RANGE, MIND_TRICK_FAR, MIND_TRICK_MANY, MIND_TRICK_NEAR,
    mind_trickable,
};
use crate::rulesets::tyneside::rules::profile::Ability;
use crate::rulesets::tyneside::turn::TurnPhase;

/// A power's reaches (inches from the user's base edge) and the figures (board indices) it
/// may pick, while the unit card shows them.
type Shown = (Vec<f32>, Vec<usize>);

/// A collapsing list of the figures `candidates` (board indices, seen from figure `i`) to
/// tick under `title`, kept in egui's memory under `key`; `buttons` draws what acts on the
/// ticked figures' ids. Whether the list is open or the pointer is on its header.
fn tick_list(
    ui: &mut egui::Ui,
    (board, i): (&Board, usize),
    key: &str,
    title: String,
    candidates: &[usize],
    buttons: impl FnOnce(&mut egui::Ui, &mut Vec<String>),
) -> bool {
    if candidates.is_empty() {
        return false;
    }
    let key = egui::Id::new((key, &board.figs[i].figure.id));
    let mut ticked: Vec<String> = ui.data_mut(|d| d.get_temp(key).unwrap_or_default());
    let shown = egui::CollapsingHeader::new(title)
        .id_salt(key)
        .show(ui, |ui| {
            for &t in candidates {
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
            buttons(ui, &mut ticked);
        });
    ui.data_mut(|d| d.insert_temp(key, ticked));
    shown.body_returned.is_some() || shown.header_response.hovered()
}

/// Push/pull: tick up to the user's Force points in figures it sees within 24", choose what
/// they are thrown from (the user, or a friendly figure it sees) and, if not the whole roll,
/// how far at most ("up to 2D6″"), then push them away or pull them in (tyneside-skirmish.txt,
/// Jedi powers, Push/pull).
fn push_pull(
    ui: &mut egui::Ui,
    board: &Board,
    i: usize,
    power: &dyn Fn(ForcePower) -> Command,
    out: &mut Vec<Command>,
) -> Option<Shown> {
    use crate::rulesets::tyneside::rules::force::PUSH_RANGE;
    let f = &board.figs[i];
    let view_from = board.viewpoint(i);
    let reachable: Vec<usize> = (0..board.figs.len())
        .filter(|&t| t != i && board.gap(i, t) <= PUSH_RANGE && board.sees_from(&view_from, i, t))
        .collect();
    let friends: Vec<usize> = (0..board.figs.len())
        .filter(|&k| {
            k != i
                && board.figs[k].figure.side == f.figure.side
                && board.sees_from(&view_from, i, k)
        })
        .collect();
    let title = format!("Push/pull… (up to {} figures, 2D6\")", f.cond.force_points);
    let key = egui::Id::new(("push-options", &f.figure.id));
    let (mut from, mut up_to): (Option<String>, Option<f32>) =
        ui.data_mut(|d| d.get_temp(key).unwrap_or_default());
    let shown = tick_list(
        ui,
        (board, i),
        "push-pull",
        title,
        &reachable,
        |ui, ticked| {
            let name = |id: &Option<String>| match id {
                None => format!("{} (the user)", f.figure.name),
                Some(id) => board
                    .find(id)
                    .map_or(id.clone(), |k| board.figs[k].figure.name.clone()),
            };
            ui.horizontal(|ui| {
                ui.label("Thrown from");
                egui::ComboBox::from_id_salt(key.with("from"))
                    .selected_text(name(&from))
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut from, None, name(&None));
                        for &k in &friends {
                            let id = Some(board.figs[k].figure.id.clone());
                            let label = name(&id);
                            ui.selectable_value(&mut from, id, label);
                        }
                    })
                    .response
                    .on_hover_text("Straight away from (or towards) the user, or a friendly figure it sees: \"throw the nearest enemy to that group back\"");
            });
            ui.horizontal(|ui| {
                let mut capped = up_to.is_some();
                ui.checkbox(&mut capped, "No further than")
                    .on_hover_text("\"up to 2D6\"\": the throw stops here if the dice say more");
                let mut inches = up_to.unwrap_or(6.0);
                ui.add_enabled(
                    capped,
                    egui::DragValue::new(&mut inches)
                        .range(0.5..=12.0)
                        .speed(0.1)
                        .suffix("\""),
                );
                up_to = capped.then_some(inches);
            });
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
                            targets: std::mem::take(ticked),
                            pull,
                            from: from.clone(),
                            up_to,
                        }));
                    }
                }
            });
        },
    );
    // A friend no longer seen is no longer offered.
    if from
        .as_ref()
        .is_some_and(|id| !friends.iter().any(|&k| &board.figs[k].figure.id == id))
    {
        from = None;
    }
    ui.data_mut(|d| d.insert_temp(key, (from, up_to)));
    shown.then_some((vec![PUSH_RANGE], reachable))
}

/// The Force actions figure `i` may take now, as buttons (tyneside-skirmish.txt, Jedi
/// powers); the rules refuse what they forbid, with the reason in the phase bar.
pub(super) fn actions(
    ui: &mut egui::Ui,
    board: &Board,
    i: usize,
    (phase, view): (TurnPhase, &GameView),
    pointer: &mut PointerState,
    out: &mut Vec<Command>,
) {
    let f = &board.figs[i];
    if f.figure.has(Ability::ForceUser)
        && crate::rulesets::tyneside::input::side_to_act(view, phase) == Some(f.figure.side)
    {
        let mut ready = f.cond.ready;
        let hint = if f.figure.has(Ability::Lightsaber) {
            "In the other sides' turns: Defend/Deflect stops a hit on this figure or one within 2\" and sends the shot back (1 FP); Block stops a Force attack on it (2 FP)"
        } else {
            "In the other sides' turns: Swipe makes a point-blank hit from a group of firepower 5 or more on it miss (1 FP); Block stops a Force attack on it (2 FP)"
        };
        if ui
            .checkbox(&mut ready, "Ready to react with the Force")
            .on_hover_text(hint)
            .changed()
        {
            out.push(Command::Ready {
                figure: f.figure.id.clone(),
                ready,
            });
        }
    }
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
    let mut shown = push_pull(ui, board, i, &power, out);
    if phase == TurnPhase::Movement {
        shown = lift(ui, board, i, pointer).or(shown);
    }
    shown = mind_trick(ui, board, i, &power, out).or(shown);
    activate(ui, board, i, &power, out);
    if phase == TurnPhase::Action {
        shown = holds(ui, board, i, &power, out).or(shown);
    }
    pointer.force_reach = shown.map(|(reach, targets)| ForceReach {
        user: f.entity,
        reach,
        targets: targets.iter().map(|&t| board.figs[t].entity).collect(),
    });
}

/// Force lightning (Dark Side) and choke: a menu of the enemies the user sees within reach
/// (tyneside-skirmish.txt, Jedi powers). Shown while a menu is open or pointed at.
fn holds(
    ui: &mut egui::Ui,
    board: &Board,
    i: usize,
    power: &dyn Fn(ForcePower) -> Command,
    out: &mut Vec<Command>,
) -> Option<Shown> {
    let f = &board.figs[i];
    let mut shown = None;
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
        let menu = egui::ComboBox::from_id_salt((key, &f.figure.id))
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
        if menu.inner.is_some() || menu.response.hovered() {
            shown = Some((vec![range], targets));
        }
    }
    shown
}

/// Mind trick: tick up to three basic or storm troopers the user sees within 5", or one within
/// 24" (tyneside-skirmish.txt, Jedi powers, Mind Trick).
fn mind_trick(
    ui: &mut egui::Ui,
    board: &Board,
    i: usize,
    power: &dyn Fn(ForcePower) -> Command,
    out: &mut Vec<Command>,
) -> Option<Shown> {
    let f = &board.figs[i];
    let view_from = board.viewpoint(i);
    let reachable: Vec<usize> = (0..board.figs.len())
        .filter(|&t| {
            board.figs[t].figure.side != f.figure.side
                && mind_trickable(&board.figs[t].figure.profile.name)
                && board.gap(i, t) <= MIND_TRICK_FAR
                && board.sees_from(&view_from, i, t)
        })
        .collect();
    let title = format!(
        "Mind trick… (up to {MIND_TRICK_MANY} within {MIND_TRICK_NEAR}\", or one within {MIND_TRICK_FAR}\")"
    );
    let shown = tick_list(
        ui,
        (board, i),
        "mind-trick",
        title,
        &reachable,
        |ui, ticked| {
            if ui
            .add_enabled(!ticked.is_empty(), egui::Button::new("Control them"))
            .on_hover_text("For the rest of this turn they act for your side, as a group of their own that acts next (Move orders). Only a Dark Side user may have them shoot or fight their friends.")
            .clicked()
        {
            out.push(power(ForcePower::MindTrick {
                targets: std::mem::take(ticked),
            }));
        }
        },
    );
    shown.then_some((vec![MIND_TRICK_NEAR, MIND_TRICK_FAR], reachable))
}

/// Activate: the doors within 24" of the user, to open (or shut) with the Force
/// (tyneside-skirmish.txt, Jedi powers, "Activate: Switch switches, activate door mechanisms
/// etc., or deactivate them").
fn activate(
    ui: &mut egui::Ui,
    board: &Board,
    i: usize,
    power: &dyn Fn(ForcePower) -> Command,
    out: &mut Vec<Command>,
) {
    use crate::rulesets::tyneside::rules::doors::{ACTIVATE_REACH, gap, is_door, is_shut};
    let f = &board.figs[i];
    let doors: Vec<(String, bool)> = (0..board.table.terrain.len())
        .filter(|&k| {
            let t = &board.table.terrain[k];
            is_door(t)
                && gap(t, f.pos, f.figure.base) <= ACTIVATE_REACH
                && (is_shut(t) || !board.table.broken.contains(&k))
        })
        .map(|k| {
            let t = &board.table.terrain[k];
            (t.id.clone(), is_shut(t))
        })
        .collect();
    for (door, shut) in doors {
        if ui
            .button(format!("Activate: {} {door}", if shut { "open" } else { "shut" }))
            .on_hover_text("\"Activate: Switch switches, activate door mechanisms etc., or deactivate them\" (1 FP, within 24\")")
            .clicked()
        {
            out.push(power(ForcePower::Activate { door }));
        }
    }
}

/// Lift: tick up to the user's Force points in figures on foot it sees within 24", then drag
/// one of them: all are carried by that move, up to the user's walk (tyneside-skirmish.txt,
/// Jedi powers, Lift).
fn lift(ui: &mut egui::Ui, board: &Board, i: usize, pointer: &mut PointerState) -> Option<Shown> {
    use crate::rulesets::tyneside::rules::force::PUSH_RANGE;
    let f = &board.figs[i];
    let view_from = board.viewpoint(i);
    let reachable: Vec<usize> = (0..board.figs.len())
        .filter(|&t| {
            t != i
                && board.vehicle(t).is_none()
                && board.gap(i, t) <= PUSH_RANGE
                && board.sees_from(&view_from, i, t)
        })
        .collect();
    let title = format!(
        "Lift… (up to {} figures, at his movement speed)",
        f.cond.force_points
    );
    let shown = tick_list(ui, (board, i), "lift", title, &reachable, |ui, ticked| {
        let lifting = pointer.lift.is_some();
        let label = if lifting {
            "Lifting: drag one of them… (Esc cancels)"
        } else {
            "Lift: then drag one of them"
        };
        if ui
            .add_enabled(!ticked.is_empty() || lifting, egui::Button::new(label))
            .on_hover_text("\"User may lift up to (current Force level) mass units and move at users movement speed\": the ticked figures are carried through the air together")
            .clicked()
        {
            pointer.lift = if lifting {
                None
            } else {
                Some((f.figure.id.clone(), ticked.clone()))
            };
        }
    });
    shown.then_some((vec![PUSH_RANGE], reachable))
}
