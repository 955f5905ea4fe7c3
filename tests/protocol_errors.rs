//! Every class of bad input gets its error, changes nothing, and the next
//! valid command still works.

mod support;

use std::time::Duration;
use support::{parse_move_on, Engine};
use tengen::{rules, Board, Rule};

fn started() -> Engine {
    let mut e = Engine::start();
    e.send("START 15");
    e.expect("OK");
    e.send("INFO timeout_turn 300");
    e
}

#[test]
fn occupied_and_off_board_turns() {
    let mut e = started();
    e.send("TURN 7,7");
    let (x, y) = parse_move_on(&e.reply(), 15, 15);
    e.send("TURN 7,7");
    e.expect("ERROR TURN 7,7: 7,7 is already occupied");
    e.send(&format!("TURN {x},{y}"));
    e.expect(&format!("ERROR TURN {x},{y}: {x},{y} is already occupied"));
    for (bx, by) in [(15, 0), (-1, 3), (3, 15), (100000, 2)] {
        e.send(&format!("TURN {bx},{by}"));
        e.expect(&format!(
            "ERROR TURN {bx},{by}: {bx},{by} is outside the board"
        ));
    }
    // Nothing changed: our move is still the last one, and play goes on.
    e.send(&format!("TAKEBACK {x},{y}"));
    e.expect("OK");
    e.send(&format!("TURN {x},{y}"));
    parse_move_on(&e.reply(), 15, 15);
}

#[test]
fn malformed_numbers() {
    let mut e = started();
    for (bad, reply) in [
        (
            "TURN 7,x",
            "ERROR TURN: bad coordinates '7,x' (expected x,y)",
        ),
        ("TURN 7", "ERROR TURN: bad coordinates '7' (expected x,y)"),
        ("TURN", "ERROR TURN: bad coordinates '' (expected x,y)"),
        (
            "TURN 1.5,2",
            "ERROR TURN: bad coordinates '1.5,2' (expected x,y)",
        ),
        (
            "TURN 99999999999,1",
            "ERROR TURN: bad coordinates '99999999999,1' (expected x,y)",
        ),
        ("START abc", "ERROR START: bad board size 'abc'"),
        (
            "RECTSTART 20",
            "ERROR RECTSTART: bad size '20' (expected w,h)",
        ),
        (
            "TAKEBACK ,",
            "ERROR TAKEBACK: bad coordinates ',' (expected x,y)",
        ),
        (
            "PLAY a,b",
            "ERROR PLAY: bad coordinates 'a,b' (expected x,y)",
        ),
        (
            "INFO timeout_turn abc",
            "ERROR INFO timeout_turn: bad value 'abc' (expected a number >= 0)",
        ),
        (
            "INFO timeout_turn -1",
            "ERROR INFO timeout_turn: bad value '-1' (expected a number >= 0)",
        ),
        ("INFO max_memory", "ERROR INFO max_memory: missing value"),
        ("INFO rule 99", "ERROR INFO rule: unsupported rule code 99"),
        ("INFO", "ERROR INFO: missing key"),
        ("YXNBEST 0", "ERROR YXNBEST: the count must be at least 1"),
        ("YXBALANCEONE x", "ERROR YXBALANCEONE: bad bias 'x'"),
        (
            "DONE",
            "ERROR DONE without BOARD, YXBOARD, SWAP2BOARD or YXBLOCK",
        ),
    ] {
        e.send(bad);
        e.expect(reply);
    }
    e.send("TURN 7,7");
    parse_move_on(&e.reply(), 15, 15);
}

#[test]
fn commands_before_start() {
    let mut e = Engine::start();
    for (cmd, name) in [
        ("BEGIN", "BEGIN"),
        ("TURN 7,7", "TURN"),
        ("RESTART", "RESTART"),
        ("TAKEBACK 7,7", "TAKEBACK"),
        ("PLAY 7,7", "PLAY"),
        ("YXSHOWFORBID", "YXSHOWFORBID"),
        ("YXNBEST 2", "YXNBEST"),
        ("YXBALANCEONE 0", "YXBALANCEONE"),
    ] {
        e.send(cmd);
        e.expect(&format!("ERROR {name}: no board, send START first"));
    }
    // A block gets one error, after its DONE.
    for kind in ["BOARD", "YXBOARD", "SWAP2BOARD", "YXBLOCK"] {
        e.send_all(&[kind, "7,7,1", "DONE"]);
        e.expect(&format!("ERROR {kind}: no board, send START first"));
    }
    e.send("START 15");
    e.expect("OK");
    e.send("INFO timeout_turn 300");
    e.send("BEGIN");
    parse_move_on(&e.reply(), 15, 15);
}

#[test]
fn unsupported_board_sizes() {
    let mut e = Engine::start();
    for (cmd, w, h) in [
        ("START 4", 4, 4),
        ("START 23", 23, 23),
        ("START 0", 0, 0),
        ("START -15", -15, -15),
        ("RECTSTART 30,15", 30, 15),
        ("RECTSTART 15,3", 15, 3),
    ] {
        e.send(cmd);
        e.expect(&format!(
            "ERROR unsupported board size {w}x{h} (each side must be 5..=22)"
        ));
    }
    // After a refused START there is no board...
    e.send("BEGIN");
    e.expect("ERROR BEGIN: no board, send START first");
    // ...until a good one.
    e.send("START 20");
    e.expect("OK");
    e.send("INFO timeout_turn 300");
    e.send("BEGIN");
    parse_move_on(&e.reply(), 20, 20);
}

#[test]
fn bad_board_blocks_are_rejected_whole() {
    let mut e = started();
    e.send("TURN 7,7");
    let (x, y) = parse_move_on(&e.reply(), 15, 15);
    let bad_blocks: [(&[&str], &str); 7] = [
        (
            &["1,1,1", "1,1,2"],
            "ERROR BOARD rejected, position unchanged: 1,1 is listed twice",
        ),
        (
            &["1,1,1", "2,2,3", "2,2,2"],
            "ERROR BOARD rejected, position unchanged: 2,2 is listed twice",
        ),
        (
            &["1,1,1", "15,15,2"],
            "ERROR BOARD rejected, position unchanged: 15,15 is outside the board",
        ),
        (
            &["1,1,1", "2,2,4"],
            "ERROR BOARD rejected, position unchanged: bad field in '2,2,4' (expected 1, 2 or 3)",
        ),
        (
            &["1,1,1", "2,x,2", "3,3,9"],
            "ERROR BOARD rejected, position unchanged: bad line '2,x,2' (expected x,y,f)",
        ),
        (
            &["1,1"],
            "ERROR BOARD rejected, position unchanged: bad line '1,1' (expected x,y,f)",
        ),
        (
            &["TURN 1,1", "2,2,1"],
            "ERROR BOARD rejected, position unchanged: bad line 'TURN 1,1' (expected x,y,f)",
        ),
    ];
    for (lines, reply) in bad_blocks {
        let mut all = vec!["BOARD"];
        all.extend_from_slice(lines);
        all.push("DONE");
        e.send_all(&all);
        // Exactly one reply per block: the next reply belongs to TAKEBACK.
        e.expect(reply);
    }
    e.send_all(&["YXBOARD", "3,3,1", "3,3,1", "DONE"]);
    e.expect("ERROR YXBOARD rejected, position unchanged: 3,3 is listed twice");
    // A line that is not UTF-8 inside a block rejects it too.
    e.send_raw(b"BOARD\r\n1,1,1\r\n\xff\xfe,2,2\r\nDONE\r\n");
    e.expect("ERROR BOARD rejected, position unchanged: line is not valid UTF-8, ignored");
    // The position is the one before the bad blocks.
    e.send(&format!("TAKEBACK {x},{y}"));
    e.expect("OK");
    e.send("TAKEBACK 7,7");
    e.expect("OK");
    e.send_all(&["BOARD", "1,1,1", "2,2,2", "DONE"]);
    let m = parse_move_on(&e.reply(), 15, 15);
    assert!(m != (1, 1) && m != (2, 2));
}

#[test]
fn bad_takebacks() {
    let mut e = started();
    e.send("TAKEBACK 7,7");
    e.expect("ERROR TAKEBACK 7,7: the board is empty");
    e.send("TURN 7,7");
    let (x, y) = parse_move_on(&e.reply(), 15, 15);
    e.send("TAKEBACK 7,7");
    e.expect(&format!(
        "ERROR TAKEBACK 7,7: only the last move ({x},{y}) can be taken back"
    ));
    e.send("TAKEBACK 0,99");
    e.expect(&format!(
        "ERROR TAKEBACK 0,99: only the last move ({x},{y}) can be taken back"
    ));
    e.send(&format!("TAKEBACK {x},{y}"));
    e.expect("OK");
}

#[test]
fn megabyte_line() {
    let mut e = started();
    let mut line = vec![b'A'; 1 << 20];
    line.extend_from_slice(b"\r\n");
    e.send_raw(&line);
    e.expect("ERROR line longer than 65536 bytes ignored");
    let mut turn = b"TURN 7,".to_vec();
    turn.extend(std::iter::repeat_n(b'7', 1 << 20));
    turn.extend_from_slice(b"\r\n");
    e.send_raw(&turn);
    e.expect("ERROR line longer than 65536 bytes ignored");
    e.send("TURN 7,7");
    parse_move_on(&e.reply(), 15, 15);
}

#[test]
fn non_utf8_bytes() {
    let mut e = started();
    e.send_raw(b"TURN \xff\xfe,7\r\n");
    e.expect("ERROR line is not valid UTF-8, ignored");
    e.send_raw(b"\xc3\x28\r\n");
    e.expect("ERROR line is not valid UTF-8, ignored");
    e.send("TURN 7,7");
    parse_move_on(&e.reply(), 15, 15);
}

#[test]
fn unknown_commands() {
    let mut e = started();
    e.send("FOO");
    e.expect("UNKNOWN command 'FOO' is not supported");
    e.send("suggest 1,1");
    e.expect("UNKNOWN command 'SUGGEST' is not supported");
    e.send("7,7,1");
    e.expect("UNKNOWN command '7,7,1' is not supported");
    e.send("ABOUT");
    e.expect_prefix("name=\"Tengen\"");
}

#[test]
fn no_move_on_a_decided_or_full_board() {
    let mut e = started();
    // The opponent already has five.
    e.send_all(&[
        "BOARD", "3,3,2", "4,3,2", "5,3,2", "6,3,2", "7,3,2", "0,0,1", "0,2,1", "0,4,1", "0,6,1",
        "DONE",
    ]);
    e.expect("ERROR game is over: black has won");
    e.send("RESTART");
    e.expect("OK");

    // A full 5x5 board with no five.
    let rows = ["xxoox", "ooxxo", "xxoox", "ooxxo", "xxoox"];
    let diagram = rows.join("\n");
    let b = Board::from_diagram(&diagram, Rule::Freestyle, None).unwrap();
    assert!(b.is_full() && rules::find_winner(&b).is_none());
    e.send("START 5");
    e.expect("OK");
    let mut lines = vec!["BOARD".to_string()];
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            lines.push(format!("{x},{y},{}", if ch == 'x' { 1 } else { 2 }));
        }
    }
    lines.push("DONE".into());
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    e.send_all(&refs);
    e.expect("ERROR no legal move: the board is full");
    e.send("YXBALANCEONE 0");
    e.expect("ERROR no legal move: the board is full");
    e.send("RESTART");
    e.expect("OK");
    e.send("BEGIN");
    parse_move_on(&e.reply(), 5, 5);
    assert!(e.wait_exit(Duration::from_millis(10)).is_none());
}
