//! Whole games against a scripted opponent that plays random legal moves
//! (kept near the stones), under every rule, with the engine first and
//! second. Every reply must be legal — on the board, on an empty cell, not
//! forbidden for renju Black — and come within the turn time plus slack.

mod support;

use std::time::{Duration, Instant};
use support::{parse_move_on, Engine, Rng};
use tengen::{Game, Pos, Rule};

const SIZE: i32 = 15;
const TURN_MS: u64 = 300;
/// Generous: CI machines are noisy and several games run at once.
const SLACK: Duration = Duration::from_millis(1500);

/// A random legal move, near the stones when there are any.
fn opponent_move(game: &mut Game, rng: &mut Rng) -> Pos {
    let moves = game.legal_moves();
    let near: Vec<Pos> = moves
        .iter()
        .copied()
        .filter(|&p| game.board().is_near(p))
        .collect();
    let pool = if near.is_empty() { &moves } else { &near };
    pool[rng.below(pool.len())]
}

/// How the position reaches the engine each turn.
#[derive(Clone, Copy, PartialEq)]
enum Feed {
    /// TURN x,y (BEGIN for the first move).
    Turn,
    /// INFO time_left, then the whole position with BOARD, as the Gomocup
    /// judge does (in move order, which renju needs).
    Board,
}

fn play_game(code: u32, engine_first: bool, feed: Feed, seed: u64) {
    let rule = Rule::from_gomocup(code).unwrap();
    let mut game = Game::new(SIZE, SIZE, rule).unwrap();
    let mut rng = Rng::new(seed);
    let mut e = Engine::start();
    e.send(&format!("START {SIZE}"));
    e.expect("OK");
    e.send_all(&[
        &format!("INFO rule {code}"),
        &format!("INFO timeout_turn {TURN_MS}"),
        "INFO timeout_match 0",
        "INFO max_memory 367001600",
        "INFO game_type 1",
    ]);
    let own = if engine_first {
        tengen::Color::Black
    } else {
        tengen::Color::White
    };
    let mut engine_to_move = engine_first;
    let mut opponent_last: Option<Pos> = None;
    let ctx = |game: &Game| {
        format!(
            "rule {code}, engine first {engine_first}, seed {seed}\n{:?}",
            game.board()
        )
    };
    while !game.is_over() {
        if !engine_to_move {
            let p = opponent_move(&mut game, &mut rng);
            game.play(p.x(), p.y()).unwrap();
            opponent_last = Some(p);
            engine_to_move = true;
            continue;
        }
        let t = Instant::now();
        match feed {
            Feed::Turn => match opponent_last {
                None => e.send("BEGIN"),
                Some(p) => e.send(&format!("TURN {},{}", p.x(), p.y())),
            },
            Feed::Board => {
                e.send("INFO time_left 2147483647");
                let mut lines = vec!["BOARD".to_string()];
                for (p, c) in game.board().history() {
                    let f = if c == own { 1 } else { 2 };
                    lines.push(format!("{},{},{f}", p.x(), p.y()));
                }
                lines.push("DONE".into());
                let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
                e.send_all(&refs);
            }
        }
        let reply = e
            .reply_within(Duration::from_millis(TURN_MS) + SLACK)
            .unwrap_or_else(|| panic!("no move in time; {}", ctx(&game)));
        let took = t.elapsed();
        let (x, y) = parse_move_on(&reply, SIZE, SIZE);
        if let Err(err) = game.play(x, y) {
            panic!("illegal reply {x},{y}: {err}; {}", ctx(&game));
        }
        assert!(took <= Duration::from_millis(TURN_MS) + SLACK, "{took:?}");
        engine_to_move = false;
    }
    e.send("END");
    assert!(e.wait_exit(Duration::from_secs(1)).is_some());
}

#[test]
fn freestyle_games() {
    play_game(0, true, Feed::Turn, 1);
    play_game(0, false, Feed::Turn, 2);
}

#[test]
fn exact_five_games() {
    play_game(1, true, Feed::Turn, 3);
    play_game(1, false, Feed::Turn, 4);
}

#[test]
fn renju_games() {
    play_game(4, true, Feed::Turn, 5);
    play_game(4, false, Feed::Turn, 6);
}

#[test]
fn renju_games_fed_by_board() {
    play_game(4, true, Feed::Board, 7);
    play_game(2, false, Feed::Board, 8);
}

#[test]
fn caro_games() {
    play_game(8, true, Feed::Turn, 9);
    play_game(9, false, Feed::Board, 10);
}
