//! The `solve` subcommand: a suite of won positions, each searched as a
//! game move under a turn limit, counting how many the engine wins.
//!
//! A suite file holds one position a line, `RULE SIZE MOVES [BEST [MATE]]`:
//! RULE as `Rule::from_name` reads it (`freestyle`, `exactfive`, `renju`,
//! `caro`, `caro5`), SIZE the board's side, MOVES the stones from the empty
//! board in "pos" notation (letter = x from `a`, number = y + 1, Black
//! first), BEST a winning move that a strong engine proved (same notation)
//! and MATE the length of its proof in plies. Blank lines and lines starting
//! with `#` are skipped. The side to move is the one whose turn it is after
//! MOVES, and every position is won for it.
//!
//! A position counts as found when the search proves the win or answers
//! BEST. The engine may find another winning move that it does not prove;
//! only a stronger engine can tell, so such answers are listed as
//! unproven, not as misses. `data/wins/` holds the suites measured in
//! docs/tuning.md.

use crate::bench::parse_pos_line;
use crate::board::Board;
use crate::search::{SearchRequest, Searcher, TimeControl, DEFAULT_HASH_BYTES};
use crate::types::{Pos, Rule, WIN_MIN};
use std::collections::BTreeMap;
use std::fmt;
use std::time::Instant;

/// One position of a suite.
#[derive(Clone, Debug)]
pub struct SuitePosition {
    /// Line number in the file (from 1).
    pub line: usize,
    /// The position, with its rule and size.
    pub board: Board,
    /// The winning move the suite names, if any.
    pub best: Option<Pos>,
    /// The proof's length in plies, if given.
    pub mate: Option<i32>,
}

/// Why a suite line was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteError {
    pub line: usize,
    pub reason: String,
}

impl fmt::Display for SuiteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for SuiteError {}

/// Parses a suite; the first bad line is an error (a suite with a broken
/// position would measure something else).
pub fn parse_suite(text: &str) -> Result<Vec<SuitePosition>, SuiteError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let s = raw.trim();
        if s.is_empty() || s.starts_with('#') {
            continue;
        }
        out.push(parse_line(line, s).map_err(|reason| SuiteError { line, reason })?);
    }
    Ok(out)
}

fn parse_line(line: usize, s: &str) -> Result<SuitePosition, String> {
    let f: Vec<&str> = s.split_whitespace().collect();
    if !(3..=5).contains(&f.len()) {
        return Err(format!(
            "expected RULE SIZE MOVES [BEST [MATE]], got {} fields",
            f.len()
        ));
    }
    let rule = Rule::from_name(f[0]).ok_or_else(|| format!("unknown rule {:?}", f[0]))?;
    let size: i32 = f[1]
        .parse()
        .map_err(|_| format!("bad board size {:?}", f[1]))?;
    let moves = parse_pos_line(f[2]).ok_or_else(|| format!("bad moves {:?}", f[2]))?;
    let mut board = Board::from_moves(size, size, rule, &moves)
        .map_err(|e| format!("moves do not replay: {e:?}"))?;
    let best = match f.get(3) {
        None => None,
        Some(m) => {
            let cells = parse_pos_line(m).filter(|c| c.len() == 1);
            let Some(&[(x, y)]) = cells.as_deref() else {
                return Err(format!("bad best move {m:?}"));
            };
            let p = board
                .pos(x, y)
                .ok_or_else(|| format!("best move {m:?} is off the board"))?;
            let me = board.side_to_move();
            if !board.is_legal_for(p, me) {
                return Err(format!("best move {m:?} is not a legal move"));
            }
            Some(p)
        }
    };
    let mate = match f.get(4) {
        None => None,
        Some(k) => Some(
            k.parse::<i32>()
                .ok()
                .filter(|&k| k > 0)
                .ok_or_else(|| format!("bad mate length {k:?}"))?,
        ),
    };
    Ok(SuitePosition {
        line,
        board,
        best,
        mate,
    })
}

/// What the engine did with one position.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub mv: Pos,
    pub score: i32,
    pub depth: i32,
    pub nodes: u64,
    pub ms: u128,
    /// The search proved a win.
    pub proven: bool,
    /// The answer is the suite's move.
    pub matches: bool,
}

impl Outcome {
    pub fn found(&self) -> bool {
        self.proven || self.matches
    }
}

/// What each position of a suite is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A turn of this many milliseconds (a manager's `timeout_turn`, with
    /// the engine's own time management).
    TurnMs(u64),
    /// About this many nodes and no clock (`max_node`): the same answers
    /// on every run and every machine, for comparing two builds.
    Nodes(u64),
}

/// Searches `pos` as a game move within `budget`, on a fresh searcher
/// with the engine's default table.
pub fn solve(pos: &SuitePosition, budget: Budget) -> Outcome {
    let searcher = Searcher::new(DEFAULT_HASH_BYTES);
    let req = match budget {
        Budget::TurnMs(ms) => SearchRequest::new(
            pos.board.clone(),
            TimeControl {
                turn_ms: Some(ms),
                ..TimeControl::infinite()
            },
        ),
        Budget::Nodes(n) => SearchRequest {
            max_nodes: Some(n),
            ..SearchRequest::new(pos.board.clone(), TimeControl::infinite())
        },
    };
    let t = Instant::now();
    let r = searcher.search_blocking(req);
    Outcome {
        mv: r.best,
        score: r.score,
        depth: r.depth,
        nodes: r.nodes,
        ms: t.elapsed().as_millis(),
        proven: r.score >= WIN_MIN,
        matches: pos.best == Some(r.best),
    }
}

#[derive(Default)]
struct Tally {
    n: u32,
    proven: u32,
    matches: u32,
    found: u32,
}

impl Tally {
    fn add(&mut self, o: &Outcome) {
        self.n += 1;
        self.proven += u32::from(o.proven);
        self.matches += u32::from(o.matches);
        self.found += u32::from(o.found());
    }
}

/// Runs a suite, one line per position and a summary per rule and board
/// size; returns (found, positions).
pub fn run(
    suite: &[SuitePosition],
    budget: Budget,
    mut out: impl std::io::Write,
) -> std::io::Result<(u32, u32)> {
    // No table warm-up is needed: every position's board was built, and its
    // rule tables with it, before the first clock starts.
    let mut tallies: BTreeMap<(&'static str, i32), Tally> = BTreeMap::new();
    let mut all = Tally::default();
    for p in suite {
        let o = solve(p, budget);
        let verdict = if o.proven {
            "proven"
        } else if o.matches {
            "best"
        } else {
            "unproven"
        };
        let best = p
            .best
            .map_or_else(|| "-".to_string(), |b| b.to_letter_number());
        let mate = p.mate.map_or_else(|| "-".to_string(), |k| k.to_string());
        writeln!(
            out,
            "line {:4} {:>9} {}x{} mate {:>3} move {:>3} best {:>3} {:8} score {:6} depth {:2} nodes {:9} time {:5} ms",
            p.line,
            p.board.rule().name(),
            p.board.width(),
            p.board.height(),
            mate,
            o.mv.to_letter_number(),
            best,
            verdict,
            o.score,
            o.depth,
            o.nodes,
            o.ms
        )?;
        tallies
            .entry((p.board.rule().name(), p.board.width()))
            .or_default()
            .add(&o);
        all.add(&o);
    }
    writeln!(out, "===========================")?;
    let line = |name: String, t: &Tally| {
        format!(
            "{name:15} positions {:4} proven {:4} best move {:4} found {:4}",
            t.n, t.proven, t.matches, t.found
        )
    };
    for ((rule, size), t) in &tallies {
        writeln!(out, "{}", line(format!("{rule} {size}x{size}"), t))?;
    }
    writeln!(out, "{}", line("all".to_string(), &all))?;
    Ok((all.found, all.n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_suite_line_gives_the_position_its_move_and_its_length() {
        let s = parse_suite("# comment\n\nfreestyle 15 h8h9i8i9j8j9 k8 3\n").unwrap();
        assert_eq!(s.len(), 1);
        let p = &s[0];
        assert_eq!(
            (p.line, p.board.rule(), p.mate),
            (3, Rule::Freestyle, Some(3))
        );
        assert_eq!(p.board.stone_count(), 6);
        assert_eq!(p.best, Some(Pos::new(10, 7)));
        // Moves alone are enough.
        let s = parse_suite("renju 15 h8").unwrap();
        assert_eq!((s[0].best, s[0].mate), (None, None));
    }

    #[test]
    fn a_bad_line_is_an_error_naming_it() {
        for (text, what) in [
            ("freestyle 15", "fields"),
            ("connect6 15 h8", "rule"),
            ("freestyle x h8", "size"),
            ("freestyle 15 h8h8", "replay"),
            ("freestyle 15 h8 h8", "not a legal move"),
            ("freestyle 15 h8 z9", "off the board"),
            ("freestyle 15 h8 i9 0", "mate"),
            ("freestyle 15 h8 i9 3 extra", "fields"),
        ] {
            let e = parse_suite(&format!("\n{text}\n")).expect_err(text);
            assert_eq!(e.line, 2, "{text}");
            assert!(e.reason.contains(what), "{text}: {}", e.reason);
        }
    }

    #[test]
    fn a_forbidden_best_move_for_renju_black_is_rejected() {
        // Black to move; i8 would make a double four (h8 j8 k8 on row 8
        // and i5 i6 i7 on column i), forbidden for renju Black.
        let moves = "h8a1j8a3k8a5i5a7i6a9i7a11";
        assert!(parse_suite(&format!("freestyle 15 {moves} i8")).is_ok());
        let e = parse_suite(&format!("renju 15 {moves} i8")).unwrap_err();
        assert!(e.reason.contains("not a legal move"), "{}", e.reason);
    }
}
