//! Shared test helpers: diagram parsing with marked cells, and a naive,
//! scan-based reference implementation of the renju forbidden-move check
//! that shares no code with the engine's pattern tables.

// Each test crate uses a different subset of these helpers.
#![allow(dead_code)]

use std::collections::BTreeSet;
use tengen::{Board, Color, Pos, Rule};

/// Parses a diagram in which the characters of `markers` stand for empty
/// cells that the test wants to name (expected forbidden points, the cell
/// that completes a line, ...). Returns the board and the marked cells as
/// (x, y), row by row.
pub fn parse_marked(
    diagram: &str,
    rule: Rule,
    side: Option<Color>,
    markers: &[char],
) -> (Board, Vec<(i32, i32)>) {
    let mut marked = Vec::new();
    let mut clean = String::new();
    let rows = diagram.lines().filter(|l| !l.trim().is_empty());
    for (y, row) in rows.enumerate() {
        let cells = row.chars().filter(|c| !c.is_whitespace());
        for (x, ch) in cells.enumerate() {
            if markers.contains(&ch) {
                marked.push((x as i32, y as i32));
                clean.push('.');
            } else {
                clean.push(ch);
            }
        }
        clean.push('\n');
    }
    let board = Board::from_diagram(&clean, rule, side).expect("valid diagram");
    (board, marked)
}

/// A set of cells as (x, y).
pub fn xy_set(cells: impl IntoIterator<Item = Pos>) -> BTreeSet<(i32, i32)> {
    cells.into_iter().map(|p| (p.x(), p.y())).collect()
}

/// The four line directions as (dx, dy).
pub const LINES: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (-1, 1)];

/// A plain grid: 0 empty, 1 black, 2 white. Nothing cached, nothing shared
/// with the engine beyond reading the stones once.
#[derive(Clone)]
pub struct RefBoard {
    pub width: i32,
    pub height: i32,
    cells: Vec<u8>,
}

impl RefBoard {
    pub fn from_board(b: &Board) -> RefBoard {
        let (width, height) = (b.width(), b.height());
        let mut cells = vec![0u8; (width * height) as usize];
        for y in 0..height {
            for x in 0..width {
                cells[(y * width + x) as usize] = match b.stone(Pos::new(x, y)) {
                    None => 0,
                    Some(Color::Black) => 1,
                    Some(Color::White) => 2,
                };
            }
        }
        RefBoard {
            width,
            height,
            cells,
        }
    }

    /// The cell at (x, y), or `None` off the board.
    pub fn get(&self, x: i32, y: i32) -> Option<u8> {
        if (0..self.width).contains(&x) && (0..self.height).contains(&y) {
            Some(self.cells[(y * self.width + x) as usize])
        } else {
            None
        }
    }

    fn set(&mut self, x: i32, y: i32, v: u8) {
        self.cells[(y * self.width + x) as usize] = v;
    }

    fn is_black(&self, x: i32, y: i32) -> bool {
        self.get(x, y) == Some(1)
    }

    fn is_empty(&self, x: i32, y: i32) -> bool {
        self.get(x, y) == Some(0)
    }

    /// The run of black stones through (x, y) along (dx, dy), as the signed
    /// offsets of its first and last stone. (x, y) must hold a black stone.
    fn run(&self, x: i32, y: i32, (dx, dy): (i32, i32)) -> (i32, i32) {
        let mut lo = 0;
        while self.is_black(x + (lo - 1) * dx, y + (lo - 1) * dy) {
            lo -= 1;
        }
        let mut hi = 0;
        while self.is_black(x + (hi + 1) * dx, y + (hi + 1) * dy) {
            hi += 1;
        }
        (lo, hi)
    }

    fn run_len(&self, x: i32, y: i32, d: (i32, i32)) -> i32 {
        let (lo, hi) = self.run(x, y, d);
        hi - lo + 1
    }

    /// With a black stone at (x, y): does it stand in exactly five?
    fn is_exact_five(&self, x: i32, y: i32) -> bool {
        LINES.iter().any(|&d| self.run_len(x, y, d) == 5)
    }

    /// With a black stone at (x, y): does it stand in six or more?
    fn is_overline(&self, x: i32, y: i32) -> bool {
        LINES.iter().any(|&d| self.run_len(x, y, d) >= 6)
    }

    /// Would a black stone at empty (x, y) make exactly five?
    fn black_five_at(&mut self, x: i32, y: i32) -> bool {
        self.set(x, y, 1);
        let r = self.is_exact_five(x, y);
        self.set(x, y, 0);
        r
    }

    /// With a black stone at (x, y): would one more at empty (ex, ey) make
    /// exactly five on line `d` through (x, y)? (A five the extra stone makes
    /// on another line does not count.)
    fn five_on_line(&mut self, x: i32, y: i32, d: (i32, i32), ex: i32, ey: i32) -> bool {
        self.set(ex, ey, 1);
        let r = self.run_len(x, y, d) == 5;
        self.set(ex, ey, 0);
        r
    }

    /// With a black stone at (x, y): the empty cells on line `d` that would
    /// give exactly five through (x, y), as offsets.
    fn five_cells(&mut self, x: i32, y: i32, d: (i32, i32)) -> Vec<i32> {
        let mut out = Vec::new();
        for k in -4..=4 {
            let (ex, ey) = (x + k * d.0, y + k * d.1);
            if k == 0 || !self.is_empty(ex, ey) {
                continue;
            }
            if self.five_on_line(x, y, d, ex, ey) {
                out.push(k);
            }
        }
        out
    }

    /// With a black stone at (x, y): how many fours it makes on line `d`.
    /// A straight four `.XXXX.` is one four; two five cells that are not the
    /// two ends of one straight four (`X.XXX.X`, `XX.XX.XX`, `XXX.X.XXX`)
    /// are two.
    fn fours_on_line(&mut self, x: i32, y: i32, d: (i32, i32)) -> u32 {
        let cells = self.five_cells(x, y, d);
        match cells.len() {
            0 => 0,
            1 => 1,
            2 if cells[1] - cells[0] == 5 => 1,
            2 => 2,
            n => panic!("{n} five cells on one line: impossible"),
        }
    }

    /// With a black stone at (x, y): the empty cells on line `d` at which
    /// one more black stone makes a straight four through (x, y) (four in a
    /// row, both ends empty, each end giving exactly five).
    pub fn three_completions(&mut self, x: i32, y: i32, d: (i32, i32)) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for k in -4..=4 {
            let (qx, qy) = (x + k * d.0, y + k * d.1);
            if k == 0 || !self.is_empty(qx, qy) {
                continue;
            }
            self.set(qx, qy, 1);
            let (lo, hi) = self.run(x, y, d);
            if hi - lo + 1 == 4 && (lo..=hi).contains(&k) {
                let ends = [lo - 1, hi + 1].map(|e| (x + e * d.0, y + e * d.1));
                let straight = ends
                    .iter()
                    .all(|&(ex, ey)| self.is_empty(ex, ey) && self.five_on_line(x, y, d, ex, ey));
                if straight {
                    out.push((qx, qy));
                }
            }
            self.set(qx, qy, 0);
        }
        out
    }

    /// True if a black stone at empty (x, y) would be a forbidden move:
    /// not a five, and a double four, a double three (counting only threes
    /// with a completion cell that is neither a five nor forbidden, checked
    /// recursively) or an overline.
    pub fn is_forbidden(&mut self, x: i32, y: i32) -> bool {
        assert!(self.is_empty(x, y));
        self.set(x, y, 1);
        let result = self.forbidden_with_stone(x, y);
        self.set(x, y, 0);
        result
    }

    fn forbidden_with_stone(&mut self, x: i32, y: i32) -> bool {
        if self.is_exact_five(x, y) {
            return false;
        }
        let fours: u32 = LINES.iter().map(|&d| self.fours_on_line(x, y, d)).sum();
        if fours >= 2 {
            return true;
        }
        let mut threes = 0;
        for d in LINES {
            let completions = self.three_completions(x, y, d);
            let real = completions
                .iter()
                .any(|&(qx, qy)| !self.black_five_at(qx, qy) && !self.is_forbidden(qx, qy));
            if real {
                threes += 1;
            }
        }
        threes >= 2 || self.is_overline(x, y)
    }

    /// Every forbidden point, as (x, y).
    pub fn forbidden_points(&mut self) -> BTreeSet<(i32, i32)> {
        let mut out = BTreeSet::new();
        for y in 0..self.height {
            for x in 0..self.width {
                if self.is_empty(x, y) && self.is_forbidden(x, y) {
                    out.insert((x, y));
                }
            }
        }
        out
    }
}
