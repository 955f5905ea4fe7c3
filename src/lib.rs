//! Tengen: a Gomoku/Renju engine for the Gomocup (Piskvork) protocol.
//!
//! Layout: [`types`] (small value types), [`board`] (incremental position),
//! [`rules`] (pattern tables, wins, renju forbidden points), [`eval`]
//! (static evaluation), [`game`] (the game-level view used by front ends),
//! [`search`] (the searcher facade), [`protocol`] (the Gomocup protocol)
//! and [`cli`] (the terminal front ends `play` and `watch`).

#![forbid(unsafe_op_in_unsafe_fn)]

pub mod bench;
pub mod board;
pub mod cli;
pub mod eval;
pub mod game;
pub mod protocol;
pub mod rules;
pub mod search;
pub mod solve;
pub mod types;

pub use board::Board;
pub use game::{Game, GameResult, MoveError};
pub use types::{Color, Pos, Rule};
