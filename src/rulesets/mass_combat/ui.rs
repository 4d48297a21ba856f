//! The mass combat panels on the shared shell: the phase bar's words; the declaration panel
//! for the commander to act (the tactics rolls first, then each unit's order, its allocation
//! to weapon types, haste, command), the other side's orders as declared; the units of both sides with their men
//! left and state; the last round's attacks as the text's example reads them, with the chart
//! rows that applied.

use std::collections::BTreeMap;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::ID;
use super::battle::{Battle, NEW_LEADER, Stage, Status};
use super::commands::Command;
use super::input::Draft;
use super::orders::{Declaration, Order, Tactic};
use super::phases::BattleRes;
use super::rules::attack::AttackReport;
use super::rules::charts::{COMBINED_ACTION, combined_action};
use crate::engine::record::GameRecord;
use crate::engine::state::playing;
use crate::ui::{
    Handover, RuleSetHelp, ShellAction, ShellSet, ShellStatus, SidebarArea, side_colour32,
};

const SHORTCUTS: &[(&str, &str)] = &[
    (
        "Left click",
        "one of your units: give it orders; then an enemy unit: fire on it",
    ),
    (
        "Right click",
        "open ground: the unit selected deploys there",
    ),
    ("Space / Enter", "declare the orders (or the reactions)"),
];

fn is_person(app: &Option<Res<crate::engine::game::Sides>>, side: usize) -> bool {
    app.as_ref().is_none_or(|a| !a.rules.contains(&side))
}

fn status(
    battle: Res<BattleRes>,
    app: Option<Res<crate::engine::game::Sides>>,
    record: Option<Res<GameRecord<Command>>>,
    mut shell: ResMut<ShellStatus>,
) {
    let b = &battle.0;
    let Some(side) = b.to_act() else {
        return;
    };
    let person = is_person(&app, side);
    let name = &b.sides[side].name;
    let hint = match (person, b.stage) {
        (false, _) => "The rules command this side: watch the table and the events.".to_string(),
        (true, Stage::Tactics) => format!(
            "{name}: tick the tactics rolls to make this round, or none; then Roll tactics."
        ),
        (true, Stage::Declare) => format!(
            "{name}: click your unit, then an enemy to fire on it or right-click ground to deploy; then Declare."
        ),
        (true, Stage::Redeclare) => format!(
            "{name} deceived the enemy: change the orders now you have heard theirs and their reactions, or keep them."
        ),
        (true, Stage::React) => format!(
            "{name}: raise a unit's haste, order a full retreat, or redeploy a unit (select it, right-click the ground), or none; then Declare reactions."
        ),
    };
    let end = person.then(|| match b.stage {
        Stage::Tactics => (
            "Roll tactics".to_string(),
            "Make the tactics rolls ticked (none is fine); they are thrown when both commanders have chosen. Space/Enter".to_string(),
        ),
        Stage::Declare => (
            "Declare orders".to_string(),
            "Declare this side's orders, in the open: a commander of higher command declares after, having heard them. Space/Enter".to_string(),
        ),
        Stage::Redeclare => (
            "Redeclare".to_string(),
            "Send the changed orders (or the same ones). Space/Enter".to_string(),
        ),
        Stage::React => (
            "Declare reactions".to_string(),
            "Send the reactions; when both sides have (and a deceiver has redeclared), the round is resolved. Space/Enter"
                .to_string(),
        ),
    });
    let left = |s: usize| -> u32 {
        b.units
            .iter()
            .filter(|u| u.side == s && u.in_battle())
            .map(|u| u.size)
            .sum()
    };
    let people = if b.referee {
        1
    } else {
        (0..b.sides.len()).filter(|&s| is_person(&app, s)).count()
    };
    let new = ShellStatus {
        turn: format!("Round {}/{}", b.round, b.turn_limit),
        turn_number: b.round,
        phase: format!(
            "{} — {}",
            name,
            match b.stage {
                Stage::Tactics => "1. tactics rolls",
                Stage::Declare => "1. declare orders",
                Stage::Redeclare => "1. redeclare (deceived the enemy)",
                Stage::React => "2. declare reactions",
            }
        ),
        // Nothing is hidden in a mass combat (the declarations are made in the open): no
        // hand-over between commanders, only the banner naming the next; solo, the person's
        // side to act brings the banner back after the rules' side has declared.
        to_act: (person && people == 1).then_some(side),
        acting: Some(side),
        who: format!("{name} — {}", b.sides[side].commander.name),
        hint,
        end,
        end_loses: None,
        objective: format!(
            "Break the enemy: destroy, rout or force the surrender of every unit. Men and vehicles fighting: {} {}, {} {}",
            b.sides[0].name,
            left(0),
            b.sides[1].name,
            left(1)
        ),
        secrecy: String::new(),
        sides: b.sides.iter().map(|s| s.name.clone()).collect(),
        commands: record.as_ref().map_or(0, |r| r.commands.len()),
        people,
        save_stem: crate::engine::record::save_stem(record.as_deref(), "mass"),
        largest_die: 6,
        cards: false,
    };
    shell.set_if_neq(new);
}

fn help(mut help: ResMut<RuleSetHelp>) {
    *help = RuleSetHelp {
        book: Some(super::BOOK),
        shortcuts: SHORTCUTS.to_vec(),
        lines: vec![
            "A round: tactics rolls first, then the commanders declare in the open (lowest command first), reactions (highest command first), then orders resolve by haste: fire before deployment.",
            "Fire: weapon skill + the Combined Action Chart's modifier for the men firing, against dodge + its modifier + the range's difficulty; the Attack Resolution Chart gives the share who hit.",
            "Damage: weapon damage + the modifier for the hits, against strength + the modifier for the target's size; the Unit Damage Chart gives the casualties, taken at the round's end.",
            "Morale: units that fought compare stamina rolls; failing by 0-3 costs -1D next time, 4 or more is a full retreat, beaten by a roll more than three times its own is surrender.",
        ],
    };
}

/// The draft's coordinated attacks: the units marked to coordinate that fire on one target,
/// grouped by target (a group of one coordinates nothing).
fn coordinated(d: &Draft) -> Vec<Vec<String>> {
    let mut groups: std::collections::BTreeMap<&str, Vec<String>> = Default::default();
    for o in &d.orders {
        if let Order::Fire { unit, target, .. } = o
            && d.coordinate.contains(unit)
        {
            groups
                .entry(target.as_str())
                .or_default()
                .push(unit.clone());
        }
    }
    groups.into_values().filter(|g| g.len() > 1).collect()
}

/// The draft as a declaration (command actions only where command counts).
fn declaration(b: &Battle, d: &Draft) -> Declaration {
    if !b.command {
        return Declaration {
            orders: d.orders.clone(),
            ..Default::default()
        };
    }
    Declaration {
        orders: d.orders.clone(),
        commanded: d.commanded.clone(),
        bonuses: d.bonuses.clone(),
        leader_bonuses: d.leader_bonuses.clone(),
        coordinated: coordinated(d),
    }
}

/// The draft as the command to send now.
fn command(b: &Battle, side: usize, d: &Draft) -> Command {
    let declaration = declaration(b, d);
    match b.stage {
        Stage::Tactics => Command::Tactics {
            side,
            tactics: d.tactics.clone(),
        },
        Stage::Declare => Command::Declare { side, declaration },
        Stage::Redeclare => Command::Redeclare {
            side,
            declaration: Some(declaration),
        },
        Stage::React => Command::React {
            side,
            reactions: d.reactions(),
        },
    }
}

fn end_button(
    mut actions: MessageReader<ShellAction>,
    battle: Res<BattleRes>,
    draft: Res<Draft>,
    mut send: MessageWriter<Command>,
) {
    for a in actions.read() {
        if *a == ShellAction::End
            && let Some(side) = battle.0.to_act()
        {
            send.write(command(&battle.0, side, &draft));
        }
    }
}

/// The declaration editor: each of the side's units with its order.
fn orders_panel(ui: &mut egui::Ui, b: &Battle, side: usize, draft: &mut Draft) {
    let what = match b.stage {
        Stage::Tactics => "tactics rolls",
        Stage::React => "reactions",
        _ => "orders",
    };
    ui.label(
        egui::RichText::new(format!("{}'s {what}", b.sides[side].name))
            .strong()
            .color(side_colour32(side)),
    );
    if b.stage == Stage::Tactics {
        let c = &b.sides[side].commander;
        ui.label(format!("{}: tactics {}", c.name, c.tactics));
        for (t, hover) in [
            (
                Tactic::Anticipate,
                "Moderate tactics roll: a free haste action for the army this round",
            ),
            (
                Tactic::Deceive,
                "Difficult tactics roll: redeclare after hearing the enemy's orders",
            ),
        ] {
            let mut on = draft.tactics.contains(&t);
            if ui
                .checkbox(&mut on, format!("roll to {}", t.aim()))
                .on_hover_text(hover)
                .changed()
            {
                draft.tactics.retain(|x| *x != t);
                if on {
                    draft.tactics.push(t);
                }
            }
        }
        return;
    }
    // Said where the orders are: a player who meant to change them should know they stand.
    if b.stage == Stage::Declare && draft.carried > 0 {
        ui.weak(format!(
            "{} from last round {} (without haste) until changed or held",
            crate::rules::words::counted(draft.carried, "order"),
            if draft.carried == 1 {
                "stands"
            } else {
                "stand"
            }
        ));
    }
    let mut drop = None;
    for i in 0..b.units.len() {
        let u = &b.units[i];
        if u.side != side || !u.in_battle() {
            continue;
        }
        let selected = draft.selected == Some(i);
        ui.horizontal_wrapped(|ui| {
            let r = ui.selectable_label(selected, format!("{} ({})", u.name, u.size));
            crate::ui::key_widget(ui, format!("list:units:{}", u.id), &r);
            if r.clicked() {
                draft.selected = Some(i);
            }
            if b.command && b.stage != Stage::React {
                let mut bonus = draft.bonuses.iter().filter(|x| **x == u.id).count() as u32;
                if ui
                    .add(egui::DragValue::new(&mut bonus).range(0..=3).suffix(" bonus pips"))
                    .on_hover_text("Bonus actions: a pip each on its leader's roll, its attack roll (its first weapon's), 1D of command each (Subordinate Bonus)")
                    .changed()
                {
                    draft.bonuses.retain(|x| x != &u.id);
                    draft.bonuses.extend(std::iter::repeat_n(u.id.clone(), bonus as usize));
                }
                if matches!(draft.order(&u.id), Some(Order::Fire { .. })) {
                    let mut on = draft.coordinate.contains(&u.id);
                    if ui
                        .checkbox(&mut on, "coordinate")
                        .on_hover_text("Coordinating Attacks: the weapons of the marked units firing on one target count together for the combined actions modifier; 1D of command for each unit past the first")
                        .changed()
                    {
                        if on {
                            draft.coordinate.push(u.id.clone());
                        } else {
                            draft.coordinate.retain(|x| x != &u.id);
                        }
                    }
                }
            }
            if b.command && matches!(b.stage, Stage::Declare | Stage::Redeclare) {
                let mut on = draft.commanded.contains(&u.id);
                if ui.checkbox(&mut on, "commanded").on_hover_text("1D of the commander's command: uncommanded, its leader is at -1D to all actions").changed() {
                    if on {
                        draft.commanded.push(u.id.clone());
                    } else {
                        draft.commanded.retain(|x| x != &u.id);
                    }
                }
            }
        });
        if u.status == Status::Retreating {
            ui.colored_label(
                egui::Color32::from_rgb(200, 150, 230),
                "   its morale broke: it retreats without an order until it passes a morale check",
            );
            continue;
        }
        if u.ignores_orders {
            ui.colored_label(
                egui::Color32::from_rgb(200, 150, 230),
                "   shaken: it failed its morale check, its orders are ignored this round",
            );
            continue;
        }
        if b.stage == Stage::React {
            let k = draft.reactions.iter().position(|r| r.0 == u.id);
            let base = b.declared[side]
                .as_ref()
                .and_then(|d| d.orders.iter().find(|o| o.unit() == u.id))
                .map_or(0, Order::haste);
            let mut r = k.map_or((u.id.clone(), base, false, None), |k| {
                draft.reactions[k].clone()
            });
            // Wrapped: one row wider than the sidebar widened all its text past its edge
            // ("full re…", a walk at 1280x720).
            ui.horizontal_wrapped(|ui| {
                if ui.selectable_label(selected, "redeploy").on_hover_text("A combat redeployment (Mass Combat Sequence, 2.): select the unit, then right-click the ground where it deploys instead of its order").clicked() {
                    draft.selected = Some(i);
                }
                // The word before its value: `redeploy [slider] 0 haste` read as nothing
                // (a walk).
                ui.label("haste");
                ui.add(egui::Slider::new(&mut r.1, base..=3))
                    .on_hover_text("Acts earlier this round; -1D to its actions a level (our ruling, Haste: Help, Our rulings)");
                let retreat = ui.checkbox(&mut r.2, "full retreat");
                crate::ui::key_widget(ui, format!("list:full retreat:{}", u.id), &retreat);
                if retreat.changed() && r.2 {
                    r.3 = None;
                }
            });
            if let Some(to) = r.3 {
                ui.horizontal(|ui| {
                    let goes = b.deploys_to(i, to, r.1);
                    ui.weak(format!(
                        "   redeploys {:.0} m, to {}",
                        (goes.0 - u.at.0).hypot(goes.1 - u.at.1),
                        b.place_words(side, goes)
                    ));
                    if ui.small_button("cancel").clicked() {
                        r.3 = None;
                    }
                });
            }
            let changed = r.1 != base || r.2 || r.3.is_some();
            match (k, changed) {
                (Some(k), true) => draft.reactions[k] = r,
                (Some(k), false) => {
                    draft.reactions.remove(k);
                }
                (None, true) => draft.reactions.push(r),
                (None, false) => {}
            }
            continue;
        }
        let words = draft
            .order(&u.id)
            .map_or(format!("{} to hold", u.name), |o| b.order_words(o));
        let used = ui.weak(format!("   {words}")).rect.height();
        if !selected {
            continue;
        }
        // The order's words take the room they take at the most haste, so the controls under
        // them hold still while the haste slider moves (`… at 3 haste` wrapped to a second line
        // and the slider jumped from under the pointer onto Split: a walk).
        if let Some(most) = draft.order(&u.id).map(at_most_haste) {
            let width = ui.available_width();
            let widest = egui::WidgetText::from(
                egui::RichText::new(format!("   {}", b.order_words(&most))).weak(),
            )
            .into_galley(
                ui,
                Some(egui::TextWrapMode::Wrap),
                width,
                egui::TextStyle::Body,
            )
            .size()
            .y;
            if widest > used + 0.5 {
                ui.add_space(widest - used);
            }
        }
        if let Err(why) = b.takes_orders(i) {
            ui.colored_label(egui::Color32::from_rgb(255, 170, 90), why);
            continue;
        }
        let mut order = draft.order(&u.id).cloned();
        ui.horizontal_wrapped(|ui| {
            if ui.button("Hold").clicked() {
                drop = Some(u.id.clone());
                order = None;
            }
            if ui.button("Full retreat").clicked() {
                order = Some(Order::Retreat {
                    unit: u.id.clone(),
                    haste: 0,
                });
            }
            if matches!(u.status, Status::Aboard(_)) && ui.button("Disembark").clicked() {
                order = Some(Order::Disembark { unit: u.id.clone() });
            }
            if u.size > 1
                && u.status == Status::Fighting
                && ui
                    .button("Split")
                    .on_hover_text(format!("\"Dividing a unit takes one action and new commanders must be assigned to each unit\": some of its {} become a unit of their own (half, or as many as you set), led by a new commander of command {}", u.members(), NEW_LEADER.min(u.leader)))
                    .clicked()
            {
                order = Some(Order::Split {
                    unit: u.id.clone(),
                    size: u.size / 2,
                });
            }
            // Joining another unit of the same kind on the ground ("It takes one action to
            // combine several units").
            for o in b.units.iter().filter(|o| {
                o.id != u.id && o.side == side && o.kind.id == u.kind.id && o.on_ground()
            }) {
                if u.status == Status::Fighting
                    && ui
                        .button(format!("Join {}", o.name))
                        .on_hover_text("Combine with it under one commander: it is reinforced")
                        .clicked()
                {
                    order = Some(Order::Join {
                        unit: u.id.clone(),
                        into: o.id.clone(),
                    });
                }
            }
            // Boarding a transport of the side within its deployment this round
            // (docs/rules/mass_combat.md, "Transports").
            for (t, o) in b.units.iter().enumerate() {
                if t != i
                    && o.side == side
                    && o.on_ground()
                    && o.kind.carries > 0
                    && u.status == Status::Fighting
                    && !u.kind.vehicle
                    && b.distance(i, t) <= b.reach(i, 0)
                    && ui
                        .button(format!("Board {}", o.name))
                        .on_hover_text(format!(
                            "Get aboard: {} carries {}, {} aboard now",
                            o.name,
                            b.capacity(t),
                            b.aboard(t)
                        ))
                        .clicked()
                {
                    order = Some(Order::Board {
                        unit: u.id.clone(),
                        transport: o.id.clone(),
                    });
                }
            }
        });
        if let Some(Order::Fire {
            weapons, target, ..
        }) = &mut order
        {
            let t = b.unit(target).unwrap_or(0);
            for (w, weapon) in u.kind.weapons.iter().enumerate() {
                let (left, have) = u.allocatable(w, weapons);
                let k = weapons.iter().position(|x| x.0 == w);
                let mut n = k.map_or(0, |k| weapons[k].1);
                let in_range = b.range(i, w, t);
                let range = in_range.map_or("out of range".to_string(), |(band, num)| {
                    format!("{} +{num}", band.word())
                });
                // Its name and range above the slider, so neither is cut at the edge; a
                // weapon used up says how many are left.
                ui.label(format!(
                    "{}{} ({range}):",
                    weapon.name,
                    if weapon.used_up {
                        format!(", {left} left")
                    } else {
                        String::new()
                    }
                ));
                // Said plainly: `Grenade, 40 left (out of range): all its men are allocated`
                // read as a riddle (a walk).
                if left == 0 {
                    ui.weak("   none left");
                } else if in_range.is_none() && n == 0 {
                    ui.weak("   cannot reach the target from here");
                } else if have == 0 {
                    ui.weak(format!(
                        "   every one of its {} fires another weapon",
                        u.members()
                    ));
                } else {
                    ui.add(egui::Slider::new(&mut n, 0..=have).text(u.members()));
                }
                match k {
                    Some(k) => weapons[k].1 = n,
                    None if n > 0 => weapons.push((w, n)),
                    None => {}
                }
            }
            weapons.retain(|x| x.1 > 0);
        }
        if let Some(Order::Split { size, .. }) = &mut order {
            // The words above the slider: beside it they ran past the sidebar's edge.
            ui.label("Split off, under a new commander:");
            ui.add(egui::Slider::new(size, 1..=u.size.saturating_sub(1).max(1)).text(u.members()));
        }
        if let Some(
            Order::Fire { haste, .. } | Order::Deploy { haste, .. } | Order::Retreat { haste, .. },
        ) = &mut order
        {
            let slider = ui
                .horizontal(|ui| {
                    ui.label("Haste");
                    ui.add(egui::Slider::new(haste, 0..=3))
                })
                .inner;
            crate::ui::key_widget(ui, format!("list:haste:{}", u.id), &slider);
            slider.on_hover_text("Acts earlier this round; -1D to its actions a level (our ruling, Haste: Help, Our rulings)");
        }
        if let Some(o) = order {
            draft.set(o);
        }
        if b.command {
            leader_pips(ui, b, i, draft);
        }
    }
    if let Some(id) = drop {
        draft.orders.retain(|o| o.unit() != id);
    }
    // The command budget: in the reactions too, where a unit hastened past the force's
    // basic haste is another haste order (issue 60: the reactions did not show it).
    let (d, checked) = if b.stage == Stage::React {
        match b.reacted(side, &draft.reactions()) {
            Ok((d, _)) => (d, Ok(())),
            Err(e) => (b.declared[side].clone().unwrap_or_default(), Err(e)),
        }
    } else {
        let d = declaration(b, draft);
        let checked = b.check_declaration(side, &d);
        (d, checked)
    };
    if b.command {
        let plan = b.plan(side, &d);
        let c = b.sides[side].commander.command;
        ui.label(format!(
            "Command {c}: spends {}, {} left",
            plan.cost(),
            plan.left(c)
                .map_or("none: too much".to_string(), |l| l.to_string())
        ))
        .on_hover_text(format!(
            "{} commanded, {} bonus pips, {} coordinated, {} haste orders past the force's basic haste{}: 1D each",
            plan.commanded,
            plan.bonuses,
            plan.coordinations,
            plan.haste_orders,
            if plan.free_haste > 0 {
                " (one free: the enemy anticipated)"
            } else {
                ""
            }
        ));
    }
    if let Err(e) = checked {
        ui.colored_label(egui::Color32::from_rgb(220, 90, 60), e);
    }
}

/// The bonus pips unit `i`'s own commander gives its statistics this round, 1D of his command
/// each (Subordinate Bonus: "In this case, the pips are added to one of the unit's average
/// statistics").
fn leader_pips(ui: &mut egui::Ui, b: &Battle, i: usize, draft: &mut Draft) {
    let u = &b.units[i];
    let command = b.leader_command(i, &declaration(b, draft));
    ui.label(format!(
        "Its commander, command {command}: a pip to a statistic for 1D"
    ))
    .on_hover_text(
        "Subordinate Bonus: the unit's own commander adds pips to its statistics this round: to its weapon's skill for its attacks, to dodge, to strength against damage, to stamina for its morale check, to dexterity for its arrival roll. Not commanded, he has 1D less.",
    );
    ui.horizontal_wrapped(|ui| {
        for stat in u.kind.statistics() {
            let mine = |(id, s): &(String, String)| *id == u.id && *s == stat;
            let mut n = draft.leader_bonuses.iter().filter(|x| mine(*x)).count() as u32;
            if ui
                .add(
                    egui::DragValue::new(&mut n)
                        .range(0..=9)
                        .prefix(format!("{stat} +")),
                )
                .changed()
            {
                draft.leader_bonuses.retain(|x| !mine(x));
                draft.leader_bonuses.extend(std::iter::repeat_n(
                    (u.id.clone(), stat.clone()),
                    n as usize,
                ));
            }
        }
    });
}

/// Both sides' units, and the last round's attacks with the chart rows that applied.
/// Both sides' units with their men left and state; while `ordering` side declares with one
/// of its units selected, a `fire on` button beside each enemy unit on the ground (counters
/// can lie on one another on the table).
fn units_panel(ui: &mut egui::Ui, b: &Battle, ordering: Option<usize>, draft: &mut Draft) {
    let firing = draft
        .selected
        .filter(|&i| i < b.units.len() && Some(b.units[i].side) == ordering);
    for s in 0..b.sides.len() {
        let side = &b.sides[s];
        ui.label(
            egui::RichText::new(format!(
                "{} — {} (command {})",
                side.name, side.commander.name, side.commander.command
            ))
            .strong()
            .color(side_colour32(s)),
        );
        for u in b
            .units
            .iter()
            .filter(|u| u.side == s && !matches!(u.status, Status::Joined(_)))
        {
            let (state, hurt) = state_words(u);
            ui.horizontal_wrapped(|ui| {
                unit_line(ui, u, state, hurt);
                if let Some(i) = firing.filter(|&i| b.units[i].side != s && u.on_ground()) {
                    // Out of every weapon's reach, the button says why rather than take an
                    // order Declare would refuse.
                    let order = b.unit(&u.id).and_then(|t| super::input::fire_all(b, i, t));
                    let button = ui
                        .add_enabled(order.is_ok(), egui::Button::new("fire on").small())
                        .on_hover_text(format!(
                            "{} to fire on {} with every man (set the weapons above)",
                            b.units[i].name, u.name
                        ))
                        .on_disabled_hover_text(order.as_ref().err().cloned().unwrap_or_default());
                    if button.clicked()
                        && let Ok(o) = order
                    {
                        draft.set(o);
                    }
                }
            });
        }
    }
}

/// A unit's state and damage as its line ends: (` · full retreat`, ` · moderate casualties ·
/// late`), each empty where there is nothing to say.
fn state_words(u: &super::battle::Unit) -> (String, String) {
    let state = match &u.status {
        Status::Fighting | Status::Joined(_) => String::new(),
        Status::Retreating => " · full retreat".into(),
        Status::Aboard(t) => format!(" · aboard {t}"),
        Status::Surrendered => " · surrendered".into(),
        Status::Fled => " · fled".into(),
        Status::Destroyed => " · destroyed".into(),
    };
    let hurt = format!(
        "{}{}",
        u.damage_words()
            .map_or(String::new(), |w| format!(" · {w}")),
        if u.en_route.is_some() { " · late" } else { "" }
    );
    (state, hurt)
}

/// The last round in a few lines, before its attacks one by one (a walk found a round's
/// outcome in the events alone): what each side lost, then each unit fired on, with what it
/// lost, what is left of it and its state now. Empty where nothing was fired.
fn round_summary(b: &Battle) -> Vec<String> {
    let mut lost: BTreeMap<usize, u32> = BTreeMap::new();
    for &(_, target, men) in &b.last_fire {
        *lost.entry(target).or_default() += men;
    }
    if lost.is_empty() {
        return Vec::new();
    }
    let by_side: Vec<String> = (0..b.sides.len())
        .map(|s| {
            let n: u32 = lost
                .iter()
                .filter(|(i, _)| b.units.get(**i).is_some_and(|u| u.side == s))
                .map(|(_, n)| n)
                .sum();
            format!("{} {n}", b.sides[s].name)
        })
        .collect();
    let mut out = vec![format!("Lost last round: {}", by_side.join(", "))];
    for (&i, &n) in &lost {
        let Some(u) = b.units.get(i) else { continue };
        let (state, hurt) = state_words(u);
        out.push(format!(
            "{}: lost {n}, {} of {} left{state}{hurt}",
            u.name, u.size, u.start
        ));
    }
    out
}

/// One unit's line: its men left of its start, its state and damage, its statistics on hover.
fn unit_line(ui: &mut egui::Ui, u: &super::battle::Unit, state: String, hurt: String) {
    ui.label(format!(
        "{}: {} of {}{state}{hurt}",
        u.name, u.size, u.start
    ))
    .on_hover_text(format!(
        "{}: dexterity {}, dodge {}, strength {}, stamina {}, weapons {}",
        u.kind.name,
        u.kind.dexterity,
        u.kind.skill("dodge"),
        u.kind.strength,
        u.kind.stamina,
        u.kind
            .weapons
            .iter()
            .map(|w| format!("{} {}", w.name, w.damage))
            .collect::<Vec<_>>()
            .join(", ")
    ));
}

/// The width of a referee's modifier between its − and + buttons, points: room for `−3D+2`.
const VALUE_WIDTH: f32 = 48.0;
/// The width of a range band's number between its − and + buttons, points: room for
/// `point blank 5 (0-5)`.
const BAND_WIDTH: f32 = 150.0;

fn referee_panel(ui: &mut egui::Ui, b: &Battle, people: usize, out: &mut Vec<Command>) {
    use super::rules::charts::RangeBand;
    use super::rules::code::Code;
    if !b.referee {
        if b.round == 1 && b.nothing_declared() && people == 2 {
            ui.horizontal_wrapped(|ui| {
                let r = ui.button("Play with a referee");
                crate::ui::key_widget(ui, "play with a referee", &r);
                if r
                    .on_hover_text("One person runs both sides, with no hand-over, and judges the modifiers: terrain, weather, advantages (+1D to +3D each), the range difficulties")
                    .clicked()
                {
                    out.push(Command::RefereeMode);
                }
            });
            ui.separator();
        }
        return;
    }
    let header = egui::CollapsingHeader::new("Referee").show(ui, |ui| {
        ui.weak(
            "Each unit's modifier to all its actions and to its morale checks, in pips (3 a die).",
        );
        egui::Grid::new("mass_combat_referee_modifiers")
            .striped(true)
            .show(ui, |ui| {
                ui.weak("unit");
                ui.weak("actions");
                ui.weak("morale");
                ui.end_row();
                for u in b.units.iter().filter(|u| u.in_battle()) {
                    let (a, m) = u.referee;
                    ui.label(&u.name);
                    for (k, v) in [(0, a), (1, m)] {
                        let mut set = |nv: Code| {
                            out.push(Command::Referee {
                                unit: u.id.clone(),
                                actions: if k == 0 { nv } else { a },
                                morale: if k == 1 { nv } else { m },
                            })
                        };
                        let what = if k == 0 { "actions" } else { "morale" };
                        ui.horizontal(|ui| {
                            let less = ui.small_button("−");
                            crate::ui::key_widget(ui, format!("{} {what} −", u.id), &less);
                            if less.clicked() {
                                set(Code(v.0 - 1));
                            }
                            // A fixed width: `+` stays under the pointer as `1D` becomes
                            // `1D+1`, and so does the next column's `−`.
                            ui.add_sized([VALUE_WIDTH, 18.0], egui::Label::new(v.to_string()));
                            let more = ui.small_button("+");
                            crate::ui::key_widget(ui, format!("{} {what} +", u.id), &more);
                            if more.clicked() {
                                set(Code(v.0 + 1));
                            }
                        });
                    }
                    ui.end_row();
                }
            });
        march_rows(ui, b, out);
        arrival_rows(ui, b, out);
        ui.weak("The number each range band adds to the dodge (Range difficulty Chart).");
        for band in [
            RangeBand::PointBlank,
            RangeBand::Short,
            RangeBand::Medium,
            RangeBand::Long,
        ] {
            let (lo, hi) = band.numbers();
            let now = b
                .range_numbers
                .get(&band)
                .copied()
                .unwrap_or(band.difficulty());
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(now > lo, egui::Button::new("−").small())
                    .clicked()
                {
                    out.push(Command::RangeNumber {
                        band,
                        number: now - 1,
                    });
                }
                ui.add_sized(
                    [BAND_WIDTH, 18.0],
                    egui::Label::new(format!("{} {now} ({lo}-{hi})", band.word())),
                );
                if ui
                    .add_enabled(now < hi, egui::Button::new("+").small())
                    .clicked()
                {
                    out.push(Command::RangeNumber {
                        band,
                        number: now + 1,
                    });
                }
            });
        }
    });
    crate::ui::key_widget(ui, "referee", &header.header_response);
}

/// The referee's marches and sleep, before or between the fighting (Deployment: "Walking
/// three hours requires a Very Easy stamina roll ... One hour of sleep lowers the difficulty by
/// 1 level"): the hours, then March or Sleep on a unit's row; each row shows its next roll and
/// the stamina lost, which its morale checks lose too.
fn march_rows(ui: &mut egui::Ui, b: &Battle, out: &mut Vec<Command>) {
    let id = egui::Id::new("mass_combat_march_hours");
    let mut hours: u32 = ui.data(|d| d.get_temp(id)).unwrap_or(3);
    ui.horizontal(|ui| {
        ui.weak("Marches (4.5 km an hour) and sleep:");
        ui.add(egui::DragValue::new(&mut hours).range(1..=72).suffix(" h"));
    });
    ui.data_mut(|d| d.insert_temp(id, hours));
    // A unit a row, its buttons beside its state: a grid would run past a narrow sidebar.
    for u in b.units.iter().filter(|u| u.in_battle()) {
        ui.horizontal_wrapped(|ui| {
            ui.label(&u.name);
            ui.weak(format!(
                "next roll {}, {} stamina lost",
                u.fatigue.next.word(),
                u.fatigue.lost
            ));
            if ui
                .small_button("March")
                .on_hover_text(format!(
                    "{} walks {hours} hours, a stamina roll every 3",
                    u.name
                ))
                .clicked()
            {
                out.push(Command::March {
                    unit: u.id.clone(),
                    hours,
                });
            }
            if ui
                .small_button("Sleep")
                .on_hover_text(format!(
                    "{} sleeps {hours} hours, one level easier an hour",
                    u.name
                ))
                .clicked()
            {
                out.push(Command::Sleep {
                    unit: u.id.clone(),
                    hours,
                });
            }
        });
    }
}

/// The referee's arrival rolls (Deployment: "If, for some reason, the question of whether the
/// unit arrives at its destination on time is ever in question, simply make a combined DEX or
/// SPEED roll versus a difficulty based on terrain, environmental conditions, unit and
/// deadline"): each unit's difficulty, or automatic.
fn arrival_rows(ui: &mut egui::Ui, b: &Battle, out: &mut Vec<Command>) {
    use super::rules::charts::Difficulty;
    ui.weak("Arriving on time: the difficulty of each unit's deployments (terrain, weather, the unit, the deadline).");
    for u in b.units.iter().filter(|u| u.in_battle()) {
        ui.horizontal_wrapped(|ui| {
            ui.label(&u.name);
            let word = |d: Option<Difficulty>| d.map_or("automatic", Difficulty::word);
            egui::ComboBox::from_id_salt(("mass_combat_arrival", &u.id))
                .selected_text(word(u.arrival))
                .show_ui(ui, |ui| {
                    for d in std::iter::once(None).chain(Difficulty::ALL.map(Some)) {
                        if ui.selectable_label(u.arrival == d, word(d)).clicked() && u.arrival != d
                        {
                            out.push(Command::Arrival {
                                unit: u.id.clone(),
                                difficulty: d,
                            });
                        }
                    }
                });
            if let Some(e) = u.en_route {
                ui.weak(format!("late: rolls again against {}", e.difficulty.word()));
            }
        });
    }
}

/// The attack of the last round the charts show (its rows highlighted): the one the person
/// picked in the list, else the last that hit, else the last.
fn charted(ui: &egui::Ui, b: &Battle) -> Option<usize> {
    let picked: Option<(u32, usize)> = ui.data(|d| d.get_temp(charted_id()));
    picked
        .filter(|(round, k)| *round == b.round && *k < b.last_attacks.len())
        .map(|(_, k)| k)
        .or_else(|| b.last_attacks.iter().rposition(|(_, r)| r.hits > 0))
        .or_else(|| b.last_attacks.len().checked_sub(1))
}

fn charted_id() -> egui::Id {
    egui::Id::new("mass_combat_charted_attack")
}

fn attacks_panel(ui: &mut egui::Ui, b: &Battle) {
    if b.last_attacks.is_empty() {
        ui.weak(if b.round > 1 {
            "No fire last round."
        } else {
            "No fire yet this battle."
        });
        return;
    }
    for (k, line) in round_summary(b).into_iter().enumerate() {
        if k == 0 {
            ui.label(egui::RichText::new(line).strong());
        } else {
            ui.label(line);
        }
    }
    ui.separator();
    ui.label(egui::RichText::new("Last round's fire").strong());
    ui.weak("Click an attack for its rolls, and its rows on the charts below.");
    // Each attack one line with its outcome, the rolls only under the one picked: all of a
    // round's rolls ran past the sidebar's fold at 1280x720 (a walk).
    let shown = charted(ui, b);
    for (k, (head, r)) in b.last_attacks.iter().enumerate() {
        let line = egui::RichText::new(format!("{head} {}", outcome(r))).strong();
        if ui.selectable_label(shown == Some(k), line).clicked() {
            ui.data_mut(|d| d.insert_temp(charted_id(), (b.round, k)));
        }
        if shown == Some(k) {
            ui.indent(("attack-rolls", k), |ui| {
                for l in &r.lines {
                    ui.label(l);
                }
            });
        }
    }
    ui.separator();
}

/// An attack's outcome in a few words: none hit (missed by how much), or what the hits did,
/// from its report's last line.
fn outcome(r: &AttackReport) -> String {
    match (r.hits, r.result) {
        (0, _) if r.beat_by > 0 => format!("beat by {}: none hit", r.beat_by),
        (0, _) if r.beat_by == 0 => "a tie: none hit".into(),
        (0, _) => format!("missed by {}: none hit", -r.beat_by),
        (hits, None) => format!("{hits} hit: no damage"),
        (_, Some(_)) => r.lines.last().cloned().unwrap_or_default(),
    }
}

fn charts_panel(ui: &mut egui::Ui, b: &Battle) {
    let shown = charted(ui, b);
    let last = shown.map(|k| &b.last_attacks[k].1);
    if let Some(k) = shown {
        ui.weak(format!("Rows highlighted: {}", b.last_attacks[k].0));
    }
    egui::CollapsingHeader::new("Combined Action Chart").show(ui, |ui| {
        egui::Grid::new("cac").striped(true).show(ui, |ui| {
            for (n, m) in COMBINED_ACTION {
                // The rows its rolls took: the attack's, the dodge's, the damage's and the
                // strength's.
                let mut uses: Vec<&str> = last.map_or(Vec::new(), |r| {
                    r.combined
                        .iter()
                        .filter(|(_, people)| combined_action(*people) == Some(m))
                        .map(|(what, _)| what.as_str())
                        .collect()
                });
                uses.dedup();
                let here = !uses.is_empty();
                let t = egui::RichText::new(format!(
                    "{n} people: {}{}",
                    // A code of pips alone writes its own "+2".
                    if m.0 < 3 && m.0 % 3 != 0 {
                        m.to_string()
                    } else {
                        format!("+{m}")
                    },
                    if here {
                        format!("  (to the {})", uses.join(", "))
                    } else {
                        String::new()
                    }
                ));
                ui.label(if here {
                    t.strong().color(egui::Color32::from_rgb(240, 200, 60))
                } else {
                    t
                });
                ui.end_row();
            }
        });
    });
    egui::CollapsingHeader::new("Attack Resolution Chart").show(ui, |ui| {
        egui::Grid::new("arc").striped(true).show(ui, |ui| {
            for (band, by) in [
                ("1-2", 1),
                ("3-5", 3),
                ("6-8", 6),
                ("9-10", 9),
                ("11-15", 11),
                ("16-20", 16),
                ("21+", 21),
            ] {
                let share = super::rules::charts::attack_resolution(by);
                let here = last.is_some_and(|r| {
                    super::rules::charts::attack_resolution(r.beat_by) == share && r.beat_by > 0
                });
                let t = egui::RichText::new(format!("{band}: {}", share.words()));
                ui.label(if here {
                    t.strong().color(egui::Color32::from_rgb(240, 200, 60))
                } else {
                    t
                });
                ui.end_row();
            }
        });
    });
    egui::CollapsingHeader::new("Unit Damage Chart").show(ui, |ui| {
        use super::rules::charts::{DamageResult, unit_damage};
        egui::Grid::new("udc").striped(true).show(ui, |ui| {
            for (band, by) in [
                ("0-3", 0),
                ("4-8", 4),
                ("9-12", 9),
                ("13-15", 13),
                ("16+", 16),
            ] {
                let row: Option<DamageResult> = unit_damage(by);
                let here = last.is_some_and(|r| r.result.is_some() && r.result == row);
                let t = egui::RichText::new(format!(
                    "{band}: {} ({})",
                    row.map_or("", |r| r.word()),
                    row.map_or(String::new(), |r| r.loss().words())
                ));
                ui.label(if here {
                    t.strong().color(egui::Color32::from_rgb(240, 200, 60))
                } else {
                    t
                });
                ui.end_row();
            }
        });
    });
}

#[allow(clippy::too_many_arguments)]
fn panels(
    mut ctx: EguiContexts,
    battle: Res<BattleRes>,
    app: Option<Res<crate::engine::game::Sides>>,
    sidebar: Res<SidebarArea>,
    handover: Res<Handover>,
    mut draft: ResMut<Draft>,
    mut send: MessageWriter<Command>,
    seated: Option<Res<crate::engine::game::Seated>>,
) -> Result {
    if handover.showing || !sidebar.0.is_positive() {
        return Ok(());
    }
    let ctx = ctx.ctx_mut()?.clone();
    let b = &battle.0;
    let mut out = Vec::new();
    // Online, only the seat to act declares here (the other's buttons were live: a club walk).
    let seat = seated.as_ref().and_then(|x| x.0);
    let here = |s: &usize| is_person(&app, *s) && seat.is_none_or(|me| me == *s);
    let mut side_ui = crate::ui::area_ui(&ctx, sidebar.0);
    egui::ScrollArea::vertical()
        // A scroll position of its own for each commander and stage: the next commander's
        // orders start at the top.
        .id_salt(("mass-panels", b.round, b.to_act(), b.stage))
        .max_height(sidebar.0.height())
        .show(&mut side_ui, |ui| {
            let people = (0..b.sides.len()).filter(|&s| is_person(&app, s)).count();
            referee_panel(ui, b, people, &mut out);
            if let Some(side) = b.to_act().filter(here) {
                orders_panel(ui, b, side, &mut draft);
                if b.stage == Stage::Redeclare && ui.button("Keep the orders").clicked() {
                    out.push(Command::Redeclare {
                        side,
                        declaration: None,
                    });
                }
                ui.separator();
            }
            // The orders declared so far, heard by both ("leaving the character with the
            // highest command skill the advantage of declaring last").
            for s in b.declaring_order() {
                if b.declared[s].is_some() && b.stage != Stage::Tactics {
                    ui.label(
                        egui::RichText::new(format!("{} declared", b.sides[s].name))
                            .strong()
                            .color(side_colour32(s)),
                    );
                    ui.label(b.orders_words(s));
                }
            }
            let ordering = b.to_act().filter(|s| {
                is_person(&app, *s) && matches!(b.stage, Stage::Declare | Stage::Redeclare)
            });
            units_panel(ui, b, ordering, &mut draft);
            ui.separator();
            attacks_panel(ui, b);
            charts_panel(ui, b);
        });
    for c in out {
        send.write(c);
    }
    Ok(())
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(crate::engine::state::GameState::Playing(ID)), help)
        .add_systems(
            Update,
            (status, crate::ui::space_or_enter_ends, end_button).run_if(playing(ID)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            panels.after(ShellSet).run_if(playing(ID)),
        );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::Sides;

    /// The shell's status for the platoon fight, `rules` the sides the rules command.
    fn status_with(rules: Vec<usize>) -> ShellStatus {
        let mut app = App::new();
        app.insert_resource(BattleRes(super::super::battle::tests::platoon()))
            .insert_resource(Sides { rules, ..default() })
            .init_resource::<ShellStatus>()
            .add_systems(Update, status);
        app.update();
        app.world().resource::<ShellStatus>().clone()
    }

    /// The last round summed up: each side's losses, then each unit fired on with its losses,
    /// what is left and its state; nothing where nothing was fired.
    #[test]
    fn the_last_round_is_summed_up_by_side_and_unit() {
        let mut b = super::super::battle::tests::platoon();
        assert!(round_summary(&b).is_empty());
        let (a, t) = (
            b.units.iter().position(|u| u.side == 0).unwrap(),
            b.units.iter().position(|u| u.side == 1).unwrap(),
        );
        b.last_fire = vec![(a, t, 2), (a, t, 1)];
        b.units[t].size -= 3;
        b.units[t].status = Status::Retreating;
        let lines = round_summary(&b);
        assert_eq!(
            lines[0],
            format!(
                "Lost last round: {} 0, {} 3",
                b.sides[0].name, b.sides[1].name
            )
        );
        let u = &b.units[t];
        assert_eq!(
            lines[1],
            format!(
                "{}: lost 3, {} of {} left · full retreat",
                u.name, u.size, u.start
            )
        );
        assert_eq!(lines.len(), 2);
    }

    /// Issue 61: each attack of the last round reads as one line with its outcome (a hit that
    /// did harm, a miss by how much, hits that did nothing), its rolls only under the one
    /// picked: the whole round's rolls ran past the sidebar's fold.
    #[test]
    fn each_attack_is_summed_up_in_its_outcome() {
        let (b, _) = super::super::battle::tests::played_at_30_m(6, 25);
        let outcomes: Vec<String> = b.last_attacks.iter().map(|(_, r)| outcome(r)).collect();
        assert!(
            outcomes[0].ends_with("3 of 10 lost") && outcomes[0].starts_with(&b.units[1].name),
            "{outcomes:?}"
        );
        assert_eq!(outcomes[1], "missed by 30: none hit");
        assert_eq!(outcomes[2], "2 hit: no damage");
    }

    /// Issue 61: the declarations are made in the open, so a hotseat battle hands the table on
    /// with the banner only, not the hand-over screen that hides it (which the shell puts up
    /// for a side to act); solo, the person's side is still named so the banner comes back
    /// after the rules' side has declared.
    #[test]
    fn a_hotseat_battle_hides_nothing_between_commanders() {
        let hotseat = status_with(vec![]);
        assert_eq!(hotseat.people, 2);
        assert_eq!(hotseat.to_act, None);
        assert!(hotseat.acting.is_some());
        assert!(hotseat.secrecy.is_empty());
        let acting = hotseat.acting.expect("a side declares");
        let solo = status_with(vec![1 - acting]);
        assert_eq!((solo.people, solo.to_act), (1, Some(acting)));
    }
}

/// `order` at the most haste its kind takes (3), for the room its words may need.
fn at_most_haste(order: &Order) -> Order {
    let mut o = order.clone();
    if let Order::Fire { haste, .. } | Order::Deploy { haste, .. } | Order::Retreat { haste, .. } =
        &mut o
    {
        *haste = 3;
    }
    o
}
