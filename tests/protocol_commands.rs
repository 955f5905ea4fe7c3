//! One transcript per protocol command, against the real binary.

mod support;

use std::time::{Duration, Instant};
use support::{parse_move, parse_move_on, Engine};
use tengen::{Board, Rule};

const SILENCE: Duration = Duration::from_millis(300);

/// START 15 with fast moves.
fn started(size: i32) -> Engine {
    let mut e = Engine::start();
    e.send(&format!("START {size}"));
    e.expect("OK");
    e.send("INFO timeout_turn 300");
    e
}

#[test]
fn about_names_the_engine_and_version() {
    let mut e = Engine::start();
    e.send("ABOUT");
    let about = e.reply();
    assert_eq!(
        about,
        format!(
            "name=\"Tengen\", version=\"{}\", author=\"Tengen developers\", country=\"International\"",
            env!("CARGO_PKG_VERSION")
        )
    );
}

#[test]
fn start_begin_turn() {
    let mut e = started(15);
    e.send("BEGIN");
    let first = parse_move_on(&e.reply(), 15, 15);
    let turn = if first == (0, 0) { (1, 1) } else { (0, 0) };
    e.send(&format!("TURN {},{}", turn.0, turn.1));
    let second = parse_move_on(&e.reply(), 15, 15);
    assert!(second != first && second != turn);
}

#[test]
fn lowercase_lf_and_cr_line_ends() {
    let mut e = Engine::start();
    e.send_raw(b"start 15\ninfo timeout_turn 200\rturn 7,7\r\n\r\n  about  \n");
    e.expect("OK");
    let m = parse_move_on(&e.reply(), 15, 15);
    assert_ne!(m, (7, 7));
    e.expect_prefix("name=\"Tengen\"");
}

/// Yixin-Board starts the board with its width and height (`START 15 15`
/// when it launches the engine, `start 15 15` before every request, in
/// main.c of accreator/Yixin-Board). Two different sides are refused:
/// that board is `RECTSTART w,h`.
#[test]
fn start_with_width_and_height_as_yixin_board_sends_it() {
    let mut e = Engine::start();
    e.send("START 15 15");
    e.expect("OK");
    e.send_all(&["info timeout_turn 200", "start 15 15"]);
    e.expect("OK");
    e.send_all(&["board", "7,7,2", "done"]);
    let m = parse_move_on(&e.reply(), 15, 15);
    assert_ne!(m, (7, 7));
    e.send("START 20 15");
    e.expect_prefix("ERROR START: 20 15 is not square");
    // The board is still the 15x15 one with its two stones.
    e.send("TURN 15,0");
    e.expect_prefix("ERROR TURN 15,0");
    e.send(&format!("TURN {},{}", m.0, m.1));
    e.expect_prefix("ERROR TURN");
    e.send("START 20,20");
    e.expect("OK");
    e.send("TURN 19,19");
    parse_move_on(&e.reply(), 20, 20);
}

#[test]
fn rectstart() {
    let mut e = Engine::start();
    e.send("RECTSTART 20,10");
    e.expect("OK");
    e.send("INFO timeout_turn 200");
    e.send("BEGIN");
    parse_move_on(&e.reply(), 20, 10);
    e.send("TURN 19,9");
    let m = parse_move_on(&e.reply(), 20, 10);
    assert_ne!(m, (19, 9));
    e.send("TURN 10,10");
    e.expect_prefix("ERROR TURN 10,10: 10,10 is outside the board");
}

#[test]
fn restart_clears_the_board() {
    let mut e = started(15);
    e.send("TURN 7,7");
    parse_move_on(&e.reply(), 15, 15);
    e.send("RESTART");
    e.expect("OK");
    // 7,7 is free again.
    e.send("TURN 7,7");
    let m = parse_move_on(&e.reply(), 15, 15);
    assert_ne!(m, (7, 7));
}

#[test]
fn board_then_move() {
    let mut e = started(15);
    e.send_all(&["BOARD", "7,7,2", "8,8,1", "7,8,2", "DONE"]);
    let m = parse_move_on(&e.reply(), 15, 15);
    assert!(![(7, 7), (8, 8), (7, 8)].contains(&m));
    // The Gomocup judge asks for the first move with an empty BOARD.
    e.send("RESTART");
    e.expect("OK");
    e.send_all(&["BOARD", "DONE"]);
    parse_move_on(&e.reply(), 15, 15);
}

#[test]
fn board_blocks_open_fours() {
    // The opponent has a four with one end free and we have nothing: the
    // reply must take the point, whatever the engine.
    let mut e = started(15);
    e.send_all(&[
        "BOARD", "3,3,2", "4,3,2", "5,3,2", "6,3,2", "2,3,1", "10,10,1", "11,12,1", "DONE",
    ]);
    assert_eq!(e.reply(), "7,3");
}

#[test]
fn continuous_game_dead_stones_are_never_played() {
    let mut e = started(15);
    // Field 3: a stone that no longer counts; the cell stays taken.
    e.send_all(&["BOARD", "7,7,3", "DONE"]);
    let m = parse_move_on(&e.reply(), 15, 15);
    assert_ne!(m, (7, 7));
    e.send("TURN 7,7");
    e.expect("ERROR TURN 7,7: 7,7 is already occupied");
}

/// A stone that no longer counts is a wall for the rules, as in Piskvork's
/// judge (renju.cpp reads a blocked cell as neither colour): Black's row
/// 5,7 6,7 with 8,7 dead is no three, so 7,7 (with the column 7,5 7,6)
/// is not a double three.
#[test]
fn continuous_renju_dead_stones_are_walls_for_forbidden_points() {
    let mut e = started(15);
    let stones = [
        "5,7,1", "0,0,2", "6,7,1", "14,0,2", "7,5,1", "0,14,2", "7,6,1", "14,14,2",
    ];
    e.send("INFO rule 6");
    e.send("YXBOARD");
    e.send_all(&stones);
    e.send_all(&["DONE", "YXSHOWFORBID"]);
    e.expect("FORBID 0707.");
    e.send("YXBOARD");
    e.send_all(&stones);
    e.send_all(&["8,7,3", "DONE", "YXSHOWFORBID"]);
    e.expect("FORBID .");
    // The wall survives a change of rule (the board is rebuilt).
    e.send_all(&["INFO rule 0", "INFO rule 6", "YXSHOWFORBID"]);
    e.expect("FORBID .");
}

#[test]
fn yxboard_sets_the_position_without_a_move() {
    let mut e = started(15);
    e.send_all(&["yxboard", "7,7,1", "8,8,2", "done"]);
    e.expect_silence(SILENCE);
    e.send("TAKEBACK 8,8");
    e.expect("OK");
    e.send("TAKEBACK 7,7");
    e.expect("OK");
}

#[test]
fn takeback_last_move() {
    let mut e = started(15);
    e.send("TURN 7,7");
    let (x, y) = parse_move_on(&e.reply(), 15, 15);
    e.send(&format!("TAKEBACK {x},{y}"));
    e.expect("OK");
    e.send("TAKEBACK 7,7");
    e.expect("OK");
    e.send("TAKEBACK 7,7");
    e.expect("ERROR TAKEBACK 7,7: the board is empty");
}

#[test]
fn play_imposes_our_move() {
    let mut e = started(15);
    e.send("PLAY 7,7");
    e.expect("7,7");
    e.send("TURN 7,7");
    e.expect("ERROR TURN 7,7: 7,7 is already occupied");
    e.send("TURN 8,8");
    let m = parse_move_on(&e.reply(), 15, 15);
    assert!(m != (7, 7) && m != (8, 8));
}

#[test]
fn every_info_key_is_silent() {
    let mut e = started(15);
    e.send_all(&[
        "INFO timeout_turn 1000",
        "INFO timeout_match 100000",
        "INFO time_left 90000",
        "INFO time_left -50",
        "INFO time_left 2147483647",
        "INFO max_memory 367001600",
        "INFO game_type 1",
        "INFO rule 1",
        "INFO evaluate 7,7",
        "INFO folder /tmp/some folder",
        "INFO thread_num 64",
        "INFO hash_size 16384",
        "INFO max_depth 6",
        "INFO max_node 100000",
        "INFO time_increment 100",
        "INFO pondering 0",
        "INFO caution_factor 2",
        "INFO show_detail 0",
        "INFO usedatabase 0",
        "INFO foo bar",
        "info SOME_NEW_KEY 1 2 3",
    ]);
    e.expect_silence(SILENCE);
    e.send("ABOUT");
    e.expect_prefix("name=");
    e.send("BEGIN");
    parse_move_on(&e.reply(), 15, 15);
}

#[test]
fn stop_when_idle_is_silent() {
    let mut e = started(15);
    e.send_all(&[
        "YXSTOP",
        "STOP",
        "YXHASHCLEAR",
        "YXBLOCKRESET",
        "YXBLOCKUNDO",
    ]);
    e.expect_silence(SILENCE);
}

#[test]
fn yxshowinfo_before_start() {
    let mut e = Engine::start();
    e.send("YXSHOWINFO");
    let a = e.recv(support::QUICK).unwrap_or_default();
    let b = e.recv(support::QUICK).unwrap_or_default();
    let threads: usize = a
        .strip_prefix("MESSAGE INFO MAX_THREAD_NUM ")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{a:?}"));
    assert!(threads >= 1);
    let hash: u64 = b
        .strip_prefix("MESSAGE INFO MAX_HASH_SIZE ")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{b:?}"));
    // Yixin-Board reads it as an exponent: its slider sends `hash_size`
    // 1 << x KB, so it must be a small number.
    assert!((10..=30).contains(&hash), "{hash}");
    // With a memory limit the reported maximum leaves headroom.
    e.send("INFO max_memory 367001600");
    e.send("YXSHOWINFO");
    e.recv(support::QUICK);
    let b = e.recv(support::QUICK).unwrap_or_default();
    let hash: u64 = b
        .strip_prefix("MESSAGE INFO MAX_HASH_SIZE ")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{b:?}"));
    assert!(
        (1u64 << hash) * 1024 + 24 * 1024 * 1024 <= 367_001_600,
        "{hash}"
    );
    assert!((1u64 << (hash + 1)) * 1024 > 367_001_600 / 2, "{hash}");
    // A limit too small for any table still gets the 1 MiB minimum, 2^10 KB.
    e.send("INFO max_memory 1");
    e.send("YXSHOWINFO");
    e.recv(support::QUICK);
    let b = e.recv(support::QUICK).unwrap_or_default();
    assert_eq!(b, "MESSAGE INFO MAX_HASH_SIZE 10");
}

#[test]
fn yxshowforbid_lists_renju_forbidden_points() {
    let mut e = started(15);
    e.send("INFO rule 4");
    // Black 7,7 8,7 (row) and 9,8 9,9 (column): 9,7 makes two open threes.
    e.send_all(&[
        "YXBOARD", "7,7,1", "0,0,2", "8,7,1", "14,0,2", "9,8,1", "0,14,2", "9,9,1", "14,14,2",
        "DONE",
    ]);
    e.send("YXSHOWFORBID");
    let expected = {
        let mut b = Board::from_moves(
            15,
            15,
            Rule::Renju,
            &[
                (7, 7),
                (0, 0),
                (8, 7),
                (14, 0),
                (9, 8),
                (0, 14),
                (9, 9),
                (14, 14),
            ],
        )
        .unwrap();
        let pts: Vec<String> = b
            .forbidden_points()
            .iter()
            .map(|p| format!("{:02}{:02}", p.x(), p.y()))
            .collect();
        assert!(pts.contains(&"0907".to_string()), "{pts:?}");
        format!("FORBID {}.", pts.concat())
    };
    e.expect(&expected);
    // Black to move must not take it.
    e.send("BEGIN");
    let m = parse_move_on(&e.reply(), 15, 15);
    assert_ne!(m, (9, 7));
    // Freestyle has none.
    e.send("INFO rule 0");
    e.send("YXSHOWFORBID");
    e.expect("FORBID .");
}

#[test]
fn rule_2_is_renju_and_rule_change_keeps_stones() {
    let mut e = started(15);
    e.send("INFO rule 2");
    e.send_all(&[
        "YXBOARD", "7,7,1", "0,0,2", "8,7,1", "14,0,2", "9,8,1", "0,14,2", "9,9,1", "14,14,2",
        "DONE",
    ]);
    e.send("YXSHOWFORBID");
    let f = e.expect_prefix("FORBID ");
    assert!(f.contains("0907"), "{f}");
    e.send("INFO rule 1");
    e.send("YXSHOWFORBID");
    e.expect("FORBID .");
    e.send("INFO rule 4");
    e.send("YXSHOWFORBID");
    e.expect(&f);
    e.send("TURN 9,9");
    e.expect("ERROR TURN 9,9: 9,9 is already occupied");
}

#[test]
fn yxnbest_answers_a_move() {
    let mut e = started(15);
    e.send_all(&["BOARD", "7,7,2", "DONE"]);
    parse_move_on(&e.reply(), 15, 15);
    e.send("INFO show_detail 3");
    e.skip_detail = true;
    e.send_all(&["yxboard", "7,7,1", "8,8,2", "done"]);
    e.send("YXNBEST 3");
    let m = parse_move_on(&e.reply(), 15, 15);
    assert!(m != (7, 7) && m != (8, 8));
    // Whatever detail the search reported came in whole blocks.
    let detail: Vec<&String> = e
        .transcript
        .iter()
        .filter(|l| l.starts_with("INFO "))
        .collect();
    let opened = detail
        .iter()
        .filter(|l| l.starts_with("INFO PV ") && !l.ends_with("DONE"))
        .count();
    let closed = detail
        .iter()
        .filter(|l| l.as_str() == "INFO PV DONE")
        .count();
    assert!(
        closed <= opened && (opened == 0) == (closed == 0),
        "{detail:?}"
    );
    assert_eq!(
        e.transcript.last().map(String::as_str),
        Some(format!("{},{}", m.0, m.1).as_str())
    );
}

#[test]
fn yxblock_excludes_moves_and_survives_start() {
    let mut e = started(15);
    // Take the whole centre area away but one cell.
    let mut block = vec!["YXBLOCK".to_string()];
    for y in 5..10 {
        for x in 5..10 {
            if (x, y) != (9, 9) {
                block.push(format!("{x},{y}"));
            }
        }
    }
    block.push("DONE".into());
    let refs: Vec<&str> = block.iter().map(String::as_str).collect();
    e.send_all(&refs);
    e.expect_silence(SILENCE);
    // A GUI re-sends START before thinking: blocks stay.
    e.send("START 15");
    e.expect("OK");
    e.send_all(&["BOARD", "7,7,2", "DONE"]);
    let m = parse_move_on(&e.reply(), 15, 15);
    let inside = (5..10).contains(&m.0) && (5..10).contains(&m.1);
    assert!(!inside || m == (9, 9), "blocked move {m:?}");
    e.send("YXBLOCKRESET");
    e.expect_silence(SILENCE);
}

#[test]
fn balance_commands() {
    let mut e = started(15);
    e.send_all(&["YXBOARD", "7,7,1", "8,8,2", "DONE"]);
    e.send("YXBALANCEONE 0");
    let m = parse_move_on(&e.reply(), 15, 15);
    assert!(m != (7, 7) && m != (8, 8));
    e.send("YXBALANCETWO 20");
    let r = e.reply();
    let moves: Vec<(i32, i32)> = r.split(' ').filter_map(parse_move).collect();
    assert_eq!(moves.len(), 2, "{r}");
    assert_ne!(moves[0], moves[1]);
    for m in &moves {
        assert!(*m != (7, 7) && *m != (8, 8));
    }
}

#[test]
fn balance_two_on_a_board_with_one_cell_left_says_so() {
    // 5x5, every cell taken but 4,4, no five anywhere (even with 4,4): the
    // first stone fills the board and leaves the second nowhere to go.
    let mut e = started(5);
    let rows = ["XXOOX", "OOXXO", "XXOOX", "OOXXO", "XXOO."];
    let mut lines = vec!["YXBOARD".to_string()];
    for (y, row) in rows.iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            match c {
                'X' => lines.push(format!("{x},{y},1")),
                'O' => lines.push(format!("{x},{y},2")),
                _ => {}
            }
        }
    }
    lines.push("DONE".into());
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    e.send_all(&refs);
    e.send("YXBALANCETWO 0");
    assert_eq!(e.reply(), "ERROR no legal move: no reply left after 4,4");
    // One stone is still a legal answer to YXBALANCEONE.
    e.send("YXBALANCEONE 0");
    assert_eq!(e.reply(), "4,4");
}

fn moves_of(reply: &str) -> Vec<(i32, i32)> {
    reply.split(' ').filter_map(parse_move).collect()
}

#[test]
fn swap2_opening_and_choices() {
    let mut e = started(15);
    e.send("INFO rule 1");
    e.send_all(&["SWAP2BOARD", "DONE"]);
    let r = e.reply();
    let three = moves_of(&r);
    assert_eq!(three.len(), 3, "{r}");
    let mut sorted = three.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), 3, "{r}");

    e.send_all(&["SWAP2BOARD", "7,7", "8,7", "9,9", "DONE"]);
    let r = e.reply();
    if r != "SWAP" {
        let m = moves_of(&r);
        assert!(m.len() == 1 || m.len() == 2, "{r}");
        for p in m {
            assert!(![(7, 7), (8, 7), (9, 9)].contains(&p));
        }
    }

    e.send_all(&["SWAP2BOARD", "7,7", "8,7", "9,9", "8,8", "8,6", "DONE"]);
    let r = e.reply();
    if r != "SWAP" {
        let m = parse_move_on(&r, 15, 15);
        assert!(![(7, 7), (8, 7), (9, 9), (8, 8), (8, 6)].contains(&m));
    }

    e.send_all(&["SWAP2BOARD", "7,7", "8,7", "DONE"]);
    e.expect("ERROR SWAP2BOARD rejected: expected 0, 3 or 5 stones, got 2");
}

#[test]
fn commands_during_a_search_wait_for_the_move() {
    let mut e = started(15);
    e.send_all(&[
        "INFO timeout_turn 1000",
        "BEGIN",
        "ABOUT",
        "TURN 0,0",
        "YXSHOWFORBID",
    ]);
    // Whatever the engine prints first (MESSAGE lines aside) is the move;
    // the replies to the rest follow in order.
    let m = parse_move_on(&e.reply(), 15, 15);
    e.expect_prefix("name=\"Tengen\"");
    let second = if m == (0, 0) {
        e.expect("ERROR TURN 0,0: 0,0 is already occupied");
        None
    } else {
        Some(parse_move_on(&e.reply(), 15, 15))
    };
    assert_ne!(second, Some(m));
    e.expect("FORBID .");
}

#[test]
fn timeout_turn_zero_answers_at_once() {
    let mut e = started(15);
    e.send("INFO timeout_turn 0");
    let t = Instant::now();
    e.send("BEGIN");
    parse_move_on(&e.reply(), 15, 15);
    assert!(t.elapsed() < Duration::from_secs(1), "{:?}", t.elapsed());
}

#[test]
fn smallest_and_largest_boards() {
    for n in [5, 22] {
        let mut e = started(n);
        e.send("BEGIN");
        parse_move_on(&e.reply(), n, n);
    }
}

#[test]
fn end_quits() {
    let mut e = started(15);
    e.send("END");
    assert!(e.wait_exit(Duration::from_secs(1)).is_some());
    assert!(e.drain(Duration::from_millis(200)).is_empty());
}
