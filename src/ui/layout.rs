//! Issue 61, panels that keep their place: each rule set's playing screen laid out headless at
//! 1280x720 and 1920x1080 ([`TestWindow`]); the widgets a player needs for the step in hand
//! ([`super::KeyWidgets`]) are in the window and in view without scrolling, a list shows as
//! many of its items as fit the room it has, and a widget holds still when a value beside it
//! changes width.

use std::collections::BTreeMap;

use bevy::prelude::*;
use bevy_egui::egui;

use crate::engine::pipeline::{CommandOutcome, process};
use crate::engine::ruleset::RuleSet;
use crate::screens::test_window::TestWindow;

/// The window sizes a player is likely to have: the least the game is made for, and full HD.
const SIZES: [(u32, u32); 2] = [(1280, 720), (1920, 1080)];

/// How many of its items a list that does not show them all must have room for: a one-row
/// scroll box above empty sidebar (issue 61's `Units to activate`) has less.
const ROWS: usize = 5;

/// A key widget: its name, its rectangle and the part of the window its panel shows.
type Key = (String, egui::Rect, egui::Rect);

/// Whether `rect` lies whole in the window `screen` and in its panel's `clip` (half a point of
/// rounding allowed).
fn in_view(rect: egui::Rect, clip: egui::Rect, screen: egui::Rect) -> bool {
    screen.expand(0.5).contains_rect(rect) && clip.expand(0.5).contains_rect(rect)
}

/// Checks the last frame's key widgets (`what` names the screen in messages): each one in
/// view, and of each list its first item, and all of it or a box [`ROWS`] items high; `must`:
/// names that must be among them. Returns them.
fn check(w: &mut TestWindow, what: &str, must: &[&str]) -> Vec<Key> {
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
        // All of it in view, or a box as tall as [`ROWS`] of its items to scroll them in.
        let all = items.iter().all(|i| i.0);
        assert!(
            all || clip.height() >= ROWS as f32 * rect.height(),
            "{what}: the {} {list} scroll in a box {} points high",
            items.len(),
            clip.height()
        );
    }
    keys
}

/// The rectangle of the key widget `name` among `keys`.
fn rect_of(keys: &[Key], name: &str) -> egui::Rect {
    keys.iter()
        .find(|k| k.0 == name)
        .map(|k| k.1)
        .unwrap_or_else(|| panic!("no `{name}` laid out"))
}

/// Applies `command` to the game in `w` (it must be taken) and lets the screen settle.
fn send<R: RuleSet>(w: &mut TestWindow, command: R::Command) {
    if let CommandOutcome::Refused(c, why) = process::<R>(w.app.world_mut(), command) {
        panic!("{c:?} refused: {why}");
    }
    w.frames(3);
}

/// The rules play every side until `done` says so (at most `steps` steps), then none.
fn rules_play_until<R: RuleSet>(
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

#[test]
fn every_bundled_scenario_opens_with_the_step_in_hand_in_view() {
    let registry = crate::rulesets::registry();
    for size in SIZES {
        let mut w = TestWindow::new(size);
        for (_, name, _) in registry.bundled() {
            w.begin(name, 1);
            let ends = w.app.world().resource::<super::ShellStatus>().end.is_some();
            let must: &[&str] = if ends { &["end"] } else { &[] };
            check(&mut w, &format!("{name} at {size:?}"), must);
        }
    }
}

/// Tyneside's guided first game: the order drop-downs in view under the guide; in the Shoot/Act
/// phase the targets and Shoot; a refusal in the phase bar; End where it was through the turn.
#[test]
fn tyneside_orders_and_shoot_are_in_view_under_the_guide() {
    use crate::rulesets::tyneside::Tyneside;
    use crate::rulesets::tyneside::commands::Command;
    for size in SIZES {
        let mut w = TestWindow::new(size);
        let (scenario, rules) = Tyneside::FIRST_GAME.expect("a guided first game");
        w.begin(scenario, 1);
        crate::engine::game::set_rules_sides(w.app.world_mut(), &[rules.to_string()])
            .expect("the guided game's rules side");
        w.app.world_mut().resource_mut::<super::Guide>().on = true;
        w.frames(3);
        let what = format!("{scenario} guided at {size:?}");
        let keys = check(&mut w, &what, &["end"]);
        assert!(
            keys.iter().any(|k| k.0.starts_with("list:orders:")),
            "{what}: no order to pick"
        );

        // The text's shooting example: through the orders and movement to Stormtroopers (A)'s
        // shot, its targets ticked, Shoot under them.
        let mut w = TestWindow::new(size);
        w.begin("shooting_example", 1);
        w.app.world_mut().resource_mut::<super::Guide>().on = true;
        let end = rect_of(&check(&mut w, "shooting_example orders", &["end"]), "end");
        for c in [Command::EndPhase, Command::EndPhase]
            .into_iter()
            .chain(std::iter::repeat_n(Command::EndActivation, 8))
        {
            send::<Tyneside>(&mut w, c);
        }
        let what = format!("shooting_example, A to shoot, at {size:?}");
        let keys = check(&mut w, &what, &["end", "list:targets:X"]);
        assert_eq!(rect_of(&keys, "end"), end, "{what}: End moved");
        w.click(rect_of(&keys, "list:targets:X").center());
        check(&mut w, &format!("{what}, X ticked"), &["shoot"]);
        // A refusal: the shot of a group that is not acting.
        w.app.world_mut().write_message(Command::Shoot {
            groups: vec!["X".into()],
            targets: vec!["A".into()],
        });
        w.frames(3);
        let notice = w.app.world().resource::<crate::engine::pipeline::Notice>();
        assert!(notice.refusal.is_some(), "{what}: the shot was taken");
        check(&mut w, &format!("{what}, a refusal"), &["refusal", "shoot"]);
        // Rebels (X) in base contact with A: close combat, Fight in view.
        use crate::rulesets::tyneside::components::{Member, Position};
        let world = w.app.world_mut();
        let a: Vec<Vec2> = world
            .query::<(&Member, &Position)>()
            .iter(world)
            .filter(|(m, _)| m.0 == "A")
            .map(|(_, p)| p.0)
            .collect();
        let mut k = 0;
        for (m, mut p) in world.query::<(&Member, &mut Position)>().iter_mut(world) {
            if m.0 == "X" {
                p.0 = a[k % a.len()] + Vec2::new(1.0, 0.0);
                k += 1;
            }
        }
        w.frames(3);
        check(&mut w, &format!("{what}, in close combat"), &["fight"]);
    }
}

/// The battlefield's units to activate fill the room they have; a unit picked, its Fire is in
/// view.
#[test]
fn battlefield_units_to_activate_fill_their_room_and_fire_is_in_view() {
    for size in SIZES {
        let mut w = TestWindow::new(size);
        w.begin("capture_the_village", 1);
        let what = format!("capture_the_village at {size:?}");
        let keys = check(&mut w, &what, &["end"]);
        let first = keys
            .iter()
            .find(|k| k.0.starts_with("list:units:"))
            .unwrap_or_else(|| panic!("{what}: no units to activate"));
        w.click(first.1.center());
        check(
            &mut w,
            &format!("{what}, a unit picked"),
            &["Fire (T)", "Move (M)"],
        );
    }
}

/// The space battle's cards of the fight just drawn are in view, in the attacks.
#[test]
fn space_battle_cards_of_the_fight_are_in_view() {
    use crate::rulesets::space_battle::SpaceBattle;
    use crate::rulesets::space_battle::battle::Stage;
    use crate::rulesets::space_battle::phases::BattleRes;
    for size in SIZES {
        let mut w = TestWindow::new(size);
        w.begin("a_star_wars_battle", 1);
        let fought = rules_play_until::<SpaceBattle>(&mut w, 2000, |world| {
            let b = &world.resource::<BattleRes>().0;
            b.stage == Stage::Fire && !b.fights.is_empty()
        });
        assert!(fought, "no fight drawn");
        check(
            &mut w,
            &format!("a_star_wars_battle, a fight drawn, at {size:?}"),
            &["card 0 firer", "card 0 target"],
        );
    }
}

/// 1 Stat Skirmish: the warband's fighters to activate fill their room (the Bounty's ten).
#[test]
fn one_stat_fighters_to_activate_fill_their_room() {
    use crate::rulesets::one_stat::OneStat;
    use crate::rulesets::one_stat::phases::SkirmishRes;
    use crate::rulesets::one_stat::skirmish::Stage;
    for size in SIZES {
        let mut w = TestWindow::new(size);
        w.begin("bounty", 1);
        check(&mut w, &format!("bounty at {size:?}"), &["muster"]);
        let activating = rules_play_until::<OneStat>(&mut w, 50, |world| {
            let s = &world.resource::<SkirmishRes>().0;
            s.stage == Stage::Activating && s.active.is_none()
        });
        assert!(activating, "the bounty's activations never came");
        let keys = check(&mut w, &format!("bounty, to activate, at {size:?}"), &[]);
        assert!(
            keys.iter().any(|k| k.0.starts_with("list:fighters:")),
            "no fighters listed"
        );
    }
}

/// Mass combat with a referee: each modifier's − and + stay under the pointer as a value widens
/// from `1D` to `1D+1`.
#[test]
fn mass_combat_referee_buttons_hold_still_as_a_value_widens() {
    use crate::rulesets::mass_combat::MassCombat;
    use crate::rulesets::mass_combat::commands::Command;
    use crate::rulesets::mass_combat::phases::BattleRes;
    use crate::rulesets::mass_combat::rules::code::Code;
    for size in SIZES {
        let mut w = TestWindow::new(size);
        w.begin("platoon_fight", 1);
        let what = format!("platoon_fight at {size:?}");
        check(&mut w, &what, &["end", "play with a referee"]);
        send::<MassCombat>(&mut w, Command::RefereeMode);
        let keys = check(&mut w, &what, &["referee"]);
        w.click(rect_of(&keys, "referee").center());
        let unit = w.app.world().resource::<BattleRes>().0.units[0].id.clone();
        let set = |w: &mut TestWindow, pips: i32| {
            send::<MassCombat>(
                w,
                Command::Referee {
                    unit: unit.clone(),
                    actions: Code(pips),
                    morale: Code(0),
                },
            );
            w.keys()
                .into_iter()
                .filter(|k| k.0.ends_with('+') || k.0.ends_with('−'))
                .map(|k| (k.0, k.1))
                .collect::<Vec<_>>()
        };
        let before = set(&mut w, 3);
        let after = set(&mut w, 4);
        assert!(
            before.iter().any(|k| k.0 == format!("{unit} morale −")),
            "{what}: {before:?}"
        );
        assert_eq!(before, after, "{what}: `1D` to `1D+1` moved the buttons");
    }
}
