//! `pbrain-tengen play` driven through a pipe: a whole game against the
//! real engine, undo, bad input, renju forbidden marks, the end of input.

mod cli_support;

use cli_support::Proc;
use std::time::Duration;
use tengen::{Color, Game, GameResult, Pos, Rule};

/// A reply that needs no search, on a loaded machine.
const QUICK: Duration = Duration::from_secs(10);
/// A whole short game.
const GAME: Duration = Duration::from_secs(60);
const PROMPT: &str = "> ";

/// The engine's move in a chunk of output: `Tengen plays H8 (7,7) ...`.
fn engine_move(text: &str) -> Option<(i32, i32)> {
    let rest = &text[text.find("Tengen plays ")?..];
    let inner = &rest[rest.find('(')? + 1..rest.find(')')?];
    let (x, y) = inner.split_once(',')?;
    Some((x.parse().ok()?, y.parse().ok()?))
}

/// The number of stones in a winning line, as the program says it.
fn count(n: usize) -> String {
    ["five", "six", "seven", "eight", "nine"]
        .get(n.wrapping_sub(5))
        .map_or(n.to_string(), |s| s.to_string())
}

#[test]
fn a_whole_game_against_tengen_ends_with_the_stated_result() {
    let size = 9;
    let mut p = Proc::start(&["play", "--size", "9", "--time", "50"]);
    let mut game = Game::new(size, size, Rule::Freestyle).unwrap();
    let intro = p.wait_for(PROMPT, QUICK);
    assert!(intro.contains("freestyle on 9x9"), "{intro}");
    assert!(intro.contains("7,7 is H8"), "{intro}");
    let mut n = 0;
    let last_chunk = loop {
        // The human plays the first free cell row by row: no defence at all.
        let p0 = game.legal_moves()[0];
        game.play(p0.x(), p0.y()).unwrap();
        let input = if n % 2 == 0 {
            p0.to_letter_number().to_lowercase()
        } else {
            format!("{},{}", p0.x(), p0.y())
        };
        n += 1;
        p.send(&input);
        let chunk = p.wait_for(PROMPT, GAME);
        if game.is_over() {
            break chunk;
        }
        let (x, y) = engine_move(&chunk).unwrap_or_else(|| panic!("no engine move in {chunk}"));
        assert!(
            chunk.contains("depth ") && chunk.contains("eval "),
            "{chunk}"
        );
        game.play(x, y).expect("the engine's move is legal");
        if game.is_over() {
            break chunk;
        }
        assert!(n < 40, "the game should be over by now:\n{}", p.text);
    };
    let last = game.board().last_move().unwrap();
    let line = game.winning_line(last).unwrap_or_default();
    let cells: Vec<String> = line.iter().map(|p| p.to_letter_number()).collect();
    match game.result() {
        Some(GameResult::Win(Color::White)) => {
            let said = format!(
                "Tengen wins as White (O): {} in a row at {}.",
                count(cells.len()),
                cells.join(" ")
            );
            assert!(last_chunk.contains(&said), "{last_chunk}");
        }
        Some(GameResult::Win(Color::Black)) => {
            assert!(last_chunk.contains("You win as Black (X)"), "{last_chunk}")
        }
        Some(GameResult::Draw) => assert!(last_chunk.contains("Draw"), "{last_chunk}"),
        None => unreachable!(),
    }
    assert!(
        last_chunk.contains('['),
        "winning line framed:\n{last_chunk}"
    );
    assert!(last_chunk.ends_with("Game over: new, undo or quit> "));
    p.send("h9");
    p.wait_for("The game is over", QUICK);
    p.send("quit");
    p.wait_for("Bye.", QUICK);
    assert!(p.wait_exit(QUICK).success());
}

#[test]
fn undo_bad_input_and_end_of_input() {
    let mut p = Proc::start(&["play", "--size", "9", "--time", "20"]);
    p.wait_for(PROMPT, QUICK);
    for (input, message) in [
        ("zz", "\"zz\" is not a move or a command"),
        ("J1", "\"J1\" is off the board: columns A-I and rows 1-9"),
        ("9,0", "\"9,0\" is off the board"),
        ("7,", "\"7,\" is not a move"),
        ("undo", "Nothing to undo"),
    ] {
        p.send(input);
        let out = p.wait_for(PROMPT, QUICK);
        assert!(out.contains(message), "{input}: {out}");
        assert!(out.ends_with("Your move as Black (X) (e.g. H8 or 7,7; help)> "));
    }
    p.send("e5");
    let out = p.wait_for(PROMPT, QUICK);
    let (x, y) = engine_move(&out).expect("engine move");
    let answer = Pos::new(x, y).to_letter_number();
    p.send("4,4");
    let out = p.wait_for(PROMPT, QUICK);
    assert!(out.contains("E5 (4,4) is already taken"), "{out}");
    p.send("undo");
    let out = p.wait_for(PROMPT, QUICK);
    assert!(out.contains(&format!("Took back E5 {answer}.")), "{out}");
    let board = &out[out.find("    A B").unwrap()..out.find("Your move").unwrap()];
    assert!(!board.contains('X') && !board.contains('O'), "{board}");
    p.send("help");
    let out = p.wait_for(PROMPT, QUICK);
    assert!(out.contains("x,y counted from 0"), "{out}");
    p.close_stdin();
    p.wait_for("End of input: bye.", QUICK);
    assert!(p.wait_exit(QUICK).success());
    assert!(!p.text.contains('\x1b'), "no colour on a pipe");
}

#[test]
fn renju_forbidden_points_are_marked_for_black() {
    // Black f8 g8 h6 h7 (white stones in the corners): h8 is a double three.
    let mut p = Proc::start(&[
        "play",
        "--rule",
        "renju",
        "--opening",
        "f8a1g8o1h6a15h7o15",
        "--time",
        "20",
    ]);
    let out = p.wait_for(PROMPT, QUICK);
    assert!(out.contains(" 8  . . . . . X X ! . . . . . . . 8"), "{out}");
    assert!(
        out.contains("15  O . . . . . . . . . . . . .[O]15"),
        "{out}"
    );
    p.send("h8");
    let out = p.wait_for(PROMPT, QUICK);
    assert!(
        out.contains("H8 (7,7) is forbidden for Black under renju"),
        "{out}"
    );
    p.send("quit");
    assert!(p.wait_exit(QUICK).success());
}

#[test]
fn engine_first_as_black_and_usage_errors() {
    let mut p = Proc::start(&["play", "--first", "engine", "--size", "7", "--time", "20"]);
    let out = p.wait_for(PROMPT, QUICK);
    assert!(out.contains("Tengen plays "), "{out}");
    assert!(out.contains("Your move as White (O)"), "{out}");
    p.send("quit");
    assert!(p.wait_exit(QUICK).success());

    let mut p = Proc::start(&["play", "--size", "4"]);
    assert_eq!(p.wait_exit(QUICK).code(), Some(2));
    let err = p.stderr_within(QUICK);
    assert!(
        err.contains("--size \"4\"") && err.contains("usage"),
        "{err}"
    );
    assert!(p.text.is_empty());
}
