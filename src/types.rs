//! Small value types shared by every module: colours, rules, board positions,
//! scores and depths.

use std::fmt;

/// A stone colour. Black always moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Color {
    Black = 0,
    White = 1,
}

impl Color {
    /// The other colour.
    #[inline]
    pub const fn flip(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White: the index into per-colour arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The code this colour has in a board cell and in line keys (1 or 2).
    #[inline]
    pub const fn cell(self) -> u8 {
        self as u8 + 1
    }

    pub const BOTH: [Color; 2] = [Color::Black, Color::White];
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.flip()
    }
}

/// The game rule. The Gomocup `INFO rule` bitmask maps onto these (see
/// [`Rule::from_gomocup`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Five or more in a row wins, for both colours.
    Freestyle,
    /// Exactly five wins; an overline wins for nobody (and is not forbidden).
    ExactFive,
    /// Renju: Black wins with exactly five and may not play double-three,
    /// double-four or overline; White wins with five or more.
    Renju,
    /// Caro: five or more wins, except a line of exactly five that is
    /// flanked by opponent stones at both ends. The board edge is no flank.
    Caro,
    /// Caro with exactly five (Gomocup rule 9): exactly five wins unless it is
    /// flanked by opponent stones at both ends; an overline never wins.
    CaroExactFive,
}

impl Rule {
    pub const ALL: [Rule; 5] = [
        Rule::Freestyle,
        Rule::ExactFive,
        Rule::Renju,
        Rule::Caro,
        Rule::CaroExactFive,
    ];

    /// Decodes the Gomocup `INFO rule` bitmask: 1 exactly five, 2 continuous
    /// game (accepted, no effect on the rule itself), 4 renju, 8 caro. A bare
    /// 2 is how Yixin-Board asks for renju, and is taken as renju.
    pub fn from_gomocup(code: u32) -> Option<Rule> {
        if code > 15 {
            return None;
        }
        if code == 2 || code & 4 != 0 {
            return Some(Rule::Renju);
        }
        Some(match (code & 8 != 0, code & 1 != 0) {
            (true, true) => Rule::CaroExactFive,
            (true, false) => Rule::Caro,
            (false, true) => Rule::ExactFive,
            (false, false) => Rule::Freestyle,
        })
    }

    /// The Gomocup code for this rule.
    pub fn gomocup_code(self) -> u32 {
        match self {
            Rule::Freestyle => 0,
            Rule::ExactFive => 1,
            Rule::Renju => 4,
            Rule::Caro => 8,
            Rule::CaroExactFive => 9,
        }
    }

    /// The rule that decides a line for `color`.
    pub fn line_rule(self, color: Color) -> LineRule {
        match (self, color) {
            (Rule::Freestyle, _) => LineRule::FiveOrMore,
            (Rule::ExactFive, _) => LineRule::ExactFive,
            (Rule::Renju, Color::Black) => LineRule::RenjuBlack,
            (Rule::Renju, Color::White) => LineRule::FiveOrMore,
            (Rule::Caro, _) => LineRule::Caro,
            (Rule::CaroExactFive, _) => LineRule::CaroExactFive,
        }
    }

    /// True when `color` has forbidden points under this rule (renju
    /// Black: overlines, double fours, double threes).
    pub fn has_forbidden(self, color: Color) -> bool {
        self.line_rule(color) == LineRule::RenjuBlack
    }

    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::ExactFive => "exactfive",
            Rule::Renju => "renju",
            Rule::Caro => "caro",
            Rule::CaroExactFive => "caro5",
        }
    }

    pub fn from_name(s: &str) -> Option<Rule> {
        match s.to_ascii_lowercase().as_str() {
            "freestyle" | "gomoku" | "0" => Some(Rule::Freestyle),
            "exactfive" | "exact" | "standard" | "1" => Some(Rule::ExactFive),
            "renju" | "4" | "2" => Some(Rule::Renju),
            "caro" | "8" => Some(Rule::Caro),
            "caro5" | "caroexactfive" | "9" => Some(Rule::CaroExactFive),
            _ => None,
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How one line is judged for one colour. The pattern tables are built per
/// line rule; a [`Rule`] picks one per colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineRule {
    /// Five or more wins.
    FiveOrMore,
    /// Exactly five wins; six or more is nothing.
    ExactFive,
    /// Exactly five wins; six or more is forbidden; two fours on one line are
    /// marked so that the double-four can be detected.
    RenjuBlack,
    /// Five or more wins unless it is exactly five flanked by opponent stones.
    Caro,
    /// Exactly five, not flanked at both ends by opponent stones, wins.
    CaroExactFive,
}

impl LineRule {
    pub const ALL: [LineRule; 5] = [
        LineRule::FiveOrMore,
        LineRule::ExactFive,
        LineRule::RenjuBlack,
        LineRule::Caro,
        LineRule::CaroExactFive,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }
}

/// Cells of padding around the board on every side; line windows reach five
/// cells out, so every window of a board cell stays inside the array.
pub const PAD: i32 = 5;
/// Row stride of the padded cell array.
pub const STRIDE: i32 = 32;
/// Largest supported board side.
pub const MAX_SIZE: i32 = STRIDE - 2 * PAD;
/// Smallest supported board side.
pub const MIN_SIZE: i32 = 5;
/// Number of cells in the padded array.
pub const NUM_CELLS: usize = (STRIDE * STRIDE) as usize;

/// Offsets of the four line directions in the padded array: horizontal,
/// vertical, diagonal (x+1, y+1) and anti-diagonal (x-1, y+1).
pub const DIRS: [i32; 4] = [1, STRIDE, STRIDE + 1, STRIDE - 1];
/// The same directions as (dx, dy).
pub const DIR_XY: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (-1, 1)];

/// A cell of the padded board array. Board cells have x in 0..width and y in
/// 0..height; `Pos::NONE` is a padding cell and never a board cell.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Pos(pub u16);

impl Pos {
    pub const NONE: Pos = Pos(0);

    /// The cell at (x, y). Only meaningful for -PAD <= x, y < MAX_SIZE + PAD.
    #[inline]
    pub const fn new(x: i32, y: i32) -> Pos {
        Pos(((y + PAD) * STRIDE + (x + PAD)) as u16)
    }

    #[inline]
    pub const fn x(self) -> i32 {
        (self.0 as i32 % STRIDE) - PAD
    }

    #[inline]
    pub const fn y(self) -> i32 {
        (self.0 as i32 / STRIDE) - PAD
    }

    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The cell `k` steps along direction offset `dir` (may be negative).
    #[inline]
    pub const fn step(self, dir: i32, k: i32) -> Pos {
        Pos((self.0 as i32 + dir * k) as u16)
    }

    #[inline]
    pub fn is_none(self) -> bool {
        self == Pos::NONE
    }

    /// Letter-number notation: letter = x from `A`, number = y + 1 (`H8` is
    /// 7,7). Columns past `Z` are not needed (boards are at most 22 wide).
    pub fn to_letter_number(self) -> String {
        let x = self.x();
        let letter = (b'A' + x.clamp(0, 25) as u8) as char;
        format!("{}{}", letter, self.y() + 1)
    }

    /// Protocol notation `x,y`.
    pub fn to_xy(self) -> String {
        format!("{},{}", self.x(), self.y())
    }
}

impl fmt::Debug for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_none() {
            write!(f, "none")
        } else {
            write!(f, "{},{}", self.x(), self.y())
        }
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x(), self.y())
    }
}

/// Search score, from the side to move's point of view.
pub type Score = i32;
/// Search depth in plies.
pub type Depth = i32;

/// Score of a win in 0 plies; a win in n plies scores `WIN - n`.
pub const WIN: Score = 30_000;
/// Scores at or beyond this magnitude are proven wins or losses.
pub const WIN_MIN: Score = WIN - 1_000;
/// Larger than every real score.
pub const INFINITE: Score = 32_000;
/// The score of a drawn (full) board.
pub const DRAW: Score = 0;

/// A win for the side to move `ply` plies from the root.
#[inline]
pub const fn win_in(ply: i32) -> Score {
    WIN - ply
}

/// A loss for the side to move `ply` plies from the root.
#[inline]
pub const fn loss_in(ply: i32) -> Score {
    -WIN + ply
}

/// True for scores that are proven wins or losses.
#[inline]
pub const fn is_decisive(s: Score) -> bool {
    s >= WIN_MIN || s <= -WIN_MIN
}

/// Bound type of a transposition-table score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Bound {
    None = 0,
    Upper = 1,
    Lower = 2,
    Exact = 3,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pos_roundtrip() {
        for y in 0..MAX_SIZE {
            for x in 0..MAX_SIZE {
                let p = Pos::new(x, y);
                assert_eq!((p.x(), p.y()), (x, y));
                assert!(!p.is_none());
            }
        }
        assert_eq!(Pos::new(7, 7).to_letter_number(), "H8");
        assert_eq!(Pos::new(0, 14).to_letter_number(), "A15");
    }

    #[test]
    fn gomocup_rule_codes() {
        assert_eq!(Rule::from_gomocup(0), Some(Rule::Freestyle));
        assert_eq!(Rule::from_gomocup(1), Some(Rule::ExactFive));
        assert_eq!(Rule::from_gomocup(2), Some(Rule::Renju));
        assert_eq!(Rule::from_gomocup(4), Some(Rule::Renju));
        assert_eq!(Rule::from_gomocup(5), Some(Rule::Renju));
        assert_eq!(Rule::from_gomocup(8), Some(Rule::Caro));
        assert_eq!(Rule::from_gomocup(9), Some(Rule::CaroExactFive));
        assert_eq!(Rule::from_gomocup(3), Some(Rule::ExactFive));
        assert_eq!(Rule::from_gomocup(16), None);
        for r in Rule::ALL {
            assert_eq!(Rule::from_gomocup(r.gomocup_code()), Some(r));
        }
    }

    #[test]
    fn only_renju_black_has_forbidden_points() {
        for r in Rule::ALL {
            for c in [Color::Black, Color::White] {
                let expected = r == Rule::Renju && c == Color::Black;
                assert_eq!(r.has_forbidden(c), expected, "{r:?} {c:?}");
            }
        }
    }
}
