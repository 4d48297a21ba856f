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
    /// Its base's size, board units ([`Token::base`]): a piece taken off is crossed out at it.
    pub base: f32,
    /// On the board ([`Token::shown`]).
    pub shown: bool,
    /// Its harm badges' codes ([`super::pieces::Badge::harm`]).
    pub badges: Vec<String>,
    /// Drawn faded ([`Token::faded`]).
    pub faded: bool,
    /// What its base reads ([`Token::emblem`], [`Token::values`]): a mass combat unit's
    /// size, a 1 Stat fighter's die.
    pub face: (String, String),
    /// Which piece it is whatever its entity: its name and place in the drawing order
    /// ([`Token::label`], [`Token::order`]). Undo and redo set the pieces up again as new
    /// entities: found by entity alone, every piece of the person's read as removed (a walk
    /// saw red crosses beside each of the Ghost crew).
    pub name: (String, usize),
}

impl PieceWas {
    /// `token` of `entity` as it stands now.
    pub fn of(entity: Entity, token: &Token) -> Self {
        Self {
            entity,
            side: token.side,
            at: token.at,
            base: token.base,
            shown: token.shown,
            badges: token
                .badges
                .iter()
                .filter(|b| b.harm)
                .map(|b| b.code.clone())
                .collect(),
            faded: token.faded,
            face: (token.emblem.clone(), token.values.clone()),
            name: (token.label.clone(), token.order),
        }
    }

    /// This piece's token among `tokens` now: by its entity, or where the pieces were set up
    /// again (undo, redo), by who it is ([`PieceWas::is`]); `None` once it has gone.
    pub fn now_in<'a>(&self, tokens: &'a Query<(Entity, &Token)>) -> Option<&'a Token> {
        tokens
            .get(self.entity)
            .ok()
            .or_else(|| tokens.iter().find(|(_, t)| self.is(t)))
            .map(|(_, t)| t)
    }

    /// Whether `token` is this piece: the same side, name and place in the drawing order.
    pub fn is(&self, token: &Token) -> bool {
        token.side == self.side && token.label == self.name.0 && token.order == self.name.1
    }

    /// Whether the piece, now `token`, was struck since: it gained a harm badge (wounded,
    /// ducked back, down), became faded, or its base reads otherwise (a unit's casualties, a
    /// die dropped a type). Losing a badge, having gone or a state of play (fired, acting) is
    /// no harm: a new phase that cleared every activation, or the end of a fighter's
    /// activation, ringed untouched pieces as struck (a new player's walk); a shot ringed
    /// its own shooters for their `F`.
    pub fn struck_since(&self, token: &Token) -> bool {
        token
            .badges
            .iter()
            .any(|b| b.harm && !self.badges.contains(&b.code))
            || (token.faded && !self.faded)
            || (token.emblem != self.face.0 || token.values != self.face.1)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::pieces::Badge;

    fn piece(badges: &[&str], faded: bool, emblem: &str) -> Token {
        Token {
            acting: false,
            contact: Vec::new(),
            side: 0,
            label: "Rookie".into(),
            emblem: emblem.into(),
            values: "d6".into(),
            pips: 0,
            min_px: 0.0,
            shape: Default::default(),
            base: 0.5,
            facing: None,
            label_size: Token::LABEL,
            at: Vec2::ZERO,
            badges: badges
                .iter()
                .map(|c| {
                    let b = Badge::new(*c, "a state", [0.5, 0.5, 0.5]);
                    if *c == "down" { b.harm() } else { b }
                })
                .collect(),
            faded,
            done: None,
            shown: true,
            order: 0,
            model: Default::default(),
        }
    }

    /// A new player's walk: rings on untouched fighters once a phase cleared their
    /// activations, or their activation ended; none on the one shot.
    #[test]
    fn struck_is_harm_taken_not_a_state_cleared() {
        let e = Entity::PLACEHOLDER;
        let mut done = piece(&["active"], false, "3");
        done.done = Some("has gone this phase");
        let was = PieceWas::of(e, &done);
        assert!(
            !was.struck_since(&piece(&[], false, "3")),
            "activation over"
        );
        assert!(was.struck_since(&piece(&["active", "down"], false, "3")));
        assert!(
            !was.struck_since(&piece(&["active", "fired"], false, "3")),
            "a state of play"
        );
        assert!(was.struck_since(&piece(&["active"], true, "3")), "faded");
        assert!(
            was.struck_since(&piece(&["active"], false, "2")),
            "its base"
        );
        let mut dropped = piece(&["active"], false, "3");
        dropped.values = "d4".into();
        assert!(was.struck_since(&dropped), "its die dropped a type");
    }

    #[test]
    fn a_piece_set_up_again_is_known_by_who_it_is() {
        let was = PieceWas::of(Entity::PLACEHOLDER, &piece(&[], false, "3"));
        // Undo and redo: the same piece, moved and wounded, under a new entity.
        let mut again = piece(&["down"], false, "3");
        again.at = Vec2::new(4.0, 2.0);
        assert!(was.is(&again));
        let mut other = again.clone();
        other.order = 1;
        assert!(!was.is(&other), "another fighter of the same name");
        other.order = 0;
        other.side = 1;
        assert!(!was.is(&other), "the other side's");
    }
}
