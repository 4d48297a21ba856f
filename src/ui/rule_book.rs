//! The rule book: the rule set's text and our rulings on it, read in a window from Help, with
//! a search. Both are built into the program, so a player who has only the program has them
//! (Help used to name the files, which a player without the source does not have: issue 61).

use bevy_egui::egui;

/// A rule set's text and our rulings, as built into the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Book {
    /// The rule text's file name (under `assets/rules/`).
    pub file: &'static str,
    /// The rule text, whole.
    pub text: &'static str,
    /// The rulings' file name (under `docs/rules/`).
    pub rulings_file: &'static str,
    /// Our rulings where the text is ambiguous, whole (Markdown).
    pub rulings: &'static str,
    /// Where the rules begin and end inside a hosting page's wrapper kept with the text (its
    /// page counts, upload notice and "related documents"): the first line beginning with
    /// `.0` and the first later one beginning with `.1`; empty: the text's own start or end.
    pub within: (&'static str, &'static str),
}

impl Book {
    /// The rules as the book shows them: the text without the wrapper [`Book::within`] names
    /// (a walk opened the mass combat book on "8 Pages • 3,929 Words • PDF" and a DMCA
    /// notice).
    pub fn rules(&self) -> &'static str {
        let text = self.text;
        let line_at = |from: usize, start: &str| {
            let mut at = from;
            for line in text[from..].split_inclusive('\n') {
                if line.starts_with(start) {
                    return Some(at);
                }
                at += line.len();
            }
            None
        };
        let (begins, ends) = self.within;
        let start = if begins.is_empty() {
            0
        } else {
            line_at(0, begins).unwrap_or(0)
        };
        let end = if ends.is_empty() {
            text.len()
        } else {
            line_at(start, ends).unwrap_or(text.len())
        };
        &text[start..end]
    }
}

/// The rule set's book `$rules` (a file of `assets/rules/`) with its rulings `$rulings` (a
/// file of `docs/rules/`), built in; `within("begins", "ends")`: the lines where the rules
/// begin and end inside a wrapper kept with the text ([`Book::within`]).
#[macro_export]
macro_rules! rule_book {
    ($rules:literal, $rulings:literal) => {
        $crate::rule_book!($rules, $rulings, within("", ""))
    };
    ($rules:literal, $rulings:literal, within($begins:literal, $ends:literal)) => {
        $crate::ui::rule_book::Book {
            within: ($begins, $ends),
            file: $rules,
            text: include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/assets/rules/",
                $rules
            )),
            rulings_file: $rulings,
            rulings: include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/docs/rules/",
                $rulings
            )),
        }
    };
}

/// Which of a book's two parts is being read, and what is searched for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reading {
    /// The rulings rather than the text.
    pub rulings: bool,
    /// The words searched for; empty: the whole part.
    pub query: String,
    /// The paragraph (of the whole part) a click in the contents asked to be scrolled to.
    pub jump: Option<usize>,
}

/// The paragraphs (lines that hold anything) of `text` that hold `query`, ignoring case;
/// every paragraph where `query` is blank. In the text's order.
pub fn paragraphs<'a>(text: &'a str, query: &str) -> Vec<&'a str> {
    let query = query.trim().to_lowercase();
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .filter(|l| query.is_empty() || l.to_lowercase().contains(&query))
        .collect()
}

/// The headings of `text`, for its contents: each as (its paragraph's index among
/// [`paragraphs`]`(text, "")`, its words). A Markdown heading (`#`) is one; in a plain rule text
/// (which marks none) a short line standing alone between blank lines, capitalised, not ending
/// as a sentence does, holding no figures (so not a table's row or a chart's value) and not a
/// chart's lead-in (a colon, then the chart).
pub fn headings(text: &str) -> Vec<(usize, &str)> {
    let lines: Vec<&str> = text.lines().collect();
    let blank = |i: Option<usize>| {
        i.and_then(|i| lines.get(i))
            .is_none_or(|l| l.trim().is_empty())
    };
    // A line ending in a colon before a chart leads into it ("Possible orders are:"), as a
    // sentence does: not a heading (a walk found it in the contents).
    let next_is_chart = |i: usize| {
        lines[i + 1..]
            .iter()
            .find(|l| !l.trim().is_empty())
            .is_some_and(|l| is_chart_row(l))
    };
    let mut out = Vec::new();
    let mut paragraph = 0;
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        if let Some(h) = t.strip_prefix('#') {
            out.push((paragraph, h.trim_start_matches('#').trim()));
        } else if t.chars().count() <= 48
            && t.chars().count() >= 4
            && t.starts_with(|c: char| c.is_uppercase())
            && !t.ends_with(['.', ',', ';'])
            && !t.contains(|c: char| c.is_ascii_digit() || c == '=' || c == '>')
            && !t.contains("www.")
            && blank(i.checked_sub(1))
            && blank(Some(i + 1))
            && !(t.ends_with(':') && next_is_chart(i))
        {
            let t = t.trim_end_matches(':');
            // A title the text repeats (its cover and its first page) is listed once.
            if !out.iter().any(|(_, h)| *h == t) {
                out.push((paragraph, t));
            }
        }
        paragraph += 1;
    }
    out
}

/// Whether `paragraph` is a row of a chart: cells between tabs, as the plain rule texts set
/// their tables (tyneside-skirmish.txt's profiles and orders, the space game's charts).
pub fn is_chart_row(paragraph: &str) -> bool {
    paragraph.trim().contains('\t')
}

/// Draws the rule book window while `reading` holds something; its close button empties it.
pub fn show(ctx: &egui::Context, reading: &mut Option<Reading>, book: &Book) {
    let Some(r) = reading.as_mut() else {
        return;
    };
    let mut open = true;
    let screen = ctx.content_rect();
    // Over the phase bar's whole hint, as Help.
    egui::Window::new("Rule book")
        .order(egui::Order::Foreground)
        .open(&mut open)
        .collapsible(false)
        .default_size([screen.width().min(720.0), screen.height() * 0.75])
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.selectable_value(&mut r.rulings, false, format!("The rules ({})", book.file))
                    .on_hover_text("The rule text the game follows, word for word");
                ui.selectable_value(
                    &mut r.rulings,
                    true,
                    format!("Our rulings ({})", book.rulings_file),
                )
                .on_hover_text("How the game reads the text where it is ambiguous, and why");
            });
            let text = if r.rulings {
                book.rulings
            } else {
                book.rules()
            };
            let found = paragraphs(text, &r.query);
            ui.horizontal(|ui| {
                ui.label("Find");
                ui.add(egui::TextEdit::singleline(&mut r.query).desired_width(240.0))
                    .on_hover_text("Only the paragraphs that hold these words, in any case");
                if !r.query.trim().is_empty() {
                    ui.weak(format!("{} paragraphs", found.len()));
                }
            });
            ui.separator();
            egui::Panel::left(egui::Id::new(("rule-book-contents", r.rulings)))
                .resizable(false)
                .default_size(170.0)
                .show(ui, |ui| {
                    ui.strong("Contents");
                    egui::ScrollArea::vertical()
                        .id_salt(("rule-book-contents", r.rulings))
                        .auto_shrink([false, false])
                        .show(ui, |ui| {
                            for (at, heading) in headings(text) {
                                if ui
                                    .selectable_label(false, heading)
                                    .on_hover_text("Go to this part (the search is cleared)")
                                    .clicked()
                                {
                                    r.query.clear();
                                    r.jump = Some(at);
                                }
                            }
                        });
                });
            // The search is cleared by a jump: the paragraphs are then the whole part's.
            let found = if r.jump.is_some() {
                paragraphs(text, "")
            } else {
                found
            };
            // The whole part's headings stand out as the contents name them.
            let heads: Vec<usize> = if r.query.trim().is_empty() {
                headings(text).into_iter().map(|(at, _)| at).collect()
            } else {
                Vec::new()
            };
            egui::ScrollArea::vertical()
                .id_salt(("rule-book", r.rulings))
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    let mut at = 0;
                    while at < found.len() {
                        // A chart's rows (cells between tabs) go in a grid, its columns
                        // aligned: in a proportional font they wandered (a walk).
                        let rows = found[at..].iter().take_while(|p| is_chart_row(p)).count();
                        let shown = if rows > 0 {
                            egui::Grid::new(("rule-book-chart", r.rulings, at))
                                .striped(true)
                                .max_col_width(260.0)
                                .show(ui, |ui| {
                                    for row in &found[at..at + rows] {
                                        for cell in row.split('\t') {
                                            ui.add(egui::Label::new(cell.trim()).wrap());
                                        }
                                        ui.end_row();
                                    }
                                })
                                .response
                        } else {
                            let p = found[at];
                            match p.trim_start().strip_prefix('#') {
                                Some(heading) => ui.strong(heading.trim_start_matches('#').trim()),
                                None if heads.contains(&at) => ui.strong(p),
                                None => ui.label(p),
                            }
                        };
                        let next = at + rows.max(1);
                        if r.jump.is_some_and(|j| (at..next).contains(&j)) {
                            shown.scroll_to_me(Some(egui::Align::TOP));
                            r.jump = None;
                        }
                        at = next;
                        ui.add_space(4.0);
                    }
                });
        });
    if !open {
        *reading = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_search_keeps_the_paragraphs_that_hold_the_words() {
        let text = "Orders\n\nEach group gets an order counter.\n\nDuck back: a figure in cover.\n";
        assert_eq!(paragraphs(text, "").len(), 3);
        assert_eq!(
            paragraphs(text, "  ORDER "),
            ["Orders", "Each group gets an order counter."]
        );
        assert_eq!(
            paragraphs(text, "duck back"),
            ["Duck back: a figure in cover."]
        );
        assert!(paragraphs(text, "portal").is_empty());
    }

    /// The contents: a Markdown heading, or a plain text's short line alone between blank
    /// lines; not a sentence, a list item, a table's row or a chart's value; each with the
    /// index of its paragraph.
    #[test]
    fn the_contents_list_the_headings_by_paragraph() {
        let text = "Star Wars skirmish rules\n\nTable of contents\n\n- (1) Introduction.\n\nIntroduction:\n\nThese rules are designed.\n\nKing = 13 Queen = 12\n\nA short sentence ends.\n\nRebel 2D to 3D+2\nImperial 3D\n\nVisibility:\nFigures see.\n\nStar Wars skirmish rules\n\nThe rules begin.\n";
        let found: Vec<&str> = headings(text).into_iter().map(|(_, h)| h).collect();
        assert_eq!(
            found,
            [
                "Star Wars skirmish rules",
                "Table of contents",
                "Introduction"
            ]
        );
        let all = paragraphs(text, "");
        for (at, h) in headings(text) {
            assert!(all[at].contains(h), "{h} at {at}: {}", all[at]);
        }
        let rulings = "# Tyneside rulings\n\n## Orders\nThe order counter is kept.\n";
        assert_eq!(headings(rulings), [(0, "Tyneside rulings"), (1, "Orders")]);
    }

    /// The Tyneside text's profile chart and orders are rows of cells between tabs, a grid's
    /// rows; its headings and sentences are not.
    #[test]
    fn the_charts_rows_are_told_from_the_prose() {
        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/rules/tyneside-skirmish.txt"
        ));
        let all = paragraphs(text, "");
        let rows: Vec<&str> = all.iter().copied().filter(|p| is_chart_row(p)).collect();
        assert!(
            rows.iter().any(|r| r.starts_with("Stormtrooper\t1/2/3")),
            "{rows:?}"
        );
        assert!(rows.iter().any(|r| r.starts_with("Advance\t")));
        assert!(!is_chart_row(
            "Close combat: This occurs when opposing figures are within 1\" of each other."
        ));
        assert!(!is_chart_row("Orders:"));
        // The chart's lead-in is not in the contents; the section's own heading is.
        let contents: Vec<&str> = headings(text).into_iter().map(|(_, h)| h).collect();
        assert!(contents.contains(&"Orders"), "{contents:?}");
        assert!(
            !contents.iter().any(|h| h.starts_with("Possible orders")),
            "{contents:?}"
        );
    }

    /// Every bundled rule text has contents to go by (mass combat's text runs most headings
    /// into their paragraphs, so it has the fewest).
    #[test]
    fn every_rule_text_has_contents() {
        for f in [
            "tyneside-skirmish.txt",
            "imperial-alliance-battlefield.txt",
            "one-stat-skirmish.txt",
            "star-wars-battle-space.txt",
            "d6-mass-combat.txt",
        ] {
            let text =
                std::fs::read_to_string(format!("{}/assets/rules/{f}", env!("CARGO_MANIFEST_DIR")))
                    .unwrap();
            assert!(headings(&text).len() >= 5, "{f}: {:?}", headings(&text));
        }
    }
}
