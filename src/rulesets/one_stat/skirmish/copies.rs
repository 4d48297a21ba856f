//! Copies of a skirmish, by hand for `clone_from`: the text's tree tries each command it
//! weighs on a copy (`ai::legal`), thousands a game, and a copy kept for reuse takes the
//! game's state into the room it already has, with no allocation and, for a fighter whose
//! roster entry is the one it had, no count on that entry. Every field is named in each
//! function, so one added to a struct and not copied does not compile.

use std::sync::Arc;

use super::{OnTable, Player, Skirmish};

/// `to` becomes `from`, keeping `to` where it is already the same shared value.
fn share<T>(to: &mut Arc<T>, from: &Arc<T>) {
    if !Arc::ptr_eq(to, from) {
        *to = Arc::clone(from);
    }
}

impl Clone for Player {
    fn clone(&self) -> Self {
        let Player { id, name, corner } = self;
        Player {
            id: id.clone(),
            name: name.clone(),
            corner: *corner,
        }
    }

    fn clone_from(&mut self, from: &Self) {
        let Player { id, name, corner } = from;
        self.id.clone_from(id);
        self.name.clone_from(name);
        self.corner = *corner;
    }
}

impl Clone for OnTable {
    fn clone(&self) -> Self {
        let OnTable {
            fighter,
            player,
            at,
            base,
            standing,
            activated,
            wound_ignored,
            die,
            animal,
            demon,
            wild,
            on,
        } = self;
        OnTable {
            fighter: Arc::clone(fighter),
            player: *player,
            at: *at,
            base: *base,
            standing: *standing,
            activated: *activated,
            wound_ignored: *wound_ignored,
            die: *die,
            animal: *animal,
            demon: *demon,
            wild: *wild,
            on: on.clone(),
        }
    }

    fn clone_from(&mut self, from: &Self) {
        let OnTable {
            fighter,
            player,
            at,
            base,
            standing,
            activated,
            wound_ignored,
            die,
            animal,
            demon,
            wild,
            on,
        } = from;
        share(&mut self.fighter, fighter);
        self.player = *player;
        self.at = *at;
        self.base = *base;
        self.standing = *standing;
        self.activated = *activated;
        self.wound_ignored = *wound_ignored;
        self.die = *die;
        self.animal = *animal;
        self.demon = *demon;
        self.wild = *wild;
        self.on.clone_from(on);
    }
}

impl Clone for Skirmish {
    fn clone(&self) -> Self {
        let Skirmish {
            table,
            terrain,
            players,
            fighters,
            phase,
            order,
            stage,
            active,
            commanding,
            last_place,
            result,
            goal,
            hill,
            holder,
            turn_limit,
            solitaire,
            tokens,
            device,
            start,
            score,
            extra,
            heights,
            events,
            rerolls,
            device_attack,
            reroll_from,
        } = self;
        Skirmish {
            table: *table,
            terrain: Arc::clone(terrain),
            players: players.clone(),
            fighters: fighters.clone(),
            phase: *phase,
            order: order.clone(),
            stage: stage.clone(),
            active: active.clone(),
            commanding: commanding.clone(),
            last_place: *last_place,
            result: result.clone(),
            goal: goal.clone(),
            hill: *hill,
            holder: *holder,
            turn_limit: *turn_limit,
            solitaire: solitaire.clone(),
            tokens: tokens.clone(),
            device: device.clone(),
            start: *start,
            score: score.clone(),
            extra: *extra,
            heights: heights.clone(),
            events: events.clone(),
            rerolls: rerolls.clone(),
            device_attack: device_attack.clone(),
            reroll_from: reroll_from.clone(),
        }
    }

    fn clone_from(&mut self, from: &Self) {
        let Skirmish {
            table,
            terrain,
            players,
            fighters,
            phase,
            order,
            stage,
            active,
            commanding,
            last_place,
            result,
            goal,
            hill,
            holder,
            turn_limit,
            solitaire,
            tokens,
            device,
            start,
            score,
            extra,
            heights,
            events,
            rerolls,
            device_attack,
            reroll_from,
        } = from;
        self.table = *table;
        share(&mut self.terrain, terrain);
        self.players.clone_from(players);
        self.fighters.clone_from(fighters);
        self.phase = *phase;
        self.order.clone_from(order);
        self.stage.clone_from(stage);
        self.active.clone_from(active);
        self.commanding.clone_from(commanding);
        self.last_place = *last_place;
        self.result.clone_from(result);
        self.goal.clone_from(goal);
        self.hill = *hill;
        self.holder = *holder;
        self.turn_limit = *turn_limit;
        self.solitaire.clone_from(solitaire);
        self.tokens.clone_from(tokens);
        self.device.clone_from(device);
        self.start = *start;
        self.score.clone_from(score);
        self.extra = *extra;
        self.heights.clone_from(heights);
        self.events.clone_from(events);
        self.rerolls.clone_from(rerolls);
        self.device_attack.clone_from(device_attack);
        self.reroll_from.clone_from(reroll_from);
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::dice::Dice;

    /// A copy taken into another game's room is that game, whatever it held before: every
    /// bundled scenario, into a copy of every other, several commands in.
    #[test]
    fn a_copy_taken_into_another_is_the_same_game() {
        let games: Vec<super::Skirmish> = super::super::super::BUNDLED
            .iter()
            .map(|(name, _)| {
                let (loaded, _) = crate::rulesets::registry()
                    .load(name.trim_end_matches(".ron"))
                    .expect("a bundled scenario");
                let scenario = super::super::super::parse(&loaded).expect("a scenario");
                let mut s = super::super::super::phases::skirmish(&scenario);
                let mut dice = Dice::seeded(5);
                for _ in 0..30 {
                    let (Some(p), Some(c)) = (s.to_act(), super::super::super::ai::decide(&s))
                    else {
                        break;
                    };
                    s.apply(p, &c, &mut dice).expect("the tree's command");
                }
                s
            })
            .collect();
        assert!(games.len() > 5);
        for (k, a) in games.iter().enumerate() {
            let b = &games[(k + 1) % games.len()];
            let mut copy = b.clone();
            assert_eq!(&copy, b);
            copy.clone_from(a);
            assert_eq!(&copy, a, "game {k} into game {}", (k + 1) % games.len());
        }
    }
}
