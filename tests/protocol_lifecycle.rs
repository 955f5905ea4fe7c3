//! END, end of input and YXSTOP, idle and in the middle of a long search.

mod support;

use std::time::{Duration, Instant};
use support::{parse_move_on, Engine};

const EXIT: Duration = Duration::from_secs(1);

/// An engine thinking on its first move with 30 s per move. Returns it and
/// whether it already answered within `wait` (a search that finishes that
/// fast cannot be interrupted; the interim move chooser does).
fn thinking(wait: Duration) -> (Engine, bool) {
    let mut e = Engine::start();
    e.send("START 15");
    e.expect("OK");
    e.send("INFO timeout_turn 30000");
    e.send("BEGIN");
    let answered = e.reply_within(wait).is_some();
    if answered {
        eprintln!("note: the search answered within {wait:?}, so it was not interrupted");
    }
    (e, answered)
}

#[test]
fn end_when_idle() {
    let mut e = Engine::start();
    e.send("START 15");
    e.expect("OK");
    let t = Instant::now();
    e.send("END");
    let st = e.wait_exit(EXIT).expect("exit after END");
    assert!(st.success());
    assert!(t.elapsed() < EXIT);
    assert!(e.drain(Duration::from_millis(100)).is_empty());
}

#[test]
fn eof_when_idle() {
    let mut e = Engine::start();
    e.send("START 15");
    e.expect("OK");
    e.close_stdin();
    assert!(e.wait_exit(EXIT).expect("exit at end of input").success());
}

#[test]
fn eof_before_anything() {
    let mut e = Engine::start();
    e.close_stdin();
    assert!(e.wait_exit(EXIT).is_some());
}

#[test]
fn end_mid_search_exits_without_a_move() {
    let (mut e, answered) = thinking(Duration::from_millis(300));
    let t = Instant::now();
    e.send("END");
    assert!(e.wait_exit(EXIT).is_some(), "no exit within 1 s of END");
    assert!(t.elapsed() < EXIT);
    let after: Vec<String> = e
        .drain(Duration::from_millis(200))
        .into_iter()
        .filter(|l| !l.starts_with("MESSAGE"))
        .collect();
    assert!(
        after.is_empty(),
        "printed after END: {after:?} (answered before: {answered})"
    );
}

#[test]
fn eof_mid_search_exits_without_a_move() {
    let (mut e, _) = thinking(Duration::from_millis(300));
    e.close_stdin();
    assert!(e.wait_exit(EXIT).is_some(), "no exit within 1 s of EOF");
    let after: Vec<String> = e
        .drain(Duration::from_millis(200))
        .into_iter()
        .filter(|l| !l.starts_with("MESSAGE"))
        .collect();
    assert!(after.is_empty(), "printed after EOF: {after:?}");
}

#[test]
fn end_inside_a_block_exits() {
    let mut e = Engine::start();
    e.send_all(&["START 15", "BOARD", "7,7,1", "END"]);
    e.expect("OK");
    assert!(e.wait_exit(EXIT).is_some());
}

#[test]
fn yxstop_mid_search_answers_now() {
    for stop in ["YXSTOP", "stop"] {
        let (mut e, answered) = thinking(Duration::from_millis(300));
        if answered {
            continue;
        }
        let t = Instant::now();
        e.send(stop);
        let m = e.reply_within(EXIT).expect("a move within 1 s of the stop");
        parse_move_on(&m, 15, 15);
        assert!(t.elapsed() < EXIT);
        // The engine goes on working afterwards.
        e.send("ABOUT");
        e.expect_prefix("name=");
    }
}

#[test]
fn info_during_a_search_applies_to_the_next_move() {
    let (mut e, answered) = thinking(Duration::from_millis(200));
    e.send("INFO timeout_turn 200");
    if !answered {
        e.send("YXSTOP");
        parse_move_on(&e.reply(), 15, 15);
    }
    let t = Instant::now();
    e.send("TURN 0,0");
    parse_move_on(&e.reply(), 15, 15);
    assert!(t.elapsed() < Duration::from_millis(200 + 1500));
}
