//! Tyneside commands in the players' words, with the names of the figures and groups (what
//! Undo, Redo and the replay viewer show), never ids or Rust's debug text.

use bevy::prelude::*;

use super::commands::Command;
use super::components::{Figure, Group};
use super::rules::force::ForcePower;

/// The names the world gives figures and groups, by id (the id itself where none is found).
struct Names {
    figures: Vec<(String, String)>,
    groups: Vec<(String, String)>,
}

impl Names {
    fn of(world: &World) -> Self {
        let mut figures = Vec::new();
        let mut groups = Vec::new();
        if let Some(mut q) = world.try_query::<&Figure>() {
            figures = q
                .iter(world)
                .map(|f| (f.id.clone(), f.name.clone()))
                .collect();
        }
        if let Some(mut q) = world.try_query::<&Group>() {
            groups = q
                .iter(world)
                .map(|g| (g.id.clone(), g.name.clone()))
                .collect();
        }
        Self { figures, groups }
    }

    fn figure(&self, id: &str) -> String {
        self.figures
            .iter()
            .find(|(i, _)| i == id)
            .map_or_else(|| id.to_string(), |(_, n)| n.clone())
    }

    fn group(&self, id: &str) -> String {
        self.groups
            .iter()
            .find(|(i, _)| i == id)
            .map_or_else(|| id.to_string(), |(_, n)| n.clone())
    }

    fn groups(&self, ids: &[String]) -> String {
        let names: Vec<String> = ids.iter().map(|g| self.group(g)).collect();
        names.join(" and ")
    }
}

/// A point on the table in words, inches.
fn at((x, y): (f32, f32)) -> String {
    format!("({x:.1}\", {y:.1}\")")
}

/// Where figure `id` ends a move at `to` (inches), in words a player reads off the table: by
/// the nearest figure of another side, `into base contact with Stormtrooper 3` or `to 2.1"
/// from Stormtrooper 3` (base edge to base edge); the point itself where no enemy stands (a
/// walk found the rules' side's news told in coordinates nobody can read off a table).
fn place(world: &World, id: &str, (x, y): (f32, f32)) -> String {
    let to = Vec2::new(x, y);
    let Some(mut q) = world.try_query::<(&Figure, &super::components::Position)>() else {
        return at((x, y));
    };
    let all: Vec<(&Figure, Vec2)> = q.iter(world).map(|(f, p)| (f, p.0)).collect();
    let Some(me) = all.iter().find(|(f, _)| f.id == id).map(|(f, _)| *f) else {
        return at((x, y));
    };
    let gap = |(f, p): &(&Figure, Vec2)| crate::rules::geometry::base_gap(to, me.base, *p, f.base);
    all.iter()
        .filter(|(f, _)| f.side != me.side)
        .min_by(|a, b| gap(a).total_cmp(&gap(b)).then(a.0.index.cmp(&b.0.index)))
        .map_or_else(
            || at((x, y)),
            |e| match gap(e) {
                g if g <= 0.05 => format!("into base contact with {}", e.0.name),
                g => format!("to {g:.1}\" from {}", e.0.name),
            },
        )
}

/// Where figure `id` stands now, inches.
fn position(world: &World, id: &str) -> Option<Vec2> {
    let mut q = world.try_query::<(&Figure, &super::components::Position)>()?;
    q.iter(world).find(|(f, _)| f.id == id).map(|(_, p)| p.0)
}

/// A Force power by the text's name, with whom it takes.
fn power(names: &Names, p: &ForcePower) -> String {
    let figures = |ids: &[String]| {
        ids.iter()
            .map(|t| names.figure(t))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match p {
        ForcePower::Enhance => "Enhance".into(),
        ForcePower::WoundSuppression => "Wound suppression".into(),
        ForcePower::Lightning { target } => format!("Force lightning on {}", names.figure(target)),
        ForcePower::ForceJump { to } => format!("a Force jump to {}", at(*to)),
        ForcePower::Push { targets, pull, .. } => format!(
            "{} on {}",
            if *pull { "Pull" } else { "Push" },
            figures(targets)
        ),
        ForcePower::Seeing => "'Seeing'".into(),
        ForcePower::Choke { target } => format!("a choke on {}", names.figure(target)),
        ForcePower::MindTrick { targets } => format!("a Mind trick on {}", figures(targets)),
        ForcePower::Lift { targets, .. } => format!("Lift on {}", figures(targets)),
        ForcePower::Activate { door } => format!("Activate on {door}"),
    }
}

/// `command` in the players' words, with the names `world` gives its figures and groups.
pub fn describe(world: &World, command: &Command) -> String {
    let n = Names::of(world);
    let f = |id: &str| n.figure(id);
    match command {
        Command::PlaceOrder { group, order } => {
            format!("{}: order counter {order}", n.group(group))
        }
        Command::IssueOrder { group } => format!("an order issued to {}", n.group(group)),
        Command::JoinGroup { hero, group } => format!("{} joins {}", f(hero), n.group(group)),
        Command::LeaveGroup { hero } => format!("{} leaves his group", f(hero)),
        Command::MergeGroups { group, into } => {
            format!("{} merges into {}", n.group(group), n.group(into))
        }
        Command::Run { figure } => format!("{} runs", f(figure)),
        // How far, which a player can measure, as well as where; not where the figure stands
        // there already (the replay describes the command shown after it: a walk read
        // `moves 0.0"` for a 4.2" move).
        Command::Move { figure, to } => {
            match position(world, figure).filter(|p| p.distance(Vec2::new(to.0, to.1)) >= 0.05) {
                Some(p) => format!(
                    "{} moves {:.1}\" {}",
                    f(figure),
                    p.distance(Vec2::new(to.0, to.1)),
                    place(world, figure, *to)
                ),
                None => format!("{} moves {}", f(figure), place(world, figure, *to)),
            }
        }
        Command::MoveGroup { group, by } => format!(
            "{} moves {:.1}\"",
            n.group(group),
            Vec2::new(by.0, by.1).length()
        ),
        Command::Jump { figure, to } => {
            format!("{} jumps {}", f(figure), place(world, figure, *to))
        }
        Command::Hide { figure } => format!("{} hides", f(figure)),
        Command::Shoot { groups, targets } => {
            let who = n.groups(groups);
            // `Han shoots at`, `Han and Leia shoot at`, `Stormtroopers shoot at`.
            let verb = if groups.len() > 1 {
                "shoot"
            } else {
                crate::rules::words::verb(&who, "shoots", "shoot")
            };
            format!("{who} {verb} at {}", n.groups(targets))
        }
        Command::HeroShot { hero, target } => format!("{} shoots {}", f(hero), f(target)),
        Command::Grenade { figure, target } => {
            format!("{} throws a grenade at {}", f(figure), f(target))
        }
        Command::FireAtVehicle { figure, vehicle } => {
            format!("{} fires at {}", f(figure), f(vehicle))
        }
        Command::Explosive { figure, vehicle } => {
            format!(
                "{} throws a magnetic explosive at {}",
                f(figure),
                f(vehicle)
            )
        }
        Command::Fly { figure, to } => {
            format!("{} flies {}", f(figure), place(world, figure, *to))
        }
        Command::Access { figure, door } => format!("{} works {door}", f(figure)),
        Command::Demolish { figure, door } => {
            format!("{} throws an explosive at {door}", f(figure))
        }
        Command::Cut { figure, surface } => format!("{} cuts a hole in {surface}", f(figure)),
        Command::Force { figure, power: p } => {
            format!("{} uses {}", f(figure), power(&n, p))
        }
        Command::Ready { figure, ready } => format!(
            "{} {}",
            f(figure),
            if *ready {
                "is ready to react with the Force"
            } else {
                "stands down"
            }
        ),
        Command::Fight { group } => format!("{} fights", n.group(group)),
        Command::Heal { medic, patient } => format!("{} treats {}", f(medic), f(patient)),
        Command::Delay => "the group waits (delay)".into(),
        Command::EndActivation => "end of the activation".into(),
        Command::EndPhase => "end of the orders".into(),
        Command::PlaceFaceDown { group, .. } => {
            format!("{}: an order counter face down", n.group(group))
        }
        Command::TurnOver { orders } => format!(
            "order counters turned over: {}",
            orders
                .iter()
                .map(|o| format!("{} {}", n.group(&o.group), o.order))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::tyneside::testing::{DUEL, game};

    /// A move says how far from where the figure stands, and only where: described after it
    /// was played (the replay viewer's command shown), `moves 0.0"` was read (a walk); where it
    /// ends is told by the nearest enemy, not by coordinates (another walk).
    #[test]
    fn a_move_says_how_far_only_from_elsewhere() {
        let s = game(&DUEL.replace("ORDER", "Stand"), &[]);
        let away = Command::Move {
            figure: "luke".into(),
            to: (13.0, 14.0),
        };
        let there = Command::Move {
            figure: "luke".into(),
            to: (10.0, 10.0),
        };
        // Darth Vader at (10, 20) is the nearest enemy: 6.7" between centres, two 0.5" bases.
        assert_eq!(
            describe(s.world(), &away),
            "Luke Skywalker moves 5.0\" to 5.7\" from Darth Vader"
        );
        // Both enemies stand 10" away: the first placed is named.
        let stays = describe(s.world(), &there);
        assert!(
            stays.starts_with("Luke Skywalker moves to 9.0\" from ") && !stays.contains('('),
            "{stays}"
        );
        let charge = Command::Move {
            figure: "luke".into(),
            to: (10.0, 19.0),
        };
        assert_eq!(
            describe(s.world(), &charge),
            "Luke Skywalker moves 9.0\" into base contact with Darth Vader"
        );
    }

    /// One group shoots, two shoot: a walk read `Han shoot at`.
    #[test]
    fn a_shot_agrees_with_the_shooters() {
        let s = game(&DUEL.replace("ORDER", "Stand"), &[]);
        let shoot = |groups: &[&str]| Command::Shoot {
            groups: groups.iter().map(|g| g.to_string()).collect(),
            targets: vec!["L".into()],
        };
        assert_eq!(describe(s.world(), &shoot(&["V"])), "Vader shoots at Luke");
        assert_eq!(
            describe(s.world(), &shoot(&["V", "E"])),
            "Vader and Trooper shoot at Luke"
        );
    }
}
