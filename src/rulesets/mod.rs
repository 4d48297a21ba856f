//! The rule sets, and the registry: the one place that names them all. Adding a rule set is a
//! new folder here plus one line in [`registry`].

pub mod battlefield;
pub mod mass_combat;
#[cfg(test)]
mod on_screen;
pub mod one_stat;
pub mod space_battle;
pub mod tyneside;

use crate::engine::registry::{Registry, RuleSetEntry};
use crate::ui::rule_book::Book;

/// Every rule set this Holotable plays, keyed by the scenario's `ruleset:` id.
pub fn registry() -> Registry {
    Registry(vec![
        RuleSetEntry::of::<tyneside::Tyneside>(),
        RuleSetEntry::of::<battlefield::Battlefield>(),
        RuleSetEntry::of::<space_battle::SpaceBattle>(),
        RuleSetEntry::of::<mass_combat::MassCombat>(),
        RuleSetEntry::of::<one_stat::OneStat>(),
    ])
}

/// Every rule set's rule text and rulings, in the registry's order.
pub fn rule_books() -> [Book; 5] {
    [
        tyneside::BOOK,
        battlefield::BOOK,
        space_battle::BOOK,
        mass_combat::BOOK,
        one_stat::BOOK,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every rule set's Help opens its own rule text and rulings, built in whole.
    #[test]
    fn each_rule_set_carries_its_text_and_rulings() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        for book in rule_books() {
            let text = std::fs::read_to_string(dir.join("assets/rules").join(book.file))
                .expect("the rule text is in assets/rules");
            assert_eq!(book.text, text, "{}", book.file);
            let rulings = std::fs::read_to_string(dir.join("docs/rules").join(book.rulings_file))
                .expect("the rulings are in docs/rules");
            assert_eq!(book.rulings, rulings, "{}", book.rulings_file);
        }
        let mut files: Vec<_> = rule_books().iter().map(|b| b.file).collect();
        files.sort_unstable();
        files.dedup();
        assert_eq!(files.len(), 5, "five rule texts, one each");
    }

    /// A walk: the mass combat book opened on a hosting page's page counts and DMCA notice.
    /// Each book shows its rules from their title, nothing of a wrapper; the rules themselves
    /// whole (their last section too).
    #[test]
    fn each_book_shows_its_rules_without_a_hosting_pages_wrapper() {
        for book in rule_books() {
            let rules = book.rules();
            for wrapper in ["Pages •", "DMCA", "Related documents"] {
                assert!(!rules.contains(wrapper), "{}: {wrapper}", book.file);
            }
            assert!(book.text.contains(rules) && rules.len() * 10 > book.text.len() * 8);
        }
        let mass = mass_combat::BOOK.rules();
        assert!(mass.starts_with("Star Wars Mass Combat Rules by Christian Conkle"));
        assert!(mass.contains("Units The basic scale of combat"));
    }
}
