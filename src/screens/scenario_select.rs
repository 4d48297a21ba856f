//! The scenario list: every rule set's bundled scenarios (read and checked once, on entering
//! the list), or a scenario file or saved game opened by path.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{Screen, begin, clock_seed, search_sides};
use crate::engine::registry::Registry;
use crate::engine::ruleset::Loaded;
use crate::ui::file_dialog::{FileDialogs, Picked, Purpose};

/// One scenario as checked: (rule set title, whether the rules can play a side and whether
/// the searching opponent can, file name, the scenario or its errors, whether it is the
/// player's own, from the data folder's `scenarios/`).
type Entry = (
    &'static str,
    (bool, bool),
    String,
    Result<Loaded, Vec<String>>,
    bool,
);

/// Whether "Solo as" sets the searching opponent against the player, where it can play the
/// rule set, instead of the rule set's own policy.
#[derive(Resource, Default)]
struct AgainstSearch(bool);

/// The bundled scenarios and the player's own as checked on entering the list, and the
/// saved games in the data folder's `saves/`.
#[derive(Resource, Default)]
struct Listing(Vec<Entry>, Vec<SavedGame>);

/// A saved game in the data folder's `saves/`, as the list shows it.
#[derive(Clone, Debug, PartialEq)]
struct SavedGame {
    path: std::path::PathBuf,
    /// The title of the scenario it plays, or `None` where the file is not a readable save.
    title: Option<String>,
    /// The rule set id its header names (empty where it names none).
    ruleset: String,
    /// How long ago it was written (`None` where the file system does not say).
    age: Option<std::time::Duration>,
}

/// The saved games (`.ron` files) in `folder`, newest first; none where it cannot be read.
fn saved_games(folder: &std::path::Path) -> Vec<SavedGame> {
    let now = std::time::SystemTime::now();
    let mut games: Vec<(Option<std::time::SystemTime>, SavedGame)> = std::fs::read_dir(folder)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "ron"))
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            let written = std::fs::metadata(&path).and_then(|m| m.modified()).ok();
            let game = SavedGame {
                title: crate::engine::save::scenario_title(&text),
                ruleset: crate::engine::save::read_header(&text, &path)
                    .map(|h| h.ruleset)
                    .unwrap_or_default(),
                age: written.and_then(|w| now.duration_since(w).ok()),
                path,
            };
            (written, game)
        })
        .collect();
    games.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.path.cmp(&b.1.path)));
    games.into_iter().map(|(_, g)| g).collect()
}

/// How long ago a save was written, in the list's words: `just now`, `5 min ago`, `3 h ago`,
/// `2 days ago`.
fn age_words(age: std::time::Duration) -> String {
    let s = age.as_secs();
    match s {
        0..60 => "just now".into(),
        60..3600 => format!("{} min ago", s / 60),
        3600..86_400 => format!("{} h ago", s / 3600),
        86_400..172_800 => "1 day ago".into(),
        _ => format!("{} days ago", s / 86_400),
    }
}

/// Whether every word of `find` (any case) is in the saved game's scenario title, rule set
/// or file name.
fn save_found(find: &str, g: &SavedGame, ruleset_title: &str) -> bool {
    let text = format!(
        "{} {} {}",
        g.title.as_deref().unwrap_or_default(),
        ruleset_title,
        g.path.file_name().unwrap_or_default().to_string_lossy()
    )
    .to_lowercase();
    find.split_whitespace()
        .all(|w| text.contains(&w.to_lowercase()))
}

/// The path typed into "Open a file" and the errors of the last try; the words typed into
/// Find.
#[derive(Resource, Default)]
struct OpenFile {
    path: String,
    errors: Vec<String>,
    /// The errors last brought into view: new ones are scrolled to, since the Open row sits
    /// at the foot of a long list and its error fell below the window's edge.
    shown: Vec<String>,
    find: String,
    /// Whether every saved game is listed, not only the newest [`SAVES_SHOWN`].
    all_saves: bool,
    /// The header's `Open a file…` was pressed: the list scrolls to the Open row at its foot
    /// (a walk found it only after scrolling past every scenario).
    to_open_row: bool,
}

/// The turn limit the player chose for a scenario before its game, by its file name in the
/// list, where his choice is not the scenario's own (`None`: no limit); see
/// [`crate::engine::ruleset::TurnLimitOption`].
#[derive(Resource, Default)]
struct Limits(std::collections::BTreeMap<String, Option<u32>>);

impl Limits {
    /// The limit a game of the scenario `name`, whose own limit is `own`, is begun with where
    /// the player chose another (`Some(None)`: cleared); `None` where it is begun as it is.
    fn change(&self, name: &str, own: Option<u32>) -> Option<Option<u32>> {
        self.0.get(name).copied().filter(|&l| l != own)
    }

    /// Records the player's choice of `limit` for the scenario `name` whose own is `own`.
    fn choose(&mut self, name: &str, own: Option<u32>, limit: Option<u32>) {
        if limit == own {
            self.0.remove(name);
        } else {
            self.0.insert(name.to_string(), limit);
        }
    }
}

/// What a turn limit means for a game, in the list's words: `no turn limit` or `ends after 12
/// phases` (`unit` the rule set's turn, singular).
fn limit_words(limit: Option<u32>, unit: &str) -> String {
    match limit {
        None => "no turn limit".into(),
        Some(1) => format!("ends after 1 {unit}"),
        Some(n) => format!("ends after {n} {unit}s"),
    }
}

/// The heading the player's own scenarios are listed under.
const OWN: &str = "Your scenarios";

/// What a press in the list asks for.
enum Pick {
    /// Begin the scenario, with the sides the rules play and those the search plays.
    Begin(Loaded, Vec<String>, Vec<String>),
    /// Begin it as a game by e-mail.
    ByEmail(Loaded),
}

impl Pick {
    /// The same press with the scenario given the turn limit the player chose in the list for
    /// `name` (none chosen: the scenario as it is).
    ///
    /// Errors: the rule set cannot write the scenario with that limit (each problem).
    fn limited(
        self,
        name: &str,
        limits: &Limits,
        registry: &Registry,
    ) -> Result<Self, Vec<String>> {
        let with = |loaded: Loaded| -> Result<Loaded, Vec<String>> {
            let option = registry
                .get(&loaded.header.ruleset)
                .and_then(|e| e.turn_limit);
            match (option, limits.change(name, loaded.header.turn_limit)) {
                (Some(o), Some(limit)) => (o.set)(&loaded, limit),
                _ => Ok(loaded),
            }
        };
        Ok(match self {
            Pick::Begin(loaded, rules, searched) => Pick::Begin(with(loaded)?, rules, searched),
            Pick::ByEmail(loaded) => Pick::ByEmail(with(loaded)?),
        })
    }
}

/// The entries listed under `find`, by heading in the list's order: each rule set's title
/// for the bundled ones, [`OWN`] for the player's.
fn groups<'a>(listing: &'a [Entry], find: &str) -> Vec<(&'static str, Vec<&'a Entry>)> {
    let mut out: Vec<(&'static str, Vec<&Entry>)> = Vec::new();
    for e in listing.iter().filter(|e| found(find, e)) {
        let heading = if e.4 { OWN } else { e.0 };
        match out.iter_mut().find(|(h, _)| *h == heading) {
            Some((_, es)) => es.push(e),
            None => out.push((heading, vec![e])),
        }
    }
    out
}

/// Whether every word of `find` (any case) is in the entry's name, description, sides, rule
/// set or file name; an empty `find` lists all.
fn found(find: &str, e: &Entry) -> bool {
    let mut text = format!("{} {}", e.0, e.2);
    if let Ok(l) = &e.3 {
        text.push_str(&format!(" {} {}", l.header.name, l.header.description));
        for s in &l.header.sides {
            text.push(' ');
            text.push_str(&s.name);
        }
    }
    let text = text.to_lowercase();
    find.split_whitespace()
        .all(|w| text.contains(&w.to_lowercase()))
}

fn list(registry: Res<Registry>, mut commands: Commands) {
    let mut listing: Vec<Entry> = registry
        .bundled()
        .map(|(entry, name, _)| {
            let loaded = registry.load(name).map(|(l, _)| l);
            (
                entry.title,
                (entry.plays_sides, entry.searches),
                name.to_string(),
                loaded,
                false,
            )
        })
        .collect();
    // The scenarios the editor saved (or the player put there), each checked as a bundled
    // one is, so a broken one shows its errors in the list.
    let own = crate::engine::autosave::data_folder().map(|d| d.join("scenarios"));
    let mut files: Vec<std::path::PathBuf> = own
        .and_then(|d| std::fs::read_dir(d).ok())
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    for f in files {
        let path = f.display().to_string();
        let (title, flags) = std::fs::read_to_string(&f)
            .ok()
            .and_then(|src| {
                let h = crate::rules::scenario::read_header(&src, &path, &registry.ids()).ok()?;
                registry.get(&h.ruleset)
            })
            .map_or(("", (false, false)), |e| {
                (e.title, (e.plays_sides, e.searches))
            });
        let loaded = registry.load(&path).map(|(l, _)| l);
        listing.push((title, flags, path, loaded, true));
    }
    let saves = saved_games(&crate::engine::autosave::saves_folder());
    commands.insert_resource(Listing(listing, saves));
}

fn select(
    mut ctx: EguiContexts,
    listing: Res<Listing>,
    registry: Res<Registry>,
    mut open: ResMut<OpenFile>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
    (mut dialogs, mut picked): (ResMut<FileDialogs>, MessageReader<Picked>),
    (mut against_search, mut limits): (ResMut<AgainstSearch>, ResMut<Limits>),
) -> Result {
    if let Some(Picked(path)) = picked.read().last() {
        open.path = path.display().to_string();
        open.errors.clear();
    }
    let ctx = ctx.ctx_mut()?;
    let mut picked_now = None;
    let mut root = crate::ui::root_ui(ctx);
    egui::CentralPanel::default().show(&mut root, |ui| {
        ui.horizontal(|ui| {
            if ui.button("Back to title").clicked() {
                next.set(Screen::Title);
            }
            ui.heading("Choose a scenario");
            ui.label("Find:");
            ui.add(
                egui::TextEdit::singleline(&mut open.find)
                    .desired_width(160.0)
                    .hint_text("name, side or rules"),
            )
            .on_hover_text("Lists only the scenarios with every word typed in their name, description, sides, rule set or file name");
            if !open.find.is_empty()
                && ui
                    .small_button("×")
                    .on_hover_text("Clear: list every scenario")
                    .clicked()
            {
                open.find.clear();
            }
            if ui
                .button("Open a file…")
                .on_hover_text("A scenario file or a saved game: the path and Browse… at the list's foot")
                .clicked()
            {
                open.to_open_row = true;
            }
            ui.checkbox(&mut against_search.0, "Solo against the searching opponent")
                .on_hover_text("Where it can play the rule set (the battlefield, 1 Stat Skirmish): \"Solo as\" sets a Monte-Carlo tree search against you instead of the rule set's own policy, thinking as long as the Settings say (1 s a move unless changed). The text's own solo opponents (Tyneside's rules-run side, 1 Stat Skirmish's solitaire opponents) stay the text's");
        });
        ui.separator();
        egui::ScrollArea::vertical().show(ui, |ui| {
            saved_list(ui, &listing.1, &registry, &mut open, &mut commands);
            for (heading, entries) in groups(&listing.0, &open.find) {
                egui::CollapsingHeader::new(egui::RichText::new(format!("{heading} ({})", entries.len())).heading())
                    .id_salt(heading)
                    .default_open(true)
                    .show(ui, |ui| {
                        if heading == OWN {
                            ui.weak("Saved by the scenario editor, in the data folder's scenarios/.");
                        }
                        for e in entries {
                            let pick = card(ui, e, (&*registry, &mut *limits), against_search.0, &mut commands);
                            if let Some(pick) = pick {
                                match pick.limited(&e.2, &limits, &registry) {
                                    Ok(pick) => picked_now = Some(pick),
                                    Err(es) => open.errors = es,
                                }
                            }
                            ui.add_space(6.0);
                        }
                    });
            }
            if groups(&listing.0, &open.find).is_empty() && !open.find.trim().is_empty() {
                ui.label(format!("No scenario has every word of \"{}\".", open.find.trim()));
            }
            ui.separator();
            let heading = ui.heading("Open a scenario file or a saved game");
            if std::mem::take(&mut open.to_open_row) {
                heading.scroll_to_me(Some(egui::Align::TOP));
            }
            let saves = crate::engine::autosave::saves_folder();
            ui.weak(format!("Save keeps games in {}.", saves.display()));
            ui.horizontal(|ui| {
                ui.label("Path:");
                ui.add(
                    egui::TextEdit::singleline(&mut open.path)
                        .desired_width(420.0)
                        .hint_text("scenarios/tyneside/my_fight.ron"),
                );
                if ui
                    .add_enabled(!dialogs.busy(), egui::Button::new("Browse…"))
                    .on_hover_text("Choose the file in your desktop's file dialog")
                    .clicked()
                {
                    // Where the saved games are, once there is one.
                    let start = if saves.is_dir() { saves.clone() } else { "scenarios".into() };
                    dialogs.ask(Purpose::Open, start, "");
                }
                if ui
                    .button("Open as replay")
                    .on_hover_text("A saved game, in the replay viewer: step through it and branch from any command")
                    .clicked()
                {
                    let path = open.path.trim().to_string();
                    open_file(&path, true, &registry, &mut open, &mut commands);
                }
                if ui.button("Open").clicked() {
                    let path = open.path.trim().to_string();
                    if let Some(pick) = open_file(&path, false, &registry, &mut open, &mut commands) {
                        picked_now = Some(pick);
                    }
                }
            });
            let said: Vec<String> = open.errors.iter().chain(&dialogs.unavailable).cloned().collect();
            let fresh = said != open.shown;
            for e in &said {
                let label = ui.colored_label(egui::Color32::LIGHT_RED, e);
                if fresh {
                    label.scroll_to_me(Some(egui::Align::Center));
                }
            }
            if fresh {
                open.shown = said;
            }
        });
    });
    let (chosen, by_email) = match picked_now {
        Some(Pick::Begin(loaded, rules_play, searched)) => {
            (Some((loaded, rules_play, searched)), None)
        }
        Some(Pick::ByEmail(loaded)) => (None, Some(loaded)),
        None => (None, None),
    };
    if let Some(loaded) = by_email {
        let file =
            super::by_email_file(&crate::engine::record::scenario_stem(&loaded.file, "game"));
        commands.queue(move |world: &mut World| {
            if let Err(es) = super::begin_by_email(world, loaded, clock_seed(), file) {
                world.resource_mut::<OpenFile>().errors = es;
            }
        });
    }
    if let Some((loaded, rules_play, searched)) = chosen {
        commands.queue(move |world: &mut World| {
            // The game begun thinks as the settings say.
            let begun = begin(world, loaded, clock_seed(), &rules_play)
                .and_then(|()| search_sides(world, &searched, None));
            if let Err(es) = begun {
                world.resource_mut::<OpenFile>().errors = es;
            }
        });
    }
    Ok(())
}

/// Opens the file at `path`: a saved game resumed (in the replay viewer where `replay`), a
/// scenario file returned to begin (never as a replay). A file that cannot be read, or is
/// neither, leaves its errors in `open`.
fn open_file(
    path: &str,
    replay: bool,
    registry: &Registry,
    open: &mut OpenFile,
    commands: &mut Commands,
) -> Option<Pick> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => {
            open.errors = vec![format!("{path}: cannot read: {e}")];
            return None;
        }
    };
    if crate::engine::save::looks_like_save(&text) {
        open.errors.clear();
        let path = path.to_string();
        commands.queue(move |world: &mut World| {
            match super::resume(world, std::path::Path::new(&path)) {
                Ok(()) if replay => {
                    world.write_message(crate::engine::replay_view::ViewRequest::Open);
                }
                Ok(()) => {}
                Err(e) => world.resource_mut::<OpenFile>().errors = vec![e],
            }
        });
        return None;
    }
    if replay {
        open.errors = vec![format!(
            "{path}: not a saved game (only a save can be replayed)"
        )];
        return None;
    }
    match registry.load(path) {
        Ok((loaded, _)) => {
            open.errors.clear();
            Some(Pick::Begin(loaded, Vec::new(), Vec::new()))
        }
        Err(es) => {
            open.errors = es;
            None
        }
    }
}

/// How many saved games the list shows before "Show all" (newest first): a long list of
/// saves would push the scenarios out of sight.
const SAVES_SHOWN: usize = 5;

/// The saved games in the data folder's `saves/` under `Your saved games`, newest first, each
/// with its scenario, rule set, file and age, and Open and Replay; only those with every word
/// of Find.
fn saved_list(
    ui: &mut egui::Ui,
    saves: &[SavedGame],
    registry: &Registry,
    open: &mut OpenFile,
    commands: &mut Commands,
) {
    let ruleset_title = |g: &SavedGame| registry.get(&g.ruleset).map_or("", |e| e.title);
    let listed: Vec<&SavedGame> = saves
        .iter()
        .filter(|g| save_found(&open.find, g, ruleset_title(g)))
        .collect();
    if listed.is_empty() {
        return;
    }
    let mut chosen = None;
    egui::CollapsingHeader::new(
        egui::RichText::new(format!("Your saved games ({})", listed.len())).heading(),
    )
    .id_salt("saved games")
    .default_open(true)
    .show(ui, |ui| {
        let shown = if open.all_saves {
            listed.len()
        } else {
            SAVES_SHOWN
        };
        for g in listed.iter().take(shown) {
            ui.group(|ui| {
                ui.set_width(ui.available_width());
                ui.horizontal(|ui| {
                    let file = g.path.file_name().unwrap_or_default().to_string_lossy();
                    match &g.title {
                        Some(title) => ui.strong(title),
                        None => ui.colored_label(egui::Color32::LIGHT_RED, "not a readable save"),
                    };
                    let age = g.age.map(age_words).unwrap_or_default();
                    ui.weak(format!("{} · {file} · saved {age}", ruleset_title(g)));
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        if ui
                            .button("Replay")
                            .on_hover_text(
                                "In the replay viewer: step through it and branch from any command",
                            )
                            .clicked()
                        {
                            chosen = Some((g.path.clone(), true));
                        }
                        if ui
                            .add_sized([90.0, 28.0], egui::Button::new("Resume"))
                            .on_hover_text("Play on from where it was saved")
                            .clicked()
                        {
                            chosen = Some((g.path.clone(), false));
                        }
                    });
                });
            });
        }
        if listed.len() > SAVES_SHOWN {
            let words = if open.all_saves {
                "Show only the newest".to_string()
            } else {
                format!("Show all {}", listed.len())
            };
            if ui.button(words).clicked() {
                open.all_saves = !open.all_saves;
            }
        }
    });
    if let Some((path, replay)) = chosen {
        open.path = path.display().to_string();
        open_file(&open.path.clone(), replay, registry, open, commands);
    }
}

/// One scenario's card in the list: its name and buttons, description and sides, or the
/// errors of a broken file; what was pressed.
fn card(
    ui: &mut egui::Ui,
    (title, (plays_sides, searches), name, loaded, _): &Entry,
    (registry, limits): (&Registry, &mut Limits),
    against_search: bool,
    commands: &mut Commands,
) -> Option<Pick> {
    let mut pick = None;
    match loaded {
        Ok(loaded) => {
            ui.group(|ui| {
                ui.set_width(ui.available_width());
                ui.horizontal(|ui| {
                    ui.heading(&loaded.header.name);
                    ui.with_layout(
                        egui::Layout::right_to_left(egui::Align::Center),
                        |ui| {
                            // Right to left: the demo, then solo as each side, then hotseat;
                            // solo and demo only where the rules can play a side.
                            if *plays_sides {
                                if ui
                                    .button("Watch")
                                    .on_hover_text("The rules play every side (a demo)")
                                    .clicked()
                                {
                                    pick = Some(Pick::Begin(
                                        loaded.clone(),
                                        vec!["all".to_string()],
                                        Vec::new(),
                                    ));
                                }
                                for side in loaded.header.sides.iter().rev() {
                                    if ui
                                        .button(format!("Solo as {}", side.name))
                                        .on_hover_text(
                                            "You play this side; the rules play the others",
                                        )
                                        .clicked()
                                    {
                                        let others: Vec<String> = loaded
                                            .header
                                            .sides
                                            .iter()
                                            .filter(|o| o.id != side.id)
                                            .map(|o| o.id.clone())
                                            .collect();
                                        let searched = if against_search && *searches {
                                            others.clone()
                                        } else {
                                            Vec::new()
                                        };
                                        pick = Some(Pick::Begin(loaded.clone(), others, searched));
                                    }
                                }
                            }
                            if ui
                                .add_sized([90.0, 28.0], egui::Button::new("Play"))
                                .on_hover_text(play_means(&loaded.header.sides))
                                .clicked()
                            {
                                pick = Some(Pick::Begin(loaded.clone(), Vec::new(), Vec::new()));
                            }
                            if ui
                                .button("By e-mail")
                                .on_hover_text(
                                    "Play a friend by sending a file back and forth: each side signs in with its own passphrase, which seals its secrets (docs/play-by-email.md)",
                                )
                                .clicked()
                            {
                                pick = Some(Pick::ByEmail(loaded.clone()));
                            }
                        },
                    );
                });
                ui.label(&loaded.header.description);
                // A side the scenario gives the rules is said before Play is
                // pressed: a play-test's second player found the Empire flying
                // itself in `first_sortie`.
                if let Some(rules) = rules_sides(&loaded.header.sides) {
                    ui.label(
                        // Said as what the Play button does, apart from Solo's choice of
                        // side (a walk read `Play: the rules play Empire` as a Solo's).
                        egui::RichText::new(format!(
                            "Press Play and the rules play {rules}, as the scenario sets{}.",
                            if *plays_sides { "; Solo lets you choose your side" } else { "" }
                        ))
                            .italics(),
                    );
                }
                let option = registry
                    .get(&loaded.header.ruleset)
                    .and_then(|e| e.turn_limit);
                if let Some(option) = option {
                    turn_limit_row(ui, name, loaded.header.turn_limit, option.unit, limits);
                }
                let sides: Vec<&str> = loaded
                    .header
                    .sides
                    .iter()
                    .map(|s| s.name.as_str())
                    .collect();
                ui.horizontal(|ui| {
                    ui.weak(format!(
                        "{} · rules: {title} · {name}",
                        sides.join(" v ")
                    ));
                    if *plays_sides
                        && ui
                            .small_button("Is this scenario fair?")
                            .on_hover_text(super::fairness::what_it_plays(
                                registry.get(&loaded.header.ruleset),
                            ))
                            .clicked()
                        && let Some(entry) = registry.get(&loaded.header.ruleset)
                    {
                        commands.insert_resource(super::fairness::Fairness::start(
                            *entry,
                            loaded.clone(),
                            name,
                        ));
                    }
                });
            });
        }
        Err(es) => {
            ui.colored_label(egui::Color32::LIGHT_RED, es.join("\n"));
        }
    }
    pick
}

/// A scenario's turn limit and the player's choice of one for the game (the scenario `name`,
/// whose own limit is `own`, counted in `unit`s): a tick to set or clear it, the number, and
/// what the game will do.
fn turn_limit_row(
    ui: &mut egui::Ui,
    name: &str,
    own: Option<u32>,
    unit: &str,
    limits: &mut Limits,
) {
    let chosen = limits.change(name, own).unwrap_or(own);
    let mut on = chosen.is_some();
    let mut turns = chosen.or(own).unwrap_or(12);
    ui.horizontal(|ui| {
        let ticked = ui
            .checkbox(&mut on, "Turn limit")
            .on_hover_text(format!(
                "A limit ends the game after that many {unit}s, as the rule set says at its limit (docs/rules); without one the game ends only as the rule text says. Your choice for this game: the scenario file is not changed"
            ))
            .changed();
        let counted = on
            && ui
                .add(
                    egui::DragValue::new(&mut turns)
                        .range(1..=99)
                        .suffix(format!(" {unit}s")),
                )
                .changed();
        if ticked || counted {
            limits.choose(name, own, on.then_some(turns));
        }
        let now = limits.change(name, own).unwrap_or(own);
        let words = limit_words(now, unit);
        if now == own {
            ui.weak(words);
        } else {
            ui.label(format!("{words} (the scenario: {})", limit_words(own, unit)));
        }
    });
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OpenFile>()
        .init_resource::<Limits>()
        .init_resource::<AgainstSearch>()
        .init_resource::<Listing>()
        .add_systems(OnEnter(Screen::ScenarioSelect), list)
        .add_systems(
            EguiPrimaryContextPass,
            select.run_if(in_state(Screen::ScenarioSelect)),
        );
}

/// The sides a scenario gives the rules to play, by name ("Outpost garrison", "Empire and
/// Pirates"), or `None` where people play them all.
fn rules_sides(sides: &[crate::rules::scenario::SideHeader]) -> Option<String> {
    let names: Vec<&str> = sides
        .iter()
        .filter(|s| s.control == crate::rules::scenario::Control::Rules)
        .map(|s| s.name.as_str())
        .collect();
    match names.as_slice() {
        [] => None,
        [one] => Some(one.to_string()),
        [rest @ .., last] => Some(format!("{} and {last}", rest.join(", "))),
    }
}

/// What Play does with a scenario's `sides`: hotseat, or solo where it gives the rules a side.
fn play_means(sides: &[crate::rules::scenario::SideHeader]) -> String {
    match rules_sides(sides) {
        None => "Hotseat: people play every side, passing the computer".into(),
        Some(rules) => {
            format!("As the scenario gives the sides: the rules play {rules}, people the others")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::scenario::{Control, SideHeader};

    fn side(name: &str, control: Control) -> SideHeader {
        SideHeader {
            id: name.to_lowercase(),
            name: name.into(),
            control,
        }
    }

    #[test]
    fn find_lists_the_scenarios_with_every_word_under_their_rule_sets() {
        let entry = |title: &'static str, name: &str, description: &str, own: bool| -> Entry {
            let header = crate::rules::scenario::Header {
                name: name.replace('_', " "),
                ruleset: String::new(),
                description: description.into(),
                sides: vec![
                    side("Galactic Empire", Control::Human),
                    side("Rebel Alliance", Control::Human),
                ],
                turn_limit: None,
            };
            let loaded = Loaded {
                file: format!("bundled:{name}.ron"),
                src: String::new(),
                header,
            };
            (title, (true, true), name.to_string(), Ok(loaded), own)
        };
        let field = "Imperial/Alliance battlefield";
        let listing = vec![
            entry(field, "walker_assault", "An AT-AT and an AT-ST", false),
            entry(
                "A Star Wars Battle (space)",
                "first_sortie",
                "X-wings",
                false,
            ),
            entry(field, "forest_ambush", "An imperial patrol", false),
            entry(field, "walker_assault", "An AT-AT and an AT-ST", true),
        ];
        let all = groups(&listing, "");
        let headings: Vec<&str> = all.iter().map(|(h, _)| *h).collect();
        assert_eq!(headings.len(), 3, "{headings:?}");
        assert_eq!(
            all[0].1.len(),
            2,
            "the two battlefield scenarios under one heading"
        );
        assert_eq!(headings[2], OWN);
        // By the words of a side, any case, every word.
        let found = groups(&listing, "REBEL walker");
        assert_eq!(found.len(), 2, "the bundled one and the player's own");
        assert!(
            found
                .iter()
                .all(|(_, es)| es.iter().all(|e| e.2 == "walker_assault"))
        );
        assert!(groups(&listing, "walker nothing-of-the-kind").is_empty());
    }

    /// The saves folder's games are listed newest first, each with its scenario's title and
    /// rule set; a file that is not a save is listed as unreadable, and other files not at all;
    /// Find picks them by title, rule set or file name.
    #[test]
    fn the_list_offers_the_saved_games_newest_first() {
        let dir =
            std::env::temp_dir().join(format!("holotable-saves-listed-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let save = |title: &str| {
            format!(
                r#"(format: "holotable-save", version: 4, ruleset: "tyneside", scenario_file: "bundled:x.ron", scenario_src: "(name: \"{title}\", ruleset: \"tyneside\")", commands: [])"#
            )
        };
        let old = dir.join("outpost_raid-turn3.ron");
        std::fs::write(&old, save("Outpost raid")).unwrap();
        let file = std::fs::File::options().write(true).open(&old).unwrap();
        file.set_modified(std::time::SystemTime::now() - std::time::Duration::from_secs(7200))
            .unwrap();
        std::fs::write(dir.join("escape.ron"), save("Escape from the Death Star")).unwrap();
        std::fs::write(dir.join("notes.ron"), "(not: a save)").unwrap();
        std::fs::write(dir.join("readme.txt"), "saves").unwrap();
        let games = saved_games(&dir);
        let names: Vec<String> = games
            .iter()
            .map(|g| g.path.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names.len(), 3, "{names:?}");
        assert_eq!(
            names[2], "outpost_raid-turn3.ron",
            "the oldest last: {names:?}"
        );
        let raid = &games[2];
        assert_eq!(raid.title.as_deref(), Some("Outpost raid"));
        assert_eq!(raid.ruleset, "tyneside");
        assert_eq!(raid.age.map(age_words).as_deref(), Some("2 h ago"));
        let notes = games
            .iter()
            .find(|g| g.path.ends_with("notes.ron"))
            .unwrap();
        assert_eq!(notes.title, None);
        assert!(save_found("RAID tyneside", raid, "Tyneside skirmish"));
        assert!(save_found("skirmish turn3", raid, "Tyneside skirmish"));
        assert!(!save_found("raid death", raid, "Tyneside skirmish"));
        assert!(saved_games(&dir.join("none")).is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_saves_age_is_said_in_minutes_hours_or_days() {
        let secs = std::time::Duration::from_secs;
        assert_eq!(age_words(secs(59)), "just now");
        assert_eq!(age_words(secs(60 * 5 + 30)), "5 min ago");
        assert_eq!(age_words(secs(3600 * 23)), "23 h ago");
        assert_eq!(age_words(secs(86_400 + 5)), "1 day ago");
        assert_eq!(age_words(secs(86_400 * 9)), "9 days ago");
    }

    #[test]
    fn the_list_says_a_scenarios_turn_limit() {
        assert_eq!(limit_words(None, "phase"), "no turn limit");
        assert_eq!(limit_words(Some(12), "phase"), "ends after 12 phases");
        assert_eq!(limit_words(Some(1), "phase"), "ends after 1 phase");
    }

    /// A limit chosen in the list is the game's where it is not the scenario's own; chosen
    /// back to the scenario's own (or cleared where it has none), the game is begun as it is.
    #[test]
    fn a_turn_limit_chosen_in_the_list_changes_the_game_only_where_it_differs() {
        let mut limits = Limits::default();
        assert_eq!(limits.change("first_skirmish", None), None);
        limits.choose("first_skirmish", None, Some(12));
        assert_eq!(limits.change("first_skirmish", None), Some(Some(12)));
        limits.choose("mine", Some(12), None);
        assert_eq!(limits.change("mine", Some(12)), Some(None), "cleared");
        limits.choose("first_skirmish", None, None);
        assert_eq!(
            limits.change("first_skirmish", None),
            None,
            "back to its own"
        );
        assert!(!limits.0.contains_key("first_skirmish"));
    }

    #[test]
    fn the_list_says_which_sides_the_rules_play() {
        let hotseat = [
            side("Rebels", Control::Human),
            side("Empire", Control::Human),
        ];
        assert_eq!(rules_sides(&hotseat), None);
        assert!(play_means(&hotseat).starts_with("Hotseat"));
        let solo = [
            side("Republic", Control::Human),
            side("Empire", Control::Rules),
        ];
        assert_eq!(rules_sides(&solo).as_deref(), Some("Empire"));
        let three = [
            side("Rebels", Control::Human),
            side("Empire", Control::Rules),
            side("Pirates", Control::Rules),
            side("Hutts", Control::Rules),
        ];
        assert_eq!(
            rules_sides(&three).as_deref(),
            Some("Empire, Pirates and Hutts")
        );
    }
}
