//! The only writer to stdout: one line per write, flushed at once, plus the
//! formatting of everything the engine prints about its search.

use crate::search::Iteration;
use crate::types::{is_decisive, Pos, Score, WIN};
use std::io::Write;

/// Where protocol replies go: stdout in the engine, a buffer in tests.
pub struct Output {
    w: Box<dyn Write + Send>,
    /// A write failed (the manager closed our stdout); said once in the log.
    broken: bool,
}

impl Output {
    pub fn new(w: Box<dyn Write + Send>) -> Output {
        Output { w, broken: false }
    }

    pub fn stdout() -> Output {
        Output::new(Box::new(std::io::stdout()))
    }

    /// Writes one line and flushes it. A line end inside `s` would split
    /// the reply in two for the manager, so any is replaced by a space.
    pub fn line(&mut self, s: &str) {
        let mut text = s.replace(['\r', '\n'], " ");
        text.push('\n');
        let r = self
            .w
            .write_all(text.as_bytes())
            .and_then(|()| self.w.flush());
        if let Err(e) = r {
            if !self.broken {
                log::warn!("cannot write to stdout: {e}");
                self.broken = true;
            }
        }
    }

    pub fn error(&mut self, msg: &str) {
        self.line(&format!("ERROR {msg}"));
    }

    pub fn message(&mut self, msg: &str) {
        self.line(&format!("MESSAGE {msg}"));
    }
}

/// A score as the info lines print it: centi-units, or `+M7` / `-M7` for a
/// proven win / loss in that many plies.
pub fn format_score(score: Score) -> String {
    if is_decisive(score) {
        if score > 0 {
            format!("+M{}", WIN - score)
        } else {
            format!("-M{}", WIN + score)
        }
    } else {
        score.to_string()
    }
}

/// A rough win probability for the side to move, for GUIs: a logistic of
/// the score, where 200 (about two clear advantages) is worth 73%.
pub fn winrate(score: Score) -> f64 {
    if is_decisive(score) {
        return if score > 0 { 1.0 } else { 0.0 };
    }
    1.0 / (1.0 + (-(score as f64) / 200.0).exp())
}

/// Nodes per millisecond, never dividing by zero.
fn nodes_per_ms(it: &Iteration) -> u64 {
    let ms = it.elapsed.as_millis().max(1) as u64;
    it.nodes / ms
}

/// The per-iteration info line, without its `MESSAGE ` prefix:
/// `depth 12-18 ev 35 n 1234567 n/ms 812 tm 1520 pv H8 I9 G7`.
pub fn info_line(it: &Iteration) -> String {
    let pv: Vec<String> = it.pv.iter().map(|p| p.to_letter_number()).collect();
    format!(
        "depth {}-{} ev {} n {} n/ms {} tm {} pv {}",
        it.depth,
        it.seldepth,
        format_score(it.score),
        it.nodes,
        nodes_per_ms(it),
        it.elapsed.as_millis(),
        pv.join(" ")
    )
    .trim_end()
    .to_string()
}

/// The detail block of one PV line for GUIs that asked for it
/// (`INFO show_detail` bit 2), without the closing `INFO PV DONE`.
pub fn detail_lines(it: &Iteration) -> Vec<String> {
    let pv: Vec<String> = it.pv.iter().map(|p| p.to_xy()).collect();
    vec![
        format!("INFO PV {}", it.multipv),
        format!("INFO NUMPV {}", it.lines),
        format!("INFO DEPTH {}", it.depth),
        format!("INFO SELDEPTH {}", it.seldepth),
        format!("INFO NODES {}", it.nodes),
        format!("INFO TOTALNODES {}", it.nodes),
        format!("INFO TOTALTIME {}", it.elapsed.as_millis()),
        format!(
            "INFO SPEED {}",
            it.nodes.saturating_mul(1000) / it.elapsed.as_millis().max(1) as u64
        ),
        format!("INFO EVAL {}", format_score(it.score)),
        format!("INFO WINRATE {:.4}", winrate(it.score)),
        format!("INFO BESTLINE {}", pv.join(" "))
            .trim_end()
            .to_string(),
    ]
}

/// `FORBID xxyyxxyy....` for `YXSHOWFORBID`.
pub fn forbid_line(points: &[Pos]) -> String {
    let mut s = String::from("FORBID ");
    for p in points {
        s.push_str(&format!("{:02}{:02}", p.x(), p.y()));
    }
    s.push('.');
    s
}

/// An in-memory `Output` target for tests.
#[cfg(test)]
#[derive(Clone, Default)]
pub(crate) struct SharedBuf(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

#[cfg(test)]
impl SharedBuf {
    /// The lines written since the last call.
    pub(crate) fn take_lines(&self) -> Vec<String> {
        let bytes = std::mem::take(&mut *self.0.lock().unwrap());
        String::from_utf8(bytes)
            .unwrap()
            .lines()
            .map(String::from)
            .collect()
    }
}

#[cfg(test)]
impl Write for SharedBuf {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn iteration(score: Score) -> Iteration {
        Iteration {
            depth: 12,
            seldepth: 18,
            score,
            nodes: 1_234_567,
            elapsed: Duration::from_millis(1520),
            pv: vec![Pos::new(7, 7), Pos::new(8, 8), Pos::new(6, 6)],
            multipv: 0,
            lines: 1,
        }
    }

    #[test]
    fn info_line_format() {
        assert_eq!(
            info_line(&iteration(35)),
            "depth 12-18 ev 35 n 1234567 n/ms 812 tm 1520 pv H8 I9 G7"
        );
        assert!(info_line(&iteration(WIN - 7)).contains("ev +M7 "));
        assert!(info_line(&iteration(-WIN + 4)).contains("ev -M4 "));
        let mut it = iteration(0);
        it.pv.clear();
        it.elapsed = Duration::ZERO;
        assert_eq!(
            info_line(&it),
            "depth 12-18 ev 0 n 1234567 n/ms 1234567 tm 0 pv"
        );
    }

    #[test]
    fn detail_block() {
        let lines = detail_lines(&iteration(-50));
        assert_eq!(lines[0], "INFO PV 0");
        assert_eq!(lines[1], "INFO NUMPV 1");
        assert_eq!(lines[8], "INFO EVAL -50");
        assert_eq!(lines[10], "INFO BESTLINE 7,7 8,8 6,6");
        assert!(lines.iter().all(|l| l.starts_with("INFO ")));
    }

    #[test]
    fn winrate_is_monotone() {
        assert_eq!(winrate(0), 0.5);
        assert!(winrate(100) > 0.5 && winrate(100) < winrate(300));
        assert_eq!(winrate(WIN - 3), 1.0);
        assert_eq!(winrate(-WIN + 3), 0.0);
    }

    #[test]
    fn forbid_format() {
        assert_eq!(
            forbid_line(&[Pos::new(9, 12), Pos::new(10, 11)]),
            "FORBID 09121011."
        );
        assert_eq!(forbid_line(&[]), "FORBID .");
    }

    #[test]
    fn one_line_per_write() {
        let buf = SharedBuf::default();
        let mut out = Output::new(Box::new(buf.clone()));
        out.line("OK");
        out.error("bad\r\nthing");
        out.message("hi");
        assert_eq!(buf.take_lines(), ["OK", "ERROR bad  thing", "MESSAGE hi"]);
    }
}
