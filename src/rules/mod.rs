//! The rules: line patterns (generated tables), threat classes, win
//! detection and renju forbidden points.

pub mod pattern;
pub mod renju;
pub mod threat;

use crate::board::Board;
use crate::types::{Color, Pos, Rule, DIRS};

/// The bytes of `rule`'s pattern table that `build.rs` generated with
/// [`pattern::packed_table`] when the engine was built.
pub(crate) fn built_table(rule: Rule) -> &'static [u8] {
    macro_rules! built {
        ($name:literal) => {
            include_bytes!(concat!(env!("OUT_DIR"), "/", $name, ".bin"))
        };
    }
    match rule {
        Rule::Freestyle => built!("freestyle"),
        Rule::ExactFive => built!("exactfive"),
        Rule::Renju => built!("renju"),
        Rule::Caro => built!("caro"),
        Rule::CaroExactFive => built!("caroexactfive"),
    }
}

/// Takes up every rule's tables now (each is otherwise taken up on first
/// use). The pattern tables come with the binary; the threat table is
/// generated (well under a millisecond). Returns how long it took.
pub fn build_all_tables() -> std::time::Duration {
    let start = std::time::Instant::now();
    threat::threat_table();
    for rule in Rule::ALL {
        pattern::rule_table(rule);
    }
    start.elapsed()
}

/// Length of the run of `c` stones through `p` on direction offset `dir`,
/// and whether each end of the run is an opponent stone.
fn run_through(board: &Board, p: Pos, dir: i32, c: Color) -> (i32, bool, bool) {
    let own = c.cell();
    let opp = c.flip().cell();
    let mut len = 1;
    let mut a = p.step(dir, -1);
    while board.raw(a) == own {
        len += 1;
        a = a.step(dir, -1);
    }
    let mut b = p.step(dir, 1);
    while board.raw(b) == own {
        len += 1;
        b = b.step(dir, 1);
    }
    (len, board.raw(a) == opp, board.raw(b) == opp)
}

/// The first direction (offset) along which the stone at `p` is part of a
/// winning line for its colour under the board's rule. Found by scanning the
/// four lines, independent of the pattern tables (so it also checks them).
pub fn winning_direction(board: &Board, p: Pos) -> Option<i32> {
    let c = board.stone(p)?;
    let rule = board.rule();
    DIRS.iter().copied().find(|&dir| {
        let (len, fa, fb) = run_through(board, p, dir, c);
        match rule {
            Rule::Freestyle => len >= 5,
            Rule::ExactFive => len == 5,
            Rule::Renju => match c {
                Color::Black => len == 5,
                Color::White => len >= 5,
            },
            Rule::Caro => len >= 6 || (len == 5 && !(fa && fb)),
            Rule::CaroExactFive => len == 5 && !(fa && fb),
        }
    })
}

/// True if the stone at `p` is part of a winning line for its colour.
pub fn is_winning_stone(board: &Board, p: Pos) -> bool {
    winning_direction(board, p).is_some()
}

/// The colour that has a winning line anywhere on the board, if any (Black
/// is reported first if, in a set-up position, both have one).
pub fn find_winner(board: &Board) -> Option<Color> {
    let mut white = false;
    for &p in board.cells() {
        if is_winning_stone(board, p) {
            match board.stone(p) {
                Some(Color::Black) => return Some(Color::Black),
                Some(Color::White) => white = true,
                None => {}
            }
        }
    }
    white.then_some(Color::White)
}
