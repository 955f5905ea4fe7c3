//! Move-ordering data: reads finished games (the `RULE SIZE RESULT MOVES`
//! lines of `tools/texel_games.py`) and, for every quiet position, prints
//! one line per candidate move (an empty cell near the stones that the side
//! to move may play):
//! `POSITION PLAYED MY_THREAT OPP_THREAT MY_PATTERNS(4) OPP_PATTERNS(4)`,
//! where PLAYED is 1 for the move the game went on with, the threat classes
//! are `Threat as u8` and the patterns `Pattern as u8` of a stone of the
//! side to move (MY) or of the opponent (OPP) on that cell.
//! `tools/order_fit.py` fits the move-ordering weights to these.
//!
//! With `last` in place of SKIP_PLIES, only the final move of each line is
//! a label: for positions labelled one by one (e.g. by a stronger engine's
//! choice), each written as the moves that reach it plus the chosen move.
//!
//! `cargo run --release --example order_features [SKIP_PLIES | last] < games.txt`

use std::io::{BufRead, Write};
use tengen::rules::threat::Threat;
use tengen::{Board, Color, Rule};

fn main() -> anyhow::Result<()> {
    let arg = std::env::args().nth(1);
    let last_only = arg.as_deref() == Some("last");
    let skip: usize = arg.and_then(|s| s.parse().ok()).unwrap_or(6);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut position = 0u64;
    for line in std::io::stdin().lock().lines() {
        let line = line?;
        let Some(game) = tengen::bench::parse_game_line(&line) else {
            continue;
        };
        let n = game.moves.len();
        game.replay(|ply, b, (x, y)| -> std::io::Result<()> {
            let labelled = if last_only {
                ply + 1 == n
            } else {
                ply >= skip && ply + 2 < n
            };
            if !labelled || !is_open(b) {
                return Ok(());
            }
            position += 1;
            let me = b.side_to_move();
            let op = me.flip();
            let renju_black = me == Color::Black && game.rule == Rule::Renju;
            for i in 0..b.cells().len() {
                let p = b.cells()[i];
                if !b.is_empty(p) || !b.is_near(p) {
                    continue;
                }
                if renju_black && b.forbidden_candidate(p) && b.is_forbidden(p) {
                    continue;
                }
                let played = u8::from(p.x() == x && p.y() == y);
                write!(
                    out,
                    "{position} {played} {} {}",
                    b.threat(p, me) as u8,
                    b.threat(p, op) as u8
                )?;
                for c in [me, op] {
                    for pat in b.patterns(p, c) {
                        write!(out, " {}", pat as u8)?;
                    }
                }
                writeln!(out)?;
            }
            Ok(())
        })?;
    }
    Ok(())
}

/// Positions where the search orders all nearby moves: quiet (no five to
/// make or stop, no winning threat of our own) and no open three or
/// four-three of the opponent's to answer (the move generator then keeps
/// only defences).
fn is_open(b: &Board) -> bool {
    let op = b.side_to_move().flip();
    tengen::bench::is_quiet(b)
        && b.threat_count(op, Threat::Flex4) == 0
        && b.threat_count(op, Threat::Block4Flex3) == 0
}
