"""The `cryptarena` command: play, simulate, bench, rules, replay.

Each command is thin: it parses arguments and calls the module that does the work.
"""

from __future__ import annotations

from typing import List, Optional

import typer

from . import games

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Crypt Arena: play tabletop games against bots, simulate them at scale.")


def parse_options(game_id: str, pairs: list[str] | None, players: int | None = None) -> dict:
    """`-o name=value` pairs, typed by the game's options schema and checked by the game (against
    the player count too, when given)."""
    game = games.load(game_id)
    schema = {opt["name"]: opt for opt in game.options_schema()}
    options: dict = {}
    for pair in pairs or []:
        name, sep, raw = pair.partition("=")
        if not sep:
            raise typer.BadParameter(f"option {pair!r} must look like name=value")
        if name not in schema:
            raise typer.BadParameter(f"unknown option {name!r} for {game_id}; known: {', '.join(schema)}")
        kind = schema[name]["type"]
        if kind == "int":
            try:
                options[name] = int(raw)
            except ValueError:
                raise typer.BadParameter(f"option {name!r} needs an integer, got {raw!r}") from None
        elif kind == "bool":
            if raw.lower() not in ("true", "false", "1", "0", "yes", "no"):
                raise typer.BadParameter(f"option {name!r} needs true or false, got {raw!r}")
            options[name] = raw.lower() in ("true", "1", "yes")
        else:
            options[name] = raw
    if players is not None:
        try:
            game.check_players(players)
        except games.OptionError as exc:
            raise typer.BadParameter(exc.reason, param_hint="--players") from None
    try:
        game.check_table(players, options)
    except games.OptionError as exc:
        raise typer.BadParameter(exc.reason, param_hint="--option") from None
    return options


def _check_game(game_id: str) -> str:
    if game_id not in games.ids():
        raise typer.BadParameter(f"unknown game {game_id!r}; known games: {', '.join(games.ids())}")
    return game_id


GameArg = typer.Argument(..., help="game id, e.g. crypt", callback=_check_game)
OptionsOpt = typer.Option(None, "--option", "-o", help="table option name=value (repeatable)")


@app.command()
def play(game_id: str = GameArg,
         players: int = typer.Option(3, "--players", "-p", help="number of seats"),
         seat: int = typer.Option(0, help="your seat (0 = first Leader)"),
         bots: str = typer.Option(None, help="agent for the other seats: easy, medium, hard (search), expert (where the game has one) or an agent's name (default: medium)"),
         seed: Optional[int] = typer.Option(None, help="seed (random if omitted)"),
         option: Optional[List[str]] = OptionsOpt,
         delay: Optional[float] = typer.Option(None, min=0, help="seconds to pause after each bot "
                                               "move (default 0.3 at a terminal, 0 when input is piped)")) -> None:
    """Play in the terminal against bots ("greedy,random" seats a different bot per seat)."""
    from .terminal import play_game
    play_game(game_id, players=players, seat=seat, bots=bots, seed=seed,
              options=parse_options(game_id, option, players), delay=delay)


@app.command()
def simulate(game_id: str = GameArg,
             players: int = typer.Option(..., "--players", "-p", help="number of seats"),
             games_: int = typer.Option(1000, "--games", "-n", help="number of games"),
             agents: str = typer.Option("random", help="comma-separated agents, seated in turn and "
                                        "rotated one seat per game; repeat a name to weight it"),
             seed: int = typer.Option(0, help="base seed: game g is dealt with a seed derived from (seed, g)"),
             jobs: int = typer.Option(1, help="worker processes, or Ray tasks at a time with --backend ray "
                                      "(same results for the same seed)"),
             backend: str = typer.Option("local", help="local (this machine's processes) or ray (Ray "
                                         "tasks; needs pip install 'cryptarena\\[cluster]')"),
             address: Optional[str] = typer.Option(None, help="with --backend ray: the Ray cluster to use "
                                                   "(e.g. auto, or ray://host:10001); default: start a local one"),
             as_json: bool = typer.Option(False, "--json", help="print the figures as JSON (no progress bar)"),
             plot: Optional[str] = typer.Option(None, help="also write a PNG figure of the results to this file"),
             batch: bool = typer.Option(False, "--batch", help="play the games as arrays, many at once (Midas, "
                                        "Quartz; agents random and the game's bot: docs/batch.md)"),
             array_backend: str = typer.Option("auto", "--array-backend", help="with --batch: auto (numba "
                                               "where installed, else numpy), numpy, numba, or jax (needs pip install "
                                               "jax)"),
             option: Optional[List[str]] = OptionsOpt) -> None:
    """Play many seeded games between agents and report win rates, scores and lengths.

    Seating rotates: in game g, seat i is played by agents[(i + g) % len(agents)].

    A game with k winners gives each 1/k of a win; a lost solo game gives none. 95% Wilson intervals.
    """
    from .ai.simulate import simulate_command
    simulate_command(game_id, players=players, games=games_, agents=agents.split(","), seed=seed,
                     jobs=jobs, as_json=as_json, options=parse_options(game_id, option, players), plot=plot,
                     backend=backend, address=address, batch=batch, array_backend=array_backend)


@app.command()
def ladder(game_id: str = GameArg,
           players: int = typer.Option(..., "--players", "-p", help="number of seats"),
           games_: int = typer.Option(2, "--games", "-n", min=1, help="games per line-up (each rotates the seats)"),
           agents: Optional[str] = typer.Option(None, help="comma-separated agents (default: the three levels "
                                                "and every other agent of the game)"),
           seed: int = typer.Option(0, help="base seed: every game is a function of it"),
           json_path: Optional[str] = typer.Option(None, "--json", help="also write the ladder as JSON here"),
           plot: Optional[str] = typer.Option(None, help="also write a PNG of the ratings (mu ± 2 sigma) here"),
           markdown: bool = typer.Option(False, "--markdown", help="print the table as Markdown"),
           jobs: int = typer.Option(1, min=1, help="worker processes (the same ladder for any number)"),
           option: Optional[List[str]] = OptionsOpt) -> None:
    """A round robin of every agent and level, rated with OpenSkill (Plackett-Luce), best first."""
    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table

    from .ai.agents import make_agent
    from .ai.ladder import dump, run_ladder, to_markdown, write_plot
    _check_game(game_id)
    game = games.load(game_id)
    names = [n.strip() for n in agents.split(",") if n.strip()] if agents else None
    try:
        game.check_players(players)
        for name in names or []:
            make_agent(name, game)
    except (ValueError, games.OptionError) as exc:
        raise typer.BadParameter(str(exc)) from None
    options = parse_options(game_id, option, players)
    err = Console(stderr=True)
    with Progress(console=err, transient=True) as bar:
        task = bar.add_task(f"{game_id} ladder", total=None)
        result = run_ladder(game_id, players, games=games_, seed=seed, agents=names, options=options, jobs=jobs,
                            progress=lambda done, total: bar.update(task, completed=done, total=total))
    if json_path:
        dump(result, json_path)
    if plot:
        write_plot(result, plot)
    if markdown:
        typer.echo(to_markdown(result))
        return
    table = Table(title=f"{game.name}, {players} players: {result.played} games, {result.matches} line-ups, "
                        f"seed {seed}")
    for column in ("rank", "agent", "mu", "sigma", "mu - 3 sigma", "games", "win rate"):
        table.add_column(column, justify="left" if column == "agent" else "right")
    for i, e in enumerate(result.entries):
        table.add_row(str(i + 1), e.agent, f"{e.mu:.2f}", f"{e.sigma:.2f}", f"{e.ordinal:.2f}", str(e.games),
                      f"{e.wins / e.games:.1%}" if e.games else "-")
    Console().print(table)


@app.command()
def bench(game: Optional[List[str]] = typer.Option(None, "--game", "-g", help="only these games"),
          runs: int = typer.Option(5, min=1, help="runs per measurement (median reported)"),
          seconds: float = typer.Option(1.0, min=0.001, help="seconds per run"),
          as_json: bool = typer.Option(False, "--json", help="print the figures as JSON"),
          with_log: bool = typer.Option(False, "--with-log", help="time our games with their readable log "
                                        "written (by default they play as simulate does, without it)"),
          ai: bool = typer.Option(True, "--ai/--no-ai", help="also measure ISMCTS iterations/s and the RL "
                                  "adapters' cost per step (not with --json)"),
          batch: bool = typer.Option(True, "--batch/--no-batch", help="also measure the batched simulator's "
                                     "games/s against the scalar engine's (not with --json)")) -> None:
    """Random-playout throughput of every game, beside OpenSpiel's when installed."""
    from .bench import bench_command
    for game_id in game or []:
        _check_game(game_id)
    bench_command(list(dict.fromkeys(game)) if game else games.ids(), runs=runs, seconds=seconds,
                  as_json=as_json, keep_log=with_log, ai=ai, batch=batch)


@app.command()
def serve(host: str = typer.Option("127.0.0.1", help="address to listen on"),
          port: int = typer.Option(8000, help="port"),
          db: str = typer.Option("sqlite:///data/cryptarena.db", help="database URL (SQLite file or "
                                 "postgresql+psycopg://...)"),
          bot_delay: float = typer.Option(0.4, min=0, help="seconds a bot 'thinks' before it moves"),
          redis: str = typer.Option(None, "--redis", help="Redis URL (redis://127.0.0.1:6379/0): fan table "
                                    "updates out to the other server processes on the same database"),
          secret_key: str = typer.Option(None, "--secret-key", envvar="CRYPTARENA_SECRET_KEY",
                                         help="key signing the session cookies; give every process behind one "
                                         "load balancer the same (default: kept beside the SQLite file)"),
          grace: float = typer.Option(60.0, min=0.1, help="seconds a seated person may be disconnected from a "
                                      "game in play before a bot plays for them (they can take the seat back)"),
          bot_think: float = typer.Option(2.0, min=0.05, help="the most seconds a hard (search) bot thinks over "
                                          "one decision"),
          bot_processes: int = typer.Option(1, min=1, help="worker processes the hard bots think in, beside "
                                            "the server's own (one per spare core)"),
          reviews: int = typer.Option(1, min=0, help="game reviews this process runs at once, each in a worker "
                                      "process of its own (0: none here; other processes take them)"),
          socket_rate: float = typer.Option(20.0, min=0.1, help="messages per second each table socket may send "
                                            "(a bucket of twice that absorbs bursts)"),
          log_format: str = typer.Option("text", "--log-format", help="log lines as json (one object a line, "
                                         "for a log shipper) or text"),
          secure_cookies: bool = typer.Option(False, "--secure-cookies", envvar="CRYPTARENA_SECURE_COOKIES",
                                              help="send the session cookie over HTTPS only (behind TLS)"),
          forwarded_allow_ips: str = typer.Option("127.0.0.1", "--forwarded-allow-ips",
                                                  envvar="FORWARDED_ALLOW_IPS",
                                                  help="proxies whose X-Forwarded-For names the client (comma-"
                                                  "separated; the sign-in brake counts per client address)"),
          heap_freeze: float = typer.Option(1.0, min=0, help="seconds between moving long-lived objects out of "
                                            "the cycle collector's way, so it never pauses the server for long "
                                            "(0: Python's default collector)"),
          ws_compression: bool = typer.Option(True, "--ws-compression/--no-ws-compression",
                                              help="compress table socket messages (permessage-deflate): fewer "
                                              "bytes, more server CPU (docs/deploy.md)"),
          smtp: str = typer.Option(None, "--smtp", envvar="CRYPTARENA_SMTP",
                                   help="SMTP server for notification mails: smtp://user:password@host:port "
                                   "(?starttls=1) or smtps://... (default: each mail is a file in --mail-dir)"),
          mail_from: str = typer.Option("Crypt Arena <noreply@localhost>", "--mail-from",
                                        help="the From of notification mails"),
          public_url: str = typer.Option("http://127.0.0.1:8000", "--public-url",
                                         help="the address people reach the server at: links in mails start with it"),
          mail_dir: str = typer.Option(None, "--mail-dir", help="without --smtp, the folder mails are written to as "
                                       ".eml files (default: mail/ beside the SQLite file, else data/mail)")) -> None:
    """Serve the lobby and the tables (HTTP + WebSocket) on http://HOST:PORT.

    Operations: GET /healthz (database check), GET /metrics (Prometheus), logs on stderr.
    """
    if log_format not in ("json", "text"):
        raise typer.BadParameter("must be json or text", param_hint="--log-format")
    import uvicorn

    from .server.app import create_app
    from .server.logs import configure_logging
    from .server.notify import MailerError, default_mail_dir, mailer_for
    configure_logging(log_format)
    try:  # a bad --smtp is said now, not at the first mail; describe() never shows the password
        mailer = mailer_for(smtp, mail_from, mail_dir or default_mail_dir(db))
    except MailerError as exc:
        raise typer.BadParameter(str(exc), param_hint="--smtp") from None
    if db.startswith("sqlite") and redis:
        typer.echo("note: several processes on one SQLite file work, but PostgreSQL is the multi-process "
                   "database (docs/deploy.md)", err=True)
    from sqlalchemy.engine import make_url
    shown_db = make_url(db).render_as_string(hide_password=True)  # a database password is not printed either
    typer.echo(f"Crypt Arena on http://{host}:{port}  (database {shown_db}{', bus ' + redis if redis else ''}; "
               f"{mailer.describe()}; links in mails start {public_url})")
    # log_config=None: uvicorn keeps our handlers; access_log off: our middleware logs each request
    uvicorn.run(create_app(db, bot_delay=bot_delay, redis_url=redis, secret_key=secret_key, socket_rate=socket_rate,
                           socket_burst=max(1, round(2 * socket_rate)), grace=grace, bot_think=bot_think,
                           bot_processes=bot_processes, secure_cookies=secure_cookies,
                           heap_interval=heap_freeze, smtp_url=smtp, mail_from=mail_from, public_url=public_url,
                           mail_dir=mail_dir, reviews=reviews), host=host, port=port, log_level="info", log_config=None,
                proxy_headers=True, forwarded_allow_ips=forwarded_allow_ips, ws_per_message_deflate=ws_compression,
                access_log=False)


@app.command()
def rules(game_id: str = GameArg,
          lang: str = typer.Option("en", "--lang", help="the rules in en, fr or zh")) -> None:
    """Print a game's rules summary and its options."""
    from .engine.messages import LANGUAGES
    from .terminal import rules_command
    if lang not in LANGUAGES:
        raise typer.BadParameter(f"must be one of {', '.join(LANGUAGES)}", param_hint="--lang")
    rules_command(game_id, lang)


@app.command()
def replay(path: str = typer.Argument(..., help="a saved game (JSON from to_json or a replay file)")) -> None:
    """Replay a saved game and print its final position and scores."""
    from .terminal import replay_command
    replay_command(path)


@app.command()
def review(path: str = typer.Argument(..., help="a replay file (a table's replay-file download) or a save"),
           seat: Optional[List[int]] = typer.Option(None, "--seat", "-s", help="review this seat (repeatable; "
                                                    "default: every seat)"),
           reviewer: str = typer.Option("hard", help="the bot that reviews: hard, or expert where a game has one"),
           worlds: int = typer.Option(24, min=4, help="worlds each compared move is played on"),
           think: float = typer.Option(1.0, min=0.01, help="seconds the reviewer thinks over each decision"),
           json_path: Optional[str] = typer.Option(None, "--json", help="write the reviews (a list, one per seat) "
                                                   "as JSON here"),
           plot: Optional[str] = typer.Option(None, help="write a PNG chart of each seat's chance to win")) -> None:
    """Review a finished game: each seat's decisions against a stronger bot's, the chance to win each
    move gave up (judged on worlds drawn from that seat's view only), the biggest swings first."""
    from .ai.review import Limits
    from .terminal_review import review_command
    review_command(path, seat, reviewer, Limits(think=think, worlds=worlds, seconds=None), json_path, plot)


@app.command()
def ratings(db: str = typer.Option("sqlite:///data/cryptarena.db", help="the server's database URL"),
            write: bool = typer.Option(False, "--write", help="replace the stored ratings with the rebuilt ones")) -> None:
    """Rebuild every rating from the game history (each rated result in order, from the default rating)
    and compare it with the stored ratings; exit 1 if they differ (and --write was not given)."""
    from .server.records import rate_pending, rebuild
    from .server.store import Store

    store = Store(db)
    try:
        pending = rate_pending(store.engine)
        found = rebuild(store.engine, write=write)
    finally:
        store.close()
    typer.echo(f"{found['results']} rated results, {found['ratings']} ratings rebuilt"
               + (f"; {pending} results were waiting to be rated and now are" if pending else ""))
    for d in found["differences"]:
        typer.echo(f"  differs: {d['key']} {d['game']} {d['class']}: rebuilt {d['rebuilt']}, stored {d['stored']}")
    if found["differences"] and not write:
        typer.echo(f"{len(found['differences'])} ratings differ from the history (--write replaces them)")
        raise typer.Exit(1)
    typer.echo("the stored ratings agree with the history" if not found["differences"]
               else "the stored ratings were replaced by the rebuilt ones")


def main() -> None:  # pragma: no cover - console entry
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
