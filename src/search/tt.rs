//! Lock-free transposition table shared by all search threads.
//!
//! Each entry is two atomic words: the data, and the key XOR-ed with the data.
//! A reader recomputes `key ^ data` and accepts the entry only if it matches
//! the position's hash, so an entry torn by two threads writing at once reads
//! as a miss instead of as garbage. Four entries make a 64-byte bucket, one
//! cache line.

use crate::types::{Bound, Pos, Score, WIN_MIN};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

#[derive(Default)]
struct Entry {
    key: AtomicU64,
    data: AtomicU64,
}

const BUCKET_ENTRIES: usize = 4;

/// Largest table made, whatever is asked: far more than any game needs.
pub const MAX_BYTES: usize = 1 << 34;

/// Bytes of one bucket (four entries): one cache line.
const BUCKET_BYTES: usize = 64;

const _: () = assert!(std::mem::size_of::<Entry>() * BUCKET_ENTRIES == BUCKET_BYTES);

/// What a probe returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtData {
    pub mv: Pos,
    /// Score, already adjusted to the probing node's ply.
    pub score: Score,
    pub eval: Score,
    pub depth: i32,
    pub bound: Bound,
}

/// The table. Size is set in bytes so the protocol can honour memory limits.
pub struct TranspositionTable {
    /// The entries, one spare bucket's worth longer than needed so that
    /// bucket 0 can start on a cache line: bucket i is
    /// `entries[base + 4 i .. base + 4 i + 4]`.
    entries: Vec<Entry>,
    base: usize,
    buckets: usize,
    generation: AtomicU8,
}

// data layout: mv 16 | score 16 | eval 16 | depth 8 | bound 2 + generation 6
fn pack(mv: Pos, score: Score, eval: Score, depth: i32, bound: Bound, gen: u8) -> u64 {
    (mv.0 as u64)
        | ((score as i16 as u16 as u64) << 16)
        | ((eval as i16 as u16 as u64) << 32)
        | (((depth.clamp(-100, 127) as i8) as u8 as u64) << 48)
        | (((bound as u64) | ((gen as u64) << 2)) << 56)
}

struct Unpacked {
    mv: Pos,
    score: Score,
    eval: Score,
    depth: i32,
    bound: Bound,
    gen: u8,
}

fn unpack(d: u64) -> Unpacked {
    Unpacked {
        mv: Pos(d as u16),
        score: (d >> 16) as u16 as i16 as Score,
        eval: (d >> 32) as u16 as i16 as Score,
        depth: (d >> 48) as u8 as i8 as i32,
        bound: match (d >> 56) & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => Bound::None,
        },
        gen: ((d >> 58) & 63) as u8,
    }
}

/// Mate scores are stored relative to the node, not the root.
fn to_tt(score: Score, ply: i32) -> Score {
    if score >= WIN_MIN {
        score + ply
    } else if score <= -WIN_MIN {
        score - ply
    } else {
        score
    }
}

fn from_tt(score: Score, ply: i32) -> Score {
    if score >= WIN_MIN {
        score - ply
    } else if score <= -WIN_MIN {
        score + ply
    } else {
        score
    }
}

/// `n` empty entries, taken from the allocator already zeroed (fresh pages
/// from the system need no writing of zeros). An allocation the system
/// refuses halves the request instead of ending the process.
fn zeroed_entries(mut n: usize) -> Vec<Entry> {
    while n > 2 * BUCKET_ENTRIES {
        if let Some(v) = try_zeroed_entries(n) {
            return v;
        }
        n /= 2;
    }
    (0..2 * BUCKET_ENTRIES).map(|_| Entry::default()).collect()
}

fn try_zeroed_entries(n: usize) -> Option<Vec<Entry>> {
    let layout = std::alloc::Layout::array::<Entry>(n).ok()?;
    if layout.size() == 0 {
        return None;
    }
    // SAFETY: the layout is non-zero-sized and is exactly the one a
    // `Vec<Entry>` of capacity `n` uses, so the allocation can be handed to
    // `Vec::from_raw_parts` with length and capacity `n`; an all-zero bit
    // pattern is a valid `Entry` (two atomic integers). The alignment is the
    // natural one of `Entry`, so the allocator can hand out fresh zero pages
    // instead of writing zeros.
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout) as *mut Entry;
        if ptr.is_null() {
            return None;
        }
        Some(Vec::from_raw_parts(ptr, n, n))
    }
}

/// Number of buckets for a table of at most `bytes`: a power of two, at
/// least one, and never more than [`MAX_BYTES`] worth.
fn bucket_count(bytes: usize) -> usize {
    let n = (bytes.min(MAX_BYTES) / BUCKET_BYTES).max(1);
    if n.is_power_of_two() {
        n
    } else {
        n.next_power_of_two() / 2
    }
}

/// Bytes of the smallest memory page: the system maps a fresh allocation
/// one page at a time, on its first write.
const PAGE_BYTES: usize = 4096;

/// Most of a table mapped when it is made (see [`map_pages`]).
pub(super) const MAP_AHEAD_BYTES: usize = 256 << 20;

/// Writes one word of every page of `entries` (a zero over a zero: no
/// entry changes), so that the system maps the table now, while the
/// engine waits for a command, instead of one page at a time in the
/// middle of the searches. Left to the search, those page faults halved the
/// speed of the first search after the table was made (110 K nodes instead
/// of 240 K in 300 ms with 64 MiB); mapping 64 MiB up front takes about
/// 25 ms, 256 MiB about 115 ms. Only the first [`MAP_AHEAD_BYTES`] are
/// mapped: a larger table (a `hash_size` of gigabytes) would take seconds,
/// perhaps on a move's clock; the search maps the rest as it goes.
fn map_pages(entries: &[Entry]) {
    let n = entries
        .len()
        .min(MAP_AHEAD_BYTES / std::mem::size_of::<Entry>());
    populate(&entries[..n]);
    for e in entries[..n]
        .iter()
        .step_by(PAGE_BYTES / std::mem::size_of::<Entry>())
    {
        e.key.store(0, Ordering::Relaxed);
    }
}

/// Asks the system to map the whole pages of `entries` in one call
/// (Linux 5.14 and later: `madvise(MADV_POPULATE_WRITE)`), a third faster
/// than a page fault for each (64 MiB: about 18 ms instead of 27 here).
/// Nothing changes if the system cannot: [`map_pages`] writes every page
/// after it anyway, which maps what is still unmapped.
#[cfg(target_os = "linux")]
fn populate(entries: &[Entry]) {
    use std::ffi::{c_int, c_void};
    extern "C" {
        fn madvise(addr: *mut c_void, len: usize, advice: c_int) -> c_int;
    }
    const MADV_POPULATE_WRITE: c_int = 23;
    let start = entries.as_ptr() as usize;
    let end = start + std::mem::size_of_val(entries);
    let first = start.next_multiple_of(PAGE_BYTES);
    let last = end / PAGE_BYTES * PAGE_BYTES;
    if last > first {
        // SAFETY: the range is whole pages inside the allocation `entries`
        // borrows; populating maps them writable without writing to them,
        // so no entry changes (fresh pages read as zeros either way). An
        // error (an older kernel) leaves everything as it was.
        unsafe { madvise(first as *mut c_void, last - first, MADV_POPULATE_WRITE) };
    }
}

#[cfg(not(target_os = "linux"))]
fn populate(_: &[Entry]) {}

impl TranspositionTable {
    /// A table of at most `bytes` (rounded down to a power of two of
    /// buckets, at least one bucket).
    pub fn new(bytes: usize) -> Self {
        let entries = zeroed_entries((bucket_count(bytes) + 1) * BUCKET_ENTRIES);
        let buckets = entries.len() / BUCKET_ENTRIES - 1;
        // Round down to a power of two if the allocation had to shrink.
        let buckets = if buckets.is_power_of_two() {
            buckets
        } else {
            buckets.next_power_of_two() / 2
        };
        map_pages(&entries);
        let misalign = (entries.as_ptr() as usize) % BUCKET_BYTES;
        let base = if misalign == 0 {
            0
        } else {
            (BUCKET_BYTES - misalign) / std::mem::size_of::<Entry>()
        };
        TranspositionTable {
            entries,
            base,
            buckets,
            generation: AtomicU8::new(0),
        }
    }

    /// Bytes in use.
    pub fn size_bytes(&self) -> usize {
        self.buckets * BUCKET_BYTES
    }

    pub fn clear(&self) {
        for b in 0..self.buckets {
            for e in self.bucket_at(b) {
                e.key.store(0, Ordering::Relaxed);
                e.data.store(0, Ordering::Relaxed);
            }
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search: older entries become preferred
    /// victims.
    pub fn new_search(&self) {
        let g = self.generation.load(Ordering::Relaxed);
        self.generation.store((g + 1) & 63, Ordering::Relaxed);
    }

    #[inline]
    fn bucket(&self, hash: u64) -> &[Entry] {
        // The low bits pick the bucket; the full key is checked in the entry.
        self.bucket_at((hash as usize) & (self.buckets - 1))
    }

    #[inline]
    fn bucket_at(&self, i: usize) -> &[Entry] {
        let start = self.base + i * BUCKET_ENTRIES;
        &self.entries[start..start + BUCKET_ENTRIES]
    }

    /// Asks the CPU to start loading the bucket of `hash` into the cache,
    /// so that a probe made soon after (the child's, once the move is made)
    /// does not wait for memory. A hint only: no effect on results.
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let bucket = self.bucket(hash);
            // SAFETY: SSE is part of the x86_64 baseline, and a prefetch
            // only hints the cache: it reads nothing into the program and
            // cannot fault, here on the address of a live bucket.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(bucket.as_ptr() as *const i8) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = hash;
    }

    pub fn probe(&self, hash: u64, ply: i32) -> Option<TtData> {
        for e in self.bucket(hash) {
            let data = e.data.load(Ordering::Relaxed);
            let key = e.key.load(Ordering::Relaxed);
            if key ^ data == hash && data != 0 {
                let u = unpack(data);
                return Some(TtData {
                    mv: u.mv,
                    score: from_tt(u.score, ply),
                    eval: u.eval,
                    depth: u.depth,
                    bound: u.bound,
                });
            }
        }
        None
    }

    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &self,
        hash: u64,
        mv: Pos,
        score: Score,
        eval: Score,
        depth: i32,
        bound: Bound,
        ply: i32,
    ) {
        let gen = self.generation.load(Ordering::Relaxed);
        let bucket = self.bucket(hash);
        // Replace the same position if there; otherwise the entry that is
        // oldest and shallowest.
        let mut victim = &bucket[0];
        let mut victim_worth = i32::MAX;
        for e in bucket {
            let data = e.data.load(Ordering::Relaxed);
            let key = e.key.load(Ordering::Relaxed);
            if key ^ data == hash {
                let old = unpack(data);
                // Keep a deeper result for the same position unless the new
                // one is exact, and keep its move if we have none.
                if bound != Bound::Exact && old.depth > depth + 2 && old.gen == gen {
                    return;
                }
                let mv = if mv.is_none() { old.mv } else { mv };
                let d = pack(mv, to_tt(score, ply), eval, depth, bound, gen);
                e.data.store(d, Ordering::Relaxed);
                e.key.store(hash ^ d, Ordering::Relaxed);
                return;
            }
            let u = unpack(data);
            let age = ((gen as i32 - u.gen as i32) & 63) * 8;
            let worth = if data == 0 { i32::MIN } else { u.depth - age };
            if worth < victim_worth {
                victim_worth = worth;
                victim = e;
            }
        }
        let d = pack(mv, to_tt(score, ply), eval, depth, bound, gen);
        victim.data.store(d, Ordering::Relaxed);
        victim.key.store(hash ^ d, Ordering::Relaxed);
    }

    /// Permille of the first thousand buckets' entries written this search.
    pub fn hashfull(&self) -> u32 {
        let gen = self.generation.load(Ordering::Relaxed);
        let n = self.buckets.min(250);
        let mut used = 0;
        for b in 0..n {
            for e in self.bucket_at(b) {
                let d = e.data.load(Ordering::Relaxed);
                if d != 0 && unpack(d).gen == gen {
                    used += 1;
                }
            }
        }
        (used * 1000 / (n * BUCKET_ENTRIES).max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::WIN;

    #[test]
    fn store_and_probe() {
        let tt = TranspositionTable::new(1 << 16);
        assert_eq!(tt.size_bytes(), 1 << 16);
        let h = 0xDEAD_BEEF_1234_5678;
        assert!(tt.probe(h, 0).is_none());
        tt.store(h, Pos::new(3, 4), -123, 45, 7, Bound::Lower, 0);
        let d = tt.probe(h, 0).unwrap();
        assert_eq!(
            (d.mv, d.score, d.eval, d.depth, d.bound),
            (Pos::new(3, 4), -123, 45, 7, Bound::Lower)
        );
        // Mate scores are relative to the node.
        tt.store(h, Pos::new(3, 4), WIN - 9, 0, 9, Bound::Exact, 4);
        assert_eq!(tt.probe(h, 2).unwrap().score, WIN - 7);
        tt.clear();
        assert!(tt.probe(h, 0).is_none());
    }

    #[test]
    fn sizes_are_capped_powers_of_two() {
        assert_eq!(bucket_count(usize::MAX) * BUCKET_BYTES, MAX_BYTES);
        assert_eq!(bucket_count(0), 1);
        assert_eq!(bucket_count(64 * 3), 2);
        let tt = TranspositionTable::new(1 << 20);
        assert_eq!(
            (tt.entries.as_ptr() as usize + tt.base * 16) % 64,
            0,
            "bucket 0 on a cache line"
        );
    }

    #[test]
    fn odd_sizes_round_down() {
        assert_eq!(TranspositionTable::new(100_000).size_bytes(), 65_536);
        assert_eq!(TranspositionTable::new(10).size_bytes(), 64);
    }
}
