//! The club server's hall in process (issue 63): what a refusal answers, and a game that does
//! not set up once every seat is taken.

use std::sync::mpsc::{Receiver, sync_channel};

use holotable::club::hall::{Event, Hall, HallOptions};
use holotable::club::protocol::{ToClient, ToServer};
use holotable::club::store::{FILE, Store};

/// Player `name` signed in on connection `conn`: what he is sent.
fn sign_in(hall: &mut Hall, conn: u64, name: &str) -> Receiver<ToClient> {
    let (tx, rx) = sync_channel(256);
    hall.handle(Event::SignedIn {
        conn,
        tx,
        close: Box::new(|| {}),
        public: format!("key of {name}"),
        name: name.into(),
    });
    rx
}

/// A hall over a fresh store in a folder of its own named for `test`: the folder and the hall.
fn hall(test: &str) -> (std::path::PathBuf, Hall) {
    let dir = std::env::temp_dir().join(format!("holotable-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let store = Store::open(&dir).unwrap();
    let hall = Hall::new(
        holotable::rulesets::registry(),
        store,
        HallOptions::default(),
    );
    (dir, hall)
}

fn take(game: u64, side: Option<&str>) -> ToServer {
    ToServer::Take {
        game,
        side: side.map(str::to_string),
        invitation: None,
        part: "ab".repeat(32),
    }
}

/// Ann (connection 1, who hears on `ann`) creates a correspondence game of `cantina_brawl`
/// and takes its Smugglers' seat: its number.
fn brawl_taken(hall: &mut Hall, ann: &Receiver<ToClient>) -> u64 {
    hall.handle(Event::Message {
        conn: 1,
        message: ToServer::Create {
            scenario: "cantina_brawl".into(),
            side: "smugglers".into(),
            correspondence: true,
            public: true,
            per_move: None,
        },
    });
    let game = ann
        .try_iter()
        .find_map(|m| match m {
            ToClient::Created { info, .. } => Some(info.game),
            _ => None,
        })
        .expect("the game is created");
    hall.handle(Event::Message {
        conn: 1,
        message: take(game, Some("smugglers")),
    });
    game
}

/// Issue 63: a refusal says whether it answers a game brought here, so the window
/// bringing one does not take another request's refusal (a game it may not create) for
/// the import's.
#[test]
fn a_refusal_says_whether_it_answers_an_import() {
    let (dir, mut hall) = hall("hall-import");
    let ann = sign_in(&mut hall, 1, "Ann");
    let refusal = |hall: &mut Hall, message: ToServer| {
        hall.handle(Event::Message { conn: 1, message });
        ann.try_iter()
            .find_map(|m| match m {
                ToClient::Refused { game, import, .. } => Some((game, import)),
                _ => None,
            })
            .expect("refused")
    };
    let create = ToServer::Create {
        scenario: "no_such_scenario".into(),
        side: "rebels".into(),
        correspondence: false,
        public: true,
        per_move: None,
    };
    assert_eq!(refusal(&mut hall, create), (None, false));
    let import = ToServer::Import {
        record: "not a game".into(),
    };
    assert_eq!(refusal(&mut hall, import), (None, true));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 63: a game that does not set up once every seat is taken (here its scenario's
/// fighters no longer read) is closed with the reason, not left waiting for ever with its seats
/// held; the lobby shows it over to both seat holders and lists it open to nobody.
#[test]
fn a_game_that_does_not_set_up_when_full_is_closed_with_the_reason() {
    let (dir, mut hall) = hall("hall");
    let ann = sign_in(&mut hall, 1, "Ann");
    let bob = sign_in(&mut hall, 2, "Bob");
    let game = brawl_taken(&mut hall, &ann);
    // The scenario kept is spoilt before the last seat is taken.
    // Its header still reads (the seat is taken); the rule set's part does not.
    let spoilt = rusqlite::Connection::open(dir.join(FILE))
        .unwrap()
        .execute(
            "UPDATE games SET scenario_src = replace(scenario_src, 'tier: Boss', 'tier: Chief')",
            [],
        )
        .unwrap();
    assert_eq!(spoilt, 1);
    hall.handle(Event::Message {
        conn: 2,
        message: take(game, None),
    });
    let refusal = bob
        .try_iter()
        .find_map(|m| match m {
            ToClient::Refused { reason, .. } => Some(reason),
            _ => None,
        })
        .expect("the last seat's taker hears why");
    assert!(
        refusal.contains("does not set up, so it is closed"),
        "{refusal}"
    );
    let store = Store::open(&dir).unwrap();
    let row = store.game(game).unwrap().unwrap();
    assert!(row.over && row.set_up.is_none());
    for who in ["Ann", "Bob"] {
        let (open, mine) = store.lobby(&format!("key of {who}"), 10).unwrap();
        assert!(open.is_empty(), "no longer open");
        assert!(
            mine.iter().any(|g| g.id == game && g.over),
            "{who} sees it over"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 63 (a walk): a game waiting for players can be withdrawn from; only a seat holder
/// withdraws, and only before it begins. Withdrawn by its last seat holder it goes (from the
/// lobby and the database), so a game created by mistake does not count against its creator's
/// games for ever.
#[test]
fn a_game_waiting_for_players_is_withdrawn_from_and_goes() {
    let (dir, mut hall) = hall("hall-withdraw");
    let ann = sign_in(&mut hall, 1, "Ann");
    let bob = sign_in(&mut hall, 2, "Bob");
    let refused = |hall: &mut Hall, conn: u64, rx: &Receiver<ToClient>, message: ToServer| {
        hall.handle(Event::Message { conn, message });
        rx.try_iter().find_map(|m| match m {
            ToClient::Refused { reason, .. } => Some(reason),
            _ => None,
        })
    };
    let game = brawl_taken(&mut hall, &ann);
    // Bob holds no seat in it.
    let why = refused(&mut hall, 2, &bob, ToServer::Withdraw { game });
    assert!(why.is_some_and(|w| w.contains("no seat")));
    let store = Store::open(&dir).unwrap();
    assert!(store.game(game).unwrap().is_some());
    assert_eq!(store.created_going("key of Ann").unwrap(), 1);
    // Ann withdraws: the game goes from every lobby and her games, its number kept closed.
    assert_eq!(
        refused(&mut hall, 1, &ann, ToServer::Withdraw { game }),
        None
    );
    assert!(
        store
            .game(game)
            .unwrap()
            .is_some_and(|g| g.over && g.set_up.is_none())
    );
    assert!(store.seats(game).unwrap().is_empty());
    assert_eq!(store.created_going("key of Ann").unwrap(), 0);
    for who in ["Ann", "Bob"] {
        let (open, mine) = store.lobby(&format!("key of {who}"), 10).unwrap();
        assert!(open.is_empty() && mine.is_empty(), "{who}");
    }
    let why = refused(&mut hall, 2, &bob, take(game, None));
    assert!(why.is_some_and(|w| w.contains("closed")));
    // A game begun is not withdrawn from; the next game has a number of its own.
    let next = brawl_taken(&mut hall, &ann);
    assert!(next > game, "{next} after {game}");
    let game = next;
    hall.handle(Event::Message {
        conn: 2,
        message: take(game, None),
    });
    let why = refused(&mut hall, 1, &ann, ToServer::Withdraw { game });
    assert!(why.is_some_and(|w| w.contains("has begun")));
    assert!(
        store
            .game(game)
            .unwrap()
            .is_some_and(|g| g.set_up.is_some())
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A walk: a player who left the table by the window's Menu, staying signed in, was not
/// announced (only a closed connection was). Getting up tells the other player; sitting down
/// again too; getting up where one does not sit does nothing.
#[test]
fn a_player_who_gets_up_from_the_table_is_announced_to_the_other() {
    use holotable::engine::online::protocol::ToGuest;
    let (dir, mut hall) = hall("hall-stand");
    let ann = sign_in(&mut hall, 1, "Ann");
    let bob = sign_in(&mut hall, 2, "Bob");
    let game = brawl_taken(&mut hall, &ann);
    hall.handle(Event::Message {
        conn: 2,
        message: take(game, None),
    });
    let presence = |rx: &Receiver<ToClient>| -> Vec<(String, bool)> {
        rx.try_iter()
            .filter_map(|m| match m {
                ToClient::Game {
                    game: g,
                    message: ToGuest::Presence { side, here },
                } if g == game => Some((side, here)),
                _ => None,
            })
            .collect()
    };
    let _ = (presence(&ann), presence(&bob));
    hall.handle(Event::Message {
        conn: 2,
        message: ToServer::Stand { game },
    });
    assert_eq!(presence(&ann), [("Swoop gang".to_string(), false)]);
    hall.handle(Event::Message {
        conn: 2,
        message: ToServer::Stand { game },
    });
    assert!(presence(&ann).is_empty(), "once");
    hall.handle(Event::Message {
        conn: 2,
        message: ToServer::Sit { game, have: 0 },
    });
    assert_eq!(presence(&ann), [("Swoop gang".to_string(), true)]);
    let carol = sign_in(&mut hall, 3, "Carol");
    hall.handle(Event::Message {
        conn: 3,
        message: ToServer::Stand { game },
    });
    assert!(presence(&ann).is_empty() && presence(&bob).is_empty());
    assert!(
        !carol
            .try_iter()
            .any(|m| matches!(m, ToClient::Refused { .. })),
        "not answered"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
