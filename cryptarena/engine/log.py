"""Log entries and their redaction.

An entry is {"seq", "seat", "action" | "chance", "msg", "params"}; its secret part, if any, sits
under "secret": {"to": [seats], "params": {...}, "chance": {...}} and is merged in only for the
seats listed. Every game writes secrets this way, so one generic function redacts them all.
"""

from __future__ import annotations


def entry_for(entry: dict, seat: int | None) -> dict:
    """What `seat` (None = spectator) may read of one entry."""
    secret = entry.get("secret")
    if secret is None:
        return entry
    shown = {k: v for k, v in entry.items() if k != "secret"}
    if seat is not None and seat in secret["to"]:
        if "params" in secret:
            shown["params"] = {**shown.get("params", {}), **secret["params"]}
        if "chance" in secret:
            shown["chance"] = {**shown.get("chance", {}), **secret["chance"]}
        if "action" in secret:
            shown["action"] = secret["action"]
    else:
        shown["redacted"] = True
    return shown


def entry_in_full(entry: dict) -> dict:
    """An entry with its secret part merged in, as the seats it was for read it: for a replay of a
    game that is over, which holds every secret anyway."""
    secret = entry.get("secret")
    if secret is None:
        return entry
    shown = {k: v for k, v in entry.items() if k != "secret"}
    for part in ("params", "chance"):
        if part in secret:
            shown[part] = {**shown.get(part, {}), **secret[part]}
    if "action" in secret:
        shown["action"] = secret["action"]
    return shown


def keep_for(entry: dict, seat: int | None) -> dict:
    """Like entry_for but keeps the secret marking for the secrets `seat` may read; used when a
    determinised copy inherits the log, so that it carries nothing the seat could not know."""
    secret = entry.get("secret")
    if secret is None or (seat is not None and seat in secret["to"]):
        return entry
    shown = {k: v for k, v in entry.items() if k != "secret"}
    shown["redacted"] = True
    return shown
