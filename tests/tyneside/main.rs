//! The Tyneside skirmish rules (tyneside-skirmish.txt), played headless: every phase, the rules' side, the worked example and the bundled scenarios.

#[path = "../common/mod.rs"]
mod common;

mod bundled_scenarios;
mod doors;
mod ending;
mod flight;
mod force_powers;
mod portals;
mod rules_review;
mod solo;
mod turns;
mod vehicles;
mod worked_example;
