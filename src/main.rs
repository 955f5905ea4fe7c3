use std::process::ExitCode;

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("bench") => {
            if args.get(1).map(String::as_str) == Some("board") {
                return match tengen::bench::run_board(std::io::stdout()) {
                    Ok(_) => ExitCode::SUCCESS,
                    Err(_) => ExitCode::FAILURE,
                };
            }
            let limit = match (args.get(1).map(String::as_str), args.get(2)) {
                (None, _) => tengen::bench::Limit::Depth(tengen::bench::DEFAULT_DEPTH),
                (Some("--time"), Some(ms)) => match ms.parse::<u64>() {
                    Ok(ms) if ms > 0 => tengen::bench::Limit::TimeMs(ms),
                    _ => return bench_usage(),
                },
                (Some(d), None) => match d.parse::<i32>() {
                    Ok(d) if (1..=60).contains(&d) => tengen::bench::Limit::Depth(d),
                    _ => return bench_usage(),
                },
                _ => return bench_usage(),
            };
            match tengen::bench::run(limit, std::io::stdout()) {
                Ok(_) => ExitCode::SUCCESS,
                Err(_) => ExitCode::FAILURE,
            }
        }
        _ => ExitCode::SUCCESS,
    }
}

fn bench_usage() -> ExitCode {
    eprintln!("usage: pbrain-tengen bench [DEPTH | --time MS | board]");
    ExitCode::FAILURE
}
