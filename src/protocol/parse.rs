//! Pure parsing of protocol input: one line into a [`Command`]
//! ([`Command::parse`]), raw bytes into lines ([`LineSplitter`]) and
//! multi-line blocks (`BOARD` ... `DONE` and its relatives) into one command
//! ([`Assembler`]). Nothing here touches the board or prints: range checks
//! that need the board (off-board, occupied, board size) belong to the
//! session.

use std::fmt;

/// Longest line kept, in bytes. Longer lines are discarded whole and
/// answered with an error: no real command comes near this.
pub const MAX_LINE: usize = 64 * 1024;

/// Most entries a block may carry (a full 22x22 board).
pub const MAX_BLOCK_ENTRIES: usize = 22 * 22;

/// How many characters of bad input are quoted back in an error message.
const QUOTE_CHARS: usize = 40;

/// Why a line was not accepted. The variant decides the reply word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// Not a command we know: answered `UNKNOWN <reason>`.
    Unknown(String),
    /// A known command with bad arguments, or a line that cannot be read:
    /// answered `ERROR <reason>`.
    Invalid(String),
}

impl ParseError {
    /// The whole reply line, `UNKNOWN ...` or `ERROR ...`.
    pub fn reply(&self) -> String {
        match self {
            ParseError::Unknown(m) => format!("UNKNOWN {m}"),
            ParseError::Invalid(m) => format!("ERROR {m}"),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reply())
    }
}

impl std::error::Error for ParseError {}

fn invalid(msg: impl Into<String>) -> ParseError {
    ParseError::Invalid(msg.into())
}

/// `s` shortened for quoting in a reply (never the whole of a huge line),
/// with control characters written as escapes (`\u{1b}`), so that a reply
/// never carries terminal controls or NULs to the manager.
pub fn quote(s: &str) -> String {
    let head: String = s
        .chars()
        .take(QUOTE_CHARS)
        .map(|c| {
            if c.is_control() {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect();
    if s.chars().count() <= QUOTE_CHARS {
        format!("'{head}'")
    } else {
        format!("'{head}...'")
    }
}

/// The four multi-line commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockKind {
    /// `BOARD`: set the position, then move.
    Board,
    /// `YXBOARD`: set the position, no move.
    YxBoard,
    /// `SWAP2BOARD`: the swap2 opening stones so far (0, 3 or 5).
    Swap2Board,
    /// `YXBLOCK`: root moves to exclude.
    YxBlock,
    /// `YXBLOCKUNDO`: excluded root moves to allow again.
    YxBlockUndo,
}

impl BlockKind {
    pub fn name(self) -> &'static str {
        match self {
            BlockKind::Board => "BOARD",
            BlockKind::YxBoard => "YXBOARD",
            BlockKind::Swap2Board => "SWAP2BOARD",
            BlockKind::YxBlock => "YXBLOCK",
            BlockKind::YxBlockUndo => "YXBLOCKUNDO",
        }
    }

    /// Whether each line must carry a field (`x,y,f`) rather than `x,y`.
    fn needs_field(self) -> bool {
        matches!(self, BlockKind::Board | BlockKind::YxBoard)
    }
}

/// The third number of a `BOARD` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// 1: the engine's own stone.
    Own,
    /// 2: the opponent's stone.
    Opponent,
    /// 3: continuous game, a stone that no longer counts (the cell stays
    /// taken).
    Dead,
}

/// One line of a block: a cell and, for `BOARD`/`YXBOARD`, its field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub x: i32,
    pub y: i32,
    pub field: Option<Field>,
}

/// One `INFO key value`, with the value parsed for the keys we use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Info {
    /// ms per move; 0 = as fast as possible.
    TimeoutTurn(u64),
    /// ms for the whole match; 0 = no limit.
    TimeoutMatch(u64),
    /// ms left in the match; may be negative.
    TimeLeft(i64),
    /// ms added per move.
    TimeIncrement(u64),
    /// bytes for the whole process; 0 = no limit.
    MaxMemory(u64),
    GameType(i64),
    /// The Gomocup rule bitmask (validated by the session).
    Rule(i64),
    /// `evaluate x,y`: a debugging aid of the manager; accepted, unused.
    Evaluate(String),
    Folder(String),
    ThreadNum(i64),
    /// Hash table size in KB.
    HashSize(u64),
    /// Depth limit; 0 or less = none.
    MaxDepth(i64),
    /// Node limit; 0 or less = none.
    MaxNode(i64),
    Pondering(i64),
    CautionFactor(i64),
    ShowDetail(i64),
    UseDatabase(i64),
    /// Any key we do not know: accepted silently.
    Other(String, String),
}

/// One protocol command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Start(i32),
    RectStart(i32, i32),
    Restart,
    Begin,
    Turn(i32, i32),
    /// A complete block: header, lines, `DONE`. Built by the [`Assembler`].
    Block(BlockKind, Vec<Entry>),
    /// A block header line. Only the [`Assembler`] sees this.
    BlockStart(BlockKind),
    /// `DONE`. Only the [`Assembler`] sees this.
    Done,
    Info(Info),
    End,
    About,
    Takeback(i32, i32),
    Play(i32, i32),
    /// `YXSTOP` or `STOP`.
    Stop,
    ShowForbid,
    HashClear,
    ShowInfo,
    NBest(usize),
    /// A bare `YXBLOCKUNDO` (no cells, no `DONE`): allow the most recently
    /// blocked cell again. Built by the [`Assembler`] when a command
    /// follows the header of an empty `YXBLOCKUNDO` block.
    BlockUndo,
    BlockReset,
    BalanceOne(i32),
    BalanceTwo(i32),
}

/// Parses `x,y` (spaces around the numbers tolerated).
fn parse_xy(cmd: &str, args: &str) -> Result<(i32, i32), ParseError> {
    let bad = || {
        invalid(format!(
            "{cmd}: bad coordinates {} (expected x,y)",
            quote(args)
        ))
    };
    let mut it = args.split(',');
    let (Some(x), Some(y), None) = (it.next(), it.next(), it.next()) else {
        return Err(bad());
    };
    match (x.trim().parse(), y.trim().parse()) {
        (Ok(x), Ok(y)) => Ok((x, y)),
        _ => Err(bad()),
    }
}

/// Parses `START`'s argument: the board size `n`, or `n n` (Yixin-Board
/// sends width and height, with a space or a comma between them). Two
/// different sides are an error: a rectangular board is `RECTSTART w,h`.
fn parse_start(args: &str) -> Result<i32, ParseError> {
    let parts: Vec<&str> = args
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .collect();
    let bad = || invalid(format!("START: bad board size {}", quote(args.trim())));
    let num = |t: &str| t.parse::<i32>().map_err(|_| bad());
    match parts.as_slice() {
        [n] => num(n),
        [w, h] => {
            let (w, h) = (num(w)?, num(h)?);
            if w == h {
                Ok(w)
            } else {
                Err(invalid(format!(
                    "START: {w} {h} is not square (a rectangular board is RECTSTART {w},{h})"
                )))
            }
        }
        _ => Err(bad()),
    }
}

/// Parses one integer argument.
fn parse_int<T: std::str::FromStr>(cmd: &str, args: &str, what: &str) -> Result<T, ParseError> {
    args.trim()
        .parse()
        .map_err(|_| invalid(format!("{cmd}: bad {what} {}", quote(args.trim()))))
}

/// Parses the value of an `INFO` key that must be a number >= 0.
fn info_u64(key: &str, value: &str) -> Result<u64, ParseError> {
    if value.is_empty() {
        return Err(invalid(format!("INFO {key}: missing value")));
    }
    value.parse().map_err(|_| {
        invalid(format!(
            "INFO {key}: bad value {} (expected a number >= 0)",
            quote(value)
        ))
    })
}

/// Parses the value of an `INFO` key that is any integer.
fn info_i64(key: &str, value: &str) -> Result<i64, ParseError> {
    if value.is_empty() {
        return Err(invalid(format!("INFO {key}: missing value")));
    }
    value.parse().map_err(|_| {
        invalid(format!(
            "INFO {key}: bad value {} (expected a number)",
            quote(value)
        ))
    })
}

fn parse_info(args: &str) -> Result<Info, ParseError> {
    let (key, value) = match args.split_once(char::is_whitespace) {
        Some((k, v)) => (k, v.trim()),
        None => (args, ""),
    };
    if key.is_empty() {
        return Err(invalid("INFO: missing key"));
    }
    let key = key.to_ascii_lowercase();
    Ok(match key.as_str() {
        "timeout_turn" => Info::TimeoutTurn(info_u64(&key, value)?),
        "timeout_match" => Info::TimeoutMatch(info_u64(&key, value)?),
        "time_left" => Info::TimeLeft(info_i64(&key, value)?),
        "time_increment" => Info::TimeIncrement(info_u64(&key, value)?),
        "max_memory" => Info::MaxMemory(info_u64(&key, value)?),
        "game_type" => Info::GameType(info_i64(&key, value)?),
        "rule" => Info::Rule(info_i64(&key, value)?),
        "evaluate" => Info::Evaluate(value.to_string()),
        "folder" => Info::Folder(value.to_string()),
        "thread_num" => Info::ThreadNum(info_i64(&key, value)?),
        "hash_size" => Info::HashSize(info_u64(&key, value)?),
        "max_depth" => Info::MaxDepth(info_i64(&key, value)?),
        "max_node" => Info::MaxNode(info_i64(&key, value)?),
        "pondering" => Info::Pondering(info_i64(&key, value)?),
        "caution_factor" => Info::CautionFactor(info_i64(&key, value)?),
        "show_detail" => Info::ShowDetail(info_i64(&key, value)?),
        "usedatabase" => Info::UseDatabase(info_i64(&key, value)?),
        _ => Info::Other(key, value.to_string()),
    })
}

impl Command {
    /// Parses one line (without its line end). Leading and trailing spaces
    /// and the case of the command word do not matter. Block lines
    /// (`x,y,f`) are not commands: see [`Assembler`].
    pub fn parse(line: &str) -> Result<Command, ParseError> {
        let line = line.trim();
        let (word, args) = match line.split_once(char::is_whitespace) {
            Some((w, a)) => (w, a.trim()),
            None => (line, ""),
        };
        if word.is_empty() {
            return Err(ParseError::Unknown("empty command".into()));
        }
        let word = word.to_ascii_uppercase();
        let cmd = word.as_str();
        Ok(match cmd {
            "START" => Command::Start(parse_start(args)?),
            "RECTSTART" => {
                let (w, h) = parse_xy(cmd, args).map_err(|_| {
                    invalid(format!(
                        "RECTSTART: bad size {} (expected w,h)",
                        quote(args)
                    ))
                })?;
                Command::RectStart(w, h)
            }
            "RESTART" => Command::Restart,
            "BEGIN" => Command::Begin,
            "TURN" => {
                let (x, y) = parse_xy(cmd, args)?;
                Command::Turn(x, y)
            }
            "TAKEBACK" => {
                let (x, y) = parse_xy(cmd, args)?;
                Command::Takeback(x, y)
            }
            "PLAY" => {
                let (x, y) = parse_xy(cmd, args)?;
                Command::Play(x, y)
            }
            "BOARD" => Command::BlockStart(BlockKind::Board),
            "YXBOARD" => Command::BlockStart(BlockKind::YxBoard),
            "SWAP2BOARD" => Command::BlockStart(BlockKind::Swap2Board),
            "YXBLOCK" => Command::BlockStart(BlockKind::YxBlock),
            "DONE" => Command::Done,
            "INFO" => Command::Info(parse_info(args)?),
            "END" => Command::End,
            "ABOUT" => Command::About,
            "YXSTOP" | "STOP" => Command::Stop,
            "YXSHOWFORBID" => Command::ShowForbid,
            "YXHASHCLEAR" => Command::HashClear,
            "YXSHOWINFO" => Command::ShowInfo,
            "YXNBEST" => {
                let n: usize = parse_int(cmd, args, "count")?;
                if n == 0 {
                    return Err(invalid("YXNBEST: the count must be at least 1"));
                }
                Command::NBest(n)
            }
            "YXBLOCKUNDO" => Command::BlockStart(BlockKind::YxBlockUndo),
            "YXBLOCKRESET" => Command::BlockReset,
            "YXBALANCEONE" => Command::BalanceOne(parse_int(cmd, args, "bias")?),
            "YXBALANCETWO" => Command::BalanceTwo(parse_int(cmd, args, "bias")?),
            _ => {
                return Err(ParseError::Unknown(format!(
                    "command {} is not supported",
                    quote(&word)
                )))
            }
        })
    }
}

/// Parses one line inside a block: `x,y,f` or `x,y` as the kind wants.
pub fn parse_entry(kind: BlockKind, line: &str) -> Result<Entry, String> {
    let parts: Vec<&str> = line.split(',').map(str::trim).collect();
    let num = |s: &str| s.parse::<i32>().ok();
    let expected = if kind.needs_field() { "x,y,f" } else { "x,y" };
    let bad = || format!("bad line {} (expected {expected})", quote(line));
    match parts.as_slice() {
        [x, y] if !kind.needs_field() => Ok(Entry {
            x: num(x).ok_or_else(bad)?,
            y: num(y).ok_or_else(bad)?,
            field: None,
        }),
        [x, y, f] => {
            let (x, y) = (num(x).ok_or_else(bad)?, num(y).ok_or_else(bad)?);
            let field = match num(f) {
                Some(1) => Field::Own,
                Some(2) => Field::Opponent,
                Some(3) => Field::Dead,
                _ => return Err(format!("bad field in {} (expected 1, 2 or 3)", quote(line))),
            };
            Ok(Entry {
                x,
                y,
                field: Some(field),
            })
        }
        _ => Err(bad()),
    }
}

/// A block being collected.
#[derive(Debug)]
struct OpenBlock {
    kind: BlockKind,
    entries: Vec<Entry>,
    /// The first bad line's reason; the whole block is rejected at `DONE`.
    error: Option<String>,
}

/// Turns lines into commands, collecting blocks: a block header opens a
/// block, its lines are gathered, and `DONE` yields one
/// [`Command::Block`], or one error if any line was bad. `END` inside a
/// block abandons it and is passed on (the engine is quitting anyway).
/// Any other command inside a block means its `DONE` was lost: the block
/// is rejected with one error and the command is passed on after it, so
/// that a manager that re-sends the position still gets its answer. The
/// one exception is a `YXBLOCKUNDO` header followed at once by a command:
/// that is the bare form, [`Command::BlockUndo`], and no error.
#[derive(Debug, Default)]
pub struct Assembler {
    block: Option<OpenBlock>,
}

impl Assembler {
    pub fn new() -> Assembler {
        Assembler::default()
    }

    /// True while a block is open.
    pub fn in_block(&self) -> bool {
        self.block.is_some()
    }

    /// Feeds one line, or the reason a line could not be read (too long,
    /// not UTF-8). Returns the commands and errors to answer, in order:
    /// none when the line was empty or went into an open block, two when
    /// a command closed a block that had no `DONE`.
    pub fn feed(&mut self, line: Result<&str, ParseError>) -> Vec<Result<Command, ParseError>> {
        let Some(block) = self.block.as_mut() else {
            return match line {
                Err(e) => vec![Err(e)],
                Ok(l) if l.trim().is_empty() => vec![],
                Ok(l) => match Command::parse(l) {
                    Ok(Command::BlockStart(kind)) => {
                        self.block = Some(OpenBlock {
                            kind,
                            entries: Vec::new(),
                            error: None,
                        });
                        vec![]
                    }
                    Ok(Command::Done) => vec![Err(invalid(
                        "DONE without BOARD, YXBOARD, SWAP2BOARD or YXBLOCK",
                    ))],
                    other => vec![other],
                },
            };
        };
        let line = match line {
            Ok(l) => l.trim(),
            Err(e) => {
                let reason = match e {
                    ParseError::Invalid(m) | ParseError::Unknown(m) => m,
                };
                block.error.get_or_insert(reason);
                return vec![];
            }
        };
        if line.is_empty() {
            return vec![];
        }
        if line.eq_ignore_ascii_case("DONE") {
            let Some(block) = self.block.take() else {
                return vec![];
            };
            return vec![match block.error {
                Some(e) => Err(invalid(format!(
                    "{} rejected, position unchanged: {e}",
                    block.kind.name()
                ))),
                None => Ok(Command::Block(block.kind, block.entries)),
            }];
        }
        if line.eq_ignore_ascii_case("END") {
            self.block = None;
            return vec![Ok(Command::End)];
        }
        if line.starts_with(|c: char| c.is_ascii_alphabetic()) && Command::parse(line).is_ok() {
            let name = block.kind.name();
            let bare_undo = block.kind == BlockKind::YxBlockUndo
                && block.entries.is_empty()
                && block.error.is_none();
            self.block = None;
            if bare_undo {
                // `YXBLOCKUNDO` alone on its line, as a command of its own.
                let mut out = vec![Ok(Command::BlockUndo)];
                out.extend(self.feed(Ok(line)));
                return out;
            }
            let word = line.split_whitespace().next().unwrap_or(line);
            let mut out = vec![Err(invalid(format!(
                "{name} rejected, position unchanged: no DONE before {}",
                quote(word)
            )))];
            out.extend(self.feed(Ok(line)));
            return out;
        }
        match parse_entry(block.kind, line) {
            Ok(_) if block.entries.len() >= MAX_BLOCK_ENTRIES => {
                block
                    .error
                    .get_or_insert_with(|| format!("more than {MAX_BLOCK_ENTRIES} lines"));
            }
            Ok(e) => block.entries.push(e),
            Err(reason) => {
                block.error.get_or_insert(reason);
            }
        }
        vec![]
    }
}

/// Splits a byte stream into lines on CR, LF or CR LF, capping line
/// length at [`MAX_LINE`] and rejecting lines that are not UTF-8. Empty
/// lines are dropped.
#[derive(Debug, Default)]
pub struct LineSplitter {
    buf: Vec<u8>,
    /// Bytes dropped from the current line because it was too long.
    overflow: bool,
}

impl LineSplitter {
    pub fn new() -> LineSplitter {
        LineSplitter::default()
    }

    /// Feeds bytes; calls `out` for every completed line.
    pub fn push(&mut self, bytes: &[u8], out: &mut impl FnMut(Result<String, ParseError>)) {
        for &b in bytes {
            if b == b'\n' || b == b'\r' {
                self.end_line(out);
            } else if self.buf.len() < MAX_LINE {
                self.buf.push(b);
            } else {
                self.overflow = true;
            }
        }
    }

    /// At end of input: the last line, if it had no line end.
    pub fn finish(&mut self, out: &mut impl FnMut(Result<String, ParseError>)) {
        self.end_line(out);
    }

    fn end_line(&mut self, out: &mut impl FnMut(Result<String, ParseError>)) {
        let bytes = std::mem::take(&mut self.buf);
        if std::mem::take(&mut self.overflow) {
            out(Err(invalid(format!(
                "line longer than {MAX_LINE} bytes ignored"
            ))));
            return;
        }
        if bytes.is_empty() {
            return;
        }
        match String::from_utf8(bytes) {
            Ok(s) => out(Ok(s)),
            Err(_) => out(Err(invalid("line is not valid UTF-8, ignored"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Result<Command, ParseError> {
        Command::parse(s)
    }

    fn is_invalid(r: Result<Command, ParseError>) -> bool {
        matches!(r, Err(ParseError::Invalid(_)))
    }

    #[test]
    fn simple_commands_any_case_and_spacing() {
        assert_eq!(p("START 15"), Ok(Command::Start(15)));
        assert_eq!(p("  start   20  "), Ok(Command::Start(20)));
        assert_eq!(p("RectStart 20,15"), Ok(Command::RectStart(20, 15)));
        assert_eq!(p("RECTSTART 20, 15"), Ok(Command::RectStart(20, 15)));
        assert_eq!(p("restart"), Ok(Command::Restart));
        assert_eq!(p("BEGIN"), Ok(Command::Begin));
        assert_eq!(p("turn 7,8"), Ok(Command::Turn(7, 8)));
        assert_eq!(p("TURN 7, 8"), Ok(Command::Turn(7, 8)));
        assert_eq!(p("TURN -1,3"), Ok(Command::Turn(-1, 3)));
        assert_eq!(p("takeback 1,2"), Ok(Command::Takeback(1, 2)));
        assert_eq!(p("PLAY 3,4"), Ok(Command::Play(3, 4)));
        assert_eq!(p("end"), Ok(Command::End));
        assert_eq!(p("ABOUT"), Ok(Command::About));
        assert_eq!(p("yxstop"), Ok(Command::Stop));
        assert_eq!(p("STOP"), Ok(Command::Stop));
        assert_eq!(p("yxshowforbid"), Ok(Command::ShowForbid));
        assert_eq!(p("YXHASHCLEAR"), Ok(Command::HashClear));
        assert_eq!(p("yxshowinfo"), Ok(Command::ShowInfo));
        assert_eq!(p("YXNBEST 3"), Ok(Command::NBest(3)));
        assert_eq!(
            p("yxblockundo"),
            Ok(Command::BlockStart(BlockKind::YxBlockUndo))
        );
        assert_eq!(p("start 15 15"), Ok(Command::Start(15)));
        assert_eq!(p("START 20,20"), Ok(Command::Start(20)));
        assert_eq!(p("YXBLOCKRESET"), Ok(Command::BlockReset));
        assert_eq!(p("YXBALANCEONE -20"), Ok(Command::BalanceOne(-20)));
        assert_eq!(p("yxbalancetwo 0"), Ok(Command::BalanceTwo(0)));
        assert_eq!(p("board"), Ok(Command::BlockStart(BlockKind::Board)));
        assert_eq!(p("YXBOARD"), Ok(Command::BlockStart(BlockKind::YxBoard)));
        assert_eq!(
            p("swap2board"),
            Ok(Command::BlockStart(BlockKind::Swap2Board))
        );
        assert_eq!(p("yxblock"), Ok(Command::BlockStart(BlockKind::YxBlock)));
        assert_eq!(p("done"), Ok(Command::Done));
    }

    #[test]
    fn bad_arguments_are_errors_unknown_words_are_unknown() {
        for bad in [
            "START",
            "START x",
            "START 15 20",
            "START 15 15 15",
            "START 15 x",
            "START 99999999999",
            "RECTSTART 20",
            "RECTSTART a,b",
            "TURN",
            "TURN 7",
            "TURN 7,x",
            "TURN 7,8,9",
            "TURN 1.5,2",
            "TAKEBACK",
            "PLAY ,",
            "YXNBEST",
            "YXNBEST 0",
            "YXNBEST -2",
            "YXBALANCEONE",
            "YXBALANCETWO x",
        ] {
            assert!(is_invalid(p(bad)), "{bad}: {:?}", p(bad));
        }
        assert!(matches!(p("FOO"), Err(ParseError::Unknown(_))));
        assert!(matches!(p("SUGGEST 1,2"), Err(ParseError::Unknown(_))));
        assert_eq!(
            p("xyzzy 1").unwrap_err().reply(),
            "UNKNOWN command 'XYZZY' is not supported"
        );
    }

    #[test]
    fn info_keys() {
        let i = |s: &str| {
            p(s).map(|c| match c {
                Command::Info(i) => i,
                other => panic!("not info: {other:?}"),
            })
        };
        assert_eq!(i("INFO timeout_turn 5000"), Ok(Info::TimeoutTurn(5000)));
        assert_eq!(i("info TIMEOUT_MATCH 0"), Ok(Info::TimeoutMatch(0)));
        assert_eq!(i("INFO time_left -150"), Ok(Info::TimeLeft(-150)));
        assert_eq!(
            i("INFO time_left 2147483647"),
            Ok(Info::TimeLeft(2_147_483_647))
        );
        assert_eq!(i("INFO time_increment 100"), Ok(Info::TimeIncrement(100)));
        assert_eq!(
            i("INFO max_memory 367001600"),
            Ok(Info::MaxMemory(367_001_600))
        );
        assert_eq!(i("INFO game_type 1"), Ok(Info::GameType(1)));
        assert_eq!(i("INFO rule 2"), Ok(Info::Rule(2)));
        assert_eq!(i("INFO evaluate 7,7"), Ok(Info::Evaluate("7,7".into())));
        assert_eq!(
            i("INFO folder C:\\my folder"),
            Ok(Info::Folder("C:\\my folder".into()))
        );
        assert_eq!(i("INFO thread_num 2"), Ok(Info::ThreadNum(2)));
        assert_eq!(i("INFO hash_size 65536"), Ok(Info::HashSize(65536)));
        assert_eq!(i("INFO max_depth 10"), Ok(Info::MaxDepth(10)));
        assert_eq!(i("INFO max_node -1"), Ok(Info::MaxNode(-1)));
        assert_eq!(i("INFO pondering 0"), Ok(Info::Pondering(0)));
        assert_eq!(i("INFO caution_factor 3"), Ok(Info::CautionFactor(3)));
        assert_eq!(i("INFO show_detail 3"), Ok(Info::ShowDetail(3)));
        assert_eq!(i("INFO usedatabase 1"), Ok(Info::UseDatabase(1)));
        assert_eq!(
            i("INFO foo bar"),
            Ok(Info::Other("foo".into(), "bar".into()))
        );
        assert_eq!(i("INFO foo"), Ok(Info::Other("foo".into(), "".into())));
        assert_eq!(i("INFO evaluate"), Ok(Info::Evaluate("".into())));
        for bad in [
            "INFO",
            "INFO timeout_turn",
            "INFO timeout_turn -5",
            "INFO timeout_turn abc",
            "INFO max_memory 1e9",
            "INFO rule x",
            "INFO hash_size -1",
        ] {
            assert!(is_invalid(p(bad)), "{bad}: {:?}", p(bad));
        }
    }

    #[test]
    fn entries() {
        use BlockKind::*;
        let e = |x, y, f| Entry { x, y, field: f };
        assert_eq!(parse_entry(Board, "7,7,1"), Ok(e(7, 7, Some(Field::Own))));
        assert_eq!(
            parse_entry(Board, " 7 , 8 , 2 "),
            Ok(e(7, 8, Some(Field::Opponent)))
        );
        assert_eq!(
            parse_entry(YxBoard, "0,0,3"),
            Ok(e(0, 0, Some(Field::Dead)))
        );
        assert!(parse_entry(Board, "7,7").is_err());
        assert!(parse_entry(Board, "7,7,4").is_err());
        assert!(parse_entry(Board, "7,x,1").is_err());
        assert!(parse_entry(Board, "TURN 1,1").is_err());
        assert_eq!(parse_entry(Swap2Board, "7,7"), Ok(e(7, 7, None)));
        assert_eq!(
            parse_entry(Swap2Board, "7,7,1"),
            Ok(e(7, 7, Some(Field::Own)))
        );
        assert_eq!(parse_entry(YxBlock, "3,4"), Ok(e(3, 4, None)));
        assert!(parse_entry(YxBlock, "3").is_err());
    }

    fn feed_all(lines: &[&str]) -> Vec<Result<Command, ParseError>> {
        let mut a = Assembler::new();
        lines.iter().flat_map(|l| a.feed(Ok(l))).collect()
    }

    #[test]
    fn assembler_blocks() {
        let out = feed_all(&["board", "7,7,1", "", "8,8,2", "done", "ABOUT"]);
        assert_eq!(out.len(), 2);
        let Ok(Command::Block(BlockKind::Board, entries)) = &out[0] else {
            panic!("{out:?}")
        };
        assert_eq!(entries.len(), 2);
        assert_eq!(out[1], Ok(Command::About));

        let out = feed_all(&["BOARD", "DONE"]);
        assert_eq!(out, vec![Ok(Command::Block(BlockKind::Board, vec![]))]);

        // A bad line rejects the whole block, with one error at DONE.
        let out = feed_all(&["BOARD", "7,7,1", "7,x,2", "8,8,9", "DONE", "BEGIN"]);
        assert_eq!(out.len(), 2);
        assert!(
            matches!(&out[0], Err(ParseError::Invalid(m)) if m.contains("BOARD rejected")),
            "{out:?}"
        );
        assert_eq!(out[1], Ok(Command::Begin));

        // END inside a block is obeyed.
        assert_eq!(feed_all(&["BOARD", "1,1,1", "end"]), vec![Ok(Command::End)]);

        // Another command inside a block: its DONE was lost. The block is
        // rejected with one error, and the command is obeyed after it (a
        // new block header opens a new block).
        let out = feed_all(&["BOARD", "7,7,1", "INFO time_left 900", "DONE"]);
        assert_eq!(out.len(), 3, "{out:?}");
        assert!(
            matches!(&out[0], Err(ParseError::Invalid(m)) if m.contains("BOARD rejected") && m.contains("no DONE")),
            "{out:?}"
        );
        assert_eq!(out[1], Ok(Command::Info(Info::TimeLeft(900))));
        assert!(matches!(&out[2], Err(ParseError::Invalid(m)) if m.contains("DONE without")));
        let out = feed_all(&["BOARD", "7,7,1", "start 15", "BOARD", "8,8,1", "DONE"]);
        assert_eq!(out.len(), 3, "{out:?}");
        assert!(out[0].is_err());
        assert_eq!(out[1], Ok(Command::Start(15)));
        let Ok(Command::Block(BlockKind::Board, entries)) = &out[2] else {
            panic!("{out:?}")
        };
        assert_eq!(
            entries,
            &vec![Entry {
                x: 8,
                y: 8,
                field: Some(Field::Own)
            }]
        );
        // An unknown word is a bad line, as before.
        let out = feed_all(&["BOARD", "7,7,1", "FOO 1", "DONE"]);
        assert_eq!(out.len(), 1);
        assert!(matches!(&out[0], Err(ParseError::Invalid(m)) if m.contains("bad line")));

        // DONE outside a block.
        assert!(matches!(
            &feed_all(&["DONE"])[0],
            Err(ParseError::Invalid(_))
        ));

        // An unreadable line inside a block rejects the block.
        let mut a = Assembler::new();
        assert!(a.feed(Ok("YXBOARD")).is_empty());
        assert!(a.in_block());
        assert!(a
            .feed(Err(ParseError::Invalid("not UTF-8".into())))
            .is_empty());
        assert!(matches!(a.feed(Ok("DONE")).as_slice(), [Err(_)]));
        assert!(!a.in_block());
    }

    #[test]
    fn yxblockundo_is_a_block_or_a_bare_command() {
        // Yixin-Board's form: the cells to allow again, then DONE.
        let out = feed_all(&["yxblockundo", "7,7", "done", "ABOUT"]);
        assert_eq!(
            out,
            vec![
                Ok(Command::Block(
                    BlockKind::YxBlockUndo,
                    vec![Entry {
                        x: 7,
                        y: 7,
                        field: None
                    }]
                )),
                Ok(Command::About)
            ]
        );
        // Alone on its line and followed by a command: the bare form.
        let out = feed_all(&["YXBLOCKUNDO", "BOARD", "7,7,1", "DONE"]);
        assert_eq!(out.len(), 2, "{out:?}");
        assert_eq!(out[0], Ok(Command::BlockUndo));
        assert!(matches!(&out[1], Ok(Command::Block(BlockKind::Board, e)) if e.len() == 1));
        // With cells but no DONE, the block was cut short: an error.
        let out = feed_all(&["YXBLOCKUNDO", "7,7", "ABOUT"]);
        assert_eq!(out.len(), 2, "{out:?}");
        assert!(
            matches!(&out[0], Err(ParseError::Invalid(m)) if m.contains("YXBLOCKUNDO rejected"))
        );
        assert_eq!(out[1], Ok(Command::About));
    }

    #[test]
    fn assembler_caps_block_size() {
        let mut lines = vec!["YXBLOCK".to_string()];
        lines.extend((0..MAX_BLOCK_ENTRIES + 5).map(|i| format!("{},{}", i % 22, i / 22)));
        lines.push("DONE".into());
        let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
        let out = feed_all(&refs);
        assert_eq!(out.len(), 1);
        assert!(out[0].is_err());
    }

    fn split(chunks: &[&[u8]]) -> Vec<Result<String, ParseError>> {
        let mut s = LineSplitter::new();
        let mut out = Vec::new();
        for c in chunks {
            s.push(c, &mut |l| out.push(l));
        }
        s.finish(&mut |l| out.push(l));
        out
    }

    #[test]
    fn splitter_line_ends() {
        let out = split(&[b"START 15\r\nINFO a b\nBEGIN\rEND"]);
        let lines: Vec<String> = out.into_iter().map(|l| l.unwrap()).collect();
        assert_eq!(lines, ["START 15", "INFO a b", "BEGIN", "END"]);
        // Lines split across chunks, CR LF split between chunks.
        let out = split(&[b"STA", b"RT 15\r", b"\nBEG", b"IN\r\n\r\n\n"]);
        let lines: Vec<String> = out.into_iter().map(|l| l.unwrap()).collect();
        assert_eq!(lines, ["START 15", "BEGIN"]);
    }

    #[test]
    fn splitter_bad_bytes_and_long_lines() {
        let out = split(&[b"AB\xff\xfeC\nABOUT\n"]);
        assert!(matches!(out[0], Err(ParseError::Invalid(_))));
        assert_eq!(out[1], Ok("ABOUT".to_string()));

        let long = vec![b'x'; 1 << 20];
        let out = split(&[&long, b"\nABOUT\n"]);
        assert_eq!(out.len(), 2);
        assert!(matches!(&out[0], Err(ParseError::Invalid(m)) if m.contains("longer")));
        assert_eq!(out[1], Ok("ABOUT".to_string()));
    }

    #[test]
    fn quotes_escape_control_characters() {
        let r = Command::parse("FOO\u{1b}[2J\u{7}\0").unwrap_err().reply();
        assert_eq!(
            r,
            "UNKNOWN command 'FOO\\u{1b}[2J\\u{7}\\u{0}' is not supported"
        );
        assert!(!r.chars().any(char::is_control), "{r:?}");
    }

    #[test]
    fn quotes_are_short() {
        let long = "y".repeat(1000);
        let r = Command::parse(&format!("TURN {long}")).unwrap_err().reply();
        assert!(r.len() < 120, "{r}");
    }
}
