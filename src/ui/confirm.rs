//! What the shell asks before doing it: ending a step that throws away what is left of it,
//! and leaving a game for the title screen.

use bevy::prelude::*;
use bevy_egui::egui;

use super::ShellAction;

/// End pressed (the End button, Space or Enter): the shell ends the step at once, or first
/// asks where the rule set says ending now loses something ([`super::ShellStatus::end_loses`]).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct EndPressed;

/// Space or Enter, pressed while egui does not want the keys, presses End: a rule set whose
/// End has no other key adds this system to its playing schedule.
pub fn space_or_enter_ends(
    keys: Res<ButtonInput<KeyCode>>,
    mut ctx: bevy_egui::EguiContexts,
    mut shell: MessageWriter<EndPressed>,
) {
    if ctx
        .ctx_mut()
        .map(|c| c.egui_wants_keyboard_input())
        .unwrap_or(false)
    {
        return;
    }
    if keys.just_pressed(KeyCode::Space) || keys.just_pressed(KeyCode::Enter) {
        shell.write(EndPressed);
    }
}

/// A question the shell is asking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Asking {
    /// End this step, losing what is said ("2 activations are lost").
    End(String),
    /// Leave the game for the title screen.
    Leave,
    /// Leave a game played online: what becomes of it ([`LeaveOnline`]), after whether the
    /// other player waits for this one's move.
    LeaveOnline(String),
}

/// What leaving the online game on the table does, in words for the question: the screen
/// that began the game says (at a club server, hosted here, joined), as only it knows.
#[derive(Resource, Clone, Debug, Default)]
pub struct LeaveOnline(pub String);

/// Shows the question in a modal window (the table below takes no clicks); Enter says yes,
/// Escape no. Returns the action agreed to; `asking` is cleared once answered.
pub fn show(
    ctx: &egui::Context,
    asking: &mut Option<Asking>,
    end_label: &str,
) -> Option<ShellAction> {
    let question = asking.clone()?;
    let (title, body, yes, action) = match &question {
        Asking::End(lost) => (
            format!("{end_label}?"),
            format!("Ending now loses what is left: {lost}."),
            format!("{end_label} anyway"),
            ShellAction::End,
        ),
        Asking::Leave => (
            "Leave this game?".to_string(),
            "It is kept as it stands: Resume on the title screen takes it up again.".to_string(),
            "Leave for the title".to_string(),
            ShellAction::Menu,
        ),
        Asking::LeaveOnline(what) => (
            "Leave this online game?".to_string(),
            what.clone(),
            "Leave for the title".to_string(),
            ShellAction::Menu,
        ),
    };
    let agreed = ask(ctx, "shell-confirm", (&title, &[&body]), &yes)?;
    *asking = None;
    agreed.then_some(action)
}

/// A question in a modal window (the table below takes no clicks): `title`, the lines of
/// `body`, then `yes (Enter)` and `Go back (Esc)`; Enter says yes, Escape no, once the
/// question has been up a pass (the Enter that pressed End, asking it, answered it too: a
/// walk's shot was lost to one Enter with no question seen). Returns the answer once given,
/// `None` while it waits. The buttons are noted as the key widgets `yes: <yes>` and `no:
/// <yes>` ([`super::key_widget`]).
pub fn ask(
    ctx: &egui::Context,
    id: &str,
    (title, body): (&str, &[&str]),
    yes: &str,
) -> Option<bool> {
    let mut answer = None;
    egui::Modal::new(egui::Id::new(id)).show(ctx, |ui| {
        ui.set_max_width(420.0);
        ui.heading(title);
        for line in body {
            ui.label(*line);
        }
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            let button = ui.button(format!("{yes} (Enter)"));
            super::key_widget(ui, format!("yes: {yes}"), &button);
            if button.clicked() {
                answer = Some(true);
            }
            let back = ui.button("Go back (Esc)");
            super::key_widget(ui, format!("no: {yes}"), &back);
            if back.clicked() {
                answer = Some(false);
            }
        });
    });
    // The pass it was first shown in, and the last it was shown in: not shown in the pass
    // before, it is asked anew.
    let pass = ctx.cumulative_pass_nr();
    let seen = egui::Id::new((id, "shown in passes"));
    let opened = ctx.data_mut(|d| {
        let (opened, last) = d.get_temp::<(u64, u64)>(seen).unwrap_or((pass, pass));
        let opened = if last + 1 < pass || opened > pass {
            pass
        } else {
            opened
        };
        d.insert_temp(seen, (opened, pass));
        opened
    });
    if pass == opened {
        return answer;
    }
    ctx.input(|i| {
        if i.key_pressed(egui::Key::Enter) {
            answer = answer.or(Some(true));
        }
        if i.key_pressed(egui::Key::Escape) {
            answer = answer.or(Some(false));
        }
    });
    answer
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One pass of `ctx` asking, with Enter pressed or not: the answer.
    fn pass(ctx: &egui::Context, enter: bool) -> Option<bool> {
        let mut input = egui::RawInput::default();
        if enter {
            input.events.push(egui::Event::Key {
                key: egui::Key::Enter,
                physical_key: None,
                pressed: true,
                repeat: false,
                modifiers: egui::Modifiers::NONE,
            });
        }
        let mut answer = None;
        let _ = ctx.run_ui(input, |ui| {
            answer = ask(
                ui.ctx(),
                "test-question",
                ("End?", &["Two shots are lost."]),
                "End",
            );
        });
        answer
    }

    /// The Enter that brought the question up does not answer it; the next one does. Asked
    /// again later, the question again waits a pass.
    #[test]
    fn the_enter_that_asks_does_not_answer() {
        let ctx = egui::Context::default();
        assert_eq!(pass(&ctx, true), None, "the Enter that asked");
        assert_eq!(pass(&ctx, false), None, "no key");
        assert_eq!(pass(&ctx, true), Some(true), "Enter, the question seen");
        // Not asked for a pass, then asked again with an Enter.
        let _ = ctx.run_ui(egui::RawInput::default(), |_| {});
        assert_eq!(pass(&ctx, true), None, "asked anew");
        assert_eq!(pass(&ctx, true), Some(true));
    }
}
