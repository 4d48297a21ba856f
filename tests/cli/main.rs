//! The command line as a user calls it: check, run, replay, sim.

#[path = "../common/mod.rs"]
mod common;

mod commands;
mod online;
mod sim;
