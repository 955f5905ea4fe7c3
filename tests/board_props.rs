//! Property tests of the incremental board over random move sequences, for
//! every rule and board sizes 5..=22 (rectangular included):
//!
//! * make / place then undo restores the position exactly (stones, history,
//!   hash, side to move);
//! * after every make, undo and pass, every incremental cache (line keys,
//!   patterns, threat classes, values, neighbourhoods, hash, totals) equals
//!   its recomputation from scratch (`Board::check_consistency`);
//! * the incremental state equals that of a fresh board with the same stones
//!   placed in another order.

use proptest::prelude::*;
use tengen::rules::threat::Threat;
use tengen::{Board, Color, Pos, Rule};

/// Everything that identifies a position, for exact comparisons.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Snapshot {
    stones: Vec<Option<Color>>,
    history: Vec<(Pos, Color)>,
    hash: u64,
    side: Color,
}

fn snapshot(b: &Board) -> Snapshot {
    Snapshot {
        stones: b.cells().iter().map(|&p| b.stone(p)).collect(),
        history: b.history().collect(),
        hash: b.hash(),
        side: b.side_to_move(),
    }
}

/// One step of a random sequence.
#[derive(Clone, Copy, Debug)]
enum Op {
    /// The side to move plays the n-th empty cell (modulo their number).
    Make(u16),
    /// The side not to move places a stone on the n-th empty cell.
    PlaceOther(u16),
    /// The side to move passes.
    Pass,
    Undo,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        6 => any::<u16>().prop_map(Op::Make),
        1 => any::<u16>().prop_map(Op::PlaceOther),
        1 => Just(Op::Pass),
        2 => Just(Op::Undo),
    ]
}

fn rule() -> impl Strategy<Value = Rule> {
    prop::sample::select(Rule::ALL.to_vec())
}

fn nth_empty(b: &Board, n: u16) -> Option<Pos> {
    let empty: Vec<Pos> = b
        .cells()
        .iter()
        .copied()
        .filter(|&p| b.is_empty(p))
        .collect();
    (!empty.is_empty()).then(|| empty[n as usize % empty.len()])
}

/// A fresh board with the stones of `b` placed in reverse order and the
/// same side to move.
fn rebuilt(b: &Board) -> Board {
    let mut fresh = Board::new(b.width(), b.height(), b.rule()).unwrap();
    let stones: Vec<(Pos, Color)> = b.history().collect();
    for &(p, c) in stones.iter().rev() {
        fresh.place(p, c);
    }
    fresh.set_side_to_move(b.side_to_move());
    fresh
}

/// Compares every cache of `a` with those of `b` (same stones).
fn assert_same_caches(a: &Board, b: &Board) -> Result<(), TestCaseError> {
    prop_assert_eq!(a.hash(), b.hash(), "hash");
    for c in Color::BOTH {
        prop_assert_eq!(a.value_sum(c), b.value_sum(c), "value sum {:?}", c);
        for t in Threat::ALL {
            prop_assert_eq!(
                a.threat_count(c, t),
                b.threat_count(c, t),
                "{:?} {:?}",
                c,
                t
            );
        }
    }
    // The near cells with an open three or more for either side, as the
    // move generator reads them under a threat.
    let want: Vec<Pos> = a
        .near_empty_cells()
        .filter(|&p| Color::BOTH.iter().any(|&c| a.threat(p, c) >= Threat::Flex3))
        .collect();
    prop_assert_eq!(
        a.near_hot_cells().collect::<Vec<_>>(),
        want,
        "near hot cells"
    );
    for &p in a.cells() {
        prop_assert_eq!(a.stone(p), b.stone(p));
        prop_assert_eq!(a.is_near(p), b.is_near(p), "near {:?}", p);
        for d in 0..4 {
            prop_assert_eq!(a.line_key(p, d), b.line_key(p, d), "key {:?} dir {}", p, d);
        }
        if a.is_empty(p) {
            for c in Color::BOTH {
                prop_assert_eq!(a.patterns(p, c), b.patterns(p, c), "{:?} {:?}", p, c);
                prop_assert_eq!(a.threat(p, c), b.threat(p, c), "{:?} {:?}", p, c);
                prop_assert_eq!(a.cell_value(p, c), b.cell_value(p, c), "{:?} {:?}", p, c);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn make_and_undo_keep_every_cache_exact(
        rule in rule(),
        width in 5i32..=22,
        height in 5i32..=22,
        ops in prop::collection::vec(op(), 0..=300),
    ) {
        let mut board = Board::new(width, height, rule).unwrap();
        let empty = snapshot(&board);
        // Snapshots taken before each stone still on the board.
        let mut before: Vec<Snapshot> = Vec::new();
        for op in ops {
            match op {
                Op::Make(n) | Op::PlaceOther(n) => {
                    let Some(p) = nth_empty(&board, n) else {
                        continue;
                    };
                    before.push(snapshot(&board));
                    let c = board.side_to_move();
                    if matches!(op, Op::Make(_)) {
                        board.make(p);
                        prop_assert_eq!(board.stone(p), Some(c));
                    } else {
                        board.place(p, c.flip());
                        prop_assert_eq!(board.stone(p), Some(c.flip()));
                    }
                    prop_assert_eq!(board.last_move(), Some(p));
                    prop_assert_eq!(board.side_to_move(), board.stone(p).unwrap().flip());
                }
                Op::Pass => {
                    let c = board.side_to_move();
                    let h = board.hash();
                    board.pass();
                    prop_assert_eq!(board.side_to_move(), c.flip());
                    prop_assert_ne!(board.hash(), h);
                }
                Op::Undo => {
                    let last = board.last_move();
                    prop_assert_eq!(board.undo(), last);
                    if let Some(snap) = before.pop() {
                        prop_assert_eq!(&snapshot(&board), &snap, "undo of {:?}", last);
                    }
                }
            }
            prop_assert_eq!(board.stone_count(), before.len());
            if let Err(e) = board.check_consistency() {
                return Err(TestCaseError::fail(format!("{e} after {op:?}\n{board:?}")));
            }
        }
        while let Some(snap) = before.pop() {
            board.undo();
            prop_assert_eq!(&snapshot(&board), &snap);
        }
        prop_assert_eq!(board.undo(), None);
        prop_assert_eq!(snapshot(&board).stones, empty.stones);
        board.set_side_to_move(Color::Black);
        prop_assert_eq!(board.hash(), empty.hash);
        board.check_consistency().map_err(TestCaseError::fail)?;
    }

    #[test]
    fn incremental_state_equals_a_fresh_board(
        rule in rule(),
        width in 5i32..=22,
        height in 5i32..=22,
        moves in prop::collection::vec(any::<u16>(), 0..=150),
        undos in 0usize..=20,
    ) {
        let mut board = Board::new(width, height, rule).unwrap();
        for n in moves {
            if let Some(p) = nth_empty(&board, n) {
                board.make(p);
            }
        }
        for _ in 0..undos {
            board.undo();
        }
        let fresh = rebuilt(&board);
        board.check_consistency().map_err(TestCaseError::fail)?;
        fresh.check_consistency().map_err(TestCaseError::fail)?;
        assert_same_caches(&board, &fresh)?;
    }
}

/// A full small board, filled and emptied again, in every rule.
#[test]
fn fill_and_empty_small_boards() {
    for rule in Rule::ALL {
        for (w, h) in [(5, 5), (5, 9), (9, 5), (6, 7)] {
            let mut board = Board::new(w, h, rule).unwrap();
            let h0 = board.hash();
            let cells: Vec<Pos> = board.cells().to_vec();
            // A fixed shuffle: stride through the cells.
            let n = cells.len();
            let stride = (1..n).rev().find(|s| gcd(*s, n) == 1).unwrap();
            for i in 0..n {
                board.make(cells[(i * stride) % n]);
                board.check_consistency().unwrap();
            }
            assert!(board.is_full());
            assert_eq!(board.hash(), rebuilt(&board).hash());
            while board.undo().is_some() {
                board.check_consistency().unwrap();
            }
            assert_eq!(board.hash(), h0);
            assert_eq!(board.stone_count(), 0);
        }
    }
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}
