//! The window's app with no window system and no renderer, for tests that lay out the table
//! and the panels as a player sees them at a window's size: the window's own plugins
//! ([`super::table_and_panels`]) over Bevy's default plugins with no graphics backend (as
//! Bevy's `no_renderer` example) and no winit, so egui lays out every update and nothing is
//! drawn (issue 61).

use bevy::prelude::*;
use bevy::render::RenderPlugin;
use bevy::render::settings::WgpuSettings;
use bevy::window::WindowResolution;
use bevy_egui::input::EguiInputEvent;
use bevy_egui::{EguiContext, PrimaryEguiContext, egui};

use crate::engine::dice::Randomness;
use crate::engine::registry::Registry;

/// A playing screen of `size` window pixels, headless.
pub(crate) struct TestWindow {
    /// The app.
    pub app: App,
}

impl TestWindow {
    /// A window `size` pixels across and down with the rule sets of `registry`, no game in it.
    pub fn new(size: (u32, u32), registry: Registry) -> Self {
        let mut app = App::new();
        app.add_plugins(
            DefaultPlugins
                .set(RenderPlugin {
                    render_creation: WgpuSettings {
                        backends: None,
                        ..default()
                    }
                    .into(),
                    ..default()
                })
                .set(WindowPlugin {
                    primary_window: Some(Window {
                        resolution: WindowResolution::new(size.0, size.1),
                        ..default()
                    }),
                    ..default()
                })
                .disable::<bevy::winit::WinitPlugin>()
                .disable::<bevy::log::LogPlugin>(),
        );
        super::table_and_panels(&mut app, &registry);
        app.insert_resource(registry);
        app.finish();
        app.cleanup();
        // No hand-over screen: the table and panels show whoever is to act.
        app.world_mut()
            .resource_mut::<crate::ui::Handover>()
            .disabled = true;
        app.update();
        Self { app }
    }

    /// Starts the bundled scenario `name` with dice seeded by `seed`, and lets the panels and
    /// the camera settle.
    ///
    /// Panics where the scenario does not start (a test's own mistake).
    pub fn begin(&mut self, name: &str, seed: u64) {
        let registry = self.app.world().resource::<Registry>().clone();
        let (loaded, entry) = registry
            .load(name)
            .unwrap_or_else(|e| panic!("{name}: {e:?}"));
        (entry.start)(self.app.world_mut(), &loaded, Randomness::seeded(seed))
            .unwrap_or_else(|e| panic!("{name}: {e:?}"));
        self.frames(8);
    }

    /// Runs `n` frames.
    pub fn frames(&mut self, n: usize) {
        for _ in 0..n {
            self.app.update();
        }
    }

    /// The egui context of the window.
    pub fn ctx(&mut self) -> egui::Context {
        let world = self.app.world_mut();
        let mut q = world.query_filtered::<&mut EguiContext, With<PrimaryEguiContext>>();
        q.single_mut(world)
            .expect("the window's egui context")
            .get_mut()
            .clone()
    }

    /// The key widgets of the last frame ([`crate::ui::KeyWidgets`]).
    pub fn keys(&mut self) -> Vec<(String, egui::Rect, egui::Rect)> {
        crate::ui::key_widgets(&self.ctx()).rects
    }

    /// The window's rectangle, egui points.
    pub fn screen(&mut self) -> egui::Rect {
        self.ctx().viewport_rect()
    }

    /// Rests the pointer at `at` (egui points, window pixels at the default zoom): on the
    /// window, as the table's pointer reads it, and on egui; three frames.
    pub fn hover(&mut self, at: egui::Pos2) {
        let world = self.app.world_mut();
        let mut windows = world.query::<&mut Window>();
        for mut w in windows.iter_mut(world) {
            w.set_cursor_position(Some(Vec2::new(at.x, at.y)));
        }
        let mut q = world.query_filtered::<Entity, With<PrimaryEguiContext>>();
        let context = q.single(world).expect("the window's egui context");
        self.app.world_mut().write_message(EguiInputEvent {
            context,
            event: egui::Event::PointerMoved(at),
        });
        self.frames(3);
    }

    /// Clicks the left button at `at` (egui points), over three frames: the pointer comes,
    /// the button goes down, and up.
    pub fn click(&mut self, at: egui::Pos2) {
        let world = self.app.world_mut();
        let mut q = world.query_filtered::<Entity, With<PrimaryEguiContext>>();
        let context = q.single(world).expect("the window's egui context");
        let button = |pressed| egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        };
        for event in [egui::Event::PointerMoved(at), button(true), button(false)] {
            self.app
                .world_mut()
                .write_message(EguiInputEvent { context, event });
            self.app.update();
        }
        self.frames(2);
    }
}
