//! Interim move chooser (replaced by the alpha-beta search in the next commit).

use super::{Report, SearchRequest, SearchResult};
use crate::rules::threat::Threat;
use crate::types::{Color, Pos};
use crossbeam_channel::Sender;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

pub struct Engine {
    _stop: Arc<AtomicBool>,
}

impl Engine {
    pub fn new(_hash_bytes: usize, stop: Arc<AtomicBool>) -> Engine {
        Engine { _stop: stop }
    }
    pub fn resize_hash(&mut self, _bytes: usize) {}
    pub fn clear_hash(&mut self) {}

    pub fn think(
        &mut self,
        req: &SearchRequest,
        started: Instant,
        _reports: &Sender<Report>,
    ) -> SearchResult {
        let mut b = req.board.clone();
        let me = b.side_to_move();
        let op = me.flip();
        let mut best = (i32::MIN, Pos::NONE);
        let cells: Vec<Pos> = b.cells().to_vec();
        for p in cells {
            if !b.is_empty(p)
                || req.blocked.contains(&p)
                || (me == Color::Black && b.is_forbidden(p))
            {
                continue;
            }
            let mut s = b.cell_value(p, me) + b.cell_value(p, op);
            if b.threat(p, me) == Threat::Five {
                s += 1_000_000
            }
            if b.threat(p, op) == Threat::Five {
                s += 100_000
            }
            if b.stone_count() == 0 {
                s = -((p.x() - b.width() / 2).abs() + (p.y() - b.height() / 2).abs())
            }
            if s > best.0 {
                best = (s, p)
            }
        }
        SearchResult {
            best: best.1,
            score: 0,
            depth: 1,
            nodes: 0,
            elapsed: started.elapsed(),
            pv: vec![best.1],
        }
    }
}
