//! Issue 61's checks of panels that keep their place, for the tests of every rule set's
//! playing screen laid out headless ([`TestWindow`]): the widgets a player needs for the step
//! in hand ([`super::KeyWidgets`]) are in the window and in view without scrolling, and a list
//! that does not show all its items has room for several.

use std::collections::BTreeMap;

use bevy::prelude::*;
use bevy_egui::egui;

use crate::engine::pipeline::{CommandOutcome, process};
use crate::engine::ruleset::RuleSet;
use crate::screens::test_window::TestWindow;

/// The window sizes a player is likely to have: the least the game is made for, and full HD.
pub(crate) const SIZES: [(u32, u32); 2] = [(1280, 720), (1920, 1080)];

/// How many of its items a list that does not show them all must have room for: a one-row
/// scroll box above empty sidebar (issue 61's `Units to activate`) has less.
const ROWS: usize = 5;

/// A key widget: its name, its rectangle and the part of the window its panel shows.
pub(crate) type Key = (String, egui::Rect, egui::Rect);

/// Whether `rect` lies whole in the window `screen` and in its panel's `clip` (half a point of
/// rounding allowed).
fn in_view(rect: egui::Rect, clip: egui::Rect, screen: egui::Rect) -> bool {
    screen.expand(0.5).contains_rect(rect) && clip.expand(0.5).contains_rect(rect)
}

/// Checks the last frame's key widgets (`what` names the screen in messages): each one in
/// view, and of each list its first item, and all of it or [`ROWS`] of its items; `must`:
/// names that must be among them. Returns them.
pub(crate) fn check(w: &mut TestWindow, what: &str, must: &[&str]) -> Vec<Key> {
    let screen = w.screen();
    let keys = w.keys();
    let names: Vec<&str> = keys.iter().map(|k| k.0.as_str()).collect();
    for m in must {
        assert!(
            names.contains(m),
            "{what}: no `{m}` laid out (only {names:?})"
        );
    }
    let mut lists: BTreeMap<&str, Vec<(bool, egui::Rect, egui::Rect)>> = BTreeMap::new();
    for (name, rect, clip) in &keys {
        let seen = in_view(*rect, *clip, screen);
        match name.strip_prefix("list:").and_then(|l| l.split_once(':')) {
            Some((list, _)) => lists.entry(list).or_default().push((seen, *rect, *clip)),
            None => assert!(
                seen,
                "{what}: `{name}` at {rect:?} is out of view (window {screen:?}, its panel shows {clip:?})"
            ),
        }
    }
    for (list, items) in lists {
        let (first, rect, clip) = items[0];
        assert!(
            first,
            "{what}: the first of the {list} at {rect:?} is out of view (its panel shows {clip:?}; window {screen:?})"
        );
        // All of it in view, or [`ROWS`] of its items in view in a box to scroll them in: a
        // box tall enough whose top other things fill shows a row or two (issue 61: the
        // battlefield's units under the sides' summaries once a unit was picked).
        let seen = items.iter().filter(|i| i.0).count();
        assert!(
            seen == items.len() || seen >= ROWS,
            "{what}: {seen} of the {} {list} in view, in a box {} points high",
            items.len(),
            clip.height()
        );
    }
    keys
}

/// The rectangle of the key widget `name` among `keys`.
pub(crate) fn rect_of(keys: &[Key], name: &str) -> egui::Rect {
    keys.iter()
        .find(|k| k.0 == name)
        .map(|k| k.1)
        .unwrap_or_else(|| panic!("no `{name}` laid out"))
}

/// Lets half a second of the window's clock pass in `w` (its frames 0.1 s apart, then as
/// before): a new step's buttons take clicks ([`crate::ui::settle`]), and a list's scroll to
/// its new item is done.
pub(crate) fn wait_settled(w: &mut TestWindow) {
    use bevy::time::TimeUpdateStrategy;
    w.app.insert_resource(TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(100),
    ));
    w.frames(6);
    w.app.insert_resource(TimeUpdateStrategy::Automatic);
}

/// Applies `command` to the game in `w` (it must be taken) and lets the screen settle.
pub(crate) fn send<R: RuleSet>(w: &mut TestWindow, command: R::Command) {
    if let CommandOutcome::Refused(c, why) = process::<R>(w.app.world_mut(), command) {
        panic!("{c:?} refused: {why}");
    }
    w.frames(3);
}

/// The rules play every side until `done` says so (at most `steps` steps), then none.
pub(crate) fn rules_play_until<R: RuleSet>(
    w: &mut TestWindow,
    steps: usize,
    done: impl Fn(&World) -> bool,
) -> bool {
    let world = w.app.world_mut();
    let all = (0..world.resource::<crate::engine::game::Sides>().ids.len()).collect();
    world.resource_mut::<crate::engine::game::Sides>().rules = all;
    let mut reached = done(world);
    for _ in 0..steps {
        if reached {
            break;
        }
        match crate::engine::rules_side::step::<R>(world) {
            Some(Ok(_)) => reached = done(world),
            Some(Err(e)) => panic!("{e}"),
            None => break,
        }
    }
    world
        .resource_mut::<crate::engine::game::Sides>()
        .rules
        .clear();
    w.frames(3);
    reached
}
