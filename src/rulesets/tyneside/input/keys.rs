//! Keyboard shortcuts on the table (listed in the help overlay, F1).

use bevy::prelude::*;
use bevy_egui::EguiContexts;

use super::PointerState;
use super::pointer::side_to_act;
use crate::engine::pipeline::CommandPipeline;
use crate::engine::state::playing;
use crate::rulesets::tyneside::board::{Board, Fig, GameView};
use crate::rulesets::tyneside::commands::Command;
use crate::rulesets::tyneside::turn::TurnPhase;
use crate::ui::{EndPressed, Handover, ShellAction};

/// R: run; H: hide; J: the next drag is a jump; Space or Enter: end the activation (or, in the
/// Orders phase, this side's orders).
#[allow(clippy::too_many_arguments)]
fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut ctx: EguiContexts,
    view: GameView,
    phase: Res<State<TurnPhase>>,
    handover: Res<Handover>,
    mut state: ResMut<PointerState>,
    mut send: MessageWriter<Command>,
    mut shell: MessageWriter<EndPressed>,
    mut notice: ResMut<crate::engine::pipeline::Notice>,
) {
    if handover.showing
        || ctx
            .ctx_mut()
            .map(|c| c.egui_wants_keyboard_input())
            .unwrap_or(true)
    {
        return;
    }
    let Some(board) = view.board() else { return };
    let acting = side_to_act(&view, *phase.get());
    let movement = *phase.get() == TurnPhase::Movement;
    let active = view.turn.as_ref().and_then(|t| t.active_group());
    let selected = keyed(&board, state.selected, active, movement, acting);
    // With no figure of the acting side selected: Shift+R runs the active group, and R, H or
    // J say what they need (play-test: they did nothing, silently).
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if movement && selected.is_none() {
        if shift
            && keys.just_pressed(KeyCode::KeyR)
            && let Some(g) = active
        {
            send.write_batch(runs(&board, board.members(g)));
        } else if keys.any_just_pressed([KeyCode::KeyR, KeyCode::KeyH, KeyCode::KeyJ]) {
            notice.info = Some(
                "Click a figure of the group that is moving first: R runs it, H hides it, J makes its next drag a jump (Shift+R runs the whole group).".into(),
            );
        }
    }
    if movement && let Some(f) = selected {
        if keys.just_pressed(KeyCode::KeyR) {
            // Shift+R, or an order that must run (Attack): every figure of the group that has
            // not run yet declares its run (each rolls its own die); R alone: the selected one.
            let order = view.group(f.group).and_then(|g| g.order);
            if shift || order.is_some_and(|o| o.must_run()) {
                send.write_batch(runs(&board, board.members(f.group)));
            } else {
                send.write(Command::Run {
                    figure: f.figure.id.clone(),
                });
            }
        }
        if keys.just_pressed(KeyCode::KeyH) {
            send.write(Command::Hide {
                figure: f.figure.id.clone(),
            });
        }
        if keys.just_pressed(KeyCode::KeyJ) {
            state.jump = !state.jump;
        }
    }
    if keys.just_pressed(KeyCode::Space) || keys.just_pressed(KeyCode::Enter) {
        shell.write(EndPressed);
    }
}

/// The figure R, H and J act for: the selected figure if it is the acting side's, else, in
/// the Movement phase, the one figure of the group moving when it has only one (a hero alone
/// needs no click to say which: a walk pressed R with nothing selected and was told to click).
fn keyed<'b, 'a>(
    board: &'b Board<'a>,
    selected: Option<Entity>,
    active_group: Option<&str>,
    movement: bool,
    acting: Option<usize>,
) -> Option<&'b Fig<'a>> {
    let lone = active_group
        .map(|g| board.members(g))
        .filter(|m| m.len() == 1 && movement)
        .and_then(|m| board.figs.get(m[0]));
    selected
        .and_then(|e| board.figs.iter().find(|f| f.entity == e))
        .filter(|f| Some(f.figure.side) == acting)
        .or(lone.filter(|f| Some(f.figure.side) == acting))
}

/// The shell's End button (or Space / Enter): end this side's orders, or the activation.
fn end(
    mut asked: MessageReader<ShellAction>,
    phase: Res<State<TurnPhase>>,
    mut send: MessageWriter<Command>,
) {
    for action in asked.read() {
        if *action != ShellAction::End {
            continue;
        }
        match phase.get() {
            TurnPhase::Orders => {
                send.write(Command::EndPhase);
            }
            TurnPhase::Movement | TurnPhase::Action => {
                send.write(Command::EndActivation);
            }
            TurnPhase::EndOfTurn => {}
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (keys, end)
            .chain()
            .run_if(playing(crate::rulesets::tyneside::ID).and_then(
                crate::engine::game::this_computer_to_act::<crate::rulesets::tyneside::Tyneside>,
            ))
            .before(CommandPipeline),
    );
}

/// The runs declared for `figures` of `board` that have not run yet this activation, each
/// rolling its own D4 (Movement: running): a group's, from Shift+R, an order that must run,
/// or the figure card's Run the group.
pub(crate) fn runs(
    board: &crate::rulesets::tyneside::board::Board,
    figures: Vec<usize>,
) -> Vec<Command> {
    figures
        .into_iter()
        .map(|m| &board.figs[m])
        .filter(|m| m.act.run_roll.is_none())
        .map(|m| Command::Run {
            figure: m.figure.id.clone(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::tyneside::testing::{DUEL, fig, game, on_board, to_movement_of};

    #[test]
    fn the_keys_act_for_a_lone_hero_moving_with_nothing_selected() {
        let mut s = game(&DUEL.replace("ORDER", "Stand"), &[]);
        to_movement_of(&mut s, "L");
        let (lone, other_side, not_moving) = on_board(&mut s, |board, _| {
            let darth = board.figs[fig(board, "darth")].entity;
            let id = |f: Option<&Fig>| f.map(|f| f.figure.id.clone());
            (
                id(keyed(board, None, Some("L"), true, Some(0))),
                id(keyed(board, Some(darth), Some("L"), true, Some(0))),
                id(keyed(board, None, Some("L"), false, Some(0))),
            )
        });
        assert_eq!(lone.as_deref(), Some("luke"));
        assert_eq!(
            other_side.as_deref(),
            Some("luke"),
            "the other side's figure is not his"
        );
        assert_eq!(not_moving, None, "only while his group moves");
    }
}
