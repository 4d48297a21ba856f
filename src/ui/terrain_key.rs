//! What the table's terrain does, without words on the table: a tooltip for the piece (or hex)
//! under the cursor, and the terrain key, a window listing each kind of ground on this board
//! with its colour and what its properties do.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, egui};

use super::{Handover, TableArea, colour32};
use crate::engine::board::{BoardGeometry, PropertyWords};
use crate::engine::pieces::{Badge, Token};
use crate::rules::terrain::{TerrainKind, TerrainPiece, TerrainProperty};
use crate::view::palette::terrain_colour;
use crate::view::{CursorNote, CursorNoteSet, NotePart, PanelInsets, TablePointer};

/// A piece's id in words for a player: "north_wall" reads "north wall".
fn spoken(id: &str) -> String {
    id.replace(['_', '-'], " ")
}

/// A piece in words: "cantina — building: blocks sight (no line of sight through it), …".
pub fn describe(piece: &TerrainPiece, words: PropertyWords) -> String {
    let name = spoken(&piece.id);
    let props: Vec<String> = piece
        .properties
        .iter()
        .map(|p| {
            let (name, does) = words(*p);
            format!("{name} ({does})")
        })
        .collect();
    // A piece named for its kind ("crates") is not told twice.
    let kind = piece.kind.name();
    let head = if name.eq_ignore_ascii_case(kind) {
        name
    } else {
        format!("{name} — {kind}")
    };
    if props.is_empty() {
        format!("{head}: open ground")
    } else {
        format!("{head}: {}", props.join(", "))
    }
}

fn swatch(ui: &mut egui::Ui, fill: egui::Color32) -> egui::Rect {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(16.0, 12.0), egui::Sense::hover());
    ui.painter().rect_filled(rect, 2.0, fill);
    rect
}

/// Most pieces named beside a kind in the key; the rest are counted.
const NAMED: usize = 3;

/// The key's line for each kind on the table, in the order first met: the kind and the pieces
/// of it by the names that refusals and hovers give them ("water: sump"; a walk read "sump" in a
/// refusal and found only "water" in the key). A piece named for its kind adds nothing.
fn kind_rows(terrain: &[TerrainPiece]) -> Vec<(TerrainKind, String)> {
    let mut rows: Vec<(TerrainKind, Vec<String>)> = Vec::new();
    for t in terrain {
        let k = match rows.iter().position(|(k, _)| *k == t.kind) {
            Some(k) => k,
            None => {
                rows.push((t.kind, Vec::new()));
                rows.len() - 1
            }
        };
        let name = spoken(&t.id);
        let names = &mut rows[k].1;
        if !name.eq_ignore_ascii_case(t.kind.name()) && !names.contains(&name) {
            names.push(name);
        }
    }
    rows.into_iter()
        .map(|(k, names)| {
            let line = match names.len() {
                0 => k.name().to_string(),
                n if n <= NAMED => format!("{}: {}", k.name(), names.join(", ")),
                n => format!(
                    "{}: {} and {} more",
                    k.name(),
                    names[..NAMED].join(", "),
                    n - NAMED
                ),
            };
            (k, line)
        })
        .collect()
}

/// The key's rows for an inch table: each kind present with its pieces' names, then each
/// property present.
fn table_key(ui: &mut egui::Ui, terrain: &[TerrainPiece], words: PropertyWords) {
    let mut props: Vec<TerrainProperty> = Vec::new();
    for t in terrain {
        for p in &t.properties {
            if !props.contains(p) {
                props.push(*p);
            }
        }
    }
    props.sort();
    for (k, line) in kind_rows(terrain) {
        ui.horizontal_wrapped(|ui| {
            swatch(ui, colour32(terrain_colour(k)));
            ui.label(line);
        });
    }
    ui.separator();
    let hatched = props.contains(&TerrainProperty::Difficult);
    for p in props {
        let (name, does) = words(p);
        ui.horizontal(|ui| {
            ui.strong(name);
            ui.label(does);
        });
    }
    // Plain text, not weak: a walk took the key's grey words for switched off.
    ui.label(if hatched {
        "Hatched: difficult ground. Heavy outline: blocks sight or movement."
    } else {
        "Heavy outline: blocks sight or movement."
    });
}

/// What the marks on and about the pieces say, for the key (a new player's walk found none of
/// them explained).
const PIECES: &str = "A faded piece has gone this turn, or is out of the fight for now (ducked \
back, hiding, down, retreating). Chips beside a piece (W, D, down …) are its \
state; hover the piece for what each means. A red bar across the touch of two bases: they stand \
in base contact, close enough for melee. When the table comes back to you after the rules \
(solo) or a player at another computer (online) played: arrows from where their pieces stood, a \
yellow line from each attacker to its target, a red ring on your pieces struck and a crossed-out \
base where a piece was removed. Your own last attack is drawn the same way, its dice and results \
in a box over a corner of the table, until your next command. In a hotseat game where something is hidden from the other side, the \
hand-over screen lists what was done instead; where nothing is, the banner names the side to \
play and the Events below tell what was done.";

/// Each chip on the table now, once, in the order the pieces carry them: (the chip, whether
/// pieces carrying it say different things by it, as "in base contact with Han" and "… with
/// Leia" do: the first is then an example).
fn chips<'a>(tokens: impl IntoIterator<Item = &'a Token>) -> Vec<(&'a Badge, bool)> {
    let mut out: Vec<(&Badge, bool)> = Vec::new();
    for b in tokens
        .into_iter()
        .filter(|t| t.shown)
        .flat_map(|t| &t.badges)
    {
        match out.iter_mut().find(|(x, _)| x.code == b.code) {
            Some((x, varied)) => *varied |= x.meaning != b.meaning,
            None => out.push((b, false)),
        }
    }
    out
}

/// The key's rows for the chips on the table now (a walk found "active" and "down"
/// explained nowhere but on each piece's hover).
fn chip_rows(ui: &mut egui::Ui, chips: &[(&Badge, bool)]) {
    if chips.is_empty() {
        return;
    }
    ui.separator();
    for (b, varied) in chips {
        ui.horizontal_wrapped(|ui| {
            ui.label(
                egui::RichText::new(&b.code)
                    .background_color(colour32(b.colour))
                    .color(egui::Color32::WHITE),
            );
            ui.label(if *varied {
                format!("e.g. {}", b.meaning)
            } else {
                b.meaning.clone()
            });
        });
    }
}

#[allow(clippy::too_many_arguments)]
fn show(
    mut ctx: EguiContexts,
    board: Option<Res<BoardGeometry>>,
    handover: Res<Handover>,
    area: Res<TableArea>,
    insets: Res<PanelInsets>,
    window: Query<&Window, With<PrimaryWindow>>,
    table: TablePointer,
    mut note: ResMut<CursorNote>,
    mut state: ResMut<super::UiState>,
    tokens: Query<&Token>,
) -> Result {
    let Some(board) = board else { return Ok(()) };
    if handover.showing {
        return Ok(());
    }
    let ctx = ctx.ctx_mut()?.clone();
    let right = area.0.max.x - 8.0;
    // Shut, it is only the phase bar's Key button: nothing of it lies over the table (a
    // play-test found its collapsed title over a unit's label).
    let mut open = state.terrain_key;
    // Over the phase bar's whole hint, as Help.
    egui::Window::new("Key")
        .order(egui::Order::Foreground)
        .open(&mut open)
        .resizable(false)
        .collapsible(false)
        .anchor(
            egui::Align2::RIGHT_BOTTOM,
            [
                right - ctx.content_rect().max.x,
                area.0.max.y - ctx.content_rect().max.y - 8.0,
            ],
        )
        .show(&ctx, |ui| {
            match &*board {
                BoardGeometry::InchTable { terrain, words, .. } => table_key(ui, terrain, *words),
                BoardGeometry::HexMap { hexes, .. } => {
                    let mut seen: Vec<(&str, Color)> = Vec::new();
                    for cell in hexes {
                        if !seen.iter().any(|(n, _)| *n == cell.name) {
                            seen.push((&cell.name, cell.fill));
                        }
                    }
                    // A road is drawn as lines between hex centres, not a fill: said here
                    // (its zigzag along a row of hexes read as something else: a play-test).
                    let road = seen.iter().any(|(n, _)| n.contains("road"));
                    for (name, fill) in seen {
                        ui.horizontal(|ui| {
                            let at = swatch(ui, colour32(fill));
                            // A road hex's swatch carries its line: `clear` and `clear, road`
                            // were one swatch (a walk).
                            if name.contains("road") {
                                ui.painter().line_segment(
                                    [at.left_center(), at.right_center()],
                                    egui::Stroke::new(3.0, colour32(crate::engine::board::ROAD_LINE)),
                                );
                            }
                            ui.label(name);
                        });
                    }
                    if road {
                        ui.label(
                            "Tan lines between hex centres: roads (along a row of hexes they \
                             zigzag, as the hexes do).",
                        );
                    }
                }
                BoardGeometry::SquareGrid { .. } => {
                    ui.label("Open space");
                    // The numbers on the squares (a walk found those in a craft's corner
                    // explained nowhere).
                    ui.label(
                        "Yellow squares: where the craft to act can fly, each with the move points it costs to get there and xN, the combats an attack from there makes; a square another craft stands on shows none (a move may pass over it; one that ends there loses the craft). In the attacks, xN in a target's corner: the combats against it. Hover a square for the points left.",
                    );
                }
                BoardGeometry::Abstract { .. } => {
                    ui.label("Open ground");
                }
            }
            ui.separator();
            ui.label(PIECES);
            let mut on_table: Vec<&Token> = tokens.iter().collect();
            on_table.sort_by_key(|t| t.order);
            egui::ScrollArea::vertical()
                .max_height(area.0.height() * 0.4)
                .show(ui, |ui| chip_rows(ui, &chips(on_table)));
        });
    state.terrain_key = open;
    // The tooltip: only over the table itself, not over a panel or window.
    let Ok(window) = window.single() else {
        return Ok(());
    };
    let Some(cursor) = window.cursor_position() else {
        return Ok(());
    };
    if ctx.is_pointer_over_egui() || insets.covers(cursor, window.width(), window.height()) {
        return Ok(());
    }
    let Some(at) = table.at(cursor) else {
        return Ok(());
    };
    let text = match &*board {
        BoardGeometry::InchTable { terrain, words, .. } => terrain
            .iter()
            .rev()
            .find(|t| t.shape.contains(at))
            .map(|t| describe(t, *words)),
        // The place as the events write it, so "moves to (13, 2)" can be found.
        BoardGeometry::HexMap { layout, hexes } => {
            let hex = layout.world_pos_to_hex(at);
            let place = board.place_at(at).unwrap_or_default();
            hexes
                .iter()
                .find(|c| c.hex == hex)
                .map(|c| format!("{place}: {}", c.name))
        }
        BoardGeometry::SquareGrid { cells, .. } => {
            let terrain = cells
                .iter()
                .find(|t| board.square_at(at) == Some((t.column, t.row)) && !t.name.is_empty())
                .map_or(String::new(), |t| format!(": {}", t.name));
            board.place_at(at).map(|place| format!("{place}{terrain}"))
        }
        BoardGeometry::Abstract { .. } => None,
    };
    if let Some(text) = text {
        note.add(NotePart {
            title: None,
            lines: vec![(text, None)],
        });
    }
    Ok(())
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        bevy_egui::EguiPrimaryContextPass,
        show.after(super::ShellSet)
            .before(CursorNoteSet)
            .run_if(super::game_on),
    );
}

#[cfg(test)]
mod tests {
    use super::{chips, describe, kind_rows};
    use crate::engine::pieces::{Badge, Token};
    use crate::rules::geometry::Shape;
    use crate::rules::terrain::{TerrainKind, TerrainPiece, TerrainProperty};

    #[test]
    fn the_key_names_each_kinds_pieces_as_refusals_do() {
        let piece = |id: &str, kind| TerrainPiece {
            id: id.into(),
            kind,
            shape: Shape::Rect {
                min: (0.0, 0.0),
                max: (1.0, 1.0),
            },
            properties: Vec::new(),
        };
        let rows = kind_rows(&[
            piece("sump", TerrainKind::Water),
            piece("crates", TerrainKind::Crates),
            piece("north_wall", TerrainKind::Wall),
            piece("wall_2", TerrainKind::Wall),
            piece("wall_3", TerrainKind::Wall),
            piece("wall_4", TerrainKind::Wall),
            piece("wall_2", TerrainKind::Wall),
        ]);
        let lines: Vec<&str> = rows.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(
            lines,
            [
                "water: sump",
                "crates",
                "wall: north wall, wall 2, wall 3 and 1 more"
            ]
        );
    }

    #[test]
    fn a_piece_is_told_by_its_kind_and_what_its_properties_do() {
        let p = TerrainPiece {
            id: "grass_west".into(),
            kind: TerrainKind::Woods,
            shape: Shape::Rect {
                min: (0.0, 0.0),
                max: (1.0, 1.0),
            },
            properties: vec![TerrainProperty::Difficult, TerrainProperty::Cover],
        };
        assert_eq!(
            describe(&p, TerrainProperty::words),
            "grass west — woods: difficult (halve movement inside), cover (in or behind it: -1 on the fire chart die)"
        );
        let crates = TerrainPiece {
            id: "crates".into(),
            kind: TerrainKind::Crates,
            properties: Vec::new(),
            ..p
        };
        assert_eq!(
            describe(&crates, TerrainProperty::words),
            "crates: open ground"
        );
    }

    /// Issue 61: the key names each chip on the table once, with what it means, saying "e.g."
    /// where pieces mean different things by one chip; a piece off the table adds none.
    #[test]
    fn the_key_names_each_chip_on_the_table_once() {
        let token = |badges: Vec<Badge>, shown: bool| Token {
            acting: false,
            contact: Vec::new(),
            side: 0,
            label: String::new(),
            emblem: String::new(),
            values: String::new(),
            pips: 0,
            min_px: 0.0,
            shape: Default::default(),
            base: 0.5,
            facing: None,
            label_size: 0.9,
            at: bevy::math::Vec2::ZERO,
            badges,
            faded: false,
            done: None,
            shown,
            order: 0,
            model: Default::default(),
        };
        let down = Badge::new("down", "lying on his back", [0.8, 0.1, 0.1]);
        let contact = |who: &str| {
            Badge::new(
                "contact",
                format!("in base contact with {who}"),
                [0.9, 0.3, 0.2],
            )
        };
        let tokens = [
            token(vec![down.clone(), contact("Han")], true),
            token(vec![contact("Leia"), down.clone()], true),
            token(vec![Badge::new("gone", "off the table", [0.0; 3])], false),
        ];
        let got: Vec<(&str, &str, bool)> = chips(&tokens)
            .into_iter()
            .map(|(b, v)| (b.code.as_str(), b.meaning.as_str(), v))
            .collect();
        assert_eq!(
            got,
            [
                ("down", "lying on his back", false),
                ("contact", "in base contact with Han", true)
            ]
        );
    }
}
