//! Search tactics on ASCII boards: wins, forced defences, VCF, renju
//! forbidden points, and self-play legality under every rule.

use tengen::search::threats::ThreatSearch;
use tengen::search::{Iteration, Report, SearchRequest, SearchResult, Searcher, TimeControl};
use tengen::types::{is_decisive, win_in};
use tengen::{Board, Color, Game, GameResult, Pos, Rule};

fn board(diagram: &str, rule: Rule, side: Color) -> Board {
    Board::from_diagram(diagram, rule, Some(side)).expect("diagram")
}

fn best_move(b: &Board, turn_ms: u64) -> (Pos, i32) {
    let s = Searcher::new(16 << 20);
    let tc = TimeControl {
        turn_ms: Some(turn_ms),
        ..TimeControl::default()
    };
    let r = s.search_blocking(SearchRequest::new(b.clone(), tc));
    (r.best, r.score)
}

/// Runs `req` on a fresh searcher: the iteration reports, in order, and
/// the result.
fn search_with_reports(req: SearchRequest) -> (Vec<Iteration>, SearchResult) {
    let s = Searcher::new(16 << 20);
    let (tx, rx) = crossbeam_channel::unbounded();
    s.start(req, tx);
    let mut iterations = Vec::new();
    loop {
        match rx.recv().expect("search reports") {
            Report::Iteration(it) => iterations.push(it),
            Report::Done(r) => return (iterations, r),
            Report::Root(_) => {}
        }
    }
}

fn xy(p: Pos) -> (i32, i32) {
    (p.x(), p.y())
}

const WIN_IN_ONE: &str = "
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . o o o o . . . . . .
. . . . . . . . . . . . . . .
. . . . . . x x x x . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .";

#[test]
fn wins_in_one_rather_than_blocking() {
    // Black to move has an open four and White a four: Black just wins.
    let b = board(WIN_IN_ONE, Rule::Freestyle, Color::Black);
    let (p, score) = best_move(&b, 1000);
    assert!([(5, 6), (10, 6)].contains(&xy(p)), "{p:?}");
    assert!(score > 0 && is_decisive(score));
}

#[test]
fn white_wins_in_one_too() {
    let b = board(WIN_IN_ONE, Rule::Freestyle, Color::White);
    let (p, _) = best_move(&b, 1000);
    assert!([(4, 4), (9, 4)].contains(&xy(p)), "{p:?}");
}

#[test]
fn blocks_a_four() {
    let d = "
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . o x x x x . . . .
. . . . . . . o . . . . . . .
. . . . . . . . o . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .";
    let b = board(d, Rule::Freestyle, Color::White);
    let (p, _) = best_move(&b, 500);
    assert_eq!(xy(p), (11, 6));
}

#[test]
fn defends_an_open_three() {
    // White has an open three (e.g. 6..8 on row 7) and nothing of its own:
    // Black must block at one of the ends (or further blocking cells).
    let d = "
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . x . . . . . . . .
. . . . . . o o o . . . . . .
. . . . . . . x . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .";
    let b = board(d, Rule::Freestyle, Color::Black);
    let (p, score) = best_move(&b, 1000);
    assert!([(5, 7), (9, 7), (4, 7), (10, 7)].contains(&xy(p)), "{p:?}");
    assert!(!is_decisive(score) || score > 0, "score {score}");
}

/// Black to move wins by continuous fours, and by no sequence shorter than
/// nine fours.
const VCF_NINE_FOURS: &str = "
. . . . . . . . . o . . . . .
. . . . . . . o . . . . . . .
. . . . . . . . . . . . . x .
. . . . . . x . x . x . . . .
. . . . o o . . . . . o . . .
o . . . . . . . . . x . . . .
. . . . . . . . . . . . . . .
x . . o o . o x . . . x . . .
. . . . . . . x o . . . . . .
. . . . o . x . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . x . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .";

#[test]
fn finds_vcf_by_solver_and_search() {
    // Black wins by continuous fours, and by no sequence shorter than nine
    // fours (found by self-play and checked with every shorter limit).
    let d = VCF_NINE_FOURS;
    let mut b = board(d, Rule::Freestyle, Color::Black);
    let mut ts = ThreatSearch::new(1_000_000, None);
    for shorter in 1..9 {
        let mut t = ThreatSearch::new(5_000_000, None);
        assert!(t.vcf(&mut b, shorter).is_none(), "a VCF of {shorter} fours");
    }
    let t0 = std::time::Instant::now();
    let line = ts.vcf(&mut b, 20).expect("vcf");
    eprintln!("VCF of {} plies found in {:?}", line.len(), t0.elapsed());
    assert!(
        line.len() >= 17,
        "a nine-four VCF has 17 plies, got {}",
        line.len()
    );
    // Replay the line: it must be legal and end in Black's five.
    let mut g = Game::from_board(b.clone());
    for (i, p) in line.iter().enumerate() {
        let r = g.play(p.x(), p.y()).expect("legal line");
        if i + 1 == line.len() {
            assert_eq!(r, Some(GameResult::Win(Color::Black)));
        }
    }
    let (p, score) = best_move(&b, 1000);
    assert!(score > 0 && is_decisive(score), "score {score}");
    assert_eq!(p, line[0]);
}

#[test]
fn stops_the_opponents_vcf() {
    // The same position with White to move: White must stop Black's VCF.
    let d = VCF_NINE_FOURS;
    let b = board(d, Rule::Freestyle, Color::White);
    let (p, _) = best_move(&b, 2000);
    let mut after = b.clone();
    after.make(p);
    let mut ts = ThreatSearch::new(2_000_000, None);
    assert!(
        ts.vcf(&mut after, 30).is_none(),
        "Black still has a VCF after {p:?}"
    );
}

#[test]
fn renju_black_never_plays_forbidden_five_cell_overline() {
    // Black's only "five" cell makes an overline: forbidden. White threatens
    // nothing; Black must not play the overline cell.
    let d = "
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . x x . x x x . o . . . .
. . . . . . . . . . . . . . .
. . . . o . o . . o . . . . .
. . . . . . . . . . . . . . .
. . . . . o . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .";
    let mut b = board(d, Rule::Renju, Color::Black);
    let five_cell = Pos::new(5, 6);
    assert!(b.is_forbidden(five_cell));
    let (p, _) = best_move(&b, 500);
    assert_ne!(p, five_cell);
    assert!(b.is_empty(p) && !b.is_forbidden(p));
}

#[test]
fn renju_white_wins_by_leaving_black_only_forbidden_cells() {
    // The end of a self-play game: four empty cells, White to move. Renju
    // Black with only forbidden points left has lost (a foul or a time
    // forfeit), so White plays the cell that leaves it so, and proves the
    // win; a search that scored that as a draw played on (E10).
    let moves = "n6m7n8j6m5o3n5n7l4k3l5k5l3l6m4k2k6k4k1n3j4k8l7j7j8h5i6m8l9h4m2m3g5h3h6\
        i7g3g6f7e4h7h2h1i2l2l1g4g2j2d5c6e5e3d3f5d4d2f4c4e7d6k11e6b6m9k9k10i11h8h10l11f9j10\
        l10j12h11f8j11g11g10g7i5g8i8e8d8i10h9f11h12h13e9c8d7c7c5d9i9g9e11m12n13j13e12c9c10\
        e13f12g12i14g13d10f10d11g14g15b9l12b2e2f2i15m11m13c12d13j15n14o15k13d14k14m14e15\
        n12o4o5b10a10o11i4a11o13o9c11c14b5a5f15a6k12h14a4n9o10g1j14a9a8b14a15j1i13d1c1f14\
        l8b3b1f1b13o7i12b11k7a14a2o14e14n2b4b8a13b7c15e1m1n10h15a1o2l14a3j3i1c2m10n1n4c3\
        m6f6d15i3o8n11f3a7l13a12j5o1m15o12k15b15c13b12n15j9o6";
    let coords: Vec<(i32, i32)> = moves
        .split_inclusive(|c: char| c.is_ascii_digit())
        .fold(Vec::<String>::new(), |mut acc, part| {
            // "n6" "m7" ...: a letter starts a new move.
            if part.starts_with(|c: char| c.is_ascii_lowercase()) {
                acc.push(part.to_string());
            } else if let Some(last) = acc.last_mut() {
                last.push_str(part);
            }
            acc
        })
        .iter()
        .map(|m| {
            let x = i32::from(m.as_bytes()[0] - b'a');
            let y: i32 = m[1..].parse().expect("a row number");
            (x, y - 1)
        })
        .collect();
    assert_eq!(coords.len(), 221);
    let b = Board::from_moves(15, 15, Rule::Renju, &coords).expect("a legal game");
    assert_eq!(b.side_to_move(), Color::White);
    assert_eq!(b.empty_count(), 4);
    let (p, score) = best_move(&b, 500);
    assert_eq!(score, win_in(1), "{p:?}");
    let mut after = b.clone();
    after.place(p, Color::White);
    assert!(!after.is_full());
    assert!(after.legal_moves(Color::Black).is_empty(), "{p:?}");
}

/// Short self-play games under every rule: every move legal, every game
/// ends with a result the rules agree with.
#[test]
fn self_play_is_legal_under_every_rule() {
    for rule in Rule::ALL {
        let mut g = Game::new(15, 15, rule).unwrap();
        let s = Searcher::new(8 << 20);
        let mut moves = 0;
        while !g.is_over() && moves < 80 {
            let mut req = SearchRequest::new(g.board().clone(), TimeControl::infinite());
            req.max_depth = Some(3);
            let r = s.search_blocking(req);
            assert!(!r.best.is_none(), "{rule:?}: no move");
            g.play(r.best.x(), r.best.y())
                .unwrap_or_else(|e| panic!("{rule:?}: illegal move {:?}: {e}", r.best));
            moves += 1;
        }
    }
}

/// Positions where the side to move wins by continuous threats (fours and
/// open threes) but has no VCF; each needs tens of thousands of threat-search
/// nodes. Found by self-play and checked with the solver at a large budget.
const VCT_POSITIONS: &[&str] = &[
    "h8k11f10i11n11d8f11d12",
    "h8g9f10h10k13h5g12g5m12",
    "h8g9k8j6e9j8j3f6d4",
];

#[test]
fn finds_vct_wins_without_a_vcf() {
    for moves in VCT_POSITIONS {
        let mv = tengen::bench::parse_pos_line(moves).unwrap();
        let mut b = Board::from_moves(15, 15, Rule::Freestyle, &mv).unwrap();
        let mut ts = ThreatSearch::new(2_000_000, None);
        assert!(ts.vcf(&mut b, 30).is_none(), "{moves}: has a VCF");
        let (p, score) = best_move(&b, 3000);
        assert!(score > 0 && is_decisive(score), "{moves}: score {score}");
        // The move must keep the win: after it, the opponent cannot stop a
        // threat sequence (checked by the solver with the opponent to move
        // and every defence tried).
        let mut after = b.clone();
        after.make(p);
        let mut opp = ThreatSearch::new(3_000_000, None);
        assert!(
            opp.vcf(&mut after, 30).is_none(),
            "{moves}: {p:?} allows a counter VCF"
        );
    }
}

/// Black (to move) makes a double open three at I8: White blocks one three,
/// Black makes an open four of the other, White blocks one end, Black fives.
const DOUBLE_THREE: &str = "
o . . . . . . . . . . . . . o
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . x . . . . . .
. . . . . . . . x . . . . . .
. . . . . . x x . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
o . . . . . . . . . . . . . o";

#[test]
fn a_vct_reports_the_length_of_its_win() {
    let mut b = board(DOUBLE_THREE, Rule::Freestyle, Color::Black);
    let mut ts = ThreatSearch::new(1_000_000, None);
    assert!(ts.vcf(&mut b, 30).is_none(), "no fours to play");
    let (p, plies) = ts.vct(&mut b, 4, 12).expect("a VCT");
    assert_eq!((xy(p), plies), ((8, 7), 5));
    // Asked again about the same position (its own cache entry): the same.
    assert_eq!(
        ts.vct(&mut b, 4, 12).map(|(p, n)| (xy(p), n)),
        Some(((8, 7), 5))
    );
    // A VCF is a VCT whose length is the VCF line's.
    let mut w = board(WIN_IN_ONE, Rule::Freestyle, Color::Black);
    let (_, plies) = ts.vct(&mut w, 4, 12).expect("an open four");
    assert_eq!(plies, 1);
    // The engine's root threat search reports that distance as its score.
    let (best, score) = best_move(&b, 1000);
    assert_eq!((xy(best), score), ((8, 7), win_in(5)));
}

#[test]
fn a_search_stopped_anywhere_answers_with_a_legal_move_and_its_line() {
    // Node limits that fall inside iterations (and inside the root's
    // aspiration re-searches): the answer is an empty cell, the line
    // starts with it, and its depth is the last finished iteration's (also
    // when a move of the unfinished one was kept).
    let moves = tengen::bench::parse_pos_line("c5f5b7c7c4d6d7e3e6f3").expect("pos line");
    let b = Board::from_moves(15, 15, Rule::Freestyle, &moves).expect("board");
    let mut limit = 3_000u64;
    while limit < 300_000 {
        let mut req = SearchRequest::new(b.clone(), TimeControl::infinite());
        req.max_nodes = Some(limit);
        let (iterations, result) = search_with_reports(req);
        let last_depth = iterations.last().map_or(0, |it| it.depth);
        assert!(b.is_empty(result.best), "{limit}: {:?}", result.best);
        assert_eq!(result.pv.first(), Some(&result.best), "{limit}");
        assert_eq!(result.depth, last_depth, "{limit}");
        limit += limit / 4;
    }
}

#[test]
fn a_node_limit_bounds_the_root_threat_searches_too() {
    // A timed search (the protocol's default five seconds a move) with
    // `max_node 1000`: the root VCF and VCT, which run before depth 1, get
    // a share of the limit instead of their time shares (106 K nodes here
    // before they did).
    let moves = [(7, 7), (7, 6), (3, 3), (6, 7), (4, 4)];
    let b = Board::from_moves(15, 15, Rule::Freestyle, &moves).expect("board");
    let mut req = SearchRequest::new(b.clone(), TimeControl::default());
    req.max_nodes = Some(1_000);
    let (iterations, result) = search_with_reports(req);
    let reported = iterations.iter().map(|it| it.nodes).max().unwrap_or(0);
    assert!(b.is_empty(result.best), "{:?}", result.best);
    // Every node is counted, the threat searches' too, and within bounds.
    assert!(result.nodes >= reported, "{} < {reported}", result.nodes);
    assert!(result.nodes <= 3_000, "{} nodes", result.nodes);
}
