//! tyneside-skirmish.txt, "Shooting method example", through the whole game: the bundled
//! scenario laid out as the text describes, the command script, forced dice.

use crate::common::*;
use holotable::engine::pipeline::parse_script;
use holotable::rulesets::tyneside::components::Status;

const DICE: [u8; 16] = [8, 7, 6, 4, 1, 8, 5, 1, 7, 7, 7, 7, 7, 7, 8, 8];

#[test]
fn shooting_method_example_row_for_row() {
    let mut s = session("shooting_example", &DICE);
    let script = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/scripts/shooting_example.ron"
    ))
    .unwrap();
    let cmds = parse_script(&script, "shooting_example.ron").unwrap();
    for c in cmds {
        ok(&mut s, c);
    }
    let ev = events(&mut s);
    // (1) Both Imperial groups see Rebels (X): 9 + 12 against X's 10 — the Worse row.
    assert!(ev.contains("Rebels (X): 10.0 against 21.0 — Worse"), "{ev}");
    // (3) Obi-Wan: 9 DP against the 9 FP of Stormtroopers A — Equal.
    assert!(ev.contains("Obi-Wan: 9.0 against 9.0 — Equal"), "{ev}");
    // (4) Han: 6 FP against A's 9 — Less than.
    assert!(
        ev.contains("Han: 6.0 against 9.0 — Less than enemies total"),
        "{ev}"
    );
    // Stormtroopers A: 9 against Han and X, 16 — Less than.
    assert!(
        ev.contains("Stormtroopers (A): 9.0 against 16.0 — Less than enemies total"),
        "{ev}"
    );
    // Stormtroopers B: 12 against X's 10 — More than.
    assert!(
        ev.contains("Stormtroopers (B): 12.0 against 10.0 — More than enemies total"),
        "{ev}"
    );

    // The dice: A on Less (8 K, 7 W, 6 D); B on More (7s duck back); X on Worse (7s kill);
    // Obi-Wan wounded on an 8; Han 8 − 1 for cover = 7, wounded.
    assert_eq!(fig(&mut s, "a1").status, Status::Killed);
    assert_eq!(fig(&mut s, "a2").wounds, 1);
    assert!(fig(&mut s, "a3").ducked_back);
    assert!(fig(&mut s, "b3").ducked_back && fig(&mut s, "b6").ducked_back);
    assert!(!fig(&mut s, "b1").ducked_back);
    for x in ["x1", "x2", "x3", "x4", "x5"] {
        assert_eq!(fig(&mut s, x).status, Status::Killed, "{x}");
    }
    assert_eq!(fig(&mut s, "obiwan").wounds, 1);
    assert_eq!(fig(&mut s, "hansolo").wounds, 1);
    // Morale: both of A's survivors are wounded or ducked back, but only "a group containing
    // a players character" tests morale, and A has no hero: it stands.
    assert!(!ev.contains("Morale: Stormtroopers (A)"), "{ev}");
    assert_eq!(fig(&mut s, "a2").position, (12.0, 7.0));
    let st = s.state();
    assert_eq!(st.dice.len(), 16);
    assert_eq!(
        s.phase(),
        "Orders",
        "turn 2 begins once B's fire ends the phase"
    );
    assert_eq!(st.turn, 2);
}
