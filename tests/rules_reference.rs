//! Property tests of the rules against independent scans:
//!
//! * renju: the engine's `forbidden_points()` equals the naive reference in
//!   `common` (fours by trying every empty cell of the line, threes through
//!   their completion cells, recursion without a depth limit) on random
//!   positions;
//! * every rule: `threat(p, c) == Five` before a stone is placed agrees with
//!   `is_winning_stone` after it is placed, on random positions of random
//!   sizes.

mod common;

use common::*;
use proptest::prelude::*;
use tengen::rules::is_winning_stone;
use tengen::rules::threat::Threat;
use tengen::{Board, Color, Pos, Rule};

/// Plays `moves` alternately from an empty board. Black's moves land in a
/// centred square of side `black_span`, White's in one of side `white_span`
/// (a small Black square and a large White one make dense Black shapes).
/// Moves on occupied cells are skipped, and so are moves that win when
/// `skip_wins` is set; either way the same colour tries the next move.
fn play_random(
    width: i32,
    height: i32,
    rule: Rule,
    moves: &[(u8, u8)],
    spans: (i32, i32),
    skip_wins: bool,
) -> Board {
    let mut board = Board::new(width, height, rule).unwrap();
    for &(rx, ry) in moves {
        let c = board.side_to_move();
        let span = if c == Color::Black { spans.0 } else { spans.1 };
        let (sw, sh) = (span.min(width), span.min(height));
        let x = (width - sw) / 2 + rx as i32 % sw;
        let y = (height - sh) / 2 + ry as i32 % sh;
        let p = Pos::new(x, y);
        if !board.is_empty(p) {
            continue;
        }
        board.place(p, c);
        if skip_wins && is_winning_stone(&board, p) {
            board.undo();
        }
    }
    board
}

fn moves(len: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = Vec<(u8, u8)>> {
    prop::collection::vec((any::<u8>(), any::<u8>()), len)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// The engine's forbidden points equal the reference's after every move
    /// (from the fifth stone on) of a random renju game.
    #[test]
    fn renju_forbidden_points_match_reference(
        moves in moves(10..=60),
        black_span in 5i32..=15,
        white_span in 5i32..=15,
    ) {
        let mut board = Board::new(15, 15, Rule::Renju).unwrap();
        let full = play_random(15, 15, Rule::Renju, &moves, (black_span, white_span), true);
        let history: Vec<(Pos, Color)> = full.history().collect();
        for (i, &(p, c)) in history.iter().enumerate() {
            board.place(p, c);
            if i < 4 {
                continue;
            }
            let engine = xy_set(board.forbidden_points());
            let reference = RefBoard::from_board(&board).forbidden_points();
            prop_assert_eq!(&engine, &reference, "after {} stones\n{}", i + 1, board);
        }
        board.check_consistency().unwrap();
    }

    /// For every rule, colour and empty cell: the tables say "five" exactly
    /// when the scan says the stone wins.
    #[test]
    fn threat_five_agrees_with_is_winning_stone(
        moves in moves(0..=80),
        width in 5i32..=22,
        height in 5i32..=22,
        span in 5i32..=22,
    ) {
        for rule in Rule::ALL {
            let mut board = play_random(width, height, rule, &moves, (span, span), false);
            for p in board.cells().to_vec() {
                if !board.is_empty(p) {
                    continue;
                }
                for c in Color::BOTH {
                    let five = board.threat(p, c) == Threat::Five;
                    board.place(p, c);
                    let wins = is_winning_stone(&board, p);
                    board.undo();
                    prop_assert_eq!(
                        five, wins,
                        "{} {:?} at {:?}\n{}", rule, c, p, board
                    );
                }
            }
        }
    }
}

/// Not a property: makes sure the random renju positions above are not all
/// trivial, by counting how many of a fixed sample have forbidden points.
#[test]
fn random_renju_positions_have_forbidden_points() {
    let mut rng = proptest::test_runner::TestRng::deterministic_rng(
        proptest::test_runner::RngAlgorithm::ChaCha,
    );
    let mut with_forbidden = 0;
    for _ in 0..100 {
        let moves: Vec<(u8, u8)> = (0..60).map(|_| (rng.random(), rng.random())).collect();
        let mut board = play_random(15, 15, Rule::Renju, &moves, (7, 11), true);
        if !board.forbidden_points().is_empty() {
            with_forbidden += 1;
        }
    }
    assert!(
        with_forbidden >= 20,
        "only {with_forbidden} of 100 positions"
    );
}
