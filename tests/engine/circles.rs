//! No import circles in `src/`: each file's `crate::`, `super::` and `self::` paths are resolved
//! to the module file they name (a `mod.rs` declaring or registering its own children does not
//! count), and no set of two or more files may reach each other. docs/architecture.md, Layers.

use std::collections::BTreeMap;
use std::path::Path;

use super::boundary::rust_files;

/// A file's module path under `src` (`a/mod.rs` and `a.rs` are both `a`).
fn mod_path(src: &Path, file: &Path) -> Vec<String> {
    let rel = file
        .strip_prefix(src)
        .expect("under src")
        .with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts
        .last()
        .is_some_and(|l| ["mod", "lib", "main"].contains(&l.as_str()))
    {
        parts.pop();
    }
    parts
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The paths of a use tree's body, e.g. `a::{b, c::{d, e}}` → a::b, a::c::d, a::c::e.
fn expand(prefix: &[String], body: &str) -> Vec<Vec<String>> {
    let mut parts = Vec::new();
    let (mut depth, mut cur) = (0, String::new());
    for ch in body.chars() {
        match ch {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
        if ch == ',' && depth == 0 {
            parts.push(std::mem::take(&mut cur));
        } else {
            cur.push(ch);
        }
    }
    parts.push(cur);
    let split = |s: &str| -> Vec<String> {
        s.split("::")
            .map(str::trim)
            .filter(|x| !x.is_empty())
            .map(String::from)
            .collect()
    };
    let mut out = Vec::new();
    for p in parts {
        let p = p.trim();
        if p.is_empty() {
            continue;
        }
        if let (Some(open), true) = (p.find('{'), p.ends_with('}')) {
            let mut head = prefix.to_vec();
            head.extend(split(&p[..open]));
            out.extend(expand(&head, &p[open + 1..p.len() - 1]));
        } else {
            let p = p.split(" as ").next().unwrap_or(p);
            let mut full = prefix.to_vec();
            full.extend(split(p));
            out.push(full);
        }
    }
    out
}

/// Every `crate::`, `super::` and `self::` path in `text`, comments left out: those of `use`
/// items (trees expanded) and those written inline.
fn paths_in(text: &str) -> Vec<Vec<String>> {
    let text: String = text
        .lines()
        .map(|l| l.find("//").map_or(l, |i| &l[..i]))
        .collect::<Vec<_>>()
        .join("\n");
    let b = text.as_bytes();
    let starts_path = |at: usize| {
        text.is_char_boundary(at)
            && (at == 0 || !is_ident(b[at - 1]))
            && ["crate", "super", "self"]
                .iter()
                .any(|k| text[at..].starts_with(k) && text[at + k.len()..].starts_with("::"))
    };
    let mut found = Vec::new();
    let mut i = 0;
    while let Some(p) = text[i..].find("use ") {
        let at = i + p;
        i = at + 4;
        if at > 0 && is_ident(b[at - 1]) {
            continue;
        }
        let rest = text[at + 4..].trim_start();
        let start = text.len() - rest.len();
        if starts_path(start)
            && let Some(end) = rest.find(';')
        {
            found.extend(expand(&[], &rest[..end].replace('\n', " ")));
        }
    }
    for at in 0..b.len() {
        if starts_path(at) {
            let end = text[at..]
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
                .map_or(text.len(), |e| at + e);
            let path: Vec<String> = text[at..end]
                .split("::")
                .filter(|x| !x.is_empty())
                .map(String::from)
                .collect();
            if path.len() > 1 {
                found.push(path);
            }
        }
    }
    found
}

/// The file a path written in module `me` names: the longest module prefix that is a file.
fn resolve(
    modules: &BTreeMap<Vec<String>, usize>,
    me: &[String],
    path: &[String],
) -> Option<usize> {
    let mut base = me.to_vec();
    let mut i = 0;
    if path.first().is_some_and(|p| p == "crate") {
        base.clear();
        i = 1;
    } else {
        while i < path.len() && (path[i] == "super" || path[i] == "self") {
            if path[i] == "super" {
                base.pop();
            }
            i += 1;
        }
    }
    base.extend(path[i..].iter().cloned());
    (0..=base.len())
        .rev()
        .find_map(|k| modules.get(&base[..k]).copied())
}

/// The import circles among the files of the crate source folder `src`: each a sorted list of
/// two or more files (relative to `src`) that all reach one another.
fn circles(src: &Path) -> Vec<Vec<String>> {
    let files = rust_files(src);
    let modules: BTreeMap<Vec<String>, usize> = files
        .iter()
        .enumerate()
        .map(|(i, f)| (mod_path(src, f), i))
        .collect();
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); files.len()];
    for (i, f) in files.iter().enumerate() {
        let me = mod_path(src, f);
        let is_mod = f
            .file_name()
            .is_some_and(|n| ["mod.rs", "lib.rs", "main.rs"].contains(&n.to_str().unwrap_or("")));
        let text = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        for p in paths_in(&text) {
            let Some(t) = resolve(&modules, &me, &p) else {
                continue;
            };
            let target = mod_path(src, &files[t]);
            // A parent declaring or registering its own child is not an import.
            if t == i || (is_mod && target.len() == me.len() + 1 && target.starts_with(&me)) {
                continue;
            }
            edges[i].push(t);
        }
        edges[i].sort_unstable();
        edges[i].dedup();
    }
    // Tarjan's strongly connected components.
    struct Search<'a> {
        edges: &'a [Vec<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        found: Vec<Vec<usize>>,
    }
    fn strong(s: &mut Search, v: usize) {
        s.index[v] = Some(s.next);
        s.low[v] = s.next;
        s.next += 1;
        s.stack.push(v);
        s.on[v] = true;
        for &w in &s.edges[v] {
            match s.index[w] {
                None => {
                    strong(s, w);
                    s.low[v] = s.low[v].min(s.low[w]);
                }
                Some(iw) if s.on[w] => s.low[v] = s.low[v].min(iw),
                Some(_) => {}
            }
        }
        if Some(s.low[v]) == s.index[v] {
            let mut comp = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on[w] = false;
                comp.push(w);
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                s.found.push(comp);
            }
        }
    }
    let n = files.len();
    let mut s = Search {
        edges: &edges,
        index: vec![None; n],
        low: vec![0; n],
        on: vec![false; n],
        stack: Vec::new(),
        next: 0,
        found: Vec::new(),
    };
    for v in 0..n {
        if s.index[v].is_none() {
            strong(&mut s, v);
        }
    }
    let mut out: Vec<Vec<String>> = s
        .found
        .into_iter()
        .map(|c| {
            let mut names: Vec<String> = c
                .into_iter()
                .map(|i| {
                    files[i]
                        .strip_prefix(src)
                        .unwrap_or(&files[i])
                        .display()
                        .to_string()
                })
                .collect();
            names.sort();
            names
        })
        .collect();
    out.sort();
    out
}

#[test]
fn no_file_of_src_imports_itself_through_others() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let found = circles(&src);
    assert!(
        found.is_empty(),
        "import circles in src/ (each set of files reaches one another):\n{}",
        found
            .iter()
            .map(|c| c.join(", "))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// The check itself finds a circle put in on purpose, through a use tree, an inline path and
/// `super`, and leaves out a parent registering its child.
#[test]
fn a_circle_made_on_purpose_is_found() {
    let dir = std::env::temp_dir().join(format!("holotable-circles-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("engine")).expect("folder");
    let write = |p: &str, text: &str| std::fs::write(src.join(p), text).expect("writes");
    write("lib.rs", "pub mod engine;\npub mod view;\n");
    write(
        "engine/mod.rs",
        "pub mod pipeline;\npub mod undo;\nfn plugin() { pipeline::plugin(); }\n",
    );
    write(
        "engine/pipeline.rs",
        "use super::{dice::Dice, undo::{self, Marks}};\npub fn plugin() {}\n",
    );
    write(
        "engine/undo.rs",
        "// crate::view is only named in a comment\npub fn f() { crate::engine::pipeline::plugin(); }\n",
    );
    write("view.rs", "use crate::engine::undo;\n");
    assert_eq!(
        circles(&src),
        vec![vec![
            "engine/pipeline.rs".to_string(),
            "engine/undo.rs".to_string()
        ]]
    );
    // Without the inline path back, there is none.
    write("engine/undo.rs", "pub fn f() {}\n");
    assert!(circles(&src).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}
