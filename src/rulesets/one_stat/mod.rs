//! 1 Stat Skirmish (one-stat-skirmish.txt): warbands of a Boss, Specialists and Rookies, each
//! fighter one stat for everything. In progress: the text's arithmetic ([`rules`]); the game
//! behind the engine comes next (issue 24).

pub mod rules;
pub mod skirmish;
