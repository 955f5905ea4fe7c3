//! Drawing a board as text for the terminal front ends.
//!
//! Columns are lettered from `A` (x = 0) and rows numbered from 1 (y = 0),
//! the letter-number form the engine prints (`H8` is the protocol's `7,7`).
//! Row 1 is at the top, as y = 0 is in the protocol. Each cell takes two
//! columns: a separator and the stone. Marked cells (the last move, or the
//! winning line at the end) get brackets in the separators around them, so
//! the marks survive without colour: `. .[X]O .`, and a horizontal line of
//! marked stones reads `[X X X X X]`.

use crate::board::Board;
use crate::types::{Color, Pos};
use std::fmt::Write as _;
use std::io::IsTerminal;

/// How fancy the output may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// ANSI colours (only on a terminal, and not when `NO_COLOR` is set).
    pub color: bool,
    /// Non-ASCII symbols (`×` for a forbidden point) instead of `!`.
    pub unicode: bool,
}

impl Style {
    /// Plain ASCII, no escape sequences: for pipes, files and tests.
    pub const PLAIN: Style = Style {
        color: false,
        unicode: false,
    };

    /// The style for stdout: colour only on a terminal without `NO_COLOR`
    /// (any non-empty value, as no-color.org says); `×` only on a terminal
    /// whose locale says UTF-8.
    pub fn for_stdout() -> Style {
        let tty = std::io::stdout().is_terminal();
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let utf8 = ["LC_ALL", "LC_CTYPE", "LANG"]
            .iter()
            .filter_map(|k| std::env::var(k).ok())
            .find(|v| !v.is_empty())
            .is_some_and(|v| {
                let v = v.to_ascii_lowercase();
                v.contains("utf-8") || v.contains("utf8")
            });
        Style {
            color: tty && !no_color,
            unicode: tty && utf8,
        }
    }

    /// `text` wrapped in the ANSI sequence `sgr` when colour is on.
    pub fn paint(&self, sgr: &str, text: &str) -> String {
        if self.color {
            format!("\x1b[{sgr}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }
}

/// ANSI select-graphic-rendition codes used by the front ends.
pub mod sgr {
    pub const BLACK: &str = "1;36";
    pub const WHITE: &str = "1;33";
    pub const EMPTY: &str = "2";
    pub const MARK: &str = "1;32";
    pub const WIN: &str = "1;97;42";
    pub const FORBIDDEN: &str = "31";
    pub const BOLD: &str = "1";
    pub const ERROR: &str = "1;31";
}

/// The character for a stone of `c`.
pub fn stone_char(c: Color) -> char {
    match c {
        Color::Black => 'X',
        Color::White => 'O',
    }
}

/// A colour's name with its stone, e.g. `Black (X)`.
pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black (X)",
        Color::White => "White (O)",
    }
}

/// What to point out on the board.
#[derive(Clone, Debug, Default)]
pub struct Marks {
    /// Cells framed by brackets: the last move, or the winning line.
    pub framed: Vec<Pos>,
    /// Framed cells are a winning line (highlighted in colour).
    pub winning: bool,
    /// Empty cells forbidden to Black (renju), shown as `!` or `×`.
    pub forbidden: Vec<Pos>,
}

/// The column letter of `x` (boards are at most 22 wide: `A`..`V`).
pub fn column_letter(x: i32) -> char {
    (b'A' + x.clamp(0, 25) as u8) as char
}

/// The board with letters above and below and row numbers on both sides.
pub fn render(board: &Board, marks: &Marks, style: Style) -> String {
    let (w, h) = (board.width(), board.height());
    let framed = |x: i32, y: i32| (0..w).contains(&x) && marks.framed.contains(&Pos::new(x, y));
    let mut letters = String::from("   ");
    for x in 0..w {
        letters.push(' ');
        letters.push(column_letter(x));
    }
    let mut out = String::new();
    out.push_str(&letters);
    out.push('\n');
    for y in 0..h {
        let _ = write!(out, "{:>2} ", y + 1);
        for x in 0..=w {
            // The separator left of cell x (x == w: right of the last cell).
            let sep = match (framed(x - 1, y), framed(x, y)) {
                (false, true) => '[',
                (true, false) => ']',
                _ => ' ',
            };
            if sep == ' ' {
                out.push(' ');
            } else {
                out.push_str(&style.paint(sgr::MARK, &sep.to_string()));
            }
            if x == w {
                break;
            }
            let p = Pos::new(x, y);
            let cell = match board.stone(p) {
                Some(c) => {
                    let ch = stone_char(c).to_string();
                    let code = if marks.winning && framed(x, y) {
                        sgr::WIN
                    } else if c == Color::Black {
                        sgr::BLACK
                    } else {
                        sgr::WHITE
                    };
                    style.paint(code, &ch)
                }
                None if marks.forbidden.contains(&p) => {
                    let ch = if style.unicode { "×" } else { "!" };
                    style.paint(sgr::FORBIDDEN, ch)
                }
                None => style.paint(sgr::EMPTY, "."),
            };
            out.push_str(&cell);
        }
        let _ = writeln!(out, "{}", y + 1);
    }
    out.push_str(&letters);
    out.push('\n');
    out
}

/// Cells in letter-number form, space-separated: `H8 I9 J10`.
pub fn letter_numbers(cells: &[Pos]) -> String {
    let v: Vec<String> = cells.iter().map(|p| p.to_letter_number()).collect();
    v.join(" ")
}

/// A winning line in words: `five in a row at H8 I9 J10 K11 L12` (or six,
/// seven, ... for an overline where it wins).
pub fn line_phrase(cells: &[Pos]) -> String {
    let n = match cells.len() {
        5 => "five".to_string(),
        6 => "six".to_string(),
        7 => "seven".to_string(),
        8 => "eight".to_string(),
        9 => "nine".to_string(),
        n => n.to_string(),
    };
    format!("{n} in a row at {}", letter_numbers(cells))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Rule;

    fn board(moves: &[(i32, i32)]) -> Board {
        Board::from_moves(7, 6, Rule::Freestyle, moves).unwrap()
    }

    #[test]
    fn plain_board_with_last_move() {
        let b = board(&[(0, 0), (1, 0), (3, 2)]);
        let marks = Marks {
            framed: vec![Pos::new(3, 2)],
            ..Marks::default()
        };
        let text = render(&b, &marks, Style::PLAIN);
        let expected = "    A B C D E F G
 1  X O . . . . . 1
 2  . . . . . . . 2
 3  . . .[X]. . . 3
 4  . . . . . . . 4
 5  . . . . . . . 5
 6  . . . . . . . 6
    A B C D E F G
";
        assert_eq!(text, expected);
    }

    #[test]
    fn framed_row_and_edges() {
        let b = board(&[(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]);
        let marks = Marks {
            framed: vec![
                Pos::new(0, 0),
                Pos::new(1, 0),
                Pos::new(2, 0),
                Pos::new(6, 1),
            ],
            winning: true,
            forbidden: vec![Pos::new(4, 4)],
        };
        let text = render(&b, &marks, Style::PLAIN);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1], " 1 [X X X]. . . . 1");
        assert_eq!(lines[2], " 2  O O . . . .[.]2");
        assert_eq!(lines[5], " 5  . . . . ! . . 5");
    }

    #[test]
    fn colour_only_when_asked() {
        let b = board(&[(0, 0)]);
        let plain = render(&b, &Marks::default(), Style::PLAIN);
        assert!(!plain.contains('\x1b'));
        let fancy = Style {
            color: true,
            unicode: true,
        };
        let marks = Marks {
            forbidden: vec![Pos::new(2, 2)],
            ..Marks::default()
        };
        let coloured = render(&b, &marks, fancy);
        assert!(coloured.contains("\x1b[1;36mX\x1b[0m"));
        assert!(coloured.contains('×'));
        assert_eq!(letter_numbers(&[Pos::new(7, 7), Pos::new(0, 9)]), "H8 A10");
        let six: Vec<Pos> = (0..6).map(|x| Pos::new(x, 0)).collect();
        assert_eq!(line_phrase(&six), "six in a row at A1 B1 C1 D1 E1 F1");
        assert_eq!(line_phrase(&six[..5]), "five in a row at A1 B1 C1 D1 E1");
    }
}
