//! Static evaluation: per-cell values from pattern combinations (kept
//! incrementally by the board) summed into a position score.

pub mod weights;

use crate::rules::threat::Threat;
use crate::types::Rule;
use weights::*;

/// The evaluation weights of a rule (see [`EvalWeights`]).
#[inline]
pub fn eval_weights(rule: Rule) -> &'static EvalWeights {
    match rule {
        Rule::Freestyle => &FITTED_EVAL,
        Rule::ExactFive => &EXACT_EVAL,
        Rule::Renju => &RENJU_EVAL,
        Rule::Caro | Rule::CaroExactFive => &RESULT_EVAL,
    }
}

/// The value of a cell from its four patterns (packed one byte per
/// direction) and threat class.
#[inline]
pub fn cell_value_raw(w: &EvalWeights, p: u32, t: u8) -> i32 {
    if t == Threat::Forbidden as u8 {
        return FORBIDDEN_VALUE;
    }
    pattern_sum(&w.pattern, p) + w.threat[t as usize]
}

/// Sum of `table`'s values for four patterns packed one byte per direction.
#[inline]
fn pattern_sum(table: &[i32; 15], p: u32) -> i32 {
    let v = |i: u32| table[((p >> (8 * i)) & 0xFF) as usize];
    v(0) + v(1) + v(2) + v(3)
}

/// The move-ordering weights of a rule (see [`OrderWeights`]).
#[inline]
pub fn order_weights(rule: Rule) -> &'static OrderWeights {
    match rule {
        Rule::Freestyle | Rule::ExactFive => &FITTED_ORDER,
        Rule::Renju | Rule::Caro | Rule::CaroExactFive => &HAND_ORDER,
    }
}

/// The move-ordering score of an empty cell from the side to move's (`my`)
/// and the opponent's (`opp`) four patterns (packed one byte per direction)
/// and threat classes there.
#[inline]
pub fn order_score(w: &OrderWeights, my_pats: u32, my_t: u8, opp_pats: u32, opp_t: u8) -> i32 {
    let mut score = w.my_threat[my_t as usize] + w.opp_threat[opp_t as usize];
    if my_t != Threat::Forbidden as u8 {
        score += pattern_sum(&w.my_pattern, my_pats);
    }
    if opp_t != Threat::Forbidden as u8 {
        score += pattern_sum(&w.opp_pattern, opp_pats);
    }
    score
}

/// Combines the two colours' summed cell values into a score for the side to
/// move (`own`) against the other side (`opp`).
#[inline]
pub fn combine(w: &EvalWeights, own: i32, opp: i32) -> i32 {
    (own * SELF_WEIGHT - opp * w.opp_weight) / 16
}

#[cfg(test)]
mod tests {
    use crate::{Board, Color, Pos, Rule};

    /// Black (to move) has an open three on row 8 (F8 G8 H8), White a closed
    /// three on column K (K4 K5 K6, blocked at K3) and stones scattered.
    const POSITION: &str = "\
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . x . . . .
. . . . . . . . . . o . . . .
. . . . . . . . . . o . . . .
. . . . . . . . . . o . . . .
. . . . . . . . . . . . . . .
. . . . . x x x . . . . . . .
. . . . . . . . o . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .";

    #[test]
    fn each_rule_values_cells_with_its_own_weights() {
        // White's cells are never forbidden, so their patterns and threat
        // classes are the same under freestyle and renju; only the weights
        // differ.
        let me = Color::White;
        let free = Board::from_diagram(POSITION, Rule::Freestyle, Some(me)).unwrap();
        let renju = Board::from_diagram(POSITION, Rule::Renju, Some(me)).unwrap();
        let mut differ = 0;
        for &p in free.cells() {
            if !free.is_empty(p) {
                continue;
            }
            let pats = free.patterns(p, me);
            let t = free.threat(p, me);
            assert_eq!((pats, t), (renju.patterns(p, me), renju.threat(p, me)));
            let packed = u32::from_le_bytes(pats.map(|x| x as u8));
            let value = |rule| super::cell_value_raw(super::eval_weights(rule), packed, t as u8);
            assert_eq!(free.cell_value(p, me), value(Rule::Freestyle), "{p:?}");
            assert_eq!(renju.cell_value(p, me), value(Rule::Renju), "{p:?}");
            differ += usize::from(value(Rule::Freestyle) != value(Rule::Renju));
        }
        assert!(differ > 0, "the two rules' weights differ on some cell");
    }

    #[test]
    fn ordering_puts_fours_first_then_blocks_then_quiet_moves() {
        for rule in [Rule::Freestyle, Rule::ExactFive, Rule::Renju, Rule::Caro] {
            let b = Board::from_diagram(POSITION, rule, Some(Color::Black)).unwrap();
            let me = Color::Black;
            let score = |x, y| b.order_score(Pos::new(x, y), me);
            // E8 makes Black's open four; K7 stops White's four; A1 is nothing.
            let open_four = score(4, 7);
            let block = score(10, 6);
            let quiet = score(0, 0);
            assert!(b.threat(Pos::new(4, 7), me).is_four());
            assert!(open_four > block, "{rule:?}: {open_four} vs {block}");
            assert!(block > quiet, "{rule:?}: {block} vs {quiet}");
            // A cell next to the stones beats a far corner.
            assert!(score(6, 8) > quiet, "{rule:?}");
            // Both colours' terms count: the same cell scored for White,
            // who makes the four there, differs from Black's view.
            assert_ne!(block, b.order_score(Pos::new(10, 6), Color::White));
        }
    }
}
