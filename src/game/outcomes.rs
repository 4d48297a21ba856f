//! Accepting and refusing commands: the one place results are recorded.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::commands::{CommandOutcome, Routed};
use super::dice::DiceRes;
use super::record::{GameLog, GameRecord, RecordedCommand};

/// The outcome writer, record, dice and log, for phase systems.
#[derive(SystemParam)]
pub struct Outcomes<'w> {
    outcomes: MessageWriter<'w, CommandOutcome>,
    record: ResMut<'w, GameRecord>,
    /// The dice.
    pub dice: ResMut<'w, DiceRes>,
    /// The event log.
    pub log: ResMut<'w, GameLog>,
}

impl Outcomes<'_> {
    /// Runs `apply` for `routed`: on `Ok` the command is recorded with the dice it threw; on
    /// `Err` it is refused with that reason and any dice it threw are put back, so a refused
    /// command changes nothing (handlers check and roll before they change the world).
    pub fn settle(&mut self, routed: &Routed, apply: impl FnOnce(&mut Self) -> Result<(), String>) {
        let backup = self.dice.0.clone();
        let log_len = self.log.0.len();
        match apply(self) {
            Ok(()) => {
                let dice = self.dice.log()[routed.dice_mark.min(self.dice.log().len())..].to_vec();
                self.record.commands.push(RecordedCommand {
                    command: routed.command.clone(),
                    dice,
                });
                self.outcomes
                    .write(CommandOutcome::Accepted(routed.command.clone()));
            }
            Err(reason) => {
                self.dice.0 = backup;
                self.log.0.truncate(log_len);
                self.outcomes
                    .write(CommandOutcome::Refused(routed.command.clone(), reason));
            }
        }
    }
}
