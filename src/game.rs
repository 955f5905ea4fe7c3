//! The game as the protocol, the terminal front ends and the tests see it:
//! a position under a rule, whose turn it is, whether it is over, and which
//! moves are legal.

use crate::board::{Board, BoardError};
use crate::rules;
use crate::types::{Color, Pos, Rule};
use std::fmt;

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    Win(Color),
    /// A full board, or renju Black to move with only forbidden points.
    Draw,
}

/// Why a move was refused. The position is unchanged after any of these.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    Board(BoardError),
    /// Renju: Black may not play here.
    Forbidden(i32, i32),
    /// The game is already decided.
    GameOver,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Board(e) => e.fmt(f),
            MoveError::Forbidden(x, y) => write!(f, "{x},{y} is forbidden for black"),
            MoveError::GameOver => write!(f, "the game is over"),
        }
    }
}

impl std::error::Error for MoveError {}

impl From<BoardError> for MoveError {
    fn from(e: BoardError) -> Self {
        MoveError::Board(e)
    }
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Game {
    board: Board,
    result: Option<GameResult>,
}

impl Game {
    pub fn new(width: i32, height: i32, rule: Rule) -> Result<Game, BoardError> {
        Ok(Game {
            board: Board::new(width, height, rule)?,
            result: None,
        })
    }

    /// Wraps a set-up position, working out whether it is already decided.
    pub fn from_board(mut board: Board) -> Game {
        let result = Self::judge(&mut board);
        Game { board, result }
    }

    fn judge(board: &mut Board) -> Option<GameResult> {
        match rules::find_winner(board) {
            Some(c) => Some(GameResult::Win(c)),
            None if Self::no_move_left(board) => Some(GameResult::Draw),
            None => None,
        }
    }

    /// The side to move has no move left: the board is full, or renju
    /// Black has only forbidden points. The protocol has no pass, so
    /// either ends the game drawn.
    fn no_move_left(board: &mut Board) -> bool {
        board.is_full() || board.no_legal_move(board.side_to_move())
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn rule(&self) -> Rule {
        self.board.rule()
    }

    pub fn side_to_move(&self) -> Color {
        self.board.side_to_move()
    }

    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// Plays a move for the side to move. Off-board, occupied and (renju
    /// Black) forbidden cells are refused; so is any move once the game is
    /// over. Returns the result if the move ended the game.
    pub fn play(&mut self, x: i32, y: i32) -> Result<Option<GameResult>, MoveError> {
        if self.result.is_some() {
            return Err(MoveError::GameOver);
        }
        let p = self.board.pos(x, y).ok_or(BoardError::OffBoard(x, y))?;
        if !self.board.is_empty(p) {
            return Err(BoardError::Occupied(x, y).into());
        }
        let c = self.board.side_to_move();
        if c == Color::Black && self.board.is_forbidden(p) {
            return Err(MoveError::Forbidden(x, y));
        }
        self.board.place(p, c);
        if rules::is_winning_stone(&self.board, p) {
            self.result = Some(GameResult::Win(c));
        } else if Self::no_move_left(&mut self.board) {
            self.result = Some(GameResult::Draw);
        }
        Ok(self.result)
    }

    /// Takes back the last move, if any.
    pub fn undo(&mut self) -> Option<Pos> {
        let p = self.board.undo()?;
        self.result = Self::judge(&mut self.board);
        Some(p)
    }

    /// Every move the side to move may make (none once the game is over).
    pub fn legal_moves(&mut self) -> Vec<Pos> {
        if self.result.is_some() {
            return Vec::new();
        }
        let me = self.board.side_to_move();
        self.board.legal_moves(me)
    }

    /// Black's forbidden points (renju only), row by row.
    pub fn forbidden_points(&mut self) -> Vec<Pos> {
        self.board.forbidden_points()
    }

    /// The cells of the winning line through `p`, if the stone there wins.
    pub fn winning_line(&self, p: Pos) -> Option<Vec<Pos>> {
        let c = self.board.stone(p)?;
        let dir = rules::winning_direction(&self.board, p)?;
        let mut line = vec![p];
        for sign in [-1, 1] {
            let mut q = p.step(dir, sign);
            while self.board.stone(q) == Some(c) {
                line.push(q);
                q = q.step(dir, sign);
            }
        }
        line.sort();
        Some(line)
    }
}
