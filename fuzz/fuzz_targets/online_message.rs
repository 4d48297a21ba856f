//! The online message decoder: any bytes, decoded as a guest's message arrives at the host
//! (postcard, as bevy_replicon decodes it), checked for size and handed to a hosted game.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| holotable_fuzz::online_message(data));
