//! The won-position suites of `data/wins/` and the `solve` subcommand
//! that runs them.

use std::path::Path;
use std::process::Command;
use tengen::rules::threat::Threat;
use tengen::solve::parse_suite;
use tengen::Rule;

/// Each suite file (under `data/wins/`), its rule, board size and number
/// of positions.
const SUITES: &[(&str, Rule, i32, usize)] = &[
    ("freestyle-15.txt", Rule::Freestyle, 15, 100),
    ("freestyle-20.txt", Rule::Freestyle, 20, 100),
    ("exactfive-15.txt", Rule::ExactFive, 15, 100),
    ("renju-15.txt", Rule::Renju, 15, 100),
    ("set2/freestyle-15.txt", Rule::Freestyle, 15, 68),
    ("set2/freestyle-20.txt", Rule::Freestyle, 20, 66),
    ("set2/exactfive-15.txt", Rule::ExactFive, 15, 68),
    ("set2/renju-15.txt", Rule::Renju, 15, 67),
    ("set3/freestyle-20.txt", Rule::Freestyle, 20, 20),
    ("set3/freestyle-15.txt", Rule::Freestyle, 15, 54),
    ("set3/exactfive-15.txt", Rule::ExactFive, 15, 74),
    ("set3/renju-15.txt", Rule::Renju, 15, 58),
];

#[test]
fn every_suite_position_replays_with_a_legal_winning_move_and_no_five_to_make() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/wins");
    let mut seen = std::collections::HashSet::new();
    for &(name, rule, size, count) in SUITES {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        let suite = parse_suite(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(suite.len(), count, "{name}");
        for p in &suite {
            let at = format!("{name} line {}", p.line);
            assert_eq!((p.board.rule(), p.board.width()), (rule, size), "{at}");
            assert!(p.best.is_some(), "{at}: no winning move");
            // Wins in one or two moves are not worth a suite line.
            assert!(p.mate.is_some_and(|k| k >= 5), "{at}: {:?}", p.mate);
            // No five to make at once (the opponent may have a four to
            // block: the win comes after the block).
            let me = p.board.side_to_move();
            assert_eq!(p.board.threat_count(me, Threat::Five), 0, "{at}");
            // No position twice, in one suite or across suites.
            assert!(
                seen.insert((rule, size, p.board.hash())),
                "{at}: seen before"
            );
        }
    }
}

fn suite_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tengen-solve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn solve_counts_the_wins_it_proves_or_plays() {
    // Black to move with an open three (h8 i8 j8): won in three plies,
    // at g8 or k8. White to move in the second with a four (h1-k1, g1
    // Black's): a five at l1 and nowhere else.
    let path = suite_file(
        "ok.txt",
        "# two easy wins\nfreestyle 15 h8h1i8h2j8h4 g8 3\n\nrenju 15 h8h1g1i1a8j1a10k1a12 l1 1\n",
    );
    let out = Command::new(env!("CARGO_BIN_EXE_pbrain-tengen"))
        .args(["solve", path.to_str().unwrap(), "--time", "300"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert_eq!(
        text.lines().filter(|l| l.starts_with("line ")).count(),
        2,
        "{text}"
    );
    let all = text.lines().find(|l| l.starts_with("all")).unwrap_or("");
    let fields: Vec<&str> = all.split_whitespace().collect();
    let [_, "positions", n, "proven", proven, "best", "move", best, "found", found] = fields[..]
    else {
        panic!("{text}");
    };
    assert_eq!((n, proven, found), ("2", "2", "2"), "{text}");
    assert!(best == "1" || best == "2", "{text}");
    let renju = text.lines().find(|l| l.contains("renju")).unwrap_or("");
    assert!(renju.contains("move  L1 best  L1 proven"), "{text}");
}

#[test]
fn solve_with_a_node_budget_answers_the_same_on_every_run() {
    // The first position of the exact-five suite (a long win) and an easy
    // one: the answers, scores, depths and node counts of two runs agree;
    // only the times may differ.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/wins");
    let first = std::fs::read_to_string(dir.join("exactfive-15.txt")).unwrap();
    let first = first.lines().find(|l| !l.starts_with('#')).unwrap();
    let path = suite_file(
        "nodes.txt",
        &format!("{first}\nfreestyle 15 h8h1i8h2j8h4 g8 3\n"),
    );
    let run = || {
        let out = Command::new(env!("CARGO_BIN_EXE_pbrain-tengen"))
            .args(["solve", path.to_str().unwrap(), "--nodes", "30000"])
            .output()
            .unwrap();
        assert!(out.status.success());
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let lines: Vec<String> = text
            .lines()
            .map(|l| l.split(" time ").next().unwrap_or("").to_string())
            .collect();
        (text, lines)
    };
    let (text, a) = run();
    let (_, b) = run();
    assert_eq!(a, b, "{text}");
    assert_eq!(
        a.iter().filter(|l| l.starts_with("line ")).count(),
        2,
        "{text}"
    );
    assert!(
        a[1].contains("move  G8") || a[1].contains("move  K8"),
        "{text}"
    );
    assert!(a[1].contains("proven"), "{text}");
}

#[test]
fn solve_refuses_a_broken_suite_and_names_the_line() {
    let path = suite_file("bad.txt", "freestyle 15 h8h1 i9 5\nfreestyle 15 h8h8\n");
    let out = Command::new(env!("CARGO_BIN_EXE_pbrain-tengen"))
        .args(["solve", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 2"), "{err}");
    for args in [
        &["solve"][..],
        &["solve", "x.txt", "--time", "0"],
        &["solve", "x.txt", "--nodes", "0"],
        &["solve", "x.txt", "--nodes", "-5"],
        &["solve", "x.txt", "--depth", "5"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_pbrain-tengen"))
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}
