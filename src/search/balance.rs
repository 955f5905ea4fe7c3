//! `YXBALANCEONE` / `YXBALANCETWO` by search: each candidate move (or
//! pair of moves) is searched briefly, sharing the table and the move's
//! time, and the one whose score is nearest the asked bias wins.

use super::engine::Engine;
use super::time::{self, WallClock};
use super::{Balance, Iteration, Report, SearchRequest, SearchResult, TimeControl};
use crate::board::Board;
use crate::rules::threat::Threat;
use crate::types::{win_in, Color, Pos, Score};
use crossbeam_channel::Sender;
use std::time::{Duration, Instant};

/// Candidates for the one move of `YXBALANCEONE`.
const ONE_WIDTH: usize = 16;
/// Candidates per side for `YXBALANCETWO` (their product is searched).
const TWO_WIDTH: usize = 6;
/// Depth of each candidate's search when no time limit is set.
const UNTIMED_DEPTH: i32 = 8;

/// The balance search of `req` (see [`Balance`]). Returns no move when the
/// side to move has no candidate at all.
pub(super) fn search(
    engine: &mut Engine,
    req: &SearchRequest,
    balance: Balance,
    started: Instant,
    reports: &Sender<Report>,
) -> SearchResult {
    let clock = WallClock(started);
    let mut board = req.board.clone();
    let me = board.side_to_move();
    let width = if balance.two { TWO_WIDTH } else { ONE_WIDTH };
    let firsts = candidates(&mut board, &req.blocked, width);
    let total = if balance.two {
        firsts.len() * TWO_WIDTH
    } else {
        firsts.len()
    };
    let mut budget = Budget {
        hard: time::limits(&req.time, board.stone_count(), board.empty_count()).hard,
        left: total,
        clock: &clock,
        req,
    };
    let mut best: Option<(Score, Vec<Pos>, i32)> = None;
    let mut nodes = 0u64;
    let mut consider = |score: Score, line: Vec<Pos>, depth: i32| {
        let miss = (score - balance.bias).abs();
        if best
            .as_ref()
            .is_none_or(|(s, _, _)| miss < (s - balance.bias).abs())
        {
            best = Some((score, line, depth));
        }
    };
    'outer: for &p in &firsts {
        if balance.two {
            if board.threat(p, me) == Threat::Five {
                // The game ends here: nothing to balance after it.
                consider(win_in(1), vec![p], 1);
                continue;
            }
            board.place(p, me);
            let seconds = candidates(&mut board, &req.blocked, TWO_WIDTH);
            budget.left = budget.left.saturating_sub(TWO_WIDTH - seconds.len());
            for &q in &seconds {
                if board.threat(q, !me) == Threat::Five {
                    consider(-win_in(2), vec![p, q], 1);
                    continue;
                }
                board.place(q, !me);
                let r = budget.search(engine, &board);
                board.undo();
                let Some(r) = r else {
                    board.undo();
                    break 'outer;
                };
                nodes += r.nodes;
                // We are to move again: the score is ours.
                consider(r.score, vec![p, q], r.depth);
            }
            board.undo();
        } else if board.threat(p, me) == Threat::Five {
            consider(win_in(1), vec![p], 1);
        } else {
            board.place(p, me);
            let r = budget.search(engine, &board);
            board.undo();
            let Some(r) = r else { break };
            nodes += r.nodes;
            // The search scored the position for the opponent, to move.
            consider(-r.score, vec![p], r.depth);
        }
    }
    let Some((score, pv, depth)) = best else {
        return SearchResult::no_move();
    };
    let elapsed = clock.0.elapsed();
    let _ = reports.send(Report::Iteration(Iteration {
        depth,
        seldepth: depth,
        score,
        nodes,
        elapsed,
        pv: pv.clone(),
        multipv: 0,
        lines: 1,
    }));
    SearchResult {
        best: pv[0],
        score,
        depth,
        nodes,
        elapsed,
        pv,
    }
}

/// Shares the move's time among the searches still to do.
struct Budget<'a> {
    hard: Duration,
    left: usize,
    clock: &'a WallClock,
    req: &'a SearchRequest,
}

impl Budget<'_> {
    /// Searches `board` with a fair share of what is left; `None` if the
    /// search was stopped before finishing one iteration.
    fn search(&mut self, engine: &mut Engine, board: &Board) -> Option<SearchResult> {
        if engine.is_stopped() {
            return None;
        }
        let share = self.left.max(1) as u32;
        self.left = self.left.saturating_sub(1);
        let mut sub = SearchRequest::new(board.clone(), TimeControl::infinite());
        sub.threads = self.req.threads;
        sub.blocked = self.req.blocked.clone();
        sub.max_nodes = self.req.max_nodes.map(|n| (n / u64::from(share)).max(1));
        if self.hard == Duration::MAX {
            sub.max_depth = Some(self.req.max_depth.unwrap_or(UNTIMED_DEPTH));
        } else {
            sub.max_depth = self.req.max_depth;
            let left = self.hard.saturating_sub(self.clock.0.elapsed());
            let ms = (left / share).as_millis() as u64;
            sub.time.turn_ms = Some(turn_for_hard(ms));
        }
        let (tx, _rx) = crossbeam_channel::unbounded();
        let r = engine.think(&sub, Instant::now(), &tx);
        (r.depth > 0 || !engine.is_stopped()).then_some(r)
    }
}

/// The `timeout_turn` whose hard limit (after the safety margin) is about
/// `hard_ms`; 0 stays 0 ("answer at once").
fn turn_for_hard(hard_ms: u64) -> u64 {
    if hard_ms == 0 {
        return 0;
    }
    let t = (hard_ms + time::MARGIN_BASE_MS) * 100 / (100 - time::MARGIN_PERCENT);
    if time::safety_margin(t) >= time::MARGIN_MAX_MS {
        hard_ms + time::MARGIN_MAX_MS
    } else {
        t
    }
}

/// Legal, unblocked moves of the side to move near the stones (around the
/// centre on an empty board), the `n` most valuable for both sides first.
/// Blocked moves only when nothing else is left.
fn candidates(board: &mut Board, blocked: &[Pos], n: usize) -> Vec<Pos> {
    let me: Color = board.side_to_move();
    let empty = board.stone_count() == 0;
    let cells: Vec<Pos> = board.cells().to_vec();
    let legal: Vec<Pos> = cells
        .into_iter()
        .filter(|&p| board.is_legal_for(p, me) && (empty || board.is_near(p)))
        .collect();
    let mut moves: Vec<Pos> = legal
        .iter()
        .copied()
        .filter(|p| !blocked.contains(p))
        .collect();
    if moves.is_empty() {
        moves = legal;
    }
    let (cx, cy) = ((board.width() - 1) / 2, (board.height() - 1) / 2);
    let centre = |p: &Pos| (p.x() - cx).abs().max((p.y() - cy).abs());
    // Most valuable first; nearer the centre among equals.
    moves.sort_by_key(|p| (-board.order_score(*p, me), centre(p)));
    moves.truncate(n);
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turn_for_hard_undoes_the_margin() {
        assert_eq!(turn_for_hard(0), 0);
        for hard in [1, 50, 300, 1_000, 20_000] {
            let t = turn_for_hard(hard);
            let got = t - time::safety_margin(t);
            assert!(got.abs_diff(hard) <= 2, "{hard}: {got}");
        }
    }
}
