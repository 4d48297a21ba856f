//! The command line: `holotable [play FILE] | check FILE... | run SCENARIO | replay SAVE |
//! sim SCENARIO | host SCENARIO | join ADDR:PORT | serve | club ADDR … | screenshot SCENARIO
//! OUT.png`. Every rule-set question goes through the [`Registry`].

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::engine::dice::Randomness;
use crate::engine::registry::{Registry, ReplayError};
use crate::engine::save;
use crate::rules::cards::{Card, Deck};
use crate::rules::dice::Dice;
use crate::screens::Launch;

/// Holotable: play Star Wars miniature wargames on screen.
#[derive(Parser, Debug)]
#[command(name = "holotable", version, about)]
pub struct Cli {
    /// What to do (no subcommand: open the title screen).
    #[command(subcommand)]
    pub command: Option<Sub>,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Sub {
    /// Open the game window; with a scenario (or a saved game), start playing it at once.
    Play {
        /// A scenario file, a saved game, or the name of a bundled scenario (e.g. shooting_example).
        scenario: Option<String>,
        /// Dice seed (default: from the clock, shown in the dice log).
        #[arg(long)]
        seed: Option<u64>,
        /// Let the rules play these sides (side ids, comma-separated, or `all` to watch).
        #[arg(long, value_delimiter = ',')]
        ai: Option<Vec<String>>,
        /// With a saved game: open it in the replay viewer (step through it, branch from any
        /// command).
        #[arg(long)]
        replay: bool,
        /// `manual`: you roll your own dice; each roll is asked for in the dice panel (also a
        /// toggle there).
        #[arg(long, value_parser = ["manual"])]
        dice: Option<String>,
        /// Write frames per second and the frame time to this file once a second (also F3
        /// on screen), to measure the frame rate.
        #[arg(long)]
        frame_log: Option<PathBuf>,
        /// Write when the title, and the scenario's table, were first drawn in full to this
        /// file, to measure how long the window takes to start (benches/window/startup.sh).
        #[arg(long)]
        startup_log: Option<PathBuf>,
        /// Start the scenario as a game by e-mail kept in this file (docs/play-by-email.md);
        /// the other player opens the file with `holotable play FILE`.
        #[arg(long, conflicts_with_all = ["ai", "replay"])]
        by_email: Option<PathBuf>,
        /// Let the searching opponent play these sides (side ids, comma-separated, or `all`)
        /// instead of the rule set's own policy.
        #[arg(long, value_delimiter = ',', conflicts_with_all = ["replay", "by_email"])]
        search: Vec<String>,
        /// The searching opponent's time per decision, milliseconds (default 1000).
        #[arg(long)]
        think: Option<u64>,
    },
    /// Validate scenario files and roster files (a 1 Stat Skirmish warband); exit 1 with
    /// file:line:column messages if any is broken.
    Check {
        /// Scenario or roster files (or bundled scenario names).
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Play a command script headless and print the final state, dice and events.
    Run {
        /// A scenario file or bundled name.
        scenario: String,
        /// The command script (RON list of the rule set's commands, docs/commands.md), played
        /// on the turns of the sides a person plays.
        #[arg(long, required_unless_present = "ai")]
        commands: Option<PathBuf>,
        /// Let the rules play these sides (side ids, comma-separated, or `all`: the game plays
        /// to its result, or to `--max-turns`, with no script).
        #[arg(long, value_delimiter = ',')]
        ai: Option<Vec<String>>,
        /// Seed of the dice and the card deck (default 1).
        #[arg(long)]
        seed: Option<u64>,
        /// Forced dice results, used in order (e.g. 6,1,4); with them the dice are not seeded.
        #[arg(long, value_delimiter = ',')]
        dice: Option<Vec<u8>>,
        /// Forced cards, drawn in order (e.g. AS,10H,JK1); with them the deck is not seeded.
        #[arg(long, value_delimiter = ',')]
        cards: Option<Vec<String>>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
        /// Also write the game's record here (a save `holotable play` and `replay` open).
        #[arg(long)]
        save: Option<PathBuf>,
        /// Autosave after every accepted command into this folder, as the window does into
        /// the data folder (the last few kept; removed when the game ends).
        #[arg(long)]
        autosave: Option<PathBuf>,
        /// The cap on the game's length where the rules play on, in turns as the rule set
        /// counts them: a game still going after it is cut, with no result, and said so
        /// (default: as `sim`'s, 300 or the scenario's own turn limit where longer).
        #[arg(long)]
        max_turns: Option<u32>,
    },
    /// Replay a saved game headless, verifying every command; print the final state.
    Replay {
        /// The saved game.
        file: PathBuf,
        /// Only verify: print one line, exit 0 when every command matches, 1 naming the first
        /// divergence.
        #[arg(long)]
        check: bool,
        /// With --check, accept a game whose dice were forced (no seed: a script's or a
        /// test's): its dice are then the file's word. Without it such a save fails the
        /// check, since a seeded game's save turned unseeded reads just so.
        #[arg(long)]
        forced_dice: bool,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Play many games of a scenario with every side played by the rules, and report whether
    /// it is fair: win rate per side with a 95% interval, game length, what decided the games,
    /// casualties per profile. Game i plays with seed S+i.
    Sim {
        /// A scenario file or bundled name.
        scenario: String,
        /// Games to play.
        #[arg(long, default_value_t = 1000)]
        games: usize,
        /// The first game's dice seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Worker threads (default: one per core).
        #[arg(long)]
        jobs: Option<usize>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
        /// Also write the report with its plots: `report.html`, or the plots alone as `.svg`.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Let the searching opponent play these sides (side ids, comma-separated, or `all`);
        /// the rule set's own policy plays the others.
        #[arg(long, value_delimiter = ',')]
        search: Vec<String>,
        /// The searching opponent's time per decision, milliseconds (default 1000).
        #[arg(long, conflicts_with = "playouts")]
        think: Option<u64>,
        /// The searching opponent's budget per decision in playouts instead of time: the same
        /// games every run.
        #[arg(long)]
        playouts: Option<u32>,
        /// Search trees grown at once for each decision, one a thread (default 1: the report
        /// plays one game a core; with `--jobs 1 --trees 2` a game's decisions have both
        /// cores, as in the window).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
        trees: u16,
        /// Who plays a side, as SIDE=POLICY (comma-separated; SIDE an id or `all`): `search`
        /// the searching opponent, or the rule set's own policy, `rules` where it is the
        /// text's solo rules (Tyneside, 1 Stat Skirmish) and `plain` where it is the app's.
        #[arg(long, value_delimiter = ',')]
        policy: Vec<String>,
        /// The cap on a game's length, in turns as the rule set counts them (a 1 Stat
        /// Skirmish phase, a mass-combat round): a game still going after it is cut, with no
        /// result, and counted on the report's line `Cut` (default: 300, or the scenario's
        /// own turn limit where longer).
        #[arg(long)]
        max_turns: Option<u32>,
    },
    /// Host an online game (docs/online-play.md): listen for the other players, show the join
    /// code, and play SIDE from here in the window. With `--commands FILE`, headless: the
    /// host's side plays that script.
    Host {
        /// A scenario file or bundled name.
        scenario: Option<String>,
        /// The side played at this computer, by id; the others are played by those who join
        /// (or by the rules, where the scenario says so).
        #[arg(long)]
        side: String,
        /// The UDP port to listen on (0: any free port, printed).
        #[arg(long, default_value_t = 7777)]
        port: u16,
        /// The join code (default: a new one, printed).
        #[arg(long)]
        code: Option<String>,
        /// The dice seed (default: a random one; it never leaves this computer).
        #[arg(long)]
        seed: Option<u64>,
        /// Play the host's side from this RON list of commands, without a window.
        #[arg(long)]
        commands: Option<PathBuf>,
        /// Write the game here after every command (whole or not at all).
        #[arg(long)]
        save: Option<PathBuf>,
        /// Host again a game this host saved (`--save`, or the window's autosave), from where it
        /// stopped; give the old `--code` and the guest that waits rejoins by itself.
        #[arg(long, conflicts_with = "scenario")]
        resume: Option<PathBuf>,
        /// For tests of a host that stops: exit once the game holds this many commands.
        #[arg(long, hide = true)]
        stop_after: Option<usize>,
        /// Give up after this many seconds with nothing happening.
        #[arg(long, default_value_t = 600)]
        patience: u64,
    },
    /// Join an online game at ADDRESS:PORT with the host's join code, and play the side the
    /// host left free in the window. With `--commands FILE`, headless: this side plays that
    /// script.
    Join {
        /// The host's address and port, e.g. 192.168.1.20:7777.
        addr: std::net::SocketAddr,
        /// The join code the host shows.
        #[arg(long)]
        code: String,
        /// The side to play, by id (default: the one free side).
        #[arg(long)]
        side: Option<String>,
        /// Play this side from this RON list of commands, without a window.
        #[arg(long)]
        commands: Option<PathBuf>,
        /// Write this side's game here after every command.
        #[arg(long)]
        save: Option<PathBuf>,
        /// For tests of a dropped connection: drop it once this many commands are held, then
        /// rejoin.
        #[arg(long, hide = true)]
        drop_after: Option<usize>,
        /// Give up after this many seconds without word from the host.
        #[arg(long, default_value_t = 600)]
        patience: u64,
    },
    /// Run a club server (docs/club-server.md): players connect to it to find an opponent,
    /// play live or by correspondence; games are kept in DIR's SQLite database. Runs until
    /// stopped; restarted, it carries every game on.
    Serve {
        /// The TCP port to listen on (0: any free port, printed).
        #[arg(long, default_value_t = 7780)]
        port: u16,
        /// The folder for the database (default: `club` in the data folder).
        #[arg(long)]
        data: Option<PathBuf>,
        /// The server's name, shown to players.
        #[arg(long, default_value = "Holotable club")]
        name: String,
        /// A shell command run when a player not connected is to move in a correspondence
        /// game, with HOLOTABLE_GAME, HOLOTABLE_PLAYER and HOLOTABLE_PUBLIC set (to send him
        /// an e-mail, say).
        #[arg(long)]
        on_move: Option<String>,
        /// The most games not over a player may have created.
        #[arg(long, default_value_t = 20)]
        games_per_player: usize,
        /// Seconds a game nobody sits at stays in memory before only the database keeps it.
        #[arg(long, default_value_t = 60)]
        idle: u64,
    },
    /// A player at a club server without a window (docs/club-server.md): the lobby, a new
    /// game, a seat, a sitting played from a script or by the rules' policy, an export.
    Club {
        /// The server's address and port, e.g. club.example.org:7780.
        address: String,
        /// What to do.
        #[command(subcommand)]
        action: ClubSub,
        /// The display name.
        #[arg(long, global = true, default_value = "Player")]
        name: String,
        /// The folder keeping this player's key (default: the data folder).
        #[arg(long, global = true)]
        data: Option<PathBuf>,
        /// Give up after this many seconds without word from the server.
        #[arg(long, global = true, default_value_t = 120)]
        patience: u64,
    },
    /// List the bundled scenarios by rule set: the name `play` takes, the scenario's title and
    /// its sides' ids (what `--ai` takes).
    List,
    /// Open the scenario editor (docs/editor.md) on a new battlefield scenario, or on a copy of
    /// SCENARIO (a file, or a bundled name).
    Edit {
        /// A scenario file or bundled name.
        scenario: Option<String>,
    },
    /// Render a scenario's opening position in a real window and save it as PNG.
    Screenshot {
        /// A scenario file or bundled name.
        scenario: String,
        /// Where to write the PNG.
        out: PathBuf,
        /// Window size, WIDTHxHEIGHT.
        #[arg(long, default_value = "1280x720")]
        size: String,
        /// The view: `2d` (from above) or `3d`.
        #[arg(long, default_value = "2d", value_parser = ["2d", "3d"])]
        view: String,
    },
}

/// What `holotable club ADDRESS` does.
#[derive(Subcommand, Debug)]
pub enum ClubSub {
    /// Print the lobby: your games (and in how many it is your move), then the open ones.
    Lobby,
    /// Create a game of SCENARIO (a bundled name or a file), take SIDE and play it.
    Create {
        /// A bundled scenario's name, or a scenario file (its text is sent).
        scenario: String,
        /// Your side, by id.
        #[arg(long)]
        side: String,
        /// By correspondence: each player moves when next connected.
        #[arg(long)]
        correspondence: bool,
        /// By invitation only: not listed; the code is printed.
        #[arg(long)]
        private: bool,
        /// The time allowed a move, shown in the lobby with how long the move has waited: a
        /// number and s, m, h, d or w (`3d`, `10m`), from a minute to 30 days.
        #[arg(long, value_parser = crate::club::protocol::parse_per_move)]
        per_move: Option<u64>,
        /// How to play it.
        #[command(flatten)]
        playing: ClubPlaying,
    },
    /// Take a seat in game GAME and play it.
    Take {
        /// The game's number.
        game: u64,
        /// The side, by id (default: the one free).
        #[arg(long)]
        side: Option<String>,
        /// A private game's invitation code.
        #[arg(long)]
        invitation: Option<String>,
        /// How to play it.
        #[command(flatten)]
        playing: ClubPlaying,
    },
    /// Sit down again at game GAME, where you hold a seat, and play it.
    Sit {
        /// The game's number.
        game: u64,
        /// How to play it.
        #[command(flatten)]
        playing: ClubPlaying,
    },
    /// Watch game GAME (a public one, or one of yours) as no side sees it, to its end.
    Watch {
        /// The game's number.
        game: u64,
    },
    /// Give up your seat in game GAME before it begins; a game nobody holds a seat in goes.
    Withdraw {
        /// The game's number.
        game: u64,
    },
    /// Write finished game GAME's whole record to OUT (`holotable replay --check OUT`).
    Export {
        /// The game's number.
        game: u64,
        /// Where to write it.
        out: PathBuf,
    },
    /// Bring a finished game you played, exported from a club server (this or another), to
    /// this server: verified, kept as it was played, listed to watch and export.
    Import {
        /// The export (`holotable club … export`).
        file: PathBuf,
    },
}

/// How a player at a club plays his side without a window.
#[derive(clap::Args, Debug)]
pub struct ClubPlaying {
    /// This sitting's commands, a RON list (default: the rules' policy chooses each from what
    /// your side sees).
    #[arg(long)]
    commands: Option<PathBuf>,
    /// Leave once it is not your move (a correspondence sitting).
    #[arg(long)]
    until_waiting: bool,
}

impl ClubPlaying {
    fn playing(&self) -> crate::club::headless::Playing {
        crate::club::headless::Playing {
            commands: self.commands.clone(),
            until_waiting: self.until_waiting,
        }
    }
}

/// Runs the command line with the rule sets of `registry`; returns the process exit code.
pub fn main(registry: Registry) -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        None => crate::screens::run_window(Launch::Title, registry, false, Default::default()),
        Some(Sub::Play {
            scenario,
            seed,
            ai,
            replay,
            dice,
            frame_log,
            startup_log,
            by_email,
            search,
            think,
        }) => {
            let manual_dice = dice.is_some();
            let thinking = think.map(|ms| {
                crate::engine::rules_side::Thinking::new(crate::rules::search::Budget::Millis(ms))
            });
            let frame_log = match frame_log
                .as_deref()
                .map(crate::ui::frame_time::FrameLog::create)
                .transpose()
            {
                Ok(l) => l,
                Err(e) => return report(&[e]),
            };
            let startup_log = match startup_log
                .as_deref()
                .map(crate::screens::startup::StartupLog::create)
                .transpose()
            {
                Ok(l) => l,
                Err(e) => return report(&[e]),
            };
            let measure = crate::screens::Measure {
                frame_log,
                startup_log,
            };
            let launch = match scenario {
                None if replay => return report(&["--replay needs a saved game".into()]),
                None => Launch::Title,
                Some(s) => match std::fs::read_to_string(&s) {
                    Ok(text) if save::looks_like_save(&text) && by_email.is_some() => {
                        return report(&[format!(
                            "{s}: --by-email starts a new game from a scenario; a saved game by e-mail opens with `holotable play {s}`"
                        )]);
                    }
                    Ok(text) if save::looks_like_save(&text) => Launch::Resume {
                        path: PathBuf::from(s),
                        replay,
                    },
                    _ if replay => {
                        return report(&[format!("{s}: --replay needs a saved game")]);
                    }
                    _ => match registry.load(&s) {
                        Ok((loaded, _)) => Launch::Play {
                            loaded,
                            seed,
                            rules_play: ai.unwrap_or_default(),
                            searched: (search, thinking),
                            by_email,
                        },
                        Err(es) => return report(&es),
                    },
                },
            };
            crate::screens::run_window(launch, registry, manual_dice, measure)
        }
        Some(Sub::Check { files }) => {
            let mut bad = Vec::new();
            for f in &files {
                // A roster file (a warband) is checked by its rule set's roster rules.
                match registry.check_roster(f) {
                    Some(Ok((id, summary))) => {
                        out(&format!("{f}: ok — {id} roster: {summary}\n"));
                        continue;
                    }
                    Some(Err(es)) => {
                        bad.extend(es);
                        continue;
                    }
                    None => {}
                }
                match registry
                    .read(f)
                    .and_then(|(loaded, entry)| Ok(((entry.check)(&loaded)?, loaded, entry)))
                {
                    Ok((summary, loaded, entry)) => out(&format!(
                        "{}: ok — {} rules: {summary}\n",
                        loaded.file, entry.id
                    )),
                    Err(es) => bad.extend(es),
                }
            }
            if bad.is_empty() {
                ExitCode::SUCCESS
            } else {
                report(&bad)
            }
        }
        Some(Sub::Run {
            scenario,
            commands,
            seed,
            dice,
            cards,
            json,
            save,
            ai,
            autosave,
            max_turns,
        }) => run(
            &registry,
            &scenario,
            commands.as_deref(),
            ai.as_deref(),
            seed,
            dice,
            cards,
            json,
            save.as_deref(),
            (autosave, max_turns),
        ),
        Some(Sub::Replay {
            file,
            check,
            forced_dice,
            json,
        }) => replay(&registry, &file, (check, forced_dice), json),
        Some(Sub::Sim {
            scenario,
            games,
            seed,
            jobs,
            json,
            out,
            search,
            think,
            playouts,
            trees,
            policy,
            max_turns,
        }) => {
            let mut options = crate::sim::SimOptions::new(games, seed, 1);
            options.max_turns = max_turns;
            options.jobs =
                jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
            options.searched = search;
            options.policies = policy;
            if let Some(n) = playouts {
                options.thinking.budget = crate::rules::search::Budget::Playouts(n);
            }
            if let Some(ms) = think {
                options.thinking.budget = crate::rules::search::Budget::Millis(ms);
            }
            options.thinking.threads = usize::from(trees);
            sim(&registry, &scenario, options, json, out.as_deref())
        }
        Some(Sub::Host {
            scenario,
            side,
            port,
            code,
            seed,
            commands,
            save,
            resume,
            stop_after,
            patience,
        }) => {
            if commands.is_none() {
                if stop_after.is_some() || save.is_some() || seed.is_some() {
                    return report(&["--save and --seed go with --commands (headless); the window keeps its own autosaves".into()]);
                }
                if scenario.is_none() && resume.is_none() {
                    return report(&["give the scenario to host, or --resume SAVE".into()]);
                }
                return crate::screens::run_window(
                    Launch::Host {
                        scenario: scenario.unwrap_or_default(),
                        side,
                        port,
                        code,
                        resume,
                    },
                    registry,
                    false,
                    Default::default(),
                );
            }
            let options = crate::engine::online::headless::HostOptions {
                scenario: scenario.unwrap_or_default(),
                side,
                port,
                code,
                seed,
                commands,
                save,
                resume,
                stop_after,
                patience,
            };
            done(crate::engine::online::headless::host(&registry, &options))
        }
        Some(Sub::Serve {
            port,
            data,
            name,
            on_move,
            games_per_player,
            idle,
        }) => {
            let Some(data) =
                data.or_else(|| crate::engine::autosave::data_folder().map(|d| d.join("club")))
            else {
                return report(&["no data folder: give --data DIR".into()]);
            };
            let options = crate::club::server::ServeOptions {
                port,
                data,
                name,
                hall: crate::club::hall::HallOptions {
                    games_per_player,
                    idle: std::time::Duration::from_secs(idle),
                    on_move,
                },
            };
            done(crate::club::server::serve(registry, options))
        }
        Some(Sub::Club {
            address,
            action,
            name,
            data,
            patience,
        }) => {
            use crate::club::headless::ClubAction;
            let Some(data) = data.or_else(crate::engine::autosave::data_folder) else {
                return report(&["no data folder: give --data DIR".into()]);
            };
            let options = crate::club::headless::ClubOptions {
                address,
                data,
                name,
                patience,
            };
            let (action, playing) = match action {
                ClubSub::Lobby => (ClubAction::Lobby, Default::default()),
                ClubSub::Create {
                    scenario,
                    side,
                    correspondence,
                    private,
                    per_move,
                    playing,
                } => (
                    ClubAction::Create {
                        scenario,
                        side,
                        correspondence,
                        private,
                        per_move,
                    },
                    playing.playing(),
                ),
                ClubSub::Take {
                    game,
                    side,
                    invitation,
                    playing,
                } => (
                    ClubAction::Take {
                        game,
                        side,
                        invitation,
                    },
                    playing.playing(),
                ),
                ClubSub::Sit { game, playing } => (ClubAction::Sit { game }, playing.playing()),
                ClubSub::Watch { game } => (ClubAction::Watch { game }, Default::default()),
                ClubSub::Withdraw { game } => (ClubAction::Withdraw { game }, Default::default()),
                ClubSub::Export { game, out } => {
                    (ClubAction::Export { game, out }, Default::default())
                }
                ClubSub::Import { file } => (ClubAction::Import { file }, Default::default()),
            };
            done(crate::club::headless::club(
                &registry, &options, &action, &playing,
            ))
        }
        Some(Sub::List) => {
            out(&bundled_list(&registry));
            ExitCode::SUCCESS
        }
        Some(Sub::Edit { scenario }) => {
            crate::screens::run_window(Launch::Edit(scenario), registry, false, Default::default())
        }
        Some(Sub::Join {
            addr,
            code,
            side,
            commands,
            save,
            drop_after,
            patience,
        }) => {
            if commands.is_none() {
                if side.is_some() || drop_after.is_some() || save.is_some() {
                    return report(&["--side, --save and --drop-after go with --commands (headless); in the window you play the side the host left free".into()]);
                }
                return crate::screens::run_window(
                    Launch::Join {
                        addr: addr.to_string(),
                        code,
                    },
                    registry,
                    false,
                    Default::default(),
                );
            }
            let options = crate::engine::online::headless::JoinOptions {
                addr: Some(addr),
                code,
                side,
                commands,
                save,
                drop_after,
                patience,
            };
            done(crate::engine::online::headless::join(&registry, &options))
        }
        Some(Sub::Screenshot {
            scenario,
            out,
            size,
            view,
        }) => {
            let Some((w, h)) = size
                .split_once('x')
                .and_then(|(w, h)| Some((w.parse::<u32>().ok()?, h.parse::<u32>().ok()?)))
            else {
                eprintln!("--size must be WIDTHxHEIGHT, e.g. 1280x720 (got '{size}')");
                return ExitCode::from(2);
            };
            match registry.load(&scenario) {
                Ok((loaded, _)) => crate::screens::run_window(
                    Launch::Screenshot {
                        loaded,
                        out,
                        size: (w, h),
                        view: if view == "3d" {
                            crate::view::ViewMode::ThreeD
                        } else {
                            crate::view::ViewMode::Flat
                        },
                    },
                    registry,
                    false,
                    Default::default(),
                ),
                Err(es) => report(&es),
            }
        }
    }
}

/// Every bundled scenario under its rule set's title, one a line: the name `play` takes, the
/// scenario's own title and its sides' ids (a new player typed `holotable list` and found
/// nothing; the names were only in the error for an unknown one).
fn bundled_list(registry: &Registry) -> String {
    let mut text = String::new();
    for id in registry.ids() {
        let Some(entry) = registry.get(id) else {
            continue;
        };
        text.push_str(&format!("{}:\n", entry.title));
        for (file, _) in entry.bundled {
            let name = file.trim_end_matches(".ron");
            match registry.load(name) {
                Ok((loaded, _)) => {
                    let sides: Vec<&str> =
                        loaded.header.sides.iter().map(|s| s.id.as_str()).collect();
                    text.push_str(&format!(
                        "  {name:<22} {} (sides: {})\n",
                        loaded.header.name,
                        sides.join(", ")
                    ));
                }
                Err(e) => text.push_str(&format!("  {name:<22} {}\n", e.join("; "))),
            }
        }
    }
    text.push_str("Play one: holotable play NAME [--ai SIDE,...]\n");
    text
}

/// Exit 0, or the error on standard error and exit 1.
fn done(r: Result<(), String>) -> ExitCode {
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => report(&[e]),
    }
}

/// Writes `text` to standard output; a closed pipe (`| head`) is not an error.
fn out(text: &str) {
    use std::io::Write;
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}

fn report(errors: &[String]) -> ExitCode {
    for e in errors {
        eprintln!("{e}");
    }
    ExitCode::FAILURE
}

/// The dice and deck `holotable run` plays with: forced where given, else seeded.
///
/// Errors: a card that is not a card of the 54-card deck (`--cards`).
fn randomness(
    seed: Option<u64>,
    dice: Option<Vec<u8>>,
    cards: Option<Vec<String>>,
) -> Result<Randomness, String> {
    let seed = seed.unwrap_or(1);
    let seeded = dice.is_none() && cards.is_none();
    let dice = match dice {
        Some(faces) => Dice::forced(faces),
        None => Dice::seeded(seed),
    };
    let deck = match cards {
        Some(cards) => Deck::forced(
            cards
                .iter()
                .map(|c| Card::parse(c).map_err(|e| format!("--cards: {e}")))
                .collect::<Result<Vec<_>, _>>()?,
        ),
        None => Deck::seeded(seed),
    };
    Ok(Randomness {
        dice,
        deck,
        seed: seeded.then_some(seed),
    })
}

#[allow(clippy::too_many_arguments)]
fn run(
    registry: &Registry,
    scenario: &str,
    script: Option<&Path>,
    ai: Option<&[String]>,
    seed: Option<u64>,
    dice: Option<Vec<u8>>,
    cards: Option<Vec<String>>,
    json: bool,
    save_to: Option<&Path>,
    (autosave, max_turns): (Option<PathBuf>, Option<u32>),
) -> ExitCode {
    let (loaded, entry) = match registry.load(scenario) {
        Ok(l) => l,
        Err(es) => return report(&es),
    };
    let script_src = match script.map(std::fs::read_to_string).transpose() {
        Ok(t) => t,
        Err(e) => {
            let name = script.map(|s| s.display().to_string()).unwrap_or_default();
            return report(&[format!("{name}: cannot read: {e}")]);
        }
    };
    let randomness = match randomness(seed, dice, cards) {
        Ok(r) => r,
        Err(e) => return report(&[e]),
    };
    let mut game = match (entry.headless)(&loaded, randomness) {
        Ok(g) => g,
        Err(es) => return report(&es),
    };
    if let Some(sides) = ai
        && let Err(e) = game.set_rules_sides(sides)
    {
        return report(&[e]);
    }
    if let Some(folder) = autosave {
        game.autosave(folder);
    }
    let file = script.map(|s| s.display().to_string()).unwrap_or_default();
    let cap = max_turns.unwrap_or_else(|| {
        crate::sim::DEFAULT_MAX_TURNS.max(loaded.header.turn_limit.unwrap_or(0))
    });
    let (cut, failure) = match game.play_script_capped(script_src.as_deref(), &file, cap) {
        Ok(cut) => (cut, None),
        Err(e) => (None, Some(e)),
    };
    if json {
        match serde_json::to_string_pretty(&game.json()) {
            Ok(t) => out(&format!("{t}\n")),
            Err(e) => eprintln!("cannot write JSON: {e}"),
        }
    } else {
        out(&game.printout());
    }
    if let Some(turn) = cut {
        eprintln!("Cut after turn {turn} with no result (--max-turns)");
    }
    if let Some(path) = save_to
        && let Err(e) = game.save(path)
    {
        return report(&[e.to_string()]);
    }
    match failure {
        Some(f) => report(&[f]),
        None => ExitCode::SUCCESS,
    }
}

fn replay(registry: &Registry, file: &Path, (check, forced): (bool, bool), json: bool) -> ExitCode {
    let text = match save::read(file) {
        Ok(t) => t,
        Err(e) => return report(&[e]),
    };
    let header = match save::read_header(&text, file) {
        Ok(h) => h,
        Err(e) => return report(&[e]),
    };
    if check && !forced && !header.dice_proven() {
        return report(&[save::at_field(
            &text,
            file,
            if header.version >= 3 {
                "seed"
            } else {
                "version"
            },
            "its dice were forced, not thrown from a seed, so no replay can prove them (a \
             seeded game's save turned unseeded reads just so); --forced-dice accepts the \
             file's word for them",
        )]);
    }
    let entry = match registry.for_save(&text, file) {
        Ok(e) => e,
        Err(e) => return report(&[e]),
    };
    match (entry.replay)(&text, file) {
        Ok(mut game) => {
            if check {
                out(&format!(
                    "{}: {} commands replayed, every one accepted with the recorded dice and state{}\n",
                    file.display(),
                    game.commands(),
                    if header.dice_proven() {
                        ", the dice thrown again from the seed"
                    } else {
                        " (the dice forced, as the file gives them)"
                    }
                ));
            } else if json {
                match serde_json::to_string_pretty(&game.json()) {
                    Ok(t) => out(&format!("{t}\n")),
                    Err(e) => eprintln!("cannot write JSON: {e}"),
                }
            } else {
                out(&game.printout());
            }
            ExitCode::SUCCESS
        }
        Err(ReplayError::Diverged(d)) => report(&[format!("{}: {d}", file.display())]),
        Err(e) => report(&[e.to_string()]),
    }
}

/// `holotable sim`: plays the games with a progress bar on standard error (drawn only on a
/// terminal), prints the report, and writes its plots where `--out` says.
fn sim(
    registry: &Registry,
    scenario: &str,
    options: crate::sim::SimOptions,
    json: bool,
    out_path: Option<&Path>,
) -> ExitCode {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let (loaded, entry) = match registry.load(scenario) {
        Ok(l) => l,
        Err(es) => return report(&es),
    };
    let games = options.games;
    let done = AtomicUsize::new(0);
    let bar = indicatif::ProgressBar::new(games as u64).with_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games, {per_sec}, {eta} left",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let result = std::thread::scope(|scope| {
        let worker = scope.spawn(|| crate::sim::simulate(&entry, &loaded, &options, &done));
        while !worker.is_finished() {
            bar.set_position(done.load(Ordering::Relaxed) as u64);
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        worker
            .join()
            .unwrap_or_else(|_| Err("the simulation stopped with an internal error".into()))
    });
    bar.finish_and_clear();
    let sim_report = match result {
        Ok(r) => r,
        Err(e) => return report(&[e]),
    };
    if json {
        match serde_json::to_string_pretty(&sim_report) {
            Ok(t) => out(&format!("{t}\n")),
            Err(e) => return report(&[format!("cannot write JSON: {e}")]),
        }
    } else {
        out(&sim_report.text());
    }
    if let Some(path) = out_path {
        if let Err(e) = crate::sim::plots::write(&sim_report, path) {
            return report(&[e]);
        }
        eprintln!("Report written to {}", path.display());
    }
    ExitCode::SUCCESS
}
