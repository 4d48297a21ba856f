//! Where a craft can get to with the points it has left: every square, facing and points
//! left it can stop in, with a path there (the fewest steps). The mouse shows it; the rules'
//! side chooses from it.

use super::battle::Battle;
use super::rules::facing::{Dir, step, steps};

/// One place a craft can reach this move.
#[derive(Clone, Debug, PartialEq)]
pub struct Reach {
    /// The square.
    pub at: (i32, i32),
    /// Its facing there.
    pub facing: Dir,
    /// Movement points left there.
    pub points: u8,
    /// The squares stepped into, in order.
    pub path: Vec<(i32, i32)>,
    /// A bomber leaving by the far edge there.
    pub exits: bool,
    /// No step is left from there (its points spent, or only steps off the board): the move
    /// ends there.
    pub ends: bool,
}

impl Battle {
    /// Every place craft `i` can reach from where it stands with its points left, nearest
    /// first (breadth first, so each with its fewest steps); empty for a craft not flying.
    pub fn reach(&self, i: usize) -> Vec<Reach> {
        let c = &self.craft[i];
        if !c.flying() {
            return Vec::new();
        }
        let cols = (self.columns + 2) as usize;
        let rows = self.rows.max(1) as usize;
        let key = |at: (i32, i32), f: Dir, p: u8| {
            ((((at.0 + 1) as usize * rows + at.1 as usize) * 8 + usize::from(f.0)) * 16)
                + usize::from(p.min(15))
        };
        let mut seen = vec![false; cols * rows * 8 * 16];
        let mut out: Vec<Reach> = Vec::new();
        let mut frontier = vec![(c.at, c.facing, c.points, Vec::<(i32, i32)>::new())];
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for (at, facing, points, path) in frontier {
                let mut any = false;
                for (dir, cost) in steps(facing) {
                    let to = step(at, dir);
                    if cost > points {
                        continue;
                    }
                    let exits = self.exits(i, to);
                    if !self.on_board(to) && !exits {
                        continue;
                    }
                    any = true;
                    let left = points - cost;
                    let mut p = path.clone();
                    p.push(to);
                    if exits {
                        out.push(Reach {
                            at: to,
                            facing: dir,
                            points: left,
                            path: p,
                            exits,
                            ends: true,
                        });
                        continue;
                    }
                    let k = key(to, dir, left);
                    if !seen[k] {
                        seen[k] = true;
                        next.push((to, dir, left, p));
                    }
                }
                if !path.is_empty() {
                    out.push(Reach {
                        at,
                        facing,
                        points,
                        path,
                        exits: false,
                        ends: !any,
                    });
                }
            }
            frontier = next;
        }
        out
    }
}
