//! How a 1 Stat Skirmish looks: each fighter's base with his stat large and his die under it,
//! badges for lying wounded, faded with his activation token, the active fighter's actions left
//! as dots; the active fighter ringed with how far he moves, the way to the cursor (green
//! when the rules allow it, red when not), the 5", 10" and 15" range bands of a shooter and
//! the line of sight to the enemy under the cursor; each warband's corner.

use bevy::prelude::*;

use super::ID;
use super::input::{Intent, Pointer};
use super::phases::SkirmishRes;
use super::rules::fighter::{Specialisation, Tier};
use super::rules::roll::Band;
use super::rules::scenario::START_AREA;
use super::skirmish::{Command, Skirmish, Standing, TOKEN, TokenKind};
use crate::engine::hint::HintMark;
use crate::engine::pieces::{Badge, Model, NOBODY, PieceShape, Token, TokensWritten};
use crate::engine::state::{game_of, playing};
use crate::rules::geometry::split_path;
use crate::view::{Marks, TableZoom};

/// A fighter's base.
#[derive(Component, Clone, Copy, Debug)]
pub struct FighterToken(pub usize);

/// The least a base is drawn across on screen, window pixels, so the stat reads when the
/// whole table is in view: at 32 px the stat is set at 11 px and "d10" under it at 11 px
/// (the playing screen's least size for values); at 30 px both were 10 px.
const MIN_PX: f32 = 32.0;

/// The token of fighter `i` of `s`.
pub fn token(s: &Skirmish, i: usize) -> Token {
    let f = &s.fighters[i];
    let mut badges = Vec::new();
    if f.standing == Standing::Down {
        badges.push(Badge::new(
            "down",
            "wounded, lying on his back: his only action is recover (both actions), and he gets no defence roll",
            [0.80, 0.16, 0.14],
        ).harm());
    }
    if f.fighter.tier == Tier::Boss && f.wound_ignored && f.standing == Standing::Upright {
        badges.push(Badge::new(
            "1st wound",
            if f.die.is_some() {
                "the Bounty has ignored his first wound this turn: the next drops his die a type"
            } else {
                "the Boss has ignored his first wound this turn: the next lays him down"
            },
            [0.85, 0.55, 0.10],
        ).harm());
    }
    if f.animal {
        badges.push(Badge::new(
            "animal",
            "in animal shape: hits at or over his stat, defends under it, moves his die less his stat, carries nothing",
            [0.55, 0.35, 0.75],
        ));
    }
    if f.demon.is_some() {
        badges.push(if f.wild {
            Badge::new(
                "wild",
                "a demon out of control: on its activation it attacks whoever is closest",
                [0.85, 0.20, 0.55],
            )
            .harm()
        } else {
            Badge::new(
                "demon",
                "a Controller's demon: out of control if he is wounded",
                [0.55, 0.20, 0.45],
            )
        });
    }
    if let Some(k) = s.carried_by(i) {
        badges.push(Badge::new(
            "carries",
            format!(
                "he carries {}: a wound drops it",
                s.tokens[k].kind.word(&s.players)
            ),
            [0.95, 0.80, 0.25],
        ));
    }
    if let Some(on) = &f.on {
        badges.push(Badge::new(
            "on top",
            format!(
                "he has climbed {}: moving off it is climbing too (its height from his move)",
                on.replace('_', " ")
            ),
            [0.45, 0.65, 0.35],
        ));
    }
    // The fighter acting now wears no chip: his ring, his dots (actions left) and the
    // sidebar say so, and in a crowded corner an `active` chip lay over his die or beside a
    // neighbour and read as the neighbour's (walks).
    let active = s.active.as_ref().filter(|a| a.fighter == i);
    Token {
        acting: active.is_some(),
        contact: s.engaged(i),
        side: f.player,
        label: f.fighter.name.clone(),
        emblem: f.fighter.stat.to_string(),
        values: die_and_tier(f.die(), f.fighter.tier),
        pips: active.map_or(0, |a| 2 - u8::from(a.moved) - u8::from(a.acted)),
        min_px: MIN_PX,
        shape: PieceShape::Round,
        base: f.base,
        // Lying down: his front turned to the table's edge, as a miniature on its back.
        facing: (f.standing == Standing::Down).then_some(-90.0),
        label_size: Token::LABEL,
        at: f.at,
        badges,
        faded: f.standing == Standing::Down,
        done: f
            .activated
            .then_some("his activation token: he has gone this phase"),
        shown: f.standing != Standing::Removed,
        order: i,
        model: if f.animal || f.demon.is_some() {
            Model::Creature
        } else if f.fighter.is(Specialisation::ForceUser) {
            Model::Jedi
        } else {
            Model::Trooper
        },
    }
}

/// A counter on the table: a token ([`Skirmish::tokens`], by index) or the Trigger Device.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counter {
    /// A token.
    Token(usize),
    /// The Trigger Device's stack.
    Device,
}

/// The least a counter is drawn across, window pixels.
const COUNTER_PX: f32 = 20.0;

/// How counter `c` of `s` looks: a square counter in gold (a flag in its player's colour)
/// with its mark; a carried one small, at its carrier's shoulder.
pub fn counter(s: &Skirmish, c: Counter) -> Option<Token> {
    let (side, emblem, label, at, carried) = match c {
        Counter::Token(k) => {
            let t = s.tokens.get(k)?;
            let (side, emblem) = match t.kind {
                TokenKind::Treasure => (NOBODY, "T".to_string()),
                TokenKind::Flag(p) => (p, "F".into()),
                TokenKind::Bomb(b) => (NOBODY, b.face.to_string()),
                TokenKind::Clue => (NOBODY, "?".into()),
                TokenKind::Doom => (
                    NOBODY,
                    s.solitaire
                        .as_ref()
                        .and_then(|x| x.doom)
                        .map_or("!".into(), |(left, _)| left.to_string()),
                ),
                TokenKind::Hostage => (NOBODY, "H".into()),
                TokenKind::Rover => (NOBODY, "M".into()),
                TokenKind::Hideout => (NOBODY, "X".into()),
            };
            // One short word: the table shortens a long label to its last.
            let label = match t.kind {
                TokenKind::Treasure => "treasure",
                TokenKind::Flag(_) => "flag",
                TokenKind::Bomb(_) => "bomb",
                TokenKind::Clue => "clue",
                TokenKind::Doom => "doom",
                TokenKind::Hostage => "hostage",
                TokenKind::Rover => "rover",
                TokenKind::Hideout => "hideout",
            }
            .to_string();
            (side, emblem, label, s.token_at(k), t.carrier.is_some())
        }
        Counter::Device => {
            let d = s.device.as_ref()?;
            (
                NOBODY,
                d.stack.tokens.to_string(),
                "Trigger Device".to_string(),
                d.at,
                false,
            )
        }
    };
    Some(Token {
        acting: false,
        contact: Vec::new(),
        side,
        label: if carried { String::new() } else { label },
        emblem,
        values: String::new(),
        pips: 0,
        min_px: if carried { 18.0 } else { COUNTER_PX },
        shape: if matches!(c, Counter::Token(k) if s.tokens[k].kind == TokenKind::Hostage) {
            PieceShape::Round
        } else {
            PieceShape::Square
        },
        base: if carried { 0.3 } else { TOKEN },
        facing: None,
        label_size: Token::LABEL,
        // A carried one at his shoulder, on the table's side.
        at: if carried {
            at + (s.table / 2.0 - at).normalize_or_zero() * 0.7
        } else {
            at
        },
        badges: Vec::new(),
        faded: false,
        done: None,
        shown: true,
        order: 10_000 + if let Counter::Token(k) = c { k } else { 9_999 },
        model: Model::Counter,
    })
}

/// The counters as pieces: one per token and the device, each kept in step with the game,
/// gone when its token is.
fn sync_counters(
    game: Res<SkirmishRes>,
    mut pieces: Query<(Entity, &Counter, &mut Token)>,
    mut commands: Commands,
) {
    let s = &game.0;
    let mut wanted: Vec<Counter> = (0..s.tokens.len()).map(Counter::Token).collect();
    if s.device.is_some() {
        wanted.push(Counter::Device);
    }
    for (e, c, mut t) in &mut pieces {
        match counter(s, *c) {
            Some(look) => {
                t.set_if_neq(look);
                wanted.retain(|w| w != c);
            }
            None => commands.entity(e).despawn(),
        }
    }
    for c in wanted {
        if let Some(look) = counter(s, c) {
            commands.spawn((c, look, crate::engine::game::InGame));
        }
    }
}

fn sync_tokens(
    game: Res<SkirmishRes>,
    mut tokens: Query<(&FighterToken, &mut Token)>,
    mut commands: Commands,
) {
    let s = &game.0;
    let mut seen = vec![false; s.fighters.len()];
    for (ft, mut t) in &mut tokens {
        if ft.0 < seen.len() {
            seen[ft.0] = true;
            t.set_if_neq(token(s, ft.0));
        }
    }
    for (i, done) in seen.iter().enumerate() {
        if !done {
            commands.spawn((FighterToken(i), token(s, i), crate::engine::game::InGame));
        }
    }
}

/// Each warband's corner: the 5" it starts within, in its colour.
fn draw_corners(game: Res<SkirmishRes>, mut gizmos: Marks) {
    let s = &game.0;
    for (p, player) in s.players.iter().enumerate() {
        let c = player.corner;
        // The quarter circle from the corner's one edge to its other, round into the table.
        let into = Vec2::new(
            if c.x > 0.0 { -1.0 } else { 1.0 },
            if c.y > 0.0 { -1.0 } else { 1.0 },
        );
        let arc = (0..=24).map(|k| {
            let t = k as f32 / 24.0 * std::f32::consts::FRAC_PI_2;
            c + Vec2::new(into.x * t.cos(), into.y * t.sin()) * START_AREA
        });
        gizmos.linestrip_2d(arc, crate::view::palette::side_colour(p).with_alpha(0.6));
    }
}

/// The rings round fighter `f` aiming shot `c`: (inches from his base's edge, opacity). A
/// Force User's one reach, 20" ("May attack any target within 20″ and line of sight",
/// one-stat-skirmish.txt, Force User); a shooter's range bands as far as it reaches
/// ([`reaches`]).
fn rings(f: &super::skirmish::OnTable, c: &Command) -> Vec<(f32, f32)> {
    if f.fighter.is(Specialisation::ForceUser) {
        return vec![(super::rules::roll::FORCE_USER_REACH, 0.3)];
    }
    [
        (Band::Short, 5.0, 0.45),
        (Band::Medium, 10.0, 0.3),
        (Band::Long, 15.0, 0.18),
    ]
    .into_iter()
    .filter(|(band, _, _)| reaches(f, c, *band))
    .map(|(_, r, alpha)| (r, alpha))
    .collect()
}

/// Whether the shot `c` of fighter `f` reaches range band `band`: a light shooter, and a heavy
/// one firing on an area, no further than medium ("Light shooters attack by rolling 1 die at
/// short range and rolling 2 dice but taking the worse result at medium range"; "may fire at
/// medium distance at most", one-stat-skirmish.txt, Ranged Attack); with no shooter, every band.
fn reaches(f: &super::skirmish::OnTable, c: &Command, band: Band) -> bool {
    use super::rules::fighter::Weapon;
    use super::rules::roll::{HeavyMode, shooter_pick};
    let (weapon, area) = match c {
        Command::Shoot { weapon, area, .. } => (*weapon, *area),
        _ => (None, false),
    };
    let class = weapon
        .and_then(|w| match f.fighter.weapons.get(w) {
            Some(Weapon::Shooter { class, .. }) => Some(*class),
            _ => None,
        })
        .or_else(|| f.fighter.shooter());
    let mode = if area {
        HeavyMode::Area
    } else {
        HeavyMode::ExtraWound
    };
    class.is_none_or(|class| shooter_pick(class, band, mode).is_some())
}

/// The active fighter: his move's reach, the way to the cursor, his shooter's range bands,
/// the line of sight to the enemy under the cursor.
fn draw_active(
    game: Res<SkirmishRes>,
    pointer: Res<Pointer>,
    handover: Res<crate::ui::Handover>,
    zoom: Res<TableZoom>,
    mut gizmos: Marks,
) {
    let s = &game.0;
    if handover.showing || s.result.is_some() {
        return;
    }
    let Some(a) = &s.active else { return };
    let f = &s.fighters[a.fighter];
    // A ring round a fighter goes round his base as drawn (larger when zoomed out): the
    // marks lie under the bases.
    let drawn = |base: f32| zoom.drawn(base, MIN_PX);
    let white = Color::WHITE;
    gizmos
        .circle_2d(
            Isometry2d::from_translation(f.at),
            drawn(f.base) + 0.25,
            white,
        )
        .resolution(32);
    let can_move = f.standing == Standing::Upright && !(a.moved && a.acted);
    if can_move {
        gizmos
            .circle_2d(
                Isometry2d::from_translation(f.at),
                s.allowance(a.fighter),
                Color::srgba(0.3, 0.85, 0.95, 0.5),
            )
            .resolution(64)
            .on_table();
    }
    let shoots = f.fighter.shooter().is_some() || f.fighter.is(Specialisation::ForceUser);
    // The range bands the shot aimed reaches, while the cursor is on an enemy.
    let aimed = match &pointer.intent {
        Some(Intent::Attack(_, c, _)) => Some(c),
        _ => None,
    };
    if let Some(c) = aimed.filter(|_| shoots && !a.acted && f.standing == Standing::Upright) {
        for (r, alpha) in rings(f, c) {
            gizmos
                .circle_2d(
                    Isometry2d::from_translation(f.at),
                    r + f.base,
                    Color::srgba(1.0, 0.85, 0.3, alpha),
                )
                .resolution(96)
                .on_table();
        }
    }
    let (green, red) = (Color::srgb(0.3, 0.95, 0.4), Color::srgb(1.0, 0.3, 0.25));
    match &pointer.intent {
        Some(Intent::Move {
            to,
            via,
            legal,
            length,
        }) => {
            let c = if legal.is_ok() { green } else { red };
            let path: Vec<Vec2> = std::iter::once(f.at)
                .chain(via.iter().copied())
                .chain([*to])
                .collect();
            // Past the allowance, the way beyond the ring is faint: a solid red line chased
            // the pointer across the table (a walk); the solid part shows how far he gets.
            let allowance = s.allowance(a.fighter);
            let (within, beyond) = split_path(&path, allowance);
            let past = *length > allowance + 1e-3 && !beyond.is_empty();
            let end = if past { c.with_alpha(0.3) } else { c };
            gizmos.linestrip_2d(if past { within } else { path }, c);
            if past {
                gizmos.linestrip_2d(beyond, end);
            }
            for bend in via {
                gizmos.circle_2d(Isometry2d::from_translation(*bend), 0.15, c);
            }
            gizmos.circle_2d(Isometry2d::from_translation(*to), drawn(f.base), end);
        }
        Some(Intent::Attack(t, _, odds)) => {
            let to = s.fighters[*t].at;
            let c = match (odds, s.sees(a.fighter, *t)) {
                (Ok(_), _) => green,
                (Err(_), true) => Color::srgb(1.0, 0.85, 0.3),
                (Err(_), false) => red,
            };
            gizmos.line_2d(f.at, to, c);
            gizmos.circle_2d(
                Isometry2d::from_translation(to),
                drawn(s.fighters[*t].base) + 0.25,
                c,
            );
        }
        _ => {}
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (sync_tokens.in_set(TokensWritten), sync_counters).run_if(game_of(ID)),
    )
    .add_systems(
        Update,
        (draw_corners, draw_active.after(super::input::follow))
            .run_if(playing(ID))
            .run_if(resource_exists::<SkirmishRes>),
    );
}

/// A fighter's values line: his die, and his tier's letter only where his die is not his
/// tier's own ("1 D10 for the Boss. 1D8 for the Specialists, 1D6 for the Rookies",
/// one-stat-skirmish.txt, What do you need): `d10` for a Boss, `d12 B` for the solitaire Boss
/// of `Kill the Boss`, `d8 B` for him with two wounds. The die tells the tier otherwise, and the
/// shorter line is drawn larger on a small base (the card names the tier).
fn die_and_tier(die: u8, tier: Tier) -> String {
    if die == tier.die() {
        return format!("d{die}");
    }
    let letter = match tier {
        Tier::Boss => "B",
        Tier::Specialist => "S",
        Tier::Rookie => "R",
    };
    format!("d{die} {letter}")
}

/// Where the Hint's `command` goes on the table, inches: a fighter activated (a ring round
/// him), the active fighter's move leg by leg, a line to whom he attacks, heals, commands,
/// drives or influences, and to a token he picks up or where he stalks or summons; from the
/// Trigger Device to whom or where it attacks. Nothing for the order of play and the end of an
/// activation.
pub fn hint_marks(s: &Skirmish, command: &Command) -> Vec<HintMark> {
    let at = |i: usize| s.fighters.get(i).map(|f| (f.at, f.base + 0.25));
    let active = s.active.as_ref().and_then(|a| at(a.fighter));
    let to = |target: Option<(Vec2, f32)>| match (active, target) {
        (Some((from, _)), Some((to, ring))) => vec![HintMark::new(from, [to], ring)],
        _ => Vec::new(),
    };
    match command {
        Command::Activate { fighter } => at(*fighter)
            .map(|(p, ring)| vec![HintMark::new(p, [], ring)])
            .unwrap_or_default(),
        Command::Move { path } => active
            .map(|(from, ring)| vec![HintMark::new(from, path.iter().copied(), ring)])
            .unwrap_or_default(),
        Command::Melee { target }
        | Command::Shoot { target, .. }
        | Command::Heal { target }
        | Command::Command { fighter: target }
        | Command::Drive { rookie: target }
        | Command::Influence { fighter: target } => to(at(*target)),
        Command::PickUp { token } => to(s.tokens.get(*token).map(|t| (t.at, 0.5))),
        Command::Stalk { to: p } | Command::Summon { at: p, .. } => to(Some((*p, 0.5))),
        // The device's attack, from the device.
        Command::DeviceAttack { target } => s
            .device
            .as_ref()
            .zip(at(*target))
            .map(|(d, (p, ring))| vec![HintMark::new(d.at, [p], ring)])
            .unwrap_or_default(),
        Command::DeviceArea { at: p } => s
            .device
            .as_ref()
            .map(|d| vec![HintMark::new(d.at, [*p], super::skirmish::AREA)])
            .unwrap_or_default(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::one_stat::skirmish::tests::{activate, game};

    /// The rings drawn while aiming are the bands the shot reaches: a light shooter's two, a
    /// normal one's three, a heavy one on an area two, a Force User's one of 20".
    #[test]
    fn the_range_rings_are_the_shooters_reach() {
        use crate::rulesets::one_stat::rules::fighter::{Shooter, Weapon};
        let (s, _) = game(vec![]);
        let shot = |area| Command::Shoot {
            target: 2,
            area,
            weapon: None,
        };
        let radii = |f: &super::super::skirmish::OnTable, c: &Command| -> Vec<f32> {
            rings(f, c).into_iter().map(|(r, _)| r).collect()
        };
        // Rook carries a light blaster pistol.
        let rook = &s.fighters[1];
        assert_eq!(radii(rook, &shot(false)), [5.0, 10.0]);
        let armed = |class| {
            let mut f =
                super::super::skirmish::OnTable::new(rook.fighter.as_ref().clone(), 0, Vec2::ZERO);
            std::sync::Arc::make_mut(&mut f.fighter).weapons = vec![Weapon::Shooter {
                name: "gun".into(),
                class,
            }];
            f
        };
        assert_eq!(
            radii(&armed(Shooter::Normal), &shot(false)),
            [5.0, 10.0, 15.0]
        );
        assert_eq!(radii(&armed(Shooter::Heavy), &shot(true)), [5.0, 10.0]);
        assert_eq!(
            radii(&armed(Shooter::Heavy), &shot(false)),
            [5.0, 10.0, 15.0]
        );
        // "May attack any target within 20″": one ring, no weapons.
        let mut force = armed(Shooter::Light);
        let f = std::sync::Arc::make_mut(&mut force.fighter);
        f.weapons.clear();
        f.specialisation = Some(Specialisation::ForceUser);
        assert_eq!(radii(&force, &shot(false)), [20.0]);
    }

    #[test]
    fn the_values_line_names_the_tier_only_where_the_die_does_not() {
        assert_eq!(die_and_tier(10, Tier::Boss), "d10");
        assert_eq!(die_and_tier(8, Tier::Specialist), "d8");
        assert_eq!(die_and_tier(6, Tier::Rookie), "d6");
        // Kill the Boss: "a Boss type opponent ... using a d12", and his die after wounds.
        assert_eq!(die_and_tier(12, Tier::Boss), "d12 B");
        assert_eq!(die_and_tier(8, Tier::Boss), "d8 B");
    }

    #[test]
    fn a_fighters_stat_and_die_are_set_at_11_px_at_the_least_size() {
        let (s, _) = game(Vec::new());
        let mut t = token(&s, 0);
        t.values = die_and_tier(10, Tier::Boss);
        let (stat, die) = crate::view::text_heights(&t);
        // A base drawn at its least size is MIN_PX across: half of it a base.
        let px = |h: f32| crate::view::font_px(h, MIN_PX / 2.0);
        assert!(px(stat) >= 11.0, "the stat at {} px", px(stat));
        assert!(px(die) >= 11.0, "d10 at {} px", px(die));
    }

    #[test]
    fn a_hinted_activation_rings_the_fighter_and_his_move_runs_leg_by_leg() {
        let (mut s, mut dice) = game(Vec::new());
        let ring = hint_marks(&s, &Command::Activate { fighter: 0 });
        assert_eq!(ring.len(), 1);
        assert_eq!(ring[0].line, vec![s.fighters[0].at]);
        activate(&mut s, &mut dice, 0);
        let from = s.fighters[0].at;
        let path = vec![from + Vec2::new(1.0, 0.0), from + Vec2::new(2.0, 1.0)];
        let moved = hint_marks(&s, &Command::Move { path: path.clone() });
        assert_eq!(moved[0].line, [vec![from], path].concat());
        let hit = hint_marks(&s, &Command::Melee { target: 2 });
        assert_eq!(hit[0].line, vec![from, s.fighters[2].at]);
        assert!(hint_marks(&s, &Command::EndActivation).is_empty());
    }
}
