//! A read-out of the table for the rules: every figure's position, state and profile in a
//! stable order, with sight, range and cover questions answered against the terrain. The
//! phase systems and the screen both use it, so what the hover shows is what the rules do.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::components::{Condition, Facing, Figure, Group, Member, Position, TurnActivity};
use super::rules::profile::{Ability, RangeBand};
use super::rules::vehicles::{Vehicle, band_when_moving, walker_speed};
use super::rules::wounds::wounded_value;
use super::table::TableRes;
use super::turn::TurnState;
use crate::rules::geometry::base_gap;
use crate::rules::los::{Sight, Viewpoint};
use crate::rules::terrain::TerrainProperty;

/// Hidden and ducked-back figures in cover are seen only this close, inches
/// (tyneside-skirmish.txt, Visibility: "unless within 6″").
pub const HIDDEN_SEEN_WITHIN: f32 = 6.0;
/// A figure this close (inches, base edge) to a cover piece the shot crosses is in cover.
pub const COVER_CONTACT: f32 = 1.0;

/// One figure as the rules see it: borrowed from the world, its state copied only where a
/// caller changes it (a trial, a test), as a board is built many times a command.
#[derive(Clone, Debug)]
pub struct Fig<'a> {
    /// Its entity.
    pub entity: Entity,
    /// Fixed data.
    pub figure: &'a Figure,
    /// Group id.
    pub group: &'a str,
    /// Centre, inches.
    pub pos: Vec2,
    /// Facing, degrees counter-clockwise from +x.
    pub facing: f32,
    /// Wounds, status.
    pub cond: std::borrow::Cow<'a, Condition>,
    /// This turn's doings.
    pub act: std::borrow::Cow<'a, TurnActivity>,
}

impl Fig<'_> {
    /// Whether its values are halved by a wound now: wounded, and not suppressing the wound
    /// with the Force this turn ("Force user may ignore a wound this turn, all values return
    /// to normal").
    pub fn wounded(&self) -> bool {
        self.cond.wounded() && !self.act.suppressed
    }
}

/// Every figure still on the table (status Active), in spawn order, with the terrain.
pub struct Board<'a> {
    /// The figures.
    pub figs: Vec<Fig<'a>>,
    /// The table.
    pub table: &'a TableRes,
    /// The turn number.
    pub turn: u32,
}

impl<'a> Board<'a> {
    /// Index of the figure with scenario id `id`.
    pub fn find(&self, id: &str) -> Option<usize> {
        self.figs.iter().position(|f| f.figure.id == id)
    }

    /// Index of the fighting figure `id`; the error says it is not on the table.
    pub fn fighting(&self, id: &str) -> Result<usize, String> {
        self.find(id)
            .ok_or_else(|| format!("no figure '{id}' is fighting"))
    }

    /// Indices of the figures of group `group`.
    pub fn members(&self, group: &str) -> Vec<usize> {
        (0..self.figs.len())
            .filter(|&i| self.figs[i].group == group)
            .collect()
    }

    /// Whether figure `i` ignores figure `j`: tyneside-skirmish.txt, Droids, "* These droids
    /// are never targeted by Imperials, and are ignored by them." `i` is on a side the
    /// scenario marks `imperial` and `j` is such a droid (C3PO, R2D2); or one of the two is
    /// mind-tricked by a user not of the Dark Side away from the other's side: only the Dark
    /// Side may "guide others to kill their friends" (Jedi powers), and its friends see
    /// nothing amiss (ruling, docs/rules/tyneside.md).
    pub fn ignores(&self, i: usize, j: usize) -> bool {
        let spared = |a: usize, b: usize| {
            self.figs[a]
                .cond
                .tricked_from
                .as_ref()
                .is_some_and(|t| !t.kill && t.side == self.figs[b].figure.side)
        };
        if spared(i, j) || spared(j, i) {
            return true;
        }
        self.figs[j].figure.has(Ability::IgnoredByImperials)
            && self
                .table
                .scenario
                .sides
                .get(self.figs[i].figure.side)
                .is_some_and(|s| s.imperial)
    }

    /// The enemies figure `i` takes notice of: every figure of another side but those it
    /// ignores ([`Board::ignores`]).
    pub fn foes_of(&self, i: usize) -> Vec<usize> {
        (0..self.figs.len())
            .filter(|&j| {
                self.figs[j].figure.side != self.figs[i].figure.side && !self.ignores(i, j)
            })
            .collect()
    }

    /// Edge-to-edge distance between two figures, inches.
    pub fn gap(&self, i: usize, j: usize) -> f32 {
        let (a, b) = (&self.figs[i], &self.figs[j]);
        base_gap(a.pos, a.figure.base, b.pos, b.figure.base)
    }

    /// Whether figure `i` is in cover from a shooter at `from`: inside a cover piece, or the
    /// line from `from` to it crosses a cover piece within 1" of its base; or standing on a
    /// hill that the shooter is not on ("A hill/ridge counts as cover, until any of the
    /// players force get a line of sight to the far side"). Rulings, docs/rules/tyneside.md.
    pub fn in_cover(&self, i: usize, from: Vec2) -> bool {
        let f = &self.figs[i];
        self.table.terrain.iter().any(|t| {
            (t.has(TerrainProperty::Cover)
                && (t.shape.contains(f.pos)
                    || (t.shape.distance_to(f.pos) <= f.figure.base + COVER_CONTACT
                        && t.shape.touches_segment(from, f.pos))))
                || (t.has(TerrainProperty::Hill)
                    && t.shape.contains(f.pos)
                    && !t.shape.contains(from))
        })
    }

    /// Whether figure `i` is in cover from `from` that a walker's chin guns do not ignore
    /// (Vehicle rules: "Ignore any target armour, and light cover"). Ruling: buildings are
    /// the only hard cover; woods, rocks, walls, crates and hills are light.
    pub fn in_hard_cover(&self, i: usize, from: Vec2) -> bool {
        let f = &self.figs[i];
        self.table.terrain.iter().any(|t| {
            t.has(TerrainProperty::Building)
                && t.has(TerrainProperty::Cover)
                && (t.shape.contains(f.pos)
                    || (t.shape.distance_to(f.pos) <= f.figure.base + COVER_CONTACT
                        && t.shape.touches_segment(from, f.pos)))
        })
    }

    /// Whether figure `i` has cover near it at all (for the unit card and figures that see
    /// no enemy): within 1" of a cover piece, or on a hill.
    pub fn in_cover_anywhere(&self, i: usize) -> bool {
        let f = &self.figs[i];
        self.table.terrain.iter().any(|t| {
            t.has(TerrainProperty::Cover)
                && t.shape.distance_to(f.pos) <= f.figure.base + COVER_CONTACT
                || t.has(TerrainProperty::Hill) && t.shape.contains(f.pos)
        })
    }

    /// The raycast between two figures' bases against the terrain.
    pub fn sight(&self, i: usize, j: usize) -> Sight {
        let (a, b) = (&self.figs[i], &self.figs[j]);
        self.table.los.sight(
            &self.table.terrain,
            a.pos,
            a.figure.base,
            b.pos,
            b.figure.base,
        )
    }

    /// The view from figure `i`'s base, built once to ask about many targets
    /// ([`Self::sees_from`]); it allows for the widest base on the table.
    pub fn viewpoint(&self, i: usize) -> Viewpoint<'_> {
        let widest = self.figs.iter().map(|f| f.figure.base).fold(0.0, f32::max);
        let f = &self.figs[i];
        self.table
            .los
            .viewpoint(&self.table.terrain, f.pos, f.figure.base, widest)
    }

    /// Whether `i` and `j` can see each other: a clear line from base to base, and neither is
    /// hiding (or ducked back in cover) further than 6" away.
    ///
    /// tyneside-skirmish.txt, Visibility: "If declared hiding (or if 'ducked back' … and in
    /// cover) they can neither see or be seen unless within 6″."
    pub fn sees(&self, i: usize, j: usize) -> bool {
        i == j || self.sees_from(&self.viewpoint(i), i, j)
    }

    /// [`Self::sees`], with `view` the [`Self::viewpoint`] of `i`. A Force user using
    /// 'Seeing' ([`Self::senses`]) sees more than it is seen.
    pub fn sees_from(&self, view: &Viewpoint, i: usize, j: usize) -> bool {
        if i == j {
            return true;
        }
        let far = self.gap(i, j) > HIDDEN_SEEN_WITHIN;
        if self.figs[i].act.seeing {
            // Hiding itself, the user sees nobody far off ("can neither see or be seen").
            return !(far && self.concealed(i, self.figs[j].pos)) && self.senses(view, j);
        }
        if far && (self.concealed(i, self.figs[j].pos) || self.concealed(j, self.figs[i].pos)) {
            return false;
        }
        let target = &self.figs[j];
        view.sight(target.pos, target.figure.base) == Sight::Clear
    }

    /// Whether a Force user using 'Seeing', with `view` its viewpoint, senses figure `j`:
    /// hiding or not, if `j` is "within 3″ of a position in which it could be seen"
    /// (tyneside-skirmish.txt, Jedi powers, 'Seeing'): a clear line to its base, or to a base
    /// of its size 1", 2" or 3" from it in any of 12 directions, on the table.
    pub fn senses(&self, view: &Viewpoint, j: usize) -> bool {
        use crate::rulesets::tyneside::rules::force::SEEING_REACH;
        let t = &self.figs[j];
        let size = self.table.size;
        let on_table = |p: Vec2| p.x >= 0.0 && p.y >= 0.0 && p.x <= size.x && p.y <= size.y;
        std::iter::once(t.pos)
            .chain((1..=3).flat_map(|r| {
                (0..12).map(move |k| {
                    let a = k as f32 * std::f32::consts::TAU / 12.0;
                    t.pos + Vec2::from_angle(a) * (r as f32 * SEEING_REACH / 3.0)
                })
            }))
            .filter(|&p| on_table(p))
            .any(|p| view.sight(p, t.figure.base) == Sight::Clear)
    }

    /// Hiding, or ducked back and in cover from `from`.
    pub fn concealed(&self, i: usize, from: Vec2) -> bool {
        let f = &self.figs[i];
        f.cond.hidden || (f.cond.ducked_back(self.turn) && self.in_cover(i, from))
    }

    /// Whether `i` is within 1" of any enemy figure (close combat), unless one of the two
    /// ignores the other ([`Board::ignores`]) or is a walker (no melee with a walker but a
    /// light sabre's cut: Engaging vehicles).
    pub fn in_close_combat(&self, i: usize) -> bool {
        // The enemies of [`Board::foes_of`], nearest test first: asked for every figure
        // at every step, it allocates nothing.
        !self.armoured_vehicle(i)
            && (0..self.figs.len()).any(|e| {
                self.figs[e].figure.side != self.figs[i].figure.side
                    && crate::rulesets::tyneside::rules::melee::in_reach(self.gap(i, e))
                    && !self.ignores(i, e)
                    && !self.ignores(e, i)
                    && !self.armoured_vehicle(e)
            })
    }

    /// Whether `i` can shoot at all this turn: has firepower and a weapon, is not pinned by a
    /// duck back from last turn, not knocked out, and is no jet bike that turned this turn
    /// (Movement: "They shoot as Stormtroopers in any direction if flying straight").
    pub fn can_shoot(&self, i: usize) -> bool {
        let f = &self.figs[i];
        f.figure.profile.firepower.is_some()
            && f.figure.weapon.is_some()
            && !f.cond.pinned(self.turn)
            && !f.cond.knocked_out(self.turn)
            && !(self.vehicle(i) == Some(Vehicle::JetBike) && f.act.turned.iter().any(|&t| t > 0.0))
    }

    /// Each side's score now under the scenario's victory condition
    /// ([`crate::rulesets::tyneside::rules::victory::scores`]): figures fighting, or
    /// objectives held.
    pub fn scores(&self) -> Vec<usize> {
        let sc = &self.table.scenario;
        let figures: Vec<(usize, Vec2)> =
            self.figs.iter().map(|f| (f.figure.side, f.pos)).collect();
        let objectives: Vec<(Vec2, f32)> = sc
            .objectives
            .iter()
            .map(|o| (Vec2::new(o.at.0, o.at.1), o.radius))
            .collect();
        super::rules::victory::scores(sc.victory, &objectives, &figures, sc.sides.len())
    }

    /// Figures of `group` that could still shoot in this activation: they can shoot
    /// ([`Self::can_shoot`]), are not in close combat (they fight instead), have not fired,
    /// fought or healed this turn, and see an enemy within their weapon's range. Ending the activation loses their shots (the shell asks
    /// first).
    pub fn could_still_shoot(&self, group: &str) -> Vec<usize> {
        self.members(group)
            .into_iter()
            .filter(|&i| {
                let a = &self.figs[i].act;
                self.can_shoot(i)
                    && !self.in_close_combat(i)
                    && !(a.fired || a.fought || a.healed)
                    && self
                        .foes_of(i)
                        .into_iter()
                        .any(|e| self.band(i, e).is_some() && self.sees(i, e))
            })
            .collect()
    }

    /// Force users of `group` that could still use the Force in this shoot/act activation:
    /// not knocked out, with a Force point left and an action of the activation unused ("Any
    /// force user may use The Force to perform one action an activation (Sith, and Jedi
    /// Masters may use 2 an activation)"; "each action costs 1 Force point"). Ending the
    /// activation loses it (the shell asks first).
    pub fn could_still_use_the_force(&self, group: &str) -> Vec<usize> {
        use super::rules::force::{COST, actions_per_activation};
        self.members(group)
            .into_iter()
            .filter(|&i| {
                let f = &self.figs[i];
                f.figure.has(Ability::ForceUser)
                    && !f.cond.knocked_out(self.turn)
                    && f.cond.force_points >= COST
                    && f.act.force_actions.1 < actions_per_activation(f.figure.profile.force_points)
            })
            .collect()
    }

    /// `i`'s firepower at `band`, halved for a wound and again if it ran ("Runners halve
    /// shooting values for runner").
    pub fn firepower_at(&self, i: usize, band: RangeBand) -> f32 {
        let f = &self.figs[i];
        let base = f
            .figure
            .profile
            .firepower
            .map(|fp| fp.at(band) as f32)
            .unwrap_or(0.0);
        let v = wounded_value(base, f.wounded());
        if f.act.run_roll.is_some() { v / 2.0 } else { v }
    }

    /// `i`'s defence (halved when wounded, and while it cuts a hole with a light sabre:
    /// "count half defence value while doing this!"), for figures with no firepower.
    pub fn defence(&self, i: usize) -> f32 {
        let f = &self.figs[i];
        let d = wounded_value(f.figure.profile.defence.unwrap_or(0) as f32, f.wounded());
        if f.act.cutting.is_some() { d / 2.0 } else { d }
    }

    /// `i`'s melee value (halved when wounded).
    pub fn melee(&self, i: usize) -> u32 {
        let f = &self.figs[i];
        let m = f.figure.profile.melee;
        if f.wounded() { m / 2 } else { m }
    }

    /// The range band from `i` to `j`, if `j` is within `i`'s weapon range; a walker that
    /// has moved this turn counts one band further (Vehicle rules: "Count 1 range band
    /// further away if moving and shooting").
    pub fn band(&self, i: usize, j: usize) -> Option<RangeBand> {
        let f = &self.figs[i];
        let band = f
            .figure
            .weapon
            .as_ref()
            .and_then(|w| w.band(self.gap(i, j)))?;
        if self.vehicle(i) == Some(Vehicle::Walker) && f.act.moved > 0.0 {
            band_when_moving(band)
        } else {
            Some(band)
        }
    }

    /// What walker `i`'s chin guns aim at: the nearest enemy figure it sees that its guns
    /// can engage (beyond their 2" minimum, within 50"), not a walker itself and not in close
    /// combat (Vehicle rules: "they fire at the nearest group, engaging any figures in a 3″
    /// radius"). Ruling (docs/rules/tyneside.md): the group of that figure is the nearest.
    pub fn walker_aim(&self, i: usize) -> Option<usize> {
        let w = self.figs[i].figure.weapon.as_ref()?;
        self.foes_of(i)
            .into_iter()
            .filter(|&j| {
                !self.armoured_vehicle(j)
                    && !self.in_close_combat(j)
                    && w.band(self.gap(i, j)).is_some()
                    && self.sees(i, j)
            })
            .min_by(|&x, &y| self.gap(i, x).total_cmp(&self.gap(i, y)))
    }

    /// The vehicle figure `i` is, if any (Vehicle rules).
    pub fn vehicle(&self, i: usize) -> Option<Vehicle> {
        self.figs[i].figure.profile.vehicle
    }

    /// Whether `i` is an armoured vehicle (a walker): "Only Heavy lasers and bigger weapons
    /// can hurt armoured vehicles" — it never dices in a fire fight or fights in melee.
    pub fn armoured_vehicle(&self, i: usize) -> bool {
        self.vehicle(i) == Some(Vehicle::Walker)
    }

    /// `i`'s walking speed, inches: the profile's (5" on foot, 24" a jet bike), and for a
    /// walker "the speed of any infantry with them, or 12″" (its group's slowest figure on
    /// foot).
    pub fn walk(&self, i: usize) -> f32 {
        let f = &self.figs[i];
        if self.vehicle(i) == Some(Vehicle::Walker) {
            walker_speed(
                self.members(f.group)
                    .into_iter()
                    .filter(|&m| self.vehicle(m).is_none())
                    .map(|m| self.figs[m].figure.profile.move_inches),
            )
        } else {
            f.figure.profile.move_inches
        }
    }

    /// The bases (centre, radius; inches) of the enemies figure `i` takes notice of
    /// ([`Board::foes_of`]): what its order measures against ("away from any enemy", "halt at
    /// 5″ from enemy figures"), so Imperials ignore C3PO and R2D2 there too.
    pub fn enemy_bases(&self, i: usize) -> Vec<(Vec2, f32)> {
        self.foes_of(i)
            .into_iter()
            .map(|e| (self.figs[e].pos, self.figs[e].figure.base))
            .collect()
    }
}

/// Everything a phase system needs to read and change the game.
#[derive(SystemParam)]
pub struct Game<'w, 's> {
    /// Figures.
    pub figures: Query<
        'w,
        's,
        (
            Entity,
            &'static mut Figure,
            &'static mut Member,
            &'static mut Position,
            &'static mut Condition,
            &'static mut TurnActivity,
            &'static mut Facing,
        ),
    >,
    /// Groups.
    pub groups: Query<'w, 's, (Entity, &'static mut Group)>,
    /// Terrain and scenario (doors open and shut).
    pub table: ResMut<'w, TableRes>,
    /// Turn bookkeeping.
    pub turn: ResMut<'w, TurnState>,
    /// Which sides the rules play (the scenario's and `--ai`'s).
    pub sides: Option<Res<'w, crate::engine::game::Sides>>,
}

/// Builds a board from figure rows (any query over the figure components).
fn build_board<'a>(
    table: &'a TableRes,
    turn: u32,
    rows: impl Iterator<
        Item = (
            Entity,
            &'a Figure,
            &'a Member,
            &'a Position,
            &'a Condition,
            &'a TurnActivity,
            &'a Facing,
        ),
    >,
) -> Board<'a> {
    let mut figs: Vec<Fig> = rows
        .filter(|(_, _, _, _, c, _, _)| c.active())
        .map(|(e, f, m, p, c, a, facing)| Fig {
            entity: e,
            figure: f,
            group: &m.0,
            pos: p.0,
            facing: facing.0,
            cond: std::borrow::Cow::Borrowed(c),
            act: std::borrow::Cow::Borrowed(a),
        })
        .collect();
    figs.sort_by_key(|f| f.figure.index);
    Board { figs, table, turn }
}

/// A read-only view of the game for the screen: the same board the rules use.
#[derive(SystemParam)]
pub struct GameView<'w, 's> {
    /// Figures.
    pub figures: Query<
        'w,
        's,
        (
            Entity,
            &'static Figure,
            &'static Member,
            &'static Position,
            &'static Condition,
            &'static TurnActivity,
            &'static Facing,
        ),
    >,
    /// Groups.
    pub groups: Query<'w, 's, &'static Group>,
    /// The table, when a game is loaded.
    pub table: Option<Res<'w, TableRes>>,
    /// Turn bookkeeping, when a game is loaded.
    pub turn: Option<Res<'w, TurnState>>,
}

impl GameView<'_, '_> {
    /// The board, when a game is loaded.
    pub fn board(&self) -> Option<Board<'_>> {
        let (table, turn) = (self.table.as_ref()?, self.turn.as_ref()?);
        Some(build_board(table, turn.turn, self.figures.iter()))
    }

    /// The group with id `id`.
    pub fn group(&self, id: &str) -> Option<&Group> {
        self.groups.iter().find(|g| g.id == id)
    }

    /// Every group, in stable order.
    pub fn all_groups(&self) -> Vec<&Group> {
        let mut v: Vec<&Group> = self.groups.iter().collect();
        v.sort_by_key(|g| g.index);
        v
    }
}

impl Game<'_, '_> {
    /// The side of the group acting now, if any.
    pub fn active_side(&self) -> Option<usize> {
        self.turn
            .active_group()
            .and_then(|g| self.group(g))
            .map(|g| g.side)
    }

    /// Whether the rules play side `side`.
    pub fn by_rules(&self, side: usize) -> bool {
        self.sides.as_ref().is_some_and(|s| s.by_rules(side))
    }

    /// A read-out of every figure still fighting.
    pub fn board(&self) -> Board<'_> {
        build_board(&self.table, self.turn.turn, self.figures.iter())
    }

    /// The group with id `id`.
    pub fn group(&self, id: &str) -> Option<Group> {
        self.groups
            .iter()
            .find(|(_, g)| g.id == id)
            .map(|(_, g)| g.clone())
    }

    /// Every group, in stable order.
    pub fn all_groups(&self) -> Vec<Group> {
        let mut v: Vec<Group> = self.groups.iter().map(|(_, g)| g.clone()).collect();
        v.sort_by_key(|g| g.index);
        v
    }
}
