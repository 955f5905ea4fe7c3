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

/// Index of four direction patterns into the combination tables.
#[inline]
pub fn combo_index(p: [u8; 4]) -> usize {
    ((p[0] as usize * NUM_PATTERNS + p[1] as usize) * NUM_PATTERNS + p[2] as usize) * NUM_PATTERNS
        + p[3] as usize
}

/// Number of combination-table entries.
pub const NUM_COMBOS: usize = NUM_PATTERNS * NUM_PATTERNS * NUM_PATTERNS * NUM_PATTERNS;

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

/// The four patterns of a combination index.
pub fn decode(mut i: usize) -> [Pattern; 4] {
    let mut p = [Pattern::Dead; 4];
    for slot in p.iter_mut().rev() {
        *slot = Pattern::from_u8((i % NUM_PATTERNS) as u8);
        i /= NUM_PATTERNS;
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
        for i in [0usize, 1, 77, 5000, NUM_COMBOS - 1] {
            let p = decode(i);
            assert_eq!(combo_index(p.map(|x| x as u8)), i);
        }
    }
}
