//! What every rule set's computer-played side shares: which sides `--ai` names, and the
//! window's pacing of its steps so a person can follow them.

use bevy::prelude::*;

use super::ruleset::RuleSet;

/// The side indices `wanted` names among the scenario's side `ids` (`all`: every side), in
/// the order named.
///
/// Errors: an id the scenario does not have, with the known ids listed.
pub fn resolve_sides(ids: &[&str], wanted: &[String]) -> Result<Vec<usize>, String> {
    let mut chosen = Vec::new();
    for want in wanted {
        if want == "all" {
            chosen.extend(0..ids.len());
        } else {
            let i = ids.iter().position(|id| id == want).ok_or_else(|| {
                format!(
                    "--ai {want}: no side of that id (sides: {}, or all)",
                    ids.join(", ")
                )
            })?;
            chosen.push(i);
        }
    }
    Ok(chosen)
}

/// How long the window waits between two steps of a computer-played side, seconds.
pub const STEP_PAUSE: f32 = 0.6;

/// In the window: when a side the computer plays is to act, one step of
/// [`RuleSet::ai_step`] every [`STEP_PAUSE`], told under the phase bar as `who: what it did`;
/// a step that cannot go on is shown as the refusal it is. Runs while rule set `R`'s game is
/// on and the replay viewer is closed.
pub fn drive_plugin<R: RuleSet>(app: &mut App, who: &'static str) {
    let drive = move |world: &mut World, mut wait: Local<f32>| {
        let dt = world.resource::<Time>().delta_secs();
        *wait -= dt;
        if *wait > 0.0 {
            return;
        }
        if let Some(step) = R::ai_step(world) {
            *wait = STEP_PAUSE;
            let mut notice = world.resource_mut::<super::pipeline::Notice>();
            match step {
                Ok(what) => notice.info = Some(format!("{who}: {what}")),
                Err(why) => notice.refusal = Some(why),
            }
        }
    };
    app.add_systems(
        Update,
        drive
            .run_if(super::state::playing(R::ID))
            .run_if(super::replay_view::not_viewing)
            .after(super::pipeline::CommandPipeline),
    );
}

#[cfg(test)]
mod tests {
    use super::resolve_sides;

    #[test]
    fn sides_by_id_or_all_and_an_unknown_id_lists_the_known_ones() {
        let ids = ["rebels", "empire"];
        assert_eq!(resolve_sides(&ids, &["empire".into()]), Ok(vec![1]));
        assert_eq!(resolve_sides(&ids, &["all".into()]), Ok(vec![0, 1]));
        assert_eq!(
            resolve_sides(&ids, &["sith".into()]),
            Err("--ai sith: no side of that id (sides: rebels, empire, or all)".into())
        );
    }
}
