//! The last attack a person made at this computer (a shot, a melee, an assault) and what it
//! did, kept until their next command: the shell shows its events over a corner of the table
//! and marks its line and the pieces it struck, so a result is seen before the rules' side (or
//! the next group) moves on. A walk: a Tyneside player's own Shoot passed straight to the next turn,
//! its result only in the dice log and `While you waited` (issue 61: seeing what happened).

use bevy::prelude::*;

use super::away::PieceWas;
use super::pieces::{Token, TokensWritten};
use super::record::{GameEvent, GameLog};
use super::ruleset::{HintMark, RuleSet};
use super::undo::UndoMarks;

/// A piece the attack struck, where it stood when struck.
#[derive(Clone, Debug, PartialEq)]
pub struct Struck {
    /// Its centre, board units.
    pub at: Vec2,
    /// Its base's radius, board units.
    pub base: f32,
    /// Its side ([`Token::side`]).
    pub side: usize,
    /// Taken off the board (else wounded, ducked back, down: a harm badge gained, faded or its
    /// face changed, [`PieceWas::struck_since`]).
    pub removed: bool,
}

/// The last attack sent from this computer's queue and accepted, until the person's next
/// accepted command (or an undo past it, [`LastAttack::commands`]).
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct LastAttack {
    /// The attack in the players' words ([`RuleSet::describe`]).
    pub what: String,
    /// The events it wrote to the log, in order: its dice and their results.
    pub events: Vec<GameEvent>,
    /// Its line from attacker to target ([`RuleSet::hint_marks`], measured before it).
    pub marks: Vec<HintMark>,
    /// The pieces it struck ([`settle`]: none until the tokens show it).
    pub struck: Vec<Struck>,
    /// Commands in the game once it was played: fewer (an undo) and it is gone.
    pub commands: usize,
    /// The pieces as they stood before it, until [`settle`] reads what it struck.
    was: Option<Vec<PieceWas>>,
}

/// What is measured before a person's attack is played: its words, marks, the log's length
/// and the pieces as they stood (`None`: the command is no attack).
#[derive(Resource, Default)]
struct Before(Option<Measured>);

/// What [`Before`] holds.
struct Measured {
    what: String,
    marks: Vec<HintMark>,
    log_len: usize,
    was: Vec<PieceWas>,
}

/// Before a person's `command` is played: where it is an attack, what [`kept`] needs.
fn before<R: RuleSet>(world: &mut World, command: &R::Command) {
    let measured = R::is_attack(command).then(|| {
        let mut tokens = world.query::<(Entity, &Token)>();
        let was = tokens
            .iter(world)
            .map(|(e, t)| PieceWas::of(e, t))
            .collect();
        Measured {
            what: R::describe(world, command),
            marks: R::hint_marks(world, command),
            log_len: world.get_resource::<GameLog>().map_or(0, |l| l.0.len()),
            was,
        }
    });
    world.insert_resource(Before(measured));
}

/// Once a person's command is accepted: an attack ([`before`] measured it) becomes the
/// [`LastAttack`]; any other command of theirs ends the last one. The pieces it struck are
/// told once the tokens show it ([`settle`]).
fn kept(world: &mut World) {
    let Some(before) = world.remove_resource::<Before>().and_then(|b| b.0) else {
        world.remove_resource::<LastAttack>();
        return;
    };
    let events = world
        .get_resource::<GameLog>()
        .map(|l| l.0[before.log_len.min(l.0.len())..].to_vec())
        .unwrap_or_default();
    let commands = world.get_resource::<UndoMarks>().map_or(0, |m| m.0.len());
    world.insert_resource(LastAttack {
        what: before.what,
        events,
        marks: before.marks,
        struck: Vec::new(),
        commands,
        was: Some(before.was),
    });
}

/// The pieces the last attack struck, read from the tokens in the frame it was played, once
/// the rule set has written them ([`TokensWritten`]) and before the rules' side steps on.
pub fn settle(last: Option<ResMut<LastAttack>>, tokens: Query<(Entity, &Token)>) {
    let Some(mut last) = last.filter(|l| l.was.is_some()) else {
        return;
    };
    let was = last.was.take().unwrap_or_default();
    last.struck = was
        .iter()
        .filter(|w| w.shown)
        .filter_map(|w| match w.now_in(&tokens) {
            Some(t) if t.shown => w.struck_since(t).then(|| Struck {
                at: t.at,
                base: t.base,
                side: w.side,
                removed: false,
            }),
            gone => Some(Struck {
                at: gone.map_or(w.at, |t| t.at),
                base: gone.map_or(w.base, |t| t.base),
                side: w.side,
                removed: true,
            }),
        })
        .collect();
}

/// A person's attacks in rule set `R` kept ([`LastAttack`]): hooks in its pipeline; leaving
/// the game forgets the last.
pub(super) fn plugin<R: RuleSet>(app: &mut App) {
    let mut hooks = app.world_mut().resource_mut::<super::pipeline::Hooks<R>>();
    hooks.queued.push(before::<R>);
    hooks.queued_accepted.push(kept);
}

/// The rule sets' systems that write each piece's [`Token`] from the game run after the
/// command pipeline, so a token shows the command of its frame; [`settle`] runs after them.
/// Leaving a game forgets its last attack.
pub(super) fn shared(app: &mut App) {
    app.add_systems(
        OnEnter(super::state::GameState::NoGame),
        |mut commands: Commands| commands.remove_resource::<LastAttack>(),
    );
    app.configure_sets(
        Update,
        TokensWritten.after(super::pipeline::CommandPipeline),
    )
    .add_systems(Update, settle.after(TokensWritten));
}
