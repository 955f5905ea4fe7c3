//! Renju forbidden points for Black: overline, double four (two fours on one
//! line included) and double three, where a three counts only if it can
//! become a straight four through a cell that is itself allowed — checked
//! recursively to whatever depth the position needs.
//!
//! The semantics follow the Gomocup referees (Piskvork's `renju.cpp` and
//! GomocupJudge), which every tournament game is judged by:
//! * a move that makes exactly five is never forbidden, whatever else it makes;
//! * a three is real only if one of its straight-four completion cells is
//!   neither forbidden nor a five for Black (a completion cell that already
//!   makes five is the four's winning point, not a way to grow the three).

use super::pattern::{key_with, Pattern};
use super::threat::Threat;
use crate::board::Board;
use crate::types::{Color, Pos, Rule, DIRS};

impl Board {
    /// True if Black may not play at empty `p` under renju. Always false for
    /// other rules, for occupied cells and for White.
    pub fn is_forbidden(&mut self, p: Pos) -> bool {
        if self.rule() != Rule::Renju || !self.is_empty(p) {
            return false;
        }
        match self.threat(p, Color::Black) {
            Threat::Five => false,
            Threat::Forbidden => true,
            // Two open threes, alongside anything short of a five (a four
            // does not excuse a double three), need the recursive check.
            _ => self.flex3_count(p) >= 2 && self.is_double_three(p),
        }
    }

    /// Cheap pre-check: true if `p` might be forbidden for Black, i.e. the
    /// full check in [`Board::is_forbidden`] is needed before playing it.
    #[inline]
    pub fn forbidden_candidate(&self, p: Pos) -> bool {
        self.rule() == Rule::Renju
            && match self.threat(p, Color::Black) {
                Threat::Five => false,
                Threat::Forbidden => true,
                _ => self.flex3_count(p) >= 2,
            }
    }

    /// True if the side `c` may play at empty `p` (only renju Black has
    /// restrictions).
    #[inline]
    pub fn is_legal_for(&mut self, p: Pos, c: Color) -> bool {
        self.is_empty(p)
            && (c == Color::White || !self.forbidden_candidate(p) || !self.is_forbidden(p))
    }

    /// Every cell `c` may play, row by row: the empty ones, less Black's
    /// forbidden points under renju.
    pub fn legal_moves(&mut self, c: Color) -> Vec<Pos> {
        let cells: Vec<Pos> = self.cells().to_vec();
        cells
            .into_iter()
            .filter(|&p| self.is_legal_for(p, c))
            .collect()
    }

    /// True if `c`, to move, has empty cells left but may play none of
    /// them (renju Black with only forbidden points).
    pub fn no_legal_move(&mut self, c: Color) -> bool {
        self.rule().has_forbidden(c) && !self.is_full() && self.legal_moves(c).is_empty()
    }

    fn flex3_count(&self, p: Pos) -> usize {
        self.patterns(p, Color::Black)
            .iter()
            .filter(|x| x.is_flex3())
            .count()
    }

    /// `p` makes two or more open threes for Black (and no five, four or
    /// overline): are at least two of them real?
    fn is_double_three(&mut self, p: Pos) -> bool {
        let pats = self.patterns(p, Color::Black);
        // Completion cells of each three, found before the stone is placed:
        // the cells that would turn the line through p into a straight four.
        let mut completions: [[Pos; 4]; 4] = [[Pos::NONE; 4]; 4];
        for d in 0..4 {
            if !pats[d].is_flex3() {
                continue;
            }
            let key = self.line_key(p, d);
            let mut n = 0;
            for k in -5..=5 {
                let q = p.step(DIRS[d], k);
                if k == 0 || !self.is_empty(q) {
                    continue;
                }
                if self.pattern_of_key(Color::Black, key_with(key, k, 1)) == Pattern::F4 && n < 4 {
                    completions[d][n] = q;
                    n += 1;
                }
            }
        }
        self.place(p, Color::Black);
        let mut real = 0;
        for cells in completions.iter() {
            let is_real = cells
                .iter()
                .take_while(|q| !q.is_none())
                .any(|&q| self.threat(q, Color::Black) != Threat::Five && !self.is_forbidden(q));
            if is_real {
                real += 1;
                if real >= 2 {
                    break;
                }
            }
        }
        self.undo();
        real >= 2
    }

    /// Every forbidden point of the position (empty when the rule is not
    /// renju). Cells are listed row by row.
    pub fn forbidden_points(&mut self) -> Vec<Pos> {
        if self.rule() != Rule::Renju {
            return Vec::new();
        }
        let cells: Vec<Pos> = self.cells().to_vec();
        cells
            .into_iter()
            .filter(|&p| self.is_forbidden(p))
            .collect()
    }
}
