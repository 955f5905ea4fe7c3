//! Game records in SGF (FF[4], GM[4] = gomoku/renju) and in the one-line
//! "pos" notation, plus a small SGF reader for the main line of a record.
//!
//! SGF points are two letters, x then y, with `a` = 0 on both axes (so the
//! protocol's `7,7` is `hh`). The rule goes in `RU` by name (`freestyle`,
//! `exactfive`, `renju`, `caro`, `caro5`).

use crate::types::{Color, Rule};
use std::fmt::Write as _;

/// What a finished game record holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub size: i32,
    pub rule: Rule,
    pub black: String,
    pub white: String,
    /// `RE`: `B+`, `W+T`, `Draw`, ...
    pub result: String,
    /// Why the game ended, in words (the root comment).
    pub comment: String,
    /// Date as `YYYY-MM-DD`, if known.
    pub date: Option<String>,
    /// Every stone in order, Black first; the first `opening` are the
    /// opening's.
    pub moves: Vec<(i32, i32)>,
    pub opening: usize,
}

/// The SGF letter of a coordinate (`a` = 0).
fn sgf_letter(v: i32) -> char {
    (b'a' + v.clamp(0, 25) as u8) as char
}

/// Escapes an SGF text value.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        if ch == ']' || ch == '\\' {
            out.push('\\');
        }
        out.push(ch);
    }
    out
}

impl Record {
    /// One SGF game tree on one line.
    pub fn to_sgf(&self) -> String {
        let mut s = String::from("(;FF[4]GM[4]CA[UTF-8]");
        let _ = write!(
            s,
            "AP[Tengen:{}]SZ[{}]RU[{}]",
            env!("CARGO_PKG_VERSION"),
            self.size,
            self.rule.name()
        );
        if let Some(d) = &self.date {
            let _ = write!(s, "DT[{}]", escape(d));
        }
        let _ = write!(
            s,
            "PB[{}]PW[{}]RE[{}]",
            escape(&self.black),
            escape(&self.white),
            escape(&self.result)
        );
        let mut comment = format!("Rule {}. {}", self.rule.name(), self.comment);
        if self.opening > 0 {
            let _ = write!(
                comment,
                " The first {} stones are the opening {}.",
                self.opening,
                pos_notation(&self.moves[..self.opening.min(self.moves.len())])
            );
        }
        let _ = write!(s, "C[{}]", escape(&comment));
        for (i, &(x, y)) in self.moves.iter().enumerate() {
            let c = if i % 2 == 0 { 'B' } else { 'W' };
            let _ = write!(s, ";{c}[{}{}]", sgf_letter(x), sgf_letter(y));
        }
        s.push(')');
        s
    }
}

/// Moves in "pos" notation: letter = x from `a`, number = y + 1, Black
/// first (`h8i9` is 7,7 then 8,8), as in the openings files.
pub fn pos_notation(moves: &[(i32, i32)]) -> String {
    let mut s = String::new();
    for &(x, y) in moves {
        let _ = write!(s, "{}{}", sgf_letter(x), y + 1);
    }
    s
}

/// One game tree as read back: the root's properties and the main line's
/// moves with their colours.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParsedGame {
    pub root: Vec<(String, Vec<String>)>,
    pub moves: Vec<(Color, i32, i32)>,
}

impl ParsedGame {
    /// The first value of a root property.
    pub fn prop(&self, id: &str) -> Option<&str> {
        self.root
            .iter()
            .find(|(k, _)| k == id)
            .and_then(|(_, v)| v.first())
            .map(String::as_str)
    }
}

/// Reads every game tree of an SGF collection, following only the main
/// line (the first variation) of each. Enough for the records `watch`
/// writes and for simple records from elsewhere; not a full SGF parser.
pub fn parse(text: &str) -> Result<Vec<ParsedGame>, String> {
    let mut games = Vec::new();
    let mut p = Parser {
        s: text.as_bytes(),
        i: 0,
    };
    loop {
        p.skip_ws();
        match p.peek() {
            None => break,
            Some(b'(') => games.push(p.tree()?),
            Some(c) => return Err(format!("unexpected {:?} at {}", c as char, p.i)),
        }
    }
    Ok(games)
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn skip_ws(&mut self) {
        while self.peek().is_some_and(|c| c.is_ascii_whitespace()) {
            self.i += 1;
        }
    }

    fn expect(&mut self, c: u8) -> Result<(), String> {
        self.skip_ws();
        if self.peek() == Some(c) {
            self.i += 1;
            Ok(())
        } else {
            Err(format!("expected {:?} at {}", c as char, self.i))
        }
    }

    /// `( node+ tree* )`: the nodes, then the first sub-tree as the rest of
    /// the main line; other variations are read and dropped.
    fn tree(&mut self) -> Result<ParsedGame, String> {
        self.expect(b'(')?;
        let mut game = ParsedGame::default();
        let mut first_node = true;
        let mut in_main = true;
        self.tree_body(&mut game, &mut first_node, &mut in_main)?;
        Ok(game)
    }

    fn tree_body(
        &mut self,
        game: &mut ParsedGame,
        first_node: &mut bool,
        in_main: &mut bool,
    ) -> Result<(), String> {
        loop {
            self.skip_ws();
            match self.peek() {
                Some(b';') => {
                    self.i += 1;
                    let props = self.node()?;
                    if !*in_main {
                        continue;
                    }
                    if *first_node {
                        *first_node = false;
                        game.root = props.clone();
                    }
                    for (k, v) in &props {
                        let color = match k.as_str() {
                            "B" => Color::Black,
                            "W" => Color::White,
                            _ => continue,
                        };
                        let Some(pt) = v.first() else { continue };
                        let b = pt.as_bytes();
                        if b.len() != 2 || !b.iter().all(u8::is_ascii_lowercase) {
                            return Err(format!("bad point {pt:?}"));
                        }
                        game.moves
                            .push((color, (b[0] - b'a') as i32, (b[1] - b'a') as i32));
                    }
                }
                Some(b'(') => {
                    self.i += 1;
                    let was_main = *in_main;
                    self.tree_body(game, first_node, in_main)?;
                    // Only the first variation continues the main line.
                    if was_main {
                        *in_main = false;
                    }
                }
                Some(b')') => {
                    self.i += 1;
                    return Ok(());
                }
                Some(c) => return Err(format!("unexpected {:?} at {}", c as char, self.i)),
                None => return Err("unexpected end of SGF".into()),
            }
        }
    }

    fn node(&mut self) -> Result<Vec<(String, Vec<String>)>, String> {
        let mut props = Vec::new();
        loop {
            self.skip_ws();
            let start = self.i;
            while self.peek().is_some_and(|c| c.is_ascii_uppercase()) {
                self.i += 1;
            }
            if self.i == start {
                return Ok(props);
            }
            let id = String::from_utf8_lossy(&self.s[start..self.i]).into_owned();
            let mut values = Vec::new();
            loop {
                self.skip_ws();
                if self.peek() != Some(b'[') {
                    break;
                }
                self.i += 1;
                let mut v = Vec::new();
                loop {
                    match self.peek() {
                        None => return Err("unterminated value".into()),
                        Some(b']') => {
                            self.i += 1;
                            break;
                        }
                        Some(b'\\') => {
                            self.i += 1;
                            if let Some(c) = self.peek() {
                                v.push(c);
                                self.i += 1;
                            }
                        }
                        Some(c) => {
                            v.push(c);
                            self.i += 1;
                        }
                    }
                }
                values.push(String::from_utf8_lossy(&v).into_owned());
            }
            if values.is_empty() {
                return Err(format!("property {id} without a value"));
            }
            props.push((id, values));
        }
    }
}

/// Today's date (UTC) as `YYYY-MM-DD`, from the system clock.
pub fn today() -> Option<String> {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .ok()?
        .as_secs();
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    Some(format!("{y:04}-{m:02}-{d:02}"))
}

/// The proleptic Gregorian date of a day count since 1970-01-01.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    // Shift to 0000-03-01 so that leap days end each 4/100/400-year era.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record() -> Record {
        Record {
            size: 15,
            rule: Rule::Renju,
            black: "alpha".into(),
            white: "be]ta".into(),
            result: "W+F".into(),
            comment: "White wins: Black played H8, a forbidden point.".into(),
            date: Some("2024-02-29".into()),
            moves: vec![(7, 7), (8, 8), (0, 14)],
            opening: 2,
        }
    }

    #[test]
    fn writes_and_reads_back() {
        let r = record();
        let sgf = r.to_sgf();
        assert!(sgf.starts_with("(;FF[4]GM[4]"), "{sgf}");
        assert!(sgf.contains("SZ[15]RU[renju]"));
        assert!(sgf.contains("PW[be\\]ta]RE[W+F]"));
        assert!(sgf.ends_with(";B[hh];W[ii];B[ao])"), "{sgf}");
        assert!(sgf.contains("opening h8i9."));
        let two = format!("{sgf}\n{sgf}\n");
        let games = parse(&two).unwrap();
        assert_eq!(games.len(), 2);
        let g = &games[1];
        assert_eq!(g.prop("PW"), Some("be]ta"));
        assert_eq!(g.prop("RE"), Some("W+F"));
        assert_eq!(g.prop("SZ"), Some("15"));
        assert_eq!(
            g.moves,
            vec![
                (Color::Black, 7, 7),
                (Color::White, 8, 8),
                (Color::Black, 0, 14)
            ]
        );
    }

    #[test]
    fn reader_follows_the_main_line() {
        let g = parse("(;GM[4]SZ[9] ;B[aa] (;W[bb];B[cc]) (;W[dd]))").unwrap();
        assert_eq!(g.len(), 1);
        assert_eq!(
            g[0].moves,
            vec![
                (Color::Black, 0, 0),
                (Color::White, 1, 1),
                (Color::Black, 2, 2)
            ]
        );
        assert!(parse("(;B[a").is_err());
        assert!(parse("(;B[zzz])").is_err());
        assert!(parse("x").is_err());
    }

    #[test]
    fn pos_and_dates() {
        assert_eq!(pos_notation(&[(7, 7), (8, 8), (0, 14)]), "h8i9a15");
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
        assert!(today().is_some_and(|d| d.len() == 10));
    }
}
