//! `pbrain-tengen watch`: Tengen against Tengen under every rule, checked by
//! replaying the SGF it writes; and fake engines (small shell scripts) that
//! crash, time out or play illegal moves, each losing for the right reason.

mod cli_support;

use cli_support::{Proc, EXE};
use std::path::PathBuf;
use std::time::Duration;
use tengen::cli::sgf::{self, ParsedGame};
use tengen::{Color, Game, GameResult, Rule};

/// A whole game at 100 ms a move, with room for a loaded machine.
const GAME: Duration = Duration::from_secs(120);
/// A game that a fake engine loses within a move or two.
const SHORT: Duration = Duration::from_secs(30);

fn tmp(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name)
}

/// Runs `watch` to the end; returns its output and the SGF games.
fn watch(args: &[&str], sgf_name: &str, timeout: Duration) -> (String, Vec<ParsedGame>) {
    let sgf_path = tmp(sgf_name);
    let _ = std::fs::remove_file(&sgf_path);
    let sgf_arg = sgf_path.to_string_lossy().into_owned();
    let mut all = vec!["watch", "--sgf", &sgf_arg];
    all.extend_from_slice(args);
    let mut p = Proc::start(&all);
    let status = p.wait_exit(timeout);
    assert!(status.success(), "{status}: {}\n{}", p.text, p.stderr());
    let text = std::fs::read_to_string(&sgf_path).expect("SGF written");
    let games = sgf::parse(&text).unwrap_or_else(|e| panic!("bad SGF {e}: {text}"));
    (p.text.clone(), games)
}

/// Replays a record under its own SZ and RU with the referee and checks
/// that the result it states is the one the moves give.
fn check_replay(g: &ParsedGame, rule: Rule) -> Game {
    assert_eq!(g.prop("FF"), Some("4"));
    assert_eq!(g.prop("GM"), Some("4"));
    assert_eq!(g.prop("RU"), Some(rule.name()));
    let size: i32 = g.prop("SZ").and_then(|s| s.parse().ok()).expect("SZ");
    let mut game = Game::new(size, size, rule).unwrap();
    for (i, &(c, x, y)) in g.moves.iter().enumerate() {
        assert!(!game.is_over(), "move {i} after the end: {g:?}");
        assert_eq!(c, game.side_to_move(), "move {i} colour: {g:?}");
        game.play(x, y)
            .unwrap_or_else(|e| panic!("move {i} ({x},{y}) illegal: {e}; {g:?}"));
    }
    let expected = match g.prop("RE") {
        Some("B+") => Some(GameResult::Win(Color::Black)),
        Some("W+") => Some(GameResult::Win(Color::White)),
        Some("Draw") => Some(GameResult::Draw),
        other => panic!("unexpected result {other:?} between two Tengens: {g:?}"),
    };
    assert_eq!(game.result(), expected, "{g:?}");
    game
}

fn engines_self() -> Vec<&'static str> {
    vec!["--engine", "self", "--engine", EXE, "--time", "100"]
}

#[test]
fn freestyle_two_games_with_openings_and_pos_records() {
    let openings = tmp("watch-openings.txt");
    std::fs::write(
        &openings,
        // Two games play the first opening, each engine Black once.
        "# two openings\nh8i9j8\n\nl2i4l3m6j4i2f1j5\n",
    )
    .unwrap();
    let pos = tmp("watch-freestyle.pos");
    let (o, p) = (openings.to_string_lossy(), pos.to_string_lossy());
    let mut args = engines_self();
    args.extend(["--games", "2", "--openings", &o, "--pos", &p, "--quiet"]);
    let (out, games) = watch(&args, "watch-freestyle.sgf", GAME);
    assert_eq!(games.len(), 2, "{out}");
    let first: Vec<(i32, i32)> = tengen::bench::parse_pos_line("h8i9j8").unwrap();
    let pos_lines = std::fs::read_to_string(&pos).unwrap();
    let pos_lines: Vec<&str> = pos_lines.lines().collect();
    assert_eq!(pos_lines.len(), 2);
    for (i, g) in games.iter().enumerate() {
        check_replay(g, Rule::Freestyle);
        // The same opening twice, colours swapped.
        let moves: Vec<(i32, i32)> = g.moves.iter().map(|&(_, x, y)| (x, y)).collect();
        assert_eq!(moves[..first.len()], first[..]);
        assert_eq!(sgf::pos_notation(&moves), pos_lines[i]);
        let black = if i == 0 {
            "pbrain-tengen #1"
        } else {
            "pbrain-tengen #2"
        };
        assert_eq!(g.prop("PB"), Some(black));
    }
    assert!(
        out.contains("Summary: 2 games of freestyle 15x15, 100 ms a move"),
        "{out}"
    );
    // Quiet: one board per game, and one more line of letters per board.
    assert_eq!(
        out.matches("    A B C D E F G H I J K L M N O\n").count(),
        4,
        "{out}"
    );
}

#[test]
fn exactfive_game_shows_every_move() {
    let mut args = engines_self();
    args.extend(["--rule", "exactfive"]);
    let (out, games) = watch(&args, "watch-exactfive.sgf", GAME);
    let game = check_replay(&games[0], Rule::ExactFive);
    let n = game.board().stone_count();
    // Every move drawn and timed.
    assert!(out.contains("1. Black (X) pbrain-tengen #1: "), "{out}");
    assert!(out.contains(&format!("{n}. ")), "{out}");
    assert_eq!(
        out.matches(" s\n").count() + out.matches(" s  | ").count(),
        n,
        "{out}"
    );
    assert!(out.contains(&format!("({n} moves)")), "{out}");
}

#[test]
fn renju_game_from_an_opening() {
    let openings = tmp("watch-renju-openings.txt");
    std::fs::write(&openings, "j7n9n11k8\n").unwrap();
    let o = openings.to_string_lossy();
    let mut args = engines_self();
    args.extend(["--rule", "renju", "--openings", &o, "--quiet"]);
    let (out, games) = watch(&args, "watch-renju.sgf", GAME);
    check_replay(&games[0], Rule::Renju);
    assert!(out.contains("opening j7n9n11k8 (4 stones)"), "{out}");
}

#[test]
fn caro_game() {
    let mut args = engines_self();
    args.extend(["--rule", "caro", "--quiet"]);
    let (out, games) = watch(&args, "watch-caro.sgf", GAME);
    check_replay(&games[0], Rule::Caro);
    assert!(out.contains("Summary: 1 game of caro 15x15"), "{out}");
}

/// A fake engine: answers `START` with `start`, obeys `END`, and does
/// `action` whenever it is asked for a move.
#[cfg(unix)]
fn fake(name: &str, start: &str, action: &str) -> String {
    let path = tmp(&format!("{name}.sh"));
    let script = format!(
        "while read -r line; do\n  case \"$line\" in\n    START*) {start} ;;\n    \
         END*) exit 0 ;;\n    BEGIN*|TURN*|DONE*) {action} ;;\n  esac\ndone\n"
    );
    std::fs::write(&path, script).unwrap();
    format!("sh {}", path.to_string_lossy())
}

/// Tengen (Black) against a fake (White); the fake must lose with `re`
/// and `why` in the record and the output.
#[cfg(unix)]
fn fake_loses(name: &str, start: &str, action: &str, re: &str, why: &str) {
    let fake = fake(name, start, action);
    let args = [
        "--engine", "self", "--engine", &fake, "--time", "100", "--size", "9",
    ];
    let (out, games) = watch(&args, &format!("{name}.sgf"), SHORT);
    let g = &games[0];
    assert_eq!(g.prop("PW"), Some(format!("{name}.sh").as_str()));
    assert_eq!(g.prop("RE"), Some(re), "{out}");
    let comment = g.prop("C").unwrap_or("");
    assert!(comment.contains(why), "{comment}");
    assert!(out.contains(why), "{out}");
    assert!(
        out.contains(&format!("  {name}.sh: 0 wins, 1 loss")),
        "{out}"
    );
    assert!(
        out.contains("  pbrain-tengen: 1 win, 0 losses, 0 draws"),
        "{out}"
    );
}

#[cfg(unix)]
#[test]
fn an_engine_that_plays_an_occupied_point_loses() {
    fake_loses(
        "fake-occupied",
        "echo OK",
        "echo 'MESSAGE thinking hard'; echo 4,4",
        "B+F",
        "(4,4), an occupied point",
    );
}

#[cfg(unix)]
#[test]
fn an_engine_that_crashes_loses() {
    fake_loses(
        "fake-crash",
        "echo OK",
        "exit 3",
        "B+F",
        "crashed (exited, exit status: 3)",
    );
}

#[cfg(unix)]
#[test]
fn an_engine_that_does_not_answer_loses_on_time() {
    fake_loses(
        "fake-timeout",
        "echo OK",
        ":",
        "B+T",
        "did not answer within 1",
    );
}

#[cfg(unix)]
#[test]
fn unreadable_and_off_board_replies_lose() {
    fake_loses(
        "fake-garbage",
        "echo OK",
        "echo 'DEBUG fine'; echo hello",
        "B+F",
        "answered \"hello\", which is not a move",
    );
    fake_loses(
        "fake-offboard",
        "echo OK",
        "echo 9,3",
        "B+F",
        "played 9,3, off the board",
    );
    fake_loses(
        "fake-nostart",
        "echo 'ERROR no such size'",
        "echo 1,1",
        "B+F",
        "failed to start (answered \"ERROR no such size\" to START)",
    );
}

#[cfg(unix)]
#[test]
fn a_renju_foul_by_black_loses() {
    // Black f8 g8 h6 h7, white in the corners: h8 is a double three, and
    // the fake (Black, first engine) plays it.
    let openings = tmp("watch-foul-openings.txt");
    std::fs::write(&openings, "f8a1g8o1h6a15h7o15\n").unwrap();
    let o = openings.to_string_lossy();
    let fake = fake("fake-foul", "echo OK", "echo 7,7");
    let args = [
        "--engine",
        &fake,
        "--engine",
        "self",
        "--rule",
        "renju",
        "--time",
        "100",
        "--openings",
        &o,
    ];
    let (out, games) = watch(&args, "fake-foul.sgf", SHORT);
    let g = &games[0];
    assert_eq!(g.prop("RE"), Some("W+F"), "{out}");
    assert_eq!(g.moves.len(), 8);
    assert!(
        out.contains("Black (X) fake-foul.sh played H8 (7,7), a forbidden point for Black (foul)"),
        "{out}"
    );
    assert!(
        out.contains("fake-foul.sh: 0 wins, 1 loss (foul: 1), 0 draws"),
        "{out}"
    );
}

#[test]
fn a_missing_program_or_bad_options_stop_the_match() {
    let mut p = Proc::start(&[
        "watch",
        "--engine",
        "self",
        "--engine",
        "/nonexistent/pbrain-nothing",
    ]);
    assert_eq!(p.wait_exit(SHORT).code(), Some(1));
    let err = p.stderr_within(SHORT);
    assert!(
        err.contains("cannot start engine \"/nonexistent/pbrain-nothing\""),
        "{err}"
    );

    let mut p = Proc::start(&["watch", "--engine", "self"]);
    assert_eq!(p.wait_exit(SHORT).code(), Some(2));
    assert!(p.stderr_within(SHORT).contains("exactly two --engine"));
}
