//! The window test: `holotable screenshot` under Xvfb writes a PNG that is not blank.
//! Needs xvfb-run and a Vulkan driver (Debian: xvfb, mesa-vulkan-drivers; .ci/run installs them).

use std::process::Command;

#[test]
fn screenshot_of_the_opening_position_is_not_blank() {
    shot("shooting_example");
}

#[test]
fn screenshot_of_a_hex_battlefield_is_not_blank() {
    shot("capture_the_village");
}

fn shot(scenario: &str) {
    let out = std::env::temp_dir().join(format!(
        "holotable-shot-{scenario}-{}.png",
        std::process::id()
    ));
    // A private runtime dir, as a desktop session would have (winit asks for one).
    let runtime =
        std::env::temp_dir().join(format!("holotable-xdg-{scenario}-{}", std::process::id()));
    std::fs::create_dir_all(&runtime).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&runtime, std::fs::Permissions::from_mode(0o700)).unwrap();
    }
    let status = Command::new("xvfb-run")
        .env("XDG_RUNTIME_DIR", &runtime)
        .args(["-a", "-s", "-screen 0 1280x720x24"])
        .arg(env!("CARGO_BIN_EXE_holotable"))
        .args(["screenshot", scenario])
        .arg(&out)
        .args(["--size", "1280x720"])
        .status()
        .expect("xvfb-run is installed (apt-get install xvfb mesa-vulkan-drivers)");
    assert!(status.success(), "screenshot failed: {status}");
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&out).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!((info.width, info.height), (1280, 720));
    let px = info.color_type.samples();
    let mut colours = std::collections::BTreeSet::new();
    for p in buf[..info.buffer_size()].chunks(px) {
        colours.insert((p[0] / 16, p[1] / 16, p[2] / 16));
    }
    assert!(
        colours.len() > 20,
        "only {} colours: the window looks blank",
        colours.len()
    );
    let _ = std::fs::remove_file(out);
    let _ = std::fs::remove_dir_all(runtime);
}
