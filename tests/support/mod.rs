//! A harness that runs the real `pbrain-tengen` binary over pipes. Every
//! read has a deadline and writes go through a writer thread, so a hung
//! engine fails a test instead of hanging it. The child is killed on drop.

#![allow(dead_code)]

use crossbeam_channel::{unbounded, Receiver, RecvTimeoutError, Sender};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// How long a reply that needs no search may take on a loaded CI machine.
pub const QUICK: Duration = Duration::from_secs(5);

pub struct Engine {
    child: Child,
    input: Option<Sender<Vec<u8>>>,
    lines: Receiver<String>,
    /// Every line read so far, for failure messages.
    pub transcript: Vec<String>,
    /// Also skip `INFO` detail lines when waiting for a reply (a GUI that
    /// set `INFO show_detail 2` gets them before the move).
    pub skip_detail: bool,
}

impl Engine {
    pub fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-tengen"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start pbrain-tengen");
        let mut stdin = child.stdin.take().expect("child stdin");
        let stdout = child.stdout.take().expect("child stdout");
        let (in_tx, in_rx) = unbounded::<Vec<u8>>();
        std::thread::spawn(move || {
            for bytes in in_rx {
                if stdin
                    .write_all(&bytes)
                    .and_then(|()| stdin.flush())
                    .is_err()
                {
                    break;
                }
            }
        });
        let (out_tx, out_rx) = unbounded();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match r.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let s = String::from_utf8_lossy(&buf);
                        let s = s.trim_end_matches(['\r', '\n']).to_string();
                        if out_tx.send(s).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Engine {
            child,
            input: Some(in_tx),
            lines: out_rx,
            transcript: Vec::new(),
            skip_detail: false,
        }
    }

    /// Sends one line with a CR LF end, as Piskvork does.
    pub fn send(&mut self, line: &str) {
        self.send_raw(format!("{line}\r\n").as_bytes());
    }

    /// Sends several lines in one write.
    pub fn send_all(&mut self, lines: &[&str]) {
        let mut text = String::new();
        for l in lines {
            text.push_str(l);
            text.push_str("\r\n");
        }
        self.send_raw(text.as_bytes());
    }

    pub fn send_raw(&mut self, bytes: &[u8]) {
        if let Some(tx) = &self.input {
            let _ = tx.send(bytes.to_vec());
        }
    }

    /// Closes the engine's stdin (after pending writes).
    pub fn close_stdin(&mut self) {
        self.input = None;
    }

    /// The next line, if one comes within `timeout`.
    pub fn recv(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(l) => {
                self.transcript.push(l.clone());
                Some(l)
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// The next line that is not `MESSAGE`/`DEBUG`, within `timeout`.
    pub fn reply_within(&mut self, timeout: Duration) -> Option<String> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let l = self.recv(left)?;
            let detail = self.skip_detail && l.starts_with("INFO ");
            if !(l.starts_with("MESSAGE") || l.starts_with("DEBUG") || detail) {
                return Some(l);
            }
        }
    }

    /// The next reply; fails the test if none comes quickly.
    pub fn reply(&mut self) -> String {
        match self.reply_within(QUICK) {
            Some(l) => l,
            None => panic!("no reply; transcript: {:?}", self.transcript),
        }
    }

    /// Asserts the next reply.
    pub fn expect(&mut self, expected: &str) {
        let got = self.reply();
        assert_eq!(got, expected, "transcript: {:?}", self.transcript);
    }

    /// Asserts the next reply starts with `prefix`; returns it.
    pub fn expect_prefix(&mut self, prefix: &str) -> String {
        let got = self.reply();
        assert!(
            got.starts_with(prefix),
            "expected {prefix:?}..., got {got:?}; transcript: {:?}",
            self.transcript
        );
        got
    }

    /// Asserts that nothing at all is printed for `d`.
    pub fn expect_silence(&mut self, d: Duration) {
        if let Some(l) = self.recv(d) {
            panic!("unexpected output {l:?}; transcript: {:?}", self.transcript);
        }
    }

    /// Waits up to `timeout` for the process to exit.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Ok(Some(st)) = self.child.try_wait() {
                return Some(st);
            }
            if Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Every line printed until the output closes (or `timeout`).
    pub fn drain(&mut self, timeout: Duration) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut out = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(l) => out.push(l),
                Err(_) => return out,
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Parses a move reply `x,y`.
pub fn parse_move(s: &str) -> Option<(i32, i32)> {
    let (x, y) = s.split_once(',')?;
    Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
}

/// Parses a move reply and checks it is on a `w` x `h` board.
pub fn parse_move_on(s: &str, w: i32, h: i32) -> (i32, i32) {
    match parse_move(s) {
        Some((x, y)) if (0..w).contains(&x) && (0..h).contains(&y) => (x, y),
        _ => panic!("not a move on a {w}x{h} board: {s:?}"),
    }
}

/// A small deterministic generator (xorshift64*), so that failures repeat.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    }
}
