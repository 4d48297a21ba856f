//! `holotable run`'s printout of a Tyneside game: figures, dice log, event log.

use super::snapshot::GameState;

/// The final state as text: figures, dice log, event log.
pub fn render_state(state: &GameState) -> String {
    use std::fmt::Write;
    let mut o = String::new();
    let _ = writeln!(o, "Turn {} — {}", state.turn, phase_title(&state.phase));
    if let Some(r) = &state.result {
        let _ = writeln!(o, "Result: {}", r.reason);
    }
    let _ = writeln!(o, "\nFigures:");
    let _ = writeln!(
        o,
        "  {:<12} {:<10} {:>14} {:>6} {:<9} {:>3}  notes",
        "id", "group", "position", "wounds", "status", "FP"
    );
    for f in &state.figures {
        let mut notes = Vec::new();
        if f.ducked_back {
            notes.push("ducked back");
        }
        if f.knocked_out {
            notes.push("knocked out");
        }
        if f.hidden {
            notes.push("hidden");
        }
        let _ = writeln!(
            o,
            "  {:<12} {:<10} {:>14} {:>6} {:<9} {:>3}  {}",
            f.id,
            f.group,
            format!("({:.2}, {:.2})", f.position.0, f.position.1),
            f.wounds,
            format!("{:?}", f.status),
            f.force_points,
            notes.join(", ")
        );
    }
    let _ = writeln!(o, "\nDice:");
    for d in &state.dice {
        let _ = writeln!(
            o,
            "  {:<5} {:?} = {:<3} {} -> {}",
            d.expr, d.faces, d.total, d.reason, d.outcome
        );
    }
    let _ = writeln!(o, "\nEvents:");
    for e in &state.events {
        let _ = writeln!(o, "  {e}");
    }
    o
}

/// The phase as the rule text names it.
fn phase_title(name: &str) -> &str {
    match name {
        "Action" => "Shoot/Act",
        "EndOfTurn" => "End of turn",
        "GameOver" => "Game over",
        other => other,
    }
}
