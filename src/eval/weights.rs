//! Every weight of the static evaluation, in one place so that they can be
//! tuned. Units: roughly a hundredth of a "clear advantage".
//!
//! A cell's value for a colour is the sum of its four line patterns' values
//! plus a bonus for what they make together (its threat class). The position
//! is worth the sum over empty cells of the side to move's values minus the
//! opponent's, with the opponent's discounted: it is our move.

/// Value of one line pattern at an empty cell, indexed by `Pattern as usize`:
/// Dead, Overline, B1, F1, B2, F2, F2A, F2B, B3, F3, F3S, B4, F4, F5, DoubleFour.
pub const PATTERN_VALUE: [i32; 15] = [0, 0, 2, 3, 6, 8, 5, 4, 13, 33, 36, 37, 72, 150, 70];

/// Bonus of a threat class, indexed by `Threat as usize`: None, Flex2, Block3,
/// Flex2x2, Block3Plus, Flex3, Flex3Plus, Flex3x2, Block4, Block4Plus,
/// Block4Flex3, Flex4, Five, Forbidden. A forbidden cell is worth nothing at
/// all (see `FORBIDDEN_VALUE`).
pub const THREAT_VALUE: [i32; 14] = [0, 0, 0, 11, 16, 9, 42, 73, 7, 34, 151, 252, 500, 0];

/// A forbidden cell's whole value for renju Black.
pub const FORBIDDEN_VALUE: i32 = 0;

/// Weight (in 1/16) of the side to move's cell values.
pub const SELF_WEIGHT: i32 = 16;
/// Weight (in 1/16) of the opponent's cell values.
pub const OPP_WEIGHT: i32 = 14;
