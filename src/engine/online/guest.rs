//! A guest: the game as its side may see it, kept in step with the host's. Everything it is
//! sent is checked: the record of a welcome is replayed and verified like any save, and each
//! command after it is played here with the host's dice and cards and must leave the state
//! hash the host recorded; where it does not, the guest names the command and asks for the
//! whole game again.

use crate::engine::dice::{DeckRes, DiceRes};
use crate::engine::pipeline::CommandOutcome;
use crate::engine::record::{GameRecord, RecordedCommand};
use crate::engine::ruleset::RuleSet;
use crate::engine::session::{Headless, Session};

/// Why a guest's game did not take what the host sent.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum OutOfStep {
    /// The commands start elsewhere than where the guest's game stands.
    #[error("the host sent commands from {from}, and this game holds {held}")]
    Gap {
        /// Where they start.
        from: usize,
        /// How many the guest holds.
        held: usize,
    },
    /// Command `index` (1-based) did not play as the host recorded it.
    #[error("command {index} did not play as the host recorded it: {why}")]
    Diverged {
        /// The command, 1-based.
        index: usize,
        /// What differed.
        why: String,
    },
}

/// The guest's game of rule set `R`, for side `side`.
pub struct Guest<R: RuleSet> {
    game: Session<R>,
    side: usize,
}

impl<R: RuleSet> Guest<R> {
    /// The game of a welcome: `record` (RON of the side's view) replayed and verified.
    ///
    /// Errors: the record does not read, or does not replay (the first command that diverges).
    pub fn welcome(record: &str, side: usize) -> Result<Self, String> {
        let record: GameRecord<R::Command> =
            ron::from_str(record).map_err(|e| format!("the host's game does not read: {e}"))?;
        if record.seed.is_some() {
            return Err("the host sent its dice seed, which it must keep to itself".into());
        }
        crate::engine::record::check_scenario(&record, None)?;
        let loaded = super::host::loaded_of::<R>(&record)?;
        // Set up and played as the host's view of this side was: the set-up's dice and
        // cards forced, then every command with its own.
        let game = super::host::new_view::<R>(&loaded, &record)?;
        let set_up = game.record();
        if (&set_up.setup_dice, &set_up.setup_cards) != (&record.setup_dice, &record.setup_cards) {
            return Err("the host's set-up does not play as it recorded it".into());
        }
        let mut guest = Self { game, side };
        let commands: Vec<String> = record
            .commands
            .iter()
            .map(|c| ron::to_string(c).unwrap_or_default())
            .collect();
        guest.apply(0, &commands).map_err(|e| e.to_string())?;
        Ok(guest)
    }

    /// The guest's side, by index.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The game.
    pub fn game(&mut self) -> &mut Session<R> {
        &mut self.game
    }

    /// How many commands the game holds.
    pub fn held(&self) -> usize {
        self.game.record().commands.len()
    }

    /// Whether the guest's side must act now.
    pub fn to_act(&self) -> bool {
        R::sides_to_act(self.game.world()).contains(&self.side)
    }

    /// Plays the host's commands `commands` (RON of recorded commands) from index `from`,
    /// each with its recorded dice and cards, checking each state hash.
    ///
    /// Errors: [`OutOfStep`]: a gap, or the first command that does not play as recorded
    /// (the game then stands after the commands before it).
    pub fn apply(&mut self, from: usize, commands: &[String]) -> Result<(), OutOfStep> {
        let held = self.held();
        if from != held {
            return Err(OutOfStep::Gap { from, held });
        }
        for (n, text) in commands.iter().enumerate() {
            let index = from + n + 1;
            let diverged = |why: String| OutOfStep::Diverged { index, why };
            let rc: RecordedCommand<R::Command> =
                ron::from_str(text).map_err(|e| diverged(format!("it does not read: {e}")))?;
            let world = self.game.world_mut();
            world
                .resource_mut::<DiceRes>()
                .push_recorded(rc.dice.iter().flat_map(|r| r.faces.iter().copied()));
            world
                .resource_mut::<DeckRes>()
                .push_recorded(rc.cards.iter().map(|c| c.card));
            if let CommandOutcome::Refused(_, why) = self.game.send(rc.command.clone()) {
                return Err(diverged(format!("refused here: {why}")));
            }
            let left = self.game.world().resource::<DiceRes>().forced_left();
            let cards_left = self.game.world().resource::<DeckRes>().forced_left();
            if left > 0 || cards_left > 0 {
                return Err(diverged(format!(
                    "{left} dice and {cards_left} cards were sent that it did not use"
                )));
            }
            let hash = self.game.record().commands.last().map(|c| c.hash);
            if hash != Some(rc.hash) {
                return Err(diverged(format!(
                    "state hash {:016x} here, {:016x} at the host",
                    hash.unwrap_or(0),
                    rc.hash
                )));
            }
        }
        Ok(())
    }

    /// The state hash.
    pub fn state_hash(&mut self) -> u64 {
        self.game.state_hash()
    }
}
