//! Dice you roll yourself and cards you draw yourself: with manual dice (or a manual deck) a
//! command that needs a die (a card) is held, the shell asks for that roll (its expression and
//! why it is thrown) or that card (why it is drawn), and the command is sent again with the
//! faces or the card typed in. A refused command changes nothing, so asking one at a time is
//! safe; the rules' side simply tries again once they are there.

use bevy::prelude::*;

use super::dice::{DeckRes, DiceRes};
use super::pipeline::{CommandOutcome, CommandQueue};
use super::ruleset::RuleSet;
use crate::rules::cards::{Card, Deck};
use crate::rules::dice::DiceExpr;

/// The roll the players are asked for.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct RollWanted {
    /// What to throw, e.g. 1d8+1.
    pub expr: DiceExpr,
    /// Why, as the rules say it (e.g. "AT-ST 2 at Guerilla: roll 1 of 2, needs 4+").
    pub reason: String,
}

impl RollWanted {
    /// The faces typed in `text` if they are exactly this roll's (as many as its dice, each
    /// a face of its die); else why not, in words.
    pub fn accept(&self, text: &str) -> Result<Vec<u8>, String> {
        let faces: Vec<u8> = text
            .split([',', ' '])
            .filter(|s| !s.trim().is_empty())
            .map(|s| {
                s.trim()
                    .parse::<u8>()
                    .map_err(|_| format!("'{}' is not a number", s.trim()))
            })
            .collect::<Result<_, _>>()?;
        let want = self.expr.count as usize;
        if faces.len() != want {
            return Err(format!(
                "{} wants {want} face(s), not {}",
                self.expr,
                faces.len()
            ));
        }
        if let Some(f) = faces.iter().find(|f| !self.expr.faces().contains(f)) {
            return Err(format!("{f} is not a face of a D{}", self.expr.sides));
        }
        Ok(faces)
    }
}

/// The card the players are asked for.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct CardWanted {
    /// Why it is drawn, as the rules say it (e.g. "combat: red X-wing attacks blue TIE").
    pub reason: String,
}

impl CardWanted {
    /// The card written in `text` ("KS", "10H", "JK1") if `deck` may give it now (it is still
    /// in the deck); else why not, in words.
    pub fn accept(&self, text: &str, deck: &Deck) -> Result<Card, String> {
        let card = Card::parse(text).map_err(|e| e.to_string())?;
        if !deck.can_draw(card) {
            return Err(format!(
                "{card} is not in the deck: it was drawn or typed in already"
            ));
        }
        Ok(card)
    }
}

/// The card typed in for [`CardWanted`] (already checked by [`CardWanted::accept`]).
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct CardGiven(pub Card);

/// The command held until its roll or card is typed in.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct HeldCommand<C>(pub C);

/// The faces typed in for [`RollWanted`] (already checked by [`RollWanted::accept`]).
#[derive(Message, Clone, Debug, PartialEq)]
pub struct RollGiven(pub Vec<u8>);

/// Asks for a roll or a card a command (or the rules' side) could not make or draw; whether
/// there was one to ask for.
fn ask(world: &mut World) -> bool {
    let mut asked = false;
    if world.resource::<DiceRes>().manual()
        && let Some((expr, reason)) = world.resource_mut::<DiceRes>().take_wanted()
    {
        world.insert_resource(RollWanted { expr, reason });
        asked = true;
    }
    if world.resource::<DeckRes>().manual()
        && let Some(reason) = world.resource_mut::<DeckRes>().take_wanted()
    {
        world.insert_resource(CardWanted { reason });
        asked = true;
    }
    asked
}

/// What the game waits for, in words, if a roll or a card is wanted and not yet typed in (asked
/// for by the shell, or wanted by the last refused command and not yet asked for); `None` when
/// nothing is.
pub fn waiting(world: &World) -> Option<String> {
    if let Some(w) = world.get_resource::<RollWanted>() {
        return Some(format!("the roll {} ({})", w.expr, w.reason));
    }
    if let Some(w) = world.get_resource::<CardWanted>() {
        return Some(format!("a card ({})", w.reason));
    }
    let dice = world.get_resource::<DiceRes>();
    if let Some((expr, reason)) = dice.and_then(|d| d.wanted()) {
        return Some(format!("the roll {expr} ({reason})"));
    }
    let deck = world.get_resource::<DeckRes>();
    deck.and_then(|d| d.wanted())
        .map(|reason| format!("a card ({reason})"))
}

/// The pipeline's hook before a command: while a roll or a card is wanted, only the command
/// that wanted it may go on, once it is typed in, so a typed face cannot fall to another
/// command's throw (the rules' side would otherwise try its next choice, and take it).
fn wait_for_roll<R: RuleSet>(
    world: &mut World,
    command: R::Command,
) -> Result<R::Command, CommandOutcome<R::Command>> {
    if super::pipeline::replaying(world) {
        return Ok(command);
    }
    match waiting(world) {
        Some(what) => Err(CommandOutcome::Refused(
            command,
            format!("Waiting for {what}: type it in first"),
        )),
        None => Ok(command),
    }
}

/// [`ask`] as a system, after the rules' side's steps.
fn ask_system(world: &mut World) {
    ask(world);
}

/// The pipeline's hook on a refusal in the window: with manual dice or a manual deck, a
/// command refused for a roll it could not make or a card it could not draw is no refusal but
/// what to ask for; the command waits for it.
fn hold_for_roll<R: RuleSet>(world: &mut World, command: &R::Command) -> bool {
    if !ask(world) {
        return false;
    }
    world.insert_resource(HeldCommand(command.clone()));
    true
}

/// A roll or card asked for while "We roll our own" ("We draw our own") has since been
/// unticked is asked for no more: the app throws (draws) it when the held command is sent
/// again. Whether one was dropped.
pub fn drop_unticked(world: &mut World) -> bool {
    let mut dropped = false;
    if world.contains_resource::<RollWanted>() && !world.resource::<DiceRes>().manual() {
        world.remove_resource::<RollWanted>();
        dropped = true;
    }
    if world.contains_resource::<CardWanted>() && !world.resource::<DeckRes>().manual() {
        world.remove_resource::<CardWanted>();
        dropped = true;
    }
    dropped
}

/// Queues the typed faces (or, unticked, nothing) and sends the held command again.
fn give<R: RuleSet>(world: &mut World) {
    let given: Vec<RollGiven> = world
        .resource_mut::<Messages<RollGiven>>()
        .drain()
        .collect();
    let cards: Vec<CardGiven> = world
        .resource_mut::<Messages<CardGiven>>()
        .drain()
        .collect();
    let any = !given.is_empty() || !cards.is_empty() || drop_unticked(world);
    for RollGiven(faces) in given {
        world.remove_resource::<RollWanted>();
        // Queued after the answers to this command's earlier asks, which its earlier throws
        // take again when it is sent once more.
        world.resource_mut::<DiceRes>().push_forced(faces);
    }
    for CardGiven(card) in cards {
        world.remove_resource::<CardWanted>();
        world.resource_mut::<DeckRes>().push_typed([card]);
    }
    if any && let Some(HeldCommand(c)) = world.remove_resource::<HeldCommand<R::Command>>() {
        world
            .resource_mut::<CommandQueue<R::Command>>()
            .0
            .push_front(c);
    }
}

/// Manual dice for rule set `R` in the window.
pub fn plugin<R: RuleSet>(app: &mut App) {
    let mut hooks = app.world_mut().resource_mut::<super::pipeline::Hooks<R>>();
    hooks.before.push(wait_for_roll::<R>);
    hooks.refused.push(hold_for_roll::<R>);
    app.add_systems(
        Update,
        give::<R>
            .before(super::pipeline::CommandPipeline)
            .run_if(super::state::playing(R::ID)),
    )
    .add_systems(
        Update,
        ask_system
            .after(super::pipeline::CommandPipeline)
            .run_if(super::state::playing(R::ID)),
    );
}

/// What every rule set's manual dice and cards share.
pub(super) fn shared(app: &mut App) {
    app.add_message::<RollGiven>().add_message::<CardGiven>();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_faces_of_the_roll_asked_for_are_taken() {
        let w = RollWanted {
            expr: DiceExpr::parse("2d6").unwrap_or_else(|e| panic!("{e}")),
            reason: "test".into(),
        };
        assert_eq!(w.accept("3, 6"), Ok(vec![3, 6]));
        assert!(w.accept("3").is_err(), "one face for two dice");
        assert!(w.accept("3 7").is_err(), "7 on a D6");
        assert!(w.accept("3 x").is_err());
    }
}
