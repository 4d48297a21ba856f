//! The warband builder (the title screen's `Warbands`): the player's warbands and the starting
//! ones, and an editor for one: its name, each fighter's name, tier, stat within his die,
//! specialisation and weapons by hands, with the text's limits checked as it changes and a
//! warband that breaks one refused a save, each problem named. Saved as RON files in the data
//! folder's `warbands/`, which the muster offers at the start of a game: a renamed warband, or
//! a copy (Save as…), as a new file named after it, and a file of another warband replaced
//! only when the player says so.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::ID;
use super::roster::{self, Listed};
use super::rules::fighter::{Fighter, Shooter, Specialisation, Tier, Weapon};
use super::rules::warband::{Warband, WarbandKind, check};

/// What the builder shows.
#[derive(Resource, Default)]
struct Builder {
    /// The warbands listed (read when the screen opens, and after each save or delete).
    list: Option<Vec<Listed>>,
    /// The warband being edited, and its file with the name it has there (none until saved).
    editing: Option<(Warband, Option<(PathBuf, String)>)>,
    /// The last save's or delete's outcome.
    message: Option<Result<String, String>>,
    /// A delete asked for and not yet confirmed.
    deleting: bool,
    /// The name being typed for a copy (Save as…).
    copy_name: Option<String>,
    /// A save into another warband's file, asked about: (the name saved under, that file,
    /// the first numbered file free).
    replacing: Option<(String, PathBuf, PathBuf)>,
}

/// Where a save writes a warband.
#[derive(Clone, Debug, PartialEq)]
enum Target {
    /// Its own file, or a new one: written at once.
    Write(PathBuf),
    /// A file that is there and not the warband's own: replaced only if the player says so,
    /// else `free`, the first numbered name not taken.
    Taken { path: PathBuf, free: PathBuf },
}

/// Where warband `name` is saved in the folder `dir`, given its file and the name it has there
/// (`own`, none for a new warband, a starting one's copy, or a copy asked for): that file while
/// the name still leads to it, so a file the player named stays his; else, renamed, a new file
/// named after it, the old one kept. `exists` says which files are there.
fn target(
    dir: &Path,
    own: Option<(&Path, &str)>,
    name: &str,
    exists: impl Fn(&Path) -> bool,
) -> Target {
    let named = dir.join(roster::file_name(name));
    if let Some((file, was)) = own
        && (was == name || file == named)
    {
        return Target::Write(file.to_path_buf());
    }
    if !exists(&named) {
        return Target::Write(named);
    }
    let stem = roster::file_name(name).trim_end_matches(".ron").to_string();
    let free = (2..)
        .map(|n| dir.join(format!("{stem}_{n}.ron")))
        .find(|p| !exists(p))
        .unwrap_or_default();
    Target::Taken { path: named, free }
}

/// Writes `w` as `path`, which becomes its file; says where, and that the file it came from is
/// kept when this is another one.
fn write(
    w: &Warband,
    file: &mut Option<(PathBuf, String)>,
    path: PathBuf,
) -> Result<String, String> {
    roster::save(w, &path)?;
    let said = match file.as_ref().filter(|(old, _)| *old != path) {
        Some((old, _)) => format!(
            "Saved {} (a new file: {} is kept)",
            path.display(),
            old.display()
        ),
        None => format!("Saved {}", path.display()),
    };
    *file = Some((path, w.name.clone()));
    Ok(said)
}

/// A new warband: a Boss with 1 Specialist and his 2 Rookies, to change.
fn new_warband() -> Warband {
    super::editor::starting_warband("New warband")
}

/// The weapon kinds a fighter can take, by the text's hands: (label, weapon).
pub(super) fn weapon_kinds() -> [(&'static str, Weapon); 5] {
    [
        (
            "melee, one hand",
            Weapon::Melee {
                name: "blade".into(),
                two_handed: false,
            },
        ),
        (
            "melee, two hands",
            Weapon::Melee {
                name: "axe".into(),
                two_handed: true,
            },
        ),
        (
            "light shooter (one hand)",
            Weapon::Shooter {
                name: "pistol".into(),
                class: Shooter::Light,
            },
        ),
        (
            "normal shooter (two hands)",
            Weapon::Shooter {
                name: "rifle".into(),
                class: Shooter::Normal,
            },
        ),
        (
            "heavy shooter (two hands)",
            Weapon::Shooter {
                name: "repeater".into(),
                class: Shooter::Heavy,
            },
        ),
    ]
}

/// Weapon `w`'s kind in words: `light shooter`, `melee, two hands`.
pub(super) fn weapon_label(w: &Weapon) -> &'static str {
    match w {
        Weapon::Melee {
            two_handed: false, ..
        } => "melee, one hand",
        Weapon::Melee { .. } => "melee, two hands",
        Weapon::Shooter {
            class: Shooter::Light,
            ..
        } => "light shooter",
        Weapon::Shooter {
            class: Shooter::Normal,
            ..
        } => "normal shooter",
        Weapon::Shooter { .. } => "heavy shooter",
    }
}

/// One fighter's row: name, tier, stat, specialisation, weapons; `true` to remove him.
fn fighter_row(ui: &mut egui::Ui, k: usize, f: &mut Fighter) -> bool {
    let mut remove = false;
    ui.horizontal_wrapped(|ui| {
        ui.add(egui::TextEdit::singleline(&mut f.name).desired_width(150.0));
        let tier = f.tier;
        egui::ComboBox::from_id_salt(("tier", k))
            .selected_text(format!("{} (d{})", f.tier.word(), f.tier.die()))
            .show_ui(ui, |ui| {
                for t in [Tier::Boss, Tier::Specialist, Tier::Rookie] {
                    ui.selectable_value(&mut f.tier, t, format!("{} (d{})", t.word(), t.die()));
                }
            });
        if f.tier != tier {
            f.stat = f.stat.min(f.tier.die());
            match f.tier {
                Tier::Rookie => f.specialisation = None,
                Tier::Specialist if f.specialisation.is_none() => {
                    f.specialisation = Some(Specialisation::Ranger);
                }
                _ => {}
            }
        }
        ui.add(
            egui::DragValue::new(&mut f.stat)
                .range(1..=f.tier.die())
                .prefix("stat "),
        )
        .on_hover_text(format!("1 to {}, his die's highest face. One number for everything: a hit is a roll at or under it, a defence a roll over it; it is also his move in inches", f.tier.die()));
        if f.tier != Tier::Rookie {
            let words = f.specialisation.map_or("no specialisation", Specialisation::word);
            egui::ComboBox::from_id_salt(("spec", k))
                .selected_text(words)
                .show_ui(ui, |ui| {
                    if f.tier == Tier::Boss {
                        ui.selectable_value(&mut f.specialisation, None, "no specialisation");
                    }
                    for s in Specialisation::ALL {
                        ui.selectable_value(&mut f.specialisation, Some(s), s.word());
                    }
                });
        }
        if ui
            .small_button("remove")
            .on_hover_text("Take him out of the warband")
            .clicked()
        {
            remove = true;
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.add_space(16.0);
        let mut drop = None;
        for (j, w) in f.weapons.iter_mut().enumerate() {
            let label = weapon_label(w);
            match w {
                Weapon::Melee { name, .. } | Weapon::Shooter { name, .. } => {
                    ui.add(egui::TextEdit::singleline(name).desired_width(110.0))
                        .on_hover_text(label);
                }
            }
            ui.weak(format!("({label})"));
            if ui
                .small_button("x")
                .on_hover_text("Drop this weapon")
                .clicked()
            {
                drop = Some(j);
            }
        }
        if let Some(j) = drop {
            f.weapons.remove(j);
        }
        egui::ComboBox::from_id_salt(("add", k))
            .selected_text("add a weapon")
            .show_ui(ui, |ui| {
                for (label, w) in weapon_kinds() {
                    if ui.selectable_label(false, label).clicked() {
                        f.weapons.push(w);
                    }
                }
            });
    });
    remove
}

/// The editor of `w`; what it asks for: save, delete, close.
/// Each fighter of `w` as a row of the form, with a button to take him out.
pub(super) fn fighter_rows(ui: &mut egui::Ui, w: &mut Warband) {
    let mut remove = None;
    for (k, f) in w.fighters.iter_mut().enumerate() {
        if fighter_row(ui, k, f) {
            remove = Some(k);
        }
        ui.add_space(4.0);
    }
    if let Some(k) = remove {
        w.fighters.remove(k);
    }
}

/// The buttons that add a Specialist with his two Rookies, or a Rookie, to `w`; the fighters'
/// ids made anew.
pub(super) fn add_fighters(ui: &mut egui::Ui, w: &mut Warband) {
    ui.horizontal(|ui| {
        if ui
            .button("+ Specialist and 2 Rookies")
            .on_hover_text("\"2 Rookies per Specialist fielded\"")
            .clicked()
        {
            super::editor::add_specialist(w);
        }
        if ui.button("+ Rookie").clicked() {
            let mut f = new_warband().fighters[2].clone();
            f.name = format!(
                "Rookie {}",
                w.fighters.iter().filter(|f| f.tier == Tier::Rookie).count() + 1
            );
            w.fighters.push(f);
        }
    });
    super::editor::renumber(w);
}

/// What the editor's buttons ask for.
enum Asked {
    Save,
    SaveAs,
    Delete,
    Close,
}

/// The editor of `w`; what its buttons ask for.
fn editor(ui: &mut egui::Ui, w: &mut Warband, saved: bool) -> Option<Asked> {
    let mut asked = None;
    ui.horizontal(|ui| {
        ui.label("Warband");
        ui.add(egui::TextEdit::singleline(&mut w.name).desired_width(260.0));
    });
    ui.weak("1 Boss (d10), Specialists (d8), and 2 Rookies (d6) for each Specialist. Each fighter one stat, from 1 to his die's highest face.");
    ui.separator();
    egui::ScrollArea::vertical()
        .max_height(ui.available_height() - 150.0)
        .show(ui, |ui| fighter_rows(ui, w));
    add_fighters(ui, w);
    ui.separator();
    let mut problems = check(w, WarbandKind::Standard);
    if w.name.trim().is_empty() {
        problems.push("the warband needs a name".into());
    }
    for (k, f) in w.fighters.iter().enumerate() {
        if f.name.trim().is_empty() {
            problems.push(format!("fighter {} needs a name", k + 1));
        }
    }
    if problems.is_empty() {
        ui.colored_label(
            egui::Color32::LIGHT_GREEN,
            "A legal warband: it keeps every limit of the text.",
        );
    }
    for p in &problems {
        ui.colored_label(egui::Color32::from_rgb(255, 120, 110), p);
    }
    let fits = |k| check(w, k).is_empty();
    ui.weak(format!(
        "Action scenarios (1 Boss, 2 Specialists, 2 Rookies): {}. Solitaire (1 Boss, 3 Specialists, 6 Rookies): {}.",
        if fits(WarbandKind::Action) { "fits" } else { "does not fit" },
        if fits(WarbandKind::Solitaire) { "fits" } else { "does not fit" }
    ));
    ui.horizontal(|ui| {
        let mend = "Mend the problems above first: a warband that breaks the text's limits is not saved";
        if ui
            .add_enabled(problems.is_empty(), egui::Button::new("Save"))
            .on_disabled_hover_text(mend)
            .on_hover_text("Save it in your warbands folder, offered at the muster of every game (renamed, as a new file: the old one is kept)")
            .clicked()
        {
            asked = Some(Asked::Save);
        }
        if ui
            .add_enabled(problems.is_empty(), egui::Button::new("Save as…"))
            .on_disabled_hover_text(mend)
            .on_hover_text("Save a copy under another name, as a new file")
            .clicked()
        {
            asked = Some(Asked::SaveAs);
        }
        if saved && ui.button("Delete").clicked() {
            asked = Some(Asked::Delete);
        }
        if ui.button("Close").clicked() {
            asked = Some(Asked::Close);
        }
    });
    asked
}

fn screen(
    mut ctx: EguiContexts,
    mut b: ResMut<Builder>,
    mut open: ResMut<crate::ui::RosterScreen>,
) -> Result {
    let ctx = ctx.ctx_mut()?;
    let b = &mut *b;
    let list = b.list.get_or_insert_with(roster::list).clone();
    let mut root = crate::ui::root_ui(ctx);
    let mut pick: Option<(Warband, Option<(PathBuf, String)>)> = None;
    let mut forget = false;
    egui::CentralPanel::default().show(&mut root, |ui| {
        ui.horizontal(|ui| {
            ui.heading("1 Stat Skirmish warbands");
            if ui.button("Back to the title").clicked() {
                open.0 = None;
            }
        });
        if let Some(dir) = roster::folder() {
            ui.weak(format!(
                "Kept in {} (share them as files; holotable check reads them)",
                dir.display()
            ));
        }
        ui.separator();
        egui::Panel::left("warband-list")
            .exact_size(340.0)
            .show(ui, |ui| {
                if ui.button("New warband").clicked() {
                    pick = Some((new_warband(), None));
                }
                ui.add_space(6.0);
                for origin in ["yours", "starting"] {
                    ui.label(
                        egui::RichText::new(if origin == "yours" {
                            "Your warbands"
                        } else {
                            "Starting warbands (a copy is edited)"
                        })
                        .strong(),
                    );
                    let mut any = false;
                    for l in list.iter().filter(|l| l.origin == origin) {
                        any = true;
                        match &l.warband {
                            Ok(w) => {
                                if ui
                                    .button(format!("{} ({} fighters)", w.name, w.fighters.len()))
                                    .clicked()
                                {
                                    let file = (origin == "yours")
                                        .then(|| l.path.clone())
                                        .flatten()
                                        .map(|p| (p, w.name.clone()));
                                    pick = Some((w.clone(), file));
                                }
                            }
                            Err(e) => {
                                ui.colored_label(egui::Color32::from_rgb(255, 120, 110), e);
                            }
                        }
                    }
                    if !any {
                        ui.weak("none yet");
                    }
                    ui.add_space(6.0);
                }
                if let Some(m) = &b.message {
                    match m {
                        Ok(t) => ui.colored_label(egui::Color32::LIGHT_GREEN, t),
                        Err(t) => ui.colored_label(egui::Color32::from_rgb(255, 120, 110), t),
                    };
                }
            });
        egui::CentralPanel::default().show(ui, |ui| {
            let Some((w, path)) = &mut b.editing else {
                ui.weak("Pick a warband to edit, or make a new one.");
                return;
            };
            // Some(own): a save, with the file it may write over unasked.
            let mut saving = None;
            match editor(ui, w, path.is_some()) {
                Some(Asked::Save) => saving = Some(path.clone()),
                Some(Asked::SaveAs) => b.copy_name = Some(w.name.clone()),
                Some(Asked::Delete) => b.deleting = true,
                Some(Asked::Close) => forget = true,
                None => {}
            }
            if let Some(name) = &mut b.copy_name {
                let (mut copy, mut cancel) = (false, false);
                ui.horizontal(|ui| {
                    ui.label("Save a copy as");
                    ui.add(egui::TextEdit::singleline(name).desired_width(220.0));
                    copy = ui
                        .add_enabled(!name.trim().is_empty(), egui::Button::new("Save the copy"))
                        .clicked();
                    cancel = ui.button("Cancel").clicked();
                });
                if copy {
                    w.name = std::mem::take(name);
                    // A copy has no file of its own yet: none is written over unasked.
                    saving = Some(None);
                }
                if copy || cancel {
                    b.copy_name = None;
                }
            }
            if let Some(own) = saving {
                b.replacing = None;
                let Some(dir) = roster::folder() else {
                    b.message = Some(Err("no data folder on this system to save in".into()));
                    return;
                };
                let own = own.as_ref().map(|(p, n)| (p.as_path(), n.as_str()));
                match target(&dir, own, &w.name, Path::exists) {
                    Target::Write(to) => {
                        b.message = Some(write(w, path, to));
                        b.list = None;
                    }
                    Target::Taken { path: taken, free } => {
                        b.replacing = Some((w.name.clone(), taken, free));
                    }
                }
            }
            // A question about another name than the warband's now is moot.
            if b.replacing
                .as_ref()
                .is_some_and(|(name, ..)| *name != w.name)
            {
                b.replacing = None;
            }
            if let Some((_, taken, free)) = &b.replacing {
                let mut to = None;
                let mut back = false;
                ui.horizontal_wrapped(|ui| {
                    ui.label(format!("{} is there already. Replace it?", taken.display()));
                    if ui.button("Replace it").clicked() {
                        to = Some(taken.clone());
                    }
                    let other = free.file_name().unwrap_or_default().to_string_lossy();
                    if ui
                        .button(format!("Save as {other}"))
                        .on_hover_text("Keep both: this one in a file of its own")
                        .clicked()
                    {
                        to = Some(free.clone());
                    }
                    back = ui.button("Go back").clicked();
                });
                if to.is_some() || back {
                    b.replacing = None;
                }
                if let Some(to) = to {
                    b.message = Some(write(w, path, to));
                    b.list = None;
                }
            }
            if b.deleting {
                let (deleting, message, list) = (&mut b.deleting, &mut b.message, &mut b.list);
                ui.horizontal(|ui| {
                    ui.label(format!("Delete {} for good?", w.name));
                    if ui.button("Yes, delete").clicked() {
                        if let Some((p, _)) = path.take() {
                            *message = Some(match std::fs::remove_file(&p) {
                                Ok(()) => Ok(format!("Deleted {}", p.display())),
                                Err(e) => Err(format!("{}: cannot delete: {e}", p.display())),
                            });
                        }
                        *deleting = false;
                        *list = None;
                        forget = true;
                    }
                    if ui.button("Keep it").clicked() {
                        *deleting = false;
                    }
                });
            }
        });
    });
    if forget {
        b.editing = None;
        b.copy_name = None;
        b.replacing = None;
    }
    if let Some(p) = pick {
        b.editing = Some(p);
        b.deleting = false;
        b.message = None;
        b.copy_name = None;
        b.replacing = None;
    }
    Ok(())
}

/// The list is read again each time the screen opens.
fn opened(mut b: ResMut<Builder>) {
    *b = Builder::default();
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Builder>()
        .add_systems(
            Update,
            opened.run_if(
                resource_changed::<crate::ui::RosterScreen>.and_then(crate::ui::roster_screen(ID)),
            ),
        )
        .add_systems(
            EguiPrimaryContextPass,
            screen.run_if(crate::ui::roster_screen(ID)),
        );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_warband_is_legal_and_ids_come_from_names() {
        let mut w = new_warband();
        assert!(check(&w, WarbandKind::Standard).is_empty());
        w.fighters[2].name = "Rookie".into();
        w.fighters[3].name = "Rookie".into();
        super::super::editor::renumber(&mut w);
        assert_eq!(
            w.fighters.iter().map(|f| f.id.as_str()).collect::<Vec<_>>(),
            ["the_boss", "specialist_1", "rookie", "rookie_2"]
        );
    }

    #[test]
    fn a_renamed_warband_goes_to_a_new_file_and_none_is_written_over_unasked() {
        let dir = Path::new("/data/warbands");
        let taken = [
            "rogue_squadron.ron",
            "my_band.ron",
            "hutt_enforcers.ron",
            "hutt_enforcers_2.ron",
        ];
        let exists = |p: &Path| taken.iter().any(|f| dir.join(f) == p);
        let rogue = dir.join("rogue_squadron.ron");
        let own = Some((rogue.as_path(), "Rogue Squadron"));
        // Saved again under its name, or a name leading to the same file: its own file.
        for name in ["Rogue Squadron", "Rogue squadron"] {
            assert_eq!(target(dir, own, name, exists), Target::Write(rogue.clone()));
        }
        // Renamed: a new file after the new name, the old one kept.
        assert_eq!(
            target(dir, own, "Red Squadron", exists),
            Target::Write(dir.join("red_squadron.ron"))
        );
        // Renamed as another warband's file: asked, with the first numbered name free.
        let asked = Target::Taken {
            path: dir.join("hutt_enforcers.ron"),
            free: dir.join("hutt_enforcers_3.ron"),
        };
        assert_eq!(target(dir, own, "Hutt Enforcers", exists), asked);
        // A new warband or a copy never writes over a file unasked, its namesake's included.
        assert_eq!(target(dir, None, "Hutt Enforcers", exists), asked);
        assert!(matches!(
            target(dir, None, "Rogue Squadron", exists),
            Target::Taken { .. }
        ));
        // A file the player named stays his while the warband keeps its name.
        let mine = dir.join("my_band.ron");
        assert_eq!(
            target(
                dir,
                Some((&mine, "Rogue Squadron")),
                "Rogue Squadron",
                exists
            ),
            Target::Write(mine)
        );
    }

    #[test]
    fn saving_a_renamed_warband_keeps_the_old_file() {
        let dir = std::env::temp_dir().join(format!("holotable-builder-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut w = new_warband();
        w.name = "Rogue Squadron".into();
        let mut file = None;
        let first = target(&dir, None, &w.name, Path::exists);
        let Target::Write(to) = first else {
            panic!("{first:?}")
        };
        write(&w, &mut file, to).unwrap_or_else(|e| panic!("{e}"));
        w.name = "Red Squadron".into();
        let own = file.clone();
        let own = own.as_ref().map(|(p, n)| (p.as_path(), n.as_str()));
        let renamed = target(&dir, own, &w.name, Path::exists);
        let Target::Write(to) = renamed else {
            panic!("{renamed:?}")
        };
        let said = write(&w, &mut file, to).unwrap_or_else(|e| panic!("{e}"));
        assert!(said.contains("rogue_squadron.ron is kept"), "{said}");
        let read =
            |f: &str| roster::parse(&std::fs::read_to_string(dir.join(f)).unwrap_or_default(), f);
        assert_eq!(
            read("rogue_squadron.ron").map(|w| w.name),
            Ok("Rogue Squadron".into())
        );
        assert_eq!(
            read("red_squadron.ron").map(|w| w.name),
            Ok("Red Squadron".into())
        );
        assert_eq!(
            file,
            Some((dir.join("red_squadron.ron"), "Red Squadron".into()))
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
