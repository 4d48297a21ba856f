//! A fuzz run over every rule set, as a player editing files by hand (or a fuzzer) would: each
//! bundled scenario and a saved game of each rule set, mutated at random (a character
//! changed, a span cut or doubled, a number made NaN, negative or huge) and read as the app
//! reads them. A scenario that passes `check` is played for some steps by the rules; a save is
//! replayed. Nothing may panic, and every refusal must say where (file:line:column, or the
//! command). `HOLOTABLE_FUZZ=N` sets the mutations per file (default 60; docs/reliability.md
//! gives a run of 10,000 and more).

use std::panic::{AssertUnwindSafe, catch_unwind};

use holotable::engine::dice::Randomness;
use holotable::engine::ruleset::Loaded;
use holotable::rules::scenario::read_header;
use holotable::rulesets::registry;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// What became of the mutated files.
#[derive(Default, Debug)]
struct Tally {
    tried: usize,
    accepted: usize,
    refused_with_place: usize,
    refused_without_place: Vec<String>,
    panics: Vec<String>,
}

/// Replacements a hostile or careless edit makes of a number.
const NUMBERS: [&str; 8] = [
    "NaN",
    "-1",
    "0",
    "1e9",
    "2147483646",
    "-0.0",
    "4294967295",
    "inf",
];

/// One random edit of `src`.
fn mutate(src: &str, rng: &mut ChaCha8Rng) -> String {
    let bytes: Vec<char> = src.chars().collect();
    if bytes.is_empty() {
        return String::new();
    }
    let at = rng.random_range(0..bytes.len());
    let len = rng.random_range(1..=12).min(bytes.len() - at);
    let mut out: Vec<char> = bytes[..at].to_vec();
    match rng.random_range(0..5) {
        // A character changed.
        0 => {
            out.push(rng.random_range(32u8..127) as char);
            out.extend_from_slice(&bytes[at + 1..]);
        }
        // A span cut.
        1 => out.extend_from_slice(&bytes[at + len..]),
        // A span doubled.
        2 => {
            out.extend_from_slice(&bytes[at..at + len]);
            out.extend_from_slice(&bytes[at..]);
        }
        // The next number made NaN, negative or huge.
        3 => {
            let rest: String = bytes[at..].iter().collect();
            match rest.find(|c: char| c.is_ascii_digit()) {
                Some(d) => {
                    let end = rest[d..]
                        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
                        .map_or(rest.len(), |e| d + e);
                    let n = NUMBERS[rng.random_range(0..NUMBERS.len())];
                    return format!(
                        "{}{}{n}{}",
                        bytes[..at].iter().collect::<String>(),
                        &rest[..d],
                        &rest[end..]
                    );
                }
                None => out.extend_from_slice(&bytes[at..]),
            }
        }
        // Two spans swapped.
        _ => {
            let other = rng.random_range(0..bytes.len());
            let olen = len.min(bytes.len() - other);
            out.extend_from_slice(&bytes[other..other + olen]);
            out.extend_from_slice(&bytes[at + len..]);
        }
    }
    out.into_iter().collect()
}

/// Whether a refusal says where: `file:line:column`, or the command that did not replay.
fn has_place(why: &str) -> bool {
    let colon_numbers = why.split(':').collect::<Vec<_>>().windows(2).any(|w| {
        !w[0].is_empty()
            && w[0].chars().all(|c| c.is_ascii_digit())
            && w[1].chars().take_while(|c| c.is_ascii_digit()).count() > 0
    });
    colon_numbers
        || why.contains("command ")
        || why.contains("the set-up")
        || why.contains(": line ")
}

fn mutations() -> usize {
    std::env::var("HOLOTABLE_FUZZ")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(60)
}

#[test]
fn mutated_scenarios_and_saves_are_refused_with_their_place_and_never_panic() {
    let entries = registry().0;
    let ids: Vec<&str> = entries.iter().map(|e| e.id).collect();
    let n = mutations();
    let mut rng = ChaCha8Rng::seed_from_u64(28);
    let (mut scenarios, mut saves) = (Tally::default(), Tally::default());
    // Panics are counted, not printed.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let dir = std::env::temp_dir().join(format!("holotable-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp folder");
    for entry in &entries {
        for (name, src) in entry.bundled {
            let file = format!("{name}");
            for _ in 0..n {
                let text = mutate(src, &mut rng);
                scenarios.tried += 1;
                let run = catch_unwind(AssertUnwindSafe(|| {
                    let header = read_header(&text, &file, &ids).map_err(|e| e.to_string())?;
                    let loaded = Loaded {
                        file: file.clone(),
                        src: text.clone(),
                        header,
                    };
                    (entry.check)(&loaded).map_err(|e| e.join("\n"))?;
                    let mut game = (entry.headless)(&loaded, Randomness::seeded(1))
                        .map_err(|e| format!("{e:?}"))?;
                    game.set_rules_sides(&["all".into()])?;
                    game.play_rules(30)?;
                    Ok::<(), String>(())
                }));
                match run {
                    Ok(Ok(())) => scenarios.accepted += 1,
                    Ok(Err(why)) if has_place(&why) => scenarios.refused_with_place += 1,
                    Ok(Err(why)) => scenarios.refused_without_place.push(why),
                    Err(_) => scenarios.panics.push(text),
                }
            }
        }
        // A saved game of the rule set: its first scenario, 40 steps of the rules.
        let (name, src) = entry.bundled[0];
        let header = read_header(src, name, &ids).expect("a bundled header");
        let loaded = Loaded {
            file: format!("bundled:{name}"),
            src: src.to_string(),
            header,
        };
        let mut game = (entry.headless)(&loaded, Randomness::seeded(2)).expect("starts");
        game.set_rules_sides(&["all".into()]).expect("sides");
        game.play_rules(40).expect("plays");
        let path = dir.join(format!("{}.ron", entry.id));
        game.save(&path).expect("saves");
        let saved = std::fs::read_to_string(&path).expect("reads");
        for _ in 0..n * entry.bundled.len() {
            let text = mutate(&saved, &mut rng);
            saves.tried += 1;
            let run = catch_unwind(AssertUnwindSafe(|| {
                (entry.replay)(&text, &path)
                    .map(|_| ())
                    .map_err(|e| e.to_string())
            }));
            match run {
                Ok(Ok(())) => saves.accepted += 1,
                Ok(Err(why)) if has_place(&why) => saves.refused_with_place += 1,
                Ok(Err(why)) => saves.refused_without_place.push(why),
                Err(_) => saves.panics.push(text),
            }
        }
    }
    std::panic::set_hook(hook);
    let _ = std::fs::remove_dir_all(&dir);
    for (what, t) in [("scenarios", &scenarios), ("saves", &saves)] {
        eprintln!(
            "{what}: tried {}, accepted {}, refused with a place {}, refused without {}, panics {}",
            t.tried,
            t.accepted,
            t.refused_with_place,
            t.refused_without_place.len(),
            t.panics.len()
        );
        assert!(t.panics.is_empty(), "{what}: a panic on\n{}", t.panics[0]);
        let mut kinds: Vec<String> = t
            .refused_without_place
            .iter()
            .map(|w| w.chars().take(140).collect())
            .collect();
        kinds.sort();
        kinds.dedup();
        for k in kinds.iter().take(12) {
            eprintln!("  without: {k}");
        }
        assert!(
            t.refused_without_place.is_empty(),
            "{what}: refused without saying where: {}",
            t.refused_without_place[0]
        );
        assert!(
            t.refused_with_place > 0,
            "{what}: the mutations refused nothing"
        );
    }
}
