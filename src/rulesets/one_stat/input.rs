//! The mouse and keys on a 1 Stat Skirmish. With no fighter active, a click on one of yours
//! that has not gone this phase activates it. The active fighter moves by a drag from its
//! base, or a click on open table (in a straight line; a run-up and its jump in one go); a
//! click on an enemy attacks it (in melee when in base contact, else a shot), a right click
//! fires a heavy shooter on the area round it; a Healer's click on a wounded friend tends
//! him. While the Trigger Device owes an attack, a click on an opposing fighter (or, for an
//! area, anywhere on the table) aims it. Space / Enter ends the activation. Everything is sent
//! as commands, and what a click would do is said by the cursor first, with the odds of an
//! attack.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::EguiContexts;

use super::ID;
use super::odds::{Odds, odds};
use super::phases::SkirmishRes;
use super::rules::INCH;
use super::rules::fighter::Specialisation;
use super::rules::roll::Band;
use super::skirmish::{Command, DeviceId, OnTable, Skirmish, Stage, Standing, TOKEN};
use crate::engine::state::playing;
use crate::rules::geometry::base_gap;
use crate::ui::{Handover, ShellAction};
use crate::view::{CursorNote, NotePart, PanelInsets, TablePointer};

/// What a left click where the cursor is would do.
#[derive(Clone, Debug, PartialEq)]
pub enum Intent {
    /// Activate this fighter.
    Activate(usize),
    /// Move the active fighter here (straight), `length` inches; `Err` the rule against it.
    Move {
        /// Where it would stop.
        to: Vec2,
        /// The bends on the way ([`Pointer::bends`]), inches.
        via: Vec<Vec2>,
        /// Inches.
        length: f32,
        /// Accepted, or why not.
        legal: Result<(), String>,
    },
    /// Attack this enemy (the command, and its odds when the rules allow it).
    Attack(usize, Command, Result<Odds, String>),
    /// Tend this wounded friend.
    Heal(usize),
    /// The Boss commands this friend to one action.
    Command(usize),
    /// The Driver rolls to activate this Rookie at once.
    Drive(usize),
    /// The Assassin rolls to reach this point past the terrain in the way.
    Stalk(Vec2),
    /// Pick up this token (index).
    PickUp(usize),
    /// Manipulate this device.
    Manipulate(DeviceId),
    /// The Influencer rolls to perform one action with this opposing fighter.
    Influence(usize),
    /// The Trigger Device attacks this opposing fighter for the player.
    DeviceAttack(usize),
    /// The Trigger Device attacks everyone within 2" of this point (they are listed).
    DeviceArea(Vec2, Vec<usize>),
}

/// The pointer on the table and what it would do.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Pointer {
    /// The table point under the cursor (none over a panel or off the table).
    pub at: Option<Vec2>,
    /// The fighter under it.
    pub fighter: Option<usize>,
    /// What a left click does.
    pub intent: Option<Intent>,
    /// A drag of the active fighter under way: where it started.
    pub dragging: Option<Vec2>,
    /// Where the left button went down, until it comes up.
    pub pressed: Option<Vec2>,
    /// The odds worked out last, for the command they were worked out for.
    cache: Option<(Command, u64, Result<Odds, String>)>,
    /// Bends in the active fighter's next move, Shift+clicked in turn, inches: "A fighter can
    /// move anywhere within his stat in inches", round terrain as on the table (a play-test
    /// could only move in a straight line).
    pub bends: Vec<Vec2>,
    /// The fighter the bends are for.
    bends_for: Option<usize>,
}

/// The fighter whose base is under `p`, the nearest centre first.
pub fn fighter_at(s: &Skirmish, p: Vec2) -> Option<usize> {
    (0..s.fighters.len())
        .filter(|&i| {
            let f = &s.fighters[i];
            f.standing != Standing::Removed && f.at.distance(p) <= f.base + 0.15
        })
        .min_by(|&a, &b| {
            s.fighters[a]
                .at
                .distance(p)
                .total_cmp(&s.fighters[b].at.distance(p))
        })
}

/// Whether `command` would be accepted now (tried on a copy, with dice of its own), or the
/// rule against it.
pub fn try_command(s: &Skirmish, command: &Command) -> Result<(), String> {
    let player = s.to_act().ok_or("the game is over")?;
    s.clone().apply(
        player,
        command,
        &mut crate::rules::dice::Dice::seeded(0).unlogged(),
    )
}

/// The attack the active fighter `i` would make on `t`: melee in base contact, else a shot
/// (`area`: a heavy shooter's area fire) with `weapon`, the shooter chosen for him.
pub fn attack_on(s: &Skirmish, i: usize, t: usize, area: bool, weapon: Option<usize>) -> Command {
    let f = &s.fighters[i];
    if !area && s.in_contact(i, t) && (f.fighter.melee_weapon().is_some() || f.animal) {
        Command::Melee { target: t }
    } else {
        Command::Shoot {
            target: t,
            area,
            weapon,
        }
    }
}

/// The shooter the player chose in the sidebar for a fighter who carries more than one:
/// the fighter and the shooter's place in his weapons.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChosenShooter(pub Option<(usize, usize)>);

impl ChosenShooter {
    /// The shooter chosen for fighter `i`, if any (none: the rules' default).
    pub fn of(&self, i: usize) -> Option<usize> {
        self.0.filter(|c| c.0 == i).map(|c| c.1)
    }
}

/// Where fighter `i` stops when sent to `p`: a base that would overlap another fighter's stops
/// in base to base contact with it, along the way; one a hair short of an enemy's touches
/// him; a point a hair past the full stat (the mouse's, not the player's, inch) is taken as
/// the full stat.
pub fn destination(s: &Skirmish, i: usize, p: Vec2) -> Vec2 {
    let f = &s.fighters[i];
    let mut to = p;
    let dir = (p - f.at).normalize_or_zero();
    // The nearest other base the end overlaps: stop where the two touch.
    if let Some(o) = s
        .fighters
        .iter()
        .enumerate()
        .filter(|(k, o)| *k != i && o.standing != Standing::Removed)
        .map(|(_, o)| o)
        .filter(|o| o.at.distance(to) < o.base + f.base)
        .min_by(|a, b| a.at.distance(f.at).total_cmp(&b.at.distance(f.at)))
    {
        // The point on the line from the mover at distance (r1 + r2) from the other's
        // centre, nearest the mover.
        let r = o.base + f.base;
        let (a, c) = (f.at, o.at);
        let proj = (c - a).dot(dir);
        let off = ((c - a).length_squared() - proj * proj).max(0.0);
        if off < r * r {
            to = a + dir * (proj - (r * r - off).sqrt()).max(0.0);
        }
    }
    let stat = s.allowance(i);
    // A point a hair short of an enemy's base (the mouse's gap, not the player's) is taken as
    // base contact with him: within [`SNAP`] of touching, the base goes out from his centre
    // to touch, where the fighter's stat reaches (a walk's moves meant for melee stopped
    // 0.2" and 0.3" short).
    let gap = |o: &OnTable| o.at.distance(to) - o.base - f.base;
    if let Some(o) = s
        .fighters
        .iter()
        .filter(|o| o.player != f.player && o.standing != Standing::Removed)
        .filter(|o| gap(o) > 1e-3 && gap(o) < SNAP)
        .min_by(|a, b| gap(a).total_cmp(&gap(b)))
    {
        let touch = o.at + (to - o.at).normalize_or_zero() * (o.base + f.base);
        if f.at.distance(touch) <= stat {
            return touch;
        }
    }
    let length = f.at.distance(to);
    if length > stat && length < stat + 0.15 {
        to = f.at + dir * stat;
    }
    to
}

/// How near to touching an enemy's base a move's end is taken as base contact, inches.
const SNAP: f32 = 0.3;

/// What a left click at `p` (over fighter `over`) would do in `s`, for the person to act,
/// shooting with the shooter in `chosen`.
fn intent(
    s: &Skirmish,
    p: Vec2,
    over: Option<usize>,
    (chosen, bends): (ChosenShooter, &[Vec2]),
) -> Option<Intent> {
    if s.stage != Stage::Activating {
        return None;
    }
    let player = s.to_act()?;
    // The Trigger Device's attack is aimed before anything else.
    if let Some(d) = &s.device_attack {
        return match over {
            _ if d.area => Some(Intent::DeviceArea(p, s.in_area(p))),
            Some(t) if s.fighters[t].player != player => Some(Intent::DeviceAttack(t)),
            _ => None,
        };
    }
    let Some(a) = &s.active else {
        let i = over?;
        let f = &s.fighters[i];
        return (f.player == player && !f.activated).then_some(Intent::Activate(i));
    };
    let i = a.fighter;
    match over {
        Some(t) if t == i => None,
        Some(t) if s.fighters[t].player != player => {
            let c = attack_on(s, i, t, false, chosen.of(i));
            // An Influencer who cannot attack him may act with him instead.
            if s.fighters[i].fighter.is(Specialisation::Influencer)
                && try_command(s, &c).is_err()
                && try_command(s, &Command::Influence { fighter: t }).is_ok()
            {
                return Some(Intent::Influence(t));
            }
            Some(Intent::Attack(t, c, Err(String::new())))
        }
        Some(t)
            if s.fighters[i].fighter.is(Specialisation::Healer)
                && s.fighters[t].standing == Standing::Down =>
        {
            Some(Intent::Heal(t))
        }
        Some(t)
            if s.fighters[i].fighter.is(Specialisation::Driver)
                && !a.acted
                && s.fighters[t].fighter.tier == super::rules::fighter::Tier::Rookie =>
        {
            Some(Intent::Drive(t))
        }
        Some(t)
            if s.fighters[i].fighter.tier == super::rules::fighter::Tier::Boss
                && !a.acted
                && s.fighters[t].standing == Standing::Upright =>
        {
            Some(Intent::Command(t))
        }
        Some(_) => None,
        None => {
            if let Some(c) = counter_command(s, p)
                && try_command(s, &c).is_ok()
            {
                return Some(match c {
                    Command::PickUp { token } => Intent::PickUp(token),
                    Command::Manipulate { device } => Intent::Manipulate(device),
                    _ => return None,
                });
            }
            let mut to = destination(s, i, p);
            // A click on a counter out of reach goes to touch it, not onto it.
            if let Some(c) = counter_at(s, p) {
                let f = &s.fighters[i];
                let reach = f.base + TOKEN - 0.02;
                if f.at.distance(c) > reach {
                    to = c - (c - f.at).normalize() * reach;
                }
            }
            let path: Vec<Vec2> = bends.iter().copied().chain([to]).collect();
            let length = crate::rules::geometry::path_length(s.fighters[i].at, &path);
            let legal = try_command(s, &Command::Move { path });
            // An Assassin barred by terrain from base contact with an enemy may stalk.
            if legal.is_err()
                && !a.moved
                && s.fighters[i].fighter.is(Specialisation::Assassin)
                && try_command(s, &Command::Stalk { to }).is_ok()
            {
                return Some(Intent::Stalk(to));
            }
            Some(Intent::Move {
                to,
                via: bends.to_vec(),
                length,
                legal,
            })
        }
    }
}

/// The centre of the counter under `p` (a token lying there, the device, a spawn point),
/// inches.
fn counter_at(s: &Skirmish, p: Vec2) -> Option<Vec2> {
    let near = |at: Vec2| at.distance(p) <= TOKEN + 0.15;
    s.tokens
        .iter()
        .filter(|t| t.carrier.is_none())
        .map(|t| t.at)
        .chain(s.device.iter().map(|d| d.at))
        .chain(
            s.solitaire
                .iter()
                .flat_map(|x| x.spawn_points.iter().copied()),
        )
        .find(|at| near(*at))
}

/// What the active fighter would do with the counter under `p`, if any: pick up a token
/// lying there, or manipulate the device, the doom device or a spawn point (Shutdown).
pub fn counter_command(s: &Skirmish, p: Vec2) -> Option<Command> {
    let near = |at: Vec2| at.distance(p) <= TOKEN + 0.15;
    if let Some(k) =
        (0..s.tokens.len()).find(|&k| s.tokens[k].carrier.is_none() && near(s.tokens[k].at))
    {
        return Some(match s.tokens[k].kind {
            super::skirmish::TokenKind::Doom => Command::Manipulate {
                device: DeviceId::Doom,
            },
            super::skirmish::TokenKind::Rover => Command::Manipulate {
                device: DeviceId::Rover,
            },
            _ => Command::PickUp { token: k },
        });
    }
    if s.device.as_ref().is_some_and(|d| near(d.at)) {
        return Some(Command::Manipulate {
            device: DeviceId::Trigger,
        });
    }
    if s.goal == super::rules::scenario::Goal::Shutdown {
        let points = s.solitaire.as_ref().map(|x| x.spawn_points.clone())?;
        let k = points.iter().position(|at| near(*at))?;
        return Some(Command::Manipulate {
            device: DeviceId::SpawnPoint(k),
        });
    }
    None
}

/// Follows the cursor: the table point, the fighter under it and what a click would do (the
/// odds of an attack worked out once per target and state).
pub(super) fn follow(
    window: Single<&Window, With<PrimaryWindow>>,
    table: TablePointer,
    mut ctx: EguiContexts,
    game: Res<SkirmishRes>,
    handover: Res<Handover>,
    insets: Res<PanelInsets>,
    sides: Option<Res<crate::engine::game::Sides>>,
    chosen: Res<ChosenShooter>,
    mut pointer: ResMut<Pointer>,
) {
    let s = &game.0;
    // While the rules play, the cursor offers nothing.
    let person = s
        .to_act()
        .is_some_and(|p| sides.as_ref().is_none_or(|x| !x.rules.contains(&p)));
    let over_ui = table
        .cursor(&window)
        .is_some_and(|c| insets.covers(c, window.width(), window.height()))
        || ctx
            .ctx_mut()
            .map(|c| c.is_pointer_over_egui() || c.egui_wants_pointer_input())
            .unwrap_or(false);
    let at = table
        .cursor(&window)
        .and_then(|c| table.at(c))
        .filter(|_| !over_ui && !handover.showing);
    let fighter = at.and_then(|p| fighter_at(s, p));
    let active = s.active.as_ref().map(|a| a.fighter);
    let mut intent = at
        .filter(|_| person)
        .and_then(|p| intent(s, p, fighter, (*chosen, &pointer.bends)));
    if let Some(Intent::Attack(_, c, odds_now)) = &mut intent {
        let key = crate::engine::hash::json_hash(s);
        let fresh = match &pointer.cache {
            Some((cc, k, o)) if cc == c && *k == key => o.clone(),
            _ => {
                let o = match try_command(s, c) {
                    Ok(()) => odds(s, c, attack_target(c)).ok_or_else(String::new),
                    Err(e) => Err(e),
                };
                pointer.cache = Some((c.clone(), key, o.clone()));
                o
            }
        };
        *odds_now = fresh;
    }
    let new = Pointer {
        at,
        fighter,
        intent,
        dragging: pointer.dragging,
        pressed: pointer.pressed,
        cache: pointer.cache.clone(),
        // Bends belong to the fighter active now.
        bends: if active == pointer.bends_for {
            pointer.bends.clone()
        } else {
            Vec::new()
        },
        bends_for: active,
    };
    pointer.set_if_neq(new);
}

fn attack_target(c: &Command) -> usize {
    match c {
        Command::Melee { target } | Command::Shoot { target, .. } => *target,
        _ => usize::MAX,
    }
}

/// A click, a drag of the active fighter, or a right click for area fire.
fn click(
    (buttons, keys): (Res<ButtonInput<MouseButton>>, Res<ButtonInput<KeyCode>>),
    game: Res<SkirmishRes>,
    chosen: Res<ChosenShooter>,
    mut pointer: ResMut<Pointer>,
    mut notice: ResMut<crate::engine::pipeline::Notice>,
    mut send: MessageWriter<Command>,
) {
    let s = &game.0;
    let active = s.active.as_ref().map(|a| a.fighter);
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if buttons.just_pressed(MouseButton::Left) {
        // A press on the active fighter's base starts a drag; any other press is a click
        // if released where it was pressed (a drag begun elsewhere does nothing).
        pointer.pressed = pointer.at;
        if let (Some(i), Some(p)) = (active, pointer.at)
            && pointer.fighter == Some(i)
        {
            pointer.dragging = Some(p);
        }
        // No return: a quick click's release may come in the same frame as its press (a
        // frame of a software renderer is long), and was lost (a play-test's click to move
        // did nothing until held longer).
    }
    let clicked = buttons.just_released(MouseButton::Left)
        && pointer.dragging.is_none()
        && pointer
            .pressed
            .take()
            .zip(pointer.at)
            .is_some_and(|(a, b)| a.distance(b) < 0.3);
    if clicked {
        match pointer.intent.clone() {
            Some(Intent::Activate(i)) => {
                send.write(Command::Activate { fighter: i });
            }
            Some(Intent::Move { to, via, legal, .. }) => match legal {
                // Shift+click: a bend here, the move goes on from it.
                Ok(()) if shift => pointer.bends.push(to),
                Ok(()) => {
                    send.write(Command::Move {
                        path: via.into_iter().chain([to]).collect(),
                    });
                    pointer.bends.clear();
                }
                Err(e) => notice.refusal = Some(e),
            },
            Some(Intent::Attack(_, c, _)) => {
                send.write(c);
            }
            Some(Intent::Heal(t)) => {
                send.write(Command::Heal { target: t });
            }
            Some(Intent::Command(t)) => {
                send.write(Command::Command { fighter: t });
            }
            Some(Intent::Drive(t)) => {
                send.write(Command::Drive { rookie: t });
            }
            Some(Intent::Stalk(to)) => {
                send.write(Command::Stalk { to });
            }
            Some(Intent::PickUp(token)) => {
                send.write(Command::PickUp { token });
            }
            Some(Intent::Manipulate(device)) => {
                send.write(Command::Manipulate { device });
            }
            Some(Intent::Influence(t)) => {
                send.write(Command::Influence { fighter: t });
            }
            Some(Intent::DeviceAttack(t)) => {
                send.write(Command::DeviceAttack { target: t });
            }
            Some(Intent::DeviceArea(at, _)) => {
                send.write(Command::DeviceArea { at });
            }
            None => {}
        }
    }
    if buttons.just_released(MouseButton::Left)
        && let Some(from) = pointer.dragging.take()
        && let Some(to) = pointer.at
        && from.distance(to) > 0.3
        && let Some(i) = active
    {
        send.write(Command::Move {
            path: std::mem::take(&mut pointer.bends)
                .into_iter()
                .chain([destination(s, i, to)])
                .collect(),
        });
    }
    if buttons.just_pressed(MouseButton::Right) && !pointer.bends.is_empty() {
        // A right click takes the bends back.
        pointer.bends.clear();
        return;
    }
    if buttons.just_pressed(MouseButton::Right)
        && let (Some(i), Some(t)) = (active, pointer.fighter)
        && s.fighters[t].player != s.fighters[i].player
    {
        send.write(attack_on(s, i, t, true, chosen.of(i)));
    }
}

/// The End button and Space / Enter: end the active fighter's activation.
fn end_button(
    mut actions: MessageReader<ShellAction>,
    game: Res<SkirmishRes>,
    mut send: MessageWriter<Command>,
) {
    for a in actions.read() {
        if *a == ShellAction::End && game.0.active.is_some() {
            send.write(Command::EndActivation);
        }
    }
}

/// The percentage of `x` (0 to 1), to a tenth where it is not whole: 5/8 reads 62.5%.
pub fn percent(x: f32) -> String {
    let tenths = format!("{:.1}", x * 100.0);
    format!("{}%", tenths.strip_suffix(".0").unwrap_or(&tenths))
}

/// An attack's odds in words: the chance to hit and to wound, and where the target is a Boss
/// with his first wound of the turn still to shrug off, what the shot does to that. The wound
/// figure is the one that hurts him: walks read `wound 0% (and 32.8% a wound the Boss ignores …)`
/// as a riddle, and `…; 36% he would wound the Boss, who shrugs off …` as a second chance to hurt.
fn odds_words(o: &Odds) -> String {
    let boss = if o.ignored > 0.0 {
        format!(
            " (the Boss shrugs off his first wound this turn; {} this attack takes it from him)",
            percent(o.ignored)
        )
    } else {
        String::new()
    };
    format!("hit {}, wound {}{boss}", percent(o.hit), percent(o.wound))
}

/// The names of fighters `which` of `s`, joined by commas.
fn names(s: &Skirmish, which: &[usize]) -> String {
    let names: Vec<&str> = which
        .iter()
        .map(|&k| s.fighters[k].fighter.name.as_str())
        .collect();
    names.join(", ")
}

/// `weapons` in words, each with its kind as the warband builder labels it: `blaster pistol
/// (light shooter), vibro-axe (melee, two hands)`.
fn carried(weapons: &[super::rules::fighter::Weapon]) -> String {
    let words: Vec<String> = weapons
        .iter()
        .map(|w| format!("{} ({})", w.name(), super::builder::weapon_label(w)))
        .collect();
    words.join(", ")
}

/// What the cursor would do, by the cursor.
fn note(game: Res<SkirmishRes>, pointer: Res<Pointer>, mut note: ResMut<CursorNote>) {
    let s = &game.0;
    let mut lines = Vec::new();
    let (green, red) = (
        Some(bevy_egui::egui::Color32::LIGHT_GREEN),
        Some(bevy_egui::egui::Color32::LIGHT_RED),
    );
    if let Some(k) = pointer.fighter {
        let f = &s.fighters[k];
        lines.push((
            format!(
                "{} ({}, {} d{}, stat {}){}{}",
                f.fighter.name,
                s.players[f.player].name,
                f.fighter
                    .specialisation
                    .map_or(f.fighter.tier.word(), |sp| sp.word()),
                f.die(),
                f.fighter.stat,
                if f.standing == Standing::Down {
                    ", wounded, lying down"
                } else {
                    ""
                },
                if f.activated {
                    ", has gone this phase"
                } else {
                    ""
                }
            ),
            Some(crate::ui::side_colour32(f.player)),
        ));
        // What he fights with, as his card would say (a walk found no card for a fighter).
        if !f.fighter.weapons.is_empty() {
            lines.push((format!("carries {}", carried(&f.fighter.weapons)), None));
        }
        let engaged = s.engaged(k);
        if !engaged.is_empty() {
            lines.push((
                format!(
                    "in base contact with {}: close enough for melee (the red bar between them)",
                    names(s, &engaged)
                ),
                Some(bevy_egui::egui::Color32::from_rgb(240, 120, 100)),
            ));
        }
    }
    match &pointer.intent {
        Some(Intent::Activate(_)) => lines.push(("click: activate him".into(), green)),
        Some(Intent::Move { length, legal, .. }) => {
            let i = s.active.as_ref().map_or(0, |a| a.fighter);
            let stat = s.allowance(i);
            match legal {
                Ok(()) => lines.push((
                    format!(
                        "click: move {length:.1}\" of {stat}\" · Shift+click: bend the move here{}",
                        if pointer.bends.is_empty() {
                            ""
                        } else {
                            " · right click: no bends"
                        }
                    ),
                    green,
                )),
                Err(e) => lines.push((format!("cannot move here: {e}"), red)),
            }
        }
        Some(Intent::Attack(t, c, o)) => {
            let i = s.active.as_ref().map_or(0, |a| a.fighter);
            let (me, them) = (&s.fighters[i], &s.fighters[*t]);
            let gap = base_gap(me.at, me.base, them.at, them.base);
            let what = match c {
                Command::Melee { .. } => "melee attack".to_string(),
                _ => format!(
                    "{}shot at {gap:.1}\"{}{}",
                    if s.in_contact(i, *t) {
                        "no melee weapon: a "
                    } else {
                        ""
                    },
                    match Band::of(gap) {
                        _ if me.fighter.is(Specialisation::ForceUser) => {
                            ", the Force User's reach of 20\"".to_string()
                        }
                        Some(b) => format!(", {} range", b.word()),
                        None => ", beyond long range (15\")".into(),
                    },
                    if s.in_cover(i, *t) {
                        ", in cover (he defends with 2 dice, the better)"
                    } else {
                        ""
                    }
                ),
            };
            match o {
                Ok(o) => lines.push((format!("click: {what} — {}", odds_words(o)), green)),
                Err(e) => lines.push((format!("{what}. Refused: {e}"), red)),
            }
            // A shot into a crowd may strike another: said before the click, not only in the
            // log after it (a walk's shot at Rider Fess struck Rider Vell).
            let crowd = s.crowd(i, *t);
            if !matches!(c, Command::Melee { .. }) && crowd.len() > 1 {
                lines.push((
                    format!(
                        "into a crowd: the dice pick who is hit among {} (the chances are {}'s)",
                        names(s, &crowd),
                        them.fighter.name
                    ),
                    Some(bevy_egui::egui::Color32::from_rgb(240, 200, 90)),
                ));
            }
            if me.fighter.has_heavy_shooter() && gap <= 10.0 {
                lines.push((
                    "right click: fire on everyone within 2\" of him".into(),
                    None,
                ));
            }
        }
        Some(Intent::Command(t)) => {
            let i = s.active.as_ref().map_or(0, |a| a.fighter);
            let gap = base_gap(
                s.fighters[i].at,
                s.fighters[i].base,
                s.fighters[*t].at,
                s.fighters[*t].base,
            );
            if gap <= 5.0 {
                lines.push((
                    "click: the Boss commands him to one action now (the Boss's other action)"
                        .into(),
                    green,
                ));
            } else {
                lines.push((
                    format!("{gap:.1}{INCH} away: the Boss commands within 5\""),
                    red,
                ));
            }
        }
        Some(Intent::PickUp(k)) => lines.push((
            format!(
                "click: pick up {} (his other action)",
                s.tokens[*k].kind.word(&s.players)
            ),
            green,
        )),
        Some(Intent::Manipulate(_)) => {
            let i = s.active.as_ref().map_or(0, |a| a.fighter);
            let f = &s.fighters[i].fighter;
            lines.push((
                format!(
                    "click: manipulate the device — roll at or under {}{} (his other action)",
                    f.stat,
                    if f.is(Specialisation::Engineer) {
                        ", the Engineer's better of two dice"
                    } else {
                        ""
                    }
                ),
                green,
            ));
        }
        Some(Intent::Influence(t)) => {
            let i = s.active.as_ref().map_or(0, |a| a.fighter);
            lines.push((
                format!(
                    "click: the Influencer rolls {}'s d{} at or under {} to perform one action with him",
                    s.fighters[*t].fighter.name,
                    s.fighters[*t].die(),
                    s.fighters[i].fighter.stat
                ),
                green,
            ));
        }
        Some(Intent::Drive(_)) => lines.push((
            "click: the Driver rolls at or under his stat to activate him at once, besides his own activation".into(),
            green,
        )),
        Some(Intent::Stalk(_)) => lines.push((
            "the terrain bars a move here; click: the Assassin rolls at or under his stat to slip past it into base contact".into(),
            green,
        )),
        Some(Intent::DeviceAttack(t)) => lines.push((
            format!(
                "click: the Trigger Device attacks {} (anywhere on the table)",
                s.fighters[*t].fighter.name
            ),
            green,
        )),
        Some(Intent::DeviceArea(_, hit)) => lines.push((
            format!(
                "click: the Trigger Device attacks everyone within 2\" of here: {}",
                if hit.is_empty() {
                    "nobody stands there".to_string()
                } else {
                    hit.iter()
                        .map(|&k| s.fighters[k].fighter.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                }
            ),
            green,
        )),
        Some(Intent::Heal(t)) => match try_command(s, &Command::Heal { target: *t }) {
            Ok(()) => lines.push((
                "click: tend him (a roll at or under the Healer's stat)".into(),
                green,
            )),
            Err(e) => lines.push((format!("cannot tend him: {e}"), red)),
        },
        None => {}
    }
    if !lines.is_empty() {
        note.add(NotePart { title: None, lines });
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Pointer>()
        .init_resource::<ChosenShooter>()
        .add_systems(
            Update,
            follow
                .run_if(playing(ID))
                .run_if(resource_exists::<SkirmishRes>),
        )
        .add_systems(
            Update,
            (
                crate::ui::space_or_enter_ends,
                click.after(follow),
                end_button,
            )
                .before(crate::engine::pipeline::CommandPipeline)
                .run_if(playing(ID))
                .run_if(crate::engine::game::this_computer_to_act::<super::OneStat>),
        )
        .add_systems(
            bevy_egui::EguiPrimaryContextPass,
            note.before(crate::view::CursorNoteSet).run_if(playing(ID)),
        );
}

#[cfg(test)]
mod tests {
    use super::super::skirmish::tests::game;
    use super::*;

    /// The wound figure is the chance to hurt; a Boss's shrugged-off wound is said as what the
    /// attack does to his shrug, not as a second chance to hurt him (a walk).
    #[test]
    fn a_bosss_shrugged_off_wound_is_not_read_as_a_chance_to_hurt() {
        let boss = Odds {
            hit: 0.6,
            wound: 0.0,
            ignored: 0.36,
        };
        assert_eq!(
            odds_words(&boss),
            "hit 60%, wound 0% (the Boss shrugs off his first wound this turn; 36% this attack takes it from him)"
        );
        let plain = Odds {
            hit: 0.5,
            wound: 0.125,
            ignored: 0.0,
        };
        assert_eq!(odds_words(&plain), "hit 50%, wound 12.5%");
    }

    /// A hovered fighter's note says what he carries, each weapon with its kind, as a card
    /// would (a walk found no card for a 1 Stat fighter); one who carries nothing says none.
    #[test]
    fn a_hovered_fighters_note_says_what_he_carries() {
        use super::super::rules::fighter::{Shooter, Weapon};
        let (mut s, _) = game(vec![]);
        std::sync::Arc::make_mut(&mut s.fighters[1].fighter).weapons = vec![
            Weapon::Shooter {
                name: "heavy repeater".into(),
                class: Shooter::Heavy,
            },
            Weapon::Melee {
                name: "vibro-axe".into(),
                two_handed: true,
            },
        ];
        std::sync::Arc::make_mut(&mut s.fighters[2].fighter)
            .weapons
            .clear();
        let noted = |s: &Skirmish, k: usize| {
            let mut app = App::new();
            app.init_resource::<CursorNote>()
                .insert_resource(Pointer {
                    fighter: Some(k),
                    ..default()
                })
                .insert_resource(SkirmishRes(s.clone()))
                .add_systems(Update, note);
            app.update();
            format!("{:?}", app.world().resource::<CursorNote>())
        };
        let rook = noted(&s, 1);
        assert!(
            rook.contains("carries heavy repeater (heavy shooter), vibro-axe (melee, two hands)"),
            "{rook}"
        );
        let thug = noted(&s, 2);
        assert!(thug.contains("Thug") && !thug.contains("carries"), "{thug}");
    }

    /// The click system alone over skirmish `s`, no button or key down.
    fn click_app(s: Skirmish) -> App {
        let mut app = App::new();
        app.add_message::<Command>()
            .init_resource::<ButtonInput<MouseButton>>()
            .init_resource::<ButtonInput<KeyCode>>()
            .init_resource::<crate::engine::pipeline::Notice>()
            .init_resource::<ChosenShooter>()
            .init_resource::<Pointer>()
            .insert_resource(SkirmishRes(s))
            .add_systems(Update, click);
        app
    }

    #[test]
    fn a_chance_reads_to_a_tenth_where_it_is_not_whole() {
        assert_eq!(percent(0.625), "62.5%");
        assert_eq!(percent(0.5), "50%");
        assert_eq!(percent(1.0 / 3.0), "33.3%");
        assert_eq!(percent(0.0), "0%");
    }

    #[test]
    fn a_click_pressed_and_released_in_one_frame_is_a_click() {
        let (s, _) = game(vec![]);
        let mut app = click_app(s);
        app.insert_resource(Pointer {
            at: Some(Vec2::new(3.0, 3.0)),
            intent: Some(Intent::Activate(0)),
            ..default()
        });
        {
            let mut buttons = app.world_mut().resource_mut::<ButtonInput<MouseButton>>();
            buttons.press(MouseButton::Left);
            buttons.release(MouseButton::Left);
        }
        app.update();
        let sent: Vec<Command> = app
            .world_mut()
            .resource_mut::<Messages<Command>>()
            .drain()
            .collect();
        assert_eq!(sent, vec![Command::Activate { fighter: 0 }]);
    }

    /// "A fighter can move anywhere within his stat in inches": Rook (stat 6 here) cannot go
    /// straight over a wall 1.5″ thick with 1″ of run-up, but round it by two Shift+clicked
    /// bends, in one move.
    #[test]
    fn a_move_bends_round_terrain_where_shift_clicked() {
        use crate::rules::geometry::Shape;
        use crate::rules::terrain::{TerrainKind, TerrainPiece, TerrainProperty};
        let pillar = TerrainPiece {
            id: "pillar".into(),
            kind: TerrainKind::Wall,
            shape: Shape::Rect {
                min: (9.5, 15.0),
                max: (10.5, 16.5),
            },
            properties: vec![TerrainProperty::Impassable],
        };
        let (mut s, mut dice) = game(vec![pillar]);
        std::sync::Arc::make_mut(&mut s.fighters[1].fighter).stat = 6;
        super::super::skirmish::tests::activate(&mut s, &mut dice, 1);
        let to = Vec2::new(10.0, 17.2);
        let bends = [Vec2::new(11.1, 14.6), Vec2::new(11.1, 16.9)];
        let straight = intent(&s, to, None, (ChosenShooter::default(), &[]));
        assert!(
            matches!(&straight, Some(Intent::Move { legal: Err(_), .. })),
            "{straight:?}"
        );
        let bent = intent(&s, to, None, (ChosenShooter::default(), &bends));
        let Some(Intent::Move { legal, length, .. }) = &bent else {
            panic!("{bent:?}")
        };
        assert!(legal.is_ok() && *length < 6.0, "{bent:?}");

        // Shift+click places the bend; the next click moves through it.
        let mut app = click_app(s.clone());
        let press = |app: &mut App, at: Vec2, shift: bool, intent: Option<Intent>| {
            let world = app.world_mut();
            let mut pointer = world.resource_mut::<Pointer>();
            pointer.at = Some(at);
            pointer.intent = intent;
            let mut keys = world.resource_mut::<ButtonInput<KeyCode>>();
            keys.reset_all();
            if shift {
                keys.press(KeyCode::ShiftLeft);
            }
            let mut buttons = world.resource_mut::<ButtonInput<MouseButton>>();
            buttons.reset_all();
            buttons.press(MouseButton::Left);
            buttons.release(MouseButton::Left);
            app.update();
        };
        for (k, bend) in bends.iter().enumerate() {
            let to_bend = intent(&s, *bend, None, (ChosenShooter::default(), &bends[..k]));
            press(&mut app, *bend, true, to_bend);
        }
        assert_eq!(app.world().resource::<Pointer>().bends, bends.to_vec());
        press(&mut app, to, false, bent);
        let sent: Vec<Command> = app
            .world_mut()
            .resource_mut::<Messages<Command>>()
            .drain()
            .collect();
        assert_eq!(
            sent,
            vec![Command::Move {
                path: vec![bends[0], bends[1], to]
            }]
        );
        assert!(app.world().resource::<Pointer>().bends.is_empty());
        let mut moved = s.clone();
        moved
            .apply(0, &sent[0], &mut dice)
            .expect("the bent move is the rules' too");
        assert_eq!(moved.fighters[1].at, to);
    }

    #[test]
    fn a_move_onto_another_base_stops_in_base_contact_and_a_hair_over_the_stat_is_the_stat() {
        let (s, _) = game(vec![]);
        // Rook (stat 4) at (10, 14) sent onto Thug at (11, 10): he stops touching him.
        let to = destination(&s, 1, Vec2::new(11.0, 10.0));
        let gap = to.distance(s.fighters[2].at) - 1.0;
        assert!(gap.abs() < 1e-3, "{to} is {gap}\" from contact");
        assert!(to.distance(Vec2::new(10.0, 14.0)) < 4.0);
        // 4.1" away in open table: taken as his 4".
        let to = destination(&s, 1, Vec2::new(10.0, 18.1));
        assert!(
            (to.distance(Vec2::new(10.0, 14.0)) - 4.0).abs() < 1e-4,
            "{to}"
        );
        // 4.5" is refused as asked, not shortened.
        let to = destination(&s, 1, Vec2::new(10.0, 18.5));
        assert_eq!(to, Vec2::new(10.0, 18.5));
        // Sent 0.2" short of touching Thug, from below: he touches him; 0.6" short, not.
        let thug = s.fighters[2].at;
        assert_ne!(s.fighters[2].player, s.fighters[1].player);
        let to = destination(&s, 1, thug + Vec2::new(0.0, 1.2));
        assert!((to.distance(thug) - 1.0).abs() < 1e-4, "{to}");
        let short = thug + Vec2::new(0.0, 1.6);
        assert_eq!(destination(&s, 1, short), short);
    }
}
