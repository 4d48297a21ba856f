//! Where a craft can get to with the points it has left: every square, facing and points
//! left it can stop in, each with the way there (the fewest steps). The mouse shows it; the
//! rules' side chooses from it.

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
    /// Squares stepped into to get there.
    pub steps: u8,
    /// A bomber leaving by the far edge there.
    pub exits: bool,
    /// No step is left from there (its points spent, or only steps off the board): the move
    /// ends there.
    pub ends: bool,
    /// The index of the place it stepped from (where the craft stands, index 0, for itself).
    parent: u32,
}

/// Every place a craft can reach, nearest first; the first entry is where it stands.
#[derive(Clone, Debug, Default)]
pub struct Reachable(Vec<Reach>);

impl Reachable {
    /// The places it can get to (not where it stands), each with its index for
    /// [`Reachable::path`].
    pub fn places(&self) -> impl Iterator<Item = (usize, &Reach)> {
        self.0.iter().enumerate().skip(1)
    }

    /// The squares stepped into, in order, to get to place `k`.
    pub fn path(&self, k: usize) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        let mut i = k;
        while i > 0 {
            out.push(self.0[i].at);
            i = self.0[i].parent as usize;
        }
        out.reverse();
        out
    }
}

thread_local! {
    /// The places seen by the last searches on this thread: for each square and facing, the
    /// mark of the search that last saw it and which points left it was seen with, one bit
    /// each. Small enough to stay in the nearest cache, in the rules' side's hottest loop.
    static SEEN: std::cell::RefCell<(Vec<(u32, u16)>, u32)> = const { std::cell::RefCell::new((Vec::new(), 0)) };
}

impl Battle {
    /// Whether craft `i`, stopping where it is, could only finish its move on an occupied
    /// square: star-wars-battle-space.txt, MOVEMENT: "any that ends a move on an occupied
    /// square will be destroyed" (the hint warns before Stop to fire).
    pub fn cornered(&self, i: usize) -> bool {
        let reach = self.reach(i);
        let mut ends = reach.places().filter(|(_, r)| r.ends).peekable();
        ends.peek().is_some() && ends.all(|(_, r)| !r.exits && self.occupant(r.at, i).is_some())
    }

    /// Every place craft `i` can reach from where it stands with its points left, nearest
    /// first (breadth first, so each with its fewest steps); none for a craft not flying.
    pub fn reach(&self, i: usize) -> Reachable {
        let c = &self.craft[i];
        if !c.flying() {
            return Reachable::default();
        }
        let size = (self.columns + 2) as usize * self.rows.max(1) as usize * 8;
        SEEN.with_borrow_mut(|(marks, stamp)| {
            // A fresh mark for this search: no clearing, no allocation (the rules' side
            // searches for every craft it moves).
            *stamp = stamp.wrapping_add(1);
            if *stamp == 0 {
                marks.fill((0, 0));
                *stamp = 1;
            }
            if marks.len() < size {
                marks.resize(size, (0, 0));
            }
            self.search(i, marks, *stamp)
        })
    }

    fn search(&self, i: usize, marks: &mut [(u32, u16)], stamp: u32) -> Reachable {
        let c = &self.craft[i];
        // Room for most searches (about 50 places on average in the text's battle).
        let mut nodes = Vec::with_capacity(128);
        nodes.push(Reach {
            at: c.at,
            facing: c.facing,
            points: c.points,
            steps: 0,
            exits: false,
            ends: false,
            parent: 0,
        });
        // The far edge's column a bomber leaves by (none for a fighter): the search's inner
        // loop asks it of every step.
        let way_out = (c.kind.class() == super::rules::craft::Class::Bomber).then(|| {
            match self.sides[c.side].edge {
                super::rules::scenario::Edge::Left => self.columns,
                super::rules::scenario::Edge::Right => -1,
            }
        });
        let (columns, rows_i) = (self.columns, self.rows);
        let rows = rows_i.max(1) as usize;
        let mut k = 0;
        while k < nodes.len() {
            let (at, facing, points, done, taken) = {
                let n = &nodes[k];
                (n.at, n.facing, n.points, n.exits, n.steps)
            };
            k += 1;
            if done {
                continue;
            }
            let mut any = false;
            for (dir, cost) in steps(facing) {
                // The steps come cheapest first: none after this one is affordable either.
                if cost > points {
                    break;
                }
                let to = step(at, dir);
                let across = (0..rows_i).contains(&to.1);
                let on = across && (0..columns).contains(&to.0);
                let exits = !on && across && way_out == Some(to.0);
                if !on && !exits {
                    continue;
                }
                any = true;
                let left = points - cost;
                let seen = &mut marks
                    [((to.0 + 1) as usize * rows + to.1 as usize) * 8 + usize::from(dir.0)];
                if seen.0 != stamp {
                    *seen = (stamp, 0);
                }
                let bit = 1u16 << left.min(15);
                if exits || seen.1 & bit == 0 {
                    seen.1 |= bit;
                    nodes.push(Reach {
                        at: to,
                        facing: dir,
                        points: left,
                        steps: taken + 1,
                        exits,
                        ends: exits,
                        parent: (k - 1) as u32,
                    });
                }
            }
            nodes[k - 1].ends = !any;
        }
        Reachable(nodes)
    }
}
