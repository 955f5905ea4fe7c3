//! Terminal front ends: `play` (a game against Tengen in the terminal) and
//! `watch` (a manager that makes two protocol engines play each other over
//! pipes), with the board drawing and the game records they share.
//!
//! These are library modules so that tests can drive them directly; the
//! binary only dispatches to [`play::main`] and [`watch::main`].

pub mod draw;
pub mod play;
pub mod sgf;
pub mod watch;

use crate::types::Rule;
use std::collections::VecDeque;
use std::process::ExitCode;
use std::str::FromStr;

/// Command-line options of a subcommand: `--name value`, `--name=value` and
/// bare flags, in any order.
pub struct Args {
    rest: VecDeque<String>,
    /// The value of an `--name=value` option, until it is taken.
    inline: Option<String>,
}

impl Args {
    pub fn new(args: &[String]) -> Args {
        Args {
            rest: args.iter().cloned().collect(),
            inline: None,
        }
    }

    /// The next option's name (`--rule`), or an error for anything that is
    /// not an option, or for a `=value` given to an option that takes none.
    pub fn next_option(&mut self) -> Option<Result<String, String>> {
        if let Some(v) = self.inline.take() {
            return Some(Err(format!("unexpected value {v:?}")));
        }
        let arg = self.rest.pop_front()?;
        if !arg.starts_with("--") || arg.len() < 3 {
            return Some(Err(format!("unexpected argument {arg:?}")));
        }
        Some(Ok(match arg.split_once('=') {
            Some((name, value)) => {
                self.inline = Some(value.to_string());
                name.to_string()
            }
            None => arg,
        }))
    }

    /// The value of option `name`.
    pub fn value(&mut self, name: &str) -> Result<String, String> {
        if let Some(v) = self.inline.take() {
            return Ok(v);
        }
        self.rest
            .pop_front()
            .ok_or_else(|| format!("{name} needs a value"))
    }

    /// A number within `range` for option `name`.
    pub fn number<T>(&mut self, name: &str, range: std::ops::RangeInclusive<T>) -> Result<T, String>
    where
        T: FromStr + PartialOrd + std::fmt::Display,
    {
        let v = self.value(name)?;
        match v.trim().parse::<T>() {
            Ok(n) if range.contains(&n) => Ok(n),
            _ => Err(format!(
                "{name} {v:?}: expected a number from {} to {}",
                range.start(),
                range.end()
            )),
        }
    }

    /// A rule name for option `name`.
    pub fn rule(&mut self, name: &str) -> Result<Rule, String> {
        let v = self.value(name)?;
        Rule::from_name(&v).ok_or_else(|| {
            format!("{name} {v:?}: expected freestyle, exactfive, renju, caro or caro5")
        })
    }
}

/// Prints a usage error for subcommand `cmd` to stderr; exit code 2.
pub fn usage_error(cmd: &str, msg: &str, usage: &str) -> ExitCode {
    eprintln!("pbrain-tengen {cmd}: {msg}\n\n{usage}");
    ExitCode::from(2)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(v: &[&str]) -> Args {
        Args::new(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn options_with_and_without_equals() {
        let mut a = args(&["--size", "9", "--rule=renju", "--quiet", "--time=x"]);
        assert_eq!(a.next_option(), Some(Ok("--size".into())));
        assert_eq!(a.number("--size", 5..=22), Ok(9));
        assert_eq!(a.next_option(), Some(Ok("--rule".into())));
        assert_eq!(a.rule("--rule"), Ok(Rule::Renju));
        assert_eq!(a.next_option(), Some(Ok("--quiet".into())));
        assert_eq!(a.next_option(), Some(Ok("--time".into())));
        assert!(a.number::<u64>("--time", 0..=10).is_err());
        assert_eq!(a.next_option(), None);

        let mut a = args(&["--quiet=1", "x", "--size"]);
        assert_eq!(a.next_option(), Some(Ok("--quiet".into())));
        assert!(a.next_option().unwrap().is_err());
        assert!(a.next_option().unwrap().is_err());
        assert_eq!(a.next_option(), Some(Ok("--size".into())));
        assert!(a.value("--size").is_err());
        let mut a = args(&["--size", "23", "--rule", "go"]);
        a.next_option();
        assert!(a.number("--size", 5..=22).is_err());
        a.next_option();
        assert!(a.rule("--rule").is_err());
    }
}
