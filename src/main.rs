use std::process::ExitCode;

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("bench") => {
            let depth = match args.get(1).map(|s| s.parse::<i32>()) {
                None => tengen::bench::DEFAULT_DEPTH,
                Some(Ok(d)) if (1..=60).contains(&d) => d,
                Some(_) => {
                    eprintln!("usage: pbrain-tengen bench [depth 1..60]");
                    return ExitCode::FAILURE;
                }
            };
            match tengen::bench::run(depth, std::io::stdout()) {
                Ok(_) => ExitCode::SUCCESS,
                Err(_) => ExitCode::FAILURE,
            }
        }
        _ => ExitCode::SUCCESS,
    }
}
