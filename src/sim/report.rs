//! What a balance report says: win rate per side with a 95% interval, game length, which
//! result decided the games, casualties per profile, and the win rate as the games came in.

use std::collections::BTreeMap;
use std::fmt::Write;

use serde::Serialize;

use crate::engine::registry::RuleSetEntry;
use crate::engine::ruleset::Loaded;
use crate::engine::state::{Finished, Played};

/// The most points the convergence curve keeps (evenly spaced over the games).
const CURVE_POINTS: usize = 200;

/// A balance report of many games of one scenario.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The scenario's title.
    pub scenario: String,
    /// Where it came from (file, or `bundled:<name>`).
    pub file: String,
    /// The rule set's title.
    pub rules: String,
    /// Who played every side, and where that is written down.
    pub players: String,
    /// Who played each side, in the scenario's order: (side name, `rules`, `plain` or
    /// `search`, as `holotable sim --policy` names them).
    pub policies: Vec<(String, String)>,
    /// What the rules themselves do to these figures (the rule set's note; empty if none).
    pub note: String,
    /// The first game's seed (game `i` used `seed + i`).
    pub seed: u64,
    /// Games played.
    pub games: usize,
    /// Each side, in the scenario's order.
    pub sides: Vec<SideReport>,
    /// Games the rules ended with no side winning.
    pub draws: usize,
    /// The cap on a game's length, in turns (`--max-turns`).
    pub max_turns: u32,
    /// Games still going after `max_turns` turns, cut there with no result: neither won nor
    /// drawn, and left out of the length, what decided the games and the casualties.
    pub cut: usize,
    /// How long the games that ended lasted.
    pub length: Length,
    /// What decided the games that ended, most frequent first: (phrase, games).
    pub decided_by: Vec<(String, usize)>,
    /// The drawn games by their cause, most frequent first: (cause, games). The cause is
    /// what decided the game and whether any piece was lost: a draw where nobody lost one is
    /// two sides that never reached each other; one with losses a fight that came out level.
    pub draws_by_cause: Vec<(String, usize)>,
    /// Pieces fielded and lost, per side and profile.
    pub casualties: Vec<Casualties>,
    /// Each side's win rate after the first `games` games, at up to 200 points.
    pub convergence: Vec<CurvePoint>,
}

/// One side's wins.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideReport {
    /// Its name in the scenario.
    pub name: String,
    /// Games it won.
    pub wins: usize,
    /// `wins / games`, 0 to 1.
    pub win_rate: f64,
    /// The 95% Wilson score interval of the win rate, 0 to 1: (low, high).
    pub interval: (f64, f64),
}

/// Game length in turns.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Length {
    /// Mean turns.
    pub mean: f64,
    /// Shortest game, turns.
    pub min: u32,
    /// Longest game, turns.
    pub max: u32,
    /// (turns, games that lasted that long), shortest first.
    pub histogram: Vec<(u32, usize)>,
}

/// What one profile of one side fielded and lost, per game that ended on average.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Casualties {
    /// The side's name.
    pub side: String,
    /// The profile's name in the rule text.
    pub profile: String,
    /// Pieces on the table at the end of a game (lost or not), mean per game.
    pub fielded: f64,
    /// Pieces lost (killed, disabled, captured, eliminated), mean per game.
    pub lost: f64,
}

/// Each side's win rate after the first `games` games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CurvePoint {
    /// Games counted.
    pub games: usize,
    /// Win rate of each side in the scenario's order, 0 to 1.
    pub win_rate: Vec<f64>,
}

/// The name `holotable sim --policy` gives rule set `entry`'s own policy: `rules` where it is
/// the text's solo rules, else `plain`.
pub fn own_policy(entry: &RuleSetEntry) -> &'static str {
    if entry.solo_rules { "rules" } else { "plain" }
}

/// The 95% Wilson score interval of `wins` successes in `n` trials, 0 to 1; (0, 1) for none.
pub fn wilson_95(wins: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (z, n, p) = (1.959_964, n as f64, wins as f64 / n as f64);
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

impl Report {
    /// The report of `played`, the games of `loaded` in game order, seeded from `seed` and cut
    /// after `max_turns` turns.
    pub fn new(
        entry: &RuleSetEntry,
        loaded: &Loaded,
        (seed, max_turns): (u64, u32),
        played: &[Played],
    ) -> Self {
        let games = played.len();
        let ends: Vec<&Finished> = played
            .iter()
            .filter_map(|p| match p {
                Played::Ended(f) => Some(f),
                Played::Cut => None,
            })
            .collect();
        let ended = ends.len();
        let names: Vec<String> = loaded.header.sides.iter().map(|s| s.name.clone()).collect();
        let side_name = |s: usize| {
            names
                .get(s)
                .cloned()
                .unwrap_or_else(|| format!("side {}", s + 1))
        };
        let mut wins = vec![0usize; names.len()];
        let mut draws = 0;
        let mut convergence = Vec::new();
        let step = games.div_ceil(CURVE_POINTS).max(1);
        for (i, end) in played.iter().enumerate() {
            match end {
                Played::Ended(f) => match f.result.winner {
                    Some(w) if w < wins.len() => wins[w] += 1,
                    _ => draws += 1,
                },
                Played::Cut => {}
            }
            let n = i + 1;
            if n % step == 0 || n == games {
                convergence.push(CurvePoint {
                    games: n,
                    win_rate: wins.iter().map(|&w| w as f64 / n as f64).collect(),
                });
            }
        }
        let sides = wins
            .iter()
            .enumerate()
            .map(|(s, &w)| SideReport {
                name: side_name(s),
                wins: w,
                win_rate: w as f64 / games.max(1) as f64,
                interval: wilson_95(w, games),
            })
            .collect();
        let mut histogram = BTreeMap::new();
        for end in &ends {
            *histogram.entry(end.turn).or_insert(0usize) += 1;
        }
        let length = Length {
            mean: ends.iter().map(|e| e.turn as f64).sum::<f64>() / ended.max(1) as f64,
            min: ends.iter().map(|e| e.turn).min().unwrap_or(0),
            max: ends.iter().map(|e| e.turn).max().unwrap_or(0),
            histogram: histogram.into_iter().collect(),
        };
        let mut decided: Vec<(String, usize)> = Vec::new();
        for end in &ends {
            match decided
                .iter_mut()
                .find(|(d, _)| *d == end.result.decided_by)
            {
                Some((_, n)) => *n += 1,
                None => decided.push((end.result.decided_by.clone(), 1)),
            }
        }
        // Most frequent first; ties in the order first seen (a stable sort).
        decided.sort_by_key(|d| std::cmp::Reverse(d.1));
        let mut draws_by_cause: Vec<(String, usize)> = Vec::new();
        for end in ends.iter().filter(|e| e.result.winner.is_none()) {
            let cause = format!(
                "{}, level: {}",
                end.result.decided_by,
                if end.fates.iter().any(|f| f.lost) {
                    "after a fight (pieces lost)"
                } else {
                    "no piece lost on either side (neither reached the other)"
                }
            );
            match draws_by_cause.iter_mut().find(|(c, _)| *c == cause) {
                Some((_, n)) => *n += 1,
                None => draws_by_cause.push((cause, 1)),
            }
        }
        draws_by_cause.sort_by_key(|d| std::cmp::Reverse(d.1));
        // (side, profile) -> (fielded, lost), in the order first met.
        let mut tally: Vec<((usize, String), (usize, usize))> = Vec::new();
        for fate in ends.iter().flat_map(|e| &e.fates) {
            let key = (fate.side, fate.profile.clone());
            let i = match tally.iter().position(|(k, _)| *k == key) {
                Some(i) => i,
                None => {
                    tally.push((key, (0, 0)));
                    tally.len() - 1
                }
            };
            tally[i].1.0 += 1;
            tally[i].1.1 += usize::from(fate.lost);
        }
        tally.sort_by_key(|((side, _), _)| *side);
        let per_game = |n: usize| n as f64 / ended.max(1) as f64;
        let casualties = tally
            .into_iter()
            .map(|((side, profile), (fielded, lost))| Casualties {
                side: side_name(side),
                profile,
                fielded: per_game(fielded),
                lost: per_game(lost),
            })
            .collect();
        Self {
            scenario: loaded.header.name.clone(),
            file: loaded.file.clone(),
            rules: entry.title.to_string(),
            players: entry.ai_policy.to_string(),
            policies: names
                .iter()
                .map(|n| (n.clone(), own_policy(entry).to_string()))
                .collect(),
            note: entry.balance_note.to_string(),
            seed,
            games,
            sides,
            draws,
            max_turns,
            cut: games - ended,
            length,
            decided_by: decided,
            draws_by_cause,
            casualties,
            convergence,
        }
    }

    /// What the games cut at the cap are: `still going after 100 turns, no result
    /// (--max-turns)`.
    pub fn cut_words(&self) -> String {
        format!(
            "still going after {} turns, no result (--max-turns)",
            self.max_turns
        )
    }

    /// The last seed used: game `games - 1`'s.
    pub fn last_seed(&self) -> u64 {
        super::game_seed(self.seed, self.games.saturating_sub(1))
    }

    /// The report as text, for the terminal.
    pub fn text(&self) -> String {
        let pct = |x: f64| format!("{:.1}%", 100.0 * x);
        let mut o = String::new();
        let _ = writeln!(
            o,
            "Balance report: {} ({}), {}",
            self.scenario, self.file, self.rules
        );
        let _ = writeln!(
            o,
            "{} games, seeds {} to {}; every side played by {}",
            self.games,
            self.seed,
            self.last_seed(),
            self.players
        );
        let width = self
            .sides
            .iter()
            .map(|s| s.name.chars().count())
            .max()
            .unwrap_or(0)
            .max(5);
        let _ = writeln!(
            o,
            "Sides: {}",
            self.policies
                .iter()
                .map(|(side, policy)| format!("{side}: {policy}"))
                .collect::<Vec<_>>()
                .join("; ")
        );
        let _ = writeln!(o, "\nWins (95% interval)");
        for s in &self.sides {
            let _ = writeln!(
                o,
                "  {:width$}  {:>6}  {:>6} ({} to {})",
                s.name,
                s.wins,
                pct(s.win_rate),
                pct(s.interval.0),
                pct(s.interval.1)
            );
        }
        let draw_rate = self.draws as f64 / self.games.max(1) as f64;
        let _ = writeln!(
            o,
            "  {:width$}  {:>6}  {:>6}",
            "Draws",
            self.draws,
            pct(draw_rate)
        );
        let _ = writeln!(
            o,
            "  {:width$}  {:>6}  {:>6}  {}",
            "Cut",
            self.cut,
            pct(self.cut as f64 / self.games.max(1) as f64),
            self.cut_words()
        );
        let _ = writeln!(
            o,
            "\nGame length: mean {:.2} turns (shortest {}, longest {}){}",
            self.length.mean,
            self.length.min,
            self.length.max,
            if self.cut > 0 {
                ", of the games that ended"
            } else {
                ""
            }
        );
        let most = self.length.histogram.iter().map(|h| h.1).max().unwrap_or(1);
        for (turns, n) in &self.length.histogram {
            let bar = "#".repeat((40 * n).div_ceil(most));
            let _ = writeln!(o, "  {turns:>3} turns {n:>7}  {bar}");
        }
        let _ = writeln!(o, "\nDecided by");
        for (what, n) in &self.decided_by {
            let share = *n as f64 / self.games.max(1) as f64;
            let _ = writeln!(o, "  {n:>7}  {:>6}  {what}", pct(share));
        }
        if !self.draws_by_cause.is_empty() {
            let _ = writeln!(o, "\nDraws by cause");
            for (cause, n) in &self.draws_by_cause {
                let share = *n as f64 / self.games.max(1) as f64;
                let _ = writeln!(o, "  {n:>7}  {:>6}  {cause}", pct(share));
            }
        }
        let _ = writeln!(
            o,
            "\nCasualties per game (mean lost of mean fielded){}",
            if self.cut > 0 {
                ", of the games that ended"
            } else {
                ""
            }
        );
        for c in &self.casualties {
            let _ = writeln!(
                o,
                "  {:width$}  {:24}  {:>6.2} of {:>6.2}",
                c.side, c.profile, c.lost, c.fielded
            );
        }
        if !self.note.is_empty() {
            let _ = writeln!(o, "\nReading it\n  {}", self.note);
        }
        o
    }
}

#[cfg(test)]
mod tests {
    use super::wilson_95;

    #[test]
    fn wilson_interval_matches_the_textbook_figures() {
        // 50 of 100: 0.404 to 0.596 (Wilson 1927; any statistics table).
        let (lo, hi) = wilson_95(50, 100);
        assert!(
            (lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3,
            "{lo} {hi}"
        );
        // 0 of 10: 0 to 0.278.
        let (lo, hi) = wilson_95(0, 10);
        assert!(lo == 0.0 && (hi - 0.2775).abs() < 1e-3, "{lo} {hi}");
        assert_eq!(wilson_95(0, 0), (0.0, 1.0));
    }
}
