//! The command line: `holotable [play FILE] | check FILE... | run SCENARIO --commands FILE |
//! screenshot SCENARIO OUT.png`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::game::commands::{Command, CommandOutcome};
use crate::game::session::Session;
use crate::game::snapshot::GameState;
use crate::game::table::GameSetup;
use crate::rules::dice::Dice;
use crate::rules::scenario::{self, BUNDLED, Scenario, ScenarioError};
use crate::rules::tyneside::profile::Roster;

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
    },
    /// Validate scenario files; exit 1 with file:line:column messages if any is broken.
    Check {
        /// Scenario files (or bundled names).
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Play a command script headless and print the final state, dice and events.
    Run {
        /// A scenario file or bundled name.
        scenario: String,
        /// The command script (RON list of commands, docs/commands.md).
        #[arg(long)]
        commands: PathBuf,
        /// Dice seed (default 1).
        #[arg(long)]
        seed: Option<u64>,
        /// Forced dice results, used in order (e.g. 6,1,4); overrides the seed.
        #[arg(long, value_delimiter = ',')]
        dice: Option<Vec<u8>>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
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
    },
}

/// A scenario read and validated: (file name as given, RON text, scenario).
pub type Loaded = (String, String, Scenario);

/// Reads a scenario from a path, or from the bundled list by name (with or without ".ron").
///
/// Errors: the file cannot be read (one message naming it), or it does not validate (every
/// problem, each with file:line:column).
pub fn load_scenario(arg: &str, roster: &Roster) -> Result<Loaded, Vec<String>> {
    let (file, src) = if Path::new(arg).is_file() {
        let src =
            std::fs::read_to_string(arg).map_err(|e| vec![format!("{arg}: cannot read: {e}")])?;
        (arg.to_string(), src)
    } else {
        let name = if arg.ends_with(".ron") {
            arg.to_string()
        } else {
            format!("{arg}.ron")
        };
        match BUNDLED.iter().find(|(n, _)| *n == name) {
            Some((n, s)) => (format!("bundled:{n}"), s.to_string()),
            None => {
                let known: Vec<&str> = BUNDLED
                    .iter()
                    .map(|(n, _)| n.trim_end_matches(".ron"))
                    .collect();
                return Err(vec![format!(
                    "{arg}: no such file, and no bundled scenario of that name (bundled: {})",
                    known.join(", ")
                )]);
            }
        }
    };
    let s = scenario::parse(&src, &file, roster)
        .map_err(|es| es.iter().map(ScenarioError::to_string).collect::<Vec<_>>())?;
    Ok((file, src, s))
}

/// Parses a command script (a RON list of [`Command`]s).
///
/// Errors: `file:line:column: what was expected`.
pub fn parse_script(src: &str, file: &str) -> Result<Vec<Command>, String> {
    scenario::ron_options().from_str(src).map_err(|e| {
        format!(
            "{file}:{}:{}: {} (see docs/commands.md)",
            e.span.start.line, e.span.start.col, e.code
        )
    })
}

/// Runs the command line; returns the process exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let roster = match Roster::bundled() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("the bundled roster is broken: {e}");
            return ExitCode::FAILURE;
        }
    };
    match cli.command {
        None => crate::screens::run_window(crate::screens::Launch::Title, roster),
        Some(Sub::Play { scenario, seed }) => {
            let launch = match scenario {
                None => crate::screens::Launch::Title,
                Some(s) => match crate::game::save::load(Path::new(&s)) {
                    Ok(record) => crate::screens::Launch::Resume(record),
                    Err(_) => match load_scenario(&s, &roster) {
                        Ok(loaded) => crate::screens::Launch::Play { loaded, seed },
                        Err(es) => return report(&es),
                    },
                },
            };
            crate::screens::run_window(launch, roster)
        }
        Some(Sub::Check { files }) => {
            let mut bad = Vec::new();
            for f in &files {
                match load_scenario(f, &roster) {
                    Ok((name, _, s)) => println!(
                        "{name}: ok — {} ({} sides, {} terrain pieces)",
                        s.name,
                        s.sides.len(),
                        s.terrain.len()
                    ),
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
            json,
        }) => run(&roster, &scenario, &commands, seed, dice, json),
        Some(Sub::Screenshot {
            scenario,
            out,
            size,
        }) => {
            let Some((w, h)) = size
                .split_once('x')
                .and_then(|(w, h)| Some((w.parse::<u32>().ok()?, h.parse::<u32>().ok()?)))
            else {
                eprintln!("--size must be WIDTHxHEIGHT, e.g. 1280x720 (got '{size}')");
                return ExitCode::from(2);
            };
            match load_scenario(&scenario, &roster) {
                Ok(loaded) => crate::screens::run_window(
                    crate::screens::Launch::Screenshot {
                        loaded,
                        out,
                        size: (w, h),
                    },
                    roster,
                ),
                Err(es) => report(&es),
            }
        }
    }
}

fn report(errors: &[String]) -> ExitCode {
    for e in errors {
        eprintln!("{e}");
    }
    ExitCode::FAILURE
}

fn run(
    roster: &Roster,
    scenario: &str,
    script: &Path,
    seed: Option<u64>,
    dice: Option<Vec<u8>>,
    json: bool,
) -> ExitCode {
    let (file, src, s) = match load_scenario(scenario, roster) {
        Ok(l) => l,
        Err(es) => return report(&es),
    };
    let script_src = match std::fs::read_to_string(script) {
        Ok(t) => t,
        Err(e) => return report(&[format!("{}: cannot read: {e}", script.display())]),
    };
    let cmds = match parse_script(&script_src, &script.display().to_string()) {
        Ok(c) => c,
        Err(e) => return report(&[e]),
    };
    let (dice, seed) = match dice {
        Some(faces) => (Dice::forced(faces), None),
        None => {
            let seed = seed.unwrap_or(1);
            (Dice::seeded(seed), Some(seed))
        }
    };
    let mut session = Session::new(
        GameSetup {
            scenario: s,
            file,
            src,
            dice,
            seed,
        },
        roster,
    );
    let mut failure = None;
    for (n, c) in cmds.into_iter().enumerate() {
        if let CommandOutcome::Refused(cmd, reason) = session.send(c) {
            failure = Some(format!("command {} ({cmd:?}) refused: {reason}", n + 1));
            break;
        }
    }
    let state = session.state();
    if json {
        match serde_json::to_string_pretty(&state) {
            Ok(t) => println!("{t}"),
            Err(e) => eprintln!("cannot write JSON: {e}"),
        }
    } else {
        print!("{}", render_state(&state));
    }
    match failure {
        Some(f) => report(&[f]),
        None => ExitCode::SUCCESS,
    }
}

/// The final state as text: figures, dice log, event log.
pub fn render_state(state: &GameState) -> String {
    use std::fmt::Write;
    let mut o = String::new();
    let _ = writeln!(o, "Turn {} — {}", state.turn, state.phase);
    if let Some(r) = &state.result {
        let _ = writeln!(o, "Result: {}", r.reason);
    }
    let _ = writeln!(o, "\nFigures:");
    let _ = writeln!(
        o,
        "  {:<12} {:<10} {:>14} {:>6} {:<9} {:>3}  notes",
        "id", "group", "position", "wounds", "status", "FP"
    );
    for f in &state.figures {
        let mut notes = Vec::new();
        if f.ducked_back {
            notes.push("ducked back");
        }
        if f.knocked_out {
            notes.push("knocked out");
        }
        if f.hidden {
            notes.push("hidden");
        }
        let _ = writeln!(
            o,
            "  {:<12} {:<10} {:>14} {:>6} {:<9} {:>3}  {}",
            f.id,
            f.group,
            format!("({:.2}, {:.2})", f.position.0, f.position.1),
            f.wounds,
            format!("{:?}", f.status),
            f.force_points,
            notes.join(", ")
        );
    }
    let _ = writeln!(o, "\nDice:");
    for d in &state.dice {
        let _ = writeln!(
            o,
            "  {:<5} {:?} = {:<3} {} -> {}",
            d.expr, d.faces, d.total, d.reason, d.outcome
        );
    }
    let _ = writeln!(o, "\nEvents:");
    for e in &state.events {
        let _ = writeln!(o, "  {e}");
    }
    o
}
