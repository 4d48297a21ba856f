//! Play by e-mail: order counters travel sealed, are turned over by their owner and checked
//! against what was placed; a wrong passphrase, a forged counter and an edited save are
//! refused (docs/play-by-email.md).

use std::path::{Path, PathBuf};

use crate::common::{Game, loaded_from, ok, refused};
use holotable::engine::by_email::{self, SittingError, resume_seat, sit_in, sitting_over};
use holotable::engine::dice::Randomness;
use holotable::engine::pipeline::CommandOutcome;
use holotable::engine::save;
use holotable::rulesets::tyneside::Tyneside;
use holotable::rulesets::tyneside::commands::{Command, TurnedOver};
use holotable::rulesets::tyneside::rules::orders::Order;

const DUEL: &str = r#"(
    name: "Duel by post",
    ruleset: "tyneside",
    random_movement: false,
    sides: [
        (id: "rebels", name: "Rebels", groups: [
            (id: "chewie", name: "Chewbacca", order: Some(Stand), figures: [
                (id: "chew", profile: "Chewbacca", at: (10.0, 10.0), hero: true),
            ]),
        ]),
        (id: "empire", name: "Empire", groups: [
            (id: "vader", name: "Darth Vader", order: Some(Stand), figures: [
                (id: "dv", profile: "Darth Vader", at: (40.0, 30.0), hero: true),
            ]),
        ]),
    ],
)"#;

fn folder(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("holotable-by-email-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The game as the other player opens the file: replayed and verified, waiting for a sitting.
fn open(file: &Path) -> Game {
    let text = save::read(file).unwrap();
    let record = save::parse(&text, file).unwrap();
    let mut s = Game::replay(&record).unwrap_or_else(|e| panic!("{e}"));
    assert!(resume_seat::<Tyneside>(s.world_mut(), file.to_path_buf()));
    s
}

/// A new game by e-mail kept in `file`, its dice seed drawn by both sides: the Rebels sign in
/// ("nerf herder") and commit to their part, the Empire ("sith") commits to and shows its
/// own, the Rebels show theirs. The Rebels' game, ready for its first command.
fn drawn(file: &Path) -> Game {
    let mut a = Game::start(&loaded_from(DUEL), Randomness::seeded(5)).unwrap();
    by_email::start::<Tyneside>(a.world_mut(), file.to_path_buf()).unwrap();
    sit_in::<Tyneside>(a.world_mut(), 0, "nerf herder", "Rebels").unwrap();
    assert!(
        sitting_over::<Tyneside>(a.world()),
        "the Empire adds its part"
    );
    let mut b = open(file);
    sit_in::<Tyneside>(b.world_mut(), 1, "sith", "Empire").unwrap();
    assert!(
        sitting_over::<Tyneside>(b.world()),
        "the Rebels show theirs"
    );
    let mut a = open(file);
    sit_in::<Tyneside>(a.world_mut(), 0, "nerf herder", "Rebels").unwrap();
    assert!(!sitting_over::<Tyneside>(a.world()), "the Rebels play");
    a
}

/// A new game by e-mail kept in `file` ([`drawn`]): the Rebels place Chewbacca's counter,
/// Attack, face down.
fn rebels_place_attack(file: &Path) -> Game {
    let mut a = drawn(file);
    ok(
        &mut a,
        Command::PlaceOrder {
            group: "chewie".into(),
            order: Order::Attack,
        },
    );
    a
}

fn order_of(s: &mut Game, group: &str) -> Option<Order> {
    s.state()
        .groups
        .into_iter()
        .find(|(id, _)| id == group)
        .and_then(|(_, o)| o)
}

#[test]
fn orders_travel_sealed_and_are_turned_over_by_their_owner() {
    let dir = folder("round");
    let file = dir.join("duel.ron");

    // The Rebels start the game and place Chewbacca's counter: it goes face down.
    let mut a = drawn(&file);
    let sent = a.send(Command::PlaceOrder {
        group: "chewie".into(),
        order: Order::Attack,
    });
    assert!(
        matches!(&sent, CommandOutcome::Accepted(Command::PlaceFaceDown { group, .. }) if group == "chewie"),
        "{sent:?}"
    );
    ok(&mut a, Command::EndPhase);
    assert!(
        sitting_over::<Tyneside>(a.world()),
        "the Empire places next"
    );
    let why = refused(
        &mut a,
        Command::PlaceOrder {
            group: "vader".into(),
            order: Order::Stand,
        },
    );
    assert!(why.contains("other side's part"), "{why}");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains("PlaceFaceDown") && !text.contains("Attack"),
        "{text}"
    );

    // The Empire opens the file: a wrong Rebel passphrase does not open the Rebels' seal.
    let mut b = open(&file);
    assert_eq!(
        sit_in::<Tyneside>(b.world_mut(), 0, "scruffy", "Rebels"),
        Err(SittingError::WrongPassphrase("Rebels".into()))
    );
    sit_in::<Tyneside>(b.world_mut(), 1, "sith", "Empire").unwrap();
    assert_eq!(
        order_of(&mut b, "chewie"),
        Some(Order::Stand),
        "the old counter: the new one is face down"
    );
    // The last side to place has nothing to hide: its counter goes face up.
    let sent = b.send(Command::PlaceOrder {
        group: "vader".into(),
        order: Order::Advance,
    });
    assert!(
        matches!(sent, CommandOutcome::Accepted(Command::PlaceOrder { .. })),
        "{sent:?}"
    );
    // A forged turning-over is refused; the Rebels' own is awaited.
    ok(&mut b, Command::EndPhase);
    assert_eq!(b.phase(), "Orders");
    assert!(
        sitting_over::<Tyneside>(b.world()),
        "the Rebels turn theirs over"
    );

    let mut forged = open(&file);
    // Not signed in, nothing goes; signed in as the Empire, not the Rebels' counter.
    sit_in::<Tyneside>(forged.world_mut(), 1, "sith", "Empire").unwrap();
    let why = refused(
        &mut forged,
        Command::TurnOver {
            orders: vec![TurnedOver {
                group: "chewie".into(),
                order: Order::Retreat,
                salt: "00".into(),
            }],
        },
    );
    assert!(
        why.contains("not the one placed face down") || why.contains("other side's part"),
        "{why}"
    );

    // The Rebels open it with their passphrase: the counter is turned over and checked, and
    // the turn moves on.
    let mut a2 = open(&file);
    assert_eq!(
        sit_in::<Tyneside>(a2.world_mut(), 0, "nerf-herder", "Rebels"),
        Err(SittingError::WrongPassphrase("Rebels".into()))
    );
    sit_in::<Tyneside>(a2.world_mut(), 0, "nerf herder", "Rebels").unwrap();
    assert_eq!(a2.phase(), "Movement");
    assert_eq!(order_of(&mut a2, "chewie"), Some(Order::Attack));
    assert_eq!(order_of(&mut a2, "vader"), Some(Order::Advance));
    assert!(matches!(
        a2.record().commands.last().map(|c| &c.command),
        Some(Command::TurnOver { .. })
    ));
    // The file as written replays to the same game for anyone, on the command line too.
    let again = open(&file);
    assert_eq!(again.record().commands.len(), a2.record().commands.len());
    let path = file.to_str().unwrap();
    let (code, out, err) = crate::common::holotable(&["replay", path, "--check"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("5 commands replayed"), "{out}");
    // --by-email starts a new game; a game by e-mail opens as any save.
    let (code, _, err) = crate::common::holotable(&["play", path, "--by-email", "other.ron"]);
    assert_eq!(code, 1);
    assert!(err.contains("opens with `holotable play"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_first_passphrase_may_not_be_empty_and_a_hotseat_game_has_no_sitting() {
    let mut s = Game::start(&loaded_from(DUEL), Randomness::seeded(5)).unwrap();
    assert_eq!(
        sit_in::<Tyneside>(s.world_mut(), 0, "x", "Rebels"),
        Err(SittingError::NotByEmail)
    );
    let dir = folder("empty");
    by_email::start::<Tyneside>(s.world_mut(), dir.join("g.ron")).unwrap();
    assert_eq!(
        sit_in::<Tyneside>(s.world_mut(), 0, "", "Rebels"),
        Err(SittingError::EmptyPassphrase)
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_face_down_counter_edited_in_the_file_is_refused_on_opening() {
    let dir = folder("edited");
    let file = dir.join("duel.ron");
    rebels_place_attack(&file);
    let text = std::fs::read_to_string(&file).unwrap();
    let at = text.find("seal: \"").unwrap() + 7;
    let digit = &text[at..at + 1];
    let edited = format!(
        "{}{}{}",
        &text[..at],
        if digit == "0" { "1" } else { "0" },
        &text[at + 1..]
    );
    let record = save::parse::<Command>(&edited, &file).unwrap();
    let e = Game::replay(&record)
        .err()
        .expect("an edited save must not replay");
    assert!(e.to_string().contains("was edited"), "{e}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_counter_taken_back_in_a_sitting_is_not_the_one_turned_over() {
    let dir = folder("undo");
    let file = dir.join("duel.ron");
    let mut a = rebels_place_attack(&file);
    // Undo replays the record with the sitting set aside, and writes the file again.
    a.undo().unwrap();
    assert_eq!(a.record().commands.len(), 0);
    assert!(
        !std::fs::read_to_string(&file)
            .unwrap()
            .contains("PlaceFaceDown")
    );
    ok(
        &mut a,
        Command::PlaceOrder {
            group: "chewie".into(),
            order: Order::Retreat,
        },
    );
    ok(&mut a, Command::EndPhase);
    let mut b = open(&file);
    sit_in::<Tyneside>(b.world_mut(), 1, "sith", "Empire").unwrap();
    ok(&mut b, Command::EndPhase);
    let mut a2 = open(&file);
    sit_in::<Tyneside>(a2.world_mut(), 0, "nerf herder", "Rebels").unwrap();
    assert_eq!(order_of(&mut a2, "chewie"), Some(Order::Retreat));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn since_your_last_turn_starts_after_your_last_command_and_is_seen_as_you() {
    use holotable::engine::replay_view::{ReplayStatus, close, goto, open};
    let mut s = Game::start(&loaded_from(DUEL), Randomness::seeded(5)).unwrap();
    for c in [
        Command::PlaceOrder {
            group: "chewie".into(),
            order: Order::Attack,
        },
        Command::EndPhase,
        Command::PlaceOrder {
            group: "vader".into(),
            order: Order::Advance,
        },
        Command::EndPhase,
    ] {
        ok(&mut s, c);
    }
    // Movement: Chewbacca (initiative 4) before Vader (7), so the Rebels act; their last
    // command was the second.
    open::<Tyneside>(s.world_mut(), true).unwrap();
    let status = s.world().resource::<ReplayStatus>().clone();
    assert_eq!(
        (status.viewing_side, status.at, status.len, status.playing),
        (Some(0), 2, 4, false)
    );
    assert!(status.may_branch, "a hotseat game may branch");
    // The Empire's counter (command 3) is told to the Rebels without its order; their own is
    // told whole.
    goto::<Tyneside>(s.world_mut(), 3).unwrap();
    let told = s.world().resource::<ReplayStatus>().last.clone();
    assert!(
        told.contains("face down") && !told.contains("Advance"),
        "{told}"
    );
    goto::<Tyneside>(s.world_mut(), 1).unwrap();
    let told = s.world().resource::<ReplayStatus>().last.clone();
    assert!(told.contains("Attack"), "{told}");
    close::<Tyneside>(s.world_mut(), false).unwrap();
    assert_eq!(s.record().commands.len(), 4);
}

#[test]
fn a_game_by_email_is_replayed_as_the_side_signed_in_and_never_branches() {
    use holotable::engine::replay_view::{ReplayStatus, close, open};
    let dir = folder("viewer");
    let file = dir.join("duel.ron");
    let mut a = rebels_place_attack(&file);
    ok(&mut a, Command::EndPhase);
    // The Empire is to act, but the Rebels sit here: the replay is theirs.
    open::<Tyneside>(a.world_mut(), false).unwrap();
    let status = a.world().resource::<ReplayStatus>().clone();
    assert_eq!((status.viewing_side, status.may_branch), (Some(0), false));
    let why = close::<Tyneside>(a.world_mut(), true).unwrap_err();
    assert!(why.contains("does not branch"), "{why}");
    close::<Tyneside>(a.world_mut(), false).unwrap();
    assert_eq!(a.record().commands.len(), 2);
    assert!(sitting_over::<Tyneside>(a.world()));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_seal_edited_in_any_way_is_refused_on_opening() {
    // Issue 28, finding 4: "Edits to the seal section itself (a changed blob, swapped entries,
    // a damaged salt, the section removed) are never detected."
    let dir = folder("salt");
    let file = dir.join("duel.ron");
    rebels_place_attack(&file);
    let text = std::fs::read_to_string(&file).unwrap();
    let replace_value = |key: &str, with: &str| {
        let at = text.find(&format!("{key}: \"")).unwrap() + key.len() + 3;
        let end = at + text[at..].find('"').unwrap();
        format!("{}{with}{}", &text[..at], &text[end..])
    };
    let opened = |edited: &str| {
        let record = save::parse::<Command>(edited, &file).map_err(|e| e.to_string())?;
        Game::replay(&record).map(|_| ()).map_err(|e| e.to_string())
    };
    assert_eq!(opened(&text), Ok(()));
    for (what, edited) in [
        ("a damaged salt", replace_value("salt", "!")),
        ("a changed seal", replace_value("sealed", "AAAA")),
        ("a changed key", replace_value("public", "AAAA")),
        ("the entry moved to another side", {
            let seals = text.find("by_email:").unwrap();
            let (before, after) = text.split_at(seals);
            format!("{before}{}", after.replacen("side: 0,", "side: 1,", 1))
        }),
    ] {
        let e = opened(&edited).expect_err(what);
        assert!(
            e.contains("seal") && e.contains("was edited"),
            "{what}: {e}"
        );
    }
    // The whole section taken out: its commands are signed, so it is missed.
    let start = text.find("    by_email:").unwrap();
    let end = text
        .find("    camera:")
        .unwrap_or_else(|| text.rfind(')').unwrap());
    let e = opened(&format!("{}{}", &text[..start], &text[end..])).expect_err("no seals");
    assert!(e.contains("signed") && e.contains("was edited"), "{e}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_side_that_has_played_cannot_be_signed_in_anew() {
    // Issue 28, finding 4: "Deleting the other side's (side, salt, sealed) entry makes the app
    // ask for a new passphrase for that side; the file's holder signs in as the other side".
    let dir = folder("impersonate");
    let file = dir.join("duel.ron");
    let mut a = rebels_place_attack(&file);
    ok(&mut a, Command::EndPhase);
    let text = std::fs::read_to_string(&file).unwrap();
    // The Empire's holder takes the Rebels' entry out.
    let record = save::parse::<Command>(&text, &file).unwrap();
    let mut cut = record.clone();
    cut.by_email.as_mut().unwrap().sides.retain(|s| s.side != 0);
    let e = Game::replay(&cut).err().expect("refused");
    assert!(
        e.to_string().contains("key is missing") || e.to_string().contains("no seal"),
        "{e}"
    );
    // And a command the Empire signs while the Rebels were to act is refused on opening.
    let mut b = open(&file);
    sit_in::<Tyneside>(b.world_mut(), 1, "sith", "Empire").unwrap();
    let mut forged = b.record().clone();
    let rebels = forged.commands[0].signed.clone().unwrap();
    assert_eq!(rebels.side, 0);
    let key = holotable::engine::signing::signing_key(&[7; 32]);
    holotable::engine::signing::sign_command(&mut forged, 0, 1, &key);
    let e = Game::replay(&forged).err().expect("refused");
    assert!(e.to_string().contains("Empire"), "{e}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// The Rebels' seal in `file`, as it stands.
fn rebels_seal(file: &Path) -> String {
    let text = save::read(file).unwrap();
    let record: holotable::engine::record::GameRecord<Command> = save::parse(&text, file).unwrap();
    let sides = record.by_email.expect("by e-mail").sides;
    sides
        .into_iter()
        .find(|s| s.side == 0)
        .expect("the Rebels' seal")
        .sealed
}

#[test]
fn orders_of_different_lengths_seal_to_the_same_length() {
    // Issue 28, finding 5: "the sealed blob's length gives the plaintext's length exactly".
    let dir = folder("padded");
    let lengths: Vec<usize> = [Order::Stand, Order::Advance, Order::Attack, Order::Retreat]
        .into_iter()
        .enumerate()
        .map(|(i, order)| {
            let file = dir.join(format!("duel-{i}.ron"));
            let mut a = drawn(&file);
            let empty = sealed_bytes(&rebels_seal(&file));
            ok(
                &mut a,
                Command::PlaceOrder {
                    group: "chewie".into(),
                    order,
                },
            );
            let placed = sealed_bytes(&rebels_seal(&file));
            assert!(placed > empty, "the counter went into the seal");
            placed
        })
        .collect();
    assert!(lengths.windows(2).all(|w| w[0] == w[1]), "{lengths:?}");
}

/// The length in bytes of what a seal holds (base64 hides a byte or two of difference).
fn sealed_bytes(sealed: &str) -> usize {
    use base64::Engine as _;
    base64::engine::general_purpose::STANDARD
        .decode(sealed)
        .expect("base64")
        .len()
}

#[test]
fn a_counter_changed_before_it_is_turned_over_leaves_no_trace_in_the_record() {
    // Issue 28, finding 5: "each change of mind is also a public command".
    let dir = folder("changed");
    let file = dir.join("duel.ron");
    let mut a = rebels_place_attack(&file);
    ok(
        &mut a,
        Command::PlaceOrder {
            group: "chewie".into(),
            order: Order::Advance,
        },
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text.matches("PlaceFaceDown").count(), 1, "{text}");
    assert_eq!(a.record().commands.len(), 1);
    ok(&mut a, Command::EndPhase);
    let mut b = open(&file);
    sit_in::<Tyneside>(b.world_mut(), 1, "sith", "Empire").unwrap();
    ok(&mut b, Command::EndPhase);
    let mut a2 = open(&file);
    sit_in::<Tyneside>(a2.world_mut(), 0, "nerf herder", "Rebels").unwrap();
    assert_eq!(order_of(&mut a2, "chewie"), Some(Order::Advance));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_dice_seed_is_drawn_by_both_sides_and_reopening_throws_the_same_dice() {
    // Issue 28, finding 2: "at the start of a game by e-mail both sides commit to a random
    // value and then reveal it, and the seed is derived from both".
    let dir = folder("seed");
    let file = dir.join("duel.ron");
    let mut a = Game::start(&loaded_from(DUEL), Randomness::seeded(5)).unwrap();
    by_email::start::<Tyneside>(a.world_mut(), file.clone()).unwrap();
    sit_in::<Tyneside>(a.world_mut(), 0, "nerf herder", "Rebels").unwrap();
    // Nothing is played before both parts are in.
    let why = refused(
        &mut a,
        Command::PlaceOrder {
            group: "chewie".into(),
            order: Order::Stand,
        },
    );
    assert!(
        why.contains("dice are not drawn yet") && why.contains("Empire"),
        "{why}"
    );
    let starter_seed = a.record().seed;
    drop(a);
    let mut b = open(&file);
    sit_in::<Tyneside>(b.world_mut(), 1, "sith", "Empire").unwrap();
    let mut a = open(&file);
    sit_in::<Tyneside>(a.world_mut(), 0, "nerf herder", "Rebels").unwrap();
    let seed = a.record().seed;
    assert!(
        seed.is_some() && seed != starter_seed,
        "the starter's seed is not the game's"
    );
    let parts = a.record().by_email.clone().unwrap().seed;
    assert_eq!(parts.len(), 2);
    assert!(parts.iter().all(|p| p.value.is_some()));
    // The same game opened twice throws the same dice: a bad roll is not undone by reopening.
    ok(&mut a, Command::EndPhase);
    let mut b = open(&file);
    sit_in::<Tyneside>(b.world_mut(), 1, "sith", "Empire").unwrap();
    ok(&mut b, Command::EndPhase);
    let run = |s: &mut Game| {
        s.send(Command::Run {
            figure: "dv".into(),
        })
    };
    let first = open(&file);
    let second = open(&file);
    let rolls: Vec<String> = [first, second]
        .into_iter()
        .map(|mut g| {
            sit_in::<Tyneside>(g.world_mut(), 1, "sith", "Empire").ok();
            let _ = run(&mut g);
            format!("{:?}", g.record().commands.last().map(|c| c.dice.clone()))
        })
        .collect();
    assert_eq!(rolls[0], rolls[1]);
    // A part changed in the file (the value no longer the one committed to) is refused.
    let text = std::fs::read_to_string(&file).unwrap();
    let at = text.find("value: Some(\"").unwrap() + 13;
    let flipped = if &text[at..at + 1] == "0" { "1" } else { "0" };
    let edited = format!("{}{flipped}{}", &text[..at], &text[at + 1..]);
    let record = save::parse::<Command>(&edited, &file).unwrap();
    let e = Game::replay(&record).err().expect("refused");
    assert!(e.to_string().contains("was edited"), "{e}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn chosen_dice_with_the_seals_pasted_on_are_refused() {
    // Issue 28, finding 2: "anyone can write a record with chosen dice (`holotable run --dice
    // ... --save`) and paste a game's seals onto it".
    let dir = folder("pasted");
    let file = dir.join("duel.ron");
    let mut a = rebels_place_attack(&file);
    ok(&mut a, Command::EndPhase);
    let record = a.record().clone();
    // The same commands with the dice forced (no seed), the game's seals pasted on.
    let mut forced = record.clone();
    forced.seed = None;
    let e = Game::replay(&forced).err().expect("refused");
    assert!(e.to_string().contains("not the one both sides drew"), "{e}");
    // Another seed, chosen: refused the same way.
    let mut chosen = record;
    chosen.seed = chosen.seed.map(|s| s ^ 1);
    let e = Game::replay(&chosen).err().expect("refused");
    assert!(e.to_string().contains("not the one both sides drew"), "{e}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn dice_typed_in_by_hand_need_both_sides_agreement() {
    // Issue 28, finding 2: typed rolls "need the other side's consent in a game by e-mail".
    use holotable::engine::dice::DiceRes;
    let dir = folder("typed");
    let file = dir.join("duel.ron");
    // Chewbacca on Attack ("Must move at run"), the Empire's orders placed, the counter turned
    // over: the Rebels move first.
    let mut a = rebels_place_attack(&file);
    ok(&mut a, Command::EndPhase);
    let mut b = open(&file);
    sit_in::<Tyneside>(b.world_mut(), 1, "sith", "Empire").unwrap();
    ok(&mut b, Command::EndPhase);
    let mut a = open(&file);
    sit_in::<Tyneside>(a.world_mut(), 0, "nerf herder", "Rebels").unwrap();
    // The Rebels tick "We roll our own": their agreement goes into the file, but the Empire's
    // is missing, so nothing is played with typed dice.
    a.world_mut().resource_mut::<DiceRes>().set_manual(true);
    a.world_mut().run_schedule(bevy::app::Update);
    let why = refused(
        &mut a,
        Command::Run {
            figure: "chew".into(),
        },
    );
    assert!(why.contains("Empire has not ticked"), "{why}");
    a.world_mut().resource_mut::<DiceRes>().set_manual(false);
    // A typed roll written into the file without the Empire's agreement is refused on opening.
    ok(
        &mut a,
        Command::Run {
            figure: "chew".into(),
        },
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains("own_dice: true"),
        "the Rebels' agreement is kept"
    );
    let mut record = save::parse::<Command>(&text, &file).unwrap();
    let last = record.commands.last_mut().unwrap();
    last.dice[0].typed = true;
    let e = Game::replay(&record).err().expect("refused");
    assert!(e.to_string().contains("never agreed"), "{e}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_counter_changed_after_another_was_placed_leaves_no_trace_either() {
    // The change of mind is taken out of the record with another group's counter placed
    // between: that one is sent again, and the file opens verified.
    let two = DUEL.replace(
        r#"        ]),
        (id: "empire""#,
        r#"            (id: "squad", name: "Rebel squad", order: Some(Stand), figures: [
                (id: "r1", profile: "Basic trooper", at: (12.0, 10.0)),
            ]),
        ]),
        (id: "empire""#,
    );
    assert!(two.contains("squad"));
    let dir = folder("changed-between");
    let file = dir.join("duel.ron");
    let mut a = Game::start(&loaded_from(&two), Randomness::seeded(5)).unwrap();
    by_email::start::<Tyneside>(a.world_mut(), file.clone()).unwrap();
    sit_in::<Tyneside>(a.world_mut(), 0, "nerf herder", "Rebels").unwrap();
    let mut b = open(&file);
    sit_in::<Tyneside>(b.world_mut(), 1, "sith", "Empire").unwrap();
    let mut a = open(&file);
    sit_in::<Tyneside>(a.world_mut(), 0, "nerf herder", "Rebels").unwrap();
    for (group, order) in [
        ("chewie", Order::Attack),
        ("squad", Order::Move),
        ("chewie", Order::Advance),
    ] {
        ok(
            &mut a,
            Command::PlaceOrder {
                group: group.into(),
                order,
            },
        );
    }
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text.matches("PlaceFaceDown").count(), 2, "{text}");
    ok(&mut a, Command::EndPhase);
    let mut b = open(&file);
    sit_in::<Tyneside>(b.world_mut(), 1, "sith", "Empire").unwrap();
    ok(&mut b, Command::EndPhase);
    let mut a2 = open(&file);
    sit_in::<Tyneside>(a2.world_mut(), 0, "nerf herder", "Rebels").unwrap();
    assert_eq!(order_of(&mut a2, "chewie"), Some(Order::Advance));
    assert_eq!(order_of(&mut a2, "squad"), Some(Order::Move));
    std::fs::remove_dir_all(dir).unwrap();
}

/// Issue 59: a rollback does not open silently. A file with its last command cut is refused
/// by anyone (each side's seal signs how many commands it left the game at); one with a whole
/// sitting of the other side cut, its own earlier seals intact, is refused by the computer
/// that saw the game further.
#[test]
fn a_file_cut_back_is_refused() {
    let dir = folder("rollback");
    let file = dir.join("duel.ron");
    let mut a = rebels_place_attack(&file);
    ok(&mut a, Command::EndPhase);
    // The Empire's sitting: the file it sends back.
    let mut b = open(&file);
    sit_in::<Tyneside>(b.world_mut(), 1, "sith", "Empire").unwrap();
    ok(
        &mut b,
        Command::PlaceOrder {
            group: "vader".into(),
            order: Order::Advance,
        },
    );
    ok(&mut b, Command::EndPhase);
    let empires = std::fs::read_to_string(&file).unwrap();
    // The Rebels' sitting turns their counter over.
    let mut a2 = open(&file);
    sit_in::<Tyneside>(a2.world_mut(), 0, "nerf herder", "Rebels").unwrap();
    let held = a2.record().commands.len();
    assert!(
        held > save::parse::<Command>(&empires, &file)
            .unwrap()
            .commands
            .len()
    );

    // The last command cut: the Rebels' seal says how many it left, whoever opens it.
    let mut cut = a2.record().clone();
    cut.commands.pop();
    let cut_file = dir.join("cut.ron");
    save::save(&cut, &cut_file).unwrap();
    let (code, _, err) =
        crate::common::holotable(&["replay", cut_file.to_str().unwrap(), "--check"]);
    assert_eq!(code, 1);
    assert!(
        err.contains(&format!("Rebels last wrote this game at {held} commands"))
            && err.contains("cut.ron:"),
        "{err}"
    );

    // The Rebels' whole sitting cut, every seal as the Empire left it: it replays, but this
    // computer saw the game further and will not sit down to it.
    std::fs::write(&file, &empires).unwrap();
    let mut back = open(&file);
    match sit_in::<Tyneside>(back.world_mut(), 0, "nerf herder", "Rebels") {
        Err(SittingError::RolledBack(why)) => assert!(
            why.contains(&format!("seen this game at {held} commands")),
            "{why}"
        ),
        other => panic!("a rolled-back file was sat down to: {other:?}"),
    }
    std::fs::remove_dir_all(dir).unwrap();
}

/// The ledger's own test: another history up to the commands seen is refused, the same or a
/// longer one is not.
#[test]
fn the_ledger_tells_a_changed_history_from_a_longer_one() {
    let dir = folder("ledger");
    let file = dir.join("duel.ron");
    let mut a = rebels_place_attack(&file);
    ok(&mut a, Command::EndPhase);
    let ledger = a
        .world()
        .resource::<by_email::Seat>()
        .ledger
        .clone()
        .expect("a data folder");
    let record = a.record().clone();
    assert_eq!(by_email::rolled_back(&ledger, &record), None);
    let mut changed = record.clone();
    let last = changed.commands.len() - 1;
    changed.commands[last].hash ^= 1;
    let why = by_email::rolled_back(&ledger, &changed).expect("a changed history");
    assert!(why.contains("its moves were changed"), "{why}");
    std::fs::remove_dir_all(dir).unwrap();
}

/// Issue 59: a file whose by-e-mail block was taken out is refused naming the file, not the
/// scenario it was played from.
#[test]
fn a_file_without_its_seals_is_refused_naming_the_file() {
    let dir = folder("no-seals");
    let file = dir.join("duel.ron");
    let mut a = rebels_place_attack(&file);
    ok(&mut a, Command::EndPhase);
    let mut record = a.record().clone();
    record.by_email = None;
    let stripped = dir.join("stripped.ron");
    save::save(&record, &stripped).unwrap();
    let (code, _, err) =
        crate::common::holotable(&["replay", stripped.to_str().unwrap(), "--check"]);
    assert_eq!(code, 1);
    assert!(
        err.contains("stripped.ron") && err.contains("seals are gone"),
        "{err}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}
