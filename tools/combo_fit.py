#!/usr/bin/env python3
"""Fits the pattern-combination corrections of the static evaluation
(src/eval/combos.rs, `ComboDelta`).

Reads the lines of `cargo run --release --example texel_features --combos
< labelled.txt`: the target win rate for the side to move, the evaluation
without the threat-mask term, the threat mask, and for each side the counts
of its empty cells by combination of four line patterns (renju Black's
combinations apart from White's). A correction d[k] of combination k
changes the evaluation by (16 * own count - OPP * opponent count) / 16 *
d[k] (the evaluation's own weighting of the two sides, OPP the rule's
`opp_weight`); the threat-mask term of the rule (the table named by MASK in
src/eval/weights.rs) stays as it is. The corrections minimise the squared
error of sigmoid(evaluation / K) against the target, regularised towards 0
with the weight of LAM positions at even odds, by STEPS Gauss-Newton steps,
each solved by up to CG_STEPS conjugate-gradient steps. (Session 38's
tables were fitted by damped diagonal Newton steps, which diverge once
Black's and White's combinations are apart.) The evaluation in the
features is the one in use, corrections included: on top of a rule that
has them, the fit gives corrections to add to its table. The last 20% of
the lines are held out to report the loss of a fit to the rest; the
corrections written are then fitted to all of them.

usage: [K=740] [OPP=14] [LAM=20] [STEPS=6] [CG_STEPS=40]
       [MASK=FREESTYLE_THREAT_MASK] [RUST=NAME]
       combo_fit.py features.txt > deltas.txt
writes "a b c d delta" lines (the four patterns in ascending order; "B a b
c d delta" for renju Black's), the corrections of at least 1 in size; with
RUST, the Rust tables NAME_COMBOS (and NAME_BLACK_COMBOS) for
src/eval/combos.rs instead. The losses go to stderr.
"""
import math
import os
import re
import sys

K = float(os.environ.get("K", 740))
OPP = float(os.environ.get("OPP", 14))
LAM = float(os.environ.get("LAM", 20))
STEPS = int(os.environ.get("STEPS", 6))
CG_STEPS = int(os.environ.get("CG_STEPS", 40))
MASK = os.environ.get("MASK", "FREESTYLE_THREAT_MASK")
NUM_PATTERNS = 15
# The second derivative of the loss of one position at even odds: the
# regulariser's unit.
H0 = 2 * (0.25 / K) ** 2


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


def objective(rows, d):
    """The fit's objective: squared error plus the regulariser (sums)."""
    return loss(rows, d) * len(rows) + LAM * H0 * sum(v * v for v in d.values())


def fit(rows):
    """Gauss-Newton steps, each solved by conjugate gradients and halved
    until the objective falls: the features are far from independent (every
    count of one side flips sign with the side to move), which a diagonal
    step overshoots."""
    d = {}
    for _ in range(STEPS):
        grad, curv = {}, []
        for y, e, f in rows:
            s = sigmoid((e + sum(d.get(k, 0.0) * c for k, c in f)) / K)
            q = s * (1 - s) / K
            for k, c in f:
                grad[k] = grad.get(k, 0.0) + 2 * (s - y) * q * c
            curv.append(2 * q * q)
        for k in grad:
            grad[k] += 2 * LAM * H0 * d.get(k, 0.0)

        def times_hessian(v):
            out = {k: 2 * LAM * H0 * x for k, x in v.items()}
            for (_, _, f), h in zip(rows, curv):
                dot = h * sum(v.get(k, 0.0) * c for k, c in f)
                if dot:
                    for k, c in f:
                        out[k] = out.get(k, 0.0) + dot * c
            return out

        # Conjugate gradients on H p = -grad.
        p = {k: 0.0 for k in grad}
        r = {k: -g for k, g in grad.items()}
        z = dict(r)
        rr = sum(x * x for x in r.values())
        for _ in range(CG_STEPS):
            hz = times_hessian(z)
            alpha = rr / max(sum(z[k] * hz.get(k, 0.0) for k in z), 1e-300)
            for k in z:
                p[k] += alpha * z[k]
                r[k] -= alpha * hz.get(k, 0.0)
            rr_new = sum(x * x for x in r.values())
            if rr_new < 1e-12 * max(rr, 1e-300):
                break
            z = {k: r[k] + rr_new / rr * z[k] for k in z}
            rr = rr_new
        before, step = objective(rows, d), 1.0
        while step > 1e-3:
            trial = {k: d.get(k, 0.0) + step * p.get(k, 0.0) for k in set(d) | set(p)}
            if objective(rows, trial) < before:
                d = trial
                break
            step /= 2
        else:
            break
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
    tables = {"": [], "B": []}
    for k in sorted(d):
        if abs(d[k]) < 0.5:
            continue
        pats, x = [], k
        for _ in range(4):
            pats.append(x % NUM_PATTERNS)
            x //= NUM_PATTERNS
        tables["B" if x else ""].append((list(reversed(pats)), round(d[k])))
    name = os.environ.get("RUST")
    for colour, rows_out in tables.items():
        if name:
            if rows_out:
                print_rust(f"{name}_BLACK_COMBOS" if colour else f"{name}_COMBOS", rows_out)
        else:
            for pats, delta in rows_out:
                print(" ".join([colour] * bool(colour) + [str(p) for p in pats]), delta)
    written = sum(map(len, tables.values()))
    print(f"{written} corrections written", file=sys.stderr)


def print_rust(name, rows):
    """A table of src/eval/combos.rs, formatted as rustfmt would."""
    print("#[rustfmt::skip]")
    print(f"pub const {name}: [ComboDelta; {len(rows)}] = [")
    line = "   "
    for pats, delta in rows:
        item = f" c([{', '.join(map(str, pats))}], {delta}),"
        if len(line) + len(item) > 100:
            print(line)
            line = "   "
        line += item
    if line.strip():
        print(line)
    print("];")


if __name__ == "__main__":
    main()
