//! Static evaluation: per-cell values from pattern combinations (kept
//! incrementally by the board) summed into a position score.

pub mod weights;

use crate::rules::pattern::Pattern;
use crate::rules::threat::Threat;
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
    let v = |i: u32| PATTERN_VALUE[((p >> (8 * i)) & 0xFF) as usize];
    v(0) + v(1) + v(2) + v(3) + THREAT_VALUE[t as usize]
}

/// Combines the two colours' summed cell values into a score for the side to
/// move (`own`) against the other side (`opp`).
#[inline]
pub fn combine(own: i32, opp: i32) -> i32 {
    (own * SELF_WEIGHT - opp * OPP_WEIGHT) / 16
}
