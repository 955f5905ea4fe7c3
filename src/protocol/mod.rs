//! The Gomocup (Piskvork) protocol with the Yixin-Board extensions.
//!
//! Three threads: the `stdin-reader` turns bytes into lines and lines into
//! [`parse::Command`]s (blocks assembled) and sends them over a channel;
//! the main thread runs the [`session::Session`], which owns the position
//! and prints through [`output::Output`], the only writer to stdout; the
//! searcher thread behind [`crate::search::Searcher`] thinks. `END` and the
//! end of input act at once: the reader sets the search's stop flag itself
//! before passing them on, and the session quits without a move.
//! `protocol.md` at the crate root documents every command.

pub mod output;
pub mod parse;
pub mod session;

use crate::search::{Searcher, DEFAULT_HASH_BYTES};
use crossbeam_channel::{unbounded, Receiver, Sender};
use parse::{Assembler, Command, LineSplitter, ParseError};
use std::io::{IsTerminal, Read};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// What the reader sends to the session.
#[derive(Debug)]
pub enum Event {
    /// A command, or the error to answer for a line, with the time the
    /// line was read (a search for it counts its time from then).
    Line(Result<Command, ParseError>, Instant),
    /// The input was closed.
    Eof,
}

/// Starts the `stdin-reader` thread on `input`. On `END` and at the end of
/// input it sets `stop` (the searcher's stop flag) before telling the
/// session, so that a running search ends without waiting for the session.
pub fn spawn_reader<R: Read + Send + 'static>(input: R, stop: Arc<AtomicBool>) -> Receiver<Event> {
    let (tx, rx) = unbounded();
    let spawned = std::thread::Builder::new()
        .name("stdin-reader".into())
        .spawn(move || read_loop(input, &tx, &stop));
    if let Err(e) = spawned {
        // Without a reader the session sees a closed channel and quits.
        log::error!("cannot start the stdin reader: {e}");
    }
    rx
}

fn read_loop<R: Read>(mut input: R, tx: &Sender<Event>, stop: &AtomicBool) {
    let mut splitter = LineSplitter::new();
    let mut assembler = Assembler::new();
    let mut chunk = [0u8; 8192];
    // Passes one line on; false once the reader should stop (END, or the
    // session is gone).
    let mut forward = |line: Result<String, ParseError>| -> bool {
        let fed = match &line {
            Ok(s) => assembler.feed(Ok(s)),
            Err(e) => assembler.feed(Err(e.clone())),
        };
        for ev in fed {
            let end = matches!(ev, Ok(Command::End));
            if end {
                stop.store(true, Ordering::Relaxed);
            }
            if tx.send(Event::Line(ev, Instant::now())).is_err() || end {
                return false;
            }
        }
        true
    };
    let mut going = true;
    while going {
        let n = match input.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => {
                log::warn!("cannot read stdin: {e}");
                break;
            }
        };
        splitter.push(&chunk[..n], &mut |line| {
            going = going && forward(line);
        });
    }
    if going {
        splitter.finish(&mut |line| {
            going = going && forward(line);
        });
    }
    if going {
        stop.store(true, Ordering::Relaxed);
        let _ = tx.send(Event::Eof);
    }
}

/// Starts the thread that builds every rule's tables in the background, so
/// that neither START nor the first move of a game waits for them (a table
/// in use is built by whoever needs it first). The line-pattern tables come
/// with the binary (`build.rs`); what is built here is the threat table and
/// the evaluation's cell and ordering tables, about 20 ms in all.
pub fn spawn_table_builder() -> std::io::Result<std::thread::JoinHandle<()>> {
    std::thread::Builder::new().name("tables".into()).spawn(|| {
        // Built first, logged after: a log macro evaluates its arguments
        // only when its level is enabled.
        let took = crate::rules::build_all_tables();
        let start = std::time::Instant::now();
        crate::eval::build_all_cell_tables();
        let cells = start.elapsed();
        log::debug!("rule tables built in {took:?}, cell tables in {cells:?}");
    })
}

/// The protocol loop on stdin/stdout, until `END` or the end of input.
/// Exits the process: a search still winding down is not waited for.
pub fn run_stdio() -> ! {
    if std::io::stdin().is_terminal() {
        // One line, to stderr only: stdout belongs to the protocol.
        eprintln!(
            "Tengen {} speaks the Gomocup (Piskvork) protocol on stdin/stdout (try `START 15`, \
             then `BEGIN`; `END` quits); `pbrain-tengen play` starts a terminal game.",
            env!("CARGO_PKG_VERSION")
        );
    }
    if let Err(e) = spawn_table_builder() {
        // Not fatal: each table is then built on first use.
        log::warn!("no background table builder: {e}");
    }
    let searcher = Searcher::new(DEFAULT_HASH_BYTES);
    let input = spawn_reader(std::io::stdin(), searcher.stop_flag());
    let mut session = session::Session::new(output::Output::stdout(), searcher);
    session.run(&input);
    std::process::exit(0)
}
