#![warn(missing_docs)]
//! Holotable: a desktop tabletop simulator for Star Wars miniature wargames, played entirely
//! on screen. Layers: [`rules`] (what the rule texts say, pure), [`game`] (when it happens, the
//! ECS), [`view`], [`ui`] and [`input`] (how it looks and how a person acts), [`screens`] and
//! [`cli`] (the app).

pub mod cli;
pub mod game;
pub mod input;
pub mod rules;
pub mod screens;
pub mod ui;
pub mod view;
