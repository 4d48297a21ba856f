//! Rule set `mass_combat`: Christian Conkle's mass combat rules for the D6 roleplaying game
//! (d6-mass-combat.txt): units of soldiers and vehicles as counters on open ground, orders
//! declared in secret, D6 dice codes with pips. `rules/` is the text's arithmetic (pure);
//! [`battle`] the state and what each command does.

pub mod battle;
pub mod commands;
pub mod rules;
