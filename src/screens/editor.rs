//! The app's side of a rule set's scenario editor (docs/editor.md): the title's *Make a
//! scenario* and *Back to the editor*, `holotable edit [SCENARIO]`, the editor's Play, and back
//! to the title when it closes. The editor itself is the rule set's ([`crate::ui::EditorScreen`]).

use bevy::prelude::*;

use super::Screen;
use crate::engine::pipeline::Notice;
use crate::engine::registry::Registry;
use crate::ui::{EditorScreen, OpenEditor, PlayScenario};

/// Opens rule set `ruleset`'s editor (by registry id) in `world` on a new scenario.
///
/// Errors: it has no editor.
pub fn open_new(world: &mut World, ruleset: &'static str) -> Result<(), String> {
    let registry = world.resource::<Registry>().clone();
    if !registry.get(ruleset).is_some_and(|e| e.editor) {
        return Err(format!("{ruleset} has no scenario editor yet"));
    }
    world.resource_mut::<EditorScreen>().showing = Some(ruleset);
    world.write_message(OpenEditor {
        ruleset,
        scenario: None,
    });
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Editor);
    Ok(())
}

/// Opens the editor in `world`: on a new scenario of the first rule set that has an editor
/// (`scenario` `None`), or on a copy of `scenario` (a bundled name or a file).
///
/// Errors: no rule set has an editor, the scenario cannot be read, or its rule set has no
/// editor yet (the ones that have are named).
pub fn open(world: &mut World, scenario: Option<&str>) -> Result<(), String> {
    let registry = world.resource::<Registry>().clone();
    let with_editor: Vec<&str> = registry
        .0
        .iter()
        .filter(|e| e.editor)
        .map(|e| e.title)
        .collect();
    let (ruleset, scenario) = match scenario {
        None => (
            registry
                .0
                .iter()
                .find(|e| e.editor)
                .ok_or("no rule set has an editor")?
                .id,
            None,
        ),
        Some(name) => {
            let (loaded, entry) = registry.read(name).map_err(|e| e.join("\n"))?;
            if !entry.editor {
                return Err(format!(
                    "{}: the editor makes {} scenarios for now, not {}",
                    loaded.file,
                    with_editor.join(", "),
                    entry.title
                ));
            }
            (entry.id, Some(loaded))
        }
    };
    // Shown at once, so the screen does not close before the rule set has read the ask.
    world.resource_mut::<EditorScreen>().showing = Some(ruleset);
    world.write_message(OpenEditor { ruleset, scenario });
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Editor);
    Ok(())
}

/// Back to the scenario being made, as it was left.
pub fn back(world: &mut World) {
    let mut e = world.resource_mut::<EditorScreen>();
    e.showing = e.kept;
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Editor);
}

/// The editor's Play: a hotseat game of the scenario as it stands.
fn play(world: &mut World) {
    let asked: Vec<PlayScenario> = world
        .resource_mut::<Messages<PlayScenario>>()
        .drain()
        .collect();
    for PlayScenario(loaded) in asked {
        if let Err(why) = super::begin(world, loaded, super::clock_seed(), &[]) {
            world.resource_mut::<Notice>().refusal = Some(why.join("\n"));
            world.resource_mut::<NextState<Screen>>().set(Screen::Title);
        }
    }
}

/// The editor closed (its Title), or never opened (a scenario that could not be read): the
/// title screen.
fn closed(editor: Res<EditorScreen>, mut next: ResMut<NextState<Screen>>) {
    if editor.showing.is_none() {
        next.set(Screen::Title);
    }
}

/// Leaving the editor's screen (for a game, or the title) hides it; it keeps its scenario.
fn hide(mut editor: ResMut<EditorScreen>) {
    editor.showing = None;
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (play, closed.run_if(in_state(Screen::Editor))).chain(),
    )
    .add_systems(OnExit(Screen::Editor), hide);
}
