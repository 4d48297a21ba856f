//! The save reader: any text, read and replayed with every check, as `holotable replay
//! --check` and the window's Open read a saved game.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| holotable_fuzz::save(data));
