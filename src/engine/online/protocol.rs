//! What travels between the host and a guest: two message types, each checked for size and
//! shape before anything reads it. Commands and records travel as RON text, so these types
//! name no rule set; the host parses them with the game's own rule set, which refuses what is
//! not one of its commands. docs/online-play.md says what each message carries.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// The longest command a guest may send, in bytes of RON text.
pub const MAX_COMMAND: usize = 16 * 1024;
/// The longest chat line, in characters.
pub const MAX_CHAT: usize = 500;
/// The longest join code or side id a guest may send, in bytes.
pub const MAX_NAME: usize = 64;

/// From a guest to the host.
#[derive(Message, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ToHost {
    /// Asks for a seat: the join code the host showed, the side wanted by id (`None`: the
    /// one free seat), and how many commands of the game this guest holds already (0 for a
    /// new guest; a guest that rejoins after a dropped connection gives what it has, and is
    /// sent only the ones it missed).
    Hello {
        /// The join code, as the host shows it (dashes and case do not matter).
        code: String,
        /// The side wanted, by id.
        side: Option<String>,
        /// Commands already held.
        have: usize,
        /// The guest's seat key: hex of 32 random bytes it draws once a game. The seat it
        /// takes is bound to it: another key is refused that seat until the host frees it.
        #[serde(default)]
        key: String,
    },
    /// A command for the guest's side, as RON text of the rule set's command.
    Command {
        /// The command's RON text.
        ron: String,
    },
    /// The guest's game diverged from the host's at command `index` (1-based): it asks for
    /// the whole game again.
    Resync {
        /// The command at which the state hashes differed.
        index: usize,
        /// What differed, for the host's log.
        why: String,
    },
    /// A line of chat.
    Chat {
        /// The line.
        text: String,
    },
}

/// From the host to a guest.
#[derive(Message, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ToGuest {
    /// The game as the guest's side may see it, from the beginning: what a new guest, a
    /// guest that rejoins too far behind, and a guest out of step are sent.
    Welcome {
        /// The rule set's registry id.
        ruleset: String,
        /// The guest's side, by index.
        side: usize,
        /// The game's record as the side may see it, as RON: no seed (every die and card
        /// is in it as thrown), the other sides' secrets face down.
        record: String,
    },
    /// Commands accepted since the guest's command `from` (0-based), each a recorded
    /// command (the command, its dice and cards, the state hash after it) as RON.
    Commands {
        /// The index of the first.
        from: usize,
        /// The commands, in order.
        commands: Vec<String>,
    },
    /// The guest's last command was refused: the rule that forbids it, or why it was not
    /// taken.
    Refused {
        /// The refusal.
        reason: String,
    },
    /// No seat: a wrong code, a side that is not free, or a malformed hello.
    Denied {
        /// Why.
        reason: String,
    },
    /// A line of chat from another player.
    Chat {
        /// Who said it: the side's name.
        from: String,
        /// The line.
        text: String,
    },
}

impl ToHost {
    /// Checks the sizes a guest may send ([`MAX_COMMAND`], [`MAX_CHAT`], [`MAX_NAME`]).
    ///
    /// Errors: what is too long, in words for the host's log.
    pub fn check(&self) -> Result<(), String> {
        match self {
            ToHost::Hello {
                code, side, key, ..
            } => {
                if code.len() > MAX_NAME
                    || key.len() > MAX_NAME
                    || side.as_ref().is_some_and(|s| s.len() > MAX_NAME)
                {
                    return Err(format!(
                        "a hello with a code, side or key longer than {MAX_NAME} bytes"
                    ));
                }
            }
            ToHost::Command { ron } if ron.len() > MAX_COMMAND => {
                return Err(format!(
                    "a command of {} bytes (at most {MAX_COMMAND})",
                    ron.len()
                ));
            }
            ToHost::Resync { why, .. } if why.len() > MAX_COMMAND => {
                return Err("a resync request longer than a command may be".into());
            }
            ToHost::Chat { text } if text.chars().count() > MAX_CHAT => {
                return Err(format!("a chat line longer than {MAX_CHAT} characters"));
            }
            _ => {}
        }
        Ok(())
    }
}

/// A new seat key for a guest ([`ToHost::Hello`]'s `key`): hex of 32 random bytes.
pub fn seat_key() -> String {
    rand::random::<[u8; 32]>()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}
