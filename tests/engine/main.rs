//! The engine's tests: saves and autosaves, play by e-mail, manual dice, the replay viewer, undo, the rule-set boundary.

#[path = "../common/mod.rs"]
mod common;

mod autosave;
mod boundary;
mod by_email;
mod circles;
mod club_hall;
mod conformance;
mod declarations_by_email;
mod forgeries;
mod fuzz;
mod leaving;
mod manual_dice;
mod online;
mod quotations;
mod records;
mod replay_view;
mod scenario_files;
mod sizes;
mod toy;
mod undo;
