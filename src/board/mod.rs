//! The board: cells, incremental make/undo with a per-ply state stack, a
//! Zobrist hash, and per-cell line keys from which every line pattern, threat
//! class and evaluation term is a table lookup.
//!
//! Cells live in a padded 32x32 array (see [`crate::types::Pos`]); every cell
//! outside the board is a wall, so line windows never need bounds checks.
//! Each cell keeps, per direction, the key of the ten cells around it, and
//! for each colour the four patterns, the threat class and the cell's value.
//! A move changes the keys of the 40 cells within five steps on its lines;
//! undo reverses exactly that, so both are cheap and symmetric.

mod zobrist;

use crate::eval::{self, weights::EvalWeights};
use crate::rules::pattern::{self, key_shift, Pattern, RuleTable};
use crate::rules::threat::{self, combo_index, Threat, NUM_THREATS};
use crate::types::*;
use std::fmt;

/// Cell contents in the padded array.
pub const EMPTY: u8 = 0;
pub const WALL: u8 = 3;

/// Offsets of the candidate neighbourhood: every cell within two steps in
/// both axes, plus three steps along the four lines. Moves far from every
/// stone are almost never right, and threats are always within this range.
const NEAR_OFFSETS: [(i32, i32); 32] = {
    let mut out = [(0, 0); 32];
    let mut n = 0;
    let mut dy = -3;
    while dy <= 3 {
        let mut dx = -3;
        while dx <= 3 {
            let ax = if dx < 0 { -dx } else { dx };
            let ay = if dy < 0 { -dy } else { dy };
            let square = ax <= 2 && ay <= 2 && (ax | ay) != 0;
            let line3 = (ax == 3 || ay == 3) && (ax == 0 || ay == 0 || ax == ay);
            if square || line3 {
                out[n] = (dx, dy);
                n += 1;
            }
            dx += 1;
        }
        dy += 1;
    }
    out
};

/// Threat classes from which a cell is "hot" (an open three and up).
const HOT_MIN: u8 = Threat::Flex3 as u8;

/// Iterator over a hot-cell bitset, in increasing cell order.
pub struct HotCells {
    words: [u64; NUM_CELLS / 64],
    word: usize,
}

impl Iterator for HotCells {
    type Item = Pos;

    #[inline]
    fn next(&mut self) -> Option<Pos> {
        while self.word < self.words.len() {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(Pos((self.word * 64 + w.trailing_zeros() as usize) as u16));
            }
            self.word += 1;
        }
        None
    }
}

/// Why a board could not be created or a move made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BoardError {
    BadSize(i32, i32),
    OffBoard(i32, i32),
    Occupied(i32, i32),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::BadSize(w, h) => write!(
                f,
                "unsupported board size {w}x{h} (each side must be {MIN_SIZE}..={MAX_SIZE})"
            ),
            BoardError::OffBoard(x, y) => write!(f, "{x},{y} is outside the board"),
            BoardError::Occupied(x, y) => write!(f, "{x},{y} is already occupied"),
        }
    }
}

impl std::error::Error for BoardError {}

/// Everything the board caches about one cell. 32 bytes: two per cache line.
#[derive(Clone, Copy, Default)]
struct CellInfo {
    /// Line key per direction (ten neighbours, two bits each).
    keys: [u32; 4],
    /// Patterns per colour, one byte per direction (`Pattern as u8`,
    /// direction d in bits 8d..8d+8). Kept as words: updating a byte of an
    /// array and reading the array back would stall the CPU.
    pats: [u32; 2],
    /// Threat class per colour (`Threat as u8`).
    threat: [u8; 2],
    /// Evaluation value per colour.
    value: [i16; 2],
}

/// One entry of the ply stack.
#[derive(Clone, Copy, Debug)]
struct PlyState {
    pos: Pos,
    color: Color,
    /// Side to move before this stone was placed.
    side_before: Color,
    /// Running totals before this stone was placed.
    value_sum: [i32; 2],
    threat_count: [[u16; NUM_THREATS]; 2],
}

/// Cells whose caches a stone changes: five steps each way on four lines.
const LINE_CELLS: usize = 40;

/// Per-colour tables, picked once from the rule.
#[derive(Clone, Copy)]
struct ColorTables {
    threat: &'static [u8],
}

/// A position: stones, side to move, and all incremental caches.
#[derive(Clone)]
pub struct Board {
    width: i32,
    height: i32,
    rule: Rule,
    cells: Box<[u8]>,
    info: Box<[CellInfo]>,
    /// Number of stones in each cell's candidate neighbourhood.
    near: Box<[u8]>,
    tables: [ColorTables; 2],
    patterns: &'static RuleTable,
    /// The rule's evaluation weights (cell values are kept with them).
    eval: &'static EvalWeights,
    hash: u64,
    side: Color,
    stack: Vec<PlyState>,
    /// The caches of the [`LINE_CELLS`] cells around each stone on the
    /// stack, as they were before it was placed: undo copies them back
    /// instead of recomputing them.
    saved: Vec<CellInfo>,
    /// Sum of cell values over empty cells, per colour.
    value_sum: [i32; 2],
    /// Number of empty cells of each threat class, per colour.
    threat_count: [[u16; NUM_THREATS]; 2],
    /// Bitsets of the empty cells whose threat class is at least an open
    /// three, per colour (see [`Board::hot_cells`]).
    hot: [[u64; NUM_CELLS / 64]; 2],
    /// All board cells, row by row.
    all_cells: Vec<Pos>,
}

impl Board {
    /// An empty board of `width` x `height` under `rule`.
    pub fn new(width: i32, height: i32, rule: Rule) -> Result<Board, BoardError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&width) || !(MIN_SIZE..=MAX_SIZE).contains(&height) {
            return Err(BoardError::BadSize(width, height));
        }
        let mut cells = vec![WALL; NUM_CELLS].into_boxed_slice();
        let mut all_cells = Vec::with_capacity((width * height) as usize);
        for y in 0..height {
            for x in 0..width {
                let p = Pos::new(x, y);
                cells[p.index()] = EMPTY;
                all_cells.push(p);
            }
        }
        let tables = Color::BOTH.map(|c| {
            let line_rule = rule.line_rule(c);
            let r = usize::from(line_rule == LineRule::RenjuBlack);
            ColorTables {
                threat: &threat::threat_table()[r],
            }
        });
        let mut board = Board {
            width,
            height,
            rule,
            cells,
            info: vec![CellInfo::default(); NUM_CELLS].into_boxed_slice(),
            near: vec![0; NUM_CELLS].into_boxed_slice(),
            tables,
            patterns: pattern::rule_table(rule),
            eval: eval::eval_weights(rule),
            hash: 0,
            side: Color::Black,
            stack: Vec::with_capacity((width * height) as usize),
            saved: Vec::new(),
            value_sum: [0; 2],
            threat_count: [[0; NUM_THREATS]; 2],
            hot: [[0; NUM_CELLS / 64]; 2],
            all_cells,
        };
        board.rebuild();
        Ok(board)
    }

    /// Recomputes every cache from the cells alone.
    fn rebuild(&mut self) {
        let scratch = self.scratch_info();
        self.info = scratch.into_boxed_slice();
        self.value_sum = [0; 2];
        self.threat_count = [[0; NUM_THREATS]; 2];
        self.hot = [[0; NUM_CELLS / 64]; 2];
        for i in 0..self.all_cells.len() {
            let p = self.all_cells[i];
            if self.cells[p.index()] == EMPTY {
                self.add_cell_terms(p);
            }
        }
        self.near = self.scratch_near().into_boxed_slice();
        self.hash = self.scratch_hash();
    }

    /// Cell caches computed from scratch (for `rebuild` and the consistency
    /// check). Occupied cells get keys but no patterns: they are never read.
    fn scratch_info(&self) -> Vec<CellInfo> {
        let mut info = vec![CellInfo::default(); NUM_CELLS];
        for &p in &self.all_cells {
            let ci = &mut info[p.index()];
            for (d, &dir) in DIRS.iter().enumerate() {
                let mut key = 0u32;
                for k in -5..=5 {
                    if k != 0 {
                        let c = self.cells[p.step(dir, k).index()] as u32;
                        key |= c << key_shift(k);
                    }
                }
                ci.keys[d] = key;
            }
            if self.cells[p.index()] == EMPTY {
                for c in Color::BOTH {
                    let t = &self.tables[c.index()];
                    let mut word = 0u32;
                    for d in 0..4 {
                        word |= (self.patterns.get(ci.keys[d], c.index()) as u32) << (8 * d);
                    }
                    ci.pats[c.index()] = word;
                    let idx = combo_index(word);
                    ci.threat[c.index()] = t.threat[idx];
                    ci.value[c.index()] =
                        eval::cell_value_raw(self.eval, word, t.threat[idx]) as i16;
                }
            }
        }
        info
    }

    fn scratch_near(&self) -> Vec<u8> {
        let mut near = vec![0u8; NUM_CELLS];
        for &p in &self.all_cells {
            if self.cells[p.index()] != EMPTY {
                for (dx, dy) in NEAR_OFFSETS {
                    let q = Pos::new(p.x() + dx, p.y() + dy);
                    near[q.index()] += 1;
                }
            }
        }
        near
    }

    fn scratch_hash(&self) -> u64 {
        let mut h = if self.side == Color::White {
            zobrist::SIDE
        } else {
            0
        };
        for &p in &self.all_cells {
            match self.cells[p.index()] {
                1 => h ^= zobrist::KEYS[0][p.index()],
                2 => h ^= zobrist::KEYS[1][p.index()],
                _ => {}
            }
        }
        h
    }

    /// Compares every incremental cache with a recomputation from scratch.
    /// For tests and debugging; returns the first difference found.
    pub fn check_consistency(&self) -> Result<(), String> {
        let info = self.scratch_info();
        for &p in &self.all_cells {
            let (a, b) = (&self.info[p.index()], &info[p.index()]);
            if a.keys != b.keys {
                return Err(format!("keys differ at {p:?}"));
            }
            if self.cells[p.index()] == EMPTY
                && (a.pats != b.pats || a.threat != b.threat || a.value != b.value)
            {
                return Err(format!("patterns differ at {p:?}"));
            }
        }
        if self.near[..] != self.scratch_near()[..] {
            return Err("neighbourhood counts differ".into());
        }
        if self.hash != self.scratch_hash() {
            return Err("hash differs".into());
        }
        let mut sums = [0i32; 2];
        let mut counts = [[0u16; NUM_THREATS]; 2];
        for &p in &self.all_cells {
            if self.cells[p.index()] == EMPTY {
                for c in 0..2 {
                    sums[c] += info[p.index()].value[c] as i32;
                    counts[c][info[p.index()].threat[c] as usize] += 1;
                }
            }
        }
        if sums != self.value_sum {
            return Err("value sums differ".into());
        }
        if counts != self.threat_count {
            return Err("threat counts differ".into());
        }
        for c in Color::BOTH {
            let hot: Vec<Pos> = self.hot_cells(c).collect();
            let want: Vec<Pos> = self
                .all_cells
                .iter()
                .copied()
                .filter(|&p| {
                    self.cells[p.index()] == EMPTY && info[p.index()].threat[c.index()] >= HOT_MIN
                })
                .collect();
            if hot != want {
                return Err(format!("hot cells differ for {c:?}"));
            }
        }
        Ok(())
    }

    // ----- accessors -------------------------------------------------------

    pub fn width(&self) -> i32 {
        self.width
    }

    pub fn height(&self) -> i32 {
        self.height
    }

    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The colour that moves next.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Sets the side to move without placing a stone (position setup).
    pub fn set_side_to_move(&mut self, c: Color) {
        if c != self.side {
            self.side = c;
            self.hash ^= zobrist::SIDE;
        }
    }

    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Number of stones on the board.
    pub fn stone_count(&self) -> usize {
        self.stack.len()
    }

    /// Number of board cells.
    pub fn cell_count(&self) -> usize {
        self.all_cells.len()
    }

    /// True when no empty cell is left.
    pub fn is_full(&self) -> bool {
        self.stack.len() == self.all_cells.len()
    }

    /// Every board cell, row by row.
    pub fn cells(&self) -> &[Pos] {
        &self.all_cells
    }

    /// The stones in the order they were placed.
    pub fn history(&self) -> impl Iterator<Item = (Pos, Color)> + '_ {
        self.stack.iter().map(|s| (s.pos, s.color))
    }

    pub fn last_move(&self) -> Option<Pos> {
        self.stack.last().map(|s| s.pos)
    }

    /// The move `n` plies back (0 = last move).
    pub fn move_back(&self, n: usize) -> Option<Pos> {
        self.stack
            .len()
            .checked_sub(n + 1)
            .map(|i| self.stack[i].pos)
    }

    /// The board cell at (x, y), if it is on the board.
    pub fn pos(&self, x: i32, y: i32) -> Option<Pos> {
        if (0..self.width).contains(&x) && (0..self.height).contains(&y) {
            Some(Pos::new(x, y))
        } else {
            None
        }
    }

    /// True for cells of this board (not padding).
    #[inline]
    pub fn on_board(&self, p: Pos) -> bool {
        (p.index() < NUM_CELLS) && self.cells[p.index()] != WALL
    }

    /// Raw cell content: 0 empty, 1 black, 2 white, 3 wall.
    #[inline]
    pub fn raw(&self, p: Pos) -> u8 {
        self.cells[p.index()]
    }

    #[inline]
    pub fn is_empty(&self, p: Pos) -> bool {
        self.cells[p.index()] == EMPTY
    }

    /// The stone at `p`, if any.
    #[inline]
    pub fn stone(&self, p: Pos) -> Option<Color> {
        match self.cells[p.index()] {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        }
    }

    /// What a `c` stone at empty `p` makes on line `dir` (0..4).
    #[inline]
    pub fn pattern(&self, p: Pos, c: Color, dir: usize) -> Pattern {
        Pattern::from_u8((self.info[p.index()].pats[c.index()] >> (8 * dir)) as u8)
    }

    /// The four patterns of a `c` stone at empty `p`.
    #[inline]
    pub fn patterns(&self, p: Pos, c: Color) -> [Pattern; 4] {
        self.info[p.index()].pats[c.index()]
            .to_le_bytes()
            .map(Pattern::from_u8)
    }

    /// What a `c` stone at empty `p` threatens across all lines.
    #[inline]
    pub fn threat(&self, p: Pos, c: Color) -> Threat {
        Threat::from_u8(self.info[p.index()].threat[c.index()])
    }

    /// The line key of `p` on direction `dir`.
    #[inline]
    pub fn line_key(&self, p: Pos, dir: usize) -> u32 {
        self.info[p.index()].keys[dir]
    }

    /// The pattern a `c` stone at `p` would make on `dir` if the key were
    /// `key` (used to ask "what if" one more stone stood on the line).
    #[inline]
    pub fn pattern_of_key(&self, c: Color, key: u32) -> Pattern {
        self.patterns.get(key, c.index())
    }

    /// The evaluation weights of the board's rule.
    #[inline]
    pub fn eval_weights(&self) -> &'static EvalWeights {
        self.eval
    }

    /// Evaluation value of empty cell `p` for `c`.
    #[inline]
    pub fn cell_value(&self, p: Pos, c: Color) -> i32 {
        self.info[p.index()].value[c.index()] as i32
    }

    /// Move-ordering score of empty cell `p` for the side `me` (see
    /// [`eval::order_score`]).
    #[inline]
    pub fn order_score(&self, p: Pos, me: Color) -> i32 {
        let ci = &self.info[p.index()];
        let (m, o) = (me.index(), me.flip().index());
        eval::order_score(
            eval::order_weights(self.rule),
            ci.pats[m],
            ci.threat[m],
            ci.pats[o],
            ci.threat[o],
        )
    }

    /// Number of empty cells where `c` has threat class `t`.
    #[inline]
    pub fn threat_count(&self, c: Color, t: Threat) -> u32 {
        self.threat_count[c.index()][t as usize] as u32
    }

    /// Sum over empty cells of `c`'s cell values.
    #[inline]
    pub fn value_sum(&self, c: Color) -> i32 {
        self.value_sum[c.index()]
    }

    /// True when `p` has a stone in its candidate neighbourhood.
    #[inline]
    pub fn is_near(&self, p: Pos) -> bool {
        self.near[p.index()] > 0
    }

    /// Number of stones in the candidate neighbourhood of `p`.
    #[inline]
    pub fn near_count(&self, p: Pos) -> u32 {
        self.near[p.index()] as u32
    }

    // ----- make / undo -----------------------------------------------------

    /// Places a stone of the side to move at `p`. `p` must be an empty board
    /// cell (checked in debug builds; use [`Board::try_place`] for input).
    #[inline]
    pub fn make(&mut self, p: Pos) {
        self.place(p, self.side);
    }

    /// Places a `c` stone at empty `p`; afterwards the other colour moves.
    pub fn place(&mut self, p: Pos, c: Color) {
        debug_assert!(self.is_empty(p), "place on non-empty {p:?}");
        self.stack.push(PlyState {
            pos: p,
            color: c,
            side_before: self.side,
            value_sum: self.value_sum,
            threat_count: self.threat_count,
        });
        for &dir in DIRS.iter() {
            for k in 1..=5 {
                self.saved.push(self.info[p.step(dir, k).index()]);
                self.saved.push(self.info[p.step(dir, -k).index()]);
            }
        }
        self.remove_cell_terms(p);
        self.cells[p.index()] = c.cell();
        self.hash ^= zobrist::KEYS[c.index()][p.index()];
        self.set_side_to_move(c.flip());
        let code = c.cell() as u32;
        for (d, &dir) in DIRS.iter().enumerate() {
            for k in 1..=5 {
                // p seen from the cell k steps ahead is k steps behind it.
                let q = p.step(dir, k);
                self.info[q.index()].keys[d] |= code << key_shift(-k);
                if self.cells[q.index()] == EMPTY {
                    self.update_cell(q, d);
                }
                let q = p.step(dir, -k);
                self.info[q.index()].keys[d] |= code << key_shift(k);
                if self.cells[q.index()] == EMPTY {
                    self.update_cell(q, d);
                }
            }
        }
        for (dx, dy) in NEAR_OFFSETS {
            self.near[p.step(1, dx).step(STRIDE, dy).index()] += 1;
        }
    }

    /// Checked placement for input from outside: off-board and occupied
    /// cells are errors and leave the board unchanged.
    pub fn try_place(&mut self, x: i32, y: i32, c: Color) -> Result<Pos, BoardError> {
        let p = self.pos(x, y).ok_or(BoardError::OffBoard(x, y))?;
        if !self.is_empty(p) {
            return Err(BoardError::Occupied(x, y));
        }
        self.place(p, c);
        Ok(p)
    }

    /// Takes back the last stone. Returns it, or `None` on an empty board.
    pub fn undo(&mut self) -> Option<Pos> {
        let st = self.stack.pop()?;
        let p = st.pos;
        self.cells[p.index()] = EMPTY;
        self.hash ^= zobrist::KEYS[st.color.index()][p.index()];
        self.set_side_to_move(st.side_before);
        self.value_sum = st.value_sum;
        self.threat_count = st.threat_count;
        // The line cells get back the caches saved when the stone was
        // placed, in the order they were saved; every later stone has been
        // taken back, so they are exactly right again.
        let base = self.saved.len() - LINE_CELLS;
        let mut n = base;
        for &dir in DIRS.iter() {
            for k in 1..=5 {
                for q in [p.step(dir, k), p.step(dir, -k)] {
                    let ci = self.saved[n];
                    n += 1;
                    self.info[q.index()] = ci;
                    if self.cells[q.index()] == EMPTY {
                        self.set_hot(q, ci);
                    }
                }
            }
        }
        self.saved.truncate(base);
        // The cell's own caches were frozen while it was occupied, so they
        // are current again.
        let ci = self.info[p.index()];
        self.set_hot(p, ci);
        for (dx, dy) in NEAR_OFFSETS {
            self.near[p.step(1, dx).step(STRIDE, dy).index()] -= 1;
        }
        Some(p)
    }

    /// Sets the hot bits of empty `p` from its threat classes `ci`.
    #[inline]
    fn set_hot(&mut self, p: Pos, ci: CellInfo) {
        let (w, bit) = (p.index() >> 6, 1u64 << (p.index() & 63));
        for c in 0..2 {
            if ci.threat[c] >= HOT_MIN {
                self.hot[c][w] |= bit;
            } else {
                self.hot[c][w] &= !bit;
            }
        }
    }

    /// Passes the move to the other side (null move for threat search).
    pub fn pass(&mut self) {
        self.set_side_to_move(self.side.flip());
    }

    /// Re-reads the pattern of empty `q` on direction `d` for both colours
    /// and refreshes its threat class, value and the running totals.
    #[inline]
    fn update_cell(&mut self, q: Pos, d: usize) {
        let i = q.index();
        let pair = self.patterns.get_pair(self.info[i].keys[d]);
        for c in 0..2 {
            let new_pat = (pair >> (8 * c)) as u8;
            let old = self.info[i].pats[c];
            let shift = 8 * d as u32;
            if (old >> shift) as u8 == new_pat {
                continue;
            }
            let pats = (old & !(0xFF << shift)) | (new_pat as u32) << shift;
            let new_t = self.tables[c].threat[combo_index(pats)];
            let new_v = eval::cell_value_raw(self.eval, pats, new_t) as i16;
            let ci = &mut self.info[i];
            let (old_t, old_v) = (ci.threat[c], ci.value[c]);
            ci.pats[c] = pats;
            ci.threat[c] = new_t;
            ci.value[c] = new_v;
            self.value_sum[c] += new_v as i32 - old_v as i32;
            self.threat_count[c][old_t as usize] -= 1;
            self.threat_count[c][new_t as usize] += 1;
            if (old_t >= HOT_MIN) != (new_t >= HOT_MIN) {
                self.hot[c][i >> 6] ^= 1u64 << (i & 63);
            }
        }
    }

    fn remove_cell_terms(&mut self, p: Pos) {
        let ci = self.info[p.index()];
        for c in 0..2 {
            self.value_sum[c] -= ci.value[c] as i32;
            self.threat_count[c][ci.threat[c] as usize] -= 1;
            self.hot[c][p.index() >> 6] &= !(1u64 << (p.index() & 63));
        }
    }

    fn add_cell_terms(&mut self, p: Pos) {
        let ci = self.info[p.index()];
        for c in 0..2 {
            self.value_sum[c] += ci.value[c] as i32;
            self.threat_count[c][ci.threat[c] as usize] += 1;
            if ci.threat[c] >= HOT_MIN {
                self.hot[c][p.index() >> 6] |= 1u64 << (p.index() & 63);
            }
        }
    }

    /// Empty cells where `c` has an open three, a four, a five (or, renju
    /// Black, a forbidden shape): every cell a threat search looks at, found
    /// without scanning the board.
    pub fn hot_cells(&self, c: Color) -> HotCells {
        HotCells {
            words: self.hot[c.index()],
            word: 0,
        }
    }

    // ----- diagrams ---------------------------------------------------------

    /// Parses an ASCII diagram: one row per line, top row y = 0, cells `x`
    /// (black), `o` (white), `.` or `+` (empty), separated by optional
    /// spaces. Stones are placed row by row (use [`Board::from_moves`] when
    /// the order matters); the side to move is Black if the counts are
    /// equal, White if Black has one more, or as `side` says.
    pub fn from_diagram(diagram: &str, rule: Rule, side: Option<Color>) -> Result<Board, String> {
        let rows: Vec<Vec<u8>> = diagram
            .lines()
            .map(|l| {
                l.chars()
                    .filter(|c| !c.is_whitespace())
                    .map(|c| c as u8)
                    .collect::<Vec<u8>>()
            })
            .filter(|r| !r.is_empty())
            .collect();
        let height = rows.len() as i32;
        let width = rows.first().map_or(0, |r| r.len() as i32);
        if rows.iter().any(|r| r.len() as i32 != width) {
            return Err("ragged diagram".into());
        }
        let mut b = Board::new(width, height, rule).map_err(|e| e.to_string())?;
        let (mut nb, mut nw) = (0, 0);
        for (y, row) in rows.iter().enumerate() {
            for (x, &ch) in row.iter().enumerate() {
                let c = match ch {
                    b'x' | b'X' => Color::Black,
                    b'o' | b'O' => Color::White,
                    b'.' | b'+' | b'*' | b'_' => continue,
                    _ => return Err(format!("bad cell {:?}", ch as char)),
                };
                if c == Color::Black {
                    nb += 1
                } else {
                    nw += 1
                }
                b.place(Pos::new(x as i32, y as i32), c);
            }
        }
        let stm = side.unwrap_or(if nb > nw { Color::White } else { Color::Black });
        b.set_side_to_move(stm);
        Ok(b)
    }

    /// A board from a move list (Black first, alternating).
    pub fn from_moves(
        width: i32,
        height: i32,
        rule: Rule,
        moves: &[(i32, i32)],
    ) -> Result<Board, BoardError> {
        let mut b = Board::new(width, height, rule)?;
        for &(x, y) in moves {
            let c = b.side_to_move();
            b.try_place(x, y, c)?;
        }
        Ok(b)
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for y in 0..self.height {
            for x in 0..self.width {
                let ch = match self.stone(Pos::new(x, y)) {
                    Some(Color::Black) => 'x',
                    Some(Color::White) => 'o',
                    None => '.',
                };
                if x > 0 {
                    write!(f, " ")?;
                }
                write!(f, "{ch}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Board {}x{} {} to move {:?}\n{}",
            self.width, self.height, self.rule, self.side, self
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_offsets_shape() {
        let mut v = NEAR_OFFSETS.to_vec();
        v.sort();
        v.dedup();
        assert_eq!(v.len(), 32);
        assert!(!v.contains(&(0, 0)));
        assert!(v.contains(&(3, 3)) && v.contains(&(-3, 0)) && v.contains(&(2, -1)));
        assert!(!v.contains(&(3, 1)));
    }

    #[test]
    fn make_undo_roundtrip() {
        for rule in Rule::ALL {
            let mut b = Board::new(15, 15, rule).unwrap();
            let h0 = b.hash();
            let moves = [(7, 7), (8, 8), (7, 8), (0, 0), (14, 14), (7, 9), (6, 6)];
            for &(x, y) in &moves {
                let c = b.side_to_move();
                b.try_place(x, y, c).unwrap();
                b.check_consistency().unwrap();
            }
            for _ in &moves {
                b.undo().unwrap();
                b.check_consistency().unwrap();
            }
            assert_eq!(b.hash(), h0);
            assert_eq!(b.undo(), None);
        }
    }

    #[test]
    fn rejects_bad_sizes_and_moves() {
        assert!(Board::new(4, 15, Rule::Freestyle).is_err());
        assert!(Board::new(15, 23, Rule::Freestyle).is_err());
        assert!(Board::new(22, 22, Rule::Freestyle).is_ok());
        assert!(Board::new(5, 5, Rule::Freestyle).is_ok());
        let mut b = Board::new(15, 15, Rule::Freestyle).unwrap();
        assert_eq!(
            b.try_place(15, 0, Color::Black),
            Err(BoardError::OffBoard(15, 0))
        );
        assert_eq!(
            b.try_place(-1, 0, Color::Black),
            Err(BoardError::OffBoard(-1, 0))
        );
        b.try_place(3, 3, Color::Black).unwrap();
        assert_eq!(
            b.try_place(3, 3, Color::White),
            Err(BoardError::Occupied(3, 3))
        );
        assert_eq!(b.stone_count(), 1);
    }
}
