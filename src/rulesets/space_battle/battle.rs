//! A space battle as plain data, and what each command does to it: the turn's two phases
//! (each side moves, fires, then finishes the moves of the craft that stopped to fire), the
//! combats drawn from the deck, the end and the score. No Bevy here: the phases apply
//! commands to a copy and keep it only when it is accepted.

use serde::{Deserialize, Serialize};

use super::commands::Command;
use super::rules::combat::{Draw, card_name, compare};
use super::rules::craft::{Class, Colour, CraftType, bombing_band, bombing_rating};
use super::rules::facing::{Dir, Position, step, steps};
use super::rules::scenario::{
    DEFAULT_TURN_LIMIT, Edge, Initiative, Scenario, craft_id, start_rows,
};
use crate::engine::state::GameResult;
use crate::rules::cards::{Card, Deck};
use crate::rules::dice::{Dice, DiceExpr};
use crate::rules::words::verb;

/// Logs an event unless the battle is quiet (played for the balance report, whose log nobody
/// reads): its words are not even formatted then.
macro_rules! event {
    ($b:expr, $($arg:tt)*) => {
        if !$b.quiet {
            let text = format!($($arg)*);
            $b.event(text);
        }
    };
}

/// A draw's or a roll's reason for the log, empty when the battle is quiet.
macro_rules! why {
    ($b:expr, $($arg:tt)*) => {
        if $b.quiet { String::new() } else { format!($($arg)*) }
    };
}

/// Where a craft is in the battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Status {
    /// A bomber not yet on: placed off its edge on turn 2, moving from turn 3.
    Waiting,
    /// On the board (or off its edge, about to come on).
    Flying,
    /// A bomber that left by the far edge, on its way to bomb the enemy's carrier.
    Exited,
    /// Destroyed; the side that destroyed it.
    Destroyed {
        /// The side that destroyed it: the enemy, or its own side when it ended its move on a
        /// friend's square. A side scores only the enemy craft it destroyed
        /// ([`Battle::score`]).
        by: usize,
    },
}

/// Where a craft's move stands this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Motion {
    /// Not yet moved, or moving now.
    ToMove,
    /// Stopped part-way to fire, its points left marked on it.
    Stopped,
    /// Its move is over for this turn.
    Moved,
}

/// One craft.
#[derive(Clone, Debug, PartialEq, Hash, Serialize, Deserialize)]
pub struct Craft {
    /// Its id, e.g. `green-xwing`.
    pub id: String,
    /// Its side.
    pub side: usize,
    /// Its type.
    pub kind: CraftType,
    /// Its colour.
    pub colour: Colour,
    /// Its square `(column, row)`; column -1 or the board's width is off the edge.
    pub at: (i32, i32),
    /// Which way it faces.
    pub facing: Dir,
    /// In the battle or out of it.
    pub status: Status,
    /// Movement points rolled this turn (die + modifier), 0 before its side's roll.
    pub roll: u8,
    /// Movement points left.
    pub points: u8,
    /// Squares moved this turn.
    pub moved: u8,
    /// Where its move stands.
    pub motion: Motion,
    /// It has attacked this turn.
    pub fired: bool,
    /// Where it stood at the start of its side's phase, then each square it has flown into,
    /// in order (its trail on the table).
    pub trail: Vec<(i32, i32)>,
    /// Its bombing roll, once it has exited and the battle has ended.
    pub bombing: Option<u8>,
}

impl Craft {
    /// `green X-wing`.
    pub fn name(&self) -> String {
        format!("{} {}", self.colour.word(), self.kind.name())
    }

    /// On the board and fighting.
    pub fn flying(&self) -> bool {
        self.status == Status::Flying
    }
}

/// One side.
#[derive(Clone, Debug, PartialEq, Hash, Serialize, Deserialize)]
pub struct SideState {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// The edge it came on from.
    pub edge: Edge,
}

/// The stage of a side's phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stage {
    /// Before turn 1: the initiative is to be decided.
    Initiative,
    /// Each craft in turn moves (and may stop part-way to fire).
    Move,
    /// Every craft with an enemy to attack attacks, in the order the side chooses.
    Fire,
    /// The craft that stopped use the points left.
    Finish,
}

/// One pair of cards drawn.
#[derive(Clone, Debug, PartialEq, Hash, Serialize, Deserialize)]
pub struct CardPair {
    /// Whose card is first: the attacker's, or for defensive fire the bomber's.
    pub firer: Card,
    /// The target's card.
    pub target: Card,
    /// What they decided.
    pub draw: Draw,
    /// `combat 2 of 3`, `defensive fire`.
    pub what: String,
}

/// One attack and every card drawn for it, for the cards panel.
#[derive(Clone, Debug, PartialEq, Hash, Serialize, Deserialize)]
pub struct Fight {
    /// The turn.
    pub turn: u32,
    /// The attacker (craft index).
    pub attacker: usize,
    /// The target.
    pub target: usize,
    /// Where the attacker stood.
    pub position: Position,
    /// The cards, in the order drawn.
    pub pairs: Vec<CardPair>,
}

/// The whole battle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Battle {
    /// The scenario's name.
    pub name: String,
    /// Squares along (x).
    pub columns: i32,
    /// Squares across (y).
    pub rows: i32,
    /// The two sides.
    pub sides: Vec<SideState>,
    /// Every craft: side by side, fighters then bombers, each in colour order (the order of
    /// movement and of attacks).
    pub craft: Vec<Craft>,
    /// The turn, from 1.
    pub turn: u32,
    /// The last turn.
    pub turn_limit: u32,
    /// How the first side is chosen.
    pub initiative: Initiative,
    /// The side that plays first each turn.
    pub first: usize,
    /// The side whose phase it is.
    pub side: usize,
    /// The stage of its phase.
    pub stage: Stage,
    /// Every attack so far.
    pub fights: Vec<Fight>,
    /// The result, once the battle has ended.
    pub result: Option<GameResult>,
    /// What happened since the phases last took the events, (turn, words).
    #[serde(skip)]
    pub events: Vec<(u32, String)>,
    /// Played for the balance report: no events and no reasons for the draws are written.
    #[serde(skip)]
    pub quiet: bool,
}

impl std::hash::Hash for Battle {
    /// Everything but the events (the log, compared by the replay on its own) and the
    /// result's words beyond its winner and reason.
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        (
            &self.name,
            self.columns,
            self.rows,
            &self.sides,
            &self.craft,
        )
            .hash(h);
        (
            self.turn,
            self.turn_limit,
            self.initiative,
            self.first,
            self.side,
            self.stage,
        )
            .hash(h);
        self.fights.hash(h);
        self.result.as_ref().map(|r| (r.winner, &r.reason)).hash(h);
    }
}

impl Battle {
    /// The battle of `s` before the initiative is decided: fighters off their edges, bombers
    /// waiting.
    pub fn new(s: &Scenario) -> Battle {
        let mut craft = Vec::new();
        for (side, def) in s.sides.iter().enumerate() {
            let (column, facing) = match def.edge {
                Edge::Left => (-1, Dir::EAST),
                Edge::Right => (s.columns, Dir::WEST),
            };
            for class in [Class::Fighter, Class::Bomber] {
                let mut of: Vec<_> = def
                    .craft
                    .iter()
                    .filter(|c| c.kind.class() == class)
                    .collect();
                of.sort_by_key(|c| c.colour);
                let rows = start_rows(of.len(), s.rows).unwrap_or_default();
                for (c, row) in of.into_iter().zip(rows) {
                    craft.push(Craft {
                        id: craft_id(c.kind, c.colour),
                        side,
                        kind: c.kind,
                        colour: c.colour,
                        at: (column, row),
                        facing,
                        status: if class == Class::Bomber {
                            Status::Waiting
                        } else {
                            Status::Flying
                        },
                        roll: 0,
                        points: 0,
                        moved: 0,
                        motion: Motion::ToMove,
                        fired: false,
                        trail: Vec::new(),
                        bombing: None,
                    });
                }
            }
        }
        Battle {
            name: s.name.clone(),
            columns: s.columns,
            rows: s.rows,
            sides: s
                .sides
                .iter()
                .map(|d| SideState {
                    id: d.id.clone(),
                    name: d.name.clone(),
                    edge: d.edge,
                })
                .collect(),
            craft,
            turn: 1,
            turn_limit: s.turn_limit.unwrap_or(DEFAULT_TURN_LIMIT),
            initiative: s.initiative,
            first: 0,
            side: 0,
            stage: Stage::Initiative,
            fights: Vec::new(),
            result: None,
            events: Vec::new(),
            quiet: false,
        }
    }

    fn event(&mut self, text: impl Into<String>) {
        if !self.quiet {
            self.events.push((self.turn, text.into()));
        }
    }

    /// The top card, drawn for `why` (the log keeps the reason); a spent deck is made anew
    /// from the discards first, and the log says so (docs/rules/space_battle.md, "The cards").
    ///
    /// Errors: the card could not be drawn (forced ones ran out; the players' own not yet
    /// typed), as a refusal.
    fn card(&mut self, deck: &mut Deck, why: String) -> Result<Card, String> {
        let spent = deck.left() == 0;
        let card = deck.draw(why).map_err(|e| e.to_string())?;
        if spent {
            self.event("the deck is spent: the discards are shuffled into a new one");
        }
        Ok(card)
    }

    /// Decides the initiative and starts turn 1: the first command of a battle (so both sides
    /// see the cards drawn, and players who draw their own type them in).
    ///
    /// Errors: the initiative is decided already; a card or die could not be drawn or thrown
    /// (forced ones ran out; the players' own not yet typed).
    fn initiative(&mut self, dice: &mut Dice, deck: &mut Deck) -> Result<(), String> {
        if self.stage != Stage::Initiative {
            return Err(format!(
                "the initiative is decided: {} {} first each turn (PROCEDURE)",
                self.sides[self.first].name,
                verb(&self.sides[self.first].name, "plays", "play")
            ));
        }
        let (a, b) = (&self.sides[0].name.clone(), &self.sides[1].name.clone());
        self.first = loop {
            let (x, y, words) = match self.initiative {
                Initiative::Cards => {
                    let x = self.card(deck, why!(self, "initiative: {} card", possessive(a)))?;
                    let y = self.card(deck, why!(self, "initiative: {} card", possessive(b)))?;
                    deck.discard(x);
                    deck.discard(y);
                    (x.value(), y.value(), [card_name(x), card_name(y)])
                }
                Initiative::Dice => {
                    let x = roll(dice, why!(self, "initiative: {} d6", possessive(a)))?;
                    let y = roll(dice, why!(self, "initiative: {} d6", possessive(b)))?;
                    (x, y, [x.to_string(), y.to_string()])
                }
            };
            match x.cmp(&y) {
                std::cmp::Ordering::Greater => {
                    event!(
                        self,
                        "{a} {} the initiative {} to {} and {} first each turn",
                        verb(&a, "wins", "win"),
                        words[0],
                        words[1],
                        verb(&a, "plays", "play")
                    );
                    break 0;
                }
                std::cmp::Ordering::Less => {
                    event!(
                        self,
                        "{b} {} the initiative {} to {} and {} first each turn",
                        verb(&b, "wins", "win"),
                        words[1],
                        words[0],
                        verb(&b, "plays", "play")
                    );
                    break 1;
                }
                std::cmp::Ordering::Equal => event!(
                    self,
                    "initiative tied, {} and {}: again",
                    words[0],
                    words[1]
                ),
            }
        };
        self.begin_phase(self.first, dice, deck)?;
        // A phase with nothing to do in it (a side with no fighters on turn 1) moves on.
        self.settle(dice, deck)
    }

    /// The craft of `side` in their order of movement and attack.
    pub fn of_side(&self, side: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.craft.len()).filter(move |&i| self.craft[i].side == side)
    }

    /// Whether `at` is on the board.
    pub fn on_board(&self, at: (i32, i32)) -> bool {
        (0..self.columns).contains(&at.0) && (0..self.rows).contains(&at.1)
    }

    /// Whether a step of craft `i` to `to` leaves the board by its far edge (a bomber's exit).
    pub fn exits(&self, i: usize, to: (i32, i32)) -> bool {
        let c = &self.craft[i];
        c.kind.class() == Class::Bomber
            && (0..self.rows).contains(&to.1)
            && match self.sides[c.side].edge {
                Edge::Left => to.0 >= self.columns,
                Edge::Right => to.0 < 0,
            }
    }

    /// The flying craft on `at` other than `not`.
    pub fn occupant(&self, at: (i32, i32), not: usize) -> Option<usize> {
        (0..self.craft.len())
            .find(|&j| j != not && self.craft[j].flying() && self.craft[j].at == at)
    }

    /// The craft to move now: the first of the side playing, in order, whose move is not over
    /// (Move stage), or that stopped with points left (Finish stage).
    pub fn mover(&self) -> Option<usize> {
        if self.result.is_some() {
            return None;
        }
        self.of_side(self.side).find(|&i| {
            let c = &self.craft[i];
            c.flying()
                && match self.stage {
                    Stage::Move => c.motion == Motion::ToMove,
                    Stage::Finish => c.motion == Motion::Stopped,
                    Stage::Fire | Stage::Initiative => false,
                }
        })
    }

    /// The craft that must still attack: in the Fire stage, those of the side playing, in
    /// colour order, that have not attacked and have a target. PROCEDURE: "After all the
    /// spacecraft have moved, they will fire at any enemy spacecraft within range": every one
    /// attacks, in the order the side chooses (the Action Report's turn 4 attacks green,
    /// yellow, blue, red; docs/rules/space_battle.md, "Order of play").
    pub fn attackers(&self) -> impl Iterator<Item = usize> + '_ {
        self.of_side(self.side).filter(|&i| {
            self.result.is_none()
                && self.stage == Stage::Fire
                && !self.craft[i].fired
                && self.has_target(i)
        })
    }

    /// The first of [`Battle::attackers`]: the craft the table offers to attack first.
    pub fn attacker(&self) -> Option<usize> {
        self.attackers().next()
    }

    /// Whether craft `i` may attack anyone from where it is ([`Battle::targets`], without
    /// listing them).
    fn has_target(&self, i: usize) -> bool {
        let c = &self.craft[i];
        c.flying()
            && c.moved > 0
            && self.on_board(c.at)
            && self.craft.iter().any(|e| {
                e.side != c.side
                    && e.flying()
                    && self.on_board(e.at)
                    && (c.kind.class() == Class::Fighter || step(c.at, c.facing) == e.at)
                    && Dir::of(c.at.0 - e.at.0, c.at.1 - e.at.1).is_some()
            })
    }

    /// The enemies craft `i` may attack from where it is, with the position it attacks from:
    /// star-wars-battle-space.txt, COMBAT: "An attacking spacecraft must move one square
    /// before firing. A spacecraft must attack from a square adjacent to the target." and
    /// "An assault bomber may attack a spacecraft directly in front of it." The squares are
    /// the board's: a craft off its edge, not yet come on, neither attacks nor is attacked
    /// (PROCEDURE: "Bombers will move onto the board on the third move"; docs/rules/
    /// space_battle.md, "Set-up").
    pub fn targets(&self, i: usize) -> Vec<(usize, Position)> {
        let c = &self.craft[i];
        if !c.flying() || c.moved == 0 {
            return Vec::new();
        }
        self.targets_from(i, c.at, c.facing).collect()
    }

    /// The enemies craft `i` could attack from `at` facing `facing` (as [`Battle::targets`],
    /// the move before it taken as made).
    /// An iterator, not a list: the rules' side asks it of every square it weighs.
    pub fn targets_from(
        &self,
        i: usize,
        at: (i32, i32),
        facing: Dir,
    ) -> impl Iterator<Item = (usize, Position)> + '_ {
        let c = &self.craft[i];
        let on = self.on_board(at);
        let (fighter, ahead) = (c.kind.class() == Class::Fighter, step(at, facing));
        (0..self.craft.len())
            .filter(move |_| on)
            .filter(move |&j| {
                let e = &self.craft[j];
                e.side != c.side && e.flying() && self.on_board(e.at)
            })
            .filter(move |&j| fighter || ahead == self.craft[j].at)
            .filter_map(move |j| {
                Position::of(at, self.craft[j].at, self.craft[j].facing).map(|p| (j, p))
            })
    }

    /// Why craft `i` may not step to `to` now, or the cost and new facing of the step.
    ///
    /// Errors: the step is no step of Figure 1 from its square and facing, costs more points
    /// than it has, or leaves the board other than a bomber by its far edge.
    pub fn step_to(&self, i: usize, to: (i32, i32)) -> Result<(Dir, u8), String> {
        let c = &self.craft[i];
        let (dir, cost) = steps(c.facing)
            .into_iter()
            .find(|(d, _)| step(c.at, *d) == to)
            .ok_or_else(|| {
                format!(
                    "{to:?} is not a square the {} can step to from {:?} facing {}: straight ahead (1 point), diagonally ahead (2) or 90° to either side (3) (MOVEMENT; our ruling, Figure 1: Help, Our rulings)",
                    c.name(),
                    c.at,
                    c.facing.word()
                )
            })?;
        if cost > c.points {
            return Err(format!(
                "that step costs {cost} movement points and the {} has {} left (MOVEMENT)",
                c.name(),
                points(c.points)
            ));
        }
        if !self.on_board(to) && !self.exits(i, to) {
            return Err(format!(
                "{to:?} is off the board: only an assault bomber leaves it, by the far edge (OBJECTIVE: \"exit the board at the opposite end\"; our ruling, Leaving the board: Help, Our rulings)"
            ));
        }
        Ok((dir, cost))
    }

    /// Whether craft `i` has any step it may take.
    pub fn can_step(&self, i: usize) -> bool {
        // As [`Battle::step_to`] allows, without writing out why each step is refused.
        let c = &self.craft[i];
        steps(c.facing).iter().any(|&(d, cost)| {
            let to = step(c.at, d);
            cost <= c.points && (self.on_board(to) || self.exits(i, to))
        })
    }

    /// Applies `command`; on a refusal the battle may be half changed, so the caller applies
    /// it to a copy.
    ///
    /// Errors: the refusal, naming the rule; or a card or die that could not be drawn.
    pub fn apply(
        &mut self,
        command: &Command,
        dice: &mut Dice,
        deck: &mut Deck,
    ) -> Result<(), String> {
        if self.result.is_some() {
            return Err("the battle is over".into());
        }
        if self.stage == Stage::Initiative && *command != Command::Initiative {
            return Err("first the initiative: \"Each side will take the top card from a well-shuffled deck and the side with the higher score will play first each turn\" (PROCEDURE)".into());
        }
        match command {
            Command::Initiative => self.initiative(dice, deck),
            Command::Move { craft, path } => self.fly(craft, path, dice, deck),
            Command::Stop { craft } => self.stop(craft, dice, deck),
            Command::Attack { craft, target } => self.attack(craft, target, dice, deck),
        }
    }

    fn find(&self, id: &str) -> Result<usize, String> {
        self.craft
            .iter()
            .position(|c| c.id == id)
            .ok_or_else(|| format!("there is no craft \"{id}\""))
    }

    /// Why craft `i` cannot act now: whose phase it is, which craft moves now (the colour
    /// order), or that it has no attack to make.
    fn not_now(&self, i: usize) -> String {
        let c = &self.craft[i];
        let who = self.mover().map(|j| self.craft[j].name());
        match (c.side == self.side, who) {
            (false, _) => format!(
                "it is the {} phase, not the {}",
                possessive(&self.sides[self.side].name),
                possessive(&self.sides[c.side].name)
            ),
            (true, _) if self.stage == Stage::Fire => {
                let left: Vec<String> = self.attackers().map(|j| self.craft[j].name()).collect();
                format!(
                    "the attacks are made now: the {} must attack (PROCEDURE: \"After all the spacecraft have moved, they will fire at any enemy spacecraft within range\"); the {} {}",
                    left.join(", the "),
                    c.name(),
                    if c.fired {
                        "has attacked this turn"
                    } else {
                        "has no enemy to attack: it attacks from the board, after moving a square, an enemy on a square next to it (COMBAT)"
                    }
                )
            }
            (true, Some(w)) => format!(
                "the {w} moves now: the colours give \"the order of movements and the order of attacks\" (Action Report)"
            ),
            (true, None) => format!("the {} has nothing to do now", c.name()),
        }
    }

    fn fly(
        &mut self,
        id: &str,
        path: &[(i32, i32)],
        dice: &mut Dice,
        deck: &mut Deck,
    ) -> Result<(), String> {
        let i = self.find(id)?;
        if self.mover() != Some(i) {
            return Err(self.not_now(i));
        }
        if path.is_empty() {
            return Err("a move names at least one square".into());
        }
        let mut took = Vec::new();
        for &to in path {
            if !self.craft[i].flying() {
                return Err(format!(
                    "the {} has left the board: the move ends there",
                    self.craft[i].name()
                ));
            }
            let (dir, cost) = self.step_to(i, to)?;
            let c = &mut self.craft[i];
            c.at = to;
            c.facing = dir;
            c.points -= cost;
            c.moved += 1;
            // The trail and the words are for the table and the log: none in a quiet battle.
            if !self.quiet {
                c.trail.push(to);
                // `up (3)` read as a count of squares (a walk): the points it cost, in words.
                took.push(format!("{} ({})", dir.word(), points(cost)));
            }
            if self.exits(i, to) {
                let c = &mut self.craft[i];
                c.status = Status::Exited;
                c.motion = Motion::Moved;
                c.points = 0;
            }
        }
        let (status, at, left) = (self.craft[i].status, self.craft[i].at, self.craft[i].points);
        event!(
            self,
            "the {} flies {} to {at:?}, {} left",
            self.craft[i].name(),
            took.join(", "),
            points(left)
        );
        if status == Status::Exited {
            event!(
                self,
                "the {} leaves by the far edge to bomb the enemy's carrier",
                self.craft[i].name()
            );
        } else if left == 0 {
            self.end_move(i);
        }
        self.settle(dice, deck)
    }

    fn stop(&mut self, id: &str, dice: &mut Dice, deck: &mut Deck) -> Result<(), String> {
        let i = self.find(id)?;
        if self.mover() != Some(i) {
            return Err(self.not_now(i));
        }
        let c = &self.craft[i];
        if self.stage == Stage::Finish {
            return Err(format!(
                "the {} must use its {} left (EQUIPMENT: \"how many movement points each spacecraft must use in a turn\")",
                c.name(),
                points(c.points)
            ));
        }
        if c.moved == 0 {
            return Err("\"An attacking spacecraft must move one square before firing\" (COMBAT): move a square before stopping to fire".into());
        }
        self.craft[i].motion = Motion::Stopped;
        event!(
            self,
            "the {} stops to fire with {} left",
            self.craft[i].name(),
            points(self.craft[i].points)
        );
        self.collide(i);
        self.settle(dice, deck)
    }

    /// The end of craft `i`'s move: "Spacecraft may pass through occupied squares but any that
    /// ends a move on an occupied square will be destroyed." (MOVEMENT).
    fn end_move(&mut self, i: usize) {
        self.craft[i].motion = Motion::Moved;
        self.collide(i);
    }

    /// Craft `i` ends its move (or stops) on an occupied square: "any that ends a move on an
    /// occupied square will be destroyed" (MOVEMENT). It is destroyed by the side of the craft
    /// already there, which scores it only if that is the enemy: OBJECTIVE, "Each side will
    /// also tally the scores of the spacecraft it has destroyed during the battle" and "The
    /// Values of Destroyed Enemy Spacecraft" (docs/rules/space_battle.md, "Ending on an
    /// occupied square").
    fn collide(&mut self, i: usize) {
        if let Some(j) = self.occupant(self.craft[i].at, i) {
            let by = self.craft[j].side;
            self.craft[i].status = Status::Destroyed { by };
            let score = if by == self.craft[i].side {
                "a friend's square: neither side scores it".to_string()
            } else {
                format!(
                    "{} {} it",
                    self.sides[by].name,
                    verb(&self.sides[by].name, "scores", "score")
                )
            };
            event!(
                self,
                "the {} ends its move on the {} square and is destroyed (MOVEMENT); {score}",
                self.craft[i].name(),
                possessive(&self.craft[j].name()),
            );
        }
    }

    /// One fight of two cards, drawn again on a tie; both cards go to the discards.
    fn combat(
        &mut self,
        deck: &mut Deck,
        firer: usize,
        target: usize,
        what: &str,
        from: Option<Position>,
        pairs: &mut Vec<CardPair>,
    ) -> Result<bool, String> {
        let (f, t) = if self.quiet {
            (String::new(), String::new())
        } else {
            (self.craft[firer].name(), self.craft[target].name())
        };
        // As the log should read: `attack 2 of 3, blue TIE fighter on red X-wing, from the rear`.
        let fight = match from {
            Some(p) => why!(self, "{what}, {f} on {t}, {}", p.words()),
            None => why!(self, "{what}, {f} on {t}"),
        };
        loop {
            let a = self.card(deck, why!(self, "{fight}: the {} card", possessive(&f)))?;
            let b = self.card(deck, why!(self, "{fight}: the {} card", possessive(&t)))?;
            let draw = compare(a, b);
            deck.discard(a);
            deck.discard(b);
            if !self.quiet {
                // Both cards' worth, each named by its craft, the firer's first: noted on the
                // target's card's line, `4 beats 2` read as the target's 4 (walks read the
                // X-wing's card as the hit, then as the higher card).
                let (x, y) = (a.value(), b.value());
                let (fx, ty) = (possessive(&f), possessive(&t));
                deck.note_outcome(match draw {
                    Draw::Hit => format!("the {fx} {x} beats the {ty} {y}: a hit"),
                    Draw::Miss => format!("the {fx} {x} is under the {ty} {y}: a miss"),
                    Draw::Tie => format!("the {fx} {x} ties the {ty} {y}: draw again"),
                });
            }
            pairs.push(CardPair {
                firer: a,
                target: b,
                draw,
                what: what.to_string(),
            });
            event!(
                self,
                "{what}: the {f} draws {}, the {t} {}: {}",
                card_name(a),
                card_name(b),
                match draw {
                    Draw::Hit => "destroyed",
                    Draw::Miss => "a miss",
                    Draw::Tie => "a tie, draw again",
                }
            );
            match draw {
                Draw::Tie => continue,
                d => return Ok(d == Draw::Hit),
            }
        }
    }

    /// Craft `id` attacks `target_id`: as many combats as its position gives (COMBAT), the
    /// target's defensive fire after the first if it is a bomber ("An assault bomber may
    /// return defensive fire only once per attack—immediately after the attacker has fired.
    /// Defensive fire is considered as simultaneous with the first fire of the attacking
    /// spacecraft and both the attacker and defender may be destroyed."), until one is
    /// destroyed or the combats are spent.
    fn attack(
        &mut self,
        id: &str,
        target_id: &str,
        dice: &mut Dice,
        deck: &mut Deck,
    ) -> Result<(), String> {
        let i = self.find(id)?;
        let j = self.find(target_id)?;
        if !self.attackers().any(|a| a == i) {
            return Err(self.not_now(i));
        }
        let Some(&(_, position)) = self.targets(i).iter().find(|(t, _)| *t == j) else {
            return Err(if self.craft[i].kind.class() == Class::Bomber {
                format!(
                    "the {} is not directly in front of the {}: \"An assault bomber may attack a spacecraft directly in front of it\" (COMBAT)",
                    self.craft[j].name(),
                    self.craft[i].name()
                )
            } else {
                format!(
                    "the {} is not on a square next to the {}: \"A spacecraft must attack from a square adjacent to the target\" (COMBAT)",
                    self.craft[j].name(),
                    self.craft[i].name()
                )
            });
        };
        self.craft[i].fired = true;
        let n = position.combats();
        event!(
            self,
            "the {} attacks the {} {} ({n} combat{})",
            self.craft[i].name(),
            self.craft[j].name(),
            position.words(),
            if n == 1 { "" } else { "s" }
        );
        let mut pairs = Vec::new();
        for k in 1..=n {
            let what = why!(self, "attack {k} of {n}");
            let hit = self.combat(deck, i, j, &what, Some(position), &mut pairs)?;
            let shot_back = k == 1
                && self.craft[j].kind.class() == Class::Bomber
                && self.combat(deck, j, i, "defensive fire", None, &mut pairs)?;
            if hit {
                self.craft[j].status = Status::Destroyed {
                    by: self.craft[i].side,
                };
            }
            if shot_back {
                self.craft[i].status = Status::Destroyed {
                    by: self.craft[j].side,
                };
            }
            if hit || shot_back {
                break;
            }
        }
        self.fights.push(Fight {
            turn: self.turn,
            attacker: i,
            target: j,
            position,
            pairs,
        });
        self.settle(dice, deck)
    }

    /// Moves the phase on past what has nothing left to do: a craft with no step left ends its
    /// move (its points lost), an empty stage gives way to the next, a finished phase to the
    /// other side's or the next turn, the last turn to the end.
    fn settle(&mut self, dice: &mut Dice, deck: &mut Deck) -> Result<(), String> {
        loop {
            if self.result.is_some() {
                return Ok(());
            }
            if let Some(i) = self.mover() {
                if self.can_step(i) {
                    return Ok(());
                }
                let c = &self.craft[i];
                event!(
                    self,
                    "the {} has no step left on the board: its {} lost (our ruling, Leaving the board: Help, Our rulings)",
                    c.name(),
                    if c.points == 1 {
                        "1 point is".to_string()
                    } else {
                        format!("{} points are", c.points)
                    }
                );
                self.craft[i].points = 0;
                self.end_move(i);
                continue;
            }
            if self.stage == Stage::Fire && self.attacker().is_some() {
                return Ok(());
            }
            match self.stage {
                Stage::Initiative => return Ok(()),
                Stage::Move => self.stage = Stage::Fire,
                Stage::Fire => self.stage = Stage::Finish,
                Stage::Finish if self.side == self.first => {
                    self.begin_phase(1 - self.first, dice, deck)?;
                }
                Stage::Finish => self.end_turn(dice, deck)?,
            }
        }
    }

    /// The start of `side`'s phase: "The side that moves first will roll 1d6 for each
    /// spacecraft, fighters and (after the second move) bombers, to determine the movement
    /// points available." (PROCEDURE), each from the side's own die (EQUIPMENT: "1 white d6
    /// (for the Republic) and 1 black d6 (for the Empire)").
    fn begin_phase(&mut self, side: usize, dice: &mut Dice, deck: &mut Deck) -> Result<(), String> {
        self.side = side;
        self.stage = Stage::Move;
        let name = self.sides[side].name.clone();
        for i in self.of_side(side).collect::<Vec<_>>() {
            let c = &self.craft[i];
            if !c.flying() {
                continue;
            }
            let face = roll(
                dice,
                why!(
                    self,
                    "{} movement, {} d6 + {}",
                    possessive(&c.name()),
                    possessive(&name),
                    c.kind.move_modifier()
                ),
            )?;
            let c = &mut self.craft[i];
            c.roll = face + c.kind.move_modifier();
            c.points = c.roll;
            c.moved = 0;
            c.motion = Motion::ToMove;
            c.fired = false;
            c.trail.clear();
            if !self.quiet {
                c.trail.push(c.at);
            }
        }
        if !self.quiet {
            let rolls: Vec<String> = self
                .of_side(side)
                .filter(|&i| self.craft[i].flying())
                .map(|i| format!("{} {}", self.craft[i].name(), self.craft[i].roll))
                .collect();
            event!(self, "{name} move: {}", rolls.join(", "));
        }
        let _ = deck;
        Ok(())
    }

    /// The end of a turn: the battle ends "at the end of the turn when all the bombers have
    /// been eliminated or all of the surviving bombers have left the opposite side of the
    /// board" (OBJECTIVE), or at the turn limit; else the next turn, whose bombers come on as
    /// SETUP and PROCEDURE say (docs/rules/space_battle.md, "Set-up").
    fn end_turn(&mut self, dice: &mut Dice, deck: &mut Deck) -> Result<(), String> {
        let bombers_left = self.craft.iter().any(|c| {
            c.kind.class() == Class::Bomber && matches!(c.status, Status::Flying | Status::Waiting)
        });
        if !bombers_left || self.turn >= self.turn_limit {
            return self.finish(dice, !bombers_left);
        }
        self.turn += 1;
        if self.turn == 2 {
            self.event("the assault bombers of both sides wait off their edges (SETUP: \"on the second turn\")");
        }
        if self.turn == 3 {
            for c in &mut self.craft {
                if c.status == Status::Waiting {
                    c.status = Status::Flying;
                }
            }
            self.event(
                "the assault bombers move onto the board (PROCEDURE: \"on the third move\")",
            );
        }
        self.begin_phase(self.first, dice, deck)
    }

    /// A side's score so far: the enemy craft it destroyed (fighter 2, bomber 3) and its
    /// bombing total. OBJECTIVE: "Each side will also tally the scores of the spacecraft it
    /// has destroyed during the battle", under "The Values of Destroyed Enemy Spacecraft":
    /// a craft of its own it destroyed (one flown onto a friend's square) scores nothing.
    pub fn score(&self, side: usize) -> (u32, u32) {
        let destroyed = self
            .craft
            .iter()
            .filter(|c| c.side != side && c.status == Status::Destroyed { by: side })
            .map(|c| c.kind.class().value())
            .sum();
        let bombing = self
            .craft
            .iter()
            .filter(|c| c.side == side)
            .filter_map(|c| c.bombing)
            .map(u32::from)
            .sum();
        (destroyed, bombing)
    }

    /// How `side`'s bombing was rated, with the numbers the rating uses: OBJECTIVE, "Each
    /// bomber that survives and exits the board will roll 1d6 and record the score of an
    /// attack on the enemy's spacecraft carrier. These scores will be totaled for their effect
    /// on the target", rated by "The Total Scores and Effects of Bombing" ("1-6 = Poor (few,
    /// if any, objectives destroyed)" …). E.g. `Poor: green Y-wing 3 + yellow Y-wing 3 = 6,
    /// in 1-6; few, if any, objectives destroyed`.
    pub fn bombing_words(&self, side: usize) -> String {
        let total = self.score(side).1;
        let rolls: Vec<String> = self
            .craft
            .iter()
            .filter(|c| c.side == side)
            .filter_map(|c| c.bombing.map(|v| format!("{} {v}", c.name())))
            .collect();
        if rolls.is_empty() {
            return "none: no bomber bombed the carrier".into();
        }
        let rating = bombing_rating(total);
        let (word, effect) = rating.split_once(" (").unwrap_or((rating, ""));
        format!(
            "{word}: {} = {total}, in {}; {}",
            rolls.join(" + "),
            bombing_band(total),
            effect.trim_end_matches(')')
        )
    }

    /// The end: "Each bomber that survives and exits the board will roll 1d6 and record the
    /// score of an attack on the enemy's spacecraft carrier" and "the scores of the spacecraft
    /// that each side has destroyed will be totaled with their bombing score. The side with
    /// the higher score will win the game." (OBJECTIVE).
    fn finish(&mut self, dice: &mut Dice, bombers_done: bool) -> Result<(), String> {
        for i in 0..self.craft.len() {
            if self.craft[i].status == Status::Exited {
                let name = self.sides[self.craft[i].side].name.clone();
                let face = roll(
                    dice,
                    why!(
                        self,
                        "the {} bombing run, {} d6",
                        possessive(&self.craft[i].name()),
                        possessive(&name)
                    ),
                )?;
                self.craft[i].bombing = Some(face);
            }
        }
        let totals: Vec<(u32, u32)> = (0..2).map(|s| self.score(s)).collect();
        for (s, (d, b)) in totals.iter().enumerate() {
            event!(
                self,
                "{}: bombing {b} ({}), craft destroyed {d}, total {}",
                self.sides[s].name,
                self.bombing_words(s),
                d + b
            );
        }
        let t: Vec<u32> = totals.iter().map(|(d, b)| d + b).collect();
        let winner = match t[0].cmp(&t[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        let bombing = (0..2)
            .map(|s| {
                let words = self.bombing_words(s);
                format!(
                    "{}: destroyed {} + bombing {} ({})",
                    self.sides[s].name,
                    totals[s].0,
                    totals[s].1,
                    // The rating and its numbers; its effect is in the log.
                    words.split("; ").next().unwrap_or(&words)
                )
            })
            .collect::<Vec<_>>()
            .join(", ");
        let why = if bombers_done {
            "every bomber destroyed or gone to bomb".to_string()
        } else {
            format!("the turn limit ({})", self.turn_limit)
        };
        self.result = Some(GameResult {
            winner,
            reason: match winner {
                Some(w) => format!(
                    "{} win {} to {} ({why}); {bombing}",
                    self.sides[w].name,
                    t[w],
                    t[1 - w]
                ),
                None => format!("a draw, {} all ({why}); {bombing}", t[0]),
            },
            decided_by: "the higher score: craft destroyed plus bombing".into(),
        });
        self.event(
            self.result
                .as_ref()
                .map(|r| r.reason.clone())
                .unwrap_or_default(),
        );
        Ok(())
    }
}

/// `1 point`, `3 points`.
pub fn points(n: u8) -> String {
    format!("{n} point{}", if n == 1 { "" } else { "s" })
}

pub use crate::rules::words::possessive;

/// One d6 thrown for `why`.
fn roll(dice: &mut Dice, why: String) -> Result<u8, String> {
    dice.roll(DiceExpr::d(6), why)
        .map(|v| v.clamp(1, 6) as u8)
        .map_err(|e| e.to_string())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The first sortie with the initiative drawn (the Republic first, King v 2) and the
    /// Republic's fighters rolled (3 and 3, so 4 points each).
    pub(crate) fn sortie() -> (Battle, Dice, Deck) {
        let s = super::super::rules::scenario::parse(super::super::BUNDLED[1].1, "t.ron")
            .expect("scenario");
        let mut b = Battle::new(&s);
        let mut dice = Dice::forced([3, 3, 1, 1]);
        let mut deck = Deck::forced(["KH", "2C"].map(|c| Card::parse(c).expect("card")));
        b.apply(&Command::Initiative, &mut dice, &mut deck)
            .expect("initiative");
        assert_eq!((b.first, b.side, b.stage), (0, 0, Stage::Move));
        (b, dice, deck)
    }

    pub(crate) fn id(b: &Battle, id: &str) -> usize {
        b.craft.iter().position(|c| c.id == id).expect("craft")
    }

    fn fly(path: &[(i32, i32)]) -> Command {
        Command::Move {
            craft: "green-xwing".into(),
            path: path.to_vec(),
        }
    }

    #[test]
    fn steps_cost_as_figure_1_reads_and_every_point_is_used() {
        let (mut b, mut dice, mut deck) = sortie();
        let g = id(&b, "green-xwing");
        assert_eq!(b.craft[g].at, (-1, 5));
        assert_eq!(b.craft[g].points, 4);
        // Backwards, or off the board, is no step.
        let e = b.apply(&fly(&[(-2, 5)]), &mut dice, &mut deck).unwrap_err();
        assert!(e.contains("Figure 1"), "{e}");
        let e = b.apply(&fly(&[(-1, 6)]), &mut dice, &mut deck).unwrap_err();
        assert!(e.contains("off the board"), "{e}");
        // Diagonally ahead 2, then 90° to the side 3: more than the 2 left.
        b.apply(&fly(&[(0, 6)]), &mut dice, &mut deck)
            .expect("diagonal");
        assert_eq!((b.craft[g].points, b.craft[g].facing), (2, Dir(1)));
        let e = b.apply(&fly(&[(1, 5)]), &mut dice, &mut deck).unwrap_err();
        assert!(e.contains("costs 3") && e.contains("2 points left"), "{e}");
        // Facing up-right, straight ahead is the diagonal square: 1 point each.
        b.apply(&fly(&[(1, 7), (2, 8)]), &mut dice, &mut deck)
            .expect("straight");
        assert_eq!(
            b.craft[g].motion,
            Motion::Moved,
            "its points spent, its move is over"
        );
        assert_eq!(
            b.mover(),
            Some(id(&b, "blue-xwing")),
            "the colours give the order"
        );
    }

    #[test]
    fn a_craft_stops_to_fire_only_after_a_square_and_finishes_its_move_after_the_attacks() {
        let (mut b, mut dice, mut deck) = sortie();
        let stop = Command::Stop {
            craft: "green-xwing".into(),
        };
        let e = b.apply(&stop, &mut dice, &mut deck).unwrap_err();
        assert!(e.contains("must move one square before firing"), "{e}");
        b.apply(&fly(&[(0, 5)]), &mut dice, &mut deck)
            .expect("a square");
        b.apply(&stop, &mut dice, &mut deck).expect("stopped");
        let g = id(&b, "green-xwing");
        assert_eq!((b.craft[g].motion, b.craft[g].points), (Motion::Stopped, 3));
        // The blue X-wing moves all its 4 points; nobody can attack; the green one finishes.
        let blue = Command::Move {
            craft: "blue-xwing".into(),
            path: vec![(0, 3), (1, 3), (2, 3), (3, 3)],
        };
        b.apply(&blue, &mut dice, &mut deck).expect("blue moves");
        assert_eq!(b.stage, Stage::Finish);
        let e = b.apply(&stop, &mut dice, &mut deck).unwrap_err();
        assert!(e.contains("must use its 3 points left"), "{e}");
        b.apply(&fly(&[(1, 5), (2, 5), (3, 5)]), &mut dice, &mut deck)
            .expect("finished");
        assert_eq!(b.side, 1, "the Empire's phase");
    }

    #[test]
    fn ending_on_an_occupied_square_destroys_the_craft_that_ends_there() {
        let (mut b, mut dice, mut deck) = sortie();
        let (g, blue) = (id(&b, "green-xwing"), id(&b, "blue-xwing"));
        b.apply(&fly(&[(0, 5), (1, 5), (2, 4)]), &mut dice, &mut deck)
            .expect("green");
        assert_eq!(b.craft[g].at, (2, 4));
        // Passing through is allowed; ending there is not survived.
        let into = Command::Move {
            craft: "blue-xwing".into(),
            path: vec![(0, 3), (1, 3), (2, 4)],
        };
        b.apply(&into, &mut dice, &mut deck).expect("blue");
        assert_eq!(
            b.craft[blue].status,
            Status::Destroyed { by: 0 },
            "destroyed by its own side's craft"
        );
        assert_eq!(
            b.craft[g].status,
            Status::Flying,
            "not the one already there"
        );
        // "the spacecraft it has destroyed", valued as "Destroyed Enemy Spacecraft": the
        // Empire destroyed nothing, and the Republic scores none of its own.
        assert_eq!((b.score(0), b.score(1)), ((0, 0), (0, 0)));
    }

    #[test]
    fn ending_on_an_enemys_square_is_scored_by_the_enemy() {
        let (mut b, mut dice, mut deck) = sortie();
        let (blue, tie) = (id(&b, "blue-xwing"), id(&b, "green-tie"));
        b.craft[tie].at = (3, 3);
        b.apply(
            &fly(&[(0, 5), (1, 5), (2, 5), (3, 5)]),
            &mut dice,
            &mut deck,
        )
        .expect("green");
        let into = Command::Move {
            craft: "blue-xwing".into(),
            path: vec![(0, 3), (1, 3), (2, 3), (3, 3)],
        };
        b.apply(&into, &mut dice, &mut deck).expect("blue");
        assert_eq!(b.craft[blue].status, Status::Destroyed { by: 1 });
        assert_eq!(b.score(1), (2, 0), "the Empire scores the X-wing");
    }

    /// Craft `ids` of the Republic, on the board, each having moved a square, to attack in
    /// the Fire stage; nothing else of the Republic's to attack.
    fn to_fire(b: &mut Battle, ids: &[&str]) {
        b.stage = Stage::Fire;
        for c in &mut b.craft {
            c.fired = !ids.contains(&c.id.as_str());
            c.moved = 1;
        }
    }

    #[test]
    fn a_craft_off_the_board_neither_attacks_nor_is_attacked() {
        // PROCEDURE: "Bombers will move onto the board on the third move"; COMBAT: "A
        // spacecraft must attack from a square adjacent to the target." Turn 3, the Republic
        // first: the Empire's green X1 still waits off its edge, next to the X-wing.
        let (mut b, mut dice, mut deck) = sortie();
        let (g, x1) = (id(&b, "green-xwing"), id(&b, "green-x1"));
        b.turn = 3;
        b.craft[x1].status = Status::Flying;
        assert_eq!(b.craft[x1].at, (14, 5), "off the right edge");
        b.craft[g].at = (13, 5);
        to_fire(&mut b, &["green-xwing"]);
        assert!(b.targets(g).is_empty());
        assert_eq!(b.attacker(), None);
        let attack = Command::Attack {
            craft: "green-xwing".into(),
            target: "green-x1".into(),
        };
        let e = b.clone().apply(&attack, &mut dice, &mut deck).unwrap_err();
        assert!(e.contains("no enemy to attack"), "{e}");
        // Once on the board it may be attacked.
        b.craft[x1].at = (13, 4);
        assert_eq!(b.attacker(), Some(g));
    }

    #[test]
    fn every_craft_with_a_target_attacks_in_the_order_its_side_chooses() {
        let (mut b, mut dice, _) = sortie();
        let (g, blue) = (id(&b, "green-xwing"), id(&b, "blue-xwing"));
        let (gt, bt) = (id(&b, "green-tie"), id(&b, "blue-tie"));
        for (i, at, facing) in [
            (g, (5, 6), Dir::EAST),
            (gt, (6, 6), Dir::WEST),
            (blue, (5, 2), Dir::EAST),
            (bt, (6, 2), Dir::WEST),
        ] {
            b.craft[i].at = at;
            b.craft[i].facing = facing;
        }
        to_fire(&mut b, &["green-xwing", "blue-xwing"]);
        // The blue X-wing first, though green comes first in colour order (the Action
        // Report's turn 4: green, yellow, blue, red).
        let mut deck =
            Deck::forced(["KH", "2C", "3C", "9D"].map(|c| Card::parse(c).expect("card")));
        let attack = |craft: &str, target: &str| Command::Attack {
            craft: craft.into(),
            target: target.into(),
        };
        b.apply(&attack("blue-xwing", "blue-tie"), &mut dice, &mut deck)
            .expect("the side chooses the blue X-wing");
        assert_eq!(b.craft[bt].status, Status::Destroyed { by: 0 });
        // "they will fire at any enemy spacecraft within range": the green X-wing must still
        // attack, and there is no command to decline.
        assert_eq!(
            (b.stage, b.attackers().collect::<Vec<_>>()),
            (Stage::Fire, vec![g])
        );
        let hold: Result<Command, _> =
            crate::rules::scenario::ron_options().from_str("Hold(craft: \"green-xwing\")");
        assert!(hold.is_err(), "no Hold");
        let e = b
            .clone()
            .apply(&attack("blue-xwing", "green-tie"), &mut dice, &mut deck)
            .unwrap_err();
        assert!(
            e.contains("has attacked this turn") && e.contains("green X-wing must attack"),
            "{e}"
        );
        b.apply(&attack("green-xwing", "green-tie"), &mut dice, &mut deck)
            .expect("green attacks");
        assert_eq!(b.side, 1, "then the Empire's phase");
    }

    #[test]
    fn the_bombing_rating_shows_the_rolls_and_the_texts_band() {
        let (mut b, _, _) = sortie();
        for id_ in ["green-ywing", "blue-ywing"] {
            let i = id(&b, id_);
            b.craft[i].status = Status::Exited;
        }
        b.finish(&mut Dice::forced([3, 4]), true).expect("the end");
        let r = b.result.as_ref().expect("over");
        assert!(
            r.reason.contains(
                "Republic: destroyed 0 + bombing 7 (Fair: green Y-wing 3 + blue Y-wing 4 = 7, in 7-12)"
            ),
            "{}",
            r.reason
        );
        assert!(
            b.events
                .iter()
                .any(|(_, e)| e.contains("in 7-12; some objectives destroyed")),
            "{:?}",
            b.events
        );
    }

    #[test]
    fn a_side_with_no_fighters_playing_first_passes_its_first_phase() {
        // The first sortie with the Republic's X-wings taken out: it wins the initiative, has
        // nothing to move on turn 1, and the Empire's phase follows.
        let src = super::super::BUNDLED[1]
            .1
            .replace("(kind: XWing, colour: Green),", "")
            .replace("(kind: XWing, colour: Blue),", "");
        let s = super::super::rules::scenario::parse(&src, "t.ron").expect("it checks");
        let mut b = Battle::new(&s);
        let mut dice = Dice::forced([3, 3]);
        let mut deck = Deck::forced(["KH", "2C"].map(|c| Card::parse(c).expect("card")));
        b.apply(&Command::Initiative, &mut dice, &mut deck)
            .expect("initiative");
        assert_eq!(b.first, 0, "the Republic plays first");
        assert_eq!((b.side, b.stage), (1, Stage::Move));
        assert_eq!(b.mover(), Some(id(&b, "green-tie")));
    }

    #[test]
    fn a_name_ending_in_s_takes_an_apostrophe_alone() {
        assert_eq!(possessive("Empire"), "Empire's");
        assert_eq!(possessive("Republicans"), "Republicans'");
        let (mut b, mut dice, mut deck) = sortie();
        let e = b
            .apply(
                &Command::Move {
                    craft: "green-tie".into(),
                    path: vec![(13, 7)],
                },
                &mut dice,
                &mut deck,
            )
            .unwrap_err();
        assert!(
            e.contains("it is the Republic's phase, not the Empire's"),
            "{e}"
        );
    }

    #[test]
    fn a_craft_whose_every_end_is_taken_is_cornered() {
        let (mut b, _, _) = sortie();
        let g = id(&b, "green-xwing");
        b.craft[g].at = (5, 5);
        b.craft[g].points = 1;
        assert!(!b.cornered(g), "the square ahead is open");
        let tie = id(&b, "green-tie");
        b.craft[tie].at = (6, 5);
        assert!(b.cornered(g), "its one step ends on the TIE fighter");
        b.craft[g].points = 2;
        assert!(!b.cornered(g), "with 2 points a diagonal step is open");
    }

    #[test]
    fn a_bomber_attacks_only_ahead_and_fires_back_once_even_when_destroyed() {
        let (mut b, _, _) = sortie();
        let (g, x1, tie) = (
            id(&b, "green-xwing"),
            id(&b, "green-x1"),
            id(&b, "green-tie"),
        );
        let y = id(&b, "green-ywing");
        for (i, at, facing) in [
            (y, (5, 5), Dir::EAST),
            (x1, (6, 5), Dir::WEST),
            (tie, (5, 6), Dir::WEST),
        ] {
            b.craft[i].status = Status::Flying;
            b.craft[i].at = at;
            b.craft[i].facing = facing;
            b.craft[i].moved = 1;
        }
        // The Y-wing faces the X1: it may attack it, not the TIE fighter beside it.
        let targets: Vec<usize> = b.targets(y).into_iter().map(|(j, _)| j).collect();
        assert_eq!(targets, vec![x1]);
        // A fighter attacks whatever its facing: the green X-wing behind the X1.
        b.craft[g].at = (7, 5);
        b.craft[g].facing = Dir::WEST;
        b.craft[g].moved = 1;
        assert_eq!(
            b.targets_from(g, (7, 5), Dir(2)).collect::<Vec<_>>(),
            vec![(x1, Position::Rear)]
        );
        // Its attack from the rear: the first combat destroys the X1 (King v 2), whose
        // defensive fire (9 v 4) destroys the X-wing too; the other two combats are not made.
        b.stage = Stage::Fire;
        for c in &mut b.craft {
            c.fired = c.id != "green-xwing";
        }
        let mut deck =
            Deck::forced(["KH", "2C", "9S", "4D"].map(|c| Card::parse(c).expect("card")));
        let mut dice = Dice::forced([1, 1, 1, 1, 1, 1, 1, 1]);
        let attack = Command::Attack {
            craft: "green-xwing".into(),
            target: "green-x1".into(),
        };
        b.apply(&attack, &mut dice, &mut deck).expect("attack");
        assert_eq!(b.craft[x1].status, Status::Destroyed { by: 0 });
        assert_eq!(b.craft[g].status, Status::Destroyed { by: 1 });
        let f = b.fights.last().expect("a fight");
        assert_eq!((f.position, f.pairs.len()), (Position::Rear, 2));
        assert_eq!(f.pairs[1].what, "defensive fire");
        // The card log gives each pair's worth, each named by its craft, the firer's first:
        // King v 2, then 9 v 4.
        let outcomes: Vec<&str> = deck.log().iter().map(|r| r.outcome.as_str()).collect();
        assert_eq!(
            outcomes,
            [
                "",
                "the green X-wing's 13 beats the green X1's 2: a hit",
                "",
                "the green X1's 9 beats the green X-wing's 4: a hit"
            ]
        );
    }
}
