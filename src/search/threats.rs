//! Threat-space search: VCF (victory by continuous fours) and VCT (victory
//! by continuous threats: fours and open threes).
//!
//! Both work on the side to move as the attacker. A four leaves the defender
//! exactly one reply (its five cell), so VCF is a narrow, deep search; VCT
//! also tries open threes, after which every defence (blocking cells and the
//! defender's own fours) must be refuted. The VCT comes in two searches:
//! depth-first with iterative deepening ([`ThreatSearch::vct`]) and
//! proof-number search ([`ThreatSearch::vct_pn`], in `pn`), which also
//! keeps attacking under an open three of the defender's.

use crate::board::Board;
use crate::rules::pattern::Pattern;
use crate::rules::threat::Threat;
use crate::types::{Color, Pos, DIRS, DIR_XY};
use std::sync::atomic::{AtomicBool, Ordering};

mod pn;

/// Memory of the proof-number VCT's table (made at its first use, by the
/// main search thread only: the root VCT).
pub const PN_TABLE_BYTES: u64 = (std::mem::size_of::<pn::PnEntry>() as u64) << pn::PN_BITS;

/// The two result caches of a threat search. An engine keeps one set from
/// search to search and clears it (a few hundred microseconds) instead of
/// allocating 2 MiB each time, whose fresh pages the system would map one
/// page fault at a time during the search.
pub struct ThreatCaches {
    /// Positions (attacker to move) known to have no VCF within a depth:
    /// direct-mapped, key = hash, value = depth that failed.
    fail: Vec<(u64, u8)>,
    /// VCT results at attacker nodes: key = hash, depth that failed
    /// (positive) or that was proven to win (negative), and the proven
    /// win's length in plies.
    vct: Vec<(u64, i8, u8)>,
    /// Proof and disproof numbers of the proof-number VCT.
    pn: pn::PnTable,
}

impl Default for ThreatCaches {
    fn default() -> Self {
        ThreatCaches {
            fail: vec![(0, 0); 1 << CACHE_BITS],
            vct: vec![(0, 0, 0); 1 << CACHE_BITS],
            pn: pn::PnTable::default(),
        }
    }
}

impl ThreatCaches {
    fn clear(&mut self) {
        self.fail.fill((0, 0));
        self.vct.fill((0, 0, 0));
    }
}

/// Shared limits and bookkeeping of one threat search.
pub struct ThreatSearch<'a> {
    caches: ThreatCaches,
    pub nodes: u64,
    pub node_limit: u64,
    stop: Option<&'a AtomicBool>,
    deadline: Option<std::time::Instant>,
}

const CACHE_BITS: u32 = 16;

/// Distinguishes defender nodes from attacker nodes in the VCT cache.
const DEFENDER_KEY: u64 = 0x6465_6665_6e64_6572;

/// The entry of a position's hash in the direct-mapped caches.
#[inline]
fn cache_slot(hash: u64) -> usize {
    (hash as usize) & ((1 << CACHE_BITS) - 1)
}

impl<'a> ThreatSearch<'a> {
    pub fn new(node_limit: u64, stop: Option<&'a AtomicBool>) -> Self {
        Self::on(ThreatCaches::default(), node_limit, stop)
    }

    /// A threat search on `caches`, emptied first: it knows nothing of
    /// the searches that used them before.
    pub fn with_caches(
        mut caches: ThreatCaches,
        node_limit: u64,
        stop: Option<&'a AtomicBool>,
    ) -> Self {
        caches.clear();
        Self::on(caches, node_limit, stop)
    }

    /// A threat search on `caches` as they are.
    fn on(caches: ThreatCaches, node_limit: u64, stop: Option<&'a AtomicBool>) -> Self {
        ThreatSearch {
            caches,
            nodes: 0,
            node_limit,
            stop,
            deadline: None,
        }
    }

    /// Hands the caches back for the next search.
    pub fn into_caches(self) -> ThreatCaches {
        self.caches
    }

    /// Also give up at this instant (checked every 256 nodes).
    pub fn set_deadline(&mut self, deadline: Option<std::time::Instant>) {
        self.deadline = deadline;
    }

    /// Resets the node counter and limit (the failure cache stays valid).
    pub fn reset(&mut self, node_limit: u64) {
        self.nodes = 0;
        self.node_limit = node_limit;
    }

    fn out_of_budget(&mut self) -> bool {
        if self.nodes & 255 == 0
            && self
                .deadline
                .is_some_and(|d| std::time::Instant::now() >= d)
        {
            self.node_limit = 0;
        }
        self.nodes >= self.node_limit || self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// Looks for a VCF of at most `max_fours` fours for the side to move.
    /// Returns the winning line (attacker and defender moves alternating,
    /// ending with the five), or `None`.
    pub fn vcf(&mut self, board: &mut Board, max_fours: i32) -> Option<Vec<Pos>> {
        let mut line = Vec::new();
        if self.vcf_rec(board, max_fours, &mut line) {
            Some(line)
        } else {
            None
        }
    }

    fn vcf_rec(&mut self, b: &mut Board, depth: i32, line: &mut Vec<Pos>) -> bool {
        self.nodes += 1;
        let att = b.side_to_move();
        let def = att.flip();
        if b.threat_count(att, Threat::Five) > 0 {
            if let Some(p) = find_threat(b, att, Threat::Five) {
                line.push(p);
                return true;
            }
        }
        if depth <= 0 || self.out_of_budget() {
            return false;
        }
        if four_cells(b, att) == 0 {
            return false;
        }
        let slot = cache_slot(b.hash());
        let (h, d) = self.caches.fail[slot];
        if h == b.hash() && d as i32 >= depth {
            return false;
        }
        let def_fives = b.threat_count(def, Threat::Five);
        let mut cands: Vec<(Pos, Threat)> = Vec::new();
        if def_fives > 0 {
            // The defender threatens five: only a four that blocks it keeps
            // the attack going.
            if def_fives == 1 {
                if let Some(q) = find_threat(b, def, Threat::Five) {
                    let t = b.threat(q, att);
                    if t.is_four() && b.is_legal_for(q, att) {
                        cands.push((q, t));
                    }
                }
            }
        } else {
            cands = attack_candidates(b, att, Threat::is_four);
        }
        for (p, t) in cands {
            if !b.is_legal_for(p, att) {
                continue;
            }
            if t == Threat::Flex4 && def_fives == 0 {
                // Two five cells: the defender can block only one.
                // The line ends with the block of one and the five on the
                // other.
                line.push(p);
                b.make(p);
                if let Some(q) = find_five_near(b, p, att) {
                    b.make(q);
                    let r = find_five_near(b, p, att);
                    b.undo();
                    if let Some(r) = r {
                        line.push(q);
                        line.push(r);
                    }
                }
                b.undo();
                return true;
            }
            b.make(p);
            let Some(q) = find_five_near(b, p, att) else {
                b.undo();
                continue;
            };
            line.push(p);
            line.push(q);
            if !b.is_legal_for(q, def) {
                // Black cannot block: the five comes next.
                b.undo();
                line.pop();
                line.push(q);
                return true;
            }
            b.make(q);
            let won = self.vcf_rec(b, depth - 1, line);
            b.undo();
            b.undo();
            if won {
                return true;
            }
            line.pop();
            line.pop();
            if self.out_of_budget() {
                return false;
            }
        }
        if !self.out_of_budget() {
            self.caches.fail[slot] = (b.hash(), depth.min(255) as u8);
        }
        false
    }

    /// Looks for a VCT of at most `depth` attacker threats (each ending in
    /// a VCF of at most `vcf_fours` fours) for the side to move. Returns the
    /// first move of a win and its length in plies, the five included: an
    /// upper bound on the distance to the five when the defender picks its
    /// longest defence of those the threats allow (an ignored threat loses
    /// sooner), or `None`.
    pub fn vct(&mut self, board: &mut Board, depth: i32, vcf_fours: i32) -> Option<(Pos, i32)> {
        // The root's own cache entry would prove the win without a line.
        let slot = cache_slot(board.hash());
        if self.caches.vct[slot].0 == board.hash() {
            self.caches.vct[slot] = (0, 0, 0);
        }
        // Iterative deepening: short wins are found before the search sinks
        // into long lines, and failures at one depth prune the next.
        for d in 1..=depth {
            let mut line = Vec::new();
            if let Some(plies) = self.vct_attack(board, d, vcf_fours, &mut line) {
                return line.first().map(|&p| (p, plies));
            }
            if self.out_of_budget() {
                break;
            }
        }
        None
    }

    /// The attacker to move: the length in plies of a win within `depth`
    /// threats, or `None`. Appends the attacker's first move to `line`.
    fn vct_attack(
        &mut self,
        b: &mut Board,
        depth: i32,
        vcf_fours: i32,
        line: &mut Vec<Pos>,
    ) -> Option<i32> {
        self.nodes += 1;
        // A result known for this depth: the line of a proof is not rebuilt
        // (callers only read the root's first move, and the root never uses
        // its own entry).
        if let Some(known) = self.vct_known(b.hash(), depth) {
            return known;
        }
        let start = line.len();
        if self.vcf_rec(b, vcf_fours, line) {
            return Some(win_plies(&line[start..]));
        }
        if depth <= 0 || self.out_of_budget() {
            return None;
        }
        let att = b.side_to_move();
        let def = att.flip();
        let def_fives = b.threat_count(def, Threat::Five);
        if def_fives == 1 {
            // The defender answered with a four: block it (a forced move that
            // does not count as depth; stones only increase, so this ends)
            // and the defender must face our threats again.
            let q = find_threat(b, def, Threat::Five)?;
            if !b.is_legal_for(q, att) {
                return None;
            }
            b.make(q);
            line.push(q);
            let won = self.vct_defend(b, depth, vcf_fours, line).map(|n| n + 1);
            b.undo();
            if won.is_none() {
                line.pop();
            }
            return won;
        }
        if def_fives > 1 || b.threat_count(def, Threat::Flex4) > 0 {
            // Two fives to block, or an open three of the defender's: a plain
            // three no longer forces anything (VCF already tried the fours).
            return None;
        }
        let won = self.vct_attack_moves(b, depth, vcf_fours, line);
        self.vct_remember(b.hash(), depth, won);
        won
    }

    /// The cached VCT result of the node with cache key `key` when it
    /// decides a search of `depth` threats: a failure at that depth or
    /// more, or a win proven with that depth or less.
    fn vct_known(&self, key: u64, depth: i32) -> Option<Option<i32>> {
        let (h, d, plies) = self.caches.vct[cache_slot(key)];
        if h != key || d == 0 {
            return None;
        }
        if d > 0 && d as i32 >= depth {
            return Some(None);
        }
        if d < 0 && -(d as i32) <= depth {
            return Some(Some(i32::from(plies)));
        }
        None
    }

    /// Caches a VCT node's result: a win, or a failure unless the budget
    /// ran out (then it is not known).
    fn vct_remember(&mut self, key: u64, depth: i32, won: Option<i32>) {
        let slot = cache_slot(key);
        if let Some(n) = won {
            self.caches.vct[slot] = (key, -(depth.min(127) as i8), n.min(255) as u8);
        } else if !self.out_of_budget() {
            self.caches.vct[slot] = (key, depth.min(127) as i8, 0);
        }
    }

    fn vct_attack_moves(
        &mut self,
        b: &mut Board,
        depth: i32,
        vcf_fours: i32,
        line: &mut Vec<Pos>,
    ) -> Option<i32> {
        let att = b.side_to_move();
        let cands = attack_candidates(b, att, |t| t.is_four() || t.is_three());
        for (p, _) in cands {
            if !b.is_legal_for(p, att) {
                continue;
            }
            b.make(p);
            line.push(p);
            let won = self.vct_defend(b, depth, vcf_fours, line);
            b.undo();
            if let Some(n) = won {
                return Some(n + 1);
            }
            line.truncate(line.len() - 1);
            if self.out_of_budget() {
                return None;
            }
        }
        None
    }

    /// The defender to move after a threat: every defence must lose. The
    /// length in plies of the longest of those wins, or `None`. Results are
    /// cached as at attacker nodes: the defender's counter-fours, each
    /// blocked, reach the same positions in many orders.
    fn vct_defend(
        &mut self,
        b: &mut Board,
        depth: i32,
        vcf_fours: i32,
        line: &mut Vec<Pos>,
    ) -> Option<i32> {
        let key = b.hash() ^ DEFENDER_KEY;
        if let Some(known) = self.vct_known(key, depth) {
            return known;
        }
        let won = self.vct_defences(b, depth, vcf_fours, line);
        self.vct_remember(key, depth, won);
        won
    }

    fn vct_defences(
        &mut self,
        b: &mut Board,
        depth: i32,
        vcf_fours: i32,
        line: &mut Vec<Pos>,
    ) -> Option<i32> {
        self.nodes += 1;
        let defences = match defender_replies(b) {
            Replies::Refuted => return None,
            Replies::Through(plies) => return Some(plies),
            Replies::Moves(m) => m,
        };
        let mut longest = 0;
        for q in defences {
            b.make(q);
            let len = line.len();
            let won = self.vct_attack(b, depth - 1, vcf_fours, line);
            line.truncate(len);
            b.undo();
            longest = longest.max(won? + 1);
            if self.out_of_budget() {
                return None;
            }
        }
        Some(longest)
    }
}

/// What the defender, to move after the attacker's threat, can do.
pub(super) enum Replies {
    /// The threat forces nothing: the defender makes a five first, or
    /// the attacker threatens nothing after all.
    Refuted,
    /// No reply stops it: the attacker's five comes in this many plies.
    Through(i32),
    /// The replies to search, the strongest first: our own fours (they
    /// gain a tempo), then the cells that matter most to the attacker;
    /// renju Black's forbidden cells left out.
    Moves(Vec<Pos>),
}

/// The defender's replies ([`defence_moves`]) as both VCTs search them.
pub(super) fn defender_replies(b: &mut Board) -> Replies {
    let def = b.side_to_move();
    let att = def.flip();
    if b.threat_count(def, Threat::Five) > 0 {
        return Replies::Refuted;
    }
    let defences = defence_moves(b, att);
    if defences.is_empty() {
        // Open fours no single stone stops, and no four to answer with:
        // the attacker plays one and then a five. Otherwise nothing forces
        // a reply: the threat was not real.
        let open_fours = b.threat_count(att, Threat::Flex4) > 0
            && !playable_cells(b, att, Threat::Flex4).is_empty();
        return if open_fours {
            Replies::Through(4)
        } else {
            Replies::Refuted
        };
    }
    let mut moves: Vec<Pos> = defences
        .into_iter()
        .filter(|&q| b.is_legal_for(q, def))
        .collect();
    if moves.is_empty() {
        // Every defence forbidden (renju Black): the threat goes through,
        // a five in two plies, or an open four then a five in four.
        return Replies::Through(if b.threat_count(att, Threat::Five) > 0 {
            2
        } else {
            4
        });
    }
    moves.sort_by_key(|&q| {
        (
            std::cmp::Reverse(b.threat(q, def).is_four()),
            std::cmp::Reverse(b.threat(q, att)),
        )
    });
    Replies::Moves(moves)
}

/// The defender's replies to the attacker's threats, with the defender to
/// move: the five cell if the attacker has a four; otherwise, if the attacker
/// has an open-four cell, every cell on the attacker's threatening lines (its
/// four and open-four cells) that lies on a line through each of its
/// open-four cells, and every four of the defender. Empty when the attacker
/// threatens nothing, or when no one stone stops all its open fours and the
/// defender has no four.
pub fn defence_moves(b: &mut Board, att: Color) -> Vec<Pos> {
    let def = att.flip();
    let mut out = Vec::new();
    if b.threat_count(att, Threat::Five) > 0 {
        out.extend(find_threat(b, att, Threat::Five));
        return out;
    }
    if b.threat_count(att, Threat::Flex4) == 0 {
        return out;
    }
    // Every cell with a four pattern of the attacker is hot for it, and
    // every four of the defender is hot for the defender.
    let flex4 = playable_cells(b, att, Threat::Flex4);
    for p in b.hot_cells(att) {
        if b.threat(p, def).is_four() || blocks_open_fours(b, p, att, &flex4) {
            out.push(p);
        }
    }
    for p in b.hot_cells(def) {
        if b.threat(p, def).is_four() && !out.contains(&p) {
            out.push(p);
        }
    }
    out
}

/// The length in plies of a win whose line (attacker and defender moves
/// alternating, from [`ThreatSearch::vcf`]) is `line`: a win ends with the
/// attacker's five, after an odd number of plies. A line is one short of
/// that where renju Black could not block a four (its block forbidden):
/// Black plays elsewhere, and the five follows.
pub fn win_plies(line: &[Pos]) -> i32 {
    line.len() as i32 | 1
}

/// The empty cells where `c` has threat `t` and may play (renju Black's
/// forbidden cells left out).
pub fn playable_cells(b: &mut Board, c: Color, t: Threat) -> Vec<Pos> {
    let cells: Vec<Pos> = b.hot_cells(c).filter(|&p| b.threat(p, c) == t).collect();
    if !b.rule().has_forbidden(c) {
        return cells;
    }
    cells.into_iter().filter(|&p| !b.is_forbidden(p)).collect()
}

/// The cells where `att` makes a threat that `keep` accepts, strongest
/// first and, among equals, nearest the last move first.
fn attack_candidates(b: &Board, att: Color, keep: impl Fn(Threat) -> bool) -> Vec<(Pos, Threat)> {
    let mut cands: Vec<(Pos, Threat)> = b
        .hot_cells(att)
        .map(|p| (p, b.threat(p, att)))
        .filter(|&(_, t)| keep(t))
        .collect();
    let last = b.last_move().unwrap_or(Pos::NONE);
    cands.sort_by_key(|&(p, t)| (std::cmp::Reverse(t), distance(p, last)));
    cands
}

/// True if empty `p` lies on one of `att`'s threatening lines: `att` makes a
/// four there on some line, or an open four (or double four) across lines.
/// Occupying every such cell is how an open three or a four-to-be is
/// blocked; the set may also hold cells of harmless closed threes.
#[inline]
pub fn blocks_line_threat(b: &Board, p: Pos, att: Color) -> bool {
    b.threat(p, att) == Threat::Flex4
        || b.patterns(p, att)
            .iter()
            .any(|&x| matches!(x, Pattern::B4 | Pattern::F4 | Pattern::DoubleFour))
}

/// True if a stone at empty `p` can stop all of `att`'s open fours, whose
/// cells are `flex4` (its playable open-four cells): `p` lies on one of
/// `att`'s threatening lines and on a line through each of those cells.
#[inline]
pub fn blocks_open_fours(b: &Board, p: Pos, att: Color, flex4: &[Pos]) -> bool {
    blocks_line_threat(b, p, att) && flex4.iter().all(|&f| on_line_within(p, f, 5))
}

/// Number of empty cells where `c` can make a four (renju Black's forbidden
/// cells excluded only as far as the threat class already knows).
#[inline]
pub fn four_cells(b: &Board, c: Color) -> u32 {
    b.threat_count(c, Threat::Block4)
        + b.threat_count(c, Threat::Block4Plus)
        + b.threat_count(c, Threat::Block4Flex3)
        + b.threat_count(c, Threat::Flex4)
}

/// The first empty cell where `c` has threat `t`.
pub fn find_threat(b: &Board, c: Color, t: Threat) -> Option<Pos> {
    debug_assert!(t >= Threat::Flex3, "only hot classes are indexed");
    b.hot_cells(c).find(|&p| b.threat(p, c) == t)
}

/// The cell where `c` makes five on a line through `p` (after `c` played `p`).
pub fn find_five_near(b: &Board, p: Pos, c: Color) -> Option<Pos> {
    for &dir in &DIRS {
        for k in -4..=4 {
            if k == 0 {
                continue;
            }
            let q = p.step(dir, k);
            if b.is_empty(q) && b.threat(q, c) == Threat::Five {
                return Some(q);
            }
        }
    }
    None
}

/// True if `p` and `q` lie on one line (row, column or diagonal) at most
/// `k` steps apart.
#[inline]
pub fn on_line_within(p: Pos, q: Pos, k: i32) -> bool {
    let (dx, dy) = ((p.x() - q.x()).abs(), (p.y() - q.y()).abs());
    (dx == 0 || dy == 0 || dx == dy) && dx.max(dy) <= k
}

/// The most four cells of one side [`combination_cells`] looks at; more
/// are rare, and the rest are left out.
const COMBO_MAX_FOURS: usize = 24;

/// The empty cells that share a five-cell window, free of the opponent's
/// stones, with two (or more) cells where `me` can make a four: after
/// those two fours (each played with tempo, its block forced), a stone
/// here makes a four of the window, often a double four or a four-three.
/// Such a move is quiet (it makes no three by itself) yet can threaten a
/// VCF, so in freestyle the search does not prune it with the late moves
/// (docs/tuning.md, session 36). Two four cells whose fours lie on the
/// line that joins them count for nothing. Each cell once.
pub fn combination_cells(b: &Board, me: Color) -> Vec<Pos> {
    let op = me.flip();
    let mut out = Vec::new();
    let mut fours = [Pos::NONE; COMBO_MAX_FOURS];
    let mut n = 0;
    for p in b.hot_cells(me) {
        if n < COMBO_MAX_FOURS && b.threat(p, me).is_four() {
            fours[n] = p;
            n += 1;
        }
    }
    for (i, &a) in fours[..n].iter().enumerate() {
        for &c in &fours[i + 1..n] {
            if !on_line_within(a, c, 4) {
                continue;
            }
            let (dx, dy) = (c.x() - a.x(), c.y() - a.y());
            let span = distance(a, c);
            let (ux, uy) = (dx.signum(), dy.signum());
            // Two cells of one four (or of fours on one line) make no
            // combination: the first four's block takes the line.
            let dir = DIR_XY
                .iter()
                .position(|&d| d == (ux, uy) || d == (-ux, -uy))
                .unwrap_or(0);
            if b.pattern(a, me, dir) >= Pattern::B4 || b.pattern(c, me, dir) >= Pattern::B4 {
                continue;
            }
            // Each window [a - k*u, a + (4 - k)*u] that holds c too.
            for k in 0..=(4 - span) {
                let mut cells = [Pos::NONE; 5];
                let mut open = true;
                for (j, cell) in cells.iter_mut().enumerate() {
                    let j = j as i32;
                    match b.pos(a.x() + (j - k) * ux, a.y() + (j - k) * uy) {
                        Some(q) if b.stone(q) != Some(op) => *cell = q,
                        _ => {
                            open = false;
                            break;
                        }
                    }
                }
                if !open {
                    continue;
                }
                for q in cells {
                    if q != a && q != c && b.is_empty(q) && !out.contains(&q) {
                        out.push(q);
                    }
                }
            }
        }
    }
    out
}

/// Chebyshev distance between two cells.
#[inline]
pub fn distance(a: Pos, b: Pos) -> i32 {
    (a.x() - b.x()).abs().max((a.y() - b.y()).abs())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::types::Rule;

    /// White's open three on row 8 (E8-G8) and its closed three on row 13
    /// (C13-E13, blocked at B13); Black's closed three on row 3 (I3-K3,
    /// blocked at L3); with `second`, another open three of White's on
    /// column M (M4-M6) that no block of row 8 also stops; with
    /// `black_fours` false, Black's closed three is left out. Black to move.
    pub(crate) fn open_three_board(second: bool, black_fours: bool) -> Board {
        let mut d = String::new();
        for y in 0..15 {
            for x in 0..15 {
                let c = match (x, y) {
                    (4..=6, 7) | (2..=4, 12) => 'o',
                    (12, 3..=5) if second => 'o',
                    (11, 2) if black_fours => 'o',
                    (8..=10, 2) if black_fours => 'x',
                    (1, 12) => 'x',
                    _ => '.',
                };
                d.push(c);
                d.push(' ');
            }
            d.push('\n');
        }
        Board::from_diagram(&d, Rule::Freestyle, Some(Color::Black)).unwrap()
    }

    /// The cells as sorted (x, y) pairs.
    pub(crate) fn sorted(cells: &[Pos]) -> Vec<(i32, i32)> {
        let mut v: Vec<(i32, i32)> = cells.iter().map(|p| (p.x(), p.y())).collect();
        v.sort();
        v
    }

    /// Black's closed threes on row 6 (B6-D6, blocked at A6) and column G
    /// (G9-G11, blocked at G12): four cells E6 and F6, and G8 and G7. E6
    /// and G8 share a diagonal: after both fours, F7 makes a third stone
    /// there (a combination cell); `white_f7` takes F7 away.
    fn combination_board(white_f7: bool) -> Board {
        let mut d = String::new();
        for y in 0..15 {
            for x in 0..15 {
                let c = match (x, y) {
                    (1..=3, 5) | (6, 8..=10) => 'x',
                    (0, 5) | (6, 11) => 'o',
                    (5, 6) if white_f7 => 'o',
                    _ => '.',
                };
                d.push(c);
            }
            d.push('\n');
        }
        Board::from_diagram(&d, Rule::Freestyle, Some(Color::Black)).unwrap()
    }

    #[test]
    fn combination_cells_complete_a_window_with_two_four_cells() {
        let b = combination_board(false);
        for (x, y) in [(4, 5), (5, 5), (6, 6), (6, 7)] {
            assert!(b.threat(Pos::new(x, y), Color::Black).is_four());
        }
        let cells = sorted(&combination_cells(&b, Color::Black));
        // F7 and H9 with E6 and G8; H8 with F6 and G7.
        for cell in [(5, 6), (7, 8), (7, 7)] {
            assert!(cells.contains(&cell), "{cell:?} in {cells:?}");
        }
        // Not G6 or H6: E6 and F6 are the cells of one four (row 6).
        assert!(!cells.contains(&(6, 5)) && !cells.contains(&(7, 5)));
        // No four cells of White's, no combination cells.
        assert!(combination_cells(&b, Color::White).is_empty());
        // A White stone at F7 closes every window through E6 and G8.
        let b = combination_board(true);
        let cells = sorted(&combination_cells(&b, Color::Black));
        assert!(
            !cells.contains(&(7, 8)) && cells.contains(&(7, 7)),
            "{cells:?}"
        );
    }

    #[test]
    fn defences_of_an_open_three_are_its_blocks_and_the_defenders_fours() {
        let mut board = open_three_board(false, true);
        // Not F13 or G13, where White's closed three makes a four.
        assert_eq!(board.threat(Pos::new(5, 12), Color::White), Threat::Block4);
        let d = defence_moves(&mut board, Color::White);
        assert_eq!(
            sorted(&d),
            vec![(2, 7), (3, 7), (6, 2), (7, 2), (7, 7), (8, 7)]
        );
    }

    /// White's four G9-G12 (column G, closed at G13) can only be blocked at
    /// G8, where Black would make six on row 8: forbidden. (G8 itself makes
    /// White only a closed four, G7 being Black's.) The VCF line is the
    /// four and the five (Black's move between them is any): a win in
    /// three plies.
    #[test]
    fn a_four_whose_block_is_forbidden_wins_in_three_plies() {
        let mut d = String::new();
        for y in 0..15 {
            for x in 0..15 {
                let c = match (x, y) {
                    (3..=5, 7) | (7..=8, 7) | (6, 12) | (6, 6) => 'x',
                    (6, 8..=10) | (0, 0) | (14, 0) | (14, 14) => 'o',
                    _ => '.',
                };
                d.push(c);
            }
            d.push('\n');
        }
        let mut board = Board::from_diagram(&d, Rule::Renju, Some(Color::White)).unwrap();
        let g8 = Pos::new(6, 7);
        assert!(board.is_forbidden(g8));
        let line = ThreatSearch::new(10_000, None).vcf(&mut board, 4).unwrap();
        assert_eq!(line, vec![Pos::new(6, 11), g8]);
        assert_eq!(win_plies(&line), 3);
        let vct = ThreatSearch::new(10_000, None).vct(&mut board, 2, 4);
        assert_eq!(vct, Some((Pos::new(6, 11), 3)));
        let pn = ThreatSearch::new(10_000, None).vct_pn(&mut board, 4);
        assert_eq!(pn, Some((Pos::new(6, 11), 3)));
    }

    #[test]
    fn two_open_threes_with_no_common_block_are_a_won_threat() {
        let mut board = open_three_board(true, true);
        let d = defence_moves(&mut board, Color::White);
        assert_eq!(sorted(&d), vec![(6, 2), (7, 2)]);
        // Black's fours only delay: each is blocked, and then nothing stops
        // an open four (4 plies), 6 plies in all.
        let mut ts = ThreatSearch::new(100_000, None);
        let mut line = Vec::new();
        assert_eq!(ts.vct_defend(&mut board, 2, 4, &mut line), Some(6));
        assert_eq!(ts.vct_defend(&mut board, 1, 4, &mut line), None);
    }
}
