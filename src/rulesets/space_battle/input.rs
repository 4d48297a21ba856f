//! The mouse and keys on a space battle. The craft to move is the one the colours give
//! (Action Report: "the order of movements and the order of attacks"), so there is nothing
//! to select: the squares it can reach are shown, a click on one flies it there (the
//! next squares one step at a time, or a far one by the way that leaves the most points).
//! In the Fire stage the first craft that must attack is offered, a click on a ringed enemy
//! attacks it, and a click on another craft that must attack chooses it to attack first.
//! Space / Enter (the End button) draws for the initiative or stops the craft to fire.
//! Everything is sent as commands.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::EguiContexts;

use super::ID;
use super::battle::{Battle, Stage};
use super::board::square_at;
use super::commands::Command;
use super::phases::BattleRes;
use super::rules::facing::Position;
use crate::engine::state::playing;
use crate::ui::{Handover, ShellAction};
use crate::view::{CursorNote, NotePart, PanelInsets, TablePointer};

/// A square the craft to move can reach this move.
#[derive(Clone, Debug, PartialEq)]
pub struct PlanSquare {
    /// The square.
    pub at: (i32, i32),
    /// Movement points spent to get there (the way that leaves the most).
    pub cost: u8,
    /// Points left there.
    pub left: u8,
    /// One step away (Figure 1's squares).
    pub next: bool,
    /// The way there.
    pub path: Vec<(i32, i32)>,
    /// The best attack from there: the target and where it would stand against it.
    pub attack: Option<(usize, Position)>,
    /// A bomber leaving by the far edge there.
    pub exits: bool,
    /// No step is left from there: the move ends, any points left lost.
    pub ends: bool,
    /// Stopped there with points left, every way on ends on an occupied square
    /// ([`Battle::cornered`]): the craft is lost whatever it does next (a walk: an X-wing
    /// attacked from the square beside a TIE fighter and its one point left took it into it).
    pub cornered: bool,
}

impl PlanSquare {
    /// What the square shows: its cost, and `x3` for the combats of an attack from there.
    pub fn text(&self) -> String {
        match self.attack {
            Some((_, p)) => format!("{} x{}", self.cost, p.combats()),
            None => self.cost.to_string(),
        }
    }
}

/// What the person to act can do now, shown on the table.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Plan {
    /// The craft to act (to move, or to attack).
    pub craft: Option<usize>,
    /// Where it can fly.
    pub squares: Vec<PlanSquare>,
    /// Whom it can attack (Fire stage), with the position.
    pub targets: Vec<(usize, Position)>,
    /// The way to the hovered square.
    pub path: Option<Vec<(i32, i32)>>,
    /// The hovered square.
    pub hover: Option<(i32, i32)>,
    /// A move that loses its craft, put to the player before it is sent, with what it
    /// does in words ([`ask_loss`]).
    pub asking: Option<(Command, String)>,
}

/// The squares craft `i` can reach, each by the way that leaves the most points.
pub fn squares(b: &Battle, i: usize) -> Vec<PlanSquare> {
    let c = &b.craft[i];
    let mut out: Vec<PlanSquare> = Vec::new();
    let reach = b.reach(i);
    // The craft set down on each square in turn, to ask where it could go on from there.
    let mut probe = b.clone();
    for (k, r) in reach.places() {
        let at = r.at;
        if let Some(k) = out.iter().position(|s| s.at == at) {
            if out[k].left >= r.points {
                continue;
            }
            out.remove(k);
        }
        let attack = if b.stage == Stage::Move && !r.exits {
            b.targets_from(i, at, r.facing)
                .max_by_key(|(j, p)| (p.combats(), b.craft[*j].kind.class().value()))
        } else {
            None
        };
        out.push(PlanSquare {
            at,
            cost: c.points - r.points,
            left: r.points,
            next: r.steps == 1,
            path: reach.path(k),
            attack,
            exits: r.exits,
            ends: r.ends,
            cornered: !r.ends && !r.exits && {
                let c = &mut probe.craft[i];
                (c.at, c.facing, c.points) = (at, r.facing, r.points);
                probe.cornered(i)
            },
        });
    }
    out
}

/// Works the plan out again when the battle changed, and the way to the hovered square (the
/// view draws it after this, so never a plan of a game already left).
pub(super) fn plan(
    window: Single<&Window, With<PrimaryWindow>>,
    table: TablePointer,
    mut ctx: EguiContexts,
    battle: Res<BattleRes>,
    handover: Res<Handover>,
    insets: Res<PanelInsets>,
    mut plan: ResMut<Plan>,
) {
    let b = &battle.0;
    if battle.is_changed() || plan.craft.is_none_or(|i| i >= b.craft.len()) {
        let craft = b.mover().or(b.attacker());
        let new = Plan {
            craft,
            squares: b.mover().map(|i| squares(b, i)).unwrap_or_default(),
            targets: b.attacker().map(|i| b.targets(i)).unwrap_or_default(),
            path: None,
            hover: None,
            // A question stands until answered, or until the battle moves on under it.
            asking: plan.asking.clone().filter(|_| !battle.is_changed()),
        };
        plan.set_if_neq(new);
    }
    let over_ui = table
        .cursor(&window)
        .is_some_and(|c| insets.covers(c, window.width(), window.height()))
        || ctx
            .ctx_mut()
            .map(|c| c.is_pointer_over_egui() || c.egui_wants_pointer_input())
            .unwrap_or(false);
    let hover = table
        .cursor(&window)
        .and_then(|c| table.at(c))
        .filter(|_| !over_ui && !handover.showing)
        .and_then(|p| square_at(b, p));
    let path = hover
        .and_then(|h| plan.squares.iter().find(|s| s.at == h))
        .map(|s| s.path.clone());
    if plan.hover != hover || plan.path != path {
        plan.hover = hover;
        plan.path = path;
    }
}

/// A click: fly to a reachable square, attack a ringed enemy, or (Fire stage) choose another
/// craft of the side that must attack to attack next.
fn click(
    buttons: Res<ButtonInput<MouseButton>>,
    battle: Res<BattleRes>,
    mut plan: ResMut<Plan>,
    mut notice: ResMut<crate::engine::pipeline::Notice>,
    mut send: MessageWriter<Command>,
) {
    if !buttons.just_pressed(MouseButton::Left) || plan.asking.is_some() {
        return;
    }
    let (Some(i), Some(h)) = (plan.craft, plan.hover) else {
        return;
    };
    let b = &battle.0;
    let craft = b.craft[i].id.clone();
    if b.stage == Stage::Fire {
        if let Some(k) = b.attackers().find(|&k| k != i && b.craft[k].at == h) {
            plan.craft = Some(k);
            plan.targets = b.targets(k);
            return;
        }
        match plan.targets.iter().find(|(j, _)| b.craft[*j].at == h) {
            Some((j, _)) => {
                send.write(Command::Attack {
                    craft,
                    target: b.craft[*j].id.clone(),
                });
            }
            None if h != b.craft[i].at => {
                notice.refusal = Some(format!(
                    "the {} can attack only a ringed enemy: \"A spacecraft must attack from a square adjacent to the target\"{} (COMBAT), or click another of your craft that must attack to attack with it first",
                    b.craft[i].name(),
                    if b.craft[i].kind.class() == super::rules::craft::Class::Bomber {
                        ", and \"An assault bomber may attack a spacecraft directly in front of it\""
                    } else {
                        ""
                    }
                ));
            }
            None => {}
        }
        return;
    }
    match plan.squares.iter().find(|s| s.at == h) {
        Some(s) => {
            let command = Command::Move {
                craft,
                path: s.path.clone(),
            };
            match lost_by(b, i, s) {
                Some(words) => plan.asking = Some((command, words)),
                None => {
                    send.write(command);
                }
            }
        }
        None if h != b.craft[i].at => {
            notice.refusal = Some(format!(
                "the {} cannot reach {h:?} with {} facing {}: a step straight ahead costs 1, diagonally ahead 2, 90° to either side 3 (MOVEMENT)",
                b.craft[i].name(),
                super::battle::points(b.craft[i].points),
                b.craft[i].facing.word()
            ));
        }
        None => {}
    }
}

/// How flying craft `i` to square `s` loses it, if it does: ending on an occupied square
/// ("any that ends a move on an occupied square will be destroyed", MOVEMENT), or stopping
/// where every way on does. A walk's TIE fighter flew onto an X-wing's square, outlined red,
/// taking it for an attack.
fn lost_by(b: &Battle, i: usize, s: &PlanSquare) -> Option<String> {
    let name = b.craft[i].name();
    if b.occupant(s.at, i).is_some() && s.left == 0 && !s.exits {
        Some(format!(
            "The {name} ends its move on an occupied square: \"any that ends a move on an occupied square will be destroyed\" (MOVEMENT)."
        ))
    } else if s.cornered {
        Some(format!(
            "Stopped there with {} left, every way on ends on an occupied square: the {name} will be destroyed (MOVEMENT).",
            super::battle::points(s.left)
        ))
    } else {
        None
    }
}

/// How stopping craft `i` where it stands loses it, if it does: stopped with points left on
/// a square another craft holds, its move ends there (a third walk: `Stop to fire` on a
/// friend's square destroyed a TIE fighter without the question a move there asks).
pub fn stop_lost(b: &Battle, i: usize) -> Option<String> {
    b.occupant(b.craft[i].at, i).map(|_| {
        format!(
            "The {} stops on an occupied square: \"any that ends a move on an occupied square will be destroyed\" (MOVEMENT).",
            b.craft[i].name()
        )
    })
}

/// The move or stop that loses its craft, put to the player: `Fly there` (or `Stop there`)
/// with Enter, or `Go back` with Esc. Returns the command once agreed.
pub fn ask_loss(ctx: &bevy_egui::egui::Context, plan: &mut Plan) -> Option<Command> {
    let (command, words) = plan.asking.clone()?;
    let yes = match command {
        Command::Stop { .. } => "Stop there",
        _ => "Fly there",
    };
    let agreed = crate::ui::ask(
        ctx,
        "space-lose-craft",
        ("Lose this craft?", &[&words]),
        yes,
    )?;
    plan.asking = None;
    agreed.then_some(command)
}

/// What the hovered square or craft is, by the cursor.
fn note(battle: Res<BattleRes>, plan: Res<Plan>, mut note: ResMut<CursorNote>) {
    let Some(h) = plan.hover else { return };
    let b = &battle.0;
    let mut lines = Vec::new();
    for c in b
        .craft
        .iter()
        .filter(|c| c.at == h && (c.flying() || c.status == super::battle::Status::Waiting))
    {
        lines.push((
            format!(
                "{} ({}), facing {}{}",
                c.name(),
                b.sides[c.side].name,
                c.facing.word(),
                if c.side == b.side && c.roll > 0 {
                    format!(", rolled {} · {} left", c.roll, c.points)
                } else {
                    String::new()
                }
            ),
            Some(crate::ui::side_colour32(c.side)),
        ));
    }
    if let Some(s) = plan.squares.iter().find(|s| s.at == h) {
        lines.push((
            format!(
                "fly here: {} point{}, {} left{}",
                s.cost,
                if s.cost == 1 { "" } else { "s" },
                s.left,
                if s.exits {
                    " — leaves by the far edge to bomb the carrier"
                } else {
                    ""
                }
            ),
            None,
        ));
        if let Some((j, p)) = s.attack {
            lines.push((
                format!(
                    "from here: attack the {} {}, {} combat{}",
                    b.craft[j].name(),
                    p.words(),
                    p.combats(),
                    if p.combats() == 1 { "" } else { "s" }
                ),
                Some(bevy_egui::egui::Color32::LIGHT_GREEN),
            ));
        }
        if s.ends && s.left > 0 && !s.exits {
            lines.push((
                format!(
                    "no step on the board from here: its {} would be lost",
                    super::battle::points(s.left)
                ),
                Some(bevy_egui::egui::Color32::LIGHT_RED),
            ));
        }
        if s.cornered {
            lines.push((
                format!(
                    "stopped here, with {} left it can only end on an occupied square: destroyed (MOVEMENT)",
                    super::battle::points(s.left)
                ),
                Some(bevy_egui::egui::Color32::LIGHT_RED),
            ));
        }
        if b.occupant(h, plan.craft.unwrap_or(usize::MAX)).is_some() && s.left == 0 {
            lines.push((
                "ends on an occupied square: destroyed (MOVEMENT)".into(),
                Some(bevy_egui::egui::Color32::LIGHT_RED),
            ));
        }
    }
    if let Some((j, p)) = plan.targets.iter().find(|(j, _)| b.craft[*j].at == h) {
        lines.push((
            format!(
                "attack the {} {}: {} combat{}{}",
                b.craft[*j].name(),
                p.words(),
                p.combats(),
                if p.combats() == 1 { "" } else { "s" },
                if b.craft[*j].kind.class() == super::rules::craft::Class::Bomber {
                    "; it fires back once after the first"
                } else {
                    ""
                }
            ),
            Some(bevy_egui::egui::Color32::LIGHT_GREEN),
        ));
    }
    if !lines.is_empty() {
        note.add(NotePart { title: None, lines });
    }
}

/// The End button: stop to fire (Move stage). In the Fire stage it does nothing: every attack
/// must be made (PROCEDURE: "they will fire at any enemy spacecraft within range").
fn end_button(
    mut actions: MessageReader<ShellAction>,
    battle: Res<BattleRes>,
    mut plan: ResMut<Plan>,
    mut send: MessageWriter<Command>,
) {
    for a in actions.read() {
        if *a != ShellAction::End {
            continue;
        }
        let b = &battle.0;
        if b.stage == Stage::Initiative {
            send.write(Command::Initiative);
        } else if let Some(i) = b.mover() {
            let stop = Command::Stop {
                craft: b.craft[i].id.clone(),
            };
            match stop_lost(b, i) {
                Some(words) => plan.asking = Some((stop, words)),
                None => {
                    send.write(stop);
                }
            }
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Plan>()
        .add_systems(
            Update,
            plan.run_if(playing(ID))
                .run_if(resource_exists::<BattleRes>),
        )
        .add_systems(
            Update,
            (
                crate::ui::space_or_enter_ends,
                click.after(plan),
                end_button,
            )
                .before(crate::engine::pipeline::CommandPipeline)
                .run_if(playing(ID))
                .run_if(crate::engine::game::this_computer_to_act::<super::SpaceBattle>),
        )
        .add_systems(
            bevy_egui::EguiPrimaryContextPass,
            note.before(crate::view::CursorNoteSet).run_if(playing(ID)),
        );
}

#[cfg(test)]
mod tests {
    use super::super::rules::facing::Dir;
    use super::*;

    #[test]
    fn a_square_whose_points_left_can_only_end_on_a_craft_is_marked_before_the_move() {
        let (mut b, _, _) = super::super::battle::tests::sortie();
        let g = b.mover().expect("the green X-wing moves");
        let tie = super::super::battle::tests::id(&b, "green-tie");
        (b.craft[g].at, b.craft[g].facing, b.craft[g].points) = ((4, 5), Dir::EAST, 2);
        b.craft[tie].at = (6, 5);
        let cornered: Vec<(i32, i32)> = squares(&b, g)
            .iter()
            .filter(|s| s.cornered)
            .map(|s| s.at)
            .collect();
        // One point left on (5, 5): its one step goes straight on into the TIE fighter.
        assert_eq!(cornered, vec![(5, 5)]);
        b.craft[tie].at = (6, 6);
        assert!(
            squares(&b, g).iter().all(|s| !s.cornered),
            "the way ahead is open"
        );
    }

    /// A walk: a TIE fighter flew onto an X-wing's square, outlined red, taking it for an
    /// attack. A move ending on an occupied square, or stopping cornered, is asked about;
    /// every other square is flown to at once.
    #[test]
    fn a_move_that_loses_its_craft_is_asked_about_first() {
        let (mut b, _, _) = super::super::battle::tests::sortie();
        let g = b.mover().expect("the green X-wing moves");
        let tie = super::super::battle::tests::id(&b, "green-tie");
        (b.craft[g].at, b.craft[g].facing, b.craft[g].points) = ((4, 5), Dir::EAST, 2);
        b.craft[tie].at = (6, 5);
        let sq = squares(&b, g);
        let at = |c, r| sq.iter().find(|s| s.at == (c, r)).expect("reachable");
        let onto = lost_by(&b, g, at(6, 5)).expect("ends on the TIE fighter's square");
        assert!(onto.contains("occupied square will be destroyed"), "{onto}");
        let cornered = lost_by(&b, g, at(5, 5)).expect("one point left, only into the TIE");
        assert!(cornered.contains("every way on"), "{cornered}");
        let asked: Vec<(i32, i32)> = sq
            .iter()
            .filter(|s| lost_by(&b, g, s).is_some())
            .map(|s| s.at)
            .collect();
        assert_eq!(asked.len(), 2, "{asked:?}");
        // Stopped with points left on the TIE fighter's square: the stop asks too.
        assert!(stop_lost(&b, g).is_none(), "its own square is free");
        b.craft[g].at = (6, 5);
        let stop = stop_lost(&b, g).expect("stopped on the TIE fighter's square");
        assert!(stop.contains("stops on an occupied square"), "{stop}");
    }

    #[test]
    fn the_squares_shown_cost_the_cheapest_way_and_say_the_attack_from_there() {
        let (mut b, _, _) = super::super::battle::tests::sortie();
        let g = b.mover().expect("the green X-wing moves");
        // An enemy TIE fighter where the green X-wing could reach its rear (facing right,
        // its rear is to the left).
        let tie = b
            .craft
            .iter()
            .position(|c| c.id == "green-tie")
            .expect("tie");
        b.craft[tie].at = (3, 5);
        b.craft[tie].facing = Dir::EAST;
        let sq = squares(&b, g);
        let at = |c, r| sq.iter().find(|s| s.at == (c, r)).expect("reachable");
        // Figure 1 from (-1, 5) facing right with 4 points: one step ahead costs 1, one
        // diagonally 2; two squares ahead 2.
        assert_eq!((at(0, 5).cost, at(0, 5).next), (1, true));
        assert_eq!((at(0, 6).cost, at(0, 6).next), (2, true));
        assert_eq!((at(1, 5).cost, at(1, 5).next), (2, false));
        // (2, 5) is right behind the TIE fighter: 3 combats from there, said on the square.
        let behind = at(2, 5);
        assert_eq!(behind.attack.map(|(j, p)| (j, p.combats())), Some((tie, 3)));
        assert_eq!(behind.text(), "3 x3");
        assert_eq!(behind.path, vec![(0, 5), (1, 5), (2, 5)]);
        // Each square once, by the way that leaves the most points.
        let mut seen: Vec<(i32, i32)> = sq.iter().map(|s| s.at).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), sq.len());
        assert!(sq.iter().all(|s| s.cost + s.left == 4));
    }
}
