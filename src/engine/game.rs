//! A game's life, the same for every rule set: it starts from its scenario (the record, the
//! log, the dice and the deck, who plays each side), the dice and cards drawn while setting up
//! are recorded, its entities are marked and cleared, and it is over when the top-level state
//! says so ([`super::state::GameState::Over`]). A rule set supplies only its own set-up
//! ([`RuleSet::setup`]) and rules.

use bevy::prelude::*;

use super::dice::{DeckRes, DiceRes, Randomness};
use super::record::{GameLog, GameRecord};
use super::ruleset::{Loaded, RuleSet};
use super::state::GameState;
use crate::rules::scenario::{Control, Header};

/// Marks every entity of the game on (pieces, counters, their labels), whatever its rule set:
/// all are despawned when a new game starts and when the table is left.
#[derive(Component, Clone, Copy, Debug, Default)]
pub struct InGame;

/// The sides of the game on, in the scenario's order, and which of them the rules play.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Sides {
    /// Each side's id, as scenarios and `--ai` write it.
    pub ids: Vec<String>,
    /// Each side's name, as the screen shows it.
    pub names: Vec<String>,
    /// The sides the rules play, by index, sorted.
    pub rules: Vec<usize>,
    /// Those of [`Sides::rules`] the searching opponent plays instead of the rule set's own
    /// policy, sorted ([`super::rules_side::step`]).
    pub searched: Vec<usize>,
}

impl Sides {
    /// The sides of `header`: the rules play those it gives `control: Rules`.
    pub fn of(header: &Header) -> Self {
        Self {
            ids: header.sides.iter().map(|s| s.id.clone()).collect(),
            names: header.sides.iter().map(|s| s.name.clone()).collect(),
            rules: header
                .sides
                .iter()
                .enumerate()
                .filter(|(_, s)| s.control == Control::Rules)
                .map(|(i, _)| i)
                .collect(),
            searched: Vec::new(),
        }
    }

    /// Lets the searching opponent play the sides `wanted` names (side ids, or `all`),
    /// handing them to the rules first where they are not.
    ///
    /// Errors: an id the scenario does not have, with the known ids listed.
    pub fn hand_to_search(&mut self, wanted: &[String]) -> Result<(), String> {
        self.hand_to_rules(wanted)?;
        let ids: Vec<&str> = self.ids.iter().map(String::as_str).collect();
        self.searched.extend(resolve_sides(&ids, wanted)?);
        self.searched.sort_unstable();
        self.searched.dedup();
        Ok(())
    }

    /// Who plays which side, by id, for a save ([`super::record::Hands`]).
    pub fn hands(&self) -> super::record::Hands {
        let ids = |of: &[usize]| -> Vec<String> {
            of.iter()
                .filter_map(|&i| self.ids.get(i).cloned())
                .collect()
        };
        super::record::Hands {
            rules: ids(&self.rules),
            searched: ids(&self.searched),
        }
    }

    /// Whether the rules play side `side`.
    pub fn by_rules(&self, side: usize) -> bool {
        self.rules.contains(&side)
    }

    /// Lets the rules play the sides `wanted` names (side ids, or `all`) besides those they
    /// play already.
    ///
    /// Errors: an id the scenario does not have, with the known ids listed.
    pub fn hand_to_rules(&mut self, wanted: &[String]) -> Result<(), String> {
        let ids: Vec<&str> = self.ids.iter().map(String::as_str).collect();
        let chosen = resolve_sides(&ids, wanted)?;
        self.rules.extend(chosen);
        self.rules.sort_unstable();
        self.rules.dedup();
        Ok(())
    }
}

/// The one side this window plays for, where it may play only one: a game by e-mail, with
/// the side signed in (`None` while it waits for a side to sign in). Other features read it
/// instead of naming play by e-mail: the replay viewer sees through this side's eyes and
/// cannot branch the past.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seated(pub Option<usize>);

/// Whether the rules play side `side` in the game in `world` (no game: no).
pub fn by_rules(world: &World, side: usize) -> bool {
    world
        .get_resource::<Sides>()
        .is_some_and(|s| s.by_rules(side))
}

/// The sides a person must act for now: those rule set `R` says must act
/// ([`RuleSet::sides_to_act`]) that the rules do not play; several at once when the rule set
/// has them act together (secret, simultaneous declarations).
pub fn persons_to_act<R: RuleSet>(world: &World) -> Vec<usize> {
    let mut sides = R::sides_to_act(world);
    sides.retain(|&s| !by_rules(world, s));
    sides
}

/// The sides the rules must act for now, in order.
pub fn rules_to_act<R: RuleSet>(world: &World) -> Vec<usize> {
    let mut sides = R::sides_to_act(world);
    sides.retain(|&s| by_rules(world, s));
    sides
}

/// Run condition: a person must act now (the mouse and keys act only then, so a person cannot
/// move the rules' pieces).
pub fn person_to_act<R: RuleSet>(world: &World) -> bool {
    !persons_to_act::<R>(world).is_empty()
}

/// Run condition: a person at this computer must act now. As [`person_to_act`], and where
/// the computer plays one side ([`Seated`]: online, or a sitting by e-mail), that side must be
/// among the sides to act: the mouse and keys do not act for the other player's side.
pub fn this_computer_to_act<R: RuleSet>(world: &World) -> bool {
    person_to_act::<R>(world)
        && world
            .get_resource::<Seated>()
            .and_then(|s| s.0)
            .is_none_or(|side| R::sides_to_act(world).contains(&side))
}

/// Lets the searching opponent play `sides` (side ids, or `all`) in the game in `world`.
///
/// Errors: as [`set_rules_sides`].
pub fn set_searched_sides(world: &mut World, sides: &[String]) -> Result<(), String> {
    world
        .get_resource_mut::<Sides>()
        .ok_or("no game is on")?
        .hand_to_search(sides)
}

/// Lets the rules play `sides` (side ids, or `all`) in the game in `world`.
///
/// Errors: no game is on, or an id the scenario does not have (the known ids listed).
pub fn set_rules_sides(world: &mut World, sides: &[String]) -> Result<(), String> {
    world
        .get_resource_mut::<Sides>()
        .ok_or("no game is on")?
        .hand_to_rules(sides)
}

/// The side indices `wanted` names among the scenario's side `ids` (`all`: every side), in
/// the order named.
///
/// Errors: an id the scenario does not have, with the known ids listed.
pub fn resolve_sides(ids: &[&str], wanted: &[String]) -> Result<Vec<usize>, String> {
    let mut chosen = Vec::new();
    for want in wanted {
        if want == "all" {
            chosen.extend(0..ids.len());
        } else {
            let i = ids.iter().position(|id| id == want).ok_or_else(|| {
                format!(
                    "--ai {want}: no side of that id (sides: {}, or all)",
                    ids.join(", ")
                )
            })?;
            chosen.push(i);
        }
    }
    Ok(chosen)
}

/// Despawns every entity of the game on ([`InGame`]).
pub fn clear(world: &mut World) {
    let old: Vec<Entity> = world
        .query_filtered::<Entity, With<InGame>>()
        .iter(world)
        .collect();
    for e in old {
        world.despawn(e);
    }
}

/// Starts a game of rule set `R` from `loaded` in `world`, clearing any game on: a fresh
/// record, log, dice and deck (from `randomness`), the sides as the scenario gives them, the
/// rule set's own set-up ([`RuleSet::setup`]), whose dice and cards are recorded as the
/// set-up's (a replay forces them again), and the game entered in its first phase.
///
/// Errors: the rule set's set-up refused the scenario, each problem as
/// `file:line:column: message` (the world then holds no game of it).
pub fn start<R: RuleSet>(
    world: &mut World,
    loaded: &Loaded,
    randomness: Randomness,
) -> Result<(), Vec<String>> {
    super::state::leave_game(world);
    clear(world);
    world.insert_resource(GameRecord::<R::Command>::new(
        R::ID,
        &loaded.file,
        &loaded.src,
        randomness.seed,
    ));
    world.insert_resource(GameLog::default());
    super::dice::insert(world, randomness);
    world.insert_resource(Sides::of(&loaded.header));
    R::setup(world, loaded)?;
    let dice = world.resource::<DiceRes>().log().to_vec();
    let cards = world.resource::<DeckRes>().log().to_vec();
    let mut record = world.resource_mut::<GameRecord<R::Command>>();
    record.setup_dice = dice;
    record.setup_cards = cards;
    super::state::enter_game(world, R::ID);
    R::entered(world);
    Ok(())
}

/// Leaving the table: the game's entities go.
fn leave(world: &mut World) {
    clear(world);
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(GameState::NoGame), leave);
}

#[cfg(test)]
mod tests {
    use super::resolve_sides;

    #[test]
    fn sides_by_id_or_all_and_an_unknown_id_lists_the_known_ones() {
        let ids = ["rebels", "empire"];
        assert_eq!(resolve_sides(&ids, &["empire".into()]), Ok(vec![1]));
        assert_eq!(resolve_sides(&ids, &["all".into()]), Ok(vec![0, 1]));
        assert_eq!(
            resolve_sides(&ids, &["sith".into()]),
            Err("--ai sith: no side of that id (sides: rebels, empire, or all)".into())
        );
    }
}
