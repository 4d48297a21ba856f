//! The `holotable` binary: parse the command line and hand over, with every rule set.

/// mimalloc: the balance report's games allocate small vectors and strings by the million;
/// it plays them about a fifth faster than the system allocator (docs/performance.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    holotable::cli::main(holotable::rulesets::registry())
}
