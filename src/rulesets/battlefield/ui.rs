//! The battlefield panels on the shared shell: the impulse bar's words, the sides and their
//! support weapons (the sidebar's top), the selected unit's chart and actions and the hovered
//! hex (below them), the objective, and the help.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::ID;
use super::battle::{Battle, ImpulseKind};
use super::input::{Mode, Selection, select, set_mode};
use super::phases::BattleRes;
use super::rules::map::col_row;
use super::rules::roster::Kind;
use crate::engine::record::GameRecord;
use crate::engine::state::playing;
use crate::ui::{Handover, RuleSetHelp, ShellSet, ShellStatus, SidebarArea, side_colour32};

/// The keys of a battle, as the help lists them.
const SHORTCUTS: &[(&str, &str)] = &[
    (
        "Left click",
        "select a unit of the side playing (again: the next counter of a stack); then click a hex to act",
    ),
    ("Right click / Esc", "clear the selection"),
    (
        "M",
        "move (an enemy clicked is fired at if in range and sight, else attacked in close combat)",
    ),
    ("T", "fire at a target (F fits the table)"),
    (
        "S",
        "move and fire (advanced; it costs 2 activation points): click where to move, then the target",
    ),
    ("C", "move into close combat"),
    ("B", "board a transporter (click it)"),
    (
        "U",
        "unload the passenger chosen in the panel (click where it goes)",
    ),
    ("L", "use a leader bonus on the next attack"),
    (
        "Space / Enter",
        "end the impulse (with nothing activated: pass)",
    ),
];

fn status(
    battle: Res<BattleRes>,
    app: Option<Res<crate::engine::game::Sides>>,
    record: Option<Res<GameRecord<super::commands::Command>>>,
    sel: Res<Selection>,
    mut shell: ResMut<ShellStatus>,
) {
    let b = &battle.0;
    let imp = b.impulse;
    let side = &b.sides[imp.side];
    let hides = b.units.iter().any(|u| u.hidden && u.alive);
    let by_app = app.as_ref().is_some_and(|a| a.rules.contains(&imp.side));
    let left = imp.allowed.saturating_sub(imp.used);
    let weapon = sel
        .unit
        .and_then(|i| b.units.get(i))
        .and_then(|u| u.weapon.as_ref())
        .map_or("special weapon".to_string(), |w| w.name.clone());
    let hint = match sel.mode {
        _ if by_app => "The app is playing this side: watch the map and the event log.".into(),
        _ if sel.unit.is_none() => format!(
            "Click one of your units that has not played, then a hex; or {}.",
            if imp.used == 0 && imp.kind == ImpulseKind::Normal {
                "Pass"
            } else {
                "End impulse"
            }
        ),
        _ if sel.aimed.is_some() => format!("Now click the {weapon}'s target."),
        Mode::Move => {
            "Click a yellow hex to move there, an enemy outlined red to fire, another to fight."
                .into()
        }
        // Nothing to fire at is said, not left to a hover over each enemy (a walk).
        Mode::Fire
            if sel
                .unit
                .is_some_and(|i| i < b.units.len() && super::input::fire_targets(b, i).is_empty()) =>
        {
            "No enemy is in range and in sight of it: choose another unit or mode (hover an enemy for why)."
                .into()
        }
        Mode::Fire => {
            "Click an enemy outlined red (in range and in sight) to fire; hover shows the chance."
                .into()
        }
        Mode::MoveAndFire if sel.staged.is_none() => {
            "Moving and shooting (2 activation points): click where to move (half movement).".into()
        }
        Mode::MoveAndFire => "Moving and shooting: now click the target.".into(),
        Mode::Assault => "Click the enemy to move into close combat with.".into(),
        Mode::Board => "Click the transporter to board.".into(),
        Mode::Unload => "Click the hex the passenger unloads to.".into(),
        Mode::Aerial => "Click the enemy the aerial support attacks.".into(),
        Mode::Artillery => "Click the enemy the selected observer calls artillery on.".into(),
        Mode::Bombard => "Click the hex the space bombardment aims at.".into(),
    };
    let save_stem = crate::engine::record::save_stem(record.as_deref(), "battle");
    let commands = record.as_ref().map_or(0, |r| r.commands.len());
    let new = ShellStatus {
        turn: format!("Turn {}/{}", b.turn, b.turn_limit),
        turn_number: b.turn,
        phase: match imp.kind {
            ImpulseKind::Normal => format!("Impulse {}", imp.number),
            ImpulseKind::Extra => format!("Impulse {} (extra activations)", imp.number),
        },
        // The hand-over is for people: the app's impulses pass without it.
        to_act: (hides && !by_app).then_some(imp.side),
        acting: Some(imp.side),
        who: format!(
            "{} ({:?}) — {left} of {} activations left · passes {}/2",
            side.name, side.quality, imp.allowed, side.passes
        ),
        hint,
        end: (!by_app).then(|| if imp.used == 0 && imp.kind == ImpulseKind::Normal {
            ("Pass".into(), "End this impulse without activating a unit: a pass (twice and this side is done for the turn). Space/Enter".into())
        } else {
            ("End impulse".into(), "End this impulse; unused activations are lost. Space/Enter".into())
        }),
        // Activations left that a unit could still use are lost by ending now; a pass loses
        // them all, and a second ends the side's turn (play-test: Pass threw away 6 of 6
        // without a word).
        end_loses: (!by_app && left > 0 && !b.done(imp.side)).then(|| {
            let units = b.activatable(imp.side);
            let plural = if units == 1 { "" } else { "s" };
            if imp.used == 0 && imp.kind == ImpulseKind::Normal {
                format!(
                    "all {left} of this impulse's activations, with {units} unit{plural} not yet activated this turn: a pass ({} of 2; after two this side is done for the turn)",
                    side.passes + 1
                )
            } else {
                format!(
                    "{left} of this impulse's {} activations, with {units} unit{plural} not yet activated this turn",
                    imp.allowed
                )
            }
        }),
        objective: b.objective_text(),
        secrecy: "Hidden units: the other side's hidden units stay off your screen until they act or you come next to them.".into(),
        sides: b.sides.iter().map(|s| s.name.clone()).collect(),
        commands,
        people: (0..b.sides.len())
            .filter(|s| app.as_ref().is_none_or(|a| !a.rules.contains(s)))
            .count(),
        save_stem,
        largest_die: 20,
        cards: false,
    };
    shell.set_if_neq(new);
}

fn help(mut help: ResMut<RuleSetHelp>) {
    *help = RuleSetHelp {
        book: Some(super::BOOK),
        shortcuts: SHORTCUTS.to_vec(),
        lines: vec![
            "Turn: initiative, then impulses in turn; each impulse throws the activation die and activates up to that many units, once each a turn.",
            "Shooting: roll the attack die once per point of resistance; every roll must be 4+.",
        ],
    };
}

fn side_panel(
    ui: &mut egui::Ui,
    b: &Battle,
    (person, viewer): (bool, usize),
    sel: &mut Selection,
    out: &mut Vec<super::commands::Command>,
) {
    units_to_activate(ui, b, (person, viewer), sel);
    ui.separator();
    for (i, s) in b.sides.iter().enumerate() {
        ui.label(
            egui::RichText::new(&s.name)
                .strong()
                .color(side_colour32(i)),
        );
        ui.label(format!(
            "{:?} · {} fighting of {}{}",
            s.quality,
            b.fighting(i),
            s.start_units,
            if s.initiative { " · initiative" } else { "" }
        ));
        if b.advanced.leaders {
            ui.label(if s.leader_lost {
                "Leader lost".to_string()
            } else {
                format!("Leader bonuses left: {}", s.leader_bonuses)
            });
        }
        // Only a person's side, in its own impulse, presses its buttons.
        let mine = i == b.impulse.side && person;
        if b.advanced.leaders && !s.leader_lost {
            let mut on = s.leader_defends;
            let r = ui
                .add_enabled(
                    mine,
                    egui::Checkbox::new(&mut on, "Bonus to units attacked in close combat"),
                )
                .on_hover_text("Leaders: \"a increment bonus of 1 dice for firing or close combat\": when on, a unit of this side attacked within 3 hexes of the leader defends one die step up, using a bonus. Only the side playing can change it.");
            if r.changed() {
                out.push(super::commands::Command::LeaderDefence { on });
            }
        }
        if b.advanced.aerial_support && s.aerial_support > 0 {
            let r = ui.add_enabled(
                mine,
                egui::Button::new(format!("Aerial support ({} left)", s.aerial_support))
                    .selected(mine && sel.mode == Mode::Aerial),
            );
            if r.on_hover_text("One activation: click the enemy to attack")
                .clicked()
            {
                sel.mode = Mode::Aerial;
            }
        }
        if b.advanced.artillery && s.artillery > 0 {
            let r = ui.add_enabled(
                mine && b.impulse.used == 0,
                egui::Button::new(format!("Artillery ({} pieces)", s.artillery))
                    .selected(mine && sel.mode == Mode::Artillery),
            );
            if r.on_hover_text(
                "The whole impulse: select an observer, then click the enemy it sees",
            )
            .clicked()
            {
                sel.mode = Mode::Artillery;
            }
        }
        if b.advanced.space_bombardment && s.space_bombardment > 0 {
            let r = ui.add_enabled(
                mine && b.impulse.used == 0,
                egui::Button::new(format!("Space bombardment ({})", s.space_bombardment))
                    .selected(mine && sel.mode == Mode::Bombard),
            );
            if r.on_hover_text("The whole impulse, when half your units are lost and your leader lives: click the target hex").clicked() {
                sel.mode = Mode::Bombard;
            }
        }
        ui.separator();
    }
}

/// The units of the side whose impulse it is, to pick one (the step in hand: first in the
/// sidebar, above the sides' summaries, so a unit picked leaves them in view: issue 61).
fn units_to_activate(
    ui: &mut egui::Ui,
    b: &Battle,
    (person, viewer): (bool, usize),
    sel: &mut Selection,
) {
    let me = b.impulse.side;
    if !person {
        ui.label(egui::RichText::new(format!("{} — played by the app", b.sides[me].name)).strong());
        return;
    }
    // Another side's impulse watched from this computer (online, by e-mail): its units, less
    // those hidden from this side.
    ui.label(
        egui::RichText::new(if viewer == me {
            "Units to activate".to_string()
        } else {
            format!("{}'s units", b.sides[me].name)
        })
        .strong(),
    );
    for (i, u) in b.units.iter().enumerate() {
        if u.side != me || !u.alive || (u.hidden && u.side != viewer) {
            continue;
        }
        let (c, r) = col_row(u.at);
        let text = format!(
            "{}{} ({c}, {r}){}",
            if u.activated { "✔ " } else { "" },
            u.label(),
            if u.carried_by.is_some() {
                " aboard"
            } else {
                ""
            }
        );
        let r = ui.add_enabled(
            !u.activated,
            egui::Button::selectable(sel.unit == Some(i), text),
        );
        crate::ui::key_widget(ui, format!("list:units:{}", u.id), &r);
        if r.clicked() {
            select(sel, b, i);
            if u.carried_by.is_some() {
                sel.mode = Mode::Unload;
            }
        }
    }
}

fn unit_panel(
    ui: &mut egui::Ui,
    b: &Battle,
    viewer: usize,
    sel: &mut Selection,
    out: &mut Vec<super::commands::Command>,
) {
    if let Some(i) = sel.unit {
        let u = &b.units[i];
        let p = &u.profile;
        ui.heading(u.label());
        // The actions first, under the name: below the chart they sat lower for a unit with
        // a Special row, and a click meant for Fire landed on it (a walk).
        let mut mode = sel.mode;
        ui.horizontal_wrapped(|ui| {
            for (m, label, ok) in [
                (Mode::Move, "Move (M)", u.carried_by.is_none()),
                (
                    Mode::Fire,
                    "Fire (T)",
                    u.carried_by.is_none() && p.kind != Kind::Leader,
                ),
                (
                    Mode::MoveAndFire,
                    "Move & fire (S)",
                    b.advanced.moving_and_shooting && u.carried_by.is_none(),
                ),
                (
                    Mode::Assault,
                    "Close combat (C)",
                    u.carried_by.is_none() && p.kind != Kind::Leader,
                ),
                (
                    Mode::Board,
                    "Board (B)",
                    p.kind == Kind::Squad && u.carried_by.is_none(),
                ),
                (Mode::Unload, "Unload (U)", u.carried_by.is_some()),
                (
                    Mode::Artillery,
                    "Observe for artillery",
                    b.advanced.artillery && b.sides[u.side].artillery > 0,
                ),
            ] {
                if ok {
                    let r = ui.selectable_value(&mut mode, m, label);
                    crate::ui::key_widget(ui, label, &r);
                }
            }
        });
        if mode != sel.mode {
            set_mode(sel, b, mode);
        }
        // What the next attack spends, under the actions and above the chart: below it the
        // leader bonus was cut at the fold of the unit's box at 720 px (a walk).
        if b.advanced.leaders {
            let r = ui.checkbox(&mut sel.leader, "Use a leader bonus (L): one die step");
            crate::ui::key_widget(ui, "leader bonus", &r);
        }
        if let Some(w) = u.weapon.as_ref().filter(|_| b.advanced.special_weapons) {
            let before = sel.weapon_apart;
            ui.checkbox(
                &mut sel.weapon_apart,
                format!("Aim the {} at another target", w.name),
            )
            .on_hover_text("Support weapons: the unit fires \"with its normal fire strenght and with the special weapon\": the first click picks the unit's target, the second the weapon's");
            if sel.weapon_apart != before {
                sel.aimed = None;
            }
        }
        let jedi = b
            .at(u.at)
            .find(|j| b.units[*j].side == u.side && b.units[*j].profile.kind == Kind::Jedi)
            .or((p.kind == Kind::Jedi).then_some(i));
        if let Some(j) = jedi.filter(|_| b.advanced.jedi) {
            let max = b.units[j].force_points;
            // The words above their sliders: beside them they ran past the sidebar's edge
            // (`Force points (a die step eac`: a walk).
            ui.label("Force points to spend, a die step each:");
            ui.add(egui::Slider::new(&mut sel.force, 0..=max));
            if p.kind == Kind::Jedi {
                let mut guard = u.guard;
                ui.label("Guard, Force points if attacked in close combat:");
                ui.add(egui::Slider::new(&mut guard, 0..=max));
                if guard != u.guard {
                    out.push(super::commands::Command::Guard {
                        unit: u.id.clone(),
                        points: guard,
                    });
                }
            }
        }
        ui.separator();
        egui::Grid::new("chart").striped(true).show(ui, |ui| {
            ui.label("Dice vs squad");
            ui.label(p.vs_squad.to_string());
            ui.end_row();
            ui.label("Dice vs vehicle");
            ui.label(p.vs_vehicle.map_or("—".into(), |d| d.to_string()));
            ui.end_row();
            ui.label("Movement");
            ui.label(p.movement.to_string());
            ui.end_row();
            ui.label("Resistance");
            ui.label(p.resistance.to_string());
            ui.end_row();
            ui.label("Range");
            ui.label(p.range.to_string());
            ui.end_row();
            if !p.abilities.is_empty() {
                ui.label("Special");
                ui.label(
                    p.abilities
                        .iter()
                        .map(|a| a.words())
                        .collect::<Vec<_>>()
                        .join("\n"),
                );
                ui.end_row();
            }
            if let Some(w) = &u.weapon {
                ui.label("Special weapon");
                ui.label(format!(
                    "{} {}/{} range {}",
                    w.name, w.vs_squad, w.vs_vehicle, w.range
                ));
                ui.end_row();
            }
        });
        ui.separator();
    }
    if let Some(h) = sel.hover {
        let (c, r) = col_row(h);
        let t = b.map.get(h).map(|t| t.describe()).unwrap_or_default();
        ui.label(egui::RichText::new(format!("Hex ({c}, {r}): {t}")).strong());
        if let Some(t) = b.map.get(h) {
            let cost = t.entry_cost();
            ui.label(format!(
                "Enter: {cost} point{}{} · resistance +{}{}",
                if cost == 1 { "" } else { "s" },
                if t.hill > 0 {
                    " climbing (+1 only up a level)"
                } else {
                    ""
                },
                t.resistance_bonus(),
                if t.blocks_sight() {
                    " · blocks line of sight"
                } else {
                    ""
                }
            ));
        }
        if b.entrenchments.contains(&h) {
            ui.label("Entrenchment: +1 resistance");
        }
        for j in b.at(h) {
            let u = &b.units[j];
            if u.hidden && u.side != viewer {
                continue;
            }
            ui.colored_label(
                side_colour32(u.side),
                format!(
                    "{} — {} {}/{} · res {} · range {}{}",
                    u.label(),
                    u.profile.vs_squad,
                    u.profile.vs_vehicle.map_or("-".into(), |d| d.to_string()),
                    u.profile.movement,
                    u.profile.resistance,
                    u.profile.range,
                    if u.activated { " · activated" } else { "" }
                ),
            );
        }
        if let Some((_, cost)) = sel.reach.iter().find(|(x, _)| *x == h) {
            let points = if *cost == 1 { "point" } else { "points" };
            ui.label(format!("Move here: {cost} movement {points}"));
        }
        if let Some(s) = &sel.sight {
            ui.colored_label(
                if s.clear {
                    egui::Color32::LIGHT_GREEN
                } else {
                    egui::Color32::LIGHT_RED
                },
                &s.text,
            );
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn panels(
    mut ctx: EguiContexts,
    battle: Res<BattleRes>,
    (app, replay, seated): (
        Option<Res<crate::engine::game::Sides>>,
        Res<crate::engine::replay_view::ReplayStatus>,
        Option<Res<crate::engine::game::Seated>>,
    ),
    sidebar: Res<SidebarArea>,
    handover: Res<Handover>,
    mut sel: ResMut<Selection>,
    mut send: MessageWriter<super::commands::Command>,
) -> Result {
    if handover.showing {
        return Ok(());
    }
    let ctx = ctx.ctx_mut()?.clone();
    let b = &battle.0;
    let app = app.as_deref();
    let person = app.is_none_or(|a| !a.rules.contains(&b.impulse.side));
    let viewer = super::view::viewer(b, app, &replay, seated.and_then(|s| s.0));
    let mut out = Vec::new();
    if sidebar.0.is_positive() {
        // The sides and their units above, as tall as they need up to all the room but the
        // hovered hex's few lines, half once a unit is chosen (a resizable panel kept a size
        // from a frame when the sidebar had no height, and the units to activate showed one
        // row at a time; at three quarters a side's line was cut above an empty gap); the unit
        // chosen below.
        let mut side = crate::ui::area_ui(&ctx, sidebar.0);
        let tall = side.available_height();
        let most = if sel.unit.is_some() {
            tall * 0.5
        } else {
            (tall - 100.0).max(tall * 0.75)
        };
        egui::ScrollArea::vertical()
            .id_salt("battle-sides")
            .max_height(most.max(120.0))
            .show(&mut side, |ui| {
                side_panel(ui, b, (person, viewer), &mut sel, &mut out)
            });
        side.separator();
        egui::ScrollArea::vertical()
            .id_salt("battle-unit")
            .show(&mut side, |ui| {
                unit_panel(ui, b, viewer, &mut sel, &mut out)
            });
    }
    if let Some(c) = ask_assault(&ctx, &mut sel) {
        out.push(c);
    }
    for c in out {
        send.write(c);
    }
    Ok(())
}

/// The close combat a click asked for, put to the player before its dice are thrown (they
/// cannot be taken back): the assault and its odds, `Close combat` (Enter) or `Go back`
/// (Esc). Returns the command once agreed.
fn ask_assault(ctx: &egui::Context, sel: &mut Selection) -> Option<super::commands::Command> {
    let (command, words) = sel.asking.clone()?;
    let agreed = crate::ui::ask(
        ctx,
        "battlefield-assault",
        (
            "Close combat?",
            &[&words, "The dice are thrown at once: it cannot be undone."],
        ),
        "Close combat",
    )?;
    sel.asking = None;
    agreed.then(|| {
        sel.leader = false;
        sel.force = 0;
        command
    })
}

/// Who stands in the hovered hex, by name and side: the counters carry only their type's
/// mark (a walk's hover read `hex (7, 7): clear` and `done` with no unit named). A hidden
/// unit is named only to its own side, as the table shows it.
fn unit_note(
    battle: Res<BattleRes>,
    sel: Res<Selection>,
    (app, replay, seated): (
        Option<Res<crate::engine::game::Sides>>,
        Res<crate::engine::replay_view::ReplayStatus>,
        Option<Res<crate::engine::game::Seated>>,
    ),
    mut note: ResMut<crate::view::CursorNote>,
) {
    let Some(h) = sel.hover else { return };
    let b = &battle.0;
    let viewer = super::view::viewer(b, app.as_deref(), &replay, seated.and_then(|s| s.0));
    let lines = standing_in(b, h, viewer)
        .into_iter()
        .map(|(words, side)| (words, Some(crate::ui::side_colour32(side))))
        .collect();
    note.add(crate::view::NotePart { title: None, lines });
}

/// The units `viewer`'s side sees in hex `h` of `b`: each `Name (Side)` with its side.
fn standing_in(b: &Battle, h: hexx::Hex, viewer: usize) -> Vec<(String, usize)> {
    b.units
        .iter()
        .filter(|u| u.on_map() && u.at == h)
        .filter(|u| !u.hidden || u.side == viewer)
        .map(|u| (format!("{} ({})", u.name, b.sides[u.side].name), u.side))
        .collect()
}

/// The attack the hovered hex would get (its chance, or why not: out of range, no line of
/// sight, a close combat's odds), by the cursor where the player looks, as well as in the
/// sidebar.
fn attack_note(sel: Res<Selection>, mut note: ResMut<crate::view::CursorNote>) {
    let Some(s) = sel.sight.as_ref().filter(|_| sel.hover.is_some()) else {
        return;
    };
    let colour = if s.clear {
        egui::Color32::LIGHT_GREEN
    } else {
        egui::Color32::LIGHT_RED
    };
    note.add(crate::view::NotePart {
        title: None,
        lines: vec![(s.text.clone(), Some(colour))],
    });
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(crate::engine::state::GameState::Playing(ID)), help)
        .add_systems(Update, status.run_if(playing(ID)))
        .add_systems(
            EguiPrimaryContextPass,
            (
                panels.after(ShellSet),
                unit_note.before(attack_note),
                attack_note.before(crate::view::CursorNoteSet),
            )
                .run_if(playing(ID)),
        );
}

#[cfg(test)]
mod tests {
    use super::standing_in;
    use crate::rulesets::battlefield::testing::battle;

    #[test]
    fn the_hover_names_who_stands_in_the_hex_as_the_viewer_sees_it() {
        let mut b = battle();
        let i = b.units.iter().position(|u| u.on_map()).expect("a unit");
        let (at, side) = (b.units[i].at, b.units[i].side);
        let words = format!("{} ({})", b.units[i].name, b.sides[side].name);
        assert_eq!(standing_in(&b, at, side), vec![(words.clone(), side)]);
        // Hidden, only its own side hears of it.
        b.units[i].hidden = true;
        assert_eq!(standing_in(&b, at, side), vec![(words, side)]);
        assert!(standing_in(&b, at, 1 - side).is_empty());
    }
}
