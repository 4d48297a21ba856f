//! The battlefield system (imperial-alliance-battlefield.txt): its worked examples through the command line, and whole games headless.

#[path = "../common/mod.rs"]
mod common;

mod advanced;
mod play;
mod worked_examples;
