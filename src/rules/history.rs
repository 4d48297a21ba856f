//! Undo and redo for the scenario editors: a document as it stands, and the versions undo
//! and redo bring back. Each change keeps the whole document before it; scenarios are small.

/// A document `D` being edited, with its undo and redo.
#[derive(Clone, Debug)]
pub struct History<D> {
    now: D,
    undone: Vec<D>,
    redone: Vec<D>,
}

impl<D: Clone + PartialEq> History<D> {
    /// `doc`, with nothing to undo.
    pub fn new(doc: D) -> Self {
        Self {
            now: doc,
            undone: Vec::new(),
            redone: Vec::new(),
        }
    }

    /// The document as it stands.
    pub fn now(&self) -> &D {
        &self.now
    }

    /// Changes the document with `edit`, which undo takes back; what was undone can no longer
    /// be redone.
    ///
    /// Errors: `edit`'s own (then nothing changes), or "that changes nothing".
    pub fn change(
        &mut self,
        edit: impl FnOnce(&mut D) -> Result<(), String>,
    ) -> Result<(), String> {
        let mut doc = self.now.clone();
        edit(&mut doc)?;
        if doc == self.now {
            return Err(NOTHING.into());
        }
        self.undone.push(std::mem::replace(&mut self.now, doc));
        self.redone.clear();
        Ok(())
    }

    /// Takes the last change back; `false` when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(before) = self.undone.pop() else {
            return false;
        };
        self.redone.push(std::mem::replace(&mut self.now, before));
        true
    }

    /// Makes the last change taken back again; `false` when there is none.
    pub fn redo(&mut self) -> bool {
        let Some(after) = self.redone.pop() else {
            return false;
        };
        self.undone.push(std::mem::replace(&mut self.now, after));
        true
    }

    /// Whether there is a change to undo, and one to redo.
    pub fn can_undo_redo(&self) -> (bool, bool) {
        (!self.undone.is_empty(), !self.redone.is_empty())
    }

    /// How many changes undo can take back now: a mark for [`History::squash`].
    pub fn undo_depth(&self) -> usize {
        self.undone.len()
    }

    /// Makes the changes since `mark` (an [`History::undo_depth`]) one, which a single undo
    /// takes back: a brush stroke dragged over many hexes.
    pub fn squash(&mut self, mark: usize) {
        self.undone.truncate(mark + 1);
    }
}

/// What [`History::change`] says of an edit that leaves the document as it was.
pub const NOTHING: &str = "that changes nothing";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undo_redo_and_a_squashed_run_of_changes() {
        let mut h = History::new(0);
        h.change(|d| {
            *d = 1;
            Ok(())
        })
        .unwrap();
        let mark = h.undo_depth();
        for v in 2..5 {
            h.change(|d| {
                *d = v;
                Ok(())
            })
            .unwrap();
        }
        h.squash(mark);
        assert_eq!(*h.now(), 4);
        assert!(h.undo());
        assert_eq!(*h.now(), 1, "the run is one change");
        assert!(h.undo() && !h.undo());
        assert_eq!(*h.now(), 0);
        assert!(h.redo() && h.redo() && !h.redo());
        assert_eq!(*h.now(), 4);
        assert_eq!(h.change(|_| Ok(())), Err(NOTHING.into()));
        assert_eq!(h.change(|_| Err("no".into())), Err("no".into()));
        assert_eq!(*h.now(), 4);
        h.undo();
        h.change(|d| {
            *d = 9;
            Ok(())
        })
        .unwrap();
        assert!(!h.redo(), "a new change drops what was undone");
    }
}
