//! Static evaluation: per-cell values from pattern combinations (kept
//! incrementally by the board) summed into a position score.

pub mod weights;

use crate::rules::pattern::Pattern;
use crate::rules::threat::{self, Threat, NUM_COMBOS};
use std::sync::OnceLock;
use weights::*;

/// The value of a cell with these four patterns and this threat class.
pub fn cell_value(p: [Pattern; 4], t: Threat) -> i32 {
    if t == Threat::Forbidden {
        return FORBIDDEN_VALUE;
    }
    p.iter().map(|&x| PATTERN_VALUE[x as usize]).sum::<i32>() + THREAT_VALUE[t as usize]
}

/// Cell value of every pattern combination, for ordinary lines (`[0]`) and
/// renju Black (`[1]`).
pub fn value_table() -> &'static [Vec<i16>; 2] {
    static T: OnceLock<[Vec<i16>; 2]> = OnceLock::new();
    T.get_or_init(|| {
        let tt = threat::threat_table();
        let build = |r: usize| {
            (0..NUM_COMBOS)
                .map(|i| {
                    let v = cell_value(threat::decode(i), Threat::from_u8(tt[r][i]));
                    v.clamp(i16::MIN as i32, i16::MAX as i32) as i16
                })
                .collect::<Vec<i16>>()
        };
        [build(0), build(1)]
    })
}

/// Combines the two colours' summed cell values into a score for the side to
/// move (`own`) against the other side (`opp`).
#[inline]
pub fn combine(own: i32, opp: i32) -> i32 {
    (own * SELF_WEIGHT - opp * OPP_WEIGHT) / 16
}
