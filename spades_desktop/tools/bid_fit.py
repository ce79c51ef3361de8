"""The numpy half of the bid model: fitting its three predictors and measuring them on held-out hands.

Only ``tools/fit_bid_model.py`` imports this (numpy is the ``fit`` extra, not a dependency of the
game). The predictions here are the vectorised twins of ``ai/bid_model.py``'s plain-Python ones, and
must give the same numbers: the shipped file carries rows predicted here, which a test checks the
game's predictions against.

Kinds of count model (chosen per target by log-loss on a validation part of the training games):
``cumulative``, one logistic P(T >= k) per count k (fitted one by one by Newton's method, then held
non-increasing in k); ``ordinal``, the same with one weight vector shared by every k (proportional
odds; shipped in the cumulative form, its weights repeated); ``softmax``, one score per count.
Features are standardised for fitting (the penalty then weighs each alike) and the weights turned
back to raw features before they are written.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..ai.bid_model import FLOOR

KINDS = ("cumulative", "ordinal", "softmax")
#: the L2 penalties tried per kind (on standardised weights, summed over the training rows' loss)
PENALTIES = (1.0, 30.0)
BIAS_PENALTY = 1e-3  # keeps a count no training hand reached at a finite, very low chance
LBFGS_STEPS = 500


@dataclass
class Fitted:
    """Weights on raw features: ``weights`` (counts x features) and ``bias`` (counts)."""

    kind: str  # "cumulative" or "softmax" (an ordinal fit is written as cumulative)
    weights: np.ndarray
    bias: np.ndarray

    def rounded(self, digits: int = 8) -> Fitted:
        """The weights as the file keeps them (significant digits), so the checks predict from those."""
        def keep(a: np.ndarray) -> np.ndarray:
            return np.array([float(f"{v:.{digits}g}") for v in a.ravel()]).reshape(a.shape)
        return Fitted(self.kind, keep(self.weights), keep(self.bias))

    def predict(self, x: np.ndarray) -> np.ndarray:
        scores = x @ self.weights.T + self.bias
        if self.kind == "softmax":
            e = np.exp(scores - scores.max(axis=1, keepdims=True))
            return floored(e / e.sum(axis=1, keepdims=True))
        return cumulative_distribution(sigmoid(scores))


def sigmoid(z: np.ndarray) -> np.ndarray:
    e = np.exp(-np.abs(z))  # never overflows
    return np.where(z >= 0, 1.0 / (1.0 + e), e / (1.0 + e))


def floored(p: np.ndarray) -> np.ndarray:
    p = np.maximum(p, FLOOR)
    return p / p.sum(axis=1, keepdims=True)


def cumulative_distribution(at_least: np.ndarray) -> np.ndarray:
    """P(T = k) from P(T >= k), k = 1..K (held non-increasing, as ``bid_model.CountModel`` does)."""
    n = at_least.shape[0]
    full = np.minimum.accumulate(np.hstack([np.ones((n, 1)), at_least]), axis=1)
    full = np.hstack([full, np.zeros((n, 1))])
    return floored(full[:, :-1] - full[:, 1:])


class Scaler:
    """Standardising the features (a feature that never varies is left as it is)."""

    def __init__(self, x: np.ndarray) -> None:
        self.mean = x.mean(axis=0)
        std = x.std(axis=0)
        self.std = np.where(std > 1e-12, std, 1.0)

    def __call__(self, x: np.ndarray) -> np.ndarray:
        return (x - self.mean) / self.std

    def raw(self, kind: str, weights: np.ndarray, bias: np.ndarray) -> Fitted:
        w = weights / self.std
        return Fitted(kind, w, bias - w @ self.mean)


def fit_logistic(z: np.ndarray, y: np.ndarray, penalty: float, steps: int = 30) -> tuple[np.ndarray, float]:
    """P(y) = sigmoid(w . z + b) by Newton's method with an L2 penalty (standardised ``z``)."""
    n, d = z.shape
    design = np.hstack([z, np.ones((n, 1))])
    theta = np.zeros(d + 1)
    rate = np.clip(y.mean(), 1e-4, 1 - 1e-4)
    theta[-1] = np.log(rate / (1 - rate))
    pen = np.full(d + 1, penalty)
    pen[-1] = BIAS_PENALTY
    for _ in range(steps):
        p = sigmoid(design @ theta)
        grad = design.T @ (p - y) + pen * theta
        hess = design.T @ (design * (p * (1 - p))[:, None]) + np.diag(pen)
        step = np.linalg.solve(hess, grad)
        theta -= step
        if np.abs(step).max() < 1e-9:
            break
    return theta[:-1], float(theta[-1])


def lbfgs(objective: Callable[[np.ndarray], tuple[float, np.ndarray]], theta: np.ndarray,
          steps: int = LBFGS_STEPS, memory: int = 10) -> np.ndarray:
    """Minimise a smooth ``objective`` (value and gradient) from ``theta`` by L-BFGS with a
    backtracking line search; stops when a step changes the value by less than a part in 1e9."""
    value, grad = objective(theta)
    pairs: list[tuple[np.ndarray, np.ndarray]] = []
    for _ in range(steps):
        q = grad.copy()
        alphas = []
        for s, y in reversed(pairs):
            a = (s @ q) / (y @ s)
            q -= a * y
            alphas.append(a)
        if pairs:
            s, y = pairs[-1]
            q *= (s @ y) / (y @ y)
        for (s, y), a in zip(pairs, reversed(alphas), strict=True):
            q += s * (a - (y @ q) / (y @ s))
        direction = -q
        slope = grad @ direction
        if slope >= 0:  # not a descent direction: start the memory again
            pairs.clear()
            direction, slope = -grad, -(grad @ grad)
        step = 1.0
        while True:
            new = theta + step * direction
            new_value, new_grad = objective(new)
            if new_value <= value + 1e-4 * step * slope or step < 1e-12:
                break
            step *= 0.5
        s, y = new - theta, new_grad - grad
        if s @ y > 1e-12:
            pairs = [*pairs[-(memory - 1):], (s, y)]
        done = abs(value - new_value) < 1e-9 * max(1.0, abs(value))
        theta, value, grad = new, new_value, new_grad
        if done:
            break
    return theta


def _ordinal(z: np.ndarray, counts: np.ndarray, k_max: int, penalty: float) -> tuple[np.ndarray, np.ndarray]:
    """Proportional odds, P(T >= k) = sigmoid(w . z + b_k): the thresholds kept decreasing by writing
    b_k = b_1 - (the sum of exp(gap_j), j < k), so every count's chance stays positive."""
    n, d = z.shape
    rows = np.arange(n)
    upper = counts >= 1
    lower = counts + 1 <= k_max

    def unpack(theta: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        gaps = np.exp(theta[d + 1:])
        return theta[:d], theta[d] - np.concatenate([[0.0], np.cumsum(gaps)])

    def objective(theta: np.ndarray) -> tuple[float, np.ndarray]:
        w, b = unpack(theta)
        s = sigmoid((z @ w)[:, None] + b)
        full = np.hstack([np.ones((n, 1)), s, np.zeros((n, 1))])
        p = np.maximum(full[rows, counts] - full[rows, counts + 1], 1e-300)
        slope = s * (1 - s)
        g = np.zeros((n, k_max))  # d(-log p) / d(score k)
        g[rows[upper], counts[upper] - 1] -= slope[rows[upper], counts[upper] - 1] / p[upper]
        g[rows[lower], counts[lower]] += slope[rows[lower], counts[lower]] / p[lower]
        g /= n
        gb = g.sum(axis=0)
        tail = np.cumsum(gb[::-1])[::-1]  # d/d gap_j: every threshold after it moves
        grad = np.concatenate([z.T @ g.sum(axis=1) + penalty / n * w, [gb.sum()],
                               -np.exp(theta[d + 1:]) * tail[1:]])
        return float(-np.log(p).mean() + penalty / (2 * n) * (w @ w)), grad

    b0 = _marginal_bias(counts, k_max)
    theta = np.concatenate([np.zeros(d), [b0[0]], np.log(np.maximum(-np.diff(b0), 1e-3))])
    return unpack(lbfgs(objective, theta))


def _softmax(z: np.ndarray, counts: np.ndarray, k_max: int, penalty: float) -> tuple[np.ndarray, np.ndarray]:
    n, d = z.shape
    onehot = np.eye(k_max + 1)[counts]

    def objective(theta: np.ndarray) -> tuple[float, np.ndarray]:
        w = theta[:(k_max + 1) * d].reshape(k_max + 1, d)
        scores = z @ w.T + theta[(k_max + 1) * d:]
        top = scores.max(axis=1, keepdims=True)
        e = np.exp(scores - top)
        total = e.sum(axis=1, keepdims=True)
        nll = float((np.log(total) + top - (scores * onehot).sum(axis=1, keepdims=True)).mean())
        g = (e / total - onehot) / n
        grad = np.concatenate([(g.T @ z + penalty / n * w).ravel(), g.sum(axis=0)])
        return nll + penalty / (2 * n) * float((w * w).sum()), grad

    bias = np.log(np.bincount(counts, minlength=k_max + 1) + 1.0)
    theta = lbfgs(objective, np.concatenate([np.zeros((k_max + 1) * d), bias]))
    return theta[:(k_max + 1) * d].reshape(k_max + 1, d), theta[(k_max + 1) * d:]


def _marginal_bias(counts: np.ndarray, k_max: int) -> np.ndarray:
    rates = np.array([(counts >= k).mean() for k in range(1, k_max + 1)])
    rates = np.clip(rates, 1e-4, 1 - 1e-4)
    return np.log(rates / (1 - rates))


def fit_counts(kind: str, x: np.ndarray, counts: np.ndarray, k_max: int, penalty: float) -> Fitted:
    """A count model of ``kind`` over 0..k_max, fitted to raw features ``x`` and counts."""
    scaler = Scaler(x)
    z = scaler(x)
    if kind == "cumulative":
        fits = [fit_logistic(z, (counts >= k).astype(float), penalty) for k in range(1, k_max + 1)]
        return scaler.raw("cumulative", np.array([w for w, _ in fits]), np.array([b for _, b in fits]))
    if kind == "ordinal":
        w, b = _ordinal(z, counts, k_max, penalty)
        return scaler.raw("cumulative", np.tile(w, (k_max, 1)), b)
    weights, bias = _softmax(z, counts, k_max, penalty)
    return scaler.raw("softmax", weights, bias)


def fit_nil(x: np.ndarray, made: np.ndarray, penalty: float) -> tuple[np.ndarray, float]:
    """P(a nil is made) as one logistic on raw features."""
    scaler = Scaler(x)
    w, b = fit_logistic(scaler(x), made, penalty)
    raw = scaler.raw("cumulative", w[None, :], np.array([b]))
    return raw.weights[0], float(raw.bias[0])


def log_loss(p: np.ndarray, counts: np.ndarray) -> float:
    return float(-np.log(p[np.arange(len(counts)), counts]).mean())


def mean_count(p: np.ndarray) -> np.ndarray:
    return p @ np.arange(p.shape[1])


def made_right(p: np.ndarray, counts: np.ndarray, contracts: np.ndarray) -> float:
    """How often P(T >= contract) >= 0.5 says rightly whether the contract was made."""
    tail = np.array([row[c:].sum() for row, c in zip(p, contracts, strict=True)])
    return float(((tail >= 0.5) == (counts >= contracts)).mean())


def binary_log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, FLOOR, 1 - FLOOR)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())
