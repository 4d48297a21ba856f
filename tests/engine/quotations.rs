//! Every passage presented as a rule text's words stands in that text (issue 60), by the
//! convention in docs/rules/quoting.md: a rule text's words are in double quotes; the text is
//! the one the comment, string or paragraph names by file (`tyneside-skirmish.txt`), else the
//! rule set's own in `src/rulesets/<id>/` and `docs/rules/<id>.md`; the check allows only for
//! whitespace, quote marks, an elision ("…" or "...") and a passage's edge punctuation.

use std::path::{Path, PathBuf};

/// The five texts: rule set id and file, in `assets/rules/` (copies of `../shared/rules/`).
const TEXTS: [(&str, &str); 5] = [
    ("tyneside", "tyneside-skirmish.txt"),
    ("battlefield", "imperial-alliance-battlefield.txt"),
    ("one_stat", "one-stat-skirmish.txt"),
    ("space_battle", "star-wars-battle-space.txt"),
    ("mass_combat", "d6-mass-combat.txt"),
];

/// A quoted passage: where it stands, the texts it may come from (indices into `TEXTS`), its words.
#[derive(Debug)]
struct Passage {
    at: String,
    texts: Vec<usize>,
    words: String,
}

/// `s` without quote marks, with its whitespace runs made one space.
fn normalised(s: &str) -> String {
    let kept: String = s
        .chars()
        .filter(|c| {
            !matches!(
                c,
                '"' | '\u{201c}' | '\u{201d}' | '\u{2033}' | '\'' | '\u{2018}' | '\u{2019}' | '`'
            )
        })
        .collect();
    kept.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether `passage` stands in `text` (already normalised): each piece between elisions, in order.
fn stands_in(passage: &str, text: &str) -> bool {
    let words = normalised(passage);
    let mut from = 0;
    for piece in words.split(['…']).flat_map(|p| p.split("...")) {
        let piece = piece.trim_matches(|c: char| c.is_whitespace() || ",.;:".contains(c));
        if piece.is_empty() {
            continue;
        }
        match text[from..].find(piece) {
            Some(i) => from += i + piece.len(),
            None => return false,
        }
    }
    true
}

/// The rule texts a block is cited to: those it names by file, else `default`'s.
fn cited(block: &str, default: Option<usize>) -> Vec<usize> {
    let named: Vec<usize> = (0..TEXTS.len())
        .filter(|&i| block.contains(TEXTS[i].1))
        .collect();
    if named.is_empty() {
        default.into_iter().collect()
    } else {
        named
    }
}

/// The passages in double quotes in `block` (its first line `line`), with code spans left out. A
/// `"` (or `\"` in a string) right after a digit or a fraction, where no quote is open, is an inch
/// mark; a quote right after `.md, ` names one of our docs' headings, not a rule text's words.
fn quoted(
    block: &str,
    mark: &str,
    file: &str,
    line: usize,
    texts: &[usize],
    out: &mut Vec<Passage>,
) {
    let mut open: Option<usize> = None;
    let mut code = false;
    let mut i = 0;
    while i < block.len() {
        let rest = &block[i..];
        if rest.starts_with('`') {
            code = !code;
            i += 1;
            continue;
        }
        let curly_open = rest.starts_with('\u{201c}');
        let curly_close = rest.starts_with('\u{201d}');
        let straight = rest.starts_with(mark);
        if code || !(straight || curly_open || curly_close) {
            i += rest.chars().next().map_or(1, char::len_utf8);
            continue;
        }
        let len = if straight {
            mark.len()
        } else {
            '\u{201c}'.len_utf8()
        };
        match open {
            None if curly_close => {}
            None => {
                let before = block[..i].trim_end_matches('\\').chars().next_back();
                let inch =
                    straight && before.is_some_and(|c| c.is_ascii_digit() || "½¼¾".contains(c));
                let heading = block[..i].ends_with(".md, ");
                if heading {
                    // Skip to the heading's closing mark.
                    let end = block[i + len..]
                        .find(mark)
                        .map_or(block.len(), |j| i + len + j + mark.len());
                    i = end;
                    continue;
                }
                if !inch {
                    open = Some(i + len);
                }
            }
            Some(start) if curly_open => open = Some(start),
            Some(start) => {
                // A message's inch mark, written `{INCH}` where the font lacks `″`.
                let words = &block[start..i].replace("{INCH}", "\u{2033}");
                let n = block[..start].matches('\n').count();
                if !(mark == "\\\"" && words.contains('{')) {
                    out.push(Passage {
                        at: format!("{file}:{}", line + n),
                        texts: texts.to_vec(),
                        words: words.replace('\n', " "),
                    });
                }
                open = None;
            }
        }
        i += len;
    }
}

/// The passages of one Rust file: whole-line comment blocks, and the `\"…\"` in string literals
/// of code before its `#[cfg(test)]` (a test's strings are data, not presented to a player).
fn rust_passages(file: &str, src: &str, default: Option<usize>, out: &mut Vec<Passage>) {
    let mut block = String::new();
    let mut first = 0;
    let mut tests = false;
    let mut fenced = false;
    let flush = |block: &mut String, first: usize, out: &mut Vec<Passage>| {
        if !block.is_empty() {
            let texts = cited(block, default);
            if !texts.is_empty() {
                quoted(block, "\"", file, first, &texts, out);
            }
            block.clear();
        }
    };
    for (n, line) in src.lines().enumerate() {
        let t = line.trim_start();
        if let Some(c) = t.strip_prefix("//") {
            let c = c.strip_prefix(['/', '!']).unwrap_or(c);
            if c.trim_start().starts_with("```") {
                fenced = !fenced;
                continue;
            }
            if block.is_empty() {
                first = n + 1;
            }
            if !fenced {
                block.push_str(c);
                block.push('\n');
            }
            continue;
        }
        flush(&mut block, first, out);
        if t.starts_with("#[cfg(test)]") {
            tests = true;
        }
        if !tests && t.contains("\\\"") {
            let texts = cited(t, default);
            if !texts.is_empty() {
                quoted(t, "\\\"", file, n + 1, &texts, out);
            }
        }
    }
    flush(&mut block, first, out);
}

/// The passages of one markdown file, paragraph by paragraph, fenced code left out.
fn markdown_passages(file: &str, src: &str, default: Option<usize>, out: &mut Vec<Passage>) {
    let mut para = String::new();
    let mut first = 1;
    let mut fenced = false;
    for (n, line) in src.lines().chain([""]).enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        if line.trim().is_empty()
            || line.starts_with('#')
            || line.starts_with("- ")
            || line.starts_with("| ")
        {
            if !para.is_empty() {
                let texts = cited(&para, default);
                if !texts.is_empty() {
                    quoted(&para, "\"", file, first, &texts, out);
                }
                para.clear();
            }
            if line.trim().is_empty() {
                continue;
            }
        }
        if para.is_empty() {
            first = n + 1;
        }
        para.push_str(line);
        para.push('\n');
    }
}

fn files(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir)
        .expect("a folder of the repository")
        .flatten()
    {
        let p = e.path();
        if p.is_dir() {
            files(&p, ext, out);
        } else if p.extension().is_some_and(|x| x == ext) {
            out.push(p);
        }
    }
}

/// The rule set whose text is the default for `rel` (a path from the repository's root).
fn default_text(rel: &str) -> Option<usize> {
    let id = rel
        .strip_prefix("src/rulesets/")
        .and_then(|r| r.split('/').next())
        .or_else(|| {
            rel.strip_prefix("docs/rules/")
                .and_then(|r| r.strip_suffix(".md"))
        })?;
    TEXTS.iter().position(|(i, _)| *i == id)
}

/// Every passage in `src/` and `docs/rules/`.
fn all_passages(root: &Path) -> Vec<Passage> {
    let mut paths = Vec::new();
    files(&root.join("src"), "rs", &mut paths);
    files(&root.join("docs/rules"), "md", &mut paths);
    paths.sort();
    let mut out = Vec::new();
    for p in paths {
        let rel = p
            .strip_prefix(root)
            .expect("under the root")
            .to_string_lossy()
            .replace('\\', "/");
        let src = std::fs::read_to_string(&p).expect("a readable file");
        if rel.ends_with(".md") {
            markdown_passages(&rel, &src, default_text(&rel), &mut out);
        } else {
            rust_passages(&rel, &src, default_text(&rel), &mut out);
        }
    }
    out
}

/// The passages of `passages` that do not stand in their texts, one line each.
fn misquoted(passages: &[Passage], texts: &[String]) -> Vec<String> {
    passages
        .iter()
        .filter(|p| !p.texts.iter().any(|&t| stands_in(&p.words, &texts[t])))
        .map(|p| format!("{} ({}): \"{}\"", p.at, TEXTS[p.texts[0]].1, p.words.trim()))
        .collect()
}

fn texts(root: &Path) -> Vec<String> {
    TEXTS
        .iter()
        .map(|(_, f)| {
            normalised(
                &std::fs::read_to_string(root.join("assets/rules").join(f)).expect("a rule text"),
            )
        })
        .collect()
}

#[test]
fn every_quotation_stands_in_its_text() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let passages = all_passages(root);
    assert!(
        passages.len() > 1000,
        "only {} quoted passages found: the reader is broken",
        passages.len()
    );
    for id in 0..TEXTS.len() {
        assert!(
            passages.iter().filter(|p| p.texts.contains(&id)).count() > 50,
            "few quotations of {}",
            TEXTS[id].1
        );
    }
    let bad = misquoted(&passages, &texts(root));
    assert!(
        bad.is_empty(),
        "{} of {} quoted passages are not in their text:\n{}",
        bad.len(),
        passages.len(),
        bad.join("\n")
    );
}

#[test]
fn a_made_up_quote_fails_and_a_true_one_passes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let texts = texts(root);
    let src = "/// d6-mass-combat.txt, Mass Combat Sequence: \"Each commander must secretly declare all\n\
               /// orders\"; and \"The character with the lowest command skill code declares actions\n\
               /// first. Other characters … in ascending order of command codes\", at 5\" a turn.\n\
               fn f() { g(\"a refusal: \\\"leaving the character with the highest command skill\\\" and \\\"{x}\\\"\") }\n";
    let mut out = Vec::new();
    rust_passages(
        "src/rulesets/mass_combat/x.rs",
        src,
        default_text("src/rulesets/mass_combat/x.rs"),
        &mut out,
    );
    assert_eq!(out.len(), 3, "{out:?}");
    let bad = misquoted(&out, &texts);
    assert_eq!(bad.len(), 1, "{bad:?}");
    assert!(
        bad[0].starts_with("src/rulesets/mass_combat/x.rs:1 ")
            && bad[0].contains("secretly declare"),
        "{bad:?}"
    );
    // The same words cited to another text fail there.
    let mut other = Vec::new();
    markdown_passages(
        "docs/rules/tyneside.md",
        "The text says \"declares actions first\".\n",
        default_text("docs/rules/tyneside.md"),
        &mut other,
    );
    assert_eq!(misquoted(&other, &texts).len(), 1);
}
