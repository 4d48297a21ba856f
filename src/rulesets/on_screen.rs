//! Every rule set's playing screen as a player sees it (issue 61), laid out headless
//! ([`TestWindow`]): the widgets for the step in hand in view at 1280x720 and 1920x1080 and
//! still as a value widens ([`crate::ui::layout`]), and every piece's state markers laid out,
//! readable and uncovered, as each bundled scenario opens and in crowded places
//! ([`crate::view::check_state_marks`]).

use bevy::prelude::*;
use bevy_egui::egui;

use crate::engine::ruleset::RuleSet;
use crate::screens::test_window::TestWindow;
use crate::ui::layout::{SIZES, check, rect_of, rules_play_until, send, wait_settled};
use crate::view::{check_fixed_texts_apart, check_state_marks};

/// Every bundled scenario as it opens: End and whatever its panels need first in view.
#[test]
fn every_bundled_scenario_opens_with_the_step_in_hand_in_view() {
    let registry = super::registry();
    for size in SIZES {
        let mut w = TestWindow::new(size, super::registry());
        for (_, name, _) in registry.bundled() {
            w.begin(name, 1);
            let ends = w
                .app
                .world()
                .resource::<crate::ui::ShellStatus>()
                .end
                .is_some();
            let must: &[&str] = if ends { &["end"] } else { &[] };
            check(&mut w, &format!("{name} at {size:?}"), must);
        }
    }
}

/// Tyneside's guided first game: the order drop-downs in view under the guide; in the Shoot/Act
/// phase the targets and Shoot; a refusal in the phase bar; End where it was through the turn.
#[test]
fn tyneside_orders_and_shoot_are_in_view_under_the_guide() {
    use super::tyneside::Tyneside;
    use super::tyneside::commands::Command;
    for size in SIZES {
        let mut w = TestWindow::new(size, super::registry());
        let (scenario, rules) = Tyneside::FIRST_GAME.expect("a guided first game");
        w.begin(scenario, 1);
        crate::engine::game::set_rules_sides(w.app.world_mut(), &[rules.to_string()])
            .expect("the guided game's rules side");
        w.app.world_mut().resource_mut::<crate::ui::Guide>().on = true;
        w.frames(3);
        let what = format!("{scenario} guided at {size:?}");
        let keys = check(&mut w, &what, &["end"]);
        assert!(
            keys.iter().any(|k| k.0.starts_with("list:orders:")),
            "{what}: no order to pick"
        );

        // The text's shooting example: through the orders and movement to Stormtroopers (A)'s
        // shot, its targets ticked, Shoot under them.
        let mut w = TestWindow::new(size, super::registry());
        w.begin("shooting_example", 1);
        w.app.world_mut().resource_mut::<crate::ui::Guide>().on = true;
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
        let ticked = check(
            &mut w,
            &format!("{what}, X ticked"),
            &["shoot", "fight", "return-fire"],
        );
        assert_eq!(
            rect_of(&ticked, "return-fire").min,
            rect_of(&keys, "return-fire").min,
            "{what}: the return fire's line moved"
        );
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
        use super::tyneside::components::{Member, Position};
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
        let fighting = check(&mut w, &format!("{what}, in close combat"), &["fight"]);
        // Greyed until then, Fight stood where it stands now (a walk saw it come and go).
        assert_eq!(
            rect_of(&fighting, "fight"),
            rect_of(&ticked, "fight"),
            "{what}: Fight moved"
        );
    }
}

/// Every Tyneside scenario's orders phase: each figure of the side placing orders, picked, shows
/// its whole card under the groups, and the order lists stay in view (a walk: the card was cut
/// at the sidebar's fold under the other side's hidden groups).
#[test]
fn tyneside_a_figures_whole_card_is_in_view_while_orders_are_placed() {
    use super::tyneside::components::Figure;
    use super::tyneside::input::PointerState;
    use super::tyneside::turn::TurnState;
    each_tyneside_scenario(|w, name, size| {
        let side = w.app.world().resource::<TurnState>().orders_side;
        let world = w.app.world_mut();
        let figures: Vec<(Entity, String)> = world
            .query::<(Entity, &Figure)>()
            .iter(world)
            .filter(|(_, f)| f.side == side)
            .map(|(e, f)| (e, f.name.clone()))
            .collect();
        assert!(!figures.is_empty(), "{name}: nobody places orders");
        for (e, figure) in figures {
            w.app.world_mut().resource_mut::<PointerState>().selected = Some(e);
            w.frames(3);
            let what = format!("{name} at {size:?}, {figure}'s card");
            check(w, &what, &["end", "card"]);
        }
    });
}

/// Opens every bundled Tyneside scenario (seed 1) at each of [`SIZES`] and hands it to `play`
/// with its name and the size.
fn each_tyneside_scenario(mut play: impl FnMut(&mut TestWindow, &str, (u32, u32))) {
    let registry = super::registry();
    for size in SIZES {
        let mut w = TestWindow::new(size, super::registry());
        for (_, name, _) in registry
            .bundled()
            .filter(|(e, ..)| e.id == super::tyneside::ID)
        {
            w.begin(name, 1);
            play(&mut w, name, size);
        }
    }
}

/// A hovered Tyneside figure's whole card shows over the table, in the window, off the figure
/// and clear of the sidebar, in the orders phase, moving and under the first game's guide, for
/// every figure of every Tyneside scenario (walks: the sidebar's card was cut at the fold and
/// went with the pointer, so it could not be scrolled).
#[test]
fn tyneside_a_hovered_figures_whole_card_shows_over_the_table() {
    use super::tyneside::Tyneside;
    use super::tyneside::commands::Command;
    use super::tyneside::input::PointerState;
    each_tyneside_scenario(|w, name, size| {
        let guided = Tyneside::FIRST_GAME.is_some_and(|(s, _)| s == name);
        w.app.world_mut().resource_mut::<crate::ui::Guide>().on = guided;
        for moving in [false, true] {
            let phase = |w: &TestWindow| {
                *w.app
                    .world()
                    .resource::<State<super::tyneside::turn::TurnPhase>>()
                    .get()
            };
            while moving && phase(w) == super::tyneside::turn::TurnPhase::Orders {
                send::<Tyneside>(w, Command::EndPhase);
            }
            w.frames(3);
            let table = w.app.world().resource::<crate::ui::TableArea>().0;
            let pieces = w.app.world().resource::<crate::ui::PiecesSeen>().0.clone();
            let mut seen = 0;
            for piece in pieces.iter().filter(|p| table.contains(p.center())) {
                w.hover(piece.center());
                if w.app.world().resource::<PointerState>().hover.is_none() {
                    continue;
                }
                seen += 1;
                let what = format!(
                    "{name} at {size:?}{}, the card of the piece at {:?}",
                    if moving { " moving" } else { "" },
                    piece.center()
                );
                let keys = check(w, &what, &["hover-card"]);
                let card = rect_of(&keys, "hover-card");
                assert!(
                    table.contains_rect(card),
                    "{what}: {card:?} off the table {table:?}"
                );
                assert!(!card.intersects(*piece), "{what}: {card:?} over the figure");
            }
            assert!(seen > 0, "{name}: no figure hovered");
        }
    });
}

/// A person's shot stays in sight until their next command (a walk: the fire fight's result
/// only in the dice log, the next group's panel already up): the box lists the events it made
/// over the table, clear of every piece, and the shot's line is kept; the next command ends
/// it. The text's shooting example, Stormtroopers (A) at the Rebels (X), at both sizes.
#[test]
fn a_persons_shot_stays_in_sight_until_their_next_command() {
    use super::tyneside::Tyneside;
    use super::tyneside::commands::Command;
    use crate::engine::last_attack::LastAttack;
    use crate::engine::record::GameLog;
    for size in SIZES {
        let mut w = TestWindow::new(size, super::registry());
        w.begin("shooting_example", 1);
        for c in [Command::EndPhase, Command::EndPhase]
            .into_iter()
            .chain(std::iter::repeat_n(Command::EndActivation, 8))
        {
            send::<Tyneside>(&mut w, c);
        }
        let what = format!("shooting_example, A's shot, at {size:?}");
        let log_before = w.app.world().resource::<GameLog>().0.len();
        let shot = Command::Shoot {
            groups: vec!["A".into()],
            targets: vec!["X".into()],
        };
        let words = Tyneside::describe(w.app.world(), &shot);
        let tokens_now = |w: &mut TestWindow| {
            let world = w.app.world_mut();
            let mut q = world.query::<&crate::engine::pieces::Token>();
            q.iter(world).cloned().collect::<Vec<_>>()
        };
        let was = tokens_now(&mut w);
        // As a player shoots: the target ticked, then Shoot.
        let keys = check(&mut w, &what, &["list:targets:X"]);
        w.click(rect_of(&keys, "list:targets:X").center());
        wait_settled(&mut w);
        let keys = check(&mut w, &what, &["shoot"]);
        w.click(rect_of(&keys, "shoot").center());
        w.frames(3);
        // Each piece the shot struck: gone, faded or with a harm it had not; not the shooters
        // for their `F` (the dice of seed 1 strike some).
        let now = tokens_now(&mut w);
        let struck = was
            .iter()
            .filter(|t| {
                now.iter()
                    .find(|n| n.label == t.label && n.side == t.side)
                    .is_none_or(|n| {
                        !n.shown
                            || (n.faded && !t.faded)
                            || n.badges.iter().any(|b| b.harm && !t.badges.contains(b))
                    })
            })
            .count();
        assert!(struck > 0, "{what}: the dice of seed 1 strike nobody");
        let log = w.app.world().resource::<GameLog>().0.clone();
        let last = w
            .app
            .world()
            .get_resource::<LastAttack>()
            .unwrap_or_else(|| panic!("{what}: the shot is not kept"))
            .clone();
        assert_eq!(last.what, words, "{what}");
        assert!(!last.events.is_empty(), "{what}: no events");
        assert_eq!(
            last.events,
            log[log_before..],
            "{what}: the shot's own events"
        );
        assert!(!last.marks.is_empty(), "{what}: no line");
        assert_eq!(last.struck.len(), struck, "{what}: {:?}", last.struck);
        let keys = check(&mut w, &what, &["last-attack"]);
        let boxed = rect_of(&keys, "last-attack");
        let table = w.app.world().resource::<crate::ui::TableArea>().0;
        assert!(
            table.contains_rect(boxed),
            "{what}: {boxed:?} off the table {table:?}"
        );
        let pieces = &w.app.world().resource::<crate::ui::PiecesSeen>().0;
        assert!(
            !pieces.iter().any(|p| p.intersects(boxed)),
            "{what}: the box {boxed:?} covers a piece"
        );
        // The next command ends it.
        w.app.world_mut().write_message(Command::EndActivation);
        w.frames(3);
        assert!(
            w.app.world().get_resource::<LastAttack>().is_none(),
            "{what}: kept past the next command"
        );
        let keys = w.keys();
        assert!(
            !keys.iter().any(|k| k.0 == "last-attack"),
            "{what}: the box outlived the shot"
        );
    }
}

/// The battlefield's units to activate fill the room they have; a unit picked, its Fire and
/// the leader bonus its attack may spend are in view.
#[test]
fn battlefield_units_to_activate_fill_their_room_and_fire_is_in_view() {
    for size in SIZES {
        let mut w = TestWindow::new(size, super::registry());
        w.begin("capture_the_village", 1);
        let what = format!("capture_the_village at {size:?}");
        let keys = check(&mut w, &what, &["end"]);
        let first = keys
            .iter()
            .find(|k| k.0.starts_with("list:units:"))
            .unwrap_or_else(|| panic!("{what}: no units to activate"));
        w.click(first.1.center());
        let picked = check(
            &mut w,
            &format!("{what}, a unit picked"),
            &["Fire (T)", "Move (M)", "leader bonus"],
        );
        // Move stays under the pointer from unit to unit, whatever rows its chart has (a
        // walk: below the chart, a unit with a Special row moved it 33 px down).
        let units: Vec<egui::Rect> = keys
            .iter()
            .filter(|k| k.0.starts_with("list:units:"))
            .map(|k| k.1)
            .collect();
        let at = rect_of(&picked, "Move (M)");
        for unit in units {
            w.click(unit.center());
            let keys = w.keys();
            if let Some(k) = keys.iter().find(|k| k.0 == "Move (M)") {
                assert_eq!(k.1, at, "{what}: Move moved for another unit");
            }
        }
    }
}

/// The space battle's cards of the fight just drawn are in view, in the attacks.
#[test]
fn space_battle_cards_of_the_fight_are_in_view() {
    use super::space_battle::SpaceBattle;
    use super::space_battle::battle::Stage;
    use super::space_battle::phases::BattleRes;
    for size in SIZES {
        let mut w = TestWindow::new(size, super::registry());
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
    use super::one_stat::OneStat;
    use super::one_stat::phases::SkirmishRes;
    use super::one_stat::skirmish::Stage;
    for size in SIZES {
        let mut w = TestWindow::new(size, super::registry());
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

/// The space battle asks before a move that loses its craft (a walk flew a TIE fighter onto
/// an X-wing's square taking the red outline for an attack): `Go back` sends nothing, `Fly
/// there` sends the move.
#[test]
fn space_battle_asks_before_a_move_that_loses_its_craft() {
    use super::space_battle::commands::Command;
    use super::space_battle::input::Plan;
    for size in SIZES {
        let mut w = TestWindow::new(size, super::registry());
        w.begin("first_sortie", 1);
        let what = format!("first_sortie at {size:?}");
        let commands = |w: &TestWindow| {
            w.app
                .world()
                .resource::<crate::engine::record::GameRecord<Command>>()
                .commands
                .len()
        };
        let ask = |w: &mut TestWindow| {
            let asking = Some((
                Command::Initiative,
                "The green X-wing ends its move on an occupied square".to_string(),
            ));
            w.app.world_mut().resource_mut::<Plan>().asking = asking;
            w.frames(3);
        };
        ask(&mut w);
        let keys = check(&mut w, &what, &["yes: Fly there", "no: Fly there"]);
        let before = commands(&w);
        w.click(rect_of(&keys, "no: Fly there").center());
        assert!(w.app.world().resource::<Plan>().asking.is_none(), "{what}");
        assert_eq!(commands(&w), before, "{what}: Go back sent a command");
        ask(&mut w);
        let keys = check(&mut w, &what, &["yes: Fly there"]);
        w.click(rect_of(&keys, "yes: Fly there").center());
        assert!(w.app.world().resource::<Plan>().asking.is_none(), "{what}");
        assert_eq!(commands(&w), before + 1, "{what}: the move was not sent");
    }
}

/// 1 Stat Skirmish: the places in the order do not come where the muster's button was (two
/// walks: a click more on `Play the scenario's` picked the last place), in every bundled
/// scenario of it, at both sizes.
#[test]
fn one_stat_places_do_not_come_under_the_musters_button() {
    use super::one_stat::OneStat;
    use super::one_stat::phases::SkirmishRes;
    use super::one_stat::skirmish::{Command, Stage};
    let (mut checked, mut compared) = (0, 0);
    for size in SIZES {
        for name in ["first_skirmish", "king_of_the_hill", "bounty"] {
            let mut w = TestWindow::new(size, super::registry());
            w.begin(name, 1);
            let mut buttons = Vec::new();
            loop {
                let s = &w.app.world().resource::<SkirmishRes>().0;
                let Stage::Mustering(left) = &s.stage else {
                    break;
                };
                let player = left[0];
                let keys = check(&mut w, &format!("{name} muster at {size:?}"), &["muster"]);
                buttons.push(rect_of(&keys, "muster"));
                send::<OneStat>(
                    &mut w,
                    Command::Muster {
                        player,
                        warband: None,
                    },
                );
            }
            let placing = matches!(
                w.app.world().resource::<SkirmishRes>().0.stage,
                Stage::Choosing(_)
            );
            if !placing {
                continue;
            }
            let places_now = |w: &mut TestWindow| -> Vec<egui::Rect> {
                check(w, &format!("{name} places at {size:?}"), &[])
                    .iter()
                    .filter(|k| k.0.starts_with("list:places:"))
                    .map(|k| k.1)
                    .collect()
            };
            let places = places_now(&mut w);
            assert!(places.len() > 1, "{name}: {} places listed", places.len());
            checked += 1;
            // The first place taken (`1st` becoming `1st: <warband>`): the free places hold
            // still under the next chooser's pointer (a walk's `2nd` moved right).
            let Stage::Choosing(c) = &w.app.world().resource::<SkirmishRes>().0.stage else {
                unreachable!("checked above")
            };
            let player = c[0];
            send::<OneStat>(&mut w, Command::ChoosePlace { player, place: 0 });
            if matches!(
                w.app.world().resource::<SkirmishRes>().0.stage,
                Stage::Choosing(_)
            ) {
                let later = places_now(&mut w);
                assert_eq!(
                    places[1..],
                    later[1..],
                    "{name} at {size:?}: the free places moved as the 1st was taken"
                );
                compared += 1;
            }
            for (p, m) in places
                .iter()
                .flat_map(|p| buttons.iter().map(move |m| (p, m)))
            {
                assert!(
                    !p.intersects(*m),
                    "{name} at {size:?}: a place {p:?} under the muster's button {m:?}"
                );
            }
        }
    }
    assert!(checked >= 4, "places checked in {checked} games");
    assert!(
        compared >= 2,
        "places compared after a choice in {compared} games"
    );
}

/// Mass combat with a referee: each modifier's − and + stay under the pointer as a value widens
/// from `1D` to `1D+1`.
#[test]
fn mass_combat_referee_buttons_hold_still_as_a_value_widens() {
    use super::mass_combat::MassCombat;
    use super::mass_combat::commands::Command;
    use super::mass_combat::phases::BattleRes;
    use super::mass_combat::rules::code::Code;
    for size in SIZES {
        let mut w = TestWindow::new(size, super::registry());
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

/// Mass combat's orders: the haste slider holds still under the pointer as the haste goes
/// from 0 to 3 (the order's words grew `… at 3 haste` onto a second line above it and the
/// slider jumped away, leaving the pointer on Split: a walk).
#[test]
fn mass_combat_haste_slider_holds_still_as_the_haste_changes() {
    use super::mass_combat::MassCombat;
    use super::mass_combat::battle::{Order, Stage};
    use super::mass_combat::commands::Command;
    use super::mass_combat::input::Draft;
    use super::mass_combat::phases::BattleRes;
    for scenario in ["ridge_battle", "platoon_fight"] {
        for size in SIZES {
            let mut w = TestWindow::new(size, super::registry());
            w.begin(scenario, 1);
            // Past the tactics rolls, to the orders.
            while w.app.world().resource::<BattleRes>().0.stage == Stage::Tactics {
                let side = w.app.world().resource::<BattleRes>().0.to_act();
                let side = side.expect("a side rolls tactics");
                send::<MassCombat>(
                    &mut w,
                    Command::Tactics {
                        side,
                        tactics: Vec::new(),
                    },
                );
            }
            let b = &w.app.world().resource::<BattleRes>().0;
            assert_eq!(b.stage, Stage::Declare, "{scenario}");
            let side = b.to_act().expect("a side declares");
            let i = (0..b.units.len())
                .find(|&i| b.units[i].side == side && b.takes_orders(i).is_ok())
                .expect("a unit to order");
            let (unit, at) = (b.units[i].id.clone(), b.units[i].at);
            let slider = |w: &mut TestWindow, haste| {
                let mut d = w.app.world_mut().resource_mut::<Draft>();
                d.selected = Some(i);
                d.set(Order::Deploy {
                    unit: unit.clone(),
                    to: (at.0, at.1 + 20.0),
                    haste,
                });
                w.frames(3);
                rect_of(&w.keys(), &format!("list:haste:{unit}"))
            };
            let what = format!("{scenario} at {size:?}");
            let slow = slider(&mut w, 0);
            assert_eq!(slow, slider(&mut w, 3), "{what}: haste 3 moved the slider");
            assert_eq!(slow, slider(&mut w, 1), "{what}: haste 1 moved the slider");
        }
    }
}

/// Mass combat's reactions: each unit's row (redeploy, haste, full retreat) stays inside the
/// sidebar; one row wider than it pushed "full retreat" and every line of text past its edge
/// (a walk at 1280x720).
#[test]
fn mass_combat_reactions_stay_inside_the_sidebar() {
    use super::mass_combat::MassCombat;
    use super::mass_combat::battle::{Declaration, Stage};
    use super::mass_combat::commands::Command;
    use super::mass_combat::phases::BattleRes;
    for size in SIZES {
        let mut w = TestWindow::new(size, super::registry());
        w.begin("platoon_fight", 1);
        loop {
            let b = &w.app.world().resource::<BattleRes>().0;
            if b.stage != Stage::Declare {
                break;
            }
            let side = b.to_act().expect("a side declares");
            send::<MassCombat>(
                &mut w,
                Command::Declare {
                    side,
                    declaration: Declaration::default(),
                },
            );
        }
        let what = format!("platoon_fight's reactions at {size:?}");
        assert_eq!(
            w.app.world().resource::<BattleRes>().0.stage,
            Stage::React,
            "{what}"
        );
        let keys = check(&mut w, &what, &[]);
        assert!(
            keys.iter().any(|k| k.0.starts_with("list:full retreat:")),
            "{what}: no reactions laid out"
        );
    }
}

/// Online, the step's buttons are the seat's to act only: 1 Stat's muster and mass combat's
/// orders show at the seat to act and not at the other (a club walk: the waiting player's
/// muster buttons were live, every click refused).
#[test]
fn online_the_steps_buttons_are_the_seat_to_acts_only() {
    use crate::engine::game::Seated;
    let mut w = TestWindow::new((1280, 720), super::registry());
    for (scenario, key) in [
        ("first_skirmish", "muster"),
        ("platoon_fight", "list:units:"),
    ] {
        w.begin(scenario, 1);
        let to_act = if scenario == "first_skirmish" {
            w.app
                .world()
                .resource::<super::one_stat::phases::SkirmishRes>()
                .0
                .to_act()
        } else {
            w.app
                .world()
                .resource::<super::mass_combat::phases::BattleRes>()
                .0
                .to_act()
        }
        .expect("someone acts");
        let shown = |w: &mut TestWindow, seat: usize| {
            w.app.world_mut().insert_resource(Seated(Some(seat)));
            w.frames(3);
            w.keys().iter().any(|k| k.0.starts_with(key))
        };
        assert!(!shown(&mut w, 1 - to_act), "{scenario}: at the other seat");
        assert!(shown(&mut w, to_act), "{scenario}: at the seat to act");
        w.app.world_mut().remove_resource::<Seated>();
    }
}

/// Gives every piece of the game in `world` (rule set `ruleset`) a state to show, as its
/// rule set allows: Tyneside's figures wounded and ducked back, the battlefield's units and
/// 1 Stat Skirmish's fighters done, mass combat's units under fire with moderate casualties
/// (a space battle's craft always show their colour).
fn mark_every_piece(world: &mut World, ruleset: &str) {
    use super::one_stat::skirmish::{Command, Stage};
    // A 1 Stat Skirmish opens on the muster: its warbands come to the table first.
    while ruleset == "one_stat" {
        let s = &world.resource::<super::one_stat::phases::SkirmishRes>().0;
        let Stage::Mustering(left) = &s.stage else {
            break;
        };
        let player = left[0];
        let muster = Command::Muster {
            player,
            warband: None,
        };
        let done = crate::engine::pipeline::process::<super::one_stat::OneStat>(world, muster);
        assert!(
            matches!(done, crate::engine::pipeline::CommandOutcome::Accepted(_)),
            "{done:?}"
        );
    }
    match ruleset {
        "tyneside" => {
            let turn = world
                .get_resource::<super::tyneside::turn::TurnState>()
                .map_or(1, |t| t.turn);
            for mut c in world
                .query::<&mut super::tyneside::components::Condition>()
                .iter_mut(world)
            {
                c.wounds = c.wounds.max(1);
                c.ducked_back_until = Some(turn);
                c.held = Some((0, super::tyneside::rules::force::Hold::Choke, 1, turn));
            }
        }
        "battlefield" => {
            let mut b = world.resource_mut::<super::battlefield::phases::BattleRes>();
            b.0.units.iter_mut().for_each(|u| {
                u.activated = true;
                u.force_points = u.force_points.max(1);
            });
        }
        "one_stat" => {
            let mut s = world.resource_mut::<super::one_stat::phases::SkirmishRes>();
            s.0.fighters.iter_mut().for_each(|f| {
                f.activated = true;
                f.standing = super::one_stat::skirmish::Standing::Down;
            });
        }
        "mass_combat" => {
            use super::mass_combat::rules::charts::DamageResult;
            let mut b = world.resource_mut::<super::mass_combat::phases::BattleRes>();
            for u in &mut b.0.units {
                u.lasting = Some(DamageResult::ModerateCasualties);
                u.under_fire = true;
            }
        }
        _ => {}
    }
}

/// Issue 61: in every bundled scenario as it opens in a 1280x720 window, with a state on
/// every piece, every piece's state markers are laid out, readable and not covered.
#[test]
fn every_piece_keeps_its_state_in_view_in_every_bundled_scenario() {
    let registry = super::registry();
    let mut w = TestWindow::new((1280, 720), super::registry());
    for (entry, name, _) in registry.bundled() {
        w.begin(name, 1);
        mark_every_piece(w.app.world_mut(), entry.id);
        w.frames(3);
        let marked = check_state_marks(w.app.world_mut(), name);
        assert!(marked.pieces > 0, "{name}: no piece shows a state");
    }
}

/// In 3D the models' tags carry the names and chips: the flat table's, lying on the table top
/// beside the models, are hidden (a walk read a ducked-back `D` as a neighbour's), and come
/// back in 2D.
#[test]
fn the_flat_tables_names_and_badges_give_way_to_the_tags_in_3d() {
    use crate::view::{ViewMode, flat_texts_shown};
    let mut w = TestWindow::new((1280, 720), super::registry());
    w.begin("shooting_example", 1);
    mark_every_piece(w.app.world_mut(), "tyneside");
    w.frames(3);
    let flat = flat_texts_shown(w.app.world_mut());
    assert!(flat > 0, "names and badges on the flat table");
    *w.app.world_mut().resource_mut::<ViewMode>() = ViewMode::ThreeD;
    w.frames(3);
    assert_eq!(flat_texts_shown(w.app.world_mut()), 0, "in 3D");
    *w.app.world_mut().resource_mut::<ViewMode>() = ViewMode::Flat;
    w.frames(3);
    assert_eq!(flat_texts_shown(w.app.world_mut()), flat, "back in 2D");
}

/// Issue 61: crowded places keep every piece's state in view: ten figures in a corner in
/// base contact (Tyneside, 1 Stat Skirmish), craft side by side and corner to corner facing
/// up (the space battle), counters in neighbouring hexes (the battlefield), units close
/// together (mass combat).
#[test]
fn crowded_pieces_keep_their_state_in_view() {
    let mut w = TestWindow::new((1280, 720), super::registry());
    // Ten in a corner, in base contact, in rows of four.
    let corner = |k: usize, base: f32| {
        Vec2::new(
            base + (k % 4) as f32 * 2.0 * base,
            base + (k / 4) as f32 * 2.0 * base,
        )
    };

    w.begin("lothal_ambush", 1);
    mark_every_piece(w.app.world_mut(), "tyneside");
    let world = w.app.world_mut();
    let mut figures = world.query::<(
        &super::tyneside::components::Figure,
        &mut super::tyneside::components::Position,
    )>();
    let mut k = 0;
    for (f, mut p) in figures.iter_mut(world) {
        if k < 10 {
            p.0 = corner(k, f.base);
            k += 1;
        }
    }
    w.frames(3);
    // On the whole 72" table a readable chip is wider than an inch base: in base contact
    // most rows stand off their figures, each with a line to it.
    let marked = check_state_marks(w.app.world_mut(), "lothal_ambush, ten in a corner");
    assert!(
        marked.pieces >= 10,
        "lothal_ambush, ten in a corner: {marked:?}"
    );

    // Every group side by side in two ranks, in base contact: each order counter clear of
    // the others (play-test: `[ATTACK]ATTACK]`).
    w.begin("lothal_ambush", 1);
    let world = w.app.world_mut();
    let mut figures = world.query::<(
        &super::tyneside::components::Figure,
        &super::tyneside::components::Member,
        &mut super::tyneside::components::Position,
    )>();
    let mut line: Vec<_> = figures.iter_mut(world).collect();
    line.sort_by(|a, b| a.1.0.cmp(&b.1.0));
    for (k, (f, _, p)) in line.iter_mut().enumerate() {
        let d = 2.0 * f.base;
        p.0 = Vec2::new(6.0 + d * (k / 2) as f32, 20.0 + d * (k % 2) as f32);
    }
    w.frames(3);
    assert!(check_fixed_texts_apart(w.app.world_mut(), "lothal_ambush, groups side by side") >= 3);

    w.begin("bounty", 1);
    mark_every_piece(w.app.world_mut(), "one_stat");
    let mut s = w
        .app
        .world_mut()
        .resource_mut::<super::one_stat::phases::SkirmishRes>();
    for (k, f) in s.0.fighters.iter_mut().take(10).enumerate() {
        f.at = corner(k, f.base);
    }
    w.frames(3);
    let marked = check_state_marks(w.app.world_mut(), "bounty, ten in a corner");
    assert!(marked.pieces >= 10, "bounty, ten in a corner: {marked:?}");

    w.begin("a_star_wars_battle", 1);
    let mut b = w
        .app
        .world_mut()
        .resource_mut::<super::space_battle::phases::BattleRes>();
    b.0.turn = b.0.turn.max(2);
    for (k, c) in b.0.craft.iter_mut().take(9).enumerate() {
        c.at = (3 + (k % 3) as i32, 3 + (k / 3) as i32);
        c.facing = super::space_battle::rules::facing::Dir(2);
        c.status = super::space_battle::battle::Status::Flying;
    }
    w.frames(3);
    let marked = check_state_marks(w.app.world_mut(), "a_star_wars_battle, craft side by side");
    assert!(
        marked.pieces >= 9 && marked.far == 0,
        "a_star_wars_battle, craft side by side: {marked:?}"
    );

    w.begin("capture_the_village", 1);
    mark_every_piece(w.app.world_mut(), "battlefield");
    let mut b = w
        .app
        .world_mut()
        .resource_mut::<super::battlefield::phases::BattleRes>();
    let at = b.0.units[0].at;
    let near: Vec<hexx::Hex> = std::iter::once(at).chain(at.all_neighbors()).collect();
    for (u, h) in b.0.units.iter_mut().zip(near) {
        u.at = h;
    }
    w.frames(3);
    let marked = check_state_marks(w.app.world_mut(), "capture_the_village, neighbouring hexes");
    assert!(
        marked.pieces >= 7,
        "capture_the_village, neighbouring hexes: {marked:?}"
    );

    w.begin("platoon_fight", 1);
    mark_every_piece(w.app.world_mut(), "mass_combat");
    let mut b = w
        .app
        .world_mut()
        .resource_mut::<super::mass_combat::phases::BattleRes>();
    let (x, y) = b.0.units[0].at;
    for (k, u) in b.0.units.iter_mut().enumerate() {
        u.at = (x + (k % 3) as f32 * 20.0, y + (k / 3) as f32 * 20.0);
    }
    w.frames(3);
    let marked = check_state_marks(w.app.world_mut(), "platoon_fight, units close together");
    assert!(
        marked.pieces >= 2 && marked.far == 0,
        "platoon_fight, units close together: {marked:?}"
    );
}

/// Solo against the rules, in every rule set: each time the table is the person's again after
/// the rules acted, `While you waited` lists what they did (the log since the person left the
/// table, ending at its last event), its button in view at 1280x720, with every piece as it
/// stood when the person left and each of their attacks drawn; over a few returns some piece
/// of the rules' moved.
#[test]
fn what_the_rules_did_stays_on_screen_until_the_person_acts() {
    use super::battlefield::Battlefield;
    use super::mass_combat::MassCombat;
    use super::one_stat::OneStat;
    use super::space_battle::SpaceBattle;
    use super::tyneside::Tyneside;
    // The rules' side fires in these three before the table has come back three times.
    assert!(watch_the_rules::<Tyneside>("shooting_example") > 0);
    assert!(watch_the_rules::<Battlefield>("capture_the_village") > 0);
    assert!(watch_the_rules::<SpaceBattle>("a_star_wars_battle") > 0);
    watch_the_rules::<OneStat>("first_skirmish");
    // Mass combat's fire is drawn as its declarations are, before they are carried out.
    watch_the_rules::<MassCombat>("platoon_fight");
}

/// Plays `scenario` with its first side the person's, the rest the rules' (stepped by the
/// window's own pacing, each frame 0.7 s), the person's commands the rules' choice for it;
/// checks `While you waited` at each return of the table, three with a piece moved at least,
/// each attack of the rules' meanwhile drawn. Returns the attacks drawn.
fn watch_the_rules<R: RuleSet>(scenario: &str) -> usize {
    use crate::engine::game::Sides;
    use crate::engine::pieces::Token;
    use crate::engine::record::GameLog;
    use crate::engine::state::GameState;
    use crate::ui::while_you_waited::WhileYouWaited;
    use bevy::time::TimeUpdateStrategy;
    let mut w = TestWindow::new((1280, 720), super::registry());
    w.app.insert_resource(TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(700),
    ));
    w.begin(scenario, 1);
    let sides = w.app.world().resource::<Sides>().ids.len();
    w.app.world_mut().resource_mut::<Sides>().rules = (1..sides).collect();
    w.frames(2);
    let (mut returns, mut moved, mut shots) = (0, false, 0);
    // The record's length after the person's last command: what follows is the rules'.
    let mut person_done = 0;
    for _ in 0..3000 {
        if !matches!(
            w.app.world().resource::<State<GameState>>().get(),
            GameState::Playing(_)
        ) || (returns >= 3 && moved)
        {
            break;
        }
        // The table comes back to the person a frame after the status says so.
        if w.app.world().resource::<crate::ui::ShellStatus>().acting != Some(0)
            || w.app
                .world()
                .get_resource::<crate::engine::away::TableSeen>()
                .is_some_and(|s| s.away)
        {
            w.frames(1);
            continue;
        }
        let waited = w.app.world().resource::<WhileYouWaited>().clone();
        if waited.open {
            returns += 1;
            let what = format!("{scenario}, return {returns}");
            let log = &w.app.world().resource::<GameLog>().0;
            assert_eq!(waited.events.last(), log.last(), "{what}: the list");
            assert!(
                log.ends_with(&waited.events),
                "{what}: the list is the log's own lines, none left out"
            );
            assert_eq!(waited.mine, Some(0), "{what}");
            let world = w.app.world_mut();
            let mut tokens = world.query::<&Token>();
            let count = tokens.iter(world).count();
            assert_eq!(waited.was.len(), count, "{what}: every piece as it stood");
            moved |= waited.was.iter().any(|p| {
                world
                    .get::<Token>(p.entity)
                    .is_some_and(|t| t.shown && p.shown && t.at.distance(p.at) > 0.01)
            });
            // Each attack of the rules' meanwhile is drawn, and nothing else is.
            let record = &world
                .resource::<crate::engine::record::GameRecord<R::Command>>()
                .commands;
            let attacks = record[person_done.min(record.len())..]
                .iter()
                .filter(|c| R::is_attack(&c.command))
                .count();
            assert_eq!(
                waited.shots.is_empty(),
                attacks == 0,
                "{what}: {attacks} attacks, shots drawn {:?}",
                waited.shots
            );
            shots += waited.shots.len();
            // A group that became active this frame is scrolled into view the next.
            w.frames(1);
            check(&mut w, &what, &["while-you-waited"]);
        }
        // The person acts: the rules' own choice for the first side.
        let world = w.app.world_mut();
        let before = world
            .resource::<crate::engine::record::GameRecord<R::Command>>()
            .commands
            .len();
        world.resource_mut::<Sides>().rules = (0..sides).collect();
        let step = crate::engine::rules_side::step::<R>(world);
        world.resource_mut::<Sides>().rules = (1..sides).collect();
        if let Some(Err(e)) = step {
            panic!("{scenario}: {e}");
        }
        person_done = w
            .app
            .world()
            .resource::<crate::engine::record::GameRecord<R::Command>>()
            .commands
            .len();
        w.frames(2);
        let acted = w
            .app
            .world()
            .resource::<crate::engine::record::GameRecord<R::Command>>()
            .commands
            .len()
            != before
            // A command that ended the game leaves the result screen, not the list.
            && matches!(
                w.app.world().resource::<State<GameState>>().get(),
                GameState::Playing(_)
            );
        let after = w.app.world().resource::<WhileYouWaited>();
        assert!(
            !acted || !waited.open || !after.open || after.commands != waited.commands,
            "{scenario}: the list outlived the person's command"
        );
    }
    assert!(
        returns >= 3 && moved,
        "{scenario}: {returns} returns, a piece moved: {moved}"
    );
    shots
}

/// The battlefield asks before a close combat (its dice are thrown at once): the question's
/// `Close combat` is in view at 1280x720 and 1920x1080, Go back leaves the game as it was, and
/// the answer yes sends the assault.
#[test]
fn battlefield_asks_before_a_close_combat() {
    use super::battlefield::commands::Command;
    use super::battlefield::input::Selection;
    for size in SIZES {
        let mut w = TestWindow::new(size, super::registry());
        w.begin("capture_the_village", 1);
        let assault = Command::Assault {
            unit: "st1".into(),
            path: vec![(2, 2)],
            leader: false,
            force: 0,
        };
        let ask = |w: &mut TestWindow| {
            w.app.world_mut().resource_mut::<Selection>().asking =
                Some((assault.clone(), "Close combat: 1d8 against 1d6".into()));
            w.frames(3);
        };
        let what = format!("capture_the_village at {size:?}");
        ask(&mut w);
        let keys = check(&mut w, &what, &["yes: Close combat", "no: Close combat"]);
        let notice = |w: &TestWindow| {
            w.app
                .world()
                .resource::<crate::engine::pipeline::Notice>()
                .refusal
                .clone()
        };
        let commands = |w: &TestWindow| {
            w.app
                .world()
                .resource::<crate::engine::record::GameRecord<Command>>()
                .commands
                .len()
        };
        let (before, said) = (commands(&w), notice(&w));
        // Go back: nothing sent, the question gone.
        w.click(rect_of(&keys, "no: Close combat").center());
        assert!(
            w.app.world().resource::<Selection>().asking.is_none(),
            "{what}"
        );
        assert_eq!((commands(&w), notice(&w)), (before, said.clone()), "{what}");
        // Close combat: the assault goes to the rules (played, or refused with a rule).
        ask(&mut w);
        let keys = check(&mut w, &what, &["yes: Close combat"]);
        w.click(rect_of(&keys, "yes: Close combat").center());
        assert!(
            w.app.world().resource::<Selection>().asking.is_none(),
            "{what}"
        );
        assert!(
            commands(&w) > before || notice(&w) != said,
            "{what}: the assault was not sent"
        );
    }
}

/// Every bundled scenario measured in metres or inches shows its scale in the table's corner,
/// in the table, whatever the window; a hex map or a grid of squares shows none (their
/// hexes and squares are counted).
#[test]
fn every_ground_measured_in_metres_or_inches_shows_its_scale() {
    use crate::engine::board::BoardGeometry;
    let registry = super::registry();
    for size in SIZES {
        let mut w = TestWindow::new(size, super::registry());
        for (_, name, _) in registry.bundled() {
            w.begin(name, 1);
            let what = format!("{name} at {size:?}");
            let measured = matches!(
                w.app.world().resource::<BoardGeometry>(),
                BoardGeometry::InchTable { .. } | BoardGeometry::Abstract { .. }
            );
            let keys = check(&mut w, &what, &[]);
            let bar = keys.iter().find(|k| k.0 == "scale-bar");
            assert_eq!(bar.is_some(), measured, "{what}: scale shown {:?}", bar);
            if let Some((_, rect, _)) = bar {
                let table = w.app.world().resource::<crate::ui::TableArea>().0;
                assert!(
                    table.contains_rect(*rect),
                    "{what}: the scale at {rect:?} is not on the table {table:?}"
                );
            }
        }
    }
}

/// The next group's fire-fight buttons stand where the last group's were: they take no click
/// for a moment after the group acting changes (a walk: the next group's End activation came
/// under the pointer where Shoot had been), then take it. The text's shooting example, after
/// Stormtroopers (A) end their activation.
#[test]
fn the_next_groups_buttons_wait_a_moment_before_they_take_a_click() {
    use super::tyneside::Tyneside;
    use super::tyneside::commands::Command;
    use super::tyneside::turn::TurnState;
    let mut w = TestWindow::new(SIZES[0], super::registry());
    w.begin("shooting_example", 1);
    for c in [Command::EndPhase, Command::EndPhase]
        .into_iter()
        .chain(std::iter::repeat_n(Command::EndActivation, 8))
    {
        send::<Tyneside>(&mut w, c);
    }
    let acting = |w: &TestWindow| {
        w.app
            .world()
            .resource::<TurnState>()
            .active_group()
            .map(str::to_string)
    };
    let asked = |w: &TestWindow| {
        w.app
            .world()
            .resource::<crate::ui::UiState>()
            .asking
            .clone()
    };
    assert_eq!(acting(&w).as_deref(), Some("A"));
    send::<Tyneside>(&mut w, Command::EndActivation);
    let next = acting(&w);
    assert!(next.is_some() && next.as_deref() != Some("A"), "{next:?}");
    // At once (the list still scrolling to the group): End activation is there, in the
    // window, and a click on it does nothing.
    let keys = w.keys();
    let end = rect_of(&keys, "end-activation");
    assert!(w.screen().contains_rect(end), "{end:?}");
    w.click(end.center());
    assert_eq!((acting(&w), asked(&w)), (next.clone(), None));
    // A moment later it takes the click: the group ends, or End asks first.
    wait_settled(&mut w);
    let keys = check(&mut w, "the next group, settled", &["end-activation"]);
    w.click(rect_of(&keys, "end-activation").center());
    w.frames(3);
    assert!(
        acting(&w) != next || asked(&w).is_some(),
        "End activation took no click once settled"
    );
}

/// Where there is nothing to end, End's place says so, greyed, as wide as End: two walks read
/// the empty room kept there as a broken button. A space battle's craft moving (nothing to
/// end) against the text's shooting example's orders (End), at both sizes.
#[test]
fn nothing_to_end_stands_where_end_does() {
    for size in SIZES {
        let mut w = TestWindow::new(size, super::registry());
        w.begin("shooting_example", 1);
        let end = rect_of(&check(&mut w, "shooting_example", &["end"]), "end");
        w.begin("first_sortie", 1);
        send::<super::space_battle::SpaceBattle>(
            &mut w,
            super::space_battle::commands::Command::Initiative,
        );
        let ends = w
            .app
            .world()
            .resource::<crate::ui::ShellStatus>()
            .end
            .clone();
        assert!(ends.is_none(), "first_sortie opens with {ends:?}");
        let none = rect_of(
            &check(&mut w, "first_sortie", &["nothing-to-end"]),
            "nothing-to-end",
        );
        assert_eq!(none, end, "at {size:?}");
    }
}
