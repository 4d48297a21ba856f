//! The sidebar's groups: every group with its order counter (hidden from the other side while
//! orders are placed), initiative and figures; in the Orders phase the side placing orders
//! chooses counters, and its heroes join or leave groups.

use bevy_egui::egui;

use crate::engine::by_email::{Seat, commitment};
use crate::rules::geometry::base_gap;
use crate::rulesets::tyneside::board::{Board, GameView};
use crate::rulesets::tyneside::commands::Command;
use crate::rulesets::tyneside::components::Group;
use crate::rulesets::tyneside::input::PointerState;
use crate::rulesets::tyneside::phases::{group_in_cover, in_command, situation};
use crate::rulesets::tyneside::rules::movement::{ADVANCE_HALT, COHESION};
use crate::rulesets::tyneside::rules::orders::{Order, group_initiative};
use crate::rulesets::tyneside::rules::random_movement::{
    BANDS, MODIFIERS, Reaction, modifiers, reachable,
};
use crate::rulesets::tyneside::turn::TurnPhase;

/// The order to show for `g`: its counter; for one placed face down in a game by e-mail, the
/// order this sitting's side sealed for it (`None`: another side's, still face down).
pub fn shown_order(g: &Group, seat: Option<&Seat>) -> Option<Order> {
    let Some(seal) = &g.face_down else {
        return g.order;
    };
    seat?.secrets::<Command>().into_iter().rev().find_map(|s| {
        let matches = commitment(&s.salt, &s.command) == *seal;
        match s.command {
            Command::PlaceOrder { group, order } if group == g.id && matches => Some(order),
            _ => None,
        }
    })
}

/// Draws the groups and their order counters at the top of the sidebar `root`, resizable.
/// `viewer`: the side the screen is seen through (in the replay viewer, or the side this
/// computer plays online or by e-mail): the other sides' counters stay hidden while orders
/// are placed. `None`: the side placing them (hotseat).
pub fn show(
    root: &mut egui::Ui,
    view: &GameView,
    phase: TurnPhase,
    pointer: &mut PointerState,
    (seat, viewer): (Option<&Seat>, Option<usize>),
    (out, fit): (&mut Vec<Command>, &mut Fit),
) {
    let tall = root.available_height();
    // While orders are placed the fire fight below waits for its phase: the groups get three
    // quarters of the sidebar (half, they were cut off after the first two), less the room a
    // picked figure's whole card needs ([`CARD_ROOM`]; it was cut at the fold: a walk).
    // Each phase remembers its own size.
    // In the shoot/act phase the fire fight below is the step in hand: the groups take a
    // third (at half, three targets showed two under the guide at 720 px).
    // Else (moving) the card below shows only on hover and the fire fight waits for its
    // phase: the groups take two thirds (at half, the second side's heading was below the
    // list's fold: a walk).
    let (id, share) = match phase {
        TurnPhase::Orders => ("orders-placing", orders_share(tall)),
        TurnPhase::Action => ("orders-acting", 0.3),
        _ => ("orders", 0.66),
    };
    egui::Panel::top(id)
        .exact_size(groups_height(tall, share, *fit))
        .show(root, |ui| {
            let (Some(board), Some(table), Some(turn)) = (view.board(), view.table.as_ref(), view.turn.as_ref()) else { return };
            // The side to act comes first (the side placing orders, or the active group's):
            // its groups are what the player must reach, not below the fold under the
            // other side's.
            let first = match phase {
                TurnPhase::Orders => Some(viewer.unwrap_or(turn.orders_side)),
                _ => turn.active_group().and_then(|g| view.group(g)).map(|g| g.side),
            };
            // A newly active group, or the active group in a new phase's list (each keeps its
            // own scroll), is scrolled to its heading until that has been in view (a walk: the
            // list stayed on the group before while the next acted below its fold; a pass
            // egui discards drops a scroll asked in it).
            let seen = egui::Id::new("tyneside-active-group-seen");
            let now = (id, turn.active_group().map(str::to_string));
            let newly_active = ui.data(|d| d.get_temp::<(&'static str, Option<String>)>(seen)) != Some(now.clone());
            // Each side's list its own scroll, opening at its top: scrolled down by the side
            // before, the next side's order lists were above the fold (a walk).
            fit.groups = egui::ScrollArea::vertical().id_salt(("groups", id, first)).show(ui, |ui| {
                let mut sides: Vec<usize> = (0..table.scenario.sides.len()).collect();
                if let Some(first) = first {
                    sides.sort_by_key(|&s| s != first);
                }
                for (side, s) in sides.into_iter().map(|i| (i, &table.scenario.sides[i])) {
                    ui.colored_label(crate::ui::side_colour32(side), egui::RichText::new(&s.name).heading());
                    let hidden = phase == TurnPhase::Orders && viewer.unwrap_or(turn.orders_side) != side;
                    // Another side's hidden counters are one line, not a frame a group: under
                    // them a figure's card was cut at the sidebar's fold (a walk); the table's
                    // figures still name their groups on hover.
                    if hidden {
                        let groups = view.all_groups().into_iter().filter(|g| g.side == side && !board.members(&g.id).is_empty()).count();
                        ui.weak(format!("{groups} group{}: orders hidden until all are placed", if groups == 1 { "" } else { "s" }));
                        ui.add_space(6.0);
                        continue;
                    }
                    let placing = phase == TurnPhase::Orders && turn.orders_side == side;
                    let mut groups: Vec<&Group> = view.all_groups().into_iter().filter(|g| g.side == side).collect();
                    // The groups whose order the player picks come first: under the guide, a
                    // group out of command (no choice to make) above them put the first
                    // drop-down below the fold at 1280x720 (issue 61).
                    if placing {
                        groups.sort_by_key(|g| !in_command(&board, &g.id, side));
                    }
                    for g in groups {
                        let members = board.members(&g.id);
                        if members.is_empty() {
                            continue;
                        }
                        let inits: Vec<(u32, bool)> =
                            members.iter().map(|&m| (board.figs[m].figure.profile.initiative, board.figs[m].cond.wounded())).collect();
                        let active = turn.active_group() == Some(g.id.as_str()) && matches!(phase, TurnPhase::Movement | TurnPhase::Action);
                        let acted = matches!(phase, TurnPhase::Movement | TurnPhase::Action) && !turn.queue.contains(&g.id);
                        egui::Frame::group(ui.style()).stroke(if active { egui::Stroke::new(2.0, egui::Color32::WHITE) } else { ui.style().visuals.widgets.noninteractive.bg_stroke }).show(ui, |ui| {
                            ui.set_width(ui.available_width());
                            let head = ui.horizontal(|ui| {
                                let title = egui::RichText::new(&g.name).strong();
                                if ui.selectable_label(false, title).on_hover_text("Select this group's first figure").clicked() {
                                    pointer.selected = Some(board.figs[members[0]].entity);
                                }
                                ui.weak(format!("init {}", group_initiative(&inits)));
                                if acted {
                                    ui.weak("· done");
                                }
                            });
                            if active {
                                crate::ui::key_widget(ui, "active-group", &head.response);
                                if newly_active && ui.clip_rect().contains_rect(head.response.rect) {
                                    ui.data_mut(|d| d.insert_temp(seen, now.clone()));
                                } else if newly_active {
                                    head.response.scroll_to_me(Some(egui::Align::TOP));
                                }
                            }
                            let order = shown_order(g, seat);
                            let counter = if g.face_down.is_some() { order.map_or("face down".into(), |o| format!("{o} (face down)")) } else { order.map(|o| o.to_string()).unwrap_or("-".into()) };
                            let led = members.iter().any(|&m| board.figs[m].figure.hero);
                            if placing && !led && let Some(score) = g.table_score {
                                let all: Vec<Group> = view.all_groups().into_iter().cloned().collect();
                                let why = situation(&board, &all, g)
                                    .map(|s| modifiers(&s).iter().map(|(n, v)| format!("{n}: {v:+}")).collect::<Vec<_>>().join("\n"))
                                    .unwrap_or_default();
                                ui.label(format!("Order: {counter} (table score {score})"))
                                    .on_hover_text(format!("Random movement table:\n{why}\n= {score}: {}", Reaction::of(score).text()));
                                if !in_command(&board, &g.id, side) {
                                    ui.weak("Out of command: no hero within 6\" (12\" Gifted commander)");
                                } else if let Some(leeway) = g.leeway {
                                    let before = order.unwrap_or(Order::Stand);
                                    let mut chosen = before;
                                    let combo = egui::ComboBox::from_id_salt(("order", &g.id)).selected_text(chosen.to_string()).show_ui(ui, |ui| {
                                        for o in reachable(score, leeway, group_in_cover(&board, &g.id)) {
                                            beside(&ui.selectable_value(&mut chosen, o, item(&board, &members, o)), o.rule_text());
                                        }
                                    });
                                    crate::ui::key_widget(ui, format!("list:orders:{}", g.id), &combo.response);
                                    if let Some(why) = caveat(&board, &members, chosen) {
                                        ui.colored_label(egui::Color32::from_rgb(255, 200, 120), why);
                                    }
                                    ui.weak(format!("score may move by up to {leeway}"));
                                    if chosen != before {
                                        out.push(Command::PlaceOrder { group: g.id.clone(), order: chosen });
                                    }
                                } else {
                                    let issue = ui
                                        .button("Issue an order (D6)")
                                        .on_hover_text("A hero within 6\" (12\" for a Gifted commander) may move this group's table score by up to a D6 (2D6 for a Gifted commander), then pick the order");
                                    crate::ui::key_widget(ui, format!("list:orders:{}", g.id), &issue);
                                    if issue.clicked() {
                                        out.push(Command::IssueOrder { group: g.id.clone() });
                                    }
                                }
                            } else if placing {
                                if in_command(&board, &g.id, side) {
                                    let before = order.unwrap_or(Order::Stand);
                                    let mut chosen = before;
                                    let combo = egui::ComboBox::from_id_salt(("order", &g.id)).selected_text(chosen.to_string()).show_ui(ui, |ui| {
                                        for o in Order::ALL {
                                            beside(&ui.selectable_value(&mut chosen, o, item(&board, &members, o)), o.rule_text());
                                        }
                                    });
                                    crate::ui::key_widget(ui, format!("list:orders:{}", g.id), &combo.response);
                                    if let Some(why) = caveat(&board, &members, chosen) {
                                        ui.colored_label(egui::Color32::from_rgb(255, 200, 120), why);
                                    }
                                    if chosen != before {
                                        out.push(Command::PlaceOrder { group: g.id.clone(), order: chosen });
                                    }
                                } else {
                                    ui.label(format!("Order: {counter}")).on_hover_text(
                                        "Out of command: no hero with it or within 6\" (12\" for a Gifted commander), so it keeps its order",
                                    );
                                    // Said on the panel, not only on hover: a new player looked
                                    // for the order's list that out-of-command groups lack.
                                    ui.weak("Out of command: keeps its order");
                                }
                            } else {
                                ui.label(format!("Order: {counter}")).on_hover_text(order.map(|o| o.rule_text()).unwrap_or("No order yet"));
                            }
                            for &m in &members {
                                let f = &board.figs[m];
                                let mut tags = Vec::new();
                                if f.cond.wounded() {
                                    tags.push("W");
                                }
                                if f.cond.ducked_back(turn.turn) {
                                    tags.push("D");
                                }
                                if f.cond.knocked_out(turn.turn) {
                                    tags.push("KO");
                                }
                                ui.horizontal(|ui| {
                                    let sel = pointer.selected == Some(f.entity);
                                    let label = format!("{}{} {}", if f.figure.hero { "★ " } else { "" }, f.figure.name, tags.join(" "));
                                    if ui.selectable_label(sel, label).clicked() {
                                        pointer.selected = Some(f.entity);
                                    }
                                    if placing && f.figure.hero && members.len() > 1 && ui.small_button("leave").on_hover_text("Leave the group and act alone").clicked() {
                                        out.push(Command::LeaveGroup { hero: f.figure.id.clone() });
                                    }
                                });
                                if placing && f.figure.hero {
                                    let joinable: Vec<_> = view
                                        .all_groups()
                                        .into_iter()
                                        .filter(|o| o.side == side && o.id != g.id && board.members(&o.id).iter().any(|&x| board.gap(m, x) <= COHESION))
                                        .collect();
                                    if !joinable.is_empty() {
                                        egui::ComboBox::from_id_salt(("join", &f.figure.id)).selected_text("join…").show_ui(ui, |ui| {
                                            for o in joinable {
                                                if ui.selectable_label(false, &o.name).clicked() {
                                                    out.push(Command::JoinGroup { hero: f.figure.id.clone(), group: o.id.clone() });
                                                }
                                            }
                                        });
                                    }
                                }
                            }
                        });
                    }
                    ui.add_space(6.0);
                }
                ui.collapsing("Random movement table", |ui| {
                    ui.weak("Groups no hero is with take this order each turn; a hero within 6\" may move the score by a D6.");
                    // Wrapped rows, not a grid: the long results would widen the panel.
                    for (what, value) in MODIFIERS {
                        ui.label(format!("{value}  {what}"));
                    }
                    ui.separator();
                    for (score, reaction) in BANDS {
                        ui.label(format!("{score}:  {}", reaction.text()));
                    }
                });
            }).content_size.y;
        });
}

/// The room kept under the groups while orders are placed, egui points: a figure's card,
/// whole, with the Force's line and its abilities.
const CARD_ROOM: f32 = 250.0;

/// The least the groups get while orders are placed, egui points: two groups' order lists.
const GROUPS_LEAST: f32 = 240.0;

/// The groups' share of a sidebar `tall` points high while orders are placed: three quarters,
/// less [`CARD_ROOM`], but never under [`GROUPS_LEAST`] (under the first game's guide the order
/// lists come before the card, which scrolls there).
fn orders_share(tall: f32) -> f32 {
    let most = (tall - CARD_ROOM).max(GROUPS_LEAST).min(tall * 0.75);
    most / tall.max(1.0)
}

/// What the groups' list needed at the last frame, egui points (0: not measured yet).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Fit {
    /// The groups' list, whole.
    pub groups: f32,
}

/// The groups panel's height, egui points, in a sidebar with `tall` points under the guide:
/// what the list needs, up to the phase's `share` of the sidebar (the card and fire fight
/// below get the rest). Never under 80 points. Before anything is measured, the share.
///
/// Only the list's own height moves it, never what is below: a list that grew into the room
/// a short card left shrank again when a target's odds or a figure's card appeared, and a
/// second click in the sidebar landed on what had moved there (issue 61, a walk of this
/// sitting).
pub fn groups_height(tall: f32, share: f32, fit: Fit) -> f32 {
    // The panel's frame and the scroll area's margins around the list.
    const FRAME: f32 = 12.0;
    let most = tall * share;
    let wanted = if fit.groups > 0.0 {
        (fit.groups + FRAME).min(most)
    } else {
        most
    };
    wanted.max(80.0)
}

/// An order's rule beside its line in the drop-down, not under it: a tooltip below the
/// pointer covered the orders further down the list (found by the walkthrough).
/// What order `o` leaves a group of `members` (figure indices in `board`) that a player
/// would not see coming, where anything: Advance's halt when a member already stands within
/// 5″ of an enemy figure (tyneside-skirmish.txt, Orders: "They halt at 5″ from enemy
/// figures"), so it may go only towards an objective, never nearer the enemy (a walk gave
/// Obi-Wan Advance 2.3″ from a stormtrooper and every drag was refused). `None` otherwise.
fn caveat(board: &Board, members: &[usize], o: Order) -> Option<String> {
    if o != Order::Advance {
        return None;
    }
    let (gap, who) = members
        .iter()
        .filter_map(|&m| {
            let f = &board.figs[m];
            board
                .enemy_bases(m)
                .iter()
                .map(|&(e, er)| base_gap(f.pos, f.figure.base, e, er))
                .reduce(f32::min)
                .map(|g| (g, m))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))?;
    (gap < ADVANCE_HALT).then(|| {
        // The inch mark as an argument: after `{gap:.1}` it would read as a quotation's
        // opening (tests/engine/quotations.rs).
        format!(
            "Advance: {} is {gap:.1}{} from an enemy, inside the 5\" where Advance halts: it may only move towards an objective",
            board.figs[who].figure.name, '"'
        )
    })
}

/// Order `o`'s line in a group's list of orders: its name, and where it would halt the
/// group where it stands ([`caveat`]), that.
fn item(board: &Board, members: &[usize], o: Order) -> String {
    match caveat(board, members, o) {
        Some(_) => format!("{o} (halted: within 5\" of an enemy)"),
        None => o.to_string(),
    }
}

fn beside(item: &egui::Response, rule: &str) {
    egui::Popup::from_response(item)
        .kind(egui::PopupKind::Tooltip)
        .align(egui::RectAlign::LEFT_START)
        .align_alternatives(&[egui::RectAlign::RIGHT_START])
        .gap(6.0)
        .open(item.hovered())
        .show(|ui| {
            ui.set_max_width(300.0);
            ui.label(rule);
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Advance is marked in a group's list where a member stands within 5″ of an enemy (a walk
    /// gave it and every drag was refused), and not beyond; other orders never are.
    #[test]
    fn advance_is_marked_halted_within_5_inches_of_an_enemy() {
        use crate::rulesets::tyneside::testing::{DUEL, fig, game, on_board};
        let mut s = game(&DUEL.replace("ORDER", "Stand"), &[]);
        // Luke (base edge to base edge) 10″ less the bases from the stormtrooper; then 3″.
        let (far, near) = on_board(&mut s, |board, _| {
            let luke = fig(board, "luke");
            let far = (
                caveat(board, &[luke], Order::Advance),
                item(board, &[luke], Order::Advance),
            );
            let e1 = fig(board, "e1");
            board.figs[e1].pos = board.figs[luke].pos + bevy::math::Vec2::new(3.0, 0.0);
            let near = Order::ALL.map(|o| (o, caveat(board, &[luke], o), item(board, &[luke], o)));
            (far, near)
        });
        assert_eq!(far, (None, "Advance".to_string()));
        for (o, why, line) in near {
            if o == Order::Advance {
                let why = why.expect("Advance halted 3″ from the stormtrooper");
                assert!(
                    why.contains("Luke") && why.contains("towards an objective"),
                    "{why}"
                );
                assert!(line.contains("halted"), "{line}");
            } else {
                assert_eq!((why, line), (None, o.to_string()));
            }
        }
    }

    #[test]
    fn the_groups_take_what_they_need_up_to_the_phase_share() {
        let tall = 500.0;
        let fit = |groups| Fit { groups };
        // Nothing measured yet: the phase's share.
        assert_eq!(groups_height(tall, 0.5, Fit::default()), 250.0);
        // A short list: its own height, the card below the rest.
        assert_eq!(groups_height(tall, 0.5, fit(100.0)), 112.0);
        // A long list: the share, whatever is below.
        assert_eq!(groups_height(tall, 0.5, fit(900.0)), 250.0);
        assert_eq!(groups_height(tall, 0.3, fit(900.0)), 150.0);
        // Never under 80.
        assert_eq!(groups_height(100.0, 0.3, fit(900.0)), 80.0);
    }

    #[test]
    fn while_orders_are_placed_a_card_keeps_its_room_under_the_groups() {
        let groups = |tall: f32| tall * orders_share(tall);
        let near = |a: f32, b: f32| assert!((a - b).abs() < 0.01, "{a} is not {b}");
        // 1280x720 without the guide: the card's room kept.
        near(groups(494.0), 494.0 - CARD_ROOM);
        near(groups(854.0), 854.0 - CARD_ROOM);
        // Under the guide: two groups' lists first.
        near(groups(350.0), GROUPS_LEAST);
        // Three quarters at most.
        near(groups(300.0), 225.0);
        near(groups(2000.0), 1500.0);
    }
}
