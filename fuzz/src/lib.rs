//! What the fuzz targets share: each reads hostile input as the app does, and must refuse it
//! or play it without a panic (docs/reliability.md, "Coverage-guided fuzzing").

use std::cell::RefCell;
use std::path::Path;
use std::sync::OnceLock;

use holotable::engine::dice::Randomness;
use holotable::engine::online::HostGame;
use holotable::engine::online::protocol::ToHost;
use holotable::engine::registry::Registry;
use holotable::engine::ruleset::Loaded;
use holotable::rules::scenario::read_header;

/// The registry, made once a process.
fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(holotable::rulesets::registry)
}

/// `data` as a scenario of rule set `id`: its header read, the rule set's check, and, where
/// it passes, the game started and 10 steps played by the rules on every side.
pub fn scenario(id: &str, data: &[u8]) {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    let Some(entry) = registry().get(id) else {
        return;
    };
    let Ok(header) = read_header(src, "fuzz.ron", &[id]) else {
        return;
    };
    let loaded = Loaded {
        file: "fuzz.ron".into(),
        src: src.into(),
        header,
    };
    if (entry.check)(&loaded).is_err() {
        return;
    }
    if let Ok(mut game) = (entry.headless)(&loaded, Randomness::seeded(1)) {
        let _ = game.set_rules_sides(&["all".into()]);
        let _ = game.play_rules(10);
    }
}

/// `data` as a saved game: its rule set found from its header, and replayed with every check.
pub fn save(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let path = Path::new("fuzz-save.ron");
    if let Ok(entry) = registry().for_save(text, path) {
        let _ = (entry.replay)(text, path);
    }
}

/// The join code of the hosted game the online target feeds.
pub const CODE: &str = "ACDE-FGHJ-KMNP";

thread_local! {
    /// A battlefield game hosted for a guest on side 1 (the walker assault), kept across
    /// inputs so that a run of messages reaches a game in play.
    static HOST: RefCell<Option<Box<dyn HostGame>>> = const { RefCell::new(None) };
}

/// `data` as a guest's message: decoded as the host decodes it, its sizes checked, and handed
/// to the hosted game from connection 7.
pub fn online_message(data: &[u8]) {
    let Ok(message) = postcard::from_bytes::<ToHost>(data) else {
        return;
    };
    if message.check().is_err() {
        return;
    }
    HOST.with(|host| {
        let mut host = host.borrow_mut();
        if host.is_none() {
            let Ok((loaded, entry)) = registry().load("walker_assault") else {
                return;
            };
            *host = (entry.online_host)(&loaded, 1, &[1], CODE).ok();
        }
        if let Some(h) = host.as_mut() {
            let _ = h.receive(7, message);
        }
    });
}
