//! The search: a [`Searcher`] facade over a long-lived worker thread that
//! runs iterative-deepening PVS alpha-beta with a shared transposition table,
//! threat search and a time manager, with Lazy SMP helper threads when asked
//! for more than one thread. It never reads input or prints: results come
//! back as [`Report`]s over a channel.

mod balance;
mod smp;
pub mod threats;
pub mod time;
pub mod tt;

use crate::board::Board;
use crate::types::{Pos, Score};
use crossbeam_channel::{unbounded, Receiver, Sender};
pub use smp::{max_threads, MAX_THREADS};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
pub use time::{TimeControl, TimeLimits};

/// Default transposition table size.
pub const DEFAULT_HASH_BYTES: usize = 64 << 20;

/// What to search and under which limits.
#[derive(Clone, Debug)]
pub struct SearchRequest {
    pub board: Board,
    pub time: TimeControl,
    /// Stop after finishing this depth.
    pub max_depth: Option<i32>,
    /// Stop after about this many nodes.
    pub max_nodes: Option<u64>,
    /// Number of best root moves to report (multi-PV); 1 normally.
    pub multipv: usize,
    /// Root moves that must not be played (YXBLOCK), unless nothing else is left.
    pub blocked: Vec<Pos>,
    /// Search threads (Lazy SMP); 1 normally.
    pub threads: usize,
    /// Report which root move the main thread is on ([`Report::Root`]).
    pub realtime: bool,
    /// Instead of the best move, find the most balanced one (or pair).
    pub balance: Option<Balance>,
}

/// `YXBALANCEONE` / `YXBALANCETWO`: the move (or the move and the
/// opponent's reply) after which the position's score, from the view of
/// the side to move now, is nearest `bias`. The answer's `pv` holds the
/// move(s) and `score` that score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Balance {
    pub bias: Score,
    pub two: bool,
}

impl SearchRequest {
    pub fn new(board: Board, time: TimeControl) -> Self {
        SearchRequest {
            board,
            time,
            max_depth: None,
            max_nodes: None,
            multipv: 1,
            blocked: Vec::new(),
            threads: 1,
            realtime: false,
            balance: None,
        }
    }
}

/// One finished iteration (or one line of a multi-PV iteration).
#[derive(Clone, Debug, PartialEq)]
pub struct Iteration {
    pub depth: i32,
    pub seldepth: i32,
    /// Score from the side to move's point of view.
    pub score: Score,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: Vec<Pos>,
    /// Index of this line in a multi-PV search (0 = best).
    pub multipv: usize,
    /// Lines in this iteration's block: as many as multi-PV asked for and
    /// the root has candidate moves for (fewer if the search stopped
    /// inside the iteration); 1 without multi-PV.
    pub lines: usize,
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The move to play; `Pos::NONE` only when the side to move has no legal
    /// move at all.
    pub best: Pos,
    pub score: Score,
    pub depth: i32,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: Vec<Pos>,
}

impl SearchResult {
    /// A result with no move (the searcher went away without answering).
    pub fn no_move() -> SearchResult {
        SearchResult {
            best: Pos::NONE,
            score: 0,
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            pv: Vec::new(),
        }
    }
}

/// What the main thread does at the root, for GUIs' realtime lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RootEvent {
    /// Now searching this root move.
    Searching(Pos),
    /// Finished this root move.
    Done(Pos),
    /// This root move is proven to lose.
    Lost(Pos),
}

/// What the searcher sends back.
#[derive(Clone, Debug)]
pub enum Report {
    Iteration(Iteration),
    /// Only when [`SearchRequest::realtime`] asked for it.
    Root(RootEvent),
    Done(SearchResult),
}

enum Job {
    Search(Box<SearchRequest>, Sender<Report>, Instant),
    Resize(usize),
    ClearHash,
    Quit,
}

/// Handle to the searcher thread. Dropping it stops the search and joins
/// the thread.
pub struct Searcher {
    jobs: Sender<Job>,
    stop: Arc<AtomicBool>,
    handle: Option<JoinHandle<()>>,
}

impl Searcher {
    /// Starts the worker thread with a table of `hash_bytes`.
    pub fn new(hash_bytes: usize) -> Searcher {
        let (tx, rx) = unbounded();
        let stop = Arc::new(AtomicBool::new(false));
        let stop2 = stop.clone();
        let handle = std::thread::Builder::new()
            .name("searcher".into())
            .spawn(move || worker(rx, stop2, hash_bytes))
            .expect("spawn searcher thread");
        Searcher {
            jobs: tx,
            stop,
            handle: Some(handle),
        }
    }

    /// Starts a search; returns at once. Reports arrive on `reports`, the
    /// last one always `Report::Done`. The clock starts now.
    pub fn start(&self, req: SearchRequest, reports: Sender<Report>) {
        self.start_at(req, reports, Instant::now());
    }

    /// As [`Searcher::start`], with the clock started at `clock_from` (an
    /// instant in the past: the time limits count from then).
    pub fn start_at(&self, req: SearchRequest, reports: Sender<Report>, clock_from: Instant) {
        self.stop.store(false, Ordering::Relaxed);
        let _ = self
            .jobs
            .send(Job::Search(Box::new(req), reports, clock_from));
    }

    /// Asks the running search (if any) to stop and answer now.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The stop flag, for a thread that must stop the search without going
    /// through the owner of the `Searcher` (the stdin reader on END).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Resizes the transposition table (takes effect before the next search).
    pub fn resize_hash(&self, bytes: usize) {
        let _ = self.jobs.send(Job::Resize(bytes));
    }

    /// Clears the transposition table before the next search.
    pub fn clear_hash(&self) {
        let _ = self.jobs.send(Job::ClearHash);
    }

    /// Searches and waits for the result (benchmarks, tests, tools).
    pub fn search_blocking(&self, req: SearchRequest) -> SearchResult {
        let (tx, rx) = unbounded();
        self.start(req, tx);
        loop {
            match rx.recv() {
                Ok(Report::Done(r)) => return r,
                Ok(Report::Iteration(_) | Report::Root(_)) => {}
                Err(_) => return SearchResult::no_move(),
            }
        }
    }
}

impl Drop for Searcher {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        let _ = self.jobs.send(Job::Quit);
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}

fn worker(rx: Receiver<Job>, stop: Arc<AtomicBool>, hash_bytes: usize) {
    let mut engine = engine::Engine::new(hash_bytes, stop);
    while let Ok(job) = rx.recv() {
        match job {
            Job::Search(req, reports, started) => {
                let result = match req.balance {
                    Some(b) => balance::search(&mut engine, &req, b, started, &reports),
                    None => engine.think(&req, started, &reports),
                };
                let _ = reports.send(Report::Done(result));
            }
            Job::Resize(bytes) => engine.resize_hash(bytes),
            Job::ClearHash => engine.clear_hash(),
            Job::Quit => break,
        }
    }
}

mod engine;
