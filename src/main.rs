//! `pbrain-tengen`: with no arguments, a Gomocup protocol engine on
//! stdin/stdout; other front ends are subcommands.

use std::process::ExitCode;

const USAGE: &str = "usage: pbrain-tengen [COMMAND]

With no command, speaks the Gomocup (Piskvork) protocol on stdin/stdout
(see protocol.md). Commands:
  help       this text
  version    print the version";

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        None => tengen::protocol::run_stdio(),
        Some("help" | "-h" | "--help") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some("version" | "-V" | "--version") => {
            println!("pbrain-tengen {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        Some(other) => {
            eprintln!("pbrain-tengen: unknown command {other:?}\n\n{USAGE}");
            ExitCode::from(2)
        }
    }
}
