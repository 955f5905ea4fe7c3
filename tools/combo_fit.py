#!/usr/bin/env python3
"""Fits the pattern-combination corrections of the static evaluation
(src/eval/combos.rs, `ComboDelta`).

Reads the lines of `cargo run --release --example texel_features --combos
< labelled.txt`: the target win rate for the side to move, the evaluation
without the threat-mask term, the threat mask, and for each side the counts
of its empty cells by combination of four line patterns. A correction d[k]
of combination k changes the evaluation by (16 * own count - OPP * opponent
count) / 16 * d[k] (the evaluation's own weighting of the two sides, OPP the
rule's `opp_weight`); the threat-mask term of the rule (the table named by
MASK in src/eval/weights.rs) stays as it is. The corrections minimise the
squared error of sigmoid(evaluation / K) against the target, regularised
towards 0 with the weight of LAM positions at even odds, by damped
diagonal Newton steps. The evaluation in the features is the one in use,
corrections included: on top of a rule that has them, the fit gives
corrections to add to its table. The last 20% of the lines are held out to report
the loss of a fit to the rest; the corrections written are then fitted to
all of them.

usage: [K=740] [OPP=14] [LAM=20] [STEPS=20] [MASK=FREESTYLE_THREAT_MASK]
       combo_fit.py features.txt > deltas.txt
writes "a b c d delta" lines (the four patterns in ascending order), the
corrections of at least 1 in size; the losses go to stderr.
"""
import math
import os
import re
import sys

K = float(os.environ.get("K", 740))
OPP = float(os.environ.get("OPP", 14))
LAM = float(os.environ.get("LAM", 20))
STEPS = int(os.environ.get("STEPS", 20))
MASK = os.environ.get("MASK", "FREESTYLE_THREAT_MASK")
NUM_PATTERNS = 15
# The second derivative of the loss of one position at even odds: the
# regulariser's unit.
H0 = 2 * (0.25 / K) ** 2
DAMPING = 0.3


def sigmoid(x):
    return 1 / (1 + math.exp(-max(-50.0, min(50.0, x))))


def mask_table():
    here = os.path.dirname(os.path.abspath(__file__))
    text = open(os.path.join(here, "..", "src", "eval", "weights.rs")).read()
    m = re.search(r"pub const %s: \[i16; THREAT_MASKS\] = \[(.*?)\];" % MASK, text, re.S)
    if not m:
        sys.exit(f"no table {MASK} in src/eval/weights.rs")
    return [int(x) for x in m.group(1).replace("\n", " ").split(",") if x.strip()]


def read_rows(path, mask):
    rows = []
    for line in open(path):
        target, ev, m, own, opp = line.split()
        feats = {}
        for field, weight in ((own, 16.0), (opp, -OPP)):
            if field == "-":
                continue
            for pair in field.split(","):
                code, count = pair.split(":")
                feats[int(code)] = feats.get(int(code), 0.0) + weight * int(count) / 16
        rows.append((float(target), int(ev) + mask[int(m)], list(feats.items())))
    return rows


def loss(rows, d):
    return sum((sigmoid((e + sum(d.get(k, 0.0) * c for k, c in f)) / K) - y) ** 2
               for y, e, f in rows) / len(rows)


def fit(rows):
    d = {}
    for _ in range(STEPS):
        grad, hess = {}, {}
        for y, e, f in rows:
            s = sigmoid((e + sum(d.get(k, 0.0) * c for k, c in f)) / K)
            q = s * (1 - s) / K
            g, h = 2 * (s - y) * q, 2 * q * q
            for k, c in f:
                grad[k] = grad.get(k, 0.0) + g * c
                hess[k] = hess.get(k, 0.0) + h * c * c
        for k, g in grad.items():
            dk = d.get(k, 0.0)
            d[k] = dk - DAMPING * (g + 2 * LAM * H0 * dk) / (hess[k] + 2 * LAM * H0)
    return d


def main():
    rows = read_rows(sys.argv[1], mask_table())
    cut = int(len(rows) * 0.8)
    train, held = rows[:cut], rows[cut:]
    print(f"{len(train)} training, {len(held)} held-out positions; K = {K:g}, "
          f"OPP = {OPP:g}, LAM = {LAM:g}", file=sys.stderr)
    before = loss(held, {})
    after = loss(held, fit(train))
    print(f"held-out loss {before:.5f} -> {after:.5f}", file=sys.stderr)
    d = fit(rows)
    written = 0
    for k in sorted(d):
        if abs(d[k]) < 0.5:
            continue
        pats, x = [], k
        for _ in range(4):
            pats.append(x % NUM_PATTERNS)
            x //= NUM_PATTERNS
        print(" ".join(map(str, reversed(pats))), round(d[k]))
        written += 1
    print(f"{written} corrections written", file=sys.stderr)


if __name__ == "__main__":
    main()
