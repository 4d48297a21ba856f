//! `While you waited`: where one person plays at this computer (solo against the rules, or one
//! seat of an online game), what the other side did while the person waited stays on screen
//! once the table is theirs again. The phase bar offers it (`While you waited: N events`);
//! asked for, a box over the table lists the events since, with a button that steps
//! through them in the replay viewer, seen as the person's side; the table marks each piece that
//! moved with an arrow from where it stood, each of the person's pieces whose state changed
//! (wounded, ducked back) with a ring, and each piece removed with a cross, while the other
//! side acts and until
//! the person's next command. Hotseat has the hand-over screen's `Just now` instead (issue 61:
//! seeing the other side play).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::{ShellStatus, TableArea, handover};
use crate::engine::away::{PieceWas, TableSeen};
use crate::engine::by_email::Seat;
use crate::engine::game::{Seated, Sides};
use crate::engine::hint::HintMark;
use crate::engine::pieces::Token;
use crate::engine::record::{GameEvent, GameLog};
use crate::engine::replay_view::{ReplayStatus, ViewRequest};
use crate::engine::state::GameState;
use crate::engine::undo::UndoMarks;
use crate::view::{Marks, side_colour};

/// What the other side did while the person waited, shown until the person's next command.
#[derive(Resource, Clone, Debug, Default)]
pub struct WhileYouWaited {
    /// What happened, every event of it: the box scrolls (trimmed as the hand-over's splash
    /// is, a battlefield side's second move and a mass combat round's fire were left out).
    pub events: Vec<GameEvent>,
    /// Every piece as it stood when the person left the table.
    pub was: Vec<PieceWas>,
    /// The other side's attacks meanwhile ([`TableSeen::shots`]).
    pub shots: Vec<HintMark>,
    /// The side the person plays, as last seen.
    pub mine: Option<usize>,
    /// Commands in the game when the table came back: another count (the person's next
    /// command, or an undo) ends the marks.
    pub commands: usize,
    /// There is something to tell: offered on the phase bar until the person's next command
    /// (the box itself opens when asked for, [`super::UiState::waited_shown`]).
    pub open: bool,
}

/// The side the one person at this computer plays and whether it is to act now; `None` where
/// this computer is not played by one person alone (hotseat, a demo, play by e-mail).
fn person(
    status: &ShellStatus,
    sides: Option<&Sides>,
    (seated, seat): (Option<&Seated>, Option<&Seat>),
) -> Option<(Option<usize>, bool)> {
    if seat.is_some() {
        return None;
    }
    match seated {
        Some(Seated(mine)) => Some((*mine, mine.is_some() && status.acting == *mine)),
        None if status.people == 1 => {
            let person = status
                .acting
                .filter(|s| sides.is_some_and(|sides| !sides.by_rules(*s)));
            Some((person, person.is_some()))
        }
        None => None,
    }
}

/// Keeps the table as the person had it when it last came to them ([`TableSeen`]), and once
/// it is theirs again after another side acted, puts what changed since into
/// [`WhileYouWaited`]: the person's own commands' consequences too, as the hand-over's `Just
/// now` tells the outgoing player's (the last order of a mass combat round carries out both
/// sides' orders; the last shot of a Tyneside turn ends it). Runs before the command pipeline,
/// so a table first kept is the table before this frame's command.
#[allow(clippy::too_many_arguments)]
fn track(
    mut commands: Commands,
    (status, state, replay): (Res<ShellStatus>, Res<State<GameState>>, Res<ReplayStatus>),
    (seated, seat, sides): (Option<Res<Seated>>, Option<Res<Seat>>, Option<Res<Sides>>),
    (log, marks): (Option<Res<GameLog>>, Option<Res<UndoMarks>>),
    seen: Option<ResMut<TableSeen>>,
    tokens: Query<(Entity, &Token)>,
    mut waited: ResMut<WhileYouWaited>,
    mut game: Local<Option<GameState>>,
) {
    // A new game, or none, starts afresh.
    if state.is_changed() && game.as_ref() != Some(state.get()) {
        *game = Some(state.get().clone());
        *waited = WhileYouWaited::default();
        commands.remove_resource::<TableSeen>();
        return;
    }
    if replay.open || !matches!(state.get(), GameState::Playing(_)) {
        return;
    }
    let Some((mine, to_act)) = person(
        &status,
        sides.as_deref(),
        (seated.as_deref(), seat.as_deref()),
    ) else {
        // Nobody alone at this computer: nobody to tell.
        if seen.is_some() {
            commands.remove_resource::<TableSeen>();
        }
        return;
    };
    let events = log.as_deref().map_or(&[][..], |l| &l.0[..]);
    // The record's length as of now (a rule set's status may lag a frame, or stand still
    // while nobody is to act).
    let count = marks.map_or(status.commands, |m| m.0.len());
    if (waited.open || !waited.was.is_empty()) && waited.commands != count {
        *waited = WhileYouWaited {
            mine: waited.mine,
            ..default()
        };
    }
    if mine.is_some() && waited.mine != mine {
        // Known while the person acts (always, online): the marks while the other side
        // acts ring the person's pieces struck.
        waited.mine = mine;
    }
    let now = || TableSeen::now((events.len(), count), tokens.iter());
    let Some(mut seen) = seen else {
        commands.insert_resource(now());
        return;
    };
    match (seen.away, to_act) {
        // Online the other computer's commands come over the wire: noted as the other side
        // is to act (the rules' side notes it before each step).
        (false, false) if seated.is_some() => seen.away = true,
        // Undone past it: what it held is gone (and the pieces were set up again).
        (false, _) if count < seen.commands => *seen = now(),
        (true, true) => {
            let since = &events[seen.log_len.min(events.len())..];
            *waited = WhileYouWaited {
                events: since.to_vec(),
                was: std::mem::take(&mut seen.pieces),
                shots: std::mem::take(&mut seen.shots),
                mine,
                commands: count,
                open: !since.is_empty(),
            };
            *seen = now();
        }
        _ => {}
    }
}

/// The marks for `was` against the pieces now: an arrow in its side's colour from where each
/// piece that moved stood, a ring round each of `mine`'s pieces whose state changed, and a
/// cross where a piece was taken off the board (red for `mine`, else in its side's colour).
fn mark(
    marks: &mut Marks,
    (was, shots): (&[PieceWas], &[HintMark]),
    mine: Option<usize>,
    now: &Query<(Entity, &Token)>,
) {
    let struck = Color::srgb(1.0, 0.35, 0.25);
    // Each attack a line from the attacker through its way to its target, ringed there.
    let fire = Color::srgb(1.0, 0.85, 0.2);
    for shot in shots {
        for pair in shot.line.windows(2) {
            marks.line_2d(pair[0], pair[1], fire);
        }
        if let (Some(&end), true) = (shot.line.last(), shot.ring > 0.0) {
            marks.circle_2d(Isometry2d::from_translation(end), shot.ring, fire);
        }
    }
    for w in was.iter().filter(|w| w.shown) {
        let token = w.now_in(now);
        match token {
            Some(t) if t.shown => {
                if t.at.distance(w.at) > t.base * 0.25 {
                    marks
                        .arrow_2d(w.at, t.at, side_colour(w.side))
                        .with_tip_length(t.base.max(0.3));
                }
                if Some(t.side) == mine && w.struck_since(t) {
                    marks.circle_2d(Isometry2d::from_translation(t.at), t.base * 1.5, struck);
                }
            }
            // Off the board now: the person's own in red, the other side's in its colour (a
            // craft of theirs lost in a combat they began vanished unmarked).
            // Where it was removed: a piece that moved first is crossed where it fell, not
            // where it stood (a walk: crosses on the squares the X-wings had left).
            _ => {
                let (r, at) = token.map_or((w.base, w.at), |t| (t.base, t.at));
                let colour = if Some(w.side) == mine {
                    struck
                } else {
                    side_colour(w.side)
                };
                marks.taken_off(at, r, colour);
            }
        }
    }
}

fn draw(
    mut marks: Marks,
    (state, replay): (Res<State<GameState>>, Res<ReplayStatus>),
    seen: Option<Res<TableSeen>>,
    waited: Res<WhileYouWaited>,
    tokens: Query<(Entity, &Token)>,
) {
    if replay.open || !matches!(state.get(), GameState::Playing(_)) {
        return;
    }
    // While the other side acts, its moves so far; then all of them until the person acts.
    match seen.filter(|s| s.away) {
        Some(seen) => mark(
            &mut marks,
            (&seen.pieces, &seen.shots),
            waited.mine,
            &tokens,
        ),
        None => mark(
            &mut marks,
            (&waited.was, &waited.shots),
            waited.mine,
            &tokens,
        ),
    }
}

/// Offers what there is to tell on the phase bar's third line ([`super::UiState::waited`]),
/// before the shell draws it.
fn offer(
    replay: Res<ReplayStatus>,
    handover: Res<handover::Handover>,
    waited: Res<WhileYouWaited>,
    mut state: ResMut<super::UiState>,
) {
    let offered = (waited.open && !replay.open && !handover.showing).then_some(waited.events.len());
    if state.waited != offered {
        state.waited = offered;
    }
}

/// The box over the table, once asked for on the phase bar: at the table's first corner (its
/// foot's left first) clear of the pieces and of the other boxes, where it stays while it is
/// clear (a walk found it over Han and Obi-Wan at the foot's left).
fn show(
    mut ctx: EguiContexts,
    (area, seen): (Res<TableArea>, Res<super::banner::PiecesSeen>),
    waited: Res<WhileYouWaited>,
    mut state: ResMut<super::UiState>,
    mut view: MessageWriter<ViewRequest>,
    mut placed: Local<Option<egui::Rect>>,
) -> Result {
    if state.waited.is_none() || !state.waited_shown {
        *placed = None;
        return Ok(());
    }
    let ctx = ctx.ctx_mut()?.clone();
    let id = egui::Id::new("while-you-waited-box");
    let clear_of = super::banner::obstacles(
        &ctx,
        (&seen, &state.banner),
        id,
        &[super::last_attack::box_id()],
    );
    // Its size as last drawn; the first time, its usual one.
    let size = ctx
        .memory(|m| m.area_rect(id))
        .filter(|_| placed.is_some())
        .map_or(egui::vec2(336.0, 330.0), |r| r.size());
    let covered = placed.is_none_or(|r| {
        let r = egui::Rect::from_min_size(r.min, size);
        !area.0.contains_rect(r) || clear_of.iter().any(|o| o.intersects(r))
    });
    if covered {
        const PLACES: [(f32, f32); 4] = [(0.0, 1.0), (1.0, 1.0), (0.0, 0.0), (1.0, 0.0)];
        *placed = Some(super::banner::spot_among(area.0, size, &clear_of, &PLACES));
    }
    let at = placed.map_or(area.0.left_bottom(), |r| r.min);
    let mut open = true;
    let mut step = false;
    let window = egui::Window::new(format!(
        "While you waited: {}",
        crate::rules::words::counted(waited.events.len(), "event")
    ))
        .id(id)
        .open(&mut open)
        .resizable(false)
        .collapsible(false)
        .default_width(320.0)
        .fixed_pos(at)
        .show(&ctx, |ui| {
            // One height whatever the count, so the box anchored by its bottom never
            // moves or runs off the window as it fills.
            let tall = (area.0.height() * 0.3).clamp(60.0, 240.0);
            egui::ScrollArea::vertical()
                .min_scrolled_height(tall)
                .max_height(tall)
                .auto_shrink([false, false])
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    for e in &waited.events {
                        ui.label(format!("T{} {}", e.turn, e.text));
                    }
                });
            ui.weak("Arrows: where the pieces moved from. Red: your pieces struck.");
            let button = ui
                .button("Step through it")
                .on_hover_text("The replay viewer plays the other side's moves one by one, seen as your side; Back to the game returns here");
            super::key_widget(ui, "while-you-waited:step", &button);
            step = button.clicked();
        });
    if let Some(w) = window {
        super::key_widget(&super::root_ui(&ctx), "while-you-waited:box", &w.response);
    }
    if step {
        view.write(ViewRequest::OpenSince);
    }
    state.waited_shown = open;
    Ok(())
}

/// Forgets what the last game's other side did: leaving a game (for the title, or for another
/// game of the same rule set, which [`track`] alone took for the same game) ends its marks. A
/// walk: a new game of Tyneside opened with the last one's crosses, arrows and `While you
/// waited: 26 events` among its pieces.
fn forget(mut commands: Commands, mut waited: ResMut<WhileYouWaited>) {
    *waited = WhileYouWaited::default();
    commands.remove_resource::<TableSeen>();
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<WhileYouWaited>()
        .add_systems(OnEnter(GameState::NoGame), forget)
        .add_systems(
            Update,
            (
                track.before(crate::engine::pipeline::CommandPipeline),
                draw.after(crate::engine::pipeline::CommandPipeline),
                offer.after(track),
            )
                .run_if(super::game_on),
        )
        .add_systems(
            bevy_egui::EguiPrimaryContextPass,
            show.after(super::ShellSet).run_if(super::game_on),
        );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::state::enter_game;
    use bevy::state::app::StatesPlugin;

    /// Issue 61 (a walk): a game left for another of the same rule set takes none of the last
    /// one's marks, events or kept table with it.
    #[test]
    fn a_new_game_forgets_what_the_last_one_s_other_side_did() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin))
            .init_state::<GameState>()
            .init_resource::<WhileYouWaited>()
            .add_systems(OnEnter(GameState::NoGame), forget);
        enter_game(app.world_mut(), "tyneside");
        app.update();
        *app.world_mut().resource_mut::<WhileYouWaited>() = WhileYouWaited {
            events: vec![GameEvent {
                turn: 1,
                text: "Stormtroopers (A) shoot".into(),
            }],
            open: true,
            commands: 3,
            ..default()
        };
        app.world_mut()
            .insert_resource(TableSeen::now((1, 3), std::iter::empty()));
        app.update();
        enter_game(app.world_mut(), "tyneside");
        app.update();
        let waited = app.world().resource::<WhileYouWaited>();
        assert!(waited.events.is_empty() && !waited.open, "{waited:?}");
        assert!(app.world().get_resource::<TableSeen>().is_none());
    }
}
