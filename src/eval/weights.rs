//! Every weight of the static evaluation, in one place so that they can be
//! tuned. Units: roughly a hundredth of a "clear advantage".
//!
//! A cell's value for a colour is the sum of its four line patterns' values
//! plus a bonus for what they make together (its threat class). The position
//! is worth the sum over empty cells of the side to move's values minus the
//! opponent's, with the opponent's discounted: it is our move.
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
}

/// Fitted to Rapfi's evaluation of 11,554 quiet positions from self-play
/// games of every rule (docs/tuning.md, round 4). Used for freestyle, on
/// 15x15 and 20x20 alike, where it won its matches.
pub const FITTED_EVAL: EvalWeights = EvalWeights {
    pattern: [0, 0, 0, 1, 5, 8, 7, 14, 16, 43, 47, 71, 71, 150, 70],
    threat: [0, 0, 0, 10, 30, 17, 58, 70, 5, 66, 154, 252, 500, 0],
    opp_weight: 14,
};

/// The weights of earlier versions (Texel round 1, fitted to self-play
/// results). Caro, never measured with other weights, keeps them.
pub const RESULT_EVAL: EvalWeights = EvalWeights {
    pattern: [0, 0, 2, 3, 6, 8, 5, 4, 13, 33, 36, 37, 72, 150, 70],
    threat: [0, 0, 0, 11, 16, 9, 42, 73, 7, 34, 151, 252, 500, 0],
    opp_weight: 14,
};

/// Fitted like [`FITTED_EVAL`] to Rapfi's evaluations, of exact-five
/// positions only (5,675 of them; docs/tuning.md, round 4). Used for exact
/// five, where the freestyle fit did not win.
pub const EXACT_EVAL: EvalWeights = EvalWeights {
    pattern: [0, 0, 0, 1, 6, 8, 9, 11, 17, 36, 45, 69, 62, 150, 70],
    threat: [0, 0, 0, 1, 23, 10, 51, 73, 7, 66, 152, 242, 500, 0],
    opp_weight: 13,
};

/// Renju's: the weights of [`RESULT_EVAL`] moved a little towards Rapfi's
/// evaluations of 10,925 renju positions (a regularised fit,
/// docs/tuning.md, round 4); the fit to every rule's positions (close
/// to [`FITTED_EVAL`]) lost in renju.
pub const RENJU_EVAL: EvalWeights = EvalWeights {
    pattern: [0, 0, 2, 3, 7, 8, 0, 12, 12, 34, 36, 45, 71, 150, 70],
    threat: [0, 2, 0, 6, 19, 12, 43, 72, 10, 39, 151, 251, 500, 0],
    opp_weight: 14,
};

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
