//! The threat class of a cell: what one stone there makes across all four
//! lines at once (a five, an open four, a four-three, a double three, ...).
//! Computed from the four line patterns through a generated table.

use super::pattern::{Pattern, NUM_PATTERNS};
use std::sync::OnceLock;

/// Threat class of a cell for one colour, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Threat {
    None = 0,
    /// One open two.
    Flex2 = 1,
    /// One closed three.
    Block3 = 2,
    /// Two or more open twos.
    Flex2x2 = 3,
    /// A closed three with another three or open two.
    Block3Plus = 4,
    /// One open three.
    Flex3 = 5,
    /// An open three with a closed three or open two.
    Flex3Plus = 6,
    /// Two or more open threes (for renju Black: a double three that still
    /// needs the recursive check before it is known to be forbidden).
    Flex3x2 = 7,
    /// A lone four.
    Block4 = 8,
    /// A four with a closed three or open two.
    Block4Plus = 9,
    /// A four with an open three: wins unless the opponent has a four.
    Block4Flex3 = 10,
    /// An open four or two fours: wins unless the opponent has a five.
    Flex4 = 11,
    /// A five.
    Five = 12,
    /// Renju Black only: overline or double four without a five.
    Forbidden = 13,
}

pub const NUM_THREATS: usize = 14;

impl Threat {
    pub const ALL: [Threat; NUM_THREATS] = [
        Threat::None,
        Threat::Flex2,
        Threat::Block3,
        Threat::Flex2x2,
        Threat::Block3Plus,
        Threat::Flex3,
        Threat::Flex3Plus,
        Threat::Flex3x2,
        Threat::Block4,
        Threat::Block4Plus,
        Threat::Block4Flex3,
        Threat::Flex4,
        Threat::Five,
        Threat::Forbidden,
    ];

    #[inline]
    pub fn from_u8(v: u8) -> Threat {
        Threat::ALL[v as usize]
    }

    /// A move that makes at least one four (and is not forbidden).
    #[inline]
    pub fn is_four(self) -> bool {
        matches!(
            self,
            Threat::Block4 | Threat::Block4Plus | Threat::Block4Flex3 | Threat::Flex4
        )
    }

    /// A move that makes at least one open three but no four.
    #[inline]
    pub fn is_three(self) -> bool {
        matches!(self, Threat::Flex3 | Threat::Flex3Plus | Threat::Flex3x2)
    }
}

/// The threat class only depends on a coarser view of each line: these nine
/// classes (weak shapes below an open two all count as nothing).
pub const NUM_CLASSES: usize = 9;

/// The class of a pattern for threat classification.
pub const PATTERN_CLASS: [u8; NUM_PATTERNS] = [0, 1, 0, 0, 0, 2, 2, 2, 3, 4, 4, 5, 6, 7, 8];

/// A representative pattern of each class.
const CLASS_PATTERN: [Pattern; NUM_CLASSES] = [
    Pattern::Dead,
    Pattern::Overline,
    Pattern::F2,
    Pattern::B3,
    Pattern::F3,
    Pattern::B4,
    Pattern::F4,
    Pattern::F5,
    Pattern::DoubleFour,
];

/// Index of four direction patterns (packed one byte per direction) into
/// the threat tables.
#[inline]
pub fn combo_index(p: u32) -> usize {
    let [a, b, c, d] = p.to_le_bytes();
    let w = &COMBO_WEIGHTS;
    (w[0][a as usize] + w[1][b as usize] + w[2][c as usize] + w[3][d as usize]) as usize
}

/// Per direction and pattern byte, the pattern's class times its place
/// value in [`combo_index`] (direction 0 is the most significant digit);
/// bytes that are no pattern count as class 0.
const COMBO_WEIGHTS: [[u16; 256]; 4] = {
    let mut out = [[0u16; 256]; 4];
    let mut d = 0;
    while d < 4 {
        let mut place = 1;
        let mut k = d;
        while k < 3 {
            place *= NUM_CLASSES as u16;
            k += 1;
        }
        let mut p = 0;
        while p < NUM_PATTERNS {
            out[d][p] = PATTERN_CLASS[p] as u16 * place;
            p += 1;
        }
        d += 1;
    }
    out
};

/// Number of threat-table entries.
pub const NUM_COMBOS: usize = NUM_CLASSES * NUM_CLASSES * NUM_CLASSES * NUM_CLASSES;

/// The threat class of four line patterns. `renju_black` turns overlines and
/// double fours into [`Threat::Forbidden`] (a five still wins).
pub fn classify(p: [Pattern; 4], renju_black: bool) -> Threat {
    let n = |f: &dyn Fn(Pattern) -> bool| p.iter().filter(|&&x| f(x)).count();
    if n(&|x| x == Pattern::F5) > 0 {
        return Threat::Five;
    }
    let fours = n(&|x| x == Pattern::B4 || x == Pattern::F4) + 2 * n(&|x| x == Pattern::DoubleFour);
    if renju_black && (n(&|x| x == Pattern::Overline) > 0 || fours >= 2) {
        return Threat::Forbidden;
    }
    if n(&|x| x == Pattern::F4) > 0 || fours >= 2 {
        return Threat::Flex4;
    }
    let flex3 = n(&|x| x.is_flex3());
    let block3 = n(&|x| x == Pattern::B3);
    let flex2 = n(&|x| x.is_flex2());
    if fours == 1 {
        return if flex3 > 0 {
            Threat::Block4Flex3
        } else if block3 + flex2 > 0 {
            Threat::Block4Plus
        } else {
            Threat::Block4
        };
    }
    if flex3 >= 2 {
        return Threat::Flex3x2;
    }
    if flex3 == 1 {
        return if block3 + flex2 > 0 {
            Threat::Flex3Plus
        } else {
            Threat::Flex3
        };
    }
    if block3 >= 1 && block3 + flex2 >= 2 {
        return Threat::Block3Plus;
    }
    if flex2 >= 2 {
        return Threat::Flex2x2;
    }
    if block3 == 1 {
        return Threat::Block3;
    }
    if flex2 == 1 {
        return Threat::Flex2;
    }
    Threat::None
}

/// The threat class of every pattern combination, for ordinary lines
/// (`[0]`) and renju Black (`[1]`).
pub fn threat_table() -> &'static [Vec<u8>; 2] {
    static T: OnceLock<[Vec<u8>; 2]> = OnceLock::new();
    T.get_or_init(|| {
        let build = |renju: bool| {
            let mut v = vec![0u8; NUM_COMBOS];
            for (i, slot) in v.iter_mut().enumerate() {
                *slot = classify(decode(i), renju) as u8;
            }
            v
        };
        [build(false), build(true)]
    })
}

/// Representative patterns of a combination index.
pub fn decode(mut i: usize) -> [Pattern; 4] {
    let mut p = [Pattern::Dead; 4];
    for slot in p.iter_mut().rev() {
        *slot = CLASS_PATTERN[i % NUM_CLASSES];
        i /= NUM_CLASSES;
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use Pattern::*;

    #[test]
    fn combos() {
        assert_eq!(classify([F5, Overline, Dead, Dead], true), Threat::Five);
        assert_eq!(classify([B4, B4, Dead, Dead], true), Threat::Forbidden);
        assert_eq!(classify([B4, B4, Dead, Dead], false), Threat::Flex4);
        assert_eq!(
            classify([DoubleFour, Dead, Dead, Dead], true),
            Threat::Forbidden
        );
        assert_eq!(
            classify([Overline, F3, Dead, Dead], true),
            Threat::Forbidden
        );
        assert_eq!(classify([Overline, F3, Dead, Dead], false), Threat::Flex3);
        assert_eq!(classify([B4, F3, Dead, Dead], true), Threat::Block4Flex3);
        assert_eq!(classify([F3, F3S, Dead, Dead], true), Threat::Flex3x2);
        assert_eq!(classify([B3, F2, Dead, Dead], false), Threat::Block3Plus);
        assert_eq!(classify([F2, F2A, Dead, B1], false), Threat::Flex2x2);
        assert_eq!(classify([Dead, F1, B2, B1], false), Threat::None);
        // The coarse index classifies exactly like the full patterns.
        let tt = threat_table();
        for a in Pattern::ALL {
            for b in Pattern::ALL {
                for c in [Dead, F2A, B3, F3S, B4] {
                    for d in [Dead, Overline, F2B, F3, F4, DoubleFour] {
                        let p = [a, b, c, d];
                        let idx = combo_index(u32::from_le_bytes(p.map(|x| x as u8)));
                        for (r, table) in tt.iter().enumerate() {
                            assert_eq!(table[idx], classify(p, r == 1) as u8, "{p:?}");
                        }
                    }
                }
            }
        }
    }
}
