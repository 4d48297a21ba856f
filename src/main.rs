//! The `holotable` binary: parse the command line and hand over, with every rule set.

fn main() -> std::process::ExitCode {
    holotable::cli::main(holotable::rulesets::registry())
}
