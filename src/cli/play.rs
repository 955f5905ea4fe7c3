//! `pbrain-tengen play`: a game against Tengen in the terminal.
//!
//! Input is read line by line, so a pipe can drive it (the tests do); each
//! line read from a pipe is echoed after the prompt so that a transcript
//! reads like a terminal session. The end of input ends the program
//! cleanly. Bad input never ends it: it gets a message and the prompt again.

use super::draw::{self, color_name, letter_numbers, render, sgr, Marks, Style};
use super::Args;
use crate::bench::parse_pos_line;
use crate::game::{Game, GameResult, MoveError};
use crate::protocol::output::format_score;
use crate::search::{Report, SearchRequest, Searcher, TimeControl};
use crate::types::{Color, Pos, Rule, Score, MAX_SIZE, MIN_SIZE};
use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

pub const USAGE: &str = "usage: pbrain-tengen play [OPTIONS]

Play a game against Tengen in the terminal.
  --rule R          freestyle (default), exactfive, renju, caro or caro5
  --size N          board size N x N, 5..=22 (default 15)
  --first WHO       human (default) or engine: who plays Black
  --color C         black or white: the colour you play (same as --first)
  --time MS         Tengen's thinking time per move in ms (default 1000;
                    0 answers at once, a weak but instant opponent)
  --opening POS     start from these stones, in the openings' pos notation
                    (e.g. h8i9h9: letter = column, number = row, Black first)

Moves: H8 (column letter, row number) or the protocol's x,y from 0 (7,7).
Commands: undo, new, help, quit. Colour only on a terminal without NO_COLOR.";

/// Hash table for the terminal game: plenty for a second or so a move.
const PLAY_HASH_BYTES: usize = 32 << 20;

/// How the game is set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayOptions {
    pub rule: Rule,
    pub size: i32,
    /// The colour the human plays.
    pub human: Color,
    pub time_ms: u64,
    /// Stones placed before the game starts, Black first.
    pub opening: Vec<(i32, i32)>,
}

impl Default for PlayOptions {
    fn default() -> Self {
        PlayOptions {
            rule: Rule::Freestyle,
            size: 15,
            human: Color::Black,
            time_ms: 1000,
            opening: Vec::new(),
        }
    }
}

impl PlayOptions {
    /// Parses the subcommand's arguments.
    pub fn parse(args: &[String]) -> Result<PlayOptions, String> {
        let mut o = PlayOptions::default();
        let mut opening = None;
        let mut a = Args::new(args);
        while let Some(opt) = a.next_option() {
            let opt = opt?;
            match opt.as_str() {
                "--rule" => o.rule = a.rule(&opt)?,
                "--size" => o.size = a.number(&opt, MIN_SIZE..=MAX_SIZE)?,
                "--time" => o.time_ms = a.number(&opt, 0..=3_600_000)?,
                "--first" => {
                    o.human = match a.value(&opt)?.to_ascii_lowercase().as_str() {
                        "human" | "me" | "you" => Color::Black,
                        "engine" | "tengen" => Color::White,
                        v => return Err(format!("--first {v:?}: expected human or engine")),
                    }
                }
                "--color" | "--colour" => {
                    o.human = match a.value(&opt)?.to_ascii_lowercase().as_str() {
                        "black" | "b" | "x" => Color::Black,
                        "white" | "w" | "o" => Color::White,
                        v => return Err(format!("{opt} {v:?}: expected black or white")),
                    }
                }
                "--opening" => opening = Some(a.value(&opt)?),
                "--help" | "-h" => return Err(String::new()),
                _ => return Err(format!("unknown option {opt}")),
            }
        }
        if let Some(s) = opening {
            o.opening = parse_pos_line(&s)
                .filter(|m| !m.is_empty())
                .ok_or_else(|| format!("--opening {s:?}: expected pos notation such as h8i9h9"))?;
            opening_game(&o).map_err(|e| format!("--opening {s:?}: {e}"))?;
        }
        Ok(o)
    }
}

/// The game with the opening played, or why the opening does not fit.
fn opening_game(o: &PlayOptions) -> Result<Game, String> {
    let mut game = Game::new(o.size, o.size, o.rule).map_err(|e| e.to_string())?;
    for &(x, y) in &o.opening {
        if game.play(x, y).map_err(|e| e.to_string())?.is_some() {
            return Err("the game is already decided".into());
        }
    }
    Ok(game)
}

/// A human move in letter-number (`H8`, `h8`) or protocol (`7,7`) form,
/// checked to be on a `w` x `h` board.
pub fn parse_move(s: &str, w: i32, h: i32) -> Result<(i32, i32), String> {
    let t = s.trim();
    let last = draw::column_letter(w - 1);
    let (x, y) = if let Some((a, b)) = t.split_once(',') {
        match (a.trim().parse::<i32>(), b.trim().parse::<i32>()) {
            (Ok(x), Ok(y)) => (x, y),
            _ => {
                return Err(format!(
                    "{t:?} is not a move: x,y takes two numbers, e.g. 7,7"
                ))
            }
        }
    } else {
        let mut chars = t.chars();
        let letter = chars.next().filter(char::is_ascii_alphabetic);
        let number = chars.as_str().parse::<i32>().ok();
        match (letter, number) {
            (Some(l), Some(n)) => {
                let x = (l.to_ascii_uppercase() as u8 - b'A') as i32;
                (x, n - 1)
            }
            _ => {
                return Err(format!(
                    "{t:?} is not a move or a command: type a move as H8 or 7,7, or help"
                ))
            }
        }
    };
    if (0..w).contains(&x) && (0..h).contains(&y) {
        Ok((x, y))
    } else {
        Err(format!(
            "{t:?} is off the board: columns A-{last} and rows 1-{h}, or x,y from 0,0 to {},{}",
            w - 1,
            h - 1
        ))
    }
}

/// What the opponent decided, with the search line that led to it.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought {
    pub pos: Pos,
    pub depth: i32,
    pub seldepth: i32,
    /// From the opponent's point of view.
    pub score: Score,
    pub elapsed: Duration,
    pub pv: Vec<Pos>,
}

/// Whoever plays against the human. Tengen in the program; tests can put a
/// scripted player here.
pub trait Opponent {
    fn think(&mut self, game: &Game) -> Thought;
}

/// Tengen thinking a fixed time per move.
pub struct Tengen {
    searcher: Searcher,
    time_ms: u64,
}

impl Tengen {
    pub fn new(time_ms: u64) -> Tengen {
        Tengen {
            searcher: Searcher::new(PLAY_HASH_BYTES),
            time_ms,
        }
    }
}

impl Opponent for Tengen {
    fn think(&mut self, game: &Game) -> Thought {
        let tc = TimeControl {
            turn_ms: Some(self.time_ms),
            ..TimeControl::infinite()
        };
        let (tx, rx) = crossbeam_channel::unbounded();
        let started = Instant::now();
        self.searcher
            .start(SearchRequest::new(game.board().clone(), tc), tx);
        let mut seldepth = 0;
        loop {
            match rx.recv() {
                Ok(Report::Iteration(it)) => seldepth = it.seldepth,
                Ok(Report::Root(_)) => {}
                Ok(Report::Done(r)) => {
                    return Thought {
                        pos: r.best,
                        depth: r.depth,
                        seldepth: seldepth.max(r.depth),
                        score: r.score,
                        elapsed: r.elapsed,
                        pv: r.pv,
                    }
                }
                // The searcher is gone: the caller falls back to a legal move.
                Err(_) => {
                    return Thought {
                        pos: Pos::NONE,
                        depth: 0,
                        seldepth: 0,
                        score: 0,
                        elapsed: started.elapsed(),
                        pv: Vec::new(),
                    }
                }
            }
        }
    }
}

/// The terminal game: settings, the game, and where text goes.
pub struct Session<'a, W: Write> {
    opts: PlayOptions,
    game: Game,
    opponent: &'a mut dyn Opponent,
    out: W,
    style: Style,
    /// Echo each input line (input from a pipe is not shown by a terminal).
    echo: bool,
}

/// What one line of input asked for.
enum Input {
    Move(i32, i32),
    Undo,
    New,
    Help,
    Quit,
    Empty,
}

fn parse_input(line: &str, w: i32, h: i32) -> Result<Input, String> {
    let t = line.trim();
    Ok(match t.to_ascii_lowercase().as_str() {
        "" => Input::Empty,
        "undo" | "u" | "back" | "takeback" => Input::Undo,
        "new" | "n" | "restart" => Input::New,
        "help" | "h" | "?" => Input::Help,
        "quit" | "q" | "exit" | "bye" => Input::Quit,
        _ => {
            let (x, y) = parse_move(t, w, h)?;
            Input::Move(x, y)
        }
    })
}

impl<'a, W: Write> Session<'a, W> {
    pub fn new(
        opts: PlayOptions,
        opponent: &'a mut dyn Opponent,
        out: W,
        style: Style,
        echo: bool,
    ) -> Result<Session<'a, W>, String> {
        let game = opening_game(&opts)?;
        Ok(Session {
            opts,
            game,
            opponent,
            out,
            style,
            echo,
        })
    }

    /// The game as it stands.
    pub fn game(&self) -> &Game {
        &self.game
    }

    fn engine(&self) -> Color {
        self.opts.human.flip()
    }

    /// Plays until `quit` or the end of input.
    pub fn run(&mut self, input: impl BufRead) -> std::io::Result<()> {
        self.intro()?;
        let mut lines = input.lines();
        let mut show = true;
        loop {
            if !self.game.is_over() && self.game.side_to_move() == self.engine() {
                self.engine_move()?;
                show = false;
                continue;
            }
            if show {
                self.show_board()?;
                self.announce()?;
                show = false;
            }
            self.prompt()?;
            let line = match lines.next() {
                Some(Ok(l)) => l,
                Some(Err(e)) if e.kind() == std::io::ErrorKind::InvalidData => {
                    self.say("That line is not valid UTF-8; type a move such as H8.")?;
                    continue;
                }
                Some(Err(e)) => return Err(e),
                None => {
                    if !self.echo {
                        writeln!(self.out)?;
                    }
                    writeln!(self.out, "End of input: bye.")?;
                    return self.out.flush();
                }
            };
            if self.echo {
                writeln!(self.out, "{}", line.trim_end())?;
            }
            let (w, h) = (self.game.board().width(), self.game.board().height());
            match parse_input(&line, w, h) {
                Err(msg) => self.error(&msg)?,
                Ok(Input::Empty) => {}
                Ok(Input::Quit) => {
                    writeln!(self.out, "Bye.")?;
                    return self.out.flush();
                }
                Ok(Input::Help) => self.help()?,
                Ok(Input::New) => {
                    self.game = opening_game(&self.opts).map_err(std::io::Error::other)?;
                    self.say("New game.")?;
                    show = true;
                }
                Ok(Input::Undo) => show = self.undo()?,
                Ok(Input::Move(x, y)) => show = self.human_move(x, y)?,
            }
        }
    }

    fn intro(&mut self) -> std::io::Result<()> {
        let o = &self.opts;
        let to_move = self.game.side_to_move() == o.human;
        let who = match (o.opening.len(), to_move) {
            (0, true) => "you move first".to_string(),
            (0, false) => "Tengen moves first".to_string(),
            (n, _) => format!(
                "opening {} ({n} stones), {} to move",
                super::sgf::pos_notation(&o.opening),
                if to_move { "you" } else { "Tengen" }
            ),
        };
        let text = format!(
            "Tengen {}: {} on {}x{}. You play {}, Tengen plays {} ({} ms a move); {who}.\n\
             Type a move as letter-number (H8 = column H, row 8) or as the protocol's x,y \
             counted from 0 (7,7 is H8).\nCommands: undo, new, help, quit.",
            env!("CARGO_PKG_VERSION"),
            o.rule.name(),
            o.size,
            o.size,
            color_name(o.human),
            color_name(o.human.flip()),
            o.time_ms
        );
        writeln!(self.out, "{text}")
    }

    fn help(&mut self) -> std::io::Result<()> {
        let last = draw::column_letter(self.opts.size - 1);
        let n = self.opts.size;
        let text = format!(
            "Moves: a column letter and a row number, H8 or h8 (columns A-{last}, rows 1-{n}),\n\
             or the protocol form x,y counted from 0 (x = column, y = row): 7,7 is H8, 0,0 is A1.\n\
             The last move is framed [X]; in renju, Black's forbidden points show as {} when Black is to move.\n\
             Tengen's line after its move: depth reached, eval from Tengen's side \
             (+ is good for Tengen, +M5 = a win in 5 plies), time, and its best line.\n\
             Commands:\n  undo   take back your last move and Tengen's answer\n  \
             new    start again with the same settings\n  help   this text\n  \
             quit   leave (so does the end of input)",
            if self.style.unicode { "×" } else { "!" }
        );
        writeln!(self.out, "{text}")
    }

    fn say(&mut self, msg: &str) -> std::io::Result<()> {
        writeln!(self.out, "{msg}")
    }

    fn error(&mut self, msg: &str) -> std::io::Result<()> {
        let text = self.style.paint(sgr::ERROR, msg);
        writeln!(self.out, "{text}")
    }

    fn prompt(&mut self) -> std::io::Result<()> {
        let text = if self.game.is_over() {
            "Game over: new, undo or quit> ".to_string()
        } else {
            format!(
                "Your move as {} (e.g. H8 or 7,7; help)> ",
                color_name(self.opts.human)
            )
        };
        let text = self.style.paint(sgr::BOLD, &text);
        write!(self.out, "{text}")?;
        self.out.flush()
    }

    /// The winning line of a finished game, if it was won.
    fn winning_line(&self) -> Option<Vec<Pos>> {
        match (self.game.result(), self.game.board().last_move()) {
            (Some(GameResult::Win(_)), Some(p)) => self.game.winning_line(p),
            _ => None,
        }
    }

    /// The board with the last move (or the winning line) framed and, when
    /// Black is to move under renju, the forbidden points.
    fn show_board(&mut self) -> std::io::Result<()> {
        let mut marks = Marks::default();
        match self.winning_line() {
            Some(l) => {
                marks.framed = l;
                marks.winning = true;
            }
            None => marks.framed = self.game.board().last_move().into_iter().collect(),
        }
        if !self.game.is_over()
            && self.game.rule() == Rule::Renju
            && self.game.side_to_move() == Color::Black
        {
            marks.forbidden = self.game.forbidden_points();
        }
        let board = render(self.game.board(), &marks, self.style);
        write!(self.out, "\n{board}")
    }

    /// Says how the game ended, if it has.
    fn announce(&mut self) -> std::io::Result<()> {
        match self.game.result() {
            Some(GameResult::Win(c)) => {
                let who = if c == self.opts.human {
                    "You win"
                } else {
                    "Tengen wins"
                };
                let line = self.winning_line().unwrap_or_default();
                let text = format!("{who} as {}: {}.", color_name(c), draw::line_phrase(&line));
                let text = self.style.paint(sgr::BOLD, &text);
                writeln!(self.out, "{text}")
            }
            Some(GameResult::Draw) => writeln!(self.out, "Draw: no move is left."),
            None => Ok(()),
        }
    }

    /// Returns whether the board should be drawn again.
    fn human_move(&mut self, x: i32, y: i32) -> std::io::Result<bool> {
        if self.game.is_over() {
            self.error("The game is over: type new for another game, undo, or quit.")?;
            return Ok(false);
        }
        let name = Pos::new(x, y).to_letter_number();
        match self.game.play(x, y) {
            Ok(_) => {
                if !self.game.is_over() {
                    self.say(&format!("You play {name} ({x},{y}). Tengen is thinking..."))?;
                    self.out.flush()?;
                }
                // The engine's move draws the board; a finished game needs
                // it drawn here.
                Ok(self.game.is_over())
            }
            Err(e) => {
                let msg = match e {
                    MoveError::Forbidden(..) => format!(
                        "{name} ({x},{y}) is forbidden for Black under renju \
                         (double three, double four or overline); pick another point."
                    ),
                    MoveError::Board(crate::board::BoardError::Occupied(..)) => {
                        format!("{name} ({x},{y}) is already taken; pick an empty point.")
                    }
                    other => format!("{name} ({x},{y}) cannot be played: {other}."),
                };
                self.error(&msg)?;
                Ok(false)
            }
        }
    }

    /// Takes back the last full turn: everything from the human's last move
    /// on (so the engine's answer and that move), never the opening.
    fn undo(&mut self) -> std::io::Result<bool> {
        let opening = self.opts.opening.len();
        let history: Vec<(Pos, Color)> = self.game.board().history().collect();
        let human = self.opts.human;
        let last_human = history
            .iter()
            .enumerate()
            .skip(opening)
            .rev()
            .find(|(_, (_, c))| *c == human)
            .map(|(i, _)| i);
        let Some(k) = last_human else {
            self.error("Nothing to undo: you have not moved yet.")?;
            return Ok(false);
        };
        let mut taken = Vec::new();
        while self.game.board().stone_count() > k {
            match self.game.undo() {
                Some(p) => taken.push(p),
                None => break,
            }
        }
        taken.reverse();
        self.say(&format!("Took back {}.", letter_numbers(&taken)))?;
        Ok(true)
    }

    fn engine_move(&mut self) -> std::io::Result<()> {
        let t = self.opponent.think(&self.game);
        let mut pos = t.pos;
        let mut legal = false;
        if !pos.is_none() {
            legal = self.game.play(pos.x(), pos.y()).is_ok();
        }
        if !legal {
            // Never expected; a game must go on even so.
            log::warn!("engine move {pos:?} refused; playing the first legal move");
            let Some(&p) = self.game.legal_moves().first() else {
                return Err(std::io::Error::other("no legal move left"));
            };
            if self.game.play(p.x(), p.y()).is_err() {
                return Err(std::io::Error::other("no legal move left"));
            }
            pos = p;
        }
        self.show_board()?;
        let line = if t.pv.is_empty() {
            "-".to_string()
        } else {
            letter_numbers(&t.pv)
        };
        let head = format!(
            "Tengen plays {} ({},{})",
            pos.to_letter_number(),
            pos.x(),
            pos.y()
        );
        let head = self.style.paint(sgr::BOLD, &head);
        writeln!(
            self.out,
            "{head} in {:.2} s: depth {}-{}, eval {}, line {line}",
            t.elapsed.as_secs_f64(),
            t.depth,
            t.seldepth,
            format_score(t.score)
        )?;
        self.announce()?;
        self.out.flush()
    }
}

/// The subcommand: parses the options and plays on stdin/stdout.
pub fn main(args: &[String]) -> ExitCode {
    let opts = match PlayOptions::parse(args) {
        Ok(o) => o,
        Err(msg) if msg.is_empty() => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(msg) => return super::usage_error("play", &msg, USAGE),
    };
    let echo = !std::io::stdin().is_terminal();
    let mut tengen = Tengen::new(opts.time_ms);
    let stdout = std::io::stdout();
    let session = Session::new(opts, &mut tengen, stdout.lock(), Style::for_stdout(), echo);
    let result = match session {
        Ok(mut s) => s.run(std::io::stdin().lock()),
        Err(e) => Err(std::io::Error::other(e)),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // Nobody reads our output any more: nothing to say.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("pbrain-tengen play: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays the first empty cell of the bottom row, then of the row above,
    /// ...: never blocks anything.
    struct Bottom;

    impl Opponent for Bottom {
        fn think(&mut self, game: &Game) -> Thought {
            let b = game.board();
            let pos = (0..b.height())
                .rev()
                .flat_map(|y| (0..b.width()).map(move |x| Pos::new(x, y)))
                .find(|&p| b.is_empty(p))
                .unwrap_or(Pos::NONE);
            Thought {
                pos,
                depth: 1,
                seldepth: 2,
                score: -5,
                elapsed: Duration::from_millis(3),
                pv: vec![pos],
            }
        }
    }

    fn run(opts: PlayOptions, input: &str) -> String {
        let mut out = Vec::new();
        let mut bottom = Bottom;
        let mut s = Session::new(opts, &mut bottom, &mut out, Style::PLAIN, true).unwrap();
        s.run(input.as_bytes()).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn opts(size: i32) -> PlayOptions {
        PlayOptions {
            size,
            ..PlayOptions::default()
        }
    }

    #[test]
    fn parses_moves_in_both_forms() {
        assert_eq!(parse_move("H8", 15, 15), Ok((7, 7)));
        assert_eq!(parse_move(" h8 ", 15, 15), Ok((7, 7)));
        assert_eq!(parse_move("7,7", 15, 15), Ok((7, 7)));
        assert_eq!(parse_move("0, 14", 15, 15), Ok((0, 14)));
        assert_eq!(parse_move("A15", 15, 15), Ok((0, 14)));
        for bad in [
            "P1", "A16", "A0", "15,0", "-1,3", "7,", "x,y", "hh", "8", "H8x", "é3",
        ] {
            let e = parse_move(bad, 15, 15).unwrap_err();
            assert!(e.contains(bad.trim()), "{bad}: {e}");
        }
        assert!(parse_move("P1", 15, 15)
            .unwrap_err()
            .contains("off the board"));
    }

    #[test]
    fn human_wins_and_the_line_is_framed() {
        let out = run(opts(9), "e1\ne2\ne3\ne4\ne5\nh5\nquit\n");
        assert!(
            out.contains("You win as Black (X): five in a row at E1 E2 E3 E4 E5."),
            "{out}"
        );
        // The vertical winning line: each stone framed on its own row.
        assert!(out.contains(" 3  . . . .[X]. . . . 3"), "{out}");
        assert!(
            out.contains("Game over: new, undo or quit> h5\nThe game is over"),
            "{out}"
        );
        assert!(out.ends_with("Bye.\n"), "{out}");
        assert!(out.contains("Tengen plays A9 (0,8) in 0.00 s: depth 1-2, eval -5, line A9"));
    }

    #[test]
    fn undo_takes_back_a_full_turn() {
        let out = run(opts(9), "e5\nundo\nundo\n");
        assert!(out.contains("Took back E5 A9."), "{out}");
        assert!(
            out.contains("Nothing to undo: you have not moved yet."),
            "{out}"
        );
        assert!(out.ends_with("End of input: bye.\n"), "{out}");
        // After the undo the board is empty again.
        let after = out.split("Took back").nth(1).unwrap();
        let board = after.split("Your move").next().unwrap();
        assert!(!board.contains('X') && !board.contains('O'), "{out}");
    }

    #[test]
    fn engine_first_and_new_game() {
        let o = PlayOptions {
            human: Color::White,
            ..opts(7)
        };
        let out = run(o, "new\nquit\n");
        assert_eq!(out.matches("Tengen plays A7 (0,6)").count(), 2, "{out}");
        assert!(out.contains("New game."));
    }

    #[test]
    fn bad_input_gets_a_message_and_the_prompt() {
        let out = run(opts(9), "zz\n\nJ1\ne5\ne5\n99,99\n");
        assert!(out.contains("\"zz\" is not a move or a command"), "{out}");
        assert!(
            out.contains("\"J1\" is off the board: columns A-I and rows 1-9"),
            "{out}"
        );
        assert!(out.contains("E5 (4,4) is already taken"), "{out}");
        assert!(out.contains("\"99,99\" is off the board"), "{out}");
        assert_eq!(out.matches("Your move as Black (X)").count(), 7, "{out}");
    }

    #[test]
    fn renju_forbidden_points_are_marked_and_refused() {
        // Black f8 g8 h6 h7: h8 would be a double three.
        let o = PlayOptions {
            rule: Rule::Renju,
            opening: parse_pos_line("f8a1g8o1h6a15h7o15").unwrap(),
            ..PlayOptions::default()
        };
        let out = run(o, "h8\n");
        assert!(out.contains(" 8  . . . . . X X ! . . . . . . . 8"), "{out}");
        assert!(
            out.contains("H8 (7,7) is forbidden for Black under renju"),
            "{out}"
        );
    }

    #[test]
    fn options() {
        let a =
            |v: &[&str]| PlayOptions::parse(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        let o = a(&[
            "--rule", "renju", "--size=9", "--first", "engine", "--time", "0",
        ])
        .unwrap();
        assert_eq!(
            (o.rule, o.size, o.human, o.time_ms),
            (Rule::Renju, 9, Color::White, 0)
        );
        assert_eq!(a(&["--color", "white"]).unwrap().human, Color::White);
        assert!(a(&["--size", "4"]).is_err());
        assert!(a(&["--first", "nobody"]).is_err());
        assert!(a(&["--opening", "h8h8"]).unwrap_err().contains("occupied"));
        assert!(a(&["--opening", "z1"]).is_err());
        assert!(a(&["--bogus"]).unwrap_err().contains("unknown option"));
        assert_eq!(a(&["--help"]), Err(String::new()));
    }
}
