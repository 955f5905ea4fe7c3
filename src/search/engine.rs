//! The search proper: iterative deepening over negamax PVS alpha-beta with a
//! transposition table, threat-aware move generation, killer and history
//! ordering, late-move reductions, and a quiescence search over our fours
//! at the leaves.

use super::smp::{self, Completed, Crew, HelperResult, History, Pool, Shared, MAX_THREADS};
use super::threats::{self, find_threat, ThreatCaches, ThreatSearch};
use super::time::{self, Clock, IterationPolicy, TimeLimits, WallClock};
use super::tt::{TranspositionTable, MAP_AHEAD_BYTES};
use super::{Iteration, Report, RootEvent, SearchRequest, SearchResult};
use crate::board::Board;
use crate::eval;
use crate::rules::threat::Threat;
use crate::types::*;
use crossbeam_channel::Sender;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Deepest ply the search reaches (including forced-move chains).
pub const MAX_PLY: usize = 128;
/// Deepest nominal depth of iterative deepening.
pub const MAX_DEPTH: i32 = 100;

/// The table of an instant answer given before the real table exists.
const INSTANT_HASH_BYTES: usize = 1 << 20;

/// Fours a quiescence line may add beyond the search depth.
const QS_MAX_FOURS: i32 = 8;

/// Search state that outlives one `think`: the table, the stop flag, the
/// main thread's history and the Lazy SMP helper threads.
pub struct Engine {
    /// Made when an `INFO` sets its size or at the first search, not at
    /// start-up: a manager sends `INFO max_memory` after starting us, and a
    /// table made before would count against the process's peak memory.
    /// Shared with the helper threads of a search.
    tt: Option<Arc<TranspositionTable>>,
    hash_bytes: usize,
    stop: Arc<AtomicBool>,
    history: Box<History>,
    pool: Pool,
    /// The main thread's threat-search caches, kept between searches so
    /// that their memory stays mapped (see [`ThreatCaches`]).
    threat_caches: Option<ThreatCaches>,
}

impl Engine {
    pub fn new(hash_bytes: usize, stop: Arc<AtomicBool>) -> Engine {
        Engine {
            tt: None,
            hash_bytes,
            stop,
            history: Box::new([[0; NUM_CELLS]; 2]),
            pool: Pool::default(),
            threat_caches: None,
        }
    }

    pub fn resize_hash(&mut self, bytes: usize) {
        if bytes != self.hash_bytes {
            // Free the old table before the new one is made, so the peak
            // never holds both. (Helpers hold no table between searches.)
            self.tt = None;
            self.hash_bytes = bytes;
            // Made now, while the searcher thread waits for work: making a
            // table maps its memory (see `tt::map_pages`), which is
            // better done before a clock runs.
            self.table();
        }
    }

    /// The table, made now if there is none.
    fn table(&mut self) -> Arc<TranspositionTable> {
        let bytes = self.hash_bytes;
        self.tt
            .get_or_insert_with(|| Arc::new(TranspositionTable::new(bytes)))
            .clone()
    }

    /// True once the search has been told to stop.
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    pub fn clear_hash(&mut self) {
        // A table that `TranspositionTable::new` maps whole is cleared in
        // place: a new one would have to map its memory again. A larger
        // one (gigabytes) is made anew: writing zeros over all of it
        // would map every page and take a second or more, perhaps on a
        // move's clock; fresh memory is zero already.
        match &self.tt {
            Some(tt) if tt.size_bytes() <= MAP_AHEAD_BYTES => tt.clear(),
            Some(_) => {
                self.tt = None;
                self.table();
            }
            None => {}
        }
        for h in self.history.iter_mut() {
            h.fill(0);
        }
        self.pool.clear_history();
    }

    /// Runs one search to completion (or until stopped) and returns the move.
    pub fn think(
        &mut self,
        req: &SearchRequest,
        started: Instant,
        reports: &Sender<Report>,
    ) -> SearchResult {
        self.think_with_clock(req, &WallClock(started), reports)
    }

    /// [`Engine::think`] with the time read from `clock`: every time limit
    /// of the search is measured on it.
    pub fn think_with_clock(
        &mut self,
        req: &SearchRequest,
        clock: &dyn Clock,
        reports: &Sender<Report>,
    ) -> SearchResult {
        let limits = time::limits(&req.time, req.board.stone_count(), req.board.empty_count());
        // An instant answer (`timeout_turn 0`, an empty clock) before any
        // table has been made gets a small one of its own: making and
        // mapping the full table (about 20 ms for 64 MiB) would be most of
        // its time. The full table is made by the next search that has
        // time for it.
        let tt = if limits.is_instant() && self.tt.is_none() {
            Arc::new(TranspositionTable::new(INSTANT_HASH_BYTES))
        } else {
            self.table()
        };
        tt.new_search();
        decay_history(&mut self.history);
        // Helpers only when there is time to use them: an instant answer is
        // a few thousand nodes.
        let helpers = if limits.is_instant() {
            0
        } else {
            req.threads.clamp(1, MAX_THREADS) - 1
        };
        let crew = (helpers > 0).then(|| {
            let shared = Shared::new(tt.clone(), req.clone(), self.stop.clone(), helpers);
            self.pool.start(Arc::new(shared), helpers)
        });
        let caches = self.threat_caches.take().unwrap_or_default();
        let mut w = Worker::new(
            req,
            &tt,
            &self.stop,
            clock,
            limits,
            &mut self.history,
            caches,
        );
        w.max_nodes = req.max_nodes.unwrap_or(u64::MAX);
        w.crew = crew;
        w.root_events = req.realtime.then_some(reports);
        let mut result = w.run(req, reports);
        // Early answers (a five, a VCF...) return before the helpers are
        // collected: stop them now, and count their nodes.
        let before = w.helper_nodes;
        w.finish_helpers();
        result.nodes += w.helper_nodes - before;
        self.threat_caches = Some(w.threats.into_caches());
        result
    }
}

/// The shortest third of the soft limit with which proof-number search
/// takes over most of the root VCT (see [`Worker::run`]).
const PN_MIN_SHARE: Duration = Duration::from_millis(300);

/// The share of the hard limit (one part in this many) that the search
/// leaves to the threat check of its answer.
const THREAT_CHECK_SHARE: u32 = 50;

/// Where the alpha-beta search of a move with hard limit `hard` stops,
/// leaving the rest to the threat check of its answer.
fn search_stop(hard: Duration) -> Duration {
    hard - hard / THREAT_CHECK_SHARE
}

/// The previous iteration's score from which the root counts as improving
/// (see `search`).
const ROOT_AHEAD: Score = 200;

/// The formula of [`move_count_limit`]: grows a little faster than the
/// depth (7 at depth 1, 9 at depth 2, 20 at depth 5), cut to two thirds
/// when the static evaluation is not improving on the one two plies up.
fn move_count_formula(depth: i32, improving: bool) -> usize {
    let full = 1.8 * (3.0 + (depth.max(0) as f32).powf(1.32));
    (if improving { full } else { full * 2.0 / 3.0 }) as usize
}

/// Entries of [`Formulas`]' tables: every depth and every move index on
/// the largest board are inside.
const FORMULA_TABLE: usize = 1024;

/// The floating-point formulas of the move loop (the move-count limit and
/// the natural logarithms of late-move reductions), computed once: `powf`
/// and `ln` at every node and move took 1.5% of the search's time. The
/// tables hold exactly the values the formulas give.
struct Formulas {
    ln: [f32; FORMULA_TABLE],
    move_count: [[usize; 2]; FORMULA_TABLE],
}

fn formulas() -> &'static Formulas {
    static F: std::sync::OnceLock<Box<Formulas>> = std::sync::OnceLock::new();
    F.get_or_init(|| {
        Box::new(Formulas {
            ln: std::array::from_fn(|n| (n as f32).ln()),
            move_count: std::array::from_fn(|d| {
                [false, true].map(|improving| move_count_formula(d as i32, improving))
            }),
        })
    })
}

/// `ln(n)`, from the table when `n` is in it.
#[inline]
fn ln(n: usize) -> f32 {
    match formulas().ln.get(n) {
        Some(&v) => v,
        None => (n as f32).ln(),
    }
}

/// Moves searched at a non-PV node before the rest are pruned
/// ([`move_count_formula`], from the table when `depth` is in it).
#[inline]
fn move_count_limit(depth: i32, improving: bool) -> usize {
    match formulas().move_count.get(depth.max(0) as usize) {
        Some(row) => row[usize::from(improving)],
        None => move_count_formula(depth, improving),
    }
}

/// The depth at which a reduced move whose reduced search (`r` plies less
/// than `new_depth`) scored `s` above `alpha` is searched again: a ply
/// deeper when it beat alpha by far (34 + 11 per ply of reduction), a ply
/// shallower when it did not beat the node's best so far (`best`) by more
/// than the depth, at full depth otherwise (Rapfi's and Stockfish's
/// "deeper / shallower" re-search; a proven score is searched again at
/// full depth). Against full-depth re-searches, 200 ms a move: freestyle
/// 15 187-142-71 in 400 games, 471-420-109 in 1,000 over the four rules
/// (docs/tuning.md, session 27).
fn research_depth(new_depth: i32, r: i32, s: Score, alpha: Score, best: Score) -> i32 {
    if is_decisive(s) {
        return new_depth;
    }
    new_depth + i32::from(s > alpha + 34 + 11 * r) - i32::from(s < best + new_depth)
}

/// The answer of an iteration cut short: `raised`, the last root move that
/// raised alpha (with its score and line), if the previous best `best` has
/// been searched at this depth (it is in `searched`, the root moves
/// finished so far) and `raised` is another move. A move that beat alpha
/// after the previous best, or that the previous best could not beat, is
/// the better of the two at this depth.
fn unfinished_best(
    raised: Option<(Pos, Score, Vec<Pos>)>,
    searched: &[(Pos, Score)],
    best: Pos,
) -> Option<(Pos, Score, Vec<Pos>)> {
    let raised = raised?;
    (raised.0 != best && searched.iter().any(|&(p, _)| p == best)).then_some(raised)
}

/// Half the width of the first aspiration window at the root.
const ASPIRATION_DELTA: Score = 40;

/// Old history counts fade between searches: the position has changed.
fn decay_history(history: &mut History) {
    for h in history.iter_mut() {
        for v in h.iter_mut() {
            *v /= 8;
        }
    }
}

/// A Lazy SMP helper's search (on its own thread): the same root as the
/// main thread, with its own board, killers, history and PV, the shared
/// table, no clock, no reports. Stops when the main thread is done.
/// `caches` are the helper's threat-search caches, kept from search to
/// search like the main thread's (made at the first search).
pub(super) fn helper_search(
    shared: &Shared,
    thread: usize,
    history: &mut History,
    caches: &mut Option<ThreatCaches>,
) -> HelperResult {
    decay_history(history);
    let clock = WallClock(shared.started);
    let mut w = Worker::new(
        &shared.req,
        &shared.tt,
        &shared.stop,
        &clock,
        TimeLimits::UNLIMITED,
        history,
        caches.take().unwrap_or_default(),
    );
    w.thread = thread;
    w.shared = Some(shared);
    let completed = w.run_helper(&shared.req);
    let nodes = w.nodes + w.threats.nodes;
    shared.publish_nodes(thread, nodes);
    *caches = Some(w.threats.into_caches());
    HelperResult { completed }
}

struct Worker<'a> {
    board: Board,
    tt: &'a TranspositionTable,
    stop: &'a AtomicBool,
    clock: &'a dyn Clock,
    limits: TimeLimits,
    /// Where the alpha-beta search stops: the hard limit, less the share
    /// kept for the threat check of the answer ([`Worker::avoid_threat_loss`]).
    search_hard: Duration,
    max_nodes: u64,
    nodes: u64,
    seldepth: i32,
    stopped: bool,
    killers: [[Pos; 2]; MAX_PLY + 1],
    history: &'a mut History,
    pv: Vec<[Pos; MAX_PLY + 1]>,
    pv_len: [usize; MAX_PLY + 1],
    /// Static evaluation of each node on the current path (for "improving").
    evals: [Score; MAX_PLY + 1],
    root_excluded: Vec<Pos>,
    /// Per side and opponent's last move: the quiet reply that last cut
    /// the search off (the counter-move heuristic).
    counters: [[Pos; NUM_CELLS]; 2],
    /// Scores (bounds for all but the best) of the root moves searched in
    /// the current iteration, in search order.
    root_scores: Vec<(Pos, Score)>,
    /// The last root move that raised alpha in the current iteration, with
    /// its score and line: if the iteration is cut short, it is still
    /// better than the previous iteration's best (searched first).
    root_raised: Option<(Pos, Score, Vec<Pos>)>,
    /// Nominal depth of the current iteration.
    root_depth: i32,
    /// The score of the iteration before the current one (0 before the
    /// first).
    root_prev: Score,
    threats: ThreatSearch<'a>,
    /// 0 for the main thread, which alone reads the clock, reports and
    /// answers; 1.. for Lazy SMP helpers.
    thread: usize,
    /// A helper's view of the search it helps with.
    shared: Option<&'a Shared>,
    /// The main thread's helpers, while they run.
    crew: Option<Crew>,
    /// Nodes of the helpers already collected.
    helper_nodes: u64,
    /// Where the main thread says which root move it is on (`INFO
    /// show_detail` realtime lines), when asked.
    root_events: Option<&'a Sender<Report>>,
}

/// A generated move with its ordering score and whether it is quiet (no
/// threat made or parried), which decides reductions and pruning.
#[derive(Clone, Copy)]
struct ScoredMove {
    pos: Pos,
    score: i32,
    quiet: bool,
    /// The move makes a four (the opponent's reply is forced).
    four: bool,
    /// A killer or the counter move: it refuted a similar position.
    refute: bool,
    /// The move makes an open three or more for the side to move.
    attack: bool,
}

impl<'a> Worker<'a> {
    /// A worker on `req`'s position with fresh search state: the main
    /// thread (no helpers, no realtime events, no node limit) unless the
    /// caller sets those fields.
    fn new(
        req: &SearchRequest,
        tt: &'a TranspositionTable,
        stop: &'a AtomicBool,
        clock: &'a dyn Clock,
        limits: TimeLimits,
        history: &'a mut History,
        caches: ThreatCaches,
    ) -> Worker<'a> {
        Worker {
            board: req.board.clone(),
            tt,
            stop,
            clock,
            limits,
            search_hard: limits.hard,
            max_nodes: u64::MAX,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            killers: [[Pos::NONE; 2]; MAX_PLY + 1],
            history,
            pv: vec![[Pos::NONE; MAX_PLY + 1]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            evals: [0; MAX_PLY + 1],
            root_excluded: Vec::new(),
            counters: [[Pos::NONE; NUM_CELLS]; 2],
            root_scores: Vec::new(),
            root_raised: None,
            root_depth: 0,
            root_prev: 0,
            threats: ThreatSearch::with_caches(caches, 0, Some(stop)),
            thread: 0,
            shared: None,
            crew: None,
            helper_nodes: 0,
            root_events: None,
        }
    }

    fn elapsed(&self) -> Duration {
        self.clock.elapsed()
    }

    fn result(&self, best: Pos, score: Score, depth: i32, pv: Vec<Pos>) -> SearchResult {
        SearchResult {
            best,
            score,
            depth,
            nodes: self.nodes + self.threats.nodes + self.helper_nodes,
            elapsed: self.elapsed(),
            pv,
        }
    }

    /// The root: quick answers, threat search, then iterative deepening.
    fn run(&mut self, req: &SearchRequest, reports: &Sender<Report>) -> SearchResult {
        let me = self.board.side_to_move();
        let op = me.flip();
        let mut root_moves = self.legal_root_moves(&req.blocked);
        if root_moves.is_empty() {
            return self.result(Pos::NONE, 0, 0, Vec::new());
        }
        if self.board.stone_count() == 0 {
            // The centre (or the free cell nearest to it) opens.
            let c = Pos::new((self.board.width() - 1) / 2, (self.board.height() - 1) / 2);
            root_moves.sort_by_key(|&p| {
                threats::distance(p, c) * 100 + (p.x() - c.x()).abs() + (p.y() - c.y()).abs()
            });
            return self.result(root_moves[0], 0, 0, vec![root_moves[0]]);
        }
        // A five wins now; an opponent five must be blocked.
        if let Some(&p) = root_moves
            .iter()
            .find(|&&p| self.board.threat(p, me) == Threat::Five)
        {
            self.report(reports, 1, win_in(1), &[p], 0);
            return self.result(p, win_in(1), 1, vec![p]);
        }
        let instant = self.limits.is_instant();
        // A forced reply: the block of the opponent's four (the move
        // generator offers nothing else there), or the only legal move.
        let op_fives = self.board.threat_count(op, Threat::Five);
        let forced = if op_fives > 0 {
            root_moves
                .iter()
                .copied()
                .find(|&p| self.board.threat(p, op) == Threat::Five)
        } else if root_moves.len() == 1 {
            Some(root_moves[0])
        } else {
            None
        };
        if let Some(p) = forced {
            if op_fives > 1 || instant {
                let score = if op_fives > 1 {
                    loss_in(2)
                } else {
                    self.evaluate_after(p)
                };
                self.report(reports, 1, score, &[p], 0);
                return self.result(p, score, 1, vec![p]);
            }
            // Nothing to decide, but the score is worth knowing (a win
            // behind the block, a loss to see coming) and the table entries
            // serve the next move: a short search, a quarter of the soft
            // limit at most.
            if self.limits.hard != Duration::MAX {
                let cap = (self.limits.planned() / 4).min(self.limits.hard);
                self.limits = TimeLimits::fixed(cap);
            }
        }

        let max_depth = req.max_depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        if instant {
            // "As fast as possible": a short VCF and a shallow, node-capped
            // search still give a sensible move in a few milliseconds.
            self.max_nodes = self.max_nodes.min(8_000);
        }

        // Root threat search: a VCF first, then a VCT, each within a share of
        // the soft limit (or a node budget when answering at once).
        // Without a clock (fixed-depth analysis, bench) budgets are node
        // counts only, so the result does not depend on the machine's speed.
        let timed = self.limits.hard != Duration::MAX;
        let soft = self.limits.planned();
        // A node limit (`max_node`) bounds them too: a quarter of it each.
        let node_share = req.max_nodes.map_or(u64::MAX, |n| n / 4);
        let vcf_budget = (if instant { 5_000 } else { 1_000_000 }).min(node_share);
        self.threats.reset(vcf_budget);
        self.threats
            .set_deadline(timed.then(|| self.deadline_after(soft / 10, Duration::from_millis(2))));
        if let Some(line) = self.threats.vcf(&mut self.board, 40) {
            if let Some(&p) = line.first() {
                if !req.blocked.contains(&p) {
                    let score = win_in(threats::win_plies(&line));
                    self.report(reports, 1, score, &line, 0);
                    return self.result(p, score, 1, line);
                }
            }
        }
        self.take_threat_nodes();
        if !instant {
            // The VCT: depth-first (iterative deepening finds the short wins
            // first) within a sixth of the soft limit. Most of its wins come
            // early, while a failure can run to the end of its share: a
            // third of the soft limit took a fifth of the move's time for
            // nothing in a quarter of the won positions of `data/wins`
            // (docs/tuning.md, session 43). When a third of the soft limit
            // is long enough for proof-number search to pay, the VCT gets
            // that third: the depth-first search a quarter of it and
            // proof-number search the rest, which follows the narrowest
            // threats however deep, and threes that also block an open
            // three of the opponent's. (At shorter shares it found no more
            // wins and lost a little in self-play; without a clock the node
            // budget is too small for it.)
            let pn_share = soft / 3;
            let use_pn = timed && pn_share >= PN_MIN_SHARE;
            let budget = (if timed { u64::MAX } else { 200_000 }).min(node_share);
            let dfs_share = if use_pn { pn_share / 4 } else { soft / 6 };
            self.threats.reset(if use_pn { budget / 4 } else { budget });
            self.threats.set_deadline(
                timed.then(|| self.deadline_after(dfs_share, Duration::from_millis(20))),
            );
            let mut vct = self.threats.vct(&mut self.board, 10, 12);
            let dfs_nodes = self.threats.nodes;
            self.take_threat_nodes();
            let mut pn_nodes = 0;
            if use_pn && vct.is_none() {
                self.threats.reset(budget - budget / 4);
                self.threats.set_deadline(Some(
                    self.deadline_after(pn_share, Duration::from_millis(20)),
                ));
                vct = self.threats.vct_pn(&mut self.board, 12);
                pn_nodes = self.threats.nodes;
                self.take_threat_nodes();
            }
            log::debug!(
                "root VCT: {:?} after {} + {} nodes, {} ms",
                vct.map(|(p, plies)| (p.to_letter_number(), plies)),
                dfs_nodes,
                pn_nodes,
                self.elapsed().as_millis()
            );
            if let Some((p, plies)) = vct {
                if !req.blocked.contains(&p) {
                    let score = win_in(plies);
                    self.report(reports, 1, score, &[p], 0);
                    return self.result(p, score, 1, vec![p]);
                }
            }
        }
        self.threats.set_deadline(None);

        // The threat check of the answer needs time of its own: a search
        // stopped by the hard limit would leave it none. (A forced reply
        // gets no check, and its limits were cut above.)
        self.search_hard = if timed && forced.is_none() {
            search_stop(self.limits.hard)
        } else {
            self.limits.hard
        };
        let mut policy = IterationPolicy::new(self.limits);
        let mut best = root_moves[0];
        let mut best_score = 0;
        let mut best_pv = vec![best];
        let mut best_depth = 0;
        let multipv = req.multipv.clamp(1, root_moves.len());
        let mut prev_score = 0;
        let mut ranked: Vec<(Pos, Score)> = Vec::new();
        for depth in 1..=max_depth {
            self.root_scores.clear();
            self.begin_root_iteration(depth, prev_score, &req.blocked, &root_moves);
            // Multi-PV: each line is searched with the moves of the lines
            // before it excluded; the finished lines are reported together,
            // best score first.
            let mut lines: Vec<Iteration> = Vec::with_capacity(multipv);
            for line in 0..multipv {
                self.seldepth = 0;
                let score = self.aspiration(depth, prev_score, line == 0);
                if self.stopped {
                    break;
                }
                let pv: Vec<Pos> = self.pv[0][..self.pv_len[0]].to_vec();
                let Some(&mv) = pv.first() else {
                    break;
                };
                lines.push(self.iteration(depth, score, pv, line));
                self.root_excluded.push(mv);
            }
            // A stable sort: equal scores keep the search order.
            lines.sort_by_key(|it| std::cmp::Reverse(it.score));
            let count = lines.len();
            for (i, it) in lines.iter_mut().enumerate() {
                it.multipv = i;
                it.lines = count;
                let _ = reports.send(Report::Iteration(it.clone()));
            }
            let Some(top) = lines.into_iter().next() else {
                // Stopped inside the iteration: a root move that beat the
                // previous best at this depth replaces it.
                if multipv == 1 {
                    let raised = self.root_raised.take();
                    if let Some((mv, score, pv)) = unfinished_best(raised, &self.root_scores, best)
                    {
                        log::debug!(
                            "unfinished depth {depth}: {} ({score}) replaces {} ({best_score})",
                            mv.to_letter_number(),
                            best.to_letter_number()
                        );
                        best = mv;
                        best_score = score;
                        best_pv = pv;
                    }
                }
                break;
            };
            ranked = std::mem::take(&mut self.root_scores);
            ranked.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
            best = top.pv[0];
            best_score = top.score;
            best_pv = top.pv;
            best_depth = depth;
            prev_score = best_score;
            if self.stopped {
                break;
            }
            // A proven result shorter than the depth searched is final.
            if is_decisive(best_score) && WIN - best_score.abs() <= depth {
                break;
            }
            // On the clock, a proven win is played at once: a shorter one
            // is not worth the time (the next move searches again).
            if timed && best_score >= WIN_MIN {
                break;
            }
            if !policy.after_iteration(self.elapsed(), best.0, best_score)
                || self.total_nodes() >= self.max_nodes
            {
                break;
            }
        }
        // Lazy SMP: a helper that finished a deeper iteration with a better
        // score than ours knows more; take its move. (Multi-PV answers stay
        // the main thread's: they are what was reported.)
        for h in self.finish_helpers() {
            let Some(c) = h.completed else { continue };
            if multipv == 1
                && c.depth > best_depth
                && c.score > best_score
                && c.pv.first().is_some_and(|p| root_moves.contains(p))
            {
                log::debug!(
                    "helper line at depth {} ({}) replaces depth {} ({})",
                    c.depth,
                    c.score,
                    best_depth,
                    best_score
                );
                best = c.pv[0];
                best_score = c.score;
                best_depth = c.depth;
                best_pv = c.pv;
            }
        }
        let proven_win = is_decisive(best_score) && best_score > 0;
        if !instant && !proven_win && forced.is_none() {
            if let Some(safe) = self.avoid_threat_loss(best, &ranked, &req.blocked) {
                if safe != best {
                    log::debug!(
                        "{} lets the opponent win by threats; playing {} instead",
                        best.to_letter_number(),
                        safe.to_letter_number()
                    );
                    best = safe;
                    best_pv = vec![safe];
                }
            }
        }
        self.result(best, best_score, best_depth, best_pv)
    }

    /// Sets up the root of one iteration: its depth, and the blocked moves
    /// excluded (unless every root move is blocked).
    fn begin_root_iteration(
        &mut self,
        depth: i32,
        prev_score: Score,
        blocked: &[Pos],
        root_moves: &[Pos],
    ) {
        self.root_depth = depth;
        self.root_prev = prev_score;
        self.root_excluded.clear();
        self.root_raised = None;
        if !root_moves.iter().all(|p| blocked.contains(p)) {
            self.root_excluded.extend_from_slice(blocked);
        }
    }

    /// A helper thread's iterative deepening: no root threat search, no
    /// reports, one line, some depths skipped (see [`smp::skip_depth`]).
    /// Returns the deepest iteration finished.
    fn run_helper(&mut self, req: &SearchRequest) -> Option<Completed> {
        let root_moves = self.legal_root_moves(&req.blocked);
        if root_moves.len() < 2 || self.board.stone_count() == 0 {
            return None;
        }
        let max_depth = req.max_depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut completed: Option<Completed> = None;
        let mut prev_score = 0;
        for depth in 1..=max_depth {
            // The last depth is never skipped: a helper that stopped short
            // of it would idle while the main thread finishes it.
            if depth < max_depth && smp::skip_depth(self.thread, depth) {
                continue;
            }
            self.root_scores.clear();
            self.begin_root_iteration(depth, prev_score, &req.blocked, &root_moves);
            self.seldepth = 0;
            let score = self.aspiration(depth, prev_score, true);
            if self.stopped {
                break;
            }
            let pv: Vec<Pos> = self.pv[0][..self.pv_len[0]].to_vec();
            if pv.is_empty() {
                break;
            }
            prev_score = score;
            completed = Some(Completed { depth, score, pv });
            if is_decisive(score) && WIN - score.abs() <= depth {
                break;
            }
        }
        completed
    }

    /// Stops the helpers (if any still run) and returns what they found.
    fn finish_helpers(&mut self) -> Vec<HelperResult> {
        let Some(mut crew) = self.crew.take() else {
            return Vec::new();
        };
        let results = crew.finish();
        self.helper_nodes += crew.nodes();
        log::debug!(
            "smp: main thread {} nodes, helpers {} nodes, helper depths {:?}, at {:?}",
            self.nodes,
            crew.nodes(),
            results
                .iter()
                .map(|r| r.completed.as_ref().map_or(0, |c| c.depth))
                .collect::<Vec<_>>(),
            self.elapsed()
        );
        results
    }

    /// Counts the threat search's nodes as the worker's: what the node
    /// limit and the reports see (before the threat search's counter is
    /// reset for its next use).
    fn take_threat_nodes(&mut self) {
        self.nodes += self.threats.nodes;
        self.threats.nodes = 0;
    }

    /// Nodes searched by every thread so far (the helpers' as last
    /// published).
    fn total_nodes(&self) -> u64 {
        let running = self.crew.as_ref().map_or(0, |c| c.shared.helper_nodes());
        self.nodes + running + self.helper_nodes
    }

    /// The search's horizon can miss a long threat sequence. Before
    /// answering, check that the opponent has no VCT after `best`; if it
    /// has, try the next best root moves (at most eight), within the time
    /// left before the hard limit. Returns the first safe move, or
    /// `None` if none was found in time (then `best` stands).
    fn avoid_threat_loss(
        &mut self,
        best: Pos,
        ranked: &[(Pos, Score)],
        blocked: &[Pos],
    ) -> Option<Pos> {
        let timed = self.limits.hard != Duration::MAX;
        let deadline = if timed {
            Some(self.deadline_after(self.limits.hard, Duration::ZERO))
        } else {
            None
        };
        let mut cands = vec![best];
        for &(p, _) in ranked {
            if cands.len() >= 8 {
                break;
            }
            if !cands.contains(&p) && !blocked.contains(&p) {
                cands.push(p);
            }
        }
        for p in cands {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return None;
            }
            self.board.make(p);
            self.threats
                .reset((if timed { u64::MAX } else { 100_000 }).min(self.max_nodes / 4));
            self.threats.set_deadline(deadline);
            let loses = self.threats.vct(&mut self.board, 8, 12).is_some();
            let aborted = self.threats.nodes >= self.threats.node_limit;
            self.take_threat_nodes();
            self.board.undo();
            if p == best && !loses {
                // Safe, or not known to lose in the time we had: keep it.
                return Some(best);
            }
            if !loses && !aborted {
                return Some(p);
            }
        }
        self.threats.set_deadline(None);
        None
    }

    /// The wall-clock instant at which `share` (at least `floor`, at most
    /// the hard limit) of the move's time has passed on the search clock.
    fn deadline_after(&self, share: Duration, floor: Duration) -> Instant {
        let target = share.max(floor).min(self.limits.hard);
        Instant::now() + target.saturating_sub(self.elapsed())
    }

    fn report(
        &self,
        reports: &Sender<Report>,
        depth: i32,
        score: Score,
        pv: &[Pos],
        multipv: usize,
    ) {
        let it = self.iteration(depth, score, pv.to_vec(), multipv);
        let _ = reports.send(Report::Iteration(it));
    }

    /// The report of one finished line, nodes counted over all threads.
    fn iteration(&self, depth: i32, score: Score, pv: Vec<Pos>, multipv: usize) -> Iteration {
        Iteration {
            depth,
            seldepth: self.seldepth.max(depth),
            score,
            nodes: self.total_nodes() + self.threats.nodes,
            elapsed: self.elapsed(),
            pv,
            multipv,
            lines: 1,
        }
    }

    /// Tells the GUI (realtime lines) what the main thread does at the root.
    fn root_event(&self, event: RootEvent) {
        if let Some(r) = self.root_events {
            let _ = r.send(Report::Root(event));
        }
    }

    /// Every legal root move (blocked ones dropped unless nothing else is
    /// left).
    fn legal_root_moves(&mut self, blocked: &[Pos]) -> Vec<Pos> {
        let me = self.board.side_to_move();
        let legal = self.board.legal_moves(me);
        let unblocked: Vec<Pos> = legal
            .iter()
            .copied()
            .filter(|p| !blocked.contains(p))
            .collect();
        if unblocked.is_empty() {
            legal
        } else {
            unblocked
        }
    }

    /// Root search with an aspiration window around the previous score,
    /// widened half again (and 20) after each fail. The first window is
    /// +/- 40: narrower than the 60 of earlier versions, it scored +15 +/-
    /// 16 Elo over 1,600 self-play games in four rules (docs/tuning.md,
    /// session 32).
    ///
    /// A fail high keeps alpha, and the window never reaches past the
    /// lowest win score: a move that fails high with a win is proven to
    /// win, in at most the plies its score says, and that is returned as it
    /// is. Its exact length needs a window open to the top, where every
    /// attacking node of the line searches all its moves for a shorter
    /// win: 10 to 25 times the nodes of the search that found the win,
    /// often cut short by the clock with the win unreported. Won positions
    /// proven at 1 s a move: 348 of 400, from 324 (docs/tuning.md,
    /// session 41). A fail low opens to the bottom once the window is wide:
    /// a lost position's longest defence is worth its exact score.
    fn aspiration(&mut self, depth: i32, prev: Score, use_window: bool) -> Score {
        if depth < 5 || !use_window || is_decisive(prev) {
            return self.search(-INFINITE, INFINITE, depth, 0, true, false);
        }
        let mut delta = ASPIRATION_DELTA;
        let mut alpha = (prev - delta).max(-INFINITE);
        let mut beta = (prev + delta).min(WIN_MIN);
        loop {
            let score = self.search(alpha, beta, depth, 0, true, false);
            if self.stopped {
                return score;
            }
            let failed_low = score <= alpha;
            if failed_low {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
            } else if score >= beta {
                if score >= WIN_MIN {
                    return score;
                }
                beta = (score + delta).min(WIN_MIN);
            } else {
                return score;
            }
            delta += delta / 2 + 20;
            if delta > 1_000 {
                if failed_low {
                    alpha = -INFINITE;
                } else {
                    beta = WIN_MIN;
                }
            }
        }
    }

    /// Checks the node and time limits (every 1024 nodes). Only the main
    /// thread reads the clock; a helper publishes its node count and stops
    /// when the main thread is done.
    fn check_limits(&mut self) {
        if let Some(shared) = self.shared {
            shared.publish_nodes(self.thread, self.nodes + self.threats.nodes);
            if shared.helpers_must_stop() {
                self.stopped = true;
            }
            return;
        }
        if self.stop.load(Ordering::Relaxed)
            || self.total_nodes() >= self.max_nodes
            || (self.search_hard != Duration::MAX && self.elapsed() >= self.search_hard)
        {
            self.stopped = true;
        }
    }

    /// Static evaluation for the side to move.
    fn evaluate(&self) -> Score {
        eval::evaluate(&self.board).clamp(-WIN_MIN + 1, WIN_MIN - 1)
    }

    /// The static evaluation after our move `p`, for the side to move now.
    fn evaluate_after(&mut self, p: Pos) -> Score {
        self.board.make(p);
        let s = -self.evaluate();
        self.board.undo();
        s
    }

    /// True if `c` has an open four (or double four) cell it may play.
    fn has_flex4(&mut self, c: Color) -> bool {
        if self.board.threat_count(c, Threat::Flex4) == 0 {
            return false;
        }
        if !self.board.rule().has_forbidden(c) {
            return true;
        }
        !self.playable_cells(c, Threat::Flex4).is_empty()
    }

    /// Wins the threat classes prove without a search, for the side to
    /// move when the opponent threatens no five and we have no open four:
    /// a four-three whose forced block gives the opponent no four of its
    /// own (won in five plies, or three when renju Black may not block), or
    /// a double three when the opponent cannot make a four anywhere.
    fn quick_win(&mut self, plyi: i32) -> Option<Score> {
        let me = self.board.side_to_move();
        let op = me.flip();
        let four_threes = self.board.threat_count(me, Threat::Block4Flex3);
        let double_threes = self.board.threat_count(me, Threat::Flex3x2);
        if four_threes == 0 && double_threes == 0 {
            return None;
        }
        // Renju Black's threes may rest on forbidden points, and its double
        // threes are forbidden: only a played-out four-three counts.
        let renju_black = self.board.rule().has_forbidden(me);
        let op_has_four = threats::four_cells(&self.board, op) > 0;
        if !op_has_four && !renju_black {
            return Some(win_in(plyi + 5));
        }
        if four_threes == 0 {
            return None;
        }
        let mut best: Option<Score> = None;
        for p in self.playable_cells(me, Threat::Block4Flex3) {
            self.board.make(p);
            let won = match threats::find_five_near(&self.board, p, me) {
                None => None,
                Some(q) if !self.board.is_legal_for(q, op) => Some(win_in(plyi + 3)),
                Some(q) if self.board.threat(q, op).is_four() => None,
                Some(q) => {
                    self.board.make(q);
                    let flex4 = self.has_flex4(me);
                    self.board.undo();
                    flex4.then(|| win_in(plyi + 5))
                }
            };
            self.board.undo();
            if let Some(s) = won {
                best = Some(best.map_or(s, |b: Score| b.max(s)));
                if s == win_in(plyi + 3) {
                    break;
                }
            }
        }
        best
    }

    /// The empty cells where `c` has threat class `t` (a hot class) and may
    /// play: renju Black's forbidden ones are left out. Found among the hot
    /// cells, with no board scan.
    fn playable_cells(&mut self, c: Color, t: Threat) -> Vec<Pos> {
        threats::playable_cells(&mut self.board, c, t)
    }

    /// Negamax PVS below the root. `pv_node`: searched with an open
    /// window; `cut_node`: a null-window node expected to fail high (the
    /// first child of an expected all-node and every later, null-window
    /// child of any node), which decides the fail-high reduction.
    fn search(
        &mut self,
        mut alpha: Score,
        mut beta: Score,
        mut depth: i32,
        ply: usize,
        pv_node: bool,
        cut_node: bool,
    ) -> Score {
        self.pv_len[ply] = ply;
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            self.check_limits();
        }
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply as i32);
        let plyi = ply as i32;
        let me = self.board.side_to_move();
        let op = me.flip();

        if ply > 0 {
            // Forced outcomes that need no search.
            if self.board.threat_count(me, Threat::Five) > 0 {
                return win_in(plyi + 1);
            }
            let op_fives = self.board.threat_count(op, Threat::Five);
            if op_fives >= 2 {
                return loss_in(plyi + 2);
            }
            if op_fives == 0 {
                if self.has_flex4(me) {
                    return win_in(plyi + 3);
                }
                if let Some(score) = self.quick_win(plyi) {
                    return score;
                }
            }
            if self.board.is_full() {
                return DRAW;
            }
            if ply >= MAX_PLY - 2 {
                return self.evaluate();
            }
            // Mate distance pruning.
            alpha = alpha.max(loss_in(plyi));
            beta = beta.min(win_in(plyi + 1));
            if alpha >= beta {
                return alpha;
            }
        }

        let hash = self.board.hash();
        let tte = self.tt.probe(hash, plyi);
        let mut tt_move = Pos::NONE;
        if let Some(e) = tte {
            tt_move = e.mv;
            if !pv_node && ply > 0 && e.depth >= depth {
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => e.score >= beta,
                    Bound::Upper => e.score <= alpha,
                    Bound::None => false,
                };
                if cut {
                    return e.score;
                }
            }
        }

        let op_fives = self.board.threat_count(op, Threat::Five);
        if depth <= 0 && ply > 0 {
            return self.leaf(alpha, beta, depth.min(0), ply, op_fives);
        }

        // Internal iterative reduction: a node the table knows no move for
        // is searched a ply shallower; its next visit has an ordering.
        if ply > 0 && depth >= 4 && tt_move == Pos::NONE {
            depth -= 1;
        }

        let static_eval = match tte {
            Some(e) => e.eval,
            None => self.evaluate(),
        };
        let op_threes = op_fives == 0 && self.board.threat_count(op, Threat::Flex4) > 0;
        // Threatened: the opponent wins unless this move stops it: a four
        // to block, an open three, or a cell where its next move makes a
        // four-three or a double three (renju Black's double threes are
        // forbidden). The static score does not see such a win coming, so
        // the pruning that trusts it is off (reverse futility, razoring,
        // futility) and the fail-high reduction wants a wider margin.
        // Counting four-threes and double threes too finds quiet first moves
        // of long wins; neutral in self-play (docs/tuning.md, session 17).
        let op_wins_next = op_fives == 0
            && (self.board.threat_count(op, Threat::Block4Flex3) > 0
                || (self.board.threat_count(op, Threat::Flex3x2) > 0
                    && !self.board.rule().has_forbidden(op)));
        let threatened = op_fives > 0 || op_threes || op_wins_next;
        // Three-defence extension (freestyle): under an open three every
        // reply is searched a ply deeper, as under a four. The defender's
        // choice between blocks and counter-fours is where freestyle games
        // are lost, and the few replies (blocks, fours) keep it cheap.
        // Measured neutral in renju and caro and harmful in exact five, so
        // off there (docs/tuning.md, session 15).
        let extend_all = op_threes && self.board.rule() == Rule::Freestyle;
        self.evals[ply] = static_eval;
        // Improving: the static score is above the one two plies up. The
        // root has none to compare with; while the last iteration scored
        // it clearly ahead, it counts as improving, so its late moves are
        // not reduced the extra ply of a worsening position: the quiet
        // first move of a long win is often far down the root's ordering
        // (more of data/wins found; at every root, self-play lost a
        // little; docs/tuning.md, session 22).
        let improving = if ply >= 2 {
            static_eval > self.evals[ply - 2]
        } else {
            ply == 0 && self.root_prev >= ROOT_AHEAD
        };
        let move_count_limit = move_count_limit(depth, improving);

        // Reverse futility pruning: far above beta with nothing to defend,
        // a shallow search will not bring the score back down. In exact
        // five and renju the margin is a fifth smaller at an expected cut
        // node that the table knows nothing of (Rapfi's "no TT, cut node"
        // term). Freestyle keeps the wider margin (the smaller one lost on
        // 20x20), and so do the caro rules, where it was never measured
        // (docs/tuning.md, session 50).
        let rfp_margin = if cut_node
            && tte.is_none()
            && matches!(self.board.rule(), Rule::ExactFive | Rule::Renju)
        {
            96
        } else {
            120
        };
        if !pv_node
            && ply > 0
            && !threatened
            && depth <= 6
            && !is_decisive(beta)
            && static_eval - rfp_margin * (depth - i32::from(improving)) >= beta
        {
            return static_eval;
        }

        // Razoring: hopelessly below alpha near the leaves with nothing to
        // defend; only our own fours could save the node, and the
        // quiescence search looks at them.
        if !pv_node && ply > 0 && !threatened && depth <= 2 && static_eval + 260 * depth < alpha {
            return self.leaf(alpha, beta, depth.min(0), ply, op_fives);
        }

        // Staged generation: a usable table move is searched before the
        // other moves are generated; when it cuts off, they never are.
        let staged = ply > 0 && op_fives == 0 && self.table_move_ok(tt_move);
        let (mut moves, mut generated) = if staged {
            (
                vec![self.score_cell(tt_move, me, tt_move, self.refuters(ply))],
                false,
            )
        } else {
            (self.gen_moves(ply, tt_move, op_fives > 0), true)
        };
        if moves.is_empty() {
            // Only forbidden blocks (renju), no block that stops every open
            // four, or nothing left near the stones: a draw when the board
            // is full, but renju Black with only forbidden cells left has
            // lost (it must foul or let its clock run out).
            return if op_fives > 0 {
                loss_in(plyi + 2)
            } else if op_threes {
                loss_in(plyi + 4)
            } else if self.board.no_legal_move(me) {
                loss_in(plyi)
            } else {
                DRAW
            };
        }

        // Fail-high reduction: at an expected cut node whose static score
        // is far above beta (farther still under threat), a cut-off is
        // likely; every move but a four (or an extended one) is searched a
        // ply shallower.
        let likely_fail_high = !pv_node
            && cut_node
            && !is_decisive(beta)
            && static_eval >= beta - 18 + 30 * depth + 170 * i32::from(threatened);

        // The combination cells, found when the move-count limit is first
        // reached.
        let combos = self.board.rule() == Rule::Freestyle;
        let mut combo: Option<Vec<Pos>> = None;
        // In exact five, a table move that is an attack of ours (an open
        // three or a four) makes the quiet moves beside it less likely to
        // matter: they are reduced a ply more (Stockfish's reduction of
        // quiet moves beside a capture as table move). +18 +/- 19 in 1,200
        // exact-five games; neutral in renju, and in freestyle it loses the
        // quiet first move of a long win (docs/tuning.md, session 52).
        let tt_attack = self.board.rule() == Rule::ExactFive
            && tt_move != Pos::NONE
            && self.board.is_empty(tt_move)
            && self.board.threat(tt_move, me) >= Threat::Flex3;
        let mut best = -INFINITE;
        let mut best_move = Pos::NONE;
        let old_alpha = alpha;
        let mut searched = 0usize;
        let mut next = 0;
        loop {
            if next == moves.len() {
                if generated {
                    break;
                }
                generated = true;
                let rest = self.gen_moves(ply, tt_move, false);
                moves.extend(rest.into_iter().filter(|m| m.pos != tt_move));
                if next == moves.len() {
                    break;
                }
            }
            let i = next;
            next += 1;
            let m = pick_best(&mut moves, i);
            if ply == 0 && self.root_excluded.contains(&m.pos) {
                continue;
            }
            if !pv_node && best > -WIN_MIN && searched > 0 {
                // Late moves are rarely best: the threats are ordered first,
                // and the rest by value. Fours too: they come first, and a
                // node with more fours than the limit is full of delaying
                // ones (the quiescence search still tries fours at the leaves).
                if searched >= move_count_limit {
                    // Except, in freestyle, a move (not a four) that
                    // completes a window with two of our four cells: a
                    // combination, which may threaten a VCF
                    // (`threats::combination_cells`). Measured neutral to
                    // slightly harmful in renju and exact five, so off
                    // there (docs/tuning.md, session 36).
                    if m.four || !combos {
                        continue;
                    }
                    let cells =
                        combo.get_or_insert_with(|| threats::combination_cells(&self.board, me));
                    if !cells.contains(&m.pos) {
                        continue;
                    }
                }
                // Futility: a quiet move cannot lift a static score this far
                // below alpha back up within a few plies.
                if m.quiet && depth <= 3 && !threatened && static_eval + 100 + 120 * depth <= alpha
                {
                    continue;
                }
            }
            // A four leaves the opponent one reply: searching it costs almost
            // nothing, so it does not use up depth (within a ply limit); nor
            // does a reply to an open three where that extension is on.
            let extend = (m.four || extend_all) && ply < 2 * self.root_depth as usize;
            if ply == 0 {
                self.root_event(RootEvent::Searching(m.pos));
            }
            self.tt.prefetch(self.board.hash_after(m.pos));
            self.board.make(m.pos);
            let new_depth =
                depth - 1 + i32::from(extend) - i32::from(likely_fail_high && !m.four && !extend);
            let score = if searched == 0 {
                -self.search(
                    -beta,
                    -alpha,
                    new_depth,
                    ply + 1,
                    pv_node,
                    !pv_node && !cut_node,
                )
            } else {
                // Late-move reductions: moves late in the ordering are
                // searched shallower first, and again (at about full depth:
                // `research_depth`) only if they beat alpha. Our own open
                // threes are never reduced (an attack hides behind them).
                // Fours, blocks of the opponent's threes and closed-three
                // builders are reduced a ply less than quiet moves: a four
                // late in the ordering is mostly a delaying one, which
                // searched at full depth (and extended) cost the winning
                // side a ply for nothing (docs/tuning.md, session 23).
                let r = if depth >= 2 && (m.four || !m.attack) {
                    let lr = 0.4 + ln(depth as usize) * ln(i + 1) / 1.7;
                    let r = lr as i32;
                    (r + i32::from(!pv_node)
                        + i32::from(!improving && r >= 1)
                        + i32::from(tt_attack && m.quiet)
                        - i32::from(m.refute)
                        - i32::from(!m.quiet))
                    .clamp(0, depth - 1)
                } else {
                    0
                };
                let mut s = -self.search(-alpha - 1, -alpha, new_depth - r, ply + 1, false, true);
                if s > alpha && r > 0 {
                    let full = research_depth(new_depth, r, s, alpha, best);
                    if full > new_depth - r {
                        s = -self.search(-alpha - 1, -alpha, full, ply + 1, false, !cut_node);
                    }
                }
                if s > alpha && s < beta && pv_node {
                    s = -self.search(-beta, -alpha, new_depth, ply + 1, true, false);
                }
                s
            };
            self.board.undo();
            if self.stopped {
                return 0;
            }
            if ply == 0 {
                self.root_scores.push((m.pos, score));
                self.root_event(if score <= -WIN_MIN {
                    RootEvent::Lost(m.pos)
                } else {
                    RootEvent::Done(m.pos)
                });
            }
            searched += 1;
            if score > best {
                best = score;
                best_move = m.pos;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, m.pos);
                    if ply == 0 {
                        self.root_raised =
                            Some((m.pos, score, self.pv[0][..self.pv_len[0]].to_vec()));
                    }
                    if alpha >= beta {
                        if m.quiet {
                            let k = &mut self.killers[ply];
                            if k[0] != m.pos {
                                k[1] = k[0];
                                k[0] = m.pos;
                            }
                            if let Some(last) = self.board.last_move() {
                                self.counters[me.index()][last.index()] = m.pos;
                            }
                        }
                        let bonus = depth * depth;
                        let h = &mut self.history[me.index()][m.pos.index()];
                        *h = (*h + bonus).min(1 << 20);
                        break;
                    }
                }
            }
        }
        if searched == 0 {
            // Every move was excluded at the root or pruned.
            return if ply == 0 { -INFINITE } else { alpha };
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > old_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if ply > 0 || self.root_excluded.is_empty() {
            self.tt
                .store(hash, best_move, best, static_eval, depth, bound, plyi);
        }
        best
    }

    /// Depth exhausted: a quiescence search over our fours. A forced
    /// block is played out; otherwise the static evaluation stands unless
    /// a four (each answered by its one block) raises it. Fours are tried
    /// near our previous move only, and past the first quiescence ply only
    /// fours that also build something else, so the tree stays narrow.
    fn leaf(&mut self, alpha: Score, beta: Score, depth: i32, ply: usize, op_fives: u32) -> Score {
        let me = self.board.side_to_move();
        let op = me.flip();
        if op_fives == 1 {
            let Some(q) = find_threat(&self.board, op, Threat::Five) else {
                return self.evaluate();
            };
            if !self.board.is_legal_for(q, me) {
                return loss_in(ply as i32 + 2);
            }
            self.board.make(q);
            let s = -self.search(-beta, -alpha, depth, ply + 1, false, false);
            self.board.undo();
            return s;
        }
        let eval = self.evaluate();
        if eval >= beta || depth <= -QS_MAX_FOURS || threats::four_cells(&self.board, me) == 0 {
            return eval;
        }
        let own_last = self.board.move_back(1).unwrap_or(Pos::NONE);
        let plain_ok = depth == 0;
        let cands: Vec<Pos> = self
            .board
            .hot_cells(me)
            .filter(|&p| {
                let t = self.board.threat(p, me);
                t.is_four()
                    && (plain_ok || t != Threat::Block4)
                    && (own_last == Pos::NONE || near_for_qs(p, own_last))
            })
            .collect();
        if cands.is_empty() {
            return eval;
        }
        let renju_black = self.board.rule().has_forbidden(me);
        let mut best = eval;
        let mut best_move = Pos::NONE;
        let old_alpha = alpha;
        let mut alpha = alpha.max(eval);
        for p in cands {
            if renju_black && !self.board.is_legal_for(p, me) {
                continue;
            }
            self.board.make(p);
            let s = -self.search(-beta, -alpha, depth - 1, ply + 1, false, false);
            self.board.undo();
            if self.stopped {
                return 0;
            }
            if s > best {
                best = s;
                best_move = p;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > old_alpha && best_move != Pos::NONE {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(
            self.board.hash(),
            best_move,
            best,
            eval,
            depth,
            bound,
            ply as i32,
        );
        best
    }

    fn update_pv(&mut self, ply: usize, mv: Pos) {
        let next_len = self.pv_len[ply + 1].max(ply + 1);
        self.pv[ply][ply] = mv;
        for i in ply + 1..next_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = next_len;
    }

    /// Moves to search, in no order ([`pick_best`] orders them as they are
    /// searched). Under a five threat only the block;
    /// under an open-three (or double-four) threat only the defences and our
    /// own fours; otherwise every empty cell near the stones.
    fn gen_moves(&mut self, ply: usize, tt_move: Pos, must_block: bool) -> Vec<ScoredMove> {
        let me = self.board.side_to_move();
        let op = me.flip();
        let mut out: Vec<ScoredMove> = Vec::with_capacity(64);
        if must_block {
            if let Some(q) = find_threat(&self.board, op, Threat::Five) {
                if self.board.is_legal_for(q, me) {
                    out.push(ScoredMove {
                        pos: q,
                        score: 0,
                        quiet: false,
                        four: self.board.threat(q, me).is_four(),
                        refute: false,
                        attack: false,
                    });
                }
            }
            return out;
        }
        let defend = self.board.threat_count(op, Threat::Flex4) > 0;
        // A four-three cell of the opponent wins unless it is taken away
        // first, or the block of its four is a four of ours (a tempo, after
        // which we can block the three). So below the root (which sees
        // every move), where the opponent has four-three cells whose block
        // is not yet a four of ours, only moves on the lines of those cells
        // or of those blocks (within a line window: only they can make the
        // block a four) and fours of our own can save us; nothing else
        // does. A cell whose block is already a four of ours threatens
        // nothing. Each cell kept with its block.
        let mut four_three: Vec<(Pos, Pos)> = Vec::new();
        if !defend && ply > 0 && self.board.threat_count(op, Threat::Block4Flex3) > 0 {
            for t in self.playable_cells(op, Threat::Block4Flex3) {
                let Some(f) = self.five_cell_after(t) else {
                    continue;
                };
                if self.board.threat(f, me) < Threat::Block4 {
                    four_three.push((t, f));
                }
            }
        }
        // Under an open three, a block must stop every open four the
        // opponent can make: it lies on a line through each of them. Where
        // no cell does (two open threes), only our fours are left, but the
        // root still searches every block to play the longest defence.
        let flex4 = if defend {
            self.playable_cells(op, Threat::Flex4)
        } else {
            Vec::new()
        };
        let common_block = |b: &Board, p: Pos| threats::blocks_open_fours(b, p, op, &flex4);
        // Under an open three every move kept is a four of ours or lies on
        // the opponent's four lines: a hot cell of one side or the other.
        let cells = if defend {
            self.board.near_hot_cells()
        } else {
            self.board.near_empty_cells()
        };
        let strict = defend
            && (ply > 0
                || self
                    .board
                    .near_hot_cells()
                    .any(|p| common_block(&self.board, p)));
        let refuters = self.refuters(ply);
        let renju_black = self.board.rule().has_forbidden(me);
        for p in cells {
            let mt = self.board.threat(p, me);
            if defend
                && !mt.is_four()
                && !(if strict {
                    common_block(&self.board, p)
                } else {
                    threats::blocks_line_threat(&self.board, p, op)
                })
            {
                continue;
            }
            if !four_three.is_empty()
                && !mt.is_four()
                && !four_three.iter().any(|&(t, f)| {
                    threats::on_line_within(p, t, 5) || threats::on_line_within(p, f, 5)
                })
            {
                continue;
            }
            if renju_black && !self.board.is_legal_for(p, me) {
                continue;
            }
            out.push(self.score_cell(p, me, tt_move, refuters));
        }
        if out.is_empty() && self.board.stone_count() == 0 {
            let c = Pos::new((self.board.width() - 1) / 2, (self.board.height() - 1) / 2);
            out.push(ScoredMove {
                pos: c,
                score: 0,
                quiet: true,
                four: false,
                refute: false,
                attack: false,
            });
        }
        out
    }

    /// The cell where the opponent, after playing empty `t`, makes five
    /// (the block of the four that `t` makes), if any.
    fn five_cell_after(&mut self, t: Pos) -> Option<Pos> {
        let op = self.board.side_to_move().flip();
        self.board.pass();
        self.board.make(t);
        let f = threats::find_five_near(&self.board, t, op);
        self.board.undo();
        self.board.pass();
        f
    }

    /// The node's killer moves and the counter move to the opponent's
    /// last move.
    #[inline]
    fn refuters(&self, ply: usize) -> [Pos; 3] {
        let me = self.board.side_to_move();
        let counter = match self.board.last_move() {
            Some(last) => self.counters[me.index()][last.index()],
            None => Pos::NONE,
        };
        [self.killers[ply][0], self.killers[ply][1], counter]
    }

    /// Empty cell `p` as a move of `me`, scored for ordering: its pattern
    /// value and history, the table move first, then the killers
    /// (`refuters[..2]`) and the counter move (`refuters[2]`).
    #[inline]
    fn score_cell(&self, p: Pos, me: Color, tt_move: Pos, refuters: [Pos; 3]) -> ScoredMove {
        let mt = self.board.threat(p, me);
        let ot = self.board.threat(p, me.flip());
        let mut score =
            self.board.order_score(p, me) + (self.history[me.index()][p.index()] >> 4).min(400);
        if p == tt_move {
            score += 1 << 24;
        } else if p == refuters[0] {
            score += 450;
        } else if p == refuters[1] {
            score += 350;
        } else if p == refuters[2] {
            score += 300;
        }
        ScoredMove {
            pos: p,
            score,
            quiet: mt < Threat::Flex3 && ot < Threat::Flex3 && mt != Threat::Block3Plus,
            four: mt.is_four(),
            refute: refuters.contains(&p),
            attack: mt >= Threat::Flex3,
        }
    }

    /// True when the table move `p` can be searched before the move
    /// generation: an empty cell near the stones that the side to move
    /// may play. The table keeps only moves generated in the same
    /// position, so this guards against key collisions, which could hand
    /// over any cell.
    fn table_move_ok(&mut self, p: Pos) -> bool {
        p != Pos::NONE
            && self.board.is_near(p)
            && self.board.is_legal_for(p, self.board.side_to_move())
    }
}

/// The `i`-th move to search: the best-scored one first (the first such
/// in the list), found without sorting, since most cut nodes stop after
/// their first move; at the second move the rest are sorted once.
#[inline]
fn pick_best(moves: &mut [ScoredMove], i: usize) -> ScoredMove {
    if i == 0 {
        let mut best = 0;
        for j in 1..moves.len() {
            if moves[j].score > moves[best].score {
                best = j;
            }
        }
        moves.swap(0, best);
    } else if i == 1 {
        moves[1..].sort_unstable_by_key(|m| std::cmp::Reverse(m.score));
    }
    moves[i]
}

/// The cells a quiescence four may use: on a line through our previous
/// move within four steps, or in the 5x5 square around it.
#[inline]
fn near_for_qs(p: Pos, last: Pos) -> bool {
    threats::on_line_within(p, last, 4) || threats::distance(p, last) <= 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::threats::tests::{open_three_board, sorted};
    use crate::search::TimeControl;

    /// A clock that jumps `step` every time it is read, until it reaches
    /// `slow_from`; from there on 1 us a reading.
    struct JumpClock {
        now: std::sync::Mutex<Duration>,
        step: Duration,
        slow_from: Duration,
    }

    impl Clock for JumpClock {
        fn elapsed(&self) -> Duration {
            let mut now = self.now.lock().expect("clock");
            *now = if *now >= self.slow_from {
                *now + Duration::from_micros(1)
            } else {
                (*now + self.step).min(self.slow_from)
            };
            *now
        }
    }

    /// Runs `f` on a worker set up on `board` (no time limit).
    fn with_worker<R>(board: &Board, f: impl FnOnce(&mut Worker) -> R) -> R {
        let req = SearchRequest::new(board.clone(), TimeControl::infinite());
        let tt = TranspositionTable::new(1 << 20);
        let stop = AtomicBool::new(false);
        let clock = WallClock(Instant::now());
        let mut history: Box<History> = Box::new([[0; NUM_CELLS]; 2]);
        let mut w = Worker::new(
            &req,
            &tt,
            &stop,
            &clock,
            TimeLimits::UNLIMITED,
            &mut history,
            ThreatCaches::default(),
        );
        f(&mut w)
    }

    #[test]
    fn a_resized_table_is_made_at_once_and_a_cleared_one_is_emptied_in_place() {
        let mut engine = Engine::new(1 << 20, Arc::new(AtomicBool::new(false)));
        assert!(engine.tt.is_none(), "no table before its size is known");
        engine.resize_hash(2 << 20);
        let tt = engine.tt.clone().expect("made when resized");
        assert_eq!(tt.size_bytes(), 2 << 20);
        tt.store(12345, Pos::new(3, 4), 17, 5, 6, Bound::Exact, 0);
        assert!(tt.probe(12345, 0).is_some());
        engine.clear_hash();
        let after = engine.tt.clone().expect("kept when cleared");
        assert!(Arc::ptr_eq(&tt, &after), "cleared in place, not remade");
        assert_eq!(after.probe(12345, 0), None);
        // The same size again keeps the table.
        engine.resize_hash(2 << 20);
        assert!(Arc::ptr_eq(&tt, engine.tt.as_ref().expect("kept")));
    }

    #[test]
    fn a_search_starts_with_empty_threat_caches_even_when_they_are_reused() {
        // White (to move) has fours to make (column g, blocked at g2) but
        // no VCF: the failed search fills the caches, and a search on the
        // returned caches must do all its work again.
        let board = Board::from_diagram(
            "\
. . . . . . . . .
. . . . . . x . .
. . x x x . o . .
. . . . . . o . .
. . . . . . o . .
. . . . . . . . .
. o . . . . . . .
. . . . . . . . .
. . . . . . . . .",
            Rule::Freestyle,
            Some(Color::White),
        )
        .expect("diagram");
        let mut b = board.clone();
        let mut ts = ThreatSearch::new(100_000, None);
        assert!(ts.vcf(&mut b, 10).is_none());
        let used = ts.nodes;
        assert!(used > 1, "{used}");
        // On the same caches, the root's failure is known at once.
        ts.reset(100_000);
        assert!(ts.vcf(&mut b, 10).is_none());
        assert_eq!(ts.nodes, 1);
        let mut again = ThreatSearch::with_caches(ts.into_caches(), 100_000, None);
        assert!(again.vcf(&mut b, 10).is_none());
        assert_eq!(again.nodes, used, "the cached failure was forgotten");
    }

    #[test]
    fn the_formula_tables_hold_what_the_formulas_give() {
        // In the tables and past their end, where the formulas are computed.
        for n in (0..FORMULA_TABLE + 20).chain([5_000, 100_000]) {
            assert_eq!(ln(n).to_bits(), (n as f32).ln().to_bits(), "ln({n})");
            for improving in [false, true] {
                let d = n as i32;
                assert_eq!(
                    move_count_limit(d, improving),
                    move_count_formula(d, improving)
                );
            }
        }
        assert_eq!(move_count_limit(-3, true), move_count_formula(0, true));
        assert_eq!(move_count_formula(5, true), 20, "the documented value");
    }

    #[test]
    fn an_unfinished_iteration_answers_only_with_a_move_that_beat_the_previous_best() {
        let (a, b, c) = (Pos::new(7, 7), Pos::new(8, 8), Pos::new(9, 9));
        let raised = || Some((b, 120, vec![b, c]));
        // The previous best A was searched at this depth and B beat it.
        assert_eq!(
            unfinished_best(raised(), &[(a, 40), (b, 120)], a),
            Some((b, 120, vec![b, c]))
        );
        // A has not been searched yet: B only beat the window.
        assert_eq!(unfinished_best(raised(), &[(b, 120)], a), None);
        // A itself raised alpha, or nothing did: A stands.
        assert_eq!(unfinished_best(Some((a, 60, vec![a])), &[(a, 60)], a), None);
        assert_eq!(unfinished_best(None, &[(a, 60), (b, 10)], a), None);
    }

    /// White's G8 makes a four on row 8 (five at H8) and an open three on
    /// column G; Black has two stones in a row at most.
    const FOUR_THREE: &str = "
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . x . . . .
. . . . . . . . . . . x . . .
. . . . . . . . . . . . . . .
. . . . . . o . . . . . . . .
. . . . . . o . . . . . . . .
. . x o o o . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . x . x .
. . . . . . . . . . . . x . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .";

    #[test]
    fn a_four_three_against_no_fours_is_a_win_in_five() {
        let board = Board::from_diagram(FOUR_THREE, Rule::Freestyle, Some(Color::White)).unwrap();
        assert_eq!(
            board.threat(Pos::new(6, 7), Color::White),
            Threat::Block4Flex3
        );
        assert_eq!(threats::four_cells(&board, Color::Black), 0);
        assert_eq!(with_worker(&board, |w| w.quick_win(3)), Some(win_in(8)));
    }

    #[test]
    fn a_four_three_whose_block_makes_a_four_is_not_a_quick_win() {
        // Black's three on column H: its H8 block of White's four would be
        // an open four, so the four-three proves nothing.
        let mut d: Vec<String> = FOUR_THREE.lines().map(String::from).collect();
        for y in [8, 9, 10] {
            // Diagram line 0 is empty (the literal starts with a newline).
            let row = &mut d[y + 1];
            row.replace_range(14..15, "x");
        }
        let board =
            Board::from_diagram(&d.join("\n"), Rule::Freestyle, Some(Color::White)).unwrap();
        assert_eq!(board.threat(Pos::new(7, 7), Color::Black), Threat::Flex4);
        assert_eq!(with_worker(&board, |w| w.quick_win(3)), None);
        // With Black's three two steps lower, H8 blocks without a four: the
        // four-three is played out and still wins.
        let moved: Vec<(i32, i32)> = vec![(7, 10), (7, 11), (7, 12)];
        let mut b2 = Board::from_diagram(FOUR_THREE, Rule::Freestyle, Some(Color::White)).unwrap();
        for &(x, y) in &moved {
            let p = Pos::new(x, y);
            b2.place(p, Color::Black);
        }
        b2.set_side_to_move(Color::White);
        assert!(threats::four_cells(&b2, Color::Black) > 0);
        assert!(!b2.threat(Pos::new(7, 7), Color::Black).is_four());
        assert_eq!(with_worker(&b2, |w| w.quick_win(0)), Some(win_in(5)));
    }

    #[test]
    fn a_double_three_wins_only_without_opponent_fours_and_never_for_renju_black() {
        let d = "
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . o o . . . . . . . .
. . . . . . . o . . . . . . .
. . . . . . . o . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . x . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . x x
. . . . . . . . . . . . . . .";
        let p = Pos::new(7, 5);
        let board = Board::from_diagram(d, Rule::Freestyle, Some(Color::White)).unwrap();
        assert_eq!(board.threat(p, Color::White), Threat::Flex3x2);
        assert_eq!(with_worker(&board, |w| w.quick_win(0)), Some(win_in(5)));
        // A Black three (closed or open, any four cell) spoils it.
        let mut b2 = board.clone();
        b2.place(Pos::new(12, 13), Color::Black);
        b2.set_side_to_move(Color::White);
        assert!(threats::four_cells(&b2, Color::Black) > 0);
        assert_eq!(with_worker(&b2, |w| w.quick_win(0)), None);
        // The same shape for renju Black is a forbidden double three.
        let swapped = d.replace('o', "O").replace('x', "o").replace('O', "x");
        let rb = Board::from_diagram(&swapped, Rule::Renju, Some(Color::Black)).unwrap();
        assert_eq!(rb.threat(p, Color::Black), Threat::Flex3x2);
        assert_eq!(with_worker(&rb, |w| w.quick_win(0)), None);
    }

    #[test]
    fn quiescence_finds_fours_near_our_last_move_and_stands_pat_above_beta() {
        // Black's last move I8 closed a three on row 8 (White at F8): J8
        // is a four that also makes a three on column J, so the one block
        // at K8 leaves Black an open four. White's last move is far away.
        let moves = [
            (6, 7),
            (5, 7),
            (7, 7),
            (0, 0),
            (9, 9),
            (0, 2),
            (9, 10),
            (0, 4),
            (8, 7),
            (14, 14),
        ];
        let board = Board::from_moves(15, 15, Rule::Freestyle, &moves).unwrap();
        assert_eq!(board.side_to_move(), Color::Black);
        let s = with_worker(&board, |w| w.leaf(-INFINITE, INFINITE, 0, 1, 0));
        assert!(s >= WIN_MIN, "score {s}");
        let eval = with_worker(&board, |w| w.evaluate());
        let s = with_worker(&board, |w| w.leaf(eval - 10, eval - 5, 0, 1, 0));
        assert_eq!(s, eval);
    }

    /// The moves generated below the root and at the root.
    fn inner_and_root_moves(board: &Board) -> (Vec<Pos>, Vec<Pos>) {
        with_worker(board, |w| {
            let mut at_ply = |ply| {
                w.gen_moves(ply, Pos::NONE, false)
                    .iter()
                    .map(|m| m.pos)
                    .collect()
            };
            (at_ply(1), at_ply(0))
        })
    }

    #[test]
    fn a_four_three_threat_leaves_only_its_lines_its_blocks_lines_and_our_fours() {
        // White's G8 makes a closed four on row 8 (blocked at C8, its five
        // at H8) and an open three on column G: a win unless Black takes
        // it away, makes H8 a four of its own, or answers with fours.
        let d = "
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . x . . . .
. . . . . . . . . . . x . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . x o o o . . . . . . . . .
. . . . . . o . . . . . . . .
. . . . . . o . . . . . . . .
. . . . . . . . . . . x . x .
. . . . . . . . . . . . x . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .";
        let mut board = Board::from_diagram(d, Rule::Freestyle, Some(Color::Black)).unwrap();
        let t = Pos::new(6, 7);
        let block = Pos::new(7, 7);
        assert_eq!(board.threat(t, Color::White), Threat::Block4Flex3);
        assert!(board.threat(block, Color::Black) < Threat::Block4);
        let (inner, root) = inner_and_root_moves(&board);
        assert!(inner.contains(&t), "{inner:?}");
        assert!(inner.len() < root.len());
        for &p in &root {
            let four = board.threat(p, Color::Black).is_four();
            let on_line = threats::on_line_within(p, t, 5);
            let on_block_line = threats::on_line_within(p, block, 5);
            assert_eq!(
                inner.contains(&p),
                four || on_line || on_block_line,
                "{p:?}"
            );
        }
        // With H8 a four cell of Black's (H9-H11 Black), blocking there
        // gains a tempo: the four-three threatens nothing, and every
        // move is searched.
        for y in 8..=10 {
            board.place(Pos::new(7, y), Color::Black);
        }
        board.set_side_to_move(Color::Black);
        assert_eq!(board.threat(t, Color::White), Threat::Block4Flex3);
        assert!(board.threat(block, Color::Black).is_four());
        let (inner, root) = inner_and_root_moves(&board);
        assert_eq!(inner, root);
    }

    #[test]
    fn moves_are_picked_best_first_and_each_once() {
        let mv = |x, score| ScoredMove {
            pos: Pos::new(x, 0),
            score,
            quiet: true,
            four: false,
            refute: false,
            attack: false,
        };
        let mut moves = vec![mv(0, 3), mv(1, 9), mv(2, 1), mv(3, 9), mv(4, 5), mv(5, -2)];
        let picked: Vec<(i32, i32)> = (0..moves.len())
            .map(|i| pick_best(&mut moves, i))
            .map(|m| (m.pos.x(), m.score))
            .collect();
        // The first of two equal best comes first; then by score.
        assert_eq!(picked[0], (1, 9));
        assert!(picked.windows(2).all(|w| w[0].1 >= w[1].1), "{picked:?}");
        let mut xs: Vec<i32> = picked.iter().map(|&(x, _)| x).collect();
        xs.sort();
        assert_eq!(xs, vec![0, 1, 2, 3, 4, 5]);
    }

    #[test]
    fn a_table_move_is_searched_before_generation_only_if_playable_here() {
        // Black to move; H8 (7,7) would make two open threes: forbidden.
        let d = "
o . . . . . . . . . . . . . o
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . x . . . . . . .
. . . . . . . x . . . . . . .
. . . . . x x . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
o . . . . . . . . . . . . . o";
        for rule in [Rule::Renju, Rule::Freestyle] {
            let board = Board::from_diagram(d, rule, Some(Color::Black)).unwrap();
            let ok = with_worker(&board, |w| {
                [
                    Pos::NONE,
                    Pos::new(7, 5),  // occupied
                    Pos::new(12, 7), // empty but far from every stone
                    Pos::new(8, 8),  // empty and near
                    Pos::new(7, 7),  // the double three
                ]
                .map(|p| w.table_move_ok(p))
            });
            let free = rule != Rule::Renju;
            assert_eq!(ok, [false, false, false, true, free], "{rule:?}");
        }
    }

    #[test]
    fn an_open_three_leaves_only_the_blocks_that_stop_it_and_our_fours() {
        let board = open_three_board(false, true);
        let moves: Vec<Pos> = with_worker(&board, |w| {
            w.gen_moves(1, Pos::NONE, false)
                .iter()
                .map(|m| m.pos)
                .collect()
        });
        // The three's four cells and Black's two fours; not the cells where
        // White's closed three on row 13 makes a four (F13, G13).
        assert_eq!(
            sorted(&moves),
            vec![(2, 7), (3, 7), (6, 2), (7, 2), (7, 7), (8, 7)]
        );
        assert_eq!(board.threat(Pos::new(5, 12), Color::White), Threat::Block4);
    }

    #[test]
    fn two_open_threes_without_a_common_block_leave_only_our_fours() {
        let board = open_three_board(true, true);
        let (inner, root): (Vec<Pos>, Vec<Pos>) = with_worker(&board, |w| {
            let mut at_ply = |ply| -> Vec<Pos> {
                w.gen_moves(ply, Pos::NONE, false)
                    .iter()
                    .map(|m| m.pos)
                    .collect()
            };
            (at_ply(1), at_ply(0))
        });
        assert_eq!(sorted(&inner), vec![(6, 2), (7, 2)]);
        // The root still offers the blocks, to play the longest defence.
        assert!(root.contains(&Pos::new(3, 7)) && root.contains(&Pos::new(12, 6)));
    }

    #[test]
    fn two_open_threes_without_a_block_or_a_four_are_lost() {
        // Black has no four: nothing is left to search below the root, and
        // White's open four and five follow.
        let board = open_three_board(true, false);
        let score = with_worker(&board, |w| w.search(-INFINITE, INFINITE, 3, 1, true, false));
        assert_eq!(score, loss_in(5));
    }

    /// A freestyle 15x15 position from moves in pos notation.
    fn freestyle_15(moves: &str) -> Board {
        let moves = crate::bench::parse_pos_line(moves).unwrap();
        Board::from_moves(15, 15, Rule::Freestyle, &moves).unwrap()
    }

    /// `timeout_turn` of `ms` and nothing else.
    fn turn_clock(ms: u64) -> TimeControl {
        TimeControl {
            turn_ms: Some(ms),
            ..TimeControl::infinite()
        }
    }

    #[test]
    fn a_forced_block_is_searched_within_a_quarter_of_the_soft_limit() {
        // Black's closed four h8-k8 leaves White one move, l8. It is
        // searched (deeper than the one-ply answer it used to get) but
        // only for a quarter of the soft limit: nothing is decided there.
        let board = freestyle_15("h8g8i8a1j8a2k8");
        let tc = turn_clock(4_000);
        let soft = time::limits(&tc, board.stone_count(), board.empty_count()).soft;
        let mut engine = Engine::new(1 << 20, Arc::new(AtomicBool::new(false)));
        let (tx, _rx) = crossbeam_channel::unbounded();
        let t = Instant::now();
        let r = engine.think(&SearchRequest::new(board, tc), t, &tx);
        assert_eq!(r.best.to_letter_number(), "L8");
        assert!(r.depth > 1, "depth {}", r.depth);
        assert!(t.elapsed() < soft / 2, "took {:?} of {soft:?}", t.elapsed());
    }

    #[test]
    fn a_win_proven_on_the_clock_is_played_without_looking_for_a_shorter_one() {
        // data/wins/freestyle-15.txt, line 1: Black wins in 19 plies with
        // D8. The node limit keeps the root threat search from its win by
        // C12 (the proof-number VCT needs 206 K nodes for it), so the main
        // search must find one. An iteration fails high with a win: D8 is
        // proven to win, in at most the plies its score says. On the clock
        // that is the answer; searching on for the exact (shorter) win
        // would cost many times as much.
        let board = freestyle_15(
            "b6c9c11d11f12f6f9h8h10g11f10f11g10h11e11e10d12i11j11c13g12h12i9i10e7j9e13f14g13h14d6f8c7d7e5b8e6e8",
        );
        let mut engine = Engine::new(1 << 24, Arc::new(AtomicBool::new(false)));
        let (tx, rx) = crossbeam_channel::unbounded();
        let mut req = SearchRequest::new(board, turn_clock(60_000));
        req.max_nodes = Some(400_000);
        let r = engine.think(&req, Instant::now(), &tx);
        assert_eq!(r.best.to_letter_number(), "D8");
        assert!(r.score >= WIN_MIN, "score {}", r.score);
        let scores: Vec<Score> = rx
            .try_iter()
            .filter_map(|rep| match rep {
                Report::Iteration(it) => Some(it.score),
                _ => None,
            })
            .collect();
        assert_eq!(
            scores.iter().position(|&s| s >= WIN_MIN),
            Some(scores.len() - 1),
            "iterations after the first win: {scores:?}"
        );
        // Stopped before the depth at which an exact win would end the
        // search anyway.
        assert!(
            r.depth > 1 && r.depth < WIN - r.score,
            "depth {} score {}",
            r.depth,
            r.score
        );
    }

    #[test]
    fn hard_limit_is_read_from_the_injected_clock() {
        // A quiet position with 10 s a move; the fake clock passes 2 s per
        // reading, so the search must give up after a handful of checks
        // instead of thinking ten real seconds.
        let board = freestyle_15("l2i4l3m6j4i2f1j5");
        let tc = turn_clock(10_000);
        let mut engine = Engine::new(1 << 20, Arc::new(AtomicBool::new(false)));
        let clock = JumpClock {
            now: std::sync::Mutex::new(Duration::ZERO),
            step: Duration::from_secs(2),
            slow_from: Duration::MAX,
        };
        let (tx, _rx) = crossbeam_channel::unbounded();
        let t = Instant::now();
        let r = engine.think_with_clock(&SearchRequest::new(board.clone(), tc), &clock, &tx);
        assert!(
            t.elapsed() < Duration::from_secs(5),
            "took {:?}",
            t.elapsed()
        );
        assert!(!r.best.is_none() && board.is_empty(r.best));
    }

    #[test]
    fn the_answer_is_checked_for_threat_wins_even_when_the_search_used_all_its_time() {
        // Freestyle 20x20, White to move (session 25's game 56 against
        // Rapfi). Searched to depth 7 or 8, H7 looks best, and it lets
        // Black win by 13 fours (L2 K1 N2 L4 K2 M2 ...), too long for the
        // search to see. The fake clock makes the search end on its hard
        // limit at those depths; the threat check of the answer must still
        // run and turn H7 down. The clock slows to 1 us a reading once it
        // reaches the search's own limit, so the check gets the share of
        // time kept for it however many times it is read on the way.
        let moves = crate::bench::parse_pos_line(
            "m4l3l1o1o2l5l6m3k3j5k4k5i5n4n5j6i7h6j7i4l7k7k8m6l8i6g6o5p6m8i8h3g2j2",
        )
        .expect("pos line");
        let board = Board::from_moves(20, 20, Rule::Freestyle, &moves).expect("board");
        for step_us in [1_500, 1_800, 2_200, 2_600] {
            let mut engine = Engine::new(1 << 24, Arc::new(AtomicBool::new(false)));
            let tc = turn_clock(200);
            let hard = time::limits(&tc, board.stone_count(), board.empty_count()).hard;
            let clock = JumpClock {
                now: std::sync::Mutex::new(Duration::ZERO),
                step: Duration::from_micros(step_us),
                slow_from: search_stop(hard),
            };
            let (tx, _rx) = crossbeam_channel::unbounded();
            let req = SearchRequest::new(board.clone(), tc);
            let r = engine.think_with_clock(&req, &clock, &tx);
            let mut after = board.clone();
            after.make(r.best);
            let vcf = ThreatSearch::new(1_000_000, None).vcf(&mut after, 40);
            assert!(
                vcf.is_none(),
                "step {step_us} us: {} (depth {}) lets Black win by {vcf:?}",
                r.best.to_letter_number(),
                r.depth
            );
        }
    }
}
