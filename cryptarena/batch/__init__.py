"""The batched simulator: dice games played as arrays, many games at once (docs/batch.md).

    from cryptarena.batch import run_batch
    report = run_batch("midas", players=4, games=1_000_000, agents=["random"], seed=1)

The report is `cryptarena simulate`'s (ai/simulate.py), folded exactly from the arrays.
"""

from .core import (BACKENDS, BatchResult, BatchSetupError, RandomSource, ScriptedSource, backend, batch_ids,
                   load, play, run_batch)

__all__ = ["BACKENDS", "BatchResult", "BatchSetupError", "RandomSource", "ScriptedSource", "backend", "batch_ids",
           "load", "play", "run_batch"]
