//! END, end of input and YXSTOP, idle and in the middle of a long search.

mod support;

use std::time::{Duration, Instant};
use support::{parse_move_on, Engine};

const EXIT: Duration = Duration::from_secs(1);

/// An engine thinking, with 30 s per move, on a quiet position of a
/// balanced opening (no forced win or forced reply, so the search really
/// runs). Panics if it answers within `wait`: every test below needs a
/// search that is still running.
fn thinking(wait: Duration) -> Engine {
    let mut e = Engine::start();
    e.send("START 15");
    e.expect("OK");
    e.send("INFO timeout_turn 30000");
    // l2 i4 l3 m6 j4 i2 f1 j5: Black to move, so the first stone is ours.
    e.send_all(&[
        "BOARD", "11,1,1", "8,3,2", "11,2,1", "12,5,2", "9,3,1", "8,1,2", "5,0,1", "9,4,2", "DONE",
    ]);
    assert!(
        e.reply_within(wait).is_none(),
        "the search answered within {wait:?}: nothing to interrupt"
    );
    e
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
    let mut e = thinking(Duration::from_millis(300));
    let t = Instant::now();
    e.send("END");
    assert!(e.wait_exit(EXIT).is_some(), "no exit within 1 s of END");
    assert!(t.elapsed() < EXIT);
    let after: Vec<String> = e
        .drain(Duration::from_millis(200))
        .into_iter()
        .filter(|l| !l.starts_with("MESSAGE"))
        .collect();
    assert!(after.is_empty(), "printed after END: {after:?}");
}

#[test]
fn eof_mid_search_answers_at_once_and_exits() {
    // The end of input stops the search at once; the move it had is still
    // printed (what was read gets its answer), and the process is gone
    // within a second.
    let mut e = thinking(Duration::from_millis(300));
    let t = Instant::now();
    e.close_stdin();
    assert!(e.wait_exit(EXIT).is_some(), "no exit within 1 s of EOF");
    assert!(t.elapsed() < EXIT);
    let after: Vec<String> = e
        .drain(Duration::from_millis(200))
        .into_iter()
        .filter(|l| !l.starts_with("MESSAGE"))
        .collect();
    assert!(after.len() <= 1, "more than the move after EOF: {after:?}");
    for m in &after {
        parse_move_on(m, 15, 15);
    }
}

#[test]
fn eof_answers_every_command_already_read() {
    // A piped script without END: every request gets its reply.
    let mut e = Engine::start();
    e.send_all(&[
        "START 15",
        "INFO timeout_turn 5000",
        "BEGIN",
        "TURN 8,8",
        "ABOUT",
    ]);
    e.close_stdin();
    e.expect("OK");
    parse_move_on(&e.reply(), 15, 15);
    parse_move_on(&e.reply(), 15, 15);
    e.expect_prefix("name=");
    assert!(
        e.wait_exit(EXIT).is_some(),
        "no exit within 1 s of the last reply"
    );
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
        let mut e = thinking(Duration::from_millis(300));
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
fn yxstop_ends_every_search_of_a_swap2_answer() {
    // The empty-board answer searches four openings, a quarter of the move
    // time each (5 s here); after YXSTOP the rest are answered at once.
    let mut e = Engine::start();
    e.send("START 15");
    e.expect("OK");
    e.send("INFO timeout_turn 20000");
    e.send_all(&["SWAP2BOARD", "DONE"]);
    assert!(e.reply_within(Duration::from_millis(300)).is_none());
    let t = Instant::now();
    e.send("YXSTOP");
    let m = e
        .reply_within(EXIT)
        .expect("the three stones within 1 s of the stop");
    assert!(t.elapsed() < EXIT);
    let stones: Vec<_> = m
        .split_whitespace()
        .map(|s| parse_move_on(s, 15, 15))
        .collect();
    assert_eq!(stones.len(), 3, "{m}");
    // The next request thinks for its full time again.
    e.send("INFO timeout_turn 1000");
    e.send("BEGIN");
    assert!(e.reply_within(Duration::from_millis(200)).is_none());
    parse_move_on(&e.reply(), 15, 15);
}

#[test]
fn info_during_a_search_applies_to_the_next_move() {
    let mut e = thinking(Duration::from_millis(200));
    e.send("INFO timeout_turn 200");
    e.send("YXSTOP");
    parse_move_on(&e.reply(), 15, 15);
    let t = Instant::now();
    e.send("TURN 0,0");
    parse_move_on(&e.reply(), 15, 15);
    assert!(t.elapsed() < Duration::from_millis(200 + 1500));
}
