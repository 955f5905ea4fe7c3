//! Lazy SMP: helper threads that search the same root as the main thread,
//! sharing only the lock-free transposition table.
//!
//! The helpers live as long as the engine and sleep on a channel between
//! searches. Each has its own board, killers, history and PV; they diverge
//! from the main thread (and from each other) by skipping some depths of
//! iterative deepening, so at any time several depths are being searched
//! and the table fills with entries the main thread can cut on. Only the
//! main thread reads the clock, reports, runs the root threat searches and
//! answers; when it is done it raises `done` and collects what each helper
//! finished, which may replace its own move (see `Worker::run`).

use super::tt::TranspositionTable;
use super::SearchRequest;
use crate::types::{Pos, Score, NUM_CELLS};
use crossbeam_channel::{unbounded, Receiver, RecvTimeoutError, Sender};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Most search threads the engine runs, whatever the machine has.
pub const MAX_THREADS: usize = 64;

/// Threads this machine can use: its logical CPUs, at most [`MAX_THREADS`].
pub fn max_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(MAX_THREADS)
}

/// How long the main thread waits for the helpers to hand in their results
/// once it has its answer.
const HELPER_PATIENCE: Duration = Duration::from_millis(10);

/// History scores of one thread, per colour and cell.
pub(super) type History = [[i32; NUM_CELLS]; 2];

/// A node counter on its own cache line, so that threads publishing their
/// counts do not slow each other down.
#[repr(align(64))]
#[derive(Default)]
struct PaddedCounter(AtomicU64);

/// What one search shares between its threads.
pub(super) struct Shared {
    pub tt: Arc<TranspositionTable>,
    pub req: SearchRequest,
    /// When the search started (helpers time nothing; for their results).
    pub started: Instant,
    /// The searcher's global stop flag (END, YXSTOP, end of input).
    pub stop: Arc<AtomicBool>,
    /// Raised by the main thread when it has its answer: helpers stop.
    pub done: AtomicBool,
    /// Nodes of each helper (index - 1), published every 1024 nodes.
    nodes: Box<[PaddedCounter]>,
}

impl Shared {
    pub fn new(
        tt: Arc<TranspositionTable>,
        req: SearchRequest,
        stop: Arc<AtomicBool>,
        helpers: usize,
    ) -> Shared {
        Shared {
            tt,
            req,
            started: Instant::now(),
            stop,
            done: AtomicBool::new(false),
            nodes: (0..helpers).map(|_| PaddedCounter::default()).collect(),
        }
    }

    /// Publishes the node count of helper `thread` (1-based).
    pub fn publish_nodes(&self, thread: usize, nodes: u64) {
        if let Some(c) = self.nodes.get(thread.wrapping_sub(1)) {
            c.0.store(nodes, Ordering::Relaxed);
        }
    }

    /// The helpers' nodes so far (as last published).
    pub fn helper_nodes(&self) -> u64 {
        self.nodes.iter().map(|c| c.0.load(Ordering::Relaxed)).sum()
    }

    /// True once helpers must stop.
    pub fn helpers_must_stop(&self) -> bool {
        self.done.load(Ordering::Relaxed) || self.stop.load(Ordering::Relaxed)
    }
}

/// The deepest iteration a helper finished.
#[derive(Clone, Debug)]
pub(super) struct Completed {
    pub depth: i32,
    pub score: Score,
    pub pv: Vec<Pos>,
}

/// What a helper hands back at the end of a search (its final node count
/// is published on its counter).
pub(super) struct HelperResult {
    pub completed: Option<Completed>,
}

/// Should helper `thread` (1-based) skip iteration `depth`? Helpers are
/// spread over patterns of period 2, 4, 6, ...: half of the helpers of
/// each period search the odd blocks of depths, the other half the even
/// ones, so the threads are rarely all on the same depth. Helper 1 searches
/// every second depth: on two cores it runs one depth ahead of the main
/// thread about half of the time.
pub(super) fn skip_depth(thread: usize, depth: i32) -> bool {
    if thread == 0 {
        return false;
    }
    // Group g (0, 1, 2, ...) holds 2 (g + 1) helpers with blocks of g + 1
    // depths, phases 0 .. 2 (g + 1).
    let mut i = (thread - 1) % 20;
    let mut size = 1usize;
    while i >= 2 * size {
        i -= 2 * size;
        size += 1;
    }
    let phase = i;
    ((depth as usize + phase) / size) % 2 == 1
}

/// One helper's work for one search.
struct HelperJob {
    shared: Arc<Shared>,
    thread: usize,
    results: Sender<HelperResult>,
    clear_history: bool,
}

struct Helper {
    jobs: Sender<HelperJob>,
    handle: Option<JoinHandle<()>>,
}

/// The helper threads of an engine.
#[derive(Default)]
pub(super) struct Pool {
    helpers: Vec<Helper>,
    /// Helpers must clear their history before their next search.
    stale_history: bool,
}

/// The running helpers of one search, as the main thread sees them.
pub(super) struct Crew {
    pub shared: Arc<Shared>,
    results: Receiver<HelperResult>,
    pending: usize,
}

impl Crew {
    /// Stops the helpers and collects what they finished. Each stops
    /// within 1024 nodes, which is well under a millisecond on an idle
    /// machine; on a loaded one a helper waiting for a CPU can take tens of
    /// milliseconds, so the wait is bounded by [`HELPER_PATIENCE`]: a late
    /// helper finishes on its own and its result is dropped. Idempotent.
    pub fn finish(&mut self) -> Vec<HelperResult> {
        self.shared.done.store(true, Ordering::Relaxed);
        let deadline = Instant::now() + HELPER_PATIENCE;
        let mut out = Vec::with_capacity(self.pending);
        while self.pending > 0 {
            match self.results.recv_deadline(deadline) {
                Ok(r) => out.push(r),
                Err(RecvTimeoutError::Timeout) => {
                    log::debug!("{} search helper(s) late; not waited for", self.pending);
                    break;
                }
                Err(RecvTimeoutError::Disconnected) => {
                    log::error!("a search helper thread went away");
                    break;
                }
            }
            self.pending -= 1;
        }
        self.pending = 0;
        out
    }

    /// Nodes of every helper (final counts of those that finished, the
    /// last published of the others).
    pub fn nodes(&self) -> u64 {
        self.shared.helper_nodes()
    }
}

impl Drop for Crew {
    fn drop(&mut self) {
        // Never leave helpers searching a finished search.
        self.finish();
    }
}

impl Pool {
    /// Makes exactly `n` helpers: new ones are started, extra ones told to
    /// quit and joined.
    fn resize(&mut self, n: usize) {
        while self.helpers.len() > n {
            if let Some(mut h) = self.helpers.pop() {
                drop(h.jobs);
                if let Some(t) = h.handle.take() {
                    let _ = t.join();
                }
            }
        }
        while self.helpers.len() < n {
            let index = self.helpers.len() + 1;
            let (tx, rx) = unbounded();
            let spawned = std::thread::Builder::new()
                .name(format!("search-helper-{index}"))
                .spawn(move || helper_loop(rx));
            match spawned {
                Ok(handle) => self.helpers.push(Helper {
                    jobs: tx,
                    handle: Some(handle),
                }),
                Err(e) => {
                    log::warn!("cannot start search helper {index}: {e}");
                    break;
                }
            }
        }
    }

    /// The history tables of the helpers are stale (the hash was cleared).
    pub fn clear_history(&mut self) {
        self.stale_history = true;
    }

    /// Starts `helpers` helpers (as many as can run) on `shared`'s search.
    /// `shared` must have been made for that many helpers.
    pub fn start(&mut self, shared: Arc<Shared>, helpers: usize) -> Crew {
        self.resize(helpers);
        let (tx, rx) = unbounded();
        let mut pending = 0;
        for (i, h) in self.helpers.iter().enumerate() {
            let job = HelperJob {
                shared: shared.clone(),
                thread: i + 1,
                results: tx.clone(),
                clear_history: self.stale_history,
            };
            if h.jobs.send(job).is_ok() {
                pending += 1;
            }
        }
        self.stale_history = false;
        Crew {
            shared,
            results: rx,
            pending,
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.resize(0);
    }
}

fn helper_loop(jobs: Receiver<HelperJob>) {
    let mut history: Box<History> = Box::new([[0; NUM_CELLS]; 2]);
    let mut caches = None;
    for job in jobs {
        if job.clear_history {
            for h in history.iter_mut() {
                h.fill(0);
            }
        }
        let result =
            super::engine::helper_search(&job.shared, job.thread, &mut history, &mut caches);
        // The job (and its share of the table) is dropped before the
        // helper sleeps, so a resized table is freed at once.
        let HelperJob {
            shared, results, ..
        } = job;
        drop(shared);
        let _ = results.send(result);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helpers_spread_over_depths() {
        // The main thread searches every depth.
        assert!((1..30).all(|d| !skip_depth(0, d)));
        // Helper 1 searches every second depth; helper 2 the others.
        let searched = |t| (1..=8).filter(|&d| !skip_depth(t, d)).collect::<Vec<_>>();
        assert_eq!(searched(1), [2, 4, 6, 8]);
        assert_eq!(searched(2), [1, 3, 5, 7]);
        // Every helper searches some depths in every stretch of eight.
        for t in 1..=64 {
            for start in 1..20 {
                assert!((start..start + 8).any(|d| !skip_depth(t, d)), "{t}");
            }
        }
    }
}
