//! The `holotable` binary: parse the command line and hand over, with every rule set.

/// mimalloc: the balance report's games allocate small vectors and strings by the million;
/// it plays them about a fifth faster than the system allocator (docs/performance.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    lean_server();
    holotable::cli::main(holotable::rulesets::registry())
}

/// A club server holds a thousand games from thousands of threads for days: its memory is
/// committed as it is used and handed back as soon as it is freed, so a game let go costs
/// nothing. With mimalloc's defaults a live game held 10 MB of the server's memory instead of
/// 2.8, and one let go 2.6 MB instead of 0.3 (docs/performance.md, "The club server").
/// mimalloc reads its options from the environment before `main`, so `holotable serve` starts
/// itself again with them set (the same process: `exec`) unless `MIMALLOC_ARENA_EAGER_COMMIT`
/// is set already (the operator's own choice); where that fails it carries on with the
/// defaults.
fn lean_server() {
    #[cfg(unix)]
    if std::env::args_os().nth(1).is_some_and(|a| a == "serve")
        && std::env::var_os("MIMALLOC_ARENA_EAGER_COMMIT").is_none()
        && let Ok(exe) = std::env::current_exe()
    {
        use std::os::unix::process::CommandExt;
        let mut again = std::process::Command::new(exe);
        again
            .args(std::env::args_os().skip(1))
            .env("MIMALLOC_ARENA_EAGER_COMMIT", "0");
        if std::env::var_os("MIMALLOC_PURGE_DELAY").is_none() {
            again.env("MIMALLOC_PURGE_DELAY", "0");
        }
        let failed = again.exec();
        eprintln!("holotable serve: carrying on with the allocator's defaults ({failed})");
    }
}
