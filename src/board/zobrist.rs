//! Zobrist keys, generated at compile time from a fixed seed (splitmix64), so
//! hashes are identical from run to run and between builds.

use crate::types::NUM_CELLS;

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// One key per colour and cell.
pub static KEYS: [[u64; NUM_CELLS]; 2] = {
    let mut keys = [[0u64; NUM_CELLS]; 2];
    let mut state = 0x7465_6e67_656e_0001u64;
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < NUM_CELLS {
            let (s, v) = splitmix(state);
            state = s;
            keys[c][i] = v;
            i += 1;
        }
        c += 1;
    }
    keys
};

/// Toggled when White is to move.
pub const SIDE: u64 = splitmix(0x5349_4445_u64).1;
