//! `holotable serve` and `holotable club` as separate processes on loopback: a whole game of
//! every rule set played through a club server by two players choosing by the rules' policy,
//! both seats ending in step, a third player watching, the export verifying offline; the server killed with -9
//! mid-game and started again, nothing it acknowledged lost; a held seat refused to another
//! key; a correspondence game over many sittings; hostile connections. Every wait is bounded.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use holotable::club::client::Client;
use holotable::club::identity;
use holotable::club::protocol::{ToClient, ToServer, write_frame};
use holotable::engine::online::protocol::ToGuest;
use holotable::engine::ruleset::RuleSet;
use holotable::engine::save;
use holotable::engine::session::{Headless, Session};
use holotable::rules::scenario::Control;
use holotable::rulesets::one_stat::OneStat;

use super::online::{End, args, folder};

/// Starts a server keeping its games in `dir/srv` on `port` (0: any): it and its port.
fn serve(dir: &Path, port: u16) -> (End, u16) {
    serve_with(dir, port, &[])
}

/// [`serve`] with more arguments.
fn serve_with(dir: &Path, port: u16, more: &[&str]) -> (End, u16) {
    let data = dir.join("srv");
    let mut a = args(&[
        "serve",
        "--port",
        &port.to_string(),
        "--data",
        data.to_str().unwrap(),
        "--idle",
        "1",
    ]);
    a.extend(args(more));
    let mut end = End::start(&a);
    let line = end.line("listening on port ");
    let port = line["listening on port ".len()..]
        .split(',')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    (end, port)
}

/// `club 127.0.0.1:PORT --data dir/WHO --name WHO ARGS…`: the arguments.
fn club_args(dir: &Path, port: u16, who: &str, rest: &[&str]) -> Vec<String> {
    let mut a = args(&[
        "club",
        &format!("127.0.0.1:{port}"),
        "--data",
        dir.join(who).to_str().unwrap(),
        "--name",
        who,
        "--patience",
        "60",
    ]);
    a.extend(args(rest));
    a
}

/// `holotable club …` as [`club_args`], started.
fn club(dir: &Path, port: u16, who: &str, rest: &[&str]) -> End {
    End::start(&club_args(dir, port, who, rest))
}

/// The same, run to its end: its output.
fn club_done(dir: &Path, port: u16, who: &str, rest: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_holotable"))
        .args(club_args(dir, port, who, rest))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// `cantina_brawl` with a 30-phase limit, written into `dir`: its path. Played by the rules'
/// policy on both sides, about one game in sixty never ends as the text has it (two Bosses each
/// ignoring the one wound a turn the other gives; docs/rules/one_stat.md, "The turn limit"), so
/// a test that waits for the end plays the scenario with the limit a player may set.
fn brawl(dir: &Path) -> String {
    let src = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/one_stat/cantina_brawl.ron"),
    )
    .unwrap();
    let limited = src.replacen(
        "goal: LastManStanding,",
        "goal: LastManStanding,\n    turn_limit: 30,",
        1,
    );
    assert_ne!(limited, src, "the limit is written");
    let file = dir.join("cantina_brawl-30-phases.ron");
    std::fs::write(&file, limited).unwrap();
    file.to_str().unwrap().to_string()
}

/// The commands `end` holds: those it sat down holding and those it was told of since.
fn held(end: &End) -> usize {
    let sat: usize = end
        .seen
        .iter()
        .find_map(|l| l.split(", holding ").nth(1))
        .and_then(|n| n.split(' ').next()?.parse().ok())
        .unwrap_or(0);
    sat + end
        .seen
        .iter()
        .filter(|l| l.starts_with("command: "))
        .count()
}

/// The ids of the sides a person plays in bundled scenario `name`.
fn person_sides(name: &str) -> Vec<String> {
    holotable::rulesets::registry()
        .load(name)
        .unwrap()
        .0
        .header
        .sides
        .iter()
        .filter(|s| s.control == Control::Human)
        .map(|s| s.id.clone())
        .collect()
}

fn hash_of(end: &mut End) -> String {
    end.line("over: state hash ")["over: state hash ".len()..].to_string()
}

/// The first player's signature in an export's club proof (base64).
fn first_signature(saved: &str) -> String {
    let signed = saved.split("signed:[").nth(1).unwrap();
    signed
        .split("Some((")
        .nth(1)
        .unwrap()
        .split('"')
        .nth(1)
        .unwrap()
        .to_string()
}

/// Exports game `game` as `who` and checks it with `holotable replay --check`.
fn export_verifies(dir: &Path, port: u16, who: &str, game: u64) {
    let file = dir.join(format!("game{game}.ron"));
    let out = club_done(
        dir,
        port,
        who,
        &["export", &game.to_string(), file.to_str().unwrap()],
    );
    assert!(out.status.success(), "export: {}", text(&out));
    let check = Command::new(env!("CARGO_BIN_EXE_holotable"))
        .args(["replay", file.to_str().unwrap(), "--check"])
        .output()
        .unwrap();
    assert!(check.status.success(), "replay --check: {}", text(&check));
    // The club's proof is checked: the server's part, a player's part, a signature edited or
    // taken away.
    let saved = std::fs::read_to_string(&file).unwrap();
    let server_part = saved.split("server_part:\"").nth(1).unwrap()[..64].to_string();
    let first_part = saved.split("part:\"").nth(2).unwrap()[..64].to_string();
    let signature = first_signature(&saved);
    // The first signed command's whole entry, `Some((side,"signature"))`: made a rules' step.
    let at = saved.find(&signature).unwrap();
    let entry_from = saved[..at].rfind("Some((").unwrap();
    let entry = saved[entry_from..at + signature.len() + 3].to_string();
    assert!(entry.ends_with("\"))"), "{entry}");
    let flip = |s: &str| {
        let c = if s.starts_with('a') { "b" } else { "a" };
        format!("{c}{}", &s[1..])
    };
    for (what, from, to, says) in [
        (
            "the server's part",
            &server_part,
            flip(&server_part),
            "committed",
        ),
        ("a player's part", &first_part, flip(&first_part), "seed"),
        (
            "a signature",
            &signature,
            flip(&signature),
            "not signed by its player",
        ),
        (
            "a signature taken away",
            &entry,
            "None".to_string(),
            "carries no signature",
        ),
    ] {
        let edited = dir.join(format!("edited{game}.ron"));
        std::fs::write(&edited, saved.replacen(from.as_str(), &to, 1)).unwrap();
        let check = Command::new(env!("CARGO_BIN_EXE_holotable"))
            .args(["replay", edited.to_str().unwrap(), "--check"])
            .output()
            .unwrap();
        assert!(
            !check.status.success() && text(&check).contains(says),
            "{what} edited: {}",
            text(&check)
        );
    }
}

#[test]
fn a_game_of_each_rule_set_through_the_club_ends_in_step_at_both_seats_and_verifies_offline() {
    let dir = folder("club-each");
    let (mut server, port) = serve(&dir, 0);
    let scenarios = [
        brawl(&dir),
        "walker_assault".into(),
        "escort_battle".into(),
        "platoon_fight".into(),
        "shooting_example".into(),
    ];
    for (n, scenario) in scenarios.iter().enumerate() {
        let game = n as u64 + 1;
        let sides = person_sides(scenario);
        let mut ann = club(
            &dir,
            port,
            "ann",
            &["create", scenario.as_str(), "--side", &sides[0]],
        );
        ann.line(&format!("game {game} created"));
        let mut bob = club(&dir, port, "bob", &["take", &game.to_string()]);
        bob.line("sat at game");
        // A third player watches it, as no side sees it.
        let mut cy = club(&dir, port, "cy", &["watch", &game.to_string()]);
        let (a, b, c) = (hash_of(&mut ann), hash_of(&mut bob), hash_of(&mut cy));
        assert!(ann.wait() && bob.wait() && cy.wait(), "{scenario}");
        if scenario.contains("cantina_brawl") {
            // Nothing is hidden in 1 Stat: both seats and the watcher hold the whole game.
            assert_eq!(a, b, "{scenario}: both seats end with the same game");
            assert_eq!(a, c, "{scenario}: the watcher sees the same game");
        }
        // The watcher may sit down after the game began: what it held then counts.
        assert_eq!(
            held(&cy),
            held(&ann),
            "{scenario}: the watcher holds the whole game"
        );
        assert!(held(&ann) > 10, "{scenario}: a whole game was played");
        export_verifies(&dir, port, "bob", game);
        if scenario.contains("cantina_brawl") {
            // The same game played at one screen: its export replayed here ends where both
            // seats and the watcher did.
            let file = dir.join(format!("game{game}.ron"));
            let saved = std::fs::read_to_string(&file).unwrap();
            let record = save::parse::<<OneStat as RuleSet>::Command>(&saved, &file).unwrap();
            let mut one_screen = Session::<OneStat>::replay(&record).unwrap();
            assert_eq!(format!("{:016x}", one_screen.state_hash()), a);
        }
    }
    let refused = club_done(&dir, port, "ann", &["export", "99", "x.ron"]);
    assert!(!refused.status.success() && text(&refused).contains("no such game"));
    let _ = server.child.kill();
}

#[test]
fn a_server_killed_mid_game_carries_on_with_nothing_lost_and_a_held_seat_stays_its_players() {
    let dir = folder("club-kill");
    let (mut server, port) = serve(&dir, 0);
    let sides = person_sides("cantina_brawl");
    let brawl = brawl(&dir);
    let mut ann = club(&dir, port, "ann", &["create", &brawl, "--side", &sides[0]]);
    ann.line("game 1 created");
    let mut bob = club(&dir, port, "bob", &["take", "1"]);
    for _ in 0..40 {
        ann.line("command: ");
    }
    server.child.kill().unwrap();
    server.child.wait().unwrap();
    assert!(!ann.wait() && !bob.wait(), "both lose the server");
    // Every command either player was told of was kept before he heard of it.
    let told = |end: &End| {
        end.seen
            .iter()
            .filter(|l| l.starts_with("command: "))
            .count()
    };
    let (ann_told, bob_told) = (told(&ann), told(&bob));
    let (mut server, port) = serve(&dir, port);
    let carol = club_done(&dir, port, "carol", &["take", "1", "--side", &sides[0]]);
    assert!(
        !carol.status.success(),
        "another key cannot take a held seat"
    );
    assert!(
        text(&carol).contains("every seat of this game is taken"),
        "{}",
        text(&carol)
    );
    let carol_sits = club_done(&dir, port, "carol", &["sit", "1"]);
    assert!(
        text(&carol_sits).contains("you hold no seat"),
        "{}",
        text(&carol_sits)
    );
    let mut ann = club(&dir, port, "ann", &["sit", "1"]);
    let held: usize = ann.line("sat at game 1, holding ")["sat at game 1, holding ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        held >= ann_told.max(bob_told),
        "the server holds {held} commands; the players were told of {ann_told} and {bob_told}"
    );
    let mut bob = club(&dir, port, "bob", &["sit", "1"]);
    assert_eq!(hash_of(&mut ann), hash_of(&mut bob));
    assert!(ann.wait() && bob.wait());
    export_verifies(&dir, port, "ann", 1);
    let _ = server.child.kill();
}

#[test]
fn a_finished_game_exported_from_one_server_is_brought_to_another_by_one_of_its_players() {
    let dir = folder("club-import");
    let (mut first, port) = serve(&dir, 0);
    let brawl = brawl(&dir);
    let sides = person_sides("cantina_brawl");
    let mut ann = club(&dir, port, "ann", &["create", &brawl, "--side", &sides[0]]);
    ann.line("game 1 created");
    let mut bob = club(&dir, port, "bob", &["take", "1"]);
    assert_eq!(hash_of(&mut ann), hash_of(&mut bob));
    assert!(ann.wait() && bob.wait());
    let exported = dir.join("from-first.ron");
    let out = club_done(
        &dir,
        port,
        "ann",
        &["export", "1", exported.to_str().unwrap()],
    );
    assert!(out.status.success(), "{}", text(&out));
    let _ = first.child.kill();
    // Another club, with a game of its own first, so the numbers differ.
    let other = dir.join("other");
    std::fs::create_dir_all(&other).unwrap();
    let (mut second, port) = serve(&other, 0);
    let own = club_done(
        &dir,
        port,
        "carol",
        &["create", &brawl, "--side", &sides[0], "--until-waiting"],
    );
    assert!(own.status.success(), "{}", text(&own));
    let file = exported.to_str().unwrap();
    let stranger = club_done(&dir, port, "carol", &["import", file]);
    assert!(
        !stranger.status.success() && text(&stranger).contains("only one of its players"),
        "{}",
        text(&stranger)
    );
    let saved = std::fs::read_to_string(&exported).unwrap();
    let signature = first_signature(&saved);
    let signature = signature.as_str();
    let edited = dir.join("edited.ron");
    let flipped = format!("{}A{}", &signature[..10], &signature[11..]);
    let flipped = if flipped == signature {
        format!("{}B{}", &signature[..10], &signature[11..])
    } else {
        flipped
    };
    std::fs::write(&edited, saved.replacen(signature, &flipped, 1)).unwrap();
    let forged = club_done(&dir, port, "bob", &["import", edited.to_str().unwrap()]);
    assert!(
        !forged.status.success()
            && text(&forged).contains("not signed by its player")
            && text(&forged).contains("edited.ron"),
        "{}",
        text(&forged)
    );
    let brought = club_done(&dir, port, "bob", &["import", file]);
    assert!(
        text(&brought).contains("game 2 brought here") && brought.status.success(),
        "{}",
        text(&brought)
    );
    // Ann never signed in here: her seat is held all the same, not shown free.
    assert!(
        text(&brought).contains("a player from another club") && !text(&brought).contains("free"),
        "{}",
        text(&brought)
    );
    let again = club_done(&dir, port, "ann", &["import", file]);
    assert!(
        text(&again).contains("kept here already, as game 2"),
        "{}",
        text(&again)
    );
    // Kept as it was played: exported again here, it is the same game with the same proof.
    let back = dir.join("from-second.ron");
    let out = club_done(&dir, port, "bob", &["export", "2", back.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out));
    let check = Command::new(env!("CARGO_BIN_EXE_holotable"))
        .args(["replay", back.to_str().unwrap(), "--check"])
        .output()
        .unwrap();
    assert!(check.status.success(), "replay --check: {}", text(&check));
    assert_eq!(std::fs::read_to_string(&back).unwrap(), saved);
    let _ = second.child.kill();
}

/// Ann creates a correspondence game of `scenario` on `side` (with `more` arguments) and
/// leaves once it waits for Bob: her output.
fn corresponding(dir: &Path, port: u16, scenario: &str, side: &str, more: &[&str]) -> Output {
    let mut a = vec![
        "create",
        scenario,
        "--side",
        side,
        "--correspondence",
        "--until-waiting",
    ];
    a.extend(more);
    club_done(dir, port, "ann", &a)
}

/// Waits for the first chat line `client` is sent about game `game`: (who, what).
fn next_chat(client: &Client, game: u64) -> (String, String) {
    loop {
        match client.incoming.recv_timeout(Duration::from_secs(60)) {
            Ok(ToClient::Game {
                game: g,
                message: ToGuest::Chat { from, text },
            }) if g == game => return (from, text),
            Ok(ToClient::Refused { reason, .. }) => panic!("refused: {reason}"),
            Ok(_) => {}
            Err(e) => panic!("no chat line within 60 s: {e}"),
        }
    }
}

#[test]
fn chat_is_kept_with_the_game_across_sittings_and_a_restart_and_only_its_players_speak() {
    let dir = folder("club-chat");
    let (mut server, port) = serve(&dir, 0);
    let brawl = brawl(&dir);
    let sides = person_sides("cantina_brawl");
    let made = corresponding(&dir, port, &brawl, &sides[0], &[]);
    assert!(made.status.success(), "{}", text(&made));
    let taken = club_done(&dir, port, "bob", &["take", "1", "--until-waiting"]);
    assert!(taken.status.success(), "{}", text(&taken));
    let addr = format!("127.0.0.1:{port}");
    let wait = Duration::from_secs(60);
    let key = |who: &str| identity::key_in(&dir.join(who)).unwrap();
    let sit = |who: &str| {
        let mut c = Client::connect(&addr, key(who), who, wait).unwrap();
        c.send(&ToServer::Sit { game: 1, have: 0 }).unwrap();
        c
    };
    let mut ann = sit("ann");
    let bob = sit("bob");
    // Both seated before Ann speaks: a welcome each.
    for c in [&ann, &bob] {
        loop {
            if let Ok(ToClient::Game {
                message: ToGuest::Welcome { .. },
                ..
            }) = c.incoming.recv_timeout(wait)
            {
                break;
            }
        }
    }
    ann.send(&ToServer::Chat {
        game: 1,
        text: "  well met  ".into(),
    })
    .unwrap();
    assert_eq!(
        next_chat(&bob, 1),
        ("ann (Smugglers)".to_string(), "well met".to_string())
    );
    // Carol holds no seat: she is refused, and nobody hears her.
    let mut carol = Client::connect(&addr, key("carol"), "carol", wait).unwrap();
    carol
        .send(&ToServer::Chat {
            game: 1,
            text: "psst".into(),
        })
        .unwrap();
    match carol.incoming.recv_timeout(wait) {
        Ok(ToClient::Refused { reason, .. }) => {
            assert!(reason.contains("no seat"), "{reason}")
        }
        other => panic!("carol was not refused: {other:?}"),
    }
    drop((ann, bob, carol));
    // The server killed and started again: Bob, sitting down in a new sitting, is told the
    // chat so far before anything new.
    server.child.kill().unwrap();
    server.child.wait().unwrap();
    let (mut server, _) = serve(&dir, port);
    let bob = sit("bob");
    assert_eq!(
        next_chat(&bob, 1),
        ("ann (Smugglers)".to_string(), "well met".to_string())
    );
    // Ann's own line reads as her window showed it when she sent it.
    let ann = sit("ann");
    assert_eq!(
        next_chat(&ann, 1),
        ("you".to_string(), "well met".to_string())
    );
    let _ = server.child.kill();
}

#[test]
fn a_correspondence_game_is_played_over_many_sittings_each_player_leaving_when_not_to_move() {
    let dir = folder("club-corr");
    let told = dir.join("told.txt");
    let on_move = format!(
        "echo \"game $HOLOTABLE_GAME: $HOLOTABLE_PLAYER\" >> '{}'",
        told.display()
    );
    let (mut server, port) = serve_with(&dir, 0, &["--on-move", &on_move]);
    let sides = person_sides("cantina_brawl");
    let brawl = brawl(&dir);
    let first = corresponding(
        &dir,
        port,
        &brawl,
        &sides[0],
        &["--private", "--per-move", "3d"],
    );
    let said = text(&first);
    assert!(said.contains("waits for players"), "{said}");
    let invitation = said
        .split("invitation ")
        .nth(1)
        .and_then(|r| r.lines().next())
        .expect("a private game's code is printed")
        .to_string();
    let lobby = text(&club_done(&dir, port, "bob", &["lobby"]));
    assert!(
        !lobby.contains("Game 1 "),
        "a private game is not listed: {lobby}"
    );
    // Its creator's lobby lists it among hers, its sides by name.
    let hers = text(&club_done(&dir, port, "ann", &["lobby"]));
    assert!(
        hers.contains("mine: Game 1 · Brawl behind the cantina · 1 Stat Skirmish · correspondence · 3 days a move · Smugglers: ann, Swoop gang: free"),
        "{hers}"
    );
    let uninvited = club_done(&dir, port, "bob", &["take", "1", "--until-waiting"]);
    assert!(
        text(&uninvited).contains("by invitation"),
        "{}",
        text(&uninvited)
    );
    let mut sitting = club_done(
        &dir,
        port,
        "bob",
        &["take", "1", "--invitation", &invitation, "--until-waiting"],
    );
    // Being played, it says how long its move has waited, within the time allowed.
    let hers = text(&club_done(&dir, port, "ann", &["lobby"]));
    assert!(
        hers.contains("3 days a move · Smugglers: ann, Swoop gang: bob · to move for "),
        "{hers}"
    );
    assert!(!hers.contains("over the time allowed"), "{hers}");
    let mut sittings = 1;
    let mut whose = ["ann", "bob"].iter().cycle();
    while !text(&sitting).contains("over: state hash") {
        assert!(sitting.status.success(), "{}", text(&sitting));
        assert!(sittings < 2000, "the game ends");
        let who = whose.next().unwrap();
        let lobby = text(&club_done(&dir, port, who, &["lobby"]));
        let to_move = lobby.contains("your move in 1 game\n");
        assert!(to_move || lobby.contains("your move in 0 games"), "{lobby}");
        // The window's title counts the same, signing in and leaving in the background.
        let key = identity::key_in(&dir.join(who)).unwrap();
        let addr = format!("127.0.0.1:{port}");
        let (server, moves) = Client::glance(&addr, key, who, Duration::from_secs(60)).unwrap();
        assert!(
            lobby.contains(&format!("signed in to {server} as")),
            "{lobby}"
        );
        assert_eq!(moves, usize::from(to_move), "the title's count: {lobby}");
        sitting = club_done(&dir, port, who, &["sit", "1", "--until-waiting"]);
        let said = text(&sitting);
        if !said.contains("over: state hash") {
            assert_eq!(
                to_move,
                !said.contains("(sent 0 commands"),
                "the lobby says whose move it is: {lobby}\n{said}"
            );
        }
        sittings += 1;
    }
    assert!(sittings > 4, "the game took {sittings} sittings");
    // The club's command ran for each player not connected when he was to move.
    let told = std::fs::read_to_string(&told).unwrap_or_default();
    for who in ["ann", "bob"] {
        assert!(
            told.contains(&format!("game 1: {who}\n")),
            "{who} told: {told}"
        );
    }
    export_verifies(&dir, port, "bob", 1);
    let _ = server.child.kill();
}

#[test]
fn garbage_floods_and_forgeries_are_refused_and_the_server_serves_on() {
    let dir = folder("club-hostile");
    let (mut server, port) = serve(&dir, 0);
    let addr = format!("127.0.0.1:{port}");
    let wait = Duration::from_secs(10);
    // Garbage, and a frame that claims a gigabyte: the connection is let go.
    for bytes in [
        b"GET / HTTP/1.1\r\n\r\n".to_vec(),
        (1u32 << 30).to_be_bytes().to_vec(),
    ] {
        let mut s = TcpStream::connect(&addr).unwrap();
        s.set_read_timeout(Some(wait)).unwrap();
        s.write_all(&bytes).unwrap();
        let mut rest = Vec::new();
        let _ = s.read_to_end(&mut rest);
    }
    // A sign-in signed by another key.
    let mut s = TcpStream::connect(&addr).unwrap();
    s.set_read_timeout(Some(wait)).unwrap();
    let mut len = [0u8; 4];
    s.read_exact(&mut len).unwrap();
    let mut challenge = vec![0u8; u32::from_be_bytes(len) as usize];
    s.read_exact(&mut challenge).unwrap();
    let ToClient::Challenge { nonce, .. } = serde_json::from_slice(&challenge).unwrap() else {
        panic!("a challenge first")
    };
    let mine = ed25519_dalek::SigningKey::from_bytes(&[1; 32]);
    let theirs = ed25519_dalek::SigningKey::from_bytes(&[2; 32]);
    let public = identity::public(&theirs);
    let forged = ToServer::SignIn {
        name: "Mallory".into(),
        signature: identity::sign(
            &mine,
            &identity::sign_in_message(&nonce, "Mallory", &public),
        ),
        public,
    };
    write_frame(&mut s, &forged).unwrap();
    let mut answer = Vec::new();
    let _ = s.read_to_end(&mut answer);
    assert!(
        String::from_utf8_lossy(&answer).contains("not signed by that key"),
        "{}",
        String::from_utf8_lossy(&answer)
    );
    // A flood of lobby requests, and a command signed for another place.
    let mut flood = Client::connect(&addr, mine.clone(), "Flood", wait).unwrap();
    for _ in 0..3000 {
        if flood.send(&ToServer::Lobby).is_err() {
            break;
        }
    }
    let mut honest = Client::connect(&addr, theirs, "Honest", wait).unwrap();
    let started = Instant::now();
    honest.send(&ToServer::Lobby).unwrap();
    loop {
        match honest.incoming.recv_timeout(wait) {
            Ok(ToClient::Lobby { .. }) => break,
            Ok(_) => {}
            Err(e) => panic!("no lobby for another player during a flood: {e}"),
        }
    }
    assert!(started.elapsed() < wait);
    honest
        .send(&ToServer::Play {
            game: 1,
            ron: "EndPhase".into(),
            index: 0,
            signature: identity::sign(
                &ed25519_dalek::SigningKey::from_bytes(&[3; 32]),
                &identity::command_message(1, 0, "EndPhase"),
            ),
        })
        .unwrap();
    loop {
        match honest.incoming.recv_timeout(wait) {
            Ok(ToClient::Refused { reason, .. }) => {
                assert!(reason.contains("signature"), "{reason}");
                break;
            }
            Ok(_) => {}
            Err(e) => panic!("no refusal of a forged command: {e}"),
        }
    }
    // Another key under a name held here (letter case aside) is refused: the lobby and the
    // chat tell players apart by name. The name's own key signs in under it again.
    let other = ed25519_dalek::SigningKey::from_bytes(&[4; 32]);
    let Err(why) = Client::connect(&addr, other, "honest", wait) else {
        panic!("a second player called Honest")
    };
    assert!(why.contains("another player is called honest"), "{why}");
    drop(honest);
    let again = ed25519_dalek::SigningKey::from_bytes(&[2; 32]);
    assert!(Client::connect(&addr, again, "Honest", wait).is_ok());
    drop(flood);
    let _ = server.child.kill();
}

/// Issue 63 (a walk): `club … withdraw` gives up a seat in a game waiting for players; a game
/// nobody holds a seat in goes from the lobby, and another player's withdrawal from a game he
/// holds no seat in is refused in words.
#[test]
fn a_game_waiting_for_players_is_withdrawn_from_the_command_line() {
    let dir = folder("club-withdraw");
    let (mut server, port) = serve(&dir, 0);
    let sides = person_sides("cantina_brawl");
    let created = corresponding(&dir, port, "cantina_brawl", &sides[0], &[]);
    assert!(
        text(&created).contains("waits for players"),
        "{}",
        text(&created)
    );
    let hers = text(&club_done(&dir, port, "ann", &["lobby"]));
    assert!(hers.contains("mine: Game 1 "), "{hers}");
    let bobs = club_done(&dir, port, "bob", &["withdraw", "1"]);
    assert!(!bobs.status.success());
    assert!(text(&bobs).contains("no seat"), "{}", text(&bobs));
    let gone = club_done(&dir, port, "ann", &["withdraw", "1"]);
    assert!(gone.status.success(), "{}", text(&gone));
    assert!(
        text(&gone).contains("your seat given up"),
        "{}",
        text(&gone)
    );
    let lobby = text(&club_done(&dir, port, "bob", &["lobby"]));
    assert!(!lobby.contains("Game 1 "), "{lobby}");
    let hers = text(&club_done(&dir, port, "ann", &["lobby"]));
    assert!(!hers.contains("Game 1 "), "{hers}");
    let _ = server.child.kill();
}
