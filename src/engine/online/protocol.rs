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
    /// Asks to watch: the join code, and how many commands of the game the watcher holds. A
    /// watcher is sent the game as no side sees it ([`super::host::NOBODY`]'s view) and sends
    /// nothing but a resync.
    Watch {
        /// The join code.
        code: String,
        /// Commands already held.
        have: usize,
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
    /// Another side's player sat down at the table (`here`), or his connection closed and
    /// the game waits for him: the side's name.
    Presence {
        /// The side, by name.
        side: String,
        /// Sat down (true) or gone (false).
        here: bool,
    },
}

/// [`ToGuest::Presence`] in words: "Swoop gang sat down at the table", "Swoop gang left the
/// table: the game waits for its player".
pub fn presence(side: &str, here: bool) -> String {
    if here {
        format!("{side} sat down at the table")
    } else {
        format!("{side} left the table: the game waits for its player")
    }
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
            ToHost::Watch { code, .. } if code.len() > MAX_NAME => {
                return Err(format!(
                    "a watch request with a code longer than {MAX_NAME} bytes"
                ));
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

/// This player's seat key ([`ToHost::Hello`]'s `key`): hex of 32 random bytes, drawn once and
/// kept in the data folder's `seat-key`, so a window closed and opened again takes its seat
/// back; drawn afresh for this run where the data folder cannot keep it.
pub fn seat_key() -> String {
    seat_key_in(crate::engine::autosave::data_folder().as_deref())
}

/// [`seat_key`], kept in the folder `data` (none: drawn afresh).
pub fn seat_key_in(data: Option<&std::path::Path>) -> String {
    let fresh = || -> String {
        rand::random::<[u8; 32]>()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    };
    let Some(file) = data.map(|d| d.join("seat-key")) else {
        return fresh();
    };
    if let Ok(kept) = std::fs::read_to_string(&file) {
        let kept = kept.trim();
        if kept.len() == 64 && kept.chars().all(|c| c.is_ascii_hexdigit()) {
            return kept.to_string();
        }
    }
    let key = fresh();
    // Best effort: a key not kept only costs the seat back after a restart.
    let _ = crate::engine::save::write_atomically(&file, key.as_bytes());
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_key_is_kept_and_a_damaged_one_drawn_again() {
        let dir = std::env::temp_dir().join(format!("holotable-seat-key-{}", std::process::id()));
        let first = seat_key_in(Some(&dir));
        assert_eq!(first.len(), 64);
        assert_eq!(seat_key_in(Some(&dir)), first, "kept");
        std::fs::write(dir.join("seat-key"), "not a key").unwrap();
        let again = seat_key_in(Some(&dir));
        assert!(again != first && again.len() == 64);
        assert_ne!(
            seat_key_in(None),
            seat_key_in(None),
            "none kept: drawn afresh"
        );
        std::fs::remove_dir_all(dir).unwrap();
    }
}
