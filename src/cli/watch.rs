//! `pbrain-tengen watch`: a small tournament manager. Two engines, any
//! programs that speak the Gomocup protocol, play one or more games over
//! pipes, as a manager would run them: a fresh process per engine and game,
//! `START`, the `INFO` settings, then `BEGIN` or `BOARD` for each engine's
//! first move and `TURN` after that, and `END` at the end.
//!
//! The referee is [`Game`]: five (per rule) wins, a full board is a draw
//! (so is renju Black left only forbidden points).
//! A renju foul by Black, a move on an occupied point or off the board, an
//! unreadable reply, a reply later than the turn time plus one second, and
//! a crash (the engine's output closes) all lose. Replies are read by one
//! thread per engine and waited for with a deadline, so a hung engine
//! cannot hang the manager.

use super::draw::{color_name, line_phrase, render, sgr, Marks, Style};
use super::sgf::{self, Record};
use super::Args;
use crate::bench::parse_pos_line;
use crate::game::{Game, GameResult, MoveError};
use crate::types::{Color, Pos, Rule, MAX_SIZE, MIN_SIZE};
use crossbeam_channel::{unbounded, Receiver, RecvTimeoutError, Sender};
use std::fs::File;
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

pub const USAGE: &str = "usage: pbrain-tengen watch --engine CMD --engine CMD [OPTIONS]

Two Gomocup-protocol engines play each other over pipes; the board is drawn
after every move. CMD is a command line split on whitespace; `self` stands
for this program (Tengen). The first engine plays Black in odd-numbered
games, the second in even-numbered ones.
  --rule R          freestyle (default), exactfive, renju, caro or caro5
  --size N          board size N x N, 5..=22 (default 15)
  --time MS         time per move in ms (default 1000); a reply later than
                    MS + 1000 loses on time
  --games N         number of games (default 1)
  --openings FILE   openings in pos notation, one per line (h8i9h9: letter =
                    column, number = row, Black first); each is played twice,
                    colours swapped, in file order, then from the top again
  --quiet           draw only the final board of each game
  --sgf FILE        write the games to FILE as SGF (one game tree a line)
  --pos FILE        write each game's moves in pos notation, one line a game

A game is lost by five in a row for the opponent, a renju foul, a move on an
occupied point or off the board, an unreadable reply, a time-out or a crash;
a full board is a draw, and so is renju Black left only forbidden points.";

/// Time beyond the turn limit before a reply counts as late, as in the
/// Gomocup judge.
pub const TOLERANCE: Duration = Duration::from_millis(1000);

/// How long an engine may take to answer `START` (loading tables, ...).
const START_DEADLINE: Duration = Duration::from_secs(5);

/// How long an engine gets to exit after `END` before it is killed.
const END_GRACE: Duration = Duration::from_millis(1000);

/// The match as asked for on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WatchOptions {
    /// The two engines' command lines.
    pub engines: Vec<Vec<String>>,
    pub rule: Rule,
    pub size: i32,
    pub time_ms: u64,
    pub games: u32,
    pub openings: Option<PathBuf>,
    pub quiet: bool,
    pub sgf: Option<PathBuf>,
    pub pos: Option<PathBuf>,
}

impl WatchOptions {
    pub fn parse(args: &[String]) -> Result<WatchOptions, String> {
        let mut o = WatchOptions {
            engines: Vec::new(),
            rule: Rule::Freestyle,
            size: 15,
            time_ms: 1000,
            games: 1,
            openings: None,
            quiet: false,
            sgf: None,
            pos: None,
        };
        let mut a = Args::new(args);
        while let Some(opt) = a.next_option() {
            let opt = opt?;
            match opt.as_str() {
                "--engine" => {
                    let cmd: Vec<String> = a
                        .value(&opt)?
                        .split_whitespace()
                        .map(String::from)
                        .collect();
                    if cmd.is_empty() {
                        return Err("--engine needs a command".into());
                    }
                    o.engines.push(cmd);
                }
                "--rule" => o.rule = a.rule(&opt)?,
                "--size" => o.size = a.number(&opt, MIN_SIZE..=MAX_SIZE)?,
                "--time" => o.time_ms = a.number(&opt, 0..=3_600_000)?,
                "--games" => o.games = a.number(&opt, 1..=1_000_000)?,
                "--openings" => o.openings = Some(a.value(&opt)?.into()),
                "--quiet" => o.quiet = true,
                "--sgf" => o.sgf = Some(a.value(&opt)?.into()),
                "--pos" => o.pos = Some(a.value(&opt)?.into()),
                "--help" | "-h" => return Err(String::new()),
                _ => return Err(format!("unknown option {opt}")),
            }
        }
        if o.engines.len() != 2 {
            return Err(format!(
                "give exactly two --engine options (got {})",
                o.engines.len()
            ));
        }
        Ok(o)
    }

    /// The longest a move may take before it loses on time.
    pub fn move_deadline(&self) -> Duration {
        Duration::from_millis(self.time_ms) + TOLERANCE
    }
}

/// Reads an openings file: one opening a line in pos notation; empty lines
/// and lines starting with `#` are skipped. Every opening must fit the board
/// and be legal and undecided under the rule.
pub fn parse_openings(text: &str, size: i32, rule: Rule) -> Result<Vec<Vec<(i32, i32)>>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let bad = |why: String| format!("line {}: {t:?}: {why}", i + 1);
        let moves = parse_pos_line(t).ok_or_else(|| bad("not pos notation".into()))?;
        let mut game = Game::new(size, size, rule).map_err(|e| bad(e.to_string()))?;
        for &(x, y) in &moves {
            if game.play(x, y).map_err(|e| bad(e.to_string()))?.is_some() {
                return Err(bad("the game is decided by the opening".into()));
            }
        }
        out.push(moves);
    }
    Ok(out)
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The winner made five: the line.
    Five(Vec<Pos>),
    /// The board is full, or renju Black has only forbidden points left:
    /// a draw.
    NoMoveLeft,
    /// Black played a renju forbidden point.
    Foul(i32, i32),
    Occupied(i32, i32),
    OffBoard(i32, i32),
    /// The reply is not `x,y`.
    Unparsable(String),
    /// No reply within the deadline (the time waited).
    Timeout(Duration),
    /// The engine's output closed: how it ended, if known.
    Crash(String),
    /// `START` was not answered `OK`.
    StartFailed(String),
}

impl Ending {
    /// The short name of a loss in the summary.
    fn label(&self) -> &'static str {
        match self {
            Ending::Five(_) => "five",
            Ending::NoMoveLeft => "no move left",
            Ending::Foul(..) => "foul",
            Ending::Occupied(..) | Ending::OffBoard(..) | Ending::Unparsable(_) => "illegal move",
            Ending::Timeout(_) => "time-out",
            Ending::Crash(_) => "crash",
            Ending::StartFailed(_) => "start failure",
        }
    }
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Color>,
    pub ending: Ending,
    /// Engine index (0 or 1) of each colour: `[black, white]`.
    pub players: [usize; 2],
    /// Every stone, opening included, in order.
    pub moves: Vec<(i32, i32)>,
    pub opening: usize,
}

impl Outcome {
    /// SGF `RE`: `B+` for five, `B+T` on time, `B+F` for a forfeit (foul,
    /// illegal move, crash), `Draw` when no move is left.
    pub fn sgf_result(&self) -> String {
        let Some(w) = self.winner else {
            return "Draw".into();
        };
        let c = if w == Color::Black { 'B' } else { 'W' };
        match self.ending {
            Ending::Five(_) => format!("{c}+"),
            Ending::Timeout(_) => format!("{c}+T"),
            _ => format!("{c}+F"),
        }
    }

    /// The result in words, naming colours and engines.
    pub fn describe(&self, names: &[String; 2]) -> String {
        let who = |c: Color| format!("{} {}", color_name(c), names[self.players[c.index()]]);
        let Some(w) = self.winner else {
            return "Draw: no move is left.".into();
        };
        let l = who(!w);
        let why = match &self.ending {
            Ending::Five(line) => line_phrase(line),
            Ending::NoMoveLeft => "no move is left".into(),
            Ending::Foul(x, y) => format!(
                "{l} played {} ({x},{y}), a forbidden point for Black (foul)",
                Pos::new(*x, *y).to_letter_number()
            ),
            Ending::Occupied(x, y) => format!(
                "{l} played {} ({x},{y}), an occupied point",
                Pos::new(*x, *y).to_letter_number()
            ),
            Ending::OffBoard(x, y) => format!("{l} played {x},{y}, off the board"),
            Ending::Unparsable(s) => format!("{l} answered {s:?}, which is not a move"),
            Ending::Timeout(d) => {
                format!("{l} did not answer within {} ms (time-out)", d.as_millis())
            }
            Ending::Crash(how) => format!("{l} crashed ({how})"),
            Ending::StartFailed(how) => format!("{l} failed to start ({how})"),
        };
        format!("{} wins: {why}.", who(w))
    }
}

/// What an engine said in answer to a request.
enum Reply {
    /// The answer line, the time it took, and the last `MESSAGE` before it.
    Line(String, Duration, Option<String>),
    Timeout(Duration),
    Closed,
}

/// One engine process for one game.
struct Player {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// The engine has been sent the position (BEGIN or BOARD) once; from
    /// then on it gets TURN.
    has_position: bool,
}

impl Player {
    fn spawn(cmd: &[String]) -> std::io::Result<Player> {
        let (program, args) = cmd
            .split_first()
            .ok_or_else(|| std::io::Error::other("empty engine command"))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let stdout = child.stdout.take();
        let stdin = child.stdin.take();
        let (tx, rx) = unbounded();
        if let Some(out) = stdout {
            // Detached: it ends when the engine's output closes.
            std::thread::Builder::new()
                .name("engine-reader".into())
                .spawn(move || read_lines(out, &tx))?;
        }
        Ok(Player {
            child,
            stdin,
            lines: rx,
            has_position: false,
        })
    }

    /// Sends lines, each ended by CR LF as the Gomocup managers do. False
    /// if the engine no longer reads.
    fn send(&mut self, lines: &[String]) -> bool {
        let mut text = String::new();
        for l in lines {
            text.push_str(l);
            text.push_str("\r\n");
        }
        match &mut self.stdin {
            Some(w) => w
                .write_all(text.as_bytes())
                .and_then(|()| w.flush())
                .is_ok(),
            None => false,
        }
    }

    /// Drops lines that came outside any request.
    fn drain(&mut self) {
        while let Ok(l) = self.lines.try_recv() {
            log::debug!("unsolicited engine output ignored: {l:?}");
        }
    }

    /// The next line that is not `MESSAGE` or `DEBUG`, within `deadline`
    /// of now.
    fn reply(&mut self, deadline: Duration) -> Reply {
        let start = Instant::now();
        let mut message = None;
        loop {
            let left = deadline.saturating_sub(start.elapsed());
            match self.lines.recv_timeout(left) {
                Ok(l) => {
                    let word = l.split_whitespace().next().unwrap_or("");
                    if word.eq_ignore_ascii_case("MESSAGE") {
                        message = Some(l["MESSAGE".len()..].trim().to_string());
                    } else if !word.eq_ignore_ascii_case("DEBUG") {
                        return Reply::Line(l, start.elapsed(), message);
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Reply::Timeout(start.elapsed()),
                Err(RecvTimeoutError::Disconnected) => return Reply::Closed,
            }
        }
    }

    /// How the process ended, if it has within a moment.
    fn exit_status(&mut self) -> String {
        let until = Instant::now() + Duration::from_millis(300);
        loop {
            match self.child.try_wait() {
                Ok(Some(st)) => return format!("exited, {st}"),
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(10)),
                _ => return "closed its output".into(),
            }
        }
    }
}

impl Drop for Player {
    fn drop(&mut self) {
        // Only the child this manager started, by its own handle.
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// Splits the engine's output into lines at CR, LF or CR LF; empty lines
/// are dropped (managers ignore them).
fn read_lines(mut out: impl Read, tx: &Sender<String>) {
    let mut buf = [0u8; 4096];
    let mut line = Vec::new();
    loop {
        let n = match out.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        for &b in &buf[..n] {
            if b == b'\n' || b == b'\r' {
                let s = String::from_utf8_lossy(&line).trim().to_string();
                line.clear();
                if !s.is_empty() && tx.send(s).is_err() {
                    return;
                }
            } else if line.len() < 65_536 {
                line.push(b);
            }
        }
    }
    let s = String::from_utf8_lossy(&line).trim().to_string();
    if !s.is_empty() {
        let _ = tx.send(s);
    }
}

/// Parses a move reply `x,y` (spaces allowed around the numbers).
pub fn parse_reply(s: &str) -> Option<(i32, i32)> {
    let (x, y) = s.trim().split_once(',')?;
    Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
}

/// Programs that run the engine named by their first argument.
const LAUNCHERS: &[&str] = &[
    "sh", "bash", "dash", "env", "python", "python3", "node", "perl", "ruby", "wine", "java",
];

/// An engine's display name: its program's file name, or for a launcher
/// (`sh engine.sh`, `python3 bot.py`) the file name of the first argument
/// that is not an option.
fn engine_name(cmd: &[String]) -> Option<String> {
    let file_name = |p: &String| {
        std::path::Path::new(p)
            .file_name()
            .map_or_else(|| p.clone(), |f| f.to_string_lossy().into_owned())
    };
    let first = file_name(cmd.first()?);
    if LAUNCHERS.contains(&first.as_str()) {
        if let Some(arg) = cmd[1..].iter().find(|a| !a.starts_with('-')) {
            return Some(file_name(arg));
        }
    }
    Some(first)
}

/// Display names of the two engines, numbered when they are alike.
pub fn engine_names(engines: &[Vec<String>]) -> [String; 2] {
    let name = |i: usize| {
        engines
            .get(i)
            .and_then(|c| engine_name(c))
            .unwrap_or_else(|| format!("engine {}", i + 1))
    };
    let (a, b) = (name(0), name(1));
    if a == b {
        [format!("{a} #1"), format!("{b} #2")]
    } else {
        [a, b]
    }
}

/// Runs a match and prints as it goes.
pub struct Match<W: Write> {
    opts: WatchOptions,
    names: [String; 2],
    openings: Vec<Vec<(i32, i32)>>,
    out: W,
    style: Style,
}

impl<W: Write> Match<W> {
    pub fn new(
        opts: WatchOptions,
        openings: Vec<Vec<(i32, i32)>>,
        out: W,
        style: Style,
    ) -> Match<W> {
        let names = engine_names(&opts.engines);
        Match {
            opts,
            names,
            openings,
            out,
            style,
        }
    }

    /// Plays every game, writes the records, prints the summary. Returns
    /// the outcomes. Errors are the manager's own (an engine that cannot be
    /// started, a record that cannot be written); engines' faults are
    /// results.
    pub fn run(&mut self) -> std::io::Result<Vec<Outcome>> {
        let create = |p: &PathBuf| {
            File::create(p)
                .map_err(|e| std::io::Error::other(format!("cannot write {}: {e}", p.display())))
        };
        let mut sgf_file = self.opts.sgf.as_ref().map(create).transpose()?;
        let mut pos_file = self.opts.pos.as_ref().map(create).transpose()?;
        let mut outcomes = Vec::new();
        for i in 0..self.opts.games as usize {
            let opening = if self.openings.is_empty() {
                Vec::new()
            } else {
                self.openings[(i / 2) % self.openings.len()].clone()
            };
            let black = i % 2;
            let o = self.play_game(i, [black, 1 - black], &opening)?;
            if let Some(f) = &mut sgf_file {
                writeln!(f, "{}", self.record(&o).to_sgf())?;
                f.flush()?;
            }
            if let Some(f) = &mut pos_file {
                writeln!(f, "{}", sgf::pos_notation(&o.moves))?;
                f.flush()?;
            }
            outcomes.push(o);
        }
        self.summary(&outcomes)?;
        Ok(outcomes)
    }

    fn record(&self, o: &Outcome) -> Record {
        Record {
            size: self.opts.size,
            rule: self.opts.rule,
            black: self.names[o.players[0]].clone(),
            white: self.names[o.players[1]].clone(),
            result: o.sgf_result(),
            comment: o.describe(&self.names),
            date: sgf::today(),
            moves: o.moves.clone(),
            opening: o.opening,
        }
    }

    fn board_text(&self, game: &mut Game) -> String {
        let last = game.board().last_move();
        let mut marks = Marks::default();
        match (game.result(), last) {
            (Some(GameResult::Win(_)), Some(p)) => {
                marks.framed = game.winning_line(p).unwrap_or_else(|| vec![p]);
                marks.winning = true;
            }
            _ => marks.framed = last.into_iter().collect(),
        }
        if !game.is_over() && game.rule().has_forbidden(game.side_to_move()) {
            marks.forbidden = game.forbidden_points();
        }
        render(game.board(), &marks, self.style)
    }

    /// One game; `players` = engine index of [Black, White].
    fn play_game(
        &mut self,
        index: usize,
        players: [usize; 2],
        opening: &[(i32, i32)],
    ) -> std::io::Result<Outcome> {
        let o = &self.opts;
        let mut game = Game::new(o.size, o.size, o.rule).map_err(std::io::Error::other)?;
        for &(x, y) in opening {
            // Checked when the openings were read.
            game.play(x, y).map_err(std::io::Error::other)?;
        }
        let name = |c: Color| self.names[players[c.index()]].clone();
        let mut header = format!(
            "Game {} of {}: Black {}, White {}; {} {}x{}, {} ms a move",
            index + 1,
            o.games,
            name(Color::Black),
            name(Color::White),
            o.rule.name(),
            o.size,
            o.size,
            o.time_ms
        );
        if !opening.is_empty() {
            header += &format!(
                "; opening {} ({} stones)",
                sgf::pos_notation(opening),
                opening.len()
            );
        }
        let header = self.style.paint(sgr::BOLD, &header);
        writeln!(self.out, "\n{header}")?;
        if !o.quiet && !opening.is_empty() {
            let b = self.board_text(&mut game);
            write!(self.out, "{b}")?;
        }
        self.out.flush()?;

        let mut engines = Vec::with_capacity(2);
        for &p in &players {
            let cmd = &self.opts.engines[p];
            let player = Player::spawn(cmd).map_err(|e| {
                std::io::Error::other(format!("cannot start engine {:?}: {e}", cmd.join(" ")))
            })?;
            engines.push(player);
        }
        let (winner, ending) = self.referee(&mut game, &mut engines, players);
        finish(engines);
        let moves: Vec<(i32, i32)> = game
            .board()
            .history()
            .map(|(p, _)| (p.x(), p.y()))
            .collect();
        let outcome = Outcome {
            winner,
            ending,
            players,
            moves,
            opening: opening.len(),
        };
        if self.opts.quiet {
            let b = self.board_text(&mut game);
            write!(self.out, "{b}")?;
        }
        let text = format!(
            "Game {}: {} ({} moves)",
            index + 1,
            outcome.describe(&self.names),
            outcome.moves.len()
        );
        let text = self.style.paint(sgr::BOLD, &text);
        writeln!(self.out, "{text}")?;
        self.out.flush()?;
        Ok(outcome)
    }

    /// Starts both engines and plays until the game ends; returns the
    /// winner (`None`: a draw) and how it ended.
    fn referee(
        &mut self,
        game: &mut Game,
        engines: &mut [Player],
        players: [usize; 2],
    ) -> (Option<Color>, Ending) {
        let o = self.opts.clone();
        let start_deadline = START_DEADLINE.max(o.move_deadline());
        for c in [Color::Black, Color::White] {
            let e = &mut engines[c.index()];
            let ok = e.send(&[format!("START {}", o.size)]);
            let failure = if !ok {
                Some("its input is closed".to_string())
            } else {
                match e.reply(start_deadline) {
                    Reply::Line(l, ..) if l.eq_ignore_ascii_case("OK") => None,
                    Reply::Line(l, ..) => Some(format!("answered {l:?} to START")),
                    Reply::Timeout(d) => {
                        Some(format!("no answer to START in {} ms", d.as_millis()))
                    }
                    Reply::Closed => Some(e.exit_status()),
                }
            };
            if let Some(why) = failure {
                return (Some(!c), Ending::StartFailed(why));
            }
            e.send(&[
                format!("INFO timeout_turn {}", o.time_ms),
                "INFO timeout_match 0".into(),
                "INFO game_type 1".into(),
                format!("INFO rule {}", o.rule.gomocup_code()),
            ]);
        }
        let deadline = o.move_deadline();
        loop {
            match game.result() {
                Some(GameResult::Draw) => return (None, Ending::NoMoveLeft),
                Some(GameResult::Win(c)) => {
                    let line = game
                        .board()
                        .last_move()
                        .and_then(|p| game.winning_line(p))
                        .unwrap_or_default();
                    return (Some(c), Ending::Five(line));
                }
                None => {}
            }
            let side = game.side_to_move();
            // Any fault from here on loses for the side to move.
            let lost = |e: Ending| (Some(!side), e);
            let e = &mut engines[side.index()];
            e.drain();
            let request = if !e.has_position {
                e.has_position = true;
                if game.board().stone_count() == 0 {
                    vec!["BEGIN".to_string()]
                } else {
                    let mut v = vec!["BOARD".to_string()];
                    for (p, c) in game.board().history() {
                        let f = if c == side { 1 } else { 2 };
                        v.push(format!("{},{},{f}", p.x(), p.y()));
                    }
                    v.push("DONE".into());
                    v
                }
            } else {
                let last = game.board().last_move().unwrap_or(Pos::NONE);
                vec![format!("TURN {},{}", last.x(), last.y())]
            };
            if !e.send(&request) {
                return lost(Ending::Crash(e.exit_status()));
            }
            let (line, took, message) = match e.reply(deadline) {
                Reply::Line(l, d, m) => (l, d, m),
                Reply::Timeout(d) => return lost(Ending::Timeout(d)),
                Reply::Closed => return lost(Ending::Crash(e.exit_status())),
            };
            if took > deadline {
                return lost(Ending::Timeout(took));
            }
            let Some((x, y)) = parse_reply(&line) else {
                return lost(Ending::Unparsable(line));
            };
            match game.play(x, y) {
                Ok(_) => {}
                Err(MoveError::Forbidden(..)) => return lost(Ending::Foul(x, y)),
                Err(MoveError::Board(crate::board::BoardError::Occupied(..))) => {
                    return lost(Ending::Occupied(x, y))
                }
                Err(_) => return lost(Ending::OffBoard(x, y)),
            }
            if !o.quiet {
                let _ = self.show_move(game, side, players, took, message);
            }
        }
    }

    fn show_move(
        &mut self,
        game: &mut Game,
        side: Color,
        players: [usize; 2],
        took: Duration,
        message: Option<String>,
    ) -> std::io::Result<()> {
        let b = self.board_text(game);
        let p = game.board().last_move().unwrap_or(Pos::NONE);
        let n = game.board().stone_count();
        let mut line = format!(
            "{n}. {} {}: {} ({},{}) in {:.2} s",
            color_name(side),
            self.names[players[side.index()]],
            p.to_letter_number(),
            p.x(),
            p.y(),
            took.as_secs_f64()
        );
        if let Some(m) = message {
            let m: String = m.chars().take(100).collect();
            line += &format!("  | {m}");
        }
        write!(self.out, "\n{b}{line}\n")?;
        self.out.flush()
    }

    fn summary(&mut self, outcomes: &[Outcome]) -> std::io::Result<()> {
        let o = &self.opts;
        writeln!(
            self.out,
            "\nSummary: {} game{} of {} {}x{}, {} ms a move",
            outcomes.len(),
            if outcomes.len() == 1 { "" } else { "s" },
            o.rule.name(),
            o.size,
            o.size,
            o.time_ms
        )?;
        for e in 0..2 {
            let (mut w, mut l, mut d) = (0, 0, 0);
            let mut reasons: Vec<(&str, usize)> = Vec::new();
            for oc in outcomes {
                match oc.winner {
                    None => d += 1,
                    Some(c) if oc.players[c.index()] == e => w += 1,
                    Some(_) => {
                        l += 1;
                        let label = oc.ending.label();
                        if label != "five" {
                            match reasons.iter_mut().find(|(r, _)| *r == label) {
                                Some((_, n)) => *n += 1,
                                None => reasons.push((label, 1)),
                            }
                        }
                    }
                }
            }
            let mut losses = format!("{l} loss{}", if l == 1 { "" } else { "es" });
            if !reasons.is_empty() {
                let r: Vec<String> = reasons.iter().map(|(r, n)| format!("{r}: {n}")).collect();
                losses += &format!(" ({})", r.join(", "));
            }
            writeln!(
                self.out,
                "  {}: {w} win{}, {losses}, {d} draw{}",
                self.names[e],
                if w == 1 { "" } else { "s" },
                if d == 1 { "" } else { "s" }
            )?;
        }
        self.out.flush()
    }
}

/// Sends `END` to every engine, gives them a moment to exit, then kills
/// whatever is left (by dropping the handles).
fn finish(mut engines: Vec<Player>) {
    for e in &mut engines {
        e.send(&["END".to_string()]);
        e.stdin = None;
    }
    let until = Instant::now() + END_GRACE;
    for e in &mut engines {
        while Instant::now() < until {
            match e.child.try_wait() {
                Ok(None) => std::thread::sleep(Duration::from_millis(10)),
                _ => break,
            }
        }
    }
}

/// The subcommand: parses the options, runs the match on stdout.
pub fn main(args: &[String]) -> ExitCode {
    let mut opts = match WatchOptions::parse(args) {
        Ok(o) => o,
        Err(msg) if msg.is_empty() => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(msg) => return super::usage_error("watch", &msg, USAGE),
    };
    for cmd in &mut opts.engines {
        if cmd.len() == 1 && cmd[0] == "self" {
            match std::env::current_exe() {
                Ok(p) => cmd[0] = p.to_string_lossy().into_owned(),
                Err(e) => {
                    eprintln!("pbrain-tengen watch: cannot find this program's path: {e}");
                    return ExitCode::FAILURE;
                }
            }
        }
    }
    let openings = match &opts.openings {
        None => Vec::new(),
        Some(path) => {
            let parsed = std::fs::read_to_string(path)
                .map_err(|e| e.to_string())
                .and_then(|t| parse_openings(&t, opts.size, opts.rule));
            match parsed {
                Ok(v) if !v.is_empty() => v,
                Ok(_) => {
                    let msg = format!("{}: no openings in the file", path.display());
                    return super::usage_error("watch", &msg, USAGE);
                }
                Err(e) => {
                    let msg = format!("{}: {e}", path.display());
                    return super::usage_error("watch", &msg, USAGE);
                }
            }
        }
    };
    let stdout = std::io::stdout();
    let mut m = Match::new(opts, openings, stdout.lock(), Style::for_stdout());
    match m.run() {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("pbrain-tengen watch: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn options_and_names() {
        let o = WatchOptions::parse(&strings(&[
            "--engine",
            "/a/b/pbrain-x --fast",
            "--engine=sh /tmp/fake.sh",
            "--rule",
            "caro",
            "--games",
            "3",
            "--quiet",
            "--time",
            "150",
        ]))
        .unwrap();
        assert_eq!(o.engines[0], strings(&["/a/b/pbrain-x", "--fast"]));
        assert_eq!(
            (o.rule, o.games, o.quiet, o.time_ms),
            (Rule::Caro, 3, true, 150)
        );
        assert_eq!(o.move_deadline(), Duration::from_millis(1150));
        assert_eq!(
            engine_names(&o.engines),
            ["pbrain-x".to_string(), "fake.sh".to_string()]
        );
        let same = [strings(&["x/e"]), strings(&["y/e"])];
        assert_eq!(
            engine_names(&same),
            ["e #1".to_string(), "e #2".to_string()]
        );
        assert!(WatchOptions::parse(&strings(&["--engine", "a"])).is_err());
        assert!(WatchOptions::parse(&strings(&["--engine", " ", "--engine", "b"])).is_err());
        assert!(WatchOptions::parse(&strings(&["--engine", "a", "--engine", "b", "--x"])).is_err());
    }

    #[test]
    fn replies_and_openings() {
        assert_eq!(parse_reply("7,8"), Some((7, 8)));
        assert_eq!(parse_reply(" 7 , 8 "), Some((7, 8)));
        assert_eq!(parse_reply("-1,3"), Some((-1, 3)));
        assert_eq!(parse_reply("7 8"), None);
        assert_eq!(parse_reply("OK"), None);
        let text = "# comment\nh8i9\n\n  a1b2c3 \n";
        let v = parse_openings(text, 15, Rule::Freestyle).unwrap();
        assert_eq!(v, vec![vec![(7, 7), (8, 8)], vec![(0, 0), (1, 1), (2, 2)]]);
        assert!(parse_openings("h8h8", 15, Rule::Freestyle)
            .unwrap_err()
            .contains("line 1"));
        assert!(parse_openings("p1", 15, Rule::Freestyle).is_err());
        assert!(parse_openings("a1a2b1b2c1c2d1d2e1", 15, Rule::Freestyle).is_err());
        // h8 is a double three for Black here: a renju opening may not hold it.
        assert!(parse_openings("f8a1g8o1h6a15h7o15h8", 15, Rule::Renju).is_err());
        assert!(parse_openings("x", 15, Rule::Freestyle).is_err());
    }

    #[test]
    fn results_in_words_and_sgf() {
        let names = ["one".to_string(), "two".to_string()];
        let mut o = Outcome {
            winner: Some(Color::White),
            ending: Ending::Timeout(Duration::from_millis(1100)),
            players: [1, 0],
            moves: vec![(7, 7)],
            opening: 0,
        };
        assert_eq!(o.sgf_result(), "W+T");
        assert_eq!(
            o.describe(&names),
            "White (O) one wins: Black (X) two did not answer within 1100 ms (time-out)."
        );
        o.ending = Ending::Foul(7, 7);
        assert_eq!(o.sgf_result(), "W+F");
        assert!(o
            .describe(&names)
            .contains("played H8 (7,7), a forbidden point"));
        o.winner = None;
        o.ending = Ending::NoMoveLeft;
        assert_eq!(o.sgf_result(), "Draw");
        o.winner = Some(Color::Black);
        o.ending = Ending::Five((0..5).map(|x| Pos::new(x, 0)).collect());
        assert_eq!(o.sgf_result(), "B+");
        assert!(o
            .describe(&names)
            .ends_with("five in a row at A1 B1 C1 D1 E1."));
    }
}
