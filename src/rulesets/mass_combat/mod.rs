//! Rule set `mass_combat`: Christian Conkle's mass combat rules for the D6 roleplaying game
//! (d6-mass-combat.txt): units of soldiers and vehicles as counters on open ground, orders
//! declared in secret, D6 dice codes with pips. `rules/` is the text's arithmetic (pure).

pub mod rules;
