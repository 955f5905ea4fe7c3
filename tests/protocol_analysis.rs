//! The analysis commands GUIs use, against the real binary: multi-PV,
//! blocked moves, balanced moves, the detail levels, several threads,
//! pondering and clearing the hash table.

mod support;

use std::time::{Duration, Instant};
use support::{parse_move, parse_move_on, Engine};

const SILENCE: Duration = Duration::from_millis(300);

fn started(size: i32, turn_ms: u64) -> Engine {
    let mut e = Engine::start();
    e.send(&format!("START {size}"));
    e.expect("OK");
    e.send(&format!("INFO timeout_turn {turn_ms}"));
    e
}

/// Started on 15x15 with a search to `depth` under a generous clock: the
/// same iterations, and so the same output, however slow or loaded the
/// machine is.
fn started_to_depth(depth: u32) -> Engine {
    let mut e = started(15, 60_000);
    e.send(&format!("INFO max_depth {depth}"));
    e
}

/// The move that ends a fixed-depth search (`started_to_depth`), on its
/// 15x15 board.
fn fixed_depth_move(e: &mut Engine) -> (i32, i32) {
    let reply = e
        .reply_within(Duration::from_secs(30))
        .unwrap_or_else(|| panic!("no move: {:?}", e.transcript));
    parse_move_on(&reply, 15, 15)
}

/// A quiet middle-game position (l2 i4 l3 m6 j4 i2 f1 j5, Black to move:
/// the first stone is ours), where several moves are reasonable.
const QUIET: [&str; 10] = [
    "BOARD", "11,1,1", "8,3,2", "11,2,1", "12,5,2", "9,3,1", "8,1,2", "5,0,1", "9,4,2", "DONE",
];

fn quiet_stones() -> Vec<(i32, i32)> {
    QUIET[1..QUIET.len() - 1]
        .iter()
        .filter_map(|l| parse_move(l.rsplit_once(',').map_or(*l, |(a, _)| a)))
        .collect()
}

/// Our four on row 3 (3..=6, blocked at 2,3): 7,3 wins at once.
const FOUR: [&str; 10] = [
    "BOARD", "3,3,1", "4,3,1", "5,3,1", "6,3,1", "2,3,2", "10,10,2", "11,12,2", "12,12,2", "DONE",
];

fn block_lines(cells: &[(i32, i32)]) -> Vec<String> {
    let mut v = vec!["YXBLOCK".to_string()];
    v.extend(cells.iter().map(|(x, y)| format!("{x},{y}")));
    v.push("DONE".into());
    v
}

fn send_lines(e: &mut Engine, lines: &[String]) {
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    e.send_all(&refs);
}

/// Parses an `INFO EVAL` value: centi-units, or `+Mn` / `-Mn`.
fn eval_value(v: &str) -> i64 {
    if let Some(n) = v.strip_prefix("+M") {
        100_000 - n.parse::<i64>().unwrap()
    } else if let Some(n) = v.strip_prefix("-M") {
        -100_000 + n.parse::<i64>().unwrap()
    } else {
        v.parse().unwrap()
    }
}

/// One line of a detail block.
#[derive(Debug)]
struct PvLine {
    index: usize,
    eval: i64,
    first: (i32, i32),
}

/// The detail blocks in `lines`: each a list of PV lines, ended by
/// `INFO PV DONE`.
fn detail_blocks(lines: &[String]) -> Vec<Vec<PvLine>> {
    let mut blocks = Vec::new();
    let mut block = Vec::new();
    let mut cur: Option<(usize, i64)> = None;
    for l in lines {
        let Some(rest) = l.strip_prefix("INFO ") else {
            continue;
        };
        let (key, value) = rest.split_once(' ').unwrap_or((rest, ""));
        match key {
            "PV" if value == "DONE" => blocks.push(std::mem::take(&mut block)),
            "PV" => cur = Some((value.parse().unwrap(), 0)),
            "EVAL" => {
                if let Some(c) = cur.as_mut() {
                    c.1 = eval_value(value);
                }
            }
            "BESTLINE" => {
                let (index, eval) = cur.take().expect("BESTLINE after PV");
                let first = parse_move(value.split(' ').next().unwrap()).unwrap();
                block.push(PvLine { index, eval, first });
            }
            _ => {}
        }
    }
    blocks
}

#[test]
fn yxnbest_reports_n_distinct_legal_moves_in_score_order() {
    let mut e = started_to_depth(5);
    e.send("INFO show_detail 2");
    e.skip_detail = true;
    let mut yx: Vec<String> = QUIET.iter().map(|s| s.to_string()).collect();
    yx[0] = "YXBOARD".into();
    send_lines(&mut e, &yx);
    e.send("YXNBEST 4");
    let m = fixed_depth_move(&mut e);
    let stones = quiet_stones();
    assert!(!stones.contains(&m));
    let blocks = detail_blocks(&e.transcript);
    let full: Vec<&Vec<PvLine>> = blocks.iter().filter(|b| b.len() == 4).collect();
    assert!(full.len() >= 2, "{:?}", e.transcript);
    for block in full {
        let idx: Vec<usize> = block.iter().map(|l| l.index).collect();
        assert_eq!(idx, [0, 1, 2, 3]);
        for (i, l) in block.iter().enumerate() {
            assert!(!stones.contains(&l.first), "{block:?}");
            assert!(
                block[..i].iter().all(|o| o.first != l.first),
                "repeated move: {block:?}"
            );
            if i > 0 {
                assert!(block[i - 1].eval >= l.eval, "not in score order: {block:?}");
            }
        }
    }
}

#[test]
fn yxnbest_beyond_the_candidate_moves_closes_every_block() {
    // One stone: far fewer candidate moves than the 40 lines asked for.
    // Depth 3: three iterations, so three blocks.
    let mut e = started_to_depth(3);
    e.send("INFO show_detail 2");
    e.skip_detail = true;
    send_lines(&mut e, &["YXBOARD", "7,7,1", "DONE"].map(String::from));
    e.send("YXNBEST 40");
    fixed_depth_move(&mut e);
    // Every block announces as many lines as it holds, numbered from 0,
    // and ends with its own `INFO PV DONE`.
    let mut blocks = 0;
    let (mut numpv, mut seen) = (None, Vec::new());
    for l in &e.transcript {
        if let Some(n) = l.strip_prefix("INFO NUMPV ") {
            let n: usize = n.parse().unwrap();
            assert!(
                numpv.is_none_or(|m| m == n),
                "{l} inside a block of {numpv:?}"
            );
            numpv = Some(n);
        } else if l == "INFO PV DONE" {
            assert_eq!(numpv, Some(seen.len()), "{seen:?}");
            assert_eq!(seen, (0..seen.len()).collect::<Vec<_>>());
            assert!(seen.len() > 1 && seen.len() < 40, "{seen:?}");
            blocks += 1;
            (numpv, seen) = (None, Vec::new());
        } else if let Some(i) = l.strip_prefix("INFO PV ") {
            seen.push(i.parse::<usize>().unwrap());
        }
    }
    assert!(seen.is_empty(), "a block left open: {seen:?}");
    assert_eq!(blocks, 3, "one block per iteration: {:?}", e.transcript);
}

#[test]
fn a_blocked_winning_move_is_not_played() {
    let mut e = started(15, 500);
    // Unblocked, the five is played at once.
    send_lines(&mut e, &FOUR.map(String::from));
    assert_eq!(e.reply(), "7,3");
    send_lines(&mut e, &block_lines(&[(7, 3)]));
    e.expect_silence(SILENCE);
    send_lines(&mut e, &FOUR.map(String::from));
    let m = parse_move_on(&e.reply(), 15, 15);
    assert_ne!(m, (7, 3));
    assert!(
        ![(3, 3), (4, 3), (5, 3), (6, 3), (2, 3)].contains(&m),
        "{m:?}"
    );
    // YXBLOCKUNDO re-allows it.
    e.send("YXBLOCKUNDO");
    send_lines(&mut e, &FOUR.map(String::from));
    assert_eq!(e.reply(), "7,3");
    // YXBLOCKRESET too.
    send_lines(&mut e, &block_lines(&[(7, 3), (0, 0)]));
    e.send("YXBLOCKRESET");
    send_lines(&mut e, &FOUR.map(String::from));
    assert_eq!(e.reply(), "7,3");
}

/// Yixin-Board's form of `YXBLOCKUNDO` (main.c of accreator/Yixin-Board
/// sends `yxblockundo`, the cell, `done`): only the listed cell is
/// allowed again, whatever was blocked after it, and nothing is answered.
#[test]
fn yxblockundo_with_cells_allows_exactly_those_again() {
    let mut e = started(15, 500);
    e.send_all(&["yxblock", "7,3", "done", "yxblock", "0,0", "done"]);
    e.send_all(&["yxblockundo", "7,3", "done"]);
    e.expect_silence(SILENCE);
    send_lines(&mut e, &FOUR.map(String::from));
    assert_eq!(e.reply(), "7,3");
    // The other block still holds: undoing a cell that is not blocked
    // changes nothing, and 7,3 blocked again is not played.
    e.send_all(&["yxblockundo", "14,14", "done", "yxblock", "7,3", "done"]);
    e.expect_silence(SILENCE);
    send_lines(&mut e, &FOUR.map(String::from));
    assert_ne!(parse_move_on(&e.reply(), 15, 15), (7, 3));
    // A cell off the board rejects the whole list.
    e.send_all(&["yxblockundo", "7,3", "15,0", "done"]);
    e.expect_prefix("ERROR YXBLOCKUNDO rejected");
    send_lines(&mut e, &FOUR.map(String::from));
    assert_ne!(parse_move_on(&e.reply(), 15, 15), (7, 3));
}

#[test]
fn every_move_blocked_still_answers_a_legal_move() {
    let mut e = started(7, 300);
    let all: Vec<(i32, i32)> = (0..7).flat_map(|y| (0..7).map(move |x| (x, y))).collect();
    send_lines(&mut e, &block_lines(&all));
    e.send_all(&["BOARD", "3,3,2", "2,2,1", "4,3,2", "DONE"]);
    let m = parse_move_on(&e.reply(), 7, 7);
    assert!(![(3, 3), (2, 2), (4, 3)].contains(&m), "{m:?}");
    // And the balance commands answer too.
    e.send("YXBALANCEONE 0");
    let b = parse_move_on(&e.reply(), 7, 7);
    assert!(![(3, 3), (2, 2), (4, 3), m].contains(&b), "{b:?}");
}

#[test]
fn balance_one_finds_the_move_nearest_the_bias() {
    let mut e = started(15, 1000);
    let mut yx: Vec<String> = FOUR.iter().map(|s| s.to_string()).collect();
    yx[0] = "YXBOARD".into();
    send_lines(&mut e, &yx);
    // A bias of "won at once" (the score of a five, 29999) is met by the
    // five, and only by it: other moves that keep the four win too (the
    // opponent must block it, and the search sees the win behind the
    // block), but later.
    e.send("YXBALANCEONE 29999");
    assert_eq!(e.reply(), "7,3");
    // A bias of 0 is not: the five ends the game.
    e.send("YXBALANCEONE 0");
    let m = parse_move_on(&e.reply(), 15, 15);
    assert_ne!(m, (7, 3));
    assert!(![(3, 3), (4, 3), (5, 3), (6, 3), (2, 3)].contains(&m));
    // Nothing was played: the five is still there to be found.
    e.send("YXBALANCEONE 29999");
    assert_eq!(e.reply(), "7,3");
    // Blocked moves are never proposed.
    send_lines(&mut e, &block_lines(&[(7, 3)]));
    e.send("YXBALANCEONE 29000");
    assert_ne!(parse_move_on(&e.reply(), 15, 15), (7, 3));
}

#[test]
fn balance_two_answers_two_legal_moves() {
    let mut e = started(15, 1000);
    let mut yx: Vec<String> = QUIET.iter().map(|s| s.to_string()).collect();
    yx[0] = "YXBOARD".into();
    send_lines(&mut e, &yx);
    let stones = quiet_stones();
    // Keep a small area open: the answers must come from it.
    let open = [(10, 2), (10, 3), (10, 4), (7, 2), (7, 3), (7, 4)];
    let blocked: Vec<(i32, i32)> = (0..15)
        .flat_map(|y| (0..15).map(move |x| (x, y)))
        .filter(|c| !open.contains(c) && !stones.contains(c))
        .collect();
    send_lines(&mut e, &block_lines(&blocked));
    let t = Instant::now();
    e.send("YXBALANCETWO 0");
    let r = e.reply();
    assert!(t.elapsed() < Duration::from_millis(1000 + 1500), "{r}");
    let moves: Vec<(i32, i32)> = r.split(' ').filter_map(parse_move).collect();
    assert_eq!(moves.len(), 2, "{r}");
    assert_ne!(moves[0], moves[1]);
    for m in &moves {
        assert!(open.contains(m), "{r}");
    }
}

/// The output of one search of the quiet position at `show_detail`, to a
/// fixed depth.
fn search_output(level: u32) -> Vec<String> {
    let mut e = started_to_depth(4);
    e.send(&format!("INFO show_detail {level}"));
    e.skip_detail = true;
    e.send_all(&QUIET);
    fixed_depth_move(&mut e);
    e.transcript.clone()
}

#[test]
fn show_detail_levels() {
    let kinds = |out: &[String]| {
        let has = |p: &str| out.iter().any(|l| l.starts_with(p));
        (
            has("MESSAGE depth "),
            has("MESSAGE REALTIME "),
            has("INFO "),
        )
    };
    // 0: the info line only.
    let out = search_output(0);
    assert_eq!(kinds(&out), (true, false, false), "{out:?}");
    // 1: realtime lines, in the forms Yixin-Board reads.
    let out = search_output(1);
    assert_eq!(kinds(&out), (true, true, false), "{out:?}");
    assert_eq!(out[..2], ["OK", "MESSAGE REALTIME REFRESH"]);
    for kind in ["POS", "DONE", "BEST"] {
        let prefix = format!("MESSAGE REALTIME {kind} ");
        let l = out
            .iter()
            .find(|l| l.starts_with(&prefix))
            .unwrap_or_else(|| panic!("no {kind}: {out:?}"));
        parse_move_on(&l[prefix.len()..], 15, 15);
    }
    for l in out.iter().filter(|l| l.starts_with("MESSAGE REALTIME ")) {
        let word = l.split(' ').nth(2).unwrap();
        assert!(
            ["REFRESH", "POS", "DONE", "LOSE", "BEST"].contains(&word),
            "{l}"
        );
    }
    // 2: detail blocks, no realtime lines.
    let out = search_output(2);
    assert_eq!(kinds(&out), (true, false, true), "{out:?}");
    let blocks = detail_blocks(&out);
    assert!(!blocks.is_empty() && blocks.iter().all(|b| b.len() == 1));
    for key in [
        "PV",
        "NUMPV",
        "DEPTH",
        "SELDEPTH",
        "NODES",
        "TOTALNODES",
        "TOTALTIME",
        "SPEED",
        "EVAL",
        "WINRATE",
        "BESTLINE",
    ] {
        let p = format!("INFO {key} ");
        assert!(out.iter().any(|l| l.starts_with(&p)), "no {key}: {out:?}");
    }
    // 3: both.
    let out = search_output(3);
    assert_eq!(kinds(&out), (true, true, true), "{out:?}");
}

#[test]
fn two_threads_play_legal_moves_in_time() {
    let turn = Duration::from_millis(400);
    let slack = Duration::from_millis(1500);
    for rule in [0, 4] {
        let mut game =
            tengen::Game::new(15, 15, tengen::Rule::from_gomocup(rule).unwrap()).unwrap();
        let mut e = started(15, turn.as_millis() as u64);
        e.send(&format!("INFO rule {rule}"));
        e.send("INFO thread_num 2");
        let mut rng = support::Rng::new(7 + rule as u64);
        e.send("BEGIN");
        for _ in 0..12 {
            let t = Instant::now();
            let reply = e
                .reply_within(turn + slack)
                .unwrap_or_else(|| panic!("no move in time: {:?}", e.transcript));
            assert!(t.elapsed() <= turn + slack);
            let (x, y) = parse_move_on(&reply, 15, 15);
            game.play(x, y)
                .unwrap_or_else(|err| panic!("illegal {x},{y}: {err}; {:?}", game.board()));
            if game.is_over() {
                break;
            }
            let moves: Vec<tengen::Pos> = game
                .legal_moves()
                .into_iter()
                .filter(|&p| game.board().is_near(p))
                .collect();
            let p = moves[rng.below(moves.len())];
            game.play(p.x(), p.y()).unwrap();
            if game.is_over() {
                break;
            }
            e.send(&format!("TURN {},{}", p.x(), p.y()));
        }
        e.send("END");
        assert!(e.wait_exit(Duration::from_secs(1)).is_some());
    }
}

#[test]
fn two_threads_at_a_fixed_depth_report_that_depth() {
    let mut e = started_to_depth(8);
    e.send("INFO thread_num 2");
    let t = Instant::now();
    e.send_all(&QUIET);
    fixed_depth_move(&mut e);
    assert!(t.elapsed() < Duration::from_secs(30));
    let last = e
        .transcript
        .iter()
        .rev()
        .find(|l| l.starts_with("MESSAGE depth "))
        .cloned()
        .unwrap_or_default();
    assert!(last.starts_with("MESSAGE depth 8-"), "{:?}", e.transcript);
}

#[test]
fn pondering_prints_nothing_and_stops_on_the_next_command() {
    let mut e = started(15, 300);
    e.send("INFO pondering 1");
    e.send("INFO show_detail 3");
    e.send("INFO thread_num 2");
    e.skip_detail = true;
    e.send_all(&QUIET);
    let first = parse_move_on(&e.reply(), 15, 15);
    // Thinking on the opponent's time: not a line, not even a message.
    e.expect_silence(Duration::from_millis(1200));
    // Any command stops it and is answered as usual.
    let t = Instant::now();
    e.send("ABOUT");
    e.expect_prefix("name=\"Tengen\"");
    assert!(t.elapsed() < Duration::from_secs(1), "{:?}", t.elapsed());
    // After ABOUT nothing ponders: a move is answered in its time.
    let stones = quiet_stones();
    let mut taken = stones.clone();
    taken.push(first);
    let reply = (0..15)
        .flat_map(|y| (0..15).map(move |x| (x, y)))
        .find(|c| !taken.contains(c) && (c.0 - first.0).abs() <= 1 && (c.1 - first.1).abs() <= 1)
        .unwrap();
    taken.push(reply);
    let t = Instant::now();
    e.send(&format!("TURN {},{}", reply.0, reply.1));
    let m = parse_move_on(
        &e.reply_within(Duration::from_millis(300 + 1500)).unwrap(),
        15,
        15,
    );
    assert!(t.elapsed() < Duration::from_millis(300 + 1500));
    assert!(!taken.contains(&m), "{m:?}");
    // Pondering again: exactly one move line came, and END exits at once.
    e.expect_silence(Duration::from_millis(500));
    let moves = e
        .transcript
        .iter()
        .filter(|l| parse_move(l).is_some() && !l.starts_with("INFO"))
        .count();
    assert_eq!(moves, 2, "{:?}", e.transcript);
    e.send("END");
    assert!(e.wait_exit(Duration::from_secs(1)).is_some());
}

#[test]
fn pondering_ends_at_the_end_of_input() {
    let mut e = started(15, 300);
    e.send("INFO pondering 1");
    e.send_all(&QUIET);
    parse_move_on(&e.reply(), 15, 15);
    e.expect_silence(Duration::from_millis(500));
    e.close_stdin();
    assert!(e.wait_exit(Duration::from_secs(1)).is_some());
    assert!(e.drain(Duration::from_millis(100)).is_empty());
}

/// Nodes of the last info line of a search to depth 9: deep enough that
/// what a warm table saves outweighs how differently a search can go with
/// other bounds in its table (at depth 7 a warm search can take more nodes).
fn nodes_to_depth_9(e: &mut Engine) -> u64 {
    let mut yx: Vec<String> = QUIET.iter().map(|s| s.to_string()).collect();
    yx[0] = "YXBOARD".into();
    send_lines(e, &yx);
    e.transcript.clear();
    e.send("YXNBEST 1");
    fixed_depth_move(e);
    let last = e
        .transcript
        .iter()
        .rev()
        .find(|l| l.starts_with("MESSAGE depth 9-"))
        .unwrap_or_else(|| panic!("{:?}", e.transcript))
        .clone();
    let n = last.split(' ').skip_while(|w| *w != "n").nth(1).unwrap();
    n.parse().unwrap()
}

#[test]
fn the_hash_survives_between_searches_until_yxhashclear() {
    let mut e = started_to_depth(9);
    let fresh = nodes_to_depth_9(&mut e);
    // The same search again finds the table full of it.
    let again = nodes_to_depth_9(&mut e);
    assert!(again < fresh, "{again} vs {fresh}");
    // Cleared: as much work as the first time.
    e.send("YXHASHCLEAR");
    e.expect_silence(SILENCE);
    let cleared = nodes_to_depth_9(&mut e);
    assert!(cleared > again, "{cleared} vs {again} (fresh {fresh})");
    // A new game (START) keeps the table.
    e.send("START 15");
    e.expect("OK");
    let kept = nodes_to_depth_9(&mut e);
    assert!(kept < cleared, "{kept} vs {cleared}");
}

#[test]
fn two_threads_stop_at_once() {
    for stop in ["YXSTOP", "END"] {
        let mut e = started(15, 30_000);
        e.send("INFO thread_num 2");
        e.send_all(&QUIET);
        assert!(e.reply_within(Duration::from_millis(1500)).is_none());
        let t = Instant::now();
        e.send(stop);
        if stop == "END" {
            assert!(e.wait_exit(Duration::from_secs(1)).is_some());
            assert!(e
                .drain(Duration::from_millis(100))
                .iter()
                .all(|l| parse_move(l).is_none()));
        } else {
            let m = parse_move_on(&e.reply_within(Duration::from_secs(1)).unwrap(), 15, 15);
            assert!(!quiet_stones().contains(&m));
            assert!(t.elapsed() < Duration::from_secs(1));
        }
    }
}
