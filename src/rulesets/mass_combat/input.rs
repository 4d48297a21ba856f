//! The mouse on a mass combat. The person to declare builds the side's orders as a draft,
//! seen by nobody else: a left click on one of the side's units selects it; with a unit
//! selected, a left click on an enemy unit orders it to fire on that unit (every member on
//! its main weapon; the panel changes the allocation), and a right click on open ground
//! orders it to deploy there. The panel's Declare (or Space / Enter) sends the draft as one
//! command. Nothing here changes the battle: only commands do.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::EguiContexts;

use super::ID;
use super::battle::{Battle, Stage};
use super::orders::{Order, Reaction, Tactic};
use super::phases::BattleRes;
use crate::engine::state::playing;
use crate::ui::Handover;
use crate::view::{CursorNote, NotePart, PanelInsets, TablePointer};

/// The declaration being made by the person to act, for the round, stage and side it was
/// begun in (a new one starts when any of them changes).
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct Draft {
    /// (round, stage, side) it is for.
    pub key: Option<(u32, Stage, usize)>,
    /// The unit being ordered.
    pub selected: Option<usize>,
    /// The orders so far.
    pub orders: Vec<Order>,
    /// The tactics rolls to make (Tactics stage).
    pub tactics: Vec<Tactic>,
    /// Units commanded (with command on).
    pub commanded: Vec<String>,
    /// Bonus actions: a unit named n times gets n pips.
    pub bonuses: Vec<String>,
    /// Bonus pips the units' own commanders give: (unit, statistic).
    pub leader_bonuses: Vec<(String, String)>,
    /// Units whose fire is coordinated with the others of the side firing on the same
    /// target.
    pub coordinate: Vec<String>,
    /// Reactions: (unit, new haste, retreat, where it redeploys).
    pub reactions: Vec<(String, u32, bool, Option<(f32, f32)>)>,
    /// How many of the orders stand from the side's last declaration ([`carried`]).
    pub carried: usize,
}

impl Draft {
    /// The order of unit `id`, if any.
    pub fn order(&self, id: &str) -> Option<&Order> {
        self.orders.iter().find(|o| o.unit() == id)
    }

    /// Gives unit `id` order `o` (replacing its last).
    pub fn set(&mut self, o: Order) {
        self.orders.retain(|x| x.unit() != o.unit());
        self.orders.push(o);
    }

    /// The reactions chosen so far, as the command sends them.
    pub fn reactions(&self) -> Vec<Reaction> {
        self.reactions
            .iter()
            .map(|(unit, haste, retreat, to)| Reaction {
                unit: unit.clone(),
                haste: *haste,
                retreat: *retreat,
                to: *to,
            })
            .collect()
    }
}

/// A fire order for unit `i` on unit `t`: every member on its main weapon (its first that is
/// not used up), or on the first such weapon that reaches `t` where the main one does not.
///
/// Errors: the order as a declaration would be refused ([`Battle::check_declaration`]: no
/// weapon reaches, a unit that takes no orders, a target not an enemy on the ground): it is
/// refused when chosen, with the reason, rather than kept in the draft until Declare.
pub fn fire_all(b: &Battle, i: usize, t: usize) -> Result<Order, String> {
    let u = &b.units[i];
    let usable = |w: &usize| !u.kind.weapons[*w].used_up;
    let main = (0..u.kind.weapons.len()).find(usable).unwrap_or(0);
    let w = (0..u.kind.weapons.len())
        .filter(usable)
        .find(|&w| b.range(i, w, t).is_some())
        .unwrap_or(main);
    let order = Order::Fire {
        unit: u.id.clone(),
        target: b.units[t].id.clone(),
        weapons: vec![(w, u.size)],
        haste: 0,
    };
    let alone = super::orders::Declaration {
        orders: vec![order.clone()],
        ..Default::default()
    };
    b.check_declaration(u.side, &alone).map(|()| order)
}

/// The unit whose counter is under table point `p`, if any: of those within reach of it, the
/// one whose centre is nearest (counters close together are drawn smaller, each around its
/// own centre).
pub fn unit_at(b: &Battle, p: Vec2) -> Option<usize> {
    let d = |i: usize| Vec2::new(b.units[i].at.0, b.units[i].at.1).distance(p);
    (0..b.units.len())
        .filter(|&i| {
            let u = &b.units[i];
            u.on_ground() && d(i) <= super::board::radius(b, u.size).max(3.0)
        })
        .min_by(|&i, &j| d(i).total_cmp(&d(j)))
}

/// The orders of `side`'s last declaration (`last`) that still stand as this round's first
/// draft: a fire order on an enemy still on the ground, its members cut to the unit's size
/// now, and a deployment to a place the unit has not reached; each without haste (chosen and
/// paid for round by round: Haste) and each one the rules would take alone. A split, a join,
/// a full retreat, boarding and disembarking are done once and not carried. The text has the
/// commanders declare "all actions for this combat round" each round (Mass Combat Sequence,
/// 1.): a player still declares, from last round's orders (a walk found every order back to
/// hold each round); docs/rules/mass_combat.md, "Orders carried to the next round".
pub fn carried(b: &Battle, side: usize, last: &[Order]) -> Vec<Order> {
    last.iter()
        .filter_map(|o| {
            let i = b.unit(o.unit()).ok()?;
            let u = &b.units[i];
            let kept = match o {
                Order::Fire {
                    unit,
                    target,
                    weapons,
                    ..
                } => Order::Fire {
                    unit: unit.clone(),
                    target: target.clone(),
                    weapons: weapons
                        .iter()
                        .map(|&(w, n)| (w, n.min(u.size)))
                        .filter(|&(_, n)| n > 0)
                        .collect(),
                    haste: 0,
                },
                Order::Deploy { unit, to, .. }
                    if (to.0 - u.at.0).hypot(to.1 - u.at.1) >= REACHED =>
                {
                    Order::Deploy {
                        unit: unit.clone(),
                        to: *to,
                        haste: 0,
                    }
                }
                _ => return None,
            };
            let alone = super::orders::Declaration {
                orders: vec![kept.clone()],
                ..Default::default()
            };
            b.check_declaration(side, &alone).ok().map(|()| kept)
        })
        .collect()
}

/// A unit this near the place it deployed to has reached it, metres: its deployment is not
/// carried to the next round ([`carried`]).
const REACHED: f32 = 1.0;

/// Starts a new draft when the round, stage or side to act changed: commanded, by default,
/// every unit the command allows, largest first (as the rules' side commands); the orders
/// the side's declaration of the round before still gives ([`carried`]). `last` keeps each
/// side's orders as last declared, with their round.
fn keep_draft(
    battle: Res<BattleRes>,
    mut draft: ResMut<Draft>,
    mut last: Local<[(u32, Vec<Order>); 2]>,
) {
    let b = &battle.0;
    for (side, d) in b.declared.iter().enumerate() {
        if let Some(d) = d
            && (last[side].0 != b.round || last[side].1 != d.orders)
        {
            last[side] = (b.round, d.orders.clone());
        }
    }
    let Some(side) = b.to_act() else {
        return;
    };
    let key = Some((b.round, b.stage, side));
    if draft.key != key {
        let commanded = super::ai::declaration(&super::ai::view(b, side), side).commanded;
        let orders = match b.stage {
            // The round before's only: another game's, or one undone, is not this round's.
            Stage::Declare if last[side].0 + 1 == b.round => carried(b, side, &last[side].1),
            _ => Vec::new(),
        };
        *draft = match (b.stage, &b.declared[side]) {
            // Redeclaring starts from the orders declared, command actions and all.
            (Stage::Redeclare, Some(d)) => Draft {
                key,
                orders: d.orders.clone(),
                commanded: d.commanded.clone(),
                bonuses: d.bonuses.clone(),
                leader_bonuses: d.leader_bonuses.clone(),
                coordinate: d.coordinated.concat(),
                ..Default::default()
            },
            _ => Draft {
                key,
                commanded,
                carried: orders.len(),
                orders,
                ..Default::default()
            },
        };
    }
}

#[allow(clippy::too_many_arguments)]
fn click(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Single<&Window, With<PrimaryWindow>>,
    table: TablePointer,
    mut ctx: EguiContexts,
    insets: Res<PanelInsets>,
    handover: Res<Handover>,
    battle: Res<BattleRes>,
    app: Option<Res<crate::engine::game::Sides>>,
    mut draft: ResMut<Draft>,
    mut notice: ResMut<crate::engine::pipeline::Notice>,
) {
    let (left, right) = (
        buttons.just_pressed(MouseButton::Left),
        buttons.just_pressed(MouseButton::Right),
    );
    if !left && !right || handover.showing {
        return;
    }
    let b = &battle.0;
    let Some(side) = b.to_act() else {
        return;
    };
    if app.as_ref().is_some_and(|a| a.rules.contains(&side)) || b.stage == Stage::Tactics {
        return;
    }
    let Some(cursor) = table.cursor(&window) else {
        return;
    };
    let over_ui = insets.covers(cursor, window.width(), window.height())
        || ctx
            .ctx_mut()
            .map(|c| c.is_pointer_over_egui() || c.egui_wants_pointer_input())
            .unwrap_or(false);
    let Some(p) = table.at(cursor).filter(|_| !over_ui) else {
        return;
    };
    let hit = unit_at(b, p);
    // An order for a unit that takes none is refused at the click, with the rule, rather than
    // kept in the draft where it made every Declare refused until it was undone.
    if let Some(i) = draft.selected.filter(|&i| i < b.units.len())
        && (!left || hit.is_some_and(|j| b.units[j].side != side))
        && let Err(why) = b.takes_orders(i)
    {
        notice.refusal = Some(why);
        return;
    }
    // Reactions: a unit selected, a right-click on the ground is its combat redeployment
    // (Mass Combat Sequence, 2.: "Characters declare combat redeployments during this
    // segment").
    if b.stage == Stage::React {
        match (left, hit, draft.selected) {
            (true, Some(j), _) if b.units[j].side == side => draft.selected = Some(j),
            (false, _, Some(i)) => {
                let to = (p.x.clamp(0.0, b.ground.0), p.y.clamp(0.0, b.ground.1));
                let id = b.units[i].id.clone();
                let base = b.declared[side]
                    .as_ref()
                    .and_then(|d| d.orders.iter().find(|o| o.unit() == id))
                    .map_or(0, Order::haste);
                match draft.reactions.iter_mut().find(|r| r.0 == id) {
                    Some(r) => (r.2, r.3) = (false, Some(to)),
                    None => draft.reactions.push((id, base, false, Some(to))),
                }
            }
            _ => {}
        }
        return;
    }
    if left
        && hit.is_none()
        && let Some(j) = b.units.iter().position(|u| {
            u.status == super::battle::Status::Surrendered
                && Vec2::new(u.at.0, u.at.1).distance(p) <= super::board::radius(b, u.size)
        })
    {
        notice.refusal = Some(format!(
            "{} surrendered: {} out of the battle",
            b.units[j].name,
            crate::rules::words::verb(&b.units[j].name, "it is", "they are")
        ));
        return;
    }
    match (left, hit, draft.selected) {
        (true, Some(j), _) if b.units[j].side == side => draft.selected = Some(j),
        (true, Some(j), Some(i)) => match fire_all(b, i, j) {
            Ok(o) => draft.set(o),
            Err(why) => notice.refusal = Some(why),
        },
        (true, Some(j), None) => {
            notice.refusal = Some(format!(
                "select one of {}'s units first, then click {} to fire on it",
                b.sides[side].name, b.units[j].name
            ));
        }
        (false, _, Some(i)) => {
            let to = (p.x.clamp(0.0, b.ground.0), p.y.clamp(0.0, b.ground.1));
            // The haste already set for the unit's order stays.
            let haste = draft.order(&b.units[i].id).map_or(0, Order::haste);
            draft.set(Order::Deploy {
                unit: b.units[i].id.clone(),
                to,
                haste,
            });
        }
        _ => {}
    }
}

/// What the unit under the cursor is, by the cursor: its side, men and kind, a full retreat,
/// and, with a unit of the person's chosen, how far it is and the range band of the chosen
/// unit's main weapon (the number it adds to the dodge).
fn note(
    window: Single<&Window, With<PrimaryWindow>>,
    table: TablePointer,
    battle: Res<BattleRes>,
    draft: Res<Draft>,
    handover: Res<Handover>,
    mut note: ResMut<CursorNote>,
) {
    if handover.showing {
        return;
    }
    let b = &battle.0;
    let Some(i) = table
        .cursor(&window)
        .and_then(|c| table.at(c))
        .and_then(|p| unit_at(b, p))
    else {
        return;
    };
    let u = &b.units[i];
    let mut lines = vec![(
        format!(
            "{} ({}): {} of {} {}, {}{}",
            u.name,
            b.sides[u.side].name,
            u.size,
            u.start,
            u.members(),
            u.kind.name,
            if u.status == super::battle::Status::Retreating {
                ", in full retreat"
            } else {
                ""
            }
        ),
        Some(crate::ui::side_colour32(u.side)),
    )];
    if let Some(s) = draft.selected.filter(|&s| s != i && s < b.units.len()) {
        let band = b.units[s]
            .kind
            .weapons
            .iter()
            .position(|w| !w.used_up)
            .and_then(|w| b.range(s, w, i));
        lines.push((
            format!(
                "{:.0} m from {}{}",
                b.distance(s, i),
                b.units[s].name,
                band.map_or(
                    " — out of its main weapon's range".to_string(),
                    |(r, n)| { format!(": {} range, +{n} to the dodge", r.word()) }
                )
            ),
            None,
        ));
    }
    note.add(NotePart { title: None, lines });
}

/// Whether a change of the draft's orders or reactions clears the refusal on the bar: only one
/// that was there before the change (`before`), not one that came with it (a choice refused
/// as it was made). A walk saw `Refused: Storm 1: the Blaster Rifle cannot reach Red…` stay
/// after the order had been changed to a deploy that was taken.
fn draft_clears(changed: bool, before: Option<&str>, now: Option<&str>) -> bool {
    changed && now.is_some() && before == now
}

/// A draft's reactions ([`Draft::reactions`]).
type Reactions = Vec<(String, u32, bool, Option<(f32, f32)>)>;

/// Clears the last refusal once the draft's orders or reactions change after it
/// ([`draft_clears`]): the refusal was about the draft before.
fn refusal_goes_with_the_draft(
    draft: Res<Draft>,
    mut notice: ResMut<crate::engine::pipeline::Notice>,
    mut last: Local<Option<(Vec<Order>, Reactions, Option<String>)>>,
) {
    let substance = (draft.orders.clone(), draft.reactions.clone());
    let changed = last
        .as_ref()
        .is_some_and(|(o, r, _)| (o, r) != (&substance.0, &substance.1));
    let before = last.as_ref().and_then(|l| l.2.clone());
    if draft_clears(changed, before.as_deref(), notice.refusal.as_deref()) {
        notice.refusal = None;
    }
    *last = Some((substance.0, substance.1, notice.refusal.clone()));
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Draft>()
        .add_systems(
            Update,
            (keep_draft, click, refusal_goes_with_the_draft)
                .chain()
                .run_if(playing(ID)),
        )
        .add_systems(
            Update,
            note.before(crate::view::CursorNoteSet).run_if(playing(ID)),
        );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_of_the_draft_clears_the_refusal_before_it_not_one_it_brought() {
        let old = Some("Storm 1: the Blaster Rifle cannot reach Red");
        assert!(draft_clears(true, old, old), "the order changed after it");
        assert!(!draft_clears(false, old, old), "nothing changed");
        assert!(!draft_clears(true, None, old), "it came with the change");
        assert!(!draft_clears(true, None, None), "nothing to clear");
    }

    /// Issue 61: an enemy out of every weapon's reach is refused when chosen, with the ranges,
    /// not kept in the draft until Declare refuses it; within reach it is an order.
    #[test]
    fn a_target_out_of_reach_is_refused_when_chosen() {
        let mut b = super::super::battle::tests::platoon();
        // Corner to corner of the ground.
        b.units[0].at = (0.0, 0.0);
        let far = b.ground;
        b.units[1].at = far;
        let why = fire_all(&b, 0, 1).expect_err("Red squad across the ground");
        assert!(why.contains("cannot reach"), "{why}");
        b.units[1].at = (90.0, 80.0); // 30 m from the stormtroopers
        let order = fire_all(&b, 0, 1).expect("in reach");
        assert!(matches!(order, Order::Fire { ref target, .. } if *target == b.units[1].id));
        b.units[1].at = far;
        assert!(fire_all(&b, 0, 1).is_err());
    }

    /// A walk found every order back to hold each round: a side's next round starts from its
    /// orders of the round before that still stand (docs/rules/mass_combat.md, "Orders carried
    /// to the next round"): Red squad's fire on the stormtroopers, cut to the 7 men it has
    /// left; the stormtroopers, shaken (their orders ignored this round), carry none.
    #[test]
    fn the_round_before_s_orders_stand_where_they_still_can() {
        use super::super::battle::tests::{no_tactics, platoon, played_at_30_m};
        use super::super::commands::Command;
        use super::super::orders::Declaration;
        let fire = |unit: &str, target: &str, weapons: Vec<(usize, u32)>| Order::Fire {
            unit: unit.into(),
            target: target.into(),
            weapons,
            haste: 0,
        };
        // Round 1 declared as `played_at_30_m` declares it.
        let mut declared = platoon();
        declared.units[1].at = (90.0, 80.0);
        let mut dice = crate::rules::dice::Dice::forced([]);
        no_tactics(&mut declared, &mut dice);
        for (side, order) in [
            (0, fire("troopers", "red", vec![(0, 30), (1, 10)])),
            (1, fire("red", "troopers", vec![(0, 10)])),
        ] {
            let declaration = Declaration {
                orders: vec![order],
                ..Default::default()
            };
            declared
                .apply(&Command::Declare { side, declaration }, &mut dice)
                .unwrap();
        }
        let mut app = App::new();
        app.init_resource::<Draft>()
            .insert_resource(BattleRes(declared))
            .add_systems(Update, keep_draft);
        app.update();
        // Played through: Red held (12 against 10) with 7 men; the stormtroopers are shaken.
        let (mut b, mut dice) = played_at_30_m(12, 10);
        assert_eq!((b.round, b.stage), (2, Stage::Declare));
        assert_eq!(b.units[1].size, 7);
        app.insert_resource(BattleRes(b.clone()));
        app.update();
        let draft = app.world().resource::<Draft>().clone();
        let first = b.to_act().unwrap();
        assert_eq!(draft.key, Some((2, Stage::Declare, first)));
        if first == 0 {
            assert_eq!((draft.orders.clone(), draft.carried), (vec![], 0));
            b.apply(
                &Command::Declare {
                    side: 0,
                    declaration: Declaration::default(),
                },
                &mut dice,
            )
            .unwrap();
            app.insert_resource(BattleRes(b.clone()));
            app.update();
        }
        let draft = app.world().resource::<Draft>().clone();
        assert_eq!(draft.key, Some((2, Stage::Declare, 1)));
        assert_eq!(draft.orders, vec![fire("red", "troopers", vec![(0, 7)])]);
        assert_eq!(draft.carried, 1);
        // Another game's round 1 carries nothing into a new game's round 1.
        app.insert_resource(BattleRes(platoon()));
        app.update();
        assert!(app.world().resource::<Draft>().orders.is_empty());
    }

    /// A deployment reached, a split or a full retreat is not carried; haste never is.
    #[test]
    fn a_deployment_reached_and_haste_are_not_carried() {
        let b = super::super::battle::tests::platoon();
        let (x, y) = b.units[1].at;
        let last = vec![
            Order::Deploy {
                unit: "red".into(),
                to: (x, y),
                haste: 0,
            },
            Order::Deploy {
                unit: "troopers".into(),
                to: (b.units[0].at.0 + 5.0, b.units[0].at.1),
                haste: 2,
            },
            Order::Retreat {
                unit: "red".into(),
                haste: 0,
            },
        ];
        assert_eq!(
            carried(&b, 0, &last[1..2]),
            vec![Order::Deploy {
                unit: "troopers".into(),
                to: (b.units[0].at.0 + 5.0, b.units[0].at.1),
                haste: 0,
            }]
        );
        assert!(carried(&b, 1, &[last[0].clone(), last[2].clone()]).is_empty());
    }
}
