//! The Tyneside panels in the shell's sidebar: the groups and orders (above), the unit card
//! and the fire-fight panel (below), the words by the cursor; and what the shell's phase bar,
//! hand-over screen and help say in a Tyneside game.

mod doors;
mod firefight;
mod force;
mod guide;
pub(super) mod orders;
mod tooltips;
mod unit_card;
mod vehicles;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::board::GameView;
use super::commands::Command;
use super::input::{MovePreview, PointerState, SightPreview, side_to_act};
use super::turn::TurnPhase;
use crate::engine::record::GameRecord;
use crate::engine::state::playing;
use crate::ui::{Handover, RuleSetHelp, ShellSet, ShellStatus, SidebarArea};

/// The fire-fight choices of the active group, kept between frames, and when the group acting
/// last changed (its buttons wait a moment: [`crate::ui::settle`]).
#[derive(Resource, Default)]
struct Choices(firefight::FireChoice, crate::ui::settle::Settle);

/// The keys of a Tyneside table, as the help lists them.
const SHORTCUTS: &[(&str, &str)] = &[
    (
        "Left click",
        "select a figure (its card shows on the right)",
    ),
    (
        "Left drag",
        "move the selected figure of the active group (Movement)",
    ),
    (
        "Shift + left drag",
        "move the whole active group by the same offset",
    ),
    ("Right drag", "tape measure"),
    (
        "Hover an enemy",
        "with a figure selected: line of sight, range band, what blocks it",
    ),
    (
        "R",
        "declare a run for the selected figure (+D4\"); under Attack orders, the whole group",
    ),
    (
        "Shift + R",
        "declare a run for every figure of the selected figure's group",
    ),
    ("J", "the next drag is a jump across a gap (D4+1\")"),
    ("H", "the selected figure hides"),
    (
        "Space / Enter",
        "end the activation (or this side's orders)",
    ),
    ("Esc", "clear selection and tape"),
];

/// What the side to act should do now, in words. `commanded`: in the Orders phase, whether
/// any group of the side placing orders is in command (a walk read `for each group in
/// command` where none was, and looked for a choice to make).
fn hint(phase: TurnPhase, commanded: bool) -> &'static str {
    match phase {
        TurnPhase::Orders if !commanded => {
            "No group of this side is in command (no hero with it or near it): each keeps its order. End orders."
        }
        TurnPhase::Orders => {
            "Choose an order counter for each group in command (sidebar), then End orders."
        }
        TurnPhase::Movement => {
            "Drag a figure to move it (Shift-drag: whole group). R run (Shift+R: the group) · J jump · H hide. Then End activation."
        }
        TurnPhase::Action => {
            "Choose targets in the fire-fight panel (sidebar) and Shoot, or Fight / Heal / Hero shot. Then End activation."
        }
        TurnPhase::EndOfTurn => "End of turn…",
    }
}

/// The scenario's victory condition and how it stands now: figures fighting on each side,
/// and objectives held where they decide the game (scenario victory conditions, victory.rs).
fn objective(board: &super::board::Board, table: &super::table::TableRes) -> String {
    use crate::rulesets::tyneside::rules::victory::Victory;
    let sc = &table.scenario;
    let limit = sc
        .turn_limit
        .map(|l| format!(" at the end of turn {l}"))
        .unwrap_or_default();
    let tally = table.tally(&board.scores());
    match sc.victory {
        Victory::LastSideStanding => format!(
            "the last side fighting wins, or the side with more figures fighting{limit} · fighting: {tally}"
        ),
        // `hold the objective` where there is one: `more of the 1 objectives` read oddly (a walk).
        Victory::HoldObjectives => match sc.objectives.len() {
            1 => format!("hold the objective{limit} · held now: {tally}"),
            n => format!("hold more of the {n} objectives{limit} · held now: {tally}"),
        },
    }
}

/// Tells the shell the turn, phase, who acts, what to do and what the hand-over hides.
fn status(
    view: GameView,
    phase: Res<State<TurnPhase>>,
    record: Option<Res<GameRecord<Command>>>,
    sides: Option<Res<crate::engine::game::Sides>>,
    mut shell: ResMut<ShellStatus>,
) {
    let (Some(turn), Some(table)) = (view.turn.as_ref(), view.table.as_ref()) else {
        return;
    };
    let phase = *phase.get();
    let acting = side_to_act(&view, phase);
    let by_rules = acting.is_some_and(|s| sides.as_ref().is_some_and(|r| r.by_rules(s)));
    // The hand-over is for people: the rules' turns pass without it.
    let to_act = acting.filter(|_| !by_rules);
    let who = match (
        acting,
        phase,
        turn.active_group().and_then(|g| view.group(g)),
    ) {
        (Some(side), ..) if by_rules => format!("{} — played by the rules", table.side_name(side)),
        (Some(side), TurnPhase::Orders, _) => format!("{} places orders", table.side_name(side)),
        (Some(side), _, Some(g)) => format!(
            "{} — {} ({})",
            table.side_name(side),
            g.name,
            g.order.map(|o| o.to_string()).unwrap_or_default()
        ),
        (Some(side), _, None) => table.side_name(side).to_string(),
        (None, ..) => String::new(),
    };
    let end = match phase {
        _ if by_rules => None,
        TurnPhase::Orders => Some((
            "End orders",
            "This side has placed its order counters (Space/Enter)",
        )),
        TurnPhase::Movement | TurnPhase::Action => {
            Some(("End activation", "This group is done (Space/Enter)"))
        }
        TurnPhase::EndOfTurn => None,
    };
    let save_stem = crate::engine::record::save_stem(record.as_deref(), "game");
    let commands = record.as_ref().map_or(0, |r| r.commands.len());
    let board = view.board();
    // Ending a group's shoot/act activation with figures that could still shoot, or use
    // the Force, loses those actions: the shell asks first.
    let end_loses = match (phase, turn.active_group(), &board) {
        (TurnPhase::Action, Some(g), Some(b)) if !by_rules => {
            let group = view.group(g).map_or(g, |g| g.name.as_str());
            let shots = b.could_still_shoot(g).len();
            let force: Vec<&str> = b
                .could_still_use_the_force(g)
                .into_iter()
                .map(|i| b.figs[i].figure.name.as_str())
                .collect();
            let mut lost = Vec::new();
            if shots > 0 {
                lost.push(format!(
                    "{shots} figure{} of {group} could still shoot",
                    if shots == 1 { "" } else { "s" },
                ));
            }
            if !force.is_empty() {
                lost.push(format!("{} could still use the Force", force.join(" and ")));
            }
            (!lost.is_empty()).then(|| lost.join("; "))
        }
        _ => None,
    };
    let objective = board
        .as_ref()
        .map(|b| objective(b, table))
        .unwrap_or_default();
    let new = ShellStatus {
        turn: format!(
            "Turn {}{}",
            turn.turn,
            table
                .scenario
                .turn_limit
                .map(|l| format!("/{l}"))
                .unwrap_or_default()
        ),
        turn_number: turn.turn,
        phase: phase.to_string(),
        to_act,
        acting,
        who,
        hint: if by_rules {
            "The rules are playing this side: watch the table and the event log.".into()
        } else {
            let commanded = board.as_ref().is_some_and(|b| {
                view.all_groups().iter().any(|g| {
                    g.side == turn.orders_side
                        && !b.members(&g.id).is_empty()
                        && super::phases::in_command(b, &g.id, g.side)
                })
            });
            hint(phase, commanded).into()
        },
        end: end.map(|(l, t)| (l.to_string(), t.to_string())),
        end_loses,
        objective,
        secrecy: match phase {
            TurnPhase::Orders => "Orders are placed in secret: the other side's counters stay hidden until everyone has placed theirs.",
            TurnPhase::Movement => "Movement: your group moves next.",
            TurnPhase::Action => "Shoot/act: your group acts next.",
            TurnPhase::EndOfTurn => "",
        }
        .into(),
        sides: table.scenario.sides.iter().map(|s| s.name.clone()).collect(),
        commands,
        people: (0..table.scenario.sides.len())
            .filter(|&s| !sides.as_ref().is_some_and(|r| r.by_rules(s)))
            .count(),
        save_stem,
        largest_die: <super::Tyneside as crate::engine::ruleset::RuleSet>::LARGEST_DIE,
        cards: false,
    };
    shell.set_if_neq(new);
}

/// The help of a Tyneside game.
fn help(mut help: ResMut<RuleSetHelp>) {
    *help = RuleSetHelp {
        book: Some(super::BOOK),
        shortcuts: SHORTCUTS.to_vec(),
        lines: vec![
            "Turn: orders (each side, hidden) -> movement, lowest initiative first -> shoot/act, highest first -> morale.",
        ],
    };
}

#[allow(clippy::too_many_arguments)]
fn panels(
    mut ctx: EguiContexts,
    view: GameView,
    phase: Res<State<TurnPhase>>,
    sidebar: Res<SidebarArea>,
    handover: Res<Handover>,
    mut pointer: ResMut<PointerState>,
    preview: Res<MovePreview>,
    sight: Res<SightPreview>,
    mut choices: ResMut<Choices>,
    (mut send, seat, replay, seated): (
        MessageWriter<Command>,
        Option<Res<crate::engine::by_email::Seat>>,
        Res<crate::engine::replay_view::ReplayStatus>,
        Option<Res<crate::engine::game::Seated>>,
    ),
    (log, mut guide, status, mut note, mut end): (
        Option<Res<crate::engine::record::GameLog>>,
        ResMut<crate::ui::Guide>,
        Res<ShellStatus>,
        ResMut<crate::view::CursorNote>,
        MessageWriter<crate::ui::EndPressed>,
    ),
    (portals, table): (Query<&super::components::Portal>, Res<crate::ui::TableArea>),
    mut fit: Local<orders::Fit>,
) -> Result {
    if handover.showing {
        return Ok(());
    }
    let ctx = ctx.ctx_mut()?.clone();
    let phase = *phase.get();
    let mut out: Vec<Command> = Vec::new();
    let mut end_pressed = false;
    let Choices(choice, settle) = &mut *choices;
    if sidebar.0.is_positive() {
        // The groups and their orders above; the figure's card and the fire fight below.
        let mut side = crate::ui::area_ui(&ctx, sidebar.0);
        guide::show(&mut side, log.as_deref(), &mut guide, phase, &status);
        orders::show(
            &mut side,
            &view,
            phase,
            &mut pointer,
            (
                seat.as_deref(),
                replay
                    .viewing_side
                    .filter(|_| replay.open)
                    .or(seated.as_ref().and_then(|s| s.0)),
            ),
            (&mut out, &mut fit),
        );
        egui::ScrollArea::vertical()
            // Each activation its own scroll: the next group's panel opens at its top.
            .id_salt((
                "card-and-fire-fight",
                view.turn
                    .as_ref()
                    .and_then(|t| t.active_group().map(str::to_string)),
            ))
            .show(&mut side, |ui| {
                // In the shoot/act phase the fire fight (targets, Shoot) comes first: under a
                // long card it was below the fold while the hint sent the player to it.
                let fire_first = phase == TurnPhase::Action;
                if !fire_first {
                    let shown = pointer.selected.is_some();
                    let card = ui
                        .scope(|ui| {
                            unit_card::show(ui, &view, &mut pointer, (phase, false), &mut out)
                        })
                        .response;
                    // Read whole where it comes first (issue 61: cut at the fold).
                    if shown {
                        crate::ui::key_widget(ui, "card", &card);
                    }
                    ui.separator();
                }
                firefight::show(
                    ui,
                    &view,
                    phase,
                    (choice, settle, seated.as_ref().and_then(|s| s.0)),
                    (&mut out, &mut end_pressed),
                );
                if fire_first {
                    ui.separator();
                    unit_card::show(ui, &view, &mut pointer, (phase, false), &mut out);
                }
            });
    }
    hover_card(&ctx, table.0, &view, &mut pointer, phase);
    let portals: Vec<super::components::Portal> = portals.iter().cloned().collect();
    tooltips::show(&mut note, &pointer, &preview, &sight, &portals);
    for c in out {
        send.write(c);
    }
    if end_pressed {
        end.write(crate::ui::EndPressed);
    }
    Ok(())
}

/// The hovered figure's whole card over the table (`table`, egui points), at the foot of the
/// half away from the pointer, to read only: in the sidebar, under the groups, its rows were
/// below the fold at 1280x720 and a card that goes with the pointer cannot be scrolled (walks).
fn hover_card(
    ctx: &egui::Context,
    table: egui::Rect,
    view: &GameView,
    pointer: &mut PointerState,
    phase: TurnPhase,
) {
    if pointer.hover.is_none() || pointer.drag.is_some() {
        return;
    }
    let left = ctx
        .pointer_hover_pos()
        .is_some_and(|at| at.x > table.center().x);
    let (pivot, corner) = if left {
        (
            egui::Align2::LEFT_BOTTOM,
            table.left_bottom() + egui::vec2(12.0, -12.0),
        )
    } else {
        (
            egui::Align2::RIGHT_BOTTOM,
            table.right_bottom() + egui::vec2(-12.0, -12.0),
        )
    };
    let mut out = Vec::new();
    let drawn = egui::Area::new(egui::Id::new("tyneside-hover-card"))
        .pivot(pivot)
        .fixed_pos(corner)
        .interactable(false)
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_width(CARD_WIDE);
                unit_card::show(ui, view, pointer, (phase, true), &mut out);
            });
        });
    crate::ui::key_widget(&crate::ui::root_ui(ctx), "hover-card", &drawn.response);
}

/// The hovered figure's card's width over the table, egui points: the sidebar's.
const CARD_WIDE: f32 = 300.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Choices>()
        .add_systems(
            OnEnter(crate::engine::state::GameState::Playing(super::ID)),
            help,
        )
        .add_systems(Update, status.run_if(playing(super::ID)))
        .add_systems(
            EguiPrimaryContextPass,
            panels
                .after(ShellSet)
                .before(crate::view::CursorNoteSet)
                .run_if(playing(super::ID)),
        );
}
