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
}

/// The rule set's book `$rules` (a file of `assets/rules/`) with its rulings `$rulings` (a
/// file of `docs/rules/`), built in.
#[macro_export]
macro_rules! rule_book {
    ($rules:literal, $rulings:literal) => {
        $crate::ui::rule_book::Book {
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

/// Draws the rule book window while `reading` holds something; its close button empties it.
pub fn show(ctx: &egui::Context, reading: &mut Option<Reading>, book: &Book) {
    let Some(r) = reading.as_mut() else {
        return;
    };
    let mut open = true;
    let screen = ctx.content_rect();
    egui::Window::new("Rule book")
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
            let text = if r.rulings { book.rulings } else { book.text };
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
            egui::ScrollArea::vertical()
                .id_salt(("rule-book", r.rulings))
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    for p in found {
                        match p.trim_start().strip_prefix('#') {
                            Some(heading) => {
                                ui.strong(heading.trim_start_matches('#').trim());
                            }
                            None => {
                                ui.label(p);
                            }
                        }
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
}
