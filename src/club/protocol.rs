//! What travels between a club server and its players: two message types as JSON, each in a
//! frame of a 4-byte big-endian length and that many bytes. A frame longer than its side may
//! send is refused before it is read. A game's own messages are online play's
//! ([`ToGuest`]), wrapped with the game's number. docs/club-server.md.

use std::io::{Read, Write};

use serde::{Deserialize, Serialize};

use crate::engine::online::protocol::ToGuest;

/// The longest frame a player may send, in bytes (a command is at most 16 KiB of RON; a
/// scenario sent to create a game at most [`MAX_SCENARIO`]; a finished game's export brought
/// from another server, whose long games run to a few hundred KiB, the rest).
pub const MAX_FROM_PLAYER: usize = 2 * 1024 * 1024;
/// The longest frame the server sends, in bytes (a whole game's record).
pub const MAX_FROM_SERVER: usize = 64 * 1024 * 1024;
/// The longest scenario text a player may send, in bytes.
pub const MAX_SCENARIO: usize = 200 * 1024;
/// The refusal of a game brought while the server verifies another ([`ToServer::Import`]):
/// the player brings it again a moment later.
pub const IMPORT_BUSY: &str = "the server is taking in another game: bring it again in a moment";
/// The longest display name, in characters.
pub const MAX_NAME: usize = 40;

/// From a player to the server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ToServer {
    /// Answers the server's [`ToClient::Challenge`]: the player's display name, the base64 of
    /// its Ed25519 public key, and the base64 signature of
    /// [`super::identity::sign_in_message`].
    SignIn {
        /// The display name.
        name: String,
        /// Base64 of the public key.
        public: String,
        /// Base64 of the signature.
        signature: String,
    },
    /// Asks for the lobby: open games and the player's own ([`ToClient::Lobby`]).
    Lobby,
    /// Creates a game: a bundled scenario by name, or a scenario's RON text; the side the
    /// player takes (held for its key); live or by correspondence; public or by invitation.
    Create {
        /// A bundled scenario's name (`walker_assault`), or RON text.
        scenario: String,
        /// The creator's side, by id.
        side: String,
        /// A correspondence game: each player moves when next connected.
        correspondence: bool,
        /// Listed in the lobby for anyone; else only by its invitation code.
        public: bool,
        /// The time allowed a move, seconds ([`PER_MOVE`]; none: no limit).
        #[serde(default)]
        per_move: Option<u64>,
    },
    /// Takes a seat: the game, the side by id (`None`: the one free), the invitation code of a
    /// private game, and the player's part of the dice seed (hex of 32 bytes,
    /// [`super::identity::seed_part`]), drawn after the server's commitment was seen.
    Take {
        /// The game's number.
        game: u64,
        /// The side wanted.
        side: Option<String>,
        /// A private game's invitation code.
        invitation: Option<String>,
        /// The player's part of the seed.
        part: String,
    },
    /// Sits down at a game the player holds a seat in: holding `have` of its commands, it is
    /// sent the rest (or the whole game).
    Sit {
        /// The game's number.
        game: u64,
        /// Commands already held.
        have: usize,
    },
    /// Watches a public game that has begun (or one the player holds a seat in): he is sent
    /// it as no side sees it, from the start, and each command as it is played.
    Watch {
        /// The game's number.
        game: u64,
    },
    /// A command for the player's side: its RON, the number of commands the game held when it
    /// was made, and the base64 signature of [`super::identity::command_message`].
    Play {
        /// The game's number.
        game: u64,
        /// The command's RON text.
        ron: String,
        /// Commands held before it.
        index: usize,
        /// Base64 of the signature.
        signature: String,
    },
    /// The player's game differed from the server's at command `index`: sends it whole again.
    Resync {
        /// The game's number.
        game: u64,
        /// The command, 1-based.
        index: usize,
        /// What differed.
        why: String,
    },
    /// A line of chat in a game.
    Chat {
        /// The game's number.
        game: u64,
        /// The line.
        text: String,
    },
    /// Gives up the player's seat in a game not yet begun (one created by mistake, or the
    /// other player never came); a game whose seats nobody holds any more goes. Answered
    /// with the lobby ([`ToClient::Lobby`]).
    Withdraw {
        /// The game's number.
        game: u64,
    },
    /// Gets up from game `game`'s table, staying signed in (the window left it for the
    /// lobby): the other players are told, as when a connection closes. Not answered.
    Stand {
        /// The game's number.
        game: u64,
    },
    /// Asks for a finished game's whole record ([`ToClient::Exported`]).
    Export {
        /// The game's number.
        game: u64,
    },
    /// Brings a finished game exported from a club server (this one or another) here: the
    /// export's text. Kept as it was played, with its proof, when it verifies and the player
    /// held one of its seats ([`ToClient::Imported`]).
    Import {
        /// The export (a save with its club proof).
        record: String,
    },
}

/// One seat of a game as the lobby shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatInfo {
    /// The side's id.
    pub side: String,
    /// The side's name.
    pub name: String,
    /// The display name of the player holding it, if any.
    pub player: Option<String>,
}

/// A game as the lobby shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameInfo {
    /// The game's number.
    pub game: u64,
    /// The rule set's title.
    pub ruleset: String,
    /// The scenario's title.
    pub scenario: String,
    /// The seats a person plays, in scenario order.
    pub seats: Vec<SeatInfo>,
    /// A correspondence game.
    pub correspondence: bool,
    /// Listed for anyone.
    pub public: bool,
    /// Begun (every seat taken and the seed drawn).
    pub started: bool,
    /// Over.
    pub over: bool,
    /// The sides (ids) whose player must act now.
    pub to_move: Vec<String>,
    /// The asking player's side here, if he holds a seat.
    pub yours: Option<String>,
    /// The hex commitment to the server's part of the dice seed, published before any player
    /// gives his.
    pub commitment: String,
    /// A private game's invitation code, for the players who hold a seat in it (to give the
    /// others).
    #[serde(default)]
    pub invitation: Option<String>,
    /// The time allowed a move, seconds (none: no limit).
    #[serde(default)]
    pub per_move: Option<u64>,
    /// How long the sides to move have been to move, seconds, by the server's clock.
    #[serde(default)]
    pub waiting: Option<u64>,
}

/// The times allowed a move a game may have, seconds: from a minute to thirty days.
pub const PER_MOVE: std::ops::RangeInclusive<u64> = 60..=30 * 86_400;

/// A time allowed a move as written (`90s`, `10m`, `2h`, `3d`, `1w`): seconds.
///
/// Errors: no number, a unit other than s, m, h, d or w, or a time outside [`PER_MOVE`].
pub fn parse_per_move(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let (n, unit) = t.split_at(t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len()));
    let n: u64 = n
        .parse()
        .map_err(|_| format!("'{text}': a time a move is a number and a unit, as 3d or 10m"))?;
    let secs = match unit.trim() {
        "s" => n,
        "m" => n.saturating_mul(60),
        "h" => n.saturating_mul(3600),
        "d" => n.saturating_mul(86_400),
        "w" => n.saturating_mul(7 * 86_400),
        u => return Err(format!("'{text}': '{u}' is not s, m, h, d or w")),
    };
    if PER_MOVE.contains(&secs) {
        Ok(secs)
    } else {
        Err(format!(
            "'{text}': a time a move is from a minute to 30 days"
        ))
    }
}

/// A span of `secs` seconds in words, to the largest whole unit: "3 days", "1 hour", "5 minutes".
pub fn span(secs: u64) -> String {
    let (n, unit) = match secs {
        s if s >= 86_400 => (s / 86_400, "day"),
        s if s >= 3600 => (s / 3600, "hour"),
        s if s >= 60 => (s / 60, "minute"),
        s => (s, "second"),
    };
    crate::rules::words::counted(n as usize, unit)
}

/// `your move in N games` (one game: `in 1 game`), as the lobby says it.
pub fn your_move_in(n: usize) -> String {
    format!("your move in {}", crate::rules::words::counted(n, "game"))
}

/// How many of the player's games (the lobby's `mine`) wait for his move: not over, and a
/// side he holds among those to move.
pub fn moves_waiting(mine: &[GameInfo]) -> usize {
    mine.iter().filter(|g| g.your_move() && !g.over).count()
}

impl GameInfo {
    /// The game as the lobby lists it, in the window and on the command line: "Game 3 · Brawl
    /// behind the cantina · 1 Stat Skirmish · live · Smugglers: Ann, Swoop gang: free".
    pub fn line(&self) -> String {
        let seats: Vec<String> = self
            .seats
            .iter()
            .map(|s| format!("{}: {}", s.name, s.player.as_deref().unwrap_or("free")))
            .collect();
        let allowed = self
            .per_move
            .map_or(String::new(), |s| format!(" · {} a move", span(s)));
        // A game being played says how long its move has waited, and whether past its time.
        let waited = match (self.waiting, self.started && !self.over) {
            (Some(w), true) if self.per_move.is_some_and(|p| w > p) => {
                format!(" · to move for {}: over the time allowed", span(w))
            }
            (Some(w), true) if self.per_move.is_some() => format!(" · to move for {}", span(w)),
            _ => String::new(),
        };
        format!(
            "Game {} · {} · {} · {}{allowed} · {}{waited}",
            self.game,
            self.scenario,
            self.ruleset,
            if self.correspondence {
                "correspondence"
            } else {
                "live"
            },
            seats.join(", ")
        )
    }

    /// Who must act now, by the display names of the players holding those sides (a side's
    /// name where its seat is free), joined with "and": "Bob", or "" when nobody must.
    pub fn movers(&self) -> String {
        let names: Vec<String> = self
            .seats
            .iter()
            .filter(|s| self.to_move.contains(&s.side))
            .map(|s| s.player.clone().unwrap_or_else(|| s.name.clone()))
            .collect();
        names.join(" and ")
    }

    /// Whether the asking player must act in this game now.
    pub fn your_move(&self) -> bool {
        self.yours
            .as_ref()
            .is_some_and(|y| self.to_move.contains(y))
    }
}

/// From the server to a player.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ToClient {
    /// The first message on a connection: sign [`super::identity::sign_in_message`] over
    /// `nonce` (hex of 32 random bytes) and answer [`ToServer::SignIn`].
    Challenge {
        /// The nonce.
        nonce: String,
        /// The server's name, for the window.
        server: String,
    },
    /// Signed in under this display name.
    SignedIn {
        /// The name.
        name: String,
    },
    /// The lobby: the public games with a free seat or going, and the player's own.
    Lobby {
        /// Public games.
        open: Vec<GameInfo>,
        /// Games the player holds a seat in.
        mine: Vec<GameInfo>,
    },
    /// A game was created; the creator's seat is held for him, to be taken with his part
    /// of the seed.
    Created {
        /// The game.
        info: GameInfo,
        /// A private game's invitation code.
        invitation: Option<String>,
    },
    /// A seat was taken; the game begins when every seat is.
    Seated {
        /// The game.
        info: GameInfo,
    },
    /// A request was refused: why, in words.
    Refused {
        /// The game it concerned, if any.
        game: Option<u64>,
        /// Why.
        reason: String,
        /// It answers a [`ToServer::Import`] (which names no game here yet), so a window
        /// bringing a game here does not take another request's refusal for its own.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        import: bool,
    },
    /// A game's own message (as online play's host sends a guest).
    Game {
        /// The game's number.
        game: u64,
        /// The message.
        message: ToGuest,
    },
    /// A finished game's whole record, as RON: a save that `holotable replay --check`
    /// verifies, with the club's proof of its seed and of every player's command.
    Exported {
        /// The game's number.
        game: u64,
        /// The record.
        record: String,
    },
    /// A game brought here ([`ToServer::Import`]): its line in the lobby, under its number here.
    Imported {
        /// The game.
        info: GameInfo,
    },
}

/// Why a frame could not be read.
#[derive(Debug, thiserror::Error)]
pub enum FrameError {
    /// The connection closed or failed.
    #[error("the connection closed: {0}")]
    Closed(#[from] std::io::Error),
    /// The frame was longer than allowed.
    #[error("a message of {0} bytes, longer than allowed")]
    TooLong(usize),
    /// The frame was not one of the messages.
    #[error("a message that does not read: {0}")]
    Malformed(String),
}

/// Writes `message` as one frame.
///
/// Errors: the connection failed.
pub fn write_frame<T: Serialize>(out: &mut impl Write, message: &T) -> std::io::Result<()> {
    let bytes = serde_json::to_vec(message).map_err(std::io::Error::other)?;
    let len = u32::try_from(bytes.len()).map_err(std::io::Error::other)?;
    let mut frame = Vec::with_capacity(bytes.len() + 4);
    frame.extend_from_slice(&len.to_be_bytes());
    frame.extend_from_slice(&bytes);
    out.write_all(&frame)?;
    out.flush()
}

/// Reads one frame of at most `max` bytes.
///
/// Errors: [`FrameError`]: the connection closed, the frame is too long (not read), or it is
/// not a `T`.
pub fn read_frame<T: for<'de> Deserialize<'de>>(
    input: &mut impl Read,
    max: usize,
) -> Result<T, FrameError> {
    let mut len = [0u8; 4];
    input.read_exact(&mut len)?;
    let len = u32::from_be_bytes(len) as usize;
    if len > max {
        return Err(FrameError::TooLong(len));
    }
    // Grown as the bytes come, not as the length claims: a claim costs nothing until sent.
    let mut bytes = Vec::new();
    (&mut *input).take(len as u64).read_to_end(&mut bytes)?;
    if bytes.len() < len {
        return Err(std::io::Error::from(std::io::ErrorKind::UnexpectedEof).into());
    }
    serde_json::from_slice(&bytes).map_err(|e| FrameError::Malformed(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_frame_reads_back_and_a_long_or_garbled_one_is_refused() {
        let message = ToServer::Chat {
            game: 7,
            text: "well met".into(),
        };
        let mut wire = Vec::new();
        write_frame(&mut wire, &message).unwrap();
        let back: ToServer = read_frame(&mut wire.as_slice(), MAX_FROM_PLAYER).unwrap();
        assert_eq!(back, message);
        assert!(matches!(
            read_frame::<ToServer>(&mut wire.as_slice(), 4),
            Err(FrameError::TooLong(_))
        ));
        let mut garbled = 5u32.to_be_bytes().to_vec();
        garbled.extend_from_slice(b"{{{{{");
        assert!(matches!(
            read_frame::<ToServer>(&mut garbled.as_slice(), MAX_FROM_PLAYER),
            Err(FrameError::Malformed(_))
        ));
        assert!(matches!(
            read_frame::<ToServer>(&mut [0u8, 0].as_slice(), MAX_FROM_PLAYER),
            Err(FrameError::Closed(_))
        ));
    }

    /// Whose move a game waits for, by the players' names (a free seat by its side's).
    #[test]
    fn the_lobby_names_who_is_to_move() {
        let seat = |side: &str, name: &str, player: Option<&str>| SeatInfo {
            side: side.into(),
            name: name.into(),
            player: player.map(str::to_string),
        };
        let mut g = GameInfo {
            game: 1,
            ruleset: "Tyneside skirmish rules".into(),
            scenario: "The shooting method example".into(),
            seats: vec![
                seat("empire", "Galactic Empire", Some("Alice")),
                seat("rebels", "Rebel Alliance", Some("Bob")),
                seat("hutts", "Hutt cartel", None),
            ],
            correspondence: true,
            public: true,
            started: true,
            over: false,
            to_move: vec!["rebels".into()],
            yours: Some("empire".into()),
            commitment: String::new(),
            invitation: None,
            per_move: None,
            waiting: None,
        };
        assert_eq!(g.movers(), "Bob");
        assert!(!g.your_move());
        g.to_move = vec!["empire".into(), "hutts".into()];
        assert_eq!(g.movers(), "Alice and Hutt cartel");
        assert!(g.your_move());
        g.to_move.clear();
        assert_eq!(g.movers(), "");
    }

    /// The time allowed a move as a player writes it, and refused in words outside a minute
    /// to 30 days or in another unit.
    #[test]
    fn a_time_a_move_is_read_and_told() {
        assert_eq!(parse_per_move("3d"), Ok(3 * 86_400));
        assert_eq!(parse_per_move(" 10m "), Ok(600));
        assert_eq!(parse_per_move("1w"), Ok(7 * 86_400));
        for bad in ["3", "3x", "30s", "31d", "d", "99999999999999999999w"] {
            assert!(parse_per_move(bad).is_err(), "{bad}");
        }
        assert_eq!(span(3 * 86_400 + 5), "3 days");
        assert_eq!(span(3600), "1 hour");
        assert_eq!(span(59), "59 seconds");
    }

    /// A game being played past its time says so in its line; within it, how long it waited.
    #[test]
    fn a_move_past_its_time_is_said() {
        let mut g = GameInfo {
            game: 4,
            ruleset: "1 Stat Skirmish".into(),
            scenario: "Brawl".into(),
            seats: vec![SeatInfo {
                side: "a".into(),
                name: "Smugglers".into(),
                player: Some("Ann".into()),
            }],
            correspondence: true,
            public: true,
            started: true,
            over: false,
            to_move: vec!["a".into()],
            yours: None,
            commitment: String::new(),
            invitation: None,
            per_move: Some(86_400),
            waiting: Some(7200),
        };
        assert_eq!(
            g.line(),
            "Game 4 · Brawl · 1 Stat Skirmish · correspondence · 1 day a move · Smugglers: Ann · to move for 2 hours"
        );
        g.waiting = Some(2 * 86_400);
        assert!(
            g.line()
                .ends_with("to move for 2 days: over the time allowed"),
            "{}",
            g.line()
        );
        g.over = true;
        assert!(!g.line().contains("to move"), "{}", g.line());
    }
}
