//! The shared shell of the playing screen: phase bar, dice and event log, hand-over screen,
//! help and the frame-rate readout. The rule set playing tells the shell what to show through [`ShellStatus`] and
//! [`RuleSetHelp`], draws its own side panels inside [`TableArea`] after the shell
//! ([`ShellSet`]), and hears the shell's End button as [`ShellAction`]. Nothing here changes
//! the game: panels send commands.

mod banner;
mod by_email;
mod confirm;
mod dice_log;
pub mod editor_bar;
pub mod file_dialog;
pub mod frame_time;
mod handover;
mod help;
mod last_attack;
#[cfg(test)]
pub(crate) mod layout;
mod phase_bar;
mod replay_bar;
pub mod rule_book;
mod scale_bar;
pub mod settle;
pub mod table_canvas;
mod terrain_key;
mod tooltips;
pub mod while_you_waited;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub use banner::PiecesSeen;
pub use confirm::{EndPressed, LeaveOnline, ask, space_or_enter_ends};
pub use handover::Handover;

/// The rule set whose roster screen (a warband builder) is open, by registry id; `None` when
/// none is. The title screen opens it; the rule set draws it and closes it with `None`.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RosterScreen(pub Option<&'static str>);

/// Run condition: rule set `id`'s roster screen is open.
pub fn roster_screen(id: &'static str) -> impl Fn(Res<RosterScreen>) -> bool + Clone {
    move |r: Res<RosterScreen>| r.0 == Some(id)
}

/// A rule set's scenario editor: the rule set whose editor shows now (`showing`), and the one
/// holding a scenario being made (`kept`: the title offers to go back to it). The title
/// screen (or `holotable edit`) asks for it with [`OpenEditor`]; the rule set draws it while
/// `showing` names it, closes it with `showing: None`, and asks for a game of what it made
/// with [`PlayScenario`].
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EditorScreen {
    /// The editor drawn now, by registry id.
    pub showing: Option<&'static str>,
    /// The editor holding a scenario, by registry id.
    pub kept: Option<&'static str>,
}

/// Run condition: rule set `id`'s editor shows.
pub fn editor_screen(id: &'static str) -> impl Fn(Res<EditorScreen>) -> bool + Clone {
    move |e: Res<EditorScreen>| e.showing == Some(id)
}

/// Open rule set `ruleset`'s editor on a new scenario, or on a copy of `scenario`.
#[derive(Message, Clone, Debug)]
pub struct OpenEditor {
    /// The rule set, by registry id.
    pub ruleset: &'static str,
    /// The scenario to copy (`None`: a new one).
    pub scenario: Option<crate::engine::ruleset::Loaded>,
}

/// Play this scenario now, hotseat (the editor's Play).
#[derive(Message, Clone, Debug)]
pub struct PlayScenario(pub crate::engine::ruleset::Loaded);

use crate::engine::dice::{DeckRes, DiceRes};
use crate::engine::manual_dice::{CardGiven, CardWanted, RollGiven, RollWanted};
use crate::engine::pipeline::{Notice, SaveRequest};
use crate::engine::record::GameLog;
use crate::engine::replay_view::{ReplayStatus, ViewRequest};
use crate::engine::state::GameState;
use crate::engine::undo::{UndoRequest, UndoStatus};
use crate::view::PanelInsets;

/// A root `Ui` over the whole window, for panels (egui 0.36 shows panels inside a `Ui`).
pub fn root_ui(ctx: &egui::Context) -> egui::Ui {
    ui_over(ctx, ctx.viewport_rect())
}

fn ui_over(ctx: &egui::Context, rect: egui::Rect) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(rect),
    )
}

/// A root `Ui` over `rect` (the rule set's panels use the [`SidebarArea`] the shell left).
/// While the replay viewer is open it is disabled: its panels show the game looked back on,
/// and nothing in them may act on it (a Shoot button or a target box that looks usable there
/// misleads).
pub fn area_ui(ctx: &egui::Context, rect: egui::Rect) -> egui::Ui {
    let mut ui = ui_over(ctx, rect);
    if ctx.data(|d| d.get_temp::<bool>(looking_back_id()).unwrap_or(false)) {
        ui.disable();
    }
    ui
}

/// Where the shell notes for [`area_ui`], each frame, whether the replay viewer is open.
fn looking_back_id() -> egui::Id {
    egui::Id::new("holotable-looking-back")
}

/// The widgets a player needs for the step in hand (the unit list, the order, the fire or
/// fight button, the cards of a fight, the last refusal), as laid out in the last pass, by
/// name: each with its rectangle and the part of the window its panel shows (its clip),
/// egui points. A name `list:<list>:<item>` is an item of a list that scrolls; any other is
/// one widget. The layout test checks they are in the window, in view without scrolling, and
/// hold still when a value beside them changes width (issue 61).
#[derive(Clone, Debug, Default)]
pub struct KeyWidgets {
    /// The pass they were laid out in (the list starts again with each).
    pass: u64,
    /// (name, rectangle, clip).
    pub rects: Vec<(String, egui::Rect, egui::Rect)>,
}

fn key_widgets_id() -> egui::Id {
    egui::Id::new("holotable-key-widgets")
}

/// Notes `response`, laid out in `ui`, as the key widget `name` ([`KeyWidgets`]).
pub fn key_widget(ui: &egui::Ui, name: impl Into<String>, response: &egui::Response) {
    let pass = ui.ctx().cumulative_pass_nr();
    let entry = (name.into(), response.rect, ui.clip_rect());
    ui.data_mut(|d| {
        let keys = d.get_temp_mut_or_default::<KeyWidgets>(key_widgets_id());
        if keys.pass != pass {
            keys.pass = pass;
            keys.rects.clear();
        }
        keys.rects.push(entry);
    });
}

/// The key widgets of `ctx`'s last pass ([`KeyWidgets`]); none where none were laid out in it.
pub fn key_widgets(ctx: &egui::Context) -> KeyWidgets {
    let pass = ctx.cumulative_pass_nr();
    ctx.data(|d| d.get_temp::<KeyWidgets>(key_widgets_id()))
        .filter(|k| k.pass + 1 == pass)
        .unwrap_or_default()
}

/// The status while a game is looked back on in the replay viewer: nothing to end, and the
/// hint says how to step and how to return (the rule set's own words are for playing).
fn looking_back_status(status: ShellStatus) -> ShellStatus {
    ShellStatus {
        end: None,
        end_loses: None,
        hint: "Looking back: step with the replay bar; Back to the game returns to play.".into(),
        ..status
    }
}

/// A side's colour for egui text (its faction's in the game on).
pub fn side_colour32(side: usize) -> egui::Color32 {
    colour32(crate::view::side_colour(side))
}

/// `colour` for egui.
pub fn colour32(colour: Color) -> egui::Color32 {
    let c = colour.to_srgba();
    egui::Color32::from_rgb(
        (c.red * 255.0) as u8,
        (c.green * 255.0) as u8,
        (c.blue * 255.0) as u8,
    )
}

/// What the rule set playing wants the shell to show; it writes this every frame.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct ShellStatus {
    /// "Turn 3/6".
    pub turn: String,
    /// The turn number (for save names).
    pub turn_number: u32,
    /// The phase as the rule text names it.
    pub phase: String,
    /// The side a person plays that is to act now: when it changes, the hand-over screen
    /// hides the table (none while the rules play a side).
    pub to_act: Option<usize>,
    /// The side acting now, person or rules (the colour of "who").
    pub acting: Option<usize>,
    /// Who acts, in words ("Rebels — Rebels (X) (Advance)").
    pub who: String,
    /// What to do next, in words.
    pub hint: String,
    /// The End button: (label, tooltip), or none in this phase.
    pub end: Option<(String, String)>,
    /// What ending the step now throws away, in words ("2 of 3 activations"): End then
    /// asks first. None: it ends at once.
    pub end_loses: Option<String>,
    /// The scenario's objective and how it stands ("Galactic Empire hold 1 of the 3
    /// buildings needed by turn 8"), always on screen.
    pub objective: String,
    /// What the hand-over screen says the other side must not see in this phase.
    pub secrecy: String,
    /// Display names of the sides, in scenario order.
    pub sides: Vec<String>,
    /// Commands accepted so far in this game (nothing to look back on at 0).
    pub commands: usize,
    /// How many sides people play (not the rules): with one, nobody is there to hide anything
    /// from, so there is no hand-over.
    pub people: usize,
    /// The scenario file's stem, for save names.
    pub save_stem: String,
    /// The largest face a die of this rule set shows (the typed-dice field accepts 1..=it).
    pub largest_die: u8,
    /// Whether this rule set draws cards: the panel then offers "We draw our own" beside the
    /// dice.
    pub cards: bool,
}

/// The rule set's help: its shortcuts and a few lines about its turn.
#[derive(Resource, Clone, Debug, Default)]
pub struct RuleSetHelp {
    /// (key, what it does).
    pub shortcuts: Vec<(&'static str, &'static str)>,
    /// Lines under the shortcuts (the turn).
    pub lines: Vec<&'static str>,
    /// The rule text and our rulings, read from Help ([`rule_book`]).
    pub book: Option<rule_book::Book>,
}

/// What the shell asks of the rule set (End) or of the app (Menu), once the player has
/// agreed ([`EndPressed`] is the press itself).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShellAction {
    /// The End button (or Space / Enter): end this step.
    End,
    /// The Menu button: leave the game for the title screen.
    Menu,
}

/// The rectangle the shell leaves for the table, between the phase bar and the sidebar, egui
/// points (the hotseat banner and the rule set's tooltips show over its top).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct TableArea(pub egui::Rect);

impl Default for TableArea {
    fn default() -> Self {
        Self(egui::Rect::ZERO)
    }
}

/// The part of the sidebar left to the rule set playing, egui points: above the dice and
/// events, below the sidebar's header. The rule set draws its panels (groups, cards, the fire
/// fight) here, one under the other. Nothing (`Rect::NOTHING`) while the sidebar is hidden.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct SidebarArea(pub egui::Rect);

impl Default for SidebarArea {
    fn default() -> Self {
        Self(egui::Rect::NOTHING)
    }
}

/// The sidebar as the player left it; the settings keep it between runs.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct SidebarLayout {
    /// Folded away to a strip: the table takes the whole width.
    pub hidden: bool,
    /// Its width, egui points.
    pub width: f32,
}

impl Default for SidebarLayout {
    fn default() -> Self {
        Self {
            hidden: false,
            width: SIDEBAR_WIDTH,
        }
    }
}

/// The sidebar's width at first, egui points: wide enough for the fire fight's buttons, and at
/// 1280 x 720 the table keeps two thirds of the window beside it.
pub const SIDEBAR_WIDTH: f32 = 330.0;

/// The shell's frame comes first; rule sets draw their panels after it.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct ShellSet;

/// The guide of a first game: a rule set that has one shows what to do next and the rule that
/// comes up, quoting its text, while this is on (the title's "First game (guided)" turns it
/// on; the help window turns it on and off).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct Guide {
    /// Showing.
    pub on: bool,
}

/// What the shell remembers between frames.
#[derive(Resource, Default)]
pub struct UiState {
    /// Help overlay open.
    pub help: bool,
    /// The rule book window open, and what it shows ([`rule_book`]).
    pub reading: Option<rule_book::Reading>,
    /// The terrain key open (the phase bar's Key button): a window over the table only while
    /// the player asks for it.
    pub terrain_key: bool,
    /// Typed-in dice for players who roll their own.
    pub dice_text: String,
    /// The faces typed for the roll asked for (manual dice).
    pub roll_text: String,
    /// Why the faces typed for a roll asked for were not taken.
    pub dice_error: Option<String>,
    /// The roll or card last asked for (its die and reason), so a new ask takes the keyboard
    /// once.
    pub asked: Option<String>,
    /// The card typed for the card asked for (manual cards).
    pub card_text: String,
    /// The sign-in form of a game by e-mail.
    pub sign_in: by_email::SignIn,
    /// The log line the pointer is over (the pieces it names are ringed).
    pub pointed: Option<String>,
    /// The question asked before ending a step or leaving the game.
    pub asking: Option<confirm::Asking>,
    /// The hotseat banner's state.
    pub banner: banner::Banner,
    /// `While you waited` has this many events to tell ([`while_you_waited`]): the phase
    /// bar's third line offers them, so nothing of it lies over the table until asked for
    /// (folded at the table's corner it still covered a player's own pieces: two walks).
    pub waited: Option<usize>,
    /// The `While you waited` box is open over the table (opened once, it stays open).
    pub waited_shown: bool,
    /// How many rolls and cards, and how many events, the dice log showed last frame: one more
    /// scrolls its list to the newest, even where the player had scrolled back (a walk's new
    /// rolls fell out of sight below).
    pub logged: (usize, usize),
    /// The End button as it was last seen ([`phase_bar::EndSeen`]).
    pub end_seen: phase_bar::EndSeen,
}

#[allow(clippy::too_many_arguments)]
fn frame(
    mut ctx: EguiContexts,
    status: Res<ShellStatus>,
    help: Res<RuleSetHelp>,
    dice: Option<ResMut<DiceRes>>,
    deck: Option<ResMut<DeckRes>>,
    log: Option<Res<GameLog>>,
    notice: Res<Notice>,
    mut state: ResMut<UiState>,
    mut handover: ResMut<Handover>,
    (mut insets, mut area): (ResMut<PanelInsets>, ResMut<TableArea>),
    mut actions: MessageWriter<ShellAction>,
    mut saves: MessageWriter<SaveRequest>,
    (undo_status, mut undo, keys, mut view_mode, mut dialogs, (online, seated, leave_online)): (
        Res<UndoStatus>,
        MessageWriter<UndoRequest>,
        Res<ButtonInput<KeyCode>>,
        ResMut<crate::view::ViewMode>,
        ResMut<file_dialog::FileDialogs>,
        (
            Option<Res<crate::engine::online::Online>>,
            Option<Res<crate::engine::game::Seated>>,
            Option<Res<confirm::LeaveOnline>>,
        ),
    ),
    (replay, mut view, mut pointed, mut end_pressed, seen): (
        Res<ReplayStatus>,
        MessageWriter<ViewRequest>,
        ResMut<crate::view::Pointed>,
        MessageReader<EndPressed>,
        Res<banner::PiecesSeen>,
    ),
    ((wanted, card_wanted), (mut rolls, mut cards), mut by_email, mut guide): (
        (Option<Res<RollWanted>>, Option<Res<CardWanted>>),
        (MessageWriter<RollGiven>, MessageWriter<CardGiven>),
        by_email::ByEmailUi,
        ResMut<Guide>,
    ),
    (mut sidebar, mut layout, hint_offered, mut hint, clock): (
        ResMut<SidebarArea>,
        ResMut<SidebarLayout>,
        Res<crate::engine::hint::HintOffered>,
        MessageWriter<crate::engine::hint::HintRequest>,
        Res<Time<Real>>,
    ),
) -> Result {
    let ctx = ctx.ctx_mut()?.clone();
    let mine = seated.and_then(|s| s.0);
    let status = waiting_status(&status, mine);
    ctx.data_mut(|d| d.insert_temp(looking_back_id(), replay.open));
    let status = if replay.open {
        looking_back_status(status)
    } else {
        status
    };
    // The last refusal or note belongs to the game played, not to the one looked back on.
    let quiet = Notice::default();
    let notice = if replay.open { &quiet } else { &*notice };
    if ctx.input(|i| i.key_pressed(egui::Key::F1)) {
        state.help = !state.help;
    }
    // Escape closes Help as it closes the questions (a walk pressed it and Help stayed).
    if state.help && state.asking.is_none() && ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
        state.help = false;
    }
    if !handover.showing && !ctx.egui_wants_keyboard_input() {
        let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
        if ctrl && keys.just_pressed(KeyCode::KeyZ) {
            undo.write(UndoRequest::Undo);
        }
        if ctrl && keys.just_pressed(KeyCode::KeyY) {
            undo.write(UndoRequest::Redo);
        }
    }
    let mut root = root_ui(&ctx);
    if handover.showing {
        match by_email.seat.as_deref() {
            Some(seat) => {
                let events = log.as_deref().map_or(&[][..], |l| &l.0[..]);
                match by_email::show(
                    &mut root,
                    &status,
                    seat,
                    (notice, events),
                    &mut state.sign_in,
                ) {
                    Some(by_email::Asked::SitIn(s)) => {
                        by_email.sit.write(s);
                    }
                    Some(by_email::Asked::Action(a)) => {
                        actions.write(a);
                    }
                    None => {}
                }
            }
            None => {
                let now = clock.elapsed_secs_f64();
                if handover::show(&mut root, &status, &mut handover, now) {
                    view.write(ViewRequest::OpenSince);
                }
            }
        }
        // An End pressed under the cover (the Enter that shows the table) is not the next
        // player's: read unread, it asked `Pass?` as the table came.
        end_pressed.clear();
        // The panels keep their sizes under the cover, so the table is not framed anew.
        insets.set_if_neq(PanelInsets {
            covered: true,
            ..*insets
        });
        return Ok(());
    }
    let bar = phase_bar::show(
        &mut root,
        &status,
        (&undo_status, *view_mode, hint_offered.0),
        notice,
        &mut state,
    );
    if bar.hint {
        hint.write(crate::engine::hint::HintRequest);
    }
    if let Some(m) = bar.view {
        *view_mode = m;
    }
    let pressed = end_pressed.read().count() > 0;
    match bar.action {
        Some(ShellAction::Menu) => {
            state.asking = Some(if online.is_some() {
                // Whether anyone waits on this player: only while it is his move (a walk was
                // told "the other player is left waiting" with the other to move).
                let waits = mine.is_some_and(|mine| status.acting == Some(mine));
                let what = leave_online.map(|l| l.0.clone()).unwrap_or_default();
                confirm::Asking::LeaveOnline(if waits {
                    format!("It is your move: the other player waits for it. {what}")
                } else {
                    what
                })
            } else {
                confirm::Asking::Leave
            })
        }
        _ if (pressed || bar.action.is_some()) && state.asking.is_none() => {
            match &status.end_loses {
                Some(lost) => state.asking = Some(confirm::Asking::End(lost.clone())),
                None if status.end.is_some() => {
                    actions.write(ShellAction::End);
                }
                None => {}
            }
        }
        _ => {}
    }
    let end_label = status.end.as_ref().map_or("End", |(l, _)| l.as_str());
    if let Some(a) = confirm::show(&ctx, &mut state.asking, end_label) {
        actions.write(a);
    }
    if let Some(u) = bar.undo {
        undo.write(u);
    }
    if bar.replay {
        view.write(ViewRequest::Open);
    }
    if let Some(path) = bar.save {
        saves.write(SaveRequest(path));
    }
    if let Some(name) = bar.save_as {
        dialogs.ask(
            file_dialog::Purpose::SaveAs,
            crate::engine::autosave::saves_folder(),
            &name,
        );
    }
    // A roll or card asked for opens a hidden sidebar: its box is there.
    let asked = wanted.is_some() || card_wanted.is_some();
    let (right, (given, card)) = if layout.hidden && !asked {
        sidebar.set_if_neq(SidebarArea::default());
        let strip = egui::Panel::right("sidebar-hidden")
            .exact_size(34.0)
            .resizable(false)
            .show(&mut root, |ui| {
                if ui
                    .button("«")
                    .on_hover_text("Show the sidebar: groups, cards, dice and events")
                    .clicked()
                {
                    layout.hidden = false;
                }
            });
        (strip.response.rect.width(), (None, None))
    } else {
        let panel = egui::Panel::right("sidebar")
            .resizable(true)
            .default_size(layout.width)
            .size_range(260.0..=(ctx.viewport_rect().width() * 0.5).max(260.0))
            .show(&mut root, |ui| {
                ui.horizontal(|ui| {
                    if ui
                        .small_button("Hide »")
                        .on_hover_text("Fold the sidebar away: the table takes the whole width")
                        .clicked()
                    {
                        layout.hidden = true;
                    }
                });
                let got = dice_log::show(
                    ui,
                    (dice, deck, log),
                    (wanted.as_deref(), card_wanted.as_deref()),
                    &mut state,
                    (
                        status.largest_die,
                        status.cards,
                        online.is_some(),
                        replay.open,
                    ),
                );
                let rest = ui.available_rect_before_wrap();
                sidebar.set_if_neq(SidebarArea(rest));
                ui.allocate_rect(rest, egui::Sense::hover());
                got
            });
        let width = panel.response.rect.width();
        if (layout.width - width).abs() > 0.5 {
            layout.width = width;
        }
        (width, panel.inner)
    };
    if let Some(faces) = given {
        rolls.write(RollGiven(faces));
    }
    if let Some(card) = card {
        cards.write(CardGiven(card));
    }
    if pointed.0 != state.pointed {
        pointed.0 = state.pointed.clone();
    }
    // Looking back, the replay bar docks under the table, which is framed above it.
    let bottom = if replay.open {
        let (asked, height) = replay_bar::show(&mut root, &replay, &status.sides);
        for r in asked {
            view.write(r);
        }
        height
    } else {
        0.0
    };
    let whole = ctx.viewport_rect();
    area.0 = egui::Rect::from_min_max(
        egui::pos2(whole.min.x, bar.rect.max.y),
        egui::pos2(whole.max.x - right, whole.max.y - bottom),
    );
    if !replay.open {
        // Online each player has a screen: nothing changes hands.
        if online.is_none() {
            banner::show(&ctx, area.0, &status, &mut state.banner, &seen.0);
        }
    }
    let notice = state
        .banner
        .covering()
        .filter(|_| !replay.open && online.is_none())
        .map(|r| [r.min.x, r.min.y, r.max.x, r.max.y]);
    insets.set_if_neq(PanelInsets {
        top: bar.rect.height(),
        bottom,
        left: 0.0,
        right,
        covered: false,
        notice,
    });
    if state.help {
        let state = &mut *state;
        help::show(
            &ctx,
            &mut state.help,
            &help,
            &mut guide.on,
            &mut state.reading,
        );
    }
    if let Some(book) = &help.book {
        rule_book::show(&ctx, &mut state.reading, book);
    }
    Ok(())
}

/// Run condition: a game is being played, or a finished one is looked back on in the replay
/// viewer (the shell shows; the screens show otherwise).
pub fn game_on(state: Res<State<GameState>>, replay: Res<ReplayStatus>) -> bool {
    match state.get() {
        GameState::Playing(_) => true,
        GameState::Over(_) => replay.open,
        GameState::NoGame => false,
    }
}

/// The status as this computer shows it: where it plays one side (`seated`: online, or by
/// e-mail) and another side acts, there is nothing to end here and the hint says who is
/// awaited.
fn waiting_status(status: &ShellStatus, seated: Option<usize>) -> ShellStatus {
    match (seated, status.acting) {
        (Some(me), Some(acting)) if me != acting => ShellStatus {
            end: None,
            end_loses: None,
            hint: format!(
                "Waiting for {}: its player acts on the other computer",
                status
                    .sides
                    .get(acting)
                    .map_or("the other side", String::as_str)
            ),
            ..status.clone()
        },
        _ => status.clone(),
    }
}

/// A finished game looked back on at its end: the phase bar says it is over and why (the rule
/// set's own status speaks only while its game is played).
fn over_status(
    state: Res<State<GameState>>,
    finished: Option<Res<crate::engine::state::Finished>>,
    mut shell: ResMut<ShellStatus>,
) {
    let (GameState::Over(_), Some(f)) = (state.get(), finished) else {
        return;
    };
    let headline = match f.result.winner {
        // A finished save opened straight into the viewer has told no side names yet: the
        // reason, on the objective line, names the winner.
        Some(w) => shell
            .sides
            .get(w)
            .map(|n| format!("Victory: {n}"))
            .unwrap_or_default(),
        None => "A draw".to_string(),
    };
    let new = ShellStatus {
        turn: format!("Game over after turn {}", f.turn),
        turn_number: f.turn,
        phase: headline,
        to_act: None,
        acting: None,
        who: String::new(),
        hint: "Looking back: step with the replay bar; Back to the game shows the result.".into(),
        end: None,
        end_loses: None,
        objective: f.result.reason.clone(),
        ..shell.clone()
    };
    shell.set_if_neq(new);
}

/// The shared shell of the playing screen.
pub struct UiPlugin;

impl Plugin for UiPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<UiState>()
            .init_resource::<ShellStatus>()
            .init_resource::<RuleSetHelp>()
            .init_resource::<TableArea>()
            .init_resource::<SidebarArea>()
            .init_resource::<SidebarLayout>()
            .init_resource::<Guide>()
            .init_resource::<EditorScreen>()
            .init_resource::<RosterScreen>()
            .add_message::<OpenEditor>()
            .add_message::<PlayScenario>()
            .add_message::<ShellAction>()
            .add_message::<EndPressed>()
            .add_plugins((
                banner::plugin,
                handover::plugin,
                frame_time::plugin,
                terrain_key::plugin,
                file_dialog::plugin,
                tooltips::plugin,
                while_you_waited::plugin,
                last_attack::plugin,
                scale_bar::plugin,
            ))
            .add_systems(Update, over_status)
            .add_systems(
                EguiPrimaryContextPass,
                frame.in_set(ShellSet).run_if(game_on),
            );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_computer_that_plays_one_side_has_nothing_to_end_on_the_others_turn() {
        let status = ShellStatus {
            acting: Some(1),
            sides: vec!["Galactic Empire".into(), "Rebel Alliance".into()],
            end: Some(("End impulse".into(), "".into())),
            end_loses: Some("2 activations".into()),
            hint: "Click one of your units".into(),
            ..Default::default()
        };
        let waiting = waiting_status(&status, Some(0));
        assert_eq!(waiting.end, None);
        assert_eq!(waiting.end_loses, None);
        assert!(waiting.hint.contains("Waiting for Rebel Alliance"));
        assert_eq!(waiting_status(&status, Some(1)), status);
        assert_eq!(waiting_status(&status, None), status);
    }
}
