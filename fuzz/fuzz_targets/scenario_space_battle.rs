//! The space_battle scenario reader: any text, read and checked as the app reads a scenario file,
//! and a scenario that passes started and played a few steps by the rules.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| holotable_fuzz::scenario("space_battle", data));
