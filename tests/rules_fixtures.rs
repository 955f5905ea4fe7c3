//! Rules fixtures as 15x15 diagrams (`x` Black, `o` White, `.` empty).
//!
//! Win fixtures mark the cell that completes the line with `@`; each is
//! checked for both colours (the diagram with colours swapped for White)
//! under every rule, through `Board::threat` before the stone is placed and
//! through `is_winning_stone` / `find_winner` / `Game::play` after.
//!
//! Renju fixtures mark every expected forbidden point with `#`: the engine's
//! `forbidden_points()` and the scan-based reference in `common` must both
//! give exactly that set. The referee semantics are those of Piskvork's
//! renju.cpp and GomocupJudge's check_forbid.py (see `common`). Coordinates in
//! the comments are x,y with x the column and y the row, both from 0.

mod common;

use common::*;
use std::collections::BTreeSet;
use tengen::rules::threat::Threat;
use tengen::rules::{find_winner, is_winning_stone};
use tengen::{Color, Game, GameResult, MoveError, Pos, Rule};

// ----- wins ------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Win,
    NoWin,
    /// Renju Black may not play the move at all.
    Forbidden,
}

use Outcome::{Forbidden, NoWin, Win};

/// Expected outcomes in `Rule::ALL` order: freestyle, exact five, renju,
/// caro, caro exact five.
type PerRule = [Outcome; 5];

const ALL_WIN: PerRule = [Win; 5];
const NO_WIN: PerRule = [NoWin; 5];
/// An overline: wins where five or more wins, forbidden for renju Black.
const OVERLINE_B: PerRule = [Win, NoWin, Forbidden, Win, NoWin];
/// An overline for White: renju White wins with five or more.
const OVERLINE_W: PerRule = [Win, NoWin, Win, Win, NoWin];
/// Exactly five flanked by the opponent at both ends.
const FLANKED: PerRule = [Win, Win, Win, NoWin, NoWin];

fn swap_colours(diagram: &str) -> String {
    diagram
        .chars()
        .map(|c| match c {
            'x' => 'o',
            'o' => 'x',
            c => c,
        })
        .collect()
}

/// Checks one win fixture: `black` is what the `@` move does for Black as
/// drawn, `white` what it does for White with the colours swapped.
fn check_win(diagram: &str, black: PerRule, white: PerRule) {
    for (mover, expected) in [(Color::Black, black), (Color::White, white)] {
        let diagram = match mover {
            Color::Black => diagram.to_string(),
            Color::White => swap_colours(diagram),
        };
        for (rule, outcome) in Rule::ALL.into_iter().zip(expected) {
            let ctx = format!("{rule}, {mover:?} to move, expected {outcome:?}");
            let (mut board, marked) = parse_marked(&diagram, rule, Some(mover), &['@']);
            assert_eq!(marked.len(), 1, "{ctx}: one @ cell");
            let (x, y) = marked[0];
            let p = Pos::new(x, y);
            assert_eq!(find_winner(&board), None, "{ctx}: decided before the move");

            // The pattern tables, before the stone is placed.
            let threat = board.threat(p, mover);
            assert_eq!(
                threat == Threat::Five,
                outcome == Win,
                "{ctx}: threat {threat:?}"
            );
            assert_eq!(
                threat == Threat::Forbidden,
                outcome == Forbidden,
                "{ctx}: threat {threat:?}"
            );
            if mover == Color::Black {
                assert_eq!(
                    board.is_forbidden(p),
                    outcome == Forbidden,
                    "{ctx}: is_forbidden"
                );
            }

            // The game, which refuses a forbidden move and leaves it unplayed.
            let mut game = Game::from_board(board.clone());
            assert_eq!(game.result(), None, "{ctx}");
            let hash = game.board().hash();
            let played = game.play(x, y);
            match outcome {
                Win => assert_eq!(played, Ok(Some(GameResult::Win(mover))), "{ctx}"),
                NoWin => assert_eq!(played, Ok(None), "{ctx}"),
                Forbidden => {
                    assert_eq!(played, Err(MoveError::Forbidden(x, y)), "{ctx}");
                    assert_eq!(game.board().hash(), hash, "{ctx}: board changed");
                    assert!(game.board().is_empty(p), "{ctx}: stone placed");
                }
            }

            // The scan-based win check, after the stone is placed.
            board.place(p, mover);
            assert_eq!(
                is_winning_stone(&board, p),
                outcome == Win,
                "{ctx}: is_winning_stone"
            );
            let winner = find_winner(&board);
            assert_eq!(
                winner,
                (outcome == Win).then_some(mover),
                "{ctx}: find_winner"
            );
        }
    }
}

#[test]
fn win_open_five() {
    // Exactly five, open at both ends.
    check_win(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . x x x x @ . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
        ALL_WIN,
        ALL_WIN,
    );
}

#[test]
fn win_five_by_filling_the_gap_on_a_column() {
    // xx@xx on a column: the stone in the gap completes five.
    check_win(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . x . . . . . . . . . .
        . . . . x . . . . . . . . . .
        . . . . @ . . . . . . . . . .
        . . . . x . . . . . . . . . .
        . . . . x . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
        ALL_WIN,
        ALL_WIN,
    );
}

#[test]
fn win_overline_of_six() {
    // Six in a row: wins only where five or more wins; forbidden for renju Black.
    check_win(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . x x x @ x x . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
        OVERLINE_B,
        OVERLINE_W,
    );
}

#[test]
fn win_overline_of_seven_on_the_diagonal() {
    // Seven on the diagonal.
    check_win(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . x . . . . . . . . . . . .
        . . . x . . . . . . . . . . .
        . . . . x . . . . . . . . . .
        . . . . . @ . . . . . . . . .
        . . . . . . x . . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . . x . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
        OVERLINE_B,
        OVERLINE_W,
    );
}

#[test]
fn win_overline_at_the_edge() {
    // Six ending at the right edge.
    check_win(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . x x @ x x x
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
        OVERLINE_B,
        OVERLINE_W,
    );
}

#[test]
fn win_overline_flanked_at_both_ends() {
    // Six flanked by the opponent at both ends: caro still wins (five or more), caro exact five never.
    check_win(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . o x x x @ x x o . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
        OVERLINE_B,
        OVERLINE_W,
    );
}

#[test]
fn win_five_flanked_at_both_ends() {
    // oxxxxxo: no win under the caro rules.
    check_win(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . o x x x x @ o . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
        FLANKED,
        FLANKED,
    );
}

#[test]
fn win_five_flanked_at_both_ends_on_a_column() {
    // The same on a column, completed in the middle.
    check_win(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . o . . .
        . . . . . . . . . . . x . . .
        . . . . . . . . . . . x . . .
        . . . . . . . . . . . @ . . .
        . . . . . . . . . . . x . . .
        . . . . . . . . . . . x . . .
        . . . . . . . . . . . o . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
        FLANKED,
        FLANKED,
    );
}

#[test]
fn win_five_flanked_at_both_ends_on_the_anti_diagonal() {
    // The same on the anti-diagonal.
    check_win(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . o . . . .
        . . . . . . . . . x . . . . .
        . . . . . . . . x . . . . . .
        . . . . . . . @ . . . . . . .
        . . . . . . x . . . . . . . .
        . . . . . x . . . . . . . . .
        . . . . o . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
        FLANKED,
        FLANKED,
    );
}

#[test]
fn win_five_flanked_at_one_end() {
    // Flanked at one end only: a win everywhere.
    check_win(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . o x x x x @ . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
        ALL_WIN,
        ALL_WIN,
    );
}

#[test]
fn win_five_at_the_left_edge_flanked_at_the_right() {
    // The board edge is no flank.
    check_win(
        "
        x x x x @ o . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
        ALL_WIN,
        ALL_WIN,
    );
}

#[test]
fn win_five_at_the_right_edge_flanked_at_the_left() {
    // The same at the right edge, completed at the inner end.
    check_win(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . o @ x x x x
        ",
        ALL_WIN,
        ALL_WIN,
    );
}

#[test]
fn win_five_between_two_edges() {
    // An anti-diagonal five from 4,0 to 0,4 touches the edge at both ends.
    check_win(
        "
        . . . . x . . . . . . . . . .
        . . . x . . . . . . . . . . .
        . . @ . . . . . . . . . . . .
        . x . . . . . . . . . . . . .
        x . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
        ALL_WIN,
        ALL_WIN,
    );
}

#[test]
fn win_four_is_no_win() {
    // Four in a row wins nothing.
    check_win(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . x x x @ . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
        NO_WIN,
        NO_WIN,
    );
}

// ----- renju forbidden points --------------------------------------------------

/// Checks one renju fixture: the expected set (`#` cells) against the engine
/// and the reference; the game refuses each of them for Black without
/// changing the position and lists every other empty cell as legal; White may
/// play everywhere, here and with the colours swapped.
fn check_forbidden(diagram: &str) {
    let (mut board, marked) = parse_marked(diagram, Rule::Renju, Some(Color::Black), &['#']);
    let expected: BTreeSet<(i32, i32)> = marked.into_iter().collect();

    let engine = xy_set(board.forbidden_points());
    assert_eq!(engine, expected, "engine forbidden points\n{board}");
    let reference = RefBoard::from_board(&board).forbidden_points();
    assert_eq!(reference, expected, "reference forbidden points\n{board}");
    board.check_consistency().unwrap();

    let empty: BTreeSet<(i32, i32)> =
        xy_set(board.cells().iter().copied().filter(|&p| board.is_empty(p)));

    let mut game = Game::from_board(board.clone());
    assert_eq!(game.result(), None);
    let legal = xy_set(game.legal_moves());
    assert_eq!(legal, &empty - &expected, "legal moves for Black");
    let before = game.board().to_string();
    let hash = game.board().hash();
    for &(x, y) in &expected {
        assert_eq!(game.play(x, y), Err(MoveError::Forbidden(x, y)));
        assert_eq!(
            game.board().to_string(),
            before,
            "refused move changed the board"
        );
        assert_eq!(game.board().hash(), hash);
        assert_eq!(game.board().stone_count(), board.stone_count());
        assert_eq!(game.side_to_move(), Color::Black);
        assert_eq!(game.result(), None);
    }

    // White is never restricted, on the same cells or on Black's shapes.
    for diagram in [diagram.to_string(), swap_colours(diagram)] {
        let (board, _) = parse_marked(&diagram, Rule::Renju, Some(Color::White), &['#']);
        let mut game = Game::from_board(board);
        assert_eq!(xy_set(game.legal_moves()), empty, "legal moves for White");
        for &(x, y) in &expected {
            assert!(game.play(x, y).is_ok(), "White refused at {x},{y}");
            game.undo();
        }
    }
}

#[test]
fn renju_plain_double_three() {
    // Two open threes cross at 7,7 (row x=5..7, column y=5..7).
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . x x # . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_double_three_split_and_diagonal() {
    // 7,7 makes the split three x.xx on row 7 (completion 5,7) and the
    // open three 5,5-6,6-7,7 on the diagonal.
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . x . . . . . . . . .
        . . . . . . x . . . . . . . .
        . . . . x . x # . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_double_three_both_split() {
    // Both threes through 7,7 are split: column 7 (x.xx, completion 7,6)
    // and the anti-diagonal 9,5 . 7,7 6,8 (completion 8,6).
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . x . x . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . # . . . . . . .
        . . . . . . x x . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_double_four_two_lines() {
    // 7,7 makes two fours, both closed by White: row (five at 8,7) and
    // column (five at 7,8).
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . o . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . o x x x # . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_double_four_one_line_x_xxx_x() {
    // x.xxx.x on one line: 7,7 gives two fives (at 4,7 and 8,7): a double
    // four. 4,7 alone would make a straight four (one four), so it is allowed.
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . x . x x # . x . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_double_four_one_line_x_xxx_x_diagonal() {
    // The same x.xxx.x shape on the diagonal.
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . x . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . x . . . . . . . . .
        . . . . . . x . . . . . . . .
        . . . . . . . # . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . x . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_double_four_one_line_xx_xx_xx() {
    // xx.xx.xx: 6,7 gives fives at 4,7 and 7,7. 4,7 makes a straight
    // four (one four), 7,7 one four, 10,7 one open three: all allowed.
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . x x . x # . x x . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_double_four_one_line_xx_xx_xx_anti_diagonal() {
    // The same xx.xx.xx shape on the anti-diagonal, 7,6 in the middle.
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . x . . .
        . . . . . . . . . . x . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . x . . . . . .
        . . . . . . . # . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . x . . . . . . . . .
        . . . . x . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_double_four_one_line_xxx_x_xxx() {
    // xxx.x.xxx: only the centre 6,7 makes two fours; 5,7 and 7,7 make
    // a straight four each.
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . x x x . # . x x x . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_double_four_one_line_xxx_x_xxx_column() {
    // The same xxx.x.xxx shape on a column.
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . # . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_overline_in_the_gap() {
    // xx.xxx: the gap makes six. 9,7 makes a four (five at 10,7), 2,7
    // nothing (its only five would be seven long).
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . x x # x x x . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_overline_next_to_a_four() {
    // xxxx.x: 7,7 makes six; 2,7 makes exactly five and is allowed.
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . x x x x # x . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_overline_of_seven() {
    // xxx.xxx: the gap makes seven; 1,7 and 9,7 each make one four.
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . x x x # x x x . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_four_three_is_allowed() {
    // 7,7 makes a closed four on row 7 and an open three on column 7: 4-3
    // is allowed. 6,6 (one three on the anti-diagonal) is allowed too.
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . o x x x . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_five_with_double_four_is_allowed() {
    // 7,7 makes exactly five on row 7 and a four on column 7 and on the
    // anti-diagonal: the five wins, the move is allowed. 6,8 is a 4-3.
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . o . . .
        . . . . . . . . . . x . . . .
        . . . . . . . . . x . . . . .
        . . . . . . . . x . . . . . .
        . . . x x x x . . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . o . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_five_with_overline_is_allowed() {
    // 7,7 makes exactly five on row 7 and six on column 7: allowed.
    // 5,6 is a double three: diagonal 5,6-6,7-7,8 and the split three
    // 7,4 . 5,6 4,7 on the anti-diagonal (completions 4,5 and 6,5 allowed).
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . # . x . . . . . . .
        . . . x x x x . . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_three_against_the_edge_is_no_three() {
    // 2,7 makes xxx against the left edge (no straight four possible)
    // and an open three on column 2: a single three, allowed.
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . x . . . . . . . . . . . .
        . . x . . . . . . . . . . . .
        x x . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_three_one_off_the_edge_is_a_three() {
    // One cell off the edge, .xxx.. is a three (completion 4,7: fives at
    // 0,7 and 5,7), so 3,7 is a double three.
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . x . . . . . . . . . . .
        . . . x . . . . . . . . . . .
        . x x # . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_three_closed_by_white_at_both_sides_is_no_three() {
    // o.xxx.o: each straight four would touch a white stone, so row 7 is
    // no three and 7,7 has only the column three.
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . o . x x . . o . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_three_touching_white_is_no_three() {
    // oxxx...: the only four row 7 can grow runs into White: no three.
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . o x x . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_three_whose_fours_are_overlines_is_no_three() {
    // x..xxx..x: either straight four would have a six at one end, so
    // row 7 is no three; 7,7 has only the column three.
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . x . . x x . . . x . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_three_with_one_clean_side_is_a_three() {
    // x..xxx...: completion 8,7 gives .xxxx. with two exact fives, so
    // row 7 is a three and 7,7 a double three.
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . x . . x x # . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_false_three_completion_is_overline_point() {
    // 7,7: row x.xx (only completion 5,7) and column three. 5,7 is an
    // overline point (diagonal 3,5..8,10), so the row three is false and 7,7
    // is allowed. 6,6 (row x.xx + column 6,6-6,8) and 4,9 (anti-diagonal
    // xx.x + column 4 xx.x) are ordinary double threes.
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . x . . . x . . . . . . .
        . . . . x . # x . . . . . . .
        . . . . x # x . . . . . . . .
        . . . . . . x . . . . . . . .
        . . . . # . . x . . . . . . .
        . . . . . . . . x . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_nested_two_levels_three_is_real() {
    // Two levels deep. 7,7: row three A = 4,7 . 6,7 7,7 (only completion
    // q = 5,7) and anti-diagonal three B = 7,7 8,6 9,5. With 7,7 placed, q
    // makes a straight four (row) plus three C = column 5,4 5,5 . q (only
    // completion r = 5,6) and three D = anti-diagonal q 4,8 3,9. With 7,7 and
    // q placed, r makes two fours (column 5 and anti-diagonal 7,4..4,7):
    // forbidden, so C is false, q is a plain 4-3 (allowed), A is real and 7,7
    // is a double three. q = 5,7 is itself forbidden (row, C and D threes).
    // White 4,5 and 6,4 only keep other cells free of double threes.
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . x o x . . . . . . .
        . . . . o x x . . x . . . . .
        . . . . . . . . x . . . . . .
        . . . . x # x # . . . . . . .
        . . . . x . . . . . . . . . .
        . . . x . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_nested_two_levels_three_is_false() {
    // As above without 7,4: now r = 5,6 is only a 4-3 when q is played, so C
    // is real, q is a 4-3-3 (forbidden), A is false and 7,7 is allowed.
    // Without 7,4, r itself is a double three (column and 6,5-5,6-4,7).
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . x o . . . . . . . .
        . . . . o x x . . x . . . . .
        . . . . . # . . x . . . . . .
        . . . . x # x . . . . . . . .
        . . . . x . . . . . . . . . .
        . . . x . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_false_three_completion_is_five() {
    // 7,7: row x.xx whose only completion 5,7 makes five on column 5: a
    // five there is no way to grow the three, so 7,7 has one three only.
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . x . . . . . . . . .
        . . . . . x . . . . . . . . .
        . . . . . x . . . x . . . . .
        . . . . . x . . x . . . . . .
        . . . . x . x . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_four_three_three_is_forbidden() {
    // 7,7 makes a four (row) and two open threes (column, diagonal): 4-3-3
    // is a double three. 6,6 would make two threes, but the diagonal one's
    // only completion 7,7 is then a double four: false, so 6,6 is allowed.
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . o x x x # . . . . . . .
        . . . . . . . . x . . . . . .
        . . . . . . . . . x . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_straight_four_with_two_threes_is_forbidden() {
    // 7,7 makes a straight four (.xxxx. on row 7) and two open threes:
    // still a 4-3-3. 6,6 is allowed: its diagonal x.xx needs 7,7, which is
    // then a double four.
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . x x x # . . . . . . .
        . . . . . . . . x . . . . . .
        . . . . . . . . . x . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_double_four_open_and_closed() {
    // A straight four on row 7 plus a closed four on column 7.
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . o . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . x x x # . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_straight_four_alone_is_allowed() {
    // A straight four (.xxxx.) counts as one four.
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . x x x . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_five_with_double_three_is_allowed() {
    // 7,7 makes exactly five plus two threes: allowed. 6,6 has the
    // anti-diagonal three and x.xx on the diagonal whose only completion 7,7
    // is a five: one real three, allowed.
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . x x x x . . . . . . . .
        . . . . . . . . x . . . . . .
        . . . . . . . . . x . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_threes_near_corners() {
    // Top left: 2,2 on the diagonal 0,0-1,1 is no three (the corner blocks
    // it): allowed. Bottom right, one cell further in: 11,11 makes the
    // diagonal three 11,11-13,13 (completion 10,10) and a row three.
    check_forbidden(
        "
        x . . . . . . . . . . . . . .
        . x . . . . . . . . . . . . .
        . . . x x . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . x x # . . .
        . . . . . . . . . . . . x . .
        . . . . . . . . . . . . . x .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_empty_board_has_no_forbidden_points() {
    // Nothing to see.
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_double_three_split_with_lone_stone() {
    // 7,7 is the lone stone of x.xx on row 7 (completion 8,7) and ends an
    // open three on column 7.
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . # . x x . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_several_forbidden_points() {
    // Four independent corners: a double three at 3,3 (one cell off both
    // edges), an overline gap at 11,2, x.xxx.x on column 2 (2,12) and a
    // double four closed by White at 11,11.
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . x . . . . . . . . . . .
        . . . x . . . . . x x # x x x
        . x x # . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . o . . .
        . . x . . . . . . . . x . . .
        . . . . . . . . . . . x . . .
        . . x . . . . . . . . x . . .
        . . x . . . . o x x x # . . .
        . . # . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . x . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_triple_three_and_nested_four_three_three() {
    // 7,7 makes three threes. 6,6 makes two (anti-diagonal, and the
    // diagonal x.xx whose only completion is 7,7); with 6,6 placed 7,7 is a
    // straight four plus two threes, a forbidden 4-3-3, so 6,6 is allowed.
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . x x # . . . . . . .
        . . . . . . . . x . . . . . .
        . . . . . . . . . x . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

#[test]
fn renju_three_blocked_on_one_side_is_still_a_three() {
    // xxx. o: completion 4,7 still gives .xxxx. with exact fives at 3,7
    // and 8,7, so row 7 is a three and 7,7 a double three.
    check_forbidden(
        "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . . . x . . . . . . .
        . . . . . x x # . o . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        ",
    );
}

// ----- the game ----------------------------------------------------------------

#[test]
fn game_refuses_a_forbidden_black_move_and_keeps_the_position() {
    let mut game = Game::new(15, 15, Rule::Renju).unwrap();
    // Black builds a double-three point at 7,7; White plays far away.
    for (x, y) in [
        (7, 5),
        (0, 0),
        (7, 6),
        (0, 2),
        (5, 7),
        (0, 4),
        (6, 7),
        (14, 14),
    ] {
        assert_eq!(game.play(x, y), Ok(None));
    }
    assert_eq!(game.side_to_move(), Color::Black);
    assert_eq!(xy_set(game.forbidden_points()), BTreeSet::from([(7, 7)]));
    let before: Vec<(Pos, Color)> = game.board().history().collect();
    let (hash, text) = (game.board().hash(), game.board().to_string());

    assert_eq!(game.play(7, 7), Err(MoveError::Forbidden(7, 7)));
    assert_eq!(game.board().history().collect::<Vec<_>>(), before);
    assert_eq!(game.board().hash(), hash);
    assert_eq!(game.board().to_string(), text);
    assert_eq!(game.side_to_move(), Color::Black);
    assert_eq!(game.result(), None);
    game.board().check_consistency().unwrap();
    assert!(!game.legal_moves().contains(&Pos::new(7, 7)));

    // Black plays elsewhere; White may take the point Black could not.
    assert_eq!(game.play(12, 1), Ok(None));
    assert!(game.legal_moves().contains(&Pos::new(7, 7)));
    assert_eq!(game.play(7, 7), Ok(None));
    assert_eq!(game.board().stone(Pos::new(7, 7)), Some(Color::White));
}

#[test]
fn a_renju_game_ends_drawn_when_black_has_only_forbidden_points_left() {
    // A game between two Tengens (`watch`, renju, opening j7n9n11k8): after
    // 224 stones the last empty point is forbidden for Black, who is to
    // move. With no pass in the protocol, the referee ends the game there
    // as it ends a full board; before that stone it was not over.
    const MOVES: &str = "\
j7n9n11k8l7k7k6j5k9l5l8k5m5m7j4l10j10h9h5h8h6i7j6i6i5k3h7f8j9j8i\
8g6l12i9h10f9g9f7f6g8e6k4j11j12h4h3g5d8e8k2k1e5f4f2f10l3m2e7j3d7\
c7d6l11k10k11m11e3d2d5m4n5g2e2d10d9m13c4b3c5c6m12e11l13k14i13i11\
k12i10j13i14h13k13l14l15c11g11c9c10f11f13e12e10c12d12d13c14e14b1\
1b6h14g14n15f12d4l1l6l2g4n4j1a10n7f1m3i2o12o9b5b9a9o10f15o8o7n3n\
2o1m8k15n1b14c1l9a6c3a5a7e15g15h12m9d3f14b1e1g1b2e4c2n10n6i4a4i1\
5a13a11b12b10m10e13o4o13c15o11o14c8d15o2b7o3o5m1g10n8i1a8h11b8m1\
4j14a2a3a1b4f5g7h1d1h2n14g3n12e9a15i12c13n13l4f3d14o6g12j2o15j15\
a14b13h15m15g13b15d11m6a12";
    let moves = tengen::bench::parse_pos_line(MOVES).unwrap();
    assert_eq!(moves.len(), 224);
    let mut game = Game::new(15, 15, Rule::Renju).unwrap();
    for (i, &(x, y)) in moves.iter().enumerate() {
        assert_eq!(game.result(), None, "over before move {i}");
        let r = game.play(x, y).unwrap();
        assert_eq!(r, (i == 223).then_some(GameResult::Draw), "move {i}");
    }
    assert!(!game.board().is_full());
    assert_eq!(game.side_to_move(), Color::Black);
    let mut board = game.board().clone();
    assert_eq!(board.legal_moves(Color::Black), Vec::new());
    assert_eq!(board.legal_moves(Color::White).len(), 1);
    assert_eq!(game.forbidden_points().len(), 1);
    // Taking the last stone back reopens the game; the position set up
    // from the board is judged the same way.
    let last = game.undo().unwrap();
    assert_eq!(game.result(), None);
    game.play(last.x(), last.y()).unwrap();
    let again = Game::from_board(game.board().clone());
    assert_eq!(again.result(), Some(GameResult::Draw));
}

#[test]
fn white_double_three_double_four_and_overline_are_legal_in_renju() {
    // White's own 3-3 at 7,7, 4-4 at 7,11 and overline gap at 11,3.
    let diagram = "
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . o o @ o o o
        . . . . . . . . . . . . . . .
        . . . . . . . o . . . . . . .
        . . . . . . . o . . . . . . .
        . . . . . o o @ . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . . . . . . . . . . . .
        . . . . o o o @ . . . . . . .
        . . . . . . . o . . . . . . .
        . . . . . . . o . . . . . . .
        . . . . . . . o . . . . . . .
        ";
    let (board, marked) = parse_marked(diagram, Rule::Renju, Some(Color::White), &['@']);
    // The same shapes in Black's colours are forbidden.
    let (mut swapped, _) = parse_marked(&swap_colours(diagram), Rule::Renju, None, &['@']);
    for &(x, y) in &marked {
        assert!(swapped.is_forbidden(Pos::new(x, y)), "{x},{y} for Black");
    }
    let mut game = Game::from_board(board);
    assert!(
        game.forbidden_points().is_empty(),
        "only Black has forbidden points"
    );
    let legal = xy_set(game.legal_moves());
    for &(x, y) in &marked {
        assert!(legal.contains(&(x, y)));
        let expected = if (x, y) == (11, 3) {
            Some(GameResult::Win(Color::White))
        } else {
            None
        };
        assert_eq!(game.play(x, y), Ok(expected), "White at {x},{y}");
        game.undo();
    }
}
