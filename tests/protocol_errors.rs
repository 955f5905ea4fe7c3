//! Every class of bad input gets its error, changes nothing, and the next
//! valid command still works.

mod support;

use std::time::Duration;
use support::{parse_move_on, Engine, Rng, QUICK};
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
fn a_block_without_done_is_rejected_and_the_next_command_obeyed() {
    let mut e = started();
    e.send("TURN 7,7");
    let (x, y) = parse_move_on(&e.reply(), 15, 15);
    // A BOARD whose DONE was lost, then the manager sends it again.
    e.send_all(&["BOARD", "1,1,1", "BOARD", "1,1,2", "2,2,1", "DONE"]);
    e.expect("ERROR BOARD rejected, position unchanged: no DONE before 'BOARD'");
    let (a, b) = parse_move_on(&e.reply(), 15, 15);
    assert!((a, b) != (1, 1) && (a, b) != (2, 2));
    // A command inside a block: an error for the block, then its own reply.
    e.send_all(&["YXBOARD", "3,3,1", "ABOUT"]);
    e.expect("ERROR YXBOARD rejected, position unchanged: no DONE before 'ABOUT'");
    e.expect_prefix("name=");
    // The position is the second BOARD's and our move; the rejected
    // YXBOARD changed nothing: taking back our answer leaves 2,2 last.
    e.send(&format!("TAKEBACK {a},{b}"));
    e.expect("OK");
    e.send("TAKEBACK 2,2");
    e.expect("OK");
    e.send(&format!("TAKEBACK {x},{y}"));
    e.expect(&format!(
        "ERROR TAKEBACK {x},{y}: only the last move (1,1) can be taken back"
    ));
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
    // Refused before any START: still no board...
    e.send("BEGIN");
    e.expect("ERROR BEGIN: no board, send START first");
    // ...until a good one.
    e.send("START 20");
    e.expect("OK");
    e.send("INFO timeout_turn 300");
    e.send("TURN 10,10");
    let first = parse_move_on(&e.reply(), 20, 20);
    // Refused during a game: the game goes on as it was, its 20x20 board
    // and both stones included.
    for cmd in ["START 4", "RECTSTART 30,15", "START 23"] {
        e.send(cmd);
        e.expect_prefix("ERROR unsupported board size");
    }
    let (x, y) = first;
    e.send(&format!("TURN {x},{y}"));
    e.expect(&format!("ERROR TURN {x},{y}: {x},{y} is already occupied"));
    e.send("TURN 19,19");
    let second = parse_move_on(&e.reply(), 20, 20);
    assert!(![first, (10, 10), (19, 19)].contains(&second), "{second:?}");
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
        // A word that is no command (a command would close the block:
        // `a_block_without_done_is_rejected_and_the_next_command_obeyed`).
        (
            &["TURNS 1,1", "2,2,1"],
            "ERROR BOARD rejected, position unchanged: bad line 'TURNS 1,1' (expected x,y,f)",
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

/// One random command for [`random_command_storms_leave_the_engine_alive_and_playable`]:
/// every command word of the protocol, with arguments good, bad and absurd,
/// blocks left open, empty and garbled lines. Searches stay short (small
/// turn times, no huge tables).
fn storm_command(rng: &mut Rng) -> String {
    fn pick<'a>(rng: &mut Rng, xs: &[&'a str]) -> &'a str {
        xs[rng.below(xs.len())]
    }
    fn cell(rng: &mut Rng) -> String {
        if rng.below(8) > 0 {
            format!("{},{}", rng.below(24) as i32 - 1, rng.below(24) as i32 - 1)
        } else {
            pick(
                rng,
                &[
                    "",
                    ",",
                    "1,",
                    ",1",
                    "a,b",
                    "1,2,3",
                    "1 2",
                    "99999999999,1",
                    "-5,-5",
                ],
            )
            .to_string()
        }
    }
    fn block(rng: &mut Rng, head: &str, fields: bool, n: usize, done: bool) -> String {
        let mut lines = vec![head.to_string()];
        for _ in 0..n {
            let c = cell(rng);
            lines.push(if fields {
                format!("{c},{}", pick(rng, &["1", "2", "3", "0", "x", ""]))
            } else {
                c
            });
        }
        if done {
            lines.push("DONE".into());
        }
        lines.join("\r\n")
    }
    let number = |rng: &mut Rng| {
        pick(
            rng,
            &[
                "0",
                "1",
                "7",
                "-3",
                "",
                "x",
                "1e3",
                "3.5",
                "99999999999999999999",
                "-0",
                "20000",
            ],
        )
        .to_string()
    };
    match rng.below(24) {
        0 | 1 => format!(
            "START {}",
            pick(
                rng,
                &["15", "20", "5", "22", "4", "23", "0", "-1", "x", "15 15", "6"]
            )
        ),
        2 => format!(
            "RECTSTART {}",
            pick(
                rng,
                &["15,15", "20,10", "5,5", "4,4", "30,30", "x", "15", "10,22"]
            )
        ),
        3..=6 => format!("TURN {}", cell(rng)),
        7 => "BEGIN".into(),
        8 | 9 => {
            let n = rng.below(12);
            let done = rng.below(10) > 0;
            block(rng, "BOARD", true, n, done)
        }
        10 => {
            let n = rng.below(8);
            block(rng, "YXBOARD", true, n, true)
        }
        11 => {
            let n = pick(rng, &["0", "2", "3", "4", "5"]).parse().unwrap_or(0);
            block(rng, "SWAP2BOARD", false, n, true)
        }
        12..=14 => {
            let key = pick(
                rng,
                &[
                    "timeout_turn",
                    "timeout_match",
                    "time_left",
                    "time_increment",
                    "max_memory",
                    "hash_size",
                    "thread_num",
                    "max_depth",
                    "max_node",
                    "rule",
                    "show_detail",
                    "pondering",
                    "game_type",
                    "folder",
                    "caution_factor",
                    "evaluate",
                    "bogus",
                ],
            );
            let value = match key {
                "timeout_turn" => pick(rng, &["0", "10", "30", "-5", "x", ""]).to_string(),
                "rule" => pick(rng, &["0", "1", "2", "4", "8", "9", "3", "16", "x", "-1"]).into(),
                "max_memory" => pick(rng, &["0", "1000", "83886080", "-1", "x"]).into(),
                "hash_size" => pick(rng, &["0", "1", "1024", "-5", "x"]).into(),
                "thread_num" => pick(rng, &["1", "2", "0", "-3", "1000"]).into(),
                "max_node" => pick(rng, &["0", "500", "20000", "-1", "x"]).into(),
                _ => number(rng),
            };
            format!("INFO {key} {value}")
        }
        15 => format!("TAKEBACK {}", cell(rng)),
        16 => format!("PLAY {}", cell(rng)),
        17 => pick(
            rng,
            &["RESTART", "ABOUT", "YXSTOP", "STOP", "YXSHOWFORBID", "DONE"],
        )
        .into(),
        18 => format!(
            "YXNBEST {}",
            pick(rng, &["1", "2", "3", "0", "-1", "x", ""])
        ),
        19 => {
            let n = rng.below(4);
            block(rng, "YXBLOCK", false, n, true)
        }
        20 => pick(
            rng,
            &["YXBLOCKUNDO", "YXBLOCKRESET", "YXHASHCLEAR", "YXSHOWINFO"],
        )
        .into(),
        21 => format!(
            "{} {}",
            pick(rng, &["YXBALANCEONE", "YXBALANCETWO"]),
            number(rng)
        ),
        _ => pick(
            rng,
            &[
                "",
                "   ",
                "\t",
                "turn 7,7",
                "FOO",
                "TURN",
                "START",
                "INFO",
                "INFO timeout_turn",
                "\u{0}",
                "\u{ff}\u{ff}",
                "TURN 7,7 extra",
            ],
        )
        .into(),
    }
}

/// A line the protocol allows on stdout (see protocol.md, "Replies").
fn is_protocol_line(l: &str) -> bool {
    let is_move = |t: &str| {
        t.split_once(',')
            .is_some_and(|(x, y)| x.parse::<u32>().is_ok() && y.parse::<u32>().is_ok())
    };
    [
        "ERROR ", "UNKNOWN ", "MESSAGE", "INFO ", "FORBID ", "name=\"",
    ]
    .iter()
    .any(|p| l.starts_with(p))
        || l == "OK"
        || l == "SWAP"
        || (!l.is_empty() && l.split(' ').all(is_move))
}

#[test]
fn random_command_storms_leave_the_engine_alive_and_playable() {
    for seed in 1..=3u64 {
        let mut rng = Rng::new(seed);
        let mut e = Engine::start();
        e.send_all(&["INFO timeout_turn 20", "INFO max_node 20000"]);
        let mut sent = Vec::new();
        for _ in 0..150 {
            let c = storm_command(&mut rng);
            e.send(&c);
            sent.push(c);
        }
        // Close a block left open, stop whatever still thinks, and let
        // the searches the storm started answer.
        e.send_all(&["DONE", "YXSTOP", "INFO pondering 0"]);
        let out = e.drain(Duration::from_secs(3));
        let context = || format!("seed {seed}, sent {sent:?}");
        assert!(
            e.wait_exit(Duration::from_millis(10)).is_none(),
            "exited; {}",
            context()
        );
        for l in &out {
            assert!(is_protocol_line(l), "stray output {l:?}; {}", context());
        }
        // Still a working engine (whatever detail the storm asked for).
        e.skip_detail = true;
        e.send_all(&[
            "INFO rule 0",
            "INFO timeout_turn 200",
            "INFO show_detail 0",
            "START 15",
        ]);
        e.expect("OK");
        e.send("TURN 7,7");
        let (x, y) = parse_move_on(&e.reply(), 15, 15);
        assert_ne!((x, y), (7, 7));
        e.send("END");
        let status = e.wait_exit(QUICK);
        assert!(status.is_some_and(|s| s.success()), "{}", context());
    }
}
