//! The club server: one headless process a club runs (`holotable serve`), to which players
//! connect out (no port to open at home) to find an opponent in a lobby, play live or by
//! correspondence, and leave a game to pick up later. The server runs the rules: it hosts each
//! game as online play's host does, every side a person plays a seat held by a player's key;
//! it keeps everything in SQLite ([`store`]); the dice seed is drawn from the server's
//! committed part and every seat's part, so nobody chooses it ([`identity`]).
//! docs/club-server.md.

pub mod client;
pub mod hall;
pub mod headless;
pub mod identity;
pub mod protocol;
pub mod server;
pub mod store;
