//! The title's *Play online* window: *Host a game*, *Join a game* (online play, hosted from
//! this computer: [`super::online`]) and *Club server* ([`super::club`]).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::Screen;
use super::online::{Online, PORT, host, join};
use crate::engine::pipeline::Notice;
use crate::engine::registry::Registry;
use crate::rules::scenario::Control;

/// What the title's online forms hold.
#[derive(Resource)]
struct Forms {
    host_open: bool,
    join_open: bool,
    club_open: bool,
    /// The scenario to host, by bundled name.
    scenario: String,
    /// The side played at the host, by id.
    side: String,
    port: String,
    address: String,
    code: String,
}

impl Default for Forms {
    fn default() -> Self {
        Self {
            host_open: false,
            join_open: false,
            club_open: false,
            scenario: String::new(),
            side: String::new(),
            port: PORT.to_string(),
            address: format!("127.0.0.1:{PORT}"),
            code: String::new(),
        }
    }
}

/// The *Play online* window's width, points: the club's lobby lines wrap within it.
const PANEL_WIDTH: f32 = 400.0;

fn forms(
    mut ctx: EguiContexts,
    registry: Res<Registry>,
    (mut forms, mut desk): (ResMut<Forms>, ResMut<super::club::ClubDesk>),
    glance: Res<super::club::ClubGlance>,
    mut commands: Commands,
) -> Result {
    let ctx = ctx.ctx_mut()?;
    // Below the title's lines, beside its buttons: opened out, it covers neither. One width
    // whichever tab is open, and what does not fit the window's height scrolls, so the tabs
    // stay where they were clicked and nothing grows over the title or past the foot (a walk:
    // the Club tab widened it under the pointer; a new game's Create sat at the screen's edge).
    let room = (ctx.content_rect().height() - 200.0 - 90.0).max(120.0);
    egui::Window::new("Play online")
        .anchor(egui::Align2::RIGHT_TOP, [-16.0, 200.0])
        .resizable(false)
        .collapsible(false)
        .min_width(PANEL_WIDTH)
        .max_width(PANEL_WIDTH)
        .show(ctx, |ui| {
            // Text boxes narrow enough that no form is wider than the window.
            ui.spacing_mut().text_edit_width = 240.0;
            if super::club::glance_line(ui, &glance, &desk) {
                forms.club_open = true;
                forms.host_open = false;
                forms.join_open = false;
                super::club::connect_now(&mut commands);
            }
            ui.horizontal(|ui| {
                if ui
                    .selectable_label(forms.host_open, "Host a game")
                    .clicked()
                {
                    forms.host_open = !forms.host_open;
                    forms.join_open = false;
                    forms.club_open = false;
                }
                if ui
                    .selectable_label(forms.join_open, "Join a game")
                    .clicked()
                {
                    forms.join_open = !forms.join_open;
                    forms.host_open = false;
                    forms.club_open = false;
                }
                if ui
                    .selectable_label(forms.club_open, "Club server")
                    .on_hover_text("Find an opponent at a club's server, live or by correspondence: no port to open")
                    .clicked()
                {
                    forms.club_open = !forms.club_open;
                    forms.host_open = false;
                    forms.join_open = false;
                }
            });
            egui::ScrollArea::vertical()
                .id_salt("play-online")
                .max_height(room)
                .show(ui, |ui| {
                    if forms.host_open {
                        host_form(ui, &registry, &mut forms, &mut commands);
                    }
                    if forms.join_open {
                        join_form(ui, &mut forms, &mut commands);
                    }
                    if forms.club_open {
                        super::club::tab(ui, &registry, &mut desk, &mut commands);
                    }
                });
        });
    Ok(())
}

fn host_form(ui: &mut egui::Ui, registry: &Registry, forms: &mut Forms, commands: &mut Commands) {
    ui.separator();
    let chosen = registry.read(&forms.scenario).ok();
    egui::ComboBox::from_label("Scenario")
        // The list scrolls inside the window rather than running past its foot.
        .height(300.0)
        .selected_text(match &chosen {
            Some((l, e)) => format!("{} — {}", l.header.name, e.title),
            None => "choose…".to_string(),
        })
        .show_ui(ui, |ui| {
            for (entry, name, src) in registry.bundled() {
                let name = name.trim_end_matches(".ron");
                let title = crate::rules::scenario::read_header(src, name, &[entry.id])
                    .map_or_else(|_| name.to_string(), |h| h.name);
                if ui
                    .selectable_label(forms.scenario == name, format!("{title} — {}", entry.title))
                    .clicked()
                {
                    forms.scenario = name.to_string();
                    forms.side.clear();
                }
            }
        });
    let sides: Vec<(String, String)> = chosen
        .map(|(l, _)| {
            l.header
                .sides
                .iter()
                .filter(|s| s.control != Control::Rules)
                .map(|s| (s.id.clone(), s.name.clone()))
                .collect()
        })
        .unwrap_or_default();
    if !sides.is_empty() {
        if !sides.iter().any(|(id, _)| *id == forms.side) {
            forms.side = sides[0].0.clone();
        }
        egui::ComboBox::from_label("You play")
            .selected_text(
                sides
                    .iter()
                    .find(|(id, _)| *id == forms.side)
                    .map_or("", |(_, n)| n.as_str()),
            )
            .show_ui(ui, |ui| {
                for (id, name) in &sides {
                    if ui.selectable_label(forms.side == *id, name).clicked() {
                        forms.side = id.clone();
                    }
                }
            });
    }
    ui.horizontal(|ui| {
        ui.label("Port (UDP)");
        ui.add(egui::TextEdit::singleline(&mut forms.port).desired_width(60.0));
    });
    let port_ok = forms.port.trim().parse::<u16>().is_ok_and(|p| p > 0);
    if !port_ok {
        ui.colored_label(
            egui::Color32::from_rgb(255, 110, 90),
            "The port is a number from 1 to 65535.",
        );
    }
    let ready = sides.len() >= 2 && port_ok;
    if !forms.scenario.is_empty() && sides.len() < 2 {
        ui.weak("This scenario has one side for a person: nobody to play online.");
    }
    if ui.add_enabled(ready, egui::Button::new("Host")).clicked() {
        let (scenario, side, port) = (
            forms.scenario.clone(),
            forms.side.clone(),
            forms.port.clone(),
        );
        commands.queue(move |world: &mut World| {
            if let Err(why) = host(world, &scenario, &side, &port, None) {
                world.resource_mut::<Notice>().refusal = Some(why);
            }
        });
    }
}

fn join_form(ui: &mut egui::Ui, forms: &mut Forms, commands: &mut Commands) {
    ui.separator();
    ui.horizontal(|ui| {
        ui.label("Address");
        ui.add(egui::TextEdit::singleline(&mut forms.address).hint_text("192.168.1.20:7777"));
    });
    ui.horizontal(|ui| {
        ui.label("Join code");
        ui.add(egui::TextEdit::singleline(&mut forms.code).hint_text("XXXX-XXXX-XXXX"));
    });
    if ui
        .add_enabled(!forms.code.trim().is_empty(), egui::Button::new("Join"))
        .clicked()
    {
        let (address, code) = (forms.address.clone(), forms.code.clone());
        commands.queue(move |world: &mut World| {
            if let Err(why) = join(world, &address, &code) {
                world.resource_mut::<Notice>().refusal = Some(why);
            }
        });
    }
}

/// Opens the window on its club tab: a club game's result screen goes back to the lobby so.
pub(super) fn open_club(world: &mut World) {
    let mut forms = world.resource_mut::<Forms>();
    forms.club_open = true;
    forms.host_open = false;
    forms.join_open = false;
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Forms>().add_systems(
        EguiPrimaryContextPass,
        forms.run_if(in_state(Screen::Title).and_then(not(resource_exists::<Online>))),
    );
}
