//! Line patterns and their lookup tables.
//!
//! For every empty cell, every direction and every colour the board keeps a
//! *line key*: the ten cells around it on that line (five on each side), two
//! bits each (0 empty, 1 black, 2 white, 3 off the board). The pattern of
//! the cell is what a stone of that colour placed there makes on the line:
//! a five, a four, a three and so on. Patterns are read from a table indexed
//! by the key; the table is generated here by a recursive definition, never
//! typed by hand:
//!
//! * five: the run of own stones through the centre is a winning five under
//!   the line rule;
//! * four: exactly one empty cell of the window turns the line into a five
//!   (through the centre); open four: two or more such cells;
//! * three: some cell turns it into an open four (open three), or only into a
//!   four (closed three); twos and ones likewise one level down.
//!
//! Only shapes through the centre count, so an unrelated three elsewhere in
//! the window does not make the centre a three.

use crate::types::{Color, LineRule, Rule};
use std::sync::OnceLock;

/// What one stone makes on one line. Ordered from weakest to strongest, except
/// that [`Pattern::DoubleFour`] (renju Black only) sits at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Pattern {
    /// No five can ever pass through the centre on this line.
    Dead = 0,
    /// Six or more in a row that does not win (exactly-five rules) or is
    /// forbidden (renju Black).
    Overline = 1,
    /// A closed one: one stone that can grow into a closed two.
    B1 = 2,
    /// An open one.
    F1 = 3,
    /// A closed two: can become a closed three.
    B2 = 4,
    /// An open two: one way to become an open three.
    F2 = 5,
    /// An open two with two ways to an open three.
    F2A = 6,
    /// An open two with three or more ways to an open three.
    F2B = 7,
    /// A closed three: can become a four but not an open four.
    B3 = 8,
    /// An open three: one cell makes it an open four.
    F3 = 9,
    /// An open three with two or more cells that make an open four.
    F3S = 10,
    /// A four: exactly one cell completes a five.
    B4 = 11,
    /// An open four: two cells complete a five (for non-renju rules this also
    /// covers two fours on one line, which is just as unstoppable).
    F4 = 12,
    /// A winning five.
    F5 = 13,
    /// Renju Black only: two separate fours on one line (`X.XXX.X`), a
    /// forbidden double-four unless the move also makes five.
    DoubleFour = 14,
}

/// Number of distinct patterns.
pub const NUM_PATTERNS: usize = 15;

impl Pattern {
    pub const ALL: [Pattern; NUM_PATTERNS] = [
        Pattern::Dead,
        Pattern::Overline,
        Pattern::B1,
        Pattern::F1,
        Pattern::B2,
        Pattern::F2,
        Pattern::F2A,
        Pattern::F2B,
        Pattern::B3,
        Pattern::F3,
        Pattern::F3S,
        Pattern::B4,
        Pattern::F4,
        Pattern::F5,
        Pattern::DoubleFour,
    ];

    #[inline]
    pub fn from_u8(v: u8) -> Pattern {
        Pattern::ALL[v as usize]
    }

    /// Any kind of four (a move here threatens five next).
    #[inline]
    pub fn is_four(self) -> bool {
        matches!(self, Pattern::B4 | Pattern::F4 | Pattern::DoubleFour)
    }

    /// An open three of either kind.
    #[inline]
    pub fn is_flex3(self) -> bool {
        matches!(self, Pattern::F3 | Pattern::F3S)
    }

    /// An open two of any kind.
    #[inline]
    pub fn is_flex2(self) -> bool {
        matches!(self, Pattern::F2 | Pattern::F2A | Pattern::F2B)
    }
}

/// Bits in a line key: ten neighbours of two bits.
pub const KEY_BITS: u32 = 20;
/// Entries in one pattern table.
pub const TABLE_SIZE: usize = 1 << KEY_BITS;
/// Cell codes inside a key.
pub const EMPTY: u32 = 0;
pub const WALL: u32 = 3;

/// Bit offset, inside a key, of the neighbour at signed distance `k` from the
/// centre (k in -5..=5, k != 0). Window index i = k + 5; the centre (i = 5)
/// has no bits, so indices above it shift down by one.
#[inline]
pub const fn key_shift(k: i32) -> u32 {
    let i = k + 5;
    if i < 5 {
        (2 * i) as u32
    } else {
        (2 * (i - 1)) as u32
    }
}

/// The code (0..=3) of the neighbour at distance `k` in `key`.
#[inline]
pub const fn key_cell(key: u32, k: i32) -> u32 {
    (key >> key_shift(k)) & 3
}

/// `key` with the neighbour at distance `k` set to `code`.
#[inline]
pub const fn key_with(key: u32, k: i32, code: u32) -> u32 {
    (key & !(3 << key_shift(k))) | (code << key_shift(k))
}

/// Swaps black (1) and white (2) codes in a key, leaving empty and wall.
#[inline]
pub fn swap_colors(key: u32) -> u32 {
    // A cell's two bits differ exactly for codes 1 and 2; flipping both
    // bits of those cells swaps them and leaves 0 and 3 alone.
    let differ = (key ^ (key >> 1)) & 0x5_5555;
    key ^ (differ | differ << 1)
}

/// The pattern table of one game rule: for every line key the pattern a
/// black stone and a white stone at the centre would make, packed as
/// `black | white << 4` (a pattern fits in four bits) so that one byte
/// load serves both colours and the table stays small enough for the
/// cache: 1 MB for exact five and renju, 64 KB for freestyle.
///
/// When both colours play five-or-more (freestyle), the outermost cell on
/// each side never changes a pattern (a five through the centre lies within
/// four cells of it, and a longer run already contains one), so the table
/// drops those two cells: 64 K entries.
pub struct RuleTable {
    data: &'static [u8],
    shift: u32,
    mask: u32,
}

impl RuleTable {
    /// Both colours' patterns for `key`: `black | white << 4`.
    #[inline]
    pub fn get_pair(&self, key: u32) -> u8 {
        self.data[((key >> self.shift) & self.mask) as usize]
    }

    /// The pattern of `color` (0 black, 1 white) for `key`.
    #[inline]
    pub fn get(&self, key: u32, color: usize) -> Pattern {
        Pattern::from_u8((self.get_pair(key) >> (4 * color)) & 0xF)
    }

    /// How many cells each way along a line the patterns depend on: 4 for
    /// the compact table (five or more wins for both colours), 5 otherwise.
    #[inline]
    pub fn reach(&self) -> i32 {
        if self.shift == 2 {
            4
        } else {
            5
        }
    }

    /// Number of entries (for tests and memory accounting).
    pub fn len(&self) -> usize {
        self.data.len()
    }

    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }
}

/// Classifies one key with code 1 as the own colour, memoised in `memo`
/// (0xFF = not yet known). The centre holds an own stone.
fn classify(key: u32, rule: LineRule, memo: &mut [u8]) -> Pattern {
    let m = memo[key as usize];
    if m != 0xFF {
        return Pattern::from_u8(m);
    }
    let p = classify_uncached(key, rule, memo);
    memo[key as usize] = p as u8;
    p
}

fn classify_uncached(key: u32, rule: LineRule, memo: &mut [u8]) -> Pattern {
    // Run of own stones through the centre.
    let mut left = 0;
    while left < 5 && key_cell(key, -(left + 1)) == 1 {
        left += 1;
    }
    let mut right = 0;
    while right < 5 && key_cell(key, right + 1) == 1 {
        right += 1;
    }
    let len = 1 + left + right;
    if len >= 5 {
        let flanked = || {
            // Both cells just outside the run are opponent stones. A run of
            // exactly five has both flanks inside the window.
            left < 5
                && right < 5
                && key_cell(key, -(left + 1)) == 2
                && key_cell(key, right + 1) == 2
        };
        return match rule {
            LineRule::FiveOrMore => Pattern::F5,
            LineRule::ExactFive | LineRule::RenjuBlack => {
                if len == 5 {
                    Pattern::F5
                } else {
                    Pattern::Overline
                }
            }
            LineRule::Caro => {
                if len == 5 && flanked() {
                    Pattern::Dead
                } else {
                    Pattern::F5
                }
            }
            LineRule::CaroExactFive => {
                if len > 5 {
                    Pattern::Overline
                } else if flanked() {
                    Pattern::Dead
                } else {
                    Pattern::F5
                }
            }
        };
    }

    // Children: the same line with one more own stone on an empty cell,
    // tallied by what they make.
    let mut fives = [0i32; 10];
    let (mut n_fives, mut flex4, mut block4, mut flex3, mut block3, mut flex2, mut block2) =
        (0, 0, 0, 0, 0, 0, 0);
    for k in -5..=5 {
        if k == 0 || key_cell(key, k) != EMPTY {
            continue;
        }
        match classify(key_with(key, k, 1), rule, memo) {
            Pattern::F5 => {
                fives[n_fives] = k;
                n_fives += 1;
            }
            Pattern::F4 => flex4 += 1,
            Pattern::B4 => block4 += 1,
            p if p.is_flex3() => flex3 += 1,
            Pattern::B3 => block3 += 1,
            p if p.is_flex2() => flex2 += 1,
            Pattern::B2 => block2 += 1,
            _ => {}
        }
    }
    let fives = &fives[..n_fives];
    if fives.len() >= 2 {
        if rule == LineRule::RenjuBlack {
            // A straight four: two completion cells five apart with four own
            // stones (the centre among them) between. Anything else with two
            // completion cells is two separate fours on one line.
            let straight = fives.iter().any(|&a| {
                fives.contains(&(a + 5)) && (a + 1..a + 5).all(|k| k == 0 || key_cell(key, k) == 1)
            });
            return if straight {
                Pattern::F4
            } else {
                Pattern::DoubleFour
            };
        }
        return Pattern::F4;
    }
    if fives.len() == 1 {
        return Pattern::B4;
    }
    // For renju Black a double four on one line is a forbidden cell, so it is
    // not a way to grow a three.
    if flex4 >= 2 {
        return Pattern::F3S;
    }
    if flex4 == 1 {
        return Pattern::F3;
    }
    if block4 > 0 {
        return Pattern::B3;
    }
    match flex3 {
        0 => {}
        1 => return Pattern::F2,
        2 => return Pattern::F2A,
        _ => return Pattern::F2B,
    }
    if block3 > 0 {
        return Pattern::B2;
    }
    if flex2 > 0 {
        return Pattern::F1;
    }
    if block2 > 0 {
        return Pattern::B1;
    }
    Pattern::Dead
}

/// Generates the table of `rule` with black as the own colour.
///
/// Only keys a board can produce are classified: off-board cells run from
/// the far end of each side (a wall at distance `d` means walls beyond
/// it). The outermost cell on each side is left free, as the compact
/// freestyle table reads keys with those cells emptied. That is about a
/// fifth of all keys; the rest stay `Dead`.
pub fn generate(rule: LineRule) -> Vec<u8> {
    // Each side's inner four cells, nearest first: codes with the walls
    // (if any) at the far end.
    let mut sides = Vec::with_capacity(121);
    for code in 0..256u32 {
        let cells: Vec<u32> = (0..4).map(|i| (code >> (2 * i)) & 3).collect();
        let first_wall = cells.iter().position(|&c| c == WALL).unwrap_or(4);
        if cells[first_wall..].iter().all(|&c| c == WALL) {
            sides.push(cells);
        }
    }
    let mut memo = vec![0xFFu8; TABLE_SIZE];
    for left in &sides {
        for right in &sides {
            let mut key = 0;
            for d in 1..=4 {
                key = key_with(key, -d, left[d as usize - 1]);
                key = key_with(key, d, right[d as usize - 1]);
            }
            for outer in 0..16 {
                let k = key_with(key_with(key, -5, outer & 3), 5, outer >> 2);
                classify(k, rule, &mut memo);
            }
        }
    }
    for m in memo.iter_mut().filter(|m| **m == 0xFF) {
        *m = Pattern::Dead as u8;
    }
    memo
}

/// Classifies a single line given as cells from black's view, for tests and
/// tools: `line[5]` is the centre (ignored, taken as black), other entries 0
/// empty, 1 black, 2 white, 3 off board.
pub fn classify_line(line: [u8; 11], rule: LineRule) -> Pattern {
    let mut key = 0;
    for (i, &c) in line.iter().enumerate() {
        if i != 5 {
            key = key_with(key, i as i32 - 5, c as u32);
        }
    }
    let game_rule = match rule {
        LineRule::FiveOrMore => Rule::Freestyle,
        LineRule::ExactFive => Rule::ExactFive,
        LineRule::RenjuBlack => Rule::Renju,
        LineRule::Caro => Rule::Caro,
        LineRule::CaroExactFive => Rule::CaroExactFive,
    };
    rule_table(game_rule).get(key, 0)
}

/// Each game rule's table (indexed as `Rule::ALL`), once taken up.
static TABLES: [OnceLock<RuleTable>; 5] = [
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
    OnceLock::new(),
];

fn table_slot(rule: Rule) -> &'static OnceLock<RuleTable> {
    let slot = Rule::ALL.iter().position(|&r| r == rule).unwrap_or(0);
    &TABLES[slot]
}

/// The table of a game rule, shared read-only by every board and thread.
/// Its bytes were generated when the engine was built (`build.rs` runs
/// [`packed_table`]) and are part of the binary, so that no game waits for
/// them: generated at start-up they took 20-50 ms a rule, which came out
/// of the first move's time.
pub fn rule_table(rule: Rule) -> &'static RuleTable {
    table_slot(rule).get_or_init(|| {
        let (shift, mask) = table_shape(rule);
        let data = crate::rules::built_table(rule);
        RuleTable { data, shift, mask }
    })
}

/// True once the table of `rule` has been taken up (nothing is done here).
pub fn rule_table_ready(rule: Rule) -> bool {
    table_slot(rule).get().is_some()
}

/// Both colours' patterns (`Pattern as u8`) in one byte.
fn pack(black: u8, white: u8) -> u8 {
    const _: () = assert!(NUM_PATTERNS <= 16);
    black | white << 4
}

/// The shift and mask that turn a key into an index of `rule`'s table:
/// the compact table when five or more wins for both colours (the index
/// is the key without its two outermost cells), the whole key otherwise.
fn table_shape(rule: Rule) -> (u32, u32) {
    let five_or_more = |c| rule.line_rule(c) == LineRule::FiveOrMore;
    if five_or_more(Color::Black) && five_or_more(Color::White) {
        (2, 0xFFFF)
    } else {
        (0, (TABLE_SIZE - 1) as u32)
    }
}

/// The bytes of `rule`'s [`RuleTable`], from the line rules of both
/// colours: what `build.rs` writes and the binary carries.
pub fn packed_table(rule: Rule) -> Vec<u8> {
    let black_rule = rule.line_rule(Color::Black);
    let white_rule = rule.line_rule(Color::White);
    let black = generate(black_rule);
    let white = if white_rule == black_rule {
        None
    } else {
        Some(generate(white_rule))
    };
    let white_of = |k: u32| match &white {
        Some(w) => w[swap_colors(k) as usize],
        None => black[swap_colors(k) as usize],
    };
    let (shift, mask) = table_shape(rule);
    (0..=mask)
        .map(|i| {
            let k = i << shift;
            pack(black[k as usize], white_of(k))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_or_more_ignores_the_outermost_cells() {
        // The compact freestyle table relies on this.
        let t = generate(LineRule::FiveOrMore);
        let outer = 3 | (3 << 18);
        for k in 0..TABLE_SIZE as u32 {
            assert_eq!(t[k as usize], t[(k & !outer) as usize], "key {k:#x}");
        }
    }

    #[test]
    fn every_key_a_board_can_make_is_classified() {
        // Walls run from the far end of each side on a real board: such a
        // key's entry equals a classification from scratch. Keys with a
        // wall before a non-wall among the inner four cells of a side are
        // left Dead (the outermost cells are free, see `generate`).
        let walls_outward = |k: u32, reach: i32| {
            [-1, 1].iter().all(|&dir| {
                let cells: Vec<u32> = (1..=reach).map(|d| key_cell(k, dir * d)).collect();
                let first = cells.iter().position(|&c| c == WALL).unwrap_or(cells.len());
                cells[first..].iter().all(|&c| c == WALL)
            })
        };
        for rule in [LineRule::FiveOrMore, LineRule::RenjuBlack, LineRule::Caro] {
            let t = generate(rule);
            let mut fresh = vec![0xFFu8; TABLE_SIZE];
            for k in (0..TABLE_SIZE as u32).step_by(7) {
                if walls_outward(k, 5) {
                    assert_eq!(t[k as usize], classify(k, rule, &mut fresh) as u8, "{k:#x}");
                } else if !walls_outward(k, 4) {
                    assert_eq!(t[k as usize], Pattern::Dead as u8, "{k:#x}");
                }
            }
        }
    }

    #[test]
    fn the_tables_built_with_the_binary_are_what_the_generator_makes() {
        // `build.rs` ran this file's generator when the crate was built; a
        // table embedded from a stale or foreign build would differ here.
        for rule in Rule::ALL {
            let built = crate::rules::built_table(rule);
            let generated = packed_table(rule);
            assert_eq!(built.len(), generated.len(), "{rule:?}");
            assert!(built == generated.as_slice(), "{rule:?}");
            assert!(
                std::ptr::eq(rule_table(rule).data.as_ptr(), built.as_ptr()),
                "{rule:?}: the board reads the built table"
            );
        }
    }

    #[test]
    fn white_entries_mirror_black() {
        for rule in [Rule::Freestyle, Rule::ExactFive, Rule::Caro] {
            let t = rule_table(rule);
            for k in (0..TABLE_SIZE as u32).step_by(97) {
                assert_eq!(t.get(k, 1), t.get(swap_colors(k), 0), "{rule:?} {k:#x}");
            }
        }
        assert_eq!(rule_table(Rule::Freestyle).len(), 1 << 16);
        assert_eq!(rule_table(Rule::Renju).len(), TABLE_SIZE);
    }

    #[test]
    fn the_packed_table_holds_both_colours_patterns() {
        // Every pattern value, the largest included, survives packing two
        // into a byte, for each colour and each kind of table.
        for rule in [Rule::Freestyle, Rule::Renju, Rule::ExactFive] {
            let t = rule_table(rule);
            let black = generate(rule.line_rule(Color::Black));
            let white = generate(rule.line_rule(Color::White));
            let mut seen = [false; NUM_PATTERNS];
            for k in (0..TABLE_SIZE as u32).step_by(3) {
                let (b, w) = (t.get(k, 0), t.get(k, 1));
                assert_eq!(b as u8, black[k as usize], "{rule:?} {k:#x}");
                assert_eq!(w as u8, white[swap_colors(k) as usize], "{rule:?} {k:#x}");
                seen[b as usize] = true;
            }
            assert!(seen[Pattern::F5 as usize], "{rule:?}: fives among the keys");
            if rule == Rule::Renju {
                assert!(seen[Pattern::DoubleFour as usize], "the largest value");
            }
        }
    }

    /// Parses a line like "..xx.o" centred on the `*` (the cell played).
    fn line(s: &str) -> [u8; 11] {
        let chars: Vec<char> = s.chars().collect();
        let c = chars.iter().position(|&ch| ch == '*').expect("centre");
        let mut out = [WALL as u8; 11];
        for (i, ch) in chars.iter().enumerate() {
            let w = i as i32 - c as i32 + 5;
            if (0..11).contains(&w) {
                out[w as usize] = match ch {
                    '.' => 0,
                    'x' | '*' => 1,
                    'o' => 2,
                    '|' => 3,
                    _ => panic!("bad char"),
                };
            }
        }
        out
    }

    fn pat(s: &str, r: LineRule) -> Pattern {
        classify_line(line(s), r)
    }

    #[test]
    fn fives_and_overlines() {
        use LineRule::*;
        for r in LineRule::ALL {
            assert_eq!(pat("...xx*xx...", r), Pattern::F5, "{r:?}");
        }
        assert_eq!(pat("..xxx*xx...", FiveOrMore), Pattern::F5);
        assert_eq!(pat("..xxx*xx...", ExactFive), Pattern::Overline);
        assert_eq!(pat("..xxx*xx...", RenjuBlack), Pattern::Overline);
        assert_eq!(pat("..xxx*xx...", Caro), Pattern::F5);
        assert_eq!(pat("..xxx*xx...", CaroExactFive), Pattern::Overline);
        // Caro: flanked at both ends by the opponent: not a five.
        assert_eq!(pat("..oxx*xxo..", Caro), Pattern::Dead);
        assert_eq!(pat("..oxx*xxo..", CaroExactFive), Pattern::Dead);
        assert_eq!(pat("..oxx*xxo..", FiveOrMore), Pattern::F5);
        // One flank only, or the edge: still five.
        assert_eq!(pat("..oxx*xx...", Caro), Pattern::F5);
        assert_eq!(pat("|xx*xxo..", Caro), Pattern::F5);
        // Overline flanked: wins in caro (five or more), not in caro5.
        assert_eq!(pat(".oxxx*xxo..", Caro), Pattern::F5);
    }

    #[test]
    fn fours_threes_twos() {
        use LineRule::*;
        assert_eq!(pat("...x*xx....", FiveOrMore), Pattern::F4);
        assert_eq!(pat("..ox*xx....", FiveOrMore), Pattern::B4);
        assert_eq!(pat("...x*x.x...", FiveOrMore), Pattern::B4);
        assert_eq!(pat("..x.*xx.x..", FiveOrMore), Pattern::F4);
        assert_eq!(pat("..x.*xx.x..", RenjuBlack), Pattern::DoubleFour);
        assert_eq!(pat("....*xx....", FiveOrMore), Pattern::F3S);
        assert_eq!(pat("...o*xx....", FiveOrMore), Pattern::B3);
        assert_eq!(pat("....*x.x...", FiveOrMore), Pattern::F3);
        assert_eq!(pat("...o*xx..o.", FiveOrMore), Pattern::B3);
        assert_eq!(pat("....*x.....", FiveOrMore), Pattern::F2B);
        // Renju: a three whose open four would need an overline cell is closed.
        assert_eq!(pat("x..*xx.o...", RenjuBlack), Pattern::B3);
        assert_eq!(pat("x..*xx.o...", FiveOrMore), Pattern::F3);
        assert_eq!(pat("x.x*xx.....", RenjuBlack), Pattern::B4);
        assert_eq!(pat(".o.*xx.o...", FiveOrMore), Pattern::B3);
        assert_eq!(pat("|*xxx.", FiveOrMore), Pattern::B4);
        assert_eq!(pat("o*...o", FiveOrMore), Pattern::Dead);
        assert_eq!(pat("o*....o", FiveOrMore), Pattern::B1);
        assert_eq!(pat("o*.....o", FiveOrMore), Pattern::B1);
    }

    #[test]
    fn swap_is_involution() {
        for k in [0u32, 0b01_10_11_00_01, 0xF_FFFF, 0x5_5555, 0xA_AAAA] {
            assert_eq!(swap_colors(swap_colors(k)), k);
        }
    }
}
