#!/usr/bin/env python3
"""How much better than mjkit's logistic wait model could a richer model read the waits?

Reads the CSV written by `calibrate --dump FILE` (one row per ready opponent and kind in mjkit's
hand at mjkit's turns: the wall, whether the kind is a wait, the wait model's inputs, the raw
discard history around the kind) and prints the held-out log-loss (every fifth wall held out)
of a constant, a logistic regression on the model's inputs (what mjkit's bot uses, `src/ai/mjkit/danger.rs`), a logistic
regression on those inputs plus the history expanded into indicators, and gradient-boosted
trees on everything. Not part of the tests; needs numpy and scikit-learn:

    python3 -m venv /tmp/mlenv && /tmp/mlenv/bin/pip install numpy scikit-learn
    cargo run --release -p mjkit-lab --bin calibrate -- --hands 3000 --seed 7 --dump /tmp/waits.csv
    /tmp/mlenv/bin/python lab/scripts/wait_models.py /tmp/waits.csv
"""
import sys

import numpy as np
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss
from sklearn.preprocessing import StandardScaler

MODEL_INPUTS = 35  # mjkit::ai::lab::WAIT_FEATURES (the columns after `wall` and `wait`)
NEIGHBOURS = 7  # offsets -3..=3
PER_NEIGHBOUR = 7  # in_suit, unseen, discarded, from_hand, last_ago, first_at, others


def expanded(history):
    """The history as indicators a linear model can use."""
    cols = []
    for j in range(NEIGHBOURS):
        base = 2 + PER_NEIGHBOUR * j
        in_suit, unseen, disc, hand, last, first, others = history[:, base:base + PER_NEIGHBOUR].T
        cols += [in_suit, unseen, unseen == 0, unseen == 1, disc > 0, hand > 0,
                 (last >= 0) & (last < 3), (last >= 3) & (last < 6), last >= 6,
                 (first >= 0) & (first < 6), others > 0, others > 1]
    rank = history[:, 0].astype(int)
    cols += [rank == r for r in range(10)]
    offsets = history[:, 2 + NEIGHBOURS * PER_NEIGHBOUR + 4:2 + NEIGHBOURS * PER_NEIGHBOUR + 8]
    for i in range(4):
        cols += [offsets[:, i] == v for v in range(-3, 4)]
    return np.column_stack(cols).astype(float)


def main(path):
    data = np.loadtxt(path, delimiter=",", skiprows=1)
    wall, y, x = data[:, 0], data[:, 1], data[:, 2:]
    train, test = wall % 5 != 0, wall % 5 == 0
    inputs, history = x[:, :MODEL_INPUTS], x[:, MODEL_INPUTS:]
    print(f"{len(y)} rows, wait rate {y.mean():.4f}; held-out log-loss:")
    rate = y[train].mean()
    print(f"  constant                               {log_loss(y[test], np.full(test.sum(), rate)):.4f}")
    m = LogisticRegression(max_iter=2000, C=10).fit(inputs[train], y[train])
    print(f"  logistic, the model's inputs           {log_loss(y[test], m.predict_proba(inputs[test])[:, 1]):.4f}")
    z = np.hstack([inputs, expanded(history)])
    z = StandardScaler().fit(z[train]).transform(z)
    m = LogisticRegression(max_iter=3000).fit(z[train], y[train])
    print(f"  logistic, inputs + expanded history    {log_loss(y[test], m.predict_proba(z[test])[:, 1]):.4f}")
    m = HistGradientBoostingClassifier(max_iter=500, learning_rate=0.1, random_state=0)
    m.fit(x[train], y[train])
    print(f"  gradient-boosted trees, every column   {log_loss(y[test], m.predict_proba(x[test])[:, 1]):.4f}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "/tmp/waits.csv")
