//! Rule set `one_stat`: 1 Stat Skirmish (one-stat-skirmish.txt): warbands of a Boss,
//! Specialists and Rookies on an open table in inches, each fighter one stat for everything,
//! two to four players activating one fighter at a time. `rules/` is the text's arithmetic
//! (pure); [`skirmish`] the game and what each command does; [`phases`] the Bevy side; [`ai`]
//! the players the rules play; the rest how it looks and is played.

pub mod ai;
pub mod board;
pub mod builder;
pub mod editor;
mod editor_screen;
pub mod input;
pub mod odds;
pub mod phases;
pub mod roster;
pub mod rules;
pub mod search;
pub mod skirmish;
pub mod snapshot;
pub mod ui;
pub mod view;

use bevy::prelude::*;

use crate::engine::ruleset::{Loaded, RuleSet};
use crate::rules::words::verb;
use skirmish::Command;

/// The registry id.
pub const ID: &str = "one_stat";

/// The rule text this rule set plays (one-stat-skirmish.txt) and our rulings on it, for the rule book
/// window (Help).
pub const BOOK: crate::ui::rule_book::Book =
    crate::rule_book!("one-stat-skirmish.txt", "one_stat.md");

/// The bundled scenarios: (file name, RON text).
pub const BUNDLED: &[(&str, &str)] = &[
    (
        "first_skirmish.ron",
        include_str!("../../../scenarios/one_stat/first_skirmish.ron"),
    ),
    (
        "cantina_brawl.ron",
        include_str!("../../../scenarios/one_stat/cantina_brawl.ron"),
    ),
    (
        "king_of_the_hill.ron",
        include_str!("../../../scenarios/one_stat/king_of_the_hill.ron"),
    ),
    (
        "treasure_hunt.ron",
        include_str!("../../../scenarios/one_stat/treasure_hunt.ron"),
    ),
    (
        "reactor_gate.ron",
        include_str!("../../../scenarios/one_stat/reactor_gate.ron"),
    ),
    (
        "bombing_run.ron",
        include_str!("../../../scenarios/one_stat/bombing_run.ron"),
    ),
    (
        "capture_the_flag.ron",
        include_str!("../../../scenarios/one_stat/capture_the_flag.ron"),
    ),
    (
        "bounty.ron",
        include_str!("../../../scenarios/one_stat/bounty.ron"),
    ),
    (
        "collect.ron",
        include_str!("../../../scenarios/one_stat/collect.ron"),
    ),
    (
        "escort.ron",
        include_str!("../../../scenarios/one_stat/escort.ron"),
    ),
    (
        "investigate.ron",
        include_str!("../../../scenarios/one_stat/investigate.ron"),
    ),
    (
        "rescue.ron",
        include_str!("../../../scenarios/one_stat/rescue.ron"),
    ),
    (
        "shutdown.ron",
        include_str!("../../../scenarios/one_stat/shutdown.ron"),
    ),
];

/// Reads and validates `loaded` as a 1 Stat Skirmish scenario.
///
/// Errors: every problem, each as `file:line:column: message`.
pub fn parse(loaded: &Loaded) -> Result<rules::scenario::Scenario, Vec<String>> {
    rules::scenario::parse(&loaded.src, &loaded.file)
        .map_err(|es| es.iter().map(ToString::to_string).collect())
}

/// The scenario `loaded` with its turn limit set to `limit` phases (`None`: cleared), for the
/// scenario list's option (docs/rules/one_stat.md, "The turn limit"): written anew as the
/// editor writes a scenario, under a file name of its own (`first_skirmish-12-phases.ron`,
/// `first_skirmish-no-limit.ron`), since a save that names a bundled scenario must hold its
/// text byte for byte.
///
/// Errors: the scenario does not read or cannot be written, each problem with its place.
pub fn with_turn_limit(loaded: &Loaded, limit: Option<u32>) -> Result<Loaded, Vec<String>> {
    let mut s = parse(loaded)?;
    s.turn_limit = limit;
    let src = crate::rules::scenario::write(&s).map_err(|e| vec![e])?;
    let stem = crate::engine::record::scenario_stem(&loaded.file, "scenario");
    let file = match limit {
        Some(n) => format!("{stem}-{n}-phases.ron"),
        None => format!("{stem}-no-limit.ron"),
    };
    let header =
        crate::rules::scenario::read_header(&src, &file, &[ID]).map_err(|e| vec![e.to_string()])?;
    Ok(Loaded { file, src, header })
}

/// The 1 Stat Skirmish rule set.
pub struct OneStat;

impl RuleSet for OneStat {
    const ID: &'static str = ID;
    const TITLE: &'static str = "1 Stat Skirmish";
    const BUNDLED: &'static [(&'static str, &'static str)] = BUNDLED;
    /// The Bounty's d12 is the largest die ("using a d12").
    const LARGEST_DIE: u8 = 12;
    const PLAYS_SIDES: bool = true;
    const SEARCHES: bool = true;
    const ROSTERS: Option<&'static str> = Some("Warbands (1 Stat Skirmish)");
    const SOLO_RULES: bool = true;
    const EDITOR: bool = true;
    const AI_POLICY: &'static str = "each fighter follows the text's tree for the solitaire \
        opponents: attack from cover, or move to the nearest cover and attack; else move \
        towards a fighter in sight keeping cover; else move randomly by a d8 \
        (one-stat-skirmish.txt, \"Turn Order\"); in King of the Hill each first moves towards \
        the token (docs/rules/one_stat.md, \"The rules playing a warband\")";
    /// The text's scenarios have no turn limit; a limit is the players' option.
    const TURN_LIMIT: Option<crate::engine::ruleset::TurnLimitOption> =
        Some(crate::engine::ruleset::TurnLimitOption {
            unit: "phase",
            set: with_turn_limit,
        });
    const BALANCE_NOTE: &'static str = "The text's scenarios have no turn limit and end only as \
        the text says, so two warbands that never finish each other play on: such a game is \
        cut at the cap (docs/rules/one_stat.md, \"The turn limit\").";
    type Command = Command;
    type Phase = phases::OneStatPhase;
    type Snapshot = snapshot::OneStatState;

    fn plugin(app: &mut App) {
        crate::engine::plugin::<Self>(app);
        app.add_plugins(phases::plugin);
    }

    fn shell(app: &mut App) {
        app.add_plugins((
            view::plugin,
            ui::plugin,
            input::plugin,
            ai::plugin,
            builder::plugin,
            editor_screen::plugin,
        ));
    }

    fn check(loaded: &Loaded) -> Result<String, Vec<String>> {
        let s = parse(loaded)?;
        Ok(format!(
            "{} ({}, {} players, {} fighters, {}\" x {}\")",
            s.name,
            s.goal.word(),
            s.sides.len(),
            s.sides
                .iter()
                .map(|d| d.warband.fighters.len())
                .sum::<usize>(),
            s.table.0,
            s.table.1
        ))
    }

    /// A warband file (`ruleset: "one_stat", warband: ...`), checked against the text's
    /// limits for a standard warband.
    fn check_roster(src: &str, file: &str) -> Option<Result<String, Vec<String>>> {
        let is_roster = matches!(
            crate::rules::scenario::ron_options().from_str::<ron::Value>(src),
            Ok(ron::Value::Map(m)) if m.keys().any(|k| *k == ron::Value::String("warband".into()))
        );
        if !is_roster {
            return None;
        }
        Some(roster::parse(src, file).map(|w| {
            format!(
                "{} ({} fighters: 1 Boss, {} Specialists, {} Rookies)",
                w.name,
                w.fighters.len(),
                w.count(rules::fighter::Tier::Specialist),
                w.count(rules::fighter::Tier::Rookie)
            )
        }))
    }

    fn setup(world: &mut World, loaded: &Loaded) -> Result<(), Vec<String>> {
        let scenario = parse(loaded)?;
        phases::setup(world, &scenario)
    }

    fn entered(world: &mut World) {
        phases::sync_phase(world);
    }

    fn left(world: &mut World) {
        phases::left(world);
    }

    fn apply(world: &mut World, command: &Command) -> Result<(), String> {
        phases::apply(world, command)
    }

    fn after_command(world: &mut World) {
        phases::sync_phase(world);
    }

    fn phase_name(world: &World) -> String {
        snapshot::phase_name(world)
    }

    /// The phase (the text's turn: "Once all fighters have been activated, a new phase
    /// starts").
    fn turn(world: &World) -> u32 {
        world
            .get_resource::<phases::SkirmishRes>()
            .map_or(0, |s| s.0.phase)
    }

    fn state_hash(world: &mut World) -> u64 {
        snapshot::state_hash(world)
    }

    fn snapshot(world: &mut World) -> snapshot::OneStatState {
        snapshot::snapshot(world)
    }

    fn printout(s: &snapshot::OneStatState) -> String {
        snapshot::printout(s)
    }

    /// Whose turn it is and the phase: a move or the end of an activation may be taken back
    /// while the same player acts; nothing once dice are thrown.
    fn secret_digest(world: &World) -> Option<u64> {
        let s = &world.get_resource::<phases::SkirmishRes>()?.0;
        Some(crate::engine::hash::json_hash(&(
            s.phase,
            s.to_act(),
            s.result.is_some(),
        )))
    }

    /// The player choosing a place or activating.
    fn sides_to_act(world: &World) -> Vec<usize> {
        world
            .get_resource::<phases::SkirmishRes>()
            .and_then(|s| s.0.to_act())
            .map(|p| vec![p])
            .unwrap_or_default()
    }

    /// Nothing is hidden in 1 Stat Skirmish: every player sees the whole table.
    fn player_view(world: &World, _side: usize) -> Option<serde_json::Value> {
        let s = &world.get_resource::<phases::SkirmishRes>()?.0;
        serde_json::to_value(s).ok()
    }

    fn describe(world: &World, command: &Command) -> String {
        let Some(s) = world.get_resource::<phases::SkirmishRes>().map(|s| &s.0) else {
            return "a 1 Stat Skirmish command".into();
        };
        describe(s, command)
    }

    fn ai_step(world: &mut World) -> Option<Result<String, String>> {
        ai::act(world)
    }

    /// The text's tree on every side without the pipeline ([`ai::play_fast`]).
    fn autoplay_fast(
        loaded: &Loaded,
        seeds: &[u64],
        max_turns: u32,
    ) -> Option<Vec<Result<crate::engine::state::Played, String>>> {
        Some(match parse(loaded) {
            Ok(s) => seeds
                .iter()
                .map(|&seed| ai::play_fast(&s, seed, max_turns))
                .collect(),
            Err(e) => seeds.iter().map(|_| Err(e.join("\n"))).collect(),
        })
    }

    /// The Hint's fighter and where he goes or whom he attacks ([`view::hint_marks`]).
    fn hint_marks(world: &World, command: &Command) -> Vec<crate::engine::hint::HintMark> {
        world
            .get_resource::<phases::SkirmishRes>()
            .map(|s| view::hint_marks(&s.0, command))
            .unwrap_or_default()
    }

    /// A melee attack, a shot, or the trigger device's attack.
    fn is_attack(command: &Command) -> bool {
        matches!(
            command,
            Command::Melee { .. }
                | Command::Shoot { .. }
                | Command::DeviceAttack { .. }
                | Command::DeviceArea { .. }
        )
    }

    fn search(
        world: &World,
        settings: &crate::rules::search::Settings,
    ) -> Option<crate::rules::search::Job<Command>> {
        let s = &world.get_resource::<phases::SkirmishRes>()?.0;
        // The solitaire opponents follow the text's tree, never a search.
        if s.solitaire.is_some() && s.to_act() != Some(0) {
            return None;
        }
        Some(crate::rules::search::job(s.clone(), *settings))
    }

    fn legal_move(world: &World, pick: u64) -> Vec<Command> {
        world
            .get_resource::<phases::SkirmishRes>()
            .and_then(|s| crate::rules::search::pick_candidate(&s.0, pick))
            .into_iter()
            .collect()
    }
}

/// Where fighter `mover` ends a move at `to` (inches), in words a player reads off the table:
/// by the nearest fighter still in the game, `into base contact with Rider Fess` or `to 2.1"
/// from Rider Fess`; a point's coordinates where nobody else stands (a walk found the rules'
/// side's news and the Hint told in coordinates nobody can read off a table without a grid).
fn place(s: &skirmish::Skirmish, mover: usize, to: Vec2) -> String {
    let Some(base) = s.fighters.get(mover).map(|f| f.base) else {
        return format!("to ({:.1}, {:.1})", to.x, to.y);
    };
    let gap = |f: &skirmish::OnTable| crate::rules::geometry::base_gap(to, base, f.at, f.base);
    s.fighters
        .iter()
        .enumerate()
        .filter(|(i, f)| *i != mover && f.standing != skirmish::Standing::Removed)
        .min_by(|a, b| gap(a.1).total_cmp(&gap(b.1)))
        .map_or_else(
            || format!("to ({:.1}, {:.1})", to.x, to.y),
            |(_, f)| match gap(f) {
                g if g <= skirmish::CONTACT => {
                    format!("into base contact with {}", f.fighter.name)
                }
                g => format!("to {g:.1}\" from {}", f.fighter.name),
            },
        )
}

/// `command` in the players' words, as the game `s` names what it names.
pub fn describe(s: &skirmish::Skirmish, command: &Command) -> String {
    let name = |i: usize| {
        s.fighters
            .get(i)
            .map_or("a fighter".into(), |f| f.fighter.name.clone())
    };
    let active = s
        .active
        .as_ref()
        .map_or("the active fighter".into(), |a| name(a.fighter));
    let player = |p: usize| s.players.get(p).map_or("a player", |x| x.name.as_str());
    match command {
        Command::Muster {
            player: p,
            warband: None,
        } => format!(
            "{} {} the scenario's warband",
            player(*p),
            verb(player(*p), "plays", "play")
        ),
        Command::Muster {
            player: p,
            warband: Some(w),
        } => format!(
            "{} {} {} ({} fighters)",
            player(*p),
            verb(player(*p), "brings", "bring"),
            w.name,
            w.fighters.len()
        ),
        Command::ChoosePlace { player: p, place } => {
            format!(
                "{} {} place {} in the order",
                player(*p),
                verb(player(*p), "takes", "take"),
                place + 1
            )
        }
        Command::Activate { fighter } => format!("activate {}", name(*fighter)),
        Command::Move { path } => {
            let end = path.last().copied().unwrap_or_default();
            let mover = s.active.as_ref().map(|a| a.fighter);
            match mover.and_then(|m| Some((m, s.fighters.get(m)?))) {
                Some((mover, f)) => {
                    let far = crate::rules::geometry::path_length(f.at, path);
                    format!("{active} moves {far:.1}\" {}", place(s, mover, end))
                }
                None => format!("{active} moves to ({:.1}, {:.1})", end.x, end.y),
            }
        }
        Command::Melee { target } => format!("{active} attacks {} in melee", name(*target)),
        Command::Shoot {
            target,
            area,
            weapon,
        } => {
            // The shooter he fires, named where the player chose it.
            let with = weapon
                .zip(s.active.as_ref())
                .and_then(|(w, a)| s.fighters.get(a.fighter)?.fighter.weapons.get(w))
                .map_or(String::new(), |w| format!(" with his {}", w.name()));
            if *area {
                format!("{active} fires on the area round {}{with}", name(*target))
            } else {
                format!("{active} shoots at {}{with}", name(*target))
            }
        }
        Command::Recover => format!("{active} tries to recover"),
        Command::Heal { target } => format!("{active} tends {}", name(*target)),
        // Why he wanders, in the text's words (a walk: the rules' fighters' wandering was
        // not explained).
        Command::Wander => format!(
            "{active} moves randomly: he cannot attack and sees no fighter of the other side (\"Move randomly (throw a d8, move stat into direction the d8 is pointing)\", one-stat-skirmish.txt, Turn Order)"
        ),
        Command::Command { fighter } => format!("{active} commands {}", name(*fighter)),
        Command::Drive { rookie } => format!("{active} drives {}", name(*rookie)),
        Command::Stalk { to } => {
            let mover = s.active.as_ref().map_or(usize::MAX, |a| a.fighter);
            format!("{active} stalks {}", place(s, mover, *to))
        }
        Command::PickUp { token } => format!(
            "{active} picks up {}",
            s.tokens
                .get(*token)
                .map_or("a token".into(), |t| t.kind.word(&s.players))
        ),
        Command::Manipulate { device } => format!(
            "{active} manipulates {}",
            match device {
                skirmish::DeviceId::Trigger => "the Trigger Device".to_string(),
                skirmish::DeviceId::SpawnPoint(k) => format!("spawn point {}", k + 1),
                skirmish::DeviceId::Doom => "the doom device".into(),
                skirmish::DeviceId::Rover => "the Mars Rover".into(),
            }
        ),
        Command::Summon { stat, .. } => format!("{active} summons a demon, stat {stat}"),
        Command::Influence { fighter } => format!("{active} influences {}", name(*fighter)),
        Command::Shapeshift => format!("{active} shapeshifts"),
        Command::EndActivation => format!("{active} ends the activation"),
        Command::DeviceAttack { target } => {
            format!("the Trigger Device attacks {}", name(*target))
        }
        Command::DeviceArea { at } => format!(
            "the Trigger Device attacks everyone within 2\" of ({:.1}, {:.1})",
            at.x, at.y
        ),
        Command::Reroll => "throw the last roll again (a reroll)".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A move is told by how far and where it ends beside the nearest fighter, never by
    /// coordinates (a walk: the rules' side's news and the Hint read `(12.3, 4.5)`).
    #[test]
    fn a_move_is_told_by_its_length_and_the_fighter_it_ends_beside() {
        let (mut s, mut dice) = skirmish::tests::game(vec![]);
        // Rook (10, 14), on a 0.5" base: 2" up and 1" across is 3" of move.
        skirmish::tests::activate(&mut s, &mut dice, 1);
        let bent = Command::Move {
            path: vec![Vec2::new(10.0, 16.0), Vec2::new(11.0, 16.0)],
        };
        // The nearest to (11, 16) is the Thug at (11, 10): 6" between centres, 5" of gap.
        assert_eq!(describe(&s, &bent), "Rook moves 3.0\" to 5.0\" from Thug");
        let charge = Command::Move {
            path: vec![Vec2::new(11.0, 11.0)],
        };
        assert_eq!(
            describe(&s, &charge),
            "Rook moves 3.2\" into base contact with Thug"
        );
        // Nobody else in the game: the point itself.
        for (i, f) in s.fighters.iter_mut().enumerate() {
            if i != 1 {
                f.standing = skirmish::Standing::Removed;
            }
        }
        assert_eq!(describe(&s, &bent), "Rook moves 3.0\" to (11.0, 16.0)");
    }

    /// A fighter the rules move at random says why, quoting the text's tree word for word.
    #[test]
    fn a_random_move_says_why_in_the_texts_words() {
        let (mut s, mut dice) = skirmish::tests::game(vec![]);
        skirmish::tests::activate(&mut s, &mut dice, 1);
        let words = describe(&s, &Command::Wander);
        assert!(words.starts_with("Rook moves randomly: "), "{words}");
        let quoted = words
            .split('"')
            .nth(1)
            .unwrap_or_else(|| panic!("no quote in {words}"));
        let text = include_str!("../../../assets/rules/one-stat-skirmish.txt");
        assert!(text.contains(quoted), "not the text's: {quoted}");
    }

    /// The scenario list's turn limit (docs/rules/one_stat.md, "The turn limit"): the bundled
    /// first_skirmish, the text's and with no limit, begun with 12 phases, is a scenario of its
    /// own (no bundled name, whose save would have to hold the bundled text) that ends after
    /// phase 12; cleared again, it has none.
    #[test]
    fn a_turn_limit_set_for_a_game_is_the_games_under_a_name_of_its_own() {
        let (loaded, _) = crate::rulesets::registry()
            .load("first_skirmish")
            .expect("bundled");
        assert_eq!(loaded.header.turn_limit, None);
        let limited = with_turn_limit(&loaded, Some(12)).expect("written");
        assert_eq!(limited.file, "first_skirmish-12-phases.ron");
        assert_eq!(limited.header.turn_limit, Some(12));
        assert_eq!(limited.header.name, loaded.header.name);
        assert!(OneStat::check(&limited).is_ok());
        let s = phases::skirmish(&parse(&limited).expect("reads"));
        assert_eq!(s.turn_limit, Some(12));
        // Written anew, the scenario is the bundled one but for its limit.
        let cleared = with_turn_limit(&limited, None).expect("written");
        assert_eq!(cleared.header.turn_limit, None);
        assert_eq!(parse(&cleared), parse(&loaded));
    }
}
