//! `pbrain-tengen`: with no arguments, a Gomocup protocol engine on
//! stdin/stdout; other front ends are subcommands.

use std::process::ExitCode;
use tengen::solve::Budget;

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
  bench --time MS    search each bench position for exactly MS milliseconds;
                     prints the deepest iteration finished
  bench ... --threads N
                     the same on N threads (Lazy SMP): time to depth and
                     nodes per second; no signature
  bench board        make/undo and renju forbidden-check speed
  solve FILE [--time MS]
                     search each won position of a suite file as a game
                     move with MS for the turn (default 1000); counts the
                     wins proven or played as the suite says (data/wins/)
  solve FILE --nodes N
                     the same with about N nodes a position and no clock:
                     the same answers on every run and machine
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
        Some("solve") => solve(&args[2..]),
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
    if args.first().map(String::as_str) == Some("board") {
        if args.len() > 1 {
            return usage_error();
        }
        return match bench::run_board(out) {
            Ok(()) => ExitCode::SUCCESS,
            Err(_) => ExitCode::FAILURE,
        };
    }
    let mut limit = Limit::Depth(bench::DEFAULT_DEPTH);
    let mut threads = 1usize;
    let mut i = 0;
    while i < args.len() {
        match (args[i].as_str(), args.get(i + 1)) {
            ("--time", Some(ms)) => match ms.parse::<u64>() {
                Ok(ms) if ms > 0 => limit = Limit::TimeMs(ms),
                _ => return usage_error(),
            },
            ("--threads", Some(n)) => match n.parse::<usize>() {
                Ok(n) if (1..=tengen::search::MAX_THREADS).contains(&n) => threads = n,
                _ => return usage_error(),
            },
            (d, _) => match d.parse::<i32>() {
                Ok(d) if (1..=60).contains(&d) => {
                    limit = Limit::Depth(d);
                    i += 1;
                    continue;
                }
                _ => return usage_error(),
            },
        }
        i += 2;
    }
    match bench::run(limit, threads, out) {
        Ok(_) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}

fn solve(args: &[String]) -> ExitCode {
    let (path, budget) = match args {
        [path] => (path, Budget::TurnMs(1000)),
        [path, flag, n] if flag == "--time" || flag == "--nodes" => match n.parse::<u64>() {
            Ok(n) if n > 0 && flag == "--time" => (path, Budget::TurnMs(n)),
            Ok(n) if n > 0 => (path, Budget::Nodes(n)),
            _ => return usage_error(),
        },
        _ => return usage_error(),
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("pbrain-tengen: cannot read {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let suite = match tengen::solve::parse_suite(&text) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("pbrain-tengen: {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    match tengen::solve::run(&suite, budget, std::io::stdout()) {
        Ok(_) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}

fn usage_error() -> ExitCode {
    eprintln!("{USAGE}");
    ExitCode::from(2)
}
