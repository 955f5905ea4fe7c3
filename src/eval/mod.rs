//! Static evaluation: per-cell values from pattern combinations (kept
//! incrementally by the board) summed into a position score.

pub mod weights;

use crate::rules::pattern::Pattern;
use crate::rules::threat::Threat;
use crate::types::Rule;
use weights::*;

/// The value of a cell with these four patterns and this threat class.
pub fn cell_value(p: [Pattern; 4], t: Threat) -> i32 {
    if t == Threat::Forbidden {
        return FORBIDDEN_VALUE;
    }
    p.iter().map(|&x| PATTERN_VALUE[x as usize]).sum::<i32>() + THREAT_VALUE[t as usize]
}

/// The value of a cell from its four patterns (packed one byte per
/// direction) and threat class.
#[inline]
pub fn cell_value_raw(p: u32, t: u8) -> i32 {
    if t == Threat::Forbidden as u8 {
        return FORBIDDEN_VALUE;
    }
    pattern_sum(&PATTERN_VALUE, p) + THREAT_VALUE[t as usize]
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
pub fn combine(own: i32, opp: i32) -> i32 {
    (own * SELF_WEIGHT - opp * OPP_WEIGHT) / 16
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
