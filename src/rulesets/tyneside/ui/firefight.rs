//! The fire-fight panel (Shoot/Act phase): choose targets and groups to combine fire, see both
//! totals, the chart row and each target's chance of D/W/K before committing; hero shots;
//! walkers (`super::vehicles`); close combat; medics; delay.

use std::collections::BTreeSet;

use bevy_egui::egui;

use crate::rulesets::tyneside::board::GameView;
use crate::rulesets::tyneside::commands::Command;
use crate::rulesets::tyneside::phases::{
    HeroShotOdds, hero_shot_odds, plan_fire_fight, sabre_can_cut,
};
use crate::rulesets::tyneside::rules::fire::{
    FireRow, GRENADE_BLAST, GRENADE_RANGE, result_chances,
};
use crate::rulesets::tyneside::rules::melee::in_reach;
use crate::rulesets::tyneside::rules::profile::{Ability, RangeBand};
use crate::rulesets::tyneside::turn::TurnPhase;
use crate::ui::settle::Settle;

/// The choices made for the active group.
#[derive(Default, Debug)]
pub struct FireChoice {
    /// Which group these choices are for.
    for_group: String,
    /// Enemy groups to shoot at.
    targets: BTreeSet<String>,
    /// Own groups combining their fire.
    combine: BTreeSet<String>,
    /// Hero shot: (hero id, target id).
    hero: Option<String>,
    hero_target: Option<String>,
}

fn chances_text(row: FireRow, cover: bool, extra: u32, armoured: bool) -> String {
    let (d, w, k) = result_chances(row, cover, extra, armoured);
    format!(
        "D {:.0}% · W {:.0}% · K {:.0}%",
        d * 100.0,
        w * 100.0,
        k * 100.0
    )
}

/// Draws the panel into `ui`. Where this computer plays one side (`seat`: online, or by
/// e-mail), another side's fire fight is only watched: its player chooses. `end` is set when
/// its End activation is pressed: the shell's End, which asks first where shots or a Force
/// action would be lost.
pub fn show(
    ui: &mut egui::Ui,
    view: &GameView,
    phase: TurnPhase,
    (choice, settle, seat): (&mut FireChoice, &mut Settle, Option<usize>),
    (out, end): (&mut Vec<Command>, &mut bool),
) {
    ui.heading("Fire fight");
    if phase != TurnPhase::Action {
        ui.weak("Shooting and close combat come in the Shoot/Act phase, highest initiative first.");
        return;
    }
    let (Some(board), Some(turn)) = (view.board(), view.turn.as_ref()) else {
        return;
    };
    let Some(active) = turn.active_group().map(str::to_string) else {
        return;
    };
    let Some(group) = view.group(&active) else {
        return;
    };
    if choice.for_group != active {
        *choice = FireChoice {
            for_group: active.clone(),
            ..Default::default()
        };
    }
    // The next group's buttons stand where the last one's were (its End activation came
    // under the pointer where Shoot had been, a walk): they take no click for a moment.
    let settled = settle.ready_in(ui.ctx(), (&active, turn.turn));
    let side = group.side;
    let members = board.members(&active);
    // Not `{name} acts.`: a group named for two heroes read `Anakin and Ahsoka acts` (a walk).
    ui.label(format!("Acting: {}", group.name));
    if seat.is_some_and(|s| s != side) {
        ui.weak("Its player chooses its targets on the other computer.");
        return;
    }

    // The exchange the ticked targets make, with the groups combining their fire.
    let plan = (!choice.targets.is_empty()).then(|| {
        let mut units: Vec<String> = std::iter::once(active.clone())
            .chain(choice.combine.iter().cloned())
            .chain(choice.targets.iter().cloned())
            .collect();
        units.sort_by_key(|g| view.group(g).map(|g| g.index).unwrap_or(usize::MAX));
        units.dedup();
        plan_fire_fight(&board, &units)
    });
    // Close combat (and light sabres against walkers in base contact).
    let in_melee = members
        .iter()
        .any(|&m| !board.figs[m].act.fought && board.in_close_combat(m))
        || sabre_can_cut(&board, &active);
    // Shoot and Fight first, each in its place whatever is ticked: under the guide and the
    // groups at 1280x720 the panel shows about 130 points, and a Shoot under the targets and
    // the groups combining was below its fold (issue 61); the targets are ticked under them.
    ui.horizontal(|ui| {
        let ready = plan.as_ref().is_some_and(|p| !p.odds.is_empty());
        let shoot = ui
            .add_enabled(
                ready && settled,
                egui::Button::new("Shoot").min_size(egui::vec2(120.0, 28.0)),
            )
            .on_hover_text("Roll a D8 for every figure under fire")
            .on_disabled_hover_text(if choice.targets.is_empty() {
                "Tick a group to shoot at, below".to_string()
            } else {
                // The reason itself on the greyed button, not only below the targets (a walk
                // ticked a group that had fired and met a grey Shoot with no word why).
                crate::rulesets::tyneside::phases::cannot_shoot(&board, &active, &group.name)
            });
        crate::ui::key_widget(ui, "shoot", &shoot);
        if shoot.clicked() {
            let groups = std::iter::once(active.clone())
                .chain(choice.combine.iter().cloned())
                .collect();
            out.push(Command::Shoot {
                groups,
                targets: choice.targets.iter().cloned().collect(),
            });
        }
        // Greyed, not gone, once fought or where nobody is within reach: a walk saw the
        // button vanish after its close combat, and Shoot beside it kept its place only so.
        let fought = members.iter().any(|&m| board.figs[m].act.fought);
        let fight = ui
            .add_enabled(
                in_melee && settled,
                egui::Button::new("Fight").min_size(egui::vec2(120.0, 28.0)),
            )
            .on_hover_text("Close combat: every figure within 1\" of an enemy rolls D6 + melee")
            .on_disabled_hover_text(if fought {
                "This group has fought its close combat this activation"
            } else {
                "Close combat needs a figure of this group within 1\" of an enemy"
            });
        crate::ui::key_widget(ui, "fight", &fight);
        if fight.clicked() {
            out.push(Command::Fight {
                group: active.clone(),
            });
        }
    });

    // Delay and End activation under Shoot, in one place whatever follows: below a group's
    // grenade rows they sank under the dice panel (a walk).
    ui.horizontal(|ui| {
        // Greyed, not gone, where no group is left to wait for: the Delay it offered could
        // only be refused (a walk), and the buttons keep their places.
        let others = turn.queue.len() > 1;
        if ui
            .add_enabled(others && settled, egui::Button::new("Delay"))
            .on_hover_text("Act after the next group (to combine fire later)")
            .on_disabled_hover_text("No group is left to wait for: every other group has acted")
            .clicked()
        {
            out.push(Command::Delay);
        }
        let end_button = ui.add_enabled(settled, egui::Button::new("End activation"));
        crate::ui::key_widget(ui, "end-activation", &end_button);
        if end_button.clicked() {
            *end = true;
        }
    });
    // The acting group's own odds under Shoot, one line whatever is ticked: a fire fight is
    // an exchange, and its own side's totals were below the fold (a walk).
    let own = plan.as_ref().map(|p| {
        let u = p.units.iter().position(|u| *u == active);
        let odds = u.and_then(|u| p.odds.iter().find(|o| o.unit == u));
        match odds {
            // Short enough for the sidebar's one line (with the group's name it was cut).
            Some(o) => format!(
                "Yours under fire: {:.1} v {:.1}, {}",
                o.own,
                o.enemy,
                chances_text(o.row, false, o.extra, false)
            ),
            None if p.odds.is_empty() => "No exchange: why is under the targets".to_string(),
            None => format!(
                "{} is not under fire: no enemy in the fight sees it in range",
                group.name
            ),
        }
    });
    let own = match own {
        Some(text) => ui.add(egui::Label::new(text).truncate()),
        None => ui.add(
            egui::Label::new(
                egui::RichText::new("Tick a target: both sides' odds show before you shoot").weak(),
            )
            .truncate(),
        ),
    }
    .on_hover_text("The acting group's own total against the enemy firepower able to shoot at it, and the chance a figure of it out of cover ends the fire fight ducked back (D), wounded (W) or killed (K); each figure's own are below");
    crate::ui::key_widget(ui, "return-fire", &own);
    ui.separator();

    // Targets and combined fire.
    ui.label("Shoot at:");
    for g in view
        .all_groups()
        .into_iter()
        .filter(|g| g.side != side && !board.members(&g.id).is_empty())
    {
        // "Only Heavy lasers and bigger weapons can hurt armoured vehicles": a group of
        // walkers alone is no fire-fight target (see Against walkers below).
        if board
            .members(&g.id)
            .iter()
            .all(|&t| board.armoured_vehicle(t))
        {
            ui.weak(format!("{}: armoured, only heavy weapons", g.name));
            continue;
        }
        // Who could fire: figures with firepower and a weapon, out of close combat (they
        // fight instead: figures in close combat stay out of a fire fight).
        let shooters: Vec<usize> = members
            .iter()
            .copied()
            .filter(|&m| board.can_shoot(m) && !board.in_close_combat(m))
            .collect();
        let seen = shooters.iter().any(|&m| {
            let view = board.viewpoint(m);
            board
                .members(&g.id)
                .iter()
                .any(|&t| board.sees_from(&view, m, t) && board.band(m, t).is_some())
        });
        let mut on = choice.targets.contains(&g.id);
        let why = if seen {
            ""
        } else if members.iter().all(|&m| !board.can_shoot(m)) {
            " (none of yours can shoot: no firepower)"
        } else if shooters.is_empty() {
            " (yours are in close combat: fight instead)"
        } else {
            " (not in sight or range)"
        };
        // A ticked group's odds on its line, by its box, as the chart row gives them to a
        // figure out of cover: the table and each figure's chances are below, often under
        // the fold at 720 px (a walk scrolled down for them and back up for Shoot).
        let odds = plan.as_ref().and_then(|p| {
            let u = p.units.iter().position(|u| *u == g.id)?;
            p.odds.iter().find(|o| o.unit == u)
        });
        let label = match odds {
            Some(o) => format!(
                "{}{why}: {}",
                g.name,
                chances_text(o.row, false, o.extra, false)
            ),
            None => format!("{}{why}", g.name),
        };
        let target = ui.checkbox(&mut on, label).on_hover_text(
            "Ticked, its odds: the chance a figure of it out of cover ends the fire fight ducked back (D), wounded (W) or killed (K); each figure's own are below",
        );
        crate::ui::key_widget(ui, format!("list:targets:{}", g.id), &target);
        if target.changed() {
            if on {
                choice.targets.insert(g.id.clone())
            } else {
                choice.targets.remove(&g.id)
            };
        }
    }
    let waiting: Vec<_> = view
        .all_groups()
        .into_iter()
        .filter(|g| g.side == side && g.id != active && turn.queue.contains(&g.id))
        .collect();
    // The active group leads a combined fire (phases::shooting): where none of it may shoot,
    // a tick here could only be refused, so say what to do instead (a new player ticked
    // it and saw nothing happen).
    let may_lead = members.iter().any(|&m| {
        let f = &board.figs[m];
        f.figure.profile.firepower.is_some()
            && !f.act.fired
            && board.can_shoot(m)
            && !board.in_close_combat(m)
    });
    if !waiting.is_empty() && !may_lead {
        ui.weak(format!(
            "Combine fire: the group acting leads it, and none of {} can shoot now: Delay \
             (below) to let a group that can shoot act first.",
            group.name
        ));
    } else if !waiting.is_empty() {
        ui.label("Combine fire with (they use their activation):");
        for g in waiting {
            let mut on = choice.combine.contains(&g.id);
            if ui.checkbox(&mut on, &g.name).changed() {
                if on {
                    choice.combine.insert(g.id.clone())
                } else {
                    choice.combine.remove(&g.id)
                };
            }
        }
    }
    // A labelled block: with no exchange to show, the hero shots below still show.
    'fight: {
        let Some(plan) = &plan else {
            break 'fight;
        };
        if plan.odds.is_empty() {
            // No exchange to show: say why, as Shoot would be refused.
            ui.colored_label(
                egui::Color32::LIGHT_RED,
                crate::rulesets::tyneside::phases::cannot_shoot(
                    &board,
                    &active,
                    &view
                        .group(&active)
                        .map_or_else(|| active.clone(), |g| g.name.clone()),
                ),
            );
            break 'fight;
        }
        let name = |o: &crate::rulesets::tyneside::rules::fire::UnitOdds| {
            view.group(&plan.units[o.unit])
                .map(|g| g.name.clone())
                .unwrap_or_default()
        };
        // Said in words over the grid, not only on hover: `Own` and `Enemy` alone were read
        // as nothing (a walk).
        ui.weak("Each group's own points against the enemy firepower able to shoot at it:");
        egui::Grid::new("odds")
            .striped(true)
            .num_columns(3)
            .show(ui, |ui| {
                // The headings say what they total (a walk found them unexplained).
                ui.strong("Group");
                ui.strong("Own total").on_hover_text(
                    "The group's own total: its figures' Firepower/Defence points, added up (Shooting)",
                );
                ui.strong("Enemy FP").on_hover_text(
                    "The Firepower points of all the enemy figures able to shoot at the group, added up (Shooting)",
                );
                ui.end_row();
                for o in &plan.odds {
                    ui.label(name(o));
                    ui.label(format!("{:.1}", o.own));
                    ui.label(format!("{:.1}", o.enemy));
                    ui.end_row();
                }
                // A group no enemy figure can fire on (none sees it within range) throws no
                // dice, but it is in the fight: a walk missed the acting group in the table.
                for (u, own) in plan.untouched() {
                    ui.label(view.group(&plan.units[u]).map_or("", |g| g.name.as_str()));
                    ui.label(format!("{own:.1}"));
                    // `none` beside the group's own total read as its own firepower (a walk).
                    ui.weak("not under fire")
                        .on_hover_text("No enemy figure in the fight sees one of its figures within range: it is not under fire and throws no dice");
                    ui.end_row();
                }
            });
        // The chart rows under the grid, where they wrap: a fourth column ran off a narrow
        // sidebar (play-test).
        for o in &plan.odds {
            ui.label(format!(
                "{}: chart row \"{}\"{}",
                name(o),
                o.row,
                if o.extra > 0 {
                    format!(" +{}", o.extra)
                } else {
                    String::new()
                }
            ))
            .on_hover_text(
                "Chart row: own total against the firepower of every enemy figure that can see it",
            );
        }
        // Each figure's chances last.
        for o in &plan.odds {
            for &t in &o.targets {
                let c = &plan.combatants[t];
                ui.weak(format!(
                    "  {}{}: {}",
                    plan.names[t],
                    if c.in_cover { " (cover)" } else { "" },
                    chances_text(o.row, c.in_cover, o.extra, c.armoured)
                ))
                .on_hover_text("The chance this figure ends the fire fight ducked back (D), wounded (W) or killed (K)");
            }
        }
    }

    // Hero shots.
    let heroes: Vec<usize> = members
        .iter()
        .copied()
        .filter(|&m| {
            board.figs[m].figure.hero && board.can_shoot(m) && !board.figs[m].act.hero_shot
        })
        .collect();
    if !heroes.is_empty() {
        ui.separator();
        ui.label("Hero shot:");
        for &h in &heroes {
            let hf = &board.figs[h];
            let view = board.viewpoint(h);
            let targets: Vec<usize> = (0..board.figs.len())
                .filter(|&t| {
                    board.figs[t].figure.side != side
                        && board.sees_from(&view, h, t)
                        && board.band(h, t).is_some()
                })
                .collect();
            ui.horizontal(|ui| {
                ui.label(&hf.figure.name);
                // No enemy in sight and range: say so rather than open an empty list.
                if targets.is_empty() {
                    ui.weak("no enemy in sight and range");
                    return;
                }
                let current = choice
                    .hero_target
                    .clone()
                    .filter(|_| choice.hero.as_deref() == Some(&hf.figure.id));
                let text = current
                    .as_ref()
                    .and_then(|id| board.find(id))
                    .map(|t| board.figs[t].figure.name.clone())
                    .unwrap_or("target…".into());
                egui::ComboBox::from_id_salt(("hero", &hf.figure.id))
                    .selected_text(text)
                    .show_ui(ui, |ui| {
                        for &t in &targets {
                            if ui
                                .selectable_label(false, &board.figs[t].figure.name)
                                .clicked()
                            {
                                choice.hero = Some(hf.figure.id.clone());
                                choice.hero_target = Some(board.figs[t].figure.id.clone());
                            }
                        }
                    });
                if let Some(t) = current.as_ref().and_then(|id| board.find(id)) {
                    let band = board.band(h, t).unwrap_or(RangeBand::Long);
                    let HeroShotOdds {
                        hero_fp,
                        target_value: tv,
                        row,
                        cover,
                    } = hero_shot_odds(&board, h, t, band);
                    ui.weak(format!(
                        "{tv:.1} v {hero_fp:.1}: {row} — {}",
                        chances_text(row, cover, 0, board.figs[t].figure.armoured)
                    ));
                    if ui.button("Fire").clicked() {
                        out.push(Command::HeroShot {
                            hero: hf.figure.id.clone(),
                            target: board.figs[t].figure.id.clone(),
                        });
                    }
                }
            });
        }
    }

    // Grenades: a full activation, 6–12" to a figure in sight; everyone within 3" of it is
    // killed on a 4+ or ducks back.
    let throwers: Vec<usize> = members
        .iter()
        .copied()
        .filter(|&m| {
            let f = &board.figs[m];
            board.can_shoot(m)
                && f.act.moved == 0.0
                && !f.act.fired
                && !f.act.hero_shot
                && !board.in_close_combat(m)
        })
        .collect();
    for &g in &throwers {
        let view = board.viewpoint(g);
        let targets: Vec<usize> = (0..board.figs.len())
            .filter(|&t| {
                board.figs[t].figure.side != side
                    && !board.ignores(g, t)
                    && GRENADE_RANGE.contains(&board.gap(g, t))
                    && board.sees_from(&view, g, t)
            })
            .collect();
        if targets.is_empty() {
            continue;
        }
        let gf = &board.figs[g];
        egui::ComboBox::from_id_salt(("grenade", &gf.figure.id))
            .selected_text(format!("{}: grenade at…", gf.figure.name))
            .show_ui(ui, |ui| {
                for &t in &targets {
                    let caught = (0..board.figs.len())
                        .filter(|&k| k == t || board.gap(t, k) <= GRENADE_BLAST)
                        .count();
                    if ui
                        .selectable_label(false, &board.figs[t].figure.name)
                        .on_hover_text(format!(
                            "Takes {}'s whole activation. {caught} figure(s) within 3\": each killed on a 4+ (D6), else ducks back",
                            gf.figure.name
                        ))
                        .clicked()
                    {
                        out.push(Command::Grenade {
                            figure: gf.figure.id.clone(),
                            target: board.figs[t].figure.id.clone(),
                        });
                    }
                }
            });
    }

    super::vehicles::show(ui, &board, &members, out);
    super::doors::show(ui, &board, &members, out);

    // Medics.
    for &m in &members {
        let f = &board.figs[m];
        if !f.figure.has(Ability::Medic)
            || f.act.moved > 0.0
            || f.act.healed
            || f.cond.knocked_out(turn.turn)
        {
            continue;
        }
        for p in (0..board.figs.len()).filter(|&k| board.figs[k].figure.side == side) {
            if p != m
                && board.figs[p].cond.wounded()
                && in_reach(board.gap(m, p))
                && ui
                    .button(format!("Heal {} (5–6 on D6)", board.figs[p].figure.name))
                    .clicked()
            {
                out.push(Command::Heal {
                    medic: f.figure.id.clone(),
                    patient: board.figs[p].figure.id.clone(),
                });
            }
        }
    }
}
