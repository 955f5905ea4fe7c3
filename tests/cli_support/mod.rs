//! Runs `pbrain-tengen play` / `watch` as a child process: input through a
//! pipe, output collected by a thread, every wait bounded by a deadline.
//! The child is killed on drop, so a failing test never leaves it behind.

#![allow(dead_code)]

use crossbeam_channel::{unbounded, Receiver};
use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub const EXE: &str = env!("CARGO_BIN_EXE_pbrain-tengen");

pub struct Proc {
    child: Child,
    stdin: Option<ChildStdin>,
    chunks: Receiver<Vec<u8>>,
    stderr: Arc<Mutex<String>>,
    /// Everything printed so far.
    pub text: String,
    /// Where the next `wait_for` starts looking.
    pub cursor: usize,
}

impl Proc {
    pub fn start(args: &[&str]) -> Proc {
        let mut child = Command::new(EXE)
            .args(args)
            .env_remove("NO_COLOR")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start pbrain-tengen");
        let stdin = child.stdin.take();
        let mut stdout = child.stdout.take().expect("stdout");
        let stderr = Arc::new(Mutex::new(String::new()));
        if let Some(mut e) = child.stderr.take() {
            let sink = stderr.clone();
            std::thread::spawn(move || {
                let mut buf = [0u8; 4096];
                while let Ok(n) = e.read(&mut buf) {
                    if n == 0 {
                        break;
                    }
                    if let Ok(mut s) = sink.lock() {
                        s.push_str(&String::from_utf8_lossy(&buf[..n]));
                    }
                }
            });
        }
        let (tx, rx) = unbounded();
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Proc {
            child,
            stdin,
            chunks: rx,
            stderr,
            text: String::new(),
            cursor: 0,
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        if let Some(w) = &mut self.stdin {
            let _ = w
                .write_all(format!("{line}\n").as_bytes())
                .and_then(|()| w.flush());
        }
    }

    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// Collects output for up to `d`; false once the output has closed.
    fn pump(&mut self, d: Duration) -> bool {
        match self.chunks.recv_timeout(d) {
            Ok(c) => {
                self.text.push_str(&String::from_utf8_lossy(&c));
                true
            }
            Err(crossbeam_channel::RecvTimeoutError::Timeout) => true,
            Err(crossbeam_channel::RecvTimeoutError::Disconnected) => false,
        }
    }

    /// Waits until `needle` appears after the cursor; moves the cursor past
    /// it and returns the text in between. Panics with the transcript after
    /// `timeout`, or if the output closes first.
    pub fn wait_for(&mut self, needle: &str, timeout: Duration) -> String {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(i) = self.text[self.cursor..].find(needle) {
                let start = self.cursor;
                self.cursor += i + needle.len();
                return self.text[start..self.cursor].to_string();
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                panic!("no {needle:?} in time; output:\n{}", self.text);
            }
            if !self.pump(left.min(Duration::from_millis(100))) {
                // Closed: everything has been read.
                if !self.text[self.cursor..].contains(needle) {
                    panic!("output ended without {needle:?}; output:\n{}", self.text);
                }
            }
        }
    }

    /// Waits for the process to exit and for the rest of its output.
    pub fn wait_exit(&mut self, timeout: Duration) -> ExitStatus {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                panic!("still running after {timeout:?}; output:\n{}", self.text);
            }
            if !self.pump(left.min(Duration::from_millis(100))) {
                break;
            }
        }
        loop {
            if let Ok(Some(st)) = self.child.try_wait() {
                return st;
            }
            if Instant::now() >= deadline {
                panic!("still running after {timeout:?}; output:\n{}", self.text);
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// What the process wrote to stderr so far.
    pub fn stderr(&self) -> String {
        self.stderr.lock().map(|s| s.clone()).unwrap_or_default()
    }

    /// Stderr once something has arrived there (or `timeout` passed).
    pub fn stderr_within(&self, timeout: Duration) -> String {
        let deadline = Instant::now() + timeout;
        loop {
            let s = self.stderr();
            if !s.is_empty() || Instant::now() >= deadline {
                return s;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
