//! The mouse and keys on a battle: select a unit of the side playing, pick an action (move,
//! fire, move and fire, close combat, board, unload, or a support weapon), click a hex. The
//! selection shows where the unit can go and, on hover, the line of sight and the chance to
//! destroy. Everything is sent as commands.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::EguiContexts;
use hexx::Hex;

use super::ID;
use super::actions::{
    assault_dice, attack_die, defence, die_steps_text, resistance, weapon_long_range,
};
use super::battle::Battle;
use super::commands::Command;
use super::phases::BattleRes;
use super::rules::combat;
use super::rules::map::{col_row, layout};
use super::rules::movement::GET_OUT;
use super::rules::roster::{Ability, Kind};
use crate::engine::pipeline::Notice;
use crate::engine::state::playing;
use crate::ui::{EndPressed, Handover, ShellAction};
use crate::view::{PanelInsets, TablePointer};

/// What a click on the map does with the selected unit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Move to a hex; an enemy clicked is fired at if it can be, else assaulted.
    #[default]
    Move,
    /// Fire at a hex.
    Fire,
    /// Moving and shooting: the first click the hex to move to, the second the target.
    MoveAndFire,
    /// Move into close combat.
    Assault,
    /// Board the transporter clicked.
    Board,
    /// Unload a passenger (chosen in the panel) to the hex clicked.
    Unload,
    /// Aerial support at the hex clicked.
    Aerial,
    /// Campaign artillery at the hex clicked, the selected unit observing.
    Artillery,
    /// Space bombardment at the hex clicked.
    Bombard,
}

/// The line of sight shown from the selected unit to the hovered hex.
#[derive(Clone, Debug, PartialEq)]
pub struct SightLine {
    /// The unit's hex.
    pub from: Hex,
    /// The hovered hex.
    pub to: Hex,
    /// Drawn as a shot that can be made (green): the line of sight clear, and the target, if
    /// one stands there, within range; red otherwise.
    pub clear: bool,
    /// The hex that blocks it.
    pub blocked_at: Option<Hex>,
    /// In words: blocked why, or the attack and its chance.
    pub text: String,
}

/// The player's selection and what it shows.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Selection {
    /// The selected unit.
    pub unit: Option<usize>,
    /// What a click does.
    pub mode: Mode,
    /// Use a leader's bonus on the next attack.
    pub leader: bool,
    /// Force points to spend on the next attack.
    pub force: u32,
    /// Moving and shooting: the route chosen, waiting for a target.
    pub staged: Option<Vec<Hex>>,
    /// Hexes the unit can end a move in, with their cost.
    pub reach: Vec<(Hex, u32)>,
    /// The route to the hovered hex.
    pub route: Option<Vec<Hex>>,
    /// The line of sight to the hovered hex.
    pub sight: Option<SightLine>,
    /// The hovered hex.
    pub hover: Option<Hex>,
    /// Aim the special weapon at its own target (ruling `Special weapon targets`).
    pub weapon_apart: bool,
    /// With `weapon_apart`: the unit's own target, waiting for the weapon's.
    pub aimed: Option<Hex>,
    /// A close combat clicked, waiting for the player to confirm it (its dice are thrown at
    /// once and cannot be undone): the command and the assault in words with its odds.
    pub asking: Option<(Command, String)>,
}

impl Selection {
    /// The hexes a shot clicked at `h` aims at: `(the unit's target, the weapon's)`; `None`
    /// while the weapon's target is still to be clicked (the first click of an apart shot).
    fn shot(&mut self, b: &Battle, i: usize, h: Hex) -> Option<(Hex, Option<Hex>)> {
        let armed = b.advanced.special_weapons && b.units[i].weapon.is_some();
        if !(armed && self.weapon_apart) {
            return Some((h, None));
        }
        match self.aimed.take() {
            None => {
                self.aimed = Some(h);
                None
            }
            Some(t) => Some((t, Some(h))),
        }
    }
}

fn pairs(route: &[Hex]) -> Vec<(i32, i32)> {
    route.iter().map(|h| col_row(*h)).collect()
}

/// The attack unit `i` would make at `t` now: whether it can be made (drawn green), the hex
/// that blocks its line, and in words its chance (or why it cannot).
/// A click in Move mode on an enemy fires if it can, else assaults, so the text follows it.
pub fn attack_text(b: &Battle, i: usize, t: Hex, sel: &Selection) -> (bool, Option<Hex>, String) {
    // Moving and shooting with the move chosen: measured from where the move ends.
    let moved_there;
    let b = match (sel.mode, sel.staged.as_ref().and_then(|r| r.last())) {
        (Mode::MoveAndFire, Some(end)) => {
            let mut there = b.clone();
            there.units[i].at = *end;
            moved_there = there;
            &moved_there
        }
        _ => b,
    };
    let s = b.sight(i, t);
    let u = &b.units[i];
    let d = u.at.unsigned_distance_to(t);
    let enemy = b
        .target_at(t)
        .filter(|j| b.units[*j].side != u.side && !b.units[*j].hidden);
    let can_fire = s.clear && d <= u.profile.range;
    if let Some(j) = enemy
        && sel.aimed.is_none()
        && (sel.mode == Mode::Assault || (sel.mode == Mode::Move && !can_fire))
    {
        // In Move mode, say first why it is not a shot.
        let why_not_fire = match sel.mode {
            Mode::Move => {
                let mut why = String::new();
                if !s.clear {
                    why += &format!("No line of sight: {}. ", s.why);
                }
                if d > u.profile.range {
                    why += &format!("{d} hexes: out of range {}. ", u.profile.range);
                }
                why
            }
            _ => String::new(),
        };
        // Green only where the close combat can be made (a walk read a `cannot reach` in
        // green, the colour of what can be done).
        return (
            s.clear && assault_refusal(b, i, j, t).is_none(),
            s.blocked_at,
            format!("{why_not_fire}{}", assault_text(b, i, j, t, sel)),
        );
    }
    if enemy.is_none()
        && let Some(&l) = b.lone_enemy_leaders(t, u.side).first()
    {
        let how = if can_fire {
            "a shot at his hex eliminates him"
        } else {
            "out of a shot: a unit passing through his hex eliminates him"
        };
        return (
            s.clear,
            s.blocked_at,
            format!("{} stands alone: {how}", b.units[l].label()),
        );
    }
    if !s.clear {
        // Out of range as well, where an enemy stands there: both said.
        let far = if enemy.is_some() && d > u.profile.range {
            format!("; {d} hexes: out of range {}", u.profile.range)
        } else {
            String::new()
        };
        return (
            false,
            s.blocked_at,
            format!("No line of sight: {}{far}", s.why),
        );
    }
    let Some(j) = enemy else {
        return (true, None, format!("Line of sight clear, {d} hexes"));
    };
    let moved = sel.mode == Mode::MoveAndFire;
    if sel.aimed.is_some()
        && let Some(w) = u.weapon.as_ref()
    {
        if d > w.range {
            return (
                false,
                None,
                format!("{d} hexes: out of the {}'s range {}", w.name, w.range),
            );
        }
        let long = weapon_long_range(b, i, w, t);
        let die = combat::weapon_die(w, b.units[j].profile.kind, moved, long);
        let (res, why) = resistance(b, j, false);
        let p = combat::destroy_chance(die, res) * 100.0;
        return (
            true,
            None,
            format!(
                "{} {die} ×{res} needing 4+ ({why}), {d} hexes: {p:.0}% to destroy {}",
                w.name,
                b.units[j].label()
            ),
        );
    }
    // Out of range: drawn red as a blocked line is, though the line is clear (a walk read
    // `9 hexes: out of range 6` in green as a shot that could be made).
    if d > u.profile.range {
        return (
            false,
            None,
            format!("{} hexes: out of range {}", d, u.profile.range),
        );
    }
    let die = attack_die(
        b,
        i,
        b.units[j].profile.kind,
        d,
        sel.leader,
        sel.force,
        moved,
    );
    let (res, why) = resistance(b, j, u.profile.has(Ability::IgnoresTerrain));
    let p = combat::destroy_chance(die, res) * 100.0;
    let steps = die_steps_text(
        b,
        i,
        b.units[j].profile.kind,
        d,
        sel.leader,
        sel.force,
        moved,
    )
    // Named as the shooter's: after the target's name with a dash it read as the target's die
    // (a walk).
    .map_or(String::new(), |w| format!("; {} fires {w}", u.label()));
    (
        true,
        None,
        format!(
            "{die} ×{res} needing 4+ ({why}), {d} hexes: {p:.0}% to destroy {}{steps}",
            b.units[j].label()
        ),
    )
}

/// Why unit `i` cannot make close combat into enemy `j` at `t`, in words; `None` where it
/// can reach him.
fn assault_refusal(b: &Battle, i: usize, j: usize, t: Hex) -> Option<String> {
    let u = &b.units[i];
    // Why not, in points: the yellow hexes end beside the enemy, and moving into its hex
    // costs more (a walk read `cannot reach` beside a reachable neighbour hex).
    match b.route_for(i, t, true) {
        Some((_, cost)) if cost <= u.profile.movement => None,
        Some((_, cost)) => Some(format!(
            "Close combat: {} cannot reach {}: moving into its hex costs {cost} movement points, and it has {}",
            u.label(),
            b.units[j].label(),
            u.profile.movement
        )),
        None => Some(format!(
            "Close combat: {} cannot reach {}: no way into its hex",
            u.label(),
            b.units[j].label()
        )),
    }
}

/// Close combat of unit `i` into enemy `j` at `t`, in words with its odds, or why it cannot.
fn assault_text(b: &Battle, i: usize, j: usize, t: Hex, sel: &Selection) -> String {
    if let Some(why) = assault_refusal(b, i, j, t) {
        return why;
    }
    let attack: Vec<_> = assault_dice(b, i, j, sel.leader, sel.force)
        .into_iter()
        .map(|(_, d)| d)
        .collect();
    let a: Vec<String> = attack.iter().map(ToString::to_string).collect();
    let def = defence(b, t, i);
    let dice: Vec<String> = def.dice.iter().map(|(_, d, _)| d.to_string()).collect();
    let odds = combat::close_combat_odds(
        &attack,
        &def.dice.iter().map(|(_, d, _)| *d).collect::<Vec<_>>(),
    );
    format!(
        "Close combat: {} against {}{}: {:.0}% win, {:.0}% both eliminated, {:.0}% lose",
        a.join(" + "),
        dice.join(" + "),
        if def.leader {
            " (their leader's bonus)"
        } else {
            ""
        },
        odds.win * 100.0,
        odds.tie * 100.0,
        odds.lose * 100.0
    )
}

#[allow(clippy::too_many_arguments)]
fn pointer(
    window: Single<&Window, With<PrimaryWindow>>,
    table: TablePointer,
    buttons: Res<ButtonInput<MouseButton>>,
    mut ctx: EguiContexts,
    battle: Res<BattleRes>,
    handover: Res<Handover>,
    insets: Res<PanelInsets>,
    mut sel: ResMut<Selection>,
    mut notice: ResMut<Notice>,
    mut send: MessageWriter<Command>,
) {
    let b = &battle.0;
    if b.result.is_some() {
        // The battle is over: nothing to select, and no reach drawn under the result.
        sel.set_if_neq(Selection::default());
        return;
    }
    let over_panel = table
        .cursor(&window)
        .is_some_and(|c| insets.covers(c, window.width(), window.height()));
    let over_ui = over_panel
        || ctx
            .ctx_mut()
            .map(|c| c.is_pointer_over_egui() || c.egui_wants_pointer_input())
            .unwrap_or(false);
    let world = table
        .cursor(&window)
        .and_then(|c| table.at(c))
        .filter(|_| !over_ui && !handover.showing);
    let hover = world
        .map(|p| layout().world_pos_to_hex(p))
        .filter(|h| b.map.contains(*h));
    sel.hover = hover;
    sel.route = None;
    sel.sight = None;
    if let (Some(i), Some(h)) = (sel.unit, hover) {
        let u = &b.units[i];
        let enemy = b
            .target_at(h)
            .is_some_and(|j| b.units[j].side != u.side && !b.units[j].hidden)
            || !b.lone_enemy_leaders(h, u.side).is_empty();
        match sel.mode {
            Mode::Move | Mode::Assault | Mode::Board | Mode::Unload => {
                // Only a route the unit can pay for is drawn.
                let budget = u
                    .profile
                    .movement
                    .saturating_sub(if u.carried_by.is_some() { GET_OUT } else { 0 });
                sel.route = b
                    .route_for(i, h, enemy)
                    .filter(|(_, c)| *c <= budget)
                    .map(|(r, _)| {
                        let mut v = vec![u.at];
                        v.extend(r);
                        v
                    });
            }
            Mode::MoveAndFire if sel.staged.is_none() => {
                sel.route = b
                    .route_for(i, h, false)
                    .map(|(r, _)| [vec![u.at], r].concat());
            }
            _ => {}
        }
        if u.on_map()
            && h != u.at
            && (enemy || matches!(sel.mode, Mode::Fire | Mode::Artillery | Mode::MoveAndFire))
        {
            let (clear, blocked_at, text) = attack_text(b, i, h, &sel);
            let from = match (sel.mode, sel.staged.as_ref().and_then(|r| r.last())) {
                (Mode::MoveAndFire, Some(end)) => *end,
                _ => u.at,
            };
            sel.sight = Some(SightLine {
                from,
                to: h,
                clear,
                blocked_at,
                text,
            });
        }
    }
    if buttons.just_pressed(MouseButton::Right) {
        *sel = Selection::default();
        return;
    }
    // While a close combat waits to be confirmed, the table takes no clicks.
    if !buttons.just_pressed(MouseButton::Left) || sel.asking.is_some() {
        return;
    }
    let Some(h) = hover else { return };
    let side = b.impulse.side;
    let target = col_row(h);
    let (leader, force) = (sel.leader, sel.force);
    // Support weapons need no unit selected (artillery needs its observer).
    match sel.mode {
        Mode::Aerial => {
            send.write(Command::AerialSupport { target });
            return;
        }
        Mode::Bombard => {
            send.write(Command::SpaceBombardment { target });
            return;
        }
        Mode::Artillery if sel.unit.is_some() => {
            let observer = b.units[sel.unit.unwrap_or(0)].id.clone();
            send.write(Command::Artillery { observer, target });
            return;
        }
        _ => {}
    }
    let own: Vec<usize> = b
        .at(h)
        .filter(|j| b.units[*j].side == side && !b.units[*j].activated)
        .collect();
    // A unit of the side that has played already: said, not silently ignored (Turn sequence:
    // each unit activates once a turn).
    if own.is_empty()
        && sel.unit.is_none()
        && let Some(j) = b
            .at(h)
            .find(|j| b.units[*j].side == side && b.units[*j].activated)
    {
        notice.refusal = Some(format!(
            "{} has already played this turn: each unit activates once a turn",
            b.units[j].label()
        ));
        return;
    }
    let clicked_own = !own.is_empty() && sel.mode != Mode::Board;
    if clicked_own && sel.unit.is_none_or(|i| b.units[i].at != h || own.len() > 1) {
        // A click on a stack cycles through its counters.
        let next = match sel.unit {
            Some(i) if own.contains(&i) => {
                own[(own.iter().position(|j| *j == i).unwrap_or(0) + 1) % own.len()]
            }
            _ => own[0],
        };
        select(&mut sel, b, next);
        return;
    }
    let Some(i) = sel.unit else { return };
    let unit = b.units[i].id.clone();
    let foe = b
        .target_at(h)
        .is_some_and(|j| b.units[j].side != side && !b.units[j].hidden);
    let lone_leader = !foe && !b.lone_enemy_leaders(h, side).is_empty();
    let enemy = foe || lone_leader;
    let mut said = false;
    let command = match sel.mode {
        // Leaders: a leader alone dies "if an enemy unit passes in a hex where a leader is
        // all alone": out of a shot, walk over him.
        Mode::Move
            if lone_leader
                && !(b.units[i].at.unsigned_distance_to(h) <= b.units[i].profile.range
                    && b.sight(i, h).clear) =>
        {
            b.route_for(i, h, false).map(|(r, _)| Command::Move {
                unit,
                path: pairs(&r),
            })
        }
        Mode::Move if enemy => {
            let d = b.units[i].at.unsigned_distance_to(h);
            if sel.aimed.is_some() || (d <= b.units[i].profile.range && b.sight(i, h).clear) {
                sel.shot(b, i, h).map(|(t, w)| Command::Fire {
                    unit,
                    target: col_row(t),
                    leader,
                    force,
                    weapon_target: w.map(col_row),
                })
            } else {
                // Out of a shot and out of reach: said here, in the words of both rules,
                // rather than sent to be refused for the route's cost.
                let u = &b.units[i];
                let route = b.route_for(i, h, true);
                match route {
                    Some((_, cost)) if cost <= u.profile.movement => {
                        route.map(|(r, _)| Command::Assault {
                            unit,
                            path: pairs(&r),
                            leader,
                            force,
                        })
                    }
                    _ => {
                        let reach = match route {
                            Some((_, cost)) => format!(
                                "the way there costs {cost} movement points of its {}",
                                u.profile.movement
                            ),
                            None => {
                                "no way there (stacking, terrain or a vehicle's limits)".to_string()
                            }
                        };
                        notice.refusal = Some(format!(
                            "{} cannot fire at {}: {}; nor reach it for close combat: {reach}",
                            u.label(),
                            b.target_at(h).map_or("it".into(), |j| b.units[j].label()),
                            no_shot(b, i, h),
                        ));
                        said = true;
                        None
                    }
                }
            }
        }
        Mode::Move => b.route_for(i, h, false).map(|(r, _)| Command::Move {
            unit,
            path: pairs(&r),
        }),
        Mode::Fire => sel.shot(b, i, h).map(|(t, w)| Command::Fire {
            unit,
            target: col_row(t),
            leader,
            force,
            weapon_target: w.map(col_row),
        }),
        Mode::Assault => b.route_for(i, h, true).map(|(r, _)| Command::Assault {
            unit,
            path: pairs(&r),
            leader,
            force,
        }),
        Mode::Board => b
            .route_for(i, h, false)
            .or_else(|| {
                // The transporter's hex holds a friend: route to a neighbour, then step in.
                let u = &b.units[i];
                h.all_neighbors()
                    .into_iter()
                    .filter_map(|n| {
                        if n == u.at {
                            Some((vec![], 0))
                        } else {
                            b.route_for(i, n, false)
                        }
                    })
                    .min_by_key(|(_, c)| *c)
                    .map(|(mut r, c)| {
                        r.push(h);
                        (r, c)
                    })
            })
            .map(|(r, _)| Command::Board {
                unit,
                path: pairs(&r),
            }),
        Mode::Unload => b.route_for(i, h, false).map(|(r, _)| Command::Unload {
            unit,
            path: pairs(&r),
        }),
        Mode::MoveAndFire => match sel.staged.take() {
            None => {
                sel.staged = b.route_for(i, h, false).map(|(r, _)| r);
                None
            }
            Some(route) => match sel.shot(b, i, h) {
                None => {
                    sel.staged = Some(route);
                    None
                }
                Some((t, w)) => Some(Command::MoveAndFire {
                    unit,
                    path: pairs(&route),
                    target: col_row(t),
                    leader,
                    force,
                    weapon_target: w.map(col_row),
                }),
            },
        },
        Mode::Aerial | Mode::Artillery | Mode::Bombard => None,
    };
    if let Some(c @ Command::Assault { .. }) = command {
        // Asked first, as a Wesnoth attack is: the dice are thrown at once.
        let words = b
            .target_at(h)
            .map(|j| assault_text(b, i, j, h, &sel))
            .unwrap_or_else(|| "Close combat".into());
        sel.asking = Some((c, words));
    } else if let Some(c) = command {
        send.write(c);
        sel.leader = false;
        sel.force = 0;
    } else if !said
        && h != b.units[i].at
        && sel.aimed.is_none()
        && (sel.mode != Mode::MoveAndFire || sel.staged.is_none())
    {
        // No route: say so, as a refused command would.
        notice.refusal = Some(format!(
            "Movement: {} has no route to {:?} (stacking, terrain or a vehicle's limits)",
            b.units[i].label(),
            target
        ));
    }
}

/// Selects unit `i`: its reachable hexes are worked out once, here.
pub fn select(sel: &mut Selection, b: &Battle, i: usize) {
    let u = &b.units[i];
    // Another unit starts with Move: a mode chosen for one unit is not the next one's.
    if sel.unit != Some(i) && sel.mode != Mode::Artillery {
        sel.mode = Mode::Move;
    }
    sel.unit = Some(i);
    sel.staged = None;
    sel.aimed = None;
    sel.force = 0;
    sel.leader = false;
    if sel.mode == Mode::Unload && u.carried_by.is_none()
        || matches!(sel.mode, Mode::Aerial | Mode::Bombard)
    {
        sel.mode = Mode::Move;
    }
    let budget = match sel.mode {
        Mode::MoveAndFire => combat::moving_fire_allowance(u.profile.movement),
        _ => u.profile.movement,
    };
    // A passenger pays 1 point to get out (Transport), then moves from the transporter's hex.
    let budget = budget.saturating_sub(if u.carried_by.is_some() { GET_OUT } else { 0 });
    sel.reach = if u.profile.kind != Kind::FieldArtillery && moves(sel.mode) {
        b.reach_of(i, budget)
    } else {
        Vec::new()
    };
}

fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut ctx: EguiContexts,
    battle: Res<BattleRes>,
    mut sel: ResMut<Selection>,
    mut shell: MessageWriter<EndPressed>,
) {
    if ctx
        .ctx_mut()
        .map(|c| c.egui_wants_keyboard_input())
        .unwrap_or(false)
    {
        return;
    }
    if sel.asking.is_some() {
        // The close combat asked takes Enter and Esc (ui's `ask_assault`): Enter must not end
        // the impulse under it, nor another key change the attack meanwhile.
        return;
    }
    let b = &battle.0;
    let mode = [
        (KeyCode::KeyM, Mode::Move),
        (KeyCode::KeyT, Mode::Fire),
        (KeyCode::KeyS, Mode::MoveAndFire),
        (KeyCode::KeyC, Mode::Assault),
        (KeyCode::KeyB, Mode::Board),
        (KeyCode::KeyU, Mode::Unload),
    ]
    .into_iter()
    .find(|(k, _)| keys.just_pressed(*k));
    if let Some((_, m)) = mode {
        set_mode(&mut sel, b, m);
    }
    if keys.just_pressed(KeyCode::KeyL) {
        sel.leader = !sel.leader;
    }
    if keys.just_pressed(KeyCode::Escape) {
        *sel = Selection::default();
    }
    if keys.just_pressed(KeyCode::Space) || keys.just_pressed(KeyCode::Enter) {
        shell.write(EndPressed);
    }
}

/// Sets the click mode, working out the reach again for the selected unit.
pub fn set_mode(sel: &mut Selection, b: &Battle, mode: Mode) {
    sel.mode = mode;
    sel.staged = None;
    sel.aimed = None;
    if let Some(i) = sel.unit {
        let keep_mode = mode;
        select(sel, b, i);
        sel.mode = keep_mode;
        // `select` works out the reach of Move for the modes it does not keep.
        if !moves(mode) {
            sel.reach.clear();
        }
    }
}

/// The hexes of the enemies unit `i` could fire at from where it stands: in its range and in
/// its line of sight (Firing), its side's foes it knows of (a hidden unit is not there for it).
/// Outlined red while it is selected, so a player sees his shots before hovering each enemy
/// (a walk hovered every enemy in turn and found none it could fire at).
pub fn fire_targets(b: &Battle, i: usize) -> Vec<Hex> {
    let u = &b.units[i];
    if !u.on_map() {
        return Vec::new();
    }
    let positions = b.positions();
    let mut hexes: Vec<Hex> = b
        .units
        .iter()
        .filter(|e| e.side != u.side && e.on_map() && !e.hidden)
        .map(|e| e.at)
        .filter(|&h| u.at.unsigned_distance_to(h) <= u.profile.range)
        .collect();
    hexes.sort_by_key(|h| col_row(*h));
    hexes.dedup();
    hexes.retain(|&h| b.sight_in(&positions, i, h).clear);
    hexes
}

/// Whether a click in `mode` may move the selected unit, so its reachable hexes are drawn: not
/// in Fire, nor where the click aims support (a walk saw the reach of Move left on the map in
/// Fire mode, as if the unit were to move).
fn moves(mode: Mode) -> bool {
    !matches!(
        mode,
        Mode::Fire | Mode::Aerial | Mode::Artillery | Mode::Bombard
    )
}

fn end_button(mut actions: MessageReader<ShellAction>, mut send: MessageWriter<Command>) {
    for a in actions.read() {
        if *a == ShellAction::End {
            send.write(Command::EndImpulse);
        }
    }
}

/// Forgets a selected unit that has played, or whose side's impulse has passed, so the next
/// unit starts with Move and a computer waiting for the other player (online, by e-mail) shows
/// no stale reach or buttons; and any selection at a new impulse or turn (a turn's last move
/// ended it, and the next turn opened with the unit selected and its reach shown: a walk).
fn forget_played(
    battle: Res<BattleRes>,
    mut sel: ResMut<Selection>,
    mut at: Local<Option<(u32, u32)>>,
) {
    let b = &battle.0;
    let now = (b.turn, b.impulse.number);
    let moved_on = at.replace(now).is_some_and(|was| was != now);
    if sel.unit.is_some_and(|i| {
        moved_on
            || i >= b.units.len()
            || !b.units[i].alive
            || b.units[i].side != b.impulse.side
            || b.units[i].activated
    }) {
        *sel = Selection::default();
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Selection>()
        .add_systems(
            OnEnter(crate::engine::state::GameState::NoGame),
            |mut sel: ResMut<Selection>| {
                sel.set_if_neq(Selection::default());
            },
        )
        .add_systems(
            Update,
            (
                forget_played.run_if(resource_exists_and_changed::<BattleRes>),
                (keys, pointer, end_button)
                    .chain()
                    .run_if(crate::engine::game::this_computer_to_act::<super::Battlefield>),
            )
                .chain()
                .before(crate::engine::pipeline::CommandPipeline)
                .run_if(playing(ID)),
        );
}

/// Why unit `i` cannot fire at hex `h`, every reason that holds: beyond its range (Shooting:
/// "Count the hex where the target is but not the hex where the attacker is"), out of its
/// line of sight, or both (a new player was told only the line of sight, moved round the
/// building and found the target still out of range).
fn no_shot(b: &Battle, i: usize, h: Hex) -> String {
    let u = &b.units[i];
    let d = u.at.unsigned_distance_to(h);
    let sight = b.sight(i, h);
    let mut why = Vec::new();
    if d > u.profile.range {
        why.push(format!("{d} hexes is beyond its range {}", u.profile.range));
    }
    if !sight.clear {
        why.push(format!("no line of sight ({})", sight.why));
    }
    why.join(", and ")
}

#[cfg(test)]
mod tests {
    use super::super::testing::{battle, unit};
    use super::*;

    /// Every hex of the test map that a stormtrooper cannot fire at: each reason that holds
    /// is said, beyond range and out of sight together where both hold.
    #[test]
    fn a_refused_shot_says_every_reason() {
        let b = battle();
        let i = unit(&b, "st1");
        let range = b.units[i].profile.range;
        let (mut both, mut sight_only) = (0, 0);
        for (h, _) in b.map.hexes() {
            let d = b.units[i].at.unsigned_distance_to(h);
            let clear = b.sight(i, h).clear;
            let why = no_shot(&b, i, h);
            assert_eq!(why.contains("beyond its range"), d > range, "{h:?}: {why}");
            assert_eq!(why.contains("no line of sight"), !clear, "{h:?}: {why}");
            both += usize::from(d > range && !clear);
            sight_only += usize::from(d <= range && !clear);
        }
        assert!(both > 0 && sight_only > 0, "{both} {sight_only}");
    }

    /// A unit selected as a turn's last move ends it is not still selected in the next turn.
    #[test]
    fn a_selection_is_forgotten_at_a_new_impulse() {
        let mut app = App::new();
        let b = battle();
        let i = unit(&b, "st1");
        let mut sel = Selection::default();
        select(&mut sel, &b, i);
        app.insert_resource(super::super::phases::BattleRes(b))
            .insert_resource(sel)
            .add_systems(Update, forget_played);
        app.update();
        assert_eq!(
            app.world().resource::<Selection>().unit,
            Some(i),
            "the same impulse"
        );
        app.world_mut()
            .resource_mut::<super::super::phases::BattleRes>()
            .0
            .turn += 1;
        app.update();
        assert_eq!(app.world().resource::<Selection>().unit, None, "a new turn");
    }

    /// Issue 61: the reach of Move is drawn in the modes that move, and in no other (a walk
    /// saw it left on the map in Fire mode).
    #[test]
    fn the_reach_is_drawn_only_where_a_click_moves() {
        let b = battle();
        let i = unit(&b, "st1");
        let mut sel = Selection::default();
        select(&mut sel, &b, i);
        assert!(!sel.reach.is_empty(), "Move draws the unit's reach");
        for mode in [Mode::Fire, Mode::Aerial, Mode::Artillery, Mode::Bombard] {
            set_mode(&mut sel, &b, mode);
            assert_eq!(sel.mode, mode);
            assert!(sel.reach.is_empty(), "{mode:?} draws no reach");
        }
        for mode in [Mode::Move, Mode::MoveAndFire, Mode::Assault, Mode::Board] {
            set_mode(&mut sel, &b, mode);
            assert!(!sel.reach.is_empty(), "{mode:?} draws the reach");
        }
    }

    /// Issue 61: a close combat out of reach says what moving into the enemy's hex would cost
    /// and what the unit has (or that there is no way in).
    #[test]
    fn a_close_combat_out_of_reach_says_its_cost() {
        let b = battle();
        let mut costly = 0;
        for i in 0..b.units.len() {
            for j in (0..b.units.len()).filter(|&j| b.units[j].side != b.units[i].side) {
                let t = b.units[j].at;
                let text = assault_text(&b, i, j, t, &Selection::default());
                match b.route_for(i, t, true) {
                    Some((_, c)) if c > b.units[i].profile.movement => {
                        assert!(
                            text.contains(&format!("costs {c} movement points")),
                            "{text}"
                        );
                        costly += 1;
                    }
                    Some(_) => assert!(!text.contains("cannot reach"), "{text}"),
                    None => assert!(text.contains("no way into its hex"), "{text}"),
                }
                // Drawn green only where it can be made.
                let sel = Selection {
                    mode: Mode::Assault,
                    ..Selection::default()
                };
                let (green, _, said) = attack_text(&b, i, t, &sel);
                if said.contains("cannot reach") {
                    assert!(!green, "{said}");
                }
            }
        }
        assert!(costly > 0);
    }

    /// Issue 61: the enemies ringed as shots are those a click would fire at: in range and in
    /// sight; every other enemy is out of range or out of sight.
    #[test]
    fn the_enemies_ringed_are_the_shots_that_can_be_made() {
        let b = battle();
        let (mut ringed, mut not) = (0, 0);
        for i in 0..b.units.len() {
            let shots = fire_targets(&b, i);
            for e in b
                .units
                .iter()
                .filter(|e| e.side != b.units[i].side && e.on_map())
            {
                let shot = b.units[i].at.unsigned_distance_to(e.at) <= b.units[i].profile.range
                    && b.sight(i, e.at).clear
                    && !e.hidden;
                assert_eq!(shots.contains(&e.at), shot, "{} at {:?}", e.id, e.at);
                ringed += usize::from(shot);
                not += usize::from(!shot);
            }
        }
        assert!(ringed > 0 && not > 0, "{ringed} ringed, {not} not");
    }

    /// Issue 61: an enemy in sight but out of range is no shot, drawn red as a blocked one is
    /// (a walk read `out of range` in green); one in range and in sight is drawn green.
    #[test]
    fn an_enemy_out_of_range_is_drawn_as_no_shot() {
        let b = battle();
        let i = unit(&b, "st1");
        let range = b.units[i].profile.range;
        let sel = Selection {
            unit: Some(i),
            mode: Mode::Fire,
            ..Default::default()
        };
        let (mut far, mut near) = (0, 0);
        for j in (0..b.units.len()).filter(|&j| b.units[j].side != b.units[i].side) {
            let t = b.units[j].at;
            if !b.sight(i, t).clear {
                continue;
            }
            let (green, _, text) = attack_text(&b, i, t, &sel);
            let out = b.units[i].at.unsigned_distance_to(t) > range;
            assert_eq!(green, !out, "{text}");
            far += usize::from(out);
            near += usize::from(!out);
        }
        assert!(far > 0 && near > 0, "{far} far, {near} near");
    }
}
