//! The 1 Stat Skirmish panels on the shared shell: the phase bar's words (whose turn, what to
//! do, the goal and how it stands); the places in the order to choose; the warband to act with
//! each fighter's die, stat and state, a button to activate each ready one; the active
//! fighter's actions (and the shooter he fires, where he carries more than one); every warband's fighters left.

use bevy::prelude::*;
use bevy_egui::{EguiPrimaryContextPass, egui};

use super::ID;
use super::input::ChosenShooter;
use super::phases::SkirmishRes;
use super::rules::fighter::Specialisation;
use super::rules::scenario::Goal;
use super::skirmish::{
    Command, DeviceId, OnTable, RESCUE_TURNS, Skirmish, Stage, Standing, VICTORY, possessive,
};
use crate::engine::record::GameRecord;
use crate::engine::state::playing;
use crate::ui::{Handover, RuleSetHelp, ShellSet, ShellStatus, SidebarArea, side_colour32};

const SHORTCUTS: &[(&str, &str)] = &[
    (
        "Left click",
        "one of your fighters: activate him; then open table: move there (or drag him); an enemy: attack him (melee in base contact, else a shot); a wounded friend, for a Healer: tend him",
    ),
    (
        "Shift+click",
        "open table, while moving: a bend in the move there (round terrain); the next click moves on through every bend",
    ),
    (
        "Right click",
        "an enemy, with a heavy shooter: fire on everyone within 2\" of him; with bends placed: take them back",
    ),
    ("Space / Enter", "end the active fighter's activation"),
];

fn is_person(app: &Option<Res<crate::engine::game::Sides>>, p: usize) -> bool {
    app.as_ref().is_none_or(|a| !a.rules.contains(&p))
}

/// Fighters of player `p` still in the game.
fn left(s: &Skirmish, p: usize) -> usize {
    s.fighters
        .iter()
        .filter(|f| f.player == p && f.standing != Standing::Removed)
        .count()
}

/// The Victory Points, in words.
fn score(s: &Skirmish) -> String {
    let points = (0..s.players.len())
        .map(|p| {
            format!(
                "{} {}",
                s.players[p].name,
                s.score.get(p).copied().unwrap_or(0)
            )
        })
        .collect::<Vec<_>>()
        .join(", ");
    format!("Victory Points: {points}")
}

/// Who carries what, in words.
fn carriers(s: &Skirmish) -> String {
    let lines: Vec<String> = (0..s.tokens.len())
        .filter_map(|k| {
            let c = s.tokens[k].carrier?;
            Some(format!(
                "{} carries {}",
                s.fighters[c].fighter.name,
                s.tokens[k].kind.word(&s.players)
            ))
        })
        .collect();
    if lines.is_empty() {
        "Nobody carries a token".into()
    } else {
        lines.join("; ")
    }
}

/// The goal and how it stands, in a line, with the Trigger Device's where there is one.
fn objective(s: &Skirmish) -> String {
    let goal = goal_line(s);
    let Some(d) = &s.device else { return goal };
    let name = |p: usize| s.players.get(p).map_or("?", |x| x.name.as_str());
    let rerolls: Vec<String> = (0..s.players.len())
        .filter(|&p| s.rerolls_of(p) > 0)
        .map(|p| format!("{} {}", name(p), s.rerolls_of(p)))
        .collect();
    format!(
        "{}. Trigger Device (stack {}): {} adds to 6 and it {}; {} removes to 0 and it {}.{}{}",
        goal.trim_end_matches('.'),
        d.stack.tokens,
        name(d.adding.0),
        d.adding.1.word(),
        name(d.removing.0),
        d.removing.1.word(),
        d.worked.map_or(String::new(), |p| format!(
            " It has worked for {}.",
            name(p)
        )),
        if rerolls.is_empty() {
            String::new()
        } else {
            format!(" Rerolls held: {}.", rerolls.join(", "))
        }
    )
}

/// Investigate's clues and what they led to, in words.
fn investigation(s: &Skirmish) -> String {
    let Some(sol) = &s.solitaire else {
        return String::new();
    };
    let clues = s
        .tokens
        .iter()
        .filter(|t| t.kind == super::skirmish::TokenKind::Clue)
        .count();
    let mut parts = Vec::new();
    if clues > 0 {
        parts.push(format!(
            "{clues} clue{} on the table (pick both up to find what they lead to)",
            if clues == 1 { "" } else { "s" },
        ));
    }
    if let Some((left, _)) = sol.doom
        && s.tokens
            .iter()
            .any(|t| t.kind == super::skirmish::TokenKind::Doom)
    {
        parts.push(format!(
            "stop the doom device (touching it, a roll at or under the stat) within {left} turn{}",
            if left == 1 { "" } else { "s" }
        ));
    }
    if s.tokens
        .iter()
        .any(|t| t.kind == super::skirmish::TokenKind::Rover)
    {
        parts.push("reactivate the Mars Rover (touching it, a roll at or under the stat)".into());
    }
    let robbers = sol
        .robbers
        .iter()
        .filter(|&&k| s.fighters[k].standing != Standing::Removed)
        .count();
    if robbers > 0 {
        parts.push(format!("clear the hideout: {robbers} robbers left"));
    }
    if let Some(d) = sol.deity {
        parts.push(format!("finish {}", s.fighters[d].fighter.name));
    }
    if !sol.happenings.is_empty() {
        parts.push(format!(
            "{} more pair{} of clues to come",
            sol.happenings.len(),
            if sol.happenings.len() == 1 { "" } else { "s" }
        ));
    }
    parts.join("; ")
}

/// The scenario's goal and how it stands, in a line.
fn goal_line(s: &Skirmish) -> String {
    let counts = (0..s.players.len())
        .map(|p| format!("{} {}", s.players[p].name, left(s, p)))
        .collect::<Vec<_>>()
        .join(", ");
    match s.goal {
        Goal::LastManStanding => {
            format!("Last Man Standing: be the last warband left. Fighters left: {counts}")
        }
        Goal::Bounty => format!(
            "Bounty: finish the Bounty (his d12 drops a type with each wound, down to the d6; a wound on the d6 finishes him). {}",
            s.solitaire
                .as_ref()
                .and_then(|x| x.bounty)
                .map_or(String::new(), |(b, w)| format!(
                    "{}: d{}, {w} wound{}. Fighters left: {counts}",
                    s.fighters[b].fighter.name,
                    s.fighters[b].die(),
                    if w == 1 { "" } else { "s" }
                ))
        ),
        Goal::TreasureHunt => format!(
            "Treasure Hunt: pick up the treasure (an action, touching it) and carry it back to your starting area; a wound drops it. {}. Fighters left: {counts}",
            carriers(s)
        ),
        Goal::BombingRun => format!(
            "{} (first to {VICTORY}). {}. Bombing Run: carry the bomb into an opposing starting area to score; picked up, it counts down each turn and blasts everyone within 2\" at 0.",
            score(s),
            carriers(s)
        ),
        Goal::CaptureTheFlag => format!(
            "{} (first to {VICTORY}). {}. Capture the Flag: carry an enemy flag back to your starting area to score (touch your own, lying out, to send it home).",
            score(s),
            carriers(s)
        ),
        Goal::Collect => format!(
            "Collect: pick up all six treasures (an action each, touching one). Collected: {}. Fighters left: {counts}",
            s.solitaire.as_ref().map_or(0, |x| x.collected)
        ),
        Goal::Escort | Goal::RescueThenEscort
            if s.solitaire.as_ref().is_some_and(|x| x.escort.is_some()) =>
        {
            format!(
                "{}: bring {} into the {} corner's starting area alive. Fighters left: {counts}",
                s.goal.word(),
                s.solitaire
                    .as_ref()
                    .and_then(|x| x.escort)
                    .map_or("him".into(), |e| s.fighters[e].fighter.name.clone()),
                if s.goal == Goal::Escort {
                    "opposing"
                } else {
                    "home"
                }
            )
        }
        Goal::Escort | Goal::Rescue | Goal::RescueThenEscort => format!(
            "{}: bring a fighter into base contact with the hostage in the opposing corner by the end of turn {RESCUE_TURNS}{}. Fighters left: {counts}",
            s.goal.word(),
            if s.goal == Goal::RescueThenEscort {
                ", then escort him home"
            } else {
                ""
            }
        ),
        Goal::Investigate => format!("Investigate: {}. Fighters left: {counts}", investigation(s)),
        Goal::Shutdown => format!(
            "Shutdown: shut every spawn point down (touching it, a roll at or under the stat) and eliminate the opponents. Shut: {} of 6. Fighters left: {counts}",
            s.solitaire
                .as_ref()
                .map_or(0, |x| x.shut.iter().filter(|k| **k).count())
        ),
        Goal::KingOfTheHill => format!(
            "King of the Hill: be the only player with at least 1 fighter in base contact with the token in the centre (upright or lying wounded), for a whole phase. {}",
            match s.holder {
                Some((p, true)) => format!(
                    "Held alone by {} through the last phase's end: still so at this one's, they win.",
                    s.players[p].name
                ),
                Some((p, false)) => format!("Held alone by {} now.", s.players[p].name),
                None => "Nobody holds it alone.".into(),
            }
        ),
    }
}

/// What ending the activation now throws away, where the fighter has done nothing in it: the
/// shell asks before ending (a walk ended one by a slip of Space with nothing done, and nothing
/// asked). A move or an action taken, nothing is asked: ending then is the usual choice.
fn end_loses(s: &Skirmish) -> Option<String> {
    let a = s.active.as_ref()?;
    let f = s.fighters.get(a.fighter)?;
    if a.moved || a.acted || s.device_attack.is_some() {
        return None;
    }
    let name = &f.fighter.name;
    Some(if f.standing == Standing::Down {
        format!("{name}'s chance to recover (both actions; he has done nothing yet)")
    } else if a.commanded {
        format!("the one action the Boss gave {name} (he has done nothing yet)")
    } else {
        format!("{name}'s move and his other action (he has done nothing yet)")
    })
}

fn status(
    game: Res<SkirmishRes>,
    app: Option<Res<crate::engine::game::Sides>>,
    record: Option<Res<GameRecord<Command>>>,
    mut shell: ResMut<ShellStatus>,
) {
    let s = &game.0;
    let Some(p) = s.to_act() else {
        return;
    };
    let person = is_person(&app, p);
    let name = &s.players[p].name;
    let active = s.active.as_ref().map(|a| (a, &s.fighters[a.fighter]));
    let hint = match (person, &s.stage, active) {
        (false, _, _) => "The rules play this warband: watch the table and the events.".into(),
        (true, _, _) if s.device_attack.as_ref().is_some_and(|d| d.area) => format!(
            "{name}: the Trigger Device attacks an area for you: click the table (everyone within 2\" of the point), or pick a centre in the panel."
        ),
        (true, _, _) if s.device_attack.is_some() => format!(
            "{name}: the Trigger Device attacks an opposing fighter for you: click him, or pick him in the panel."
        ),
        (true, Stage::Mustering(_), _) => format!(
            "{name}: play the scenario's warband, or bring one of yours (built under Warbands on the title screen)."
        ),
        (true, Stage::Choosing(_), _) => {
            format!("{name} rolled highest of those still choosing: pick a place in the order.")
        }
        (true, _, None) => {
            format!(
                "{name}: click one of your fighters not yet faded (no activation token) to activate him."
            )
        }
        (true, _, Some((a, f))) if f.standing == Standing::Down && (a.moved || a.acted) => {
            format!("{} is still down: End activation.", f.fighter.name)
        }
        (true, _, Some((_, f))) if f.standing == Standing::Down => format!(
            "{} lies wounded: Recover (both actions), or End activation.",
            f.fighter.name
        ),
        (true, _, Some((a, f))) if a.moved && a.acted => {
            format!("{}: both actions spent. End activation.", f.fighter.name)
        }
        (true, _, Some((a, f))) => format!(
            "{}: {}. Drag him or click the table to move, click an enemy to attack; End when done.",
            f.fighter.name,
            match (a.moved, a.acted) {
                (false, false) => "a move and one other action".to_string(),
                (true, false) => "one other action left (a second move, an attack, …)".into(),
                (false, true) => "his move left".into(),
                (true, true) => "both actions spent".into(),
            }
        ),
    };
    let end = (person && s.active.is_some()).then(|| {
        (
            "End activation".to_string(),
            "He gets his activation token; the next player activates. Space/Enter".to_string(),
        )
    });
    let people = (0..s.players.len()).filter(|&k| is_person(&app, k)).count();
    // Solitaire counts turns ("Each turn you activate all of your fighters", Turn Order), as
    // its log does; the game of players, phases (the bar said `Phase 2` beside `turn 2`).
    let unit = if s.solitaire.is_some() {
        "Turn"
    } else {
        "Phase"
    };
    let new = ShellStatus {
        turn: match (&s.stage, s.turn_limit) {
            (Stage::Mustering(_), _) => "Before the game".to_string(),
            (_, Some(l)) => format!("{unit} {}/{l}", s.phase),
            (_, None) => format!("{unit} {}", s.phase),
        },
        turn_number: s.phase,
        phase: format!(
            "{name} — {}",
            match s.stage {
                Stage::Mustering(_) => "muster",
                Stage::Choosing(_) => "initiative",
                Stage::Activating => "activation",
            }
        ),
        // Nothing is hidden in 1 Stat Skirmish: no hand-over between activations.
        to_act: None,
        acting: Some(p),
        who: match active {
            Some((_, f)) => format!("{name} — {}", f.fighter.name),
            None => name.clone(),
        },
        hint,
        end,
        end_loses: end_loses(s).filter(|_| person),
        objective: objective(s),
        secrecy: String::new(),
        sides: s.players.iter().map(|x| x.name.clone()).collect(),
        commands: record.as_ref().map_or(0, |r| r.commands.len()),
        people,
        save_stem: crate::engine::record::save_stem(record.as_deref(), "one_stat"),
        largest_die: 12,
        cards: false,
    };
    shell.set_if_neq(new);
}

fn help(mut help: ResMut<RuleSetHelp>) {
    *help = RuleSetHelp {
        book: Some(super::BOOK),
        shortcuts: SHORTCUTS.to_vec(),
        lines: vec![
            "A phase: each player rolls his highest die; the highest picks his place in the order, then the next. Players activate one fighter each in turn until all have gone.",
            "An activation: a move (up to the stat in inches) and one other action: a second move, a melee attack, a shot, or a specialisation. A wounded fighter can only recover.",
            "One stat for everything: roll the fighter's die at or under it to hit; the defender rolls over his stat to defend. A Rookie wounded is removed; a Specialist lies down.",
            "Shooters: short range 5\", medium 10\", long 15\"; cover lets the defender roll 2 dice and keep the better.",
            "Tokens and devices (treasure, flags, the bomb, clues, the Trigger Device, spawn points in Shutdown): touch one and click it, or use the panel's button; it is the fighter's other action. A wound drops what he carries.",
            "The Trigger Device at its goal may attack for you: click the opposing fighter (or, for an area, the table: everyone within 2\" of the point). A reroll it gives is spent with the panel's Reroll button right after a roll of yours.",
            "Action scenarios (Bombing Run, Capture the Flag): a 2' table, 2 Victory Points win, the wounded get up on activation, the killed come back in their corner each phase.",
            "Solitaire: you activate all your fighters, then the rules activate the opponents by the text's tree; no initiative roll.",
        ],
    };
}

/// The muster: the scenario's warband, or one of the player's own (saved with the warband
/// builder) or a starting warband, each with its limits checked as it is offered.
fn muster_panel(
    ui: &mut egui::Ui,
    s: &Skirmish,
    p: usize,
    warbands: &mut Option<Vec<super::roster::Listed>>,
    out: &mut Vec<Command>,
) {
    ui.label(
        egui::RichText::new(format!("{}: muster your warband", s.players[p].name))
            .strong()
            .color(side_colour32(p)),
    );
    let mine = s.warband_of(p);
    let specialists = mine
        .iter()
        .filter(|f| f.tier == super::rules::fighter::Tier::Specialist)
        .count();
    let play = ui.button(format!("Play the scenario's ({} fighters)", mine.len()));
    crate::ui::key_widget(ui, "muster", &play);
    if play.clicked() {
        out.push(Command::Muster {
            player: p,
            warband: None,
        });
    }
    let solitaire = s.solitaire.is_some();
    ui.weak(if solitaire {
        "Or bring a solitaire warband of yours (\"1 Boss, 3 Specialists and 6 Rookies\"):".to_string()
    } else {
        format!(
            "Or bring one with {specialists} Specialist{} (every warband must field the same number):",
            if specialists == 1 { "" } else { "s" }
        )
    });
    let list = warbands.get_or_insert_with(super::roster::list);
    for w in list.iter() {
        match &w.warband {
            Ok(band) => {
                let n = band.count(super::rules::fighter::Tier::Specialist);
                let fits = if solitaire {
                    super::rules::warband::check(
                        band,
                        super::rules::warband::WarbandKind::Solitaire,
                    )
                    .is_empty()
                } else {
                    n == specialists
                };
                let b = ui
                    .add_enabled(
                        fits,
                        egui::Button::new(format!("{} ({})", band.name, w.origin)),
                    )
                    .on_hover_text(
                        band.fighters
                            .iter()
                            .map(|f| {
                                format!(
                                    "{} — {} d{}, stat {}",
                                    f.name,
                                    f.specialisation.map_or(f.tier.word(), |x| x.word()),
                                    f.tier.die(),
                                    f.stat
                                )
                            })
                            .collect::<Vec<_>>()
                            .join("\n"),
                    )
                    .on_disabled_hover_text(if solitaire {
                        "not a solitaire warband of 1 Boss, 3 Specialists and 6 Rookies".to_string()
                    } else {
                        format!("{n} Specialists: the others field {specialists}")
                    });
                if b.clicked() {
                    out.push(Command::Muster {
                        player: p,
                        warband: Some(band.clone()),
                    });
                }
            }
            Err(e) => {
                ui.colored_label(egui::Color32::from_rgb(255, 110, 100), e);
            }
        }
    }
    if ui
        .small_button("Look again")
        .on_hover_text("Read the warbands folder again")
        .clicked()
    {
        *warbands = None;
    }
}

/// The places still free, for the player choosing.
fn places_panel(ui: &mut egui::Ui, s: &Skirmish, p: usize, out: &mut Vec<Command>) {
    ui.label(
        egui::RichText::new(format!(
            "{}: choose your place in the order",
            s.players[p].name
        ))
        .strong()
        .color(side_colour32(p)),
    );
    // Said before the places, which so come lower than the muster's button laid where they
    // are now: a click more on `Play the scenario's` picked the last place (two walks).
    ui.weak("The highest roll of those still choosing picks first. Each place acts in that turn every round of activations this phase.");
    // One place a row: a place taken (`1st` becoming `1st: Bounty hunters`) widens only its
    // own button, and the free places hold still under the pointer (a walk's `2nd` moved right).
    ui.vertical(|ui| {
        for (k, taken) in s.order.iter().enumerate() {
            let label = match taken {
                Some(q) => format!("{}: {}", ordinal(k), s.players[*q].name),
                None => ordinal(k),
            };
            let place = ui
                .add_enabled(taken.is_none(), egui::Button::new(label))
                .on_hover_text("Act in this place each round of activations this phase");
            crate::ui::key_widget(ui, format!("list:places:{k}"), &place);
            if place.clicked() {
                out.push(Command::ChoosePlace {
                    player: p,
                    place: k,
                });
            }
        }
    });
}

fn ordinal(k: usize) -> String {
    match k {
        0 => "1st".into(),
        1 => "2nd".into(),
        2 => "3rd".into(),
        n => format!("{}th", n + 1),
    }
}

/// The warband to act: each fighter, a button to activate each ready one (the name of the one
/// under the pointer put in `hovered`); the active fighter's actions.
fn warband_panel(
    ui: &mut egui::Ui,
    s: &Skirmish,
    p: usize,
    (chosen, hovered): (&mut ChosenShooter, &mut Option<String>),
    out: &mut Vec<Command>,
) {
    ui.label(
        egui::RichText::new(format!("{} fighters", possessive(&s.players[p].name)))
            .strong()
            .color(side_colour32(p)),
    );
    for (i, f) in s.fighters.iter().enumerate() {
        if f.player != p || f.standing == Standing::Removed {
            continue;
        }
        ui.horizontal_wrapped(|ui| {
            let active = s.active.as_ref().is_some_and(|a| a.fighter == i);
            // A Boss commanding, a Driver driving or an Influencer influencing is mid-activation.
            let waiting = s.commanding.as_ref().is_some_and(|c| c.fighter == i);
            let state = match (active || waiting, f.activated, f.standing) {
                (true, _, _) if waiting => "active, waiting",
                (true, _, _) => "active",
                (_, true, _) => "done",
                (_, _, Standing::Down) => "down",
                _ => "ready",
            };
            let text = format!(
                "{} — {} d{}, stat {} — {state}",
                f.fighter.name,
                f.fighter
                    .specialisation
                    .map_or(f.fighter.tier.word(), |sp| sp.word()),
                f.die(),
                f.fighter.stat
            );
            let row = if s.active.is_none() && !f.activated {
                let b = ui.button(text).on_hover_text("Activate him");
                if b.clicked() {
                    out.push(Command::Activate { fighter: i });
                }
                b
            } else if active {
                ui.label(egui::RichText::new(text).strong()).on_hover_text(
                    "Acting now: ringed on the table with how far he moves; the dots on his base are his actions left",
                )
            } else {
                ui.weak(text)
            };
            crate::ui::key_widget(ui, format!("list:fighters:{i}"), &row);
            // The row under the pointer rings its fighter on the table, as a log line does.
            if row.hovered() {
                *hovered = Some(f.fighter.name.clone());
            }
        });
    }
    let Some(a) = &s.active else { return };
    let f = &s.fighters[a.fighter];
    ui.add_space(4.0);
    if let Some(boss) = &s.commanding {
        ui.colored_label(
            egui::Color32::from_rgb(120, 210, 230),
            format!(
                "{} {} {}: {}",
                s.fighters[boss.fighter].fighter.name,
                match (a.by.is_some(), a.commanded) {
                    (true, _) => "influences",
                    (false, true) => "commands",
                    (false, false) => "drives",
                },
                f.fighter.name,
                if a.commanded {
                    "one action (a move, an attack, a specialisation); End lets it go (the action that gave it is spent all the same)."
                } else {
                    "a whole activation besides his own; End hands back."
                }
            ),
        );
    } else if f.fighter.tier == super::rules::fighter::Tier::Boss && !a.acted {
        ui.weak("The Boss may command a fighter within 5\" to one action: click him.");
    }
    ui.horizontal_wrapped(|ui| {
        if f.standing == Standing::Down {
            if ui
                .add_enabled(!a.moved && !a.acted, egui::Button::new("Recover"))
                .on_hover_text("Both actions: roll his die, +1 for each friend in base contact; at or over his stat he stands up")
                .clicked()
            {
                out.push(Command::Recover);
            }
        } else {
            ui.weak(match (a.moved, a.acted) {
                _ if a.commanded => "His one action: drag him, click the table, or click an enemy.",
                (false, false) => "Move: drag him, or click the table. Attack: click an enemy.",
                (true, false) => "Other action: a second move, or click an enemy to attack.",
                (false, true) => "His move is left: drag him, or click the table.",
                (true, true) => "Both actions spent.",
            });
        }
    });
    reroll_offer(ui, s, p, out);
    if let Some(w) = f.fighter.melee_weapon() {
        ui.weak(format!("Melee: {}", w.name()));
    }
    shooter_choice(ui, f, a.fighter, chosen);
    special_actions(ui, s, a.fighter, out);
}

/// The active fighter `i`'s shooters; where he carries more than one, a choice of the one a
/// click on an enemy fires (each is a weapon of its own: "Shooters come in the three
/// categories"), kept in `chosen`.
fn shooter_choice(ui: &mut egui::Ui, f: &OnTable, i: usize, chosen: &mut ChosenShooter) {
    let shooters = f.fighter.shooters();
    let label = |k: usize| {
        let w = &f.fighter.weapons[k];
        let class = match w {
            super::rules::fighter::Weapon::Shooter { class, .. } => format!("{class:?}"),
            super::rules::fighter::Weapon::Melee { .. } => String::new(),
        };
        format!("{} ({})", w.name(), class.to_lowercase())
    };
    if shooters.len() < 2 {
        for (k, _) in shooters {
            ui.weak(format!("Shooter: {}", label(k)));
        }
        return;
    }
    // The rules' default until the player picks: the one a plain shot fires.
    let default = f
        .fighter
        .shooter()
        .and_then(|c| shooters.iter().find(|s| s.1 == c))
        .map(|s| s.0);
    let mut pick = chosen.of(i).or(default);
    ui.horizontal_wrapped(|ui| {
        ui.weak("Fire:");
        for (k, _) in &shooters {
            ui.radio_value(&mut pick, Some(*k), label(*k))
                .on_hover_text("A click on an enemy fires this shooter");
        }
    });
    if pick != chosen.of(i).or(default) {
        chosen.0 = pick.map(|k| (i, k));
    }
}

/// A button for `command`, enabled when the rules would take it now (else its hover says
/// why not).
fn offer(
    ui: &mut egui::Ui,
    s: &Skirmish,
    label: String,
    hint: &str,
    c: Command,
    out: &mut Vec<Command>,
) {
    let why = super::input::try_command(s, &c);
    let b = ui
        .add_enabled(why.is_ok(), egui::Button::new(label))
        .on_hover_text(hint)
        .on_disabled_hover_text(why.err().unwrap_or_default());
    if b.clicked() {
        out.push(c);
    }
}

/// The active fighter `i`'s actions besides moving and attacking: tokens and devices he
/// touches, and his specialisation's own (shapeshift, summon, influence).
fn special_actions(ui: &mut egui::Ui, s: &Skirmish, i: usize, out: &mut Vec<Command>) {
    let f = &s.fighters[i];
    ui.horizontal_wrapped(|ui| {
        for k in 0..s.tokens.len() {
            let t = &s.tokens[k];
            let own_flag_home = t.kind == super::skirmish::TokenKind::Flag(f.player) && t.at == t.home;
            // The hideout is a place, nothing to take.
            let place = t.kind == super::skirmish::TokenKind::Hideout;
            if t.carrier.is_none() && s.touches(i, t.at) && !own_flag_home && !place {
                let what = t.kind.word(&s.players);
                let (c, label) = match t.kind {
                    super::skirmish::TokenKind::Doom => (Command::Manipulate { device: DeviceId::Doom }, format!("Stop {what}")),
                    super::skirmish::TokenKind::Rover => (Command::Manipulate { device: DeviceId::Rover }, format!("Reactivate {what}")),
                    _ => (Command::PickUp { token: k }, format!("Take {what}")),
                };
                let hint = if matches!(c, Command::Manipulate { .. }) {
                    "His other action: a roll at or under his stat (an Engineer rolls two dice and keeps the better)"
                } else {
                    "His other action: he carries it until a wound drops it"
                };
                offer(ui, s, label, hint, c, out);
            }
        }
        if s.device.as_ref().is_some_and(|d| s.touches(i, d.at)) {
            offer(
                ui,
                s,
                "Work the Trigger Device".into(),
                "His other action: roll at or under his stat to move the stack a token (an Engineer rolls two dice and keeps the better)",
                Command::Manipulate { device: DeviceId::Trigger },
                out,
            );
        }
        if s.goal == Goal::Shutdown
            && let Some(sol) = &s.solitaire
        {
            for (k, at) in sol.spawn_points.iter().enumerate() {
                if s.touches(i, *at) && sol.shut.get(k) != Some(&true) {
                    offer(
                        ui,
                        s,
                        format!("Shut spawn point {} down", k + 1),
                        "His other action: roll at or under his stat",
                        Command::Manipulate { device: DeviceId::SpawnPoint(k) },
                        out,
                    );
                }
            }
        }
        if f.fighter.is(Specialisation::Shapeshifter) {
            offer(
                ui,
                s,
                if f.animal { "Shift back to humanoid".into() } else { "Shapeshift into an animal".into() },
                "Both actions: roll at or under his stat. An animal hits at or over the stat, defends under it, moves his die less his stat, and carries no token.",
                Command::Shapeshift,
                out,
            );
        }
    });
    if f.fighter.is(Specialisation::Controller) {
        let id = egui::Id::new(("demon-stat", i));
        let mut stat: u8 = ui
            .data(|d| d.get_temp(id))
            .unwrap_or(f.fighter.stat.min(f.die()));
        ui.horizontal(|ui| {
            ui.add(egui::Slider::new(&mut stat, 1..=f.die()).text("the demon's stat"));
            // Where there is no room, the button's hover still says what the rules say.
            let at = s
                .summon_place(i)
                .or_else(|| Some(f.at + Vec2::X * f.base * 2.0));
            if let Some(at) = at {
                offer(
                    ui,
                    s,
                    "Summon a demon".into(),
                    "Both actions: a demon in base contact, rolling his d-die; lost to his own will if the Controller is wounded",
                    Command::Summon { at, stat },
                    out,
                );
            } else {
                ui.weak("no room in base contact for a demon");
            }
        });
        ui.data_mut(|d| d.insert_temp(id, stat));
    }
    if f.fighter.is(Specialisation::Influencer) {
        ui.horizontal_wrapped(|ui| {
            for t in 0..s.fighters.len() {
                let o = &s.fighters[t];
                if o.player != f.player
                    && o.standing == Standing::Upright
                    && crate::rules::geometry::base_gap(f.at, f.base, o.at, o.base) <= super::skirmish::INFLUENCE
                {
                    offer(
                        ui,
                        s,
                        format!("Influence {}", o.fighter.name),
                        &format!("His other action: roll {}'s d{} at or under {}; then you perform one action with him", o.fighter.name, o.die(), f.fighter.stat),
                        Command::Influence { fighter: t },
                        out,
                    );
                }
            }
        });
    }
}

/// The Trigger Device's attack to aim ("attack an opposing fighter", "attack an area"): a
/// button for each opposing fighter, or for the area round each (a click on the table aims
/// the area anywhere).
fn device_panel(ui: &mut egui::Ui, s: &Skirmish, out: &mut Vec<Command>) {
    let Some(d) = &s.device_attack else { return };
    ui.label(
        egui::RichText::new(format!(
            "The Trigger Device attacks for {}",
            s.players[d.player].name
        ))
        .strong()
        .color(side_colour32(d.player)),
    );
    ui.weak(format!(
        "It rolls {}'s d{} against {}; each fighter attacked defends as against any attack (in cover from the device where terrain stands between).",
        d.by, d.die, d.stat
    ));
    if d.area {
        ui.weak("Click the table: everyone within 2\" of the point is attacked, friend or foe. Or centre it on:");
    } else {
        ui.weak("Choose the opposing fighter it attacks, anywhere on the table:");
    }
    ui.horizontal_wrapped(|ui| {
        for k in 0..s.fighters.len() {
            let f = &s.fighters[k];
            if f.player == d.player || f.standing == Standing::Removed {
                continue;
            }
            let (label, c) = if d.area {
                let hit = s.in_area(f.at);
                (
                    format!("{} ({} in the area)", f.fighter.name, hit.len()),
                    Command::DeviceArea { at: f.at },
                )
            } else {
                (f.fighter.name.clone(), Command::DeviceAttack { target: k })
            };
            offer(
                ui,
                s,
                label,
                &format!(
                    "{} d{}, stat {}{}",
                    f.fighter.tier.word(),
                    f.die(),
                    f.fighter.stat,
                    if f.standing == Standing::Down {
                        ", lying wounded: no defence roll"
                    } else {
                        ""
                    }
                ),
                c,
                out,
            );
        }
    });
}

/// The reroll held, right after a command of the player's that threw dice: a button to throw
/// it again ("gain a reroll").
fn reroll_offer(ui: &mut egui::Ui, s: &Skirmish, p: usize, out: &mut Vec<Command>) {
    let Some(r) = s.reroll_from.as_ref().filter(|r| r.player == p) else {
        return;
    };
    let what = super::describe(&r.before, &r.command);
    offer(
        ui,
        s,
        format!("Reroll ({} left): {what}", s.rerolls_of(p)),
        "The Trigger Device's reroll: this command is undone and made again with new dice; the second throw stands. Any other command lets the chance go.",
        Command::Reroll,
        out,
    );
}

/// Every warband's fighters left.
fn players_panel(ui: &mut egui::Ui, s: &Skirmish) {
    for (p, player) in s.players.iter().enumerate() {
        let place = s.order.iter().position(|o| *o == Some(p));
        let down = s
            .fighters
            .iter()
            .filter(|f| f.player == p && f.standing == Standing::Down)
            .count();
        ui.colored_label(
            side_colour32(p),
            format!(
                "{}{}: {} left{}",
                player.name,
                place.map_or(String::new(), |k| format!(" ({})", ordinal(k))),
                left(s, p),
                if down > 0 {
                    format!(", {down} lying wounded")
                } else {
                    String::new()
                }
            ),
        );
    }
}

fn panels(
    mut ctx: bevy_egui::EguiContexts,
    game: Res<SkirmishRes>,
    app: Option<Res<crate::engine::game::Sides>>,
    sidebar: Res<SidebarArea>,
    handover: Res<Handover>,
    (mut warbands, mut settle): (
        Local<Option<Vec<super::roster::Listed>>>,
        Local<crate::ui::settle::Settle>,
    ),
    (mut chosen, mut pointed): (ResMut<ChosenShooter>, ResMut<crate::view::Pointed>),
    mut send: MessageWriter<Command>,
    seated: Option<Res<crate::engine::game::Seated>>,
) -> Result {
    if handover.showing || !sidebar.0.is_positive() {
        return Ok(());
    }
    let ctx = ctx.ctx_mut()?.clone();
    let s = &game.0;
    let mut out = Vec::new();
    let mut hovered = None;
    let mut side_ui = crate::ui::area_ui(&ctx, sidebar.0);
    egui::ScrollArea::vertical()
        .id_salt(("one-stat-panels", s.to_act()))
        .max_height(sidebar.0.height())
        .show(&mut side_ui, |ui| {
            // Online, the step's buttons are the seat's to act only: the other player's
            // were live and every click refused (a club walk).
            let seat = seated.as_ref().and_then(|x| x.0);
            if let Some(p) = s.to_act().filter(|p| is_person(&app, *p))
                && seat.is_some_and(|me| me != p)
            {
                ui.label(format!("Waiting for {} to act", s.players[p].name));
                ui.separator();
            } else if let Some(p) = s.to_act().filter(|p| is_person(&app, *p)) {
                // The next player's buttons come where the last one's were: they wait a moment.
                let step = (
                    p,
                    std::mem::discriminant(&s.stage),
                    s.device_attack.is_some(),
                );
                let ready = settle.ready_in(&ctx, step);
                ui.add_enabled_ui(ready, |ui| match s.stage {
                    Stage::Mustering(_) => muster_panel(ui, s, p, &mut warbands, &mut out),
                    Stage::Choosing(_) => places_panel(ui, s, p, &mut out),
                    Stage::Activating if s.device_attack.is_some() => device_panel(ui, s, &mut out),
                    Stage::Activating => {
                        warband_panel(ui, s, p, (&mut chosen, &mut hovered), &mut out)
                    }
                });
                ui.separator();
            }
            players_panel(ui, s);
        });
    // After the shell's log has said what it points at: a fighter's row wins.
    if hovered.is_some() {
        pointed.0 = hovered;
    }
    for c in out {
        send.write(c);
    }
    Ok(())
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(crate::engine::state::GameState::Playing(ID)), help)
        .add_systems(Update, status.run_if(playing(ID)))
        .add_systems(
            EguiPrimaryContextPass,
            panels.after(ShellSet).run_if(playing(ID)),
        );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::one_stat::skirmish::tests::{activate, game};

    /// Ending an activation in which the fighter did nothing is asked about first; once he
    /// has moved, it is not.
    #[test]
    fn ending_an_activation_with_nothing_done_is_asked_about() {
        let (mut s, mut dice) = game(vec![]);
        assert_eq!(end_loses(&s), None);
        activate(&mut s, &mut dice, 1);
        assert_eq!(
            end_loses(&s).as_deref(),
            Some("Rook's move and his other action (he has done nothing yet)")
        );
        s.fighters[1].standing = Standing::Down;
        assert_eq!(
            end_loses(&s).as_deref(),
            Some("Rook's chance to recover (both actions; he has done nothing yet)")
        );
        s.fighters[1].standing = Standing::Upright;
        s.apply(
            0,
            &Command::Move {
                path: vec![Vec2::new(10.0, 16.0)],
            },
            &mut dice,
        )
        .expect("a 2\" move");
        assert_eq!(end_loses(&s), None);
    }
}
