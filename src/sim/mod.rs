//! The Monte-Carlo balance report (`holotable sim`, and "Is this scenario fair?" in the
//! scenario list): many games of one scenario, every side played by the rules, headless and
//! in parallel, through the same rules code as the window ([`crate::engine::session::autoplay`]).
//!
//! Game `i` of a report seeded `S` plays with dice seed `S + i`, so any game of a report can
//! be watched: `holotable play SCENARIO --seed S+i --ai all`. The games are shared among the
//! workers in fixed chunks and put back in order, so a report depends on the seed, the number
//! of games and the cap only, never on `--jobs`.
//!
//! A game never runs for ever: one still going after the cap's turns (`--max-turns`,
//! [`max_turns`]) is cut there, with no result, and the report counts the games it cut on a
//! line of their own. A text's scenario may have no turn limit (1 Stat Skirmish's have none),
//! and two sides the rules play may never reach each other.

pub mod plots;
pub mod report;

use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;

use crate::engine::registry::RuleSetEntry;
use crate::engine::rules_side::Thinking;
use crate::engine::ruleset::Loaded;
use crate::engine::state::Played;
use crate::rules::search::Budget;
pub use report::Report;

/// What to simulate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimOptions {
    /// Games to play (at least 1).
    pub games: usize,
    /// The first game's dice seed; game `i` uses `seed + i`.
    pub seed: u64,
    /// Worker threads (at least 1).
    pub jobs: usize,
    /// The sides the searching opponent plays (ids, or `all`); the rule set's own policy
    /// plays the others.
    pub searched: Vec<String>,
    /// How long the searching opponent thinks.
    pub thinking: Thinking,
    /// Who plays which side, `SIDE=POLICY` ([`searched_by_policy`]): read against the
    /// scenario once it is loaded, its `search` sides added to [`SimOptions::searched`].
    pub policies: Vec<String>,
    /// The cap on a game's length, in turns as the rule set counts them (at least 1): a game
    /// still going after it is cut. `None`: [`max_turns`]'s default.
    pub max_turns: Option<u32>,
}

/// The cap on a game's length where none is asked for, in turns: far past a game that is
/// going anywhere, and a game that is not costs milliseconds (the rules' own policy) or
/// seconds (the searching opponent). Measured on the bundled 1 Stat Skirmish scenarios, which
/// have no turn limit (100 games each, seed 1, rules against rules): at a cap of 1 000 the
/// games that end do so by phase 143, but for `bombing_run`'s long tail (604), while
/// `reactor_gate`'s 41 and `king_of_the_hill`'s 15 others never end; at 300 only 12 of
/// `bombing_run`'s are cut that would have ended. The other rule sets' bundled scenarios set
/// limits of 6 to 25 turns (none past 30 where unset).
pub const DEFAULT_MAX_TURNS: u32 = 300;

/// The cap on the length of a game of `loaded` that `options` asks for: its `max_turns`, or
/// [`DEFAULT_MAX_TURNS`], or the scenario's own turn limit where that is longer (so the cap
/// never cuts a game the scenario ends).
pub fn max_turns(options: &SimOptions, loaded: &Loaded) -> u32 {
    options
        .max_turns
        .unwrap_or_else(|| DEFAULT_MAX_TURNS.max(loaded.header.turn_limit.unwrap_or(0)))
}

impl SimOptions {
    /// `games` games from `seed` on `jobs` threads, the rule set's own policy on every side.
    pub fn new(games: usize, seed: u64, jobs: usize) -> Self {
        Self {
            games,
            seed,
            jobs,
            searched: Vec::new(),
            thinking: Thinking::default(),
            policies: Vec::new(),
            max_turns: None,
        }
    }
}

/// Games one worker plays in a row, in one headless app, before it takes more (and the
/// progress counter moves): about four chunks a worker, 16 to 256 games each; searched
/// games one by one.
fn chunk(options: &SimOptions) -> usize {
    // A searched game takes seconds, not microseconds: one at a time, so the bar moves.
    if !options.searched.is_empty() {
        return 1;
    }
    (options.games / (4 * options.jobs.max(1))).clamp(16, 256)
}

/// The seed of game `i` of a report seeded `seed`.
pub fn game_seed(seed: u64, i: usize) -> u64 {
    seed.wrapping_add(i as u64)
}

/// Plays `options.games` games of `loaded` (a scenario of rule set `entry`), every side run by
/// the rules, on `options.jobs` threads, each cut at [`max_turns`], adding one to `done` as
/// each chunk of games ends (for a progress bar); returns how every game came out, in game
/// order.
///
/// Errors: the rule set cannot play a side (its title named), no games were asked for, a cap
/// of 0 turns, the threads cannot start, or a game could not be played (the first such, with
/// its seed).
pub fn play(
    entry: &RuleSetEntry,
    loaded: &Loaded,
    options: &SimOptions,
    done: &AtomicUsize,
) -> Result<Vec<Played>, String> {
    if !options.searched.is_empty() && !entry.searches {
        return Err(format!(
            "{}: the searching opponent cannot play the {} yet",
            loaded.file, entry.title
        ));
    }
    if !entry.plays_sides {
        return Err(format!(
            "{}: the {} cannot play a side yet, so there is no one to play its games",
            loaded.file, entry.title
        ));
    }
    if options.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if options.max_turns == Some(0) {
        return Err("--max-turns must be at least 1".into());
    }
    let cap = max_turns(options, loaded);
    let seeds: Vec<u64> = (0..options.games)
        .map(|i| game_seed(options.seed, i))
        .collect();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.jobs.max(1))
        .build()
        .map_err(|e| format!("cannot start {} threads: {e}", options.jobs))?;
    let chunks: Vec<Vec<Result<Played, String>>> = pool.install(|| {
        seeds
            .par_chunks(chunk(options))
            .map(|chunk| {
                let ends = if options.searched.is_empty() {
                    (entry.autoplay)(loaded, chunk, cap)
                } else {
                    (entry.autoplay_searched)(
                        loaded,
                        chunk,
                        &options.searched,
                        options.thinking,
                        cap,
                    )
                };
                done.fetch_add(chunk.len(), Ordering::Relaxed);
                ends
            })
            .collect()
    });
    chunks.into_iter().flatten().collect()
}

/// [`play`], then the report of those games.
///
/// Errors: as [`play`].
pub fn simulate(
    entry: &RuleSetEntry,
    loaded: &Loaded,
    options: &SimOptions,
    done: &AtomicUsize,
) -> Result<Report, String> {
    let mut options = options.clone();
    options
        .searched
        .extend(searched_by_policy(entry, loaded, &options.policies)?);
    let options = &options;
    let ends = play(entry, loaded, options, done)?;
    let mut report = Report::new(
        entry,
        loaded,
        (options.seed, max_turns(options, loaded)),
        &ends,
    );
    for (side, policy) in loaded.header.sides.iter().zip(&mut report.policies) {
        if options.searched.iter().any(|s| *s == side.id || s == "all") {
            policy.1 = "search".into();
        }
    }
    if !options.searched.is_empty() {
        let search = format!(
            "the searching opponent (open-loop Monte-Carlo tree search, {} a decision{}, seed {}; src/rules/search.rs)",
            match options.thinking.budget {
                Budget::Playouts(n) => format!("{n} playouts"),
                Budget::Millis(ms) => format!("{ms} ms"),
            },
            match options.thinking.threads {
                1 => String::new(),
                n => format!(" on {n} trees at once"),
            },
            options.thinking.seed,
        );
        report.players = if report.policies.iter().all(|(_, p)| p == "search") {
            search
        } else {
            format!(
                "{}; except {}, played by {search}",
                entry.ai_policy,
                options.searched.join(", "),
            )
        };
    }
    Ok(report)
}

/// The sides `specs` give the searching opponent, each spec `SIDE=POLICY` (`holotable sim
/// --policy`): POLICY `search` for the searching opponent, or the rule set's own policy by
/// its name, `rules` where that is the text's solo rules and `plain` where it is the app's
/// ([`report::own_policy`]); SIDE a side id of the scenario, or `all`.
///
/// Errors: a spec without `=`, a side the scenario does not have (its ids listed), or a
/// policy that is none of the three or is not this rule set's (the battlefield's text has no
/// solo rules, so `rules` is refused there, naming what it has).
pub fn searched_by_policy(
    entry: &RuleSetEntry,
    loaded: &Loaded,
    specs: &[String],
) -> Result<Vec<String>, String> {
    let ids: Vec<&str> = loaded.header.sides.iter().map(|s| s.id.as_str()).collect();
    let own = report::own_policy(entry);
    let mut searched = Vec::new();
    for spec in specs {
        let (side, policy) = spec.split_once('=').ok_or_else(|| {
            format!(
                "--policy {spec}: write SIDE=POLICY, e.g. {}=search",
                ids.first().unwrap_or(&"all")
            )
        })?;
        if side != "all" && !ids.contains(&side) {
            return Err(format!(
                "--policy {spec}: no side of that id (sides: {}, or all)",
                ids.join(", ")
            ));
        }
        match policy {
            "search" => searched.push(side.to_string()),
            p if p == own => {}
            "rules" | "plain" => {
                return Err(format!(
                    "--policy {spec}: the {} has no {policy} policy; its own is `{own}`: {}",
                    entry.title, entry.ai_policy
                ));
            }
            _ => {
                return Err(format!(
                    "--policy {spec}: the policy is rules, plain or search (this rule set's own is `{own}`)"
                ));
            }
        }
    }
    Ok(searched)
}
