//! Texel-tuning data: reads finished games, one a line, as
//! `RULE SIZE RESULT MOVES` (RULE freestyle/exactfive/renju, RESULT `1` Black
//! won, `0` White won, `h` draw, MOVES in pos notation such as `h8i9h9`)
//! and prints one line per quiet position: the game result from the side to
//! move's view, the ply, then 58 feature counts. Features 0..29 are the side
//! to move's, 29..58 the opponent's: per empty cell, how many of its four
//! line patterns are of each `Pattern` (15) and which `Threat` class it has
//! (14), i.e. exactly the terms `eval::cell_value` weighs.
//!
//! With `NODES` above zero each position is also searched (a fresh table,
//! about `NODES` nodes, one thread) and the score from the side to move's
//! view, decisive scores clamped to +-`LABEL_CLAMP`, is written after the
//! ply: a label from a deeper look than the game's result (the column is 0
//! without a search).
//!
//! With `--final` instead, each line is one labelled position: RESULT is a
//! target win rate in [0, 1] for the side to move after the last move (for
//! instance a stronger engine's evaluation, squashed), and only that final
//! position is written, with RESULT as its result, if it is quiet.
//!
//! With `--threat-mask`, lines are labelled positions as for `--final`, and
//! each quiet final position is written as its target, the evaluation
//! without the threat-mask term, and its threat mask (`eval::threat_mask`),
//! for `tools/threat_mask_fit.py`.
//!
//! With `--combos`, lines are labelled positions as for `--final`, and each
//! quiet final position is written as its target, the evaluation without
//! the threat-mask term, its threat mask, and then for the side to move and
//! for the opponent how many empty cells have each combination of four line
//! patterns (`CODE:COUNT` pairs joined by commas, CODE the four pattern
//! indices in ascending order as a base-15 number, plus 15^4 for renju
//! Black's cells, whose corrections are their own; `-` for none), for
//! `tools/combo_fit.py`.
//!
//! `cargo run --release --example texel_features [SKIP_PLIES [NODES]] < games.txt`,
//! `cargo run --release --example texel_features --final < labelled.txt`;
//! `tools/texel_fit.py` fits the weights. See docs/tuning.md.

use std::io::{BufRead, Write};
use tengen::bench::GameLine;
use tengen::rules::pattern::Pattern;
use tengen::rules::threat::{Threat, NUM_THREATS};
use tengen::search::{SearchRequest, Searcher, TimeControl};
use tengen::types::LineRule;
use tengen::{Board, Color};

const NUM_PATTERNS: usize = Pattern::DoubleFour as usize + 1;
const PER_SIDE: usize = NUM_PATTERNS + NUM_THREATS;
/// Added to the combination codes of renju Black's cells (`--combos`):
/// Black's patterns are not White's, so neither are its corrections.
const BLACK_CODES: u32 = (NUM_PATTERNS as u32).pow(4);
/// Search labels beyond this (decisive scores) are written as this.
const LABEL_CLAMP: i32 = 2000;

fn main() -> anyhow::Result<()> {
    match std::env::args().nth(1).as_deref() {
        Some("--final") => {
            return final_positions(|out, target, ply, b| {
                write_line(out, target, ply, 0, &features(b))
            })
        }
        Some("--combos") => {
            return final_positions(|out, target, _, b| {
                write_eval_and_mask(out, target, b)?;
                let me = b.side_to_move();
                for c in [me, me.flip()] {
                    let counts = combination_counts(b, c);
                    let pairs: Vec<String> =
                        counts.iter().map(|(k, n)| format!("{k}:{n}")).collect();
                    let field = if pairs.is_empty() {
                        "-".to_string()
                    } else {
                        pairs.join(",")
                    };
                    write!(out, " {field}")?;
                }
                writeln!(out)
            })
        }
        Some("--threat-mask") => {
            return final_positions(|out, target, _, b| {
                write_eval_and_mask(out, target, b)?;
                writeln!(out)
            })
        }
        _ => {}
    }
    let skip: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(6);
    let nodes: u64 = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let searcher = Searcher::new(16 << 20);
    each_game(|game, out| {
        let n = game.moves.len();
        game.replay(|ply, b, _| -> std::io::Result<()> {
            // The last plies are the finish, not a judgement.
            if ply < skip || ply + 2 >= n || !tengen::bench::is_quiet(b) {
                return Ok(());
            }
            let me = b.side_to_move();
            let r = match (game.result, me) {
                ("h", _) => 0.5,
                ("1", Color::Black) | ("0", Color::White) => 1.0,
                _ => 0.0,
            };
            let feat = features(b);
            let score = if nodes > 0 {
                searcher.clear_hash();
                let mut req = SearchRequest::new(b.clone(), TimeControl::infinite());
                req.max_nodes = Some(nodes);
                let res = searcher.search_blocking(req);
                res.score.clamp(-LABEL_CLAMP, LABEL_CLAMP)
            } else {
                0
            };
            write_line(out, r, ply, score, &feat)
        })
    })
}

/// `--final` and `--threat-mask`: one labelled position a line; `write`
/// writes each quiet final position (with its target and ply).
fn final_positions(
    write: impl Fn(&mut dyn Write, f64, usize, &Board) -> std::io::Result<()>,
) -> anyhow::Result<()> {
    each_game(|game, out| {
        let Some(target) = game
            .result
            .parse::<f64>()
            .ok()
            .filter(|t| (0.0..=1.0).contains(t))
        else {
            return Ok(());
        };
        let n = game.moves.len();
        game.replay(|ply, b, (x, y)| -> std::io::Result<()> {
            if ply + 1 < n {
                return Ok(());
            }
            let Some(p) = b.pos(x, y).filter(|&p| b.is_empty(p)) else {
                return Ok(());
            };
            b.make(p);
            let written = if tengen::bench::is_quiet(b) {
                write(out, target, ply + 1, b)
            } else {
                Ok(())
            };
            b.undo();
            written
        })
    })
}

/// Calls `f` with every game line of stdin (other lines are skipped) and
/// the buffered stdout.
fn each_game(
    mut f: impl FnMut(&GameLine, &mut dyn Write) -> std::io::Result<()>,
) -> anyhow::Result<()> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        if let Some(game) = tengen::bench::parse_game_line(&line) {
            f(&game, &mut out)?;
        }
    }
    Ok(())
}

/// One output line: target, ply, search score, features.
fn write_line(
    out: &mut dyn Write,
    target: f64,
    ply: usize,
    score: i32,
    feat: &[u32],
) -> std::io::Result<()> {
    write!(out, "{target} {ply} {score}")?;
    for v in feat {
        write!(out, " {v}")?;
    }
    writeln!(out)
}

/// The fields that `--threat-mask` and `--combos` start with: the target,
/// the evaluation without the threat-mask term and the threat mask.
fn write_eval_and_mask(out: &mut dyn Write, target: f64, b: &Board) -> std::io::Result<()> {
    let eval = tengen::eval::cell_sum_eval(b);
    let mask = tengen::eval::threat_mask(b);
    write!(out, "{target} {eval} {mask}")
}

/// How many empty cells (not forbidden to `c`) have each combination of
/// `c`'s four line patterns, keyed by the patterns in ascending order read
/// as a base-15 number, plus [`BLACK_CODES`] for renju Black's cells.
fn combination_counts(b: &Board, c: Color) -> std::collections::BTreeMap<u32, u32> {
    let mut counts = std::collections::BTreeMap::new();
    let offset = if b.rule().line_rule(c) == LineRule::RenjuBlack {
        BLACK_CODES
    } else {
        0
    };
    for &p in b.cells() {
        if !b.is_empty(p) || b.threat(p, c) == Threat::Forbidden {
            continue;
        }
        let mut pats = b.patterns(p, c).map(|x| x as u32);
        pats.sort_unstable();
        let code = pats.iter().fold(0, |acc, &x| acc * NUM_PATTERNS as u32 + x);
        *counts.entry(code + offset).or_insert(0) += 1;
    }
    counts
}

fn features(b: &Board) -> [u32; 2 * PER_SIDE] {
    let me = b.side_to_move();
    let mut feat = [0u32; 2 * PER_SIDE];
    for &p in b.cells() {
        if !b.is_empty(p) {
            continue;
        }
        for (k, c) in [me, me.flip()].into_iter().enumerate() {
            let t = b.threat(p, c);
            if t == Threat::Forbidden {
                continue;
            }
            for pat in b.patterns(p, c) {
                feat[k * PER_SIDE + pat as usize] += 1;
            }
            feat[k * PER_SIDE + NUM_PATTERNS + t as usize] += 1;
        }
    }
    feat
}
