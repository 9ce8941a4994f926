"""Conformance suite plumbing: a closing line that says how much was played and checked.

Tests record their counts with `record_property`; the properties travel with the test reports
(also from pytest-xdist workers), so the controller can add them up."""

from __future__ import annotations

from collections import Counter

_LABELS = {
    "checked_games": "games checked at every step",
    "checked_steps": "steps checked in full",
    "batch_games": "games with cheap checks",
    "batch_steps": "steps with cheap checks",
    "secret_samples": "determinisations compared",
}


def pytest_terminal_summary(terminalreporter):
    totals: Counter = Counter()
    for report in terminalreporter.stats.get("passed", []):
        if report.when != "call":
            continue
        for name, value in getattr(report, "user_properties", []):
            if name in _LABELS:
                totals[name] += value
    if totals:
        terminalreporter.write_sep("-", "conformance")
        for name, label in _LABELS.items():
            if totals[name]:
                terminalreporter.write_line(f"{totals[name]:>8} {label}")
