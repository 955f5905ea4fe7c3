//! Static evaluation: per-cell values from pattern combinations (kept
//! incrementally by the board) summed into a position score, plus a term
//! for the position's threat mask.

mod combos;
pub mod weights;

use crate::rules::pattern::NUM_PATTERNS;
use crate::rules::threat::{self, combo_index, Threat};
use crate::types::{Color, LineRule, Rule};
use crate::Board;
use std::sync::OnceLock;
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

/// The evaluation weights of a board of `rule` whose cell count makes it
/// `large` ([`is_large_board`]): freestyle on boards larger than 15x15 has
/// its own (with pattern-combination corrections), every other board
/// its rule's.
#[inline]
pub fn board_eval_weights(rule: Rule, large: bool) -> &'static EvalWeights {
    if has_large_weights(rule, large) {
        &FREESTYLE_LARGE_EVAL
    } else {
        eval_weights(rule)
    }
}

/// True when boards of `rule` that are `large` have weights of their own
/// ([`board_eval_weights`]), and so cell tables of their own.
#[inline]
fn has_large_weights(rule: Rule, large: bool) -> bool {
    large && rule == Rule::Freestyle
}

/// True for a board of more cells than 15x15: where freestyle uses
/// [`FREESTYLE_LARGE_EVAL`].
#[inline]
pub fn is_large_board(width: i32, height: i32) -> bool {
    width * height > 15 * 15
}

/// The value of a cell from its four patterns (packed one byte per
/// direction) and threat class, for renju Black when `renju_black`: the
/// patterns' values, the class bonus and the correction for the
/// combination ([`EvalWeights::combos`], or [`EvalWeights::black_combos`]
/// for renju Black), at least 0.
#[inline]
pub fn cell_value_raw(w: &EvalWeights, renju_black: bool, p: u32, t: u8) -> i32 {
    if t == Threat::Forbidden as u8 {
        return FORBIDDEN_VALUE;
    }
    let combos = if renju_black {
        w.black_combos
    } else {
        w.combos
    };
    (pattern_sum(&w.pattern, p) + w.threat[t as usize] + combo_delta(combos, p)).max(0)
}

/// The correction `combos` holds for four patterns (packed one byte per
/// direction), or 0.
fn combo_delta(combos: &[ComboDelta], p: u32) -> i32 {
    let mut key = p.to_le_bytes();
    key.sort_unstable();
    combos
        .binary_search_by(|c| c.patterns.cmp(&key))
        .map_or(0, |i| i32::from(combos[i].delta))
}

/// A cell's threat class and value for `rule` (Black's class under renju
/// when `renju_black`; the weights of a `large` board, see
/// [`board_eval_weights`]), for every combination of its four line patterns,
/// indexed by [`cell_index`]: `threat | value << 4` (values are 0 to
/// [`MAX_CELL_VALUE`]). One lookup in place of the classification's
/// index, the class and the four pattern values: the board refreshes a
/// cell's terms tens of times a stone.
pub fn cell_table(rule: Rule, renju_black: bool, large: bool) -> &'static [u16] {
    static TABLES: [OnceLock<Box<[u16]>>; 12] = [const { OnceLock::new() }; 12];
    let slot = if has_large_weights(rule, large) {
        10 + usize::from(renju_black)
    } else {
        table_slot(rule, renju_black)
    };
    TABLES[slot].get_or_init(|| {
        let w = board_eval_weights(rule, large);
        combination_table(renju_black, |pats, t| {
            let v = cell_value_raw(w, renju_black, pats, t).clamp(0, MAX_CELL_VALUE) as u16;
            u16::from(t) | v << 4
        })
    })
}

/// A cell's move-ordering terms for `rule` (Black's under renju when
/// `renju_black`), for every combination of its four line patterns of one
/// colour, indexed by [`cell_index`]: the [`order_score`] terms of that
/// colour as the side to move in the low 16 bits and as the opponent in
/// the high 16 (both signed).
pub fn order_table(rule: Rule, renju_black: bool) -> &'static [u32] {
    static TABLES: [OnceLock<Box<[u32]>>; 10] = [const { OnceLock::new() }; 10];
    TABLES[table_slot(rule, renju_black)].get_or_init(|| {
        let w = order_weights(rule);
        combination_table(renju_black, |pats, t| {
            let mine = order_score(w, pats, t, 0, 0) as i16;
            let theirs = order_score(w, 0, 0, pats, t) as i16;
            u32::from(mine as u16) | u32::from(theirs as u16) << 16
        })
    })
}

/// `entry(patterns, threat class)` for every [`cell_index`] (the class
/// renju Black's when `renju_black`); an index that is no combination of
/// patterns (a nibble of 15) never occurs and gets the default.
fn combination_table<T: Default>(renju_black: bool, entry: impl Fn(u32, u8) -> T) -> Box<[T]> {
    let classes = &threat::threat_table()[usize::from(renju_black)];
    (0..1u32 << 16)
        .map(|i| match index_patterns(i) {
            Some(pats) => entry(pats, classes[combo_index(pats)]),
            None => T::default(),
        })
        .collect()
}

/// The slot of a rule's table for one colour.
fn table_slot(rule: Rule, renju_black: bool) -> usize {
    let r = match rule {
        Rule::Freestyle => 0,
        Rule::ExactFive => 1,
        Rule::Renju => 2,
        Rule::Caro => 3,
        Rule::CaroExactFive => 4,
    };
    2 * r + usize::from(renju_black)
}

/// The four line patterns (one byte a direction) of a table index, or
/// `None` where a nibble is no pattern (15): such an index never occurs.
fn index_patterns(i: u32) -> Option<u32> {
    let pats = (0..4).fold(0u32, |acc, d| acc | ((i >> (4 * d)) & 0xF) << (8 * d));
    pats.to_le_bytes()
        .iter()
        .all(|&b| usize::from(b) < NUM_PATTERNS)
        .then_some(pats)
}

/// Builds now the cell and ordering tables of both colours of every rule,
/// as boards pick them (see [`crate::rules::build_all_tables`]).
pub fn build_all_cell_tables() {
    for rule in Rule::ALL {
        for c in Color::BOTH {
            let renju_black = rule.line_rule(c) == LineRule::RenjuBlack;
            cell_table(rule, renju_black, false);
            cell_table(rule, renju_black, true);
            order_table(rule, renju_black);
        }
    }
}

/// The largest cell value a [`cell_table`] holds (12 bits); the weights
/// keep every cell within 0 to this (a test checks it).
pub const MAX_CELL_VALUE: i32 = (1 << 12) - 1;

/// The index into a [`cell_table`] of four line patterns packed one byte a
/// direction (each below 16): their low nibbles side by side, the form in
/// which the board keeps a cell's patterns, so that its own lookups need no
/// conversion.
#[inline(always)]
pub fn cell_index(pats: u32) -> usize {
    let x = (pats | pats >> 4) & 0x00FF_00FF;
    ((x | x >> 8) & 0xFFFF) as usize
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

/// The threat mask of a position for the side to move: which threat
/// classes each side has an empty cell of, one bit each. Ours: a four with
/// more (bit 0), a lone four (1), an open three with more or a double three
/// (2), an open three (3); the opponent's: an open four (4), a four-three
/// (5), a four with more (6), a lone four (7), an open three with more or a
/// double three (8), an open three (9). Indexes
/// [`EvalWeights::threat_mask`].
#[inline]
pub fn threat_mask(b: &Board) -> usize {
    let me = b.side_to_move();
    let op = me.flip();
    let has = |c: Color, t: Threat| usize::from(b.threat_count(c, t) > 0);
    has(me, Threat::Block4Plus)
        | has(me, Threat::Block4) << 1
        | (has(me, Threat::Flex3Plus) | has(me, Threat::Flex3x2)) << 2
        | has(me, Threat::Flex3) << 3
        | has(op, Threat::Flex4) << 4
        | has(op, Threat::Block4Flex3) << 5
        | has(op, Threat::Block4Plus) << 6
        | has(op, Threat::Block4) << 7
        | (has(op, Threat::Flex3Plus) | has(op, Threat::Flex3x2)) << 8
        | has(op, Threat::Flex3) << 9
}

/// The cell sums of `b` combined for the side to move: the evaluation
/// without its threat-mask term.
#[inline]
pub fn cell_sum_eval(b: &Board) -> i32 {
    let me = b.side_to_move();
    combine(b.eval_weights(), b.value_sum(me), b.value_sum(me.flip()))
}

/// The static evaluation of `b` for the side to move: the cell sums
/// combined, plus the threat-mask term where the rule has one.
#[inline]
pub fn evaluate(b: &Board) -> i32 {
    let term = b
        .eval_weights()
        .threat_mask
        .map_or(0, |t| i32::from(t[threat_mask(b)]));
    cell_sum_eval(b) + term
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
    fn the_threat_mask_says_which_threats_each_side_can_make() {
        // White to move: its closed three makes a four at K7 or K8, and
        // Black's open three makes an open four at E8 or I8.
        let white = Board::from_diagram(POSITION, Rule::Freestyle, Some(Color::White)).unwrap();
        let m = super::threat_mask(&white);
        assert_ne!(m & 0b11, 0, "our four: {m:#b}");
        assert_ne!(m & 1 << 4, 0, "their open four: {m:#b}");
        // Black to move: its own open four is no bit (a won position is not
        // scored by the mask), White's four is.
        let black = Board::from_diagram(POSITION, Rule::Freestyle, Some(Color::Black)).unwrap();
        let m = super::threat_mask(&black);
        assert_ne!(m & 0b11 << 6, 0, "their four: {m:#b}");
        assert_eq!(m & 1 << 4, 0, "White has no open three: {m:#b}");
        // One stone: no three or four for anyone.
        let mut lone = Board::new(15, 15, Rule::Freestyle).unwrap();
        lone.make(Pos::new(7, 7));
        assert_eq!(super::threat_mask(&lone), 0);
    }

    #[test]
    fn the_evaluation_adds_the_threat_mask_term_to_the_cell_sums() {
        for rule in [Rule::Freestyle, Rule::ExactFive, Rule::Renju] {
            for me in Color::BOTH {
                let b = Board::from_diagram(POSITION, rule, Some(me)).unwrap();
                let w = super::eval_weights(rule);
                assert!(w.threat_mask.is_some(), "{rule:?}");
                let sums = super::combine(w, b.value_sum(me), b.value_sum(me.flip()));
                assert_eq!(super::cell_sum_eval(&b), sums, "{rule:?} {me:?}");
                let term = w
                    .threat_mask
                    .map_or(0, |t| i32::from(t[super::threat_mask(&b)]));
                assert_eq!(super::evaluate(&b), sums + term, "{rule:?} {me:?}");
            }
        }
    }

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
            let value =
                |rule| super::cell_value_raw(super::eval_weights(rule), false, packed, t as u8);
            assert_eq!(free.cell_value(p, me), value(Rule::Freestyle), "{p:?}");
            assert_eq!(renju.cell_value(p, me), value(Rule::Renju), "{p:?}");
            differ += usize::from(value(Rule::Freestyle) != value(Rule::Renju));
        }
        assert!(differ > 0, "the two rules' weights differ on some cell");
    }

    #[test]
    fn freestyle_boards_larger_than_15x15_use_the_combination_corrections() {
        let combos = |w, h, rule| Board::new(w, h, rule).expect("board").eval_weights().combos;
        assert!(combos(15, 15, Rule::Freestyle).is_empty());
        assert!(combos(10, 10, Rule::Freestyle).is_empty());
        assert!(!combos(20, 20, Rule::Freestyle).is_empty());
        assert!(!combos(16, 15, Rule::Freestyle).is_empty());
        for rule in [Rule::ExactFive, Rule::Renju] {
            assert_eq!(combos(20, 20, rule), combos(15, 15, rule), "{rule:?}");
        }
        // The cells are valued with them: the cell where Black's three on
        // row 10 becomes an open four is worth what the large weights say,
        // not what freestyle's on 15x15 say.
        let mut big = Board::new(20, 20, Rule::Freestyle).expect("board");
        for (x, y) in [(8, 9), (5, 5), (9, 9), (5, 7), (10, 9)] {
            big.make(Pos::new(x, y));
        }
        let p = Pos::new(11, 9);
        let pats = big.patterns(p, Color::Black);
        let packed = u32::from_le_bytes(pats.map(|x| x as u8));
        let t = big.threat(p, Color::Black) as u8;
        let large = super::cell_value_raw(&super::weights::FREESTYLE_LARGE_EVAL, false, packed, t);
        let small = super::cell_value_raw(&super::weights::FITTED_EVAL, false, packed, t);
        assert_ne!(large, small);
        assert_eq!(big.cell_value(p, Color::Black), large);
    }

    #[test]
    fn renju_values_blacks_cells_with_blacks_own_corrections() {
        let b = Board::from_diagram(POSITION, Rule::Renju, Some(Color::Black)).unwrap();
        let w = super::eval_weights(Rule::Renju);
        let mut differ = 0;
        for &p in b.cells() {
            if !b.is_empty(p) {
                continue;
            }
            for c in Color::BOTH {
                let packed = u32::from_le_bytes(b.patterns(p, c).map(|x| x as u8));
                let t = b.threat(p, c) as u8;
                let black = c == Color::Black;
                let own = super::cell_value_raw(w, black, packed, t);
                assert_eq!(b.cell_value(p, c), own, "{p:?} {c:?}");
                if black && t != super::Threat::Forbidden as u8 {
                    differ += usize::from(own != super::cell_value_raw(w, false, packed, t));
                }
            }
        }
        assert!(
            differ > 0,
            "Black's corrections are not White's on some cell"
        );
    }

    #[test]
    fn combination_corrections_are_sorted_and_change_their_cells_only() {
        use crate::rules::pattern::NUM_PATTERNS;
        for (rule, large) in Rule::ALL.into_iter().flat_map(|r| [(r, false), (r, true)]) {
            let w = super::board_eval_weights(rule, large);
            for combos in [w.combos, w.black_combos] {
                for pair in combos.windows(2) {
                    assert!(pair[0].patterns < pair[1].patterns, "{rule:?} {pair:?}");
                }
                for c in combos {
                    assert!(
                        c.patterns.windows(2).all(|p| p[0] <= p[1]),
                        "{rule:?} {c:?}"
                    );
                    assert!(c.patterns.iter().all(|&p| usize::from(p) < NUM_PATTERNS));
                }
            }
            // Only renju has corrections of Black's own.
            assert_eq!(w.black_combos.is_empty(), rule != Rule::Renju, "{rule:?}");
        }
        let combos = super::eval_weights(Rule::ExactFive).combos;
        assert!(!combos.is_empty());
        // Every order of a combination's patterns over the directions finds
        // its correction; another combination gets none.
        let c = combos[combos.len() / 2];
        let [a, b, x, y] = c.patterns;
        for order in [[a, b, x, y], [y, x, b, a], [x, a, y, b]] {
            let packed = u32::from_le_bytes(order);
            assert_eq!(super::combo_delta(combos, packed), i32::from(c.delta));
        }
        let missing = (0..NUM_PATTERNS as u8)
            .map(|p| [p, p, p, p])
            .find(|k| combos.binary_search_by(|c| c.patterns.cmp(k)).is_err())
            .expect("some combination without a correction");
        assert_eq!(super::combo_delta(combos, u32::from_le_bytes(missing)), 0);
    }

    #[test]
    fn the_cell_tables_hold_every_combinations_class_value_and_ordering_terms() {
        use crate::rules::pattern::Pattern;
        use crate::rules::threat::classify;
        for (rule, large) in Rule::ALL.into_iter().flat_map(|r| [(r, false), (r, true)]) {
            let w = super::board_eval_weights(rule, large);
            for renju_black in [false, true] {
                let table = super::cell_table(rule, renju_black, large);
                let order = super::order_table(rule, renju_black);
                assert_eq!((table.len(), order.len()), (1 << 16, 1 << 16));
                for a in Pattern::ALL {
                    for b in Pattern::ALL {
                        for c in Pattern::ALL {
                            for d in Pattern::ALL {
                                let p = [a, b, c, d];
                                let packed = u32::from_le_bytes(p.map(|x| x as u8));
                                let t = classify(p, renju_black) as u8;
                                let v = super::cell_value_raw(w, renju_black, packed, t);
                                assert!((0..=super::MAX_CELL_VALUE).contains(&v), "{rule:?} {p:?}");
                                let e = table[super::cell_index(packed)];
                                assert_eq!((e & 0xF, i32::from(e >> 4)), (u16::from(t), v));
                                // The ordering score of a move is our
                                // term plus the opponent's (here the same
                                // cell with its patterns reversed).
                                let q = [d, c, b, a];
                                let q_packed = u32::from_le_bytes(q.map(|x| x as u8));
                                let q_t = classify(q, renju_black) as u8;
                                let mine = order[super::cell_index(packed)] as u16 as i16;
                                let theirs = (order[super::cell_index(q_packed)] >> 16) as i16;
                                assert_eq!(
                                    i32::from(mine) + i32::from(theirs),
                                    super::order_score(
                                        super::order_weights(rule),
                                        packed,
                                        t,
                                        q_packed,
                                        q_t
                                    ),
                                    "{rule:?} {p:?}"
                                );
                            }
                        }
                    }
                }
            }
        }
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
