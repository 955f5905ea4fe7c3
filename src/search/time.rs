//! Time management: from the manager's limits (`timeout_turn`,
//! `timeout_match`, `time_left`, increment) to a soft limit, checked between
//! iterations, and a hard limit, checked inside the search. The clock is a
//! trait so that the whole policy can be tested with a fake one.

use std::time::{Duration, Instant};

/// "Unlimited" as Gomocup managers send it in `time_left`.
pub const UNLIMITED_MS: i64 = 2_147_483_647;

/// What the manager told us about time. `None` means "not given".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// `timeout_turn` in ms; `Some(0)` means "play as fast as possible".
    pub turn_ms: Option<u64>,
    /// `timeout_match` in ms; 0 means no match limit.
    pub match_ms: Option<u64>,
    /// `time_left` in ms for the whole remaining match; may be negative.
    pub time_left_ms: Option<i64>,
    /// `time_increment` in ms added per move.
    pub increment_ms: u64,
    /// Search exactly this long, with no margin and no early stop (bench
    /// and analysis; overrides the other fields).
    pub movetime_ms: Option<u64>,
}

impl Default for TimeControl {
    /// Without any INFO the engine thinks about five seconds a move, the
    /// Gomocup default turn time.
    fn default() -> Self {
        TimeControl {
            turn_ms: Some(5_000),
            match_ms: None,
            time_left_ms: None,
            increment_ms: 0,
            movetime_ms: None,
        }
    }
}

impl TimeControl {
    /// No time limit at all (analysis until stopped).
    pub fn infinite() -> Self {
        TimeControl {
            turn_ms: None,
            match_ms: None,
            time_left_ms: None,
            increment_ms: 0,
            movetime_ms: None,
        }
    }
}

/// Limits for one search. `hard` is never exceeded (beyond the reaction time
/// of the node-count check); `soft` is where no new iteration starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeLimits {
    pub soft: Duration,
    pub hard: Duration,
    /// The soft limit is a share of the match clock, not the turn's: time
    /// a move does not use is there for the later ones, so a stable best
    /// move stops early ([`IterationPolicy`]). A turn's time unused is lost.
    pub clock_share: bool,
}

impl TimeLimits {
    pub const UNLIMITED: TimeLimits = TimeLimits {
        soft: Duration::MAX,
        hard: Duration::MAX,
        clock_share: false,
    };

    /// Both limits at `limit`, nothing to share out.
    pub const fn fixed(limit: Duration) -> TimeLimits {
        TimeLimits {
            soft: limit,
            hard: limit,
            clock_share: false,
        }
    }

    /// "Answer at once": no search beyond the quick root checks.
    pub fn is_instant(&self) -> bool {
        self.hard.is_zero()
    }

    /// The soft limit that time shares are taken from: the soft limit, or
    /// for a fixed move time (no soft limit) what a time-managed search of
    /// that hard limit would have had.
    pub fn planned(&self) -> Duration {
        if self.soft == Duration::MAX {
            self.hard.mul_f64(0.55)
        } else {
            self.soft
        }
    }
}

/// Time kept back from every limit for process scheduling, thread wake-up
/// and writing the answer: 25 ms plus 3% of the turn, at most 600 ms.
/// Measured on a two-core machine running a match beside us, replies came
/// up to 45 ms after the hard limit at 1 s a move (tools/latency.py), so
/// a loaded machine may answer a little past a short turn; managers allow
/// for that (c-gomoku-cli and the Gomocup judge give about a second).
/// Time is worth more than a larger margin: against 40 ms + 6%, this
/// margin scored 307-244-49 in 600 games at 200 ms a move, three rules
/// (docs/tuning.md, session 30).
pub fn safety_margin(turn_ms: u64) -> u64 {
    (MARGIN_BASE_MS + turn_ms * MARGIN_PERCENT / 100).min(MARGIN_MAX_MS)
}

/// The parts of [`safety_margin`].
pub const MARGIN_BASE_MS: u64 = 25;
pub const MARGIN_PERCENT: u64 = 3;
pub const MARGIN_MAX_MS: u64 = 600;

/// Moves we expect still to play, for sharing the match clock: gomoku games
/// rarely last past 60 moves a side, and spending early matters most.
fn moves_to_go(stones_on_board: usize) -> u64 {
    let played = stones_on_board as u64 / 2;
    30u64.saturating_sub(played / 2).max(12)
}

/// Match-clock time kept back for every move we may still have to play
/// (half the empty cells): however long the game goes, the clock never
/// runs so low that the last moves cannot be answered in time. Without
/// it the share of a twelfth of what is left each move brought the clock
/// down to the safety margin in long games, and the answers of a few ms
/// each that followed could lose a drawn game on time (a 20x20 game can
/// last 200 moves a side). 3 ms a move is 340 ms of a 15x15 game at the
/// start and nothing once the board is full.
pub const RESERVE_PER_MOVE_MS: u64 = 3;

/// The hard limit of a move on the match clock, in tenths of its share:
/// an iteration started in time may run on to it. At four times the
/// share, the moves just after the opening took nearly twice their share,
/// and in 20x20 games against Rapfi the last twenty moves were left less
/// than a quarter of the clock (docs/tuning.md, session 56).
const HARD_SHARE_TENTHS: u64 = 25;

/// On the match clock a new iteration starts only before this percentage
/// of the soft limit: the next one costs about as much again as all
/// before it, so one started later mostly ends past the soft limit, on
/// the later moves' time.
const CLOCK_START_PERCENT: u32 = 60;

/// The shortest hard limit on a match clock that is running out: a search
/// stops within about a millisecond of it, where an instant answer (a
/// node-capped search with no clock) takes a few.
const LAST_RESORT_MS: u64 = 1;

/// Computes the soft and hard limits of one move, with `stones` on the
/// board and `empty` cells left.
pub fn limits(tc: &TimeControl, stones: usize, empty: usize) -> TimeLimits {
    if let Some(ms) = tc.movetime_ms {
        // No soft limit: iterations go on until the hard one stops them.
        return TimeLimits {
            soft: Duration::MAX,
            hard: Duration::from_millis(ms),
            clock_share: false,
        };
    }
    let mut soft = u64::MAX;
    let mut hard = u64::MAX;

    if let Some(turn) = tc.turn_ms {
        if turn == 0 {
            return TimeLimits::fixed(Duration::ZERO);
        }
        let h = turn.saturating_sub(safety_margin(turn));
        hard = hard.min(h);
        // An iteration usually costs two to three times the previous one and
        // will rarely finish if started late, but one cut short is not lost:
        // a root move that beat the previous best (searched first) is
        // played, and the turn's time is not worth keeping. So iterations
        // may start until 90% of the hard limit (Rapfi's ratio), with no
        // early stop for a stable move. Against 70% with one: +29 +/- 17
        // Elo in 1,600 games at 100 ms a move, every rule ahead
        // (docs/tuning.md, session 54).
        soft = soft.min(h * 90 / 100);
    }

    let turn_soft = soft;
    let match_limited = tc.match_ms.is_none_or(|m| m > 0);
    if let Some(left) = tc.time_left_ms {
        if match_limited && left < UNLIMITED_MS {
            if left <= 0 {
                // Out of time already: answer at once.
                return TimeLimits::fixed(Duration::ZERO);
            }
            let left = left as u64;
            let margin = safety_margin(left.min(tc.turn_ms.unwrap_or(left)));
            let spare = left.saturating_sub(margin);
            let own_moves = (empty as u64).div_ceil(2).max(1);
            let reserve = own_moves * RESERVE_PER_MOVE_MS;
            if spare > reserve {
                let usable = spare - reserve;
                let share = usable / moves_to_go(stones) + tc.increment_ms * 3 / 4;
                // Never bet more than a quarter of what is left on one move.
                hard = hard.min(
                    (share * HARD_SHARE_TENTHS / 10)
                        .min(usable / 4 + tc.increment_ms / 2)
                        .min(usable)
                        .max(LAST_RESORT_MS),
                );
                soft = soft.min(share);
            } else {
                // The clock is nearly gone: what is left, shared evenly
                // over every move that may still come.
                hard = hard.min((spare / own_moves).max(LAST_RESORT_MS));
                soft = soft.min(hard);
            }
        }
    }

    if hard == u64::MAX {
        return TimeLimits::UNLIMITED;
    }
    soft = soft.min(hard);
    TimeLimits {
        soft: Duration::from_millis(soft),
        hard: Duration::from_millis(hard),
        clock_share: soft < turn_soft,
    }
}

/// The source of elapsed time for a search.
pub trait Clock: Send {
    fn elapsed(&self) -> Duration;
}

/// The real clock, started when the search request arrived.
pub struct WallClock(pub Instant);

impl Clock for WallClock {
    fn elapsed(&self) -> Duration {
        self.0.elapsed()
    }
}

/// Decides, between iterations, whether to start another one.
pub struct IterationPolicy {
    pub limits: TimeLimits,
    best_changes: u32,
    last_best: Option<u16>,
    last_score: Option<i32>,
}

impl IterationPolicy {
    pub fn new(limits: TimeLimits) -> Self {
        IterationPolicy {
            limits,
            best_changes: 0,
            last_best: None,
            last_score: None,
        }
    }

    /// Records a finished iteration and says whether to go on. The soft limit
    /// is stretched (up to 2x, never past the hard limit) while the best move
    /// keeps changing or the score is falling, and, when it is a share of the
    /// match clock, shrunk while the best move has been stable; there the
    /// next iteration starts only before [`CLOCK_START_PERCENT`] of it.
    pub fn after_iteration(&mut self, elapsed: Duration, best: u16, score: i32) -> bool {
        if self.last_best.is_some_and(|b| b != best) {
            self.best_changes += 2;
        } else {
            self.best_changes = self.best_changes.saturating_sub(1);
        }
        let falling = self.last_score.is_some_and(|s| score < s - 30);
        self.last_best = Some(best);
        self.last_score = Some(score);
        if self.limits.soft == Duration::MAX {
            return true;
        }
        let mut factor = 1.0 + 0.25 * self.best_changes.min(4) as f64;
        if falling {
            factor += 0.5;
        }
        if self.best_changes == 0 && self.limits.clock_share {
            factor *= 0.8;
        }
        let soft = self.limits.soft.mul_f64(factor).min(self.limits.hard);
        if self.limits.clock_share {
            elapsed < soft * CLOCK_START_PERCENT / 100
        } else {
            elapsed < soft
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tc(turn: Option<u64>, mtch: Option<u64>, left: Option<i64>) -> TimeControl {
        TimeControl {
            turn_ms: turn,
            match_ms: mtch,
            time_left_ms: left,
            increment_ms: 0,
            movetime_ms: None,
        }
    }

    #[test]
    fn movetime_is_a_hard_limit_without_soft_stop() {
        let t = TimeControl {
            movetime_ms: Some(1000),
            ..tc(Some(5000), Some(100_000), Some(50_000))
        };
        let l = limits(&t, 30, 195);
        assert_eq!(l.hard, Duration::from_millis(1000));
        assert_eq!(l.soft, Duration::MAX);
        assert!(!l.is_instant());
        // Time shares come from what a managed search would have planned.
        assert_eq!(l.planned(), Duration::from_millis(550));
        let managed = limits(&tc(Some(5000), None, None), 30, 195);
        assert_eq!(managed.planned(), managed.soft);
        // Iterations never stop on the soft side, however stable.
        let mut p = IterationPolicy::new(l);
        for d in 0..20 {
            assert!(p.after_iteration(Duration::from_millis(999), 7, d));
        }
    }

    #[test]
    fn turn_only() {
        let l = limits(&tc(Some(1000), None, None), 10, 215);
        assert!(l.hard < Duration::from_millis(1000));
        assert!(l.hard >= Duration::from_millis(850));
        assert!(l.soft <= l.hard && l.soft >= Duration::from_millis(400));
        // 1000 - (25 + 30) = 945 ms hard; iterations start until 90% of it,
        // and the turn's time is not a share of a match clock.
        assert_eq!(
            (l.hard, l.soft, l.clock_share),
            (
                Duration::from_millis(945),
                Duration::from_millis(850),
                false
            )
        );
        let l = limits(&tc(Some(30_000), None, None), 10, 215);
        assert!(l.hard >= Duration::from_millis(29_000) && l.hard < Duration::from_millis(30_000));
    }

    #[test]
    fn zero_turn_is_instant() {
        assert!(limits(&tc(Some(0), None, None), 0, 225).is_instant());
    }

    #[test]
    fn match_time_caps_turn() {
        // 10 s left for the whole match: far less than the 30 s turn limit.
        let l = limits(&tc(Some(30_000), Some(180_000), Some(10_000)), 20, 205);
        assert!(l.hard <= Duration::from_millis(2_500), "{l:?}");
        assert!(l.soft <= l.hard);
        assert!(l.soft >= Duration::from_millis(200));
        assert!(l.clock_share, "{l:?}");
        // A long match clock and a short turn: the turn decides.
        let l = limits(&tc(Some(1_000), Some(600_000), Some(500_000)), 20, 205);
        assert_eq!(l, limits(&tc(Some(1_000), None, None), 20, 205));
        assert!(!l.clock_share);
        // A match clock alone is always a share.
        assert!(limits(&tc(None, Some(180_000), Some(100_000)), 20, 205).clock_share);
    }

    #[test]
    fn negative_or_tiny_time_left() {
        let l = limits(&tc(Some(5_000), Some(180_000), Some(-500)), 40, 185);
        assert!(l.is_instant(), "{l:?}");
        let l = limits(&tc(Some(5_000), Some(180_000), Some(20)), 40, 185);
        assert!(l.hard <= Duration::from_millis(20));
    }

    #[test]
    fn the_match_clock_lasts_until_the_board_is_full() {
        // A 20x20 game that fills the board: 200 moves of ours, each taking
        // its hard limit and 2 ms more (measured: a 1 ms limit is answered
        // in about 1.5 ms). The clock must never run out, however short.
        for match_ms in [1_000u64, 2_000, 8_000, 60_000, 180_000] {
            let mut left = match_ms as i64;
            for stones in (0..400usize).step_by(2) {
                let l = limits(
                    &tc(Some(30_000), Some(match_ms), Some(left)),
                    stones,
                    400 - stones,
                );
                assert!(l.soft <= l.hard && !l.is_instant(), "{l:?}");
                left -= l.hard.as_millis() as i64 + 2;
                assert!(
                    left > 0,
                    "match {match_ms} ms: out of time after {stones} stones"
                );
            }
        }
    }

    #[test]
    fn a_short_clock_is_shared_over_the_moves_that_may_come() {
        // 300 ms left, 100 empty cells: 50 more moves may come, 150 ms of
        // the clock is theirs; of the 116 ms left over, a twelfth, and at
        // most two and a half times that.
        let l = limits(&tc(Some(5_000), Some(180_000), Some(300)), 125, 100);
        assert_eq!(l.soft, Duration::from_millis(9));
        assert_eq!(l.hard, Duration::from_millis(22));
        // 100 ms left: less than the reserve, so an even share of it.
        let l = limits(&tc(Some(5_000), Some(180_000), Some(100)), 125, 100);
        assert_eq!(l.hard, Duration::from_millis(1));
        // 50 ms left, 10 more moves: (50 - 26) / 10.
        let l = limits(&tc(Some(5_000), Some(180_000), Some(50)), 205, 20);
        assert_eq!(l.hard, Duration::from_millis(2));
        assert_eq!(l.soft, l.hard);
    }

    #[test]
    fn unlimited_time_left_is_ignored() {
        let l = limits(&tc(Some(2_000), Some(0), Some(UNLIMITED_MS)), 0, 225);
        assert_eq!(l, limits(&tc(Some(2_000), None, None), 0, 225));
        assert_eq!(
            limits(&TimeControl::infinite(), 0, 225),
            TimeLimits::UNLIMITED
        );
    }

    #[test]
    fn policy_stretches_when_unstable() {
        let lim = TimeLimits {
            soft: Duration::from_millis(100),
            hard: Duration::from_millis(400),
            clock_share: true,
        };
        let mut stable = IterationPolicy::new(lim);
        let mut unstable = IterationPolicy::new(lim);
        for i in 0..4u16 {
            stable.after_iteration(Duration::from_millis(10), 5, 0);
            unstable.after_iteration(Duration::from_millis(10), i, 0);
        }
        let t = Duration::from_millis(110);
        assert!(!stable.after_iteration(t, 5, 0));
        assert!(unstable.after_iteration(t, 9, 0));
        // Never past the hard limit.
        assert!(!unstable.after_iteration(Duration::from_millis(400), 10, 0));
    }

    #[test]
    fn a_stable_move_gives_back_only_match_clock_time() {
        // A stable best move shrinks a share of the match clock to 80% of
        // the soft limit, and no iteration starts past 60% of that; a
        // turn's soft limit is used to the end.
        for (clock_share, stop_at) in [(true, 48), (false, 100)] {
            let lim = TimeLimits {
                soft: Duration::from_millis(100),
                hard: Duration::from_millis(400),
                clock_share,
            };
            let mut p = IterationPolicy::new(lim);
            for _ in 0..4 {
                assert!(p.after_iteration(Duration::from_millis(10), 5, 0));
            }
            let ms = Duration::from_millis;
            assert!(p.after_iteration(ms(stop_at - 1), 5, 0), "{clock_share}");
            assert!(!p.after_iteration(ms(stop_at + 1), 5, 0), "{clock_share}");
        }
    }
}
