//! Buttons that appear under a resting pointer take no click at once. In a hotseat game the
//! next player's buttons can stand where the last player's were (1 Stat's muster, its order of
//! play, the fighters to activate): a double-click, or a click a moment late, chose for the
//! other player (issue 61). For [`SETTLE`] seconds after the step changes, the step's buttons
//! are shown greyed.

use std::hash::{DefaultHasher, Hash, Hasher};

use bevy_egui::egui;

/// Seconds a step's buttons wait before they take clicks.
pub const SETTLE: f64 = 0.4;

/// The step last seen (a hash of what identifies it) and when it was first seen, egui seconds.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Settle {
    step: Option<u64>,
    since: f64,
}

impl Settle {
    /// Whether the buttons of `step` may take clicks now (at egui's time `now`, seconds): not
    /// in the first [`SETTLE`] seconds after `step` differs from the one last seen.
    pub fn ready(&mut self, step: impl Hash, now: f64) -> bool {
        let mut h = DefaultHasher::new();
        step.hash(&mut h);
        let step = h.finish();
        if self.step != Some(step) {
            // The first step of all (a game opened) has no buttons it replaces, however soon
            // after the start it comes.
            self.since = if self.step.is_some() {
                now
            } else {
                f64::NEG_INFINITY
            };
            self.step = Some(step);
        }
        now - self.since >= SETTLE
    }

    /// [`Settle::ready`] in `ctx`, asking egui to draw again when the wait is over (the window
    /// draws only when something changes).
    pub fn ready_in(&mut self, ctx: &egui::Context, step: impl Hash) -> bool {
        let now = ctx.input(|i| i.time);
        let ready = self.ready(step, now);
        if !ready {
            let left = (self.since + SETTLE - now).max(0.0);
            ctx.request_repaint_after(std::time::Duration::from_secs_f64(left + 0.02));
        }
        ready
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_steps_buttons_wait_before_they_take_clicks() {
        // However soon after the window's start.
        assert!(Settle::default().ready(("muster", 0), 0.1));
        let mut s = Settle::default();
        assert!(
            s.ready(("muster", 0), 10.0),
            "the first step takes clicks at once"
        );
        assert!(s.ready(("muster", 0), 10.1));
        assert!(
            !s.ready(("muster", 1), 11.0),
            "the next player's buttons wait"
        );
        assert!(!s.ready(("muster", 1), 11.0 + SETTLE - 0.01));
        assert!(s.ready(("muster", 1), 11.0 + SETTLE));
        assert!(!s.ready(("order", 0), 20.0));
        assert!(s.ready(("order", 0), 21.0));
    }
}
