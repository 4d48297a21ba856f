//! The loupe: where the pieces under the cursor are drawn too small to read (1 Stat's fighters
//! in base contact in a start corner, about 18 px across with letters 6 px high; any crowd on a
//! table zoomed out), a glass in a corner of the table shows them [`MAGNIFY`] times larger and
//! true to scale, with their marks, values, badges, greying and bars of base contact (issue
//! 61); while the piece acting is drawn that small among neighbours (a fighter in a melee), such
//! a glass is pinned on him. The note by the cursor still names the piece under it.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::camera::{PanelInsets, TablePointer, ViewMode};
use super::palette::TABLE;
use super::sharp_text::TableZoom;
use super::tokens::{FADED, centres, shown_among};
use crate::engine::pieces::{PieceShape, Token};
use crate::ui::Handover;

/// A piece drawn less than this across, window logical pixels, is looked at through the loupe
/// (Tyneside's figures at the framed zoom of a 1280 x 720 window are 26 px and read well).
const SMALL_PX: f32 = 22.0;
/// How many times larger the loupe shows the table.
const MAGNIFY: f32 = 3.0;
/// The glass's side, window logical pixels.
const SIDE: f32 = 200.0;
/// Room between the cursor and the glass, logical pixels.
const GAP: f32 = 16.0;

/// A piece as the glass draws it: the token, and its centre and base radius on the glass,
/// logical pixels from the glass's centre (x right, y down).
#[derive(Debug, PartialEq)]
struct Seen<'a> {
    token: &'a Token,
    at: egui::Vec2,
    radius: f32,
}

/// The pieces the glass shows with the cursor at `at` (board units), nearest the drawing order
/// last: none unless the piece nearest the cursor is under it (within its drawn base and half
/// as much again) and drawn smaller than [`SMALL_PX`] across.
fn under_glass<'a>(tokens: &[&'a Token], at: Vec2, zoom: &TableZoom) -> Vec<Seen<'a>> {
    around(tokens, at, at, zoom)
}

/// Where the glass pinned on the piece acting, `acting`, centres: the middle of the box round
/// him and every piece in base contact with him (a walk found the third of a melee cut at the
/// edge of a glass centred on the piece acting), board units.
fn melee_centre(tokens: &[&Token], acting: &Token) -> Vec2 {
    let (lo, hi) = tokens
        .iter()
        .filter(|t| t.shown && acting.contact.contains(&t.order))
        .fold((acting.at, acting.at), |(lo, hi), t| {
            (lo.min(t.at), hi.max(t.at))
        });
    (lo + hi) / 2.0
}

/// [`under_glass`] with the cursor (or the piece looked for) at `at` and the glass centred on
/// `centre`, board units.
fn around<'a>(tokens: &[&'a Token], at: Vec2, centre: Vec2, zoom: &TableZoom) -> Vec<Seen<'a>> {
    let px = zoom.px_per_unit.max(1e-3);
    // As the table draws them: a base shrinks towards its own size among close neighbours.
    let others = centres(tokens.iter().copied());
    let shown_base = |t: &Token| shown_among(t, zoom, &others);
    let nearest = tokens
        .iter()
        .filter(|t| t.shown)
        .min_by(|a, b| a.at.distance(at).total_cmp(&b.at.distance(at)));
    let Some(nearest) = nearest else {
        return Vec::new();
    };
    let drawn = shown_base(nearest);
    if nearest.at.distance(at) > drawn * 1.5 || drawn * 2.0 * px >= SMALL_PX {
        return Vec::new();
    }
    let scale = px * MAGNIFY;
    let reach = SIDE / 2.0 / scale;
    let mut seen: Vec<Seen> = tokens
        .iter()
        .filter(|t| t.shown)
        .filter(|t| {
            let d = (t.at - centre).abs();
            let r = shown_base(t);
            d.x <= reach + r && d.y <= reach + r
        })
        .map(|t| Seen {
            token: t,
            at: egui::vec2(t.at.x - centre.x, centre.y - t.at.y) * scale,
            // True to scale on the glass, as the rules measure: drawn as the crowded table
            // draws them, an acting fighter looked twice his neighbours' size and base contact
            // could not be judged (a walk stopped 0.6" short).
            radius: t.base * scale,
        })
        .collect();
    seen.sort_by_key(|s| s.token.order);
    seen
}

/// Where the glass's top-left corner goes for the cursor at `cursor` over the table seen
/// between the panels, `room` (logical pixels), where no [`corner`] is clear: above and left
/// of the cursor, turned to the other side at the room's edge, and clear of the note by the
/// cursor, which opens below and right of it. Kept off the panels: at the window's edge only, it covered the phase bar's
/// words (a walk).
fn place(cursor: egui::Pos2, room: egui::Rect) -> egui::Pos2 {
    let left = cursor.x - SIDE - GAP;
    let above = cursor.y - SIDE - GAP;
    let x = if left >= room.min.x {
        left
    } else {
        cursor.x + GAP
    };
    let y = if above >= room.min.y {
        above
    } else {
        cursor.y + GAP
    };
    // Right of and below the cursor is the note's place: go past its width.
    let x = if left < room.min.x && above < room.min.y {
        cursor.x + GAP + 380.0
    } else {
        x
    };
    egui::pos2(
        x.min(room.max.x - SIDE).max(room.min.x),
        y.min(room.max.y - SIDE).max(room.min.y),
    )
}

/// Where a glass goes in `room` (logical pixels) away from the cursor: the corner of the four,
/// set in by a little, whose glass covers the fewest of the pieces at `pieces` (their centres
/// on screen) and meets none of `keep_off` (where the player looks: the piece acting, or the
/// cursor and the note by it); the top right first of equals (beside the sidebar). `None`
/// where every corner meets one (a room under two glasses high). Beside the cursor, the glass
/// covered the very neighbours the player went on to point at (a walk).
fn corner(room: egui::Rect, keep_off: &[egui::Rect], pieces: &[egui::Pos2]) -> Option<egui::Pos2> {
    const IN: f32 = 8.0;
    let (left, right) = (room.min.x + IN, room.max.x - IN - SIDE);
    let (top, bottom) = (room.min.y + IN, room.max.y - IN - SIDE);
    [(right, top), (left, top), (right, bottom), (left, bottom)]
        .into_iter()
        .map(|(x, y)| egui::pos2(x, y))
        .filter(|c| {
            let glass = egui::Rect::from_min_size(*c, egui::vec2(SIDE, SIDE));
            room.contains_rect(glass) && !keep_off.iter().any(|k| k.intersects(glass))
        })
        .min_by_key(|c| {
            let glass = egui::Rect::from_min_size(*c, egui::vec2(SIDE, SIDE)).expand(6.0);
            pieces.iter().filter(|p| glass.contains(**p)).count()
        })
}

/// What a glass keeps off for the cursor at `cursor`: the cursor and a little about it, and
/// the note that opens below and right of it.
fn cursor_and_note(cursor: egui::Pos2) -> [egui::Rect; 2] {
    [
        egui::Rect::from_center_size(cursor, egui::vec2(2.0 * GAP, 2.0 * GAP)),
        egui::Rect::from_min_size(cursor, egui::vec2(400.0, 140.0)),
    ]
}

/// Draws the glass while the cursor rests on a piece drawn too small to read; else, while the
/// piece acting now is drawn that small among neighbours (a fighter in a melee), a glass pinned
/// in a corner of the table on him and them, named, and gone while the cursor is over it so
/// the table under it can be seen.
fn draw(
    window: Single<&Window, With<PrimaryWindow>>,
    table: TablePointer,
    (insets, handover, mode, zoom): (
        Res<PanelInsets>,
        Res<Handover>,
        Res<ViewMode>,
        Res<TableZoom>,
    ),
    tokens: Query<&Token>,
    mut ctx: EguiContexts,
) -> Result {
    if handover.showing || *mode != ViewMode::Flat || insets.covered {
        return Ok(());
    }
    let ctx = ctx.ctx_mut()?;
    let room = egui::Rect::from_min_max(
        egui::pos2(insets.left, insets.top),
        egui::pos2(
            window.width() - insets.right,
            window.height() - insets.bottom,
        ),
    );
    let all: Vec<&Token> = tokens.iter().collect();
    let on_screen = |p: Vec2| table.on_screen(p).map(|s| egui::pos2(s.x, s.y));
    let on_screen_all = |all: &[&Token]| -> Vec<egui::Pos2> {
        all.iter()
            .filter(|t| t.shown)
            .filter_map(|t| on_screen(t.at))
            .collect()
    };
    let cursor = window
        .cursor_position()
        .filter(|c| !insets.covers(*c, window.width(), window.height()));
    let over_table = cursor.filter(|_| !ctx.is_pointer_over_egui());
    if let Some(cursor) = over_table
        && let Some(at) = table.at(cursor)
    {
        let seen = under_glass(&all, at, &zoom);
        if !seen.is_empty() {
            let cursor = egui::pos2(cursor.x, cursor.y);
            let pieces = on_screen_all(&all);
            let spot = corner(room, &cursor_and_note(cursor), &pieces)
                .unwrap_or_else(|| place(cursor, room));
            glass(ctx, "loupe", spot, &seen, None);
            return Ok(());
        }
    }
    let Some(acting) = all.iter().find(|t| t.acting && t.shown) else {
        return Ok(());
    };
    let seen = around(&all, acting.at, melee_centre(&all, acting), &zoom);
    if seen.len() < 2 {
        return Ok(());
    }
    let Some(acting_at) = on_screen(acting.at) else {
        return Ok(());
    };
    let keep_off = egui::Rect::from_center_size(acting_at, egui::vec2(SIDE, SIDE) / 2.0);
    let Some(spot) = corner(room, &[keep_off], &on_screen_all(&all)) else {
        return Ok(());
    };
    let over = egui::Rect::from_min_size(spot, egui::vec2(SIDE, SIDE));
    if cursor.is_some_and(|c| over.contains(egui::pos2(c.x, c.y))) {
        return Ok(());
    }
    let name = format!("{}, {MAGNIFY}x", acting.label);
    glass(ctx, "pinned loupe", spot, &seen, Some(&name));
    Ok(())
}

/// The glass with its top-left corner at `corner`: `seen` on it, the bars of base contact
/// between them, a ring round the piece acting, and `caption` along its foot, or the cursor's
/// mark at its centre where there is none (the glass under the cursor).
fn glass(ctx: &egui::Context, id: &str, corner: egui::Pos2, seen: &[Seen], caption: Option<&str>) {
    egui::Area::new(egui::Id::new(id))
        .fixed_pos(corner)
        // Shown at once: a glass fading in as the rules' side acts read as a glitch.
        .fade_in(false)
        .order(egui::Order::Tooltip)
        .interactable(false)
        .show(ctx, |ui| {
            let (response, painter) =
                ui.allocate_painter(egui::vec2(SIDE, SIDE), egui::Sense::hover());
            let rect = response.rect;
            // The table's own colour, so a piece looks as it does on the table (faded pieces
            // on a dark glass read dark on dark: a walk).
            painter.rect_filled(rect, 8.0, crate::ui::colour32(TABLE));
            let painter = painter.with_clip_rect(rect.shrink(2.0));
            let centre = rect.center();
            let red = egui::Stroke::new(4.0, egui::Color32::from_rgb(242, 64, 51));
            for a in seen {
                for b in seen
                    .iter()
                    .filter(|b| a.token.contact.contains(&b.token.order))
                {
                    // The glass's y runs down, the board's up: a bar is a bar either way.
                    let (a_at, b_at) = (Vec2::new(a.at.x, a.at.y), Vec2::new(b.at.x, b.at.y));
                    if let Some((from, to)) = super::contact::bar(a_at, a.radius, b_at, b.radius) {
                        painter.line_segment(
                            [
                                centre + egui::vec2(from.x, from.y),
                                centre + egui::vec2(to.x, to.y),
                            ],
                            red,
                        );
                    }
                }
            }
            for s in seen {
                glass_piece(&painter, centre + s.at, s.radius, s.token);
                if s.token.acting {
                    painter.circle_stroke(
                        centre + s.at,
                        s.radius + 4.0,
                        egui::Stroke::new(2.0, egui::Color32::WHITE),
                    );
                }
            }
            let mut taken = Vec::new();
            for (k, s) in seen.iter().enumerate() {
                let others: Vec<(egui::Pos2, f32)> = seen
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != k)
                    .map(|(_, o)| (centre + o.at, o.radius))
                    .collect();
                glass_badges(
                    &painter,
                    (centre + s.at, s.radius),
                    s.token,
                    &others,
                    &mut taken,
                );
            }
            match caption {
                Some(text) => {
                    let foot = egui::Rect::from_min_max(
                        egui::pos2(rect.min.x, rect.max.y - 20.0),
                        rect.max,
                    );
                    painter.rect_filled(foot, 0.0, egui::Color32::from_black_alpha(170));
                    painter.text(
                        foot.center(),
                        egui::Align2::CENTER_CENTER,
                        text,
                        egui::FontId::proportional(13.0),
                        egui::Color32::WHITE,
                    );
                }
                // Where the cursor is, on the glass.
                None => {
                    painter.circle_stroke(
                        centre,
                        3.0,
                        egui::Stroke::new(1.5, egui::Color32::WHITE),
                    );
                }
            }
            painter.rect_stroke(
                rect,
                8.0,
                egui::Stroke::new(1.5, egui::Color32::from_gray(160)),
                egui::StrokeKind::Inside,
            );
        });
}

/// The fill on the glass of a piece whose side's colour is `colour`: that colour, or where it is
/// done or faded that colour over the table as the table draws it ([`FADED`] of it).
fn glass_fill(colour: Color, faded: bool) -> egui::Color32 {
    crate::ui::colour32(if faded {
        Color::from(TABLE.to_srgba().mix(&colour.to_srgba(), FADED))
    } else {
        colour
    })
}

/// One piece on the glass at `c`, base radius `r` (logical pixels): its base in its side's
/// colour (faded as on the table when done or faded), its mark and values ([`glass_badges`]
/// its badges).
fn glass_piece(painter: &egui::Painter, c: egui::Pos2, r: f32, t: &Token) {
    let fill = glass_fill(super::side_colour(t.side), t.faded || t.done.is_some());
    let edge = egui::Stroke::new(1.5, egui::Color32::from_gray(20));
    match t.shape {
        PieceShape::Round | PieceShape::Hex => {
            painter.circle_filled(c, r, fill);
            painter.circle_stroke(c, r, edge);
        }
        PieceShape::Square | PieceShape::Rect { .. } => {
            let square = egui::Rect::from_center_size(c, egui::vec2(2.0 * r, 2.0 * r));
            painter.rect_filled(square, 2.0, fill);
            painter.rect_stroke(square, 2.0, edge, egui::StrokeKind::Inside);
        }
    }
    let ink = egui::Color32::from_gray(15);
    let lines = [t.emblem.as_str(), t.values.as_str()];
    let lines: Vec<&str> = lines.into_iter().filter(|l| !l.is_empty()).collect();
    let size = (r * if lines.len() > 1 { 0.55 } else { 0.8 }).clamp(8.0, 22.0);
    for (k, line) in lines.iter().enumerate() {
        let dy = (k as f32 - (lines.len() as f32 - 1.0) / 2.0) * size;
        painter.text(
            c + egui::vec2(0.0, dy),
            egui::Align2::CENTER_CENTER,
            *line,
            egui::FontId::monospace(size),
            ink,
        );
    }
}

/// Where a row of chips `size` across (logical pixels) goes by a base at `c`, radius `r`, on
/// the glass: above it, below, right or left, the first of those that covers the fewest of
/// the other bases `others` (centre, radius) and rows already laid `taken` (a `down` above
/// one fighter of a melee lay across his neighbour's, and read as the neighbour's).
fn row_spot(
    c: egui::Pos2,
    r: f32,
    size: egui::Vec2,
    others: &[(egui::Pos2, f32)],
    taken: &[egui::Rect],
) -> egui::Rect {
    let gap = 2.0;
    let centres = [
        c - egui::vec2(0.0, r + gap + size.y / 2.0),
        c + egui::vec2(0.0, r + gap + size.y / 2.0),
        c + egui::vec2(r + gap + size.x / 2.0, 0.0),
        c - egui::vec2(r + gap + size.x / 2.0, 0.0),
    ];
    let covers = |rect: egui::Rect| {
        let bases = others
            .iter()
            .filter(|(o, or)| rect.distance_to_pos(*o) < *or)
            .count();
        bases + taken.iter().filter(|t| t.intersects(rect)).count()
    };
    centres
        .into_iter()
        .map(|m| egui::Rect::from_center_size(m, size))
        .min_by_key(|rect| covers(*rect))
        .unwrap_or(egui::Rect::NOTHING)
}

/// The badges of a piece on the glass at `c`, base radius `r`: a row of chips by its base, as
/// the table's, laid after every base so a neighbour's does not hide them, where it covers
/// fewest of the `others` and of the rows `taken` ([`row_spot`]), which it joins.
fn glass_badges(
    painter: &egui::Painter,
    (c, r): (egui::Pos2, f32),
    t: &Token,
    others: &[(egui::Pos2, f32)],
    taken: &mut Vec<egui::Rect>,
) {
    if t.badges.is_empty() {
        return;
    }
    let ink = egui::Color32::from_gray(15);
    let font = egui::FontId::proportional(11.0);
    let galleys: Vec<_> = t
        .badges
        .iter()
        .map(|b| {
            (
                painter.layout_no_wrap(b.code.clone(), font.clone(), ink),
                crate::ui::colour32(b.colour),
            )
        })
        .collect();
    let width = galleys.iter().map(|(g, _)| g.size().x + 6.0).sum::<f32>() - 2.0;
    let height = galleys.iter().map(|(g, _)| g.size().y).fold(0.0, f32::max);
    let row = row_spot(c, r, egui::vec2(width, height), others, taken);
    taken.push(row);
    let mut x = row.min.x;
    for (galley, colour) in galleys {
        let size = galley.size() + egui::vec2(4.0, 0.0);
        let chip = egui::Rect::from_min_size(egui::pos2(x, row.min.y), size);
        painter.rect_filled(chip, 3.0, colour);
        painter.galley(chip.min + egui::vec2(2.0, 0.0), galley, ink);
        x += size.x + 2.0;
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, draw.run_if(crate::ui::game_on));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::pieces::Model;

    /// WCAG's contrast ratio of two colours (1 to 21).
    fn contrast(a: egui::Color32, b: egui::Color32) -> f32 {
        let l = |c: egui::Color32| {
            let lin = |v: u8| {
                let v = v as f32 / 255.0;
                if v <= 0.04045 {
                    v / 12.92
                } else {
                    ((v + 0.055) / 1.055).powf(2.4)
                }
            };
            0.2126 * lin(c.r()) + 0.7152 * lin(c.g()) + 0.0722 * lin(c.b())
        };
        let (x, y) = (l(a) + 0.05, l(b) + 0.05);
        x.max(y) / x.min(y)
    }

    /// A done or faded piece on the glass is its colour over the table, and its dark values
    /// read on it for every side's colour (a walk: faded fighters dark on the dark glass).
    #[test]
    fn a_faded_piece_on_the_glass_reads_as_on_the_table() {
        let ink = egui::Color32::from_gray(15);
        for slot in 0..4 {
            let colour = super::super::palette::slot_colour(slot);
            let faded = glass_fill(colour, true);
            assert_ne!(faded, glass_fill(colour, false), "slot {slot}");
            assert!(contrast(faded, ink) >= 3.0, "slot {slot}: {faded:?}");
            // The old fill: the colour at 45% over the glass's dark brown.
            let old = crate::ui::colour32(colour).gamma_multiply(0.45);
            let old = egui::Color32::from_rgb(
                old.r() + (58.0 * 0.55) as u8,
                old.g() + (54.0 * 0.55) as u8,
                old.b() + (48.0 * 0.55) as u8,
            );
            assert!(contrast(faded, ink) > contrast(old, ink), "slot {slot}");
        }
    }

    fn piece(at: Vec2, order: usize) -> Token {
        Token {
            acting: false,
            contact: Vec::new(),
            side: 0,
            label: format!("Rookie {order}"),
            emblem: "R".into(),
            values: "d6".into(),
            pips: 0,
            min_px: 0.0,
            shape: PieceShape::Round,
            base: 0.5,
            facing: None,
            label_size: 0.5,
            at,
            badges: Vec::new(),
            faded: false,
            done: None,
            shown: true,
            order,
            model: Model::Trooper,
        }
    }

    /// Ten fighters in base contact in a corner, as 1 Stat musters them: at 18 px an inch
    /// (their bases 18 px across) the glass shows the one under the cursor and its neighbours
    /// three times larger; at 30 px an inch, or with the cursor off every base, no glass.
    #[test]
    fn a_crowd_too_small_to_read_is_shown_through_the_glass() {
        let corner: Vec<Token> = (0..10)
            .map(|k| piece(Vec2::new((k % 4) as f32, (k / 4) as f32), k))
            .collect();
        let all: Vec<&Token> = corner.iter().collect();
        let small = TableZoom {
            px_per_unit: 18.0,
            enlarge: true,
        };
        let seen = under_glass(&all, Vec2::new(1.1, 1.0), &small);
        assert_eq!(seen.len(), 10, "the glass reaches the whole corner");
        let under = seen
            .iter()
            .find(|s| s.token.order == 5)
            .expect("the piece under it");
        assert!(under.at.length() < 0.2 * 54.0, "{:?}", under.at);
        assert_eq!(under.radius, 0.5 * 18.0 * MAGNIFY);
        // Board +y is up; the glass's +y is down.
        let above = seen.iter().find(|s| s.token.order == 9).expect("a row up");
        assert!(above.at.y < 0.0, "{:?}", above.at);
        let large = TableZoom {
            px_per_unit: 30.0,
            ..small
        };
        assert!(under_glass(&all, Vec2::new(1.1, 1.0), &large).is_empty());
        assert!(under_glass(&all, Vec2::new(8.0, 8.0), &small).is_empty());
        // Counters drawn larger than true (1 Stat's, 30 px at least) shrink back among close
        // neighbours, as the table draws them: the glass goes by that size. One alone keeps its
        // 30 px and reads without it.
        let enlarged: Vec<Token> = corner
            .iter()
            .cloned()
            .map(|mut t| {
                t.min_px = 30.0;
                t
            })
            .collect();
        let crowd: Vec<&Token> = enlarged.iter().collect();
        assert_eq!(under_glass(&crowd, Vec2::new(1.1, 1.0), &small).len(), 10);
        assert!(under_glass(&crowd[..1], Vec2::ZERO, &small).is_empty());
        let mut gone = corner.clone();
        gone.iter_mut().for_each(|t| t.shown = false);
        let gone: Vec<&Token> = gone.iter().collect();
        assert!(under_glass(&gone, Vec2::new(1.1, 1.0), &small).is_empty());
    }

    /// The pinned glass centres on the melee of the piece acting: him and those in base
    /// contact with him, so a third fighter on his far side is not cut at the glass's edge.
    #[test]
    fn the_pinned_glass_centres_on_the_melee() {
        let mut acting = piece(Vec2::new(10.0, 10.0), 0);
        acting.acting = true;
        acting.contact = vec![1, 2];
        let left = piece(Vec2::new(9.0, 10.0), 1);
        let right = piece(Vec2::new(11.0, 10.6), 2);
        let apart = piece(Vec2::new(14.0, 10.0), 3);
        let all = [&acting, &left, &right, &apart];
        let c = melee_centre(&all, &acting);
        assert!(c.distance(Vec2::new(10.0, 10.3)) < 1e-5, "{c}");
        let alone = piece(Vec2::new(10.0, 10.0), 0);
        assert_eq!(melee_centre(&all, &alone), alone.at);
        // On the glass, the two in contact lie either side of its centre, as far from it.
        let small = TableZoom {
            px_per_unit: 12.0,
            enlarge: true,
        };
        let seen = around(&all, acting.at, c, &small);
        let x = |o: usize| seen.iter().find(|s| s.token.order == o).expect("seen").at.x;
        assert!((x(1) + x(2)).abs() < 1e-3, "{} {}", x(1), x(2));
    }

    /// The glass stays over the table between the panels (the phase bar's 64 px, the
    /// sidebar's 330), off the cursor, and off the note below and right of it.
    #[test]
    fn the_glass_keeps_off_the_panels_the_cursor_and_its_note() {
        let room = egui::Rect::from_min_max(egui::pos2(0.0, 64.0), egui::pos2(950.0, 720.0));
        for (x, y) in [
            (640.0, 360.0),
            (20.0, 700.0),
            (940.0, 74.0),
            (10.0, 74.0),
            (500.0, 100.0),
            (500.0, 250.0),
        ] {
            let cursor = egui::pos2(x, y);
            let corner = place(cursor, room);
            let glass = egui::Rect::from_min_size(corner, egui::vec2(SIDE, SIDE));
            assert!(room.contains_rect(glass), "{cursor:?} {glass:?}");
            assert!(
                !glass.expand(GAP / 2.0).contains(cursor),
                "{cursor:?} {glass:?}"
            );
            let note = egui::Rect::from_min_size(
                cursor + egui::vec2(18.0, 18.0),
                egui::vec2(360.0, 120.0),
            );
            assert!(!glass.intersects(note), "{cursor:?} {glass:?}");
        }
    }

    /// A glass takes the corner covering fewest pieces, never over where the player looks:
    /// top right of an empty table; top left with three pieces in the top right; another
    /// corner when the acting piece stands in the top right itself; for the cursor, a corner
    /// clear of it and its note; none in a room too small.
    #[test]
    fn a_glass_keeps_to_a_clear_corner_away_from_where_the_player_looks() {
        let room = egui::Rect::from_min_max(egui::pos2(0.0, 64.0), egui::pos2(950.0, 720.0));
        let middle = egui::pos2(450.0, 400.0);
        let glass = |c: egui::Pos2| egui::Rect::from_min_size(c, egui::vec2(SIDE, SIDE));
        let look = |p: egui::Pos2| {
            [egui::Rect::from_center_size(
                p,
                egui::vec2(SIDE, SIDE) / 2.0,
            )]
        };
        let top_right = corner(room, &look(middle), &[]).expect("a corner");
        assert!(room.contains_rect(glass(top_right)));
        assert!(top_right.x > 700.0 && top_right.y < 100.0, "{top_right:?}");
        let crowd = [
            egui::pos2(850.0, 100.0),
            egui::pos2(880.0, 150.0),
            egui::pos2(900.0, 200.0),
        ];
        let c = corner(room, &look(middle), &crowd).expect("a corner");
        assert!(!glass(c).contains(crowd[0]), "{c:?}");
        assert!(c.x < 100.0 && c.y < 100.0, "the next clear corner: {c:?}");
        let acting = egui::pos2(900.0, 120.0);
        let c = corner(room, &look(acting), &[]).expect("a corner");
        assert!(!glass(c).intersects(look(acting)[0]), "{c:?}");
        // The cursor's glass keeps off the cursor and the note below and right of it: the top
        // right under the note goes to the top left, the top left under the cursor to the right.
        let c = corner(room, &cursor_and_note(egui::pos2(500.0, 150.0)), &[]).expect("a corner");
        assert!(c.x < 100.0 && c.y < 100.0, "{c:?}");
        let c = corner(room, &cursor_and_note(egui::pos2(150.0, 150.0)), &[]).expect("a corner");
        assert!(c.x > 700.0 && c.y < 100.0, "{c:?}");
        let small = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(300.0, 300.0));
        assert_eq!(corner(small, &look(egui::pos2(150.0, 150.0)), &[]), None);
    }

    /// A row of chips on the glass goes above its base where that is clear, and below (or
    /// beside) where a neighbour's base or row is above it.
    #[test]
    fn a_row_on_the_glass_takes_the_side_clear_of_its_neighbours() {
        let c = egui::pos2(100.0, 100.0);
        let size = egui::vec2(30.0, 12.0);
        let above = row_spot(c, 20.0, size, &[], &[]);
        assert!(
            above.max.y < 80.0 && (above.center().x - 100.0).abs() < 0.1,
            "{above:?}"
        );
        let neighbour = [(egui::pos2(100.0, 58.0), 20.0)];
        let below = row_spot(c, 20.0, size, &neighbour, &[]);
        assert!(below.min.y > 120.0, "{below:?}");
        let taken = [below];
        let beside = row_spot(c, 20.0, size, &neighbour, &taken);
        assert!(
            beside.min.x > 120.0 && !beside.intersects(below),
            "{beside:?}"
        );
    }
}
