//! The pointer on the table: hover, select, drag to move (a figure, or its whole group with
//! Shift), right-drag to measure, and the previews that say what a move or a shot would do.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::EguiContexts;

use crate::engine::hint::{HintMark, HintShown};
use crate::engine::pipeline::{CommandPipeline, Notice};
use crate::engine::state::playing;
use crate::rules::geometry::base_gap;
use crate::rules::los::Sight;
use crate::rulesets::tyneside::board::{Board, GameView};
use crate::rulesets::tyneside::commands::Command;
use crate::rulesets::tyneside::components::Figure;
use crate::rulesets::tyneside::phases::{plan_force_jump, plan_lift, plan_step};
use crate::rulesets::tyneside::rules::force::ForcePower;
use crate::rulesets::tyneside::rules::melee::in_reach;
use crate::rulesets::tyneside::rules::orders::Order;
use crate::rulesets::tyneside::turn::{TurnPhase, TurnState};
use crate::ui::Handover;
use crate::view::{PanelInsets, TablePointer};

/// How far a dropped walk may be pulled back towards where it started to its farthest legal
/// point, inches: a hand's overshoot, not a different move.
const PULL_BACK: f32 = 0.3;

/// The drop point for a walk from `from` dropped at `to`: `to` if `legal`, else the farthest
/// legal point on the way no more than [`PULL_BACK`] inches short of it (to a thousandth of an
/// inch), else `None` (the drop is refused as it stands, with the rule that forbids it).
fn pull_back(from: Vec2, to: Vec2, legal: impl Fn(Vec2) -> bool) -> Option<Vec2> {
    if legal(to) {
        return Some(to);
    }
    let length = from.distance(to);
    if length <= PULL_BACK {
        return None;
    }
    let (mut ok, mut bad) = (to + (from - to) * (PULL_BACK / length), to);
    if !legal(ok) {
        return None;
    }
    for _ in 0..9 {
        let mid = (ok + bad) / 2.0;
        if legal(mid) {
            ok = mid;
        } else {
            bad = mid;
        }
    }
    Some(ok)
}

/// Where a walk from `from` dropped at `to` ends when `to` lies on another figure's base:
/// the point where the figure's base (radius `radius`, inches) first touches that base on the
/// way, in base contact; `to` itself when it lies on no base (`others`: centres and base
/// radii, inches). A player drags onto the enemy to charge it; the rules refuse a base on a
/// base, and close combat needs the bases within 1″ ("This occurs when opposing figures are
/// within 1″ of each other", tyneside-skirmish.txt, Close combat).
fn into_contact(from: Vec2, to: Vec2, radius: f32, others: &[(Vec2, f32)]) -> Vec2 {
    let Some(&(c, r)) = others
        .iter()
        .find(|(c, r)| to.distance(*c) < radius + r - 0.01)
    else {
        return to;
    };
    let reach = radius + r;
    let (d, o) = (to - from, from - c);
    let (a, b, k) = (d.dot(d), 2.0 * d.dot(o), o.dot(o) - reach * reach);
    if k > 0.0 && a > 0.0 {
        // The first touch on the way: the smaller root of |o + t d| = reach.
        let t = (-b - (b * b - 4.0 * a * k).max(0.0).sqrt()) / (2.0 * a);
        return from + d * t.clamp(0.0, 1.0);
    }
    // Already touching where it started: slide round to the side dropped on.
    let out = (to - c).try_normalize().or((from - c).try_normalize());
    c + out.unwrap_or(Vec2::X) * reach
}

/// How far from a Hint's ring's centre a walk may be dropped and still end exactly where the
/// Hint said, inches past the ring: the player aims at the ring, not a point.
const HINT_AIM: f32 = 0.5;

/// Where the Hint sends the figure at `from` when it is dropped at `to` on (or by) the ring
/// the Hint drew for it: the ring's centre, exactly; `None` where the Hint drew nothing for
/// it there (a walk dropped on the ring of a hinted move at its full allowance was refused as
/// too long: the hand's point lay a little past the ring's centre).
fn hinted_end(marks: &[HintMark], from: Vec2, to: Vec2) -> Option<Vec2> {
    marks
        .iter()
        .filter(|m| m.line.len() > 1 && m.line[0].distance(from) < 1e-3)
        .filter_map(|m| Some((m.line.last().copied()?, m.ring)))
        .find(|&(end, ring)| end.distance(to) <= ring + HINT_AIM)
        .map(|(end, _)| end)
}

/// A drag in progress.
#[derive(Clone, Debug, PartialEq)]
pub struct Drag {
    /// The figure grabbed.
    pub figure: Entity,
    /// Moving its whole group (Shift held when the drag began).
    pub group: bool,
}

/// What the pointer is doing, in table inches.
#[derive(Resource, Default, Debug)]
pub struct PointerState {
    /// The cursor on the table, when it is over the table and not over a panel.
    pub world: Option<Vec2>,
    /// The figure under the cursor.
    pub hover: Option<Entity>,
    /// The selected figure.
    pub selected: Option<Entity>,
    /// A figure being dragged.
    pub drag: Option<Drag>,
    /// The tape measure: from, to.
    pub tape: Option<(Vec2, Vec2)>,
    /// The next drag is a jump (J).
    pub jump: bool,
    /// The next drag is a Force jump (the unit card's button).
    pub force_jump: bool,
    /// The next drag is a flight (R2D2, Boba Fett's jet pack: the unit card's button).
    pub fly: bool,
    /// A Lift under way (the unit card's Lift): the user's id and the ticked figures' ids; a
    /// drag of one of them carries them all.
    pub lift: Option<(String, Vec<String>)>,
    /// The Force power the unit card's pointer is on (or whose list is open): its reach shown
    /// on the table before use.
    pub force_reach: Option<ForceReach>,
}

/// A Force power's reach, drawn round its user, and the figures it may pick.
#[derive(Clone, Debug, PartialEq)]
pub struct ForceReach {
    /// The user.
    pub user: Entity,
    /// Its reaches, inches from the user's base edge (e.g. a Mind trick's 5" and 24").
    pub reach: Vec<f32>,
    /// The figures it may pick now.
    pub targets: Vec<Entity>,
}

/// What dropping the dragged figure here would do.
#[derive(Resource, Default, Debug)]
pub struct MovePreview(pub Option<MovePlanPreview>);

/// A previewed move.
#[derive(Clone, Debug)]
pub struct MovePlanPreview {
    /// Paths (from, to), one per figure moving.
    pub paths: Vec<(Vec2, Vec2)>,
    /// Allowance it would use, or why it is refused.
    pub verdict: Result<f32, String>,
    /// The enemies a moving figure would end within close combat's 1″ of: centre, base
    /// radius (inches) and name.
    pub close_combat: Vec<(Vec2, f32, String)>,
}

/// The sight line from the selected figure to the hovered enemy.
#[derive(Resource, Default, Debug)]
pub struct SightPreview(pub Option<SightLine>);

/// A previewed sight line.
#[derive(Clone, Debug)]
pub struct SightLine {
    /// From the selected figure's centre.
    pub from: Vec2,
    /// To the hovered figure's centre.
    pub to: Vec2,
    /// Clear, or the id of the terrain piece that blocks it.
    pub blocked_by: Option<String>,
    /// Base-to-base distance, inches.
    pub distance: f32,
    /// Whether the target is hidden from the viewer (hiding, or ducked back in cover, beyond 6").
    pub concealed: bool,
    /// The weapon band, if in range.
    pub band: Option<String>,
    /// Whether the selected figure has a ranged weapon.
    pub armed: bool,
}

fn figure_at(board: &Board, p: Vec2) -> Option<Entity> {
    board
        .figs
        .iter()
        .filter(|f| f.pos.distance(p) <= f.figure.base + 0.15)
        .min_by(|a, b| a.pos.distance(p).total_cmp(&b.pos.distance(p)))
        .map(|f| f.entity)
}

/// The side to act now, if any: in Orders the side placing orders (in a game by e-mail once
/// all have placed, the side turning its counters over), else the active group's side.
pub fn side_to_act(view: &GameView, phase: TurnPhase) -> Option<usize> {
    let turn = view.turn.as_ref()?;
    match phase {
        TurnPhase::Orders if turn.turning_over => {
            let groups: Vec<_> = view.groups.iter().cloned().collect();
            crate::rulesets::tyneside::phases::turning_over_side(&groups)
        }
        TurnPhase::Orders => Some(turn.orders_side),
        TurnPhase::Movement | TurnPhase::Action => view.group(turn.active_group()?).map(|g| g.side),
        TurnPhase::EndOfTurn => None,
    }
}

#[allow(clippy::too_many_arguments)]
fn pointer(
    window: Single<&Window, With<PrimaryWindow>>,
    table: TablePointer,
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    mut ctx: EguiContexts,
    view: GameView,
    phase: Res<State<TurnPhase>>,
    handover: Res<Handover>,
    mut state: ResMut<PointerState>,
    mut preview: ResMut<MovePreview>,
    mut sight: ResMut<SightPreview>,
    mut send: MessageWriter<Command>,
    insets: Res<PanelInsets>,
    mut notice: ResMut<Notice>,
    hint: Option<Res<HintShown>>,
) {
    preview.0 = None;
    sight.0 = None;
    let over_panel = table
        .cursor(&window)
        .is_some_and(|c| insets.covers(c, window.width(), window.height()));
    let over_ui = over_panel
        || ctx
            .ctx_mut()
            .map(|c| c.is_pointer_over_egui() || c.egui_wants_pointer_input())
            .unwrap_or(false);
    state.world = table
        .cursor(&window)
        .and_then(|c| table.at(c))
        .filter(|_| !over_ui && !handover.showing);
    let Some(board) = view.board() else { return };
    let Some(p) = state.world else {
        if buttons.just_released(MouseButton::Left) {
            state.drag = None;
        }
        // Off the table nothing is hovered: the last figure passed over on the way to the
        // sidebar held the card there in place of the figure selected (a walk).
        state.hover = None;
        return;
    };
    state.hover = figure_at(&board, p);
    let acting_side = side_to_act(&view, *phase.get());
    let index_of = |e: Entity| board.figs.iter().position(|f| f.entity == e);

    // Tape measure: right-drag.
    if buttons.just_pressed(MouseButton::Right) {
        state.tape = Some((p, p));
    } else if buttons.pressed(MouseButton::Right) {
        if let Some(t) = &mut state.tape {
            t.1 = p;
        }
    } else if buttons.just_released(MouseButton::Right) {
        // Keep the last measurement on screen until the next click.
    }

    if buttons.just_pressed(MouseButton::Left) {
        state.tape = None;
        state.selected = state.hover;
        // A click on the table is the next thing done: the last refusal was about the thing
        // before (a walk saw one stay on the bar after the next action had worked); one this
        // click brings is told afresh.
        notice.refusal = None;
        if let Some(h) = state.hover
            && *phase.get() == TurnPhase::Movement
            && let Some(i) = index_of(h)
            && Some(board.figs[i].figure.side) == acting_side
        {
            let shift = keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight);
            state.drag = Some(Drag {
                figure: h,
                group: shift,
            });
        }
    }

    // Lift: a drag of one of the ticked figures carries them all by the same move.
    if let Some((user, targets)) = state.lift.clone() {
        if keys.just_pressed(KeyCode::Escape) {
            state.lift = None;
            state.drag = None;
            return;
        }
        if buttons.just_pressed(MouseButton::Left) {
            state.drag = state
                .hover
                .filter(|&h| {
                    index_of(h).is_some_and(|i| targets.contains(&board.figs[i].figure.id))
                })
                .map(|h| Drag {
                    figure: h,
                    group: false,
                });
        }
        if let Some(drag) = state.drag.clone()
            && let (Some(i), Some(u)) = (index_of(drag.figure), board.find(&user))
        {
            let lifted: Vec<usize> = targets.iter().filter_map(|t| board.find(t)).collect();
            let by = p - board.figs[i].pos;
            if buttons.just_released(MouseButton::Left) {
                if by.length() > 0.2 {
                    send.write(Command::Force {
                        figure: user,
                        power: ForcePower::Lift {
                            targets,
                            by: (by.x, by.y),
                        },
                    });
                    state.lift = None;
                }
                state.drag = None;
            } else {
                preview.0 = Some(MovePlanPreview {
                    paths: lifted
                        .iter()
                        .map(|&j| (board.figs[j].pos, board.figs[j].pos + by))
                        .collect(),
                    verdict: plan_lift(&board, u, &lifted, by).map(|()| by.length()),
                    close_combat: Vec::new(),
                });
            }
        }
        return;
    }

    // Drag preview and drop.
    if let Some(drag) = state.drag.clone() {
        if let Some(i) = index_of(drag.figure) {
            let f = &board.figs[i];
            let order = view
                .group(f.group)
                .and_then(|g| g.order)
                .unwrap_or(Order::Stand);
            let judge = |p: Vec2| {
                if view.turn.as_ref().and_then(|t| t.active_group()) != Some(f.group) {
                    Err(format!("it is not {}'s group's activation", f.figure.name))
                } else if drag.group {
                    let members = board.members(f.group);
                    let by = p - f.pos;
                    members
                        .iter()
                        .map(|&m| {
                            plan_step(&board, m, board.figs[m].pos + by, order, &members, false)
                                .map(|pl| pl.cost)
                        })
                        .try_fold(0.0f32, |acc, c| c.map(|c| acc.max(c)))
                } else if state.force_jump || state.fly {
                    plan_force_jump(&board, i, p, order)
                } else {
                    plan_step(&board, i, p, order, &[], state.jump).map(|pl| pl.cost)
                }
            };
            // A walk dropped on the Hint's ring for it ends where the Hint said; one dropped
            // on another base ends in base contact with it; one dropped just past where it
            // may end (the allowance) ends at the farthest legal point instead; jumps and
            // flights go where they are dropped or not at all.
            let walk = !(state.jump || state.force_jump || state.fly);
            let moving = if drag.group {
                board.members(f.group)
            } else {
                vec![i]
            };
            let p = if walk {
                let others: Vec<(Vec2, f32)> = (0..board.figs.len())
                    .filter(|j| !moving.contains(j))
                    .map(|j| (board.figs[j].pos, board.figs[j].figure.base))
                    .collect();
                let marks = hint.as_deref().map_or(&[][..], |h| &h.marks[..]);
                let p = hinted_end(marks, f.pos, p)
                    .unwrap_or_else(|| into_contact(f.pos, p, f.figure.base, &others));
                pull_back(f.pos, p, |q| judge(q).is_ok()).unwrap_or(p)
            } else {
                p
            };
            let verdict = judge(p);
            let paths: Vec<(Vec2, Vec2)> = moving
                .iter()
                .map(|&m| (board.figs[m].pos, board.figs[m].pos + (p - f.pos)))
                .collect();
            // Said only of a move the rules allow: a refused one ends nowhere.
            let close_combat = board
                .foes_of(i)
                .into_iter()
                .filter(|_| verdict.is_ok())
                .filter(|&e| {
                    let foe = &board.figs[e];
                    moving.iter().zip(&paths).any(|(&m, &(_, end))| {
                        in_reach(base_gap(
                            end,
                            board.figs[m].figure.base,
                            foe.pos,
                            foe.figure.base,
                        ))
                    })
                })
                .map(|e| {
                    let foe = &board.figs[e];
                    (foe.pos, foe.figure.base, foe.figure.name.clone())
                })
                .collect();
            if buttons.just_released(MouseButton::Left) {
                if f.pos.distance(p) > 0.2 {
                    let cmd = if drag.group {
                        let by = p - f.pos;
                        Command::MoveGroup {
                            group: f.group.to_string(),
                            by: (by.x, by.y),
                        }
                    } else if state.force_jump {
                        Command::Force {
                            figure: f.figure.id.clone(),
                            power: ForcePower::ForceJump { to: (p.x, p.y) },
                        }
                    } else if state.fly {
                        Command::Fly {
                            figure: f.figure.id.clone(),
                            to: (p.x, p.y),
                        }
                    } else if state.jump {
                        Command::Jump {
                            figure: f.figure.id.clone(),
                            to: (p.x, p.y),
                        }
                    } else {
                        Command::Move {
                            figure: f.figure.id.clone(),
                            to: (p.x, p.y),
                        }
                    };
                    send.write(cmd);
                    state.jump = false;
                    state.force_jump = false;
                    state.fly = false;
                }
                state.drag = None;
            } else {
                preview.0 = Some(MovePlanPreview {
                    paths,
                    verdict,
                    close_combat,
                });
            }
        } else {
            state.drag = None;
        }
    }

    // Sight line to the hovered enemy: from the selected figure while it belongs to the group
    // acting; else from the acting group's figure nearest the enemy (the one that would shoot),
    // not from a figure selected earlier.
    let active = view.turn.as_ref().and_then(|t| t.active_group());
    let from = |j: usize| -> Option<usize> {
        let selected = state.selected.and_then(index_of);
        match active {
            Some(g) if selected.is_none_or(|i| board.figs[i].group != g) => board
                .members(g)
                .into_iter()
                .min_by(|&a, &b| board.gap(a, j).total_cmp(&board.gap(b, j)))
                .or(selected),
            _ => selected,
        }
    };
    if let Some(j) = state.hover.and_then(index_of)
        && let Some(i) = from(j)
        && board.figs[i].figure.side != board.figs[j].figure.side
    {
        let (a, b) = (&board.figs[i], &board.figs[j]);
        let blocked_by = match board.sight(i, j) {
            Sight::Clear => None,
            Sight::BlockedBy(k) => Some(board.table.terrain[k].id.clone()),
        };
        let distance = base_gap(a.pos, a.figure.base, b.pos, b.figure.base);
        let concealed = distance > crate::rulesets::tyneside::board::HIDDEN_SEEN_WITHIN
            && (board.concealed(j, a.pos) || board.concealed(i, b.pos));
        sight.0 = Some(SightLine {
            from: a.pos,
            to: b.pos,
            blocked_by,
            distance,
            concealed,
            band: board.band(i, j).map(|b| b.to_string()),
            armed: a.figure.weapon.is_some(),
        });
    }
    if keys.just_pressed(KeyCode::Escape) {
        state.selected = None;
        state.drag = None;
        state.tape = None;
        state.jump = false;
        state.force_jump = false;
        state.fly = false;
    }
}

/// Clears the pointer when a game starts.
fn reset(mut state: ResMut<PointerState>, turn: Option<Res<TurnState>>) {
    if turn.is_some_and(|t| t.is_added()) {
        *state = PointerState::default();
    }
}

/// When the activation passes to another group, a selected figure that is not of it is let
/// go, with its tape and drag: the next player starts from its own group, not the other
/// side's figure and card (play-test). Whenever the hand-over screen is up (the orders
/// phase passes between sides with no group active), the selection is let go whole.
fn forget_on_handover(
    mut state: ResMut<PointerState>,
    view: GameView,
    handover: Res<Handover>,
    mut last: Local<Option<String>>,
) {
    if handover.showing && (state.selected.is_some() || state.tape.is_some()) {
        state.selected = None;
        state.drag = None;
        state.tape = None;
    }
    let Some(turn) = view.turn.as_ref() else {
        return;
    };
    let active = turn.active_group().map(str::to_string);
    if *last == active {
        return;
    }
    *last = active.clone();
    let Some(board) = view.board() else { return };
    let ours = |e: Entity| {
        board
            .figs
            .iter()
            .any(|f| f.entity == e && active.as_deref() == Some(f.group))
    };
    if state.selected.is_some_and(|e| !ours(e)) {
        state.selected = None;
        state.drag = None;
        state.tape = None;
    }
}

/// Figure entities that no longer exist are dropped from the selection.
fn forget_gone(mut state: ResMut<PointerState>, figs: Query<(), With<Figure>>) {
    let state = &mut *state;
    for slot in [&mut state.selected, &mut state.hover] {
        if slot.is_some_and(|e| figs.get(e).is_err()) {
            *slot = None;
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PointerState>()
        .init_resource::<MovePreview>()
        .init_resource::<SightPreview>()
        .add_systems(
            Update,
            (
                reset,
                forget_gone,
                forget_on_handover,
                pointer.run_if(
                    playing(crate::rulesets::tyneside::ID).and_then(
                        crate::engine::game::this_computer_to_act::<
                            crate::rulesets::tyneside::Tyneside,
                        >,
                    ),
                ),
            )
                .chain()
                .before(CommandPipeline),
        );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_walk_dropped_just_past_its_allowance_ends_at_the_allowance() {
        let from = Vec2::new(1.0, 1.0);
        let within = |q: Vec2| q.distance(from) <= 5.0;
        // 0.2" over: pulled back to the 5" allowance.
        let q = pull_back(from, from + Vec2::new(5.2, 0.0), within).expect("pulled back");
        assert!((q.distance(from) - 5.0).abs() < 0.002, "{q}");
        // Legal as dropped: unchanged.
        let to = from + Vec2::new(3.0, 4.0);
        assert_eq!(pull_back(from, to, within), Some(to));
        // A whole inch over is another move: refused as it stands.
        assert_eq!(pull_back(from, from + Vec2::new(6.0, 0.0), within), None);
        // A drop too short to pull back along.
        assert_eq!(pull_back(from, from + Vec2::new(0.2, 0.0), |_| false), None);
    }

    #[test]
    fn a_walk_dropped_on_the_hints_ring_ends_where_the_hint_said() {
        let from = Vec2::new(2.0, 2.0);
        let end = Vec2::new(7.0, 2.0);
        let marks = [
            HintMark::new(Vec2::new(9.0, 9.0), [Vec2::new(7.2, 2.0)], 0.5),
            HintMark::new(from, [end], 0.5),
        ];
        // A hand's point past the ring's centre, on its rim, and just outside it.
        for to in [
            Vec2::new(7.3, 2.1),
            Vec2::new(7.5, 2.0),
            Vec2::new(6.1, 2.0),
        ] {
            assert_eq!(hinted_end(&marks, from, to), Some(end), "{to}");
        }
        // Well away from the ring, or another figure's drag: the Hint has nothing to say.
        assert_eq!(hinted_end(&marks, from, Vec2::new(5.0, 2.0)), None);
        assert_eq!(hinted_end(&marks, Vec2::new(3.0, 3.0), end), None);
        assert_eq!(hinted_end(&[], from, end), None);
    }

    #[test]
    fn a_walk_dropped_on_a_base_ends_in_base_contact_on_the_near_side() {
        let from = Vec2::new(0.0, 0.0);
        let enemy = (Vec2::new(6.0, 0.0), 0.5);
        let others = [(Vec2::new(0.0, 9.0), 0.5), enemy];
        // Dropped on the enemy's centre and past it: touching on the side it came from.
        for to in [Vec2::new(6.0, 0.0), Vec2::new(6.3, 0.2)] {
            let at = into_contact(from, to, 0.5, &others);
            let gap = base_gap(at, 0.5, enemy.0, enemy.1);
            assert!(gap.abs() < 1e-3, "{to} -> {at}: gap {gap}");
            assert!(at.x < enemy.0.x, "{at} is on the far side");
        }
        // Dropped on no base: where it was dropped.
        let clear = Vec2::new(3.0, 2.0);
        assert_eq!(into_contact(from, clear, 0.5, &others), clear);
        // Already touching: slides round to where it was dropped, still touching.
        let touching = Vec2::new(5.0, 0.0);
        let at = into_contact(touching, Vec2::new(6.0, 0.4), 0.5, &others);
        assert!(base_gap(at, 0.5, enemy.0, enemy.1).abs() < 1e-3, "{at}");
        assert!(at.y > 0.0, "{at}");
    }
}
