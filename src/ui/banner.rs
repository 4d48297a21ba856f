//! The hotseat banner: when the side to play changes in a game two or more people play at one
//! computer, its name shows large over the top of the table for a moment (the hand-over
//! screen covers the table instead where the rule set hides something). In a solo game it
//! shows when the play comes back to the person after the rules' side has acted, so the
//! rules' moves (told in the events) are not passed by unnoticed.

use bevy::prelude::*;
use bevy_egui::egui;

use super::ShellStatus;
use crate::engine::pieces::Token;
use crate::view::{TablePointer, TableZoom, shown_base};

/// The pieces on the table as the window shows them, boxes in window logical pixels: the
/// banner keeps off them (walks found a counter of the map's top row under it).
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct PiecesSeen(pub Vec<egui::Rect>);

/// Fills [`PiecesSeen`] from the shown tokens and the camera.
fn pieces_seen(
    tokens: Query<&Token>,
    table: TablePointer,
    zoom: Res<TableZoom>,
    mut seen: ResMut<PiecesSeen>,
) {
    let boxes = tokens
        .iter()
        .filter(|t| t.shown)
        .filter_map(|t| {
            let c = table.on_screen(t.at)?;
            let r = shown_base(t, &zoom) * zoom.px_per_unit;
            Some(egui::Rect::from_center_size(
                egui::pos2(c.x, c.y),
                egui::vec2(2.0 * r, 2.0 * r),
            ))
        })
        .collect();
    seen.set_if_neq(PiecesSeen(boxes));
}

/// Registers [`PiecesSeen`] and keeps it.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PiecesSeen>()
        .add_systems(PostUpdate, pieces_seen);
}

/// Where over `table` (egui points) a banner `size` across and down goes: the first of the
/// middle of the top, of the foot, the top corners, the foot's corners and the middle where its
/// box (with a little room) covers none of `pieces` (egui points), else the middle of the top.
fn spot(table: egui::Rect, size: egui::Vec2, pieces: &[egui::Rect]) -> egui::Rect {
    spot_among(table, size, pieces, &BANNER_PLACES)
}

/// The banner's places, in the order tried ([`spot`]).
const BANNER_PLACES: [(f32, f32); 7] = [
    (0.5, 0.0),
    (0.5, 1.0),
    (0.0, 0.0),
    (1.0, 0.0),
    (0.0, 1.0),
    (1.0, 1.0),
    (0.5, 0.5),
];

/// Where over `table` (egui points) a box `size` across and down goes: the first of `places`
/// (each a fraction across and down the room the box has: 0 the left or top, 0.5 the middle, 1
/// the right or foot; 12 points in from the table's edge) where the box, with a little room,
/// lies inside the table and covers none of `clear_of` (egui points); else the first such
/// spot of a grid of eighths across and down the table, from the top; else, of all these, the
/// one that covers fewest of `clear_of` (the first of `places` among equals).
pub(super) fn spot_among(
    table: egui::Rect,
    size: egui::Vec2,
    clear_of: &[egui::Rect],
    places: &[(f32, f32)],
) -> egui::Rect {
    let m = 12.0;
    let at = |&(fx, fy): &(f32, f32)| {
        let x = table.min.x + m + fx * (table.width() - 2.0 * m - size.x);
        let y = table.min.y + m + fy * (table.height() - 2.0 * m - size.y);
        egui::Rect::from_min_size(egui::pos2(x, y), size)
    };
    // Where the usual places were all taken, a box fell over the next craft to act (a walk):
    // the places between them next, then the least covered.
    let grid = (0..=8).flat_map(|j| (0..=8).map(move |i| (i as f32 / 8.0, j as f32 / 8.0)));
    let spots: Vec<egui::Rect> = places
        .iter()
        .copied()
        .chain(grid)
        .map(|f| at(&f))
        .filter(|r| table.contains_rect(*r))
        .collect();
    let covered = |r: &egui::Rect| {
        clear_of
            .iter()
            .filter(|p| p.intersects(r.expand(4.0)))
            .count()
    };
    spots
        .iter()
        .find(|r| covered(r) == 0)
        .or_else(|| spots.iter().min_by_key(|r| covered(r)))
        .copied()
        .unwrap_or_else(|| places.first().map_or(at(&(0.5, 0.0)), at))
}

/// `pieces`' boxes in window pixels as egui points at `zoom`.
fn in_points(pieces: &[egui::Rect], zoom: f32) -> Vec<egui::Rect> {
    pieces
        .iter()
        .map(|r| {
            egui::Rect::from_min_max(
                (r.min.to_vec2() / zoom).to_pos2(),
                (r.max.to_vec2() / zoom).to_pos2(),
            )
        })
        .collect()
}

/// What a box over the table (`own`, its egui id) keeps clear of, egui points: the pieces
/// (`pieces`, window pixels at the context's zoom), the banner where shown, every window and
/// popup up but its own, and the areas `also` (boxes in the background, as the banner is).
pub(super) fn obstacles(
    ctx: &egui::Context,
    (pieces, banner): (&PiecesSeen, &Banner),
    own: egui::Id,
    also: &[egui::Id],
) -> Vec<egui::Rect> {
    let mut clear_of = in_points(&pieces.0, ctx.zoom_factor());
    clear_of.extend(banner.covering());
    // Asked before the memory is locked: asked inside, it locked the context again and the
    // window froze for good as End's question opened (a walk).
    let window = ctx.content_rect().area();
    clear_of.extend(ctx.memory(|m| {
        m.areas()
            .visible_layer_ids()
            .into_iter()
            .filter(|l| {
                l.id != own
                    && (also.contains(&l.id)
                        || matches!(l.order, egui::Order::Middle | egui::Order::Foreground))
            })
            .filter_map(|l| m.area_rect(l.id))
            // A modal question's backdrop over the whole window is no box to keep clear of
            // (the result box hopped to another corner as End asked).
            .filter(|r| r.area() < window * 0.5)
            .collect::<Vec<_>>()
    }));
    clear_of
}

/// How long the banner shows at the least, seconds.
const SHOWN: f64 = 3.0;

/// How long after an announcement the game's count of commands is still taken as the one
/// it started from, seconds.
const SETTLE: f64 = 1.0;

/// How long it shows at the most while the side announced has not played, seconds: passing
/// the computer takes longer than [`SHOWN`], and a play-test's incoming player found only the
/// top bar's colour changed.
const LONGEST: f64 = 12.0;

/// How long the banner is up before a click or key sends it away, seconds.
const DISMISS_AFTER: f64 = 0.3;

/// The side last announced and when (egui's clock, seconds).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Banner {
    side: Option<usize>,
    since: f64,
    /// The game's commands when it was announced: it stays up until the next.
    commands: usize,
    /// The person's side to act at the last frame (`None`: the rules were acting).
    person: Option<Option<usize>>,
    /// Where it was drawn last, egui points: the pointer near it sees through it.
    drawn: Option<egui::Rect>,
}

/// How far from the banner the pointer makes it all but clear, egui points.
const NEAR: f32 = 32.0;

impl Banner {
    /// Where it lies over the table now, egui points (`None`: not shown): a click there sends
    /// it away and is not the table's (it selected the piece under it as well: a walk).
    pub fn covering(&self) -> Option<egui::Rect> {
        self.drawn
    }
}

/// Seconds the banner still shows, `elapsed` seconds after it was announced, where the side
/// announced has (`played`) or has not played since; 0 or less: gone.
fn left(elapsed: f64, played: bool) -> f64 {
    if played {
        SHOWN - elapsed
    } else {
        LONGEST - elapsed
    }
}

/// Announces a change of side to play over the top of `table` (egui points): in a hotseat
/// game each change of side (not the first side of a game); in a solo game the person's side
/// when the play comes back to it from the rules' side. It stays until that side plays (and
/// [`SHOWN`] has passed), [`LONGEST`] has, or a click or key press sends it away; nothing in a
/// game nobody plays (Watch).
///
/// `pieces`: the pieces' boxes in window logical pixels ([`PiecesSeen`]); the banner takes the
/// first place clear of them ([`spot`]).
pub fn show(
    ctx: &egui::Context,
    table: egui::Rect,
    status: &ShellStatus,
    banner: &mut Banner,
    pieces: &[egui::Rect],
) {
    let now = ctx.input(|i| i.time);
    if status.people >= 2 && status.acting != banner.side {
        // The first side of a game is the one the game opened with: nothing changed hands.
        let first = banner.side.is_none();
        banner.side = status.acting;
        banner.since = if first { f64::NEG_INFINITY } else { now };
        banner.commands = status.commands;
    }
    // Solo: the person's side again after a frame in which the rules acted.
    if status.people == 1 && status.to_act.is_some() && banner.person == Some(None) {
        banner.side = status.to_act;
        banner.since = now;
        banner.commands = status.commands;
    }
    banner.person = Some(status.to_act);
    // The game's count of commands may come a frame after the side it changed: the first
    // second's count is the one the side announced started from.
    if now - banner.since < SETTLE {
        banner.commands = status.commands;
    }
    let (Some(side), true) = (banner.side, status.people >= 1) else {
        // Not shown: its old place takes no click ([`Banner::covering`]).
        banner.drawn = None;
        return;
    };
    let mut left = left(now - banner.since, status.commands != banner.commands);
    // A click or a key once it is up sends it away: the incoming player has seen it (walks
    // found it over the map's top row with no way to clear it). Not the press that changed
    // the side, which came before it.
    let pressed = ctx.input(|i| {
        i.pointer.any_pressed()
            || i.events
                .iter()
                .any(|e| matches!(e, egui::Event::Key { pressed: true, .. }))
    });
    if pressed && now - banner.since > DISMISS_AFTER {
        banner.since = f64::NEG_INFINITY;
        left = 0.0;
    }
    if left <= 0.0 {
        banner.drawn = None;
        return;
    }
    // The window draws on a change only: the banner's end is one.
    ctx.request_repaint_after(std::time::Duration::from_secs_f64(left));
    let name = status.sides.get(side).map_or("", String::as_str);
    // A player reaching for a piece under it sees through it (walks found a counter of the
    // map's top row under it for its twelve seconds).
    let see_through = match (banner.drawn, ctx.pointer_hover_pos()) {
        (Some(r), Some(p)) => r.expand(NEAR).contains(p),
        _ => false,
    };
    let words = format!("{name} to play");
    let colour = super::side_colour32(side);
    // Its size as laid out (the frame's margins and stroke round the words).
    let size = ctx.fonts_mut(|f| {
        f.layout_no_wrap(words.clone(), egui::FontId::proportional(28.0), colour)
            .size()
    });
    let text = egui::RichText::new(words).size(28.0).strong().color(colour);
    let pieces = in_points(pieces, ctx.zoom_factor());
    let place = spot(table, size + egui::vec2(50.0, 22.0), &pieces);
    let shown = egui::Area::new(egui::Id::new("hotseat-banner"))
        .fixed_pos(place.min)
        .interactable(false)
        // Under any window the player opens (Help, the Key, the rule book): it lay over them
        // for its seconds. It is over the table only, where no panel is.
        .order(egui::Order::Background)
        .show(ctx, |ui| {
            if see_through {
                ui.multiply_opacity(0.15);
            }
            egui::Frame::popup(ui.style())
                .inner_margin(egui::Margin::symmetric(24, 10))
                .show(ui, |ui| {
                    // On one line: an area pinned by its centre is given little width, and
                    // a wrapped label broke the name mid-word ("Republ / ic to / play").
                    ui.add(egui::Label::new(text).extend());
                });
        });
    banner.drawn = Some(shown.response.rect);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A walk froze the window for good as End's question opened: the boxes to keep clear of
    /// were read with egui's memory locked, and reading the window's size inside locked it
    /// again. With a modal question and a window up, they are read (on a thread of their own,
    /// so a lock that never comes fails the test rather than hangs it), the window's box
    /// among them and the question's backdrop over the whole window not.
    #[test]
    fn the_boxes_to_keep_clear_of_are_read_with_a_modal_question_up() {
        let ctx = egui::Context::default();
        let input = || egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(1280.0, 720.0),
            )),
            ..Default::default()
        };
        for _ in 0..2 {
            ctx.begin_pass(input());
            egui::Window::new("While you waited")
                .fixed_pos(egui::pos2(20.0, 80.0))
                .show(&ctx, |ui| ui.label("Han Solo moves"));
            egui::Modal::new(egui::Id::new("question")).show(&ctx, |ui| {
                ui.label("End activation?");
            });
            let _ = ctx.end_pass();
        }
        let (tx, rx) = std::sync::mpsc::channel();
        let asked = ctx.clone();
        std::thread::spawn(move || {
            let own = egui::Id::new("last-attack");
            let boxes = obstacles(
                &asked,
                (&PiecesSeen::default(), &Banner::default()),
                own,
                &[],
            );
            let _ = tx.send(boxes);
        });
        let boxes = rx
            .recv_timeout(std::time::Duration::from_secs(20))
            .expect("the boxes are read, not locked out for good");
        assert!(!boxes.is_empty(), "the window is a box to keep clear of");
        assert!(
            boxes.iter().all(|b| b.area() < 1280.0 * 720.0 * 0.5),
            "the backdrop is no box: {boxes:?}"
        );
    }

    /// One frame at `time` seconds with the person's side `to_act` (`None`: the rules act).
    fn frame(ctx: &egui::Context, banner: &mut Banner, time: f64, to_act: Option<usize>) {
        frame_with(ctx, banner, time, to_act, Vec::new());
    }

    /// [`frame`] with `events` in its input.
    fn frame_with(
        ctx: &egui::Context,
        banner: &mut Banner,
        time: f64,
        to_act: Option<usize>,
        events: Vec<egui::Event>,
    ) {
        let status = ShellStatus {
            people: 1,
            to_act,
            acting: Some(to_act.unwrap_or(1)),
            sides: vec!["Rebels".into(), "Garrison".into()],
            ..Default::default()
        };
        ctx.begin_pass(egui::RawInput {
            time: Some(time),
            events,
            ..Default::default()
        });
        show(
            ctx,
            egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(800.0, 600.0)),
            &status,
            banner,
            &[],
        );
        let _ = ctx.end_pass();
    }

    /// The banner keeps off the pieces: the top's middle while it is clear, else the foot's,
    /// else a corner; the top's middle where nowhere is.
    #[test]
    fn the_banner_takes_a_place_clear_of_the_pieces() {
        let table = egui::Rect::from_min_size(egui::pos2(0.0, 60.0), egui::vec2(800.0, 600.0));
        let size = egui::vec2(300.0, 50.0);
        let top = spot(table, size, &[]);
        assert_eq!(top.center().x, 400.0);
        assert_eq!(top.min.y, 72.0);
        // A counter on the top row, under the middle (the Mon Calamari of a walk).
        let counter = egui::Rect::from_center_size(egui::pos2(420.0, 90.0), egui::vec2(30.0, 30.0));
        let moved = spot(table, size, &[counter]);
        assert!(!moved.intersects(counter), "{moved:?}");
        assert_eq!(moved.max.y, 648.0, "the foot's middle: {moved:?}");
        let foot = egui::Rect::from_center_size(egui::pos2(400.0, 630.0), egui::vec2(30.0, 30.0));
        let corner = spot(table, size, &[counter, foot]);
        assert_eq!(corner.min, egui::pos2(12.0, 72.0));
        // Pieces at each of the usual places, room between them: a spot between (the result
        // box of a walk fell over the next craft).
        let places: Vec<egui::Rect> = BANNER_PLACES
            .iter()
            .map(|&(fx, fy)| {
                let c = egui::pos2(
                    12.0 + fx * (800.0 - 24.0 - 300.0) + 150.0,
                    72.0 + fy * (600.0 - 24.0 - 50.0) + 25.0,
                );
                egui::Rect::from_center_size(c, egui::vec2(30.0, 30.0))
            })
            .collect();
        let between = spot(table, size, &places);
        assert!(table.contains_rect(between), "{between:?}");
        assert!(!places.iter().any(|p| p.intersects(between)), "{between:?}");
        // Pieces everywhere: the spot covering fewest.
        let all: Vec<egui::Rect> = (0..20)
            .flat_map(|i| (0..20).map(move |j| (i, j)))
            .map(|(i, j)| {
                egui::Rect::from_center_size(
                    egui::pos2(i as f32 * 40.0, 60.0 + j as f32 * 30.0),
                    egui::vec2(30.0, 30.0),
                )
            })
            .collect();
        let covers = |r: egui::Rect| all.iter().filter(|p| p.intersects(r.expand(4.0))).count();
        let least = spot(table, size, &all);
        assert!(table.contains_rect(least), "{least:?}");
        assert!(
            covers(least) < covers(top),
            "{least:?}: {} of {}",
            covers(least),
            covers(top)
        );
    }

    #[test]
    fn the_banner_waits_for_the_side_announced_to_play() {
        // Not played yet: up for LONGEST, though SHOWN has passed.
        assert!(left(5.0, false) > 0.0);
        assert!(left(12.5, false) <= 0.0);
        // Played: gone once SHOWN has passed, up before.
        assert!(left(5.0, true) <= 0.0);
        assert!(left(1.0, true) > 0.0);
    }

    /// The banner goes with the first click or key once it is up; a press in its first moment
    /// (the one that ended the last side's play) leaves it.
    #[test]
    fn a_click_or_a_key_sends_the_banner_away() {
        for event in [
            egui::Event::PointerButton {
                pos: egui::pos2(400.0, 300.0),
                button: egui::PointerButton::Primary,
                pressed: true,
                modifiers: Default::default(),
            },
            egui::Event::Key {
                key: egui::Key::Space,
                physical_key: None,
                pressed: true,
                repeat: false,
                modifiers: Default::default(),
            },
        ] {
            let ctx = egui::Context::default();
            let mut banner = Banner::default();
            frame(&ctx, &mut banner, 10.0, Some(0));
            frame(&ctx, &mut banner, 11.0, None);
            frame(&ctx, &mut banner, 12.0, Some(0));
            assert!(banner.drawn.is_some(), "announced");
            press(&ctx, &mut banner, 12.1, event.clone());
            assert!(
                banner.drawn.is_some(),
                "too soon after the announcement: {event:?}"
            );
            frame(&ctx, &mut banner, 13.0, Some(0));
            assert!(banner.drawn.is_some(), "still up at 13 s");
            press(&ctx, &mut banner, 13.5, event.clone());
            assert!(banner.drawn.is_none(), "gone with {event:?}");
            frame(&ctx, &mut banner, 14.0, Some(0));
            assert!(banner.drawn.is_none(), "and stays gone");
        }
    }

    /// One frame at `time` with `event` in its input, the person's side 0 to act.
    fn press(ctx: &egui::Context, banner: &mut Banner, time: f64, event: egui::Event) {
        frame_with(ctx, banner, time, Some(0), vec![event]);
    }

    #[test]
    fn a_solo_game_announces_the_play_coming_back_after_the_rules_acted() {
        let ctx = egui::Context::default();
        let mut banner = Banner::default();
        // The person opens the game: nothing to announce.
        frame(&ctx, &mut banner, 10.0, Some(0));
        assert_eq!(banner.side, None);
        // The rules act, then the play comes back: the person's side is announced then.
        frame(&ctx, &mut banner, 11.0, None);
        frame(&ctx, &mut banner, 12.0, Some(0));
        assert_eq!((banner.side, banner.since), (Some(0), 12.0));
        // Still the person's: no new announcement.
        frame(&ctx, &mut banner, 13.0, Some(0));
        assert_eq!(banner.since, 12.0);
    }
}
