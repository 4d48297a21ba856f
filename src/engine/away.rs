//! What the table looked like when it last came to the person at this computer, kept while
//! another side (the rules, or the player at the other computer) acts, so the screen
//! can show what was done meanwhile once the table is the person's again: the events since,
//! the pieces moved, their attacks and the person's pieces struck (issue 61: seeing the
//! other side play).

use bevy::prelude::*;

use super::pieces::Token;
use super::pipeline::CommandOutcome;
use super::record::GameLog;
use super::ruleset::{HintMark, RuleSet};
use super::undo::UndoMarks;

/// A piece as it stood when the person last had the table.
#[derive(Clone, Debug, PartialEq)]
pub struct PieceWas {
    /// The piece.
    pub entity: Entity,
    /// Its side ([`Token::side`]).
    pub side: usize,
    /// Its centre, board units.
    pub at: Vec2,
    /// On the board ([`Token::shown`]).
    pub shown: bool,
    /// Its badges' codes, whether it was drawn faded and whether it had gone: a change in
    /// them is a change of state (wounded, ducked back, broken, activated …).
    pub state: (Vec<String>, bool, bool),
}

impl PieceWas {
    /// `token` of `entity` as it stands now.
    pub fn of(entity: Entity, token: &Token) -> Self {
        Self {
            entity,
            side: token.side,
            at: token.at,
            shown: token.shown,
            state: (
                token.badges.iter().map(|b| b.code.clone()).collect(),
                token.faded,
                token.done.is_some(),
            ),
        }
    }
}

/// The table as the person at this computer had it when it last came to them: the log's
/// length and every piece, with the record's length then. The shell
/// ([`crate::ui::while_you_waited`]) keeps it and, once the table is theirs again after
/// another side acted (`away`), shows what changed since: their own commands' consequences
/// (a shot's dice, a round they resolved) and everything the other side did.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct TableSeen {
    /// How many events the log held.
    pub log_len: usize,
    /// Every piece with a token.
    pub pieces: Vec<PieceWas>,
    /// How many commands the record held.
    pub commands: usize,
    /// Another side has acted since.
    pub away: bool,
    /// The other side's attacks since, as lines from attacker to target
    /// ([`RuleSet::is_attack`], [`RuleSet::hint_marks`]).
    pub shots: Vec<HintMark>,
    /// The marks of the command being processed, kept once it is accepted.
    pending: Vec<HintMark>,
}

impl TableSeen {
    /// The table now: the log's length, every piece and the record's length.
    pub fn now<'a>(
        (log_len, commands): (usize, usize),
        tokens: impl Iterator<Item = (Entity, &'a Token)>,
    ) -> Self {
        Self {
            log_len,
            pieces: tokens.map(|(e, t)| PieceWas::of(e, t)).collect(),
            commands,
            away: false,
            shots: Vec::new(),
            pending: Vec::new(),
        }
    }
}

/// Before a command of another side is applied while the person is away: its marks, where it
/// is an attack (measured before it moves or removes anyone).
fn note_attack<R: RuleSet>(
    world: &mut World,
    command: R::Command,
) -> Result<R::Command, CommandOutcome<R::Command>> {
    if super::pipeline::replaying(world) {
        return Ok(command);
    }
    let away = world.get_resource::<TableSeen>().is_some_and(|s| s.away);
    let marks = if away && R::is_attack(&command) {
        R::hint_marks(world, &command)
    } else {
        Vec::new()
    };
    if let Some(mut seen) = world.get_resource_mut::<TableSeen>()
        && (!marks.is_empty() || !seen.pending.is_empty())
    {
        seen.pending = marks;
    }
    Ok(command)
}

/// Once accepted, the attack's marks join the shots.
fn keep_attack(world: &mut World, _: &super::pipeline::Applied) {
    if let Some(mut seen) = world.get_resource_mut::<TableSeen>()
        && !seen.pending.is_empty()
    {
        let marks = std::mem::take(&mut seen.pending);
        seen.shots.extend(marks);
    }
}

/// The other side's attacks noted for rule set `R` ([`TableSeen::shots`]): hooks in its
/// pipeline.
pub fn plugin<R: RuleSet>(app: &mut App) {
    let mut hooks = app.world_mut().resource_mut::<super::pipeline::Hooks<R>>();
    hooks.before.push(note_attack::<R>);
    hooks.accepted.push(keep_attack);
}

/// Notes that another side acts now ([`TableSeen`]): called just before each step of a side
/// the rules play. Where the table is not kept yet (the rules' first step of a game can come
/// in its first frame), it is kept as it stands.
pub fn leave(world: &mut World) {
    if let Some(mut seen) = world.get_resource_mut::<TableSeen>() {
        if !seen.away {
            seen.away = true;
        }
        return;
    }
    let log_len = world.get_resource::<GameLog>().map_or(0, |l| l.0.len());
    let commands = world.get_resource::<UndoMarks>().map_or(0, |m| m.0.len());
    let mut tokens = world.query::<(Entity, &Token)>();
    let seen = TableSeen {
        away: true,
        ..TableSeen::now((log_len, commands), tokens.iter(world))
    };
    world.insert_resource(seen);
}
