//! The screens of a game by e-mail, in place of the hotseat hand-over: signing a side in with
//! its passphrase, and, once that side's part is done, where the file is and whom to send it
//! to (docs/play-by-email.md). The table stays hidden on both.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use super::{ShellAction, ShellStatus};
use crate::engine::by_email::{Seat, SitIn};
use crate::engine::pipeline::Notice;
use crate::engine::record::GameEvent;

/// What the shell's frame needs of a game by e-mail.
#[derive(SystemParam)]
pub struct ByEmailUi<'w> {
    /// The game's seat, when it is played by e-mail.
    pub seat: Option<Res<'w, Seat>>,
    /// Sign-ins asked.
    pub sit: MessageWriter<'w, SitIn>,
}

/// Events shown on the "send the file" screen: the last few of the sitting.
const EVENTS_SHOWN: usize = 8;

/// What the sign-in screen keeps between frames.
pub struct SignIn {
    /// The side chosen to sign in (the side to act unless changed).
    pub side: Option<usize>,
    /// The passphrase typed.
    pub passphrase: String,
    /// Replay what happened since the side's last sitting once signed in.
    pub since: bool,
}

impl Default for SignIn {
    fn default() -> Self {
        Self {
            side: None,
            passphrase: String::new(),
            since: true,
        }
    }
}

/// What the player asked on these screens.
pub enum Asked {
    /// Sign a side in.
    SitIn(SitIn),
    /// A shell action (back to the title).
    Action(ShellAction),
}

fn centred(root: &mut egui::Ui, body: impl FnOnce(&mut egui::Ui)) {
    let frame = egui::Frame::central_panel(root.style()).fill(egui::Color32::from_rgb(12, 14, 18));
    egui::CentralPanel::default().frame(frame).show(root, |ui| {
        ui.vertical_centered(|ui| {
            ui.add_space(ui.available_height() * 0.2);
            ui.set_max_width(640.0);
            body(ui);
        });
    });
}

fn file_line(ui: &mut egui::Ui, seat: &Seat) {
    let path = seat.file.display().to_string();
    ui.monospace(&path);
    if ui
        .small_button("Copy the path")
        .on_hover_text("Put the file's path on the clipboard, to attach it to an e-mail")
        .clicked()
    {
        ui.ctx().copy_text(path);
    }
}

/// Draws the sign-in screen (nobody signed in yet) or the "send the file" screen (the
/// sitting is over). Returns what was asked.
pub fn show(
    root: &mut egui::Ui,
    status: &ShellStatus,
    seat: &Seat,
    (notice, events): (&Notice, &[GameEvent]),
    form: &mut SignIn,
) -> Option<Asked> {
    let mut asked = None;
    let name = |s: Option<usize>| {
        s.and_then(|s| status.sides.get(s).cloned())
            .unwrap_or_default()
    };
    if seat.side.is_none() {
        centred(root, |ui| {
            ui.heading(egui::RichText::new("A game by e-mail").size(30.0));
            file_line(ui, seat);
            ui.add_space(16.0);
            let side = *form.side.get_or_insert(seat.to_act.unwrap_or(0));
            ui.horizontal(|ui| {
                ui.add_space((ui.available_width() - 300.0).max(0.0) / 2.0);
                ui.label("Sign in as");
                egui::ComboBox::from_id_salt("by-email-side")
                    .selected_text(name(Some(side)))
                    .show_ui(ui, |ui| {
                        for (i, s) in status.sides.iter().enumerate() {
                            ui.selectable_value(&mut form.side, Some(i), s);
                        }
                    });
                if seat.to_act == Some(side) {
                    ui.weak("(to play now)");
                }
            });
            let first = !seat.signed.contains(&side);
            ui.add_space(8.0);
            let field = ui.add(
                egui::TextEdit::singleline(&mut form.passphrase)
                    .password(true)
                    .hint_text("passphrase")
                    .desired_width(300.0),
            );
            ui.add_space(4.0);
            ui.weak(if first {
                format!(
                    "{} has no passphrase yet: the one you type now becomes its own. Keep it to yourself — it seals {}'s secrets (order counters) until the game shows them.",
                    name(Some(side)),
                    name(Some(side))
                )
            } else {
                format!("{}'s passphrase, chosen at its first sitting.", name(Some(side)))
            });
            ui.checkbox(
                &mut form.since,
                "Then show what happened since my last sitting",
            );
            if let Some(why) = &notice.refusal {
                ui.colored_label(egui::Color32::LIGHT_RED, why);
            }
            ui.add_space(12.0);
            let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if ui
                .add_sized([260.0, 40.0], egui::Button::new("Sign in"))
                .clicked()
                || enter
            {
                asked = Some(Asked::SitIn(SitIn {
                    side,
                    side_name: name(Some(side)),
                    passphrase: std::mem::take(&mut form.passphrase),
                    replay_since: form.since,
                }));
            }
            ui.add_space(8.0);
            if ui.button("Back to the title").clicked() {
                asked = Some(Asked::Action(ShellAction::Menu));
            }
        });
    } else {
        centred(root, |ui| {
            ui.heading(
                egui::RichText::new(format!("{}'s part is done", name(seat.side))).size(30.0),
            );
            ui.add_space(8.0);
            ui.label("The game was saved after every move, in");
            file_line(ui, seat);
            ui.add_space(8.0);
            ui.label(format!(
                "Send this file to {}. They open it in Holotable (Open a save, or `holotable play FILE`) and sign in as {}.",
                name(seat.to_act),
                name(seat.to_act)
            ));
            if seat.drawing {
                ui.label("First the dice: every side adds its part of the dice seed, so that nobody chooses it (a commitment at its first sitting, the part itself once all have committed). The game begins when the last part is in.");
            }
            ui.weak("Your secrets travel sealed with your passphrase, and every move is signed by the side that made it: the file cannot be changed without the other side's Holotable refusing it.");
            ui.add_space(12.0);
            ui.strong("Last in the game");
            for e in &events[events.len().saturating_sub(EVENTS_SHOWN)..] {
                ui.label(format!("T{} {}", e.turn, e.text));
            }
            ui.add_space(20.0);
            if ui
                .add_sized([260.0, 40.0], egui::Button::new("Back to the title"))
                .clicked()
            {
                asked = Some(Asked::Action(ShellAction::Menu));
            }
        });
    }
    asked
}
