"""A learned chance-to-win estimate: a small NumPy network over one seat's observation vector (the
game's `observation_encoding` of `state.view(seat)`), fitted on self-play outcomes (ai/train.py).

It is what the expert bot's search asks at a roll-out cut (`rewards(..., value=...)`): each seat's
chance is read from that seat's own view only, the seats' chances are then made to add up to one.
A seat that can no longer win (the game says so with `search_value` giving it 0) gets 0.

The file holds one model per player count (the vector's length depends on it), as JSON:
`{"game", "models": {"2": {"players", "size", "hidden", "mean", "scale", "w1", "b1", "w2", "b2"}}}`.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np


class ValueNet:
    """p(win | observation) = sigmoid(w2 · tanh(w1 · z + b1) + b2), z the standardised observation;
    `hidden=0` is a logistic model (w2 · z + b2)."""

    def __init__(self, size: int, hidden: int, rng: np.random.Generator | None = None):
        self.size, self.hidden = size, hidden
        self.mean, self.scale = np.zeros(size), np.ones(size)
        rng = rng if rng is not None else np.random.default_rng(0)
        if hidden:
            self.w1 = rng.normal(0.0, 1.0 / np.sqrt(size), (hidden, size))
            self.b1 = np.zeros(hidden)
            self.w2 = rng.normal(0.0, 1.0 / np.sqrt(hidden), hidden)
        else:
            self.w1, self.b1 = np.zeros((0, size)), np.zeros(0)
            self.w2 = np.zeros(size)
        self.b2 = 0.0

    # -- use -----------------------------------------------------------------------------------
    def logits(self, x: np.ndarray) -> np.ndarray:
        z = (x - self.mean) / self.scale
        if self.hidden:
            z = np.tanh(z @ self.w1.T + self.b1)
        return z @ self.w2 + self.b2

    def predict(self, x: np.ndarray) -> np.ndarray:
        return _sigmoid(self.logits(x))

    # -- fitting (mini-batch Adam on the log-loss, L2 on the weights; the order from `rng`) -----------
    def fit(self, x: np.ndarray, y: np.ndarray, rng: np.random.Generator, epochs: int = 8, batch: int = 256,
            rate: float = 0.003, l2: float = 1e-5) -> None:
        self.mean = x.mean(axis=0)
        spread = x.std(axis=0)
        self.scale = np.where(spread > 1e-6, spread, 1.0)
        z_all = (x - self.mean) / self.scale
        bias = np.array([self.b2])
        params = [self.w1, self.b1, self.w2, bias]
        moments = [np.zeros_like(p) for p in params]
        squares = [np.zeros_like(p) for p in params]
        step = 0
        for _ in range(epochs):
            order = rng.permutation(len(y))
            for start in range(0, len(y), batch):
                rows = order[start:start + batch]
                z, target = z_all[rows], y[rows]
                n = len(rows)
                if self.hidden:
                    h = np.tanh(z @ self.w1.T + self.b1)
                    err = (_sigmoid(h @ self.w2 + bias[0]) - target) / n
                    g_h = np.outer(err, self.w2) * (1.0 - h * h)
                    grads = [g_h.T @ z + l2 * self.w1, g_h.sum(axis=0), h.T @ err + l2 * self.w2,
                             np.array([err.sum()])]
                else:
                    err = (_sigmoid(z @ self.w2 + bias[0]) - target) / n
                    grads = [np.zeros_like(self.w1), np.zeros_like(self.b1), z.T @ err + l2 * self.w2,
                             np.array([err.sum()])]
                step += 1
                for param, grad, m, v in zip(params, grads, moments, squares):
                    m *= 0.9
                    m += 0.1 * grad
                    v *= 0.999
                    v += 0.001 * grad * grad
                    param -= rate * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
        self.b2 = float(bias[0])

    # -- the file --------------------------------------------------------------------------------
    def to_json(self, players: int) -> dict:
        def r(a):  # 6 significant digits keep the file small and lose nothing that matters
            return [float(f"{v:.6g}") for v in np.ravel(a)]

        return {"players": players, "size": self.size, "hidden": self.hidden, "mean": r(self.mean),
                "scale": r(self.scale), "w1": r(self.w1), "b1": r(self.b1), "w2": r(self.w2),
                "b2": float(f"{self.b2:.6g}")}

    @classmethod
    def from_json(cls, data: dict) -> "ValueNet":
        size, hidden = int(data["size"]), int(data["hidden"])
        net = cls(size, hidden)
        net.mean, net.scale = np.array(data["mean"], float), np.array(data["scale"], float)
        net.w1 = np.array(data["w1"], float).reshape(hidden, size)
        net.b1, net.w2 = np.array(data["b1"], float), np.array(data["w2"], float)
        net.b2 = float(data["b2"])
        if net.mean.shape != (size,) or net.scale.shape != (size,) or net.w2.shape != ((hidden or size),):
            raise ValueError(f"value model for {data.get('players')} players: arrays do not match size {size}, "
                             f"hidden {hidden}")
        return net


def _sigmoid(t: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-np.clip(t, -30, 30)))


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


class LearnedValue:
    """The search's estimate from learned models (one per player count), for tables of `game` with
    default options; a table the models do not fit (another player count, options that change the
    vector's length) falls back to the game's own `search_value`."""

    def __init__(self, game, models: dict[int, ValueNet]):
        self.game, self.models = game, models
        self.fallback = getattr(game, "search_value", None)
        self._encodings: dict = {}

    def encoding(self, state):
        key = (state.players, tuple(sorted(getattr(state, "options", {}).items())))
        found = self._encodings.get(key)
        if found is None:
            found = self._encodings[key] = self.game.observation_encoding(state.players, getattr(state, "options", None))
        return found

    def __call__(self, state) -> list[float] | None:
        net = self.models.get(state.players)
        encoding = self.encoding(state)
        if net is None or encoding.size != net.size:
            return self.fallback(state) if self.fallback is not None else None
        alive = self.fallback(state) if self.fallback is not None else [1.0] * state.players
        x = np.array([encoding.encode(state.view(seat)) for seat in range(state.players)])
        p = net.predict(x) * np.array([1.0 if a > 0 else 0.0 for a in alive])
        total = p.sum()
        if total <= 0:
            return alive
        return list(p / total)


def load(game, path: str | Path) -> LearnedValue:
    """The learned estimate in `path` for `game`; a file for another game, or broken, raises ValueError."""
    try:
        data = json.loads(Path(path).read_text())
        if data.get("game") != game.id:
            raise ValueError(f"{path} holds a model for {data.get('game')!r}, not {game.id!r}")
        models = {int(k): ValueNet.from_json(m) for k, m in data["models"].items()}
    except (OSError, KeyError, TypeError, json.JSONDecodeError) as exc:
        raise ValueError(f"cannot read the value model {path}: {exc}") from exc
    return LearnedValue(game, models)


_SHIPPED: dict[tuple, LearnedValue] = {}


def shipped(game, path: str | Path) -> LearnedValue:
    """`load`, read once per file version: every expert bot decision (a server's, a review's) makes an
    agent, and the file is a hundred kilobytes of JSON. A file written again (make train) is read again."""
    path = Path(path)
    key = (game.id, str(path.resolve()), path.stat().st_mtime_ns)
    found = _SHIPPED.get(key)
    if found is None:
        found = _SHIPPED[key] = load(game, path)
    return found


def save(path: str | Path, game_id: str, models: dict[int, ValueNet], meta: dict | None = None) -> None:
    data = {"game": game_id, **(meta or {}),
            "models": {str(players): net.to_json(players) for players, net in sorted(models.items())}}
    Path(path).write_text(json.dumps(data, separators=(",", ":")) + "\n")
