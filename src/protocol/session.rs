//! The protocol session: owns the position, the options set by `INFO`, and
//! the [`Searcher`]; executes commands and drives searches.
//!
//! While a search runs the session keeps reading: `INFO` applies at once
//! (for the next search; `INFO rule` waits for the move, as it changes the
//! position), `END` and end of input quit at once without a move,
//! `YXSTOP`/`STOP` stop the search so that the move is printed now, and
//! everything else — errors to report included, since only `MESSAGE` lines
//! may precede a move — is queued and handled in order after the move.
//!
//! With `INFO pondering 1` the session thinks on the opponent's time after
//! answering a move: it searches the position after its own move, prints
//! nothing, and stops as soon as any command arrives (the table keeps what
//! was found).

use super::output::{self, Output};
use super::parse::{BlockKind, Command, Entry, Field, Info, ParseError};
use super::Event;
use crate::board::Board;
use crate::rules;
use crate::search::threats::PN_TABLE_BYTES;
use crate::search::{self, DEFAULT_HASH_BYTES};
use crate::search::{
    time, Balance, Report, RootEvent, SearchRequest, SearchResult, Searcher, TimeControl,
};
use crate::types::{Color, Pos, Rule};
use crossbeam_channel::{select, unbounded, Receiver};
use std::collections::VecDeque;
use std::time::{Duration, Instant};

const MIB: u64 = 1 << 20;
/// Largest hash table we agree to allocate.
pub const MAX_HASH_BYTES: u64 = 8 << 30;
/// Smallest hash table, even when `max_memory` leaves less room.
pub const MIN_HASH_BYTES: u64 = MIB;
/// Most lines `YXNBEST` asks for.
const MAX_MULTIPV: usize = 64;
/// Score (side to move's view) beyond which a swap2 position counts as
/// clearly better for one side.
const SWAP2_MARGIN: i32 = 50;
/// Time given to a swap2 decision when the manager set no limit at all.
const SWAP2_UNLIMITED_MS: u64 = 5_000;

/// What each Lazy SMP helper thread costs: its threat-search caches
/// (2 MiB), board, PV and history, and its stack.
pub const HELPER_THREAD_BYTES: u64 = 4 * MIB;

/// What the whole process may spend besides the hash table: code, stacks,
/// I/O buffers, the board copies (24 MiB), the pattern, cell and ordering
/// tables of every rule the process may load (8 MiB; about 6.5 are used),
/// the root VCT's proof-number table ([`PN_TABLE_BYTES`], 8 MiB),
/// each helper thread beyond the first
/// ([`HELPER_THREAD_BYTES`]), and 10% of the limit for what we forgot.
/// The Gomocup judge measures the whole process and scores any excess as a
/// crash, so this errs on the safe side.
pub fn hash_budget(max_memory: u64, threads: usize) -> u64 {
    if max_memory == 0 {
        return MAX_HASH_BYTES;
    }
    let helpers = threads.saturating_sub(1) as u64 * HELPER_THREAD_BYTES;
    let headroom = 24 * MIB + 8 * MIB + PN_TABLE_BYTES + helpers + max_memory / 10;
    max_memory.saturating_sub(headroom).min(MAX_HASH_BYTES)
}

/// What `YXSHOWINFO` reports as `MAX_HASH_SIZE`: the largest x such that
/// `INFO hash_size` 2^x (in KB) fits the memory limit. Yixin-Board reads it
/// as the top of its hash-size slider and sends `hash_size` 1 << x.
pub fn max_hash_exponent(max_memory: u64, threads: usize) -> u32 {
    (hash_budget(max_memory, threads).max(MIN_HASH_BYTES) / 1024).ilog2()
}

/// The cell of a block entry on a `w` x `h` board, checked before a
/// [`Pos`] is made of it: [`Pos::new`] does not check its coordinates.
fn entry_cell(w: i32, h: i32, e: &Entry) -> Result<Pos, String> {
    if (0..w).contains(&e.x) && (0..h).contains(&e.y) {
        Ok(Pos::new(e.x, e.y))
    } else {
        Err(format!("{},{} is outside the board", e.x, e.y))
    }
}

/// Threads the engine can use: the machine's logical CPUs, at most
/// [`search::MAX_THREADS`].
pub fn max_threads() -> usize {
    search::max_threads()
}

/// Everything `INFO` sets.
#[derive(Clone, Debug)]
pub struct Options {
    pub rule: Rule,
    pub time: TimeControl,
    pub max_depth: Option<i32>,
    pub max_nodes: Option<u64>,
    pub threads: usize,
    /// `hash_size` in KB; `None` = default.
    pub hash_kb: Option<u64>,
    /// Bytes for the whole process; 0 = no limit.
    pub max_memory: u64,
    /// Bitmask: 1 realtime lines, 2 detail lines.
    pub show_detail: u32,
    /// Think on the opponent's time (GUIs only).
    pub pondering: bool,
    // Accepted and kept, but with no effect on play (yet).
    pub game_type: i64,
    pub folder: String,
    pub caution_factor: i64,
    pub use_database: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            rule: Rule::Freestyle,
            time: TimeControl::default(),
            max_depth: None,
            max_nodes: None,
            threads: 1,
            hash_kb: None,
            max_memory: 0,
            show_detail: 0,
            game_type: 1,
            folder: String::new(),
            pondering: false,
            caution_factor: 0,
            use_database: false,
        }
    }
}

impl Options {
    /// The hash table size these options ask for, within the memory budget.
    pub fn hash_bytes(&self) -> usize {
        let wanted = self
            .hash_kb
            .map_or(DEFAULT_HASH_BYTES as u64, |kb| kb.saturating_mul(1024));
        let bytes = wanted
            .min(hash_budget(self.max_memory, self.threads))
            .max(MIN_HASH_BYTES);
        usize::try_from(bytes).unwrap_or(usize::MAX)
    }
}

/// The steps of a swap2 decision, each one search.
#[derive(Debug)]
enum Swap2 {
    /// Empty board: search each candidate opening, keep the most balanced.
    Opening {
        candidates: Vec<Board>,
        next: usize,
        /// (|score|, index) of the most balanced candidate so far.
        best: Option<(i32, usize)>,
        share_ms: u64,
    },
    /// Three stones, White to move: swap, stay, or add two stones.
    Three { share_ms: u64 },
    /// We chose to add two stones; this searched Black's fifth.
    Fifth { fourth: Pos },
    /// Five stones, White to move: swap or play the sixth.
    Five,
}

/// What to do with a search result.
#[derive(Debug)]
enum Job {
    /// Print the move and play it; then ponder if `ponder_after` and
    /// pondering is on.
    Move {
        ponder_after: bool,
    },
    Swap2(Swap2),
    /// Print the balanced move (`two`: and the opponent's reply).
    Balance {
        two: bool,
    },
    /// Thinking on the opponent's time: print nothing.
    Ponder,
}

/// A search in progress.
struct Thinking {
    reports: Receiver<Report>,
    job: Job,
    /// The searched position.
    board: Board,
    last_best: Pos,
    /// A detail block has been printed without its `INFO PV DONE`.
    pv_open: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Exit,
}

/// The protocol state machine. See the module comment.
pub struct Session {
    out: Output,
    searcher: Searcher,
    pub opts: Options,
    board: Option<Board>,
    /// Continuous game: cells holding stones that no longer count. They
    /// are empty on the board (they make no lines) but never playable.
    dead: Vec<Pos>,
    /// Root moves excluded by `YXBLOCK`.
    blocked: Vec<Pos>,
    thinking: Option<Thinking>,
    queue: VecDeque<Result<Command, ParseError>>,
    /// The hash size last given to the searcher.
    hash_in_use: usize,
    /// Input has ended: finish what was already read, answering at once,
    /// then exit.
    eof: bool,
    /// When the line being handled was read, if it came from the input
    /// (not from the queue of lines read during a search).
    line_at: Option<Instant>,
    /// `YXSTOP` came during the current answer: an answer made of several
    /// searches (swap2) does its remaining ones at once.
    stop_asked: bool,
}

impl Session {
    /// A session around `searcher`, which must have been created with
    /// [`DEFAULT_HASH_BYTES`].
    pub fn new(out: Output, searcher: Searcher) -> Session {
        Session {
            out,
            searcher,
            opts: Options::default(),
            board: None,
            dead: Vec::new(),
            blocked: Vec::new(),
            thinking: None,
            queue: VecDeque::new(),
            hash_in_use: DEFAULT_HASH_BYTES,
            eof: false,
            line_at: None,
            stop_asked: false,
        }
    }

    /// Runs until `END` or the end of input.
    pub fn run(&mut self, input: &Receiver<Event>) {
        enum Step {
            Input(Option<Event>),
            Report(Option<Report>),
        }
        loop {
            let step = match &self.thinking {
                // After the end of input only the running search is waited
                // for (the input channel is closed and would always fire).
                Some(th) if self.eof => Step::Report(th.reports.recv().ok()),
                Some(th) => select! {
                    recv(input) -> m => Step::Input(m.ok()),
                    recv(th.reports) -> r => Step::Report(r.ok()),
                },
                None if self.eof => {
                    log::info!("end of input: all commands answered, quitting");
                    return;
                }
                None => Step::Input(input.recv().ok()),
            };
            let flow = match step {
                Step::Input(Some(Event::Line(line, at))) => self.handle_at(line, at),
                Step::Input(Some(Event::Eof) | None) => {
                    // The reader has already stopped the running search
                    // (stopped again here in case a search started after
                    // it did, such as pondering). What was read before the
                    // end still gets its answers, each at once, so a piped
                    // script sees every reply and the process is gone
                    // within a second.
                    log::info!("end of input: finishing queued commands");
                    self.searcher.stop();
                    self.eof = true;
                    if self.thinking.is_none() {
                        return;
                    }
                    Flow::Continue
                }
                Step::Report(Some(Report::Iteration(it))) => {
                    self.print_iteration(&it);
                    Flow::Continue
                }
                Step::Report(Some(Report::Root(ev))) => {
                    self.print_root_event(ev);
                    Flow::Continue
                }
                Step::Report(Some(Report::Done(res))) => self.finish(res),
                Step::Report(None) => {
                    // The searcher went away without an answer; answer with
                    // the fallback move rather than not at all.
                    log::error!("search ended without a result");
                    self.finish(SearchResult::no_move())
                }
            };
            if flow == Flow::Exit {
                return;
            }
        }
    }

    /// True while a search runs.
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// True while thinking on the opponent's time.
    pub fn is_pondering(&self) -> bool {
        matches!(
            self.thinking,
            Some(Thinking {
                job: Job::Ponder,
                ..
            })
        )
    }

    /// Handles one input line's outcome, read at `at`: a search it starts
    /// counts its time from then, so that time the session spent before
    /// reading it (building a rule's tables, resizing the hash, stopping
    /// a ponder search) is not lost to the manager's clock.
    pub fn handle_at(&mut self, line: Result<Command, ParseError>, at: Instant) -> Flow {
        self.line_at = Some(at);
        let flow = self.handle(line);
        self.line_at = None;
        flow
    }

    /// Handles one input line's outcome: at once, or queued while thinking.
    /// Any line stops pondering first. A search it starts counts its time
    /// from its own start; through [`Session::handle_at`], from when the
    /// line was read.
    pub fn handle(&mut self, line: Result<Command, ParseError>) -> Flow {
        if self.is_pondering() {
            if matches!(line, Ok(Command::End)) {
                return Flow::Exit;
            }
            self.stop_pondering();
        }
        if self.thinking.is_some() {
            match line {
                Ok(Command::End) => return Flow::Exit,
                Ok(Command::Stop) => {
                    self.searcher.stop();
                    self.stop_asked = true;
                }
                Ok(Command::Info(info)) if !matches!(info, Info::Rule(_)) => self.apply_info(info),
                other => self.queue.push_back(other),
            }
            return Flow::Continue;
        }
        match line {
            Ok(cmd) => self.execute(cmd),
            Err(e) => {
                self.out.line(&e.reply());
                Flow::Continue
            }
        }
    }

    /// Handles what was queued during a search, until the queue is empty
    /// or one of its commands starts another search.
    fn drain_queue(&mut self) -> Flow {
        for line in std::mem::take(&mut self.queue) {
            if self.handle(line) == Flow::Exit {
                return Flow::Exit;
            }
        }
        Flow::Continue
    }

    fn execute(&mut self, cmd: Command) -> Flow {
        match cmd {
            Command::Start(n) => self.start_board(n, n),
            Command::RectStart(w, h) => self.start_board(w, h),
            Command::Restart => {
                if let Some(b) = self.board_or_error("RESTART") {
                    let (w, h) = (b.width(), b.height());
                    self.start_board(w, h);
                }
            }
            Command::Begin => self.think("BEGIN", 1, true),
            Command::Turn(x, y) => {
                if self.place_input("TURN", x, y) {
                    self.think("TURN", 1, true);
                }
            }
            Command::Play(x, y) => {
                if self.place_input("PLAY", x, y) {
                    self.out.line(&format!("{x},{y}"));
                }
            }
            Command::Takeback(x, y) => self.takeback(x, y),
            Command::Block(kind, entries) => self.block(kind, entries),
            Command::Info(info) => self.apply_info(info),
            Command::End => return Flow::Exit,
            Command::About => self.out.line(&format!(
                "name=\"Tengen\", version=\"{}\", author=\"Tengen developers\", country=\"International\"",
                env!("CARGO_PKG_VERSION")
            )),
            // Nothing to stop when idle.
            Command::Stop => {}
            Command::ShowForbid => {
                if let Some(b) = self.board_or_error("YXSHOWFORBID") {
                    let mut b = b.clone();
                    let points: Vec<Pos> = b
                        .forbidden_points()
                        .into_iter()
                        .filter(|p| !self.dead.contains(p))
                        .collect();
                    self.out.line(&output::forbid_line(&points));
                }
            }
            Command::HashClear => self.searcher.clear_hash(),
            Command::ShowInfo => {
                self.out
                    .message(&format!("INFO MAX_THREAD_NUM {}", max_threads()));
                self.out.message(&format!(
                    "INFO MAX_HASH_SIZE {}",
                    max_hash_exponent(self.opts.max_memory, self.opts.threads)
                ));
            }
            Command::NBest(n) => self.think("YXNBEST", n.min(MAX_MULTIPV), false),
            Command::BlockUndo => {
                self.blocked.pop();
            }
            Command::BlockReset => self.blocked.clear(),
            Command::BalanceOne(bias) => self.balance(bias, false),
            Command::BalanceTwo(bias) => self.balance(bias, true),
            // The assembler turns these into `Block`s and errors; they
            // never reach the session.
            Command::BlockStart(_) | Command::Done => {}
        }
        Flow::Continue
    }

    // ----- position commands ------------------------------------------------

    fn board_or_error(&mut self, cmd: &str) -> Option<&Board> {
        if self.board.is_none() {
            self.out
                .error(&format!("{cmd}: no board, send START first"));
        }
        self.board.as_ref()
    }

    fn start_board(&mut self, w: i32, h: i32) {
        match Board::new(w, h, self.opts.rule) {
            Ok(b) => {
                // A GUI re-sends START before every request to think:
                // blocked moves survive it unless the size changes.
                let same = self
                    .board
                    .as_ref()
                    .is_some_and(|old| old.width() == w && old.height() == h);
                if !same {
                    self.blocked.clear();
                }
                self.board = Some(b);
                self.dead.clear();
                self.out.line("OK");
            }
            // Like every refused command, a refused size leaves the game
            // (or the lack of one) as it was.
            Err(e) => self.out.error(&e.to_string()),
        }
    }

    /// Places a stone of the side to move for TURN / PLAY. Off-board and
    /// taken cells are refused with an error and leave the board as it was.
    fn place_input(&mut self, cmd: &str, x: i32, y: i32) -> bool {
        if self.board_or_error(cmd).is_none() {
            return false;
        }
        let dead = &self.dead;
        let Some(b) = self.board.as_mut() else {
            return false;
        };
        let err = match b.pos(x, y) {
            None => format!("{x},{y} is outside the board"),
            Some(p) if !b.is_empty(p) || dead.contains(&p) => {
                format!("{x},{y} is already occupied")
            }
            Some(p) => {
                let c = b.side_to_move();
                if c == Color::Black && b.is_forbidden(p) {
                    log::warn!("{cmd} {x},{y}: forbidden for black, accepted");
                }
                b.place(p, c);
                return true;
            }
        };
        self.out.error(&format!("{cmd} {x},{y}: {err}"));
        false
    }

    fn takeback(&mut self, x: i32, y: i32) {
        if self.board_or_error("TAKEBACK").is_none() {
            return;
        }
        let Some(b) = self.board.as_mut() else { return };
        match b.last_move() {
            Some(p) if p.x() == x && p.y() == y => {
                b.undo();
                self.out.line("OK");
            }
            Some(p) => self.out.error(&format!(
                "TAKEBACK {x},{y}: only the last move ({p}) can be taken back"
            )),
            None => self
                .out
                .error(&format!("TAKEBACK {x},{y}: the board is empty")),
        }
    }

    fn block(&mut self, kind: BlockKind, entries: Vec<Entry>) {
        let name = kind.name();
        let Some(old) = self.board_or_error(name) else {
            return;
        };
        let (w, h) = (old.width(), old.height());
        match kind {
            BlockKind::Board | BlockKind::YxBoard => match self.position(w, h, &entries) {
                Ok((b, dead)) => {
                    self.board = Some(b);
                    self.dead = dead;
                    if kind == BlockKind::Board {
                        self.think(name, 1, true);
                    }
                }
                Err(e) => self
                    .out
                    .error(&format!("{name} rejected, position unchanged: {e}")),
            },
            BlockKind::Swap2Board => self.swap2(w, h, &entries),
            BlockKind::YxBlock | BlockKind::YxBlockUndo => {
                let mut cells = Vec::new();
                for e in &entries {
                    match entry_cell(w, h, e) {
                        Ok(p) => cells.push(p),
                        Err(e) => {
                            self.out.error(&format!("{name} rejected: {e}"));
                            return;
                        }
                    }
                }
                if kind == BlockKind::YxBlockUndo {
                    self.blocked.retain(|p| !cells.contains(p));
                    return;
                }
                for p in cells {
                    if !self.blocked.contains(&p) {
                        self.blocked.push(p);
                    }
                }
            }
        }
    }

    /// Builds the position of a BOARD / YXBOARD block. Our colour: in
    /// renju the stones come in move order and the first is Black; under
    /// the other rules colours only decide who moves, so we are Black when
    /// the counts are equal and White otherwise.
    fn position(&self, w: i32, h: i32, entries: &[Entry]) -> Result<(Board, Vec<Pos>), String> {
        // The dead stones first: they are walls of the board the stones
        // are placed on.
        let mut dead = Vec::new();
        for e in entries.iter().filter(|e| e.field == Some(Field::Dead)) {
            let p = entry_cell(w, h, e)?;
            if dead.contains(&p) {
                return Err(format!("{},{} is listed twice", e.x, e.y));
            }
            dead.push(p);
        }
        let mut b = Board::with_walls(w, h, self.opts.rule, &dead).map_err(|e| e.to_string())?;
        let count = |f: Field| entries.iter().filter(|e| e.field == Some(f)).count();
        let own = if self.opts.rule == Rule::Renju {
            match entries.iter().find(|e| e.field != Some(Field::Dead)) {
                Some(e) if e.field == Some(Field::Opponent) => Color::White,
                _ => Color::Black,
            }
        } else if count(Field::Own) == count(Field::Opponent) {
            Color::Black
        } else {
            Color::White
        };
        for e in entries {
            let color = match e.field {
                Some(Field::Own) => own,
                Some(Field::Opponent) => !own,
                // Already walls.
                Some(Field::Dead) => continue,
                // The parser requires the field in these blocks.
                None => return Err(format!("{},{} has no field", e.x, e.y)),
            };
            let p = b
                .pos(e.x, e.y)
                .ok_or_else(|| format!("{},{} is outside the board", e.x, e.y))?;
            if !b.is_empty(p) {
                return Err(format!("{},{} is listed twice", e.x, e.y));
            }
            b.place(p, color);
        }
        b.set_side_to_move(own);
        Ok((b, dead))
    }

    // ----- INFO ---------------------------------------------------------------

    fn apply_info(&mut self, info: Info) {
        let sizes_table = matches!(
            info,
            Info::MaxMemory(_) | Info::ThreadNum(_) | Info::HashSize(_)
        );
        let o = &mut self.opts;
        match info {
            Info::TimeoutTurn(ms) => o.time.turn_ms = Some(ms),
            Info::TimeoutMatch(ms) => o.time.match_ms = Some(ms),
            Info::TimeLeft(ms) => o.time.time_left_ms = Some(ms),
            Info::TimeIncrement(ms) => o.time.increment_ms = ms,
            Info::MaxMemory(bytes) => o.max_memory = bytes,
            Info::GameType(t) => o.game_type = t,
            Info::Rule(code) => match u32::try_from(code).ok().and_then(Rule::from_gomocup) {
                Some(rule) => self.set_rule(rule),
                None => self
                    .out
                    .error(&format!("INFO rule: unsupported rule code {code}")),
            },
            Info::Evaluate(_) => {}
            Info::Folder(f) => o.folder = f,
            Info::ThreadNum(n) => {
                o.threads = usize::try_from(n).unwrap_or(1).clamp(1, max_threads())
            }
            Info::HashSize(kb) => o.hash_kb = (kb > 0).then_some(kb),
            Info::MaxDepth(d) => o.max_depth = (d > 0).then(|| d.min(i32::MAX as i64) as i32),
            Info::MaxNode(n) => o.max_nodes = u64::try_from(n).ok().filter(|&n| n > 0),
            Info::Pondering(p) => o.pondering = p != 0,
            Info::CautionFactor(c) => o.caution_factor = c,
            Info::ShowDetail(d) => o.show_detail = u32::try_from(d).map_or(0, |d| d & 3),
            Info::UseDatabase(u) => o.use_database = u != 0,
            Info::Other(key, value) => log::debug!("ignoring INFO {key} {value}"),
        }
        if sizes_table {
            self.sync_hash();
        }
    }

    /// Changes the rule; a position on the board is rebuilt with the same
    /// stones in the same order.
    fn set_rule(&mut self, rule: Rule) {
        self.opts.rule = rule;
        let Some(old) = &self.board else { return };
        if old.rule() == rule {
            return;
        }
        match Board::with_walls(old.width(), old.height(), rule, old.walls()) {
            Ok(mut b) => {
                for (p, c) in old.history() {
                    b.place(p, c);
                }
                b.set_side_to_move(old.side_to_move());
                self.board = Some(b);
            }
            Err(e) => log::error!("cannot rebuild the board: {e}"),
        }
    }

    // ----- searching ------------------------------------------------------------

    /// May the side to move play `p`? On the board, empty, not a dead
    /// stone, and not forbidden for renju Black.
    fn is_legal(&self, b: &mut Board, p: Pos) -> bool {
        !p.is_none()
            && b.on_board(p)
            && b.is_empty(p)
            && !self.dead.contains(&p)
            && !(b.side_to_move() == Color::Black && b.is_forbidden(p))
    }

    /// Legal moves, nearest to the centre first; blocked ones only if
    /// nothing else is left.
    fn legal_moves(&self, b: &mut Board) -> Vec<Pos> {
        let mut moves = b.legal_moves(b.side_to_move());
        moves.retain(|p| !self.dead.contains(p));
        let (cx, cy) = (b.width() - 1, b.height() - 1);
        moves.sort_by_key(|p| {
            let d = (2 * p.x() - cx).abs().max((2 * p.y() - cy).abs());
            (self.blocked.contains(p), d)
        });
        moves
    }

    /// Why the side to move cannot be asked for a move, if it cannot.
    fn cannot_move(&self, b: &mut Board) -> Option<String> {
        if let Some(c) = rules::find_winner(b) {
            let who = if c == Color::Black { "black" } else { "white" };
            return Some(format!("game is over: {who} has won"));
        }
        let cells: Vec<Pos> = b.cells().to_vec();
        if cells.into_iter().any(|p| self.is_legal(b, p)) {
            return None;
        }
        Some(if b.is_full() {
            "no legal move: the board is full".into()
        } else {
            "no legal move".into()
        })
    }

    /// The move to answer: the search's if it is legal, else the first
    /// legal move (a search bug must not lose the game by a foul).
    fn checked_move(&self, b: &mut Board, best: Pos) -> Option<Pos> {
        if self.is_legal(b, best) {
            return Some(best);
        }
        if !best.is_none() {
            log::error!("search answered illegal move {best:?}; playing a fallback");
        }
        self.legal_moves(b).first().copied()
    }

    fn request(&self, board: Board, time: TimeControl, multipv: usize) -> SearchRequest {
        let mut blocked = self.blocked.clone();
        blocked.extend_from_slice(&self.dead);
        SearchRequest {
            board,
            time,
            max_depth: self.opts.max_depth,
            max_nodes: self.opts.max_nodes,
            multipv,
            blocked,
            threads: self.opts.threads,
            realtime: self.opts.show_detail & 1 != 0,
            balance: None,
        }
    }

    /// Asks the searcher for a table of the size the options now give, if
    /// that changed. Called as soon as an `INFO` changes it, so that the
    /// searcher thread makes the table while the manager is still sending
    /// the position, not when the clock of the first move runs.
    fn sync_hash(&mut self) {
        let hash = self.opts.hash_bytes();
        if hash != self.hash_in_use {
            self.searcher.resize_hash(hash);
            self.hash_in_use = hash;
        }
    }

    fn launch(&mut self, mut req: SearchRequest, job: Job) {
        if self.eof || self.stop_asked {
            req.time = TimeControl {
                turn_ms: Some(0),
                ..TimeControl::infinite()
            };
        }
        self.sync_hash();
        let board = req.board.clone();
        if req.realtime {
            self.out.message("REALTIME REFRESH");
        }
        let (tx, rx) = unbounded();
        // A search started by a line counts from when the line was read;
        // one started by a finished search (pondering, the next swap2
        // step) from now.
        let clock_from = self.line_at.take().unwrap_or_else(Instant::now);
        self.searcher.start_at(req, tx, clock_from);
        self.thinking = Some(Thinking {
            reports: rx,
            job,
            board,
            last_best: Pos::NONE,
            pv_open: false,
        });
    }

    /// A copy of the position for `cmd` to move in, or `None` after
    /// answering the ERROR (no board yet, game over, no legal move).
    fn board_to_move(&mut self, cmd: &str) -> Option<Board> {
        let mut b = self.board_or_error(cmd)?.clone();
        if let Some(why) = self.cannot_move(&mut b) {
            self.out.error(&why);
            return None;
        }
        Some(b)
    }

    /// Starts a search for our move in the current position; after it,
    /// pondering (if on) when `ponder_after`.
    fn think(&mut self, cmd: &str, multipv: usize, ponder_after: bool) {
        let Some(b) = self.board_to_move(cmd) else {
            return;
        };
        let req = self.request(b, self.opts.time, multipv);
        self.launch(req, Job::Move { ponder_after });
    }

    /// Starts thinking on the opponent's time: the position after our
    /// move, without a time limit, printing nothing. Not in a finished game.
    fn ponder(&mut self) {
        let Some(mut b) = self.board.clone() else {
            return;
        };
        if self.cannot_move(&mut b).is_some() {
            return;
        }
        let mut req = self.request(b, TimeControl::infinite(), 1);
        req.realtime = false;
        // Our blocked moves are no constraint on the opponent.
        req.blocked = self.dead.clone();
        self.launch(req, Job::Ponder);
    }

    /// Stops pondering and waits for the search to end (within
    /// milliseconds); what it found stays in the hash table.
    fn stop_pondering(&mut self) {
        let Some(th) = self.thinking.take() else {
            return;
        };
        self.searcher.stop();
        loop {
            match th.reports.recv() {
                Ok(Report::Done(_)) | Err(_) => break,
                Ok(_) => {}
            }
        }
    }

    /// `MESSAGE REALTIME POS/DONE/LOSE x,y` for GUIs that asked for them.
    fn print_root_event(&mut self, ev: RootEvent) {
        if self.opts.show_detail & 1 == 0 || self.is_pondering() {
            return;
        }
        let text = match ev {
            RootEvent::Searching(p) => format!("REALTIME POS {p}"),
            RootEvent::Done(p) => format!("REALTIME DONE {p}"),
            RootEvent::Lost(p) => format!("REALTIME LOSE {p}"),
        };
        self.out.message(&text);
    }

    fn print_iteration(&mut self, it: &crate::search::Iteration) {
        if self.is_pondering() {
            return;
        }
        let Some(th) = self.thinking.as_mut() else {
            return;
        };
        let out = &mut self.out;
        let detail = self.opts.show_detail;
        if it.multipv == 0 {
            out.message(&output::info_line(it));
            if detail & 1 != 0 {
                if let Some(&best) = it.pv.first() {
                    if best != th.last_best {
                        th.last_best = best;
                        out.message(&format!("REALTIME BEST {best}"));
                    }
                }
            }
        }
        if detail & 2 != 0 {
            for l in output::detail_lines(it) {
                out.line(&l);
            }
            th.pv_open = it.multipv + 1 < it.lines;
            if !th.pv_open {
                out.line("INFO PV DONE");
            }
        }
    }

    /// A search has answered: do its job, then whatever was queued.
    fn finish(&mut self, res: SearchResult) -> Flow {
        let Some(mut th) = self.thinking.take() else {
            return Flow::Continue;
        };
        if th.pv_open {
            self.out.line("INFO PV DONE");
        }
        let mut ponder = false;
        match th.job {
            Job::Move { ponder_after } => {
                self.answer_move(&mut th.board, res.best);
                ponder = ponder_after;
            }
            Job::Swap2(step) => self.swap2_step(step, th.board, res),
            Job::Balance { two } => self.answer_balance(&mut th.board, &res, two),
            Job::Ponder => {}
        }
        if self.thinking.is_some() {
            return Flow::Continue;
        }
        self.stop_asked = false;
        if self.drain_queue() == Flow::Exit {
            return Flow::Exit;
        }
        // Ponder only when nothing else is to be done.
        if ponder && self.opts.pondering && !self.eof && self.thinking.is_none() {
            self.ponder();
        }
        Flow::Continue
    }

    /// Prints and plays the search's move in `searched`, or a legal one
    /// if the search's is not.
    fn answer_move(&mut self, searched: &mut Board, best: Pos) {
        match self.checked_move(searched, best) {
            Some(p) => {
                self.out.line(&p.to_xy());
                self.play_own(p);
            }
            None => self.out.error("no legal move"),
        }
    }

    /// Plays `p` for the side to move on the session's board.
    fn play_own(&mut self, p: Pos) {
        if let Some(b) = self.board.as_mut() {
            let c = b.side_to_move();
            b.place(p, c);
        }
    }

    // ----- swap2 ------------------------------------------------------------------

    /// Milliseconds one swap2 answer may take, from the time settings.
    fn swap2_budget_ms(&self, board: &Board) -> u64 {
        let l = time::limits(&self.opts.time, board.stone_count(), board.empty_count());
        if l.hard == Duration::MAX {
            SWAP2_UNLIMITED_MS
        } else {
            l.hard.as_millis() as u64
        }
    }

    fn swap2_search(&mut self, board: Board, ms: u64, step: Swap2) {
        let tc = TimeControl {
            turn_ms: Some(ms),
            match_ms: None,
            time_left_ms: None,
            increment_ms: 0,
            movetime_ms: None,
        };
        let req = self.request(board, tc, 1);
        self.launch(req, Job::Swap2(step));
    }

    fn swap2(&mut self, w: i32, h: i32, entries: &[Entry]) {
        let built = Board::new(w, h, self.opts.rule)
            .map_err(|e| e.to_string())
            .and_then(|mut b| {
                for e in entries {
                    let c = b.side_to_move();
                    b.try_place(e.x, e.y, c).map_err(|e| e.to_string())?;
                }
                Ok(b)
            });
        let b = match built {
            Ok(b) if matches!(b.stone_count(), 0 | 3 | 5) => b,
            Ok(b) => {
                let n = b.stone_count();
                self.out.error(&format!(
                    "SWAP2BOARD rejected: expected 0, 3 or 5 stones, got {n}"
                ));
                return;
            }
            Err(e) => {
                self.out
                    .error(&format!("SWAP2BOARD rejected, position unchanged: {e}"));
                return;
            }
        };
        self.board = Some(b.clone());
        self.dead.clear();
        let budget = self.swap2_budget_ms(&b);
        match b.stone_count() {
            0 => {
                let candidates = opening_candidates(&b);
                let Some(first) = candidates.first().cloned() else {
                    self.out.error("SWAP2BOARD: the board is too small");
                    return;
                };
                let share_ms = budget / candidates.len() as u64;
                let step = Swap2::Opening {
                    candidates,
                    next: 1,
                    best: None,
                    share_ms,
                };
                self.swap2_search(first, share_ms, step);
            }
            3 => {
                let share_ms = budget / 2;
                self.swap2_search(b, share_ms, Swap2::Three { share_ms });
            }
            _ => self.swap2_search(b, budget, Swap2::Five),
        }
    }

    /// The scores below are the side to move's: White's after 3 or 5
    /// stones. `SWAP` means we take Black and the opponent moves as White.
    fn swap2_step(&mut self, step: Swap2, mut searched: Board, res: SearchResult) {
        match step {
            Swap2::Opening {
                candidates,
                next,
                best,
                share_ms,
            } => {
                let idx = next - 1;
                let score = res.score.saturating_abs();
                let best = match best {
                    Some((s, _)) if s <= score => best,
                    _ => Some((score, idx)),
                };
                if let Some(cand) = candidates.get(next).cloned() {
                    let step = Swap2::Opening {
                        candidates,
                        next: next + 1,
                        best,
                        share_ms,
                    };
                    self.swap2_search(cand, share_ms, step);
                    return;
                }
                let chosen = best.map_or(0, |(_, i)| i);
                if let Some(b) = candidates.into_iter().nth(chosen) {
                    let moves: Vec<String> = b.history().map(|(p, _)| p.to_xy()).collect();
                    self.out.line(&moves.join(" "));
                    self.board = Some(b);
                }
            }
            Swap2::Three { share_ms } => {
                if res.score < -SWAP2_MARGIN {
                    self.out.line("SWAP");
                    return;
                }
                let Some(fourth) = self.checked_move(&mut searched, res.best) else {
                    self.out.error("no legal move");
                    return;
                };
                if res.score > SWAP2_MARGIN {
                    self.out.line(&fourth.to_xy());
                    self.play_own(fourth);
                } else {
                    // Balanced: add Black's best fifth and let the
                    // opponent choose a colour.
                    searched.place(fourth, Color::White);
                    self.swap2_search(searched, share_ms, Swap2::Fifth { fourth });
                }
            }
            Swap2::Fifth { fourth } => {
                let Some(fifth) = self.checked_move(&mut searched, res.best) else {
                    self.out.error("no legal move");
                    return;
                };
                self.out.line(&format!("{fourth} {fifth}"));
                self.play_own(fourth);
                self.play_own(fifth);
            }
            Swap2::Five => {
                if res.score < 0 {
                    self.out.line("SWAP");
                } else {
                    self.answer_move(&mut searched, res.best);
                }
            }
        }
    }

    // ----- YXBALANCEONE / YXBALANCETWO ------------------------------------

    /// Starts the balance search: the move (or our move and the opponent's
    /// reply) after which the searched score, from our side, is nearest
    /// `bias`. Nothing is played on the board.
    fn balance(&mut self, bias: i32, two: bool) {
        let cmd = if two { "YXBALANCETWO" } else { "YXBALANCEONE" };
        let Some(b) = self.board_to_move(cmd) else {
            return;
        };
        let mut req = self.request(b, self.opts.time, 1);
        req.balance = Some(Balance { bias, two });
        self.launch(req, Job::Balance { two });
    }

    /// Prints the balance search's move(s), each checked legal (a legal
    /// fallback otherwise).
    fn answer_balance(&mut self, searched: &mut Board, res: &SearchResult, two: bool) {
        let first = res.pv.first().copied().unwrap_or(Pos::NONE);
        let Some(p) = self.checked_move(searched, first) else {
            self.out.error("no legal move");
            return;
        };
        if !two {
            self.out.line(&p.to_xy());
            return;
        }
        let me = searched.side_to_move();
        searched.place(p, me);
        let second = res.pv.get(1).copied().unwrap_or(Pos::NONE);
        match self.checked_move(searched, second) {
            Some(q) => self.out.line(&format!("{p} {q}")),
            None => self
                .out
                .error(&format!("no legal move: no reply left after {p}")),
        }
    }
}

/// Swap2 openings to choose from: Black at the centre, White next to it,
/// Black a knight's move or two away: shapes that are neither lost nor won.
fn opening_candidates(empty: &Board) -> Vec<Board> {
    const SHAPES: [[(i32, i32); 3]; 4] = [
        [(0, 0), (1, 0), (0, 2)],
        [(0, 0), (1, 1), (-2, 1)],
        [(0, 0), (2, 0), (1, 2)],
        [(0, 0), (-1, 2), (2, 1)],
    ];
    let (cx, cy) = (empty.width() / 2, empty.height() / 2);
    SHAPES
        .iter()
        .filter_map(|shape| {
            let moves: Vec<(i32, i32)> = shape.iter().map(|&(dx, dy)| (cx + dx, cy + dy)).collect();
            Board::from_moves(empty.width(), empty.height(), empty.rule(), &moves).ok()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::output::SharedBuf;
    use crate::search::Iteration;

    fn session() -> (Session, SharedBuf) {
        let buf = SharedBuf::default();
        let s = Session::new(
            Output::new(Box::new(buf.clone())),
            Searcher::new(MIB as usize),
        );
        (s, buf)
    }

    fn iteration(multipv: usize, best: Pos) -> Iteration {
        Iteration {
            depth: 3,
            seldepth: 5,
            score: 20,
            nodes: 3000,
            elapsed: Duration::from_millis(10),
            pv: vec![best, Pos::new(1, 1)],
            multipv,
            lines: 2,
        }
    }

    fn done(best: Pos) -> SearchResult {
        SearchResult {
            best,
            score: 0,
            depth: 1,
            nodes: 1,
            elapsed: Duration::ZERO,
            pv: vec![best],
        }
    }

    #[test]
    fn iteration_output_follows_show_detail() {
        let (mut s, buf) = session();
        s.handle(Ok(Command::Start(15)));
        s.handle(Ok(Command::Info(Info::ShowDetail(3))));
        s.handle(Ok(Command::NBest(2)));
        assert!(s.is_thinking());
        s.print_iteration(&iteration(0, Pos::new(7, 7)));
        s.print_iteration(&iteration(1, Pos::new(6, 6)));
        s.print_iteration(&iteration(0, Pos::new(7, 7)));
        let lines = buf.take_lines();
        assert_eq!(lines[0], "OK");
        assert_eq!(lines[1], "MESSAGE REALTIME REFRESH");
        assert_eq!(
            lines[2],
            "MESSAGE depth 3-5 ev 20 n 3000 n/ms 300 tm 10 pv H8 B2"
        );
        assert_eq!(lines[3], "MESSAGE REALTIME BEST 7,7");
        assert_eq!(lines[4], "INFO PV 0");
        assert_eq!(lines[5], "INFO NUMPV 2");
        assert_eq!(lines[15], "INFO PV 1");
        assert_eq!(lines[25], "INFO BESTLINE 6,6 1,1");
        assert_eq!(lines[26], "INFO PV DONE");
        // Same best move: no new REALTIME BEST; the block stays open...
        assert_eq!(lines[27], lines[2]);
        assert_eq!(lines[28], "INFO PV 0");
        assert_eq!(lines.len(), 28 + 11);
        // ...and is closed before the move.
        s.finish(done(Pos::new(7, 7)));
        assert_eq!(buf.take_lines(), ["INFO PV DONE", "7,7"]);

        s.handle(Ok(Command::Info(Info::ShowDetail(0))));
        s.handle(Ok(Command::Turn(0, 0)));
        s.print_iteration(&iteration(0, Pos::new(5, 5)));
        s.finish(done(Pos::new(5, 5)));
        assert_eq!(
            buf.take_lines(),
            [
                "MESSAGE depth 3-5 ev 20 n 3000 n/ms 300 tm 10 pv F6 B2",
                "5,5"
            ]
        );
    }

    /// Runs the session's search to its end; the result and how long it
    /// took from the call.
    fn wait_done(s: &mut Session) -> (SearchResult, Duration) {
        let t = Instant::now();
        let th = s.thinking.as_ref().expect("a search is running");
        loop {
            match th.reports.recv() {
                Ok(Report::Done(r)) => return (r, t.elapsed()),
                Ok(_) => {}
                Err(e) => panic!("the searcher is gone: {e}"),
            }
        }
    }

    #[test]
    fn a_search_counts_its_time_from_when_its_line_was_read() {
        let (mut s, buf) = session();
        s.handle(Ok(Command::Start(15)));
        s.handle(Ok(Command::Info(Info::TimeoutTurn(3000))));
        // TURN was read 2.9 s ago (the session was busy since): little of
        // the turn is left, and the answer must come at once.
        let read_at = Instant::now()
            .checked_sub(Duration::from_millis(2900))
            .expect("a clock that has run for 3 s");
        s.handle_at(Ok(Command::Turn(7, 7)), read_at);
        let (res, waited) = wait_done(&mut s);
        assert!(waited < Duration::from_millis(1500), "{waited:?}");
        s.finish(res);
        let lines = buf.take_lines();
        assert_eq!(lines[0], "OK");
        assert_ne!(lines[1], "7,7");
        assert!(lines[1].contains(','), "{lines:?}");
        // A line handled without a read time starts the clock when the
        // search starts: the whole turn is there (the search thinks).
        s.handle(Ok(Command::Info(Info::TimeoutTurn(1000))));
        s.handle(Ok(Command::Turn(8, 8)));
        let (res, waited) = wait_done(&mut s);
        assert!(res.depth > 1, "{res:?}");
        assert!(waited >= Duration::from_millis(100), "{waited:?}");
    }

    #[test]
    fn realtime_root_lines() {
        let (mut s, buf) = session();
        s.handle(Ok(Command::Start(15)));
        s.handle(Ok(Command::Info(Info::ShowDetail(1))));
        s.handle(Ok(Command::Turn(7, 7)));
        s.print_root_event(RootEvent::Searching(Pos::new(6, 6)));
        s.print_root_event(RootEvent::Done(Pos::new(6, 6)));
        s.print_root_event(RootEvent::Lost(Pos::new(8, 8)));
        assert_eq!(
            buf.take_lines(),
            [
                "OK",
                "MESSAGE REALTIME REFRESH",
                "MESSAGE REALTIME POS 6,6",
                "MESSAGE REALTIME DONE 6,6",
                "MESSAGE REALTIME LOSE 8,8"
            ]
        );
        // Not asked for: nothing.
        s.handle(Ok(Command::Info(Info::ShowDetail(2))));
        s.print_root_event(RootEvent::Lost(Pos::new(8, 8)));
        assert!(buf.take_lines().is_empty());
    }

    #[test]
    fn queued_commands_follow_the_move_and_bad_answers_are_replaced() {
        let (mut s, buf) = session();
        s.handle(Ok(Command::Start(15)));
        s.handle(Ok(Command::Turn(7, 7)));
        assert!(s.is_thinking());
        s.handle(Ok(Command::About));
        s.handle(Err(ParseError::Unknown("x".into())));
        s.handle(Ok(Command::Info(Info::TimeoutTurn(1234))));
        s.handle(Ok(Command::Info(Info::Rule(4))));
        s.handle(Ok(Command::Takeback(7, 7)));
        // INFO applies at once, except the rule (it changes the position).
        assert_eq!(s.opts.time.turn_ms, Some(1234));
        assert_eq!(s.opts.rule, Rule::Freestyle);
        assert_eq!(buf.take_lines(), ["OK"]);
        // The search answers an occupied cell: a legal move goes out instead,
        // then the queued replies in order.
        s.finish(done(Pos::new(7, 7)));
        let lines = buf.take_lines();
        assert_ne!(lines[0], "7,7");
        assert!(lines[0].contains(','), "{lines:?}");
        assert!(lines[1].starts_with("name=\"Tengen\""));
        assert_eq!(lines[2], "UNKNOWN x");
        assert!(lines[3].starts_with("ERROR TAKEBACK 7,7: only the last move"));
        assert_eq!(lines.len(), 4);
        assert_eq!(s.opts.rule, Rule::Renju);
        assert!(!s.is_thinking());
    }

    #[test]
    fn end_while_thinking_exits_and_stop_does_not() {
        let (mut s, buf) = session();
        s.handle(Ok(Command::Start(15)));
        s.handle(Ok(Command::Begin));
        assert_eq!(s.handle(Ok(Command::Stop)), Flow::Continue);
        assert_eq!(s.handle(Ok(Command::End)), Flow::Exit);
        assert_eq!(buf.take_lines(), ["OK"]);
    }

    #[test]
    fn the_max_hash_size_is_a_power_of_two_exponent_in_kb() {
        // 8 GiB without a limit: 2^23 KB.
        assert_eq!(max_hash_exponent(0, 1), 23);
        let gomocup = 350 * MIB;
        let x = max_hash_exponent(gomocup, 1);
        assert!((1u64 << x) * 1024 <= hash_budget(gomocup, 1), "{x}");
        assert!((1u64 << (x + 1)) * 1024 > hash_budget(gomocup, 1), "{x}");
        // The 1 MiB minimum: 2^10 KB.
        assert_eq!(max_hash_exponent(1, 1), 10);
    }

    #[test]
    fn hash_budget_leaves_headroom() {
        assert_eq!(hash_budget(0, 1), MAX_HASH_BYTES);
        let gomocup = 350 * MIB;
        let b = hash_budget(gomocup, 1);
        assert!(
            b + 24 * MIB + PN_TABLE_BYTES + gomocup / 10 <= gomocup,
            "{b}"
        );
        assert!(b > 200 * MIB);
        assert_eq!(hash_budget(10 * MIB, 1), 0);
        // Every helper thread is paid for out of the table.
        assert_eq!(hash_budget(gomocup, 4), b - 3 * HELPER_THREAD_BYTES);
        let mut o = Options {
            max_memory: 10 * MIB,
            ..Options::default()
        };
        assert_eq!(o.hash_bytes() as u64, MIN_HASH_BYTES);
        o.max_memory = 0;
        assert_eq!(o.hash_bytes(), DEFAULT_HASH_BYTES);
        o.hash_kb = Some(1024);
        assert_eq!(o.hash_bytes() as u64, MIB);
        o.max_memory = 100 * MIB;
        o.hash_kb = Some(1 << 30);
        assert_eq!(o.hash_bytes() as u64, hash_budget(100 * MIB, 1));
    }

    #[test]
    fn openings_fit_small_boards() {
        for n in [5, 15, 20] {
            let b = Board::new(n, n, Rule::ExactFive).unwrap();
            assert_eq!(opening_candidates(&b).len(), 4, "size {n}");
        }
    }
}
