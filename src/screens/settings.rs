//! The player's settings, kept between runs in the platform's config folder as RON (the
//! `directories` crate: e.g. `~/.config/holotable/settings.ron` on Linux; `HOLOTABLE_CONFIG_DIR`
//! moves it): the size of the interface, whether the players roll their own dice, and the
//! files opened lately (listed on the title screen). Shown and changed in the title's Settings
//! window; written whole or not at all on every change.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use serde::{Deserialize, Serialize};

/// Files the title screen lists, newest first.
pub const RECENT: usize = 8;

/// What the player chose, as kept in `settings.ron`.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The size of panels and text, 0.75 to 2 (1: as designed).
    pub ui_scale: f32,
    /// Every new game starts with the players rolling their own dice.
    pub manual_dice: bool,
    /// Panels in high contrast: white text on black, strong outlines.
    pub high_contrast: bool,
    /// Every game starts with the table seen in 3D (V or the phase bar switches a game's view,
    /// for that game only).
    pub view_3d: bool,
    /// The window's size when it was last resized, logical pixels (none: 1280 x 720).
    pub window: Option<(u32, u32)>,
    /// Scenario files and saves opened lately, newest first, at most [`RECENT`].
    pub recent: Vec<PathBuf>,
    /// The playing screen's sidebar folded away.
    pub sidebar_hidden: bool,
    /// The sidebar's width, egui points (none: [`crate::ui::SIDEBAR_WIDTH`]).
    pub sidebar_width: Option<f32>,
    /// How long the searching opponent (and Hint) thinks over a move, milliseconds.
    pub think_ms: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            ui_scale: 1.0,
            manual_dice: false,
            high_contrast: false,
            view_3d: false,
            window: None,
            recent: Vec::new(),
            sidebar_hidden: false,
            sidebar_width: None,
            think_ms: 1000,
        }
    }
}

/// Where the settings live: `$HOLOTABLE_CONFIG_DIR/settings.ron`, else the platform's config
/// folder for Holotable; `None` where the platform has none.
pub fn path() -> Option<PathBuf> {
    let dir = match std::env::var_os("HOLOTABLE_CONFIG_DIR") {
        Some(d) if !d.is_empty() => PathBuf::from(d),
        _ => directories::ProjectDirs::from("", "", "holotable")?
            .config_dir()
            .to_path_buf(),
    };
    Some(dir.join("settings.ron"))
}

impl Settings {
    /// Reads the settings at `path`; none there yet is the defaults.
    ///
    /// Errors: the file cannot be read, or does not parse (`file:line:column: what was
    /// expected`); the caller then plays with the defaults and leaves the file as it is.
    pub fn load(path: &Path) -> Result<Self, String> {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Self::default()),
            Err(e) => return Err(format!("{}: cannot read: {e}", path.display())),
        };
        let mut s: Self = crate::rules::scenario::ron_options()
            .from_str(&text)
            .map_err(|e| {
                format!(
                    "{}: {} (the settings were not changed; defaults used)",
                    crate::rules::scenario::ron_at(path.display(), &e),
                    e.code
                )
            })?;
        s.ui_scale = s.ui_scale.clamp(0.75, 2.0);
        s.window = s
            .window
            .map(|(w, h)| (w.clamp(640, 7680), h.clamp(400, 4320)));
        s.recent.truncate(RECENT);
        s.sidebar_width = s
            .sidebar_width
            .filter(|w| w.is_finite())
            .map(|w| w.clamp(200.0, 2000.0));
        Ok(s)
    }

    /// Writes the settings to `path`, whole or not at all.
    ///
    /// Errors: the folder or file cannot be written (the path named).
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(|e| format!("cannot encode the settings: {e}"))?;
        crate::engine::save::write_atomically(path, text.as_bytes())
            .map_err(|e| format!("{}: cannot write: {e}", path.display()))
    }

    /// Puts `file` first in the recent files (once), keeping at most [`RECENT`].
    pub fn opened(&mut self, file: &Path) {
        let file = std::fs::canonicalize(file).unwrap_or_else(|_| file.to_path_buf());
        self.recent.retain(|f| *f != file);
        self.recent.insert(0, file);
        self.recent.truncate(RECENT);
    }
}

/// The settings file and the last problem with it, for the title screen.
#[derive(Resource, Clone, Debug, Default)]
pub struct SettingsFile {
    /// Where they are kept (none: the platform has no config folder; nothing is kept).
    pub path: Option<PathBuf>,
    /// Why they could not be read or written, if so.
    pub problem: Option<String>,
    /// The Settings window is open.
    pub open: bool,
    /// The interface size on the slider, until it is let go.
    pub pending_scale: Option<f32>,
}

/// Reads the settings for the window: the defaults, with the reason, if the file is broken.
pub fn read() -> (Settings, SettingsFile) {
    let path = path();
    let (settings, problem) = match path.as_deref().map(Settings::load) {
        Some(Ok(s)) => (s, None),
        Some(Err(e)) => (Settings::default(), Some(e)),
        None => (Settings::default(), None),
    };
    let file = SettingsFile {
        path,
        problem,
        open: false,
        pending_scale: None,
    };
    (settings, file)
}

/// Writes the settings where they are kept; a failure is shown on the title screen.
pub fn store(world: &mut World) {
    let settings = world.resource::<Settings>().clone();
    let mut file = world.resource_mut::<SettingsFile>();
    if let Some(p) = file.path.clone() {
        file.problem = settings.save(&p).err();
    }
}

/// Notes that `file` was opened (a scenario file or a save) and keeps the settings.
pub fn note_opened(world: &mut World, file: &Path) {
    if let Some(mut s) = world.get_resource_mut::<Settings>() {
        s.opened(file);
        store(world);
    }
}

/// The interface size follows the setting: the panels, and the words on the table.
fn apply_scale(
    mut ctx: EguiContexts,
    settings: Res<Settings>,
    mut table: ResMut<crate::view::TableTextScale>,
) -> Result {
    table.set_if_neq(crate::view::TableTextScale(settings.ui_scale));
    let ctx = ctx.ctx_mut()?;
    if (ctx.zoom_factor() - settings.ui_scale).abs() > 1e-3 {
        ctx.set_zoom_factor(settings.ui_scale);
    }
    Ok(())
}

/// The panels' look follows the high-contrast setting: egui's dark look, or white text on
/// black with strong outlines. In either, a scroll bar shows wherever a list or panel holds
/// more than it shows (egui's own appear only under the pointer: a walk took Force buttons,
/// a unit card and a side's units cut at a panel's foot for the end of them); it lies over
/// the content's edge, so nothing moves as it comes and goes.
fn apply_contrast(
    mut ctx: EguiContexts,
    settings: Res<Settings>,
    mut applied: Local<Option<bool>>,
) -> Result {
    if *applied == Some(settings.high_contrast) {
        return Ok(());
    }
    let ctx = ctx.ctx_mut()?;
    let mut v = egui::Visuals::dark();
    if settings.high_contrast {
        let white = egui::Color32::WHITE;
        v.override_text_color = Some(white);
        v.panel_fill = egui::Color32::BLACK;
        v.window_fill = egui::Color32::BLACK;
        v.extreme_bg_color = egui::Color32::BLACK;
        v.window_stroke = egui::Stroke::new(2.0, white);
        v.widgets.noninteractive.bg_stroke = egui::Stroke::new(1.5, egui::Color32::GRAY);
        v.widgets.noninteractive.fg_stroke = egui::Stroke::new(1.5, white);
        for w in [
            &mut v.widgets.inactive,
            &mut v.widgets.hovered,
            &mut v.widgets.active,
        ] {
            w.bg_stroke = egui::Stroke::new(1.5, white);
            w.fg_stroke = egui::Stroke::new(1.5, white);
        }
        v.selection.stroke = egui::Stroke::new(2.0, white);
    }
    ctx.set_visuals(v);
    ctx.all_styles_mut(|s| {
        s.spacing.scroll = egui::style::ScrollStyle {
            floating_allocated_width: 0.0,
            ..egui::style::ScrollStyle::thin()
        };
    });
    *applied = Some(settings.high_contrast);
    Ok(())
}

/// The view of the table follows the setting where the Settings screen changes it. V (or the
/// phase bar's 3D) in a game switches that game's view only: a walk found a game switched to 3D
/// for a look opened the next game in 3D too, the switch having been kept as the setting.
fn sync_view(settings: Res<Settings>, mut mode: ResMut<crate::view::ViewMode>) {
    if settings.is_changed() {
        mode.set_if_neq(view_of(&settings));
    }
}

/// Each game starts in the view the settings give, whatever the last game was switched to.
fn view_at_start(settings: Res<Settings>, mut mode: ResMut<crate::view::ViewMode>) {
    mode.set_if_neq(view_of(&settings));
}

fn view_of(settings: &Settings) -> crate::view::ViewMode {
    if settings.view_3d {
        crate::view::ViewMode::ThreeD
    } else {
        crate::view::ViewMode::Flat
    }
}

/// The sidebar as the settings left it, at the start; then folding or widening it is kept,
/// once the widening has stopped for [`RESIZE_SETTLE`] (a drag writes the settings once).
fn sync_sidebar(
    mut settings: ResMut<Settings>,
    mut layout: ResMut<crate::ui::SidebarLayout>,
    time: Res<Time>,
    mut waited: Local<Option<f32>>,
    mut commands: Commands,
) {
    if settings.is_added() {
        *layout = crate::ui::SidebarLayout {
            hidden: settings.sidebar_hidden,
            width: settings.sidebar_width.unwrap_or(crate::ui::SIDEBAR_WIDTH),
        };
        return;
    }
    if layout.is_changed() {
        *waited = Some(0.0);
    }
    let Some(w) = waited.as_mut() else { return };
    *w += time.delta_secs();
    // Folding is one click: kept at once; a width only once the drag has stopped.
    let folded = settings.sidebar_hidden != layout.hidden;
    if !folded && *w < RESIZE_SETTLE {
        return;
    }
    *waited = None;
    let width = (layout.width != crate::ui::SIDEBAR_WIDTH).then_some(layout.width);
    if folded || settings.sidebar_width != width {
        settings.sidebar_hidden = layout.hidden;
        settings.sidebar_width = width;
        commands.queue(store);
    }
}

/// A window resized is remembered for the next start, once the resizing has stopped for
/// this long (seconds), so a drag writes the settings once.
const RESIZE_SETTLE: f32 = 1.0;

/// The window's size is the command's, not the player's (a screenshot): not remembered.
#[derive(Resource)]
pub struct FixedWindow;

/// Keeps the window's size in the settings (written once a resize settles).
fn remember_window_size(
    mut resized: MessageReader<bevy::window::WindowResized>,
    time: Res<Time>,
    mut settings: ResMut<Settings>,
    mut pending: Local<Option<((u32, u32), f32)>>,
    mut commands: Commands,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    if let Some(r) = resized.read().last() {
        *pending = Some(((r.width.round() as u32, r.height.round() as u32), 0.0));
    }
    let Some((size, waited)) = pending.as_mut() else {
        return;
    };
    *waited += time.delta_secs();
    if *waited < RESIZE_SETTLE {
        // The window draws on a change only: the settling is one to come.
        redraw.write(bevy::window::RequestRedraw);
        return;
    }
    if settings.window != Some(*size) {
        settings.window = Some(*size);
        commands.queue(store);
    }
    *pending = None;
}

/// The Settings window (opened from the title screen).
pub fn window(ctx: &egui::Context, settings: &mut Settings, file: &mut SettingsFile) -> bool {
    let mut changed = false;
    let mut open = file.open;
    egui::Window::new("Settings")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            let mut scale = file.pending_scale.unwrap_or(settings.ui_scale);
            let r = ui.add(
                egui::Slider::new(&mut scale, 0.75..=2.0)
                    .step_by(0.05)
                    .text("Interface size"),
            );
            // Applied once the slider is let go, so the window does not grow under the mouse.
            file.pending_scale = Some(scale);
            if !r.dragged() && (scale - settings.ui_scale).abs() > 1e-3 {
                settings.ui_scale = scale;
                changed = true;
            }
            changed |= ui
                .checkbox(
                    &mut settings.manual_dice,
                    "We roll our own dice in every new game (each roll asked for)",
                )
                .changed();
            changed |= ui
                .checkbox(
                    &mut settings.high_contrast,
                    "High contrast: white text on black, strong outlines",
                )
                .changed();
            changed |= ui
                .checkbox(
                    &mut settings.view_3d,
                    "Start games with the table in 3D (V switches a game's view)",
                )
                .changed();
            changed |= ui
                .add(
                    egui::Slider::new(&mut settings.think_ms, 200..=5000)
                        .step_by(100.0)
                        .suffix(" ms")
                        .text("The searching opponent thinks a move (and a Hint)"),
                )
                .changed();
            if ui
                .add_enabled(
                    !settings.recent.is_empty(),
                    egui::Button::new("Forget the recent files"),
                )
                .clicked()
            {
                settings.recent.clear();
                changed = true;
            }
            match &file.path {
                Some(p) => ui.weak(format!("Kept in {}", p.display())),
                None => {
                    ui.weak("This system has no config folder: the settings last until you quit.")
                }
            };
        });
    file.open = open;
    if !open {
        file.pending_scale = None;
    }
    changed
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (apply_scale, apply_contrast).run_if(resource_exists::<Settings>),
    )
    .add_systems(
        Update,
        (
            remember_window_size
                .run_if(resource_exists::<Settings>.and_then(not(resource_exists::<FixedWindow>))),
            sync_view.run_if(resource_exists::<Settings>),
            sync_sidebar.run_if(resource_exists::<Settings>),
        ),
    )
    .add_systems(
        OnEnter(super::Screen::Playing),
        view_at_start.run_if(resource_exists::<Settings>),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// V in a game is that game's; the next game starts in the settings' view, and a change
    /// on the Settings screen is followed at once.
    #[test]
    fn a_game_switched_to_3d_leaves_the_next_game_in_the_settings_view() {
        use crate::view::ViewMode;
        let mut app = App::new();
        app.add_plugins(bevy::state::app::StatesPlugin)
            .init_state::<super::super::Screen>()
            .insert_resource(Settings::default())
            .init_resource::<ViewMode>()
            .add_systems(Update, sync_view)
            .add_systems(OnEnter(super::super::Screen::Playing), view_at_start);
        let go = |app: &mut App, screen| {
            app.world_mut()
                .resource_mut::<NextState<super::super::Screen>>()
                .set(screen);
            app.update();
        };
        go(&mut app, super::super::Screen::Playing);
        assert_eq!(*app.world().resource::<ViewMode>(), ViewMode::Flat);
        // V in the game.
        *app.world_mut().resource_mut::<ViewMode>() = ViewMode::ThreeD;
        app.update();
        assert_eq!(*app.world().resource::<ViewMode>(), ViewMode::ThreeD);
        assert!(!app.world().resource::<Settings>().view_3d);
        go(&mut app, super::super::Screen::Title);
        go(&mut app, super::super::Screen::Playing);
        assert_eq!(*app.world().resource::<ViewMode>(), ViewMode::Flat);
        // The Settings screen's box.
        app.world_mut().resource_mut::<Settings>().view_3d = true;
        app.update();
        assert_eq!(*app.world().resource::<ViewMode>(), ViewMode::ThreeD);
    }

    #[test]
    fn settings_round_trip_and_a_broken_file_names_its_place() {
        let dir = std::env::temp_dir().join(format!("holotable-settings-{}", std::process::id()));
        let path = dir.join("settings.ron");
        assert_eq!(Settings::load(&path), Ok(Settings::default()));
        let mut s = Settings {
            ui_scale: 1.25,
            manual_dice: true,
            high_contrast: true,
            view_3d: true,
            window: Some((1600, 900)),
            recent: Vec::new(),
            sidebar_hidden: true,
            sidebar_width: Some(340.0),
            think_ms: 2500,
        };
        for i in 0..10 {
            s.opened(Path::new(&format!("/nowhere/game{i}.ron")));
        }
        s.opened(Path::new("/nowhere/game3.ron"));
        assert_eq!(s.recent.len(), RECENT);
        assert_eq!(s.recent[0], PathBuf::from("/nowhere/game3.ron"));
        assert_eq!(s.recent[1], PathBuf::from("/nowhere/game9.ron"));
        s.save(&path).unwrap();
        assert_eq!(Settings::load(&path), Ok(s));
        std::fs::write(&path, "(ui_scale: 1.5,\n manual_dice: maybe)").unwrap();
        let e = Settings::load(&path).unwrap_err();
        assert!(
            e.contains("settings.ron:2:") && e.contains("defaults used"),
            "{e}"
        );
        let _ = std::fs::remove_dir_all(dir);
    }
}
