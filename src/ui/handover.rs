//! The hotseat hand-over screen: when the side to act changes, the table is hidden until the
//! next player clicks, so neither sees what the other must not (the rule set says what).

use bevy::prelude::*;
use bevy_egui::egui;

use super::ShellStatus;
use crate::engine::record::{GameEvent, GameLog};
use crate::engine::replay_view::ReplayStatus;
use crate::engine::state::GameState;

/// Whether the hand-over screen is up, and for which side.
#[derive(Resource, Default, Debug)]
pub struct Handover {
    /// Showing now.
    pub showing: bool,
    /// The side the table was last handed to.
    pub side: Option<usize>,
    /// Never show it (screenshots).
    pub disabled: bool,
    /// The event log's length when the table was last handed over.
    pub mark: usize,
    /// What happened while the outgoing player had the table ([`just_now`]): a shot ends an
    /// activation and hands the table over at once, so its dice and result are shown here to
    /// both players, or the shooter never sees them.
    pub just_now: Vec<GameEvent>,
    /// The sides that have had the table in this game: only they have a last turn to look
    /// back from.
    pub had_table: Vec<usize>,
    /// When the screen now up was first drawn (the wall clock, seconds since the app began: the
    /// game's clock gains a quarter second at most over a frame however long the window was
    /// idle); none while it is down.
    pub stood_since: Option<f64>,
}

/// The most events the hand-over screen shows under "Just now".
pub const JUST_NOW: usize = 16;

/// The events of `since` the hand-over shows: all of them, or where there are more than
/// [`JUST_NOW`] the first few (a fire fight's line saying who shot whom comes before a line
/// for each figure) and the last, with an ellipsis between.
pub fn just_now(since: &[GameEvent]) -> Vec<GameEvent> {
    if since.len() <= JUST_NOW {
        return since.to_vec();
    }
    let first = 4;
    let last = JUST_NOW - first - 1;
    let mut out = since[..first].to_vec();
    out.push(GameEvent {
        turn: since[first].turn,
        text: format!("… {} more …", since.len() - first - last),
    });
    out.extend_from_slice(&since[since.len() - last..]);
    out
}

fn track(
    status: Res<ShellStatus>,
    state: Res<State<GameState>>,
    replay: Res<ReplayStatus>,
    seat: Option<Res<crate::engine::by_email::Seat>>,
    seated: Option<Res<crate::engine::game::Seated>>,
    log: Option<Res<GameLog>>,
    mut handover: ResMut<Handover>,
    mut seen: Local<Option<GameState>>,
) {
    // Down last frame: the next screen up stands afresh.
    if !handover.showing {
        handover.stood_since = None;
    }
    if replay.open {
        // A replay seen through nobody's eyes (the game is over, or the rules were acting)
        // shows every side's secrets: the table is handed over again when it closes. One
        // seen as the side to act was opened by its player, who keeps the table.
        handover.showing = false;
        if replay.viewing_side.is_none() {
            handover.side = None;
        }
        return;
    }
    // A new game (or leaving one) starts the hand-over afresh; the same game set up again
    // from its record (undo, a refused command put right) keeps the player who has the table.
    if state.is_changed() && seen.as_ref() != Some(state.get()) {
        *seen = Some(state.get().clone());
        *handover = Handover {
            disabled: handover.disabled,
            ..default()
        };
        // The shell's status is the last game's until the new game's rule set has said its
        // own, this frame: handed over on it, a battlefield game with nothing hidden opened
        // behind "Pass the computer to" the side a Tyneside replay had been seen through (a
        // walk). The hand-over waits a frame.
        return;
    }
    if !matches!(state.get(), GameState::Playing(_)) {
        handover.showing = false;
        return;
    }
    if let Some(seat) = seat {
        // By e-mail one person sits at this computer: the table is hidden until a side signs
        // in, and again once its part is done (ui::by_email).
        handover.showing = seat.side.is_none() || seat.over;
        return;
    }
    if seated.is_some() {
        // Online, one person sits at each computer and sees only their side: nothing to pass.
        handover.showing = false;
        return;
    }
    if status.people <= 1 {
        // Solo (or a demo): one person, nothing to pass on.
        handover.showing = false;
        return;
    }
    let side = status.to_act;
    if side.is_some() && side != handover.side {
        let events = log.as_deref().map_or(&[][..], |l| &l.0[..]);
        handover.just_now = just_now(&events[handover.mark.min(events.len())..]);
        handover.mark = events.len();
        if let Some(previous) = handover.side
            && !handover.had_table.contains(&previous)
        {
            handover.had_table.push(previous);
        }
        handover.side = side;
        handover.showing = !handover.disabled;
    }
}

/// How long the hand-over screen stands before Enter shows the table, seconds.
const ENTER_AFTER: f64 = 1.0;

/// Draws the full-window hand-over screen; returns whether the incoming player asked to see
/// what happened since their last turn. `now`: the wall clock, seconds (Enter shows the table
/// [`ENTER_AFTER`] after the screen came).
pub fn show(root: &mut egui::Ui, status: &ShellStatus, handover: &mut Handover, now: f64) -> bool {
    let mut since = false;
    let frame = egui::Frame::central_panel(root.style()).fill(egui::Color32::from_rgb(12, 14, 18));
    egui::CentralPanel::default().frame(frame).show(root, |ui| {
        ui.vertical_centered(|ui| {
            ui.add_space(ui.available_height() * 0.3);
            let name = handover
                .side
                .and_then(|s| status.sides.get(s).cloned())
                .unwrap_or_default();
            ui.heading(egui::RichText::new(format!("Pass the computer to {name}")).size(32.0));
            ui.add_space(8.0);
            ui.label(&status.secrecy);
            ui.add_space(24.0);
            // Enter shows the table too, as a dialog's default button, once the screen has
            // stood a second: an Enter meant for the last player's End (or held down) must
            // not show this side's table to the player handing over.
            let enter = now - *handover.stood_since.get_or_insert(now) >= ENTER_AFTER
                && ui.input(|i| {
                    i.events.iter().any(|e| {
                        matches!(
                            e,
                            egui::Event::Key {
                                key: egui::Key::Enter,
                                pressed: true,
                                repeat: false,
                                ..
                            }
                        )
                    })
                });
            if ui
                .add_sized(
                    [380.0, 44.0],
                    egui::Button::new(
                        egui::RichText::new(format!("I am {name}: show the table (Enter)"))
                            .size(18.0),
                    ),
                )
                .clicked()
                || enter
            {
                handover.showing = false;
            }
            ui.add_space(8.0);
            if !handover.just_now.is_empty() {
                ui.add_space(16.0);
                ui.strong("Just now");
                for e in &handover.just_now {
                    ui.label(format!("T{} {}", e.turn, e.text));
                }
                ui.add_space(8.0);
            }
            let had_turn = handover
                .side
                .is_some_and(|s| handover.had_table.contains(&s));
            if status.commands > 0
                && had_turn
                && ui
                    .button("What happened since my last turn")
                    .on_hover_text(
                        "Replay the other side's moves as you could have seen them, then play on",
                    )
                    .clicked()
            {
                since = true;
            }
        });
    });
    since
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Handover>().add_systems(Update, track);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::state::{enter_game, leave_game};
    use bevy::state::app::StatesPlugin;

    /// The hand-over alone, for two people, the first side to act.
    fn hotseat() -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin))
            .init_state::<GameState>()
            .init_resource::<ReplayStatus>()
            .insert_resource(ShellStatus {
                people: 2,
                to_act: Some(0),
                ..default()
            })
            .init_resource::<Handover>()
            .add_systems(Update, track);
        app
    }

    #[test]
    fn the_same_game_set_up_again_keeps_the_table_and_a_new_game_hands_it_over() {
        let mut app = hotseat();
        let showing = |app: &App| app.world().resource::<Handover>().showing;
        enter_game(app.world_mut(), "tyneside");
        app.update();
        app.update();
        assert!(showing(&app), "a new game is handed to its first side");
        // The player takes the table.
        app.world_mut().resource_mut::<Handover>().showing = false;
        // Undo sets the game up again from its record: the same player keeps the table.
        enter_game(app.world_mut(), "tyneside");
        app.update();
        assert!(!showing(&app));
        // Left for the menu, then a game started: handed over afresh.
        leave_game(app.world_mut());
        app.update();
        enter_game(app.world_mut(), "tyneside");
        app.update();
        app.update();
        assert!(showing(&app));
    }

    /// A walk: the status the last game left (a Tyneside replay seen through its second side)
    /// is not the new game's: a battlefield game whose rule set hands nothing over (no side
    /// to act behind a hand-over) opens on its table, not behind "Pass the computer to".
    #[test]
    fn a_new_game_is_not_handed_over_on_the_last_games_status() {
        let mut app = hotseat();
        app.world_mut().resource_mut::<ShellStatus>().to_act = Some(1);
        enter_game(app.world_mut(), "tyneside");
        leave_game(app.world_mut());
        app.update();
        enter_game(app.world_mut(), "battlefield");
        app.update();
        assert!(!app.world().resource::<Handover>().showing);
        // The new game's rule set says its own: nobody to hand over to.
        app.world_mut().resource_mut::<ShellStatus>().to_act = None;
        app.update();
        assert!(!app.world().resource::<Handover>().showing);
        assert_eq!(app.world().resource::<Handover>().side, None);
    }

    #[test]
    fn the_hand_over_shows_what_happened_while_the_other_player_had_the_table() {
        let mut app = hotseat();
        app.init_resource::<GameLog>();
        enter_game(app.world_mut(), "tyneside");
        app.update();
        let just_now = |app: &App| -> Vec<String> {
            let h = app.world().resource::<Handover>();
            h.just_now.iter().map(|e| e.text.clone()).collect()
        };
        assert!(just_now(&app).is_empty());
        {
            let mut log = app.world_mut().resource_mut::<GameLog>();
            log.push(1, "Han Solo shoots TK-421: a hit");
            log.push(1, "TK-421 is out of action");
        }
        app.world_mut().resource_mut::<ShellStatus>().to_act = Some(1);
        app.update();
        assert_eq!(
            just_now(&app),
            ["Han Solo shoots TK-421: a hit", "TK-421 is out of action"]
        );
        // Back to the first side: only what happened since.
        app.world_mut()
            .resource_mut::<GameLog>()
            .push(1, "TK-422 runs");
        app.world_mut().resource_mut::<ShellStatus>().to_act = Some(0);
        app.update();
        assert_eq!(just_now(&app), ["TK-422 runs"]);
    }

    #[test]
    fn a_long_turn_keeps_its_first_lines_and_its_last() {
        let since: Vec<GameEvent> = (0..30)
            .map(|i| GameEvent {
                turn: 1,
                text: format!("event {i}"),
            })
            .collect();
        let shown: Vec<String> = just_now(&since).into_iter().map(|e| e.text).collect();
        assert_eq!(shown.len(), JUST_NOW);
        assert_eq!(shown[..4], ["event 0", "event 1", "event 2", "event 3"]);
        assert_eq!(shown[4], "… 15 more …");
        assert_eq!(shown[JUST_NOW - 1], "event 29");
        assert_eq!(just_now(&since[..3]).len(), 3);
    }

    /// Enter shows the table as the button does, but not in the hand-over's first second (an
    /// Enter meant for the last player's End), nor a held key's repeats.
    #[test]
    fn enter_shows_the_table_once_the_screen_has_stood_a_second() {
        let ctx = egui::Context::default();
        let status = ShellStatus {
            sides: vec!["Empire".into(), "Rebels".into()],
            ..default()
        };
        let mut h = Handover {
            showing: true,
            side: Some(1),
            ..default()
        };
        let key = |pressed, repeat| egui::Event::Key {
            key: egui::Key::Enter,
            physical_key: None,
            pressed,
            repeat,
            modifiers: egui::Modifiers::NONE,
        };
        // Down and up in a frame.
        let enter = || vec![key(true, false), key(false, false)];
        let frame = |t: f64, events: Vec<egui::Event>, h: &mut Handover| {
            let input = egui::RawInput {
                time: Some(t),
                events,
                ..Default::default()
            };
            let _ = ctx.run_ui(input, |ui| {
                show(&mut super::super::root_ui(ui.ctx()), &status, h, t);
            });
        };
        frame(0.0, vec![], &mut h);
        frame(0.5, vec![key(true, false)], &mut h);
        assert!(h.showing, "an Enter in the first second");
        frame(1.5, vec![key(true, true)], &mut h);
        assert!(h.showing, "a held Enter's repeat");
        frame(1.6, vec![key(false, false)], &mut h);
        frame(1.7, enter(), &mut h);
        assert!(!h.showing, "Enter after a second");
    }
}
