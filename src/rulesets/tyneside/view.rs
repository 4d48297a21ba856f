//! How a Tyneside game looks over the shared board: each figure's token (base, name, W/D/KO/H
//! and Force-point badges), the active group, the selection with its movement ring, the
//! dragged path, the sight line to a hovered enemy, the tape measure, and order counters
//! behind each group (hidden from the other side while orders are being placed).

use bevy::prelude::*;

use super::board::{Board, GameView};
use super::components::{Condition, EnemyPool, Facing, Figure, Group, Portal, Position};
use super::input::{MovePreview, PointerState, SightPreview};
use super::rules::force::ENHANCE;
use super::rules::melee::CLOSE_COMBAT_RANGE;
use super::rules::movement::ADVANCE_HALT;
use super::rules::orders::{Order, allowance_left};
use super::rules::profile::Ability;
use super::rules::vehicles::Vehicle;
use super::turn::{TurnPhase, TurnState};
use crate::engine::board::BoardGeometry;
use crate::engine::hint::HintMark;
use crate::engine::pieces::{Badge, Model, PieceShape, Token, TokensWritten};
use crate::engine::state::{game_of, playing};
use crate::view::{FixedText, Marks, TableText, TableVisual, TableZoom, shown_base, side_colour};

/// Writes every figure's token: where it stands, its badges (W wounded, D ducked back, KO
/// knocked out, H hiding, F fired this turn in the Shoot/Act phase, FP Force points), faded
/// while ducked back, knocked out or hiding, greyed once its group has acted this phase, not
/// shown once out of the game.
fn tokens(
    figures: Query<(
        Entity,
        (&Figure, Option<&super::components::Member>),
        &Position,
        &Facing,
        (&Condition, Option<&super::components::TurnActivity>),
        Option<&Token>,
    )>,
    turn: Option<Res<TurnState>>,
    phase: Option<Res<State<TurnPhase>>>,
    mut commands: Commands,
) {
    let phase = phase.map(|p| *p.get());
    let acting = matches!(phase, Some(TurnPhase::Movement | TurnPhase::Action));
    let queue = turn.as_ref().map(|t| t.queue.clone()).unwrap_or_default();
    let t = turn.map(|t| t.turn).unwrap_or(0);
    for (e, (f, member), p, facing, (c, act), old) in &figures {
        let mut badges = Vec::new();
        if c.wounded() {
            badges.push(Badge::new("W", "wounded", [0.80, 0.16, 0.14]).harm());
        }
        if c.ducked_back(t) {
            badges.push(Badge::new("D", "ducked back", [0.85, 0.55, 0.10]).harm());
        }
        // Held, it may not move: said on the table, not only by the refusal of a move (a walk
        // dragged a held Kanan and was told only then).
        if c.immobilised(t) {
            badges.push(
                Badge::new(
                    "held",
                    "held by the Force (lightning or choke): unable to move",
                    [0.20, 0.55, 0.85],
                )
                .harm(),
            );
        }
        if c.knocked_out(t) {
            badges.push(Badge::new("KO", "knocked out", [0.50, 0.22, 0.62]).harm());
        }
        if c.hidden {
            badges.push(Badge::new("H", "hiding", [0.35, 0.38, 0.42]));
        }
        // A figure that has fired (leading, combining or returning fire) fires no more this
        // turn: said on the table, not only when a target is ticked (a walk).
        if phase == Some(TurnPhase::Action) && act.is_some_and(|a| a.fired) {
            badges.push(Badge::new("F", "has fired this turn", [0.30, 0.45, 0.60]));
        }
        if f.profile.force_points > 0 {
            badges.push(Badge::new(
                format!("FP{}", c.force_points),
                "Force points left",
                [0.45, 0.30, 0.80],
            ));
        }
        let token = Token {
            acting: false,
            contact: Vec::new(),
            side: f.side,
            label: f.name.clone(),
            emblem: base_mark(f),
            values: String::new(),
            pips: 0,
            // A 1" base is 13 px with the whole 72" table in view: drawn larger when the
            // table is zoomed out that far, so its type reads (the rules measure the base).
            min_px: MIN_PX,
            shape: PieceShape::Round,
            base: f.base,
            // A vehicle's facing (its turns and rear follow it: Vehicle rules).
            facing: f.profile.vehicle.is_some().then_some(facing.0),
            label_size: Token::LABEL,
            at: p.0,
            badges,
            faded: c.ducked_back(t) || c.knocked_out(t) || c.hidden,
            // Its group has moved (or acted) this phase: greyed, as the sidebar's `done`.
            done: (acting && member.is_some_and(|m| !queue.contains(&m.0)))
                .then_some("its group has acted this phase"),
            shown: c.active(),
            order: f.index,
            model: model(f),
        };
        if old != Some(&token) {
            commands.entity(e).insert(token);
        }
    }
}

/// The mark on a figure's base that tells it at a glance: AT a walker, JB a jet bike; a hero
/// the first two letters of his name (`Ha` Han Solo, `Ch` Chewbacca, `Le` Princess Leia: a
/// title is passed over), so two heroes side by side are told apart (a walk found Han and
/// Chewbacca both marked H); else its type: S a Sith (Dark Side Force user), J a Jedi or other
/// Force user, D a droid, N the Nexu, O an officer, + a medic, HW a heavy weapon, ST a
/// stormtrooper, T any other trooper.
pub fn base_mark(f: &Figure) -> String {
    let profile = f.profile.name.to_lowercase();
    let mark = if f.profile.vehicle == Some(Vehicle::Walker) {
        "AT"
    } else if f.profile.vehicle == Some(Vehicle::JetBike) {
        "JB"
    } else if f.hero {
        return hero_mark(&f.name);
    } else if f.has(Ability::ForceUser) && f.has(Ability::DarkSide) {
        "S"
    } else if f.has(Ability::ForceUser) {
        "J"
    } else if f.has(Ability::Droid) {
        "D"
    } else if f.has(Ability::AttacksNearest) {
        "N"
    } else if f.has(Ability::Officer) {
        "O"
    } else if f.has(Ability::Medic) {
        "+"
    } else if profile.contains("heavy weapon") {
        "HW"
    } else if profile.contains("stormtrooper") {
        "ST"
    } else {
        "T"
    };
    mark.to_string()
}

/// Titles a hero's mark passes over to his own name.
const TITLES: [&str; 9] = [
    "princess",
    "darth",
    "general",
    "count",
    "lord",
    "captain",
    "commander",
    "admiral",
    "grand",
];

/// A hero's mark: the first two letters of the first word of `name` that is not a title
/// (the first word where all are), its first letter capital.
fn hero_mark(name: &str) -> String {
    let words: Vec<&str> = name.split_whitespace().collect();
    let word = words
        .iter()
        .find(|w| !TITLES.contains(&w.to_lowercase().as_str()))
        .or(words.first())
        .copied()
        .unwrap_or("H");
    let mut letters = word.chars().filter(|c| c.is_alphanumeric());
    let first = letters
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().collect());
    let second = letters
        .next()
        .map_or_else(String::new, |c| c.to_lowercase().collect());
    format!("{first}{second}")
}

/// A figure's miniature in the 3D view, by its type as [`base_mark`] reads it.
fn model(f: &Figure) -> Model {
    match f.profile.vehicle {
        Some(Vehicle::Walker) => Model::Walker,
        Some(Vehicle::JetBike) => Model::JetBike,
        None if f.has(Ability::ForceUser) => Model::Jedi,
        None if f.has(Ability::Droid) => Model::Droid,
        None if f.has(Ability::AttacksNearest) => Model::Creature,
        None => Model::Trooper,
    }
}

/// The least a figure's base is drawn across on screen, window pixels.
const MIN_PX: f32 = 28.0;

/// An order counter drawn behind a group.
#[derive(Component)]
struct OrderCounter(String);

const GREEN: Color = Color::srgb(0.3, 0.95, 0.4);
const RED: Color = Color::srgb(1.0, 0.3, 0.25);
const YELLOW: Color = Color::srgb(1.0, 0.9, 0.2);

/// The colour of an enemy's close-combat reach, ringed while a move would end within it.
const CLOSE_COMBAT: Color = Color::srgb(1.0, 0.65, 0.2);

/// The colour of Advance's halt round an enemy figure: a muted red, a line not to cross.
const ADVANCE_HALT_RING: Color = Color::srgba(1.0, 0.35, 0.3, 0.55);

/// The colour of a Force power's reach and targets.
const FORCE: Color = Color::srgb(0.75, 0.45, 1.0);

fn draw(
    view: GameView,
    pointer: Res<PointerState>,
    preview: Res<MovePreview>,
    sight: Res<SightPreview>,
    phase: Res<State<TurnPhase>>,
    zoom: Res<TableZoom>,
    mut gizmos: Marks,
) {
    let Some(board) = view.board() else { return };
    // A ring round a figure goes round its base as drawn (larger when zoomed out).
    let drawn = |base: f32| zoom.drawn(base, MIN_PX);
    let active = view
        .turn
        .as_ref()
        .and_then(|t| t.active_group().map(str::to_string));
    if matches!(phase.get(), TurnPhase::Movement | TurnPhase::Action) {
        for f in board
            .figs
            .iter()
            .filter(|f| Some(f.group) == active.as_deref())
        {
            gizmos.circle_2d(
                Isometry2d::from_translation(f.pos),
                drawn(f.figure.base) + 0.25,
                Color::srgba(1.0, 1.0, 1.0, 0.8),
            );
        }
    }
    if let Some(sel) = pointer
        .selected
        .and_then(|e| board.figs.iter().find(|f| f.entity == e))
    {
        gizmos.circle_2d(
            Isometry2d::from_translation(sel.pos),
            drawn(sel.figure.base) + 0.4,
            YELLOW,
        );
    }
    if *phase.get() == TurnPhase::Movement
        && let Some(g) = active.as_deref()
    {
        let selected = pointer.selected;
        let order = view.group(g).and_then(|g| g.order).unwrap_or(Order::Stand);
        // Only round figures that may move: a ducked-back hero's ring promised a move the
        // rules refuse (a walk).
        for i in board
            .members(g)
            .into_iter()
            .filter(|&i| board.figs[i].cond.may_move(board.turn))
        {
            group_move(
                &board,
                i,
                order,
                selected == Some(board.figs[i].entity),
                &mut gizmos,
            );
        }
        if order == Order::Advance {
            advance_halts(&board, g, &mut gizmos);
        }
    }
    // A Force power's reach, before it is used: rings round the user, its targets ringed.
    if let Some(r) = &pointer.force_reach
        && let Some(user) = board.figs.iter().find(|f| f.entity == r.user)
    {
        for reach in &r.reach {
            gizmos
                .circle_2d(
                    Isometry2d::from_translation(user.pos),
                    user.figure.base + reach,
                    FORCE,
                )
                .resolution(96)
                .on_table();
        }
        for t in board.figs.iter().filter(|f| r.targets.contains(&f.entity)) {
            gizmos.circle_2d(
                Isometry2d::from_translation(t.pos),
                drawn(t.figure.base) + 0.3,
                FORCE,
            );
        }
    }
    if let Some(p) = &preview.0 {
        let colour = if p.verdict.is_ok() { GREEN } else { RED };
        for (a, b) in &p.paths {
            gizmos.line_2d(*a, *b, colour);
            gizmos.circle_2d(Isometry2d::from_translation(*b), 0.5, colour);
        }
        // Each enemy the move would end within close combat's reach of: its reach ringed.
        for (at, base, _) in &p.close_combat {
            gizmos
                .circle_2d(
                    Isometry2d::from_translation(*at),
                    (*base + CLOSE_COMBAT_RANGE).max(drawn(*base) + 0.3),
                    CLOSE_COMBAT,
                )
                .resolution(48)
                .on_table();
        }
    }
    if let Some(s) = &sight.0 {
        let colour = if s.blocked_by.is_some() || s.concealed {
            RED
        } else {
            GREEN
        };
        gizmos.line_2d(s.from, s.to, colour);
    }
    if let Some((a, b)) = pointer.tape {
        gizmos.line_2d(a, b, YELLOW);
        let dir = (b - a).normalize_or_zero();
        let mut d = 1.0;
        while d < a.distance(b) {
            let p = a + dir * d;
            let tick = dir.perp() * if (d as i32) % 6 == 0 { 0.5 } else { 0.25 };
            gizmos.line_2d(p - tick, p + tick, YELLOW);
            d += 1.0;
        }
    }
}

/// How far past an Advance halt a group's nearest figure may stand for the halt to be drawn,
/// inches: the most an Advance moves (a full walk, 5") and a little.
const HALT_SHOWN_WITHIN: f32 = 6.0;

/// Advance's halt drawn round each enemy figure group `g` could come near: a ring 5″ from its
/// base edge, where the moving figures' bases must stop ("They halt at 5″ from enemy figures",
/// tyneside-skirmish.txt, Orders; [`check_step`](super::rules::orders::check_step) refuses a
/// step inside it). A walk met the refusal twice with nothing on the table to show the line.
fn advance_halts(board: &Board, g: &str, gizmos: &mut Marks) {
    for (at, radius) in advance_halt_rings(board, g) {
        gizmos
            .circle_2d(Isometry2d::from_translation(at), radius, ADVANCE_HALT_RING)
            .resolution(64)
            .on_table();
    }
}

/// The rings [`advance_halts`] draws: centre and radius, inches.
fn advance_halt_rings(board: &Board, g: &str) -> Vec<(Vec2, f32)> {
    let members = board.members(g);
    let Some(&first) = members.first() else {
        return Vec::new();
    };
    board
        .foes_of(first)
        .into_iter()
        .filter(|&e| {
            members
                .iter()
                .any(|&m| board.gap(m, e) <= ADVANCE_HALT + HALT_SHOWN_WITHIN)
        })
        .map(|e| (board.figs[e].pos, board.figs[e].figure.base + ADVANCE_HALT))
        .collect()
}

/// Where figure `i` of the group moving may go: its movement allowance left (the run's reach
/// faint beyond it), strong for the selected figure, and the way its order sends it: towards
/// the nearest enemy under Attack (and Advance, which may make for the nearest objective
/// instead, drawn too), away from it under Retreat and Rout. tyneside-skirmish.txt, Orders;
/// [`check_step`](super::rules::orders::check_step) is what refuses a step.
fn group_move(board: &Board, i: usize, order: Order, selected: bool, gizmos: &mut Marks) {
    let f = &board.figs[i];
    let (left, run) = allowance_left(
        board.walk(i),
        f.act.run_roll,
        f.act.moved,
        order,
        if f.act.enhanced { ENHANCE } else { 1.0 },
    );
    let strength = if selected { 0.9 } else { 0.35 };
    gizmos
        .circle_2d(
            Isometry2d::from_translation(f.pos),
            left,
            Color::srgba(0.3, 0.8, 1.0, strength),
        )
        .resolution(64)
        .on_table();
    if let Some(run) = run.filter(|_| selected) {
        gizmos
            .circle_2d(
                Isometry2d::from_translation(f.pos),
                left + run,
                Color::srgba(0.3, 0.8, 1.0, 0.25),
            )
            .resolution(64)
            .on_table();
    }
    let reach = (left + run.unwrap_or(0.0)).max(1.0);
    let nearest_enemy = board
        .foes_of(i)
        .into_iter()
        .min_by(|&a, &b| board.gap(i, a).total_cmp(&board.gap(i, b)))
        .map(|e| board.figs[e].pos);
    let arrow = |gizmos: &mut Marks, to: Vec2, away: bool| {
        let d = (to - f.pos).normalize_or_zero() * if away { -1.0 } else { 1.0 };
        if d != Vec2::ZERO {
            let len = reach.min(if away { reach } else { f.pos.distance(to) });
            gizmos.arrow_2d(
                f.pos + d * (f.figure.base + 0.2),
                f.pos + d * len.max(f.figure.base + 0.6),
                Color::srgba(1.0, 0.85, 0.3, strength),
            );
        }
    };
    match order {
        Order::Attack | Order::Advance => {
            if let Some(e) = nearest_enemy {
                arrow(gizmos, e, false);
            }
            if order == Order::Advance
                && let Some(o) = board
                    .table
                    .scenario
                    .objectives
                    .iter()
                    .map(|o| Vec2::new(o.at.0, o.at.1))
                    .min_by(|a, b| a.distance(f.pos).total_cmp(&b.distance(f.pos)))
            {
                arrow(gizmos, o, false);
            }
        }
        Order::Retreat | Order::Rout => {
            if let Some(e) = nearest_enemy {
                arrow(gizmos, e, true);
            }
        }
        _ => {}
    }
}

/// Portal counters: a diamond in the colour of the side that comes on there, ringed when the
/// counter is in the open.
fn portals(portals: Query<&Portal>, enemy: Option<Res<EnemyPool>>, mut gizmos: Marks) {
    let colour = side_colour(enemy.map_or(1, |e| e.side));
    for p in &portals {
        let d = [Vec2::Y, Vec2::X, -Vec2::Y, -Vec2::X, Vec2::Y].map(|v| p.at + v * Portal::REACH);
        gizmos.linestrip_2d(d, colour);
        gizmos.linestrip_2d(d.map(|v| p.at + (v - p.at) * 0.5), colour);
        if p.open {
            gizmos.circle_2d(Isometry2d::from_translation(p.at), Portal::RING, colour);
        }
    }
}

/// The rules' groups' intent arrows this turn (where each meant to go, and its order).
fn intents(
    intents: Option<Res<super::ai::Intents>>,
    turn: Option<Res<TurnState>>,
    mut gizmos: Marks,
) {
    let (Some(intents), Some(turn)) = (intents, turn) else {
        return;
    };
    if intents.turn != turn.turn {
        return;
    }
    for (from, to) in &intents.arrows {
        gizmos
            .arrow_2d(*from, *to, Color::srgba(1.0, 0.85, 0.4, 0.7))
            .with_tip_length(1.0);
    }
}

/// An order counter's word's letters, inches high.
const COUNTER_HEIGHT: f32 = 0.94;

/// Where a group's order counter may go, nearest first, inches: `under` its lowest figure,
/// `over` its highest; where both are taken (groups side by side: `[ATTACK]ATTACK]`), beside
/// them a step at a time, then a row further out. The steps are the widest counter's
/// (`[ADVANCE]`), whatever this one says: a counter beside its group stayed put while it
/// read `[ ? ]`, then slid sideways when its order was shown (a walk). `size`: the letters'
/// height, inches.
fn counter_places(under: Vec2, over: Vec2, size: f32) -> Vec<Vec2> {
    let widest = Order::ALL
        .iter()
        .map(|o| o.to_string().chars().count() + 2)
        .max()
        .unwrap_or(9);
    let wide = widest as f32 * size * 0.7;
    let tall = size * 1.2;
    [under, over]
        .into_iter()
        .chain((1..=3).flat_map(|k| {
            let dx = Vec2::X * wide * k as f32 * 0.6;
            [under - dx, under + dx, over - dx, over + dx]
        }))
        .chain((1..=3).flat_map(|k| {
            let dy = Vec2::Y * tall * k as f32;
            [under - dy, over + dy]
        }))
        .collect()
}

/// Where a line from a counter at `place` leads: to the nearest of its own group's figures
/// (`own`, centres, inches) where a figure of another group (`others`) stands nearer the
/// counter than any of them; `None` where its own is nearest.
fn lead_home(place: Vec2, own: &[Vec2], others: &[Vec2]) -> Option<Vec2> {
    let nearest = |of: &[Vec2]| {
        of.iter()
            .copied()
            .min_by(|a, b| a.distance(place).total_cmp(&b.distance(place)))
    };
    let home = nearest(own)?;
    nearest(others)
        .is_some_and(|o| o.distance(place) < home.distance(place))
        .then_some(home)
}

/// How many letters wide an order counter is: the widest order's, `[ADVANCE]` and
/// `[RETREAT]`.
const COUNTER_CHARS: usize = 9;

/// Keeps one counter per group, behind (below) its rearmost figure.
fn counters(
    view: GameView,
    phase: Res<State<TurnPhase>>,
    (seat, seated): (
        Option<Res<crate::engine::by_email::Seat>>,
        Option<Res<crate::engine::game::Seated>>,
    ),
    replay: Res<crate::engine::replay_view::ReplayStatus>,
    (text_scale, zoom): (Res<crate::view::TableTextScale>, Res<TableZoom>),
    (tokens, portals, kept): (
        Query<&Token>,
        Query<&Portal>,
        Query<&crate::view::KeepClear, Without<Portal>>,
    ),
    mut existing: Query<(
        Entity,
        &OrderCounter,
        &mut Text2d,
        &mut Transform,
        &mut TableText,
        &mut TextColor,
        &mut FixedText,
    )>,
    mut commands: Commands,
    mut last: Local<std::collections::HashMap<String, usize>>,
    mut marks: Marks,
) {
    let Some(board) = view.board() else { return };
    // While orders are placed the other sides' counters are hidden: from the side placing
    // them (hotseat), from the side this computer plays (online, by e-mail), or in the replay
    // viewer from the side it is seen through.
    let hide_side = match phase.get() {
        TurnPhase::Orders => replay
            .viewing_side
            .filter(|_| replay.open)
            .or(seated.and_then(|s| s.0))
            .or(view.turn.as_ref().map(|t| t.orders_side)),
        _ => None,
    };
    let groups: Vec<&Group> = view.all_groups();
    // The counters placed so far this time: the next keeps off them.
    let mut placed: Vec<(Vec2, FixedText)> = Vec::new();
    // In the groups' order, not the entities': a replay's step spawns the counters anew, and
    // the first placed takes the best room (they swapped places at each step).
    let mut sorted: Vec<_> = existing.iter_mut().collect();
    sorted.sort_by_key(|(_, c, ..)| groups.iter().position(|g| g.id == c.0));
    for (e, c, mut text, mut tf, mut height, mut colour, mut fixed) in sorted {
        // A counter may go with the board it was drawn on (a new game) in the same frame.
        let Some(g) = groups.iter().find(|g| g.id == c.0) else {
            commands.entity(e).try_despawn();
            continue;
        };
        let members = board.members(&g.id);
        if members.is_empty() {
            commands.entity(e).try_despawn();
            continue;
        }
        let lowest = members
            .iter()
            .copied()
            .min_by(|&a, &b| board.figs[a].pos.y.total_cmp(&board.figs[b].pos.y))
            .unwrap_or(members[0]);
        let low = board.figs[lowest].pos;
        let low_base = tokens.get(board.figs[lowest].entity).ok();
        let cx = members.iter().map(|&m| board.figs[m].pos.x).sum::<f32>() / members.len() as f32;
        // The Interface size setting makes the counter's word larger with the panels'.
        let size = TableText(COUNTER_HEIGHT * text_scale.0);
        if *height != size {
            *height = size;
        }
        let hidden = hide_side.is_some_and(|s| s != g.side);
        let shown = super::ui::orders::shown_order(g, seat.as_deref());
        let label = match (hidden || (g.face_down.is_some() && shown.is_none()), shown) {
            (true, _) => "[ ? ]".to_string(),
            (false, Some(o)) => format!("[{}]", o.to_string().to_uppercase()),
            (false, None) => "[ - ]".to_string(),
        };
        // Every counter as wide as the widest order's: a counter turned over from `[ ? ]`
        // to `[STAND]` no longer met a figure beside it and jumped over its group (a walk).
        let label = format!("{label:^COUNTER_CHARS$}");
        // The pieces' labels, and an objective's name, give way to it.
        let keep = FixedText {
            chars: label.chars().count(),
            size: size.0,
        };
        // Under the lowest figure's name, however large its base is drawn; over the highest
        // figure's badges where another group's figures stand under it (play-test: an
        // `[ADVANCE]` ran over the troopers below).
        let base = |m: usize| {
            tokens
                .get(board.figs[m].entity)
                .map_or(0.5, |t| shown_base(t, &zoom))
        };
        let below = low_base.map_or(0.5, |t| shown_base(t, &zoom));
        let high = members
            .iter()
            .copied()
            .max_by(|&a, &b| board.figs[a].pos.y.total_cmp(&board.figs[b].pos.y))
            .unwrap_or(members[0]);
        let gap = Token::LABEL * 1.3 + COUNTER_HEIGHT * 0.6;
        let under = Vec2::new(cx, low.y - below - gap);
        let over = Vec2::new(cx, board.figs[high].pos.y + base(high) + gap);
        let places = counter_places(under, over, size.0);
        // Other groups' figures, the portal counters (their diamonds reach 0.8"), and the
        // other marks texts keep off (a crossed-out base of the last attack).
        let discs: Vec<(Vec2, f32)> = (0..board.figs.len())
            .filter(|k| !members.contains(k))
            .map(|k| (board.figs[k].pos, base(k)))
            .chain(portals.iter().map(|p| (p.at, Portal::REACH)))
            .chain(kept.iter().map(|k| (k.at, k.half.max_element())))
            .collect();
        // Where it stood last (under, over, beside…) while that is still clear: it moves with
        // its group, not back and forth as other figures pass (a walk).
        let kept = last
            .get(&g.id)
            .and_then(|&k| places.get(k))
            .copied()
            .filter(|&p| crate::view::clear_at(p, keep, &discs, &placed));
        let place = kept
            .or_else(|| crate::view::clear_place(&places, keep, &discs, &placed))
            .unwrap_or(places[0]);
        last.insert(
            g.id.clone(),
            places.iter().position(|&p| p == place).unwrap_or(0),
        );
        placed.push((place, keep));
        // Nearer another group's figure than any of its own (one-figure groups side by side,
        // or beside its group where under and over were taken), a line leads it home: a walk
        // read Obi-Wan's `[ATTACK]` as Han's, beside him.
        let own: Vec<Vec2> = members.iter().map(|&k| board.figs[k].pos).collect();
        let others: Vec<Vec2> = (0..board.figs.len())
            .filter(|k| !members.contains(k) && board.figs[*k].cond.active())
            .map(|k| board.figs[k].pos)
            .collect();
        if let Some(home) = lead_home(place, &own, &others) {
            marks.line_2d(place, home, side_colour(g.side));
        }
        // Each written only when it differs: a write redraws the table (view::canvas).
        let at = place.extend(20.0);
        if tf.translation != at {
            tf.translation = at;
        }
        if *fixed != keep {
            *fixed = keep;
        }
        if text.0 != label {
            text.0 = label;
        }
        colour.set_if_neq(TextColor(side_colour(g.side)));
    }
    for g in groups {
        if !existing.iter().any(|(_, c, ..)| c.0 == g.id) {
            commands.spawn((
                TableVisual,
                OrderCounter(g.id.clone()),
                Text2d::new(""),
                TextFont::default(),
                TextColor(side_colour(g.side)),
                // On a dark chip, so it reads over a figure of its own side's colour.
                bevy::text::TextBackgroundColor(Color::srgba(0.06, 0.06, 0.08, 0.85)),
                Transform::from_xyz(0.0, 0.0, 20.0),
                TableText(COUNTER_HEIGHT * text_scale.0),
                FixedText {
                    chars: 0,
                    size: COUNTER_HEIGHT * text_scale.0,
                },
            ));
        }
    }
}

/// A door opened or shut in play: the shared board's terrain follows the table's, so the
/// table is drawn again with it.
fn doors(table: Option<Res<super::table::TableRes>>, board: Option<ResMut<BoardGeometry>>) {
    let (Some(table), Some(mut board)) = (table, board) else {
        return;
    };
    if !table.is_changed() || table.is_added() {
        return;
    }
    // Looked at before it is touched: a write marks the board changed, and a changed board
    // is drawn and framed anew.
    let differs =
        matches!(&*board, BoardGeometry::InchTable { terrain, .. } if *terrain != table.terrain);
    if differs && let BoardGeometry::InchTable { terrain, .. } = &mut *board {
        *terrain = table.terrain.clone();
    }
}

/// The tape measure's length written on the table past its far end.
#[derive(Component)]
struct TapeLength;

/// Keeps the tape measure's length on the table while the tape is (from a right-drag to the
/// next click): in the note by the cursor it went as the button was let go (a walk), since a
/// release hides that note until the pointer moves.
fn tape_length(
    pointer: Res<PointerState>,
    text_scale: Res<crate::view::TableTextScale>,
    mut shown: Query<(Entity, &mut Text2d, &mut Transform), With<TapeLength>>,
    mut commands: Commands,
) {
    let tape = pointer.tape.filter(|(a, b)| a.distance(*b) > 0.05);
    let Some((a, b)) = tape else {
        for (e, ..) in &shown {
            commands.entity(e).try_despawn();
        }
        return;
    };
    let words = format!("{:.1}\"", a.distance(b));
    // Past the end, clear of the pointer that holds it.
    let at = (b + (b - a).normalize_or_zero() * 1.2).extend(25.0);
    if let Some((_, mut text, mut tf)) = shown.iter_mut().next() {
        if text.0 != words {
            text.0 = words;
        }
        if tf.translation != at {
            tf.translation = at;
        }
        return;
    }
    commands.spawn((
        TableVisual,
        TapeLength,
        Text2d::new(words),
        TextFont::default(),
        TextColor(YELLOW),
        bevy::text::TextBackgroundColor(Color::srgba(0.06, 0.06, 0.08, 0.85)),
        Transform::from_translation(at),
        TableText(COUNTER_HEIGHT * text_scale.0),
        crate::view::LeastPx(14.0),
    ));
}

pub(super) fn plugin(app: &mut App) {
    // The tokens stay on the table once the game is over; what needs the turn's phase (the
    // rings, the counters) only while it is on (the phase is gone with the game).
    app.add_systems(
        Update,
        (
            (tokens.in_set(TokensWritten), portals, intents, doors).run_if(game_of(super::ID)),
            (draw, counters, tape_length).run_if(playing(super::ID)),
        ),
    );
}

#[cfg(test)]
mod tests {
    use super::{Vec2, base_mark, lead_home};

    #[test]
    fn a_counter_nearer_another_groups_figure_leads_home() {
        // Obi-Wan's group alone at (10, 10), Han's beside him at (11, 10).
        let (obi, han) = (Vec2::new(10.0, 10.0), Vec2::new(11.0, 10.0));
        assert_eq!(
            lead_home(Vec2::new(10.0, 8.5), &[obi], &[han]),
            None,
            "under him"
        );
        assert_eq!(
            lead_home(Vec2::new(11.5, 8.5), &[obi], &[han]),
            Some(obi),
            "nearer Han"
        );
        assert_eq!(lead_home(Vec2::new(11.5, 8.5), &[obi], &[]), None, "alone");
    }
    use crate::rulesets::tyneside::components::Figure;
    use crate::rulesets::tyneside::roster;

    /// A figure of roster profile `name`, a hero or not.
    fn figure(name: &str, hero: bool) -> Figure {
        let profile = roster().unwrap().profile(name).unwrap().clone();
        Figure {
            id: "x".into(),
            name: name.into(),
            side: 0,
            weapon: None,
            armoured: false,
            hero,
            spared: hero,
            base: 0.5,
            abilities: profile.abilities.clone(),
            index: 0,
            profile,
        }
    }

    #[test]
    fn a_base_tells_its_figure_type_or_its_heros_name() {
        let glyph = |name: &str, hero: bool| base_mark(&figure(name, hero));
        assert_eq!(glyph("Darth Vader", true), "Va", "a title passed over");
        assert_eq!(glyph("Darth Vader", false), "S");
        assert_eq!(glyph("Luke Skywalker", true), "Lu");
        assert_eq!(glyph("Luke Skywalker", false), "J");
        assert_eq!(glyph("R2D2", true), "R2");
        assert_eq!(glyph("R2D2", false), "D");
        assert_eq!(glyph("Nexu", false), "N");
        assert_eq!(glyph("Heavy weapon trooper", false), "HW");
        assert_eq!(glyph("Stormtrooper", false), "ST");
        assert_eq!(glyph("Han Solo", true), "Ha");
        assert_eq!(glyph("Chewbacca", true), "Ch");
        assert_eq!(glyph("Princess Leia", true), "Le");
        assert_eq!(glyph("Basic trooper", false), "T");
        assert_eq!(glyph("AT-ST", false), "AT");
        assert_eq!(glyph("Jet bike", false), "JB");
    }

    /// In every bundled Tyneside scenario, no two heroes of one side share a mark, and no hero's
    /// mark is a type's.
    #[test]
    fn heroes_of_a_side_are_told_apart_in_every_bundled_scenario() {
        let types = ["AT", "JB", "S", "J", "D", "N", "O", "+", "HW", "ST", "T"];
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/tyneside");
        let mut seen = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let src = std::fs::read_to_string(&path).unwrap();
            let mut s = crate::rulesets::tyneside::testing::game(&src, &[]);
            let marks = crate::rulesets::tyneside::testing::on_board(&mut s, |board, _| {
                board
                    .figs
                    .iter()
                    .filter(|f| f.figure.hero)
                    .map(|f| (f.figure.side, base_mark(&f.figure), f.figure.name.clone()))
                    .collect::<Vec<_>>()
            });
            for (i, (side, mark, name)) in marks.iter().enumerate() {
                seen += 1;
                assert!(
                    !types.contains(&mark.as_str()),
                    "{path:?}: {name} marked {mark}"
                );
                assert!(
                    !marks[..i].iter().any(|(s, m, _)| s == side && m == mark),
                    "{path:?}: {name} shares {mark} with another hero of his side"
                );
            }
        }
        assert!(seen >= 10, "heroes looked at: {seen}");
    }
    /// Advance's halt is ringed 5" from the base of each enemy figure the group could come
    /// near, and of no other: in `death_star_escape`, Darth Vader's round Obi-Wan 8" away, not
    /// round the heroes across the table.
    #[test]
    fn an_advancing_groups_halt_rings_the_enemies_it_could_reach() {
        let src = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/scenarios/tyneside/death_star_escape.ron"
        ))
        .unwrap();
        let mut s = crate::rulesets::tyneside::testing::game(&src, &[]);
        let rings = crate::rulesets::tyneside::testing::on_board(&mut s, |board, _| {
            super::advance_halt_rings(board, "vader")
        });
        assert_eq!(rings, vec![(Vec2::new(6.0, 44.0), 5.5)]);
        let far = crate::rulesets::tyneside::testing::on_board(&mut s, |board, _| {
            super::advance_halt_rings(board, "squad1")
        });
        assert!(far.is_empty(), "{far:?}");
    }

    /// A walk: a group that has moved is greyed on the table (its figures' tokens `done`),
    /// not only marked `done` in the sidebar; one still to move is not.
    #[test]
    fn a_group_that_has_moved_is_greyed_on_the_table() {
        use crate::engine::pieces::Token;
        use crate::rulesets::tyneside::commands::Command;
        use crate::rulesets::tyneside::testing::{DUEL, game, to_movement_of};
        use bevy::prelude::Update;
        let mut s = game(&DUEL.replace("ORDER", "Stand"), &[]);
        s.app.add_systems(Update, super::tokens);
        to_movement_of(&mut s, "L");
        s.app.update();
        let done =
            |s: &mut crate::engine::session::Session<crate::rulesets::tyneside::Tyneside>,
             id: &str| {
                let w = s.world_mut();
                let mut q = w.query::<(&Figure, &Token)>();
                q.iter(w)
                    .find(|(f, _)| f.id == id)
                    .map(|(_, t)| t.done)
                    .expect("a token")
            };
        assert_eq!(done(&mut s, "luke"), None, "still to move");
        assert!(done(&mut s, "e1").is_some(), "the trooper moved first");
        assert_eq!(done(&mut s, "darth"), None);
        assert!(matches!(
            s.send(Command::EndActivation),
            crate::engine::pipeline::CommandOutcome::Accepted(_)
        ));
        s.app.update();
        assert!(done(&mut s, "luke").is_some(), "Luke's group has moved");
    }

    /// The Hint's marks start at the figure that acts and end where the command takes it: a
    /// move at its end, a fire fight at the target group, a hero's shot at its target, a close
    /// combat at each enemy in base contact and at no other.
    #[test]
    fn a_hint_is_drawn_from_the_figure_that_acts() {
        use super::hint_marks;
        use crate::rulesets::tyneside::commands::Command;
        use crate::rulesets::tyneside::testing::{DUEL, game};
        use bevy::prelude::{Vec2, World};
        // Luke at (10, 10), the trooper at (20, 10), Vader at (10, 20).
        let mut s = game(&DUEL.replace("ORDER", "Stand"), &[]);
        let w = s.world_mut();
        let line = |w: &World, c: Command| -> Vec<Vec<Vec2>> {
            hint_marks(w, &c).into_iter().map(|m| m.line).collect()
        };
        assert_eq!(
            line(
                w,
                Command::Move {
                    figure: "luke".into(),
                    to: (12.0, 10.0)
                }
            ),
            [vec![Vec2::new(10.0, 10.0), Vec2::new(12.0, 10.0)]]
        );
        assert_eq!(
            line(
                w,
                Command::Shoot {
                    groups: vec!["L".into()],
                    targets: vec!["E".into()]
                }
            ),
            [vec![Vec2::new(10.0, 10.0), Vec2::new(20.0, 10.0)]]
        );
        assert_eq!(
            line(
                w,
                Command::HeroShot {
                    hero: "luke".into(),
                    target: "e1".into()
                }
            ),
            [vec![Vec2::new(10.0, 10.0), Vec2::new(20.0, 10.0)]]
        );
        assert!(line(w, Command::Fight { group: "L".into() }).is_empty());
        // The trooper in base contact with Luke (bases of 0.5" and 0.5", 1" apart).
        let mut q = w.query::<(
            &Figure,
            &mut crate::rulesets::tyneside::components::Position,
        )>();
        for (f, mut p) in q.iter_mut(w) {
            if f.id == "e1" {
                p.0 = Vec2::new(11.5, 10.0);
            }
        }
        assert_eq!(
            line(w, Command::Fight { group: "L".into() }),
            [vec![Vec2::new(10.0, 10.0), Vec2::new(11.5, 10.0)]]
        );
    }
}

/// Where the Hint's `command` goes on the table, inches: a figure's move or jump to where it
/// ends, each figure of a group moved together, a fire fight's line from each firing group to
/// each target group (centre to centre), a close combat's line from each figure of the group
/// to each enemy in base contact (within 1", Close combat), and a line from a hero, a grenade's
/// thrower or a walker's attacker to the figure aimed at.
pub fn hint_marks(world: &World, command: &super::commands::Command) -> Vec<HintMark> {
    use super::commands::Command;
    use super::components::Member;
    let Some(mut q) =
        world.try_query::<(&Figure, &super::components::Member, &Position, &Condition)>()
    else {
        return Vec::new();
    };
    let figs: Vec<(&Figure, &Member, Vec2)> = q
        .iter(world)
        .filter(|(_, _, _, c)| c.active())
        .map(|(f, m, p, _)| (f, m, p.0))
        .collect();
    let figure = |id: &str| figs.iter().find(|f| f.0.id == id);
    let centre = |group: &str| {
        let ps: Vec<Vec2> = figs
            .iter()
            .filter(|f| f.1.0 == group)
            .map(|f| f.2)
            .collect();
        (!ps.is_empty()).then(|| ps.iter().sum::<Vec2>() / ps.len() as f32)
    };
    let v = |p: &(f32, f32)| Vec2::new(p.0, p.1);
    match command {
        Command::Move { figure: id, to } | Command::Jump { figure: id, to } => figure(id)
            .map(|f| vec![HintMark::new(f.2, [v(to)], f.0.base)])
            .unwrap_or_default(),
        Command::MoveGroup { group, by } => figs
            .iter()
            .filter(|f| f.1.0 == *group)
            .map(|f| HintMark::new(f.2, [f.2 + v(by)], f.0.base))
            .collect(),
        Command::Shoot { groups, targets } => groups
            .iter()
            .filter_map(|g| centre(g))
            .flat_map(|from| {
                targets
                    .iter()
                    .filter_map(|t| centre(t))
                    .map(move |to| HintMark::new(from, [to], 1.5))
            })
            .collect(),
        // A line from each figure of the group to each enemy it is in close combat with.
        Command::Fight { group } => figs
            .iter()
            .filter(|a| a.1.0 == *group)
            .flat_map(|a| {
                figs.iter()
                    .filter(move |b| {
                        b.0.side != a.0.side
                            && super::rules::melee::in_reach(
                                a.2.distance(b.2) - a.0.base - b.0.base,
                            )
                    })
                    .map(move |b| HintMark::new(a.2, [b.2], b.0.base))
            })
            .collect(),
        // A line from the one figure to the one it aims at.
        Command::HeroShot { hero: a, target: b }
        | Command::Grenade {
            figure: a,
            target: b,
        }
        | Command::FireAtVehicle {
            figure: a,
            vehicle: b,
        }
        | Command::Explosive {
            figure: a,
            vehicle: b,
        } => match (figure(a), figure(b)) {
            (Some(a), Some(b)) => vec![HintMark::new(a.2, [b.2], b.0.base)],
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}
