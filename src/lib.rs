#![warn(missing_docs)]
//! Holotable: a desktop tabletop simulator for Star Wars miniature wargames, played entirely
//! on screen. Layers: [`rules`] (what the rule texts share, pure), [`engine`] (the shared ECS
//! engine: states, command pipeline, record, replays), [`rulesets`] (each rule set: its rules,
//! phases, panels, view and input, and the registry), [`view`] and [`ui`] (the shared shell),
//! [`screens`] and [`cli`] (the app), [`sim`] (the balance report). See docs/architecture.md.

pub mod cli;
pub mod club;
pub mod engine;
pub mod rules;
pub mod rulesets;
pub mod screens;
pub mod sim;
pub mod ui;
pub mod view;
