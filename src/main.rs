//! The `holotable` binary: parse the command line and hand over.

fn main() -> std::process::ExitCode {
    holotable::cli::main()
}
