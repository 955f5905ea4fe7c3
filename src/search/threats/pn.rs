//! Proof-number VCT: the threats and defences of the depth-first
//! [`ThreatSearch::vct`], searched best-first by depth-first proof-number
//! search (df-pn with the 1 + epsilon trick). A threat that leaves the
//! defender few replies (a four, a three with few blocks) is followed
//! first, however deep, so long narrow wins are found without first
//! searching every shorter line. Unlike the depth-first search it does not
//! give up when the defender has an open three: our fours, and our threes
//! that also block it, still force a reply.
//!
//! Nodes are keyed by position (a position's ply is its stone count, so
//! there are no cycles and a node's depth is fixed), defender nodes apart
//! from attacker nodes. A win's length is counted afterwards over the proof
//! tree, re-proving what the table lost.

use super::{
    attack_candidates, defender_replies, find_threat, Replies, ThreatSearch, DEFENDER_KEY,
};
use crate::board::Board;
use crate::rules::threat::Threat;
use crate::types::Pos;
use std::collections::HashMap;

/// Proof and disproof numbers are capped here: "infinite".
const INF: u32 = 1 << 28;
/// Entries of the proof-number table (16 bytes each).
pub(super) const PN_BITS: u32 = 19;
/// Deepest line searched, in plies from the root; deeper nodes count as
/// disproven (a position's ply is its stone count, so this is consistent).
const MAX_PLY: usize = 80;

#[derive(Clone, Copy, Default)]
pub(super) struct PnEntry {
    key: u64,
    pn: u32,
    dn: u32,
}

/// The proof-number table, made at its first use.
#[derive(Default)]
pub(super) struct PnTable {
    entries: Vec<PnEntry>,
}

impl PnTable {
    fn prepare(&mut self) {
        if self.entries.is_empty() {
            self.entries = vec![PnEntry::default(); 1 << PN_BITS];
        } else {
            self.entries.fill(PnEntry::default());
        }
    }

    #[inline]
    fn slot(key: u64) -> usize {
        (key as usize) & ((1 << PN_BITS) - 1)
    }

    /// Two entries a bucket: a decided node's entry (proven or
    /// disproven) is kept rather than an undecided one's.
    #[inline]
    fn get(&self, key: u64) -> Option<(u32, u32)> {
        let s = Self::slot(key);
        [s, s ^ 1].into_iter().find_map(|i| {
            let e = self.entries[i];
            (e.key == key).then_some((e.pn, e.dn))
        })
    }

    #[inline]
    fn put(&mut self, key: u64, pn: u32, dn: u32) {
        let s = Self::slot(key);
        let i = if self.entries[s].key == key {
            s
        } else if self.entries[s ^ 1].key == key {
            s ^ 1
        } else {
            // Empty entries (key 0) first, then undecided ones.
            let keep = |e: &PnEntry| e.key != 0 && (e.pn == 0 || e.dn == 0);
            if keep(&self.entries[s]) && !keep(&self.entries[s ^ 1]) {
                s ^ 1
            } else {
                s
            }
        };
        self.entries[i] = PnEntry { key, pn, dn };
    }
}

/// The table key of a node: the position, marked for defender nodes.
#[inline]
fn node_key(hash: u64, attacker: bool) -> u64 {
    if attacker {
        hash
    } else {
        hash ^ DEFENDER_KEY
    }
}

/// What a node is before its children are searched.
enum Expansion {
    /// Decided: proof and disproof number.
    Done(u32, u32),
    /// Its moves, each leading to a node of the other kind.
    Moves(Vec<Pos>),
}

impl ThreatSearch<'_> {
    /// Looks for a VCT for the side to move (each attacker node first
    /// tries a VCF of at most `vcf_fours` fours). Returns the first move
    /// of a proven win and the win's length in plies (an upper bound, as
    /// for [`ThreatSearch::vct`]), or `None`.
    pub fn vct_pn(&mut self, board: &mut Board, vcf_fours: i32) -> Option<(Pos, i32)> {
        self.caches.pn.prepare();
        let (pn, _) = self.mid(board, true, INF, INF, 0, vcf_fours);
        if pn != 0 {
            return None;
        }
        let mut memo = HashMap::new();
        if let Some((plies, first)) = self.proof_len(board, true, 0, vcf_fours, &mut memo) {
            if first != Pos::NONE {
                return Some((first, plies));
            }
        }
        // The budget ran out while the length was counted: the win is
        // proven all the same, by a move the table knows; its length is
        // at most the deepest line searched and a VCF after it.
        let root_moves = match self.expand(board, true, true, 0, vcf_fours) {
            Expansion::Moves(m) => m,
            Expansion::Done(..) => Vec::new(),
        };
        root_moves
            .into_iter()
            .find(|&p| {
                self.caches
                    .pn
                    .get(node_key(board.hash_after(p), false))
                    .map(|e| e.0)
                    == Some(0)
            })
            .map(|p| (p, (MAX_PLY as i32 + 2 * vcf_fours + 1) | 1))
    }

    /// Generates a node: decided outright, or its moves.
    /// A node seen before (`seen`) already failed its VCF.
    fn expand(
        &mut self,
        b: &mut Board,
        attacker: bool,
        seen: bool,
        ply: usize,
        vcf_fours: i32,
    ) -> Expansion {
        if ply >= MAX_PLY {
            return Expansion::Done(INF, 0);
        }
        if attacker {
            let att = b.side_to_move();
            let def = att.flip();
            let mut line = Vec::new();
            if !seen && self.vcf_rec(b, vcf_fours, &mut line) {
                return Expansion::Done(0, INF);
            }
            let def_fives = b.threat_count(def, Threat::Five);
            if def_fives == 1 {
                // The defender answered with a four: our block, and then it
                // must face our threats again.
                return match find_threat(b, def, Threat::Five) {
                    Some(q) if b.is_legal_for(q, att) => Expansion::Moves(vec![q]),
                    _ => Expansion::Done(INF, 0),
                };
            }
            if def_fives > 1 {
                return Expansion::Done(INF, 0);
            }
            // Under an open three of the defender's, only our fours and the
            // threes that also block it still force a reply.
            let def_flex4 = if b.threat_count(def, Threat::Flex4) > 0 {
                super::playable_cells(b, def, Threat::Flex4)
            } else {
                Vec::new()
            };
            let mut moves = Vec::new();
            for (p, t) in attack_candidates(b, att, |t| t.is_four() || t.is_three()) {
                let forcing = def_flex4.is_empty()
                    || t.is_four()
                    || super::blocks_open_fours(b, p, def, &def_flex4);
                if forcing && b.is_legal_for(p, att) {
                    moves.push(p);
                }
            }
            if moves.is_empty() {
                Expansion::Done(INF, 0)
            } else {
                Expansion::Moves(moves)
            }
        } else {
            match defender_replies(b) {
                Replies::Refuted => Expansion::Done(INF, 0),
                Replies::Through(_) => Expansion::Done(0, INF),
                Replies::Moves(moves) => Expansion::Moves(moves),
            }
        }
    }

    /// Multiple iterative deepening at one node: searches its children,
    /// most proving first, until its proof number reaches `th_pn` or its
    /// disproof number `th_dn` (or the budget runs out). Returns its proof
    /// and disproof numbers, also stored in the table.
    fn mid(
        &mut self,
        b: &mut Board,
        attacker: bool,
        th_pn: u32,
        th_dn: u32,
        ply: usize,
        vcf_fours: i32,
    ) -> (u32, u32) {
        self.nodes += 1;
        let key = node_key(b.hash(), attacker);
        let seen = self.caches.pn.get(key).is_some();
        let moves = match self.expand(b, attacker, seen, ply, vcf_fours) {
            Expansion::Done(pn, dn) => {
                self.caches.pn.put(key, pn, dn);
                return (pn, dn);
            }
            Expansion::Moves(m) => m,
        };
        let child_kind = !attacker;
        // The children's numbers: from the table at first, then as their
        // searches return them (a table entry may be lost to another
        // position meanwhile; a child that came back is not searched again
        // for nothing).
        let mut vals: Vec<(u32, u32)> = moves
            .iter()
            .map(|&p| {
                self.caches
                    .pn
                    .get(node_key(b.hash_after(p), child_kind))
                    .unwrap_or((1, 1))
            })
            .collect();
        let mut pn;
        let mut dn;
        loop {
            // This node's numbers from its children's: an attacker node
            // needs one proven child, a defender node all of them.
            let (mut best, mut best_v, mut second_v, mut sum) = (0usize, INF, INF, 0u32);
            let mut best_other = 0;
            for (i, &(cpn, cdn)) in vals.iter().enumerate() {
                let (v, other) = if attacker { (cpn, cdn) } else { (cdn, cpn) };
                // Only a decided child makes the sum infinite: a sum of
                // large estimates stays finite.
                sum = if other >= INF || sum >= INF {
                    INF
                } else {
                    (sum + other).min(INF - 1)
                };
                if v < best_v {
                    second_v = best_v;
                    best_v = v;
                    best = i;
                    best_other = other;
                } else if v < second_v {
                    second_v = v;
                }
            }
            if attacker {
                pn = best_v;
                dn = sum;
            } else {
                pn = sum;
                dn = best_v;
            }
            if pn >= th_pn || dn >= th_dn || pn == 0 || dn == 0 || self.out_of_budget() {
                break;
            }
            // The child's thresholds (1 + epsilon: a little past the second
            // best, so the search does not flip between two children).
            let grow = |v: u32| v.saturating_add(v / 4).max(v.saturating_add(1)).min(INF);
            let (own_th, sum_th) = if attacker {
                (th_pn, th_dn)
            } else {
                (th_dn, th_pn)
            };
            let c_own = own_th.min(grow(second_v));
            let c_sum = sum_th
                .saturating_sub(sum)
                .saturating_add(best_other)
                .min(INF);
            let (c_pn, c_dn) = if attacker {
                (c_own, c_sum)
            } else {
                (c_sum, c_own)
            };
            let p = moves[best];
            b.make(p);
            vals[best] = self.mid(b, child_kind, c_pn, c_dn, ply + 1, vcf_fours);
            b.undo();
        }
        self.caches.pn.put(key, pn, dn);
        (pn, dn)
    }

    /// The length in plies of the proven win at this node (the shortest
    /// line among the proven attacker moves, the longest among the
    /// defences) and, at an attacker node, its first move. Nodes whose
    /// proof the table has lost are proven again.
    fn proof_len(
        &mut self,
        b: &mut Board,
        attacker: bool,
        ply: usize,
        vcf_fours: i32,
        memo: &mut HashMap<u64, Option<(i32, Pos)>>,
    ) -> Option<(i32, Pos)> {
        let key = node_key(b.hash(), attacker);
        if let Some(&r) = memo.get(&key) {
            return r;
        }
        let r = 'body: {
            if self.caches.pn.get(key).map(|(pn, _)| pn) != Some(0)
                && self.mid(b, attacker, INF, INF, ply, vcf_fours).0 != 0
            {
                break 'body None;
            }
            if attacker {
                let mut line = Vec::new();
                if self.vcf_rec(b, vcf_fours, &mut line) {
                    break 'body line.first().map(|&p| (super::win_plies(&line), p));
                }
                let Expansion::Moves(moves) = self.expand(b, true, true, ply, vcf_fours) else {
                    break 'body None;
                };
                // The children the table knows as proven; if it lost them all,
                // the first that proves again.
                let proven: Vec<Pos> = moves
                    .iter()
                    .copied()
                    .filter(|&p| {
                        self.caches
                            .pn
                            .get(node_key(b.hash_after(p), false))
                            .map(|(pn, _)| pn)
                            == Some(0)
                    })
                    .collect();
                let lost = proven.is_empty();
                let mut best: Option<(i32, Pos)> = None;
                for &p in if lost { &moves } else { &proven } {
                    b.make(p);
                    let r = self.proof_len(b, false, ply + 1, vcf_fours, memo);
                    b.undo();
                    if let Some((n, _)) = r {
                        if best.is_none_or(|(m, _)| n + 1 < m) {
                            best = Some((n + 1, p));
                        }
                        if lost {
                            break;
                        }
                    }
                }
                best
            } else {
                match defender_replies(b) {
                    Replies::Refuted => None,
                    Replies::Through(plies) => Some((plies, Pos::NONE)),
                    Replies::Moves(moves) => {
                        let mut longest = 0;
                        for q in moves {
                            b.make(q);
                            let r = self.proof_len(b, true, ply + 1, vcf_fours, memo);
                            b.undo();
                            let Some((n, _)) = r else {
                                break 'body None;
                            };
                            longest = longest.max(n + 1);
                        }
                        Some((longest, Pos::NONE))
                    }
                }
            }
        };
        memo.insert(key, r);
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::parse_pos_line;
    use crate::types::{Color, Rule};

    fn board(rule: Rule, moves: &str) -> Board {
        let moves = parse_pos_line(moves).expect("pos line");
        Board::from_moves(15, 15, rule, &moves).expect("legal moves")
    }

    fn cell(b: &Board, s: &str) -> Pos {
        let m = parse_pos_line(s).expect("one cell");
        b.pos(m[0].0, m[0].1).expect("on the board")
    }

    /// Black (renju) has an open three (D9 . F9 G9); White's H9 blocks it
    /// and makes a three of its own on column H, which wins (a mate in 15
    /// that Rapfi proves). The depth-first VCT gives up under the open
    /// three; the proof-number one follows threes that also block it.
    #[test]
    fn a_three_that_also_blocks_the_opponents_open_three_keeps_the_attack() {
        let mut b = board(
            Rule::Renju,
            "d7f8b8e10c7e4b6b7e7c8d9e5d5d8d4f7e3c5d3d6f9g10g8f4i4f10d10e11e12h8g9f6f5h10i10",
        );
        assert!(b.threat_count(Color::Black, Threat::Flex4) > 0);
        assert_eq!(ThreatSearch::new(1_000_000, None).vct(&mut b, 10, 12), None);
        let mut ts = ThreatSearch::new(1_000_000, None);
        let (p, plies) = ts.vct_pn(&mut b, 12).expect("a VCT");
        assert_eq!(p, cell(&b, "h9"));
        // The win's length: an odd number of plies, no shorter than the
        // proven mate in 15.
        assert!(plies % 2 == 1 && plies >= 15, "{plies} plies");
    }

    /// A long VCT (Rapfi: mate in 23) that both searches find with F8.
    #[test]
    fn finds_the_win_the_depth_first_search_finds() {
        let mut b = board(
            Rule::Freestyle,
            "g14i11g11e11f12f11j12g12h13i13e13h10d12c11d11d13e9f9e12c10c12b12j11i12i10h9h8j9e8\
             d8g9g7i14j13f7j6h11h14i8k9h5g6i6l9i9i7j8k8g4n9m9j7h7k7g8",
        );
        let hash = b.hash();
        let dfs = ThreatSearch::new(1_000_000, None).vct(&mut b, 10, 12);
        let mut ts = ThreatSearch::new(1_000_000, None);
        let pn = ts.vct_pn(&mut b, 12);
        assert_eq!(dfs.map(|(p, _)| p), Some(cell(&b, "f8")));
        let (p, plies) = pn.expect("a VCT");
        assert_eq!(p, cell(&b, "f8"));
        assert!(plies % 2 == 1 && plies >= 23, "{plies} plies");
        assert_eq!(b.hash(), hash, "the board is left as it was");
    }

    /// Without threats there is nothing to search: disproven at once,
    /// well within the budget (a disproof, not a budget that ran out).
    #[test]
    fn a_quiet_position_is_disproven_without_using_the_budget() {
        let mut b = board(Rule::Freestyle, "h8i9h10");
        let mut ts = ThreatSearch::new(1_000_000, None);
        assert_eq!(ts.vct_pn(&mut b, 12), None);
        assert!(ts.nodes < 1_000, "{} nodes", ts.nodes);
    }

    /// An entry kept over another in a full bucket: decided nodes stay,
    /// undecided ones (and empty slots) make way.
    #[test]
    fn a_full_bucket_keeps_its_decided_entry() {
        let mut t = PnTable::default();
        t.prepare();
        let size = 1u64 << PN_BITS;
        let (a, b, c) = (8, 8 + size, 8 + 2 * size);
        t.put(a, 0, INF);
        t.put(b, 3, 4);
        t.put(c, 5, 6);
        assert_eq!(t.get(a), Some((0, INF)));
        assert_eq!(t.get(b), None);
        assert_eq!(t.get(c), Some((5, 6)));
        // An empty slot is taken before a decided entry is replaced.
        let mut t = PnTable::default();
        t.prepare();
        t.put(a, INF, 0);
        t.put(b, 1, 1);
        assert_eq!(t.get(a), Some((INF, 0)));
        assert_eq!(t.get(b), Some((1, 1)));
    }
}
