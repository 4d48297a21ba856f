//! What every rule set's scenario editor shares on screen: how it is opened and added to the
//! app ([`Editing`], [`plugin`]), its top bar (undo, redo, save, save as, play, new, open,
//! title, mirror, the last word), asking before changes not saved are lost, where a scenario
//! is saved, the scenarios one may open, the problems list, and the roster lists that are
//! dragged onto a board. The editors themselves are the rule sets' (docs/editor.md).

use std::path::{Path, PathBuf};

use bevy_egui::egui;

/// What was pressed on the bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pressed {
    /// Undo (or Ctrl+Z).
    Undo,
    /// Redo (or Ctrl+Y).
    Redo,
    /// Save.
    Save,
    /// Save to a file of the player's choice.
    SaveAs,
    /// Play it now.
    Play,
    /// A new scenario.
    New,
    /// A copy of this scenario: a bundled name or a file's path.
    Open(String),
    /// Back to the title.
    Title,
}

/// How the bar stands.
pub struct Bar<'a> {
    /// "Map editor · Imperial/Alliance battlefield".
    pub title: &'a str,
    /// Whether there is something to undo, and to redo.
    pub undo_redo: (bool, bool),
    /// Whether the scenario may be played (no problem left).
    pub can_play: bool,
    /// The last word: (good news, text).
    pub message: Option<&'a (bool, String)>,
    /// The rule set, by registry id (its scenarios are offered to open).
    pub ruleset: &'static str,
    /// Its bundled scenarios: (file name, RON).
    pub bundled: &'static [(&'static str, &'static str)],
}

/// Draws the bar in `ui`, with `extra` (the rule set's own menus, e.g. Mirror) after Redo;
/// what was pressed, Ctrl+Z and Ctrl+Y included.
pub fn show(ui: &mut egui::Ui, bar: Bar, extra: impl FnOnce(&mut egui::Ui)) -> Option<Pressed> {
    let mut pressed = None;
    let ctx = ui.ctx().clone();
    if !ctx.egui_wants_keyboard_input() {
        ctx.input(|i| {
            if i.modifiers.command && i.key_pressed(egui::Key::Z) {
                pressed = Some(Pressed::Undo);
            }
            if i.modifiers.command && i.key_pressed(egui::Key::Y) {
                pressed = Some(Pressed::Redo);
            }
        });
    }
    ui.horizontal(|ui| {
        ui.strong(bar.title);
        ui.separator();
        let (can_undo, can_redo) = bar.undo_redo;
        if ui
            .add_enabled(can_undo, egui::Button::new("Undo"))
            .on_hover_text("Ctrl+Z")
            .clicked()
        {
            pressed = Some(Pressed::Undo);
        }
        if ui
            .add_enabled(can_redo, egui::Button::new("Redo"))
            .on_hover_text("Ctrl+Y")
            .clicked()
        {
            pressed = Some(Pressed::Redo);
        }
        extra(ui);
        ui.separator();
        if ui.button("Save").clicked() {
            pressed = Some(Pressed::Save);
        }
        if ui
            .button("Save as…")
            .on_hover_text("Save to a file anywhere, by its path")
            .clicked()
        {
            pressed = Some(Pressed::SaveAs);
        }
        if ui
            .add_enabled(bar.can_play, egui::Button::new("Play"))
            .on_disabled_hover_text("Put right the problems listed on the left first")
            .on_hover_text("Play it now, hotseat; the title screen brings you back here")
            .clicked()
        {
            pressed = Some(Pressed::Play);
        }
        if ui.button("New").clicked() {
            pressed = Some(Pressed::New);
        }
        ui.menu_button("Open", |ui| {
            ui.weak("A copy of a bundled scenario");
            for (name, src) in bar.bundled {
                let name = name.trim_end_matches(".ron").to_string();
                let title = crate::rules::scenario::read_header(src, &name, &[bar.ruleset])
                    .map_or_else(|_| name.clone(), |h| h.name);
                if ui.button(title).clicked() {
                    pressed = Some(Pressed::Open(name));
                    ui.close();
                }
            }
            let own = own_scenarios(bar.ruleset);
            if !own.is_empty() {
                ui.separator();
                ui.weak("Your scenarios");
            }
            for path in own {
                let label = path.file_name().and_then(|n| n.to_str()).unwrap_or("?");
                if ui
                    .button(label)
                    .on_hover_text(path.display().to_string())
                    .clicked()
                {
                    pressed = Some(Pressed::Open(path.display().to_string()));
                    ui.close();
                }
            }
        });
        if ui.button("Title").clicked() {
            pressed = Some(Pressed::Title);
        }
        if let Some((ok, m)) = bar.message {
            let c = if *ok {
                egui::Color32::from_rgb(140, 210, 140)
            } else {
                egui::Color32::from_rgb(255, 110, 90)
            };
            ui.add(egui::Label::new(egui::RichText::new(m).color(c)).truncate());
        }
    });
    pressed
}

/// The id of the item a problem at `line` (1-based) of the written scenario `text` concerns:
/// the nearest `id: "…"` at or above that line, if any.
pub fn id_at_line(text: &str, line: usize) -> Option<String> {
    let lines: Vec<&str> = text.lines().take(line).collect();
    lines.iter().rev().find_map(|l| {
        let rest = l.split("id: \"").nth(1)?;
        rest.split('"').next().map(str::to_string)
    })
}

/// A roster entry dragged from an editor's list onto its board: what a drop places (a
/// profile's name or a roster id).
pub struct Dragged(pub String);

/// The roster `entries` (what a drop places, its name) as a list to choose from with a click
/// (into `chosen`) or to drag onto the board ([`Dragged`]).
pub fn drag_list(ui: &mut egui::Ui, salt: &str, entries: &[(String, String)], chosen: &mut String) {
    egui::ScrollArea::vertical()
        .id_salt(("drag-list", salt))
        .max_height(170.0)
        .show(ui, |ui| {
            for (key, label) in entries {
                // One widget that senses both, so a click chooses (a walk: under a drag
                // source's own area, clicking a profile chose nothing) and a drag carries.
                let entry = ui
                    .selectable_label(chosen == key, label)
                    .interact(egui::Sense::click_and_drag());
                if entry.clicked() || entry.drag_started() {
                    *chosen = key.clone();
                }
                entry.dnd_set_drag_payload(Dragged(key.clone()));
            }
        });
}

/// The Mirror menu for the bar's extras: the way chosen, if one was.
pub fn mirror_menu(ui: &mut egui::Ui) -> Option<crate::rules::layout::Mirror> {
    let mut chosen = None;
    ui.menu_button("Mirror", |ui| {
        for m in crate::rules::layout::Mirror::ALL {
            if ui.button(m.word()).clicked() {
                chosen = Some(m);
                ui.close();
            }
        }
    });
    chosen
}

/// The scenarios of rule set `ruleset` saved in the data folder's `scenarios/`, by name.
pub fn own_scenarios(ruleset: &str) -> Vec<PathBuf> {
    let Some(dir) = crate::engine::autosave::data_folder().map(|d| d.join("scenarios")) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .filter(|p| {
            std::fs::read_to_string(p).is_ok_and(|src| {
                crate::rules::scenario::read_header(&src, "", &[ruleset])
                    .is_ok_and(|h| h.ruleset == ruleset)
            })
        })
        .collect();
    found.sort();
    found
}

/// The text of `scenario` to open a copy of: a bundled one (`bundled`, by name) or a file,
/// and the file it came from (`None` for a bundled one, which is saved anew).
///
/// Errors: the file cannot be read.
pub fn read_copy(
    bundled: &[(&str, &str)],
    scenario: &str,
) -> Result<(String, Option<PathBuf>), String> {
    match bundled
        .iter()
        .find(|(n, _)| n.trim_end_matches(".ron") == scenario)
    {
        Some((_, src)) => Ok((src.to_string(), None)),
        None => std::fs::read_to_string(scenario)
            .map(|src| (src, Some(PathBuf::from(scenario))))
            .map_err(|e| format!("{scenario}: cannot read: {e}")),
    }
}

/// Saves `text`, the scenario named `name`, whole or not at all: to `file` where it came from,
/// else to `scenarios/` in the data folder, named after it (lower case, `_` for anything but
/// letters and digits, and `_2`, `_3` … where a file of that name is there already: a first
/// save never writes over another scenario). Where it went.
///
/// Errors: no data folder, or the folder or file cannot be written (with its path).
pub fn save(name: &str, file: Option<&Path>, text: &str) -> Result<PathBuf, String> {
    let path = match file {
        Some(f) => f.to_path_buf(),
        None => {
            let dir = crate::engine::autosave::data_folder()
                .ok_or("this computer names no data folder to save in")?
                .join("scenarios");
            let stem = match crate::rules::layout::id_stem(name) {
                s if s.is_empty() => "scenario".to_string(),
                s => s,
            };
            let stem =
                crate::rules::layout::fresh_id(&stem, |s| dir.join(format!("{s}.ron")).exists());
            dir.join(format!("{stem}.ron"))
        }
    };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    crate::engine::save::write_atomically(&path, text.as_bytes())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(path)
}

/// A scenario as it stands, `src` (from `file`, if saved), to play now.
///
/// Errors: its header does not read.
pub fn to_play(
    ruleset: &str,
    src: String,
    file: Option<&Path>,
) -> Result<crate::engine::ruleset::Loaded, String> {
    let file = file.map_or_else(|| "new scenario".to_string(), |p| p.display().to_string());
    let header =
        crate::rules::scenario::read_header(&src, &file, &[ruleset]).map_err(|e| e.to_string())?;
    Ok(crate::engine::ruleset::Loaded { file, src, header })
}

/// A rule set's scenario being edited, as the shared bar needs it.
pub trait Document: Sized {
    /// A new scenario.
    fn fresh() -> Self;
    /// The scenario `src` (named `file` in errors), to edit.
    ///
    /// Errors: the RON does not read, with file, line and column.
    fn read(src: &str, file: &str) -> Result<Self, crate::rules::scenario::ScenarioError>;
    /// As it is saved.
    ///
    /// Errors: it cannot be written (in words).
    fn text(&self) -> Result<String, String>;
    /// Its name (what a first save is named after).
    fn name(&self) -> String;
    /// Takes the last edit back; `false` when there is none.
    fn undo(&mut self) -> bool;
    /// Makes the last edit taken back again; `false` when there is none.
    fn redo(&mut self) -> bool;
    /// Whether there is an edit to undo, and one to redo.
    fn can_undo_redo(&self) -> (bool, bool);
}

/// A rule set's editor screen as the shared systems know it: its state, kept as a resource
/// while it is made (and while a game of it is played).
pub trait Editing: bevy::prelude::Resource + Sized {
    /// The scenario it edits.
    type Doc: Document;
    /// Its rule set, by registry id.
    const RULESET: &'static str;
    /// The screen's state for `doc`, kept as `kept`.
    fn making(doc: Self::Doc, kept: Kept) -> Self;
}

/// Opens editor `M` on a new scenario, or on a copy of the one asked for, and shows it; one
/// that cannot be read says why on the title screen (file, line, column).
fn open<M: Editing>(
    mut asks: bevy::prelude::MessageReader<super::OpenEditor>,
    mut screen: bevy::prelude::ResMut<super::EditorScreen>,
    mut notice: bevy::prelude::ResMut<crate::engine::pipeline::Notice>,
    mut commands: bevy::prelude::Commands,
) {
    for ask in asks.read().filter(|a| a.ruleset == M::RULESET) {
        match asked::<M::Doc>(ask) {
            Ok((doc, kept)) => {
                commands.insert_resource(M::making(doc, kept));
                *screen = super::EditorScreen {
                    showing: Some(M::RULESET),
                    kept: Some(M::RULESET),
                };
            }
            Err(why) => {
                notice.refusal = Some(why);
                screen.showing = None;
            }
        }
    }
}

/// Adds editor `M` to `app`: opened by [`super::OpenEditor`], its `screen` drawn while
/// [`super::EditorScreen`] shows it.
pub fn plugin<M: Editing, S>(
    app: &mut bevy::prelude::App,
    screen: impl bevy::prelude::IntoScheduleConfigs<bevy::ecs::system::ScheduleSystem, S>,
) {
    use bevy::prelude::*;
    app.add_systems(Update, open::<M>).add_systems(
        bevy_egui::EguiPrimaryContextPass,
        screen.run_if(super::editor_screen(M::RULESET).and_then(resource_exists::<M>)),
    );
}

/// Implements [`Document`] for an editor type that has `open(src, file)`, `text()`,
/// `scenario()` (with a `name`), `undo()`, `redo()` and `can_undo_redo()`, making a new
/// scenario with `$fresh`.
macro_rules! document {
    ($editor:ty, $fresh:expr) => {
        impl $crate::ui::editor_bar::Document for $editor {
            fn fresh() -> Self {
                $fresh
            }
            fn read(src: &str, file: &str) -> Result<Self, $crate::rules::scenario::ScenarioError> {
                <$editor>::open(src, file)
            }
            fn text(&self) -> Result<String, String> {
                <$editor>::text(self)
            }
            fn name(&self) -> String {
                self.scenario().name.clone()
            }
            fn undo(&mut self) -> bool {
                <$editor>::undo(self)
            }
            fn redo(&mut self) -> bool {
                <$editor>::redo(self)
            }
            fn can_undo_redo(&self) -> (bool, bool) {
                <$editor>::can_undo_redo(self)
            }
        }
    };
}
pub(crate) use document;

/// An editor screen's glue, the same for every rule set: its `plugin` (opening on
/// [`super::OpenEditor`] and the systems, [`plugin`]), its [`Editing`] (`making`: the screen state
/// `with` a document and what is kept) and its [`Document`] ([`document!`]). `$system`: the
/// egui system that draws the screen; `$ruleset`: the rule set id.
macro_rules! screen {
    ($making:ty, $editor:ty, $fresh:expr, $ruleset:expr, $system:path) => {
        pub(super) fn plugin(app: &mut bevy::prelude::App) {
            $crate::ui::editor_bar::plugin::<$making, _>(app, $system);
        }

        impl $crate::ui::editor_bar::Editing for $making {
            type Doc = $editor;
            const RULESET: &'static str = $ruleset;
            fn making(doc: $editor, kept: $crate::ui::editor_bar::Kept) -> Self {
                Self::with(doc, kept)
            }
        }

        $crate::ui::editor_bar::document!($editor, $fresh);
    };
}
pub(crate) use screen;

/// What an editor holds besides its scenario: where it is saved, the last word, and what it
/// was when last saved or opened.
#[derive(Default)]
pub struct Kept {
    /// Where it was saved or opened from (`None`: not yet saved; a bundled one is a copy).
    pub file: Option<PathBuf>,
    /// The last word: (good news, text).
    pub message: Option<(bool, String)>,
    /// The scenario's text when it was last saved, opened or made new.
    saved: Option<String>,
    /// New or Open, pressed with changes unsaved: waiting for the player's answer.
    pending: Option<Pressed>,
    /// The path typed in the Save as window, while it is open.
    save_as: Option<String>,
}

impl Kept {
    /// Kept for `doc` as it stands (just opened or made), from `file`.
    fn of<D: Document>(doc: &D, file: Option<PathBuf>) -> Self {
        Self {
            file,
            message: None,
            saved: doc.text().ok(),
            pending: None,
            save_as: None,
        }
    }

    /// Whether `doc` has changed since it was last saved or opened.
    pub fn unsaved<D: Document>(&self, doc: &D) -> bool {
        doc.text().ok() != self.saved
    }

    /// The name its problems are reported under.
    pub fn file_name(&self) -> String {
        self.file
            .as_ref()
            .map_or("new scenario".into(), |p| p.display().to_string())
    }
}

/// The scenario an [`super::OpenEditor`] asks for: a new one, or a copy of the one named
/// (with the file it came from, when it is one).
///
/// Errors: its RON does not read, with file, line and column.
pub fn asked<D: Document>(ask: &super::OpenEditor) -> Result<(D, Kept), String> {
    match &ask.scenario {
        None => {
            let d = D::fresh();
            let kept = Kept::of(&d, None);
            Ok((d, kept))
        }
        Some(loaded) => D::read(&loaded.src, &loaded.file)
            .map(|d| {
                let file = Path::new(&loaded.file)
                    .is_file()
                    .then(|| PathBuf::from(&loaded.file));
                let kept = Kept::of(&d, file);
                (d, kept)
            })
            .map_err(|e| e.to_string()),
    }
}

/// What an editor's screen asks of the rest of the app: showing it or the title, playing
/// the scenario, and the file dialog.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Shell<'w> {
    shown: bevy::prelude::ResMut<'w, super::EditorScreen>,
    play: bevy::prelude::MessageWriter<'w, super::PlayScenario>,
    dialogs: bevy::prelude::ResMut<'w, super::file_dialog::FileDialogs>,
}

/// An editor's top bar over `doc` in `root`, titled `title`, with a Mirror menu where
/// `mirror` (a board with terrain), and what was pressed done ([`act`]); Play is offered when
/// `can_play`. The way the player chose to mirror, if any, and a new or opened scenario that
/// replaces `doc`.
pub fn top_bar<D: Document>(
    root: &mut egui::Ui,
    ctx: &egui::Context,
    (title, can_play, mirror): (&str, bool, bool),
    (doc, kept): (&mut D, &mut Kept),
    (ruleset, bundled): (&'static str, &'static [(&'static str, &'static str)]),
    shell: &mut Shell,
) -> (Option<crate::rules::layout::Mirror>, Option<(D, Kept)>) {
    let mut mirrored = None;
    let pressed = egui::Panel::top("editor-bar")
        .show(root, |ui| {
            let bar = Bar {
                title,
                undo_redo: doc.can_undo_redo(),
                can_play,
                message: kept.message.as_ref(),
                ruleset,
                bundled,
            };
            show(ui, bar, |ui| {
                if mirror {
                    mirrored = mirror_menu(ui);
                }
            })
        })
        .inner;
    let replaced = act(ctx, pressed, (doc, kept), (ruleset, bundled), shell);
    (mirrored, replaced)
}

/// Does what was `pressed` on the bar for `doc` (of rule set `ruleset`, bundled `bundled`):
/// undo, redo, save, play (through `play`), title (through `shown`). A new scenario or one
/// opened comes back to replace `doc`, after asking in a window over `ctx` when `doc` has
/// changes not saved; what went wrong is said in `kept`.
pub fn act<D: Document>(
    ctx: &egui::Context,
    pressed: Option<Pressed>,
    (doc, kept): (&mut D, &mut Kept),
    (ruleset, bundled): (&'static str, &'static [(&'static str, &'static str)]),
    shell: &mut Shell,
) -> Option<(D, Kept)> {
    let pressed = match pressed {
        Some(p @ (Pressed::New | Pressed::Open(_))) if kept.unsaved(doc) => {
            kept.pending = Some(p);
            None
        }
        p => p,
    }
    .or_else(|| leave_unsaved(ctx, doc, kept));
    save_as_window(ctx, doc, kept, &mut shell.dialogs);
    match pressed? {
        Pressed::Undo => {
            doc.undo();
        }
        Pressed::Redo => {
            doc.redo();
        }
        Pressed::Save => {
            save_now(doc, kept);
        }
        Pressed::SaveAs => {
            let path = kept.file.clone().unwrap_or_else(|| {
                let dir = crate::engine::autosave::data_folder().unwrap_or_default();
                dir.join("scenarios").join(format!(
                    "{}.ron",
                    crate::rules::layout::id_stem(&doc.name())
                ))
            });
            kept.save_as = Some(path.display().to_string());
        }
        Pressed::Play => {
            match doc
                .text()
                .and_then(|src| to_play(ruleset, src, kept.file.as_deref()))
            {
                Ok(loaded) => {
                    shell.play.write(super::PlayScenario(loaded));
                }
                Err(why) => kept.message = Some((false, format!("Cannot play it yet: {why}"))),
            }
        }
        Pressed::New => {
            let d = D::fresh();
            let kept = Kept::of(&d, None);
            return Some((d, kept));
        }
        Pressed::Open(name) => {
            match read_copy(bundled, &name).and_then(|(src, file)| {
                D::read(&src, &name)
                    .map(|d| (d, file))
                    .map_err(|e| e.to_string())
            }) {
                Ok((d, file)) => {
                    let kept = Kept::of(&d, file);
                    return Some((d, kept));
                }
                Err(why) => kept.message = Some((false, why)),
            }
        }
        Pressed::Title => shell.shown.showing = None,
    }
    None
}

/// Saves `doc` where `kept` says (or anew), and says how it went; whether it was saved.
fn save_now<D: Document>(doc: &D, kept: &mut Kept) -> bool {
    let text = doc.text();
    let saved = text
        .clone()
        .and_then(|text| save(&doc.name(), kept.file.as_deref(), &text));
    let (ok, said) = match saved {
        Ok(path) => {
            let said = format!("Saved {}", path.display());
            kept.file = Some(path);
            kept.saved = text.ok();
            (true, said)
        }
        Err(e) => (false, format!("Not saved: {e}")),
    };
    kept.message = Some((ok, said));
    ok
}

/// The Save as window: the path to save to, typed (a file that is there is written over, as
/// the player asked), Save and Cancel.
fn save_as_window<D: Document>(
    ctx: &egui::Context,
    doc: &D,
    kept: &mut Kept,
    dialogs: &mut super::file_dialog::FileDialogs,
) {
    let Some(mut path) = kept.save_as.take() else {
        return;
    };
    if let Some(chosen) = dialogs.scenario_target.take() {
        path = chosen.display().to_string();
    }
    let (mut save, mut cancel) = (false, false);
    egui::Modal::new(egui::Id::new("save-as")).show(ctx, |ui| {
        ui.heading(format!("Save \"{}\" as", doc.name()));
        ui.add(egui::TextEdit::singleline(&mut path).desired_width(520.0));
        if Path::new(&path).exists() {
            ui.colored_label(
                egui::Color32::from_rgb(255, 200, 110),
                "A file of that name is there: saving writes over it.",
            );
        }
        if let Some(why) = &dialogs.unavailable {
            ui.weak(why);
        }
        ui.horizontal(|ui| {
            save = ui.button("Save").clicked();
            if ui
                .add_enabled(!dialogs.busy(), egui::Button::new("Browse…"))
                .on_hover_text("Choose the file in the desktop's file dialog")
                .clicked()
            {
                let file = PathBuf::from(&path);
                let name = file
                    .file_name()
                    .and_then(|n| n.to_str())
                    .unwrap_or("scenario.ron");
                dialogs.ask(super::file_dialog::Purpose::SaveScenario, "", name);
            }
            cancel = ui.button("Cancel").clicked();
        });
    });
    if save {
        let target = PathBuf::from(path.trim());
        let before = kept.file.replace(target);
        if !save_now(doc, kept) {
            kept.file = before;
        }
    } else if !cancel {
        kept.save_as = Some(path);
    }
}

/// The window that asks, when New or Open was pressed with changes unsaved, whether to save
/// them first, leave them, or stay; what was pressed, once the player lets it go on.
fn leave_unsaved<D: Document>(ctx: &egui::Context, doc: &D, kept: &mut Kept) -> Option<Pressed> {
    let pending = kept.pending.clone()?;
    let mut answer = None;
    egui::Modal::new(egui::Id::new("leave-unsaved")).show(ctx, |ui| {
        ui.heading(format!("\"{}\" has changes not saved", doc.name()));
        ui.label(match &pending {
            Pressed::New => "A new scenario takes its place in the editor.",
            _ => "The scenario opened takes its place in the editor.",
        });
        ui.horizontal(|ui| {
            if ui.button("Save, then go on").clicked() {
                answer = Some(true);
            }
            if ui.button("Go on without saving").clicked() {
                answer = Some(false);
            }
            if ui.button("Stay").clicked() {
                kept.pending = None;
            }
        });
    });
    match answer {
        Some(true) if !save_now(doc, kept) => {
            kept.pending = None;
            None
        }
        Some(_) => kept.pending.take(),
        None => None,
    }
}

/// "Ready to play", or the problems as `check` reports them; the one clicked, if any.
pub fn problems(
    ui: &mut egui::Ui,
    problems: &[crate::rules::scenario::ScenarioError],
) -> Option<usize> {
    ui.heading(match problems.len() {
        0 => "Ready to play".to_string(),
        1 => "1 problem".to_string(),
        n => format!("{n} problems"),
    });
    let mut clicked = None;
    // A list of its own height, so the tools below do not jump as problems come and go (a
    // walk: with only a most height, the panel rose 48 px under the pointer as one was mended).
    egui::ScrollArea::vertical()
        .id_salt("problems")
        .max_height(96.0)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for (i, p) in problems.iter().enumerate() {
                let r = ui.add(
                    egui::Label::new(
                        egui::RichText::new(&p.message)
                            .color(egui::Color32::from_rgb(255, 150, 110)),
                    )
                    .sense(egui::Sense::click()),
                );
                if r.on_hover_text("Click to select what it concerns")
                    .clicked()
                {
                    clicked = Some(i);
                }
            }
        });
    clicked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone)]
    struct Doc(String);

    impl Document for Doc {
        fn fresh() -> Self {
            Doc("new".into())
        }
        fn read(src: &str, _: &str) -> Result<Self, crate::rules::scenario::ScenarioError> {
            Ok(Doc(src.into()))
        }
        fn text(&self) -> Result<String, String> {
            Ok(self.0.clone())
        }
        fn name(&self) -> String {
            "doc".into()
        }
        fn undo(&mut self) -> bool {
            false
        }
        fn redo(&mut self) -> bool {
            false
        }
        fn can_undo_redo(&self) -> (bool, bool) {
            (false, false)
        }
    }

    #[test]
    fn a_scenario_is_unsaved_once_it_differs_from_what_was_opened_or_saved() {
        let ask = super::super::OpenEditor {
            ruleset: "x",
            scenario: None,
        };
        let (mut doc, mut kept) = asked::<Doc>(&ask).unwrap();
        assert!(!kept.unsaved(&doc), "a new scenario untouched");
        doc.0.push_str(" changed");
        assert!(kept.unsaved(&doc));
        kept.file = Some(
            std::env::temp_dir().join(format!("holotable-unsaved-{}.ron", std::process::id())),
        );
        assert!(save_now(&doc, &mut kept), "{:?}", kept.message);
        assert!(!kept.unsaved(&doc), "saved");
        let _ = std::fs::remove_file(kept.file.as_ref().unwrap());
    }
}
