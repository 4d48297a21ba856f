//! The conformance suite: every rule set of `registry()`, and the toy that lives with these
//! tests, is checked the same way, so a new rule set is tested by adding its registry line.
//! Each check goes through the registry entry alone (type-erased), as the app does.

use std::path::PathBuf;

use holotable::engine::dice::Randomness;
use holotable::engine::game::{Sides, persons_to_act, rules_to_act};
use holotable::engine::pipeline::CommandOutcome;
use holotable::engine::registry::{ReplayError, RuleSetEntry};
use holotable::engine::ruleset::{Loaded, RuleSet};
use holotable::engine::session::Session;
use holotable::engine::state::Played;
use holotable::rules::scenario::read_header;
use holotable::rulesets::registry;
use holotable::sim::DEFAULT_MAX_TURNS;

use super::toy::{self, Toy};

/// Every rule set the suite checks: the registry's, then the toy.
fn entries() -> Vec<RuleSetEntry> {
    let mut all = registry().0;
    all.push(RuleSetEntry::of::<Toy>());
    all
}

/// Every bundled scenario of `entry`, read as the registry reads one.
pub(super) fn scenarios(entry: &RuleSetEntry) -> Vec<Loaded> {
    let ids: Vec<&str> = entries().iter().map(|e| e.id).collect();
    entry
        .bundled
        .iter()
        .map(|(name, src)| {
            let file = format!("bundled:{name}");
            let header = read_header(src, &file, &ids).unwrap_or_else(|e| panic!("{e}"));
            Loaded {
                file,
                src: src.to_string(),
                header,
            }
        })
        .collect()
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("holotable-conform-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp folder");
    d
}

#[test]
fn every_bundled_scenario_passes_check() {
    for entry in entries() {
        assert!(
            !entry.bundled.is_empty(),
            "{}: no bundled scenario",
            entry.id
        );
        for loaded in scenarios(&entry) {
            if let Err(es) = (entry.check)(&loaded) {
                panic!("{}: {}", loaded.file, es.join("\n"));
            }
        }
    }
}

/// `loaded` (of `entry`) as a game the rules play on every side surely ends: with a turn limit
/// of 12 where its rule set leaves the limit to the players and it has none (1 Stat Skirmish:
/// the text's scenarios have none, and two warbands the rules play may never finish each
/// other), set as the scenario list sets it.
pub(super) fn ending(entry: &RuleSetEntry, loaded: &Loaded) -> Loaded {
    match entry.turn_limit {
        Some(option) if loaded.header.turn_limit.is_none() => {
            (option.set)(loaded, Some(12)).unwrap_or_else(|e| panic!("{}: {e:?}", loaded.file))
        }
        _ => loaded.clone(),
    }
}

/// Every scenario plays to a result with the rules on every side, or, where it has no turn
/// limit of its own (a text's scenario that only its goal ends: 1 Stat Skirmish's), to the
/// balance report's cap on a game's length.
#[test]
fn every_scenario_plays_to_a_result_with_the_rules_on_every_side() {
    for entry in entries().iter().filter(|e| e.plays_sides) {
        for loaded in scenarios(entry) {
            for end in (entry.autoplay)(&loaded, &[1, 2], DEFAULT_MAX_TURNS) {
                match end.unwrap_or_else(|e| panic!("{}: {e}", loaded.file)) {
                    Played::Ended(end) => {
                        assert!(!end.result.reason.is_empty(), "{}: no reason", loaded.file);
                        assert!(!end.fates.is_empty(), "{}: no piece's fate", loaded.file);
                    }
                    Played::Cut => assert!(
                        loaded.header.turn_limit.is_none(),
                        "{}: cut at the cap though its own turn limit ends it first",
                        loaded.file
                    ),
                }
            }
        }
    }
}

/// Plays a few steps of `loaded` with the rules on every side, saves it and replays the save:
/// the same state, hash for hash and in the JSON snapshot.
#[test]
fn a_game_saved_midway_resumes_to_the_same_state() {
    let dir = scratch("resume");
    for entry in entries().iter().filter(|e| e.plays_sides) {
        for loaded in scenarios(entry) {
            let mut game = (entry.headless)(&loaded, Randomness::seeded(7))
                .unwrap_or_else(|e| panic!("{e:?}"));
            game.set_rules_sides(&["all".into()])
                .unwrap_or_else(|e| panic!("{e}"));
            game.play_rules(6)
                .unwrap_or_else(|e| panic!("{}: {e}", loaded.file));
            assert!(game.commands() > 0, "{}: nothing was played", loaded.file);
            let path = dir.join(format!("{}.ron", entry.id));
            game.save(&path).unwrap_or_else(|e| panic!("{e}"));
            let text = std::fs::read_to_string(&path).expect("reads");
            let mut again = (entry.replay)(&text, &path).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(again.state_hash(), game.state_hash(), "{}", loaded.file);
            assert_eq!(again.json(), game.json(), "{}", loaded.file);
            assert_eq!(again.commands(), game.commands());
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A save whose recorded state after a command was changed does not replay: the replay names
/// that command.
#[test]
fn replay_check_names_the_command_whose_recorded_state_was_changed() {
    let dir = scratch("edited");
    for entry in entries().iter().filter(|e| e.plays_sides) {
        let loaded = &scenarios(entry)[0];
        let mut game =
            (entry.headless)(loaded, Randomness::seeded(3)).unwrap_or_else(|e| panic!("{e:?}"));
        game.set_rules_sides(&["all".into()])
            .unwrap_or_else(|e| panic!("{e}"));
        game.play_rules(4).unwrap_or_else(|e| panic!("{e}"));
        let path = dir.join(format!("{}.ron", entry.id));
        game.save(&path).unwrap_or_else(|e| panic!("{e}"));
        let text = std::fs::read_to_string(&path).expect("reads");
        // The second command's `hash: N` becomes N + 1 (not the scenario's hash).
        let at = text
            .match_indices("hash: ")
            .filter(|(i, _)| !text[..*i].ends_with("scenario_"))
            .nth(1)
            .map(|(i, _)| i + 6)
            .expect("two hashes");
        let end = at
            + text[at..]
                .find(|c: char| !c.is_ascii_digit())
                .expect("a number");
        let n: u64 = text[at..end].parse().expect("a hash");
        let edited = format!("{}{}{}", &text[..at], n.wrapping_add(1), &text[end..]);
        match (entry.replay)(&edited, &path) {
            Err(ReplayError::Diverged(d)) => assert_eq!(d.index, 2, "{}: {d}", entry.id),
            Err(e) => panic!("{}: not a divergence: {e}", entry.id),
            Ok(_) => panic!("{}: an edited save replayed", entry.id),
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Once a game is over, its last command sent again is refused with a reason: nothing is
/// played after the end, and nothing panics.
#[test]
fn a_command_after_the_end_is_refused() {
    for entry in entries().iter().filter(|e| e.plays_sides) {
        let loaded = &ending(entry, &scenarios(entry)[0]);
        let mut game =
            (entry.headless)(loaded, Randomness::seeded(11)).unwrap_or_else(|e| panic!("{e:?}"));
        game.set_rules_sides(&["all".into()])
            .unwrap_or_else(|e| panic!("{e}"));
        game.play_rules(100_000).unwrap_or_else(|e| panic!("{e}"));
        assert!(game.over(), "{}: the game did not end", entry.id);
        let last = game.command_texts().pop().expect("a command");
        let before = game.commands();
        let err = game
            .play_script(Some(&format!("[{last}]")), "after.ron")
            .expect_err("a command after the end was played");
        assert!(err.contains("The game is over"), "{}: {err}", entry.id);
        assert_eq!(game.commands(), before);
    }
}

/// Undo takes back only what rolled no die, drew no card and showed nothing: a command undone
/// leaves the very state before it, and redone, the very state after it (a re-roll would show).
#[test]
fn undo_never_rerolls_and_redo_gives_the_same_state() {
    let mut undone_in_all = 0;
    for entry in entries().iter().filter(|e| e.plays_sides) {
        let loaded = &scenarios(entry)[0];
        let mut game =
            (entry.headless)(loaded, Randomness::seeded(5)).unwrap_or_else(|e| panic!("{e:?}"));
        game.set_rules_sides(&["all".into()])
            .unwrap_or_else(|e| panic!("{e}"));
        let mut undone = 0;
        for _ in 0..40 {
            let (before, n) = (game.state_hash(), game.commands());
            if game.play_rules(1).unwrap_or_else(|e| panic!("{e}")) == 0 {
                break;
            }
            if game.commands() != n + 1 {
                continue;
            }
            let after = game.state_hash();
            if game.undo_last().is_ok() {
                assert_eq!(
                    game.state_hash(),
                    before,
                    "{}: undo of command {}",
                    entry.id,
                    n + 1
                );
                assert_eq!(game.commands(), n);
                game.redo_last().unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(
                    game.state_hash(),
                    after,
                    "{}: redo of command {}",
                    entry.id,
                    n + 1
                );
                undone += 1;
            }
        }
        eprintln!("{}: {undone} commands undone and redone", entry.id);
        undone_in_all += undone;
    }
    // Something was taken back somewhere: the check above ran.
    assert!(
        undone_in_all > 0,
        "no command could be undone in any rule set"
    );
}

#[test]
fn the_json_snapshot_is_an_object() {
    for entry in entries() {
        let loaded = &scenarios(&entry)[0];
        let mut game =
            (entry.headless)(loaded, Randomness::seeded(1)).unwrap_or_else(|e| panic!("{e:?}"));
        let json = game.json();
        assert!(json.is_object(), "{}: {json}", entry.id);
        assert!(json.get("error").is_none(), "{}: {json}", entry.id);
    }
}

fn toy_session(control_red: &str) -> Session<Toy> {
    let src = toy::SCENARIO.replace(
        r#"(id: "red", name: "Red")"#,
        &format!(r#"(id: "red", name: "Red", control: {control_red})"#),
    );
    let header = read_header(&src, "toy.ron", &[toy::ID]).unwrap_or_else(|e| panic!("{e}"));
    let loaded = Loaded {
        file: "toy.ron".into(),
        src,
        header,
    };
    Session::<Toy>::start(&loaded, Randomness::seeded(21)).unwrap_or_else(|e| panic!("{e:?}"))
}

/// Both sides declare at once: the engine asks the rule set which sides must act, and splits
/// them between the person and the rules.
#[test]
fn several_sides_act_at_once_and_the_engine_splits_persons_from_the_rules() {
    let mut s = toy_session("Rules");
    let w = s.world();
    assert_eq!(Toy::sides_to_act(w), vec![0, 1]);
    assert_eq!(persons_to_act::<Toy>(w), vec![1]);
    assert_eq!(rules_to_act::<Toy>(w), vec![0]);
    assert_eq!(w.resource::<Sides>().ids, ["red", "blue"]);
    // The person declares first; the rules then; the round resolves.
    assert!(
        s.send(toy::Command::Declare { side: 1, stake: 2 })
            .accepted()
    );
    assert_eq!(persons_to_act::<Toy>(s.world()), Vec::<usize>::new());
    assert!(matches!(Toy::ai_step(s.world_mut()), Some(Ok(_))));
    assert_eq!(s.world().resource::<toy::Table>().round, 2);
    // A side cannot declare twice, nor out of turn.
    assert!(
        s.send(toy::Command::Declare { side: 1, stake: 1 })
            .accepted()
    );
    assert!(matches!(
        s.send(toy::Command::Declare { side: 1, stake: 1 }),
        CommandOutcome::Refused(..)
    ));
}

/// The side the rules play declares second and decides from its own view: what the person
/// declared in secret is not in it, so its choice is the same whatever the person staked.
#[test]
fn a_rules_side_declaring_second_cannot_read_the_secret_declaration() {
    let mut views = Vec::new();
    let mut choices = Vec::new();
    for stake in 1..=3 {
        let mut s = toy_session("Rules");
        assert!(s.send(toy::Command::Declare { side: 1, stake }).accepted());
        let view = Toy::player_view(s.world(), 0).expect("a view");
        assert!(
            !view.to_string().contains("stakes"),
            "the view holds the stakes: {view}"
        );
        choices.push(toy::decide(&view, 0));
        views.push(view);
    }
    assert!(views.windows(2).all(|w| w[0] == w[1]), "{views:?}");
    assert!(choices.windows(2).all(|w| w[0] == w[1]));
    // Its own stake is in its own view, and only there.
    let mut s = toy_session("Human");
    assert!(
        s.send(toy::Command::Declare { side: 0, stake: 3 })
            .accepted()
    );
    assert_eq!(Toy::player_view(s.world(), 0).expect("a view")["mine"], 3);
    assert!(Toy::player_view(s.world(), 1).expect("a view")["mine"].is_null());
}

/// The card drawn while setting up is in the record, and a replay draws it again (forced), so
/// the replayed game is the game played even if the deck's seed were lost.
#[test]
fn cards_drawn_while_setting_up_are_recorded_and_forced_on_replay() {
    let mut s = toy_session("Human");
    let opening = s.record().setup_cards.clone();
    assert_eq!(opening.len(), 1, "{opening:?}");
    assert_eq!(opening[0].reason, "the opening card");
    assert!(
        s.send(toy::Command::Declare { side: 0, stake: 1 })
            .accepted()
    );
    assert!(
        s.send(toy::Command::Declare { side: 1, stake: 1 })
            .accepted()
    );
    let mut record = s.record().clone();
    record.seed = None;
    let again = Session::<Toy>::replay(&record).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again.record().setup_cards, opening);
    assert_eq!(
        again.world().resource::<toy::Table>().scores,
        s.world().resource::<toy::Table>().scores
    );
}

/// "We draw our own": with a manual deck, a command that draws is refused with the card it
/// wants and changes nothing; the card typed in (one still in the deck) is drawn, marked
/// typed, and a card drawn already is not taken.
#[test]
fn a_manual_deck_asks_for_each_card_and_the_command_goes_on_with_the_one_typed() {
    use holotable::engine::dice::DeckRes;
    use holotable::engine::manual_dice::CardWanted;
    use holotable::rules::cards::Card;
    let mut s = toy_session("Human");
    s.world_mut().resource_mut::<DeckRes>().set_manual(true);
    assert!(
        s.send(toy::Command::Declare { side: 0, stake: 2 })
            .accepted()
    );
    let hash = Toy::state_hash(s.world_mut());
    let second = toy::Command::Declare { side: 1, stake: 1 };
    let CommandOutcome::Refused(_, why) = s.send(second.clone()) else {
        panic!("drawn without a card typed in");
    };
    assert!(why.contains("draw a card (round 1: red's card)"), "{why}");
    assert_eq!(
        Toy::state_hash(s.world_mut()),
        hash,
        "a refusal changed the game"
    );
    let reason = s
        .world_mut()
        .resource_mut::<DeckRes>()
        .take_wanted()
        .expect("a card asked for");
    let wanted = CardWanted { reason };
    let opening = s.record().setup_cards[0].card;
    let deck = &s.world().resource::<DeckRes>().0;
    assert!(
        wanted.accept(&opening.to_string(), deck).is_err(),
        "the opening card again"
    );
    assert!(wanted.accept("ZZ", deck).is_err());
    let red = wanted.accept("KS", deck).unwrap_or_else(|e| panic!("{e}"));
    let blue = Card::parse("2H").unwrap_or_else(|e| panic!("{e}"));
    s.world_mut()
        .resource_mut::<DeckRes>()
        .push_typed([red, blue]);
    assert!(s.send(second).accepted());
    let drawn = &s.record().commands.last().expect("a command").cards;
    assert_eq!(
        drawn.iter().map(|c| (c.card, c.typed)).collect::<Vec<_>>(),
        [(red, true), (blue, true)]
    );
}

/// The 1-based index of the recorded command whose text holds byte `at` of a save: one more
/// than the commands whose `hash:` comes before it.
fn command_at(text: &str, at: usize) -> usize {
    let start = text.find("commands:").expect("a commands list");
    text[start..at].matches("hash: ").count() + 1
}

/// A seeded game's save with one die changed to another face of the same die does not
/// replay: the replay throws that die again from the seed and names the command.
#[test]
fn replay_check_catches_one_changed_die_and_one_changed_card() {
    let dir = scratch("dice");
    let mut dice_checked = 0;
    let mut cards_checked = 0;
    for entry in entries().iter().filter(|e| e.plays_sides) {
        let loaded = &scenarios(entry)[0];
        let mut game =
            (entry.headless)(loaded, Randomness::seeded(9)).unwrap_or_else(|e| panic!("{e:?}"));
        game.set_rules_sides(&["all".into()])
            .unwrap_or_else(|e| panic!("{e}"));
        game.play_rules(40).unwrap_or_else(|e| panic!("{e}"));
        let path = dir.join(format!("{}.ron", entry.id));
        game.save(&path).unwrap_or_else(|e| panic!("{e}"));
        let text = std::fs::read_to_string(&path).expect("reads");
        (entry.replay)(&text, &path).unwrap_or_else(|e| panic!("{}: {e}", entry.id));
        let commands = text.find("commands:").expect("commands");
        // The first die thrown by a command: its first face made another face of that die
        // (1 becomes 2, anything else 1), and its total with it, as a cheat would write it.
        if let Some(at) = text[commands..].find("faces: [").map(|i| commands + i + 8) {
            let at = at
                + text[at..]
                    .find(|c: char| c.is_ascii_digit())
                    .expect("a face");
            let end = at
                + text[at..]
                    .find(|c: char| !c.is_ascii_digit())
                    .expect("a face");
            let face: i64 = text[at..end].parse().expect("a face");
            let other = if face == 1 { 2 } else { 1 };
            let t = end + text[end..].find("total: ").expect("a total") + 7;
            let t_end = t + text[t..]
                .find(|c: char| c != '-' && !c.is_ascii_digit())
                .expect("a total");
            let total: i64 = text[t..t_end].parse().expect("a total");
            let edited = format!(
                "{}{other}{}{}{}",
                &text[..at],
                &text[end..t],
                total + other - face,
                &text[t_end..]
            );
            match (entry.replay)(&edited, &path) {
                Err(ReplayError::Diverged(d)) => {
                    assert_eq!(d.index, command_at(&text, at), "{}: {d}", entry.id);
                    assert!(d.what.contains("dice differ"), "{}: {d}", entry.id);
                }
                Err(e) => panic!("{}: not a divergence: {e}", entry.id),
                Ok(_) => panic!("{}: a changed die replayed", entry.id),
            }
            dice_checked += 1;
        }
        // The first card drawn by a command: another rank.
        if let Some(at) = text[commands..].find("rank: ").map(|i| commands + i + 6) {
            let end = at
                + text[at..]
                    .find(|c: char| !c.is_ascii_digit())
                    .expect("a rank");
            let rank: u8 = text[at..end].parse().expect("a rank");
            let other = if rank == 13 { 12 } else { rank + 1 };
            let edited = format!("{}{other}{}", &text[..at], &text[end..]);
            match (entry.replay)(&edited, &path) {
                Err(ReplayError::Diverged(d)) => {
                    assert_eq!(d.index, command_at(&text, at), "{}: {d}", entry.id);
                    assert!(d.what.contains("cards differ"), "{}: {d}", entry.id);
                }
                Err(e) => panic!("{}: not a divergence: {e}", entry.id),
                Ok(_) => panic!("{}: a changed card replayed", entry.id),
            }
            cards_checked += 1;
        }
    }
    assert!(
        dice_checked >= 2,
        "dice changed in {dice_checked} rule sets"
    );
    assert!(
        cards_checked >= 1,
        "cards changed in {cards_checked} rule sets"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game reopened from its save throws the same dice and draws the same cards as before,
/// whatever seed the window would go on with: each command's are its seed's and its place's.
#[test]
fn reopening_a_save_draws_the_same_cards() {
    let mut s = toy_session("Human");
    assert!(
        s.send(toy::Command::Declare { side: 0, stake: 1 })
            .accepted()
    );
    let record = s.record().clone();
    let mut next = Vec::new();
    for resume_seed in [5, 77] {
        let mut again = Session::<Toy>::replay(&record).unwrap_or_else(|e| panic!("{e}"));
        holotable::engine::replay::resume::<Toy>(again.world_mut(), &record, resume_seed)
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(
            again
                .send(toy::Command::Declare { side: 1, stake: 1 })
                .accepted()
        );
        next.push(
            again
                .record()
                .commands
                .last()
                .expect("a command")
                .cards
                .clone(),
        );
    }
    assert_eq!(next[0], next[1]);
    assert!(
        s.send(toy::Command::Declare { side: 1, stake: 1 })
            .accepted()
    );
    assert_eq!(
        s.record().commands.last().expect("a command").cards,
        next[0]
    );
}

/// A save written before dice were bound to the seed (format version 2) still opens: its
/// recorded cards are forced, and it goes on as a forced-dice game (its seed proves nothing).
#[test]
fn a_save_of_format_version_2_replays_with_its_recorded_cards() {
    let mut s = toy_session("Human");
    assert!(
        s.send(toy::Command::Declare { side: 0, stake: 1 })
            .accepted()
    );
    assert!(
        s.send(toy::Command::Declare { side: 1, stake: 2 })
            .accepted()
    );
    let mut record = s.record().clone();
    record.version = 2;
    // Version 2 recorded no scenario hash (one left in would be a relabelled save).
    record.scenario_hash = None;
    // A card the players drew themselves is given back like the others.
    record.commands[1].cards[0].typed = true;
    // A version 2 game's dice were not its seed's: another seed in the file changes nothing.
    record.seed = Some(12345);
    let again = Session::<Toy>::replay(&record).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again.record().seed, None);
    assert_eq!(
        again.world().resource::<toy::Table>().scores,
        s.world().resource::<toy::Table>().scores
    );
}

/// "We roll our own" and "We draw our own" with the rules on every side: every roll and card
/// the game asks for is typed in, one at a time (faces from a fixed generator within the die
/// asked for, the first card the deck may give), and the game goes on exactly as it would with
/// those faces and cards forced: the same commands, the same state, every roll marked typed.
#[test]
fn with_every_roll_and_card_typed_in_the_game_goes_on_as_with_them_forced() {
    use holotable::engine::dice::{DeckRes, DiceRes};
    use holotable::rules::cards::{Card, Deck};
    use holotable::rules::dice::Dice;
    for entry in entries().iter().filter(|e| e.plays_sides) {
        let loaded = &scenarios(entry)[0];
        let start = || {
            let mut g = (entry.headless)(loaded, Randomness::seeded(11))
                .unwrap_or_else(|e| panic!("{e:?}"));
            g.set_rules_sides(&["all".into()])
                .unwrap_or_else(|e| panic!("{e}"));
            g
        };
        let mut typed = start();
        typed.world_mut().resource_mut::<DiceRes>().set_manual(true);
        typed.world_mut().resource_mut::<DeckRes>().set_manual(true);
        let (mut faces, mut cards) = (Vec::new(), Vec::new());
        let mut state = 0x9E37_79B9_u32;
        for _ in 0..300 {
            if typed.over() {
                break;
            }
            if typed
                .play_rules(1)
                .unwrap_or_else(|e| panic!("{}: {e}", loaded.file))
                == 1
            {
                continue;
            }
            let w = typed.world_mut();
            if let Some((expr, _)) = w.resource_mut::<DiceRes>().take_wanted() {
                let thrown: Vec<u8> = (0..expr.count)
                    .map(|_| {
                        state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                        1 + ((state >> 16) % u32::from(expr.sides)) as u8
                    })
                    .collect();
                w.resource_mut::<DiceRes>().push_forced(thrown.clone());
                faces.extend(thrown);
            } else if w.resource_mut::<DeckRes>().take_wanted().is_some() {
                let deck = &w.resource::<DeckRes>().0;
                let card = Card::full_deck().into_iter().find(|&c| deck.can_draw(c));
                let card = card.unwrap_or_else(|| panic!("{}: no card left", loaded.file));
                w.resource_mut::<DeckRes>().push_typed([card]);
                cards.push(card);
            } else {
                panic!(
                    "{}: the rules' sides stopped with nothing to type in after {:?}\n{}",
                    loaded.file,
                    typed.command_texts(),
                    typed.printout()
                );
            }
        }
        assert!(
            !faces.is_empty() || !cards.is_empty(),
            "{}: nothing was asked for",
            loaded.file
        );
        let mut forced = start();
        let w = forced.world_mut();
        w.resource_mut::<DiceRes>().0 = Dice::forced(faces.clone());
        w.resource_mut::<DeckRes>().0 = Deck::forced(cards.clone());
        while forced.commands() < typed.commands() && !forced.over() {
            let played = forced
                .play_rules(1)
                .unwrap_or_else(|e| panic!("{} forced: {e}", loaded.file));
            assert_eq!(played, 1, "{}: the forced game stopped", loaded.file);
        }
        assert_eq!(
            forced.command_texts(),
            typed.command_texts(),
            "{}",
            loaded.file
        );
        assert_eq!(forced.state_hash(), typed.state_hash(), "{}", loaded.file);
        let save = scratch(&format!("typed-{}", entry.id)).join("typed.ron");
        typed.save(&save).unwrap_or_else(|e| panic!("{e}"));
        let text = std::fs::read_to_string(&save).expect("reads");
        let (_, played) = text.split_once("commands:").expect("a record's commands");
        assert!(
            played.contains("typed: true") && !played.contains("typed: false"),
            "{}: a roll or card of a command not marked typed",
            loaded.file
        );
        let mut again = (entry.replay)(&text, &save).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(again.state_hash(), typed.state_hash(), "{}", loaded.file);
    }
}

/// A game by e-mail, the rules choosing every command: the first player signs in and plays
/// until the file goes to the other (it is written after every command); the other opens it,
/// the game is replayed and verified to the same state, signs in with a passphrase of their
/// own and plays on; the first opens it again and is refused with a wrong passphrase, let in
/// with theirs, and turns over what it left face down. (Which commands travel face down is each rule set's: its own tests.)
#[test]
fn a_game_by_email_goes_there_and_back_verified() {
    use holotable::engine::by_email::SittingError;
    let dir = scratch("by-email");
    for entry in entries().iter().filter(|e| e.plays_sides) {
        let loaded = &scenarios(entry)[0];
        let file = dir.join(format!("{}.ron", entry.id));
        let open = || {
            let text = std::fs::read_to_string(&file).expect("the file by e-mail");
            let mut g = (entry.replay)(&text, &file).unwrap_or_else(|e| panic!("{e}"));
            assert!((entry.by_email_resume)(g.world_mut(), file.clone()));
            g
        };
        // Each sitting's rules stand in for its own side only: a command sent for the other
        // side would be signed by the wrong one, and refused on opening.
        let side_id = |s: usize| vec![loaded.header.sides[s].id.clone()];
        let mut first =
            (entry.headless)(loaded, Randomness::seeded(5)).unwrap_or_else(|e| panic!("{e:?}"));
        first
            .set_rules_sides(&side_id(0))
            .unwrap_or_else(|e| panic!("{e}"));
        (entry.by_email_start)(first.world_mut(), file.clone()).unwrap_or_else(|e| panic!("{e}"));
        (entry.by_email_sit_in)(first.world_mut(), 0, "first", "the first side")
            .unwrap_or_else(|e| panic!("{e}"));
        // The dice seed is drawn first: the second side adds its part, the first shows its own.
        let mut drawer = open();
        let e = (entry.by_email_sit_in)(drawer.world_mut(), 1, "", "the second side");
        assert!(matches!(e, Err(SittingError::EmptyPassphrase)), "{e:?}");
        (entry.by_email_sit_in)(drawer.world_mut(), 1, "second", "the second side")
            .unwrap_or_else(|e| panic!("{e}"));
        let mut first = open();
        (entry.by_email_sit_in)(first.world_mut(), 0, "first", "the first side")
            .unwrap_or_else(|e| panic!("{e}"));
        first
            .set_rules_sides(&side_id(0))
            .unwrap_or_else(|e| panic!("{e}"));
        first.play_rules(8).unwrap_or_else(|e| panic!("{e}"));
        assert!(first.commands() > 0, "{}: nothing was played", loaded.file);

        let mut second = open();
        assert_eq!(second.state_hash(), first.state_hash(), "{}", loaded.file);
        assert_eq!(second.command_texts(), first.command_texts());
        (entry.by_email_sit_in)(second.world_mut(), 1, "second", "the second side")
            .unwrap_or_else(|e| panic!("{e}"));
        second
            .set_rules_sides(&side_id(1))
            .unwrap_or_else(|e| panic!("{e}"));
        second.play_rules(8).unwrap_or_else(|e| panic!("{e}"));
        assert!(second.commands() > first.commands() || second.over());

        let mut back = open();
        assert_eq!(back.state_hash(), second.state_hash(), "{}", loaded.file);
        let e = (entry.by_email_sit_in)(back.world_mut(), 0, "second", "the first side");
        assert!(matches!(e, Err(SittingError::WrongPassphrase(_))), "{e:?}");
        (entry.by_email_sit_in)(back.world_mut(), 0, "first", "the first side")
            .unwrap_or_else(|e| panic!("{e}"));
        // Signing in changes nothing, but for turning over what the game waits to see of
        // that side (its orders declared face down): one command more.
        let texts = second.command_texts();
        assert_eq!(
            back.command_texts()[..texts.len()],
            texts[..],
            "{}",
            loaded.file
        );
        match back.commands() - second.commands() {
            0 => assert_eq!(back.state_hash(), second.state_hash(), "{}", loaded.file),
            more => assert_eq!(more, 1, "{}: more than a turning-over", loaded.file),
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 30: "Every command ... is told in the players' words with names, not ids or Rust
/// debug text": what Undo and the replay viewer show of every command of a game the rules play
/// in each bundled scenario has no Rust debug text.
#[test]
fn every_command_is_told_in_the_players_words() {
    for entry in registry().0 {
        for loaded in scenarios(&entry) {
            let mut game = (entry.headless)(&loaded, Randomness::seeded(9))
                .unwrap_or_else(|e| panic!("{e:?}"));
            game.set_rules_sides(&["all".into()])
                .unwrap_or_else(|e| panic!("{e}"));
            game.play_rules(150).unwrap_or_else(|e| panic!("{e}"));
            let words = game.command_words();
            assert!(!words.is_empty(), "{}: nothing played", loaded.file);
            for w in words {
                assert!(
                    !["{", "}", "::", ": \"", "Some(", "None"]
                        .iter()
                        .any(|debug| w.contains(debug)),
                    "{}: {w}",
                    loaded.file
                );
            }
        }
    }
}
