//! A finished club game's export taken apart as a club server keeps a game, once it has
//! verified ([`import`]): what a server needs to keep a game brought from another.
//! docs/club-server.md.

/// A finished club game's export in the parts a club server keeps a game in.
#[derive(Clone, Debug)]
pub struct ClubGame {
    /// The record as it began (RON, no commands, no proof).
    pub set_up: String,
    /// Each command as recorded (RON, with its dice and state hash).
    pub recorded: Vec<String>,
    /// The proof it carries: seats, parts, signatures, the number its signatures name.
    pub proof: super::club_proof::ClubProof,
    /// The scenario's file name as the record names it.
    pub scenario_file: String,
    /// The scenario's RON text.
    pub scenario_src: String,
}

/// Reads a club game's export (`text`, a save; `path` names it in messages) and verifies it as
/// `holotable replay --check` does: every command replayed against its dice and state hash,
/// and its club proof (the server's part against its commitment, the seed against the parts,
/// each player's command against his signature); its parts as a club server keeps them.
///
/// Errors: the text is not a save of rule set `R`, carries no club proof, does not replay or
/// verify (the first command that diverges, or the proof's fault), or the game is not over.
pub fn import<R: crate::engine::ruleset::RuleSet>(
    text: &str,
    path: &std::path::Path,
) -> Result<ClubGame, String> {
    use crate::engine::session::{Headless, Session};
    let record = super::save::parse::<R::Command>(text, path)?;
    let proof = record.club.clone().ok_or_else(|| {
        format!(
            "{}: not a club game's export: it carries no club proof",
            path.display()
        )
    })?;
    let at = |e: String| format!("{}: {e}", path.display());
    super::club_proof::check(&record).map_err(at)?;
    let session = Session::<R>::replay(&record).map_err(|e| at(e.to_string()))?;
    if !session.over() {
        return Err(at(
            "the game is not over: a club exports a game once it is over".into(),
        ));
    }
    let recorded = record
        .commands
        .iter()
        .map(|rc| ron::to_string(rc).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let mut start = record.clone();
    start.commands.clear();
    start.club = None;
    start.camera = None;
    let set_up = ron::to_string(&start).map_err(|e| e.to_string())?;
    Ok(ClubGame {
        set_up,
        recorded,
        proof,
        scenario_file: record.scenario_file,
        scenario_src: record.scenario_src,
    })
}
