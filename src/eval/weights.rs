//! Every weight of the static evaluation, in one place so that they can be
//! tuned. Units: roughly a hundredth of a "clear advantage".
//!
//! A cell's value for a colour is the sum of its four line patterns' values
//! plus a bonus for what they make together (its threat class), plus, where
//! the rule has them, a fitted correction for that very combination of
//! patterns ([`EvalWeights::combos`], the tables in `combos.rs`), and never
//! below 0. The position is worth the sum over empty cells of the side to
//! move's values minus the opponent's, with the opponent's discounted: it is
//! our move.
//!
//! On top of that sum comes a value for the position's threat mask
//! ([`EvalWeights::threat_mask`]): which kinds of threat each side can make
//! in one move. It is the tempo the cell sum cannot see: who can make a
//! three or a four next, and whether the opponent already can.
//!
//! The move-ordering weights ([`OrderWeights`], at the end) live here too,
//! apart from the evaluation's.

/// The evaluation's weights.
#[derive(Debug)]
pub struct EvalWeights {
    /// Value of one line pattern at an empty cell, indexed by `Pattern as
    /// usize`: Dead, Overline, B1, F1, B2, F2, F2A, F2B, B3, F3, F3S, B4, F4,
    /// F5, DoubleFour.
    pub pattern: [i32; 15],
    /// Bonus of a threat class, indexed by `Threat as usize`: None, Flex2,
    /// Block3, Flex2x2, Block3Plus, Flex3, Flex3Plus, Flex3x2, Block4,
    /// Block4Plus, Block4Flex3, Flex4, Five, Forbidden. A forbidden cell is
    /// worth nothing at all (see [`FORBIDDEN_VALUE`]).
    pub threat: [i32; 14],
    /// Weight (in 1/16) of the opponent's cell values; the side to move's
    /// count [`SELF_WEIGHT`].
    pub opp_weight: i32,
    /// Added to the position's score for the side to move, indexed by its
    /// threat mask (`eval::threat_mask`); `None`: no such term, and no mask
    /// computed.
    pub threat_mask: Option<&'static [i16; THREAT_MASKS]>,
    /// Corrections of a cell's value for some combinations of its four
    /// line patterns (`eval::cell_value_raw`), in ascending order of
    /// [`ComboDelta::patterns`]; empty: none.
    pub combos: &'static [ComboDelta],
    /// Renju Black's corrections, in place of `combos` for Black's cells
    /// (Black's patterns and threat classes are its own), in the same
    /// order; empty for every other rule.
    pub black_combos: &'static [ComboDelta],
}

/// A correction of the value of a cell whose four line patterns are
/// `patterns` (pattern indices in ascending order, whatever the directions
/// they lie in): the pattern sum and threat class bonus value each
/// combination only through its parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ComboDelta {
    pub patterns: [u8; 4],
    pub delta: i16,
}

pub use super::combos::{EXACT_COMBOS, FREESTYLE_COMBOS, RENJU_BLACK_COMBOS, RENJU_COMBOS};

/// The number of threat masks: ten bits.
pub const THREAT_MASKS: usize = 1024;

/// Fitted to Rapfi's evaluation of 11,554 quiet positions from self-play
/// games of every rule (docs/tuning.md, round 4). Used for freestyle, on
/// 15x15 and 20x20 alike, where it won its matches; boards larger than
/// 15x15 add pattern-combination corrections ([`FREESTYLE_LARGE_EVAL`]).
pub const FITTED_EVAL: EvalWeights = EvalWeights {
    pattern: [0, 0, 0, 1, 5, 8, 7, 14, 16, 43, 47, 71, 71, 150, 70],
    threat: [0, 0, 0, 10, 30, 17, 58, 70, 5, 66, 154, 252, 500, 0],
    opp_weight: 14,
    threat_mask: Some(&FREESTYLE_THREAT_MASK),
    combos: &[],
    black_combos: &[],
};

/// Freestyle's on boards larger than 15x15 (`eval::is_large_board`):
/// [`FITTED_EVAL`] with pattern-combination corrections
/// ([`FREESTYLE_COMBOS`], fitted to 20x20 positions), which won in
/// freestyle 20; corrections fitted to 15x15 positions did not win in
/// freestyle 15 (docs/tuning.md, sessions 38 and 39).
pub const FREESTYLE_LARGE_EVAL: EvalWeights = EvalWeights {
    combos: &FREESTYLE_COMBOS,
    ..FITTED_EVAL
};

/// The weights of earlier versions (Texel round 1, fitted to self-play
/// results). Caro, never measured with other weights, keeps them.
pub const RESULT_EVAL: EvalWeights = EvalWeights {
    pattern: [0, 0, 2, 3, 6, 8, 5, 4, 13, 33, 36, 37, 72, 150, 70],
    threat: [0, 0, 0, 11, 16, 9, 42, 73, 7, 34, 151, 252, 500, 0],
    opp_weight: 14,
    threat_mask: None,
    combos: &[],
    black_combos: &[],
};

/// Fitted like [`FITTED_EVAL`] to Rapfi's evaluations, of exact-five
/// positions only (5,675 of them; docs/tuning.md, round 4). Used for exact
/// five, where the freestyle fit did not win. Its pattern-combination
/// corrections ([`EXACT_COMBOS`]) won +32 Elo in exact five (session 38).
pub const EXACT_EVAL: EvalWeights = EvalWeights {
    pattern: [0, 0, 0, 1, 6, 8, 9, 11, 17, 36, 45, 69, 62, 150, 70],
    threat: [0, 0, 0, 1, 23, 10, 51, 73, 7, 66, 152, 242, 500, 0],
    opp_weight: 13,
    threat_mask: Some(&EXACT_THREAT_MASK),
    combos: &EXACT_COMBOS,
    black_combos: &[],
};

/// Renju's: the weights of [`RESULT_EVAL`] moved a little towards Rapfi's
/// evaluations of 10,925 renju positions (a regularised fit,
/// docs/tuning.md, round 4); the fit to every rule's positions (close
/// to [`FITTED_EVAL`]) lost in renju. Its pattern-combination corrections
/// are Black's own for Black's cells ([`RENJU_BLACK_COMBOS`]) and
/// [`RENJU_COMBOS`] for White's: +58 Elo in renju (session 39).
pub const RENJU_EVAL: EvalWeights = EvalWeights {
    pattern: [0, 0, 2, 3, 7, 8, 0, 12, 12, 34, 36, 45, 71, 150, 70],
    threat: [0, 2, 0, 6, 19, 12, 43, 72, 10, 39, 151, 251, 500, 0],
    opp_weight: 14,
    threat_mask: Some(&RENJU_THREAT_MASK),
    combos: &RENJU_COMBOS,
    black_combos: &RENJU_BLACK_COMBOS,
};

/// Exact five's threat-mask values, fitted like [`FREESTYLE_THREAT_MASK`]
/// to Rapfi's evaluations of 11,310 quiet exact-five positions (up to 16
/// from each of 1,200 match games) on top of the cell sum of
/// [`EXACT_EVAL`] (docs/tuning.md, session 37). Against the build without
/// it: +38 Elo in exact five (800 games at 100 ms). Without the search's
/// combination cells, which are freestyle's only.
pub const EXACT_THREAT_MASK: [i16; THREAT_MASKS] = [
    -7, 0, -98, 49, -71, 0, 0, 0, -70, 0, 128, 19, -89, 20, 85, -36, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 21, 0, -22, -25, -35, 0, -15, 0, -3, 0, -21, -15, 60, -4, -2, -18, 0, 0, 0,
    46, 0, 0, 0, 0, 0, 0, 0, 0, 8, 0, 0, 11, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 22, 0, -70, -34, -40, 31, 0, -22, -28, -15, -50, -8,
    -51, 0, 45, 16, -83, 0, 8, -9, 0, 0, 0, 0, -14, -12, -8, 9, -58, -34, 255, 107, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -124, -24, -4,
    -103, -85, -18, 5, 39, 13, 0, -51, -82, -61, -47, 29, 29, 23, 0, -46, -9, 32, 0, -9, 19, 11,
    -23, 83, 76, -12, -87, -36, -58, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -44, 17, 0, 46, -13, 0, 0, 14, 139, 0, 0, 27, 31, 0, 57, 115,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 0, 13, 0, 0, 0, 0, 0, -32, 0, 0, 0, -36, 0,
    17, -25, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 47, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 41, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -31, -18, -3, 0, 0, 0, 25,
    0, 0, 37, 110, 0, 34, -40, 5, 5, 9, 11, 0, 0, 0, 0, 78, 0, 0, 57, -91, 0, -59, -71, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, -6, 0, 0, -22, 0, 0, 0, 17, 0, 0, 0, 0, 0, 0, 0, 0, -2, 0, 0, -10, -23,
    -41, -97, -48, -46, 0, 24, 0, -4, 0, -32, -89, -63, -28, -29, -7, 0, 0, -7, -48, 0, 0, 0, 0, 0,
    -10, 14, -17, -113, -84, -34, -61, 0, 0, -6, -2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, -33, -79, 0, 0,
    0, -24, 0, 0, 0, 0, 0, 0, 0, 0, -5, 0, 76, 0, -64, 0, -34, -51, -32, 0, -32, 0, -24, 0, -69,
    -22, 14, 0, 68, 65, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -21, 0, -1, 8, 0, 0, 0, 0,
    0, 16, -17, -5, -49, 0, -13, -15, 0, 0, 0, 0, 0, 0, 0, 0, 0, -4, 0, 0, 45, 0, 2, -14, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 19, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 47, 123,
    0, -57, -45, 0, 0, 6, 0, 16, 10, -33, -60, -100, 15, 21, -16, 50, 0, 8, 11, 0, 0, 34, 0, 2, 0,
    -50, 79, -24, -18, 11, -40, 0, 0, 0, -9, 0, 0, 0, 26, -14, 0, 2, 0, 0, 0, -26, 27, 0, 0, 0, 7,
    0, 0, 0, 0, 0, 0, 0, 0, 97, 0, 12, 15, -100, -46, -27, -109, 13, 0, -20, 44, -60, -40, -34,
    -96, -180, -55, -23, -138, -2, -35, -36, -121, -31, 0, -3, -4, -34, 19, -9, -56, 34, 19, -42,
    -105, 0, 0, 15, -27, 0, 0, 0, 0, -21, 0, 0, 28, -185, 0, -76, -161, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 5, 0, 25, -184, -7, 12, 2, 81, -12, -29, -29, -26, -22, 7, 40, 29, -23, -27, 83, 55,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -125, -185, -24, -62, -38, 0, 0, -21, 20, 0,
    -22, -36, -29, -23, 82, 37, 0, 0, -52, 0, 0, 0, 0, 0, 0, 0, -19, 39, 90, 23, 21, -49, -56, 0,
    -81, 49, -11, 0, 0, 0, 0, 0, 11, 37, -90, 0, -19, -73, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 29,
    -41, 0, -79, 123, -200, 0, -39, -89, -63, 0, -44, -8, -176, -42, -64, -44, -84, 30, -51, -68,
    -92, -2, 25, -43, -52, 0, -163, -52, 62, -6, -2, 2, -198, -172, -158, -212, 2, 0, -17, -32,
    -52, 0, 0, 0, -38, 0, -17, 36, -57, -46, -112, -203, 0, 0, 0, 47, 0, 0, 0, 0, 0, 0, -123, -8,
    74, -98, -101, -62, -139, -30, -166, -135, -217, -67, -31, -107, -150, -39, -106, -98, -164,
    -169, -93, -81, -30, -58, -5, -113, -39, -11, -7, 18, -55, 40, -201, -107, -152, -87, -140,
    -251, 22, 0, -149, -114, -82, -23, -48, -111, -34, 58, -124, -197, -254, -46, -228, -275, 0, 0,
    0, -31, -4, 0, 0, 0, 0, 0, -63, -92, -57, -33, -88, -343,
];

/// Freestyle's threat-mask values, fitted to Rapfi's evaluations of 6,992
/// quiet freestyle positions (15x15 and 20x20) on top of the cell sum of
/// [`FITTED_EVAL`] (`tools/threat_mask_fit.py`; docs/tuning.md, session
/// 35). A mask seen in few positions keeps a value near 0.
///
/// In use since session 36, with the search's combination cells
/// (`search::threats::combination_cells`), without which the term lost
/// the proof of
/// `tests/search_wins.rs::plays_the_quiet_move_that_starts_a_long_win`.
/// Against the build without either: +35 Elo in freestyle 15 and +54 in
/// freestyle 20 (400 games at 100 ms each).
pub const FREESTYLE_THREAT_MASK: [i16; THREAT_MASKS] = [
    -3, 0, -132, 46, 0, 28, 130, -6, -36, 0, -37, 52, 77, 12, 25, 58, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, -25, 0, 60, -13, 0, 0, 0, 0, 3, -21, 0, 0, -14, 0, 29, 13, 0, 0, 0, 0, 0, 0,
    0, 0, -26, 0, 0, -9, 45, 0, 48, 48, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 35, 0, -64, 8, 8, 0, 0, -19, -3, 0, -25, 6, -10, 0, 59, 45,
    91, 0, 0, 0, 0, 0, 0, 0, 210, 115, -25, -59, 38, 59, 82, 94, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 22, -22, -52, 68, 19, 0, -3,
    106, -67, 13, 103, 188, 46, -73, 155, 128, 100, 0, 8, 41, 38, -2, 31, 158, 33, 0, 62, 84, 69,
    -72, 65, -9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 18, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 47, 0, 65, 34, 0, 0, -34, 0, 49, 0, 22, -11, 28, 0, 11, 119, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -29, 0, 38, 124, 0, 0, 0, 97,
    0, 0, 0, 0, 0, 0, 0, 0, 36, 0, -27, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 52, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 77, 0, 33, 30, -57, 0, 10, 39, -25, 0, 29, 29, -63,
    24, 71, 108, 0, 0, 17, 0, 0, 0, 0, 0, 75, 0, -15, 37, 32, 0, -19, -75, 0, 0, 0, 0, 0, 0, 0, 0,
    -7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -7, 0, 0, 0, 1, 35, 0, 16, 34, 0,
    0, 0, 34, 0, 0, -43, 13, 66, 101, 87, 0, 0, 0, -23, 28, 0, 0, -56, 9, 0, -2, 20, 116, 0, 221,
    -104, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 36, 47, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    -11, 0, -3, 4, 48, 0, -41, 18, 0, 0, 0, 0, 37, 0, 13, 32, 143, 0, 106, 86, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -9, -27, -18, -4, 0, 0, 0, 7, 0, 0, 3, 38, 12, 74, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 15, 0, 39, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 15, 0, 36, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 63, 0, 0, 0, 0, 0, 39, 0, 10, 67, 7, 0, 4, 17, 24, 0, -32, 23, -26, 16,
    138, 114, 33, 0, 0, 49, 0, 0, 54, 0, 36, 0, -14, -66, 165, 69, 63, 46, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 32, 0, -8, 35, 0, 0, 0, 0, 0, 0, -24, 0, 30, 0, 0, 0, 17, 0, -167, 0, -22, 0, 42,
    40, 0, 0, 0, -19, 10, 0, -11, 32, -56, 31, -4, 69, 86, 32, 71, 160, 46, 0, 0, 82, 107, -8, -66,
    -24, 127, -124, -82, -72, 0, 0, 0, -15, 0, 0, 0, 0, 0, 0, 0, 0, 32, 0, -2, 134, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 89, 0, 0, 1, 100, 0, 145, 167, 127, -8, 140, 130, 82, 25, 135, 162, 88,
    60, 243, 278, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -6, 0, 136, 155, 43, 68, -112,
    -9, 87, 39, -44, -15, 45, -2, 214, 148, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 73, 30, 100, 0, 2, 149,
    0, 0, -20, 116, -35, 0, 20, -23, 44, 0, 0, -1, -47, 0, -9, 108, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 40, 0, 127, 53, -38, -28, 37, 7, 0, -7, -3, -32, 30, 3, 16, 60, 63, 66, 233, 140, -96, 0,
    36, 93, 85, 0, 84, -23, 75, 0, -29, 92, 29, 28, -16, 55, 18, 0, 5, 135, 0, 0, 0, -31, 0, 0, 74,
    -10, -116, 26, -167, 84, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -7, -66, 42, 0, 110, -68, -128, -48,
    49, -45, 0, 23, -45, -17, -26, 99, 11, 16, -84, 68, 111, -14, 8, 97, -109, -61, 0, -47, -157,
    22, 0, 56, -19, 65, 78, -70, -150, 0, 70, -11, -216, 0, 0, 5, 0, 0, 0, -41, -68, -76, -6, -52,
    -94, 0, 0, 0, -85, 0, 0, 0, -39, 0, 0, 0, -133, 0, 0, 69, -64,
];

/// Renju's threat-mask values, fitted like [`FREESTYLE_THREAT_MASK`] to
/// 12,548 quiet renju positions (up to 8 from each of 2,773 match games)
/// on top of [`RENJU_EVAL`]'s cell sum (docs/tuning.md, session 37). The
/// first table (2,526 positions, session 35) gained +35 Elo in renju
/// over 800 games at 100 ms; this one +24 +/- 19 over that (1,200 games).
pub const RENJU_THREAT_MASK: [i16; THREAT_MASKS] = [
    -49, -52, -15, -76, -48, 0, 10, -8, -147, 0, 17, -11, -87, 0, 8, 63, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, -61, -10, -33, 2, 0, 0, 0, 0, -9, 0, 14, 50, -72, 0, 25, 8, 0, 0, 0, 28,
    0, 0, 0, 0, 10, 0, 0, 17, -12, 45, 25, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -123, -50, 38, -10, -16, 0, -9, 0, -43, 0, -12, -11,
    -42, -3, 103, 67, 17, 0, 53, 14, -14, 0, 36, -5, 113, 0, 28, -20, 92, 18, 31, 170, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -147, -89,
    -49, 51, -84, 0, 18, 12, -164, 1, -77, -9, -149, 75, -10, 43, 56, -22, 80, 47, -19, -35, 11,
    -142, 36, -17, -16, -38, -33, -77, 20, -6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -123, 0, -12, 65, 1, 0, 0, 0, -96, 0, -47, 29,
    -31, 0, 3, -18, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -37, 0, -27, 0, 0, 0, 0, 0,
    0, 0, 1, -18, 18, 0, -31, 0, 0, 0, 0, -38, 0, 0, 0, 0, 0, 0, 0, 0, 18, 0, 0, 0, 0, 0, 0, 0,
    -54, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -154, 0,
    -12, -9, 0, 0, 0, 0, -102, 0, -79, 17, -74, 0, -79, -32, 0, 0, 23, 18, 0, 0, 0, 0, -3, 0, 0,
    17, -103, 64, -42, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 18, 0, -14, 0, -4, 41, 0, 0, 0, 0, 0, 0, 0,
    0, 30, 0, 0, 0, 0, 0, 17, -50, -50, 0, -37, -31, 17, 0, 0, -63, -99, 0, 42, -53, -213, 0, -1,
    110, 7, 0, -31, -27, -169, 0, 21, -58, 0, 0, -64, -36, -72, 124, -108, -30, 0, 0, 0, -10, 0, 0,
    0, 47, -2, 0, 0, -106, -86, 0, -41, -155, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -37,
    -46, 0, 37, 2, -29, 0, 0, 28, -20, 0, 28, 93, -41, 0, -50, 55, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, -61, 0, 25, -38, 0, 0, 0, 0, 0, 0, 0, -41, -63, 28, 28, 85, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 26, -12, 0, 2, 21, 0, 0, 0, -3, 0, 0, 0, 0, 0, 0, 0, -13, -29, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, -6, 0, 0, 0, 0, 0, -8, -2, -119, -18, -18, -120, -85, 0, 24, 0, -98, 0, -28, 74,
    -193, -18, 4, 74, 22, -35, 14, 26, 0, 0, 0, -1, 40, 0, 18, 62, 70, 33, 78, 152, -9, 0, 0, 73,
    0, 0, 0, 0, 0, 0, 28, 0, -96, 0, -45, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 37, 38, 0, -19,
    -108, -99, -42, -196, -113, 6, 0, -141, 19, -150, -8, -104, -24, -192, -132, -42, 51, -38, 0,
    37, 80, 41, 0, 0, 86, -55, 0, -119, 89, -105, -135, -25, -32, 0, 0, -63, -60, -22, 0, -4, 0,
    -29, 0, 10, -50, -109, 0, -34, -26, 0, 0, 0, 11, 0, 0, 0, 0, -19, 0, 0, 0, -55, 0, -28, -154,
    -125, 25, -89, 53, -17, 6, 34, -54, -107, 43, -62, 32, -78, 21, 73, 87, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 29, 0, 0, 0, 0, 0, -51, 0, 74, 79, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -97, -49, -60, -26, 0, -45, -19, -7, -68, 0, -41, 49, -177, -5,
    -20, 71, 4, 0, 0, -63, -3, 0, 0, 137, -43, -17, 7, -1, -3, -60, -117, 50, 0, 0, 0, -37, -17, 0,
    0, 0, 0, 0, 0, -28, -83, -23, 76, 2, 0, 0, 0, 112, 0, 0, 0, 0, 0, 0, 0, 0, 26, 0, 10, 17, -194,
    -67, -107, 5, -79, 86, -47, -21, -192, -44, -91, 43, -169, -4, -64, 60, -13, 0, -6, 41, -41, 0,
    -42, -49, 31, 52, -10, 86, -142, -7, 4, 36, 18, -64, -57, -29, -21, -1, -19, 18, -5, 6, -50,
    -28, -163, -24, -6, 28, 0, 0, -10, -8, 0, 0, 0, 0, 14, -29, 19, -69, 17, 0, 109, 72, -291, -88,
    -230, -132, -140, -44, -93, 51, -274, -151, -123, -69, -290, -107, -123, -65, 37, 97, -64, -66,
    -52, -44, -86, -235, -48, -15, -152, -139, -211, -132, -217, -146, -56, -7, -25, -189, 0, 0,
    48, -69, -50, 0, -172, -131, -234, -85, -221, -193, 0, 0, 41, -27, 0, 0, 0, 0, 0, 0, -9, -36,
    -87, -34, 76, -157,
];

/// A forbidden cell's whole value for renju Black.
pub const FORBIDDEN_VALUE: i32 = 0;

/// Weight (in 1/16) of the side to move's cell values.
pub const SELF_WEIGHT: i32 = 16;

// ----- move ordering --------------------------------------------------------

/// The move-ordering weights. Before killers and history, the search orders
/// the moves of a node by
///   `my_threat[our threat class there] + opp_threat[theirs]`
///   `+ sum my_pattern[our four patterns] + sum opp_pattern[theirs]`
/// (the opponent's patterns count nothing where the cell is forbidden to
/// it). These are separate from the evaluation's weights, so that tuning one
/// does not reshuffle the other.
#[derive(Debug)]
pub struct OrderWeights {
    /// Indexed like [`EvalWeights::threat`]: the threat class the move makes.
    pub my_threat: [i32; 14],
    /// Indexed like [`EvalWeights::threat`]: the opponent's threat class on the
    /// cell (the move's worth as a defence).
    pub opp_threat: [i32; 14],
    /// Indexed like [`EvalWeights::pattern`]: each of our line patterns there.
    pub my_pattern: [i32; 15],
    /// Indexed like [`EvalWeights::pattern`]: each of the opponent's.
    pub opp_pattern: [i32; 15],
}

/// Fitted to the moves played in 1,100 self-play games from the balanced
/// openings, freestyle and renju (`tools/order_fit.py`, docs/tuning.md,
/// round 2). Used for freestyle and exact five, where it won its matches.
pub const FITTED_ORDER: OrderWeights = OrderWeights {
    my_threat: [
        0, 112, 90, 190, 448, 1_066, 1_370, 2_176, 795, 1_313, 3_651, 6_252, 20_500, 0,
    ],
    opp_threat: [
        0, -3, 70, -76, 46, 801, 805, 1_425, 665, 827, 2_475, 4_626, 15_250, 0,
    ],
    my_pattern: [
        0, 0, 36, 102, 145, 8, 251, 419, 279, -207, 75, 117, 72, 150, 70,
    ],
    opp_pattern: [0, 0, 46, 82, 96, 4, 241, 370, 325, 51, 323, 329, 36, 75, 35],
};

/// The hand-set ordering of earlier versions (threat bonuses plus the
/// evaluation's cell values of the time, [`RESULT_EVAL`], the opponent's at
/// half weight). Renju kept it:
/// the fitted ordering lost its renju matches slightly (-24 and -12 Elo in
/// 200 games each), a fit on renju games alone came out even over 400
/// games; caro, never measured, keeps it too.
pub const HAND_ORDER: OrderWeights = OrderWeights {
    my_threat: [
        0, 60, 80, 231, 276, 609, 942, 2_673, 507, 1_334, 3_651, 6_252, 20_500, 0,
    ],
    opp_threat: [
        0, 40, 50, 155, 188, 354, 521, 1_836, 303, 817, 2_475, 4_626, 15_250, 0,
    ],
    my_pattern: [0, 0, 2, 3, 6, 8, 5, 4, 13, 33, 36, 37, 72, 150, 70],
    opp_pattern: [0, 0, 1, 2, 3, 4, 3, 2, 7, 17, 18, 19, 36, 75, 35],
};
