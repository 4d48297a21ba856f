//! The command line as a user calls it: check, run, replay, sim, host and join, serve and club.

#[path = "../common/mod.rs"]
mod common;

mod club;
mod commands;
mod online;
mod sim;
