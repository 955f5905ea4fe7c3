#!/usr/bin/env python3
"""Texel tuning of the static evaluation (src/eval/weights.rs).

Reads the feature lines of `cargo run --release --example texel_features`
(result for the side to move, ply, search score, 29 own then 29 opponent
counts) and fits one `EvalWeights` set (pattern, threat values and the
opponent weight; `SET=NAME`, default FITTED_EVAL) so
that sigmoid(eval / K) predicts the target (least squares), starting from
and regularised towards the current weights. K is first chosen to fit the
current weights to the game results best, so the fitted weights keep the
engine's units (the search's margins depend on them). The last 20% of the
lines are held out.

The target is MIX * result + (1 - MIX) * sigmoid(score / K): MIX=1 (the
default) fits game results, MIX=0 the search scores (the features must then
have been extracted with a node count). DECISIVE=0 drops the positions
whose search score is decisive (a forced win that the search, not the
evaluation, is there to find).

usage: LAM=1e-6 [SET=FITTED_EVAL] [MIX=1] [DECISIVE=1] texel_fit.py features.txt [more.txt ...]
(needs numpy)
"""
import os
import re
import sys

import numpy as np

# The current weights, read from the engine's source.
WEIGHTS_RS = os.path.join(os.path.dirname(__file__), "..", "src", "eval", "weights.rs")


def read_weights(path, name):
    """The weights of the `EvalWeights` constant `name` in weights.rs."""
    text = open(path).read()
    m = re.search(r"pub const " + name + r": EvalWeights = EvalWeights \{(.*?)\};", text, re.S)
    s = re.search(r"pub const SELF_WEIGHT: i32 = (\d+);", text)
    if not m or not s:
        sys.exit(f"{path}: no {name} or SELF_WEIGHT")
    body = m.group(1)

    def field(f):
        v = re.search(r"\b" + f + r": (\[[^\]]*\]|-?\d+)", body)
        if not v:
            sys.exit(f"{path}: {name} has no {f}")
        return [int(x) for x in re.findall(r"-?\d+", v.group(1))]

    return field("pattern"), field("threat"), int(s.group(1)), field("opp_weight")[0]


# The weights fitted from: FITTED_EVAL (freestyle) unless SET names another
# constant, e.g. SET=EXACT_EVAL or SET=RENJU_EVAL.
SET = os.environ.get("SET", "FITTED_EVAL")
PATTERN_VALUE, THREAT_VALUE, SELF_WEIGHT, OPP_WEIGHT = read_weights(WEIGHTS_RS, SET)
NP, NT = len(PATTERN_VALUE), len(THREAT_VALUE)
# Not fitted: Dead, Overline, F5, DoubleFour patterns; threat None, Five and
# Forbidden (quiet positions have no five, and a cell count is no value).
FIXED = [0, 1, 13, 14, NP + 0, NP + 12, NP + 13]


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    data = np.array([l.split() for f in sys.argv[1:] for l in open(f)], float)
    if os.environ.get("DECISIVE", "1") == "0":
        data = data[np.abs(data[:, 2]) < 2000]
    cut = int(len(data) * 0.8)
    train, val = data[:cut], data[cut:]
    n = NP + NT

    def split(d):
        return d[:, 0], d[:, 3 : 3 + n], d[:, 3 + n :]

    y, own, opp = split(train)
    yv, ownv, oppv = split(val)
    score, scorev = train[:, 2], val[:, 2]
    w0 = np.array(PATTERN_VALUE + THREAT_VALUE, float)
    k0 = OPP_WEIGHT / SELF_WEIGHT

    def loss(w, k, K, y, own, opp):
        p = 1 / (1 + np.exp(-(own @ w - k * (opp @ w)) / K))
        return np.mean((p - y) ** 2)

    Ks = np.geomspace(50, 5000, 60)
    K = min(Ks, key=lambda K: loss(w0, k0, K, y, own, opp))
    print(f"{len(train)} training, {len(val)} held-out positions; K = {K:.0f}")
    mix = float(os.environ.get("MIX", "1"))
    y = mix * y + (1 - mix) / (1 + np.exp(-score / K))
    yv = mix * yv + (1 - mix) / (1 + np.exp(-scorev / K))

    lam = float(os.environ.get("LAM", "1e-6"))
    fixed = np.zeros(n, bool)
    fixed[FIXED] = True
    w, k = w0.copy(), k0
    m, v = np.zeros(n + 1), np.zeros(n + 1)
    lr, b1, b2 = 0.5, 0.9, 0.999
    for it in range(1, 3001):
        e = own @ w - k * (opp @ w)
        p = 1 / (1 + np.exp(-e / K))
        ge = 2 * (p - y) * p * (1 - p) / K / len(y)
        g = np.concatenate([own.T @ ge - k * (opp.T @ ge) + 2 * lam * (w - w0), [-(opp @ w) @ ge]])
        g[:n][fixed] = 0
        m = b1 * m + (1 - b1) * g
        v = b2 * v + (1 - b2) * g * g
        step = lr * (m / (1 - b1**it)) / (np.sqrt(v / (1 - b2**it)) + 1e-12)
        w = np.maximum(w - step[:n], 0)
        k -= step[n] * 0.01
    print("held-out loss: current", round(loss(w0, k0, K, yv, ownv, oppv), 5),
          "fitted", round(loss(w, k, K, yv, ownv, oppv), 5))
    print(f"{SET}: pattern {np.round(w[:NP]).astype(int).tolist()}")
    print(f"{SET}: threat {np.round(w[NP:]).astype(int).tolist()}")
    print(f"{SET}: opp_weight {round(k * SELF_WEIGHT)}")


if __name__ == "__main__":
    main()
