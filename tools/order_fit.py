#!/usr/bin/env python3
"""Fits the move-ordering weights (src/eval/weights.rs, FITTED_ORDER) to the
moves that games went on with: a conditional logit over every candidate of
a position, P(move) = softmax(score / T), where score is the ordering score
the search gives a cell before killers and history:

    my_threat[my threat class] + opp_threat[opp threat class]
    + sum my_pattern[my 4 patterns] + sum opp_pattern[opp 4 patterns]

(the opponent's patterns count nothing on a cell forbidden to it). T is
first chosen to fit the current weights best, so the fitted ones keep the
search's units (killer and history bonuses are added to these scores); the
fit starts from and is regularised towards the current weights. The last
20% of the positions are held out; the printed accuracy is how often the
played move is the best-scored one.

usage: [LAM=1e-4] [ITERS=600] [TABLE=FITTED_ORDER] order_fit.py ORDER_FEATURES.txt
(needs numpy; TABLE=HAND_ORDER starts from the hand-set tables)
"""
import os
import re
import sys

import numpy as np

WEIGHTS_RS = os.path.join(os.path.dirname(__file__), "..", "src", "eval", "weights.rs")
NAMES = ["my_threat", "opp_threat", "my_pattern", "opp_pattern"]
TABLE = os.environ.get("TABLE", "FITTED_ORDER")
FORBIDDEN = 13


def read_weights(path):
    text = open(path).read()
    block = re.search(r"pub const " + TABLE + r": OrderWeights = OrderWeights \{(.*?)\};", text, re.S)
    if not block:
        sys.exit(f"{path}: no {TABLE}")

    def field(name):
        m = re.search(name + r": \[([^\]]*)\]", block.group(1))
        if not m:
            sys.exit(f"{path}: {TABLE} has no {name}")
        return [int(v) for v in re.findall(r"-?\d+", m.group(1).replace("_", ""))]

    return [field(n) for n in NAMES]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    d = np.array(open(sys.argv[1]).read().split(), dtype=np.int64).reshape(-1, 12)
    # Keep positions whose played move is among the candidates.
    has = np.zeros(d[:, 0].max() + 1, bool)
    has[d[d[:, 1] == 1, 0]] = True
    d = d[has[d[:, 0]]]
    pos = d[:, 0]
    cut_pos = np.unique(pos)[int(len(np.unique(pos)) * 0.8)]
    sets = [d[pos < cut_pos], d[pos >= cut_pos]]

    w0 = read_weights(WEIGHTS_RS)
    sizes = [len(x) for x in w0]
    offs = np.cumsum([0] + sizes)
    theta0 = np.concatenate([np.array(x, float) for x in w0])

    def prep(d):
        starts = np.flatnonzero(np.r_[True, d[1:, 0] != d[:-1, 0]])
        group = np.cumsum(np.r_[True, d[1:, 0] != d[:-1, 0]]) - 1
        # Parameter index per feature slot, and a 0/1 weight per slot.
        idx = np.stack(
            [offs[0] + d[:, 2], offs[1] + d[:, 3]]
            + [offs[2] + d[:, 4 + i] for i in range(4)]
            + [offs[3] + d[:, 8 + i] for i in range(4)],
            axis=1,
        )
        on = np.ones(idx.shape)
        on[:, 6:] = (d[:, 3] != FORBIDDEN)[:, None]
        return starts, group, idx, on, d[:, 1].astype(float)

    train, val = prep(sets[0]), prep(sets[1])

    def nll(theta, T, data, grad=False):
        starts, group, idx, on, y = data
        s = (theta[idx] * on).sum(1) / T
        mx = np.maximum.reduceat(s, starts)
        e = np.exp(s - mx[group])
        z = np.add.reduceat(e, starts)
        p = e / z[group]
        ng = len(starts)
        loss = -np.sum(y * np.log(p + 1e-300)) / ng
        acc = np.sum((s == mx[group]) & (y == 1)) / ng
        if not grad:
            return loss, acc
        r = (p - y) / T / ng
        g = np.bincount(idx.ravel(), weights=(r[:, None] * on).ravel(), minlength=len(theta))
        return loss, acc, g

    Ts = np.geomspace(10, 2000, 50)
    T = min(Ts, key=lambda T: nll(theta0, T, train)[0])
    print(f"{len(train[0])} training, {len(val[0])} held-out positions; T = {T:.0f}")
    lam = float(os.environ.get("LAM", "1e-4"))
    theta = theta0.copy()
    fixed = np.zeros(len(theta), bool)
    # Threat None and the pattern Dead anchor the scale; a forbidden cell is
    # never a candidate of ours; Five is handled before ordering.
    for o in (offs[0], offs[1]):
        fixed[o + 0] = True
        fixed[o + 12] = True
        fixed[o + 13] = True
    for o in (offs[2], offs[3]):
        fixed[o + 0] = True
        fixed[o + 13] = True
    m, v = np.zeros(len(theta)), np.zeros(len(theta))
    lr, b1, b2 = 2.0, 0.9, 0.999
    for it in range(1, int(os.environ.get("ITERS", "600")) + 1):
        _, _, g = nll(theta, T, train, grad=True)
        g += 2 * lam * (theta - theta0) / T**2
        g[fixed] = 0
        m = b1 * m + (1 - b1) * g
        v = b2 * v + (1 - b2) * g * g
        theta -= lr * (m / (1 - b1**it)) / (np.sqrt(v / (1 - b2**it)) + 1e-12)
    for name, data in (("training", train), ("held-out", val)):
        l0, a0 = nll(theta0, T, data)
        l1, a1 = nll(theta, T, data)
        print(f"{name}: loss {l0:.4f} -> {l1:.4f}, top-1 {a0:.3f} -> {a1:.3f}")
    for i, name in enumerate(NAMES):
        print(name, np.round(theta[offs[i] : offs[i + 1]]).astype(int).tolist())


if __name__ == "__main__":
    main()
