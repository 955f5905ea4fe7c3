#!/usr/bin/env python3
"""Fits the threat-mask term of the static evaluation (src/eval/weights.rs).

Reads the lines of `cargo run --release --example texel_features
--threat-mask < labelled.txt` (target win rate for the side to move, the
evaluation without the threat-mask term, the position's threat mask) and
fits one value per mask so that sigmoid((eval + value) / K) predicts the
target (least squares). K is first chosen to fit the evaluation without the
term, so the values are in the engine's units. A mask only moves the
positions that have it, so each value is a one-dimensional fit (Newton's
method), regularised towards 0 with the weight of LAM positions: a mask
seen in few positions keeps a value near 0. The last 20% of the lines are
held out to report the loss; the printed table is then fitted to all of
them.

usage: [LAM=5] threat_mask_fit.py features.txt [more.txt ...]
prints the held-out loss before and after, the commonest masks, and the
Rust table (1,024 values) to paste into weights.rs.
"""
import math
import os
import sys

MASKS = 1024
# The mask's bits (src/eval/mod.rs, threat_mask): the side to move's, then
# the opponent's threat classes it has a cell of.
BITS = ["our four+", "our four", "our three+", "our three", "their open four",
        "their four-three", "their four+", "their four", "their three+", "their three"]
LIMIT = 600


def sigmoid(x):
    return 1 / (1 + math.exp(-max(-50.0, min(50.0, x))))


def loss(rows, K, table):
    return sum((sigmoid((e + table[m]) / K) - y) ** 2 for y, e, m in rows) / len(rows)


def fit(rows, K, lam):
    """One value per mask: Newton steps on the regularised squared error."""
    by_mask = {}
    for y, e, m in rows:
        by_mask.setdefault(m, []).append((y, e))
    # A position's curvature is about 2 (s (1 - s) / K)^2 near s = 1/2.
    prior = lam * 2 * (0.25 / K) ** 2
    table = [0] * MASKS
    for m, rs in by_mask.items():
        t = 0.0
        for _ in range(50):
            g, h = 2 * prior * t, 2 * prior
            for y, e in rs:
                s = sigmoid((e + t) / K)
                d = s * (1 - s) / K
                g += 2 * (s - y) * d
                h += 2 * d * d
            step = g / h
            t -= step
            if abs(step) < 0.01:
                break
        table[m] = max(-LIMIT, min(LIMIT, round(t)))
    return table, by_mask


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    lam = float(os.environ.get("LAM", "5"))
    rows = []
    for f in sys.argv[1:]:
        for line in open(f):
            y, e, m = line.split()
            rows.append((float(y), int(e), int(m)))
    cut = int(len(rows) * 0.8)
    train, val = rows[:cut], rows[cut:]
    zero = [0] * MASKS
    K = min(range(200, 2001, 10), key=lambda k: loss(train, k, zero))
    table, _ = fit(train, K, lam)
    print(f"{len(train)} training, {len(val)} held-out positions; K = {K}; LAM = {lam}")
    print(f"held-out loss {loss(val, K, zero):.5f} -> {loss(val, K, table):.5f}")
    table, by_mask = fit(rows, K, lam)
    print("commonest masks (positions, value):")
    for m, rs in sorted(by_mask.items(), key=lambda kv: -len(kv[1]))[:20]:
        names = ", ".join(b for i, b in enumerate(BITS) if m >> i & 1) or "none"
        print(f"  {len(rs):6d} {table[m]:5d}  {names}")
    print("[")
    for i in range(0, MASKS, 16):
        print("    " + ", ".join(str(v) for v in table[i:i + 16]) + ",")
    print("]")


if __name__ == "__main__":
    main()
