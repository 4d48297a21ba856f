//! The title screen: the reason a game named on the command line could not start, and the
//! offer to resume each game whose autosaves say it did not end.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::Screen;
use crate::engine::pipeline::Notice;
use crate::engine::registry::Registry;

/// The guided first game's button, and an unfinished one's name.
const FIRST_GAME: &str = "First game (guided)";

/// Unfinished games the title offers to resume, at most this many, newest first.
const RESUMABLE: usize = 6;

/// The unfinished games' autosaves (each newest first; the games newest first), looked up on
/// entering the title; and whether the title has been drawn since (its scroll goes back to the
/// top on entering: a walk came back to it scrolled and clicked Warbands for Play).
#[derive(Resource, Default)]
struct Unfinished(Vec<(String, Vec<std::path::PathBuf>)>, bool);

fn look_for_unfinished(mut commands: Commands) {
    let mut games = crate::engine::autosave::folder()
        .map(|f| crate::engine::autosave::unfinished(&f))
        .unwrap_or_default();
    games.truncate(RESUMABLE);
    // Each named by its scenario's title, as the list names it, not by the file's id.
    let named = games
        .into_iter()
        .map(|files| {
            let title = files
                .first()
                .and_then(|f| std::fs::read_to_string(f).ok())
                .and_then(|t| crate::engine::save::scenario_title(&t));
            let stem = files
                .first()
                .and_then(|f| {
                    f.file_name()?
                        .to_str()?
                        .split('.')
                        .next()
                        .map(str::to_string)
                })
                .map(|n| {
                    n.rsplit_once('-')
                        .map_or(n.clone(), |(stem, _)| stem.to_string())
                })
                .unwrap_or_else(|| "game".into());
            // A guided first game by the button that began it.
            let guided = files
                .first()
                .is_some_and(|f| crate::engine::autosave::Autosave::is_guided(f));
            let name = if guided {
                FIRST_GAME.to_string()
            } else {
                title.unwrap_or(stem)
            };
            (name, files)
        })
        .collect();
    commands.insert_resource(Unfinished(named, false));
}

/// Resumes the newest of `files` that loads and replays; one that does not is skipped (a
/// crash can leave no worse than the one before it), and if none does, every reason is shown.
fn resume_unfinished(world: &mut World, files: &[std::path::PathBuf]) {
    let mut why = Vec::new();
    for f in files {
        match super::resume(world, f) {
            // A guided first game goes on with its guide.
            Ok(()) if crate::engine::autosave::Autosave::is_guided(f) => {
                world.resource_mut::<crate::ui::Guide>().on = true;
                return;
            }
            Ok(()) => return,
            Err(e) => why.push(e),
        }
    }
    world.resource_mut::<Notice>().refusal = Some(why.join("\n"));
}

#[allow(clippy::too_many_arguments)]
fn title(
    mut ctx: EguiContexts,
    registry: Res<Registry>,
    mut settings: ResMut<super::settings::Settings>,
    mut settings_file: ResMut<super::settings::SettingsFile>,
    notice: Res<Notice>,
    mut unfinished: ResMut<Unfinished>,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
    mut commands: Commands,
    editing: Res<crate::ui::EditorScreen>,
) -> Result {
    let back_to_editor = editing.kept.is_some();
    let ctx = ctx.ctx_mut()?;
    let mut root = crate::ui::root_ui(ctx);
    // Where the window is wide enough, the unfinished games and the files opened lately stand
    // in a column of their own left of the buttons, all of them above the fold (at 1280x720
    // under Quit, "Opened lately" was below the window's edge and six games were folded).
    let room = ctx.content_rect();
    let side = ((room.width() - 240.0) / 2.0 - 48.0).min(440.0);
    let beside = side >= 360.0;
    egui::CentralPanel::default().show(&mut root, |ui| {
        let top = ui.available_height() * 0.1;
        // A long list of unfinished games scrolls rather than pushing Quit off the window.
        let mut scroll = egui::ScrollArea::vertical();
        if !unfinished.1 {
            scroll = scroll.vertical_scroll_offset(0.0);
        }
        scroll.show(ui, |ui| {
        ui.vertical_centered(|ui| {
            ui.add_space(top);
            ui.heading(egui::RichText::new("HOLOTABLE").size(56.0).strong());
            ui.label(
                egui::RichText::new("Star Wars miniature wargames, played entirely on screen")
                    .size(18.0),
            );
            ui.add_space(8.0);
            let titles: Vec<&str> = registry.0.iter().map(|e| e.title).collect();
            ui.label(format!("{} · hotseat for two or more players", titles.join(" · ")));
            // A game asked for on the command line that could not start says why here, in a
            // room kept for it whether or not there is anything to say, so the buttons below
            // do not move when it comes or goes.
            ui.add_space(8.0);
            let why = notice.refusal.as_deref().unwrap_or_default();
            ui.add_sized(
                [ui.available_width().min(720.0), 40.0],
                egui::Label::new(egui::RichText::new(why).color(egui::Color32::from_rgb(255, 110, 100)))
                    .wrap(),
            )
            .on_hover_text(why);
            ui.add_space(8.0);
            if ui
                .add_sized(
                    [240.0, 40.0],
                    egui::Button::new(egui::RichText::new("Play a scenario").size(20.0)),
                )
                .clicked()
            {
                next.set(Screen::ScenarioSelect);
            }
            if let Some((entry, (scenario, rules_side))) = registry
                .0
                .iter()
                .find_map(|e| e.first_game.map(|g| (e, g)))
            {
                ui.add_space(8.0);
                // The scenario by its title, as the list names it.
                let titled = registry
                    .read(scenario)
                    .map_or(scenario.to_string(), |(l, _)| l.header.name);
                if ui
                    .add_sized([240.0, 32.0], egui::Button::new(FIRST_GAME))
                    .on_hover_text(format!(
                        "{}: {titled}, against the rules, with a guide that says what to do next and quotes each rule as it comes up",
                        entry.title
                    ))
                    .clicked()
                {
                    let (scenario, rules_side) = (scenario.to_string(), rules_side.to_string());
                    commands.queue(move |world: &mut World| {
                        first_game(world, &scenario, &rules_side)
                    });
                }
            }
            ui.add_space(8.0);
            // One button, its menu a rule set with an editor per line.
            let button = egui::Button::new("Make a scenario").min_size(egui::vec2(240.0, 32.0));
            egui::containers::menu::MenuButton::from_button(button).ui(ui, |ui| {
                ui.weak("Lay out the board, place the forces, play it at once:");
                for entry in registry.0.iter().filter(|e| e.editor) {
                    let id = entry.id;
                    if ui.button(entry.title).clicked() {
                        commands.queue(move |world: &mut World| {
                            if let Err(why) = super::editor::open_new(world, id) {
                                world.resource_mut::<Notice>().refusal = Some(why);
                            }
                        });
                        ui.close();
                    }
                }
            });
            for (id, label) in registry.0.iter().filter_map(|e| e.rosters.map(|r| (e.id, r))) {
                ui.add_space(8.0);
                if ui
                    .add_sized([240.0, 32.0], egui::Button::new(label))
                    .on_hover_text("Build, edit, save and load your own rosters")
                    .clicked()
                {
                    commands.insert_resource(crate::ui::RosterScreen(Some(id)));
                    next.set(Screen::Rosters);
                }
            }
            ui.add_space(8.0);
            if ui
                .add_sized([240.0, 32.0], egui::Button::new("Settings"))
                .clicked()
            {
                settings_file.open = !settings_file.open;
            }
            if let Some(why) = &settings_file.problem {
                ui.colored_label(egui::Color32::from_rgb(255, 110, 100), why);
            }
            ui.add_space(8.0);
            let quit = ui.add_sized([240.0, 32.0], egui::Button::new("Quit"));
            crate::ui::key_widget(ui, "Quit", &quit);
            if quit.clicked() {
                exit.write(AppExit::Success);
            }
            // What comes and goes (the editor kept, unfinished games, files opened lately) under
            // Quit, so no button above moves when it does (a play-test clicked another game's
            // entry where a button had been).
            ui.add_space(8.0);
            if back_to_editor {
                if ui
                    .add_sized([240.0, 32.0], egui::Button::new("Back to the editor"))
                    .on_hover_text("The scenario you were making, as you left it")
                    .clicked()
                {
                    commands.queue(super::editor::back);
                }
                ui.add_space(8.0);
            }
            if !beside {
                games_lists(ui, &unfinished, &settings.recent, (AT_HAND, 240.0), &mut commands);
            }
        });
        });
    });
    if beside && (!unfinished.0.is_empty() || !settings.recent.is_empty()) {
        egui::Area::new(egui::Id::new("title-games"))
            .fixed_pos(egui::pos2(room.min.x + 24.0, room.min.y + 210.0))
            .show(ctx, |ui| {
                ui.set_width(side);
                // An Area's room is the size its content took last frame, so the scroll box
                // asks for its whole height itself: else, drawn first in a window not yet at
                // its size, it stayed 80 points high, one game in sight (a walk).
                let high = (room.height() - 220.0).max(80.0);
                egui::ScrollArea::vertical()
                    .max_height(high)
                    .min_scrolled_height(high)
                    .show(ui, |ui| {
                        games_lists(
                            ui,
                            &unfinished,
                            &settings.recent,
                            (RESUMABLE, side - 16.0),
                            &mut commands,
                        );
                    });
            });
    }
    ask_remove(ctx, &unfinished, &mut commands);
    unfinished.1 = true;
    if super::settings::window(ctx, &mut settings, &mut settings_file) {
        commands.queue(super::settings::store);
    }
    Ok(())
}

/// The unfinished games at hand, when the title has no room beside its buttons: the three
/// newest, the rest folded, so Quit stays on the window.
const AT_HAND: usize = 3;

/// The unfinished games, each a button to resume it (the `at_hand` newest shown, the rest
/// folded), and the files opened lately (`recent`), each a button to open it again; every
/// button at least `width` points wide.
fn games_lists(
    ui: &mut egui::Ui,
    unfinished: &Unfinished,
    recent: &[std::path::PathBuf],
    (at_hand, width): (usize, f32),
    commands: &mut Commands,
) {
    if !unfinished.0.is_empty() {
        ui.add_space(8.0);
        ui.weak("Unfinished games");
    }
    for k in 0..unfinished.0.len().min(at_hand) {
        resume_button(ui, unfinished, k, width, commands);
    }
    if unfinished.0.len() > at_hand {
        egui::CollapsingHeader::new(format!(
            "{} more",
            crate::rules::words::counted(unfinished.0.len() - at_hand, "unfinished game")
        ))
        .id_salt("more-unfinished")
        .show(ui, |ui| {
            for k in at_hand..unfinished.0.len() {
                resume_button(ui, unfinished, k, width, commands);
            }
        });
    }
    if !recent.is_empty() {
        ui.add_space(12.0);
        ui.weak("Opened lately");
        for f in recent.iter().take(3).cloned() {
            let name = f.file_name().and_then(|n| n.to_str()).unwrap_or("?");
            if ui
                .add(
                    egui::Button::new(name)
                        .truncate()
                        .min_size(egui::vec2(width, 24.0)),
                )
                .on_hover_text(f.display().to_string())
                .clicked()
            {
                commands.queue(move |world: &mut World| open_recent(world, &f));
            }
        }
    }
}

/// The button that resumes unfinished game `k`, named by its scenario (two games of one
/// scenario told apart by a number) and how long ago it was last played, at least `width`
/// points wide.
fn resume_button(
    ui: &mut egui::Ui,
    unfinished: &Unfinished,
    k: usize,
    width: f32,
    commands: &mut Commands,
) {
    let files = &unfinished.0[k].1;
    let Some(newest) = files.first() else { return };
    let game = listed(unfinished, k);
    let when = std::fs::metadata(newest)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok())
        .map(|d| match d.as_secs() {
            s if s < 120 => "just now".to_string(),
            s if s < 7200 => format!("{} min ago", s / 60),
            s if s < 172_800 => format!("{} h ago", s / 3600),
            s => format!("{} days ago", s / 86_400),
        })
        .unwrap_or_default();
    // As wide as its words (a walk read "Resume Brawl behind the ca…"), never narrower than
    // the buttons with Remove beside it.
    ui.horizontal(|ui| {
        let button = ui
            .add(
                egui::Button::new(format!("Resume {game} · {when}"))
                    .min_size(egui::vec2(width - REMOVE, 28.0)),
            )
            .on_hover_text(format!(
                "The last autosave of a game that did not end: {}",
                newest.display()
            ));
        crate::ui::key_widget(ui, format!("list:unfinished:{k}"), &button);
        if button.clicked() {
            let files = files.clone();
            commands.queue(move |world: &mut World| resume_unfinished(world, &files));
        }
        // A game not to be finished leaves the list (a walk found no way to): its autosaves
        // are set aside, not deleted, so a slip loses nothing.
        let remove = ui
            .add(egui::Button::new("Remove").min_size(egui::vec2(0.0, 28.0)))
            .on_hover_text(format!(
                "Take this game off the list: its autosaves move to {}",
                newest
                    .parent()
                    .map(|p| p.join(crate::engine::autosave::SET_ASIDE))
                    .unwrap_or_default()
                    .display()
            ));
        crate::ui::key_widget(ui, format!("list:remove-unfinished:{k}"), &remove);
        // Asked first: the rows below move up once it goes, under a second click (a walk).
        if remove.clicked() {
            ui.data_mut(|d| d.insert_temp(removing_id(), k));
        }
    });
}

/// Unfinished game `k`'s name in the list: its scenario's, two games of one scenario told
/// apart by a number.
fn listed(unfinished: &Unfinished, k: usize) -> String {
    let game = &unfinished.0[k].0;
    let same = unfinished.0.iter().filter(|(g, _)| g == game).count();
    let nth = unfinished.0[..k].iter().filter(|(g, _)| g == game).count();
    if same > 1 {
        format!("{game} ({})", nth + 1)
    } else {
        game.clone()
    }
}

fn removing_id() -> egui::Id {
    egui::Id::new("title-removing-unfinished")
}

/// The question Remove asks, while asked: take unfinished game k off the list? Enter says
/// yes, Escape no.
fn ask_remove(ctx: &egui::Context, unfinished: &Unfinished, commands: &mut Commands) {
    let Some(k) = ctx.data(|d| d.get_temp::<usize>(removing_id())) else {
        return;
    };
    let Some((_, files)) = unfinished.0.get(k) else {
        ctx.data_mut(|d| d.remove::<usize>(removing_id()));
        return;
    };
    let game = listed(unfinished, k);
    let mut answer = None;
    egui::Modal::new(egui::Id::new("title-remove-question")).show(ctx, |ui| {
        ui.set_max_width(420.0);
        ui.heading(format!("Take {game} off the list?"));
        ui.label(format!(
            "Its autosaves move to {}: nothing is deleted, and Open can play them again.",
            files
                .first()
                .and_then(|f| f.parent())
                .map(|p| p.join(crate::engine::autosave::SET_ASIDE))
                .unwrap_or_default()
                .display()
        ));
        ui.horizontal(|ui| {
            let yes = ui.button("Take it off (Enter)");
            crate::ui::key_widget(ui, "remove-yes", &yes);
            if yes.clicked() || ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                answer = Some(true);
            }
            if ui.button("Keep it (Esc)").clicked()
                || ui.input(|i| i.key_pressed(egui::Key::Escape))
            {
                answer = Some(false);
            }
        });
    });
    if let Some(yes) = answer {
        ctx.data_mut(|d| d.remove::<usize>(removing_id()));
        if yes {
            let files = files.clone();
            commands.queue(move |world: &mut World| remove_unfinished(world, &files));
        }
    }
}

/// The room Remove takes beside a game's Resume, egui points.
const REMOVE: f32 = 72.0;

/// Sets the unfinished game of `files` aside and looks again for the rest; why not, on the
/// title, where its files could not be moved.
fn remove_unfinished(world: &mut World, files: &[std::path::PathBuf]) {
    use bevy::ecs::system::RunSystemOnce;
    if let Err(e) = crate::engine::autosave::set_aside(files) {
        world.resource_mut::<Notice>().refusal =
            Some(format!("The game could not be taken off the list: {e}"));
    }
    if let Err(e) = world.run_system_once(look_for_unfinished) {
        warn!("the unfinished games: {e}");
    }
}

/// Starts the guided first game: bundled `scenario` against the rules playing `rules_side`,
/// with the guide on; why not, on the title, if it cannot.
fn first_game(world: &mut World, scenario: &str, rules_side: &str) {
    let registry = world.resource::<Registry>().clone();
    let begun = registry.load(scenario).and_then(|(loaded, _)| {
        super::begin(
            world,
            loaded,
            super::clock_seed(),
            &[rules_side.to_string()],
        )
    });
    match begun {
        Ok(()) => {
            world.resource_mut::<crate::ui::Guide>().on = true;
            if let Some(mut autosave) =
                world.get_resource_mut::<crate::engine::autosave::Autosave>()
            {
                autosave.guided();
            }
        }
        Err(es) => world.resource_mut::<Notice>().refusal = Some(es.join("\n")),
    }
}

/// Opens a recent file: a save resumes, a scenario starts (hotseat, a new seed).
fn open_recent(world: &mut World, file: &std::path::Path) {
    let text = std::fs::read_to_string(file).unwrap_or_default();
    let result = if crate::engine::save::looks_like_save(&text) {
        super::resume(world, file)
    } else {
        let registry = world.resource::<Registry>().clone();
        registry
            .load(&file.display().to_string())
            .and_then(|(loaded, _)| super::begin(world, loaded, super::clock_seed(), &[]))
            .map_err(|es| es.join("\n"))
    };
    if let Err(why) = result {
        world.resource_mut::<Notice>().refusal = Some(why);
    }
}

/// A roster screen the rule set closed: back to the title.
fn rosters_closed(rosters: Res<crate::ui::RosterScreen>, mut next: ResMut<NextState<Screen>>) {
    if rosters.0.is_none() {
        next.set(Screen::Title);
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Unfinished>()
        .add_systems(Update, rosters_closed.run_if(in_state(Screen::Rosters)))
        .add_systems(OnEnter(Screen::Title), look_for_unfinished)
        .add_systems(
            EguiPrimaryContextPass,
            title.run_if(in_state(Screen::Title)),
        );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screens::test_window::TestWindow;
    use crate::ui::layout::{SIZES, check};

    /// The title alone in a window of `size`.
    fn title_window(size: (u32, u32)) -> TestWindow {
        let mut w = TestWindow::new(size, Registry(Vec::new()));
        w.app
            .init_state::<Screen>()
            .init_resource::<super::super::settings::Settings>()
            .init_resource::<super::super::settings::SettingsFile>();
        plugin(&mut w.app);
        w
    }

    /// Six unfinished games (the most the title offers) are all in view with Quit, at both
    /// sizes, after frames in a low window (as a window can open before it takes its size):
    /// the list's box beside the buttons stayed as high as it had first been, one game in sight
    /// (a walk).
    #[test]
    fn six_unfinished_games_are_in_view_with_quit() {
        for size in SIZES {
            let mut w = title_window((size.0, 300));
            // Entered the title (which looks for the games), then these games.
            w.frames(2);
            let games = (0..RESUMABLE)
                .map(|k| {
                    (
                        format!("Game {k}"),
                        vec![std::path::PathBuf::from("none.ron")],
                    )
                })
                .collect();
            w.app.insert_resource(Unfinished(games, false));
            w.frames(4);
            let mut windows = w.app.world_mut().query::<(Entity, &mut Window)>();
            let (window, mut at) = windows.single_mut(w.app.world_mut()).expect("one window");
            let (width, height) = (size.0 as f32, size.1 as f32);
            at.resolution.set(width, height);
            w.app
                .world_mut()
                .write_message(bevy::window::WindowResized {
                    window,
                    width,
                    height,
                });
            w.frames(6);
            let keys = check(&mut w, &format!("the title at {size:?}"), &["Quit"]);
            let games = keys
                .iter()
                .filter(|k| k.0.starts_with("list:unfinished:"))
                .count();
            assert_eq!(games, RESUMABLE, "{size:?}: {keys:?}");
            assert_eq!(
                w.screen().height(),
                size.1 as f32,
                "the window took its size"
            );
        }
    }

    /// Remove beside an unfinished game takes it off the list and sets its autosaves aside,
    /// not deleted; the other game stays.
    #[test]
    fn remove_takes_an_unfinished_game_off_the_list_and_keeps_its_files() {
        let dir = std::env::temp_dir().join(format!("holotable-remove-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let file = |name: &str| {
            let f = dir.join(name);
            std::fs::write(&f, "()").unwrap();
            f
        };
        let first = vec![file("a-1.000002.ron"), file("a-1.000001.ron")];
        let second = vec![file("b-2.000001.ron")];
        let mut w = title_window(SIZES[0]);
        w.frames(2);
        w.app.insert_resource(Unfinished(
            vec![("A".into(), first.clone()), ("B".into(), second.clone())],
            false,
        ));
        w.frames(4);
        let keys = check(&mut w, "the title", &["Quit", "list:remove-unfinished:0"]);
        w.click(crate::ui::layout::rect_of(&keys, "list:remove-unfinished:0").center());
        // Asked first: nothing moved yet.
        let asked = check(&mut w, "the title, asking", &["remove-yes"]);
        assert!(first.iter().all(|f| f.exists()), "moved before the answer");
        w.click(crate::ui::layout::rect_of(&asked, "remove-yes").center());
        w.frames(3);
        let aside = dir.join(crate::engine::autosave::SET_ASIDE);
        for f in &first {
            assert!(!f.exists(), "{f:?} still in the autosaves");
            assert!(aside.join(f.file_name().unwrap()).exists(), "{f:?} lost");
        }
        assert!(second[0].exists(), "the other game was moved");
        let listed = &w.app.world().resource::<Unfinished>().0;
        assert!(
            !listed
                .iter()
                .any(|(_, files)| files.iter().any(|f| first.contains(f))),
            "still listed: {:?}",
            listed
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
