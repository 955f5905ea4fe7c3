//! `pbrain-tengen`: with no arguments, a Gomocup protocol engine on
//! stdin/stdout; other front ends are subcommands.

use std::process::ExitCode;

const USAGE: &str = "usage: pbrain-tengen [COMMAND]

With no command, speaks the Gomocup (Piskvork) protocol on stdin/stdout
(see protocol.md). Commands:
  play [OPTIONS]     play a game against Tengen in the terminal
                     (--rule, --size, --first human|engine, --time MS, ...)
  watch --engine CMD --engine CMD [OPTIONS]
                     two protocol engines play each other over pipes; SGF
                     records, a result summary (`self` = Tengen itself)
  bench [DEPTH]      search the bench positions to DEPTH (default 9) on one
                     thread; prints the node-count signature
  bench --time MS    search each bench position for MS milliseconds
  bench board        make/undo and renju forbidden-check speed
  help               this text
  version            print the version

`pbrain-tengen play --help` and `pbrain-tengen watch --help` list the options.";

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        None => tengen::protocol::run_stdio(),
        Some("bench") => bench(&args[2..]),
        Some("play") => tengen::cli::play::main(&args[2..]),
        Some("watch") => tengen::cli::watch::main(&args[2..]),
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

fn bench(args: &[String]) -> ExitCode {
    use tengen::bench::{self, Limit};
    let out = std::io::stdout();
    let result = match (args.first().map(String::as_str), args.get(1)) {
        (Some("board"), None) => bench::run_board(out),
        (None, _) => bench::run(Limit::Depth(bench::DEFAULT_DEPTH), out).map(drop),
        (Some("--time"), Some(ms)) => match ms.parse::<u64>() {
            Ok(ms) if ms > 0 => bench::run(Limit::TimeMs(ms), out).map(drop),
            _ => return usage_error(),
        },
        (Some(d), None) => match d.parse::<i32>() {
            Ok(d) if (1..=60).contains(&d) => bench::run(Limit::Depth(d), out).map(drop),
            _ => return usage_error(),
        },
        _ => return usage_error(),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}

fn usage_error() -> ExitCode {
    eprintln!("{USAGE}");
    ExitCode::from(2)
}
