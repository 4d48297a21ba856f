//! The hotseat banner: when the side to play changes in a game two or more people play at one
//! computer, its name shows large over the top of the table for a moment (the hand-over
//! screen covers the table instead where the rule set hides something).

use bevy_egui::egui;

use super::ShellStatus;

/// How long the banner shows, seconds.
const SHOWN: f64 = 3.0;

/// The side last announced and when (egui's clock, seconds).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Banner {
    side: Option<usize>,
    since: f64,
}

/// Announces a change of side to play over the top of `table` (egui points); nothing in a
/// game one person plays, on the first side of a game, or once [`SHOWN`] has passed.
pub fn show(ctx: &egui::Context, table: egui::Rect, status: &ShellStatus, banner: &mut Banner) {
    let now = ctx.input(|i| i.time);
    if status.acting != banner.side {
        // The first side of a game is the one the game opened with: nothing changed hands.
        let first = banner.side.is_none();
        *banner = Banner {
            side: status.acting,
            since: if first { f64::NEG_INFINITY } else { now },
        };
    }
    let (Some(side), true) = (status.acting, status.people >= 2) else {
        return;
    };
    let left = SHOWN - (now - banner.since);
    if left <= 0.0 {
        return;
    }
    // The window draws on a change only: the banner's end is one.
    ctx.request_repaint_after(std::time::Duration::from_secs_f64(left));
    let name = status.sides.get(side).map_or("", String::as_str);
    egui::Area::new(egui::Id::new("hotseat-banner"))
        .fixed_pos(egui::pos2(table.center().x, table.min.y + 12.0))
        .pivot(egui::Align2::CENTER_TOP)
        .interactable(false)
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style())
                .inner_margin(egui::Margin::symmetric(24, 10))
                .show(ui, |ui| {
                    ui.label(
                        egui::RichText::new(format!("{name} to play"))
                            .size(28.0)
                            .strong()
                            .color(super::side_colour32(side)),
                    );
                });
        });
}
