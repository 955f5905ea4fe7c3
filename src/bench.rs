//! The `bench` subcommand: fixed positions under freestyle, exactly-five and
//! renju on 15x15 and 20x20, each searched to a fixed depth on one thread
//! with a fresh table. The total node count is the engine's signature: it
//! changes exactly when the search's behaviour changes, and is identical
//! from run to run and machine to machine.
//!
//! With more threads (`bench --threads N`) the same positions measure Lazy
//! SMP: the time to reach the depth and the nodes per second over all
//! threads. Those runs are not deterministic and give no signature.

use crate::board::Board;
use crate::rules::threat::Threat;
use crate::search::{SearchRequest, Searcher, TimeControl};
use crate::types::Rule;
use std::time::Instant;

/// Default bench depth.
pub const DEFAULT_DEPTH: i32 = 9;

/// Bench positions: size, rule, opening in "pos" notation (letter = x from
/// `a`, number = y + 1, Black first), taken from the balanced openings.
pub const POSITIONS: &[(i32, Rule, &str)] = &[
    (15, Rule::Freestyle, "c5f5b7c7c4d6d7e3e6f3"),
    (15, Rule::Freestyle, "l2i4l3m6j4i2f1j5"),
    (15, Rule::Freestyle, "m12k10m13n13n9n10l12j11l10l9"),
    (15, Rule::ExactFive, "e11i10h10k11i12f10k14j9k8g10"),
    (15, Rule::ExactFive, "m5i2h7h4h2j4"),
    (15, Rule::Renju, "d7f8b8e10c7e4b6"),
    (15, Rule::Renju, "g7f7h6j6g10h8g6"),
    (15, Rule::Renju, "h8i9j8i7i8g8"),
    (20, Rule::Freestyle, "e5g5i1f3i5g6e6d6e1l4"),
    (20, Rule::Freestyle, "f8e4h8g9f1"),
];

/// Parses "pos" notation into (x, y) pairs.
pub fn parse_pos_line(s: &str) -> Option<Vec<(i32, i32)>> {
    let b = s.trim().as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i].to_ascii_lowercase();
        if !c.is_ascii_lowercase() {
            return None;
        }
        i += 1;
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        let n: i32 = std::str::from_utf8(&b[start..i]).ok()?.parse().ok()?;
        out.push(((c - b'a') as i32, n - 1));
    }
    Some(out)
}

/// A finished game as the tuning tools read it (`examples/`): a line
/// `RULE SIZE RESULT MOVES`, RULE `freestyle`, `exactfive` or `renju`,
/// RESULT `1` (Black won), `0` (White won) or `h` (draw), MOVES in pos
/// notation.
pub struct GameLine<'a> {
    pub rule: Rule,
    pub size: i32,
    pub result: &'a str,
    pub moves: Vec<(i32, i32)>,
}

impl GameLine<'_> {
    /// Plays the moves from the empty board, calling `visit` with the ply,
    /// the position before the move (mutable for the renju forbidden-point
    /// check; `visit` must leave it as it found it) and the move itself;
    /// stops at the first illegal move, or at once if the size or rule is
    /// unusable.
    pub fn replay<E>(
        &self,
        mut visit: impl FnMut(usize, &mut Board, (i32, i32)) -> Result<(), E>,
    ) -> Result<(), E> {
        let Ok(mut b) = Board::new(self.size, self.size, self.rule) else {
            return Ok(());
        };
        for (ply, &(x, y)) in self.moves.iter().enumerate() {
            visit(ply, &mut b, (x, y))?;
            let c = b.side_to_move();
            if b.try_place(x, y, c).is_err() {
                break;
            }
        }
        Ok(())
    }
}

/// Parses a [`GameLine`]; `None` for anything else.
pub fn parse_game_line(line: &str) -> Option<GameLine<'_>> {
    let f: Vec<&str> = line.split_whitespace().collect();
    let [rule, size, result, moves] = f[..] else {
        return None;
    };
    let rule = match rule {
        "freestyle" => Rule::Freestyle,
        "exactfive" => Rule::ExactFive,
        "renju" => Rule::Renju,
        _ => return None,
    };
    Some(GameLine {
        rule,
        size: size.parse().ok()?,
        result,
        moves: parse_pos_line(moves)?,
    })
}

/// No five for either side and no winning threat (open four or four-three
/// cell) for the side to move: the positions the tuning tools learn from,
/// whose outcome is left to the evaluation and the ordering.
pub fn is_quiet(b: &Board) -> bool {
    let me = b.side_to_move();
    let op = me.flip();
    b.threat_count(me, Threat::Five) == 0
        && b.threat_count(op, Threat::Five) == 0
        && b.threat_count(me, Threat::Flex4) == 0
        && b.threat_count(me, Threat::Block4Flex3) == 0
}

/// How each position is searched.
#[derive(Clone, Copy, Debug)]
pub enum Limit {
    /// To a fixed depth: deterministic, gives the node signature.
    Depth(i32),
    /// For a fixed time per position (ms), every iteration that fits in
    /// it: shows the depth reached.
    TimeMs(u64),
}

/// One bench line per position plus the totals, searching on `threads`
/// threads; returns the total nodes.
pub fn run(limit: Limit, threads: usize, mut out: impl std::io::Write) -> std::io::Result<u64> {
    let mut total_nodes = 0u64;
    // The rule tables are built at first use; build them before the clock
    // starts, so the first position's time is its search alone.
    for &(size, rule, _) in POSITIONS {
        Board::new(size, size, rule).expect("bench board");
    }
    let t0 = Instant::now();
    for (i, &(size, rule, moves)) in POSITIONS.iter().enumerate() {
        let mv = parse_pos_line(moves).expect("bench position");
        let board = Board::from_moves(size, size, rule, &mv).expect("bench position");
        // A fresh searcher per position: no table carried over.
        let searcher = Searcher::new(16 << 20);
        let mut req = match limit {
            Limit::Depth(d) => {
                let mut r = SearchRequest::new(board, TimeControl::infinite());
                r.max_depth = Some(d);
                r
            }
            Limit::TimeMs(ms) => SearchRequest::new(
                board,
                TimeControl {
                    movetime_ms: Some(ms),
                    ..TimeControl::infinite()
                },
            ),
        };
        req.threads = threads.max(1);
        let t = Instant::now();
        let r = searcher.search_blocking(req);
        let ms = t.elapsed().as_millis().max(1);
        total_nodes += r.nodes;
        writeln!(
            out,
            "position {:2} {:>9} {}x{} depth {:2} best {:>3} score {:6} nodes {:10} time {:6} ms nps {}",
            i + 1,
            rule.name(),
            size,
            size,
            r.depth,
            r.best.to_letter_number(),
            r.score,
            r.nodes,
            ms,
            r.nodes as u128 * 1000 / ms
        )?;
    }
    let ms = t0.elapsed().as_millis().max(1);
    writeln!(out, "===========================")?;
    writeln!(out, "Threads         : {}", threads.max(1))?;
    writeln!(out, "Total time (ms) : {ms}")?;
    writeln!(out, "Nodes searched  : {total_nodes}")?;
    writeln!(out, "Nodes/second    : {}", total_nodes as u128 * 1000 / ms)?;
    Ok(total_nodes)
}

/// Board micro-benchmark: make+undo pairs per second and renju
/// forbidden-point checks per second on the bench positions.
pub fn run_board(mut out: impl std::io::Write) -> std::io::Result<()> {
    for &(size, rule, moves) in POSITIONS {
        let mv = parse_pos_line(moves).expect("bench position");
        let mut board = Board::from_moves(size, size, rule, &mv).expect("bench position");
        let empties: Vec<_> = board
            .cells()
            .iter()
            .copied()
            .filter(|&p| board.is_empty(p))
            .collect();
        let t = Instant::now();
        let mut n = 0u64;
        while t.elapsed().as_millis() < 300 {
            for &p in &empties {
                board.make(p);
                board.undo();
            }
            n += empties.len() as u64;
        }
        let make_rate = n as f64 / t.elapsed().as_secs_f64();
        let mut fb = Board::from_moves(size, size, Rule::Renju, &mv).expect("bench position");
        let t = Instant::now();
        let mut checks = 0u64;
        let mut forbidden = 0usize;
        while t.elapsed().as_millis() < 300 {
            forbidden = 0;
            for &p in &empties {
                if fb.is_forbidden(p) {
                    forbidden += 1;
                }
            }
            checks += empties.len() as u64;
        }
        let check_rate = checks as f64 / t.elapsed().as_secs_f64();
        writeln!(
            out,
            "{:>9} {}x{}: make+undo {:>10.0}/s   renju forbidden checks {:>10.0}/s ({} forbidden)",
            rule.name(),
            size,
            size,
            make_rate,
            check_rate,
            forbidden
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::Color;

    #[test]
    fn game_lines_parse_and_reject_anything_else() {
        let g = parse_game_line("renju 15 h h8i9j10").unwrap();
        assert_eq!((g.rule, g.size, g.result), (Rule::Renju, 15, "h"));
        assert_eq!(g.moves, vec![(7, 7), (8, 8), (9, 9)]);
        assert!(parse_game_line("caro 15 1 h8").is_none());
        assert!(parse_game_line("freestyle x 1 h8").is_none());
        assert!(parse_game_line("freestyle 15 1 h8 i9").is_none());
        assert!(parse_game_line("freestyle 15 1 8h").is_none());
        assert!(parse_game_line("").is_none());
    }

    #[test]
    fn quiet_positions_have_no_five_and_no_winning_threat_to_play() {
        let quiet = Board::from_moves(15, 15, Rule::Freestyle, &[(7, 7), (8, 8)]).unwrap();
        assert!(is_quiet(&quiet));
        // Black (to move) can make an open four at E8 or I8.
        let three = [(5, 7), (0, 0), (6, 7), (0, 2), (7, 7), (0, 4)];
        let b = Board::from_moves(15, 15, Rule::Freestyle, &three).unwrap();
        assert!(!is_quiet(&b));
        // White to move: Black's open three is White's problem, not a win.
        let b = Board::from_moves(15, 15, Rule::Freestyle, &three[..5]).unwrap();
        assert!(is_quiet(&b));
    }

    #[test]
    fn replay_visits_each_position_before_its_move_and_stops_at_an_illegal_one() {
        // The fourth move repeats h8: the replay ends there.
        let g = parse_game_line("freestyle 15 1 h8i9j10h8k11").unwrap();
        let mut seen = Vec::new();
        g.replay(|ply, b, mv| -> Result<(), ()> {
            seen.push((ply, b.stone_count(), b.side_to_move(), mv));
            Ok(())
        })
        .unwrap();
        assert_eq!(
            seen,
            vec![
                (0, 0, Color::Black, (7, 7)),
                (1, 1, Color::White, (8, 8)),
                (2, 2, Color::Black, (9, 9)),
                (3, 3, Color::White, (7, 7)),
            ]
        );
        // An error from the visitor stops the replay and is returned.
        let mut visits = 0;
        let r = g.replay(|ply, _, _| {
            visits += 1;
            if ply == 1 {
                Err("stop")
            } else {
                Ok(())
            }
        });
        assert_eq!((r, visits), (Err("stop"), 2));
        // A size the board cannot have: nothing to visit.
        let g = parse_game_line("freestyle 99 1 h8").unwrap();
        assert_eq!(g.replay(|_, _, _| Err(())), Ok(()));
    }
}
