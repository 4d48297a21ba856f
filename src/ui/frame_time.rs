//! The frame rate, to measure: F3 shows frames per second and the frame time over the table,
//! and `holotable play … --frame-log FILE` writes them once a second, so the frame rate can
//! be measured under Xvfb (docs/performance.md).

use std::io::Write;
use std::path::{Path, PathBuf};

use bevy::diagnostic::{DiagnosticsStore, FrameTimeDiagnosticsPlugin};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// Whether the F3 readout is shown.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FrameReadout(pub bool);

/// Where `--frame-log` writes: one line a second, `seconds fps frame_ms`.
#[derive(Resource)]
pub struct FrameLog {
    file: std::io::BufWriter<std::fs::File>,
    path: PathBuf,
    next: f64,
}

impl FrameLog {
    /// Creates (or empties) `path` and writes its header line.
    ///
    /// Errors: the file cannot be created or written (the path named).
    pub fn create(path: &Path) -> Result<Self, String> {
        let fail =
            |e: std::io::Error| format!("{}: cannot write the frame log: {e}", path.display());
        let mut file = std::io::BufWriter::new(std::fs::File::create(path).map_err(fail)?);
        writeln!(file, "# seconds fps frame_ms").map_err(fail)?;
        file.flush().map_err(fail)?;
        Ok(Self {
            file,
            path: path.to_path_buf(),
            next: 1.0,
        })
    }
}

/// Frames per second and the frame time in milliseconds, smoothed by Bevy's diagnostics.
fn rates(store: &DiagnosticsStore) -> Option<(f64, f64)> {
    let fps = store.get(&FrameTimeDiagnosticsPlugin::FPS)?.smoothed()?;
    let ms = store
        .get(&FrameTimeDiagnosticsPlugin::FRAME_TIME)?
        .smoothed()?;
    Some((fps, ms))
}

fn toggle(keys: Res<ButtonInput<KeyCode>>, mut shown: ResMut<FrameReadout>) {
    if keys.just_pressed(KeyCode::F3) {
        shown.0 = !shown.0;
    }
}

fn readout(
    mut ctx: EguiContexts,
    shown: Res<FrameReadout>,
    store: Res<DiagnosticsStore>,
) -> Result {
    if !shown.0 {
        return Ok(());
    }
    let ctx = ctx.ctx_mut()?;
    let text = match rates(&store) {
        Some((fps, ms)) => format!("{fps:.1} fps · {ms:.2} ms a frame (F3)"),
        None => "measuring… (F3)".to_string(),
    };
    egui::Area::new("frame-time".into())
        .anchor(egui::Align2::RIGHT_BOTTOM, [-8.0, -8.0])
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| ui.monospace(text));
        });
    Ok(())
}

fn write_log(time: Res<Time<Real>>, store: Res<DiagnosticsStore>, log: Option<ResMut<FrameLog>>) {
    let Some(mut log) = log else { return };
    let now = time.elapsed_secs_f64();
    if now < log.next {
        return;
    }
    log.next = now.floor() + 1.0;
    let Some((fps, ms)) = rates(&store) else {
        return;
    };
    let line = format!("{:.0} {fps:.1} {ms:.2}\n", now.floor());
    if let Err(e) = log
        .file
        .write_all(line.as_bytes())
        .and_then(|()| log.file.flush())
    {
        warn!("{}: the frame log stopped: {e}", log.path.display());
    }
}

pub(super) fn plugin(app: &mut App) {
    if !app.is_plugin_added::<FrameTimeDiagnosticsPlugin>() {
        app.add_plugins(FrameTimeDiagnosticsPlugin::default());
    }
    app.init_resource::<FrameReadout>()
        .add_systems(Update, (toggle, write_log))
        .add_systems(EguiPrimaryContextPass, readout);
}
