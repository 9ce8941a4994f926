"""Game history and ratings.

`record_result` runs inside the transaction that stores a table's last move, so a finished table
always has its result row and never two: its players (people by player id, bots by level), scores,
winners, options and length. `rate_pending` then folds the results nobody has rated yet into the
ratings, strictly in `results.seq` order and one pass at a time (a transaction-scoped advisory lock
on PostgreSQL; on SQLite the pass's first statement is a write, which takes the database's one write
lock), so
`rebuild` — every rated result again from the default rating, in the same order — gives exactly
the stored ratings. A result keeps each seat's rating before and after, which profiles show.

Ratings: OpenSkill's Plackett–Luce model (mu 25, sigma 25/3; shown and ordered by the conservative
mu − 3 sigma), one rating per player per game and player-count class: "2" (two players) and "3+"
(three or more); a solo table is recorded but not rated. Sides are ranked winners first, then by
score (equal score: a tie); a team game's side is its team (Crusade), rated as one team. Keys:
`player:<id>` for a person, `bot:<agent>` for a bot level on the same scale. A person a bot stood
in for (they left, or their clock ran out) is rated for the result: leaving does not dodge a loss;
the stand-in is not rated. A person the table voted out (out of time at a turn-based table) is
ranked last whatever their score, as a side of their own: their loss, not their team's result. A seat of a person without an identity (a companion table's seat) plays
with the default rating and is not stored. Several seats holding one key (three medium bots) each
rate from the key's rating; the key moves by the sum of their changes and keeps the smallest sigma.
A table created unrated (friendly) is recorded with rated false and changes nobody's rating.
"""

from __future__ import annotations

import json
from collections import defaultdict
from datetime import datetime

from openskill.models import PlackettLuce
from sqlalchemy import case, func, insert, select, text, update
from sqlalchemy.engine import Connection, Engine

from .schema import now as _now, ratings, result_seats, results, seats, tables

MODEL = PlackettLuce()
MU, SIGMA = MODEL.mu, MODEL.sigma


def rating_class(players: int) -> str | None:
    return None if players < 2 else "2" if players == 2 else "3+"


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3 * sigma


def players_side(seat: int, side_of: dict, expelled: set) -> int:
    """The side a seat is rated on: its team's, its own seat's, or for a person voted out a side of its
    own numbered past every seat."""
    return 1000 + seat if seat in expelled else side_of.get(seat, seat)


def record_result(conn: Connection, table_id: str, state, now: datetime) -> None:
    """The finished table's result, in the caller's transaction (the one storing its last move)."""
    if conn.execute(select(results.c.seq).where(results.c.table_id == table_id)).first() is not None:
        return
    table = conn.execute(select(tables.c.game_id, tables.c.rated, tables.c.options)
                         .where(tables.c.id == table_id)).one()
    seat_rows = {r.seat: r for r in conn.execute(select(seats).where(seats.c.table_id == table_id))}
    teams = state.game.seat_teams(state.players, state.options)
    side_of = {}
    if teams:
        order = list(dict.fromkeys(teams))
        side_of = {seat: order.index(team) for seat, team in enumerate(teams)}
    winners = list(state.winners())
    expelled = {seat for seat, row in seat_rows.items() if row.kind == "human" and row.away == "expelled"}
    cls = rating_class(state.players)
    rated = bool(table.rated) and cls is not None
    seq = conn.execute(insert(results).values(
        table_id=table_id, game_id=table.game_id, players=state.players, options=table.options,
        moves=len(state.history), winners=json.dumps(winners), rated=rated, rating_class=cls,
        rating_done=not rated, finished_at=now)).inserted_primary_key[0]
    rows = []
    for seat, score in enumerate(state.scores()):
        row = seat_rows.get(seat)
        kind = row.kind if row else "empty"
        person = row.player_id if row is not None and kind == "human" else None
        key = f"player:{person}" if person else f"bot:{row.agent}" if kind == "bot" and row.agent else None
        rows.append({"seq": seq, "seat": seat, "player_id": person, "kind": kind,
                     "agent": row.agent if row is not None and kind == "bot" else None,
                     "name": row.name if row is not None else None,
                     # an expelled person is a side of their own (ranked last): their team's result is not theirs
                     "side": players_side(seat, side_of, expelled), "expelled": seat in expelled,
                     "total": float(score["total"]), "won": seat in winners and seat not in expelled,
                     "stood_in": bool(row.stood_in) if row is not None else False,
                     "rating_key": key if rated else None})
    conn.execute(insert(result_seats), rows)


def _lock(conn: Connection) -> None:
    """One rating pass at a time across processes: they must fold results in `seq` order."""
    if conn.dialect.name == "postgresql":
        conn.execute(text("SELECT pg_advisory_xact_lock(hashtext('cryptarena-ratings:' || current_schema()))"))
    else:  # SQLite: the first write takes the database's one write lock until the commit
        conn.execute(update(results).where(results.c.seq == -1).values(rating_done=True))


def rate_game(current: dict, seat_rows: list) -> dict[int, tuple[float, float]]:
    """Each seat's (mu, sigma) after one game, from `current[key] = (mu, sigma)`."""
    by_side = defaultdict(list)
    for r in seat_rows:
        by_side[r["side"]].append(r)
    sides = sorted(by_side)
    # a person the table voted out is last, below every loser, whatever their score
    standing = {side: (any(r.get("expelled") for r in by_side[side]), not any(r["won"] for r in by_side[side]),
                       -max(r["total"] for r in by_side[side])) for side in sides}
    distinct = sorted(set(standing.values()))
    ranks = [distinct.index(standing[side]) for side in sides]
    teams = [[MODEL.rating(*current.get(r["rating_key"], (MU, SIGMA))) for r in by_side[side]] for side in sides]
    new = MODEL.rate(teams, ranks=ranks)
    out = {}
    for side, team in zip(sides, new):
        for r, rating in zip(by_side[side], team):
            out[r["seat"]] = (rating.mu, rating.sigma)
    return out


def _fold(current: dict, result: dict, seat_rows: list) -> dict[int, tuple]:
    """Apply one result to `current` (key -> (mu, sigma, games, wins, name)); each seat's before/after."""
    state = {k: v[:2] for k, v in current.items()}
    after = rate_game(state, seat_rows)
    moves: dict[str, list] = defaultdict(list)
    changes = {}
    for r in seat_rows:
        key = r["rating_key"]
        if key is None:
            continue
        mu0, sigma0 = state.get(key, (MU, SIGMA))
        mu1, sigma1 = after[r["seat"]]
        moves[key].append((mu1 - mu0, sigma1, r["won"], r["name"]))
        changes[r["seat"]] = (mu0, sigma0)
    for key, found in moves.items():
        mu0, sigma0, games, wins, name = current.get(key, (MU, SIGMA, 0, 0, None))
        current[key] = (mu0 + sum(m[0] for m in found), min(m[1] for m in found), games + 1,
                        wins + (1 if any(m[2] for m in found) else 0), found[0][3] or name)
    key_of = {r["seat"]: r["rating_key"] for r in seat_rows}
    return {seat: (*before, *current[key_of[seat]][:2]) for seat, before in changes.items()}


def rate_pending(engine: Engine) -> int:
    """Fold every finished, rated, not yet rated result into the ratings, in `seq` order. Returns how many."""
    done = 0
    with engine.begin() as conn:
        _lock(conn)
        pending = conn.execute(select(results).where(results.c.rating_done.is_(False))
                               .order_by(results.c.seq)).all()
        for result in pending:
            seat_rows = [dict(r._mapping) for r in conn.execute(
                select(result_seats).where(result_seats.c.seq == result.seq).order_by(result_seats.c.seat))]
            keys = {r["rating_key"] for r in seat_rows if r["rating_key"]}
            stored = conn.execute(select(ratings).where(ratings.c.rating_key.in_(keys),
                                                        ratings.c.game_id == result.game_id,
                                                        ratings.c.rating_class == result.rating_class)).all()
            current = {r.rating_key: (r.mu, r.sigma, r.games, r.wins, r.name) for r in stored}
            known = set(current)
            changes = _fold(current, dict(result._mapping), seat_rows)
            now = _now()
            for key in keys:
                mu, sigma, games, wins, name = current[key]
                values = dict(mu=mu, sigma=sigma, games=games, wins=wins, name=name, updated_at=now)
                if key in known:
                    conn.execute(update(ratings).where(ratings.c.rating_key == key,
                                                       ratings.c.game_id == result.game_id,
                                                       ratings.c.rating_class == result.rating_class).values(**values))
                else:
                    conn.execute(insert(ratings).values(rating_key=key, game_id=result.game_id,
                                                        rating_class=result.rating_class, **values))
            for seat, (mu0, sigma0, mu1, sigma1) in changes.items():
                conn.execute(update(result_seats).where(result_seats.c.seq == result.seq, result_seats.c.seat == seat)
                             .values(mu_before=mu0, sigma_before=sigma0, mu_after=mu1, sigma_after=sigma1))
            conn.execute(update(results).where(results.c.seq == result.seq).values(rating_done=True))
            done += 1
    return done


def rebuild(engine: Engine, *, write: bool = False) -> dict:
    """Every rated result again, in `seq` order, from the default rating. Returns the ratings it
    finds and how they differ from the stored ones (`differences`: none when the store is right);
    `write` replaces the stored ratings (and each seat's before/after) with the rebuilt ones."""
    with engine.begin() as conn:
        _lock(conn)
        finished = conn.execute(select(results).where(results.c.rated.is_(True), results.c.rating_done.is_(True))
                                .order_by(results.c.seq)).all()
        by_seq = defaultdict(list)
        for r in conn.execute(select(result_seats).order_by(result_seats.c.seq, result_seats.c.seat)):
            by_seq[r.seq].append(dict(r._mapping))
        tables_of: dict[tuple, dict] = defaultdict(dict)
        seat_changes = {}
        for result in finished:
            current = tables_of[(result.game_id, result.rating_class)]
            for seat, change in _fold(current, dict(result._mapping), by_seq[result.seq]).items():
                seat_changes[(result.seq, seat)] = change
        rebuilt = {(key, game, cls): v for (game, cls), found in tables_of.items() for key, v in found.items()}
        stored = {(r.rating_key, r.game_id, r.rating_class): (r.mu, r.sigma, r.games, r.wins, r.name)
                  for r in conn.execute(select(ratings))}
        differences = []
        for where in sorted(set(rebuilt) | set(stored)):
            a, b = rebuilt.get(where), stored.get(where)
            if a is None or b is None or abs(a[0] - b[0]) > 1e-9 or abs(a[1] - b[1]) > 1e-9 or a[2:4] != b[2:4]:
                differences.append({"key": where[0], "game": where[1], "class": where[2],
                                    "rebuilt": a[:4] if a else None, "stored": b[:4] if b else None})
        if write:
            conn.execute(ratings.delete())
            now = _now()
            if rebuilt:
                conn.execute(insert(ratings), [{"rating_key": k, "game_id": g, "rating_class": c, "mu": v[0],
                                                "sigma": v[1], "games": v[2], "wins": v[3], "name": v[4],
                                                "updated_at": now} for (k, g, c), v in rebuilt.items()])
            for (seq, seat), (mu0, sigma0, mu1, sigma1) in seat_changes.items():
                conn.execute(update(result_seats).where(result_seats.c.seq == seq, result_seats.c.seat == seat)
                             .values(mu_before=mu0, sigma_before=sigma0, mu_after=mu1, sigma_after=sigma1))
    return {"results": len(finished), "ratings": len(rebuilt), "differences": differences}


# ---------------------------------------------------------------------- reading the history
def _result_json(result, seat_rows: list) -> dict:
    return {"table": result.table_id, "game": result.game_id, "players": result.players,
            "moves": result.moves, "rated": result.rated, "rating_class": result.rating_class,
            "finished_at": result.finished_at.isoformat() if result.finished_at else None,
            "winners": json.loads(result.winners), "replay_url": f"/replay/{result.table_id}",
            "seats": [{"seat": r.seat, "kind": r.kind, "name": r.name, "agent": r.agent, "player": r.player_id,
                       "total": r.total, "won": r.won, "stood_in": r.stood_in, "expelled": r.expelled,
                       "rating": None if r.mu_after is None else {
                           "before": ordinal(r.mu_before, r.sigma_before), "after": ordinal(r.mu_after, r.sigma_after),
                           "mu": r.mu_after, "sigma": r.sigma_after}} for r in seat_rows]}


def results_of(engine: Engine, player_id: str | None = None, *, limit: int = 20, table_id: str | None = None) -> list:
    """The latest finished tables (of one player, or one table), newest first, with their seats."""
    query = select(results).order_by(results.c.seq.desc()).limit(limit)
    if player_id is not None:
        query = query.where(results.c.seq.in_(select(result_seats.c.seq).where(result_seats.c.player_id == player_id)))
    if table_id is not None:
        query = query.where(results.c.table_id == table_id)
    with engine.connect() as conn:
        found = conn.execute(query).all()
        seqs = [r.seq for r in found]
        by_seq = defaultdict(list)
        if seqs:
            for r in conn.execute(select(result_seats).where(result_seats.c.seq.in_(seqs))
                                  .order_by(result_seats.c.seq, result_seats.c.seat)):
                by_seq[r.seq].append(r)
    return [_result_json(r, by_seq[r.seq]) for r in found]


def profile(engine: Engine, player_id: str) -> dict:
    """Games played and won per game, the ratings, the latest results."""
    with engine.connect() as conn:
        counts = conn.execute(
            select(results.c.game_id, func.count().label("played"),
                   func.sum(case((result_seats.c.won.is_(True), 1), else_=0)).label("won"))
            .select_from(results.join(result_seats, results.c.seq == result_seats.c.seq))
            .where(result_seats.c.player_id == player_id).group_by(results.c.game_id)).all()
        rated = conn.execute(select(ratings).where(ratings.c.rating_key == f"player:{player_id}")).all()
    per_game = {r.game_id: {"game": r.game_id, "played": r.played, "won": int(r.won or 0), "ratings": []}
                for r in counts}
    for r in rated:
        entry = per_game.setdefault(r.game_id, {"game": r.game_id, "played": 0, "won": 0, "ratings": []})
        entry["ratings"].append({"class": r.rating_class, "rating": ordinal(r.mu, r.sigma), "mu": r.mu,
                                 "sigma": r.sigma, "games": r.games, "wins": r.wins})
    return {"games": sorted(per_game.values(), key=lambda e: e["game"]), "recent": results_of(engine, player_id)}


def leaderboard(engine: Engine, game_id: str, cls: str, *, limit: int = 100) -> list[dict]:
    with engine.connect() as conn:
        rows = conn.execute(select(ratings).where(ratings.c.game_id == game_id, ratings.c.rating_class == cls)).all()
    ranked = sorted(rows, key=lambda r: -ordinal(r.mu, r.sigma))[:limit]
    return [{"rank": i + 1, "key": r.rating_key, "kind": r.rating_key.split(":", 1)[0],
             "player": r.rating_key.split(":", 1)[1] if r.rating_key.startswith("player:") else None,
             "name": r.name or r.rating_key.split(":", 1)[1], "rating": ordinal(r.mu, r.sigma), "mu": r.mu,
             "sigma": r.sigma, "games": r.games, "wins": r.wins} for i, r in enumerate(ranked)]


def open_tables_of(engine: Engine, player_id: str) -> list[dict]:
    """Tables this player sits at that are not over: open ones to start, games to go back to."""
    with engine.connect() as conn:
        rows = conn.execute(select(tables.c.id, tables.c.game_id, tables.c.status, tables.c.players,
                                   tables.c.updated_at, seats.c.seat)
                            .select_from(tables.join(seats, tables.c.id == seats.c.table_id))
                            .where(seats.c.player_id == player_id, tables.c.status != "over",
                                   tables.c.tutorial.is_(None))
                            .order_by(tables.c.updated_at.desc()).limit(50)).all()
    return [{"table": r.id, "game": r.game_id, "status": r.status, "players": r.players, "seat": r.seat,
             "url": f"/table/{r.id}"} for r in rows]
