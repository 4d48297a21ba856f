//! Online play without the wire: a host and its guests in one process, every message passed
//! by hand. Whole games of every rule set played across it end as the same games played at
//! one screen; the guests' games follow the host's hash for hash; secrets and the seed never
//! reach a guest; refusals go to the sender; a guest that drops and rejoins loses nothing; a
//! host that restarts from its save carries on.

use std::collections::BTreeMap;

use holotable::engine::dice::Randomness;
use holotable::engine::game::Sides;
use holotable::engine::online::host::Outgoing;
use holotable::engine::online::protocol::{ToGuest, ToHost};
use holotable::engine::online::{GuestGame, GuestSession, HostGame, HostSession, guest, host};
use holotable::engine::pipeline::CommandOutcome;
use holotable::engine::record::GameRecord;
use holotable::engine::ruleset::{Loaded, RuleSet};
use holotable::engine::session::{Headless, Session};
use holotable::rulesets::battlefield::Battlefield;
use holotable::rulesets::mass_combat::MassCombat;
use holotable::rulesets::one_stat::OneStat;
use holotable::rulesets::space_battle::SpaceBattle;
use holotable::rulesets::tyneside::Tyneside;

/// The test guest's seat key.
const KEY: &str = "a guest's seat key";
const CODE: &str = "ACDE-FGHJ-KMNP";
/// A seed whose digits cannot turn up in a message by chance.
const SEED: u64 = 0x5eed_c0de_1357_9bdf;

fn bundled<R: RuleSet>(name: &str) -> Loaded {
    let src = R::BUNDLED
        .iter()
        .find(|(n, _)| n.trim_end_matches(".ron") == name)
        .map(|(_, s)| s.to_string())
        .unwrap_or_else(|| panic!("no bundled {name}"));
    let header = holotable::rules::scenario::read_header(&src, name, &[R::ID]).unwrap();
    Loaded {
        file: format!("bundled:{name}"),
        src,
        header,
    }
}

/// The game played at one screen by persons on every side (the rules choosing their
/// commands), and the side that acted for each command.
fn at_one_screen<R: RuleSet>(loaded: &Loaded, seed: u64) -> (GameRecord<R::Command>, Vec<usize>) {
    let (senders, record) = played::<R>(loaded, seed);
    (record, senders)
}

fn played<R: RuleSet>(loaded: &Loaded, seed: u64) -> (Vec<usize>, GameRecord<R::Command>) {
    let mut s = Session::<R>::start(loaded, Randomness::seeded(seed)).unwrap();
    s.world_mut().resource_mut::<Sides>().rules.clear();
    for _ in 0..20_000 {
        let Some(side) = R::sides_to_act(s.world()).first().copied() else {
            break;
        };
        // Persons play every side, as online; the rules choose each command for the side
        // to act, handed it for that one step.
        s.world_mut().resource_mut::<Sides>().rules = vec![side];
        assert_eq!(s.play_rules(1).unwrap(), 1);
        s.world_mut().resource_mut::<Sides>().rules.clear();
    }
    assert!(s.over(), "the game at one screen ends");
    let record = s.record().clone();
    (senders::<R>(loaded, &record), record)
}

/// The side to act before each command of `record`, found by playing it again.
fn senders<R: RuleSet>(loaded: &Loaded, record: &GameRecord<R::Command>) -> Vec<usize> {
    let mut s = Session::<R>::start(loaded, Randomness::seeded(SEED)).unwrap();
    record
        .commands
        .iter()
        .map(|rc| {
            let side = R::sides_to_act(s.world())[0];
            let outcome = s.send(rc.command.clone());
            assert!(outcome.accepted(), "{outcome:?}");
            side
        })
        .collect()
}

/// A host and its guests, the messages passed by hand.
struct Table<R: RuleSet> {
    host: HostSession<R>,
    /// Each guest by its connection: its game once welcomed, and every message it was sent
    /// (as RON), in order.
    guests: BTreeMap<u64, (Option<GuestSession<R>>, Vec<String>)>,
    refused: Vec<(u64, String)>,
}

/// `game` hosted, the sides in `remote` seats for guests.
fn hosted<R: RuleSet>(mut game: Session<R>, remote: &[usize]) -> HostSession<R> {
    host::open::<R>(game.world_mut(), remote, CODE).unwrap();
    HostSession(game)
}

/// A new game of `loaded`, hosted.
fn new_host<R: RuleSet>(loaded: &Loaded, remote: &[usize]) -> HostSession<R> {
    hosted(
        Session::<R>::start(loaded, Randomness::seeded(SEED)).unwrap(),
        remote,
    )
}

impl<R: RuleSet> Table<R> {
    fn new(loaded: &Loaded, remote: &[usize]) -> Self {
        let mut t = Self {
            host: new_host(loaded, remote),
            guests: BTreeMap::new(),
            refused: Vec::new(),
        };
        let ids: Vec<String> = loaded.header.sides.iter().map(|s| s.id.clone()).collect();
        for &side in remote {
            let peer = 100 + side as u64;
            t.guests.insert(peer, (None, Vec::new()));
            let out = t.host.receive(
                peer,
                ToHost::Hello {
                    code: CODE.to_lowercase(),
                    side: Some(ids[side].clone()),
                    have: 0,
                    key: KEY.into(),
                },
            );
            t.deliver(out);
        }
        t
    }

    fn deliver(&mut self, out: Vec<Outgoing>) {
        for o in out {
            let (game, seen) = self.guests.get_mut(&o.peer).expect("a known guest");
            seen.push(ron::to_string(&o.message).unwrap());
            match o.message {
                ToGuest::Welcome { side, record, .. } => {
                    let mut s = Session::<R>::new_empty();
                    guest::welcome::<R>(s.world_mut(), &record, side)
                        .unwrap_or_else(|e| panic!("{e}"));
                    *game = Some(GuestSession(s));
                }
                ToGuest::Commands { from, commands } => game
                    .as_mut()
                    .expect("welcomed first")
                    .apply(from, &commands)
                    .unwrap_or_else(|e| panic!("{e}")),
                ToGuest::Refused { reason } => self.refused.push((o.peer, reason)),
                ToGuest::Denied { reason } => panic!("denied: {reason}"),
                ToGuest::Chat { .. } | ToGuest::Presence { .. } => {}
            }
        }
    }

    /// Plays `command` from the computer of `side`: the host's, or a guest's through a
    /// message. What the guests are sent.
    fn send(&mut self, side: usize, command: &R::Command) -> Vec<Outgoing> {
        let peer = 100 + side as u64;
        let ron = ron::to_string(command).unwrap();
        if self.guests.contains_key(&peer) {
            self.host.receive(peer, ToHost::Command { ron })
        } else {
            self.host.play_text(side, &ron).unwrap()
        }
    }

    /// Plays the one-screen game's commands again, each from the computer of the side that
    /// sent it, up to command `upto`.
    fn replay(&mut self, record: &GameRecord<R::Command>, senders: &[usize], upto: usize) {
        let done = self.host.0.commands();
        for (rc, &side) in record.commands.iter().zip(senders).take(upto).skip(done) {
            let out = self.send(side, &rc.command);
            self.deliver(out);
        }
        assert!(self.refused.is_empty(), "refused: {:?}", self.refused);
    }

    fn view_len(&self, side: usize) -> Option<usize> {
        self.host.host().view_len(side)
    }

    fn view_hash(&mut self, side: usize) -> Option<u64> {
        self.host.host_mut().view_hash(side)
    }

    /// Every guest holds its side's view, hash for hash.
    fn in_step(&mut self) {
        let peers: Vec<u64> = self.guests.keys().copied().collect();
        for peer in peers {
            let g = self.guests.get_mut(&peer).unwrap().0.as_mut().unwrap();
            let side =
                g.0.world()
                    .resource::<holotable::engine::online::guest::Guest>()
                    .0;
            let (held, hash) = (g.held(), g.game().state_hash());
            assert_eq!(
                Some(held),
                self.view_len(side),
                "guest {peer} holds every command"
            );
            assert_eq!(Some(hash), self.view_hash(side), "guest {peer} in step");
        }
    }
}

/// A whole game of `name`, the host playing `host_side` and a guest each other side,
/// against the same game at one screen.
fn whole_game<R: RuleSet>(name: &str, host_side: usize) -> Table<R> {
    let loaded = bundled::<R>(name);
    let (record, senders) = at_one_screen::<R>(&loaded, SEED);
    let remote: Vec<usize> = (0..loaded.header.sides.len())
        .filter(|&s| s != host_side)
        .collect();
    let mut t = Table::<R>::new(&loaded, &remote);
    t.replay(&record, &senders, usize::MAX);
    assert!(t.host.0.over(), "{name}: the online game ends");
    assert_eq!(
        t.host.0.state_hash(),
        record.commands.last().unwrap().hash,
        "{name}: the same game as at one screen"
    );
    t.in_step();
    for (_, (game, _)) in t.guests.iter_mut() {
        assert!(
            game.as_mut().unwrap().game().over(),
            "{name}: over for the guest too"
        );
    }
    t
}

/// No message to a guest holds the seed, in any form.
fn no_seed(seen: &[String]) {
    for m in seen {
        assert!(
            !m.contains(&SEED.to_string()) && !m.contains(&format!("{SEED:x}")),
            "the seed in {m}"
        );
    }
}

#[test]
fn a_battlefield_game_played_online_is_the_game_played_at_one_screen() {
    let t = whole_game::<Battlefield>("walker_assault", 0);
    for (_, seen) in t.guests.values() {
        no_seed(seen);
    }
}

#[test]
fn a_one_stat_space_battle_and_mass_combat_game_each_play_online_to_the_end() {
    whole_game::<OneStat>("cantina_brawl", 0);
    whole_game::<SpaceBattle>("escort_battle", 0);
    whole_game::<MassCombat>("platoon_fight", 0);
}

/// Tyneside: the host's order counters reach the guest face down, and only the commitment
/// travels until every counter is placed and the host's are turned over
/// (tyneside-skirmish.txt, Orders: counters are hidden until all are placed).
#[test]
fn a_tyneside_game_online_keeps_the_hosts_order_counters_face_down_until_revealed() {
    let t = whole_game::<Tyneside>("lothal_ambush", 0);
    let (_, seen) = t.guests.values().next().unwrap();
    no_seed(seen);
    // The groups whose counters the host placed, from the same game at one screen.
    let (record, senders) = at_one_screen::<Tyneside>(&bundled::<Tyneside>("lothal_ambush"), SEED);
    let mut host_groups: Vec<String> = record
        .commands
        .iter()
        .zip(&senders)
        .filter(|(_, s)| **s == 0)
        .filter_map(|(rc, _)| match &rc.command {
            holotable::rulesets::tyneside::commands::Command::PlaceOrder { group, .. } => {
                Some(group.clone())
            }
            _ => None,
        })
        .collect();
    host_groups.dedup();
    assert!(!host_groups.is_empty());
    let face_down = seen.iter().filter(|m| m.contains("PlaceFaceDown")).count();
    assert!(face_down > 0, "the host's counters travel face down");
    // Between a counter placed face down and its turning over, the order itself is nowhere.
    let mut hidden = false;
    for m in seen {
        if m.contains("PlaceFaceDown") {
            hidden = true;
        }
        if m.contains("TurnOver") {
            hidden = false;
        }
        if hidden {
            for g in &host_groups {
                assert!(
                    !m.contains(&format!("PlaceOrder(group:\"{g}\"")),
                    "the host's order for {g} reached the guest before it was shown: {m}"
                );
            }
        }
    }
}

/// Mass combat: the declarations are made in the open (issue 60), so the first commander's
/// reaches the other as declared, nothing sealed (d6-mass-combat.txt, Mass Combat Sequence:
/// "leaving the character with the highest command skill the advantage of declaring last").
#[test]
fn a_mass_combat_declaration_reaches_the_other_commander_as_declared() {
    let t = whole_game::<MassCombat>("ridge_battle", 0);
    let seen: Vec<&String> = t.guests.values().flat_map(|(_, s)| s).collect();
    assert!(seen.iter().any(|m| m.contains("Tactics(side:0")));
    assert!(seen.iter().any(|m| m.contains("Declare(side:0")));
    assert!(
        !seen
            .iter()
            .any(|m| m.contains("FaceDown") || m.contains("TurnOver"))
    );
}

/// Battlefield hidden units: the imperial guest's copy of `forest_ambush` has no hex for any
/// hidden rebel, and learns each one's hex only just before the command that finds it or that
/// it acts in (imperial-alliance-battlefield.txt through docs/rules/battlefield.md, "Hidden
/// units"). A guest cannot send that telling itself.
#[test]
fn a_hidden_units_hex_reaches_the_other_guest_only_with_the_command_that_finds_it() {
    use holotable::rulesets::battlefield::commands::Command;
    use holotable::rulesets::battlefield::rules::scenario::ScenarioDef;
    let loaded = bundled::<Battlefield>("forest_ambush");
    let mut t = whole_game::<Battlefield>("forest_ambush", 1);
    let (_, seen) = t.guests.values().next().unwrap();
    no_seed(seen);
    let original: ScenarioDef = holotable::rules::scenario::ron_options()
        .from_str(&loaded.src)
        .unwrap();
    let hidden: Vec<(String, (i32, i32))> = original.sides[1]
        .units
        .iter()
        .filter(|u| u.hidden)
        .map(|u| (u.id.clone(), u.at))
        .collect();
    assert!(hidden.len() >= 5);
    let guest = t.guests.get_mut(&100).unwrap().0.as_mut().unwrap();
    let record = guest.0.record().clone();
    let copy: ScenarioDef = holotable::rules::scenario::ron_options()
        .from_str(&record.scenario_src)
        .unwrap();
    for u in &copy.sides[1].units {
        assert!(
            u.unknown && u.at == (0, 0),
            "{}'s hex is in the guest's scenario",
            u.id
        );
    }
    assert!(copy.sides[0].units.iter().all(|u| !u.unknown));
    // The host's game: the index of the command that changes each hidden rebel (finds it,
    // moves it, eliminates it).
    let (truth, _) = at_one_screen::<Battlefield>(&loaded, SEED);
    let mut s = Session::<Battlefield>::start(&loaded, Randomness::seeded(SEED)).unwrap();
    let hides = |s: &Session<Battlefield>| -> Vec<String> {
        let b = &s
            .world()
            .resource::<holotable::rulesets::battlefield::phases::BattleRes>()
            .0;
        b.units
            .iter()
            .filter(|u| u.hidden && u.alive)
            .map(|u| format!("{} {:?}", u.id, u.at))
            .collect()
    };
    let mut found_by = BTreeMap::new();
    for (i, rc) in truth.commands.iter().enumerate() {
        let before = hides(&s);
        assert!(s.send(rc.command.clone()).accepted());
        let after = hides(&s);
        for k in before.iter().filter(|k| !after.contains(k)) {
            found_by.insert(k.split(' ').next().unwrap().to_string(), i);
        }
    }
    assert!(!found_by.is_empty(), "the game finds some of them");
    // In the guest's game, each telling comes just before that command.
    let mut played = 0;
    let mut told = Vec::new();
    for rc in &record.commands {
        match &rc.command {
            Command::HiddenAt { unit, at } => {
                assert_eq!(found_by.get(unit), Some(&played), "{unit} told too early");
                let true_at = hidden.iter().find(|(id, _)| id == unit).unwrap().1;
                assert_eq!(*at, true_at);
                told.push(unit.clone());
            }
            _ => played += 1,
        }
    }
    told.sort();
    let mut expected: Vec<String> = found_by.keys().cloned().collect();
    expected.sort();
    assert_eq!(told, expected, "each found rebel told once");
    // Sent by a guest, or played in any game that knows the hexes, it is refused.
    let (unit, at) = hidden[0].clone();
    let mut fresh = Session::<Battlefield>::start(&loaded, Randomness::seeded(SEED)).unwrap();
    match fresh.send(Command::HiddenAt { unit, at }) {
        CommandOutcome::Refused(_, why) => assert!(why.contains("Hidden units"), "{why}"),
        CommandOutcome::Accepted(_) => panic!("a game that knows the hex was told it"),
    }
}

#[test]
fn a_guest_may_not_act_for_another_side_nor_out_of_turn_and_hears_why() {
    let loaded = bundled::<Battlefield>("walker_assault");
    let (record, senders) = at_one_screen::<Battlefield>(&loaded, SEED);
    let mut t = Table::<Battlefield>::new(&loaded, &[1]);
    // The first command the host's side (0) sent, sent by the guest instead.
    let first_host = senders.iter().position(|&s| s == 0).unwrap();
    t.replay(&record, &senders, first_host);
    let ron = ron::to_string(&record.commands[first_host].command).unwrap();
    let before = t.host.0.commands();
    let out = t.host.receive(101, ToHost::Command { ron });
    t.deliver(out);
    assert_eq!(t.host.0.commands(), before, "nothing played");
    let (peer, why) = t.refused.pop().expect("refused");
    assert_eq!(peer, 101, "the refusal goes to the sender");
    // The side's name takes the possessive as the rule sets' sentences do (words::possessive).
    assert!(
        why.contains("it is not Rebel Alliance's turn to act"),
        "{why}"
    );
    // Nonsense is refused too, and the game goes on.
    let out = t.host.receive(
        101,
        ToHost::Command {
            ron: "Launch(missiles: 3)".into(),
        },
    );
    t.deliver(out);
    assert!(
        t.refused
            .pop()
            .unwrap()
            .1
            .contains("not a command of this game")
    );
    // At the host's own screen, the guest's side cannot be played either.
    let guests_turn = (first_host..record.commands.len())
        .find(|&i| senders[i] == 1)
        .unwrap();
    t.replay(&record, &senders, guests_turn);
    // The guest's mouse acts only on its own turn, the host's only on the host's (the
    // window seats its host at its side).
    t.host
        .0
        .world_mut()
        .insert_resource(holotable::engine::game::Seated(Some(0)));
    let guest = t.guests.get_mut(&101).unwrap().0.as_mut().unwrap();
    assert!(holotable::engine::game::this_computer_to_act::<Battlefield>(guest.0.world()));
    assert!(!holotable::engine::game::this_computer_to_act::<Battlefield>(t.host.0.world()));
    let outcome = t.host.0.send(record.commands[guests_turn].command.clone());
    match outcome {
        CommandOutcome::Refused(_, why) => assert!(why.contains("another computer"), "{why}"),
        CommandOutcome::Accepted(_) => panic!("the host played the guest's side"),
    }
    t.replay(&record, &senders, usize::MAX);
    assert!(t.host.0.over());
}

#[test]
fn a_stranger_without_the_code_gets_no_seat_and_no_game() {
    let loaded = bundled::<Battlefield>("walker_assault");
    let mut host = new_host::<Battlefield>(&loaded, &[1]);
    let out = host.receive(
        7,
        ToHost::Hello {
            code: "AAAA-AAAA-AAAA".into(),
            side: None,
            have: 0,
            key: KEY.into(),
        },
    );
    assert!(matches!(
        &out[..],
        [Outgoing {
            peer: 7,
            message: ToGuest::Denied { .. }
        }]
    ));
    // Without a seat, its commands and chat are dropped.
    assert!(
        host.receive(
            7,
            ToHost::Command {
                ron: "EndImpulse".into()
            }
        )
        .is_empty()
    );
    assert!(
        host.receive(7, ToHost::Chat { text: "hi".into() })
            .is_empty()
    );
    assert_eq!(host.0.commands(), 0);
    // An oversized command is dropped before it is read.
    let out = host.receive(
        7,
        ToHost::Hello {
            code: CODE.into(),
            side: None,
            have: 0,
            key: KEY.into(),
        },
    );
    assert!(matches!(
        &out[..],
        [Outgoing {
            message: ToGuest::Welcome { .. },
            ..
        }]
    ));
    // A hello sent again on the same connection (its answer was slow) keeps the seat.
    let out = host.receive(
        7,
        ToHost::Hello {
            code: CODE.into(),
            side: None,
            have: 0,
            key: KEY.into(),
        },
    );
    assert!(
        matches!(
            &out[..],
            [Outgoing {
                message: ToGuest::Welcome { .. },
                ..
            }]
        ),
        "{out:?}"
    );
    let huge = "x".repeat(holotable::engine::online::protocol::MAX_COMMAND + 1);
    assert!(host.receive(7, ToHost::Command { ron: huge }).is_empty());
    assert!(host.take_log().iter().any(|l| l.contains("dropped")));
}

#[test]
fn the_other_players_are_told_when_one_sits_down_and_when_he_goes() {
    let loaded = bundled::<Battlefield>("walker_assault");
    let names: Vec<String> = loaded.header.sides.iter().map(|s| s.name.clone()).collect();
    let mut t = Table::<Battlefield>::new(&loaded, &[0, 1]);
    let presence = |side: &str, here: bool| {
        ron::to_string(&ToGuest::Presence {
            side: side.to_string(),
            here,
        })
        .unwrap()
    };
    // The first seated is told of the second; the second, seated last, of nobody.
    assert!(t.guests[&100].1.contains(&presence(&names[1], true)));
    assert!(!t.guests[&101].1.iter().any(|m| m.starts_with("Presence")));
    let out = t.host.dropped(101);
    assert_eq!(
        out,
        vec![Outgoing {
            peer: 100,
            message: ToGuest::Presence {
                side: names[1].clone(),
                here: false,
            },
        }],
        "only the player still seated is told"
    );
    // Back on a new connection, holding what it had: the other is told, it is sent the rest.
    let out = t.host.receive(
        202,
        ToHost::Hello {
            code: CODE.into(),
            side: Some(loaded.header.sides[1].id.clone()),
            have: t.guests[&101].0.as_ref().unwrap().held(),
            key: KEY.into(),
        },
    );
    assert!(out.iter().any(|o| o.peer == 100
        && o.message
            == ToGuest::Presence {
                side: names[1].clone(),
                here: true,
            }));
    assert!(
        out.iter()
            .all(|o| o.peer == 100 || !matches!(o.message, ToGuest::Presence { .. }))
    );
}

#[test]
fn a_guest_that_drops_and_rejoins_is_sent_only_what_it_missed() {
    let loaded = bundled::<Battlefield>("walker_assault");
    let (record, senders) = at_one_screen::<Battlefield>(&loaded, SEED);
    let mut t = Table::<Battlefield>::new(&loaded, &[1]);
    t.replay(&record, &senders, 20);
    t.host.dropped(101);
    // The game goes on without it while the host's side acts.
    let held = t.guests[&101].0.as_ref().unwrap().held();
    let upto = (20..record.commands.len())
        .find(|&i| senders[i] == 1)
        .unwrap();
    t.replay(&record, &senders, upto);
    assert_eq!(
        t.guests[&101].0.as_ref().unwrap().held(),
        held,
        "nothing sent while away"
    );
    // It comes back on a new connection, holding what it had.
    let out = t.host.receive(
        202,
        ToHost::Hello {
            code: CODE.into(),
            side: None,
            have: held,
            key: KEY.into(),
        },
    );
    assert!(
        matches!(&out[..], [Outgoing { message: ToGuest::Commands { from, .. }, .. }] if *from == held)
    );
    let game = t.guests.remove(&101).unwrap();
    t.guests.insert(202, game);
    t.deliver(out);
    t.in_step();
    // Its commands now come from the new connection.
    let mut moved = Table {
        host: t.host,
        guests: BTreeMap::new(),
        refused: Vec::new(),
    };
    moved.guests.insert(101, t.guests.remove(&202).unwrap());
    moved.host.dropped(202);
    let out = moved.host.receive(
        101,
        ToHost::Hello {
            code: CODE.into(),
            side: None,
            have: moved.guests[&101].0.as_ref().unwrap().held(),
            key: KEY.into(),
        },
    );
    moved.deliver(out);
    moved.replay(&record, &senders, usize::MAX);
    moved.in_step();
    assert!(moved.host.0.over());
}

#[test]
fn a_guest_out_of_step_names_the_command_and_is_set_right_by_the_whole_game() {
    let loaded = bundled::<Battlefield>("walker_assault");
    let (record, senders) = at_one_screen::<Battlefield>(&loaded, SEED);
    let mut t = Table::<Battlefield>::new(&loaded, &[1]);
    t.replay(&record, &senders, 10);
    let before = t.host.0.commands();
    let upto = before + 5;
    let held = t.guests[&101].0.as_ref().unwrap().held();
    // Play on at the host without delivering, then tamper with what the guest is sent.
    let mut pending = Vec::new();
    for (rc, &side) in record.commands.iter().zip(&senders).take(upto).skip(before) {
        if side == 1 {
            pending.extend(t.host.receive(
                101,
                ToHost::Command {
                    ron: ron::to_string(&rc.command).unwrap(),
                },
            ));
        } else {
            pending.extend(t.send(side, &rc.command));
        }
    }
    let mut texts: Vec<String> = Vec::new();
    for o in &pending {
        if let ToGuest::Commands { commands, .. } = &o.message {
            texts.extend(commands.iter().cloned());
        }
    }
    // The last one's state hash changed on the way.
    let last = texts.last_mut().unwrap();
    let at = last.rfind("hash:").unwrap() + "hash:".len();
    let end = at + last[at..].find(|c: char| !c.is_ascii_digit()).unwrap();
    last.replace_range(at..end, "12345");
    let guest = t.guests.get_mut(&101).unwrap().0.as_mut().unwrap();
    let err = guest.apply(held, &texts).unwrap_err();
    let index = match err {
        holotable::engine::online::guest::OutOfStep::Diverged { index, .. } => index,
        e => panic!("{e}"),
    };
    assert_eq!(index, held + texts.len(), "the tampered command is named");
    let out = t.host.receive(
        101,
        ToHost::Resync {
            index,
            why: "test".into(),
        },
    );
    assert!(matches!(
        &out[..],
        [Outgoing {
            message: ToGuest::Welcome { .. },
            ..
        }]
    ));
    t.deliver(out);
    t.in_step();
}

#[test]
fn a_host_that_restarts_from_its_save_carries_on_and_its_guest_rejoins() {
    let loaded = bundled::<Tyneside>("shooting_example");
    let (record, senders) = at_one_screen::<Tyneside>(&loaded, SEED);
    let mut t = Table::<Tyneside>::new(&loaded, &[1]);
    let half = record.commands.len() / 2;
    t.replay(&record, &senders, half);
    let saved = t.host.0.record().clone();
    let guest = t.guests.remove(&101).unwrap();
    let held = guest.0.as_ref().unwrap().held();
    let hash = t.host.view_hash(1);
    // The host stops; a new one reads its save.
    let mut again = Session::<Tyneside>::replay(&saved).unwrap();
    again.world_mut().resource_mut::<Sides>().rules.clear();
    let host = hosted(again, &[1]);
    let mut t = Table {
        host,
        guests: BTreeMap::new(),
        refused: Vec::new(),
    };
    assert_eq!(
        t.host.view_hash(1),
        hash,
        "the guest's view made again, the same"
    );
    t.guests.insert(101, guest);
    let out = t.host.receive(
        101,
        ToHost::Hello {
            code: CODE.into(),
            side: None,
            have: held,
            key: KEY.into(),
        },
    );
    t.deliver(out);
    t.replay(&record, &senders, usize::MAX);
    t.in_step();
    assert_eq!(t.host.0.state_hash(), record.commands.last().unwrap().hash);
}

/// Whatever a guest sends, however mangled, the host answers or drops it: never a panic, and
/// its game goes on.
#[test]
fn the_hosts_message_handling_survives_mangled_messages() {
    use rand::{RngExt, SeedableRng};
    let loaded = bundled::<Tyneside>("shooting_example");
    let (record, _) = at_one_screen::<Tyneside>(&loaded, SEED);
    let mut host = new_host::<Tyneside>(&loaded, &[1]);
    host.receive(
        5,
        ToHost::Hello {
            code: CODE.into(),
            side: None,
            have: 0,
            key: KEY.into(),
        },
    );
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(27);
    let corpus: Vec<String> = record
        .commands
        .iter()
        .take(40)
        .map(|c| ron::to_string(&c.command).unwrap())
        .collect();
    for _ in 0..3000 {
        let mut text = corpus[rng.random_range(0..corpus.len())]
            .clone()
            .into_bytes();
        for _ in 0..rng.random_range(0..4) {
            let i = rng.random_range(0..text.len());
            match rng.random_range(0..3) {
                0 => text[i] = rng.random(),
                1 => {
                    text.remove(i);
                }
                _ => text.insert(i, rng.random_range(32..127)),
            }
        }
        let text = String::from_utf8_lossy(&text).into_owned();
        let message = match rng.random_range(0..5) {
            0 => ToHost::Hello {
                code: text,
                side: Some("rebels".into()),
                have: rng.random_range(0..1000),
                key: KEY.into(),
            },
            1 => ToHost::Resync {
                index: rng.random_range(0..100_000),
                why: text,
            },
            2 => ToHost::Chat { text },
            _ => ToHost::Command { ron: text },
        };
        let peer = if rng.random_bool(0.9) {
            5
        } else {
            rng.random()
        };
        let _ = host.receive(peer, message);
    }
    // Whatever was taken is a game the rules accept, and the guest's view followed it.
    let taken = host.0.record().clone();
    assert!(
        Session::<Tyneside>::replay(&taken).is_ok(),
        "the host's game still verifies"
    );
    assert!(
        host.host().view_len(1).unwrap() >= taken.commands.len(),
        "the guest's view followed"
    );
}

/// Online the host's computer throws every die: dice rolled by hand, switched on before the
/// game was hosted, are switched off at both ends, and both know the game is online.
#[test]
fn dice_rolled_by_hand_are_switched_off_online() {
    let loaded = bundled::<Battlefield>("walker_assault");
    let mut game = Session::<Battlefield>::start(&loaded, Randomness::seeded(SEED)).unwrap();
    game.world_mut()
        .resource_mut::<holotable::engine::dice::DiceRes>()
        .set_manual(true);
    let mut t = Table::<Battlefield> {
        host: hosted(game, &[1]),
        guests: BTreeMap::new(),
        refused: Vec::new(),
    };
    let w = t.host.0.world();
    assert!(!w.resource::<holotable::engine::dice::DiceRes>().manual());
    assert!(w.contains_resource::<holotable::engine::online::Online>());
    t.guests.insert(101, (None, Vec::new()));
    let out = t.host.receive(
        101,
        ToHost::Hello {
            code: CODE.into(),
            side: Some("alliance".into()),
            have: 0,
            key: KEY.into(),
        },
    );
    t.deliver(out);
    let guest = t.guests.get_mut(&101).unwrap().0.as_mut().unwrap();
    assert!(
        guest
            .0
            .world()
            .contains_resource::<holotable::engine::online::Online>()
    );
}

/// A guest that joins anew (a window opened again) is sent the chat so far after the game.
#[test]
fn a_guest_that_joins_anew_gets_the_chat_so_far() {
    let loaded = bundled::<Battlefield>("walker_assault");
    let mut t = Table::<Battlefield>::new(&loaded, &[1]);
    host::chat::<Battlefield>(t.host.0.world_mut(), "Galactic Empire", "good luck");
    let out = t.host.receive(
        101,
        ToHost::Chat {
            text: "and you".into(),
        },
    );
    t.deliver(out);
    let out = t.host.receive(
        202,
        ToHost::Hello {
            code: CODE.into(),
            side: Some("alliance".into()),
            have: 0,
            key: KEY.into(),
        },
    );
    let said: Vec<(String, String)> = out
        .iter()
        .filter_map(|o| match &o.message {
            ToGuest::Chat { from, text } => Some((from.clone(), text.clone())),
            _ => None,
        })
        .collect();
    assert!(matches!(out[0].message, ToGuest::Welcome { .. }));
    assert_eq!(
        said,
        vec![
            ("Galactic Empire".to_string(), "good luck".to_string()),
            ("Rebel Alliance".to_string(), "and you".to_string())
        ]
    );
}

/// Issue 59: a second guest with the join code does not take a held seat, even while the
/// first guest's connection is down; the first guest's key takes it back from any
/// connection; once the host frees the seat, another guest may take it.
#[test]
fn a_held_seat_is_refused_to_another_key_until_the_host_frees_it() {
    let loaded = bundled::<Battlefield>("walker_assault");
    let mut host = new_host::<Battlefield>(&loaded, &[1]);
    let hello = |key: &str| ToHost::Hello {
        code: CODE.into(),
        side: None,
        have: 0,
        key: key.into(),
    };
    let welcomed = |out: &[Outgoing]| {
        matches!(
            out,
            [
                Outgoing {
                    message: ToGuest::Welcome { .. },
                    ..
                },
                ..
            ]
        )
    };
    let denied = |out: &[Outgoing]| match out {
        [
            Outgoing {
                message: ToGuest::Denied { reason },
                ..
            },
        ] => reason.clone(),
        other => panic!("not denied: {other:?}"),
    };
    assert!(welcomed(&host.receive(7, hello(KEY))));
    let why = denied(&host.receive(8, hello("a stranger's key")));
    assert!(
        why.contains("seat is held by the player who took it"),
        "{why}"
    );
    host.dropped(7);
    let why = denied(&host.receive(8, hello("a stranger's key")));
    assert!(why.contains("host can free it"), "{why}");
    assert!(
        welcomed(&host.receive(9, hello(KEY))),
        "the same key, a new connection"
    );
    assert!(host.free_seat(1));
    assert!(!host.free_seat(0), "the host's own side has no seat");
    assert!(welcomed(&host.receive(8, hello("a stranger's key"))));
    let why = denied(&host.receive(9, hello(KEY)));
    assert!(why.contains("held"), "{why}");
}
