//! What a club server keeps, in one SQLite file in its data folder (`club.sqlite3`): players
//! (public key and display name), games (scenario, seats, the server's part of the seed and
//! its commitment, the game as it began), every command as recorded, with its player's
//! signature, and each game's chat. Each write is one transaction, committed with
//! `synchronous = FULL` before the server tells anyone of it, so what it has acknowledged
//! survives a kill -9 or a power cut.

use std::path::Path;

use rusqlite::{Connection, OptionalExtension, params};

/// The file in the server's data folder.
pub const FILE: &str = "club.sqlite3";

/// The store: one connection, used by the server's one thread of games.
pub struct Store {
    db: Connection,
}

/// A game as kept.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// Its number.
    pub id: u64,
    /// The rule set's id.
    pub ruleset: String,
    /// The scenario's file name as the game names it (`bundled:…`, or the name the creator
    /// gave).
    pub scenario_file: String,
    /// The scenario's RON text.
    pub scenario_src: String,
    /// The scenario's title.
    pub title: String,
    /// A correspondence game.
    pub correspondence: bool,
    /// Listed for anyone.
    pub public: bool,
    /// A private game's invitation code.
    pub invitation: Option<String>,
    /// The server's part of the seed (hex), never sent before the game is over.
    pub server_part: String,
    /// The commitment to it (hex), published at once.
    pub commitment: String,
    /// The code the game's host knows its seats by (never sent: the server seats players by
    /// their keys).
    pub code: String,
    /// The game's record as it began (RON), once every seat was taken.
    pub set_up: Option<String>,
    /// Over.
    pub over: bool,
    /// The side ids whose player must act, comma-separated, as of the last command.
    pub to_move: String,
    /// The game's number its players' signatures name: its own, or, for a game brought from
    /// another server, its number there.
    pub signed_as: u64,
    /// The time allowed a move, seconds, as its creator set it (none: no limit).
    pub per_move: Option<u64>,
    /// Since when (Unix seconds) the sides in `to_move` have been to move.
    pub since: Option<u64>,
}

/// A seat as kept.
#[derive(Clone, Debug)]
pub struct SeatRow {
    /// The side, by index in the scenario.
    pub side: usize,
    /// The holder's public key (base64), once held.
    pub public: Option<String>,
    /// The holder's display name ("a player from another club" for a key never signed in
    /// here: a seat of a game brought from elsewhere).
    pub player: Option<String>,
    /// The holder's part of the seed (hex), once given.
    pub part: Option<String>,
}

/// A command as kept.
#[derive(Clone, Debug, PartialEq)]
pub struct CommandRow {
    /// The recorded command's RON (with its dice, cards and state hash).
    pub recorded: String,
    /// The player's side and signature, for a player's command; none for the rules' side.
    pub signed: Option<(usize, String)>,
}

impl GameRow {
    /// The header of the game's scenario (its sides, in order).
    ///
    /// Errors: the kept scenario no longer reads (`file:line:column: …`).
    pub fn header(&self) -> Result<crate::rules::scenario::Header, String> {
        crate::rules::scenario::read_header(
            &self.scenario_src,
            &self.scenario_file,
            &[&self.ruleset],
        )
        .map_err(|e| e.to_string())
    }
}

/// Inserts `game` (all but its number, which is drawn; its `signed_as` kept only where it is
/// another server's number, not 0) created by `creator`, in transaction `tx`: its number.
fn insert_game(
    tx: &rusqlite::Transaction<'_>,
    game: &GameRow,
    creator: &str,
) -> Result<u64, String> {
    tx.execute(
        "INSERT INTO games (ruleset, scenario_file, scenario_src, title, correspondence,
             public, invitation, server_part, commitment, code, creator, set_up, over,
             to_move, signed_as, per_move)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)",
        params![
            game.ruleset,
            game.scenario_file,
            game.scenario_src,
            game.title,
            game.correspondence,
            game.public,
            game.invitation,
            game.server_part,
            game.commitment,
            game.code,
            creator,
            game.set_up,
            game.over,
            game.to_move,
            (game.signed_as != 0).then_some(game.signed_as as i64),
            game.per_move.map(|s| s as i64)
        ],
    )
    .map_err(err)?;
    Ok(tx.last_insert_rowid() as u64)
}

/// Inserts `commands` as game `id`'s from index `from` on, in transaction `tx`.
fn insert_commands(
    tx: &rusqlite::Transaction<'_>,
    id: u64,
    from: usize,
    commands: &[CommandRow],
) -> Result<(), String> {
    for (i, c) in commands.iter().enumerate() {
        let (side, signature) = match &c.signed {
            Some((side, sig)) => (Some(*side as i64), Some(sig.as_str())),
            None => (None, None),
        };
        tx.execute(
            "INSERT INTO commands (game, idx, recorded, side, signature)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![id as i64, (from + i) as i64, c.recorded, side, signature],
        )
        .map_err(err)?;
    }
    Ok(())
}

/// Sets a game's sides to move (?2) and whether it is over (?3); the clock of a move (?4, now)
/// starts again only when other sides are to move (a side's many commands are one move).
const UPDATE_TO_MOVE: &str = "UPDATE games SET
     since = CASE WHEN to_move = ?2 AND since IS NOT NULL THEN since ELSE ?4 END,
     to_move = ?2, over = ?3 WHERE id = ?1";

/// Now, Unix seconds.
pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

fn err(e: rusqlite::Error) -> String {
    format!("the club's database: {e}")
}

impl Store {
    /// Opens (or makes) the store in `folder`.
    ///
    /// Errors: the folder or the file cannot be made or opened, or the file is not this
    /// store's.
    pub fn open(folder: &Path) -> Result<Self, String> {
        std::fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
        let db = Connection::open(folder.join(FILE)).map_err(err)?;
        db.execute_batch(
            "PRAGMA journal_mode = WAL;
             PRAGMA synchronous = FULL;
             PRAGMA foreign_keys = ON;
             CREATE TABLE IF NOT EXISTS players (
                 public TEXT PRIMARY KEY, name TEXT NOT NULL);
             CREATE TABLE IF NOT EXISTS games (
                 id INTEGER PRIMARY KEY, ruleset TEXT NOT NULL, scenario_file TEXT NOT NULL,
                 scenario_src TEXT NOT NULL, title TEXT NOT NULL,
                 correspondence INTEGER NOT NULL, public INTEGER NOT NULL, invitation TEXT,
                 server_part TEXT NOT NULL, commitment TEXT NOT NULL, code TEXT NOT NULL,
                 creator TEXT NOT NULL, set_up TEXT, over INTEGER NOT NULL DEFAULT 0,
                 to_move TEXT NOT NULL DEFAULT '', signed_as INTEGER, per_move INTEGER,
                 since INTEGER);
             CREATE TABLE IF NOT EXISTS seats (
                 game INTEGER NOT NULL REFERENCES games(id), side INTEGER NOT NULL,
                 public TEXT, part TEXT, PRIMARY KEY (game, side));
             CREATE TABLE IF NOT EXISTS commands (
                 game INTEGER NOT NULL REFERENCES games(id), idx INTEGER NOT NULL,
                 recorded TEXT NOT NULL, side INTEGER, signature TEXT,
                 PRIMARY KEY (game, idx));
             CREATE TABLE IF NOT EXISTS chat (
                 id INTEGER PRIMARY KEY, game INTEGER NOT NULL REFERENCES games(id),
                 speaker TEXT NOT NULL, line TEXT NOT NULL);
             CREATE INDEX IF NOT EXISTS chat_of_game ON chat (game, id);",
        )
        .map_err(err)?;
        // A database from before games were brought from other servers.
        if db.prepare("SELECT signed_as FROM games LIMIT 0").is_err() {
            db.execute("ALTER TABLE games ADD COLUMN signed_as INTEGER", [])
                .map_err(err)?;
        }
        // A database from before a game had a time allowed a move.
        if db
            .prepare("SELECT per_move, since FROM games LIMIT 0")
            .is_err()
        {
            db.execute_batch(
                "ALTER TABLE games ADD COLUMN per_move INTEGER;
                 ALTER TABLE games ADD COLUMN since INTEGER;",
            )
            .map_err(err)?;
        }
        Ok(Self { db })
    }

    /// Notes a player's display name for his key (the latest name he signed in with).
    ///
    /// Errors: the database failed.
    pub fn player(&self, public: &str, name: &str) -> Result<(), String> {
        self.db
            .execute(
                "INSERT INTO players (public, name) VALUES (?1, ?2)
                 ON CONFLICT(public) DO UPDATE SET name = excluded.name",
                params![public, name],
            )
            .map(|_| ())
            .map_err(err)
    }

    /// Whether another key signed in here under display name `name` (letter case aside): a
    /// club's names tell its players apart in the lobby and the chat.
    ///
    /// Errors: the database failed.
    pub fn name_taken(&self, public: &str, name: &str) -> Result<bool, String> {
        self.db
            .query_row(
                "SELECT EXISTS(SELECT 1 FROM players WHERE lower(name) = lower(?2) AND public != ?1)",
                params![public, name],
                |r| r.get(0),
            )
            .map_err(err)
    }

    /// Keeps a new game and its seats (the sides a person plays, by index), the creator's
    /// seat held for his key: its number.
    ///
    /// Errors: the database failed.
    pub fn create(
        &mut self,
        game: &GameRow,
        creator: &str,
        sides: &[usize],
        creator_side: usize,
    ) -> Result<u64, String> {
        let tx = self.db.transaction().map_err(err)?;
        let id = insert_game(&tx, game, creator)?;
        for &side in sides {
            let holder = (side == creator_side).then_some(creator);
            tx.execute(
                "INSERT INTO seats (game, side, public) VALUES (?1, ?2, ?3)",
                params![id as i64, side as i64, holder],
            )
            .map_err(err)?;
        }
        tx.commit().map_err(err)?;
        Ok(id)
    }

    fn row(r: &rusqlite::Row<'_>) -> rusqlite::Result<GameRow> {
        Ok(GameRow {
            id: r.get::<_, i64>(0)? as u64,
            ruleset: r.get(1)?,
            scenario_file: r.get(2)?,
            scenario_src: r.get(3)?,
            title: r.get(4)?,
            correspondence: r.get(5)?,
            public: r.get(6)?,
            invitation: r.get(7)?,
            server_part: r.get(8)?,
            commitment: r.get(9)?,
            code: r.get(10)?,
            set_up: r.get(11)?,
            over: r.get(12)?,
            to_move: r.get(13)?,
            signed_as: r.get::<_, i64>(14)? as u64,
            per_move: r.get::<_, Option<i64>>(15)?.map(|s| s as u64),
            since: r.get::<_, Option<i64>>(16)?.map(|s| s as u64),
        })
    }

    const COLUMNS: &str = "id, ruleset, scenario_file, scenario_src, title, correspondence, \
         public, invitation, server_part, commitment, code, set_up, over, to_move, \
         COALESCE(signed_as, id), per_move, since";

    /// Game `id`, if kept.
    ///
    /// Errors: the database failed.
    pub fn game(&self, id: u64) -> Result<Option<GameRow>, String> {
        self.db
            .query_row(
                &format!("SELECT {} FROM games WHERE id = ?1", Self::COLUMNS),
                params![id as i64],
                Self::row,
            )
            .optional()
            .map_err(err)
    }

    /// The games the lobby lists for the player with key `public`: the public games not over
    /// (newest first, at most `limit`), and every game he holds a seat in, newest first.
    ///
    /// Errors: the database failed.
    pub fn lobby(
        &self,
        public: &str,
        limit: usize,
    ) -> Result<(Vec<GameRow>, Vec<GameRow>), String> {
        let query = |sql: &str, p: &[&dyn rusqlite::ToSql]| -> Result<Vec<GameRow>, String> {
            let mut stmt = self.db.prepare(sql).map_err(err)?;
            let rows = stmt.query_map(p, Self::row).map_err(err)?;
            rows.collect::<Result<_, _>>().map_err(err)
        };
        let open = query(
            &format!(
                "SELECT {} FROM games WHERE public = 1 AND over = 0 ORDER BY id DESC LIMIT ?1",
                Self::COLUMNS
            ),
            &[&(limit as i64)],
        )?;
        let mine = query(
            &format!(
                "SELECT {} FROM games WHERE id IN (SELECT game FROM seats WHERE public = ?1)
                 ORDER BY id DESC LIMIT ?2",
                Self::COLUMNS
            ),
            &[&public, &(limit as i64)],
        )?;
        Ok((open, mine))
    }

    /// How many games not over the player with key `public` created.
    ///
    /// Errors: the database failed.
    pub fn created_going(&self, public: &str) -> Result<usize, String> {
        self.db
            .query_row(
                "SELECT COUNT(*) FROM games WHERE creator = ?1 AND over = 0",
                params![public],
                |r| r.get::<_, i64>(0),
            )
            .map(|n| n as usize)
            .map_err(err)
    }

    /// Game `id`'s seats, in side order, with their holders' names.
    ///
    /// Errors: the database failed.
    pub fn seats(&self, id: u64) -> Result<Vec<SeatRow>, String> {
        let mut stmt = self
            .db
            .prepare(
                "SELECT s.side, s.public,
                     CASE WHEN s.public IS NULL THEN NULL
                          ELSE COALESCE(p.name, 'a player from another club') END,
                     s.part FROM seats s
                 LEFT JOIN players p ON p.public = s.public
                 WHERE s.game = ?1 ORDER BY s.side",
            )
            .map_err(err)?;
        let rows = stmt
            .query_map(params![id as i64], |r| {
                Ok(SeatRow {
                    side: r.get::<_, i64>(0)? as usize,
                    public: r.get(1)?,
                    player: r.get(2)?,
                    part: r.get(3)?,
                })
            })
            .map_err(err)?;
        rows.collect::<Result<_, _>>().map_err(err)
    }

    /// Seat `side` of game `id` taken by `public` with his part of the seed.
    ///
    /// Errors: the database failed.
    pub fn take(&self, id: u64, side: usize, public: &str, part: &str) -> Result<(), String> {
        self.db
            .execute(
                "UPDATE seats SET public = ?3, part = ?4 WHERE game = ?1 AND side = ?2",
                params![id as i64, side as i64, public, part],
            )
            .map(|_| ())
            .map_err(err)
    }

    /// Game `id` began: its record as it began.
    ///
    /// Errors: the database failed.
    pub fn begin(&self, id: u64, set_up: &str) -> Result<(), String> {
        self.db
            .execute(
                "UPDATE games SET set_up = ?2 WHERE id = ?1",
                params![id as i64, set_up],
            )
            .map(|_| ())
            .map_err(err)
    }

    /// Game `id`'s commands from index `from` on, with who must move next and whether it is
    /// over: one transaction.
    ///
    /// Errors: the database failed (nothing of it was kept), or a command at that index is
    /// kept already.
    pub fn add_commands(
        &mut self,
        id: u64,
        from: usize,
        commands: &[CommandRow],
        to_move: &str,
        over: bool,
    ) -> Result<(), String> {
        let tx = self.db.transaction().map_err(err)?;
        insert_commands(&tx, id, from, commands)?;
        tx.execute(UPDATE_TO_MOVE, params![id as i64, to_move, over, now()])
            .map_err(err)?;
        tx.commit().map_err(err)
    }

    /// Seat `side` of game `id` given up (a game not yet begun): free again, its part of the
    /// seed forgotten. A game whose seats nobody holds any more goes: its seats and chat
    /// deleted, its row kept closed (over, never begun) so that its number is not given to
    /// another game (a walk saw the next game take the number of the one withdrawn). One
    /// transaction: whether the game went.
    ///
    /// Errors: the database failed (nothing changed).
    pub fn withdraw(&mut self, id: u64, side: usize) -> Result<bool, String> {
        let tx = self.db.transaction().map_err(err)?;
        tx.execute(
            "UPDATE seats SET public = NULL, part = NULL WHERE game = ?1 AND side = ?2",
            params![id as i64, side as i64],
        )
        .map_err(err)?;
        let held: i64 = tx
            .query_row(
                "SELECT COUNT(*) FROM seats WHERE game = ?1 AND public IS NOT NULL",
                params![id as i64],
                |r| r.get(0),
            )
            .map_err(err)?;
        if held == 0 {
            for table in ["chat", "commands", "seats"] {
                tx.execute(
                    &format!("DELETE FROM {table} WHERE game = ?1"),
                    params![id as i64],
                )
                .map_err(err)?;
            }
            tx.execute(
                "UPDATE games SET over = 1 WHERE id = ?1",
                params![id as i64],
            )
            .map_err(err)?;
        }
        tx.commit().map_err(err)?;
        Ok(held == 0)
    }

    /// Game `id` now waits for the sides `to_move` (ids, comma-separated), or is over.
    ///
    /// Errors: the database failed.
    pub fn moved(&self, id: u64, to_move: &str, over: bool) -> Result<(), String> {
        self.db
            .execute(UPDATE_TO_MOVE, params![id as i64, to_move, over, now()])
            .map(|_| ())
            .map_err(err)
    }

    /// Keeps a finished game brought from a club server, as it was played: the game (begun,
    /// over, its signatures naming `game.signed_as`), its seats (side, key, part, in side
    /// order) and its commands; `importer` is noted as its creator. One transaction: its
    /// number here.
    ///
    /// Errors: the database failed.
    pub fn import(
        &mut self,
        game: &GameRow,
        importer: &str,
        seats: &[(usize, String, String)],
        commands: &[CommandRow],
    ) -> Result<u64, String> {
        let tx = self.db.transaction().map_err(err)?;
        let id = insert_game(&tx, game, importer)?;
        for (side, public, part) in seats {
            tx.execute(
                "INSERT INTO seats (game, side, public, part) VALUES (?1, ?2, ?3, ?4)",
                params![id as i64, *side as i64, public, part],
            )
            .map_err(err)?;
        }
        insert_commands(&tx, id, 0, commands)?;
        tx.commit().map_err(err)?;
        Ok(id)
    }

    /// The game kept here whose server part was committed to as `commitment`, if any: the
    /// same game (a commitment is drawn afresh for each game).
    ///
    /// Errors: the database failed.
    pub fn with_commitment(&self, commitment: &str) -> Result<Option<u64>, String> {
        self.db
            .query_row(
                "SELECT id FROM games WHERE commitment = ?1",
                params![commitment],
                |r| r.get::<_, i64>(0),
            )
            .optional()
            .map(|id| id.map(|i| i as u64))
            .map_err(err)
    }

    /// Keeps a line of chat `speaker` said in game `id`.
    ///
    /// Errors: the database failed.
    pub fn said(&self, id: u64, speaker: &str, line: &str) -> Result<(), String> {
        self.db
            .execute(
                "INSERT INTO chat (game, speaker, line) VALUES (?1, ?2, ?3)",
                params![id as i64, speaker, line],
            )
            .map(|_| ())
            .map_err(err)
    }

    /// The newest `most` lines of game `id`'s chat as (speaker, line), oldest first.
    ///
    /// Errors: the database failed.
    pub fn chat(&self, id: u64, most: usize) -> Result<Vec<(String, String)>, String> {
        let mut stmt = self
            .db
            .prepare(
                "SELECT speaker, line FROM (SELECT id, speaker, line FROM chat WHERE game = ?1
                 ORDER BY id DESC LIMIT ?2) ORDER BY id",
            )
            .map_err(err)?;
        let rows = stmt
            .query_map(params![id as i64, most as i64], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .map_err(err)?;
        rows.collect::<Result<_, _>>().map_err(err)
    }

    /// Game `id`'s commands, in order.
    ///
    /// Errors: the database failed.
    pub fn commands(&self, id: u64) -> Result<Vec<CommandRow>, String> {
        let mut stmt = self
            .db
            .prepare("SELECT recorded, side, signature FROM commands WHERE game = ?1 ORDER BY idx")
            .map_err(err)?;
        let rows = stmt
            .query_map(params![id as i64], |r| {
                let side: Option<i64> = r.get(1)?;
                let signature: Option<String> = r.get(2)?;
                Ok(CommandRow {
                    recorded: r.get(0)?,
                    signed: side.zip(signature).map(|(s, sig)| (s as usize, sig)),
                })
            })
            .map_err(err)?;
        rows.collect::<Result<_, _>>().map_err(err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A club's database from before games were brought from elsewhere or had a time a move
    /// opens with its games as they were, with no time allowed, and a move's clock starts
    /// with the next move.
    #[test]
    fn an_older_database_opens_with_its_games() {
        let dir = std::env::temp_dir().join(format!("holotable-club-store-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let old = Connection::open(dir.join(FILE)).unwrap();
        old.execute_batch(
            "CREATE TABLE games (
                 id INTEGER PRIMARY KEY, ruleset TEXT NOT NULL, scenario_file TEXT NOT NULL,
                 scenario_src TEXT NOT NULL, title TEXT NOT NULL,
                 correspondence INTEGER NOT NULL, public INTEGER NOT NULL, invitation TEXT,
                 server_part TEXT NOT NULL, commitment TEXT NOT NULL, code TEXT NOT NULL,
                 creator TEXT NOT NULL, set_up TEXT, over INTEGER NOT NULL DEFAULT 0,
                 to_move TEXT NOT NULL DEFAULT '');
             INSERT INTO games (ruleset, scenario_file, scenario_src, title, correspondence,
                 public, server_part, commitment, code, creator, to_move)
             VALUES ('one_stat', 'bundled:cantina_brawl', '()', 'Brawl', 1, 1, 'p', 'c',
                 'k', 'ann', 'a');",
        )
        .unwrap();
        drop(old);
        let store = Store::open(&dir).expect("an older database opens");
        let g = store.game(1).unwrap().expect("its game");
        assert_eq!((g.title.as_str(), g.signed_as), ("Brawl", 1));
        assert_eq!((g.per_move, g.since), (None, None));
        store.moved(1, "a", false).unwrap();
        let since = store
            .game(1)
            .unwrap()
            .unwrap()
            .since
            .expect("the clock starts");
        assert!((now() - since as i64).abs() < 60);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
